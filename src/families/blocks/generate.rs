//! Sliding-blocks generation by band of optimal moves, by two methods (parameter `method`), both drawn
//! in steps ([`super::drawing`]) and rated afterwards by breadth-first search under the chosen count:
//!
//! - **cluster** (Michael Fogleman's Rush Hour method): a random packed layout (the goal block, random
//!   dominoes and single cells, blocks taken out until `empty` cells are free); its whole cluster is
//!   analysed and the puzzle starts from the first state (in canonical order) farthest from every solved
//!   state — the hardest start the layout's blocks allow. The farthest distance must lie in the band.
//! - **rush** (Rush Hour, as in Fogleman's database): the red car `A` (2×1) alone on row H/2 − 1, random cars (2
//!   cells) and trucks (3) each in a row or a column and locked to it, packed densely, taken out until
//!   `empty` cells are free; slides counted as moves (the line count); then the cluster method's hardest
//!   start, the lowest of them in Fogleman's order (so that it is the puzzle his database lists for the
//!   cluster). The target is the exit on the right of the red car's row. On square boards of side 3 to 6
//!   the Rush Hour engine draws ([`super::rush::drawing`]), elsewhere the general searches.
//! - **fill** (Simon Tatham's method): the goal block at a random place and single cells everywhere else;
//!   single cells deleted one by one until the goal can be reached within `max` moves; then, over the
//!   cell edges in random order, the two blocks either side merged when neither is the goal block, the
//!   merged block has at most `piece` cells and the goal stays reachable within `max` moves. Pieces come
//!   out irregular (L, T, S shapes), as on Layton boards.
//!
//! With `minimal`, a candidate is kept only when every block its solution never moves matters: taking
//! that block off changes the optimal count. Every puzzle of the cluster, rush and fill methods carries
//! the facts `cluster_states`, `cluster_solved` and `farthest` (the largest distance of its cluster to a
//! solved state), exact. The **anneal** method (generation by simulated annealing, see
//! [`crate::generate::Anneal`]) mutates random packed layouts: a block moved, added or taken off.
//!
//! The goal block's target is the bottom middle of the board (the rush method's: the exit).

use super::drawing::BlocksDrawing;
use super::rush::drawing::RushDrawing;
use super::{Axis, BlockSpec, Blocks, Count, Shape, Terrain, MAX_BLOCKS, MAX_SIDE};
use crate::generate::{Anneal, Drawing, Generate, ANNEAL_PARAMS};
use crate::memory::OutOfMemory;
use crate::params::{Kind, Preset, Spec, Values};
use alloc::boxed::Box;
use alloc::string::String;
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
    /// Rush Hour: the hardest start in the cluster of random cars and trucks locked to their long axis,
    /// the red car leaving on the right of row H/2 − 1, slides counted as moves (Fogleman's database).
    Rush,
    /// Simulated annealing: chains of mutants (a block moved, added or taken off) of random packed
    /// layouts, each rated from its start (see [`crate::generate::Anneal`]).
    Anneal,
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
    /// Generation by annealing (`method=anneal`): its settings.
    pub anneal: Option<Anneal>,
}

/// A board being drawn: the piece owning each cell (piece 0 is the goal block), and the goal's target.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Sketch {
    pub width: usize,
    pub height: usize,
    pub owner: Vec<Option<u8>>,
    pub target: usize,
    /// The axis of each piece, by id (free unless the method locks it).
    pub axes: Vec<Axis>,
}

impl Sketch {
    /// Becomes a copy of `other`, reusing this sketch's storage.
    pub fn copy_from(&mut self, other: &Sketch) {
        (self.width, self.height, self.target) = (other.width, other.height, other.target);
        self.owner.clone_from(&other.owner);
        self.axes.clone_from(&other.axes);
    }

    /// An empty board with the goal block (`goal` = width, height) at `anchor`.
    pub fn new(params: &BlocksParams, anchor: usize) -> Sketch {
        let mut sketch = Sketch { width: 0, height: 0, owner: Vec::new(), target: 0, axes: Vec::new() };
        sketch.reset(params, anchor);
        sketch
    }

