//! One Rush Hour cluster (every position reachable from one), analysed as Fogleman's database does:
//! whether the given position is its lowest, whether it can be solved, its size, the count of positions
//! at each distance from a solved one, the hardest position (the farthest; the lowest of them on a tie),
//! and whether that puzzle is minimal (taking out any piece but the red car makes it easier).
//!
//! A state is the offset of every movable piece along its own line, three bits each, in one `u64`
//! (pieces never pass each other, so the offsets name the position). Nodes, edges and the hash table are
//! kept from one cluster to the next and grown fallibly, so that a warm analyser allocates nothing; the
//! table's slots carry a search stamp, so starting a search clears nothing.

use alloc::vec::Vec;

use super::positions::{Piece, Position};
use super::{RushError, MAX_PIECES};
use crate::memory::OutOfMemory;

/// Bits of one piece's offset in a state.
const OFFSET_BITS: u32 = 3;
/// The most movable pieces a state holds.
const MAX_MOVABLE: usize = 64 / OFFSET_BITS as usize;

/// What one analysis found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// A lower position is reachable (found before the cluster was explored, when asked to stop there):
    /// that one reports the cluster.
    NotLowest,
    /// No position of the cluster is solved.
    Unsolvable {
        /// Positions in the cluster.
        states: usize,
        /// Whether the given position is the cluster's lowest.
        lowest: bool,
    },
    /// The cluster can be solved.
    Solvable(ClusterFacts),
}

/// The facts of a solvable cluster; the counts by distance are [`Analyzer::counts`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ClusterFacts {
    /// Positions in the cluster.
    pub states: usize,
    /// The hardest position's fewest moves (a move slides one piece any distance).
    pub moves: u32,
    /// The hardest position: the farthest from a solved one, the lowest of them in Fogleman's order.
    pub hardest: Position,
    /// Whether taking out any piece but the red car (walls too) makes the hardest position easier.
    pub minimal: bool,
    /// Whether the given position is the cluster's lowest.
    pub lowest: bool,
}

/// A movable piece of the position searched, with its masks at every offset.
#[derive(Clone, Copy, Default)]
struct Line {
    /// The piece's index in the position.
    index: u8,
    base: u8,
    stride: u8,
    max: u8,
    horizontal: bool,
    /// Cells covered at each offset.
    mask: [u64; 8],
    /// The cell an offset adds when the piece arrives there from a higher offset (its first cell).
    lead: [u64; 8],
    /// The cell an offset adds when the piece arrives there from a lower offset (its last cell).
    trail: [u64; 8],
}

#[derive(Clone, Copy)]
struct Node {
    state: u64,
    horz: u64,
    vert: u64,
}

#[derive(Clone, Copy, Default)]
struct Slot {
    key: u64,
    stamp: u32,
    index: u32,
}

/// The positions met by one search and their index: nodes in the order found (the breadth-first
/// queue), optionally the edges between them, and an open-addressing table from state to node.
struct Graph {
    max_states: usize,
    nodes: Vec<Node>,
    edges: Vec<u32>,
    /// Node `i`'s edges are `edges[edge_start[i]..edge_start[i + 1]]` (nodes are expanded in order).
    edge_start: Vec<u32>,
    /// The table in use is `table[..slots]`: it starts small for every search, so that a small cluster
    /// probes a few cache lines however large an earlier one made the buffer.
    table: Vec<Slot>,
    slots: usize,
    /// The buffer the table moves to when it grows.
    spare: Vec<Slot>,
    /// Slots of another stamp are empty: a new search, or a move to the other buffer, takes a new one.
    stamp: u32,
}

/// Slots of the table a search starts with.
const FIRST_SLOTS: usize = 1 << 10;

