//! A counting allocator shows that `lp_next_hint` and `lp_solver_step` allocate nothing after the first
//! call (the counts are the calling thread's: other tests allocating meanwhile are not counted).
#![cfg(feature = "std")]

use crate::common;

use common::counting::{allocations_during, largest_allocation_during};
use lphint::custom::LpCustomVtable;
use lphint::ffi::*;
use std::ffi::CString;

/// Plays `p` to the end by hints of `budget` nodes a frame, checking that no call after the first
/// allocates; returns the moves played.
unsafe fn hints_without_allocating(p: *mut LpPuzzle, budget: u32, family: &str) -> usize {
    let mut hint = LpHint::default();
    assert_eq!(lp_next_hint(p, 1, &mut hint), LpStatus::LP_IN_PROGRESS, "the first call reserves the hinter");
    played_without_allocating(p, |p, hint| lp_next_hint(p, budget, hint), family).0.len()
}

/// Plays `p` to the goal by the hints `next` gives (one call a frame), checking that no call allocates:
/// the hints and the frames they took.
///
/// # Safety
/// `p` must be a live puzzle handle.
unsafe fn played_without_allocating(
    p: *mut LpPuzzle,
    next: impl Fn(*mut LpPuzzle, &mut LpHint) -> LpStatus,
    what: &str,
) -> (Vec<LpHint>, usize) {
    let (mut hint, mut hints, mut frames) = (LpHint::default(), Vec::new(), 0);
    loop {
        let (status, count) = allocations_during(|| next(p, &mut hint));
        assert_eq!(count, 0, "a hint call allocated ({what}, frame {frames})");
        frames += 1;
        match status {
            LpStatus::LP_IN_PROGRESS => continue,
            LpStatus::LP_ALREADY_SOLVED => return (hints, frames),
            LpStatus::LP_OK => assert_eq!(lp_puzzle_apply(p, hint.mv), LpStatus::LP_OK),
            other => panic!("{other:?}"),
        }
        hints.push(hint);
    }
}

unsafe extern "C" fn counter_moves(
    _: *mut std::ffi::c_void,
    state: *const u8,
    emit: lphint::custom::LpEmit,
    sink: *mut std::ffi::c_void,
) -> i32 {
    // SAFETY: the engine passes `state_size` (2) bytes.
    let state = unsafe { [*state, *state.add(1)] };
    for (counter, step) in [(0usize, 1i32), (0, -1), (1, 1), (1, -1)] {
        let mut next = state;
        let Some(value) = state[counter].checked_add_signed(step as i8).filter(|&v| v <= 20) else { continue };
        next[counter] = value;
        let mv = LpMove { piece: counter as u32, from: i32::from(state[counter]), to: i32::from(value), arg: step };
        // SAFETY: the engine's own emit with its sink, and 2 readable bytes.
        if unsafe { emit(sink, mv, next.as_ptr(), 1) } != 0 {
            return 1;
        }
    }
    0
}

unsafe extern "C" fn counters_at_zero(_: *mut std::ffi::c_void, state: *const u8, goal: *mut bool) -> i32 {
    // SAFETY: 2 readable bytes and a writable flag.
    unsafe { *goal = *state == 0 && *state.add(1) == 0 };
    0
}

unsafe extern "C" fn counters_sum(_: *mut std::ffi::c_void, state: *const u8, value: *mut u32) -> i32 {
    // SAFETY: 2 readable bytes and a writable value.
    unsafe { *value = u32::from(*state) + u32::from(*state.add(1)) };
    0
}

unsafe extern "C" fn counter_cell(
    _: *mut std::ffi::c_void,
    _: *const u8,
    mv: LpMove,
    cells: *mut u16,
    cap: usize,
    count: *mut usize,
) -> i32 {
    if cap == 0 {
        return 1;
    }
    // SAFETY: room for `cap` cells and a writable count.
    unsafe {
        *cells = mv.piece as u16;
        *count = 1;
    }
    0
}

