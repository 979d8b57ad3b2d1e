//! "Check my board": from the player's position and the moves that led there, whether the puzzle can
//! still be solved, how far the goal is now against the start, the player's first move off every
//! shortest solution and the move after which the puzzle was lost — stepped under a budget, as a hint is.
//!
//! Along the player's positions `s_0 … s_k` (the start, then one after each move), a move can bring the
//! goal at most its own cost closer (one; for Sokoban a step that pushes nothing costs none,
//! [`Family::move_cost`]), so `f(i) = distance(s_i) + cost(s_0 … s_i)` never decreases (an unsolvable position
//! counts as infinitely far, and every position after it is unsolvable too). Every move was on a shortest
//! solution exactly when `f(k) = f(0)`; otherwise the first move off every shortest solution is the one
//! into the first `i` with `f(i) > f(0)`, and the move that lost the puzzle the one into the first
//! unsolvable position. Both are found by halving the interval: a check of `k` moves costs at most about
//! `2 + 2 log2 k` searches, each the family's own optimal solver.

use crate::family::{Family, HintCells};
use crate::search::{Puzzle, Search, Solver, Status};
use alloc::vec::Vec;

/// Most positions whose exact distance a game remembers ([`Distances`]).
pub const REMEMBERED: usize = 2048;

/// Exact distances to the goal a game has learned, by the searches' (canonical) positions: every
/// position of an optimal plan a hint came from, and of the optimal paths a check found. A check asks
/// no search for a position it already knows, so that checking a game whose player followed the hints
/// costs about nothing beyond the hints. At most [`REMEMBERED`]; past that the oldest half is forgotten.
/// Reserved once ([`Distances::reserve`], or when the first distance is learned).
pub struct Distances<S> {
    known: Vec<(S, u32)>,
}

impl<S: Copy + PartialEq> Distances<S> {
    /// None known.
    pub fn new() -> Self {
        Distances { known: Vec::new() }
    }

    /// Reserves room for [`REMEMBERED`] distances, so that learning allocates nothing (the hinter does it
    /// as its first call reserves its own memory).
    pub fn reserve(&mut self) {
        let _ = self.known.try_reserve_exact(REMEMBERED.saturating_sub(self.known.len()));
    }

    /// The exact distance of `state`, if known.
    pub fn get(&self, state: &S) -> Option<u32> {
        self.known.iter().rev().find(|(s, _)| s == state).map(|&(_, d)| d)
    }

    /// Learns an optimal path: `from` is `path.len()` moves from the goal, and each state of the path
    /// (after its move) one fewer than the one before. At most half of what is remembered comes from one
    /// path; entries are added without looking for older ones (the newest is read first), so that
    /// learning costs the path's length, within the frame that found it.
    pub fn learn<M>(&mut self, from: S, path: &[(M, S)]) {
        if self.known.capacity() == 0 && self.known.try_reserve_exact(REMEMBERED).is_err() {
            return;
        }
        let len = path.len() as u32;
        let states = core::iter::once(from).chain(path.iter().map(|(_, s)| *s));
        for (i, state) in states.enumerate().take(REMEMBERED / 2) {
            if self.known.len() == REMEMBERED {
                self.known.drain(..REMEMBERED / 2);
            }
            self.known.push((state, len - i as u32));
        }
    }

    /// Forgets every distance (the puzzle changed).
    pub fn clear(&mut self) {
        self.known.clear();
    }
}

impl<S: Copy + PartialEq> Default for Distances<S> {
    fn default() -> Self {
        Self::new()
    }
}

