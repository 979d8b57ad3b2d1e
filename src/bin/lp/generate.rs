//! `lp generate`, and the generation options `lp pack build` shares, for every family through the
//! registry: a preset and parameters in the family's own `key=value` form.

use crate::files::read_tables;
use crate::{count, fmt_time, parallel, Done, Failure};
use lphint::generate::Limits;
use lphint::registry::{self, Entry};
use lphint::search::Status;
use lphint::session::{AnyGenerator, GeneratedSession};
use serde_json::json;
use std::collections::HashSet;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

#[derive(clap::Args)]
pub struct GenerateArgs {
    /// Family (`lp families` lists them with their parameters and presets).
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
}

/// The request options of `lp generate` and `lp pack build`.
#[derive(clap::Args)]
pub struct Shape {
    /// A preset of the family (easy, medium, hard, expert), laid under the --param values.
    #[arg(long, alias = "difficulty")]
    pub preset: Option<String>,
    /// A parameter of the family as KEY=VALUE (repeatable): the band `min`/`max` and the family's own
    /// (`lp families` lists them with their ranges and defaults).
    #[arg(long = "param", value_name = "KEY=VALUE")]
    params: Vec<String>,
    /// Tables to rate candidates with (4x4 tiles: `lp tables build`, for the default goal).
    #[arg(long)]
    tables: Option<String>,
    /// Stop after this many seconds (exit status 2 with the puzzles found so far).
    #[arg(long, value_parser = crate::seconds)]
    timeout: Option<Duration>,
    /// Stop after this many node expansions for one puzzle (default 10^9).
    #[arg(long)]
    max_nodes: Option<u64>,
    /// Threads generating at once (default: every core). Puzzle i of a run comes from its own stream,
    /// seeded by the seed and i, so the puzzles are the same whatever the number of threads.
    #[arg(long)]
    pub jobs: Option<usize>,
}

impl Shape {
    /// The parameter text: the preset first, then the parameters.
    fn text(&self) -> String {
        self.preset
            .iter()
            .map(|p| format!("preset={p}"))
            .chain(self.params.iter().cloned())
            .collect::<Vec<_>>()
            .join(",")
    }
}

