//! Additive pattern databases for the 5×5 puzzle (5-5-5-5-4), with the reflected lookup: the lower bound
//! of the 5×5 hint mode when these tables are attached.
//!
//! With the blank's goal in the top-left corner the 24 tiles are split by their goal cells into
//!
//! ```text
//!   .  A  A  C  C
//!   A  A  B  C  C
//!   A  B  B  B  C
//!   D  D  B  E  E
//!   D  D  D  E  E
//! ```
//!
//! A, B and E are their own mirror images about the diagonal through the blank; C and D are each other's,
//! tile by tile. So the state mirrored about that diagonal is looked up in the same five tables and the
//! larger of the two sums is used, and D's table is C's with every placement mirrored (made, not built).
//! Goals with the blank in another corner use the layout turned by a symmetry of the grid.
//!
//! A pattern's table gives, for every placement of its tiles, the moves of those tiles needed to bring
//! them home while the blank moves freely through the other tiles (the least over the blank's positions),
//! as in the 4×4 tables ([`super::pdb`]). It is indexed by the placement's rank among the 25·24·…
//! placements and stores, in 4 bits, half the excess over the tiles' Manhattan distance. The five tables
//! take 12.9 MB.

use super::board::grid_symmetry;
use super::{Board, TileMove, Tiles};
use crate::memory::OutOfMemory;
use crate::search::beam::Beam;
use crate::search::{Search, Stats, Status, Step};
use alloc::boxed::Box;
use alloc::format;
use alloc::string::String;
use alloc::sync::Arc;
use alloc::vec;
use alloc::vec::Vec;
use core::cell::RefCell;
use serde::{Deserialize, Serialize};

/// The magic of serialized 5×5 pattern databases.
pub const MAGIC: [u8; 4] = *b"LP24";
/// Version of the serialized form.
pub const FORMAT_VERSION: u16 = 1;

const SIDE: u8 = 5;
const CELLS: usize = 25;
/// Every cell of the board, one bit a cell.
const BOARD: u32 = (1 << CELLS) - 1;
/// Cells of the first and of the last column.
const FIRST_COLUMN: u32 = 0b00001_00001_00001_00001_00001;
const LAST_COLUMN: u32 = FIRST_COLUMN << 4;

/// Goal cells of the patterns' tiles when the blank's goal is cell 0, pattern by pattern in label order
/// (labels 1..=24; label 0 is the blank). D lists the mirrors of C's cells in C's order.
const LAYOUT: [&[u8]; PATTERNS] =
    [&[1, 2, 5, 6, 10], &[7, 11, 12, 13, 17], &[3, 4, 8, 9, 14], &[15, 20, 16, 21, 22], &[18, 19, 23, 24]];
/// Number of patterns.
pub const PATTERNS: usize = 5;
/// The first label of every pattern, and one past the last label.
const FIRST_LABEL: [usize; PATTERNS + 1] = [1, 6, 11, 16, 21, 25];
/// The pattern whose table is made by mirroring another's, and that other.
const MIRRORED: (usize, usize) = (3, 2);

/// Why tables could not be loaded (the error of every binary format).
pub use crate::envelope::DataError as TablesError;

/// Tiles in pattern `p`.
const fn pattern_size(p: usize) -> usize {
    FIRST_LABEL[p + 1] - FIRST_LABEL[p]
}

/// Placements of `k` distinct tiles on the board: 25·24·…·(25−k+1).
const fn placements(k: usize) -> usize {
    let mut n = 1;
    let mut i = 0;
    while i < k {
        n *= CELLS - i;
        i += 1;
    }
    n
}

fn manhattan(a: u8, b: u8) -> u32 {
    ((a / SIDE).abs_diff(b / SIDE) + (a % SIDE).abs_diff(b % SIDE)) as u32
}

/// The cell of tile `i` in a placement word (5 bits a tile).
#[inline(always)]
fn cell_of(placement: u32, i: usize) -> u8 {
    ((placement >> (5 * i)) & 31) as u8
}

