//! The push-optimal search: A\* over positions (boxes, and the region the player can walk in), one push a
//! move, guided by the matching lower bound ([`super::board::matching_bound`]), which is consistent (a push
//! moves one box one square: the matching's cost changes by one at most), so that the first solution
//! found is optimal and no position is expanded twice. Pushes onto dead squares and pushes that freeze a
//! box off a goal are never made: they cannot lie on a solution.
//!
//! Memory is reserved once: a position is its boxes as bits over the room plus a few numbers (about
//! `8 × ⌈room squares / 64⌉ + 42` bytes with the hash table and the open list), in flat arrays.

use super::board::{frozen_off_goal, has, put, take, Bits, Matching, Walk};
use super::corral::Corrals;
use super::level::Level;
use super::subsets::{memo_bytes, Subsets};
use super::{Action, Dir, Kind, Sokoban, State, MAX_BOXES, MAX_CELLS, NONE};
use crate::memory::{self, OutOfMemory};
use crate::search::{Puzzle, Search, Stats, Status, Step};
use alloc::boxed::Box;
use alloc::collections::BinaryHeap;
use alloc::sync::Arc;
use alloc::vec::Vec;
use core::cmp::Reverse;

/// A position's place in the arrays.
type Id = u32;

/// A position being expanded: its boxes (as bits and as a list), the next box whose pushes are made, and
/// its matching, updated for each child.
struct Expanding {
    id: Id,
    /// The next box whose pushes are made; before that, the boxes matched so far.
    next: usize,
    matched: usize,
    n: usize,
    cells: [u16; MAX_BOXES],
    occupied: Bits,
    base: Matching,
    /// The directions worth pushing each box (bit `dir`): all, or a PI corral's pushes.
    allowed: [u8; MAX_BOXES],
    corrals: Corrals,
    /// Whether the goal macros of the expansion were made (packing runs).
    macros_done: bool,
}

/// The flag of a stored push that is a goal macro: a box brought to a goal over several pushes.
const MACRO: u16 = 0x8000;
/// The waypoints reserved at creation (a hint's plan of up to 256 pushes; a longer one reserves more
/// when the player first leaves it).
const WAYPOINTS: usize = 256;
/// An optimal run with the fallback on that has reached a waypoint answers the way there once it stores
/// this share of its positions (1/16: 32,768 of a hint's 524,288) without a proof.
const REPAIR_SHARE: usize = 16;
/// The boxes nearest the next goal of the packing order that a goal macro tries.
const MACRO_BOXES: usize = 64;

/// How a [`PushSearch`] orders the positions it expands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Order {
    /// A\*: least pushes so far plus the bound first. The first solution is push-optimal.
    Optimal,
    /// Greedy best-first: least bound first (then the most pushes so far). Much faster on large
    /// levels; its solutions are not proven shortest.
    Greedy,
}

/// The push-optimal A\* of Sokoban (or its greedy relative), stepped, memory reserved at creation.
pub struct PushSearch {
    /// The order runs start in, and the current run's.
    base: Order,
    order: Order,
    /// Whether an optimal run that fills its arrays starts again greedily (a hint then still comes,
    /// not proven shortest).
    fallback: bool,
    /// Whether an optimal run that reached a waypoint of a plan being repaired answers the way there
    /// when it runs out of room, or once it stores [`REPAIR_SHARE`] of it, instead of going on.
    repair: bool,
    /// The run's start, for the greedy run that follows an optimal one out of room.
    start: Option<State>,
    /// The words every position's boxes take (the room's squares / 64, rounded up).
    words: usize,
    /// Boxes of every position, `words` a position.
    boxes: Vec<u64>,
    /// The player's normal cell (the lowest of their region).
    player: Vec<u16>,
    /// Pushes from the start.
    g: Vec<u16>,
    /// The position it was reached from (`Id::MAX` for the start).
    parent: Vec<Id>,
    /// The push that reached it: the box's cell before it × 4 + the direction.
    push: Vec<u16>,
    /// Open addressing: the run's epoch (16 bits) and a tag of the position's hash (16 bits) in the high
    /// half, its id in the low; a slot of another epoch is empty, so that a new run empties the table
    /// by counting its epoch up (the whole table is cleared once every 65,535 runs). The tag spares most
    /// comparisons of positions (each a cache miss).
    table: Vec<u64>,
    epoch: u16,
    /// Positions to expand: least `f` first, then the deepest (A*), or least bound first, then the fewest
    /// pushes (greedy): `first << 48 | tie << 32 | id`.
    open: BinaryHeap<Reverse<u64>>,
    /// The most positions the arrays hold, for the puzzle of the run.
    cap: usize,
    /// The words reserved in `boxes` (the cap for a puzzle is this over its words).
    reserved_words: usize,
    walk: Box<Walk>,
    after: Box<Walk>,
    /// The expansion under way (one box a part, so that a budget unit stays small on any room).
    expanding: Box<Expanding>,
    /// Whether an expansion is under way.
    active: bool,
    status: Status,
    stats: Stats,
    goal: Option<Id>,
    /// The expanded position with the least bound (then the least pushes), for a partial result.
    closest: Option<(u32, Id)>,
    /// The level of a greedy run: a macro push's single pushes are written out in its positions.
    level: Option<Arc<Level>>,
    /// Whether greedy runs pack goal rooms in order ([`super::packing`]): positions with more goals of
    /// the packing order filled first, and goal macros; the order, for the level it was made for.
    packing: bool,
    order_of: Option<(Arc<Level>, super::packing::PackingOrder)>,
    walks: Box<[Walk; 2]>,
    /// Positions of a plan that also end a greedy run (a hint's repair): their boxes (`words` each),
    /// players (normal squares), and (hash, index) sorted by hash.
    waypoint_boxes: Vec<u64>,
    waypoint_player: Vec<u16>,
    waypoints: Vec<(u64, u32)>,
    /// The first waypoint the optimal run reached, and whether the run ended there.
    waypoint_hit: Option<Id>,
    repaired: bool,
    /// Whether runs prune positions whose pushed box is dead with boxes near it ([`Subsets`]), and the
    /// memo, for the level it was made for.
    use_subsets: bool,
    subsets: Option<(Arc<Level>, Box<Subsets>)>,
}