    /// Makes this [`Sketch::new`]'s sketch, reusing its storage.
    pub fn reset(&mut self, params: &BlocksParams, anchor: usize) {
        let (w, h) = (params.size.0 as usize, params.size.1 as usize);
        let (gw, gh) = (params.goal.0 as usize, params.goal.1 as usize);
        (self.width, self.height, self.target) = (w, h, target_of(params));
        self.owner.clear();
        self.owner.resize(w * h, None);
        self.axes.clear();
        // The red car moves along its row.
        let red = if params.method == Method::Rush { Axis::Horizontal } else { Axis::Free };
        self.axes.resize(256, Axis::Free);
        self.axes[0] = red;
        for r in 0..gh {
            for c in 0..gw {
                self.owner[anchor + r * w + c] = Some(0);
            }
        }
    }

    /// The puzzle drawn, into `out` (reusing its storage and `specs`'s); false with more blocks than a
    /// state holds. Two passes over the cells, whatever the number of pieces.
    pub fn puzzle_into(&self, count: Count, specs: &mut Specs, out: &mut Blocks) -> bool {
        let w = self.width;
        // Each piece's bounding box: its top row and left column.
        let (mut top, mut left) = ([usize::MAX; 256], [usize::MAX; 256]);
        for (c, &owner) in self.owner.iter().enumerate() {
            if let Some(id) = owner.map(usize::from) {
                top[id] = top[id].min(c / w);
                left[id] = left[id].min(c % w);
            }
        }
        // The pieces in order of id, each a block: the goal block `A`, the others named in turn.
        let mut slot = [usize::MAX; 256];
        // Block characters after the goal block's `A`.
        let mut names = super::BLOCK_NAMES.chars().skip(1);
        let mut blocks = 0;
        for id in (0..256).filter(|&id| top[id] != usize::MAX) {
            if blocks == MAX_BLOCKS {
                return false;
            }
            let (name, target) = if id == 0 {
                ('A', Some(self.target))
            } else {
                match names.next() {
                    Some(name) => (name, None),
                    None => return false,
                }
            };
            if blocks == specs.blocks.len() {
                let shape = Shape { cells: Vec::new() };
                specs.blocks.push(BlockSpec { name, shape, anchor: 0, target: None, axis: Axis::Free });
            }
            let spec = &mut specs.blocks[blocks];
            (spec.name, spec.anchor, spec.target, spec.axis) = (name, top[id] * w + left[id], target, self.axes[id]);
            spec.shape.cells.clear();
            slot[id] = blocks;
            blocks += 1;
        }
        // Row-major cells give every shape's cells in sorted order.
        for (c, &owner) in self.owner.iter().enumerate() {
            if let Some(id) = owner.map(usize::from) {
                specs.blocks[slot[id]].shape.cells.push(((c / w - top[id]) as u8, (c % w - left[id]) as u8));
            }
        }
        specs.terrain.clear();
        specs.terrain.resize(self.owner.len(), Terrain::Open);
        out.rebuild(w, self.height, &specs.terrain, &mut specs.blocks[..blocks], count, &mut specs.shapes).is_ok()
    }

    /// The puzzle drawn, or `None` with more blocks than a state holds.
    pub fn puzzle(&self, count: Count) -> Option<Blocks> {
        let mut out = Blocks::empty();
        self.puzzle_into(count, &mut Specs::default(), &mut out).then_some(out)
    }

