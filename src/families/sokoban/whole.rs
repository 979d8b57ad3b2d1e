//! A whole solve of a level — hints' ([`crate::family::Family::recommended_solver`]) and designers'
//! (`lp solve`, [`crate::family::Family::designer_solver`], with more room): the push-optimal A\* first, which proves the shortest solution of most small levels; when it runs out
//! of room, a short plain greedy run in the same arrays (it solves some small levels in a fraction of a
//! second that the next phase does not in seconds: Microban 144, Microban II 104, 115, 118, 120); then the
//! feature-space search ([`Portfolio`]), which solves most large ones. Only the first
//! phase's solution is proven shortest ([`Search::proven_optimal`] says which).
//!
//! Every phase's memory is reserved at creation and reused by [`Search::restart`], and a budget unit is
//! bounded work in each (the feature-space solution is written out and replayed a part at a time too), so
//! that per-frame hints use it: a player on a level too large for a proof gets a plan, said not to be
//! proven shortest, and a plan the player leaves is repaired by the A\* and the greedy run (they end at
//! the plan's positions, [`Search::set_waypoints`]).

use super::fess::Portfolio;
use super::search::{Order, PushSearch};
use super::subsets::{memo_bytes, Subsets};
use super::{Action, Kind, Sokoban, State};
use crate::family::Family;
use crate::memory::{self, OutOfMemory};
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
    Greedy,
    Features,
    /// The feature-space phase found a solution: it is written out, then replayed as the puzzle plays it.
    Writing,
}

/// Pushes of a feature-space solution reserved at creation (a longer one grows the buffer, fallibly).
const PLAN_PUSHES: usize = 1024;
/// Pushes of a feature-space solution a budget unit replays.
const REPLAY_PUSHES: usize = 64;

/// A whole solve of one level, stepped.
pub struct WholeSolve {
    push: PushSearch,
    features: Portfolio,
    phase: Phase,
    start: State,
    /// The feature-space phase's solution, as positions of the puzzle (replayed so far).
    path: Vec<(Action, State)>,
    /// Units of the phases before the current one.
    earlier: u64,
    status: Status,
}

impl WholeSolve {
    /// A solve of `puzzle`'s levels whose A\* may store `proof_cap` positions and whose feature-space
    /// phase `feature_cap`, all reserved now ([`WholeSolve::bytes_for`]).
    pub fn new(puzzle: &Sokoban, proof_cap: usize, feature_cap: usize) -> Result<WholeSolve, OutOfMemory> {
        let start = puzzle.start();
        Ok(WholeSolve {
            push: PushSearch::new(puzzle, proof_cap)?.with_repair().with_subsets(puzzle)?,
            features: Portfolio::new(puzzle, start.boxes(), start.player, feature_cap)?,
            phase: Phase::Proof,
            start,
            path: memory::with_capacity(PLAN_PUSHES)?,
            earlier: 0,
            status: Status::InProgress,
        })
    }

    /// The bytes [`WholeSolve::new`] reserves.
    pub fn bytes_for(puzzle: &Sokoban, proof_cap: usize, feature_cap: usize) -> usize {
        let subsets = Subsets::bytes_for(puzzle.level(), memo_bytes(proof_cap));
        PushSearch::bytes_for(puzzle, proof_cap)
            .saturating_add(subsets)
            .saturating_add(Portfolio::bytes_for(puzzle, feature_cap))
    }

    /// Replays up to `pushes` more pushes of the feature-space solution into `path`, each as the puzzle
    /// plays it, the box named by its index: `Found` once all are, `Rejected` if one is not legal (never,
    /// for a solution the search checked).
    fn replay(&mut self, puzzle: &Sokoban, pushes: usize) -> Status {
        let backwards = self.features.written_backwards();
        let (done, total) = (self.path.len(), backwards.len());
        if self.path.try_reserve(total - done).is_err() {
            return Status::OutOfMemory;
        }
        let mut state = self.path.last().map_or(puzzle.normal(&self.start), |&(_, s)| s);
        for &(from, dir) in backwards[..total - done].iter().rev().take(pushes) {
            let illegal = Status::NotFound(Shortfall::Rejected);
            let Some(piece) = state.box_at(from).and_then(|i| u16::try_from(i).ok()) else { return illegal };
            let action = Action { kind: Kind::Push, piece, from, dir };
            // Positions as the searches keep them (the player on the first square of their region), as
            // hints follow plans.
            let Some(next) = puzzle.act(&state, &action) else { return illegal };
            state = puzzle.normal(&next);
            self.path.push((action, state));
        }
        if self.path.len() == total {
            Status::Found
        } else {
            Status::InProgress
        }
    }