/// The rank of a placement of `k` tiles among all [`placements`]`(k)`: each tile's cell counted among the
/// cells the tiles before it left free.
#[inline]
fn rank(placement: u32, k: usize) -> usize {
    let (mut used, mut rank) = (0u32, 0usize);
    for i in 0..k {
        let cell = cell_of(placement, i) as u32;
        let before = (used & ((1 << cell) - 1)).count_ones();
        rank = rank * (CELLS - i) + (cell - before) as usize;
        used |= 1 << cell;
    }
    rank
}

/// The placement of `k` tiles of a rank (the inverse of [`rank`]).
fn unrank(mut rank: usize, k: usize) -> u32 {
    let mut digits = [0u8; 5];
    for i in (0..k).rev() {
        let base = CELLS - i;
        digits[i] = (rank % base) as u8;
        rank /= base;
    }
    let (mut used, mut placement) = (0u32, 0u32);
    for (i, &digit) in digits[..k].iter().enumerate() {
        // The digit-th cell not used yet.
        let mut free = BOARD & !used;
        for _ in 0..digit {
            free &= free - 1;
        }
        let cell = free.trailing_zeros();
        used |= 1 << cell;
        placement |= cell << (5 * i);
    }
    placement
}

/// The cells reachable from `seed` through `free` cells (bit `c` is cell `c` of the 5×5 grid).
#[inline]
fn flood(seed: u32, free: u32) -> u32 {
    let mut region = seed;
    loop {
        let grown =
            (region | region << 5 | region >> 5 | (region << 1) & !FIRST_COLUMN | (region >> 1) & !LAST_COLUMN) & free;
        if grown == region {
            return region;
        }
        region = grown;
    }
}

/// The cells next to `cell`.
#[inline]
fn neighbours(cell: u8) -> u32 {
    let bit = 1u32 << cell;
    (bit << 5 | bit >> 5 | (bit << 1) & !FIRST_COLUMN | (bit >> 1) & !LAST_COLUMN) & BOARD
}

/// Cells held by the tiles of a placement.
#[inline]
fn occupied(placement: u32, k: usize) -> u32 {
    (0..k).fold(0, |acc, i| acc | 1 << cell_of(placement, i))
}

/// Breadth-first search backwards from the goal over placements of the tiles whose goal cells are
/// `goals`, with the blank: the blank moves for free through cells no pattern tile holds, and each move
/// of a pattern tile (into the blank) costs one. A state is a placement and the region of free cells
/// holding the blank, named by its lowest cell. A placement's distance is its first visit. Returns half
/// the excess of every placement's distance over its Manhattan distance, by rank (at most 15: a smaller
/// value is still a lower bound).
fn build_table(goals: &[u8], blank_goal: u8) -> Vec<u8> {
    let k = goals.len();
    let size = placements(k);
    let mut half_excess = vec![u8::MAX; size];
    // Bit r of seen[rank] marks the blank region whose lowest cell is r as visited.
    let mut seen = vec![0u32; size];
    let goal = goals.iter().enumerate().fold(0u32, |acc, (i, &c)| acc | (c as u32) << (5 * i));
    let region = flood(1 << blank_goal, BOARD & !occupied(goal, k));
    let lowest = region.trailing_zeros();
    seen[rank(goal, k)] = 1 << lowest;
    half_excess[rank(goal, k)] = 0;
    let mut layer: Vec<u32> = vec![goal << 5 | lowest];
    let mut next_layer = Vec::new();
    let mut depth = 0u32;
    // The moves of a few states are made first, their `seen` words asked from memory, then visited in
    // the same order: the misses overlap.
    let mut batch: Vec<(u32, u32)> = Vec::with_capacity(64 * 4 * k);
    while !layer.is_empty() {
        depth += 1;
        for chunk in layer.chunks(64) {
            batch.clear();
            for &entry in chunk {
                let (placement, lowest) = (entry >> 5, entry & 31);
                let free = BOARD & !occupied(placement, k);
                let blank_region = flood(1 << lowest, free);
                for i in 0..k {
                    let cell = cell_of(placement, i);
                    let mut targets = neighbours(cell) & blank_region;
                    while targets != 0 {
                        let to = targets.trailing_zeros();
                        targets &= targets - 1;
                        let moved = (placement & !(31 << (5 * i))) | to << (5 * i);
                        let region = flood(1 << cell, (free | 1 << cell) & !(1 << to));
                        let index = rank(moved, k);
                        crate::memory::prefetch(&seen[index]);
                        batch.push((moved << 5 | region.trailing_zeros(), index as u32));
                    }
                }
            }
            for &(candidate, index) in &batch {
                let index = index as usize;
                let regions = seen[index];
                let lowest = candidate & 31;
                if regions & (1 << lowest) == 0 {
                    seen[index] = regions | 1 << lowest;
                    if regions == 0 {
                        let placement = candidate >> 5;
                        let md: u32 = (0..k).map(|i| manhattan(cell_of(placement, i), goals[i])).sum();
                        half_excess[index] = ((depth - md) / 2).min(15) as u8;
                    }
                    next_layer.push(candidate);
                }
            }
        }
        core::mem::swap(&mut layer, &mut next_layer);
        next_layer.clear();
    }
    half_excess
}