/// Whether `cell` has a wall on both sides across `dir`: a box there pushed along `dir` (or the player
/// pushing it from there) is in a one-wide corridor.
fn across_walls(level: &Level, cell: u16, dir: Dir) -> bool {
    let sides = [Dir::ALL[(dir as usize + 1) % 4], Dir::ALL[(dir as usize + 3) % 4]];
    sides.iter().all(|&side| level.next(cell, side) == NONE)
}

impl PushSearch {
    /// A search for `puzzle` (and puzzles with rooms no larger) storing at most `node_cap` positions.
    pub fn new(puzzle: &Sokoban, node_cap: usize) -> Result<PushSearch, OutOfMemory> {
        let words = puzzle.level().rooms().div_ceil(64);
        let node_cap = node_cap.clamp(1, u32::MAX as usize / 2);
        let table_len = (node_cap * 2).next_power_of_two();
        let reserved_words = node_cap.checked_mul(words).ok_or(OutOfMemory { bytes: usize::MAX })?;
        let mut open = BinaryHeap::new();
        open.try_reserve_exact(node_cap * 2).map_err(|_| OutOfMemory { bytes: Self::bytes_for(puzzle, node_cap) })?;
        Ok(PushSearch {
            base: Order::Optimal,
            order: Order::Optimal,
            fallback: false,
            repair: false,
            start: None,
            words,
            boxes: memory::with_capacity(reserved_words)?,
            player: memory::with_capacity(node_cap)?,
            g: memory::with_capacity(node_cap)?,
            parent: memory::with_capacity(node_cap)?,
            push: memory::with_capacity(node_cap)?,
            table: memory::zeroed(table_len)?,
            epoch: 1,
            open,
            cap: node_cap,
            reserved_words,
            walk: Box::new(Walk::new()),
            after: Box::new(Walk::new()),
            expanding: Box::new(Expanding {
                id: 0,
                next: 0,
                matched: 0,
                n: 0,
                cells: [0; MAX_BOXES],
                occupied: [0; MAX_CELLS / 64],
                base: Matching::new(),
                allowed: [0xF; MAX_BOXES],
                corrals: Corrals::new(),
                macros_done: false,
            }),
            active: false,
            status: Status::InProgress,
            stats: Stats::default(),
            goal: None,
            closest: None,
            level: None,
            packing: false,
            order_of: None,
            walks: Box::new([Walk::new(), Walk::new()]),
            waypoint_boxes: memory::with_capacity(WAYPOINTS * words)?,
            waypoint_player: memory::with_capacity(WAYPOINTS)?,
            waypoints: memory::with_capacity(WAYPOINTS)?,
            waypoint_hit: None,
            repaired: false,
            use_subsets: false,
            subsets: None,
        })
    }

    /// The same search, pruning positions whose pushed box is dead with one or two boxes near it,
    /// searched alone ([`Subsets`]: a memo of [`memo_bytes`] for its positions, made now for `puzzle`'s
    /// level and again at the start of a run on another level, kept with the level) — for whole solves
    /// and the hints' searches, not a generator's rater (whose candidates' levels change in place).
    pub fn with_subsets(mut self, puzzle: &Sokoban) -> Result<PushSearch, OutOfMemory> {
        let level = puzzle.shared_level();
        let subsets = Subsets::new(&level, memo_bytes(self.player.capacity()))?;
        (self.use_subsets, self.subsets) = (true, Some((level, Box::new(subsets))));
        Ok(self)
    }

    /// The same search, its greedy runs packing goal rooms in order ([`super::packing`]): made once a
    /// level at the start of a run, and its macros search box paths — for whole solves (`lp bench
    /// sokoban`), not per-frame hints.
    pub fn with_packing(mut self) -> PushSearch {
        self.packing = true;
        self
    }

    /// Whether the next runs pack goal rooms in order (as [`PushSearch::with_packing`]).
    pub fn set_packing(&mut self, on: bool) {
        self.packing = on;
    }

