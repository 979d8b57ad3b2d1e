//! Flip panels: minimum presses against brute force, the 5×5 all-dark board, unreachable targets, the
//! A* baseline, and hints.

use crate::common;

use common::rng;
use lphint::families::flip::{Flip, Panels};
use lphint::family::Family;
use lphint::hint::Hinter;
use lphint::search::{solve_with, Algorithm, Puzzle, Solver, Status};
use rand::RngExt;

fn board(w: u8, h: u8, start: &[bool]) -> Flip {
    Flip::new(w, h, start, &vec![false; start.len()]).unwrap()
}

/// The fewest presses by trying every press set (small boards only), or `None` when none works.
fn brute_force(puzzle: &Flip) -> Option<u32> {
    let (w, h) = puzzle.board_size();
    let n = (w * h) as usize;
    let start = puzzle.start();
    (0u32..1 << n)
        .filter(|set| {
            let end = (0..n)
                .filter(|p| set >> p & 1 == 1)
                .fold(start, |s, p| puzzle.apply(&s, &lphint::families::flip::Press(p as u16)).unwrap());
            puzzle.is_goal(&end)
        })
        .map(u32::count_ones)
        .min()
}

#[test]
fn minimum_presses_equal_brute_force_on_3x3_and_4x4() {
    let mut rng = rng(3);
    for (w, h, samples) in [(3u8, 3u8, 60), (4, 4, 25), (2, 3, 30)] {
        let mut unreachable = 0;
        for _ in 0..samples {
            let cells: Vec<bool> = (0..w as usize * h as usize).map(|_| rng.random_bool(0.5)).collect();
            let puzzle = board(w, h, &cells);
            let expected = brute_force(&puzzle);
            assert_eq!(puzzle.minimum_presses(&puzzle.start()), expected, "{}", puzzle.describe());
            assert_eq!(puzzle.provably_unsolvable(&puzzle.start()), expected.is_none());
            unreachable += expected.is_none() as usize;
        }
        if (w, h) == (4, 4) {
            assert!(unreachable > 0, "4x4 has unreachable patterns (nullity 4)");
        }
    }
}

#[test]
fn five_by_five_all_dark_needs_fifteen_presses() {
    let puzzle = Flip::parse("flip:5x5:#####/#####/#####/#####/#####").unwrap();
    assert_eq!(puzzle.nullity(), 2);
    assert_eq!(puzzle.minimum_presses(&puzzle.start()), Some(15));
    let outcome = solve_with(&mut puzzle.recommended_solver().unwrap(), &puzzle, puzzle.start());
    assert_eq!((outcome.status, outcome.moves.len()), (Status::Found, 15));
    let end = outcome.moves.iter().try_fold(puzzle.start(), |s, m| puzzle.apply(&s, m)).unwrap();
    assert!(puzzle.is_goal(&end));
    // One dark corner alone cannot be cleared on 5x5: decided with no search.
    let corner = Flip::parse("flip:5x5:#..../...../...../...../.....").unwrap();
    let outcome = solve_with(&mut puzzle.recommended_solver().unwrap(), &corner, corner.start());
    assert_eq!((outcome.status, outcome.stats.expanded), (Status::Unsolvable, 0));
}

#[test]
fn large_boards_solve_and_round_trip() {
    let mut rng = rng(32);
    let cells: Vec<bool> = (0..32 * 32).map(|_| rng.random_bool(0.5)).collect();
    let target: Vec<bool> = (0..32 * 32).map(|_| rng.random_bool(0.2)).collect();
    let puzzle = Flip::new(32, 32, &cells, &target).unwrap();
    assert_eq!(Flip::parse(&puzzle.describe()).unwrap(), puzzle);
    let outcome = solve_with(&mut puzzle.recommended_solver().unwrap(), &puzzle, puzzle.start());
    match outcome.status {
        Status::Found => {
            let end = outcome.moves.iter().try_fold(puzzle.start(), |s, m| puzzle.apply(&s, m)).unwrap();
            assert!(puzzle.is_goal(&end));
        }
        status => assert_eq!(status, Status::Unsolvable),
    }
    assert!(Flip::parse("flip:3x2:#.#/.#").unwrap_err().to_string().contains("a row has 3 cells, found 2"));
    assert!(Flip::parse("flip:3x2:#.#/.x.")
        .unwrap_err()
        .to_string()
        .contains("column 15: expected '#' or '.', found 'x'"));
    assert!(Flip::parse("flip:33x2:#").unwrap_err().to_string().contains("out of range"));
}

