//! Sliding tiles: the 8-puzzle, the 15-puzzle and every board from 2×2 to 5×5.
//!
//! A move slides a tile next to the blank into it. Start and goal are arbitrary arrangements (the blank
//! may be anywhere in the goal). Half of all arrangements cannot reach a given goal; the parity rule
//! ([`Tiles::is_solvable`]) decides it before any search.
//!
//! Text description: `tiles:WxH:START[:GOAL]`, cells row-major, comma-separated, `0` for the blank.
//! The default goal is `1, 2, …, WH−1` followed by the blank.
//!
//! Optimal solving of 3×3 and 4×4 uses IDA\* with Manhattan distance plus linear conflicts (see
//! [`Family::recommended_solver`]; with pattern databases attached, 4×4 uses those (see [`pdb`])). Optimal 5×5 solving is out of reach of per-frame use: the hardest
//! instances take hours even for the best published solvers.

pub mod distances;
pub mod pdb;
pub mod pdb_ida;

use crate::family::{Family, FamilyId, MoveCode};
use crate::memory::OutOfMemory;
use crate::search::astar::{AStar, Priority};
use crate::search::{Algorithm, Puzzle, Search, Solver};
use crate::tables::Tables;
use crate::text::{fields, Field, ParseError};
use alloc::boxed::Box;
use alloc::format;
use alloc::string::String;
use alloc::sync::Arc;
use alloc::vec;
use alloc::vec::Vec;
use core::fmt::Write;
use distances::{EightTable, TableWalk};
use pdb::{PatternDatabase, PdbTiles};
use pdb_ida::PdbIda;

/// The smallest board side.
pub const MIN_SIDE: u8 = 2;
/// The largest board side.
pub const MAX_SIDE: u8 = 5;
/// Cells of the largest board.
pub const MAX_CELLS: usize = (MAX_SIDE as usize) * (MAX_SIDE as usize);

/// Bits per cell in a packed board.
const CELL_BITS: usize = 5;
const CELL_MASK: u128 = (1 << CELL_BITS) - 1;

/// An arrangement of tiles, packed 5 bits a cell into one `u128` (unused cells zero) so that copying,
/// hashing and comparing a board are a few register operations.
#[derive(Clone, Copy)]
pub struct Board {
    packed: u128,
    blank: u8,
}

impl PartialEq for Board {
    fn eq(&self, other: &Board) -> bool {
        // The blank is the one empty cell, so the packed cells decide equality.
        self.packed == other.packed
    }
}

impl Eq for Board {}

impl core::hash::Hash for Board {
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        self.packed.hash(state);
    }
}

impl core::fmt::Debug for Board {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        let used = (0..MAX_CELLS).rev().find(|&c| self.tile(c) != 0 || c == self.blank()).map_or(0, |c| c + 1);
        f.debug_list().entries(self.cells(used)).finish()
    }
}

impl Board {
    /// The tile on every cell, row-major (0 = blank), for a board of `len` cells.
    pub fn cells(&self, len: usize) -> impl Iterator<Item = u8> + '_ {
        (0..len).map(|c| self.tile(c))
    }

    /// The tile at `cell` (0 = blank).
    #[inline]
    pub fn tile(&self, cell: usize) -> u8 {
        ((self.packed >> (cell * CELL_BITS)) & CELL_MASK) as u8
    }

    /// The cell holding the blank.
    #[inline]
    pub fn blank(&self) -> usize {
        self.blank as usize
    }

    /// The board after the tile on `from` slides into the blank.
    #[inline]
    fn slide(&self, from: usize) -> Board {
        let tile = (self.packed >> (from * CELL_BITS)) & CELL_MASK;
        let packed = (self.packed & !(CELL_MASK << (from * CELL_BITS))) | (tile << (self.blank() * CELL_BITS));
        Board { packed, blank: from as u8 }
    }

    /// Builds a board from row-major cells, checking that they hold `0..cells.len()` once each.
    /// On failure returns the index of the offending cell and the reason.
    pub fn from_cells(cells: &[u8]) -> Result<Board, (usize, String)> {
        let n = cells.len();
        if !(4..=MAX_CELLS).contains(&n) {
            return Err((0, format!("a board has 4 to {MAX_CELLS} cells, not {n}")));
        }
        let mut board = Board { packed: 0, blank: 0 };
        let mut seen = [false; MAX_CELLS];
        for (i, &tile) in cells.iter().enumerate() {
            if tile as usize >= n {
                return Err((i, format!("tile {tile} is out of range 0..{}", n - 1)));
            }
            if core::mem::replace(&mut seen[tile as usize], true) {
                return Err((i, format!("tile {tile} appears twice")));
            }
            board.packed |= (tile as u128) << (i * CELL_BITS);
            if tile == 0 {
                board.blank = i as u8;
            }
        }
        Ok(board)
    }
}

