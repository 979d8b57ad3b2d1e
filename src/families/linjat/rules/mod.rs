//! The human-like rule solver of the original game (`../shared/LINJAT.md` section 3): one step applies
//! the first rule, in order of difficulty, that deduces anything, and is attributed to it with a count
//! (its "width"). Fixed memory (arrays over cells and numbers), so that hints allocate nothing.
//!
//! State: the orientations still valid for each number, the number fixed to each cell (each number's
//! own cell from the start), and — rebuilt at the start of every step — the numbers that can still
//! cover each cell. Differences from the original, where it is unsound or undefined (section 8):
//! - CANT_FIT with no fitting orientation fixes nothing (the original fixes the whole cross; that only
//!   happens in contradictory states, which the solver reports as impossible instead).
//! - DEPENDENCY considers every dot of the grid as a target (the original's loop stops at the number
//!   count, as cell index, so only dots in the first rows qualify); the empty intersection of
//!   orientations is "every cell" as the original behaves.
//! - `solved` also checks that the chosen segments do not overlap (the original does not, and accepts
//!   some contradictory puzzles).
//! - A 1 has one orientation, so it can be solved.
//!
//! Speed (the optimizer runs it millions of times): every rule remembers what it found nothing for — the
//! numbers, or for DEPENDENCY and ONE_OF the cells — and judges them again only once something it reads
//! there is touched (`RuleState::touch`); the cells one, two and three numbers reach are kept as counts
//! change; masks have `W` words, as few as the board needs in generation. The deductions are those of
//! judging everything every step ([`RuleState::set_skip_quiet`]), which the tests check step by step.

use super::{and, and_not, cells, disjoint, fit, has, is_empty, set, Board, Drawn, MAX_CELLS, MAX_NUMBERS, MAX_SIDE};

mod profile;
mod quiet;

pub use profile::{classify, classify_with, collection_score, tier_extra, Profile, Weights, MAX_STEPS};
use quiet::{CellRule, QUIET_RULES};

/// The rules, in the order the solver tries them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Rule {
    /// A number with no dot left to cover goes where no other number can (assumes one solution).
    Uncontested,
    /// A dot only one number can reach is that number's.
    Cover,
    /// A number that could lie in two places covering no dot must cover a dot (assumes one solution).
    SingleSolution,
    /// Cells every fitting segment of a number covers are that number's.
    CantFit,
    /// Two dots that two numbers share, too far apart for one: each number covers one of them.
    Square,
    /// Whoever covers one dot also covers another: the two dots have the same coverers.
    Dependency,
    /// Of two numbers that can reach a cell, at most one covers it: a third number cannot block both.
    OneOf,
}

impl Rule {
    /// Every rule, in order.
    pub const ALL: [Rule; 7] = [
        Rule::Uncontested,
        Rule::Cover,
        Rule::SingleSolution,
        Rule::CantFit,
        Rule::Square,
        Rule::Dependency,
        Rule::OneOf,
    ];

    /// Its name in JSON and parameters.
    pub fn name(self) -> &'static str {
        match self {
            Rule::Uncontested => "uncontested",
            Rule::Cover => "cover",
            Rule::SingleSolution => "single_solution",
            Rule::CantFit => "cant_fit",
            Rule::Square => "square",
            Rule::Dependency => "dependency",
            Rule::OneOf => "one_of",
        }
    }

    /// Whether it assumes the puzzle has one solution.
    pub fn assumes_uniqueness(self) -> bool {
        matches!(self, Rule::Uncontested | Rule::SingleSolution)
    }

    /// Its bit in a set of rules.
    pub fn bit(self) -> u8 {
        1 << self as u8
    }
}

/// A rule after the first: applies it, returning its count.
type RuleFn<const W: usize> = fn(&mut RuleState<W>, &Board) -> u32;

/// The bits of the first `n` numbers.
fn pieces_mask(n: usize) -> u64 {
    if n >= 64 {
        u64::MAX
    } else {
        (1 << n) - 1
    }
}

/// Whether `set` holds two or more numbers (without counting them: the baseline x86-64 target has no
/// popcount instruction).
#[inline]
fn several(set: u64) -> bool {
    set & set.wrapping_sub(1) != 0
}

/// Every rule allowed.
pub const ALL_RULES: u8 = 0x7F;

/// What one step did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Progress {
    /// A rule deduced something: the rule and its count.
    Rule(Rule, u32),
    /// Every number has one segment and every dot is covered.
    Solved,
    /// Some number has no segment left, or some dot no number.
    Impossible,
    /// No allowed rule deduces anything.
    Stuck,
}

