//! `lp solve` and `lp hint`, for every family through the registry.

use crate::files::read_tables;
use crate::{count, count_moves, fmt_time, Done, Failure};
use lphint::family::Tier;
use lphint::registry;
use lphint::search::{Algorithm, Shortfall, Status};
use lphint::session::AnySession;
use serde_json::json;
use std::time::Instant;

/// The options every command that opens a puzzle shares.
#[derive(clap::Args)]
pub struct PuzzleArgs {
    /// The puzzle's one-line text description.
    pub desc: String,
    /// Tables from `lp tables build` (pdb: 4x4 pattern databases, eight: the 3x3 distance table, pdb24:
    /// 5x5 pattern databases).
    #[arg(long)]
    pub tables: Option<String>,
    /// A play option of the family, as KEY=VALUE (repeatable; `lp families` lists them).
    #[arg(long = "option", value_name = "KEY=VALUE")]
    pub options: Vec<String>,
    /// Sliding tiles: the heuristic (misplaced, manhattan, linear-conflict); short for --option heuristic=H.
    #[arg(long)]
    pub heuristic: Option<String>,
}

impl PuzzleArgs {
    /// The puzzle at its start with the options and tables given.
    pub fn open(&self) -> Result<Box<dyn AnySession>, String> {
        let mut session = registry::parse(&self.desc).map_err(|e| format!("cannot parse '{}': {e}", self.desc))?;
        let heuristic = self.heuristic.iter().map(|h| format!("heuristic={h}"));
        for option in self.options.iter().cloned().chain(heuristic) {
            let (key, value) =
                option.split_once('=').ok_or_else(|| format!("--option must be KEY=VALUE, not '{option}'"))?;
            session.set_option(key.trim(), value.trim())?;
        }
        if let Some(path) = &self.tables {
            session.set_tables(&read_tables(path)?)?;
        }
        Ok(session)
    }
}

#[derive(clap::Args)]
pub struct SolveArgs {
    #[command(flatten)]
    puzzle: PuzzleArgs,
    /// Algorithm: bfs, bfs:DEPTH, hill, best-first, astar, wastar:NUM/DEN, beam:WIDTH, ucs, ida, exact
    /// (the family's own solver, as hints use it). Default: the family's solver for a whole solve, which
    /// may go on where a proof does not come (Sokoban: the feature-space search after the A*) and then
    /// says its solution is not proven optimal.
    #[arg(long)]
    algo: Option<String>,
    /// Node cap of bfs, astar, wastar, best-first, ucs (nodes stored), beam (nodes kept: the cap over the
    /// width is the deepest layer) and hill (moves); the memory is reserved up front. IDA* and the family's
    /// own solver reserve their own.
    #[arg(long)]
    cap: Option<usize>,
    /// Give up (out_of_nodes, exit status 2) after this many node expansions.
    #[arg(long)]
    max_nodes: Option<u64>,
    /// Print one JSON object instead of drawings.
    #[arg(long)]
    json: bool,
    /// Count every solution (and the solutions up to symmetry) instead of solving, for families that
    /// count them (hargram, linjat, sudoku); where there are several, Sudoku shows two and the cells
    /// where they differ (JSON: `shown`, their descriptions).
    #[arg(long)]
    all: bool,
    /// With --all: stop counting after this many solutions.
    #[arg(long)]
    limit: Option<u64>,
    /// Analyse the whole cluster instead of solving (for families whose moves can all be undone: blocks,
    /// tiles, flip, linjat): every reachable state, the solved ones, the histogram of distances to the
    /// nearest solved state and the farthest states. --cap bounds the states stored (default 2^22; the
    /// memory is reserved up front, and a cap the machine cannot hold is refused with its size).
    #[arg(long)]
    cluster: bool,
    /// Show the human-like rule solver's deduction step by step instead of solving (for families that
    /// have one: linjat); JSON keys `rules` (steps per rule), `widest` (each rule's widest step),
    /// `depth`, `max_width`, `solved`, `steps` and the family's scores.
    #[arg(long)]
    rules: bool,
}

