//! Hargram: pack polyomino pieces onto a board so that every open cell is covered exactly once.
//!
//! Text description: `hargram:WxH:BOARD:PIECES[:PLACED]`
//! - `BOARD`: `H` rows of `W` cells separated by `/`, `.` open and `#` blocked: up to 256 cells (16×16,
//!   3×20, 8×32, …), sides up to 64.
//! - `PIECES`: pieces separated by `;`, each drawn as its own rows (`#` a cell of the piece, `.` none),
//!   e.g. `##/#.` for an L tromino. A trailing `!` forbids mirror images of that piece (rotations are
//!   always allowed). Pieces are named A, B, C, … in this order; their cells must add up to the open cells.
//! - `PLACED` (optional): pieces already on the board, `;`-separated `P@x,y,o` with `P` the piece index,
//!   `x,y` the top-left corner of the placed shape's bounding box and `o` its orientation (0–3: turned
//!   0/90/180/270 degrees clockwise; 4–7: mirrored left-right first, then turned).
//!
//! Example: `hargram:3x2:.../...:##/#.;#./##`.
//!
//! A state is where each piece lies (or that it is off the board); a move places an off-board piece or
//! takes a placed one off. Identical pieces are interchangeable: solutions that only swap them count once.
//! The exact solver ([`cover`]) is bitboard backtracking; the genetic algorithm of earlier systems is kept
//! in [`evolve`] on top of the generic [`crate::ga`].

pub mod cover;
pub mod evolve;
mod names;
pub mod picture;

use crate::family::{Family, FamilyId, MoveCode};
use crate::generate::{Difficulty, Generate, Request};
use crate::memory::OutOfMemory;
use crate::search::{Algorithm, Puzzle, Solver};
use crate::text::{fields, Field, ParseError};
use alloc::boxed::Box;
use alloc::format;
use alloc::string::String;
use alloc::sync::Arc;
use alloc::vec;
use alloc::vec::Vec;
use rand::RngExt;
use rand_xoshiro::Xoshiro256PlusPlus;

/// Largest board side.
pub const MAX_SIDE: u8 = 64;
/// Most cells on a board.
pub const MAX_CELLS: usize = 256;
/// Most pieces in a puzzle.
pub const MAX_PIECES: usize = 64;
const WORDS: usize = 4;

/// A set of board cells, one bit a cell, numbered in the board's scan order (see [`Hargram`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Cells([u64; WORDS]);

impl Cells {
    /// No cell.
    pub const EMPTY: Cells = Cells([0; WORDS]);

    /// Whether bit `i` is set.
    #[inline]
    pub fn contains(&self, i: usize) -> bool {
        self.0[i / 64] >> (i % 64) & 1 == 1
    }

    #[inline]
    fn insert(&mut self, i: usize) {
        self.0[i / 64] |= 1 << (i % 64);
    }

    /// Number of cells.
    #[inline]
    pub fn len(&self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }

    /// Whether the set is empty.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.0 == [0; WORDS]
    }

    /// Whether the two sets share a cell.
    #[inline]
    pub fn overlaps(&self, other: &Cells) -> bool {
        (0..WORDS).any(|i| self.0[i] & other.0[i] != 0)
    }

    #[inline]
    fn zip(self, other: Cells, f: impl Fn(u64, u64) -> u64) -> Cells {
        Cells(core::array::from_fn(|i| f(self.0[i], other.0[i])))
    }

    /// Cells in either set.
    #[inline]
    pub fn union(self, other: Cells) -> Cells {
        self.zip(other, |a, b| a | b)
    }

    /// Cells in both sets.
    #[inline]
    pub fn intersection(self, other: Cells) -> Cells {
        self.zip(other, |a, b| a & b)
    }

    /// Cells of `self` not in `other`.
    #[inline]
    pub fn minus(self, other: Cells) -> Cells {
        self.zip(other, |a, b| a & !b)
    }

    /// The lowest cell.
    #[inline]
    pub fn first(&self) -> Option<usize> {
        self.0.iter().position(|&w| w != 0).map(|i| i * 64 + self.0[i].trailing_zeros() as usize)
    }

    /// The cells, lowest first.
    pub fn iter(self) -> impl Iterator<Item = usize> {
        (0..WORDS * 64).filter(move |&i| self.contains(i))
    }
}

/// A polyomino as its cells `(x, y)`, moved so that the smallest x and y are 0, sorted.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Shape(Vec<(u8, u8)>);

impl Shape {
    /// The shape of `cells` (any offsets), or why it is no polyomino.
    pub fn new(cells: &[(u8, u8)]) -> Result<Shape, String> {
        if cells.is_empty() {
            return Err(String::from("a piece needs at least one cell"));
        }
        let shape = Shape::normalized(cells.iter().map(|&(x, y)| (x as i32, y as i32)));
        // Connected: a flood from the first cell reaches every cell.
        let mut reached = vec![false; shape.0.len()];
        let mut todo = vec![0usize];
        reached[0] = true;
        while let Some(i) = todo.pop() {
            let (x, y) = shape.0[i];
            for (j, &(u, v)) in shape.0.iter().enumerate() {
                if !reached[j] && x.abs_diff(u) + y.abs_diff(v) == 1 {
                    reached[j] = true;
                    todo.push(j);
                }
            }
        }
        if reached.iter().any(|r| !r) {
            return Err(String::from("a piece's cells must be connected through their sides"));
        }
        Ok(shape)
    }

