//! Linjat behind the uniform family interface: descriptions, drawing, move names, the hint plan (take off
//! the segments no solution has, then draw the others in the order the rules deduce them), and hints
//! explained by the rule that deduces them.

use super::exact::ExactSearch;
use super::rules::{collection_score, Progress, Rule, RuleState, Weights, ALL_RULES, MAX_STEPS};
use super::{cells, disjoint, has, text, Drawn, Linjat, Stroke, ERASE};
use crate::family::{add_cell, Deduction, Family, Fingerprint, HintCells, MoveCode, Reason, SolutionCount};
use crate::memory::OutOfMemory;
use crate::search::{Algorithm, Puzzle, Search, Solver, Stats, Status, Step};
use crate::text::ParseError;
use alloc::boxed::Box;
use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

/// Reason code of a hint the rule `rule` deduces: 1 + its index in [`Rule::ALL`].
pub fn reason_of(rule: Rule) -> u32 {
    rule as u32 + 1
}

/// A segment no single rule reaches from the position: the solution the hints lead to has it.
pub const SOLUTION: u32 = 8;
/// Take off a segment the solution the hints lead to has elsewhere.
pub const TAKE_OFF: u32 = 9;

impl Linjat {
    /// "the 3 at row 2, column 5" (1-based).
    fn number_words(&self, p: usize) -> String {
        let board = self.board();
        let cell = board.numbers[p].cell as usize;
        format!("the {} at {}", board.numbers[p].value, cell_words(board.width, cell))
    }

    /// Runs the rules from `state` until number `p` has one orientation left: the rule of that step
    /// and the cells of `p` that step fixed; `None` when the rules do not get there or leave `p` another
    /// orientation than `orientation` (on a puzzle with several solutions, the rules that assume one
    /// may).
    fn deduction(&self, state: &Drawn, p: usize, orientation: u8) -> Option<(Rule, super::Mask)> {
        let board = self.board();
        let mut rules = RuleState::new(board, state, ALL_RULES);
        for _ in 0..MAX_STEPS {
            let before = rules.fixed;
            match rules.step(board) {
                Progress::Rule(rule, _) => {
                    if let Some(known) = rules.known(p) {
                        if known != orientation {
                            return None;
                        }
                        let mut fixed = super::EMPTY_MASK;
                        for c in (0..board.cells()).filter(|&c| before[c] == 0 && rules.fixed[c] == p as u8 + 1) {
                            super::set(&mut fixed, c);
                        }
                        // Left one orientation by what the step before fixed, not by this step's rule:
                        // it fits only one way now.
                        let rule = if super::is_empty(&fixed) { Rule::CantFit } else { rule };
                        return Some((rule, fixed));
                    }
                }
                _ => return None,
            }
        }
        None
    }
}

/// "row 2, column 5" of `cell` (1-based).
impl Linjat {
    /// The segments number `p` can still take in `state`: valid, over no drawn segment.
    fn fits<'a>(&'a self, state: &Drawn, p: usize) -> impl Iterator<Item = &'a super::Segment> + 'a {
        let covered = self.covered(state);
        self.board().segments_of(p).map(|(_, s)| s).filter(move |s| disjoint(&s.mask, &covered))
    }

    /// How many ways number `p` (without a segment) still fits in `state`.
    fn ways_to_fit(&self, state: &Drawn, p: usize) -> usize {
        self.fits(state, p).count()
    }

    /// How many numbers without a segment in `state` have a way to fit over `dot`.
    fn numbers_reaching(&self, state: &Drawn, dot: usize) -> usize {
        let open = (0..self.board().numbers.len()).filter(|&p| state.get(p).is_none());
        open.filter(|&p| self.fits(state, p).any(|s| has(&s.mask, dot))).count()
    }

    /// The dot the stroke's number must reach, when "only it can reach the dot" is the deduction.
    fn dot_to_reach(&self, state: &Drawn, mv: &Stroke) -> Option<usize> {
        if mv.orientation == ERASE {
            return None;
        }
        match self.deduction(state, mv.piece as usize, mv.orientation)? {
            (Rule::Cover, fixed) => cells(&fixed).find(|&c| has(&self.board().dots, c)),
            _ => None,
        }
    }
}

fn cell_words(width: usize, cell: usize) -> String {
    format!("row {}, column {}", cell / width + 1, cell % width + 1)
}

