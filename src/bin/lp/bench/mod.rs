//! `lp bench korf100|tiles5|hargram|anneal|blocks|rush|linjat|frames|checks|custom|sokoban|sudoku`.

mod anneal;
mod blocks;
mod custom;
mod frames;
mod hargram;
mod linjat;
mod rush;
mod sokoban;
mod sudoku;

use crate::files::read_tables;
use crate::{fmt_time, parallel, Done};
use lphint::families::tiles::pdb::PatternDatabase;
use lphint::families::tiles::{Heuristic, Tiles};
use lphint::family::Family;
use lphint::search::{solve_with, Outcome, Puzzle, Search, Solver, Status};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Parses a description of family `F`, with the message the CLI prints.
fn parse<F: Family>(desc: &str) -> Result<F, String> {
    F::parse(desc).map_err(|e| format!("cannot parse '{desc}': {e}"))
}

/// The family's recommended solver, or the out-of-memory message.
fn recommended<F: Family>(puzzle: &F) -> Result<Solver<F>, String> {
    puzzle.recommended_solver().map_err(|e| e.to_string())
}

/// Runs `solver` on `puzzle` from its start, timing the search (not the memory reservation).
fn timed_solve<F: Family>(puzzle: &F, mut solver: Solver<F>) -> (Outcome<F::Move>, Duration) {
    let clock = Instant::now();
    let outcome = solve_with(&mut solver, puzzle, puzzle.start());
    (outcome, clock.elapsed())
}

/// Builds the 6-6-3 pattern databases for goals with the blank on `blank_cell`, reporting time and size.
fn build_pattern_database(blank_cell: u8) -> Arc<PatternDatabase> {
    let clock = Instant::now();
    let db = PatternDatabase::build(blank_cell);
    eprintln!(
        "built 6-6-3 pattern databases (blank goal cell {blank_cell}): {:.1} MiB in {}",
        db.bytes() as f64 / (1024.0 * 1024.0),
        fmt_time(clock.elapsed())
    );
    Arc::new(db)
}

/// Korf's 100 instances, built into the binary so that the benchmark runs from anywhere.
const KORF100: &str = include_str!("../../../../data/korf100.txt");
/// Further 15-puzzles with published optimal lengths, 17 of them at the maximum of 80 moves.
const FIFTEEN_HARD: &str = include_str!("../../../../data/fifteen_hard.txt");
/// Korf and Felner's 50 random 24-puzzles with their optimal lengths.
const KORF24: &str = include_str!("../../../../data/korf24.txt");

