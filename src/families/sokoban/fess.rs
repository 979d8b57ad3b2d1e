//! A feature-space search for whole solves of large levels, after Shoham & Schaeffer's FESS ("The FESS
//! Algorithm", CoG 2020; read from the paper, not from code). Positions are projected onto a few features
//! — how many goals of the packing order ([`super::packing`]) hold their box, how many areas the boxes cut
//! the floor into, how many boxes stand where the packing will wall them in — and the search takes turns
//! over the cells of that feature space, one move from each cell in turn, so that no single measure of
//! progress leads it into a dead end for long. A move brings one box to any square it can reach (pushes
//! in between written out when the solution is); advisors mark the moves that improve a feature, or bring
//! a box nearer the next goal of the order than any box is (weight 0, others 1), and each cell expands the
//! position reached with the least weight first (the newest among equals).
//!
//! Expanding a position walks the floor once per box: one depth-first numbering of the squares with that
//! box lifted (Tarjan's cut squares) tells, for every square the box can reach, which squares beside it
//! stay joined with the box there — the sides the player can push it from, and how many areas each move
//! leaves — without a walk per push or per move (5× fewer seconds for the same positions than a walk
//! each). The squares a packing prefix seals off are found once.
//!
//! Solutions are not push-optimal, and the search allocates as it goes: it is for `lp bench sokoban` and
//! designers' whole solves, not per-frame hints.

use super::board::{all_matched, frozen_off_goal, has, put, stuck, take, Bits, Walk};
use super::corral::Corrals;
use super::level::Level;
use super::packing::Peel;
use super::{Dir, Sokoban, MAX_BOXES, MAX_CELLS, NONE};
use crate::search::Status;
use alloc::boxed::Box;
use alloc::collections::{BTreeMap, BinaryHeap};
use alloc::sync::Arc;
use alloc::vec;
use alloc::vec::Vec;
use core::cmp::Reverse;
use core::hash::Hasher;

/// A move: the box on `from` brought to `to`, the player ending beside it on `behind`.
#[derive(Clone, Copy, Debug)]
struct Move {
    from: u16,
    to: u16,
    behind: u16,
    /// 0 when an advisor suggests it, 1 otherwise.
    weight: u8,
    pushes: u16,
}

/// One position of the search tree.
struct Node {
    parent: u32,
    /// The move from the parent (unused at the root).
    step: Move,
    player: u16,
    /// Accumulated weight: the non-advised moves on the way here.
    weight: u32,
    features: Features,
    /// The moves from here, made when the position is first picked (exactly sized: these lists are most
    /// of a position's bytes; emptied once every move is tried), and how many were tried.
    moves: Option<Box<[Move]>>,
    tried: u32,
}

/// Where a position lies in the feature space (smaller is closer to solved, except `packed`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct Features {
    packed: u16,
    areas: u16,
    out_of_plan: u16,
}

/// A cell of the feature space: its positions with untried moves, least weight first.
struct Cell {
    queue: BinaryHeap<Reverse<(u32, u32, u32)>>,
}

/// The feature-space search of one level, stepped.
pub struct FeatureSearch {
    level: Arc<Level>,
    words: usize,
    order: Vec<u16>,
    /// For each number of goals of the order packed, `words` words: the squares off the goals that
    /// packing the next goal seals off from every empty goal (a box there is out of plan), found once.
    sealed: Vec<u64>,
    /// The boxes of every position stored, `words` words each.
    boxes: Vec<u64>,
    nodes: Vec<Node>,
    table: Vec<u32>,
    cells: Vec<Cell>,
    cell_of: BTreeMap<Features, usize>,
    turn: usize,
    /// Moves made so far.
    made: u64,
    cap: usize,
    start: Bits,
    start_player: u16,
    found: Option<u32>,
    status: Status,
    /// Scratch space.
    walk: Box<Walk>,
    corrals: Box<Corrals>,
    /// Each room square's goals a box there can reach (bit `g` for goal `g`).
    reach: Vec<u64>,
    seen: Vec<u32>,
    stamp: u32,
    parent: Vec<u32>,
    /// A box's search: (its square × 4 + the last push's direction, pushes so far).
    queue: Vec<(u32, u16)>,
    stack: Vec<u16>,
    /// Each free square's area, as [`FeatureSearch::label_areas`] found them.
    label: Vec<u16>,
    /// [`FeatureSearch::cut_squares`]' numbering: each square's number on the way in and out (valid when
    /// above the clock at the walk's start), the least number its subtree reaches, the square it was
    /// reached from; the walk's stack; the clock.
    order_in: Vec<u64>,
    order_out: Vec<u64>,
    low: Vec<u64>,
    up: Vec<u16>,
    dfs: Vec<(u16, u8)>,
    clock: u64,
    /// The areas each move of the position being expanded leaves.
    move_areas: Vec<u16>,
}