impl Family for Linjat {
    const NAME: &'static str = "linjat";
    const SUMMARY: &'static str =
        "Linjat: draw a segment as long as each number through it, covering every dot, no two overlapping";
    /// A rule step or an exact-search choice is a unit: 300 keep a generator step under a millisecond
    /// (`lp bench frames`: 1,000 took up to 3 ms on the expert tier).
    const FRAME_BUDGET: u32 = 300;
    const DEDUCES: bool = true;

    const REASONS: &'static [Reason] = &[
        Reason {
            code: 1,
            name: "uncontested",
            doc: "a number with no dot left to cover goes where no other number can (assumes one solution)",
        },
        Reason { code: 2, name: "cover", doc: "only this number can reach a dot" },
        Reason {
            code: 3,
            name: "single_solution",
            doc: "the number could lie in two places covering no dot, so it covers a dot (assumes one solution)",
        },
        Reason { code: 4, name: "cant_fit", doc: "every way the number still fits covers these cells" },
        Reason {
            code: 5,
            name: "square",
            doc: "two dots shared with one other number, too far apart for one: it covers one",
        },
        Reason { code: 6, name: "dependency", doc: "whoever covers one dot also covers another" },
        Reason { code: 7, name: "one_of", doc: "of two numbers reaching a cell only one covers it" },
        Reason {
            code: SOLUTION,
            name: "solution",
            doc: "no single rule shows it from here: the solution the hints lead to has it",
        },
        Reason {
            code: TAKE_OFF,
            name: "take_off",
            doc: "take off a segment the solution the hints lead to has elsewhere (the nearest solution, when the \
                  hint is optimal)",
        },
    ];

    fn parse(desc: &str) -> Result<Linjat, ParseError> {
        text::parse(desc)
    }

    /// What the description says (size, numbers, dots, segments drawn), fed without building it.
    fn fingerprint(&self) -> u64 {
        let board = self.board();
        let fed =
            Fingerprint::new().bytes(&(board.width as u32).to_le_bytes()).bytes(&(board.height as u32).to_le_bytes());
        let fed = (0..board.cells()).fold(fed, |f, cell| {
            f.byte(match board.number_at[cell] {
                Some(p) => board.numbers[p as usize].value,
                None if super::has(&board.dots, cell) => b'o',
                None => b'.',
            })
        });
        (0..board.numbers.len()).fold(fed, |f, p| f.byte(self.drawn().get(p).unwrap_or(u8::MAX))).finish()
    }

    fn describe(&self) -> String {
        text::describe(self, &self.drawn())
    }

    fn start(&self) -> Drawn {
        self.drawn()
    }

    fn with_start(&self, state: Drawn) -> Linjat {
        self.with_drawn(state)
    }

    /// Numbers as digits, dots as `o`, horizontal segments as `-`, vertical ones as `|`, empty cells `.`.
    fn render(&self, state: &Drawn) -> String {
        let board = self.board();
        let mut grid: Vec<char> = (0..board.cells())
            .map(|c| match board.number_at[c] {
                Some(p) => (b'0' + board.numbers[p as usize].value) as char,
                None if has(&board.dots, c) => 'o',
                None => '.',
            })
            .collect();
        for p in 0..board.numbers.len() {
            let Some(o) = state.get(p) else { continue };
            let mark = if o & 1 == 1 { '|' } else { '-' };
            for c in cells(&board.segment(p, o as usize).mask).filter(|&c| board.number_at[c].is_none()) {
                grid[c] = mark;
            }
        }
        let mut out = String::new();
        for row in grid.chunks(board.width) {
            for &c in row {
                out.push(' ');
                out.push(c);
            }
            out.push('\n');
        }
        out
    }

    /// `r,c=r0,c0-r1,c1` (as in descriptions), `r,c=-` to erase.
    fn move_token(&self, mv: &Stroke) -> String {
        let (p, w) = (mv.piece as usize, self.board().width);
        if mv.orientation == ERASE {
            let cell = self.board().numbers[p].cell as usize;
            return format!("{},{}=-", cell / w, cell % w);
        }
        text::segment_token(self, p, mv.orientation as usize)
    }

    /// "draw the 3 at row 1, column 2 from row 1, column 1 to row 1, column 3".
    fn move_text(&self, mv: &Stroke) -> String {
        let p = mv.piece as usize;
        if mv.orientation == ERASE {
            return format!("take off the segment of {}", self.number_words(p));
        }
        let (w, s) = (self.board().width, self.board().segment(p, mv.orientation as usize));
        format!(
            "draw {} from {} to {}",
            self.number_words(p),
            cell_words(w, s.first as usize),
            cell_words(w, s.last as usize)
        )
    }

    fn recommended_solver(&self) -> Result<Solver<Linjat>, OutOfMemory> {
        Ok(Solver::custom(Algorithm::Exact, Box::new(Plan::default())))
    }

    /// `piece` the number's index (reading order); `from` and `to` the segment's end cells (row-major),
    /// `arg` its orientation; erasing has `from = to = -1`.
    fn encode_move(&self, mv: &Stroke) -> MoveCode {
        if mv.orientation == ERASE {
            return MoveCode { piece: mv.piece as u32, from: -1, to: -1, arg: 0 };
        }
        let s = self.board().segment(mv.piece as usize, mv.orientation as usize);
        MoveCode { piece: mv.piece as u32, from: s.first as i32, to: s.last as i32, arg: mv.orientation as i32 }
    }

    fn decode_move(&self, state: &Drawn, code: &MoveCode) -> Option<Stroke> {
        let p = usize::try_from(code.piece).ok().filter(|&p| p < self.board().numbers.len())?;
        let mv = if code.from == -1 && code.to == -1 {
            Stroke { piece: p as u8, orientation: ERASE }
        } else {
            let (from, to) = (usize::try_from(code.from).ok()?, usize::try_from(code.to).ok()?);
            let cells = self.board().cells();
            if from >= cells || to >= cells {
                return None;
            }
            Stroke { piece: p as u8, orientation: self.board().orientation_between(p, from, to)? }
        };
        self.apply(state, &mv).map(|_| mv)
    }

    /// Names the number and the cells the code gives, and why no segment of it goes there.
    fn illegal_move(&self, state: &Drawn, code: &MoveCode) -> String {
        let _ = state;
        let numbers = self.board().numbers.len();
        let Some(p) = usize::try_from(code.piece).ok().filter(|&p| p < numbers) else {
            return format!("there is no number {} (the numbers are 0 to {})", code.piece, numbers.saturating_sub(1));
        };
        if code.from == -1 && code.to == -1 {
            return format!("{} has no segment to take off", self.number_words(p));
        }
        let (w, cells) = (self.board().width, self.board().cells() as i32);
        if !(0..cells).contains(&code.from) || !(0..cells).contains(&code.to) {
            return format!("{} cannot be drawn to a cell off the board", self.number_words(p));
        }
        format!(
            "no segment of {} from {} to {} can be drawn here: it must cover the number and exactly its length \
             of free cells in one row or column",
            self.number_words(p),
            cell_words(w, code.from as usize),
            cell_words(w, code.to as usize)
        )
    }

    fn board_size(&self) -> (u32, u32) {
        (self.board().width as u32, self.board().height as u32)
    }

    /// A number's cell: its value (1–9). Other cells: 0 empty, -1 a dot, when no segment covers them;
    /// `10 + p` when number `p`'s segment covers an empty cell, `100 + p` when it covers a dot.
    fn cell(&self, state: &Drawn, index: usize) -> i32 {
        let board = self.board();
        if let Some(p) = board.number_at.get(index).copied().flatten() {
            return board.numbers[p as usize].value as i32;
        }
        let dot = has(&board.dots, index);
        let cover = (0..board.numbers.len())
            .find(|&p| state.get(p).is_some_and(|o| has(&board.segment(p, o as usize).mask, index)));
        match (cover, dot) {
            (Some(p), true) => 100 + p as i32,
            (Some(p), false) => 10 + p as i32,
            (None, true) => -1,
            (None, false) => 0,
        }
    }

    /// Taking off: `TAKE_OFF`. Drawing: the rule whose step leaves the number one orientation, from
    /// this position, or `SOLUTION`. The cells: the segment's.
    fn explain(&self, state: &Drawn, mv: &Stroke, _: bool, out: &mut HintCells) -> u32 {
        let p = mv.piece as usize;
        let orientation = if mv.orientation == ERASE { state.get(p) } else { Some(mv.orientation) };
        if let Some(o) = orientation {
            for c in cells(&self.board().segment(p, o as usize).mask) {
                let _ = out.push(c as u16);
            }
        }
        if mv.orientation == ERASE {
            return TAKE_OFF;
        }
        match self.deduction(state, p, mv.orientation) {
            Some((rule, _)) => reason_of(rule),
            None => SOLUTION,
        }
    }

    /// "Only the 3 at row 2, column 5 can reach the dot at row 2, column 7: draw it from … to …".
    fn hint_text(&self, state: &Drawn, mv: &Stroke, reason: u32) -> String {
        let p = mv.piece as usize;
        let who = self.number_words(p);
        if reason == TAKE_OFF {
            return format!("take off {who}: the solution these hints lead to has it elsewhere");
        }
        let w = self.board().width;
        let s = self.board().segment(p, mv.orientation as usize);
        let draw = format!("draw it from {} to {}", cell_words(w, s.first as usize), cell_words(w, s.last as usize));
        let why = match self.deduction(state, p, mv.orientation) {
            Some((Rule::Cover, fixed)) => {
                match cells(&fixed).find(|&c| has(&self.board().dots, c)) {
                    Some(dot) => format!("only {who} can reach the dot at {}", cell_words(w, dot)),
                    None => format!("only {who} can reach a dot it must cover"),
                }
            }
            Some((Rule::Uncontested, _)) => format!(
                "{who} has no dot left to cover, and only it can reach these cells (this assumes the puzzle has one solution)"
            ),
            Some((Rule::SingleSolution, _)) => format!(
                "if {who} covered no dot it could lie in two places, so in a puzzle with one solution it covers a dot"
            ),
            Some((Rule::CantFit, fixed)) if super::is_empty(&fixed) => {
                format!("the segments deduced so far leave {who} one way to fit")
            }
            Some((Rule::CantFit, _)) => format!("every way {who} still fits covers these cells"),
            Some((Rule::Square, _)) => format!(
                "{who} shares two dots with one other number, too far apart for one segment, so it covers one of them"
            ),
            Some((Rule::Dependency, _)) => {
                format!("whoever covers one dot also covers another, which leaves {who} one way to fit")
            }
            Some((Rule::OneOf, _)) => {
                format!("of two numbers reaching one cell only one covers it, which leaves {who} one way to fit")
            }
            None => format!(
                "{who} lies here in the solution these hints lead to (no single rule shows it from this position)"
            ),
        };
        let mut text = format!("{why}: {draw}");
        if let Some(first) = text.get_mut(0..1) {
            first.make_ascii_uppercase();
        }
        text
    }

    /// Every segment the rules named (all when none is) fix from the position, as strokes.
    fn deduced_moves(&self, state: &Drawn, rules: &[u32]) -> Option<Vec<Stroke>> {
        let allowed = if rules.is_empty() {
            ALL_RULES
        } else {
            let bits = Rule::ALL.iter().enumerate().filter(|(_, r)| rules.contains(&reason_of(**r)));
            bits.fold(0u8, |set, (i, _)| set | 1 << i)
        };
        let board = self.board();
        let mut deduction = RuleState::new(board, state, allowed);
        for _ in 0..MAX_STEPS {
            if !matches!(deduction.step(board), Progress::Rule(..)) {
                break;
            }
        }
        let fixed = (0..board.numbers.len()).filter(|&p| state.get(p).is_none());
        Some(fixed.filter_map(|p| deduction.known(p).map(|o| Stroke { piece: p as u8, orientation: o })).collect())
    }

    /// The segments drawn where the solution has none of them.
    fn mistakes(&self, state: &Drawn, solved: &Drawn, out: &mut HintCells) -> bool {
        for p in 0..self.board().numbers.len() {
            if let Some(o) = state.get(p).filter(|&o| solved.get(p) != Some(o)) {
                cells(&self.board().segment(p, o as usize).mask).for_each(|c| add_cell(out, c as u16));
            }
        }
        true
    }

    /// The number whose segment is drawn next.
    fn hint_piece(&self, _: &Drawn, mv: &Stroke, cells: &mut HintCells) {
        if let Some(number) = self.board().numbers.get(mv.piece as usize) {
            let _ = cells.push(number.cell as u16);
        }
    }

    fn hint_piece_text(&self, _: &Drawn, mv: &Stroke) -> String {
        let who = self.number_words(mv.piece as usize);
        if mv.orientation == ERASE {
            return format!("take off the segment of {who}");
        }
        format!("draw the segment of {who}")
    }

    /// The area of the next deduction: the rectangle around every way the number can still fit (and the
    /// dot it must reach, when that is the deduction), one cell wider on every side — never the number
    /// alone (tier 2 names it) nor its segment (tier 3 draws it).
    fn hint_region(&self, state: &Drawn, plan: &[(Stroke, Drawn)], cells: &mut HintCells) {
        let Some((mv, _)) = plan.first() else { return };
        let board = self.board();
        let (w, h) = (board.width, board.cells() / board.width);
        let p = mv.piece as usize;
        // The bounds of the area, grown cell by cell (no allocation).
        let mut bounds: Option<(usize, usize, usize, usize)> = None;
        let mut grow = |cell: usize| {
            let (r, c) = (cell / w, cell % w);
            bounds = Some(bounds.map_or((r, c, r, c), |(r0, c0, r1, c1)| (r0.min(r), c0.min(c), r1.max(r), c1.max(c))));
        };
        board
            .numbers
            .get(p)
            .map(|n| n.cell as usize)
            .into_iter()
            .chain(self.dot_to_reach(state, mv))
            .for_each(&mut grow);
        if mv.orientation == ERASE {
            let drawn = state.get(p).and_then(|o| board.segment_if(p, o as usize));
            drawn.into_iter().for_each(|s| super::cells(&s.mask).for_each(&mut grow));
        } else {
            self.fits(state, p).for_each(|s| super::cells(&s.mask).for_each(&mut grow));
        }
        let Some((r0, c0, r1, c1)) = bounds else { return };
        for r in r0.saturating_sub(1)..=(r1 + 1).min(h - 1) {
            for c in c0.saturating_sub(1)..=(c1 + 1).min(w - 1) {
                add_cell(cells, (r * w + c) as u16);
            }
        }
    }

    /// Where to look, never naming the number (tier 2 does), with a reason only when it is a fact about
    /// the position as drawn (not resting on deductions the player has not made): "only one number can
    /// reach it" when exactly one number without a segment has a way to fit over the dot; "a number there
    /// has one way left to fit" when the number has exactly one.
    fn hint_region_text(&self, state: &Drawn, plan: &[(Stroke, Drawn)]) -> String {
        let Some((mv, _)) = plan.first() else { return String::from("every number has its segment") };
        let w = self.board().width;
        if mv.orientation == ERASE {
            return String::from(
                "look at the highlighted area: a segment there is not where the solution these hints lead to has it",
            );
        }
        let covers = |dot: usize| {
            self.board().segment_if(mv.piece as usize, mv.orientation as usize).is_some_and(|s| has(&s.mask, dot))
        };
        match self.dot_to_reach(state, mv).filter(|&dot| covers(dot)) {
            Some(dot) if self.numbers_reaching(state, dot) == 1 => {
                format!("look at the dot at {}: only one number can reach it", cell_words(w, dot))
            }
            Some(dot) => format!("look at the dot at {}: the next segment covers it", cell_words(w, dot)),
            None if self.ways_to_fit(state, mv.piece as usize) == 1 => {
                String::from("look at the highlighted area: a number there has one way left to fit")
            }
            None => String::from("look at the highlighted area: the next segment is there"),
        }
    }

    /// The rule solver from the position, step by step, with the original's generator objective (its
    /// default weights) and collection score (without a tier's extra).
    fn deduce(&self) -> Option<Deduction> {
        let board = self.board();
        let mut rules = RuleState::new(board, &self.drawn(), ALL_RULES);
        let mut profile = super::rules::Profile::default();
        let mut steps = Vec::new();
        for _ in 0..MAX_STEPS {
            let before = rules.fixed;
            match rules.step(board) {
                Progress::Rule(rule, width) => {
                    profile.add(rule, width);
                    let fixed = (0..board.cells()).filter(|&c| before[c] == 0 && rules.fixed[c] != 0);
                    steps.push((rule.name(), width, fixed.map(|c| c as u16).collect()));
                }
                Progress::Solved => {
                    profile.solved = true;
                    break;
                }
                _ => break,
            }
        }
        Some(Deduction {
            steps,
            rules: Rule::ALL.iter().map(|&r| (r.name(), profile.depth_of(r))).collect(),
            widest: Rule::ALL.iter().map(|&r| (r.name(), profile.max_width[r as usize])).collect(),
            depth: profile.steps,
            max_width: profile.widest,
            solved: profile.solved,
            scores: alloc::vec![
                ("objective", Weights::default().objective(&profile) as f64),
                ("score", collection_score(&profile, 0.0, 0.0)),
            ],
        })
    }

    /// Drawing and taking off undo each other: the cluster is every position of non-overlapping
    /// segments reachable from this one, the solutions its solved states.
    fn cluster(
        &self,
        node_cap: usize,
        farthest: usize,
    ) -> Option<Result<crate::search::cluster::Cluster<Drawn>, Status>> {
        Some(crate::search::cluster::analyze(self, self, self.drawn(), node_cap, farthest))
    }

    /// Every solution is counted once (the board has no symmetry a level shares with its images).
    /// Nothing drawn.
    fn unplayed(&self) -> Linjat {
        self.with_drawn(Drawn::NONE)
    }

    fn count_solutions(&self, limit: u64) -> Option<SolutionCount> {
        let (all, _, nodes, complete) = super::exact::count(self, &self.drawn(), limit);
        Some(SolutionCount { all, up_to_symmetry: all, nodes, capped: !complete })
    }
}

