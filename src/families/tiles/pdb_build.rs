//! Building one pattern's table of the 4×4 pattern databases: a breadth-first search backwards from the
//! goal placement of the pattern's tiles, the blank moving for free through the cells they leave free.
//!
//! A state is a placement of the pattern's tiles (4 bits a tile, the cell) and the region of free cells
//! holding the blank, named by its lowest cell. Its first visit is its distance, written into the slot of
//! its region (the largest region or any other, [`super::pdb`]'s region slots). The search runs layer by
//! layer; a layer is cut into pieces that a [`Spread`] may run at once (on every core, for the 8-tile
//! table of the 7-8 partition): the visited marks and the table are atomic words, each state is claimed
//! once by the piece whose `fetch_or` sets its mark first, and a slot takes the layer's depth whichever
//! piece writes it, so the table is the same however the pieces ran.

use crate::tables::Spread;
use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;
use core::sync::atomic::{AtomicU16, AtomicU8, Ordering};

/// How a pattern's placements number its table's entries.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Index {
    /// The placement word itself (4 bits a tile, `16^k` entries, most of them never a placement): no
    /// work to index.
    Raw,
    /// The placement's rank among the `16!/(16-k)!` placements ([`rank`]): 2.9 times fewer entries for
    /// 6 tiles, 8.3 times for 8.
    Ranked,
}

impl Index {
    /// Entries of a table of `k` tiles.
    pub fn entries(self, k: usize) -> usize {
        match self {
            Index::Raw => 1 << (4 * k),
            Index::Ranked => (0..k).map(|i| 16 - i).product(),
        }
    }

    /// The entry of the placement of `k` tiles given as 4 bits a tile.
    #[inline(always)]
    pub fn of(self, placement: u64, k: usize) -> usize {
        match self {
            Index::Raw => placement as usize & ((1 << (4 * k)) - 1),
            Index::Ranked => rank(placement, k),
        }
    }
}

/// The rank of a placement of `k` tiles (4 bits a tile, the cell; at most 8 tiles) among all placements
/// of `k` tiles on the 16 cells: each tile's cell counted among the cells the tiles before it left free,
/// in mixed radix (16, 15, …).
///
/// Made without a loop-carried chain, since the 7-8 search ranks a pattern at every child: the cells go
/// into the bytes of a word, and for each tile one subtraction compares its cell with every other
/// (a lane's top bit survives where the other cell is not above), a multiplication counts the tiles before
/// it that lie below; the digits are weighted and summed independently. Three times faster than counting
/// bits tile after tile ([`rank_by_counting`]) where the processor has no bit-count instruction (the
/// baseline x86-64).
#[inline(always)]
pub fn rank(placement: u64, k: usize) -> usize {
    const LANES: u64 = 0x0101_0101_0101_0101;
    debug_assert!(k <= 8);
    // Byte i holds the cell of tile i.
    let mut cells = placement & 0xFFFF_FFFF;
    cells = (cells | cells << 16) & 0x0000_FFFF_0000_FFFF;
    cells = (cells | cells << 8) & 0x00FF_00FF_00FF_00FF;
    cells = (cells | cells << 4) & 0x0F0F_0F0F_0F0F_0F0F;
    let mut rank = 0;
    for (i, &weight) in WEIGHTS[k].iter().enumerate().take(k) {
        let cell = (cells >> (8 * i)) & 15;
        // Lane j: 0x80 + cell - cell_j, whose top bit is set when tile j's cell is below tile i's.
        let below = (((cell * LANES) | (LANES << 7)) - cells) >> 7 & LANES & ((1 << (8 * i)) - 1);
        let before = below.wrapping_mul(LANES) >> 56;
        rank += (cell - before) as usize * weight;
    }
    rank
}

/// The weight of each digit of a rank of `k` tiles, `WEIGHTS[k][i]`: the product of the bases of the
/// digits after it, `(16 - i - 1)·…·(16 - k + 1)`.
const WEIGHTS: [[usize; 8]; 9] = {
    let mut weights = [[0usize; 8]; 9];
    let mut k = 1;
    while k <= 8 {
        weights[k][k - 1] = 1;
        let mut i = k - 1;
        while i > 0 {
            i -= 1;
            weights[k][i] = weights[k][i + 1] * (16 - (i + 1));
        }
        k += 1;
    }
    weights
};

/// [`rank`] tile after tile, counting the bits of the cells used below each (the reference it is tested
/// against).
pub fn rank_by_counting(placement: u64, k: usize) -> usize {
    let (mut used, mut rank) = (0u32, 0usize);
    for i in 0..k {
        let cell = ((placement >> (4 * i)) & 15) as u32;
        let before = (used & ((1 << cell) - 1)).count_ones();
        rank = rank * (16 - i) + (cell - before) as usize;
        used |= 1 << cell;
    }
    rank
}

