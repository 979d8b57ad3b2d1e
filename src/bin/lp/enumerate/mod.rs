//! `lp enumerate`: every interesting Rush Hour puzzle of a board (Fogleman's database rebuilt), over a
//! range of IDs, on every core, resumable, and parts merged.
//!
//! The output file ([`ledger`]): a header line naming the space and the range, then one line per
//! reported cluster (`lphint::families::blocks::rush::record`), in ID order, and after every batch a
//! checkpoint `# through N ...` saying that every ID below N is done, with running totals and a CRC of
//! everything before it. `--resume` checks the file, truncates it after its last checkpoint and goes on
//! from there; `--merge` checks parts of the space asked for whose ranges meet, and joins them.

mod ledger;

use crate::{fmt_time, parallel, Done, Failure};
use ledger::{Ledger, Totals};
use lphint::families::blocks::rush::{parse_board_in, record, Analyzer, Outcome, Position, Positions, RushSpace};
use std::collections::BTreeMap;
use std::fs::{File, OpenOptions};
use std::io::{BufWriter, Write};
use std::ops::ControlFlow;
use std::sync::{mpsc, Arc, Mutex};
use std::time::{Duration, Instant};

/// Positions handed to a thread at once: small, so that the threads finish together.
const CHUNK: usize = 256;

/// A checkpoint falls at every multiple of this many IDs (the same places whatever the range or the
/// threads: parts merged give the file a single run writes).
const CHECKPOINT_IDS: u64 = 4096;

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
    /// and ranges, that each is finished, and every puzzle they list (solved again).
    #[arg(long, num_args = 1.., value_name = "PART", conflicts_with_all = ["resume", "count"])]
    merge: Vec<String>,
    /// With --merge or --resume: re-enumerate K batches (4,096 IDs each, chosen at random) of every part
    /// and compare them with what it lists, which alone finds puzzles left out with the totals made to
    /// fit (0: none).
    #[arg(long, default_value_t = 1, value_name = "K")]
    verify: usize,
    /// No progress bar.
    #[arg(long)]
    quiet: bool,
    /// Print where the time went (enumeration, analysis, ordered writing), the serial fraction and the
    /// speed-ups Amdahl's law gives for 16 and 64 threads.
    #[arg(long)]
    stats: bool,
}

pub fn enumerate(args: EnumerateArgs) -> Done {
    let mut space = RushSpace::new(args.size, args.walls).map_err(|e| e.to_string())?;
    if let Some(row) = args.exit_row {
        space = space.with_exit_row(row).map_err(|e| e.to_string())?;
    }
    let words = ledger::space_words(space.side, space.max_walls, space.exit_row, args.every.max(1));
    let positions = Positions::new(space);
    let jobs = args.jobs.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get())).max(1);
    let verifier = Verifier {
        positions: &positions,
        every: args.every.max(1),
        jobs,
        max_states: args.max_states,
        batches: args.verify,
    };
    if !args.merge.is_empty() {
        return merge(&args.merge, args.output.as_deref(), &words, &verifier);
    }
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
            let (from, totals, crc) = resume_point(path, &words, args.from, args.to, &verifier)?;
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
    let clock = Instant::now();
    let before_inputs = totals.inputs;
    let (end, totals, phases) = run(
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
    let wall = clock.elapsed();
    let seconds = wall.as_secs_f64();
    let analysed = totals.inputs - before_inputs;
    let busy = phases.analysis.as_secs_f64();
    eprintln!(
        "analysis: {busy:.1} s of thread time for {analysed} IDs ({:.2} µs an ID){}",
        busy * 1e6 / analysed.max(1) as f64,
        if args.every > 1 {
            format!(
                "; the whole range: about {:.0} thread-seconds of analysis (this sample's, times {})",
                busy * args.every as f64,
                args.every
            )
        } else {
            String::new()
        }
    );
    // Amdahl: the time the analysis spread evenly would not explain is serial (enumeration, ordering,
    // writing, the threads' uneven ends); with it, the speed-up on p threads is (S + A) / (S + A / p).
    let serial = (seconds - busy / jobs as f64).max(0.0);
    let fraction = serial / (serial + busy).max(f64::MIN_POSITIVE);
    let speedup = |p: f64| (serial + busy) / (serial + busy / p);
    eprintln!(
        "IDs {from}..{end} in {}: {} lowest, {} solvable, {} minimal (listed), {} positions in their clusters; \
         {:.0} IDs/s, {:.0} positions/s, {} (the analysis)",
        fmt_time(wall),
        totals.lowest,
        totals.solvable,
        totals.minimal,
        totals.states,
        (end - from) as f64 / seconds,
        totals.states as f64 / seconds,
        parallel::speedup(Duration::from_secs_f64(busy), wall, jobs),
    );
    if args.stats {
        eprintln!(
            "phases: enumeration {:.3} s (one thread, alongside the analysis), analysis {busy:.2} s (threads, summed), ordered \
             writing {:.3} s, wall {seconds:.2} s {}; serial {serial:.2} s = {:.1} % of the work \
             (Amdahl: {:.1}× on 16 threads, {:.1}× on 64)",
            phases.enumerate.as_secs_f64(),
            phases.write.as_secs_f64(),
            parallel::on_threads(jobs),
            fraction * 100.0,
            speedup(16.0),
            speedup(64.0),
        );
    }
    Ok(())
}

