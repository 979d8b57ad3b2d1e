//! The memory of graph searches: a node pool, an open-addressing index over it and an indexed binary
//! heap, all reserved once for a node cap chosen by the caller. Nothing here allocates after creation.

use alloc::vec::Vec;
use core::hash::{BuildHasher, Hash};
use core::mem::size_of;
use rustc_hash::FxBuildHasher;

/// Marks an empty index slot, a root's parent and a node outside the heap.
pub const NONE: u32 = u32::MAX;

/// One search node: a state and how it was reached.
#[derive(Clone, Copy, Debug)]
pub struct Node<S, M> {
    /// The state.
    pub state: S,
    /// The move that reached it (`None` for the root).
    pub mv: Option<M>,
    /// Index of the parent node, or [`NONE`] for the root.
    pub parent: u32,
    /// Cost from the root.
    pub g: u32,
    /// Heuristic value, computed once when the node is created.
    pub h: u32,
}

/// A node pool with a hash index: states are stored once and found again by value.
pub struct Arena<S, M> {
    nodes: Vec<Node<S, M>>,
    cap: usize,
    slots: Vec<u32>,
    mask: usize,
    hasher: FxBuildHasher,
}

/// Where a state stands in the arena.
pub enum Slot {
    /// Already stored, at this node index.
    Found(u32),
    /// Not stored; this empty index slot is where it goes.
    Vacant(usize),
}

impl<S: Copy + Eq + Hash, M: Copy> Arena<S, M> {
    /// Reserves room for `cap` nodes (at least 1) and an index at most half full.
    pub fn with_capacity(cap: usize) -> Self {
        let cap = cap.clamp(1, NONE as usize - 1);
        let slots = (cap * 2).next_power_of_two();
        Arena { nodes: Vec::with_capacity(cap), cap, slots: alloc::vec![NONE; slots], mask: slots - 1, hasher: FxBuildHasher }
    }

    /// Forgets every node, keeping the memory.
    pub fn clear(&mut self) {
        if !self.nodes.is_empty() {
            self.slots.fill(NONE);
            self.nodes.clear();
        }
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
        self.nodes.capacity() * size_of::<Node<S, M>>() + self.slots.capacity() * size_of::<u32>()
    }

    /// Looks `state` up.
    #[inline]
    pub fn find(&self, state: &S) -> Slot {
        let mut i = (self.hasher.hash_one(state) as usize) & self.mask;
        loop {
            let id = self.slots[i];
            if id == NONE {
                return Slot::Vacant(i);
            }
            if self.nodes[id as usize].state == *state {
                return Slot::Found(id);
            }
            i = (i + 1) & self.mask;
        }
    }

    /// Stores `node` in the vacant `slot` returned by [`Arena::find`] for its state.
    /// Returns its index, or `None` when the pool is full.
    #[inline]
    pub fn insert(&mut self, slot: usize, node: Node<S, M>) -> Option<u32> {
        if self.is_full() {
            return None;
        }
        let id = self.nodes.len() as u32;
        self.nodes.push(node);
        self.slots[slot] = id;
        Some(id)
    }

    /// The node at `id`.
    #[inline]
    pub fn node(&self, id: u32) -> &Node<S, M> {
        &self.nodes[id as usize]
    }

    /// The node at `id`, mutably. Its state must not be changed (the index is keyed on it).
    #[inline]
    pub fn node_mut(&mut self, id: u32) -> &mut Node<S, M> {
        &mut self.nodes[id as usize]
    }

    /// Every stored node, in insertion order.
    pub fn nodes(&self) -> &[Node<S, M>] {
        &self.nodes
    }

    /// Clears `out` and fills it with the path from the root to `id` as `(move, state)` pairs.
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

/// A binary min-heap of node indices with decrease-key: each node is in it at most once, so its size is
/// bounded by the node cap and it never grows.
pub struct IndexedHeap {
    entries: Vec<(u64, u32)>,
    position: Vec<u32>,
}

impl IndexedHeap {
    /// Reserves room for `cap` nodes.
    pub fn with_capacity(cap: usize) -> Self {
        IndexedHeap { entries: Vec::with_capacity(cap), position: alloc::vec![NONE; cap] }
    }

