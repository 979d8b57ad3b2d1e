//! The exact solver: counts a grid's solutions up to a limit (unique, none, several — with the first two
//! found), by depth-first search over candidates with naked and hidden singles propagated at every node
//! and the cell with the fewest candidates tried first. The uniqueness oracle of the human solver's
//! tests and of generation.

use super::{bit, Digits, Geometry, Grid, MAX_CELLS};
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

/// The search's tables and its singles queue.
struct Solver<'g> {
    geometry: &'g Geometry,
    all: Digits,
    queue: Vec<u16>,
}

impl Solver<'_> {
    /// Puts `digit` in `cell` and takes it from the peers' candidates; false on a contradiction (a peer
    /// left without candidates). Peers left with one are queued.
    fn assign(&mut self, state: &mut State, cell: usize, digit: u8) -> bool {
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
                if left & (left - 1) == 0 {
                    self.queue.push(peer);
                }
            }
        }
        true
    }

    /// Places every naked and hidden single until none is left; false on a contradiction.
    fn propagate(&mut self, state: &mut State) -> bool {
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
            for house in &self.geometry.houses {
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
                if !self.queue.is_empty() {
                    break;
                }
            }
            if !placed_any && self.queue.is_empty() {
                return true;
            }
        }
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

/// Counts the solutions of `grid` up to `limit` (2 tells unique from several), trying at most
/// `node_limit` digits.
pub fn count(grid: &Grid, limit: usize, node_limit: u64) -> Count {
    count_in(&grid.geometry(), grid, limit, node_limit)
}

/// [`count`] with the grid's shape at hand (making it costs more than solving an easy 9×9 puzzle).
pub fn count_in(geometry: &Geometry, grid: &Grid, limit: usize, node_limit: u64) -> Count {
    let mut solver = Solver { all: geometry.all_digits(), geometry, queue: Vec::new() };
    let mut found = Count { solutions: 0, first: None, second: None, nodes: 0, complete: true };
    let cells = geometry.cells();
    let mut root = State { values: [0; MAX_CELLS], candidates: [0; MAX_CELLS], empty: cells };
    root.candidates[..cells].fill(solver.all);
    let mut ok = grid.repeated_in(geometry).is_none();
    for (cell, &d) in grid.cells.iter().enumerate() {
        if ok && d != 0 {
            // A given on a cell its peers' givens already ruled out: no solution.
            ok = root.candidates[cell] & bit(d) != 0 && solver.assign(&mut root, cell, d);
        }
    }
    if !ok || !solver.propagate(&mut root) || limit == 0 {
        return found;
    }
    let record = |state: &State, found: &mut Count| {
        let grid = Grid { side: grid.side, cells: state.values[..cells].to_vec() };
        if found.first.is_none() {
            found.first = Some(grid);
        } else if found.second.is_none() {
            found.second = Some(grid);
        }
        found.solutions += 1;
    };
    if root.empty == 0 {
        record(&root, &mut found);
        return found;
    }
    // Depth first: each frame a node, the cell it branches on and the digits left to try there.
    let cell = solver.choose(&root);
    let rest = root.candidates[cell];
    let mut stack: Vec<(State, usize, Digits)> = alloc::vec![(root, cell, rest)];
    while let Some((state, cell, rest)) = stack.last_mut() {
        if *rest == 0 {
            stack.pop();
            continue;
        }
        if found.nodes >= node_limit {
            found.complete = false;
            return found;
        }
        found.nodes += 1;
        let b = *rest & rest.wrapping_neg();
        *rest &= !b;
        let (cell, mut next) = (*cell, state.clone());
        solver.queue.clear();
        if !solver.assign(&mut next, cell, b.trailing_zeros() as u8 + 1) || !solver.propagate(&mut next) {
            continue;
        }
        if next.empty == 0 {
            record(&next, &mut found);
            if found.solutions >= limit {
                return found;
            }
            continue;
        }
        let cell = solver.choose(&next);
        let rest = next.candidates[cell];
        stack.push((next, cell, rest));
    }
    found
}

/// The unique solution of `grid`, or `None` when it has none or several (or `node_limit` ran out).
pub fn unique_solution(grid: &Grid, node_limit: u64) -> Option<Grid> {
    unique_solution_in(&grid.geometry(), grid, node_limit)
}

/// [`unique_solution`] with the grid's shape at hand.
pub fn unique_solution_in(geometry: &Geometry, grid: &Grid, node_limit: u64) -> Option<Grid> {
    let found = count_in(geometry, grid, 2, node_limit);
    (found.complete && found.solutions == 1).then_some(found.first).flatten()
}
