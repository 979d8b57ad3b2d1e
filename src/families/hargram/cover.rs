//! The exact solver for Hargram: exact cover by bitboard backtracking.
//!
//! The search always fills the first empty cell in scan order (de Bruijn's rule): every solution covers
//! it, and only placements whose own first cell is that cell can, so each cover is met once and the
//! candidates come from one precomputed list per cell. The scan runs along the board's shorter side,
//! which keeps the frontier narrow. Placements that wall in a region no pieces can fill are left out when
//! a puzzle is read ([`super::Placements::candidates`]); a placement that leaves an empty cell with no empty
//! neighbour, or the next empty cell in a region too small for any piece or not a sum of piece sizes, is
//! undone at once; and a position whose search found no cover is remembered, so that meeting it again
//! (other placements filling the same cells with the same pieces) ends there (the `dead_ends` module). Identical
//! pieces are one kind with a count, so solutions that only swap identical pieces are not told apart.
//!
//! [`Cover`] is the stepped engine (one budget unit per placement); [`CoverSearch`] puts it behind
//! [`Search`] for hints, solving and rating; [`count_solutions`] counts every solution and the solutions
//! up to the board's symmetries.

use super::dead_ends::DeadEnds;
use super::picture::Picture;
use super::{Cells, Hargram, HargramMove, Layout, Placement, MAX_PIECES};
use crate::family::{Family, SolutionCount};
use crate::search::{Search, Shortfall, Stats, Status, Step};
use alloc::vec::Vec;
use core::mem::size_of;

const NONE: u32 = u32::MAX;

#[derive(Clone, Copy, Debug)]
struct Frame {
    /// The scan cell this frame fills.
    cell: u32,
    /// Kinds not tried yet (bit `k` for kind `k`).
    untried: u64,
    /// Candidates left of the kind being tried: `next..end` in the placement list.
    next: u32,
    end: u32,
    /// The placement this frame put down, or [`NONE`].
    chosen: u32,
    /// Solutions met before this frame: none more when it is taken off makes its position a dead end.
    found: u64,
}

/// The stepped exact-cover engine. Memory (one frame a piece, the table of dead ends) is reserved at
/// creation.
#[derive(Clone, Debug)]
pub struct Cover {
    frames: Vec<Frame>,
    occupied: Cells,
    target: Cells,
    left: [u8; MAX_PIECES],
    /// The pieces left as one number: kind `k`'s count in the bits from `code_shift[k]` (wide enough
    /// for its count in the puzzle; the counts' widths add up to at most [`MAX_PIECES`] bits).
    left_code: u64,
    code_shift: [u8; MAX_PIECES],
    dead_ends: DeadEnds,
    /// Whether the placements marked dead ends are left out ([`super::Placements::candidates`]).
    live_only: bool,
    /// Kinds with a piece left (bit `k` for kind `k`).
    available: u64,
    /// The earliest last start ([`super::Placements::last_start`], or its live form) of the kinds with a
    /// piece left: a first empty cell past it is a dead end.
    deadline: u32,
    smallest: u32,
    /// The greatest common divisor of the piece sizes: every region must hold a multiple of it.
    granule: u32,
    line: u32,
    first_line: Cells,
    last_line: Cells,
    /// The start was already a cover (reported once).
    complete_at_start: bool,
    solutions: u64,
    nodes: u64,
}

impl Cover {
    /// An engine for `puzzle` (and any other puzzle it is restarted on): the fastest, with its table of
    /// dead ends.
    pub fn new(puzzle: &Hargram) -> Cover {
        Self::made(puzzle, true, true)
    }

    /// An engine without the table of dead ends: a frame a piece is all it reserves.
    pub fn small(puzzle: &Hargram) -> Cover {
        Self::made(puzzle, false, true)
    }

    /// The rating's engine: every placement, no table, so that the placements it tries are the puzzle's
    /// alone (with a table they depend on its size; dead-end marks are not made for a generator's
    /// candidates).
    pub fn rating(puzzle: &Hargram) -> Cover {
        Self::made(puzzle, false, false)
    }