/// Choices the search for the nearest solution may take once it has one: past them it settles for the
/// best found, and the plan is not proven shortest.
const NEAREST_NODES: u64 = 1_000_000;

/// Where the plan search stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Phase {
    /// Looking for a solution that keeps the position.
    Keeping,
    /// None does: looking for the solution that redraws the fewest of its segments (those it lacks are
    /// taken off).
    Nearest,
    /// Ordering the draws by the rules' deductions from the position (after taking off).
    Ordering,
    /// Finished.
    Done,
}

/// The hint plan as a stepped search: the solution nearest the player's position (keeping all the
/// player's segments when one does, else redrawing the fewest), the segments to take off, then the draws
/// in the order the rules deduce them — so that each hint is the next deduction and the plan is a
/// shortest way to a solution (a segment redrawn costs two moves, a number without one a move). Units:
/// exact-search choices and rule steps.
#[derive(Clone, Debug)]
pub struct Plan {
    exact: ExactSearch,
    phase: Phase,
    /// Whether the solution is proven nearest (false when the search settled for the best it found).
    nearest: bool,
    position: Drawn,
    solution: Drawn,
    rules: Option<RuleState>,
    path: Vec<(Stroke, Drawn)>,
    status: Status,
    stats: Stats,
}

impl Default for Plan {
    fn default() -> Self {
        Plan {
            exact: ExactSearch::default(),
            phase: Phase::Done,
            nearest: true,
            position: Drawn::NONE,
            solution: Drawn::NONE,
            rules: None,
            path: Vec::new(),
            status: Status::Unsolvable,
            stats: Stats::default(),
        }
    }
}

