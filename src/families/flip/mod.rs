//! "Stomp on it!" flip panels: pressing a cell flips it and its orthogonal neighbours; reach the target
//! pattern from the start pattern. Boards up to 32×32.
//!
//! Press order does not matter and pressing twice cancels, so a solution is a set of presses `x` with
//! `A·x = start ⊕ target` over GF(2), where `A` says which presses flip which cells. When the puzzle is
//! created, Gauss–Jordan elimination of `A` records the row operations `E`: then any right-hand side is
//! solved with one matrix-vector product, it is solvable exactly when the rows of `E` past the rank give
//! zero (decided at once, before any search), and the minimum-press solution is the lightest of the
//! particular solution combined with every vector of the null space (`A` is symmetric, so those rows of
//! `E` span it), enumerated in Gray-code order — stepped, a budget unit per combination tried.
//!
//! Text description: `flip:WxH:START[:TARGET]`, rows separated by `/`, `#` dark and `.` light; the default
//! target is all light. Example: `flip:3x3:#.#/.#./#.#`.
//!
//! The earlier systems' A\* with "mismatched cells" as its heuristic stays available as a baseline
//! (`Algorithm::AStar` on this puzzle): that heuristic is not admissible (a press flips up to five cells),
//! so such a search never calls its solution optimal. The option `heuristic=presses` divides it by the
//! most cells a press flips, a lower bound.

#[cfg(feature = "std")]
mod abi;
mod generate;

pub use generate::{FlipContext, FlipParams};

use crate::family::{add_cell, Family, Fingerprint, HintCells, MoveCode, Reason};
use crate::memory::OutOfMemory;
use crate::params::{Kind, Spec};
use crate::search::{Algorithm, Puzzle, Search, Solver, Stats, Status, Step};
use crate::text::{fields, Field, ParseError};
use alloc::boxed::Box;
use alloc::format;
use alloc::string::String;
use alloc::sync::Arc;
use alloc::vec;
use alloc::vec::Vec;

/// The largest board side.
pub const MAX_SIDE: usize = 32;
const WORDS: usize = MAX_SIDE * MAX_SIDE / 64;
/// Null spaces of more dimensions than this are not enumerated: the solution found is then valid but
/// not proven minimal.
pub const MAX_NULLITY: u32 = 24;

/// One bit per cell, row-major.
type Bits = [u64; WORDS];

fn bit(bits: &Bits, i: usize) -> bool {
    bits[i / 64] >> (i % 64) & 1 == 1
}

fn flip_bit(bits: &mut Bits, i: usize) {
    bits[i / 64] ^= 1 << (i % 64);
}

fn xor(a: &mut Bits, b: &Bits) {
    for (x, y) in a.iter_mut().zip(b) {
        *x ^= y;
    }
}

fn ones(bits: &Bits) -> u32 {
    bits.iter().map(|w| w.count_ones()).sum()
}

fn parity(a: &Bits, b: &Bits) -> bool {
    a.iter().zip(b).fold(0, |acc, (x, y)| acc ^ (x & y).count_ones()) & 1 == 1
}

/// The panels: one bit per cell (dark = 1), row-major.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Panels(Bits);

impl core::fmt::Debug for Panels {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "Panels({} dark)", ones(&self.0))
    }
}

impl Panels {
    /// Whether cell `index` (row-major) is dark.
    pub fn is_dark(&self, index: usize) -> bool {
        index < MAX_SIDE * MAX_SIDE && bit(&self.0, index)
    }
}

/// A press of the cell at `index` (row-major).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Press(pub u16);

/// What elimination of the press matrix leaves: the row operations and the rank.
#[derive(Debug)]
struct Elimination {
    /// Row operations `E` (`E·A` is in reduced row echelon form).
    operations: Vec<Bits>,
    /// Pivot column of each of the first `rank` rows.
    pivots: Vec<u16>,
    rank: usize,
}

/// The estimate the generic searches use (option `heuristic`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Heuristic {
    /// Mismatched cells (the earlier systems'): not a lower bound.
    Mismatched,
    /// Mismatched cells over the most cells one press flips, rounded up: a lower bound.
    Presses,
}