#[derive(clap::Args)]
pub struct BenchArgs {
    /// Which benchmark: korf100, fifteen-hard, korf24, tiles5, hargram, anneal (generation by annealing against each family's own), blocks, rush, linjat, frames, checks (frames' "check my board" table alone), custom, sokoban, sudoku (the exact solver and the human ladder, and the ladder's ratings against Sudoku Explainer's).
    name: String,
    /// tiles5, hargram, blocks, linjat, custom: how many puzzles (hargram, blocks, linjat: generated per
    /// preset); sudoku: puzzles made until each bucket has this many (0: none made).
    #[arg(long, default_value_t = 20)]
    count: usize,
    /// tiles5, hargram, blocks, linjat: random seed.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// frames, checks, sokoban --order hints: the node budget of every call (default: each family's
    /// recommended one).
    #[arg(long)]
    budget: Option<u32>,
    /// frames, checks: only this family (its presets, its largest puzzle, its check).
    #[arg(long)]
    family: Option<String>,
    /// korf100, fifteen-hard, korf24: only these instance ids; sokoban: only these levels of the set or
    /// file (comma-separated, 1-based); default all (fifteen-hard: the 80-move ones).
    #[arg(long, value_delimiter = ',')]
    ids: Vec<usize>,
    /// korf100: an instance file in Korf's format instead of the built-in copy of his 100; sokoban: an XSB
    /// file instead of a built-in set; sudoku: lines `PUZZLE [SE-RATING [TECHNIQUE]]` instead of the
    /// built-in 1,000 rated puzzles.
    #[arg(long)]
    file: Option<String>,
    /// korf100: pdb (6-6-3 pattern databases with reflection), linear-conflict or manhattan.
    #[arg(long, default_value = "pdb")]
    heuristic: String,
    /// korf100, fifteen-hard: pattern databases to load instead of building one layout (`lp tables build
    /// --param blank=0`: Korf's goal has the blank on cell 0; `--param layouts=2` for the fastest); korf24: 5x5 pattern databases for the hint mode
    /// (`lp tables build --kind pdb24 --param blank=0`), linear conflicts without them.
    #[arg(long)]
    tables: Option<String>,
    /// sokoban: the level set (microban, microban2, xsokoban, boxworld, sasquatch), or `--file` an XSB
    /// file.
    #[arg(long, default_value = "microban")]
    set: String,
    /// sokoban: the time limit a level, in seconds.
    #[arg(long, default_value_t = 10.0)]
    seconds: f64,
    /// sokoban: positions the solver may store (about 40 bytes each for small rooms).
    #[arg(long, default_value_t = 8_000_000)]
    nodes: usize,
    /// sokoban: optimal (push-optimal A*), greedy (best-first on the bound, not proven: packing goal rooms
    /// in order with goal macros for half the time, then plain), features (the feature-space search, after
    /// FESS; not proven), both (A* for 20 % of the time, the feature-space search to 80 %, then plain greedy),
    /// or hints (each level played by hints from its start as a game asks them, a call at the frame budget
    /// or --budget; the first hint's calls and time, then the plan followed to the goal).
    #[arg(long, default_value = "both", value_parser = ["optimal", "greedy", "features", "both", "hints"])]
    order: String,
    /// sokoban: print each solution in LURD notation (lower case a step, upper case a push).
    #[arg(long)]
    lurd: bool,
    /// sokoban: after each level the feature-space search ran on, where each of its two searches left
    /// its positions: for each number of the packing order's steps done, the positions stored (and, after
    /// a slash, how many have a box out of plan), and the cells of the feature space.
    #[arg(long)]
    census: bool,
    /// sokoban: after each level the feature-space search ran on, up to --samples of the positions each
    /// of its two searches stored with this many steps of its packing order done, as XSB levels (the
    /// output can be read back with --file, e.g. to ask the A* whether they are already dead).
    #[arg(long)]
    sample: Option<usize>,
    /// sokoban: how many positions --sample prints a search.
    #[arg(long, default_value_t = 10)]
    samples: usize,
    /// sokoban: a peer's results on the same set, printed beside ours level by level: YASS's
    /// "Solutions, Statistics.txt", or lines `ID PUSHES SECONDS` (`-` for a level not solved).
    #[arg(long)]
    vs_file: Option<String>,
    /// sudoku: the exact solver alone, once over the puzzles, printing `PUZZLE:COUNT:SOLUTION` a line (the
    /// count to 2; the output of tdoku's example solver), to race a peer's whole process.
    #[arg(long)]
    solve: bool,
    /// korf100, fifteen-hard, korf24, tiles5, sokoban, rush, blocks, linjat, hargram, anneal: threads
    /// working at once, a puzzle each (default: every core; the listing is the same on any number but for
    /// anneal's runs that stop at their time limit; times and rates are a thread's; each sokoban thread
    /// reserves its own --nodes arrays). A race against a one-thread peer takes 1. frames and custom time
    /// single calls, on one thread.
    #[arg(long)]
    jobs: Option<usize>,
}

