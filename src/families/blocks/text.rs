//! The text description of sliding blocks: `blocks:WxH:ROWS:GOALS[:COUNT[:FLOOR]]`.
//!
//! - ROWS: `H` rows separated by `/`, one character a cell: `#` wall, `.` empty, `+` empty cell only goal
//!   blocks may enter (the exit doorway), any other letter or digit a cell of the block it names (all
//!   cells with one character form one block, of any connected shape).
//! - GOALS: `CHAR@row,col` joined by `;`: that block is a goal block and the puzzle is solved when the
//!   top-left corner of its bounding box stands at (row, col), 0-based, counted as drawn (walls
//!   included). Goal blocks may enter `+` cells; the others may not. A `-` or `|` after an entry locks
//!   the block to its row (left and right only) or column (up and down only), as Rush Hour's cars; an
//!   entry may be only that (`B-`): `A@2,4-;B-;C|`.
//! - COUNT: `step`, `line` or `free` (the default).
//! - FLOOR: only when a block stands on a `+` cell (a position resumed mid-game): the terrain under the
//!   blocks as rows of `#`, `.` and `+`.
//!
//! Example (Huarong Dao's 横刀立马, 81 moves free): `blocks:4x5:BAAC/BAAC/DEEF/DGHF/I..J:A@3,1`.
//! Identical blocks are interchangeable, so a printed description names them in anchor order.

use super::{Axis, BlockSpec, Blocks, Count, Layout, Shape, Terrain, MAX_SIDE};
use crate::text::{fields, Field, ParseError};
use alloc::collections::BTreeMap;
use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

/// Parses a description (see the module).
pub fn parse(desc: &str) -> Result<Blocks, ParseError> {
    let f = fields(desc, "blocks", 3, 5)?;
    let (w, h) = f[0].parse_dims(1, MAX_SIDE as u8)?;
    let (w, h) = (w as usize, h as usize);
    let grid = read_rows(&f[1], w, h, "the board", true)?;
    let count = match f.get(3) {
        Some(field) => Count::named(field.text)
            .ok_or_else(|| field.error(format!("expected a count step, line or free, found '{}'", field.text)))?,
        None => Count::Free,
    };
    let mut terrain: Vec<Terrain> = grid.iter().map(|&(_, t, _)| t).collect();
    if let Some(floor) = f.get(4) {
        let under = read_rows(floor, w, h, "the floor", false)?;
        for (i, (&(c, t, _), &(_, below, column))) in grid.iter().zip(&under).enumerate() {
            let agrees = if c.is_some() { below != Terrain::Wall } else { below == t };
            if !agrees {
                return Err(ParseError::new(
                    column,
                    format!("the floor at row {}, column {} disagrees with the board", i / w, i % w),
                ));
            }
            terrain[i] = below;
        }
    }
    let names: Vec<Option<char>> = grid.iter().map(|&(c, _, _)| c).collect();
    let (goals, axes) = read_goals(&f[2], w, h, &names)?;
    let mut blocks = block_specs(&names, w, &goals).map_err(|(cell, reason)| ParseError::new(grid[cell].2, reason))?;
    for block in &mut blocks {
        block.axis = axes.get(&block.name).copied().unwrap_or_default();
    }
    Blocks::new(w, h, terrain, blocks, count).map_err(|e| f[1].error(e))
}

