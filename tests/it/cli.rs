//! The `lp` command line: JSON output, exit codes and messages, and the demo.
#![cfg(feature = "cli")]

use lphint::families::tiles::Tiles;
use lphint::family::Family;
use lphint::search::Puzzle;
use serde_json::Value;
use std::process::{Command, Output};

fn lp(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_lp")).args(args).output().unwrap()
}

fn json(args: &[&str]) -> Value {
    let out = lp(args);
    assert!(out.status.success(), "lp {args:?} failed: {}", String::from_utf8_lossy(&out.stderr));
    serde_json::from_slice(&out.stdout).unwrap()
}

/// Plays the move tokens (tile numbers) and says whether they reach the goal.
fn reaches_goal(puzzle: &Tiles, moves: &[Value]) -> bool {
    let end = moves.iter().try_fold(puzzle.start(), |s, m| {
        let tile: u8 = m.as_str().unwrap().parse().unwrap();
        puzzle.move_of_tile(&s, tile).and_then(|mv| puzzle.apply(&s, &mv))
    });
    end.is_some_and(|s| puzzle.is_goal(&s))
}

#[test]
fn solve_json_gives_the_optimal_solution() {
    let desc = "tiles:3x3:8,6,7,2,5,4,3,0,1";
    for algo in ["ida", "astar", "bfs"] {
        let v = json(&["solve", desc, "--algo", algo, "--json"]);
        assert_eq!(
            (v["family"].as_str(), v["desc"].as_str(), v["solvable"].as_bool()),
            (Some("tiles"), Some(desc), Some(true))
        );
        assert_eq!((v["length"].as_u64(), v["optimal"].as_bool()), (Some(31), Some(true)), "{algo}");
        assert!(v["nodes"].as_u64().unwrap() > 0);
        assert!(reaches_goal(&Tiles::parse(desc).unwrap(), v["moves"].as_array().unwrap()));
    }
    let greedy = json(&["solve", desc, "--algo", "best-first", "--json"]);
    assert_eq!(greedy["optimal"].as_bool(), Some(false));
    assert!(greedy["length"].as_u64().unwrap() >= 31);
}

#[test]
fn optimal_is_said_only_where_the_heuristic_is_declared_admissible() {
    // Flip's mismatched cells overcount (a press flips five): IDA* with them finds 11 presses where 9 do.
    let desc = "flip:5x5:#.##./##.#./#..../#.#../#.###";
    let ida = json(&["solve", desc, "--algo", "ida", "--json"]);
    assert_eq!((ida["length"].as_u64(), ida["optimal"].as_bool()), (Some(11), Some(false)), "{ida}");
    let text = String::from_utf8(lp(&["solve", desc, "--algo", "ida"]).stdout).unwrap();
    assert!(text.contains("11 presses (not proven optimal)"), "{text}");
    for algo in ["bfs", "exact"] {
        let v = json(&["solve", desc, "--algo", algo, "--json"]);
        assert_eq!((v["length"].as_u64(), v["optimal"].as_bool()), (Some(9), Some(true)), "{algo}: {v}");
    }
    // A Linjat position nearer another of its three solutions than the first one found.
    let linjat = "linjat:4x3:2.2./o1../....:0,0=0,0-0,1;0,2=0,2-0,3";
    let solve = json(&["solve", linjat, "--json"]);
    assert_eq!((solve["length"].as_u64(), solve["optimal"].as_bool()), (Some(3), Some(true)), "{solve}");
    let hint = json(&["hint", linjat, "--json"]);
    assert_eq!((hint["moves_left"].as_u64(), hint["optimal"].as_bool()), (Some(3), Some(true)), "{hint}");
    assert!(!hint["text"].as_str().unwrap().contains("no solution"), "{hint}");
}

#[test]
fn hint_json_gives_the_move_and_moves_left() {
    let desc = "tiles:4x4:3,14,9,11,5,4,8,2,13,12,6,7,10,1,15,0:0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15";
    let v = json(&["hint", desc, "--json", "--budget", "100"]);
    assert_eq!(v["moves_left"].as_u64(), Some(46));
    assert!(v["frames"].as_u64().unwrap() > 1, "a budget of 100 spreads the search over frames");
    let puzzle = Tiles::parse(desc).unwrap();
    let tile: u8 = v["move"].as_str().unwrap().parse().unwrap();
    assert!(puzzle.move_of_tile(&puzzle.start(), tile).is_some());
}

#[test]
fn unsolvable_and_solved_positions_are_reported() {
    let v = json(&["solve", "tiles:3x3:2,1,3,4,5,6,7,8,0", "--json"]);
    assert_eq!(
        (v["solvable"].as_bool(), v["status"].as_str(), v["nodes"].as_u64()),
        (Some(false), Some("unsolvable"), Some(0))
    );
    let v = json(&["hint", "tiles:3x3:2,1,3,4,5,6,7,8,0", "--json"]);
    assert_eq!((v["solvable"].as_bool(), v["status"].as_str()), (Some(false), Some("unsolvable")));
    let v = json(&["hint", "tiles:3x3:1,2,3,4,5,6,7,8,0", "--json"]);
    assert_eq!((v["status"].as_str(), v["moves_left"].as_u64()), (Some("already_solved"), Some(0)));
}

#[test]
fn bad_input_fails_with_a_message() {
    let out = lp(&["solve", "tiles:3x3:1,2,3,4,5,6,7,8,8"]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("column 27: tile 8 appears twice"));
    let out = lp(&["solve", "tiles:3x3:1,2,3,4,5,6,7,8,0", "--algo", "magic"]);
    assert!(String::from_utf8_lossy(&out.stderr).contains("unknown algorithm 'magic'"));
    let out = lp(&["solve", "kakuro:3x3"]);
    assert!(String::from_utf8_lossy(&out.stderr).contains("unknown family 'kakuro'"));
    let out = lp(&["solve", "tiles:3x3:8,6,7,2,5,4,3,0,1", "--algo", "hill"]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("stuck"));
    let out = lp(&["solve", "tiles:3x3:8,6,7,2,5,4,3,0,1", "--algo", "astar", "--cap", "100"]);
    assert!(String::from_utf8_lossy(&out.stderr).contains("no solution within the node cap (100 nodes stored at most"));
    let korf1 = "tiles:4x4:14,13,15,7,11,12,9,5,6,0,2,1,4,8,10,3:0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15";
    let out = lp(&["solve", korf1, "--max-nodes", "1000"]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("1000 expanded"), "{}", String::from_utf8_lossy(&out.stderr));
}

#[test]
fn demo_plays_both_puzzles_to_the_end_and_compares_algorithms() {
    let out = lp(&["demo"]);
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("solved in 31 moves"), "{text}");
    assert!(text.contains("solved in 46 moves"), "{text}");
    // Hargram: the X in the corner is taken off first, then the twelve pieces go down.
    assert!(text.contains("1 (12 left)") && text.contains("solved in 13 moves"), "{text}");
    assert!(
        text.contains("1. take the X pentomino off: no solution keeps it there with the pieces as they are"),
        "{text}"
    );
    assert!(text.contains("2. place the "), "hints are said in sentences: {text}");
    assert!(text.contains("every solution: 9356 (2339 up to symmetry)"), "{text}");
    assert!(text.contains("genetic algorithm"), "{text}");
    for name in [
        "breadth-first",
        "hill climbing, tiles in place",
        "hill climbing, 36 - Manhattan",
        "best-first",
        "A*, Manhattan",
        "IDA*, linear conflict",
    ] {
        assert!(text.contains(name), "{name} missing");
    }
    // Which lengths are proven shortest.
    let row = |name: &str| text.lines().find(|l| l.starts_with(name)).unwrap_or_else(|| panic!("{name}: {text}"));
    for name in ["breadth-first", "A*, Manhattan", "IDA*, linear conflict"] {
        assert!(row(name).contains(" proven ") && !row(name).contains("not proven"), "{}", row(name));
    }
    assert!(row("best-first").contains("not proven"), "{}", row("best-first"));
    assert!(text.contains("optimal solve (ida, linear conflict): 31 moves"), "{text}");
    // Huarong Dao and two generated sliding-block puzzles, each a different one.
    let mut blocks: Vec<&str> = text.split_whitespace().filter(|w| w.starts_with("blocks:4x5:")).collect();
    blocks.sort_unstable();
    blocks.dedup();
    assert!(blocks.len() >= 3, "{blocks:?}");
    // It fits a terminal's 100 columns: boards as many a row as fit, sentences wrapped between words.
    for line in text.lines() {
        assert!(line.chars().count() <= 100, "{} columns: {line}", line.chars().count());
    }
}

#[test]
fn korf_bench_checks_lengths() {
    let file = concat!(env!("CARGO_MANIFEST_DIR"), "/data/korf100.txt");
    let out = lp(&["bench", "korf100", "--ids", "9,55", "--heuristic", "linear-conflict", "--file", file]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("0 wrong") && text.contains("one thread's work"), "{text}");
    // A puzzle a thread, listed in the order asked whichever finishes first.
    let (nine, fifty_five) = (text.find("\n   9 ").unwrap(), text.find("\n  55 ").unwrap());
    assert!(nine < fifty_five, "{text}");
}