#[test]
fn per_frame_calls_allocate_nothing_after_the_first() {
    assert!(allocations_during(|| drop(std::hint::black_box(vec![1u8; 8]))).1 > 0, "the counter counts");
    let desc =
        CString::new("tiles:4x4:3,14,9,11,5,4,8,2,13,12,6,7,10,1,15,0:0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15").unwrap();
    let mut puzzle = std::ptr::null_mut();
    // SAFETY: valid arguments throughout; handles are freed at the end.
    unsafe {
        assert_eq!(lp_puzzle_parse(desc.as_ptr(), &mut puzzle), LpStatus::LP_OK);
        let mut hint = LpHint::default();
        let (status, _) = allocations_during(|| lp_next_hint(puzzle, 50, &mut hint));
        assert_eq!(status, LpStatus::LP_IN_PROGRESS, "the first call reserves the hinter");
        let mut frames = 0;
        let mut moves = 0;
        let mut deviations = 0;
        loop {
            let (status, count) = allocations_during(|| lp_next_hint(puzzle, 50, &mut hint));
            assert_eq!(count, 0, "lp_next_hint allocated on frame {frames}");
            frames += 1;
            match status {
                LpStatus::LP_IN_PROGRESS => continue,
                LpStatus::LP_ALREADY_SOLVED => break,
                LpStatus::LP_OK => {}
                other => panic!("{other:?}"),
            }
            // Every tenth move, step off the plan: slide another tile than the one hinted next, so that
            // the next hint needs a new search.
            assert_eq!(lp_puzzle_apply(puzzle, hint.mv), LpStatus::LP_OK);
            moves += 1;
            if moves % 10 == 0 {
                deviations += 1;
                let mut cells = [0i32; 16];
                let mut written = 0;
                assert_eq!(lp_puzzle_cells(puzzle, cells.as_mut_ptr(), 16, &mut written), LpStatus::LP_OK);
                let blank = cells.iter().position(|&c| c == 0).unwrap();
                let neighbours = [blank.wrapping_sub(4), blank + 4, blank.wrapping_sub(1), blank + 1];
                let other = neighbours
                    .into_iter()
                    .filter(|&n| n < 16 && (n / 4 == blank / 4 || n % 4 == blank % 4))
                    .map(|n| cells[n] as u32)
                    .find(|&t| t != hint.mv.piece)
                    .unwrap();
                assert_eq!(lp_puzzle_apply(puzzle, LpMove { piece: other, from: -1, to: -1, arg: 0 }), LpStatus::LP_OK);
            }
        }
        assert!(deviations >= 4 && frames > moves, "{deviations} deviations, {moves} moves");

        for algorithm in [LpAlgorithm::LP_ALGO_ASTAR, LpAlgorithm::LP_ALGO_IDA_STAR, LpAlgorithm::LP_ALGO_BFS] {
            let eight = CString::new("tiles:3x3:8,6,7,2,5,4,3,0,1").unwrap();
            let mut p = std::ptr::null_mut();
            assert_eq!(lp_puzzle_parse(eight.as_ptr(), &mut p), LpStatus::LP_OK);
            let mut solver = std::ptr::null_mut();
            assert_eq!(lp_solver_create(p, algorithm as u32, 200_000, &mut solver), LpStatus::LP_OK);
            loop {
                let (status, count) = allocations_during(|| lp_solver_step(solver, 100));
                assert_eq!(count, 0, "lp_solver_step allocated ({algorithm:?})");
                if status != LpStatus::LP_IN_PROGRESS {
                    assert_eq!(status, LpStatus::LP_OK);
                    break;
                }
            }
            lp_solver_free(solver);
            lp_puzzle_free(p);
        }
        lp_puzzle_free(puzzle);

        // Hargram: hints after a wrong placement (several searches in turn), and GA steps.
        let pentominoes = CString::new(
            "hargram:10x6:........../........../........../........../........../..........:\
             .##/##./.#.;#####;#.../####;##../.###;##/##/#.;###/.#./.#.;#.#/###;#../#../###;#../##./.##;\
             .#./###/.#.;.#../####;##./.#./.##:9@0,0,0",
        )
        .unwrap();
        let mut p = std::ptr::null_mut();
        assert_eq!(lp_puzzle_parse(pentominoes.as_ptr(), &mut p), LpStatus::LP_OK);
        let placed = hints_without_allocating(p, 500, "hargram");
        assert_eq!(placed, 13, "one removal, then twelve placements");
        lp_puzzle_free(p);

        // Sliding blocks: the classic's 81 free moves played by hints.
        let classic = std::ffi::CString::new("blocks:4x5:BAAC/BAAC/DEEF/DGHF/I..J:A@3,1").unwrap();
        assert_eq!(lp_puzzle_parse(classic.as_ptr(), &mut p), LpStatus::LP_OK);
        let slides = hints_without_allocating(p, 2000, "blocks");
        assert_eq!(slides, 81);
        lp_puzzle_free(p);

        // Linjat: the published expert puzzle's 23 deductions played by hints.
        let expert = std::ffi::CString::new(
            "linjat:9x13:oo4..o.o4/2o.3oo.../o3oo2o.../...oo3.4./........./o...7..o2/2.....o2o/o...o..4o/\
             ....oo4oo/5...o3oo3/.33o3oo4./.oo2o..../o2o......",
        )
        .unwrap();
        assert_eq!(lp_puzzle_parse(expert.as_ptr(), &mut p), LpStatus::LP_OK);
        let drawn = hints_without_allocating(p, 20, "linjat");
        assert_eq!(drawn, 23);
        lp_puzzle_free(p);

        // Sudoku: a puzzle SE rates 7.1 (forcing chains), with a wrong digit written first (the plan puts
        // it right), played by hints: the explanations run the ladder's chains.
        let hard = CString::new(
            "sudoku:....6..73.2....8....42....1.9861.7..7............2..5948.7.........436..9........:\
             1................................................................................",
        )
        .unwrap();
        assert_eq!(lp_puzzle_parse(hard.as_ptr(), &mut p), LpStatus::LP_OK);
        let written = hints_without_allocating(p, 200, "sudoku");
        assert_eq!(written, 57, "the wrong 1 written over, then the 56 other empty cells");
        let mut ga = std::ptr::null_mut();
        let params = LpGaParams { population: 100, generations: 5, tournament: 3, crossover: 0.9, mutation: 0.15 };
        lp_puzzle_free(p);
        assert_eq!(lp_puzzle_parse(pentominoes.as_ptr(), &mut p), LpStatus::LP_OK);
        // The GA, then annealing on the same genome (500 evaluations each): their steps allocate nothing.
        let schedule = std::ffi::CString::new("iterations=100,restarts=4").unwrap();
        for run in ["ga", "anneal"] {
            let created = match run {
                "ga" => lp_ga_create(p, &params, 1, &mut ga),
                _ => lp_anneal_create(p, schedule.as_ptr(), &mut ga),
            };
            assert_eq!(created, LpStatus::LP_OK);
            let mut report = LpGaReport::default();
            loop {
                let (status, count) = allocations_during(|| lp_ga_step(ga, 30, &mut report));
                assert_eq!(count, 0, "{run}: lp_ga_step allocated");
                if status != LpStatus::LP_IN_PROGRESS {
                    assert_eq!((status, report.evaluations), (LpStatus::LP_NOT_FOUND, 500), "{run}");
                    break;
                }
            }
            lp_ga_free(ga);
        }
        lp_puzzle_free(p);

        // A game's own puzzle (two counters to bring to zero, a step of one at a time), its moves, goal,
        // estimate and hint cells through callbacks: hints allocate nothing either.
        let counters = LpCustomVtable {
            abi_version: LP_ABI_VERSION,
            state_size: 2,
            max_successors: 4,
            admissible: true,
            successors: Some(counter_moves),
            is_goal: Some(counters_at_zero),
            estimate: Some(counters_sum),
            board_width: 2,
            board_height: 1,
            move_cells: Some(counter_cell),
            ..LpCustomVtable::BLANK
        };
        assert_eq!(lp_custom_create(&counters, std::ptr::null_mut(), [9u8, 14].as_ptr(), 2, &mut p), LpStatus::LP_OK);
        assert_eq!(hints_without_allocating(p, 3, "custom"), 23);
        lp_puzzle_free(p);

        // Hostile packs under a valid checksum: lengths that claim far more than the bytes hold make no
        // allocation larger than the input justifies.
        for body in [
            &[0u8, 0xFF, 0xFF, 0xFF, 0xFF, 0x0F][..],
            &[0, 1, 0xFF, 0xFF, 0xFF, 0x7F, b'x'],
            &[0, 1, 1, b't', 0, 1, 0xFF, 0xFF, 0x7F],
        ] {
            let bytes = lphint::envelope::seal(*b"LPPK", lphint::pack::FORMAT_VERSION, body);
            let mut pack = std::ptr::null_mut();
            let (status, largest) = largest_allocation_during(|| lp_pack_load(bytes.as_ptr(), bytes.len(), &mut pack));
            assert_eq!(status, LpStatus::LP_ERR_CORRUPT_DATA, "{body:?}");
            assert!(largest <= 1024, "a {}-byte pack made a {largest}-byte allocation", bytes.len());
        }
    }
}

