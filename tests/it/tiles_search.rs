//! Tiles beyond the 8-puzzle table: other board shapes and goals, Korf's 15-puzzle instances, 4×4 hints,
//! the baselines' failures, node caps, and stepping.

use crate::common;

use common::{korf, random_walk, rng};
use lphint::families::tiles::{Heuristic, Tiles};
use lphint::family::Family;
use lphint::hint::Hinter;
use lphint::search::astar::{AStar, Priority};
use lphint::search::bfs::Bfs;
use lphint::search::ida::IdaStar;
use lphint::search::local::HillClimbing;
use lphint::search::Shortfall;
use lphint::search::{solve_with, Algorithm, Puzzle, Search, Solver, Status};
use rand::RngExt;

#[test]
fn parity_agrees_with_bfs_on_small_boards_with_any_goal() {
    let mut rng = rng(5);
    for (w, h) in [(2, 2), (2, 3), (3, 2), (2, 4), (4, 2), (3, 3)] {
        let n = w as usize * h as usize;
        let mut goal: Vec<u8> = (0..n as u8).collect();
        for i in (1..n).rev() {
            goal.swap(i, rng.random_range(0..=i));
        }
        let puzzle = Tiles::new(w, h, &goal, Some(&goal)).unwrap();
        let mut table = Bfs::explorer(200_000).unwrap();
        table.restart(&puzzle, puzzle.goal());
        table.run(&puzzle);
        let factorial: usize = (1..=n).product();
        assert_eq!(table.len(), factorial / 2, "{w}x{h}: half of all arrangements reach the goal");
        for _ in 0..2000 {
            let mut cells: Vec<u8> = (0..n as u8).collect();
            for i in (1..n).rev() {
                cells.swap(i, rng.random_range(0..=i));
            }
            let board = puzzle.board(&cells).unwrap();
            assert_eq!(puzzle.is_solvable(&board), table.distance(&board).is_some(), "{w}x{h} {cells:?} goal {goal:?}");
        }
    }
}

/// Korf instances that IDA* with linear conflicts solves in well under a second each.
const FAST_KORF: [usize; 8] = [9, 12, 19, 23, 42, 47, 55, 79];

#[test]
fn korf_instances_solve_to_their_published_lengths() {
    let instances = korf(&FAST_KORF);
    assert_eq!(instances.len(), FAST_KORF.len());
    let mut ida = IdaStar::new(4096).unwrap();
    for (id, length, puzzle) in instances {
        let outcome = solve_with(&mut ida, &puzzle, puzzle.start());
        assert_eq!((outcome.status, outcome.moves.len()), (Status::Found, length), "Korf #{id}");
        let end = outcome.moves.iter().try_fold(puzzle.start(), |s, m| puzzle.apply(&s, m)).unwrap();
        assert!(puzzle.is_goal(&end), "Korf #{id}: the moves reach the goal");
    }
}

#[test]
fn fifteen_puzzle_hints_lower_the_optimal_distance_by_one() {
    let (_, _, korf9) = korf(&[9]).remove(0);
    let mut rng = rng(15);
    let mut hinter = Hinter::new(Solver::new(Algorithm::IdaStar, 4096).unwrap(), 128);
    let mut oracle = IdaStar::new(4096).unwrap();
    let mut state = korf9.start();
    let mut distance = 46;
    for turn in 0..60 {
        if turn % 7 == 3 {
            // The player leaves the hinted path.
            state = random_walk(&korf9, state, 1, &mut rng);
            distance = solve_with(&mut oracle, &korf9, state).moves.len() as u32;
        }
        let status = loop {
            match hinter.next_hint(&korf9, &state, 500) {
                Err(Status::InProgress) => continue,
                other => break other,
            }
        };
        match status {
            Err(Status::AlreadySolved) => {
                assert_eq!(distance, 0);
                return;
            }
            Ok(hint) => {
                assert_eq!(hint.moves_left, distance);
                state = korf9.apply(&state, &hint.mv).unwrap();
                let after = solve_with(&mut oracle, &korf9, state).moves.len() as u32;
                assert_eq!(after, distance - 1, "turn {turn}");
                distance = after;
            }
            other => panic!("unexpected {other:?}"),
        }
    }
    assert!(distance > 0, "60 turns with 9 deviations cannot all be used up");
}

