//! Counting covers with a fraction of the work by confining one piece under the board's symmetries.
//!
//! Every symmetry of the board maps covers to covers. Take a piece that is alone of its kind and keep,
//! of each class of its placements that the symmetries map onto each other, only the member that starts
//! first in scan order: every class of covers still has members whose confined piece lies on a kept
//! placement, and a cover and its image both do only when the symmetry fixes that placement. So counting
//! the covers of the confined puzzle that are canonical under their placement's own stabiliser counts each
//! class once, and the class's size (the symmetries over those that fix the cover) gives every cover. With
//! no symmetry fixing the confined piece, that is a quarter of the search on a rectangle and an eighth on
//! a square, and the confined piece's early last start ends the branches that skipped it soon after.

use super::picture::Picture;
use super::{Cells, Hargram, Layout, Placement, Placements, MAX_CELLS};
use crate::family::Family;
use crate::grid;
use alloc::sync::Arc;
use alloc::vec::Vec;

impl Hargram {
    /// The cells (scan order) symmetry `t` takes `mask` to.
    fn image(&self, t: u8, mask: Cells) -> Cells {
        let (w, h) = (self.width as usize, self.height as usize);
        let mut out = Cells::EMPTY;
        for scan in mask.iter() {
            let cell = grid::transform(t, w, h, self.cell_of[scan] as usize);
            out.insert(self.scan_of[cell] as usize);
        }
        out
    }

    /// The copy of this puzzle, with the empty board as its start, whose placements of one kind with a
    /// single piece are one per class of symmetric placements, and that kind; `None` when the board has no
    /// symmetry or no kind has a single piece. The kind chosen is the one with the fewest classes.
    pub(super) fn confined(&self) -> Option<(Hargram, u8)> {
        if self.symmetries.is_empty() {
            return None;
        }
        let set = self.placements();
        let counts = self.left_by_kind(&Layout::EMPTY);
        let mut best: Option<(usize, u8, Vec<bool>)> = None;
        for kind in (0..set.kinds).filter(|&k| counts[k] == 1) {
            // Placements are sorted by first cell: the first of each class met is the one kept.
            let mut kept = alloc::vec![true; set.all.len()];
            let mut classes = 0;
            for i in (0..set.all.len()).filter(|&i| set.all[i].kind as usize == kind) {
                if !kept[i] {
                    continue;
                }
                classes += 1;
                for &t in &self.symmetries {
                    let image = self.image(t, set.all[i].mask);
                    if let Some(j) = self.placement_index(image, kind as u8).filter(|&j| j != i) {
                        kept[j] = false;
                    }
                }
            }
            if best.as_ref().is_none_or(|b| classes < b.0) {
                best = Some((classes, kind as u8, kept));
            }
        }
        let (_, kind, kept) = best?;
        let all: Vec<Placement> = set.all.iter().zip(&kept).filter(|(_, &k)| k).map(|(p, _)| *p).collect();
        let mut puzzle = self.with_start(Layout::EMPTY);
        puzzle.placements = Arc::new(Placements::new(all, self.cells(), set.kinds));
        Some((puzzle, kind))
    }

    /// The index of the placement of `kind` covering exactly `mask`.
    fn placement_index(&self, mask: Cells, kind: u8) -> Option<usize> {
        let set = self.placements();
        let range = set.group(mask.first()?, kind as usize);
        (range.start as usize..range.end as usize).find(|&i| set.all[i].mask == mask)
    }

    /// For a cover (`picture`) of a puzzle [`Hargram::confined`] made, whose confined piece covers
    /// `confined`: the number of covers in its class when it is the one member of that class to count,
    /// else `None`.
    pub(super) fn class_size(&self, picture: &Picture, confined: Cells) -> Option<u64> {
        let cells = self.cells();
        let (mut mine, mut theirs) = ([0u16; MAX_CELLS], [0u16; MAX_CELLS]);
        self.codes(picture, 0, &mut mine);
        let mut fixing = 1;
        for &t in &self.symmetries {
            self.codes(picture, t, &mut theirs);
            match theirs[..cells].cmp(&mine[..cells]) {
                core::cmp::Ordering::Equal => fixing += 1,
                // Its image is found too (the symmetry keeps the confined piece in place) and comes first.
                core::cmp::Ordering::Less if self.image(t, confined) == confined => return None,
                _ => {}
            }
        }
        Some((self.symmetries.len() as u64 + 1) / fixing)
    }
}
