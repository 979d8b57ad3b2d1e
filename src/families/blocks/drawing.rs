//! The stepped drawing of sliding-blocks candidates (see [`super::generate`] for the two methods): a
//! small state machine over one breadth-first solver and one cluster analysis, both reserved once and
//! reused by every candidate.

use super::generate::{target_of, BlocksParams, Method, Packing, Sketch, Specs};
use super::{Blocks, Count, Layout, Slide, MAX_BLOCKS};
use crate::family::Family;
use crate::generate::{Drawing, Fact};
use crate::memory::OutOfMemory;
use crate::search::bfs::Bfs;
use crate::search::cluster::ClusterSearch;
use crate::search::{Search, Shortfall, Status, Step};
use alloc::vec::Vec;
use rand::seq::{IndexedRandom, SliceRandom};
use rand_xoshiro::Xoshiro256PlusPlus;

/// Where the candidate under way stands; the sketches and puzzles it names live in the drawing.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) enum Stage {
    /// None under way: the next step starts one.
    #[default]
    Idle,
    /// Fill: `trial` (the sketch as it stands) is being solved; when it cannot be, the next of
    /// `singles` is deleted.
    Deleting,
    /// Fill: merging across `edges[next..]`; with `trying`, `trial` is `merged` (the sketch with one more
    /// merge), being solved.
    Merging { next: usize, trying: bool },
    /// The cluster of `puzzle` is being analysed; with `choose`, its start is to become the farthest
    /// state from every solved one.
    Analysing { choose: bool },
    /// `puzzle` is being solved, to see which blocks its solution moves.
    Solving,
    /// Minimality: `puzzle` solves in `length`; with `trying`, `trial` is it without the block
    /// `unmoved[next - 1]`, being solved; the count must change.
    Minimal { length: u32, next: usize, trying: bool },
}

/// The drawing of [`super::generate`]'s methods. Every sketch, puzzle and list a candidate needs is
/// kept here and rebuilt for the next, so that drawing allocates nothing once they have grown.
pub struct BlocksDrawing {
    params: BlocksParams,
    solver: Bfs<Blocks>,
    cluster: ClusterSearch<Blocks>,
    stage: Stage,
    /// The sketch under way, and a merge of it being tried.
    sketch: Sketch,
    merged: Sketch,
    /// The puzzle being solved to judge a sketch or a block.
    trial: Blocks,
    /// The candidate, its facts, and whether it is finished.
    handout: Handout,
    specs: Specs,
    packing: Packing,
    anchors: Vec<usize>,
    singles: Vec<u8>,
    edges: Vec<(usize, usize)>,
    path: Vec<(Slide, Layout)>,
    unmoved: Vec<usize>,
}

/// A candidate that failed (the driver counts a miss and draws another).
const FAILED: Status = Status::NotFound(Shortfall::Misses);

impl BlocksDrawing {
    /// Reserves the solver and the cluster analysis for `params.states` states each.
    pub fn new(params: BlocksParams) -> Result<BlocksDrawing, OutOfMemory> {
        Ok(BlocksDrawing {
            solver: Bfs::new(params.states, params.band.1)?,
            cluster: ClusterSearch::new(params.states)?,
            sketch: Sketch::new(&params, 0),
            merged: Sketch::new(&params, 0),
            params,
            stage: Stage::Idle,
            trial: Blocks::reserved(),
            handout: Handout::new(),
            specs: Specs::reserved(),
            packing: Packing::default(),
            anchors: Vec::new(),
            singles: Vec::new(),
            edges: Vec::new(),
            path: Vec::new(),
            unmoved: Vec::new(),
        })
    }

    /// The first stage of a new candidate.
    fn begin(&mut self, rng: &mut Xoshiro256PlusPlus) -> Result<Stage, Status> {
        self.solver.set_depth_limit(self.params.band.1);
        match self.params.method {
            // Annealing draws its fresh layouts without this drawing; were it asked, the cluster way.
            Method::Cluster | Method::Rush | Method::Anneal => {
                self.packing.draw(&self.params, rng, &mut self.sketch);
                if !self.sketch.puzzle_into(self.params.count, &mut self.specs, &mut self.handout.puzzle) {
                    return Err(FAILED);
                }
                Ok(self.analyse(true))
            }
            Method::Fill => {
                let (w, h) = (self.params.size.0 as usize, self.params.size.1 as usize);
                let (gw, gh) = (self.params.goal.0 as usize, self.params.goal.1 as usize);
                let target = target_of(&self.params);
                self.anchors.clear();
                self.anchors.extend((0..w * h).filter(|a| a % w + gw <= w && a / w + gh <= h && *a != target));
                let &anchor = self.anchors.choose(rng).ok_or(FAILED)?;
                self.sketch.reset(&self.params, anchor);
                let mut next = 1u8;
                for owner in self.sketch.owner.iter_mut().filter(|o| o.is_none()) {
                    *owner = Some(next);
                    next += 1;
                }
                self.singles.clear();
                self.singles.extend(1..next);
                self.singles.shuffle(rng);
                // Delete one at least, and as many as a state needs (the goal block and the singles).
                delete(&mut self.sketch, &mut self.singles);
                while self.singles.len() + 1 > MAX_BLOCKS && !self.singles.is_empty() {
                    delete(&mut self.sketch, &mut self.singles);
                }
                if !self.sketch.puzzle_into(self.params.count, &mut self.specs, &mut self.trial) {
                    return Err(FAILED);
                }
                self.solver.restart(&self.trial, self.trial.start());
                Ok(Stage::Deleting)
            }
        }
    }

