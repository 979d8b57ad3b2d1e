//! Hargram generation: the board cut into random connected pieces, shown turned and shuffled, rated by the
//! exact solver's effort to find a solution and prove it unique (or find a second).

use super::{cover, Hargram, Shape, MAX_CELLS, MAX_PIECES, MAX_SIDE};
use crate::generate::{Anneal, Generate, ANNEAL_PARAMS, METHOD_DRAW_OR_ANNEAL};
use crate::memory::OutOfMemory;
use crate::params::{Kind, Preset, Spec, Values};
use crate::search::{Algorithm, Solver};
use alloc::boxed::Box;
use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;
use rand::RngExt;
use rand_xoshiro::Xoshiro256PlusPlus;

/// What to generate.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HargramParams {
    /// Fewest and most search nodes of the rating.
    pub band: (u32, u32),
    /// Board width and height.
    pub size: (u8, u8),
    /// Number of pieces.
    pub pieces: u8,
    /// Fewest and most cells of a piece.
    pub piece_size: (u8, u8),
    /// Whether the puzzle must have exactly one solution (up to the board's symmetries).
    pub unique: bool,
    /// Generation by annealing (`method=anneal`): its settings.
    pub anneal: Option<Anneal>,
}

/// A generator's scratch space for drawing candidates: kept between draws, so that a draw allocates
/// nothing once it has grown.
#[derive(Default)]
pub struct Scratch {
    /// Piece sizes.
    sizes: Vec<usize>,
    /// Cells not yet in a piece.
    free: Vec<bool>,
    /// Cells in the order pieces are seeded.
    order: Vec<usize>,
    /// The piece being grown, and the free cells next to it.
    piece: Vec<usize>,
    frontier: Vec<usize>,
    /// The pieces cut, then shown turned.
    cut: Vec<Shape>,
    shown: Vec<(Shape, bool)>,
    /// Blocked cells (none).
    blocked: Vec<bool>,
}

impl Scratch {
    /// Cuts the `width × height` rectangle into `self.sizes.len()` connected pieces of those sizes (into
    /// `cut`) by growing each piece at random from the first free cell in scan order; false when a piece
    /// cannot grow enough.
    fn carve(&mut self, width: usize, height: usize, rng: &mut Xoshiro256PlusPlus) -> bool {
        let cells = width * height;
        self.free.clear();
        self.free.resize(cells, true);
        // Column-major scan keeps the remaining region in one piece on wide boards as well as tall ones.
        self.order.clear();
        self.order.extend((0..cells).map(|i| (i % height) * width + i / height));
        for (k, &size) in self.sizes.iter().enumerate() {
            let free = &mut self.free;
            let Some(&seed) = self.order.iter().find(|&&c| free[c]) else { return false };
            self.piece.clear();
            self.piece.push(seed);
            free[seed] = false;
            while self.piece.len() < size {
                self.frontier.clear();
                for &c in &self.piece {
                    let (x, y) = (c % width, c / width);
                    let neighbours = [
                        (x > 0).then(|| c - 1),
                        (x + 1 < width).then(|| c + 1),
                        (y > 0).then(|| c - width),
                        (y + 1 < height).then(|| c + width),
                    ];
                    self.frontier.extend(neighbours.into_iter().flatten().filter(|&n| free[n]));
                }
                if self.frontier.is_empty() {
                    return false;
                }
                let next = self.frontier[rng.random_range(0..self.frontier.len())];
                free[next] = false;
                self.piece.push(next);
            }
            self.cut[k].set_cells(self.piece.iter().map(|&c| ((c % width) as u8, (c / width) as u8)));
        }
        true
    }

    /// Cuts the `width × height` rectangle into pieces of the sizes (into `cut`) along a boustrophedon
    /// path (down the first column, up the second, …): consecutive cells of the path touch, so every piece
    /// is connected.
    fn snake(&mut self, width: usize, height: usize) {
        let path = (0..width).flat_map(|x| (0..height).map(move |i| (x, if x % 2 == 0 { i } else { height - 1 - i })));
        let mut path = path.map(|(x, y)| (x as u8, y as u8));
        for (k, &size) in self.sizes.iter().enumerate() {
            self.cut[k].set_cells(path.by_ref().take(size));
        }
    }
}

impl Generate for Hargram {
    const RATING_UNIT: &'static str = "nodes";
    const RATED_BY_LENGTH: bool = false;

