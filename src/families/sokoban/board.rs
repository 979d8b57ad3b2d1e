//! The mechanics every part of the family shares, on room indices: where the player can walk, which
//! pushes there are, freeze deadlocks, and the matching lower bound. No allocation on the search's way
//! (fixed arrays sized for the largest room); the explanations of a lost position ([`crowded`]) allocate.

use super::level::Level;
use super::{Dir, MAX_BOXES, MAX_CELLS, NONE};
use alloc::vec;
use alloc::vec::Vec;

/// One bit per room cell.
pub type Bits = [u64; MAX_CELLS / 64];

/// Whether bit `i` is set.
#[inline]
pub fn has(bits: &Bits, i: u16) -> bool {
    bits[i as usize / 64] >> (i % 64) & 1 == 1
}

/// Sets bit `i`.
#[inline]
pub fn put(bits: &mut Bits, i: u16) {
    bits[i as usize / 64] |= 1 << (i % 64);
}

/// Clears bit `i`.
#[inline]
pub fn take(bits: &mut Bits, i: u16) {
    bits[i as usize / 64] &= !(1 << (i % 64));
}

/// Scratch space for walking the room: the cells reached and a stack.
pub struct Walk {
    /// The cells the last [`Walk::fill`] reached.
    pub reached: Bits,
    stack: [u16; MAX_CELLS],
}

#[cfg(all(test, feature = "std"))]
std::thread_local! {
    /// The cells every walk on this thread visited: the tests that bound a budget unit's work read it.
    pub static VISITED: core::cell::Cell<u64> = const { core::cell::Cell::new(0) };
}

impl Walk {
    /// Empty scratch space.
    pub fn new() -> Walk {
        Walk { reached: [0; MAX_CELLS / 64], stack: [0; MAX_CELLS] }
    }

    /// Marks every cell the player at `from` can walk to without moving a box (`boxes`), and returns the
    /// lowest of them (the position's normal form: a push search does not tell apart the places of one
    /// region).
    pub fn fill(&mut self, level: &Level, boxes: &Bits, from: u16) -> u16 {
        let words = level.rooms().div_ceil(64);
        self.reached[..words].fill(0);
        put(&mut self.reached, from);
        self.stack[0] = from;
        let (mut top, mut lowest) = (1, from);
        #[cfg(all(test, feature = "std"))]
        VISITED.with(|v| v.set(v.get() + 1));
        while top > 0 {
            top -= 1;
            let at = self.stack[top];
            for &n in &level.next[at as usize] {
                if n != NONE && !has(&self.reached, n) && !has(boxes, n) {
                    put(&mut self.reached, n);
                    #[cfg(all(test, feature = "std"))]
                    VISITED.with(|v| v.set(v.get() + 1));
                    lowest = lowest.min(n);
                    self.stack[top] = n;
                    top += 1;
                }
            }
        }
        lowest
    }

    /// Marks every live cell a box from one of `starts` could be pushed to alone — the player standing
    /// wherever a push needs them, the cells of `walls` blocked (cells of `starts` among them left out):
    /// where boxes can come from. Its cells looked at.
    pub fn box_reach(&mut self, level: &Level, walls: &Bits, starts: &[u16]) -> usize {
        let words = level.rooms().div_ceil(64);
        self.reached[..words].fill(0);
        let mut top = 0;
        for &s in starts.iter().filter(|&&s| !has(walls, s)) {
            if !has(&self.reached, s) {
                put(&mut self.reached, s);
                self.stack[top] = s;
                top += 1;
            }
        }
        let mut looked = top;
        while top > 0 {
            top -= 1;
            let at = self.stack[top];
            looked += 1;
            for d in 0..4 {
                let (ahead, behind) = (level.next[at as usize][d], level.next[at as usize][d ^ 2]);
                if ahead == NONE || behind == NONE || has(walls, ahead) || has(walls, behind) {
                    continue;
                }
                if level.live[ahead as usize] && !has(&self.reached, ahead) {
                    put(&mut self.reached, ahead);
                    self.stack[top] = ahead;
                    top += 1;
                }
            }
        }
        looked
    }

