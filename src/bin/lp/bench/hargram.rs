//! `lp bench hargram`: the exact solver against the genetic algorithm and simulated annealing on the same
//! boards (generated puzzles of every preset and the 6×10 pentominoes), the two on the same genome and
//! the same budget of fitness evaluations; their best fitness against evaluations over several seeds;
//! then all 6×10 solutions. A board or a run a thread (`--jobs`), the times a thread's.

use super::{parse, recommended, timed_solve, PENTOMINOES_6X10};
use crate::{fmt_time, parallel, Done, Failure};
use lphint::families::hargram::cover::count_solutions;
use lphint::families::hargram::evolve::HargramGenome;
use lphint::families::hargram::Hargram;
use lphint::ga::{Evolution, GaParams, GENOME_SCHEDULE};
use lphint::generate::{Generate, Generator};
use lphint::search::Status;
use std::time::{Duration, Instant};

/// Seeds of the fitness curves (the median is reported).
const SEEDS: u64 = 5;
/// Evaluations at which the curves are read.
const CHECKPOINTS: [u64; 7] = [1_000, 2_500, 5_000, 10_000, 25_000, 50_000, 75_000];

/// The two rivals on the genome, each with its defaults (75,000 evaluations), seeded with `seed`.
fn rivals(seed: u64) -> [(&'static str, Evolution); 2] {
    [
        ("GA", Evolution::Genetic { params: GaParams::default(), seed }),
        ("SA", Evolution::Annealing(lphint::search::anneal::Schedule { seed, ..GENOME_SCHEDULE })),
    ]
}

/// Runs `how` on `puzzle` to its end: the best fitness after each checkpoint's evaluations, whether a
/// full cover was found, the evaluations and the time.
fn run(puzzle: &Hargram, how: Evolution) -> Result<(Vec<u32>, bool, u64, Duration), String> {
    let genome = HargramGenome::new(puzzle);
    let clock = Instant::now();
    let mut evolver = how.start(&genome)?;
    let mut curve = Vec::with_capacity(CHECKPOINTS.len());
    let mut done = 0;
    for &checkpoint in &CHECKPOINTS {
        let report = evolver.step(&genome, (checkpoint - done) as u32);
        done = report.evaluations;
        curve.push(report.best_fitness);
        if report.status != Status::InProgress {
            curve.resize(CHECKPOINTS.len(), report.best_fitness);
            break;
        }
    }
    let report = evolver.report();
    Ok((curve, report.status == Status::Found, report.evaluations, clock.elapsed()))
}

/// A board's row, the exact solver's time, and each rival's time and whether it found a cover.
type Raced = (String, Duration, [(Duration, bool); 2]);

pub fn hargram(count: usize, seed: u64, jobs: Option<usize>) -> Done {
    let mut boards: Vec<(String, Hargram)> = Vec::new();
    for preset in Hargram::PRESETS {
        let mut generator = Generator::<Hargram>::preset(preset.name, seed)?;
        for i in 0..count {
            let puzzle = generator.generate().map_err(|status| Failure::Unanswered(generator.reason(status)))?.puzzle;
            boards.push((format!("{} {}", preset.name, i + 1), puzzle));
        }
    }
    boards.push(("pentominoes 6x10".into(), parse(PENTOMINOES_6X10)?));
    println!(
        "{:<18} {:>6} {:>10} {:>10} {:>20} {:>20}",
        "board", "cells", "exact", "nodes", "GA (75,000 evals)", "SA (75,000 evals)"
    );
    let wall = Instant::now();
    let jobs = parallel::threads(jobs, boards.len() * SEEDS as usize * 2);
    let mut exact_total = Duration::ZERO;
    let mut totals = [(Duration::ZERO, 0usize); 2];
    // A board a thread: the exact solver, then the two rivals.
    let race = |b: usize| -> Result<Raced, Failure> {
        let (name, puzzle) = &boards[b];
        let (outcome, exact) = timed_solve(puzzle, recommended(puzzle)?);
        if outcome.status != Status::Found {
            return Err(format!("{name}: the exact solver found no cover").into());
        }
        let (mut cells, mut rivals_run) = (Vec::new(), [(Duration::ZERO, false); 2]);
        for (ran, (_, how)) in rivals_run.iter_mut().zip(rivals(seed)) {
            let (_, found, evaluations, time) = run(puzzle, how)?;
            *ran = (time, found);
            cells.push(if found {
                format!("{} ({evaluations})", fmt_time(time))
            } else {
                format!("no cover {}", fmt_time(time))
            });
        }
        let open = HargramGenome::new(puzzle);
        let row = format!(
            "{name:<18} {:>6} {:>10} {:>10} {:>20} {:>20}",
            lphint::ga::Genome::perfect(&open),
            fmt_time(exact),
            outcome.stats.expanded,
            cells[0],
            cells[1]
        );
        Ok((row, exact, rivals_run))
    };
    let mut busy = parallel::ordered(boards.len(), jobs, race, |_, raced| -> Done {
        let (row, exact, rivals_run) = raced?;
        println!("{row}");
        exact_total += exact;
        for (total, (time, found)) in totals.iter_mut().zip(rivals_run) {
            *total = (total.0 + time, total.1 + found as usize);
        }
        Ok(())
    })?;
    println!("exact: {} covers in {}", boards.len(), fmt_time(exact_total));
    for ((name, _), (time, found)) in rivals(seed).iter().zip(totals) {
        println!(
            "{name}: {found}/{} covers in {} ({:.0}x the exact solver's time)",
            boards.len(),
            fmt_time(time),
            time.as_secs_f64() / exact_total.as_secs_f64().max(1e-9)
        );
    }
    // Best fitness against evaluations: cells left uncovered over all the boards, the median of the seeds.
    println!(
        "\ncells left uncovered over the {} boards (median of seeds {seed}..{}), and full covers:",
        boards.len(),
        seed + SEEDS - 1
    );
    let mut uncovered =
        [[Vec::new(), Vec::new(), Vec::new(), Vec::new(), Vec::new(), Vec::new(), Vec::new()], Default::default()];
    let mut covers = [0usize; 2];
    // A run a thread; a group is a seed's rival (seeds in turn, GA then SA) over every board.
    let curve = |g: usize, board: usize| -> Result<([u32; CHECKPOINTS.len()], bool), String> {
        let (seed, rival) = (seed + (g / 2) as u64, g % 2);
        let puzzle = &boards[board].1;
        let (curve, found, _, _) = run(puzzle, rivals(seed)[rival].1)?;
        let perfect = lphint::ga::Genome::perfect(&HargramGenome::new(puzzle));
        let mut left = [0u32; CHECKPOINTS.len()];
        left.iter_mut().zip(&curve).for_each(|(left, best)| *left = perfect - best);
        Ok((left, found))
    };
    busy += parallel::grouped(2 * SEEDS as usize, boards.len(), jobs, curve, |g, runs| -> Done {
        let mut sums = [0u32; CHECKPOINTS.len()];
        for ran in runs {
            let (left, found) = ran?;
            sums.iter_mut().zip(left).for_each(|(sum, left)| *sum += left);
            covers[g % 2] += found as usize;
        }
        uncovered[g % 2].iter_mut().zip(sums).for_each(|(v, sum)| v.push(sum));
        Ok(())
    })?;
    println!("{:>12} {:>8} {:>8}", "evaluations", "GA", "SA");
    for (k, checkpoint) in CHECKPOINTS.iter().enumerate() {
        let median = |v: &mut Vec<u32>| {
            v.sort();
            v[v.len() / 2]
        };
        println!("{checkpoint:>12} {:>8} {:>8}", median(&mut uncovered[0][k]), median(&mut uncovered[1][k]));
    }
    let runs = boards.len() * SEEDS as usize;
    println!("{:>12} {:>8} {:>8}", "full covers", format!("{}/{runs}", covers[0]), format!("{}/{runs}", covers[1]));
    let clock = Instant::now();
    let all = count_solutions(&parse::<Hargram>(PENTOMINOES_6X10)?, u64::MAX);
    busy += clock.elapsed();
    println!(
        "\n6x10 pentominoes: {} solutions ({} up to symmetry), {} placements, in {}",
        all.all,
        all.up_to_symmetry,
        all.nodes,
        fmt_time(clock.elapsed())
    );
    println!("{}", parallel::bench_summary(busy, wall, jobs));
    Ok(())
}