    /// The packing order of the run's level, when the run packs.
    fn packing_order(&self) -> Option<&super::packing::PackingOrder> {
        match (&self.order_of, self.order, self.packing) {
            (Some((_, order)), Order::Greedy, true) => Some(order),
            _ => None,
        }
    }

    /// How many goals of the packing order `occupied` fills from its first (0 unless packing).
    fn packed(&self, occupied: &[u64]) -> u32 {
        let Some(order) = self.packing_order() else { return 0 };
        let mut bits: Bits = [0; MAX_CELLS / 64];
        bits[..occupied.len()].copy_from_slice(occupied);
        order.packed(&bits) as u32
    }

    /// The same search ordering positions by `order`.
    pub fn with_order(mut self, order: Order) -> PushSearch {
        (self.base, self.order) = (order, order);
        self
    }

    /// Orders the next runs by `order`.
    pub fn set_order(&mut self, order: Order) {
        (self.base, self.order) = (order, order);
    }

    /// The same search, starting again greedily when an optimal run fills its arrays (and repairing plans,
    /// as [`PushSearch::with_repair`]).
    pub fn with_fallback(mut self) -> PushSearch {
        self.fallback = true;
        self.with_repair()
    }

    /// The same search, answering the way back onto a plan being repaired when an optimal run that
    /// reached it would cost much more ([`crate::search::Search::set_waypoints`]).
    pub fn with_repair(mut self) -> PushSearch {
        self.repair = true;
        self
    }

    /// The order of the current run.
    pub fn order(&self) -> Order {
        self.order
    }

    /// Whether this search holds its full node cap for `puzzle` (a larger room takes more words a
    /// position: fewer positions fit in the same arrays).
    pub fn fits(&self, puzzle: &Sokoban) -> bool {
        puzzle.level().rooms().div_ceil(64) <= self.reserved_words / self.player.capacity().max(1)
    }

    /// Bytes [`PushSearch::new`] reserves for `puzzle` and `node_cap` positions.
    pub fn bytes_for(puzzle: &Sokoban, node_cap: usize) -> usize {
        let words = puzzle.level().rooms().div_ceil(64);
        node_cap.saturating_mul(words * 8 + 2 + 2 + 4 + 2 + 16)
            + (node_cap * 2).next_power_of_two() * 8
            + WAYPOINTS * (words * 8 + 2 + 16)
    }

    /// The position's first slot and its tag.
    fn hash(&self, bits: &[u64], player: u16) -> (usize, u64) {
        let h = Self::hash64(bits, player);
        ((h ^ (h >> 32)) as usize & (self.table.len() - 1), (self.epoch as u64) << 48 | (h >> 48) << 32)
    }