    fn normalized(cells: impl Iterator<Item = (i32, i32)>) -> Shape {
        let cells: Vec<(i32, i32)> = cells.collect();
        let min_x = cells.iter().map(|c| c.0).min().unwrap_or(0);
        let min_y = cells.iter().map(|c| c.1).min().unwrap_or(0);
        let mut out: Vec<(u8, u8)> = cells.iter().map(|&(x, y)| ((x - min_x) as u8, (y - min_y) as u8)).collect();
        out.sort_unstable();
        out.dedup();
        Shape(out)
    }

    /// The shape in orientation `o` (0–3 turned clockwise `o` quarter turns; 4–7 mirrored left-right,
    /// then turned `o − 4` quarter turns).
    pub fn oriented(&self, o: u8) -> Shape {
        Shape::normalized(self.0.iter().map(|&(x, y)| {
            let (mut x, mut y) = (x as i32, y as i32);
            if o >= 4 {
                x = -x;
            }
            for _ in 0..o % 4 {
                (x, y) = (-y, x);
            }
            (x, y)
        }))
    }

    /// Number of cells.
    pub fn size(&self) -> usize {
        self.0.len()
    }

    /// The cells `(x, y)`.
    pub fn cells(&self) -> &[(u8, u8)] {
        &self.0
    }

    /// Width and height of the bounding box.
    pub fn extent(&self) -> (u8, u8) {
        let w = self.0.iter().map(|c| c.0).max().unwrap_or(0) + 1;
        let h = self.0.iter().map(|c| c.1).max().unwrap_or(0) + 1;
        (w, h)
    }

    /// The rows of the drawing (`#` a cell, `.` none).
    fn rows(&self) -> Vec<String> {
        let (w, h) = self.extent();
        (0..h).map(|y| (0..w).map(|x| if self.0.contains(&(x, y)) { '#' } else { '.' }).collect()).collect()
    }
}

/// A piece: its shape as given and whether mirror images are allowed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Piece {
    /// The shape as drawn in the description (orientation 0).
    pub shape: Shape,
    /// Whether mirror images (orientations 4–7) may be placed.
    pub mirror: bool,
    /// Index of the piece's kind: pieces with the same shapes (up to allowed orientations) share one.
    kind: u8,
    /// The shape in each orientation, computed once so that placing a piece allocates nothing.
    oriented: Vec<Shape>,
    /// How many more cells of one colour of a checkerboard than of the other the piece covers.
    imbalance: u8,
    /// Whether the mirror image is one of the turned shapes.
    achiral: bool,
}

impl Piece {
    /// The orientations this piece may take.
    pub fn orientations(&self) -> core::ops::Range<u8> {
        0..if self.mirror { 8 } else { 4 }
    }

    /// Whether the piece's mirror image is one of its turned shapes (so forbidding mirrors changes nothing).
    pub fn achiral(&self) -> bool {
        self.achiral
    }
}

/// Where each piece lies: `0` off the board, otherwise `1 + (orientation << 8 | anchor cell)` with the
/// anchor the row-major index of the top-left corner of the placed shape's bounding box.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Layout([u16; MAX_PIECES]);

impl Layout {
    /// Every piece off the board.
    pub const EMPTY: Layout = Layout([0; MAX_PIECES]);

    /// Orientation and anchor cell of `piece`, if it is on the board.
    pub fn placement(&self, piece: usize) -> Option<(u8, u8)> {
        match self.0.get(piece).copied().unwrap_or(0) {
            0 => None,
            code => Some((((code - 1) >> 8) as u8, ((code - 1) & 0xFF) as u8)),
        }
    }

    fn set(&mut self, piece: usize, placement: Option<(u8, u8)>) {
        self.0[piece] = placement.map_or(0, |(o, anchor)| 1 + ((o as u16) << 8 | anchor as u16));
    }
}

/// A Hargram move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum HargramMove {
    /// Put an off-board piece on the board.
    Place {
        /// The piece.
        piece: u8,
        /// Its orientation (0–7).
        orientation: u8,
        /// Row-major cell of the top-left corner of the placed shape's bounding box.
        anchor: u8,
    },
    /// Take a placed piece off the board.
    Remove {
        /// The piece.
        piece: u8,
    },
}

/// One way to put a piece of some kind on the board, precomputed.
#[derive(Clone, Copy, Debug)]
pub struct Placement {
    /// Cells covered (scan order).
    pub mask: Cells,
    /// Kind of piece.
    pub kind: u8,
    /// Orientation.
    pub orientation: u8,
    /// Row-major anchor cell.
    pub anchor: u8,
}

