//! The text form of sliding-tile boards: cells row-major, comma-separated, `0` for the blank.

use super::Board;
use crate::text::{Field, ParseError};
use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;
use core::fmt::Write;

pub(super) fn write_cells(out: &mut String, board: &Board, n: usize) {
    for (i, tile) in board.cells(n).enumerate() {
        if i > 0 {
            out.push(',');
        }
        let _ = write!(out, "{tile}");
    }
}

pub(super) fn parse_board(field: &Field<'_>, n: usize, dims: (u8, u8)) -> Result<Board, ParseError> {
    let items = field.parse_list::<u8>("a tile number")?;
    if items.len() != n {
        return Err(field.error(format!("{}x{} needs {n} cells, found {}", dims.0, dims.1, items.len())));
    }
    let cells: Vec<u8> = items.iter().map(|(t, _)| *t).collect();
    Board::from_cells(&cells).map_err(|(i, reason)| items[i].1.error(reason))
}
