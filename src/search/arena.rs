//! The memory of graph searches: a node pool, an open-addressing index over it and an indexed binary
//! heap, all reserved once for a node cap chosen by the caller. Nothing here allocates after creation.

use crate::memory::{self, prefetch, OutOfMemory};
use alloc::vec::Vec;
use core::hash::{BuildHasher, Hash};
use core::mem::size_of;
use rustc_hash::FxBuildHasher;

/// Marks an empty index slot, a root's parent and a node outside the heap.
pub const NONE: u32 = u32::MAX;

/// One search node: a state and how it was reached.
///
/// `G` is what the search accumulates along a path: a cost in 64 bits for searches that add move costs
/// (a path the node cap allows, at most 2³¹ moves of at most 2³² − 1 each, stays below 2⁶³, so it
/// cannot wrap), a move count in 32 bits for breadth-first search.
#[derive(Clone, Copy, Debug)]
pub struct Node<S, M, G = u64> {
    /// The state.
    pub state: S,
    /// The move that reached it (`None` for the root).
    pub mv: Option<M>,
    /// Index of the parent node, or [`NONE`] for the root.
    pub parent: u32,
    /// Cost (or depth) from the root.
    pub g: G,
    /// Heuristic value, computed once when the node is created (breadth-first search keeps the cost of
    /// the move that reached the node here).
    pub h: u32,
}

/// A node pool with a hash index: states are stored once and found again by value.
///
/// The index is an open-addressing table reserved at its full size (twice the cap, rounded up to a power
/// of two) but used from a small active prefix that doubles, in place, as nodes arrive: small searches
/// touch little memory, and clearing costs time in proportion to what was used. Each slot holds a node
/// id and 32 bits of its hash, so most probes never touch the pool.
pub struct Arena<S, M, G = u64> {
    nodes: Vec<Node<S, M, G>>,
    cap: usize,
    slots: Vec<u64>,
    /// The active prefix is `slots[..=mask]`.
    mask: usize,
    /// The size the index grows to (a power of two, at least twice the cap); `slots` is reserved for it.
    index_size: usize,
    hasher: FxBuildHasher,
    growth: Growth,
}

/// The doubling of the active index, done in slices ([`Arena::grow`]) so that no single call pays for
/// re-indexing every node.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Growth {
    /// None due.
    Idle,
    /// Due: the prefix is half full (it still answers lookups until the growth starts).
    Due,
    /// Clearing the doubled prefix from this slot.
    Clearing(usize),
    /// Re-indexing the nodes from this one.
    Indexing(usize),
}

/// Slots cleared (a page of memory), or nodes re-indexed, in one unit of [`Arena::grow`]: each about
/// as long as a node expansion, a page touched for the first time included.
const CLEARED_PER_UNIT: usize = 512;
const INDEXED_PER_UNIT: usize = 16;

/// An empty index slot. Slots hold `tag | (id + 1)`, so zeroed memory is an empty index.
const EMPTY: u64 = 0;
/// Marks a node absent from an [`IndexedHeap`].
const ABSENT: u32 = 0;
/// The smallest active index: 32 KiB, enough for a few thousand nodes without re-indexing.
const MIN_ACTIVE_SLOTS: usize = 4096;
/// The largest node cap: node ids are 32 bits, and the index holds twice the cap.
pub const MAX_NODES: usize = 1 << 31;

/// An empty index slot found by [`Arena::find`], to pass to [`Arena::insert`].
#[derive(Clone, Copy, Debug)]
pub struct Vacant {
    index: usize,
    hash: u64,
}

/// Where a state stands in the arena.
pub enum Slot {
    /// Already stored, at this node index.
    Found(u32),
    /// Not stored; this is where it goes.
    Vacant(Vacant),
}

#[inline]
fn tag(hash: u64) -> u64 {
    hash & 0xFFFF_FFFF_0000_0000
}

