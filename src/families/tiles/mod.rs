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

#[cfg(feature = "std")]
mod abi;
mod board;
pub mod distances;
pub mod duplicates;
mod generate;
mod heuristic;
pub mod pdb;
pub mod pdb24;
pub mod pdb_build;
pub mod pdb_ida;
mod tables;
mod text;

use board::CELL_BITS;
pub use board::{Board, TileMove};
pub use generate::{TilesParams, LARGE_BAND_MAX};
pub use heuristic::Heuristic;

use crate::family::{add_cell, Family, Fingerprint, HintCells, MoveCode, Reason};
use crate::memory::OutOfMemory;
use crate::params::{Kind, Spec};
use crate::search::cluster::{analyze, Cluster};
use crate::search::{Algorithm, Puzzle, Solver, Status};
use crate::tables::{TableKind, Tables};
use crate::text::{fields, ParseError};
use alloc::boxed::Box;
use alloc::format;
use alloc::string::String;
use alloc::sync::Arc;
use alloc::vec::Vec;
use core::fmt::Write;
use distances::{EightTable, TableWalk};
use pdb::{PatternDatabase, PdbTiles};
use pdb24::{Pdb24, Pdb24Search, Pdb24Tiles};
use pdb_ida::PdbIda;
use text::{parse_board, write_cells};

/// The smallest board side.
pub const MIN_SIDE: u8 = 2;
/// The largest board side.
pub const MAX_SIDE: u8 = 5;
/// Cells of the largest board.
pub const MAX_CELLS: usize = (MAX_SIDE as usize) * (MAX_SIDE as usize);

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
    /// Pattern databases for 5×5 boards, when attached: the hint mode's lower bound.
    large_tables: Option<Attached<Pdb24>>,
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

/// The moves ahead that tiles' "where to look" covers.
const TILES_AHEAD: usize = 4;
/// The plan's moves tier 1 looks along for a tile of the first unfinished row coming home.
const ROW_LOOKAHEAD: usize = 10;

impl Tiles {
    /// The distinct tiles the next moves of `plan` slide, in order.
    fn tiles_ahead(&self, plan: &[(TileMove, Board)]) -> heapless::Vec<u8, TILES_AHEAD> {
        let mut tiles = heapless::Vec::new();
        for (mv, _) in plan.iter().take(TILES_AHEAD) {
            if !tiles.contains(&mv.tile) {
                let _ = tiles.push(mv.tile);
            }
        }
        tiles
    }

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
            large_tables: None,
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
                 (tables for it: `lp tables build --kind pdb --param blank={}`)",
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

/// States a layer of the beam search that solves boards larger than 4×4 (the 5×5 hint mode).
const HINT_BEAM_WIDTH: usize = 2000;
/// Kept nodes of that beam: 400 moves deep (the longest 24-puzzle optimum is at most 208), about 8 MB.
const HINT_BEAM_NODES: usize = HINT_BEAM_WIDTH * 400;

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

