//! The exact solver: counts a grid's solutions up to a limit (unique, none, several — with the first two
//! found), by depth-first search over candidates with naked and hidden singles and locked candidates
//! propagated at every node and the cell with the fewest candidates tried first. The uniqueness oracle
//! of the human solver's tests and of generation. Stepped ([`Counter`]): its memory is reserved when it
//! is made, and each step does at most the work its budget allows (digits tried and propagation).

use super::{bit, Digits, Geometry, Grid, MAX_CELLS};

/// The most segments a grid has (a 16×16 grid: 16 rows and 16 columns of 4 boxes each).
const MAX_SEGMENTS: usize = 128;

/// Propagation effort a unit of work stands for beside each digit tried: a placement is 1, a pass over
/// the houses for hidden singles a quarter of their number, a pass of locked candidates an eighth of the
/// segments. A digit tried on a 16×16 grid can set off a hundred placements: a budget in digits tried
/// alone let one call take ten times another.
const EFFORT_PER_UNIT: u64 = 16;
use crate::memory::{self, OutOfMemory};
use alloc::sync::Arc;
use alloc::vec::Vec;

/// What [`count`] found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Count {
    /// Solutions found: at most the limit asked.
    pub solutions: usize,
    /// The first solution found.
    pub first: Option<Grid>,
    /// The second, when there are several.
    pub second: Option<Grid>,
    /// Search nodes (a digit tried in a cell).
    pub nodes: u64,
    /// Whether `solutions` is the whole count, or the limit: false when the node limit ran out first.
    pub complete: bool,
}

/// A node of the search: each cell's digit (0: empty) and candidates (0 for a filled cell).
#[derive(Clone)]
struct State {
    values: [u8; MAX_CELLS],
    candidates: [Digits; MAX_CELLS],
    empty: usize,
}

/// A node on the search's stack, the cell it branches on and the digits left to try there.
#[derive(Clone)]
struct Frame {
    state: State,
    cell: usize,
    rest: Digits,
}

/// A stepped count of a grid's solutions, its memory reserved when made (a stack as deep as the grid
/// has cells): [`Counter::restart`] with the grid, then [`Counter::step`] until it says it is done.
pub struct Counter {
    geometry: Arc<Geometry>,
    all: Digits,
    stack: Vec<Frame>,
    queue: Vec<u16>,
    limit: usize,
    solutions: usize,
    /// The first two solutions found (their first `cells` digits).
    first: [u8; MAX_CELLS],
    second: [u8; MAX_CELLS],
    nodes: u64,
    /// Digits tried and propagation effort since the counter was made ([`EFFORT_PER_UNIT`]).
    tried: u64,
    effort: u64,
    /// The grid of the count begun, its givens propagated at the first step (charged there).
    givens: [u8; MAX_CELLS],
    root_pending: bool,
    done: bool,
}

impl Counter {
    /// A counter for grids of shape `geometry`.
    pub fn new(geometry: &Arc<Geometry>) -> Result<Counter, OutOfMemory> {
        let cells = geometry.cells();
        Ok(Counter {
            all: geometry.all_digits(),
            geometry: Arc::clone(geometry),
            stack: memory::with_capacity(cells + 1)?,
            queue: memory::with_capacity(cells)?,
            limit: 0,
            solutions: 0,
            first: [0; MAX_CELLS],
            second: [0; MAX_CELLS],
            nodes: 0,
            tried: 0,
            effort: 0,
            givens: [0; MAX_CELLS],
            root_pending: false,
            done: true,
        })
    }

    /// Begins counting the solutions of `digits` (row by row, 0 for an empty cell; a digit its peers'
    /// digits already hold has none) up to `limit`. The givens are propagated at the first
    /// [`Counter::step`], which charges that work.
    pub fn restart(&mut self, digits: &[u8], limit: usize) {
        let cells = self.geometry.cells();
        (self.limit, self.solutions, self.nodes, self.done) = (limit, 0, 0, limit == 0);
        self.stack.clear();
        self.givens = [0; MAX_CELLS];
        let n = digits.len().min(cells);
        self.givens[..n].copy_from_slice(&digits[..n]);
        self.root_pending = limit > 0;
    }

    /// The givens placed and propagated (singles and locked candidates: no digit is tried), the root of
    /// the search pushed.
    fn begin(&mut self) {
        let cells = self.geometry.cells();
        self.queue.clear();
        let mut root = State { values: [0; MAX_CELLS], candidates: [0; MAX_CELLS], empty: cells };
        root.candidates[..cells].fill(self.all);
        let mut ok = true;
        let givens = self.givens;
        for (cell, &d) in givens.iter().enumerate().take(cells) {
            if ok && d != 0 {
                // A given on a cell its peers' givens already ruled out: no solution.
                ok = d as usize <= self.geometry.side
                    && root.candidates[cell] & bit(d) != 0
                    && self.assign(&mut root, cell, d);
            }
        }
        if !ok || !self.propagate(&mut root) {
            self.done = true;
            return;
        }
        if root.empty == 0 {
            self.record(&root);
            self.done = true;
            return;
        }
        let cell = self.choose(&root);
        let rest = root.candidates[cell];
        self.stack.push(Frame { state: root, cell, rest });
    }

