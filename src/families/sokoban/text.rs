//! Sokoban levels as text: the one-line description and the standard XSB files.
//!
//! One line: `sokoban:ROWS`, the rows in XSB characters separated by `/` (or `|`), floor written `-`
//! (space and `_` are read too), a count before a character repeating it (run-length, `4#` for `####`).
//! Trailing floor may be left out: rows may differ in length. Example (Microban 1):
//! `sokoban:####/#-.#/#--###/#*@--#/#--$-#/#--###/####`. A box keeps its number for the whole game (box 1
//! is the first in reading order of the level as written); when the boxes of a position are not numbered
//! in reading order (a game resumed after boxes crossed), the rows are followed by `:` and each box's
//! number in reading order (`sokoban:#####/#$$.#/#@-.#/#####:2,1`): XSB has no place for it, and an XSB
//! reader that takes the rows alone ignores it.
//!
//! XSB files ([`read_collection`]): levels are blocks of rows that hold only XSB characters and at least
//! one wall; lines around them (`;` comments, `Title:` lines, free text) are their titles and notes.
//! [`write_collection`] writes such a file back.

use super::level::{Level, Written};
use super::{Sokoban, State};
use crate::text::ParseError;
use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

/// Characters of XSB rows.
const SQUARES: &str = "#@+$*.-_ pPbB";

impl Sokoban {
    /// Reads a one-line description (`sokoban:ROWS`, then `:NUMBERS` when the boxes are not numbered in
    /// reading order).
    pub fn from_description(desc: &str) -> Result<Sokoban, ParseError> {
        // The numbers follow the rows' last `:` (no XSB character is one).
        let rows_end = desc.find("sokoban:").map_or(desc.len(), |at| at + "sokoban:".len());
        let (rows, numbers) = match desc[rows_end..].find(':') {
            Some(at) => (&desc[..rows_end + at], Some((&desc[rows_end + at + 1..], rows_end + at + 2))),
            None => (desc, None),
        };
        let (written, column_of) = read_description(rows, true)?;
        let width = written.width;
        let puzzle = Level::new(written).map(Sokoban::new).map_err(|e| {
            let at = e.cell.map_or(column_of(0, usize::MAX), |cell| column_of(cell / width, cell % width));
            let place = e.cell.map(|cell| format!(" (row {}, column {})", cell / width + 1, cell % width + 1));
            ParseError::new(at, format!("{}{}", e.reason, place.unwrap_or_default()))
        })?;
        match numbers {
            Some((text, column)) => puzzle.numbered(text, desc[..column - 1].chars().count() + 1),
            None => Ok(puzzle),
        }
    }

    /// The puzzle with its boxes numbered as `text` says (each box's number, 1-based, in reading order;
    /// `column` where the text begins, for messages): a permutation of the boxes' numbers.
    fn numbered(&self, text: &str, column: usize) -> Result<Sokoban, ParseError> {
        let count = self.start.boxes().len();
        let mut start = self.start;
        let mut seen = alloc::vec![false; count];
        let mut at = column;
        let fields: Vec<&str> = text.split(',').collect();
        if fields.len() != count {
            return Err(ParseError::new(
                column,
                format!("{} box numbers after the rows, but the level has {count} boxes", fields.len()),
            ));
        }
        for (k, field) in fields.iter().enumerate() {
            // Digits as written back (no sign, no leading zero).
            let digits = !field.starts_with('0') && field.len() <= 3 && field.bytes().all(|b| b.is_ascii_digit());
            let number = field.parse::<usize>().ok().filter(|n| digits && (1..=count).contains(n));
            let Some(number) = number.filter(|&n| !seen[n - 1]) else {
                return Err(ParseError::new(
                    at,
                    format!("'{field}' is not a box number of 1 to {count} not given before: the numbers after the rows name each box once"),
                ));
            };
            seen[number - 1] = true;
            start.boxes_mut()[number - 1] = self.start.boxes()[k];
            at += field.chars().count() + 1;
        }
        Ok(Sokoban { level: self.level.clone(), start })
    }

    /// The rows of `state` in XSB characters, floor as `floor`.
    pub fn rows(&self, state: &State, floor: char) -> Vec<String> {
        let level = self.level();
        let walled_in = level.written.boxes.iter().copied().filter(|&b| level.room_of[b as usize] == super::NONE);
        let boxes: Vec<u16> = state.boxes().iter().map(|&b| level.cell_of[b as usize]).chain(walled_in).collect();
        level.written.rows(&boxes, level.cell_of[state.player as usize], floor)
    }

    /// The one-line description with `state` as the start, its boxes' numbers after the rows when they
    /// are not in reading order.
    pub fn describe_state(&self, state: &State) -> String {
        let level = self.level();
        let mut order: Vec<usize> = (0..state.boxes().len()).collect();
        order.sort_by_key(|&i| level.cell_of[state.boxes()[i] as usize]);
        let rows = self.rows(state, '-').join("/");
        if order.iter().enumerate().all(|(k, &i)| k == i) {
            return format!("sokoban:{rows}");
        }
        let numbers: Vec<String> = order.iter().map(|i| format!("{}", i + 1)).collect();
        format!("sokoban:{rows}:{}", numbers.join(","))
    }

    /// The level with `state` as the start in XSB rows (floor as spaces), one row a line.
    pub fn to_xsb(&self, state: &State) -> String {
        let mut out = String::new();
        for row in self.rows(state, ' ') {
            out.push_str(&row);
            out.push('\n');
        }
        out
    }
}

