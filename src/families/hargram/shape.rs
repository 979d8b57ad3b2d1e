//! Cells, shapes, pieces, layouts and placements: the geometry of packing.

use super::MAX_PIECES;

const WORDS: usize = 4;
use alloc::string::String;
use alloc::vec;
use alloc::vec::Vec;

/// A set of board cells, one bit a cell, numbered in the board's scan order (see [`super::Hargram`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Cells(pub(super) [u64; WORDS]);

impl Cells {
    /// No cell.
    pub const EMPTY: Cells = Cells([0; WORDS]);

    /// Whether bit `i` is set.
    #[inline]
    pub fn contains(&self, i: usize) -> bool {
        self.0[i / 64] >> (i % 64) & 1 == 1
    }

    #[inline]
    pub(super) fn insert(&mut self, i: usize) {
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
    pub(super) fn zip(self, other: Cells, f: impl Fn(u64, u64) -> u64) -> Cells {
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
        (0..WORDS).flat_map(move |w| {
            let mut bits = self.0[w];
            core::iter::from_fn(move || {
                let bit = bits.trailing_zeros() as usize;
                bits &= bits.wrapping_sub(1);
                (bit < 64).then_some(w * 64 + bit)
            })
        })
    }
}

/// A polyomino as its cells `(x, y)`, moved so that the smallest x and y are 0, sorted.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Shape(pub(super) Vec<(u8, u8)>);

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

    pub(super) fn normalized(cells: impl Iterator<Item = (i32, i32)>) -> Shape {
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
        let mut out = Shape(Vec::with_capacity(self.0.len()));
        self.orient_into(o, &mut out);
        out
    }

    /// Makes `out` this shape in orientation `o` (see [`Shape::oriented`]), reusing its storage.
    pub(super) fn orient_into(&self, o: u8, out: &mut Shape) {
        let turn = |&(x, y): &(u8, u8)| {
            let (mut x, mut y) = (x as i32, y as i32);
            if o >= 4 {
                x = -x;
            }
            for _ in 0..o % 4 {
                (x, y) = (-y, x);
            }
            (x, y)
        };
        let min_x = self.0.iter().map(|c| turn(c).0).min().unwrap_or(0);
        let min_y = self.0.iter().map(|c| turn(c).1).min().unwrap_or(0);
        out.0.clear();
        out.0.extend(self.0.iter().map(|c| {
            let (x, y) = turn(c);
            ((x - min_x) as u8, (y - min_y) as u8)
        }));
        out.0.sort_unstable();
    }

