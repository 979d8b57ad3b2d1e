//! The JavaScript package (`bindings/js/`) on the library compiled to WebAssembly, built fresh here: its
//! Node tests pass, its hints equal the Rust API's, the Node example plays the 15-puzzle to the goal,
//! `index.d.ts` type-checks a TypeScript game, and the web example is solved by its "Hint" button in
//! headless Chromium. Needs Node.js, the wasm32 target, `npm ci` in `tests/js/` (TypeScript, Playwright's
//! playwright-core) and Debian's `chromium`: `scripts/test.sh` installs what is missing.
#![cfg(feature = "std")]

mod common;

use common::native::{root, wasm_module};
use std::process::Command;

/// Runs `node ARGS` from the repository root; its stdout, or a panic with both outputs.
fn node(args: &[&str]) -> String {
    wasm_module();
    let output = Command::new("node")
        .args(args)
        .current_dir(root())
        .output()
        .unwrap_or_else(|e| panic!("Node.js is needed for the JavaScript tests: {e}"));
    let stdout = String::from_utf8_lossy(&output.stdout).into_owned();
    assert!(output.status.success(), "node {args:?} failed:\n{stdout}\n{}", String::from_utf8_lossy(&output.stderr));
    stdout
}

/// One puzzle of each family and a per-frame budget small enough to take several frames.
const GAMES: [(&str, u32); 6] = [
    ("tiles:4x4:3,14,9,11,5,4,8,2,13,12,6,7,10,1,15,0:0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15", 200),
    ("jugs:8,5,3:8,0,0:4,4,0", 3),
    ("flip:4x3:#..#/.##./#..#", 2),
    ("hargram:5x4:...../...../...../.....:###/##.;#/#/#;#./##;.#./###/..#;#./##/.#", 5),
    ("blocks:4x5:BAAC/BAAC/DEEF/DGHF/I..J:A@3,1", 500),
    ("linjat:6x9:....52/....../....../....o./....o3/.....4/..4..o/.....o/2o.3o2", 1),
];

#[test]
fn the_node_tests_of_the_package_pass() {
    let out = node(&["--test", "bindings/js/test/"]);
    assert!(out.contains("# fail 0") && !out.contains("# pass 0"), "{out}");
}

#[test]
fn hints_from_javascript_equal_the_rust_api() {
    for (desc, budget) in GAMES {
        let js = node(&["tests/js/hints.mjs", desc, &budget.to_string()]);
        let rust = common::rust_hints(desc, budget);
        assert!(!rust.is_empty(), "{desc}: a puzzle to play");
        assert_eq!(js.trim(), rust, "{desc}");
    }
}

#[test]
fn the_node_example_plays_the_fifteen_puzzle_to_the_goal() {
    let out = node(&["examples/js/node-game.mjs"]);
    assert!(out.contains("solved in 46 moves"), "{out}");
    assert!(out.contains("next level: tiles:4x4:"), "{out}");
}

#[test]
fn the_type_declarations_check_a_typescript_game() {
    let tsc = root().join("tests/js/node_modules/typescript/bin/tsc");
    assert!(tsc.exists(), "TypeScript is missing: run `npm ci` in tests/js (scripts/test.sh does)");
    node(&[tsc.to_str().unwrap(), "-p", "tests/js"]);
}

#[test]
fn the_web_example_is_solved_by_its_hint_button_in_chromium() {
    let playwright = root().join("tests/js/node_modules/playwright-core");
    assert!(playwright.exists(), "playwright-core is missing: run `npm ci` in tests/js (scripts/test.sh does)");
    let out = node(&["tests/js/web.mjs"]);
    assert!(out.contains("solved in 31 moves after 31 hints"), "{out}");
}

/// A running `lp studio`, stopped when dropped (also when a test fails).
#[cfg(feature = "cli")]
struct Studio(std::process::Child);

#[cfg(feature = "cli")]
impl Drop for Studio {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// `lp studio --port 0` serving `studio/` (the package copied in by [`wasm_module`]), and its URL.
#[cfg(feature = "cli")]
fn studio() -> (Studio, String) {
    use std::io::{BufRead, BufReader};
    wasm_module();
    let mut child = Command::new(env!("CARGO_BIN_EXE_lp"))
        .args(["studio", "--port", "0"])
        .stdout(std::process::Stdio::piped())
        .spawn()
        .expect("lp runs");
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap()).read_line(&mut line).unwrap();
    let url =
        line.split_whitespace().find(|w| w.starts_with("http://")).unwrap_or_else(|| panic!("no URL in {line:?}"));
    (Studio(child), url.to_string())
}