/// One chunk's results: its place, its lines and totals, and the checkpoints that follow it.
struct ChunkResult {
    seq: u64,
    lines: String,
    totals: Totals,
    /// The time its analysis took on its thread.
    busy: Duration,
    after: After,
}

/// What follows a chunk in the file: the aligned checkpoints passed after its positions, and for the
/// last chunk the ID the enumeration ended at.
#[derive(Clone, Default)]
struct After {
    checkpoints: Vec<u64>,
    end: Option<u64>,
}

/// Where the time of a run went: the enumeration's thread, the analysis threads (summed), and the
/// ordered writing.
#[derive(Clone, Copy, Default)]
pub struct Phases {
    pub enumerate: Duration,
    pub analysis: Duration,
    pub write: Duration,
}

/// The aligned checkpoints in `(after, upto]`, below `end`: every multiple of [`CHECKPOINT_IDS`].
fn boundaries(after: u64, upto: u64) -> impl Iterator<Item = u64> {
    let first = (after / CHECKPOINT_IDS + 1).saturating_mul(CHECKPOINT_IDS);
    (first..=upto).step_by(CHECKPOINT_IDS as usize)
}

/// Enumerates `from..to` on `jobs` threads, writing lines and checkpoints in ID order; the ID reached,
/// the totals (including `before`, a resumed file's) and where the time went.
///
/// The enumeration hands out chunks of at most [`CHUNK`] positions (small, so that every thread stays
/// busy to the end); the checkpoints fall at every multiple of [`CHECKPOINT_IDS`] passed, whatever the
/// threads or the range, so that parts of a range merged give the file one run writes.
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
) -> Result<(u64, Totals, Phases), Failure> {
    let side = positions.space().side;
    let progress =
        if quiet || to == u64::MAX { indicatif::ProgressBar::hidden() } else { indicatif::ProgressBar::new(to - from) };
    progress.set_style(
        indicatif::ProgressStyle::with_template("{bar:40} {pos}/{len} IDs, {per_sec}, {elapsed} ({eta} left)")
            .map_err(|e| e.to_string())?,
    );
    let (chunks_tx, chunks_rx) = mpsc::sync_channel::<(u64, Vec<Position>, After)>(jobs * 8);
    let chunks_rx = Arc::new(Mutex::new(chunks_rx));
    let (done_tx, done_rx) = mpsc::channel::<Result<ChunkResult, String>>();
    std::thread::scope(|scope| {
        let producer = scope.spawn(move || {
            let clock = Instant::now();
            let mut chunk = Vec::with_capacity(CHUNK);
            let (mut seq, mut passed, mut blocked) = (0, from, Duration::ZERO);
            // The time spent waiting for a free thread is not the enumeration's.
            let mut send = |chunk: &mut Vec<Position>, after: After| {
                let full = std::mem::replace(chunk, Vec::with_capacity(CHUNK));
                let waiting = Instant::now();
                let sent = chunks_tx.send((seq, full, after)).is_ok();
                blocked += waiting.elapsed();
                seq += 1;
                sent
            };
            let end = positions.each(from, to, &mut |p| {
                if p.id % every != 0 {
                    return ControlFlow::Continue(());
                }
                // The checkpoints between the last position and this one close the chunk before it.
                let checkpoints: Vec<u64> = boundaries(passed, p.id).collect();
                if let Some(&last) = checkpoints.last() {
                    passed = last;
                    if !send(&mut chunk, After { checkpoints, end: None }) {
                        return ControlFlow::Break(());
                    }
                }
                chunk.push(*p);
                if chunk.len() == CHUNK && !send(&mut chunk, After::default()) {
                    return ControlFlow::Break(());
                }
                ControlFlow::Continue(())
            });
            let checkpoints = boundaries(passed, end.saturating_sub(1)).collect();
            send(&mut chunk, After { checkpoints, end: Some(end) });
            clock.elapsed().saturating_sub(blocked)
        });
        for _ in 0..jobs {
            let (chunks_rx, done_tx) = (Arc::clone(&chunks_rx), done_tx.clone());
            scope.spawn(move || {
                let mut analyzer = Analyzer::new(side, max_states);
                loop {
                    let next = chunks_rx.lock().map(|rx| rx.recv());
                    let Ok(Ok((seq, chunk, after))) = next else { return };
                    if done_tx.send(analyze(&mut analyzer, side, seq, &chunk, after)).is_err() {
                        return;
                    }
                }
            });
        }
        drop(done_tx);
        let mut waiting = BTreeMap::new();
        let (mut next_seq, mut reached, mut totals) = (0, from, before.unwrap_or_default());
        let mut phases = Phases::default();
        // A resumed file ends on a checkpoint: a run that changes nothing (a finished run resumed)
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
            let clock = Instant::now();
            while let Some(done) = waiting.remove(&next_seq) {
                totals.add(&done.totals);
                phases.analysis += done.busy;
                let mut written = out.write(&done.lines);
                for &through in &done.after.checkpoints {
                    written = written.and_then(|()| out.checkpoint(through, &totals));
                    (reached, checkpointed) = (through, true);
                }
                if let Some(end) = done.after.end {
                    let unchanged = done.lines.is_empty() && done.totals == Totals::default() && end <= reached;
                    if !(unchanged && checkpointed) {
                        written = written.and_then(|()| out.checkpoint(end, &totals));
                    }
                    reached = reached.max(end);
                }
                if let Err(e) = written {
                    failure = Some(format!("cannot write: {e}"));
                    break;
                }
                progress.set_position(reached - from);
                next_seq += 1;
            }
            phases.write += clock.elapsed();
            if failure.is_some() {
                break;
            }
        }
        progress.finish_and_clear();
        // Dropping the receivers ends the producer and the workers.
        drop(done_rx);
        drop(chunks_rx);
        phases.enumerate = producer.join().unwrap_or_default();
        match failure {
            Some(e) => Err(Failure::Unanswered(e)),
            None => Ok((reached, totals, phases)),
        }
    })
}

