//! `lp generate`, and the generation options `lp pack build` shares, for every family through the
//! registry: a preset and parameters in the family's own `key=value` form.

use crate::files::read_tables;
use crate::{count, fmt_time, Done, Failure};
use lphint::generate::Limits;
use lphint::registry::{self, Entry};
use lphint::search::Status;
use lphint::session::GeneratedSession;
use serde_json::json;
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
    #[arg(long)]
    timeout: Option<f64>,
    /// Stop after this many node expansions over the whole run (default 10^9).
    #[arg(long)]
    max_nodes: Option<u64>,
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

/// Generates `asked` distinct puzzles of `family` with a progress bar, handing each (with its rating) to
/// `each`; returns the time. Fewer than asked (a band too small, a limit reached) is
/// [`Failure::Unanswered`] after the puzzles found were handed over.
pub fn generate_each(
    family: &Entry,
    shape: &Shape,
    asked: usize,
    seed: u64,
    mut each: impl FnMut(GeneratedSession, &indicatif::ProgressBar) -> Result<(), String>,
) -> Result<Duration, Failure> {
    if shape.preset.is_none() && shape.params.is_empty() {
        return Err(format!("give --preset or --param (the {} presets: {})", family.name, presets(family)).into());
    }
    let mut generator = family.generator(&shape.text(), seed)?;
    let mut limits = Limits::default();
    limits.max_nodes = shape.max_nodes.unwrap_or(limits.max_nodes);
    generator.set_limits(limits);
    if let Some(path) = &shape.tables {
        generator.set_tables(read_tables(path)?)?;
    }
    let deadline = shape.timeout.map(|s| Instant::now() + Duration::from_secs_f64(s.max(0.0)));
    let progress = indicatif::ProgressBar::new(asked as u64);
    progress.set_style(
        indicatif::ProgressStyle::with_template("{bar:40} {pos}/{len} puzzles, {elapsed} ({eta} left)")
            .map_err(|e| e.to_string())?,
    );
    let clock = Instant::now();
    let mut found = 0;
    let stop = loop {
        if found == asked {
            break None;
        }
        if deadline.is_some_and(|d| Instant::now() >= d) {
            break Some(format!("--timeout reached after {}", fmt_time(clock.elapsed())));
        }
        match generator.step(100_000) {
            Err(Status::InProgress) => continue,
            Ok(generated) => {
                found += 1;
                progress.inc(1);
                each(generated, &progress)?;
            }
            Err(status) => break Some(generator.reason(status)),
        }
    };
    progress.finish_and_clear();
    match stop {
        None => Ok(clock.elapsed()),
        Some(why) => Err(Failure::Unanswered(format!("{} of {asked} asked: {why}", count(found as u64, "puzzle")))),
    }
}

/// The family's preset names, for messages.
fn presets(family: &Entry) -> String {
    family.presets.iter().map(|p| p.name).collect::<Vec<_>>().join(", ")
}

pub fn generate(args: GenerateArgs) -> Done {
    let family = registry::named(&args.family)?;
    let json = args.json;
    let time = generate_each(family, &args.shape, args.count, args.seed, |generated, progress| {
        let GeneratedSession { session, rating, facts } = generated;
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
        "{} in {} ({:.1} per second)",
        count(args.count as u64, "puzzle"),
        fmt_time(time),
        args.count as f64 / time.as_secs_f64()
    );
    Ok(())
}