/// The empty slot of the position table.
const EMPTY: u32 = u32::MAX;

impl FeatureSearch {
    /// A search of `puzzle` from the boxes `boxes` and the player on `player`, storing at most `cap`
    /// positions.
    pub fn new(puzzle: &Sokoban, boxes: &[u16], player: u16, cap: usize) -> FeatureSearch {
        let level = puzzle.shared_level();
        let rooms = level.rooms();
        let mut search = FeatureSearch {
            words: rooms.div_ceil(64),
            order: super::packing::packing_order(&level),
            sealed: Vec::new(),
            boxes: Vec::new(),
            nodes: Vec::new(),
            table: vec![EMPTY; 1024],
            cells: Vec::new(),
            cell_of: BTreeMap::new(),
            turn: 0,
            made: 0,
            cap: cap.max(1),
            start: [0; MAX_CELLS / 64],
            start_player: 0,
            found: None,
            status: Status::InProgress,
            walk: Box::new(Walk::new()),
            corrals: Box::new(Corrals::new()),
            reach: (0..rooms as u16)
                .map(|c| {
                    (0..level.goals.len()).filter(|&g| level.distance(g, c) != u16::MAX).fold(0, |m, g| m | 1 << g)
                })
                .collect(),
            seen: vec![0; rooms * 4],
            stamp: 0,
            parent: vec![0; rooms * 4],
            queue: Vec::new(),
            stack: Vec::new(),
            label: vec![0; rooms],
            order_in: vec![0; rooms],
            order_out: vec![0; rooms],
            low: vec![0; rooms],
            up: vec![NONE; rooms],
            dfs: Vec::new(),
            clock: 0,
            move_areas: Vec::new(),
            level,
        };
        boxes.iter().for_each(|&b| put(&mut search.start, b));
        search.start_player = player;
        search.seal();
        search
    }

    /// The same search packing goal rooms in the order `peel` finds ([`super::packing::packing_order_by`]).
    pub fn with_peel(mut self, peel: Peel) -> FeatureSearch {
        self.order = super::packing::packing_order_by(&self.level, peel);
        self.seal();
        self
    }

    /// Finds [`FeatureSearch::sealed`] for the packing order.
    fn seal(&mut self) {
        let level = Arc::clone(&self.level);
        self.sealed.clear();
        for packed in 0..self.order.len() {
            let mut walls: Bits = [0; MAX_CELLS / 64];
            self.order[..=packed].iter().for_each(|&g| put(&mut walls, g));
            // The floor outside the packed goals, split into areas; an area holding no empty goal is
            // sealed once the packed ones are filled.
            let (label, mut goal) = (&mut self.label, Vec::new());
            count_areas(&level, &walls, &mut self.stack, |at, area| {
                label[at as usize] = area;
                goal.resize(goal.len().max(area as usize + 1), false);
                goal[area as usize] |= level.goal[at as usize];
            });
            let mut sealed = [0u64; MAX_CELLS / 64];
            for at in (0..level.rooms() as u16).filter(|&at| !has(&walls, at)) {
                if !goal[self.label[at as usize] as usize] {
                    put(&mut sealed, at);
                }
            }
            self.sealed.extend_from_slice(&sealed[..self.words]);
        }
    }

