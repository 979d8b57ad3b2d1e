//! Every interesting Rush Hour puzzle of a board, as Michael Fogleman's database lists them
//! (<https://www.michaelfogleman.com/rush/>): the stuck positions of a space numbered by ID
//! ([`positions`]), each one's cluster analysed ([`cluster`]), and a cluster reported by its lowest
//! position when it can be solved and its hardest puzzle is minimal.
//!
//! This is a fast path beside the general `blocks` family, for boards of side 3 to 6 (a state is one
//! word): the puzzles it reports are `rush:` boards that the family solves, hints and packs as any other.

pub mod cluster;
pub(super) mod drawing;
pub mod positions;

use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;

pub use cluster::{Analyzer, ClusterFacts, Outcome};
pub use positions::{Piece, Position, Positions};

use crate::memory::OutOfMemory;

/// The most pieces (walls included) of a position.
pub const MAX_PIECES: usize = 24;
/// The sides a space may have.
pub const SIDES: core::ops::RangeInclusive<usize> = 3..=6;
/// The most walls a space may have.
pub const MAX_WALLS: usize = 4;

/// Which positions a database covers: the board's side and the most walls (Fogleman's `BoardSize` and
/// `MaxWalls`; cars of 2 and trucks of 3 always).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RushSpace {
    /// The board's side.
    pub side: usize,
    /// The most walls of a position (0 to [`MAX_WALLS`]).
    pub max_walls: usize,
    /// The red car's row, the exit on its right: `side / 2 − 1` in the `rush:` notation; Fogleman's
    /// figures for 4×4 and 5×5 boards were taken with row 2.
    pub exit_row: usize,
}

impl RushSpace {
    /// The space of `side`×`side` boards with up to `max_walls` walls.
    pub fn new(side: usize, max_walls: usize) -> Result<RushSpace, RushError> {
        if !SIDES.contains(&side) {
            return Err(RushError::Side(side));
        }
        if max_walls > MAX_WALLS {
            return Err(RushError::Walls(max_walls));
        }
        Ok(RushSpace { side, max_walls, exit_row: side / 2 - 1 })
    }

    /// The same space with the exit on the right of row `row`.
    pub fn with_exit_row(self, row: usize) -> Result<RushSpace, RushError> {
        if row >= self.side {
            return Err(RushError::ExitRow(row));
        }
        Ok(RushSpace { exit_row: row, ..self })
    }

    /// The red car's row: the exit is on the right of it.
    pub fn primary_row(&self) -> usize {
        self.exit_row
    }

    /// The shortest piece in a row: 1 (a wall) when walls are allowed.
    fn min_len(&self) -> usize {
        if self.max_walls > 0 {
            1
        } else {
            2
        }
    }
}

/// Why a board or a space was refused, or an analysis did not end.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RushError {
    /// A side outside [`SIDES`].
    Side(usize),
    /// More walls than [`MAX_WALLS`].
    Walls(usize),
    /// An exit row outside the board.
    ExitRow(usize),
    /// A board whose length is not a square of a side in [`SIDES`].
    NotSquare(usize),
    /// A character that is not `o`, `.`, `x` or a capital letter.
    BadCell(char),
    /// A letter whose cells are not one straight car (2) or truck (3).
    BadPiece(char),
    /// No red car `A` of two cells lying in the exit row.
    NoRedCar,
    /// More than [`MAX_PIECES`] pieces.
    TooManyPieces,
    /// A piece outside the board, or a red car that is not a horizontal car.
    BadPosition,
    /// A cluster larger than the analyser's limit.
    TooManyStates(usize),
    /// Memory could not be reserved.
    OutOfMemory(OutOfMemory),
}

impl fmt::Display for RushError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RushError::Side(s) => write!(f, "board side {s} is not in 3..=6"),
            RushError::Walls(w) => write!(f, "{w} walls: at most {MAX_WALLS}"),
            RushError::ExitRow(r) => write!(f, "exit row {r} is outside the board"),
            RushError::NotSquare(n) => write!(f, "a board of {n} cells is not a square of side 3 to 6"),
            RushError::BadCell(c) => write!(f, "'{c}' is not a cell ('o' or '.' empty, 'x' wall, A-Z a piece)"),
            RushError::BadPiece(c) => write!(f, "piece {c} is not a straight car of 2 or truck of 3 cells"),
            RushError::NoRedCar => f.write_str("no red car A (two cells, horizontal) in the exit row"),
            RushError::TooManyPieces => write!(f, "more than {MAX_PIECES} pieces"),
            RushError::BadPosition => f.write_str("a piece lies outside the board, or A is not a horizontal car"),
            RushError::TooManyStates(cap) => write!(f, "the cluster has more than {cap} positions"),
            RushError::OutOfMemory(e) => e.fmt(f),
        }
    }
}

