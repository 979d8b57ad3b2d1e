//! Beam search: every solution valid and never shorter than the brute-force optimum, the shortest when the
//! beam holds every state, the same in slices as in one call, its limits, and the 5×5 hint mode's quality
//! on Korf and Felner's 24-puzzles.

use crate::common;

use common::{korf24, oracle, rng};
use lphint::families::tiles::Tiles;
use lphint::family::Family;
use lphint::search::beam::Beam;
use lphint::search::{solve_with, Algorithm, Puzzle, Search, Shortfall, Solver, Status};

/// The moves replayed from the start must be legal, pass through the states the path gives and end at
/// the goal; returns the length.
fn checked_length(puzzle: &Tiles, search: &Beam<Tiles>) -> usize {
    let mut path = Vec::new();
    search.write_path(&mut path);
    let mut state = puzzle.start();
    for (mv, after) in &path {
        state = puzzle.apply(&state, mv).expect("a legal move");
        assert_eq!(state, *after);
    }
    assert!(puzzle.is_goal(&state));
    assert_eq!(search.stats().solution_length, Some(path.len() as u32));
    path.len()
}

fn random_puzzle(w: u8, h: u8, rng: &mut rand_xoshiro::Xoshiro256PlusPlus) -> (Tiles, Vec<u8>, Vec<u8>) {
    let n = w * h;
    let goal_cells: Vec<u8> = (1..n).chain([0]).collect();
    let goal = Tiles::new(w, h, &goal_cells, None).unwrap();
    let start = goal.random_solvable(rng);
    let cells: Vec<u8> = (0..n as usize).map(|c| start.tile(c)).collect();
    (goal.with_start(start), cells, goal_cells)
}

#[test]
fn beam_solutions_are_valid_never_shorter_than_brute_force_and_shortest_when_wide() {
    let mut rng = rng(41);
    let mut narrow = Beam::<Tiles>::new(8, 8 * 400).unwrap();
    let mut wide = Beam::<Tiles>::new(100_000, 100_000 * 40).unwrap();
    let (mut longer, mut instances) = (0, 0);
    // (width, height, instances, of which solved by the wide beam too: on 3x3 it visits every state).
    for (w, h, count, wide_count) in [(2u8, 3u8, 150, 150), (3, 2, 150, 150), (3, 3, 80, 15), (2, 4, 60, 60)] {
        for i in 0..count {
            let (puzzle, cells, goal) = random_puzzle(w, h, &mut rng);
            let optimum = oracle::tiles(w as usize, h as usize, &cells, &goal).expect("solvable by construction");
            assert_eq!(narrow.restart_and_run(&puzzle), Status::Found);
            let length = checked_length(&puzzle, &narrow);
            assert!(length >= optimum, "{}: {length} < {optimum}", puzzle.describe());
            longer += (length > optimum) as usize;
            instances += 1;
            if i >= wide_count {
                continue;
            }
            // A beam wider than any layer is breadth-first search: the shortest.
            assert_eq!(wide.restart_and_run(&puzzle), Status::Found);
            assert_eq!(checked_length(&puzzle, &wide), optimum, "{}", puzzle.describe());
            assert!(!wide.proven_optimal());
        }
    }
    // A narrow beam does lose the shortest path sometimes: the comparison above can fail.
    assert!(longer > 10, "{longer} of {instances} narrow solutions were longer than the optimum");
}

trait RestartAndRun {
    fn restart_and_run(&mut self, puzzle: &Tiles) -> Status;
}

impl RestartAndRun for Beam<Tiles> {
    fn restart_and_run(&mut self, puzzle: &Tiles) -> Status {
        self.restart(puzzle, puzzle.start());
        self.run(puzzle)
    }
}

#[test]
fn slices_give_the_same_solution_as_one_call() {
    let mut rng = rng(7);
    let (puzzle, _, _) = random_puzzle(4, 4, &mut rng);
    let mut whole = Beam::<Tiles>::new(300, 300 * 200).unwrap();
    let mut sliced = Beam::<Tiles>::new(300, 300 * 200).unwrap();
    assert_eq!(whole.restart_and_run(&puzzle), Status::Found);
    sliced.restart(&puzzle, puzzle.start());
    let (mut steps, mut work) = (0, 0u64);
    loop {
        let step = sliced.step(&puzzle, 7);
        work += step.work as u64;
        steps += 1;
        // A step spends its budget, plus at most the selection that closes a layer (1,200 children / 16).
        assert!(step.work <= 7 + 75, "{}", step.work);
        if step.status.is_done() {
            assert_eq!(step.status, Status::Found);
            break;
        }
    }
    let (mut a, mut b) = (Vec::new(), Vec::new());
    whole.write_path(&mut a);
    sliced.write_path(&mut b);
    assert_eq!(a.iter().map(|(m, _)| *m).collect::<Vec<_>>(), b.iter().map(|(m, _)| *m).collect::<Vec<_>>());
    assert_eq!(whole.stats(), sliced.stats());
    assert!(steps > 100 && work >= sliced.stats().expanded, "{steps} steps, {work} units");
    assert!(checked_length(&puzzle, &sliced) >= 1);
}

