//! The C ABI from Rust: hints through the ABI equal the Rust API's, move for move, over whole games
//! with deviations; the header's ABI version matches the library's.
#![cfg(feature = "std")]

mod common;

use common::{random_eight_state, random_walk, rng};
use lphint::families::tiles::Tiles;
use lphint::family::Family;
use lphint::ffi::*;
use lphint::hint::Hinter;
use lphint::search::{Puzzle, Status};
use std::ffi::CString;

fn parse(desc: &str) -> *mut LpPuzzle {
    let desc = CString::new(desc).unwrap();
    let mut puzzle = std::ptr::null_mut();
    // SAFETY: valid string and out-parameter.
    assert_eq!(unsafe { lp_puzzle_parse(desc.as_ptr(), &mut puzzle) }, LpStatus::LP_OK);
    puzzle
}

/// Plays a whole game through the ABI and through `Hinter` side by side, comparing every answer; every
/// fourth move the player plays a random move instead of the hint.
fn compare_game(puzzle: &Tiles, budget: u32, seed: u64) -> usize {
    let handle = parse(&puzzle.describe());
    let mut hinter = Hinter::new(puzzle.recommended_solver().unwrap(), 256);
    let mut state = puzzle.start();
    let mut rng = rng(seed);
    let mut moves = 0;
    loop {
        let rust = loop {
            match hinter.next_hint(puzzle, &state, budget) {
                Err(Status::InProgress) => continue,
                other => break other,
            }
        };
        let mut hint = LpHint::default();
        let abi = loop {
            // SAFETY: live handle, valid out-parameter.
            match unsafe { lp_next_hint(handle, budget, &mut hint) } {
                LpStatus::LP_IN_PROGRESS => continue,
                other => break other,
            }
        };
        match rust {
            Ok(h) => {
                assert_eq!(abi, LpStatus::LP_OK);
                assert_eq!(hint.mv, puzzle.encode_move(&h.mv));
                assert_eq!((hint.moves_left, hint.optimal), (h.moves_left, 1));
            }
            Err(Status::AlreadySolved) => {
                assert_eq!(abi, LpStatus::LP_ALREADY_SOLVED);
                // SAFETY: handle from lp_puzzle_parse.
                unsafe { lp_puzzle_free(handle) };
                return moves;
            }
            other => panic!("unexpected {other:?}"),
        }
        let mv = if moves % 4 == 3 {
            let next = random_walk(puzzle, state, 1, &mut rng);
            let mut played = None;
            puzzle.successors(&state, |m, s, _| {
                if s == next {
                    played = Some(m);
                }
            });
            puzzle.encode_move(&played.unwrap())
        } else {
            hint.mv
        };
        // SAFETY: live handle.
        assert_eq!(unsafe { lp_puzzle_apply(handle, mv) }, LpStatus::LP_OK);
        state = puzzle.apply(&state, &puzzle.decode_move(&state, &mv).unwrap()).unwrap();
        moves += 1;
    }
}

#[test]
fn abi_hints_equal_rust_hints_move_for_move() {
    let base = &common::eight_puzzle().0;
    let mut rng = rng(99);
    for (i, budget) in [1u32, 7, 100, 10_000].into_iter().cycle().take(40).enumerate() {
        let puzzle = base.with_start(random_eight_state(&mut rng));
        compare_game(&puzzle, budget, i as u64);
    }
    let fifteen = &common::korf(&[9, 55])[..];
    for (_, _, puzzle) in fifteen {
        assert!(compare_game(puzzle, 500, 7) > 40);
    }
}

#[test]
fn header_version_matches_the_library() {
    let header = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/include/lphint.h")).unwrap();
    assert!(header.contains(&format!("#define LP_ABI_VERSION {}", LP_ABI_VERSION)));
    assert_eq!(lp_version(), LP_ABI_VERSION);
}

/// The complete 3×3 distance table through the ABI: loaded from bytes, given to a puzzle, and every
/// hint is then ready in one call of a budget of 31 steps (a walk of lookups, no search).
#[test]
fn eight_puzzle_tables_load_through_the_abi_and_answer_in_one_call() {
    let (goal, bfs) = common::eight_puzzle();
    let bytes = lphint::families::tiles::distances::EightTable::build(goal).unwrap().to_bytes();
    let mut tables = std::ptr::null_mut();
    let mut rng = rng(3);
    // SAFETY: valid arguments throughout; handles are freed at the end.
    unsafe {
        assert_eq!(lp_tables_load(bytes.as_ptr(), bytes.len(), &mut tables), LpStatus::LP_OK);
        for _ in 0..50 {
            let state = random_eight_state(&mut rng);
            let puzzle = parse(&goal.with_start(state).describe());
            assert_eq!(lp_puzzle_set_tables(puzzle, tables), LpStatus::LP_OK);
            let mut hint = LpHint::default();
            match lp_next_hint(puzzle, 31, &mut hint) {
                LpStatus::LP_OK => assert_eq!(hint.moves_left, bfs.distance(&state).unwrap()),
                LpStatus::LP_ALREADY_SOLVED => assert_eq!(bfs.distance(&state), Some(0)),
                other => panic!("{other:?}"),
            }
            lp_puzzle_free(puzzle);
        }
        // A 4x4 puzzle cannot use the 3x3 table.
        let fifteen = parse("tiles:4x4:1,2,3,4,5,6,7,8,9,10,11,12,13,14,0,15");
        assert_eq!(lp_puzzle_set_tables(fifteen, tables), LpStatus::LP_ERR_INVALID_ARGUMENT);
        lp_puzzle_free(fifteen);
        lp_tables_free(tables);
    }
}