/// The rule solver's state.
#[derive(Clone, Debug)]
pub struct RuleState<const W: usize = 4> {
    /// Bit `o` of `valid[p]`: orientation `o` of number `p` is still possible.
    pub valid: [u32; MAX_NUMBERS],
    /// `fixed[cell]`: `p + 1` when number `p` is known to cover the cell, else 0.
    pub fixed: [u8; MAX_CELLS],
    /// `possible[cell]`: the numbers with a valid orientation through the cell (as of the last rebuild,
    /// narrowed by DEPENDENCY).
    pub possible: [u64; MAX_CELLS],
    /// The rules the solver may use.
    pub allowed: u8,
    /// `counts[cell]`: how many numbers `possible[cell]` holds.
    counts: [u8; MAX_CELLS],
    /// The fixed cells.
    fixed_mask: [u64; W],
    /// `owned[p]`: the cells fixed to number `p`.
    owned: [[u64; W]; MAX_NUMBERS],
    /// `reach[p]`: the cells whose `possible` set holds `p`.
    reach: [[u64; W]; MAX_NUMBERS],
    /// `span[p]`: the cells of `p`'s valid orientations as of the last rebuild (a superset of them
    /// since; unlike `reach`, never narrowed by DEPENDENCY).
    span: [[u64; W]; MAX_NUMBERS],
    /// `reachers[cell]`: the numbers whose span holds the cell (`possible` before any narrowing).
    reachers: [u64; MAX_CELLS],
    /// The numbers whose orientations the next rebuild must look at again: their valid set changed,
    /// or a cell of their span was fixed.
    dirty: u64,
    /// Per rule of [`QUIET_RULES`], the numbers it found nothing for and whose surroundings (see
    /// [`RuleState::touch`]) have not changed since: judging them again would find nothing again.
    quiet: [u64; QUIET_RULES],
    /// `place[cell]`: the cell's row and column.
    place: [[u8; 2]; MAX_CELLS],
    /// `aligned[p]`: the numbers in number `p`'s row or column.
    aligned: [u64; MAX_NUMBERS],
    /// The cells DEPENDENCY and ONE_OF (the rules judged cell by cell) found nothing at when they
    /// last judged them.
    quiet_cells: [[u64; W]; 2],
    /// Per quiet cell, the numbers whose state that finding read: touching one of them (or the
    /// numbers reaching the cell, which hold them) makes the cell loud again.
    readers: [[u64; MAX_CELLS]; 2],
    /// Since the start of each cell rule's last pass, the numbers and the cells whose change it reads
    /// (see [`CellRule`]).
    pending: [u64; 2],
    pending_cells: [[u64; W]; 2],
    /// The cells DEPENDENCY narrowed since the last rebuild (which restores them), and the numbers
    /// whose reach it narrowed.
    narrowed: [u64; W],
    narrowed_numbers: u64,
    /// The cells one or more, two or more and three or more numbers reach (`possible` counted as it
    /// changes).
    reached: [[u64; W]; 3],
    /// Numbers DEPENDENCY's narrowing touched that the rules before it have not been told of (see
    /// [`RuleState::touch_narrowed`]).
    unsettled: u64,
    /// Whether those rules ran on a narrowed state (the rebuild's restoring then touches them too).
    early_saw_narrowing: bool,
    /// The board's dots as the state last saw them (dots the caller adds touch the numbers reaching them).
    seen_dots: [u64; W],
    /// Whether quiet numbers are skipped (off: every rule judges every number, for checking).
    skip_quiet: bool,
}

impl RuleState {
    /// The start of a deduction: every valid orientation possible, each number's own cell fixed, and the
    /// segments of `drawn` taken as known.
    pub fn new(board: &Board, drawn: &Drawn, allowed: u8) -> RuleState {
        let mut state = RuleState::blank(allowed);
        state.reset(board, drawn, allowed);
        state
    }
}

