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
use crate::search::{units_for, Status, Step, SUCCESSORS_PER_UNIT};

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
    /// Whether taking out any piece but the red car (walls too) makes the hardest position easier:
    /// known after [`Analyzer::analyze`], not after a stepped cluster task ([`Analyzer::begin_minimality`]
    /// checks it as a task of its own).
    pub minimal: Option<bool>,
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

/// Moves a position has on average, at most, for [`Analyzer::reserved`]'s reservation (a 6×6 Rush Hour
/// position has fewer than 12; more only grows the edge list).
pub const RESERVED_EDGES: usize = 16;

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
    /// [`hash`] in the table as it is (after a [`Graph::reserve`] that counted it). Always inlined: left a
    /// call by `#[inline]`, its register saves weighed so that inlining takes the 6×6 database to 0.87 of
    /// its time.
    #[inline(always)]
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
        // The hashes are made again below rather than kept: an array for them was zeroed at every call
        // (1 KiB, 5 % of the 6×6 database's time), where a hash is one multiplication.
        for node in batch {
            crate::memory::prefetch(&self.table[hash(node.state, mask)]);
        }
        for &node in batch {
            let (index, new) = self.insert_at(node, hash(node.state, mask))?;
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

/// Where the task under way stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Task {
    /// A cluster task enumerating its positions: the next node to expand.
    Explore { head: usize },
    /// A cluster task marking the solved positions: the next node to look at.
    Mark { next: usize },
    /// A cluster task measuring distances from the solved positions: the next entry of the queue.
    Measure { head: usize },
    /// A minimality check: piece `piece` taken out, its breadth-first trial under way.
    Minimal { piece: usize },
    /// A fewest-moves task: its breadth-first search under way.
    Fewest,
    /// Finished, or nothing begun.
    Done,
}

/// A breadth-first search for the fewest moves within a limit, level by level, without edges.
#[derive(Clone, Copy, Debug, Default)]
struct Trial {
    head: usize,
    level_end: usize,
    depth: u32,
    limit: u32,
}

/// What the last task found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Finding {
    None,
    Cluster(Outcome),
    /// The first piece whose removal does not make the puzzle easier (`None`: minimal).
    Useless(Option<usize>),
    Fewest(Option<u32>),
    Failed(RushError),
}

