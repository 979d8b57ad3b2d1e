//! Linjat generation by the original game's method (`../shared/LINJAT.md` section 5): numbers 2–5 on
//! random cells; the rule solver runs, and wherever it is stuck a dot goes on the cell that tells the
//! least (the one the most numbers could cover); a candidate the rules solve, using the rule the tier
//! requires, is then rated — and **proven unique by the exact solver**, which the original never did.
//! The rating is the number of deduction steps the rules need (`steps`).

use super::exact::ExactSearch;
use super::family::Plan;
use super::optimize;
use super::rules::{classify, Profile, Progress, Rule, RuleState, Weights, ALL_RULES};
use super::{and_not, cells, fit, free_runs, set, Board, Cell, Drawn, Linjat, MAX_NUMBERS, MAX_SIDE};
use crate::generate::{Drawing, Generate};
use crate::memory::OutOfMemory;
use crate::params::{Kind, Preset, Spec, Values};
use crate::search::{Algorithm, Search, Shortfall, Solver, Stats, Status, Step};
use alloc::boxed::Box;
use alloc::string::String;
use alloc::vec::Vec;
use rand::RngExt;
use rand_xoshiro::Xoshiro256PlusPlus;

/// What to generate.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LinjatParams {
    /// Fewest and most deduction steps.
    pub band: (u32, u32),
    /// Width and height.
    pub size: (u8, u8),
    /// Fewest and most numbers.
    pub numbers: (u8, u8),
    /// The rules the solver may use ([`Rule::bit`]s).
    pub allowed: u8,
    /// Rules of which at least one must be used (none: no requirement).
    pub required: u8,
    /// Optimizer iterations per puzzle (0: the first candidate as it is).
    pub iterations: u32,
    /// The optimizer's objective.
    pub weights: Weights,
}

/// Rules of the basic tiers: no square, dependency or one-of.
const BASIC: u8 = ALL_RULES & !(1 << Rule::Square as u8) & !(1 << Rule::Dependency as u8) & !(1 << Rule::OneOf as u8);

/// The rule sets `rules` names, by its choice index.
const RULE_SETS: [u8; 3] = [BASIC, BASIC | 1 << Rule::Square as u8, ALL_RULES];

/// The requirements `require` names.
const REQUIREMENTS: [u8; 3] =
    [0, 1 << Rule::Square as u8, 1 << Rule::Square as u8 | 1 << Rule::Dependency as u8 | 1 << Rule::OneOf as u8];

/// Rounds of dot adding per attempt, as the original.
const DOT_ROUNDS: usize = 100;

impl Generate for Linjat {
    const RATING_UNIT: &'static str = "steps";
    const RATED_BY_LENGTH: bool = false;