/// The rule solver on masks of `W` words (boards of at most `64 W` cells: generation uses the fewest
/// its board needs).
impl<const W: usize> RuleState<W> {
    /// A state for no board yet: [`RuleState::reset`] it before use.
    pub fn blank(allowed: u8) -> RuleState<W> {
        RuleState {
            valid: [0; MAX_NUMBERS],
            fixed: [0; MAX_CELLS],
            possible: [0; MAX_CELLS],
            allowed,
            counts: [0; MAX_CELLS],
            fixed_mask: [0; W],
            owned: [[0; W]; MAX_NUMBERS],
            reach: [[0; W]; MAX_NUMBERS],
            span: [[0; W]; MAX_NUMBERS],
            reachers: [0; MAX_CELLS],
            dirty: u64::MAX,
            quiet: [0; QUIET_RULES],
            place: [[0; 2]; MAX_CELLS],
            aligned: [0; MAX_NUMBERS],
            quiet_cells: [[0; W]; 2],
            readers: [[0; MAX_CELLS]; 2],
            pending: [0; 2],
            pending_cells: [[0; W]; 2],
            narrowed: [0; W],
            narrowed_numbers: 0,
            reached: [[0; W]; 3],
            unsettled: 0,
            early_saw_narrowing: false,
            seen_dots: [0; W],
            skip_quiet: true,
        }
    }

    /// Turns skipping of quiet numbers on or off (on by default). Off, every rule judges every number
    /// on every step: the same deductions, slower — the reference the skipping is checked against.
    pub fn set_skip_quiet(&mut self, on: bool) {
        self.skip_quiet = on;
        self.quiet = [0; QUIET_RULES];
        self.quiet_cells = [[0; W]; 2];
    }

    /// Starts again on `board` from `drawn` with the rules in `allowed`, in place (what [`RuleState::new`]
    /// gives, without making a new state: generation runs many in a row).
    pub fn reset(&mut self, board: &Board, drawn: &Drawn, allowed: u8) {
        let n = board.numbers.len();
        self.allowed = allowed;
        let area = board.cells();
        self.fixed = [0; MAX_CELLS];
        // Every cell a mask of W words holds: ONE_OF may read the reachers of all of them.
        self.reachers[..(64 * W).min(MAX_CELLS)].fill(0);
        self.possible[..area].fill(0);
        self.counts[..area].fill(0);
        self.fixed_mask = [0; W];
        for masks in [&mut self.owned, &mut self.reach, &mut self.span] {
            masks[..n].fill([0; W]);
        }
        self.dirty = u64::MAX;
        // Row and column of each cell, counted rather than divided.
        let (mut row, mut column) = (0u8, 0u8);
        for place in &mut self.place[..area] {
            *place = [row, column];
            column += 1;
            if column as usize == board.width {
                (row, column) = (row + 1, 0);
            }
        }
        let (mut rows, mut columns) = ([0u64; MAX_SIDE], [0u64; MAX_SIDE]);
        for (p, number) in board.numbers.iter().enumerate() {
            let [row, column] = self.place[number.cell as usize];
            rows[row as usize] |= 1 << p;
            columns[column as usize] |= 1 << p;
        }
        for (p, number) in board.numbers.iter().enumerate() {
            let [row, column] = self.place[number.cell as usize];
            self.aligned[p] = rows[row as usize] | columns[column as usize];
        }
        self.narrowed = [0; W];
        self.narrowed_numbers = 0;
        self.reached = [[0; W]; 3];
        self.unsettled = 0;
        self.early_saw_narrowing = false;
        self.seen_dots = fit(&board.dots);
        for (p, number) in board.numbers.iter().enumerate() {
            self.valid[p] = board.valid[p];
            self.mark(number.cell as usize, p);
        }
        for p in 0..n {
            if let Some(o) = drawn.get(p) {
                self.valid[p] = 1 << o;
                for cell in cells(&board.segment(p, o as usize).mask) {
                    if self.fixed[cell] == 0 {
                        self.mark(cell, p);
                    }
                }
            }
        }
        self.rebuild(board);
        self.quiet = [0; QUIET_RULES];
        self.quiet_cells = [[0; W]; 2];
        self.pending = [0; 2];
        self.pending_cells = [[0; W]; 2];
    }

    /// The orientation of number `p`, when only one is left.
    pub fn known(&self, p: usize) -> Option<u8> {
        (self.valid[p].is_power_of_two()).then(|| self.valid[p].trailing_zeros() as u8)
    }

    /// One step: the first allowed rule that deduces anything.
    ///
    /// As the original, whether the position is solved or impossible is judged before the step's
    /// rebuild (so a step may pass with orientations the rebuild would drop); a position no rule moves
    /// that the rebuild leaves solved is solved.
    pub fn step(&mut self, board: &Board) -> Progress {
        if let Some(end) = self.ended(board) {
            return end;
        }
        self.rebuild(board);
        self.apply_rules(board)
    }