    /// The player's shortest walk from `from` to `to` around `boxes`, written backwards into `path`
    /// (`to` first, `from` excluded) as room cells; its length, or `None` when `to` cannot be reached.
    /// Breadth-first, reusing the stack as the queue and `reached` as the visited set.
    pub fn path(
        &mut self,
        level: &Level,
        boxes: &Bits,
        from: u16,
        to: u16,
        path: &mut [u16; MAX_CELLS],
    ) -> Option<usize> {
        if from == to {
            return Some(0);
        }
        let words = level.rooms().div_ceil(64);
        self.reached[..words].fill(0);
        // `path` doubles as the parent table, indexed by room cell.
        put(&mut self.reached, from);
        self.stack[0] = from;
        let (mut head, mut tail) = (0, 1);
        while head < tail {
            let at = self.stack[head];
            head += 1;
            for &n in &level.next[at as usize] {
                if n != NONE && !has(&self.reached, n) && !has(boxes, n) {
                    put(&mut self.reached, n);
                    path[n as usize] = at;
                    if n == to {
                        // Walk the parents back into the stack, then copy out.
                        let mut len = 0;
                        let mut c = to;
                        while c != from {
                            self.stack[len] = c;
                            len += 1;
                            c = path[c as usize];
                        }
                        path[..len].copy_from_slice(&self.stack[..len]);
                        return Some(len);
                    }
                    self.stack[tail] = n;
                    tail += 1;
                }
            }
        }
        None
    }
}

impl Default for Walk {
    fn default() -> Walk {
        Walk::new()
    }
}

/// Whether the box at `cell` (among `boxes`) can never move again on either axis — blocked by walls,
/// by dead squares on both sides, or by boxes that are themselves frozen — and a box of the frozen group
/// stands off a goal: a freeze deadlock. `seen` is scratch space (cleared by the caller).
pub fn frozen_off_goal(level: &Level, boxes: &Bits, cell: u16, seen: &mut Bits) -> bool {
    let mut off_goal = false;
    frozen(level, boxes, cell, seen, &mut off_goal) && off_goal
}

/// Whether the box at `cell` is frozen; notes in `off_goal` whether a box found frozen stands off a goal.
/// Boxes already examined (`seen`) count as walls, which breaks cycles (the usual rule).
fn frozen(level: &Level, boxes: &Bits, cell: u16, seen: &mut Bits, off_goal: &mut bool) -> bool {
    put(seen, cell);
    let mut blocked = [false; 2];
    for (axis, [a, b]) in [[Dir::Left, Dir::Right], [Dir::Up, Dir::Down]].into_iter().enumerate() {
        let (na, nb) = (level.next(cell, a), level.next(cell, b));
        let wall = |n: u16| n == NONE || has(seen, n);
        let dead = |n: u16| n == NONE || !level.live[n as usize];
        blocked[axis] = wall(na) || wall(nb) || dead(na) && dead(nb);
        if !blocked[axis] {
            for n in [na, nb] {
                if has(boxes, n) && frozen(level, boxes, n, seen, off_goal) {
                    blocked[axis] = true;
                    break;
                }
            }
        }
        if !blocked[axis] {
            return false;
        }
    }
    *off_goal |= !level.goal[cell as usize];
    true
}

/// The boxes (room cells `cells`, their set `boxes`) that can never move first, seen without search: the
/// largest set of them each held on both axes by walls and boxes of the set — and, with `dead_squares`,
/// also by an axis whose two sides are both dead squares (or a dead square and a wall), along which the box
/// can only move onto a dead square. Without `dead_squares` none of the set can ever move again; with
/// it, the first of them to move lands on a dead square. Found by removing held-by-nothing boxes until
/// none is left to remove (a greatest fixpoint: a cycle of boxes holding one another stays in).
pub fn stuck(level: &Level, boxes: &Bits, cells: &[u16], dead_squares: bool) -> Bits {
    let mut set = *boxes;
    let dead = |n: u16| n == NONE || !level.live[n as usize];
    loop {
        let mut changed = false;
        for &cell in cells {
            if !has(&set, cell) {
                continue;
            }
            let held = [[Dir::Left, Dir::Right], [Dir::Up, Dir::Down]].into_iter().all(|[a, b]| {
                let (na, nb) = (level.next(cell, a), level.next(cell, b));
                let obstacle = |n: u16| n == NONE || has(&set, n);
                obstacle(na) || obstacle(nb) || dead_squares && dead(na) && dead(nb)
            });
            if !held {
                take(&mut set, cell);
                changed = true;
            }
        }
        if !changed {
            return set;
        }
    }
}

