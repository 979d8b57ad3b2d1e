//! `lp`: the designer command line of lphint.
//!
//! - `lp demo` — solves built-in puzzles, plays hints step by step and compares the algorithms.
//! - `lp solve DESC [--algo NAME] [--heuristic H] [--cap N] [--json]` — solves one puzzle.
//! - `lp hint DESC [--budget N] [--json]` — the next move from the position DESC describes.

use clap::{Parser, Subcommand};
use lphint::families::flip::Flip;
use lphint::families::hargram::cover::count_solutions;
use lphint::families::hargram::evolve::HargramGenome;
use lphint::families::hargram::Hargram;
use lphint::families::jugs::Jugs;
use lphint::families::tiles::distances::EightTable;
use lphint::families::tiles::pdb::PatternDatabase;
use lphint::families::tiles::{Heuristic, Tiles};
use lphint::family::Family;
use lphint::ga::{Ga, GaParams, GaStatus};
use lphint::generate::{Difficulty, Generate, Generated, Generator, Request};
use lphint::hint::{HintStatus, Hinter};
use lphint::pack::{Bounded, Pack, PackEntry};
use lphint::search::{solve_with, Algorithm, Outcome, Puzzle, Solver, Stats, Status};
use lphint::tables::Tables;
use lphint::text::family_of;
use serde_json::json;
use std::process::ExitCode;
use std::sync::Arc;
use std::time::{Duration, Instant};

#[derive(Parser)]
#[command(name = "lp", version, about = "lphint designer CLI: solve, hint and compare puzzles")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum PackAction {
    /// Generate puzzles, solve them and write a pack.
    Build {
        /// Family: tiles, jugs, flip, hargram.
        #[arg(long)]
        family: String,
        #[command(flatten)]
        shape: Shape,
        /// How many puzzles.
        #[arg(long, default_value_t = 10)]
        count: usize,
        /// Random seed.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Output file.
        #[arg(short, long)]
        output: String,
    },
    /// Print every puzzle of a pack with its rating.
    Show {
        /// The pack file.
        file: String,
    },
    /// Re-solve every puzzle of a pack and check the stored answers.
    Verify {
        /// The pack file.
        file: String,
    },
}

#[derive(Subcommand)]
enum Command {
    /// Solve built-in puzzles, play hints step by step and compare the algorithms side by side.
    Demo,
    /// Solve a puzzle given by its text description (e.g. "tiles:3x3:8,6,7,2,5,4,3,0,1").
    Solve {
        /// The puzzle's one-line text description.
        desc: String,
        /// Algorithm: bfs, bfs:DEPTH, hill, best-first, astar, wastar:NUM/DEN, ucs, ida.
        #[arg(long)]
        algo: Option<String>,
        /// Tiles heuristic: misplaced, manhattan, linear-conflict.
        #[arg(long)]
        heuristic: Option<String>,
        /// Node cap (memory reserved up front).
        #[arg(long)]
        cap: Option<usize>,
        /// Tables from `lp tables build`: 4x4 pattern databases or the 3x3 distance table.
        #[arg(long)]
        tables: Option<String>,
        /// Give up (out_of_nodes) after this many node expansions.
        #[arg(long)]
        max_nodes: Option<u64>,
        /// Print one JSON object instead of drawings.
        #[arg(long)]
        json: bool,
        /// Hargram: count every solution (and the solutions up to symmetry) instead of solving.
        #[arg(long)]
        all: bool,
        /// With --all: stop counting after this many solutions.
        #[arg(long, default_value_t = u64::MAX)]
        limit: u64,
    },
    /// Run the genetic algorithm (the earlier systems' Hargram solver) and show fitness per generation.
    Ga {
        /// A hargram description.
        desc: String,
        /// Individuals per generation.
        #[arg(long, default_value_t = 1500)]
        population: u32,
        /// Generations before giving up.
        #[arg(long, default_value_t = 50)]
        generations: u32,
        /// Tournament size.
        #[arg(long, default_value_t = 3)]
        tournament: u32,
        /// Crossover probability.
        #[arg(long, default_value_t = 0.9)]
        crossover: f32,
        /// Mutation probability of a blamed gene.
        #[arg(long, default_value_t = 0.15)]
        mutation: f32,
        /// Random seed.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Print one JSON object per generation.
        #[arg(long)]
        json: bool,
    },
    /// The next move from the position the description gives (its start is the player's position).
    /// Benchmarks: `korf100` solves Korf's 100 15-puzzle instances and checks their optimal lengths;
    /// `tiles5` solves random 5x5 puzzles with the hint mode and compares lengths with a lower bound.
    Bench {
        /// Which benchmark (korf100, tiles5, hargram).
        name: String,
        /// tiles5, hargram: how many puzzles (hargram: per preset).
        #[arg(long, default_value_t = 20)]
        count: usize,
        /// tiles5, hargram: random seed.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Only these instance ids (comma-separated, 1-based); default all.
        #[arg(long, value_delimiter = ',')]
        ids: Vec<usize>,
        /// Path of the instance file.
        #[arg(long, default_value = "data/korf100.txt")]
        file: String,
        /// Heuristic: pdb (6-6-3 pattern databases with reflection), linear-conflict or manhattan.
        #[arg(long, default_value = "pdb")]
        heuristic: String,
        /// Pattern databases to load instead of building them (from `lp tables build`).
        #[arg(long)]
        tables: Option<String>,
    },
    /// Generate puzzles rated exactly: a preset (--difficulty) or a band (--min/--max) and shape options.
    Generate {
        /// Family: tiles, jugs, flip, hargram.
        family: String,
        #[command(flatten)]
        shape: Shape,
        /// How many puzzles.
        #[arg(long, default_value_t = 10)]
        count: usize,
        /// Random seed (the same seed gives the same puzzles).
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// One JSON object per puzzle per line.
        #[arg(long)]
        json: bool,
    },
    /// Puzzle packs: levels with their answers (`build`, `show`, `verify`).
    Pack {
        #[command(subcommand)]
        action: PackAction,
    },
    /// Precomputed tables: `lp tables build -o FILE` writes the 4x4 pattern databases (`--kind pdb`) or
    /// the complete 3x3 distance table (`--kind eight`).
    Tables {
        /// What to do: build.
        action: String,
        /// Output file.
        #[arg(short, long)]
        output: String,
        /// pdb (4x4 pattern databases) or eight (3x3 distance table).
        #[arg(long, default_value = "pdb")]
        kind: String,
        /// Goal cell of the blank the tables serve (pdb: default 0, the top-left; eight: default 8, the
        /// bottom-right).
        #[arg(long)]
        blank: Option<u8>,
    },
    Hint {
        /// The puzzle's one-line text description.
        desc: String,
        /// Nodes expanded per simulated frame (the hint is asked for until it arrives).
        #[arg(long, default_value_t = 1000)]
        budget: u32,
        /// Tables from `lp tables build`: 4x4 pattern databases or the 3x3 distance table.
        #[arg(long)]
        tables: Option<String>,
        /// Print one JSON object instead of a drawing.
        #[arg(long)]
        json: bool,
    },
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Demo => {
            demo();
            Ok(())
        }
        Command::Solve { desc, all: true, limit, json, .. } => count_command(&desc, limit, json),
        Command::Solve { desc, algo, heuristic, cap, tables, max_nodes, json, .. } => {
            let limits = Limits { cap, max_nodes };
            solve_command(&desc, algo.as_deref(), heuristic.as_deref(), limits, tables.as_deref(), json)
        }
        Command::Ga { desc, population, generations, tournament, crossover, mutation, seed, json } => {
            let params = GaParams { population, generations, tournament, crossover, mutation };
            ga_command(&desc, params, seed, json)
        }
        Command::Hint { desc, budget, tables, json } => hint_command(&desc, budget, tables.as_deref(), json),
        Command::Bench { name, ids, file, heuristic, tables, count, seed } => match name.as_str() {
            "korf100" => korf_bench(&ids, &file, &heuristic, tables.as_deref()),
            "tiles5" => tiles5_bench(count, seed),
            "hargram" => hargram_bench(count, seed),
            other => Err(format!("unknown benchmark '{other}' (known: korf100, tiles5, hargram)")),
        },
        Command::Tables { action, output, kind, blank } => tables_command(&action, &output, &kind, blank),
        Command::Generate { family, shape, count, seed, json } => match family.as_str() {
            "tiles" => generate_command::<Tiles>(shape, count, seed, json),
            "jugs" => generate_command::<Jugs>(shape, count, seed, json),
            "flip" => generate_command::<Flip>(shape, count, seed, json),
            "hargram" => generate_command::<Hargram>(shape, count, seed, json),
            other => Err(format!("unknown family '{other}' (known: tiles, jugs, flip, hargram)")),
        },
        Command::Pack { action: PackAction::Build { family, shape, count, seed, output } } => match family.as_str() {
            "tiles" => pack_build::<Tiles>(shape, count, seed, &output),
            "jugs" => pack_build::<Jugs>(shape, count, seed, &output),
            "flip" => pack_build::<Flip>(shape, count, seed, &output),
            "hargram" => pack_build::<Hargram>(shape, count, seed, &output),
            other => Err(format!("unknown family '{other}' (known: tiles, jugs, flip, hargram)")),
        },
        Command::Pack { action: PackAction::Show { file } } => pack_show(&file),
        Command::Pack { action: PackAction::Verify { file } } => pack_verify(&file),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("lp: {message}");
            ExitCode::FAILURE
        }
    }
}

