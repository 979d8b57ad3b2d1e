//! The complete 8-puzzle distance table: every arrangement's optimal distance to one goal, so that any
//! 8-puzzle hint is a table lookup and never a search.
//!
//! The table keeps each distance modulo 3, two bits per arrangement indexed by its permutation rank
//! (362,880 arrangements, 90,720 bytes; the value 3 marks the half that cannot reach the goal). That is
//! enough: a move changes the distance by exactly one, and `d − 1` and `d + 1` differ modulo 3, so the
//! neighbour one step closer is the one whose class is `(c + 2) mod 3`. The full distance comes from
//! walking those steps to the goal (at most 31). A table built for one goal serves every goal with the
//! blank on the same cell, by relabelling the tiles.

use super::{Board, TileMove, Tiles};
use crate::envelope::{self, DataError};
use crate::family::Family;
use crate::search::bfs::Bfs;
use crate::search::{Puzzle, Search, Stats, Status, Step};
use alloc::boxed::Box;
use alloc::format;
use alloc::sync::Arc;
use alloc::vec;
use alloc::vec::Vec;

/// Arrangements of 9 cells.
const ARRANGEMENTS: usize = 362_880;
/// Marks an arrangement that cannot reach the goal.
const UNREACHABLE: u8 = 3;
/// The magic of a serialized distance table.
pub const MAGIC: [u8; 4] = *b"LP8D";
/// Version of the serialized form.
pub const FORMAT_VERSION: u16 = 1;
/// The longest optimal 8-puzzle solution.
const LONGEST: usize = 31;

/// The complete distance table of the 8-puzzle for one goal.
#[derive(Clone, PartialEq, Eq)]
pub struct EightTable {
    /// The goal it was built for: the tile on each cell.
    goal: [u8; 9],
    /// Distance modulo 3 of every arrangement, 2 bits each, by permutation rank.
    classes: Box<[u8]>,
}

impl core::fmt::Debug for EightTable {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "EightTable(goal {:?}, {} bytes)", self.goal, self.classes.len())
    }
}

/// The permutation rank (Lehmer code) of an arrangement of the 9 labels.
fn rank(cells: &[u8; 9]) -> usize {
    let mut seen = 0u16;
    let mut rank = 0;
    for (i, &label) in cells.iter().enumerate() {
        // The labels below this one not seen yet: a popcount, not a loop (a third of a table hint in wasm).
        let smaller_unseen = label as usize - (seen & ((1u16 << label) - 1)).count_ones() as usize;
        rank = rank * (9 - i) + smaller_unseen;
        seen |= 1 << label;
    }
    rank
}

impl EightTable {
    /// Builds the table for `puzzle`'s goal (a 3×3 puzzle) by breadth-first search from the goal. Takes a
    /// few tens of milliseconds.
    pub fn build(puzzle: &Tiles) -> Result<EightTable, alloc::string::String> {
        if (puzzle.width(), puzzle.height()) != (3, 3) {
            return Err(format!("the distance table is for 3x3 boards, not {}x{}", puzzle.width(), puzzle.height()));
        }
        let goal: [u8; 9] = core::array::from_fn(|c| puzzle.goal().tile(c));
        let mut table = EightTable { goal, classes: vec![0xFF; ARRANGEMENTS / 4].into_boxed_slice() };
        let mut bfs = Bfs::explorer(ARRANGEMENTS / 2 + 1).map_err(|e| format!("{e}"))?;
        bfs.restart(puzzle, puzzle.goal());
        bfs.run(puzzle);
        for (board, distance) in bfs.distances() {
            let cells: [u8; 9] = core::array::from_fn(|c| board.tile(c));
            table.set(rank(&cells), (distance % 3) as u8);
        }
        Ok(table)
    }

    fn set(&mut self, index: usize, class: u8) {
        let byte = &mut self.classes[index / 4];
        let shift = (index % 4) * 2;
        *byte = (*byte & !(3 << shift)) | class << shift;
    }

    fn class(&self, index: usize) -> u8 {
        self.classes.get(index / 4).map_or(UNREACHABLE, |b| b >> ((index % 4) * 2) & 3)
    }

    /// Bytes held by the table.
    pub fn bytes(&self) -> usize {
        self.classes.len() + self.goal.len()
    }

    /// Whether the table serves `puzzle`: a 3×3 board whose goal has the blank on the table's goal cell.
    pub fn fits(&self, puzzle: &Tiles) -> bool {
        (puzzle.width(), puzzle.height()) == (3, 3)
            && self.goal.iter().position(|&t| t == 0) == Some(puzzle.goal().blank())
    }

    /// The label of every tile of `puzzle` in the table's goal (tiles on the same goal cell match).
    fn relabelling(&self, puzzle: &Tiles) -> [u8; 9] {
        let mut relabel = [0u8; 9];
        for c in 0..9 {
            relabel[puzzle.goal().tile(c) as usize % 9] = self.goal[c];
        }
        relabel
    }

