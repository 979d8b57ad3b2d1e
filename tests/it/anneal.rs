//! Simulated annealing as a solver: on random 8-puzzles it reaches the goal on most boards within a
//! stated budget, every path it returns is legal and ends solved, it never claims a path where none
//! exists, and a seed gives the same walk.

use crate::common;

use lphint::families::blocks::Blocks;
use lphint::families::tiles::Tiles;
use lphint::family::Family;
use lphint::search::anneal::{Annealing, Schedule};
use lphint::search::{solve_with, Algorithm, Puzzle, Search, Shortfall, Status};

#[test]
fn annealing_solves_most_random_eight_puzzles_with_legal_paths() {
    let (puzzle, table) = common::eight_puzzle();
    let mut rng = common::rng(3);
    // The budget: the default schedule (10 walks of 20,000 steps: at most 200,000 expansions a board).
    let schedule = Schedule::default();
    let (mut solved, mut cooled, mut expanded) = (0, 0, Vec::new());
    let boards = 200;
    for _ in 0..boards {
        let start = common::random_eight_state(&mut rng);
        let mut search = Annealing::<Tiles>::new(schedule, 10_000).unwrap();
        let outcome = solve_with(&mut search, puzzle, start);
        assert!(outcome.stats.expanded <= 200_000, "{} expansions", outcome.stats.expanded);
        match outcome.status {
            Status::Found => {
                let mut state = start;
                for mv in &outcome.moves {
                    state = puzzle.apply(&state, mv).expect("a legal move");
                }
                assert!(puzzle.is_goal(&state), "the path ends solved");
                let optimal = table.distance(&start).unwrap();
                assert!(outcome.moves.len() as u32 >= optimal, "never shorter than the optimum");
                assert_eq!(outcome.stats.solution_length, Some(outcome.moves.len() as u32));
                solved += 1;
                expanded.push(outcome.stats.expanded);
            }
            Status::NotFound(Shortfall::Cooled) => cooled += 1,
            other => panic!("{other:?}"),
        }
    }
    expanded.sort();
    println!("annealing: {solved} of {boards} solved ({cooled} cooled), median {} expansions", expanded[solved / 2]);
    assert!(solved * 10 >= boards * 9, "{solved} of {boards} solved within the default schedule");
}

#[test]
fn annealing_never_claims_a_path_where_there_is_none() {
    // A car in front of the red car in its row: it can never leave. Nothing proves it before the
    // search, so the walk runs its whole schedule.
    let rush = Blocks::parse("rush:ooooooooooooAAoBBooooooooooooooooooo").unwrap();
    assert!(!rush.provably_unsolvable(&rush.start()));
    let schedule = Schedule { iterations: 500, restarts: 3, ..Schedule::default() };
    let mut search = Annealing::new(schedule, 1000).unwrap();
    let outcome = solve_with(&mut search, &rush, rush.start());
    assert_eq!(outcome.status, Status::NotFound(Shortfall::Cooled));
    assert!(outcome.moves.is_empty());
    assert_eq!(outcome.stats.expanded, 4 * 500, "every walk of the schedule ran");
    assert_eq!(search.walks(), 4);
    // An 8-puzzle of the wrong parity is proven unsolvable before any step.
    let odd = Tiles::parse("tiles:3x3:2,1,3,4,5,6,7,8,0").unwrap();
    let outcome = solve_with(&mut Annealing::new(schedule, 1000).unwrap(), &odd, odd.start());
    assert_eq!((outcome.status, outcome.stats.expanded), (Status::Unsolvable, 0));
}