#[derive(clap::Args)]
pub struct HintArgs {
    #[command(flatten)]
    puzzle: PuzzleArgs,
    /// Nodes expanded per simulated frame (the hint is asked for until it arrives).
    #[arg(long, default_value_t = 1000)]
    budget: u32,
    /// Give up (out_of_nodes, exit status 2) after this many node expansions in all (default: the
    /// engine's hint limit, 100,000,000).
    #[arg(long)]
    max_nodes: Option<u64>,
    /// Print one JSON object instead of a drawing: `move` is the family's compact token (flip: `x,y`
    /// counted from 0), `move_text` and `text` sentences (columns and rows counted from 1), `reason` and
    /// `cells` what the hint is and what it concerns.
    #[arg(long)]
    json: bool,
    /// How much the hint gives away, as a game's hint coins: 1 where to look, 2 what to move, 3 the move
    /// with its reason (the default), 4 the plan (its next `--plan` moves). Every tier is read off the
    /// plan of tier 3; JSON gives the tier's `tier_text` and `tier_cells` (and `plan`) beside the move.
    #[arg(long, default_value_t = 3, value_parser = clap::value_parser!(u32).range(1..=4))]
    tier: u32,
    /// Moves of the plan that tier 4 shows.
    #[arg(long, default_value_t = 5)]
    plan: u32,
}

/// `solvable` in JSON: proven either way, or unknown.
fn solvable(status: Status) -> serde_json::Value {
    match status {
        Status::Found | Status::AlreadySolved => json!(true),
        Status::Unsolvable => json!(false),
        _ => json!("unknown"),
    }
}

pub fn solve(args: SolveArgs) -> Done {
    let session = args.puzzle.open()?;
    if args.rules {
        if args.algo.is_some() || args.all || args.cluster || args.cap.is_some() || args.max_nodes.is_some() {
            return Err("--rules shows the rule solver's deduction: --algo, --all, --cluster, --cap and --max-nodes do not apply".into());
        }
        return rules_command(session.as_ref(), args.json);
    }
    if args.cluster {
        if args.algo.is_some() || args.all || args.max_nodes.is_some() {
            return Err(
                "--cluster explores the whole cluster: --algo, --all and --max-nodes do not apply (--cap does)".into(),
            );
        }
        return cluster_command(session.as_ref(), args.cap.unwrap_or(1 << 22), args.json);
    }
    if args.all {
        if args.algo.is_some() || args.cap.is_some() {
            return Err("--all counts with the exact solver: --algo and --cap do not apply".into());
        }
        return count_command(session.as_ref(), args.limit, args.json);
    }
    if args.limit.is_some() {
        return Err("--limit applies to --all only".into());
    }
    let algorithm = match args.algo.as_deref() {
        None => Algorithm::Exact,
        Some(a) => Algorithm::read(a)?,
    };
    if args.cap.is_some() && matches!(algorithm, Algorithm::Exact | Algorithm::IdaStar) {
        let which =
            if algorithm == Algorithm::Exact { "the family's own solver".into() } else { algorithm.to_string() };
        return Err(format!(
            "--cap sets the node pool of bfs, astar, wastar, best-first, ucs, beam and hill; {which} reserves its own \
             memory (limit its work with --max-nodes)"
        )
        .into());
    }
    let (cap, requested) = (args.cap.unwrap_or(4_000_000), algorithm);
    // With no --algo, the family's solver for a designer's whole solve (it may go on past a proof that
    // does not come, without proving its solution shortest: the output says so).
    let mut solver = match args.algo {
        None => session.designer_solver().map_err(|e| format!("{e} for the family's whole solve"))?,
        Some(_) => session.solver(algorithm, cap).map_err(|e| match algorithm {
            // A beam's layers hold `width` states each: the width is what to lower first.
            Algorithm::Beam { width } => {
                format!("{e} for a beam of width {width} (--cap {cap}): lower the width (beam:N)")
            }
            _ => format!("{e} for --cap {cap}: lower --cap"),
        })?,
    };
    // A designer's solve runs to its answer unless told otherwise (a game's solver has a default limit).
    solver.set_node_limit(args.max_nodes.unwrap_or(u64::MAX));
    let clock = Instant::now();
    let status = loop {
        let step = solver.step(u32::MAX);
        if step.status.is_done() {
            break step.status;
        }
    };
    let time = clock.elapsed();
    let (algorithm, stats) = (solver.algorithm(), solver.stats());
    let found = status == Status::Found;
    let tokens = solver.move_tokens();
    if args.json {
        let mut object = json!({
            "family": session.family(),
            "desc": session.describe(),
            "algorithm": algorithm.to_string(),
            "phase": solver.phase(),
            "status": status.name(),
            "solvable": solvable(status),
            "nodes": stats.expanded,
            "generated": stats.generated,
            "time_ms": time.as_secs_f64() * 1e3,
        });
        if let (Algorithm::Bfs { depth_limit }, Status::NotFound(Shortfall::DepthLimit)) = (algorithm, status) {
            object["depth_limit"] = json!(depth_limit);
        }
        if found {
            object["length"] = json!(tokens.len());
            object["optimal"] = json!(solver.solution_is_optimal());
            object["moves"] = json!(tokens);
        }
        println!("{object}");
    } else {
        print!("{}", session.render());
        // A whole solve's later phase names itself: "features (after astar)".
        let search = match solver.phase() {
            Some(phase) if phase != algorithm.to_string() => format!("{phase} (after {algorithm})"),
            _ => algorithm.to_string(),
        };
        println!("{search}: {} after {} in {}", status.name(), count(stats.expanded, "node"), fmt_time(time));
        if found {
            let label = if solver.solution_is_optimal() { "optimal" } else { "not proven optimal" };
            println!("{} ({label}): {}", count_moves(tokens.len() as u64, session.family()), tokens.join(" "));
        }
    }
    match status {
        Status::Found | Status::Unsolvable => Ok(()),
        Status::OutOfNodes => Err(Failure::Unanswered(out_of_nodes(requested, cap, stats.expanded, args.max_nodes))),
        Status::NotFound(Shortfall::DepthLimit) => Err(Failure::Unanswered(format!(
            "no solution within the depth limit of {algorithm}: unknown whether one exists deeper"
        ))),
        other => Err(Failure::Unanswered(format!(
            "no solution: {} ({algorithm} gave up; an optimal algorithm such as ida would not)",
            other.name()
        ))),
    }
}

