//! The 5×5 pattern databases: serialized form and its damage checks, the lower bound's admissibility
//! and parity, where the tables attach, and the 5×5 hint mode on them (Korf and Felner's 24-puzzles),
//! also through the C ABI with the tables loaded from bytes.

use crate::common;

use common::{korf24, random_walk, rng};
use lphint::families::tiles::pdb24::{Pdb24, Pdb24Tiles};
use lphint::families::tiles::Tiles;
use lphint::family::Family;
use lphint::search::{solve_with, Algorithm, Puzzle, Status};
use std::sync::{Arc, OnceLock};

/// The tables for goals with the blank top-left (Korf and Felner's convention), built once for this file
/// (about ten seconds).
fn db() -> &'static Arc<Pdb24> {
    static DB: OnceLock<Arc<Pdb24>> = OnceLock::new();
    DB.get_or_init(|| Arc::new(Pdb24::build(0).expect("a corner")))
}

fn bytes() -> &'static [u8] {
    static BYTES: OnceLock<Vec<u8>> = OnceLock::new();
    BYTES.get_or_init(|| db().to_bytes())
}

fn goal() -> Tiles {
    let cells: Vec<u8> = (0..25).collect();
    Tiles::new(5, 5, &cells, Some(&cells)).unwrap()
}

#[test]
fn serialized_tables_round_trip_and_damage_is_detected() {
    let bytes = bytes();
    assert!(bytes.len() < 14 << 20, "{} bytes", bytes.len());
    assert_eq!(db().bytes(), 4 * 3_187_800 + 151_800);
    assert_eq!(&Pdb24::from_bytes(bytes).unwrap(), db().as_ref());
    let loaded = lphint::registry::load_tables(bytes).unwrap();
    assert_eq!(loaded.kind().name, "pdb24");
    assert_eq!(loaded.to_bytes(), bytes);
    common::assert_damage_is_detected(bytes, &[4_000_000], Pdb24::from_bytes);
    // The 4x4 loader refuses these bytes by their magic, and the other way round.
    assert!(lphint::families::tiles::pdb::PatternDatabase::from_bytes(bytes).is_err());
    // Only corners have a layout.
    assert!(Pdb24::build(12).is_none());
}

#[test]
fn the_bound_is_admissible_keeps_parity_and_is_above_manhattan() {
    let puzzle = goal();
    let view = Pdb24Tiles::new(&puzzle, db().clone()).unwrap();
    let mut rng = rng(24);
    assert_eq!(view.heuristic(&view.pack(&puzzle.goal())), 0);
    let mut above_manhattan = 0;
    for walk in 0..300 {
        let steps = 1 + walk % 60;
        let board = random_walk(&puzzle, puzzle.goal(), steps, &mut rng);
        let state = view.pack(&board);
        let h = view.heuristic(&state);
        let md = puzzle.manhattan(&board);
        // `steps` random moves from the goal: the distance back is at most `steps`, of the same parity.
        assert!(h <= steps as u32 && h >= md && h % 2 == md % 2, "walk {walk}: h {h}, md {md}, steps {steps}");
        above_manhattan += (h > md) as usize;
        // One move changes the bound by an odd amount (it keeps Manhattan distance's parity). Not always by
        // one: a placement's value is the least over the blank's regions, which a move can leave (the
        // tables are admissible, not consistent, like Korf and Felner's).
        view.successors(&state, |_, child, _| {
            assert_eq!(view.heuristic(&child).abs_diff(h) % 2, 1);
            assert_eq!(view.unpack(&child), view.unpack(&view.pack(&view.unpack(&child))));
        });
        assert_eq!(view.unpack(&state), board);
    }
    assert!(above_manhattan > 30, "the tables add to Manhattan distance ({above_manhattan} of 300)");
    // On Korf and Felner's 50: never above the optimum, above linear conflicts on average.
    let (mut total, mut conflicts) = (0, 0);
    for (id, optimum, puzzle) in korf24(&(1..=50).collect::<Vec<_>>()) {
        let h = view.heuristic(&view.pack(&puzzle.start()));
        assert!(h as usize <= optimum, "#{id}: {h} > {optimum}");
        total += h;
        conflicts += puzzle.manhattan(&puzzle.start()) + puzzle.linear_conflicts(&puzzle.start());
    }
    assert!(total > conflicts, "{total} against {conflicts}");
}

