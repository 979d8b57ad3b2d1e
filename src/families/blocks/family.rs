//! Sliding blocks behind the uniform family interface: descriptions, drawing, move names, explained hints.

use super::{block_id, has, text, Axis, Blocks, Count, Layout, Slide, Terrain, MAX_CELLS};
use crate::family::{add_cell, Family, Fingerprint, HintCells, MoveCode, PieceName, Reason, REGION_MOVES};
use crate::memory::OutOfMemory;
use crate::params::{Kind, Spec, Variant};
use crate::search::cluster::Cluster;
use crate::search::{Algorithm, Puzzle, Solver, Status};
use crate::text::ParseError;
use alloc::format;
use alloc::string::String;

/// States the recommended solver (breadth-first search) may store: about 64 bytes each, 64 MiB in all;
/// enough for every layout of the reference set (the largest cluster holds 1.2 million states).
pub const HINT_NODES: usize = 1 << 20;

/// Reason code: move a goal block along a shortest solution.
pub const MOVE_GOAL: u32 = 1;
/// Reason code: move another block out of the way, along a shortest solution.
pub const MAKE_WAY: u32 = 2;

const COUNTS: &[&str] = &["step", "line", "free"];

fn direction(from: usize, to: usize, w: usize) -> &'static str {
    match (to / w).cmp(&(from / w)) {
        core::cmp::Ordering::Less => "up",
        core::cmp::Ordering::Greater => "down",
        core::cmp::Ordering::Equal if to < from => "left",
        core::cmp::Ordering::Equal => "right",
    }
}

impl Blocks {
    /// The index of the block whose id ([`super::BLOCK_NAMES`]) is `id`.
    fn block_named(&self, id: u32) -> Option<usize> {
        self.board().names.iter().position(|&n| block_id(n) == Some(id))
    }

    /// Adds the cells block `block` covers in `state`.
    fn block_cells(&self, state: &Layout, block: usize, cells: &mut HintCells) {
        let board = self.board();
        if block < board.blocks() {
            let placed = board.placement(block, state.0[block] as usize);
            (0..board.cells()).filter(|&c| has(placed, c)).for_each(|c| add_cell(cells, c as u16));
        }
    }

    /// The distinct blocks the next [`REGION_MOVES`] moves of `plan` slide, in order.
    fn blocks_ahead<'a>(&self, plan: &'a [(Slide, Layout)]) -> impl Iterator<Item = usize> + 'a {
        plan.iter()
            .take(REGION_MOVES)
            .enumerate()
            .filter(move |&(i, (mv, _))| plan[..i].iter().all(|(earlier, _)| earlier.block != mv.block))
            .map(|(_, (mv, _))| mv.block as usize)
    }

    fn is_goal_block(&self, block: usize) -> bool {
        self.board().groups[self.board().group_of[block]].target.is_some()
    }

    /// The path of `mv` as words: "down 2, left 1".
    fn path_words(&self, state: &Layout, mv: &Slide) -> String {
        let w = self.board().width;
        let mut anchors = [0u8; MAX_CELLS];
        let len = self.path(state, mv, &mut anchors);
        let mut legs: heapless::Vec<(&'static str, u32), 64> = heapless::Vec::new();
        for pair in anchors[..len].windows(2) {
            let dir = direction(pair[0] as usize, pair[1] as usize, w);
            match legs.last_mut() {
                Some((d, n)) if *d == dir => *n += 1,
                _ => {
                    let _ = legs.push((dir, 1));
                }
            }
        }
        let words: alloc::vec::Vec<String> = legs.iter().map(|(d, n)| format!("{d} {n}")).collect();
        words.join(", ")
    }

    /// A Rush Hour hint: the red car, a car (2 cells) or a truck (3 or more), its slide, and why — the red
    /// car's own move, clearing its way to the exit (the block stood in the red car's row between the car
    /// and the exit and no longer does), or making way for such a move.
    fn rush_hint_text(&self, state: &Layout, mv: &Slide, reason: u32, name: char) -> String {
        let board = self.board();
        let block = mv.block as usize;
        let slide = self.path_words(state, mv);
        if reason == MOVE_GOAL {
            return format!("slide the red car {slide}: its next move on a shortest solution");
        }
        let kind = self.rush_noun(block, name);
        // The cells from the red car's right end to the exit.
        let goal = board.groups.iter().position(|g| g.target.is_some()).unwrap_or(0);
        let red = board.groups[goal].first;
        let (at, w) = (state.0[red] as usize, board.width);
        let car_cols = board.shapes[board.groups[goal].shape].size().1;
        let lane = |anchor: usize| {
            let cells = board.placement(block, anchor);
            (at % w + car_cols..w).any(|c| has(cells, at / w * w + c))
        };
        let why = if lane(mv.from as usize) && !lane(mv.to as usize) {
            "it clears the red car's row"
        } else {
            "it makes way on a shortest solution"
        };
        format!("slide the {kind} {slide}: {why}")
    }

    /// "red car", "car B" (2 cells) or "truck C" (3 or more) on a Rush Hour board.
    fn rush_noun(&self, block: usize, name: char) -> String {
        let board = self.board();
        if self.is_goal_block(block) {
            return String::from("red car");
        }
        let (rows, cols) = board.shapes[board.groups[board.group_of[block]].shape].size();
        format!("{} {name}", if rows.max(cols) >= 3 { "truck" } else { "car" })
    }
}