/// What a check found. Distances are moves to the goal (`None` when the position cannot be solved).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct BoardCheck {
    /// Moves from the current position to the goal; `None` when it cannot be solved.
    pub distance: Option<u32>,
    /// Moves from the start.
    pub start_distance: Option<u32>,
    /// The player's first move (0-based) off every shortest solution; `None` when every move was on one.
    pub first_wrong: Option<u32>,
    /// The move (0-based) after which the puzzle could no longer be solved; `None` when it still can (or
    /// never could).
    pub lost_at: Option<u32>,
    /// The moves checked (the player's since the start).
    pub moves: u32,
    /// Whether the distances are proven optimal (the family's solver is exact for the puzzle).
    pub exact: bool,
    /// Cells of the parts drawn or placed that no solution has (Linjat's segments, Hargram's pieces),
    /// when the family names them and the puzzle's solution is unique; in a lost position, the parts
    /// the family's reason for it blames when it sees one (Sokoban's boxes on dead squares or frozen, or
    /// boxes that reach too few goals and those goals).
    pub mistakes: HintCells,
    /// Whether `mistakes` was decided (the family names parts and the solution is unique, or the
    /// position is lost and the family sees its dead parts).
    pub mistakes_known: bool,
}

/// A check in progress over the player's positions.
pub struct Checker<F: Family> {
    solver: Solver<F>,
    /// The player's positions from the start to now (in the player's labels).
    path: Vec<F::State>,
    /// Each position's distance, once searched: `Some(None)` for unsolvable.
    known: Vec<Option<Option<u32>>>,
    /// The cost of the player's moves up to each position.
    cost: Vec<u64>,
    /// The position being searched, if any.
    asking: Option<usize>,
    /// Halving intervals `(lo, hi)`: `lo` on a shortest solution from the start, `hi` past it.
    wrong: Option<(usize, usize)>,
    lost: Option<(usize, usize)>,
    /// A solved position the search from the start reached (for the parts no solution has).
    solved: Option<F::State>,
    exact: bool,
    path_buf: Vec<(F::Move, F::State)>,
}

impl<F: Family> Checker<F> {
    /// A check of `path` (the start, then the position after each of the player's moves) of `puzzle`
    /// with `solver` (an optimal one for exact answers; its memory reserved by the caller).
    pub fn new(puzzle: &F, solver: Solver<F>, path: Vec<F::State>) -> Self {
        let known = alloc::vec![None; path.len()];
        let mut cost = Vec::with_capacity(path.len());
        cost.push(0);
        for pair in path.windows(2) {
            cost.push(cost[cost.len() - 1] + puzzle.move_cost(&pair[0], &pair[1]) as u64);
        }
        Checker {
            solver,
            path,
            known,
            cost,
            asking: None,
            wrong: None,
            lost: None,
            solved: None,
            exact: true,
            path_buf: Vec::new(),
        }
    }

    /// Whether this check is of the positions `history` then `now`.
    pub fn checks(&self, history: &[F::State], now: &F::State) -> bool {
        self.path.len() == history.len() + 1 && self.path[..history.len()] == *history && self.path.last() == Some(now)
    }

    /// The position whose distance the check needs next, or `None` when it has all it needs.
    fn next_question(&mut self) -> Option<usize> {
        let last = self.path.len() - 1;
        for i in [0, last] {
            if self.known[i].is_none() {
                return Some(i);
            }
        }
        let (d0, dk) = (self.known[0]?, self.known[last]?);
        let cost = &self.cost;
        let f = |i: usize, d: Option<u32>| d.map(|d| d as u64 + cost[i]);
        let reference = f(0, d0)?; // an unsolvable start: no move is wrong, none lost the puzzle
        if self.wrong.is_none() && f(last, dk) != Some(reference) {
            self.wrong = Some((0, last));
        }
        if self.lost.is_none() && dk.is_none() {
            self.lost = Some((0, last));
        }
        let known = &self.known;
        let off = |i: usize| f(i, known[i].flatten()) != Some(reference);
        let lost = |i: usize| known[i] == Some(None);
        for (interval, past) in [(&mut self.wrong, &off as &dyn Fn(usize) -> bool), (&mut self.lost, &lost)] {
            while let Some((lo, hi)) = *interval {
                if hi - lo <= 1 {
                    break;
                }
                let mid = lo + (hi - lo) / 2;
                if known[mid].is_none() {
                    return Some(mid);
                }
                *interval = Some(if past(mid) { (lo, mid) } else { (mid, hi) });
            }
        }
        None
    }

