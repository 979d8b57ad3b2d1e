//! A counting global allocator proves that a generator step allocates nothing, for every family and
//! preset of the registry: candidates are drawn into storage reserved when the generator was made (or by
//! its first candidates). Only the step that hands a puzzle out allocates — the puzzle, its solution and
//! its session are the caller's.
//!
//! This file holds a single test so that no other test thread allocates while it counts.

mod common;

use common::counting::{allocations_during, Counting};
use lphint::registry;
use lphint::search::Status;

#[global_allocator]
static GLOBAL: Counting = Counting;

#[test]
fn generator_steps_allocate_nothing_but_the_puzzles_they_hand_out() {
    assert!(allocations_during(|| drop(std::hint::black_box(vec![1u8; 8]))).1 > 0, "the counter counts");
    let mut report = Vec::new();
    for entry in registry::families() {
        for preset in entry.presets {
            let mut generator = entry.generator(&format!("preset={}", preset.name), 7).unwrap();
            // A small budget, so that most steps end with the candidate under way.
            let budget = 5;
            // Warming up: the first candidates reserve the rater (and grow the drawing's storage to
            // what the parameters need).
            let mut delivered = 0;
            for _ in 0..200 {
                if generator.step(budget).is_ok() {
                    delivered += 1;
                    break;
                }
            }
            let (mut counted, mut allocating) = (0, Vec::new());
            for step in 0..400 {
                let trace = std::env::var("TRACE_FAMILY").is_ok_and(|f| f == entry.name) && step > 20 && step < 300;
                common::counting::TRACE.with(|t| t.set(trace));
                let (result, allocations) = allocations_during(|| generator.step(budget).map(|g| g.rating));
                common::counting::TRACE.with(|t| t.set(false));
                let traces = common::counting::TRACES.with(|t| std::mem::take(&mut *t.borrow_mut()));
                if matches!(result, Err(Status::InProgress)) { for t in traces { eprintln!("{t}"); } }
                match result {
                    Ok(_) => delivered += 1,
                    Err(Status::InProgress) => {
                        counted += 1;
                        if allocations > 0 {
                            allocating.push((step, allocations));
                        }
                    }
                    // A small band handed out whole.
                    Err(Status::NotFound(lphint::search::Shortfall::NoMore)) => break,
                    Err(status) => panic!("{} {}: the run ended on {status:?}", entry.name, preset.name),
                }
            }
            report.push(format!(
                "{} {}: {counted} steps, {} allocating ({:?}), {delivered} delivered",
                entry.name,
                preset.name,
                allocating.len(),
                &allocating[..allocating.len().min(5)]
            ));
            assert!(counted > 20, "{}", report.last().unwrap());
        }
    }
    let failing: Vec<&String> = report.iter().filter(|r| !r.contains(" 0 allocating")).collect();
    assert!(failing.is_empty(), "{failing:#?}\n(all: {report:#?})");
}