pub fn bench(args: BenchArgs) -> Done {
    match args.name.as_str() {
        "korf100" => korf(&args, KORF100, "korf100.txt"),
        "fifteen-hard" => {
            let hardest = korf_instances(FIFTEEN_HARD, "fifteen_hard.txt", 4)?
                .iter()
                .filter(|i| i.1 == 80)
                .map(|i| i.0)
                .collect();
            let ids = if args.ids.is_empty() { hardest } else { args.ids.clone() };
            korf(&BenchArgs { ids, ..args }, FIFTEEN_HARD, "fifteen_hard.txt")
        }
        "korf24" => korf24(&args),
        "tiles5" => tiles5(args.count, args.seed, args.jobs),
        "hargram" => hargram::hargram(args.count, args.seed, args.jobs),
        "anneal" => anneal::anneal(args.count, args.seed, args.jobs),
        "blocks" => blocks::blocks(args.count, args.seed, args.jobs),
        "rush" => rush::rush(args.jobs),
        "linjat" => linjat::linjat(args.count, args.seed, args.jobs),
        "frames" => frames::frames(args.count, args.seed, args.budget, args.family.as_deref()),
        "checks" => frames::checks(args.budget, args.family.as_deref()),
        "custom" => custom::custom(args.count, args.seed),
        "sokoban" => sokoban::sokoban(sokoban::Run {
            set: &args.set,
            file: args.file.as_deref(),
            ids: &args.ids,
            limit: Duration::from_secs_f64(args.seconds),
            nodes: args.nodes,
            order: &args.order,
            lurd: args.lurd,
            census: args.census,
            sample: args.sample.map(|step| (step, args.samples)),
            jobs: args.jobs,
            peer: args.vs_file.as_deref(),
            budget: args.budget,
        }),
        "sudoku" => sudoku::sudoku(args.file.as_deref(), args.count, args.seed, args.solve),
        other => {
            let known =
                "korf100, fifteen-hard, korf24, tiles5, hargram, anneal, blocks, rush, linjat, frames, checks, custom, sokoban, sudoku";
            Err(format!("unknown benchmark '{other}' (known: {known})").into())
        }
    }
}

/// The lines of a file in Korf's format: `id optimal_length t0 … t(n-1)` for `side × side` boards,
/// blank-top-left goal.
fn korf_instances(text: &str, file: &str, side: u8) -> Result<Vec<(usize, usize, Tiles)>, String> {
    let cells = side as usize * side as usize;
    let goal: Vec<u8> = (0..cells as u8).collect();
    let mut out = Vec::new();
    for (number, line) in
        text.lines().enumerate().filter(|(_, l)| !l.trim_start().starts_with('#') && !l.trim().is_empty())
    {
        let bad = |what: &str| format!("{file}:{}: {what}", number + 1);
        let fields: Vec<usize> =
            line.split_whitespace().map(|f| f.parse().map_err(|_| bad("not a number"))).collect::<Result<_, _>>()?;
        if fields.len() != cells + 2 {
            return Err(bad(&format!("expected id, length and {cells} tiles")));
        }
        let tiles: Vec<u8> = fields[2..].iter().map(|&t| t as u8).collect();
        let puzzle = Tiles::new(side, side, &tiles, Some(&goal)).map_err(|e| bad(&e.to_string()))?;
        out.push((fields[0], fields[1], puzzle));
    }
    Ok(out)
}

fn pattern_database(path: &str) -> Result<Arc<PatternDatabase>, String> {
    read_tables(path)?.get::<PatternDatabase>().ok_or_else(|| format!("{path} holds no 4x4 pattern databases"))
}