pub fn hint(args: HintArgs) -> Done {
    let tier = Tier::of(args.tier).ok_or("--tier is 1 to 4")?;
    let mut session = args.puzzle.open()?;
    if let Some(limit) = args.max_nodes {
        session.set_node_limit(limit);
    }
    let drawing = session.render();
    let budget = args.budget.max(1);
    let mut frames = 0u32;
    let hint = loop {
        frames += 1;
        match session.next_hint(budget) {
            Err(Status::InProgress) => continue,
            other => break other,
        }
    };
    let status = hint.map_or_else(|s| s, |_| Status::Found);
    // Out of nodes: the partial hint, a move toward the closest position the search reached, said so.
    let partial = if status == Status::OutOfNodes { session.partial_hint().ok() } else { None };
    let name = if status == Status::Found { "ready" } else { status.name() };
    let family = registry::named(session.family())?;
    if args.json {
        let mut object = json!({
            "family": session.family(),
            "desc": session.describe(),
            "status": name,
            "solvable": solvable(status),
            "nodes": session.hint_nodes(),
            "frames": frames,
        });
        if let Ok(h) = hint {
            let reason = family.reasons.iter().find(|r| r.code == h.reason).map_or("", |r| r.name);
            object["move"] = json!(session.move_token(&h.mv));
            object["move_text"] = json!(session.move_text(&h.mv));
            object["text"] = json!(session.hint_text());
            object["reason"] = json!(reason);
            object["cells"] = json!(session.hint_cells().unwrap_or_default());
            object["moves_left"] = json!(h.moves_left);
            object["length"] = json!(h.moves_left);
            object["optimal"] = json!(h.optimal);
            object["tier"] = json!(args.tier);
            object["tier_text"] = json!(session.hint_tier_text(tier, args.plan as usize));
            object["tier_cells"] = json!(session.hint_tier_cells(tier));
            if tier == Tier::Plan {
                let plan = session.hint_plan(args.plan as usize).unwrap_or_default().to_vec();
                let tokens: Vec<_> = plan
                    .iter()
                    .scan(session.describe(), |desc, mv| {
                        let mut at = registry::parse(desc).ok()?;
                        let token = at.move_token(mv);
                        at.apply(mv).ok()?;
                        *desc = at.describe();
                        Some(token)
                    })
                    .collect();
                object["plan"] = json!(tokens);
            }
        } else if status == Status::AlreadySolved {
            object["moves_left"] = json!(0);
        } else if let Some(p) = partial {
            object["partial"] = json!({"move": session.move_token(&p.mv), "text": session.hint_text(),
                "estimate": p.moves_left});
        }
        println!("{object}");
    } else {
        print!("{drawing}");
        match hint {
            Ok(h) => println!(
                "hint: {} ({} left; {} over {} of {})",
                session.hint_tier_text(tier, args.plan as usize).unwrap_or_default(),
                count_moves(h.moves_left, session.family()),
                count(session.hint_nodes(), "node"),
                count(frames, "frame"),
                budget
            ),
            Err(_) => match partial {
                Some(_) => println!("no hint: {name}; a partial hint: {}", session.hint_text().unwrap_or_default()),
                None => println!("no hint: {name}"),
            },
        }
    }
    match status {
        Status::Found | Status::AlreadySolved | Status::Unsolvable => Ok(()),
        Status::OutOfMemory => Err(Failure::Error("no hint: the hinter's memory could not be reserved".into())),
        _ => Err(Failure::Unanswered(format!("no hint: {name} after {}", count(frames, "frame")))),
    }
}

