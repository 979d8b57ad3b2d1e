//! The original's pool optimizer (`../shared/LINJAT.md` section 5.4), stepped: a pool of up to 10 unique
//! puzzles the rules solve; each iteration mutates a random member (a number one less, one more, or moved
//! to a cell its solution leaves free; again with probability 1/3), clears and re-adds its dots, rates it
//! by the generator objective and — when the rules solve it with a required rule and the exact solver
//! finds it unique — inserts it and drops the worst. Deterministic for a seed; a unit of work is a rule
//! step or an exact-search choice.

use super::exact::ExactSearch;
use super::generate::{acceptable, LinjatParams, Workspace};
use super::rules::{classify_with, Profile};
use super::{Drawn, Linjat, MAX_VALUE};
use crate::generate::{Drawing, Fact};
use crate::search::{Status, Step};
use alloc::boxed::Box;
use alloc::vec::Vec;
use rand::RngExt;
use rand_xoshiro::Xoshiro256PlusPlus;

/// Puzzles the pool keeps.
pub const POOL: usize = 10;

/// A member of the pool: the puzzle, its solution, its profile and objective.
#[derive(Clone, Debug)]
struct Member {
    puzzle: Linjat,
    solution: Drawn,
    profile: Profile,
    objective: i64,
}

/// The stepped drawing: attempts until a seed candidate (solved by the rules with a required rule,
/// unique), then `iterations` optimizer iterations; the best member is the candidate. The rule solver
/// works on masks of `W` words (see [`boxed`]).
pub struct Optimizer<const W: usize> {
    params: LinjatParams,
    pool: Vec<Member>,
    done: u32,
    /// Attempts spent on the current seed candidate.
    attempts: u64,
    exact: ExactSearch,
    work: Workspace<W>,
    /// The solution's free cells and the numbers' cells of a mutant (reused).
    free: Vec<usize>,
    cells_of: Vec<usize>,
    /// Puzzles whose storage is free for the next member or candidate: a member's board is copied into
    /// one, so that an iteration allocates nothing.
    spares: Vec<Linjat>,
    /// The candidate ready to be taken, a copy of the best member, and its facts.
    ready: Option<Linjat>,
    facts: Vec<Fact>,
}

/// The optimizer for `params`, its rule solver on masks of as few words as its boards need.
pub fn boxed(params: LinjatParams) -> Box<dyn Drawing<Linjat>> {
    match params.size.0 as usize * params.size.1 as usize {
        0..=64 => Box::new(Optimizer::<1>::new(params)),
        65..=128 => Box::new(Optimizer::<2>::new(params)),
        _ => Box::new(Optimizer::<4>::new(params)),
    }
}

impl<const W: usize> Optimizer<W> {
    /// An optimizer for `params`.
    pub fn new(params: LinjatParams) -> Optimizer<W> {
        let work = Workspace::new(params.allowed);
        let cells = params.size.0 as usize * params.size.1 as usize;
        let exact = ExactSearch::reserved(cells, params.numbers.1 as usize);
        // The pool's members, the one on trial and the candidate.
        let spares = (0..POOL + 2).map(|_| Linjat::from_board(Self::board_storage(&params))).collect();
        Optimizer {
            params,
            pool: Vec::with_capacity(POOL + 1),
            done: 0,
            attempts: 0,
            exact,
            work,
            free: Vec::with_capacity(cells),
            cells_of: Vec::with_capacity(cells),
            spares,
            ready: None,
            facts: Vec::with_capacity(16),
        }
    }

    /// A puzzle whose storage is free (made when none is: more puzzles than the pool's are in use only
    /// while the generator holds a candidate the caller shares).
    fn spare(&mut self) -> Linjat {
        self.spares.pop().unwrap_or_else(|| Linjat::from_board(Self::board_storage(&self.params)))
    }

    /// An empty board with the storage a board of `params` needs.
    fn board_storage(params: &LinjatParams) -> super::Board {
        super::Board::reserved(params.size.0 as usize * params.size.1 as usize, params.numbers.1 as usize)
    }

    /// The member the workspace's board makes when the rules solve it with a required rule, it would
    /// stay in the pool, and it is unique; the work spent either way.
    fn member(&mut self) -> (Option<Member>, u32) {
        let profile = classify_with(&mut self.work.rules, &self.work.board, self.params.allowed);
        let mut work = profile.steps.max(1);
        if !acceptable(&profile, self.params.required) {
            return (None, work);
        }
        // A full pool would drop a puzzle no better than its worst at once: no need to prove it unique.
        let objective = self.params.weights.objective(&profile);
        if self.pool.len() >= POOL && self.pool.last().is_some_and(|worst| objective <= worst.objective) {
            return (None, work);
        }
        let mut puzzle = self.spare();
        puzzle.set_board(&self.work.board);
        self.exact.restart(&puzzle, &Drawn::NONE, 2);
        while self.exact.step(&puzzle, u32::MAX).status == Status::InProgress {}
        work = work.saturating_add(self.exact.nodes() as u32);
        let (Some(solution), 1) = (self.exact.first(), self.exact.solutions()) else {
            self.spares.push(puzzle);
            return (None, work);
        };
        (Some(Member { puzzle, solution, profile, objective }), work)
    }