#[test]
fn hill_climbing_reports_its_failure_and_sometimes_succeeds() {
    let stuck = Tiles::parse("tiles:3x3:8,6,7,2,5,4,3,0,1").unwrap();
    for h in [Heuristic::Misplaced, Heuristic::Manhattan] {
        let puzzle = stuck.clone().with_heuristic(h);
        let outcome = solve_with(&mut HillClimbing::new(100).unwrap(), &puzzle, puzzle.start());
        assert_eq!(outcome.status, Status::NotFound(Shortfall::Stuck), "{h:?}");
        assert!(outcome.moves.is_empty());
    }
    let easy = Tiles::parse("tiles:3x3:1,2,3,4,5,6,0,7,8").unwrap().with_heuristic(Heuristic::Manhattan);
    let outcome = solve_with(&mut HillClimbing::new(100).unwrap(), &easy, easy.start());
    assert_eq!((outcome.status, outcome.moves.len()), (Status::Found, 2));
}

#[test]
fn unsolvable_starts_are_answered_before_any_expansion() {
    let puzzle = Tiles::parse("tiles:4x4:2,1,3,4,5,6,7,8,9,10,11,12,13,14,15,0").unwrap();
    for algorithm in [
        Algorithm::Bfs { depth_limit: 5 },
        Algorithm::HillClimbing,
        Algorithm::BestFirst,
        Algorithm::AStar,
        Algorithm::IdaStar,
    ] {
        let outcome = solve_with(&mut Solver::new(algorithm, 1000).unwrap(), &puzzle, puzzle.start());
        assert_eq!((outcome.status, outcome.stats.expanded), (Status::Unsolvable, 0), "{algorithm}");
    }
}

#[test]
fn node_caps_and_depth_limits_are_statuses() {
    let (_, _, hard) = korf(&[1]).remove(0);
    let capped = [
        (Algorithm::AStar, 1000),
        (Algorithm::Bfs { depth_limit: u32::MAX }, 1000),
        (Algorithm::IdaStar, 20),
        (Algorithm::HillClimbing, 2),
    ];
    for (algorithm, cap) in capped {
        let mut solver = Solver::new(algorithm, cap).unwrap();
        let outcome = solve_with(&mut solver, &hard, hard.start());
        let expected = if algorithm == Algorithm::HillClimbing {
            [Status::OutOfNodes, Status::NotFound(Shortfall::Stuck)]
        } else {
            [Status::OutOfNodes; 2]
        };
        assert!(expected.contains(&outcome.status), "{algorithm}: {:?}", outcome.status);
        assert!(outcome.stats.peak_stored <= cap.max(2) * 2);
    }
    let outcome =
        solve_with(&mut Solver::new(Algorithm::Bfs { depth_limit: 4 }, 100_000).unwrap(), &hard, hard.start());
    assert_eq!(outcome.status, Status::NotFound(Shortfall::DepthLimit));
}

#[test]
fn an_expansion_limit_ends_a_run_as_out_of_nodes() {
    let (_, _, hard) = korf(&[1]).remove(0);
    for budget in [7, 100_000] {
        let mut solver = Solver::new(Algorithm::IdaStar, 4096).unwrap().with_expansion_limit(500);
        solver.restart(&hard, hard.start());
        let status = loop {
            match solver.step(&hard, budget).status {
                Status::InProgress => continue,
                other => break other,
            }
        };
        assert_eq!((status, solver.status()), (Status::OutOfNodes, Status::OutOfNodes));
        assert_eq!(solver.stats().expanded, 500);
        // A restart clears the limit's verdict; an easy puzzle fits in it.
        let easy = Tiles::parse("tiles:3x3:1,2,3,4,5,6,0,7,8").unwrap();
        let mut solver = Solver::new(Algorithm::IdaStar, 4096).unwrap().with_expansion_limit(500);
        assert_eq!(solve_with(&mut solver, &easy, easy.start()).moves.len(), 2);
    }
}