    fn hash64(bits: &[u64], player: u16) -> u64 {
        let mut h = (player as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        for &w in bits {
            h = (h ^ w).wrapping_mul(0x9e37_79b9_7f4a_7c15).rotate_left(29);
        }
        h
    }

    /// Whether this position ends the run: the goal (`h` 0), or a waypoint of the plan being repaired
    /// in a greedy run. An optimal run notes the first waypoint it reaches and goes on (its answer, if
    /// it runs out of room, instead of a greedy run).
    fn ends_run(&mut self, bits: &[u64], player: u16, h: u32) -> bool {
        if h == 0 {
            return true;
        }
        if self.waypoint_hit.is_some() && self.order == Order::Optimal || !self.is_waypoint(bits, player) {
            return false;
        }
        if self.order == Order::Greedy {
            return true;
        }
        self.waypoint_hit = self.find(bits, player).ok();
        false
    }

    /// Ends the optimal run at the waypoint it reached first: the way back onto the plan being repaired
    /// (not proven shortest).
    fn answer_repair(&mut self) {
        self.goal = self.waypoint_hit;
        self.repaired = true;
        self.active = false;
        self.status = Status::Found;
    }

    /// Whether the position is a waypoint of the plan being repaired.
    fn is_waypoint(&self, bits: &[u64], player: u16) -> bool {
        if self.waypoints.is_empty() {
            return false;
        }
        let h = Self::hash64(bits, player);
        let first = self.waypoints.partition_point(|&(w, _)| w < h);
        self.waypoints[first..].iter().take_while(|&&(w, _)| w == h).any(|&(_, k)| {
            let k = k as usize;
            self.waypoint_player[k] == player && self.waypoint_boxes[k * bits.len()..(k + 1) * bits.len()] == *bits
        })
    }

    fn bits(&self, id: Id) -> &[u64] {
        &self.boxes[id as usize * self.words..(id as usize + 1) * self.words]
    }

    /// The position's id, or the empty slot it would take with its tag.
    fn find(&self, bits: &[u64], player: u16) -> Result<Id, (usize, u64)> {
        let mask = self.table.len() - 1;
        let (mut slot, tag) = self.hash(bits, player);
        loop {
            match self.table[slot] {
                stored if stored >> 48 != self.epoch as u64 => return Err((slot, tag)),
                stored if stored & !0xFFFF_FFFF == tag => {
                    let id = stored as u32;
                    if self.player[id as usize] == player && self.bits(id) == bits {
                        return Ok(id);
                    }
                }
                _ => {}
            }
            slot = (slot + 1) & mask;
        }
    }

    /// Stores a new position; `None` when the arrays are full.
    fn add(
        &mut self,
        (slot, tag): (usize, u64),
        bits: &[u64],
        player: u16,
        g: u16,
        parent: Id,
        push: u16,
    ) -> Option<Id> {
        let id = self.player.len();
        if id >= self.cap {
            return None;
        }
        self.boxes.extend_from_slice(bits);
        self.player.push(player);
        self.g.push(g);
        self.parent.push(parent);
        self.push.push(push);
        self.table[slot] = tag | id as u64;
        Some(id as Id)
    }

    /// The open list's key: the order's measure (`g + h`; `h`, after the goals of the packing order left
    /// empty when packing), then the most pushes, then the id.
    fn key(&self, h: u32, packed: u32, g: u16, id: Id) -> Reverse<u64> {
        // A\*: among equal f the deepest first; greedy: among equal bounds the fewest pushes first.
        let (first, tie) = match self.order {
            Order::Optimal => (h + g as u32, u16::MAX - g),
            Order::Greedy if self.packing => (63u32.saturating_sub(packed) << 10 | h.min(1023), g),
            Order::Greedy => (h, g),
        };
        Reverse((first.min(0xFFFF) as u64) << 48 | (tie as u64) << 32 | id as u64)
    }

    /// The bound `h` of an open-list key whose pushes are `g`.
    fn bound_of(&self, key: u64, g: u16) -> u32 {
        let first = (key >> 48) as u32;
        match self.order {
            Order::Optimal => first.saturating_sub(g as u32),
            Order::Greedy if self.packing => first & 1023,
            Order::Greedy => first,
        }
    }

    /// Queues a position (its boxes `occupied`), or reports that the open list is full.
    fn queue(&mut self, h: u32, occupied: &[u64], g: u16, id: Id) -> bool {
        if self.open.len() >= self.open.capacity() {
            return false;
        }
        let packed = self.packed(occupied);
        self.open.push(self.key(h, packed, g, id));
        true
    }

    /// The boxes of `bits` as a sorted list of room cells.
    fn list(bits: &[u64], out: &mut [u16; MAX_BOXES]) -> usize {
        let mut n = 0;
        for (w, &word) in bits.iter().enumerate() {
            let mut rest = word;
            while rest != 0 && n < MAX_BOXES {
                out[n] = (w * 64) as u16 + rest.trailing_zeros() as u16;
                n += 1;
                rest &= rest - 1;
            }
        }
        n
    }

    /// Begins expanding position `id`: its boxes, its player's region and the pushes worth trying (PI
    /// corrals), kept for the parts that follow; its matching is solved in the next parts.
    fn begin(&mut self, puzzle: &Sokoban, id: Id) {
        let level = puzzle.level();
        let words = self.words;
        let e = &mut *self.expanding;
        e.occupied[..words].copy_from_slice(&self.boxes[id as usize * words..(id as usize + 1) * words]);
        e.n = Self::list(&e.occupied[..words], &mut e.cells);
        e.id = id;
        e.next = 0;
        e.matched = 0;
        e.macros_done = false;
        self.walk.fill(level, &e.occupied, self.player[id as usize]);
        e.allowed[..e.n].fill(0xF);
        e.corrals.restrict(level, &e.occupied, &self.walk.reached, &e.cells[..e.n], &mut e.allowed);
        e.base.start(e.n);
    }

    /// A part of the matching of the expansion under way: as many boxes matched as about 14 units of
    /// work allow (a box is a phase, n² steps). Its units, and whether a matching exists once done.
    fn match_part(&mut self, puzzle: &Sokoban) -> (u32, bool) {
        let level = puzzle.level();
        let e = &mut *self.expanding;
        let square = (e.n * e.n).max(1);
        let rows = (14 * 2048 / square).clamp(1, e.n - e.matched);
        for row in e.matched..e.matched + rows {
            e.base.match_row(level, &e.cells[..e.n], row);
        }
        e.matched += rows;
        let feasible = e.matched < e.n || e.base.cost(level, &e.cells[..e.n]).is_some();
        (1 + (rows * square / 2048) as u32, feasible)
    }

    /// One part of the expansion under way: every push of its next box not into a dead square nor a
    /// freeze, each child stored or improved (its bound by one phase of the parent's matching). Returns
    /// the children made, or the status that ends the run.
    fn expand_part(&mut self, puzzle: &Sokoban) -> Result<u64, Status> {
        let level = puzzle.level();
        let words = self.words;
        let i = self.expanding.next;
        self.expanding.next += 1;
        let (id, n, b) = (self.expanding.id, self.expanding.n, self.expanding.cells[i]);
        let g = self.g[id as usize] + 1;
        let mut made = 0;
        let mut seen: Bits = [0; MAX_CELLS / 64];
        for dir in Dir::ALL {
            let (behind, target) = (level.next(b, dir.back()), level.next(b, dir));
            let e = &mut *self.expanding;
            if e.allowed[i] >> dir as u8 & 1 == 0
                || behind == super::NONE
                || target == super::NONE
                || !has(&self.walk.reached, behind)
                || has(&e.occupied, target)
                || !level.live[target as usize]
            {
                continue;
            }
            take(&mut e.occupied, b);
            put(&mut e.occupied, target);
            seen[..words].fill(0);
            let frozen = frozen_off_goal(level, &e.occupied, target, &mut seen);
            // A greedy run pushes a box on through a one-wide corridor in the same move (a tunnel macro:
            // the player could only push it on or walk back), to its end or a goal.
            let (mut end, mut pushes) = (target, 1u16);
            while !frozen && self.order == Order::Greedy && Self::tunnel_goes_on(level, &e.occupied, end, dir) {
                let next = level.next(end, dir);
                take(&mut e.occupied, end);
                put(&mut e.occupied, next);
                seen[..words].fill(0);
                if frozen_off_goal(level, &e.occupied, next, &mut seen) {
                    take(&mut e.occupied, next);
                    put(&mut e.occupied, end);
                    break;
                }
                (end, pushes) = (next, pushes + 1);
            }
            let behind_end = level.next(end, dir.back());
            // A position stored before no nearer the start is passed over before its deadlock tests and
            // bound (it was tested when stored).
            let player = if frozen { None } else { Some(self.after.fill(level, &e.occupied, behind_end)) };
            let occupied = e.occupied;
            let found = player.map(|player| self.find(&occupied[..words], player));
            let known = matches!(found, Some(Ok(old)) if self.g[old as usize] <= g - 1 + pushes);
            // A part's units count a position passed over as one made (its walk is the same).
            made += known as u64;
            let e = &mut *self.expanding;
            let subset_dead = player.is_some()
                && !known
                && self.subsets.as_mut().is_some_and(|(_, subsets)| {
                    e.cells[i] = end;
                    let dead = subsets.dead_near(level, &e.cells[..n], end, behind_end);
                    e.cells[i] = b;
                    dead
                });
            let child = match player {
                Some(player) if !known && !subset_dead => {
                    e.cells[i] = end;
                    let (bound, _) = e.base.after_move(level, &e.cells[..n], i);
                    e.cells[i] = b;
                    bound.map(|h| (h, player))
                }
                _ => None,
            };
            if let (Some((h, player)), Some(found)) = (child, found) {
                made += 1;
                let push = b << 2 | dir as u16;
                // The table is as the lookup above found it: nothing was stored since.
                self.reach(found, &occupied[..words], player, g - 1 + pushes, id, push, h)?;
                if self.ends_run(&occupied[..words], player, h) {
                    self.goal = self.find(&occupied[..words], player).ok();
                    return Err(Status::Found);
                }
            }
            let e = &mut *self.expanding;
            take(&mut e.occupied, end);
            put(&mut e.occupied, b);
        }
        Ok(made)
    }

    /// The goal macros of the expansion under way (packing runs): each of the [`MACRO_BOXES`] boxes
    /// nearest the next empty goal of the packing order that can get there is brought onto it in one
    /// move. Returns the work units spent, or the status that ends the run.
    fn expand_macros(&mut self, puzzle: &Sokoban) -> Result<u32, Status> {
        let level = puzzle.level();
        let words = self.words;
        let (id, n) = (self.expanding.id, self.expanding.n);
        let mut occupied = self.expanding.occupied;
        let Some(order) = self.packing_order() else { return Ok(0) };
        let k = order.packed(&occupied);
        let Some(&(goal, own_goal)) = order.steps.get(k) else { return Ok(0) };
        let goal_index = level.goals.iter().position(|&g| g == own_goal).unwrap_or(0);
        let rooms = level.rooms();
        let mut near: heapless::Vec<(u16, usize), MAX_BOXES> = heapless::Vec::new();
        for i in 0..n {
            let b = self.expanding.cells[i];
            // A pocket's box goes on to its goal: the boxes nearest that goal are nearest the pocket.
            let distance = level.distance[goal_index * rooms + b as usize];
            if !order.filled_by(k, b) && distance != u16::MAX {
                let _ = near.push((distance, i));
            }
        }
        near.sort_unstable();
        let player = self.player[id as usize];
        let mut units = 1u32;
        for &(_, i) in near.iter().take(MACRO_BOXES) {
            let b = self.expanding.cells[i];
            units = units.saturating_add(1 + (rooms / 64) as u32);
            let Some(path) = super::packing::box_path(level, &occupied, b, goal, player, &mut self.walks) else {
                continue;
            };
            let Some(&(last, _)) = path.last() else { continue };
            take(&mut occupied, b);
            put(&mut occupied, goal);
            self.expanding.cells[i] = goal;
            let (bound, _) = self.expanding.base.after_move(level, &self.expanding.cells[..n], i);
            self.expanding.cells[i] = b;
            if let Some(h) = bound {
                let player_after = self.after.fill(level, &occupied, last);
                let g = self.g[id as usize].saturating_add(path.len() as u16);
                let push = MACRO | b << 2 | path[0].1 as u16;
                let found = self.find(&occupied[..words], player_after);
                self.reach(found, &occupied[..words], player_after, g, id, push, h)?;
                if self.ends_run(&occupied[..words], player_after, h) {
                    self.goal = self.find(&occupied[..words], player_after).ok();
                    return Err(Status::Found);
                }
            }
            take(&mut occupied, goal);
            put(&mut occupied, b);
        }
        Ok(units)
    }

    /// Whether a box at `at`, just pushed along `dir`, goes on in a tunnel macro: it is off the goals,
    /// it and the square the player pushed from have walls on both sides across `dir`, and the square
    /// ahead is free and not dead.
    fn tunnel_goes_on(level: &Level, occupied: &Bits, at: u16, dir: Dir) -> bool {
        let (behind, ahead) = (level.next(at, dir.back()), level.next(at, dir));
        !level.goal[at as usize]
            && ahead != NONE
            && !has(occupied, ahead)
            && level.live[ahead as usize]
            && across_walls(level, at, dir)
            && behind != NONE
            && across_walls(level, behind, dir)
    }

    /// The budget units a part that made `made` children costs: a unit is about one child on a small
    /// room (a walk over its squares and a phase of the matching, n² steps), so that a unit is bounded
    /// work on a 64×64 room with 64 boxes too.
    fn part_units(&self, puzzle: &Sokoban, made: u64) -> u32 {
        let n = self.expanding.n as u64;
        let walked = self.subsets.as_ref().map_or(0, |(_, s)| s.walked()) as u64;
        let work = made * (puzzle.level().rooms() as u64 + n * n) + walked;
        (1 + work / 2048).min(u32::MAX as u64) as u32
    }

    /// The budget units beginning an expansion costs: walks over the room (the player's region, the
    /// corrals), in the units of [`PushSearch::part_units`].
    fn begin_units(&self, puzzle: &Sokoban) -> u32 {
        (1 + 2 * puzzle.level().rooms() / 2048) as u32
    }

    /// Records that position (`bits`, `player`) is reached in `g` pushes by `push` from `parent`: stores
    /// it, or lowers its pushes; queues it. Its id when stored or improved. `found` is the table's answer
    /// for it ([`PushSearch::find`]), nothing stored since.
    #[allow(clippy::too_many_arguments)]
    fn reach(
        &mut self,
        found: Result<Id, (usize, u64)>,
        bits: &[u64],
        player: u16,
        g: u16,
        parent: Id,
        push: u16,
        h: u32,
    ) -> Result<Option<Id>, Status> {
        self.stats.generated += 1;
        let id = match found {
            Ok(id) if self.g[id as usize] <= g => return Ok(None),
            Ok(id) => {
                self.g[id as usize] = g;
                self.parent[id as usize] = parent;
                self.push[id as usize] = push;
                id
            }
            Err(slot) => self.add(slot, bits, player, g, parent, push).ok_or(Status::OutOfNodes)?,
        };
        if !self.queue(h, bits, g, id) {
            return Err(Status::OutOfNodes);
        }
        Ok(Some(id))
    }

    /// The position `id` as a state.
    fn state(&self, id: Id) -> State {
        let mut cells = [0u16; MAX_BOXES];
        let n = Self::list(self.bits(id), &mut cells);
        State::new(self.player[id as usize], &cells[..n])
    }

    /// The pushes from the start to `id` as (move, position after it), first to last; a tunnel macro's
    /// pushes one by one.
    fn write_pushes(&self, id: Id, out: &mut Vec<(Action, State)>) {
        out.clear();
        let mut at = id;
        let mut walk = Walk::new();
        while self.parent[at as usize] != Id::MAX {
            let parent = self.parent[at as usize];
            let push = self.push[at as usize];
            let (from, dir) = ((push & !MACRO) >> 2, Dir::ALL[(push & 3) as usize]);
            let before = self.state(parent);
            let piece = before.box_at(from).unwrap_or(0) as u16;
            if push & MACRO != 0 {
                self.write_macro(parent, at, from, piece, out);
                at = parent;
                continue;
            }
            // The box went along `dir` to its first square where the position has a box.
            let after = self.state(at);
            let mut steps: heapless::Vec<(Action, State), 256> = heapless::Vec::new();
            let (before_bits, after_bits) = (before.bits(), after.bits());
            let (mut box_at, mut bits) = (from, before_bits);
            while let Some(level) = self.level.as_deref() {
                let next = level.next(box_at, dir);
                if next == NONE || steps.is_full() {
                    break;
                }
                take(&mut bits, box_at);
                put(&mut bits, next);
                let mv = Action { kind: Kind::Push, piece, from: box_at, dir };
                box_at = next;
                if has(&after_bits, next) && !has(&before_bits, next) {
                    let _ = steps.push((mv, after));
                    break;
                }
                let mut cells = [0u16; MAX_BOXES];
                let n = Self::list(&bits[..self.words], &mut cells);
                let player = walk.fill(level, &bits, level.next(next, dir.back()));
                let _ = steps.push((mv, State::new(player, &cells[..n])));
            }
            if steps.is_empty() {
                // No level (never the case after a run): the one push as stored.
                let _ = steps.push((Action { kind: Kind::Push, piece, from, dir }, after));
            }
            out.extend(steps.into_iter().rev());
            at = parent;
        }
        out.reverse();
    }

    /// A goal macro's pushes, last first (as `write_pushes` gathers them): the box path found again from
    /// the parent's position to the goal the box reached.
    fn write_macro(&self, parent: Id, at: Id, from: u16, piece: u16, out: &mut Vec<(Action, State)>) {
        let Some(level) = self.level.as_deref() else { return };
        let (before, after) = (self.state(parent), self.state(at));
        let (bits, end) = (before.bits(), after.boxes().iter().copied().find(|&c| !has(&before.bits(), c)));
        let Some(end) = end else { return };
        let mut walks = Box::new([Walk::new(), Walk::new()]);
        let Some(path) = super::packing::box_path(level, &bits, from, end, before.player, &mut walks) else { return };
        let mut boxes = bits;
        let mut steps = Vec::with_capacity(path.len());
        for &(cell, dir) in &path {
            let next = level.next(cell, dir);
            take(&mut boxes, cell);
            put(&mut boxes, next);
            let mut cells = [0u16; MAX_BOXES];
            let n = Self::list(&boxes[..self.words], &mut cells);
            let player = walks[0].fill(level, &boxes, cell);
            steps.push((Action { kind: Kind::Push, piece, from: cell, dir }, State::new(player, &cells[..n])));
        }
        out.extend(steps.into_iter().rev());
    }

    /// Empties the hash table: a new epoch (the slots of the old ones read as empty); the whole table
    /// is cleared only when the epoch wraps.
    fn clear_table(&mut self) {
        self.epoch = self.epoch.wrapping_add(1);
        if self.epoch == 0 {
            self.table.fill(0);
            self.epoch = 1;
        }
    }

    fn root(&self) -> Id {
        0
    }
}

impl PushSearch {
    /// Starts a run from `start` in `order` (the start queued in that order's key).
    fn start_run(&mut self, puzzle: &Sokoban, start: State, order: Order) {
        self.order = order;
        self.waypoint_hit = None;
        self.repaired = false;
        self.active = false;
        self.clear_table();
        self.words = puzzle.level().rooms().div_ceil(64);
        self.cap = (self.reserved_words / self.words.max(1)).min(self.player.capacity());
        self.boxes.clear();
        self.player.clear();
        self.g.clear();
        self.parent.clear();
        self.push.clear();
        self.open.clear();
        self.stats = Stats { bytes_reserved: PushSearch::bytes_for(puzzle, self.cap), ..Stats::default() };
        self.goal = None;
        self.closest = None;
        let start = puzzle.normal(&start);
        self.start = Some(start);
        // Kept only by greedy runs (their macros' pushes are written out in the level's positions): a
        // generator's rater, optimal, must not hold the candidates' level, whose storage it reuses.
        self.level = (self.order == Order::Greedy).then(|| puzzle.shared_level());
        if self.use_subsets {
            let level = puzzle.shared_level();
            if !self.subsets.as_ref().is_some_and(|(made, _)| Arc::ptr_eq(made, &level)) {
                // Out of memory: no subsets (sound, only less pruning).
                self.subsets = None;
                let bytes = memo_bytes(self.player.capacity());
                self.subsets = Subsets::new(&level, bytes).ok().map(|s| (level, Box::new(s)));
            }
        }
        self.stats.bytes_reserved += self.subsets.as_ref().map_or(0, |(_, s)| s.bytes_reserved());
        let mut bits: Bits = [0; MAX_CELLS / 64];
        start.boxes().iter().for_each(|&b| put(&mut bits, b));
        let words = self.words;
        // The table is empty: the start takes the slot its hash names.
        let slot = self.hash(&bits[..words], start.player);
        self.add(slot, &bits[..words], start.player, 0, Id::MAX, 0);
        self.status = if puzzle.solved(&start) {
            self.goal = Some(0);
            self.stats.solution_length = Some(0);
            self.stats.solution_cost = Some(0);
            Status::Found
        } else if puzzle.dead(&start) {
            Status::Unsolvable
        } else {
            if self.packing && self.order == Order::Greedy {
                let level = puzzle.shared_level();
                if !self.order_of.as_ref().is_some_and(|(made, _)| Arc::ptr_eq(made, &level)) {
                    self.order_of = Some((Arc::clone(&level), super::packing::packing_order(&level)));
                }
            }
            let h = puzzle.heuristic(&start);
            self.queue(h, &bits[..words], 0, 0);
            Status::InProgress
        };
        self.stats.peak_stored = 1;
    }
}

impl Search<Sokoban> for PushSearch {
    fn restart(&mut self, puzzle: &Sokoban, start: State) {
        self.start_run(puzzle, start, self.base);
    }

