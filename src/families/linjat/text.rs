//! The text description of Linjat: `linjat:WxH:ROWS[:SEGMENTS]`.
//!
//! - ROWS: `H` rows separated by `/`, one character a cell: `.` empty, `o` a dot, `1`–`9` a number.
//! - SEGMENTS (the player's position): the drawn segments joined by `;`, each `r,c=r0,c0-r1,c1`: the
//!   number at row `r`, column `c` covers the straight segment from (`r0`, `c0`) to (`r1`, `c1`),
//!   0-based, as in `data/linjat.txt`. Omitted when nothing is drawn.
//!
//! Example (the first tutorial grid): `linjat:4x4:..../..../o..4/....`, solved by `2,3=2,0-2,3`.

use super::{Cell, Drawn, Linjat, MAX_SIDE};
use crate::text::{fields, Field, ParseError};
use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

/// Parses a description (see the module).
pub fn parse(desc: &str) -> Result<Linjat, ParseError> {
    let f = fields(desc, "linjat", 2, 3)?;
    let (w, h) = f[0].parse_dims(1, MAX_SIDE as u8)?;
    let (w, h) = (w as usize, h as usize);
    let grid = read_rows(&f[1], w, h)?;
    let puzzle = Linjat::new(w, h, &grid).map_err(|e| f[1].error(e))?;
    let Some(segments) = f.get(2) else { return Ok(puzzle) };
    let mut drawn = Drawn::NONE;
    for token in segments.split(';').into_iter().filter(|t| !t.text.is_empty()) {
        let (p, o) = read_segment(&puzzle, &token)?;
        if drawn.get(p).is_some() {
            return Err(token.error(format!("the number at {} has two segments", at(&puzzle, p))));
        }
        drawn.0[p] = o + 1;
        if !puzzle.is_legal(&drawn) {
            return Err(token.error(format!("the segment of the number at {} overlaps another", at(&puzzle, p))));
        }
    }
    Ok(puzzle.with_drawn(drawn))
}

/// "row R, column C" (0-based, as descriptions count) of number `p`.
fn at(puzzle: &Linjat, p: usize) -> String {
    let w = puzzle.board().width;
    let cell = puzzle.board().numbers[p].cell as usize;
    format!("{},{}", cell / w, cell % w)
}

/// Reads `h` rows of `w` cells.
fn read_rows(field: &Field<'_>, w: usize, h: usize) -> Result<Vec<Cell>, ParseError> {
    let rows = field.split('/');
    if rows.len() != h {
        return Err(field.error(format!("the grid ({w}x{h}) needs {h} rows separated by '/', found {}", rows.len())));
    }
    let mut grid = Vec::with_capacity(w * h);
    for (r, row) in rows.iter().enumerate() {
        let found = row.text.chars().count();
        if found != w {
            return Err(row.error(format!("row {} has {found} cells, the grid is {w} wide", r + 1)));
        }
        for (i, c) in row.text.chars().enumerate() {
            grid.push(match c {
                '.' => Cell::Empty,
                'o' => Cell::Dot,
                '1'..='9' => Cell::Number(c as u8 - b'0'),
                other => {
                    return Err(ParseError::new(
                        row.column + i,
                        format!("row {}, column {}: expected '.', 'o' or a number 1-9, found '{other}'", r + 1, i + 1),
                    ))
                }
            });
        }
    }
    Ok(grid)
}

/// Reads `r,c=r0,c0-r1,c1`: the number's index and the orientation of its segment.
pub fn read_segment(puzzle: &Linjat, token: &Field<'_>) -> Result<(usize, u8), ParseError> {
    let board = puzzle.board();
    let (w, h) = (board.width, board.height);
    let bad = || token.error(format!("expected a segment r,c=r0,c0-r1,c1, found '{}'", token.text));
    let (number, ends) = token.text.split_once('=').ok_or_else(bad)?;
    let (first, last) = ends.split_once('-').ok_or_else(bad)?;
    let cell = |text: &str| -> Option<usize> {
        let (r, c) = text.trim().split_once(',')?;
        let (r, c): (usize, usize) = (r.trim().parse().ok()?, c.trim().parse().ok()?);
        (r < h && c < w).then_some(r * w + c)
    };
    let number = cell(number).ok_or_else(|| token.error(format!("'{number}' is not a cell of the {w}x{h} grid")))?;
    let p = board.number_at[number].ok_or_else(|| token.error(format!("no number at {},{}", number / w, number % w)))?
        as usize;
    let (first, last) = (cell(first).ok_or_else(bad)?, cell(last).ok_or_else(bad)?);
    let o = board.orientation_between(p, first, last).ok_or_else(|| {
        token.error(format!(
            "the {} at {},{} has no segment from {},{} to {},{} (it covers its own cell, is {} long, and covers no other number)",
            board.numbers[p].value,
            number / w,
            number % w,
            first / w,
            first % w,
            last / w,
            last % w,
            board.numbers[p].value
        ))
    })?;
    Ok((p, o))
}

/// `r,c=r0,c0-r1,c1` for orientation `o` of number `p`.
pub fn segment_token(puzzle: &Linjat, p: usize, o: usize) -> String {
    let board = puzzle.board();
    let w = board.width;
    let cell = board.numbers[p].cell as usize;
    let s = board.segment(p, o);
    let (a, b) = (s.first as usize, s.last as usize);
    format!("{},{}={},{}-{},{}", cell / w, cell % w, a / w, a % w, b / w, b % w)
}

/// Prints the description of `puzzle` with the position `drawn`.
pub fn describe(puzzle: &Linjat, drawn: &Drawn) -> String {
    let board = puzzle.board();
    let w = board.width;
    let mut out = format!("linjat:{}x{}:", w, board.height);
    for cell in 0..board.cells() {
        if cell > 0 && cell % w == 0 {
            out.push('/');
        }
        out.push(match board.number_at[cell] {
            Some(p) => (b'0' + board.numbers[p as usize].value) as char,
            None if super::has(&board.dots, cell) => 'o',
            None => '.',
        });
    }
    let segments: Vec<String> =
        (0..board.numbers.len()).filter_map(|p| drawn.get(p).map(|o| segment_token(puzzle, p, o as usize))).collect();
    if !segments.is_empty() {
        out.push(':');
        out.push_str(&segments.join(";"));
    }
    out
}