impl Plan {
    /// Plays `mv` on the plan's path.
    fn push(&mut self, puzzle: &Linjat, mv: Stroke) {
        let from = self.path.last().map_or(self.position, |&(_, s)| s);
        if let Some(next) = puzzle.apply(&from, &mv) {
            self.path.push((mv, next));
        }
    }

    fn finish(&mut self, status: Status) -> Status {
        self.phase = Phase::Done;
        self.status = status;
        if status == Status::Found {
            self.stats.solution_length = Some(self.path.len() as u32);
            self.stats.solution_cost = Some(self.path.len() as u64);
        }
        status
    }

    /// Takes off the position's segments the solution lacks, then orders the draws.
    fn begin_ordering(&mut self, puzzle: &Linjat, solution: Drawn) {
        self.solution = solution;
        let start = self.position;
        for p in 0..puzzle.board().numbers.len() {
            if start.get(p).is_some() && start.get(p) != solution.get(p) {
                self.push(puzzle, Stroke { piece: p as u8, orientation: ERASE });
            }
        }
        let kept = self.path.last().map_or(start, |&(_, s)| s);
        self.rules = Some(RuleState::new(puzzle.board(), &kept, ALL_RULES));
        self.phase = Phase::Ordering;
    }

    /// One rule step of the ordering: draws every number it leaves with one orientation (the
    /// solution's); at the end, the numbers the rules do not reach, in reading order.
    fn order(&mut self, puzzle: &Linjat) -> Status {
        let board = puzzle.board();
        let Some(rules) = self.rules.as_mut() else { return self.finish(Status::Unsolvable) };
        let progress = rules.step(board);
        let drawn = self.path.last().map_or(self.position, |&(_, s)| s);
        // The numbers this step leaves one orientation (the solution's), drawn in reading order.
        let known = (0..board.numbers.len())
            .filter(|&p| drawn.get(p).is_none() && rules.known(p).is_some() && rules.known(p) == self.solution.get(p))
            .fold(0u64, |acc, p| acc | 1 << p);
        let done = !matches!(progress, Progress::Rule(..));
        for p in (0..board.numbers.len()).filter(|&p| known >> p & 1 == 1) {
            self.push(puzzle, Stroke { piece: p as u8, orientation: rules_orientation(&self.solution, p) });
        }
        if done {
            let drawn = self.path.last().map_or(self.position, |&(_, s)| s);
            for p in (0..board.numbers.len()).filter(|&p| drawn.get(p).is_none()) {
                self.push(puzzle, Stroke { piece: p as u8, orientation: rules_orientation(&self.solution, p) });
            }
            return self.finish(Status::Found);
        }
        Status::InProgress
    }
}

