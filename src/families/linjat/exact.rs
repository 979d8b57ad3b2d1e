//! The exact solver: depth-first search over the choices left, counting solutions up to a limit. At each
//! node it branches on the most constrained item — a number without a segment (its segments that fit) or
//! a dot not covered (the segments that could cover it) — and backtracks when some item has no choice
//! left. Fixed memory (one frame per number), stepped by nodes.
//!
//! The same search finds the solution nearest a position (branch and bound): the one that redraws the
//! fewest of the position's segments, each number's drawn orientation tried first, a branch cut when it
//! already redraws as many as the best solution found (counting the drawn segments that no longer fit).

use super::{and_not, cells, disjoint, has, or, Drawn, Linjat, Mask, EMPTY_MASK, MAX_NUMBERS, MAX_ORIENTATIONS};
use crate::search::{Status, Step};
use alloc::vec::Vec;

/// What a frame of the search branches on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Item {
    /// The segments of a number.
    Number(u8),
    /// The segments covering a dot.
    Dot(u8),
}

/// One level of the search: the item, the next choice to try, and the number it placed.
#[derive(Clone, Copy, Debug)]
struct Frame {
    item: Item,
    cursor: u16,
    placed: Option<u8>,
}

/// A stepped, fixed-memory exact search.
#[derive(Clone, Debug)]
pub struct ExactSearch {
    limit: u64,
    drawn: Drawn,
    occupied: Mask,
    stack: heapless::Vec<Frame, { MAX_NUMBERS + 1 }>,
    /// Whether the next step chooses an item at a new depth (rather than the top frame's next choice).
    descend: bool,
    solutions: u64,
    first: Option<Drawn>,
    nodes: u64,
    status: Status,
    /// In a search for the nearest solution: the position's segments, the number of them the current
    /// branch redraws, and the best solution so far with its count.
    nearest: Option<Drawn>,
    redrawn: u32,
    best: Option<(u32, Drawn)>,
    /// The (number, orientation) pairs covering each cell: those of cell `c` are
    /// `covering[covering_from[c]..covering_from[c + 1]]` (made at each restart, the memory kept).
    covering: Vec<(u8, u8)>,
    covering_from: Vec<u16>,
}

impl Default for ExactSearch {
    fn default() -> Self {
        ExactSearch {
            limit: 1,
            drawn: Drawn::NONE,
            occupied: EMPTY_MASK,
            stack: heapless::Vec::new(),
            descend: true,
            solutions: 0,
            first: None,
            nodes: 0,
            status: Status::Unsolvable,
            nearest: None,
            redrawn: 0,
            best: None,
            covering: Vec::new(),
            covering_from: Vec::new(),
        }
    }
}

impl ExactSearch {
    /// A search with its index reserved for puzzles of up to `numbers` numbers on `cells` cells, so
    /// that restarting it on them allocates nothing.
    pub fn reserved(cells: usize, numbers: usize) -> ExactSearch {
        let mut search = ExactSearch::default();
        search.covering.reserve_exact(numbers * super::MAX_ORIENTATIONS * super::MAX_VALUE as usize);
        search.covering_from.reserve_exact(cells + 2);
        search
    }

    /// Starts counting the solutions that keep the segments of `fixed` (which must be legal), stopping at
    /// `limit` of them.
    pub fn restart(&mut self, puzzle: &Linjat, fixed: &Drawn, limit: u64) {
        let (mut covering, mut from) = (core::mem::take(&mut self.covering), core::mem::take(&mut self.covering_from));
        index_covering(puzzle, &mut covering, &mut from);
        *self = ExactSearch {
            limit: limit.max(1),
            drawn: *fixed,
            occupied: puzzle.covered(fixed),
            covering,
            covering_from: from,
            ..Self::default()
        };
        self.status = if puzzle.is_legal(fixed) { Status::InProgress } else { Status::Unsolvable };
    }

    /// Starts a search for the solution nearest `position` (which must be legal): the one keeping the
    /// most of its segments, that is redrawing the fewest (each redrawn segment costs a move to take off
    /// and one to draw, each number without a segment one). [`ExactSearch::nearest`] gives it.
    pub fn restart_nearest(&mut self, puzzle: &Linjat, position: &Drawn) {
        self.restart(puzzle, &Drawn::NONE, u64::MAX);
        self.nearest = Some(*position);
        if !puzzle.is_legal(position) {
            self.status = Status::Unsolvable;
        }
    }