    /// The serialized table, inside the [`envelope`] (magic `LP8D`).
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut body = Vec::with_capacity(self.bytes());
        body.extend_from_slice(&self.goal);
        body.extend_from_slice(&self.classes);
        envelope::seal(MAGIC, FORMAT_VERSION, &body)
    }

    /// Checks the magic and version at the start of the serialized table.
    pub fn check_header(header: &[u8]) -> Result<(), DataError> {
        envelope::check_header(header, MAGIC, FORMAT_VERSION, "an 8-puzzle distance table")
    }

    /// Loads a table written by [`EightTable::to_bytes`], checking the envelope, the size and the goal.
    pub fn from_bytes(bytes: &[u8]) -> Result<EightTable, DataError> {
        let body = envelope::open(bytes, MAGIC, FORMAT_VERSION, "an 8-puzzle distance table")?;
        if body.len() != 9 + ARRANGEMENTS / 4 {
            return Err(DataError::Corrupt(format!(
                "{} bytes of table, {} expected",
                body.len(),
                9 + ARRANGEMENTS / 4
            )));
        }
        let goal: [u8; 9] = core::array::from_fn(|c| body[c]);
        if (0..9u8).any(|t| !goal.contains(&t)) {
            return Err(DataError::Corrupt(format!("the goal {goal:?} is not an arrangement of 0..8")));
        }
        let table = EightTable { goal, classes: body[9..].into() };
        if table.class(rank(&goal)) != 0 {
            return Err(DataError::Corrupt("the goal is not at distance 0".into()));
        }
        Ok(table)
    }
}

/// The search that reads a plan off the table: one budget unit a step, at most 31 steps.
pub struct TableWalk {
    table: Arc<EightTable>,
    relabel: [u8; 9],
    state: Board,
    path: Vec<(TileMove, Board)>,
    status: Status,
    stats: Stats,
}

impl TableWalk {
    /// A walk for `puzzle` (the table must fit it).
    pub fn new(puzzle: &Tiles, table: Arc<EightTable>) -> TableWalk {
        let relabel = table.relabelling(puzzle);
        TableWalk {
            table,
            relabel,
            state: puzzle.start(),
            path: Vec::with_capacity(LONGEST + 1),
            status: Status::Unsolvable,
            stats: Stats::default(),
        }
    }

    fn class(&self, board: &Board) -> u8 {
        let cells: [u8; 9] = core::array::from_fn(|c| self.relabel[board.tile(c) as usize % 9]);
        self.table.class(rank(&cells))
    }

    fn finish(&mut self, status: Status) -> Status {
        self.status = status;
        if status == Status::Found {
            self.stats.solution_length = Some(self.path.len() as u32);
            self.stats.solution_cost = Some(self.path.len() as u64);
        }
        status
    }
}

impl Search<Tiles> for TableWalk {
    fn restart(&mut self, _: &Tiles, start: Board) {
        self.path.clear();
        self.state = start;
        self.stats = Stats {
            bytes_reserved: self.path.capacity() * core::mem::size_of::<(TileMove, Board)>(),
            ..Stats::default()
        };
        self.status = if self.class(&start) == UNREACHABLE { Status::Unsolvable } else { Status::InProgress };
    }

    fn step(&mut self, puzzle: &Tiles, budget: u32) -> Step {
        let before = self.stats.expanded;
        let status = self.walk(puzzle, budget);
        Step::new(status, (self.stats.expanded - before) as u32)
    }

    fn status(&self) -> Status {
        self.status
    }

    fn stats(&self) -> Stats {
        self.stats
    }

    fn write_path(&self, out: &mut Vec<(TileMove, Board)>) {
        out.clear();
        if self.status == Status::Found {
            out.extend_from_slice(&self.path);
        }
    }
}

impl TableWalk {
    /// Takes at most `budget` steps along the table.
    fn walk(&mut self, puzzle: &Tiles, budget: u32) -> Status {
        for _ in 0..budget {
            if self.status != Status::InProgress {
                break;
            }
            if puzzle.is_goal(&self.state) {
                return self.finish(Status::Found);
            }
            let closer = (self.class(&self.state) + 2) % 3;
            let mut next = None;
            puzzle.successors(&self.state, |mv, child, _| {
                if next.is_none() && self.class(&child) == closer {
                    next = Some((mv, child));
                }
            });
            self.stats.expanded += 1;
            match next {
                Some(step) if self.path.len() < LONGEST => {
                    self.path.push(step);
                    self.state = step.1;
                }
                // A table that does not lead to the goal is not this puzzle's table.
                _ => return self.finish(Status::Unsolvable),
            }
        }
        self.status
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranks_are_a_bijection_of_small_cases() {
        assert_eq!(rank(&[0, 1, 2, 3, 4, 5, 6, 7, 8]), 0);
        assert_eq!(rank(&[8, 7, 6, 5, 4, 3, 2, 1, 0]), ARRANGEMENTS - 1);
        assert_eq!(rank(&[0, 1, 2, 3, 4, 5, 6, 8, 7]), 1);
    }
}