/// A level read from an XSB file: its title (the last comment or `Title:` line near it, if any) and
/// the level.
#[derive(Clone, Debug)]
pub struct Entry {
    /// The title, or empty.
    pub title: String,
    /// The level.
    pub level: Sokoban,
}

/// Whether `line` is a row of a level: XSB characters only, with a wall.
fn is_row(line: &str) -> bool {
    let line = line.trim_end();
    !line.is_empty() && line.contains('#') && line.chars().all(|c| SQUARES.contains(c))
}

/// Expands a description's rows into [`Written`] (with a player, or a room that may have none) and the
/// column of each square in `desc`, for messages (`column_of(row, column)`).
pub(super) fn read_description(
    desc: &str,
    need_player: bool,
) -> Result<(Written, impl Fn(usize, usize) -> usize), ParseError> {
    let body = desc.trim_start();
    let lead = desc.len() - body.len();
    let Some(rows) = body.strip_prefix("sokoban:") else {
        return Err(ParseError::new(1, "expected 'sokoban:' and the rows"));
    };
    let base = desc[..lead].chars().count() + "sokoban:".len() + 1;
    // Expand run lengths, remembering each square's column for messages.
    let mut expanded: Vec<(String, Vec<usize>)> = Vec::new();
    let (mut row, mut columns, mut count): (String, Vec<usize>, Option<(usize, usize)>) =
        (String::new(), Vec::new(), None);
    let chars: Vec<char> = rows.trim_end().chars().collect();
    for (i, &ch) in chars.iter().enumerate() {
        let column = base + i;
        match ch {
            '/' | '|' => {
                if let Some((_, at)) = count {
                    return Err(ParseError::new(at, "a count with no square after it"));
                }
                expanded.push((core::mem::take(&mut row), core::mem::take(&mut columns)));
            }
            '0'..='9' => {
                let digit = ch as usize - '0' as usize;
                let (n, at) = count.unwrap_or((0, column));
                let n = n * 10 + digit;
                if n > super::MAX_SIDE {
                    return Err(ParseError::new(
                        at,
                        format!("a count above {}: rows are that long at most", super::MAX_SIDE),
                    ));
                }
                count = Some((n, at));
            }
            _ if SQUARES.contains(ch) => {
                let n = count.take().map_or(1, |(n, _)| n);
                for _ in 0..n {
                    row.push(ch);
                    columns.push(column);
                }
            }
            other => {
                return Err(ParseError::new(
                    column,
                    format!("'{other}' is not a Sokoban square (# wall, @ player, $ box, . goal, * box on goal, + player on goal, - floor)"),
                ));
            }
        }
        if row.len() > super::MAX_SIDE {
            return Err(ParseError::new(column, format!("a row longer than {} squares", super::MAX_SIDE)));
        }
    }
    if let Some((_, at)) = count {
        return Err(ParseError::new(at, "a count with no square after it"));
    }
    expanded.push((row, columns));
    if expanded.len() > super::MAX_SIDE {
        return Err(ParseError::new(base, format!("{} rows: at most {}", expanded.len(), super::MAX_SIDE)));
    }
    let written = {
        let texts: Vec<&str> = expanded.iter().map(|(r, _)| r.as_str()).collect();
        Written::read_rows(&texts, need_player)
    };
    let column_of =
        move |r: usize, c: usize| expanded.get(r).and_then(|(_, cols)| cols.get(c)).copied().unwrap_or(base);
    let written = written.map_err(|(r, c, why)| ParseError::new(column_of(r, c), why))?;
    Ok((written, column_of))
}

/// Reads every level of an XSB file, with the line its rows begin at (1-based) in errors:
/// `Err((line, why))` for the first level that is not a playable one.
pub fn read_collection(text: &str) -> Result<Vec<Entry>, (usize, String)> {
    // A byte-order mark (as some editors save UTF-8) is not part of the first row.
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let lines: Vec<&str> = text.lines().collect();
    let mut out = Vec::new();
    let mut i = 0;
    let mut title = String::new();
    while i < lines.len() {
        let line = lines[i].trim_end();
        if !is_row(line) {
            let note = line.trim_start_matches(';').trim();
            let note = note.strip_prefix("Title:").map(str::trim).unwrap_or(note);
            if !note.is_empty() && !line.starts_with("Author:") {
                title = String::from(note);
            }
            i += 1;
            continue;
        }
        let first = i;
        while i < lines.len() && is_row(lines[i]) {
            i += 1;
        }
        let rows: Vec<&str> = lines[first..i].iter().map(|l| l.trim_end()).collect();
        let desc = format!("sokoban:{}", rows.iter().map(|r| r.replace(' ', "-")).collect::<Vec<_>>().join("/"));
        let level = Sokoban::from_description(&desc).map_err(|e| (first + 1, e.reason))?;
        // A `Title:` line after the rows names them (the usual XSB layout puts it there).
        let after = lines.get(i).map(|l| l.trim()).unwrap_or("");
        if let Some(t) = after.strip_prefix("Title:") {
            title = String::from(t.trim());
            i += 1;
        }
        out.push(Entry { title: core::mem::take(&mut title), level });
    }
    Ok(out)
}

/// Writes levels as an XSB file: each title as a `;` comment, then its rows, a blank line between.
pub fn write_collection(levels: &[(String, &Sokoban)]) -> String {
    let mut out = String::new();
    for (title, level) in levels {
        if !title.is_empty() {
            out.push_str(&format!("; {title}\n\n"));
        }
        out.push_str(&level.to_xsb(&level.start));
        out.push('\n');
    }
    out
}
