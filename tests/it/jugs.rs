//! Water jugs: BFS and A* agree, the tap variant, dead ends reached by play, and hints.

use crate::common;

use common::{oracle, rng};
use lphint::families::jugs::{Amounts, Jugs};
use lphint::family::Family;
use lphint::hint::Hinter;
use lphint::search::{solve_with, Algorithm, Puzzle, Solver, Status};
use rand::RngExt;

/// The optimal number of moves from `state`, or `None` when no goal is reachable (the independent BFS).
fn distance(puzzle: &Jugs, state: Amounts) -> Option<usize> {
    oracle::jugs(puzzle.capacities(), &state.0[..puzzle.jugs()], puzzle.goal_amounts(), puzzle.has_tap())
}

/// A random puzzle: 2 to 4 jugs, any start amounts (with or without tap: the tap variant's early
/// unsolvability test once ignored the amounts), goals naming some jugs.
fn random_puzzle(rng: &mut impl rand::Rng, tap: bool) -> Jugs {
    let n = rng.random_range(2..=4);
    let caps: Vec<u8> = (0..n).map(|_| rng.random_range(1..=12)).collect();
    let start: Vec<u8> =
        caps.iter().map(|&c| if tap && rng.random_bool(0.3) { 0 } else { rng.random_range(0..=c) }).collect();
    let mut goal: Vec<Option<u8>> =
        caps.iter().map(|&c| rng.random_bool(0.5).then(|| rng.random_range(0..=c))).collect();
    if goal.iter().all(Option::is_none) {
        goal[0] = Some(caps[0] / 2);
    }
    Jugs::new(&caps, &start, &goal, tap).unwrap()
}

#[test]
fn classic_puzzles_have_their_known_lengths() {
    let die_hard = Jugs::parse("jugs:3,5:0,0:*,4:tap").unwrap();
    assert_eq!(distance(&die_hard, die_hard.start()), Some(6));
    let three_jugs = Jugs::parse("jugs:8,5,3:8,0,0:4,4,0").unwrap();
    assert_eq!(distance(&three_jugs, three_jugs.start()), Some(7));
    let classic = Jugs::parse("jugs:16,9,7:16,0,0:8,8,*").unwrap();
    let outcome = solve_with(&mut classic.recommended_solver().unwrap(), &classic, classic.start());
    assert_eq!(Some(outcome.moves.len()), distance(&classic, classic.start()));
}

#[test]
fn bfs_and_astar_agree_with_and_without_tap() {
    let mut rng = rng(21);
    let mut solvable = 0;
    let mut tap_unsolvable = 0;
    for i in 0..600 {
        let puzzle = random_puzzle(&mut rng, i % 2 == 0);
        let bfs = distance(&puzzle, puzzle.start());
        let astar = solve_with(&mut puzzle.recommended_solver().unwrap(), &puzzle, puzzle.start());
        match bfs {
            Some(d) => {
                solvable += 1;
                assert_eq!((astar.status, astar.moves.len()), (Status::Found, d), "{}", puzzle.describe());
                let end = astar.moves.iter().try_fold(puzzle.start(), |s, m| puzzle.apply(&s, m)).unwrap();
                assert!(puzzle.is_goal(&end));
            }
            None => {
                tap_unsolvable += puzzle.has_tap() as usize;
                assert_eq!(astar.status, Status::Unsolvable, "{}", puzzle.describe())
            }
        }
        // The early test never calls a solvable puzzle unsolvable.
        if bfs.is_some() {
            assert!(!puzzle.provably_unsolvable(&puzzle.start()), "{}", puzzle.describe());
        }
        // The admissible heuristic never overestimates.
        if let Some(d) = bfs {
            assert!(puzzle.heuristic(&puzzle.start()) as usize <= d);
        }
    }
    assert!(solvable > 200 && tap_unsolvable > 10, "{solvable} solvable, {tap_unsolvable} unsolvable with tap");
    // The instance that was once called unsolvable: solved in one pour.
    let tap = Jugs::parse("jugs:4,6,6:1,6,6:*,*,3:tap").unwrap();
    let outcome = solve_with(&mut tap.recommended_solver().unwrap(), &tap, tap.start());
    assert_eq!((outcome.status, outcome.moves.len()), (Status::Found, 1));
}