/// Parses a tiles description and applies the `--heuristic` and `--tables` options.
fn parse_tiles(desc: &str, heuristic: Option<&str>, tables: Option<&str>) -> Result<Tiles, String> {
    let mut puzzle: Tiles = parse(desc)?;
    if let Some(name) = heuristic {
        puzzle = Heuristic::parse(name)
            .map(|h| puzzle.with_heuristic(h))
            .ok_or_else(|| format!("unknown heuristic '{name}'"))?;
    }
    if let Some(path) = tables {
        puzzle = puzzle.with_tables(&load_tables(path)?)?;
    }
    Ok(puzzle)
}

/// The request options of `lp generate` and `lp pack build`.
#[derive(clap::Args)]
struct Shape {
    /// easy, medium, hard or expert.
    #[arg(long)]
    difficulty: Option<String>,
    /// Fewest optimal moves (with --max, instead of a preset); for hargram, fewest search nodes.
    #[arg(long)]
    min: Option<u32>,
    /// Most optimal moves; for hargram, most search nodes.
    #[arg(long)]
    max: Option<u32>,
    /// Board size WxH (tiles, flip, hargram).
    #[arg(long)]
    size: Option<String>,
    /// Number of jugs (jugs).
    #[arg(long)]
    jugs: Option<u8>,
    /// Capacity range MIN..MAX (jugs).
    #[arg(long)]
    capacities: Option<String>,
    /// Allow tap and sink (jugs).
    #[arg(long)]
    tap: bool,
    /// Number of pieces (hargram).
    #[arg(long)]
    pieces: Option<u8>,
    /// Piece sizes MIN..MAX in cells (hargram).
    #[arg(long)]
    piece_size: Option<String>,
    /// Allow several solutions (hargram; presets above easy require a unique one).
    #[arg(long)]
    any: bool,
    /// Tables to rate candidates with (4x4 tiles: `lp tables build --blank 15`).
    #[arg(long)]
    tables: Option<String>,
}

