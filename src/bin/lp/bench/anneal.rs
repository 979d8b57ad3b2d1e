//! `lp bench anneal`: generation by simulated annealing against each family's own way of drawing
//! candidates, on the same number of exact ratings — how hard a puzzle each reaches (median and best of
//! the candidates rated), and the time per puzzle of each preset's band; for sliding blocks, against the
//! cluster method's hardest starts on 4×5 and 6×6 boxes.

use crate::{fmt_time, Done};
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

pub fn anneal(count: usize, seed: u64) -> Done {
    let ratings = 40 * count as u64;
    println!(
        "The hardest each reaches in {ratings} exact ratings (band opened to every rating; annealing climbs toward"
    );
    println!("the hardest; 'draw' is the preset's own method, fresh draws where the preset anneals), and the time per");
    println!("puzzle of each preset's band ({count} puzzles, or 10 s), one generator each:\n");
    println!(
        "{:<8} {:<8} {:>14} {:>14} {:>14} {:>14}   {:>12} {:>12}",
        "family", "preset", "draw med/best", "ratings", "anneal med/best", "ratings", "draw /puzzle", "anneal /p."
    );
    for family in registry::families() {
        let anneals = family
            .params
            .iter()
            .any(|p| p.name == "method" && matches!(p.kind, lphint::params::Kind::Choice(c) if c.contains(&"anneal")));
        if !anneals {
            continue;
        }
        let top = family.params.iter().find(|p| p.name == "max").map_or(1000, |p| p.max);
        // Rush Hour's cars keep to their axes; annealing mutates free blocks: not compared there.
        for preset in family.presets.iter().filter(|p| !p.params.contains("method=rush")) {
            // The family's own way: its preset's method, or fresh draws where the preset anneals.
            let own = |params: String| if family.name == "blocks" { params } else { format!("{params},method=draw") };
            let open = format!("preset={},min=0,max={top}", preset.name);
            let climb = format!("{open},method=anneal,target={}", top.min(1_000_000));
            let open = own(open);
            let (Ok(drawn), Ok(annealed)) = (
                run(family, &open, seed, usize::MAX, ratings, 10.0),
                run(family, &climb, seed, usize::MAX, ratings, 10.0),
            ) else {
                println!("{:<8} {:<8} (not generated without tables)", family.name, preset.name);
                continue;
            };
            let band = format!("preset={}", preset.name);
            let own = run(family, &own(band.clone()), seed, count, u64::MAX, 10.0)?;
            let annealed_band = run(family, &format!("{band},method=anneal"), seed, count, u64::MAX, 10.0)?;
            println!(
                "{:<8} {:<8} {:>14} {:>14} {:>14} {:>14}   {:>12} {:>12}",
                family.name,
                preset.name,
                format!("{}/{}", show(drawn.median()), show(drawn.best())),
                drawn.candidates,
                format!("{}/{}", show(annealed.median()), show(annealed.best())),
                annealed.candidates,
                own.per_puzzle(),
                annealed_band.per_puzzle()
            );
        }
    }
    // Sliding blocks: the cluster method's hardest starts against annealing's climb, 2x2 goal block.
    let blocks = registry::named("blocks")?;
    println!("\nsliding blocks, free count: the cluster method's hardest starts against annealing ({count} puzzles or 60 s):");
    println!(
        "{:<6} {:>16} {:>12} {:>12} {:>16} {:>12} {:>12}",
        "box", "cluster med/best", "ratings", "time", "anneal med/best", "ratings", "time"
    );
    for size in ["4x5", "6x6"] {
        let cluster = run(blocks, &format!("size={size},method=cluster,min=0,max=1000"), seed, count, u64::MAX, 60.0)?;
        let climb = format!("size={size},method=anneal,min=0,max=1000,target=1000,iterations=400");
        let annealed = run(blocks, &climb, seed, usize::MAX, cluster.candidates.max(1), 60.0)?;
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
    Ok(())
}