/// A reusable cluster analyser for boards of one side, sliced like every search: a task is begun
/// ([`Analyzer::begin_cluster`], [`Analyzer::begin_minimality`], [`Analyzer::begin_fewest_moves`]),
/// stepped within a budget of units ([`Analyzer::step`]: a unit is an expansion of up to
/// [`crate::search::SUCCESSORS_PER_UNIT`] successors), and its finding read. [`Analyzer::analyze`] and
/// [`Analyzer::fewest_moves`] run one to the end.
pub struct Analyzer {
    side: usize,
    lines: heapless::Vec<Line, MAX_MOVABLE>,
    walls: u64,
    graph: Graph,
    /// Every node's distance from a solved position (`u16::MAX`: not reached yet).
    distance: Vec<u16>,
    /// The solved nodes, then the others in order of distance.
    queue: Vec<u32>,
    counts: Vec<u32>,
    task: Task,
    finding: Finding,
    /// The position a cluster task began from, and the lowest of its cluster met so far.
    input: Position,
    stop_if_not_lowest: bool,
    low: (u64, u64),
    lowest: bool,
    /// The farthest distance measured so far and its lowest node.
    farthest: u16,
    hardest: u32,
    /// The puzzle a minimality check takes pieces out of, and its fewest moves.
    subject: Position,
    moves: u32,
    trial: Trial,
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
            task: Task::Done,
            finding: Finding::None,
            input: Position::default(),
            stop_if_not_lowest: false,
            low: (0, 0),
            lowest: true,
            farthest: 0,
            hardest: 0,
            subject: Position::default(),
            moves: 0,
            trial: Trial::default(),
        }
    }

    /// An analyser as [`Analyzer::new`] with its memory reserved now for clusters of up to `max_states`
    /// positions of up to [`RESERVED_EDGES`] moves each on average, so that stepping it allocates nothing
    /// (memory is reserved, not touched: what a cluster does not use costs no page).
    pub fn reserved(side: usize, max_states: usize) -> Result<Analyzer, OutOfMemory> {
        use crate::memory::with_capacity;
        let mut analyzer = Analyzer::new(side, max_states);
        let graph = &mut analyzer.graph;
        let states = graph.max_states;
        // The table doubles while it is at least half full: its largest size, twice (it moves between two
        // buffers as it grows).
        let slots = (2 * (states + MAX_MOVES)).next_power_of_two().max(FIRST_SLOTS);
        graph.nodes = with_capacity(states)?;
        graph.edges = with_capacity(states.saturating_mul(RESERVED_EDGES))?;
        graph.edge_start = with_capacity(states + 1)?;
        graph.table = with_capacity(slots)?;
        graph.table.resize(FIRST_SLOTS, Slot::default());
        graph.spare = with_capacity(slots)?;
        analyzer.distance = with_capacity(states)?;
        analyzer.queue = with_capacity(states)?;
        analyzer.counts = with_capacity(u16::MAX as usize)?;
        Ok(analyzer)
    }

    /// The board's side.
    pub fn side(&self) -> usize {
        self.side
    }

    /// The count of positions at each distance from a solved one (index 0: the solved positions), of the
    /// last solvable cluster.
    pub fn counts(&self) -> &[u32] {
        &self.counts
    }

    /// Analyses the cluster of `input` to the end, its hardest puzzle's minimality included. With
    /// `stop_if_not_lowest`, the search ends as soon as it meets a position lower than `input` (the
    /// database's way: that position reports the cluster).
    pub fn analyze(&mut self, input: &Position, stop_if_not_lowest: bool) -> Result<Outcome, RushError> {
        self.begin_cluster(input, stop_if_not_lowest)?;
        let Finding::Cluster(outcome) = self.run()? else { unreachable!("a cluster task finds an outcome") };
        let Outcome::Solvable(mut facts) = outcome else { return Ok(outcome) };
        self.begin_minimality(&facts.hardest, facts.moves)?;
        let Finding::Useless(useless) = self.run()? else { unreachable!("a minimality check finds a piece or none") };
        facts.minimal = Some(useless.is_none());
        Ok(Outcome::Solvable(facts))
    }

    /// The fewest moves that solve `input`, if at most `limit` do (breadth first from it).
    pub fn fewest_moves(&mut self, input: &Position, limit: u32) -> Result<Option<u32>, RushError> {
        self.begin_fewest_moves(input, limit)?;
        let Finding::Fewest(moves) = self.run()? else { unreachable!("a fewest-moves task finds moves") };
        Ok(moves)
    }

    /// Steps the task begun to its end: its finding, or why it failed.
    fn run(&mut self) -> Result<Finding, RushError> {
        while self.step(u32::MAX).status == Status::InProgress {}
        match self.finding {
            Finding::Failed(e) => Err(e),
            finding => Ok(finding),
        }
    }

    /// Begins analysing the cluster of `input` ([`Analyzer::outcome`] once stepped to the end; the
    /// hardest puzzle's `minimal` is left unknown: [`Analyzer::begin_minimality`] checks it). With
    /// `stop_if_not_lowest`, the task ends as soon as it meets a position lower than `input`.
    pub fn begin_cluster(&mut self, input: &Position, stop_if_not_lowest: bool) -> Result<(), RushError> {
        self.finding = Finding::None;
        self.task = Task::Done;
        let start = self.load(input)?;
        (self.input, self.stop_if_not_lowest) = (*input, stop_if_not_lowest);
        (self.low, self.lowest) = ((start.horz, start.vert), true);
        self.distance.clear();
        self.queue.clear();
        self.counts.clear();
        let graph = &mut self.graph;
        graph.begin()?;
        graph.reserve(1)?;
        graph.insert_at(start, hash(start.state, graph.slots - 1))?;
        self.task = Task::Explore { head: 0 };
        Ok(())
    }

    /// Begins checking whether `puzzle`, solved in `moves` and no fewer, is minimal: whether taking out
    /// any one piece but the red car lets it be solved in fewer ([`Analyzer::useless_piece`] once
    /// stepped to the end).
    pub fn begin_minimality(&mut self, puzzle: &Position, moves: u32) -> Result<(), RushError> {
        self.finding = Finding::None;
        self.task = Task::Done;
        (self.subject, self.moves) = (*puzzle, moves);
        self.next_piece(1)
    }

    /// Begins a search for the fewest moves that solve `input`, if at most `limit` do
    /// ([`Analyzer::fewest`] once stepped to the end).
    pub fn begin_fewest_moves(&mut self, input: &Position, limit: u32) -> Result<(), RushError> {
        self.finding = Finding::None;
        self.task = Task::Done;
        match self.begin_trial(input, limit)? {
            Some(moves) => self.finding = Finding::Fewest(moves),
            None => self.task = Task::Fewest,
        }
        Ok(())
    }

    /// The finding of a finished cluster task.
    pub fn outcome(&self) -> Option<Outcome> {
        match self.finding {
            Finding::Cluster(outcome) => Some(outcome),
            _ => None,
        }
    }

    /// The finding of a finished minimality check: `Some(None)` when the puzzle is minimal,
    /// `Some(Some(i))` when taking out piece `i` does not make it easier.
    pub fn useless_piece(&self) -> Option<Option<usize>> {
        match self.finding {
            Finding::Useless(piece) => Some(piece),
            _ => None,
        }
    }

    /// The finding of a finished fewest-moves task.
    pub fn fewest(&self) -> Option<Option<u32>> {
        match self.finding {
            Finding::Fewest(moves) => Some(moves),
            _ => None,
        }
    }

    /// Why the last task failed, if it did.
    pub fn error(&self) -> Option<RushError> {
        match self.finding {
            Finding::Failed(e) => Some(e),
            _ => None,
        }
    }

    /// Works on the task begun for at most `budget` units (0 counts as 1): `Found` once it is finished
    /// (its finding can be read), `InProgress` to step again, `OutOfNodes` on a cluster larger than the
    /// analyser's limit, `OutOfMemory`.
    pub fn step(&mut self, budget: u32) -> Step {
        let budget = budget.max(1);
        let mut spent = 0;
        while spent < budget && self.task != Task::Done {
            let left = budget - spent;
            let went = match self.task {
                Task::Done => Ok(0),
                Task::Explore { head } => self.explore(head, left),
                Task::Mark { next } => self.mark(next, left),
                Task::Measure { head } => self.measure(head, left),
                Task::Minimal { piece } => self.minimal(piece, left),
                Task::Fewest => self.trial_step(left).map(|(units, found)| {
                    if let Some(moves) = found {
                        self.task = Task::Done;
                        self.finding = Finding::Fewest(moves);
                    }
                    units
                }),
            };
            match went {
                Ok(units) => spent += units,
                Err(e) => {
                    self.task = Task::Done;
                    self.finding = Finding::Failed(e);
                }
            }
        }
        let status = match (self.task, self.finding) {
            (Task::Done, Finding::Failed(RushError::OutOfMemory(_))) => Status::OutOfMemory,
            (Task::Done, Finding::Failed(_)) => Status::OutOfNodes,
            (Task::Done, _) => Status::Found,
            _ => Status::InProgress,
        };
        Step::new(status, spent.clamp(1, budget))
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

    /// Breadth first over the cluster from node `head` on, recording edges, within `left` units: the
    /// units spent. Ends the task when `stop_if_not_lowest` and a lower position is met.
    fn explore(&mut self, mut head: usize, left: u32) -> Result<u32, RushError> {
        let (lines, walls, graph) = (&self.lines[..], self.walls, &mut self.graph);
        let (low, stop) = (self.low, self.stop_if_not_lowest);
        let mut lowest = self.lowest;
        let mut batch = [Node { state: 0, horz: 0, vert: 0 }; MAX_MOVES];
        let mut spent = 0;
        while head < graph.nodes.len() {
            if spent >= left {
                self.lowest = lowest;
                self.task = Task::Explore { head };
                return Ok(spent);
            }
            let count = neighbours(lines, walls, &graph.nodes[head], &mut batch);
            spent += units_for(count as u64);
            push(&mut graph.edge_start, graph.edges.len() as u32)?;
            graph.edges.try_reserve(count).map_err(|_| OutOfMemory { bytes: count * 4 })?;
            let mut edges = core::mem::take(&mut graph.edges);
            let went_on = graph.insert_batch(&batch[..count], |next, index, new| {
                edges.push(index);
                if new && (next.horz, next.vert) < low {
                    lowest = false;
                    return Ok(!stop);
                }
                Ok(true)
            });
            graph.edges = edges;
            if !went_on? {
                self.task = Task::Done;
                self.finding = Finding::Cluster(Outcome::NotLowest);
                return Ok(spent);
            }
            head += 1;
        }
        push(&mut graph.edge_start, graph.edges.len() as u32)?;
        self.lowest = lowest;
        // Every node gets a distance and enters the queue once: room for all now, so that marking and
        // measuring reserve nothing.
        let states = graph.nodes.len();
        self.distance.try_reserve(states).map_err(|_| OutOfMemory { bytes: states * 2 })?;
        self.queue.try_reserve(states).map_err(|_| OutOfMemory { bytes: states * 4 })?;
        self.task = Task::Mark { next: 0 };
        Ok(spent)
    }

    /// Marks the solved nodes from node `next` on (distance 0, queued), the others unreached, within
    /// `left` units (a unit per [`crate::search::SUCCESSORS_PER_UNIT`] nodes): the units spent.
    fn mark(&mut self, next: usize, left: u32) -> Result<u32, RushError> {
        let states = self.graph.nodes.len();
        let end = states.min(next.saturating_add(left as usize * SUCCESSORS_PER_UNIT as usize));
        let target = self.lines[0].max as usize;
        for (i, node) in self.graph.nodes[next..end].iter().enumerate() {
            let solved = offset(node.state, 0) == target;
            self.distance.push(if solved { 0 } else { u16::MAX });
            if solved {
                self.queue.push((next + i) as u32);
            }
        }
        let spent = units_for((end - next) as u64);
        if end < states {
            self.task = Task::Mark { next: end };
        } else if let Some(&first) = self.queue.first() {
            self.counts.clear();
            push(&mut self.counts, self.queue.len() as u32)?;
            (self.farthest, self.hardest) = (0, first);
            self.task = Task::Measure { head: 0 };
        } else {
            self.task = Task::Done;
            self.finding = Finding::Cluster(Outcome::Unsolvable { states, lowest: self.lowest });
        }
        Ok(spent)
    }

    /// Distances from the solved positions over the recorded edges, from queue entry `head` on, within
    /// `left` units: the counts by distance, and the farthest distance with the lowest node at it.
    fn measure(&mut self, mut head: usize, left: u32) -> Result<u32, RushError> {
        let (graph, distance, queue, counts) = (&self.graph, &mut self.distance[..], &mut self.queue, &mut self.counts);
        let key = |i: u32| (graph.nodes[i as usize].horz, graph.nodes[i as usize].vert);
        let (mut farthest, mut hardest) = (self.farthest, self.hardest);
        let mut spent = 0;
        while head < queue.len() {
            if spent >= left {
                (self.farthest, self.hardest) = (farthest, hardest);
                self.task = Task::Measure { head };
                return Ok(spent);
            }
            let i = queue[head];
            let here = distance[i as usize];
            if here > farthest || (here == farthest && key(i) < key(hardest)) {
                (farthest, hardest) = (here, i);
            }
            let d = here + 1;
            let (from, to) = (graph.edge_start[i as usize] as usize, graph.edge_start[i as usize + 1] as usize);
            spent += units_for((to - from) as u64);
            for &j in &graph.edges[from..to] {
                if distance[j as usize] != u16::MAX {
                    continue;
                }
                distance[j as usize] = d;
                // Room for every node was reserved after exploring.
                queue.push(j);
                if counts.len() <= d as usize {
                    push(counts, 0)?;
                }
                counts[d as usize] += 1;
            }
            head += 1;
        }
        let hardest = self.position_of(&self.input, hardest);
        let facts = ClusterFacts {
            states: self.graph.nodes.len(),
            moves: farthest as u32,
            hardest,
            minimal: None,
            lowest: self.lowest,
        };
        self.task = Task::Done;
        self.finding = Finding::Cluster(Outcome::Solvable(facts));
        Ok(spent)
    }

    /// Minimality, trying piece `piece` (its trial under way) and the ones after it, within `left` units:
    /// the units spent.
    fn minimal(&mut self, piece: usize, left: u32) -> Result<u32, RushError> {
        let (spent, found) = self.trial_step(left)?;
        match found {
            None => {}
            // Solved in fewer moves without it: it matters.
            Some(Some(_)) => self.next_piece(piece + 1)?,
            Some(None) => {
                self.task = Task::Done;
                self.finding = Finding::Useless(Some(piece));
            }
        }
        Ok(spent)
    }

    /// Begins the minimality trial of piece `piece` (or of the first after it whose trial does not end
    /// at once); finds the puzzle minimal when no piece is left.
    fn next_piece(&mut self, mut piece: usize) -> Result<(), RushError> {
        let (subject, moves) = (self.subject, self.moves);
        while piece < subject.pieces().len() {
            // With no move to save, no piece can make it easier.
            if moves == 0 {
                break;
            }
            match self.begin_trial(&subject.without(piece), moves - 1)? {
                None => {
                    self.task = Task::Minimal { piece };
                    return Ok(());
                }
                Some(Some(_)) => piece += 1,
                Some(None) => break,
            }
        }
        self.task = Task::Done;
        let useless = (piece < subject.pieces().len()).then_some(piece);
        self.finding = Finding::Useless(useless);
        Ok(())
    }

    /// Begins a breadth-first trial from `input` for a solution of at most `limit` moves: its finding at
    /// once when there is nothing to search (`Some(Some(0))` for a solved start, `Some(None)` for a limit
    /// of 0), else `None`.
    fn begin_trial(&mut self, input: &Position, limit: u32) -> Result<Option<Option<u32>>, RushError> {
        let start = self.load(input)?;
        if self.solved(&start) {
            return Ok(Some(Some(0)));
        }
        if limit == 0 {
            return Ok(Some(None));
        }
        let graph = &mut self.graph;
        graph.begin()?;
        graph.reserve(1)?;
        graph.insert_at(start, hash(start.state, graph.slots - 1))?;
        self.trial = Trial { head: 0, level_end: 1, depth: 0, limit };
        Ok(None)
    }

    /// Steps the trial begun within `left` units: the units spent, and its finding when it ended (the
    /// fewest moves, `None` when more than the limit are needed).
    fn trial_step(&mut self, left: u32) -> Result<(u32, Option<Option<u32>>), RushError> {
        let (lines, walls, graph) = (&self.lines[..], self.walls, &mut self.graph);
        let target = lines[0].max as usize;
        let Trial { mut head, mut level_end, mut depth, limit } = self.trial;
        let mut batch = [Node { state: 0, horz: 0, vert: 0 }; MAX_MOVES];
        let mut spent = 0;
        let found = loop {
            if head >= graph.nodes.len() {
                break None;
            }
            if head == level_end {
                depth += 1;
                level_end = graph.nodes.len();
            }
            if depth >= limit {
                break None;
            }
            if spent >= left {
                self.trial = Trial { head, level_end, depth, limit };
                return Ok((spent, None));
            }
            let count = neighbours(lines, walls, &graph.nodes[head], &mut batch);
            spent += units_for(count as u64);
            let solved =
                !graph.insert_batch(&batch[..count], |next, _, new| Ok(!(new && offset(next.state, 0) == target)))?;
            if solved {
                break Some(depth + 1);
            }
            head += 1;
        };
        Ok((spent, Some(found)))
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