impl Shape {
    /// The request: the preset (or the family's easy preset) with every option given laid over it.
    fn request<F: Generate>(&self) -> Result<Request, String> {
        let difficulty = match &self.difficulty {
            Some(name) => Difficulty::parse(name).ok_or_else(|| format!("unknown difficulty '{name}'"))?,
            None if self.min.is_none() && self.max.is_none() => {
                return Err("give --difficulty or --min and --max".into());
            }
            None => Difficulty::Easy,
        };
        let mut request = F::preset(difficulty);
        let pair = |text: &str, sep: &str, what: &str| -> Result<(u8, u8), String> {
            let (a, b) = text.split_once(sep).ok_or_else(|| format!("{what} must look like A{sep}B"))?;
            Ok((
                a.trim().parse().map_err(|_| format!("bad {what}"))?,
                b.trim().parse().map_err(|_| format!("bad {what}"))?,
            ))
        };
        if let Some(size) = &self.size {
            request.size = pair(size, "x", "--size")?;
        }
        if let Some(capacities) = &self.capacities {
            request.capacities = pair(capacities, "..", "--capacities")?;
        }
        request.min = self.min.unwrap_or(request.min);
        request.max = self.max.unwrap_or(request.max);
        request.jugs = self.jugs.unwrap_or(request.jugs);
        request.tap |= self.tap;
        if let Some(sizes) = &self.piece_size {
            request.piece_size = pair(sizes, "..", "--piece-size")?;
        }
        request.pieces = self.pieces.unwrap_or(request.pieces);
        request.unique &= !self.any;
        Ok(request)
    }
}

/// Generates `count` puzzles for `shape` with a progress bar, handing each to `each`; returns the time.
fn generate_each<F: Generate>(
    shape: &Shape,
    count: usize,
    seed: u64,
    mut each: impl FnMut(Generated<F>, &indicatif::ProgressBar) -> Result<(), String>,
) -> Result<Duration, String> {
    let mut generator = Generator::<F>::new(shape.request::<F>()?, seed)?;
    if let Some(path) = &shape.tables {
        generator = generator.with_tables(load_tables(path)?)?;
    }
    let progress = indicatif::ProgressBar::new(count as u64);
    progress.set_style(
        indicatif::ProgressStyle::with_template("{bar:40} {pos}/{len} puzzles, {elapsed} ({eta} left)")
            .map_err(|e| e.to_string())?,
    );
    let clock = Instant::now();
    for _ in 0..count {
        let Some(generated) = generator.generate() else {
            progress.finish_and_clear();
            return Err(format!(
                "no puzzle in the band after {} candidates: widen --min/--max",
                lphint::generate::MAX_CANDIDATES
            ));
        };
        progress.inc(1);
        each(generated, &progress)?;
    }
    progress.finish_and_clear();
    Ok(clock.elapsed())
}

fn generate_command<F: Generate>(shape: Shape, count: usize, seed: u64, json: bool) -> Result<(), String> {
    let time = generate_each::<F>(&shape, count, seed, |generated, progress| {
        let puzzle = &generated.puzzle;
        if json {
            let line = json!({
                "family": F::NAME,
                "desc": puzzle.describe(),
                "solvable": true,
                "length": generated.length,
                "rating": generated.rating,
                "optimal": true,
                "candidates": generated.candidates,
            });
            progress.suspend(|| println!("{line}"));
        } else {
            progress.suspend(|| {
                println!(
                    "{}  ({} moves, rating {}, {} candidates)",
                    puzzle.describe(),
                    generated.length,
                    generated.rating,
                    generated.candidates
                );
                print!("{}", puzzle.render(&puzzle.start()));
            });
        }
        Ok(())
    })?;
    eprintln!("{count} puzzles in {} ({:.1} per second)", fmt_time(time), count as f64 / time.as_secs_f64());
    Ok(())
}

/// `lp pack build`: generates puzzles, solves each with its recommended solver and writes the pack.
fn pack_build<F: Generate>(shape: Shape, count: usize, seed: u64, output: &str) -> Result<(), String> {
    let tier = shape.difficulty.clone();
    let mut pack = Pack::default();
    let time = generate_each::<F>(&shape, count, seed, |generated, _| {
        let puzzle = &generated.puzzle;
        let outcome = solve_with(&mut puzzle.recommended_solver(), puzzle, puzzle.start());
        if outcome.status != Status::Found {
            return Err(format!("{}: no solution ({})", puzzle.describe(), outcome.status.name()));
        }
        let solution = outcome.moves.iter().map(|m| puzzle.encode_move(m)).collect();
        pack.entries.push(PackEntry {
            desc: puzzle.describe(),
            rating: generated.rating,
            solution: Some(Bounded(solution)),
            name: Some(format!("{} {}", F::NAME, pack.entries.len() + 1)),
            tier: tier.clone(),
        });
        Ok(())
    })?;
    let bytes = pack.to_bytes();
    std::fs::write(output, &bytes).map_err(|e| format!("cannot write {output}: {e}"))?;
    println!("wrote {output}: {} puzzles, {} bytes, in {}", pack.entries.len(), bytes.len(), fmt_time(time));
    Ok(())
}

fn read_pack(file: &str) -> Result<Pack, String> {
    let bytes = std::fs::read(file).map_err(|e| format!("cannot read {file}: {e}"))?;
    Pack::from_bytes(&bytes).map_err(|e| format!("{file}: {e}"))
}

/// `lp pack show`: every puzzle, its name, tier and rating, and its board.
fn pack_show(file: &str) -> Result<(), String> {
    let pack = read_pack(file)?;
    println!("{file}: {} puzzles", pack.entries.len());
    for (i, entry) in pack.entries.iter().enumerate() {
        let session = lphint::session::from_entry(entry)?;
        let solution = entry.solution.as_ref().map_or("no solution".into(), |s| format!("{} moves stored", s.0.len()));
        println!(
            "#{} {} [{}] rating {}, {solution}\n{}",
            i + 1,
            entry.name.as_deref().unwrap_or("-"),
            entry.tier.as_deref().unwrap_or("-"),
            entry.rating,
            entry.desc
        );
        print!("{}", session.render());
    }
    Ok(())
}