    /// A step on `possible` as it is (the caller rebuilt it): the first allowed rule that deduces
    /// anything, or whether the position is solved, impossible or stuck.
    pub fn step_rebuilt(&mut self, board: &Board) -> Progress {
        match self.ended(board) {
            Some(end) => end,
            None => self.apply_rules(board),
        }
    }

    /// Whether the position is impossible or solved already (with the dots the board has now).
    fn ended(&mut self, board: &Board) -> Option<Progress> {
        self.sync_dots(board);
        if self.impossible(board) {
            Some(Progress::Impossible)
        } else if self.solved(board) {
            Some(Progress::Solved)
        } else {
            None
        }
    }

    fn apply_rules(&mut self, board: &Board) -> Progress {
        self.settle();
        let allowed = self.allowed;
        let on = |rule: Rule| allowed & rule.bit() != 0;
        if on(Rule::Uncontested) && self.uncontested(board) {
            return Progress::Rule(Rule::Uncontested, 1);
        }
        let tries: [(Rule, RuleFn<W>); 6] = [
            (Rule::Cover, RuleState::cover),
            (Rule::SingleSolution, RuleState::single_solution),
            (Rule::CantFit, RuleState::cant_fit),
            (Rule::Square, RuleState::square),
            (Rule::Dependency, RuleState::dependency),
            (Rule::OneOf, RuleState::one_of),
        ];
        for (rule, apply) in tries {
            if on(rule) {
                let count = apply(self, board);
                if count > 0 {
                    return Progress::Rule(rule, count);
                }
            }
        }
        if self.solved(board) {
            Progress::Solved
        } else {
            Progress::Stuck
        }
    }

    /// Drops orientations crossing a cell fixed to another number, and recomputes `possible`.
    pub fn rebuild(&mut self, board: &Board) {
        // Only the numbers whose orientations may have changed are looked at again; the others keep
        // their span. `possible` and `reach` are then restored from the spans where they changed or
        // DEPENDENCY narrowed them, as a rebuild from scratch would give.
        let mut dirty = self.dirty & pieces_mask(board.numbers.len());
        self.dirty = 0;
        let mut changed = core::mem::replace(&mut self.narrowed, [0; W]);
        if !is_empty(&changed) {
            // Restored: back to what the earlier rules last judged, unless they judged narrowed.
            let numbers = cells(&changed).fold(0, |acc, c| acc | self.reachers[c]);
            if core::mem::take(&mut self.early_saw_narrowing) {
                self.touch(numbers);
            } else {
                self.touch_narrowed(numbers);
            }
            self.unsettled = 0;
        }
        while dirty != 0 {
            let p = dirty.trailing_zeros() as usize;
            dirty &= dirty - 1;
            let bit = 1u64 << p;
            let before = self.span[p];
            let others = and_not(&self.fixed_mask, &self.owned[p]);
            let mut reach = [0; W];
            let mut valid = self.valid[p];
            let mut bits = valid;
            while bits != 0 {
                let o = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                let segment = &fit(&board.segment(p, o).mask);
                if !disjoint(segment, &others) {
                    valid &= !(1 << o);
                } else {
                    reach = super::or(&reach, segment);
                }
            }
            let moved = super::xor(&reach, &before);
            if !is_empty(&moved) {
                // p and the numbers still reaching the cells p no longer does.
                let mut touched = bit;
                for c in cells(&moved) {
                    self.reachers[c] ^= bit;
                    touched |= self.reachers[c];
                }
                self.touch(touched);
                changed = super::or(&changed, &moved);
            }
            if valid != self.valid[p] {
                self.reoriented(bit);
            }
            self.span[p] = reach;
            self.reach[p] = reach;
            self.valid[p] = valid;
        }
        self.repossessed(&changed);
        for c in cells(&changed) {
            self.possible[c] = self.reachers[c];
            self.count(c);
        }
        let mut narrowed = core::mem::take(&mut self.narrowed_numbers);
        while narrowed != 0 {
            let q = narrowed.trailing_zeros() as usize;
            narrowed &= narrowed - 1;
            self.reach[q] = self.span[q];
        }
    }

    /// Counts the numbers of `possible[cell]` again, into `counts` and the reached masks.
    #[inline]
    fn count(&mut self, cell: usize) {
        let count = self.possible[cell].count_ones();
        self.counts[cell] = count as u8;
        let (word, bit) = (cell / 64, 1u64 << (cell % 64));
        for (times, reached) in self.reached.iter_mut().enumerate() {
            if count as usize > times {
                reached[word] |= bit;
            } else {
                reached[word] &= !bit;
            }
        }
    }