    /// Works until `work` units are done ([`Counter::work`]; at least one digit tried, or the givens
    /// propagated): whether the count is done (every solution up to the limit found, or the search
    /// exhausted).
    pub fn step(&mut self, work: u64) -> bool {
        let until = self.work().saturating_add(work.max(1));
        if self.root_pending && !self.done {
            self.root_pending = false;
            self.begin();
        }
        let mut tried = false;
        while !self.done && (!tried || self.work() < until) {
            let Some(top) = self.stack.last_mut() else {
                self.done = true;
                break;
            };
            if top.rest == 0 {
                self.stack.pop();
                continue;
            }
            tried = true;
            self.nodes += 1;
            self.tried += 1;
            let b = top.rest & top.rest.wrapping_neg();
            top.rest &= !b;
            let (cell, mut next) = (top.cell, top.state.clone());
            self.queue.clear();
            if !self.assign(&mut next, cell, b.trailing_zeros() as u8 + 1) || !self.propagate(&mut next) {
                continue;
            }
            if next.empty == 0 {
                self.record(&next);
                self.done = self.solutions >= self.limit;
                continue;
            }
            let cell = self.choose(&next);
            let rest = next.candidates[cell];
            self.stack.push(Frame { state: next, cell, rest });
        }
        self.done
    }

    /// Whether the count is done.
    pub fn done(&self) -> bool {
        self.done
    }

    /// Solutions found so far (at most the limit).
    pub fn solutions(&self) -> usize {
        self.solutions
    }

    /// Digits tried so far in this count.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// The work done since the counter was made: a unit a digit tried, and one for every
    /// 16 of propagation (placements, passes over the houses). A budget of work bounds
    /// a call's time on any grid size.
    pub fn work(&self) -> u64 {
        self.tried + self.effort / EFFORT_PER_UNIT
    }

    /// The first solution found, its cells row by row.
    pub fn first(&self) -> Option<&[u8]> {
        (self.solutions > 0).then(|| &self.first[..self.geometry.cells()])
    }

    /// The second solution found.
    pub fn second(&self) -> Option<&[u8]> {
        (self.solutions > 1).then(|| &self.second[..self.geometry.cells()])
    }

    fn record(&mut self, state: &State) {
        let cells = self.geometry.cells();
        match self.solutions {
            0 => self.first[..cells].copy_from_slice(&state.values[..cells]),
            1 => self.second[..cells].copy_from_slice(&state.values[..cells]),
            _ => {}
        }
        self.solutions += 1;
    }

    /// Puts `digit` in `cell` and takes it from the peers' candidates; false on a contradiction (a peer
    /// left without candidates). Peers left with one are queued.
    fn assign(&mut self, state: &mut State, cell: usize, digit: u8) -> bool {
        self.effort += 1;
        let b = bit(digit);
        state.values[cell] = digit;
        state.candidates[cell] = 0;
        state.empty -= 1;
        for &peer in &self.geometry.peers[cell] {
            let p = peer as usize;
            let c = state.candidates[p];
            if c & b != 0 {
                let left = c & !b;
                if left == 0 {
                    return false;
                }
                state.candidates[p] = left;
                if left & (left - 1) == 0 && self.queue.len() < self.queue.capacity() {
                    self.queue.push(peer);
                }
            }
        }
        true
    }

    /// Places every naked and hidden single until none is left; false on a contradiction. Each pass over
    /// the houses goes to its end (a house read after a placement reads the board as it is now), and the
    /// naked singles the placements leave are placed before the next.
    fn propagate(&mut self, state: &mut State) -> bool {
        let geometry = Arc::clone(&self.geometry);
        loop {
            while let Some(cell) = self.queue.pop() {
                let cell = cell as usize;
                if state.values[cell] != 0 {
                    continue;
                }
                let c = state.candidates[cell];
                if c == 0 || c & (c - 1) != 0 {
                    return c != 0;
                }
                if !self.assign(state, cell, c.trailing_zeros() as u8 + 1) {
                    return false;
                }
            }
            let mut placed_any = false;
            self.effort += geometry.houses.len() as u64 / 4;
            for house in &geometry.houses {
                let (mut once, mut twice, mut placed) = (0 as Digits, 0 as Digits, 0 as Digits);
                for &cell in house {
                    let c = state.candidates[cell as usize];
                    twice |= once & c;
                    once |= c;
                    if state.values[cell as usize] != 0 {
                        placed |= bit(state.values[cell as usize]);
                    }
                }
                if (once | placed) != self.all || once & placed != 0 {
                    return false;
                }
                let mut singles = once & !twice;
                while singles != 0 {
                    let b = singles & singles.wrapping_neg();
                    singles &= singles - 1;
                    let Some(&cell) = house.iter().find(|&&c| state.candidates[c as usize] & b != 0) else {
                        continue;
                    };
                    if !self.assign(state, cell as usize, b.trailing_zeros() as u8 + 1) {
                        return false;
                    }
                    placed_any = true;
                }
            }
            if !placed_any && self.queue.is_empty() {
                match self.locked(&geometry, state) {
                    None => return false,
                    Some(false) => return true,
                    Some(true) => {}
                }
            }
        }
    }

