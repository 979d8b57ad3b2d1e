//! The packed board of sliding tiles and its moves.

use super::MAX_CELLS;
use alloc::format;
use alloc::string::String;

/// Bits per cell in a packed board.
pub(super) const CELL_BITS: usize = 5;
const CELL_MASK: u64 = (1 << CELL_BITS) - 1;

/// The low 64 bits of `packed >> shift` (`shift` below 128).
#[inline]
fn shr(packed: u128, shift: usize) -> u64 {
    if cfg!(target_family = "wasm") {
        shr_halves(packed, shift)
    } else {
        (packed >> shift) as u64
    }
}

/// `value << shift` (`shift` below 128).
#[inline]
fn shl(value: u64, shift: usize) -> u128 {
    if cfg!(target_family = "wasm") {
        shl_halves(value, shift)
    } else {
        (value as u128) << shift
    }
}

// WebAssembly has no 128-bit shifts: LLVM calls a library routine for each (6 % of a table hint's time
// there), where shifts of the two 64-bit halves take a few instructions.
#[inline]
fn shr_halves(packed: u128, shift: usize) -> u64 {
    let (low, high, s) = (packed as u64, (packed >> 64) as u64, shift as u32);
    if s >= 64 {
        high >> (s - 64)
    } else {
        // `high << (64 - s)`, 0 when `s` is 0, without a shift by 64.
        low >> s | (high << 1) << (63 - s)
    }
}

#[inline]
fn shl_halves(value: u64, shift: usize) -> u128 {
    let s = shift as u32;
    if s >= 64 {
        ((value << (s - 64)) as u128) << 64
    } else {
        (((value >> 1) >> (63 - s)) as u128) << 64 | (value << s) as u128
    }
}

/// An arrangement of tiles, packed 5 bits a cell into one `u128` (unused cells zero) so that copying,
/// hashing and comparing a board are a few register operations.
#[derive(Clone, Copy)]
pub struct Board {
    pub(super) packed: u128,
    pub(super) blank: u8,
}

impl PartialEq for Board {
    fn eq(&self, other: &Board) -> bool {
        // The blank is the one empty cell, so the packed cells decide equality.
        self.packed == other.packed
    }
}

impl Eq for Board {}

impl core::hash::Hash for Board {
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        self.packed.hash(state);
    }
}

impl core::fmt::Debug for Board {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        let used = (0..MAX_CELLS).rev().find(|&c| self.tile(c) != 0 || c == self.blank()).map_or(0, |c| c + 1);
        f.debug_list().entries(self.cells(used)).finish()
    }
}

impl Board {
    /// The tile on every cell, row-major (0 = blank), for a board of `len` cells.
    pub fn cells(&self, len: usize) -> impl Iterator<Item = u8> + '_ {
        (0..len).map(|c| self.tile(c))
    }

    /// The tile at `cell` (0 = blank).
    #[inline]
    pub fn tile(&self, cell: usize) -> u8 {
        (shr(self.packed, cell * CELL_BITS) & CELL_MASK) as u8
    }

    /// The cell holding the blank.
    #[inline]
    pub fn blank(&self) -> usize {
        self.blank as usize
    }

    /// The board with `tile` on `cell` (a tile, not the blank: the caller keeps the board a permutation).
    #[inline]
    pub(super) fn with_tile(&self, cell: usize, tile: u8) -> Board {
        let shift = cell * CELL_BITS;
        Board { packed: self.packed & !shl(CELL_MASK, shift) | shl(tile as u64, shift), blank: self.blank }
    }

    /// The board after the tile on `from` slides into the blank.
    #[inline]
    pub(super) fn slide(&self, from: usize) -> Board {
        let tile = shr(self.packed, from * CELL_BITS) & CELL_MASK;
        let packed = (self.packed & !shl(CELL_MASK, from * CELL_BITS)) | shl(tile, self.blank() * CELL_BITS);
        Board { packed, blank: from as u8 }
    }

    /// Builds a board from row-major cells, checking that they hold `0..cells.len()` once each.
    /// On failure returns the index of the offending cell and the reason.
    pub fn from_cells(cells: &[u8]) -> Result<Board, (usize, String)> {
        let n = cells.len();
        if !(4..=MAX_CELLS).contains(&n) {
            return Err((0, format!("a board has 4 to {MAX_CELLS} cells, not {n}")));
        }
        let mut board = Board { packed: 0, blank: 0 };
        let mut seen = [false; MAX_CELLS];
        for (i, &tile) in cells.iter().enumerate() {
            if tile as usize >= n {
                return Err((i, format!("tile {tile} is out of range 0..{}", n - 1)));
            }
            if core::mem::replace(&mut seen[tile as usize], true) {
                return Err((i, format!("tile {tile} appears twice")));
            }
            board.packed |= shl(tile as u64, i * CELL_BITS);
            if tile == 0 {
                board.blank = i as u8;
            }
        }
        Ok(board)
    }
}

/// One move: `tile` slides from cell `from` into the blank at cell `to`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TileMove {
    /// The tile that moves.
    pub tile: u8,
    /// The cell it leaves (where the blank goes).
    pub from: u8,
    /// The cell it enters (where the blank was).
    pub to: u8,
}

/// Where `cell` of a `side`×`side` grid goes under the `k`-th of the grid's eight symmetries (bit 0 of
/// `k` flips the columns, bit 1 the rows, bit 2 then swaps rows and columns).
pub(super) fn grid_symmetry(side: u8, k: usize, cell: u8) -> u8 {
    let (mut r, mut c) = (cell / side, cell % side);
    if k & 1 != 0 {
        c = side - 1 - c;
    }
    if k & 2 != 0 {
        r = side - 1 - r;
    }
    if k & 4 != 0 {
        core::mem::swap(&mut r, &mut c);
    }
    r * side + c
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shifts_of_the_halves_are_the_128_bit_shifts() {
        // Every shift of words whose bits cross the halves' boundary, as WebAssembly builds use them.
        let words = [0u128, 1, u128::MAX, 0x1F << 60, 0x0123_4567_89AB_CDEF_FEDC_BA98_7654_3210, 1 << 127];
        for packed in words {
            for shift in 0..128 {
                assert_eq!(shr_halves(packed, shift), (packed >> shift) as u64, "{packed:#x} >> {shift}");
            }
        }
        for value in [0u64, 1, 0x1F, u64::MAX] {
            for shift in 0..128 {
                assert_eq!(shl_halves(value, shift), (value as u128) << shift, "{value:#x} << {shift}");
            }
        }
    }
}