    /// Moves on from the current phase to the next, from the start again: `OutOfMemory` when the
    /// feature-space phase cannot fit another level in its room.
    fn next_phase(&mut self, puzzle: &Sokoban) -> Status {
        self.earlier = self.stats().expanded;
        match self.phase {
            Phase::Proof => {
                self.phase = Phase::Greedy;
                self.push.set_order(Order::Greedy);
                self.push.restart(puzzle, self.start);
                Status::InProgress
            }
            Phase::Greedy | Phase::Features | Phase::Writing => {
                self.phase = Phase::Features;
                let (boxes, player) = (self.start.boxes(), self.start.player);
                match self.features.restart(puzzle, boxes, player) {
                    Ok(()) => Status::InProgress,
                    Err(_) => Status::OutOfMemory,
                }
            }
        }
    }
}

impl Search<Sokoban> for WholeSolve {
    fn restart(&mut self, puzzle: &Sokoban, start: State) {
        self.push.set_order(Order::Optimal);
        self.push.restart(puzzle, start);
        (self.phase, self.start, self.earlier) = (Phase::Proof, start, 0);
        self.path.clear();
        self.status = Status::InProgress;
    }

    fn step(&mut self, puzzle: &Sokoban, budget: u32) -> Step {
        if self.status != Status::InProgress {
            return Step::new(self.status, 0);
        }
        let step = match self.phase {
            Phase::Features => self.features.step(budget),
            Phase::Writing => {
                let step = self.features.write_solution(budget);
                match step.status {
                    Status::Found => {
                        let pushes = REPLAY_PUSHES.saturating_mul(budget.saturating_sub(step.work).max(1) as usize);
                        Step::new(self.replay(puzzle, pushes), step.work.saturating_add(1))
                    }
                    _ => step,
                }
            }
            Phase::Greedy => {
                let left = GREEDY_WORK.saturating_sub(self.push.stats().expanded);
                let step = self.push.step(puzzle, budget.min(u32::try_from(left).unwrap_or(u32::MAX)));
                match step.status {
                    Status::InProgress if self.push.stats().expanded >= GREEDY_WORK => {
                        Step::new(Status::OutOfNodes, step.work)
                    }
                    _ => step,
                }
            }
            Phase::Proof => self.push.step(puzzle, budget),
        };
        let status = match step.status {
            Status::OutOfNodes if matches!(self.phase, Phase::Proof | Phase::Greedy) => self.next_phase(puzzle),
            Status::Found if self.phase == Phase::Features => {
                // Written out and replayed over the next calls.
                self.phase = Phase::Writing;
                Status::InProgress
            }
            other => other,
        };
        self.status = status;
        Step::new(status, step.work)
    }

    fn status(&self) -> Status {
        self.status
    }

    fn stats(&self) -> Stats {
        let mut stats = self.push.stats();
        match self.phase {
            Phase::Features | Phase::Writing => {
                stats.expanded = self.earlier + self.features.moves();
                stats.generated = stats.expanded;
                stats.peak_stored = stats.peak_stored.max(self.features.positions());
            }
            Phase::Greedy => stats.expanded += self.earlier,
            Phase::Proof => {}
        }
        stats.bytes_reserved = stats.bytes_reserved.saturating_add(self.features.bytes_reserved());
        if self.status == Status::Found && self.phase == Phase::Writing {
            let length = u32::try_from(self.path.len()).unwrap_or(u32::MAX);
            (stats.solution_length, stats.solution_cost) = (Some(length), Some(length.into()));
        }
        stats
    }

    fn write_path(&self, out: &mut Vec<(Action, State)>) {
        match self.phase {
            Phase::Features | Phase::Writing => {
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

    /// The A\* and the greedy run end at the plan's positions ([`PushSearch`]'s waypoints).
    fn set_waypoints(&mut self, puzzle: &Sokoban, start: Option<&State>, plan: &[(Action, State)]) -> bool {
        self.push.set_waypoints(puzzle, start, plan)
    }

    /// `astar` (its answer is proven), `greedy` or `features`.
    fn phase(&self) -> Option<&'static str> {
        Some(match self.phase {
            Phase::Proof => "astar",
            Phase::Greedy => "greedy",
            Phase::Features | Phase::Writing => "features",
        })
    }

    /// The closest position the A\* or the greedy run expanded.
    fn write_closest(&self, out: &mut Vec<(Action, State)>) -> bool {
        self.push.write_closest(out)
    }
}