#[test]
fn limits_unsolvable_starts_and_names() {
    let puzzle = Tiles::parse("tiles:3x3:8,6,7,2,5,4,3,0,1").unwrap(); // 31 moves, the farthest
                                                                       // Five layers at width 50, then ten at 25 and twenty at 12: the depth limit, not a claim about the
                                                                       // puzzle.
    let mut shallow = Beam::<Tiles>::new(50, 250).unwrap();
    assert_eq!(shallow.restart_and_run(&puzzle), Status::NotFound(Shortfall::DepthLimit));
    // Twenty layers at width 40 are too few; at width 20 the same memory goes forty deep.
    let mut narrowing = Beam::<Tiles>::new(40, 800).unwrap();
    assert_eq!(narrowing.restart_and_run(&puzzle), Status::Found);
    let length = checked_length(&puzzle, &narrowing);
    assert!((31..=40).contains(&length) && narrowing.width() == 20, "{length} moves at width {}", narrowing.width());
    // A new run starts at the width asked for.
    narrowing.restart(&puzzle, puzzle.start());
    assert_eq!(narrowing.width(), 40);
    let near = puzzle.with_start(puzzle.board(&[1, 2, 3, 4, 5, 6, 0, 7, 8]).unwrap());
    assert_eq!(shallow.restart_and_run(&near), Status::Found);
    assert_eq!(checked_length(&near, &shallow), 2);
    // The parity rule settles an unreachable start without a step.
    let swapped = puzzle.with_start(puzzle.board(&[2, 1, 3, 4, 5, 6, 7, 8, 0]).unwrap());
    shallow.restart(&swapped, swapped.start());
    assert_eq!(shallow.step(&swapped, 100), lphint::search::Step::new(Status::Unsolvable, 0));
    let solved = puzzle.with_start(puzzle.goal());
    assert_eq!(shallow.restart_and_run(&solved), Status::Found);
    assert_eq!(shallow.stats().solution_length, Some(0));
    // Named like the other algorithms, through the generic solver.
    assert_eq!(Algorithm::parse("beam:500"), Some(Algorithm::Beam { width: 500 }));
    assert_eq!(Algorithm::parse("beam"), Some(Algorithm::Beam { width: 1000 }));
    assert_eq!(Algorithm::parse("beam:0"), None);
    assert_eq!(Algorithm::Beam { width: 64 }.to_string(), "beam:64");
    assert!(!Algorithm::Beam { width: 64 }.is_optimal());
    let mut solver = Solver::<Tiles>::new(Algorithm::Beam { width: 64 }, 64 * 100).unwrap();
    let outcome = solve_with(&mut solver, &puzzle, puzzle.start());
    assert_eq!(outcome.status, Status::Found);
    assert!(outcome.moves.len() >= 31 && !solver.solution_is_optimal());
    assert_eq!(outcome.stats.bytes_reserved, Solver::<Tiles>::bytes_for(Algorithm::Beam { width: 64 }, 6400));
    assert!(Solver::<Tiles>::new(Algorithm::Beam { width: u32::MAX }, usize::MAX).is_err());
}

#[test]
fn the_five_by_five_hint_mode_is_close_to_the_optimum_without_tables() {
    // Korf and Felner's first ten 24-puzzles, whose optimal lengths are known: the recommended solver (beam
    // search on linear conflicts) never beats them and stays within a fifth above them on average.
    let (mut lengths, mut optima) = (0, 0);
    for (id, optimum, puzzle) in korf24(&(1..=10).collect::<Vec<_>>()) {
        let mut solver = puzzle.recommended_solver().unwrap();
        assert_eq!(solver.algorithm(), Algorithm::Beam { width: 2000 });
        let outcome = solve_with(&mut solver, &puzzle, puzzle.start());
        assert_eq!(outcome.status, Status::Found, "#{id}");
        let end = outcome.moves.iter().try_fold(puzzle.start(), |s, m| puzzle.apply(&s, m)).unwrap();
        assert!(puzzle.is_goal(&end));
        assert!(outcome.moves.len() >= optimum, "#{id}: {} < {optimum}", outcome.moves.len());
        assert!(outcome.stats.bytes_reserved < 10 << 20, "{} bytes", outcome.stats.bytes_reserved);
        (lengths, optima) = (lengths + outcome.moves.len(), optima + optimum);
    }
    let ratio = lengths as f64 / optima as f64;
    assert!(ratio < 1.2, "mean ratio {ratio:.3}");
}