    /// Every heuristic option is a lower bound: a move slides one tile one cell (misplaced tiles and the
    /// Manhattan distance), and two tiles in conflict on their goal line cost two moves beyond it.
    fn heuristic_is_admissible(&self) -> bool {
        true
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

/// Reason codes of sliding-tile hints.
pub mod reason {
    /// The move starts a proven shortest solution.
    pub const OPTIMAL_STEP: u32 = 1;
    /// The move starts a solution that is not proven shortest (the 5×5 hint mode, or a baseline).
    pub const APPROXIMATE_STEP: u32 = 2;
}

impl Family for Tiles {
    const NAME: &'static str = "tiles";
    const SUMMARY: &'static str =
        "sliding tiles (8-, 15-, 24-puzzle and every board 2x2 to 5x5): slide tiles into the blank";
    const REASONS: &'static [Reason] = &[
        Reason { code: reason::OPTIMAL_STEP, name: "optimal_step", doc: "the first move of a shortest solution" },
        Reason {
            code: reason::APPROXIMATE_STEP,
            name: "approximate_step",
            doc: "the first move of a solution not proven shortest (5x5 hint mode)",
        },
    ];
    const OPTIONS: &'static [Spec] = &[Spec {
        name: "heuristic",
        kind: Kind::Choice(&["misplaced", "manhattan", "linear-conflict"]),
        min: 0,
        max: 0,
        default: "linear-conflict",
        doc: "the lower bound of the searches",
    }];
    const TABLES: &'static [TableKind] =
        &[tables::PATTERN_DATABASES, tables::EIGHT_DISTANCES, tables::LARGE_PATTERN_DATABASES];

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

    /// What the description says (size, start, goal), fed without building it.
    fn fingerprint(&self) -> u64 {
        let n = self.cells();
        let fed = (0..n).fold(Fingerprint::new().bytes(&[self.width, self.height]), |f, c| f.byte(self.start.tile(c)));
        (0..n).fold(fed, |f, c| f.byte(self.goal.tile(c))).finish()
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
    /// chosen (linear conflict by default). Boards of more than 16 cells (5×5, 4×5): beam search, 2,000
    /// states a depth, on the 5×5 pattern databases when they are attached, else on the heuristic chosen —
    /// solutions close to the shortest (Korf and Felner's 50: 1.12 times the optimum with the tables,
    /// 1.15 without; `lp bench korf24`), not proven optimal ones (optimal solving of those boards is out of
    /// reach for per-frame use).
    /// Every slide can be undone: the cluster is the start's half of the arrangements (181,440 on 3×3).
    fn cluster(&self, node_cap: usize, farthest: usize) -> Option<Result<Cluster<Board>, Status>> {
        Some(analyze(self, self, self.start, node_cap, farthest))
    }

    fn recommended_solver(&self) -> Result<Solver<Tiles>, OutOfMemory> {
        if let Some(table) = &self.distances {
            return Ok(Solver::custom(Algorithm::Exact, Box::new(TableWalk::new(self, table.0.clone()))));
        }
        if let Some(view) = self.tables.as_ref().and_then(|t| PdbTiles::new(self, t.0.clone())) {
            return Ok(Solver::custom(Algorithm::IdaStar, Box::new(PdbIda::new(view))));
        }
        if self.cells() > 16 {
            let beam = Algorithm::Beam { width: HINT_BEAM_WIDTH as u32 };
            if let Some(view) = self.large_tables.as_ref().and_then(|t| Pdb24Tiles::new(self, t.0.clone())) {
                let search = Pdb24Search::new(view, HINT_BEAM_WIDTH, HINT_BEAM_NODES)?;
                return Ok(Solver::custom(beam, Box::new(search)));
            }
            Solver::new(beam, HINT_BEAM_NODES)
        } else {
            Solver::new(Algorithm::IdaStar, IDA_STACK)
        }
    }

    /// The pattern databases for 4×4 boards, or the distance table for 3×3 boards, whose goal has the
    /// tables' blank cell.
    fn with_tables(&self, tables: &Tables) -> Result<Tiles, String> {
        if let Some(db) = tables.get::<PatternDatabase>() {
            return self.clone().with_pattern_database(db);
        }
        if let Some(db) = tables.get::<Pdb24>() {
            if !db.fits(self) {
                return Err(format!(
                    "these 5x5 pattern databases serve 5x5 boards whose goal has the blank on cell {}; this \
                     puzzle is {}x{} with the blank's goal on cell {} (tables for a corner: \
                     `lp tables build --kind pdb24 --param blank=CELL`)",
                    db.blank_cell(),
                    self.width,
                    self.height,
                    self.goal.blank()
                ));
            }
            return Ok(Tiles { large_tables: Some(Attached(db)), ..self.clone() });
        }
        let table =
            tables.get::<EightTable>().ok_or_else(|| format!("tiles puzzles use no {} tables", tables.kind().name))?;
        if self.cells() != 9 {
            return Err(format!("the distance table serves 3x3 boards, not {}x{}", self.width, self.height));
        }
        if !table.fits(self) {
            return Err(format!(
                "this distance table serves 3x3 boards whose goal has the blank on another cell than {} \
                 (tables for this puzzle: `lp tables build --kind eight --param blank={}`)",
                self.goal.blank(),
                self.goal.blank()
            ));
        }
        Ok(Tiles { distances: Some(Attached(table)), ..self.clone() })
    }

    /// `heuristic`: the lower bound the searches use.
    fn with_option(&self, key: &str, value: &str) -> Result<Tiles, String> {
        match key {
            "heuristic" => Heuristic::parse(value).map(|h| self.clone().with_heuristic(h)).ok_or_else(|| {
                format!("heuristic: expected one of misplaced, manhattan, linear-conflict, found '{value}'")
            }),
            other => Err(format!("tiles puzzles take no option '{other}' (they take: heuristic)")),
        }
    }

    /// The tile's cell and the blank's.
    fn explain(&self, _: &Board, mv: &TileMove, optimal: bool, cells: &mut HintCells) -> u32 {
        let _ = cells.push(mv.from as u16);
        let _ = cells.push(mv.to as u16);
        if optimal {
            reason::OPTIMAL_STEP
        } else {
            reason::APPROXIMATE_STEP
        }
    }

    /// The tile alone, not the blank it slides into.
    fn hint_piece(&self, _: &Board, mv: &TileMove, cells: &mut HintCells) {
        let _ = cells.push(mv.from as u16);
    }

    fn hint_piece_text(&self, _: &Board, mv: &TileMove) -> String {
        format!("move tile {}", mv.tile)
    }

    /// The tiles the next moves slide, and the blank they slide around.
    fn hint_region(&self, state: &Board, plan: &[(TileMove, Board)], cells: &mut HintCells) {
        for tile in self.tiles_ahead(plan) {
            if let Some(cell) = (0..self.cells()).find(|&c| state.tile(c) == tile) {
                add_cell(cells, cell as u16);
            }
        }
        add_cell(cells, state.blank as u16);
    }

    /// "the top row is not finished: the next 4 moves bring tile 3 home" when, within
    /// ten moves, the plan brings home a tile of the first row not finished (the first to
    /// come home, on the move named); else the tiles the next moves slide.
    fn hint_region_text(&self, state: &Board, plan: &[(TileMove, Board)]) -> String {
        let (w, goal) = (self.width(), self.goal());
        let open_row = (0..self.height()).find(|&r| (r * w..(r + 1) * w).any(|c| state.tile(c) != goal.tile(c)));
        if let Some(row) = open_row {
            // The row's tiles not home now, each with its home cell.
            let away: Vec<(u8, usize)> = (row * w..(row + 1) * w)
                .map(|c| (goal.tile(c), c))
                .filter(|&(t, c)| t != 0 && state.tile(c) != t)
                .collect();
            for (k, (_, after)) in plan.iter().take(ROW_LOOKAHEAD).enumerate() {
                if let Some(&(tile, _)) = away.iter().find(|&&(t, c)| after.tile(c) == t) {
                    let which = if row == 0 { String::from("the top row") } else { format!("row {}", row + 1) };
                    let moves =
                        if k == 0 { String::from("next move brings") } else { format!("next {} moves bring", k + 1) };
                    return format!("{which} is not finished: the {moves} tile {tile} home");
                }
            }
        }
        let names: Vec<String> = self.tiles_ahead(plan).iter().map(|t| format!("{t}")).collect();
        let noun = if names.len() == 1 { "tile" } else { "tiles" };
        format!("the next moves slide {noun} {}", crate::text::and_list(&names))
    }

    /// "slide 7 left: the first move of a shortest solution".
    fn hint_text(&self, _: &Board, mv: &TileMove, reason: u32) -> String {
        let why = if reason == reason::OPTIMAL_STEP {
            "the first move of a shortest solution"
        } else {
            "the first move of a solution found quickly, not proven shortest"
        };
        format!("{}: {why}", self.move_text(mv))
    }

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

    /// Names the slide the code asks for (with its direction when `from` and `to` are neighbours) and
    /// why it cannot be played: no such tile, not next to the blank, or another direction.
    fn illegal_move(&self, state: &Board, code: &MoveCode) -> String {
        let cells = self.cells() as i32;
        let Some(tile) = u8::try_from(code.piece).ok().filter(|&t| t != 0 && (t as i32) < cells) else {
            return format!("there is no tile {} on a {}x{} board", code.piece, self.width, self.height);
        };
        let asked = TileMove { tile, from: code.from as u8, to: code.to as u8 };
        let w = self.width as i32;
        let neighbours = (0..cells).contains(&code.from)
            && (0..cells).contains(&code.to)
            && matches!(code.to - code.from, d if d == w || d == -w || (d.abs() == 1 && code.from / w == code.to / w));
        let named = if neighbours { self.move_text(&asked) } else { format!("slide {tile}") };
        match self.move_of_tile(state, tile) {
            Some(legal) => format!("{named} is not a legal move here; {} is", self.move_text(&legal)),
            None => format!("{named} is not a legal move here: tile {tile} is not next to the blank"),
        }
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

#[cfg(test)]
mod tests {
    use super::*;

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
