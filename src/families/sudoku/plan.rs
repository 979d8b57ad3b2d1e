//! The stepped search behind hints and ratings. A hint's plan: the solution nearest the player's
//! position — the one the player's digits extend, when they extend one; else the puzzle's (its only
//! one, when it has one) — then the player's wrong digits put right in the fewest moves, then the empty
//! cells filled in the order the ladder finds their digits, each from the position as it stands (the
//! hint's explanation runs the same ladder from the same position, so the two agree). A rating: the
//! solutions counted (one required), then the ladder run once over the whole grid, SE's rule.
//!
//! Fewest moves: a wrong digit `a` is put right by one move when no peer still holds the digit it
//! needs; a peer `b` that does (itself wrong) must be put right first. Those waits form a graph; every
//! cycle must be broken by erasing one of its cells first, which costs that cell a second move. The
//! plan erases a smallest set of cells that breaks every cycle (found exactly when at most
//! [`EXACT_CYCLE_CELLS`] cells lie on cycles), so it is a shortest way to the solution: the wrong
//! digits, plus the cells erased, plus the empty cells.

use super::exact::Counter;
use super::human::{Board, Ladder, Progress};
use super::puzzle::{Play, Position, Sudoku};
use super::MAX_CELLS;
use crate::memory::OutOfMemory;
use crate::search::{Search, Shortfall, Stats, Status, Step};
use alloc::boxed::Box;
use alloc::vec::Vec;

/// The most cells on cycles of waits whose smallest breaking set is searched exactly (2¹⁶ sets at most,
/// one unit each); past it a greedy set is taken and the plan is not proven shortest.
pub const EXACT_CYCLE_CELLS: usize = 16;

/// Potentials of the ladder's searches ([`Ladder::work`]) a budget unit stands for: about the time of a
/// digit the counter tries (`lp bench frames --family sudoku`).
pub const POTENTIALS_PER_UNIT: u64 = 16;

/// What the search is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// A hint's plan from any position.
    Hint,
    /// The rating of the puzzle from its start (unique solution required; the ladder must finish).
    Rate,
}

/// Where the search stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Phase {
    /// Counting the completions of the player's digits (one wanted).
    Keeping,
    /// Counting the puzzle's solutions (two at most).
    Solutions,
    /// Looking for the smallest set of wrong cells to erase first.
    Breaking,
    /// Filling the empty cells in the ladder's order.
    Ordering,
    /// Finished.
    Done,
}

/// The stepped plan (see the module). Units: digits the counter tries, breaking sets tried, ladder steps.
pub struct Plan {
    mode: Mode,
    counter: Counter,
    ladder: Box<Ladder>,
    phase: Phase,
    start: Position,
    solution: [u8; MAX_CELLS],
    /// Whether the plan is proven shortest.
    proven: bool,
    /// The wrong cells on cycles of waits, and for each (by index) the ones it waits for.
    cyclic: heapless::Vec<u16, EXACT_CYCLE_CELLS>,
    waits: [u16; EXACT_CYCLE_CELLS],
    /// The breaking sets of `size` cells being tried (`next` the next one, as a bit set over `cyclic`).
    size: u32,
    next: u32,
    /// The board the ladder steps on.
    board: Board,
    difficulty: u8,
    path: Vec<(Play, Position)>,
    status: Status,
    stats: Stats,
}

impl Plan {
    /// A plan for `puzzle`'s grids, its memory reserved.
    pub fn new(puzzle: &Sudoku, mode: Mode) -> Result<Plan, OutOfMemory> {
        // At most two moves a cell (a wrong digit erased, then written).
        let path = crate::memory::with_capacity(2 * puzzle.cells())?;
        Ok(Plan {
            mode,
            counter: Counter::new(puzzle.geometry())?,
            ladder: Box::new(Ladder::new(puzzle.geometry())?),
            phase: Phase::Done,
            start: Position::EMPTY,
            solution: [0; MAX_CELLS],
            proven: true,
            cyclic: heapless::Vec::new(),
            waits: [0; EXACT_CYCLE_CELLS],
            size: 0,
            next: 0,
            board: puzzle.board(&Position::EMPTY),
            difficulty: 0,
            path,
            status: Status::Unsolvable,
            stats: Stats::default(),
        })
    }