/// Reads `h` rows of `w` cells: (block character, terrain, column) per cell.
fn read_rows(
    field: &Field<'_>,
    w: usize,
    h: usize,
    what: &str,
    blocks: bool,
) -> Result<Vec<(Option<char>, Terrain, usize)>, ParseError> {
    let rows = field.split('/');
    if rows.len() != h {
        return Err(field.error(format!("{what} ({w}x{h}) needs {h} rows separated by '/', found {}", rows.len())));
    }
    let mut out = Vec::with_capacity(w * h);
    for row in &rows {
        let found = row.text.chars().count();
        if found != w {
            return Err(row.error(format!("a row of {what} has {w} cells, found {found}")));
        }
        for (i, c) in row.text.chars().enumerate() {
            let column = row.column + i;
            out.push(match c {
                '#' => (None, Terrain::Wall, column),
                '.' => (None, Terrain::Open, column),
                '+' => (None, Terrain::BallOnly, column),
                c if blocks && c.is_ascii_alphanumeric() => (Some(c), Terrain::Open, column),
                other => {
                    let expected =
                        if blocks { "'#', '.', '+' or a block's letter or digit" } else { "'#', '.' or '+'" };
                    return Err(ParseError::new(column, format!("expected {expected}, found '{other}'")));
                }
            });
        }
    }
    Ok(out)
}

/// Goal targets and axis locks by block character.
type Rules = (BTreeMap<char, usize>, BTreeMap<char, Axis>);

/// Reads `CHAR@row,col;…` (each entry possibly ending in an axis mark, or only `CHAR` and the mark): the
/// target anchor of each goal block and the axis of each locked block.
fn read_goals(field: &Field<'_>, w: usize, h: usize, names: &[Option<char>]) -> Result<Rules, ParseError> {
    let (mut goals, mut axes) = (BTreeMap::new(), BTreeMap::new());
    for goal in field.split(';') {
        let mut text = goal.text.trim_end();
        let axis = text.chars().last().and_then(Axis::of_mark);
        if axis.is_some() {
            text = &text[..text.len() - 1];
        }
        let (name, at) = match text.split_once('@') {
            Some((name, at)) => (name, Some(at)),
            None if axis.is_some() => (text, None),
            None => return Err(goal.error(format!("expected a goal CHAR@row,col, found '{}'", goal.text))),
        };
        let mut chars = name.trim().chars();
        let (Some(c), None) = (chars.next(), chars.next()) else {
            return Err(goal.error(format!("expected one block character before '@', '-' or '|', found '{name}'")));
        };
        if !names.contains(&Some(c)) {
            return Err(goal.error(format!("the goal names block '{c}', which is not on the board")));
        }
        if let Some(axis) = axis {
            if axes.insert(c, axis).is_some() {
                return Err(goal.error(format!("block '{c}' is locked twice")));
            }
        }
        let Some(at) = at else { continue };
        let place = Field { text: at.trim(), column: goal.column + name.chars().count() + 1 };
        let numbers = place.parse_list::<usize>("a row and a column")?;
        let [(row, row_field), (col, col_field)] = numbers[..] else {
            return Err(place.error(format!("expected row,col, found '{}'", place.text)));
        };
        if row >= h || col >= w {
            let field = if row >= h { row_field } else { col_field };
            return Err(
                field.error(format!("the goal of block '{c}' at row {row}, column {col} is off the {w}x{h} board"))
            );
        }
        if goals.insert(c, row * w + col).is_some() {
            return Err(goal.error(format!("block '{c}' has two goals")));
        }
    }
    Ok((goals, axes))
}

/// The blocks that a grid of block characters (row-major, `w` wide, `None` for no block) draws, with the
/// targets of `goals`; or the first cell of a block whose cells are not connected, and why.
pub fn block_specs(
    names: &[Option<char>],
    w: usize,
    goals: &BTreeMap<char, usize>,
) -> Result<Vec<BlockSpec>, (usize, String)> {
    let mut cells: BTreeMap<char, Vec<usize>> = BTreeMap::new();
    for (i, name) in names.iter().enumerate() {
        if let Some(c) = name {
            cells.entry(*c).or_default().push(i);
        }
    }
    let mut blocks = Vec::new();
    for (&name, cells) in &cells {
        if !connected(cells, w) {
            let reason = format!("the cells of block '{name}' are not connected (two blocks need two characters)");
            return Err((cells[0], reason));
        }
        let top = cells.iter().map(|c| c / w).min().unwrap_or(0);
        let left = cells.iter().map(|c| c % w).min().unwrap_or(0);
        let shape = Shape { cells: cells.iter().map(|c| ((c / w - top) as u8, (c % w - left) as u8)).collect() };
        let target = goals.get(&name).copied();
        blocks.push(BlockSpec { name, shape, anchor: top * w + left, target, axis: Axis::Free });
    }
    Ok(blocks)
}

