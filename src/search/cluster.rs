//! Whole-cluster analysis of a puzzle whose every move can be undone (sliding blocks, sliding tiles):
//! every state reachable from a start, and the distance of each to the nearest solved state, by a
//! multi-source breadth-first search from all the solved states of the cluster at once (moves being
//! reversible, the distance from the solved states is the distance to them).
//!
//! [`ClusterSearch`] is stepped like every search (one unit a state enumerated, marked or measured) and
//! keeps its memory between runs; [`analyze`] runs one to the end.

use super::bfs::{Bfs, Child, Children};
use super::{units_for, Puzzle, Search, Status, Step};
use crate::memory::OutOfMemory;
use alloc::vec::Vec;

/// What the analysis of a cluster found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cluster<S> {
    /// States reachable from the start (the start included).
    pub states: usize,
    /// Those of them that are solved.
    pub goal_states: usize,
    /// `histogram[d]`: states at distance `d` from the nearest solved state.
    pub histogram: Vec<u64>,
    /// Distance of the start to the nearest solved state (`None` when the cluster has none).
    pub start_distance: Option<u32>,
    /// Some of the states farthest from every solved state (at most the number asked for).
    pub farthest: Vec<S>,
    /// Node expansions of both passes.
    pub expanded: u64,
    /// Bytes reserved.
    pub bytes: usize,
}

impl<S> Cluster<S> {
    /// The largest distance to a solved state (`None` when the cluster has no solved state).
    pub fn farthest_distance(&self) -> Option<u32> {
        (self.goal_states > 0).then(|| self.histogram.len().saturating_sub(1) as u32)
    }
}

/// The layer of the multi-source search being measured.
#[derive(Clone, Copy, Debug, Default)]
struct Layer {
    /// Its distance from the solved states.
    depth: u32,
    /// The next entry to work on: of `queue` top-down, of `unreached` bottom-up.
    cursor: usize,
    /// The end of the entries to work on.
    end: usize,
    /// Bottom-up: where the next entry still unreached is kept (`unreached` is compacted as the layer
    /// goes, so that finishing a layer costs nothing).
    kept: usize,
    /// Whether the states not reached look for the layer rather than the layer for them.
    bottom_up: bool,
    /// Where the next layer starts in `queue`.
    next: usize,
}

/// Distance of a state no solved state reaches.
const UNREACHED: u32 = u32::MAX;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Phase {
    /// Enumerating the cluster.
    Enumerating,
    /// Marking the solved states (distance 0) as the sources; the next state to look at.
    Marking(usize),
    /// The multi-source search.
    Measuring,
    /// Finished, with this status.
    Done(Status),
}

/// A stepped whole-cluster analysis: enumerates the cluster of a start with the moves of one puzzle (any
/// puzzle with the same reachable states, such as one counting single steps, which are cheaper to
/// generate), then measures distances to the nearest solved state with the moves of another.
pub struct ClusterSearch<P: Puzzle> {
    explorer: Bfs<P>,
    distance: Vec<u32>,
    /// Indices in order of distance: the layer being measured is `queue[layer.start..layer.end]`.
    queue: Vec<u32>,
    /// Indices not reached yet (some may have been reached since the list was last compacted).
    unreached: Vec<u32>,
    layer: Layer,
    /// The next successor part of the state at the layer's cursor (0: not started), and whether the
    /// parts seen so far reached the layer (bottom-up).
    part: u32,
    reached: bool,
    goal_states: usize,
    farthest: u32,
    /// Where the farthest layer starts in `queue`.
    farthest_from: usize,
    expanded: u64,
    phase: Phase,
}

