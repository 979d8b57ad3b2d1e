//! Breadth-first search over an arena whose pool doubles as the FIFO queue (nodes are stored in the order
//! they are discovered), stepped; with an optional depth limit, and a full-exploration mode that turns the
//! arena into a distance table.
//!
//! Breadth-first search counts moves, not costs: use [`super::astar::Priority::Uniform`] for weighted moves.

use super::arena::{Arena, Node, Slot, NONE};
use super::{Puzzle, Search, Shortfall, Stats, Status, Step};
use crate::memory::OutOfMemory;
use alloc::vec::Vec;
use heapless::Vec as FixedVec;

/// A stepped breadth-first search.
pub struct Bfs<P: Puzzle> {
    arena: Arena<P::State, P::Move>,
    cursor: usize,
    depth_limit: u32,
    explore_all: bool,
    cut_by_limit: bool,
    goal: u32,
    status: Status,
    stats: Stats,
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
            depth_limit,
            explore_all: false,
            cut_by_limit: false,
            goal: NONE,
            status: Status::Unsolvable,
            stats: Stats::default(),
        })
    }

    /// Bytes a search with `node_cap` nodes reserves.
    pub fn bytes_for(node_cap: usize) -> usize {
        Arena::<P::State, P::Move>::bytes_for(node_cap)
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
        for ((_, state), &hash) in children.iter().zip(hashes.iter()) {
            f(match self.arena.find_hashed(state, hash) {
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
            let g = self.arena.node(self.goal).g;
            self.stats.solution_length = Some(g);
            self.stats.solution_cost = Some(g);
        }
        status
    }
}

impl<P: Puzzle> Search<P> for Bfs<P> {
    fn restart(&mut self, puzzle: &P, start: P::State) {
        self.arena.clear();
        self.cursor = 0;
        self.cut_by_limit = false;
        self.goal = NONE;
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
        let before = self.stats.expanded;
        let status = self.expand(puzzle, budget);
        Step::new(status, (self.stats.expanded - before) as u32)
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
}

impl<P: Puzzle> Bfs<P> {
    /// Expands at most `budget` nodes.
    fn expand(&mut self, puzzle: &P, budget: u32) -> Status {
        if self.status != Status::InProgress {
            return self.status;
        }
        for _ in 0..budget {
            if self.cursor >= self.arena.len() {
                let status =
                    if self.cut_by_limit { Status::NotFound(Shortfall::DepthLimit) } else { Status::Unsolvable };
                return self.finish(status);
            }
            let id = self.cursor as u32;
            self.cursor += 1;
            let node = *self.arena.node(id);
            if node.g >= self.depth_limit {
                self.cut_by_limit = true;
                continue;
            }
            self.stats.expanded += 1;
            let (arena, stats, explore_all) = (&mut self.arena, &mut self.stats, self.explore_all);
            let (mut full, mut goal) = (false, NONE);
            let mut children = Children::new();
            let mut add = |children: &Children<P>| {
                let hashes = children.prefetch(arena);
                for (&(mv, child), &hash) in children.iter().zip(hashes.iter()) {
                    if let Slot::Vacant(slot) = arena.find_hashed(&child, hash) {
                        match arena.insert(slot, Node { state: child, mv: Some(mv), parent: id, g: node.g + 1, h: 0 }) {
                            Some(cid) if goal == NONE && !explore_all && puzzle.is_goal(&child) => goal = cid,
                            Some(_) => {}
                            None => full = true,
                        }
                    }
                }
            };
            puzzle.successors(&node.state, |mv, child, _| {
                stats.generated += 1;
                if let Err(overflow) = children.push((mv, child)) {
                    add(&children);
                    children.clear();
                    let _ = children.push(overflow);
                }
            });
            add(&children);
            if goal != NONE {
                self.goal = goal;
                return self.finish(Status::Found);
            }
            if full {
                return self.finish(Status::OutOfNodes);
            }
        }
        self.stats.peak_stored = self.arena.len();
        Status::InProgress
    }
}

/// Children looked up together, so that their cache misses overlap.
const BATCH: usize = 32;

/// A batch of children: moves and states.
pub(crate) struct Children<P: Puzzle>(FixedVec<(P::Move, P::State), BATCH>);

impl<P: Puzzle> Children<P> {
    pub(crate) fn new() -> Self {
        Children(FixedVec::new())
    }

    /// Adds a child, or gives it back when the batch is full.
    pub(crate) fn push(&mut self, child: (P::Move, P::State)) -> Result<(), (P::Move, P::State)> {
        self.0.push(child)
    }

    pub(crate) fn clear(&mut self) {
        self.0.clear();
    }

    fn iter(&self) -> impl Iterator<Item = &(P::Move, P::State)> {
        self.0.iter()
    }

    /// Their hashes, with their home slots and then the nodes those name asked from memory.
    fn prefetch(&self, arena: &Arena<P::State, P::Move>) -> FixedVec<u64, BATCH> {
        let hashes: FixedVec<u64, BATCH> = self.0.iter().map(|(_, s)| arena.prefetch_slot(s)).collect();
        for &hash in &hashes {
            arena.prefetch_node(hash);
        }
        hashes
    }
}
