//! Beam search: breadth-first layer by layer, keeping at each depth only the `width` children of lowest
//! heuristic, after dropping children that repeat a state of their own layer or of the layer kept two
//! moves before (a state one move back is the parent or a sibling's parent: on puzzles like sliding
//! tiles, where every move can be undone, those are the only short cycles that matter).
//!
//! It is neither optimal nor complete, but with a good heuristic it finds solutions close to the shortest
//! on puzzles far too large for A\*'s memory: memory is the width times the depth (two words a kept
//! node), and a run expands at most width × depth nodes. On Korf and Felner's fifty 24-puzzles at width
//! 2,000 the solutions average 1.12 times the optimum with pattern databases, 1.15 with linear conflicts,
//! where weighted A\* (weight 2, 200,000 nodes) gave 1.38.
//!
//! Memory is reserved at creation for `node_cap` kept nodes: the deepest layer a run reaches is
//! `node_cap / width`. A budget unit is a node expansion (a part of one, or 16 successors) or 16 children
//! sorted out by a layer's selection; a selection is done at once, so a call may spend up to
//! `width / 4` units more than its budget (500 for the 2,000-wide 5×5 hint beam, about 0.1 ms). A run that fails — past that depth, or every child a repeat — starts again with
//! half the width (twice as deep in the same memory), twice at most, before it ends `NotFound`. Children
//! of a layer go to a buffer of four times the width; when a puzzle has more the buffer is cut down to
//! the best `width` (which the layer would keep anyway) and filling goes on.

use super::{units_for, Puzzle, Search, Shortfall, Stats, Status, Step};
use crate::memory::{with_capacity, OutOfMemory};
use alloc::vec::Vec;
use core::hash::BuildHasher;
use core::mem::size_of;
use rustc_hash::FxBuildHasher;

/// Marks "no parent" (the root).
const ROOT: u32 = u32::MAX;
/// Children buffered per kept node of a layer before the buffer is cut down.
const CHILDREN_PER_NODE: usize = 4;
/// Children sorted out by the selection at the end of a layer per unit of the step budget.
const SELECTED_PER_UNIT: usize = 16;
/// Times a run that fails (past its depth, or every child a repeat) starts again with half the width —
/// twice as deep in the same memory — before it gives up.
const NARROWINGS: u32 = 2;

/// Where a kept node came from: its parent's index in the trail and the move.
#[derive(Clone, Copy)]
struct Link<M> {
    parent: u32,
    mv: Option<M>,
}

/// A child waiting for the selection at the end of its parent's layer.
#[derive(Clone, Copy)]
struct Child<S, M> {
    state: S,
    h: u32,
    /// Cost from the root (64 bits: no path of the trail can wrap it).
    g: u64,
    link: Link<M>,
}

/// An open-addressing set of indices into a layer's children, found by the children's states. Emptied by
/// a new generation number, not by clearing (one layer's set is emptied at every depth).
struct IndexSet {
    /// Generation in the high half, index + 1 in the low half; another generation is an empty slot.
    slots: Vec<u64>,
    mask: usize,
    generation: u32,
}

impl IndexSet {
    fn new(entries: usize) -> Result<IndexSet, OutOfMemory> {
        let size = Self::size_for(entries).ok_or(OutOfMemory { bytes: usize::MAX })?;
        let mut slots = with_capacity(size)?;
        slots.resize(size, 0);
        Ok(IndexSet { slots, mask: size - 1, generation: 1 })
    }

    /// Slots for `entries`: a power of two at least twice as many.
    fn size_for(entries: usize) -> Option<usize> {
        entries.checked_mul(2)?.checked_next_power_of_two().map(|size| size.max(16))
    }

    fn bytes_for(entries: usize) -> usize {
        Self::size_for(entries).map_or(usize::MAX, |size| size.saturating_mul(size_of::<u64>()))
    }

