//! Making puzzles: a random solution grid, then clues taken away in a random order while the solution
//! stays unique — the puzzle left is minimal (no clue can go: a clue that was needed when it was tried
//! is needed still, as taking more away only adds solutions). Optionally symmetric: clues go in pairs
//! turned half round the centre.

use super::exact::{count_in, unique_solution_in, Counter};
use super::plan::{Mode, Plan};
use super::puzzle::Sudoku;
use super::{Geometry, Grid, MAX_CELLS, MAX_SIDE};
use crate::generate::{Drawing, Fact, Generate};
use crate::memory::OutOfMemory;
use crate::params::{Kind, Preset, Spec, Values};
use crate::search::{Algorithm, Shortfall, Solver, Status, Step};
use alloc::boxed::Box;
use alloc::format;
use alloc::string::String;
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

/// What to generate.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SudokuParams {
    /// The band of ratings, in tenths of SE's scale (23 is 2.3).
    pub band: (u32, u32),
    /// The side: 4, 6, 9 or 16.
    pub side: usize,
    /// Clues in pairs turned half round the centre.
    pub symmetric: bool,
    /// Fewest and most clues: a minimal puzzle with fewer gets digits of its solution back at random
    /// (it is then no longer minimal); one with more is drawn again.
    pub clues: (usize, usize),
}

/// The sides `size` names, by its choice index.
const SIDES: [usize; 4] = [4, 6, 9, 16];

impl Generate for Sudoku {
    const RATING_UNIT: &'static str = "tenths";
    const RATED_BY_LENGTH: bool = false;

    const PARAMS: &'static [Spec] = &[
        Spec {
            name: "min",
            kind: Kind::Int,
            min: 0,
            max: 250,
            default: "10",
            doc: "lowest rating, in tenths of SE's scale (23: 2.3)",
        },
        Spec {
            name: "max",
            kind: Kind::Int,
            min: 0,
            max: 250,
            default: "250",
            doc: "highest rating, in tenths of SE's scale",
        },
        Spec {
            name: "size",
            kind: Kind::Choice(&["4x4", "6x6", "9x9", "16x16"]),
            min: 0,
            max: 3,
            default: "9x9",
            doc: "the grid: 4x4 (2x2 boxes), 6x6 (3x2), 9x9 (3x3) or 16x16 (4x4)",
        },
        Spec {
            name: "symmetric",
            kind: Kind::Bool,
            min: 0,
            max: 1,
            default: "false",
            doc: "clues in pairs turned half round the centre",
        },
        Spec {
            name: "clues",
            kind: Kind::Range,
            min: 0,
            max: MAX_CELLS as i64,
            default: "0..256",
            doc: "fewest and most clues: fewer than a minimal puzzle has get solution digits back (no longer minimal)",
        },
    ];

    /// SE's buckets: easy below 1.5, medium below 2.5, hard below 5.0, expert from 5.0 (the bucket
    /// Sudoku sites call diabolical, also named so); 9×9, minimal.
    const PRESETS: &'static [Preset] = &[
        Preset { name: "easy", params: "min=10,max=14" },
        Preset { name: "medium", params: "min=15,max=24" },
        Preset { name: "hard", params: "min=25,max=49" },
        Preset { name: "expert", params: "min=50,max=250" },
        Preset { name: "diabolical", params: "min=50,max=250" },
    ];

    /// 4×4 grids with 10 clues: six empty cells, a few thousand positions.
    const SMALL: &'static str = "size=4x4,clues=10..10,min=0,max=250";
    /// A 16×16 minimal puzzle: hundreds of uniqueness tests a drawing.
    const LARGEST: &'static str = "size=16x16";

    type Params = SudokuParams;

    fn params(values: &Values) -> Result<SudokuParams, String> {
        let side = SIDES[(values.int("size") as usize).min(3)];
        let (lo, hi) = values.pair("clues");
        let cells = side * side;
        if lo as usize > cells {
            return Err(format!("clues: a {side}x{side} grid has {cells} cells, fewer than {lo}"));
        }
        Ok(SudokuParams {
            band: (values.int("min") as u32, values.int("max") as u32),
            side,
            symmetric: values.bool("symmetric"),
            clues: (lo as usize, (hi as usize).min(cells)),
        })
    }

    fn band(params: &SudokuParams) -> (u32, u32) {
        params.band
    }

    type Context = ();

    fn context(_: &SudokuParams) -> Result<(), OutOfMemory> {
        Ok(())
    }

    /// A drawing run to its end.
    fn candidate(params: &SudokuParams, _: &(), rng: &mut Xoshiro256PlusPlus) -> Sudoku {
        let mut out = None;
        if let Ok(mut drawer) = Drawer::new(params) {
            while drawer.step(rng, u32::MAX).status != Status::Found {}
            drawer.take_into(&mut out, &mut Vec::new());
        }
        out.unwrap_or_else(|| {
            Sudoku::new(Grid::empty(params.side).unwrap_or(Grid { side: 9, cells: alloc::vec![0; 81] }))
        })
    }

    /// A copy whose givens are its own, so that the generator's are reused for the next candidate.
    fn handed_out(&self) -> Sudoku {
        Sudoku::with_geometry(Arc::clone(self.geometry()), self.givens().clone())
    }

    fn drawing(params: &SudokuParams, _: &()) -> Result<Option<Box<dyn Drawing<Sudoku>>>, OutOfMemory> {
        Ok(Some(Box::new(Drawer::new(params)?)))
    }

    /// Uniqueness by the exact solver (several solutions are a rejection), then the ladder over the
    /// whole grid (a grid it cannot finish has no exact rating): the hardest step's difficulty.
    fn rater(&self, _: Option<&SudokuParams>) -> Result<Solver<Sudoku>, OutOfMemory> {
        Ok(Solver::custom(Algorithm::Exact, Box::new(Plan::new(self, Mode::Rate)?)))
    }
}