impl<S: Copy + Eq + Hash, M: Copy, G: Copy> Arena<S, M, G> {
    /// Reserves room for `cap` nodes (at least 1, at most 2³¹) and an index at most half full, or says
    /// how many bytes could not be reserved.
    pub fn new(cap: usize) -> Result<Self, OutOfMemory> {
        let cap = cap.clamp(1, MAX_NODES);
        let slots = (cap * 2).next_power_of_two();
        let active = slots.min(MIN_ACTIVE_SLOTS);
        let nodes = memory::with_capacity(cap)?;
        // Reserved, not zeroed: the index is written as it grows (asking the allocator for a large
        // zeroed block can cost milliseconds of clearing when it recycles freed memory).
        let index_size = slots;
        let mut slots = memory::with_capacity(index_size)?;
        slots.resize(active, EMPTY);
        Ok(Arena { nodes, cap, slots, mask: active - 1, index_size, hasher: FxBuildHasher, growth: Growth::Idle })
    }

    /// Bytes [`Arena::new`] reserves for `cap` nodes (what a game sizes its node cap by).
    pub fn bytes_for(cap: usize) -> usize {
        let cap = cap.clamp(1, MAX_NODES);
        cap.saturating_mul(size_of::<Node<S, M, G>>()).saturating_add((cap * 2).next_power_of_two() * size_of::<u64>())
    }

    /// Forgets every node, keeping the memory. Only the smallest prefix is cleared: a growth clears the
    /// prefix it doubles into before it re-indexes, so slots past the active prefix may hold anything.
    pub fn clear(&mut self) {
        self.mask = self.index_size.min(MIN_ACTIVE_SLOTS) - 1;
        self.slots.truncate(self.mask + 1);
        self.slots.fill(EMPTY);
        self.nodes.clear();
        self.growth = Growth::Idle;
    }

    /// Whether a growth of the index is due or under way: a search then calls [`Arena::grow`] before it
    /// looks anything up or inserts again (lookups stay right while it is only due).
    #[inline]
    pub fn growing(&self) -> bool {
        self.growth != Growth::Idle
    }

    /// Works on the growth of the index for at most `budget` units (a unit clears `CLEARED_PER_UNIT`
    /// slots or re-indexes `INDEXED_PER_UNIT` nodes); returns the units spent.
    pub fn grow(&mut self, budget: u32) -> u32 {
        let mut spent = 0;
        while spent < budget {
            match self.growth {
                Growth::Idle => break,
                Growth::Due => {
                    self.mask = self.mask * 2 + 1;
                    self.growth = Growth::Clearing(0);
                }
                Growth::Clearing(from) => {
                    // The old prefix is cleared, the rest written for the first time (within the
                    // reserved capacity).
                    let to = (from + CLEARED_PER_UNIT).min(self.mask + 1);
                    let old = to.min(self.slots.len());
                    self.slots[from.min(old)..old].fill(EMPTY);
                    self.slots.resize(self.slots.len().max(to), EMPTY);
                    self.growth = if to > self.mask { Growth::Indexing(0) } else { Growth::Clearing(to) };
                    spent += 1;
                }
                Growth::Indexing(from) => {
                    let to = (from + INDEXED_PER_UNIT).min(self.nodes.len());
                    for id in from..to {
                        let hash = self.hasher.hash_one(self.nodes[id].state);
                        let at = self.empty_slot_from(hash);
                        self.slots[at] = tag(hash) | (id as u64 + 1);
                    }
                    self.growth = if to == self.nodes.len() { Growth::Idle } else { Growth::Indexing(to) };
                    spent += 1;
                }
            }
        }
        spent
    }

    /// The node cap.
    pub fn capacity(&self) -> usize {
        self.cap
    }

    /// Number of nodes stored.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// Whether no node is stored.
    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    /// Whether the pool is at its cap.
    pub fn is_full(&self) -> bool {
        self.nodes.len() >= self.cap
    }

    /// Bytes reserved by the pool and the index.
    pub fn bytes_reserved(&self) -> usize {
        self.nodes.capacity() * size_of::<Node<S, M, G>>() + self.slots.capacity() * size_of::<u64>()
    }

