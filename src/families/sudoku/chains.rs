//! Chains, the ladder's last rung as Sudoku Explainer rates them (6.5 and up): a candidate assumed true
//! ("on") or false ("off") and its consequences followed breadth first — on → off: the cell's other
//! candidates (a Y-link) and the digit's other places in its box, row and column (X-links); off → on:
//! a cell's other candidate when it has two (Y), the digit's other place in a house where it has two
//! (X). Found from every candidate of every cell with two or more:
//! - a **bidirectional cycle**: the consequences of a candidate on lead back to it on (four links at
//!   least); every candidate that sees an "on" candidate of the loop and an "off" one of the same digit
//!   goes (either way round the loop one of them is true);
//! - a **forcing chain**: a candidate on leads to itself off (so it is false), or off to itself on (so
//!   it is true: the cell's other candidates go).
//!
//! Three searches, as SE's: X-links only (X-cycles 6.5, forcing X-chains 6.6), Y-links only (Y-cycles
//! 6.5, from cells with two candidates), both (cycles and forcing chains 7.0); to the base the length
//! adds a tenth past 4, 6, 8, 12, 16, 24… potentials less two. The step taken is the easiest, then the
//! shortest, X before Y before both.

use super::human::{Board, CellList, Deduction, HouseList, Removals, Technique};
use super::{bit, Digits, MAX_CELLS};
use crate::memory::{self, OutOfMemory};
use alloc::vec::Vec;

/// No parent: the chain's source.
const ROOT: u32 = u32::MAX;

/// A potential: a candidate (cell, digit) assumed on or off.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Potential {
    pub(super) cell: u16,
    pub(super) digit: u8,
    pub(super) on: bool,
}

impl Potential {
    /// Its number among every potential of the grid (for the sets of those reached).
    pub(super) fn id(self) -> usize {
        ((self.cell as usize * 16 + self.digit as usize - 1) << 1) | self.on as usize
    }
}

/// The links a search follows.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) struct Links {
    /// Within a cell: on → the cell's other candidates off; off → the other of two on.
    pub(super) y: bool,
    /// Within a house: on → the digit's other places off; off → the other of two places on.
    pub(super) x: bool,
}

/// The chain searches' scratch space, reserved once: the potentials reached (each with the one it came
/// from) and the sets of those on and off.
pub struct Chains {
    /// Every potential reached, with the index of the one it follows from ([`ROOT`] for the source).
    arena: Vec<(Potential, u32)>,
    reached_on: Vec<bool>,
    reached_off: Vec<bool>,
    pending_on: Vec<u32>,
    pending_off: Vec<u32>,
    next: Vec<u32>,
    found: Vec<u32>,
    consequences: Vec<Potential>,
    /// The stepped search's next source, and the easiest step found so far.
    cursor: Cursor,
    best: Option<Found>,
    /// Potentials reached so far (the searches' work).
    work: u64,
}

/// The three searches, in SE's order: X-links, Y-links, both.
const SEARCHES: [Links; 3] = [Links { y: false, x: true }, Links { y: true, x: false }, Links { y: true, x: true }];

/// Where a stepped search stands: the search (index into [`SEARCHES`]), the next cell, and the digits of
/// the current cell still to start from.
#[derive(Clone, Copy, Debug, Default)]
struct Cursor {
    search: usize,
    cell: usize,
    current: u16,
    digits: Digits,
}

/// A chain step found, with what orders it among the others (SE's: difficulty, complexity, kind).
struct Found {
    deduction: Deduction,
    complexity: usize,
    sort: u8,
}

