//! `lp demo`: built-in puzzles solved, hinted step by step and compared.

use crate::bench::PENTOMINOES_6X10;
use crate::{count, fmt_time, hint_over_frames, parse, recommended, timed_solve};
use lphint::families::hargram::cover::count_solutions;
use lphint::families::hargram::evolve::HargramGenome;
use lphint::families::hargram::Hargram;
use lphint::families::tiles::{Heuristic, Tiles};
use lphint::family::Family;
use lphint::ga::{Ga, GaParams};
use lphint::hint::{HintStatus, Hinter};
use lphint::search::{Algorithm, Solver, Stats, Status};
use std::time::Instant;

/// Lays multi-line drawings side by side, each under its caption.
pub fn side_by_side(panels: &[(String, String)]) -> String {
    let width =
        panels.iter().flat_map(|(c, d)| d.lines().chain([c.as_str()]).map(|l| l.chars().count())).max().unwrap_or(0)
            + 3;
    let height = panels.iter().map(|(_, d)| d.lines().count()).max().unwrap_or(0);
    let mut out = String::new();
    for line in 0..=height {
        for (caption, drawing) in panels {
            let text = if line == 0 { caption.as_str() } else { drawing.lines().nth(line - 1).unwrap_or("") };
            out.push_str(&format!("{text:<width$}"));
        }
        out.push('\n');
    }
    out
}

/// Plays hints from the start to the goal, `budget` nodes per frame, drawing the boards.
/// Plays hints from the start to the goal, `budget` nodes per frame, drawing the boards and saying each
/// hint under its row of boards.
fn play_hints<F: Family>(puzzle: &F, budget: u32, per_row: usize) {
    let Ok(solver) = recommended(puzzle) else {
        println!("no memory for the hinter\n");
        return;
    };
    let mut hinter = Hinter::new(solver, 256);
    let mut state = puzzle.start();
    let mut panels = vec![("start".to_string(), puzzle.render(&state), String::new())];
    let (mut moves, mut frames) = (0, 0);
    loop {
        let (status, used) = hint_over_frames(&mut hinter, puzzle, &state, budget);
        frames += used;
        let HintStatus::Ready(hint) = status else {
            break;
        };
        state = puzzle.apply(&state, &hint.mv).expect("a hint is a legal move");
        moves += 1;
        panels.push((
            format!("{}: {} ({} left)", moves, puzzle.move_token(&hint.mv), hint.moves_left - 1),
            puzzle.render(&state),
            format!("{moves}. {}", puzzle.move_text(&hint.mv)),
        ));
    }
    for row in panels.chunks(per_row) {
        let drawings: Vec<(String, String)> = row.iter().map(|(c, d, _)| (c.clone(), d.clone())).collect();
        print!("{}", side_by_side(&drawings));
        for (_, _, sentence) in row.iter().filter(|(_, _, s)| !s.is_empty()) {
            println!("  {sentence}");
        }
        println!();
    }
    let solved = if puzzle.is_goal(&state) { "solved" } else { "NOT solved" };
    println!(
        "{solved} in {}; {} of at most {budget} node expansions each\n",
        count(moves as u64, "move"),
        count(frames, "frame")
    );
}

/// Solves `puzzle` optimally, then plays its hints to the end at `budget` node expansions per frame.
fn demo_puzzle(title: &str, puzzle: &Tiles, budget: u32, per_row: usize) {
    println!("== {title} {}\n", puzzle.describe());
    let Ok(solver) = recommended(puzzle) else {
        return;
    };
    let algorithm = solver.algorithm();
    let (outcome, time) = timed_solve(puzzle, solver);
    let Stats { expanded, .. } = outcome.stats;
    println!(
        "optimal solve ({algorithm}, linear conflict): {}, {}, {}\n",
        count(outcome.moves.len() as u64, "move"),
        count(expanded, "node"),
        fmt_time(time)
    );
    println!("-- playing the hints, {budget} node expansions per frame:\n");
    play_hints(puzzle, budget, per_row);
}