/// Why a search ended `out_of_nodes`, and what to raise: the node pool of the algorithms that have one
/// (`--cap`), the limit on expansions (`--max-nodes`) where it was given, or another algorithm.
fn out_of_nodes(algorithm: Algorithm, cap: usize, expanded: u64, limit: Option<u64>) -> String {
    let pooled = !matches!(algorithm, Algorithm::Exact | Algorithm::IdaStar);
    match limit {
        Some(limit) if expanded >= limit => {
            format!("no solution within --max-nodes {limit} ({expanded} expanded): raise --max-nodes")
        }
        _ if pooled => format!(
            "no solution within the node cap ({cap} nodes stored at most, {expanded} expanded): raise --cap, or try \
             another --algo"
        ),
        _ => {
            let which =
                if algorithm == Algorithm::Exact { "the family's own solver".into() } else { algorithm.to_string() };
            format!("no solution within the memory of {which} ({expanded} expanded): try another --algo with a larger --cap")
        }
    }
}

/// `lp solve DESC --all`: counts the solutions, for families that count them.
fn count_command(session: &dyn AnySession, limit: Option<u64>, json: bool) -> Done {
    let clock = Instant::now();
    let counted = session.count_solutions(limit.unwrap_or(u64::MAX).max(1)).ok_or_else(|| {
        format!("--all counts solutions of families that can count them; {} cannot", session.family())
    })?;
    let time = clock.elapsed();
    // Two solutions, where the family shows them: a puzzle with several is ambiguous where they differ.
    let shown = if counted.all > 1 { session.solutions(2) } else { Vec::new() };
    if json {
        let object = json!({
            "family": session.family(),
            "desc": session.describe(),
            "solvable": counted.all > 0,
            "solutions": counted.all,
            "up_to_symmetry": counted.up_to_symmetry,
            "capped": counted.capped,
            "nodes": counted.nodes,
            "time_ms": time.as_secs_f64() * 1e3,
            "shown": shown,
        });
        println!("{object}");
    } else {
        print!("{}", session.render());
        // Stopped at the limit, both counts are lower bounds, and said to be.
        let (at_least, capped) = match (counted.capped, limit) {
            (true, Some(limit)) => ("at least ", format!(" (stopped at --limit {limit})")),
            _ => ("", String::new()),
        };
        println!(
            "{at_least}{}{capped}, {at_least}{} up to symmetry; {} tried in {}",
            count(counted.all, "solution"),
            counted.up_to_symmetry,
            count(counted.nodes, "placement"),
            fmt_time(time)
        );
        if let [first, second] = &shown[..] {
            let parse = |desc: &String| registry::parse(desc).map_err(|e| format!("{desc}: {e}"));
            let (a, b) = (parse(first)?, parse(second)?);
            let width = a.board_size().0.max(1) as usize;
            let differ: Vec<String> = (0..width * a.board_size().1 as usize)
                .filter(|&i| a.cell(i) != b.cell(i))
                .map(|i| format!("r{}c{}", i / width + 1, i % width + 1))
                .collect();
            println!("two of them, which differ at {}:\n{}\n{}", differ.join(", "), a.render(), b.render());
        }
    }
    Ok(())
}