/// Whether `cells` (row-major on a board `w` wide) are 4-connected.
fn connected(cells: &[usize], w: usize) -> bool {
    let mut reached = alloc::vec![false; cells.len()];
    let mut stack = alloc::vec![0];
    reached[0] = true;
    while let Some(i) = stack.pop() {
        for (j, &other) in cells.iter().enumerate() {
            let (a, b) = (cells[i], other);
            let adjacent = a.abs_diff(b) == w || (a / w == b / w && a.abs_diff(b) == 1);
            if adjacent && !reached[j] {
                reached[j] = true;
                stack.push(j);
            }
        }
    }
    reached.iter().all(|&r| r)
}

/// The block character on each cell of `layout` (`None` for no block).
pub fn names_on_cells(puzzle: &Blocks, layout: &Layout) -> Vec<Option<char>> {
    let board = puzzle.board();
    let mut out = alloc::vec![None; board.cells()];
    for b in 0..board.blocks() {
        let cells = board.placement(b, layout.0[b] as usize);
        for (i, cell) in out.iter_mut().enumerate() {
            if super::has(cells, i) {
                *cell = Some(board.names[b]);
            }
        }
    }
    out
}

/// Prints the description of `puzzle` at its start layout; [`parse`] reads it back.
pub fn describe(puzzle: &Blocks) -> String {
    let board = puzzle.board();
    let (w, h) = (board.width, board.height);
    let names = names_on_cells(puzzle, &puzzle.start_layout());
    let rows = |cell: &dyn Fn(usize) -> char| {
        (0..h).map(|r| (0..w).map(|c| cell(r * w + c)).collect::<String>()).collect::<Vec<_>>().join("/")
    };
    let mut out = format!("blocks:{w}x{h}:{}:", rows(&|i| names[i].unwrap_or(board.terrain[i].symbol())));
    let mut goals: Vec<String> = board
        .groups
        .iter()
        .filter_map(|g| {
            let name = board.names[g.first];
            g.target.map(|t| format!("{name}@{},{}{}", t as usize / w, t as usize % w, g.axis.mark()))
        })
        .collect();
    // Locked blocks that are not goals: each by name, in board order.
    let locked = board.groups.iter().filter(|g| g.target.is_none() && g.axis != Axis::Free);
    let mut marks: Vec<(char, Axis)> =
        locked.flat_map(|g| board.names[g.first..g.first + g.len].iter().map(move |&n| (n, g.axis))).collect();
    marks.sort_unstable();
    goals.extend(marks.iter().map(|(n, axis)| format!("{n}{}", axis.mark())));
    out.push_str(&goals.join(";"));
    let hidden = (0..w * h).any(|i| names[i].is_some() && board.terrain[i] == Terrain::BallOnly);
    if hidden || puzzle.count() != Count::Free {
        out.push(':');
        out.push_str(puzzle.count().name());
    }
    if hidden {
        out.push(':');
        out.push_str(&rows(&|i| board.terrain[i].symbol()));
    }
    out
}