    fn made(puzzle: &Hargram, dead_ends: bool, live_only: bool) -> Cover {
        let words = board_words(puzzle.cells());
        let mut cover = Cover {
            frames: Vec::with_capacity(MAX_PIECES + 1),
            occupied: Cells::EMPTY,
            target: Cells::EMPTY,
            left: [0; MAX_PIECES],
            left_code: 0,
            code_shift: [0; MAX_PIECES],
            dead_ends: if dead_ends {
                DeadEnds::new(words, puzzle.placements().all.len())
            } else {
                DeadEnds::default()
            },
            live_only,
            available: 0,
            deadline: u32::MAX,
            smallest: 1,
            granule: 1,
            line: 1,
            first_line: Cells::EMPTY,
            last_line: Cells::EMPTY,
            complete_at_start: false,
            solutions: 0,
            nodes: 0,
        };
        cover.restart(puzzle, &Layout::EMPTY);
        cover
    }

    /// Starts over on `puzzle` from the placed pieces of `layout` (no allocation), forgetting the dead
    /// ends found: `puzzle` may be another.
    pub fn restart(&mut self, puzzle: &Hargram, layout: &Layout) {
        self.dead_ends.forget(board_words(puzzle.cells()));
        self.restart_keeping_dead_ends(puzzle, layout);
    }

    /// Starts over from another layout of the puzzle it last ran on, keeping the dead ends found: they
    /// are the puzzle's, whatever the start (clearing the table costs up to 1 MiB of writes).
    pub fn restart_keeping_dead_ends(&mut self, puzzle: &Hargram, layout: &Layout) {
        self.line = puzzle.scan_line();
        self.first_line = Cells::EMPTY;
        self.last_line = Cells::EMPTY;
        for i in 0..puzzle.cells() {
            if i as u32 % self.line == 0 {
                self.first_line.insert(i);
            }
            if i as u32 % self.line == self.line - 1 {
                self.last_line.insert(i);
            }
        }
        self.target = puzzle.open();
        self.smallest = puzzle.smallest_piece();
        self.granule = puzzle.size_granule();
        self.frames.clear();
        self.occupied = puzzle.occupied(layout);
        self.left = puzzle.left_by_kind(layout);
        let counts = puzzle.left_by_kind(&Layout::EMPTY);
        let mut shift = 0;
        self.left_code = 0;
        for ((code_shift, &left), &count) in
            self.code_shift.iter_mut().zip(&self.left).zip(&counts).take(puzzle.kinds())
        {
            *code_shift = shift;
            self.left_code += u64::from(left) << shift;
            shift += (u8::BITS - count.leading_zeros()) as u8;
        }
        self.available = (0..MAX_PIECES).filter(|&k| self.left[k] > 0).fold(0, |m, k| m | 1 << k);
        self.deadline = deadline(puzzle.placements().candidates(self.live_only).last_start, self.available);
        self.solutions = 0;
        self.nodes = 0;
        self.complete_at_start = self.occupied == self.target;
        // No frame at all when the colouring proves that no cover exists: the search ends at once.
        if !self.complete_at_start && puzzle.colouring_allows(layout) {
            self.push_frame();
        }
    }

    /// Placements tried since the restart.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Solutions met since the restart.
    pub fn solutions(&self) -> u64 {
        self.solutions
    }

    /// Bytes reserved.
    pub fn bytes_reserved(&self) -> usize {
        self.frames.capacity() * size_of::<Frame>() + self.dead_ends.bytes_reserved()
    }

