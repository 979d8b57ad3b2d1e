//! `lp studio`: serves the designer studio (the static files of `studio/`, the engine running in the page
//! as WebAssembly) on 127.0.0.1 only. A small HTTP/1.1 file server: GET and HEAD, nothing outside the
//! studio's folder (`..` segments, encoded or not, and symbolic links out of it are refused), one thread
//! a connection up to a cap (503 past it), the whole request head read within a time limit (408 past
//! it; 414 for a request line over 4 KiB, 431 for a head over 8 KiB), accept errors (out of file
//! descriptors) answered by waiting longer each time, stopped by Ctrl-C.

use crate::Done;
use clap::Args;
use std::io::{Read, Write};
use std::net::{Ipv4Addr, SocketAddr, TcpListener, TcpStream};
use std::path::{Component, Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

#[derive(Args)]
pub struct StudioArgs {
    /// The port on 127.0.0.1 (0: any free one).
    #[arg(long, default_value_t = 8421)]
    port: u16,
    /// The studio's folder (default: studio/ of this repository).
    #[arg(long)]
    dir: Option<PathBuf>,
    /// Connections served at once; more are answered 503 at once.
    #[arg(long, default_value_t = 64, value_parser = clap::value_parser!(u32).range(1..=4096))]
    max_connections: u32,
    /// Seconds a client has to send its whole request head (408 after).
    #[arg(long, default_value_t = 10, value_parser = clap::value_parser!(u32).range(1..=600))]
    head_timeout: u32,
}

/// The longest request line (414 past it) and request head (431 past it).
const MAX_LINE: usize = 4096;
const MAX_HEAD: usize = 8192;
/// The waits after failed accepts (out of file descriptors, say): doubling from the first to the last.
const FIRST_BACKOFF: Duration = Duration::from_millis(10);
const LAST_BACKOFF: Duration = Duration::from_secs(1);

pub fn studio(args: StudioArgs) -> Done {
    let repository = Path::new(env!("CARGO_MANIFEST_DIR"));
    if args.dir.is_none() {
        build_engine_if_stale(repository)?;
    }
    let dir = args.dir.unwrap_or_else(|| repository.join("studio"));
    let root = dir.canonicalize().map_err(|e| format!("cannot open the studio folder {}: {e}", dir.display()))?;
    if !root.join("lphint/lphint.wasm").exists() {
        return Err(format!(
            "{} has no lphint/lphint.wasm: build it with scripts/build-wasm.sh (it copies the JavaScript package \
             and the module there)",
            root.display()
        )
        .into());
    }
    let listener = TcpListener::bind((Ipv4Addr::LOCALHOST, args.port))
        .map_err(|e| format!("cannot listen on 127.0.0.1:{}: {e}", args.port))?;
    let address = listener.local_addr().map_err(|e| e.to_string())?;
    println!("lphint studio: http://{address}/ (serving {}; Ctrl-C stops)", root.display());
    let active = Arc::new(AtomicUsize::new(0));
    let (cap, head_time) = (args.max_connections as usize, Duration::from_secs(args.head_timeout.into()));
    let mut backoff = Duration::ZERO;
    loop {
        let stream = match listener.accept() {
            Ok((stream, _)) => stream,
            Err(e) => {
                // Out of file descriptors, say: retrying at once would spin; wait longer each time.
                backoff = (backoff * 2).clamp(FIRST_BACKOFF, LAST_BACKOFF);
                if backoff == FIRST_BACKOFF {
                    eprintln!("lp studio: cannot accept a connection ({e}); waiting");
                }
                std::thread::sleep(backoff);
                continue;
            }
        };
        backoff = Duration::ZERO;
        if active.fetch_add(1, Ordering::SeqCst) >= cap {
            active.fetch_sub(1, Ordering::SeqCst);
            busy(stream);
            continue;
        }
        let (root, done) = (root.clone(), Arc::clone(&active));
        let spawned = std::thread::Builder::new().spawn(move || {
            let mut stream = stream;
            serve(&mut stream, &root, head_time);
            // The place is given back before the socket closes: a client that has read its whole answer
            // (up to the close) and connects again must find it free.
            done.fetch_sub(1, Ordering::SeqCst);
            drop(stream);
        });
        if spawned.is_err() {
            active.fetch_sub(1, Ordering::SeqCst);
        }
    }
}

/// Answers a connection past the cap with 503, without a thread and without reading its request.
fn busy(mut stream: TcpStream) {
    let _ = stream.set_write_timeout(Some(Duration::from_millis(100)));
    respond(&mut stream, 503, "text/plain", b"busy: too many connections", true);
}

/// Runs `scripts/build-wasm.sh` when the studio's copy of the engine is missing or older than a source
/// file of the library or the JS package, so that `cargo lp studio` works on a fresh checkout.
fn build_engine_if_stale(repository: &Path) -> Result<(), String> {
    let module = repository.join("studio/lphint/lphint.wasm");
    let built = std::fs::metadata(&module).and_then(|m| m.modified()).ok();
    let newest = [repository.join("src"), repository.join("bindings/js")].iter().filter_map(|d| newest_in(d)).max();
    if built.is_some() && built >= newest {
        return Ok(());
    }
    let why = if built.is_none() { "is not built yet" } else { "is older than the library's sources" };
    // A fresh checkout builds the whole library for WebAssembly: minutes, said before they start.
    println!(
        "lp studio: the browser engine (studio/lphint/lphint.wasm) {why}: building it with cargo \
         (scripts/build-wasm.sh; about 1 to 3 minutes the first time, seconds after a change); cargo's \
         progress follows, then the studio serves"
    );
    let status = std::process::Command::new("bash")
        .arg(repository.join("scripts/build-wasm.sh"))
        .status()
        .map_err(|e| format!("cannot run scripts/build-wasm.sh: {e}"))?;
    status.success().then_some(()).ok_or_else(|| "scripts/build-wasm.sh failed (see above)".into())
}

/// The latest modification time of the files under `dir` (the built module itself left out).
fn newest_in(dir: &Path) -> Option<std::time::SystemTime> {
    std::fs::read_dir(dir)
        .ok()?
        .flatten()
        .filter_map(|entry| {
            let path = entry.path();
            if path.is_dir() {
                newest_in(&path)
            } else if path.extension().is_some_and(|e| e == "wasm") {
                None
            } else {
                entry.metadata().and_then(|m| m.modified()).ok()
            }
        })
        .max()
}

/// Answers one request on `stream`, whose head must arrive within `head_time`.
fn serve(stream: &mut TcpStream, root: &Path, head_time: Duration) {
    // Bound to the loopback address, so only local peers can reach us; refuse any other all the same.
    if !stream.peer_addr().is_ok_and(|peer: SocketAddr| peer.ip().is_loopback()) {
        return;
    }
    let _ = stream.set_write_timeout(Some(head_time));
    let (method, target) = match request_line(stream, Instant::now() + head_time) {
        Ok(request) => request,
        Err(status) => {
            respond(stream, status, "text/plain", reason(status).as_bytes(), true);
            // The client may still be sending what was refused: closing with it unread would reset the
            // connection, and the client would lose the answer.
            return close_after_draining(stream);
        }
    };
    if method != "GET" && method != "HEAD" {
        return respond(stream, 405, "text/plain", b"only GET and HEAD", true);
    }
    match resolve(root, &target) {
        Ok(path) => match std::fs::read(&path) {
            Ok(body) => respond(stream, 200, content_type(&path), &body, method == "GET"),
            Err(_) => respond(stream, 404, "text/plain", b"not found", true),
        },
        Err(status) => respond(stream, status, "text/plain", b"refused", true),
    }
}

/// The method and target of the request line, once the whole head (up to its blank line) has arrived
/// by `deadline`: 408 when it has not, 414 for a request line over [`MAX_LINE`] bytes, 431 for a head
/// over [`MAX_HEAD`], 400 for one that is not a request.
fn request_line(stream: &mut TcpStream, deadline: Instant) -> Result<(String, String), u16> {
    let mut head = Vec::with_capacity(1024);
    let mut chunk = [0u8; 1024];
    let line_end = loop {
        if let Some(at) = head.iter().position(|&b| b == b'\n') {
            // The line's own length, whichever end it has (CRLF or LF).
            if at - usize::from(at > 0 && head[at - 1] == b'\r') > MAX_LINE {
                return Err(414);
            }
            // The size of the head itself, up to its blank line: what arrived with it in the last read
            // does not make it larger, nor does a read let a longer one through.
            match head_end(&head) {
                Some(end) if end <= MAX_HEAD => break at,
                Some(_) => return Err(431),
                None if head.len() > MAX_HEAD => return Err(431),
                None => {}
            }
        } else if head.len() > MAX_LINE + 1 {
            // Longer than a line and its CR, without its LF yet.
            return Err(414);
        }
        let left = deadline.saturating_duration_since(Instant::now());
        if left.is_zero() || stream.set_read_timeout(Some(left)).is_err() {
            return Err(408);
        }
        match stream.read(&mut chunk) {
            Ok(0) => return Err(400),
            Ok(n) => head.extend_from_slice(&chunk[..n]),
            Err(e) if matches!(e.kind(), std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut) => {
                return Err(408)
            }
            Err(_) => return Err(400),
        }
    };
    let line = std::str::from_utf8(&head[..line_end]).map_err(|_| 400u16)?;
    let mut parts = line.split_whitespace();
    match (parts.next(), parts.next()) {
        (Some(method), Some(target)) => Ok((method.to_string(), target.to_string())),
        _ => Err(400),
    }
}

/// Most bytes read and dropped after an answer, and for how long, before the connection is closed.
const DRAIN_BYTES: usize = 1 << 20;
const DRAIN_TIME: Duration = Duration::from_secs(2);

/// Closes `stream` gracefully after an answer sent before the whole request was read: ends the
/// sending side (the client sees the answer end), then reads and drops what the client still sends, up
/// to [`DRAIN_BYTES`] or [`DRAIN_TIME`], so that closing does not reset the connection (a reset can
/// discard the answer before the client reads it).
fn close_after_draining(stream: &mut TcpStream) {
    let _ = stream.flush();
    let _ = stream.shutdown(std::net::Shutdown::Write);
    let deadline = Instant::now() + DRAIN_TIME;
    let mut chunk = [0u8; 4096];
    let mut drained = 0;
    while drained < DRAIN_BYTES {
        let left = deadline.saturating_duration_since(Instant::now());
        if left.is_zero() || stream.set_read_timeout(Some(left)).is_err() {
            return;
        }
        match stream.read(&mut chunk) {
            Ok(0) | Err(_) => return,
            Ok(n) => drained += n,
        }
    }
}

/// Where the request head in `head` ends (after its empty line), if it has arrived whole.
fn head_end(head: &[u8]) -> Option<usize> {
    let crlf = head.windows(4).position(|w| w == b"\r\n\r\n").map(|at| at + 4);
    let lf = head.windows(2).position(|w| w == b"\n\n").map(|at| at + 2);
    match (crlf, lf) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, b) => a.or(b),
    }
}