/// The solution's orientation of number `p`.
fn rules_orientation(solution: &Drawn, p: usize) -> u8 {
    solution.get(p).unwrap_or(ERASE)
}

impl Search<Linjat> for Plan {
    fn restart(&mut self, puzzle: &Linjat, start: Drawn) {
        *self =
            Plan { path: core::mem::take(&mut self.path), exact: core::mem::take(&mut self.exact), ..Plan::default() };
        self.path.clear();
        // At most one take-off and one draw a number: later plans reuse the memory.
        self.path.reserve(2 * puzzle.board().numbers.len());
        self.position = start;
        self.status = Status::InProgress;
        self.phase = Phase::Keeping;
        self.exact.restart(puzzle, &start, 1);
        if puzzle.is_goal(&start) {
            self.finish(Status::Found);
        }
    }

    fn step(&mut self, puzzle: &Linjat, budget: u32) -> Step {
        let mut spent = 0;
        while spent < budget.max(1) {
            match self.phase {
                Phase::Done => break,
                Phase::Keeping | Phase::Nearest => {
                    let step = self.exact.step(puzzle, budget.max(1) - spent);
                    spent += step.work.max(1);
                    self.stats.expanded += step.work as u64;
                    let settle = self.phase == Phase::Nearest
                        && self.exact.nodes() >= NEAREST_NODES
                        && self.exact.nearest().is_some();
                    match (step.status, self.phase) {
                        (Status::InProgress, _) if settle => {
                            self.nearest = false;
                            let solution = self.exact.nearest().map_or(Drawn::NONE, |(_, s)| s);
                            self.begin_ordering(puzzle, solution);
                        }
                        (Status::InProgress, _) => {}
                        (Status::Found, Phase::Keeping) => {
                            let solution = self.exact.first().unwrap_or(Drawn::NONE);
                            self.begin_ordering(puzzle, solution);
                        }
                        (Status::Found, _) => {
                            let solution = self.exact.nearest().map_or(Drawn::NONE, |(_, s)| s);
                            self.begin_ordering(puzzle, solution);
                        }
                        (_, Phase::Keeping) => {
                            self.phase = Phase::Nearest;
                            self.exact.restart_nearest(puzzle, &self.position);
                        }
                        _ => {
                            self.finish(Status::Unsolvable);
                        }
                    }
                }
                Phase::Ordering => {
                    spent += 1;
                    self.stats.expanded += 1;
                    self.order(puzzle);
                }
            }
        }
        Step::new(self.status, spent.min(budget.max(1)))
    }

    fn status(&self) -> Status {
        self.status
    }

    fn stats(&self) -> Stats {
        self.stats
    }

    fn write_path(&self, out: &mut Vec<(Stroke, Drawn)>) {
        out.clear();
        if self.status == Status::Found {
            out.extend_from_slice(&self.path);
        }
    }

    /// Unless the search for the nearest solution settled for the best it found within its choices.
    fn proven_optimal(&self) -> bool {
        self.nearest
    }
}
