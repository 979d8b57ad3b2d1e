//! `lp demo`: built-in puzzles solved, hinted step by step and compared, through the registry like any
//! game would.

use crate::bench::PENTOMINOES_6X10;
use crate::{count, fmt_time};
use lphint::ga::{Evolution, GENOME_SCHEDULE};
use lphint::registry;
use lphint::search::{Algorithm, Status};
use lphint::session::AnySession;
use std::time::Instant;

/// The widest line the demo prints (a terminal's 100 columns).
const COLUMNS: usize = 100;

/// The width a panel of [`side_by_side`] takes: its widest line and caption, and 3 spaces.
fn panel_width(panels: &[(String, String)]) -> usize {
    panels.iter().flat_map(|(c, d)| d.lines().chain([c.as_str()]).map(|l| l.chars().count())).max().unwrap_or(0) + 3
}

/// Lays multi-line drawings side by side, each under its caption.
pub fn side_by_side(panels: &[(String, String)]) -> String {
    let width = panel_width(panels);
    let height = panels.iter().map(|(_, d)| d.lines().count()).max().unwrap_or(0);
    let mut out = String::new();
    for line in 0..=height {
        let mut row = String::new();
        for (caption, drawing) in panels {
            let text = if line == 0 { caption.as_str() } else { drawing.lines().nth(line - 1).unwrap_or("") };
            row.push_str(&format!("{text:<width$}"));
        }
        out.push_str(row.trim_end());
        out.push('\n');
    }
    out
}

/// `text` in lines of at most [`COLUMNS`], broken between words, the first line after `indent` and the
/// others after `indent` and 3 spaces more.
fn wrapped(text: &str, indent: usize) -> String {
    let (mut out, mut line) = (String::new(), " ".repeat(indent));
    // A word longer than a line (a puzzle's description) is cut into pieces that fit.
    let room = COLUMNS - indent - 3;
    let chars: Vec<Vec<char>> = text.split(' ').map(|w| w.chars().collect()).collect();
    for word in chars.iter().flat_map(|w| w.chunks(room)).map(|c| c.iter().collect::<String>()) {
        let word = word.as_str();
        if line.trim_start().is_empty() || line.chars().count() + 1 + word.chars().count() <= COLUMNS {
            if !line.trim_start().is_empty() {
                line.push(' ');
            }
        } else {
            out.push_str(&line);
            out.push('\n');
            line = " ".repeat(indent + 3);
        }
        line.push_str(word);
    }
    out.push_str(&line);
    out
}

/// Prints `text` wrapped to the terminal's width ([`wrapped`]).
fn say(text: &str) {
    println!("{}", wrapped(text, 0));
}

/// Opens a built-in puzzle.
fn open(desc: &str) -> Box<dyn AnySession> {
    registry::parse(desc).expect("built-in puzzle")
}

/// What one solver run did.
struct Run {
    status: Status,
    moves: Vec<String>,
    stats: lphint::search::Stats,
    time: std::time::Duration,
    algorithm: Algorithm,
    /// Whether the solution is proven shortest.
    optimal: bool,
}

/// Runs `algorithm` on `session`'s position to the end, or `None` when its memory cannot be reserved.
fn solve(session: &dyn AnySession, algorithm: Algorithm, cap: usize) -> Option<Run> {
    let mut solver = session.solver(algorithm, cap).ok()?;
    // The demo runs every algorithm to its end (a game's solver stops at the default node limit).
    solver.set_node_limit(u64::MAX);
    let clock = Instant::now();
    let status = loop {
        let step = solver.step(u32::MAX);
        if step.status.is_done() {
            break step.status;
        }
    };
    let time = clock.elapsed();
    let optimal = status == Status::Found && solver.solution_is_optimal();
    Some(Run {
        status,
        moves: solver.move_tokens(),
        stats: solver.stats(),
        time,
        algorithm: solver.algorithm(),
        optimal,
    })
}

/// Plays hints from the start to the goal, `budget` nodes per frame, drawing the boards and saying each
/// hint under its row of boards.
fn play_hints(mut session: Box<dyn AnySession>, budget: u32, per_row: usize) {
    let mut panels = vec![("start".to_string(), session.render(), String::new())];
    let (mut moves, mut frames) = (0u64, 0u64);
    loop {
        frames += 1;
        let hint = match session.next_hint(budget) {
            Err(Status::InProgress) => continue,
            Ok(hint) => hint,
            Err(_) => break,
        };
        let sentence = session.hint_text().unwrap_or_default();
        session.apply(&hint.mv).expect("a hint is a legal move");
        moves += 1;
        panels.push((
            format!("{moves} ({} left)", hint.moves_left - 1),
            session.render(),
            format!("{moves}. {sentence}"),
        ));
    }
    // As many boards a row as fit in the terminal's width, `per_row` at most.
    let drawings: Vec<(String, String)> = panels.iter().map(|(c, d, _)| (c.clone(), d.clone())).collect();
    let per_row = per_row.min((COLUMNS + 3) / panel_width(&drawings)).max(1);
    for (row, drawings) in panels.chunks(per_row).zip(drawings.chunks(per_row)) {
        print!("{}", side_by_side(drawings));
        for (_, _, sentence) in row.iter().filter(|(_, _, s)| !s.is_empty()) {
            println!("{}", wrapped(sentence, 2));
        }
        println!();
    }
    let solved = if session.is_solved() { "solved" } else { "NOT solved" };
    println!(
        "{solved} in {}; {} of at most {budget} node expansions each\n",
        count(moves, "move"),
        count(frames, "frame")
    );
}

