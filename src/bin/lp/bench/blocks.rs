//! `lp bench blocks`: every layout of the reference file solved under the three counts (time, states
//! stored, states per second), the whole-cluster analysis of its largest layout, and the generation rate
//! of every preset — in one process.

use super::{parse, timed_solve};
use crate::{fmt_time, Done, Failure};
use lphint::families::blocks::{data, Blocks, Count};
use lphint::family::Family;
use lphint::generate::{Generate, Generator};
use lphint::search::{Algorithm, Solver, Status};
use std::time::Instant;

/// The reference layouts, built into the binary.
const LAYOUTS: &str = include_str!("../../../../data/blocks.txt");

/// States a solve may store (the largest layout has 1,132,514).
const SOLVE_CAP: usize = 1 << 22;

pub fn blocks(count: usize, seed: u64) -> Done {
    let cases = data::cases(LAYOUTS)?;
    println!(
        "{:<5} {:<5} {:>6} {:>8} {:>10} {:>10} {:>12}",
        "case", "count", "moves", "listed", "stored", "time", "states/s"
    );
    let mut largest: Option<(usize, Blocks)> = None;
    for case in &cases {
        let puzzle = parse::<Blocks>(&case.desc)?;
        for (i, count) in Count::ALL.into_iter().enumerate() {
            let puzzle = puzzle.with_count(count);
            let bfs = Solver::new(Algorithm::Bfs { depth_limit: u32::MAX }, SOLVE_CAP).map_err(|e| e.to_string())?;
            let (outcome, time) = timed_solve(&puzzle, bfs);
            let moves = match outcome.status {
                Status::Found => outcome.moves.len() as i64,
                Status::Unsolvable => -1,
                other => return Err(format!("{} {}: {}", case.id, count.name(), other.name()).into()),
            };
            if moves != case.optimal[i] {
                return Err(Failure::Unanswered(format!(
                    "{} {}: {moves} moves, listed {}",
                    case.id,
                    count.name(),
                    case.optimal[i]
                )));
            }
            let stored = outcome.stats.peak_stored;
            println!(
                "{:<5} {:<5} {moves:>6} {:>8} {stored:>10} {:>10} {:>12.0}",
                case.id,
                count.name(),
                case.optimal[i],
                fmt_time(time),
                stored as f64 / time.as_secs_f64().max(1e-9)
            );
        }
        if largest.as_ref().is_none_or(|(n, _)| case.reachable.0 > *n) {
            largest = Some((case.reachable.0, puzzle));
        }
    }
    if let Some((_, puzzle)) = largest {
        for count in Count::ALL {
            let puzzle = puzzle.with_count(count);
            let clock = Instant::now();
            let cluster = puzzle.cluster(SOLVE_CAP, 1).ok_or("no cluster analysis")?.map_err(|s| s.name())?;
            println!(
                "cluster of {} ({}): {} states, {} solved, farthest {} moves, {} expansions, {:.1} MiB reserved, {}",
                Family::describe(&puzzle),
                count.name(),
                cluster.states,
                cluster.goal_states,
                cluster.farthest_distance().unwrap_or(0),
                cluster.expanded,
                cluster.bytes as f64 / (1024.0 * 1024.0),
                fmt_time(clock.elapsed())
            );
        }
    }
    for preset in Blocks::PRESETS {
        let mut generator = Generator::<Blocks>::preset(preset.name, seed)?;
        let clock = Instant::now();
        let mut candidates = 0;
        for _ in 0..count {
            candidates +=
                generator.generate().map_err(|status| Failure::Unanswered(generator.reason(status)))?.candidates;
        }
        let time = clock.elapsed();
        println!(
            "generate {:<6} ({}): {count} puzzles in {} ({:.1} per second, {candidates} candidates)",
            preset.name,
            preset.params,
            fmt_time(time),
            count as f64 / time.as_secs_f64()
        );
    }
    Ok(())
}
