//! `lp bench sokoban --set microban|microban2|xsokoban|boxworld|sasquatch` (or `--file LEVELS.xsb`): the
//! recommended solver on every level (or `--ids`) under a time limit a level, one thread: solved or not,
//! pushes and whether they are proven optimal, positions expanded, time.

use crate::{fmt_time, Done};
use lphint::families::sokoban::search::{Order, PushSearch};
use lphint::families::sokoban::text::read_collection;
use lphint::search::{Search, Status};
use std::time::{Duration, Instant};

/// The level sets built into the binary (from the `soukoban` package's assets; authors in
/// `data/sokoban/LICENSE`).
const SETS: &[(&str, &str)] = &[
    ("microban", include_str!("../../../../data/sokoban/microban_155.xsb")),
    ("microban2", include_str!("../../../../data/sokoban/microban_ii_135.xsb")),
    ("xsokoban", include_str!("../../../../data/sokoban/xsokoban_90.xsb")),
    ("boxworld", include_str!("../../../../data/sokoban/boxworld_100.xsb")),
    ("sasquatch", include_str!("../../../../data/sokoban/sasquatch_50.xsb")),
];

/// The options of a run.
pub struct Run<'a> {
    /// A built-in set's name, or a file's text.
    pub set: &'a str,
    /// An XSB file to read instead.
    pub file: Option<&'a str>,
    /// Levels to run (1-based); all when empty.
    pub ids: &'a [usize],
    /// The time limit a level.
    pub limit: Duration,
    /// Positions the solver may store.
    pub nodes: usize,
    /// Whether to print each solution in LURD notation.
    pub lurd: bool,
    /// `optimal` (A*), `greedy`, or `both`: A* for half the time (or until its arrays are full), then
    /// greedy best-first for the rest.
    pub order: &'a str,
}

pub fn sokoban(run: Run<'_>) -> Done {
    let text = match run.file {
        Some(path) => std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?,
        None => {
            let names: Vec<&str> = SETS.iter().map(|s| s.0).collect();
            let (_, text) = SETS
                .iter()
                .find(|s| s.0 == run.set)
                .ok_or_else(|| format!("unknown set '{}' (the sets: {})", run.set, names.join(", ")))?;
            (*text).to_owned()
        }
    };
    let levels = read_collection(&text).map_err(|(line, why)| format!("line {line}: {why}"))?;
    println!(
        "{:>4} {:<12} {:>5} {:<11} {:>7} {:>7} {:<8} {:>11} {:>10}",
        "id", "title", "boxes", "result", "pushes", "moves", "optimal", "positions", "time"
    );
    let (mut solved, mut proved, mut tried, mut total) = (0, 0, 0, Duration::ZERO);
    let mut search: Option<PushSearch> = None;
    for (i, entry) in levels.iter().enumerate() {
        if !run.ids.is_empty() && !run.ids.contains(&(i + 1)) {
            continue;
        }
        tried += 1;
        let puzzle = &entry.level;
        let fits = search.as_ref().is_some_and(|s| s.fits(puzzle));
        if !fits {
            drop(search.take()); // the old arrays go before larger ones are reserved
            search = Some(PushSearch::new(puzzle, run.nodes).map_err(|e| e.to_string())?);
        }
        let Some(search) = search.as_mut() else { continue };
        let clock = Instant::now();
        let orders: &[(Order, f64)] = match run.order {
            "optimal" => &[(Order::Optimal, 1.0)],
            "greedy" => &[(Order::Greedy, 1.0)],
            _ => &[(Order::Optimal, 0.5), (Order::Greedy, 1.0)],
        };
        let (mut status, mut expanded) = (Status::InProgress, 0);
        for &(order, share) in orders {
            search.set_order(order);
            search.restart(puzzle, lphint::family::Family::start(puzzle));
            status = loop {
                let step = search.step(puzzle, 10_000);
                if step.status != Status::InProgress {
                    break step.status;
                }
                if clock.elapsed() >= run.limit.mul_f64(share) {
                    break Status::InProgress; // out of time
                }
            };
            expanded += search.stats().expanded;
            if status.is_answer() {
                break;
            }
        }
        let time = clock.elapsed();
        total += time;
        let stats = search.stats();
        let mut path = Vec::new();
        let mut lurd = None;
        let (pushes, optimal) = match status {
            Status::Found => {
                search.write_path(&mut path);
                let moves: Vec<_> = path.iter().map(|(m, _)| *m).collect();
                lurd = puzzle.lurd(&lphint::family::Family::start(puzzle), &moves);
                solved += 1;
                let proven = search.order() == Order::Optimal;
                proved += proven as usize;
                (
                    stats.solution_length.map_or(String::from("?"), |n| n.to_string()),
                    if proven { "proven" } else { "no" },
                )
            }
            _ => (String::from("-"), "-"),
        };
        let result = if status == Status::InProgress { "time_limit" } else { status.name() };
        let mut title = entry.title.clone();
        title.truncate(12);
        println!(
            "{:>4} {:<12} {:>5} {:<11} {:>7} {:>7} {:<8} {:>11} {:>10}",
            i + 1,
            title,
            puzzle.level().boxes.len(),
            result,
            pushes,
            lurd.as_ref().map_or(String::from("-"), |l| l.len().to_string()),
            optimal,
            expanded,
            fmt_time(time)
        );
        if let (true, Some(lurd)) = (run.lurd, &lurd) {
            println!("     {lurd}");
        }
    }
    println!(
        "solved {solved}/{tried} ({proved} proven push-optimal) in {} ({} a level at most, one thread, {})",
        fmt_time(total),
        fmt_time(run.limit),
        match run.order {
            "optimal" => "push-optimal A*",
            "greedy" => "greedy best-first",
            _ => "A* for half the time, then greedy best-first",
        }
    );
    Ok(())
}
