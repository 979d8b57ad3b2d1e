//! Linjat (Juho Snellman's number-line logic puzzle): a grid of empty cells, numbers and dots. Through
//! every number the player draws one horizontal or vertical segment that covers the number's cell and is
//! exactly as long as the number; segments may not overlap or cover another number; every dot must be
//! covered.
//!
//! A number's possible segments are its *orientations*, indexed as the original game does: bit 0 says
//! vertical, `s = o >> 1` (0..n) says where the number sits — the segment starts `n-1-s` cells before the
//! number along its axis. An orientation is valid when it lies on the board and covers no other number.
//! (A 1 has one segment, so only its orientation 0 is valid: the original keeps both and never tells them
//! apart.) A state is the orientation drawn for each number, or none, fixed capacity.
//!
//! The exact solver ([`exact`]) counts solutions and is the uniqueness oracle; the rule solver
//! ([`rules`]) deduces like a player, one rule at a time, and rates and hints. Text description: see
//! [`text`].

#[cfg(feature = "std")]
mod abi;
pub mod data;
pub mod exact;
mod family;
mod generate;
mod optimize;
pub mod rules;
pub mod text;

pub use generate::LinjatParams;

use crate::search::Puzzle;
use alloc::sync::Arc;
use alloc::vec::Vec;
use core::fmt;

/// The largest board side.
pub const MAX_SIDE: usize = 16;
/// The most cells of a board (cells are one byte).
pub const MAX_CELLS: usize = MAX_SIDE * MAX_SIDE;
/// The most numbers of a puzzle (sets of numbers are 64-bit words).
pub const MAX_NUMBERS: usize = 64;
/// The largest number.
pub const MAX_VALUE: u8 = 9;
/// The most orientations a number has (two per cell of its segment).
pub const MAX_ORIENTATIONS: usize = 2 * MAX_VALUE as usize;

/// One bit per board cell, row-major.
pub type Mask = [u64; MAX_CELLS / 64];

/// No cell.
pub const EMPTY_MASK: Mask = [0; MAX_CELLS / 64];

/// `a | b` (masks of any number of words: the rule solver uses as few as the board needs).
#[inline]
pub fn or<const W: usize>(a: &[u64; W], b: &[u64; W]) -> [u64; W] {
    core::array::from_fn(|i| a[i] | b[i])
}

/// `a & b`.
#[inline]
pub fn and<const W: usize>(a: &[u64; W], b: &[u64; W]) -> [u64; W] {
    core::array::from_fn(|i| a[i] & b[i])
}

/// `a & !b`.
#[inline]
pub fn and_not<const W: usize>(a: &[u64; W], b: &[u64; W]) -> [u64; W] {
    core::array::from_fn(|i| a[i] & !b[i])
}

/// `a ^ b`.
#[inline]
pub fn xor<const W: usize>(a: &[u64; W], b: &[u64; W]) -> [u64; W] {
    core::array::from_fn(|i| a[i] ^ b[i])
}

/// Whether `a` and `b` share no cell.
#[inline]
pub fn disjoint<const W: usize>(a: &[u64; W], b: &[u64; W]) -> bool {
    a.iter().zip(b).fold(0, |acc, (a, b)| acc | (a & b)) == 0
}

/// Whether `a` holds no cell.
#[inline]
pub fn is_empty<const W: usize>(a: &[u64; W]) -> bool {
    a.iter().fold(0, |acc, a| acc | a) == 0
}

/// Adds `cell` to `mask`.
#[inline]
pub fn set<const W: usize>(mask: &mut [u64; W], cell: usize) {
    mask[cell / 64] |= 1 << (cell % 64);
}

/// Whether `mask` holds `cell`.
#[inline]
pub fn has<const W: usize>(mask: &[u64; W], cell: usize) -> bool {
    mask[cell / 64] >> (cell % 64) & 1 == 1
}

/// The first `W` words of a board mask: all of it when the board has at most `64 W` cells.
#[inline]
pub fn fit<const W: usize>(mask: &Mask) -> [u64; W] {
    core::array::from_fn(|i| mask[i])
}