    /// After a step that found a solution (`Status::Found`): the placements of the solution beyond the start layout.
    pub fn solution<'a>(&'a self, puzzle: &'a Hargram) -> impl Iterator<Item = &'a Placement> + 'a {
        let list = puzzle.placements().candidates(self.live_only).list;
        self.frames.iter().filter(|f| f.chosen != NONE).map(move |f| &list[f.chosen as usize])
    }

    fn push_frame(&mut self) {
        if let Some(first) = self.target.minus(self.occupied).first() {
            let found = self.solutions;
            self.frames.push(Frame {
                cell: first as u32,
                untried: self.available,
                next: 0,
                end: 0,
                chosen: NONE,
                found,
            });
        }
    }

    /// Tries at most `budget` placements: [`Status::InProgress`] when the budget is spent,
    /// [`Status::Found`] when it stops on a solution (read it with [`Cover::solution`]; the next step
    /// looks for the next one), `NotFound(NoMore)` when every cover has been tried.
    pub fn step(&mut self, puzzle: &Hargram, budget: u32) -> Status {
        if self.complete_at_start {
            self.complete_at_start = false;
            self.solutions += 1;
            return Status::Found;
        }
        // Bit sets only as wide as the board: a 6×10 board is one machine word.
        match board_words(puzzle.cells()) {
            1 => self.run::<1>(puzzle, budget),
            2 => self.run::<2>(puzzle, budget),
            _ => self.run::<4>(puzzle, budget),
        }
    }

    fn run<const N: usize>(&mut self, puzzle: &Hargram, budget: u32) -> Status {
        let candidates = puzzle.placements().candidates(self.live_only);
        let (all, last_start) = (candidates.list, candidates.last_start);
        let words = |c: &Cells| -> [u64; N] { core::array::from_fn(|i| c.0[i]) };
        let board = Board::<N> {
            target: words(&self.target),
            first_line: words(&self.first_line),
            last_line: words(&self.last_line),
            line: self.line,
            smallest: self.smallest,
            granule: self.granule,
        };
        let mut occupied = words(&self.occupied);
        let mut spent = 0;
        let status = loop {
            if spent >= budget {
                break Status::InProgress;
            }
            let Some(top) = self.frames.last_mut() else {
                break Status::NotFound(Shortfall::NoMore);
            };
            if top.chosen != NONE {
                let undo = &all[top.chosen as usize];
                for (o, m) in occupied.iter_mut().zip(undo.mask.0) {
                    *o &= !m;
                }
                self.left[undo.kind as usize] += 1;
                self.left_code += 1 << self.code_shift[undo.kind as usize];
                self.available |= 1 << undo.kind;
                self.deadline = self.deadline.min(last_start[undo.kind as usize]);
                top.chosen = NONE;
            }
            let mut chosen = NONE;
            loop {
                while top.next < top.end {
                    let i = top.next;
                    top.next += 1;
                    let mask = &all[i as usize].mask.0;
                    if (0..N).all(|w| mask[w] & occupied[w] == 0) {
                        chosen = i;
                        break;
                    }
                }
                if chosen != NONE || top.untried == 0 {
                    break;
                }
                let kind = top.untried.trailing_zeros();
                top.untried &= top.untried - 1;
                let range = candidates.group(top.cell as usize, kind as usize);
                (top.next, top.end) = (range.start, range.end);
            }
            if chosen == NONE {
                if top.found == self.solutions {
                    self.dead_ends.insert(&occupied, self.left_code);
                }
                self.frames.pop();
                continue;
            }
            top.chosen = chosen;
            let p = &all[chosen as usize];
            for (o, m) in occupied.iter_mut().zip(p.mask.0) {
                *o |= m;
            }
            self.left[p.kind as usize] -= 1;
            self.left_code -= 1 << self.code_shift[p.kind as usize];
            if self.left[p.kind as usize] == 0 {
                self.available &= !(1 << p.kind);
                if last_start[p.kind as usize] == self.deadline {
                    self.deadline = deadline(last_start, self.available);
                }
            }
            spent += 1;
            self.nodes += 1;
            if occupied == board.target {
                self.solutions += 1;
                break Status::Found;
            }
            let next = board.next_cell(&occupied).filter(|&first| first <= self.deadline);
            if let Some(first) = next.filter(|_| !self.dead_ends.contains(&occupied, self.left_code)) {
                let found = self.solutions;
                self.frames.push(Frame { cell: first, untried: self.available, next: 0, end: 0, chosen: NONE, found });
            }
        };
        self.occupied = Cells(core::array::from_fn(|i| if i < N { occupied[i] } else { 0 }));
        status
    }
}