/// Every distinct placement of every kind, grouped by the first cell (in scan order) they cover, then by
/// kind: the exact-cover search fills the first empty cell, and only placements starting there can cover
/// it; kinds with no piece left are skipped as whole groups.
#[derive(Debug)]
pub struct Placements {
    /// The placements, sorted by first cell and kind.
    pub all: Vec<Placement>,
    /// `all[starts[g]..starts[g + 1]]` are the placements of group `g = cell · kinds + kind`.
    pub starts: Vec<u32>,
    /// Number of kinds.
    pub kinds: usize,
}

impl Placements {
    /// The placements of `kind` whose first scan cell is `cell`.
    #[inline]
    pub fn group(&self, cell: usize, kind: usize) -> core::ops::Range<u32> {
        let g = cell * self.kinds + kind;
        self.starts[g]..self.starts[g + 1]
    }

    /// The placements whose first scan cell is `cell`.
    pub fn at_cell(&self, cell: usize) -> &[Placement] {
        let (from, to) = (self.starts[cell * self.kinds], self.starts[(cell + 1) * self.kinds]);
        &self.all[from as usize..to as usize]
    }
}

/// A Hargram puzzle.
#[derive(Clone, Debug)]
pub struct Hargram {
    width: u8,
    height: u8,
    /// Open cells (scan order).
    open: Cells,
    pieces: Vec<Piece>,
    /// Cells of each kind.
    kind_sizes: Vec<u8>,
    start: Layout,
    /// Scan index of every row-major cell, and back. The scan runs along the shorter side, which keeps
    /// the first-empty-cell search narrow.
    scan_of: Vec<u8>,
    cell_of: Vec<u8>,
    placements: Arc<Placements>,
    /// Board symmetries other than the identity ([`Hargram::is_canonical`]).
    symmetries: Vec<u8>,
    /// How players name every piece, and its label in drawings.
    names: Vec<names::PieceName>,
}

impl PartialEq for Hargram {
    fn eq(&self, other: &Hargram) -> bool {
        (self.width, self.height, self.open, &self.pieces, self.start)
            == (other.width, other.height, other.open, &other.pieces, other.start)
    }
}

impl Eq for Hargram {}

impl Hargram {
    /// A puzzle on a `width × height` board with `blocked` cells (row-major; `true` blocked) and `pieces`
    /// (shape, mirror allowed), or why it is not a valid puzzle.
    pub fn new(width: u8, height: u8, blocked: &[bool], pieces: &[(Shape, bool)]) -> Result<Hargram, String> {
        let cells = width as usize * height as usize;
        if !(1..=MAX_SIDE).contains(&width) || !(1..=MAX_SIDE).contains(&height) || cells > MAX_CELLS {
            return Err(format!(
                "a board has sides of 1 to {MAX_SIDE} and at most {MAX_CELLS} cells, not {width}x{height}"
            ));
        }
        if blocked.len() != cells {
            return Err(format!("a {width}x{height} board has {cells} cells, {} given", blocked.len()));
        }
        if pieces.is_empty() || pieces.len() > MAX_PIECES {
            return Err(format!("a puzzle has 1 to {MAX_PIECES} pieces, not {}", pieces.len()));
        }
        let row_major = width <= height;
        let scan = |cell: usize| {
            let (x, y) = (cell % width as usize, cell / width as usize);
            if row_major {
                cell
            } else {
                x * height as usize + y
            }
        };
        let scan_of: Vec<u8> = (0..cells).map(|c| scan(c) as u8).collect();
        let mut cell_of = vec![0u8; cells];
        for (c, &s) in scan_of.iter().enumerate() {
            cell_of[s as usize] = c as u8;
        }
        let mut open = Cells::EMPTY;
        for c in (0..cells).filter(|&c| !blocked[c]) {
            open.insert(scan_of[c] as usize);
        }
        let area: usize = pieces.iter().map(|p| p.0.size()).sum();
        if area != open.len() as usize {
            return Err(format!("the pieces cover {area} cells but the board has {} open cells", open.len()));
        }
        // Kinds: pieces whose sets of allowed orientations give the same shapes.
        let mut kind_shapes: Vec<Vec<Shape>> = Vec::new();
        let mut out = Vec::with_capacity(pieces.len());
        for (shape, mirror) in pieces {
            let o_max = if *mirror { 8 } else { 4 };
            let mut shapes: Vec<Shape> = (0..o_max).map(|o| shape.oriented(o)).collect();
            shapes.sort();
            shapes.dedup();
            let kind = match kind_shapes.iter().position(|k| *k == shapes) {
                Some(k) => k,
                None => {
                    kind_shapes.push(shapes);
                    kind_shapes.len() - 1
                }
            };
            let oriented: Vec<Shape> = (0..8).map(|o| shape.oriented(o)).collect();
            let achiral = (0..4).any(|o| oriented[o] == oriented[4]);
            let black = shape.cells().iter().filter(|&&(x, y)| (x + y) % 2 == 0).count();
            let imbalance = black.abs_diff(shape.size() - black) as u8;
            out.push(Piece { shape: shape.clone(), mirror: *mirror, kind: kind as u8, oriented, imbalance, achiral });
        }
        let kind_sizes = kind_shapes.iter().map(|k| k[0].size() as u8).collect();
        let mut puzzle = Hargram {
            width,
            height,
            open,
            pieces: out,
            kind_sizes,
            start: Layout::EMPTY,
            scan_of,
            cell_of,
            placements: Arc::new(Placements { all: Vec::new(), starts: Vec::new(), kinds: 0 }),
            symmetries: Vec::new(),
            names: Vec::new(),
        };
        puzzle.placements = Arc::new(puzzle.compute_placements());
        puzzle.symmetries = puzzle.compute_symmetries();
        puzzle.names = names::names(&puzzle.pieces);
        Ok(puzzle)
    }