/// `lp pack verify`: re-solves every puzzle and checks the stored solution against the new one.
fn pack_verify(file: &str) -> Result<(), String> {
    let pack = read_pack(file)?;
    let mut failures = 0;
    for (i, entry) in pack.entries.iter().enumerate() {
        let verdict = match family_of(&entry.desc) {
            "tiles" => verify_entry::<Tiles>(entry, true),
            "jugs" => verify_entry::<Jugs>(entry, true),
            "flip" => verify_entry::<Flip>(entry, true),
            "hargram" => verify_entry::<Hargram>(entry, false),
            other => Err(format!("unknown family '{other}'")),
        };
        match verdict {
            Ok(note) => println!("#{} ok: {note}", i + 1),
            Err(why) => {
                failures += 1;
                println!("#{} FAILED: {why}", i + 1);
            }
        }
    }
    if failures > 0 {
        return Err(format!("{failures} of {} puzzles failed verification", pack.entries.len()));
    }
    println!("all {} puzzles verified", pack.entries.len());
    Ok(())
}

/// Re-solves an entry: the stored solution must reach the goal and be as short as the solver's; when
/// `rated_by_length`, the rating must equal that length.
fn verify_entry<F: Family>(entry: &PackEntry, rated_by_length: bool) -> Result<String, String> {
    let puzzle: F = parse(&entry.desc)?;
    let stored = entry.solution.as_ref().ok_or("no stored solution")?;
    let end = stored
        .0
        .iter()
        .try_fold(puzzle.start(), |s, code| puzzle.decode_move(&s, code).and_then(|mv| puzzle.apply(&s, &mv)));
    if !end.is_some_and(|s| puzzle.is_goal(&s)) {
        return Err("the stored solution does not reach the goal".into());
    }
    let outcome = solve_with(&mut puzzle.recommended_solver(), &puzzle, puzzle.start());
    if outcome.status != Status::Found {
        return Err(format!("the solver finds no solution ({})", outcome.status.name()));
    }
    if outcome.moves.len() != stored.0.len() {
        return Err(format!("stored solution of {} moves, the solver finds {}", stored.0.len(), outcome.moves.len()));
    }
    if rated_by_length && entry.rating as usize != stored.0.len() {
        return Err(format!("rating {} but the optimal length is {}", entry.rating, stored.0.len()));
    }
    Ok(format!("{} moves, rating {}", stored.0.len(), entry.rating))
}

/// Parses a description of family `F`, with the message the CLI prints.
fn parse<F: Family>(desc: &str) -> Result<F, String> {
    F::parse(desc).map_err(|e| format!("cannot parse '{desc}': {e}"))
}

/// Loads tables written by `lp tables build` (either kind).
fn load_tables(path: &str) -> Result<Tables, String> {
    let bytes = std::fs::read(path).map_err(|e| format!("cannot read {path}: {e}"))?;
    Tables::from_bytes(&bytes).map_err(|e| format!("{path}: {e}"))
}

/// Loads 4x4 pattern databases written by `lp tables build`.
fn load_pattern_database(path: &str) -> Result<Arc<PatternDatabase>, String> {
    match load_tables(path)? {
        Tables::TilesPatternDatabase(db) => Ok(db),
        _ => Err(format!("{path} holds no 4x4 pattern databases")),
    }
}

fn tables_command(action: &str, output: &str, kind: &str, blank: Option<u8>) -> Result<(), String> {
    if action != "build" {
        return Err(format!("unknown tables action '{action}' (known: build)"));
    }
    let bytes = match kind {
        "pdb" => {
            let blank = blank.unwrap_or(0);
            if blank > 15 {
                return Err(format!("--blank {blank} is not a cell of the 4x4 board (0..15)"));
            }
            build_tables(blank).to_bytes()
        }
        "eight" => {
            let blank = blank.unwrap_or(8);
            if blank > 8 {
                return Err(format!("--blank {blank} is not a cell of the 3x3 board (0..8)"));
            }
            // Tiles 1..8 in order on the other cells.
            let mut goal: Vec<String> = (1..9).map(|t| t.to_string()).collect();
            goal.insert(blank as usize, "0".into());
            let puzzle: Tiles = parse(&format!("tiles:3x3:{0}:{0}", goal.join(",")))?;
            let clock = Instant::now();
            let table = EightTable::build(&puzzle)?;
            println!("built the 3x3 distance table ({} bytes) in {}", table.bytes(), fmt_time(clock.elapsed()));
            table.to_bytes()
        }
        other => return Err(format!("unknown tables kind '{other}' (known: pdb, eight)")),
    };
    std::fs::write(output, &bytes).map_err(|e| format!("cannot write {output}: {e}"))?;
    println!("wrote {output}: {} bytes", bytes.len());
    Ok(())
}

/// The `--cap` and `--max-nodes` options of `lp solve`.
struct Limits {
    cap: Option<usize>,
    max_nodes: Option<u64>,
}

fn solve_command(
    desc: &str,
    algo: Option<&str>,
    heuristic: Option<&str>,
    limits: Limits,
    tables: Option<&str>,
    json: bool,
) -> Result<(), String> {
    let algo = algo.map(|a| Algorithm::parse(a).ok_or_else(|| format!("unknown algorithm '{a}'"))).transpose()?;
    match family_of(desc) {
        "tiles" => solve_family(&parse_tiles(desc, heuristic, tables)?, algo, limits, json),
        "jugs" => solve_family(&parse::<Jugs>(desc)?, algo, limits, json),
        "flip" => solve_family(&parse::<Flip>(desc)?, algo, limits, json),
        "hargram" => solve_family(&parse::<Hargram>(desc)?, algo, limits, json),
        other => Err(format!("unknown family '{other}' (known: tiles, jugs, flip, hargram)")),
    }
}

