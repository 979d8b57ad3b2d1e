//! "Get the Ball Out!" sliding blocks (Klotski, Huarong Dao, Rush Hour without the lanes): blocks of any
//! polyomino shape slide on a board with walls; cells marked ball-only (the exit doorway) take goal blocks
//! only; the puzzle is solved when every goal block stands on its target.
//!
//! Three move counts, chosen per puzzle ([`Count`]): **step** (one block, one cell), **line** (one block,
//! any distance in one straight direction) and **free** (one block, any distance along any path of empty
//! cells — the classic count in which Huarong Dao's 横刀立马 takes 81). Under each count every move costs
//! one, so breadth-first search is exact; every move can be undone, so every position reachable from a
//! solvable layout stays solvable.
//!
//! A state is the anchor of every block (the top-left cell of its bounding box, row-major), one byte each,
//! fixed capacity ([`MAX_BLOCKS`]). Blocks of the same shape and kind are interchangeable: the searches
//! keep their anchors sorted, so that two positions differing only by swapping identical blocks are one
//! state. The player's side does not: a block keeps its index (goal blocks first, then by shape and
//! axis, by name within each) and its name for the whole game ([`crate::family::Family::play`]). Placements are bit masks over the board, precomputed per group of
//! identical blocks and anchor, so that a move test is four word operations.
//!
//! Text description: see [`text`].

#[cfg(feature = "std")]
mod abi;
pub mod data;
mod drawing;
mod family;
mod generate;
pub mod rush;
pub mod text;

pub use family::{HINT_NODES, MAKE_WAY, MOVE_GOAL};
pub use generate::{BlocksParams, Method};

use alloc::format;
use alloc::string::String;
use alloc::sync::Arc;
use alloc::vec::Vec;
use core::fmt;

use crate::search::Puzzle;

/// The characters that name blocks, in the order of their ids: a block's id (the `piece` of its moves,
/// and its cells' value less one) is its name's place here, so that a game reads it off the level as
/// written, and `lp_blocks_create`'s block `k` is named by the `k`-th.
pub const BLOCK_NAMES: &str = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/// The id of the block named `name` ([`BLOCK_NAMES`]), or `None` for a character that names no block.
pub fn block_id(name: char) -> Option<u32> {
    BLOCK_NAMES.chars().position(|c| c == name).map(|i| i as u32)
}

/// The largest board side.
pub const MAX_SIDE: usize = 16;
/// The most cells of a board (anchors are one byte).
pub const MAX_CELLS: usize = MAX_SIDE * MAX_SIDE;
/// The most blocks of a puzzle (the state holds one anchor byte per block).
pub const MAX_BLOCKS: usize = 32;

/// One bit per board cell, row-major.
pub type Mask = [u64; MAX_CELLS / 64];

const EMPTY_MASK: Mask = [0; MAX_CELLS / 64];

fn or(a: &Mask, b: &Mask) -> Mask {
    [a[0] | b[0], a[1] | b[1], a[2] | b[2], a[3] | b[3]]
}

fn and_not(a: &Mask, b: &Mask) -> Mask {
    [a[0] & !b[0], a[1] & !b[1], a[2] & !b[2], a[3] & !b[3]]
}

fn disjoint(a: &Mask, b: &Mask) -> bool {
    (a[0] & b[0]) | (a[1] & b[1]) | (a[2] & b[2]) | (a[3] & b[3]) == 0
}

fn is_empty(a: &Mask) -> bool {
    a.iter().all(|&w| w == 0)
}

fn set(mask: &mut Mask, cell: usize) {
    mask[cell / 64] |= 1 << (cell % 64);
}

fn has(mask: &Mask, cell: usize) -> bool {
    mask[cell / 64] >> (cell % 64) & 1 == 1
}

/// What a board cell is, under the blocks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Terrain {
    /// Any block may stand here.
    Open,
    /// No block may.
    Wall,
    /// Only goal blocks may (the exit doorway).
    BallOnly,
}

impl Terrain {
    /// Its character in descriptions and drawings: `.`, `#` or `+`.
    pub fn symbol(self) -> char {
        match self {
            Terrain::Open => '.',
            Terrain::Wall => '#',
            Terrain::BallOnly => '+',
        }
    }
}