    /// Fills the sketch with a random packed layout: random dominoes and single cells, then random
    /// blocks (never the goal block) taken out until `empty` cells are free and at most [`MAX_BLOCKS`]
    /// blocks remain (`order` and `kept` are scratch space).
    fn pack(
        &mut self,
        params: &BlocksParams,
        rng: &mut Xoshiro256PlusPlus,
        order: &mut Vec<usize>,
        kept: &mut Vec<u8>,
    ) {
        let (w, h) = (self.width, self.height);
        order.clear();
        order.extend(0..w * h);
        order.shuffle(rng);
        let mut next = 1u8;
        for &cell in order.iter() {
            if self.owner[cell].is_some() {
                continue;
            }
            let (r, c) = (cell / w, cell % w);
            self.owner[cell] = Some(next);
            match rng.random_range(0..3) {
                0 if c + 1 < w && self.owner[cell + 1].is_none() => self.owner[cell + 1] = Some(next),
                1 if r + 1 < h && self.owner[cell + w].is_none() => self.owner[cell + w] = Some(next),
                _ => {}
            }
            next += 1;
        }
        self.take_out(params.empty as usize, next, rng, kept);
    }

    /// Takes random pieces of `1..next` (never the goal block) out until `empty` cells are free and at
    /// most [`MAX_BLOCKS`] blocks remain (`kept` is scratch space).
    fn take_out(&mut self, empty: usize, next: u8, rng: &mut Xoshiro256PlusPlus, kept: &mut Vec<u8>) {
        kept.clear();
        kept.extend(1..next);
        kept.shuffle(rng);
        let mut free = self.owner.iter().filter(|o| o.is_none()).count();
        while free < empty || kept.len() + 1 > MAX_BLOCKS {
            let Some(b) = kept.pop() else { break };
            for owner in self.owner.iter_mut().filter(|o| **o == Some(b)) {
                *owner = None;
                free += 1;
            }
        }
    }

    /// Fills the sketch with random cars (2 cells, three in four) and trucks (3 cells), each lying in a
    /// row or a column at random and locked to it, packed densely (a cell left empty is one no piece
    /// fits from), then takes random ones out until `empty` cells are free and at most [`MAX_BLOCKS`]
    /// blocks remain (`order` and `kept` are scratch space).
    fn park(
        &mut self,
        params: &BlocksParams,
        rng: &mut Xoshiro256PlusPlus,
        order: &mut Vec<usize>,
        kept: &mut Vec<u8>,
    ) {
        let (w, h) = (self.width, self.height);
        order.clear();
        order.extend(0..w * h);
        order.shuffle(rng);
        let mut next = 1u8;
        for &cell in order.iter() {
            // A random piece first (a truck one time in four, either axis); when it does not fit, the
            // other axis, then the other length: a dense parking lot, thinned below to `empty` cells.
            let (truck, across) = (rng.random_range(0..4) == 0, rng.random_bool(0.5));
            for (len, across) in [(truck, across), (truck, !across), (!truck, across), (!truck, !across)]
                .map(|(truck, across)| (if truck { 3 } else { 2 }, across))
            {
                // The red car is alone in its row (Fogleman's space): a car in front of it would bar the
                // exit for good, one behind it is outside his database.
                let red_row = across && cell / w == h / 2 - 1;
                if next < u8::MAX && !red_row && self.place(next, cell, len, across) {
                    next += 1;
                    break;
                }
            }
        }
        self.take_out(params.empty as usize, next, rng, kept);
    }

    /// Moves piece `id` to a random anchor where its shape fits (a few tries): false when it has no cells
    /// or fits nowhere tried (the sketch unchanged).
    fn move_piece(&mut self, id: u8, rng: &mut Xoshiro256PlusPlus) -> bool {
        let w = self.width;
        // The piece's cells relative to its bounding box's corner.
        let (mut cells, mut count) = ([(0usize, 0usize); MAX_SIDE * MAX_SIDE], 0);
        let (mut top, mut left) = (usize::MAX, usize::MAX);
        for (c, _) in self.owner.iter().enumerate().filter(|(_, o)| **o == Some(id)) {
            (top, left) = (top.min(c / w), left.min(c % w));
        }
        for (c, owner) in self.owner.iter_mut().enumerate() {
            if *owner == Some(id) {
                cells[count] = (c / w - top, c % w - left);
                count += 1;
                *owner = None;
            }
        }
        if count == 0 {
            return false;
        }
        let shape = &cells[..count];
        let fits = |owner: &[Option<u8>], r: usize, c: usize| {
            shape.iter().all(|&(dr, dc)| r + dr < self.height && c + dc < w && owner[(r + dr) * w + c + dc].is_none())
        };
        let (mut r, mut c) = (top, left);
        for _ in 0..16 {
            let (tr, tc) = (rng.random_range(0..self.height), rng.random_range(0..w));
            if (tr, tc) != (top, left) && fits(&self.owner, tr, tc) {
                (r, c) = (tr, tc);
                break;
            }
        }
        for &(dr, dc) in shape {
            self.owner[(r + dr) * w + c + dc] = Some(id);
        }
        (r, c) != (top, left)
    }

