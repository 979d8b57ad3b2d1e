//! The 8-puzzle against its complete distance table: BFS facts, the parity rule on every arrangement,
//! optimal searches against BFS distances, heuristics, and hints from any state.

use crate::common;

use common::{eight_puzzle, random_eight_state, rng};
use lphint::families::tiles::{Board, Heuristic, Tiles};
use lphint::family::Family;
use lphint::hint::{Hint, Hinter};
use lphint::search::astar::{AStar, Priority};
use lphint::search::ida::IdaStar;
use lphint::search::{solve_with, Algorithm, Puzzle, Solver, Status};
use proptest::prelude::*;
use rand::RngExt;

#[test]
fn bfs_from_the_goal_reaches_181440_states_and_two_at_distance_31() {
    let (puzzle, table) = eight_puzzle();
    assert_eq!(table.len(), 181_440);
    assert_eq!(table.max_distance(), 31);
    let mut hardest: Vec<String> =
        table.distances().filter(|&(_, d)| d == 31).map(|(s, _)| puzzle.with_start(*s).describe()).collect();
    hardest.sort();
    assert_eq!(hardest, ["tiles:3x3:6,4,7,8,5,0,3,2,1", "tiles:3x3:8,6,7,2,5,4,3,0,1"]);
}

/// Calls `f` on every permutation of `items` (Heap's algorithm).
fn each_permutation(items: &mut [u8], f: &mut impl FnMut(&[u8])) {
    let n = items.len();
    let mut counters = vec![0; n];
    f(items);
    let mut i = 0;
    while i < n {
        if counters[i] < i {
            items.swap(if i % 2 == 0 { 0 } else { counters[i] }, i);
            f(items);
            counters[i] += 1;
            i = 0;
        } else {
            counters[i] = 0;
            i += 1;
        }
    }
}

#[test]
fn parity_verdict_agrees_with_bfs_on_every_arrangement() {
    let (puzzle, table) = eight_puzzle();
    let (mut count, mut solvable) = (0, 0);
    each_permutation(&mut [0, 1, 2, 3, 4, 5, 6, 7, 8], &mut |cells| {
        let board = puzzle.board(cells).unwrap();
        let reachable = table.distance(&board).is_some();
        assert_eq!(puzzle.is_solvable(&board), reachable, "{cells:?}");
        assert_eq!(puzzle.provably_unsolvable(&board), !reachable);
        count += 1;
        solvable += reachable as usize;
    });
    assert_eq!((count, solvable), (362_880, 181_440));
}

#[test]
fn astar_and_ida_lengths_equal_bfs_distances_on_1000_random_states() {
    let (base, table) = eight_puzzle();
    let manhattan = base.clone().with_heuristic(Heuristic::Manhattan);
    let mut astar = AStar::new(Priority::AStar, 200_000).unwrap();
    let mut ida = IdaStar::new(1024).unwrap();
    let mut rng = rng(8);
    for _ in 0..1000 {
        let state = random_eight_state(&mut rng);
        let distance = table.distance(&state).unwrap() as usize;
        let a = solve_with(&mut astar, &manhattan, state);
        assert_eq!((a.status, a.moves.len()), (Status::Found, distance), "A* from {state:?}");
        let i = solve_with(&mut ida, base, state);
        assert_eq!((i.status, i.moves.len()), (Status::Found, distance), "IDA* from {state:?}");
        // The moves really lead to the goal.
        let end = i.moves.iter().try_fold(state, |s, m| base.apply(&s, m)).unwrap();
        assert!(base.is_goal(&end));
    }
}

#[test]
fn heuristics_are_ordered_and_admissible_on_every_state() {
    let (puzzle, table) = eight_puzzle();
    for (state, distance) in table.distances() {
        let (misplaced, manhattan) = (puzzle.misplaced(state), puzzle.manhattan(state));
        let lc = manhattan + puzzle.linear_conflicts(state);
        assert!(
            misplaced <= manhattan && manhattan <= lc && lc <= distance,
            "{state:?}: {misplaced} {manhattan} {lc} {distance}"
        );
        assert_eq!(lc % 2, distance % 2, "every bound has the parity of the distance");
    }
}

#[test]
fn weighted_and_greedy_searches_find_valid_but_longer_solutions() {
    let (base, table) = eight_puzzle();
    let mut rng = rng(3);
    for algorithm in [Algorithm::WeightedAStar { num: 3, den: 1 }, Algorithm::BestFirst, Algorithm::UniformCost] {
        let mut solver = lphint::search::Solver::new(algorithm, 200_000).unwrap();
        for _ in 0..50 {
            let state = random_eight_state(&mut rng);
            let distance = table.distance(&state).unwrap() as usize;
            let outcome = solve_with(&mut solver, base, state);
            assert_eq!(outcome.status, Status::Found);
            let end = outcome.moves.iter().try_fold(state, |s, m| base.apply(&s, m)).unwrap();
            assert!(base.is_goal(&end));
            match algorithm {
                Algorithm::WeightedAStar { num, den } => {
                    assert!(outcome.moves.len() * den as usize <= distance * num as usize)
                }
                Algorithm::UniformCost => assert_eq!(outcome.moves.len(), distance),
                _ => assert!(outcome.moves.len() >= distance),
            }
        }
    }
}

