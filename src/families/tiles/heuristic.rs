//! The lower bounds of sliding-tile searches: misplaced tiles, Manhattan distance, linear conflicts.

use super::{Board, Tiles, MAX_SIDE};

/// Which lower bound the searches use.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Heuristic {
    /// Tiles not on their goal cell (weak; "tiles in place" for hill climbing).
    Misplaced,
    /// Sum of the tiles' Manhattan distances to their goal cells.
    Manhattan,
    /// Manhattan distance plus two moves for every tile that must leave its row or column to let
    /// another pass (Hansson, Mayer and Yung). The default.
    LinearConflict,
}

impl Heuristic {
    /// Every heuristic, weakest first.
    pub const ALL: [Heuristic; 3] = [Heuristic::Misplaced, Heuristic::Manhattan, Heuristic::LinearConflict];

    /// Parses `misplaced`, `manhattan` or `linear-conflict` (`lc`).
    pub fn parse(name: &str) -> Option<Heuristic> {
        match name.trim() {
            "misplaced" => Some(Heuristic::Misplaced),
            "manhattan" => Some(Heuristic::Manhattan),
            "linear-conflict" | "lc" => Some(Heuristic::LinearConflict),
            _ => None,
        }
    }

    /// The name `parse` accepts.
    pub fn name(self) -> &'static str {
        match self {
            Heuristic::Misplaced => "misplaced",
            Heuristic::Manhattan => "manhattan",
            Heuristic::LinearConflict => "linear-conflict",
        }
    }
}

// `#[inline]`: these run at every expansion, and since they live apart from the `Puzzle` impl they
// would otherwise sit in another codegen unit, out of the searches' reach.
impl Tiles {
    /// Sum of Manhattan distances of every tile from its goal cell.
    #[inline]
    pub fn manhattan(&self, state: &Board) -> u32 {
        (0..self.cells()).map(|c| self.distance[state.tile(c) as usize][c] as u32).sum()
    }

    /// Number of tiles (not the blank) away from their goal cell.
    #[inline]
    pub fn misplaced(&self, state: &Board) -> u32 {
        (0..self.cells()).filter(|&c| state.tile(c) != 0 && state.tile(c) != self.goal.tile(c)).count() as u32
    }

    /// Extra moves forced by linear conflicts (twice the tiles that must leave a row or column).
    #[inline]
    pub fn linear_conflicts(&self, state: &Board) -> u32 {
        (0..self.height()).map(|r| self.row_conflicts(state, r)).sum::<u32>()
            + (0..self.width()).map(|c| self.column_conflicts(state, c)).sum::<u32>()
    }

    #[inline]
    pub(super) fn row_conflicts(&self, state: &Board, row: usize) -> u32 {
        let w = self.width();
        let mut keys = [0u8; MAX_SIDE as usize];
        let mut len = 0;
        for tile in (row * w..row * w + w).map(|c| state.tile(c)) {
            if tile != 0 && self.goal_row[tile as usize] as usize == row {
                keys[len] = self.goal_col[tile as usize];
                len += 1;
            }
        }
        conflict_moves(&keys[..len])
    }

    #[inline]
    pub(super) fn column_conflicts(&self, state: &Board, col: usize) -> u32 {
        let w = self.width();
        let mut keys = [0u8; MAX_SIDE as usize];
        let mut len = 0;
        for row in 0..self.height() {
            let tile = state.tile(row * w + col);
            if tile != 0 && self.goal_col[tile as usize] as usize == col {
                keys[len] = self.goal_row[tile as usize];
                len += 1;
            }
        }
        conflict_moves(&keys[..len])
    }
}

/// Twice the number of keys that must leave the line so that the rest are in increasing order:
/// `2 · (len − longest increasing subsequence)`.
#[inline]
fn conflict_moves(keys: &[u8]) -> u32 {
    if keys.len() < 2 {
        return 0;
    }
    let mut lis = [1u8; MAX_SIDE as usize];
    let mut best = 1;
    for i in 1..keys.len() {
        for j in 0..i {
            if keys[j] < keys[i] && lis[j] + 1 > lis[i] {
                lis[i] = lis[j] + 1;
            }
        }
        best = best.max(lis[i]);
    }
    2 * (keys.len() as u32 - best as u32)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn conflict_moves_is_twice_the_tiles_to_remove() {
        assert_eq!(conflict_moves(&[0, 1, 2]), 0);
        assert_eq!(conflict_moves(&[1, 0]), 2);
        assert_eq!(conflict_moves(&[2, 1, 0]), 4);
        assert_eq!(conflict_moves(&[3, 0, 1, 2]), 2);
    }
}