    /// The positions stored.
    pub fn positions(&self) -> usize {
        self.nodes.len()
    }

    /// The moves made so far (the unit of [`FeatureSearch::step`]).
    pub fn moves(&self) -> u64 {
        self.made
    }

    /// How the search stands: `InProgress`, `Found`, `Unsolvable` (every move tried: no solution among
    /// the positions the deadlock tests let through) or `OutOfNodes`.
    pub fn status(&self) -> Status {
        self.status
    }

    /// Makes up to `moves` moves.
    pub fn step(&mut self, moves: u32) -> Status {
        let mut made = 0;
        if self.nodes.is_empty() {
            let (bits, player) = (self.start, self.start_player);
            let normal = self.walk.fill(&self.level, &bits, player);
            let root = Move { from: NONE, to: NONE, behind: player, weight: 0, pushes: 0 };
            self.add(&bits, normal, u32::MAX, root, 0);
        }
        while made < moves && self.status == Status::InProgress {
            if self.nodes.len() >= self.cap {
                self.status = Status::OutOfNodes;
                break;
            }
            match self.next_move() {
                Some((id, mv)) => {
                    made += 1;
                    self.made += 1;
                    self.make(id, mv);
                }
                None => self.status = Status::Unsolvable,
            }
        }
        self.status
    }

    /// The next move to make: from the next cell in turn with a position left, the least weighted.
    fn next_move(&mut self) -> Option<(u32, Move)> {
        let mut empty_cells = 0;
        while empty_cells <= self.cells.len() {
            if self.cells.is_empty() {
                return None;
            }
            self.turn = (self.turn + 1) % self.cells.len();
            let cell = self.turn;
            let mut picked = None;
            while let Some(Reverse((key, _, id))) = self.cells[cell].queue.pop() {
                let Some(mv) = self.untried(id) else { continue };
                let weight = self.nodes[id as usize].weight + mv.weight as u32;
                if weight > key {
                    let tie = Self::tie(id);
                    self.cells[cell].queue.push(Reverse((weight, tie, id)));
                    continue;
                }
                let node = &mut self.nodes[id as usize];
                node.tried += 1;
                if let Some(next) = node.moves.as_ref().and_then(|m| m.get(node.tried as usize)) {
                    let again = node.weight + next.weight as u32;
                    let tie = Self::tie(id);
                    self.cells[cell].queue.push(Reverse((again, tie, id)));
                } else {
                    // Every move tried: the list goes (an empty one, so that it is not made again).
                    node.moves = Some(Box::default());
                }
                picked = Some((id, mv));
                break;
            }
            if picked.is_some() {
                return picked;
            }
            empty_cells += 1;
        }
        None
    }

    /// The order of positions of equal weight in a cell: the newest first, so that a cell follows a line
    /// of play deeper before it goes back (measured: 40 XSokoban levels at 3 s against 37 oldest first).
    fn tie(id: u32) -> u32 {
        u32::MAX - id
    }

    /// The next untried move of position `id` (its moves made first when needed).
    fn untried(&mut self, id: u32) -> Option<Move> {
        if self.nodes[id as usize].moves.is_none() {
            let moves = self.moves_of(id);
            self.nodes[id as usize].moves = Some(moves.into_boxed_slice());
        }
        let node = &self.nodes[id as usize];
        node.moves.as_ref()?.get(node.tried as usize).copied()
    }

    /// The boxes of position `id`.
    fn bits(&self, id: u32) -> Bits {
        let mut bits: Bits = [0; MAX_CELLS / 64];
        let at = id as usize * self.words;
        bits[..self.words].copy_from_slice(&self.boxes[at..at + self.words]);
        bits
    }

