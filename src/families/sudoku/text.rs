//! The text description of Sudoku: `sudoku:GIVENS[:DIGITS[:MARKS]]`.
//!
//! - GIVENS: the grid row by row, one character a cell (16, 36, 81 or 256 of them: 4×4, 6×6, 9×9,
//!   16×16): `1`–`9`, then `A`–`G` for 10–16; `.` or `0` for an empty cell — the common 81-character line.
//! - DIGITS (the player's position): the digits the player wrote, in the same layout, `.` where none
//!   (a given's cell is `.`, or its own digit). Omitted when the player wrote none and marked nothing.
//! - MARKS: the pencil marks, `r1c2=457,r3c4=12` (rows and columns from 1). Omitted when there are none.
//!
//! Example: `sudoku:1.3..4...4..2.1.` (a 4×4 grid), after two digits and a mark
//! `sudoku:1.3..4...4..2.1.:.4......2.......:r1c4=2`.

use super::puzzle::{Position, Sudoku};
use super::{bit, digit_char, digits, Grid, GridError};
use crate::text::{fields, Field, ParseError};
use alloc::format;
use alloc::string::String;

/// The column of the `at`-th character of `field` (whitespace inside a grid is skipped when read).
fn column_of(field: &Field<'_>, at: usize) -> usize {
    let offset = field.text.chars().enumerate().filter(|(_, c)| !c.is_whitespace()).nth(at).map_or(0, |(i, _)| i);
    field.column + offset
}

/// A grid field read, its refusal at the column it concerns.
fn read_grid(field: &Field<'_>, what: &str) -> Result<Grid, ParseError> {
    Grid::parse(field.text).map_err(|e| match e {
        GridError::Character(at, _) => ParseError::new(column_of(field, at), format!("{what}: {e}")),
        other => field.error(format!("{what}: {other}")),
    })
}

/// Parses a description (see the module).
pub fn parse(desc: &str) -> Result<Sudoku, ParseError> {
    let f = fields(desc, "sudoku", 1, 3)?;
    let givens = read_grid(&f[0], "the givens")?;
    let puzzle = Sudoku::new(givens);
    let Some(written) = f.get(1) else { return Ok(puzzle) };
    let mut position = puzzle.start_position();
    let g = puzzle.geometry().clone();
    if !written.text.is_empty() {
        let grid = read_grid(written, "the player's digits")?;
        if grid.side != g.side {
            return Err(written.error(format!(
                "the player's digits make a {0}×{0} grid, the givens a {1}×{1} one",
                grid.side, g.side
            )));
        }
        for (cell, &d) in grid.cells.iter().enumerate().filter(|(_, &d)| d != 0) {
            match puzzle.givens().cells[cell] {
                0 => position.digits[cell] = d,
                given if given == d => {}
                given => {
                    return Err(ParseError::new(
                        column_of(written, cell),
                        format!(
                            "{} is a given ({}): the player cannot write {} there",
                            g.cell_name(cell),
                            digit_char(given),
                            digit_char(d)
                        ),
                    ))
                }
            }
        }
        let all = Grid { side: g.side, cells: position.digits[..g.cells()].into() };
        if let Some((house, d)) = all.repeated_in(&g) {
            return Err(written.error(format!(
                "{} holds the digit {} twice with the player's digits",
                g.house_name(house),
                digit_char(d)
            )));
        }
    }
    if let Some(marks) = f.get(2) {
        for item in marks.split(',').into_iter().filter(|i| !i.text.is_empty()) {
            let (cell, set) = read_marks(&item, g.side)?;
            if position.digits[cell] != 0 {
                return Err(item.error(format!(
                    "{} holds {}: pencil marks go in empty cells",
                    g.cell_name(cell),
                    digit_char(position.digits[cell])
                )));
            }
            position.marks[cell] |= set;
        }
    }
    Ok(puzzle.starting_at(position))
}

/// Reads `r1c2=457`: the cell and the digits marked.
fn read_marks(item: &Field<'_>, side: usize) -> Result<(usize, super::Digits), ParseError> {
    let bad =
        || item.error(format!("expected pencil marks as r1c2=457 (row and column 1 to {side}), found '{}'", item.text));
    let (at, marked) = item.text.split_once('=').ok_or_else(bad)?;
    let (r, c) = at.trim().strip_prefix(['r', 'R']).and_then(|rest| rest.split_once(['c', 'C'])).ok_or_else(bad)?;
    let (r, c): (usize, usize) = (r.parse().map_err(|_| bad())?, c.parse().map_err(|_| bad())?);
    if !(1..=side).contains(&r) || !(1..=side).contains(&c) {
        return Err(bad());
    }
    let mut set = 0;
    for ch in marked.trim().chars() {
        let d = match ch {
            '1'..='9' => ch as u8 - b'0',
            'A'..='G' | 'a'..='g' => ch.to_ascii_uppercase() as u8 - b'A' + 10,
            _ => 0,
        };
        if d == 0 || d as usize > side {
            return Err(item.error(format!("'{ch}' is not a digit of a {side}×{side} sudoku")));
        }
        set |= bit(d);
    }
    Ok(((r - 1) * side + c - 1, set))
}

/// Prints the description of `puzzle` at `position`.
pub fn describe(puzzle: &Sudoku, position: &Position) -> String {
    let cells = puzzle.cells();
    let mut out = format!("sudoku:{}", puzzle.givens());
    let written = (0..cells).any(|c| !puzzle.is_given(c) && position.digits[c] != 0);
    let marked = (0..cells).any(|c| position.marks[c] != 0);
    if written || marked {
        out.push(':');
        (0..cells).for_each(|c| out.push(if puzzle.is_given(c) { '.' } else { digit_char(position.digits[c]) }));
    }
    if marked {
        out.push(':');
        let side = puzzle.side();
        for (k, c) in (0..cells).filter(|&c| position.marks[c] != 0).enumerate() {
            if k > 0 {
                out.push(',');
            }
            out.push_str(&format!("r{}c{}=", c / side + 1, c % side + 1));
            digits(position.marks[c]).for_each(|d| out.push(digit_char(d)));
        }
    }
    out
}