    const PARAMS: &'static [Spec] = &[
        Spec { name: "min", kind: Kind::Int, min: 0, max: 1000, default: "1", doc: "fewest deduction steps" },
        Spec { name: "max", kind: Kind::Int, min: 0, max: 1000, default: "1000", doc: "most deduction steps" },
        Spec {
            name: "size",
            kind: Kind::Size,
            min: 2,
            max: MAX_SIDE as i64,
            default: "6x9",
            doc: "grid width and height",
        },
        Spec {
            name: "numbers",
            kind: Kind::Range,
            min: 1,
            max: MAX_NUMBERS as i64,
            default: "7..10",
            doc: "how many numbers",
        },
        Spec {
            name: "rules",
            kind: Kind::Choice(&["basic", "square", "all"]),
            min: 0,
            max: 2,
            default: "all",
            doc: "rules the solver may use: basic (no square, dependency, one-of), basic and square, or all",
        },
        Spec {
            name: "require",
            kind: Kind::Choice(&["none", "square", "advanced"]),
            min: 0,
            max: 2,
            default: "none",
            doc: "a rule the solution must use: none, square, or any of square, dependency, one-of",
        },
        Spec {
            name: "iterations",
            kind: Kind::Int,
            min: 0,
            max: 1_000_000,
            default: "10000",
            doc: "pool optimizer iterations per puzzle (0: the first candidate the rules solve)",
        },
        weight("w_cover", "1", "objective weight of a cover step"),
        weight("w_cant_fit", "1", "objective weight of a cant_fit step"),
        weight("w_square", "1", "objective weight of a square step"),
        weight("w_dependency", "1", "objective weight of a dependency step"),
        weight("w_one_of", "1", "objective weight of a one_of step"),
        weight("w_max_width", "-1", "objective weight of the widest step's width"),
        weight("w_single_solution", "-50", "objective weight of a single_solution step"),
        weight("w_uncontested", "-1", "objective weight of an uncontested step"),
    ];

    /// The original's tiers: easy 6×9 with 7–10 numbers and basic rules; medium 7×10 with 15–20; hard
    /// 8×11 with 19–22, using the square rule; expert 9×13 with 23–26, any rule, using an advanced one.
    /// The objective weights are `gen.sh`'s (cover, cant_fit, square, dependency, one_of, widest step):
    /// easy 1/1/0/0/0/-1, medium 1/3/0/0/0/-1, hard 1/3/50/0/0/-2, expert 1/3/50/100/60/-2; 10,000
    /// optimizer iterations each.
    const PRESETS: &'static [Preset] = &[
        Preset {
            name: "easy",
            params: "size=6x9,numbers=7..10,rules=basic,w_cant_fit=1,w_square=0,w_dependency=0,w_one_of=0",
        },
        Preset {
            name: "medium",
            params: "size=7x10,numbers=15..20,rules=basic,w_cant_fit=3,w_square=0,w_dependency=0,w_one_of=0",
        },
        Preset {
            name: "hard",
            params: "size=8x11,numbers=19..22,rules=square,require=square,w_cant_fit=3,w_square=50,w_dependency=0,\
                     w_one_of=0,w_max_width=-2",
        },
        Preset {
            name: "expert",
            params: "size=9x13,numbers=23..26,rules=all,require=advanced,w_cant_fit=3,w_square=50,w_dependency=100,\
                     w_one_of=60,w_max_width=-2",
        },
    ];

    const SMALL: &'static str = "size=5x4,numbers=3..4,iterations=0";

    type Params = LinjatParams;

    fn params(values: &Values) -> Result<LinjatParams, String> {
        let (w, h) = values.pair("size");
        let (lo, hi) = values.pair("numbers");
        if hi > w * h / 2 {
            return Err(alloc::format!("{hi} numbers do not fit a {w}x{h} grid (at most half its cells)"));
        }
        let (rules, require) = (values.int("rules") as usize, values.int("require") as usize);
        let (allowed, required) = (RULE_SETS[rules.min(2)], REQUIREMENTS[require.min(2)]);
        if required != 0 && required & allowed == 0 {
            return Err(alloc::format!(
                "require={} asks for a rule that rules={} leaves out: no puzzle can be accepted",
                values.text("require"),
                values.text("rules")
            ));
        }
        Ok(LinjatParams {
            band: (values.int("min") as u32, values.int("max") as u32),
            size: (w as u8, h as u8),
            numbers: (lo as u8, hi as u8),
            allowed,
            required,
            iterations: values.int("iterations") as u32,
            weights: Weights {
                rule: [
                    values.int("w_uncontested") as i32,
                    values.int("w_cover") as i32,
                    values.int("w_single_solution") as i32,
                    values.int("w_cant_fit") as i32,
                    values.int("w_square") as i32,
                    values.int("w_dependency") as i32,
                    values.int("w_one_of") as i32,
                ],
                max_width: values.int("w_max_width") as i32,
            },
        })
    }

    /// A puzzle has a number, which takes a deduction step.
    fn min_rating(_: &LinjatParams, _: &Self::Context) -> Option<u32> {
        Some(1)
    }

    fn band(params: &LinjatParams) -> (u32, u32) {
        params.band
    }

    type Context = ();

    fn context(_: &LinjatParams) -> Result<(), OutOfMemory> {
        Ok(())
    }

    /// One attempt of the original's method (the drawing repeats attempts until one is solved by the
    /// rules).
    fn candidate(params: &LinjatParams, _: &(), rng: &mut Xoshiro256PlusPlus) -> Linjat {
        let mut work = Workspace::<4>::new(params.allowed);
        work.attempt(params, rng);
        Linjat::from_board(work.board)
    }

    /// A copy with a board of its own: the optimizer reuses the candidate's board for the next one.
    fn handed_out(&self) -> Linjat {
        self.detached()
    }

    fn drawing(params: &LinjatParams, _: &()) -> Result<Option<Box<dyn Drawing<Linjat>>>, OutOfMemory> {
        Ok(Some(optimize::boxed(params.clone())))
    }

    /// Uniqueness by the exact solver (two solutions are a rejection), then the rules' classification
    /// (with the parameters' rules, which must solve it and use a required one); the rating is the
    /// number of steps, the solution the draws in deduction order.
    fn rater(&self, params: Option<&LinjatParams>) -> Result<Solver<Linjat>, OutOfMemory> {
        let (allowed, required) = params.map_or((ALL_RULES, 0), |p| (p.allowed, p.required));
        let rate = Rate {
            allowed,
            required,
            phase: RatePhase::Classify,
            profile: Profile::default(),
            exact: ExactSearch::default(),
            plan: Plan::default(),
            status: Status::Unsolvable,
            stats: Stats::default(),
        };
        Ok(Solver::custom(Algorithm::Exact, Box::new(rate)))
    }
}