    /// Every move of position `id`, advised ones first (then the fewest pushes), weighed by the advisors.
    fn moves_of(&mut self, id: u32) -> Vec<Move> {
        let bits = self.bits(id);
        let (player, features) = (self.nodes[id as usize].player, self.nodes[id as usize].features);
        let mut moves = Vec::new();
        self.walk.fill(&self.level, &bits, player);
        let start = self.walk.reached;
        let areas_now = self.label_areas(&bits);
        self.move_areas.clear();
        for from in cells_of(&bits, self.words) {
            let first = moves.len();
            self.box_moves(&bits, from, &start, &mut moves);
            // The areas each move leaves: those with the box lifted, one fewer for the square it fills,
            // one more for each piece that square cuts its area into.
            let lifted = self.areas_lifting(&bits, from, areas_now);
            let mut without = bits;
            take(&mut without, from);
            for mv in &moves[first..] {
                let sides = self.sides(&without, mv.to);
                let pieces = (0..4).filter(|&d| sides[d] != u8::MAX && !sides[..d].contains(&sides[d])).count();
                self.move_areas.push(lifted + pieces as u16 - 1);
            }
        }
        // The advisors: each picks the move that best improves its measure (then the fewest pushes).
        // Packing: a box onto the next goal of the order; areas: fewer floor areas; plan: fewer boxes out
        // of plan; approach: a box (not packed) nearer the next goal than any is now.
        let level = Arc::clone(&self.level);
        let level = &*level;
        let prefix = super::packing::packed(&self.order, &bits);
        let next_goal = self.order.get(prefix).copied();
        let goal_index = next_goal.and_then(|g| level.goals.iter().position(|&x| x == g));
        let packed_cells: Vec<u16> = self.order[..prefix].to_vec();
        let near = |cell: u16| goal_index.map_or(u16::MAX, |g| level.distance(g, cell));
        let nearest =
            cells_of(&bits, self.words).filter(|c| !packed_cells.contains(c)).map(near).min().unwrap_or(u16::MAX);
        let mut best: [Option<((u16, u16), usize)>; 4] = [None; 4];
        let mut offer = |advisor: usize, measure: u16, k: usize, pushes: u16| {
            if best[advisor].is_none_or(|(b, _)| (measure, pushes) < b) {
                best[advisor] = Some(((measure, pushes), k));
            }
        };
        for (k, mv) in moves.iter().enumerate() {
            if Some(mv.to) == next_goal {
                offer(0, 0, k, mv.pushes);
            }
            let mut after = bits;
            take(&mut after, mv.from);
            put(&mut after, mv.to);
            let areas = self.move_areas[k];
            debug_assert_eq!(areas, self.areas(&after), "{} to {}", mv.from, mv.to);
            if areas < features.areas {
                offer(1, areas, k, mv.pushes);
            }
            let plan = self.out_of_plan(&after, prefix);
            if plan < features.out_of_plan {
                offer(2, plan, k, mv.pushes);
            }
            if !packed_cells.contains(&mv.from) && near(mv.to) < nearest {
                offer(3, near(mv.to), k, mv.pushes);
            }
        }
        for (_, k) in best.into_iter().flatten() {
            moves[k].weight = 0;
        }
        moves.sort_by_key(|m| (m.weight, m.pushes));
        moves
    }