/// A table of half excesses by rank, two 4-bit entries a byte.
fn pack(half_excess: &[u8]) -> Box<[u8]> {
    let mut packed = vec![0u8; half_excess.len().div_ceil(2)];
    for (index, &value) in half_excess.iter().enumerate() {
        packed[index >> 1] |= (value & 15) << ((index & 1) * 4);
    }
    packed.into_boxed_slice()
}

#[derive(Serialize, Deserialize)]
struct Blob {
    goal_cells: Vec<u8>,
    tables: Vec<Vec<u8>>,
}

/// Additive 5-5-5-5-4 pattern databases for one corner of the blank's goal.
#[derive(Clone, PartialEq, Eq)]
pub struct Pdb24 {
    /// Goal cell of every label; label 0 is the blank.
    goal_cells: [u8; CELLS],
    /// The mirror of every cell about the diagonal through the blank's goal.
    mirror_cell: [u8; CELLS],
    /// The tables of the patterns, 4-bit entries by rank.
    tables: [Box<[u8]>; PATTERNS],
}

impl core::fmt::Debug for Pdb24 {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "Pdb24(5-5-5-5-4, blank goal cell {}, {} bytes)", self.goal_cells[0], self.bytes())
    }
}

impl Pdb24 {
    /// The grid symmetry taking cell 0 to `blank_cell`, when it is a corner.
    fn symmetry(blank_cell: u8) -> Option<usize> {
        (0..8).find(|&k| grid_symmetry(SIDE, k, 0) == blank_cell)
    }

    /// Goal cells of the labels and the mirror of every cell, for a blank goal in a corner.
    fn layout(blank_cell: u8) -> Option<([u8; CELLS], [u8; CELLS])> {
        let k = Self::symmetry(blank_cell)?;
        let map = |cell: u8| grid_symmetry(SIDE, k, cell);
        let mut goal_cells = [blank_cell; CELLS];
        for (slot, &cell) in goal_cells[1..].iter_mut().zip(LAYOUT.iter().flat_map(|p| p.iter())) {
            *slot = map(cell);
        }
        // The transpose conjugated by the symmetry: the reflection fixing the blank's corner.
        let mut unmap = [0u8; CELLS];
        for cell in 0..CELLS as u8 {
            unmap[map(cell) as usize] = cell;
        }
        let transpose = |cell: u8| (cell % SIDE) * SIDE + cell / SIDE;
        let mirror_cell = core::array::from_fn(|cell| map(transpose(unmap[cell])));
        Some((goal_cells, mirror_cell))
    }

    /// Builds the tables for goals whose blank is on the corner `blank_cell` (0, 4, 20 or 24), by
    /// breadth-first search backwards from each pattern's goal placement (four searches; the fifth table
    /// is the mirror of one). Takes about half a minute and 60 MB while building; `None` for a cell that
    /// is not a corner.
    pub fn build(blank_cell: u8) -> Option<Pdb24> {
        Self::build_spread(blank_cell, &crate::tables::InTurn)
    }

