//! `lp bench anneal`: generation by simulated annealing against each family's own way of drawing
//! candidates, on the same number of exact ratings — how hard a puzzle each reaches (median and best of
//! the candidates rated), and the time per puzzle of each preset's band; for sliding blocks, against the
//! cluster method's hardest starts on 4×5 and 6×6 boxes. A generator a thread (`--jobs`): the runs that
//! stop at their time limit (10 s, 60 s) reach what the machine's speed allows, on any number of threads.

use crate::{fmt_time, parallel, Done};
use lphint::generate::Limits;
use lphint::registry::{self, Entry};
use std::time::{Duration, Instant};

/// What a run of a generator gave: ratings of the puzzles handed out, candidates drawn, time.
struct Run {
    ratings: Vec<u32>,
    candidates: u64,
    time: Duration,
}

impl Run {
    fn median(&self) -> Option<u32> {
        let mut sorted = self.ratings.clone();
        sorted.sort_unstable();
        sorted.get(sorted.len() / 2).copied()
    }

    fn best(&self) -> Option<u32> {
        self.ratings.iter().max().copied()
    }

    fn per_puzzle(&self) -> String {
        match self.ratings.len() {
            0 => "none".into(),
            n => fmt_time(self.time / n as u32),
        }
    }
}

/// Runs `family`'s generator on `params` until `puzzles` are handed out or `ratings` candidates drawn
/// (or `seconds` pass).
fn run(family: &Entry, params: &str, seed: u64, puzzles: usize, ratings: u64, seconds: f64) -> Result<Run, String> {
    let mut generator = family.generator(params, seed)?;
    generator.set_limits(Limits { max_misses: u64::MAX, ..Limits::default() });
    let clock = Instant::now();
    let mut out = Run { ratings: Vec::new(), candidates: 0, time: Duration::ZERO };
    while out.ratings.len() < puzzles && out.candidates < ratings && clock.elapsed().as_secs_f64() < seconds {
        match generator.step(100_000) {
            Ok(made) => {
                out.candidates += made.candidates;
                out.ratings.push(made.rating);
            }
            Err(lphint::search::Status::InProgress) => {}
            Err(_) => break,
        }
    }
    out.time = clock.elapsed();
    Ok(out)
}

fn show(x: Option<u32>) -> String {
    x.map_or("-".into(), |v| v.to_string())
}

/// A row of the first table: a family's preset, and the parameters of its four runs (the band opened
/// drawn the preset's way and climbed by annealing, then the preset's band each way).
struct Row {
    family: &'static Entry,
    preset: &'static str,
    runs: [(String, usize, u64); 4],
}

/// The rows: every family that anneals, every preset but Rush Hour's (its cars keep to their axes;
/// annealing mutates free blocks).
fn rows(count: usize) -> Vec<Row> {
    let ratings = 40 * count as u64;
    let mut rows = Vec::new();
    for family in registry::families() {
        let anneals = family
            .params
            .iter()
            .any(|p| p.name == "method" && matches!(p.kind, lphint::params::Kind::Choice(c) if c.contains(&"anneal")));
        if !anneals {
            continue;
        }
        let top = family.params.iter().find(|p| p.name == "max").map_or(1000, |p| p.max);
        for preset in family.presets.iter().filter(|p| !p.params.contains("method=rush")) {
            // The family's own way: its preset's method, or fresh draws where the preset anneals.
            let own = |params: String| if family.name == "blocks" { params } else { format!("{params},method=draw") };
            let open = format!("preset={},min=0,max={top}", preset.name);
            let climb = format!("{open},method=anneal,target={}", top.min(1_000_000));
            let band = format!("preset={}", preset.name);
            let runs = [
                (own(open), usize::MAX, ratings),
                (climb, usize::MAX, ratings),
                (own(band.clone()), count, u64::MAX),
                (format!("{band},method=anneal"), count, u64::MAX),
            ];
            rows.push(Row { family, preset: preset.name, runs });
        }
    }
    rows
}

/// What one item of the bench gave: a run of a row, or a box's race (the cluster method, then annealing).
enum Ran {
    Row(Result<Run, String>),
    Race(Result<(Run, Run), String>),
}

/// The sizes of box the cluster method races annealing on.
const SIZES: [&str; 2] = ["4x5", "6x6"];