/// An objective weight parameter.
const fn weight(name: &'static str, default: &'static str, doc: &'static str) -> Spec {
    Spec { name, kind: Kind::Int, min: -1000, max: 1000, default, doc }
}

/// Whether `profile` solved the puzzle using one of `required` (any, when none is required).
pub(super) fn acceptable(profile: &Profile, required: u8) -> bool {
    profile.solved && (required == 0 || Rule::ALL.iter().any(|&r| required & r.bit() != 0 && profile.depth_of(r) > 0))
}

/// What attempts and optimizer iterations build into, reserved once (an attempt makes no allocation).
pub(super) struct Workspace<const W: usize = 4> {
    /// The rule solver's state, reused by every attempt, dot round and classification.
    pub rules: Box<RuleState<W>>,
    /// The board of the last attempt or mutant.
    pub board: Board,
    /// The grid the board is built from.
    pub grid: Vec<Cell>,
}

impl<const W: usize> Workspace<W> {
    /// A workspace for a solver of the rules `allowed`.
    pub fn new(allowed: u8) -> Workspace<W> {
        Workspace { rules: Box::new(RuleState::blank(allowed)), board: Board::empty(), grid: Vec::new() }
    }

    /// One attempt into [`Workspace::board`]: random numbers, dots added where the rules are stuck.
    /// Whether the rules solved it while adding dots, and the rule steps spent.
    pub fn attempt(&mut self, params: &LinjatParams, rng: &mut Xoshiro256PlusPlus) -> (bool, u32) {
        let (w, h) = (params.size.0 as usize, params.size.1 as usize);
        let count = rng.random_range(params.numbers.0..=params.numbers.1) as usize;
        self.grid.clear();
        self.grid.resize(w * h, Cell::Empty);
        let mut placed = 0;
        while placed < count.min(w * h) {
            let cell = rng.random_range(0..w * h);
            if self.grid[cell] == Cell::Empty {
                self.grid[cell] = Cell::Number(rng.random_range(2..=5));
                placed += 1;
            }
        }
        self.solve_grid(w, h, params.allowed, rng)
    }