#[test]
fn stepping_with_any_budget_gives_the_blocking_result() {
    let puzzle = Tiles::parse("tiles:3x3:8,6,7,2,5,4,3,0,1").unwrap();
    for algorithm in
        [Algorithm::AStar, Algorithm::IdaStar, Algorithm::Bfs { depth_limit: u32::MAX }, Algorithm::BestFirst]
    {
        let mut blocking = Solver::new(algorithm, 200_000).unwrap();
        let reference = solve_with(&mut blocking, &puzzle, puzzle.start());
        for budget in [1, 7, 1000] {
            let mut stepped = Solver::new(algorithm, 200_000).unwrap();
            stepped.restart(&puzzle, puzzle.start());
            let mut calls = 0u64;
            while stepped.step(&puzzle, budget).status == Status::InProgress {
                calls += 1;
                assert!(stepped.stats().expanded <= calls * budget as u64);
            }
            let mut path = Vec::new();
            stepped.write_path(&mut path);
            let moves: Vec<_> = path.iter().map(|(m, _)| *m).collect();
            assert_eq!(moves, reference.moves, "{algorithm} with budget {budget}");
            assert_eq!(stepped.stats(), reference.stats, "{algorithm} with budget {budget}");
        }
    }
}

#[test]
fn astar_reopens_nodes_with_an_inconsistent_heuristic() {
    // A tiny graph where the heuristic is admissible but not consistent: A* must still be optimal.
    struct Graph;
    impl Puzzle for Graph {
        type State = u8;
        type Move = u8;
        fn successors(&self, s: &u8, mut f: impl FnMut(u8, u8, u32)) {
            let edges: &[(u8, u8, u32)] = &[(0, 1, 1), (0, 2, 4), (1, 2, 1), (2, 3, 5), (1, 3, 9)];
            for &(a, b, c) in edges {
                if a == *s {
                    f(b, b, c);
                }
            }
        }
        fn is_goal(&self, s: &u8) -> bool {
            *s == 3
        }
        fn heuristic(&self, s: &u8) -> u32 {
            [0, 6, 0, 0][*s as usize]
        }
    }
    let outcome = solve_with(&mut AStar::new(Priority::AStar, 16).unwrap(), &Graph, 0);
    assert_eq!(outcome.moves, [1, 2, 3]);
    assert_eq!(outcome.stats.solution_cost, Some(7));
    let outcome = solve_with(&mut IdaStar::new(16).unwrap(), &Graph, 0);
    assert_eq!(outcome.stats.solution_cost, Some(7));
}

#[test]
fn solvers_agree_with_an_independent_breadth_first_search() {
    // Hundreds of random boards of up to nine cells with random starts and goals, solvable or not: the
    // recommended solver (IDA*, with the parity rule), A* and breadth-first against the test's own BFS.
    let mut rng = rng(1212);
    let (mut solvable, mut unsolvable) = (0, 0);
    for i in 0..360 {
        let (w, h) = [(2, 2), (2, 3), (3, 2), (2, 4), (4, 2), (3, 3)][if i % 9 == 0 { 5 } else { i % 5 }];
        let n = w as usize * h as usize;
        let shuffled = |rng: &mut rand_xoshiro::Xoshiro256PlusPlus| {
            let mut cells: Vec<u8> = (0..n as u8).collect();
            for j in (1..n).rev() {
                cells.swap(j, rng.random_range(0..=j));
            }
            cells
        };
        let (start, goal) = (shuffled(&mut rng), shuffled(&mut rng));
        let puzzle = Tiles::new(w, h, &start, Some(&goal)).unwrap();
        let expected = common::oracle::tiles(w as usize, h as usize, &start, &goal);
        for algorithm in [None, Some(Algorithm::AStar), Some(Algorithm::Bfs { depth_limit: u32::MAX })] {
            let mut solver = match algorithm {
                None => puzzle.recommended_solver().unwrap(),
                Some(a) => Solver::new(a, 200_000).unwrap(),
            };
            let outcome = solve_with(&mut solver, &puzzle, puzzle.start());
            match expected {
                Some(d) => {
                    assert_eq!((outcome.status, outcome.moves.len()), (Status::Found, d), "{}", puzzle.describe());
                    let end = outcome.moves.iter().try_fold(puzzle.start(), |s, m| puzzle.apply(&s, m)).unwrap();
                    assert!(puzzle.is_goal(&end));
                }
                None => assert_eq!(outcome.status, Status::Unsolvable, "{}", puzzle.describe()),
            }
        }
        solvable += expected.is_some() as usize;
        unsolvable += expected.is_none() as usize;
    }
    assert!(solvable > 120 && unsolvable > 120, "{solvable} solvable, {unsolvable} not");
}