/// Where a drawing stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Stage {
    /// Nothing under way.
    Idle,
    /// Solving a few random clues for a solution grid.
    Seeding,
    /// Taking clues away: the next cell to try is `at` in the order.
    Removing,
    /// Counting the solutions without the clue(s) taken.
    Testing,
    /// A puzzle is ready.
    Ready,
}

/// The stepped drawing: a random solution grid, then clues taken away while the solution stays
/// unique — every count by one counter reserved when the drawing is made, every grid a fixed array.
/// Units: digits the counter tries, and a unit a clue tried.
struct Drawer {
    geometry: Arc<Geometry>,
    counter: Counter,
    params: SudokuParams,
    stage: Stage,
    grid: [u8; MAX_CELLS],
    order: [u16; MAX_CELLS],
    at: usize,
    /// The clues taken for the test under way: (cell, digit), (partner, digit).
    taken: [(usize, u8); 2],
    solution: [u8; MAX_CELLS],
}

impl Drawer {
    fn new(params: &SudokuParams) -> Result<Drawer, OutOfMemory> {
        let geometry = Arc::new(Geometry::new(params.side).ok_or(OutOfMemory { bytes: 0 })?);
        Ok(Drawer {
            counter: Counter::new(&geometry)?,
            geometry,
            params: params.clone(),
            stage: Stage::Idle,
            grid: [0; MAX_CELLS],
            order: [0; MAX_CELLS],
            at: 0,
            taken: [(0, 0); 2],
            solution: [0; MAX_CELLS],
        })
    }

    fn cells(&self) -> usize {
        self.geometry.cells()
    }

    /// A few random clues without repeats, to be solved.
    fn seed(&mut self, rng: &mut Xoshiro256PlusPlus) {
        let (cells, side) = (self.cells(), self.geometry.side);
        self.grid[..cells].fill(0);
        for _ in 0..side + 2 {
            let cell = rng.random_range(0..cells);
            let d = rng.random_range(1..=side as u8);
            let clash = self.geometry.peers[cell].iter().any(|&p| self.grid[p as usize] == d);
            if !clash {
                self.grid[cell] = d;
            }
        }
        self.counter.restart(&self.grid[..cells], 1);
        self.stage = Stage::Seeding;
    }

    /// The solution found, shuffled (digits relabelled, lines within bands and stacks, bands and stacks),
    /// becomes the grid; the cells' order of trial is drawn.
    fn begin_removing(&mut self, rng: &mut Xoshiro256PlusPlus) {
        let g = &self.geometry;
        let (n, cells) = (g.side, g.cells());
        let found = self.counter.first().map(|s| {
            let mut copy = [0u8; MAX_CELLS];
            copy[..cells].copy_from_slice(s);
            copy
        });
        let Some(found) = found else { return };
        let mut labels = [0u8; MAX_SIDE];
        labels.iter_mut().enumerate().for_each(|(i, l)| *l = i as u8 + 1);
        shuffle_in_place(&mut labels[..n], rng);
        let rows = line_order(n, g.box_height, rng);
        let columns = line_order(n, g.box_width, rng);
        for r in 0..n {
            for c in 0..n {
                self.solution[r * n + c] = labels[found[rows[r] * n + columns[c]] as usize - 1];
            }
        }
        self.grid[..cells].copy_from_slice(&self.solution[..cells]);
        self.order.iter_mut().enumerate().for_each(|(i, o)| *o = i as u16);
        shuffle_in_place(&mut self.order[..cells], rng);
        self.at = 0;
        self.stage = Stage::Removing;
    }