impl Graph {
    /// Starts a search: a new stamp, so that every slot of the table reads as empty.
    fn begin(&mut self) -> Result<(), OutOfMemory> {
        self.nodes.clear();
        self.edges.clear();
        self.edge_start.clear();
        if self.table.is_empty() {
            self.table = crate::memory::filled(Slot::default(), FIRST_SLOTS)?;
        }
        self.slots = FIRST_SLOTS;
        self.next_stamp();
        Ok(())
    }

    fn next_stamp(&mut self) {
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.table.iter_mut().chain(self.spare.iter_mut()).for_each(|s| s.stamp = 0);
            self.stamp = 1;
        }
    }

    /// Makes room for `more` nodes without the table growing (the slots computed next stay valid).
    #[inline]
    fn reserve(&mut self, more: usize) -> Result<(), OutOfMemory> {
        while (self.nodes.len() + more) * 2 >= self.slots {
            self.grow_table()?;
        }
        Ok(())
    }

    /// The node index of `node`'s state, and whether it was new (then it is appended); `at` is its
    /// [`hash`] in the table as it is (after a [`Graph::reserve`] that counted it).
    #[inline]
    fn insert_at(&mut self, node: Node, mut at: usize) -> Result<(u32, bool), RushError> {
        let mask = self.slots - 1;
        loop {
            let slot = self.table[at];
            if slot.stamp != self.stamp {
                if self.nodes.len() >= self.max_states {
                    return Err(RushError::TooManyStates(self.max_states));
                }
                let index = self.nodes.len() as u32;
                push(&mut self.nodes, node)?;
                self.table[at] = Slot { key: node.state, stamp: self.stamp, index };
                return Ok((index, true));
            }
            if slot.key == node.state {
                return Ok((slot.index, false));
            }
            at = (at + 1) & mask;
        }
    }

    /// Inserts the `count` nodes of `batch` (as [`Graph::insert_at`]), asking for all their slots first
    /// so that the cache misses of a large cluster's table overlap; `seen(i, index, new)` for each.
    #[inline]
    fn insert_batch(
        &mut self,
        batch: &[Node],
        mut seen: impl FnMut(Node, u32, bool) -> Result<bool, RushError>,
    ) -> Result<bool, RushError> {
        self.reserve(batch.len())?;
        let mask = self.slots - 1;
        let mut at = [0usize; MAX_MOVES];
        for (slot, node) in at.iter_mut().zip(batch) {
            *slot = hash(node.state, mask);
            crate::memory::prefetch(&self.table[*slot]);
        }
        for (&node, &slot) in batch.iter().zip(&at) {
            let (index, new) = self.insert_at(node, slot)?;
            if !seen(node, index, new)? {
                return Ok(false);
            }
        }
        Ok(true)
    }

    /// Doubles the table: the nodes are put again into the spare buffer, which becomes the table.
    #[cold]
    fn grow_table(&mut self) -> Result<(), OutOfMemory> {
        let slots = self.slots * 2;
        if self.spare.len() < slots {
            self.spare.try_reserve(slots - self.spare.len()).map_err(|_| OutOfMemory { bytes: slots * 16 })?;
            self.spare.resize(slots, Slot::default());
        }
        core::mem::swap(&mut self.table, &mut self.spare);
        self.slots = slots;
        self.next_stamp();
        let mask = slots - 1;
        for (index, n) in self.nodes.iter().enumerate() {
            let mut at = hash(n.state, mask);
            while self.table[at].stamp == self.stamp {
                at = (at + 1) & mask;
            }
            self.table[at] = Slot { key: n.state, stamp: self.stamp, index: index as u32 };
        }
        Ok(())
    }
}

/// The most moves from one position.
const MAX_MOVES: usize = 128;