/// Solves a puzzle optimally, then plays its hints to the end at `budget` node expansions per frame.
fn demo_puzzle(title: &str, desc: &str, budget: u32, per_row: usize) {
    let session = open(desc);
    say(&format!("== {title} {}", session.describe()));
    println!();
    if let Some(run) = solve(session.as_ref(), Algorithm::Exact, 0) {
        println!(
            "{} solve ({}, linear conflict): {}, {}, {}\n",
            if run.optimal { "optimal" } else { "a (not proven shortest)" },
            run.algorithm,
            count(run.moves.len() as u64, "move"),
            count(run.stats.expanded, "node"),
            fmt_time(run.time)
        );
    }
    println!("-- playing the hints, {budget} node expansions per frame:\n");
    play_hints(session, budget, per_row);
}

pub fn demo() {
    demo_puzzle("8-puzzle (one of the two hardest positions)", "tiles:3x3:8,6,7,2,5,4,3,0,1", 500, 8);
    // Korf's instance 9 (46 moves), goal with the blank top-left as in his paper.
    demo_puzzle(
        "15-puzzle (Korf's instance 9)",
        "tiles:4x4:3,14,9,11,5,4,8,2,13,12,6,7,10,1,15,0:0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15",
        2000,
        6,
    );
    compare_algorithms("tiles:3x3:7,2,4,5,0,6,8,3,1");
    demo_hargram();
    demo_blocks();
    demo_linjat();
}

/// Linjat: the original's first published expert puzzle deduced layer by layer with each rule named,
/// played by hints (each a deduction), then a freshly generated expert puzzle with its rating.
fn demo_linjat() {
    let expert = "linjat:9x13:oo4..o.o4/2o.3oo.../o3oo2o.../...oo3.4./........./o...7..o2/2.....o2o/\
                  o...o..4o/....oo4oo/5...o3oo3/.33o3oo4./.oo2o..../o2o......";
    println!("== Linjat: the original's first published expert puzzle\n");
    let session = open(expert);
    print!("{}", session.render());
    if let Some(deduction) = session.deduce() {
        let trace: Vec<String> = deduction.steps.iter().map(|(rule, width, _)| format!("{rule}({width})")).collect();
        say(&format!("deduced in {} layers: {}", deduction.depth, trace.join(" ")));
        let rules: Vec<String> =
            deduction.rules.iter().filter(|(_, d)| *d > 0).map(|(n, d)| format!("{n} {d}")).collect();
        say(&format!("profile: {}; widest layer {}", rules.join(", "), deduction.max_width));
        println!();
    }
    println!("-- playing the hints, each the next deduction:\n");
    play_hints(session, 1000, 6);
    let Ok(mut generator) = registry::named("linjat").and_then(|f| f.generator("preset=expert", 7)) else { return };
    let clock = Instant::now();
    if let Ok(generated) = generator.next(100_000) {
        say(&format!("generated (preset expert) in {}: {}", fmt_time(clock.elapsed()), generated.session.describe()));
        print!("{}", generated.session.render());
        if let Some(d) = generated.session.deduce() {
            let rules: Vec<String> = d.rules.iter().filter(|(_, n)| *n > 0).map(|(r, n)| format!("{r} {n}")).collect();
            let scores: Vec<String> = d.scores.iter().map(|(n, v)| format!("{n} {v}")).collect();
            say(&format!(
                "unique (exact solver); {} deduction steps: {}; {}",
                generated.rating,
                rules.join(", "),
                scores.join(", ")
            ));
            println!();
        }
    }
}

/// Sliding blocks: Huarong Dao's classic under the three move counts, then its 81 free moves played by
/// hints with the boards drawn.
fn demo_blocks() {
    let classic = "blocks:4x5:BAAC/BAAC/DEEF/DGHF/I..J:A@3,1";
    println!("== Sliding blocks: Huarong Dao's 横刀立马 {classic}\n");
    for count_name in ["free", "line", "step"] {
        let mut session = open(classic);
        session.set_option("count", count_name).expect("blocks take a count");
        if let Some(run) = solve(session.as_ref(), Algorithm::Exact, 0) {
            println!(
                "{count_name:>5} count: {} ({}, {}, {})",
                count(run.moves.len() as u64, "move"),
                run.algorithm,
                count(run.stats.expanded, "node"),
                fmt_time(run.time)
            );
        }
    }
    if let Some(Ok(cluster)) = open(classic).cluster(1 << 16, 1) {
        println!(
            "its cluster: {} reachable, {} solved, the farthest {} from every solved state",
            count(cluster.states as u64, "state"),
            cluster.goal_states,
            count(cluster.farthest_distance().unwrap_or(0) as u64, "move")
        );
    }
    // Generated by both methods: each the exact count, and the facts of its cluster.
    // A seed each: with the same seed both methods happen to reach the same puzzle.
    for (params, seed) in [("size=4x5,min=40,max=100", 1), ("size=4x5,method=fill,min=30,max=60", 2)] {
        let Ok(mut generator) = registry::named("blocks").and_then(|f| f.generator(params, seed)) else { continue };
        let clock = Instant::now();
        if let Ok(generated) = generator.next(100_000) {
            let facts: Vec<String> = generated.facts.iter().map(|f| format!("{} {}", f.name, f.value)).collect();
            say(&format!(
                "generated ({params}, seed {seed}) in {}: {} in {}, {}",
                fmt_time(clock.elapsed()),
                generated.session.describe(),
                count(generated.rating as u64, "move"),
                facts.join(", ")
            ));
        }
    }
    println!("\n-- playing the hints (free count), 5000 node expansions per frame:\n");
    play_hints(open(classic), 5000, 8);
}

