//! Sliding blocks against the verified counts of `data/blocks.txt`: optimal moves under the three counts
//! and the number of reachable canonical states (and of solved ones), for every layout.

use lphint::families::blocks::{text, Blocks, Count};
use lphint::search::bfs::Bfs;
use lphint::search::{solve_with, Puzzle, Search, Status};

/// One case of the data file: its id, description and listed counts.
struct Case {
    id: String,
    desc: String,
    optimal: [(Count, i64); 3],
    reachable: (usize, usize),
}

fn cases() -> Vec<Case> {
    let data = include_str!("../data/blocks.txt");
    let mut out = Vec::new();
    for chunk in data.split("\n=== ").skip(1) {
        let mut lines = chunk.lines();
        let id = lines.next().unwrap().trim().to_string();
        let (mut size, mut board, mut goals, mut optimal, mut reachable) =
            ((0, 0), Vec::new(), Vec::new(), [0i64; 3], (0, 0));
        while let Some(line) = lines.next() {
            let (key, value) = line.split_once(':').map(|(k, v)| (k.trim(), v.trim())).unwrap_or(("", ""));
            let number = |v: &str| v.split_whitespace().next().unwrap().parse::<i64>().unwrap();
            match key {
                "size" => {
                    let v: Vec<usize> = value.split_whitespace().map(|x| x.parse().unwrap()).collect();
                    size = (v[0], v[1]);
                }
                "board" => board = (0..size.1).map(|_| lines.next().unwrap().trim().to_string()).collect(),
                "goal" => {
                    let v: Vec<&str> = value.split_whitespace().collect();
                    goals.push(format!("{}@{},{}", v[0], v[1], v[2]));
                }
                "optimal_step" => optimal[0] = number(value),
                "optimal_line" => optimal[1] = number(value),
                "optimal_free" => optimal[2] = number(value),
                "reachable_states" => {
                    let goal_states = value.split("goal states:").nth(1).unwrap().trim().trim_end_matches(')');
                    reachable = (number(value) as usize, goal_states.parse().unwrap());
                }
                _ => {}
            }
        }
        let desc = format!("blocks:{}x{}:{}:{}", size.0, size.1, board.join("/"), goals.join(";"));
        let optimal = [(Count::Step, optimal[0]), (Count::Line, optimal[1]), (Count::Free, optimal[2])];
        out.push(Case { id, desc, optimal, reachable });
    }
    out
}

#[test]
fn every_layout_has_its_listed_optimal_counts() {
    let cases = cases();
    assert_eq!(cases.len(), 8, "every case of the data file is read");
    for case in &cases {
        let puzzle = text::parse(&case.desc).unwrap_or_else(|e| panic!("{}: {e}", case.id));
        for (count, expected) in case.optimal {
            let puzzle = puzzle.with_count(count);
            let mut bfs = Bfs::<Blocks>::new(4_000_000, u32::MAX).unwrap();
            let outcome = solve_with(&mut bfs, &puzzle, puzzle.start_layout());
            let found = match outcome.status {
                Status::Found => outcome.moves.len() as i64,
                Status::Unsolvable => -1,
                other => panic!("{} {}: {}", case.id, count.name(), other.name()),
            };
            assert_eq!(found, expected, "{} under {}", case.id, count.name());
            // The solution replays move by move to the goal.
            let mut state = puzzle.start_layout();
            for mv in &outcome.moves {
                state = puzzle.apply(&state, mv).unwrap_or_else(|| panic!("{}: illegal {mv:?}", case.id));
            }
            assert!(expected < 0 || puzzle.is_goal(&state));
        }
    }
}

#[test]
fn every_layout_reaches_its_listed_number_of_canonical_states() {
    for case in cases() {
        let puzzle = text::parse(&case.desc).unwrap().with_count(Count::Step);
        let mut explorer = Bfs::<Blocks>::explorer(4_000_000).unwrap();
        explorer.restart(&puzzle, puzzle.start_layout());
        assert_eq!(explorer.run(&puzzle), Status::Unsolvable, "{}: explored to the end", case.id);
        let goals = explorer.distances().filter(|(s, _)| puzzle.is_goal(s)).count();
        assert_eq!((explorer.len(), goals), case.reachable, "{}", case.id);
    }
}

#[test]
fn descriptions_round_trip() {
    for case in cases() {
        let puzzle = text::parse(&case.desc).unwrap();
        let printed = text::describe(&puzzle);
        assert_eq!(text::describe(&text::parse(&printed).unwrap()), printed, "{}", case.id);
        for count in Count::ALL {
            let other = puzzle.with_count(count);
            assert_eq!(text::parse(&text::describe(&other)).unwrap(), other);
        }
    }
}