/// The seed of puzzle `index`'s stream (SplitMix64 of the run's seed and the index).
pub fn stream_seed(seed: u64, index: usize) -> u64 {
    let mut z = seed.wrapping_add((index as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15));
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// What one stream gave: its generator (to ask again when the puzzle repeats an earlier one) and the
/// puzzle, or why there is none.
type Streamed = Result<(Box<dyn AnyGenerator>, Result<GeneratedSession, String>), Failure>;

/// Generates `asked` distinct puzzles of `family` with a progress bar, on `--jobs` threads, handing each
/// (in order) to `each`; returns the time. Puzzle i comes from its own generator seeded by `seed` and i,
/// so the puzzles are the same on any number of threads; one that repeats an earlier puzzle is replaced
/// by its stream's next. Fewer than asked (a band too small, a limit reached) is
/// [`Failure::Unanswered`] after the puzzles found were handed over.
pub fn generate_each(
    name: &str,
    shape: &Shape,
    asked: usize,
    seed: u64,
    mut each: impl FnMut(GeneratedSession, &indicatif::ProgressBar) -> Result<(), String>,
) -> Result<Timing, Failure> {
    let family = registry::named(name)?;
    let variant = registry::params_of(name, "");
    if shape.preset.is_none() && shape.params.is_empty() && variant.is_empty() {
        return Err(format!("give --preset or --param (the {} presets: {})", family.name, presets(family)).into());
    }
    // A variant's notation (`rush`) makes its puzzles: its parameters under the preset and --param.
    let text = registry::params_of(name, &shape.text());
    family.generator(&text, seed)?;
    let tables = shape.tables.as_deref().map(read_tables).transpose()?;
    let mut limits = Limits::default();
    limits.max_nodes = shape.max_nodes.unwrap_or(limits.max_nodes);
    let jobs = parallel::threads(shape.jobs, asked);
    let deadline = shape.timeout.map(|time| Instant::now() + time);
    let progress = indicatif::ProgressBar::new(asked as u64);
    progress.set_style(
        indicatif::ProgressStyle::with_template("{bar:40} {pos}/{len} puzzles, {elapsed} ({eta} left)")
            .map_err(|e| e.to_string())?,
    );
    let clock = Instant::now();
    let quit = AtomicBool::new(false);
    let run = |generator: &mut dyn AnyGenerator| -> Result<GeneratedSession, String> {
        loop {
            if quit.load(Ordering::Relaxed) {
                return Err("stopped".into());
            }
            if deadline.is_some_and(|d| Instant::now() >= d) {
                return Err(format!("--timeout reached after {}", fmt_time(clock.elapsed())));
            }
            match generator.step(100_000) {
                Err(Status::InProgress) => continue,
                Ok(generated) => return Ok(generated),
                Err(status) => return Err(generator.reason(status)),
            }
        }
    };
    let stream = |index: usize| -> Streamed {
        let mut generator = family.generator(&text, stream_seed(seed, index))?;
        generator.set_limits(limits);
        if let Some(tables) = &tables {
            generator.set_tables(tables.clone())?;
        }
        let generated = run(generator.as_mut());
        Ok((generator, generated))
    };
    let (mut seen, mut found) = (HashSet::new(), 0);
    let handed = parallel::ordered(asked, jobs, stream, |_, streamed| -> Result<(), Stop> {
        // Whatever ends the run stops the streams still generating, not only those yet to start.
        let stop = |why: Stop| {
            quit.store(true, Ordering::Relaxed);
            why
        };
        let (mut generator, mut generated) = streamed.map_err(|e| stop(Stop::Failed(e)))?;
        // A repeat of an earlier puzzle: the same stream's next, in order, so the run stays the same on
        // any number of threads.
        while let Ok(g) = &generated {
            if seen.insert(g.session.fingerprint()) {
                break;
            }
            generated = run(generator.as_mut());
        }
        let generated = generated.map_err(|why| stop(Stop::Short(why)))?;
        found += 1;
        progress.inc(1);
        each(generated, &progress).map_err(|e| stop(Stop::Failed(e.into())))
    });
    progress.finish_and_clear();
    let short = |why: String| format!("{} of {asked} asked{why}", count(found as u64, "puzzle"));
    match handed {
        Ok(busy) if found == asked => Ok(Timing { wall: clock.elapsed(), busy, jobs }),
        Ok(_) => Err(Failure::Unanswered(short(String::new()))),
        Err(Stop::Short(why)) => Err(Failure::Unanswered(short(format!(": {why}")))),
        Err(Stop::Failed(failure)) => Err(failure),
    }
}

/// Why a generation run ended before its last puzzle.
enum Stop {
    /// No puzzle came from a stream: the band too small, a limit reached.
    Short(String),
    /// Bad parameters or tables, or the consumer refused a puzzle.
    Failed(Failure),
}

/// How long a bulk run took: the wall-clock time, the threads' time summed, and the threads.
#[derive(Clone, Copy)]
pub struct Timing {
    pub wall: Duration,
    pub busy: Duration,
    pub jobs: usize,
}

impl Timing {
    /// "on 2 threads, 1.93× one thread's work".
    pub fn speedup(&self) -> String {
        crate::parallel::speedup(self.busy, self.wall, self.jobs)
    }
}

/// The family's preset names, for messages.
fn presets(family: &Entry) -> String {
    family.presets.iter().map(|p| p.name).collect::<Vec<_>>().join(", ")
}

pub fn generate(args: GenerateArgs) -> Done {
    let family = registry::named(&args.family)?;
    let json = args.json;
    let time = generate_each(&args.family, &args.shape, args.count, args.seed, |generated, progress| {
        let GeneratedSession { session, rating, facts, .. } = generated;
        let length = session.stored_solution().len();
        if json {
            let facts: serde_json::Map<String, serde_json::Value> =
                facts.iter().map(|f| (f.name.to_string(), json!(f.value))).collect();
            let line = json!({
                "family": family.name,
                "desc": session.describe(),
                "solvable": true,
                "length": length,
                "rating": rating,
                "rating_unit": family.rating_unit,
                "optimal": true,
                "facts": facts,
            });
            progress.suspend(|| println!("{line}"));
        } else {
            progress.suspend(|| {
                let facts: String = facts.iter().map(|f| format!(", {} {}", f.name, f.value)).collect();
                println!(
                    "{}  ({}, rating {rating} {}{facts})",
                    session.describe(),
                    count(length as u64, "move"),
                    family.rating_unit
                );
                print!("{}", session.render());
            });
        }
        Ok(())
    })?;
    eprintln!(
        "{} in {} ({:.1} per second, {})",
        count(args.count as u64, "puzzle"),
        fmt_time(time.wall),
        args.count as f64 / time.wall.as_secs_f64(),
        time.speedup()
    );
    Ok(())
}