impl Chains {
    /// Scratch space for grids of up to [`MAX_CELLS`] cells.
    pub fn new() -> Result<Chains, OutOfMemory> {
        let ids = MAX_CELLS * 16 * 2;
        let mut chains = Chains {
            arena: memory::with_capacity(ids)?,
            reached_on: memory::with_capacity(ids)?,
            reached_off: memory::with_capacity(ids)?,
            pending_on: memory::with_capacity(ids)?,
            pending_off: memory::with_capacity(ids)?,
            next: memory::with_capacity(ids)?,
            found: memory::with_capacity(64)?,
            consequences: memory::with_capacity(64)?,
            cursor: Cursor::default(),
            best: None,
            work: 0,
        };
        chains.reached_on.resize(ids, false);
        chains.reached_off.resize(ids, false);
        Ok(chains)
    }

    /// Starts a stepped search ([`Chains::search`]).
    pub fn restart(&mut self) {
        (self.cursor, self.best) = (Cursor::default(), None);
    }

    /// Potentials reached since the chains were made: the measure of their work.
    pub fn work(&self) -> u64 {
        self.work
    }

    /// Goes on with the search begun by [`Chains::restart`] on `board` (the same board every call),
    /// starting from sources until `work` potentials or more are reached: the easiest step when every
    /// source is done (`Some(None)`: there is none), `None` to call again.
    pub fn search(&mut self, board: &Board, work: u64) -> Option<Option<Deduction>> {
        let cells = board.geometry().cells();
        let until = self.work.saturating_add(work.max(1));
        loop {
            let cursor = &mut self.cursor;
            if cursor.search == SEARCHES.len() {
                return Some(self.best.take().map(|b| b.deduction));
            }
            if self.work >= until {
                return None;
            }
            let links = SEARCHES[cursor.search];
            if cursor.digits == 0 {
                if cursor.cell == cells {
                    (cursor.search, cursor.cell) = (cursor.search + 1, 0);
                    continue;
                }
                let cell = cursor.cell;
                cursor.cell += 1;
                let candidates = board.candidates[cell];
                // Y-cycles start only from a cell with two candidates.
                let source = board.values[cell] == 0
                    && candidates.count_ones() >= 2
                    && (links.x || candidates.count_ones() == 2);
                (cursor.current, cursor.digits) = (cell as u16, if source { candidates } else { 0 });
                continue;
            }
            let digit = cursor.digits.trailing_zeros() as u8 + 1;
            cursor.digits &= cursor.digits - 1;
            let source = Potential { cell: cursor.current, digit, on: true };
            let mut best = self.best.take();
            self.from(board, source, links, &mut best);
            self.best = best;
            // A source that reaches nothing still costs its look.
            self.work += 1;
        }
    }

    /// The cycles, then the forcing chains, from `source` (on), each kept in `best` when it is easier
    /// (SE's order: difficulty, then length, then kind; the first among equals); chains longer than one
    /// that could win are not followed.
    fn from(&mut self, board: &Board, source: Potential, links: Links, best: &mut Option<Found>) {
        let keep = |found: Found, best: &mut Option<Found>| {
            let key = |f: &Found| (f.deduction.difficulty(), f.complexity, f.sort);
            if best.as_ref().is_none_or(|b| key(&found) < key(b)) {
                *best = Some(found);
            }
        };
        let difficulty = |best: &Option<Found>| best.as_ref().map(|b| b.deduction.difficulty());
        let cycle_base = if links.x && links.y { Technique::Cycle } else { Technique::XCycle }.difficulty();
        self.cycles(board, source, links, longest(cycle_base, difficulty(best)));
        for k in 0..self.found.len() {
            if let Some(step) = self.cycle_step(board, self.found[k], links) {
                keep(step, best);
            }
        }
        if links.x {
            let forcing_base = if links.y { Technique::ForcingChain } else { Technique::ForcingXChain }.difficulty();
            for start in [source, Potential { on: false, ..source }] {
                self.forcing(board, start, links, longest(forcing_base, difficulty(best)));
                for k in 0..self.found.len() {
                    keep(self.forcing_step(board, self.found[k], links), best);
                }
            }
        }
    }