pub fn anneal(count: usize, seed: u64, jobs: Option<usize>) -> Done {
    let clock = Instant::now();
    let ratings = 40 * count as u64;
    let rows = rows(count);
    let jobs = parallel::threads(jobs, rows.len() * 4 + SIZES.len());
    let blocks = registry::named("blocks")?;
    println!(
        "The hardest each reaches in {ratings} exact ratings (band opened to every rating; annealing climbs toward"
    );
    println!("the hardest; 'draw' is the preset's own method, fresh draws where the preset anneals), and the time per");
    println!("puzzle of each preset's band ({count} puzzles, or 10 s), one generator each, a generator a thread:\n");
    println!(
        "{:<8} {:<8} {:>14} {:>14} {:>14} {:>14}   {:>12} {:>12}",
        "family", "preset", "draw med/best", "ratings", "anneal med/best", "ratings", "draw /puzzle", "anneal /p."
    );
    // The box races first (the 6x6 one is the longest item), their lines printed last; then run i of the
    // rows: row i / 4, its run i % 4, a row's line when its fourth run is in.
    let work = |k: usize| match k.checked_sub(SIZES.len()) {
        None => Ran::Race((|| {
            let size = SIZES[k];
            let cluster =
                run(blocks, &format!("size={size},method=cluster,min=0,max=1000"), seed, count, u64::MAX, 60.0)?;
            // The climb gets as many ratings as the cluster method took.
            let climb = format!("size={size},method=anneal,min=0,max=1000,target=1000,iterations=400");
            let annealed = run(blocks, &climb, seed, usize::MAX, cluster.candidates.max(1), 60.0)?;
            Ok((cluster, annealed))
        })()),
        Some(i) => {
            let (params, puzzles, ratings) = &rows[i / 4].runs[i % 4];
            Ran::Row(run(rows[i / 4].family, params, seed, *puzzles, *ratings, 10.0))
        }
    };
    let (mut done, mut races) = (Vec::new(), Vec::new());
    let busy = parallel::ordered(SIZES.len() + rows.len() * 4, jobs, work, |k, ran| -> Done {
        let ran = match ran {
            Ran::Race(raced) => {
                races.push(raced?);
                return Ok(());
            }
            Ran::Row(ran) => ran,
        };
        done.push(ran);
        let i = k - SIZES.len();
        if i % 4 < 3 {
            return Ok(());
        }
        let row = &rows[i / 4];
        let [drawn, annealed, own, annealed_band] =
            <[_; 4]>::try_from(std::mem::take(&mut done)).map_err(|_| "the runs of a row came apart".to_string())?;
        let (Ok(drawn), Ok(annealed)) = (drawn, annealed) else {
            println!("{:<8} {:<8} (not generated without tables)", row.family.name, row.preset);
            return Ok(());
        };
        let (own, annealed_band) = (own?, annealed_band?);
        println!(
            "{:<8} {:<8} {:>14} {:>14} {:>14} {:>14}   {:>12} {:>12}",
            row.family.name,
            row.preset,
            format!("{}/{}", show(drawn.median()), show(drawn.best())),
            drawn.candidates,
            format!("{}/{}", show(annealed.median()), show(annealed.best())),
            annealed.candidates,
            own.per_puzzle(),
            annealed_band.per_puzzle()
        );
        Ok(())
    })?;
    // Sliding blocks: the cluster method's hardest starts against annealing's climb, 2x2 goal block.
    println!("\nsliding blocks, free count: the cluster method's hardest starts against annealing ({count} puzzles or 60 s):");
    println!(
        "{:<6} {:>16} {:>12} {:>12} {:>16} {:>12} {:>12}",
        "box", "cluster med/best", "ratings", "time", "anneal med/best", "ratings", "time"
    );
    for (size, (cluster, annealed)) in SIZES.iter().zip(races) {
        println!(
            "{size:<6} {:>16} {:>12} {:>12} {:>16} {:>12} {:>12}",
            format!("{}/{}", show(cluster.median()), show(cluster.best())),
            cluster.candidates,
            fmt_time(cluster.time),
            format!("{}/{}", show(annealed.median()), show(annealed.best())),
            annealed.candidates,
            fmt_time(annealed.time)
        );
    }
    println!("{}", parallel::bench_summary(busy, clock, jobs));
    Ok(())
}
