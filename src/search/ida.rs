//! IDA\* with an explicit stack (no recursion), stepped with the same budget meaning as A\*: one unit per
//! node expansion (per successor part, for puzzles that split their successors). Memory is a frame stack and a stack of pending children, both reserved once; a search
//! that needs more reports [`Status::OutOfNodes`].
//!
//! Moves that return to the grandparent state are pruned, which removes the trivial two-cycles of
//! reversible puzzles without any family knowledge.

use super::{units_for, Puzzle, Search, Stats, Status, Step};
use crate::memory::{self, OutOfMemory};
use alloc::vec::Vec;
use core::mem::size_of;

#[derive(Clone, Copy)]
struct Frame<S, M> {
    state: S,
    mv: Option<M>,
    /// Cost from the root, in 64 bits: no path the stack holds can wrap it.
    g: u64,
    h: u32,
    /// Children of this frame live in `children[first_child..end_child]`; `next_child` is the cursor.
    first_child: u32,
    next_child: u32,
    end_child: u32,
    /// The next successor part to generate ([`Puzzle::successors_in`]) and how many there are: the
    /// children are visited once every part is in.
    part: u32,
    parts: u32,
}

impl<S, M> Frame<S, M> {
    /// A frame whose children are all made (none, for a goal reached).
    fn leaf(state: S, mv: Option<M>, g: u64) -> Self {
        Frame { state, mv, g, h: 0, first_child: 0, next_child: 0, end_child: 0, part: 0, parts: 0 }
    }
}

#[derive(Clone, Copy)]
struct Child<S, M> {
    state: S,
    mv: M,
    g: u64,
    h: u32,
}

/// A stepped IDA\* search.
pub struct IdaStar<P: Puzzle> {
    frames: Vec<Frame<P::State, P::Move>>,
    children: Vec<Child<P::State, P::Move>>,
    cap: usize,
    /// The start state and its heuristic; every iteration begins there.
    root: Option<(P::State, u32)>,
    /// The cost bound of this iteration, and the least `f` above it seen so far (`None`: none yet).
    /// Costs of paths the stack holds stay below 2⁶³, so neither saturates.
    threshold: u64,
    next_threshold: Option<u64>,
    iterations: u32,
    status: Status,
    stats: Stats,
    /// Whether the puzzle of the current run declares its heuristic admissible.
    admissible: bool,
    /// The path to the state closest to a goal by the heuristic pushed so far, and its heuristic (the
    /// start's, with an empty path, until a lower one is seen).
    closest: Vec<(P::Move, P::State)>,
    closest_h: u32,
}

impl<P: Puzzle> IdaStar<P> {
    /// Reserves room for `stack_cap` pending children and as many path frames (a search deeper or wider
    /// than that reports [`Status::OutOfNodes`]), or says how many bytes could not be reserved. This is
    /// the only allocation the search makes.
    pub fn new(stack_cap: usize) -> Result<Self, OutOfMemory> {
        let cap = stack_cap.max(2);
        Ok(IdaStar {
            frames: memory::with_capacity(cap)?,
            children: memory::with_capacity(cap)?,
            cap,
            root: None,
            threshold: 0,
            next_threshold: None,
            iterations: 0,
            status: Status::Unsolvable,
            stats: Stats::default(),
            admissible: false,
            closest: memory::with_capacity(cap)?,
            closest_h: u32::MAX,
        })
    }

    /// Bytes a search with `stack_cap` entries reserves.
    pub fn bytes_for(stack_cap: usize) -> usize {
        stack_cap.max(2).saturating_mul(
            size_of::<Frame<P::State, P::Move>>()
                + size_of::<Child<P::State, P::Move>>()
                + size_of::<(P::Move, P::State)>(),
        )
    }

    /// The current cost bound (the optimal cost once the search has found a solution).
    pub fn threshold(&self) -> u64 {
        self.threshold
    }

    /// Ends the search at once as [`Status::Unsolvable`] (for callers that proved it themselves).
    pub fn restart_unsolvable(&mut self) {
        self.stats = Stats { bytes_reserved: self.bytes_reserved(), ..Stats::default() };
        self.frames.clear();
        self.children.clear();
        self.closest.clear();
        self.closest_h = u32::MAX;
        self.root = None;
        self.status = Status::Unsolvable;
    }

