//! A designer's whole solve of a level (`lp solve`, tools through [`crate::family::Family::designer_solver`]):
//! the push-optimal A\* first, which proves the shortest solution of most small levels; when it runs out
//! of room, a short plain greedy run in the same arrays (it solves some small levels in a fraction of a
//! second that the next phase does not in seconds: Microban 144, Microban II 104, 115, 118, 120); then the
//! feature-space search ([`Portfolio`]), which solves most large ones. Only the first
//! phase's solution is proven shortest ([`Search::proven_optimal`] says which).
//!
//! Unlike the hint searches, the feature-space phase allocates as it goes and a unit of its budget (one
//! move of a box, to any square it can reach) can cost far more than a push: not for per-frame calls.

use super::fess::Portfolio;
use super::search::{Order, PushSearch};
use super::{Action, Kind, Sokoban, State};
use crate::family::Family;
use crate::memory::OutOfMemory;
use crate::search::{Search, Shortfall, Stats, Status};
use crate::status::Step;
use alloc::vec::Vec;

/// Positions the greedy phase expands at most: where it works it is quick (Microban 144 and Microban II
/// 104, 115, 118 and 120 within a tenth of a second), and a full run of a hint's arrays on a large level
/// takes longer than the feature-space search (18 s on XSokoban 4, solved by the next phase in 1).
const GREEDY_WORK: u64 = 100_000;

/// Which phase a run is in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Phase {
    Proof,
    Features,
    Greedy,
}

/// A whole solve of one level, stepped.
pub struct WholeSolve {
    push: PushSearch,
    features: Option<Portfolio>,
    /// Positions the feature-space phase may store.
    feature_cap: usize,
    phase: Phase,
    start: State,
    /// The feature-space phase's solution, as positions of the puzzle.
    path: Vec<(Action, State)>,
    /// Units of the phases before the current one.
    earlier: u64,
    status: Status,
}

impl WholeSolve {
    /// A solve of `puzzle`'s levels whose A\* may store `proof_cap` positions (reserved now) and whose
    /// feature-space phase `feature_cap` (about 230 bytes each, reserved as it goes).
    pub fn new(puzzle: &Sokoban, proof_cap: usize, feature_cap: usize) -> Result<WholeSolve, OutOfMemory> {
        Ok(WholeSolve {
            push: PushSearch::new(puzzle, proof_cap)?,
            features: None,
            feature_cap,
            phase: Phase::Proof,
            start: puzzle.start(),
            path: Vec::new(),
            earlier: 0,
            status: Status::InProgress,
        })
    }

    /// The moves of a feature-space solution from `start`: each push as the puzzle plays it, the box
    /// named by its index. `Rejected` if one is not legal (never, for a solution the search checked).
    fn replay(puzzle: &Sokoban, start: &State, pushes: &[(u16, super::Dir)]) -> Result<Vec<(Action, State)>, Status> {
        let mut state = *start;
        let mut path = Vec::new();
        path.try_reserve(pushes.len()).map_err(|_| Status::OutOfMemory)?;
        for &(from, dir) in pushes {
            let illegal = Status::NotFound(Shortfall::Rejected);
            let piece = state.box_at(from).and_then(|i| u16::try_from(i).ok()).ok_or(illegal)?;
            let action = Action { kind: Kind::Push, piece, from, dir };
            state = puzzle.act(&state, &action).ok_or(illegal)?;
            path.push((action, state));
        }
        Ok(path)
    }

    /// Moves on from the current phase to the next, from the start again.
    fn next_phase(&mut self, puzzle: &Sokoban) {
        self.earlier = self.stats().expanded;
        match self.phase {
            Phase::Proof => {
                self.phase = Phase::Greedy;
                self.push.set_order(Order::Greedy);
                self.push.restart(puzzle, self.start);
            }
            Phase::Greedy | Phase::Features => {
                self.phase = Phase::Features;
                let (boxes, player) = (self.start.boxes(), self.start.player);
                self.features = Some(Portfolio::new(puzzle, boxes, player, self.feature_cap));
            }
        }
    }
}

impl Search<Sokoban> for WholeSolve {
    fn restart(&mut self, puzzle: &Sokoban, start: State) {
        self.push.set_order(Order::Optimal);
        self.push.restart(puzzle, start);
        (self.features, self.phase, self.start, self.earlier) = (None, Phase::Proof, start, 0);
        self.path.clear();
        self.status = Status::InProgress;
    }

    fn step(&mut self, puzzle: &Sokoban, budget: u32) -> Step {
        if self.status != Status::InProgress {
            return Step::new(self.status, 0);
        }
        let before = self.stats().expanded;
        let status = match self.features.as_mut() {
            Some(features) => features.step(budget),
            None if self.phase == Phase::Greedy => {
                let left = GREEDY_WORK.saturating_sub(self.push.stats().expanded);
                match self.push.step(puzzle, budget.min(u32::try_from(left).unwrap_or(u32::MAX))).status {
                    Status::InProgress if self.push.stats().expanded >= GREEDY_WORK => Status::OutOfNodes,
                    other => other,
                }
            }
            None => self.push.step(puzzle, budget).status,
        };
        let status = match status {
            Status::OutOfNodes if self.phase != Phase::Features => {
                self.next_phase(puzzle);
                Status::InProgress
            }
            Status::Found if self.phase == Phase::Features => {
                let pushes = self.features.as_mut().and_then(Portfolio::solution).unwrap_or_default();
                match Self::replay(puzzle, &self.start, &pushes) {
                    Ok(path) => {
                        self.path = path;
                        Status::Found
                    }
                    Err(status) => status,
                }
            }
            other => other,
        };
        self.status = status;
        let work = self.stats().expanded.saturating_sub(before);
        Step::new(status, u32::try_from(work).unwrap_or(u32::MAX))
    }

    fn status(&self) -> Status {
        self.status
    }

    fn stats(&self) -> Stats {
        let mut stats = self.push.stats();
        if let Some(features) = &self.features {
            stats.expanded = self.earlier + features.moves();
            stats.generated = stats.expanded;
            stats.peak_stored = stats.peak_stored.max(features.positions());
        } else if self.phase == Phase::Greedy {
            stats.expanded += self.earlier;
        }
        if self.status == Status::Found && self.phase == Phase::Features {
            let length = u32::try_from(self.path.len()).unwrap_or(u32::MAX);
            (stats.solution_length, stats.solution_cost) = (Some(length), Some(length.into()));
        }
        stats
    }

    fn write_path(&self, out: &mut Vec<(Action, State)>) {
        match self.phase {
            Phase::Features => {
                out.clear();
                if self.status == Status::Found {
                    out.extend_from_slice(&self.path);
                }
            }
            Phase::Proof | Phase::Greedy => self.push.write_path(out),
        }
    }

    fn proven_optimal(&self) -> bool {
        self.phase == Phase::Proof && self.push.proven_optimal()
    }
}