/// The words of the search's bit sets for a board of `cells` cells: a 6×10 board is one machine word.
fn board_words(cells: usize) -> usize {
    match cells {
        0..=64 => 1,
        65..=128 => 2,
        _ => 4,
    }
}

/// The earliest of `last_start` over the kinds of `available`.
fn deadline(last_start: &[u32], available: u64) -> u32 {
    let mut kinds = available;
    let mut earliest = u32::MAX;
    while kinds != 0 {
        earliest = earliest.min(last_start.get(kinds.trailing_zeros() as usize).copied().unwrap_or(u32::MAX));
        kinds &= kinds - 1;
    }
    earliest
}

/// The board as `N` words, for the search's inner loop.
struct Board<const N: usize> {
    target: [u64; N],
    first_line: [u64; N],
    last_line: [u64; N],
    line: u32,
    smallest: u32,
    granule: u32,
}

impl<const N: usize> Board<N> {
    /// The cells beside the cells of `set` (on the board or not).
    #[inline]
    fn beside(&self, set: &[u64; N]) -> [u64; N] {
        core::array::from_fn(|i| {
            let up = |k: u32| set[i] << k | if i > 0 { set[i - 1] >> (64 - k) } else { 0 };
            let down = |k: u32| set[i] >> k | if i + 1 < N { set[i + 1] << (64 - k) } else { 0 };
            up(1) & !self.first_line[i] | down(1) & !self.last_line[i] | up(self.line) | down(self.line)
        })
    }

    /// The first empty cell, unless an empty cell has no empty neighbour (when pieces have more than one
    /// cell) or the region of empty cells around the first is too small for any piece or not a sum of
    /// piece sizes (a dead end).
    #[inline]
    fn next_cell(&self, occupied: &[u64; N]) -> Option<u32> {
        let empty: [u64; N] = core::array::from_fn(|i| self.target[i] & !occupied[i]);
        let word = empty.iter().position(|&w| w != 0)?;
        let first = word as u32 * 64 + empty[word].trailing_zeros();
        if self.smallest > 1 {
            let near = self.beside(&empty);
            if (0..N).any(|i| empty[i] & !near[i] != 0) {
                return None;
            }
        }
        let mut region = [0u64; N];
        region[word] = 1 << (first % 64);
        // Each round adds at least one cell; a region still growing after this many rounds is large, and
        // is left for the search to meet later (measured: following it further costs more than it saves).
        for _ in 0..self.smallest {
            let near = self.beside(&region);
            let grown: [u64; N] = core::array::from_fn(|i| (region[i] | near[i]) & empty[i]);
            if grown == region {
                let size: u32 = region.iter().map(|w| w.count_ones()).sum();
                return (size >= self.smallest && size % self.granule == 0).then_some(first);
            }
            region = grown;
        }
        Some(first)
    }
}

/// What a [`CoverSearch`] is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Goal {
    /// A plan from the current layout: placements, preceded by taking off placed pieces when no solution
    /// keeps them.
    Plan,
    /// Count solutions from the layout up to `cap` (for rating); with `unique`, a second one rejects
    /// the puzzle.
    Count {
        /// Solutions after which counting stops.
        cap: u64,
        /// Whether a second solution rejects the puzzle.
        unique: bool,
    },
}

/// Which layout a plan search is trying.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Stage {
    /// The layout as it is.
    AsIs,
    /// Placed piece `p` alone on the board: no solution then means no solution allows it.
    Alone(usize),
    /// Without the pieces found wrong, and without piece `p` as well when given.
    Without(Option<usize>),
    /// The empty board.
    Empty,
}