    /// [`Pdb24::build`], the patterns' tables built as pieces of `spread` (at once on as many threads).
    pub fn build_spread(blank_cell: u8, spread: &dyn crate::tables::Spread) -> Option<Pdb24> {
        let (goal_cells, mirror_cell) = Self::layout(blank_cell)?;
        let goals = |p: usize| &goal_cells[FIRST_LABEL[p]..FIRST_LABEL[p + 1]];
        // The mirrored pattern's table is made from its mirror's, below.
        let piece = |p: usize| if p == MIRRORED.0 { Vec::new() } else { build_table(goals(p), blank_cell) };
        let mut unpacked: [Vec<u8>; PATTERNS] = Default::default();
        for (table, built) in unpacked.iter_mut().zip(spread.map(PATTERNS, &piece)) {
            *table = built;
        }
        // Tile i of the mirrored pattern has the mirror of tile i's goal in the other.
        let (to, from) = MIRRORED;
        let k = pattern_size(from);
        let mut mirrored = vec![0u8; placements(k)];
        for (index, &value) in unpacked[from].iter().enumerate() {
            let placement = unrank(index, k);
            let image =
                (0..k).fold(0u32, |acc, i| acc | (mirror_cell[cell_of(placement, i) as usize] as u32) << (5 * i));
            mirrored[rank(image, k)] = value;
        }
        unpacked[to] = mirrored;
        Some(Pdb24 { goal_cells, mirror_cell, tables: unpacked.map(|t| pack(&t)) })
    }

    /// The goal cell of the blank these tables were built for.
    pub fn blank_cell(&self) -> u8 {
        self.goal_cells[0]
    }

    /// Bytes held by the tables.
    pub fn bytes(&self) -> usize {
        self.tables.iter().map(|t| t.len()).sum()
    }

    /// Whether these tables serve `tiles` (a 5×5 board whose goal's blank is on the tables' cell).
    pub fn fits(&self, tiles: &Tiles) -> bool {
        tiles.width() == 5 && tiles.height() == 5 && tiles.goal().blank() == self.blank_cell() as usize
    }

    /// The value of pattern `p` for the placement of its tiles: their Manhattan distance plus twice the
    /// table's half excess.
    #[inline]
    fn value(&self, p: usize, placement: u32) -> u8 {
        let first = FIRST_LABEL[p];
        let k = pattern_size(p);
        let md: u32 = (0..k).map(|i| manhattan(cell_of(placement, i), self.goal_cells[first + i])).sum();
        let index = rank(placement, k);
        let entry = (self.tables[p][index >> 1] >> ((index & 1) * 4)) & 15;
        (md + 2 * entry as u32) as u8
    }

    /// The serialized tables: postcard inside the [`crate::envelope`] (magic `LP24`, version, CRC-32).
    pub fn to_bytes(&self) -> Vec<u8> {
        let blob =
            Blob { goal_cells: self.goal_cells.to_vec(), tables: self.tables.iter().map(|t| t.to_vec()).collect() };
        crate::envelope::seal(MAGIC, FORMAT_VERSION, &postcard::to_allocvec(&blob).unwrap_or_default())
    }

    /// Loads tables written by [`Pdb24::to_bytes`], checking the envelope, the label layout and every
    /// table's size. Damaged bytes never panic.
    pub fn from_bytes(bytes: &[u8]) -> Result<Pdb24, TablesError> {
        let corrupt = |why: &str| TablesError::Corrupt(String::from(why));
        let body = crate::envelope::open(bytes, MAGIC, FORMAT_VERSION, "5x5 pattern databases")?;
        let blob: Blob = postcard::from_bytes(body).map_err(|e| TablesError::Corrupt(format!("{e}")))?;
        let blank = *blob.goal_cells.first().ok_or_else(|| corrupt("no label layout"))?;
        let (goal_cells, mirror_cell) =
            Self::layout(blank).ok_or_else(|| corrupt("the blank's goal is not a corner"))?;
        if blob.goal_cells != goal_cells {
            return Err(corrupt("unknown label layout"));
        }
        let tables: [Vec<u8>; PATTERNS] = blob.tables.try_into().map_err(|_| corrupt("wrong number of tables"))?;
        if tables.iter().enumerate().any(|(p, t)| t.len() != placements(pattern_size(p)).div_ceil(2)) {
            return Err(corrupt("wrong table sizes"));
        }
        Ok(Pdb24 { goal_cells, mirror_cell, tables: tables.map(Vec::into_boxed_slice) })
    }
}