/// The names of [`Heuristic`]'s values, in order.
const HEURISTICS: &[&str] = &["mismatched", "presses"];

/// A flip-panels puzzle.
#[derive(Clone, Debug)]
pub struct Flip {
    width: u8,
    height: u8,
    start: Panels,
    target: Panels,
    /// Cells each press flips.
    presses: Arc<Vec<Bits>>,
    /// The most cells one press flips.
    largest_press: u32,
    elimination: Arc<Elimination>,
    heuristic: Heuristic,
}

impl PartialEq for Flip {
    fn eq(&self, other: &Flip) -> bool {
        (self.width, self.height, self.start, self.target) == (other.width, other.height, other.start, other.target)
    }
}

impl Eq for Flip {}

impl Flip {
    /// A `width`×`height` board (1..=32 each) from `start` to `target`, row-major, `true` = dark.
    pub fn new(width: u8, height: u8, start: &[bool], target: &[bool]) -> Result<Flip, String> {
        let (w, h) = (width as usize, height as usize);
        if !(1..=MAX_SIDE).contains(&w) || !(1..=MAX_SIDE).contains(&h) {
            return Err(format!("board sides must be 1 to {MAX_SIDE}"));
        }
        if start.len() != w * h || target.len() != w * h {
            return Err(format!("a {w}x{h} board has {} cells", w * h));
        }
        let pack = |cells: &[bool]| {
            let mut bits = [0u64; WORDS];
            for (i, _) in cells.iter().enumerate().filter(|(_, &dark)| dark) {
                flip_bit(&mut bits, i);
            }
            Panels(bits)
        };
        let presses: Vec<Bits> = (0..w * h)
            .map(|p| {
                let (x, y) = (p % w, p / w);
                let mut bits = [0u64; WORDS];
                flip_bit(&mut bits, p);
                if x > 0 {
                    flip_bit(&mut bits, p - 1);
                }
                if x + 1 < w {
                    flip_bit(&mut bits, p + 1);
                }
                if y > 0 {
                    flip_bit(&mut bits, p - w);
                }
                if y + 1 < h {
                    flip_bit(&mut bits, p + w);
                }
                bits
            })
            .collect();
        let elimination = eliminate(&presses);
        Ok(Flip {
            width,
            height,
            start: pack(start),
            target: pack(target),
            largest_press: presses.iter().map(ones).max().unwrap_or(1),
            presses: Arc::new(presses),
            elimination: Arc::new(elimination),
            heuristic: Heuristic::Mismatched,
        })
    }

    /// The estimate the generic searches use.
    pub fn heuristic_kind(&self) -> Heuristic {
        self.heuristic
    }

    fn cells(&self) -> usize {
        self.width as usize * self.height as usize
    }

    /// Dimension of the space of press sets that change nothing (2 for 5×5, 4 for 4×4).
    pub fn nullity(&self) -> u32 {
        (self.cells() - self.elimination.rank) as u32
    }

    /// The target pattern.
    pub fn target(&self) -> Panels {
        self.target
    }

    /// A set of presses reaching the target from `state` (any one, not minimal), or `None` when the
    /// target cannot be reached.
    fn particular_solution(&self, state: &Panels) -> Option<Bits> {
        let mut rhs = state.0;
        xor(&mut rhs, &self.target.0);
        let e = &self.elimination;
        if e.operations[e.rank..].iter().any(|row| parity(row, &rhs)) {
            return None;
        }
        let mut x = [0u64; WORDS];
        for (row, &pivot) in e.operations[..e.rank].iter().zip(&e.pivots) {
            if parity(row, &rhs) {
                flip_bit(&mut x, pivot as usize);
            }
        }
        Some(x)
    }

    /// The fewest presses from `state` to the target, by brute force over the null space (for tests and
    /// tools; [`Family::recommended_solver`] does the same stepped).
    pub fn minimum_presses(&self, state: &Panels) -> Option<u32> {
        let mut search = Gf2Search::new(self);
        search.restart(self, *state);
        match search.run(self) {
            Status::Found => Some(ones(&search.best)),
            _ => None,
        }
    }
}

