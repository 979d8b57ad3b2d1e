//! Pruning duplicate paths in depth-first search over the 4×4 puzzle (Taylor and Korf's finite-state
//! machine). A string of blank moves is *redundant* when another string of the same effect is shorter,
//! or as long and earlier in the order U < D < L < R, and never leaves the first string's bounding box
//! (so it is legal wherever the first one is). The shortest path to any state, the earliest of the
//! shortest in that order, holds no redundant string: a search may skip every path that does, and stays
//! exact. An Aho–Corasick automaton over the minimal redundant strings tells, move by move, whether the
//! path so far ends with one.

use alloc::collections::BTreeSet;
use alloc::vec;
use alloc::vec::Vec;

/// The blank's moves, in the order strings are compared: up, down, left, right (row and column steps).
const STEPS: [(i8, i8); 4] = [(-1, 0), (1, 0), (0, -1), (0, 1)];
/// The move that undoes each move.
const REVERSE: [u8; 4] = [1, 0, 3, 2];
/// The window around the start that a string legal on a 4×4 board stays in.
const WINDOW: i8 = 7;
const CENTRE: i8 = 3;

/// A string of moves: 2 bits a move, the first move lowest.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
struct Moves {
    len: u8,
    bits: u32,
}

impl Moves {
    fn get(self, i: usize) -> u8 {
        (self.bits >> (2 * i)) as u8 & 3
    }

    fn without_first(self) -> Moves {
        Moves { len: self.len - 1, bits: self.bits >> 2 }
    }

    fn without_last(self) -> Moves {
        Moves { len: self.len - 1, bits: self.bits & ((1 << (2 * (self.len - 1))) - 1) }
    }
}

/// The automaton: `next[state * 4 + move]` is the state after the move, [`Automaton::PRUNED`] when the
/// path then ends with a redundant string. State 0 is the start.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Automaton {
    next: Vec<u16>,
}

impl Automaton {
    /// The state meaning "prune this path".
    pub const PRUNED: u16 = u16::MAX;

    /// The automaton of redundant strings of at most `max_len` moves (at most 14: more would take
    /// more than 65,535 states), or `None` past that.
    pub fn build(max_len: usize) -> Option<Automaton> {
        if max_len > 14 {
            return None;
        }
        build_automaton(&redundant_strings(max_len))
    }

    /// The automaton of every path: nothing pruned but a move straight back.
    pub fn parent_only() -> Automaton {
        Self::build(2).unwrap_or_else(|| unreachable!("two moves are allowed"))
    }

    /// An automaton from its transitions ([`Automaton::transitions`]), checked: four a state, each a state
    /// or [`Automaton::PRUNED`].
    pub fn from_transitions(next: Vec<u16>) -> Option<Automaton> {
        let states = next.len() / 4;
        let valid = !next.is_empty()
            && next.len() % 4 == 0
            && states < Self::PRUNED as usize
            && next.iter().all(|&t| t == Self::PRUNED || (t as usize) < states);
        valid.then_some(Automaton { next })
    }

    /// The transitions, four a state.
    pub fn transitions(&self) -> &[u16] {
        &self.next
    }

    /// The state after `mv` (0 up, 1 down, 2 left, 3 right: the blank's direction) from `state`.
    #[inline(always)]
    pub fn next(&self, state: u16, mv: u8) -> u16 {
        self.next.get(state as usize * 4 + (mv & 3) as usize).copied().unwrap_or(Self::PRUNED)
    }

    /// Asks the memory for `state`'s transitions, so that the moves out of it find them cached.
    #[inline(always)]
    pub fn prefetch(&self, state: u16) {
        if let Some(row) = self.next.get(state as usize * 4) {
            crate::memory::prefetch(row);
        }
    }

    /// Number of states.
    pub fn states(&self) -> usize {
        self.next.len() / 4
    }

    /// Bytes held.
    pub fn bytes(&self) -> usize {
        self.next.len() * 2
    }
}

/// One enumerated string: its effect on the window, its place in shortlex order, its bounding box, and
/// itself (40 bytes: the build keeps one for every string).
struct Entry {
    effect: Effect,
    order: u32,
    bbox: [i8; 4],
    moves: Moves,
}

/// A string's effect on the window, exactly but compactly: which cells changed (a bit a cell) and, in
/// cell order, the cell each changed one's content came from (6 bits each). Only cells of the string's
/// bounding box change, at most 16 of them.
type Effect = [u64; 3];

fn effect(cells: &[u8]) -> Effect {
    let (mut changed, mut sources, mut count) = (0u64, 0u128, 0);
    for (cell, &from) in cells.iter().enumerate() {
        if from as usize != cell {
            changed |= 1 << cell;
            sources |= (from as u128) << (6 * count);
            count += 1;
        }
    }
    debug_assert!(count <= 16, "a 4x4 bounding box holds at most 16 cells");
    [changed, sources as u64, (sources >> 64) as u64]
}

fn inside(outer: [i8; 4], inner: [i8; 4]) -> bool {
    outer[0] <= inner[0] && outer[1] <= inner[1] && inner[2] <= outer[2] && inner[3] <= outer[3]
}