    /// Every square the box on `from` can be pushed to, the other boxes in place, as moves (weight 1);
    /// `start` is the player's region.
    fn box_moves(&mut self, bits: &Bits, from: u16, start: &Bits, out: &mut Vec<Move>) {
        let level = Arc::clone(&self.level);
        let level = &*level;
        let mut bits = *bits;
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.seen.fill(0);
            self.stamp = 1;
        }
        // States: the box's square × 4 + the side the player stands on (the direction of the last push);
        // the start has the player anywhere in their region.
        self.queue.clear();
        take(&mut bits, from);
        self.cut_squares(&bits);
        let stand = Dir::ALL.map(|d| {
            let behind = level.next(from, d.back());
            behind != NONE && has(start, behind)
        });
        self.expand(&bits, from, stand, 0, u32::MAX);
        let mut head = 0;
        while head < self.queue.len() {
            let (state, pushes) = self.queue[head];
            head += 1;
            let (at, dir) = ((state / 4) as u16, Dir::ALL[(state % 4) as usize]);
            let behind = level.next(at, dir.back());
            if at != from {
                out.push(Move { from, to: at, behind, weight: 1, pushes });
            }
            let sides = self.sides(&bits, at);
            let player = sides[dir.back() as usize];
            let stand = Dir::ALL.map(|d| sides[d.back() as usize] == player);
            #[cfg(debug_assertions)]
            {
                // The walk the sides stand for.
                let mut boxes = bits;
                put(&mut boxes, at);
                self.walk.fill(level, &boxes, behind);
                let reached = Dir::ALL.map(|d| {
                    let n = level.next(at, d.back());
                    n != NONE && has(&self.walk.reached, n)
                });
                debug_assert_eq!(stand, reached, "the sides of {at}");
            }
            self.expand(&bits, at, stand, pushes, state);
        }
    }

    /// Numbers the free squares (those not in `bits`) in a depth-first walk of each area, with the
    /// earliest square each one's subtree reaches by another way (Tarjan's cut squares), so that
    /// [`FeatureSearch::sides`] tells without a walk which squares beside any square stay joined once a
    /// box stands on it.
    fn cut_squares(&mut self, bits: &Bits) {
        let level = Arc::clone(&self.level);
        let base = self.clock;
        for root in 0..level.rooms() as u16 {
            if has(bits, root) || self.order_in[root as usize] > base {
                continue;
            }
            self.clock += 1;
            (self.order_in[root as usize], self.low[root as usize]) = (self.clock, self.clock);
            self.up[root as usize] = NONE;
            self.dfs.clear();
            self.dfs.push((root, 0));
            while let Some(&mut (at, ref mut next)) = self.dfs.last_mut() {
                if *next == 4 {
                    self.dfs.pop();
                    self.clock += 1;
                    self.order_out[at as usize] = self.clock;
                    let up = self.up[at as usize];
                    if up != NONE {
                        self.low[up as usize] = self.low[up as usize].min(self.low[at as usize]);
                    }
                    continue;
                }
                let n = level.next[at as usize][*next as usize];
                *next += 1;
                if n == NONE || has(bits, n) {
                    continue;
                }
                if self.order_in[n as usize] <= base {
                    self.clock += 1;
                    (self.order_in[n as usize], self.low[n as usize], self.up[n as usize]) =
                        (self.clock, self.clock, at);
                    self.dfs.push((n, 0));
                } else if n != self.up[at as usize] {
                    self.low[at as usize] = self.low[at as usize].min(self.order_in[n as usize]);
                }
            }
        }
    }

    /// Which squares beside `at` (by direction; `u8::MAX` for a wall or a box) the player can walk between
    /// with a box on `at`, the other boxes `bits` (as [`FeatureSearch::cut_squares`] last numbered them):
    /// the same number for one area. A neighbour numbered before `at`, or in a subtree of `at` that
    /// reaches above it, is joined to the walk's way in (4); another subtree is an area of its own.
    fn sides(&self, bits: &Bits, at: u16) -> [u8; 4] {
        let level = &self.level;
        let here = self.order_in[at as usize];
        let mut groups = [u8::MAX; 4];
        for (d, group) in groups.iter_mut().enumerate() {
            let n = level.next[at as usize][d];
            if n == NONE || has(bits, n) {
                continue;
            }
            let order = self.order_in[n as usize];
            *group = if order < here {
                4
            } else {
                // The child of `at` whose subtree holds `n`.
                let child = (0..4).map(|e| level.next[at as usize][e]).find(|&c| {
                    c != NONE
                        && !has(bits, c)
                        && self.up[c as usize] == at
                        && self.order_in[c as usize] <= order
                        && order <= self.order_out[c as usize]
                });
                match child {
                    Some(c) if self.low[c as usize] >= here => {
                        Dir::ALL.iter().position(|&e| level.next(at, e) == c).unwrap_or(4) as u8
                    }
                    _ => 4,
                }
            };
        }
        groups
    }

    /// Queues the pushes of the box on `at` (the other boxes `bits`) from the sides the player can stand
    /// on (`stand`, by the push's direction) to live squares not seen in this box's search.
    fn expand(&mut self, bits: &Bits, at: u16, stand: [bool; 4], pushes: u16, parent: u32) {
        let level = Arc::clone(&self.level);
        let level = &*level;
        for dir in Dir::ALL {
            let (behind, ahead) = (level.next(at, dir.back()), level.next(at, dir));
            if behind == NONE || ahead == NONE || !stand[dir as usize] || has(bits, ahead) {
                continue;
            }
            if !level.live[ahead as usize] {
                continue;
            }
            let state = ahead as u32 * 4 + dir as u32;
            if self.seen[state as usize] == self.stamp {
                continue;
            }
            self.seen[state as usize] = self.stamp;
            self.parent[state as usize] = parent;
            self.queue.push((state, pushes.saturating_add(1)));
        }
    }

    /// The pushes of a move, found again: (the box's square before each push, its direction).
    fn pushes_of(&mut self, bits: &Bits, player: u16, mv: &Move) -> Vec<(u16, Dir)> {
        let mut scratch = Vec::new();
        self.walk.fill(&self.level, bits, player);
        let start = self.walk.reached;
        self.box_moves(bits, mv.from, &start, &mut scratch);
        // The move's state is the one whose box is on `to` with the player on `behind`.
        let target = (0..4).map(|d| mv.to as u32 * 4 + d).find(|&s| {
            self.seen[s as usize] == self.stamp
                && self.level.next(mv.to, Dir::ALL[(s % 4) as usize].back()) == mv.behind
        });
        let mut out = Vec::new();
        let mut state = target.unwrap_or(u32::MAX);
        while state != u32::MAX {
            let (at, dir) = ((state / 4) as u16, Dir::ALL[(state % 4) as usize]);
            out.push((self.level.next(at, dir.back()), dir));
            state = self.parent[state as usize];
        }
        out.reverse();
        out
    }

    /// Makes move `mv` of position `id`: the position it reaches is stored unless seen before or lost.
    fn make(&mut self, id: u32, mv: Move) {
        let mut bits = self.bits(id);
        take(&mut bits, mv.from);
        put(&mut bits, mv.to);
        let normal = self.walk.fill(&self.level, &bits, mv.behind);
        if self.lost(&bits, mv.to) {
            return;
        }
        let weight = self.nodes[id as usize].weight + mv.weight as u32;
        self.add(&bits, normal, id, mv, weight);
    }

    /// Whether the boxes `bits` (the one on `moved` just moved; the player's region in `self.walk`) are
    /// lost as the deadlock tests see: frozen off a goal, held so that only a push onto a dead square
    /// frees them, a goal no box can reach, a corral nothing enters.
    fn lost(&mut self, bits: &Bits, moved: u16) -> bool {
        let level = Arc::clone(&self.level);
        let level = &*level;
        let mut seen: Bits = [0; MAX_CELLS / 64];
        if frozen_off_goal(level, bits, moved, &mut seen) {
            return true;
        }
        let cells: heapless::Vec<u16, MAX_BOXES> = cells_of(bits, self.words).collect();
        let held = stuck(level, bits, &cells, true);
        if cells.iter().any(|&c| has(&held, c) && !level.goal[c as usize]) {
            return true;
        }
        let reach: heapless::Vec<u64, MAX_BOXES> = cells.iter().map(|&c| self.reach[c as usize]).collect();
        if !all_matched(&reach) {
            return true;
        }
        let mut allowed = [0xF; MAX_BOXES];
        let reached = self.walk.reached;
        self.corrals.restrict(level, bits, &reached, &cells, &mut allowed)
            && allowed[..cells.len()].iter().all(|&a| a == 0)
    }

    /// Stores the position (unless seen before), files it in its cell, and notes a solution.
    fn add(&mut self, bits: &Bits, player: u16, parent: u32, step: Move, weight: u32) {
        let id = self.nodes.len() as u32;
        let mut slot = (hash(&bits[..self.words], player) as usize) & (self.table.len() - 1);
        while self.table[slot] != EMPTY {
            let other = self.table[slot];
            if self.nodes[other as usize].player == player && self.bits(other)[..self.words] == bits[..self.words] {
                return;
            }
            slot = (slot + 1) & (self.table.len() - 1);
        }
        self.table[slot] = id;
        self.boxes.extend_from_slice(&bits[..self.words]);
        let prefix = super::packing::packed(&self.order, bits);
        let packed = prefix as u16;
        let features = Features { packed, areas: self.areas(bits), out_of_plan: self.out_of_plan(bits, prefix) };
        self.nodes.push(Node { parent, step, player, weight, features, moves: None, tried: 0 });
        if self.level.goals.iter().all(|&g| has(bits, g)) {
            self.found = Some(id);
            self.status = Status::Found;
        }
        let cells = self.cells.len();
        let cell = *self.cell_of.entry(features).or_insert(cells);
        if cell == cells {
            self.cells.push(Cell { queue: BinaryHeap::new() });
        }
        let tie = Self::tie(id);
        self.cells[cell].queue.push(Reverse((weight, tie, id)));
        if self.table.len() < self.nodes.len() * 2 {
            self.grow();
        }
    }

    /// Doubles the position table.
    fn grow(&mut self) {
        let len = self.table.len() * 2;
        self.table = vec![EMPTY; len];
        for id in 0..self.nodes.len() as u32 {
            let bits = self.bits(id);
            let mut slot = (hash(&bits[..self.words], self.nodes[id as usize].player) as usize) & (len - 1);
            while self.table[slot] != EMPTY {
                slot = (slot + 1) & (len - 1);
            }
            self.table[slot] = id;
        }
    }

    /// How many areas the boxes cut the free floor into (1: one area, the player can go anywhere).
    fn areas(&mut self, bits: &Bits) -> u16 {
        count_areas(&self.level, bits, &mut self.stack, |_, _| {})
    }

    /// [`FeatureSearch::areas`], noting each free square's area in `self.label`.
    fn label_areas(&mut self, bits: &Bits) -> u16 {
        let label = &mut self.label;
        count_areas(&self.level, bits, &mut self.stack, |at, area| label[at as usize] = area)
    }

    /// The areas once the box on `from` (of the boxes `before`, whose `count` areas `self.label` holds)
    /// is lifted: its square joins the areas round it.
    fn areas_lifting(&self, before: &Bits, from: u16, count: u16) -> u16 {
        let mut joined: heapless::Vec<u16, 4> = heapless::Vec::new();
        for &n in &self.level.next[from as usize] {
            if n != NONE && !has(before, n) && !joined.contains(&self.label[n as usize]) {
                let _ = joined.push(self.label[n as usize]);
            }
        }
        (count + 1).saturating_sub(joined.len() as u16)
    }

    /// How many boxes stand off the goals on squares the player cannot reach once the goals of the order
    /// packed so far and the next are filled (the packing will wall them in).
    fn out_of_plan(&self, bits: &Bits, packed: usize) -> u16 {
        let Some(sealed) = self.sealed.get(packed * self.words..(packed + 1) * self.words) else { return 0 };
        sealed.iter().zip(bits).map(|(s, b)| (s & b).count_ones() as u16).sum()
    }

    /// The solution found: each push as (the box's square before it, its direction), from the start.
    pub fn solution(&mut self) -> Option<Vec<(u16, Dir)>> {
        let mut chain = Vec::new();
        let mut at = self.found?;
        while self.nodes[at as usize].parent != u32::MAX {
            chain.push(at);
            at = self.nodes[at as usize].parent;
        }
        let mut pushes = Vec::new();
        for &id in chain.iter().rev() {
            let parent = self.nodes[id as usize].parent;
            let (bits, player, mv) =
                (self.bits(parent), self.nodes[parent as usize].player, self.nodes[id as usize].step);
            pushes.extend(self.pushes_of(&bits, player, &mv));
        }
        Some(pushes)
    }
}

