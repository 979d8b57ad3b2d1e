//! A feature-space search for whole solves of large levels, after Shoham & Schaeffer's FESS ("The FESS
//! Algorithm", CoG 2020; read from the paper, not from code). Positions are projected onto a few features
//! — how many steps of the packing order ([`super::packing`]) are done (goals holding their box, pockets
//! a box waits in), how many areas the boxes cut the floor into, how many boxes stand where the packing
//! will wall them in — and the search takes turns over the cells of that feature space, one move from
//! each cell in turn, so that no single measure of progress leads it into a dead end for long. A move
//! brings one box to any square it can reach (pushes in between written out when the solution is);
//! advisors mark the moves that improve a feature, or bring a box nearer the next goal of the order than
//! any box is (weight 0, others 1), and each cell expands the position reached with the least weight
//! first (the newest among equals).
//!
//! Expanding a position walks the floor once per box that has a push: one depth-first numbering of the
//! squares of its area with that box lifted (Tarjan's cut squares) tells, for every square the box can
//! reach, which squares beside it stay joined with the box there — the sides the player can push it
//! from, and how many areas each move leaves — without a walk per push or per move (5× fewer seconds for
//! the same positions than a walk each). Numbering every area for every box was half the search's time:
//! the box's area alone, and no box without a push, gave 1.4–1.7× the positions. The squares a packing
//! prefix seals off are found once.
//!
//! Stepped like the other searches, for per-frame hints as well as whole solves: memory is reserved at
//! creation ([`FeatureSearch::bytes_for`]: positions, their table, the cells' queues — leftist heaps
//! linked through the positions, `cells.rs` — and 16 moves a position, made again when those
//! are tried), and a budget unit is about 2,048 steps of work, as in the push search: a position is
//! expanded a part at a time (a box's floor numbered, a slice of its walk, a slice of choosing the moves
//! kept), so that a part is bounded work on a 64×64 room with 64 boxes, and a step allocates nothing (a
//! solution longer than 4,096 pushes grows its buffer once, fallibly). Solutions are not push-optimal.

use super::board::{all_matched, frozen_off_goal, has, put, stuck, take, Bits, Walk};
use super::cells::Cells;
use super::corral::Corrals;
use super::level::Level;
use super::packing::{PackingOrder, Peel, Peeler};
use super::subsets::{memo_bytes, Subsets};
use super::{Dir, Sokoban, State, MAX_BOXES, MAX_CELLS, NONE};
use crate::memory::{self, OutOfMemory};
use crate::search::{Shortfall, Status};
use crate::status::Step;
use alloc::boxed::Box;
use alloc::sync::Arc;
use alloc::vec::Vec;
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
    /// The floor areas the move leaves, as its walk found them ([`AREAS_UNKNOWN`] or more: not kept,
    /// counted again when the move is made).
    areas: u16,
}

/// [`Move::areas`] of a move whose areas are counted when it is made: the most its packing keeps.
const AREAS_UNKNOWN: u16 = 31;

impl Move {
    /// The move in 32 bits, as a position's stored moves keep it (the pushes left out: they only order
    /// the moves): the areas it leaves in 5 bits (up to [`AREAS_UNKNOWN`]), `from` and `to` in 12 bits
    /// each (rooms hold fewer than 4,096 squares), the side of `to` the player ends on, the weight.
    fn pack(&self, level: &Level) -> u32 {
        let side = level.next[self.to as usize].iter().position(|&n| n == self.behind).unwrap_or(0) as u32;
        let areas = self.areas.min(AREAS_UNKNOWN) as u32;
        areas << 27 | (self.from as u32 & 0xFFF) << 15 | (self.to as u32 & 0xFFF) << 3 | side << 1 | self.weight as u32
    }

    /// The move [`Move::pack`] packed (no pushes).
    fn unpack(code: u32, level: &Level) -> Move {
        let (from, to) = ((code >> 15) as u16 & 0xFFF, (code >> 3) as u16 & 0xFFF);
        let behind = level.next[to as usize][(code >> 1 & 3) as usize];
        Move { from, to, behind, weight: (code & 1) as u8, pushes: 0, areas: (code >> 27) as u16 }
    }
}

/// One position of the search tree.
struct Node {
    parent: u32,
    /// The move from the parent, packed (unused at the root).
    step: u32,
    player: u16,
    /// Accumulated weight: the non-advised moves on the way here.
    weight: u32,
    features: Features,
    /// Its moves, ordered (advised first, then the fewest pushes), are made when the position is first
    /// picked; [`CHUNK`] of them at a time are kept in the position's slot of [`FeatureSearch::chunks`]:
    /// those from `chunk_base` (`NOT_MADE` before the first), made again for the next ones. How many
    /// there are, and how many were tried.
    chunk_base: u32,
    move_count: u32,
    tried: u32,
    /// The order key ([`FeatureSearch::order_key`]) of the last move kept (0 before the first).
    after: u64,
}

/// [`Node::chunk_base`] of a position whose moves are not made yet.
const NOT_MADE: u32 = u32::MAX;

/// Where a position lies in the feature space (smaller is closer to solved, except `packed`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
struct Features {
    packed: u16,
    areas: u16,
    out_of_plan: u16,
}

/// A position being expanded, in parts: a box's floor numbered, then its walk a slice of states at a
/// time, then the moves to keep chosen a slice at a time.
struct Expansion {
    id: u32,
    /// The cell it was picked from and its entry's weight there (the entry goes back once the moves are
    /// made).
    cell: usize,
    key: u32,
    bits: Bits,
    /// The player's region.
    region: Bits,
    /// The floor areas of the position (their labels in [`FeatureSearch::label`]).
    areas: u16,
    boxes: heapless::Vec<u16, MAX_BOXES>,
    /// The box being walked (an index into `boxes`), the boxes without it, the areas with it lifted, and
    /// the next state of its walk (`None` before its floor is numbered).
    next: usize,
    without: Bits,
    lifted: u16,
    head: Option<usize>,
    advice: Advice,
    /// Choosing the moves kept: the next move looked at, the order key they come after, and the least
    /// keys after it so far (ascending) with their moves' places.
    scan: usize,
    after: u64,
    kept: heapless::Vec<(u64, u32), CHUNK>,
}

/// What the advisors know of the position being expanded, and the move each would choose so far (its
/// measure and pushes, its place among the moves).
#[derive(Clone, Copy, Default)]
struct Advice {
    features: Features,
    /// Goals of the order packed, the next goal (and its index among the level's goals).
    packed: usize,
    next_goal: Option<u16>,
    goal_index: Option<usize>,
    /// The distance of the unpacked box nearest the next goal, and the boxes out of plan.
    nearest: u16,
    out_of_plan: u16,
    best: [Option<((u16, u16), usize)>; 4],
}

/// Where a search's stored positions lie in the feature space ([`FeatureSearch::census`]): for studying
/// the levels it fails — whether it never packs the order's first goals, or comes near the end in
/// positions with boxes out of plan.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Census {
    /// For each number of the packing order's steps done (goals holding their box, pockets a box waits
    /// in; `0..=steps`): the positions stored there, and how many of them have a box out of plan.
    pub by_packed: Vec<(u32, u32)>,
    /// Cells of the feature space made.
    pub cells: usize,
}

/// What the search does next.
enum Next {
    Make(u32, Move),
    Expand(usize, u32, u32),
    Exhausted,
}

/// A solution being written out from the goal back, a part at a time: the position whose move is written
/// next, and its box's walk under way.
#[derive(Clone, Copy, Default)]
struct Writing {
    begun: bool,
    at: u32,
    /// The walk of the move being written: the state sought (its box's square × 4 + side), and whether
    /// the walk has begun.
    target: u32,
    walking: bool,
    done: bool,
}