/// The searchable form of a 5×5 puzzle with pattern databases: relabelled tiles, and the value of every
/// pattern for the state and for its mirror image, so that a move reads two table entries.
#[derive(Clone, Copy, Debug)]
pub struct Packed24 {
    /// Label on every cell, 5 bits a cell.
    cells: u128,
    /// Cell of every label, 5 bits a label (label 0 the blank).
    positions: u128,
    /// The value of every pattern: direct, then for the mirrored state.
    parts: [u8; 2 * PATTERNS],
}

impl Packed24 {
    /// The blank's cell.
    #[inline]
    fn blank(&self) -> u8 {
        (self.positions & 31) as u8
    }

    #[inline]
    fn label_at(&self, cell: u8) -> usize {
        ((self.cells >> (5 * cell)) & 31) as usize
    }

    #[inline]
    fn cell_of_label(&self, label: usize) -> u8 {
        ((self.positions >> (5 * label)) & 31) as u8
    }
}

impl PartialEq for Packed24 {
    fn eq(&self, other: &Self) -> bool {
        self.cells == other.cells
    }
}

impl Eq for Packed24 {}

impl core::hash::Hash for Packed24 {
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        self.cells.hash(state);
    }
}

/// A 5×5 tiles puzzle seen through [`Pdb24`] tables.
#[derive(Clone, Debug)]
pub struct Pdb24Tiles {
    db: Arc<Pdb24>,
    label_of_tile: [u8; CELLS],
    tile_of_label: [u8; CELLS],
    /// The label whose goal is the mirror of a label's goal.
    mirror_label: [u8; CELLS],
    /// The pattern of every label (label 0: none, never asked).
    pattern_of_label: [u8; CELLS],
    goal_cells: u128,
}

impl Pdb24Tiles {
    /// The view of `tiles` through `db`, or `None` when the tables do not fit the puzzle.
    pub fn new(tiles: &Tiles, db: Arc<Pdb24>) -> Option<Pdb24Tiles> {
        if !db.fits(tiles) {
            return None;
        }
        let goal = tiles.goal();
        let (mut label_of_tile, mut tile_of_label, mut label_at_cell) = ([0u8; CELLS], [0u8; CELLS], [0u8; CELLS]);
        for (label, &cell) in db.goal_cells.iter().enumerate() {
            let tile = goal.tile(cell as usize);
            label_of_tile[tile as usize] = label as u8;
            tile_of_label[label] = tile;
            label_at_cell[cell as usize] = label as u8;
        }
        let mirror_label =
            core::array::from_fn(|label| label_at_cell[db.mirror_cell[db.goal_cells[label] as usize] as usize]);
        let pattern_of_label =
            core::array::from_fn(|label| (0..PATTERNS).rfind(|&p| FIRST_LABEL[p] <= label).unwrap_or(0) as u8);
        let goal_cells = (0..CELLS).fold(0u128, |acc, c| acc | (label_at_cell[c] as u128) << (5 * c));
        Some(Pdb24Tiles { db, label_of_tile, tile_of_label, mirror_label, pattern_of_label, goal_cells })
    }

    /// The placement of pattern `p`'s tiles in `s`.
    #[inline]
    fn placement(&self, s: &Packed24, p: usize) -> u32 {
        (s.positions >> (5 * FIRST_LABEL[p])) as u32 & ((1 << (5 * pattern_size(p))) - 1)
    }

    /// The placement of pattern `p`'s tiles in the mirror image of `s`: tile i of `p` stands on the mirror
    /// of the cell of its mirror label.
    #[inline]
    fn mirrored_placement(&self, s: &Packed24, p: usize) -> u32 {
        (0..pattern_size(p)).fold(0u32, |acc, i| {
            let cell = s.cell_of_label(self.mirror_label[FIRST_LABEL[p] + i] as usize);
            acc | (self.db.mirror_cell[cell as usize] as u32) << (5 * i)
        })
    }

    /// The packed form of a board.
    pub fn pack(&self, board: &Board) -> Packed24 {
        let mut state = Packed24 { cells: 0, positions: 0, parts: [0; 2 * PATTERNS] };
        for cell in 0..CELLS as u8 {
            let label = self.label_of_tile[board.tile(cell as usize) as usize];
            state.cells |= (label as u128) << (5 * cell);
            state.positions |= (cell as u128) << (5 * label);
        }
        for p in 0..PATTERNS {
            state.parts[p] = self.db.value(p, self.placement(&state, p));
            state.parts[PATTERNS + p] = self.db.value(p, self.mirrored_placement(&state, p));
        }
        state
    }