    /// Replaces number `p`'s valid orientations, marking it for the next rebuild when they change.
    fn set_valid(&mut self, p: usize, valid: u32) {
        if self.valid[p] != valid {
            self.valid[p] = valid;
            self.dirty |= 1 << p;
            self.reoriented(1 << p);
        }
    }

    /// Records `cell` as fixed to `p`.
    fn mark(&mut self, cell: usize, p: usize) {
        // Every number whose span holds the cell may lose orientations.
        self.dirty |= self.reachers[cell] | 1 << p;
        self.touch(self.reachers[cell] | 1 << p);
        self.fixed[cell] = p as u8 + 1;
        set(&mut self.fixed_mask, cell);
        set(&mut self.owned[p], cell);
    }

    /// Narrows `possible[cell]` to `keep`, keeping `reach` in step.
    fn narrow(&mut self, cell: usize, keep: u64) {
        let mut gone = self.possible[cell] & !keep;
        if gone != 0 {
            self.touch_narrowed(self.reachers[cell]);
            set(&mut self.narrowed, cell);
            self.narrowed_numbers |= gone;
            self.pending_cells[CellRule::OneOf as usize][cell / 64] |= 1 << (cell % 64);
        }
        self.possible[cell] &= keep;
        self.count(cell);
        while gone != 0 {
            let q = gone.trailing_zeros() as usize;
            gone &= gone - 1;
            self.reach[q][cell / 64] &= !(1 << (cell % 64));
        }
    }

    fn impossible(&self, board: &Board) -> bool {
        let reached = self.reached_cells();
        self.valid[..board.numbers.len()].contains(&0) || !is_empty(&and_not(&fit(&board.dots), &reached))
    }

    /// The cells some number can reach (on `possible` as it stands).
    pub fn reached_cells(&self) -> [u64; W] {
        self.reached()[0]
    }

    /// How many numbers can reach `cell` (on `possible` as it stands).
    pub fn reached_by(&self, cell: usize) -> u32 {
        self.counts[cell] as u32
    }

    /// Every number has one orientation, the segments do not overlap, and every dot is fixed.
    fn solved(&self, board: &Board) -> bool {
        if !is_empty(&and_not(&fit(&board.dots), &self.fixed_mask)) {
            return false;
        }
        let mut covered = [0; W];
        for p in 0..board.numbers.len() {
            let Some(o) = self.known(p) else { return false };
            let mask = &fit(&board.segment(p, o as usize).mask);
            if !disjoint(&covered, mask) {
                return false;
            }
            covered = super::or(&covered, mask);
        }
        true
    }

    /// Fixes `cell` to number `p` and keeps only `p`'s orientations through it; whether it was unfixed.
    fn fix(&mut self, board: &Board, cell: usize, p: usize) -> bool {
        if self.fixed[cell] != 0 {
            return false;
        }
        self.mark(cell, p);
        let mut bits = self.valid[p];
        while bits != 0 {
            let o = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            if !has(&board.segment(p, o).mask, cell) {
                self.set_valid(p, self.valid[p] & !(1 << o));
            }
        }
        true
    }

    /// Fixes every unfixed cell of `mask` to `p`; how many.
    fn fix_all(&mut self, board: &Board, mask: &[u64; W], p: usize) -> u32 {
        cells(mask).map(|c| self.fix(board, c, p) as u32).sum()
    }

    /// The intersection of the segments of `p`'s orientations in `bits` (every cell when there is none).
    fn common(board: &Board, p: usize, bits: u32) -> [u64; W] {
        if bits & 0x5555_5555 != 0 && bits & 0xAAAA_AAAA != 0 {
            // A row segment and a column segment share only the number's cell.
            let mut only = [0; W];
            set(&mut only, board.numbers[p].cell as usize);
            return only;
        }
        let mut common = [u64::MAX; W];
        let mut bits = bits;
        while bits != 0 {
            let o = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            common = and(&common, &fit(&board.segment(p, o).mask));
        }
        common
    }

    /// The valid orientations of `p` covering `cell`.
    #[inline]
    fn through(&self, board: &Board, p: usize, cell: usize) -> u32 {
        let number = board.numbers[p];
        super::orientations_covering(number.value, self.place[number.cell as usize], self.place[cell]) & self.valid[p]
    }

    /// The valid orientations of `p` passing `test`.
    fn orientations(&self, board: &Board, p: usize, test: impl Fn(&[u64; W]) -> bool) -> u32 {
        let mut out = 0;
        let mut bits = self.valid[p];
        while bits != 0 {
            let o = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            if test(&fit(&board.segment(p, o).mask)) {
                out |= 1 << o;
            }
        }
        out
    }

