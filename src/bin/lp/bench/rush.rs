//! `lp bench rush`: every puzzle of Fogleman's sample (`data/rush.txt`) solved and its cluster analysed
//! twice, by the general `blocks` family and by the Rush Hour engine of `lp enumerate`, every answer
//! checked against the file, positions per second for both; beside them the same family on the Huarong
//! Dao layouts of `data/blocks.txt`, whose blocks move freely — in one process.

use crate::{fmt_time, Done, Failure};
use lphint::families::blocks::rush::{self, Analyzer, Outcome};
use lphint::families::blocks::{data, Blocks, Count};
use lphint::family::Family;
use std::time::{Duration, Instant};

const SAMPLE: &str = include_str!("../../../../data/rush.txt");
const LAYOUTS: &str = include_str!("../../../../data/blocks.txt");
/// States a cluster analysis may store (the largest cluster here has 1,132,514).
const CAP: usize = 1 << 22;

/// Positions analysed and the time they took.
#[derive(Default)]
struct Rate {
    positions: u64,
    time: Duration,
}

impl Rate {
    fn add(&mut self, positions: usize, since: Instant) {
        self.positions += positions as u64;
        self.time += since.elapsed();
    }

    fn per_second(&self) -> f64 {
        self.positions as f64 / self.time.as_secs_f64().max(1e-9)
    }
}

pub fn rush() -> Done {
    let (mut family, mut engine) = (Rate::default(), Rate::default());
    let mut analyzer = Analyzer::new(6, CAP);
    let mut lines = 0;
    for line in SAMPLE.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty()) {
        let fields: Vec<&str> = line.split_whitespace().collect();
        let [moves, board, size] = fields[..] else { return Err(format!("bad line {line:?}").into()) };
        let (moves, size): (u32, usize) =
            (moves.parse().map_err(|_| "bad moves")?, size.parse().map_err(|_| "bad size")?);
        let puzzle = Blocks::parse(&format!("rush:{board}")).map_err(|e| format!("{board}: {e}"))?;
        let clock = Instant::now();
        let cluster = puzzle.cluster(CAP, 1).ok_or("no cluster analysis")?.map_err(|s| s.name())?;
        family.add(cluster.states, clock);
        // The family counts interchangeable blocks as one state, as Rush Hour's pieces never swap.
        let step = puzzle.with_count(Count::Step).cluster(CAP, 1).ok_or("no cluster")?.map_err(|s| s.name())?;
        if cluster.start_distance != Some(moves) || step.states != size {
            return Err(Failure::Unanswered(format!(
                "{board}: the family says {:?} moves, {} positions; listed {moves}, {size}",
                cluster.start_distance, step.states
            )));
        }
        let (_, position) = rush::parse_board(board).map_err(|e| e.to_string())?;
        let clock = Instant::now();
        let outcome = analyzer.analyze(&position, false).map_err(|e| e.to_string())?;
        let Outcome::Solvable(facts) = outcome else { return Err(format!("{board}: {outcome:?}").into()) };
        engine.add(facts.states, clock);
        if facts.moves != moves || facts.states != size || facts.minimal != Some(true) {
            return Err(Failure::Unanswered(format!("{board}: the engine says {facts:?}")));
        }
        lines += 1;
    }
    println!("Fogleman's sample, {lines} puzzles (1-60 moves), every moves and cluster size as listed:");
    println!(
        "  blocks family, cluster analysis (line count):  {:>11} positions in {:>9}, {:>11.0} positions/s",
        family.positions,
        fmt_time(family.time),
        family.per_second()
    );
    println!(
        "  Rush Hour engine (lp enumerate's, + minimal): {:>11} positions in {:>9}, {:>11.0} positions/s ({:.1}x)",
        engine.positions,
        fmt_time(engine.time),
        engine.per_second(),
        engine.per_second() / family.per_second()
    );
    let mut free = Rate::default();
    for case in data::cases(LAYOUTS)? {
        let puzzle = Blocks::parse(&case.desc).map_err(|e| format!("{}: {e}", case.id))?.with_count(Count::Free);
        let clock = Instant::now();
        let cluster = puzzle.cluster(CAP, 1).ok_or("no cluster analysis")?.map_err(|s| s.name())?;
        free.add(cluster.states, clock);
    }
    println!(
        "  blocks family on the Huarong Dao layouts (free blocks, free count): {} positions in {}, {:.0} positions/s",
        free.positions,
        fmt_time(free.time),
        free.per_second()
    );
    Ok(())
}
