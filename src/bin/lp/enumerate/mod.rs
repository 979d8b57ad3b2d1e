//! `lp enumerate`: every interesting Rush Hour puzzle of a board (Fogleman's database rebuilt), over a
//! range of IDs, on every core, resumable, and parts merged.
//!
//! The output file ([`ledger`]): a header line naming the space and the range, then one line per
//! reported cluster (`lphint::families::blocks::rush::record`), in ID order, and after every batch a
//! checkpoint `# through N ...` saying that every ID below N is done, with running totals and a CRC of
//! everything before it. `--resume` checks the file, truncates it after its last checkpoint and goes on
//! from there; `--merge` checks parts of the space asked for whose ranges meet, and joins them.

mod ledger;

use crate::{fmt_time, Done, Failure};
use ledger::{Ledger, Totals};
use lphint::families::blocks::rush::{record, Analyzer, Outcome, Position, Positions, RushSpace};
use std::collections::BTreeMap;
use std::fs::{File, OpenOptions};
use std::io::{BufWriter, Write};
use std::ops::ControlFlow;
use std::sync::{mpsc, Arc, Mutex};
use std::time::{Duration, Instant};

/// Positions handed to a worker at once: the unit of a checkpoint.
const BATCH: usize = 4096;

#[derive(clap::Args)]
pub struct EnumerateArgs {
    /// The board's side (3 to 6).
    #[arg(long, default_value_t = 6)]
    size: usize,
    /// The most walls of a position (0 to 4).
    #[arg(long, default_value_t = 0)]
    walls: usize,
    /// The red car's row (default side / 2 − 1, the `rush:` notation's; Fogleman's 4×4 and 5×5 figures
    /// used row 2).
    #[arg(long)]
    exit_row: Option<usize>,
    /// The first ID to do.
    #[arg(long, default_value_t = 0)]
    from: u64,
    /// The ID after the last to do (default: to the end).
    #[arg(long)]
    to: Option<u64>,
    /// Threads analysing clusters (default: every core).
    #[arg(long)]
    jobs: Option<usize>,
    /// Only every K-th ID (those divisible by K): a sample whose time, times K, estimates the whole run's.
    #[arg(long, default_value_t = 1, value_name = "K")]
    every: u64,
    /// Give up on a cluster of more positions than this (exit status 2).
    #[arg(long, default_value_t = 50_000_000)]
    max_states: usize,
    /// Write the database here (default: standard output).
    #[arg(short, long)]
    output: Option<String>,
    /// Go on with the --output file from its last checkpoint.
    #[arg(long, requires = "output")]
    resume: bool,
    /// Only count the stuck positions of the space (its IDs).
    #[arg(long)]
    count: bool,
    /// Join these parts (outputs of runs over ranges that meet) into --output, checking their headers
    /// and ranges.
    #[arg(long, num_args = 1.., value_name = "PART", conflicts_with_all = ["resume", "count"])]
    merge: Vec<String>,
    /// No progress bar.
    #[arg(long)]
    quiet: bool,
}

pub fn enumerate(args: EnumerateArgs) -> Done {
    let mut space = RushSpace::new(args.size, args.walls).map_err(|e| e.to_string())?;
    if let Some(row) = args.exit_row {
        space = space.with_exit_row(row).map_err(|e| e.to_string())?;
    }
    let words = ledger::space_words(space.side, space.max_walls, space.exit_row, args.every.max(1));
    if !args.merge.is_empty() {
        return merge(&args.merge, args.output.as_deref(), &words, space.side);
    }
    let positions = Positions::new(space);
    if args.count {
        let clock = Instant::now();
        let n = positions.count();
        println!(
            "{n} stuck positions (IDs 0..{n}) on {0}x{0} with up to {1} walls, exit row {2}",
            space.side, space.max_walls, space.exit_row
        );
        eprintln!("counted in {}", fmt_time(clock.elapsed()));
        return Ok(());
    }
    if args.to.is_some_and(|to| to < args.from) {
        return Err(format!("--to {} is before --from {}", args.to.unwrap_or(0), args.from).into());
    }
    if args.every == 0 {
        return Err("--every must be at least 1".into());
    }
    let (mut out, from, totals) = match (&args.output, args.resume) {
        (Some(path), true) => {
            let (from, totals, crc) = resume_point(path, &words, args.from, args.to, space.side)?;
            let file = OpenOptions::new().append(true).open(path).map_err(|e| format!("cannot write {path}: {e}"))?;
            (Ledger::new(Box::new(BufWriter::new(file)), crc), from, totals)
        }
        (Some(path), false) => {
            let file = File::create(path).map_err(|e| format!("cannot write {path}: {e}"))?;
            (Ledger::new(Box::new(BufWriter::new(file)), crc32fast::Hasher::new()), args.from, Totals::default())
        }
        (None, _) => {
            let stdout = Box::new(BufWriter::new(std::io::stdout().lock()));
            (Ledger::new(stdout, crc32fast::Hasher::new()), args.from, Totals::default())
        }
    };
    if !args.resume {
        out.write(&ledger::header(&words, args.from, args.to)).map_err(|e| e.to_string())?;
    }
    let to = args.to.unwrap_or(u64::MAX);
    let jobs = args.jobs.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get())).max(1);
    let clock = Instant::now();
    let before_inputs = totals.inputs;
    let (end, totals, busy) = run(
        &positions,
        from,
        to,
        args.every,
        jobs,
        args.max_states,
        args.quiet,
        args.resume.then_some(totals),
        &mut out,
    )?;
    out.flush().map_err(|e| e.to_string())?;
    let seconds = clock.elapsed().as_secs_f64();
    let analysed = totals.inputs - before_inputs;
    eprintln!(
        "analysis: {:.1} s of thread time for {analysed} IDs ({:.2} µs an ID){}",
        busy.as_secs_f64(),
        busy.as_secs_f64() * 1e6 / analysed.max(1) as f64,
        if args.every > 1 {
            format!(
                "; the whole range: about {:.0} thread-seconds of analysis (this sample's, times {})",
                busy.as_secs_f64() * args.every as f64,
                args.every
            )
        } else {
            String::new()
        }
    );
    eprintln!(
        "IDs {from}..{end} in {}: {} lowest, {} solvable, {} minimal (listed), {} positions in their clusters; \
         {:.0} IDs/s, {:.0} positions/s on {jobs} threads",
        fmt_time(clock.elapsed()),
        totals.lowest,
        totals.solvable,
        totals.minimal,
        totals.states,
        (end - from) as f64 / seconds,
        totals.states as f64 / seconds,
    );
    Ok(())
}