/// Parses Rush Hour's notation `rush:BOARD` (Michael Fogleman's): N×N characters row by row, `o` (or `.`)
/// empty, `x` a wall, a letter a car (2 cells) or truck (3 cells) locked to its long axis, `A` the red car
/// that leaves by the exit on the right of row N/2 − 1. Moves are counted as slides of any distance (the
/// line count, Fogleman's "moves").
pub fn parse_rush(desc: &str) -> Result<Blocks, ParseError> {
    let f = fields(desc, "rush", 1, 1)?;
    let board = &f[0];
    let len = board.text.chars().count();
    // At least 2×2: the exit row is N/2 − 1.
    let n = (2..=MAX_SIDE).find(|&n| n * n == len).ok_or_else(|| {
        board.error(format!("a Rush Hour board is N×N cells (36 for 6×6; 2×2 to {MAX_SIDE}×{MAX_SIDE}), found {len}"))
    })?;
    let mut names = Vec::with_capacity(len);
    let mut terrain = Vec::with_capacity(len);
    for (i, c) in board.text.chars().enumerate() {
        let (name, ground) = match c {
            'o' | '.' => (None, Terrain::Open),
            'x' => (None, Terrain::Wall),
            c if c.is_ascii_uppercase() => (Some(c), Terrain::Open),
            other => {
                return Err(ParseError::new(
                    board.column + i,
                    format!("expected 'o', 'x' or a car's capital letter, found '{other}'"),
                ))
            }
        };
        names.push(name);
        terrain.push(ground);
    }
    if !names.contains(&Some('A')) {
        return Err(board.error("no red car: 'A' names the car that must leave"));
    }
    let exit_row = n / 2 - 1;
    let mut blocks =
        block_specs(&names, n, &BTreeMap::new()).map_err(|(cell, why)| ParseError::new(board.column + cell, why))?;
    for block in &mut blocks {
        let (rows, cols) = block.shape.size();
        let at = board.column + block.anchor;
        block.axis = match (rows, cols) {
            (1, 2..) => Axis::Horizontal,
            (2.., 1) => Axis::Vertical,
            _ => {
                return Err(ParseError::new(at, format!("'{}' is not a car or truck in one row or column", block.name)))
            }
        };
        if block.name == 'A' {
            if block.axis != Axis::Horizontal || block.anchor / n != exit_row {
                // Rows counted from 1, as the hint sentences count them (the notation has no coordinates).
                let row = exit_row + 1;
                return Err(ParseError::new(
                    at,
                    format!("the red car 'A' must lie across row {row} of {n}, the exit's row"),
                ));
            }
            block.target = Some(exit_row * n + n - cols);
        }
    }
    Blocks::new(n, n, terrain, blocks, Count::Line).map_err(|e| board.error(e))
}

/// The puzzle in Rush Hour's notation, when it is one: a square board without `+` cells, the line count,
/// every block a bar locked to its long axis and named by a capital letter, and the only goal the car
/// `A` leaving on the right of row N/2 − 1.
pub fn describe_rush(puzzle: &Blocks) -> Option<String> {
    if !is_rush(puzzle) {
        return None;
    }
    let board = puzzle.board();
    let n = board.width;
    let names = names_on_cells(puzzle, &puzzle.start_layout());
    let cells = (0..n * n).map(|i| match (names[i], board.terrain[i]) {
        (Some(c), _) => c,
        (None, Terrain::Wall) => 'x',
        _ => 'o',
    });
    Some(format!("rush:{}", cells.collect::<String>()))
}

/// Whether the puzzle is a Rush Hour board, which [`describe_rush`] writes as `rush:`.
pub fn is_rush(puzzle: &Blocks) -> bool {
    let board = puzzle.board();
    let n = board.width;
    let square = board.height == n && n >= 2;
    if !square || puzzle.count() != Count::Line || board.terrain.contains(&Terrain::BallOnly) {
        return false;
    }
    for g in &board.groups {
        let (rows, cols) = board.shapes[g.shape].size();
        let bar = match g.axis {
            Axis::Horizontal => rows == 1 && cols >= 2,
            Axis::Vertical => cols == 1 && rows >= 2,
            Axis::Free => false,
        };
        let names = &board.names[g.first..g.first + g.len];
        let goal_ok = match g.target {
            Some(t) => names == ['A'] && g.axis == Axis::Horizontal && t as usize == (n / 2 - 1) * n + n - cols,
            None => !names.contains(&'A'),
        };
        if !bar || !goal_ok || !names.iter().all(char::is_ascii_uppercase) {
            return false;
        }
    }
    true
}