/// Whether every box can have a goal of its own, `reach[b]` the goals box `b` can reach (bit `g` for goal
/// `g`, at most 64): a perfect matching, by augmenting paths over bit sets. The matching's existence
/// only, for a caller that does not need its cost ([`Matching`] finds the cheapest).
pub fn all_matched(reach: &[u64]) -> bool {
    let mut owner = [u8::MAX; 64];
    // Each box takes a free goal of its own first where it has one (most do: no path to search), then
    // the others search augmenting paths.
    let (mut taken, mut waiting) = (0u64, 0u64);
    for (b, &goals) in reach.iter().enumerate() {
        let free = goals & !taken;
        if free == 0 {
            waiting |= 1 << b;
            continue;
        }
        let g = free.trailing_zeros() as usize;
        taken |= 1 << g;
        owner[g] = b as u8;
    }
    while waiting != 0 {
        let b = waiting.trailing_zeros() as usize;
        waiting &= waiting - 1;
        if !augment(reach, b, &mut 0, &mut owner) {
            return false;
        }
    }
    true
}

/// Finds box `b` a goal among those not `seen` on this path, moving the goals' owners on as needed.
fn augment(reach: &[u64], b: usize, seen: &mut u64, owner: &mut [u8; 64]) -> bool {
    let mut free = reach[b] & !*seen;
    while free != 0 {
        let g = free.trailing_zeros() as usize;
        free &= free - 1;
        *seen |= 1 << g;
        if owner[g] == u8::MAX || augment(reach, owner[g] as usize, seen, owner) {
            owner[g] = b as u8;
            return true;
        }
    }
    false
}

/// Boxes (indices of `boxes`, room cells) that can reach too few goals between them, each alone in the
/// empty room: a set of them with one goal fewer than boxes it can reach (Hall's condition fails, so no
/// box-to-goal matching exists and the position is lost), with those goals (indices of `level.goals`);
/// the smallest such set a maximum matching shows. `None` when every box can have a goal of its own.
pub fn crowded(level: &Level, boxes: &[u16]) -> Option<(Vec<usize>, Vec<usize>)> {
    let n = boxes.len();
    let reaches = |b: usize, g: usize| level.distance(g, boxes[b]) != u16::MAX;
    // A maximum matching by augmenting paths (Kuhn's algorithm): `owner[g]` is the box goal `g` holds.
    let mut owner: Vec<Option<usize>> = vec![None; level.goals.len()];
    fn augment(
        b: usize,
        owner: &mut [Option<usize>],
        seen: &mut [bool],
        reaches: &dyn Fn(usize, usize) -> bool,
    ) -> bool {
        for g in 0..owner.len() {
            if reaches(b, g) && !seen[g] {
                seen[g] = true;
                if owner[g].is_none_or(|other| augment(other, owner, seen, reaches)) {
                    owner[g] = Some(b);
                    return true;
                }
            }
        }
        false
    }
    let mut unmatched = Vec::new();
    for b in 0..n {
        let mut seen = vec![false; owner.len()];
        if !augment(b, &mut owner, &mut seen, &reaches) {
            unmatched.push(b);
        }
    }
    // From an unmatched box, the boxes alternating paths reach and the goals they reach: every such goal
    // is held (else the path would augment), by a box of the set, so the goals are one fewer.
    let crowd = |start: usize| {
        let (mut set, mut goals) = (vec![start], Vec::new());
        let mut at = 0;
        while at < set.len() {
            let box_at = set[at];
            for (g, held) in owner.iter().enumerate() {
                if !reaches(box_at, g) || goals.contains(&g) {
                    continue;
                }
                goals.push(g);
                if let Some(other) = held.filter(|o| !set.contains(o)) {
                    set.push(other);
                }
            }
            at += 1;
        }
        set.sort_unstable();
        goals.sort_unstable();
        (set, goals)
    };
    unmatched.into_iter().map(crowd).min_by_key(|(set, _)| set.len())
}

/// The cost a pair takes in the matching when the box cannot reach the goal at all.
const NO_WAY: i32 = 1 << 20;

/// The fewest pushes that bring every box to its own goal, each box alone in the empty room (a minimum
/// cost perfect matching of `boxes` to the goals on push distances, by the Hungarian method): a lower
/// bound on the pushes left. `None` when no matching exists (some goal no box can reach): the position is
/// lost.
pub fn matching_bound(level: &Level, boxes: &[u16]) -> Option<u32> {
    let mut matching = Matching::new();
    matching.solve(level, boxes)
}

