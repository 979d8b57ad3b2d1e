//! Linjat against the verified counts of `data/linjat.txt`: solution counts, the unique puzzles solved
//! by the rules alone with their listed solution, the rule profiles against the reference solver's.

mod common;

use lphint::families::linjat::data::{cases, DataCase};
use lphint::families::linjat::rules::{classify, Rule, ALL_RULES};
use lphint::families::linjat::{exact, text, Drawn, Linjat};
use lphint::family::Family;

fn data() -> Vec<DataCase> {
    cases(include_str!("../data/linjat.txt")).unwrap()
}

/// The listed solution as a position.
fn listed(puzzle: &Linjat, case: &DataCase) -> Drawn {
    let desc = format!("{}:{}", case.desc, case.segments.join(";"));
    text::parse(&desc).unwrap_or_else(|e| panic!("{}: {e}", case.id)).drawn()
}

#[test]
fn every_puzzle_has_its_listed_number_of_solutions() {
    let cases = data();
    assert_eq!(cases.len(), 8);
    for case in &cases {
        let puzzle = text::parse(&case.desc).unwrap_or_else(|e| panic!("{}: {e}", case.id));
        let (count, first, _, complete) = exact::count(&puzzle, &Drawn::NONE, 3);
        assert_eq!(count, case.solutions as u64, "{}", case.id);
        assert!(complete || count == 3);
        if case.solutions == 1 {
            assert_eq!(first, Some(listed(&puzzle, case)), "{}: the listed solution", case.id);
        }
    }
}

#[test]
fn rule_profiles_against_the_reference() {
    let names = ["uncontested", "cover", "single", "cant_fit", "square", "dep", "one_of"];
    for case in data() {
        let puzzle = text::parse(&case.desc).unwrap();
        let profile = classify(puzzle.board(), ALL_RULES);
        let ours: Vec<String> = Rule::ALL.iter().zip(names).map(|(r, n)| format!("{n}={}", profile.depth_of(*r))).collect();
        let theirs: Vec<String> = case.rating_solve.iter().map(|(k, v)| format!("{k}={v}")).collect();
        println!("{} {}: ours {} depth={} max_width={} solved={} | ref {}", case.id, case.tier, ours.join(" "), profile.steps, profile.widest, profile.solved, theirs.join(" "));
    }
}