/// One batch's results: its place, the ID after its last, its lines and totals.
struct BatchResult {
    seq: u64,
    end: u64,
    lines: String,
    totals: Totals,
    /// The time its analysis took on its thread.
    busy: Duration,
}

/// Enumerates `from..to` on `jobs` threads, writing lines and checkpoints in ID order; the ID reached
/// and the totals (including `before`, a resumed file's).
#[allow(clippy::too_many_arguments)]
fn run(
    positions: &Positions,
    from: u64,
    to: u64,
    every: u64,
    jobs: usize,
    max_states: usize,
    quiet: bool,
    before: Option<Totals>,
    out: &mut Ledger<'_>,
) -> Result<(u64, Totals, Duration), Failure> {
    let side = positions.space().side;
    let progress =
        if quiet || to == u64::MAX { indicatif::ProgressBar::hidden() } else { indicatif::ProgressBar::new(to - from) };
    progress.set_style(
        indicatif::ProgressStyle::with_template("{bar:40} {pos}/{len} IDs, {per_sec}, {elapsed} ({eta} left)")
            .map_err(|e| e.to_string())?,
    );
    // A batch: its place, its positions, and for the last one the ID the enumeration ended at.
    let (batches_tx, batches_rx) = mpsc::sync_channel::<(u64, Vec<Position>, Option<u64>)>(jobs * 4);
    let batches_rx = Arc::new(Mutex::new(batches_rx));
    let (done_tx, done_rx) = mpsc::channel::<Result<BatchResult, String>>();
    std::thread::scope(|scope| {
        scope.spawn(move || {
            let mut batch = Vec::with_capacity(BATCH);
            let mut seq = 0;
            let end = positions.each(from, to, &mut |p| {
                if p.id % every != 0 {
                    return ControlFlow::Continue(());
                }
                batch.push(*p);
                if batch.len() == BATCH {
                    let full = std::mem::replace(&mut batch, Vec::with_capacity(BATCH));
                    if batches_tx.send((seq, full, None)).is_err() {
                        return ControlFlow::Break(());
                    }
                    seq += 1;
                }
                ControlFlow::Continue(())
            });
            let _ = batches_tx.send((seq, batch, Some(end)));
        });
        for _ in 0..jobs {
            let (batches_rx, done_tx) = (Arc::clone(&batches_rx), done_tx.clone());
            scope.spawn(move || {
                let mut analyzer = Analyzer::new(side, max_states);
                loop {
                    let next = batches_rx.lock().map(|rx| rx.recv());
                    let Ok(Ok((seq, batch, end))) = next else { return };
                    let done = analyze(&mut analyzer, side, seq, &batch).map(|mut d| {
                        d.end = d.end.max(end.unwrap_or(0));
                        d
                    });
                    if done_tx.send(done).is_err() {
                        return;
                    }
                }
            });
        }
        drop(done_tx);
        let mut waiting = BTreeMap::new();
        let (mut next_seq, mut reached, mut totals, mut busy) = (0, from, before.unwrap_or_default(), Duration::ZERO);
        // A resumed file ends on a checkpoint: a batch that changes nothing (a finished run resumed)
        // writes none again.
        let mut checkpointed = before.is_some();
        let mut failure = None;
        for done in done_rx.iter() {
            let done = match done {
                Ok(d) => d,
                Err(e) => {
                    failure = Some(e);
                    break;
                }
            };
            waiting.insert(done.seq, done);
            while let Some(done) = waiting.remove(&next_seq) {
                let unchanged = done.lines.is_empty() && done.totals == Totals::default() && done.end <= reached;
                totals.add(&done.totals);
                busy += done.busy;
                reached = reached.max(done.end);
                let written = if unchanged && checkpointed {
                    Ok(())
                } else {
                    checkpointed = true;
                    out.write(&done.lines).and_then(|()| out.checkpoint(reached, &totals))
                };
                if let Err(e) = written {
                    failure = Some(format!("cannot write: {e}"));
                    break;
                }
                progress.set_position(reached - from);
                next_seq += 1;
            }
            if failure.is_some() {
                break;
            }
        }
        progress.finish_and_clear();
        // Dropping the receivers ends the producer and the workers.
        drop(done_rx);
        drop(batches_rx);
        match failure {
            Some(e) => Err(Failure::Unanswered(e)),
            None => Ok((reached, totals, busy)),
        }
    })
}