/// The cells of `mask`, in order.
#[inline]
pub fn cells<const W: usize>(mask: &[u64; W]) -> Cells<W> {
    Cells { words: *mask, word: 0 }
}

/// The iterator of [`cells`]: word by word, lowest bit first.
#[derive(Clone, Debug)]
pub struct Cells<const W: usize = 4> {
    words: [u64; W],
    word: usize,
}

impl<const W: usize> Iterator for Cells<W> {
    type Item = usize;

    #[inline]
    fn next(&mut self) -> Option<usize> {
        loop {
            let bits = *self.words.get(self.word)?;
            if bits != 0 {
                self.words[self.word] = bits & (bits - 1);
                return Some(self.word * 64 + bits.trailing_zeros() as usize);
            }
            self.word += 1;
        }
    }

    /// Word by word, without keeping the place between cells (what `for_each`, `sum` and `fold` use).
    #[inline]
    fn fold<B, F: FnMut(B, usize) -> B>(self, init: B, mut f: F) -> B {
        let mut acc = init;
        for (w, &word) in self.words.iter().enumerate().skip(self.word) {
            let mut bits = word;
            while bits != 0 {
                acc = f(acc, w * 64 + bits.trailing_zeros() as usize);
                bits &= bits - 1;
            }
        }
        acc
    }
}

/// The orientations of a number of `value` at `number` (row, column) whose segment would cover `cell`
/// (row, column), valid or not (mask them with the valid ones), by arithmetic: along an axis through
/// the number, orientation `2s` (a row) or `2s + 1` (a column) covers offsets `s-(value-1)..=s`.
#[inline]
pub fn orientations_covering(value: u8, number: [u8; 2], cell: [u8; 2]) -> u32 {
    let n = value as i32;
    // The positions s (0..n) with s-(n-1) <= k <= s for the cell's offset k, as bits 2s + axis.
    let along = |k: i32, axis: u32| -> u32 {
        let (lo, hi) = (k.max(0), (k + n - 1).min(n - 1));
        if lo > hi {
            return 0;
        }
        ((1u32 << (2 * (hi + 1))) - (1u32 << (2 * lo))) & (0x5555_5555 << axis)
    };
    let offset = |i: usize| cell[i] as i32 - number[i] as i32;
    let mut bits = 0;
    if cell[0] == number[0] {
        bits |= along(offset(1), 0);
    }
    if cell[1] == number[1] {
        bits |= along(offset(0), 1);
    }
    // A 1 has only its orientation 0.
    if n == 1 {
        bits &= 1;
    }
    bits
}

/// A number of the grid.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Number {
    /// Its cell (row-major).
    pub cell: u8,
    /// Its value: the length of its segment.
    pub value: u8,
}

/// A segment a number may have.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Segment {
    /// Its cells.
    pub mask: Mask,
    /// Its first cell (top or left end).
    pub first: u8,
    /// Its last cell (bottom or right end).
    pub last: u8,
}

/// What does not change during play: the grid, the numbers, their valid segments.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    /// Width in cells.
    pub width: usize,
    /// Height in cells.
    pub height: usize,
    /// The numbers, in reading order (a number's index is its piece index).
    pub numbers: Vec<Number>,
    /// The dots.
    pub dots: Mask,
    /// The number on each cell, by index.
    pub number_at: Vec<Option<u8>>,
    /// Every number's orientations, one slot each (an invalid one's is empty): orientation `o` of number
    /// `p` is `segments[segment_from[p] + o]`.
    segments: Vec<Segment>,
    segment_from: Vec<u16>,
    /// Bit `o` of `valid[p]`: orientation `o` of number `p` is valid.
    pub valid: Vec<u32>,
    /// Every cell number `p` can ever cover (the cells within `n-1` of it in its row and column).
    pub cross: Vec<Mask>,
}

impl Board {
    /// Number of cells.
    pub fn cells(&self) -> usize {
        self.width * self.height
    }