    /// After [`Status::Found`], the solution as `(move, state after it)`; empty otherwise.
    pub fn path(&self) -> impl Iterator<Item = (P::Move, P::State)> + '_ {
        let found = self.status == Status::Found;
        self.frames.iter().filter(move |_| found).filter_map(|f| f.mv.map(|m| (m, f.state)))
    }

    /// Number of deepening iterations started.
    pub fn iterations(&self) -> u32 {
        self.iterations
    }

    fn bytes_reserved(&self) -> usize {
        self.frames.capacity() * size_of::<Frame<P::State, P::Move>>()
            + self.children.capacity() * size_of::<Child<P::State, P::Move>>()
            + self.closest.capacity() * size_of::<(P::Move, P::State)>()
    }

    fn finish(&mut self, status: Status) -> Status {
        self.status = status;
        if status == Status::Found {
            let top = self.frames[self.frames.len() - 1];
            self.stats.solution_length = Some(self.frames.len() as u32 - 1);
            self.stats.solution_cost = Some(top.g);
        }
        status
    }

    /// Pushes a frame for `state` and generates the first part of its children (see
    /// [`IdaStar::expand_part`]): the units it cost, or `None` when memory ran out.
    fn push_and_expand(&mut self, puzzle: &P, state: P::State, mv: Option<P::Move>, g: u64, h: u32) -> Option<u32> {
        if self.frames.len() >= self.cap {
            return None;
        }
        let first = self.children.len() as u32;
        let parts = puzzle.successor_parts(&state).max(1);
        self.frames.push(Frame {
            state,
            mv,
            g,
            h,
            first_child: first,
            next_child: first,
            end_child: first,
            part: 0,
            parts,
        });
        self.stats.expanded += 1;
        if h < self.closest_h {
            // Rare (at most the start's estimate times a run): the path is copied, not kept per frame.
            self.closest_h = h;
            self.closest.clear();
            self.closest.extend(self.frames.iter().filter_map(|f| f.mv.map(|m| (m, f.state))));
        }
        self.expand_part(puzzle)
    }

    /// Generates the next part of the top frame's children: the move back to the parent is skipped,
    /// every child's table reads are started (prefetch) before any is evaluated, children whose `f`
    /// exceeds the threshold are dropped at once (feeding the next threshold), and the rest are ordered
    /// most promising first (within the part). Returns the units it cost, or `None` when memory ran out.
    fn expand_part(&mut self, puzzle: &P) -> Option<u32> {
        let depth = self.frames.len();
        let Frame { state, g, h, part, .. } = self.frames[depth - 1];
        let parent = depth.checked_sub(2).map(|below| self.frames[below].state);
        let first = self.children.len();
        let (children, cap) = (&mut self.children, self.cap);
        let mut fits = true;
        let mut generated = 0;
        puzzle.successors_in(&state, part, |mv, child, cost| {
            generated += 1;
            if parent == Some(child) {
                return;
            }
            if children.len() < cap {
                puzzle.prefetch(&child);
                children.push(Child { state: child, mv, g: g + cost as u64, h: 0 });
            } else {
                fits = false;
            }
        });
        let mut kept = first;
        for at in first..self.children.len() {
            let mut child = self.children[at];
            // A bound past 32 bits admits every estimate: the estimate is then exact.
            let bound = u32::try_from(self.threshold.saturating_sub(child.g)).unwrap_or(u32::MAX);
            child.h = puzzle.heuristic_after_within(&state, h, &child.mv, &child.state, bound);
            let f = child.g + child.h as u64;
            if f > self.threshold {
                self.next_threshold = Some(self.next_threshold.map_or(f, |next| next.min(f)));
            } else {
                self.children[kept] = child;
                kept += 1;
            }
        }
        self.children.truncate(kept);
        self.children[first..].sort_unstable_by_key(|c| c.h);
        let top = &mut self.frames[depth - 1];
        top.end_child = kept as u32;
        top.part += 1;
        self.stats.generated += generated;
        self.stats.peak_stored = self.stats.peak_stored.max(self.frames.len() + self.children.len());
        fits.then(|| units_for(generated))
    }

    fn start_iteration(&mut self, puzzle: &P, (root, root_h): (P::State, u32)) -> Option<u32> {
        self.iterations += 1;
        self.next_threshold = None;
        self.children.clear();
        self.push_and_expand(puzzle, root, None, 0, root_h)
    }
}

