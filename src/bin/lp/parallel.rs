//! Bulk jobs on every core: items worked on by `--jobs` threads, each taking the next index, their results
//! handed over in index order (so that the output is the same on any number of threads), and the thread
//! time they took, for the speed-up a summary line reports.

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{mpsc, Mutex};
use std::time::{Duration, Instant};

/// The threads to use: `--jobs`, or every core; at least one, at most one an item.
pub fn threads(jobs: Option<usize>, items: usize) -> usize {
    jobs.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get())).clamp(1, items.max(1))
}

/// Runs `work(i)` for every `i` in `0..count` on `jobs` threads, handing each result to `each` in index
/// order; stops at the first error `each` returns. The thread time the work took, summed.
pub fn ordered<T: Send, E>(
    count: usize,
    jobs: usize,
    work: impl Fn(usize) -> T + Sync,
    mut each: impl FnMut(usize, T) -> Result<(), E>,
) -> Result<Duration, E> {
    let (next, quit) = (AtomicUsize::new(0), AtomicBool::new(false));
    std::thread::scope(|scope| {
        let (sender, receiver) = mpsc::channel::<(usize, T, Duration)>();
        for _ in 0..jobs.max(1) {
            let (sender, next, quit, work) = (sender.clone(), &next, &quit, &work);
            scope.spawn(move || loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                if i >= count || quit.load(Ordering::Relaxed) {
                    break;
                }
                let clock = Instant::now();
                let result = work(i);
                if sender.send((i, result, clock.elapsed())).is_err() {
                    break;
                }
            });
        }
        drop(sender);
        let (mut waiting, mut due, mut busy) = (BTreeMap::new(), 0, Duration::ZERO);
        let outcome = (|| {
            for (i, result, time) in &receiver {
                busy += time;
                waiting.insert(i, result);
                while let Some(result) = waiting.remove(&due) {
                    each(due, result)?;
                    due += 1;
                }
            }
            Ok(busy)
        })();
        quit.store(true, Ordering::Relaxed);
        outcome
    })
}

/// [`ordered`] over `groups` groups of `size` items: `work(group, member)` on the threads, and
/// `each(group, results)` with a group's results in member order once its last is in.
pub fn grouped<T: Send, E>(
    groups: usize,
    size: usize,
    jobs: usize,
    work: impl Fn(usize, usize) -> T + Sync,
    mut each: impl FnMut(usize, Vec<T>) -> Result<(), E>,
) -> Result<Duration, E> {
    // Grown as results come (a size is a count a user typed: nothing reserved from it).
    let mut group = Vec::new();
    let items = groups.saturating_mul(size);
    ordered(
        items,
        jobs,
        |i| work(i / size, i % size),
        |i, result| {
            group.push(result);
            if group.len() < size {
                return Ok(());
            }
            each(i / size, std::mem::take(&mut group))
        },
    )
}

/// The speed-up words of a summary line: "on 2 threads, 1.93× one thread's work".
pub fn speedup(busy: Duration, wall: Duration, jobs: usize) -> String {
    let ratio = busy.as_secs_f64() / wall.as_secs_f64().max(1e-9);
    format!("{}, {ratio:.2}× one thread's work", on_threads(jobs))
}

/// "on 1 thread", "on 2 threads".
pub fn on_threads(jobs: usize) -> String {
    format!("on {jobs} thread{}", if jobs == 1 { "" } else { "s" })
}

/// The last line of a bench whose items ran on threads: "4.34 s wall, on 2 threads, 1.63× one thread's
/// work (times and rates are a thread's)".
pub fn bench_summary(busy: Duration, started: Instant, jobs: usize) -> String {
    let wall = started.elapsed();
    format!("{} wall, {} (times and rates are a thread's)", crate::fmt_time(wall), speedup(busy, wall, jobs))
}

/// What a thread keeps from one item to its next (search arrays reserved once), shared by the threads:
/// an item takes a kept value if one is free, and leaves its own for the next.
pub struct Pool<T>(Mutex<Vec<T>>);

impl<T> Default for Pool<T> {
    fn default() -> Pool<T> {
        Pool(Mutex::new(Vec::new()))
    }
}