    /// The segment of orientation `o` of number `p` (which must be valid).
    #[inline]
    pub fn segment(&self, p: usize, o: usize) -> &Segment {
        debug_assert!(self.valid[p] >> o & 1 == 1, "orientation {o} of number {p} is not valid");
        &self.segments[self.segment_from[p] as usize + o]
    }

    /// The segment of orientation `o` of number `p`, when there is such a number and the orientation is
    /// valid.
    #[inline]
    pub fn segment_if(&self, p: usize, o: usize) -> Option<&Segment> {
        (p < self.numbers.len() && o < MAX_ORIENTATIONS && self.valid[p] >> o & 1 == 1).then(|| self.segment(p, o))
    }

    /// The valid orientations of number `p` with their segments.
    pub fn segments_of(&self, p: usize) -> impl Iterator<Item = (usize, &Segment)> + '_ {
        (0..MAX_ORIENTATIONS).filter(move |&o| self.valid[p] >> o & 1 == 1).map(move |o| (o, self.segment(p, o)))
    }

    /// The orientation of number `p` whose segment runs from `first` to `last` (either way round).
    pub fn orientation_between(&self, p: usize, first: usize, last: usize) -> Option<u8> {
        let (a, b) = (first.min(last), first.max(last));
        self.segments_of(p).find(|(_, s)| s.first as usize == a && s.last as usize == b).map(|(o, _)| o as u8)
    }
}

/// The segment drawn for each number: `0` none, `o + 1` orientation `o`. Bytes past the numbers are zero.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Drawn(pub [u8; MAX_NUMBERS]);

impl fmt::Debug for Drawn {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Drawn({:?})", &self.0[..])
    }
}

impl Drawn {
    /// Nothing drawn.
    pub const NONE: Drawn = Drawn([0; MAX_NUMBERS]);

    /// The orientation drawn for number `p`.
    #[inline]
    pub fn get(&self, p: usize) -> Option<u8> {
        self.0[p].checked_sub(1)
    }
}

/// A move: draw orientation `orientation` of number `piece`, or erase its segment (`orientation` is
/// [`ERASE`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Stroke {
    /// The number's index.
    pub piece: u8,
    /// The orientation drawn, or [`ERASE`].
    pub orientation: u8,
}

/// The orientation of a stroke that erases.
pub const ERASE: u8 = u8::MAX;

/// A Linjat puzzle and the player's position.
#[derive(Clone, PartialEq, Eq)]
pub struct Linjat {
    board: Arc<Board>,
    start: Drawn,
}

impl fmt::Debug for Linjat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Linjat({})", text::describe(self, &self.start))
    }
}

/// What a cell of a grid given to [`Linjat::new`] holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cell {
    /// Nothing.
    Empty,
    /// A dot to cover.
    Dot,
    /// A number (1..=9).
    Number(u8),
}

impl Linjat {
    /// A `width`×`height` puzzle with `grid` (row-major), nothing drawn; or why not.
    pub fn new(width: usize, height: usize, grid: &[Cell]) -> Result<Linjat, alloc::string::String> {
        Board::new(width, height, grid).map(Linjat::from_board)
    }

    /// The puzzle of `board`, nothing drawn.
    pub fn from_board(board: Board) -> Linjat {
        Linjat { board: Arc::new(board), start: Drawn::NONE }
    }

    /// A copy sharing no storage with this puzzle (clones share the board).
    pub fn detached(&self) -> Linjat {
        Linjat { board: Arc::new((*self.board).clone()), start: self.start }
    }

    /// Makes this the puzzle of `board` with nothing drawn, copying into its own board's storage when
    /// no other puzzle shares it (no allocation once that storage is large enough).
    pub fn set_board(&mut self, board: &Board) {
        match Arc::get_mut(&mut self.board) {
            Some(mine) => mine.copy_from(board),
            None => self.board = Arc::new(board.clone()),
        }
        self.start = Drawn::NONE;
    }
}

