//! The Rush Hour drawing (`method=rush` on square boards of side 3 to 6): random parking lots analysed
//! by the Rush Hour engine ([`Analyzer`]), stepped like every drawing. Each candidate is the puzzle
//! Fogleman's database lists for its cluster: the lowest of the positions farthest from a solved one,
//! with, when asked, his minimality (taking out any car or truck makes it easier).

use super::cluster::{Analyzer, ClusterFacts, Outcome};
use super::positions::{Piece, Position};
use super::MAX_PIECES;
use crate::families::blocks::drawing::{Handout, Staged};
use crate::families::blocks::generate::{BlocksParams, Packing, Sketch, Specs};
use crate::families::blocks::Axis;
use crate::generate::Fact;
use crate::memory::OutOfMemory;
use crate::search::{Shortfall, Status};
use rand_xoshiro::Xoshiro256PlusPlus;

/// Where the candidate under way stands.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub(in crate::families::blocks) enum Stage {
    /// None under way: the next step parks one.
    #[default]
    Idle,
    /// Its cluster is being analysed.
    Cluster,
    /// Its hardest puzzle (in the band) is being checked for minimality.
    Minimal(ClusterFacts),
}

/// A candidate that failed (the driver counts a miss and draws another).
const FAILED: Status = Status::NotFound(Shortfall::Misses);

/// The Rush Hour drawing; its analyser, sketch and puzzle storage are kept from one candidate to the next.
pub struct RushDrawing {
    params: BlocksParams,
    analyzer: Analyzer,
    stage: Stage,
    sketch: Sketch,
    packing: Packing,
    specs: Specs,
    handout: Handout,
}

impl RushDrawing {
    /// Whether the engine draws for `params`: Rush Hour on a square board it takes.
    pub fn serves(params: &BlocksParams) -> bool {
        let (w, h) = (params.size.0 as usize, params.size.1 as usize);
        w == h && super::SIDES.contains(&w)
    }

    /// Reserves the analyser for clusters of `params.states` positions.
    pub fn new(params: BlocksParams) -> Result<RushDrawing, OutOfMemory> {
        Ok(RushDrawing {
            analyzer: Analyzer::reserved(params.size.0 as usize, params.states)?,
            stage: Stage::Idle,
            sketch: Sketch::new(&params, 0),
            packing: Packing::default(),
            specs: Specs::reserved(),
            handout: Handout::new(),
            params,
        })
    }

    /// Works on the current stage for at most `*left` units: the next stage, or the status the
    /// candidate ended on.
    fn advance(&mut self, stage: Stage, rng: &mut Xoshiro256PlusPlus, left: &mut u32) -> Result<Stage, Status> {
        match stage {
            Stage::Idle => {
                self.packing.draw(&self.params, rng, &mut self.sketch);
                let position = position_of(&self.sketch).ok_or(FAILED)?;
                // Outside Fogleman's space (a row or column filled by its own pieces never moves), or
                // unsolvable at a glance.
                let side = self.analyzer.side();
                if position.frozen_line(side) || position.exit_barred(side) {
                    return Err(FAILED);
                }
                self.analyzer.begin_cluster(&position, false).map_err(|_| FAILED)?;
                Ok(Stage::Cluster)
            }
            Stage::Cluster => {
                let Some(outcome) = self.work(left)? else { return Ok(Stage::Cluster) };
                let Some(Outcome::Solvable(facts)) = outcome else { return Err(FAILED) };
                let (lo, hi) = self.params.band;
                if !(lo..=hi).contains(&facts.moves) {
                    return Err(FAILED);
                }
                if !self.params.minimal {
                    return self.finish(&facts);
                }
                self.analyzer.begin_minimality(&facts.hardest, facts.moves).map_err(|_| FAILED)?;
                Ok(Stage::Minimal(facts))
            }
            Stage::Minimal(facts) => match self.work(left)? {
                None => Ok(Stage::Minimal(facts)),
                Some(_) => match self.analyzer.useless_piece() {
                    Some(None) => self.finish(&facts),
                    // A piece there for nothing: the layout without it holds the same puzzle, so its
                    // cluster's hardest is as hard at least; analysed in turn instead of drawing afresh.
                    Some(Some(piece)) => {
                        self.analyzer.begin_cluster(&facts.hardest.without(piece), false).map_err(|_| FAILED)?;
                        Ok(Stage::Cluster)
                    }
                    None => Err(FAILED),
                },
            },
        }
    }

