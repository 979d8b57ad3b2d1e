//! Sliding-blocks generation by band of optimal moves, by two methods (parameter `method`), both drawn
//! in steps ([`super::drawing`]) and rated afterwards by breadth-first search under the chosen count:
//!
//! - **cluster** (Michael Fogleman's Rush Hour method): a random packed layout (the goal block, random
//!   dominoes and single cells, blocks taken out until `empty` cells are free); its whole cluster is
//!   analysed and the puzzle starts from the first state (in canonical order) farthest from every solved
//!   state — the hardest start the layout's blocks allow. The farthest distance must lie in the band.
//! - **fill** (Simon Tatham's method): the goal block at a random place and single cells everywhere else;
//!   single cells deleted one by one until the goal can be reached within `max` moves; then, over the
//!   cell edges in random order, the two blocks either side merged when neither is the goal block, the
//!   merged block has at most `piece` cells and the goal stays reachable within `max` moves. Pieces come
//!   out irregular (L, T, S shapes), as on Layton boards.
//!
//! With `minimal`, a candidate is kept only when every block its solution never moves matters: taking
//! that block off changes the optimal count. Every generated puzzle carries the facts `cluster_states`,
//! `cluster_solved` and `farthest` (the largest distance of its cluster to a solved state), exact.
//!
//! The goal block's target is the bottom middle of the board.

use super::drawing::BlocksDrawing;
use super::{BlockSpec, Blocks, Count, Shape, Terrain, MAX_BLOCKS, MAX_SIDE};
use crate::generate::{Drawing, Generate};
use crate::memory::OutOfMemory;
use crate::params::{Kind, Preset, Spec, Values};
use alloc::boxed::Box;
use alloc::string::String;
use alloc::vec;
use alloc::vec::Vec;
use rand::seq::SliceRandom;
use rand::RngExt;
use rand_xoshiro::Xoshiro256PlusPlus;

/// How candidates are made.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Method {
    /// Hardest start in the cluster of a random packed layout (Fogleman).
    Cluster,
    /// Fill with single cells, delete until solvable, merge while solvable (Tatham).
    Fill,
}

/// What to generate.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BlocksParams {
    /// Fewest and most optimal moves.
    pub band: (u32, u32),
    /// Width and height.
    pub size: (u8, u8),
    /// How moves are counted.
    pub count: Count,
    /// How candidates are made.
    pub method: Method,
    /// The goal block's width and height.
    pub goal: (u8, u8),
    /// Empty cells of a packed layout (cluster method).
    pub empty: u8,
    /// Most cells of a merged block (fill method).
    pub piece: u8,
    /// Whether every block the solution never moves must matter.
    pub minimal: bool,
    /// Most states one search of the drawing stores (a larger cluster drops the candidate).
    pub states: usize,
}

/// Block characters after the goal block's `A`.
const NAMES: &str = "BCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/// A board being drawn: the piece owning each cell (piece 0 is the goal block), and the goal's target.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Sketch {
    pub width: usize,
    pub height: usize,
    pub owner: Vec<Option<u8>>,
    pub target: usize,
}

impl Sketch {
    /// An empty board with the goal block (`goal` = width, height) at `anchor`.
    pub fn new(params: &BlocksParams, anchor: usize) -> Sketch {
        let (w, h) = (params.size.0 as usize, params.size.1 as usize);
        let (gw, gh) = (params.goal.0 as usize, params.goal.1 as usize);
        let mut owner = vec![None; w * h];
        for r in 0..gh {
            for c in 0..gw {
                owner[anchor + r * w + c] = Some(0);
            }
        }
        Sketch { width: w, height: h, owner, target: (h - gh) * w + (w - gw) / 2 }
    }

    /// The cells of every piece, by piece id (empty for ids not in use).
    pub fn pieces(&self) -> Vec<Vec<usize>> {
        let mut pieces: Vec<Vec<usize>> = Vec::new();
        for (cell, owner) in self.owner.iter().enumerate() {
            if let Some(p) = owner.map(usize::from) {
                if pieces.len() <= p {
                    pieces.resize(p + 1, Vec::new());
                }
                pieces[p].push(cell);
            }
        }
        pieces
    }

    /// The puzzle drawn, or `None` with more blocks than a state holds.
    pub fn puzzle(&self, count: Count) -> Option<Blocks> {
        let w = self.width;
        let pieces = self.pieces();
        let mut names = NAMES.chars();
        let mut blocks = Vec::new();
        for (id, cells) in pieces.iter().enumerate().filter(|(_, c)| !c.is_empty()) {
            let top = cells.iter().map(|c| c / w).min().unwrap_or(0);
            let left = cells.iter().map(|c| c % w).min().unwrap_or(0);
            let mut offsets: Vec<(u8, u8)> =
                cells.iter().map(|c| ((c / w - top) as u8, (c % w - left) as u8)).collect();
            offsets.sort_unstable();
            let (name, target) = if id == 0 { ('A', Some(self.target)) } else { (names.next()?, None) };
            blocks.push(BlockSpec { name, shape: Shape { cells: offsets }, anchor: top * w + left, target });
        }
        if blocks.len() > MAX_BLOCKS {
            return None;
        }
        Blocks::new(w, self.height, vec![Terrain::Open; self.owner.len()], blocks, count).ok()
    }
}