/// How moves are counted.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Count {
    /// One block moves one cell.
    Step,
    /// One block moves any distance in one straight direction.
    Line,
    /// One block moves any distance along any path of empty cells.
    Free,
}

impl Count {
    /// Every count, in the order of their names and of their C ABI codes (0 step, 1 line, 2 free).
    pub const ALL: [Count; 3] = [Count::Step, Count::Line, Count::Free];

    /// The name in descriptions: `step`, `line`, `free`.
    pub fn name(self) -> &'static str {
        match self {
            Count::Step => "step",
            Count::Line => "line",
            Count::Free => "free",
        }
    }

    /// The count named `name`.
    pub fn named(name: &str) -> Option<Count> {
        Count::ALL.into_iter().find(|c| c.name() == name)
    }
}

/// The directions a block may move in: Rush Hour's cars and trucks move only along their own axis.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub enum Axis {
    /// Up, down, left and right.
    #[default]
    Free,
    /// Left and right only.
    Horizontal,
    /// Up and down only.
    Vertical,
}

impl Axis {
    /// Its mark after a block's name in descriptions: none, `-` or `|`.
    pub fn mark(self) -> &'static str {
        match self {
            Axis::Free => "",
            Axis::Horizontal => "-",
            Axis::Vertical => "|",
        }
    }

    /// The axis a mark names.
    pub fn of_mark(mark: char) -> Option<Axis> {
        match mark {
            '-' => Some(Axis::Horizontal),
            '|' => Some(Axis::Vertical),
            _ => None,
        }
    }

    /// Whether direction `dir` (0 up, 1 down, 2 left, 3 right) is allowed.
    #[inline]
    fn allows(self, dir: usize) -> bool {
        match self {
            Axis::Free => true,
            Axis::Horizontal => dir >= 2,
            Axis::Vertical => dir < 2,
        }
    }
}

/// The anchor of every block (row-major cell of its bounding box's top-left corner), by block index;
/// anchors of interchangeable blocks are sorted. Bytes past the puzzle's blocks are zero.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Layout(pub [u8; MAX_BLOCKS]);

impl fmt::Debug for Layout {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Layout({:?})", &self.0[..])
    }
}

/// A move: block `block` (its index in the state moved from) goes from anchor `from` to anchor `to`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Slide {
    /// Index of the block in the state it moves from.
    pub block: u8,
    /// Its anchor before the move.
    pub from: u8,
    /// Its anchor after the move.
    pub to: u8,
}

/// A block's shape: its cells as (row, column) offsets from its bounding box's top-left corner.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Shape {
    /// The cells, in reading order.
    pub cells: Vec<(u8, u8)>,
}

impl Shape {
    /// Bounding box height and width.
    pub fn size(&self) -> (usize, usize) {
        let rows = self.cells.iter().map(|&(r, _)| r as usize + 1).max().unwrap_or(0);
        let cols = self.cells.iter().map(|&(_, c)| c as usize + 1).max().unwrap_or(0);
        (rows, cols)
    }
}

/// Blocks that are interchangeable: one shape, one kind; a goal block is a group of its own.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Group {
    /// Index into [`Board::shapes`].
    pub shape: usize,
    /// The first block index of the group; its blocks are `first..first + len`.
    pub first: usize,
    /// Number of blocks.
    pub len: usize,
    /// For a goal block, its target anchor.
    pub target: Option<u8>,
    /// The directions its blocks may move in.
    pub axis: Axis,
}

/// What does not change during play: the terrain, the shapes, the groups and their placements.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    /// Width in cells.
    pub width: usize,
    /// Height in cells.
    pub height: usize,
    /// The terrain, row-major.
    pub terrain: Vec<Terrain>,
    /// The distinct shapes.
    pub shapes: Vec<Shape>,
    /// The groups of interchangeable blocks: goal blocks first, then by shape.
    pub groups: Vec<Group>,
    /// Group of each block.
    pub group_of: Vec<usize>,
    /// The character of each block index in descriptions (within a group, in the order of the names).
    pub names: Vec<char>,
    /// `placements[group * MAX_CELLS + anchor]`: the cells the group's shape covers at that anchor, or
    /// all zero where it does not fit the terrain.
    placements: Vec<Mask>,
}