/// One move: `tile` slides from cell `from` into the blank at cell `to`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TileMove {
    /// The tile that moves.
    pub tile: u8,
    /// The cell it leaves (where the blank goes).
    pub from: u8,
    /// The cell it enters (where the blank was).
    pub to: u8,
}

/// Which lower bound the searches use.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Heuristic {
    /// Tiles not on their goal cell (weak; "tiles in place" for hill climbing).
    Misplaced,
    /// Sum of the tiles' Manhattan distances to their goal cells.
    Manhattan,
    /// Manhattan distance plus two moves for every tile that must leave its row or column to let
    /// another pass (Hansson, Mayer and Yung). The default.
    LinearConflict,
}

impl Heuristic {
    /// Every heuristic, weakest first.
    pub const ALL: [Heuristic; 3] = [Heuristic::Misplaced, Heuristic::Manhattan, Heuristic::LinearConflict];

    /// Parses `misplaced`, `manhattan` or `linear-conflict` (`lc`).
    pub fn parse(name: &str) -> Option<Heuristic> {
        match name.trim() {
            "misplaced" => Some(Heuristic::Misplaced),
            "manhattan" => Some(Heuristic::Manhattan),
            "linear-conflict" | "lc" => Some(Heuristic::LinearConflict),
            _ => None,
        }
    }

    /// The name `parse` accepts.
    pub fn name(self) -> &'static str {
        match self {
            Heuristic::Misplaced => "misplaced",
            Heuristic::Manhattan => "manhattan",
            Heuristic::LinearConflict => "linear-conflict",
        }
    }
}

/// A sliding-tile puzzle: board size, start, goal and the heuristic its searches use.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tiles {
    width: u8,
    height: u8,
    start: Board,
    goal: Board,
    heuristic: Heuristic,
    /// Goal row and column of every tile.
    goal_row: [u8; MAX_CELLS],
    goal_col: [u8; MAX_CELLS],
    /// Manhattan distance of tile `t` on cell `c` from its goal cell: `distance[t][c]` (0 for the blank).
    distance: [[u8; MAX_CELLS]; MAX_CELLS],
    /// Pattern databases for optimal 4×4 solving, when attached.
    tables: Option<Attached<PatternDatabase>>,
    /// The complete 3×3 distance table, when attached: hints become lookups.
    distances: Option<Attached<EightTable>>,
}

/// Shared tables attached to a puzzle (compared by identity).
struct Attached<T>(Arc<T>);

impl<T> Clone for Attached<T> {
    fn clone(&self) -> Self {
        Attached(self.0.clone())
    }
}

impl<T> PartialEq for Attached<T> {
    fn eq(&self, other: &Attached<T>) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
    }
}

impl<T> Eq for Attached<T> {}

impl<T: core::fmt::Debug> core::fmt::Debug for Attached<T> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        self.0.fmt(f)
    }
}

/// Why a board could not be created.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TilesError {
    /// Width or height outside 2..=5.
    Size,
    /// The start (or goal) does not hold `w·h` cells.
    CellCount {
        /// Cells needed.
        expected: usize,
        /// Cells given.
        found: usize,
        /// Whether it was the goal.
        goal: bool,
    },
    /// A cell holds a bad tile: the index of the cell and the reason.
    Cell {
        /// Index of the offending cell.
        index: usize,
        /// What is wrong.
        reason: String,
        /// Whether it was the goal.
        goal: bool,
    },
}

impl core::fmt::Display for TilesError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        let which = |goal: &bool| if *goal { "goal" } else { "start" };
        match self {
            TilesError::Size => write!(f, "board sides must be {MIN_SIDE} to {MAX_SIDE}"),
            TilesError::CellCount { expected, found, goal } => {
                write!(f, "{} has {found} cells, expected {expected}", which(goal))
            }
            TilesError::Cell { index, reason, goal } => write!(f, "{} cell {index}: {reason}", which(goal)),
        }
    }
}