    fn compute_placements(&self) -> Placements {
        let mut all = Vec::new();
        let mut kinds_done = Vec::new();
        for piece in &self.pieces {
            if kinds_done.contains(&piece.kind) {
                continue;
            }
            kinds_done.push(piece.kind);
            let mut seen: Vec<Shape> = Vec::new();
            for o in piece.orientations() {
                let shape = piece.shape.oriented(o);
                if seen.contains(&shape) {
                    continue;
                }
                for anchor in 0..self.cells() {
                    if let Some(mask) = self.mask_of(&shape, anchor) {
                        all.push(Placement { mask, kind: piece.kind, orientation: o, anchor: anchor as u8 });
                    }
                }
                seen.push(shape);
            }
        }
        let kinds = self.kinds();
        let group = |p: &Placement| p.mask.first().unwrap_or(0) * kinds + p.kind as usize;
        all.sort_by_key(group);
        let groups = self.cells() * kinds;
        let mut starts = vec![0u32; groups + 1];
        for p in &all {
            starts[group(p) + 1] += 1;
        }
        for g in 0..groups {
            starts[g + 1] += starts[g];
        }
        Placements { all, starts, kinds }
    }

    /// The cells `shape` covers with its top-left corner on row-major cell `anchor`, if it fits on open cells.
    fn mask_of(&self, shape: &Shape, anchor: usize) -> Option<Cells> {
        let (w, h) = (self.width as usize, self.height as usize);
        let (ax, ay) = (anchor % w, anchor / w);
        let mut mask = Cells::EMPTY;
        for &(dx, dy) in shape.cells() {
            let (x, y) = (ax + dx as usize, ay + dy as usize);
            if x >= w || y >= h {
                return None;
            }
            let scan = self.scan_of[y * w + x] as usize;
            if !self.open.contains(scan) {
                return None;
            }
            mask.insert(scan);
        }
        Some(mask)
    }

    /// The cells piece `piece` covers in orientation `o` at `anchor`, if that placement fits the board.
    pub fn piece_mask(&self, piece: usize, o: u8, anchor: usize) -> Option<Cells> {
        let p = self.pieces.get(piece)?;
        if !p.orientations().contains(&o) || anchor >= self.cells() {
            return None;
        }
        self.mask_of(&p.oriented[o as usize], anchor)
    }

    /// Number of board cells.
    pub fn cells(&self) -> usize {
        self.width as usize * self.height as usize
    }

    /// Board width.
    pub fn width(&self) -> u8 {
        self.width
    }

    /// Board height.
    pub fn height(&self) -> u8 {
        self.height
    }

    /// The pieces.
    pub fn pieces(&self) -> &[Piece] {
        &self.pieces
    }

    /// The open cells (scan order).
    pub fn open(&self) -> Cells {
        self.open
    }

    /// The precomputed placements.
    pub fn placements(&self) -> &Placements {
        &self.placements
    }

    /// Number of piece kinds (identical pieces share a kind).
    pub fn kinds(&self) -> usize {
        self.kind_sizes.len()
    }

    /// Kind of every piece.
    pub fn kind_of(&self, piece: usize) -> u8 {
        self.pieces[piece].kind
    }

    /// Cells of the smallest piece.
    pub fn smallest_piece(&self) -> u32 {
        self.kind_sizes.iter().copied().min().unwrap_or(1) as u32
    }

    /// The greatest common divisor of the piece sizes.
    pub fn size_granule(&self) -> u32 {
        fn gcd(a: u32, b: u32) -> u32 {
            if b == 0 {
                a
            } else {
                gcd(b, a % b)
            }
        }
        self.kind_sizes.iter().fold(0, |g, &s| gcd(g, s as u32)).max(1)
    }

    /// The row-major cell of scan cell `scan`.
    pub fn cell_of_scan(&self, scan: usize) -> usize {
        self.cell_of[scan] as usize
    }

    /// Scan order is row-major (the board is no wider than tall); otherwise column-major.
    fn scan_is_row_major(&self) -> bool {
        self.width <= self.height
    }

    /// Cells per scan line (the shorter side).
    pub fn scan_line(&self) -> u32 {
        if self.scan_is_row_major() {
            self.width as u32
        } else {
            self.height as u32
        }
    }

    /// Cells covered by the pieces placed in `layout`.
    pub fn occupied(&self, layout: &Layout) -> Cells {
        (0..self.pieces.len()).fold(Cells::EMPTY, |acc, p| match layout.placement(p) {
            Some((o, anchor)) => acc.union(self.piece_mask(p, o, anchor as usize).unwrap_or(Cells::EMPTY)),
            None => acc,
        })
    }