#[test]
fn the_time_bounded_hint_allocates_nothing_and_gives_the_node_bounded_hints() {
    let desc = "tiles:4x4:3,14,9,11,5,4,8,2,13,12,6,7,10,1,15,0:0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15";
    let desc = CString::new(desc).unwrap();
    let (mut timed, mut counted) = (std::ptr::null_mut(), std::ptr::null_mut());
    // SAFETY: valid arguments throughout; handles are freed at the end.
    unsafe {
        assert_eq!(lp_puzzle_parse(desc.as_ptr(), &mut timed), LpStatus::LP_OK);
        assert_eq!(lp_puzzle_parse(desc.as_ptr(), &mut counted), LpStatus::LP_OK);
        let mut hint = LpHint::default();
        lp_next_hint_timed(timed, 1, &mut hint); // the first calls reserve the hinters
        lp_next_hint(counted, 1, &mut hint);
        // 300 µs a frame: the 46-move solution takes several frames, never an unbounded one.
        let (by_time, frames) = played_without_allocating(timed, |p, h| lp_next_hint_timed(p, 300, h), "timed");
        let (by_nodes, _) = played_without_allocating(counted, |p, h| lp_next_hint(p, 1000, h), "counted");
        assert_eq!(by_time.len(), 46);
        assert_eq!(by_time, by_nodes, "the same hints either way");
        assert!(frames > by_time.len(), "the search took more than one frame of 300 µs");
        lp_puzzle_free(timed);
        lp_puzzle_free(counted);
    }
}