    fn clear(&mut self) {
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            self.slots.fill(0);
            self.generation = 1;
        }
    }

    /// The index of an entry that `same` accepts, among those whose hash is `hash`.
    #[inline]
    fn find(&self, hash: u64, same: impl Fn(usize) -> bool) -> Option<usize> {
        let mut slot = hash as usize & self.mask;
        loop {
            let entry = self.slots[slot];
            if (entry >> 32) as u32 != self.generation {
                return None;
            }
            let index = (entry as u32 - 1) as usize;
            if same(index) {
                return Some(index);
            }
            slot = (slot + 1) & self.mask;
        }
    }

    /// Adds `index` under `hash` (the caller knows it is not there; the set holds at most half its slots).
    #[inline]
    fn insert(&mut self, hash: u64, index: usize) {
        let mut slot = hash as usize & self.mask;
        while (self.slots[slot] >> 32) as u32 == self.generation {
            slot = (slot + 1) & self.mask;
        }
        self.slots[slot] = (self.generation as u64) << 32 | (index as u64 + 1);
    }
}

/// One layer's children and the set that finds them.
struct Layer<S, M> {
    children: Vec<Child<S, M>>,
    set: IndexSet,
}

impl<S: Copy + Eq + core::hash::Hash, M: Copy> Layer<S, M> {
    fn new(entries: usize) -> Result<Self, OutOfMemory> {
        Ok(Layer { children: with_capacity(entries)?, set: IndexSet::new(entries)? })
    }

    fn clear(&mut self) {
        self.children.clear();
        self.set.clear();
    }

    fn contains(&self, hash: u64, state: &S) -> bool {
        self.set.find(hash, |i| self.children[i].state == *state).is_some()
    }

    /// Keeps the `width` children of lowest heuristic (the first `width` after a selection), indexed anew.
    fn keep_best(&mut self, width: usize, hasher: &FxBuildHasher) {
        if self.children.len() > width {
            self.children.select_nth_unstable_by_key(width, |c| c.h);
            self.children.truncate(width);
        }
        self.set.clear();
        for (i, child) in self.children.iter().enumerate() {
            self.set.insert(hasher.hash_one(child.state), i);
        }
    }
}

/// The stepped beam search.
pub struct Beam<P: Puzzle> {
    /// The width asked for, and the current attempt's.
    first_width: usize,
    width: usize,
    node_cap: usize,
    /// The deepest layer the current attempt may make: `node_cap / width`.
    max_depth: usize,
    /// Links of every kept node, layer after layer (layer d+1 follows layer d): reserved for the node cap.
    trail: Vec<Link<P::Move>>,
    /// Trail index of the first node of the layer being expanded.
    layer_start: usize,
    /// Three layers in turn: the one kept two moves back (for duplicates), the one being expanded and the
    /// children being made.
    layers: [Layer<P::State, P::Move>; 3],
    /// Which of `layers` is being expanded.
    current: usize,
    /// Next node of the current layer to expand, and its next successor part (0: not started) out of
    /// `parts`.
    cursor: usize,
    part: u32,
    parts: u32,
    /// Depth of the layer being expanded.
    depth: usize,
    start: Option<P::State>,
    /// The solution, replayed from the start when found.
    path: Vec<(P::Move, P::State)>,
    hasher: FxBuildHasher,
    status: Status,
    stats: Stats,
}

impl<P: Puzzle> Beam<P> {
    /// A beam of `width` states a layer, with memory for `node_cap` kept nodes (so at most
    /// `node_cap / width` moves deep), all reserved now.
    pub fn new(width: usize, node_cap: usize) -> Result<Self, OutOfMemory> {
        let width = width.max(1);
        let depth = (node_cap / width).max(1);
        let buffered = width.saturating_mul(CHILDREN_PER_NODE);
        let layer = || Layer::new(buffered);
        Ok(Beam {
            first_width: width,
            width,
            node_cap,
            max_depth: depth,
            trail: with_capacity(Self::trail_capacity(width, node_cap))?,
            layer_start: 0,
            layers: [layer()?, layer()?, layer()?],
            current: 0,
            cursor: 0,
            part: 0,
            parts: 1,
            depth: 0,
            start: None,
            path: with_capacity(Self::path_capacity(depth))?,
            hasher: FxBuildHasher,
            status: Status::Unsolvable,
            stats: Stats::default(),
        })
    }