impl Tiles {
    /// A `width`×`height` puzzle from `start` to `goal` (row-major, 0 = blank). Without a goal, the
    /// default `1, 2, …, WH−1, blank`. Uses [`Heuristic::LinearConflict`].
    pub fn new(width: u8, height: u8, start: &[u8], goal: Option<&[u8]>) -> Result<Tiles, TilesError> {
        if !(MIN_SIDE..=MAX_SIDE).contains(&width) || !(MIN_SIDE..=MAX_SIDE).contains(&height) {
            return Err(TilesError::Size);
        }
        let n = width as usize * height as usize;
        let board = |cells: &[u8], goal: bool| {
            if cells.len() != n {
                return Err(TilesError::CellCount { expected: n, found: cells.len(), goal });
            }
            Board::from_cells(cells).map_err(|(index, reason)| TilesError::Cell { index, reason, goal })
        };
        let start = board(start, false)?;
        let goal = match goal {
            Some(cells) => board(cells, true)?,
            None => Self::default_goal(n),
        };
        let mut tiles = Tiles {
            width,
            height,
            start,
            goal,
            heuristic: Heuristic::LinearConflict,
            goal_row: [0; MAX_CELLS],
            goal_col: [0; MAX_CELLS],
            distance: [[0; MAX_CELLS]; MAX_CELLS],
            tables: None,
            distances: None,
        };
        let w = width as usize;
        for cell in 0..n {
            let tile = goal.tile(cell) as usize;
            tiles.goal_row[tile] = (cell / w) as u8;
            tiles.goal_col[tile] = (cell % w) as u8;
        }
        for tile in 1..n {
            for cell in 0..n {
                let (r, c) = (cell / w, cell % w);
                tiles.distance[tile][cell] =
                    (r.abs_diff(tiles.goal_row[tile] as usize) + c.abs_diff(tiles.goal_col[tile] as usize)) as u8;
            }
        }
        Ok(tiles)
    }

    fn default_goal(n: usize) -> Board {
        let mut board = Board { packed: 0, blank: (n - 1) as u8 };
        for cell in 0..n - 1 {
            board.packed |= (cell as u128 + 1) << (cell * CELL_BITS);
        }
        board
    }

    /// The same puzzle searched with heuristic `h`.
    pub fn with_heuristic(mut self, h: Heuristic) -> Tiles {
        self.heuristic = h;
        self
    }

    /// The same puzzle, solved optimally with the pattern databases `db` (4×4 only). Fails when the
    /// tables were built for another blank goal cell or board size.
    pub fn with_pattern_database(mut self, db: Arc<PatternDatabase>) -> Result<Tiles, String> {
        if (self.width, self.height) != (4, 4) {
            return Err(format!("pattern databases serve 4x4 boards, not {}x{}", self.width, self.height));
        }
        if !db.fits(&self) {
            return Err(format!(
                "these pattern databases serve goals with the blank on cell {}; this goal has it on cell {} \
                 (tables for it: `lp tables build --blank {}`)",
                db.blank_cell(),
                self.goal.blank(),
                self.goal.blank()
            ));
        }
        self.tables = Some(Attached(db));
        Ok(self)
    }

    /// The pattern databases attached, if any.
    pub fn pattern_database(&self) -> Option<&Arc<PatternDatabase>> {
        self.tables.as_ref().map(|t| &t.0)
    }

    /// The heuristic searches use.
    pub fn heuristic_kind(&self) -> Heuristic {
        self.heuristic
    }

    /// Board width.
    pub fn width(&self) -> usize {
        self.width as usize
    }

    /// Board height.
    pub fn height(&self) -> usize {
        self.height as usize
    }

    /// Number of cells.
    pub fn cells(&self) -> usize {
        self.width() * self.height()
    }

    /// The goal arrangement.
    pub fn goal(&self) -> Board {
        self.goal
    }

    /// A uniformly random arrangement from which the goal can be reached (a shuffle, with two tiles
    /// swapped when the parity rule says it cannot).
    pub fn random_solvable<R: rand::Rng + ?Sized>(&self, rng: &mut R) -> Board {
        use rand::RngExt;
        let n = self.cells();
        let mut cells: Vec<u8> = (0..n as u8).collect();
        for i in (1..n).rev() {
            cells.swap(i, rng.random_range(0..=i));
        }
        let mut board = Board::from_cells(&cells).unwrap_or(self.goal);
        if !self.is_solvable(&board) {
            let (a, b) = if cells[0] != 0 && cells[1] != 0 { (0, 1) } else { (n - 2, n - 1) };
            cells.swap(a, b);
            board = Board::from_cells(&cells).unwrap_or(self.goal);
        }
        board
    }

    /// A board of this size from row-major cells, or why not.
    pub fn board(&self, cells: &[u8]) -> Result<Board, TilesError> {
        if cells.len() != self.cells() {
            return Err(TilesError::CellCount { expected: self.cells(), found: cells.len(), goal: false });
        }
        Board::from_cells(cells).map_err(|(index, reason)| TilesError::Cell { index, reason, goal: false })
    }