/// The most cells of the feature space a search makes (a level with more is out of room).
const MAX_CELLS_MADE: usize = 1 << 16;
/// Steps of work a budget unit stands for (as [`super::search::PushSearch`]'s).
const UNIT: usize = 2048;
/// Steps of work a square of the packing order's walks counts for (the peel's, the sealed squares'; each
/// looks at the square's four sides): measured on the 64×64 level with 64 boxes, a unit of the peel then
/// takes about 1 µs, as one of the search's own (224 calls of 200 units, 0.19 ms each).
const PEEL_SQUARE: usize = 8;
/// States of a box's walk a part looks at (each: its sides, the areas its move leaves, the advisors).
const WALK_STATES: usize = 256;
/// Moves a part of choosing the kept ones looks at.
const CHOOSE_MOVES: usize = 1024;
/// [`FeatureSearch::walled_reach`] of a square not asked yet.
const UNKNOWN: u64 = u64::MAX;
/// The squares one test of the boxes walled in by the held ones may walk (as many as the other tests of a
/// move: [`FeatureSearch::make`] counts them).
const WALLED_WORK: usize = 1024;
/// Pushes of a solution reserved at creation (a longer one grows the buffer, fallibly).
const SOLUTION_PUSHES: usize = 4096;

/// The moves of a position kept at once. Most positions have a few tried, some hundreds: ten XSokoban
/// levels, 30,000 moves each, expand 3 % to 24 % (9 % on average) more positions than with every move kept
/// (which took up to 2 KB a position, XSokoban 13). At least 4, so that every advised move (weight 0:
/// four advisors) comes in the first.
const CHUNK: usize = 16;

/// Levels up to this many floor squares have the moves' incremental features re-derived by a walk of
/// the whole floor in debug builds (the tests); on the 64×64 level those walks made 600 small steps
/// take 12 s instead of 0.1.
#[cfg(debug_assertions)]
const CROSS_CHECKED_ROOMS: usize = 1024;

/// The feature-space search of one level, stepped.
pub struct FeatureSearch {
    level: Arc<Level>,
    words: usize,
    /// Which box the packing order takes off the goals next, the order, and its peel while under way (made
    /// by the first steps, a slice at a time: 45 ms on the 64×64 level with 64 boxes).
    peel: Peel,
    order: PackingOrder,
    peeler: Option<Box<Peeler>>,
    /// For each number of goals of the order packed, `words` words: the squares off the goals that
    /// packing the next goal seals off from every empty goal (a box there is out of plan), found once.
    sealed: Vec<u64>,
    /// The boxes of every position stored, `words` words each.
    boxes: Vec<u64>,
    nodes: Vec<Node>,
    /// Open addressing: a position's id + 1, 0 for an empty slot (a power of two, at least twice the cap).
    table: Vec<u32>,
    /// The moves of the positions expanded, packed, [`CHUNK`] a position (its id's slot; pages untouched
    /// until used).
    chunks: Vec<u32>,
    /// The cells of the feature space: each a queue of its positions with untried moves, least weight
    /// first (the newest among equals).
    cells: Cells<Features>,
    turn: usize,
    /// Whether the next pick goes on in the cell of the turn (its position was expanded meanwhile).
    resume: bool,
    expansion: Box<Expansion>,
    expanding: bool,
    /// Moves made so far.
    made: u64,
    /// The positions reserved, and those the level's positions fill (fewer for a level wider in words).
    node_cap: usize,
    cap: usize,
    start: Bits,
    start_player: u16,
    found: Option<u32>,
    status: Status,
    /// Scratch space.
    walk: Box<Walk>,
    corrals: Box<Corrals>,
    /// Deadlocks of two or three boxes, kept for the level, and the bytes of the memo `fit` makes (0:
    /// none, a [`Portfolio`]'s second search, which is lent its first's).
    subsets: Option<Box<Subsets>>,
    memo: usize,
    /// Each room square's goals a box there can reach (bit `g` for goal `g`).
    reach: Vec<u64>,
    /// The same with the boxes `walled` standing as walls ([`UNKNOWN`] until asked), for the held boxes of
    /// the position last tested ([`FeatureSearch::walled_in`]).
    walled: Bits,
    walled_reach: Vec<u64>,
    /// The squares the last test walked.
    walled_walked: usize,
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
    /// The moves of the position being expanded.
    pending: Vec<Move>,
    /// The solution being written out, and its pushes so far.
    writing: Writing,
    written: Vec<(u16, Dir)>,
}

impl FeatureSearch {
    /// A search of `puzzle` from the boxes `boxes` and the player on `player`, storing at most `cap`
    /// positions (reserved now: [`FeatureSearch::bytes_for`]).
    pub fn new(puzzle: &Sokoban, boxes: &[u16], player: u16, cap: usize) -> Result<FeatureSearch, OutOfMemory> {
        Self::peeled(puzzle, boxes, player, cap, Peel::Nearest)
    }

    /// [`FeatureSearch::new`] packing goal rooms in the order `peel` finds
    /// ([`super::packing::packing_order_by`]).
    pub fn peeled(
        puzzle: &Sokoban,
        boxes: &[u16],
        player: u16,
        cap: usize,
        peel: Peel,
    ) -> Result<FeatureSearch, OutOfMemory> {
        Self::with_memo(puzzle, boxes, player, cap, peel, memo_bytes(cap))
    }

    /// [`FeatureSearch::peeled`] with a memo of dead subsets of `memo` bytes (none for 0: the
    /// [`Portfolio`] hands its one memo to the search it steps).
    fn with_memo(
        puzzle: &Sokoban,
        boxes: &[u16],
        player: u16,
        cap: usize,
        peel: Peel,
        memo: usize,
    ) -> Result<FeatureSearch, OutOfMemory> {
        let level = puzzle.shared_level();
        let words = level.rooms().div_ceil(64).max(1);
        let node_cap = cap.clamp(1, u32::MAX as usize / 2);
        let mut search = FeatureSearch {
            words,
            peel,
            order: PackingOrder::default(),
            peeler: None,
            sealed: Vec::new(),
            boxes: memory::with_capacity(node_cap.saturating_mul(words))?,
            nodes: memory::with_capacity(node_cap)?,
            table: memory::zeroed(Self::table_len(node_cap))?,
            chunks: memory::zeroed(node_cap.saturating_mul(CHUNK))?,
            cells: Cells::new(node_cap, node_cap.min(MAX_CELLS_MADE))?,
            turn: 0,
            resume: false,
            expansion: Box::new(Expansion {
                id: 0,
                cell: 0,
                key: 0,
                bits: [0; MAX_CELLS / 64],
                region: [0; MAX_CELLS / 64],
                areas: 0,
                boxes: heapless::Vec::new(),
                next: 0,
                without: [0; MAX_CELLS / 64],
                lifted: 0,
                head: None,
                advice: Advice::default(),
                scan: 0,
                after: 0,
                kept: heapless::Vec::new(),
            }),
            expanding: false,
            made: 0,
            node_cap,
            cap: node_cap,
            start: [0; MAX_CELLS / 64],
            start_player: 0,
            found: None,
            status: Status::InProgress,
            walk: Box::new(Walk::new()),
            corrals: Box::new(Corrals::new()),
            subsets: None,
            memo,
            reach: Vec::new(),
            walled: [0; MAX_CELLS / 64],
            walled_reach: Vec::new(),
            walled_walked: 0,
            seen: Vec::new(),
            stamp: 0,
            parent: Vec::new(),
            queue: Vec::new(),
            stack: Vec::new(),
            label: Vec::new(),
            order_in: Vec::new(),
            order_out: Vec::new(),
            low: Vec::new(),
            up: Vec::new(),
            dfs: Vec::new(),
            clock: 0,
            pending: Vec::new(),
            writing: Writing::default(),
            written: memory::with_capacity(SOLUTION_PUSHES)?,
            level: Arc::clone(&level),
        };
        search.fit(level)?;
        search.restart(puzzle, boxes, player)?;
        Ok(search)
    }