#[test]
fn dead_ends_are_unsolvable_from_here() {
    // Three units between a 3 and a 5 jug only ever sit whole in one of them: found by exhausting the
    // reachable states.
    let stuck = Jugs::parse("jugs:3,5:3,0:2,1").unwrap();
    let outcome = solve_with(&mut stuck.recommended_solver().unwrap(), &stuck, stuck.start());
    assert_eq!(outcome.status, Status::Unsolvable);
    assert!(outcome.stats.expanded > 0, "found by search, not by the quick check");
    // Every amount stays a multiple of 4 (the capacities' and amounts' gcd): answered before any search.
    let even = Jugs::parse("jugs:4,4:4,0:2,2").unwrap();
    assert!(even.provably_unsolvable(&even.start()));
    // More water named than there is: answered before any search.
    let short = Jugs::parse("jugs:3,5:3,0:*,4").unwrap();
    let outcome = solve_with(&mut short.recommended_solver().unwrap(), &short, short.start());
    assert_eq!((outcome.status, outcome.stats.expanded), (Status::Unsolvable, 0));
    // With tap, an amount that is not a multiple of the capacities' gcd.
    let odd = Jugs::parse("jugs:4,6:0,0:*,3:tap").unwrap();
    assert!(odd.provably_unsolvable(&odd.start()));
}

#[test]
fn hints_lower_the_distance_and_say_when_the_player_is_stuck() {
    let mut rng = rng(77);
    let (mut dead_ends, mut hints) = (0, 0);
    for i in 0..200 {
        let puzzle = random_puzzle(&mut rng, i % 3 == 0);
        let mut hinter = Hinter::new(puzzle.recommended_solver().unwrap(), 64);
        let mut state = puzzle.start();
        for turn in 0..12 {
            let status = loop {
                match hinter.next_hint(&puzzle, &state, 50) {
                    Err(Status::InProgress) => continue,
                    other => break other,
                }
            };
            match (status, distance(&puzzle, state)) {
                (Err(Status::AlreadySolved), Some(0)) => break,
                (Err(Status::Unsolvable), None) => {
                    dead_ends += 1;
                    break;
                }
                (Ok(h), Some(d)) => {
                    hints += 1;
                    assert_eq!(h.moves_left as usize, d);
                    let next = puzzle.apply(&state, &h.mv).unwrap();
                    assert_eq!(distance(&puzzle, next), Some(d - 1));
                    // Every third turn the player pours something else instead.
                    state = if turn % 3 == 2 {
                        let mut options = Vec::new();
                        puzzle.successors(&state, |_, s, _| options.push(s));
                        options[rng.random_range(0..options.len())]
                    } else {
                        next
                    };
                }
                (status, d) => panic!("{}: hint {status:?} but distance {d:?}", puzzle.describe()),
            }
        }
    }
    assert!(dead_ends > 10 && hints > 100, "{dead_ends} dead ends, {hints} hints");
    assert_eq!(
        Solver::<Jugs>::new(Algorithm::Bfs { depth_limit: 3 }, 100).unwrap().algorithm(),
        Algorithm::Bfs { depth_limit: 3 }
    );
}

#[test]
fn every_tier_sentence_is_a_fact_about_the_position() {
    let checked = common::space::every_tier("jugs", 30, &[], |t| {
        // Tier 1: the jugs the next two moves use, in order.
        let mut used: Vec<String> = Vec::new();
        for m in t.plan.iter().take(2) {
            for jug in [m.from, m.to].into_iter().filter(|&j| j >= 0) {
                if !used.contains(&(jug + 1).to_string()) {
                    used.push((jug + 1).to_string());
                }
            }
        }
        let listed =
            t.region.trim_start_matches("the next moves use jugs ").trim_start_matches("the next moves use jug ");
        assert_eq!(listed.replace(" and ", ", "), used.join(", "), "{}: '{}'", t.desc, t.region);
        // Tier 2: the jug the move starts from, and what it does.
        let mv = t.hint.mv;
        let said = match (mv.from, mv.to) {
            (-1, to) => format!("jug {}, at the tap", to + 1),
            (from, -1) => format!("jug {}, at the sink", from + 1),
            (from, _) => format!("pour from jug {}", from + 1),
        };
        assert_eq!(t.piece, said, "{}", t.desc);
    });
    println!("jugs: {checked} tier sentences checked");
    assert!(checked >= 200, "{checked} checked");
}