impl<P: Puzzle> ClusterSearch<P> {
    /// An analysis storing at most `node_cap` states (a larger cluster ends it with
    /// [`Status::OutOfNodes`]); reserves all its memory now, so that no step allocates.
    pub fn new(node_cap: usize) -> Result<Self, OutOfMemory> {
        let list = || crate::memory::with_capacity::<u32>(node_cap);
        Ok(ClusterSearch {
            explorer: Bfs::explorer(node_cap)?,
            distance: list()?,
            queue: list()?,
            unreached: list()?,
            layer: Layer::default(),
            part: 0,
            reached: false,
            goal_states: 0,
            farthest: 0,
            farthest_from: 0,
            expanded: 0,
            phase: Phase::Done(Status::Unsolvable),
        })
    }

    /// Bytes [`ClusterSearch::new`] reserves for `node_cap` states.
    pub fn bytes_for(node_cap: usize) -> usize {
        Bfs::<P>::bytes_for(node_cap).saturating_add(node_cap.saturating_mul(3 * core::mem::size_of::<u32>()))
    }

    /// Starts analysing the cluster of `start` (enumerated with the moves of `enumerate`).
    pub fn restart(&mut self, enumerate: &P, start: P::State) {
        self.explorer.restart(enumerate, start);
        self.distance.clear();
        self.queue.clear();
        self.unreached.clear();
        self.layer = Layer::default();
        self.goal_states = 0;
        self.farthest = 0;
        self.farthest_from = 0;
        self.expanded = 0;
        self.phase = Phase::Enumerating;
    }

    /// Works for at most `budget` units (a state enumerated, marked or measured): `Found` when the
    /// analysis is complete, `InProgress` to step again, `OutOfNodes` when the cluster holds more
    /// states than the cap, `OutOfMemory`.
    pub fn step(&mut self, enumerate: &P, measure: &P, budget: u32) -> Step {
        let mut left = budget;
        while left > 0 {
            match self.phase {
                Phase::Done(status) => return Step::new(status, budget - left),
                Phase::Enumerating => {
                    let step = self.explorer.step(enumerate, left);
                    left -= step.work.min(left);
                    match step.status {
                        Status::InProgress => {}
                        // "Nothing left to visit": the whole cluster is stored.
                        Status::Unsolvable => {
                            self.expanded = self.explorer.stats().expanded;
                            let n = self.explorer.len();
                            if self.distance.try_reserve(n).is_err()
                                || self.queue.try_reserve(n).is_err()
                                || self.unreached.try_reserve(n).is_err()
                            {
                                self.phase = Phase::Done(Status::OutOfMemory);
                            } else {
                                self.phase = Phase::Marking(0);
                            }
                        }
                        other => self.phase = Phase::Done(other),
                    }
                }
                Phase::Marking(from) => {
                    let n = self.explorer.len();
                    let to = n.min(from + left as usize);
                    for i in from..to {
                        let solved = measure.is_goal(self.explorer.state_at(i));
                        self.distance.push(if solved { 0 } else { UNREACHED });
                        if solved { &mut self.queue } else { &mut self.unreached }.push(i as u32);
                    }
                    left -= (to - from) as u32;
                    self.goal_states = self.queue.len();
                    if to == n {
                        self.phase = Phase::Measuring;
                        self.begin_layer(0, 0);
                    } else {
                        self.phase = Phase::Marking(to);
                    }
                }
                Phase::Measuring => {
                    left = left.saturating_sub(self.measure(measure, left));
                    if self.layer.cursor == self.layer.end {
                        if self.layer.bottom_up {
                            self.unreached.truncate(self.layer.kept);
                        }
                        if self.layer.next == self.queue.len() {
                            self.phase = Phase::Done(Status::Found);
                        } else {
                            self.begin_layer(self.layer.depth + 1, self.layer.next);
                        }
                    }
                }
            }
        }
        Step::new(if let Phase::Done(s) = self.phase { s } else { Status::InProgress }, budget)
    }

