//! `lp generate`, and the generation options `lp pack build` shares.

use crate::files::read_tables;
use crate::{count, fmt_time, Done, Failure};
use lphint::families::flip::Flip;
use lphint::families::hargram::Hargram;
use lphint::families::jugs::Jugs;
use lphint::families::tiles::Tiles;
use lphint::generate::{Difficulty, GenStatus, Generate, Generated, Generator, Limits, Request};
use serde_json::json;
use std::time::{Duration, Instant};

#[derive(clap::Args)]
pub struct GenerateArgs {
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
}

/// The request options of `lp generate` and `lp pack build`.
#[derive(clap::Args)]
pub struct Shape {
    /// easy, medium, hard or expert.
    #[arg(long)]
    pub difficulty: Option<String>,
    /// Lowest rating (with --max, instead of a preset): optimal moves; flip presses; hargram search nodes.
    #[arg(long)]
    min: Option<u32>,
    /// Highest rating.
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

/// Which options of [`Shape`] a family reads, by name.
fn options_of(family: &str) -> &'static [&'static str] {
    match family {
        "tiles" => &["--size", "--tables"],
        "flip" => &["--size"],
        "jugs" => &["--jugs", "--capacities", "--tap"],
        "hargram" => &["--size", "--pieces", "--piece-size", "--any"],
        _ => &[],
    }
}

impl Shape {
    /// The options given that `family` does not read, refused by name.
    fn check_options(&self, family: &str) -> Result<(), String> {
        let given = [
            ("--size", self.size.is_some()),
            ("--jugs", self.jugs.is_some()),
            ("--capacities", self.capacities.is_some()),
            ("--tap", self.tap),
            ("--pieces", self.pieces.is_some()),
            ("--piece-size", self.piece_size.is_some()),
            ("--any", self.any),
            ("--tables", self.tables.is_some()),
        ];
        let known = options_of(family);
        match given.iter().find(|(name, set)| *set && !known.contains(name)) {
            Some((name, _)) => {
                Err(format!("{name} does not apply to {family} puzzles (they take: {})", known.join(" ")))
            }
            None => Ok(()),
        }
    }

    /// The request: the preset (or the family's easy preset) with every option given laid over it.
    fn request<F: Generate>(&self) -> Result<Request, String> {
        self.check_options(F::NAME)?;
        let difficulty = match &self.difficulty {
            Some(name) => Difficulty::parse(name)
                .ok_or_else(|| format!("unknown difficulty '{name}' (known: easy, medium, hard, expert)"))?,
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

/// Generates `count` distinct puzzles for `shape` with a progress bar, handing each to `each`; returns
/// the time. Fewer than asked (a band too small, a limit reached) is [`Failure::Unanswered`] after the
/// puzzles found were handed over.
pub fn generate_each<F: Generate>(
    shape: &Shape,
    count_asked: usize,
    seed: u64,
    mut each: impl FnMut(Generated<F>, &indicatif::ProgressBar) -> Result<(), String>,
) -> Result<Duration, Failure> {
    let mut limits = Limits::default();
    limits.max_nodes = shape.max_nodes.unwrap_or(limits.max_nodes);
    let mut generator = Generator::<F>::new(shape.request::<F>()?, seed)?.with_limits(limits);
    if let Some(path) = &shape.tables {
        generator = generator.with_tables(read_tables(path)?)?;
    }
    let deadline = shape.timeout.map(|s| Instant::now() + Duration::from_secs_f64(s.max(0.0)));
    let progress = indicatif::ProgressBar::new(count_asked as u64);
    progress.set_style(
        indicatif::ProgressStyle::with_template("{bar:40} {pos}/{len} puzzles, {elapsed} ({eta} left)")
            .map_err(|e| e.to_string())?,
    );
    let clock = Instant::now();
    let mut found = 0;
    let stop = loop {
        if found == count_asked {
            break None;
        }
        if deadline.is_some_and(|d| Instant::now() >= d) {
            break Some(format!("--timeout reached after {}", fmt_time(clock.elapsed())));
        }
        match generator.step(100_000) {
            GenStatus::InProgress => continue,
            GenStatus::Ready(generated) => {
                found += 1;
                progress.inc(1);
                each(generated, &progress)?;
            }
            other => break other.reason(),
        }
    };
    progress.finish_and_clear();
    match stop {
        None => Ok(clock.elapsed()),
        Some(why) => {
            Err(Failure::Unanswered(format!("{} of {count_asked} asked: {why}", crate::count(found as u64, "puzzle"))))
        }
    }
}

pub fn generate(args: GenerateArgs) -> Done {
    match args.family.as_str() {
        "tiles" => generate_family::<Tiles>(args),
        "jugs" => generate_family::<Jugs>(args),
        "flip" => generate_family::<Flip>(args),
        "hargram" => generate_family::<Hargram>(args),
        other => Err(format!("unknown family '{other}' (known: tiles, jugs, flip, hargram)").into()),
    }
}

fn generate_family<F: Generate>(args: GenerateArgs) -> Done {
    let json = args.json;
    let time = generate_each::<F>(&args.shape, args.count, args.seed, |generated, progress| {
        let puzzle = &generated.puzzle;
        if json {
            let line = json!({
                "family": F::NAME,
                "desc": puzzle.describe(),
                "solvable": true,
                "length": generated.solution.len(),
                "rating": generated.rating,
                "rating_unit": F::RATING_UNIT,
                "optimal": true,
                "candidates": generated.candidates,
            });
            progress.suspend(|| println!("{line}"));
        } else {
            progress.suspend(|| {
                println!(
                    "{}  ({}, rating {} {}, {})",
                    puzzle.describe(),
                    count(generated.solution.len() as u64, "move"),
                    generated.rating,
                    F::RATING_UNIT,
                    count(generated.candidates, "candidate")
                );
                print!("{}", puzzle.render(&puzzle.start()));
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
