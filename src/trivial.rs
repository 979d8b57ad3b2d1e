//! "Solve the trivial steps", stepped under a budget as a hint is: for a family that deduces as a player
//! does (Linjat), the moves its rules fix from the position — once a search has shown that some solution
//! keeps every part the player placed (rules applied to a mistake would build on it); for the others, the
//! forced moves, each the only move of its position that leads to a solvable one, found by a search per
//! move of each position.

use crate::family::{Family, HintCells};
use crate::search::{Search, Solver, Status};
use crate::status::Shortfall;
use alloc::vec::Vec;

/// What a run is doing.
enum Phase<F: Family> {
    /// Searching for a solution from the position, to tell whether every part placed is in one.
    Keeping,
    /// Deciding which ways on from the position the run stands at lead to a solvable position: its
    /// moves (each with the position after it), the next to decide, and the one found so far.
    Ways { ways: Vec<(F::Move, F::State)>, next: usize, forced: Option<(F::Move, F::State)> },
}

/// A trivial-steps run from one position.
pub struct Trivial<F: Family> {
    solver: Solver<F>,
    /// The position the run started from, the rules and the most moves asked for.
    from: F::State,
    rules: Vec<u32>,
    max_moves: usize,
    /// The position the moves found so far lead to, in the player's labels, and those moves.
    at: F::State,
    found: Vec<F::Move>,
    phase: Phase<F>,
    /// Whether a search runs from the current question.
    asking: bool,
}

impl<F: Family> Trivial<F> {
    /// A run from the player's position `from` with `solver` (its memory reserved and its node limit set
    /// by the caller: a search that reaches it stops the run).
    pub fn new(puzzle: &F, solver: Solver<F>, from: F::State, rules: &[u32], max_moves: usize) -> Self {
        let phase = match F::DEDUCES {
            true => Phase::Keeping,
            false => Phase::Ways { ways: Vec::new(), next: 0, forced: None },
        };
        let mut run = Trivial {
            solver,
            from,
            rules: rules.to_vec(),
            max_moves,
            at: from,
            found: Vec::new(),
            phase,
            asking: false,
        };
        run.list_ways(puzzle);
        run
    }

    /// Whether this is the run from `from` for `rules` and `max_moves`.
    pub fn runs(&self, from: &F::State, rules: &[u32], max_moves: usize) -> bool {
        self.from == *from && self.rules == rules && self.max_moves == max_moves
    }

    /// Lists the ways on from where the run stands (for forced moves).
    fn list_ways(&mut self, puzzle: &F) {
        if let Phase::Ways { ways, next, forced } = &mut self.phase {
            ways.clear();
            (*next, *forced) = (0, None);
            puzzle.successors(&self.at, |mv, after, _| ways.push((mv, after)));
        }
    }

    /// Works on the run for at most about `budget` units (the searches' node expansions): the moves to
    /// play when done (in the player's labels, from the run's position), `InProgress` while a search runs,
    /// `NotFound(Mistakes)` when no solution keeps the parts the player placed, or why a search stopped
    /// (`OutOfNodes` with no move found before it; `OutOfMemory`). Returns the work spent beside.
    pub fn step(&mut self, puzzle: &F, budget: u32) -> (Result<Vec<F::Move>, Status>, u32) {
        let mut spent = 0u32;
        loop {
            if self.found.len() >= self.max_moves || puzzle.is_goal(&self.at) {
                return (Ok(core::mem::take(&mut self.found)), spent);
            }
            let question = match &self.phase {
                Phase::Keeping => Ok(self.at),
                Phase::Ways { ways, next, forced } => ways.get(*next).map(|(_, after)| *after).ok_or(*forced),
            };
            let question = match question {
                Ok(question) => question,
                // Every way decided: the one forced move played, and on from there; or none.
                Err(Some((mv, _))) => match puzzle.play(&self.at, &mv) {
                    Some(next) => {
                        self.found.push(mv);
                        self.at = next;
                        self.list_ways(puzzle);
                        continue;
                    }
                    None => return (Ok(core::mem::take(&mut self.found)), spent),
                },
                Err(None) => return (Ok(core::mem::take(&mut self.found)), spent),
            };
            let answer = if puzzle.is_goal(&question) {
                Status::Found
            } else {
                if !self.asking {
                    self.solver.restart(puzzle, puzzle.canonical(&question));
                    self.asking = true;
                }
                if spent >= budget.max(1) {
                    return (Err(Status::InProgress), spent);
                }
                let step = self.solver.step(puzzle, budget.max(1) - spent);
                spent = spent.saturating_add(step.work.max(1));
                step.status
            };
            if answer == Status::InProgress {
                continue;
            }
            self.asking = false;
            match (answer, &mut self.phase) {
                (Status::Found | Status::Unsolvable, Phase::Keeping) => {
                    return (self.deduce(puzzle, question, answer), spent);
                }
                (Status::Found, Phase::Ways { ways, next, forced }) => {
                    if forced.is_some() {
                        // Two ways on: nothing forced.
                        return (Ok(core::mem::take(&mut self.found)), spent);
                    }
                    *forced = Some(ways[*next]);
                    *next += 1;
                }
                (Status::Unsolvable, Phase::Ways { next, .. }) => *next += 1,
                (Status::OutOfNodes, _) if !self.found.is_empty() => {
                    return (Ok(core::mem::take(&mut self.found)), spent);
                }
                (other, _) => return (Err(other), spent),
            }
        }
    }

    /// The rules' deductions from `position` once the search from it ended on `answer`: none from an
    /// unsolvable position; refused when the solution found lacks a part the player placed (their notes
    /// aside: the rules do not read them).
    fn deduce(&mut self, puzzle: &F, position: F::State, answer: Status) -> Result<Vec<F::Move>, Status> {
        if answer == Status::Unsolvable {
            return Ok(Vec::new());
        }
        let mut path = Vec::new();
        self.solver.write_path(&mut path);
        let solved = path.last().map_or(puzzle.canonical(&position), |(_, s)| *s);
        let mut wrong = HintCells::new();
        let read = puzzle.canonical(&puzzle.without_notes(&position));
        if puzzle.mistakes(&read, &solved, &mut wrong) && !wrong.is_empty() {
            return Err(Status::NotFound(Shortfall::Mistakes));
        }
        Ok(puzzle.deduced_moves(&position, &self.rules).unwrap_or_default().into_iter().take(self.max_moves).collect())
    }
}