impl Family for Blocks {
    /// A unit of the generator's cluster analysis (one state's moves looked up in a cluster of up to a
    /// million states) costs a few microseconds: at 1,000 a step reached 2-6 ms, at 400 an expert step
    /// once took 2.7 ms of the thread's CPU time; 300 keeps it under 2 ms (`lp bench frames`).
    const FRAME_BUDGET: u32 = 300;
    const NAME: &'static str = "blocks";
    const SUMMARY: &'static str =
        "\"Get the Ball Out!\" sliding blocks: slide blocks of any shape until every goal block is on its target";
    const REASONS: &'static [Reason] = &[
        Reason { code: MOVE_GOAL, name: "move_goal", doc: "move a goal block, along a shortest solution" },
        Reason {
            code: MAKE_WAY,
            name: "make_way",
            doc: "move another block out of the way, along a shortest solution",
        },
    ];
    const OPTIONS: &'static [Spec] = &[Spec {
        name: "count",
        kind: Kind::Choice(COUNTS),
        min: 0,
        max: 2,
        default: "free",
        doc: "how moves are counted: one cell (step), one straight line (line) or any path (free)",
    }];

    /// Rush Hour's notation (`rush:BOARD`) is a sliding-blocks puzzle with axis-locked blocks, made by the
    /// Rush Hour engine's drawing on a 6×6 board.
    const VARIANTS: &'static [Variant] = &[Variant {
        notation: "rush",
        title: "Rush Hour",
        params: "size=6x6,method=rush,minimal=true",
        presets: &["rush-easy", "rush-medium", "rush-hard"],
    }];

    fn parse(desc: &str) -> Result<Blocks, ParseError> {
        match crate::text::family_of(desc) {
            "rush" => text::parse_rush(desc),
            _ => text::parse(desc),
        }
    }

    /// In Rush Hour's notation when the puzzle is a Rush Hour board, else `blocks:`.
    fn describe(&self) -> String {
        text::describe_rush(self).unwrap_or_else(|| text::describe(self))
    }

    fn start(&self) -> Layout {
        self.canonical(self.start_layout())
    }

    /// Every block under its own index: by name within its group, as the level is written.
    fn shown_start(&self) -> Layout {
        self.start_layout()
    }

    /// Identical blocks' anchors sorted.
    fn canonical(&self, state: &Layout) -> Layout {
        Blocks::canonical(self, *state)
    }

    /// The block moves and every block keeps its index.
    fn play(&self, state: &Layout, mv: &Slide) -> Option<Layout> {
        self.apply(state, mv).map(|_| Blocks::played(state, mv.block as usize, mv.to))
    }

    /// The block of `to` in the moving block's group that stands where it does in `from`.
    fn relabel(&self, mv: &Slide, _: &Layout, to: &Layout) -> Slide {
        let board = self.board();
        let Some(&group) = board.group_of.get(mv.block as usize) else { return *mv };
        let g = &board.groups[group];
        let block = (g.first..g.first + g.len).find(|&b| to.0[b] == mv.from).unwrap_or(mv.block as usize);
        Slide { block: block as u8, ..*mv }
    }

    /// The board, the count and where every block stands (what the description says, names aside:
    /// puzzles that differ only in their blocks' letters are one level), fed without a buffer.
    fn fingerprint(&self) -> u64 {
        let board = self.board();
        let mut fed =
            Fingerprint::new().bytes(&[board.width as u8, board.height as u8]).bytes(self.count().name().as_bytes());
        fed = board.terrain.iter().fold(fed, |f, t| f.byte(t.symbol() as u8));
        let start = self.start();
        for b in 0..board.blocks() {
            let group = &board.groups[board.group_of[b]];
            fed = board.shapes[group.shape].cells.iter().fold(fed.byte(0xFE), |f, &(r, c)| f.bytes(&[r, c]));
            fed = fed.bytes(&[start.0[b], group.target.unwrap_or(u8::MAX), group.target.is_some() as u8]);
            // A locked block makes another level (free blocks feed nothing more: their fingerprints stay).
            if group.axis != Axis::Free {
                fed = fed.byte(0xF0 | group.axis as u8);
            }
        }
        fed.finish()
    }

    fn with_start(&self, state: Layout) -> Blocks {
        self.with_layout(state)
    }

    /// The board with each block's letter, walls `#`, ball-only cells `+`, and each goal's target.
    fn render(&self, state: &Layout) -> String {
        let board = self.board();
        let (w, h) = (board.width, board.height);
        let names = text::names_on_cells(self, state);
        let mut out = String::new();
        for r in 0..h {
            for c in 0..w {
                let i = r * w + c;
                let ch = names[i].unwrap_or(board.terrain[i].symbol());
                out.push(' ');
                out.push(ch);
            }
            out.push('\n');
        }
        for g in board.groups.iter().filter(|g| g.target.is_some()) {
            let t = g.target.unwrap_or(0) as usize;
            out.push_str(&format!(" goal: {} at row {}, column {}\n", board.names[g.first], t / w + 1, t % w + 1));
        }
        out
    }

    /// `C>row,col`: the block's letter and its new anchor (as in the reference solutions).
    fn move_token(&self, mv: &Slide) -> String {
        let w = self.board().width;
        let name = self.board().names.get(mv.block as usize).copied().unwrap_or('?');
        format!("{name}>{},{}", mv.to as usize / w, mv.to as usize % w)
    }

    /// "the red car", "truck C" on a Rush Hour board; "block C" elsewhere; `piece` is the block's id.
    fn piece_name(&self, piece: u32) -> Option<PieceName> {
        let block = self.block_named(piece)?;
        let label = self.board().names[block];
        let name = if text::is_rush(self) {
            let noun = self.rush_noun(block, label);
            if self.is_goal_block(block) {
                format!("the {noun}")
            } else {
                noun
            }
        } else {
            format!("block {label}")
        };
        Some(PieceName { label, name })
    }

    /// On a Rush Hour board, "slide the truck C left 3" (every move there is one straight slide).
    fn move_text(&self, mv: &Slide) -> String {
        let w = self.board().width;
        let name = self.board().names.get(mv.block as usize).copied().unwrap_or('?');
        let (from, to) = (mv.from as usize, mv.to as usize);
        if text::is_rush(self) && (mv.block as usize) < self.board().blocks() {
            let cells = (to / w).abs_diff(from / w) + (to % w).abs_diff(from % w);
            return format!("slide the {} {} {cells}", self.rush_noun(mv.block as usize, name), direction(from, to, w));
        }
        // Sentences count rows and columns from 1, as a player does; descriptions and tokens from 0.
        format!(
            "move block {name} from row {}, column {} to row {}, column {}",
            from / w + 1,
            from % w + 1,
            to / w + 1,
            to % w + 1
        )
    }

    /// Breadth-first search (every move costs one under each count), storing up to [`HINT_NODES`] states.
    fn recommended_solver(&self) -> Result<Solver<Blocks>, OutOfMemory> {
        Solver::new(Algorithm::Bfs { depth_limit: u32::MAX }, HINT_NODES)
    }

    /// The count (`count=step`, `line` or `free`).
    fn with_option(&self, key: &str, value: &str) -> Result<Blocks, String> {
        match (key, Count::named(value)) {
            ("count", Some(count)) => Ok(self.with_count(count)),
            ("count", None) => Err(format!("count must be one of step, line, free, not '{value}'")),
            _ => Err(format!("blocks puzzles take no option '{key}'")),
        }
    }

    /// `piece` is the block's id ([`super::BLOCK_NAMES`]: `A` 0, `B` 1, …, the same for the whole game),
    /// `from` and `to` its anchors (row-major cells of the top-left corner of its bounding box) before and
    /// after.
    fn encode_move(&self, mv: &Slide) -> MoveCode {
        let piece = self.board().names.get(mv.block as usize).and_then(|&n| block_id(n)).unwrap_or(u32::MAX);
        MoveCode { piece, from: mv.from as i32, to: mv.to as i32, arg: 0 }
    }

    /// The block `piece` names, standing at `from` and able to move to `to`: the piece a move names is
    /// the one that moves, or the move is refused.
    fn decode_move(&self, state: &Layout, code: &MoveCode) -> Option<Slide> {
        let cells = self.board().cells() as i32;
        if !(0..cells).contains(&code.from) || !(0..cells).contains(&code.to) {
            return None;
        }
        let (from, to) = (code.from as u8, code.to as u8);
        let block = self.block_named(code.piece).filter(|&b| state.0[b] == from)?;
        let mv = Slide { block: block as u8, from, to };
        self.apply(state, &mv).map(|_| mv)
    }

    /// Names the cells the code gives and the block standing there, and why the move is not one.
    fn illegal_move(&self, state: &Layout, code: &MoveCode) -> String {
        let (w, cells) = (self.board().width, self.board().cells() as i32);
        let place = |c: i32| format!("row {}, column {}", c as usize / w + 1, c as usize % w + 1);
        if !(0..cells).contains(&code.from) || !(0..cells).contains(&code.to) {
            let off = if (0..cells).contains(&code.from) { code.to } else { code.from };
            return format!("cell {off} is off the {}x{} board", w, self.board().height);
        }
        let Some(b) = self.block_named(code.piece) else {
            let names: String = self.board().names.iter().collect();
            return format!("piece {} names no block of this level (its blocks: {names})", code.piece);
        };
        let name = self.board().names[b];
        if state.0[b] as i32 != code.from {
            let standing = (0..self.board().blocks()).find(|&o| state.0[o] as i32 == code.from);
            let there = standing.map_or(String::from("no block's corner is there"), |o| {
                format!("block {} stands there", self.board().names[o])
            });
            return format!(
                "block {name} has its top-left corner at {}, not at {} ({there}): a move moves the block it names",
                place(state.0[b] as i32),
                place(code.from)
            );
        }
        let mv = Slide { block: b as u8, from: code.from as u8, to: code.to as u8 };
        format!("{} is not a legal move here: the way is blocked or the block cannot go there", self.move_text(&mv))
    }

    fn board_size(&self) -> (u32, u32) {
        (self.board().width as u32, self.board().height as u32)
    }

    /// The block's id + 1 on a cell (`A` 1, `B` 2, …: the `piece` of its moves + 1), 0 for an empty cell,
    /// -1 a wall, -2 a ball-only cell.
    fn cell(&self, state: &Layout, index: usize) -> i32 {
        let board = self.board();
        if index >= board.cells() {
            return 0;
        }
        if let Some(b) = (0..board.blocks()).find(|&b| has(board.placement(b, state.0[b] as usize), index)) {
            return block_id(board.names[b]).map_or(0, |id| id as i32 + 1);
        }
        match board.terrain[index] {
            Terrain::Open => 0,
            Terrain::Wall => -1,
            Terrain::BallOnly => -2,
        }
    }

    /// The block's cells, then the cells it passes through to its new place.
    fn explain(&self, state: &Layout, mv: &Slide, _: bool, cells: &mut HintCells) -> u32 {
        let board = self.board();
        let block = mv.block as usize;
        if block < board.blocks() {
            let mut anchors = [0u8; MAX_CELLS];
            let len = self.path(state, mv, &mut anchors);
            let mut covered = super::EMPTY_MASK;
            for &a in &anchors[..len.max(1)] {
                let placed = board.placement(block, if len == 0 { mv.from as usize } else { a as usize });
                for c in 0..board.cells() {
                    if has(placed, c) && !has(&covered, c) {
                        super::set(&mut covered, c);
                        let _ = cells.push(c as u16);
                    }
                }
            }
        }
        if block < board.blocks() && self.is_goal_block(block) {
            MOVE_GOAL
        } else {
            MAKE_WAY
        }
    }

    /// The block as it stands, not where it goes.
    fn hint_piece(&self, state: &Layout, mv: &Slide, cells: &mut HintCells) {
        self.block_cells(state, mv.block as usize, cells);
    }

    fn hint_piece_text(&self, _: &Layout, mv: &Slide) -> String {
        let name = self.board().names.get(mv.block as usize).copied().unwrap_or('?');
        if text::is_rush(self) {
            return format!("move the {}", self.rush_noun(mv.block as usize, name));
        }
        format!("move block {name}")
    }

    /// The goal block and the lanes of the next moves (every row a slide runs along, every column): its
    /// way and what stands in it, larger than the blocks that move, which tier 2 names.
    fn hint_region(&self, state: &Layout, plan: &[(Slide, Layout)], cells: &mut HintCells) {
        let board = self.board();
        let (w, h) = (board.width, board.cells() / board.width);
        for block in (0..board.blocks()).filter(|&b| self.is_goal_block(b)) {
            self.block_cells(state, block, cells);
        }
        let mut from = *state;
        for (mv, after) in plan.iter().take(REGION_MOVES) {
            let mut moved = HintCells::new();
            self.block_cells(&from, mv.block as usize, &mut moved);
            let (row, column) =
                (mv.from as usize / w == mv.to as usize / w, mv.from as usize % w == mv.to as usize % w);
            for &c in &moved {
                let (r, k) = (c as usize / w, c as usize % w);
                if !column {
                    (0..w).for_each(|x| add_cell(cells, (r * w + x) as u16));
                }
                if !row {
                    (0..h).for_each(|y| add_cell(cells, (y * w + k) as u16));
                }
            }
            from = *after;
        }
    }

    /// "the red car's way out: 2 vehicles in the highlighted lanes move next"; "block A's way to its goal:
    /// a block in the highlighted lanes moves next" (counting the blocks other than the goal's that the
    /// next [`REGION_MOVES`] moves slide, without naming them: tier 2 does); "it can move now" when the
    /// goal block named makes the next move.
    fn hint_region_text(&self, _: &Layout, plan: &[(Slide, Layout)]) -> String {
        let board = self.board();
        let rush = text::is_rush(self);
        let others = self.blocks_ahead(plan).filter(|&b| !self.is_goal_block(b)).count();
        // The goal block the plan moves first (with several, the one whose way it is); none moving, the
        // first goal block.
        let goals = (0..board.blocks()).filter(|&b| self.is_goal_block(b));
        let moved = plan.iter().map(|(mv, _)| mv.block as usize).find(|&b| self.is_goal_block(b));
        let goal = moved.or_else(|| goals.clone().next()).map_or('?', |b| board.names[b]);
        let way = if rush { String::from("the red car's way out") } else { format!("block {goal}'s way to its goal") };
        let (one, many) = if rush { ("a vehicle", "vehicles") } else { ("a block", "blocks") };
        match others {
            0 => format!("{way}: it can move now"),
            1 => format!("{way}: {one} in the highlighted lanes moves next"),
            n => format!("{way}: {n} {many} in the highlighted lanes move next"),
        }
    }

    /// Enumerated by single steps (the same states, cheaper moves), measured under the puzzle's count.
    fn cluster(&self, node_cap: usize, farthest: usize) -> Option<Result<Cluster<Layout>, Status>> {
        Some(crate::search::cluster::analyze(&self.with_count(Count::Step), self, self.start(), node_cap, farthest))
    }

    /// "move block A down 1, right 1 (to row 3, column 1): the goal block's next step on a shortest
    /// solution".
    ///
    /// On a Rush Hour board, in its words: "slide the truck C left 3: it clears the red car's row".
    fn hint_text(&self, state: &Layout, mv: &Slide, reason: u32) -> String {
        let w = self.board().width;
        let name = self.board().names.get(mv.block as usize).copied().unwrap_or('?');
        if text::is_rush(self) {
            return self.rush_hint_text(state, mv, reason, name);
        }
        let why = if reason == MOVE_GOAL {
            "the goal block's next move on a shortest solution"
        } else {
            "it makes way on a shortest solution"
        };
        let to = mv.to as usize;
        format!(
            "move block {name} {} (to row {}, column {}): {why}",
            self.path_words(state, mv),
            to / w + 1,
            to % w + 1
        )
    }
}