#[test]
fn the_bytes_a_solver_reserves_are_known_before_it_is_made() {
    let puzzle = Tiles::parse("tiles:4x4:1,2,3,4,5,6,7,8,9,10,11,12,13,14,0,15").unwrap();
    for algorithm in [
        Algorithm::Bfs { depth_limit: u32::MAX },
        Algorithm::HillClimbing,
        Algorithm::BestFirst,
        Algorithm::AStar,
        Algorithm::UniformCost,
        Algorithm::IdaStar,
    ] {
        for cap in [1, 1000, 100_000] {
            let mut solver = Solver::new(algorithm, cap).unwrap();
            solver.restart(&puzzle, puzzle.start());
            assert_eq!(solver.stats().bytes_reserved, Solver::<Tiles>::bytes_for(algorithm, cap), "{algorithm} {cap}");
        }
    }
    // About 120 bytes a node for A* on tiles (path costs in 64 bits: 8 more in the node, 4 in the open
    // list), 65 for breadth-first, 176 a stack entry for IDA* (its costs in 64 bits too, and 48 for the
    // path to the closest position, the partial result).
    let per_node = |a| Solver::<Tiles>::bytes_for(a, 1 << 20) as f64 / (1 << 20) as f64;
    assert!((115.0..125.0).contains(&per_node(Algorithm::AStar)), "{}", per_node(Algorithm::AStar));
    assert!((60.0..70.0).contains(&per_node(Algorithm::Bfs { depth_limit: u32::MAX })));
    assert!((170.0..185.0).contains(&per_node(Algorithm::IdaStar)), "{}", per_node(Algorithm::IdaStar));
}

#[test]
fn every_algorithm_refuses_a_cap_no_machine_can_reserve_with_the_bytes_it_asked() {
    // A game-supplied cap: the reservation fails with its size, computed without wrapping.
    let names = ["bfs", "hill", "anneal", "best-first", "astar", "wastar:3/2", "beam:64", "ucs", "ida", "exact"];
    for cap in [usize::MAX, usize::MAX / 2, usize::MAX / 16 + 1] {
        for name in names {
            let algorithm = Algorithm::parse(name).unwrap();
            let refused = Solver::<Tiles>::new(algorithm, cap).err();
            let refused = refused.unwrap_or_else(|| panic!("{name}: a cap of {cap} nodes was reserved"));
            assert_eq!(refused.bytes, Solver::<Tiles>::bytes_for(algorithm, cap), "{name}");
            // More than any machine has (engines that index nodes in 32 bits ask for 2^32 of them).
            assert!(refused.bytes >= 1 << 36, "{name}: {} bytes for {cap} nodes", refused.bytes);
        }
        assert!(lphint::search::cluster::ClusterSearch::<Tiles>::new(cap).is_err(), "cluster analysis of {cap}");
    }
}

