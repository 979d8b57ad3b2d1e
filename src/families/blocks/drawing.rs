//! The stepped drawing of sliding-blocks candidates (see [`super::generate`] for the two methods): a
//! small state machine over one breadth-first solver and one cluster analysis, both reserved once and
//! reused by every candidate.

use super::generate::{BlocksParams, Method, Sketch};
use super::{Blocks, Count, Layout, Slide};
use crate::family::Family;
use crate::generate::{Drawing, Fact};
use crate::memory::OutOfMemory;
use crate::search::bfs::Bfs;
use crate::search::cluster::ClusterSearch;
use crate::search::{Search, Shortfall, Status, Step};
use alloc::vec::Vec;
use rand::seq::{IndexedRandom, SliceRandom};
use rand_xoshiro::Xoshiro256PlusPlus;

/// Where the candidate under way stands.
enum Stage {
    /// None under way: the next step starts one.
    Idle,
    /// Fill: `trial` (the sketch as it stands) is being solved; when it cannot be, the next of
    /// `singles` is deleted.
    Deleting { sketch: Sketch, singles: Vec<u8>, trial: Blocks },
    /// Fill: merging across `edges[next..]`; `trial`, when set, is the sketch with one more merge,
    /// being solved; `sketch` solves in `length`.
    Merging { sketch: Sketch, edges: Vec<(usize, usize)>, next: usize, trial: Option<(Sketch, Blocks)> },
    /// The cluster of `puzzle` is being analysed; with `choose`, its start is to become the farthest
    /// state from every solved one.
    Analysing { puzzle: Blocks, steps: Blocks, choose: bool },
    /// `puzzle` is being solved, to see which blocks its solution moves.
    Solving { puzzle: Blocks, facts: Vec<Fact> },
    /// Minimality: `puzzle` solves in `length`; `trial`, when set, is it without the block
    /// `unmoved[next - 1]`, being solved; the count must change.
    Minimal { puzzle: Blocks, length: u32, unmoved: Vec<usize>, next: usize, trial: Option<Blocks>, facts: Vec<Fact> },
}

/// The drawing of [`super::generate`]'s methods.
pub struct BlocksDrawing {
    params: BlocksParams,
    solver: Bfs<Blocks>,
    cluster: ClusterSearch<Blocks>,
    stage: Stage,
    ready: Option<(Blocks, Vec<Fact>)>,
}

/// A candidate that failed (the driver counts a miss and draws another).
const FAILED: Status = Status::NotFound(Shortfall::Misses);

impl BlocksDrawing {
    /// Reserves the solver and the cluster analysis for `params.states` states each.
    pub fn new(params: BlocksParams) -> Result<BlocksDrawing, OutOfMemory> {
        Ok(BlocksDrawing {
            solver: Bfs::new(params.states, params.band.1)?,
            cluster: ClusterSearch::new(params.states)?,
            params,
            stage: Stage::Idle,
            ready: None,
        })
    }

    /// The first stage of a new candidate.
    fn begin(&mut self, rng: &mut Xoshiro256PlusPlus) -> Result<Stage, Status> {
        match self.params.method {
            Method::Cluster => {
                let puzzle = <Blocks as crate::generate::Generate>::candidate(&self.params, &(), rng);
                Ok(self.analyse(puzzle, true))
            }
            Method::Fill => {
                let (w, h) = (self.params.size.0 as usize, self.params.size.1 as usize);
                let (gw, gh) = (self.params.goal.0 as usize, self.params.goal.1 as usize);
                let target = Sketch::new(&self.params, 0).target;
                let anchors: Vec<usize> =
                    (0..w * h).filter(|a| a % w + gw <= w && a / w + gh <= h && *a != target).collect();
                let &anchor = anchors.choose(rng).ok_or(FAILED)?;
                let mut sketch = Sketch::new(&self.params, anchor);
                let mut next = 1u8;
                for owner in sketch.owner.iter_mut().filter(|o| o.is_none()) {
                    *owner = Some(next);
                    next += 1;
                }
                let mut singles: Vec<u8> = (1..next).collect();
                singles.shuffle(rng);
                // Delete one at least, and as many as a state needs.
                delete(&mut sketch, &mut singles);
                while sketch.puzzle(self.params.count).is_none() && !singles.is_empty() {
                    delete(&mut sketch, &mut singles);
                }
                let trial = sketch.puzzle(self.params.count).ok_or(FAILED)?;
                self.solver.restart(&trial, trial.start());
                Ok(Stage::Deleting { sketch, singles, trial })
            }
        }
    }