#[test]
fn tables_attach_to_five_by_five_goals_with_their_blank_only() {
    let tables = lphint::registry::load_tables(bytes()).unwrap();
    assert!(goal().with_tables(&tables).is_ok());
    let default_goal = Tiles::parse("tiles:5x5:1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,0");
    let why = default_goal.unwrap().with_tables(&tables).unwrap_err();
    assert!(why.contains("blank on cell 0") && why.contains("blank=CELL"), "{why}");
    let fifteen = Tiles::parse("tiles:4x4:1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,0").unwrap();
    assert!(fifteen.with_tables(&tables).is_err());
    assert!(Pdb24Tiles::new(&fifteen, db().clone()).is_none());
}

#[test]
fn the_hint_mode_on_tables_is_close_to_the_optimum() {
    let tables = lphint::registry::load_tables(bytes()).unwrap();
    let (mut lengths, mut optima) = (0, 0);
    for (id, optimum, puzzle) in korf24(&(1..=12).collect::<Vec<_>>()) {
        let puzzle = puzzle.with_tables(&tables).unwrap();
        let mut solver = puzzle.recommended_solver().unwrap();
        assert_eq!(solver.algorithm(), Algorithm::Beam { width: 2000 });
        let outcome = solve_with(&mut solver, &puzzle, puzzle.start());
        assert_eq!(outcome.status, Status::Found, "#{id}");
        let end = outcome.moves.iter().try_fold(puzzle.start(), |s, m| puzzle.apply(&s, m)).unwrap();
        assert!(puzzle.is_goal(&end), "#{id}");
        assert!(outcome.moves.len() >= optimum, "#{id}");
        assert!(!solver.solution_is_optimal());
        (lengths, optima) = (lengths + outcome.moves.len(), optima + optimum);
    }
    let ratio = lengths as f64 / optima as f64;
    assert!(ratio < 1.15, "mean {ratio:.3}");
    // An unreachable start is settled by the parity rule.
    let goal = goal().with_tables(&tables).unwrap();
    let mut cells: Vec<u8> = (0..25).collect();
    cells.swap(1, 2);
    let swapped = goal.with_start(goal.board(&cells).unwrap());
    let outcome = solve_with(&mut swapped.recommended_solver().unwrap(), &swapped, swapped.start());
    assert_eq!(outcome.status, Status::Unsolvable);
}

#[cfg(feature = "std")]
#[test]
fn abi_hints_with_five_by_five_tables_loaded_from_bytes() {
    use lphint::ffi::*;
    use std::ffi::CString;
    // SAFETY: valid pointers throughout; every handle is freed.
    unsafe {
        let bytes = bytes();
        let mut tables = std::ptr::null_mut();
        assert_eq!(lp_tables_load(bytes.as_ptr(), bytes.len(), &mut tables), LpStatus::LP_OK);
        let mut bad = std::ptr::null_mut();
        assert_eq!(lp_tables_load(bytes.as_ptr(), 100, &mut bad), LpStatus::LP_ERR_CORRUPT_DATA);
        assert!(bad.is_null());
        let (_, optimum, puzzle) = korf24(&[3]).remove(0);
        let desc = CString::new(puzzle.describe()).unwrap();
        let mut handle = std::ptr::null_mut();
        assert_eq!(lp_puzzle_parse(desc.as_ptr(), &mut handle), LpStatus::LP_OK);
        assert_eq!(lp_puzzle_set_tables(handle, tables), LpStatus::LP_OK);
        lp_tables_free(tables);
        let (mut moves, mut first_left, mut calls) = (0, None, 0);
        let mut hint = LpHint::default();
        loop {
            calls += 1;
            match lp_next_hint(handle, Tiles::FRAME_BUDGET, &mut hint) {
                LpStatus::LP_IN_PROGRESS => continue,
                LpStatus::LP_ALREADY_SOLVED => break,
                LpStatus::LP_OK => {
                    let left = hint.moves_left as usize;
                    assert_eq!(*first_left.get_or_insert(left + moves), left + moves, "the plan is followed");
                    assert_eq!(lp_puzzle_apply(handle, hint.mv), LpStatus::LP_OK);
                    moves += 1;
                }
                other => panic!("{other:?}"),
            }
        }
        assert!(moves >= optimum && (moves as f64) < 1.3 * optimum as f64, "{moves} against {optimum}");
        assert!(calls > moves + 10, "the first hint took several frames ({calls} calls, {moves} moves)");
        lp_puzzle_free(handle);
    }
}