/// The feature-space search in two packing orders at once ([`Peel::Nearest`] and [`Peel::First`]), taking
/// turns: each solves levels the other does not (XSokoban at 3 s a level, before the search was made
/// 5× faster: 43 and 41 of 90, 45 together).
pub struct Portfolio {
    searches: [FeatureSearch; 2],
    /// The search that answered.
    answered: Option<usize>,
}

impl Portfolio {
    /// The two searches of `puzzle` from the boxes `boxes` and the player on `player`, storing at most
    /// `cap` positions between them.
    pub fn new(puzzle: &Sokoban, boxes: &[u16], player: u16, cap: usize) -> Portfolio {
        let search = |peel| FeatureSearch::new(puzzle, boxes, player, cap / 2).with_peel(peel);
        Portfolio { searches: [search(Peel::Nearest), search(Peel::First)], answered: None }
    }

    /// Makes up to `moves` moves, half in each search. `Found` or `Unsolvable` when one of them says so
    /// (each is exact when it says "unsolvable"), `OutOfNodes` when both are out of room.
    pub fn step(&mut self, moves: u32) -> Status {
        if self.answered.is_some() {
            return self.status();
        }
        for (k, search) in self.searches.iter_mut().enumerate() {
            let status = search.step(moves.div_ceil(2));
            if status == Status::Found || status == Status::Unsolvable {
                self.answered = Some(k);
                break;
            }
        }
        self.status()
    }

