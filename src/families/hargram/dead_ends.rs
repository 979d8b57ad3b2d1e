//! Positions of the exact cover that are known to have no cover, remembered.
//!
//! The search from a position depends only on the cells filled and the pieces left, and different
//! placements often fill the same cells with the same pieces (two pieces swapping a notch), so the same
//! dead end is met again and again near the bottom of the search. A table of fixed size, reserved when the
//! engine is made, keeps the last dead end stored in each slot; a position found there is skipped. A slot
//! holds its position whole, so a look-up is exact: a position is skipped only when it has no cover.

use crate::memory;
use alloc::vec::Vec;
use core::mem::size_of;

/// Slots for a board of `placements` placements, `stride` words a slot: enough for the repeats of a
/// search that size (measured on the 6×10 pentominoes, where twice as many were slower), within 1 MiB.
fn slots_for(placements: usize, stride: usize) -> usize {
    let most = (1 << 20) / (stride * size_of::<u64>());
    placements.saturating_mul(16).next_power_of_two().clamp(64, 1 << 15).min(1 << most.ilog2())
}

/// The table: each slot the words of the filled cells and the pieces left (coded); a slot of zeros is
/// empty (no position has no cell filled and no piece left).
#[derive(Clone, Debug, Default)]
pub(super) struct DeadEnds {
    words: Vec<u64>,
    /// Words a slot: the board's words, then one.
    stride: usize,
    /// Slots in use (a power of two), or 0 with no table.
    slots: usize,
    /// Whether a slot was written since the table was last cleared.
    written: bool,
}

impl DeadEnds {
    /// A table for a board of `board_words` words and `placements` placements; none if the memory cannot
    /// be had (the search is then only slower).
    pub(super) fn new(board_words: usize, placements: usize) -> DeadEnds {
        let stride = board_words + 1;
        let words = memory::zeroed::<u64>(slots_for(placements, stride) * stride).unwrap_or_default();
        let mut table = DeadEnds { words, stride: 0, slots: 0, written: false };
        table.forget(board_words);
        table
    }

    /// Forgets every position and sets the board's words (no allocation).
    pub(super) fn forget(&mut self, board_words: usize) {
        if self.written {
            self.words.fill(0);
            self.written = false;
        }
        self.stride = board_words + 1;
        let fit = self.words.len() / self.stride;
        self.slots = if fit == 0 { 0 } else { 1 << fit.ilog2() };
    }

    /// Bytes reserved.
    pub(super) fn bytes_reserved(&self) -> usize {
        self.words.capacity() * size_of::<u64>()
    }

    /// The first word of the slot of a position.
    #[inline]
    fn slot(&self, filled: &[u64], left: u64) -> usize {
        let mut hash = left.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        for &w in filled {
            hash = (hash ^ w).wrapping_mul(0xC2B2_AE3D_27D4_EB4F);
        }
        (hash >> 32) as usize & (self.slots - 1)
    }

    /// Whether the position (`filled` cells, `left` the pieces left, coded) is a known dead end.
    #[inline]
    pub(super) fn contains(&self, filled: &[u64], left: u64) -> bool {
        if self.slots == 0 {
            return false;
        }
        let at = self.slot(filled, left) * self.stride;
        let slot = &self.words[at..at + self.stride];
        let n = filled.len();
        slot[n] == left && slot[..n] == *filled
    }

    /// Remembers the position as a dead end (over whatever its slot held).
    #[inline]
    pub(super) fn insert(&mut self, filled: &[u64], left: u64) {
        if self.slots == 0 {
            return;
        }
        let at = self.slot(filled, left) * self.stride;
        let n = filled.len();
        let slot = &mut self.words[at..at + self.stride];
        slot[..n].copy_from_slice(filled);
        slot[n] = left;
        self.written = true;
    }
}