fn korf(args: &BenchArgs, built_in: &str, built_in_name: &str) -> Done {
    let tables = match (args.heuristic.as_str(), &args.tables) {
        ("pdb", Some(path)) => Some(pattern_database(path)?),
        ("pdb", None) => Some(build_pattern_database(0)),
        (_, Some(_)) => return Err("--tables applies to --heuristic pdb only".into()),
        _ => None,
    };
    let heuristic = match args.heuristic.as_str() {
        "pdb" => Heuristic::LinearConflict,
        name => Heuristic::parse(name).ok_or_else(|| format!("unknown heuristic '{name}'"))?,
    };
    let instances = match &args.file {
        Some(file) => {
            let text = crate::files::read_text(file, "a list of 15-puzzle instances")?;
            korf_instances(&text, file, 4)?
        }
        None => korf_instances(built_in, built_in_name, 4)?,
    };
    let chosen: Vec<_> =
        instances.into_iter().filter(|(id, _, _)| args.ids.is_empty() || args.ids.contains(id)).collect();
    let (mut total_nodes, mut total_generated, mut total_time, mut wrong) = (0u64, 0u64, Duration::ZERO, 0);
    println!("{:>4} {:>7} {:>7} {:>14} {:>10} {:>12}", "id", "length", "known", "nodes", "time", "nodes/s");
    let jobs = parallel::threads(args.jobs, chosen.len());
    let clock = Instant::now();
    let work = |k: usize| -> Result<_, String> {
        let mut puzzle = chosen[k].2.clone().with_heuristic(heuristic);
        if let Some(tables) = &tables {
            puzzle = puzzle.with_pattern_database(tables.clone()).map_err(|e| e.to_string())?;
        }
        let solver = recommended(&puzzle).map_err(|e| e.to_string())?;
        Ok(timed_solve(&puzzle, solver))
    };
    parallel::ordered(chosen.len(), jobs, work, |k, solved| -> Done {
        let (outcome, time) = solved?;
        let (id, known) = (chosen[k].0, chosen[k].1);
        let length = outcome.moves.len();
        let check = if outcome.status == Status::Found && length == known { "" } else { "  WRONG" };
        wrong += !check.is_empty() as usize;
        total_nodes += outcome.stats.expanded;
        total_generated += outcome.stats.generated;
        total_time += time;
        let rate = outcome.stats.expanded as f64 / time.as_secs_f64().max(1e-9);
        println!(
            "{id:>4} {length:>7} {known:>7} {:>14} {:>10} {:>10.2}M{check}",
            outcome.stats.expanded,
            fmt_time(time),
            rate / 1e6
        );
        Ok(())
    })?;
    let rate = total_nodes as f64 / total_time.as_secs_f64().max(1e-9);
    println!(
        "total: {total_nodes} nodes (expanded; {total_generated} generated) in {} of solving, {} wall ({:.2}M nodes/s \
         a thread, {}), {wrong} wrong",
        fmt_time(total_time),
        fmt_time(clock.elapsed()),
        rate / 1e6,
        parallel::speedup(total_time, clock.elapsed(), jobs)
    );
    if wrong == 0 {
        Ok(())
    } else {
        Err(format!("{wrong} instances did not match their published length").into())
    }
}

/// `lp bench korf24`: the 5x5 hint mode (the recommended solver, stepped at the family's frame budget)
/// on Korf and Felner's 50 random 24-puzzles: its solution length against the known optimum (mean
/// and worst ratio), the time of every step (the longest), nodes and memory.
fn korf24(args: &BenchArgs) -> Done {
    let budget = args.budget.unwrap_or(Tiles::FRAME_BUDGET);
    println!(
        "{:>4} {:>7} {:>7} {:>7} {:>10} {:>10} {:>10}",
        "id", "length", "optimum", "ratio", "nodes", "time", "max step"
    );
    let (mut lengths, mut optima, mut worst, mut slowest, mut total_time) =
        (0usize, 0usize, 0f64, Duration::ZERO, Duration::ZERO);
    let mut bytes = 0;
    let tables = args.tables.as_deref().map(read_tables).transpose()?;
    let instances: Vec<_> = korf_instances(KORF24, "korf24.txt", 5)?
        .into_iter()
        .filter(|(id, _, _)| args.ids.is_empty() || args.ids.contains(id))
        .collect();
    let jobs = parallel::threads(args.jobs, instances.len());
    let clock = Instant::now();
    // A puzzle a thread, each step timed on its thread.
    let work = |k: usize| -> Result<_, String> {
        let (id, _, puzzle) = &instances[k];
        let puzzle = match &tables {
            Some(tables) => puzzle.with_tables(tables).map_err(|e| e.to_string())?,
            None => puzzle.clone(),
        };
        let mut solver = recommended(&puzzle).map_err(|e| e.to_string())?;
        solver.restart(&puzzle, puzzle.start());
        let (mut status, mut longest, clock) = (Status::InProgress, Duration::ZERO, Instant::now());
        while status == Status::InProgress {
            let step = Instant::now();
            status = solver.step(&puzzle, budget).status;
            longest = longest.max(step.elapsed());
        }
        let time = clock.elapsed();
        let mut path = Vec::new();
        solver.write_path(&mut path);
        let end = path.last().map_or(puzzle.start(), |(_, s)| *s);
        if status != Status::Found || !puzzle.is_goal(&end) {
            return Err(format!("puzzle {id}: no solution ({})", status.name()));
        }
        Ok((path.len(), solver.stats(), time, longest))
    };
    parallel::ordered(instances.len(), jobs, work, |k, solved| -> Done {
        let (length, stats, time, longest) = solved?;
        let (id, optimum) = (instances[k].0, instances[k].1);
        let ratio = length as f64 / optimum as f64;
        (lengths, optima, worst) = (lengths + length, optima + optimum, worst.max(ratio));
        (slowest, total_time, bytes) = (slowest.max(longest), total_time + time, stats.bytes_reserved);
        println!(
            "{id:>4} {length:>7} {optimum:>7} {ratio:>7.3} {:>10} {:>10} {:>10}",
            stats.expanded,
            fmt_time(time),
            fmt_time(longest)
        );
        Ok(())
    })?;
    println!(
        "mean length / optimum {:.3}, worst {worst:.3}; longest step at {budget} nodes {}; total {} of solving, {} \
         wall ({}); {:.1} MiB reserved a thread",
        lengths as f64 / optima.max(1) as f64,
        fmt_time(slowest),
        fmt_time(total_time),
        fmt_time(clock.elapsed()),
        parallel::speedup(total_time, clock.elapsed(), jobs),
        bytes as f64 / (1024.0 * 1024.0)
    );
    Ok(())
}