impl Board {
    /// The board of a `width`×`height` grid (row-major); or why not.
    pub fn new(width: usize, height: usize, grid: &[Cell]) -> Result<Board, alloc::string::String> {
        let mut board = Board::empty();
        board.rebuild(width, height, grid)?;
        Ok(board)
    }

    /// Becomes a copy of `other`, reusing this board's storage.
    pub fn copy_from(&mut self, other: &Board) {
        // Spelled out field by field, so that a new field cannot be forgotten here.
        let Board { width, height, numbers, dots, number_at, segments, segment_from, valid, cross } = other;
        (self.width, self.height, self.dots) = (*width, *height, *dots);
        self.numbers.clone_from(numbers);
        self.number_at.clone_from(number_at);
        self.segments.clone_from(segments);
        self.segment_from.clone_from(segment_from);
        self.valid.clone_from(valid);
        self.cross.clone_from(cross);
    }

    /// A board with nothing on it and storage for `numbers` numbers on `cells` cells, to copy into.
    pub fn reserved(cells: usize, numbers: usize) -> Board {
        let mut board = Board::empty();
        board.numbers.reserve_exact(numbers);
        board.number_at.reserve_exact(cells);
        board.segments.reserve_exact(numbers * MAX_ORIENTATIONS);
        board.segment_from.reserve_exact(numbers + 1);
        board.valid.reserve_exact(numbers);
        board.cross.reserve_exact(numbers);
        board
    }

    /// A board with nothing on it and no storage, to [`rebuild`](Board::rebuild) into.
    pub fn empty() -> Board {
        Board {
            width: 0,
            height: 0,
            numbers: Vec::new(),
            dots: EMPTY_MASK,
            number_at: Vec::new(),
            segments: Vec::new(),
            segment_from: Vec::new(),
            valid: Vec::new(),
            cross: Vec::new(),
        }
    }

    /// Makes this the board of a `width`×`height` grid (row-major), reusing its storage (the generator
    /// builds thousands of boards a second into one); or why not, leaving it unusable.
    pub fn rebuild(&mut self, width: usize, height: usize, grid: &[Cell]) -> Result<(), alloc::string::String> {
        use alloc::format;
        if !(1..=MAX_SIDE).contains(&width) || !(1..=MAX_SIDE).contains(&height) {
            return Err(format!("the board must be 1 to {MAX_SIDE} cells a side"));
        }
        if grid.len() != width * height {
            return Err(format!("the grid has {} cells, the board {}", grid.len(), width * height));
        }
        (self.width, self.height, self.dots) = (width, height, EMPTY_MASK);
        self.numbers.clear();
        self.number_at.clear();
        self.number_at.resize(width * height, None);
        for (cell, &c) in grid.iter().enumerate() {
            match c {
                Cell::Empty => {}
                Cell::Dot => set(&mut self.dots, cell),
                Cell::Number(n) if (1..=MAX_VALUE).contains(&n) => {
                    if self.numbers.len() == MAX_NUMBERS {
                        return Err(format!("more than {MAX_NUMBERS} numbers"));
                    }
                    self.number_at[cell] = Some(self.numbers.len() as u8);
                    self.numbers.push(Number { cell: cell as u8, value: n });
                }
                Cell::Number(n) => {
                    return Err(format!(
                        "the number at row {}, column {} is {n}, not 1..9",
                        cell / width + 1,
                        cell % width + 1
                    ))
                }
            }
        }
        if self.numbers.is_empty() {
            return Err("no number: a puzzle needs at least one".into());
        }
        self.fill_segments();
        Ok(())
    }
}

impl Linjat {
    /// The board.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The player's position.
    pub fn drawn(&self) -> Drawn {
        self.start
    }

    /// The same puzzle with `drawn` as the position.
    pub fn with_drawn(&self, drawn: Drawn) -> Linjat {
        Linjat { start: drawn, ..self.clone() }
    }

    /// The cells the segments of `drawn` cover.
    pub fn covered(&self, drawn: &Drawn) -> Mask {
        (0..self.board.numbers.len())
            .filter_map(|p| drawn.get(p).map(|o| self.board.segment(p, o as usize).mask))
            .fold(EMPTY_MASK, |acc, m| or(&acc, &m))
    }

