//! What a run of the rule solver amounts to: its profile (steps per rule, the widest), the original's
//! generator objective and the collection score it publishes by.

use super::{Progress, Rule, RuleState};
use crate::families::linjat::{Board, Drawn, MAX_CELLS, MAX_NUMBERS, MAX_ORIENTATIONS};

/// What the rule solver needed for a puzzle: per rule the steps it won (`depth`) and its widest step;
/// over all, the steps and the widest; and whether it solved the puzzle.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Profile {
    /// Steps won by each rule, in [`Rule::ALL`] order.
    pub depth: [u32; 7],
    /// The widest step of each rule.
    pub max_width: [u32; 7],
    /// All steps.
    pub steps: u32,
    /// The widest step.
    pub widest: u32,
    /// Whether the rules solved the puzzle.
    pub solved: bool,
    /// Whether they found it contradictory.
    pub impossible: bool,
}

impl Profile {
    /// Steps won by `rule`.
    pub fn depth_of(&self, rule: Rule) -> u32 {
        self.depth[rule as usize]
    }

    /// Adds one step.
    pub fn add(&mut self, rule: Rule, count: u32) {
        self.depth[rule as usize] += 1;
        self.max_width[rule as usize] = self.max_width[rule as usize].max(count);
        self.steps += 1;
        self.widest = self.widest.max(count);
    }
}

/// Classifies `board` from its numbers and dots alone with the rules in `allowed`: steps until solved,
/// stuck or impossible (at most one step per cell and orientation, which bounds any run).
pub fn classify(board: &Board, allowed: u8) -> Profile {
    classify_with(&mut RuleState::<4>::blank(allowed), board, allowed)
}

/// [`classify`] in the state `scratch` (reset first), so that a run of classifications makes no new
/// state each.
pub fn classify_with<const W: usize>(scratch: &mut RuleState<W>, board: &Board, allowed: u8) -> Profile {
    scratch.reset(board, &Drawn::NONE, allowed);
    let state = scratch;
    let mut profile = Profile::default();
    for _ in 0..MAX_STEPS {
        match state.step(board) {
            Progress::Rule(rule, count) => profile.add(rule, count),
            Progress::Solved => {
                profile.solved = true;
                break;
            }
            Progress::Impossible => {
                profile.impossible = true;
                break;
            }
            Progress::Stuck => break,
        }
    }
    profile
}

/// More steps than any run takes: each step fixes a cell or removes an orientation.
pub const MAX_STEPS: usize = MAX_CELLS + MAX_NUMBERS * MAX_ORIENTATIONS + 1;

/// The weights of the original generator's objective: per rule, what a step it wins is worth, and what
/// the widest step is worth.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Weights {
    /// Per rule, in [`Rule::ALL`] order.
    pub rule: [i32; 7],
    /// Per cell of the widest step.
    pub max_width: i32,
}

impl Default for Weights {
    /// The original's command-line defaults: cover, cant_fit, square, dependency, one_of 1; widest step
    /// -1; single_solution -50; uncontested -1.
    fn default() -> Weights {
        Weights { rule: [-1, 1, -50, 1, 1, 1, 1], max_width: -1 }
    }
}

impl Weights {
    /// `gen.sh`'s weights for cover, cant_fit, square, dependency, one_of and the widest step (the
    /// uniqueness-assuming rules keep -50 and -1).
    pub fn tier(cover: i32, cant_fit: i32, square: i32, dependency: i32, one_of: i32, max_width: i32) -> Weights {
        Weights { rule: [-1, cover, -50, cant_fit, square, dependency, one_of], max_width }
    }

    /// The generator's objective of `profile`: the sum over rules of steps times weight, plus the widest
    /// step times its weight.
    pub fn objective(&self, profile: &Profile) -> i64 {
        let rules: i64 = (0..7).map(|r| profile.depth[r] as i64 * self.rule[r] as i64).sum();
        rules + profile.widest as i64 * self.max_width as i64
    }
}

/// The collection score the original publishes by (`build-puzzle-collection.pl`): `cover + cant_fit +
/// 10 square + 50 dependency + 20 one_of - 200 single_solution - 50 uncontested - 2 widest`, plus the
/// tier's extra (`extra_cant_fit` times cant_fit, plus `extra`: easy 1.25 and 0, medium 1.1 and 0, hard
/// 0 and 0, expert 0 and 1).
pub fn collection_score(profile: &Profile, extra_cant_fit: f64, extra: f64) -> f64 {
    let d = |r: Rule| profile.depth_of(r) as f64;
    extra_cant_fit * d(Rule::CantFit)
        + extra
        + d(Rule::Cover)
        + d(Rule::CantFit)
        + 10.0 * d(Rule::Square)
        + 50.0 * d(Rule::Dependency)
        + 20.0 * d(Rule::OneOf)
        - 200.0 * d(Rule::SingleSolution)
        - 50.0 * d(Rule::Uncontested)
        - 2.0 * profile.widest as f64
}

/// The collection score's extra for a tier (`easy`, `medium`, `hard`, `expert`): the factor of
/// cant_fit and the constant.
pub fn tier_extra(tier: &str) -> (f64, f64) {
    match tier {
        "easy" => (1.25, 0.0),
        "medium" => (1.1, 0.0),
        "expert" => (0.0, 1.0),
        _ => (0.0, 0.0),
    }
}
