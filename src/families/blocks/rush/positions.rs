//! Every *stuck* Rush Hour position of a board, numbered: the IDs of Fogleman's database.
//!
//! Sliding any car left or up lowers the position in the order [`Position::order_key`] compares, so the
//! lowest position of every cluster has no car that can move left or up by one cell: enumerating those
//! "stuck" positions reaches every cluster, and a cluster is reported once, by its lowest position
//! (see [`super::cluster`]). The space is Fogleman's: the red car alone (no wall, no other horizontal car)
//! in row `side / 2 − 1`; in every other row horizontal cars, trucks and up to `max_walls` walls in all,
//! in every column vertical ones, and no row or column filled by its own pieces.
//!
//! Positions come in Fogleman's order (the red car's place, then rows top to bottom without the red
//! car's, then columns left to right; each line's arrangements in the order of their groups), so that an
//! ID here is the ID of his database and a range of IDs is the same work in both.

use alloc::vec::Vec;
use core::ops::ControlFlow;

use super::{RushError, RushSpace, MAX_PIECES};

/// A piece of a position: its first cell (row-major, top-left), its length and its axis. Walls are
/// horizontal pieces of length 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Piece {
    /// The cell of its left or top end.
    pub cell: u8,
    /// Cells it covers: 1 (a wall), 2 (a car) or 3 (a truck).
    pub len: u8,
    /// Whether it lies in a row (moves left and right).
    pub horizontal: bool,
}

impl Piece {
    /// Whether it never moves.
    pub fn is_wall(self) -> bool {
        self.len == 1
    }

    /// Its cells as a mask over a board of side `side`.
    pub fn mask(self, side: usize) -> u64 {
        let stride = if self.horizontal { 1 } else { side };
        (0..self.len as usize).fold(0, |m, k| m | 1 << (self.cell as usize + k * stride))
    }
}

/// A position: the red car first, then the other pieces. `id` and `group` are its number in the
/// enumeration and the sizes of the pieces in each line (an invariant of its cluster), as Fogleman's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Position {
    /// Its number among the stuck positions of its space (0 for a position given by hand).
    pub id: u64,
    /// The pieces' lengths in every line but the red car's, one digit per line (rows, then columns).
    pub group: u64,
    pieces: [Piece; MAX_PIECES],
    len: u8,
}

impl Default for Position {
    /// No pieces.
    fn default() -> Position {
        Position { id: 0, group: 0, pieces: [Piece::default(); MAX_PIECES], len: 0 }
    }
}

impl Position {
    /// A position of the given pieces, the red car first (horizontal, length 2).
    pub fn new(pieces: &[Piece]) -> Result<Position, RushError> {
        if pieces.len() > MAX_PIECES {
            return Err(RushError::TooManyPieces);
        }
        let mut out = Position { len: pieces.len() as u8, ..Position::default() };
        out.pieces[..pieces.len()].copy_from_slice(pieces);
        Ok(out)
    }

    /// The pieces, the red car first.
    pub fn pieces(&self) -> &[Piece] {
        &self.pieces[..self.len as usize]
    }

    /// Fogleman's order of positions: horizontal pieces' cells (walls included), then vertical ones', as
    /// numbers whose bit `i` is cell `i`. The lowest position of a cluster names it.
    pub fn order_key(&self, side: usize) -> (u64, u64) {
        let mut key = (0, 0);
        for &p in self.pieces() {
            if p.horizontal {
                key.0 |= p.mask(side);
            } else {
                key.1 |= p.mask(side);
            }
        }
        key
    }

    /// Whether a row is filled by horizontal pieces or a column by vertical ones (walls in a row count as
    /// its own): such pieces never move, and Fogleman's space leaves the position out.
    pub fn frozen_line(&self, side: usize) -> bool {
        let (mut rows, mut columns) = ([0usize; 8], [0usize; 8]);
        for p in self.pieces() {
            let line =
                if p.horizontal { &mut rows[p.cell as usize / side] } else { &mut columns[p.cell as usize % side] };
            *line += p.len as usize;
        }
        rows.iter().chain(&columns).any(|&cells| cells == side)
    }