    /// Whether `drawn` is legal: every drawn orientation valid, no two segments overlapping.
    pub fn is_legal(&self, drawn: &Drawn) -> bool {
        let mut covered = EMPTY_MASK;
        for p in 0..MAX_NUMBERS {
            let Some(o) = drawn.get(p) else { continue };
            let Some(segment) = self.board.segment_if(p, o as usize) else {
                return false;
            };
            if !disjoint(&covered, &segment.mask) {
                return false;
            }
            covered = or(&covered, &segment.mask);
        }
        true
    }
}

impl Board {
    fn fill_segments(&mut self) {
        let (w, h) = (self.width, self.height);
        // Down a column: the column's cells between the two ends (built once, not cell by cell).
        let mut columns = [EMPTY_MASK; MAX_SIDE];
        let mut column = 0;
        for cell in 0..w * h {
            set(&mut columns[column], cell);
            column = if column + 1 == w { 0 } else { column + 1 };
        }
        // `len` cells from `first`: along its row, or down column `column`.
        let line = |first: usize, len: usize, column: Option<usize>| match column {
            None => cells_between(first, first + len - 1),
            Some(column) => and(&columns[column], &cells_between(first, first + (len - 1) * w)),
        };
        self.segments.clear();
        self.segment_from.clear();
        self.valid.clear();
        self.cross.clear();
        // The numbers come in reading order: their rows are counted, not divided.
        let (mut r, mut row_start) = (0, 0);
        for i in 0..self.numbers.len() {
            let number = self.numbers[i];
            let n = number.value as usize;
            let cell = number.cell as usize;
            while cell >= row_start + w {
                (r, row_start) = (r + 1, row_start + w);
            }
            let c = cell - row_start;
            let orientations = if n == 1 { 1 } else { 2 * n };
            // How far a segment may reach each way: to the edge or the next number (valid orientations
            // follow without building the masks of the others).
            let runs = free_runs((w, h), (cell, r, c), n - 1, |at| self.number_at[at].is_some());
            let from = self.segments.len();
            self.segment_from.push(from as u16);
            self.segments.resize(from + orientations, Segment { mask: EMPTY_MASK, first: 0, last: 0 });
            let mut valid = 0u32;
            for (o, slot) in self.segments[from..].iter_mut().enumerate() {
                let vertical = o & 1 == 1;
                let s = o >> 1;
                // The segment starts n-1-s cells before the number and ends s after it.
                let [before, after] = runs[vertical as usize];
                if n - 1 - s > before || s > after {
                    continue;
                }
                let (step, column) = if vertical { (w, Some(c)) } else { (1, None) };
                let first = cell - (n - 1 - s) * step;
                *slot =
                    Segment { mask: line(first, n, column), first: first as u8, last: (first + (n - 1) * step) as u8 };
                valid |= 1 << o;
            }
            // The cross: n-1 cells each way along the row and the column, within the board.
            let (left, right) = (c.saturating_sub(n - 1), (c + n - 1).min(w - 1));
            let (top, bottom) = (r.saturating_sub(n - 1), (r + n - 1).min(h - 1));
            self.valid.push(valid);
            self.cross
                .push(or(&line(r * w + left, right - left + 1, None), &line(top * w + c, bottom - top + 1, Some(c))));
        }
    }
}

/// How far a segment through `cell` (at row `r`, column `c`: the callers know them without dividing) may
/// reach on a `width`×`height` grid before an edge or a cell where `is_number`, at most `most` cells each
/// way: `[[left, right], [up, down]]`.
#[inline]
pub(crate) fn free_runs(
    (width, height): (usize, usize),
    (cell, r, c): (usize, usize, usize),
    most: usize,
    is_number: impl Fn(usize) -> bool,
) -> [[usize; 2]; 2] {
    // The free cells walking `step` at a time, back (`before`) or forth, at most `room` of them.
    let run = |room: usize, step: usize, before: bool| {
        let mut free = 0;
        while free < room.min(most) {
            let at = if before { cell - (free + 1) * step } else { cell + (free + 1) * step };
            if is_number(at) {
                break;
            }
            free += 1;
        }
        free
    };
    [[run(c, 1, true), run(width - 1 - c, 1, false)], [run(r, width, true), run(height - 1 - r, width, false)]]
}