impl Generate for Blocks {
    const PARAMS: &'static [Spec] = &[
        Spec { name: "min", kind: Kind::Int, min: 0, max: 1000, default: "5", doc: "fewest optimal moves" },
        Spec { name: "max", kind: Kind::Int, min: 0, max: 1000, default: "15", doc: "most optimal moves" },
        Spec {
            name: "size",
            kind: Kind::Size,
            min: 3,
            max: MAX_SIDE as i64,
            default: "4x5",
            doc: "board width and height",
        },
        Spec {
            name: "count",
            kind: Kind::Choice(&["step", "line", "free"]),
            min: 0,
            max: 2,
            default: "free",
            doc: "how moves are counted",
        },
        Spec {
            name: "method",
            kind: Kind::Choice(&["cluster", "fill"]),
            min: 0,
            max: 1,
            default: "cluster",
            doc: "cluster: hardest start of a random layout's cluster; fill: delete single cells, merge blocks",
        },
        Spec { name: "goal", kind: Kind::Size, min: 1, max: 4, default: "2x2", doc: "goal block width and height" },
        Spec {
            name: "empty",
            kind: Kind::Int,
            min: 1,
            max: 64,
            default: "2",
            doc: "empty cells of the layout (cluster method)",
        },
        Spec {
            name: "piece",
            kind: Kind::Int,
            min: 1,
            max: 8,
            default: "4",
            doc: "most cells a merged block (fill method)",
        },
        Spec {
            name: "minimal",
            kind: Kind::Bool,
            min: 0,
            max: 1,
            default: "false",
            doc: "every block the solution never moves changes the count when taken off",
        },
        Spec {
            name: "states",
            kind: Kind::Int,
            min: 1000,
            max: 1 << 24,
            default: "1000000",
            doc: "most states one search of the drawing stores",
        },
    ];

    /// Huarong Dao's 4×5 box counted free with a 2×2 goal block. Measured over 40 puzzles each with
    /// `min=1,max=1000`: the cluster method (two empty cells) reaches 22–93 moves (median 40), the fill
    /// method 3–130 (median 46). Easy comes from the fill method (its move limit keeps it short), the
    /// others are the hardest starts of their clusters.
    const PRESETS: &'static [Preset] = &[
        Preset { name: "easy", params: "size=4x5,method=fill,min=5,max=15" },
        Preset { name: "medium", params: "size=4x5,min=16,max=35" },
        Preset { name: "hard", params: "size=4x5,min=36,max=60" },
        Preset { name: "expert", params: "size=4x5,min=61,max=200" },
    ];

    type Params = BlocksParams;

    fn params(values: &Values) -> Result<BlocksParams, String> {
        let (w, h) = values.pair("size");
        let (gw, gh) = values.pair("goal");
        if gw > w || gh > h {
            return Err(alloc::format!("a {gw}x{gh} goal block does not fit a {w}x{h} board"));
        }
        let empty = values.int("empty");
        if empty > w * h - gw * gh {
            return Err(alloc::format!("{empty} empty cells do not leave room for the goal block on {w}x{h}"));
        }
        Ok(BlocksParams {
            band: (values.int("min") as u32, values.int("max") as u32),
            size: (w as u8, h as u8),
            count: Count::ALL[(values.int("count") as usize).min(2)],
            method: if values.int("method") == 1 { Method::Fill } else { Method::Cluster },
            goal: (gw as u8, gh as u8),
            empty: empty as u8,
            piece: values.int("piece") as u8,
            minimal: values.bool("minimal"),
            states: values.int("states") as usize,
        })
    }

    fn band(params: &BlocksParams) -> (u32, u32) {
        params.band
    }

    type Context = ();

    fn context(_: &BlocksParams) -> Result<(), OutOfMemory> {
        Ok(())
    }

    /// A random packed layout: the goal block in the top rows, the other cells packed with random
    /// dominoes and single cells; random blocks taken out until `empty` cells are free and at most
    /// [`MAX_BLOCKS`] blocks remain. (The cluster method starts from it.)
    fn candidate(params: &BlocksParams, _: &(), rng: &mut Xoshiro256PlusPlus) -> Blocks {
        let (w, h) = (params.size.0 as usize, params.size.1 as usize);
        let gw = params.goal.0 as usize;
        let mut sketch = Sketch::new(params, rng.random_range(0..=w - gw));
        let mut order: Vec<usize> = (0..w * h).collect();
        order.shuffle(rng);
        let mut next = 1u8;
        for &cell in &order {
            if sketch.owner[cell].is_some() {
                continue;
            }
            let (r, c) = (cell / w, cell % w);
            sketch.owner[cell] = Some(next);
            match rng.random_range(0..3) {
                0 if c + 1 < w && sketch.owner[cell + 1].is_none() => sketch.owner[cell + 1] = Some(next),
                1 if r + 1 < h && sketch.owner[cell + w].is_none() => sketch.owner[cell + w] = Some(next),
                _ => {}
            }
            next += 1;
        }
        // Take out random blocks (never the goal block) until enough cells are empty.
        let mut kept: Vec<u8> = (1..next).collect();
        kept.shuffle(rng);
        let mut free = 0;
        while free < params.empty as usize || kept.len() + 1 > MAX_BLOCKS {
            let Some(b) = kept.pop() else { break };
            for owner in sketch.owner.iter_mut().filter(|o| **o == Some(b)) {
                *owner = None;
                free += 1;
            }
        }
        sketch.puzzle(params.count).unwrap_or_else(|| unreachable!("a packed board is a valid layout"))
    }

    fn drawing(params: &BlocksParams, _: &()) -> Result<Option<Box<dyn Drawing<Blocks>>>, OutOfMemory> {
        Ok(Some(Box::new(BlocksDrawing::new(params.clone())?)))
    }
}