/// Gauss–Jordan elimination of the press matrix, recording the row operations.
fn eliminate(presses: &[Bits]) -> Elimination {
    let n = presses.len();
    // Row c of A holds the presses that flip cell c; A is symmetric, so it is `presses` itself.
    let mut rows = presses.to_vec();
    let mut operations: Vec<Bits> = (0..n)
        .map(|i| {
            let mut bits = [0u64; WORDS];
            flip_bit(&mut bits, i);
            bits
        })
        .collect();
    let mut pivots = Vec::new();
    let mut rank = 0;
    for col in 0..n {
        let Some(found) = (rank..n).find(|&r| bit(&rows[r], col)) else {
            continue;
        };
        rows.swap(rank, found);
        operations.swap(rank, found);
        let (pivot_row, pivot_ops) = (rows[rank], operations[rank]);
        for r in 0..n {
            if r != rank && bit(&rows[r], col) {
                xor(&mut rows[r], &pivot_row);
                xor(&mut operations[r], &pivot_ops);
            }
        }
        pivots.push(col as u16);
        rank += 1;
    }
    Elimination { operations, pivots, rank }
}

/// Presses that make one part of a state's successors ([`Puzzle::successors_in`]).
const PRESSES_PER_PART: usize = 64;

impl Flip {
    /// Calls `f` for the presses of the cells `cells` from `s`.
    fn presses_of(&self, s: &Panels, cells: core::ops::Range<usize>, mut f: impl FnMut(Press, Panels, u32)) {
        for p in cells {
            let mut next = *s;
            xor(&mut next.0, &self.presses[p]);
            f(Press(p as u16), next, 1);
        }
    }
}

impl Puzzle for Flip {
    type State = Panels;
    type Move = Press;

    fn successors(&self, s: &Panels, f: impl FnMut(Press, Panels, u32)) {
        self.presses_of(s, 0..self.cells(), f);
    }

    /// A part for every `PRESSES_PER_PART` cells (a 32×32 board has 1,024 presses).
    fn successor_parts(&self, _: &Panels) -> u32 {
        self.cells().div_ceil(PRESSES_PER_PART) as u32
    }

    fn successors_in(&self, s: &Panels, part: u32, f: impl FnMut(Press, Panels, u32)) {
        let first = (part as usize * PRESSES_PER_PART).min(self.cells());
        self.presses_of(s, first..(first + PRESSES_PER_PART).min(self.cells()), f);
    }

    fn is_goal(&self, s: &Panels) -> bool {
        *s == self.target
    }

    /// Mismatched cells (the earlier systems' heuristic, kept for the A\* baseline), or with
    /// `heuristic=presses` those over the most cells a press flips.
    fn heuristic(&self, s: &Panels) -> u32 {
        let mismatched: u32 = s.0.iter().zip(&self.target.0).map(|(a, b)| (a ^ b).count_ones()).sum();
        match self.heuristic {
            Heuristic::Mismatched => mismatched,
            Heuristic::Presses => mismatched.div_ceil(self.largest_press),
        }
    }

    /// Only `presses`: a press changes at most that many cells. Mismatched cells overcount (one press
    /// fixes up to five).
    fn heuristic_is_admissible(&self) -> bool {
        self.heuristic == Heuristic::Presses
    }

    /// Decided by the rows of the elimination past the rank, with no search.
    fn provably_unsolvable(&self, s: &Panels) -> bool {
        self.particular_solution(s).is_none()
    }

    fn apply(&self, s: &Panels, mv: &Press) -> Option<Panels> {
        let flips = self.presses.get(mv.0 as usize)?;
        let mut next = *s;
        xor(&mut next.0, flips);
        Some(next)
    }
}

/// The minimum-press solver: a particular solution, then the null space in Gray-code order.
struct Gf2Search {
    puzzle: Flip,
    start: Panels,
    current: Bits,
    best: Bits,
    /// Gray-code counter over the null space; `combinations` in all.
    counter: u64,
    combinations: u64,
    status: Status,
    stats: Stats,
}