    /// The stage analysing `puzzle`'s cluster.
    fn analyse(&mut self, choose: bool) -> Stage {
        let steps = self.handout.puzzle.with_count(Count::Step);
        self.cluster.restart(&steps, self.handout.puzzle.start());
        Stage::Analysing { choose }
    }

    /// Works on the current stage for at most `*left` units; the next stage, or the status the
    /// candidate ended on.
    fn advance(&mut self, stage: Stage, rng: &mut Xoshiro256PlusPlus, left: &mut u32) -> Result<Stage, Status> {
        let count = self.params.count;
        match stage {
            Stage::Idle => self.begin(rng),
            Stage::Deleting => match self.solve(left) {
                Status::InProgress => Ok(Stage::Deleting),
                Status::Found => {
                    edges(&self.sketch, &mut self.edges);
                    self.edges.shuffle(rng);
                    Ok(Stage::Merging { next: 0, trying: false })
                }
                Status::OutOfMemory => Err(Status::OutOfMemory),
                _ if self.singles.is_empty() => Err(FAILED),
                _ => {
                    delete(&mut self.sketch, &mut self.singles);
                    if !self.sketch.puzzle_into(count, &mut self.specs, &mut self.trial) {
                        return Err(FAILED);
                    }
                    self.solver.restart(&self.trial, self.trial.start());
                    Ok(Stage::Deleting)
                }
            },
            Stage::Merging { next, trying: true } => match self.solve(left) {
                Status::InProgress => Ok(Stage::Merging { next, trying: true }),
                Status::Found => {
                    core::mem::swap(&mut self.sketch, &mut self.merged);
                    Ok(Stage::Merging { next, trying: false })
                }
                Status::OutOfMemory => Err(Status::OutOfMemory),
                _ => Ok(Stage::Merging { next, trying: false }),
            },
            Stage::Merging { mut next, trying: false } => {
                while next < self.edges.len() && *left > 0 {
                    let (a, b) = self.edges[next];
                    next += 1;
                    *left -= 1;
                    if merge(&self.sketch, a, b, self.params.piece as usize, &mut self.merged)
                        && self.merged.puzzle_into(count, &mut self.specs, &mut self.trial)
                    {
                        self.solver.restart(&self.trial, self.trial.start());
                        return Ok(Stage::Merging { next, trying: true });
                    }
                }
                if next < self.edges.len() {
                    return Ok(Stage::Merging { next, trying: false });
                }
                if !self.sketch.puzzle_into(count, &mut self.specs, &mut self.handout.puzzle) {
                    return Err(FAILED);
                }
                Ok(self.analyse(false))
            }
            Stage::Analysing { choose } => {
                let steps = self.handout.puzzle.with_count(Count::Step);
                let step = self.cluster.step(&steps, &self.handout.puzzle, *left);
                drop(steps);
                *left -= step.work.min(*left);
                match step.status {
                    Status::InProgress => return Ok(Stage::Analysing { choose }),
                    Status::Found => {}
                    other => return Err(other),
                }
                let farthest = self.cluster.farthest_distance().ok_or(FAILED)?;
                let start = match choose {
                    // Rush Hour's start is the one his database lists: the lowest in his order.
                    true if self.params.method == Method::Rush => *self
                        .cluster
                        .farthest_layer()
                        .min_by_key(|s| self.handout.puzzle.board().rush_order_key(s))
                        .ok_or(FAILED)?,
                    true => *self.cluster.farthest_layer().min_by_key(|s| s.0).ok_or(FAILED)?,
                    false => self.handout.puzzle.start(),
                };
                let (lo, hi) = self.params.band;
                let distance = self.cluster.index_of(&start).and_then(|i| self.cluster.distance_at(i));
                if !distance.is_some_and(|d| (lo..=hi).contains(&d)) {
                    return Err(FAILED);
                }
                self.handout.facts.clear();
                self.handout.facts.extend([
                    Fact { name: "cluster_states", value: self.cluster.len() as i64 },
                    Fact { name: "cluster_solved", value: self.cluster.goal_states() as i64 },
                    Fact { name: "farthest", value: farthest as i64 },
                ]);
                self.handout.puzzle.set_start(start);
                if !self.params.minimal {
                    self.handout.ready = true;
                    return Ok(Stage::Idle);
                }
                self.solver.set_depth_limit(self.params.band.1);
                self.solver.restart(&self.handout.puzzle, self.handout.puzzle.start());
                Ok(Stage::Solving)
            }
            Stage::Solving => {
                let step = self.solver.step(&self.handout.puzzle, *left);
                *left -= step.work.min(*left);
                match step.status {
                    Status::InProgress => Ok(Stage::Solving),
                    Status::Found => {
                        self.solver.write_path(&mut self.path);
                        let length = self.path.len() as u32;
                        unmoved(&self.handout.puzzle, self.path.iter().map(|(m, _)| m), &mut self.unmoved);
                        Ok(Stage::Minimal { length, next: 0, trying: false })
                    }
                    other => Err(other),
                }
            }
            Stage::Minimal { length, next, trying: true } => match self.solve(left) {
                Status::InProgress => Ok(Stage::Minimal { length, next, trying: true }),
                // Solved in fewer moves without the block: it matters.
                Status::Found => Ok(Stage::Minimal { length, next, trying: false }),
                Status::OutOfMemory => Err(Status::OutOfMemory),
                // Not within `length - 1` moves: the block is there for nothing. Without it the layout
                // is a candidate of its own (its start as hard, and for the cluster methods a cluster
                // whose hardest start is as hard at least), analysed in turn instead of drawing afresh.
                Status::NotFound(Shortfall::DepthLimit) | Status::Unsolvable => {
                    core::mem::swap(&mut self.handout.puzzle, &mut self.trial);
                    Ok(self.analyse(self.params.method != Method::Fill))
                }
                // Not known within the state cap: not proven minimal.
                _ => Err(FAILED),
            },
            Stage::Minimal { length, next, trying: false } => {
                let Some(&block) = self.unmoved.get(next) else {
                    self.handout.ready = true;
                    return Ok(Stage::Idle);
                };
                self.handout.puzzle.specs_into(&self.handout.puzzle.start(), &mut self.specs.blocks);
                let blocks = self.handout.puzzle.board().blocks();
                self.specs.blocks[block..blocks].rotate_left(1);
                let board = self.handout.puzzle.board();
                let specs = &mut self.specs;
                let without = &mut specs.blocks[..blocks - 1];
                self.trial
                    .rebuild(
                        board.width,
                        board.height,
                        &board.terrain,
                        without,
                        self.handout.puzzle.count(),
                        &mut specs.shapes,
                    )
                    .map_err(|_| FAILED)?;
                // Taking a block off never lengthens the solution: only a shorter one tells that it matters.
                self.solver.set_depth_limit(length.saturating_sub(1));
                self.solver.restart(&self.trial, self.trial.start());
                Ok(Stage::Minimal { length, next: next + 1, trying: true })
            }
        }
    }