    /// The unfixed cells of `mask`.
    fn unfixed(&self, mask: &[u64; W]) -> [u64; W] {
        and_not(mask, &self.fixed_mask)
    }

    /// The unfixed dots of `p`'s cross.
    fn open_dots(&self, board: &Board, p: usize) -> [u64; W] {
        self.unfixed(&and(&fit(&board.cross[p]), &fit(&board.dots)))
    }

    /// Rule 1, UNCONTESTED (no cover): the first number with no open dot it could cover, sharing some
    /// cell with another number, and with an orientation over cells only it can reach, takes the first
    /// such orientation.
    fn uncontested(&mut self, board: &Board) -> bool {
        let shared = self.shared();
        let Some((p, o)) = self.next_uncontested(board, 0, &shared) else { return false };
        self.set_valid(p, 1 << o);
        let mask: [u64; W] = fit(&board.segment(p, o).mask);
        self.fix_all(board, &mask, p);
        true
    }

    /// The cells two or more numbers can reach (on `possible` as it stands).
    pub fn shared(&self) -> [u64; W] {
        self.reached()[1]
    }

    /// The cells exactly one number can reach.
    fn alone(&self) -> [u64; W] {
        let [once, twice, _] = self.reached();
        and_not(&once, &twice)
    }

    /// The cells exactly two numbers can reach.
    fn paired(&self) -> [u64; W] {
        let [_, twice, thrice] = self.reached();
        and_not(&twice, &thrice)
    }

    /// The cells one or more numbers can reach, those two or more can, and those three or more can.
    fn reached(&self) -> [[u64; W]; 3] {
        self.reached
    }

    /// The cells number `p` can reach (on `possible` as it stands).
    pub fn reach(&self, p: usize) -> &[u64; W] {
        &self.reach[p]
    }

    /// The cells known to be covered (by the number in [`RuleState::fixed`]).
    pub fn fixed_cells(&self) -> &[u64; W] {
        &self.fixed_mask
    }

    /// Rule 1's test from number `from` on (on `possible` as rebuilt, `shared` its
    /// [`RuleState::shared`], with the dots of `board` as they are now): the first number with an
    /// orientation over cells only it can reach, when it has no open dot to cover and shares some cell
    /// with another number, and that orientation (its first).
    pub fn next_uncontested(&mut self, board: &Board, from: usize, shared: &[u64; W]) -> Option<(usize, usize)> {
        self.sync_dots(board);
        self.settle();
        let mut from = from;
        while let Some(p) = self.next_loud(Rule::Uncontested, from, board) {
            match self.uncontested_orientation(board, p, shared) {
                Some(o) => return Some((p, o)),
                None => self.hush(Rule::Uncontested, p),
            }
            from = p + 1;
        }
        None
    }

    /// Rule 1's test for number `p`: its first orientation over cells only it can reach, when it has no
    /// open dot to cover and shares some cell with another number.
    fn uncontested_orientation(&self, board: &Board, p: usize, shared: &[u64; W]) -> Option<usize> {
        let reach = &self.reach[p];
        if !disjoint(&self.open_dots(board, p), reach) || disjoint(reach, shared) {
            return None;
        }
        // An orientation fits when its cells are p's own or unfixed cells no other number reaches, and
        // some are the latter.
        let alone = and_not(&and_not(reach, shared), &self.fixed_mask);
        let fitting = super::or(&self.owned[p], &alone);
        let fits = self.orientations(board, p, |mask| is_empty(&and_not(mask, &fitting)) && !disjoint(mask, &alone));
        (fits != 0).then(|| fits.trailing_zeros() as usize)
    }

    /// Rule 2, COVER: an open dot only one number can reach is fixed to it. Counts the numbers.
    fn cover(&mut self, board: &Board) -> u32 {
        let mut count = 0;
        let mut from = 0;
        let alone = self.alone();
        while let Some(p) = self.next_loud(Rule::Cover, from, board) {
            from = p + 1;
            // The open dots p reaches that no other number does.
            let only = and(&and(&self.open_dots(board, p), &self.reach[p]), &alone);
            let fixed = self.fix_all(board, &only, p) > 0;
            if fixed {
                count += 1;
            } else {
                self.hush(Rule::Cover, p);
            }
        }
        count
    }