#[test]
fn the_custom_bench_compares_a_callback_8_puzzle_with_the_built_in_one() {
    let out = lp(&["bench", "custom", "--count", "30"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8_lossy(&out.stdout);
    for algorithm in ["A*", "IDA*"] {
        let row = text
            .lines()
            .find(|l| l.trim_start().starts_with(&format!("{algorithm} ")))
            .unwrap_or_else(|| panic!("{text}"));
        assert_eq!(row.matches("M nodes/s").count(), 2, "{row}");
    }
    assert!(text.contains("every length equal"), "{text}");
}

#[test]
fn the_24_puzzle_bench_reports_lengths_against_the_known_optima() {
    // Korf and Felner's #49 (optimum 100) and #4 (98): the hint mode's solution can be no shorter.
    let out = lp(&["bench", "korf24", "--ids", "4,49"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8_lossy(&out.stdout);
    let rows: Vec<Vec<&str>> =
        text.lines().skip(1).map(|l| l.split_whitespace().collect()).filter(|f: &Vec<&str>| f.len() > 3).collect();
    let rows: Vec<&Vec<&str>> = rows.iter().filter(|f| f[0].parse::<u32>().is_ok()).collect();
    assert_eq!(rows.iter().map(|f| (f[0], f[2])).collect::<Vec<_>>(), [("4", "98"), ("49", "100")], "{text}");
    for f in rows {
        assert!(f[1].parse::<u32>().unwrap() >= f[2].parse::<u32>().unwrap(), "{text}");
    }
    assert!(text.contains("mean length / optimum"), "{text}");
}

#[test]
fn jugs_solve_and_hint_through_the_cli() {
    let v = json(&["solve", "jugs:8,5,3:8,0,0:4,4,0", "--json"]);
    assert_eq!(
        (v["family"].as_str(), v["length"].as_u64(), v["optimal"].as_bool()),
        (Some("jugs"), Some(7), Some(true))
    );
    assert_eq!(v["moves"].as_array().unwrap()[0].as_str().map(|m| m.contains('>')), Some(true));
    let v = json(&["hint", "jugs:3,5:0,0:*,4:tap", "--json"]);
    assert_eq!((v["moves_left"].as_u64(), v["status"].as_str()), (Some(6), Some("ready")));
    let v = json(&["hint", "jugs:4,4:4,0:2,2", "--json"]);
    assert_eq!((v["status"].as_str(), v["solvable"].as_bool()), (Some("unsolvable"), Some(false)));
    let out = lp(&["solve", "jugs:3,5:0,0:*,9"]);
    assert!(String::from_utf8_lossy(&out.stderr).contains("column 16: jug 2 holds at most 5"));
}

#[test]
fn generate_prints_rated_puzzles_deterministically() {
    let run = || lp(&["generate", "jugs", "--difficulty", "medium", "--count", "5", "--seed", "9", "--json"]);
    let (a, b) = (run(), run());
    assert!(a.status.success(), "{}", String::from_utf8_lossy(&a.stderr));
    assert_eq!(a.stdout, b.stdout);
    let lines: Vec<Value> =
        String::from_utf8_lossy(&a.stdout).lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(lines.len(), 5);
    for line in &lines {
        let length = line["length"].as_u64().unwrap();
        assert!((8..=14).contains(&length), "{line}");
        // The CLI's own solver agrees with the rating.
        let solved = json(&["solve", line["desc"].as_str().unwrap(), "--json"]);
        assert_eq!(solved["length"].as_u64(), Some(length));
    }
    let out = lp(&["generate", "flip", "--param", "min=2", "--param", "max=3,size=4x3", "--count", "3", "--json"]);
    for line in String::from_utf8_lossy(&out.stdout).lines() {
        assert!(line.contains("\"desc\":\"flip:4x3:"), "{line}");
    }
    let out = lp(&["generate", "tiles", "--count", "1"]);
    assert!(String::from_utf8_lossy(&out.stderr)
        .contains("give --preset or --param (the tiles presets: easy, medium, hard, expert)"));
    let out = lp(&["generate", "tiles", "--param", "colour=red"]);
    assert!(String::from_utf8_lossy(&out.stderr).contains("colour: unknown parameter (known: min, max, size, method,"));
}

const PENTOMINOES_3X20: &str = "hargram:20x3:..................../..................../....................:\
    .##/##./.#.;#####;#.../####;##../.###;##/##/#.;###/.#./.#.;#.#/###;#../#../###;#../##./.##;.#./###/.#.;\
    .#../####;##./.#./.##";

#[test]
fn hargram_solve_all_counts_solutions() {
    let v = json(&["solve", PENTOMINOES_3X20, "--all", "--json"]);
    assert_eq!(
        (v["family"].as_str(), v["solutions"].as_u64(), v["up_to_symmetry"].as_u64()),
        (Some("hargram"), Some(8), Some(2))
    );
    assert_eq!(v["capped"].as_bool(), Some(false));
    let capped = json(&["solve", PENTOMINOES_3X20, "--all", "--limit", "3", "--json"]);
    assert_eq!((capped["solutions"].as_u64(), capped["capped"].as_bool()), (Some(3), Some(true)));
    let solved = json(&["solve", PENTOMINOES_3X20, "--json"]);
    assert_eq!((solved["length"].as_u64(), solved["moves"].as_array().map(Vec::len)), (Some(12), Some(12)));
    let out = lp(&["solve", "tiles:3x3:8,6,7,2,5,4,3,0,1", "--all"]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("tiles cannot"), "{}", String::from_utf8_lossy(&out.stderr));
}

#[test]
fn hargram_hint_names_a_wrong_piece() {
    let desc = format!("{PENTOMINOES_3X20}:9@0,0,0");
    let v = json(&["hint", &desc, "--json"]);
    assert_eq!((v["move"].as_str(), v["moves_left"].as_u64()), (Some("-9"), Some(13)));
    assert_eq!(v["move_text"].as_str(), Some("take the X pentomino off"));
    assert_eq!(
        v["text"].as_str(),
        Some("take the X pentomino off: no solution keeps it there with the pieces as they are")
    );
    assert_eq!(v["reason"].as_str(), Some("take_off"));
    assert_eq!(v["cells"].as_array().map(Vec::len), Some(5), "the X covers five cells");
}

#[test]
fn lp_ga_shows_fitness_per_generation() {
    let out = lp(&["ga", "hargram:4x3:..../..../....:###/#..;#../###;####", "--population", "100", "--json"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let lines: Vec<Value> = out
        .stdout
        .split(|&b| b == b'\n')
        .filter(|l| !l.is_empty())
        .map(|l| serde_json::from_slice(l).unwrap())
        .collect();
    let last = lines.last().unwrap();
    assert_eq!(
        (last["status"].as_str(), last["best_fitness"].as_u64(), last["perfect"].as_u64()),
        (Some("found"), Some(12), Some(12))
    );
    let fitness: Vec<u64> = lines.iter().map(|l| l["best_fitness"].as_u64().unwrap()).collect();
    assert!(fitness.windows(2).all(|w| w[0] <= w[1]), "the best fitness never drops: {fitness:?}");
    let bad = lp(&["ga", "hargram:4x3:..../..../....:###/#..;#../###;####", "--population", "1"]);
    assert!(!bad.status.success());
}

#[test]
fn solve_all_shows_two_solutions_of_an_ambiguous_sudoku_and_where_they_differ() {
    // Two givens gone from a unique 4x4 puzzle: three solutions.
    let desc = "sudoku:2.4..1......1...";
    let v = json(&["solve", desc, "--all", "--json"]);
    assert_eq!((v["solutions"].as_u64(), v["capped"].as_bool()), (Some(3), Some(false)), "{v}");
    let shown: Vec<&str> = v["shown"].as_array().unwrap().iter().map(|s| s.as_str().unwrap()).collect();
    assert_eq!(shown.len(), 2, "{v}");
    let mut grids = Vec::new();
    for solved in &shown {
        // Each is the puzzle with every other cell written, solved, and keeps the givens.
        let (givens, digits) = solved.strip_prefix("sudoku:").unwrap().split_once(':').unwrap();
        assert_eq!(format!("sudoku:{givens}"), desc);
        let grid: Vec<char> = givens.chars().zip(digits.chars()).map(|(g, d)| if g == '.' { d } else { g }).collect();
        assert!(!grid.contains(&'.'), "{solved}");
        assert!(json(&["solve", solved, "--json"])["length"].as_u64() == Some(0), "{solved} is solved");
        grids.push(grid);
    }
    let differ: Vec<String> =
        (0..16).filter(|&i| grids[0][i] != grids[1][i]).map(|i| format!("r{}c{}", i / 4 + 1, i % 4 + 1)).collect();
    assert!(differ.len() >= 2);
    let out = lp(&["solve", desc, "--all"]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains(&format!("two of them, which differ at {}:", differ.join(", "))), "{text}");
    // A unique puzzle shows none.
    let unique = json(&["solve", "sudoku:2.4..1......1..2", "--all", "--json"]);
    assert_eq!((unique["solutions"].as_u64(), unique["shown"].as_array().map(Vec::len)), (Some(1), Some(0)));
}

#[test]
fn generate_hargram_prints_unique_puzzles() {
    let out = lp(&["generate", "hargram", "--difficulty", "hard", "--count", "3", "--seed", "4", "--json"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    for line in out.stdout.split(|&b| b == b'\n').filter(|l| !l.is_empty()) {
        let v: Value = serde_json::from_slice(line).unwrap();
        let desc = v["desc"].as_str().unwrap();
        assert_eq!(v["length"].as_u64(), Some(6), "six pieces to place");
        assert!(v["rating"].as_u64().unwrap() > 0);
        let all = json(&["solve", desc, "--all", "--json"]);
        assert_eq!(all["up_to_symmetry"].as_u64(), Some(1), "{desc}");
    }
    let custom = json(&[
        "generate",
        "hargram",
        "--param",
        "size=5x4,pieces=5,piece_size=4..4,unique=false,min=0,max=100000",
        "--count",
        "1",
        "--json",
    ]);
    assert!(custom["desc"].as_str().unwrap().starts_with("hargram:5x4:"));
}

#[test]
fn packs_build_show_and_verify_through_the_cli() {
    let dir = std::env::temp_dir().join(format!("lphint-cli-packs-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for family in ["tiles", "jugs", "flip", "hargram"] {
        let file = dir.join(format!("{family}.lpk"));
        let file = file.to_str().unwrap();
        let out = lp(&[
            "pack",
            "build",
            "--family",
            family,
            "--difficulty",
            "medium",
            "--count",
            "4",
            "--seed",
            "2",
            "--name",
            "Second world",
            "-o",
            file,
        ]);
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        let show = lp(&["pack", "show", file]);
        let shown = String::from_utf8_lossy(&show.stdout);
        assert!(show.status.success() && shown.contains("4 puzzles") && shown.contains("[medium]"), "{shown}");
        assert!(shown.starts_with(&format!("{file} \"Second world\": 4 puzzles")), "the pack's name: {shown}");
        let verify = lp(&["pack", "verify", file]);
        assert!(verify.status.success(), "{}", String::from_utf8_lossy(&verify.stdout));
        let report = String::from_utf8_lossy(&verify.stdout).into_owned();
        assert!(report.contains("all 4 puzzles verified"), "{report}");
        // On one thread or several, the same report in the same order (the timing aside).
        let on_one = String::from_utf8_lossy(&lp(&["pack", "verify", file, "--jobs", "1"]).stdout).into_owned();
        let body = |r: &str| r[..r.rfind("all 4").unwrap()].to_string();
        assert_eq!(body(&on_one), body(&report));
        assert!(on_one.contains("on 1 thread,") && report.contains("one thread's work)"), "{on_one}{report}");
    }
    // A stored answer that is not optimal fails verification; damaged bytes fail to load.
    let long_way = ["4", "4"]; // tile 4 down and back up, then the 2 moves that solve it
    let puzzle = Tiles::parse("tiles:3x3:1,2,3,4,5,6,0,7,8").unwrap();
    let mut moves: Vec<lphint::family::MoveCode> = Vec::new();
    let mut state = puzzle.start();
    for tile in long_way.iter().chain(&["7", "8"]) {
        let mv = puzzle.move_of_tile(&state, tile.parse().unwrap()).unwrap();
        state = puzzle.apply(&state, &mv).unwrap();
        moves.push(puzzle.encode_move(&mv));
    }
    assert!(puzzle.is_goal(&state));
    let entry = lphint::pack::PackEntry {
        desc: puzzle.describe(),
        rating: 2,
        solution: Some(lphint::pack::Bounded(moves)),
        ..Default::default()
    };
    let file = dir.join("long.lpk");
    std::fs::write(&file, lphint::pack::Pack::of(vec![entry]).to_bytes()).unwrap();
    let verify = lp(&["pack", "verify", file.to_str().unwrap()]);
    assert!(!verify.status.success());
    assert!(
        String::from_utf8_lossy(&verify.stdout).contains("has 4 moves, but the optimum is 2: it is not optimal"),
        "{}",
        String::from_utf8_lossy(&verify.stdout)
    );
    // The same level twice fails verification.
    let twice = lphint::pack::PackEntry { desc: "tiles:3x3:1,2,3,4,5,6,7,0,8".into(), rating: 1, ..Default::default() };
    let doubled = dir.join("twice.lpk");
    std::fs::write(&doubled, lphint::pack::Pack::of(vec![twice.clone(), twice]).to_bytes()).unwrap();
    let verify = lp(&["pack", "verify", doubled.to_str().unwrap()]);
    assert!(!verify.status.success());
    assert!(String::from_utf8_lossy(&verify.stdout).contains("#2 FAILED: the same level as #1"));
    // A repeated level with a wrong rating too: both problems said.
    let twice = lphint::pack::PackEntry { desc: "tiles:3x3:1,2,3,4,5,6,7,0,8".into(), rating: 1, ..Default::default() };
    let wrong = lphint::pack::PackEntry { rating: 3, ..twice.clone() };
    std::fs::write(&doubled, lphint::pack::Pack::of(vec![twice, wrong]).to_bytes()).unwrap();
    let report = String::from_utf8_lossy(&lp(&["pack", "verify", doubled.to_str().unwrap()]).stdout).into_owned();
    assert!(
        report.contains("#2 FAILED: the same level as #1; rating 3 stored, but the exact rating is 1 move\n"),
        "{report}"
    );
    let show = String::from_utf8_lossy(&lp(&["pack", "show", doubled.to_str().unwrap()]).stdout).into_owned();
    assert!(show.contains("rating 1, no stored solution"), "{show}");
    assert!(report.contains("#1 ok: rating 1 move, no stored solution"), "{report}");
    let mut bytes = std::fs::read(&file).unwrap();
    bytes[10] ^= 1;
    std::fs::write(&file, bytes).unwrap();
    let damaged = lp(&["pack", "show", file.to_str().unwrap()]);
    assert!(!damaged.status.success() && String::from_utf8_lossy(&damaged.stderr).contains("checksum"));
    std::fs::remove_dir_all(&dir).unwrap();
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

#[test]
fn options_that_do_not_apply_are_refused_and_exit_codes_say_what_was_answered() {
    let eight = "tiles:3x3:8,6,7,2,5,4,3,0,1";
    let refused = [
        (vec!["solve", eight, "--algo", "ida", "--cap", "100"], "--cap sets the node pool"),
        (vec!["solve", eight, "--cap", "100"], "the family's own solver reserves its own"),
        (
            vec!["solve", "jugs:8,5,3:8,0,0:4,4,0", "--heuristic", "manhattan"],
            "jugs puzzles take no option 'heuristic'",
        ),
        (
            vec!["generate", "tiles", "--preset", "easy", "--param", "tap=true"],
            "tap: unknown parameter (known: min, max, size, method, iterations, t_start, t_end, target)",
        ),
        (vec!["generate", "jugs", "--preset", "easy", "--param", "size=3x3"], "size: unknown parameter"),
        (
            vec!["generate", "jugs", "--preset", "easy", "--param", "jugs=9"],
            "jugs: 9 is out of range: a whole number 2..8",
        ),
        (vec!["solve", eight, "--limit", "3"], "--limit applies to --all only"),
    ];
    for (args, message) in refused {
        let out = lp(&args);
        assert_eq!(out.status.code(), Some(1), "{args:?}");
        assert!(stderr(&out).contains(message), "{args:?}: {}", stderr(&out));
    }
    // Proven unsolvable is an answer (0); a depth limit is not (2), and JSON says "unknown".
    assert_eq!(lp(&["solve", "tiles:3x3:2,1,3,4,5,6,7,8,0"]).status.code(), Some(0));
    let out = lp(&["solve", eight, "--algo", "bfs:20", "--json"]);
    assert_eq!(out.status.code(), Some(2));
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!((v["solvable"].as_str(), v["depth_limit"].as_u64()), (Some("unknown"), Some(20)));
    // A hint with a limit on its work: not answered, exit 2.
    let out = lp(&[
        "hint",
        "tiles:4x4:14,13,15,7,11,12,9,5,6,0,2,1,4,8,10,3:0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15",
        "--max-nodes",
        "500",
        "--json",
    ]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    // Singular words for one.
    let out = lp(&["hint", "tiles:3x3:1,2,3,4,5,6,7,0,8", "--budget", "100"]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("(1 move left; 1 node over 1 frame of 100)"), "{text}");
    // Flip hints: the token counts from 0, the sentence from 1.
    let v = json(&["hint", "flip:3x1:##.", "--json"]);
    assert_eq!((v["move"].as_str(), v["move_text"].as_str()), (Some("0,0"), Some("press column 1, row 1")));
}

#[test]
fn help_says_what_every_command_does() {
    let out = lp(&["--help"]);
    let help = String::from_utf8_lossy(&out.stdout);
    assert!(help.contains("hint") && help.contains("The next move from the position"), "{help}");
    assert!(help.contains("Exit status: 0 answered"), "{help}");
    let solve = String::from_utf8_lossy(&lp(&["solve", "--help"]).stdout).into_owned();
    assert!(!solve.contains("18446744073709551615"), "{solve}");
    // Every benchmark (as `lp bench` lists them when asked for an unknown one) in both helps.
    let unknown = stderr(&lp(&["bench", "no-such-bench"]));
    let known = unknown.split("known: ").nth(1).unwrap().trim().trim_end_matches(')');
    let bench = String::from_utf8_lossy(&lp(&["bench", "--help"]).stdout).into_owned();
    for name in known.split(", ") {
        assert!(help.contains(name) && bench.contains(name), "{name} missing from the helps:\n{help}\n{bench}");
    }
    // Every table kind of the registry where tables are named.
    let tables = String::from_utf8_lossy(&lp(&["tables", "build", "--help"]).stdout).into_owned();
    for (_, kind) in lphint::registry::table_kinds() {
        for (what, text) in
            [("lp --help", help.as_ref()), ("lp tables build --help", &tables), ("lp solve --help", &solve)]
        {
            assert!(text.contains(kind.name), "{what} does not name the tables {}:\n{text}", kind.name);
        }
    }
    // --all and --cluster name every family that has them (and only those).
    let option_help = |flag: &str| -> String {
        let at = solve.find(&format!("      {flag}")).unwrap();
        let rest = &solve[at + flag.len() + 6..];
        rest[..rest.find("\n      -").unwrap_or(rest.len())].to_string()
    };
    let (all, cluster) = (option_help("--all"), option_help("--cluster"));
    for family in lphint::registry::families() {
        let mut generator = family.generator(family.small, 1).unwrap();
        let session = generator.next(u32::MAX).unwrap().session;
        let counts = session.count_solutions(1).is_some();
        let clusters = session.cluster(100_000, 1).is_some();
        assert_eq!(all.contains(family.name), counts, "--all and {}: {all}", family.name);
        assert_eq!(cluster.contains(family.name), clusters, "--cluster and {}: {cluster}", family.name);
    }
}

/// The help of `lp` with the subcommand path `words`, or `None` when there is no such command.
fn help_of(words: &[&str]) -> Option<String> {
    let mut args: Vec<&str> = words.to_vec();
    args.push("--help");
    let out = lp(&args);
    out.status.success().then(|| String::from_utf8_lossy(&out.stdout).into_owned())
}

/// Checks that every `lp …` command in backticks in `text` exists and takes the flags it names, and
/// that every other `--flag` of `text` is one of `default_command`'s.
fn names_only_real_commands_and_flags(text: &str, default_command: &[&str], whence: &str) {
    let mut quoted: Vec<&str> = text.split('`').skip(1).step_by(2).filter(|q| q.starts_with("lp ")).collect();
    quoted.dedup();
    for command in &quoted {
        let words: Vec<&str> = command.split_whitespace().skip(1).collect();
        // The longest prefix of words (no flags, no values) that is a command.
        let path: Vec<&str> = words.iter().take_while(|w| !w.starts_with('-')).copied().collect();
        let (help, used) = (1..=path.len().min(2))
            .rev()
            .find_map(|n| help_of(&path[..n]).map(|h| (h, n)))
            .unwrap_or_else(|| panic!("{whence}: `{command}` is no lp command"));
        assert!(used > 0);
        for flag in words.iter().filter(|w| w.starts_with("--")) {
            let flag = flag.split('=').next().unwrap();
            assert!(help.contains(flag), "{whence}: `{command}`: {flag} is no flag of lp {}", path[..used].join(" "));
        }
    }
    let outside: String = text.split('`').step_by(2).collect::<Vec<_>>().join(" ");
    let help = help_of(default_command).unwrap();
    for word in outside.split(|c: char| !(c.is_ascii_alphanumeric() || c == '-')) {
        if word.starts_with("--") && word.len() > 2 {
            assert!(help.contains(word), "{whence}: {word} is no flag of lp {}", default_command.join(" "));
        }
    }
}

#[test]
fn messages_name_only_commands_and_flags_that_exist() {
    // Every message of the sources that names an `lp` command in backticks.
    let mut files = vec![std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("src")];
    let mut checked = 0;
    while let Some(path) = files.pop() {
        if path.is_dir() {
            files.extend(std::fs::read_dir(&path).unwrap().map(|e| e.unwrap().path()));
            continue;
        }
        if path.extension().is_none_or(|e| e != "rs") {
            continue;
        }
        let source = std::fs::read_to_string(&path).unwrap();
        for (i, line) in source.lines().enumerate() {
            // Code, not comments (a comment's backticks are documentation): the commands in backticks.
            let code = line.trim_start();
            if code.starts_with("//") || !code.contains("`lp ") {
                continue;
            }
            let commands: Vec<&str> = code.split('`').skip(1).step_by(2).filter(|q| q.starts_with("lp ")).collect();
            let whence = format!("{}:{}", path.display(), i + 1);
            names_only_real_commands_and_flags(&format!("`{}`", commands.join("` `")), &[], &whence);
            checked += 1;
        }
    }
    assert!(checked >= 3, "{checked} messages naming lp commands found");
    // The messages of failures that advise a flag.
    let jugs = "jugs:255,253,251,247,241,239,233,229:0,0,0,0,0,0,0,0:1,2,3,4,5,6,7,8:tap";
    let blocks = "blocks:4x5:BAAC/BAAC/DEEF/DGHF/I..J:A@3,1";
    let korf = "tiles:4x4:14,13,15,7,11,12,9,5,6,0,2,1,4,8,10,3:0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15";
    let failures: Vec<Vec<&str>> = vec![
        vec!["solve", jugs],
        vec!["solve", jugs, "--algo", "bfs", "--cap", "1000"],
        vec!["solve", jugs, "--algo", "ida", "--max-nodes", "100"],
        vec!["solve", korf, "--algo", "ida", "--cap", "100"],
        vec!["solve", blocks, "--cluster", "--cap", "1000"],
        vec!["solve", blocks, "--cluster", "--cap", "100000000000"],
        vec!["solve", jugs, "--cluster"],
        vec!["solve", blocks, "--rules"],
        vec!["solve", blocks, "--all"],
        vec!["solve", korf, "--limit", "3"],
        vec!["hint", korf, "--max-nodes", "100"],
    ];
    for args in failures {
        let out = lp(&args);
        assert!(!out.status.success() || !stderr(&out).is_empty(), "{args:?} succeeded");
        names_only_real_commands_and_flags(&stderr(&out), &args[..1], &format!("lp {args:?}"));
    }
}

#[test]
fn generation_hands_out_distinct_puzzles_or_says_the_band_is_smaller() {
    let out = lp(&["generate", "flip", "--difficulty", "medium", "--count", "100", "--json"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("the band holds only"), "{}", stderr(&out));
    let descs: Vec<String> = String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).unwrap()["desc"].as_str().unwrap().to_string())
        .collect();
    let distinct: std::collections::HashSet<&String> = descs.iter().collect();
    assert!(descs.len() > 20 && distinct.len() == descs.len(), "{} of {}", distinct.len(), descs.len());
    let out = lp(&["generate", "tiles", "--param", "size=3x3,min=40,max=50"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("the highest rating is 31"), "{}", stderr(&out));
    let out = lp(&["generate", "tiles", "--preset", "expert", "--param", "size=5x5", "--count", "1"]);
    assert!(stderr(&out).contains("cannot be rated exactly"), "{}", stderr(&out));
    // A pack of more levels than the band holds is not written.
    let dir = std::env::temp_dir().join(format!("lphint-cli-small-band-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("small.lpk");
    let out = lp(&[
        "pack",
        "build",
        "--family",
        "tiles",
        "--param",
        "min=31,max=31",
        "--count",
        "3",
        "-o",
        file.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("2 puzzles of 3 asked") && !file.exists(), "{}", stderr(&out));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn data_files_are_checked_before_they_are_read() {
    let dir = std::env::temp_dir().join(format!("lphint-cli-files-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    // A 2 GB sparse file: refused by its size, at once, without reading it.
    let huge = dir.join("huge.bin");
    std::fs::File::create(&huge).unwrap().set_len(2 << 30).unwrap();
    let clock = std::time::Instant::now();
    let out = lp(&["pack", "show", huge.to_str().unwrap()]);
    assert!(stderr(&out).contains("is more than any pack"), "{}", stderr(&out));
    assert!(clock.elapsed().as_secs() < 5);
    // Foreign bytes: refused by their magic.
    let foreign = dir.join("foreign.bin");
    std::fs::write(&foreign, b"PK\x03\x04 not a pack at all").unwrap();
    let out = lp(&["pack", "verify", foreign.to_str().unwrap()]);
    assert!(stderr(&out).contains("bad magic"), "{}", stderr(&out));
    let out = lp(&["solve", "tiles:4x4:1,2,3,4,5,6,7,8,9,10,11,12,13,14,0,15", "--tables", foreign.to_str().unwrap()]);
    assert!(stderr(&out).contains("unknown magic"), "{}", stderr(&out));
    // Level names are printed with their control characters escaped.
    let entry = lphint::pack::PackEntry {
        desc: "tiles:3x3:1,2,3,4,5,6,7,0,8".into(),
        rating: 1,
        name: Some("evil\x1b[2Jname".into()),
        ..Default::default()
    };
    let named = dir.join("named.lpk");
    std::fs::write(&named, lphint::pack::Pack::of(vec![entry]).to_bytes()).unwrap();
    let out = lp(&["pack", "show", named.to_str().unwrap()]);
    let shown = String::from_utf8_lossy(&out.stdout);
    assert!(shown.contains("evil\\u{1b}[2Jname") && !shown.contains('\x1b'), "{shown}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn korf_bench_runs_from_any_directory() {
    let out = Command::new(env!("CARGO_BIN_EXE_lp"))
        .args(["bench", "korf100", "--ids", "9", "--heuristic", "linear-conflict"])
        .current_dir(std::env::temp_dir())
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(String::from_utf8_lossy(&out.stdout).contains("0 wrong"));
}

#[test]
fn blocks_solve_hint_and_cluster() {
    let classic = "blocks:4x5:BAAC/BAAC/DEEF/DGHF/I..J:A@3,1";
    for (count, moves) in [("free", 81), ("line", 90), ("step", 116)] {
        let v = json(&["solve", classic, "--option", &format!("count={count}"), "--json"]);
        assert_eq!(v["length"].as_u64(), Some(moves), "{count}: {v}");
    }
    let v = json(&["solve", classic, "--cluster", "--json"]);
    assert_eq!((v["states"].as_u64(), v["goal_states"].as_u64()), (Some(25_955), Some(964)), "{v}");
    assert_eq!(v["start_distance"].as_u64(), Some(81));
    let hint = json(&["hint", classic, "--json"]);
    assert!(hint["text"].as_str().unwrap().starts_with("move block "), "{hint}");
    let out = lp(&["solve", classic, "--cluster", "--cap", "100"]);
    assert_eq!(out.status.code(), Some(2), "a cluster past the cap is not answered");
    // Tiles' moves can all be undone too: the 8-puzzle's cluster is half the arrangements.
    let v = json(&["solve", "tiles:3x3:8,6,7,2,5,4,3,0,1", "--cluster", "--json"]);
    assert_eq!((v["states"].as_u64(), v["start_distance"].as_u64()), (Some(181_440), Some(31)), "{v}");
    // A pour cannot be undone: jugs have no cluster analysis.
    let out = lp(&["solve", "jugs:8,5,3:8,0,0:4,4,0", "--cluster"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("jugs puzzles have no cluster analysis"), "{}", stderr(&out));
}

#[test]
fn linjat_rules_trace_counts_and_hints() {
    // The published expert puzzle of data/linjat.txt (LJ22).
    let expert = "linjat:9x13:oo4..o.o4/2o.3oo.../o3oo2o.../...oo3.4./........./o...7..o2/2.....o2o/o...o..4o/\
                  ....oo4oo/5...o3oo3/.33o3oo4./.oo2o..../o2o......";
    let v = json(&["solve", expert, "--rules", "--json"]);
    assert_eq!(v["solved"], true, "{v}");
    assert_eq!((v["depth"].as_u64(), v["max_width"].as_u64()), (Some(23), Some(3)));
    let rules = &v["rules"];
    for (rule, depth) in [("uncontested", 0), ("cover", 12), ("single_solution", 0), ("cant_fit", 7)] {
        assert_eq!(rules[rule].as_u64(), Some(depth), "{rule}: {v}");
    }
    for (rule, depth) in [("square", 0), ("dependency", 3), ("one_of", 1)] {
        assert_eq!(rules[rule].as_u64(), Some(depth), "{rule}: {v}");
    }
    assert_eq!(v["steps"].as_array().map(Vec::len), Some(23));
    assert_eq!((v["widest"]["cover"].as_u64(), v["widest"]["square"].as_u64()), (Some(3), Some(0)), "{v}");
    let v = json(&["solve", expert, "--all", "--json"]);
    assert_eq!(v["solutions"].as_u64(), Some(1));
    // The second tutorial grid has two solutions.
    let v = json(&["solve", "linjat:4x4:.3../..../o.3./....", "--all", "--json"]);
    assert_eq!(v["solutions"].as_u64(), Some(2));
    let hint = json(&["hint", expert, "--json"]);
    assert!(hint["text"].as_str().unwrap().starts_with("Only the 2 at row 7, column 8 can reach the dot"), "{hint}");
    let out = lp(&["solve", "tiles:3x3:8,6,7,2,5,4,3,0,1", "--rules"]);
    assert_eq!(out.status.code(), Some(1), "tiles have no rule solver");
}

#[test]
fn generation_is_the_same_on_any_number_of_threads() {
    // Annealing too: each puzzle's chain comes from its own stream.
    for (family, preset, count, method) in
        [("tiles", "easy", "12", "draw"), ("linjat", "easy", "3", ""), ("flip", "hard", "6", "anneal")]
    {
        let run = |jobs: &str| {
            let mut args =
                vec!["generate", family, "--preset", preset, "--count", count, "--seed", "4", "--json", "--jobs", jobs];
            let method = format!("method={method}");
            if method != "method=" {
                args.extend(["--param", &method]);
            }
            let out = lp(&args);
            assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
            String::from_utf8(out.stdout).unwrap()
        };
        let one = run("1");
        assert_eq!(one.lines().count(), count.parse::<usize>().unwrap());
        assert_eq!(run("3"), one, "{family}: 3 threads give what 1 gives");
        let descs: std::collections::HashSet<&str> = one.lines().collect();
        assert_eq!(descs.len(), one.lines().count(), "distinct puzzles");
    }
}

#[test]
fn report_writes_every_family_s_plots_as_svg_with_an_index() {
    let dir = std::env::temp_dir().join(format!("lp-report-{}", std::process::id()));
    // A small node cap: the figures are drawn whatever the searches reach. The easy presets alone (the
    // hardest ones took 18 of the test's 20 s).
    let out = lp(&["report", "-o", dir.to_str().unwrap(), "--count", "1", "--max-nodes", "20000", "--presets", "easy"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let index = std::fs::read_to_string(dir.join("index.html")).unwrap();
    let mut figures = vec!["ga-fitness.svg".to_string(), "ga-time.svg".to_string()];
    for family in lphint::registry::families() {
        figures.push(format!("generation-{}.svg", family.name));
    }
    figures.push("solving-tiles.svg".into());
    for figure in &figures {
        let svg = std::fs::read_to_string(dir.join(figure)).unwrap_or_else(|e| panic!("{figure}: {e}"));
        assert!(svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"), "{figure}");
        assert!(svg.contains("<rect") || svg.contains("<polyline"), "{figure} draws nothing");
        assert!(index.contains(&format!("src=\"{figure}\"")), "{figure} is not on the index page");
    }
    // A preset no family has is refused, with the names there are.
    let typo = lp(&["report", "-o", dir.to_str().unwrap(), "--presets", "esay"]);
    assert_eq!(typo.status.code(), Some(1), "{}", stderr(&typo));
    assert!(
        stderr(&typo).contains("no family has a preset 'esay'") && stderr(&typo).contains("easy"),
        "{}",
        stderr(&typo)
    );
    // A cap no machine can reserve is refused in words, not skipped as if every search had failed.
    let huge = lp(&["report", "-o", dir.to_str().unwrap(), "--count", "1", "--max-nodes", &u64::MAX.to_string()]);
    assert_eq!(huge.status.code(), Some(1), "{}", stderr(&huge));
    assert!(
        stderr(&huge).contains("--max-nodes") && stderr(&huge).contains("could not be reserved"),
        "{}",
        stderr(&huge)
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[cfg(unix)]
#[test]
fn output_into_a_closed_pipe_ends_quietly() {
    // The reader goes away before the first line: the process ends without a panic message.
    let mut child = Command::new(env!("CARGO_BIN_EXE_lp"))
        .args(["families"])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    let out = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!stderr.contains("panicked"), "{stderr}");
}

/// `lp studio` serving a folder of its own (a page and a stand-in module) with `args`, run by `bash`
/// after `prelude` (a `ulimit`, say); its process and address. Killed when the guard drops.
#[cfg(unix)]
fn studio_server(name: &str, prelude: &str, args: &str) -> (StudioProcess, String) {
    use std::io::{BufRead, BufReader};
    let dir = std::env::temp_dir().join(format!("lphint-studio-{name}-{}", std::process::id()));
    std::fs::create_dir_all(dir.join("lphint")).unwrap();
    std::fs::write(dir.join("index.html"), "<!doctype html><title>studio</title>").unwrap();
    std::fs::write(dir.join("lphint/lphint.wasm"), b"\0asm").unwrap();
    let command =
        format!("{prelude} exec '{}' studio --port 0 --dir '{}' {args}", env!("CARGO_BIN_EXE_lp"), dir.display());
    let mut child = Command::new("bash")
        .args(["-c", &command])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap()).read_line(&mut line).unwrap();
    let url = line.split_whitespace().find(|w| w.starts_with("http://")).unwrap_or_else(|| panic!("{line:?}"));
    let address = url.trim_start_matches("http://").trim_end_matches('/').to_string();
    (StudioProcess(child, dir), address)
}

/// A running server and its folder, both gone when dropped.
#[cfg(unix)]
struct StudioProcess(std::process::Child, std::path::PathBuf);

#[cfg(unix)]
impl Drop for StudioProcess {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
        let _ = std::fs::remove_dir_all(&self.1);
    }
}

/// The status code the server answers to `request` (sent whole), or 0 when it closes without one.
#[cfg(unix)]
fn answer_to(address: &str, request: &[u8]) -> u16 {
    use std::io::{Read, Write};
    let mut stream = std::net::TcpStream::connect(address).unwrap();
    let _ = stream.write_all(request);
    let mut answer = Vec::new();
    let _ = stream.read_to_end(&mut answer);
    String::from_utf8_lossy(&answer).split_whitespace().nth(1).and_then(|s| s.parse().ok()).unwrap_or(0)
}

#[cfg(unix)]
#[test]
fn the_studio_server_bounds_request_heads_and_connections() {
    use std::io::{Read, Write};
    use std::time::{Duration, Instant};
    // Three seconds for a head: long enough that the idle connections below still hold their places when
    // the fourth arrives on a loaded machine (with one second, a stalled test thread once saw them dropped).
    let (_server, address) = studio_server("bounds", "", "--max-connections 3 --head-timeout 3");
    // A connection answered before may still be draining on a loaded machine (the other tests run lp on
    // every core; once, the fourth request here met a 503): a 503 (no place yet) is asked again until a
    // place frees, then the answer must be the one expected.
    let admitted = |request: &[u8]| {
        let waited = Instant::now();
        loop {
            match answer_to(&address, request) {
                503 if waited.elapsed() < Duration::from_secs(10) => std::thread::sleep(Duration::from_millis(20)),
                status => return status,
            }
        }
    };
    assert_eq!(admitted(b"GET / HTTP/1.1\r\nHost: x\r\n\r\n"), 200);
    // A request line over 4 KiB: 414; a head over 8 KiB: 431.
    let long = format!("GET /{} HTTP/1.1\r\n\r\n", "a".repeat(5000));
    assert_eq!(admitted(long.as_bytes()), 414);
    // The limit is the line's own length, whichever end it has: 4,096 bytes pass with CRLF as with LF
    // (once, CRLF was refused), 4,097 do not.
    for (size, expected) in [(4096, 404), (4097, 414)] {
        let line = |end: &str| format!("GET /{} HTTP/1.1", "a".repeat(size - "GET / HTTP/1.1".len())) + end;
        for end in ["\r\n", "\n"] {
            let request = format!("{}{end}", line(end));
            assert_eq!(line(end).len() - end.len(), size);
            assert_eq!(admitted(request.as_bytes()), expected, "a line of {size} bytes ending {end:?}");
        }
    }
    let headers = format!("GET / HTTP/1.1\r\n{}\r\n", "X-Pad: 0123456789abcdef\r\n".repeat(400));
    assert_eq!(admitted(headers.as_bytes()), 431);
    // The limit is the head's own size, to the byte, whatever the reads it arrives in: heads of 8,150 to
    // 9,100 bytes (once, those up to 9,027 passed with 200).
    let head_of = |size: usize| {
        let frame = "GET / HTTP/1.1\r\nX-Pad: \r\n\r\n".len();
        format!("GET / HTTP/1.1\r\nX-Pad: {}\r\n\r\n", "p".repeat(size - frame))
    };
    for size in (8150..=9100).step_by(50).chain([8192, 8193]) {
        let expected = if size <= 8192 { 200 } else { 431 };
        assert_eq!(admitted(head_of(size).as_bytes()), expected, "a head of {size} bytes");
    }
    // However much more the client sends, the answer reaches it: the server drains what it refused before
    // closing, rather than resetting the connection (which lost the 431 and 414 past about 18 KB).
    for size in [18_000, 64_000, 400_000] {
        assert_eq!(admitted(head_of(size).as_bytes()), 431, "a head of {size} bytes");
        let line = format!("GET /{} HTTP/1.1\r\n\r\n", "a".repeat(size));
        assert_eq!(admitted(line.as_bytes()), 414, "a request line of {size} bytes");
    }
    // The refused connections give their places back once drained (on a loaded machine, a moment after
    // their clients have closed): wait until a request is served again.
    let waited = Instant::now();
    while answer_to(&address, b"GET / HTTP/1.1\r\n\r\n") != 200 {
        assert!(waited.elapsed() < Duration::from_secs(10), "places are given back after draining");
        std::thread::sleep(Duration::from_millis(50));
    }
    // A client that sends a header line every 200 ms, forever: the whole head is bounded in time (three
    // seconds here), so the server answers 408 and closes while the client is still sending.
    let mut slow = std::net::TcpStream::connect(&address).unwrap();
    slow.write_all(b"GET / HTTP/1.1\r\n").unwrap();
    slow.set_read_timeout(Some(Duration::from_millis(200))).unwrap();
    let mut answer = Vec::new();
    for _ in 0..100 {
        let _ = slow.write_all(b"X-Slow: 1\r\n");
        let mut buf = [0u8; 512];
        match slow.read(&mut buf) {
            Ok(0) => break,
            Ok(n) => answer.extend_from_slice(&buf[..n]),
            Err(_) => {}
        }
    }
    assert!(String::from_utf8_lossy(&answer).starts_with("HTTP/1.1 408 "), "{:?}", String::from_utf8_lossy(&answer));
    // Three idle connections take every place: a fourth is answered 503 at once, without waiting for them.
    let idle: Vec<_> = (0..3).map(|_| std::net::TcpStream::connect(&address).unwrap()).collect();
    std::thread::sleep(Duration::from_millis(200));
    assert_eq!(answer_to(&address, b"GET / HTTP/1.1\r\n\r\n"), 503);
    // Their head time runs out; then requests are served again.
    let since = Instant::now();
    while answer_to(&address, b"GET / HTTP/1.1\r\n\r\n") != 200 {
        assert!(since.elapsed() < Duration::from_secs(30), "the idle connections were never dropped");
        std::thread::sleep(Duration::from_millis(100));
    }
    drop(idle);
}

/// CPU time (user and system) a process has used, in clock ticks, from `/proc`.
#[cfg(target_os = "linux")]
fn cpu_ticks(pid: u32) -> u64 {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap();
    let after = &stat[stat.rfind(')').unwrap() + 2..];
    let fields: Vec<&str> = after.split_whitespace().collect();
    fields[11].parse::<u64>().unwrap() + fields[12].parse::<u64>().unwrap()
}

#[cfg(target_os = "linux")]
#[test]
fn the_studio_server_waits_instead_of_spinning_when_out_of_file_descriptors() {
    use std::time::Duration;
    // 24 descriptors: a handful of connections use up the rest, and accepting fails.
    let (server, address) = studio_server("descriptors", "ulimit -n 24;", "--head-timeout 30");
    let pid = server.0.id();
    let held: Vec<_> = (0..40).filter_map(|_| std::net::TcpStream::connect(&address).ok()).collect();
    std::thread::sleep(Duration::from_millis(300));
    let before = cpu_ticks(pid);
    std::thread::sleep(Duration::from_secs(2));
    let used = cpu_ticks(pid) - before;
    // Spinning on accept would use all of the 2 s (about 200 ticks); waiting uses next to none.
    assert!(used < 40, "the server used {used} ticks of CPU in 2 s while out of file descriptors");
    drop(held);
}

/// `lp enumerate --stats`'s phases: the serial fraction a share of the work, and the speed-ups on 16 and
/// 64 threads Amdahl's law gives from it.
fn amdahl_from_the_serial_fraction(stats: &str) {
    let after = |key: &str| -> f64 {
        let start = stats.find(key).unwrap_or_else(|| panic!("no {key:?} in {stats}")) + key.len();
        let number: String = stats[start..].chars().take_while(|c| c.is_ascii_digit() || *c == '.').collect();
        number.parse().unwrap_or_else(|_| panic!("{key:?}: {stats}"))
    };
    let (enumeration, analysis, writing) =
        (after("phases: enumeration "), after("analysis "), after("ordered writing "));
    let serial_percent = after(" s = ");
    let (on_16, on_64) = (after("(Amdahl: "), after("× on 16 threads, "));
    assert!(enumeration > 0.0 && analysis > 0.0 && writing >= 0.0, "{stats}");
    assert!((0.0..100.0).contains(&serial_percent), "{stats}");
    let amdahl = |p: f64| 1.0 / (serial_percent / 100.0 + (1.0 - serial_percent / 100.0) / p);
    for (p, printed) in [(16.0, on_16), (64.0, on_64)] {
        // The printed fraction is rounded to 0.1 %: the speed-up from it within that rounding.
        let (low, high) = (amdahl(p) * 0.97 - 0.1, amdahl(p) * 1.03 + 0.1);
        assert!(printed >= 1.0 && printed <= p && (low..=high).contains(&printed), "{p}: {printed}: {stats}");
    }
}

#[test]
fn enumerate_splits_resumes_and_merges_a_database() {
    let dir = std::env::temp_dir().join(format!("lp-enumerate-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = |name: &str| dir.join(name).to_string_lossy().into_owned();
    let (whole, a, b, merged) = (path("whole.txt"), path("a.txt"), path("b.txt"), path("merged.txt"));
    let space = ["enumerate", "--size", "5", "--quiet"];
    let run = |extra: &[&str]| {
        let out = lp(&[&space[..], extra].concat());
        assert!(out.status.success(), "{extra:?}: {}", stderr(&out));
        out
    };
    let stats = stderr(&run(&["-o", &whole, "--stats"]));
    amdahl_from_the_serial_fraction(&stats);
    let whole_text = std::fs::read_to_string(&whole).unwrap();
    let listed = |text: &str| text.lines().filter(|l| !l.starts_with('#')).map(String::from).collect::<Vec<_>>();
    let last = |text: &str| text.lines().last().unwrap().to_string();
    assert!(
        last(&whole_text)
            .starts_with("# through 274943 inputs=274943 lowest=130792 solvable=60531 minimal=952 states=7165576 crc="),
        "{}",
        last(&whole_text)
    );
    assert_eq!(listed(&whole_text).len(), 952);
    // Two parts (on one thread and on every core), the second cut in the middle of a batch and resumed,
    // then merged: the file the single run wrote, byte for byte (checkpoints at the same IDs whatever the
    // range or the threads).
    run(&["--to", "100000", "-o", &a, "--jobs", "1"]);
    run(&["--from", "100000", "-o", &b]);
    let b_text = std::fs::read_to_string(&b).unwrap();
    let checkpoints: Vec<usize> = b_text.match_indices("# through").map(|(i, _)| i).collect();
    let cut = checkpoints[checkpoints.len() / 2] - 17; // inside the lines before a checkpoint
    std::fs::write(&b, &b_text[..cut]).unwrap();
    run(&["--from", "100000", "-o", &b, "--resume"]);
    assert_eq!(std::fs::read_to_string(&b).unwrap(), b_text, "resumed from the last checkpoint");
    run(&["--merge", &b, &a, "-o", &merged]);
    let merged_text = std::fs::read_to_string(&merged).unwrap();
    assert_eq!(listed(&merged_text), listed(&whole_text));
    assert!(merged_text == whole_text, "the merged parts are not the single run's file");
    // Parts that do not meet, or a resume of another range, are refused.
    let out = lp(&["enumerate", "--merge", &b, "-o", &merged, "--size", "5"]);
    assert!(out.status.success(), "one part alone is a database of its range");
    let gap = lp(&["enumerate", "--merge", &a, &path("missing.txt"), "-o", &merged]);
    assert_eq!(gap.status.code(), Some(1));
    let wrong = lp(&[&space[..], &["--from", "5", "-o", &b, "--resume"]].concat());
    assert_eq!(wrong.status.code(), Some(1));
    assert!(stderr(&wrong).contains("not a run of this space and range"), "{}", stderr(&wrong));
    let count = lp(&["enumerate", "--size", "6", "--count"]);
    assert!(String::from_utf8_lossy(&count.stdout).starts_with("243502786 stuck positions"));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Replaces the checkpoint `index` of `text` with `forged` (its CRC computed again over the bytes before
/// it when `recompute`, as a forger who knows the format would), or cuts the file there.
fn forge_checkpoint(text: &str, index: usize, forged: impl Fn(&str) -> String, recompute: bool) -> String {
    let start = text.match_indices("# through ").nth(index).unwrap().0;
    let end = start + text[start..].find('\n').unwrap() + 1;
    let old = &text[start..end - 1];
    let body = forged(&old[..old.rfind(" crc=").unwrap()]);
    let crc = if recompute {
        let mut hasher = crc32fast::Hasher::new();
        hasher.update(&text.as_bytes()[..start]);
        hasher.update(body.as_bytes());
        format!("{:08x}", hasher.finalize())
    } else {
        old[old.rfind(" crc=").unwrap() + 5..].to_string()
    };
    format!("{}{body} crc={crc}\n{}", &text[..start], &text[end..])
}

/// `text` with every checkpoint's totals passed through `totals(through, body)` and every CRC made again,
/// as a forger who knows the format would.
fn reseal(text: &str, totals: impl Fn(u64, &str) -> String) -> String {
    let (mut out, mut hasher) = (String::new(), crc32fast::Hasher::new());
    for line in text.split_inclusive('\n') {
        let line = match line.strip_prefix("# through ") {
            Some(rest) => {
                let through: u64 = rest.split(' ').next().unwrap().parse().unwrap();
                let body = totals(through, &line[..line.rfind(" crc=").unwrap()]);
                let mut crc = hasher.clone();
                crc.update(body.as_bytes());
                format!("{body} crc={:08x}\n", crc.finalize())
            }
            None => line.to_string(),
        };
        hasher.update(line.as_bytes());
        out.push_str(&line);
    }
    out
}

#[test]
fn enumerate_believes_no_part_whose_puzzles_or_batches_are_not_what_they_claim() {
    let dir = std::env::temp_dir().join(format!("lp-forged-parts-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = |name: &str| dir.join(name).to_string_lossy().into_owned();
    let (good, bad, merged) = (path("good.txt"), path("bad.txt"), path("merged.txt"));
    let space = ["enumerate", "--size", "5", "--quiet", "--to", "20000"];
    assert!(lp(&[&space[..], &["-o", &good]].concat()).status.success());
    let text = std::fs::read_to_string(&good).unwrap();
    // Every batch enumerated again (--verify past their number), so that the test does not depend on
    // which are drawn.
    let refused = |forged: &str, reason: &str| {
        std::fs::write(&bad, forged).unwrap();
        let resumed = lp(&[&space[..], &["-o", &bad, "--resume", "--verify", "9"]].concat());
        assert_eq!(resumed.status.code(), Some(1), "resumed a forgery ({reason})");
        assert!(stderr(&resumed).contains(reason), "{reason}: {}", stderr(&resumed));
        let joined = lp(&["enumerate", "--size", "5", "--merge", &bad, "-o", &merged, "--verify", "9"]);
        assert_eq!(joined.status.code(), Some(1), "merged a forgery ({reason})");
        assert!(stderr(&joined).contains(reason), "{reason}: {}", stderr(&joined));
    };
    let puzzles: Vec<&str> = text.lines().filter(|l| !l.starts_with('#')).collect();
    let id = |line: &str| line.split(' ').nth(3).unwrap().parse::<u64>().unwrap();
    // Every puzzle of IDs 0..8192 dropped, the totals made to fit and every CRC made again: only
    // enumerating those batches again finds it.
    let dropped: Vec<&str> = puzzles.iter().copied().filter(|l| id(l) < 8192).collect();
    assert!(dropped.len() > 10, "{} puzzles below 8192", dropped.len());
    let mut fewer = text.clone();
    for line in &dropped {
        fewer = fewer.replacen(&format!("{line}\n"), "", 1);
    }
    let minimal =
        |body: &str| body.split(' ').find_map(|w| w.strip_prefix("minimal=")).unwrap().parse::<u64>().unwrap();
    let forged = reseal(&fewer, |through, body| {
        let gone = dropped.iter().filter(|l| id(l) < through).count() as u64;
        body.replace(&format!("minimal={}", minimal(body)), &format!("minimal={}", minimal(body) - gone))
    });
    refused(&forged, "enumerated again");
    // A made-up line (a board of the red car alone, said to take 60 moves over 61 positions), the totals
    // made to fit.
    let (first, last) = (puzzles[0], puzzles[puzzles.len() - 1]);
    let made_up = format!("60 01 oooooAAoooooooooooooooooo {} 0 61 {}", id(last) + 1, ["1"; 61].join(","));
    let added = reseal(&text.replacen(last, &format!("{last}\n{made_up}"), 1), |through, body| {
        let more = u64::from(id(last) + 1 < through);
        body.replace(&format!("minimal={}", minimal(body)), &format!("minimal={}", minimal(body) + more))
    });
    refused(&added, "not what the puzzle gives");
    // A field written otherwise than a run writes it (a sign and a zero: "+01"), every CRC made again.
    let fields: Vec<&str> = first.split(' ').collect();
    let signed = format!("+{}", fields[0]);
    let odd = reseal(&text.replacen(first, &first.replacen(fields[0], &signed, 1), 1), |_, body| body.to_string());
    refused(&odd, "solved again, it gives");
    // A part cut after a checkpoint (its CRCs still good), merged under the header claiming its range.
    let third = text.match_indices("# through ").nth(2).unwrap().0;
    let cut = &text[..third + text[third..].find('\n').unwrap() + 1];
    std::fs::write(&bad, cut).unwrap();
    let joined = lp(&["enumerate", "--size", "5", "--merge", &bad, "-o", &merged]);
    assert_eq!(joined.status.code(), Some(1), "merged a part cut short");
    assert!(
        stderr(&joined).contains("is not finished: it reaches ID 12288 of its range 0..20000"),
        "{}",
        stderr(&joined)
    );
    // The sound part: every puzzle solved again and its batches enumerated again, merged.
    let sound = lp(&["enumerate", "--size", "5", "--merge", &good, "-o", &merged, "--verify", "9"]);
    assert!(sound.status.success(), "{}", stderr(&sound));
    assert!(stderr(&sound).contains("puzzles solved again, IDs 0..4096, 4096..8192"), "{}", stderr(&sound));
    assert_eq!(std::fs::read_to_string(&merged).unwrap(), text);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn enumerate_believes_no_forged_checkpoint_line_or_part() {
    let dir = std::env::temp_dir().join(format!("lp-forged-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = |name: &str| dir.join(name).to_string_lossy().into_owned();
    let (good, bad, merged) = (path("good.txt"), path("bad.txt"), path("merged.txt"));
    let space = ["enumerate", "--size", "5", "--quiet", "--to", "20000"];
    let out = lp(&[&space[..], &["-o", &good]].concat());
    assert!(out.status.success(), "{}", stderr(&out));
    let text = std::fs::read_to_string(&good).unwrap();
    assert_eq!(text.matches("# through ").count(), 5, "five batches, five checkpoints");
    // Each forgery: refused by --resume and by --merge, with the reason; the file is left as it was.
    let refused = |forged: &str, reason: &str| {
        std::fs::write(&bad, forged).unwrap();
        let resumed = lp(&[&space[..], &["-o", &bad, "--resume"]].concat());
        assert_eq!(resumed.status.code(), Some(1), "resumed a forgery ({reason})");
        assert!(stderr(&resumed).contains(reason), "{reason}: {}", stderr(&resumed));
        assert_eq!(std::fs::read_to_string(&bad).unwrap(), forged, "a refused resume changed the file");
        let joined = lp(&["enumerate", "--size", "5", "--merge", &bad, "-o", &merged]);
        assert_eq!(joined.status.code(), Some(1), "merged a forgery ({reason})");
        assert!(stderr(&joined).contains(reason), "{reason}: {}", stderr(&joined));
    };
    // The last checkpoint pushed past what was done: its CRC no longer matches; with the CRC made again,
    // its totals do not match the range.
    let far = |body: &str| body.replacen("# through 20000", "# through 999999999", 1);
    refused(&forge_checkpoint(&text, 4, far, false), "CRC does not match");
    refused(&forge_checkpoint(&text, 4, far, true), "past the range");
    // A checkpoint lowered (lines after it would be listed twice).
    let low = |body: &str| body.replacen("# through 12288", "# through 12345", 1);
    refused(&forge_checkpoint(&text, 2, low, false), "CRC does not match");
    refused(&forge_checkpoint(&text, 2, low, true), "totals do not hold");
    // A line of garbage before a checkpoint, and a line changed.
    let first_line = text.lines().nth(2).unwrap();
    refused(&text.replacen(first_line, &format!("garbage\n{first_line}"), 1), "expected 7 fields");
    let changed = first_line.replacen(' ', " 0", 1);
    refused(&text.replacen(first_line, &changed, 1), "CRC does not match");
    // Parts of another space than the one asked for.
    let other = lp(&["enumerate", "--size", "4", "--exit-row", "1", "--merge", &good, "-o", &merged]);
    assert_eq!(other.status.code(), Some(1));
    assert!(stderr(&other).contains("not the space asked for"), "{}", stderr(&other));
    // The sound file resumes (to nothing more) and merges.
    let resumed = lp(&[&space[..], &["-o", &good, "--resume"]].concat());
    assert!(resumed.status.success(), "{}", stderr(&resumed));
    assert_eq!(std::fs::read_to_string(&good).unwrap(), text, "a finished run resumed is unchanged");
    assert!(lp(&["enumerate", "--size", "5", "--merge", &good, "-o", &merged]).status.success());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_rush_bench_checks_the_sample_with_the_family_and_the_engine() {
    let out = lp(&["bench", "rush"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("205 puzzles (1-60 moves), every moves and cluster size as listed"), "{text}");
    assert_eq!(text.matches("positions/s").count(), 3, "{text}");
    // A puzzle a thread: the positions of every puzzle counted once, whichever thread analysed it.
    let sample = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/data/rush.txt")).unwrap();
    let listed: u64 = sample
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| l.split_whitespace().nth(2).unwrap().parse::<u64>().unwrap())
        .sum();
    let analysed = format!(" {listed} positions in ");
    assert_eq!(text.matches(&analysed).count(), 2, "{analysed}: {text}");
    assert!(text.contains("one thread's work"), "{text}");
}

/// A bench's listing without its times (a number followed by a unit) and without the lines that are
/// ratios of times.
fn without_times(text: &str) -> Vec<String> {
    let units = ["ns", "µs", "ms", "s"];
    text.lines()
        .filter(|line| !line.contains("x the exact solver") && !line.contains("one thread's work"))
        .map(|line| {
            let mut kept: Vec<&str> = Vec::new();
            for word in line.split_whitespace() {
                if units.contains(&word.trim_end_matches(',')) {
                    kept.pop();
                } else {
                    kept.push(word);
                }
            }
            kept.join(" ")
        })
        .collect()
}

#[test]
fn the_hargram_bench_lists_the_same_races_on_one_thread_and_on_several() {
    let run = |jobs: &str| {
        let out = lp(&["bench", "hargram", "--count", "1", "--jobs", jobs]);
        assert!(out.status.success(), "{}", stderr(&out));
        String::from_utf8_lossy(&out.stdout).into_owned()
    };
    let (one, three) = (run("1"), run("3"));
    assert!(three.contains("on 3 threads") && one.contains("on 1 thread,"), "{three}");
    // Rows of boards, then the curves (seed, rival, board): the same numbers in the same places.
    assert!(one.contains("full covers"), "{one}");
    assert_eq!(without_times(&one), without_times(&three));
}

#[test]
fn a_timeout_that_is_not_a_positive_number_of_seconds_is_refused_with_a_message() {
    let dir = std::env::temp_dir().join(format!("lp-timeout-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let pack = dir.join("p.lppack").to_string_lossy().into_owned();
    for bad in ["inf", "1e300", "18446744073709551616", "NaN", "-1", "0", "soon"] {
        let timeout = format!("--timeout={bad}");
        for args in [
            vec!["generate", "tiles", "--preset", "easy", "--count", "1", &timeout],
            vec!["pack", "build", "--family", "tiles", "--preset", "easy", "--count", "1", "-o", &pack, &timeout],
        ] {
            let out = lp(&args);
            // A bad argument is an error (1), not "unanswered" (2), and never a panic (101).
            assert_eq!(out.status.code(), Some(1), "{args:?}: {}", stderr(&out));
            assert!(stderr(&out).contains("--timeout"), "{args:?}: {}", stderr(&out));
        }
    }
    let out = lp(&["generate", "tiles", "--preset", "easy", "--count", "1", "--timeout", "30"]);
    assert!(out.status.success(), "{}", stderr(&out));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn limits_and_memory_are_said_in_the_terms_that_set_them() {
    // A beam too wide for memory: the width is what to lower, not --cap.
    let out = lp(&["solve", "tiles:3x3:1,2,3,4,5,6,0,7,8", "--algo", "beam:4294967295"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("for a beam of width 4294967295") && stderr(&out).contains("lower the width"));
    assert!(!stderr(&out).contains("lower --cap"), "{}", stderr(&out));
    // A schedule that does not read names its key.
    let out = lp(&["solve", "tiles:3x3:1,2,3,4,5,6,0,7,8", "--algo", "anneal:t_start=0.01,t_end=5"]);
    assert!(stderr(&out).contains("t_end 5.000 is above t_start 0.010"), "{}", stderr(&out));
    // Counting stopped at --limit: both counts are lower bounds, said to be.
    let out = lp(&["solve", "hargram:3x2:.../...:##/#.;#./##", "--all", "--limit", "1"]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("at least 1 solution (stopped at --limit 1), at least 1 up to symmetry"), "{text}");
    let out = lp(&["solve", "hargram:3x2:.../...:##/#.;#./##", "--all"]);
    assert!(String::from_utf8_lossy(&out.stdout).contains("2 solutions, 1 up to symmetry"));
}

#[test]
fn a_hint_is_given_at_the_tier_asked_for() {
    let level = "rush:GBBoLoGHIoLMGHIAAMCCCKoMooJKDDEEJFFo";
    let words = |tier: &str| {
        let out = lp(&["hint", level, "--tier", tier]);
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        String::from_utf8_lossy(&out.stdout).lines().last().unwrap().to_string()
    };
    assert!(
        words("1").starts_with("hint: the red car's way out: 3 vehicles in the highlighted lanes move next"),
        "{}",
        words("1")
    );
    assert!(words("2").starts_with("hint: move the car F ("), "{}", words("2"));
    assert!(words("3").starts_with("hint: slide the car F right 1: "), "{}", words("3"));
    let out = lp(&["hint", level, "--tier", "4", "--plan", "3", "--json"]);
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    // The plan's tokens start with the move, one per sentence of the plan's words.
    let plan = json["plan"].as_array().unwrap();
    assert_eq!((plan.len(), &plan[0]), (3, &json["move"]), "{json}");
    assert_eq!(json["tier_text"].as_str().unwrap().matches("; ").count(), 2, "{json}");
    assert!(json["tier_text"].as_str().unwrap().starts_with("the next 3 moves: slide the car F right 1; "), "{json}");
    // Another tier is refused by name.
    let refused = lp(&["hint", level, "--tier", "5"]);
    assert!(!refused.status.success() && String::from_utf8_lossy(&refused.stderr).contains("--tier"), "refused");
}

#[test]
fn sokoban_is_solved_and_hinted_in_pushes_and_benched_on_its_level_sets() {
    let microban1 = "sokoban:####/#-.#/#--###/#*@--#/#--$-#/#--###/####";
    let v = json(&["solve", microban1, "--json"]);
    assert_eq!((v["length"].as_u64(), v["optimal"].as_bool()), (Some(8), Some(true)), "{v}");
    let text = String::from_utf8(lp(&["solve", microban1]).stdout).unwrap();
    assert!(text.contains("8 pushes (optimal): 1U 2L 2U 2R 1D 2L 2U 2U"), "{text}");
    let hint = String::from_utf8(lp(&["hint", microban1]).stdout).unwrap();
    assert!(hint.contains("hint: push box 1 up") && hint.contains("(8 pushes left;"), "{hint}");
    // The bench: the first levels of Microban solved and proven, with the summary line.
    let out = lp(&["bench", "sokoban", "--set", "microban", "--ids", "1,2,3", "--seconds", "5", "--nodes", "100000"]);
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("solved 3/3 (3 proven push-optimal)"), "{text}");
    let unknown = lp(&["bench", "sokoban", "--set", "nosuchset"]);
    assert!(String::from_utf8(unknown.stderr).unwrap().contains("unknown set 'nosuchset' (the sets: microban"));
}

#[test]
fn the_feature_space_search_solves_xsokoban_levels_the_push_searches_do_not_and_its_lines_replay() {
    // XSokoban 3 and 4 (11 and 20 boxes): the push searches do not solve them in a minute; the feature
    // space search does in milliseconds. Each LURD line replays step by step from the level's own start.
    let xsb = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/data/sokoban/xsokoban_90.xsb")).unwrap();
    let levels = lphint::families::sokoban::text::read_collection(&xsb).unwrap();
    let out =
        lp(&["bench", "sokoban", "--set", "xsokoban", "--ids", "3,4", "--order", "features", "--lurd", "--jobs", "1"]);
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(out.status.success() && text.contains("solved 2/2 (0 proven push-optimal)"), "{text}");
    let lines: Vec<&str> = text.lines().filter(|l| l.starts_with("     ")).map(str::trim).collect();
    assert_eq!(lines.len(), 2, "{text}");
    for (level, lurd) in [&levels[2], &levels[3]].iter().zip(&lines) {
        let desc = level.level.with_start(level.level.shown_start()).describe();
        assert!(replays(&desc, lurd), "{}: {lurd} does not replay from the level's start", level.title);
    }
}

#[test]
fn lp_bench_sokoban_plays_levels_by_hints_as_a_game_asks_them() {
    // XSokoban 1 by hints from its start at the frame budget: the first hint proven optimal (97 pushes,
    // XSokoban 1's published optimum), then the plan followed to the goal with no further search.
    let out = lp(&["bench", "sokoban", "--set", "xsokoban", "--ids", "1", "--order", "hints", "--seconds", "60"]);
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(out.status.success(), "{text}");
    let row = text.lines().find(|l| l.trim_start().starts_with("1 screen.01")).unwrap_or_else(|| panic!("{text}"));
    let cells: Vec<&str> = row.split_whitespace().collect();
    assert_eq!(cells[3..6], ["hint", "97", "proven"], "{row}");
    assert!(row.ends_with("| 97 pushes to the goal, 0 searched"), "{row}");
    assert!(text.contains("a first hint on 1/1 levels"), "{text}");
}

#[test]
fn lp_solve_goes_on_past_a_proof_that_does_not_come_and_says_its_solution_is_not_proven() {
    // XSokoban 3: the push-optimal A* fills its room without a proof; `lp solve` goes on (a greedy run,
    // then the feature-space search), prints the solution as not proven optimal, and each push replays
    // (the box named by its number) to the goal.
    let xsb = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/data/sokoban/xsokoban_90.xsb")).unwrap();
    let level = &lphint::families::sokoban::text::read_collection(&xsb).unwrap()[2].level;
    let desc = level.with_start(level.shown_start()).describe();
    let v = json(&["solve", &desc, "--json"]);
    assert_eq!((v["status"].as_str(), v["optimal"].as_bool()), (Some("found"), Some(false)), "{v}");
    // The phase that answered is named (not the A*: only its answer would be proven).
    let phase = v["phase"].as_str().unwrap_or_default().to_string();
    assert!(phase == "greedy" || phase == "features", "{v}");
    let moves = v["moves"].as_array().unwrap();
    assert_eq!(v["length"].as_u64(), Some(moves.len() as u64));
    let mut game = lphint::registry::parse(&desc).unwrap();
    let (w, h) = game.board_size();
    for token in moves {
        let token = token.as_str().unwrap();
        let (number, letter) = token.split_at(token.len() - 1);
        let number: i32 = number.parse().unwrap();
        let from = (0..w * h).find(|&c| game.cell(c as usize) / lphint::families::sokoban::CELL_BOX == number).unwrap();
        let to = from as i32 + [-(w as i32), 1, w as i32, -1]["URDL".find(letter).unwrap()];
        let push = lphint::family::MoveCode { piece: number as u32 - 1, from: from as i32, to, arg: 0 };
        game.apply(&push).unwrap_or_else(|e| panic!("{token}: {e:?}"));
    }
    assert!(game.is_solved());
    let text = String::from_utf8(lp(&["solve", &desc]).stdout).unwrap();
    assert!(text.contains(&format!("{} pushes (not proven optimal)", moves.len())), "{text}");
    assert!(text.contains(&format!("{phase} (after astar): found after")), "{text}");
    // A level the A* proves: its phase is the A*, proven optimal.
    let first = &lphint::families::sokoban::text::read_collection(&xsb).unwrap()[0].level;
    let v = json(&["solve", &first.with_start(first.shown_start()).describe(), "--json"]);
    assert_eq!(
        (v["phase"].as_str(), v["optimal"].as_bool(), v["length"].as_u64()),
        (Some("astar"), Some(true), Some(97))
    );
}

/// Plays a LURD line from the start of the level `desc` as a player would, a step at a time (upper case
/// a push, lower case a walk), every step legal and of its kind: whether it ends solved.
fn replays(desc: &str, lurd: &str) -> bool {
    let mut game = lphint::registry::parse(desc).unwrap();
    let (w, _) = game.board_size();
    for letter in lurd.chars() {
        let player = (0..game.board_size().0 * game.board_size().1)
            .find(|&c| {
                game.cell(c as usize) >= 0 && game.cell(c as usize) & lphint::families::sokoban::CELL_PLAYER != 0
            })
            .unwrap() as i32;
        let to = player + [-(w as i32), 1, w as i32, -1]["urdl".find(letter.to_ascii_lowercase()).unwrap()];
        let pushes = game.cell(to as usize) >= lphint::families::sokoban::CELL_BOX;
        if pushes != letter.is_ascii_uppercase() {
            return false;
        }
        if game.apply(&lphint::family::MoveCode { piece: u32::MAX, from: player, to, arg: 1 }).is_err() {
            return false;
        }
    }
    game.is_solved()
}

#[test]
fn the_sokoban_bench_reads_any_xsb_file_it_is_given_and_its_solutions_replay_from_each_level_s_start() {
    let dir = std::env::temp_dir().join(format!("lp-xsb-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = |name: &str, bytes: &[u8]| {
        let path = dir.join(name);
        std::fs::write(&path, bytes).unwrap();
        path.to_string_lossy().into_owned()
    };
    // Two levels whose player does not start at the top-left square of their region, saved with a
    // UTF-8 byte-order mark: both read whole, solved, and each LURD line replays step by step from the
    // level's own start (once, from the search's normalised start: the walks were short or wrong).
    let levels = ["#####", "#.$@#", "#####", "", "######", "#.   #", "# $  #", "#   @#", "######"];
    let xsb = file("two.xsb", format!("\u{feff}{}\n", levels.join("\n")).as_bytes());
    let out = lp(&["bench", "sokoban", "--file", &xsb, "--lurd", "--seconds", "5"]);
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(out.status.success() && text.contains("solved 2/2"), "{text}{}", String::from_utf8_lossy(&out.stderr));
    let lines: Vec<&str> = text.lines().filter(|l| l.starts_with("     ")).map(str::trim).collect();
    let descs = ["sokoban:#####/#.$@#/#####", "sokoban:######/#.---#/#-$--#/#---@#/######"];
    assert_eq!(lines.len(), 2, "{text}");
    for (desc, lurd) in descs.iter().zip(&lines) {
        assert!(replays(desc, lurd), "{desc}: {lurd} does not replay from the level's start");
    }
    // A peer's results beside ours: YASS's statistics table (right-aligned columns, empty when not solved
    // or under a second) and the plain `ID PUSHES SECONDS` list; a malformed line is refused.
    let yass = file(
        "stats.txt",
        concat!(
            "-----\n",
            "                               Level  Pushes    Generated    Generated      Time\n",
            "  No  W  H                      Name            Positions       Pushes   Seconds\n",
            "-----\n",
            "   1 19 11                 screen.01       1          337          472          \n",
            "   2 19 16                 screen.10               952979      1422657        10\n",
            "--------\n",
            "   2    1 solved, 1 failed   Total   21026     25243500     42695228       190\n",
        )
        .as_bytes(),
    );
    let plain = file("plain.txt", b"# id pushes seconds\n1 1 0.5\n2 - 10\n");
    for peer in [&yass, &plain] {
        let out = lp(&["bench", "sokoban", "--file", &xsb, "--seconds", "5", "--vs-file", peer]);
        let text = String::from_utf8(out.stdout).unwrap();
        assert!(out.status.success() && text.contains("the peer solved 1/2 (2 of them in its file)"), "{text}");
        let row = |id: &str| text.lines().find(|l| l.trim_start().starts_with(id)).unwrap().to_string();
        assert!(row("1 ").ends_with("      1       0 s"), "{}", row("1 "));
        assert!(row("2 ").ends_with("      -      10 s"), "{}", row("2 "));
    }
    let bad = file("bad.txt", b"1 one 0.5\n");
    let out = lp(&["bench", "sokoban", "--file", &xsb, "--vs-file", &bad]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("line 1: '1 one 0.5' is not `ID PUSHES SECONDS`"));
    // A file of no level, and a file with no end: refused with the reason, exit status 1.
    let empty = file("empty.xsb", b"; only a comment\n\n");
    for (path, reason) in [(empty.as_str(), "holds no level"), ("/dev/zero", "holds more than 64 MiB")] {
        let out = lp(&["bench", "sokoban", "--file", path]);
        assert_eq!(out.status.code(), Some(1), "{path}");
        assert!(
            String::from_utf8_lossy(&out.stderr).contains(reason),
            "{path}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn pack_show_says_a_saved_game_s_moves_and_draws_where_they_took_it() {
    let mut session = lphint::registry::parse("tiles:3x3:1,2,3,4,5,6,0,7,8").unwrap();
    for _ in 0..2 {
        let mv = session.legal_moves()[0];
        session.apply(&mv).unwrap();
    }
    assert!(session.undo());
    let bytes = lphint::pack::Pack::of(vec![lphint::registry::saved(session.as_ref())]).to_bytes();
    let file = std::env::temp_dir().join(format!("lphint-cli-saved-{}.lpk", std::process::id()));
    std::fs::write(&file, bytes).unwrap();
    let show = lp(&["pack", "show", file.to_str().unwrap()]);
    let said = String::from_utf8_lossy(&show.stdout);
    assert!(show.status.success() && said.contains("a saved game: 1 move played, 1 undone"), "{said}");
    assert!(said.contains(&session.render()), "{said}");
    let _ = std::fs::remove_file(file);
}

#[test]
fn a_hint_out_of_nodes_gives_the_partial_hint_and_says_what_it_promises() {
    // XSokoban 4, far beyond 20,000 nodes: exit status 2, and the push toward the closest position the
    // search reached, in words and as JSON.
    let text = include_str!("../../data/sokoban/xsokoban_90.xsb");
    let level = lphint::families::sokoban::text::read_collection(text).unwrap()[3].level.describe();
    let out = lp(&["hint", &level, "--max-nodes", "20000"]);
    assert_eq!(out.status.code(), Some(2));
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(said.contains("no hint: out_of_nodes; a partial hint: push box "), "{said}");
    assert!(said.contains("as far as the deadlock tests can tell"), "{said}");
    let out = lp(&["hint", &level, "--max-nodes", "20000", "--json"]);
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(json["status"], "out_of_nodes");
    assert!(json["partial"]["text"].as_str().unwrap().starts_with("push box "), "{json}");
}

#[test]
fn the_sudoku_bench_sets_the_ladders_ratings_beside_sudoku_explainers() {
    // Three puzzles with SE's ratings (from data/sudoku/rated.txt): a 1.2, a 2.0 the ladder rates alike,
    // and one SE solves by dynamic forcing chains, beyond the ladder; one rating given wrong on purpose
    // (2.3 for the 2.0) to show a difference.
    let dir = std::env::temp_dir().join(format!("lp-sudoku-bench-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("rated.txt");
    let lines: Vec<&str> =
        include_str!("../../data/sudoku/rated.txt").lines().filter(|l| !l.starts_with('#')).collect();
    let pick = |rating: &str| *lines.iter().find(|l| l.split(' ').nth(1) == Some(rating)).unwrap();
    let (easy, direct) = (pick("1.2"), pick("2.0"));
    let beyond = *lines.iter().find(|l| l.contains("Dynamic")).unwrap();
    let wrong = direct.replacen(" 2.0 ", " 2.3 ", 1);
    std::fs::write(&file, format!("# a comment\n{easy}\n{wrong}\n{beyond}\n")).unwrap();
    let out = lp(&["bench", "sudoku", "--file", file.to_str().unwrap(), "--count", "0"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("3 puzzles: 3 unique"), "{text}");
    assert!(text.contains("finished 2 of 3"), "{text}");
    assert!(text.contains("where the ladder finished (2), equal 1, within 0.2 1, same bucket 2"), "{text}");
    assert!(text.contains("beyond the ladder (SE at least 4.5 too): 1"), "{text}");
    assert!(
        text.contains(&format!("differs: {} ours 2.0", direct.split(' ').next().unwrap().replace('0', "."))),
        "{text}"
    );
    // A malformed line is refused with its number.
    std::fs::write(&file, format!("{easy}\n12345\n")).unwrap();
    let out = lp(&["bench", "sudoku", "--file", file.to_str().unwrap()]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("line 2: a sudoku has 16, 36, 81 or 256 cells"));
    std::fs::remove_dir_all(&dir).unwrap();
}