    /// Steps the solver on `trial` within `*left` units: its status.
    fn solve(&mut self, left: &mut u32) -> Status {
        let step = self.solver.step(&self.trial, *left);
        *left -= step.work.min(*left);
        step.status
    }
}

impl Staged for BlocksDrawing {
    type Stage = Stage;

    fn stage(&mut self) -> &mut Stage {
        &mut self.stage
    }

    fn advance(&mut self, stage: Stage, rng: &mut Xoshiro256PlusPlus, left: &mut u32) -> Result<Stage, Status> {
        BlocksDrawing::advance(self, stage, rng, left)
    }

    fn handout(&mut self) -> &mut Handout {
        &mut self.handout
    }
}

/// A drawing as a machine of stages, each worked on within what is left of a budget.
pub(super) trait Staged: Send {
    /// Where a candidate stands; the default is the stage with none under way.
    type Stage: Default + PartialEq;
    /// The stage under way.
    fn stage(&mut self) -> &mut Self::Stage;
    /// Works on `stage` for at most `*left` units: the next stage, or the status the candidate ended on.
    fn advance(
        &mut self,
        stage: Self::Stage,
        rng: &mut Xoshiro256PlusPlus,
        left: &mut u32,
    ) -> Result<Self::Stage, Status>;
    /// The candidate and whether it is finished.
    fn handout(&mut self) -> &mut Handout;
}

