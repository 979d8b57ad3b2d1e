//! Making puzzles: a random solution grid, then clues taken away in a random order while the solution
//! stays unique — the puzzle left is minimal (no clue can go: a clue that was needed when it was tried
//! is needed still, as taking more away only adds solutions). Optionally symmetric: clues go in pairs
//! turned half round the centre.

use super::exact::{count_in, unique_solution_in};
use super::{Geometry, Grid};
use alloc::sync::Arc;
use alloc::vec::Vec;
use rand::RngExt;
use rand_xoshiro::Xoshiro256PlusPlus;

/// Nodes the exact solver may try for one uniqueness test (a minimal 9×9 puzzle takes tens).
const TEST_NODES: u64 = 100_000;

/// A random solution grid of side `side`: a few random clues solved, then digits relabelled and rows,
/// columns, bands and stacks shuffled.
pub fn random_solution(side: usize, rng: &mut Xoshiro256PlusPlus) -> Option<Grid> {
    let geometry = Arc::new(Geometry::new(side)?);
    loop {
        let mut grid = Grid::empty(side)?;
        for _ in 0..side + 2 {
            let cell = rng.random_range(0..geometry.cells());
            let d = rng.random_range(1..=side as u8);
            grid.cells[cell] = d;
            if grid.repeated_in(&geometry).is_some() {
                grid.cells[cell] = 0;
            }
        }
        if let Some(solution) = count_in(&geometry, &grid, 1, TEST_NODES).first {
            return Some(shuffle(&geometry, &solution, rng));
        }
    }
}

/// `grid` with its digits relabelled and its rows and columns shuffled within bands and stacks, and the
/// bands and stacks shuffled: a solution stays a solution.
fn shuffle(geometry: &Geometry, grid: &Grid, rng: &mut Xoshiro256PlusPlus) -> Grid {
    let n = geometry.side;
    let mut labels: Vec<u8> = (1..=n as u8).collect();
    permute(&mut labels, rng);
    // A line order: the bands (of `size` lines) shuffled, and the lines within each.
    let order = |size: usize, rng: &mut Xoshiro256PlusPlus| -> Vec<usize> {
        let mut bands: Vec<usize> = (0..n / size).collect();
        permute(&mut bands, rng);
        let mut lines = Vec::with_capacity(n);
        for b in bands {
            let mut within: Vec<usize> = (0..size).map(|k| b * size + k).collect();
            permute(&mut within, rng);
            lines.extend(within);
        }
        lines
    };
    let rows = order(geometry.box_height, rng);
    let columns = order(geometry.box_width, rng);
    let mut cells = alloc::vec![0; n * n];
    for r in 0..n {
        for c in 0..n {
            cells[r * n + c] = labels[grid.cells[rows[r] * n + columns[c]] as usize - 1];
        }
    }
    Grid { side: n, cells }
}

fn permute<T>(items: &mut [T], rng: &mut Xoshiro256PlusPlus) {
    for k in (1..items.len()).rev() {
        items.swap(k, rng.random_range(0..=k));
    }
}

/// A minimal puzzle whose unique solution is `solution`: clues taken away in a random order while the
/// solution stays unique (`symmetric`: a clue and its partner turned half round the centre together).
pub fn minimal_puzzle(solution: &Grid, symmetric: bool, rng: &mut Xoshiro256PlusPlus) -> Grid {
    let geometry = Arc::new(solution.geometry());
    let cells = solution.cells.len();
    let mut order: Vec<usize> = (0..cells).collect();
    permute(&mut order, rng);
    let mut puzzle = solution.clone();
    for cell in order {
        let partner = if symmetric { cells - 1 - cell } else { cell };
        if puzzle.cells[cell] == 0 || puzzle.cells[partner] == 0 {
            continue;
        }
        let kept = (puzzle.cells[cell], puzzle.cells[partner]);
        puzzle.cells[cell] = 0;
        puzzle.cells[partner] = 0;
        if unique_solution_in(&geometry, &puzzle, TEST_NODES).is_none() {
            (puzzle.cells[cell], puzzle.cells[partner]) = kept;
        }
    }
    puzzle
}
