//! `lp bench linjat`: the rule solver and the exact solver on every puzzle of the reference file, then
//! per tier the generator's attempts (time each, attempts per candidate the rules solve) and the
//! optimizer (iterations per second, time per optimized puzzle) — in one process, one core.

use crate::{fmt_time, Done, Failure};
use lphint::families::linjat::data;
use lphint::families::linjat::rules::{classify, ALL_RULES};
use lphint::families::linjat::{exact, text, Drawn, Linjat};
use lphint::generate::{Generate, Generator};
use std::time::{Duration, Instant};

/// The reference puzzles, built into the binary.
const PUZZLES: &str = include_str!("../../../../data/linjat.txt");

/// Repeats of each timing on the reference puzzles (they take microseconds).
const REPEATS: u32 = 200;

pub fn linjat(count: usize, seed: u64) -> Done {
    println!("{:<5} {:<9} {:>6} {:>12} {:>10} {:>12}", "case", "tier", "steps", "rules", "solutions", "exact");
    for case in data::cases(PUZZLES)? {
        let puzzle = text::parse(&case.desc).map_err(|e| format!("{}: {e}", case.id))?;
        let clock = Instant::now();
        let mut profile = classify(puzzle.board(), ALL_RULES);
        for _ in 1..REPEATS {
            profile = classify(puzzle.board(), ALL_RULES);
        }
        let rules = clock.elapsed() / REPEATS;
        let clock = Instant::now();
        let mut counted = exact::count(&puzzle, &Drawn::NONE, 3);
        for _ in 1..REPEATS {
            counted = exact::count(&puzzle, &Drawn::NONE, 3);
        }
        let exact = clock.elapsed() / REPEATS;
        println!(
            "{:<5} {:<9} {:>6} {:>12} {:>10} {:>12}",
            case.id,
            case.tier,
            profile.steps,
            fmt_time(rules),
            counted.0,
            fmt_time(exact)
        );
    }
    for preset in Linjat::PRESETS {
        // Attempts alone: the optimizer off, every attempt timed.
        let mut seeker = Generator::<Linjat>::from_text(&format!("preset={},iterations=0", preset.name), seed)?;
        let (clock, mut attempts) = (Instant::now(), 0);
        for _ in 0..count {
            let generated = seeker.generate().map_err(|s| Failure::Unanswered(seeker.reason(s)))?;
            attempts += generated.facts.iter().find(|f| f.name == "attempts").map_or(0, |f| f.value);
        }
        let seeking = clock.elapsed();
        let mut optimizer = Generator::<Linjat>::preset(preset.name, seed)?;
        let clock = Instant::now();
        for _ in 0..count {
            optimizer.generate().map_err(|s| Failure::Unanswered(optimizer.reason(s)))?;
        }
        let optimizing = clock.elapsed();
        let iterations = 10_000.0 * count as f64;
        let per_iteration = optimizing.saturating_sub(seeking).as_secs_f64() / iterations;
        println!(
            "{:<6}: {count} candidates in {} ({:.0} attempts each, {} an attempt); {count} optimized in {} \
             ({:.0} iterations/s, {} a puzzle)",
            preset.name,
            fmt_time(seeking),
            attempts as f64 / count as f64,
            fmt_time(seeking / attempts.max(1) as u32),
            fmt_time(optimizing),
            1.0 / per_iteration.max(1e-12),
            fmt_time(Duration::from_secs_f64(optimizing.as_secs_f64() / count as f64))
        );
    }
    Ok(())
}
