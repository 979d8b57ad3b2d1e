//! Sudoku: an `n`×`n` grid split into `n` boxes of `w`×`h` cells (`n = w h`: 4×4 with 2×2 boxes, 6×6 with
//! 3×2, 9×9 with 3×3, 16×16 with 4×4); every row, column and box (a *house*) holds each digit `1..=n`
//! once. A puzzle gives some digits (the clues); a proper puzzle has exactly one solution.
//!
//! Begun for issue 58 and not registered as a family yet: the grid and its text ([`Grid`]), the exact
//! solver that counts solutions ([`exact`]), the human solver whose technique ladder rates a puzzle as
//! Sudoku Explainer does ([`human`], its chains in [`chains`]), each step in words ([`explain`]), and
//! puzzles made ([`generate`]).
//!
//! Digits are `1..=n`, 0 an empty cell; a set of digits is a `u16`, bit `d - 1` for digit `d`. Cells are
//! numbered row by row; houses are the `n` rows, then the `n` columns, then the `n` boxes (left to right,
//! top to bottom).

pub mod chains;
pub mod exact;
pub mod explain;
pub mod forcing;
pub mod generate;
pub mod human;

use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;

/// The largest side (16×16).
pub const MAX_SIDE: usize = 16;
/// The most cells of a grid.
pub const MAX_CELLS: usize = MAX_SIDE * MAX_SIDE;

/// A set of digits: bit `d - 1` for digit `d`.
pub type Digits = u16;

/// The digit set holding only `digit` (`1..=16`).
#[inline]
pub fn bit(digit: u8) -> Digits {
    1 << (digit - 1)
}

/// The digits of `set`, smallest first.
#[inline]
pub fn digits(set: Digits) -> impl Iterator<Item = u8> {
    let mut rest = set;
    core::iter::from_fn(move || {
        (rest != 0).then(|| {
            let d = rest.trailing_zeros() as u8 + 1;
            rest &= rest - 1;
            d
        })
    })
}

/// A grid's shape: its side, its boxes, and for every cell its houses and peers (the other cells of its
/// houses), found once.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Geometry {
    /// The side `n`: digits `1..=n`.
    pub side: usize,
    /// A box's width (`box_width × box_height = side`).
    pub box_width: usize,
    /// A box's height.
    pub box_height: usize,
    /// Every house's cells in order: rows, then columns, then boxes.
    pub houses: Vec<Vec<u16>>,
    /// Each cell's row, column and box (house numbers).
    pub cell_houses: Vec<[u16; 3]>,
    /// Each cell's peers, smallest first.
    pub peers: Vec<Vec<u16>>,
}

/// The kinds of house.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum HouseKind {
    /// A row.
    Row,
    /// A column.
    Column,
    /// A box.
    Box,
}

impl Geometry {
    /// The shape of an `side`×`side` grid: 4 (2×2 boxes), 6 (3 wide, 2 high), 9 (3×3) or 16 (4×4).
    pub fn new(side: usize) -> Option<Geometry> {
        let (box_width, box_height) = match side {
            4 => (2, 2),
            6 => (3, 2),
            9 => (3, 3),
            16 => (4, 4),
            _ => return None,
        };
        let cells = side * side;
        let mut houses = Vec::with_capacity(3 * side);
        for r in 0..side {
            houses.push((0..side).map(|c| (r * side + c) as u16).collect());
        }
        for c in 0..side {
            houses.push((0..side).map(|r| (r * side + c) as u16).collect());
        }
        for b in 0..side {
            let (top, left) = ((b / (side / box_width)) * box_height, (b % (side / box_width)) * box_width);
            houses.push(
                (0..side).map(|k| ((top + k / box_width) * side + left + k % box_width) as u16).collect::<Vec<u16>>(),
            );
        }
        let mut cell_houses = alloc::vec![[0u16; 3]; cells];
        for (h, house) in houses.iter().enumerate() {
            for &cell in house {
                cell_houses[cell as usize][h / side] = h as u16;
            }
        }
        let peers = (0..cells)
            .map(|cell| {
                let mut peers: Vec<u16> = cell_houses[cell]
                    .iter()
                    .flat_map(|&h| houses[h as usize].iter().copied())
                    .filter(|&p| p as usize != cell)
                    .collect();
                peers.sort_unstable();
                peers.dedup();
                peers
            })
            .collect();
        Some(Geometry { side, box_width, box_height, houses, cell_houses, peers })
    }

    /// The number of cells.
    pub fn cells(&self) -> usize {
        self.side * self.side
    }

    /// Every digit of the grid.
    pub fn all_digits(&self) -> Digits {
        ((1u32 << self.side) - 1) as Digits
    }

    /// What kind house `house` is.
    pub fn kind(&self, house: usize) -> HouseKind {
        match house / self.side {
            0 => HouseKind::Row,
            1 => HouseKind::Column,
            _ => HouseKind::Box,
        }
    }