    /// The stage analysing `puzzle`'s cluster.
    fn analyse(&mut self, puzzle: Blocks, choose: bool) -> Stage {
        let steps = puzzle.with_count(Count::Step);
        self.cluster.restart(&steps, puzzle.start());
        Stage::Analysing { puzzle, steps, choose }
    }

    /// Works on the current stage for at most `*left` units; the next stage, or the status the
    /// candidate ended on.
    fn advance(&mut self, stage: Stage, rng: &mut Xoshiro256PlusPlus, left: &mut u32) -> Result<Stage, Status> {
        match stage {
            Stage::Idle => self.begin(rng),
            Stage::Deleting { mut sketch, mut singles, trial } => match self.solve(&trial, left) {
                Status::InProgress => Ok(Stage::Deleting { sketch, singles, trial }),
                Status::Found => {
                    let mut edges = edges(&sketch);
                    edges.shuffle(rng);
                    Ok(Stage::Merging { sketch, edges, next: 0, trial: None })
                }
                Status::OutOfMemory => Err(Status::OutOfMemory),
                _ if singles.is_empty() => Err(FAILED),
                _ => {
                    delete(&mut sketch, &mut singles);
                    let trial = sketch.puzzle(self.params.count).ok_or(FAILED)?;
                    self.solver.restart(&trial, trial.start());
                    Ok(Stage::Deleting { sketch, singles, trial })
                }
            },
            Stage::Merging { sketch, edges, next, trial: Some((merged, trial)) } => match self.solve(&trial, left) {
                Status::InProgress => Ok(Stage::Merging { sketch, edges, next, trial: Some((merged, trial)) }),
                Status::Found => Ok(Stage::Merging { sketch: merged, edges, next, trial: None }),
                Status::OutOfMemory => Err(Status::OutOfMemory),
                _ => Ok(Stage::Merging { sketch, edges, next, trial: None }),
            },
            Stage::Merging { sketch, edges, mut next, trial: None } => {
                while next < edges.len() && *left > 0 {
                    let (a, b) = edges[next];
                    next += 1;
                    *left -= 1;
                    if let Some(merged) = merge(&sketch, a, b, self.params.piece as usize) {
                        if let Some(trial) = merged.puzzle(self.params.count) {
                            self.solver.restart(&trial, trial.start());
                            return Ok(Stage::Merging { sketch, edges, next, trial: Some((merged, trial)) });
                        }
                    }
                }
                if next < edges.len() {
                    return Ok(Stage::Merging { sketch, edges, next, trial: None });
                }
                let puzzle = sketch.puzzle(self.params.count).ok_or(FAILED)?;
                Ok(self.analyse(puzzle, false))
            }
            Stage::Analysing { puzzle, steps, choose } => {
                let step = self.cluster.step(&steps, &puzzle, *left);
                *left -= step.work.min(*left);
                match step.status {
                    Status::InProgress => return Ok(Stage::Analysing { puzzle, steps, choose }),
                    Status::Found => {}
                    other => return Err(other),
                }
                let farthest = self.cluster.farthest_distance().ok_or(FAILED)?;
                let start = match choose {
                    true => *self.cluster.farthest_layer().min_by_key(|s| s.0).ok_or(FAILED)?,
                    false => puzzle.start(),
                };
                let (lo, hi) = self.params.band;
                let distance = self.cluster.index_of(&start).and_then(|i| self.cluster.distance_at(i));
                if !distance.is_some_and(|d| (lo..=hi).contains(&d)) {
                    return Err(FAILED);
                }
                let facts = alloc::vec![
                    Fact { name: "cluster_states", value: self.cluster.len() as i64 },
                    Fact { name: "cluster_solved", value: self.cluster.goal_states() as i64 },
                    Fact { name: "farthest", value: farthest as i64 },
                ];
                let puzzle = puzzle.with_layout(start);
                if !self.params.minimal {
                    self.ready = Some((puzzle, facts));
                    return Ok(Stage::Idle);
                }
                self.solver.restart(&puzzle, puzzle.start());
                Ok(Stage::Solving { puzzle, facts })
            }
            Stage::Solving { puzzle, facts } => match self.solve(&puzzle, left) {
                Status::InProgress => Ok(Stage::Solving { puzzle, facts }),
                Status::Found => {
                    let mut path = Vec::new();
                    self.solver.write_path(&mut path);
                    let length = path.len() as u32;
                    let unmoved = unmoved(&puzzle, path.iter().map(|(m, _)| m));
                    Ok(Stage::Minimal { puzzle, length, unmoved, next: 0, trial: None, facts })
                }
                other => Err(other),
            },
            Stage::Minimal { puzzle, length, unmoved, next, trial: Some(trial), facts } => {
                match self.solve(&trial, left) {
                    Status::InProgress => {
                        Ok(Stage::Minimal { puzzle, length, unmoved, next, trial: Some(trial), facts })
                    }
                    Status::Found if self.solver.stats().solution_length == Some(length) => Err(FAILED),
                    Status::OutOfMemory => Err(Status::OutOfMemory),
                    _ => Ok(Stage::Minimal { puzzle, length, unmoved, next, trial: None, facts }),
                }
            }
            Stage::Minimal { puzzle, length, unmoved, next, trial: None, facts } => {
                let Some(&block) = unmoved.get(next) else {
                    self.ready = Some((puzzle, facts));
                    return Ok(Stage::Idle);
                };
                let board = puzzle.board();
                let mut specs = puzzle.specs(&puzzle.start());
                specs.remove(block);
                let trial = Blocks::new(board.width, board.height, board.terrain.clone(), specs, puzzle.count())
                    .map_err(|_| FAILED)?;
                self.solver.restart(&trial, trial.start());
                Ok(Stage::Minimal { puzzle, length, unmoved, next: next + 1, trial: Some(trial), facts })
            }
        }
    }

