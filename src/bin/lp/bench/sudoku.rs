//! `lp bench sudoku`: the exact solver and the human ladder on a file of puzzles (by default the built-in
//! 1,000 rated by Sudoku Explainer), their speed, and where Sudoku Explainer's ratings are given beside
//! the puzzles, the agreement: the confusion table of the buckets (1.5, 2.5, 5.0), ratings within 0.2,
//! the largest differences. Then `--count` puzzles made per bucket, a puzzle a second. One thread.

use crate::{fmt_time, Done};
use lphint::families::sudoku::exact::{count_in, Counter};
use lphint::families::sudoku::generate::{minimal_puzzle, random_solution};
use lphint::families::sudoku::human::{Board, Ladder, Rating};
use lphint::families::sudoku::{Geometry, Grid};
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;
use std::time::Instant;

/// The built-in puzzles: 1,000 made by our generator, rated by serate with SE 1.2.1's techniques.
const RATED: &str = include_str!("../../../../data/sudoku/rated.txt");

/// The most steps the ladder takes on one puzzle (a 16×16 grid has 256 cells to fill).
const MAX_STEPS: usize = 10_000;

/// SE's buckets: easy below 1.5, medium below 2.5, hard below 5.0, diabolical from 5.0.
const BUCKETS: [&str; 4] = ["easy", "medium", "hard", "diabolical"];

/// The bucket of a rating in tenths.
fn bucket(tenths: u8) -> usize {
    match tenths {
        0..=14 => 0,
        15..=24 => 1,
        25..=49 => 2,
        _ => 3,
    }
}

/// A puzzle of the file and SE's rating of it (in tenths), when given.
struct Case {
    grid: Grid,
    se: Option<u8>,
}

/// Reads the lines `PUZZLE [RATING [TECHNIQUE]]` (`#` comments and blank lines skipped).
fn cases(text: &str) -> Result<Vec<Case>, String> {
    let mut cases = Vec::new();
    for (n, line) in text.lines().enumerate().filter(|(_, l)| !l.trim().is_empty() && !l.starts_with('#')) {
        let mut fields = line.split_whitespace();
        let grid = Grid::parse(fields.next().unwrap_or("")).map_err(|e| format!("line {}: {e}", n + 1))?;
        let se = match fields.next() {
            Some(r) => Some(
                r.parse::<f64>()
                    .ok()
                    .filter(|r| (0.0..=25.0).contains(r))
                    .map(|r| (r * 10.0).round() as u8)
                    .ok_or(format!("line {}: '{r}' is not a rating", n + 1))?,
            ),
            None => None,
        };
        cases.push(Case { grid, se });
    }
    Ok(cases)
}

/// A rating as SE writes it, `+` after a lower bound (the ladder could not finish).
fn shown(rating: &Rating) -> String {
    format!("{}.{}{}", rating.difficulty / 10, rating.difficulty % 10, if rating.finished { "" } else { "+" })
}

pub fn sudoku(file: Option<&str>, count: usize, seed: u64, solve: bool) -> Done {
    let text = match file {
        Some(path) => std::fs::read_to_string(path).map_err(|e| format!("cannot read {path}: {e}"))?,
        None => RATED.to_string(),
    };
    let cases = cases(&text)?;
    if cases.is_empty() {
        return Err("no puzzles in the file".to_string().into());
    }
    if solve {
        return solve_each(&cases);
    }
    // The exact solver: each puzzle counted to 2 (unique or not), repeated for a stable time.
    let repeats = (20_000 / cases.len()).clamp(1, 100);
    let geometries: Vec<_> = cases.iter().map(|c| std::sync::Arc::new(c.grid.geometry())).collect();
    let clock = Instant::now();
    let (mut nodes, mut unique) = (0u64, 0usize);
    for _ in 0..repeats {
        (nodes, unique) = (0, 0);
        for (case, geometry) in cases.iter().zip(&geometries) {
            let found = count_in(geometry, &case.grid, 2, u64::MAX);
            nodes += found.nodes;
            unique += usize::from(found.solutions == 1);
        }
    }
    let exact = clock.elapsed() / (repeats * cases.len()) as u32;
    println!(
        "{} puzzles: {unique} unique; exact solver {} a puzzle ({} nodes on average)",
        cases.len(),
        fmt_time(exact),
        nodes / cases.len() as u64
    );
    let clock = Instant::now();
    // One ladder a grid size, its scratch space reused.
    let mut ladders: Vec<(usize, Ladder)> = Vec::new();
    let mut ratings = Vec::with_capacity(cases.len());
    for (case, geometry) in cases.iter().zip(&geometries) {
        let k = match ladders.iter().position(|(side, _)| *side == case.grid.side) {
            Some(k) => k,
            None => {
                ladders.push((case.grid.side, Ladder::new(geometry).map_err(|e| e.to_string())?));
                ladders.len() - 1
            }
        };
        ratings.push(ladders[k].1.rate(Board::of(geometry, &case.grid.cells), MAX_STEPS));
    }
    let laddered = clock.elapsed() / cases.len() as u32;
    let finished = ratings.iter().filter(|r| r.finished).count();
    println!("human ladder: {} a puzzle; finished {finished} of {}", fmt_time(laddered), cases.len());
    agreement(&cases, &ratings);
    if count > 0 {
        made_per_bucket(count, seed);
    }
    Ok(())
}