/// The exact solver as a [`Search`]: [`CoverSearch::plan`] for hints and solving, [`CoverSearch::count`]
/// for rating (its stats carry the rating: the placements tried; [`CoverSearch::solutions`] the count).
///
/// A plan first searches from the layout as it is. When that fails, the player's pieces are checked one
/// by one, each alone on the board: a piece no solution allows is wrong, and the plan starts by taking the
/// wrong pieces off. When every piece is fine alone but not together, the plan tries the layout without
/// each placed piece in turn; when no single removal helps, it takes off every placed piece that a
/// solution of the empty board does not keep.
#[derive(Clone, Debug)]
pub struct CoverSearch {
    cover: Cover,
    goal: Goal,
    start: Layout,
    stage: Stage,
    /// Placed pieces that no solution allows (bit `p` for piece `p`).
    wrong: u64,
    /// The plan found: removals, then placements.
    path: Vec<(HargramMove, Layout)>,
    /// Solutions counted up to symmetry (counting goal).
    counted: u64,
    /// The picture of the last solution (counting up to symmetry).
    picture: Picture,
    status: Status,
    stats: Stats,
}

impl CoverSearch {
    fn new(cover: Cover, goal: Goal) -> CoverSearch {
        CoverSearch {
            cover,
            goal,
            start: Layout::EMPTY,
            stage: Stage::AsIs,
            wrong: 0,
            path: Vec::with_capacity(2 * MAX_PIECES),
            counted: 0,
            picture: Picture::default(),
            status: Status::Unsolvable,
            stats: Stats::default(),
        }
    }

    /// A search for a plan (hints, `lp solve`).
    pub fn plan(puzzle: &Hargram) -> CoverSearch {
        Self::new(Cover::new(puzzle), Goal::Plan)
    }

    /// A search for a plan that remembers no dead end: a frame a piece is all it reserves.
    pub fn plan_small(puzzle: &Hargram) -> CoverSearch {
        Self::new(Cover::small(puzzle), Goal::Plan)
    }

    /// Bytes the search reserved at creation.
    pub fn bytes_reserved(&self) -> usize {
        self.cover.bytes_reserved() + self.path.capacity() * size_of::<(HargramMove, Layout)>()
    }

    /// A search counting solutions up to the board's symmetries, up to `cap` (at least 1); it reports
    /// [`Status::Found`] with the first solution when there is one — or, with `unique`, when there is
    /// exactly one (a second gives `NotFound(Rejected)`) — and `stats.rating` holds the placements tried.
    pub fn count(puzzle: &Hargram, cap: u64, unique: bool) -> CoverSearch {
        // The rating counts placements: the puzzle's alone.
        Self::new(Cover::rating(puzzle), Goal::Count { cap: cap.max(1), unique })
    }

    /// Solutions counted so far (up to symmetry), for a counting search.
    pub fn solutions(&self) -> u64 {
        self.counted
    }

    fn finish(&mut self, status: Status) -> Status {
        self.status = status;
        if status == Status::Found {
            let length = self.path.len() as u32;
            self.stats.solution_length = Some(length);
            self.stats.solution_cost = Some(u64::from(length));
        }
        if let Goal::Count { .. } = self.goal {
            self.stats.rating = Some(self.stats.expanded.min(u32::MAX as u64) as u32);
        }
        status
    }

    fn paint_solution(&mut self, puzzle: &Hargram) {
        puzzle.paint(&self.start, self.cover.solution(puzzle), &mut self.picture);
    }

    /// The placed piece after `after` (from the first with `None`), skipping the wrong ones.
    fn next_placed(&self, puzzle: &Hargram, after: Option<usize>, skip_wrong: bool) -> Option<usize> {
        let from = after.map_or(0, |p| p + 1);
        (from..puzzle.pieces().len())
            .find(|&p| self.start.placement(p).is_some() && !(skip_wrong && self.wrong >> p & 1 == 1))
    }

    /// The stage after the current one failed (or, for a piece alone, succeeded); `None` when none is
    /// left.
    fn next_stage(&self, puzzle: &Hargram) -> Option<Stage> {
        let without = |after| self.next_placed(puzzle, after, true).map(|p| Stage::Without(Some(p)));
        match self.stage {
            Stage::AsIs => self.next_placed(puzzle, None, false).map(Stage::Alone),
            Stage::Alone(p) => match self.next_placed(puzzle, Some(p), false) {
                Some(q) => Some(Stage::Alone(q)),
                None if self.wrong != 0 => Some(Stage::Without(None)),
                None => without(None).or(Some(Stage::Empty)),
            },
            Stage::Without(None) => without(None).or(Some(Stage::Empty)),
            Stage::Without(Some(p)) => without(Some(p)).or(Some(Stage::Empty)),
            Stage::Empty => None,
        }
    }

