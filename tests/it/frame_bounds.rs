//! The per-frame bounds, on every family's largest puzzle (`data/largest.txt`): every stepped search
//! spends at most its budget plus one part of a state's successors in a call, whatever the branching
//! factor (31 blocks on 16×16 make about 7,000 moves a state), and pays a unit per 16 successors; a
//! budget of 0 counts as 1 in every stepped call. (The time these calls take is measured by
//! `lp bench frames`, not asserted here.)

use lphint::registry;
use lphint::search::{units_for, Algorithm, Status, SUCCESSORS_PER_UNIT};
use std::collections::HashSet;

/// The largest puzzles, one a family.
fn largest() -> Vec<&'static str> {
    include_str!("../../data/largest.txt").lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty()).collect()
}

/// The most units one part of a state's successors costs: no family makes more than 256 successors in
/// a part (a block's destinations on 16×16, 64 presses, 8 Linjat numbers, 64 Hargram placements).
const PART_UNITS: u32 = 16;

#[test]
fn every_family_has_one_largest_puzzle() {
    let families: Vec<&str> = largest().iter().map(|d| registry::parse(d).unwrap().family()).collect();
    let distinct: HashSet<&str> = families.iter().copied().collect();
    assert_eq!(distinct.len(), families.len(), "one line a family: {families:?}");
    for family in registry::families() {
        assert!(distinct.contains(family.name), "data/largest.txt has no {} puzzle", family.name);
    }
    assert_eq!(units_for(1), 1);
    assert_eq!(units_for(SUCCESSORS_PER_UNIT), 1);
    assert_eq!(units_for(256), PART_UNITS);
}

#[test]
fn every_search_spends_its_budget_and_at_most_one_part_more_per_call() {
    for desc in largest() {
        for name in ["bfs", "ucs", "astar", "ida", "best-first", "wastar:2", "beam:100", "hill", "anneal", "exact"] {
            let session = registry::parse(desc).unwrap();
            let mut solver = session.solver(Algorithm::parse(name).unwrap(), 100_000).unwrap();
            let generic = name != "exact";
            let (mut calls, mut work) = (0, 0u64);
            for call in 0..90 {
                let budget = [1, 7, 50][call % 3];
                let before = solver.stats().generated;
                let step = solver.step(budget);
                let made = solver.stats().generated - before;
                // A beam's layer selection is done at once: 16 children sorted out a unit.
                let selection = match solver.algorithm() {
                    Algorithm::Beam { width } => 4 * width / 16,
                    _ => 0,
                };
                let most = budget + PART_UNITS + selection;
                assert!(step.work <= most, "{desc} {name}: {} units at budget {budget}", step.work);
                if generic {
                    assert!(
                        made <= SUCCESSORS_PER_UNIT * step.work.max(1) as u64,
                        "{desc} {name}: {made} successors for {} units",
                        step.work
                    );
                }
                (calls, work) = (calls + 1, work + step.work as u64);
                if step.status != Status::InProgress {
                    break;
                }
            }
            assert!(work > 0 && calls > 0, "{desc} {name}: no work");
        }
    }
}

/// The first puzzle of `family`'s small parameters.
fn small(family: &registry::Entry) -> String {
    let mut generator = family.generator(family.small, 1).unwrap();
    generator.next(u32::MAX).unwrap_or_else(|s| panic!("{}: {}", family.name, s.name())).session.describe()
}