impl Gf2Search {
    fn new(puzzle: &Flip) -> Gf2Search {
        Gf2Search {
            puzzle: puzzle.clone(),
            start: puzzle.start,
            current: [0; WORDS],
            best: [0; WORDS],
            counter: 0,
            combinations: 0,
            status: Status::Unsolvable,
            stats: Stats::default(),
        }
    }

    fn finish(&mut self, status: Status) -> Status {
        self.status = status;
        if status == Status::Found {
            let presses = ones(&self.best);
            self.stats.solution_length = Some(presses);
            self.stats.solution_cost = Some(u64::from(presses));
        }
        status
    }
}

impl Search<Flip> for Gf2Search {
    fn restart(&mut self, puzzle: &Flip, start: Panels) {
        self.stats = Stats { bytes_reserved: core::mem::size_of::<Self>(), ..Stats::default() };
        self.start = start;
        self.status = Status::InProgress;
        match puzzle.particular_solution(&start) {
            None => {
                self.finish(Status::Unsolvable);
            }
            Some(x) => {
                self.current = x;
                self.best = x;
                self.counter = 0;
                self.combinations = 1u64 << puzzle.nullity().min(MAX_NULLITY);
            }
        }
    }

    fn step(&mut self, puzzle: &Flip, budget: u32) -> Step {
        if self.status != Status::InProgress {
            return Step::new(self.status, 0);
        }
        let e = &puzzle.elimination;
        let null_space = &e.operations[e.rank..];
        for work in 0..budget.max(1) {
            self.counter += 1;
            if self.counter >= self.combinations {
                return Step::new(self.finish(Status::Found), work);
            }
            xor(&mut self.current, &null_space[self.counter.trailing_zeros() as usize]);
            self.stats.expanded += 1;
            if ones(&self.current) < ones(&self.best) {
                self.best = self.current;
            }
        }
        Step::new(Status::InProgress, budget.max(1))
    }

    fn status(&self) -> Status {
        self.status
    }

    fn stats(&self) -> Stats {
        self.stats
    }

    /// Proven minimal when the whole null space was enumerated.
    fn proven_optimal(&self) -> bool {
        self.puzzle.nullity() <= MAX_NULLITY
    }

    fn write_path(&self, out: &mut Vec<(Press, Panels)>) {
        out.clear();
        if self.status != Status::Found {
            return;
        }
        let mut state = self.start;
        for p in (0..self.puzzle.cells()).filter(|&p| bit(&self.best, p)) {
            xor(&mut state.0, &self.puzzle.presses[p]);
            out.push((Press(p as u16), state));
        }
    }
}

fn parse_pattern(field: &Field<'_>, w: usize, h: usize) -> Result<Vec<bool>, ParseError> {
    field.parse_grid("the board", Some((w, h))).map(|(_, _, cells)| cells)
}

fn write_pattern(out: &mut String, panels: &Panels, w: usize, h: usize) {
    for y in 0..h {
        if y > 0 {
            out.push('/');
        }
        out.extend((0..w).map(|x| if panels.is_dark(y * w + x) { '#' } else { '.' }));
    }
}

/// Reason code of flip hints: press a cell of a minimum-press solution.
pub const PRESS: u32 = 1;