/// Fills `out` with the positions one move from `node`, in the order of the lines and then of the
/// offsets; their count.
#[inline(always)]
fn neighbours(lines: &[Line], walls: u64, node: &Node, out: &mut [Node; MAX_MOVES]) -> usize {
    let occupied = node.horz | node.vert | walls;
    let mut count = 0;
    for (k, line) in lines.iter().enumerate() {
        let o = offset(node.state, k);
        let shift = k as u32 * OFFSET_BITS;
        let cleared = node.state & !(((1 << OFFSET_BITS) - 1) << shift);
        let (horz, vert) =
            if line.horizontal { (node.horz ^ line.mask[o], node.vert) } else { (node.horz, node.vert ^ line.mask[o]) };
        let mut go = |to: usize| {
            let state = cleared | (to as u64) << shift;
            out[count] = if line.horizontal {
                Node { state, horz: horz | line.mask[to], vert }
            } else {
                Node { state, horz, vert: vert | line.mask[to] }
            };
            count += 1;
        };
        let mut to = o;
        while to > 0 && occupied & line.lead[to - 1] == 0 {
            to -= 1;
            go(to);
        }
        let mut to = o;
        while to < line.max as usize && occupied & line.trail[to + 1] == 0 {
            to += 1;
            go(to);
        }
    }
    count
}

/// A reusable cluster analyser for boards of one side.
pub struct Analyzer {
    side: usize,
    lines: heapless::Vec<Line, MAX_MOVABLE>,
    walls: u64,
    graph: Graph,
    distance: Vec<u16>,
    queue: Vec<u32>,
    counts: Vec<u32>,
}

impl Analyzer {
    /// An analyser for boards of side `side` that gives up on clusters of more than `max_states`
    /// positions ([`RushError::TooManyStates`]).
    pub fn new(side: usize, max_states: usize) -> Analyzer {
        Analyzer {
            side,
            lines: heapless::Vec::new(),
            walls: 0,
            graph: Graph {
                max_states: max_states.min(u32::MAX as usize - 1),
                nodes: Vec::new(),
                edges: Vec::new(),
                edge_start: Vec::new(),
                table: Vec::new(),
                slots: 0,
                spare: Vec::new(),
                stamp: 0,
            },
            distance: Vec::new(),
            queue: Vec::new(),
            counts: Vec::new(),
        }
    }

    /// The count of positions at each distance from a solved one (index 0: the solved positions), of the
    /// last solvable cluster.
    pub fn counts(&self) -> &[u32] {
        &self.counts
    }

    /// Analyses the cluster of `input`. With `stop_if_not_lowest`, the search ends as soon as it meets a
    /// position lower than `input` (the database's way: that position reports the cluster).
    pub fn analyze(&mut self, input: &Position, stop_if_not_lowest: bool) -> Result<Outcome, RushError> {
        let start = self.load(input)?;
        let Some(lowest) = self.explore(start, stop_if_not_lowest)? else {
            return Ok(Outcome::NotLowest);
        };
        let states = self.graph.nodes.len();
        let Some((moves, hardest)) = self.distances()? else {
            return Ok(Outcome::Unsolvable { states, lowest });
        };
        let hardest = self.position_of(input, hardest);
        let minimal = self.is_minimal(&hardest, moves)?;
        Ok(Outcome::Solvable(ClusterFacts { states, moves, hardest, minimal, lowest }))
    }

    /// The fewest moves that solve `input`, if at most `limit` do (breadth first from it).
    pub fn fewest_moves(&mut self, input: &Position, limit: u32) -> Result<Option<u32>, RushError> {
        let start = self.load(input)?;
        self.solve_within(start, limit)
    }

