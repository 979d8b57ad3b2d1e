//! Hargram: pack polyomino pieces onto a board so that every open cell is covered exactly once.
//!
//! Text description: `hargram:WxH:BOARD:PIECES[:PLACED]`
//! - `BOARD`: `H` rows of `W` cells separated by `/`, `.` open and `#` blocked: up to 256 cells (16×16,
//!   3×20, 8×32, …), sides up to 64.
//! - `PIECES`: pieces separated by `;`, each drawn as its own rows (`#` a cell of the piece, `.` none),
//!   e.g. `##/#.` for an L tromino. A trailing `!` forbids mirror images of that piece (rotations are
//!   always allowed). Pieces are named as players know them (the pentominoes F I L N P T U V W X Y Z, the
//!   tetrominoes I O T S L, …; see [`Hargram::piece_words`]); their cells must add up to the open cells.
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

#[cfg(feature = "std")]
mod abi;
pub mod cover;
mod dead_ends;
pub mod evolve;
mod generate;
mod names;
pub mod picture;
mod shape;
mod symmetry;
mod text;

#[cfg(feature = "std")]
pub use abi::LpHargramPiece;
pub use generate::HargramParams;
pub use shape::{Candidates, Cells, HargramMove, Layout, Piece, Placement, Placements, Shape};

use crate::family::{add_cell, Family, Fingerprint, HintCells, MoveCode, PieceName, Reason, SolutionCount};
use crate::ga::{AnyGa, Evolution};
use crate::memory::OutOfMemory;
use crate::search::{Algorithm, Puzzle, Solver};
use crate::text::{fields, ParseError};
use alloc::boxed::Box;
use alloc::format;
use alloc::string::String;
use alloc::sync::Arc;
use alloc::vec;
use alloc::vec::Vec;
use text::{parse_piece, parse_placed};

/// Largest board side.
pub const MAX_SIDE: u8 = 64;
/// Most cells on a board.
pub const MAX_CELLS: usize = 256;
/// Most pieces in a puzzle.
pub const MAX_PIECES: usize = 64;

/// The board as placements see it (borrowed, so that placements can be made into the puzzle's storage).
struct Geometry<'a> {
    width: u8,
    height: u8,
    scan_of: &'a [u8],
    open: Cells,
}

impl Geometry<'_> {
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

    /// Whether covering `mask` walls in a region of open cells that no set of pieces can fill: fewer cells
    /// than `fill.0` (the smallest piece) or a number not a multiple of `fill.1` (every piece's size is
    /// one). Regions are followed to twice the smallest piece; a larger one is taken as fillable.
    fn walls_in(&self, mask: Cells, fill: (usize, usize)) -> bool {
        let (cells, line) = (self.width as usize * self.height as usize, self.width.min(self.height) as usize);
        let (smallest, granule) = fill;
        let empty = self.open.minus(mask);
        let neighbours = |s: usize| {
            [
                (s % line > 0).then(|| s - 1),
                (s % line + 1 < line).then(|| s + 1),
                s.checked_sub(line),
                Some(s + line).filter(|&n| n < cells),
            ]
            .into_iter()
            .flatten()
            .filter(move |&n| empty.contains(n))
        };
        // Cells of the regions followed before: each was fillable or large.
        let mut followed = Cells::EMPTY;
        let mut todo: heapless::Vec<u8, MAX_CELLS> = heapless::Vec::new();
        for seed in mask.iter().flat_map(neighbours) {
            if followed.contains(seed) {
                continue;
            }
            let (mut region, mut size, mut whole) = (Cells::EMPTY, 1, true);
            region.insert(seed);
            todo.clear();
            let _ = todo.push(seed as u8);
            'flood: while let Some(s) = todo.pop() {
                for n in neighbours(s as usize) {
                    if followed.contains(n) || size > 2 * smallest {
                        // It joins a region followed before, or is large.
                        whole = false;
                        break 'flood;
                    }
                    if !region.contains(n) {
                        region.insert(n);
                        size += 1;
                        let _ = todo.push(n as u8);
                    }
                }
            }
            if whole && (size < smallest || size % granule != 0) {
                return true;
            }
            followed = followed.union(region);
        }
        false
    }
}