impl Board {
    /// Number of blocks.
    pub fn blocks(&self) -> usize {
        self.group_of.len()
    }

    /// Number of cells.
    pub fn cells(&self) -> usize {
        self.width * self.height
    }

    /// The cells block `block` covers at `anchor` (all zero where it does not fit the terrain).
    #[inline]
    pub fn placement(&self, block: usize, anchor: usize) -> &Mask {
        &self.placements[self.group_of[block] * MAX_CELLS + anchor]
    }

    /// Michael Fogleman's order of Rush Hour positions (his tie-break among equally hard ones): the
    /// cells of the blocks locked across, then those of the others, each read as a number whose bit `i`
    /// is cell `i`; the words come most significant first, so that keys compare as his numbers do.
    pub fn rush_order_key(&self, layout: &Layout) -> ([u64; 4], [u64; 4]) {
        let (mut across, mut other) = (EMPTY_MASK, EMPTY_MASK);
        for b in 0..self.blocks() {
            let mask = self.placement(b, layout.0[b] as usize);
            match self.groups[self.group_of[b]].axis {
                Axis::Horizontal => across = or(&across, mask),
                _ => other = or(&other, mask),
            }
        }
        across.reverse();
        other.reverse();
        (across, other)
    }

    /// Every cell the blocks of `layout` cover.
    #[inline]
    pub fn occupied(&self, layout: &Layout) -> Mask {
        (0..self.blocks()).fold(EMPTY_MASK, |acc, b| or(&acc, self.placement(b, layout.0[b] as usize)))
    }

    /// A board with nothing on it and no storage, to rebuild into.
    fn empty() -> Board {
        Board {
            width: 0,
            height: 0,
            terrain: Vec::new(),
            shapes: Vec::new(),
            groups: Vec::new(),
            group_of: Vec::new(),
            names: Vec::new(),
            placements: Vec::new(),
        }
    }

    /// Why `block` cannot stand at its anchor on this `width`×`height` board: off the board, on a wall,
    /// or (not being a goal block) on a cell only goal blocks may enter.
    fn why_not_placed(&self, block: &BlockSpec, width: usize, height: usize) -> String {
        let (r, c) = (block.anchor / width, block.anchor % width);
        let terrain = block.shape.cells.iter().map(|&(dr, dc)| {
            let (r, c) = (r + dr as usize, c + dc as usize);
            (r < height && c < width).then(|| self.terrain[r * width + c])
        });
        let terrain: Vec<Option<Terrain>> = terrain.collect();
        let name = block.name;
        if terrain.iter().any(Option::is_none) {
            format!("block {name} lies off the board")
        } else if terrain.contains(&Some(Terrain::Wall)) {
            format!("block {name} stands on a wall")
        } else {
            format!("block {name} stands on a '+' cell, which only goal blocks may enter")
        }
    }

    fn fill_placements(&mut self) {
        self.placements.clear();
        self.placements.resize(self.groups.len() * MAX_CELLS, EMPTY_MASK);
        let (w, h) = (self.width, self.height);
        for (g, group) in self.groups.iter().enumerate() {
            let shape = &self.shapes[group.shape];
            let (sh, sw) = shape.size();
            for anchor in 0..w * h {
                let (r, c) = (anchor / w, anchor % w);
                if r + sh > h || c + sw > w {
                    continue;
                }
                let mut mask = EMPTY_MASK;
                let fits = shape.cells.iter().all(|&(dr, dc)| {
                    let cell = (r + dr as usize) * w + c + dc as usize;
                    set(&mut mask, cell);
                    match self.terrain[cell] {
                        Terrain::Open => true,
                        Terrain::Wall => false,
                        Terrain::BallOnly => group.target.is_some(),
                    }
                });
                if fits {
                    self.placements[g * MAX_CELLS + anchor] = mask;
                }
            }
        }
    }
}

/// A sliding-blocks puzzle: the board, the count, and the starting layout.
#[derive(Clone, PartialEq, Eq)]
pub struct Blocks {
    board: Arc<Board>,
    count: Count,
    start: Layout,
}

impl fmt::Debug for Blocks {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Blocks({})", text::describe(self))
    }
}