    fn step(&mut self, puzzle: &Sokoban, budget: u32) -> Step {
        if self.status != Status::InProgress {
            return Step::new(self.status, 0);
        }
        let mut work = 0u32;
        while work < budget.max(1) {
            if !self.active
                && self.repair
                && self.waypoint_hit.is_some()
                && self.player.len() >= self.cap / REPAIR_SHARE
            {
                // A proof that costs this much is not coming soon: back onto the plan being repaired.
                self.answer_repair();
                break;
            }
            if !self.active {
                let Some(Reverse(key)) = self.open.pop() else {
                    self.status = Status::Unsolvable;
                    break;
                };
                let id = key as u32;
                let g = match self.order {
                    Order::Optimal => u16::MAX - (key >> 32) as u16,
                    Order::Greedy => (key >> 32) as u16,
                };
                if g != self.g[id as usize] {
                    continue; // a stale entry: the position was reached in fewer pushes since
                }
                let h = self.bound_of(key, g);
                if self.closest.is_none_or(|(best, at)| (h, g) < (best, self.g[at as usize])) {
                    self.closest = Some((h, id));
                }
                self.stats.expanded += 1;
                self.begin(puzzle, id);
                self.active = self.expanding.n > 0;
                work = work.saturating_add(self.begin_units(puzzle));
                continue;
            }
            if self.expanding.matched < self.expanding.n {
                let (units, feasible) = self.match_part(puzzle);
                work = work.saturating_add(units);
                // No matching: no goal for some box, nothing to expand.
                self.active = feasible;
                continue;
            }
            // The subsets' searches of a part's pushes share the part's work (part_units counts it).
            if let Some((_, subsets)) = self.subsets.as_mut() {
                subsets.set_budget();
            }
            let result = if self.packing && self.order == Order::Greedy && !self.expanding.macros_done {
                self.expanding.macros_done = true;
                self.expand_macros(puzzle).map(|units| units as u64)
            } else {
                self.expand_part(puzzle)
            };
            self.active = self.expanding.next < self.expanding.n;
            match result {
                Ok(made) => work = work.saturating_add(self.part_units(puzzle, made)),
                Err(Status::OutOfNodes)
                    if self.repair && self.order == Order::Optimal && self.waypoint_hit.is_some() =>
                {
                    work = work.saturating_add(1);
                    self.answer_repair();
                    break;
                }
                Err(Status::OutOfNodes) if self.fallback && self.order == Order::Optimal => {
                    // Out of room for a proof: a greedy run from the start, in the same arrays.
                    work = work.saturating_add(1);
                    let expanded = self.stats.expanded;
                    if let Some(start) = self.start {
                        // The start queued in the greedy order's key (an optimal key read as greedy
                        // was a stale entry: the run ended at once, "unsolvable").
                        self.start_run(puzzle, start, Order::Greedy);
                    }
                    self.stats.expanded = expanded;
                }
                Err(status) => {
                    work = work.saturating_add(1);
                    self.active = false;
                    self.status = status;
                    break;
                }
            }
        }
        self.stats.peak_stored = self.player.len();
        if self.status == Status::Found {
            let length = self.goal.map(|id| self.g[id as usize] as u32);
            self.stats.solution_length = length;
            self.stats.solution_cost = length.map(u64::from);
        }
        Step::new(self.status, work)
    }