    /// Starts the cover on the layout of `stage` (of the puzzle of the stage before, but for
    /// [`Stage::AsIs`]).
    fn enter(&mut self, puzzle: &Hargram, stage: Stage) {
        self.stage = stage;
        let mut layout = Layout::EMPTY;
        match stage {
            Stage::AsIs => layout = self.start,
            Stage::Alone(p) => layout.0[p] = self.start.0[p],
            Stage::Without(extra) => {
                layout = self.start;
                for p in (0..MAX_PIECES).filter(|&p| self.wrong >> p & 1 == 1 || Some(p) == extra) {
                    layout.0[p] = 0;
                }
            }
            Stage::Empty => {}
        }
        if stage == Stage::AsIs {
            self.cover.restart(puzzle, &layout);
        } else {
            self.cover.restart_keeping_dead_ends(puzzle, &layout);
        }
    }

    /// Turns the cover's solution into the plan: the removals (wrong pieces first), then a placement for
    /// each piece. On the empty board, a placed piece the solution keeps where it is stays.
    fn keep_solution(&mut self, puzzle: &Hargram) {
        let mut placements: heapless::Vec<Placement, MAX_PIECES> = self.cover.solution(puzzle).copied().collect();
        let mut removed: heapless::Vec<u8, MAX_PIECES> = heapless::Vec::new();
        let placed = (0..puzzle.pieces().len()).filter(|&p| self.start.placement(p).is_some());
        // Wrong pieces first: they are the ones to name.
        let mut order: heapless::Vec<usize, MAX_PIECES> =
            placed.clone().filter(|&p| self.wrong >> p & 1 == 1).collect();
        order.extend(placed.filter(|&p| self.wrong >> p & 1 == 0));
        for p in order {
            let goes = match self.stage {
                Stage::AsIs | Stage::Alone(_) => false,
                Stage::Without(extra) => self.wrong >> p & 1 == 1 || Some(p) == extra,
                Stage::Empty => {
                    let (o, anchor) = self.start.placement(p).unwrap_or((0, 0));
                    let mask = puzzle.piece_mask(p, o, anchor as usize);
                    let kept = placements.iter().position(|f| Some(f.mask) == mask && f.kind == puzzle.kind_of(p));
                    if let Some(i) = kept.filter(|_| self.wrong >> p & 1 == 0) {
                        placements.swap_remove(i);
                    }
                    kept.is_none() || self.wrong >> p & 1 == 1
                }
            };
            if goes {
                let _ = removed.push(p as u8);
            }
        }
        self.path.clear();
        let mut layout = self.start;
        for &piece in &removed {
            layout.0[piece as usize] = 0;
            self.path.push((HargramMove::Remove { piece }, layout));
        }
        for p in &placements {
            if let Some((mv, next)) = puzzle.place(&layout, p) {
                layout = next;
                self.path.push((mv, layout));
            }
        }
    }
}