    /// Adds piece `id`, a single cell or a domino, on random free cells, leaving one cell free at least:
    /// false when none was placed.
    fn add_piece(&mut self, id: u8, rng: &mut Xoshiro256PlusPlus) -> bool {
        let (w, cells) = (self.width, self.owner.len());
        let free = self.owner.iter().filter(|o| o.is_none()).count();
        if free < 2 {
            return false;
        }
        let cell = rng.random_range(0..cells);
        if self.owner[cell].is_some() {
            return false;
        }
        self.owner[cell] = Some(id);
        let partner = match rng.random_range(0..3) {
            0 if cell % w + 1 < w => Some(cell + 1),
            1 if cell + w < cells => Some(cell + w),
            _ => None,
        };
        if let Some(p) = partner.filter(|&p| self.owner[p].is_none() && free >= 3) {
            self.owner[p] = Some(id);
        }
        true
    }

    /// Takes piece `id` off: false when it had no cells.
    fn take_off(&mut self, id: u8) -> bool {
        let mut any = false;
        for owner in self.owner.iter_mut().filter(|o| **o == Some(id)) {
            *owner = None;
            any = true;
        }
        any
    }

    /// Puts piece `id`, `len` cells in a row (`across`) or a column from `cell`, locked to that axis:
    /// false (and nothing changed) when it leaves the board or meets another piece.
    pub(in crate::families::blocks) fn place(&mut self, id: u8, cell: usize, len: usize, across: bool) -> bool {
        let (w, h) = (self.width, self.height);
        let fits = if across { cell % w + len <= w } else { cell / w + len <= h };
        let at = |k: usize| if across { cell + k } else { cell + k * w };
        if !fits || (0..len).any(|k| self.owner[at(k)].is_some()) {
            return false;
        }
        for k in 0..len {
            self.owner[at(k)] = Some(id);
        }
        self.axes[id as usize] = if across { Axis::Horizontal } else { Axis::Vertical };
        true
    }
}

/// The goal's target anchor: bottom row, centred; for Rush Hour the exit on the right of row H/2 − 1.
pub(super) fn target_of(params: &BlocksParams) -> usize {
    let (w, h) = (params.size.0 as usize, params.size.1 as usize);
    let (gw, gh) = (params.goal.0 as usize, params.goal.1 as usize);
    match params.method {
        Method::Rush => (h / 2 - 1) * w + w - gw,
        _ => (h - gh) * w + (w - gw) / 2,
    }
}

/// Kept storage for building puzzles from sketches: the block specifications, the terrain, and shapes
/// boards no longer need.
#[derive(Default)]
pub(super) struct Specs {
    pub blocks: Vec<BlockSpec>,
    pub terrain: Vec<Terrain>,
    pub shapes: Vec<Shape>,
}

impl Specs {
    /// Storage for the largest board, so that building puzzles allocates nothing.
    pub fn reserved() -> Specs {
        let blocks = (0..MAX_BLOCKS + 1)
            .map(|_| BlockSpec {
                name: 'A',
                shape: Shape { cells: Vec::with_capacity(MAX_SIDE * MAX_SIDE) },
                anchor: 0,
                target: None,
                axis: Axis::Free,
            })
            .collect();
        let shapes =
            (0..MAX_BLOCKS).map(|_| Shape { cells: Vec::with_capacity(MAX_SIDE * MAX_SIDE) }).collect::<Vec<_>>();
        Specs { blocks, terrain: Vec::with_capacity(MAX_SIDE * MAX_SIDE), shapes }
    }
}