    /// Pieces of each kind still off the board.
    pub fn left_by_kind(&self, layout: &Layout) -> [u8; MAX_PIECES] {
        let mut left = [0u8; MAX_PIECES];
        for (p, piece) in self.pieces.iter().enumerate() {
            if layout.placement(p).is_none() {
                left[piece.kind as usize] += 1;
            }
        }
        left
    }

    /// The first off-board piece of `kind` in `layout`.
    fn free_piece_of_kind(&self, layout: &Layout, kind: u8) -> Option<usize> {
        (0..self.pieces.len()).find(|&p| self.pieces[p].kind == kind && layout.placement(p).is_none())
    }

    /// `layout` with the placement `p` given to an off-board piece of its kind.
    pub fn place(&self, layout: &Layout, p: &Placement) -> Option<(HargramMove, Layout)> {
        let piece = self.free_piece_of_kind(layout, p.kind)?;
        let mut next = *layout;
        // The placement was computed for the kind's first orientation showing this shape; the piece may
        // be drawn differently, so find its own orientation giving the same cells.
        let orientation = self.pieces[piece]
            .orientations()
            .find(|&o| self.piece_mask(piece, o, p.anchor as usize) == Some(p.mask))?;
        next.set(piece, Some((orientation, p.anchor)));
        Some((HargramMove::Place { piece: piece as u8, orientation, anchor: p.anchor }, next))
    }
}

impl Puzzle for Hargram {
    type State = Layout;
    type Move = HargramMove;

    /// Placements of off-board pieces covering the first empty cell in scan order (every solution covers
    /// it, so this loses nothing and avoids exploring the same cover in every order).
    fn successors(&self, s: &Layout, mut f: impl FnMut(HargramMove, Layout, u32)) {
        let occupied = self.occupied(s);
        let Some(first) = self.open.minus(occupied).first() else {
            return;
        };
        let left = self.left_by_kind(s);
        for p in self.placements.at_cell(first) {
            if left[p.kind as usize] > 0 && !p.mask.overlaps(&occupied) {
                if let Some((mv, next)) = self.place(s, p) {
                    f(mv, next, 1);
                }
            }
        }
    }

    fn is_goal(&self, s: &Layout) -> bool {
        (0..self.pieces.len()).all(|p| s.placement(p).is_some())
    }

    /// Pieces still off the board (each move places at most one).
    fn heuristic(&self, s: &Layout) -> u32 {
        (0..self.pieces.len()).filter(|&p| s.placement(p).is_none()).count() as u32
    }

    /// The checkerboard colouring ([`Hargram::colouring_allows`]).
    fn provably_unsolvable(&self, s: &Layout) -> bool {
        !self.colouring_allows(s)
    }

    /// Any placement of an off-board piece on free open cells, or taking a placed piece off.
    fn apply(&self, s: &Layout, mv: &HargramMove) -> Option<Layout> {
        let mut next = *s;
        match *mv {
            HargramMove::Place { piece, orientation, anchor } => {
                let piece = piece as usize;
                if piece >= self.pieces.len() || s.placement(piece).is_some() {
                    return None;
                }
                let mask = self.piece_mask(piece, orientation, anchor as usize)?;
                if mask.overlaps(&self.occupied(s)) {
                    return None;
                }
                next.set(piece, Some((orientation, anchor)));
            }
            HargramMove::Remove { piece } => {
                s.placement(piece as usize)?;
                next.set(piece as usize, None);
            }
        }
        Some(next)
    }
}

fn parse_piece(field: &Field<'_>) -> Result<(Shape, bool), ParseError> {
    let (text, mirror) = match field.text.strip_suffix('!') {
        Some(rest) => (rest.trim_end(), false),
        None => (field.text, true),
    };
    let (w, _, cells) = Field { text, column: field.column }.parse_grid("a piece", None)?;
    let coords: Vec<(u8, u8)> =
        cells.iter().enumerate().filter(|(_, &on)| on).map(|(i, _)| ((i % w) as u8, (i / w) as u8)).collect();
    if coords.len() > 255 {
        return Err(field.error("a piece has at most 255 cells"));
    }
    Shape::new(&coords).map(|s| (s, mirror)).map_err(|e| field.error(e))
}

fn parse_placed(field: &Field<'_>, puzzle: &Hargram) -> Result<Layout, ParseError> {
    let mut layout = Layout::EMPTY;
    for item in field.split(';').into_iter().filter(|f| !f.text.is_empty()) {
        let bad = || item.error(format!("expected P@x,y,o, found '{}'", item.text));
        let (piece, rest) = item.text.split_once('@').ok_or_else(bad)?;
        let numbers: Vec<usize> =
            rest.split(',').map(|n| n.trim().parse().map_err(|_| bad())).collect::<Result<_, _>>()?;
        let piece = piece.trim().parse::<usize>().map_err(|_| bad())?;
        let [x, y, o] = numbers[..] else {
            return Err(bad());
        };
        if x >= puzzle.width as usize || y >= puzzle.height as usize || o > 7 {
            return Err(item.error("placement outside the board or orientation above 7"));
        }
        let mv = HargramMove::Place {
            piece: piece.min(255) as u8,
            orientation: o as u8,
            anchor: (y * puzzle.width as usize + x) as u8,
        };
        layout = puzzle.apply(&layout, &mv).ok_or_else(|| {
            item.error("this piece cannot go there (unknown piece, placed twice, off the board or overlapping)")
        })?;
    }
    Ok(layout)
}

