//! Breadth-first search over an arena whose pool doubles as the FIFO queue (nodes are stored in the order
//! they are discovered), stepped; with an optional depth limit, and a full-exploration mode that turns the
//! arena into a distance table.
//!
//! Breadth-first search counts moves, not costs: use [`super::astar::Priority::Uniform`] for weighted moves.
//! It still reports the real cost of the path it finds (each node keeps the cost of the move that reached
//! it), and calls it optimal only when every move it saw cost 1.

use super::arena::{Arena, Node, Slot, NONE};
use super::{units_for, Puzzle, Search, Shortfall, Stats, Status, Step};
use crate::memory::OutOfMemory;
use alloc::vec::Vec;
use heapless::Vec as FixedVec;

/// A stepped breadth-first search.
pub struct Bfs<P: Puzzle> {
    /// Nodes keep their depth as `g` and the cost of the move that reached them as `h`.
    arena: Arena<P::State, P::Move, u32>,
    /// The next node to expand, and the next of its successor parts (0: not started) out of `parts`.
    cursor: usize,
    part: u32,
    parts: u32,
    depth_limit: u32,
    explore_all: bool,
    cut_by_limit: bool,
    goal: u32,
    status: Status,
    stats: Stats,
    /// Whether every move seen in this run cost 1 (fewest moves is then cheapest).
    unit_costs: bool,
    /// The expanded node closest to a goal by the heuristic: (h, depth, id), the lowest h then depth
    /// (kept only when the search stops at a goal; an exploration of everything needs none).
    closest: (u32, u32, u32),
}

impl<P: Puzzle> Bfs<P> {
    /// A search that stops at the first goal, storing at most `node_cap` states and expanding no state
    /// deeper than `depth_limit` moves (`u32::MAX` for none).
    ///
    /// Reserves about [`Bfs::bytes_for`] bytes, or says how many could not be reserved.
    pub fn new(node_cap: usize, depth_limit: u32) -> Result<Self, OutOfMemory> {
        Ok(Bfs {
            arena: Arena::new(node_cap)?,
            cursor: 0,
            part: 0,
            parts: 1,
            depth_limit,
            explore_all: false,
            cut_by_limit: false,
            goal: NONE,
            status: Status::Unsolvable,
            stats: Stats::default(),
            unit_costs: true,
            closest: (u32::MAX, u32::MAX, NONE),
        })
    }

    /// Expands no state deeper than `depth_limit` moves from the next restart on (`u32::MAX` for none).
    pub fn set_depth_limit(&mut self, depth_limit: u32) {
        self.depth_limit = depth_limit;
    }

    /// Bytes a search with `node_cap` nodes reserves.
    pub fn bytes_for(node_cap: usize) -> usize {
        Arena::<P::State, P::Move, u32>::bytes_for(node_cap)
    }

    /// A search that visits every state reachable from the start (ignoring goals); when it ends with
    /// [`Status::Unsolvable`] ("nothing left to visit") it holds the complete distance table.
    pub fn explorer(node_cap: usize) -> Result<Self, OutOfMemory> {
        Ok(Bfs { explore_all: true, ..Self::new(node_cap, u32::MAX)? })
    }

    /// Number of states discovered so far.
    pub fn len(&self) -> usize {
        self.arena.len()
    }

    /// Whether nothing has been discovered (before a start).
    pub fn is_empty(&self) -> bool {
        self.arena.is_empty()
    }

    /// The number of moves from the start to `state`, if it was discovered.
    pub fn distance(&self, state: &P::State) -> Option<u32> {
        match self.arena.find(state) {
            Slot::Found(id) => Some(self.arena.node(id).g),
            Slot::Vacant(_) => None,
        }
    }

    /// The index of `state` among the discovered states (the order of [`Bfs::distances`]), if discovered.
    pub fn index_of(&self, state: &P::State) -> Option<usize> {
        match self.arena.find(state) {
            Slot::Found(id) => Some(id as usize),
            Slot::Vacant(_) => None,
        }
    }

    /// Calls `f` with the index of each state of `children` among the discovered states (if discovered),
    /// in order; the lookups' cache misses overlap.
    pub(crate) fn indices_of(&self, children: &Children<P>, mut f: impl FnMut(Option<usize>)) {
        let hashes = children.prefetch(&self.arena);
        for (child, &hash) in children.iter().zip(hashes.iter()) {
            f(match self.arena.find_hashed(&child.state, hash) {
                Slot::Found(id) => Some(id as usize),
                Slot::Vacant(_) => None,
            });
        }
    }