    /// Whether the red car (the first piece) can never reach the exit on the right of its row because of
    /// the vertical pieces of one column ahead of it alone: pieces of a column keep their order, so some
    /// of them must fit above the red car's row and the rest below it, whatever else moves.
    pub fn exit_barred(&self, side: usize) -> bool {
        let Some(red) = self.pieces().first() else { return false };
        let (row, front) = (red.cell as usize / side, red.cell as usize % side + red.len as usize);
        (front..side).any(|column| {
            // The column's pieces top to bottom (the position lists them in any order): their lengths.
            let mut lens = [0usize; 8];
            let mut count = 0;
            for top in 0..side {
                let cell = top * side + column;
                if let Some(p) = self.pieces().iter().find(|p| !p.horizontal && p.cell as usize == cell) {
                    lens[count] = p.len as usize;
                    count += 1;
                }
            }
            let total: usize = lens[..count].iter().sum();
            // Split after the j-th piece: the first j above the row, the others below it.
            !(0..=count).any(|j| {
                let above: usize = lens[..j].iter().sum();
                above <= row && total - above < side - row
            })
        })
    }

    /// The same position without piece `index`.
    pub fn without(&self, index: usize) -> Position {
        let mut out = *self;
        out.pieces.copy_within(index + 1..self.len as usize, index);
        out.len -= 1;
        out
    }

    pub(super) fn set_cell(&mut self, index: usize, cell: usize) {
        self.pieces[index].cell = cell as u8;
    }

    fn push(&mut self, piece: Piece) {
        self.pieces[self.len as usize] = piece;
        self.len += 1;
    }

    fn truncate(&mut self, len: usize) {
        self.len = len as u8;
    }
}

/// One way to fill a line with its own pieces.
struct Arrangement {
    group: u64,
    pieces: heapless::Vec<Piece, 6>,
    walls: usize,
    mask: u64,
    /// The cells just before its movable pieces (left or above) that it leaves empty: some crossing
    /// piece must cover them for the position to be stuck.
    require: u64,
}

/// The stuck positions of a space, in ID order.
pub struct Positions {
    space: RushSpace,
    /// The sequences of piece lengths a line can hold (walls included), in Fogleman's order.
    groups: Vec<Vec<u8>>,
    rows: Vec<Vec<Arrangement>>,
    cols: Vec<Vec<Arrangement>>,
    /// The cells of columns `0..=c`, by `c`: their require bits must be met once column `c` is placed.
    cols_up_to: Vec<u64>,
}

impl Positions {
    /// The arrangements of every line of `space`.
    pub fn new(space: RushSpace) -> Positions {
        let side = space.side;
        let mut groups = Vec::new();
        collect_groups(&space, &mut Vec::new(), 0, &mut groups);
        let mut rows: Vec<Vec<Arrangement>> = (0..side).map(|_| Vec::new()).collect();
        let mut cols: Vec<Vec<Arrangement>> = (0..side).map(|_| Vec::new()).collect();
        for line in 0..side {
            let mut pieces = heapless::Vec::new();
            arrangements(&space, &groups, line, true, 0, &mut pieces, &mut rows[line]);
            arrangements(&space, &groups, line, false, 0, &mut pieces, &mut cols[line]);
        }
        for entries in rows.iter_mut().chain(cols.iter_mut()) {
            entries.sort_by_key(|a| a.group); // stable: within a group, the order they were built in
        }
        let column = (0..side).fold(0u64, |m, r| m | 1 << (r * side));
        let cols_up_to = (0..side).map(|c| (0..=c).fold(0, |m, k| m | column << k)).collect();
        Positions { space, groups, rows, cols, cols_up_to }
    }

    /// The space enumerated.
    pub fn space(&self) -> RushSpace {
        self.space
    }

    /// How many digit values a line's group takes (the radix of [`Position::group`]).
    pub fn group_radix(&self) -> usize {
        self.groups.len()
    }

    /// Calls `visit` with every stuck position whose ID is in `from..to`, in ID order, until it breaks;
    /// returns the next ID the enumeration reached (`to`, or the number of positions when they end
    /// sooner, or the ID after the one `visit` broke on). Positions before `from` are counted, not built.
    pub fn each(&self, from: u64, to: u64, visit: &mut dyn FnMut(&Position) -> ControlFlow<()>) -> u64 {
        let mut walk = Walk { from, to, next: 0, visit, stopped: false };
        let mut position = Position { id: 0, group: 0, pieces: [Piece::default(); MAX_PIECES], len: 0 };
        let primary = self.space.primary_row();
        for a in &self.rows[primary] {
            position.truncate(0);
            a.pieces.iter().for_each(|&p| position.push(p));
            self.row(&mut walk, &mut position, 0, a.mask, a.require, 0, a.walls);
            if walk.stopped || walk.next >= walk.to {
                break;
            }
        }
        walk.next
    }

    /// How many stuck positions the space has (Fogleman's `MaxID`).
    pub fn count(&self) -> u64 {
        self.each(u64::MAX, u64::MAX, &mut |_| ControlFlow::Continue(()))
    }