/// The cells `first..=last`, built word by word in registers.
#[inline]
fn cells_between(first: usize, last: usize) -> Mask {
    core::array::from_fn(|k| {
        let (low, high) = (64 * k, 64 * k + 63);
        if last < low || first > high {
            0
        } else {
            (u64::MAX >> (63 - (last.min(high) - low))) & (u64::MAX << (first.max(low) - low))
        }
    })
}

/// Numbers whose moves make one part of a state's successors ([`Puzzle::successors_in`]).
const NUMBERS_PER_PART: usize = 8;

impl Linjat {
    /// Calls `f` for the moves of the numbers `numbers` from `state`: drawing a number that has no
    /// segment where it overlaps none, erasing one that has.
    fn moves_of(&self, state: &Drawn, numbers: core::ops::Range<usize>, f: &mut impl FnMut(Stroke, Drawn, u32)) {
        let covered = self.covered(state);
        for p in numbers {
            let mut next = *state;
            if state.get(p).is_some() {
                next.0[p] = 0;
                f(Stroke { piece: p as u8, orientation: ERASE }, next, 1);
                continue;
            }
            for (o, segment) in self.board.segments_of(p) {
                if disjoint(&segment.mask, &covered) {
                    next.0[p] = o as u8 + 1;
                    f(Stroke { piece: p as u8, orientation: o as u8 }, next, 1);
                }
            }
        }
    }
}

impl Puzzle for Linjat {
    type State = Drawn;
    type Move = Stroke;

    /// Drawing any valid segment of a number that has none where it overlaps no drawn segment, or
    /// erasing a drawn one.
    fn successors(&self, state: &Drawn, mut f: impl FnMut(Stroke, Drawn, u32)) {
        self.moves_of(state, 0..self.board.numbers.len(), &mut f);
    }

    /// A part for every `NUMBERS_PER_PART` numbers (a number has up to 18 segments).
    fn successor_parts(&self, _: &Drawn) -> u32 {
        self.board.numbers.len().div_ceil(NUMBERS_PER_PART).max(1) as u32
    }

    fn successors_in(&self, state: &Drawn, part: u32, mut f: impl FnMut(Stroke, Drawn, u32)) {
        let first = part as usize * NUMBERS_PER_PART;
        let numbers = first.min(self.board.numbers.len())..(first + NUMBERS_PER_PART).min(self.board.numbers.len());
        self.moves_of(state, numbers, &mut f);
    }

    /// Every number drawn and every dot covered (drawn segments never overlap).
    fn is_goal(&self, state: &Drawn) -> bool {
        (0..self.board.numbers.len()).all(|p| state.get(p).is_some())
            && and_not(&self.board.dots, &self.covered(state)) == EMPTY_MASK
    }

    /// The numbers without a segment: each needs a move (admissible).
    fn heuristic(&self, state: &Drawn) -> u32 {
        (0..self.board.numbers.len()).filter(|&p| state.get(p).is_none()).count() as u32
    }

    /// Each move draws at most one segment.
    fn heuristic_is_admissible(&self) -> bool {
        true
    }

    fn apply(&self, state: &Drawn, mv: &Stroke) -> Option<Drawn> {
        let p = mv.piece as usize;
        if p >= self.board.numbers.len() {
            return None;
        }
        let mut next = *state;
        if mv.orientation == ERASE {
            state.get(p)?;
            next.0[p] = 0;
            return Some(next);
        }
        if state.get(p).is_some() {
            return None;
        }
        let segment = *self.board.segment_if(p, mv.orientation as usize)?;
        disjoint(&segment.mask, &self.covered(state)).then(|| {
            next.0[p] = mv.orientation + 1;
            next
        })
    }
}