/// Where the blocks of a puzzle stand and what they are, before canonical ordering: the input of
/// [`Blocks::new`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BlockSpec {
    /// The character naming it in descriptions.
    pub name: char,
    /// Its shape.
    pub shape: Shape,
    /// Its anchor.
    pub anchor: usize,
    /// For a goal block, its target anchor.
    pub target: Option<usize>,
    /// The directions it may move in.
    pub axis: Axis,
}

impl Blocks {
    /// A puzzle on a `width`×`height` board with `terrain` (row-major), `blocks` and `count`; or why not
    /// (overlapping blocks, a block on a wall or off the board, a target where the block does not fit, no
    /// goal block, too many blocks).
    pub fn new(
        width: usize,
        height: usize,
        terrain: Vec<Terrain>,
        mut blocks: Vec<BlockSpec>,
        count: Count,
    ) -> Result<Blocks, alloc::string::String> {
        let mut puzzle = Blocks { board: Arc::new(Board::empty()), count, start: Layout([0; MAX_BLOCKS]) };
        puzzle.rebuild(width, height, &terrain, &mut blocks, count, &mut Vec::new())?;
        Ok(puzzle)
    }

    /// Makes this the puzzle [`Blocks::new`] makes of the same arguments (sorting `blocks`), reusing
    /// this puzzle's storage and the shapes of `spare` (where shapes it no longer needs go): no
    /// allocation once they are large enough, unless a clone shares its board. After an error the puzzle
    /// is to be rebuilt before it is used.
    pub(crate) fn rebuild(
        &mut self,
        width: usize,
        height: usize,
        terrain: &[Terrain],
        blocks: &mut [BlockSpec],
        count: Count,
        spare: &mut Vec<Shape>,
    ) -> Result<(), alloc::string::String> {
        use alloc::format;
        if !(1..=MAX_SIDE).contains(&width) || !(1..=MAX_SIDE).contains(&height) {
            return Err(format!("the board must be 1 to {MAX_SIDE} cells a side"));
        }
        if terrain.len() != width * height {
            return Err(format!("the terrain has {} cells, the board {}", terrain.len(), width * height));
        }
        if blocks.len() > MAX_BLOCKS {
            return Err(format!("{} blocks, at most {MAX_BLOCKS}", blocks.len()));
        }
        if blocks.iter().all(|b| b.target.is_none()) {
            return Err("no goal block: name one with CHAR@row,col".into());
        }
        // Groups: goal blocks alone, the others by shape and axis; ordered by (shape, axis, goal) so that
        // the order is canonical, blocks of a group by name (then anchor: the order is total), so that a
        // block's index follows from the level as written, whatever the position.
        blocks.sort_unstable_by(|a, b| {
            let key = |x: &BlockSpec| (x.target.is_none(), x.name, x.anchor);
            (a.target.is_none(), &a.shape, a.axis)
                .cmp(&(b.target.is_none(), &b.shape, b.axis))
                .then(key(a).cmp(&key(b)))
        });
        if Arc::get_mut(&mut self.board).is_none() {
            self.board = Arc::new(Board::empty());
        }
        let Some(board) = Arc::get_mut(&mut self.board) else { return Err("the board is shared".into()) };
        (board.width, board.height) = (width, height);
        board.terrain.clear();
        board.terrain.extend_from_slice(terrain);
        let mut shapes = 0;
        board.groups.clear();
        board.group_of.clear();
        for (i, block) in blocks.iter().enumerate() {
            let shape = match board.shapes[..shapes].iter().position(|s| *s == block.shape) {
                Some(s) => s,
                None => {
                    if board.shapes.len() == shapes {
                        board.shapes.push(spare.pop().unwrap_or(Shape { cells: Vec::new() }));
                    }
                    board.shapes[shapes].cells.clone_from(&block.shape.cells);
                    shapes += 1;
                    shapes - 1
                }
            };
            let joins = block.target.is_none()
                && board
                    .groups
                    .last()
                    .is_some_and(|g: &Group| g.target.is_none() && g.shape == shape && g.axis == block.axis);
            if let Some(group) = board.groups.last_mut().filter(|_| joins) {
                group.len += 1;
            } else {
                let target = block.target.map(|t| t as u8);
                board.groups.push(Group { shape, first: i, len: 1, target, axis: block.axis });
            }
            board.group_of.push(board.groups.len() - 1);
        }
        spare.extend(board.shapes.drain(shapes..));
        board.names.clear();
        board.names.extend(blocks.iter().map(|b| b.name));
        board.fill_placements();
        let mut start = Layout([0; MAX_BLOCKS]);
        let mut covered = EMPTY_MASK;
        for (i, block) in blocks.iter().enumerate() {
            if block.anchor >= width * height || is_empty(board.placement(i, block.anchor)) {
                return Err(board.why_not_placed(block, width, height));
            }
            let cells = board.placement(i, block.anchor);
            if !disjoint(&covered, cells) {
                return Err(format!("block {} overlaps another block", block.name));
            }
            covered = or(&covered, cells);
            start.0[i] = block.anchor as u8;
            if let Some(t) = block.target {
                if t >= width * height || is_empty(board.placement(i, t)) {
                    return Err(format!("the target of block {} is off the board or on a wall", block.name));
                }
            }
        }
        self.count = count;
        self.start = start;
        Ok(())
    }