    /// Clears the sets and the arena, and puts `start` in.
    fn begin(&mut self, start: Potential) {
        for &(p, _) in &self.arena {
            self.reached_on[p.id() & !1] = false;
            self.reached_off[p.id() & !1] = false;
        }
        self.arena.clear();
        self.found.clear();
        self.pending_on.clear();
        self.pending_off.clear();
        self.add(start, ROOT);
        self.mark(start);
        if start.on {
            self.pending_on.push(0);
        } else {
            self.pending_off.push(0);
        }
    }

    fn add(&mut self, p: Potential, parent: u32) -> u32 {
        self.arena.push((p, parent));
        (self.arena.len() - 1) as u32
    }

    fn mark(&mut self, p: Potential) {
        if p.on {
            self.reached_on[p.id() & !1] = true;
        } else {
            self.reached_off[p.id() & !1] = true;
        }
    }

    fn reached(&self, p: Potential) -> bool {
        if p.on {
            self.reached_on[p.id() & !1]
        } else {
            self.reached_off[p.id() & !1]
        }
    }

    /// Whether `p` is `index`'s potential or one of its ancestors'.
    fn is_ancestor(&self, index: u32, p: Potential) -> bool {
        let mut at = self.arena[index as usize].1;
        while at != ROOT {
            if self.arena[at as usize].0 == p {
                return true;
            }
            at = self.arena[at as usize].1;
        }
        false
    }

    /// SE's cycle search from `source` (on): breadth first, an "off" potential followed again along
    /// every way it is reached (unless it is an ancestor there), an "on" one once; each return to the
    /// source after four links or more is a cycle (its last potential's index into `found`). No longer
    /// than `longest` potentials.
    fn cycles(&mut self, board: &Board, source: Potential, links: Links, longest: usize) {
        self.begin(source);
        let mut length = 0;
        while (!self.pending_on.is_empty() || !self.pending_off.is_empty()) && length + 2 <= longest {
            length += 1;
            let layer = core::mem::take(&mut self.pending_on);
            for &index in &layer {
                let p = self.arena[index as usize].0;
                on_to_off(board, p, links, &mut self.consequences);
                for k in 0..self.consequences.len() {
                    let q = self.consequences[k];
                    if !self.is_ancestor(index, q) && self.arena.len() < self.arena.capacity() {
                        let at = self.add(q, index);
                        self.pending_off.push(at);
                        self.mark(q);
                    }
                }
            }
            self.pending_on = layer;
            self.pending_on.clear();
            length += 1;
            let layer = core::mem::take(&mut self.pending_off);
            for &index in &layer {
                let p = self.arena[index as usize].0;
                off_to_on(board, p, links, &mut self.consequences);
                for k in 0..self.consequences.len() {
                    let q = self.consequences[k];
                    if length >= 4 && q == source && self.arena.len() < self.arena.capacity() && self.found.len() < 64 {
                        let at = self.add(q, index);
                        self.found.push(at);
                    }
                    if !self.reached(q) && self.arena.len() < self.arena.capacity() {
                        let at = self.add(q, index);
                        self.next.push(at);
                        self.mark(q);
                    }
                }
            }
            self.pending_off = layer;
            self.pending_off.clear();
            core::mem::swap(&mut self.pending_on, &mut self.next);
        }
        self.work += self.arena.len() as u64;
    }

