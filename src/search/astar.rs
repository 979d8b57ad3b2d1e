//! A\* and its relatives (weighted A\*, greedy best-first, uniform cost) over one arena, stepped.
//!
//! The open list is an [`OpenList`] (integer `f` buckets with a heap for outliers) keyed on `f` with ties broken towards the deeper node (smaller `h`); closed
//! nodes stay in the pool and are reopened when a cheaper path reaches them, so A\* stays optimal with an
//! admissible heuristic even when it is not consistent.

use super::arena::{Arena, Key, Node, OpenList, Slot, NONE};
use super::{units_for, Puzzle, Search, Stats, Status, Step};
use crate::memory::OutOfMemory;
use alloc::vec::Vec;

/// How the open list orders nodes: the one code path behind A\* and its relatives.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Priority {
    /// `f = g + h`: optimal with an admissible heuristic.
    AStar,
    /// `f = g + (num / den) · h`: faster, at most `num / den` times the optimal cost.
    Weighted {
        /// Numerator of the weight.
        num: u32,
        /// Denominator of the weight (not zero).
        den: u32,
    },
    /// `f = h`: greedy best-first with OPEN/CLOSED lists, the classic baseline. Not optimal.
    Greedy,
    /// `f = g`: uniform-cost search (Dijkstra), ignoring the heuristic. Optimal.
    Uniform,
}

impl Priority {
    /// The open-list key: `f`, then a tie-break — `h` (so that among equal `f` the deeper node comes
    /// first), or `g` (saturated) for greedy search. A path cost is below 2⁶³ (see [`Node`]), so `f`
    /// never saturates for A\* and uniform cost; a weighted `f` saturates only past 2⁶⁴, where the
    /// weight's bound is not claimed anyway (weighted A\* is never called optimal).
    #[inline]
    fn key(self, g: u64, h: u32) -> Key {
        let (f, tie) = match self {
            Priority::AStar => (g.saturating_add(h as u64), h),
            Priority::Weighted { num, den } => {
                let weighted = g as u128 * den.max(1) as u128 + h as u128 * num as u128;
                (u64::try_from(weighted).unwrap_or(u64::MAX), h)
            }
            Priority::Greedy => (h as u64, u32::try_from(g).unwrap_or(u32::MAX)),
            Priority::Uniform => (g, h),
        };
        Key { f, tie }
    }

    /// Whether the first solution popped is optimal (for A\*, given an admissible heuristic).
    pub fn is_optimal(self) -> bool {
        matches!(self, Priority::AStar | Priority::Uniform)
    }
}

/// A stepped best-first search (A\*, weighted A\*, greedy, uniform cost) with memory reserved once.
pub struct AStar<P: Puzzle> {
    priority: Priority,
    /// Orderings to fall back on, in turn, when the node cap is reached; `fallbacks[..used]` are spent.
    fallbacks: [Option<Priority>; 4],
    used: usize,
    first: Priority,
    start: Option<P::State>,
    arena: Arena<P::State, P::Move>,
    open: OpenList,
    status: Status,
    goal: u32,
    stats: Stats,
    /// Whether the puzzle of the current run declares its heuristic admissible.
    admissible: bool,
    /// The node being expanded, its next successor part and its number of parts.
    expanding: Option<(u32, u32, u32)>,
    /// The expanded node closest to a goal by the heuristic: (h, g, id), the lowest h then g.
    closest: (u32, u64, u32),
}

impl<P: Puzzle> AStar<P> {
    /// Reserves memory for `node_cap` nodes (about [`AStar::bytes_for`] bytes), or says how many bytes
    /// could not be reserved. This is the only allocation the search makes.
    pub fn new(priority: Priority, node_cap: usize) -> Result<Self, OutOfMemory> {
        let arena = Arena::new(node_cap)?;
        let open = OpenList::new(arena.capacity())?;
        Ok(AStar {
            priority,
            fallbacks: [None; 4],
            used: 0,
            first: priority,
            start: None,
            arena,
            open,
            status: Status::Unsolvable,
            goal: NONE,
            stats: Stats::default(),
            admissible: false,
            expanding: None,
            closest: (u32::MAX, u64::MAX, NONE),
        })
    }

    /// Bytes a search with `node_cap` nodes reserves: the pool, its index and the open list.
    pub fn bytes_for(node_cap: usize) -> usize {
        Arena::<P::State, P::Move>::bytes_for(node_cap).saturating_add(OpenList::bytes_for(node_cap))
    }

    /// The same search that, when it reaches its node cap, starts again in the same memory with the
    /// next of `fallbacks` (up to four, typically larger weights), so that a bounded-memory search still
    /// ends with a solution. The counters add up over the attempts.
    pub fn with_fallbacks(mut self, fallbacks: &[Priority]) -> Self {
        for (slot, &p) in self.fallbacks.iter_mut().zip(fallbacks) {
            *slot = Some(p);
        }
        self
    }

    /// The ordering this search uses.
    pub fn priority(&self) -> Priority {
        self.priority
    }

    fn finish(&mut self, status: Status) -> Status {
        self.status = status;
        self.stats.peak_stored = self.arena.len();
        if status == Status::Found {
            let mut at = self.goal;
            let mut length = 0;
            while self.arena.node(at).parent != NONE {
                length += 1;
                at = self.arena.node(at).parent;
            }
            self.stats.solution_length = Some(length);
            self.stats.solution_cost = Some(self.arena.node(self.goal).g);
        }
        status
    }
}

