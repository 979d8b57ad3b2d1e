//! `lp bench rush`: every puzzle of Fogleman's sample (`data/rush.txt`) solved and its cluster analysed
//! twice, by the general `blocks` family and by the Rush Hour engine of `lp enumerate`, every answer
//! checked against the file, positions per second for both; beside them the same family on the Huarong
//! Dao layouts of `data/blocks.txt`, whose blocks move freely — a puzzle a thread (`--jobs`), the rates
//! per thread-second.

use crate::{fmt_time, parallel, Done, Failure};
use lphint::families::blocks::rush::{self, Analyzer, Outcome};
use lphint::families::blocks::{data, Blocks, Count};
use lphint::family::Family;
use std::time::{Duration, Instant};

const SAMPLE: &str = include_str!("../../../../data/rush.txt");
const LAYOUTS: &str = include_str!("../../../../data/blocks.txt");
/// States a cluster analysis may store (the largest cluster here has 1,132,514).
const CAP: usize = 1 << 22;

/// Positions analysed and the thread time they took.
#[derive(Default, Clone, Copy)]
struct Rate {
    positions: u64,
    time: Duration,
}

impl Rate {
    fn since(positions: usize, since: Instant) -> Rate {
        Rate { positions: positions as u64, time: since.elapsed() }
    }

    fn add(&mut self, other: Rate) {
        self.positions += other.positions;
        self.time += other.time;
    }

    fn per_second(&self) -> f64 {
        self.positions as f64 / self.time.as_secs_f64().max(1e-9)
    }
}

/// One line of the sample (`moves board cluster_size`) analysed by the family and by the engine, each
/// checked against the line: the two rates.
fn sample_line(line: &str, analyzer: &mut Analyzer) -> Result<[Rate; 2], Failure> {
    let fields: Vec<&str> = line.split_whitespace().collect();
    let [moves, board, size] = fields[..] else { return Err(format!("bad line {line:?}").into()) };
    let (moves, size): (u32, usize) = (moves.parse().map_err(|_| "bad moves")?, size.parse().map_err(|_| "bad size")?);
    let puzzle = Blocks::parse(&format!("rush:{board}")).map_err(|e| format!("{board}: {e}"))?;
    let clock = Instant::now();
    let cluster = puzzle.cluster(CAP, 1).ok_or("no cluster analysis")?.map_err(|s| s.name())?;
    let family = Rate::since(cluster.states, clock);
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
    let engine = Rate::since(facts.states, clock);
    if facts.moves != moves || facts.states != size || facts.minimal != Some(true) {
        return Err(Failure::Unanswered(format!("{board}: the engine says {facts:?}")));
    }
    Ok([family, engine])
}

pub fn rush(jobs: Option<usize>) -> Done {
    let clock = Instant::now();
    let lines: Vec<&str> = SAMPLE.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty()).collect();
    let jobs = parallel::threads(jobs, lines.len());
    // Each thread's engine keeps its tables from one puzzle to the next.
    let analyzers = parallel::Pool::default();
    let analyse = |i: usize| analyzers.with(|a| sample_line(lines[i], a.get_or_insert_with(|| Analyzer::new(6, CAP))));
    let (mut family, mut engine) = (Rate::default(), Rate::default());
    let mut busy = parallel::ordered(lines.len(), jobs, analyse, |_, rates| -> Done {
        let [f, e] = rates?;
        family.add(f);
        engine.add(e);
        Ok(())
    })?;
    println!("Fogleman's sample, {} puzzles (1-60 moves), every moves and cluster size as listed:", lines.len());
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
    let cases = data::cases(LAYOUTS)?;
    let layout = |i: usize| -> Result<Rate, Failure> {
        let case = &cases[i];
        let puzzle = Blocks::parse(&case.desc).map_err(|e| format!("{}: {e}", case.id))?.with_count(Count::Free);
        let clock = Instant::now();
        let cluster = puzzle.cluster(CAP, 1).ok_or("no cluster analysis")?.map_err(|s| s.name())?;
        Ok(Rate::since(cluster.states, clock))
    };
    let mut free = Rate::default();
    busy += parallel::ordered(cases.len(), jobs, layout, |_, rate| -> Done {
        free.add(rate?);
        Ok(())
    })?;
    println!(
        "  blocks family on the Huarong Dao layouts (free blocks, free count): {} positions in {}, {:.0} positions/s",
        free.positions,
        fmt_time(free.time),
        free.per_second()
    );
    println!("{}", parallel::bench_summary(busy, clock, jobs));
    Ok(())
}