/// What the player does between two hints.
#[derive(Clone, Debug)]
enum Action {
    FollowHint,
    Wander(u8),
}

fn action() -> impl Strategy<Value = Action> {
    prop_oneof![3 => Just(Action::FollowHint), 1 => any::<u8>().prop_map(Action::Wander)]
}

/// Asks for a hint with `budget` nodes per call until it arrives.
fn hint(
    hinter: &mut Hinter<Tiles>,
    puzzle: &Tiles,
    state: &Board,
    budget: u32,
) -> Result<Hint<lphint::families::tiles::TileMove>, Status> {
    for _ in 0..1_000_000 {
        match hinter.next_hint(puzzle, state, budget) {
            Err(Status::InProgress) => continue,
            other => return other,
        }
    }
    panic!("the hint never arrived");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// Every hint lowers the optimal distance by exactly one, including after the player wandered off
    /// the hinted path, and the plan's `moves_left` is the optimal distance.
    #[test]
    fn every_hint_lowers_the_optimal_distance_by_one(seed in any::<u64>(), budget in 1u32..300, actions in prop::collection::vec(action(), 1..40)) {
        let (puzzle, table) = eight_puzzle();
        let mut rng = rng(seed);
        let mut state = random_eight_state(&mut rng);
        let mut hinter = Hinter::new(Solver::new(Algorithm::IdaStar, 1024).unwrap(), 64);
        for action in actions {
            let distance = table.distance(&state).unwrap();
            match action {
                Action::FollowHint => match hint(&mut hinter, puzzle, &state, budget) {
                    Err(Status::AlreadySolved) => prop_assert_eq!(distance, 0),
                    Ok(h) => {
                        prop_assert_eq!(h.moves_left, distance);
                        prop_assert!(h.optimal);
                        state = puzzle.apply(&state, &h.mv).expect("a hint is a legal move");
                        prop_assert_eq!(table.distance(&state).unwrap(), distance - 1);
                    }
                    other => prop_assert!(false, "unexpected {:?}", other),
                },
                Action::Wander(pick) => {
                    let mut next = Vec::new();
                    puzzle.successors(&state, |_, s, _| next.push(s));
                    state = next[pick as usize % next.len()];
                }
            }
        }
    }

    /// The incremental heuristic update equals the full computation after every move.
    #[test]
    fn incremental_heuristics_equal_full_ones(seed in any::<u64>(), width in 2u8..=5, height in 2u8..=5) {
        let n = width as usize * height as usize;
        let mut rng = rng(seed);
        let mut cells: Vec<u8> = (0..n as u8).collect();
        for i in (1..n).rev() {
            cells.swap(i, rng.random_range(0..=i));
        }
        let goal: Vec<u8> = {
            let mut g: Vec<u8> = (0..n as u8).collect();
            g.rotate_left(rng.random_range(0..n));
            g
        };
        for h in Heuristic::ALL {
            let puzzle = Tiles::new(width, height, &cells, Some(&goal)).unwrap().with_heuristic(h);
            let state = puzzle.start();
            let parent_h = puzzle.heuristic(&state);
            puzzle.successors(&state, |mv, child, _| {
                assert_eq!(puzzle.heuristic_after(&state, parent_h, &mv, &child), puzzle.heuristic(&child), "{h:?} {cells:?} {mv:?}");
            });
        }
    }
}

#[test]
fn hints_say_unsolvable_and_already_solved() {
    let (puzzle, _) = eight_puzzle();
    let mut hinter = Hinter::new(Solver::new(Algorithm::IdaStar, 1024).unwrap(), 64);
    let swapped = puzzle.board(&[2, 1, 3, 4, 5, 6, 7, 8, 0]).unwrap();
    assert_eq!(hinter.next_hint(puzzle, &swapped, 1), Err(Status::Unsolvable));
    assert_eq!(hinter.stats().expanded, 0, "the parity rule answers before any search");
    assert_eq!(hinter.next_hint(puzzle, &puzzle.goal(), 1), Err(Status::AlreadySolved));
}

#[test]
fn hints_follow_the_plan_without_searching_again() {
    let (puzzle, _) = eight_puzzle();
    let mut hinter = Hinter::new(Solver::new(Algorithm::IdaStar, 1024).unwrap(), 64);
    let mut state = puzzle.board(&[8, 6, 7, 2, 5, 4, 3, 0, 1]).unwrap();
    let Ok(first) = hint(&mut hinter, puzzle, &state, 50) else { panic!() };
    assert_eq!(first.moves_left, 31);
    let searched = hinter.stats().expanded;
    for left in (1..=31).rev() {
        let Ok(h) = hinter.next_hint(puzzle, &state, 1) else { panic!("the plan answers at once") };
        assert_eq!(h.moves_left, left);
        state = puzzle.apply(&state, &h.mv).unwrap();
    }
    assert!(puzzle.is_goal(&state));
    assert_eq!(hinter.stats().expanded, searched, "no new search while the player follows the plan");
}