    /// A puzzle with nothing on its board and no storage, to rebuild into.
    pub(crate) fn empty() -> Blocks {
        Blocks { board: Arc::new(Board::empty()), count: Count::Free, start: Layout([0; MAX_BLOCKS]) }
    }

    /// A puzzle with nothing on its board and room for the largest board, to rebuild into without
    /// allocating (about 270 KB, most of it the placement masks).
    pub(crate) fn reserved() -> Blocks {
        let mut board = Board::empty();
        board.terrain.reserve_exact(MAX_CELLS);
        board.shapes.reserve_exact(MAX_BLOCKS);
        board.groups.reserve_exact(MAX_BLOCKS);
        board.group_of.reserve_exact(MAX_BLOCKS);
        board.names.reserve_exact(MAX_BLOCKS);
        board.placements.reserve_exact(MAX_BLOCKS * MAX_CELLS);
        Blocks { board: Arc::new(board), count: Count::Free, start: Layout([0; MAX_BLOCKS]) }
    }

    /// A copy sharing no storage with this puzzle (clones share the board).
    pub fn detached(&self) -> Blocks {
        Blocks { board: Arc::new((*self.board).clone()), ..self.clone() }
    }

    /// The board (terrain, shapes, groups).
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// How moves are counted.
    pub fn count(&self) -> Count {
        self.count
    }

    /// The same puzzle under another count.
    pub fn with_count(&self, count: Count) -> Blocks {
        Blocks { count, ..self.clone() }
    }

    /// The starting layout as the player has it: every block under its own index (see the module; the
    /// searches start from its canonical form, [`crate::family::Family::start`]).
    pub fn start_layout(&self) -> Layout {
        self.start
    }

    /// The same puzzle starting from `layout`, its blocks under the indices they have there (a player's
    /// position: its description names every block as the player knows it).
    pub fn with_layout(&self, layout: Layout) -> Blocks {
        Blocks { start: layout, ..self.clone() }
    }

    /// `layout` with block `block` at `to`, every other block where it was: a player's move, which keeps
    /// every block's index.
    fn played(layout: &Layout, block: usize, to: u8) -> Layout {
        let mut next = *layout;
        next.0[block] = to;
        next
    }

    /// The blocks standing as in `layout`, as [`Blocks::new`] takes them (to make a variant of the
    /// puzzle, such as one without a block).
    pub fn specs(&self, layout: &Layout) -> Vec<BlockSpec> {
        let board = &self.board;
        (0..board.blocks())
            .map(|b| {
                let group = &board.groups[board.group_of[b]];
                BlockSpec {
                    name: board.names[b],
                    shape: board.shapes[group.shape].clone(),
                    anchor: layout.0[b] as usize,
                    target: group.target.map(usize::from),
                    axis: group.axis,
                }
            })
            .collect()
    }

    /// [`Blocks::specs`] into the first of `out` (reusing their shapes' storage; `out` grows to hold
    /// them, and entries past them are left as they were).
    pub(crate) fn specs_into(&self, layout: &Layout, out: &mut Vec<BlockSpec>) {
        let board = &self.board;
        for b in 0..board.blocks() {
            let group = &board.groups[board.group_of[b]];
            let (name, anchor, target) = (board.names[b], layout.0[b] as usize, group.target.map(usize::from));
            let axis = group.axis;
            match out.get_mut(b) {
                Some(spec) => {
                    (spec.name, spec.anchor, spec.target, spec.axis) = (name, anchor, target, axis);
                    spec.shape.cells.clone_from(&board.shapes[group.shape].cells);
                }
                None => out.push(BlockSpec { name, shape: board.shapes[group.shape].clone(), anchor, target, axis }),
            }
        }
    }