    /// Steps the solver on `puzzle` within `*left` units: its status.
    fn solve(&mut self, puzzle: &Blocks, left: &mut u32) -> Status {
        let step = self.solver.step(puzzle, *left);
        *left -= step.work.min(*left);
        step.status
    }
}

impl Drawing<Blocks> for BlocksDrawing {
    fn step(&mut self, rng: &mut Xoshiro256PlusPlus, budget: u32) -> Step {
        let mut left = budget.max(1);
        loop {
            let stage = core::mem::replace(&mut self.stage, Stage::Idle);
            let was_idle = matches!(stage, Stage::Idle);
            match self.advance(stage, rng, &mut left) {
                Ok(stage) => self.stage = stage,
                Err(status) => return Step::new(status, budget.max(1) - left),
            }
            if self.ready.is_some() {
                return Step::new(Status::Found, budget.max(1) - left);
            }
            // Starting a candidate costs a unit, so that every call does something bounded.
            if was_idle {
                left = left.saturating_sub(1);
            }
            if left == 0 {
                return Step::new(Status::InProgress, budget.max(1));
            }
        }
    }

    fn take_into(&mut self, out: &mut Option<Blocks>, facts: &mut Vec<Fact>) -> bool {
        let Some((puzzle, ready_facts)) = self.ready.take() else { return false };
        *out = Some(puzzle);
        *facts = ready_facts;
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

/// Every pair of side-by-side cells (each pair once).
fn edges(sketch: &Sketch) -> Vec<(usize, usize)> {
    let w = sketch.width;
    (0..sketch.owner.len())
        .flat_map(|c| {
            let right = (c % w + 1 < w).then_some((c, c + 1));
            let down = (c + w < sketch.owner.len()).then_some((c, c + w));
            right.into_iter().chain(down)
        })
        .collect()
}

/// `sketch` with the blocks on cells `a` and `b` made one, when both are blocks other than the goal,
/// distinct, and together have at most `piece` cells.
fn merge(sketch: &Sketch, a: usize, b: usize, piece: usize) -> Option<Sketch> {
    let (pa, pb) = (sketch.owner[a]?, sketch.owner[b]?);
    if pa == pb || pa == 0 || pb == 0 {
        return None;
    }
    let cells = sketch.owner.iter().filter(|&&o| o == Some(pa) || o == Some(pb)).count();
    if cells > piece {
        return None;
    }
    let mut merged = sketch.clone();
    for owner in merged.owner.iter_mut().filter(|o| **o == Some(pb)) {
        *owner = Some(pa);
    }
    Some(merged)
}

/// The blocks of `puzzle`'s start (by index) that the moves never move, goal blocks aside. Blocks of a
/// group are told apart by where they stand: a move names the anchor its block leaves.
fn unmoved<'a>(puzzle: &Blocks, moves: impl Iterator<Item = &'a Slide>) -> Vec<usize> {
    let board = puzzle.board();
    let start: Layout = puzzle.start();
    let mut at: Vec<u8> = start.0[..board.blocks()].to_vec();
    let mut moved = alloc::vec![false; board.blocks()];
    for mv in moves {
        let group = &board.groups[board.group_of[mv.block as usize]];
        if let Some(b) = (group.first..group.first + group.len).find(|&b| at[b] == mv.from) {
            at[b] = mv.to;
            moved[b] = true;
        }
    }
    (0..board.blocks()).filter(|&b| !moved[b] && board.groups[board.group_of[b]].target.is_none()).collect()
}
