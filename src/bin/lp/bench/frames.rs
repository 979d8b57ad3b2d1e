//! `lp bench frames`: what one per-frame call costs, so that a game can pick its budget. For every family
//! and preset: puzzles generated, then played to the goal by hints at the family's recommended node
//! budget (`Family::FRAME_BUDGET`, or `--budget`) — from their descriptions, so that every hint searches
//! as after a player's deviation, not read off the generator's plan — every `next_hint` call timed: the
//! distribution of per-call times (median, 99th percentile, max), the calls per hint, and the node rate
//! of the hint searches ("-" when every search ended within its first call);
//! and the generator's steps at the same budget, timed the same way (and those of the family's largest
//! puzzles, `Generate::LARGEST`, on a row `largest`). The first call of each puzzle and generator
//! reserves its memory; it is reported on its own (`first`), not in the distribution.
//!
//! Then every family's largest puzzle (`data/largest.txt`: the largest boards, most pieces and most
//! moves a state): up to [`LARGEST_HINTS`] hints at the node budget, each call timed, and the same
//! hints bounded by time (`lp_next_hint_timed`'s loop, [`LARGEST_TIME`] a call), the slowest call
//! against the time asked.

use crate::{Done, Failure};
use lphint::registry::{self, Entry};
use lphint::search::Status;
use std::time::{Duration, Instant};

/// Per-call times of one kind of call, and the nodes they expanded.
#[derive(Default)]
struct Calls {
    times: Vec<Duration>,
    /// The slowest calls (over [`SLOW`]): wall time, and what the thread got meanwhile — a call that got
    /// much less CPU than wall time was not running (preempted, or the machine's); system time and page
    /// faults are the kernel's work for it.
    slow: Vec<(usize, Duration, Usage)>,
    /// The slowest first call (the one that reserves memory).
    first: Duration,
    /// The nodes the calls after the first expanded (from the hint search's counter) and their time:
    /// the node rate.
    busy: (u64, Duration),
}

impl Calls {
    /// Times `call`, into the distribution or, when `first`, as a first call.
    fn time<T>(&mut self, first: bool, call: impl FnOnce() -> T) -> T {
        // The thread's usage is read outside the wall-clock window (reading it is a system call).
        let usage = Usage::now();
        let clock = Instant::now();
        let out = call();
        let wall = clock.elapsed();
        let usage = Usage::now().since(&usage);
        if first {
            self.first = self.first.max(wall);
        } else {
            self.times.push(wall);
            if wall > SLOW {
                // Which call it was: the runs are deterministic, so a call slow by its own work is slow
                // in every run.
                self.slow.push((self.times.len(), wall, usage));
            }
        }
        out
    }

    /// `median / p99 / max` in microseconds.
    fn summary(&mut self) -> String {
        if self.times.is_empty() {
            return format!("{:>26}", "-");
        }
        self.times.sort();
        let at = |q: f64| self.times[((self.times.len() - 1) as f64 * q).round() as usize].as_secs_f64() * 1e6;
        format!("{:>8.1} {:>8.1} {:>8.1}", at(0.5), at(0.99), at(1.0))
    }

    fn max(&self) -> Duration {
        self.times.iter().copied().max().unwrap_or_default()
    }

    /// Nodes a second over the calls.
    fn rate(&self) -> f64 {
        self.busy.0 as f64 / self.busy.1.as_secs_f64().max(1e-9)
    }
}

/// Calls slower than this are listed with the CPU time they got.
const SLOW: Duration = Duration::from_millis(2);

/// The processors' time taken by the host of a virtual machine since boot, in milliseconds (`steal`
/// in `/proc/stat`; `None` where there is no such file).
fn stolen() -> Option<u64> {
    let stat = std::fs::read_to_string("/proc/stat").ok()?;
    let jiffies: u64 = stat.lines().next()?.split_whitespace().nth(8)?.parse().ok()?;
    Some(jiffies * 10)
}

/// What the calling thread has used: its CPU time (the scheduler's clock, to the nanosecond), page
/// faults and the times it was switched out against its will (exact counts; all zero where the system
/// does not tell).
#[derive(Clone, Copy, Debug, Default)]
struct Usage {
    cpu: Duration,
    faults: i64,
    preempted: i64,
}

