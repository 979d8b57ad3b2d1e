//! Sudoku as a game: the givens, the player's position (digits placed and pencil marks) and the moves
//! that change it — place a digit (over one the player placed, too), erase one, toggle a pencil mark.
//! A digit its row, column or box already holds is refused, so that every position is a partial grid
//! without repeats and a full one is solved.

use super::human::{Board, Deduction, Ladder};
use super::{bit, digit_char, Digits, Geometry, Grid, MAX_CELLS};
use crate::search::Puzzle;
use alloc::boxed::Box;
use alloc::format;
use alloc::string::String;
use alloc::sync::Arc;
use core::cell::RefCell;
use core::fmt;

/// A position: every cell's digit (givens included; 0 when empty) and the pencil marks of the empty
/// cells. Fixed capacity: copying it never allocates.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Position {
    /// Each cell's digit, row by row (0: empty).
    pub digits: [u8; MAX_CELLS],
    /// Each empty cell's pencil marks (0 for none).
    pub marks: [Digits; MAX_CELLS],
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let filled = self.digits.iter().filter(|&&d| d != 0).count();
        let marked = self.marks.iter().filter(|&&m| m != 0).count();
        write!(f, "Position({filled} digits, {marked} cells marked)")
    }
}

impl Position {
    /// No digit, no mark.
    pub const EMPTY: Position = Position { digits: [0; MAX_CELLS], marks: [0; MAX_CELLS] };
}

/// A move of the player's.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Play {
    /// Writes `digit` in `cell` (empty, or holding another digit of the player's); the cell's pencil
    /// marks go.
    Place {
        /// The cell, row by row.
        cell: u16,
        /// The digit, `1..=side`.
        digit: u8,
    },
    /// Erases the digit the player wrote in `cell`.
    Erase {
        /// The cell.
        cell: u16,
    },
    /// Adds pencil mark `digit` to the empty `cell`, or takes it off when it is there.
    Mark {
        /// The cell.
        cell: u16,
        /// The digit marked.
        digit: u8,
    },
}

impl Play {
    /// The cell the move concerns.
    pub fn cell(&self) -> u16 {
        match *self {
            Play::Place { cell, .. } | Play::Erase { cell } | Play::Mark { cell, .. } => cell,
        }
    }
}

/// A Sudoku puzzle: its givens and the position play starts from.
pub struct Sudoku {
    geometry: Arc<Geometry>,
    /// The givens, row by row (0: not given).
    givens: Arc<Grid>,
    start: Position,
    /// The ladder the hints' explanations run, made at the first one that needs chains and kept, so
    /// that explaining allocates nothing after (not shared between copies of the puzzle).
    ladder: RefCell<Option<Box<Ladder>>>,
    /// The walks the hint plans took, for the explanations (see [`Walks`]).
    walks: RefCell<Walks>,
}

/// A walk recorded: its position's key, its first step in [`Walks`]' steps, its length, the digit it
/// placed (`None`: the ladder was stuck).
#[derive(Clone, Copy, Debug)]
struct WalkEntry {
    key: u64,
    start: usize,
    len: usize,
    placed: Option<(u16, u8)>,
}

/// The ladder's steps from positions to their next digit, as the hint plan found them, so that a hint's
/// explanation reads them instead of searching again (a chain search can take milliseconds): the same
/// position always gives the same walk, so an entry stays true. Reserved when the hinter is made; when
/// full, the oldest walks are forgotten (an explanation then searches itself).
#[derive(Default)]
pub struct Walks {
    entries: alloc::vec::Vec<WalkEntry>,
    steps: alloc::vec::Vec<Deduction>,
    /// The walk being recorded: its position's key and first step; `None` when none is (or it
    /// overflowed).
    open: Option<(u64, usize)>,
}