    /// SE's forcing chain search from `start`: breadth first, every potential once; a consequence that
    /// contradicts the start (the start's digit off when it was assumed on, on when off) is a forcing
    /// chain (its index into `found`). No longer than `longest` potentials.
    fn forcing(&mut self, board: &Board, start: Potential, links: Links, longest: usize) {
        self.begin(start);
        let flipped = Potential { on: !start.on, ..start };
        // Potentials a chain to the consequences of the next two layers has (the start's one, then one a link).
        let mut length = 1;
        while (!self.pending_on.is_empty() || !self.pending_off.is_empty()) && length < longest {
            length += 2;
            // The "on" layer makes potentials off; the "off" layer, on (by X-links always).
            for on in [true, false] {
                let layer = core::mem::take(if on { &mut self.pending_on } else { &mut self.pending_off });
                for &index in &layer {
                    let p = self.arena[index as usize].0;
                    if on {
                        on_to_off(board, p, links, &mut self.consequences);
                    } else {
                        off_to_on(board, p, Links { x: true, ..links }, &mut self.consequences);
                    }
                    for k in 0..self.consequences.len() {
                        let q = self.consequences[k];
                        if q == flipped && self.arena.len() < self.arena.capacity() && self.found.is_empty() {
                            let at = self.add(q, index);
                            self.found.push(at);
                        }
                        if !self.reached(q) && self.arena.len() < self.arena.capacity() {
                            let at = self.add(q, index);
                            if on { &mut self.pending_off } else { &mut self.pending_on }.push(at);
                            self.mark(q);
                        }
                    }
                }
                let emptied = if on { &mut self.pending_on } else { &mut self.pending_off };
                *emptied = layer;
                emptied.clear();
            }
        }
        self.work += self.arena.len() as u64;
    }

    /// The distinct potentials of the chain ending at `end` (SE's complexity).
    fn complexity(&self, end: u32) -> usize {
        // A potential counts where it first comes, going back (a cycle's end is its source again).
        let mut count = 0;
        for (k, p) in self.chain(end).enumerate() {
            if self.chain(end).take(k).all(|q| q != p) {
                count += 1;
            }
        }
        count
    }

    /// The potentials of the chain ending at `end`, from it back to the source.
    fn chain(&self, end: u32) -> impl Iterator<Item = Potential> + '_ {
        let mut at = end;
        core::iter::from_fn(move || {
            (at != ROOT).then(|| {
                let (p, parent) = self.arena[at as usize];
                at = parent;
                p
            })
        })
    }

    /// The step a cycle ending at `end` makes: the candidates of its digits that see an "on" potential and
    /// an "off" one of the same digit (cells off the loop); `None` when there are none.
    fn cycle_step(&self, board: &Board, end: u32, links: Links) -> Option<Found> {
        let g = board.geometry();
        // The loop's potentials but the source (which is also its last).
        let length = self.chain(end).count();
        let body = || self.chain(end).take(length - 1);
        let on_loop = |c: u16| body().any(|p| p.cell == c);
        let mut remove = Removals::new();
        for cell in (0..g.cells() as u16).filter(|&c| !on_loop(c) && board.values[c as usize] == 0) {
            let mut gone: Digits = 0;
            for d in super::digits(board.candidates[cell as usize]) {
                let sees =
                    |on: bool| body().any(|p| p.on == on && p.digit == d && g.peers[cell as usize].contains(&p.cell));
                if sees(true) && sees(false) {
                    gone |= bit(d);
                }
            }
            if gone != 0 {
                let _ = remove.push((cell, gone));
            }
        }
        if remove.is_empty() {
            return None;
        }
        let technique = match (links.x, links.y) {
            (true, false) => Technique::XCycle,
            (false, true) => Technique::YCycle,
            _ => Technique::Cycle,
        };
        let complexity = self.complexity(end);
        let mut cells = CellList::new();
        for p in body() {
            if !cells.contains(&p.cell) {
                let _ = cells.push(p.cell);
            }
        }
        cells.reverse();
        let digits = body().fold(0, |d, p| d | bit(p.digit));
        let mut deduction = Deduction::chain(technique, &HouseList::new(), &cells, digits, remove);
        deduction.extra = length_extra(complexity);
        Some(Found { deduction, complexity, sort: sort_key(links) })
    }

    /// The step a forcing chain ending at `end` makes: its source's candidate goes (the chain found it
    /// false), or the cell's other candidates go (found true).
    fn forcing_step(&self, board: &Board, end: u32, links: Links) -> Found {
        let target = self.arena[end as usize].0;
        let mut remove = Removals::new();
        let gone =
            if target.on { board.candidates[target.cell as usize] & !bit(target.digit) } else { bit(target.digit) };
        let _ = remove.push((target.cell, gone));
        let technique = if links.y { Technique::ForcingChain } else { Technique::ForcingXChain };
        let complexity = self.complexity(end);
        let mut cells = CellList::new();
        for p in self.chain(end) {
            if !cells.contains(&p.cell) {
                let _ = cells.push(p.cell);
            }
        }
        let mut deduction = Deduction::chain(technique, &HouseList::new(), &cells, bit(target.digit), remove);
        deduction.extra = length_extra(complexity);
        Found { deduction, complexity, sort: sort_key(links) }
    }
}

