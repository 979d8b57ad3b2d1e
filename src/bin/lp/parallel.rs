//! Bulk jobs on every core: items worked on by `--jobs` threads, each taking the next index, their results
//! handed over in index order (so that the output is the same on any number of threads), and the thread
//! time they took, for the speed-up a summary line reports.

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;
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

/// The speed-up words of a summary line: "on 2 threads, 1.93× one thread's work".
pub fn speedup(busy: Duration, wall: Duration, jobs: usize) -> String {
    let ratio = busy.as_secs_f64() / wall.as_secs_f64().max(1e-9);
    format!("on {jobs} thread{}, {ratio:.2}× one thread's work", if jobs == 1 { "" } else { "s" })
}