    /// In a search for the nearest solution: the best found so far and how many of the position's
    /// segments it redraws (the fewest of any solution once the search is complete).
    pub fn nearest(&self) -> Option<(u32, Drawn)> {
        self.best
    }

    /// Solutions found so far.
    pub fn solutions(&self) -> u64 {
        self.solutions
    }

    /// The first solution found.
    pub fn first(&self) -> Option<Drawn> {
        self.first
    }

    /// Nodes (choices tried) so far.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Where the search stands: `Found` once the limit is reached or the search is complete with a
    /// solution, `Unsolvable` when complete without one.
    pub fn status(&self) -> Status {
        self.status
    }

    /// Whether the count is complete (not stopped at the limit).
    pub fn complete(&self) -> bool {
        self.status != Status::InProgress && self.solutions < self.limit
    }

    /// Tries at most `budget` choices.
    pub fn step(&mut self, puzzle: &Linjat, budget: u32) -> Step {
        let mut spent = 0;
        while self.status == Status::InProgress && spent < budget {
            if self.descend {
                self.descend = false;
                match self.choose(puzzle) {
                    Choice::Solved => {
                        self.solutions += 1;
                        self.first.get_or_insert(self.drawn);
                        if self.nearest.is_some() && self.best.is_none_or(|(b, _)| self.redrawn < b) {
                            self.best = Some((self.redrawn, self.drawn));
                        }
                        if self.solutions >= self.limit || self.best.is_some_and(|(b, _)| b == 0) {
                            self.status = Status::Found;
                        }
                    }
                    Choice::Dead => {}
                    Choice::Branch(item) => {
                        let _ = self.stack.push(Frame { item, cursor: 0, placed: None });
                    }
                }
                continue;
            }
            let Some(mut frame) = self.stack.pop() else {
                self.status = if self.solutions > 0 { Status::Found } else { Status::Unsolvable };
                break;
            };
            if let Some(p) = frame.placed.take() {
                self.unplace(puzzle, p as usize);
            }
            if let Some((p, o, next)) = self.next_choice(puzzle, frame.item, frame.cursor as usize) {
                spent += 1;
                self.nodes += 1;
                self.place(puzzle, p, o);
                frame.cursor = next as u16;
                frame.placed = Some(p as u8);
                let _ = self.stack.push(frame);
                self.descend = true;
            }
        }
        Step::new(self.status, spent)
    }

    fn place(&mut self, puzzle: &Linjat, p: usize, o: usize) {
        self.drawn.0[p] = o as u8 + 1;
        self.occupied = or(&self.occupied, &puzzle.board().segment(p, o).mask);
        self.redrawn += self.redraws(p, o) as u32;
    }

    fn unplace(&mut self, puzzle: &Linjat, p: usize) {
        if let Some(o) = self.drawn.get(p) {
            self.occupied = and_not(&self.occupied, &puzzle.board().segment(p, o as usize).mask);
            self.drawn.0[p] = 0;
            self.redrawn -= self.redraws(p, o as usize) as u32;
        }
    }

    /// Whether drawing orientation `o` of number `p` redraws one of the position's segments.
    #[inline]
    fn redraws(&self, p: usize, o: usize) -> bool {
        self.nearest.and_then(|n| n.get(p)).is_some_and(|drawn| drawn as usize != o)
    }

    /// The orientation a number's `cursor` stands for: the position's first (in a search for the
    /// nearest solution), then the others in order.
    #[inline]
    fn orientation_at(&self, p: usize, cursor: usize) -> usize {
        match self.nearest.and_then(|n| n.get(p)).map(usize::from) {
            None => cursor,
            Some(drawn) if cursor == 0 => drawn,
            Some(drawn) if cursor <= drawn => cursor - 1,
            Some(_) => cursor,
        }
    }

    /// The first choice of `item` at or after `cursor` that fits: (number, orientation, next cursor).
    fn next_choice(&self, puzzle: &Linjat, item: Item, cursor: usize) -> Option<(usize, usize, usize)> {
        let board = puzzle.board();
        match item {
            Item::Number(p) => {
                let p = p as usize;
                (cursor..MAX_ORIENTATIONS)
                    .map(|i| (i, self.orientation_at(p, i)))
                    .find(|&(_, o)| board.segment_if(p, o).is_some_and(|s| disjoint(&s.mask, &self.occupied)))
                    .map(|(i, o)| (p, o, i + 1))
            }
            Item::Dot(d) => {
                let options = self.covering_of(d as usize);
                (cursor..options.len()).find(|&i| self.fits(puzzle, options[i])).map(|i| {
                    let (p, o) = options[i];
                    (p as usize, o as usize, i + 1)
                })
            }
        }
    }