    /// Bytes [`Beam::new`] reserves.
    pub fn bytes_for(width: usize, node_cap: usize) -> usize {
        let width = width.max(1);
        let depth = (node_cap / width).max(1);
        let buffered = width.saturating_mul(CHILDREN_PER_NODE);
        let layer = buffered
            .saturating_mul(size_of::<Child<P::State, P::Move>>())
            .saturating_add(IndexSet::bytes_for(buffered));
        Self::trail_capacity(width, node_cap)
            .saturating_mul(size_of::<Link<P::Move>>())
            .saturating_add(layer.saturating_mul(3))
            .saturating_add(Self::path_capacity(depth).saturating_mul(size_of::<(P::Move, P::State)>()))
    }

    /// Links reserved: the node cap (every attempt's depth times its width stays within it), at least one
    /// layer, and the root.
    fn trail_capacity(width: usize, node_cap: usize) -> usize {
        node_cap.max(width).saturating_add(1)
    }

    /// Moves of path reserved: the depth of the narrowest attempt.
    fn path_capacity(depth: usize) -> usize {
        depth.saturating_mul(1 << NARROWINGS).saturating_add(1)
    }

    /// States kept a layer by the current attempt.
    pub fn width(&self) -> usize {
        self.width
    }

    /// Starts an attempt from the start, at the current width, in the memory reserved.
    fn begin(&mut self, puzzle: &P, start: P::State) {
        self.trail.clear();
        for layer in &mut self.layers {
            layer.clear();
        }
        self.max_depth = (self.node_cap / self.width).clamp(1, self.path.capacity() - 1);
        let h = puzzle.heuristic(&start);
        self.trail.push(Link { parent: ROOT, mv: None });
        self.layers[0].children.push(Child { state: start, h, g: 0, link: Link { parent: ROOT, mv: None } });
        self.layers[0].keep_best(self.width, &self.hasher);
        (self.current, self.cursor, self.part, self.layer_start, self.depth) = (0, 0, 0, 0, 0);
    }

    /// After a failed attempt: another at half the width, or the end of the run with `status`.
    fn narrow_or_finish(&mut self, puzzle: &P, status: Status) -> Status {
        let narrowest = self.first_width >> NARROWINGS;
        match self.start {
            Some(start) if self.width > narrowest.max(1) => {
                self.width = (self.width / 2).max(1);
                self.begin(puzzle, start);
                Status::InProgress
            }
            _ => self.finish(status),
        }
    }

    fn finish(&mut self, status: Status) -> Status {
        self.status = status;
        status
    }

    /// Replays the moves from the root to the goal (reached by `link` at cost `cost`) from the start,
    /// into `path`.
    fn record_solution(&mut self, puzzle: &P, mut link: Link<P::Move>, cost: u64) -> Status {
        self.path.clear();
        let Some(start) = self.start else {
            return self.finish(Status::Unsolvable);
        };
        // Moves come out last first: collect them, reverse, then replay the states forwards.
        while let Some(mv) = link.mv {
            self.path.push((mv, start));
            link = self.trail[link.parent as usize];
        }
        self.path.reverse();
        let mut state = start;
        for entry in self.path.iter_mut() {
            // The moves were made by `successors`: replaying them cannot fail.
            state = puzzle.apply(&state, &entry.0).unwrap_or(state);
            entry.1 = state;
        }
        self.stats.solution_length = Some(self.path.len() as u32);
        self.stats.solution_cost = Some(cost);
        self.finish(Status::Found)
    }

    /// Expands part `part` of the next node of the current layer: its children that repeat no state of
    /// their layer or of the layer kept two moves before go to the next layer's buffer (cut down to the
    /// best `width` when full: `*cut` counts the children those cuts sorted out).
    fn expand(&mut self, puzzle: &P, part: u32, cut: &mut usize) -> Option<(Link<P::Move>, u64)> {
        let [a, b, c] = &mut self.layers;
        let (current, next, before) = match self.current {
            0 => (&*a, b, &*c),
            1 => (&*b, c, &*a),
            _ => (&*c, a, &*b),
        };
        let node = current.children[self.cursor];
        let parent = (self.layer_start + self.cursor) as u32;
        let mut goal = None;
        let (hasher, width, generated) = (&self.hasher, self.width, &mut self.stats.generated);
        puzzle.successors_in(&node.state, part, |mv, state, cost| {
            *generated += 1;
            if goal.is_some() {
                return;
            }
            let link = Link { parent, mv: Some(mv) };
            if puzzle.is_goal(&state) {
                goal = Some((link, node.g + cost as u64));
                return;
            }
            let hash = hasher.hash_one(state);
            if before.contains(hash, &state) || next.contains(hash, &state) {
                return;
            }
            if next.children.len() == next.children.capacity() {
                *cut += next.children.len();
                next.keep_best(width, hasher);
            }
            let h = puzzle.heuristic_after(&node.state, node.h, &mv, &state);
            next.set.insert(hash, next.children.len());
            next.children.push(Child { state, h, g: node.g + cost as u64, link });
        });
        goal
    }

