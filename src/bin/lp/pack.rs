//! `lp pack build|show|verify`.

use crate::files::{read_pack, read_tables};
use crate::generate::{generate_each, Shape};
use crate::{count, fmt_time, parallel, Done, Failure};
use lphint::pack::{Bounded, Pack, PackEntry, MAX_LABEL};
use lphint::registry;
use std::collections::HashMap;
use std::time::Instant;

#[derive(clap::Subcommand)]
pub enum PackAction {
    /// Generate distinct puzzles rated exactly and write them with their optimal solutions.
    Build {
        /// Family (`lp families` lists them).
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
        /// The pack's name, stored in the file (`lp pack show` prints it).
        #[arg(long)]
        name: Option<String>,
        /// Output file.
        #[arg(short, long)]
        output: String,
    },
    /// Print every puzzle of a pack with its rating.
    Show {
        /// The pack file.
        file: String,
    },
    /// Re-rate every puzzle of a pack with the exact rater and check the stored answers and ratings, and
    /// that no level appears twice.
    Verify {
        /// The pack file.
        file: String,
        /// Tables to rate with (4x4 tiles), from `lp tables build`.
        #[arg(long)]
        tables: Option<String>,
        /// Threads verifying at once (default: every core; the report is the same on any number).
        #[arg(long)]
        jobs: Option<usize>,
    },
}

pub fn pack(action: PackAction) -> Done {
    match action {
        PackAction::Build { family, shape, count, seed, name, output } => {
            build(&family, &shape, count, seed, name, &output)
        }
        PackAction::Show { file } => show(&file),
        PackAction::Verify { file, tables, jobs } => verify(&file, tables.as_deref(), jobs),
    }
}

/// `lp pack build`: generates distinct puzzles and stores each with the rater's optimal solution. Fewer
/// puzzles than asked write no pack.
fn build(named: &str, shape: &Shape, asked: usize, seed: u64, name: Option<String>, output: &str) -> Done {
    let family = registry::named(named)?;
    if name.as_ref().is_some_and(|n| n.len() > MAX_LABEL) {
        return Err(format!("a pack's name is at most {MAX_LABEL} bytes").into());
    }
    let tier = shape.preset.clone();
    let mut pack = Pack { name, entries: Vec::new() };
    let time = generate_each(named, shape, asked, seed, |generated, _| {
        let (session, rating) = (generated.session, generated.rating);
        pack.entries.push(PackEntry {
            desc: session.describe(),
            rating,
            solution: Some(Bounded(session.stored_solution())),
            name: Some(format!("{} {}", family.name, pack.entries.len() + 1)),
            tier: tier.clone(),
            played: None,
        });
        Ok(())
    })
    .map_err(|failure| match failure {
        Failure::Unanswered(why) => Failure::Unanswered(format!("{why}; no pack written")),
        other => other,
    })?;
    let bytes = pack.to_bytes();
    std::fs::write(output, &bytes).map_err(|e| format!("cannot write {output}: {e}"))?;
    println!(
        "wrote {output}: {}, {} bytes, in {} ({})",
        count(pack.entries.len() as u64, "puzzle"),
        bytes.len(),
        fmt_time(time.wall),
        time.speedup()
    );
    Ok(())
}

/// A name or tier as printed: control characters escaped, so that a pack cannot drive the terminal.
fn printable(label: Option<&str>) -> String {
    label.map_or("-".into(), |l| {
        l.chars().flat_map(|c| if c.is_control() { c.escape_debug().collect::<Vec<_>>() } else { vec![c] }).collect()
    })
}

/// `lp pack show`: every puzzle, its name, tier and rating, and its board.
fn show(file: &str) -> Done {
    let pack = read_pack(file)?;
    let name = pack.name.as_deref().map(|n| format!(" \"{}\"", printable(Some(n)))).unwrap_or_default();
    println!("{file}{name}: {}", count(pack.entries.len() as u64, "puzzle"));
    for (i, entry) in pack.entries.iter().enumerate() {
        let session = registry::load(entry)?;
        let solution = entry
            .solution
            .as_ref()
            .map_or("no stored solution".into(), |s| format!("{} stored", count(s.0.len() as u64, "move")));
        // A saved game: the board drawn is where its moves took it.
        let (played, undone) = session.history_len();
        let game = match entry.played {
            Some(_) => format!(", a saved game: {} played, {undone} undone", count(played as u64, "move")),
            None => String::new(),
        };
        println!(
            "#{} {} [{}] rating {}, {solution}{game}\n{}",
            i + 1,
            printable(entry.name.as_deref()),
            printable(entry.tier.as_deref()),
            entry.rating,
            entry.desc
        );
        print!("{}", session.render());
    }
    Ok(())
}

/// `lp pack verify`: re-rates every puzzle with the exact rater and checks the stored answers, on
/// `jobs` threads (every core by default; the report is the same on any number).
fn verify(file: &str, tables: Option<&str>, jobs: Option<usize>) -> Done {
    let pack = read_pack(file)?;
    let tables = tables.map(read_tables).transpose()?;
    let mut failures = 0;
    let mut seen: HashMap<u64, usize> = HashMap::new();
    let clock = Instant::now();
    let jobs = parallel::threads(jobs, pack.entries.len());
    let work = |i: usize| {
        let entry = &pack.entries[i];
        registry::load(entry).map(|s| (s.fingerprint(), registry::verify(entry, tables.as_ref())))
    };
    let busy = parallel::ordered(pack.entries.len(), jobs, work, |i, checked| -> Done {
        let (fingerprint, verdict) = checked?;
        // Every problem of the entry: a repeated level and whatever else is wrong with it.
        let repeated = seen.get(&fingerprint).map(|first| format!("the same level as #{first}"));
        seen.entry(fingerprint).or_insert(i + 1);
        let verdict = match (repeated, verdict) {
            (None, verdict) => verdict,
            (Some(repeated), Ok(_)) => Err(repeated),
            (Some(repeated), Err(why)) => Err(format!("{repeated}; {why}")),
        };
        match verdict {
            Ok(note) => println!("#{} ok: {note}", i + 1),
            Err(why) => {
                failures += 1;
                println!("#{} FAILED: {why}", i + 1);
            }
        }
        Ok(())
    })?;
    let speed = parallel::speedup(busy, clock.elapsed(), jobs);
    if failures > 0 {
        return Err(format!("{failures} of {} failed verification", count(pack.entries.len() as u64, "puzzle")).into());
    }
    println!("all {} verified in {} ({speed})", count(pack.entries.len() as u64, "puzzle"), fmt_time(clock.elapsed()));
    Ok(())
}