    /// Builds the board of the workspace's grid and adds its dots ([`add_dots`]): whether the rules
    /// solved it, and the steps spent. A grid with a number that fits nowhere fails at once: most random
    /// grids of the larger tiers do (85% of expert attempts), and the rules would find only that.
    pub fn solve_grid(&mut self, w: usize, h: usize, allowed: u8, rng: &mut Xoshiro256PlusPlus) -> (bool, u32) {
        if !every_number_fits(&self.grid, w, h) {
            return (false, 1);
        }
        if self.board.rebuild(w, h, &self.grid).is_err() {
            return (false, 1);
        }
        add_dots(&mut self.board, &mut self.rules, allowed, rng)
    }
}

/// Whether every number of the `w`×`h` `grid` has room for its segment along its row or its column.
fn every_number_fits(grid: &[Cell], w: usize, h: usize) -> bool {
    let is_number = |cell: usize| matches!(grid[cell], Cell::Number(_));
    let (mut r, mut c) = (0, 0);
    grid.iter().enumerate().all(|(cell, at)| {
        let fits = match *at {
            Cell::Number(n) if n > 1 => {
                let most = n as usize - 1;
                let runs = free_runs((w, h), (cell, r, c), most, is_number);
                runs.iter().any(|[before, after]| before + after >= most)
            }
            _ => true,
        };
        (r, c) = if c + 1 == w { (r + 1, 0) } else { (r, c + 1) };
        fits
    })
}

/// Adds dots where the rules are stuck (and for every number rule 1 could place uncontested, so that
/// the uniqueness-assuming rule has less to assume), at most [`DOT_ROUNDS`] rounds: whether the rules
/// solved the board, and the steps spent.
pub(super) fn add_dots<const W: usize>(
    board: &mut Board,
    state: &mut RuleState<W>,
    allowed: u8,
    rng: &mut Xoshiro256PlusPlus,
) -> (bool, u32) {
    state.reset(board, &Drawn::NONE, allowed);
    state.rebuild(board);
    let mut before = [0u8; super::MAX_CELLS];
    for (c, b) in before[..board.cells()].iter_mut().enumerate() {
        *b = state.reached_by(c) as u8;
    }
    let mut steps = 0;
    for _ in 0..DOT_ROUNDS {
        state.rebuild(board);
        let shared = state.shared();
        let mut from = 0;
        while let Some((p, _)) = state.next_uncontested(board, from, &shared) {
            if let Some(cell) = best_cell(board, state, &before, state.reach(p), rng) {
                set(&mut board.dots, cell);
            }
            from = p + 1;
        }
        steps += 1;
        match state.step_rebuilt(board) {
            Progress::Rule(..) => {}
            Progress::Solved => return (true, steps),
            Progress::Impossible => return (false, steps),
            Progress::Stuck => {
                let anywhere = state.reached_cells();
                match best_cell(board, state, &before, &anywhere, rng) {
                    Some(cell) => set(&mut board.dots, cell),
                    None => return (false, steps),
                }
            }
        }
    }
    (false, steps)
}

/// The cell of `among` that tells the least: not fixed, not a dot, with the most numbers able to cover
/// it (before any dot was added, plus now); ties broken uniformly at random.
fn best_cell<const W: usize>(
    board: &Board,
    state: &RuleState<W>,
    before: &[u8],
    among: &[u64; W],
    rng: &mut Xoshiro256PlusPlus,
) -> Option<usize> {
    let (mut best, mut score, mut ties) = (None, 0u32, 0u32);
    let open = and_not(&and_not(among, state.fixed_cells()), &fit(&board.dots));
    for c in cells(&open).filter(|&c| c < board.cells()) {
        let s = before[c] as u32 + state.reached_by(c);
        if best.is_none() || s > score {
            (best, score, ties) = (Some(c), s, 1);
        } else if s == score {
            ties += 1;
            if rng.random_range(0..ties) == 0 {
                best = Some(c);
            }
        }
    }
    best
}

