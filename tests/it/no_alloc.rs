//! A counting global allocator proves that stepping a search or asking for a hint allocates nothing:
//! all memory is reserved when the search or hinter is created.

use crate::common;

use common::counting::allocations_during;
use lphint::families::tiles::Tiles;
use lphint::family::Family;
use lphint::hint::Hinter;
use lphint::search::{Algorithm, Puzzle, Search, Solver, Status};

#[test]
fn steps_and_hints_allocate_nothing() {
    assert!(
        allocations_during(|| drop(std::hint::black_box(Vec::<u8>::with_capacity(10)))).1 > 0,
        "the counter counts"
    );
    let eight = Tiles::parse("tiles:3x3:8,6,7,2,5,4,3,0,1").unwrap();
    let fifteen =
        Tiles::parse("tiles:4x4:3,14,9,11,5,4,8,2,13,12,6,7,10,1,15,0:0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15").unwrap();
    let algorithms = [
        Algorithm::Bfs { depth_limit: u32::MAX },
        Algorithm::HillClimbing,
        Algorithm::Anneal(Default::default()),
        Algorithm::BestFirst,
        Algorithm::AStar,
        Algorithm::WeightedAStar { num: 2, den: 1 },
        Algorithm::UniformCost,
        Algorithm::IdaStar,
        Algorithm::Beam { width: 100 },
    ];
    for algorithm in algorithms {
        for puzzle in [&eight, &fifteen] {
            let mut solver = Solver::new(algorithm, 300_000).unwrap();
            let mut status = Status::InProgress;
            let ((), count) = allocations_during(|| {
                solver.restart(puzzle, puzzle.start());
                for _ in 0..2000 {
                    status = solver.step(puzzle, 100).status;
                    if status.is_done() {
                        break;
                    }
                }
            });
            assert_eq!(count, 0, "{algorithm} allocated while stepping ({status:?})");
        }
    }

    // Hints: the first call may size the plan; after it, following the plan or searching again from a
    // new position allocates nothing.
    let mut hinter = Hinter::new(Solver::new(Algorithm::IdaStar, 4096).unwrap(), 128);
    let mut state = fifteen.start();
    let mut first = true;
    let mut moves = 0;
    let mut deviations = 0;
    loop {
        let mut status = Err(Status::InProgress);
        let ((), count) = allocations_during(|| {
            while status == Err(Status::InProgress) {
                status = hinter.next_hint(&fifteen, &state, 50);
            }
        });
        assert!(first || count == 0, "next_hint allocated {count} times");
        first = false;
        let Ok(hint) = status else {
            assert_eq!(status, Err(Status::AlreadySolved));
            break;
        };
        state = fifteen.apply(&state, &hint.mv).unwrap();
        moves += 1;
        if moves % 10 == 5 {
            // Leave the plan: the next hint searches again, still without allocating.
            state = off_the_plan(&fifteen, &state, hint.mv.tile);
            deviations += 1;
        }
    }
    assert!(deviations >= 4, "the game went through several re-plans ({deviations})");

    // The 5x5 hint mode (beam search): after the first plan, hints and re-plans allocate nothing.
    let goal = Tiles::parse("tiles:5x5:1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,0").unwrap();
    let mut rng = common::rng(3);
    let large = goal.with_start(goal.random_solvable(&mut rng));
    let mut hinter = Hinter::new(large.recommended_solver().unwrap(), 64);
    let mut state = large.start();
    for moves in 0..40 {
        let mut status = Err(Status::InProgress);
        let ((), count) = allocations_during(|| {
            while status == Err(Status::InProgress) {
                status = hinter.next_hint(&large, &state, 1000);
            }
        });
        assert!(moves == 0 || count == 0, "5x5 next_hint allocated {count} times (move {moves})");
        let hint = status.expect("a hint");
        state = large.apply(&state, &hint.mv).unwrap();
        if moves % 10 == 5 {
            // Step off the plan: the next hint plans again.
            state = off_the_plan(&large, &state, hint.mv.tile);
        }
    }
    hint_tiers_allocate_nothing();
}

/// A hint's tiers (their cells) and plan, once the hint came, allocate nothing in any family.
fn hint_tiers_allocate_nothing() {
    use lphint::family::Tier;
    let levels = [
        "tiles:3x3:8,6,7,2,5,4,3,0,1",
        "jugs:8,5,3:8,0,0:4,4,0",
        "flip:3x3:#.#/.#./#.#",
        "hargram:5x4:...../...../...../.....:###/##.;#/#/#;#./##;.#./###/..#;#./##/.#",
        "rush:GBBoLoGHIoLMGHIAAMCCCKoMooJKDDEEJFFo",
        "linjat:6x9:....52/....../....../....o./....o3/.....4/..4..o/.....o/2o.3o2",
    ];
    for desc in levels {
        let mut game = lphint::registry::parse(desc).unwrap();
        for _ in 0..3 {
            let hint = loop {
                match game.next_hint(10_000) {
                    Err(Status::InProgress) => continue,
                    other => break other.unwrap(),
                }
            };
            let ((), count) = allocations_during(|| {
                for tier in [Tier::Region, Tier::Piece, Tier::Move, Tier::Plan] {
                    std::hint::black_box(game.hint_tier_cells(tier).unwrap().len());
                }
                std::hint::black_box(game.hint_plan(8).unwrap().len());
            });
            assert_eq!(count, 0, "{desc}: the tiers allocated {count} times");
            game.apply(&hint.mv).unwrap();
        }
    }

    // Sudoku: the human ladder's steps (patterns and chains, found and applied on a board that is copied)
    // and the exact counter's steps, once made, allocate nothing.
    let rated = include_str!("../../data/sudoku/rated.txt");
    let puzzles: Vec<lphint::families::sudoku::Grid> =
        rated.lines().filter(|l| !l.starts_with('#')).take(50).map(|l| l[..81].parse().unwrap()).collect();
    let geometry = std::sync::Arc::new(puzzles[0].geometry());
    let mut counter = lphint::families::sudoku::exact::Counter::new(&geometry).unwrap();
    let mut ladder = lphint::families::sudoku::human::Ladder::new(&geometry).unwrap();
    for grid in &puzzles {
        let board = lphint::families::sudoku::human::Board::of(&geometry, &grid.cells);
        let ((), count) = allocations_during(|| {
            let mut board = board.clone();
            while let Some(step) = ladder.next(&board) {
                board.apply(&step);
            }
            counter.restart(&grid.cells, 2);
            while !counter.step(1) {}
            assert_eq!(counter.solutions(), 1);
        });
        assert_eq!(count, 0, "{grid}: the ladder or the counter allocated {count} times");
    }
}

/// The state after the first move that does not slide `tile` back: a step away from the hinted plan.
fn off_the_plan(puzzle: &Tiles, state: &lphint::families::tiles::Board, tile: u8) -> lphint::families::tiles::Board {
    let mut other = None;
    puzzle.successors(state, |m, s, _| {
        if m.tile != tile && other.is_none() {
            other = Some(s)
        }
    });
    other.expect("a tile other than the one just moved can slide")
}