    /// The parity rule: a move swaps the blank with a tile (one transposition) and moves the blank one
    /// step, so the permutation taking `state` to the goal (blank included) has the parity of the blank's
    /// Manhattan distance to its goal cell exactly when the goal is reachable (boards 2×2 and larger).
    pub fn is_solvable(&self, state: &Board) -> bool {
        let n = self.cells();
        let w = self.width();
        // Goal cell of the tile now on each cell; count the permutation's cycles.
        let mut goal_cell = [0u8; MAX_CELLS];
        for (cell, goal) in goal_cell[..n].iter_mut().enumerate() {
            let tile = state.tile(cell) as usize;
            *goal = (self.goal_row[tile] as usize * w + self.goal_col[tile] as usize) as u8;
        }
        let mut seen = [false; MAX_CELLS];
        let mut cycles = 0;
        for i in 0..n {
            if !seen[i] {
                cycles += 1;
                let mut j = i;
                while !seen[j] {
                    seen[j] = true;
                    j = goal_cell[j] as usize;
                }
            }
        }
        let permutation_parity = (n - cycles) % 2;
        let (b, g) = (state.blank(), self.goal.blank());
        let blank_distance = (b / w).abs_diff(g / w) + (b % w).abs_diff(g % w);
        permutation_parity == blank_distance % 2
    }

    /// Sum of Manhattan distances of every tile from its goal cell.
    pub fn manhattan(&self, state: &Board) -> u32 {
        (0..self.cells()).map(|c| self.distance[state.tile(c) as usize][c] as u32).sum()
    }

    /// Number of tiles (not the blank) away from their goal cell.
    pub fn misplaced(&self, state: &Board) -> u32 {
        (0..self.cells()).filter(|&c| state.tile(c) != 0 && state.tile(c) != self.goal.tile(c)).count() as u32
    }

    /// Extra moves forced by linear conflicts (twice the tiles that must leave a row or column).
    pub fn linear_conflicts(&self, state: &Board) -> u32 {
        (0..self.height()).map(|r| self.row_conflicts(state, r)).sum::<u32>()
            + (0..self.width()).map(|c| self.column_conflicts(state, c)).sum::<u32>()
    }

    fn row_conflicts(&self, state: &Board, row: usize) -> u32 {
        let w = self.width();
        let mut keys = [0u8; MAX_SIDE as usize];
        let mut len = 0;
        for tile in (row * w..row * w + w).map(|c| state.tile(c)) {
            if tile != 0 && self.goal_row[tile as usize] as usize == row {
                keys[len] = self.goal_col[tile as usize];
                len += 1;
            }
        }
        conflict_moves(&keys[..len])
    }

    fn column_conflicts(&self, state: &Board, col: usize) -> u32 {
        let w = self.width();
        let mut keys = [0u8; MAX_SIDE as usize];
        let mut len = 0;
        for row in 0..self.height() {
            let tile = state.tile(row * w + col);
            if tile != 0 && self.goal_col[tile as usize] as usize == col {
                keys[len] = self.goal_row[tile as usize];
                len += 1;
            }
        }
        conflict_moves(&keys[..len])
    }

    /// Checks a move given as the tile to slide; returns the move, or `None` when that tile is not next
    /// to the blank.
    pub fn move_of_tile(&self, state: &Board, tile: u8) -> Option<TileMove> {
        let mut found = None;
        self.successors(state, |mv, _, _| {
            if mv.tile == tile {
                found = Some(mv);
            }
        });
        found
    }
}

/// IDA* stack entries reserved for tiles searches.
const IDA_STACK: usize = 4 * 1024;

/// Node cap of the weighted A* used on boards larger than 4×4 (about 20 MB).
const LARGE_BOARD_NODES: usize = 200_000;

/// Twice the number of keys that must leave the line so that the rest are in increasing order:
/// `2 · (len − longest increasing subsequence)`.
fn conflict_moves(keys: &[u8]) -> u32 {
    if keys.len() < 2 {
        return 0;
    }
    let mut lis = [1u8; MAX_SIDE as usize];
    let mut best = 1;
    for i in 1..keys.len() {
        for j in 0..i {
            if keys[j] < keys[i] && lis[j] + 1 > lis[i] {
                lis[i] = lis[j] + 1;
            }
        }
        best = best.max(lis[i]);
    }
    2 * (keys.len() as u32 - best as u32)
}