    /// Looks `state` up.
    #[inline]
    pub fn find(&self, state: &S) -> Slot {
        self.find_hashed(state, self.hasher.hash_one(state))
    }

    /// The hash [`Arena::find_hashed`] takes, with the line of `state`'s home slot asked from memory:
    /// hashing a batch of states first lets their cache misses overlap.
    #[inline]
    pub fn prefetch_slot(&self, state: &S) -> u64 {
        let hash = self.hasher.hash_one(state);
        prefetch(&self.slots[(hash as usize) & self.mask]);
        hash
    }

    /// Asks memory for the node a home slot (fetched by [`Arena::prefetch_slot`]) names, when its tag
    /// matches: the second miss of a lookup.
    #[inline]
    pub fn prefetch_node(&self, hash: u64) {
        let slot = self.slots[(hash as usize) & self.mask];
        if slot != EMPTY && tag(slot) == tag(hash) {
            if let Some(node) = self.nodes.get(slot as u32 as usize - 1) {
                prefetch(node);
            }
        }
    }

    /// Looks `state` up by its `hash` (from [`Arena::prefetch_slot`]).
    #[inline]
    pub fn find_hashed(&self, state: &S, hash: u64) -> Slot {
        debug_assert!(matches!(self.growth, Growth::Idle | Growth::Due), "a lookup during a growth");
        let mut i = (hash as usize) & self.mask;
        loop {
            let slot = self.slots[i];
            if slot == EMPTY {
                return Slot::Vacant(Vacant { index: i, hash });
            }
            let id = slot as u32 - 1;
            if tag(slot) == tag(hash) && self.nodes[id as usize].state == *state {
                return Slot::Found(id);
            }
            i = (i + 1) & self.mask;
        }
    }

    /// Stores `node` where [`Arena::find`] said its state goes. Returns its index, or `None` when the
    /// pool is full.
    #[inline]
    pub fn insert(&mut self, vacant: Vacant, node: Node<S, M, G>) -> Option<u32> {
        if self.is_full() {
            return None;
        }
        debug_assert!(matches!(self.growth, Growth::Idle | Growth::Due), "an insert during a growth");
        let mut index = vacant.index;
        // A caller that does not grow the index in slices (or inserts during a growth) gets it grown
        // at once before the prefix gets crowded: slower, never wrong.
        let crowded = (self.nodes.len() + 1) * 4 > 3 * (self.mask + 1);
        if (self.growth == Growth::Due && crowded) || !matches!(self.growth, Growth::Idle | Growth::Due) {
            self.grow(u32::MAX);
            index = self.empty_slot_from(vacant.hash);
        }
        let id = self.nodes.len() as u32;
        self.nodes.push(node);
        self.slots[index] = tag(vacant.hash) | (id as u64 + 1);
        // The active prefix is half full: its doubling is due (the search does it in slices before its
        // next lookup; until then the prefix only fills a little more).
        if self.growth == Growth::Idle && self.nodes.len() * 2 > self.mask + 1 && self.mask + 1 < self.index_size {
            self.growth = Growth::Due;
        }
        Some(id)
    }

    fn empty_slot_from(&self, hash: u64) -> usize {
        let mut i = (hash as usize) & self.mask;
        while self.slots[i] != EMPTY {
            i = (i + 1) & self.mask;
        }
        i
    }

    /// The node at `id`.
    #[inline]
    pub fn node(&self, id: u32) -> &Node<S, M, G> {
        &self.nodes[id as usize]
    }

    /// The node at `id`, mutably. Its state must not be changed (the index is keyed on it).
    #[inline]
    pub fn node_mut(&mut self, id: u32) -> &mut Node<S, M, G> {
        &mut self.nodes[id as usize]
    }

    /// Every stored node, in insertion order.
    pub fn nodes(&self) -> &[Node<S, M, G>] {
        &self.nodes
    }

