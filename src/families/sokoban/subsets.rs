//! Deadlocks of two or three boxes that the freeze, matching and corral tests miss: a box in a pocket
//! that only a box beside it could have let out, two boxes in a corridor each needing the other gone
//! first. A few boxes, searched alone (every other box taken off the level), that can never all stand on
//! goals at once are dead in any position that holds them with the player in the same region: other
//! boxes only stand in the way (each push of those boxes in a solution of the whole is legal without the
//! others, and the player walks at least as far). The feature-space search's positions on the XSokoban
//! levels it fails were mostly lost this way (XSokoban 11, 23 and 40: of the positions the A\* proved
//! dead, 5 in 6 held a dead pair or triple, most within two squares of each other).
//!
//! The same search tells **corral deadlocks** of more boxes ([`Subsets::dead_corral`]): an area the
//! player cannot reach, fenced by boxes, whose fence (and the boxes that may hold the fence's, up to
//! [`MOST`]) can, alone on the level, neither all stand on goals nor ever let the player into the area.
//! That search stops as soon as the player gets in (the corral opens: not called dead), so that a live
//! corral costs a few of its positions.
//!
//! Each subset's answer is searched once, when first met, and kept: for every square the player was
//! asked from, whether the subset is dead from its region. A search is a best-first walk of the
//! subset's positions (the boxes' squares, the player's region) towards goals, bounded in work so that a
//! move's test stays one part of a stepped search; a search that runs out is kept as "not dead" — sound,
//! never pruning a live position. Memory is reserved at creation; when the memo is full, subsets not in
//! it are not searched.

use super::board::{has, put, Bits};
use super::level::Level;
use super::{MAX_BOXES, MAX_CELLS, NONE};
use crate::memory::{self, OutOfMemory};
use alloc::collections::BinaryHeap;
use alloc::vec::Vec;
use core::cmp::Reverse;

/// The bytes of a memo for a search of `positions` positions: 4 a position, at most 1 MiB (XSokoban's
/// levels meet a few thousand subsets in a 3-second search).
pub fn memo_bytes(positions: usize) -> usize {
    positions.saturating_mul(4).min(1 << 20)
}

/// How far (in rows or columns) from the pushed box the other box of a pair may stand, and both others
/// of a triple.
const PAIR_SPAN: isize = 3;
const TRIPLE_SPAN: isize = 2;

/// The most boxes of a subset (a pair or triple near a pushed box; a corral's fence,
/// [`Subsets::dead_corral`]).
pub const MOST: usize = 10;

/// The steps of work (squares walked) one test of a move may spend searching subsets it has not met:
/// 8 of a search's budget units, so that the move stays one bounded part.
const WORK: usize = 8 * 2048;

/// The steps of work one subset's search may spend: most deadlocks are proved in a few hundred (about
/// 400 on average on XSokoban 10 and 11); the searches that run out are mostly of live subsets.
const SEARCH_WORK: usize = 4096;

/// The steps of work a corral's search may spend (the whole of a move's test: a fence of many boxes
/// walks a large region at each position).
const CORRAL_WORK: usize = WORK;

/// Positions a subset's search holds at most.
const STATES: usize = 2048;

/// A subset's position: its boxes' squares (sorted, `NONE` past the subset's size) and the lowest
/// square of the player's region.
type Position = ([u16; MOST], u16);

/// A memo entry's key: the subset's squares (as in [`Position`]; `NONE` first: an empty slot), and
/// whether it was searched as a corral (an answer of its own: a search that stops once the corral opens).
type Key = ([u16; MOST], bool);

/// The memo key of an empty slot.
const EMPTY: Key = ([NONE; MOST], false);

/// The memo of subsets and the scratch space of their searches.
pub struct Subsets {
    words: usize,
    /// Memo keys, open addressing.
    keys: Vec<Key>,
    /// Two bit sets an entry: the squares asked from, and those the subset is dead from.
    sets: Vec<u64>,
    /// Entries in the memo, and the most it takes.
    entries: usize,
    most: usize,
    /// Per square: the fewest pushes to any goal (`u16::MAX`: none, a dead square).
    near: Vec<u16>,
    /// A search's positions, the hashes of those seen, and the queue (estimate, position).
    states: Vec<Position>,
    seen: Vec<u32>,
    queue: BinaryHeap<Reverse<(u16, u32)>>,
    /// A walk: the squares marked with the current stamp, and a stack.
    mark: Vec<u32>,
    stamp: u32,
    stack: Vec<u16>,
    /// Squares walked since the budget was last set, and the budget.
    walked: usize,
    budget: usize,
    /// A corral's search: the squares of the corrals (free, not in the player's region at its start),
    /// whether the search looks for the player entering one, and whether a walk did.
    corral: Vec<u64>,
    corral_mode: bool,
    opened: bool,
}