    /// The board a packed state stands for.
    pub fn unpack(&self, state: &Packed24) -> Board {
        let mut board = Board { packed: 0, blank: 0 };
        for cell in 0..CELLS {
            let tile = self.tile_of_label[state.label_at(cell as u8)];
            board.packed |= (tile as u128) << (cell * super::CELL_BITS);
            if tile == 0 {
                board.blank = cell as u8;
            }
        }
        board
    }

    /// The state after the tile on cell `from` (next to the blank) slides into the blank: two table
    /// entries read, the moved tile's pattern directly and in the mirror image.
    #[inline]
    fn child(&self, s: &Packed24, from: u8) -> Packed24 {
        let blank = s.blank();
        let label = s.label_at(from);
        let moved = (from ^ blank) as u128;
        let mut next = Packed24 {
            cells: s.cells ^ ((label as u128) << (5 * from)) ^ ((label as u128) << (5 * blank)),
            positions: s.positions ^ (moved << (5 * label)) ^ moved,
            parts: s.parts,
        };
        let p = self.pattern_of_label[label] as usize;
        next.parts[p] = self.db.value(p, self.placement(&next, p));
        let q = self.pattern_of_label[self.mirror_label[label] as usize] as usize;
        next.parts[PATTERNS + q] = self.db.value(q, self.mirrored_placement(&next, q));
        next
    }
}

impl crate::search::Puzzle for Pdb24Tiles {
    type State = Packed24;
    type Move = TileMove;

    #[inline]
    fn successors(&self, s: &Packed24, mut f: impl FnMut(TileMove, Packed24, u32)) {
        let blank = s.blank();
        let mut targets = neighbours(blank);
        while targets != 0 {
            let from = targets.trailing_zeros() as u8;
            targets &= targets - 1;
            let tile = self.tile_of_label[s.label_at(from)];
            f(TileMove { tile, from, to: blank }, self.child(s, from), 1);
        }
    }

    #[inline]
    fn is_goal(&self, s: &Packed24) -> bool {
        s.cells == self.goal_cells
    }

    /// The larger of the direct and the mirrored sums.
    #[inline]
    fn heuristic(&self, s: &Packed24) -> u32 {
        let (direct, mirrored) = s.parts.split_at(PATTERNS);
        let sum = |parts: &[u8]| parts.iter().map(|&v| v as u32).sum::<u32>();
        sum(direct).max(sum(mirrored))
    }

    /// Additive pattern databases over disjoint tile sets, direct or mirrored: each sum is a lower bound.
    fn heuristic_is_admissible(&self) -> bool {
        true
    }

    #[inline]
    fn heuristic_after(&self, _: &Packed24, _: u32, _: &TileMove, child: &Packed24) -> u32 {
        self.heuristic(child)
    }
}

/// A beam search over the [`Pdb24Tiles`] view of a puzzle, run as a search of the puzzle itself: boards
/// are packed on the way in and unpacked on the way out, into a path buffer reserved at creation.
pub struct Pdb24Search {
    view: Pdb24Tiles,
    search: Beam<Pdb24Tiles>,
    /// The start could not reach the goal (the parity rule): settled without searching.
    unsolvable: bool,
    path: RefCell<Vec<(TileMove, Packed24)>>,
}

impl Pdb24Search {
    /// A beam of `width` states a layer over `view`, with memory for `node_cap` kept nodes.
    pub fn new(view: Pdb24Tiles, width: usize, node_cap: usize) -> Result<Self, OutOfMemory> {
        let search = Beam::new(width, node_cap)?;
        let path = crate::memory::with_capacity((node_cap / width.max(1)).max(1) + 1)?;
        Ok(Pdb24Search { view, search, unsolvable: false, path: RefCell::new(path) })
    }
}

impl Search<Tiles> for Pdb24Search {
    fn restart(&mut self, puzzle: &Tiles, start: Board) {
        self.unsolvable = !puzzle.is_solvable(&start);
        let start = self.view.pack(&start);
        self.search.restart(&self.view, start);
    }