    fn status(&self) -> Status {
        self.status
    }

    fn stats(&self) -> Stats {
        self.stats
    }

    fn write_path(&self, out: &mut Vec<(Action, State)>) {
        out.clear();
        if let (Status::Found, Some(goal)) = (self.status, self.goal) {
            self.write_pushes(goal, out);
        }
    }

    /// Whether the run was the optimal one (not greedy, nor fallen back on greedy).
    fn proven_optimal(&self) -> bool {
        self.order == Order::Optimal && !self.repaired
    }

    /// An optimal run does not end at a waypoint (it keeps its proof): it notes the first one it reaches
    /// and, if it runs out of room (with the fallback on), answers the way there instead of starting a
    /// greedy run (not proven shortest). A greedy run ends at the first waypoint it reaches.
    fn set_waypoints(&mut self, puzzle: &Sokoban, start: Option<&State>, plan: &[(Action, State)]) -> bool {
        self.waypoints.clear();
        self.waypoint_boxes.clear();
        self.waypoint_player.clear();
        let words = puzzle.level().rooms().div_ceil(64);
        let count = start.iter().count() + plan.len();
        let reserved = self.waypoints.try_reserve(count).is_ok()
            && self.waypoint_player.try_reserve(count).is_ok()
            && self.waypoint_boxes.try_reserve(count.saturating_mul(words)).is_ok();
        if !reserved {
            return false;
        }
        for state in start.into_iter().chain(plan.iter().map(|(_, s)| s)) {
            let state = puzzle.normal(state);
            let bits = state.bits();
            let k = self.waypoint_player.len() as u32;
            self.waypoints.push((Self::hash64(&bits[..words], state.player), k));
            self.waypoint_player.push(state.player);
            self.waypoint_boxes.extend_from_slice(&bits[..words]);
        }
        self.waypoints.sort_unstable();
        count > 0
    }

    fn write_closest(&self, out: &mut Vec<(Action, State)>) -> bool {
        out.clear();
        match self.closest {
            Some((_, id)) if id != self.root() => {
                self.write_pushes(id, out);
                !out.is_empty()
            }
            _ => false,
        }
    }
}