/// The file a request target names under `root`: percent-decoded, the query dropped, `/` serving
/// `index.html`; 403 for anything that would leave the folder, 404 for what is not a file in it.
pub fn resolve(root: &Path, target: &str) -> Result<PathBuf, u16> {
    let path = target.split(['?', '#']).next().unwrap_or("");
    let decoded = percent_decode(path).ok_or(400u16)?;
    if !decoded.starts_with('/') || decoded.contains('\0') || decoded.contains('\\') {
        return Err(400);
    }
    let relative = Path::new(decoded.trim_start_matches('/'));
    if relative.components().any(|c| !matches!(c, Component::Normal(_))) {
        return Err(403);
    }
    let mut file = root.join(relative);
    if decoded.ends_with('/') || file.is_dir() {
        file = file.join("index.html");
    }
    // A symbolic link must not lead out of the folder either.
    let real = file.canonicalize().map_err(|_| 404u16)?;
    if !real.starts_with(root) {
        return Err(403);
    }
    real.is_file().then_some(real).ok_or(404)
}

/// `%XX` decoded (as UTF-8); None for a malformed escape or bytes that are not UTF-8.
fn percent_decode(text: &str) -> Option<String> {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' {
            let hex = std::str::from_utf8(bytes.get(i + 1..i + 3)?).ok()?;
            out.push(u8::from_str_radix(hex, 16).ok()?);
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    String::from_utf8(out).ok()
}