/// Analyses one chunk: its database lines and totals.
fn analyze(
    analyzer: &mut Analyzer,
    side: usize,
    seq: u64,
    chunk: &[Position],
    after: After,
) -> Result<ChunkResult, String> {
    let clock = Instant::now();
    let mut done = ChunkResult { seq, lines: String::new(), totals: Totals::default(), busy: Duration::ZERO, after };
    for p in chunk {
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
    verifier: &Verifier<'_>,
) -> Result<(u64, Totals, crc32fast::Hasher), String> {
    let checked = ledger::check(path, verifier.positions.space().side, words)?;
    if (checked.from, checked.to) != (from, to) {
        let range = |from: u64, to: Option<u64>| format!("{from}..{}", to.map_or("end".into(), |t| t.to_string()));
        return Err(format!(
            "{path} is not a run of this space and range: it holds {} over IDs {}, not {words} over {}",
            checked.space,
            range(checked.from, checked.to),
            range(from, to)
        ));
    }
    if checked.marks.is_empty() {
        return Err(format!("{path} has no checkpoint to go on from: run it again without --resume"));
    }
    verifier.verify(path, &checked)?;
    let file = OpenOptions::new().write(true).open(path).map_err(|e| format!("cannot write {path}: {e}"))?;
    file.set_len(checked.kept_bytes).map_err(|e| format!("cannot cut {path}: {e}"))?;
    Ok((checked.through, checked.totals, checked.crc))
}

/// Joins parts into one file: each checked whole ([`ledger::check`]), of the space asked for (`words`),
/// finished (through its range's end), its puzzles solved again and a sample of its batches enumerated
/// again ([`Verifier`]), their ranges meeting; the file a single run over their ranges writes, byte for
/// byte (its lines, the checkpoints at the multiples of [`CHECKPOINT_IDS`] with the totals run on, and
/// the last part's end).
fn merge(paths: &[String], output: Option<&str>, words: &str, verifier: &Verifier<'_>) -> Done {
    let mut parts = Vec::new();
    for path in paths {
        let part = ledger::check(path, verifier.positions.space().side, words)?;
        verifier.finished(path, &part)?;
        verifier.verify(path, &part)?;
        parts.push((path, part));
    }
    parts.sort_by_key(|(_, p)| p.from);
    let from = parts[0].1.from;
    let mut reached = from;
    for (path, part) in &parts {
        if part.from != reached {
            return Err(format!("{path} begins at ID {} but the parts before it reach {reached}", part.from).into());
        }
        reached = part.through;
    }
    let out: Box<dyn Write> = match output {
        Some(path) => Box::new(BufWriter::new(File::create(path).map_err(|e| format!("cannot write {path}: {e}"))?)),
        None => Box::new(BufWriter::new(std::io::stdout().lock())),
    };
    let mut out = Ledger::new(out, crc32fast::Hasher::new());
    let last = parts.len() - 1;
    let mut totals = Totals::default();
    let mut write = || -> std::io::Result<()> {
        out.write(&ledger::header(words, from, parts[last].1.to))?;
        for (k, (_, part)) in parts.iter().enumerate() {
            let mut written = 0;
            let base = totals;
            for (i, &(through, part_totals, lines)) in part.marks.iter().enumerate() {
                for line in &part.lines[written..lines] {
                    out.write(line)?;
                    out.write("\n")?;
                }
                written = lines;
                totals = base;
                totals.add(&part_totals);
                // A part's own end is a checkpoint of the whole only where a single run puts one.
                let end = i == part.marks.len() - 1;
                if through % CHECKPOINT_IDS == 0 && through > part.from || end && k == last {
                    out.checkpoint(through, &totals)?;
                }
            }
        }
        Ok(())
    };
    write().map_err(|e| format!("cannot write: {e}"))?;
    eprintln!("merged {} parts: IDs {from}..{reached}, {} puzzles", parts.len(), totals.minimal);
    Ok(())
}

/// What a part's claims are checked against before it is believed: the space's positions, enumerated
/// again for a sample of its batches, and every puzzle it lists, solved again.
struct Verifier<'a> {
    positions: &'a Positions,
    every: u64,
    jobs: usize,
    max_states: usize,
    /// Batches of each part enumerated again.
    batches: usize,
}