/// A hash of the squares `squares` (sorted, `NONE` past the end).
fn key(squares: &[u16; MOST]) -> u64 {
    squares.iter().take_while(|&&s| s != NONE).fold(0u64, |k, &s| mix(k ^ s as u64))
}

/// The bytes of a memo slot for bit sets of `words` words.
fn slot_bytes(words: usize) -> usize {
    core::mem::size_of::<Key>() + 16 * words
}

/// The memo's slots for bit sets of `words` words in about `bytes`: a power of two, at least 64.
fn slots(words: usize, bytes: usize) -> usize {
    let most = (bytes / slot_bytes(words)).max(64);
    1 << most.ilog2()
}

/// A mixing hash of `x`.
fn mix(x: u64) -> u64 {
    let x = (x ^ (x >> 31)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    x ^ (x >> 29)
}

impl Subsets {
    /// The memo and scratch space for `level`, reserving about `bytes` for the memo.
    pub fn new(level: &Level, bytes: usize) -> Result<Subsets, OutOfMemory> {
        let rooms = level.rooms();
        let words = rooms.div_ceil(64).max(1);
        let slots = slots(words, bytes);
        let mut near = memory::filled(u16::MAX, rooms)?;
        for g in 0..level.goals.len() {
            for (c, n) in near.iter_mut().enumerate() {
                *n = (*n).min(level.distance(g, c as u16));
            }
        }
        let mut queue = BinaryHeap::new();
        queue.try_reserve_exact(STATES).map_err(|_| OutOfMemory { bytes: STATES * 8 })?;
        Ok(Subsets {
            words,
            keys: memory::filled(EMPTY, slots)?,
            sets: memory::zeroed(slots * 2 * words)?,
            entries: 0,
            most: slots / 2,
            near,
            states: memory::with_capacity(STATES)?,
            seen: memory::zeroed(STATES * 2)?,
            queue,
            mark: memory::zeroed(rooms)?,
            stamp: 0,
            stack: memory::with_capacity(rooms)?,
            walked: 0,
            budget: 0,
            corral: memory::zeroed(words)?,
            corral_mode: false,
            opened: false,
        })
    }

    /// The bytes [`Subsets::new`] reserves for `level` and `bytes`.
    pub fn bytes_for(level: &Level, bytes: usize) -> usize {
        let rooms = level.rooms();
        let words = rooms.div_ceil(64).max(1);
        slots(words, bytes) * slot_bytes(words)
            + rooms * 8
            + words * 8
            + STATES * (core::mem::size_of::<Position>() + 16)
    }

    /// The bytes reserved.
    pub fn bytes_reserved(&self) -> usize {
        self.keys.capacity() * core::mem::size_of::<Key>()
            + self.sets.capacity() * 8
            + self.corral.capacity() * 8
            + self.near.capacity() * 2
            + self.states.capacity() * core::mem::size_of::<Position>()
            + self.seen.capacity() * 4
            + self.queue.capacity() * 8
            + self.mark.capacity() * 4
            + self.stack.capacity() * 2
    }

    /// Gives the tests of one move their work: 16,384 steps (8 budget units).
    pub fn set_budget(&mut self) {
        (self.walked, self.budget) = (0, WORK);
    }

    /// The steps walked since [`Subsets::set_budget`].
    pub fn walked(&self) -> usize {
        self.walked
    }

    /// Whether the box on `moved` and one of `cells` (the position's boxes, `moved` among them) within
    /// three squares of it across and down, or two within two squares, are dead searched alone with the
    /// player on `player`: the test of a push, within the work [`Subsets::set_budget`] gave.
    pub fn dead_near(&mut self, level: &Level, cells: &[u16], moved: u16, player: u16) -> bool {
        let width = level.written.width;
        let place = |c: u16| {
            let cell = level.cell_of[c as usize] as usize;
            ((cell / width) as isize, (cell % width) as isize)
        };
        let (row, column) = place(moved);
        // Each other box within PAIR_SPAN squares, and whether within TRIPLE_SPAN.
        let near: heapless::Vec<(u16, bool), MAX_BOXES> = cells
            .iter()
            .filter_map(|&c| {
                let (r, k) = place(c);
                let span = (r - row).abs().max((k - column).abs());
                (c != moved && span <= PAIR_SPAN).then_some((c, span <= TRIPLE_SPAN))
            })
            .collect();
        if near.iter().any(|&(c, _)| self.dead(level, &[moved, c], player, false)) {
            return true;
        }
        let close: heapless::Vec<u16, MAX_BOXES> = near.iter().filter(|n| n.1).map(|n| n.0).collect();
        (0..close.len())
            .any(|i| (i + 1..close.len()).any(|j| self.dead(level, &[moved, close[i], close[j]], player, false)))
    }

    /// Whether a corral beside the box on `moved` is dead (the boxes `bits`; the player on `player`, its
    /// region `reached`): an area of free squares beside it that the player cannot reach is fenced by
    /// boxes and walls alone; its fence and the boxes beside the fence's (which may hold them), at most
    /// [`MOST`], searched alone, can neither all stand on goals nor let the player into the area. (A
    /// relaxation, as for pairs: the other boxes only stand in the way.) Within the work
    /// [`Subsets::set_budget`] gave, as [`Subsets::dead_near`].
    pub fn dead_corral(&mut self, level: &Level, bits: &Bits, moved: u16, reached: &Bits, player: u16) -> bool {
        let mut area: Bits = [0; MAX_CELLS / 64];
        for &start in &level.next[moved as usize] {
            if start == NONE || has(bits, start) || has(reached, start) || has(&area, start) {
                continue;
            }
            // The area (each square's sides: a free square joins it, a box joins the fence).
            let mut fence: heapless::Vec<u16, MOST> = heapless::Vec::new();
            let mut fits = true;
            self.stack.clear();
            self.stack.push(start);
            put(&mut area, start);
            while let Some(at) = self.stack.pop() {
                self.walked += 1;
                for &n in &level.next[at as usize] {
                    if n == NONE || has(&area, n) {
                        continue;
                    }
                    if !has(bits, n) {
                        put(&mut area, n);
                        self.stack.push(n);
                    } else if !fence.contains(&n) {
                        fits &= fence.push(n).is_ok();
                    }
                }
            }
            if !fits {
                continue;
            }
            let mut held = fence.clone();
            let ring = fence.iter().all(|&f| {
                let mut beside = level.next[f as usize].iter().filter(|&&n| n != NONE && has(bits, n));
                beside.all(|&n| held.contains(&n) || held.push(n).is_ok())
            });
            if !ring {
                // Too many: the fence alone (fewer boxes, still sound).
                held = fence;
            }
            if self.walked < self.budget && self.dead(level, &held, player, true) {
                return true;
            }
        }
        false
    }

    /// Whether the boxes on `squares` (1 to [`MOST`], distinct; more or none: `false`), alone on the level
    /// with the player on `player`, can never all stand on goals — or, as a `corral`, can neither all stand on goals nor let
    /// the player onto a square the boxes shut them out of at the start. Searched when first asked
    /// (within the work left), then kept.
    pub fn dead(&mut self, level: &Level, squares: &[u16], player: u16, corral: bool) -> bool {
        if squares.is_empty() || squares.len() > MOST {
            // Not a subset it searches: not called dead (sound).
            return false;
        }
        let mut sorted = [NONE; MOST];
        sorted[..squares.len()].copy_from_slice(squares);
        sorted.sort_unstable();
        if squares.iter().all(|&s| level.goal[s as usize]) {
            return false;
        }
        let k = (sorted, corral);
        let mask = self.keys.len() - 1;
        let mut slot = mix(key(&sorted) ^ corral as u64) as usize & mask;
        while self.keys[slot] != EMPTY && self.keys[slot] != k {
            slot = (slot + 1) & mask;
        }
        let (word, bit) = (player as usize / 64, 1u64 << (player % 64));
        let base = slot * 2 * self.words;
        if self.keys[slot] == k && self.sets[base + word] & bit != 0 {
            return self.sets[base + self.words + word] & bit != 0;
        }
        // A subset's search gets all its work or is not made (asked again later): its answer, once kept,
        // is the subset's own, not the share of a move's work left when it was first asked. (A corral's
        // search takes what is left: it stops once the corral opens.)
        if self.walked >= self.budget || !corral && self.walked + SEARCH_WORK > self.budget {
            return false;
        }
        if self.keys[slot] == EMPTY {
            if self.entries >= self.most {
                return false;
            }
            self.keys[slot] = k;
            self.entries += 1;
        }
        // The player's region with the subset alone: asked from any square of it, the same answer.
        let start = (sorted, self.walk(level, &sorted, player));
        if corral {
            // The corrals: free squares the walk did not reach.
            let (mark, stamp) = (&self.mark, self.stamp);
            self.corral.fill(0);
            for (square, &m) in mark.iter().enumerate() {
                if m != stamp && !sorted.contains(&(square as u16)) {
                    self.corral[square / 64] |= 1 << (square % 64);
                }
            }
        }
        let budget = self.budget;
        self.budget = if corral { budget.min(self.walked + CORRAL_WORK) } else { self.walked + SEARCH_WORK };
        self.corral_mode = corral;
        let answer = self.search(level, start);
        self.corral_mode = false;
        self.budget = budget;
        let dead = answer == Some(true);
        self.walk(level, &sorted, player);
        let (mark, stamp) = (&self.mark, self.stamp);
        for (square, &m) in mark.iter().enumerate() {
            if m == stamp {
                let (w, b) = (square / 64, 1u64 << (square % 64));
                self.sets[base + w] |= b;
                if dead {
                    self.sets[base + self.words + w] |= b;
                }
            }
        }
        dead
    }

    /// Walks the squares the player on `from` reaches with the boxes `squares` alone (marked with a new
    /// stamp), and returns the lowest.
    fn walk(&mut self, level: &Level, squares: &[u16; MOST], from: u16) -> u16 {
        let squares = &squares[..squares.iter().position(|&s| s == NONE).unwrap_or(MOST)];
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.mark.fill(0);
            self.stamp = 1;
        }
        let stamp = self.stamp;
        self.stack.clear();
        self.stack.push(from);
        self.mark[from as usize] = stamp;
        let mut lowest = from;
        self.opened = false;
        while let Some(at) = self.stack.pop() {
            self.walked += 1;
            lowest = lowest.min(at);
            self.opened |= self.corral_mode && self.corral[at as usize / 64] >> (at % 64) & 1 != 0;
            for &n in &level.next[at as usize] {
                if n != NONE && self.mark[n as usize] != stamp && !squares.contains(&n) {
                    self.mark[n as usize] = stamp;
                    self.stack.push(n);
                }
            }
        }
        lowest
    }

    /// Searches the subset's positions from `start`: `Some(true)` when none has every box on a goal,
    /// `Some(false)` when one has (or, searching a corral, lets the player into it), `None` when the work
    /// or the positions ran out first.
    fn search(&mut self, level: &Level, start: Position) -> Option<bool> {
        self.states.clear();
        self.seen.fill(0);
        self.queue.clear();
        let count = start.0.iter().filter(|&&s| s != NONE).count();
        self.remember(start)?;
        self.queue.push(Reverse((self.estimate(&start.0), 0)));
        while let Some(Reverse((_, id))) = self.queue.pop() {
            let (squares, region) = self.states[id as usize];
            if squares[..count].iter().all(|&s| level.goal[s as usize]) {
                return Some(false);
            }
            if self.walked >= self.budget {
                return None;
            }
            self.walk(level, &squares, region);
            // The pushes first (the walk of each child's region marks over this one's).
            let mut pushes: heapless::Vec<(usize, u16), { 4 * MOST }> = heapless::Vec::new();
            for (i, &at) in squares[..count].iter().enumerate() {
                for (d, &to) in level.next[at as usize].iter().enumerate() {
                    let from = level.next[at as usize][(d + 2) % 4];
                    let open = to != NONE && from != NONE && self.mark[from as usize] == self.stamp;
                    if open && self.near[to as usize] != u16::MAX && !squares.contains(&to) {
                        let _ = pushes.push((i, to));
                    }
                }
            }
            for &(i, to) in &pushes {
                let mut next = squares;
                let at = next[i];
                next[i] = to;
                next[..count].sort_unstable();
                let region = self.walk(level, &next, at);
                if self.opened {
                    return Some(false);
                }
                if let Some(id) = self.remember((next, region)) {
                    self.queue.push(Reverse((self.estimate(&next), id)));
                } else if self.states.len() >= STATES {
                    return None;
                }
            }
        }
        Some(true)
    }

    /// The sum of each box's fewest pushes to a goal.
    fn estimate(&self, squares: &[u16; MOST]) -> u16 {
        squares.iter().filter(|&&s| s != NONE).map(|&s| self.near[s as usize]).fold(0u16, u16::saturating_add)
    }

    /// Stores `position` unless seen: its index, `None` when seen or the positions are full.
    fn remember(&mut self, position: Position) -> Option<u32> {
        if self.states.len() >= STATES {
            return None;
        }
        let mask = self.seen.len() - 1;
        let mut slot = mix(key(&position.0) ^ (position.1 as u64) << 40) as usize & mask;
        while self.seen[slot] != 0 {
            if self.states[self.seen[slot] as usize - 1] == position {
                return None;
            }
            slot = (slot + 1) & mask;
        }
        self.states.push(position);
        self.seen[slot] = self.states.len() as u32;
        Some(self.states.len() as u32 - 1)
    }
}