    const PARAMS: &'static [Spec] = &[
        Spec {
            name: "min",
            kind: Kind::Int,
            min: 0,
            max: u32::MAX as i64,
            default: "0",
            doc: "fewest search nodes to find the solution and prove it unique (or find a second)",
        },
        Spec {
            name: "max",
            kind: Kind::Int,
            min: 0,
            max: u32::MAX as i64,
            default: "4294967295",
            doc: "most search nodes of the rating",
        },
        Spec {
            name: "size",
            kind: Kind::Size,
            min: 1,
            max: MAX_SIDE as i64,
            default: "4x3",
            doc: "board width and height (at most 256 cells)",
        },
        Spec { name: "pieces", kind: Kind::Int, min: 1, max: MAX_PIECES as i64, default: "3", doc: "number of pieces" },
        Spec {
            name: "piece_size",
            kind: Kind::Range,
            min: 1,
            max: 255,
            default: "3..5",
            doc: "fewest and most cells of a piece",
        },
        Spec {
            name: "unique",
            kind: Kind::Bool,
            min: 0,
            max: 1,
            default: "true",
            doc: "require exactly one solution (up to the board's symmetries)",
        },
        METHOD_DRAW_OR_ANNEAL,
        ANNEAL_PARAMS[0],
        ANNEAL_PARAMS[1],
        ANNEAL_PARAMS[2],
        ANNEAL_PARAMS[3],
    ];

    const PRESETS: &'static [Preset] = &[
        Preset { name: "easy", params: "size=4x3,pieces=3,piece_size=3..5,unique=false" },
        Preset { name: "medium", params: "size=5x4,pieces=5,piece_size=3..5" },
        Preset { name: "hard", params: "size=6x5,pieces=6,piece_size=4..6" },
        // Annealing climbs to harder boards, faster (median of seeds 1-5, 30 puzzles each: 9,979 nodes in
        // 9.9 ms a puzzle, against 6,737 in 24.9 ms by fresh draws).
        Preset { name: "expert", params: "size=8x5,pieces=8,piece_size=4..6,method=anneal" },
    ];

    const SMALL: &'static str = "size=4x3,pieces=3,piece_size=2..5,unique=false";

    type Params = HargramParams;

    fn params(values: &Values) -> Result<HargramParams, String> {
        let ((w, h), (lo, hi)) = (values.pair("size"), values.pair("piece_size"));
        let (n, area) = (values.int("pieces"), w * h);
        if area > MAX_CELLS as i64 {
            return Err(format!("size: a {w}x{h} board has {area} cells, more than {MAX_CELLS}"));
        }
        if n * lo > area || n * hi < area {
            return Err(format!("{n} pieces of {lo} to {hi} cells cannot cover a {w}x{h} board ({area} cells)"));
        }
        Ok(HargramParams {
            band: (values.int("min") as u32, values.int("max") as u32),
            size: (w as u8, h as u8),
            pieces: n as u8,
            piece_size: (lo as u8, hi as u8),
            unique: values.bool("unique"),
            anneal: Anneal::from_values(values),
        })
    }

    fn band(params: &HargramParams) -> (u32, u32) {
        params.band
    }

    type Context = Scratch;

    fn context(_: &HargramParams) -> Result<Scratch, OutOfMemory> {
        Ok(Scratch::default())
    }

    fn candidate(params: &HargramParams, _: &Scratch, rng: &mut Xoshiro256PlusPlus) -> Hargram {
        let mut out = None;
        Self::candidate_into(params, &mut Scratch::default(), rng, &mut out);
        out.unwrap_or_else(|| unreachable!("candidate_into always draws"))
    }

    /// Cuts the board into pieces of random sizes in the band, then shows each piece turned at random
    /// (and mirrored, when allowed) in a shuffled order so that the pieces do not give the answer away.
    fn candidate_into(
        params: &HargramParams,
        scratch: &mut Scratch,
        rng: &mut Xoshiro256PlusPlus,
        out: &mut Option<Hargram>,
    ) {
        let (w, h) = (params.size.0 as usize, params.size.1 as usize);
        let (lo, hi) = (params.piece_size.0 as usize, params.piece_size.1 as usize);
        let n = params.pieces as usize;
        scratch.cut.resize_with(n, || Shape(Vec::new()));
        scratch.shown.resize_with(n, || (Shape(Vec::new()), true));
        scratch.blocked.clear();
        scratch.blocked.resize(w * h, false);
        for attempt in 1.. {
            scratch.sizes.clear();
            scratch.sizes.resize(n, lo);
            let mut extra = w * h - n * lo;
            while extra > 0 {
                let i = rng.random_range(0..n);
                if scratch.sizes[i] < hi {
                    scratch.sizes[i] += 1;
                    extra -= 1;
                }
            }
            // Random growth can strand a piece; after many tries, cut along a snake path, which always works,
            // so that a generator step never loops for long.
            if !scratch.carve(w, h, rng) {
                if attempt < 100 {
                    continue;
                }
                scratch.snake(w, h);
            }
            for i in (1..n).rev() {
                scratch.cut.swap(i, rng.random_range(0..=i));
            }
            for (cut, shown) in scratch.cut.iter().zip(scratch.shown.iter_mut()) {
                cut.orient_into(rng.random_range(0..8), &mut shown.0);
            }
            if build_into(params, &scratch.blocked, &scratch.shown, out) {
                return;
            }
        }
    }

    fn annealing(params: &HargramParams) -> Option<Anneal> {
        params.anneal
    }

    /// One piece swapped for a random connected piece of as many cells, turned at random: the board's
    /// area is still the pieces' (a mutant that no longer covers it, or covers it twice where one cover is
    /// required, is refused by its rater and the chain keeps its puzzle).
    fn mutate_into(
        puzzle: &Hargram,
        params: &HargramParams,
        scratch: &mut Scratch,
        rng: &mut Xoshiro256PlusPlus,
        out: &mut Option<Hargram>,
    ) -> bool {
        let (w, h) = (params.size.0, params.size.1);
        let n = puzzle.pieces().len();
        scratch.shown.resize_with(n, || (Shape(Vec::new()), true));
        for (shown, piece) in scratch.shown.iter_mut().zip(puzzle.pieces()) {
            shown.0.set_cells(piece.shape.cells().iter().copied());
            shown.1 = piece.mirror;
        }
        let k = rng.random_range(0..n);
        let size = scratch.shown[k].0.size();
        scratch.sizes.clear();
        scratch.sizes.push(size);
        if scratch.cut.is_empty() {
            scratch.cut.push(Shape(Vec::new()));
        }
        // One piece grown at random on an empty board like the puzzle's (connected, and at least as
        // large as any piece): it always grows, and the work is bounded by the board's cells.
        if !scratch.carve(w as usize, h as usize, rng) {
            return false;
        }
        scratch.cut[0].orient_into(rng.random_range(0..8), &mut scratch.shown[k].0);
        scratch.blocked.clear();
        scratch.blocked.resize(w as usize * h as usize, false);
        build_into(params, &scratch.blocked, &scratch.shown, out)
    }

    /// A copy with placements of its own: the generator rebuilds its candidate into the ones it has.
    fn handed_out(&self) -> Hargram {
        self.detached()
    }

    /// The rating search counts solutions up to two (up to symmetry), whatever the parameters, so that
    /// the rating is a property of the puzzle alone: the placements tried to find a solution and then to
    /// prove it unique or find a second. Parameters requiring a unique solution reject a second one.
    fn rater(&self, params: Option<&HargramParams>) -> Result<Solver<Hargram>, OutOfMemory> {
        let unique = params.is_some_and(|p| p.unique);
        Ok(Solver::custom(Algorithm::Exact, Box::new(cover::CoverSearch::count(self, 2, unique))))
    }
}