    /// Takes the next clue (and its partner) away and starts counting, or finishes.
    fn remove_next(&mut self, rng: &mut Xoshiro256PlusPlus) -> bool {
        let cells = self.cells();
        if self.at >= cells {
            return self.finish(rng);
        }
        let cell = self.order[self.at] as usize;
        let partner = if self.params.symmetric { cells - 1 - cell } else { cell };
        if self.grid[cell] == 0 || self.grid[partner] == 0 {
            self.at += 1;
            return true;
        }
        self.taken = [(cell, self.grid[cell]), (partner, self.grid[partner])];
        self.grid[cell] = 0;
        self.grid[partner] = 0;
        self.counter.restart(&self.grid[..cells], 2);
        self.stage = Stage::Testing;
        true
    }

    /// The clues are minimal: digits of the solution put back up to the fewest asked; too many clues
    /// fail the candidate.
    fn finish(&mut self, rng: &mut Xoshiro256PlusPlus) -> bool {
        let cells = self.cells();
        let clues = |grid: &[u8]| grid[..cells].iter().filter(|&&d| d != 0).count();
        while clues(&self.grid) < self.params.clues.0 {
            let cell = rng.random_range(0..cells);
            self.grid[cell] = self.solution[cell];
        }
        self.stage = if clues(&self.grid) > self.params.clues.1 { Stage::Idle } else { Stage::Ready };
        self.stage == Stage::Ready
    }
}

/// A random order of the `n` lines: the bands of `size` lines shuffled, and the lines within each.
fn line_order(n: usize, size: usize, rng: &mut Xoshiro256PlusPlus) -> [usize; MAX_SIDE] {
    let mut bands = [0usize; MAX_SIDE];
    bands.iter_mut().enumerate().for_each(|(i, b)| *b = i);
    shuffle_in_place(&mut bands[..n / size], rng);
    let mut lines = [0usize; MAX_SIDE];
    for (k, &band) in bands[..n / size].iter().enumerate() {
        let within = &mut lines[k * size..(k + 1) * size];
        within.iter_mut().enumerate().for_each(|(i, l)| *l = band * size + i);
        shuffle_in_place(within, rng);
    }
    lines
}

fn shuffle_in_place<T>(items: &mut [T], rng: &mut Xoshiro256PlusPlus) {
    for k in (1..items.len()).rev() {
        items.swap(k, rng.random_range(0..=k));
    }
}

impl Drawing<Sudoku> for Drawer {
    fn step(&mut self, rng: &mut Xoshiro256PlusPlus, budget: u32) -> Step {
        let budget = budget.max(1);
        let mut spent = 0u32;
        while spent < budget {
            match self.stage {
                Stage::Idle => self.seed(rng),
                Stage::Seeding | Stage::Testing => {
                    let before = self.counter.work();
                    let done = self.counter.step((budget - spent) as u64);
                    spent = spent.saturating_add((self.counter.work() - before).max(1) as u32);
                    if !done {
                        continue;
                    }
                    if self.stage == Stage::Seeding {
                        if self.counter.solutions() == 0 {
                            self.stage = Stage::Idle;
                            return Step::new(Status::Unsolvable, spent.min(budget));
                        }
                        self.begin_removing(rng);
                    } else {
                        if self.counter.solutions() != 1 {
                            let [(a, da), (b, db)] = self.taken;
                            (self.grid[a], self.grid[b]) = (da, db);
                        }
                        self.at += 1;
                        self.stage = Stage::Removing;
                    }
                }
                Stage::Removing => {
                    spent += 1;
                    if !self.remove_next(rng) {
                        return Step::new(Status::NotFound(Shortfall::Rejected), spent.min(budget));
                    }
                }
                Stage::Ready => return Step::new(Status::Found, spent.min(budget)),
            }
        }
        let status = if self.stage == Stage::Ready { Status::Found } else { Status::InProgress };
        Step::new(status, spent.min(budget))
    }

    /// The puzzle into `out`, over the givens of the one it holds when they are not shared.
    fn take_into(&mut self, out: &mut Option<Sudoku>, _: &mut Vec<Fact>) -> bool {
        if self.stage != Stage::Ready {
            return false;
        }
        self.stage = Stage::Idle;
        let cells = self.cells();
        if let Some(puzzle) = out.as_mut() {
            if puzzle.refill(&self.grid[..cells]) {
                return true;
            }
        }
        let givens = Grid { side: self.geometry.side, cells: self.grid[..cells].into() };
        *out = Some(Sudoku::with_geometry(Arc::clone(&self.geometry), givens));
        true
    }
}