/// The minimal redundant strings of at most `max_len` moves, with no move undone at once (those four
/// strings of two moves are included).
fn redundant_strings(max_len: usize) -> Vec<Moves> {
    let mut entries = Vec::new();
    let mut cells: Vec<u8> = (0..(WINDOW * WINDOW) as u8).collect();
    for len in 0..=max_len {
        enumerate(
            &mut cells,
            (CENTRE, CENTRE),
            [CENTRE, CENTRE, CENTRE, CENTRE],
            Moves { len: 0, bits: 0 },
            len,
            &mut entries,
        );
    }
    // Grouped by effect, shortlex order within each (an unstable sort needs no buffer).
    entries.sort_unstable_by_key(|e| (e.effect, e.order));
    let mut redundant = BTreeSet::new();
    let mut group = 0;
    while group < entries.len() {
        let end = (group..entries.len()).find(|&i| entries[i].effect != entries[group].effect).unwrap_or(entries.len());
        for later in group + 1..end {
            if (group..later).any(|earlier| inside(entries[later].bbox, entries[earlier].bbox)) {
                redundant.insert((entries[later].moves.len, entries[later].moves.bits));
            }
        }
        group = end;
    }
    for (a, b) in [(0u32, 1u32), (1, 0), (2, 3), (3, 2)] {
        redundant.insert((2, a | b << 2));
    }
    // Keep the minimal ones: no shorter redundant string inside.
    let mut containing = BTreeSet::new();
    let mut minimal = Vec::new();
    let mut all: Vec<Moves> = redundant.iter().map(|&(len, bits)| Moves { len, bits }).collect();
    all.sort();
    for s in all {
        let inner = |m: Moves| containing.contains(&(m.len, m.bits));
        if s.len > 1 && (inner(s.without_first()) || inner(s.without_last())) {
            containing.insert((s.len, s.bits));
            continue;
        }
        containing.insert((s.len, s.bits));
        minimal.push(s);
    }
    // Longer strings that contain a redundant one only as a proper infix are caught by the automaton.
    minimal
}

fn enumerate(cells: &mut [u8], at: (i8, i8), bbox: [i8; 4], moves: Moves, len: usize, out: &mut Vec<Entry>) {
    if moves.len as usize == len {
        out.push(Entry { effect: effect(cells), order: out.len() as u32, bbox, moves });
        return;
    }
    for mv in 0..4u8 {
        if moves.len > 0 && mv == REVERSE[moves.get(moves.len as usize - 1) as usize] {
            continue;
        }
        let (r, c) = (at.0 + STEPS[mv as usize].0, at.1 + STEPS[mv as usize].1);
        let grown = [bbox[0].min(r), bbox[1].min(c), bbox[2].max(r), bbox[3].max(c)];
        if grown[2] - grown[0] > 3 || grown[3] - grown[1] > 3 {
            continue;
        }
        let (from, to) = ((at.0 * WINDOW + at.1) as usize, (r * WINDOW + c) as usize);
        cells.swap(from, to);
        let next = Moves { len: moves.len + 1, bits: moves.bits | (mv as u32) << (2 * moves.len) };
        enumerate(cells, (r, c), grown, next, len, out);
        cells.swap(from, to);
    }
}

fn build_automaton(strings: &[Moves]) -> Option<Automaton> {
    // The trie: children of every node, and which nodes end a string.
    let mut child: Vec<[u32; 4]> = vec![[u32::MAX; 4]];
    let mut terminal = vec![false];
    for s in strings {
        let mut node = 0usize;
        for i in 0..s.len as usize {
            let mv = s.get(i) as usize;
            if child[node][mv] == u32::MAX {
                child[node][mv] = child.len() as u32;
                child.push([u32::MAX; 4]);
                terminal.push(false);
            }
            node = child[node][mv] as usize;
        }
        terminal[node] = true;
    }
    // Breadth-first failure links; transitions filled in as Aho–Corasick's goto function.
    let mut next = vec![0u32; child.len() * 4];
    let mut fail = vec![0u32; child.len()];
    let mut queue = alloc::collections::VecDeque::new();
    for mv in 0..4 {
        match child[0][mv] {
            u32::MAX => next[mv] = 0,
            c => {
                next[mv] = c;
                queue.push_back(c as usize);
            }
        }
    }
    while let Some(node) = queue.pop_front() {
        terminal[node] |= terminal[fail[node] as usize];
        for mv in 0..4 {
            match child[node][mv] {
                u32::MAX => next[node * 4 + mv] = next[fail[node] as usize * 4 + mv],
                c => {
                    fail[c as usize] = next[fail[node] as usize * 4 + mv];
                    next[node * 4 + mv] = c;
                    queue.push_back(c as usize);
                }
            }
        }
    }
    let next = next.iter().map(|&t| if terminal[t as usize] { Ok(Automaton::PRUNED) } else { u16::try_from(t) });
    Automaton::from_transitions(next.collect::<Result<_, _>>().ok()?)
}