impl<T> Pool<T> {
    /// Runs `f` with a kept value (`None` when none is free: `f` makes one), keeping what `f` leaves.
    pub fn with<R>(&self, f: impl FnOnce(&mut Option<T>) -> R) -> R {
        // A poisoned lock (a thread panicked) only costs a fresh value.
        let mut kept = self.0.lock().ok().and_then(|mut free| free.pop());
        let result = f(&mut kept);
        if let (Some(value), Ok(mut free)) = (kept, self.0.lock()) {
            free.push(value);
        }
        result
    }
}

/// A [`Spread`](lphint::tables::Spread) on `jobs` threads, each piece's time summed for the speed-up.
pub struct Threads {
    jobs: usize,
    busy_nanos: std::sync::atomic::AtomicU64,
    inside_nanos: std::sync::atomic::AtomicU64,
}

impl Threads {
    /// Pieces on `jobs` threads.
    pub fn new(jobs: usize) -> Threads {
        let zero = || std::sync::atomic::AtomicU64::new(0);
        Threads { jobs: jobs.max(1), busy_nanos: zero(), inside_nanos: zero() }
    }

    /// The work of a build that took `wall`, in one thread's time: the pieces' time summed, and the time
    /// outside them (which ran on one thread).
    pub fn work(&self, wall: Duration) -> Duration {
        let nanos = |n: &std::sync::atomic::AtomicU64| Duration::from_nanos(n.load(Ordering::Relaxed));
        nanos(&self.busy_nanos) + wall.saturating_sub(nanos(&self.inside_nanos))
    }
}

impl lphint::tables::Spread for Threads {
    fn map(&self, count: usize, piece: &(dyn Fn(usize) -> Vec<u8> + Sync)) -> Vec<Vec<u8>> {
        let clock = Instant::now();
        let mut out = vec![Vec::new(); count];
        let busy = ordered(count, self.jobs.min(count.max(1)), piece, |i, result| -> Result<(), ()> {
            out[i] = result;
            Ok(())
        });
        self.busy_nanos.fetch_add(busy.unwrap_or_default().as_nanos() as u64, Ordering::Relaxed);
        self.inside_nanos.fetch_add(clock.elapsed().as_nanos() as u64, Ordering::Relaxed);
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use lphint::tables::{InTurn, Spread};

    #[test]
    fn results_come_in_index_order_whichever_thread_finishes_first() {
        // The first items take longest: on several threads the later ones finish first.
        let work = |i: usize| {
            std::thread::sleep(Duration::from_millis(20u64.saturating_sub(i as u64 * 2)));
            i * i
        };
        let mut seen = Vec::new();
        let busy = ordered(10, 4, work, |i, r| -> Result<(), ()> {
            seen.push((i, r));
            Ok(())
        });
        assert_eq!(seen, (0..10).map(|i| (i, i * i)).collect::<Vec<_>>());
        assert!(busy.unwrap() >= Duration::from_millis(100), "the pieces' time is summed");
        // The first error ends the run.
        let stopped = ordered(10, 3, |i| i, |i, _| if i == 4 { Err(i) } else { Ok(()) });
        assert_eq!(stopped, Err(4));
    }

    #[test]
    fn groups_come_whole_in_order_with_their_members_in_order() {
        let mut seen = Vec::new();
        let work = |g: usize, m: usize| {
            std::thread::sleep(Duration::from_millis(((7 - g) * 3 + (2 - m)) as u64));
            (g, m)
        };
        let done = grouped(4, 3, 3, work, |g, members| -> Result<(), ()> {
            seen.push((g, members));
            Ok(())
        });
        assert!(done.is_ok());
        let expected: Vec<_> = (0..4).map(|g| (g, (0..3).map(|m| (g, m)).collect::<Vec<_>>())).collect();
        assert_eq!(seen, expected);
        // Empty groups: nothing to hand over.
        assert!(grouped(5, 0, 2, |_, _| (), |_, _: Vec<()>| -> Result<(), ()> { panic!("a group of none") }).is_ok());
    }

    #[test]
    fn a_build_spread_on_threads_gives_the_bytes_it_gives_in_turn() {
        let piece = |i: usize| (0..i * 1000).map(|k| (k * 31 + i) as u8).collect::<Vec<u8>>();
        let threads = Threads::new(3);
        assert_eq!(threads.map(7, &piece), InTurn.map(7, &piece));
        assert!(threads.work(Duration::ZERO) > Duration::ZERO);
    }
}
