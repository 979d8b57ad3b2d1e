//! `lp`: the designer command line of lphint, one file per command.
//!
//! Exit status: 0 when the question was answered (a solution, a hint, a proof that there is none, the
//! puzzles asked for), 2 when it was not answered within the limits given (node caps, `--max-nodes`,
//! `--timeout`, a band with fewer puzzles than asked), 1 for errors (bad input, unreadable files).

mod bench;
mod demo;
mod enumerate;
mod families;
mod files;
mod ga;
mod generate;
#[cfg(target_os = "linux")]
mod huge_pages;
mod pack;
mod parallel;
mod report;
mod solve;
mod studio;
mod tables;

use clap::{Parser, Subcommand};
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
    /// Every puzzle family: its parameters with their ranges and defaults, presets, options, hint reasons
    /// and table kinds.
    Families(families::FamiliesArgs),
    /// Solve a puzzle given by its text description (e.g. "tiles:3x3:8,6,7,2,5,4,3,0,1").
    Solve(solve::SolveArgs),
    /// The next move from the position a description gives (its start is the player's position).
    Hint(solve::HintArgs),
    /// Run the genetic algorithm (the earlier systems' Hargram solver) and show fitness per generation.
    Ga(ga::GaArgs),
    /// Generate distinct puzzles rated exactly: a preset (--preset) and parameters (--param KEY=VALUE).
    Generate(generate::GenerateArgs),
    /// Puzzle packs: levels with their answers (`build`, `show`, `verify`).
    Pack {
        #[command(subcommand)]
        action: pack::PackAction,
    },
    /// Precomputed tables: `lp tables build --kind KIND -o FILE` (pdb: the 4x4 pattern databases; eight:
    /// the complete 3x3 distance table; pdb24: the 5x5 pattern databases of the hint mode).
    Tables(tables::TablesArgs),
    /// Every interesting Rush Hour puzzle of a board (Fogleman's database rebuilt): each cluster's hardest,
    /// minimal puzzle with its moves, size and positions by distance, over a range of IDs on every core;
    /// `--resume` goes on from a file's last checkpoint, `--merge` joins parts.
    Enumerate(enumerate::EnumerateArgs),
    /// Benchmarks: korf100 and fifteen-hard (15-puzzles, lengths checked), korf24 and tiles5 (the 5x5 hint
    /// mode), hargram (the exact solver against the GA and annealing), anneal (generation by annealing
    /// against each family's own), blocks, rush (Fogleman's sample: the family and the Rush Hour engine),
    /// linjat (the generator against the original's), frames (the time of per-frame calls), checks ("check
    /// my board" against the first hint, in frames), custom (a callback puzzle against the built-in family),
    /// sokoban (level sets at a time limit a level), sudoku (the ladder's ratings against Sudoku
    /// Explainer's, the solvers' speed).
    Bench(bench::BenchArgs),
    /// The designer studio in the browser: serves studio/ on 127.0.0.1 (play, edit, hint, generate, compare,
    /// plot).
    Studio(studio::StudioArgs),
    /// The studio's plots as SVG files and an index page: `lp report -o DIR`.
    Report(report::ReportArgs),
}

/// How a command ended without success: an error, or a question not answered within the limits.
pub enum Failure {
    /// Bad input or an unreadable file (exit status 1).
    Error(String),
    /// Not answered within the limits given (exit status 2).
    Unanswered(String),
}

impl Failure {
    /// What went wrong, in words.
    pub fn message(&self) -> &str {
        match self {
            Failure::Error(m) | Failure::Unanswered(m) => m,
        }
    }
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

/// Output piped into a program that stops reading (`lp bench korf24 | head`) ends the process quietly, as
/// for other command-line tools, instead of a panic in `println!`. Not for the studio's server, whose
/// writes to a browser that went away must stay errors.
fn exit_quietly_on_a_closed_pipe() {
    #[cfg(unix)]
    // SAFETY: restoring the default action of one signal before any thread starts.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
}

#[cfg(target_os = "linux")]
#[global_allocator]
static ALLOCATOR: huge_pages::Advised = huge_pages::Advised;

fn main() -> ExitCode {
    // A bad argument is an error (1), as the exit statuses say; clap's own code for it would be 2, which
    // here means "not answered within the limits".
    let command = match Cli::try_parse() {
        Ok(cli) => cli.command,
        Err(e) => {
            let _ = e.print();
            return ExitCode::from(if e.use_stderr() { 1 } else { 0 });
        }
    };
    if !matches!(command, Command::Studio(_)) {
        exit_quietly_on_a_closed_pipe();
    }
    let result = match command {
        Command::Demo => {
            demo::demo();
            Ok(())
        }
        Command::Families(args) => families::families(args),
        Command::Solve(args) => solve::solve(args),
        Command::Hint(args) => solve::hint(args),
        Command::Ga(args) => ga::ga(args),
        Command::Generate(args) => generate::generate(args),
        Command::Pack { action } => pack::pack(action),
        Command::Tables(args) => tables::tables(args),
        Command::Enumerate(args) => enumerate::enumerate(args),
        Command::Bench(args) => bench::bench(args),
        Command::Studio(args) => studio::studio(args),
        Command::Report(args) => report::report(args),
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

/// `n` followed by `word`, plural when `n` is not 1 ("1 frame", "2 frames").
/// The most seconds `--timeout` takes: a year (longer is a mistake, and an instant that far would
/// overflow the clock).
const MAX_TIMEOUT_SECONDS: f64 = 365.0 * 24.0 * 3600.0;

/// Reads a `--timeout`: a positive number of seconds (`30`, `0.5`) up to a year; anything else (`inf`,
/// `NaN`, `-1`, `0`, `1e300`) is refused with the reason rather than run as no time or forever.
pub fn seconds(text: &str) -> Result<Duration, String> {
    let value: f64 = text.trim().parse().map_err(|_| format!("'{text}' is not a number of seconds"))?;
    if !(value > 0.0 && value <= MAX_TIMEOUT_SECONDS) {
        return Err(format!("{text} seconds: a timeout is more than 0 and at most {MAX_TIMEOUT_SECONDS} (a year)"));
    }
    Ok(Duration::from_secs_f64(value))
}

/// `n` of family `family`'s moves in its own word when its rating is its solution's length (Sokoban's
/// "pushes", flip's "presses"), else "moves": "1 push", "8 pushes".
pub fn count_moves(n: impl Into<u64>, family: &str) -> String {
    let plural = lphint::registry::find(family).filter(|e| e.rated_by_length).map_or("moves", |e| e.rating_unit);
    let n = n.into();
    if n != 1 {
        return format!("{n} {plural}");
    }
    let one = match plural.strip_suffix("es") {
        Some(stem) if stem.ends_with("sh") || stem.ends_with("ss") => stem,
        _ => plural.strip_suffix('s').unwrap_or(plural),
    };
    format!("1 {one}")
}

/// `n` `word`s ("1 node", "3 nodes").
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
    } else if t.as_secs_f64() < 1e-4 {
        format!("{:.1} µs", t.as_secs_f64() * 1e6)
    } else {
        format!("{:.3} ms", t.as_secs_f64() * 1e3)
    }
}