    /// Starts measuring the layer at `depth`, `queue[start..]`: top-down (expand its states, reach their
    /// children) or, when the layer outnumbers the states not reached yet, bottom-up (each state not
    /// reached looks for a neighbour in the layer, which costs no lookup at all from the solved layer).
    fn begin_layer(&mut self, depth: u32, start: usize) {
        let end = self.queue.len();
        let waiting = self.explorer.len() - end;
        let bottom_up = end - start > waiting;
        let cursor = if bottom_up { 0 } else { start };
        let last = if bottom_up { self.unreached.len() } else { end };
        self.layer = Layer { depth, cursor, end: last, kept: 0, bottom_up, next: end };
        (self.part, self.reached) = (0, false);
        if start < self.queue.len() {
            self.farthest = depth;
            self.farthest_from = start;
        }
    }

    /// Works on the current layer for at most `budget` units (a part of a state's successors, or a
    /// state found reached already and dropped from `unreached`); returns the units spent.
    fn measure(&mut self, measure: &P, budget: u32) -> u32 {
        let Layer { depth, bottom_up, .. } = self.layer;
        let (mut spent, mut expanded) = (0, 0);
        while spent < budget && self.layer.cursor < self.layer.end {
            let at = if bottom_up { self.unreached[self.layer.cursor] } else { self.queue[self.layer.cursor] } as usize;
            if self.part == 0 {
                if bottom_up && self.distance[at] != UNREACHED {
                    self.layer.cursor += 1;
                    spent += 1;
                    continue;
                }
                expanded += 1;
                self.reached = false;
            }
            let part = self.part;
            let last = part + 1 >= measure.successor_parts(self.explorer.state_at(at));
            self.part = if last { 0 } else { part + 1 };
            let (explorer, distance, queue) = (&self.explorer, &mut self.distance, &mut self.queue);
            let mut children = Children::<P>::new();
            let mut made = 0;
            if bottom_up {
                // Reached when a neighbour lies in the layer (a solved neighbour, for the first layer).
                let mut reached = self.reached;
                measure.successors_in(explorer.state_at(at), part, |mv, child, _| {
                    made += 1;
                    if reached {
                        return;
                    }
                    if measure.is_goal(&child) {
                        reached = depth == 0;
                        return;
                    }
                    if depth > 0 {
                        if let Err(overflow) = children.push(Child { mv, state: child, parent: 0, g: 0, cost: 0 }) {
                            explorer.indices_of(&children, |j| reached |= j.is_some_and(|j| distance[j] == depth));
                            children.clear();
                            let _ = children.push(overflow);
                        }
                    }
                });
                if !reached {
                    explorer.indices_of(&children, |j| reached |= j.is_some_and(|j| distance[j] == depth));
                }
                spent += units_for(made);
                self.reached = reached;
                if !reached && !last {
                    continue;
                }
                // Done with this state: reached, or every part seen.
                self.part = 0;
                self.layer.cursor += 1;
                if reached {
                    distance[at] = depth + 1;
                    queue.push(at as u32);
                } else {
                    self.unreached[self.layer.kept] = at as u32;
                    self.layer.kept += 1;
                }
                continue;
            }
            let mut reach = |children: &Children<P>| {
                explorer.indices_of(children, |index| {
                    if let Some(j) = index.filter(|&j| distance[j] == UNREACHED) {
                        distance[j] = depth + 1;
                        queue.push(j as u32);
                    }
                })
            };
            if last {
                self.layer.cursor += 1;
            }
            measure.successors_in(explorer.state_at(at), part, |mv, child, _| {
                made += 1;
                // A solved child is a source already: no need to look it up.
                if measure.is_goal(&child) {
                    return;
                }
                if let Err(overflow) = children.push(Child { mv, state: child, parent: 0, g: 0, cost: 0 }) {
                    reach(&children);
                    children.clear();
                    let _ = children.push(overflow);
                }
            });
            reach(&children);
            spent += units_for(made);
        }
        self.expanded += expanded;
        spent
    }

    /// Where the analysis stands.
    pub fn status(&self) -> Status {
        match self.phase {
            Phase::Done(status) => status,
            _ => Status::InProgress,
        }
    }