impl<P: Puzzle> Search<P> for IdaStar<P> {
    fn restart(&mut self, puzzle: &P, start: P::State) {
        self.stats = Stats { bytes_reserved: self.bytes_reserved(), ..Stats::default() };
        self.frames.clear();
        self.children.clear();
        self.iterations = 0;
        self.status = Status::InProgress;
        self.root = None;
        self.admissible = puzzle.heuristic_is_admissible();
        if puzzle.provably_unsolvable(&start) {
            self.finish(Status::Unsolvable);
            return;
        }
        let h = puzzle.heuristic(&start);
        self.threshold = h as u64;
        self.next_threshold = None;
        self.closest.clear();
        self.closest_h = h;
        if puzzle.is_goal(&start) {
            self.frames.push(Frame::leaf(start, None, 0));
            self.finish(Status::Found);
        } else {
            self.root = Some((start, h));
        }
    }

    fn step(&mut self, puzzle: &P, budget: u32) -> Step {
        let mut spent = 0;
        let status = self.expand(puzzle, budget, &mut spent);
        Step::new(status, spent)
    }

    fn status(&self) -> Status {
        self.status
    }

    fn stats(&self) -> Stats {
        self.stats
    }

    fn write_path(&self, out: &mut Vec<(P::Move, P::State)>) {
        out.clear();
        out.extend(self.path());
    }

    fn write_closest(&self, out: &mut Vec<(P::Move, P::State)>) -> bool {
        out.clear();
        out.extend_from_slice(&self.closest);
        !out.is_empty()
    }

    /// Only with a heuristic the puzzle declares admissible: the first solution within a threshold is
    /// then the cheapest.
    fn proven_optimal(&self) -> bool {
        self.admissible
    }
}

impl<P: Puzzle> IdaStar<P> {
    /// Works for at most `budget` units (node expansions, or parts of them), counted in `spent`.
    fn expand(&mut self, puzzle: &P, budget: u32, spent: &mut u32) -> Status {
        if self.status != Status::InProgress {
            return self.status;
        }
        let Some(root) = self.root else {
            return self.finish(Status::Unsolvable);
        };
        while *spent < budget {
            let Some(top) = self.frames.last_mut() else {
                // A new iteration begins at the root.
                match self.start_iteration(puzzle, root) {
                    Some(units) => *spent += units,
                    None => return self.finish(Status::OutOfNodes),
                }
                continue;
            };
            if top.part < top.parts {
                // The rest of the top frame's children, a part at a time.
                match self.expand_part(puzzle) {
                    Some(units) => *spent += units,
                    None => return self.finish(Status::OutOfNodes),
                }
                continue;
            }
            if top.next_child == top.end_child {
                // Every child of the top frame is done: backtrack.
                let first_child = top.first_child as usize;
                self.frames.pop();
                self.children.truncate(first_child);
                if self.frames.is_empty() {
                    let Some(next) = self.next_threshold else {
                        return self.finish(Status::Unsolvable);
                    };
                    self.threshold = next;
                }
                continue;
            }
            let child = self.children[top.next_child as usize];
            top.next_child += 1;
            if puzzle.is_goal(&child.state) {
                if self.frames.len() >= self.cap {
                    return self.finish(Status::OutOfNodes);
                }
                self.frames.push(Frame::leaf(child.state, Some(child.mv), child.g));
                return self.finish(Status::Found);
            }
            match self.push_and_expand(puzzle, child.state, Some(child.mv), child.g, child.h) {
                Some(units) => *spent += units,
                None => return self.finish(Status::OutOfNodes),
            }
        }
        Status::InProgress
    }
}