impl Puzzle for Tiles {
    type State = Board;
    type Move = TileMove;

    #[inline]
    fn successors(&self, state: &Board, mut f: impl FnMut(TileMove, Board, u32)) {
        let (w, n) = (self.width(), self.cells());
        let b = state.blank();
        let mut visit = |from: usize| {
            f(TileMove { tile: state.tile(from), from: from as u8, to: b as u8 }, state.slide(from), 1);
        };
        if b >= w {
            visit(b - w);
        }
        if b + w < n {
            visit(b + w);
        }
        if b % w > 0 {
            visit(b - 1);
        }
        if b % w + 1 < w {
            visit(b + 1);
        }
    }

    #[inline]
    fn is_goal(&self, state: &Board) -> bool {
        *state == self.goal
    }

    fn heuristic(&self, state: &Board) -> u32 {
        match self.heuristic {
            Heuristic::Misplaced => self.misplaced(state),
            Heuristic::Manhattan => self.manhattan(state),
            Heuristic::LinearConflict => self.manhattan(state) + self.linear_conflicts(state),
        }
    }

    #[inline]
    fn heuristic_after(&self, parent: &Board, parent_h: u32, mv: &TileMove, child: &Board) -> u32 {
        let (tile, from, to) = (mv.tile as usize, mv.from as usize, mv.to as usize);
        match self.heuristic {
            Heuristic::Misplaced => {
                let placed_before = self.goal.tile(from) as usize == tile;
                let placed_after = self.goal.tile(to) as usize == tile;
                parent_h + placed_before as u32 - placed_after as u32
            }
            Heuristic::Manhattan => parent_h + self.distance[tile][to] as u32 - self.distance[tile][from] as u32,
            Heuristic::LinearConflict => {
                let w = self.width();
                let manhattan = parent_h + self.distance[tile][to] as u32 - self.distance[tile][from] as u32;
                // A horizontal move keeps the order of every row and changes two columns; a vertical
                // move keeps every column and changes two rows.
                if from / w == to / w {
                    let (a, b) = (from % w, to % w);
                    manhattan + self.column_conflicts(child, a) + self.column_conflicts(child, b)
                        - self.column_conflicts(parent, a)
                        - self.column_conflicts(parent, b)
                } else {
                    let (a, b) = (from / w, to / w);
                    manhattan + self.row_conflicts(child, a) + self.row_conflicts(child, b)
                        - self.row_conflicts(parent, a)
                        - self.row_conflicts(parent, b)
                }
            }
        }
    }

    fn provably_unsolvable(&self, state: &Board) -> bool {
        !self.is_solvable(state)
    }

    fn apply(&self, state: &Board, mv: &TileMove) -> Option<Board> {
        self.move_of_tile(state, mv.tile).filter(|m| m == mv).map(|m| state.slide(m.from as usize))
    }
}

fn write_cells(out: &mut String, board: &Board, n: usize) {
    for (i, tile) in board.cells(n).enumerate() {
        if i > 0 {
            out.push(',');
        }
        let _ = write!(out, "{tile}");
    }
}

fn parse_board(field: &Field<'_>, n: usize, dims: (u8, u8)) -> Result<Board, ParseError> {
    let items = field.parse_list::<u8>("a tile number")?;
    if items.len() != n {
        return Err(field.error(format!("{}x{} needs {n} cells, found {}", dims.0, dims.1, items.len())));
    }
    let cells: Vec<u8> = items.iter().map(|(t, _)| *t).collect();
    Board::from_cells(&cells).map_err(|(i, reason)| items[i].1.error(reason))
}

impl Family for Tiles {
    const NAME: &'static str = "tiles";

    fn parse(desc: &str) -> Result<Tiles, ParseError> {
        let f = fields(desc, Self::NAME, 2, 3)?;
        let dims = f[0].parse_dims(MIN_SIDE, MAX_SIDE)?;
        let n = dims.0 as usize * dims.1 as usize;
        let start = parse_board(&f[1], n, dims)?;
        let goal = f.get(2).map(|g| parse_board(g, n, dims)).transpose()?;
        let start: Vec<u8> = start.cells(n).collect();
        let goal: Option<Vec<u8>> = goal.map(|g| g.cells(n).collect());
        Tiles::new(dims.0, dims.1, &start, goal.as_deref()).map_err(|e| f[0].error(format!("{e}")))
    }

    fn describe(&self) -> String {
        let n = self.cells();
        let mut out = format!("tiles:{}x{}:", self.width, self.height);
        write_cells(&mut out, &self.start, n);
        if self.goal != Self::default_goal(n) {
            out.push(':');
            write_cells(&mut out, &self.goal, n);
        }
        out
    }