#[test]
fn the_astar_baseline_finds_valid_solutions_no_shorter_than_the_minimum() {
    let mut rng = rng(9);
    for _ in 0..20 {
        let cells: Vec<bool> = (0..9).map(|_| rng.random_bool(0.4)).collect();
        let puzzle = board(3, 3, &cells);
        let Some(minimum) = puzzle.minimum_presses(&puzzle.start()) else { continue };
        let outcome = solve_with(&mut Solver::new(Algorithm::AStar, 100_000).unwrap(), &puzzle, puzzle.start());
        assert_eq!(outcome.status, Status::Found);
        assert!(outcome.moves.len() as u32 >= minimum);
        let end = outcome.moves.iter().try_fold(puzzle.start(), |s, m| puzzle.apply(&s, m)).unwrap();
        assert!(puzzle.is_goal(&end));
    }
}

#[test]
fn every_hint_lowers_the_minimum_by_one() {
    let mut rng = rng(12);
    for _ in 0..30 {
        let (w, h) = (rng.random_range(2..=6u8), rng.random_range(2..=6u8));
        let cells: Vec<bool> = (0..w as usize * h as usize).map(|_| rng.random_bool(0.5)).collect();
        let puzzle = board(w, h, &cells);
        let mut hinter = Hinter::new(puzzle.recommended_solver().unwrap(), 64);
        let mut state: Panels = puzzle.start();
        let Some(mut minimum) = puzzle.minimum_presses(&state) else {
            assert_eq!(hinter.next_hint(&puzzle, &state, 1), Err(Status::Unsolvable));
            continue;
        };
        let mut turn = 0;
        loop {
            let status = loop {
                match hinter.next_hint(&puzzle, &state, 1) {
                    Err(Status::InProgress) => continue,
                    other => break other,
                }
            };
            let Ok(hint) = status else {
                assert_eq!((status, minimum), (Err(Status::AlreadySolved), 0));
                break;
            };
            assert_eq!(hint.moves_left, minimum);
            state = puzzle.apply(&state, &hint.mv).unwrap();
            assert_eq!(puzzle.minimum_presses(&state), Some(minimum - 1));
            if turn % 4 == 1 {
                // The player presses a cell of their own choosing.
                let p = lphint::families::flip::Press(rng.random_range(0..w as u16 * h as u16));
                state = puzzle.apply(&state, &p).unwrap();
            }
            minimum = puzzle.minimum_presses(&state).unwrap();
            turn += 1;
        }
    }
}

#[test]
fn minimum_presses_agree_with_light_chasing() {
    // Random boards up to 6x6 with random starts and targets (half cannot be reached on boards with a
    // null space): the GF(2) solver against the test's own light chasing.
    let mut rng = rng(31);
    let (mut reachable, mut unreachable) = (0, 0);
    for _ in 0..400 {
        let (w, h) = (rng.random_range(1..=6usize), rng.random_range(1..=6usize));
        let n = w * h;
        let start: Vec<bool> = (0..n).map(|_| rng.random_bool(0.5)).collect();
        let target: Vec<bool> = (0..n).map(|_| rng.random_bool(0.3)).collect();
        let puzzle = Flip::new(w as u8, h as u8, &start, &target).unwrap();
        let expected = common::oracle::flip(w, h, &start, &target);
        let outcome = solve_with(&mut puzzle.recommended_solver().unwrap(), &puzzle, puzzle.start());
        match expected {
            Some(presses) => {
                assert_eq!((outcome.status, outcome.moves.len()), (Status::Found, presses), "{}", puzzle.describe());
                reachable += 1;
            }
            None => {
                assert_eq!(outcome.status, Status::Unsolvable, "{}", puzzle.describe());
                assert!(puzzle.provably_unsolvable(&puzzle.start()), "decided before any search");
                unreachable += 1;
            }
        }
    }
    assert!(reachable > 150 && unreachable > 40, "{reachable} reachable, {unreachable} not");
}

#[test]
fn every_tier_sentence_is_a_fact_about_the_position() {
    let more = ["flip:3x3:.../.../..#"];
    let checked = common::space::every_tier("flip", 30, &more, |t| {
        // The target: where the whole plan ends.
        assert_eq!(t.plan.len(), t.hint.moves_left as usize, "{}", t.desc);
        let target = t.after.last().unwrap();
        assert!(target.is_solved(), "{}", t.desc);
        let (w, h) = t.game.board_size();
        let differ = (0..(w * h) as usize).filter(|&c| t.game.cell(c) != target.cell(c)).count();
        let said =
            if differ == 1 { String::from("1 panel still differs") } else { format!("{differ} panels still differ") };
        assert_eq!(t.region, format!("{said} from the target"), "{}", t.desc);
        // Tier 2: the row of the press.
        assert_eq!(t.piece, format!("press a panel of row {}", t.hint.mv.from as u32 / w + 1), "{}", t.desc);
    });
    println!("flip: {checked} tier sentences checked");
    assert!(checked >= 200, "{checked} checked");
}
