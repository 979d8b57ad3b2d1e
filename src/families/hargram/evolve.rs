//! Hargram as a [`Genome`]: the earlier system's genetic algorithm, kept as a baseline and as a
//! per-frame API.
//!
//! An individual gives every off-board piece a placement (orientation and position on the board) or none.
//! Pieces are put down in order; one that would overlap a piece already down is left off, and blamed.
//! Fitness is the number of covered cells; a perfect individual covers every open cell.

use super::{Cells, Hargram, HargramMove, Layout};
use crate::family::{Family, MoveCode};
use crate::ga::{AnyGa, Evolution, Evolver, GaReport, Genome};
use crate::search::Puzzle;
use alloc::boxed::Box;
use alloc::string::String;
use alloc::vec::Vec;
use rand::RngExt;
use rand_xoshiro::Xoshiro256PlusPlus;

/// A placement a gene can name.
#[derive(Clone, Copy, Debug)]
struct Choice {
    mask: Cells,
    orientation: u8,
    anchor: u8,
}

/// Hargram from a layout, as the GA sees it.
#[derive(Clone, Debug)]
pub struct HargramGenome {
    /// The off-board pieces, one gene each.
    pieces: Vec<u8>,
    /// Placements on the board of each off-board piece (gene `k > 0` names `options[i][k - 1]`).
    options: Vec<Vec<Choice>>,
    sizes: Vec<u32>,
    /// Cells covered by the placed pieces, and their number.
    base: Cells,
    base_covered: u32,
    open: u32,
    start: Layout,
}

impl HargramGenome {
    /// The genome of `puzzle` from its start layout (placed pieces stay where they are).
    pub fn new(puzzle: &Hargram) -> HargramGenome {
        let start = puzzle.start();
        let pieces: Vec<u8> =
            (0..puzzle.pieces().len()).filter(|&p| start.placement(p).is_none()).map(|p| p as u8).collect();
        let options = pieces
            .iter()
            .map(|&p| {
                let p = p as usize;
                let mut seen: Vec<Cells> = Vec::new();
                let mut out = Vec::new();
                for o in puzzle.pieces()[p].orientations() {
                    for anchor in 0..puzzle.cells() {
                        if let Some(mask) = puzzle.piece_mask(p, o, anchor).filter(|m| !seen.contains(m)) {
                            seen.push(mask);
                            out.push(Choice { mask, orientation: o, anchor: anchor as u8 });
                        }
                    }
                }
                out
            })
            .collect();
        let sizes = pieces.iter().map(|&p| puzzle.pieces()[p as usize].shape.size() as u32).collect();
        let base = puzzle.occupied(&start);
        HargramGenome { pieces, options, sizes, base, base_covered: base.len(), open: puzzle.open().len(), start }
    }

    /// The moves an individual stands for: the placements that went down, in order.
    pub fn moves(&self, genes: &[u16]) -> Vec<HargramMove> {
        let mut occupied = self.base;
        let mut out = Vec::new();
        for (i, &gene) in genes.iter().enumerate() {
            if let Some(option) = self.option(i, gene).filter(|o| !o.mask.overlaps(&occupied)) {
                occupied = occupied.union(option.mask);
                out.push(HargramMove::Place {
                    piece: self.pieces[i],
                    orientation: option.orientation,
                    anchor: option.anchor,
                });
            }
        }
        out
    }

    /// The layout an individual stands for.
    pub fn layout(&self, puzzle: &Hargram, genes: &[u16]) -> Layout {
        let moves = self.moves(genes);
        moves.iter().fold(self.start, |layout, mv| puzzle.apply(&layout, mv).unwrap_or(layout))
    }

    fn option(&self, i: usize, gene: u16) -> Option<&Choice> {
        (gene as usize).checked_sub(1).and_then(|k| self.options[i].get(k))
    }
}

impl Genome for HargramGenome {
    fn genes(&self) -> usize {
        self.pieces.len()
    }

    /// A random placement of the piece on the board (never "off": leaving a piece off is what overlaps
    /// lead to).
    fn random_gene(&self, index: usize, rng: &mut Xoshiro256PlusPlus) -> u16 {
        match self.options.get(index).map_or(0, |o| o.len()) {
            0 => 0,
            n => rng.random_range(1..=n as u16),
        }
    }

    fn evaluate(&self, genes: &[u16], blame: &mut [bool]) -> u32 {
        let mut occupied = self.base;
        let mut covered = self.base_covered;
        for (i, &gene) in genes.iter().enumerate() {
            let fits = self.option(i, gene).filter(|o| !o.mask.overlaps(&occupied));
            blame[i] = fits.is_none();
            if let Some(option) = fits {
                occupied = occupied.union(option.mask);
                covered += self.sizes[i];
            }
        }
        covered
    }

    fn perfect(&self) -> u32 {
        self.open
    }
}

/// A genetic-algorithm run (the earlier systems' solver) or an annealing run on a Hargram puzzle from
/// its start, kept as a per-frame tool behind [`AnyGa`].
pub struct GaRun {
    puzzle: Hargram,
    genome: HargramGenome,
    run: Box<dyn Evolver<HargramGenome>>,
    best: Vec<MoveCode>,
}

impl GaRun {
    /// A run on `puzzle` from its start, or why not (bad parameters).
    pub fn new(puzzle: &Hargram, how: Evolution) -> Result<GaRun, String> {
        let genome = HargramGenome::new(puzzle);
        let run = how.start(&genome)?;
        let best = Vec::with_capacity(puzzle.pieces().len());
        Ok(GaRun { puzzle: puzzle.clone(), genome, run, best })
    }
}

impl AnyGa for GaRun {
    fn step(&mut self, budget: u32) -> GaReport {
        self.run.step(&self.genome, budget)
    }

    fn report(&self) -> GaReport {
        self.run.report()
    }

    fn best_moves(&mut self) -> &[MoveCode] {
        self.best.clear();
        let moves = self.genome.moves(self.run.best());
        self.best.extend(moves.iter().map(|m| self.puzzle.encode_move(m)));
        &self.best
    }

    fn render_best(&self) -> String {
        self.puzzle.render(&self.genome.layout(&self.puzzle, self.run.best()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ga::anneal::GenomeAnnealing;
    use crate::ga::{Ga, GaParams};
    use crate::search::Status;

    #[test]
    fn the_ga_covers_a_small_board() {
        let puzzle = Hargram::parse("hargram:4x3:..../..../....:###/#..;#../###;####").unwrap();
        let genome = HargramGenome::new(&puzzle);
        let mut ga = Ga::new(&genome, GaParams { population: 200, generations: 60, ..GaParams::default() }, 3).unwrap();
        let report = ga.step(&genome, u32::MAX);
        assert_eq!(report.status, Status::Found, "{report:?}");
        assert!(puzzle.is_goal(&genome.layout(&puzzle, ga.best())));
        let mut sa = GenomeAnnealing::new(&genome, crate::ga::GENOME_SCHEDULE);
        let report = sa.step(&genome, u32::MAX);
        assert_eq!(report.status, Status::Found, "{report:?}");
        assert!(puzzle.is_goal(&genome.layout(&puzzle, sa.best())));
    }
}