    /// The position at the end of the path so far.
    fn here(&self) -> Position {
        self.path.last().map_or(self.start, |&(_, p)| p)
    }

    /// Plays `play` at the end of the path.
    fn push(&mut self, puzzle: &Sudoku, play: Play) {
        if let Some(next) = puzzle.play_on(&self.here(), &play) {
            self.path.push((play, next));
        }
    }

    fn finish(&mut self, status: Status) -> Status {
        self.phase = Phase::Done;
        self.status = status;
        if status == Status::Found {
            self.stats.solution_length = Some(self.path.len() as u32);
            self.stats.solution_cost = Some(self.path.len() as u64);
            if self.mode == Mode::Rate {
                self.stats.rating = Some(self.difficulty as u32);
            }
        }
        status
    }

    /// The solution is known: put the wrong digits right, then order the rest.
    fn solved_by(&mut self, puzzle: &Sudoku, solution: &[u8], proven: bool) {
        self.solution[..solution.len()].copy_from_slice(solution);
        self.proven = proven;
        let cells = puzzle.cells();
        let wrong = |c: usize| self.start.digits[c] != 0 && self.start.digits[c] != self.solution[c];
        if !(0..cells).any(wrong) {
            return self.begin_ordering(puzzle);
        }
        // The wrong cells on cycles of waits: those that reach themselves.
        let reach = |from: usize| -> bool {
            let mut seen = [false; MAX_CELLS];
            let mut stack: heapless::Vec<u16, MAX_CELLS> = heapless::Vec::new();
            let _ = stack.push(from as u16);
            while let Some(a) = stack.pop() {
                for b in self.waits_of(puzzle, a as usize) {
                    if b as usize == from {
                        return true;
                    }
                    if !seen[b as usize] {
                        seen[b as usize] = true;
                        let _ = stack.push(b);
                    }
                }
            }
            false
        };
        let mut cyclic: heapless::Vec<u16, MAX_CELLS> = heapless::Vec::new();
        (0..cells).filter(|&c| wrong(c) && reach(c)).for_each(|c| {
            let _ = cyclic.push(c as u16);
        });
        self.stats.expanded += cells as u64;
        if cyclic.len() > EXACT_CYCLE_CELLS {
            // Greedy: erase every cyclic cell; not proven the fewest.
            self.proven = false;
            cyclic.iter().for_each(|&c| self.erase_first(c));
            return self.put_right(puzzle);
        }
        self.cyclic.clear();
        cyclic.iter().for_each(|&c| {
            let _ = self.cyclic.push(c);
        });
        for (i, &a) in self.cyclic.iter().enumerate() {
            let waits = self.waits_of(puzzle, a as usize);
            self.waits[i] = waits.fold(0, |m, b| m | self.cyclic.iter().position(|&c| c == b).map_or(0, |j| 1 << j));
        }
        (self.size, self.next) = (0, 0);
        self.phase = Phase::Breaking;
    }

    /// The wrong cells `a` waits for: peers holding the digit it needs.
    fn waits_of<'a>(&'a self, puzzle: &'a Sudoku, a: usize) -> impl Iterator<Item = u16> + 'a {
        let need = self.solution[a];
        puzzle.geometry().peers[a].iter().copied().filter(move |&b| self.start.digits[b as usize] == need)
    }

    fn erase_first(&mut self, cell: u16) {
        let mut next = self.here();
        next.digits[cell as usize] = 0;
        self.path.push((Play::Erase { cell }, next));
    }

    /// Whether erasing the cyclic cells of `set` leaves no cycle of waits (Kahn's order over the rest).
    fn breaks(&self, set: u32) -> bool {
        let n = self.cyclic.len();
        let mut left = ((1u32 << n) - 1) & !set;
        loop {
            let free = (0..n).find(|&i| left >> i & 1 == 1 && (self.waits[i] as u32) & left == 0);
            match free {
                Some(i) => left &= !(1 << i),
                None => return left == 0,
            }
        }
    }