    /// Makes the parts that depend on the level — the goals each square reaches, the scratch space of one
    /// room — for `level`, and begins its packing order (made, with its sealed squares, by the first steps).
    fn fit(&mut self, level: Arc<Level>) -> Result<(), OutOfMemory> {
        let rooms = level.rooms();
        self.words = rooms.div_ceil(64).max(1);
        self.cap = self.node_cap.min(self.boxes.capacity() / self.words).max(1);
        refill(&mut self.reach, 0, rooms)?;
        for (c, reach) in self.reach.iter_mut().enumerate() {
            *reach =
                (0..level.goals.len()).filter(|&g| level.distance(g, c as u16) != u16::MAX).fold(0, |m, g| m | 1 << g);
        }
        refill(&mut self.walled_reach, UNKNOWN, rooms)?;
        self.walled = [0; MAX_CELLS / 64];
        refill(&mut self.seen, 0, rooms * 4)?;
        refill(&mut self.parent, 0, rooms * 4)?;
        refill(&mut self.label, 0, rooms)?;
        refill(&mut self.order_in, 0, rooms)?;
        refill(&mut self.order_out, 0, rooms)?;
        refill(&mut self.low, 0, rooms)?;
        refill(&mut self.up, NONE, rooms)?;
        (self.stamp, self.clock) = (0, 0);
        // A box's search has a state per square and side; a position's moves are reserved per box.
        make_room(&mut self.queue, rooms * 4)?;
        // A position's moves: every box to every square from every side at most (reserved now, so that
        // an expansion never copies them to grow).
        make_room(&mut self.pending, level.goals.len().max(1) * rooms * 4)?;
        make_room(&mut self.stack, rooms)?;
        make_room(&mut self.dfs, rooms)?;
        self.peeler = Some(Box::new(Peeler::new(&level, self.peel)?));
        self.subsets = None;
        if self.memo > 0 {
            self.subsets = Some(Box::new(Subsets::new(&level, self.memo)?));
        }
        // The order's steps (two a goal at most: its own and a pocket's) and their sealed squares, made by
        // the first steps in the room reserved here.
        self.order.steps.clear();
        self.order.unpeeled = 0;
        make_room(&mut self.order.steps, 2 * level.goals.len())?;
        self.sealed.clear();
        make_room(&mut self.sealed, 2 * level.goals.len() * self.words)?;
        self.level = level;
        Ok(())
    }

    /// Starts the search again from the boxes `boxes` and the player on `player` of `puzzle`, in the
    /// memory reserved (the parts that depend on the level made again for another level, fallibly).
    pub fn restart(&mut self, puzzle: &Sokoban, boxes: &[u16], player: u16) -> Result<(), OutOfMemory> {
        let level = puzzle.shared_level();
        if !Arc::ptr_eq(&level, &self.level) {
            self.fit(level)?;
        }
        if !self.nodes.is_empty() {
            self.table.fill(0);
        }
        self.nodes.clear();
        self.boxes.clear();
        self.cells.clear();
        (self.turn, self.resume, self.expanding, self.made) = (0, false, false, 0);
        (self.found, self.status) = (None, Status::InProgress);
        self.writing = Writing::default();
        self.written.clear();
        self.start = [0; MAX_CELLS / 64];
        boxes.iter().for_each(|&b| put(&mut self.start, b));
        self.start_player = player;
        Ok(())
    }

    /// The bytes [`FeatureSearch::new`] reserves for `puzzle` and `cap` positions (the scratch space of
    /// one room left out).
    pub fn bytes_for(puzzle: &Sokoban, cap: usize) -> usize {
        Self::bytes_without_memo(puzzle, cap).saturating_add(Subsets::bytes_for(puzzle.level(), memo_bytes(cap)))
    }

    /// [`FeatureSearch::bytes_for`] but the memo of dead subsets.
    fn bytes_without_memo(puzzle: &Sokoban, cap: usize) -> usize {
        let words = puzzle.level().rooms().div_ceil(64);
        let position = core::mem::size_of::<Node>() + words * 8 + CHUNK * 4;
        let cells = Cells::<Features>::bytes_for(cap, cap.min(MAX_CELLS_MADE));
        cap.saturating_mul(position).saturating_add(Self::table_len(cap).saturating_mul(4)).saturating_add(cells)
    }

    /// The table's slots for `cap` positions.
    fn table_len(cap: usize) -> usize {
        cap.saturating_mul(2).checked_next_power_of_two().unwrap_or(usize::MAX / 8).max(1024)
    }

    /// Whether the packing order and its sealed squares are made.
    fn prepared(&self) -> bool {
        self.peeler.is_none() && self.sealed.len() == self.order.steps.len() * self.words
    }

    /// The next part of making the packing order, then its sealed squares. Its units.
    fn prepare_part(&mut self, budget: u32) -> u32 {
        let Some(peeler) = &mut self.peeler else {
            self.seal_next();
            return self.units(PEEL_SQUARE * self.level.rooms());
        };
        let (done, looked) = peeler.step(&self.level, (budget as usize).saturating_mul(UNIT / PEEL_SQUARE));
        if done {
            peeler.order_into(&self.level, &mut self.order);
            self.peeler = None;
        }
        self.units(looked.saturating_mul(PEEL_SQUARE))
    }

    /// Finds [`FeatureSearch::sealed`] for the next number of goals of the packing order packed.
    fn seal_next(&mut self) {
        let level = Arc::clone(&self.level);
        let packed = self.sealed.len() / self.words;
        let mut walls: Bits = [0; MAX_CELLS / 64];
        self.order.steps[..=packed].iter().for_each(|&(at, _)| put(&mut walls, at));
        // The floor outside the packed goals, split into areas; an area holding no empty goal is sealed
        // once the packed ones are filled (the areas holding one, by number: fewer than the squares).
        let (label, mut goal) = (&mut self.label, [0u64; MAX_CELLS / 64]);
        count_areas(&level, &walls, &mut self.stack, |at, area| {
            label[at as usize] = area;
            if level.goal[at as usize] {
                put(&mut goal, area);
            }
        });
        let mut sealed = [0u64; MAX_CELLS / 64];
        for at in (0..level.rooms() as u16).filter(|&at| !has(&walls, at)) {
            if !has(&goal, self.label[at as usize]) {
                put(&mut sealed, at);
            }
        }
        self.sealed.extend_from_slice(&sealed[..self.words]);
    }

    /// The positions stored.
    pub fn positions(&self) -> usize {
        self.nodes.len()
    }

    /// Where the positions stored lie in the feature space (empty before the packing order is made).
    pub fn census(&self) -> Census {
        let mut by_packed = alloc::vec![(0, 0); if self.prepared() { self.order.steps.len() + 1 } else { 0 }];
        for f in self.nodes.iter().map(|n| n.features) {
            if let Some((positions, out)) = by_packed.get_mut(f.packed as usize) {
                *positions += 1;
                *out += (f.out_of_plan > 0) as u32;
            }
        }
        Census { by_packed, cells: self.cells.len() }
    }

