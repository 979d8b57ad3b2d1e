//! `lp bench blocks`: every layout of the reference file solved under the three counts (time, states
//! stored, states per second), the whole-cluster analysis of its largest layout, and the generation rate
//! of every preset — a solve, an analysis or a preset a thread (`--jobs`), the times a thread's.

use super::{parse, timed_solve};
use crate::generate::stream_seed;
use crate::{fmt_time, parallel, Done, Failure};
use lphint::families::blocks::{data, Blocks, Count};
use lphint::family::Family;
use lphint::generate::{Generate, Generator};
use lphint::search::{Algorithm, Solver, Status};
use std::time::{Duration, Instant};

/// The reference layouts, built into the binary.
const LAYOUTS: &str = include_str!("../../../../data/blocks.txt");

/// States a solve may store (the largest layout has 1,132,514).
const SOLVE_CAP: usize = 1 << 22;

/// Layout `case` solved under `count` by breadth-first search and checked against its listed length:
/// its row of the table.
fn solve_row(case: &data::DataCase, count: Count, listed: i64) -> Result<String, Failure> {
    let puzzle = parse::<Blocks>(&case.desc)?.with_count(count);
    let bfs = Solver::new(Algorithm::Bfs { depth_limit: u32::MAX }, SOLVE_CAP).map_err(|e| e.to_string())?;
    let (outcome, time) = timed_solve(&puzzle, bfs);
    let moves = match outcome.status {
        Status::Found => outcome.moves.len() as i64,
        Status::Unsolvable => -1,
        other => return Err(format!("{} {}: {}", case.id, count.name(), other.name()).into()),
    };
    if moves != listed {
        return Err(Failure::Unanswered(format!("{} {}: {moves} moves, listed {listed}", case.id, count.name())));
    }
    let stored = outcome.stats.peak_stored;
    Ok(format!(
        "{:<5} {:<5} {moves:>6} {listed:>8} {stored:>10} {:>10} {:>12.0}",
        case.id,
        count.name(),
        fmt_time(time),
        stored as f64 / time.as_secs_f64().max(1e-9)
    ))
}

/// The whole cluster of `puzzle` under `count`: its line.
fn cluster_line(puzzle: &Blocks, count: Count) -> Result<String, Failure> {
    let puzzle = puzzle.with_count(count);
    let clock = Instant::now();
    let cluster = puzzle.cluster(SOLVE_CAP, 1).ok_or("no cluster analysis")?.map_err(|s| s.name())?;
    Ok(format!(
        "cluster of {} ({}): {} states, {} solved, farthest {} moves, {} expansions, {:.1} MiB reserved, {}",
        Family::describe(&puzzle),
        count.name(),
        cluster.states,
        cluster.goal_states,
        cluster.farthest_distance().unwrap_or(0),
        cluster.expanded,
        cluster.bytes as f64 / (1024.0 * 1024.0),
        fmt_time(clock.elapsed())
    ))
}

/// Puzzle `index` of `preset` (its own stream, as `lp generate` draws it): the candidates it took and
/// the time.
fn generate_one(preset: &lphint::params::Preset, seed: u64, index: usize) -> Result<(u64, Duration), Failure> {
    let mut generator = Generator::<Blocks>::preset(preset.name, stream_seed(seed, index))?;
    let clock = Instant::now();
    let generated = generator.generate().map_err(|status| Failure::Unanswered(generator.reason(status)))?;
    Ok((generated.candidates, clock.elapsed()))
}

pub fn blocks(count: usize, seed: u64, jobs: Option<usize>) -> Done {
    let clock = Instant::now();
    let cases = data::cases(LAYOUTS)?;
    let rows: Vec<(usize, usize)> = (0..cases.len()).flat_map(|c| (0..Count::ALL.len()).map(move |k| (c, k))).collect();
    let jobs = parallel::threads(jobs, rows.len());
    let print = |_, line: Result<String, Failure>| -> Done {
        println!("{}", line?);
        Ok(())
    };
    println!(
        "{:<5} {:<5} {:>6} {:>8} {:>10} {:>10} {:>12}",
        "case", "count", "moves", "listed", "stored", "time", "states/s"
    );
    let solve = |r: usize| {
        let (c, k) = rows[r];
        solve_row(&cases[c], Count::ALL[k], cases[c].optimal[k])
    };
    let mut busy = parallel::ordered(rows.len(), jobs, solve, print)?;
    // The first of the largest (`max_by_key` keeps the last of equals).
    if let Some(largest) = cases.iter().rev().max_by_key(|case| case.reachable.0) {
        let puzzle = parse::<Blocks>(&largest.desc)?;
        let analyse = |k: usize| cluster_line(&puzzle, Count::ALL[k]);
        busy += parallel::ordered(Count::ALL.len(), jobs, analyse, print)?;
    }
    // A puzzle a thread, each preset's line when its last puzzle is in.
    let presets = Blocks::PRESETS;
    let generate = |p: usize, i: usize| generate_one(&presets[p], seed, i);
    busy += parallel::grouped(presets.len(), count, jobs, generate, |p, made| -> Done {
        let (mut candidates, mut time) = (0, Duration::ZERO);
        for one in made {
            let (more, took) = one?;
            (candidates, time) = (candidates + more, time + took);
        }
        println!(
            "generate {:<6} ({}): {count} puzzles in {} ({:.1} per second, {candidates} candidates)",
            presets[p].name,
            presets[p].params,
            fmt_time(time),
            count as f64 / time.as_secs_f64().max(1e-9)
        );
        Ok(())
    })?;
    println!("{}", parallel::bench_summary(busy, clock, jobs));
    Ok(())
}