impl Family for Hargram {
    const NAME: &'static str = "hargram";
    const ID: FamilyId = FamilyId::Hargram;

    fn parse(desc: &str) -> Result<Hargram, ParseError> {
        let f = fields(desc, Self::NAME, 3, 4)?;
        let (w, h) = f[0].parse_dims(1, MAX_SIDE)?;
        let (_, _, blocked) = f[1].parse_grid("the board", Some((w as usize, h as usize)))?;
        let pieces = f[2].split(';').iter().map(parse_piece).collect::<Result<Vec<_>, _>>()?;
        let mut puzzle = Hargram::new(w, h, &blocked, &pieces).map_err(|e| f[2].error(e))?;
        if let Some(placed) = f.get(3) {
            puzzle.start = parse_placed(placed, &puzzle)?;
        }
        Ok(puzzle)
    }

    fn describe(&self) -> String {
        let w = self.width as usize;
        let mut out = format!("hargram:{}x{}:", self.width, self.height);
        for y in 0..self.height as usize {
            if y > 0 {
                out.push('/');
            }
            out.extend((0..w).map(|x| if self.open.contains(self.scan_of[y * w + x] as usize) { '.' } else { '#' }));
        }
        out.push(':');
        let pieces: Vec<String> =
            self.pieces.iter().map(|p| p.shape.rows().join("/") + if p.mirror { "" } else { "!" }).collect();
        out.push_str(&pieces.join(";"));
        let placed: Vec<String> = (0..self.pieces.len())
            .filter_map(|p| {
                self.start.placement(p).map(|(o, a)| format!("{p}@{},{},{o}", a as usize % w, a as usize / w))
            })
            .collect();
        if !placed.is_empty() {
            out.push(':');
            out.push_str(&placed.join(";"));
        }
        out
    }

    fn start(&self) -> Layout {
        self.start
    }

    fn with_start(&self, state: Layout) -> Hargram {
        Hargram { start: state, ..self.clone() }
    }

    fn render(&self, s: &Layout) -> String {
        let w = self.width as usize;
        let mut grid: Vec<char> =
            (0..self.cells()).map(|c| if self.open.contains(self.scan_of[c] as usize) { '.' } else { '#' }).collect();
        for p in 0..self.pieces.len() {
            if let Some((o, anchor)) = s.placement(p) {
                for scan in self.piece_mask(p, o, anchor as usize).unwrap_or(Cells::EMPTY).iter() {
                    grid[self.cell_of[scan] as usize] = self.label(p);
                }
            }
        }
        let mut out = String::new();
        for row in grid.chunks(w) {
            for &c in row {
                out.push(' ');
                out.push(c);
            }
            out.push('\n');
        }
        // The pieces' shapes are in the description; the drawing only names the pieces still off the board.
        let off: String = (0..self.pieces.len()).filter(|&p| s.placement(p).is_none()).map(|p| self.label(p)).collect();
        if !off.is_empty() {
            out.push_str(&format!(" to place: {off}\n"));
        }
        out
    }

    /// `P@x,y,o` for a placement, `-P` for taking piece `P` off.
    fn move_token(&self, mv: &HargramMove) -> String {
        let w = self.width as usize;
        match *mv {
            HargramMove::Place { piece, orientation, anchor } => {
                format!("{piece}@{},{},{orientation}", anchor as usize % w, anchor as usize / w)
            }
            HargramMove::Remove { piece } => format!("-{piece}"),
        }
    }

    /// "Place the X pentomino (X) with the top-left corner of its box at column 3, row 1, turned a
    /// quarter turn clockwise"; columns and rows count from 1.
    fn move_text(&self, mv: &HargramMove) -> String {
        let w = self.width as usize;
        match *mv {
            HargramMove::Place { piece, orientation, anchor } => format!(
                "place {} with the top-left corner of its box at column {}, row {}, {}",
                self.piece_name(piece as usize),
                anchor as usize % w + 1,
                anchor as usize / w + 1,
                names::orientation_text(orientation)
            ),
            HargramMove::Remove { piece } => {
                format!("take {} off: no solution keeps it where it is", self.piece_name(piece as usize))
            }
        }
    }

    /// The exact-cover solver: the plan places the remaining pieces, or starts by taking off a placed
    /// piece that no solution allows.
    fn recommended_solver(&self) -> Result<Solver<Hargram>, OutOfMemory> {
        Ok(Solver::custom(Algorithm::Exact, Box::new(cover::CoverSearch::plan(self))))
    }

