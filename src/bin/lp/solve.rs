//! `lp solve` and `lp hint`.

use crate::files::read_tables;
use crate::{count, fmt_time, hint_over_frames, parse, recommended, timed_solve, Done, Failure};
use lphint::families::flip::Flip;
use lphint::families::hargram::cover::count_solutions;
use lphint::families::hargram::Hargram;
use lphint::families::jugs::Jugs;
use lphint::families::tiles::{Heuristic, Tiles};
use lphint::family::Family;
use lphint::hint::{HintStatus, Hinter};
use lphint::search::{Algorithm, Solver, Status};
use lphint::text::family_of;
use serde_json::json;
use std::time::Instant;

#[derive(clap::Args)]
pub struct SolveArgs {
    /// The puzzle's one-line text description.
    desc: String,
    /// Algorithm: bfs, bfs:DEPTH, hill, best-first, astar, wastar:NUM/DEN, ucs, ida, exact (the default:
    /// the family's own solver).
    #[arg(long)]
    algo: Option<String>,
    /// Tiles heuristic: misplaced, manhattan, linear-conflict.
    #[arg(long)]
    heuristic: Option<String>,
    /// Node cap of bfs, astar, wastar, best-first, ucs (nodes stored) and hill (moves); the memory is
    /// reserved up front. IDA* and the family's own solver reserve their own.
    #[arg(long)]
    cap: Option<usize>,
    /// Tables from `lp tables build`: 4x4 pattern databases or the 3x3 distance table.
    #[arg(long)]
    tables: Option<String>,
    /// Give up (out_of_nodes, exit status 2) after this many node expansions.
    #[arg(long)]
    max_nodes: Option<u64>,
    /// Print one JSON object instead of drawings.
    #[arg(long)]
    json: bool,
    /// Hargram: count every solution (and the solutions up to symmetry) instead of solving.
    #[arg(long)]
    all: bool,
    /// With --all: stop counting after this many solutions.
    #[arg(long)]
    limit: Option<u64>,
}

#[derive(clap::Args)]
pub struct HintArgs {
    /// The puzzle's one-line text description.
    desc: String,
    /// Nodes expanded per simulated frame (the hint is asked for until it arrives).
    #[arg(long, default_value_t = 1000)]
    budget: u32,
    /// Give up (out_of_nodes, exit status 2) after this many node expansions in all.
    #[arg(long)]
    max_nodes: Option<u64>,
    /// Tables from `lp tables build`: 4x4 pattern databases or the 3x3 distance table.
    #[arg(long)]
    tables: Option<String>,
    /// Print one JSON object instead of a drawing: `move` is the family's compact token (flip: `x,y`
    /// counted from 0), `move_text` the sentence (columns and rows counted from 1).
    #[arg(long)]
    json: bool,
}

/// Parses `desc` and applies `--heuristic` (tiles only) and `--tables` (families that use tables).
fn prepare<F: Family>(desc: &str, heuristic: Option<&str>, tables: Option<&str>) -> Result<F, String> {
    let mut puzzle: F = parse(desc)?;
    if let Some(path) = tables {
        puzzle = puzzle.with_tables(&read_tables(path)?)?;
    }
    if heuristic.is_some() && F::NAME != Tiles::NAME {
        return Err(format!("--heuristic applies to tiles puzzles only, not {}", F::NAME));
    }
    Ok(puzzle)
}

fn prepare_tiles(desc: &str, heuristic: Option<&str>, tables: Option<&str>) -> Result<Tiles, String> {
    let puzzle: Tiles = prepare(desc, None, tables)?;
    match heuristic {
        None => Ok(puzzle),
        Some(name) => Heuristic::parse(name)
            .map(|h| puzzle.with_heuristic(h))
            .ok_or_else(|| format!("unknown heuristic '{name}' (known: misplaced, manhattan, linear-conflict)")),
    }
}