/// Where the rater stands.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
enum RatePhase {
    /// Classifying with the rules.
    #[default]
    Classify,
    /// Counting solutions up to two.
    Unique,
    /// Ordering the solution's draws.
    Plan,
    /// Finished.
    Done,
}

/// The rater: classification, uniqueness, plan.
#[derive(Clone, Debug)]
struct Rate {
    allowed: u8,
    required: u8,
    phase: RatePhase,
    profile: Profile,
    exact: ExactSearch,
    plan: Plan,
    status: Status,
    stats: Stats,
}

impl Search<Linjat> for Rate {
    fn restart(&mut self, _: &Linjat, _: Drawn) {
        self.phase = RatePhase::Classify;
        self.status = Status::InProgress;
        self.stats = Stats::default();
    }

    fn step(&mut self, puzzle: &Linjat, budget: u32) -> Step {
        let mut spent = 0;
        while spent < budget.max(1) && self.status == Status::InProgress {
            match self.phase {
                RatePhase::Classify => {
                    spent += 1;
                    self.profile = classify(puzzle.board(), self.allowed);
                    if !acceptable(&self.profile, self.required) {
                        self.status = Status::NotFound(Shortfall::Rejected);
                    } else {
                        self.exact.restart(puzzle, &Drawn::NONE, 2);
                        self.phase = RatePhase::Unique;
                    }
                }
                RatePhase::Unique => {
                    let step = self.exact.step(puzzle, budget.max(1) - spent);
                    spent += step.work.max(1);
                    if step.status != Status::InProgress {
                        if self.exact.solutions() != 1 {
                            self.status = Status::NotFound(Shortfall::Rejected);
                        } else {
                            self.plan.restart(puzzle, Drawn::NONE);
                            self.phase = RatePhase::Plan;
                        }
                    }
                }
                RatePhase::Plan => {
                    let step = self.plan.step(puzzle, budget.max(1) - spent);
                    spent += step.work.max(1);
                    if step.status != Status::InProgress {
                        self.status = step.status;
                        self.phase = RatePhase::Done;
                    }
                }
                RatePhase::Done => break,
            }
        }
        self.stats.expanded += spent as u64;
        if self.status == Status::Found {
            self.stats.rating = Some(self.profile.steps);
            self.stats.solution_length = self.plan.stats().solution_length;
        }
        Step::new(self.status, spent.min(budget.max(1)))
    }

    fn status(&self) -> Status {
        self.status
    }

    fn stats(&self) -> Stats {
        self.stats
    }

    fn write_path(&self, out: &mut Vec<(super::Stroke, Drawn)>) {
        out.clear();
        if self.status == Status::Found {
            self.plan.write_path(out);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;

    /// The quick rejection agrees with the board: a grid fails it exactly when some number has no valid
    /// orientation (so it never throws away a grid the rules could solve).
    #[test]
    fn the_quick_rejection_is_exactly_a_number_with_no_valid_orientation() {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(11);
        let (mut rejected, mut kept) = (0, 0);
        for _ in 0..2000 {
            let (w, h) = (rng.random_range(2..=9), rng.random_range(2..=9));
            let mut grid = vec![Cell::Empty; w * h];
            for _ in 0..rng.random_range(1..=w * h / 2) {
                grid[rng.random_range(0..w * h)] = Cell::Number(rng.random_range(1..=9));
            }
            let board = Board::new(w, h, &grid).expect("a grid with a number");
            let fits = every_number_fits(&grid, w, h);
            assert_eq!(fits, board.valid.iter().all(|&v| v != 0), "{w}x{h} {grid:?}");
            if fits {
                kept += 1;
            } else {
                rejected += 1;
            }
        }
        assert!(rejected > 100 && kept > 100, "both kinds drawn: {rejected} rejected, {kept} kept");
    }
}