    /// Up to `n` of the positions stored with `step` steps of the packing order done, spread evenly over
    /// the order they were stored in: for studying where a search stalls (are they already dead?).
    pub fn sample(&self, step: usize, n: usize) -> Vec<State> {
        let at = || self.nodes.iter().enumerate().filter(|(_, node)| node.features.packed as usize == step);
        let every = (at().count() / n.max(1)).max(1);
        at().step_by(every)
            .take(n)
            .map(|(id, node)| {
                let boxes: heapless::Vec<u16, MAX_BOXES> = cells_of(&self.bits(id as u32), self.words).collect();
                State::new(node.player, &boxes)
            })
            .collect()
    }

    /// The moves made so far.
    pub fn moves(&self) -> u64 {
        self.made
    }

    /// The bytes this search reserved for positions (its scratch space of one room left out).
    pub fn bytes_reserved(&self) -> usize {
        use core::mem::size_of;
        self.nodes.capacity() * size_of::<Node>()
            + self.boxes.capacity() * 8
            + self.table.len() * 4
            + self.chunks.len() * 4
            + Cells::<Features>::bytes_for(self.node_cap, self.node_cap.min(MAX_CELLS_MADE))
            + self.subsets.as_ref().map_or(0, |s| s.bytes_reserved())
    }

    /// How the search stands: `InProgress`, `Found`, `Unsolvable` (every move tried: no solution among
    /// the positions the deadlock tests let through), `OutOfNodes` (its positions or moves are full) or
    /// `OutOfMemory` (a feature cell's queue could not grow).
    pub fn status(&self) -> Status {
        self.status
    }

    /// Works for about `budget` units (at least one part: a box's moves, a move made): the status and the
    /// units spent.
    pub fn step(&mut self, budget: u32) -> Step {
        let mut work = 0u32;
        while !self.prepared() && work < budget.max(1) {
            work = work.saturating_add(self.prepare_part(budget.max(1) - work));
        }
        if !self.prepared() {
            return Step::new(self.status, work);
        }
        if self.nodes.is_empty() && self.status == Status::InProgress {
            let (bits, player) = (self.start, self.start_player);
            let normal = self.walk.fill(&self.level, &bits, player);
            // The root's move is never read.
            let root = Move { from: 0, to: 0, behind: NONE, weight: 0, pushes: 0, areas: AREAS_UNKNOWN };
            if let Err(slot) = self.find(&bits, normal) {
                self.add(&bits, normal, u32::MAX, root, 0, slot);
            }
            work = self.units(2 * self.level.rooms());
        }
        while work < budget.max(1) && self.status == Status::InProgress {
            if self.expanding {
                work = work.saturating_add(self.expansion_part());
                continue;
            }
            if self.nodes.len() >= self.cap {
                self.status = Status::OutOfNodes;
                break;
            }
            let (next, looked) = self.next_move();
            // Looking at a cell is a test of its queue.
            work = work.saturating_add((looked / UNIT) as u32);
            let part = match next {
                Next::Make(id, mv) => self.make(id, mv),
                Next::Expand(cell, key, id) => self.begin_expansion(cell, key, id),
                Next::Exhausted => {
                    self.status = Status::Unsolvable;
                    1
                }
            };
            work = work.saturating_add(part);
        }
        Step::new(self.status, work)
    }

    /// The units `steps` steps of work cost (at least one).
    fn units(&self, steps: usize) -> u32 {
        u32::try_from(1 + steps / UNIT).unwrap_or(u32::MAX)
    }

    /// The next thing to do: from the next cell in turn with a position left, the least weighted: a move
    /// to make, or the position to expand first. And how many cells were looked at.
    fn next_move(&mut self) -> (Next, usize) {
        let mut empty_cells = 0;
        while empty_cells <= self.cells.len() {
            if self.cells.is_empty() {
                return (Next::Exhausted, empty_cells);
            }
            if !core::mem::take(&mut self.resume) {
                self.turn = (self.turn + 1) % self.cells.len();
            }
            let cell = self.turn;
            while let Some((key, id)) = self.cells.pop(cell) {
                let node = &self.nodes[id as usize];
                // Moves to make first: none yet, or the kept ones all tried (and more to come).
                let kept_tried = node.tried >= node.chunk_base.saturating_add(CHUNK as u32);
                if node.chunk_base == NOT_MADE || node.tried < node.move_count && kept_tried {
                    return (Next::Expand(cell, key, id), empty_cells);
                }
                if let Some(mv) = self.take_move(cell, key, id) {
                    return (Next::Make(id, mv), empty_cells);
                }
            }
            empty_cells += 1;
        }
        (Next::Exhausted, empty_cells)
    }

    /// The next untried move of position `id` (whose moves are made), just taken off `cell`'s queue with
    /// weight `key`: the move, with the position queued again for its next one; `None` when every move is
    /// tried, or the move weighs more than `key` (the position is queued again at its weight).
    fn take_move(&mut self, cell: usize, key: u32, id: u32) -> Option<Move> {
        let node = &mut self.nodes[id as usize];
        if node.tried >= node.move_count {
            return None;
        }
        let slot = id as usize * CHUNK;
        let mv = Move::unpack(self.chunks[slot + (node.tried - node.chunk_base) as usize], &self.level);
        let weight = node.weight + mv.weight as u32;
        if weight > key {
            self.cells.push(cell, id, weight);
            return None;
        }
        node.tried += 1;
        if node.tried < node.move_count {
            // A move past the kept ones weighs 1 (the advised come first, fewer than a chunk).
            let next = match (node.tried - node.chunk_base) as usize {
                k if k < CHUNK => self.chunks[slot + k] & 1,
                _ => 1,
            };
            let again = node.weight + next;
            self.cells.push(cell, id, again);
        }
        Some(mv)
    }

    /// The boxes of position `id`.
    fn bits(&self, id: u32) -> Bits {
        let mut bits: Bits = [0; MAX_CELLS / 64];
        let at = id as usize * self.words;
        bits[..self.words].copy_from_slice(&self.boxes[at..at + self.words]);
        bits
    }

    /// Begins expanding position `id`, taken off `cell`'s queue with weight `key`: its player's region,
    /// floor areas and what the advisors measure against. Its units.
    fn begin_expansion(&mut self, cell: usize, key: u32, id: u32) -> u32 {
        let bits = self.bits(id);
        let level = Arc::clone(&self.level);
        self.walk.fill(&level, &bits, self.nodes[id as usize].player);
        let areas = self.label_areas(&bits);
        let packed = self.order.packed(&bits);
        let next_goal = self.order.square(packed);
        // A pocket's box goes on to its goal: the boxes nearest that goal are nearest the pocket.
        let own_goal = self.order.steps.get(packed).map(|&(_, goal)| goal);
        let goal_index = own_goal.and_then(|g| level.goals.iter().position(|&x| x == g));
        let near = |cell: u16| goal_index.map_or(u16::MAX, |g| level.distance(g, cell));
        let order = &self.order;
        let nearest =
            cells_of(&bits, self.words).filter(|&c| !order.filled_by(packed, c)).map(near).min().unwrap_or(u16::MAX);
        let advice = Advice {
            features: self.nodes[id as usize].features,
            packed,
            next_goal,
            goal_index,
            nearest,
            out_of_plan: self.out_of_plan(&bits, packed),
            best: [None; 4],
        };
        let e = &mut *self.expansion;
        (e.id, e.cell, e.key, e.bits, e.region, e.areas) = (id, cell, key, bits, self.walk.reached, areas);
        (e.next, e.head, e.advice, e.scan, e.after) = (0, None, advice, 0, self.nodes[id as usize].after);
        e.kept.clear();
        e.boxes.clear();
        cells_of(&bits, self.words).for_each(|b| {
            let _ = e.boxes.push(b);
        });
        self.pending.clear();
        self.expanding = true;
        self.units(2 * level.rooms() + MAX_BOXES * packed)
    }