    /// Tries the next breaking set: the sets of each size in turn, smallest first (Gosper's order).
    fn try_breaking(&mut self, puzzle: &Sudoku) {
        let n = self.cyclic.len() as u32;
        let set = self.next;
        if self.breaks(set) {
            for i in 0..n as usize {
                if set >> i & 1 == 1 {
                    self.erase_first(self.cyclic[i]);
                }
            }
            return self.put_right(puzzle);
        }
        // The next set of the same size, or the first of the next size.
        let next = if set == 0 {
            u32::MAX
        } else {
            let low = set & set.wrapping_neg();
            let ripple = set + low;
            (((ripple ^ set) >> 2) / low) | ripple
        };
        if next >> n != 0 || set == 0 {
            self.size += 1;
            self.next = (1u32 << self.size) - 1;
        } else {
            self.next = next;
        }
    }

    /// Writes the solution's digit over every wrong digit left, each once no peer holds it.
    fn put_right(&mut self, puzzle: &Sudoku) {
        let cells = puzzle.cells();
        loop {
            let here = self.here();
            let ready = (0..cells).find(|&c| {
                here.digits[c] != 0
                    && here.digits[c] != self.solution[c]
                    && puzzle.holder(&here, c, self.solution[c]).is_none()
            });
            let Some(c) = ready else { break };
            self.stats.expanded += 1;
            self.push(puzzle, Play::Place { cell: c as u16, digit: self.solution[c] });
        }
        self.begin_ordering(puzzle);
    }

    fn begin_ordering(&mut self, puzzle: &Sudoku) {
        self.board = puzzle.board(&self.here());
        self.phase = Phase::Ordering;
        if self.mode == Mode::Hint {
            puzzle.walk_begins(&self.here());
        }
    }

    /// Works on the next ladder step for about `units`: the units spent. A rating's board keeps every
    /// step (SE's rule) and ends unrated when the ladder is stuck. A hint's plan takes the digit the
    /// ladder places, then starts the ladder again from the position as it then stands (as the hint's
    /// explanation does); when the ladder is stuck, or places a digit the chosen solution does not have
    /// (a puzzle with several), it writes the solution's digit in the first empty cell.
    fn order(&mut self, puzzle: &Sudoku, units: u32) -> u32 {
        if puzzle.empty_cells(&self.here()) == 0 {
            self.finish(Status::Found);
            return 1;
        }
        let before = self.ladder.work();
        let progress = self.ladder.step(&self.board, u64::from(units).saturating_mul(POTENTIALS_PER_UNIT));
        let spent = u32::try_from((self.ladder.work() - before) / POTENTIALS_PER_UNIT).unwrap_or(u32::MAX).max(1);
        let hint = self.mode == Mode::Hint;
        let placed = match progress {
            Progress::Working => return spent,
            Progress::Step(step) => {
                self.difficulty = self.difficulty.max(step.difficulty());
                self.board.apply(&step);
                if hint {
                    puzzle.walk_step(&step);
                }
                let Some((cell, digit)) = step.place else { return spent };
                if hint {
                    puzzle.walk_ends(step.place);
                }
                if self.mode == Mode::Rate || self.solution[cell as usize] == digit {
                    self.push(puzzle, Play::Place { cell, digit });
                } else {
                    self.fill_first_empty(puzzle);
                }
                true
            }
            Progress::Stuck if self.mode == Mode::Rate => {
                self.finish(Status::NotFound(Shortfall::Stuck));
                return spent;
            }
            Progress::Stuck => {
                puzzle.walk_ends(None);
                self.fill_first_empty(puzzle);
                true
            }
        };
        if placed && hint {
            self.board = puzzle.board(&self.here());
            puzzle.walk_begins(&self.here());
        }
        spent
    }