    /// Empties the heap, keeping the memory.
    pub fn clear(&mut self) {
        for &(_, id) in &self.entries {
            self.position[id as usize] = NONE;
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
        self.entries.capacity() * size_of::<(u64, u32)>() + self.position.capacity() * size_of::<u32>()
    }

    /// Queues node `id` with `key`, or lowers its key if it is queued with a larger one.
    pub fn push_or_decrease(&mut self, id: u32, key: u64) {
        let at = self.position[id as usize];
        if at == NONE {
            let at = self.entries.len();
            self.entries.push((key, id));
            self.position[id as usize] = at as u32;
            self.sift_up(at);
        } else if key < self.entries[at as usize].0 {
            self.entries[at as usize].0 = key;
            self.sift_up(at as usize);
        }
    }

    /// Removes and returns the node with the smallest key.
    pub fn pop(&mut self) -> Option<u32> {
        let last = self.entries.pop()?;
        let top = if self.entries.is_empty() {
            last
        } else {
            let top = self.entries[0];
            self.entries[0] = last;
            self.position[last.1 as usize] = 0;
            self.sift_down(0);
            top
        };
        self.position[top.1 as usize] = NONE;
        Some(top.1)
    }

    fn sift_up(&mut self, mut at: usize) {
        let item = self.entries[at];
        while at > 0 {
            let parent = (at - 1) / 2;
            if self.entries[parent].0 <= item.0 {
                break;
            }
            self.entries[at] = self.entries[parent];
            self.position[self.entries[at].1 as usize] = at as u32;
            at = parent;
        }
        self.entries[at] = item;
        self.position[item.1 as usize] = at as u32;
    }

    fn sift_down(&mut self, mut at: usize) {
        let item = self.entries[at];
        let len = self.entries.len();
        loop {
            let left = 2 * at + 1;
            if left >= len {
                break;
            }
            let right = left + 1;
            let child = if right < len && self.entries[right].0 < self.entries[left].0 { right } else { left };
            if self.entries[child].0 >= item.0 {
                break;
            }
            self.entries[at] = self.entries[child];
            self.position[self.entries[at].1 as usize] = at as u32;
            at = child;
        }
        self.entries[at] = item;
        self.position[item.1 as usize] = at as u32;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn heap_pops_in_key_order_with_decrease_key() {
        let mut heap = IndexedHeap::with_capacity(16);
        let keys = [9u64, 3, 7, 1, 8, 2, 6, 5, 4, 0];
        for (id, &k) in keys.iter().enumerate() {
            heap.push_or_decrease(id as u32, k + 10);
        }
        heap.push_or_decrease(0, 5); // 19 -> 5
        heap.push_or_decrease(3, 50); // larger: ignored
        let mut popped = Vec::new();
        while let Some(id) = heap.pop() {
            popped.push(id);
        }
        assert_eq!(popped, [0, 9, 3, 5, 1, 8, 7, 6, 2, 4]);
    }

    #[test]
    fn arena_finds_what_it_stored_and_respects_its_cap() {
        let mut arena: Arena<u32, ()> = Arena::with_capacity(3);
        for s in 0..3u32 {
            match arena.find(&s) {
                Slot::Vacant(slot) => {
                    arena.insert(slot, Node { state: s, mv: None, parent: NONE, g: s, h: 0 }).unwrap();
                }
                Slot::Found(_) => panic!("not stored yet"),
            }
        }
        assert!(matches!(arena.find(&2), Slot::Found(2)));
        match arena.find(&7) {
            Slot::Vacant(slot) => assert!(arena.insert(slot, Node { state: 7, mv: None, parent: NONE, g: 0, h: 0 }).is_none()),
            Slot::Found(_) => panic!("7 was never stored"),
        }
        arena.clear();
        assert!(matches!(arena.find(&2), Slot::Vacant(_)));
    }
}