    /// A house's name as a player reads it: "row 4", "column 2", "box 7" (counted from 1).
    pub fn house_name(&self, house: usize) -> String {
        let kind = match self.kind(house) {
            HouseKind::Row => "row",
            HouseKind::Column => "column",
            HouseKind::Box => "box",
        };
        alloc::format!("{kind} {}", house % self.side + 1)
    }

    /// A cell's name: `r4c2` (row and column counted from 1).
    pub fn cell_name(&self, cell: usize) -> String {
        alloc::format!("r{}c{}", cell / self.side + 1, cell % self.side + 1)
    }
}

/// A grid of digits (0 for an empty cell).
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Grid {
    /// The side: 4, 6, 9 or 16.
    pub side: usize,
    /// The cells row by row.
    pub cells: Vec<u8>,
}

/// Why a grid's text was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GridError {
    /// The number of cells is not 16, 36, 81 or 256.
    Length(usize),
    /// A character is neither a digit of the grid nor `0` or `.` for an empty cell: (its place, it).
    Character(usize, char),
    /// A digit is given twice in a house: (the house's name, the digit).
    Repeated(String, u8),
}

impl fmt::Display for GridError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GridError::Length(n) => {
                write!(f, "a sudoku has 16, 36, 81 or 256 cells (4×4, 6×6, 9×9, 16×16), not {n}")
            }
            GridError::Character(at, c) => {
                write!(f, "cell {} is {c:?}: a cell is a digit of the grid, or 0 or . when empty", at + 1)
            }
            GridError::Repeated(house, d) => write!(f, "{house} gives the digit {} twice", digit_char(*d)),
        }
    }
}

/// The character of digit `d` (`1`-`9`, then `A`-`G` for 10-16 on a 16×16 grid).
pub fn digit_char(d: u8) -> char {
    match d {
        0 => '.',
        1..=9 => (b'0' + d) as char,
        _ => (b'A' + d - 10) as char,
    }
}

impl Grid {
    /// Reads a grid from its cells row by row, whitespace ignored: `1`-`9` (and `A`-`G` for 10-16), `0` or
    /// `.` for an empty cell; its side from the number of cells. A digit twice in a house is refused.
    pub fn parse(text: &str) -> Result<Grid, GridError> {
        let chars: Vec<char> = text.chars().filter(|c| !c.is_whitespace()).collect();
        let side = match chars.len() {
            16 => 4,
            36 => 6,
            81 => 9,
            256 => 16,
            n => return Err(GridError::Length(n)),
        };
        let mut cells = Vec::with_capacity(chars.len());
        for (at, &c) in chars.iter().enumerate() {
            let d = match c {
                '0' | '.' => 0,
                '1'..='9' => c as u8 - b'0',
                'A'..='G' | 'a'..='g' => c.to_ascii_uppercase() as u8 - b'A' + 10,
                _ => return Err(GridError::Character(at, c)),
            };
            if d as usize > side {
                return Err(GridError::Character(at, c));
            }
            cells.push(d);
        }
        let grid = Grid { side, cells };
        if let Some((house, d)) = grid.repeated() {
            return Err(GridError::Repeated(grid.geometry().house_name(house), d));
        }
        Ok(grid)
    }

    /// An empty grid of side `side` (4, 6, 9 or 16).
    pub fn empty(side: usize) -> Option<Grid> {
        Geometry::new(side).map(|_| Grid { side, cells: alloc::vec![0; side * side] })
    }

    /// The grid's shape.
    pub fn geometry(&self) -> Geometry {
        Geometry::new(self.side).expect("a grid's side is one of the four")
    }

    /// The first house giving a digit twice, and the digit.
    pub fn repeated(&self) -> Option<(usize, u8)> {
        self.repeated_in(&self.geometry())
    }

    /// [`Grid::repeated`] with the grid's shape at hand.
    pub fn repeated_in(&self, geometry: &Geometry) -> Option<(usize, u8)> {
        for (h, house) in geometry.houses.iter().enumerate() {
            let mut seen: Digits = 0;
            for &cell in house {
                let d = self.cells[cell as usize];
                if d != 0 {
                    if seen & bit(d) != 0 {
                        return Some((h, d));
                    }
                    seen |= bit(d);
                }
            }
        }
        None
    }

    /// The number of digits given.
    pub fn clues(&self) -> usize {
        self.cells.iter().filter(|&&d| d != 0).count()
    }
}

impl core::str::FromStr for Grid {
    type Err = GridError;

    /// [`Grid::parse`].
    fn from_str(text: &str) -> Result<Grid, GridError> {
        Grid::parse(text)
    }
}

impl fmt::Display for Grid {
    /// The cells on one line, `.` for an empty cell.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.cells.iter().try_for_each(|&d| write!(f, "{}", digit_char(d)))
    }
}

impl fmt::Debug for Grid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Grid({self})")
    }
}