impl Usage {
    fn now() -> Usage {
        #[cfg(target_os = "linux")]
        {
            // SAFETY: all-zero rusage and timespec are valid values; the calls only write them, through
            // valid out-pointers, about the calling thread.
            let (mut r, mut t): (libc::rusage, libc::timespec) = unsafe { (core::mem::zeroed(), core::mem::zeroed()) };
            let ok = unsafe {
                libc::getrusage(libc::RUSAGE_THREAD, &mut r) == 0
                    && libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut t) == 0
            };
            if ok {
                return Usage {
                    cpu: Duration::new(t.tv_sec as u64, t.tv_nsec as u32),
                    faults: r.ru_minflt + r.ru_majflt,
                    preempted: r.ru_nivcsw,
                };
            }
        }
        Usage::default()
    }

    fn since(&self, before: &Usage) -> Usage {
        Usage {
            cpu: self.cpu.saturating_sub(before.cpu),
            faults: self.faults - before.faults,
            preempted: self.preempted - before.preempted,
        }
    }
}

/// Whether the family named `name` is one `only` lets through (all when none is named).
fn chosen(only: Option<&str>, name: &str) -> bool {
    only.is_none_or(|only| only == name)
}

pub fn frames(count: usize, seed: u64, budget: Option<u32>, only: Option<&str>) -> Done {
    if let Some(name) = only {
        registry::named(name)?;
    }
    println!(
        "{:<8} {:<7} {:>7} | {:>8} {:>8} {:>8} {:>8} {:>6} {:>9} | {:>8} {:>8} {:>8} {:>8}",
        "family",
        "preset",
        "budget",
        "hint µs",
        "p99",
        "max",
        "first",
        "calls",
        "Mnodes/s",
        "gen µs",
        "p99",
        "max",
        "first"
    );
    let (mut worst, mut slow) = (Duration::ZERO, Vec::new());
    let steal_before = stolen();
    for family in registry::families().iter().filter(|f| chosen(only, f.name)) {
        // Every preset, then the family's largest puzzles (their generator steps only: the largest
        // puzzles' hints are timed below).
        let presets = family.presets.iter().map(|p| (p.name, format!("preset={}", p.name)));
        let largest = (!family.largest.is_empty()).then(|| ("largest", family.largest.to_string()));
        for (name, params) in presets.chain(largest) {
            let budget = budget.unwrap_or(family.frame_budget);
            let (mut hints, mut steps, mut hinted) = (Calls::default(), Calls::default(), 0u64);
            let made = generated(family, &params, count, seed, budget, &mut steps)?;
            for generated in made.into_iter().filter(|_| name != "largest") {
                let mut session = family.parse(&generated.describe()).map_err(|e| e.to_string())?;
                let mut first = true;
                loop {
                    let before = session.hint_nodes();
                    let answer = hints.time(first, || session.next_hint(budget));
                    let after = session.hint_nodes();
                    if !first {
                        // The counter is the current search's: it restarts with a new search.
                        hints.busy.0 += if after >= before { after - before } else { after };
                        hints.busy.1 += hints.times.last().copied().unwrap_or_default();
                    }
                    first = false;
                    match answer {
                        Err(Status::InProgress) => {}
                        Ok(hint) => {
                            hinted += 1;
                            session.apply(&hint.mv).map_err(|e| format!("{}: a hint was illegal: {e}", family.name))?;
                        }
                        Err(Status::AlreadySolved) => break,
                        Err(status) => return Err(format!("{} {name}: no hint ({status:?})", family.name).into()),
                    }
                }
            }
            worst = worst.max(hints.max()).max(steps.max());
            for (kind, calls) in [("hint", &hints), ("generator step", &steps)] {
                slow.extend(calls.slow.iter().map(|&(at, wall, got)| (family.name, name, kind, at, wall, got)));
            }
            let us = |d: Duration| d.as_secs_f64() * 1e6;
            // No hint asked (the largest row): its columns say so.
            let (first, calls) = match hinted {
                0 => (String::from("-"), String::from("-")),
                n => {
                    (format!("{:.1}", us(hints.first)), format!("{:.1}", (hints.times.len() + count) as f64 / n as f64))
                }
            };
            println!(
                "{:<8} {:<7} {:>7} | {} {:>8} {:>6} {:>9} | {} {:>8.1}",
                family.name,
                name,
                budget,
                hints.summary(),
                first,
                calls,
                if hints.busy.0 == 0 { "-".to_string() } else { format!("{:.2}", hints.rate() / 1e6) },
                steps.summary(),
                us(steps.first)
            );
        }
    }
    println!("slowest call after the first: {:.1} µs", worst.as_secs_f64() * 1e6);
    if let (Some(before), Some(after)) = (steal_before, stolen()) {
        println!(
            "time the machine's host took from this machine's processors meanwhile (steal): {} ms",
            after - before
        );
    }
    largest(budget, only)?;
    checks(budget, only)?;
    let us = |d: Duration| d.as_secs_f64() * 1e6;
    for (family, preset, kind, at, wall, got) in &slow {
        println!(
            "  over 2 ms: {family} {preset} {kind} #{at}: {:.0} µs wall, {:.0} µs of CPU, {} page faults, switched out {} times",
            us(*wall),
            us(got.cpu),
            got.faults,
            got.preempted
        );
    }
    Ok(())
}

