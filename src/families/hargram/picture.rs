//! Pictures of covers, to tell covers apart up to the board's symmetries and up to identical pieces.
//!
//! A [`Picture`] records which placed piece covers each cell. Compared under a symmetry, a picture is read
//! as a code per cell: the cell's kind of piece and whether its right and lower neighbours belong to the
//! same piece. Pieces are connected, so those codes give back exactly the partition into pieces and
//! their kinds: two covers have equal codes exactly when they differ only by swapping identical pieces.
//! A cover is *canonical* when its codes are the smallest among its images under the board's
//! symmetries, and every class of symmetric covers has exactly one canonical member.

use super::{Cells, Hargram, Layout, Placement, MAX_CELLS, MAX_PIECES};
use crate::grid;

/// Which piece covers each row-major cell: `-1` blocked, `0` empty, `1 + i` the `i`-th piece painted.
#[derive(Clone, Debug)]
pub struct Picture {
    piece: [i8; MAX_CELLS],
    /// The kind of each painted piece (`kinds[i]` for label `1 + i`).
    kinds: [u8; MAX_PIECES],
}

impl Default for Picture {
    fn default() -> Picture {
        Picture { piece: [0; MAX_CELLS], kinds: [0; MAX_PIECES] }
    }
}

/// The code a picture cell reads as: blocked, empty, or `4 · (1 + kind) + 2 · same-as-right +
/// same-as-below`.
const BLOCKED: u16 = 1;
const EMPTY: u16 = 2;

impl Hargram {
    /// Paints the picture of the pieces placed in `layout` and the extra `placements` into `out`.
    pub fn paint<'a>(&self, layout: &Layout, placements: impl Iterator<Item = &'a Placement>, out: &mut Picture) {
        for (c, label) in out.piece.iter_mut().enumerate().take(self.cells()) {
            *label = if self.open.contains(self.scan_of[c] as usize) { 0 } else { -1 };
        }
        let placed = (0..self.pieces.len()).filter_map(|p| {
            let (o, anchor) = layout.placement(p)?;
            Some((self.piece_mask(p, o, anchor as usize)?, self.pieces[p].kind))
        });
        let extra = placements.map(|p| (p.mask, p.kind));
        for (i, (mask, kind)) in placed.chain(extra).take(MAX_PIECES).enumerate() {
            out.kinds[i] = kind;
            for scan in mask.iter() {
                out.piece[self.cell_of[scan] as usize] = 1 + i as i8;
            }
        }
    }

    /// The codes of `picture` seen through board symmetry `t`, cell by cell of the transformed board.
    pub(super) fn codes(&self, picture: &Picture, t: u8, out: &mut [u16; MAX_CELLS]) {
        let (w, h) = (self.width as usize, self.height as usize);
        let cells = w * h;
        let mut image = [0i8; MAX_CELLS];
        for (c, &label) in picture.piece.iter().enumerate().take(cells) {
            image[grid::transform(t, w, h, c)] = label;
        }
        let width = if t % 2 == 1 { h } else { w };
        for c in 0..cells {
            out[c] = match image[c] {
                -1 => BLOCKED,
                0 => EMPTY,
                label => {
                    let right = c % width + 1 < width && image[c + 1] == label;
                    let below = c + width < cells && image[c + width] == label;
                    4 * (1 + picture.kinds[label as usize - 1] as u16) + 2 * right as u16 + below as u16
                }
            };
        }
    }

    /// Whether `picture` is the canonical member of its class under the board's symmetries (see the
    /// module): counting canonical covers counts covers up to symmetry. No allocation.
    pub fn is_canonical(&self, picture: &Picture) -> bool {
        let cells = self.cells();
        let (mut mine, mut theirs) = ([0u16; MAX_CELLS], [0u16; MAX_CELLS]);
        self.codes(picture, 0, &mut mine);
        self.symmetries.iter().all(|&t| {
            self.codes(picture, t, &mut theirs);
            mine[..cells] <= theirs[..cells]
        })
    }

    /// The smallest codes of the placed pieces of `layout` under the board's symmetries, one a cell.
    pub(super) fn canonical_codes(&self, layout: &Layout) -> heapless::Vec<u16, MAX_CELLS> {
        let cells = self.cells();
        let mut picture = Picture::default();
        self.paint(layout, core::iter::empty(), &mut picture);
        let (mut best, mut codes) = ([0u16; MAX_CELLS], [0u16; MAX_CELLS]);
        self.codes(&picture, 0, &mut best);
        for &t in &self.symmetries {
            self.codes(&picture, t, &mut codes);
            if codes[..cells] < best[..cells] {
                best = codes;
            }
        }
        best[..cells].iter().copied().collect()
    }

    /// The symmetries of the board other than the identity that keep blocked cells blocked; mirror
    /// images only when every piece may be mirrored or looks the same mirrored.
    pub(super) fn compute_symmetries(&self) -> impl Iterator<Item = u8> + '_ {
        let (w, h) = (self.width as usize, self.height as usize);
        let mirrors = self.pieces.iter().all(|p| p.mirror || p.achiral);
        let open = move |c: usize| self.open.contains(self.scan_of[c] as usize);
        grid::symmetries(w, h)
            .skip(1)
            .filter(move |&t| t < 4 || mirrors)
            .filter(move |&t| (0..w * h).all(|c| open(c) == open(grid::transform(t, w, h, c))))
    }

    /// Cells of the open region not covered in `layout`, split by the colour of a checkerboard: whether
    /// the remaining pieces can balance them. Each piece covers `d` more cells of one colour than of the
    /// other wherever it lies, `d` fixed by its shape, so the board's imbalance must be a sum of those
    /// `d` with signs. False proves that no cover exists; true proves nothing.
    pub fn colouring_allows(&self, layout: &Layout) -> bool {
        let free = self.open.minus(self.occupied(layout));
        let w = self.width as usize;
        let black = |cells: Cells| -> i32 {
            cells
                .iter()
                .map(|scan| {
                    let c = self.cell_of[scan] as usize;
                    if (c % w + c / w) % 2 == 0 {
                        1
                    } else {
                        -1
                    }
                })
                .sum()
        };
        let imbalance = black(free).unsigned_abs() as usize;
        // Subset sum over the pieces left: signs s with Σ s·d = imbalance ⇔ a subset summing to
        // (imbalance + Σ d) / 2.
        const BITS: usize = 64 * 255 + 1;
        let mut reachable = [0u64; BITS.div_ceil(64)];
        reachable[0] = 1;
        let mut total = 0;
        for p in (0..self.pieces.len()).filter(|&p| layout.placement(p).is_none()) {
            let d = self.pieces[p].imbalance as usize;
            total += d;
            if d > 0 {
                shift_or(&mut reachable, d);
            }
        }
        (imbalance + total) % 2 == 0 && imbalance <= total && {
            let target = (imbalance + total) / 2;
            reachable[target / 64] >> (target % 64) & 1 == 1
        }
    }
}

/// `bits |= bits << by`, over the whole array.
fn shift_or(bits: &mut [u64], by: usize) {
    let (words, shift) = (by / 64, by % 64);
    for i in (0..bits.len()).rev() {
        let mut moved = 0;
        if i >= words {
            moved = bits[i - words] << shift;
            if shift > 0 && i > words {
                moved |= bits[i - words - 1] >> (64 - shift);
            }
        }
        bits[i] |= moved;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shift_or_adds_a_value_to_every_reachable_sum() {
        let mut bits = [0u64; 3];
        bits[0] = 0b101;
        shift_or(&mut bits, 70);
        assert_eq!(bits, [0b101, 0b101 << 6, 0]);
    }
}
