//! The cells of the feature-space search ([`super::fess`]): positions filed by their features, each cell a
//! queue of positions, least key first (the newest among equals). The queues are leftist heaps linked
//! through arrays indexed by position, so that every array is reserved at creation and a push or a pop
//! costs O(log n) at worst (a merge walks two right spines, each at most log₂ n + 1 long) — bounded per
//! frame, never allocating; a position is in one queue at most, once.

use crate::memory::{self, OutOfMemory};
use alloc::vec::Vec;
use core::hash::{Hash, Hasher};

/// No position.
const NIL: u32 = u32::MAX;

/// Positions filed by features `F` in cells, a queue a cell.
pub struct Cells<F> {
    /// Each position's children in its queue, the length of its right spine (its rank), and its key.
    left: Vec<u32>,
    right: Vec<u32>,
    rank: Vec<u8>,
    key: Vec<u32>,
    /// Each cell's queue (its least position, `NIL` when empty) and features.
    roots: Vec<u32>,
    features: Vec<F>,
    /// Open addressing on the features: a cell + 1, 0 for an empty slot.
    table: Vec<u32>,
}

impl<F: Copy + Eq + Hash> Cells<F> {
    /// Cells for positions `0..positions`, at most `cells` of them (reserved now).
    pub fn new(positions: usize, cells: usize) -> Result<Cells<F>, OutOfMemory> {
        let cells = cells.clamp(1, u32::MAX as usize / 4);
        Ok(Cells {
            left: memory::with_capacity(positions)?,
            right: memory::with_capacity(positions)?,
            rank: memory::with_capacity(positions)?,
            key: memory::with_capacity(positions)?,
            roots: memory::with_capacity(cells)?,
            features: memory::with_capacity(cells)?,
            table: memory::zeroed(Self::table_len(cells))?,
        })
    }

    /// The bytes [`Cells::new`] reserves.
    pub fn bytes_for(positions: usize, cells: usize) -> usize {
        positions.saturating_mul(13).saturating_add(cells.saturating_mul(4 + core::mem::size_of::<F>()))
            + Self::table_len(cells).saturating_mul(4)
    }

    fn table_len(cells: usize) -> usize {
        cells.saturating_mul(2).checked_next_power_of_two().unwrap_or(usize::MAX / 8)
    }

    /// Empties every cell, and forgets them (the table is cleared when it was used).
    pub fn clear(&mut self) {
        if !self.roots.is_empty() {
            self.table.fill(0);
        }
        for v in [&mut self.left, &mut self.right, &mut self.key, &mut self.roots] {
            v.clear();
        }
        self.rank.clear();
        self.features.clear();
    }

    /// The cells made so far.
    pub fn len(&self) -> usize {
        self.roots.len()
    }

    /// Whether no cell is made yet.
    pub fn is_empty(&self) -> bool {
        self.roots.is_empty()
    }

    /// The cell of `features`, made if new; `None` when every cell reserved is made.
    pub fn cell(&mut self, features: F) -> Option<usize> {
        let mask = self.table.len() - 1;
        let mut hasher = rustc_hash::FxHasher::default();
        features.hash(&mut hasher);
        let mut slot = hasher.finish() as usize & mask;
        while self.table[slot] != 0 {
            let cell = self.table[slot] as usize - 1;
            if self.features[cell] == features {
                return Some(cell);
            }
            slot = (slot + 1) & mask;
        }
        if self.roots.len() == self.roots.capacity() {
            return None;
        }
        self.roots.push(NIL);
        self.features.push(features);
        self.table[slot] = self.roots.len() as u32;
        Some(self.roots.len() - 1)
    }

    /// Queues position `id` (below the positions reserved, in no queue now) in `cell` with `key`.
    pub fn push(&mut self, cell: usize, id: u32, key: u32) {
        let at = id as usize;
        if at >= self.left.len() {
            // Positions are added in order: the arrays grow within what was reserved.
            let len = (at + 1).min(self.left.capacity());
            self.left.resize(len, NIL);
            self.right.resize(len, NIL);
            self.rank.resize(len, 0);
            self.key.resize(len, 0);
        }
        (self.left[at], self.right[at], self.rank[at], self.key[at]) = (NIL, NIL, 1, key);
        self.roots[cell] = self.merge(self.roots[cell], id);
    }

    /// Takes the least position off `cell`'s queue: its key and id.
    pub fn pop(&mut self, cell: usize) -> Option<(u32, u32)> {
        let root = self.roots[cell];
        if root == NIL {
            return None;
        }
        let (left, right) = (self.left[root as usize], self.right[root as usize]);
        self.roots[cell] = self.merge(left, right);
        Some((self.key[root as usize], root))
    }

    /// Whether `a` comes before `b`: the lesser key, then the newer position, so that a cell follows a line
    /// of play deeper before it goes back (measured: 40 XSokoban levels at 3 s against 37 oldest first).
    fn before(&self, a: u32, b: u32) -> bool {
        (self.key[a as usize], u32::MAX - a) < (self.key[b as usize], u32::MAX - b)
    }

    fn rank_of(&self, id: u32) -> u8 {
        if id == NIL {
            0
        } else {
            self.rank[id as usize]
        }
    }

    /// Merges the heaps rooted at `a` and `b` along their right spines: the root of the merged heap.
    fn merge(&mut self, mut a: u32, mut b: u32) -> u32 {
        // Two right spines of at most 33 positions each (a rank is at most log₂ 2³² + 1).
        let mut spine: heapless::Vec<u32, 80> = heapless::Vec::new();
        let mut merged = loop {
            if a == NIL {
                break b;
            }
            if b == NIL {
                break a;
            }
            if self.before(b, a) {
                core::mem::swap(&mut a, &mut b);
            }
            let _ = spine.push(a);
            a = self.right[a as usize];
        };
        while let Some(n) = spine.pop() {
            let at = n as usize;
            self.right[at] = merged;
            if self.rank_of(self.left[at]) < self.rank_of(self.right[at]) {
                (self.left[at], self.right[at]) = (self.right[at], self.left[at]);
            }
            self.rank[at] = self.rank_of(self.right[at]) + 1;
            merged = n;
        }
        merged
    }
}