    fn step(&mut self, _: &Tiles, budget: u32) -> Step {
        if self.unsolvable {
            return Step::new(Status::Unsolvable, 0);
        }
        self.search.step(&self.view, budget)
    }

    fn status(&self) -> Status {
        if self.unsolvable {
            Status::Unsolvable
        } else {
            self.search.status()
        }
    }

    fn stats(&self) -> Stats {
        let mut stats = self.search.stats();
        stats.bytes_reserved += self.path.borrow().capacity() * core::mem::size_of::<(TileMove, Packed24)>();
        stats
    }

    fn proven_optimal(&self) -> bool {
        false
    }

    fn write_path(&self, out: &mut Vec<(TileMove, Board)>) {
        out.clear();
        if self.status() != Status::Found {
            return;
        }
        let mut path = self.path.borrow_mut();
        self.search.write_path(&mut path);
        out.extend(path.iter().map(|(mv, s)| (*mv, self.view.unpack(s))));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranks_number_every_placement_once() {
        for k in 1..=3 {
            let mut hit = vec![false; placements(k)];
            for index in 0..placements(k) {
                let placement = unrank(index, k);
                assert_eq!(occupied(placement, k).count_ones() as usize, k);
                let ranked = rank(placement, k);
                assert_eq!(ranked, index);
                assert!(!core::mem::replace(&mut hit[ranked], true));
            }
            assert!(hit.iter().all(|&h| h));
        }
        let placement = 24 | 23 << 5 | 22 << 10 | 21 << 15 | 20 << 20;
        assert_eq!(rank(placement, 5), placements(5) - 1);
    }

    #[test]
    fn layouts_cover_the_board_and_patterns_mirror_into_patterns() {
        for blank in [0u8, 4, 20, 24] {
            let (goal_cells, mirror_cell) = Pdb24::layout(blank).unwrap();
            let mut sorted = goal_cells;
            sorted.sort_unstable();
            assert_eq!(sorted, core::array::from_fn(|i| i as u8), "blank {blank}");
            assert_eq!(mirror_cell[blank as usize], blank);
            for p in 0..PATTERNS {
                let cells = &goal_cells[FIRST_LABEL[p]..FIRST_LABEL[p + 1]];
                let image: Vec<u8> = cells.iter().map(|&c| mirror_cell[c as usize]).collect();
                // A pattern is its own image, or the mirrored pattern's image tile by tile.
                let other = match p {
                    p if p == MIRRORED.0 => MIRRORED.1,
                    p if p == MIRRORED.1 => MIRRORED.0,
                    p => p,
                };
                let target = &goal_cells[FIRST_LABEL[other]..FIRST_LABEL[other + 1]];
                if other == p {
                    let (mut a, mut b) = (image.clone(), target.to_vec());
                    a.sort_unstable();
                    b.sort_unstable();
                    assert_eq!(a, b, "blank {blank}, pattern {p}");
                } else {
                    assert_eq!(image, target, "blank {blank}, pattern {p}");
                }
            }
        }
        assert!(Pdb24::layout(12).is_none());
    }

    #[test]
    fn flood_stays_on_the_board_and_behind_walls() {
        // A wall in column 1 cuts column 0 off.
        let wall = FIRST_COLUMN << 1;
        assert_eq!(flood(1, BOARD & !wall), FIRST_COLUMN);
        assert_eq!(flood(1 << 4, BOARD & !wall), BOARD & !wall & !FIRST_COLUMN);
        assert_eq!(neighbours(4), 1 << 3 | 1 << 9);
        assert_eq!(neighbours(5), 1 | 1 << 6 | 1 << 10);
    }

    #[test]
    fn a_two_tile_table_matches_brute_force_moves() {
        // Tiles whose goals are cells 1 and 2, the blank's goal 0: swapped, one must leave the row.
        let goals = [1u8, 2];
        let table = build_table(&goals, 0);
        let look = |a: u8, b: u8| {
            let placement = a as u32 | (b as u32) << 5;
            manhattan(a, 1) + manhattan(b, 2) + 2 * table[rank(placement, 2)] as u32
        };
        assert_eq!(look(1, 2), 0);
        assert_eq!(look(6, 2), 1);
        assert_eq!(look(2, 1), 4);
    }
}