impl Family for Flip {
    const NAME: &'static str = "flip";
    const SUMMARY: &'static str =
        "\"Stomp on it!\" flip panels: a press flips a panel and its neighbours; match the target";
    const REASONS: &'static [Reason] =
        &[Reason { code: PRESS, name: "press", doc: "press a panel that a solution of fewest presses presses" }];
    const OPTIONS: &'static [Spec] = &[Spec {
        name: "heuristic",
        kind: Kind::Choice(HEURISTICS),
        min: 0,
        max: 1,
        default: "mismatched",
        doc: "the estimate of A*, IDA* and the baselines: mismatched cells (the earlier systems', not a lower \
              bound, so those searches prove nothing) or presses (mismatched cells over the most one press \
              flips: a lower bound)",
    }];

    fn parse(desc: &str) -> Result<Flip, ParseError> {
        let f = fields(desc, Self::NAME, 2, 3)?;
        let (w, h) = f[0].parse_dims(1, MAX_SIDE as u8)?;
        let start = parse_pattern(&f[1], w as usize, h as usize)?;
        let target = match f.get(2) {
            Some(field) => parse_pattern(field, w as usize, h as usize)?,
            None => vec![false; w as usize * h as usize],
        };
        Flip::new(w, h, &start, &target).map_err(|e| f[0].error(e))
    }

    fn describe(&self) -> String {
        let (w, h) = (self.width as usize, self.height as usize);
        let mut out = format!("flip:{w}x{h}:");
        write_pattern(&mut out, &self.start, w, h);
        if self.target != Panels([0; WORDS]) {
            out.push(':');
            write_pattern(&mut out, &self.target, w, h);
        }
        out
    }

    fn start(&self) -> Panels {
        self.start
    }

    fn with_start(&self, state: Panels) -> Flip {
        Flip { start: state, ..self.clone() }
    }

    fn render(&self, s: &Panels) -> String {
        let (w, h) = (self.width as usize, self.height as usize);
        let mut out = String::new();
        for y in 0..h {
            for x in 0..w {
                out.push_str(if s.is_dark(y * w + x) { " #" } else { " ." });
            }
            out.push_str("   ");
            for x in 0..w {
                out.push_str(if self.target.is_dark(y * w + x) { " #" } else { " ." });
            }
            out.push('\n');
        }
        out
    }

    /// `x,y` of the pressed cell, from 0.
    fn move_token(&self, mv: &Press) -> String {
        let w = self.width as u16;
        format!("{},{}", mv.0 % w, mv.0 / w)
    }

    fn move_text(&self, mv: &Press) -> String {
        let w = self.width as u16;
        format!("press column {}, row {}", mv.0 % w + 1, mv.0 / w + 1)
    }

    /// The GF(2) minimum-press solver (optimal; a budget unit is one null-space combination).
    fn recommended_solver(&self) -> Result<Solver<Flip>, OutOfMemory> {
        Ok(Solver::custom(Algorithm::Exact, Box::new(Gf2Search::new(self))))
    }

    /// A press undoes itself: the cluster is every pattern the presses reach (2^(cells − nullity)).
    fn cluster(
        &self,
        node_cap: usize,
        farthest: usize,
    ) -> Option<Result<crate::search::cluster::Cluster<Panels>, Status>> {
        Some(crate::search::cluster::analyze(self, self, self.start, node_cap, farthest))
    }

    /// `heuristic=mismatched` or `presses`.
    fn with_option(&self, key: &str, value: &str) -> Result<Flip, String> {
        let index = HEURISTICS.iter().position(|&h| h == value);
        match (key, index) {
            ("heuristic", Some(i)) => {
                Ok(Flip { heuristic: [Heuristic::Mismatched, Heuristic::Presses][i], ..self.clone() })
            }
            ("heuristic", None) => Err(format!("heuristic must be one of {}, not '{value}'", HEURISTICS.join(", "))),
            _ => Err(format!("flip puzzles take no option '{key}'")),
        }
    }

    /// The same level turned or mirrored has the same fingerprint: the smallest image of start and
    /// target under the board's symmetries.
    fn fingerprint(&self) -> u64 {
        let (w, h) = (self.width as usize, self.height as usize);
        let image = |t: u8| {
            let mut bits = [[0u64; WORDS]; 2];
            for c in 0..w * h {
                let to = crate::grid::transform(t, w, h, c);
                for (out, panels) in bits.iter_mut().zip([&self.start, &self.target]) {
                    if panels.is_dark(c) {
                        flip_bit(out, to);
                    }
                }
            }
            bits
        };
        let smallest = crate::grid::symmetries(w, h).map(image).min().unwrap_or([[0; WORDS]; 2]);
        let fed = smallest.iter().flatten().fold(Fingerprint::new(), |f, word| f.bytes(&word.to_le_bytes()));
        fed.bytes(&[self.width, self.height]).finish()
    }

    /// `from` is the pressed cell (row-major index); the other fields are unused.
    fn encode_move(&self, mv: &Press) -> MoveCode {
        MoveCode { piece: 0, from: mv.0 as i32, to: 0, arg: 0 }
    }

    fn decode_move(&self, _: &Panels, code: &MoveCode) -> Option<Press> {
        usize::try_from(code.from).ok().filter(|&c| c < self.cells()).map(|c| Press(c as u16))
    }

    /// Every panel can be pressed: only a cell off the board is not a move.
    fn illegal_move(&self, _: &Panels, code: &MoveCode) -> String {
        format!(
            "there is no panel {} to press: a {}x{} board has panels 0 to {}",
            code.from,
            self.width,
            self.height,
            self.cells() - 1
        )
    }

    fn board_size(&self) -> (u32, u32) {
        (self.width as u32, self.height as u32)
    }

    /// 1 for a dark cell, 0 for a light one.
    fn cell(&self, s: &Panels, index: usize) -> i32 {
        (index < self.cells() && s.is_dark(index)) as i32
    }

    /// The pressed cell and the neighbours it flips.
    fn explain(&self, _: &Panels, mv: &Press, _: bool, cells: &mut HintCells) -> u32 {
        if let Some(flips) = self.presses.get(mv.0 as usize) {
            let _ = cells.push(mv.0);
            for c in (0..self.cells()).filter(|&c| bit(flips, c) && c != mv.0 as usize) {
                let _ = cells.push(c as u16);
            }
        }
        PRESS
    }

    /// The row of the panel to press (not the panel: that is the move).
    fn hint_piece(&self, _: &Panels, mv: &Press, cells: &mut HintCells) {
        let w = self.width as u16;
        let row = mv.0 / w;
        for c in row * w..(row + 1) * w {
            let _ = cells.push(c);
        }
    }

    fn hint_piece_text(&self, _: &Panels, mv: &Press) -> String {
        format!("press a panel of row {}", mv.0 / self.width as u16 + 1)
    }

    /// The panels that still differ from the target.
    fn hint_region(&self, state: &Panels, _: &[(Press, Panels)], cells: &mut HintCells) {
        for c in (0..self.cells()).filter(|&c| bit(&state.0, c) != bit(&self.target.0, c)) {
            add_cell(cells, c as u16);
        }
    }

    fn hint_region_text(&self, state: &Panels, _: &[(Press, Panels)]) -> String {
        let differ = (0..self.cells()).filter(|&c| bit(&state.0, c) != bit(&self.target.0, c)).count();
        // Only the count: the presses that fix them may lie anywhere on the board.
        let panels =
            if differ == 1 { String::from("1 panel still differs") } else { format!("{differ} panels still differ") };
        format!("{panels} from the target")
    }

    /// "press column 2, row 1: it flips 4 panels, one of the fewest presses to the target".
    fn hint_text(&self, _: &Panels, mv: &Press, _: u32) -> String {
        let flipped = self.presses.get(mv.0 as usize).map_or(0, ones);
        format!("{}: it flips {flipped} panels, one of the fewest presses to the target", self.move_text(mv))
    }
}

impl Flip {
    /// The all-light `w`×`h` board with the all-light target (sides checked by the caller).
    fn lights_out(w: u8, h: u8) -> Flip {
        let n = w as usize * h as usize;
        Flip::new(w, h, &vec![false; n], &vec![false; n]).unwrap_or_else(|_| unreachable!("checked size"))
    }

    /// A puzzle from one byte a cell, as the C ABI passes them (non-zero dark); no target for all light.
    pub fn from_bytes(width: u8, height: u8, start: &[u8], target: Option<&[u8]>) -> Result<Flip, String> {
        let start: Vec<bool> = start.iter().map(|&c| c != 0).collect();
        let target: Vec<bool> =
            target.map_or_else(|| vec![false; start.len()], |t| t.iter().map(|&c| c != 0).collect());
        Flip::new(width, height, &start, &target)
    }
}