    /// Takes in the pieces of `input` (its movable pieces become the state's lines); its node.
    fn load(&mut self, input: &Position) -> Result<Node, RushError> {
        let side = self.side;
        self.lines.clear();
        self.walls = 0;
        let mut start = Node { state: 0, horz: 0, vert: 0 };
        if input.pieces().first().is_none_or(|red| !(red.horizontal && red.len == 2)) {
            return Err(RushError::BadPosition);
        }
        for (index, &p) in input.pieces().iter().enumerate() {
            if p.is_wall() {
                self.walls |= p.mask(side);
                continue;
            }
            let (base, offset, stride) = if p.horizontal {
                let offset = p.cell as usize % side;
                (p.cell as usize - offset, offset, 1)
            } else {
                (p.cell as usize % side, p.cell as usize / side, side)
            };
            let max = side - p.len as usize;
            if offset > max || (!p.horizontal && p.cell as usize + (p.len as usize - 1) * side >= side * side) {
                return Err(RushError::BadPosition);
            }
            let mut line = Line {
                index: index as u8,
                base: base as u8,
                stride: stride as u8,
                max: max as u8,
                horizontal: p.horizontal,
                ..Line::default()
            };
            for o in 0..=max {
                line.mask[o] = Piece { cell: (base + o * stride) as u8, ..p }.mask(side);
                line.lead[o] = 1 << (base + o * stride);
                line.trail[o] = 1 << (base + (o + p.len as usize - 1) * stride);
            }
            start.state |= (offset as u64) << (self.lines.len() as u32 * OFFSET_BITS);
            if p.horizontal {
                start.horz |= line.mask[offset];
            } else {
                start.vert |= line.mask[offset];
            }
            self.lines.push(line).map_err(|_| RushError::TooManyPieces)?;
        }
        Ok(start)
    }

    fn solved(&self, node: &Node) -> bool {
        offset(node.state, 0) == self.lines[0].max as usize
    }

    /// Breadth first over the cluster, recording edges. `None` when `stop_if_not_lowest` and a lower
    /// position was met; else whether the start is the lowest.
    fn explore(&mut self, start: Node, stop_if_not_lowest: bool) -> Result<Option<bool>, RushError> {
        let (lines, walls, graph) = (&self.lines[..], self.walls, &mut self.graph);
        graph.begin()?;
        graph.reserve(1)?;
        graph.insert_at(start, hash(start.state, graph.slots - 1))?;
        let low = (start.horz, start.vert);
        let mut lowest = true;
        let mut batch = [start; MAX_MOVES];
        let mut head = 0;
        while head < graph.nodes.len() {
            let count = neighbours(lines, walls, &graph.nodes[head], &mut batch);
            push(&mut graph.edge_start, graph.edges.len() as u32)?;
            graph.edges.try_reserve(count).map_err(|_| OutOfMemory { bytes: count * 4 })?;
            let mut edges = core::mem::take(&mut graph.edges);
            let went_on = graph.insert_batch(&batch[..count], |next, index, new| {
                edges.push(index);
                if new && (next.horz, next.vert) < low {
                    lowest = false;
                    return Ok(!stop_if_not_lowest);
                }
                Ok(true)
            });
            graph.edges = edges;
            if !went_on? {
                return Ok(None);
            }
            head += 1;
        }
        push(&mut graph.edge_start, graph.edges.len() as u32)?;
        Ok(Some(lowest))
    }

    /// Distances from the solved positions over the recorded edges: the farthest distance and the
    /// lowest node at it, or `None` when nothing is solved. Fills `counts`.
    fn distances(&mut self) -> Result<Option<(u32, u32)>, RushError> {
        let n = self.graph.nodes.len();
        self.distance.clear();
        self.distance.try_reserve(n).map_err(|_| OutOfMemory { bytes: n * 2 })?;
        self.distance.resize(n, u16::MAX);
        self.queue.clear();
        self.queue.try_reserve(n).map_err(|_| OutOfMemory { bytes: n * 4 })?;
        for (i, node) in self.graph.nodes.iter().enumerate() {
            if self.solved(node) {
                self.distance[i] = 0;
                self.queue.push(i as u32);
            }
        }
        let Some(&first) = self.queue.first() else {
            return Ok(None);
        };
        let (graph, distance) = (&self.graph, &mut self.distance[..]);
        let key = |i: u32| (graph.nodes[i as usize].horz, graph.nodes[i as usize].vert);
        let (mut farthest, mut hardest) = (0, first);
        for &i in &self.queue[1..] {
            hardest = if key(i) < key(hardest) { i } else { hardest };
        }
        let mut head = 0;
        while head < self.queue.len() {
            let i = self.queue[head] as usize;
            let d = distance[i] + 1;
            let (from, to) = (graph.edge_start[i] as usize, graph.edge_start[i + 1] as usize);
            for &j in &graph.edges[from..to] {
                if distance[j as usize] != u16::MAX {
                    continue;
                }
                distance[j as usize] = d;
                self.queue.push(j);
                if d > farthest || (d == farthest && key(j) < key(hardest)) {
                    (farthest, hardest) = (d, j);
                }
            }
            head += 1;
        }
        self.counts.clear();
        self.counts.resize(farthest as usize + 1, 0);
        distance.iter().for_each(|&d| self.counts[d as usize] += 1);
        Ok(Some((farthest as u32, hardest)))
    }