pub fn solve(args: SolveArgs) -> Done {
    if args.all {
        if args.algo.is_some() || args.heuristic.is_some() || args.cap.is_some() || args.tables.is_some() {
            return Err(
                "--all counts with the exact solver: --algo, --heuristic, --cap and --tables do not apply".into()
            );
        }
        return count_command(&args.desc, args.limit, args.json);
    }
    if args.limit.is_some() {
        return Err("--limit applies to --all only".into());
    }
    let algo = match args.algo.as_deref() {
        None => None,
        Some(a) => Some(Algorithm::parse(a).ok_or_else(|| format!("unknown algorithm '{a}'"))?),
    };
    if args.cap.is_some() && matches!(algo, None | Some(Algorithm::Exact | Algorithm::IdaStar)) {
        let which = algo.map_or("the family's own solver".to_string(), |a| a.to_string());
        return Err(format!(
            "--cap sets the node pool of bfs, astar, wastar, best-first, ucs and hill; {which} reserves its own \
             memory (limit its work with --max-nodes)"
        )
        .into());
    }
    let (desc, heuristic, tables) = (args.desc.as_str(), args.heuristic.as_deref(), args.tables.as_deref());
    let limits = Limits { cap: args.cap, max_nodes: args.max_nodes };
    match family_of(desc) {
        "tiles" => solve_family(&prepare_tiles(desc, heuristic, tables)?, algo, limits, args.json),
        "jugs" => solve_family(&prepare::<Jugs>(desc, heuristic, tables)?, algo, limits, args.json),
        "flip" => solve_family(&prepare::<Flip>(desc, heuristic, tables)?, algo, limits, args.json),
        "hargram" => solve_family(&prepare::<Hargram>(desc, heuristic, tables)?, algo, limits, args.json),
        other => Err(format!("unknown family '{other}' (known: tiles, jugs, flip, hargram)").into()),
    }
}

pub fn hint(args: HintArgs) -> Done {
    let (desc, tables) = (args.desc.as_str(), args.tables.as_deref());
    let run = HintRun { budget: args.budget.max(1), max_nodes: args.max_nodes, json: args.json };
    match family_of(desc) {
        "tiles" => hint_family(&prepare::<Tiles>(desc, None, tables)?, run),
        "jugs" => hint_family(&prepare::<Jugs>(desc, None, tables)?, run),
        "flip" => hint_family(&prepare::<Flip>(desc, None, tables)?, run),
        "hargram" => hint_family(&prepare::<Hargram>(desc, None, tables)?, run),
        other => Err(format!("unknown family '{other}' (known: tiles, jugs, flip, hargram)").into()),
    }
}

/// The `--cap` and `--max-nodes` options of `lp solve`.
struct Limits {
    cap: Option<usize>,
    max_nodes: Option<u64>,
}

/// `solvable` in JSON: proven either way, or unknown.
fn solvable(status: Status) -> serde_json::Value {
    match status {
        Status::Found => json!(true),
        Status::Unsolvable => json!(false),
        _ => json!("unknown"),
    }
}

fn solve_family<F: Family>(puzzle: &F, algo: Option<Algorithm>, limits: Limits, json: bool) -> Done {
    let cap = limits.cap.unwrap_or(4_000_000);
    let solver = match algo {
        None | Some(Algorithm::Exact) => recommended(puzzle)?,
        Some(algorithm) => Solver::new(algorithm, cap).map_err(|e| format!("{e} for --cap {cap}: lower --cap"))?,
    };
    let solver = solver.with_expansion_limit(limits.max_nodes.unwrap_or(u64::MAX));
    let algorithm = solver.algorithm();
    let (outcome, time) = timed_solve(puzzle, solver);
    let found = outcome.status == Status::Found;
    let optimal = found && algorithm.is_optimal();
    if json {
        let mut object = json!({
            "family": F::NAME,
            "desc": puzzle.describe(),
            "algorithm": algorithm.to_string(),
            "status": outcome.status.name(),
            "solvable": solvable(outcome.status),
            "nodes": outcome.stats.expanded,
            "generated": outcome.stats.generated,
            "time_ms": time.as_secs_f64() * 1e3,
        });
        if let Algorithm::Bfs { depth_limit } = algorithm {
            if outcome.status == Status::DepthLimit {
                object["depth_limit"] = json!(depth_limit);
            }
        }
        if found {
            object["length"] = json!(outcome.moves.len());
            object["optimal"] = json!(optimal);
            object["moves"] = json!(outcome.moves.iter().map(|m| puzzle.move_token(m)).collect::<Vec<_>>());
        }
        println!("{object}");
    } else {
        print!("{}", puzzle.render(&puzzle.start()));
        println!(
            "{algorithm}: {} after {} in {}",
            outcome.status.name(),
            count(outcome.stats.expanded, "node"),
            fmt_time(time)
        );
        if found {
            let label = if optimal { "optimal" } else { "not proven optimal" };
            println!(
                "{} ({label}): {}",
                count(outcome.moves.len() as u64, "move"),
                outcome.moves.iter().map(|m| puzzle.move_token(m)).collect::<Vec<_>>().join(" ")
            );
        }
    }
    match outcome.status {
        Status::Found | Status::Unsolvable => Ok(()),
        Status::OutOfNodes => Err(Failure::Unanswered(format!(
            "no solution within the limits ({cap} nodes stored, {} expanded): raise --cap or --max-nodes, or try another --algo",
            outcome.stats.expanded
        ))),
        Status::DepthLimit => Err(Failure::Unanswered(format!(
            "no solution within the depth limit of {algorithm}: unknown whether one exists deeper"
        ))),
        other => Err(Failure::Unanswered(format!(
            "no solution: {} ({algorithm} gave up; an optimal algorithm such as ida would not)",
            other.name()
        ))),
    }
}