/// Checks what tier 1 and tier 2 of a tiles hint claim against the plan replayed; returns whether tier 1
/// made the row claim.
fn tier_sentences_hold(t: &common::space::Tiers) -> bool {
    assert_eq!(t.plan.len(), t.hint.moves_left as usize, "{}: the whole plan", t.desc);
    let goal = t.after.last().unwrap();
    assert!(goal.is_solved(), "{}", t.desc);
    let (w, h) = t.game.board_size();
    let (w, n) = (w as usize, (w * h) as usize);
    let home = |game: &dyn lphint::session::AnySession, tile: i32| {
        (0..n).any(|c| game.cell(c) == tile && goal.cell(c) == tile)
    };
    assert_eq!(t.piece, format!("move tile {}", t.hint.mv.piece), "{}", t.desc);
    if let Some(tiles) = t.region.strip_prefix("the next moves slide ") {
        let mut slid: Vec<String> = Vec::new();
        for m in t.plan.iter().take(4) {
            if !slid.contains(&m.piece.to_string()) {
                slid.push(m.piece.to_string());
            }
        }
        let listed = tiles.trim_start_matches("tiles ").trim_start_matches("tile ").replace(" and ", ", ");
        assert_eq!(listed, slid.join(", "), "{}: '{}'", t.desc, t.region);
        return false;
    }
    // "row 2 is not finished: the next 4 moves bring tile 5 home".
    let (row, rest) =
        t.region.split_once(" is not finished: the next ").unwrap_or_else(|| panic!("{}: '{}'", t.desc, t.region));
    let row = if row == "the top row" { 0 } else { row.trim_start_matches("row ").parse::<usize>().unwrap() - 1 };
    let done = |r: usize| (r * w..(r + 1) * w).all(|c| t.game.cell(c) == goal.cell(c));
    assert!((0..row).all(done) && !done(row), "{}: '{}' is not the first row to finish", t.desc, t.region);
    let words: Vec<&str> = rest.split(' ').collect();
    let (moves, tile) = match words.as_slice() {
        ["move", "brings", "tile", tile, "home"] => (1, tile.parse::<i32>().unwrap()),
        [k, "moves", "bring", "tile", tile, "home"] => (k.parse::<usize>().unwrap(), tile.parse::<i32>().unwrap()),
        _ => panic!("{}: '{}'", t.desc, t.region),
    };
    assert!((row * w..(row + 1) * w).any(|c| goal.cell(c) == tile), "{}: tile {tile} is not of that row", t.desc);
    assert!(!home(t.game.as_ref(), tile), "{}: tile {tile} is home already", t.desc);
    assert!(home(t.after[moves - 1].as_ref(), tile), "{}: '{}', yet it is not home then", t.desc, t.region);
    assert!(t.after[..moves - 1].iter().all(|g| !home(g.as_ref(), tile)), "{}: home earlier than said", t.desc);
    true
}

#[test]
fn every_tier_sentence_is_a_fact_about_the_position() {
    let mut rows = 0;
    let small = common::space::every_tier("tiles", 30, &["tiles:3x3:4,2,3,5,1,0,7,8,6"], |t| {
        rows += tier_sentences_hold(t) as usize
    });
    // 3×3 positions anywhere, and 4×4 ones near the goal.
    let mut rng = rng(54);
    let mut larger = 0;
    for i in 0..160 {
        let desc = if i % 2 == 0 {
            let (eight, _) = common::eight_puzzle();
            eight.with_start(common::random_eight_state(&mut rng)).describe()
        } else {
            let puzzle = Tiles::new(4, 4, &(1..16).chain([0]).collect::<Vec<u8>>(), None).unwrap();
            puzzle.with_start(random_walk(&puzzle, puzzle.start(), 26, &mut rng)).describe()
        };
        if let Some(t) = common::space::tiers_at(&desc) {
            rows += tier_sentences_hold(&t) as usize;
            larger += 1;
        }
    }
    println!("tiles: {} tier sentences checked ({rows} row sentences)", small + larger);
    assert!(
        small >= 200 && larger >= 150 && rows >= 50,
        "{small} small, {larger} larger checked; {rows} row sentences"
    );
}