    /// The layer being made becomes the one expanded: its best `width` children kept and linked into the
    /// trail. Returns the work it took.
    fn close_layer(&mut self) -> u32 {
        let next_index = (self.current + 1) % 3;
        let made = self.layers[next_index].children.len();
        self.layers[next_index].keep_best(self.width, &self.hasher);
        self.layer_start = self.trail.len();
        let next = &self.layers[next_index];
        self.trail.extend(next.children.iter().map(|c| c.link));
        self.stats.peak_stored = self.stats.peak_stored.max(self.trail.len());
        // The layer two moves back is no longer needed: it receives the children of the new layer.
        self.current = next_index;
        self.cursor = 0;
        self.part = 0;
        self.depth += 1;
        self.layers[(next_index + 1) % 3].clear();
        (made / SELECTED_PER_UNIT) as u32
    }
}

impl<P: Puzzle> Search<P> for Beam<P> {
    fn restart(&mut self, puzzle: &P, start: P::State) {
        self.width = self.first_width;
        self.stats = Stats { bytes_reserved: Self::bytes_for(self.width, self.node_cap), ..Stats::default() };
        // The layers and the trail are cleared by `begin`; a start settled at once never reads them.
        self.path.clear();
        self.start = Some(start);
        self.status = Status::InProgress;
        if puzzle.is_goal(&start) {
            self.stats.solution_length = Some(0);
            self.stats.solution_cost = Some(0);
            self.status = Status::Found;
            return;
        }
        if puzzle.provably_unsolvable(&start) {
            self.status = Status::Unsolvable;
            return;
        }
        self.begin(puzzle, start);
        self.stats.peak_stored = 1;
    }

    fn step(&mut self, puzzle: &P, budget: u32) -> Step {
        if self.status != Status::InProgress {
            return Step::new(self.status, 0);
        }
        let mut work = 0u32;
        while work < budget.max(1) {
            if self.cursor == self.layers[self.current].children.len() {
                // Every child repeated a state (the beam has nowhere to go; no proof of anything), or the
                // next layer would be too deep.
                let failure = if self.layers[(self.current + 1) % 3].children.is_empty() {
                    Some(Shortfall::Stuck)
                } else {
                    (self.depth + 1 > self.max_depth).then_some(Shortfall::DepthLimit)
                };
                if let Some(why) = failure {
                    let status = self.narrow_or_finish(puzzle, Status::NotFound(why));
                    if status.is_done() {
                        return Step::new(status, work);
                    }
                    continue;
                }
                work = work.saturating_add(self.close_layer());
                continue;
            }
            if self.part == 0 {
                self.stats.expanded += 1;
                let state = self.layers[self.current].children[self.cursor].state;
                self.parts = puzzle.successor_parts(&state).max(1);
            }
            let (generated_before, mut cut) = (self.stats.generated, 0);
            let found = self.expand(puzzle, self.part, &mut cut);
            let selection = (cut / SELECTED_PER_UNIT) as u32;
            work = work.saturating_add(units_for(self.stats.generated - generated_before)).saturating_add(selection);
            self.part += 1;
            if self.part == self.parts {
                self.part = 0;
                self.cursor += 1;
            }
            if let Some((link, cost)) = found {
                return Step::new(self.record_solution(puzzle, link, cost), work);
            }
        }
        Step::new(Status::InProgress, work)
    }

    fn status(&self) -> Status {
        self.status
    }

    fn stats(&self) -> Stats {
        self.stats
    }

    fn write_path(&self, out: &mut Vec<(P::Move, P::State)>) {
        out.clear();
        if self.status == Status::Found {
            out.extend_from_slice(&self.path);
        }
    }

    /// A beam's solutions are never proven shortest.
    fn proven_optimal(&self) -> bool {
        false
    }
}