    /// Starts the puzzle from `layout` (see [`Blocks::with_layout`]).
    pub(crate) fn set_start(&mut self, layout: Layout) {
        self.start = self.canonical(layout);
    }

    /// `layout` with the anchors of every group sorted.
    pub(crate) fn canonical(&self, mut layout: Layout) -> Layout {
        for g in &self.board.groups {
            layout.0[g.first..g.first + g.len].sort_unstable();
        }
        layout
    }

    /// `layout` with block `block` at `to`, re-sorted within its group (only that block moved).
    #[inline]
    fn moved(&self, layout: &Layout, block: usize, to: u8) -> Layout {
        let mut next = Blocks::played(layout, block, to);
        let g = &self.board.groups[self.board.group_of[block]];
        let (first, last) = (g.first, g.first + g.len - 1);
        let mut i = block;
        while i > first && next.0[i - 1] > next.0[i] {
            next.0.swap(i - 1, i);
            i -= 1;
        }
        while i < last && next.0[i + 1] < next.0[i] {
            next.0.swap(i + 1, i);
            i += 1;
        }
        next
    }

    /// The anchor one cell from `anchor` in direction `dir` (0 up, 1 down, 2 left, 3 right), if on the
    /// board.
    #[inline]
    fn neighbour(&self, anchor: usize, dir: usize) -> Option<usize> {
        let (w, n) = (self.board.width, self.board.cells());
        match dir {
            0 => anchor.checked_sub(w),
            1 => Some(anchor + w).filter(|&a| a < n),
            2 => (anchor % w > 0).then(|| anchor - 1),
            _ => (anchor % w + 1 < w).then_some(anchor + 1),
        }
    }

    /// Calls `f(to)` for every anchor block `block` can reach from `layout` in one move under the count.
    #[inline]
    fn destinations(&self, layout: &Layout, occupied: &Mask, block: usize, mut f: impl FnMut(usize)) {
        let from = layout.0[block] as usize;
        let others = and_not(occupied, self.board.placement(block, from));
        let fits = |a: usize| {
            let cells = self.board.placement(block, a);
            !is_empty(cells) && disjoint(cells, &others)
        };
        let axis = self.board.groups[self.board.group_of[block]].axis;
        // Along a locked axis a free path is a straight line: the free count moves as the line count.
        let count = if axis != Axis::Free && self.count == Count::Free { Count::Line } else { self.count };
        match count {
            Count::Step => {
                for dir in (0..4).filter(|&d| axis.allows(d)) {
                    if let Some(a) = self.neighbour(from, dir).filter(|&a| fits(a)) {
                        f(a);
                    }
                }
            }
            Count::Line => {
                for dir in (0..4).filter(|&d| axis.allows(d)) {
                    let mut at = from;
                    while let Some(a) = self.neighbour(at, dir).filter(|&a| fits(a)) {
                        f(a);
                        at = a;
                    }
                }
            }
            Count::Free => {
                let mut seen = EMPTY_MASK;
                set(&mut seen, from);
                let mut queue = [0u8; MAX_CELLS];
                let (mut head, mut tail) = (0, 1);
                queue[0] = from as u8;
                while head < tail {
                    let at = queue[head] as usize;
                    head += 1;
                    for dir in 0..4 {
                        if let Some(a) = self.neighbour(at, dir).filter(|&a| !has(&seen, a) && fits(a)) {
                            set(&mut seen, a);
                            queue[tail] = a as u8;
                            tail += 1;
                            f(a);
                        }
                    }
                }
            }
        }
    }

    /// Calls `f` for every move of `block` in `state` (`occupied` its cells).
    #[inline]
    fn moves_of(&self, state: &Layout, occupied: &Mask, block: usize, f: &mut impl FnMut(Slide, Layout, u32)) {
        let from = state.0[block];
        self.destinations(state, occupied, block, |to| {
            f(Slide { block: block as u8, from, to: to as u8 }, self.moved(state, block, to as u8), 1);
        });
    }