/// Builds the puzzle of `pieces` on the parameters' board into `out` (reusing its storage); false when
/// they do not make one. Every piece's storage holds the largest piece the parameters allow, so that a
/// piece growing where a smaller one stood (a mutant, a later candidate) allocates nothing.
fn build_into(params: &HargramParams, blocked: &[bool], pieces: &[(Shape, bool)], out: &mut Option<Hargram>) -> bool {
    let (w, h) = params.size;
    let (n, cells) = (pieces.len(), params.piece_size.1 as usize);
    match out.as_mut() {
        Some(puzzle) => {
            puzzle.reserve_pieces(n, cells);
            puzzle.rebuild(w, h, blocked, pieces).is_ok()
        }
        None => match Hargram::new(w, h, blocked, pieces) {
            Ok(mut puzzle) => {
                puzzle.reserve_pieces(n, cells);
                *out = Some(puzzle);
                true
            }
            Err(_) => false,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_snake_cut_gives_connected_pieces_of_the_sizes() {
        let mut scratch = Scratch { sizes: alloc::vec![4, 5, 2, 4], ..Scratch::default() };
        scratch.cut.resize_with(4, || Shape(Vec::new()));
        scratch.snake(5, 3);
        assert_eq!(scratch.cut.iter().map(Shape::size).collect::<alloc::vec::Vec<_>>(), [4, 5, 2, 4]);
        for shape in &scratch.cut {
            assert_eq!(Shape::new(shape.cells()).as_ref(), Ok(shape), "connected and normalized");
        }
    }
}