/// Analyses one batch: its database lines and totals.
fn analyze(analyzer: &mut Analyzer, side: usize, seq: u64, batch: &[Position]) -> Result<BatchResult, String> {
    let clock = Instant::now();
    let end = batch.last().map_or(0, |p| p.id + 1);
    let mut done = BatchResult { seq, end, lines: String::new(), totals: Totals::default(), busy: Duration::ZERO };
    for p in batch {
        done.totals.inputs += 1;
        match analyzer.analyze(p, true).map_err(|e| format!("ID {}: {e}", p.id))? {
            Outcome::NotLowest => {}
            Outcome::Unsolvable { states, .. } => {
                done.totals.lowest += 1;
                done.totals.states += states as u64;
            }
            Outcome::Solvable(facts) => {
                done.totals.lowest += 1;
                done.totals.solvable += 1;
                done.totals.states += facts.states as u64;
                if facts.minimal == Some(true) {
                    done.totals.minimal += 1;
                    done.lines.push_str(&record(side, p, &facts, analyzer.counts()));
                    done.lines.push('\n');
                }
            }
        }
    }
    done.busy = clock.elapsed();
    Ok(done)
}

/// Where a run written to `path` stands, once [`ledger::check`] found every line and checkpoint of it
/// sound and its header this space and range: the ID after its last checkpoint, its totals and the
/// running CRC there; the file is cut after that checkpoint (a batch written after it, half or whole, is
/// done again).
fn resume_point(
    path: &str,
    words: &str,
    from: u64,
    to: Option<u64>,
    side: usize,
) -> Result<(u64, Totals, crc32fast::Hasher), String> {
    let checked = ledger::check(path, side, words)?;
    if (checked.from, checked.to) != (from, to) {
        let range = |from: u64, to: Option<u64>| format!("{from}..{}", to.map_or("end".into(), |t| t.to_string()));
        return Err(format!(
            "{path} is not a run of this space and range: it holds {} over IDs {}, not {words} over {}",
            checked.space,
            range(checked.from, checked.to),
            range(from, to)
        ));
    }
    if checked.checkpoints == 0 {
        return Err(format!("{path} has no checkpoint to go on from: run it again without --resume"));
    }
    let file = OpenOptions::new().write(true).open(path).map_err(|e| format!("cannot write {path}: {e}"))?;
    file.set_len(checked.kept_bytes).map_err(|e| format!("cannot cut {path}: {e}"))?;
    Ok((checked.through, checked.totals, checked.crc))
}

/// Joins parts into one file: each checked whole ([`ledger::check`]), of the space asked for (`words`),
/// their ranges meeting; lines in ID order, one checkpoint over them all.
fn merge(paths: &[String], output: Option<&str>, words: &str, side: usize) -> Done {
    let mut parts = Vec::new();
    for path in paths {
        parts.push((path, ledger::check(path, side, words)?));
    }
    parts.sort_by_key(|(_, p)| p.from);
    let mut totals = Totals::default();
    let from = parts[0].1.from;
    let mut reached = from;
    for (path, part) in &parts {
        if part.from != reached {
            return Err(format!("{path} begins at ID {} but the parts before it reach {reached}", part.from).into());
        }
        reached = part.through;
        totals.add(&part.totals);
    }
    let out: Box<dyn Write> = match output {
        Some(path) => Box::new(BufWriter::new(File::create(path).map_err(|e| format!("cannot write {path}: {e}"))?)),
        None => Box::new(BufWriter::new(std::io::stdout().lock())),
    };
    let mut out = Ledger::new(out, crc32fast::Hasher::new());
    let mut write = || -> std::io::Result<()> {
        out.write(&ledger::header(words, from, Some(reached)))?;
        for (_, part) in &parts {
            for line in &part.lines {
                out.write(line)?;
                out.write("\n")?;
            }
        }
        out.checkpoint(reached, &totals)
    };
    write().map_err(|e| format!("cannot write: {e}"))?;
    eprintln!("merged {} parts: IDs {from}..{reached}, {} puzzles", parts.len(), totals.minimal);
    Ok(())
}