    /// Rule 3, SINGLE_SOLUTION: a number with two or more orientations that cover no open dot and lie
    /// where nobody else can must, in a puzzle with one solution, cover a dot: the cells all its
    /// dot-covering orientations share are its. Counts the cells; then COVER once more, uncounted.
    fn single_solution(&mut self, board: &Board) -> u32 {
        let mut count = 0;
        let mut from = 0;
        let alone = self.alone();
        // The open cells only one number reaches and that hold no dot.
        let lonely = and_not(&and_not(&alone, &self.fixed_mask), &fit(&board.dots));
        while let Some(p) = self.next_loud(Rule::SingleSolution, from, board) {
            from = p + 1;
            // An uninformative orientation lies on p's own cells and those: two of them need more
            // cells there than p's length.
            let room = and(&super::or(&self.owned[p], &lonely), &self.span[p]);
            if room.iter().map(|w| w.count_ones()).sum::<u32>() <= board.numbers[p].value as u32 {
                self.hush(Rule::SingleSolution, p);
                continue;
            }
            let (mut informative, mut uninformative) = (0u32, 0u32);
            let others = and_not(&self.fixed_mask, &self.owned[p]);
            let mut bits = self.valid[p];
            while bits != 0 {
                let o = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                let mask = &fit(&board.segment(p, o).mask);
                if !disjoint(mask, &others) {
                    continue;
                }
                let unfixed = self.unfixed(mask);
                if !disjoint(&unfixed, &fit(&board.dots)) {
                    informative |= 1 << o;
                } else if is_empty(&and_not(&unfixed, &alone)) {
                    // Every open cell of it is one only this number reaches.
                    uninformative += 1;
                }
            }
            let mut fixed = 0;
            if uninformative >= 2 && informative != 0 {
                let common = and(&Self::common(board, p, informative), &fit(&board.cross[p]));
                fixed = self.fix_all(board, &self.unfixed(&common), p);
            }
            if fixed == 0 {
                self.hush(Rule::SingleSolution, p);
            }
            count += fixed;
        }
        if count > 0 {
            self.cover(board);
        }
        count
    }

    /// Rule 4, CANT_FIT: the cells of a number's cross that all its orientations over cells it can reach
    /// cover are its. Counts the numbers.
    fn cant_fit(&mut self, board: &Board) -> u32 {
        let mut count = 0;
        let mut from = 0;
        while let Some(p) = self.next_loud(Rule::CantFit, from, board) {
            from = p + 1;
            if self.cant_fit_one(board, p) {
                count += 1;
            } else {
                self.hush(Rule::CantFit, p);
            }
        }
        count
    }

    /// CANT_FIT for number `p`: whether it fixed a cell.
    fn cant_fit_one(&mut self, board: &Board, p: usize) -> bool {
        // Nothing to fix where every cell the number reaches is fixed already.
        if is_empty(&self.unfixed(&and(&self.span[p], &fit(&board.cross[p])))) {
            return false;
        }
        let reach = self.reach[p];
        let fitting = self.orientations(board, p, |mask| is_empty(&and_not(mask, &reach)));
        if fitting == 0 {
            return false;
        }
        let common = and(&Self::common(board, p, fitting), &fit(&board.cross[p]));
        self.fix_all(board, &self.unfixed(&common), p) > 0
    }

    /// Rule 5, SQUARE: two open dots of a number's cross that only it and one other number can reach, too
    /// far apart for it to cover both: it covers one of them, so its orientations covering neither go.
    /// Then CANT_FIT, whose count is the step's.
    fn square(&mut self, board: &Board) -> u32 {
        let mut from = 0;
        let paired = self.paired();
        while let Some(p) = self.next_loud(Rule::Square, from, board) {
            from = p + 1;
            let valid = self.valid[p];
            let n = board.numbers[p].value as usize;
            // The open dots p and exactly one other number reach.
            let shared = and(&and(&self.open_dots(board, p), &self.reach[p]), &paired);
            for a in cells(&shared) {
                for b in cells(&shared).filter(|&b| b > a) {
                    if self.possible[a] != self.possible[b] {
                        continue;
                    }
                    let ([ra, ca], [rb, cb]) = (self.place[a], self.place[b]);
                    let far = if ra == rb {
                        ca.abs_diff(cb) as usize > n
                    } else if ca == cb {
                        ra.abs_diff(rb) as usize > n
                    } else {
                        true
                    };
                    if far {
                        let keep = self.through(board, p, a) | self.through(board, p, b);
                        self.set_valid(p, keep);
                    }
                }
            }
            if self.valid[p] == valid {
                self.hush(Rule::Square, p);
            }
        }
        self.cant_fit(board)
    }