/// The placement of `k` tiles of a rank (the inverse of [`rank`]).
pub fn unrank(mut rank: usize, k: usize) -> u64 {
    let mut digits = [0u32; 16];
    for i in (0..k).rev() {
        let base = 16 - i;
        digits[i] = (rank % base) as u32;
        rank /= base;
    }
    let (mut used, mut placement) = (0u32, 0u64);
    for (i, &digit) in digits[..k].iter().enumerate() {
        // The digit-th cell not used yet.
        let mut free = 0xFFFF & !used;
        for _ in 0..digit {
            free &= free - 1;
        }
        let cell = free.trailing_zeros();
        used |= 1 << cell;
        placement |= (cell as u64) << (4 * i);
    }
    placement
}

/// What a table holds and how it is numbered.
#[derive(Clone, Copy, Debug)]
pub struct TableSpec<'a> {
    /// Goal cell of each of the pattern's tiles (at most 8).
    pub goals: &'a [u8],
    /// The blank's goal cell.
    pub blank_goal: u8,
    /// How placements number the entries.
    pub index: Index,
    /// Bits of each of an entry's two slots: a slot holds half the excess of the pattern distance over
    /// the tiles' Manhattan distance, at most `2^bits - 1`.
    pub slot_bits: u32,
}

impl TableSpec<'_> {
    /// Bytes of the table.
    pub fn bytes(&self) -> usize {
        (self.index.entries(self.goals.len()) * 2 * self.slot_bits as usize).div_ceil(8)
    }
}

/// Layer entries a piece takes at most: enough that a piece's start and its result's copy cost little.
const PIECE: usize = 1 << 16;
/// States whose moves are made before their visited words are read (their misses overlap).
const BATCH: usize = 64;

/// The cells reachable from `seed` through `free` cells (bit `c` is cell `c` of the 4×4 grid).
#[inline]
pub fn flood(seed: u16, free: u16) -> u16 {
    let mut region = seed;
    loop {
        let grown = (region | region << 4 | region >> 4 | (region << 1) & 0xEEEE | (region >> 1) & 0x7777) & free;
        if grown == region {
            return region;
        }
        region = grown;
    }
}

/// Cells of the `k` tiles of a placement (4 bits a tile).
#[inline]
pub fn occupied(placement: u64, k: usize) -> u16 {
    (0..k).fold(0u16, |acc, i| acc | 1 << ((placement >> (4 * i)) & 15))
}

fn manhattan(a: u8, b: u8) -> u32 {
    ((a >> 2).abs_diff(b >> 2) + (a & 3).abs_diff(b & 3)) as u32
}

/// A vector of `len` zero words, reserved fallibly (untouched pages cost nothing).
fn zeroed<T: crate::memory::Zeroable>(len: usize, what: &str) -> Result<Vec<T>, String> {
    crate::memory::zeroed(len).map_err(|e| format!("building {what}: {e}"))
}

/// Builds the table `spec` describes, the layers' pieces run by `spread`; `slots` gives, for every set of
/// occupied cells, the slot of every free cell's region. Fails only when memory runs out.
pub fn build_table(spec: &TableSpec<'_>, slots: &[u16; 1 << 16], spread: &dyn Spread) -> Result<Vec<u8>, String> {
    let k = spec.goals.len();
    let what = format!("the table of {k} tiles");
    let seen: Vec<AtomicU16> = zeroed(spec.index.entries(k), &what)?;
    let table: Vec<AtomicU8> = zeroed(spec.bytes(), &what)?;
    let goal = spec.goals.iter().enumerate().fold(0u64, |acc, (i, &c)| acc | (c as u64) << (4 * i));
    let first = flood(1 << spec.blank_goal, !occupied(goal, k)).trailing_zeros() as u64;
    seen[spec.index.of(goal, k)].fetch_or(1 << first, Ordering::Relaxed);
    let mut layer: Vec<u64> = Vec::from([goal << 4 | first]);
    let mut depth = 0u32;
    while !layer.is_empty() {
        depth += 1;
        let pieces = layer.len().div_ceil(PIECE);
        let expand = |piece: usize| {
            let chunk = &layer[piece * PIECE..layer.len().min((piece + 1) * PIECE)];
            expand_chunk(spec, chunk, depth, &seen, &table, slots)
        };
        let found = spread.map(pieces, &expand);
        // The layer is done with, and each piece's states are let go once copied: at most two layers'
        // worth of memory is held (the 8-tile table's largest layers hold hundreds of millions).
        drop(core::mem::take(&mut layer));
        let mut next: Vec<u64> = Vec::new();
        next.try_reserve_exact(found.iter().map(|bytes| bytes.len() / 8).sum())
            .map_err(|_| format!("building {what} ran out of memory at depth {depth}"))?;
        for bytes in found {
            next.extend(bytes.chunks_exact(8).map(|b| u64::from_le_bytes(b.try_into().unwrap_or_default())));
        }
        layer = next;
    }
    Ok(table.into_iter().map(AtomicU8::into_inner).collect())
}