impl CoverSearch {
    /// Spends at most `budget` placements.
    fn search(&mut self, puzzle: &Hargram, budget: u32) -> Status {
        if self.status != Status::InProgress {
            return self.status;
        }
        let mut left = budget;
        loop {
            let before = self.cover.nodes();
            let event = self.cover.step(puzzle, left);
            let spent = self.cover.nodes() - before;
            self.stats.expanded += spent;
            self.stats.generated += spent;
            left = left.saturating_sub(spent as u32);
            match (event, self.goal) {
                (Status::InProgress, _) => return Status::InProgress,
                (Status::Found, Goal::Plan) => {
                    if let Stage::Alone(_) = self.stage {
                        // This piece is fine where it is.
                        match self.next_stage(puzzle) {
                            Some(stage) => self.enter(puzzle, stage),
                            None => return self.finish(Status::Unsolvable),
                        }
                    } else {
                        self.keep_solution(puzzle);
                        return self.finish(Status::Found);
                    }
                }
                (Status::Found, Goal::Count { cap, unique }) => {
                    // Symmetric images of one solution count once.
                    self.paint_solution(puzzle);
                    if puzzle.is_canonical(&self.picture) {
                        self.counted += 1;
                        if self.counted == 1 {
                            self.keep_solution(puzzle);
                        }
                        if unique && self.counted > 1 {
                            return self.finish(Status::NotFound(Shortfall::Rejected));
                        }
                        if self.counted >= cap {
                            return self.finish(Status::Found);
                        }
                    }
                }
                (_, Goal::Count { .. }) => {
                    let found = self.counted > 0;
                    return self.finish(if found { Status::Found } else { Status::Unsolvable });
                }
                (_, Goal::Plan) => {
                    if let Stage::Alone(p) = self.stage {
                        self.wrong |= 1 << p;
                    }
                    match self.next_stage(puzzle) {
                        Some(stage) => self.enter(puzzle, stage),
                        None => return self.finish(Status::Unsolvable),
                    }
                }
            }
            if left == 0 {
                return Status::InProgress;
            }
        }
    }
}

impl Search<Hargram> for CoverSearch {
    fn restart(&mut self, puzzle: &Hargram, start: Layout) {
        self.start = start;
        self.wrong = 0;
        self.path.clear();
        self.enter(puzzle, Stage::AsIs);
        self.stats = Stats { bytes_reserved: self.bytes_reserved(), ..Stats::default() };
        self.counted = 0;
        self.status = Status::InProgress;
    }

    fn step(&mut self, puzzle: &Hargram, budget: u32) -> Step {
        let before = self.stats.expanded;
        let status = self.search(puzzle, budget);
        Step::new(status, (self.stats.expanded - before) as u32)
    }

    fn status(&self) -> Status {
        self.status
    }

    fn stats(&self) -> Stats {
        self.stats
    }

    fn write_path(&self, out: &mut Vec<(HargramMove, Layout)>) {
        out.clear();
        if self.status == Status::Found {
            out.extend_from_slice(&self.path);
        }
    }

    /// A plan is shortest when it removes only what must go: the wrong pieces, then at most one more
    /// (each removal costs a placement again). A plan from the empty board removes every placed piece
    /// its solution moves, which may be more than needed.
    fn proven_optimal(&self) -> bool {
        self.stage != Stage::Empty
    }
}

/// Counts the solutions from `puzzle`'s start, stopping after `cap` (blocking; the stepped form is
/// [`CoverSearch::count`]). From the empty board of a symmetric board, one piece is confined under the
/// symmetries (see the `symmetry` module) and each class of symmetric covers is counted whole; the
/// confined piece goes down first, each of its kept placements a search of its own, so that no branch
/// runs on without it.
pub fn count_solutions(puzzle: &Hargram, cap: u64) -> SolutionCount {
    let start = puzzle.start();
    let Some((confined, kind)) = puzzle.confined().filter(|_| start == Layout::EMPTY) else {
        let mut cover = Cover::new(puzzle);
        return count_covers(&mut cover, puzzle, &start, cap, |picture| Some((1, puzzle.is_canonical(picture) as u64)));
    };
    // One engine and its dead ends for every placement of the confined piece.
    let mut cover = Cover::new(&confined);
    let mut counted = SolutionCount { all: 0, up_to_symmetry: 0, nodes: 0, capped: false };
    if !puzzle.colouring_allows(&start) {
        // Not one placement tried, as the search itself would do.
        return counted;
    }
    for placement in confined.placements().all.iter().filter(|p| p.kind == kind && !p.dead_end) {
        let Some((_, layout)) = confined.place(&start, placement) else { continue };
        let part = count_covers(&mut cover, &confined, &layout, cap - counted.all, |picture| {
            puzzle.class_size(picture, placement.mask).map(|size| (size, 1))
        });
        counted.all += part.all;
        counted.up_to_symmetry += part.up_to_symmetry;
        // The confined piece's placement is one tried.
        counted.nodes += part.nodes + 1;
        if part.capped {
            counted.capped = true;
            break;
        }
    }
    counted
}