#[test]
fn a_budget_of_zero_counts_as_one() {
    for family in registry::families() {
        let desc = small(family);
        // Hints: the same calls and the same hints as with a budget of 1.
        let play = |budget: u32| {
            let mut game = registry::parse(&desc).unwrap();
            let mut calls = Vec::new();
            for _ in 0..100_000 {
                match game.next_hint(budget) {
                    Err(Status::InProgress) => calls.push(None),
                    Ok(hint) => {
                        calls.push(Some(hint.mv));
                        game.apply(&hint.mv).unwrap();
                    }
                    Err(Status::AlreadySolved) => return calls,
                    Err(other) => panic!("{desc}: {}", other.name()),
                }
            }
            panic!("{desc}: hints at budget {budget} do not end");
        };
        assert_eq!(play(0), play(1), "{desc}: hints");
        // Solvers: every call at 0 works one unit, as at 1.
        for name in ["bfs", "astar", "exact"] {
            let solve = |budget: u32| {
                let mut solver =
                    registry::parse(&desc).unwrap().solver(Algorithm::parse(name).unwrap(), 100_000).unwrap();
                let mut steps = Vec::new();
                loop {
                    let step = solver.step(budget);
                    steps.push(step);
                    if step.status != Status::InProgress || steps.len() > 100_000 {
                        return (steps, solver.moves().to_vec());
                    }
                }
            };
            let (at_zero, at_one) = (solve(0), solve(1));
            assert_eq!(at_zero, at_one, "{desc} {name}");
            assert!(at_zero.0.iter().all(|s| s.work >= 1 || s.status != Status::InProgress), "{desc} {name}");
        }
        // Generators: the same puzzles after the same calls.
        let generate = |budget: u32| {
            let mut generator = family.generator(family.small, 3).unwrap();
            let mut out = Vec::new();
            let mut calls = 0;
            while out.len() < 3 && calls < 1_000_000 {
                calls += 1;
                match generator.step(budget) {
                    Ok(g) => out.push((calls, g.session.describe())),
                    Err(Status::InProgress) => {}
                    Err(other) => panic!("{}: {}", family.name, other.name()),
                }
            }
            out
        };
        assert_eq!(generate(0), generate(1), "{}: generated", family.name);
    }
}

#[test]
fn a_call_bounded_by_time_ends_within_its_time_and_one_unit() {
    use std::cell::Cell;
    // A clock that advances by the cost of the units each slice spends: the slices halve the time left,
    // so the call overruns by one unit at most (whatever the cost of a unit and the time asked).
    for cost in [50u64, 900, 3_000, 40_000] {
        for limit in [1_000u64, 10_000, 300_000, 1_000_000, 2_000_000] {
            let now = Cell::new(0u64);
            let mut slices = 0;
            let answer: Result<(), Status> = lphint::hint::within_time(
                limit,
                300,
                || now.get(),
                |slice| {
                    slices += 1;
                    now.set(now.get() + slice as u64 * cost);
                    Err(Status::InProgress)
                },
            );
            assert_eq!(answer, Err(Status::InProgress));
            assert!(now.get() <= limit + cost, "{cost} ns a unit, {limit} ns asked: {} ns taken", now.get());
            // Full slices of 300 units while the time left is long, then halving: few clock reads.
            assert!(slices as u64 <= limit / (300 * cost) + 40, "{cost} ns a unit, {limit} ns asked: {slices} slices");
        }
    }
    // An answer ends the call at once.
    let answer = lphint::hint::within_time(1_000_000, 300, || 0, Ok::<u32, Status>);
    assert_eq!(answer, Ok(1));
}

/// A game's puzzle with the most successors a state may have (4,096) and the largest states (256
/// bytes): a two-byte counter that every move raises by 1 to 4,096 (mod 2¹⁶), solved at 0; each
/// successors call is counted.
mod widest_custom {
    use lphint::custom::{self, LpCustomVtable, LpEmit, MAX_STATE_BYTES, MAX_SUCCESSORS};
    use lphint::family::MoveCode;
    use lphint::session::AnySession;
    use std::ffi::c_void;
    use std::sync::atomic::{AtomicUsize, Ordering};

    pub static CALLS: AtomicUsize = AtomicUsize::new(0);

    unsafe extern "C" fn successors(_: *mut c_void, state: *const u8, emit: LpEmit, sink: *mut c_void) -> i32 {
        CALLS.fetch_add(1, Ordering::Relaxed);
        // SAFETY: the engine passes a state of MAX_STATE_BYTES bytes.
        let mut next = unsafe { std::slice::from_raw_parts(state, MAX_STATE_BYTES) }.to_vec();
        let counter = u16::from_le_bytes([next[0], next[1]]);
        for i in 0..MAX_SUCCESSORS {
            next[..2].copy_from_slice(&counter.wrapping_add(i as u16 + 1).to_le_bytes());
            let mv = MoveCode { piece: i, ..MoveCode::default() };
            // SAFETY: the engine's emit and sink, a state of the declared size.
            if unsafe { emit(sink, mv, next.as_ptr(), 1) } != 0 {
                return 1;
            }
        }
        0
    }