    /// Works on the check for at most about `budget` units (the searches' node expansions): the result
    /// when done, `InProgress` while a search runs, or why the check stopped (`OutOfNodes`: a search
    /// reached its node limit; `OutOfMemory`). Returns the work spent beside. A position whose distance
    /// `known` holds needs no search; what an optimal search finds is added to it.
    pub fn step(
        &mut self,
        puzzle: &F,
        budget: u32,
        known: &mut Distances<<F as Puzzle>::State>,
    ) -> (Result<BoardCheck, Status>, u32) {
        let mut spent = 0u32;
        loop {
            let at = match self.asking {
                Some(at) => at,
                None => match self.next_question() {
                    Some(at) => {
                        if puzzle.is_goal(&self.path[at]) {
                            self.known[at] = Some(Some(0));
                            if at == 0 {
                                self.solved = Some(self.path[0]);
                            }
                            continue;
                        }
                        let searched = puzzle.canonical(&self.path[at]);
                        // The start is always searched: its search finds the solved position the parts
                        // no solution has are judged against, and it costs what a first hint does.
                        if let Some(distance) = known.get(&searched).filter(|_| at != 0) {
                            self.known[at] = Some(Some(distance));
                            continue;
                        }
                        self.solver.restart(puzzle, searched);
                        self.asking = Some(at);
                        at
                    }
                    None => return (Ok(self.result(puzzle)), spent),
                },
            };
            if spent >= budget.max(1) {
                return (Err(Status::InProgress), spent);
            }
            let step = self.solver.step(puzzle, budget.max(1) - spent);
            spent = spent.saturating_add(step.work.max(1));
            match step.status {
                Status::InProgress => continue,
                Status::Found => {
                    self.solver.write_path(&mut self.path_buf);
                    self.known[at] = Some(Some(self.path_buf.len() as u32));
                    self.exact &= self.solver.solution_is_optimal();
                    if self.solver.solution_is_optimal() {
                        known.learn(puzzle.canonical(&self.path[at]), &self.path_buf);
                    }
                    if at == 0 {
                        self.solved = self.path_buf.last().map(|(_, s)| *s);
                    }
                    self.asking = None;
                }
                Status::Unsolvable => {
                    self.known[at] = Some(None);
                    self.asking = None;
                }
                other => {
                    self.asking = None;
                    return (Err(other), spent);
                }
            }
        }
    }

    fn result(&self, puzzle: &F) -> BoardCheck {
        let last = self.path.len() - 1;
        let first_wrong = self.wrong.map(|(_, hi)| hi as u32 - 1);
        let lost_at = self.lost.map(|(_, hi)| hi as u32 - 1);
        let mut check = BoardCheck {
            distance: self.known[last].flatten(),
            start_distance: self.known[0].flatten(),
            first_wrong,
            lost_at,
            moves: last as u32,
            exact: self.exact,
            ..BoardCheck::default()
        };
        // A lost position's parts to blame, when the family sees them; otherwise the
        // parts no solution has: against the one solution, when the puzzle has exactly one.
        if check.distance.is_none() && puzzle.lost_parts(&self.path[last], &mut check.mistakes) {
            check.mistakes_known = true;
        } else if let Some(solved) = &self.solved {
            // The level's solutions, not the resumed position's: a wrong part drawn before the game was
            // saved leaves the position none.
            let unique = puzzle.unplayed().count_solutions(2).is_some_and(|c| c.all == 1);
            if unique {
                check.mistakes_known = puzzle.mistakes(&self.path[last], solved, &mut check.mistakes);
            }
        }
        check
    }
}