/// Counts every cover of `puzzle` from `start` (with `cover`, restarted keeping the dead ends it found
/// on `puzzle`), adding what `count` makes of each (solutions and solutions up to symmetry; `None` counts
/// nothing), until `cap` solutions.
fn count_covers(
    cover: &mut Cover,
    puzzle: &Hargram,
    start: &Layout,
    cap: u64,
    mut count: impl FnMut(&Picture) -> Option<(u64, u64)>,
) -> SolutionCount {
    cover.restart_keeping_dead_ends(puzzle, start);
    let mut counted = SolutionCount { all: 0, up_to_symmetry: 0, nodes: 0, capped: false };
    let mut picture = Picture::default();
    loop {
        match cover.step(puzzle, u32::MAX) {
            Status::InProgress => continue,
            Status::Found => {
                puzzle.paint(start, cover.solution(puzzle), &mut picture);
                if let Some((all, classes)) = count(&picture) {
                    counted.all += all;
                    counted.up_to_symmetry += classes;
                }
                if counted.all >= cap {
                    // A class counted whole may pass the cap.
                    counted.all = cap;
                    counted.capped = true;
                    // Classes are counted as they are seen whole; a solution found lies in one at least.
                    counted.up_to_symmetry = counted.up_to_symmetry.max(1);
                    break;
                }
            }
            _ => break,
        }
    }
    counted.nodes = cover.nodes();
    counted
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::{solve_with, Puzzle};

    #[test]
    fn the_example_has_a_plan() {
        let puzzle = Hargram::parse("hargram:3x2:.../...:##/#.;#./##").unwrap();
        let outcome = solve_with(&mut CoverSearch::plan(&puzzle), &puzzle, puzzle.start());
        assert_eq!(outcome.status, Status::Found);
        assert_eq!(outcome.moves.len(), 2);
        let end = outcome.moves.iter().try_fold(puzzle.start(), |s, m| puzzle.apply(&s, m)).unwrap();
        assert!(puzzle.is_goal(&end));
    }

    /// Every cover from the empty board: (covers, placements tried).
    fn exhaust(cover: &mut Cover, puzzle: &Hargram) -> (u64, u64) {
        cover.restart(puzzle, &Layout::EMPTY);
        while matches!(cover.step(puzzle, 1000), Status::InProgress | Status::Found) {}
        (cover.solutions(), cover.nodes())
    }

    #[test]
    fn remembered_dead_ends_cut_the_search_and_lose_no_cover() {
        let rectangle = |w: usize, h: usize| alloc::vec![".".repeat(w); h].join("/");
        let pentominoes = "#../###/.#.;#####;#.../####;##../.###;##/##/#.;###/.#./.#.;#.#/###;#../#../###;\
                           #../##./.##;.#./###/.#.;.#../####;##./.#./.##";
        let mut saved = 0;
        for (desc, covers) in [
            // Twins of several kinds: the pieces left must be told apart by their counts.
            (alloc::format!("hargram:6x4:{}:##/#.;##/#.;##/#.;##/#.;###;###;##;##;##", rectangle(6, 4)), None),
            (alloc::format!("hargram:5x4:{}:{}", rectangle(5, 4), ["##"; 10].join(";")), Some(95)),
            (alloc::format!("hargram:20x3:{}:{pentominoes}", rectangle(20, 3)), Some(8)),
        ] {
            let puzzle = Hargram::parse(&desc).unwrap();
            let (all, tried) = exhaust(&mut Cover::small(&puzzle), &puzzle);
            let (remembered, fewer) = exhaust(&mut Cover::new(&puzzle), &puzzle);
            assert_eq!(remembered, all, "{desc}");
            assert!(covers.is_none_or(|c| c == all), "{desc}: {all} covers");
            assert!(fewer <= tried, "{desc}: {fewer} placements against {tried}");
            saved += tried - fewer;
        }
        assert!(saved > 0);
    }
}