    /// Makes this the shape of `cells`, known to be connected and distinct (a piece cut from a board),
    /// reusing its storage.
    pub(super) fn set_cells(&mut self, cells: impl Iterator<Item = (u8, u8)>) {
        self.0.clear();
        self.0.extend(cells);
        let min_x = self.0.iter().map(|c| c.0).min().unwrap_or(0);
        let min_y = self.0.iter().map(|c| c.1).min().unwrap_or(0);
        for c in &mut self.0 {
            *c = (c.0 - min_x, c.1 - min_y);
        }
        self.0.sort_unstable();
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
    pub(super) fn rows(&self) -> Vec<String> {
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
    pub(super) kind: u8,
    /// The shape in each orientation, computed once so that placing a piece allocates nothing.
    pub(super) oriented: Vec<Shape>,
    /// How many more cells of one colour of a checkerboard than of the other the piece covers.
    pub(super) imbalance: u8,
    /// Whether the mirror image is one of the turned shapes.
    pub(super) achiral: bool,
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
pub struct Layout(pub(super) [u16; MAX_PIECES]);

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

    pub(super) fn set(&mut self, piece: usize, placement: Option<(u8, u8)>) {
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
    /// Whether it walls in a region of the open board that no set of the pieces can fill (see
    /// [`Placements::live`]): no cover uses it.
    pub dead_end: bool,
}

/// Every distinct placement of every kind, grouped by the first cell (in scan order) they cover, then by
/// kind: the exact-cover search fills the first empty cell, and only placements starting there can cover
/// it; kinds with no piece left are skipped as whole groups.
#[derive(Clone, Debug)]
pub struct Placements {
    /// The placements, sorted by first cell and kind.
    pub all: Vec<Placement>,
    /// `all[starts[g]..starts[g + 1]]` are the placements of group `g = cell · kinds + kind`.
    pub starts: Vec<u32>,
    /// Number of kinds.
    pub kinds: usize,
    /// The last first cell of any placement of each kind: once the first empty cell is past it, no piece
    /// of that kind can go down any more.
    pub last_start: Vec<u32>,
    /// The placements that are no dead end ([`Placement::dead_end`]), grouped the same way (in the
    /// order of `all`), with their `starts` and `last_start` — empty when no placement is one
    /// ([`Placements::candidates`] then gives `all`).
    pub live: Vec<Placement>,
    /// The groups of `live`, as `starts` for `all`.
    pub live_starts: Vec<u32>,
    /// `last_start` over `live`.
    pub live_last_start: Vec<u32>,
    /// The placements in the order they were made, before grouping (kept for the next rebuild).
    pub(super) made: Vec<Placement>,
    /// The next free slot of every group while grouping.
    cursor: Vec<u32>,
}

/// The storage one grouping fills: placements, group starts, last starts.
type Grouping<'a> = (&'a mut Vec<Placement>, &'a mut Vec<u32>, &'a mut Vec<u32>);

impl Placements {
    /// The placements `all` of a board of `cells` cells and `kinds` kinds, grouped.
    pub fn new(all: Vec<Placement>, cells: usize, kinds: usize) -> Placements {
        let mut set = Placements {
            all: Vec::new(),
            starts: Vec::new(),
            kinds,
            last_start: Vec::new(),
            live: Vec::new(),
            live_starts: Vec::new(),
            live_last_start: Vec::new(),
            made: all,
            cursor: Vec::new(),
        };
        set.group_made(cells, kinds);
        set
    }

    /// Makes room for `placements` placements in `groups` groups of `kinds` kinds.
    pub(super) fn reserve(&mut self, placements: usize, groups: usize, kinds: usize) {
        let room = |len: usize, want: usize| want.saturating_sub(len);
        self.made.reserve(room(self.made.len(), placements));
        self.cursor.reserve(room(self.cursor.len(), groups));
        for (list, starts, last_start) in [
            (&mut self.all, &mut self.starts, &mut self.last_start),
            (&mut self.live, &mut self.live_starts, &mut self.live_last_start),
        ] {
            list.reserve(room(list.len(), placements));
            starts.reserve(room(starts.len(), groups + 1));
            last_start.reserve(room(last_start.len(), kinds));
        }
    }

    /// Groups the placements of `made` into `all`, and, when some are dead ends, the others into `live`
    /// (stably: a counting sort by group), reusing the storage.
    pub(super) fn group_made(&mut self, cells: usize, kinds: usize) {
        self.kinds = kinds;
        let made = &self.made;
        let every = (&mut self.all, &mut self.starts, &mut self.last_start);
        group_into(made.iter(), cells, kinds, every, &mut self.cursor);
        let live = (&mut self.live, &mut self.live_starts, &mut self.live_last_start);
        if made.iter().any(|p| p.dead_end) {
            group_into(made.iter().filter(|p| !p.dead_end), cells, kinds, live, &mut self.cursor);
        } else {
            live.0.clear();
            live.1.clear();
            live.2.clear();
        }
    }

    /// The exact cover's candidates: the placements that are no dead end when `live_only` (and some
    /// are marked), else every placement.
    #[inline]
    pub fn candidates(&self, live_only: bool) -> Candidates<'_> {
        let (list, starts, last_start) = if live_only && !self.live_starts.is_empty() {
            (&self.live, &self.live_starts, &self.live_last_start)
        } else {
            (&self.all, &self.starts, &self.last_start)
        };
        Candidates { list, starts, last_start, kinds: self.kinds }
    }

    /// The placements of `kind` whose first scan cell is `cell`: `all[range]`.
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

/// A grouping of placements ([`Placements::candidates`]): the list, its groups' starts, each kind's last
/// start.
#[derive(Clone, Copy, Debug)]
pub struct Candidates<'a> {
    /// The placements, sorted by first cell and kind.
    pub list: &'a [Placement],
    /// `list[starts[g]..starts[g + 1]]` are the placements of group `g = cell · kinds + kind`.
    pub starts: &'a [u32],
    /// The last first cell of any placement of each kind.
    pub last_start: &'a [u32],
    kinds: usize,
}

impl Candidates<'_> {
    /// The placements of `kind` whose first scan cell is `cell`: `list[range]`.
    #[inline]
    pub fn group(&self, cell: usize, kind: usize) -> core::ops::Range<u32> {
        let g = cell * self.kinds + kind;
        self.starts[g]..self.starts[g + 1]
    }
}

/// Groups `placements` by first cell and kind into `list` (a counting sort, stable), with the groups'
/// starts and each kind's last start; `cursor` is scratch.
fn group_into<'a>(
    placements: impl Iterator<Item = &'a Placement> + Clone,
    cells: usize,
    kinds: usize,
    (list, starts, last_start): Grouping<'_>,
    cursor: &mut Vec<u32>,
) {
    let group = |p: &Placement| p.mask.first().unwrap_or(0) * kinds + p.kind as usize;
    let groups = cells * kinds;
    starts.clear();
    starts.resize(groups + 1, 0);
    last_start.clear();
    last_start.resize(kinds, 0);
    for p in placements.clone() {
        starts[group(p) + 1] += 1;
        let kind = p.kind as usize;
        last_start[kind] = last_start[kind].max(p.mask.first().unwrap_or(0) as u32);
    }
    for g in 0..groups {
        starts[g + 1] += starts[g];
    }
    cursor.clear();
    cursor.extend_from_slice(&starts[..groups]);
    let none = Placement { mask: Cells::EMPTY, kind: 0, orientation: 0, anchor: 0, dead_end: false };
    list.clear();
    list.resize(starts[groups] as usize, none);
    for p in placements {
        let slot = &mut cursor[group(p)];
        list[*slot as usize] = *p;
        *slot += 1;
    }
}