fn content_type(path: &Path) -> &'static str {
    match path.extension().and_then(|e| e.to_str()).unwrap_or("") {
        "html" => "text/html; charset=utf-8",
        "js" | "mjs" => "text/javascript; charset=utf-8",
        "css" => "text/css; charset=utf-8",
        "json" => "application/json",
        "wasm" => "application/wasm",
        "svg" => "image/svg+xml",
        "png" => "image/png",
        _ => "application/octet-stream",
    }
}

/// The reason phrase of `status`.
fn reason(status: u16) -> &'static str {
    match status {
        200 => "OK",
        400 => "Bad Request",
        403 => "Forbidden",
        404 => "Not Found",
        405 => "Method Not Allowed",
        408 => "Request Timeout",
        414 => "URI Too Long",
        431 => "Request Header Fields Too Large",
        _ => "Service Unavailable",
    }
}

fn respond(stream: &mut TcpStream, status: u16, kind: &str, body: &[u8], with_body: bool) {
    let reason = reason(status);
    let head = format!(
        "HTTP/1.1 {status} {reason}\r\nContent-Type: {kind}\r\nContent-Length: {}\r\nCache-Control: no-store\r\n\
         X-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n",
        body.len()
    );
    let _ = stream.write_all(head.as_bytes());
    if with_body {
        let _ = stream.write_all(body);
    }
}