    /// Clears `out` and fills it with the path from the root to `id` as `(move, state)` pairs (none for
    /// [`NONE`]).
    pub fn write_path(&self, id: u32, out: &mut Vec<(M, S)>) {
        out.clear();
        let mut at = id;
        while at != NONE {
            let node = self.node(at);
            if let Some(mv) = node.mv {
                out.push((mv, node.state));
            }
            at = node.parent;
        }
        out.reverse();
    }
}

/// Children per heap node.
const ARITY: usize = 2;

/// The order of a node in an open list: `f` (a cost and an estimate, in 64 bits so that no path cost
/// the node cap allows saturates it), then a tie-break; smaller first.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Key {
    /// The ordering value (`g + h` for A\*).
    pub f: u64,
    /// Among equal `f`, the smaller first.
    pub tie: u32,
}

/// A heap entry: a key and a node id in 16 bytes (a `(Key, u32)` pair would take 24).
#[derive(Clone, Copy, Debug)]
struct Entry {
    f: u64,
    tie: u32,
    id: u32,
}

impl Entry {
    #[inline]
    fn key(&self) -> Key {
        Key { f: self.f, tie: self.tie }
    }
}

/// A binary min-heap of node indices with decrease-key: each node is in it at most once, so its size is
/// bounded by the node cap and it never grows. Positions are stored plus one, so that zeroed memory
/// means "absent".
pub struct IndexedHeap {
    entries: Vec<Entry>,
    position: Vec<u32>,
}

impl IndexedHeap {
    /// Reserves room for `cap` nodes, or says how many bytes could not be reserved.
    pub fn new(cap: usize) -> Result<Self, OutOfMemory> {
        Ok(IndexedHeap { entries: memory::with_capacity(cap)?, position: memory::zeroed(cap)? })
    }

    /// Empties the heap, keeping the memory.
    pub fn clear(&mut self) {
        for entry in &self.entries {
            self.position[entry.id as usize] = ABSENT;
        }
        self.entries.clear();
    }

    /// Number of queued nodes.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether no node is queued.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// Bytes reserved.
    pub fn bytes_reserved(&self) -> usize {
        self.entries.capacity() * size_of::<Entry>() + self.position.capacity() * size_of::<u32>()
    }

    /// Queues node `id` with `key`, or lowers its key if it is queued with a larger one.
    pub fn push_or_decrease(&mut self, id: u32, key: Key) {
        let at = self.position[id as usize];
        if at == ABSENT {
            let at = self.entries.len();
            self.entries.push(Entry { f: key.f, tie: key.tie, id });
            self.sift_up(at);
        } else if key < self.entries[at as usize - 1].key() {
            let entry = &mut self.entries[at as usize - 1];
            (entry.f, entry.tie) = (key.f, key.tie);
            self.sift_up(at as usize - 1);
        }
    }

    /// Whether node `id` is queued.
    #[inline]
    pub fn contains(&self, id: u32) -> bool {
        self.position[id as usize] != ABSENT
    }

    /// The smallest key, if any.
    #[inline]
    pub fn peek_key(&self) -> Option<Key> {
        self.entries.first().map(Entry::key)
    }

    /// Removes and returns the node with the smallest key.
    pub fn pop(&mut self) -> Option<u32> {
        let last = self.entries.pop()?;
        let top = if self.entries.is_empty() {
            last
        } else {
            let top = self.entries[0];
            self.entries[0] = last;
            self.sift_down(0);
            top
        };
        self.position[top.id as usize] = ABSENT;
        Some(top.id)
    }

    fn sift_up(&mut self, mut at: usize) {
        let item = self.entries[at];
        while at > 0 {
            let parent = (at - 1) / ARITY;
            if self.entries[parent].key() <= item.key() {
                break;
            }
            self.entries[at] = self.entries[parent];
            self.position[self.entries[at].id as usize] = at as u32 + 1;
            at = parent;
        }
        self.entries[at] = item;
        self.position[item.id as usize] = at as u32 + 1;
    }