/// The options of one `lp hint` run.
struct HintRun {
    budget: u32,
    max_nodes: Option<u64>,
    json: bool,
}

fn hint_family<F: Family>(puzzle: &F, run: HintRun) -> Done {
    let solver = recommended(puzzle)?.with_expansion_limit(run.max_nodes.unwrap_or(u64::MAX));
    let mut hinter = Hinter::new(solver, 256);
    let start = puzzle.start();
    let (status, frames) = hint_over_frames(&mut hinter, puzzle, &start, run.budget);
    let nodes = hinter.stats().expanded;
    let (name, hint) = match status {
        HintStatus::Ready(hint) => ("ready", Some(hint)),
        HintStatus::AlreadySolved => ("already_solved", None),
        HintStatus::Unsolvable => ("unsolvable", None),
        HintStatus::OutOfNodes => ("out_of_nodes", None),
        HintStatus::NotFound => ("not_found", None),
        HintStatus::InProgress => ("in_progress", None),
        HintStatus::OutOfMemory => ("out_of_memory", None),
    };
    if run.json {
        let mut object = json!({
            "family": F::NAME,
            "desc": puzzle.describe(),
            "status": name,
            "solvable": match status {
                HintStatus::Ready(_) | HintStatus::AlreadySolved => json!(true),
                HintStatus::Unsolvable => json!(false),
                _ => json!("unknown"),
            },
            "nodes": nodes,
            "frames": frames,
        });
        if let Some(hint) = hint {
            object["move"] = json!(puzzle.move_token(&hint.mv));
            object["move_text"] = json!(puzzle.move_text(&hint.mv));
            object["moves_left"] = json!(hint.moves_left);
            object["length"] = json!(hint.moves_left);
            object["optimal"] = json!(hint.optimal);
        } else if status == HintStatus::AlreadySolved {
            object["moves_left"] = json!(0);
        }
        println!("{object}");
    } else {
        print!("{}", puzzle.render(&start));
        match hint {
            Some(hint) => println!(
                "hint: {} ({} left; {} over {} of {})",
                puzzle.move_text(&hint.mv),
                count(hint.moves_left, "move"),
                count(nodes, "node"),
                count(frames, "frame"),
                run.budget
            ),
            None => println!("no hint: {name}"),
        }
    }
    match status {
        HintStatus::Ready(_) | HintStatus::AlreadySolved | HintStatus::Unsolvable => Ok(()),
        HintStatus::OutOfMemory => Err(Failure::Error("no hint: the hinter's memory could not be reserved".into())),
        _ => Err(Failure::Unanswered(format!("no hint: {name} after {}", count(nodes, "node")))),
    }
}

/// `lp solve DESC --all`: counts a Hargram puzzle's solutions.
fn count_command(desc: &str, limit: Option<u64>, json: bool) -> Done {
    if family_of(desc) != Hargram::NAME {
        return Err("--all counts solutions of hargram puzzles only".into());
    }
    let puzzle: Hargram = parse(desc)?;
    let clock = Instant::now();
    let counted = count_solutions(&puzzle, limit.unwrap_or(u64::MAX).max(1));
    let time = clock.elapsed();
    if json {
        let object = json!({
            "family": Hargram::NAME,
            "desc": puzzle.describe(),
            "solvable": counted.all > 0,
            "solutions": counted.all,
            "up_to_symmetry": counted.up_to_symmetry,
            "capped": counted.capped,
            "nodes": counted.nodes,
            "time_ms": time.as_secs_f64() * 1e3,
        });
        println!("{object}");
    } else {
        print!("{}", puzzle.render(&puzzle.start()));
        let capped = if counted.capped { " (stopped at --limit)" } else { "" };
        println!(
            "{}{capped}, {} up to symmetry; {} tried in {}",
            count(counted.all, "solution"),
            counted.up_to_symmetry,
            count(counted.nodes, "placement"),
            fmt_time(time)
        );
    }
    Ok(())
}