    /// The next part of the expansion under way. Its units.
    fn expansion_part(&mut self) -> u32 {
        let e = &*self.expansion;
        match (e.next < e.boxes.len(), e.head) {
            (true, None) => self.begin_walk(),
            (true, Some(head)) => self.walk_part(head),
            (false, _) => self.choose_part(),
        }
    }

    /// Numbers the floor with the next box that has a push lifted and begins its walk (the boxes before it
    /// with none are passed over: their walks would find no move). Its units.
    fn begin_walk(&mut self) -> u32 {
        let level = Arc::clone(&self.level);
        let e = &mut *self.expansion;
        let (bits, region) = (e.bits, e.region);
        let mut passed = 0;
        while let Some(&from) = e.boxes.get(e.next) {
            let stand = Dir::ALL.map(|d| {
                let behind = level.next(from, d.back());
                behind != NONE && has(&region, behind)
            });
            let pushable = Dir::ALL.iter().any(|&d| {
                let ahead = level.next(from, d);
                stand[d as usize] && ahead != NONE && !has(&bits, ahead) && level.live[ahead as usize]
            });
            if !pushable {
                (e.next, passed) = (e.next + 1, passed + 1);
                continue;
            }
            let mut without = bits;
            take(&mut without, from);
            let numbered = self.cut_squares(&without, from);
            let lifted = self.areas_lifting(&bits, from, self.expansion.areas);
            self.begin_box_walk(&without, from, stand);
            let e = &mut *self.expansion;
            (e.without, e.lifted, e.head) = (without, lifted, Some(0));
            return self.units(4 * numbered + 16 * passed);
        }
        self.units(16 * passed)
    }