impl Clone for Sudoku {
    fn clone(&self) -> Sudoku {
        Sudoku {
            geometry: Arc::clone(&self.geometry),
            givens: Arc::clone(&self.givens),
            start: self.start,
            ladder: RefCell::new(None),
            walks: RefCell::new(Walks::default()),
        }
    }
}

impl fmt::Debug for Sudoku {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Sudoku({})", self.givens)
    }
}

/// What stops a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Fault {
    NoCell,
    Given,
    NothingToErase,
    NotADigit,
    MarkOnDigit,
    Holds,
    /// A peer (this cell) holds the digit.
    Taken(u16),
}

/// Why a move or a position is refused, in the player's words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refusal(pub String);

impl Sudoku {
    /// The puzzle of `givens` (a grid without repeats), nothing played.
    pub fn new(givens: Grid) -> Sudoku {
        let geometry = Arc::new(givens.geometry());
        Sudoku::with_geometry(geometry, givens)
    }

    /// [`Sudoku::new`] with the grid's shape at hand.
    pub fn with_geometry(geometry: Arc<Geometry>, givens: Grid) -> Sudoku {
        let mut start = Position::EMPTY;
        start.digits[..givens.cells.len()].copy_from_slice(&givens.cells);
        Sudoku {
            geometry,
            givens: Arc::new(givens),
            start,
            ladder: RefCell::new(None),
            walks: RefCell::new(Walks::default()),
        }
    }

    /// Makes this the puzzle of `givens` (as many cells as it has), nothing played, over its own
    /// storage: false, nothing changed, when its givens are shared with another copy or the size
    /// differs.
    pub fn refill(&mut self, givens: &[u8]) -> bool {
        let Some(grid) = Arc::get_mut(&mut self.givens).filter(|g| g.cells.len() == givens.len()) else {
            return false;
        };
        grid.cells.copy_from_slice(givens);
        self.start = Position::EMPTY;
        self.start.digits[..givens.len()].copy_from_slice(givens);
        true
    }

    /// The grid's shape.
    pub fn geometry(&self) -> &Arc<Geometry> {
        &self.geometry
    }

    /// The givens.
    pub fn givens(&self) -> &Grid {
        &self.givens
    }

    /// The side: 4, 6, 9 or 16.
    pub fn side(&self) -> usize {
        self.geometry.side
    }

    /// The number of cells.
    pub fn cells(&self) -> usize {
        self.geometry.cells()
    }

    /// Whether `cell` is a given.
    pub fn is_given(&self, cell: usize) -> bool {
        self.givens.cells.get(cell).is_some_and(|&d| d != 0)
    }

    /// The position play starts from.
    pub fn start_position(&self) -> Position {
        self.start
    }

    /// The same puzzle, play starting from `start`.
    pub fn starting_at(&self, start: Position) -> Sudoku {
        Sudoku { start, ..self.clone() }
    }

    /// The peer of `cell` holding `digit` in `position`, if one does.
    pub fn holder(&self, position: &Position, cell: usize, digit: u8) -> Option<u16> {
        self.geometry.peers[cell].iter().copied().find(|&p| position.digits[p as usize] == digit)
    }

    /// The board of `position`'s digits (each empty cell's candidates those its peers leave).
    pub fn board(&self, position: &Position) -> Board {
        Board::of(&self.geometry, &position.digits[..self.cells()])
    }

    /// The key of `position`'s digits, for the walks.
    fn key_of(&self, position: &Position) -> u64 {
        crate::family::fingerprint_of(&position.digits[..self.cells()])
    }

    /// Reserves room for the walks of a hint plan (four steps a cell).
    pub(super) fn reserve_walks(&self) {
        let walks = &mut *self.walks.borrow_mut();
        let cells = self.cells();
        let _ = walks.entries.try_reserve_exact((2 * cells).saturating_sub(walks.entries.len()));
        let _ = walks.steps.try_reserve_exact((4 * cells).saturating_sub(walks.steps.len()));
    }