    /// The same level up to the board's symmetries, the order of the pieces and the way each is drawn:
    /// the board with its placed pieces at its smallest image, and the pieces' kinds as sorted shapes.
    fn fingerprint(&self) -> u64 {
        let mut bytes = alloc::vec![self.width, self.height];
        bytes.extend(self.canonical_codes(&self.start));
        let mut kinds: Vec<(Shape, bool)> = self
            .pieces
            .iter()
            .map(|p| {
                let turns = (0..if p.mirror { 8 } else { 4 }).map(|o| p.shape.oriented(o));
                (turns.min().unwrap_or_else(|| p.shape.clone()), p.mirror || p.achiral)
            })
            .collect();
        kinds.sort();
        for (shape, mirror) in kinds {
            bytes.push(mirror as u8);
            bytes.extend(shape.cells().iter().flat_map(|&(x, y)| [x, y]));
            bytes.push(0xFF);
        }
        crate::family::fingerprint_of(&bytes)
    }

    /// `piece`; a placement has `to` = the anchor cell (row-major) and `arg` = the orientation; taking a
    /// piece off has `to = -1`. `from` is unused.
    fn encode_move(&self, mv: &HargramMove) -> MoveCode {
        match *mv {
            HargramMove::Place { piece, orientation, anchor } => {
                MoveCode { piece: piece as u32, from: 0, to: anchor as i32, arg: orientation as i32 }
            }
            HargramMove::Remove { piece } => MoveCode { piece: piece as u32, from: 0, to: -1, arg: 0 },
        }
    }

    fn decode_move(&self, _: &Layout, code: &MoveCode) -> Option<HargramMove> {
        let piece = u8::try_from(code.piece).ok()?;
        if code.to < 0 {
            return Some(HargramMove::Remove { piece });
        }
        Some(HargramMove::Place {
            piece,
            orientation: u8::try_from(code.arg).ok()?,
            anchor: u8::try_from(code.to).ok()?,
        })
    }

    fn board_size(&self) -> (u32, u32) {
        (self.width as u32, self.height as u32)
    }

    /// `-1` blocked, `0` empty, `1 + piece` covered by that piece.
    fn cell(&self, s: &Layout, index: usize) -> i32 {
        if index >= self.cells() {
            return 0;
        }
        let scan = self.scan_of[index] as usize;
        if !self.open.contains(scan) {
            return -1;
        }
        (0..self.pieces.len())
            .find(|&p| {
                s.placement(p).and_then(|(o, a)| self.piece_mask(p, o, a as usize)).is_some_and(|m| m.contains(scan))
            })
            .map_or(0, |p| p as i32 + 1)
    }
}

/// Cuts the `width × height` rectangle into `sizes.len()` connected pieces of the given sizes by growing
/// each piece at random from the first free cell in scan order; `None` when a piece cannot grow enough.
fn carve(width: usize, height: usize, sizes: &[usize], rng: &mut Xoshiro256PlusPlus) -> Option<Vec<Shape>> {
    let cells = width * height;
    let mut free = vec![true; cells];
    let mut pieces = Vec::with_capacity(sizes.len());
    // Column-major scan keeps the remaining region in one piece on wide boards as well as tall ones.
    let order: Vec<usize> = (0..cells).map(|i| (i % height) * width + i / height).collect();
    for &size in sizes {
        let seed = *order.iter().find(|&&c| free[c])?;
        let mut piece = vec![seed];
        free[seed] = false;
        while piece.len() < size {
            let mut frontier = Vec::new();
            for &c in &piece {
                let (x, y) = (c % width, c / width);
                let neighbours = [
                    (x > 0).then(|| c - 1),
                    (x + 1 < width).then(|| c + 1),
                    (y > 0).then(|| c - width),
                    (y + 1 < height).then(|| c + width),
                ];
                frontier.extend(neighbours.into_iter().flatten().filter(|&n| free[n]));
            }
            if frontier.is_empty() {
                return None;
            }
            let next = frontier[rng.random_range(0..frontier.len())];
            free[next] = false;
            piece.push(next);
        }
        pieces
            .push(Shape::new(&piece.iter().map(|&c| ((c % width) as u8, (c / width) as u8)).collect::<Vec<_>>()).ok()?);
    }
    Some(pieces)
}

/// Cuts the `width × height` rectangle into pieces of the given sizes along a boustrophedon path (down the
/// first column, up the second, …): consecutive cells of the path touch, so every piece is connected.
fn snake(width: usize, height: usize, sizes: &[usize]) -> Vec<Shape> {
    let path: Vec<(u8, u8)> = (0..width)
        .flat_map(|x| (0..height).map(move |i| (x as u8, if x % 2 == 0 { i } else { height - 1 - i } as u8)))
        .collect();
    let mut at = 0;
    sizes
        .iter()
        .filter_map(|&size| {
            let cells = &path[at..(at + size).min(path.len())];
            at += size;
            Shape::new(cells).ok()
        })
        .collect()
}