fn hint_command(desc: &str, budget: u32, tables: Option<&str>, json: bool) -> Result<(), String> {
    match family_of(desc) {
        "tiles" => hint_family(&parse_tiles(desc, None, tables)?, budget, json),
        "jugs" => hint_family(&parse::<Jugs>(desc)?, budget, json),
        "flip" => hint_family(&parse::<Flip>(desc)?, budget, json),
        "hargram" => hint_family(&parse::<Hargram>(desc)?, budget, json),
        other => Err(format!("unknown family '{other}' (known: tiles, jugs, flip, hargram)")),
    }
}

/// `lp solve DESC --all`: counts a Hargram puzzle's solutions.
fn count_command(desc: &str, limit: u64, json: bool) -> Result<(), String> {
    if family_of(desc) != Hargram::NAME {
        return Err("--all counts solutions of hargram puzzles only".into());
    }
    let puzzle: Hargram = parse(desc)?;
    let clock = Instant::now();
    let count = count_solutions(&puzzle, limit.max(1));
    let time = clock.elapsed();
    if json {
        let object = json!({
            "family": Hargram::NAME,
            "desc": puzzle.describe(),
            "solvable": count.all > 0,
            "solutions": count.all,
            "up_to_symmetry": count.up_to_symmetry,
            "capped": count.capped,
            "nodes": count.nodes,
            "time_ms": time.as_secs_f64() * 1e3,
        });
        println!("{object}");
    } else {
        print!("{}", puzzle.render(&puzzle.start()));
        let capped = if count.capped { " (stopped at --limit)" } else { "" };
        println!(
            "{} solutions{capped}, {} up to symmetry; {} placements tried in {}",
            count.all,
            count.up_to_symmetry,
            count.nodes,
            fmt_time(time)
        );
    }
    Ok(())
}

/// `lp ga DESC`: runs the genetic algorithm one generation per step and prints its progress.
fn ga_command(desc: &str, params: GaParams, seed: u64, json: bool) -> Result<(), String> {
    let puzzle: Hargram = parse(desc)?;
    let genome = HargramGenome::new(&puzzle);
    let mut ga = Ga::new(&genome, params, seed)?;
    let clock = Instant::now();
    let report = loop {
        let report = ga.step(&genome, params.population);
        if json {
            println!(
                "{}",
                json!({"generation": report.generation, "evaluations": report.evaluations,
                       "best_fitness": report.best_fitness, "perfect": report.perfect,
                       "status": format!("{:?}", report.status).to_lowercase()})
            );
        } else {
            println!(
                "generation {:>4}: best {:>3}/{} cells covered ({} evaluations)",
                report.generation, report.best_fitness, report.perfect, report.evaluations
            );
        }
        if report.status != GaStatus::InProgress {
            break report;
        }
    };
    let layout = genome.layout(&puzzle, ga.best());
    if !json {
        print!("{}", puzzle.render(&layout));
        let verdict = if report.status == GaStatus::Found { "full cover" } else { "no full cover" };
        println!("{verdict} after {} evaluations in {}", report.evaluations, fmt_time(clock.elapsed()));
    }
    Ok(())
}

/// Runs `solver` on `puzzle` from its start, timing the search (not the memory reservation).
fn timed_solve<F: Family>(puzzle: &F, mut solver: Solver<F>) -> (Outcome<F::Move>, Duration) {
    let clock = Instant::now();
    let outcome = solve_with(&mut solver, puzzle, puzzle.start());
    (outcome, clock.elapsed())
}

fn solve_family<F: Family>(puzzle: &F, algo: Option<Algorithm>, limits: Limits, json: bool) -> Result<(), String> {
    let cap = limits.cap.unwrap_or(4_000_000);
    let solver = match algo {
        None | Some(Algorithm::Exact) => puzzle.recommended_solver(),
        Some(algorithm) => Solver::new(algorithm, cap),
    };
    let solver = solver.with_expansion_limit(limits.max_nodes.unwrap_or(u64::MAX));
    let algorithm = solver.algorithm();
    let (outcome, time) = timed_solve(puzzle, solver);
    let found = outcome.status == Status::Found;
    if json {
        let mut object = json!({
            "family": F::NAME,
            "desc": puzzle.describe(),
            "algorithm": algorithm.to_string(),
            "status": outcome.status.name(),
            "solvable": match outcome.status {
                Status::Found => json!(true),
                Status::Unsolvable => json!(false),
                _ => json!(null),
            },
            "nodes": outcome.stats.expanded,
            "generated": outcome.stats.generated,
            "time_ms": time.as_secs_f64() * 1e3,
        });
        if found {
            object["length"] = json!(outcome.moves.len());
            object["optimal"] = json!(algorithm.is_optimal());
            object["moves"] = json!(outcome.moves.iter().map(|m| puzzle.move_token(m)).collect::<Vec<_>>());
        }
        println!("{object}");
    } else {
        print!("{}", puzzle.render(&puzzle.start()));
        println!(
            "{}: {} after {} nodes in {}",
            algorithm,
            outcome.status.name(),
            outcome.stats.expanded,
            fmt_time(time)
        );
        if found {
            let optimal = if algorithm.is_optimal() { "optimal" } else { "not proven optimal" };
            println!(
                "{} moves ({optimal}): {}",
                outcome.moves.len(),
                outcome.moves.iter().map(|m| puzzle.move_token(m)).collect::<Vec<_>>().join(" ")
            );
        }
    }
    match outcome.status {
        Status::Found | Status::Unsolvable => Ok(()),
        Status::OutOfNodes => Err(format!(
            "no solution within the limits ({cap} nodes stored, {} expanded): raise --cap or --max-nodes, or try another --algo",
            outcome.stats.expanded
        )),
        other => Err(format!(
            "no solution: {} ({algorithm} gave up; an optimal algorithm such as ida would not)",
            other.name()
        )),
    }
}