pub fn demo() {
    let eight = Tiles::parse("tiles:3x3:8,6,7,2,5,4,3,0,1").expect("built-in puzzle");
    demo_puzzle("8-puzzle (one of the two hardest positions)", &eight, 500, 8);
    // Korf's instance 9 (46 moves), goal with the blank top-left as in his paper.
    let fifteen = Tiles::parse("tiles:4x4:3,14,9,11,5,4,8,2,13,12,6,7,10,1,15,0:0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15")
        .expect("built-in puzzle");
    demo_puzzle("15-puzzle (Korf's instance 9)", &fifteen, 2000, 6);
    compare_algorithms("tiles:3x3:7,2,4,5,0,6,8,3,1");
    demo_hargram();
}

/// Hargram: the twelve pentominoes on 6×10 — a hint after a wrong placement, the hints played to the
/// end, every solution counted, and the genetic algorithm of earlier systems for comparison.
fn demo_hargram() {
    let wrong = format!("{PENTOMINOES_6X10}:9@0,0,0");
    let puzzle: Hargram = parse(&wrong).expect("built-in puzzle");
    println!("== Hargram: pentominoes on 6x10, the X pentomino placed in a corner by the player\n");
    play_hints(&puzzle, 2000, 7);
    let empty: Hargram = parse(PENTOMINOES_6X10).expect("built-in puzzle");
    let clock = Instant::now();
    let counted = count_solutions(&empty, u64::MAX);
    println!(
        "every solution: {} ({} up to symmetry), {} tried, in {}",
        counted.all,
        counted.up_to_symmetry,
        count(counted.nodes, "placement"),
        fmt_time(clock.elapsed())
    );
    let genome = HargramGenome::new(&empty);
    let clock = Instant::now();
    let report = Ga::new(&genome, GaParams::default(), 1).map(|mut ga| ga.step(&genome, u32::MAX));
    if let Ok(report) = report {
        println!(
            "the earlier systems' genetic algorithm (population 1500, 50 generations): best {}/{} cells in {}, {}",
            report.best_fitness,
            report.perfect,
            count(report.evaluations, "evaluation"),
            fmt_time(clock.elapsed())
        );
    }
}

/// Runs the classic algorithms on one 8-puzzle and prints their statistics side by side.
fn compare_algorithms(desc: &str) {
    let base = Tiles::parse(desc).expect("built-in puzzle");
    println!("== algorithms side by side on {desc}\n");
    print!("{}", base.render(&base.start()));
    println!();
    let runs = [
        ("breadth-first", Algorithm::Bfs { depth_limit: u32::MAX }, Heuristic::Manhattan),
        ("hill climbing, tiles in place", Algorithm::HillClimbing, Heuristic::Misplaced),
        ("hill climbing, 36 - Manhattan", Algorithm::HillClimbing, Heuristic::Manhattan),
        ("best-first (OPEN/CLOSED)", Algorithm::BestFirst, Heuristic::Manhattan),
        ("A*, Manhattan", Algorithm::AStar, Heuristic::Manhattan),
        ("A*, linear conflict", Algorithm::AStar, Heuristic::LinearConflict),
        ("IDA*, Manhattan", Algorithm::IdaStar, Heuristic::Manhattan),
        ("IDA*, linear conflict", Algorithm::IdaStar, Heuristic::LinearConflict),
    ];
    println!(
        "{:<32} {:>12} {:>7} {:>9} {:>10} {:>8} {:>11} {:>10}",
        "algorithm", "status", "length", "expanded", "generated", "peak", "reserved", "time"
    );
    for (name, algorithm, heuristic) in runs {
        let puzzle = base.clone().with_heuristic(heuristic);
        let cap = match algorithm {
            Algorithm::IdaStar => 4096,
            Algorithm::HillClimbing => 1000,
            _ => 200_000,
        };
        let Ok(solver) = Solver::new(algorithm, cap) else {
            println!("{name:<32} no memory for {cap} nodes");
            continue;
        };
        let (outcome, time) = timed_solve(&puzzle, solver);
        let Stats { expanded, generated, peak_stored, bytes_reserved, .. } = outcome.stats;
        let length = if outcome.status == Status::Found { outcome.moves.len().to_string() } else { "-".into() };
        println!(
            "{name:<32} {:>12} {length:>7} {expanded:>9} {generated:>10} {peak_stored:>8} {:>8} kB {:>10}",
            outcome.status.name(),
            bytes_reserved / 1024,
            fmt_time(time)
        );
    }
    println!("\nHill climbing stops at the first state with no better neighbour: its failure is the point of the comparison.");
}