/// A minimum-cost matching of boxes (rows) to goals (columns) with its dual potentials, kept so that the
/// matching after one box moves costs one augmenting phase (O(n²)) instead of a whole solve (O(n³)):
/// the other rows' potentials stay feasible and their matched pairs tight, the moved box's row gets the
/// least potential feasible for its new costs, and one phase matches it again.
#[derive(Clone)]
pub struct Matching {
    /// Row potentials (1-based; 0 unused).
    u: [i32; MAX_BOXES + 1],
    /// Column potentials (1-based; column 0 is the phase's virtual start).
    v: [i32; MAX_BOXES + 1],
    /// The row matched to each column (0: none).
    p: [usize; MAX_BOXES + 1],
    n: usize,
}

impl Matching {
    /// No matching yet.
    pub fn new() -> Matching {
        Matching { u: [0; MAX_BOXES + 1], v: [0; MAX_BOXES + 1], p: [0; MAX_BOXES + 1], n: 0 }
    }

    /// The cost of box `i` (1-based) to goal `j` (1-based).
    #[inline]
    fn entry(level: &Level, boxes: &[u16], i: usize, j: usize) -> i32 {
        match level.distance(j - 1, boxes[i - 1]) {
            u16::MAX => NO_WAY,
            d => d as i32,
        }
    }

    /// Solves the matching of `boxes` from scratch: its cost, or `None` when none exists.
    pub fn solve(&mut self, level: &Level, boxes: &[u16]) -> Option<u32> {
        self.start(boxes.len());
        for i in 0..boxes.len() {
            self.match_row(level, boxes, i);
        }
        self.total(level, boxes)
    }

    /// Starts a solve of `n` boxes in steps: [`Matching::match_row`] for each box in turn (a phase,
    /// O(n²), so that a stepped search can spread the O(n³) solve over its parts), then
    /// [`Matching::cost`].
    pub fn start(&mut self, n: usize) {
        *self = Matching { n, ..Matching::new() };
    }

    /// Matches box `row` (0-based), the boxes before it matched.
    pub fn match_row(&mut self, level: &Level, boxes: &[u16], row: usize) {
        self.phase(level, boxes, row + 1);
    }

    /// The cost of the matching once every box is matched, or `None` when no matching exists.
    pub fn cost(&self, level: &Level, boxes: &[u16]) -> Option<u32> {
        self.total(level, boxes)
    }

    /// The matching after box `row` (0-based, its cell in `boxes` already changed) moved, from this
    /// matching of the boxes before; this one is left unchanged.
    pub fn after_move(&self, level: &Level, boxes: &[u16], row: usize) -> (Option<u32>, Matching) {
        let mut next = self.clone();
        let i = row + 1;
        for j in 1..=next.n {
            if next.p[j] == i {
                next.p[j] = 0;
            }
        }
        next.u[i] = (1..=next.n).map(|j| Self::entry(level, boxes, i, j) - next.v[j]).min().unwrap_or(0);
        next.phase(level, boxes, i);
        (next.total(level, boxes), next)
    }

    fn total(&self, level: &Level, boxes: &[u16]) -> Option<u32> {
        let total: i64 = (1..=self.n).map(|j| Self::entry(level, boxes, self.p[j], j) as i64).sum();
        (total < NO_WAY as i64).then_some(total as u32)
    }

    /// One phase of the Hungarian method (the e-maxx formulation): matches row `i`, every other row
    /// matched, along a shortest augmenting path in reduced costs.
    fn phase(&mut self, level: &Level, boxes: &[u16], i: usize) {
        let n = self.n;
        let (u, v, p) = (&mut self.u, &mut self.v, &mut self.p);
        let mut way = [0usize; MAX_BOXES + 1];
        let mut minv = [i32::MAX; MAX_BOXES + 1];
        let mut used = [false; MAX_BOXES + 1];
        p[0] = i;
        let mut j0 = 0;
        loop {
            used[j0] = true;
            let (i0, mut delta, mut j1) = (p[j0], i32::MAX, 0);
            for j in 1..=n {
                if !used[j] {
                    let cur = Self::entry(level, boxes, i0, j) - u[i0] - v[j];
                    if cur < minv[j] {
                        minv[j] = cur;
                        way[j] = j0;
                    }
                    if minv[j] < delta {
                        delta = minv[j];
                        j1 = j;
                    }
                }
            }
            for j in 0..=n {
                if used[j] {
                    u[p[j]] += delta;
                    v[j] -= delta;
                } else {
                    minv[j] -= delta;
                }
            }
            j0 = j1;
            if p[j0] == 0 {
                break;
            }
        }
        loop {
            let j1 = way[j0];
            p[j0] = p[j1];
            j0 = j1;
            if j0 == 0 {
                break;
            }
        }
    }
}

impl Default for Matching {
    fn default() -> Matching {
        Matching::new()
    }
}