#[test]
fn a_seed_gives_the_same_walk_whatever_the_budget_of_each_call() {
    let puzzle = Tiles::parse("tiles:3x3:8,6,7,2,5,4,3,0,1").unwrap();
    let run = |seed: u64, budget: u32| {
        let schedule = Schedule { seed, ..Schedule::default() };
        let mut search = Annealing::<Tiles>::new(schedule, 10_000).unwrap();
        search.restart(&puzzle, puzzle.start());
        while search.step(&puzzle, budget).status == Status::InProgress {}
        let mut path = Vec::new();
        search.write_path(&mut path);
        (search.status(), path, search.stats().expanded)
    };
    let first = run(7, 1000);
    assert_eq!(first.0, Status::Found);
    assert_eq!(run(7, 1), first, "the same walk in one-unit slices");
    assert_eq!(run(7, u32::MAX), first, "and in one call");
    assert_ne!(run(8, 1000).1, first.1, "another seed, another walk");
    // The walk's path is loop-free: no state twice.
    let states: std::collections::HashSet<_> = first.1.iter().map(|(_, s)| *s).collect();
    assert_eq!(states.len(), first.1.len());
    assert!(!states.contains(&puzzle.start()));
}

#[test]
fn schedules_read_and_write_as_the_cli_names_them() {
    assert_eq!(Algorithm::parse("anneal"), Some(Algorithm::Anneal(Schedule::default())));
    assert_eq!(Algorithm::Anneal(Schedule::default()).to_string(), "anneal");
    let named = "anneal:iterations=5000,t_start=1.5,t_end=0.01,restarts=3,seed=42";
    let Some(Algorithm::Anneal(schedule)) = Algorithm::parse(named) else { panic!("{named}") };
    assert_eq!(schedule, Schedule { iterations: 5000, t_start_milli: 1500, t_end_milli: 10, restarts: 3, seed: 42 });
    let written = Algorithm::Anneal(schedule).to_string();
    assert_eq!(Algorithm::parse(&written), Some(Algorithm::Anneal(schedule)), "{written}");
    assert_eq!(Algorithm::parse("anneal:seed=9"), Some(Algorithm::Anneal(Schedule { seed: 9, ..Schedule::default() })));
    for bad in [
        "anneal:iterations=0",
        "anneal:t_start=0",
        "anneal:t_start=0.01,t_end=1",
        "anneal:t_end=0.0001",
        "anneal:speed=3",
        "anneal:seed",
    ] {
        assert_eq!(Algorithm::parse(bad), None, "{bad}");
    }
    assert!(!Algorithm::Anneal(Schedule::default()).is_optimal());
}

/// The families that generate by annealing, with a band each reaches quickly.
fn annealing_families() -> Vec<(&'static lphint::registry::Entry, String)> {
    lphint::registry::families()
        .iter()
        .filter(|f| {
            f.params.iter().any(|p| {
                p.name == "method" && matches!(p.kind, lphint::params::Kind::Choice(c) if c.contains(&"anneal"))
            })
        })
        .map(|f| {
            let params = match f.name {
                "tiles" => "size=3x3,min=14,max=22",
                "jugs" => "min=6,max=12,capacities=4..12",
                "flip" => "size=4x4,min=5,max=9",
                "hargram" => "preset=medium",
                "blocks" => "size=4x4,min=8,max=20",
                other => panic!("{other}: which band for annealing?"),
            };
            (f, format!("{params},method=anneal,iterations=30"))
        })
        .collect()
}

#[test]
fn annealed_puzzles_are_rated_exactly_in_their_band_and_distinct() {
    use lphint::pack::{Bounded, PackEntry};
    let families = annealing_families();
    let names: Vec<&str> = families.iter().map(|(f, _)| f.name).collect();
    assert_eq!(names, ["tiles", "jugs", "flip", "hargram", "blocks"], "every family that mutates puzzles");
    for (family, params) in families {
        let mut generator = family.generator(&params, 3).unwrap();
        let band = {
            let values = lphint::params::Values::parse(family.params, family.presets, &params).unwrap();
            (values.int("min") as u32, values.int("max") as u32)
        };
        let mut seen = std::collections::HashSet::new();
        for _ in 0..6 {
            let made = generator.next(u32::MAX).unwrap_or_else(|s| panic!("{params}: {}", generator.reason(s)));
            let desc = made.session.describe();
            assert!((band.0..=band.1).contains(&made.rating), "{desc} rated {} outside {band:?}", made.rating);
            assert!(seen.insert(made.session.fingerprint()), "{desc}: handed out twice");
            // Re-rated by the family's exact rater, its stored solution replayed.
            let entry = PackEntry {
                desc: desc.clone(),
                rating: made.rating,
                solution: Some(Bounded(made.session.stored_solution())),
                ..PackEntry::default()
            };
            lphint::registry::verify(&entry, None).unwrap_or_else(|e| panic!("{desc}: {e}"));
        }
    }
}

