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