    fn start(&self) -> Board {
        self.start
    }

    fn with_start(&self, state: Board) -> Tiles {
        Tiles { start: state, ..self.clone() }
    }

    fn render(&self, state: &Board) -> String {
        let digits = if self.cells() > 10 { 2 } else { 1 };
        let mut out = String::new();
        for row in 0..self.height() {
            for col in 0..self.width() {
                let tile = state.tile(row * self.width() + col);
                if tile == 0 {
                    let _ = write!(out, " {:>digits$}", ".");
                } else {
                    let _ = write!(out, " {tile:>digits$}");
                }
            }
            out.push('\n');
        }
        out
    }

    fn move_token(&self, mv: &TileMove) -> String {
        format!("{}", mv.tile)
    }

    fn move_text(&self, mv: &TileMove) -> String {
        let w = self.width() as i32;
        let direction = match mv.to as i32 - mv.from as i32 {
            d if d == -w => "up",
            d if d == w => "down",
            -1 => "left",
            _ => "right",
        };
        format!("slide {} {direction}", mv.tile)
    }

    /// Up to 4×4: IDA*, with the pattern databases when they are attached (4×4), else with the heuristic
    /// chosen (linear conflict by default). Boards of more than 16 cells (5×5, 4×5): weighted A* on linear
    /// conflicts, weight 2, falling back to weight 3 and then greedy search in the same memory when the
    /// node cap is reached — valid solutions of bounded cost, not optimal ones (optimal solving of those
    /// boards is out of reach for per-frame use).
    fn recommended_solver(&self) -> Result<Solver<Tiles>, OutOfMemory> {
        if let Some(table) = &self.distances {
            return Ok(Solver::custom(Algorithm::Exact, Box::new(TableWalk::new(self, table.0.clone()))));
        }
        if let Some(view) = self.tables.as_ref().and_then(|t| PdbTiles::new(self, t.0.clone())) {
            return Ok(Solver::custom(Algorithm::IdaStar, Box::new(PdbIda::new(view))));
        }
        if self.cells() > 16 {
            // Weight 2 when it fits the node cap, else weight 3, else greedy: always a solution.
            let search = AStar::new(Priority::Weighted { num: 2, den: 1 }, LARGE_BOARD_NODES)?
                .with_fallbacks(&[Priority::Weighted { num: 3, den: 1 }, Priority::Greedy]);
            Ok(Solver::custom(Algorithm::WeightedAStar { num: 2, den: 1 }, Box::new(search)))
        } else {
            Solver::new(Algorithm::IdaStar, IDA_STACK)
        }
    }

    /// The pattern databases for 4×4 boards, or the distance table for 3×3 boards, whose goal has the
    /// tables' blank cell.
    fn with_tables(&self, tables: &Tables) -> Result<Tiles, String> {
        match tables {
            Tables::TilesPatternDatabase(db) => self.clone().with_pattern_database(db.clone()),
            Tables::EightDistances(table) if table.fits(self) => {
                Ok(Tiles { distances: Some(Attached(table.clone())), ..self.clone() })
            }
            Tables::EightDistances(_) if self.cells() != 9 => {
                Err(format!("the distance table serves 3x3 boards, not {}x{}", self.width, self.height))
            }
            Tables::EightDistances(_) => Err(format!(
                "this distance table serves 3x3 boards whose goal has the blank on another cell than {} \
                 (tables for this puzzle: `lp tables build --kind eight --blank {}`)",
                self.goal.blank(),
                self.goal.blank()
            )),
        }
    }

    const ID: FamilyId = FamilyId::Tiles;

    /// `piece` is the tile, `from` the cell it leaves, `to` the cell it enters (the blank).
    fn encode_move(&self, mv: &TileMove) -> MoveCode {
        MoveCode { piece: mv.tile as u32, from: mv.from as i32, to: mv.to as i32, arg: 0 }
    }

    /// `piece` names the tile; `from` and `to` must match its move, or both be `-1` to be inferred.
    fn decode_move(&self, state: &Board, code: &MoveCode) -> Option<TileMove> {
        let tile = u8::try_from(code.piece).ok().filter(|&t| t != 0)?;
        let mv = self.move_of_tile(state, tile)?;
        let inferred = code.from == -1 && code.to == -1;
        (inferred || (code.from == mv.from as i32 && code.to == mv.to as i32)).then_some(mv)
    }

    fn board_size(&self) -> (u32, u32) {
        (self.width as u32, self.height as u32)
    }