    /// Writes the solution's digit in the first empty cell.
    fn fill_first_empty(&mut self, puzzle: &Sudoku) {
        let here = self.here();
        if let Some(cell) = (0..puzzle.cells()).find(|&c| here.digits[c] == 0) {
            self.push(puzzle, Play::Place { cell: cell as u16, digit: self.solution[cell] });
        }
    }
}

impl Search<Sudoku> for Plan {
    fn restart(&mut self, puzzle: &Sudoku, start: Position) {
        self.path.clear();
        (self.start, self.stats, self.difficulty, self.proven) = (start, Stats::default(), 0, true);
        self.status = Status::InProgress;
        let digits = &start.digits[..puzzle.cells()];
        self.ladder.reset();
        if self.mode == Mode::Hint {
            // To 2: whether the position has one completion decides the techniques that assume it.
            self.counter.restart(digits, 2);
            self.phase = Phase::Keeping;
        } else {
            self.counter.restart(digits, 2);
            self.phase = Phase::Solutions;
        }
    }

    fn step(&mut self, puzzle: &Sudoku, budget: u32) -> Step {
        let budget = budget.max(1);
        let mut spent = 0u32;
        while spent < budget && self.phase != Phase::Done {
            match self.phase {
                Phase::Keeping | Phase::Solutions => {
                    let before = self.counter.work();
                    let done = self.counter.step((budget - spent) as u64);
                    let work = u32::try_from(self.counter.work() - before).unwrap_or(u32::MAX).max(1);
                    spent = spent.saturating_add(work);
                    self.stats.expanded += work as u64;
                    if done {
                        self.counted(puzzle);
                    }
                }
                Phase::Breaking => {
                    spent += 1;
                    self.stats.expanded += 1;
                    self.try_breaking(puzzle);
                }
                Phase::Ordering => {
                    let work = self.order(puzzle, budget - spent);
                    spent = spent.saturating_add(work);
                    self.stats.expanded += u64::from(work);
                }
                Phase::Done => {}
            }
        }
        Step::new(self.status, spent.min(budget))
    }

    fn status(&self) -> Status {
        self.status
    }

    fn stats(&self) -> Stats {
        self.stats
    }

    fn write_path(&self, out: &mut Vec<(Play, Position)>) {
        out.clear();
        if self.status == Status::Found {
            out.extend_from_slice(&self.path);
        }
    }

    /// Unless the plan's solution was one of several, or its breaking set was taken greedily.
    fn proven_optimal(&self) -> bool {
        self.proven
    }
}

impl Plan {
    /// A count finished: the next phase by what it found.
    fn counted(&mut self, puzzle: &Sudoku) {
        let found = self.counter.solutions();
        // Unique rectangles and BUG+1 only on a board with one completion: the position's when the
        // player's digits extend, else the givens' (whose solution the plan then heads for); the
        // explanations' ladder the same.
        let unique = found == 1;
        if found > 0 {
            self.ladder.assume_unique(unique);
            puzzle.with_ladder(|ladder| ladder.map(|l| l.assume_unique(unique)));
        }
        let mut first = [0u8; MAX_CELLS];
        let cells = puzzle.cells();
        if let Some(solution) = self.counter.first() {
            first[..cells].copy_from_slice(solution);
        }
        match (self.phase, found) {
            (Phase::Keeping, 0) => {
                self.counter.restart(&puzzle.givens().cells, 2);
                self.phase = Phase::Solutions;
            }
            (Phase::Keeping, _) => self.solved_by(puzzle, &first[..cells], true),
            (_, 0) => {
                self.finish(Status::Unsolvable);
            }
            (_, 1) if self.mode == Mode::Rate => {
                self.solution[..cells].copy_from_slice(&first[..cells]);
                self.begin_ordering(puzzle);
            }
            _ if self.mode == Mode::Rate => {
                self.finish(Status::NotFound(Shortfall::Rejected));
            }
            (_, n) => self.solved_by(puzzle, &first[..cells], n == 1),
        }
    }
}