/// The states first reached from `chunk` (states at distance `depth - 1`), marked in `seen` and written
/// into `table`, as 8 bytes each.
fn expand_chunk(
    spec: &TableSpec<'_>,
    chunk: &[u64],
    depth: u32,
    seen: &[AtomicU16],
    table: &[AtomicU8],
    slots: &[u16; 1 << 16],
) -> Vec<u8> {
    let k = spec.goals.len();
    let slot_max = (1u32 << spec.slot_bits) - 1;
    let mut out = Vec::new();
    // (placement << 4 | lowest cell of the blank's region, entry) of the moves of a few states.
    let mut batch: Vec<(u64, usize)> = Vec::with_capacity(BATCH * 4 * k);
    for states in chunk.chunks(BATCH) {
        batch.clear();
        for &state in states {
            let (placement, lowest) = (state >> 4, (state & 15) as u32);
            let free = !occupied(placement, k);
            let blank_region = flood(1 << lowest, free);
            for i in 0..k {
                let cell = ((placement >> (4 * i)) & 15) as u32;
                let bit = 1u16 << cell;
                let mut targets = (bit << 4 | bit >> 4 | (bit << 1) & 0xEEEE | (bit >> 1) & 0x7777) & blank_region;
                while targets != 0 {
                    let to = targets.trailing_zeros() as u64;
                    targets &= targets - 1;
                    let moved = (placement & !(15 << (4 * i))) | to << (4 * i);
                    let region = flood(bit, (free | bit) & !(1 << to));
                    let entry = spec.index.of(moved, k);
                    crate::memory::prefetch(&seen[entry]);
                    // The entry's byte too: a new state's value is written with a locked `or`, which
                    // would otherwise wait for the line with everything after it (a quarter of the build).
                    crate::memory::prefetch(&table[entry * 2 * spec.slot_bits as usize / 8]);
                    batch.push((moved << 4 | region.trailing_zeros() as u64, entry));
                }
            }
        }
        for &(candidate, entry) in &batch {
            let (moved, lowest) = (candidate >> 4, (candidate & 15) as u32);
            if seen[entry].load(Ordering::Relaxed) & (1 << lowest) != 0 {
                continue;
            }
            let regions = seen[entry].fetch_or(1 << lowest, Ordering::Relaxed);
            if regions & (1 << lowest) != 0 {
                continue;
            }
            out.extend_from_slice(&candidate.to_le_bytes());
            // The first region of a slot seen gives the slot its distance.
            let cells = slots[occupied(moved, k) as usize];
            let slot = (cells >> lowest) as u32 & 1;
            let mut earlier = regions;
            let mut taken = false;
            while earlier != 0 {
                taken |= (cells >> earlier.trailing_zeros()) as u32 & 1 == slot;
                earlier &= earlier - 1;
            }
            if !taken {
                let md: u32 = (0..k).map(|i| manhattan(((moved >> (4 * i)) & 15) as u8, spec.goals[i])).sum();
                let half_excess = ((depth - md) / 2).min(slot_max);
                let bit = entry * 2 * spec.slot_bits as usize + (slot * spec.slot_bits) as usize;
                table[bit / 8].fetch_or((half_excess << (bit % 8)) as u8, Ordering::Relaxed);
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranks_number_every_placement_once() {
        for k in [1usize, 2, 3] {
            let mut hit = alloc::vec![false; Index::Ranked.entries(k)];
            for raw in 0..1u64 << (4 * k) {
                if occupied(raw, k).count_ones() as usize == k {
                    let r = rank(raw, k);
                    assert!(!hit[r], "rank {r} twice");
                    hit[r] = true;
                    assert_eq!(unrank(r, k), raw);
                }
            }
            assert!(hit.iter().all(|&h| h));
        }
        // Eight tiles: the last rank is the placement on the highest cells, from the top down.
        let last = Index::Ranked.entries(8) - 1;
        assert_eq!(unrank(last, 8), (0..8u64).fold(0, |a, i| a | (15 - i) << (4 * i)));
        assert_eq!(rank(unrank(123_456_789, 8), 8), 123_456_789);
        // The word-parallel rank is the rank counted tile after tile, for every size.
        let mut seed = 7u64;
        for k in 1..=8 {
            for _ in 0..20_000 {
                seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                let placement = unrank((seed >> 20) as usize % Index::Ranked.entries(k), k);
                assert_eq!(rank(placement, k), rank_by_counting(placement, k), "{placement:x}, {k} tiles");
            }
        }
    }
}