/// `lp solve DESC --rules`: the rule solver's deduction, step by step.
fn rules_command(session: &dyn AnySession, json: bool) -> Done {
    let deduction = session.deduce().ok_or_else(|| {
        format!("--rules shows the deduction of families solved by rules; {} is not", session.family())
    })?;
    let width = session.board_size().0 as usize;
    let cells = |cells: &[u16]| -> Vec<String> {
        cells.iter().map(|&c| format!("{},{}", c as usize / width, c as usize % width)).collect()
    };
    if json {
        let object_of = |pairs: &[(&str, u32)]| -> serde_json::Map<String, serde_json::Value> {
            pairs.iter().map(|(name, n)| (name.to_string(), json!(n))).collect()
        };
        let (rules, widest) = (object_of(&deduction.rules), object_of(&deduction.widest));
        let steps: Vec<serde_json::Value> = deduction
            .steps
            .iter()
            .map(|(rule, width, fixed)| json!({ "rule": rule, "width": width, "cells": cells(fixed) }))
            .collect();
        let mut object = json!({
            "family": session.family(),
            "desc": session.describe(),
            "rules": rules,
            "widest": widest,
            "depth": deduction.depth,
            "max_width": deduction.max_width,
            "solved": deduction.solved,
            "steps": steps,
        });
        for (name, value) in &deduction.scores {
            object[*name] = json!(value);
        }
        println!("{object}");
    } else {
        print!("{}", session.render());
        for (i, (rule, width, fixed)) in deduction.steps.iter().enumerate() {
            println!("step {:>3}: {rule:<15} width {width}: fixes {}", i + 1, cells(fixed).join(" "));
        }
        let rules: Vec<String> = deduction.rules.iter().map(|(n, d)| format!("{n} {d}")).collect();
        let scores: Vec<String> = deduction.scores.iter().map(|(n, v)| format!("{n} {v}")).collect();
        println!(
            "{}: {}, widest {}; {}; {}",
            if deduction.solved { "solved" } else { "stuck" },
            count(deduction.depth, "step"),
            deduction.max_width,
            rules.join(", "),
            scores.join(", ")
        );
    }
    Ok(())
}

/// Bytes of memory this machine has available (`MemAvailable` in `/proc/meminfo`), where it says.
fn available_memory() -> Option<u64> {
    let info = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = info.lines().find(|l| l.starts_with("MemAvailable:"))?;
    line.split_whitespace().nth(1)?.parse::<u64>().ok().map(|kib| kib * 1024)
}

/// `lp solve DESC --cluster`: the whole-cluster analysis.
fn cluster_command(session: &dyn AnySession, cap: usize, json: bool) -> Done {
    let bytes = session.cluster_bytes(cap);
    let gib = |b: u64| b as f64 / (1u64 << 30) as f64;
    if let Some(available) = available_memory().filter(|&a| bytes as u64 > a) {
        return Err(format!(
            "--cap {cap} reserves {:.2} GiB for the cluster, more than the {:.2} GiB this machine has available: \
             lower --cap",
            gib(bytes as u64),
            gib(available)
        )
        .into());
    }
    let clock = Instant::now();
    let analysed = session.cluster(cap, 3).ok_or_else(|| {
        format!(
            "{} puzzles have no cluster analysis: their moves, as the searches make them, cannot all be undone",
            session.family()
        )
    })?;
    let cluster = match analysed {
        Ok(cluster) => cluster,
        Err(Status::OutOfNodes) => {
            return Err(Failure::Unanswered(format!("the cluster holds more than {cap} states: raise --cap")))
        }
        Err(Status::OutOfMemory) => {
            return Err(format!(
                "out of memory: the {} bytes ({:.2} GiB) of --cap {cap} could not be reserved: lower --cap",
                bytes,
                gib(bytes as u64)
            )
            .into())
        }
        Err(other) => return Err(format!("the analysis stopped: {}", other.name()).into()),
    };
    let seconds = clock.elapsed().as_secs_f64();
    if json {
        let object = json!({
            "states": cluster.states,
            "goal_states": cluster.goal_states,
            "start_distance": cluster.start_distance,
            "farthest_distance": cluster.farthest_distance(),
            "histogram": cluster.histogram,
            "farthest": cluster.farthest,
            "expanded": cluster.expanded,
            "bytes": cluster.bytes,
            "seconds": seconds,
        });
        println!("{object}");
    } else {
        print!("{}", session.render());
        println!(
            "cluster: {} ({} solved), {} expanded, {:.1} MiB reserved, {:.3} s",
            count(cluster.states as u64, "state"),
            cluster.goal_states,
            cluster.expanded,
            cluster.bytes as f64 / (1 << 20) as f64,
            seconds
        );
        match cluster.start_distance {
            Some(d) => println!("from the start: {}", count(d as u64, "move")),
            None => println!("no solved state is reachable: unsolvable"),
        }
        if let Some(far) = cluster.farthest_distance() {
            println!("farthest from every solved state: {}, for example", count(far as u64, "move"));
            for desc in &cluster.farthest {
                println!("  {desc}");
            }
            let bars: Vec<String> = cluster.histogram.iter().enumerate().map(|(d, n)| format!("{d}:{n}")).collect();
            println!("states by distance: {}", bars.join(" "));
        }
    }
    Ok(())
}