    /// The cells the path of a free move passes through, from its start to `to`, in order (for a step
    /// or line move, the straight cells between). Writes anchors into `out`; returns how many.
    pub fn path(&self, layout: &Layout, mv: &Slide, out: &mut [u8; MAX_CELLS]) -> usize {
        let block = mv.block as usize;
        let from = mv.from as usize;
        let occupied = self.board.occupied(layout);
        let others = and_not(&occupied, self.board.placement(block, from));
        let fits = |a: usize| {
            let cells = self.board.placement(block, a);
            !is_empty(cells) && disjoint(cells, &others)
        };
        // Breadth-first over anchors by unit steps: the shortest path, which is also the straight one
        // of a line move.
        let mut parent = [u8::MAX; MAX_CELLS];
        let mut seen = EMPTY_MASK;
        set(&mut seen, from);
        let mut queue = [0u8; MAX_CELLS];
        let (mut head, mut tail) = (0, 1);
        queue[0] = from as u8;
        while head < tail && !has(&seen, mv.to as usize) {
            let at = queue[head] as usize;
            head += 1;
            for dir in 0..4 {
                if let Some(a) = self.neighbour(at, dir).filter(|&a| !has(&seen, a) && fits(a)) {
                    set(&mut seen, a);
                    parent[a] = at as u8;
                    queue[tail] = a as u8;
                    tail += 1;
                }
            }
        }
        if !has(&seen, mv.to as usize) {
            return 0;
        }
        let mut len = 0;
        let mut at = mv.to as usize;
        while at != from {
            out[len] = at as u8;
            len += 1;
            at = parent[at] as usize;
        }
        out[len] = from as u8;
        len += 1;
        out[..len].reverse();
        len
    }
}

impl Puzzle for Blocks {
    type State = Layout;
    type Move = Slide;

    #[inline]
    fn successors(&self, state: &Layout, mut f: impl FnMut(Slide, Layout, u32)) {
        let occupied = self.board.occupied(state);
        for block in 0..self.board.blocks() {
            self.moves_of(state, &occupied, block, &mut f);
        }
    }

    /// One part a block: on a large board one state can have thousands of moves (31 single cells on
    /// 16×16 under the free count: about 7,000), one block at most a move per cell.
    fn successor_parts(&self, _: &Layout) -> u32 {
        self.board.blocks() as u32
    }

    #[inline]
    fn successors_in(&self, state: &Layout, part: u32, mut f: impl FnMut(Slide, Layout, u32)) {
        if (part as usize) < self.board.blocks() {
            self.moves_of(state, &self.board.occupied(state), part as usize, &mut f);
        }
    }

    #[inline]
    fn is_goal(&self, state: &Layout) -> bool {
        self.board.groups.iter().all(|g| g.target.is_none_or(|t| state.0[g.first] == t))
    }

    /// Per goal block off its target: free 1; line 1 when on its target's row or column, else 2; step
    /// the Manhattan distance. Each move moves one block, so the sum is a lower bound.
    fn heuristic(&self, state: &Layout) -> u32 {
        let w = self.board.width;
        self.board
            .groups
            .iter()
            .filter_map(|g| g.target.map(|t| (state.0[g.first] as usize, t as usize)))
            .filter(|&(a, t)| a != t)
            .map(|(a, t)| {
                let (dr, dc) = ((a / w).abs_diff(t / w), (a % w).abs_diff(t % w));
                match self.count {
                    Count::Free => 1,
                    Count::Line => 1 + (dr > 0 && dc > 0) as u32,
                    Count::Step => (dr + dc) as u32,
                }
            })
            .sum()
    }

    /// Each move moves one block, by at most what the count allows.
    fn heuristic_is_admissible(&self) -> bool {
        true
    }

    fn apply(&self, state: &Layout, mv: &Slide) -> Option<Layout> {
        let block = mv.block as usize;
        if block >= self.board.blocks() || state.0[block] != mv.from {
            return None;
        }
        let occupied = self.board.occupied(state);
        let mut legal = false;
        self.destinations(state, &occupied, block, |to| legal |= to == mv.to as usize);
        legal.then(|| self.moved(state, block, mv.to))
    }
}