/// A generator's scratch space: a sketch and the storage to build puzzles from it, so that drawing and
/// mutating allocate nothing once grown.
pub struct Scratch {
    sketch: Sketch,
    specs: Specs,
    packing: Packing,
}

/// A drawing's scratch space for packed layouts.
#[derive(Default)]
pub(super) struct Packing {
    pub order: Vec<usize>,
    pub kept: Vec<u8>,
}

impl Packing {
    /// A random packed layout (see [`Sketch::pack`]) into `sketch`, its goal block in the top rows.
    pub fn draw(&mut self, params: &BlocksParams, rng: &mut Xoshiro256PlusPlus, sketch: &mut Sketch) {
        let (w, h) = (params.size.0 as usize, params.size.1 as usize);
        let gw = params.goal.0 as usize;
        let column = rng.random_range(0..=w - gw);
        if params.method == Method::Rush {
            sketch.reset(params, (h / 2 - 1) * w + column);
            sketch.park(params, rng, &mut self.order, &mut self.kept);
        } else {
            sketch.reset(params, column);
            sketch.pack(params, rng, &mut self.order, &mut self.kept);
        }
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
            kind: Kind::Choice(&["cluster", "fill", "rush", "anneal"]),
            min: 0,
            max: 3,
            default: "fill",
            doc: "cluster: hardest start of a random layout's cluster; fill: delete single cells, merge blocks; \
                  rush: Rush Hour (cars and trucks on their axes, the 2x1 red car to the exit, slides counted), \
                  the hardest start of its cluster; anneal: chains of mutants (a block moved, added or taken \
                  off) kept by simulated annealing",
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
        ANNEAL_PARAMS[0],
        ANNEAL_PARAMS[1],
        ANNEAL_PARAMS[2],
        ANNEAL_PARAMS[3],
    ];