impl Generate for Hargram {
    fn preset(difficulty: Difficulty) -> Request {
        let base = Request { min: 0, max: u32::MAX, unique: true, ..Request::default() };
        match difficulty {
            Difficulty::Easy => Request { size: (4, 3), pieces: 3, piece_size: (3, 5), unique: false, ..base },
            Difficulty::Medium => Request { size: (5, 4), pieces: 5, piece_size: (3, 5), ..base },
            Difficulty::Hard => Request { size: (6, 5), pieces: 6, piece_size: (4, 6), ..base },
            Difficulty::Expert => Request { size: (8, 5), pieces: 8, piece_size: (4, 6), ..base },
        }
    }

    fn check(request: &Request) -> Result<(), String> {
        let (w, h) = request.size;
        if !(1..=MAX_SIDE).contains(&w) || !(1..=MAX_SIDE).contains(&h) || w as usize * h as usize > MAX_CELLS {
            return Err(format!("hargram boards have sides of 1 to {MAX_SIDE} and at most {MAX_CELLS} cells"));
        }
        let (lo, hi) = request.piece_size;
        let (n, area) = (request.pieces as usize, w as usize * h as usize);
        if n == 0 || n > MAX_PIECES || lo == 0 || lo > hi {
            return Err(format!("1 to {MAX_PIECES} pieces of 1 or more cells (smallest no larger than largest)"));
        }
        if n * (lo as usize) > area || n * (hi as usize) < area {
            return Err(format!("{n} pieces of {lo} to {hi} cells cannot cover a {w}x{h} board ({area} cells)"));
        }
        Ok(())
    }

    const RATING_UNIT: &'static str = "nodes";
    const RATED_BY_LENGTH: bool = false;

    type Context = ();

    fn context(_: &Request) -> Result<(), OutOfMemory> {
        Ok(())
    }

    /// Cuts the board into pieces of random sizes in the band, then shows each piece turned at random
    /// (and mirrored, when allowed) in a shuffled order so that the pieces do not give the answer away.
    fn candidate(request: &Request, _: &(), rng: &mut Xoshiro256PlusPlus) -> Hargram {
        let (w, h) = (request.size.0 as usize, request.size.1 as usize);
        let (lo, hi) = (request.piece_size.0 as usize, request.piece_size.1 as usize);
        let n = request.pieces as usize;
        for attempt in 1.. {
            let mut sizes = vec![lo; n];
            let mut extra = w * h - n * lo;
            while extra > 0 {
                let i = rng.random_range(0..n);
                if sizes[i] < hi {
                    sizes[i] += 1;
                    extra -= 1;
                }
            }
            // Random growth can strand a piece; after many tries, cut along a snake path, which always works,
            // so that a generator step never loops for long.
            let mut shapes = match carve(w, h, &sizes, rng) {
                Some(shapes) => shapes,
                None if attempt < 100 => continue,
                None => snake(w, h, &sizes),
            };
            for i in (1..shapes.len()).rev() {
                shapes.swap(i, rng.random_range(0..=i));
            }
            let pieces: Vec<(Shape, bool)> =
                shapes.iter().map(|s| (s.oriented(rng.random_range(0..8)), true)).collect();
            if let Ok(puzzle) = Hargram::new(w as u8, h as u8, &vec![false; w * h], &pieces) {
                return puzzle;
            }
        }
        unreachable!("the attempts never end")
    }

    /// The rating search counts solutions up to two (up to symmetry), whatever the request, so that the
    /// rating is a property of the puzzle alone.
    fn rater(&self) -> Result<Solver<Hargram>, OutOfMemory> {
        Ok(Solver::custom(Algorithm::Exact, Box::new(cover::CoverSearch::count(self, 2))))
    }

    /// Search nodes needed to find a solution and then to prove it unique or find a second one.
    fn rating(stats: &crate::search::Stats) -> Option<u32> {
        (stats.solutions? >= 1).then(|| stats.expanded.min(u32::MAX as u64) as u32)
    }

    /// A puzzle with a second solution (up to symmetry) is rejected when a unique one is required.
    fn accept(request: &Request, stats: &crate::search::Stats) -> bool {
        !request.unique || stats.solutions == Some(1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn orientations_of_an_l_tromino() {
        let l = Shape::new(&[(0, 0), (0, 1), (1, 1)]).unwrap();
        let mut all: Vec<Shape> = (0..8).map(|o| l.oriented(o)).collect();
        all.sort();
        all.dedup();
        assert_eq!(all.len(), 4);
        assert_eq!(l.oriented(0), l);
        assert_eq!(l.oriented(1).oriented(3), l.oriented(0));
    }

    #[test]
    fn a_snake_cut_gives_connected_pieces_of_the_sizes() {
        let shapes = snake(5, 3, &[4, 5, 2, 4]);
        assert_eq!(shapes.iter().map(Shape::size).collect::<alloc::vec::Vec<_>>(), [4, 5, 2, 4]);
    }

    #[test]
    fn scan_runs_along_the_shorter_side() {
        let p = Hargram::parse("hargram:3x2:.../...:##/#.;#./##").unwrap();
        assert_eq!(p.scan_line(), 2);
        assert_eq!(p.cell_of_scan(1), 3);
    }
}
