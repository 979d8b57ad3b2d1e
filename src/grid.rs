//! The symmetries of a rectangular grid of cells, numbered as piece orientations are: `t` in `0..8`
//! mirrors left-right first when `t ≥ 4`, then turns `t mod 4` quarter turns clockwise. Families use
//! them to tell levels apart up to symmetry and to count solutions up to symmetry.

/// The symmetries that map a `width × height` grid onto itself, identity (0) first: all eight for a
/// square, the identity, the half turn and the two mirrors for other rectangles.
pub fn symmetries(width: usize, height: usize) -> impl Iterator<Item = u8> {
    (0..8u8).filter(move |&t| t % 2 == 0 || width == height)
}

/// Where symmetry `t` takes row-major cell `cell` of a `width × height` grid (a row-major cell of the
/// transformed grid, whose width is `height` after an odd number of quarter turns).
pub fn transform(t: u8, width: usize, height: usize, cell: usize) -> usize {
    let (mut x, mut y) = (cell % width, cell / width);
    if t >= 4 {
        x = width - 1 - x;
    }
    let (mut w, mut h) = (width, height);
    for _ in 0..t % 4 {
        (x, y) = (h - 1 - y, x);
        (w, h) = (h, w);
    }
    y * w + x
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn symmetries_are_permutations_and_match_their_count() {
        assert_eq!(symmetries(3, 3).count(), 8);
        assert_eq!(symmetries(4, 2).count(), 4);
        for (w, h) in [(3, 3), (4, 2), (1, 5)] {
            for t in symmetries(w, h) {
                let mut image: alloc::vec::Vec<usize> = (0..w * h).map(|c| transform(t, w, h, c)).collect();
                image.sort_unstable();
                assert_eq!(image, (0..w * h).collect::<alloc::vec::Vec<_>>(), "{w}x{h} t={t}");
            }
        }
        // A quarter turn clockwise takes the top-left corner to the top-right.
        assert_eq!(transform(1, 3, 3, 0), 2);
        assert_eq!(transform(4, 3, 3, 0), 2);
        assert_eq!(transform(2, 4, 2, 0), 7);
    }
}