#[test]
fn every_family_recommends_a_frame_budget() {
    let mut count = 0;
    // SAFETY: valid out-pointers.
    unsafe {
        assert_eq!(lp_family_count(&mut count), LpStatus::LP_OK);
        for index in 0..count {
            let mut budget = 0;
            assert_eq!(lp_family_frame_budget(index, &mut budget), LpStatus::LP_OK);
            assert_eq!(budget, lphint::registry::families()[index].frame_budget);
            assert!((16..=100_000).contains(&budget));
        }
        let mut budget = 0;
        assert_eq!(lp_family_frame_budget(count, &mut budget), LpStatus::LP_ERR_INVALID_ARGUMENT);
        assert_eq!(lp_family_frame_budget(0, std::ptr::null_mut()), LpStatus::LP_ERR_NULL_ARGUMENT);
    }
    assert_eq!(lphint::registry::named("linjat").unwrap().frame_budget, 300);
}

#[test]
fn a_hard_sokoban_levels_hints_allocate_nothing_through_every_phase_of_the_search() {
    // XSokoban 3: the hint's A* fills its room without a proof, a short greedy run follows, then the
    // feature-space search finds the plan, written out and replayed a part at a time: no call after the
    // first allocates, and the hints played reach the goal.
    let xsb = include_str!("../../data/sokoban/xsokoban_90.xsb");
    let level = &lphint::families::sokoban::text::read_collection(xsb).unwrap()[2].level;
    let desc = CString::new(lphint::family::Family::describe(level)).unwrap();
    let mut p = std::ptr::null_mut();
    // SAFETY: valid arguments throughout; the handle is freed at the end.
    unsafe {
        assert_eq!(lp_puzzle_parse(desc.as_ptr(), &mut p), LpStatus::LP_OK);
        let moves = hints_without_allocating(p, 5_000, "sokoban");
        assert!(moves >= 97, "{moves} pushes (XSokoban 3 takes 97 at least)");
        lp_puzzle_free(p);
    }
}
