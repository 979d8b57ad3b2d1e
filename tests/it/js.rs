//! The JavaScript package (`bindings/js/`) on the library compiled to WebAssembly, built fresh here: its
//! Node tests pass, its hints equal the Rust API's, the Node example plays the 15-puzzle to the goal,
//! `index.d.ts` type-checks a TypeScript game, and the web example is solved by its "Hint" button in
//! headless Chromium. Needs Node.js, the wasm32 target, `npm ci` in `tests/js/` (TypeScript, Playwright's
//! playwright-core) and Debian's `chromium`: `scripts/test.sh` installs what is missing.
#![cfg(feature = "std")]

use crate::common;

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
fn the_js_integration_and_quick_start_play_to_the_goal_keeping_each_piece() {
    let out = node(&["tests/js/integration.mjs"]);
    assert!(out.contains("integration: 0 failures"), "{out}");
    let out = node(&["examples/js/quickstart.mjs"]);
    assert_eq!(out.lines().filter(|l| l.starts_with("slide the ")).count(), 51, "{out}");
    assert!(out.contains("\nsolved: rush:"), "{out}");
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
fn the_studio_plays_edits_curates_compares_and_plots_in_chromium() {
    let (_studio, url) = studio();
    let out = node(&["tests/js/studio.mjs", &url]);
    let results: serde_json::Value = serde_json::from_str(out.lines().last().unwrap()).unwrap();
    let text = |path: &str| results.pointer(path).and_then(|v| v.as_str()).unwrap_or_else(|| panic!("{path}: {out}"));
    // Every family: one move by keyboard, then hinted to the goal (the P key) in its optimal number of moves.
    let optimal = [
        ("tiles", 31),
        ("jugs", 7),
        ("flip", 9),
        ("hargram", 5),
        ("blocks", 81),
        ("rush", 3),
        ("linjat", 8),
        ("sudoku", 11),
    ];
    for (family, moves) in optimal {
        assert_eq!(results["played"][family], moves, "{family}: {out}");
        assert!(text(&format!("/keyboard/{family}")).starts_with("1 "), "{family} by keyboard: {out}");
    }
    // Every block keeps its letter and colour through whole solutions, and a level reads back as written.
    assert_eq!(results["identity"]["blocks"]["moves"], 81, "{out}");
    assert_eq!(results["identity"]["blocks"]["blocks"], 10, "{out}");
    assert_eq!(text("/identity/blocks/start"), "blocks:4x5:BAAC/BAAC/DEEF/DGHF/I..J:A@3,1", "{out}");
    assert_eq!(results["identity"]["rush"]["moves"], 51, "{out}");
    assert_eq!(results["identity"]["rush"]["blocks"], 13, "{out}");
    assert_eq!(text("/identity/rush/start"), "rush:GBBoLoGHIoLMGHIAAMCCCKoMooJKDDEEJFFo", "{out}");
    // A tiles puzzle's own goal is shown (blank first), the default goal not.
    assert_eq!(results["tilesGoal"]["shown"], true, "{out}");
    assert_eq!(results["tilesGoal"]["cells"], serde_json::json!(["", "1", "2", "3", "4", "5", "6", "7", "8"]), "{out}");
    assert_eq!(results["tilesGoal"]["hiddenForDefault"], true, "{out}");
    // Jugs: the tap outlined by a fill hint (the hint's colour, #8f1d6b), the goal line clear on the water.
    assert!(text("/jugsDrawing/hint").starts_with("fill jug"), "{out}");
    assert_eq!(results["jugsDrawing"]["tapBorder"], serde_json::json!([143, 29, 107]), "{out}");
    assert!(results["jugsDrawing"]["goalLine"].as_f64().unwrap() >= 3.0, "{out}");
    // Linjat's segments stand out from the empty cells: at least 3:1 (the yellow fill alone was 1.24:1).
    let segment = results["segmentContrast"].as_f64().unwrap();
    assert!(segment >= 3.0, "the segments' contrast is {segment}:1: {out}");
    // Every car's track stands out from the car: at least 3:1 (it was 1.42:1 in white).
    let track = results["trackContrast"].as_f64().unwrap();
    assert!(track >= 3.0, "the tracks' contrast is {track}:1: {out}");
    // Compare cancelled: every algorithm listed, the unfinished as cancelled; the memory column says what it is.
    let cancelled = &results["cancelledCompare"];
    assert!(cancelled["rows"].as_u64().unwrap() >= 10, "{out}");
    assert!(cancelled["cancelled"].as_u64().unwrap() >= 1, "{out}");
    assert!(cancelled["headers"].as_array().unwrap().iter().any(|h| h == "memory reserved (bytes)"), "{out}");
    // Figures: nothing cut at their edges; the solving plot's axis counts moves.
    assert_eq!(results["plotText"]["cut"], serde_json::json!([]), "{out}");
    assert!(text("/plotText/lengthLabel").starts_with("optimal length (moves)"), "{out}");
    // Switching family clears the last family's batch status; no export buttons under empty figures.
    assert_eq!(text("/genStateAfterSwitch"), "", "{out}");
    assert_eq!(results["exportsBeforePlots"], false, "{out}");
    // The pack table's ↑ keeps the focus on the level it moves.
    assert_eq!(text("/moveFocus"), "move level 1 down", "{out}");
    // An empty pack is not exported; a pack's levels are listed in Play by name and tier.
    assert_eq!(results["exportEmpty"], true, "{out}");
    let entries: Vec<&str> = results["packEntries"].as_array().unwrap().iter().map(|e| e.as_str().unwrap()).collect();
    assert!(entries.len() == 9 && entries.iter().any(|e| e.starts_with("Warm-up, starter (rating ")), "{entries:?}");
    // The levels not named are numbered by their place (no placeholder name was written into the file).
    assert!(entries.iter().all(|e| e.starts_with("Warm-up") || e.starts_with("level ")), "{entries:?}");
    // A refused description: words, not a code; rows from 1; the field marked, the board kept, then cleared.
    let refused = text("/refused/sentence");
    assert!(!refused.contains("LP_ERR"), "{refused}");
    assert!(refused.contains("the red car 'A' must lie across row 3 of 6"), "{refused}");
    assert!(refused.contains("still the last one opened"), "{refused}");
    assert_eq!((text("/refused/invalid"), results["refused"]["kept"].as_bool()), ("true", Some(true)), "{out}");
    assert!(results["refused"]["cleared"].is_null(), "{out}");
    // A hint moves nothing on the page; each family keeps its preset.
    for (family, shift) in results["layoutShift"].as_object().unwrap() {
        assert!(shift.as_f64().unwrap() < 1.0, "{family}: the page moved by {shift} px");
    }
    assert_eq!(text("/presetKept"), "hard", "{out}");
    // Play keys only on the board: H and an arrow on a dropdown did nothing.
    assert_eq!(text("/keysOffBoard/status"), "0 moves played", "{out}");
    assert!(!text("/keysOffBoard/sentence").contains('['), "no hint asked: {out}");
    // Hargram by mouse: a tray piece placed; the same cell again takes it off and places the next way.
    assert_eq!(text("/hargramMouse/placed"), "1 move played", "{out}");
    assert_eq!(text("/hargramMouse/again"), "3 moves played", "{out}");
    // A Rush Hour board in the editor stays in its notation and plays again as the same board.
    assert_eq!(text("/edit/rush/desc"), "rush:oooCoooooCooAAoDoooooDoooBBBoooooooo", "{out}");
    assert_eq!(text("/edit/rush/played"), "rush:oooCoooooCooAAoDoooooDoooBBBoooooooo", "{out}");
    // Rush Hour by mouse: the truck clicked, then the cell past its end: slid one cell right.
    assert_eq!(text("/rushMouse/played"), "1 move played", "{out}");
    assert_eq!(text("/rushMouse/desc"), "rush:oooCoooooCooAAoDoooooDooooBBBooooooo", "{out}");
    // Jugs by mouse: the tap fills jug 2, jug 1 goes down the sink.
    assert_eq!(text("/tapFill"), "jugs:8,5,3:8,5,0:4,4,0:tap", "{out}");
    assert_eq!(text("/sinkEmpty"), "jugs:8,5,3:0,5,0:4,4,0:tap", "{out}");
    // Linjat's rules, named in words, and gone after a move.
    assert!(results["rules"].as_u64().unwrap() > 0, "{out}");
    assert!(results["ruleNames"].as_array().unwrap().iter().all(|n| !n.as_str().unwrap().contains('_')), "{out}");
    assert_eq!(results["rulesAfterMove"], false, "{out}");
    // The link and the browser's storage reopen the position.
    let classic = "blocks:4x5:BAAC/BAAC/DEEF/DGHF/I..J:A@3,1";
    assert_eq!((text("/link/desc"), text("/link/sentence")), (classic, "opened from the link"), "{out}");
    assert_eq!(
        (text("/restored/desc"), text("/restored/sentence")),
        (classic, "restored from the last visit, with its moves"),
        "{out}"
    );
    // Damaged storage (an edit that is a number) does not break the page: it opens the position kept.
    assert_eq!(text("/damaged/desc"), classic, "{out}");
    // The editor: a Linjat board typed in is judged unique and solved by one rule; a flip board clicked in
    // is solvable, its cluster every pattern of 3x3.
    assert_eq!(text("/edit/linjat/desc"), "linjat:4x4:..../..../o..4/....", "{out}");
    let facts = |family: &str| {
        results["edit"][family]["facts"]
            .as_array()
            .unwrap()
            .iter()
            .map(|f| f.as_str().unwrap().to_string())
            .collect::<Vec<_>>()
    };
    // Every one of `expected` among the facts of the editor's board `name`.
    let says = |name: &str, expected: &[&str]| {
        let said = facts(name);
        for expected in expected {
            assert!(said.iter().any(|f| f == expected), "{name}: {expected}: {out}");
        }
    };
    says(
        "linjat",
        &[
            "Solvable: the optimum is 1 segment (proven).",
            "Unique: exactly one solution.",
            "Rule profile: cover ×1; the rules solve it in 1 layer.",
        ],
    );
    // Sudoku typed in: unique, 11 digits to write, graded by the ladder; its pencil marks in play.
    assert_eq!(text("/edit/sudoku/desc"), "sudoku:2.4..1......1..2", "{out}");
    // The tool row offers the 4x4 grid's digits only.
    assert_eq!(results["edit"]["sudoku"]["tools"], serde_json::json!(["1", "2", "3", "4", "Erase"]), "{out}");
    says(
        "sudoku",
        &[
            "Solvable: the optimum is 11 digits (proven).",
            "Unique: exactly one solution.",
            "Grade: 1.2 on Sudoku Explainer's scale (the hardest technique the ladder needs).",
        ],
    );
    // Its last digit erased: three solutions, the first two the counter finds compared cell by cell
    // (as `lp solve --all` shows them).
    assert_eq!(text("/edit/sudokuAmbiguous/desc"), "sudoku:2.4..1......1...", "{out}");
    says(
        "sudokuAmbiguous",
        &[
            "Not unique: at least 2 solutions.",
            "Two of them differ at r3c2, r3c4, r4c2, r4c4: a clue in one of those cells rules one of them out.",
            "No grade: Sudoku Explainer's scale rates puzzles with one solution.",
        ],
    );
    let ambiguous = facts("sudokuAmbiguous");
    // The ladder takes no unique rectangle on it (its reasoning needs one solution): it gets stuck.
    assert!(ambiguous.iter().any(|f| f.starts_with("Rule profile:") && !f.contains("unique rectangle")), "{out}");
    assert!(ambiguous.iter().any(|f| f.contains("the rules get stuck")), "{out}");
    let marks = "sudoku:...5......85.9.2.....7.183..1.9.5...7..4..3.2.......7.53.6..78.9....3..........1.:";
    assert_eq!(text("/marks/desc"), format!("{marks}{}:r1c1=146", ".".repeat(81)), "{out}");
    assert_eq!(results["marks"]["cell"], -(1 | 8 | 32), "{out}");
    assert_eq!(text("/edit/flip/desc"), "flip:3x3:#../.#./..#", "{out}");
    let flip = facts("flip");
    assert!(
        flip.iter().any(|f| f.starts_with("Solvable: the optimum is ") && f.ends_with("presses (proven).")),
        "{out}"
    );
    assert!(flip.iter().any(|f| f.starts_with("Cluster: 512 states, 1 solved")), "{out}");
    assert_eq!(text("/edit/played"), "flip:3x3:#../.#./..#", "{out}");
    let rush = facts("rush");
    assert!(rush.iter().any(|f| f == "Solvable: the optimum is 3 moves (proven)."), "{rush:?}: {out}");
    // Generation into the one pack, each level with its family; the same seed again adds nothing.
    assert_eq!(results["generated"]["tiles"]["count"], 5, "{out}");
    assert_eq!(results["generated"]["jugs"]["count"], 5, "the jugs beside the tiles: {out}");
    assert_eq!(results["generated"]["tiles again"]["count"], 5, "{out}");
    assert!(text("/generated/tiles again/state").contains("5 already in the pack"), "{out}");
    // Flags are checkboxes; progress moves during a long puzzle, and Cancel stops it.
    assert_eq!(results["tapIsCheckbox"], true, "{out}");
    assert!(text("/heartbeat").starts_with("0 of 1 made; the next one: "), "{out}");
    assert_eq!(text("/cancelled"), "cancelled after 0", "{out}");
    // Curation of the pack of both families: sorted by rating, dragged, one removed, exported under the
    // pack's name, imported back without duplicates, the same whichever family is shown, cleared.
    let sorted: Vec<u64> =
        results["curated"]["sorted"].as_array().unwrap().iter().map(|v| v.as_u64().unwrap()).collect();
    assert!(sorted.windows(2).all(|w| w[0] <= w[1]), "{out}");
    assert_eq!(results["curated"]["dragged"], true, "{out}");
    assert_eq!(results["curated"]["rows"], 9, "{out}");
    assert_eq!(text("/exportName"), "Morning-tiles.lpk", "{out}");
    assert_eq!(results["reimport"]["rows"], 9, "{out}");
    assert_eq!(results["rowsAfterSwitch"], 9, "{out}");
    assert_eq!(results["packFamilies"], serde_json::json!(["jugs", "tiles"]), "{out}");
    assert_eq!(results["cleared"], 0, "{out}");
    // The optimal algorithms agree on the 8-puzzle, in the worker: no long task on the page.
    let compare = &results["compare"];
    for algorithm in ["breadth-first", "A*", "IDA*", "exact"] {
        assert_eq!(compare[algorithm], compare["A*"], "{algorithm}: {out}");
    }
    assert_eq!(compare["A*"], "20", "{out}");
    assert!(compare["beam search"].as_str().unwrap().parse::<u32>().unwrap() >= 20, "{out}");
    assert_eq!(results["flagged"], 0, "no algorithm contradicts the exact solver: {out}");
    assert!(results["longestTask"].as_f64().unwrap() < 200.0, "the page stayed responsive: {out}");
    // The node cap holds for every algorithm.
    for row in results["capped"].as_array().unwrap() {
        assert!(row["expanded"].as_u64().unwrap() <= 2000, "{row}");
    }
    // "Optimal" only where proven: the exact algorithms say so, the others and the 24-puzzle's beam do not.
    let proven = &results["proven"];
    for algorithm in ["breadth-first", "A*", "IDA*", "exact"] {
        assert_eq!(proven[algorithm], "proven", "{algorithm}: {out}");
    }
    assert_eq!(proven["beam search"], "not proven", "{out}");
    // Simulated annealing under each heuristic: a path, never called optimal, never shorter than A*'s.
    for heuristic in ["misplaced", "manhattan"] {
        let name = format!("simulated annealing ({heuristic})");
        assert_eq!(proven[&name], "not proven", "{name}: {out}");
        assert!(compare[&name].as_str().unwrap().parse::<u32>().unwrap() >= 20, "{name}: {out}");
    }
    // The scrubber: forward twice, back once.
    assert_eq!(text("/scrubber/label"), "A*: 20 moves (optimal). Move 1 of 20.", "{out}");
    assert_eq!(text("/scrubber/status"), "1 move played", "{out}");
    assert!(text("/solved").contains("20 moves played"), "Solve replays the 20 moves: {out}");
    assert_eq!(text("/solveSentence"), "An optimal solution: 20 moves.", "{out}");
    assert!(text("/stoppedSentence").starts_with("Replay stopped at move "), "{out}");
    let beam = text("/solveSentence24");
    assert!(beam.starts_with("A solution of ") && beam.ends_with("(not proven shortest)."), "{out}");
    // Plots: the two figures of tiles, titled in their exports; the genetic algorithm's panels say why not.
    assert_eq!(results["plots"], 2, "{out}");
    assert!(text("/gaNote").contains("Hargram"), "{out}");
    // Hargram's: four figures, the genetic algorithm and annealing in one against evaluations.
    assert_eq!(results["hargramPlots"], 4, "{out}");
    let evolution = text("/evolution");
    for words in ["against evaluations", "genetic algorithm", "simulated annealing", "a full cover"] {
        assert!(evolution.contains(words), "{words}: {evolution}");
    }
    assert_eq!(results["exports"], 2, "a figure exported as SVG and as PNG: {out}");
    assert_eq!(results["svgHasTitle"], true, "{out}");
    // A custom puzzle from a JavaScript module: 12 turns, proven by A*, breadth-first and exact alike (IDA*,
    // which revisits the lock's cycles, may hit the node cap: then it has no length), hinted to the goal
    // in 12, and Solve from one turn before the end says 1.
    for algorithm in ["A*", "breadth-first", "exact"] {
        assert_eq!(results["customCompare"][algorithm], serde_json::json!([12, true]), "{algorithm}: {out}");
    }
    let ida = &results["customCompare"]["IDA*"];
    assert!(ida == &serde_json::json!([12, true]) || ida[0].is_null(), "{out}");
    assert_eq!(results["customPlayed"], 12, "{out}");
    assert_eq!(text("/customSolve"), "An optimal solution: 1 move.", "{out}");
    // Accessibility: no serious or critical axe-core finding on any tab.
    for (tab, found) in results["axe"].as_object().unwrap() {
        assert!(found.as_array().unwrap().is_empty(), "{tab}: {found}");
    }
    // `lp pack verify` accepts the exported pack, with the names and tier typed in.
    let pack = text("/exported");
    let verify = Command::new(env!("CARGO_BIN_EXE_lp")).args(["pack", "verify", pack]).output().unwrap();
    let report = String::from_utf8_lossy(&verify.stdout);
    assert!(verify.status.success() && report.contains("all 9 puzzles verified"), "{report}");
    let show = Command::new(env!("CARGO_BIN_EXE_lp")).args(["pack", "show", pack]).output().unwrap();
    let shown = String::from_utf8_lossy(&show.stdout);
    assert!(shown.contains("Warm-up") && shown.contains("starter"), "{shown}");
    assert!(shown.lines().next().unwrap().ends_with("\"Morning tiles\": 9 puzzles"), "the pack's name: {shown}");
    assert!(text("/reimport/state").contains("\"Morning tiles\""), "{out}");
}

#[test]
#[cfg(feature = "cli")]
fn the_studio_is_a_designers_workbench_in_chromium() {
    let (_studio, url) = studio();
    let out = node(&["tests/js/designer.mjs", &url]);
    let results: serde_json::Value = serde_json::from_str(out.lines().last().unwrap()).unwrap();
    let text = |path: &str| results.pointer(path).and_then(|v| v.as_str()).unwrap_or_else(|| panic!("{path}: {out}"));
    let facts = |path: &str| -> Vec<String> {
        let list = results.pointer(path).and_then(|v| v.as_array()).unwrap_or_else(|| panic!("{path}: {out}"));
        list.iter().map(|f| f.as_str().unwrap().to_string()).collect()
    };
    // Play: Restart goes back to the start at once, Redo steps forward one move; Copy description.
    assert_eq!(text("/restart/before"), "Solved! 2 moves played", "{out}");
    assert_eq!(text("/restart/after"), "0 moves played", "{out}");
    assert_eq!(text("/restart/desc"), "tiles:3x3:1,2,3,4,5,6,0,7,8", "{out}");
    assert_eq!(text("/restart/redone"), "1 move played", "{out}");
    assert_eq!(text("/copiedDesc"), "tiles:3x3:1,2,3,4,5,6,7,0,8", "{out}");
    // A Rush Hour board opens in the Rush Hour editor, in its notation, in Play's colours, judged.
    let board = "rush:oooCoooooCooAAoDoooooDoooBBBoooooooo";
    assert_eq!((text("/rushOpened/desc"), text("/rushOpened/editor")), (board, "rush"), "{out}");
    assert_eq!(text("/rushColour/edit"), text("/rushColour/play"), "{out}");
    let opened = facts("/rushOpened/facts");
    assert!(opened.contains(&"Solvable: the optimum is 3 moves (proven).".to_string()), "{opened:?}");
    assert!(opened.iter().any(|f| f.starts_with("Minimal: every piece is needed")), "{opened:?}");
    assert!(opened.contains(&"The hardest start of its cluster: 3 moves.".to_string()), "{opened:?}");
    // Editor work survives a reload; Ctrl+Z, Ctrl+Y and the Undo button; the copied link reopens it.
    let erased = "rush:oooCoooooCooAAoDoooooDoooooooooooooo";
    assert_eq!(text("/kept/erased"), erased, "the truck B is gone: {out}");
    assert_eq!((text("/kept/tab"), text("/kept/desc")), ("edit", erased), "{out}");
    assert_eq!(text("/undo/twoEdits"), "rush:ooooooooooooAAoDoooooDoooooooooooooo", "{out}");
    assert_eq!(text("/undo/undoneOnce"), erased, "{out}");
    // The undo history survived the reload: the second undo brings the truck B back.
    let before_erase = text("/kept/beforeErase");
    assert_ne!(before_erase, erased, "{out}");
    assert_eq!(text("/undo/undoneTwice"), before_erase, "{out}");
    assert_eq!(text("/undo/redone"), erased, "{out}");
    assert_eq!(text("/undo/button"), before_erase, "{out}");
    assert_eq!((text("/link/tab"), text("/link/desc")), ("edit", before_erase), "{out}");
    // A board built: the red car on the exit's row, a truck and cars with their orientation; the red car
    // dragged along its track until the truck stops it; the truck slid down by keys; the verdicts.
    assert_eq!(text("/rushBuilt/built"), "rush:oooBoooooBooAAoBooooooooCCoooDoooooD", "{out}");
    assert_eq!(text("/rushBuilt/dragged"), "rush:oooBoooooBoooAABooooooooCCoooDoooooD", "{out}");
    assert_eq!(text("/rushBuilt/slid"), "rush:oooooooooooooAABoooooBooCCoBoDoooooD", "{out}");
    let built = facts("/rushBuilt/facts");
    assert!(built.contains(&"Solvable: the optimum is 2 moves (proven).".to_string()), "{built:?}");
    assert!(built.iter().any(|f| f.starts_with("Not minimal: without C, D")), "{built:?}");
    assert!(built.iter().any(|f| f.starts_with("The hardest start of its cluster needs 4 moves")), "{built:?}");
    // One click opens the hardest start; the engine agrees it is 4 moves and the hardest; it plays.
    let hardest = facts("/rushBuilt/hardest/facts");
    assert!(hardest.contains(&"Solvable: the optimum is 4 moves (proven).".to_string()), "{hardest:?}");
    assert!(hardest.contains(&"The hardest start of its cluster: 4 moves.".to_string()), "{hardest:?}");
    assert_eq!(text("/rushBuilt/played"), text("/rushBuilt/hardest/desc"), "{out}");
    // A tiles goal edited (its last two cells swapped), solvable and shown beside the board in Play.
    assert_eq!(text("/tilesGoal/desc"), "tiles:3x3:1,2,3,4,5,0,7,8,6:1,2,3,4,5,6,7,0,8", "{out}");
    assert!(facts("/tilesGoal/facts").iter().any(|f| f == "Solvable: the optimum is 2 moves (proven)."), "{out}");
    assert_eq!(results["tilesGoal"]["shown"], true, "{out}");
    // A resized board keeps its cells.
    assert_eq!(text("/resized/small"), "linjat:4x4:..../.3../..../....", "{out}");
    assert_eq!(text("/resized/wider"), "linjat:5x4:...../.3.../...../.....", "{out}");
    // Hargram by keyboard (Page Down into piece 1's grid), rotated, the piece reached removed.
    assert_eq!(text("/hargram/twoPieces"), "hargram:3x2:.../...:##;#", "{out}");
    assert_eq!(text("/hargram/shaped"), "hargram:3x2:.../...:##/#.;#", "{out}");
    assert_eq!(text("/hargram/rotated"), "hargram:3x2:.../...:##/.#;#", "{out}");
    assert_eq!(
        (text("/hargram/rotateLabel"), text("/hargram/removeLabel")),
        ("Rotate piece 1", "Remove piece 2"),
        "{out}"
    );
    assert_eq!(text("/hargram/removed"), "hargram:3x2:.../...:##/.#", "{out}");
    // Packs to a linear curve: every slot within one of its target, the locked slot kept, the slot made
    // again changed, the drawn target followed; exported packs that `lp pack verify` accepts.
    for family in ["tiles", "jugs"] {
        let curve = &results["curves"][family];
        let slots = |run: &str| curve[run].as_array().unwrap_or_else(|| panic!("{family} {run}: {out}")).clone();
        for run in ["first", "again", "all", "drawn"] {
            if curve[run].is_null() {
                continue;
            }
            let slots = slots(run);
            assert_eq!(slots.len(), 12, "{family} {run}: {out}");
            let targets: Vec<i64> = slots.iter().map(|s| s["target"].as_i64().unwrap()).collect();
            for s in &slots {
                let (target, rating) = (s["target"].as_i64().unwrap(), s["rating"].as_i64().unwrap());
                assert!((rating - target).abs() <= 1, "{family} {run}: {s}");
            }
            let descs: std::collections::BTreeSet<&str> = slots.iter().map(|s| s["desc"].as_str().unwrap()).collect();
            assert_eq!(descs.len(), 12, "distinct levels: {family} {run}: {out}");
            if run == "first" {
                // Linear: rising by at most one step each, from the preset's band's bottom to its top.
                assert!(targets.windows(2).all(|w| w[0] <= w[1]), "{targets:?}");
                assert!(targets[11] > targets[0], "{targets:?}");
            }
        }
        let desc = |run: &str, i: usize| slots(run)[i]["desc"].as_str().unwrap().to_string();
        assert_eq!(desc("again", 0), desc("first", 0), "{family}: {out}");
        assert_ne!(desc("again", 4), desc("first", 4), "slot 5 made again: {family}: {out}");
        assert_eq!(desc("all", 0), desc("first", 0), "slot 1 is locked: {family}: {out}");
        assert!(text(&format!("/curves/{family}/state")).contains("every rating within one of its target"), "{out}");
        assert_eq!(curve["packRows"], 12, "{family}: {out}");
        let verify = Command::new(env!("CARGO_BIN_EXE_lp"))
            .args(["pack", "verify", curve["file"].as_str().unwrap()])
            .output()
            .unwrap();
        let report = String::from_utf8_lossy(&verify.stdout);
        assert!(verify.status.success() && report.contains("all 12 puzzles verified"), "{family}: {report}");
        // The pack's name is in the file.
        let show = Command::new(env!("CARGO_BIN_EXE_lp"))
            .args(["pack", "show", curve["file"].as_str().unwrap()])
            .output()
            .unwrap();
        let shown = String::from_utf8_lossy(&show.stdout);
        assert!(shown.lines().next().unwrap().ends_with(&format!("\"Curve {family}\": 12 puzzles")), "{shown}");
        // No placeholder names: a level the designer did not name is unnamed in the file ("-").
        assert!(shown.lines().filter(|l| l.starts_with('#')).all(|l| l.split(' ').nth(1) == Some("-")), "{shown}");
    }
    assert!(text("/packOpened/label").starts_with("Level of Curve tiles"), "{out}");
    assert!(text("/packOpened/sentence").starts_with("level 1 of Curve tiles"), "{out}");
    // Levels out of the studio: a sheet of the 12 levels numbered with their ratings, one A4 page when
    // printed, a PNG of it; a level's SVG drawn back matches the board at every cell, letters and exit.
    let captions = results["sheet"]["captions"].as_array().unwrap();
    assert_eq!(captions.len(), 12, "{out}");
    assert!(captions[0].as_str().unwrap().starts_with("1. Curve jugs 1 — 1 move"), "{out}");
    assert!(captions[0].as_str().unwrap().ends_with("— 1 move"), "one move, not one moves: {out}");
    assert_eq!(results["sheet"]["pages"], 1, "{out}");
    assert_eq!(
        results["sheet"]["crowded"],
        serde_json::json!({ "captions": 30, "overlaps": 0, "outside": 0 }),
        "{out}"
    );
    assert_eq!(text("/sheet/png"), "PNG", "{out}");
    assert_eq!(text("/levelSvg/letters"), "ABCD", "{out}");
    assert_eq!(results["levelSvg"]["exit"], true, "{out}");
    assert_eq!(results["levelSvg"]["differing"], 0, "{out}");
    assert_eq!(text("/levelPng"), "PNG", "{out}");
    // Hint coins: each tier its words; where to look holds what to move; the move and the plan agree.
    let coins = results["coins"].as_array().unwrap();
    let words: Vec<&str> = coins.iter().map(|c| c["text"].as_str().unwrap()).collect();
    assert!(words[0].starts_with("The red car's way out: 3 vehicles in the highlighted lanes move next"), "{words:?}");
    assert!(words[1].starts_with("Move the car F."), "{words:?}");
    assert!(words[2].starts_with("slide the car F right 1"), "{words:?}");
    assert!(words[3].starts_with("The next 5 moves: slide the car F right 1; "), "{words:?}");
    let cells = |i: usize| -> std::collections::BTreeSet<u64> {
        coins[i]["cells"].as_array().unwrap().iter().map(|c| c.as_u64().unwrap()).collect()
    };
    assert!(!cells(1).is_empty() && cells(1).is_subset(&cells(0)), "{out}");
    assert!(cells(1).is_subset(&cells(2)), "what to move is where the move is: {out}");
    // Check my board: a wrong move and back, found in the worker and said in words.
    assert_eq!(
        text("/check/text"),
        "Check: 2 moves from the goal (the start was 2 moves); your move 1 (slide 4 down) left every shortest solution.",
        "{out}"
    );
    assert_eq!(results["check"]["facts"]["firstWrong"], 0, "{out}");
    // Trivial steps: the rules' one deduction played, the board solved.
    assert_eq!(text("/trivial/sentence"), "Trivial steps: 1 segment played.", "{out}");
    assert_eq!(text("/trivial/status"), "Solved! 1 segment played", "{out}");
    // Hargram's tray: every piece by the letter its sentence gives it, twins told apart, no number.
    let tray = results["tray"].as_array().unwrap();
    let letters: std::collections::BTreeSet<&str> = tray.iter().map(|p| p["letter"].as_str().unwrap()).collect();
    assert_eq!((tray.len(), letters.len()), (5, 5), "{out}");
    for piece in tray {
        let (name, letter) = (piece["name"].as_str().unwrap(), piece["letter"].as_str().unwrap());
        assert!(letter.chars().all(|c| c.is_ascii_uppercase()), "{piece}");
        assert!(name.contains(&format!(" {letter} ")) || name.ends_with(&format!("(drawn {letter})")), "{piece}");
    }
    // The board's labels stand out from their ground (they were 3.2:1 and 3.84:1).
    for label in ["goal", "exit"] {
        let ratio = results["labelContrast"][label].as_f64().unwrap();
        assert!(ratio >= 4.5, "{label}: {ratio}:1: {out}");
    }
    // Playtest: 12 levels in order, each solved by hints in its rating's moves, then the summary.
    let rows = results["playtest"]["rows"].as_array().unwrap();
    assert_eq!(rows.len(), 12, "{out}");
    for (i, row) in rows.iter().enumerate() {
        let [level, rating, moves, hints] = [0, 1, 2, 3].map(|k| row[k].as_f64().unwrap());
        assert_eq!(level as usize, i + 1, "{row}");
        assert_eq!((moves, hints), (rating, rating), "every hint played one optimal move: {row}");
    }
    assert!(text("/playtest/state").contains("The pack is done. 12 levels solved"), "{out}");
    // Each row names its level and says its units; the stop button ends a playtest at once.
    let words: Vec<&str> =
        results["playtest"]["words"].as_array().unwrap().iter().map(|w| w.as_str().unwrap()).collect();
    assert!(words[0].starts_with("1. ") && words[1].contains(" move") && words[2].contains(" move"), "{words:?}");
    assert!(words[3].ends_with(" hint") || words[3].ends_with(" hints"), "{words:?}");
    assert!(words[4].ends_with(" s") && results["playtest"]["stopHidden"] == true, "{words:?}");
    assert!(text("/playtestStopped/state").starts_with("Stopped. 0 levels solved"), "{out}");
    assert_eq!(results["playtestStopped"]["stopHidden"], true, "{out}");
    // Compare: simulated annealing's own schedule ends below the cap, and the status says so.
    let own = &results["ownBudget"];
    assert!(
        own.as_object().unwrap().iter().any(|(name, status)| name.starts_with("simulated annealing")
            && status.as_str().unwrap() == "not found after 200,000 steps, below the cap: its own schedule ran out (walks of 20,000 steps, 10 of them)"),
        "{own}"
    );
    let tiles = &results["curves"]["tiles"];
    assert_eq!(tiles["drawn"][2]["target"], tiles["drawnTo"], "slot 3's target drawn on the chart: {out}");
    // A preset change drops no level made: they stay, those off the new targets marked; back, the same.
    let kept = tiles["otherPreset"]["made"].as_array().unwrap();
    assert_eq!(tiles["madeBefore"], 12, "{out}");
    assert!(kept.iter().all(|d| d.as_str().is_some_and(|d| !d.is_empty())), "{out}");
    assert!(tiles["otherPreset"]["off"].as_u64().unwrap() > 0, "{out}");
    assert_eq!(tiles["presetBack"], true, "{out}");
    assert_eq!(tiles["axe"], serde_json::json!([]), "Generate with a curve made, axe-core (WCAG 2.0 and 2.1): {out}");
    // Linjat with the studio's defaults: the preset says it bounds no rating, the studio measures it, and
    // the curve is made within a minute, every level on target.
    let linjat = &results["linjatCurve"];
    assert!(linjat["presetLabel"].as_str().unwrap().contains("any rating (steps)"), "{out}");
    assert!(linjat["measured"].as_str().unwrap().contains(" s each: the 12 levels take about "), "{out}");
    assert!(linjat["state"].as_str().unwrap().starts_with("12 slots made in"), "{out}");
    assert!(linjat["seconds"].as_f64().unwrap() < 60.0, "{out}");
}

#[test]
#[cfg(feature = "cli")]
fn a_whole_game_of_three_families_is_made_reordered_exported_and_imported_in_the_studio() {
    let (_studio, url) = studio();
    let out = node(&["tests/js/game.mjs", &url]);
    let results: serde_json::Value = serde_json::from_str(out.lines().last().unwrap()).unwrap();
    assert!(results["failure"].is_null() && results["errors"].as_array().unwrap().is_empty(), "{out}");
    let strings = |v: &serde_json::Value| -> Vec<String> {
        v.as_array().unwrap().iter().map(|s| s.as_str().unwrap().to_string()).collect()
    };
    // Rush Hour is an entry of its own in the family list.
    assert!(strings(&results["families"]).iter().any(|f| f.starts_with("Rush Hour — ")), "{out}");
    // The preset shown says its band, and is measured before anything is made: ratings and time.
    let measured = results["measuredOnShow"].as_str().unwrap();
    assert!(
        measured.starts_with("measured: 3 levels rated ") && measured.contains(" s each: the 12 levels take about "),
        "{measured}"
    );
    assert!(results["presetShown"].as_str().unwrap().contains(" to "), "{out}");
    // Each family's slots made in turn, every level within one of its target.
    for (family, made) in [("rush", 30), ("sokoban", 20), ("linjat", 10)] {
        let state = results["made"][family].as_str().unwrap();
        assert!(
            state.starts_with(&format!("{made} slots made in")) && state.contains("every rating within one"),
            "{state}"
        );
    }
    let slots = results["slots"].as_array().unwrap();
    assert_eq!(slots.len(), 30, "{out}");
    let notation = |i: usize| ["rush", "sokoban", "linjat"][i / 10];
    for (i, slot) in slots.iter().enumerate() {
        assert_eq!(slot["family"], notation(i), "slot {}: {out}", i + 1);
        assert!(slot["desc"].as_str().unwrap().starts_with(&format!("{}:", notation(i))), "{slot}");
        let rating: i64 = slot["rating"].as_str().unwrap().parse().unwrap_or_else(|_| panic!("{slot}"));
        assert!((rating - slot["target"].as_i64().unwrap()).abs() <= 1, "{slot}");
    }
    let descs: std::collections::BTreeSet<&str> = slots.iter().map(|s| s["desc"].as_str().unwrap()).collect();
    assert_eq!(descs.len(), 30, "distinct levels: {out}");
    // The pack holds them in the curve's order, each with its family; reordered by drag and ↓.
    let rows = |key: &str| results[key].as_array().unwrap().clone();
    let before = rows("packBefore");
    for (i, row) in before.iter().enumerate() {
        assert_eq!(row["desc"], slots[i]["desc"], "{out}");
        assert_eq!(row["family"], ["Rush Hour", "sokoban", "linjat"][i / 10], "{out}");
    }
    let ordered = rows("packOrdered");
    let order: Vec<usize> = [4, 1, 0, 2, 3].into_iter().chain(5..30).collect();
    for (row, from) in ordered.iter().zip(&order) {
        assert_eq!(row["desc"], before[*from]["desc"], "{out}");
    }
    assert_eq!(ordered[0]["name"], "The last first", "{out}");
    assert!(ordered[1..].iter().all(|r| r["name"] == ""), "no placeholder names: {out}");
    // The pack's curve: one series per family, each with its unit.
    let legend = strings(&results["curveLegend"]);
    for series in ["Rush Hour (moves)", "sokoban (pushes)", "linjat ("] {
        assert!(legend.iter().any(|t| t.starts_with(series)), "{series}: {legend:?}");
    }
    // Exported, cleared, imported back: the same levels, order, families and names.
    assert_eq!(results["cleared"], 0, "{out}");
    assert_eq!(results["imported"]["rows"], serde_json::Value::Array(ordered), "{out}");
    assert_eq!(results["imported"]["name"], "Whole game", "{out}");
    assert!(
        results["imported"]["state"].as_str().unwrap().starts_with("imported 30 levels from \"Whole game\""),
        "{out}"
    );
    // In Play, each level under its family: Rush Hour's own entry for its boards.
    for (played, family) in results["played"].as_array().unwrap().iter().zip(["rush", "rush", "sokoban", "linjat"]) {
        assert_eq!(played["family"], family, "{out}");
        assert!(played["desc"].as_str().unwrap().starts_with(&format!("{family}:")), "{played}");
    }
    // A pack level's hint, its solution proven by the studio: optimal, as the level's rating says.
    let hint = results["packHint"].as_str().unwrap();
    assert!(hint.ends_with(", optimal]") && hint.contains(" moves to go"), "{hint}");
    // The board grows with the window, and zooms (its pixels follow: drawing stays sharp).
    let sizes = &results["sizes"];
    let (start, wider, zoomed) =
        (sizes["start"].as_f64().unwrap(), sizes["wider"].as_f64().unwrap(), sizes["zoomed"].as_f64().unwrap());
    assert!(start >= 520.0 && wider > start && (zoomed / wider - 2.0).abs() < 0.01, "{sizes}");
    assert!((sizes["shownWidth"].as_f64().unwrap() - zoomed).abs() <= 2.0, "{sizes}");
    assert_eq!(sizes["said"], "200%", "{sizes}");
    // `lp pack verify` accepts the mixed pack.
    let file = results["file"].as_str().unwrap();
    let verify = Command::new(env!("CARGO_BIN_EXE_lp")).args(["pack", "verify", file]).output().unwrap();
    let report = String::from_utf8_lossy(&verify.stdout);
    assert!(verify.status.success() && report.contains("all 30 puzzles verified"), "{report}");
    let show = Command::new(env!("CARGO_BIN_EXE_lp")).args(["pack", "show", file]).output().unwrap();
    let shown = String::from_utf8_lossy(&show.stdout);
    assert!(shown.lines().next().unwrap().ends_with("\"Whole game\": 30 puzzles"), "{shown}");
}

#[test]
#[cfg(feature = "cli")]
fn two_tabs_of_the_studio_keep_each_other_s_work_in_chromium() {
    let (_studio, url) = studio();
    let out = node(&["tests/js/tabs.mjs", &url]);
    let results: serde_json::Value = serde_json::from_str(out.lines().last().unwrap()).unwrap();
    assert!(results["failure"].is_null() && results["errors"].as_array().unwrap().is_empty(), "{out}");
    assert_eq!(results["madeInA"], 3, "{out}");
    // B saw A's levels without a reload; a new tab holds both tabs' work.
    assert_eq!(results["seenInB"], 3, "{out}");
    assert_eq!(results["inC"], serde_json::json!({ "rows": 3, "name": "Game by B" }), "{out}");
    // Changes made at the same moment in both tabs are merged, in both, and after a reload: B's level
    // name, A's removal and A's Linjat level.
    let merged = serde_json::json!({
        "families": ["sokoban", "sokoban", "linjat"], "firstName": "First box", "packName": "Game by B", "removedGone": true
    });
    for tab in ["a", "b", "reloaded"] {
        assert_eq!(results["merged"][tab], merged, "{tab}: {out}");
    }
    // The packs an older studio kept per family come back as one pack of the same levels.
    assert_eq!(results["migrated"]["families"], merged["families"], "{out}");
    assert_eq!(results["migrated"]["name"], "sokoban levels", "{out}");
    // Undo survives a reload, in Play (the engine's saved game) and in Edit (the kept history).
    assert_eq!(results["reloadedEdit"], serde_json::json!({ "changed": true, "same": true, "undone": true }), "{out}");
    assert_eq!(
        results["reloadedPlay"],
        serde_json::json!({ "same": true, "status": "2 moves played", "backToStart": true }),
        "{out}"
    );
}

#[test]
#[cfg(feature = "cli")]
fn sokoban_is_played_by_arrow_keys_checked_and_edited_in_chromium() {
    let (_studio, url) = studio();
    let out = node(&["tests/js/sokoban.mjs", &url]);
    let results: serde_json::Value = serde_json::from_str(out.lines().last().unwrap()).unwrap();
    // A hard level's hint out of nodes: the partial hint, what it promises, its box lit.
    let partial = results["partial"]["sentence"].as_str().unwrap_or_default();
    assert!(
        partial.starts_with("No whole plan within the node limit. A partial hint: push box ")
            && partial.ends_with("as far as the deadlock tests can tell."),
        "{out}"
    );
    assert!(results["partial"]["lit"].as_u64().unwrap() >= 1, "{out}");
    let text = |path: &str| results.pointer(path).and_then(|v| v.as_str()).unwrap_or_else(|| panic!("{path}: {out}"));
    assert!(results["failure"].is_null() && results["errors"].as_array().unwrap().is_empty(), "{out}");
    // Arrows step the player; a push into the wall is refused; Ctrl+Z undoes the step.
    let start = "sokoban:####/#-.#/#--###/#*@--#/#--$-#/#--###/####";
    assert_eq!(text("/loaded"), start);
    assert_eq!(text("/stepped"), "sokoban:####/#-.#/#--###/#*-@-#/#--$-#/#--###/####");
    assert_eq!(text("/refused"), text("/stepped"));
    assert_eq!(text("/undone"), start);
    // The hint: the box (row 4, column 2), where it goes, and the player's walk to behind it.
    assert!(text("/hint").contains("8 pushes to go, optimal"), "{out}");
    let lit: Vec<u64> = results["hintCells"].as_array().unwrap().iter().map(|c| c.as_u64().unwrap()).collect();
    assert_eq!(lit, [19, 13, 26, 25], "{out}");
    assert_eq!(text("/sentenceAfterMove"), "", "a move clears the hint's sentence: {out}");
    // Box 2 pushed into the corner: the check names that push and lights the dead box.
    assert_eq!(text("/cornered"), "sokoban:####/#-.#/#--###/#*---#/#--@$#/#--###/####");
    assert_eq!(
        results["checkFacts"],
        serde_json::json!({ "distance": -1, "startDistance": 8, "firstWrong": 1, "lostAt": 1, "cells": [28] }),
        "{out}"
    );
    assert!(
        text("/check").contains(
            "made it unsolvable; the parts lit are why it is lost (box 2 is in a corner off the goals at row 5, \
             column 5: it can never leave)"
        ),
        "{out}"
    );
    // Pushes counted as pushes (a step is none); Undo by push; boxes keep their numbers through undo,
    // the share link and the image's drawing; one keyboard slide of a car is one move.
    let pushes: Vec<&str> = results["pushes"].as_array().unwrap().iter().map(|v| v.as_str().unwrap()).collect();
    assert_eq!(
        pushes,
        [
            "1 push played",
            "2 pushes played",
            "3 pushes played",
            "4 pushes played",
            "5 pushes played",
            "6 pushes played"
        ],
        "{out}"
    );
    assert_eq!((text("/walkedStatus"), &results["walked"]), ("6 pushes played", &serde_json::json!(true)), "{out}");
    assert_eq!(results["walkUndone"], true, "{out}");
    assert_eq!(
        results["pushUndone"],
        serde_json::json!({ "status": "5 pushes played", "same": true, "cells": true }),
        "{out}"
    );
    assert_eq!(results["linkAndImage"], true, "{out}");
    assert_eq!(text("/rushKeys"), "Solved! 1 move played");
    assert_eq!(
        results["boxColour"]["offGoal"], results["boxColour"]["onGoal"],
        "a box keeps its colour on a goal: {out}"
    );
    assert_eq!(results["boxColour"]["solved"], "true", "{out}");
    // The editor: a goal, a box and the player put by clicks, judged by the engine.
    assert_eq!(text("/edited"), "sokoban:######/#---.#/#-@$-#/#----#/#----#/#----#/######");
    let verdict: Vec<&str> = results["verdict"].as_array().unwrap().iter().map(|v| v.as_str().unwrap()).collect();
    assert!(verdict.contains(&"Solvable: the optimum is 2 pushes (proven)."), "{out}");
    let corner: Vec<&str> = results["cornerVerdict"].as_array().unwrap().iter().map(|v| v.as_str().unwrap()).collect();
    assert!(
        corner.iter().any(|v| v.starts_with("Unsolvable: box 1 is in a corner off the goals at row 2, column 2")),
        "{out}"
    );
    assert!(
        text("/badSquare").starts_with("Not a puzzle yet: row 3, column 4: 'X' is not a Sokoban square")
            && text("/badSquare").ends_with("(character 26 of the description)"),
        "{out}"
    );
}