/// Hargram: the twelve pentominoes on 6×10 — a hint after a wrong placement, the hints played to the
/// end, every solution counted, and the genetic algorithm of earlier systems for comparison.
fn demo_hargram() {
    println!("== Hargram: pentominoes on 6x10, the X pentomino placed in a corner by the player\n");
    play_hints(open(&format!("{PENTOMINOES_6X10}:9@0,0,0")), 2000, 7);
    let empty = open(PENTOMINOES_6X10);
    let clock = Instant::now();
    if let Some(counted) = empty.count_solutions(u64::MAX) {
        println!(
            "every solution: {} ({} up to symmetry), {} tried, in {}",
            counted.all,
            counted.up_to_symmetry,
            count(counted.nodes, "placement"),
            fmt_time(clock.elapsed())
        );
    }
    let runs = [
        ("a genetic algorithm, as the earlier Hargram solver (population 1500, 50 generations)", Evolution::genetic(1)),
        ("simulated annealing on the same genome (10 walks of 7,500)", Evolution::Annealing(GENOME_SCHEDULE)),
    ];
    for (name, how) in runs {
        let clock = Instant::now();
        if let Ok(mut run) = empty.evolve(how) {
            let report = run.step(u32::MAX);
            say(&format!(
                "{name}: best {}/{} cells in {}, {}",
                report.best_fitness,
                report.perfect,
                count(report.evaluations, "evaluation"),
                fmt_time(clock.elapsed())
            ));
        }
    }
}

/// Runs the classic algorithms on one 8-puzzle and prints their statistics side by side.
fn compare_algorithms(desc: &str) {
    println!("== algorithms side by side on {desc}\n");
    print!("{}", open(desc).render());
    println!();
    let runs = [
        ("breadth-first", Algorithm::Bfs { depth_limit: u32::MAX }, "manhattan"),
        ("hill climbing, tiles in place", Algorithm::HillClimbing, "misplaced"),
        ("hill climbing, 36 - Manhattan", Algorithm::HillClimbing, "manhattan"),
        ("simulated annealing, Manhattan", Algorithm::Anneal(Default::default()), "manhattan"),
        ("best-first (OPEN/CLOSED)", Algorithm::BestFirst, "manhattan"),
        ("A*, Manhattan", Algorithm::AStar, "manhattan"),
        ("A*, linear conflict", Algorithm::AStar, "linear-conflict"),
        ("IDA*, Manhattan", Algorithm::IdaStar, "manhattan"),
        ("IDA*, linear conflict", Algorithm::IdaStar, "linear-conflict"),
    ];
    println!(
        "{:<30} {:>6} {:>6} {:>10} {:>8} {:>9} {:>6} {:>8} {:>9}",
        "algorithm", "status", "length", "optimal?", "expanded", "generated", "peak", "reserved", "time"
    );
    for (name, algorithm, heuristic) in runs {
        let mut session = open(desc);
        if session.set_option("heuristic", heuristic).is_err() {
            continue;
        }
        let cap = match algorithm {
            Algorithm::IdaStar => 4096,
            Algorithm::HillClimbing => 1000,
            Algorithm::Anneal(_) => 10_000,
            _ => 200_000,
        };
        let Some(run) = solve(session.as_ref(), algorithm, cap) else {
            println!("{name:<30} no memory for {cap} nodes");
            continue;
        };
        let length = if run.status == Status::Found { run.moves.len().to_string() } else { "-".into() };
        let proven = match (run.status, run.optimal) {
            (Status::Found, true) => "proven",
            (Status::Found, false) => "not proven",
            _ => "-",
        };
        let s = run.stats;
        println!(
            "{name:<30} {:>6} {length:>6} {proven:>10} {:>8} {:>9} {:>6} {:>5} kB {:>9}",
            run.status.name(),
            s.expanded,
            s.generated,
            s.peak_stored,
            s.bytes_reserved / 1024,
            fmt_time(run.time)
        );
    }
    println!();
    say("Hill climbing stops at the first state with no better neighbour: its failure is the point of the comparison.");
    say("Simulated annealing takes worse moves too, ever more rarely as it cools: it gets there, by a long way round.");
}