    /// The discovered state at `index` (the order of [`Bfs::distances`]).
    pub fn state_at(&self, index: usize) -> &P::State {
        &self.arena.node(index as u32).state
    }

    /// Every discovered state with its distance, in order of distance.
    pub fn distances(&self) -> impl Iterator<Item = (&P::State, u32)> + '_ {
        self.arena.nodes().iter().map(|n| (&n.state, n.g))
    }

    /// The distance of the farthest discovered state.
    pub fn max_distance(&self) -> u32 {
        self.arena.nodes().last().map_or(0, |n| n.g)
    }

    fn finish(&mut self, status: Status) -> Status {
        self.status = status;
        self.stats.peak_stored = self.arena.len();
        if status == Status::Found {
            self.stats.solution_length = Some(self.arena.node(self.goal).g);
            // The real cost: the moves' own costs summed back to the root (64 bits cannot wrap).
            let (mut cost, mut at) = (0u64, self.goal);
            while at != NONE {
                let node = self.arena.node(at);
                cost += node.h as u64;
                at = node.parent;
            }
            self.stats.solution_cost = Some(cost);
        }
        status
    }
}

impl<P: Puzzle> Search<P> for Bfs<P> {
    fn restart(&mut self, puzzle: &P, start: P::State) {
        self.arena.clear();
        self.cursor = 0;
        self.part = 0;
        self.cut_by_limit = false;
        self.goal = NONE;
        self.unit_costs = true;
        self.closest = (u32::MAX, u32::MAX, NONE);
        self.stats = Stats { bytes_reserved: self.arena.bytes_reserved(), ..Stats::default() };
        self.status = Status::InProgress;
        if !self.explore_all && puzzle.provably_unsolvable(&start) {
            self.finish(Status::Unsolvable);
            return;
        }
        if let Slot::Vacant(slot) = self.arena.find(&start) {
            self.arena.insert(slot, Node { state: start, mv: None, parent: NONE, g: 0, h: 0 });
        }
        if !self.explore_all && puzzle.is_goal(&start) {
            self.goal = 0;
            self.finish(Status::Found);
        }
    }

    fn step(&mut self, puzzle: &P, budget: u32) -> Step {
        let mut units = 0;
        let status = self.expand(puzzle, budget, &mut units);
        Step::new(status, units)
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

    /// The fewest moves are the cheapest when every move costs 1; with other costs the path is only the
    /// shortest in moves, and is not called optimal.
    fn proven_optimal(&self) -> bool {
        self.unit_costs
    }
}

impl<P: Puzzle> Bfs<P> {
    /// Works for at most `budget` units — a part of a node's successors ([`Puzzle::successors_in`]; most
    /// puzzles have one) or a slice of the index's growth — counted in `units`. The children of several
    /// nodes are looked up as one batch (in the order they were made, so the arena is the same as one
    /// node at a time), so that their cache misses overlap.
    fn expand(&mut self, puzzle: &P, budget: u32, units: &mut u32) -> Status {
        if self.status != Status::InProgress {
            return self.status;
        }
        let mut children = Children::new();
        while *units < budget {
            if self.arena.growing() {
                // The batch goes in first: lookups stay right until the growth starts.
                if let Some(status) = self.insert(puzzle, &mut children) {
                    return status;
                }
                *units += self.arena.grow(1);
                continue;
            }
            if self.part == 0 {
                if self.cursor >= self.arena.len() {
                    if let Some(status) = self.insert(puzzle, &mut children) {
                        return status;
                    }
                    if self.cursor >= self.arena.len() {
                        let status = if self.cut_by_limit {
                            Status::NotFound(Shortfall::DepthLimit)
                        } else {
                            Status::Unsolvable
                        };
                        return self.finish(status);
                    }
                }
                let node = self.arena.node(self.cursor as u32);
                if node.g >= self.depth_limit {
                    self.cut_by_limit = true;
                    self.cursor += 1;
                    *units += 1;
                    continue;
                }
                self.stats.expanded += 1;
                self.parts = puzzle.successor_parts(&node.state).max(1);
                if !self.explore_all {
                    // One estimate an expansion (not a child): the partial result's price.
                    let h = puzzle.heuristic(&node.state);
                    self.closest = self.closest.min((h, node.g, self.cursor as u32));
                }
            }
            let id = self.cursor as u32;
            let node = *self.arena.node(id);
            let generated_before = self.stats.generated;
            let part = self.part;
            self.part += 1;
            if self.part == self.parts {
                self.part = 0;
                self.cursor += 1;
            }
            let (arena, stats, explore_all) = (&mut self.arena, &mut self.stats, self.explore_all);
            let (mut outcome, mut goal_made, unit_costs) = ((NONE, false), false, &mut self.unit_costs);
            puzzle.successors_in(&node.state, part, |mv, child, cost| {
                stats.generated += 1;
                *unit_costs &= cost == 1;
                goal_made |= !explore_all && puzzle.is_goal(&child);
                let child = Child { mv, state: child, parent: id, g: node.g + 1, cost };
                if let Err(overflow) = children.push(child) {
                    let (goal, full) = insert_all(arena, puzzle, explore_all, &children);
                    outcome = (if outcome.0 == NONE { goal } else { outcome.0 }, outcome.1 | full);
                    children.clear();
                    let _ = children.push(overflow);
                }
            });
            *units += units_for(self.stats.generated - generated_before);
            if let Some(status) = self.conclude(outcome) {
                return status;
            }
            // A goal child ends the search after this part, as one node at a time would (the first goal
            // made is the one found).
            if goal_made || children.len() >= BATCH / 2 {
                if let Some(status) = self.insert(puzzle, &mut children) {
                    return status;
                }
            }
        }
        if let Some(status) = self.insert(puzzle, &mut children) {
            return status;
        }
        self.stats.peak_stored = self.arena.len();
        Status::InProgress
    }

