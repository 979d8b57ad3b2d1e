//! Sliding-tile generation: boards of up to nine cells drawn uniformly by distance from a complete table;
//! larger ones by random walks; every candidate rated by its exact optimal length.

use super::{Board, Tiles, IDA_STACK, MAX_SIDE, MIN_SIDE};
use crate::family::Family;
use crate::generate::{Anneal, Generate, ANNEAL_PARAMS, METHOD_DRAW_OR_ANNEAL};
use crate::memory::OutOfMemory;
use crate::params::{Kind, Preset, Spec, Values};
use crate::search::{Algorithm, Puzzle, Search, Solver};
use alloc::format;
use alloc::string::String;
use alloc::vec;
use alloc::vec::Vec;
use rand::RngExt;
use rand_xoshiro::Xoshiro256PlusPlus;

/// Boards of more than 16 cells are rated by IDA\* with linear conflicts, exact but slow: bands up to this
/// many moves only, and at most 2,000,000 expansions a candidate.
pub const LARGE_BAND_MAX: u32 = 40;
/// Expansions one candidate of a board of more than 16 cells may take to be rated.
const LARGE_RATING_NODES: u64 = 2_000_000;

/// The most moves any arrangement needs, for boards whose maximum is published (Korf 2008 and earlier
/// exhaustive searches); boards of at most nine cells are explored instead.
const KNOWN_MAXIMA: [((u8, u8), u32); 5] = [((4, 4), 80), ((3, 4), 53), ((4, 3), 53), ((2, 5), 55), ((5, 2), 55)];

/// What to generate.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TilesParams {
    /// Fewest and most optimal moves.
    pub band: (u32, u32),
    /// Width and height.
    pub size: (u8, u8),
    /// Generation by annealing (`method=anneal`): its settings.
    pub anneal: Option<Anneal>,
}