    /// One iteration: a mutant of a random member, inserted when it qualifies.
    fn iterate(&mut self, rng: &mut Xoshiro256PlusPlus) -> u32 {
        let parent = &self.pool[rng.random_range(0..self.pool.len())];
        let board = parent.puzzle.board();
        let (w, h) = (board.width, board.height);
        let grid = &mut self.work.grid;
        grid.clear();
        grid.extend((0..w * h).map(|c| match board.number_at[c] {
            Some(p) => super::Cell::Number(board.numbers[p as usize].value),
            None => super::Cell::Empty,
        }));
        let covered = parent.puzzle.covered(&parent.solution);
        let (free, cells_of) = (&mut self.free, &mut self.cells_of);
        free.clear();
        free.extend((0..w * h).filter(|&c| !super::has(&covered, c)));
        cells_of.clear();
        cells_of.extend(board.numbers.iter().map(|n| n.cell as usize));
        loop {
            let i = rng.random_range(0..cells_of.len());
            let cell = cells_of[i];
            let super::Cell::Number(value) = grid[cell] else { break };
            match rng.random_range(0..3) {
                0 if value > 1 => grid[cell] = super::Cell::Number(value - 1),
                1 if value < MAX_VALUE - 1 => grid[cell] = super::Cell::Number(value + 1),
                2 => {
                    // A uniform free cell that is empty: the k-th of them.
                    let empty = |c: &&usize| grid[**c] == super::Cell::Empty;
                    let targets = free.iter().filter(empty).count();
                    let chosen = (targets > 0).then(|| rng.random_range(0..targets));
                    if let Some(&to) = chosen.and_then(|k| free.iter().filter(empty).nth(k)) {
                        grid[to] = grid[cell];
                        grid[cell] = super::Cell::Empty;
                        cells_of[i] = to;
                    }
                }
                _ => {}
            }
            if rng.random_range(0..3) != 0 {
                break;
            }
        }
        let (solved, steps) = self.work.solve_grid(w, h, self.params.allowed, rng);
        if !solved {
            return steps.max(1);
        }
        let (member, work) = self.member();
        if let Some(member) = member {
            // Best first; among equals the older stays ahead (a stable order).
            let at = self.pool.iter().position(|m| m.objective < member.objective).unwrap_or(self.pool.len());
            self.pool.insert(at, member);
            if self.pool.len() > POOL {
                let dropped = self.pool.pop().map(|m| m.puzzle);
                self.spares.extend(dropped);
            }
        }
        steps.saturating_add(work)
    }

    /// Makes the best member the ready candidate (a copy), with its facts: its objective, its rule
    /// profile, the attempts its seed took and the iterations run; the pool's storage goes to the spares.
    fn finish(&mut self) {
        let mut ready = self.spare();
        if let Some(best) = self.pool.first() {
            let facts = &mut self.facts;
            facts.clear();
            facts.push(Fact { name: "objective", value: best.objective });
            for rule in super::rules::Rule::ALL {
                facts.push(Fact { name: rule.name(), value: best.profile.depth_of(rule) as i64 });
            }
            facts.push(Fact { name: "max_width", value: best.profile.widest as i64 });
            facts.push(Fact { name: "attempts", value: self.attempts as i64 });
            facts.push(Fact { name: "iterations", value: self.done as i64 });
            ready.set_board(best.puzzle.board());
            self.ready = Some(ready);
        } else {
            self.spares.push(ready);
        }
        self.spares.extend(self.pool.drain(..).map(|m| m.puzzle));
    }
}

impl<const W: usize> Drawing<Linjat> for Optimizer<W> {
    fn step(&mut self, rng: &mut Xoshiro256PlusPlus, budget: u32) -> Step {
        let mut spent = 0u32;
        while spent < budget.max(1) {
            if self.pool.is_empty() {
                let (solved, steps) = self.work.attempt(&self.params, rng);
                self.attempts += 1;
                spent = spent.saturating_add(steps.max(1));
                if solved {
                    let (member, work) = self.member();
                    spent = spent.saturating_add(work);
                    if let Some(member) = member {
                        self.pool.push(member);
                        self.done = 0;
                    }
                }
                continue;
            }
            if self.done >= self.params.iterations {
                self.finish();
                self.attempts = 0;
                return Step::new(Status::Found, spent);
            }
            spent = spent.saturating_add(self.iterate(rng));
            self.done += 1;
        }
        Step::new(Status::InProgress, spent)
    }

    fn take_into(&mut self, out: &mut Option<Linjat>, facts: &mut Vec<Fact>) -> bool {
        let Some(ready) = self.ready.take() else { return false };
        // The candidate it replaces becomes a spare.
        self.spares.extend(out.replace(ready));
        facts.clear();
        facts.extend_from_slice(&self.facts);
        true
    }
}