    /// The states of the cluster (in the order of discovery from the start, the start first).
    pub fn len(&self) -> usize {
        self.explorer.len()
    }

    /// Whether nothing was enumerated yet.
    pub fn is_empty(&self) -> bool {
        self.explorer.is_empty()
    }

    /// The solved states of the cluster (once marked).
    pub fn goal_states(&self) -> usize {
        self.goal_states
    }

    /// The state at `index`.
    pub fn state_at(&self, index: usize) -> &P::State {
        self.explorer.state_at(index)
    }

    /// The index of `state` in the cluster, if it is in it.
    pub fn index_of(&self, state: &P::State) -> Option<usize> {
        self.explorer.index_of(state)
    }

    /// The distance of the state at `index` to the nearest solved state, once measured (`None` when no
    /// solved state reaches it).
    pub fn distance_at(&self, index: usize) -> Option<u32> {
        self.distance.get(index).copied().filter(|&d| d != UNREACHED)
    }

    /// The distance of the states farthest from every solved state, once the analysis is complete
    /// (`None` when the cluster has no solved state).
    pub fn farthest_distance(&self) -> Option<u32> {
        (self.phase == Phase::Done(Status::Found) && self.goal_states > 0).then_some(self.farthest)
    }

    /// The states farthest from every solved state, in order of discovery (none before the end).
    pub fn farthest_states(&self) -> impl Iterator<Item = &P::State> + '_ {
        let top = self.farthest_distance();
        (0..self.distance.len())
            .filter(move |&i| top.is_some_and(|t| self.distance[i] == t))
            .map(|i| self.explorer.state_at(i))
    }

    /// The states farthest from every solved state, in no particular order (none before the end): the
    /// last layer of the search, so listing them costs only their number.
    pub fn farthest_layer(&self) -> impl Iterator<Item = &P::State> + '_ {
        let layer = if self.farthest_distance().is_some() { &self.queue[self.farthest_from..] } else { &[] };
        layer.iter().map(|&i| self.explorer.state_at(i as usize))
    }

    /// Bytes reserved.
    pub fn bytes_reserved(&self) -> usize {
        self.explorer.stats().bytes_reserved
            + (self.distance.capacity() + self.queue.capacity() + self.unreached.capacity())
                * core::mem::size_of::<u32>()
    }

    /// The summary of a complete analysis, with up to `farthest` of the farthest states.
    pub fn cluster(&self, farthest: usize) -> Option<Cluster<P::State>> {
        if self.phase != Phase::Done(Status::Found) {
            return None;
        }
        let mut histogram = Vec::new();
        for &d in self.distance.iter().filter(|&&d| d != UNREACHED) {
            if histogram.len() <= d as usize {
                histogram.resize(d as usize + 1, 0);
            }
            histogram[d as usize] += 1;
        }
        Some(Cluster {
            states: self.len(),
            goal_states: self.goal_states,
            histogram,
            start_distance: self.distance_at(0),
            farthest: self.farthest_states().take(farthest).copied().collect(),
            expanded: self.expanded,
            bytes: self.bytes_reserved(),
        })
    }
}

/// Analyses the cluster of `start` to the end (see [`ClusterSearch`]): stores at most `node_cap` states,
/// a larger cluster is `Err(OutOfNodes)`, memory that cannot be reserved `Err(OutOfMemory)`. Keeps up to
/// `farthest` of the farthest states.
pub fn analyze<P: Puzzle>(
    enumerate: &P,
    measure: &P,
    start: P::State,
    node_cap: usize,
    farthest: usize,
) -> Result<Cluster<P::State>, Status> {
    let mut search = ClusterSearch::<P>::new(node_cap).map_err(|_| Status::OutOfMemory)?;
    search.restart(enumerate, start);
    loop {
        match search.step(enumerate, measure, u32::MAX).status {
            Status::InProgress => {}
            Status::Found => return search.cluster(farthest).ok_or(Status::InProgress),
            other => return Err(other),
        }
    }
}