    /// The (number, orientation) pairs covering `cell`.
    #[inline]
    fn covering_of(&self, cell: usize) -> &[(u8, u8)] {
        &self.covering[self.covering_from[cell] as usize..self.covering_from[cell + 1] as usize]
    }

    /// Whether number `p` is without a segment and orientation `o` fits.
    #[inline]
    fn fits(&self, puzzle: &Linjat, (p, o): (u8, u8)) -> bool {
        self.drawn.get(p as usize).is_none()
            && disjoint(&puzzle.board().segment(p as usize, o as usize).mask, &self.occupied)
    }

    /// The most constrained item, or whether the position is solved or dead (or, in a search for the
    /// nearest solution, cannot beat the best found).
    fn choose(&self, puzzle: &Linjat) -> Choice {
        let board = puzzle.board();
        let mut best: Option<(usize, Item)> = None;
        // The position's segments this branch redraws, and those it must (they no longer fit).
        let mut redrawn = self.redrawn;
        for p in 0..board.numbers.len() {
            if self.drawn.get(p).is_some() {
                continue;
            }
            if let Some(o) = self.nearest.and_then(|n| n.get(p)) {
                redrawn += !disjoint(&board.segment(p, o as usize).mask, &self.occupied) as u32;
            }
            let fitting = board.segments_of(p).filter(|(_, s)| disjoint(&s.mask, &self.occupied)).count();
            if fitting == 0 {
                return Choice::Dead;
            }
            if best.is_none_or(|(n, _)| fitting < n) {
                best = Some((fitting, Item::Number(p as u8)));
            }
        }
        for d in 0..board.cells() {
            if !has(&board.dots, d) || has(&self.occupied, d) {
                continue;
            }
            let options = self.covering_of(d).iter().filter(|&&c| self.fits(puzzle, c)).count();
            if options == 0 {
                return Choice::Dead;
            }
            if best.is_none_or(|(n, _)| options < n) {
                best = Some((options, Item::Dot(d as u8)));
            }
        }
        if self.best.is_some_and(|(b, _)| redrawn >= b) {
            return Choice::Dead;
        }
        match best {
            Some((_, item)) => Choice::Branch(item),
            None => Choice::Solved,
        }
    }
}

/// Fills `covering` and `from` with the (number, orientation) pairs covering each cell of `puzzle`, cell
/// by cell (a counting sort).
fn index_covering(puzzle: &Linjat, covering: &mut Vec<(u8, u8)>, from: &mut Vec<u16>) {
    let board = puzzle.board();
    let n = board.cells();
    from.clear();
    from.resize(n + 2, 0);
    for p in 0..board.numbers.len() {
        for (_, segment) in board.segments_of(p) {
            for cell in cells(&segment.mask) {
                from[cell + 2] += 1;
            }
        }
    }
    for c in 0..n {
        from[c + 2] += from[c + 1];
    }
    covering.clear();
    covering.resize(from[n + 1] as usize, (0, 0));
    // from[c + 1] is the next free slot of cell c while filling; afterwards it is cell c's end.
    for p in 0..board.numbers.len() {
        for (o, segment) in board.segments_of(p) {
            for cell in cells(&segment.mask) {
                covering[from[cell + 1] as usize] = (p as u8, o as u8);
                from[cell + 1] += 1;
            }
        }
    }
    from.truncate(n + 1);
}

/// What [`ExactSearch::choose`] finds.
enum Choice {
    Solved,
    Dead,
    Branch(Item),
}

/// Counts the solutions of `puzzle` that keep `fixed`, up to `limit` (blocking): the count, the first
/// solution, the nodes, and whether the count is complete.
pub fn count(puzzle: &Linjat, fixed: &Drawn, limit: u64) -> (u64, Option<Drawn>, u64, bool) {
    let mut search = ExactSearch::default();
    search.restart(puzzle, fixed, limit);
    while search.step(puzzle, u32::MAX).status == Status::InProgress {}
    (search.solutions(), search.first(), search.nodes(), search.complete())
}
