//! PI-corral pruning (Junghanns & Schaeffer): a **corral** is an area of free squares the player cannot
//! reach; its boxes are the boxes next to it (its only neighbours besides walls: a free square the player
//! reaches would reach the area too). Until one of those boxes moves, nothing else can enter the area.
//!
//! A corral is **PI** when every push of its boxes that the rest of the game could ever make before one
//! of them moves goes *into* the area (I), and every such push can be made now (P). A corral that needs
//! work (a box of it off a goal, or an empty goal in the area) must be entered, first by one of those
//! pushes; making it first, before the pushes elsewhere a solution makes in the meantime, costs the same
//! pushes (it frees a square and fills one nobody else can reach). So only the pushes into one PI corral
//! need be tried, and a solution of the fewest pushes is still among them: the A\* stays optimal. A PI
//! corral that needs work with no push into it is a **corral deadlock**: nothing can ever enter it.

use super::board::{has, Bits};
use super::level::Level;
use super::{Dir, MAX_BOXES, MAX_CELLS, NONE};

/// Areas looked at in one position, at most (the rest are left alone: fewer prunings, never wrong ones).
const MAX_AREAS: usize = 64;

/// Scratch space for finding corrals, reserved once.
pub struct Corrals {
    /// Room cell → its area's number (`NONE`: reached by the player, a box, or an area past the cap).
    area: [u16; MAX_CELLS],
    stack: [u16; MAX_CELLS],
    /// Whether the area holds an empty goal.
    empty_goal: [bool; MAX_AREAS],
    /// The boxes (bit `i` for `cells[i]`) bordering each area.
    boxes_of: [u64; MAX_AREAS],
}

impl Default for Corrals {
    fn default() -> Corrals {
        Corrals::new()
    }
}

impl Corrals {
    /// Empty scratch space.
    pub fn new() -> Corrals {
        Corrals {
            area: [NONE; MAX_CELLS],
            stack: [0; MAX_CELLS],
            empty_goal: [false; MAX_AREAS],
            boxes_of: [0; MAX_AREAS],
        }
    }

    /// The pushes worth trying in a position (boxes `occupied`, listed in `cells`; the player's region
    /// `reached`): when a PI corral that needs work is found, `allowed[i]` keeps only the directions
    /// (bit `dir`) of box `i` into the corral with the fewest such pushes, and the answer is `true`
    /// (with no direction left anywhere: a corral deadlock). Otherwise `allowed` is untouched.
    pub fn restrict(
        &mut self,
        level: &Level,
        occupied: &Bits,
        reached: &Bits,
        cells: &[u16],
        allowed: &mut [u8; MAX_BOXES],
    ) -> bool {
        let areas = self.number_areas(level, occupied, reached);
        self.boxes_of[..areas].fill(0);
        for (i, &b) in cells.iter().enumerate() {
            for &n in &level.next[b as usize] {
                if n != NONE && self.area[n as usize] != NONE {
                    self.boxes_of[self.area[n as usize] as usize] |= 1 << i;
                }
            }
        }
        let mut best: Option<(u32, usize)> = None;
        for k in 0..areas {
            if let Some(pushes) = self.pushes_into(level, occupied, reached, cells, k as u16, None) {
                if best.is_none_or(|(fewest, _)| pushes < fewest) {
                    best = Some((pushes, k));
                }
            }
        }
        let Some((_, k)) = best else { return false };
        self.pushes_into(level, occupied, reached, cells, k as u16, Some(allowed));
        true
    }

    /// Numbers the areas of free squares out of the player's reach; their count (at most the cap).
    fn number_areas(&mut self, level: &Level, occupied: &Bits, reached: &Bits) -> usize {
        let rooms = level.rooms();
        self.area[..rooms].fill(NONE);
        let mut areas = 0;
        for start in 0..rooms as u16 {
            if areas == MAX_AREAS {
                break;
            }
            if has(reached, start) || has(occupied, start) || self.area[start as usize] != NONE {
                continue;
            }
            let k = areas as u16;
            areas += 1;
            self.empty_goal[k as usize] = false;
            self.area[start as usize] = k;
            self.stack[0] = start;
            let mut top = 1;
            while top > 0 {
                top -= 1;
                let at = self.stack[top];
                self.empty_goal[k as usize] |= level.goal[at as usize];
                for &n in &level.next[at as usize] {
                    if n != NONE && !has(occupied, n) && self.area[n as usize] == NONE {
                        self.area[n as usize] = k;
                        self.stack[top] = n;
                        top += 1;
                    }
                }
            }
        }
        areas
    }

    /// Whether the box at `cell` borders area `k`.
    fn borders(&self, level: &Level, cell: u16, k: u16) -> bool {
        level.next[cell as usize].iter().any(|&n| n != NONE && self.area[n as usize] == k)
    }

    /// The pushes into area `k` when it is a PI corral that needs work (writing them into `allowed`
    /// when given), or `None`.
    fn pushes_into(
        &self,
        level: &Level,
        occupied: &Bits,
        reached: &Bits,
        cells: &[u16],
        k: u16,
        mut allowed: Option<&mut [u8; MAX_BOXES]>,
    ) -> Option<u32> {
        let mut needs_work = self.empty_goal[k as usize];
        let mut pushes = 0;
        // A square that stays closed until a box of the corral moves: a wall, or a box of the corral.
        let closed = |cell: u16| cell == NONE || has(occupied, cell) && self.borders(level, cell, k);
        let mut rest = self.boxes_of[k as usize];
        while rest != 0 {
            let i = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let b = cells[i];
            needs_work |= !level.goal[b as usize];
            let mut into = 0u8;
            for dir in Dir::ALL {
                let (behind, target) = (level.next(b, dir.back()), level.next(b, dir));
                if closed(behind) || closed(target) || !level.live[target as usize] {
                    continue; // never made while the corral stands
                }
                if self.area[behind as usize] == k {
                    continue; // made from inside: the corral is entered first
                }
                if self.area[target as usize] != k || !has(reached, behind) {
                    return None; // a push elsewhere (not I), or into it but not now (not P)
                }
                into |= 1 << dir as u8;
                pushes += 1;
            }
            if let Some(allowed) = allowed.as_deref_mut() {
                allowed[i] = into;
            }
        }
        if let Some(allowed) = allowed {
            for (i, allowed) in allowed[..cells.len()].iter_mut().enumerate() {
                if self.boxes_of[k as usize] >> i & 1 == 0 {
                    *allowed = 0;
                }
            }
        }
        needs_work.then_some(pushes)
    }
}