/// `count` puzzles of the parameters `params` (Linjat's optimizer shortened to 300 iterations), every
/// generator step of `budget` timed into `steps`.
fn generated(
    family: &Entry,
    params: &str,
    count: usize,
    seed: u64,
    budget: u32,
    steps: &mut Calls,
) -> Result<Vec<Box<dyn lphint::session::AnySession>>, Failure> {
    let extra = if family.params.iter().any(|p| p.name == "iterations") { ",iterations=300" } else { "" };
    let mut generator = family.generator(&format!("{params}{extra}"), seed)?;
    let mut out = Vec::new();
    let mut first = true;
    while out.len() < count {
        let step = steps.time(first, || generator.step(budget));
        first = false;
        match step {
            Err(Status::InProgress) => continue,
            Ok(generated) => out.push(generated.session),
            Err(status) => return Err(Failure::Unanswered(generator.reason(status))),
        }
    }
    Ok(out)
}

/// Hints asked on each largest puzzle.
const LARGEST_HINTS: usize = 20;
/// Calls at most on each largest puzzle (a search that explores to its node cap takes many).
const LARGEST_CALLS: usize = 20_000;
/// The time a call bounded by time is given on the largest puzzles.
const LARGEST_TIME: Duration = Duration::from_micros(1000);

/// Hints on every family's largest puzzle, by nodes and by time.
fn largest(budget: Option<u32>, only: Option<&str>) -> Done {
    println!(
        "\nlargest puzzles (data/largest.txt): {LARGEST_HINTS} hints at most, every call timed; then the same bounded by {} µs",
        LARGEST_TIME.as_micros()
    );
    println!(
        "{:<8} {:>7} | {:>8} {:>8} {:>8} {:>8} {:>6} | {:>8} {:>8} {:>6} | ended",
        "family", "budget", "hint µs", "p99", "max", "first", "calls", "timed", "max", "calls"
    );
    for desc in include_str!("../../../../data/largest.txt").lines().filter(|l| !l.starts_with('#') && !l.is_empty()) {
        let family = registry::named(lphint::text::family_of(desc))?;
        if !chosen(only, family.name) {
            continue;
        }
        let budget = budget.unwrap_or(family.frame_budget);
        let (mut nodes, ended) = play(desc, |session| session.next_hint(budget))?;
        let (timed, _) = play(desc, |session| {
            let started = Instant::now();
            let clock = || started.elapsed().as_nanos() as u64;
            lphint::hint::within_time(LARGEST_TIME.as_nanos() as u64, family.frame_budget, clock, |slice| {
                session.next_hint(slice)
            })
        })?;
        let us = |d: Duration| d.as_secs_f64() * 1e6;
        println!(
            "{:<8} {:>7} | {} {:>8.1} {:>6} | {:>8.1} {:>8.1} {:>6} | {ended}",
            family.name,
            budget,
            nodes.summary(),
            us(nodes.first),
            nodes.times.len() + 1,
            us(timed.first),
            us(timed.max()),
            timed.times.len() + 1,
        );
    }
    Ok(())
}

/// Fogleman's hardest Rush Hour level (51 moves).
const RUSH_51: &str = "rush:GBBoLoGHIoLMGHIAAMCCCKoMooJKDDEEJFFo";
/// Hints the player follows before and after the move off the plan, in the check's scenario.
const FOLLOWED: usize = 3;

/// Calls `call` (a per-frame call) until it is not in progress, at most [`LARGEST_CALLS`] times: its
/// answer (`None` when it was still in progress) and the calls made.
fn stepped<T>(mut call: impl FnMut() -> Result<T, Status>) -> (Option<Result<T, Status>>, usize) {
    for made in 1..=LARGEST_CALLS {
        match call() {
            Err(Status::InProgress) => continue,
            answer => return (Some(answer), made),
        }
    }
    (None, LARGEST_CALLS)
}

