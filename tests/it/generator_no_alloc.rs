//! A counting global allocator proves that a generator step allocates nothing, for every preset of every
//! family: candidates are drawn into storage reserved when the generator was made (or grown by its first
//! candidates to what the parameters need), and rated by a rater reserved then. Only the step that hands a
//! puzzle out allocates — the puzzle, its solution and its session are the caller's.

use crate::common;

use common::counting::allocations_during;
use lphint::registry;
use lphint::search::Status;

#[test]
fn generator_steps_allocate_nothing_but_the_puzzles_they_hand_out() {
    assert!(allocations_during(|| drop(std::hint::black_box(vec![1u8; 8]))).1 > 0, "the counter counts");
    let mut report = Vec::new();
    for entry in registry::families() {
        let mut texts: Vec<String> = entry.presets.iter().map(|p| format!("preset={}", p.name)).collect();
        // Runs that finish candidates often, so that handing them over is counted too: a short Linjat
        // optimizer run, small sliding-blocks boards by both methods with the minimality check.
        match entry.name {
            "linjat" => texts.push(String::from("preset=medium,iterations=20")),
            "blocks" => {
                texts.push(String::from("size=3x4,method=cluster,min=2,max=30,minimal=true"));
                texts.push(String::from("size=3x4,method=fill,min=2,max=30,minimal=true"));
                texts.push(String::from("size=4x4,method=anneal,min=8,max=20,iterations=20"));
            }
            // Annealing's mutants are built into the generator's storage too.
            "tiles" | "jugs" | "flip" | "hargram" => {
                texts.push(String::from("preset=medium,method=anneal,iterations=20"))
            }
            _ => {}
        }
        for text in texts {
            let mut generator = entry.generator(&text, 7).unwrap();
            // The puzzles handed out stay alive, as a game keeps its levels: storage they share with the
            // generator is not the generator's to reuse.
            let mut kept = Vec::new();
            // Warming up: the first candidates reserve the rater and grow the drawing's storage.
            let mut band_done = false;
            for _ in 0..100 {
                match generator.step(entry.frame_budget) {
                    Ok(generated) => kept.push(generated),
                    Err(Status::NotFound(_)) => band_done = true,
                    Err(_) => {}
                }
            }
            let (mut counted, mut allocating) = (0, Vec::new());
            // A small budget, so that most steps end with a candidate under way, then the family's own.
            'budgets: for budget in [5, entry.frame_budget] {
                for step in 0..300 {
                    let (result, allocations) = allocations_during(|| generator.step(budget));
                    match result {
                        Ok(generated) => kept.push(generated),
                        Err(Status::InProgress) => {
                            counted += 1;
                            if allocations > 0 {
                                allocating.push((budget, step, allocations));
                            }
                        }
                        // A small band handed out whole, or too rare to find more.
                        Err(Status::NotFound(_)) => {
                            band_done = true;
                            break 'budgets;
                        }
                        Err(status) => panic!("{} {text}: the run ended on {status:?}", entry.name),
                    }
                }
            }
            report.push(format!(
                "{} {text}: {counted} steps, {} allocating (budget, step, allocations: {:?}), {} delivered",
                entry.name,
                allocating.len(),
                &allocating[..allocating.len().min(5)],
                kept.len()
            ));
            assert!(counted > 20 || band_done, "{}", report.last().unwrap());
        }
    }
    println!("{report:#?}");
    let failing: Vec<&String> = report.iter().filter(|r| !r.contains(" 0 allocating")).collect();
    assert!(failing.is_empty(), "{failing:#?}\n(all: {report:#?})");
    // The runs meant to finish candidates did hand some over, so that path was counted too.
    for run in ["linjat preset=medium,iterations", "blocks size=3x4,method=cluster", "blocks size=3x4,method=fill"] {
        let line = report.iter().find(|r| r.starts_with(run)).unwrap();
        assert!(!line.ends_with(" 0 delivered"), "{line}");
    }
}