/// Asks `hinter` for a hint from `state` once per simulated frame until it arrives.
fn hint_over_frames<F: Family>(
    hinter: &mut Hinter<F>,
    puzzle: &F,
    state: &F::State,
    budget: u32,
) -> (HintStatus<F::Move>, u32) {
    let mut frames = 0;
    loop {
        frames += 1;
        let status = hinter.next_hint(puzzle, state, budget);
        if status != HintStatus::InProgress {
            return (status, frames);
        }
    }
}

fn hint_family<F: Family>(puzzle: &F, budget: u32, json: bool) -> Result<(), String> {
    let mut hinter = Hinter::new(puzzle.recommended_solver(), 256);
    let start = puzzle.start();
    let (status, frames) = hint_over_frames(&mut hinter, puzzle, &start, budget.max(1));
    let nodes = hinter.stats().expanded;
    let (name, hint) = match status {
        HintStatus::Ready(hint) => ("ready", Some(hint)),
        HintStatus::AlreadySolved => ("already_solved", None),
        HintStatus::Unsolvable => ("unsolvable", None),
        HintStatus::OutOfNodes => ("out_of_nodes", None),
        HintStatus::NotFound => ("not_found", None),
        HintStatus::InProgress => ("in_progress", None),
    };
    if json {
        let mut object = json!({
            "family": F::NAME,
            "desc": puzzle.describe(),
            "status": name,
            "solvable": status != HintStatus::Unsolvable,
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
                "hint: {} ({} moves left; {nodes} nodes over {frames} frames of {budget})",
                puzzle.move_text(&hint.mv),
                hint.moves_left
            ),
            None => println!("no hint: {name}"),
        }
    }
    match status {
        HintStatus::Ready(_) | HintStatus::AlreadySolved | HintStatus::Unsolvable => Ok(()),
        _ => Err(format!("no hint: {name}")),
    }
}

/// One line of Korf's file: `id optimal_length t0 … t15`, blank-top-left goal.
fn korf_instances(file: &str) -> Result<Vec<(usize, usize, Tiles)>, String> {
    let text = std::fs::read_to_string(file).map_err(|e| format!("cannot read {file}: {e}"))?;
    let goal: Vec<u8> = (0..16).collect();
    let mut out = Vec::new();
    for (number, line) in
        text.lines().enumerate().filter(|(_, l)| !l.trim_start().starts_with('#') && !l.trim().is_empty())
    {
        let bad = |what: &str| format!("{file}:{}: {what}", number + 1);
        let fields: Vec<usize> =
            line.split_whitespace().map(|f| f.parse().map_err(|_| bad("not a number"))).collect::<Result<_, _>>()?;
        if fields.len() != 18 {
            return Err(bad("expected id, length and 16 tiles"));
        }
        let cells: Vec<u8> = fields[2..].iter().map(|&t| t as u8).collect();
        let puzzle = Tiles::new(4, 4, &cells, Some(&goal)).map_err(|e| bad(&e.to_string()))?;
        out.push((fields[0], fields[1], puzzle));
    }
    Ok(out)
}

fn korf_bench(ids: &[usize], file: &str, heuristic: &str, tables: Option<&str>) -> Result<(), String> {
    let tables = match (heuristic, tables) {
        ("pdb", Some(path)) => Some(load_pattern_database(path)?),
        ("pdb", None) => Some(build_tables(0)),
        _ => None,
    };
    let heuristic = match heuristic {
        "pdb" => Heuristic::LinearConflict,
        name => Heuristic::parse(name).ok_or_else(|| format!("unknown heuristic '{name}'"))?,
    };
    let instances = korf_instances(file)?;
    let (mut total_nodes, mut total_time, mut wrong) = (0u64, Duration::ZERO, 0);
    println!("{:>4} {:>7} {:>7} {:>14} {:>10} {:>12}", "id", "length", "known", "nodes", "time", "nodes/s");
    for (id, known, puzzle) in instances.into_iter().filter(|(id, _, _)| ids.is_empty() || ids.contains(id)) {
        let mut puzzle = puzzle.with_heuristic(heuristic);
        if let Some(tables) = &tables {
            puzzle = puzzle.with_pattern_database(tables.clone())?;
        }
        let (outcome, time) = timed_solve(&puzzle, puzzle.recommended_solver());
        let length = outcome.moves.len();
        let check = if outcome.status == Status::Found && length == known { "" } else { "  WRONG" };
        wrong += !check.is_empty() as usize;
        total_nodes += outcome.stats.expanded;
        total_time += time;
        let rate = outcome.stats.expanded as f64 / time.as_secs_f64().max(1e-9);
        println!(
            "{id:>4} {length:>7} {known:>7} {:>14} {:>10} {:>10.2}M{check}",
            outcome.stats.expanded,
            fmt_time(time),
            rate / 1e6
        );
    }
    let rate = total_nodes as f64 / total_time.as_secs_f64().max(1e-9);
    println!("total: {total_nodes} nodes in {} ({:.2}M nodes/s), {wrong} wrong", fmt_time(total_time), rate / 1e6);
    if wrong == 0 {
        Ok(())
    } else {
        Err(format!("{wrong} instances did not match their published length"))
    }
}