/// The exact solver alone, once over the puzzles: `PUZZLE:COUNT:SOLUTION` a line, the count to 2 (the
/// format of tdoku's example solver, so that a race times whole processes doing the same work and their
/// outputs can be compared line by line). One counter a grid size, reused.
fn solve_each(cases: &[Case]) -> Done {
    use std::io::Write;
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    let mut counters: Vec<(usize, Counter)> = Vec::new();
    for case in cases {
        let k = match counters.iter().position(|(side, _)| *side == case.grid.side) {
            Some(k) => k,
            None => {
                let geometry = std::sync::Arc::new(case.grid.geometry());
                counters.push((case.grid.side, Counter::new(&geometry).map_err(|e| e.to_string())?));
                counters.len() - 1
            }
        };
        let counter = &mut counters[k].1;
        counter.restart(&case.grid.cells, 2);
        counter.step(u64::MAX);
        let solution: String =
            counter.first().unwrap_or(&[]).iter().map(|&d| lphint::families::sudoku::digit_char(d)).collect();
        writeln!(out, "{}:{}:{solution}", case.grid, counter.solutions()).map_err(|e| e.to_string())?;
    }
    out.flush().map_err(|e| e.to_string())?;
    Ok(())
}

/// The agreement with SE where the file gives its ratings.
fn agreement(cases: &[Case], ratings: &[Rating]) {
    let pairs: Vec<(u8, &Rating, &Grid)> =
        cases.iter().zip(ratings).filter_map(|(c, r)| c.se.map(|se| (se, r, &c.grid))).collect();
    if pairs.is_empty() {
        return;
    }
    let finished: Vec<&(u8, &Rating, &Grid)> = pairs.iter().filter(|(_, r, _)| r.finished).collect();
    let equal = finished.iter().filter(|(se, r, _)| r.difficulty == *se).count();
    let near = finished.iter().filter(|(se, r, _)| r.difficulty.abs_diff(*se) <= 2).count();
    let same_bucket = finished.iter().filter(|(se, r, _)| bucket(r.difficulty) == bucket(*se)).count();
    println!(
        "against SE ({} rated): where the ladder finished ({}), equal {equal}, within 0.2 {near}, same bucket {same_bucket}",
        pairs.len(),
        finished.len()
    );
    println!(
        "overall within 0.2: {near} of {} ({:.1} %); beyond the ladder (SE at least 4.5 too): {}",
        pairs.len(),
        100.0 * near as f64 / pairs.len() as f64,
        pairs.len() - finished.len()
    );
    // Rows SE's bucket, columns ours (the last: beyond the ladder).
    let mut table = [[0usize; 5]; 4];
    for (se, r, _) in &pairs {
        table[bucket(*se)][if r.finished { bucket(r.difficulty) } else { 4 }] += 1;
    }
    println!("{:<12} {:>8} {:>8} {:>8} {:>10} {:>8}", "SE \\ ours", "easy", "medium", "hard", "diabolical", "beyond");
    for (name, row) in BUCKETS.iter().zip(&table) {
        println!("{name:<12} {:>8} {:>8} {:>8} {:>10} {:>8}", row[0], row[1], row[2], row[3], row[4]);
    }
    let mut differences: Vec<&&(u8, &Rating, &Grid)> =
        finished.iter().filter(|(se, r, _)| r.difficulty != *se).collect();
    differences.sort_by_key(|(se, r, _)| std::cmp::Reverse(r.difficulty.abs_diff(*se)));
    for (se, r, grid) in differences.iter().take(5) {
        let technique = r.hardest.map_or("-", |t| t.name());
        println!("  differs: {grid} ours {} ({technique}), SE {}.{}", shown(r), se / 10, se % 10);
    }
}

/// Puzzles made until each bucket the ladder rates has `count` (at most 100 × count made in all):
/// puzzles a second per bucket.
fn made_per_bucket(count: usize, seed: u64) {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let geometry = std::sync::Arc::new(Geometry::new(9).expect("9x9"));
    let Ok(mut ladder) = Ladder::new(&geometry) else { return };
    let mut made = [0usize; 5];
    let clock = Instant::now();
    let mut tries = 0;
    while made.iter().any(|&n| n < count) && tries < 100 * count {
        let Some(solution) = random_solution(9, &mut rng) else { break };
        let puzzle = minimal_puzzle(&solution, false, &mut rng);
        let rating = ladder.rate(Board::of(&geometry, &puzzle.cells), MAX_STEPS);
        let b = if rating.finished { bucket(rating.difficulty) } else { 4 };
        made[b] += 1;
        tries += 1;
    }
    println!("made {tries} minimal 9x9 puzzles in {} (seed {seed}):", fmt_time(clock.elapsed()));
    let total = clock.elapsed().as_secs_f64();
    for (k, name) in BUCKETS.iter().chain(["beyond the ladder"].iter()).enumerate() {
        println!("  {name:<18} {:>6} puzzles, {:>8.1} a second", made[k], made[k] as f64 / total);
    }
}