    /// Rule 6, DEPENDENCY: when every number that can cover an open dot D covers, in every orientation
    /// through D, another open dot T too, then D and T have the same coverer: both keep only the numbers
    /// both could have. Then CANT_FIT, whose count is the step's.
    fn dependency(&mut self, board: &Board) -> u32 {
        let pass = self.begin_pass(CellRule::Dependency);
        // Open dots two or more numbers reach (narrowing during the pass can only take some out).
        let candidates = and_not(&and(&fit(&board.dots), &self.shared()), &self.fixed_mask);
        for d in cells(&candidates) {
            if !several(self.possible[d]) {
                continue;
            }
            // DEPENDENCY at a dot reads the numbers through it and cells of their spans (a change at
            // the dot itself touches them all).
            if self.cell_is_quiet(&pass, d) {
                continue;
            }
            let readers = self.possible[d];
            let mut nothing = true;
            let mut together = [u64::MAX; W];
            let mut pieces = self.possible[d];
            let (mut in_row, mut in_column) = (false, false);
            while pieces != 0 {
                let q = pieces.trailing_zeros() as usize;
                pieces &= pieces - 1;
                let through = self.through(board, q, d);
                if through == 0 {
                    continue;
                }
                // A number in the dot's row and one in its column share only the dot.
                if self.place[board.numbers[q].cell as usize][0] == self.place[d][0] {
                    in_row = true;
                } else {
                    in_column = true;
                }
                if in_row && in_column {
                    break;
                }
                together = and(&together, &Self::common(board, q, through));
            }
            if in_row && in_column {
                self.judged(&pass, d, Some(readers));
                continue;
            }
            let mut targets = and(&together, &fit(&board.dots));
            targets[d / 64] &= !(1 << (d % 64));
            for t in cells(&targets) {
                if self.fixed[t] == 0 && self.possible[t] != self.possible[d] {
                    let both = self.possible[t] & self.possible[d];
                    self.narrow(t, both);
                    self.narrow(d, both);
                    nothing = false;
                }
            }
            self.judged(&pass, d, nothing.then_some(readers));
        }
        self.cant_fit(board)
    }

    /// Rule 7, ONE_OF: of two numbers in one row or column that can both reach a cell, at most one covers
    /// it, so one of them covers all the cells it covers in every orientation avoiding the cell; a third
    /// number's orientation reaching into both of those sets goes. Then CANT_FIT, whose count is the
    /// step's.
    fn one_of(&mut self, board: &Board) -> u32 {
        let pass = self.begin_pass(CellRule::OneOf);
        // Open cells two or more numbers reach (ONE_OF changes neither).
        let candidates = and_not(&self.shared(), &self.fixed_mask);
        for x in cells(&candidates) {
            if self.cell_is_quiet(&pass, x) {
                continue;
            }
            // The first pair (in order) of numbers through the cell that share a row or column.
            let through = self.possible[x];
            let mut pair = None;
            let mut first = through;
            while first != 0 {
                let a = first.trailing_zeros() as usize;
                first &= first - 1;
                let partners = self.aligned[a] & first;
                if partners != 0 {
                    pair = Some((a, partners.trailing_zeros() as usize));
                    break;
                }
            }
            let Some((a, b)) = pair else {
                self.judged(&pass, x, Some(through));
                continue;
            };
            let avoid = |p: usize| Self::common(board, p, self.valid[p] & !self.through(board, p, x));
            // Only a number whose span reaches into both sets has an orientation to lose.
            let reachers = |set: &[u64; W]| cells(set).fold(0u64, |m, c| m | self.reachers[c]);
            let sa = avoid(a);
            let into_a = reachers(&sa) & !(1 << a | 1 << b);
            if into_a == 0 {
                self.judged(&pass, x, Some(through));
                continue;
            }
            let sb = avoid(b);
            let mut third = into_a & reachers(&sb);
            let mut nothing = true;
            while third != 0 {
                let c = third.trailing_zeros() as usize;
                third &= third - 1;
                let keep = self.orientations(board, c, |mask| disjoint(mask, &sa) || disjoint(mask, &sb));
                nothing &= keep == self.valid[c];
                self.set_valid(c, keep);
            }
            // Finding nothing reads only the cell's numbers (a and b among them): the sets grow only
            // when a's or b's orientations go, and a third number's span and orientations only
            // shrink, which cannot make it lose one.
            self.judged(&pass, x, nothing.then_some(through));
        }
        self.cant_fit(board)
    }
}