/// Whether two pieces' allowed orientations give the same set of shapes.
fn same_shapes(a: &Piece, b: &Piece) -> bool {
    let within = |x: &Piece, y: &Piece| {
        x.orientations().all(|o| y.orientations().any(|p| x.oriented[o as usize] == y.oriented[p as usize]))
    };
    within(a, b) && within(b, a)
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
        let mut puzzle = Hargram {
            width: 0,
            height: 0,
            open: Cells::EMPTY,
            pieces: Vec::new(),
            kind_sizes: Vec::new(),
            start: Layout::EMPTY,
            scan_of: Vec::new(),
            cell_of: Vec::new(),
            placements: Arc::new(Placements::new(Vec::new(), 0, 0)),
            symmetries: Vec::new(),
            names: Vec::new(),
        };
        puzzle.rebuild(width, height, blocked, pieces)?;
        puzzle.mark_dead_ends();
        Ok(puzzle)
    }

    /// A copy sharing no storage with this puzzle (clones share the placements).
    pub fn detached(&self) -> Hargram {
        Hargram { placements: Arc::new((*self.placements).clone()), ..self.clone() }
    }

    /// Makes this the puzzle [`Hargram::new`] makes of the same arguments, reusing this puzzle's storage:
    /// no allocation once it is large enough, unless its placements are shared with a clone.
    pub fn rebuild(&mut self, width: u8, height: u8, blocked: &[bool], pieces: &[(Shape, bool)]) -> Result<(), String> {
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
        let area: usize = pieces.iter().map(|p| p.0.size()).sum();
        if area != blocked.iter().filter(|&&b| !b).count() {
            let open = blocked.iter().filter(|&&b| !b).count();
            return Err(format!("the pieces cover {area} cells but the board has {open} open cells"));
        }
        (self.width, self.height, self.start) = (width, height, Layout::EMPTY);
        let row_major = width <= height;
        let scan = |cell: usize| {
            let (x, y) = (cell % width as usize, cell / width as usize);
            if row_major {
                cell
            } else {
                x * height as usize + y
            }
        };
        self.scan_of.clear();
        self.scan_of.extend((0..cells).map(|c| scan(c) as u8));
        self.cell_of.clear();
        self.cell_of.resize(cells, 0);
        for (c, &s) in self.scan_of.iter().enumerate() {
            self.cell_of[s as usize] = c as u8;
        }
        self.open = Cells::EMPTY;
        for c in (0..cells).filter(|&c| !blocked[c]) {
            self.open.insert(self.scan_of[c] as usize);
        }
        self.set_pieces(pieces);
        self.make_placements();
        let symmetries: heapless::Vec<u8, 8> = self.compute_symmetries().collect();
        self.symmetries.clear();
        self.symmetries.extend_from_slice(&symmetries);
        names::names_into(&self.pieces, &mut self.names);
        Ok(())
    }

    /// The pieces of `pieces` with their orientations and kinds (pieces whose sets of allowed
    /// orientations give the same shapes are one kind), reusing the storage of the pieces there were.
    /// Grows the storage of the first `pieces` pieces to hold `cells` cells each in every orientation, so
    /// that rebuilding the puzzle with pieces of up to that size allocates nothing.
    pub(super) fn reserve_pieces(&mut self, pieces: usize, cells: usize) {
        for piece in self.pieces.iter_mut().take(pieces) {
            for shape in core::iter::once(&mut piece.shape).chain(piece.oriented.iter_mut()) {
                shape.0.reserve(cells.saturating_sub(shape.0.len()));
            }
        }
    }

    fn set_pieces(&mut self, pieces: &[(Shape, bool)]) {
        self.pieces.truncate(pieces.len());
        for (i, (shape, mirror)) in pieces.iter().enumerate() {
            if i == self.pieces.len() {
                let empty = Shape(Vec::new());
                let oriented = (0..8).map(|_| Shape(Vec::new())).collect();
                self.pieces.push(Piece {
                    shape: empty,
                    mirror: false,
                    kind: 0,
                    oriented,
                    imbalance: 0,
                    achiral: false,
                });
            }
            let piece = &mut self.pieces[i];
            piece.shape.0.clone_from(&shape.0);
            piece.mirror = *mirror;
            for (o, turned) in piece.oriented.iter_mut().enumerate() {
                shape.orient_into(o as u8, turned);
            }
            piece.achiral = (0..4).any(|o| piece.oriented[o] == piece.oriented[4]);
            let black = shape.cells().iter().filter(|&&(x, y)| (x + y) % 2 == 0).count();
            piece.imbalance = black.abs_diff(shape.size() - black) as u8;
        }
        self.kind_sizes.clear();
        for i in 0..self.pieces.len() {
            let same = (0..i).find(|&j| same_shapes(&self.pieces[i], &self.pieces[j]));
            self.pieces[i].kind = match same {
                Some(j) => self.pieces[j].kind,
                None => {
                    self.kind_sizes.push(self.pieces[i].shape.size() as u8);
                    self.kind_sizes.len() as u8 - 1
                }
            };
        }
    }

    /// Every distinct placement of every kind, grouped ([`Placements`]), into the puzzle's own placement
    /// storage (a new one when a clone shares it).
    fn make_placements(&mut self) {
        if Arc::get_mut(&mut self.placements).is_none() {
            self.placements = Arc::new(Placements::new(Vec::new(), 0, 0));
        }
        let (cells, kinds) = (self.cells(), self.kinds());
        let board = Geometry { width: self.width, height: self.height, scan_of: &self.scan_of, open: self.open };
        let Some(set) = Arc::get_mut(&mut self.placements) else { return };
        // Room for as many placements as pieces of this many could ever have, so that rebuilding for
        // other pieces (a generator's candidates) does not grow the lists again.
        set.reserve(self.pieces.len() * 8 * cells, cells * self.pieces.len(), self.pieces.len());
        set.made.clear();
        for (p, piece) in self.pieces.iter().enumerate() {
            // One list per kind: from its first piece.
            if self.pieces[..p].iter().any(|q| q.kind == piece.kind) {
                continue;
            }
            for o in piece.orientations() {
                let shape = &piece.oriented[o as usize];
                if (0..o).any(|earlier| piece.oriented[earlier as usize] == *shape) {
                    continue;
                }
                for anchor in 0..cells {
                    if let Some(mask) = board.mask_of(shape, anchor) {
                        let (kind, anchor) = (piece.kind, anchor as u8);
                        set.made.push(Placement { mask, kind, orientation: o, anchor, dead_end: false });
                    }
                }
            }
        }
        set.group_made(cells, kinds);
    }

    /// Marks the placements that wall in a region no set of the pieces can fill
    /// ([`Placement::dead_end`]) for the exact cover's searches: a puzzle made by [`Hargram::new`] (from a
    /// description) has them marked; a generator's candidates, rated by a search over every placement,
    /// are not marked (it costs more than their rating).
    fn mark_dead_ends(&mut self) {
        let (cells, kinds) = (self.cells(), self.kinds());
        let fill = (self.smallest_piece() as usize, self.size_granule() as usize);
        let board = Geometry { width: self.width, height: self.height, scan_of: &self.scan_of, open: self.open };
        let Some(set) = Arc::get_mut(&mut self.placements) else { return };
        for p in &mut set.made {
            p.dead_end = board.walls_in(p.mask, fill);
        }
        set.group_made(cells, kinds);
    }

    /// The cells `shape` covers with its top-left corner on row-major cell `anchor`, if it fits on open cells.
    fn mask_of(&self, shape: &Shape, anchor: usize) -> Option<Cells> {
        Geometry { width: self.width, height: self.height, scan_of: &self.scan_of, open: self.open }
            .mask_of(shape, anchor)
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

/// Placements that make one part of a layout's successors ([`Puzzle::successors_in`]).
const PLACEMENTS_PER_PART: usize = 64;

impl Hargram {
    /// Calls `f` for the placements `range` of those listed at the first empty cell of `s` (by
    /// position in the list), for the pieces still off the board, that fit.
    fn placements_of(&self, s: &Layout, range: core::ops::Range<usize>, f: &mut impl FnMut(HargramMove, Layout, u32)) {
        let occupied = self.occupied(s);
        let Some(first) = self.open.minus(occupied).first() else { return };
        let listed = self.placements.at_cell(first);
        let left = self.left_by_kind(s);
        for p in &listed[range.start.min(listed.len())..range.end.min(listed.len())] {
            if left[p.kind as usize] > 0 && !p.mask.overlaps(&occupied) {
                if let Some((mv, next)) = self.place(s, p) {
                    f(mv, next, 1);
                }
            }
        }
    }

    /// Calls `f` for taking each placed piece of `s` off.
    fn take_offs(&self, s: &Layout, f: &mut impl FnMut(HargramMove, Layout, u32)) {
        for piece in (0..self.pieces.len()).filter(|&p| s.placement(p).is_some()) {
            let mut next = *s;
            next.set(piece, None);
            f(HargramMove::Remove { piece: piece as u8 }, next, 1);
        }
    }
}

impl Puzzle for Hargram {
    type State = Layout;
    type Move = HargramMove;

    /// Placements of off-board pieces covering the first empty cell in scan order (every solution covers
    /// it, so this loses nothing and avoids exploring the same cover in every order), then taking each
    /// placed piece off. Any shortest way to a solution takes off the pieces it moves first and then
    /// places pieces in any order, the first-empty-cell order among them: distances are the player's.
    fn successors(&self, s: &Layout, mut f: impl FnMut(HargramMove, Layout, u32)) {
        self.placements_of(s, 0..usize::MAX, &mut f);
        self.take_offs(s, &mut f);
    }

    /// A part for every `PLACEMENTS_PER_PART` placements covering the first empty cell, then one for
    /// the take-offs.
    fn successor_parts(&self, s: &Layout) -> u32 {
        let placements = self.open.minus(self.occupied(s)).first().map_or(0, |c| self.placements.at_cell(c).len());
        placements.div_ceil(PLACEMENTS_PER_PART) as u32 + 1
    }

    fn successors_in(&self, s: &Layout, part: u32, mut f: impl FnMut(HargramMove, Layout, u32)) {
        if part + 1 == self.successor_parts(s) {
            self.take_offs(s, &mut f);
        } else {
            let first = part as usize * PLACEMENTS_PER_PART;
            self.placements_of(s, first..first + PLACEMENTS_PER_PART, &mut f);
        }
    }

    fn is_goal(&self, s: &Layout) -> bool {
        (0..self.pieces.len()).all(|p| s.placement(p).is_some())
    }

    /// Pieces still off the board (each move places at most one).
    fn heuristic(&self, s: &Layout) -> u32 {
        (0..self.pieces.len()).filter(|&p| s.placement(p).is_none()).count() as u32
    }

    /// Each move places at most one piece.
    fn heuristic_is_admissible(&self) -> bool {
        true
    }

    /// The checkerboard colouring of the empty board ([`Hargram::colouring_allows`]): placed pieces can
    /// always be taken off, so only the board and the pieces decide.
    fn provably_unsolvable(&self, _: &Layout) -> bool {
        !self.colouring_allows(&Layout::EMPTY)
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

/// Reason codes of Hargram hints.
pub mod reason {
    /// Place a piece where a solution from the current board has it.
    pub const PLACE: u32 = 1;
    /// Take a placed piece off: no solution keeps it there with the pieces as they are.
    pub const TAKE_OFF: u32 = 2;
}

impl Family for Hargram {
    const NAME: &'static str = "hargram";
    const SUMMARY: &'static str = "Hargram polyomino packing: cover every open cell of the board with the pieces";
    const REASONS: &'static [Reason] = &[
        Reason { code: reason::PLACE, name: "place", doc: "place a piece where a solution from this board has it" },
        Reason {
            code: reason::TAKE_OFF,
            name: "take_off",
            doc: "take a placed piece off: no solution keeps it there with the pieces as they are",
        },
    ];

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

    /// "the X pentomino", labelled X; "piece B (7 cells)", labelled B.
    fn piece_name(&self, piece: u32) -> Option<PieceName> {
        let piece = usize::try_from(piece).ok().filter(|&p| p < self.pieces.len())?;
        Some(PieceName { label: self.label(piece), name: self.piece_words(piece) })
    }

    /// "Place the X pentomino (X) with the top-left corner of its box at column 3, row 1, turned a
    /// quarter turn clockwise"; columns and rows count from 1.
    fn move_text(&self, mv: &HargramMove) -> String {
        let w = self.width as usize;
        match *mv {
            HargramMove::Place { piece, orientation, anchor } => format!(
                "place {} with the top-left corner of its box at column {}, row {}, {}",
                self.piece_words(piece as usize),
                anchor as usize % w + 1,
                anchor as usize / w + 1,
                names::orientation_text(orientation)
            ),
            HargramMove::Remove { piece } => format!("take {} off", self.piece_words(piece as usize)),
        }
    }

    /// The exact-cover solver: the plan places the remaining pieces, or starts by taking off a placed
    /// piece that no solution allows.
    fn recommended_solver(&self) -> Result<Solver<Hargram>, OutOfMemory> {
        Ok(Solver::custom(Algorithm::Exact, Box::new(cover::CoverSearch::plan(self))))
    }

    /// The exact cover, without its table of dead ends when the table does not fit: as exact, slower on
    /// large boards; it needs only a frame a piece.
    fn recommended_solver_within(&self, bytes: usize) -> Result<Solver<Hargram>, OutOfMemory> {
        let search = Some(cover::CoverSearch::plan(self))
            .filter(|s| s.bytes_reserved() <= bytes)
            .unwrap_or_else(|| cover::CoverSearch::plan_small(self));
        match search.bytes_reserved() {
            needed if needed > bytes => Err(OutOfMemory { bytes: needed }),
            _ => Ok(Solver::custom(Algorithm::Exact, Box::new(search))),
        }
    }

    /// The same level up to the board's symmetries, the order of the pieces and the way each is drawn:
    /// the board with its placed pieces at its smallest image, and the pieces' kinds as sorted shapes.
    fn fingerprint(&self) -> u64 {
        let fed = Fingerprint::new().bytes(&[self.width, self.height]);
        let fed = self.canonical_codes(&self.start).iter().fold(fed, |f, code| f.bytes(&code.to_le_bytes()));
        // Each piece by its smallest allowed orientation (and whether it may be mirrored), sorted.
        let mut kinds = [(0usize, 0u8, false); MAX_PIECES];
        for (slot, (p, piece)) in kinds.iter_mut().zip(self.pieces.iter().enumerate()) {
            let smallest =
                piece.orientations().min_by(|&a, &b| piece.oriented[a as usize].cmp(&piece.oriented[b as usize]));
            *slot = (p, smallest.unwrap_or(0), piece.mirror || piece.achiral);
        }
        let shape = |&(p, o, _): &(usize, u8, bool)| &self.pieces[p].oriented[o as usize];
        let kinds = &mut kinds[..self.pieces.len()];
        kinds.sort_unstable_by(|a, b| shape(a).cmp(shape(b)).then(a.2.cmp(&b.2)));
        kinds
            .iter()
            .fold(fed, |f, kind| {
                let cells = shape(kind).cells().iter().fold(f.byte(kind.2 as u8), |f, &(x, y)| f.bytes(&[x, y]));
                cells.byte(0xFF)
            })
            .finish()
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

    /// Names the piece and the placement, and why it cannot be made.
    fn illegal_move(&self, state: &Layout, code: &MoveCode) -> String {
        let Some(mv) = self.decode_move(state, code).filter(|mv| match *mv {
            HargramMove::Place { piece, .. } | HargramMove::Remove { piece } => (piece as usize) < self.pieces.len(),
        }) else {
            return format!(
                "there is no piece {} (the pieces are 0 to {})",
                code.piece,
                self.pieces.len().saturating_sub(1)
            );
        };
        let why = match mv {
            HargramMove::Remove { .. } => "the piece is not on the board",
            HargramMove::Place { .. } => {
                "the piece is already placed, or it would leave the board or cover a blocked or covered cell"
            }
        };
        format!("{} is not a legal move here: {why}", self.move_text(&mv))
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

    /// The cells the piece covers where it goes (a placement) or where it lies (taking it off).
    fn explain(&self, s: &Layout, mv: &HargramMove, _: bool, cells: &mut HintCells) -> u32 {
        let (mask, code) = match *mv {
            HargramMove::Place { piece, orientation, anchor } => {
                (self.piece_mask(piece as usize, orientation, anchor as usize), reason::PLACE)
            }
            HargramMove::Remove { piece } => (
                s.placement(piece as usize).and_then(|(o, a)| self.piece_mask(piece as usize, o, a as usize)),
                reason::TAKE_OFF,
            ),
        };
        for scan in mask.unwrap_or(Cells::EMPTY).iter() {
            let _ = cells.push(self.cell_of[scan] as u16);
        }
        code
    }

    /// The pieces placed where no piece of the solution lies (a twin of the solution's counts as it).
    fn mistakes(&self, state: &Layout, solved: &Layout, cells: &mut HintCells) -> bool {
        let mask = |s: &Layout, p: usize| s.placement(p).and_then(|(o, a)| self.piece_mask(p, o, a as usize));
        let right: Vec<Cells> = (0..self.pieces.len()).filter_map(|q| mask(solved, q)).collect();
        for placed in (0..self.pieces.len()).filter_map(|p| mask(state, p)) {
            if !right.contains(&placed) {
                placed.iter().for_each(|scan| add_cell(cells, self.cell_of[scan] as u16));
            }
        }
        true
    }

    /// A piece to place is still in the tray: no cells; a piece to take off, its cells on the board.
    fn hint_piece(&self, s: &Layout, mv: &HargramMove, cells: &mut HintCells) {
        if let HargramMove::Remove { .. } = mv {
            self.explain(s, mv, false, cells);
        }
    }

    fn hint_piece_text(&self, _: &Layout, mv: &HargramMove) -> String {
        match *mv {
            HargramMove::Place { piece, .. } => format!("place {}", self.piece_words(piece as usize)),
            HargramMove::Remove { piece } => format!("take {} off", self.piece_words(piece as usize)),
        }
    }

    /// The cell the placement covers first in scan order (the first empty cell, on the searches' plans:
    /// every solution covers it, and the fewest pieces fit there); for a piece to take off, its cells.
    fn hint_region(&self, s: &Layout, plan: &[(HargramMove, Layout)], cells: &mut HintCells) {
        let Some((mv, _)) = plan.first() else { return };
        let mut covered = HintCells::new();
        self.explain(s, mv, false, &mut covered);
        match mv {
            HargramMove::Remove { .. } => covered.iter().for_each(|&c| add_cell(cells, c)),
            HargramMove::Place { .. } => covered.first().iter().for_each(|&&c| add_cell(cells, c)),
        }
    }

    fn hint_region_text(&self, s: &Layout, plan: &[(HargramMove, Layout)]) -> String {
        let Some((mv, _)) = plan.first() else { return String::from("every cell is covered") };
        if let HargramMove::Remove { piece } = mv {
            // Not "no solution keeps it": a piece fine alone may be taken off because it does not fit
            // with the others.
            let piece = self.piece_words(*piece as usize);
            return format!("{piece} is not where the solution these hints lead to has it");
        }
        let mut covered = HintCells::new();
        self.explain(s, mv, false, &mut covered);
        let w = self.width as usize;
        match covered.first().map(|&c| c as usize) {
            Some(cell) => format!("cover the empty cell at column {}, row {} next", cell % w + 1, cell / w + 1),
            None => String::from("a piece goes on the board next"),
        }
    }

    /// "place the X pentomino … : a solution from here has it there"; "take the X pentomino off: no
    /// solution keeps it there with the pieces as they are".
    fn hint_text(&self, _: &Layout, mv: &HargramMove, reason: u32) -> String {
        let why = if reason == reason::TAKE_OFF {
            "no solution keeps it there with the pieces as they are"
        } else {
            "a solution from here has it there"
        };
        format!("{}: {why}", self.move_text(mv))
    }

    /// No piece placed.
    fn unplayed(&self) -> Hargram {
        self.with_start(Layout::EMPTY)
    }

    fn count_solutions(&self, limit: u64) -> Option<SolutionCount> {
        Some(cover::count_solutions(self, limit))
    }

    fn evolve(&self, how: Evolution) -> Result<Box<dyn AnyGa>, String> {
        Ok(Box::new(evolve::GaRun::new(self, how)?))
    }
}

impl Hargram {
    /// A puzzle from drawings, as the C ABI passes them: a `width`×`height` board whose `blocked` bytes
    /// (row-major, non-zero blocked; `None` for none) are not covered, and pieces as `(width, height,
    /// cells, no_mirror)` with one byte a cell of the drawing (non-zero for a cell of the piece).
    pub fn from_drawings(
        width: u8,
        height: u8,
        blocked: Option<&[u8]>,
        pieces: &[(usize, usize, &[u8], bool)],
    ) -> Result<Hargram, String> {
        let cells = width as usize * height as usize;
        let blocked: Vec<bool> = blocked.map_or_else(|| vec![false; cells], |b| b.iter().map(|&c| c != 0).collect());
        let mut shapes = Vec::with_capacity(pieces.len());
        for (i, &(w, _, drawing, no_mirror)) in pieces.iter().enumerate() {
            let cells: Vec<(u8, u8)> =
                (0..drawing.len()).filter(|&c| drawing[c] != 0).map(|c| ((c % w) as u8, (c / w) as u8)).collect();
            let shape = Shape::new(&cells).map_err(|e| format!("piece {i}: {e}"))?;
            shapes.push((shape, !no_mirror));
        }
        Hargram::new(width, height, &blocked, &shapes)
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
    fn scan_runs_along_the_shorter_side() {
        let p = Hargram::parse("hargram:3x2:.../...:##/#.;#./##").unwrap();
        assert_eq!(p.scan_line(), 2);
        assert_eq!(p.cell_of_scan(1), 3);
    }
}