/// Random 5x5 puzzles solved by the 5x5 hint mode: length against the linear-conflict lower bound.
fn tiles5(count: usize, seed: u64, jobs: Option<usize>) -> Done {
    use rand::SeedableRng;
    let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(seed);
    let goal: Tiles = parse("tiles:5x5:1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,0")?;
    println!("{:>3} {:>7} {:>7} {:>7} {:>12} {:>10}", "#", "length", "bound", "ratio", "nodes", "time");
    // Drawn first, in order: the same puzzles on any number of threads.
    let puzzles: Vec<Tiles> = (0..count).map(|_| goal.with_start(goal.random_solvable(&mut rng))).collect();
    let (mut lengths, mut bounds, mut solved, mut total_time) = (0usize, 0u32, 0, Duration::ZERO);
    let jobs = parallel::threads(jobs, count);
    let clock = Instant::now();
    let work = |k: usize| -> Result<_, String> {
        let puzzle = &puzzles[k];
        Ok(timed_solve(puzzle, recommended(puzzle).map_err(|e| e.to_string())?))
    };
    parallel::ordered(count, jobs, work, |k, solved_one| -> Done {
        let (outcome, time) = solved_one?;
        let (i, puzzle) = (k + 1, &puzzles[k]);
        let bound = puzzle.manhattan(&puzzle.start()) + puzzle.linear_conflicts(&puzzle.start());
        total_time += time;
        if outcome.status != Status::Found {
            println!(
                "{i:>3} {:>7} {bound:>7} {:>7} {:>12} {:>10}",
                outcome.status.name(),
                "-",
                outcome.stats.expanded,
                fmt_time(time)
            );
            return Ok(());
        }
        let length = outcome.moves.len();
        let end = outcome.moves.iter().try_fold(puzzle.start(), |s, m| puzzle.apply(&s, m));
        if !end.is_some_and(|s| puzzle.is_goal(&s)) {
            return Err(format!("puzzle {i}: the solution does not reach the goal").into());
        }
        solved += 1;
        lengths += length;
        bounds += bound;
        println!(
            "{i:>3} {length:>7} {bound:>7} {:>7.3} {:>12} {:>10}",
            length as f64 / bound as f64,
            outcome.stats.expanded,
            fmt_time(time)
        );
        Ok(())
    })?;
    println!(
        "solved {solved}/{count}; mean length / lower bound = {:.3}; total {} of solving, {} wall ({})",
        lengths as f64 / bounds.max(1) as f64,
        fmt_time(total_time),
        fmt_time(clock.elapsed()),
        parallel::speedup(total_time, clock.elapsed(), jobs)
    );
    Ok(())
}

/// The twelve pentominoes on a 10×6 board.
pub const PENTOMINOES_6X10: &str = "hargram:10x6:........../........../........../........../........../..........:\
    .##/##./.#.;#####;#.../####;##../.###;##/##/#.;###/.#./.#.;#.#/###;#../#../###;#../##./.##;.#./###/.#.;\
    .#../####;##./.#./.##";