    fn sift_down(&mut self, mut at: usize) {
        let item = self.entries[at];
        let len = self.entries.len();
        loop {
            let first = ARITY * at + 1;
            if first >= len {
                break;
            }
            let mut child = first;
            for other in first + 1..(first + ARITY).min(len) {
                if self.entries[other].key() < self.entries[child].key() {
                    child = other;
                }
            }
            if self.entries[child].key() >= item.key() {
                break;
            }
            self.entries[at] = self.entries[child];
            self.position[self.entries[at].id as usize] = at as u32 + 1;
            at = child;
        }
        self.entries[at] = item;
        self.position[item.id as usize] = at as u32 + 1;
    }
}

/// Distinct `f` values in the bucket window of an [`OpenList`].
const F_WINDOW: usize = 512;
/// Buckets per `f` value, one per tie-break value (the last one takes every larger tie-break).
const TIE_BUCKETS: usize = 16;
const BUCKETS: usize = F_WINDOW * TIE_BUCKETS;
/// `prev` value of the first node of a bucket.
const HEAD: u32 = NONE - 1;
/// `prev` value of a node in no bucket. Zero, so that freshly reserved (zeroed) memory means "queued
/// nowhere"; any other `prev` is the previous node's id plus one, or [`HEAD`].
const UNQUEUED: u32 = 0;

/// The open list of best-first search, ordered by [`Key`]. Searches of puzzles
/// have a small range of integer `f` values and small tie-breaks, so a node whose `f` falls in a window of
/// `F_WINDOW` values lives in a bucket per `(f, tie-break)` — a doubly linked list threaded through
/// per-node arrays, last in first out: push, pop and decrease-key take constant time. Anything outside the
/// window goes to an [`IndexedHeap`]. All memory is reserved (zeroed) at creation.
pub struct OpenList {
    heads: Vec<u32>,
    next: Vec<u32>,
    prev: Vec<u32>,
    /// Each queued node's key: `f` and the tie-break in two arrays (12 bytes a node, not a `Key`'s 16).
    key_f: Vec<u64>,
    key_tie: Vec<u32>,
    base: u64,
    /// Every non-empty bucket lies in `lowest..=highest`.
    lowest: usize,
    highest: usize,
    overflow: IndexedHeap,
}

impl OpenList {
    /// Reserves room for `cap` nodes, or says how many bytes could not be reserved.
    pub fn new(cap: usize) -> Result<Self, OutOfMemory> {
        Ok(OpenList {
            heads: memory::filled(NONE, BUCKETS)?,
            next: memory::zeroed(cap)?,
            prev: memory::zeroed(cap)?,
            key_f: memory::zeroed(cap)?,
            key_tie: memory::zeroed(cap)?,
            base: 0,
            lowest: BUCKETS,
            highest: 0,
            overflow: IndexedHeap::new(cap)?,
        })
    }

    /// Bytes [`OpenList::new`] reserves for `cap` nodes.
    pub fn bytes_for(cap: usize) -> usize {
        // Per node: next, prev and the heap position (u32), the key (f and tie), a heap entry.
        cap.saturating_mul(4 * size_of::<u32>() + size_of::<u64>() + size_of::<Entry>())
            .saturating_add(BUCKETS * size_of::<u32>())
    }

    /// Empties the list and centres the bucket window on keys whose `f` is at least that of `first_key`.
    /// Node ids may then be reused from 0: each is pushed before it is looked at again (the arena is
    /// cleared with the list), so the links of the nodes queued before are left as they are — undoing
    /// them walked every queued node, milliseconds for a large open list.
    pub fn reset(&mut self, first_key: Key) {
        if self.lowest <= self.highest {
            self.heads[self.lowest..=self.highest.min(BUCKETS - 1)].fill(NONE);
        }
        self.lowest = BUCKETS;
        self.highest = 0;
        self.base = first_key.f;
        self.overflow.clear();
    }

    /// Bytes reserved.
    pub fn bytes_reserved(&self) -> usize {
        (self.heads.capacity() + self.next.capacity() + self.prev.capacity() + self.key_tie.capacity())
            * size_of::<u32>()
            + self.key_f.capacity() * size_of::<u64>()
            + self.overflow.bytes_reserved()
    }