    #[allow(clippy::too_many_arguments)]
    fn row(&self, walk: &mut Walk, pos: &mut Position, y: usize, mask: u64, require: u64, group: u64, walls: usize) {
        if y == self.space.side {
            return self.col(walk, pos, 0, mask, require, group);
        }
        if y == self.space.primary_row() {
            return self.row(walk, pos, y + 1, mask, require, group, walls);
        }
        let len = pos.len as usize;
        let radix = self.groups.len() as u64;
        for a in &self.rows[y] {
            if walls + a.walls > self.space.max_walls || mask & a.mask != 0 {
                continue;
            }
            a.pieces.iter().for_each(|&p| pos.push(p));
            self.row(walk, pos, y + 1, mask | a.mask, require | a.require, group * radix + a.group, walls + a.walls);
            pos.truncate(len);
            if walk.done() {
                return;
            }
        }
    }

    fn col(&self, walk: &mut Walk, pos: &mut Position, x: usize, mask: u64, require: u64, group: u64) {
        if x == self.space.side {
            pos.group = group;
            return walk.leaf(pos);
        }
        let len = pos.len as usize;
        let radix = self.groups.len() as u64;
        let settled = self.cols_up_to[x];
        for a in &self.cols[x] {
            if mask & a.mask != 0 {
                continue;
            }
            let (mask, require) = (mask | a.mask, require | a.require);
            if require & !mask & settled != 0 {
                continue;
            }
            a.pieces.iter().for_each(|&p| pos.push(p));
            self.col(walk, pos, x + 1, mask, require, group * radix + a.group);
            pos.truncate(len);
            if walk.done() {
                return;
            }
        }
    }
}

/// The state of one enumeration: the range asked for and where it is.
struct Walk<'a> {
    from: u64,
    to: u64,
    next: u64,
    visit: &'a mut dyn FnMut(&Position) -> ControlFlow<()>,
    stopped: bool,
}

impl Walk<'_> {
    fn leaf(&mut self, pos: &mut Position) {
        let id = self.next;
        self.next += 1;
        if id >= self.from && id < self.to {
            pos.id = id;
            if (self.visit)(pos).is_break() {
                self.stopped = true;
            }
        }
    }

    fn done(&self) -> bool {
        self.stopped || self.next >= self.to
    }
}

/// Fogleman's list of line groups: every sequence of piece lengths (1 a wall, 2, 3) with fewer cells
/// than a line and at most `max_walls` walls, depth first.
fn collect_groups(space: &RushSpace, lens: &mut Vec<u8>, sum: usize, out: &mut Vec<Vec<u8>>) {
    if sum >= space.side || lens.iter().filter(|&&l| l == 1).count() > space.max_walls {
        return;
    }
    out.push(lens.clone());
    for len in space.min_len()..=3 {
        lens.push(len as u8);
        collect_groups(space, lens, sum + len, out);
        lens.pop();
    }
}

/// Every arrangement of line `line` (a row when `horizontal`) from cell `at` on, given the pieces so far.
fn arrangements(
    space: &RushSpace,
    groups: &[Vec<u8>],
    line: usize,
    horizontal: bool,
    at: usize,
    pieces: &mut heapless::Vec<Piece, 6>,
    out: &mut Vec<Arrangement>,
) {
    let side = space.side;
    let primary = horizontal && line == space.primary_row();
    if at >= side {
        let lens: Vec<u8> = pieces.iter().map(|p| p.len).collect();
        let cells: usize = lens.iter().map(|&l| l as usize).sum();
        let walls = lens.iter().filter(|&&l| l == 1).count();
        if (primary && lens != [2]) || walls > space.max_walls || cells >= side {
            return;
        }
        let group = groups.iter().position(|g| *g == lens).expect("every line's lengths are a group") as u64;
        let stride = if horizontal { 1 } else { side };
        let mask = pieces.iter().fold(0, |m, p| m | p.mask(side));
        let mut require = 0;
        for p in pieces.iter().filter(|p| !p.is_wall()) {
            let offset = if horizontal { p.cell as usize % side } else { p.cell as usize / side };
            if offset > 0 {
                require |= 1 << (p.cell as usize - stride);
            }
        }
        out.push(Arrangement { group, pieces: pieces.clone(), walls, mask, require: require & !mask });
        return;
    }
    let min_len = if horizontal { space.min_len() } else { 2 };
    for len in min_len..=3 {
        if at + len > side {
            continue;
        }
        let cell = if horizontal { line * side + at } else { at * side + line };
        let _ = pieces.push(Piece { cell: cell as u8, len: len as u8, horizontal });
        arrangements(space, groups, line, horizontal, at + len, pieces, out);
        pieces.pop();
    }
    arrangements(space, groups, line, horizontal, at + 1, pieces, out);
}