#[test]
fn annealing_gives_the_same_puzzles_for_a_seed_whatever_the_budget_of_each_call() {
    for (family, params) in annealing_families() {
        let run = |budget: u32| {
            let mut generator = family.generator(&params, 9).unwrap();
            (0..3)
                .map(|_| {
                    let made = generator.next(budget).unwrap();
                    (made.session.describe(), made.rating)
                })
                .collect::<Vec<_>>()
        };
        let whole = run(u32::MAX);
        assert_eq!(run(family.frame_budget), whole, "{params}: the frame budget");
        assert_eq!(run(7), whole, "{params}: 7 units a call");
    }
}

#[test]
fn annealing_parameters_are_checked() {
    let tiles = lphint::registry::named("tiles").unwrap();
    let refused = tiles.generator("method=anneal,t_start=5,t_end=10", 1).err().unwrap();
    assert!(refused.contains("t_end 10 is above t_start 5"), "{refused}");
    assert!(tiles.generator("method=anneal,iterations=0", 1).is_err());
    // Linjat's optimizer is its own: it takes no method.
    assert!(lphint::registry::named("linjat").unwrap().generator("method=anneal", 1).is_err());
}

#[test]
fn a_schedule_or_algorithm_that_does_not_read_says_which_key_and_its_range() {
    let why = |text: &str| Algorithm::read(text).expect_err(text);
    let cases = [
        ("anneal:t_start=0.01,t_end=5", "t_end 5.000 is above t_start 0.010: the temperature only cools"),
        ("anneal:iterations=0", "iterations is '0': a whole number from 1 to 4294967295"),
        ("anneal:t_start=NaN", "t_start is 'NaN': a temperature from 0.001 to 1000"),
        ("anneal:t_end=inf", "t_end is 'inf': a temperature from 0.001 to 1000"),
        ("anneal:restarts=-1", "restarts is '-1': a whole number from 0 to 4294967295"),
        ("anneal:seed=1,seed=2", "seed given twice"),
        ("anneal:speed=3", "unknown key 'speed' (the keys: iterations, t_start, t_end, restarts, seed)"),
        ("anneal:iterations", "expected key=value, found 'iterations'"),
        ("beam:0", "beam: the width is 0"),
        ("beam:wide", "beam: the width is 'wide'"),
        ("bfs:-3", "bfs: the depth is '-3'"),
        ("wastar:3/0", "the weight's denominator is 0"),
        ("astar:2", "astar takes no argument"),
        ("dfs", "unknown algorithm 'dfs' (the algorithms: bfs[:DEPTH]"),
    ];
    for (text, expected) in cases {
        assert!(why(text).contains(expected), "{text}: {}", why(text));
        assert_eq!(Algorithm::parse(text), None, "{text}");
    }
    // Every name as printed reads back.
    for text in ["bfs", "bfs:12", "hill", "anneal", "anneal:iterations=5,t_start=1.500,t_end=0.010,restarts=0,seed=3"] {
        assert_eq!(Algorithm::read(text).unwrap().to_string(), text);
    }
    assert_eq!(Schedule::read_over(Schedule::default(), "t_start=0.5").unwrap().t_start_milli, 500);
}
