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
//! Solutions are not push-optimal, and the search allocates as it goes: it is for `lp bench sokoban` and
//! designers' whole solves, not per-frame hints.

use super::board::{frozen_off_goal, has, put, stuck, take, Bits, Matching, Walk};
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
    /// The moves from here, made when the position is first picked, and how many were tried.
    moves: Option<Vec<Move>>,
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
    /// For each goal of the order, the squares a box standing on when that goal is filled is walled in
    /// by the goals filled before (found once): a box there is out of plan.
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
    other: Box<Walk>,
    corrals: Box<Corrals>,
    matching: Box<Matching>,
    seen: Vec<u32>,
    stamp: u32,
    parent: Vec<u32>,
    /// A box's search: (its square × 4 + the last push's direction, pushes so far).
    queue: Vec<(u32, u16)>,
    stack: Vec<u16>,
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
            other: Box::new(Walk::new()),
            corrals: Box::new(Corrals::new()),
            matching: Box::new(Matching::new()),
            seen: vec![0; rooms * 4],
            stamp: 0,
            parent: vec![0; rooms * 4],
            queue: Vec::new(),
            stack: Vec::new(),
            level,
        };
        boxes.iter().for_each(|&b| put(&mut search.start, b));
        search.start_player = player;
        search
    }

    /// The same search packing goal rooms in the order `peel` finds ([`super::packing::packing_order_by`]).
    pub fn with_peel(mut self, peel: Peel) -> FeatureSearch {
        self.order = super::packing::packing_order_by(&self.level, peel);
        self
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
            self.nodes[id as usize].moves = Some(moves);
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
        for from in cells_of(&bits, self.words) {
            self.box_moves(&bits, from, player, &mut moves);
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
            let areas = self.areas(&after);
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

    /// Every square the box on `from` can be pushed to, the other boxes in place, as moves (weight 1).
    fn box_moves(&mut self, bits: &Bits, from: u16, player: u16, out: &mut Vec<Move>) {
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
        self.walk.fill(level, &bits, player);
        let start_reached = self.walk.reached;
        take(&mut bits, from);
        self.expand(&bits, from, &start_reached, 0, u32::MAX);
        let mut head = 0;
        while head < self.queue.len() {
            let (state, pushes) = self.queue[head];
            head += 1;
            let (at, dir) = ((state / 4) as u16, Dir::ALL[(state % 4) as usize]);
            let behind = level.next(at, dir.back());
            if at != from {
                out.push(Move { from, to: at, behind, weight: 1, pushes });
            }
            put(&mut bits, at);
            self.other.fill(level, &bits, behind);
            let reached = self.other.reached;
            take(&mut bits, at);
            self.expand(&bits, at, &reached, pushes, state);
        }
    }

    /// Queues the pushes of the box on `at` (the player's region `reached`, the other boxes `bits`) to
    /// live squares not seen in this box's search.
    fn expand(&mut self, bits: &Bits, at: u16, reached: &Bits, pushes: u16, parent: u32) {
        let level = Arc::clone(&self.level);
        let level = &*level;
        for dir in Dir::ALL {
            let (behind, ahead) = (level.next(at, dir.back()), level.next(at, dir));
            if behind == NONE || ahead == NONE || !has(reached, behind) || has(bits, ahead) {
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
        self.box_moves(bits, mv.from, player, &mut scratch);
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
        if self.matching.solve(level, &cells).is_none() {
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
        let level = Arc::clone(&self.level);
        let level = &*level;
        let mut done = *bits;
        let mut areas = 0;
        for start in 0..level.rooms() as u16 {
            if has(&done, start) {
                continue;
            }
            areas += 1;
            self.stack.clear();
            self.stack.push(start);
            put(&mut done, start);
            while let Some(at) = self.stack.pop() {
                for &n in &level.next[at as usize] {
                    if n != NONE && !has(&done, n) {
                        put(&mut done, n);
                        self.stack.push(n);
                    }
                }
            }
        }
        areas
    }

    /// How many boxes stand off the goals on squares the player cannot reach once the goals of the order
    /// packed so far and the next are filled (the packing will wall them in).
    fn out_of_plan(&mut self, bits: &Bits, packed: usize) -> u16 {
        let level = Arc::clone(&self.level);
        let level = &*level;
        if packed >= self.order.len() {
            return 0;
        }
        let mut walls: Bits = [0; MAX_CELLS / 64];
        self.order[..=packed].iter().for_each(|&g| put(&mut walls, g));
        // The floor outside the packed goals, split into areas; an area holding no empty goal is sealed
        // once the packed ones are filled, and a box off a goal in it is out of plan.
        let mut done = walls;
        let mut out = 0u16;
        for start in 0..level.rooms() as u16 {
            if has(&done, start) {
                continue;
            }
            self.stack.clear();
            self.stack.push(start);
            put(&mut done, start);
            let (mut goal, mut boxes) = (false, 0u16);
            let mut k = 0;
            while k < self.stack.len() {
                let at = self.stack[k];
                k += 1;
                goal |= level.goal[at as usize];
                boxes += (has(bits, at) && !level.goal[at as usize]) as u16;
                for &n in &level.next[at as usize] {
                    if n != NONE && !has(&done, n) {
                        put(&mut done, n);
                        self.stack.push(n);
                    }
                }
            }
            if !goal {
                out += boxes;
            }
        }
        out
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
/// turns: each solves levels the other does not (XSokoban at 3 s a level: 43 and 41 of 90, 45 together).
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