    /// The key node `id` is queued in a bucket with.
    #[inline]
    fn key(&self, id: u32) -> Key {
        Key { f: self.key_f[id as usize], tie: self.key_tie[id as usize] }
    }

    #[inline]
    fn bucket(&self, key: Key) -> Option<usize> {
        let f = key.f;
        let tie = (key.tie as usize).min(TIE_BUCKETS - 1);
        (f >= self.base && f - self.base < F_WINDOW as u64).then(|| (f - self.base) as usize * TIE_BUCKETS + tie)
    }

    #[inline]
    fn link(&mut self, id: u32, key: Key) {
        match self.bucket(key) {
            Some(b) => {
                let head = self.heads[b];
                self.next[id as usize] = head;
                self.prev[id as usize] = HEAD;
                if head != NONE {
                    self.prev[head as usize] = id + 1;
                }
                self.heads[b] = id;
                self.key_f[id as usize] = key.f;
                self.key_tie[id as usize] = key.tie;
                self.lowest = self.lowest.min(b);
                self.highest = self.highest.max(b);
            }
            None => {
                self.prev[id as usize] = UNQUEUED;
                self.overflow.push_or_decrease(id, key);
            }
        }
    }

    #[inline]
    fn unlink(&mut self, id: u32) {
        let (prev, next) = (self.prev[id as usize], self.next[id as usize]);
        if prev == HEAD {
            if let Some(b) = self.bucket(self.key(id)) {
                self.heads[b] = next;
            }
        } else {
            self.next[(prev - 1) as usize] = next;
        }
        if next != NONE {
            self.prev[next as usize] = prev;
        }
        self.prev[id as usize] = UNQUEUED;
    }

    /// Queues a node that is in no list (a new node, or a closed one being reopened).
    #[inline]
    pub fn push(&mut self, id: u32, key: Key) {
        self.link(id, key);
    }

    /// Queues node `id` with `key`, or lowers its key if it is queued with a larger one.
    #[inline]
    pub fn push_or_decrease(&mut self, id: u32, key: Key) {
        if self.overflow.contains(id) {
            self.overflow.push_or_decrease(id, key);
        } else if self.prev[id as usize] != UNQUEUED {
            if key < self.key(id) {
                self.unlink(id);
                self.link(id, key);
            }
        } else {
            self.link(id, key);
        }
    }