    fn cell(&self, state: &Board, index: usize) -> i32 {
        if index < self.cells() {
            state.tile(index) as i32
        } else {
            0
        }
    }
}

/// Boards of more than 16 cells are rated by IDA\* with linear conflicts, exact but slow: bands up to this
/// many moves only, and at most [`LARGE_RATING_NODES`] expansions a candidate.
pub const LARGE_BAND_MAX: u32 = 40;
/// Expansions one candidate of a board of more than 16 cells may take to be rated.
const LARGE_RATING_NODES: u64 = 2_000_000;

/// The most moves any arrangement needs, for boards whose maximum is published (Korf 2008 and earlier
/// exhaustive searches); boards of at most nine cells are explored instead.
const KNOWN_MAXIMA: [((u8, u8), u32); 5] = [((4, 4), 80), ((3, 4), 53), ((4, 3), 53), ((2, 5), 55), ((5, 2), 55)];

impl crate::generate::Generate for Tiles {
    /// Optimal moves: easy 3×3 with 4–10, medium 3×3 with 11–20, hard 4×4 with 21–35, expert 4×4 with
    /// 36–60 (the expert band is rated fast only with pattern databases attached to the candidates).
    fn preset(difficulty: crate::generate::Difficulty) -> crate::generate::Request {
        use crate::generate::{Difficulty, Request};
        let (min, max, side) = match difficulty {
            Difficulty::Easy => (4, 10, 3),
            Difficulty::Medium => (11, 20, 3),
            Difficulty::Hard => (21, 35, 4),
            Difficulty::Expert => (36, 60, 4),
        };
        Request { min, max, size: (side, side), ..Request::default() }
    }

    fn check(request: &crate::generate::Request) -> Result<(), String> {
        let (w, h) = request.size;
        if !(MIN_SIDE..=MAX_SIDE).contains(&w) || !(MIN_SIDE..=MAX_SIDE).contains(&h) {
            return Err(format!("board sides must be {MIN_SIDE} to {MAX_SIDE}"));
        }
        if w as usize * h as usize > 16 && request.max > LARGE_BAND_MAX {
            return Err(format!(
                "{w}x{h} puzzles are rated exactly (IDA* with linear conflicts) only up to {LARGE_BAND_MAX} moves; \
                 a band reaching {} moves cannot be rated exactly per frame",
                request.max
            ));
        }
        Ok(())
    }

    /// For boards of at most nine cells, every arrangement grouped by its distance from the goal (a
    /// complete breadth-first table); larger boards have none.
    type Context = Vec<Vec<Board>>;

    fn context(request: &crate::generate::Request) -> Result<Vec<Vec<Board>>, OutOfMemory> {
        let (w, h) = request.size;
        if w as usize * h as usize > 9 {
            return Ok(Vec::new());
        }
        let puzzle = Self::default_puzzle(w, h);
        let mut table = crate::search::bfs::Bfs::explorer(200_000)?;
        table.restart(&puzzle, puzzle.goal());
        table.run(&puzzle);
        let mut by_distance = vec![Vec::new(); table.max_distance() as usize + 1];
        for (state, distance) in table.distances() {
            by_distance[distance as usize].push(*state);
        }
        Ok(by_distance)
    }

    fn max_rating(request: &crate::generate::Request, by_distance: &Vec<Vec<Board>>) -> Option<u32> {
        if !by_distance.is_empty() {
            return Some(by_distance.len() as u32 - 1);
        }
        KNOWN_MAXIMA.iter().find(|(size, _)| *size == request.size).map(|&(_, max)| max)
    }

    fn band_size(request: &crate::generate::Request, by_distance: &Vec<Vec<Board>>) -> Option<u64> {
        if by_distance.is_empty() {
            return None;
        }
        let band = request.min as usize..=request.max as usize;
        Some(by_distance.iter().enumerate().filter(|(d, _)| band.contains(d)).map(|(_, s)| s.len() as u64).sum())
    }