/// "Check my board" against the first hint, in frames at the family's budget, on Fogleman's 51-move Rush
/// Hour level and every family's largest puzzle: the player asks a first hint, follows [`FOLLOWED`]
/// hints, plays a move off the plan, follows [`FOLLOWED`] more, then asks for a check.
pub fn checks(budget: Option<u32>, only: Option<&str>) -> Done {
    println!(
        "\ncheck my board: a first hint, {FOLLOWED} hints followed, a move off the plan, {FOLLOWED} more hints, then the check (frames)"
    );
    println!("{:<8} {:>7} | {:>10} {:>10} {:>6} | check", "family", "budget", "first hint", "check", "ratio");
    let largest = include_str!("../../../../data/largest.txt").lines().filter(|l| !l.starts_with('#') && !l.is_empty());
    for desc in std::iter::once(RUSH_51).chain(largest) {
        let family = registry::named(lphint::text::family_of(desc))?;
        if !chosen(only, family.name) {
            continue;
        }
        let budget = budget.unwrap_or(family.frame_budget);
        let mut session = registry::parse(desc).map_err(|e| e.to_string())?;
        let frames = |n: usize, done: bool| if done { n.to_string() } else { format!(">{n}") };
        let (first, first_frames) = stepped(|| session.next_hint(budget));
        let hint = match first {
            Some(Ok(hint)) => hint,
            other => {
                let why = other.map_or("still in progress", |r| r.err().map_or("", |s| s.name()));
                let shown = frames(first_frames, other.is_some());
                println!("{:<8} {budget:>7} | {shown:>10} {:>10} {:>6} | no first hint: {why}", family.name, "-", "-");
                continue;
            }
        };
        session.apply(&hint.mv).map_err(|e| format!("{desc}: {e}"))?;
        let followed = |session: &mut Box<dyn lphint::session::AnySession>| {
            for _ in 0..FOLLOWED {
                match stepped(|| session.next_hint(budget)).0 {
                    Some(Ok(hint)) => {
                        let _ = session.apply(&hint.mv);
                    }
                    _ => break,
                }
            }
        };
        followed(&mut session);
        if let (Some(Ok(planned)), _) = stepped(|| session.next_hint(budget)) {
            if let Some(off) = session.legal_moves().into_iter().find(|m| *m != planned.mv) {
                let _ = session.apply(&off);
            }
        }
        followed(&mut session);
        let (check, check_frames) = stepped(|| session.check_board(budget));
        let said = match &check {
            Some(Ok(c)) => format!(
                "{} moves, first wrong {}, distance {}",
                c.moves,
                c.first_wrong.map_or("none".into(), |m| (m + 1).to_string()),
                c.distance.map_or("lost".into(), |d| d.to_string())
            ),
            Some(Err(status)) => status.name().to_string(),
            None => "still in progress".into(),
        };
        println!(
            "{:<8} {budget:>7} | {:>10} {:>10} {:>6.1} | {said}",
            family.name,
            first_frames,
            frames(check_frames, check.is_some()),
            check_frames as f64 / first_frames as f64
        );
    }
    Ok(())
}

/// Up to [`LARGEST_HINTS`] hints on `desc` by `ask`, every call timed (the first on its own): the
/// calls, and how the play ended.
fn play(
    desc: &str,
    mut ask: impl FnMut(&mut Box<dyn lphint::session::AnySession>) -> Result<lphint::session::SessionHint, Status>,
) -> Result<(Calls, String), Failure> {
    let mut session = registry::parse(desc).map_err(|e| e.to_string())?;
    let (mut calls, mut hints) = (Calls::default(), 0);
    for call in 0..LARGEST_CALLS {
        match calls.time(call == 0, || ask(&mut session)) {
            Err(Status::InProgress) => {}
            Ok(hint) => {
                hints += 1;
                session.apply(&hint.mv).map_err(|e| format!("{desc}: a hint was illegal: {e}"))?;
                if hints == LARGEST_HINTS {
                    return Ok((calls, format!("{hints} hints")));
                }
            }
            Err(status) => return Ok((calls, format!("{hints} hints, then {}", status.name()))),
        }
    }
    Ok((calls, format!("{hints} hints in {LARGEST_CALLS} calls")))
}
