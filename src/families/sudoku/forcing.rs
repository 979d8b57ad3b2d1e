//! Multiple forcing chains, the rung after the chains of [`super::chains`] as Sudoku Explainer rates
//! them (8.0 plus the length): every consequence of a candidate assumed true, followed by both kinds of
//! link until none is left (or a contradiction stops it), from each candidate of a cell with three or
//! more; what follows from every candidate of the cell (**cell forcing chains**), or from every place of
//! a digit in a house (**region forcing chains**), is true. The length counted is every chain's, added.

use super::chains::{length_extra, off_to_on, on_to_off, Links, Potential};
use super::human::{Board, CellList, Deduction, Removals, Technique};
use super::{bit, Geometry};
use crate::memory::{self, OutOfMemory};
use alloc::vec::Vec;

/// Not in a propagation.
const ABSENT: u32 = u32::MAX;

/// The consequences of one assumption: each potential reached with the one it follows from.
struct Propagation {
    arena: Vec<(Potential, u32)>,
    /// Each potential's index into `arena`, [`ABSENT`] when not reached.
    at: Vec<u32>,
}

impl Propagation {
    fn new(ids: usize) -> Result<Propagation, OutOfMemory> {
        let mut at = memory::with_capacity(ids)?;
        at.resize(ids, ABSENT);
        Ok(Propagation { arena: memory::with_capacity(ids)?, at })
    }

    fn clear(&mut self) {
        for &(p, _) in &self.arena {
            self.at[p.id()] = ABSENT;
        }
        self.arena.clear();
    }

    fn has(&self, p: Potential) -> bool {
        self.at[p.id()] != ABSENT
    }

    fn insert(&mut self, p: Potential, parent: u32) -> u32 {
        let index = self.arena.len() as u32;
        self.arena.push((p, parent));
        self.at[p.id()] = index;
        index
    }

    /// The potentials of the chain to `p` (SE's complexity of one chain): every one is reached once.
    fn chain_length(&self, p: Potential) -> usize {
        let mut at = self.at[p.id()];
        let mut length = 0;
        while at != ABSENT {
            length += 1;
            at = self.arena[at as usize].1;
        }
        length
    }
}

/// The forcing chains' scratch space, reserved once: a propagation for every candidate of a cell and
/// every place of a digit in a house.
pub struct Forcing {
    propagations: Vec<Propagation>,
    queue_on: Vec<u32>,
    queue_off: Vec<u32>,
    consequences: Vec<Potential>,
    /// A region's targets common to its places so far, with their chains' lengths added.
    common: Vec<(Potential, usize)>,
    /// The stepped search's next cell, and the easiest step found so far.
    next_cell: usize,
    best: Option<Found>,
    /// Potentials reached so far (the searches' work).
    work: u64,
}

/// A step found, with what orders it among the others (SE's: difficulty, complexity, kind).
struct Found {
    deduction: Deduction,
    complexity: usize,
    sort: u8,
}

impl Forcing {
    /// Scratch space for grids of shape `geometry`.
    pub fn new(geometry: &Geometry) -> Result<Forcing, OutOfMemory> {
        let ids = geometry.cells() * 32;
        let mut propagations = memory::with_capacity(geometry.side + 1)?;
        for _ in 0..=geometry.side {
            propagations.push(Propagation::new(ids)?);
        }
        Ok(Forcing {
            propagations,
            queue_on: memory::with_capacity(ids)?,
            queue_off: memory::with_capacity(ids)?,
            consequences: memory::with_capacity(64)?,
            common: memory::with_capacity(ids)?,
            next_cell: 0,
            best: None,
            work: 0,
        })
    }

    /// Starts a stepped search ([`Forcing::search`]).
    pub fn restart(&mut self) {
        (self.next_cell, self.best) = (0, None);
    }

    /// Potentials reached since the forcing chains were made: the measure of their work.
    pub fn work(&self) -> u64 {
        self.work
    }

    /// Goes on with the search begun by [`Forcing::restart`] on `board` (the same board every call), a
    /// cell at a time until `work` potentials or more are reached: the easiest step when every cell is
    /// done (`Some(None)`: there is none), `None` to call again.
    pub fn search(&mut self, board: &Board, work: u64) -> Option<Option<Deduction>> {
        let g = board.geometry();
        if g.cells() * 32 > self.propagations[0].at.len() {
            return Some(None);
        }
        let until = self.work.saturating_add(work.max(1));
        while self.next_cell < g.cells() {
            if self.work >= until {
                return None;
            }
            let cell = self.next_cell;
            self.next_cell += 1;
            self.work += 1;
            if board.values[cell] == 0 && board.candidates[cell].count_ones() > 2 {
                let mut best = self.best.take();
                self.chains_of_cell(board, cell, &mut best);
                self.best = best;
            }
        }
        Some(self.best.take().map(|b| b.deduction))
    }