    /// Begins recording the walk from `position` (forgetting every walk when little room is left).
    pub(super) fn walk_begins(&self, position: &Position) {
        let key = self.key_of(position);
        let mut walks = self.walks.borrow_mut();
        let room = |w: &Walks| w.steps.capacity() - w.steps.len() >= 64 && w.entries.len() < w.entries.capacity();
        if !room(&walks) {
            walks.steps.clear();
            walks.entries.clear();
        }
        let start = walks.steps.len();
        walks.open = room(&walks).then_some((key, start));
    }

    /// Records a step of the walk under way.
    pub(super) fn walk_step(&self, step: &Deduction) {
        let mut walks = self.walks.borrow_mut();
        if walks.open.is_some() && walks.steps.len() < walks.steps.capacity() {
            walks.steps.push(step.clone());
        } else {
            walks.open = None;
        }
    }

    /// Ends the walk under way: the digit it placed (`None`: the ladder was stuck).
    pub(super) fn walk_ends(&self, placed: Option<(u16, u8)>) {
        let mut walks = self.walks.borrow_mut();
        if let Some((key, start)) = walks.open.take() {
            let len = walks.steps.len() - start;
            if walks.entries.len() < walks.entries.capacity() {
                walks.entries.push(WalkEntry { key, start, len, placed });
            }
        }
    }

    /// Hands `f` the recorded walk from `position`, if there is one: its steps and the digit it placed.
    pub(super) fn recorded_walk<T>(
        &self,
        position: &Position,
        f: impl FnOnce(&[Deduction], Option<(u16, u8)>) -> T,
    ) -> Option<T> {
        let key = self.key_of(position);
        let walks = self.walks.borrow();
        let entry = *walks.entries.iter().rev().find(|e| e.key == key)?;
        Some(f(&walks.steps[entry.start..entry.start + entry.len], entry.placed))
    }

    /// Runs `f` with the puzzle's ladder (made the first time; `None` when there was no room for it).
    pub fn with_ladder<T>(&self, f: impl FnOnce(Option<&mut Ladder>) -> T) -> T {
        let mut kept = self.ladder.borrow_mut();
        if kept.is_none() {
            *kept = Ladder::new(&self.geometry).ok().map(Box::new);
        }
        f(kept.as_deref_mut())
    }

    /// What stops `play` from `position`, if anything (found without allocating).
    fn fault(&self, position: &Position, play: &Play) -> Option<Fault> {
        let cell = play.cell() as usize;
        if cell >= self.cells() {
            return Some(Fault::NoCell);
        }
        if self.is_given(cell) {
            return Some(Fault::Given);
        }
        let here = position.digits[cell];
        let digit = match *play {
            Play::Place { digit, .. } | Play::Mark { digit, .. } => digit,
            Play::Erase { .. } => return (here == 0).then_some(Fault::NothingToErase),
        };
        if digit == 0 || digit as usize > self.side() {
            return Some(Fault::NotADigit);
        }
        match *play {
            Play::Mark { .. } => (here != 0).then_some(Fault::MarkOnDigit),
            _ if here == digit => Some(Fault::Holds),
            _ => self.holder(position, cell, digit).map(Fault::Taken),
        }
    }

