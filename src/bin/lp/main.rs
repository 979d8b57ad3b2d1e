//! `lp`: the designer command line of lphint, one file per command.
//!
//! Exit status: 0 when the question was answered (a solution, a hint, a proof that there is none, the
//! puzzles asked for), 2 when it was not answered within the limits given (node caps, `--max-nodes`,
//! `--timeout`, a band with fewer puzzles than asked), 1 for errors (bad input, unreadable files).

mod bench;
mod demo;
mod files;
mod ga;
mod generate;
mod pack;
mod solve;
mod tables;

use clap::{Parser, Subcommand};
use lphint::family::Family;
use lphint::hint::{HintStatus, Hinter};
use lphint::search::{solve_with, Outcome, Solver};
use std::process::ExitCode;
use std::time::Duration;

#[derive(Parser)]
#[command(
    name = "lp",
    version,
    about = "lphint designer CLI: solve, hint, generate, pack and compare puzzles",
    after_help = "Exit status: 0 answered (a solution, a hint, a proof of none, the puzzles asked for); \
                  2 not answered within the limits given; 1 error."
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Solve built-in puzzles, play hints step by step and compare the algorithms side by side.
    Demo,
    /// Solve a puzzle given by its text description (e.g. "tiles:3x3:8,6,7,2,5,4,3,0,1").
    Solve(solve::SolveArgs),
    /// The next move from the position a description gives (its start is the player's position).
    Hint(solve::HintArgs),
    /// Run the genetic algorithm (the earlier systems' Hargram solver) and show fitness per generation.
    Ga(ga::GaArgs),
    /// Generate distinct puzzles rated exactly: a preset (--difficulty) or a band (--min/--max).
    Generate(generate::GenerateArgs),
    /// Puzzle packs: levels with their answers (`build`, `show`, `verify`).
    Pack {
        #[command(subcommand)]
        action: pack::PackAction,
    },
    /// Precomputed tables: `lp tables build -o FILE` writes the 4x4 pattern databases (`--kind pdb`) or
    /// the complete 3x3 distance table (`--kind eight`).
    Tables(tables::TablesArgs),
    /// Benchmarks: `korf100` (Korf's 100 15-puzzles, lengths checked), `tiles5` (the 5x5 hint mode
    /// against a lower bound), `hargram` (the exact solver against the GA).
    Bench(bench::BenchArgs),
}

/// How a command ended without success: an error, or a question not answered within the limits.
pub enum Failure {
    /// Bad input or an unreadable file (exit status 1).
    Error(String),
    /// Not answered within the limits given (exit status 2).
    Unanswered(String),
}

impl From<String> for Failure {
    fn from(message: String) -> Failure {
        Failure::Error(message)
    }
}

impl From<&str> for Failure {
    fn from(message: &str) -> Failure {
        Failure::Error(message.into())
    }
}

/// What every command returns.
pub type Done = Result<(), Failure>;

fn main() -> ExitCode {
    let result = match Cli::parse().command {
        Command::Demo => {
            demo::demo();
            Ok(())
        }
        Command::Solve(args) => solve::solve(args),
        Command::Hint(args) => solve::hint(args),
        Command::Ga(args) => ga::ga(args),
        Command::Generate(args) => generate::generate(args),
        Command::Pack { action } => pack::pack(action),
        Command::Tables(args) => tables::tables(args),
        Command::Bench(args) => bench::bench(args),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(Failure::Error(message)) => {
            eprintln!("lp: {message}");
            ExitCode::FAILURE
        }
        Err(Failure::Unanswered(message)) => {
            eprintln!("lp: {message}");
            ExitCode::from(2)
        }
    }
}

/// Parses a description of family `F`, with the message the CLI prints.
pub fn parse<F: Family>(desc: &str) -> Result<F, String> {
    F::parse(desc).map_err(|e| format!("cannot parse '{desc}': {e}"))
}

/// `n` followed by `word`, plural when `n` is not 1 ("1 frame", "2 frames").
pub fn count(n: impl Into<u64>, word: &str) -> String {
    let n = n.into();
    if n == 1 {
        format!("1 {word}")
    } else {
        format!("{n} {word}s")
    }
}

pub fn fmt_time(t: Duration) -> String {
    if t.as_secs_f64() >= 1.0 {
        format!("{:.2} s", t.as_secs_f64())
    } else {
        format!("{:.3} ms", t.as_secs_f64() * 1e3)
    }
}

/// Runs `solver` on `puzzle` from its start, timing the search (not the memory reservation).
pub fn timed_solve<F: Family>(puzzle: &F, mut solver: Solver<F>) -> (Outcome<F::Move>, Duration) {
    let clock = std::time::Instant::now();
    let outcome = solve_with(&mut solver, puzzle, puzzle.start());
    (outcome, clock.elapsed())
}

/// The family's recommended solver, or the out-of-memory message.
pub fn recommended<F: Family>(puzzle: &F) -> Result<Solver<F>, String> {
    puzzle.recommended_solver().map_err(|e| e.to_string())
}

/// Asks `hinter` for a hint from `state` once per simulated frame until it arrives.
pub fn hint_over_frames<F: Family>(
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