impl<D: Staged> Drawing<Blocks> for D {
    /// Stage after stage within `budget`, until a candidate is finished or failed or the budget is spent.
    /// Starting a candidate costs a unit, so that every call does something bounded.
    fn step(&mut self, rng: &mut Xoshiro256PlusPlus, budget: u32) -> Step {
        let budget = budget.max(1);
        let mut left = budget;
        loop {
            let stage = core::mem::take(self.stage());
            let was_idle = stage == D::Stage::default();
            match self.advance(stage, rng, &mut left) {
                Ok(stage) => *self.stage() = stage,
                Err(status) => return Step::new(status, budget - left),
            }
            if self.handout().ready {
                return Step::new(Status::Found, budget - left);
            }
            if was_idle {
                left = left.saturating_sub(1);
            }
            if left == 0 {
                return Step::new(Status::InProgress, budget);
            }
        }
    }

    fn take_into(&mut self, out: &mut Option<Blocks>, facts: &mut Vec<Fact>) -> bool {
        self.handout().take_into(out, facts)
    }
}

/// The candidate of a drawing (the puzzle being built or finished), its facts, whether it is finished,
/// and storage for the first one taken.
pub(super) struct Handout {
    pub puzzle: Blocks,
    pub facts: Vec<Fact>,
    pub ready: bool,
    first_swap: Option<Blocks>,
}

impl Handout {
    /// Storage for the largest board, so that building candidates allocates nothing.
    pub fn new() -> Handout {
        Handout {
            puzzle: Blocks::reserved(),
            facts: Vec::with_capacity(3),
            ready: false,
            first_swap: Some(Blocks::reserved()),
        }
    }

    /// [`Drawing::take_into`]: the finished candidate's storage goes out, the puzzle it replaces is
    /// rebuilt into next.
    pub fn take_into(&mut self, out: &mut Option<Blocks>, facts: &mut Vec<Fact>) -> bool {
        if !core::mem::take(&mut self.ready) {
            return false;
        }
        match out {
            Some(old) => core::mem::swap(old, &mut self.puzzle),
            None => {
                let storage = self.first_swap.take().unwrap_or_else(Blocks::reserved);
                *out = Some(core::mem::replace(&mut self.puzzle, storage));
            }
        }
        facts.clear();
        facts.extend_from_slice(&self.facts);
        true
    }
}

/// Deletes the next of `singles` from `sketch`.
fn delete(sketch: &mut Sketch, singles: &mut Vec<u8>) {
    if let Some(id) = singles.pop() {
        for owner in sketch.owner.iter_mut().filter(|o| **o == Some(id)) {
            *owner = None;
        }
    }
}

/// Every pair of side-by-side cells (each pair once), into `out`.
fn edges(sketch: &Sketch, out: &mut Vec<(usize, usize)>) {
    let w = sketch.width;
    out.clear();
    out.extend((0..sketch.owner.len()).flat_map(|c| {
        let right = (c % w + 1 < w).then_some((c, c + 1));
        let down = (c + w < sketch.owner.len()).then_some((c, c + w));
        right.into_iter().chain(down)
    }));
}

/// Makes `merged` `sketch` with the blocks on cells `a` and `b` made one, when both are blocks other
/// than the goal, distinct, and together have at most `piece` cells; false (and `merged` unspecified)
/// otherwise.
fn merge(sketch: &Sketch, a: usize, b: usize, piece: usize, merged: &mut Sketch) -> bool {
    let (Some(pa), Some(pb)) = (sketch.owner[a], sketch.owner[b]) else { return false };
    if pa == pb || pa == 0 || pb == 0 {
        return false;
    }
    let cells = sketch.owner.iter().filter(|&&o| o == Some(pa) || o == Some(pb)).count();
    if cells > piece {
        return false;
    }
    merged.copy_from(sketch);
    for owner in merged.owner.iter_mut().filter(|o| **o == Some(pb)) {
        *owner = Some(pa);
    }
    true
}

/// The blocks of `puzzle`'s start (by index) that the moves never move, goal blocks aside, into `out`.
/// Blocks of a group are told apart by where they stand: a move names the anchor its block leaves.
fn unmoved<'a>(puzzle: &Blocks, moves: impl Iterator<Item = &'a Slide>, out: &mut Vec<usize>) {
    let board = puzzle.board();
    let start: Layout = puzzle.start();
    let mut at = start.0;
    let mut moved = [false; MAX_BLOCKS];
    for mv in moves {
        let group = &board.groups[board.group_of[mv.block as usize]];
        if let Some(b) = (group.first..group.first + group.len).find(|&b| at[b] == mv.from) {
            at[b] = mv.to;
            moved[b] = true;
        }
    }
    out.clear();
    out.extend((0..board.blocks()).filter(|&b| !moved[b] && board.groups[board.group_of[b]].target.is_none()));
}
