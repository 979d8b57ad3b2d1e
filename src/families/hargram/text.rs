//! The text form of Hargram puzzles: pieces as drawings, placed pieces as `P@x,y,o`.

use super::{Hargram, HargramMove, Layout, Shape};
use crate::search::Puzzle;
use crate::text::{Field, ParseError};
use alloc::format;
use alloc::vec::Vec;

pub(super) fn parse_piece(field: &Field<'_>) -> Result<(Shape, bool), ParseError> {
    let (text, mirror) = match field.text.strip_suffix('!') {
        Some(rest) => (rest.trim_end(), false),
        None => (field.text, true),
    };
    let (w, _, cells) = Field { text, column: field.column }.parse_grid("a piece", None)?;
    let coords: Vec<(u8, u8)> =
        cells.iter().enumerate().filter(|(_, &on)| on).map(|(i, _)| ((i % w) as u8, (i / w) as u8)).collect();
    if coords.len() > 255 {
        return Err(field.error("a piece has at most 255 cells"));
    }
    Shape::new(&coords).map(|s| (s, mirror)).map_err(|e| field.error(e))
}

pub(super) fn parse_placed(field: &Field<'_>, puzzle: &Hargram) -> Result<Layout, ParseError> {
    let mut layout = Layout::EMPTY;
    for item in field.split(';').into_iter().filter(|f| !f.text.is_empty()) {
        let bad = || item.error(format!("expected P@x,y,o, found '{}'", item.text));
        let (piece, rest) = item.text.split_once('@').ok_or_else(bad)?;
        let numbers: Vec<usize> =
            rest.split(',').map(|n| n.trim().parse().map_err(|_| bad())).collect::<Result<_, _>>()?;
        let piece = piece.trim().parse::<usize>().map_err(|_| bad())?;
        let [x, y, o] = numbers[..] else {
            return Err(bad());
        };
        if x >= puzzle.width as usize || y >= puzzle.height as usize || o > 7 {
            return Err(item.error("placement outside the board or orientation above 7"));
        }
        let mv = HargramMove::Place {
            piece: piece.min(255) as u8,
            orientation: o as u8,
            anchor: (y * puzzle.width as usize + x) as u8,
        };
        layout = puzzle.apply(&layout, &mv).ok_or_else(|| {
            item.error("this piece cannot go there (unknown piece, placed twice, off the board or overlapping)")
        })?;
    }
    Ok(layout)
}