/// Random 5x5 puzzles solved by the 5x5 hint mode: length against the linear-conflict lower bound.
fn tiles5_bench(count: usize, seed: u64) -> Result<(), String> {
    use rand::SeedableRng;
    let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(seed);
    let goal = Tiles::parse("tiles:5x5:1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,0")
        .map_err(|e| e.to_string())?;
    println!("{:>3} {:>7} {:>7} {:>7} {:>12} {:>10}", "#", "length", "bound", "ratio", "nodes", "time");
    let (mut lengths, mut bounds, mut solved, mut total_time) = (0usize, 0u32, 0, Duration::ZERO);
    for i in 1..=count {
        let puzzle = goal.with_start(goal.random_solvable(&mut rng));
        let bound = puzzle.manhattan(&puzzle.start()) + puzzle.linear_conflicts(&puzzle.start());
        let solver = puzzle.recommended_solver();
        let (outcome, time) = timed_solve(&puzzle, solver);
        total_time += time;
        if outcome.status != Status::Found {
            println!(
                "{i:>3} {:>7} {bound:>7} {:>7} {:>12} {:>10}",
                outcome.status.name(),
                "-",
                outcome.stats.expanded,
                fmt_time(time)
            );
            continue;
        }
        let length = outcome.moves.len();
        let end = outcome.moves.iter().try_fold(puzzle.start(), |s, m| puzzle.apply(&s, m));
        if !end.is_some_and(|s| puzzle.is_goal(&s)) {
            return Err(format!("puzzle {i}: the solution does not reach the goal"));
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
    }
    println!(
        "solved {solved}/{count}; mean length / lower bound = {:.3}; total {}",
        lengths as f64 / bounds.max(1) as f64,
        fmt_time(total_time)
    );
    Ok(())
}

/// The twelve pentominoes on a 10×6 board.
const PENTOMINOES_6X10: &str = "hargram:10x6:........../........../........../........../........../..........:\
    .##/##./.#.;#####;#.../####;##../.###;##/##/#.;###/.#./.#.;#.#/###;#../#../###;#../##./.##;.#./###/.#.;\
    .#../####;##./.#./.##";

/// `lp bench hargram`: the exact solver against the genetic algorithm (default parameters) on the same
/// boards: generated puzzles of every preset and the 6×10 pentominoes; then all 6×10 solutions.
fn hargram_bench(count: usize, seed: u64) -> Result<(), String> {
    let mut boards: Vec<(String, Hargram)> = Vec::new();
    for difficulty in [Difficulty::Easy, Difficulty::Medium, Difficulty::Hard, Difficulty::Expert] {
        let mut generator = Generator::<Hargram>::preset(difficulty, seed);
        for i in 0..count {
            let puzzle = generator.generate().ok_or("generation gave up")?.puzzle;
            boards.push((format!("{difficulty:?} {}", i + 1).to_lowercase(), puzzle));
        }
    }
    boards.push(("pentominoes 6x10".into(), parse(PENTOMINOES_6X10)?));
    println!("{:<18} {:>12} {:>10} {:>14} {:>12} {:>10}", "board", "exact", "nodes", "ga", "evaluations", "ratio");
    let (mut exact_total, mut ga_total, mut ga_found) = (Duration::ZERO, Duration::ZERO, 0);
    for (name, puzzle) in &boards {
        let (outcome, exact) = timed_solve(puzzle, puzzle.recommended_solver());
        if outcome.status != Status::Found {
            return Err(format!("{name}: the exact solver found no cover"));
        }
        let genome = HargramGenome::new(puzzle);
        let clock = Instant::now();
        let mut ga = Ga::new(&genome, GaParams::default(), seed)?;
        let report = ga.step(&genome, u32::MAX);
        let ga_time = clock.elapsed();
        let found = report.status == GaStatus::Found;
        exact_total += exact;
        ga_total += ga_time;
        ga_found += found as usize;
        let verdict = if found { fmt_time(ga_time) } else { format!("no cover {}", fmt_time(ga_time)) };
        println!(
            "{name:<18} {:>12} {:>10} {verdict:>14} {:>12} {:>9.0}x",
            fmt_time(exact),
            outcome.stats.expanded,
            report.evaluations,
            ga_time.as_secs_f64() / exact.as_secs_f64().max(1e-9)
        );
    }
    println!(
        "exact: {} covers in {}; GA: {ga_found}/{} covers in {} ({:.0}x the exact solver's time)",
        boards.len(),
        fmt_time(exact_total),
        boards.len(),
        fmt_time(ga_total),
        ga_total.as_secs_f64() / exact_total.as_secs_f64().max(1e-9)
    );
    let clock = Instant::now();
    let all = count_solutions(&parse::<Hargram>(PENTOMINOES_6X10)?, u64::MAX);
    println!(
        "6x10 pentominoes: {} solutions ({} up to symmetry), {} placements, in {}",
        all.all,
        all.up_to_symmetry,
        all.nodes,
        fmt_time(clock.elapsed())
    );
    Ok(())
}

/// Builds the 6-6-3 pattern databases for goals with the blank on `blank_cell`, reporting time and size.
fn build_tables(blank_cell: u8) -> Arc<PatternDatabase> {
    let clock = Instant::now();
    let db = PatternDatabase::build(blank_cell);
    eprintln!(
        "built 6-6-3 pattern databases (blank goal cell {blank_cell}): {:.1} MiB in {}",
        db.bytes() as f64 / (1024.0 * 1024.0),
        fmt_time(clock.elapsed())
    );
    Arc::new(db)
}

fn fmt_time(t: Duration) -> String {
    if t.as_secs_f64() >= 1.0 {
        format!("{:.2} s", t.as_secs_f64())
    } else {
        format!("{:.3} ms", t.as_secs_f64() * 1e3)
    }
}

/// Lays multi-line drawings side by side, each under its caption.
fn side_by_side(panels: &[(String, String)]) -> String {
    let width =
        panels.iter().flat_map(|(c, d)| d.lines().chain([c.as_str()]).map(|l| l.chars().count())).max().unwrap_or(0)
            + 3;
    let height = panels.iter().map(|(_, d)| d.lines().count()).max().unwrap_or(0);
    let mut out = String::new();
    for line in 0..=height {
        for (caption, drawing) in panels {
            let text = if line == 0 { caption.as_str() } else { drawing.lines().nth(line - 1).unwrap_or("") };
            out.push_str(&format!("{text:<width$}"));
        }
        out.push('\n');
    }
    out
}

/// Plays hints from the start to the goal, `budget` nodes per frame, drawing the boards.
fn play_hints<F: Family>(puzzle: &F, budget: u32, per_row: usize) {
    let mut hinter = Hinter::new(puzzle.recommended_solver(), 256);
    let mut state = puzzle.start();
    let mut panels = vec![("start".to_string(), puzzle.render(&state))];
    let (mut moves, mut frames) = (0, 0);
    loop {
        let (status, used) = hint_over_frames(&mut hinter, puzzle, &state, budget);
        frames += used;
        let HintStatus::Ready(hint) = status else {
            break;
        };
        state = puzzle.apply(&state, &hint.mv).expect("a hint is a legal move");
        moves += 1;
        panels.push((
            format!("{}: {} ({} left)", moves, puzzle.move_token(&hint.mv), hint.moves_left - 1),
            puzzle.render(&state),
        ));
    }
    for row in panels.chunks(per_row) {
        println!("{}", side_by_side(row));
    }
    let solved = if puzzle.is_goal(&state) { "solved" } else { "NOT solved" };
    println!("{solved} in {moves} moves; {frames} frames of at most {budget} node expansions each\n");
}

/// Solves `puzzle` optimally, then plays its hints to the end at `budget` node expansions per frame.
fn demo_puzzle(title: &str, puzzle: &Tiles, budget: u32, per_row: usize) {
    println!("== {title} {}\n", puzzle.describe());
    let solver = puzzle.recommended_solver();
    let algorithm = solver.algorithm();
    let (outcome, time) = timed_solve(puzzle, solver);
    let Stats { expanded, .. } = outcome.stats;
    println!(
        "optimal solve ({algorithm}, linear conflict): {} moves, {expanded} nodes, {}\n",
        outcome.moves.len(),
        fmt_time(time)
    );
    println!("-- playing the hints, {budget} node expansions per frame:\n");
    play_hints(puzzle, budget, per_row);
}

fn demo() {
    let eight = Tiles::parse("tiles:3x3:8,6,7,2,5,4,3,0,1").expect("built-in puzzle");
    demo_puzzle("8-puzzle (one of the two hardest positions)", &eight, 500, 8);
    // Korf's instance 9 (46 moves), goal with the blank top-left as in his paper.
    let fifteen = Tiles::parse("tiles:4x4:3,14,9,11,5,4,8,2,13,12,6,7,10,1,15,0:0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15")
        .expect("built-in puzzle");
    demo_puzzle("15-puzzle (Korf's instance 9)", &fifteen, 2000, 6);
    compare_algorithms("tiles:3x3:7,2,4,5,0,6,8,3,1");
    demo_hargram();
}

/// Hargram: the twelve pentominoes on 6×10 — a hint after a wrong placement, the hints played to the
/// end, every solution counted, and the genetic algorithm of earlier systems for comparison.
fn demo_hargram() {
    let wrong = format!("{PENTOMINOES_6X10}:9@0,0,0");
    let puzzle: Hargram = parse(&wrong).expect("built-in puzzle");
    println!("== Hargram: pentominoes on 6x10, the X placed in a corner by the player\n");
    play_hints(&puzzle, 2000, 7);
    let empty: Hargram = parse(PENTOMINOES_6X10).expect("built-in puzzle");
    let clock = Instant::now();
    let count = count_solutions(&empty, u64::MAX);
    println!(
        "every solution: {} ({} up to symmetry), {} placements tried, in {}",
        count.all,
        count.up_to_symmetry,
        count.nodes,
        fmt_time(clock.elapsed())
    );
    let genome = HargramGenome::new(&empty);
    let clock = Instant::now();
    let report = Ga::new(&genome, GaParams::default(), 1).map(|mut ga| ga.step(&genome, u32::MAX));
    if let Ok(report) = report {
        println!(
            "the earlier systems' genetic algorithm (population 1500, 50 generations): best {}/{} cells in {} evaluations, {}",
            report.best_fitness,
            report.perfect,
            report.evaluations,
            fmt_time(clock.elapsed())
        );
    }
}

/// Runs the classic algorithms on one 8-puzzle and prints their statistics side by side.
fn compare_algorithms(desc: &str) {
    let base = Tiles::parse(desc).expect("built-in puzzle");
    println!("== algorithms side by side on {desc}\n");
    print!("{}", base.render(&base.start()));
    println!();
    let runs = [
        ("breadth-first", Algorithm::Bfs { depth_limit: u32::MAX }, Heuristic::Manhattan),
        ("hill climbing, tiles in place", Algorithm::HillClimbing, Heuristic::Misplaced),
        ("hill climbing, 36 - Manhattan", Algorithm::HillClimbing, Heuristic::Manhattan),
        ("best-first (OPEN/CLOSED)", Algorithm::BestFirst, Heuristic::Manhattan),
        ("A*, Manhattan", Algorithm::AStar, Heuristic::Manhattan),
        ("A*, linear conflict", Algorithm::AStar, Heuristic::LinearConflict),
        ("IDA*, Manhattan", Algorithm::IdaStar, Heuristic::Manhattan),
        ("IDA*, linear conflict", Algorithm::IdaStar, Heuristic::LinearConflict),
    ];
    println!(
        "{:<32} {:>12} {:>7} {:>9} {:>10} {:>8} {:>11} {:>10}",
        "algorithm", "status", "length", "expanded", "generated", "peak", "reserved", "time"
    );
    for (name, algorithm, heuristic) in runs {
        let puzzle = base.clone().with_heuristic(heuristic);
        let cap = match algorithm {
            Algorithm::IdaStar => 4096,
            Algorithm::HillClimbing => 1000,
            _ => 200_000,
        };
        let (outcome, time) = timed_solve(&puzzle, Solver::new(algorithm, cap));
        let Stats { expanded, generated, peak_stored, bytes_reserved, .. } = outcome.stats;
        let length = if outcome.status == Status::Found { outcome.moves.len().to_string() } else { "-".into() };
        println!(
            "{name:<32} {:>12} {length:>7} {expanded:>9} {generated:>10} {peak_stored:>8} {:>8} kB {:>10}",
            outcome.status.name(),
            bytes_reserved / 1024,
            fmt_time(time)
        );
    }
    println!("\nHill climbing stops at the first state with no better neighbour: its failure is the point of the comparison.");
}
