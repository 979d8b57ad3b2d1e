//! `lp bench frames`: what one per-frame call costs, so that a game can pick its budget. For every family
//! and preset: puzzles generated, then played to the goal by hints at the family's recommended node
//! budget (`Family::FRAME_BUDGET`, or `--budget`) — from their descriptions, so that every hint searches
//! as after a player's deviation, not read off the generator's plan — every `next_hint` call timed: the
//! distribution of per-call times (median, 99th percentile, max), the calls per hint, and the node rate
//! of the hint searches ("-" when every search ended within its first call);
//! and the generator's steps at the same budget, timed the same way. The first call of each puzzle and
//! generator reserves its memory; it is reported on its own (`first`), not in the distribution.

use crate::{Done, Failure};
use lphint::registry::{self, Entry};
use lphint::search::Status;
use std::time::{Duration, Instant};

/// Per-call times of one kind of call, and the nodes they expanded.
#[derive(Default)]
struct Calls {
    times: Vec<Duration>,
    /// The slowest calls' (over [`SLOW`]) wall times and the CPU time the thread got during them: a
    /// call that got much less CPU than wall time was not running (preempted, or the machine's).
    slow: Vec<(Duration, Duration)>,
    /// The slowest first call (the one that reserves memory).
    first: Duration,
    /// The nodes the calls after the first expanded (from the hint search's counter) and their time:
    /// the node rate.
    busy: (u64, Duration),
}

impl Calls {
    /// Times `call`, into the distribution or, when `first`, as a first call.
    fn time<T>(&mut self, first: bool, call: impl FnOnce() -> T) -> T {
        // The CPU clock is read outside the wall-clock window (reading it is a system call).
        let cpu = thread_cpu();
        let clock = Instant::now();
        let out = call();
        let wall = clock.elapsed();
        let cpu = thread_cpu().saturating_sub(cpu);
        if first {
            self.first = self.first.max(wall);
        } else {
            self.times.push(wall);
            if wall > SLOW {
                self.slow.push((wall, cpu));
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

/// The CPU time the calling thread has run for (the wall clock where there is no thread clock).
fn thread_cpu() -> Duration {
    #[cfg(unix)]
    {
        let mut t = libc::timespec { tv_sec: 0, tv_nsec: 0 };
        // SAFETY: `t` is a valid out-pointer; the call only writes it.
        if unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut t) } == 0 {
            return Duration::new(t.tv_sec as u64, t.tv_nsec as u32);
        }
    }
    START.get_or_init(Instant::now).elapsed()
}

static START: std::sync::OnceLock<Instant> = std::sync::OnceLock::new();

pub fn frames(count: usize, seed: u64, budget: Option<u32>) -> Done {
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
    for family in registry::families() {
        for preset in family.presets {
            let budget = budget.unwrap_or(family.frame_budget);
            let (mut hints, mut steps, mut hinted) = (Calls::default(), Calls::default(), 0u64);
            for generated in generated(family, preset.name, count, seed, budget, &mut steps)? {
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
                        Err(status) => {
                            return Err(format!("{} {}: no hint ({status:?})", family.name, preset.name).into())
                        }
                    }
                }
            }
            worst = worst.max(hints.max()).max(steps.max());
            for (kind, calls) in [("hint", &hints), ("generator step", &steps)] {
                slow.extend(calls.slow.iter().map(|&(wall, cpu)| (family.name, preset.name, kind, wall, cpu)));
            }
            let calls = (hints.times.len() + count) as f64 / hinted.max(1) as f64;
            let us = |d: Duration| d.as_secs_f64() * 1e6;
            println!(
                "{:<8} {:<7} {:>7} | {} {:>8.1} {:>6.1} {:>9} | {} {:>8.1}",
                family.name,
                preset.name,
                budget,
                hints.summary(),
                us(hints.first),
                calls,
                if hints.busy.0 == 0 { "-".to_string() } else { format!("{:.2}", hints.rate() / 1e6) },
                steps.summary(),
                us(steps.first)
            );
        }
    }
    println!("slowest call after the first: {:.1} µs", worst.as_secs_f64() * 1e6);
    let us = |d: Duration| d.as_secs_f64() * 1e6;
    for (family, preset, kind, wall, cpu) in &slow {
        println!("  over 2 ms: {family} {preset} {kind}: {:.1} µs wall, {:.1} µs of CPU", us(*wall), us(*cpu));
    }
    Ok(())
}

/// `count` puzzles of `preset` (Linjat's optimizer shortened to 300 iterations), every generator step of
/// `budget` timed into `steps`.
fn generated(
    family: &Entry,
    preset: &str,
    count: usize,
    seed: u64,
    budget: u32,
    steps: &mut Calls,
) -> Result<Vec<Box<dyn lphint::session::AnySession>>, Failure> {
    let extra = if family.params.iter().any(|p| p.name == "iterations") { ",iterations=300" } else { "" };
    let mut generator = family.generator(&format!("preset={preset}{extra}"), seed)?;
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