    /// Steps the analyser within `*left` units: `None` while its task goes on, the cluster outcome (or
    /// `None` for other tasks) wrapped in `Some` when it ended.
    fn work(&mut self, left: &mut u32) -> Result<Option<Option<Outcome>>, Status> {
        let step = self.analyzer.step(*left);
        *left -= step.work.min(*left);
        match step.status {
            Status::InProgress => Ok(None),
            Status::Found => Ok(Some(self.analyzer.outcome())),
            Status::OutOfMemory => Err(Status::OutOfMemory),
            // A cluster past the state cap: its rating is not known.
            _ => Err(FAILED),
        }
    }

    /// Hands out the hardest puzzle of `facts` with its facts.
    fn finish(&mut self, facts: &ClusterFacts) -> Result<Stage, Status> {
        set_position(&mut self.sketch, &self.params, &facts.hardest);
        let handout = &mut self.handout;
        if !self.sketch.puzzle_into(self.params.count, &mut self.specs, &mut handout.puzzle) {
            return Err(FAILED);
        }
        let solved = self.analyzer.counts().first().copied().unwrap_or(0);
        handout.facts.clear();
        handout.facts.extend([
            Fact { name: "cluster_states", value: facts.states as i64 },
            Fact { name: "cluster_solved", value: solved as i64 },
            Fact { name: "farthest", value: facts.moves as i64 },
        ]);
        handout.ready = true;
        Ok(Stage::Idle)
    }
}

impl Staged for RushDrawing {
    type Stage = Stage;

    fn stage(&mut self) -> &mut Stage {
        &mut self.stage
    }

    fn advance(&mut self, stage: Stage, rng: &mut Xoshiro256PlusPlus, left: &mut u32) -> Result<Stage, Status> {
        RushDrawing::advance(self, stage, rng, left)
    }

    fn handout(&mut self) -> &mut Handout {
        &mut self.handout
    }
}

/// The Rush Hour position of a parked sketch: the red car (piece 0) first, then the others in order of
/// id; `None` when a piece is no car or truck lying along its axis, or there are too many.
fn position_of(sketch: &Sketch) -> Option<Position> {
    let w = sketch.width;
    let (mut first, mut len) = ([usize::MAX; 256], [0u8; 256]);
    for (cell, owner) in sketch.owner.iter().enumerate() {
        if let Some(id) = owner.map(usize::from) {
            first[id] = first[id].min(cell);
            len[id] += 1;
        }
    }
    let mut pieces = [Piece::default(); MAX_PIECES];
    let mut count = 0;
    for id in (0..256).filter(|&id| len[id] > 0) {
        let horizontal = match sketch.axes[id] {
            Axis::Horizontal => true,
            Axis::Vertical => false,
            Axis::Free => return None,
        };
        let piece = Piece { cell: first[id] as u8, len: len[id], horizontal };
        let stride = if horizontal { 1 } else { w };
        let straight =
            (0..piece.len as usize).all(|k| sketch.owner.get(first[id] + k * stride) == Some(&Some(id as u8)));
        if !(2..=3).contains(&piece.len) || !straight || count == MAX_PIECES {
            return None;
        }
        pieces[count] = piece;
        count += 1;
    }
    Position::new(&pieces[..count]).ok()
}

/// Makes `sketch` the position `position` (its first piece the red car, the goal block).
fn set_position(sketch: &mut Sketch, params: &BlocksParams, position: &Position) {
    let pieces = position.pieces();
    sketch.reset(params, pieces[0].cell as usize);
    for (id, p) in pieces.iter().enumerate().skip(1) {
        sketch.place(id as u8, p.cell as usize, p.len as usize, p.horizontal);
    }
}