/// The status code of a raw request line sent to `address`.
#[cfg(feature = "cli")]
fn status_of(address: &str, request: &str) -> u16 {
    use std::io::{Read, Write};
    let mut stream = std::net::TcpStream::connect(address).unwrap();
    stream.write_all(format!("{request}\r\nHost: x\r\n\r\n").as_bytes()).unwrap();
    let mut answer = Vec::new();
    stream.read_to_end(&mut answer).unwrap();
    let answer = String::from_utf8_lossy(&answer);
    answer.split_whitespace().nth(1).and_then(|s| s.parse().ok()).unwrap_or_else(|| panic!("{answer:?}"))
}

#[test]
#[cfg(feature = "cli")]
fn the_studio_server_serves_only_its_folder_and_only_on_loopback() {
    let (_studio, url) = studio();
    let address = url.trim_start_matches("http://").trim_end_matches('/').to_string();
    assert!(address.starts_with("127.0.0.1:"), "{address}");
    assert_eq!(status_of(&address, "GET / HTTP/1.1"), 200);
    assert_eq!(status_of(&address, "GET /lphint/lphint.wasm HTTP/1.1"), 200);
    assert_eq!(status_of(&address, "HEAD /app.js?v=1 HTTP/1.1"), 200);
    for escape in
        ["/../Cargo.toml", "/%2e%2e/Cargo.toml", "/%2E%2E%2FCargo.toml", "/lphint/../../Cargo.toml", "/..%5cCargo.toml"]
    {
        let status = status_of(&address, &format!("GET {escape} HTTP/1.1"));
        assert!(status == 403 || status == 400, "{escape}: {status}");
    }
    assert_eq!(status_of(&address, "GET /no-such-file HTTP/1.1"), 404);
    assert_eq!(status_of(&address, "POST / HTTP/1.1"), 405);
    // From another interface of this machine, nothing answers: the server listens on loopback only.
    let port = address.rsplit(':').next().unwrap();
    let udp = std::net::UdpSocket::bind("0.0.0.0:0").unwrap();
    let outside = udp.connect("10.255.255.255:9").ok().and_then(|_| udp.local_addr().ok()).map(|a| a.ip());
    match outside {
        Some(ip) if !ip.is_loopback() && !ip.is_unspecified() => {
            let refused = std::net::TcpStream::connect_timeout(
                &format!("{ip}:{port}").parse().unwrap(),
                std::time::Duration::from_secs(3),
            );
            assert!(refused.is_err(), "the studio answered on {ip}");
        }
        _ => eprintln!("no interface but loopback on this machine: only the listening address was checked"),
    }
}

#[test]
#[cfg(feature = "cli")]
fn the_studio_plays_generates_exports_compares_and_plots_in_chromium() {
    let (_studio, url) = studio();
    let out = node(&["tests/js/studio.mjs", &url]);
    let results: serde_json::Value = serde_json::from_str(out.lines().last().unwrap()).unwrap();
    // Every family hinted to the goal in its optimal number of moves.
    let optimal = [("tiles", 31), ("jugs", 7), ("flip", 9), ("hargram", 5), ("blocks", 81), ("linjat", 8)];
    for (family, moves) in optimal {
        assert_eq!(results["played"][family], moves, "{family}: {out}");
    }
    assert!(results["rules"].as_u64().unwrap() > 0, "{out}");
    // The optimal algorithms agree on the 8-puzzle.
    let compare = &results["compare"];
    for algorithm in ["breadth-first", "A*", "IDA*", "exact"] {
        assert_eq!(compare[algorithm], compare["A*"], "{algorithm}: {out}");
    }
    assert_eq!(compare["A*"], "20", "{out}");
    // The beam search finds a solution, never a shorter one.
    assert!(compare["beam search"].as_str().unwrap().parse::<u32>().unwrap() >= 20, "{out}");
    assert!(results["solved"].as_str().unwrap().contains("20 moves played"), "Solve animates the 20 moves: {out}");
    // "Optimal" only where proven: the exact algorithms say so, the others and the 24-puzzle's beam do not.
    let proven = &results["proven"];
    for algorithm in ["breadth-first", "A*", "IDA*", "exact"] {
        assert_eq!(proven[algorithm], "proven", "{algorithm}: {out}");
    }
    assert_eq!(proven["beam search"], "not proven", "{out}");
    assert_eq!(results["solveSentence"], "An optimal solution: 20 moves.", "{out}");
    let beam = results["solveSentence24"].as_str().unwrap();
    assert!(beam.starts_with("A solution of ") && beam.ends_with("(not proven shortest)."), "{out}");
    assert_eq!(results["plots"], 4, "{out}");
    assert_eq!(results["exports"], 2, "a figure exported as SVG and as PNG: {out}");
    // The exported pack is the batch (5 + 5), imported back, and `lp pack verify` accepts it.
    assert_eq!(results["imported"], 10, "{out}");
    let pack = results["exported"].as_str().unwrap();
    let verify = Command::new(env!("CARGO_BIN_EXE_lp")).args(["pack", "verify", pack]).output().unwrap();
    let report = String::from_utf8_lossy(&verify.stdout);
    assert!(verify.status.success() && report.contains("all 10 puzzles verified"), "{report}");
}