impl<P: Puzzle> Search<P> for AStar<P> {
    fn restart(&mut self, puzzle: &P, start: P::State) {
        self.priority = self.first;
        self.used = 0;
        self.start = Some(start);
        self.admissible = puzzle.heuristic_is_admissible();
        self.stats =
            Stats { bytes_reserved: self.arena.bytes_reserved() + self.open.bytes_reserved(), ..Stats::default() };
        self.begin(puzzle, start);
    }

    fn step(&mut self, puzzle: &P, budget: u32) -> Step {
        let (status, work) = self.step_attempt(puzzle, budget);
        match (status, self.start, self.fallbacks.get(self.used).copied().flatten()) {
            (Status::OutOfNodes, Some(start), Some(next)) => {
                self.used += 1;
                self.priority = next;
                self.begin(puzzle, start);
                Step::new(Status::InProgress, work)
            }
            _ => Step::new(status, work),
        }
    }
    fn status(&self) -> Status {
        self.status
    }

    fn stats(&self) -> Stats {
        self.stats
    }

    fn write_path(&self, out: &mut Vec<(P::Move, P::State)>) {
        // `goal` is NONE (an empty path) unless the search found one.
        self.arena.write_path(self.goal, out);
    }

    fn write_closest(&self, out: &mut Vec<(P::Move, P::State)>) -> bool {
        self.arena.write_path(self.closest.2, out);
        !out.is_empty()
    }

    /// Uniform cost always; A\* when the puzzle declares its heuristic admissible (and no fallback to a
    /// weighted ordering was taken); the other orderings never.
    fn proven_optimal(&self) -> bool {
        match self.priority {
            Priority::Uniform => true,
            Priority::AStar => self.admissible,
            Priority::Weighted { .. } | Priority::Greedy => false,
        }
    }
}

impl<P: Puzzle> AStar<P> {
    /// Starts one attempt from `start` with the current ordering, in the memory already reserved.
    fn begin(&mut self, puzzle: &P, start: P::State) {
        self.arena.clear();
        self.goal = NONE;
        self.expanding = None;
        self.closest = (u32::MAX, u64::MAX, NONE);
        self.status = Status::InProgress;
        if puzzle.provably_unsolvable(&start) {
            self.finish(Status::Unsolvable);
            return;
        }
        let h = puzzle.heuristic(&start);
        let key = self.priority.key(0, h);
        self.open.reset(key);
        if let Slot::Vacant(slot) = self.arena.find(&start) {
            if let Some(id) = self.arena.insert(slot, Node { state: start, mv: None, parent: NONE, g: 0, h }) {
                self.open.push(id, key);
            }
        }
    }

    /// Steps the current attempt: its status, and the units spent.
    fn step_attempt(&mut self, puzzle: &P, budget: u32) -> (Status, u32) {
        let mut units = 0;
        let status = self.expand(puzzle, budget, &mut units);
        (status, units)
    }

    /// Works for at most `budget` units — a part of a node's successors ([`Puzzle::successors_in`]; most
    /// puzzles have one) or a slice of the index's growth — counted in `units`.
    fn expand(&mut self, puzzle: &P, budget: u32, units: &mut u32) -> Status {
        if self.status != Status::InProgress {
            return self.status;
        }
        let priority = self.priority;
        while *units < budget {
            if self.arena.growing() {
                *units += self.arena.grow(1);
                continue;
            }
            let (id, part, parts) = match self.expanding {
                Some(expanding) => expanding,
                None => {
                    let Some(id) = self.open.pop() else {
                        return self.finish(Status::Unsolvable);
                    };
                    let state = self.arena.node(id).state;
                    if puzzle.is_goal(&state) {
                        self.goal = id;
                        return self.finish(Status::Found);
                    }
                    self.stats.expanded += 1;
                    let node = self.arena.node(id);
                    self.closest = self.closest.min((node.h, node.g, id));
                    (id, 0, puzzle.successor_parts(&state).max(1))
                }
            };
            self.expanding = (part + 1 < parts).then_some((id, part + 1, parts));
            let generated_before = self.stats.generated;
            let node = *self.arena.node(id);
            // The move back to the parent can never improve it (costs are not negative): skip it
            // without a lookup.
            let parent = (node.parent != NONE).then(|| self.arena.node(node.parent).state);
            let (arena, open, stats) = (&mut self.arena, &mut self.open, &mut self.stats);
            let mut full = false;
            puzzle.successors_in(&node.state, part, |mv, child, cost| {
                stats.generated += 1;
                if parent == Some(child) {
                    return;
                }
                // Below 2⁶³ for any path the node cap allows: it cannot wrap.
                let g = node.g + cost as u64;
                match arena.find(&child) {
                    Slot::Found(cid) => {
                        let known = arena.node_mut(cid);
                        if g < known.g {
                            known.g = g;
                            known.parent = id;
                            known.mv = Some(mv);
                            let key = priority.key(g, known.h);
                            open.push_or_decrease(cid, key);
                        }
                    }
                    Slot::Vacant(slot) => {
                        let h = puzzle.heuristic_after(&node.state, node.h, &mv, &child);
                        match arena.insert(slot, Node { state: child, mv: Some(mv), parent: id, g, h }) {
                            Some(cid) => open.push(cid, priority.key(g, h)),
                            None => full = true,
                        }
                    }
                }
            });
            *units += units_for(self.stats.generated - generated_before);
            if full {
                return self.finish(Status::OutOfNodes);
            }
        }
        self.stats.peak_stored = self.arena.len();
        Status::InProgress
    }
}