    /// Huarong Dao's 4×5 box counted free with a 2×2 goal block. Measured over 40 puzzles each with
    /// `min=1,max=1000`: the cluster method (two empty cells) reaches 22–93 moves (median 40), the fill
    /// method 3–130 (median 46). Easy comes from the fill method (its move limit keeps it short), the
    /// others are the hardest starts of their clusters.
    const PRESETS: &'static [Preset] = &[
        Preset { name: "easy", params: "size=4x5,method=fill,min=5,max=15" },
        Preset { name: "medium", params: "size=4x5,method=cluster,min=16,max=35" },
        Preset { name: "hard", params: "size=4x5,method=cluster,min=36,max=60" },
        Preset { name: "expert", params: "size=4x5,method=cluster,min=61,max=200" },
        // Rush Hour 6x6 (the Rush Hour engine's drawing): the puzzle Fogleman's database lists for each
        // cluster (the lowest of its hardest starts in his order), in bands of moves; the denser the
        // board, the harder its clusters (6 empty cells, one truck in four, is the densest that pays).
        // Every preset must hand out a puzzle within 20 million units (tests/it/families.rs); measured over
        // seeds 1-200 with `lp generate blocks --preset P --count 1 --jobs 1 --max-nodes 20000000`, none
        // missed. 36-60 moves (`preset=rush-hard,min=36,max=60`) missed 5 of 24 seeds: no preset.
        Preset { name: "rush-easy", params: "size=6x6,method=rush,empty=20,min=5,max=10,minimal=true" },
        Preset { name: "rush-medium", params: "size=6x6,method=rush,empty=8,min=11,max=20,minimal=true" },
        Preset { name: "rush-hard", params: "size=6x6,method=rush,empty=6,min=21,max=35,minimal=true" },
    ];

    const SMALL: &'static str = "size=4x3,goal=2x1,method=fill,piece=3,min=1,max=30";

    type Params = BlocksParams;

    fn params(values: &Values) -> Result<BlocksParams, String> {
        let (w, h) = values.pair("size");
        let method =
            [Method::Cluster, Method::Fill, Method::Rush, Method::Anneal][(values.int("method") as usize).min(3)];
        // Rush Hour's red car is 2x1, its moves are slides and its pieces are cars and trucks: a value
        // that says otherwise is refused, not ignored.
        if method == Method::Rush {
            let kept = [("count", "line"), ("goal", "2x1"), ("piece", "")];
            for (key, rush) in kept {
                if !values.is_default(key) && values.text(key) != rush {
                    return Err(alloc::format!(
                        "method=rush makes Rush Hour levels: the 2x1 red car, cars and trucks, slides counted (count=line); {key}={} does not apply to them",
                        values.text(key)
                    ));
                }
            }
        }
        let (gw, gh) = if method == Method::Rush { (2, 1) } else { values.pair("goal") };
        let count =
            if method == Method::Rush { Count::Line } else { Count::ALL[(values.int("count") as usize).min(2)] };
        if gw > w || gh > h {
            return Err(alloc::format!("a {gw}x{gh} goal block does not fit a {w}x{h} board"));
        }
        // A Rush Hour preset's puzzles are Rush Hour's (written `rush:`): only the rush method keeps that.
        if let Some(preset) = values.preset().filter(|p| p.starts_with("rush-") && method != Method::Rush) {
            return Err(alloc::format!(
                "preset {preset} makes Rush Hour puzzles (method=rush, written rush:...); method={} would make \
                 other sliding-blocks puzzles: drop the preset or the method",
                values.text("method")
            ));
        }
        // Minimality is established while a layout is drawn (which blocks its solution never moves, and
        // whether each matters); annealing's mutants are not drawn so, and none would be checked.
        if method == Method::Anneal && values.bool("minimal") {
            return Err("minimal=true is checked as the cluster, fill and rush methods draw a layout; method=anneal \
                 cannot keep it: use one of those, or minimal=false"
                .into());
        }
        let empty = values.int("empty");
        if empty > w * h - gw * gh {
            return Err(alloc::format!("{empty} empty cells do not leave room for the goal block on {w}x{h}"));
        }
        Ok(BlocksParams {
            band: (values.int("min") as u32, values.int("max") as u32),
            size: (w as u8, h as u8),
            count,
            method,
            goal: (gw as u8, gh as u8),
            empty: empty as u8,
            piece: values.int("piece") as u8,
            minimal: values.bool("minimal"),
            states: values.int("states") as usize,
            anneal: Anneal::from_values(values),
        })
    }

    fn band(params: &BlocksParams) -> (u32, u32) {
        params.band
    }

    type Context = Scratch;

    fn context(params: &BlocksParams) -> Result<Scratch, OutOfMemory> {
        Ok(Scratch { sketch: Sketch::new(params, 0), specs: Specs::reserved(), packing: Packing::default() })
    }

    /// Every move changes the layout, so no optimal count exceeds the number of layouts less one: the
    /// goal block's positions times the orders of the other cells' contents, the empty cells (at least
    /// `empty` for the cluster method, one for the fill method) in no order. Known only where that number
    /// is small (the 3×3 box with a 2×2 goal: 239 moves at most).
    fn max_rating(params: &BlocksParams, _: &Scratch) -> Option<u32> {
        let (w, h) = (params.size.0 as u64, params.size.1 as u64);
        let (gw, gh) = (params.goal.0 as u64, params.goal.1 as u64);
        let others = w * h - gw * gh;
        let empty = match params.method {
            Method::Cluster => params.empty as u64,
            // Mutants gain and lose blocks: one empty cell at least.
            Method::Fill | Method::Anneal => 1,
            // Cars on their axes reach far fewer layouts than the count below bounds; none is claimed.
            Method::Rush => return None,
        };
        let positions = (w - gw + 1) * (h - gh + 1);
        let layouts = (empty + 1..=others).try_fold(positions, |n, k| n.checked_mul(k))?;
        u32::try_from(layouts - 1).ok()
    }

    /// A random packed layout: the goal block in the top rows, the other cells packed with random
    /// dominoes and single cells; random blocks taken out until `empty` cells are free and at most
    /// [`MAX_BLOCKS`] blocks remain. (The cluster method starts from it.)
    fn candidate(params: &BlocksParams, _: &Scratch, rng: &mut Xoshiro256PlusPlus) -> Blocks {
        let mut sketch = Sketch::new(params, 0);
        Packing::default().draw(params, rng, &mut sketch);
        sketch.puzzle(params.count).unwrap_or_else(|| unreachable!("a packed board is a valid layout"))
    }

    /// A copy with a board of its own: the drawing rebuilds its candidates into the one it has.
    fn handed_out(&self) -> Blocks {
        self.detached()
    }

    /// Rush Hour on a square board of side 3 to 6 by the Rush Hour engine; annealing's fresh layouts
    /// at once ([`Generate::candidate_into`]); everything else by the general drawing (breadth-first
    /// searches over the family's own states).
    fn drawing(params: &BlocksParams, _: &Scratch) -> Result<Option<Box<dyn Drawing<Blocks>>>, OutOfMemory> {
        match params.method {
            Method::Anneal => Ok(None),
            Method::Rush if RushDrawing::serves(params) => Ok(Some(Box::new(RushDrawing::new(params.clone())?))),
            _ => Ok(Some(Box::new(BlocksDrawing::new(params.clone())?))),
        }
    }

    fn annealing(params: &BlocksParams) -> Option<Anneal> {
        params.anneal
    }

    /// A random packed layout drawn into `out` through the scratch space (no allocation once grown).
    fn candidate_into(
        params: &BlocksParams,
        scratch: &mut Scratch,
        rng: &mut Xoshiro256PlusPlus,
        out: &mut Option<Blocks>,
    ) {
        scratch.packing.draw(params, rng, &mut scratch.sketch);
        let puzzle = out.get_or_insert_with(Blocks::reserved);
        if !scratch.sketch.puzzle_into(params.count, &mut scratch.specs, puzzle) {
            *out = Some(Self::candidate(params, scratch, rng));
        }
    }

    /// One change to the layout: a block moved to a random place it fits, a single cell or a domino
    /// added on free cells, or a block other than the goal block taken off (a cell stays free).
    fn mutate_into(
        puzzle: &Blocks,
        params: &BlocksParams,
        scratch: &mut Scratch,
        rng: &mut Xoshiro256PlusPlus,
        out: &mut Option<Blocks>,
    ) -> bool {
        let Scratch { sketch, specs, .. } = scratch;
        sketch.reset(params, 0);
        sketch.owner.fill(None);
        let board = puzzle.board();
        let start = puzzle.start_layout();
        // The goal block is piece 0 of the sketch, the others 1, 2, … in their order.
        let mut next = 1u8;
        for b in 0..board.blocks() {
            let goal = board.groups[board.group_of[b]].target.is_some();
            let id = if goal { 0 } else { next };
            next += !goal as u8;
            let mask = board.placement(b, start.0[b] as usize);
            for (cell, owner) in sketch.owner.iter_mut().enumerate() {
                if mask[cell / 64] >> (cell % 64) & 1 == 1 {
                    *owner = Some(id);
                }
            }
        }
        let changed = match rng.random_range(0..3) {
            0 => sketch.move_piece(rng.random_range(0..next), rng),
            1 => next < u8::MAX && sketch.add_piece(next, rng),
            _ => next > 1 && sketch.take_off(rng.random_range(1..next)),
        };
        changed && sketch.puzzle_into(params.count, specs, out.get_or_insert_with(Blocks::reserved))
    }
}
