//! `lp studio`: serves the designer studio (the static files of `studio/`, the engine running in the page
//! as WebAssembly) on 127.0.0.1 only. A small HTTP/1.1 file server: GET and HEAD, nothing outside the
//! studio's folder (`..` segments, encoded or not, and symbolic links out of it are refused), one thread
//! a connection, stopped by Ctrl-C.

use crate::Done;
use clap::Args;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::{Ipv4Addr, SocketAddr, TcpListener, TcpStream};
use std::path::{Component, Path, PathBuf};
use std::time::Duration;

#[derive(Args)]
pub struct StudioArgs {
    /// The port on 127.0.0.1 (0: any free one).
    #[arg(long, default_value_t = 8421)]
    port: u16,
    /// The studio's folder (default: studio/ of this repository).
    #[arg(long)]
    dir: Option<PathBuf>,
}

/// The longest request head read.
const MAX_HEAD: usize = 8192;

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
    for stream in listener.incoming().flatten() {
        let root = root.clone();
        std::thread::spawn(move || serve(stream, &root));
    }
    Ok(())
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
    println!("building the engine for the browser (scripts/build-wasm.sh)…");
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

/// Answers one request on `stream`.
fn serve(mut stream: TcpStream, root: &Path) {
    // Bound to the loopback address, so only local peers can reach us; refuse any other all the same.
    if !stream.peer_addr().is_ok_and(|peer: SocketAddr| peer.ip().is_loopback()) {
        return;
    }
    let _ = stream.set_read_timeout(Some(Duration::from_secs(10)));
    let Some((method, target)) = request_line(&stream) else {
        return respond(&mut stream, 400, "text/plain", b"bad request", true);
    };
    if method != "GET" && method != "HEAD" {
        return respond(&mut stream, 405, "text/plain", b"only GET and HEAD", true);
    }
    match resolve(root, &target) {
        Ok(path) => match std::fs::read(&path) {
            Ok(body) => respond(&mut stream, 200, content_type(&path), &body, method == "GET"),
            Err(_) => respond(&mut stream, 404, "text/plain", b"not found", true),
        },
        Err(status) => respond(&mut stream, status, "text/plain", b"refused", true),
    }
}

/// The method and target of the request line, reading at most [`MAX_HEAD`] bytes of the head.
fn request_line(stream: &TcpStream) -> Option<(String, String)> {
    let mut reader = BufReader::new(stream.take(MAX_HEAD as u64));
    let mut line = String::new();
    reader.read_line(&mut line).ok()?;
    let mut parts = line.split_whitespace();
    let (method, target) = (parts.next()?.to_string(), parts.next()?.to_string());
    // Drain the headers (bounded), so that the client sees a clean close.
    let mut read = line.len();
    loop {
        let mut header = String::new();
        let n = reader.read_line(&mut header).ok()?;
        read += n;
        if n == 0 || header == "\r\n" || header == "\n" || read > MAX_HEAD {
            break;
        }
    }
    Some((method, target))
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

fn respond(stream: &mut TcpStream, status: u16, kind: &str, body: &[u8], with_body: bool) {
    let reason = match status {
        200 => "OK",
        400 => "Bad Request",
        403 => "Forbidden",
        404 => "Not Found",
        _ => "Method Not Allowed",
    };
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