    /// Locked candidates: a digit a line holds only where it meets one box leaves the box's other cells,
    /// and a digit a box holds only on one line leaves the line's other cells. Whether a candidate went
    /// (`None` on a contradiction: a cell left without one); cells left with one are queued.
    fn locked(&mut self, geometry: &Geometry, state: &mut State) -> Option<bool> {
        let segments = &geometry.segments;
        self.effort += segments.len() as u64 / 8;
        let mut held = [0 as Digits; MAX_SEGMENTS];
        for (k, segment) in segments.iter().enumerate() {
            held[k] = segment.cells.iter().fold(0, |all, &c| all | state.candidates[c as usize]);
        }
        let mut changed = false;
        for (k, segment) in segments.iter().enumerate() {
            let rest = |others: &[u16], held: &[Digits]| others.iter().fold(0, |all, &j| all | held[j as usize]);
            let only_in_line = held[k] & !rest(&segment.line_others, &held);
            let only_in_box = held[k] & !rest(&segment.box_others, &held);
            for (others, gone) in [(&segment.box_others, only_in_line), (&segment.line_others, only_in_box)] {
                if gone & rest(others, &held) == 0 {
                    continue;
                }
                changed = true;
                for &j in others {
                    held[j as usize] &= !gone;
                    for &cell in &segments[j as usize].cells {
                        let c = &mut state.candidates[cell as usize];
                        if *c & gone == 0 {
                            continue;
                        }
                        *c &= !gone;
                        if *c == 0 {
                            return None;
                        }
                        if *c & (*c - 1) == 0 && self.queue.len() < self.queue.capacity() {
                            self.queue.push(cell);
                        }
                    }
                }
            }
        }
        Some(changed)
    }

    /// The empty cell with the fewest candidates.
    fn choose(&self, state: &State) -> usize {
        let mut best = (u32::MAX, 0);
        for cell in 0..self.geometry.cells() {
            let c = state.candidates[cell];
            if c != 0 && c.count_ones() < best.0 {
                best = (c.count_ones(), cell);
                if best.0 == 2 {
                    break;
                }
            }
        }
        best.1
    }
}

/// Counts the solutions of `grid` up to `limit` (2 tells unique from several), doing at most
/// `work_limit` units of work ([`Counter::work`]).
pub fn count(grid: &Grid, limit: usize, work_limit: u64) -> Count {
    count_in(&Arc::new(grid.geometry()), grid, limit, work_limit)
}

/// [`count`] with the grid's shape at hand (making it costs more than solving an easy 9×9 puzzle).
/// Without memory for the search, nothing is counted and the count says it is not complete.
pub fn count_in(geometry: &Arc<Geometry>, grid: &Grid, limit: usize, work_limit: u64) -> Count {
    let Ok(mut counter) = Counter::new(geometry) else {
        return Count { solutions: 0, first: None, second: None, nodes: 0, complete: false };
    };
    counter.restart(&grid.cells, limit);
    counter.step(work_limit);
    let solution = |digits: Option<&[u8]>| digits.map(|d| Grid { side: grid.side, cells: d.to_vec() });
    Count {
        solutions: counter.solutions,
        first: solution(counter.first()),
        second: solution(counter.second()),
        nodes: counter.nodes,
        complete: counter.done,
    }
}

/// The unique solution of `grid`, or `None` when it has none or several (or `work_limit` ran out).
pub fn unique_solution(grid: &Grid, work_limit: u64) -> Option<Grid> {
    unique_solution_in(&Arc::new(grid.geometry()), grid, work_limit)
}

/// [`unique_solution`] with the grid's shape at hand.
pub fn unique_solution_in(geometry: &Arc<Geometry>, grid: &Grid, work_limit: u64) -> Option<Grid> {
    let found = count_in(geometry, grid, 2, work_limit);
    (found.complete && found.solutions == 1).then_some(found.first).flatten()
}