impl Generate for Tiles {
    const PARAMS: &'static [Spec] = &[
        Spec { name: "min", kind: Kind::Int, min: 0, max: 1000, default: "4", doc: "fewest optimal moves" },
        Spec { name: "max", kind: Kind::Int, min: 0, max: 1000, default: "10", doc: "most optimal moves" },
        Spec {
            name: "size",
            kind: Kind::Size,
            min: MIN_SIDE as i64,
            max: MAX_SIDE as i64,
            default: "3x3",
            doc: "board width and height",
        },
        METHOD_DRAW_OR_ANNEAL,
        ANNEAL_PARAMS[0],
        ANNEAL_PARAMS[1],
        ANNEAL_PARAMS[2],
        ANNEAL_PARAMS[3],
    ];

    /// Optimal moves: easy 3×3 with 4–10, medium 3×3 with 11–20, hard 4×4 with 21–35, expert 4×4 with
    /// 36–60 (the expert band is rated fast only with pattern databases attached to the candidates).
    const PRESETS: &'static [Preset] = &[
        Preset { name: "easy", params: "size=3x3,min=4,max=10" },
        Preset { name: "medium", params: "size=3x3,min=11,max=20" },
        Preset { name: "hard", params: "size=4x4,min=21,max=35" },
        Preset { name: "expert", params: "size=4x4,min=36,max=60" },
    ];

    const SMALL: &'static str = "size=2x3,min=1,max=21";

    type Params = TilesParams;

    fn params(values: &Values) -> Result<TilesParams, String> {
        let (w, h) = values.pair("size");
        let params = TilesParams {
            band: (values.int("min") as u32, values.int("max") as u32),
            size: (w as u8, h as u8),
            anneal: Anneal::from_values(values),
        };
        if w * h > 16 && params.band.1 > LARGE_BAND_MAX {
            return Err(format!(
                "{w}x{h} puzzles are rated exactly (IDA* with linear conflicts) only up to {LARGE_BAND_MAX} moves; \
                 a band reaching {} moves cannot be rated exactly per frame",
                params.band.1
            ));
        }
        Ok(params)
    }

    fn band(params: &TilesParams) -> (u32, u32) {
        params.band
    }

    type Context = TilesContext;

    fn context(params: &TilesParams) -> Result<TilesContext, OutOfMemory> {
        let (w, h) = params.size;
        let puzzle = Tiles::default_puzzle(w, h);
        let (min, max) = (params.band.0 as usize, params.band.1 as usize);
        if w as usize * h as usize > 9 {
            return Ok(TilesContext { puzzle, by_distance: Vec::new(), in_band: Vec::new() });
        }
        let mut table = crate::search::bfs::Bfs::explorer(200_000)?;
        table.restart(&puzzle, puzzle.goal());
        table.run(&puzzle);
        let mut by_distance = vec![Vec::new(); table.max_distance() as usize + 1];
        for (state, distance) in table.distances() {
            by_distance[distance as usize].push(*state);
        }
        let in_band =
            (min..=max.min(by_distance.len().saturating_sub(1))).filter(|&d| !by_distance[d].is_empty()).collect();
        Ok(TilesContext { puzzle, by_distance, in_band })
    }

    fn max_rating(params: &TilesParams, context: &TilesContext) -> Option<u32> {
        let by_distance = &context.by_distance;
        if !by_distance.is_empty() {
            return Some(by_distance.len() as u32 - 1);
        }
        KNOWN_MAXIMA.iter().find(|(size, _)| *size == params.size).map(|&(_, max)| max)
    }

    fn band_size(params: &TilesParams, context: &TilesContext) -> Option<u64> {
        let by_distance = &context.by_distance;
        if by_distance.is_empty() {
            return None;
        }
        let band = params.band.0 as usize..=params.band.1 as usize;
        Some(by_distance.iter().enumerate().filter(|(d, _)| band.contains(d)).map(|(_, s)| s.len() as u64).sum())
    }

    /// Boards of up to nine cells: a distance drawn uniformly in the band (among those that exist), then
    /// an arrangement drawn uniformly among those at that distance. Larger boards: a random walk from
    /// the goal, of a random length up to twice the band's maximum, that never undoes its last move.
    fn candidate(params: &TilesParams, context: &TilesContext, rng: &mut Xoshiro256PlusPlus) -> Tiles {
        let (min, max) = params.band;
        let puzzle = &context.puzzle;
        if !context.in_band.is_empty() {
            let states = &context.by_distance[context.in_band[rng.random_range(0..context.in_band.len())]];
            return puzzle.with_start(states[rng.random_range(0..states.len())]);
        }
        let steps = rng.random_range(min..=max.saturating_mul(2).max(min));
        let (mut state, mut previous) = (puzzle.goal(), None);
        for _ in 0..steps {
            let mut options = [None; 4];
            let mut count = 0;
            puzzle.successors(&state, |_, next, _| {
                if Some(next) != previous {
                    options[count] = Some(next);
                    count += 1;
                }
            });
            previous = Some(state);
            state = options[rng.random_range(0..count)].unwrap_or(state);
        }
        puzzle.with_start(state)
    }

    fn annealing(params: &TilesParams) -> Option<Anneal> {
        params.anneal
    }

    /// Three tiles (the blank aside) trade places in a cycle: an even permutation, so that the mutant can
    /// be solved as the puzzle could.
    fn mutate_into(
        puzzle: &Tiles,
        _: &TilesParams,
        _: &mut TilesContext,
        rng: &mut Xoshiro256PlusPlus,
        out: &mut Option<Tiles>,
    ) -> bool {
        let start = puzzle.start();
        let cells = puzzle.cells();
        if cells < 4 {
            return false;
        }
        let mut pick = [0usize; 3];
        let mut n = 0;
        while n < 3 {
            let cell = rng.random_range(0..cells);
            if cell != start.blank() && !pick[..n].contains(&cell) {
                pick[n] = cell;
                n += 1;
            }
        }
        let [a, b, c] = pick;
        let mutant = start.with_tile(a, start.tile(b)).with_tile(b, start.tile(c)).with_tile(c, start.tile(a));
        match out {
            Some(old) => *old = puzzle.with_start(mutant),
            None => *out = Some(puzzle.with_start(mutant)),
        }
        true
    }

    /// The recommended solver where it is exact; boards of more than 16 cells, whose recommended solver is
    /// not, by IDA\* with linear conflicts, which is, within 2,000,000 expansions.
    fn rater(&self, _: Option<&TilesParams>) -> Result<Solver<Tiles>, OutOfMemory> {
        if self.cells() > 16 && self.distances.is_none() && self.tables.is_none() {
            return Ok(Solver::new(Algorithm::IdaStar, IDA_STACK)?.with_expansion_limit(LARGE_RATING_NODES));
        }
        self.recommended_solver()
    }
}

/// What a tiles generator prepares once.
pub struct TilesContext {
    /// The puzzle of the parameters' size, solved: candidates are it with another start.
    puzzle: Tiles,
    /// For boards of at most nine cells, every arrangement grouped by its distance from the goal (a
    /// complete breadth-first table); larger boards have none.
    by_distance: Vec<Vec<Board>>,
    /// The distances of the band that some arrangement has.
    in_band: Vec<usize>,
}

impl Tiles {
    /// The `w`×`h` puzzle with the default goal, starting solved.
    fn default_puzzle(w: u8, h: u8) -> Tiles {
        let n = w as usize * h as usize;
        let goal: Vec<u8> = (1..n as u8).chain([0]).collect();
        Tiles::new(w, h, &goal, None).unwrap_or_else(|_| unreachable!("checked size"))
    }
}