    /// The fewest moves from `start` to a solved position, if at most `limit`: breadth first, level by
    /// level, without edges.
    fn solve_within(&mut self, start: Node, limit: u32) -> Result<Option<u32>, RushError> {
        if self.solved(&start) {
            return Ok(Some(0));
        }
        let (lines, walls, graph) = (&self.lines[..], self.walls, &mut self.graph);
        let target = lines[0].max as usize;
        graph.begin()?;
        graph.reserve(1)?;
        graph.insert_at(start, hash(start.state, graph.slots - 1))?;
        let mut batch = [start; MAX_MOVES];
        let (mut head, mut level_end, mut depth) = (0, 1, 0);
        while head < graph.nodes.len() {
            if head == level_end {
                depth += 1;
                level_end = graph.nodes.len();
            }
            if depth >= limit {
                return Ok(None);
            }
            let count = neighbours(lines, walls, &graph.nodes[head], &mut batch);
            let solved =
                !graph.insert_batch(&batch[..count], |next, _, new| Ok(!(new && offset(next.state, 0) == target)))?;
            if solved {
                return Ok(Some(depth + 1));
            }
            head += 1;
        }
        Ok(None)
    }

    /// The position of node `index`: `input` with every movable piece at the node's offset.
    fn position_of(&self, input: &Position, index: u32) -> Position {
        let state = self.graph.nodes[index as usize].state;
        let mut out = *input;
        for (k, line) in self.lines.iter().enumerate() {
            out.set_cell(line.index as usize, line.base as usize + offset(state, k) * line.stride as usize);
        }
        out
    }

    /// Whether taking out any one piece but the red car lets `hardest` be solved in fewer than `moves`.
    fn is_minimal(&mut self, hardest: &Position, moves: u32) -> Result<bool, RushError> {
        let pieces = hardest.pieces().len();
        if moves == 0 {
            return Ok(pieces == 1);
        }
        for index in 1..pieces {
            if self.fewest_moves(&hardest.without(index), moves - 1)?.is_none() {
                return Ok(false);
            }
        }
        Ok(true)
    }
}

#[inline]
fn offset(state: u64, k: usize) -> usize {
    (state >> (k as u32 * OFFSET_BITS)) as usize & ((1 << OFFSET_BITS) - 1)
}

/// The slot where `state`'s probe starts in a table of `mask + 1` slots: the high bits of a
/// multiplicative hash, which every bit of the state reaches.
#[inline]
fn hash(state: u64, mask: usize) -> usize {
    (state.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - mask.count_ones())) as usize
}

/// Pushes onto `v`, reserving fallibly when it is full.
#[inline]
fn push<T>(v: &mut Vec<T>, value: T) -> Result<(), OutOfMemory> {
    if v.len() == v.capacity() {
        let more = v.capacity().max(1024);
        v.try_reserve(more).map_err(|_| OutOfMemory { bytes: more * core::mem::size_of::<T>() })?;
    }
    v.push(value);
    Ok(())
}

const _: () = assert!(MAX_PIECES <= 32);