    /// Starts a walk of the box on `from` (the other boxes `without`, the floor numbered for them), the
    /// player on the sides `stand` (by the push's direction).
    fn begin_box_walk(&mut self, without: &Bits, from: u16, stand: [bool; 4]) {
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.seen.fill(0);
            self.stamp = 1;
        }
        // States: the box's square × 4 + the side the player stands on (the direction of the last push).
        self.queue.clear();
        self.expand(without, from, stand, 0, u32::MAX);
    }

    /// Looks at up to [`WALK_STATES`] states of the box's walk from `head`: each a move (the areas it
    /// leaves, the advisors' measures), and the pushes on from it queued. Its units.
    fn walk_part(&mut self, head: usize) -> u32 {
        if self.pending.try_reserve(WALK_STATES).is_err() {
            self.status = Status::OutOfMemory;
            return 1;
        }
        debug_assert!(self.pending.capacity() - self.pending.len() >= WALK_STATES || self.pending.is_empty());
        let level = Arc::clone(&self.level);
        let level = &*level;
        let e = &*self.expansion;
        let (from, without, lifted) = (e.boxes[e.next], e.without, e.lifted);
        let (first, mut head) = (head, head);
        let end = (head + WALK_STATES).min(self.queue.len());
        while head < end {
            let (state, pushes) = self.queue[head];
            head += 1;
            let (at, dir) = ((state / 4) as u16, Dir::ALL[(state % 4) as usize]);
            let behind = level.next(at, dir.back());
            let sides = self.sides(&without, at);
            if at != from {
                // The areas: those with the box lifted, one fewer for the square it fills, one more for
                // each piece that square cuts its area into.
                let pieces = (0..4).filter(|&d| sides[d] != u8::MAX && !sides[..d].contains(&sides[d])).count();
                let mv = Move { from, to: at, behind, weight: 1, pushes, areas: lifted + pieces as u16 - 1 };
                self.advise(&mv, mv.areas);
                self.pending.push(mv);
            }
            self.walk_on(&without, state, pushes, sides);
        }
        let e = &mut *self.expansion;
        if head < self.queue.len() {
            e.head = Some(head);
        } else {
            (e.next, e.head) = (e.next + 1, None);
        }
        // Each state: its sides (sixteen tests), the areas, the advisors, four pushes on.
        self.units(64 * (end - first))
    }

    /// Queues the pushes on from `state` of a box's walk (reached in `pushes`; the other boxes `without`,
    /// `sides` the squares beside it as [`FeatureSearch::sides`] groups them): from every side the player
    /// can walk to from where the last push left them.
    fn walk_on(&mut self, without: &Bits, state: u32, pushes: u16, sides: [u8; 4]) {
        let (at, dir) = ((state / 4) as u16, Dir::ALL[(state % 4) as usize]);
        let player = sides[dir.back() as usize];
        let stand = Dir::ALL.map(|d| sides[d.back() as usize] == player);
        #[cfg(debug_assertions)]
        if self.level.rooms() <= CROSS_CHECKED_ROOMS {
            // The walk the sides stand for.
            let level = Arc::clone(&self.level);
            let mut boxes = *without;
            put(&mut boxes, at);
            self.walk.fill(&level, &boxes, level.next(at, dir.back()));
            let reached = Dir::ALL.map(|d| {
                let n = level.next(at, d.back());
                n != NONE && has(&self.walk.reached, n)
            });
            debug_assert_eq!(stand, reached, "the sides of {at}");
        }
        self.expand(without, at, stand, pushes, state);
    }

    /// Offers move `mv` of the expansion (the next in `pending`), which leaves `areas` floor areas, to
    /// the advisors: each keeps the move that best improves its measure (then the fewest pushes, then
    /// the first). Packing: a box onto the next goal of the order; areas: fewer floor areas; plan: fewer
    /// boxes out of plan; approach: a box (not packed) nearer the next goal than any is now.
    fn advise(&mut self, mv: &Move, areas: u16) {
        let k = self.pending.len();
        let advice = self.expansion.advice;
        let level = &*self.level;
        let mut best = advice.best;
        let mut offer = |advisor: usize, measure: u16| {
            if best[advisor].is_none_or(|(b, _)| (measure, mv.pushes) < b) {
                best[advisor] = Some(((measure, mv.pushes), k));
            }
        };
        if Some(mv.to) == advice.next_goal {
            offer(0, 0);
        }
        #[cfg(debug_assertions)]
        if level.rooms() <= CROSS_CHECKED_ROOMS {
            let mut after = self.expansion.bits;
            take(&mut after, mv.from);
            put(&mut after, mv.to);
            let walked = count_areas(level, &after, &mut self.stack, |_, _| {});
            debug_assert_eq!(areas, walked, "{} to {}", mv.from, mv.to);
        }
        if areas < advice.features.areas {
            offer(1, areas);
        }
        // The packing prefix stays as it is (a move onto the next goal is the packing advisor's).
        let sealed = |at: u16| self.sealed_at(advice.packed, at) as u16;
        let plan = advice.out_of_plan - sealed(mv.from) + sealed(mv.to);
        if plan < advice.features.out_of_plan {
            offer(2, plan);
        }
        if let Some(g) = advice.goal_index {
            let near = level.distance(g, mv.to);
            if !self.order.filled_by(advice.packed, mv.from) && near < advice.nearest {
                offer(3, near);
            }
        }
        self.expansion.advice.best = best;
    }

    /// Whether a box on `at` is out of plan once `packed` goals of the order are filled.
    fn sealed_at(&self, packed: usize, at: u16) -> bool {
        let word = packed * self.words + at as usize / 64;
        self.sealed.get(word).is_some_and(|w| w >> (at % 64) & 1 == 1)
    }

    /// A move's place in the order a position's moves are tried in: advised first (weight 0), then the
    /// fewest pushes, then the first made.
    fn order_key(mv: &Move, k: usize) -> u64 {
        (mv.weight as u64) << 48 | (mv.pushes as u64) << 32 | k as u64
    }

    /// Looks at up to [`CHOOSE_MOVES`] moves of the expansion for the [`CHUNK`] to keep: the least in the
    /// order after those tried. Once every move is looked at, they are kept, and the position is picked
    /// again for its next move. Its units.
    fn choose_part(&mut self) -> u32 {
        let e = &mut *self.expansion;
        if e.scan == 0 {
            // The advised moves weigh nothing.
            for (_, k) in e.advice.best.into_iter().flatten() {
                self.pending[k].weight = 0;
            }
        }
        let end = (e.scan + CHOOSE_MOVES).min(self.pending.len());
        for k in e.scan..end {
            let key = Self::order_key(&self.pending[k], k);
            if key <= e.after || e.kept.is_full() && e.kept.last().is_some_and(|&(last, _)| key >= last) {
                continue;
            }
            if e.kept.is_full() {
                e.kept.pop();
            }
            let at = e.kept.partition_point(|&(other, _)| other < key);
            let _ = e.kept.insert(at, (key, k as u32));
        }
        let looked = end - e.scan;
        e.scan = end;
        if end < self.pending.len() {
            return self.units(8 * looked);
        }
        self.expanding = false;
        let (id, cell, key) = (e.id, e.cell, e.key);
        let slot = id as usize * CHUNK;
        for (j, &(_, k)) in e.kept.iter().enumerate() {
            self.chunks[slot + j] = self.pending[k as usize].pack(&self.level);
        }
        let after = e.kept.last().map_or(u64::MAX, |&(key, _)| key);
        let node = &mut self.nodes[id as usize];
        (node.chunk_base, node.move_count, node.after) = (node.tried, self.pending.len() as u32, after);
        // The position goes back on its queue, still its least (nothing was queued meanwhile), and the
        // next pick takes it again from there: its move is a part of its own.
        self.cells.push(cell, id, key);
        self.resume = true;
        self.units(8 * looked)
    }

    /// Numbers the free squares (those not in `bits`) of the area holding `root` in a depth-first walk,
    /// with the earliest square each one's subtree reaches by another way (Tarjan's cut squares), so that
    /// [`FeatureSearch::sides`] tells without a walk which squares beside any square of the area stay
    /// joined once a box stands on it. (A box lifted off `root` moves in that area alone: the others are
    /// left unnumbered, half the work on the levels it was measured on.) How many squares it numbered.
    fn cut_squares(&mut self, bits: &Bits, root: u16) -> usize {
        let level = Arc::clone(&self.level);
        let next = &level.next[..];
        // Locals and slices, so that the loop keeps them in registers (no stores through `self`).
        let (order_in, order_out) = (&mut self.order_in[..], &mut self.order_out[..]);
        let (low, up, dfs) = (&mut self.low[..], &mut self.up[..], &mut self.dfs);
        let base = self.clock;
        let mut clock = base + 1;
        (order_in[root as usize], low[root as usize]) = (clock, clock);
        up[root as usize] = NONE;
        dfs.clear();
        dfs.push((root, 0));
        while let Some(&mut (at, ref mut side)) = dfs.last_mut() {
            if *side == 4 {
                dfs.pop();
                clock += 1;
                order_out[at as usize] = clock;
                let parent = up[at as usize];
                if parent != NONE {
                    low[parent as usize] = low[parent as usize].min(low[at as usize]);
                }
                continue;
            }
            let n = next[at as usize][*side as usize];
            *side += 1;
            if n == NONE || has(bits, n) {
                continue;
            }
            if order_in[n as usize] <= base {
                clock += 1;
                (order_in[n as usize], low[n as usize], up[n as usize]) = (clock, clock, at);
                dfs.push((n, 0));
            } else if n != up[at as usize] {
                low[at as usize] = low[at as usize].min(order_in[n as usize]);
            }
        }
        self.clock = clock;
        ((clock - base) / 2) as usize
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

    /// Makes move `mv` of position `id`: the position it reaches is stored unless seen before or lost.
    /// Its units.
    fn make(&mut self, id: u32, mv: Move) -> u32 {
        self.made += 1;
        let mut bits = self.bits(id);
        take(&mut bits, mv.from);
        put(&mut bits, mv.to);
        let normal = self.walk.fill(&self.level, &bits, mv.behind);
        let Err(slot) = self.find(&bits, normal) else {
            // Stored before: tested then (the deadlock tests are for new positions only).
            return self.units(2 * self.level.rooms());
        };
        self.walled_walked = 0;
        let lost = self.lost(&bits, mv.to, mv.behind);
        // Walks: the player's region, the corrals, the areas; the subsets' searches, the walled-in boxes'.
        let walked = self.subsets.as_ref().map_or(0, |s| s.walked()) + 4 * self.walled_walked;
        let units = self.units(6 * self.level.rooms() + walked);
        if lost {
            return units;
        }
        let weight = self.nodes[id as usize].weight + mv.weight as u32;
        self.add(&bits, normal, id, mv, weight, slot);
        units
    }

    /// Whether the boxes `bits` (the one on `moved` just moved; the player's region in `self.walk`) are
    /// lost as the deadlock tests see: frozen off a goal, held so that only a push onto a dead square
    /// frees them, a goal no box can reach (or none of its own once the boxes held on goals are walls),
    /// the moved box dead with one or two boxes near it searched alone (the player on `player`), a corral
    /// beside it whose fence searched alone never packs nor opens, a corral nothing enters.
    fn lost(&mut self, bits: &Bits, moved: u16, player: u16) -> bool {
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
        // Boxes held on goals wall the others in. Tested when the box moved is held: a move that leaves
        // it free holds no box the parent position did not (the held set only shrinks), so that only the
        // moved box's own goals could change; testing every move cost 0.7× the positions in 3 s and lost
        // Box World levels.
        if !all_matched(&reach) || has(&held, moved) && self.walled_in(&held, &cells) {
            return true;
        }
        let reached = self.walk.reached;
        if self.subsets.as_mut().is_some_and(|s| {
            s.set_budget();
            s.dead_near(level, &cells, moved, player) || s.dead_corral(level, bits, moved, &reached, player)
        }) {
            return true;
        }
        let mut allowed = [0xF; MAX_BOXES];
        self.corrals.restrict(level, bits, &reached, &cells, &mut allowed)
            && allowed[..cells.len()].iter().all(|&a| a == 0)
    }

    /// Whether the boxes on `cells` cannot all reach goals of their own once the `held` ones (on goals,
    /// as [`stuck`] finds them with dead squares: any of them moving lands on a dead square) stand as
    /// walls, as no solution moves them. Each other box's goals are found by its pushes alone (the player
    /// anywhere), kept for the held set; a test walks at most [`WALLED_WORK`] squares (false when it
    /// would walk more: the squares walked are kept for the next).
    fn walled_in(&mut self, held: &Bits, cells: &[u16]) -> bool {
        if held[..self.words] != self.walled[..self.words] {
            self.walled = *held;
            self.walled_reach.fill(UNKNOWN);
        }
        let level = Arc::clone(&self.level);
        let mut reach: heapless::Vec<u64, MAX_BOXES> = heapless::Vec::new();
        for &c in cells {
            let goals = if has(held, c) {
                level.goals.iter().position(|&g| g == c).map_or(0, |g| 1 << g)
            } else {
                if self.walled_reach[c as usize] == UNKNOWN {
                    if self.walled_walked >= WALLED_WORK {
                        return false;
                    }
                    self.walled_walked += self.walk_walled(&level, c);
                }
                self.walled_reach[c as usize]
            };
            let _ = reach.push(goals);
        }
        !all_matched(&reach)
    }

    /// Notes the goals a box on `from` can be pushed to with the boxes of `self.walled` as walls (the
    /// player anywhere), in `self.walled_reach`. The squares it walked.
    fn walk_walled(&mut self, level: &Level, from: u16) -> usize {
        let mut seen: Bits = [0; MAX_CELLS / 64];
        put(&mut seen, from);
        self.stack.clear();
        self.stack.push(from);
        let mut walked = 0;
        while let Some(at) = self.stack.pop() {
            walked += 1;
            for dir in Dir::ALL {
                let (behind, ahead) = (level.next(at, dir.back()), level.next(at, dir));
                let open = |n: u16| n != NONE && !has(&self.walled, n);
                if open(behind) && open(ahead) && level.live[ahead as usize] && !has(&seen, ahead) {
                    put(&mut seen, ahead);
                    self.stack.push(ahead);
                }
            }
        }
        let goals = level.goals.iter().enumerate().filter(|&(_, &g)| has(&seen, g)).fold(0, |m, (g, _)| m | 1 << g);
        self.walled_reach[from as usize] = goals;
        walked
    }

    /// Where position `bits` with the player's region `player` is in the table: `Ok` with its id when
    /// stored, `Err` with the empty slot it would take.
    fn find(&self, bits: &Bits, player: u16) -> Result<u32, usize> {
        let mask = self.table.len() - 1;
        let mut slot = (hash(&bits[..self.words], player) as usize) & mask;
        while self.table[slot] != 0 {
            let other = self.table[slot] - 1;
            let at = other as usize * self.words;
            if self.nodes[other as usize].player == player && self.boxes[at..at + self.words] == bits[..self.words] {
                return Ok(other);
            }
            slot = (slot + 1) & mask;
        }
        Err(slot)
    }

    /// Stores the position, not stored before (its empty slot in the table `slot`), files it in its cell,
    /// and notes a solution.
    fn add(&mut self, bits: &Bits, player: u16, parent: u32, step: Move, weight: u32, slot: usize) {
        let id = self.nodes.len() as u32;
        let prefix = self.order.packed(bits);
        let packed = prefix as u16;
        let areas = if step.areas < AREAS_UNKNOWN { step.areas } else { self.areas(bits) };
        #[cfg(debug_assertions)]
        if self.level.rooms() <= CROSS_CHECKED_ROOMS {
            debug_assert_eq!(areas, self.areas(bits));
        }
        let features = Features { packed, areas, out_of_plan: self.out_of_plan(bits, prefix) };
        let cell = self.cells.cell(features);
        let Some(cell) = cell.filter(|_| self.nodes.len() < self.cap) else {
            self.status = Status::OutOfNodes;
            return;
        };
        self.table[slot] = id + 1;
        self.boxes.extend_from_slice(&bits[..self.words]);
        let (chunk_base, move_count, tried, after, step) = (NOT_MADE, 0, 0, 0, step.pack(&self.level));
        self.nodes.push(Node { parent, step, player, weight, features, chunk_base, move_count, tried, after });
        if self.level.goals.iter().all(|&g| has(bits, g)) {
            self.found = Some(id);
            self.status = Status::Found;
        }
        self.cells.push(cell, id, weight);
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

    /// Writes out the solution found, for about `budget` units: `Found` once it is written
    /// ([`FeatureSearch::written_backwards`]), `InProgress` before, `OutOfMemory` when it cannot be held,
    /// `NotFound` with no solution.
    pub fn write_solution(&mut self, budget: u32) -> Step {
        let Some(found) = self.found else { return Step::new(Status::NotFound(Shortfall::NoPlan), 0) };
        let mut work = 0u32;
        while !self.writing.done && work < budget.max(1) {
            let part = match self.write_part(found) {
                Ok(units) => units,
                Err(status) => return Step::new(status, work.saturating_add(1)),
            };
            work = work.saturating_add(part);
        }
        let status = if self.writing.done { Status::Found } else { Status::InProgress };
        Step::new(status, work)
    }

    /// The pushes of the solution written so far, from the goal back: (the box's square before each push,
    /// its direction), the last push first.
    pub fn written_backwards(&self) -> &[(u16, Dir)] {
        &self.written
    }

    /// The solution found, written out at once ([`FeatureSearch::write_solution`]), from the start; `None`
    /// when there is none or no memory for it.
    pub fn solution(&mut self) -> Option<Vec<(u16, Dir)>> {
        while self.write_solution(u32::MAX).status == Status::InProgress {}
        self.writing.done.then(|| self.written.iter().rev().copied().collect())
    }

    /// A part of writing the solution out, from the goal back: a move's walk begun, or a slice of it, or
    /// its pushes written. Its units.
    fn write_part(&mut self, found: u32) -> Result<u32, Status> {
        let w = &mut self.writing;
        if !w.begun {
            (w.begun, w.at) = (true, found);
            w.done = self.nodes[found as usize].parent == u32::MAX;
            return Ok(1);
        }
        let (id, level) = (w.at, Arc::clone(&self.level));
        let parent = self.nodes[id as usize].parent;
        let mv = Move::unpack(self.nodes[id as usize].step, &level);
        if !w.walking {
            // The walk of the move's box from the parent position, to the state the move ends in.
            w.walking = true;
            w.target = (0..4)
                .map(|d| mv.to as u32 * 4 + d)
                .find(|&s| level.next(mv.to, Dir::ALL[(s % 4) as usize].back()) == mv.behind)
                .unwrap_or(u32::MAX);
            let bits = self.bits(parent);
            self.walk.fill(&level, &bits, self.nodes[parent as usize].player);
            let mut without = bits;
            take(&mut without, mv.from);
            self.cut_squares(&without, mv.from);
            let region = self.walk.reached;
            let stand = Dir::ALL.map(|d| {
                let behind = level.next(mv.from, d.back());
                behind != NONE && has(&region, behind)
            });
            self.begin_box_walk(&without, mv.from, stand);
            (self.expansion.without, self.expansion.head) = (without, Some(0));
            return Ok(self.units(6 * level.rooms()));
        }
        let target = w.target;
        let reached = (target as usize) < self.seen.len() && self.seen[target as usize] == self.stamp;
        let head = self.expansion.head.unwrap_or(0);
        if !reached && head < self.queue.len() {
            // A slice of the walk.
            let without = self.expansion.without;
            let end = (head + WALK_STATES).min(self.queue.len());
            for h in head..end {
                let (state, pushes) = self.queue[h];
                self.walk_on(&without, state, pushes, self.sides(&without, (state / 4) as u16));
            }
            self.expansion.head = Some(end);
            return Ok(self.units(32 * (end - head)));
        }
        if !reached {
            // Never, for a move the search made from this position.
            return Err(Status::NotFound(Shortfall::Rejected));
        }
        // The pushes, from the target back to the box's square: the last first.
        let mut state = target;
        let mut pushes = 0;
        while state != u32::MAX {
            let (at, dir) = ((state / 4) as u16, Dir::ALL[(state % 4) as usize]);
            try_push(&mut self.written, (level.next(at, dir.back()), dir))?;
            state = self.parent[state as usize];
            pushes += 1;
        }
        let w = &mut self.writing;
        (w.at, w.walking) = (parent, false);
        w.done = self.nodes[parent as usize].parent == u32::MAX;
        Ok(self.units(4 * pushes))
    }
}

/// The feature-space search in two packing orders at once ([`Peel::Nearest`] and [`Peel::First`]), taking
/// turns: each solves levels the other does not (XSokoban at 3 s a level, before the search was made
/// 5× faster: 43 and 41 of 90, 45 together). They share one memo of dead subsets, handed to the search
/// stepped (a subset's answer is a fact of the level: both ask the same ones).
pub struct Portfolio {
    searches: [FeatureSearch; 2],
    /// The search that goes first at the next step.
    turn: usize,
    /// The search that answered.
    answered: Option<usize>,
    /// Whether both packing orders are made and were found the same (the second search then rests: it
    /// would only repeat the first's positions), once known.
    twins: Option<bool>,
    /// The steps both orders begin with (once both are made): until a search stores a position past
    /// them, the two store the same positions.
    shared: u16,
}

impl Portfolio {
    /// The two searches of `puzzle` from the boxes `boxes` and the player on `player`, storing at most
    /// `cap` positions between them (reserved now: [`Portfolio::bytes_for`], each search's arrays for half
    /// the cap and one memo of dead subsets of the bytes both would have had).
    pub fn new(puzzle: &Sokoban, boxes: &[u16], player: u16, cap: usize) -> Result<Portfolio, OutOfMemory> {
        let search = |peel, memo| FeatureSearch::with_memo(puzzle, boxes, player, cap / 2, peel, memo);
        let searches = [search(Peel::Nearest, Self::memo(cap))?, search(Peel::First, 0)?];
        Ok(Portfolio { searches, turn: 0, answered: None, twins: None, shared: 0 })
    }

    /// Starts both searches again (see [`FeatureSearch::restart`]; the memo, made again for another
    /// level, goes back to the first).
    pub fn restart(&mut self, puzzle: &Sokoban, boxes: &[u16], player: u16) -> Result<(), OutOfMemory> {
        (self.answered, self.turn, self.twins, self.shared) = (None, 0, None, 0);
        self.lend_memo(0);
        self.searches.iter_mut().try_for_each(|search| search.restart(puzzle, boxes, player))
    }

    /// Whether both packing orders are made and the same, so that the second search rests (`None` until
    /// both are made).
    pub fn twins(&self) -> Option<bool> {
        self.twins
    }

    /// How many steps both packing orders begin with (0 until both are made).
    pub fn shared_steps(&self) -> usize {
        self.shared as usize
    }

    /// Whether the second search rests this step: the orders are the same. (Resting also while the first
    /// search had stored no position past the steps the orders begin with — the same positions in both
    /// until then — solved the same XSokoban levels at 3 s in fewer positions, but the second search, made
    /// to store those positions again afterwards, came later to its own: Box World 24 and 46 and
    /// Sasquatch 16, solved in 7.2–9.3 s before, were lost in the race at 10 s.)
    fn second_rests(&self) -> bool {
        self.twins == Some(true)
    }

    /// Each search's [`FeatureSearch::sample`], in the order of [`Portfolio::new`].
    pub fn sample(&self, step: usize, n: usize) -> [Vec<State>; 2] {
        self.searches.each_ref().map(|search| search.sample(step, n))
    }

    /// Each search's [`FeatureSearch::census`], in the order of [`Portfolio::new`].
    pub fn census(&self) -> [Census; 2] {
        self.searches.each_ref().map(FeatureSearch::census)
    }

    /// The bytes [`Portfolio::new`] reserves for `puzzle` and `cap` positions.
    pub fn bytes_for(puzzle: &Sokoban, cap: usize) -> usize {
        FeatureSearch::bytes_without_memo(puzzle, cap / 2)
            .saturating_mul(2)
            .saturating_add(Subsets::bytes_for(puzzle.level(), Self::memo(cap)))
    }

    /// The bytes of the shared memo: what each search would have had of its own.
    fn memo(cap: usize) -> usize {
        memo_bytes(cap / 2).saturating_mul(2)
    }

    /// Hands the memo of dead subsets to search `k` (a move of a box: no copy).
    fn lend_memo(&mut self, k: usize) {
        if self.searches[k].subsets.is_none() {
            self.searches[k].subsets = self.searches[k ^ 1].subsets.take();
        }
    }

    /// Works for about `budget` units, half in each search (the one that goes first taking turns, so
    /// that a call spends at most one part past its budget and a budget of one unit still moves both on
    /// in turn), or all in the first while the second rests (the orders are the same). `Found` or
    /// `Unsolvable` when one of them says so (each is exact when it says "unsolvable"), `OutOfNodes` (or
    /// `OutOfMemory`) when both are out of room (the first, with the same orders).
    pub fn step(&mut self, budget: u32) -> Step {
        let mut work = 0u32;
        let first = self.turn;
        self.turn ^= 1;
        let resting = self.second_rests();
        for k in [first, first ^ 1] {
            let share = if k == first && !resting { budget.div_ceil(2) } else { budget.saturating_sub(work) };
            let resting = resting && k == 1;
            if self.answered.is_some() || resting || self.searches[k].status() != Status::InProgress || share == 0 {
                continue;
            }
            self.lend_memo(k);
            let step = self.searches[k].step(share);
            work = work.saturating_add(step.work);
            if step.status == Status::Found || step.status == Status::Unsolvable {
                self.answered = Some(k);
            }
        }
        if self.twins.is_none() && self.searches.iter().all(FeatureSearch::prepared) {
            self.twins = Some(self.searches[0].order == self.searches[1].order);
            let (a, b) = (&self.searches[0].order.steps, &self.searches[1].order.steps);
            self.shared = a.iter().zip(b).take_while(|(x, y)| x == y).count() as u16;
        }
        Step::new(self.status(), work)
    }

    /// How the searches stand (as [`Portfolio::step`] reports).
    pub fn status(&self) -> Status {
        match self.answered {
            Some(k) => self.searches[k].status(),
            None if self.twins == Some(true) => self.searches[0].status(),
            None if self.searches.iter().all(|s| s.status() != Status::InProgress) => self.searches[0].status(),
            None => Status::InProgress,
        }
    }

    /// The bytes both searches reserved ([`FeatureSearch::bytes_reserved`]).
    pub fn bytes_reserved(&self) -> usize {
        self.searches.iter().map(FeatureSearch::bytes_reserved).sum()
    }

    /// The positions both searches store.
    pub fn positions(&self) -> usize {
        self.searches.iter().map(FeatureSearch::positions).sum()
    }

    /// The moves both searches made.
    pub fn moves(&self) -> u64 {
        self.searches.iter().map(FeatureSearch::moves).sum()
    }

    /// Writes out the solution of the search that found one ([`FeatureSearch::write_solution`]).
    pub fn write_solution(&mut self, budget: u32) -> Step {
        match self.answered {
            Some(k) => self.searches[k].write_solution(budget),
            None => Step::new(Status::NotFound(Shortfall::NoPlan), 0),
        }
    }

    /// The pushes of the solution written so far, from the goal back ([`FeatureSearch::written_backwards`]).
    pub fn written_backwards(&self) -> &[(u16, Dir)] {
        self.answered.map_or(&[], |k| self.searches[k].written_backwards())
    }

    /// The solution found, written out at once ([`FeatureSearch::solution`]).
    pub fn solution(&mut self) -> Option<Vec<(u16, Dir)>> {
        self.searches[self.answered?].solution()
    }
}

/// Pushes `value` onto `v`, reserving room fallibly.
fn try_push<T>(v: &mut Vec<T>, value: T) -> Result<(), Status> {
    v.try_reserve(1).map_err(|_| Status::OutOfMemory)?;
    v.push(value);
    Ok(())
}

/// Empties `v` with room for `len` values, reserved fallibly.
fn make_room<T>(v: &mut Vec<T>, len: usize) -> Result<(), OutOfMemory> {
    v.clear();
    v.try_reserve(len).map_err(|_| OutOfMemory { bytes: len.saturating_mul(core::mem::size_of::<T>()) })
}

/// Makes `v` `len` copies of `value`, reserved fallibly.
fn refill<T: Clone>(v: &mut Vec<T>, value: T, len: usize) -> Result<(), OutOfMemory> {
    make_room(v, len)?;
    v.resize(len, value);
    Ok(())
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