impl Verifier<'_> {
    /// Whether `part` reaches the end of its range (a part cut short would leave a hole in a merge
    /// whose header claims the range).
    fn finished(&self, path: &str, part: &ledger::Checked) -> Result<(), String> {
        let end = match part.to {
            Some(to) => to,
            // The end of the space: no position at or past the last checkpoint.
            None => self.positions.each(part.through, u64::MAX, &mut |_| ControlFlow::Break(())),
        };
        if part.through < end {
            return Err(format!(
                "{path} is not finished: it reaches ID {} of its range {}..{end}; go on with --resume first",
                part.through, part.from
            ));
        }
        Ok(())
    }

    /// Solves every puzzle `part` lists again and re-enumerates a sample of its batches; says what does
    /// not hold.
    fn verify(&self, path: &str, part: &ledger::Checked) -> Result<(), String> {
        self.solve_lines(path, part)?;
        self.enumerate_sample(path, part)
    }

    /// Every listed puzzle, solved again on every core: its board is the hardest position of its cluster
    /// and minimal, with the moves, positions and counts by distance the line gives, written as a run
    /// writes it (two-digit moves and pieces, no sign, no padding). The ID and group of the cluster's
    /// lowest position are only checked by enumerating again.
    fn solve_lines(&self, path: &str, part: &ledger::Checked) -> Result<(), String> {
        let space = self.positions.space();
        let pool = parallel::Pool::default();
        let work = |i: usize| {
            pool.with(|kept| {
                let analyzer = kept.get_or_insert_with(|| Analyzer::new(space.side, self.max_states));
                solved_again(analyzer, space.side, space.exit_row, &part.lines[i])
            })
        };
        let jobs = parallel::threads(Some(self.jobs), part.lines.len());
        parallel::ordered(part.lines.len(), jobs, work, |i, checked| {
            checked.map_err(|why| format!("{path}: the line {:?} is not what the puzzle gives: {why}", part.lines[i]))
        })?;
        Ok(())
    }

    /// Enumerates [`Verifier::batches`] of `part`'s batches again (chosen at random) and compares their
    /// lines and totals with the part's.
    fn enumerate_sample(&self, path: &str, part: &ledger::Checked) -> Result<(), String> {
        let marks = &part.marks;
        // Drawn afresh each run (from the clock), so that a forger cannot know which batches are looked at.
        let seed =
            std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(1, |d| d.as_nanos() as u64);
        let mut rng = <rand_xoshiro::Xoshiro256PlusPlus as rand::SeedableRng>::seed_from_u64(seed);
        let mut chosen: Vec<usize> = (0..marks.len()).collect();
        rand::seq::SliceRandom::shuffle(&mut chosen[..], &mut rng);
        chosen.truncate(self.batches);
        chosen.sort_unstable();
        for &k in &chosen {
            let (start, before, first) = match k {
                0 => (part.from, Totals::default(), 0),
                _ => marks[k - 1],
            };
            let (through, claimed, last) = marks[k];
            let mut buffer = Vec::new();
            let mut ledger = Ledger::new(Box::new(&mut buffer), crc32fast::Hasher::new());
            let (_, totals, _) =
                run(self.positions, start, through, self.every, self.jobs, self.max_states, true, None, &mut ledger)
                    .map_err(|e| {
                        format!("{path}: the batch {start}..{through} could not be enumerated again: {}", e.message())
                    })?;
            drop(ledger);
            let text = String::from_utf8_lossy(&buffer);
            let lines: Vec<&str> = text.lines().filter(|l| !l.starts_with('#')).collect();
            let mut expected = before;
            expected.add(&totals);
            if lines != part.lines[first..last] || expected != claimed {
                return Err(format!(
                    "{path}: IDs {start}..{through} enumerated again list {} puzzles ({} minimal of {} inputs), but the \
                     part lists {} ({} minimal of {} inputs): it is not a run of this space",
                    lines.len(),
                    totals.minimal,
                    totals.inputs,
                    last - first,
                    claimed.minimal.saturating_sub(before.minimal),
                    claimed.inputs.saturating_sub(before.inputs),
                ));
            }
        }
        if !chosen.is_empty() {
            let ids: Vec<String> = chosen
                .iter()
                .map(|&k| format!("{}..{}", if k == 0 { part.from } else { marks[k - 1].0 }, marks[k].0))
                .collect();
            eprintln!(
                "{path}: {} puzzles solved again, IDs {} enumerated again: as listed",
                part.lines.len(),
                ids.join(", ")
            );
        }
        Ok(())
    }
}

/// Solves the puzzle of a database line again and writes its line as a run would: an error unless they
/// are the same.
fn solved_again(analyzer: &mut Analyzer, side: usize, exit_row: usize, line: &str) -> Result<(), String> {
    let fields: Vec<&str> = line.split(' ').collect();
    let number = |i: usize| fields.get(i).and_then(|f| f.parse::<u64>().ok()).ok_or("a field is not a number");
    let (board, id, group) = (fields.get(2).copied().unwrap_or(""), number(3)?, number(4)?);
    let (_, hardest) = parse_board_in(board, Some(exit_row)).map_err(|e| e.to_string())?;
    let Outcome::Solvable(facts) = analyzer.analyze(&hardest, false).map_err(|e| e.to_string())? else {
        return Err(String::from("it cannot be solved"));
    };
    if facts.minimal != Some(true) {
        return Err(String::from("it is not minimal: a piece taken out leaves it as hard"));
    }
    let mut lowest = Position::default();
    (lowest.id, lowest.group) = (id, group);
    let solved = record(side, &lowest, &facts, analyzer.counts());
    if solved != line {
        return Err(format!("solved again, it gives {solved:?}"));
    }
    Ok(())
}