    /// Inserts the batch of `children` and empties it: the status the search ends on, if it ends.
    fn insert(&mut self, puzzle: &P, children: &mut Children<P>) -> Option<Status> {
        let outcome = insert_all(&mut self.arena, puzzle, self.explore_all, children);
        children.clear();
        self.conclude(outcome)
    }

    /// Ends the search on the first goal found (`outcome.0`) or on a full arena (`outcome.1`).
    fn conclude(&mut self, (goal, full): (u32, bool)) -> Option<Status> {
        if goal != NONE {
            self.goal = goal;
            return Some(self.finish(Status::Found));
        }
        full.then(|| self.finish(Status::OutOfNodes))
    }
}

/// Inserts the new states of `children` into `arena`: the first goal inserted (unless exploring all),
/// or [`NONE`], and whether the arena was full.
fn insert_all<P: Puzzle>(
    arena: &mut Arena<P::State, P::Move, u32>,
    puzzle: &P,
    explore_all: bool,
    children: &Children<P>,
) -> (u32, bool) {
    let (mut goal, mut full) = (NONE, false);
    let hashes = children.prefetch(arena);
    for (child, &hash) in children.iter().zip(hashes.iter()) {
        if let Slot::Vacant(slot) = arena.find_hashed(&child.state, hash) {
            let node = Node { state: child.state, mv: Some(child.mv), parent: child.parent, g: child.g, h: child.cost };
            match arena.insert(slot, node) {
                Some(id) if goal == NONE && !explore_all && puzzle.is_goal(&child.state) => goal = id,
                Some(_) => {}
                None => full = true,
            }
        }
    }
    (goal, full)
}

/// Children looked up together, so that their cache misses overlap.
const BATCH: usize = 64;

/// A child state, the move that makes it and that move's cost, and its parent's node and depth.
pub(crate) struct Child<P: Puzzle> {
    pub mv: P::Move,
    pub state: P::State,
    pub parent: u32,
    pub g: u32,
    pub cost: u32,
}

/// A batch of children.
pub(crate) struct Children<P: Puzzle>(FixedVec<Child<P>, BATCH>);

impl<P: Puzzle> Children<P> {
    pub(crate) fn new() -> Self {
        Children(FixedVec::new())
    }

    /// Adds a child, or gives it back when the batch is full.
    pub(crate) fn push(&mut self, child: Child<P>) -> Result<(), Child<P>> {
        self.0.push(child)
    }

    pub(crate) fn len(&self) -> usize {
        self.0.len()
    }

    pub(crate) fn clear(&mut self) {
        self.0.clear();
    }

    fn iter(&self) -> impl Iterator<Item = &Child<P>> {
        self.0.iter()
    }

    /// Their hashes, with their home slots and then the nodes those name asked from memory.
    fn prefetch(&self, arena: &Arena<P::State, P::Move, u32>) -> FixedVec<u64, BATCH> {
        let hashes: FixedVec<u64, BATCH> = self.0.iter().map(|c| arena.prefetch_slot(&c.state)).collect();
        for &hash in &hashes {
            arena.prefetch_node(hash);
        }
        hashes
    }
}