    /// The cell forcing chains of `cell`, and the region ones of its candidates' places.
    fn chains_of_cell(&mut self, board: &Board, cell: usize, best: &mut Option<Found>) {
        let values: heapless::Vec<u8, 16> = super::digits(board.candidates[cell]).collect();
        for (k, &digit) in values.iter().enumerate() {
            self.propagate(board, k, Potential { cell: cell as u16, digit, on: true });
            self.regions(board, cell as u16, digit, k, best);
        }
        // What every candidate of the cell leads to.
        let first = &self.propagations[0];
        for i in 0..first.arena.len() {
            let target = self.propagations[0].arena[i].0;
            if (1..values.len()).all(|k| self.propagations[k].has(target)) {
                let complexity = (0..values.len()).map(|k| self.propagations[k].chain_length(target)).sum();
                let cells: CellList = core::iter::once(cell as u16).collect();
                let found = self.step(board, Technique::CellForcingChains, target, complexity, &cells, 5);
                keep(found, best);
            }
        }
    }

    /// The region forcing chains of `digit` in the houses of `cell` where `cell` is the digit's first place
    /// (and it has two or more): `propagations[k]` holds the cell's own; the others' take the last one.
    fn regions(&mut self, board: &Board, cell: u16, digit: u8, k: usize, best: &mut Option<Found>) {
        let g = board.geometry();
        let own = k;
        let other = g.side;
        for kind in [2, 0, 1] {
            let house = g.cell_houses[cell as usize][kind] as usize;
            let places: heapless::Vec<u16, 16> =
                g.houses[house].iter().copied().filter(|&c| board.candidates[c as usize] & bit(digit) != 0).collect();
            if places.len() < 2 || places[0] != cell {
                continue;
            }
            // Targets common to every place: checked place by place against the cell's own.
            let mut common = core::mem::take(&mut self.common);
            common.clear();
            let own_reached = &self.propagations[own];
            common.extend(own_reached.arena.iter().map(|&(p, _)| (p, own_reached.chain_length(p))));
            for &place in &places[1..] {
                self.propagate(board, other, Potential { cell: place, digit, on: true });
                let reached = &self.propagations[other];
                common.retain(|&(p, _)| reached.has(p));
                for (p, length) in common.iter_mut() {
                    *length += reached.chain_length(*p);
                }
            }
            let cells: CellList = places.iter().copied().collect();
            for &(target, complexity) in &common {
                let found = self.step(board, Technique::RegionForcingChains, target, complexity, &cells, 6);
                keep(found, best);
            }
            self.common = common;
        }
    }

    /// The step `target` makes (true: its cell's other candidates go; false: it goes), `None` when it
    /// removes nothing.
    fn step(
        &self,
        board: &Board,
        technique: Technique,
        target: Potential,
        complexity: usize,
        cells: &CellList,
        sort: u8,
    ) -> Option<Found> {
        let candidates = board.candidates[target.cell as usize];
        let gone = if target.on { candidates & !bit(target.digit) } else { candidates & bit(target.digit) };
        if gone == 0 {
            return None;
        }
        let mut remove = Removals::new();
        let _ = remove.push((target.cell, gone));
        let mut deduction = Deduction::chain(technique, &[], cells, bit(target.digit), remove);
        deduction.extra = length_extra(complexity);
        Some(Found { deduction, complexity, sort })
    }

    /// Every consequence of `start`, into propagation `slot`: breadth first, the "on" potentials taken
    /// before the "off" ones, every potential once, both kinds of link; a potential both on and off stops
    /// it (SE's: the consequences found so far stand).
    fn propagate(&mut self, board: &Board, slot: usize, start: Potential) {
        let both = Links { x: true, y: true };
        let prop = &mut self.propagations[slot];
        prop.clear();
        prop.insert(start, ABSENT);
        self.queue_on.clear();
        self.queue_off.clear();
        self.queue_on.push(0);
        let (mut head_on, mut head_off) = (0, 0);
        loop {
            let (index, on) = if head_on < self.queue_on.len() {
                head_on += 1;
                (self.queue_on[head_on - 1], true)
            } else if head_off < self.queue_off.len() {
                head_off += 1;
                (self.queue_off[head_off - 1], false)
            } else {
                break;
            };
            let p = self.propagations[slot].arena[index as usize].0;
            if on {
                on_to_off(board, p, both, &mut self.consequences);
            } else {
                off_to_on(board, p, both, &mut self.consequences);
            }
            let prop = &mut self.propagations[slot];
            self.work += 1;
            for &q in &self.consequences {
                if prop.has(Potential { on: !q.on, ..q }) {
                    return;
                }
                if !prop.has(q) && prop.arena.len() < prop.arena.capacity() {
                    let at = prop.insert(q, index);
                    if q.on { &mut self.queue_on } else { &mut self.queue_off }.push(at);
                }
            }
        }
    }
}

/// Keeps `found` in `best` when it is easier (difficulty, then length, then kind; the first among equals).
fn keep(found: Option<Found>, best: &mut Option<Found>) {
    let Some(found) = found else { return };
    let key = |f: &Found| (f.deduction.difficulty(), f.complexity, f.sort);
    if best.as_ref().is_none_or(|b| key(&found) < key(b)) {
        *best = Some(found);
    }
}