    /// Why `play` cannot be made from `position`, in the player's words, or `None` when it can.
    pub fn refusal(&self, position: &Position, play: &Play) -> Option<Refusal> {
        let fault = self.fault(position, play)?;
        let g = &self.geometry;
        let cell = play.cell() as usize;
        let side = g.side;
        let digit = match *play {
            Play::Place { digit, .. } | Play::Mark { digit, .. } => digit,
            Play::Erase { .. } => 0,
        };
        let name = || g.cell_name(cell);
        Some(Refusal(match fault {
            Fault::NoCell => {
                format!("there is no cell {cell}: the grid has {} (0 to {})", self.cells(), self.cells() - 1)
            }
            Fault::Given => {
                format!("{} is a given ({}): it cannot change", name(), digit_char(self.givens.cells[cell]))
            }
            Fault::NothingToErase => format!("{} holds no digit to erase", name()),
            Fault::NotADigit => format!("{digit} is not a digit of a {side}×{side} sudoku (1 to {side})"),
            Fault::MarkOnDigit => {
                format!("{} holds {}: pencil marks go in empty cells", name(), digit_char(position.digits[cell]))
            }
            Fault::Holds => format!("{} already holds {}", name(), digit_char(digit)),
            Fault::Taken(p) => {
                let house = g.cell_houses[cell]
                    .iter()
                    .find(|&&h| g.houses[h as usize].contains(&p))
                    .map_or_else(String::new, |&h| g.house_name(h as usize));
                format!(
                    "{house} already has a {} (at {}): a digit goes once in each row, column and box",
                    digit_char(digit),
                    g.cell_name(p as usize)
                )
            }
        }))
    }

    /// `position` after `play`, or `None` when it cannot be made.
    pub fn play_on(&self, position: &Position, play: &Play) -> Option<Position> {
        if self.fault(position, play).is_some() {
            return None;
        }
        let mut next = *position;
        match *play {
            Play::Place { cell, digit } => {
                next.digits[cell as usize] = digit;
                next.marks[cell as usize] = 0;
            }
            Play::Erase { cell } => next.digits[cell as usize] = 0,
            Play::Mark { cell, digit } => next.marks[cell as usize] ^= bit(digit),
        }
        Some(next)
    }

    /// The empty cells of `position`.
    pub fn empty_cells(&self, position: &Position) -> usize {
        position.digits[..self.cells()].iter().filter(|&&d| d == 0).count()
    }

    /// The moves of row `row` a search makes (no pencil marks): every digit that fits each cell the
    /// player may write in, and erasing each digit the player wrote — at most `side` moves a cell.
    fn row_moves(&self, position: &Position, row: usize, mut f: impl FnMut(Play, Position, u32)) {
        let side = self.side();
        for cell in row * side..(row + 1) * side {
            if self.is_given(cell) {
                continue;
            }
            let mut seen: Digits = 0;
            for &p in &self.geometry.peers[cell] {
                let d = position.digits[p as usize];
                if d != 0 {
                    seen |= bit(d);
                }
            }
            let here = position.digits[cell];
            if here != 0 {
                let mut next = *position;
                next.digits[cell] = 0;
                f(Play::Erase { cell: cell as u16 }, next, 1);
            }
            for digit in 1..=side as u8 {
                if digit != here && seen & bit(digit) == 0 {
                    let mut next = *position;
                    next.digits[cell] = digit;
                    next.marks[cell] = 0;
                    f(Play::Place { cell: cell as u16, digit }, next, 1);
                }
            }
        }
    }
}

impl Puzzle for Sudoku {
    type State = Position;
    type Move = Play;

    fn successors(&self, state: &Position, mut f: impl FnMut(Play, Position, u32)) {
        for row in 0..self.side() {
            self.row_moves(state, row, &mut f);
        }
    }

    /// A row a part: at most `side²` moves (256 on a 16×16 grid).
    fn successor_parts(&self, _: &Position) -> u32 {
        self.side() as u32
    }

    fn successors_in(&self, state: &Position, part: u32, f: impl FnMut(Play, Position, u32)) {
        if (part as usize) < self.side() {
            self.row_moves(state, part as usize, f);
        }
    }

    /// Every cell filled (no digit repeats in a position, so a full grid is solved).
    fn is_goal(&self, state: &Position) -> bool {
        self.empty_cells(state) == 0
    }

    /// The empty cells: each takes a move at least.
    fn heuristic(&self, state: &Position) -> u32 {
        self.empty_cells(state) as u32
    }

    fn heuristic_is_admissible(&self) -> bool {
        true
    }

    fn apply(&self, state: &Position, mv: &Play) -> Option<Position> {
        self.play_on(state, mv)
    }
}