    /// Removes and returns a node with the smallest `f`.
    #[inline]
    pub fn pop(&mut self) -> Option<u32> {
        while self.lowest < BUCKETS && self.heads[self.lowest] == NONE {
            self.lowest += 1;
        }
        let bucket_top = (self.lowest < BUCKETS).then(|| self.heads[self.lowest]);
        match (bucket_top, self.overflow.peek_key()) {
            (Some(id), Some(key)) if key.f < self.key_f[id as usize] => self.overflow.pop(),
            (Some(id), _) => {
                self.unlink(id);
                Some(id)
            }
            (None, _) => self.overflow.pop(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_index_grows_in_slices_and_keeps_every_node() {
        let mut arena: Arena<u64, ()> = Arena::new(100_000).unwrap();
        let node = |state| Node { state, mv: None, parent: NONE, g: 0, h: 0 };
        let (mut growths, mut units) = (0, 0);
        for round in 0..2 {
            arena.clear();
            for state in 0..60_000u64 {
                if arena.growing() {
                    // Lookups stay right while the growth is only due.
                    assert!(matches!(arena.find(&(state / 2)), Slot::Found(_)) || state == 0);
                    growths += 1;
                    while arena.growing() {
                        let spent = arena.grow(1);
                        assert!(spent <= 1);
                        units += spent;
                    }
                }
                let Slot::Vacant(slot) = arena.find(&state) else { panic!("{state} stored twice") };
                assert_eq!(arena.insert(slot, node(state)), Some(state as u32));
            }
            // Every node is found again at its index, and nothing else is.
            for state in 0..60_000u64 {
                assert!(matches!(arena.find(&state), Slot::Found(id) if id as u64 == state), "round {round}");
            }
            assert!(matches!(arena.find(&1_000_000), Slot::Vacant(_)));
        }
        // 4,096 slots doubled to 131,072: five growths a round, each sliced into many units.
        assert_eq!(growths, 10);
        assert!(units > 2 * (131_072 / CLEARED_PER_UNIT) as u32, "{units} units");
    }

    #[test]
    fn heap_pops_in_key_order_with_decrease_key() {
        let mut heap = IndexedHeap::new(16).unwrap();
        let key = |f| Key { f, tie: 0 };
        let keys = [9u64, 3, 7, 1, 8, 2, 6, 5, 4, 0];
        for (id, &k) in keys.iter().enumerate() {
            heap.push_or_decrease(id as u32, key(k + 10));
        }
        heap.push_or_decrease(0, key(5)); // 19 -> 5
        heap.push_or_decrease(3, key(50)); // larger: ignored
        let mut popped = Vec::new();
        while let Some(id) = heap.pop() {
            popped.push(id);
        }
        assert_eq!(popped, [0, 9, 3, 5, 1, 8, 7, 6, 2, 4]);
    }

    #[test]
    fn open_list_pops_by_f_inside_and_outside_its_window() {
        let mut open = OpenList::new(64).unwrap();
        for round in 0..2 {
            let key = |f, tie| Key { f, tie };
            open.reset(key(10, 0));
            // f values below, inside and far above the window (past 32 bits too), with decrease-keys
            // across them.
            let fs = [12u64, 5, 3000, 10, 12, 40, 1 << 40, 11];
            for (id, &f) in fs.iter().enumerate() {
                open.push_or_decrease(id as u32, key(f, round));
            }
            open.push_or_decrease(2, key(9, 0)); // overflow heap: 3000 -> 9
            open.push_or_decrease(5, key(4, 0)); // bucket -> overflow: 40 -> 4
            open.push_or_decrease(0, key(50, 0)); // larger: ignored
            let mut popped = Vec::new();
            while let Some(id) = open.pop() {
                popped.push(id);
            }
            assert_eq!(popped, [5, 1, 2, 3, 7, 4, 0, 6], "round {round}");
        }
    }

    #[test]
    fn arena_finds_what_it_stored_and_respects_its_cap() {
        let mut arena: Arena<u32, ()> = Arena::new(3).unwrap();
        for s in 0..3u32 {
            match arena.find(&s) {
                Slot::Vacant(slot) => {
                    arena.insert(slot, Node { state: s, mv: None, parent: NONE, g: s as u64, h: 0 }).unwrap();
                }
                Slot::Found(_) => panic!("not stored yet"),
            }
        }
        assert!(matches!(arena.find(&2), Slot::Found(2)));
        match arena.find(&7) {
            Slot::Vacant(slot) => {
                assert!(arena.insert(slot, Node { state: 7, mv: None, parent: NONE, g: 0, h: 0 }).is_none())
            }
            Slot::Found(_) => panic!("7 was never stored"),
        }
        arena.clear();
        assert!(matches!(arena.find(&2), Slot::Vacant(_)));
    }

    #[test]
    fn the_index_grows_in_place_and_clears_what_it_used() {
        let mut arena: Arena<u64, ()> = Arena::new(4096).unwrap();
        for round in 0..3u64 {
            for s in 0..3000u64 {
                let state = s * 7919 + round;
                if let Slot::Vacant(slot) = arena.find(&state) {
                    arena.insert(slot, Node { state, mv: None, parent: NONE, g: 0, h: 0 }).unwrap();
                }
            }
            assert_eq!(arena.len(), 3000);
            for s in 0..3000u64 {
                assert!(
                    matches!(arena.find(&(s * 7919 + round)), Slot::Found(id) if id == s as u32),
                    "found again after growth"
                );
            }
            arena.clear();
            assert!(arena.is_empty() && arena.slots.iter().all(|&s| s == EMPTY), "round {round}");
            assert_eq!(arena.mask + 1, MIN_ACTIVE_SLOTS);
        }
    }
}