/// The potentials `p` (on) makes off, in SE's order, into `out`: the cell's other candidates (Y), then the
/// digit's other places in its box, row and column (X links are always followed from on), each cell once.
pub(super) fn on_to_off(board: &Board, p: Potential, links: Links, out: &mut Vec<Potential>) {
    out.clear();
    let g = board.geometry();
    if links.y {
        for d in super::digits(board.candidates[p.cell as usize]).filter(|&d| d != p.digit) {
            out.push(Potential { cell: p.cell, digit: d, on: false });
        }
    }
    let houses = g.cell_houses[p.cell as usize];
    for k in [2, 0, 1] {
        for &c in &g.houses[houses[k] as usize] {
            if c != p.cell
                && board.candidates[c as usize] & bit(p.digit) != 0
                && !out.iter().any(|q| q.cell == c && q.digit == p.digit)
            {
                out.push(Potential { cell: c, digit: p.digit, on: false });
            }
        }
    }
}

/// The potentials `p` (off) makes on, into `out`: the cell's other candidate when it has two (Y); the
/// digit's other place in each house (box, row, column) where it has two (X).
pub(super) fn off_to_on(board: &Board, p: Potential, links: Links, out: &mut Vec<Potential>) {
    out.clear();
    let g = board.geometry();
    let candidates = board.candidates[p.cell as usize];
    if links.y && candidates.count_ones() == 2 {
        let other = candidates & !bit(p.digit);
        if other != 0 {
            out.push(Potential { cell: p.cell, digit: other.trailing_zeros() as u8 + 1, on: true });
        }
    }
    if links.x {
        let houses = g.cell_houses[p.cell as usize];
        for k in [2, 0, 1] {
            let mut others = g.houses[houses[k] as usize]
                .iter()
                .filter(|&&c| c != p.cell && board.candidates[c as usize] & bit(p.digit) != 0);
            if let (Some(&c), None) = (others.next(), others.next()) {
                let q = Potential { cell: c, digit: p.digit, on: true };
                if !out.contains(&q) {
                    out.push(q);
                }
            }
        }
    }
}

/// The most potentials a chain of a technique of difficulty `base` may have and still be no harder than
/// `best` (every length when there is no best yet).
fn longest(base: u8, best: Option<u8>) -> usize {
    let Some(best) = best else { return usize::MAX };
    if base > best {
        return 0;
    }
    let mut complexity = 2;
    while base + length_extra(complexity + 1) <= best && complexity < MAX_CELLS * 32 {
        complexity += 1;
    }
    complexity
}

/// SE's order among chains of the same difficulty and length: X-links only, Y only, both.
fn sort_key(links: Links) -> u8 {
    match (links.x, links.y) {
        (true, false) => 2,
        (false, true) => 3,
        _ => 4,
    }
}

/// The tenths a chain of `complexity` potentials adds to its technique's base: one for each of 4, 6,
/// 8, 12, 16, 24, 32… (each half again or a third again, in turn) that `complexity - 2` exceeds.
pub fn length_extra(complexity: usize) -> u8 {
    let length = complexity.saturating_sub(2);
    let (mut ceiling, mut odd, mut extra) = (4usize, false, 0u8);
    while length > ceiling {
        extra = extra.saturating_add(1);
        ceiling = if odd { ceiling * 4 / 3 } else { ceiling * 3 / 2 };
        odd = !odd;
    }
    extra
}