impl From<OutOfMemory> for RushError {
    fn from(e: OutOfMemory) -> RushError {
        RushError::OutOfMemory(e)
    }
}

/// The side of a board of `cells` cells, when it is a square of a side in [`SIDES`].
pub fn side_of(cells: usize) -> Option<usize> {
    SIDES.into_iter().find(|s| s * s == cells)
}

/// Reads a board in Fogleman's notation (`o` or `.` empty, `x` a wall, `A` the red car, other letters
/// cars and trucks, row by row): its side and position (the red car first, the rest in reading order).
/// The red car is in the `rush:` notation's row (`side / 2 − 1`).
pub fn parse_board(board: &str) -> Result<(usize, Position), RushError> {
    parse_board_in(board, None)
}

/// [`parse_board`] for a space whose red car is in row `exit_row` (`None`: the notation's).
pub fn parse_board_in(board: &str, exit_row: Option<usize>) -> Result<(usize, Position), RushError> {
    let cells = board.as_bytes();
    let side = side_of(cells.len()).ok_or(RushError::NotSquare(cells.len()))?;
    let mut pieces: Vec<Piece> = Vec::new();
    let mut seen = [false; 26];
    for (i, &c) in cells.iter().enumerate() {
        match c {
            b'o' | b'.' => {}
            b'x' => pieces.push(Piece { cell: i as u8, len: 1, horizontal: true }),
            b'A'..=b'Z' if !seen[(c - b'A') as usize] => {
                seen[(c - b'A') as usize] = true;
                let at: Vec<usize> = (i..cells.len()).filter(|&j| cells[j] == c).collect();
                let (horizontal, stride) = if at.len() > 1 && at[1] == i + 1 { (true, 1) } else { (false, side) };
                let straight = at.iter().enumerate().all(|(k, &j)| j == i + k * stride);
                let one_line = !horizontal || at.last().is_some_and(|&j| j / side == i / side);
                if !(2..=3).contains(&at.len()) || !straight || !one_line {
                    return Err(RushError::BadPiece(c as char));
                }
                let piece = Piece { cell: i as u8, len: at.len() as u8, horizontal };
                if c == b'A' {
                    let row = exit_row.unwrap_or(side / 2 - 1) * side;
                    if !horizontal || piece.len != 2 || i < row || i >= row + side {
                        return Err(RushError::NoRedCar);
                    }
                    pieces.insert(0, piece);
                } else {
                    pieces.push(piece);
                }
            }
            b'A'..=b'Z' => {}
            other => return Err(RushError::BadCell(other as char)),
        }
    }
    if !seen[0] {
        return Err(RushError::NoRedCar);
    }
    Ok((side, Position::new(&pieces)?))
}

/// Writes a position in Fogleman's notation: `o` empty, `x` walls, `A` the red car, the other pieces
/// lettered from `B` in the reading order of their first cells.
pub fn board_text(side: usize, position: &Position) -> String {
    let mut cells = alloc::vec![b'o'; side * side];
    let pieces = position.pieces();
    let mut order: Vec<usize> = (1..pieces.len()).filter(|&i| !pieces[i].is_wall()).collect();
    order.sort_by_key(|&i| pieces[i].cell);
    let letters = core::iter::once(0).chain(order);
    for (letter, i) in (b'A'..=b'Z').zip(letters) {
        let p = pieces[i];
        let stride = if p.horizontal { 1 } else { side };
        (0..p.len as usize).for_each(|k| cells[p.cell as usize + k * stride] = letter);
    }
    pieces.iter().filter(|p| p.is_wall()).for_each(|p| cells[p.cell as usize] = b'x');
    String::from_utf8(cells).unwrap_or_default()
}

/// The database line of a reported cluster, Fogleman's fields in his order: the hardest puzzle's moves,
/// its pieces (walls included), the puzzle in the `rush:` notation's board, the ID and group of the
/// cluster's lowest position, the cluster's size and the count of positions at each distance from a
/// solved one (0 first, comma-separated).
pub fn record(side: usize, lowest: &Position, facts: &ClusterFacts, counts: &[u32]) -> String {
    use core::fmt::Write;
    let mut line = String::new();
    let _ = write!(
        line,
        "{:02} {:02} {} {} {} {} ",
        facts.moves,
        facts.hardest.pieces().len(),
        board_text(side, &facts.hardest),
        lowest.id,
        lowest.group,
        facts.states
    );
    for (i, c) in counts.iter().enumerate() {
        let _ = write!(line, "{}{c}", if i == 0 { "" } else { "," });
    }
    line
}