    /// How the searches stand (as [`Portfolio::step`] reports).
    pub fn status(&self) -> Status {
        match self.answered {
            Some(k) => self.searches[k].status(),
            None if self.searches.iter().all(|s| s.status() == Status::OutOfNodes) => Status::OutOfNodes,
            None => Status::InProgress,
        }
    }

    /// The positions both searches store.
    pub fn positions(&self) -> usize {
        self.searches.iter().map(FeatureSearch::positions).sum()
    }

    /// The moves both searches made.
    pub fn moves(&self) -> u64 {
        self.searches.iter().map(FeatureSearch::moves).sum()
    }

    /// The solution found, as [`FeatureSearch::solution`] writes it.
    pub fn solution(&mut self) -> Option<Vec<(u16, Dir)>> {
        self.searches[self.answered?].solution()
    }
}

/// How many areas the boxes `bits` cut the free floor of `level` into, calling `on_square(square, area)`
/// for each free square (`stack` is scratch space).
fn count_areas(level: &Level, bits: &Bits, stack: &mut Vec<u16>, mut on_square: impl FnMut(u16, u16)) -> u16 {
    let mut done = *bits;
    let mut areas = 0;
    for start in 0..level.rooms() as u16 {
        if has(&done, start) {
            continue;
        }
        stack.clear();
        stack.push(start);
        put(&mut done, start);
        while let Some(at) = stack.pop() {
            on_square(at, areas);
            for &n in &level.next[at as usize] {
                if n != NONE && !has(&done, n) {
                    put(&mut done, n);
                    stack.push(n);
                }
            }
        }
        areas += 1;
    }
    areas
}

/// The room cells of the set bits among the first `words` words.
fn cells_of(bits: &Bits, words: usize) -> impl Iterator<Item = u16> + '_ {
    bits[..words].iter().enumerate().flat_map(|(w, &word)| {
        let mut word = word;
        core::iter::from_fn(move || {
            (word != 0).then(|| {
                let bit = word.trailing_zeros();
                word &= word - 1;
                (w * 64) as u16 + bit as u16
            })
        })
    })
}

/// A position's hash.
fn hash(words: &[u64], player: u16) -> u64 {
    let mut h = rustc_hash::FxHasher::default();
    words.iter().for_each(|&w| h.write_u64(w));
    h.write_u16(player);
    h.finish()
}
