//! What lets the rule solver skip work (issue 34): each rule remembers what it found nothing for — the
//! numbers, or for DEPENDENCY and ONE_OF the cells — and judges them again only once something it reads
//! there is *touched*. A number's rules read only cells of its span, and spans only shrink, so a change
//! at a cell touches the numbers whose span holds it; a change of a number's orientations touches it.

use super::{pieces_mask, Rule, RuleState};
use crate::families::linjat::{cells, fit, has, is_empty, or, set, xor, Board};

/// The rules judged number by number ([`Rule::Uncontested`] to [`Rule::Square`]): each keeps the set of
/// numbers it last found nothing for whose surroundings have not changed since (see
/// [`RuleState::touch`]), and skips them.
pub(super) const QUIET_RULES: usize = Rule::Square as usize + 1;

/// The rules judged cell by cell, in [`RuleState::quiet_cells`] and [`RuleState::pending`] order.
#[derive(Clone, Copy)]
pub(super) enum CellRule {
    /// Reads the numbers through the dot and, through them, cells of their spans: every touch counts.
    Dependency,
    /// Reads the cell's numbers and their orientations (a third number's orientations and span only
    /// shrink, which cannot give it anything to lose): what counts is a change of orientations or of
    /// the cell's own numbers.
    OneOf,
}

/// One pass of a cell rule over the cells: which it may skip.
pub(super) struct CellPass<const W: usize> {
    rule: CellRule,
    /// The numbers and cells changed between the start of the rule's previous pass and this one.
    stale: u64,
    stale_cells: [u64; W],
}

impl<const W: usize> RuleState<W> {
    /// Something number rules read changed for `numbers` (a cell of their cross was fixed, dotted or
    /// changed its possible set; their orientations, span or owned cells changed): no rule may skip
    /// them before judging them again.
    pub(super) fn touch(&mut self, numbers: u64) {
        for quiet in &mut self.quiet {
            *quiet &= !numbers;
        }
        self.pending[CellRule::Dependency as usize] |= numbers;
    }

    /// The orientations of `numbers` changed (on top of touching them).
    pub(super) fn reoriented(&mut self, numbers: u64) {
        self.touch(numbers);
        self.pending[CellRule::OneOf as usize] |= numbers;
    }

    /// The sets of numbers reaching the cells of `mask` changed (on top of touching those numbers).
    pub(super) fn repossessed(&mut self, mask: &[u64; W]) {
        let pending = &mut self.pending_cells[CellRule::OneOf as usize];
        *pending = or(pending, mask);
    }

    /// DEPENDENCY narrowed what `numbers` read. Only the rules that run after it in a step (CANT_FIT,
    /// ONE_OF, DEPENDENCY itself) must judge them again now; the earlier ones next see the state after
    /// a rebuild, which restores the narrowed cells to what they last judged, so their touch waits in
    /// [`RuleState::unsettled`] and is dropped by that rebuild (or made when they run first).
    pub(super) fn touch_narrowed(&mut self, numbers: u64) {
        self.quiet[Rule::CantFit as usize] &= !numbers;
        self.pending[CellRule::Dependency as usize] |= numbers;
        self.unsettled |= numbers;
    }

    /// Makes the waiting touches of [`RuleState::touch_narrowed`] before an earlier rule runs on a
    /// narrowed state (not in a step: one starts with a rebuild).
    pub(super) fn settle(&mut self) {
        if self.unsettled != 0 {
            let numbers = core::mem::take(&mut self.unsettled);
            self.touch(numbers);
            self.early_saw_narrowing = true;
        }
    }

    /// Starts a pass of `rule` over the cells.
    pub(super) fn begin_pass(&mut self, rule: CellRule) -> CellPass<W> {
        let stale_cells = core::mem::replace(&mut self.pending_cells[rule as usize], [0; W]);
        CellPass { rule, stale: core::mem::take(&mut self.pending[rule as usize]), stale_cells }
    }

    /// Whether the pass may skip `cell`: the rule found nothing there when it last judged it, and no
    /// number whose state that finding read was touched since.
    pub(super) fn cell_is_quiet(&self, pass: &CellPass<W>, cell: usize) -> bool {
        let rule = pass.rule as usize;
        self.skip_quiet
            && has(&self.quiet_cells[rule], cell)
            && self.readers[rule][cell] & (pass.stale | self.pending[rule]) == 0
            && !has(&pass.stale_cells, cell)
            && !has(&self.pending_cells[rule], cell)
    }

    /// Records what the pass found at `cell`: nothing, having read the state of the numbers `readers`
    /// (`Some`), or a deduction (`None`).
    pub(super) fn judged(&mut self, pass: &CellPass<W>, cell: usize, quiet: Option<u64>) {
        let rule = pass.rule as usize;
        match quiet {
            Some(readers) => {
                set(&mut self.quiet_cells[rule], cell);
                self.readers[rule][cell] = readers;
            }
            None => self.quiet_cells[rule][cell / 64] &= !(1 << (cell % 64)),
        }
    }

    /// [`RuleState::touch`] for the numbers whose span holds a cell of `mask`: the rules read a number's
    /// cells only within its span, which only shrinks (a number losing a cell is touched itself).
    pub(super) fn touch_cells(&mut self, mask: &[u64; W]) {
        let numbers = cells(mask).fold(0, |acc, c| acc | self.reachers[c]);
        self.touch(numbers);
    }

    /// Takes in the dots the caller added to the board since the state last looked.
    pub(super) fn sync_dots(&mut self, board: &Board) {
        let added = xor(&fit(&board.dots), &self.seen_dots);
        if !is_empty(&added) {
            self.touch_cells(&added);
            self.seen_dots = fit(&board.dots);
        }
    }

    /// The numbers from `from` on that `rule` must judge: all but those it found nothing for when
    /// nothing they read changed since (in order; a number touched meanwhile is judged again).
    pub(super) fn next_loud(&self, rule: Rule, from: usize, board: &Board) -> Option<usize> {
        let quiet = if self.skip_quiet { self.quiet[rule as usize] } else { 0 };
        let loud = !quiet & pieces_mask(board.numbers.len()) & u64::MAX.checked_shl(from as u32).unwrap_or(0);
        (loud != 0).then(|| loud.trailing_zeros() as usize)
    }

    /// Records that `rule` found nothing for number `p`.
    pub(super) fn hush(&mut self, rule: Rule, p: usize) {
        self.quiet[rule as usize] |= 1 << p;
    }
}