    unsafe extern "C" fn is_goal(_: *mut c_void, state: *const u8, goal: *mut bool) -> i32 {
        // SAFETY: a state of MAX_STATE_BYTES bytes and a writable flag.
        unsafe { *goal = *state == 0 && *state.add(1) == 0 };
        0
    }

    pub fn session() -> Box<dyn AnySession> {
        let vtable = LpCustomVtable {
            abi_version: lphint::ffi::LP_ABI_VERSION,
            state_size: MAX_STATE_BYTES as u32,
            max_successors: MAX_SUCCESSORS,
            successors: Some(successors),
            is_goal: Some(is_goal),
            ..LpCustomVtable::BLANK
        };
        custom::session(&vtable, std::ptr::null_mut(), &[0; MAX_STATE_BYTES]).unwrap()
    }
}

#[test]
fn a_custom_generator_is_made_without_a_callback_and_scrambles_within_its_budget() {
    use std::sync::atomic::Ordering;
    let calls = || widest_custom::CALLS.load(Ordering::Relaxed);
    let session = widest_custom::session();
    let before = calls();
    // The longest scramble there is: 10,000 random moves, each a call making 4,096 successors.
    let mut generator = session.generator_like("method=scramble,steps=10000,min=3,max=4", 1).unwrap().unwrap();
    assert_eq!(calls(), before, "making the generator called the game's successors");
    // A unit pays for 16 successors: a call of budget 1 makes one successors call, no more; a larger
    // budget as many as its units pay for, and one more at most.
    let per_call = units_for(lphint::custom::MAX_SUCCESSORS as u64);
    for call in 0..60 {
        let budget = [1, 300, 0][call % 3];
        let before = calls();
        let status = generator.step(budget).err();
        assert_eq!(status, Some(Status::InProgress));
        let made = calls() - before;
        let most = budget.max(1).div_ceil(per_call) as usize;
        assert!(made <= most, "call {call}: {made} successors calls at budget {budget}");
        assert!(made >= 1, "call {call}: no progress at budget {budget}");
    }
}

#[test]
fn no_budget_runs_past_the_node_limit_in_force_and_every_puzzle_has_one() {
    use lphint::session::DEFAULT_NODE_LIMIT;
    // Korf's instance 1 (57 moves) without tables: its hint search needs far more than these limits.
    let korf1 = "tiles:4x4:14,13,15,7,11,12,9,5,6,0,2,1,4,8,10,3:0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15";
    let mut session = registry::parse(korf1).unwrap();
    assert_eq!(session.node_limit(), DEFAULT_NODE_LIMIT, "a puzzle's hints are bounded from the start");
    session.set_node_limit(20_000);
    // A budget of -1 passed as unsigned (4,294,967,295) stops at the limit, in one call.
    assert_eq!(session.next_hint(u32::MAX).err(), Some(Status::OutOfNodes));
    assert!(session.hint_nodes() <= 20_000, "{} expansions past the limit", session.hint_nodes());
    let mut solver = session.solver(Algorithm::IdaStar, 1000).unwrap();
    assert_eq!(solver.node_limit(), DEFAULT_NODE_LIMIT, "a solver is bounded from the start");
    solver.set_node_limit(30_000);
    assert_eq!(solver.step(u32::MAX).status, Status::OutOfNodes);
    assert!(solver.stats().expanded <= 30_000);
    // A generator's step stops at the run's node limit too, however large the budget.
    let limits = lphint::generate::Limits { max_nodes: 5_000, ..Default::default() };
    let mut generator =
        lphint::generate::Generator::<lphint::families::tiles::Tiles>::from_text("size=4x4,min=50,max=60", 1)
            .unwrap()
            .with_limits(limits);
    let first = generator.step(u32::MAX).err();
    assert!(matches!(first, Some(Status::InProgress | Status::OutOfNodes)), "{first:?}");
    assert!(generator.nodes() <= 5_000 + PART_UNITS as u64, "{} expansions", generator.nodes());
}