    /// Boards of up to nine cells: a distance drawn uniformly in the band (among those that exist), then
    /// an arrangement drawn uniformly among those at that distance. Larger boards: a random walk from
    /// the goal, of a random length up to twice the band's maximum, that never undoes its last move.
    fn candidate(
        request: &crate::generate::Request,
        by_distance: &Vec<Vec<Board>>,
        rng: &mut rand_xoshiro::Xoshiro256PlusPlus,
    ) -> Tiles {
        use rand::RngExt;
        let puzzle = Self::default_puzzle(request.size.0, request.size.1);
        let reachable: Vec<&Vec<Board>> = by_distance
            .iter()
            .enumerate()
            .filter(|(d, states)| (request.min as usize..=request.max as usize).contains(d) && !states.is_empty())
            .map(|(_, states)| states)
            .collect();
        if !reachable.is_empty() {
            let states = reachable[rng.random_range(0..reachable.len())];
            return puzzle.with_start(states[rng.random_range(0..states.len())]);
        }
        let steps = rng.random_range(request.min..=request.max.saturating_mul(2).max(request.min));
        let (mut state, mut previous) = (puzzle.goal(), None);
        for _ in 0..steps {
            let mut options = [None; 4];
            let mut count = 0;
            puzzle.successors(&state, |_, next, _| {
                if Some(next) != previous {
                    options[count] = Some(next);
                    count += 1;
                }
            });
            previous = Some(state);
            state = options[rng.random_range(0..count)].unwrap_or(state);
        }
        puzzle.with_start(state)
    }

    /// The recommended solver where it is exact; boards of more than 16 cells, whose recommended solver is
    /// not, by IDA\* with linear conflicts, which is, within [`LARGE_RATING_NODES`] expansions.
    fn rater(&self) -> Result<Solver<Tiles>, OutOfMemory> {
        if self.cells() > 16 && self.distances.is_none() && self.tables.is_none() {
            return Ok(Solver::new(Algorithm::IdaStar, IDA_STACK)?.with_expansion_limit(LARGE_RATING_NODES));
        }
        self.recommended_solver()
    }
}

impl Tiles {
    /// The `w`×`h` puzzle with the default goal, starting solved.
    fn default_puzzle(w: u8, h: u8) -> Tiles {
        let n = w as usize * h as usize;
        let goal: Vec<u8> = (1..n as u8).chain([0]).collect();
        Tiles::new(w, h, &goal, None).unwrap_or_else(|_| unreachable!("checked size"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn conflict_moves_is_twice_the_tiles_to_remove() {
        assert_eq!(conflict_moves(&[0, 1, 2]), 0);
        assert_eq!(conflict_moves(&[1, 0]), 2);
        assert_eq!(conflict_moves(&[2, 1, 0]), 4);
        assert_eq!(conflict_moves(&[3, 0, 1, 2]), 2);
    }

    #[test]
    fn parse_reports_column_and_reason() {
        let cases = [
            ("tiles:3x3:1,2,3,4,5,6,7,8", 11, "3x3 needs 9 cells, found 8"),
            ("tiles:3x3:1,2,3,4,5,6,7,8,8", 27, "tile 8 appears twice"),
            ("tiles:3x3:1,2,3,4,5,6,7,8,9", 27, "tile 9 is out of range 0..8"),
            ("tiles:3x3:1,2,3,4,x,6,7,8,0", 19, "expected a tile number, found 'x'"),
            ("tiles:6x3:1,2,3", 7, "size 6 is out of range 2..5"),
            ("tiles:3x3:1,2,3,4,5,6,7,8,0:1,2,3", 29, "3x3 needs 9 cells, found 3"),
            ("tile:3x3:1,2,3,4,5,6,7,8,0", 1, "expected the family name 'tiles', found 'tile'"),
        ];
        for (desc, column, reason) in cases {
            assert_eq!(Tiles::parse(desc).unwrap_err(), ParseError::new(column, reason), "{desc}");
        }
    }

    #[test]
    fn describe_round_trips_and_omits_the_default_goal() {
        for desc in [
            "tiles:3x3:8,6,7,2,5,4,3,0,1",
            "tiles:2x3:1,2,0,3,4,5:0,1,2,3,4,5",
            "tiles:4x4:0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15",
        ] {
            let puzzle = Tiles::parse(desc).unwrap();
            assert_eq!(puzzle.describe(), desc);
            assert_eq!(Tiles::parse(&puzzle.describe()).unwrap(), puzzle);
        }
        let spaced = Tiles::parse(" tiles : 3x3 : 8, 6, 7, 2, 5, 4, 3, 0, 1 ").unwrap();
        assert_eq!(spaced.describe(), "tiles:3x3:8,6,7,2,5,4,3,0,1");
    }

    #[test]
    fn move_text_names_the_direction() {
        let p = Tiles::parse("tiles:3x3:1,2,3,4,0,5,6,7,8").unwrap();
        let mut texts = Vec::new();
        p.successors(&p.start(), |mv, _, _| texts.push(p.move_text(&mv)));
        assert_eq!(texts, ["slide 2 down", "slide 7 up", "slide 4 right", "slide 5 left"]);
    }
}
