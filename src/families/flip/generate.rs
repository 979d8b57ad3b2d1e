//! Flip generation: random press sets on the all-light target, rated by the fewest presses.

use super::{Flip, Press, MAX_SIDE};
use crate::family::Family;
use crate::generate::{Anneal, Generate, ANNEAL_PARAMS, METHOD_DRAW_OR_ANNEAL};
use crate::memory::OutOfMemory;
use crate::params::{Kind, Preset, Spec, Values};
use crate::search::{Puzzle, Search};
use alloc::collections::BTreeSet;
use alloc::string::String;
use alloc::vec::Vec;
use rand::RngExt;
use rand_xoshiro::Xoshiro256PlusPlus;

/// Boards of at most this many cells have their every state explored once per generator, so that the
/// highest rating and the number of distinct puzzles of a band are known exactly.
const EXPLORED_CELLS: usize = 16;

/// What to generate.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FlipParams {
    /// Fewest and most presses.
    pub band: (u32, u32),
    /// Width and height.
    pub size: (u8, u8),
    /// Generation by annealing (`method=anneal`): its settings.
    pub anneal: Option<Anneal>,
}

/// What a flip generator knows of its board: the highest minimum-press count and, for boards small
/// enough to explore, the number of distinct boards (up to symmetry) per minimum-press count.
pub struct FlipContext {
    /// The all-light board of the parameters' size: candidates are it with another start.
    lights_out: Flip,
    highest: u32,
    by_presses: Option<Vec<u64>>,
}

impl Generate for Flip {
    const RATING_UNIT: &'static str = "presses";

    const PARAMS: &'static [Spec] = &[
        Spec { name: "min", kind: Kind::Int, min: 0, max: 1024, default: "1", doc: "fewest presses" },
        Spec { name: "max", kind: Kind::Int, min: 0, max: 1024, default: "4", doc: "most presses" },
        Spec {
            name: "size",
            kind: Kind::Size,
            min: 1,
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

    /// Minimum presses: easy 3×3 with 1–4, medium 3×3 with 5–9, hard 4×4 with 6–10, expert 5×5 with 9–15.
    const PRESETS: &'static [Preset] = &[
        Preset { name: "easy", params: "size=3x3,min=1,max=4" },
        Preset { name: "medium", params: "size=3x3,min=5,max=9" },
        Preset { name: "hard", params: "size=4x4,min=6,max=10" },
        Preset { name: "expert", params: "size=5x5,min=9,max=15" },
    ];

    const SMALL: &'static str = "size=3x3,min=1,max=9";

    type Params = FlipParams;

    fn params(values: &Values) -> Result<FlipParams, String> {
        let (w, h) = values.pair("size");
        Ok(FlipParams {
            band: (values.int("min") as u32, values.int("max") as u32),
            size: (w as u8, h as u8),
            anneal: Anneal::from_values(values),
        })
    }

    fn band(params: &FlipParams) -> (u32, u32) {
        params.band
    }

    type Context = FlipContext;

    /// A board with no null space needs every press set's size once (the highest is every cell); other
    /// boards are explored from the target when small, and bounded by the rank otherwise (a particular
    /// solution presses pivot cells only).
    fn context(params: &FlipParams) -> Result<FlipContext, OutOfMemory> {
        let lights_out = Flip::lights_out(params.size.0, params.size.1);
        let cells = lights_out.cells();
        if cells > EXPLORED_CELLS {
            let highest = if lights_out.nullity() == 0 { cells } else { lights_out.elimination.rank } as u32;
            return Ok(FlipContext { lights_out, highest, by_presses: None });
        }
        let mut explorer = crate::search::bfs::Bfs::explorer(1 << cells)?;
        explorer.restart(&lights_out, lights_out.target);
        explorer.run(&lights_out);
        let mut distinct: Vec<BTreeSet<u64>> = Vec::new();
        for (state, presses) in explorer.distances() {
            if distinct.len() <= presses as usize {
                distinct.resize(presses as usize + 1, BTreeSet::new());
            }
            distinct[presses as usize].insert(lights_out.with_start(*state).fingerprint());
        }
        let by_presses: Vec<u64> = distinct.iter().map(|set| set.len() as u64).collect();
        Ok(FlipContext { lights_out, highest: by_presses.len() as u32 - 1, by_presses: Some(by_presses) })
    }

    fn max_rating(_: &FlipParams, context: &FlipContext) -> Option<u32> {
        Some(context.highest)
    }

    fn band_size(params: &FlipParams, context: &FlipContext) -> Option<u64> {
        let by_presses = context.by_presses.as_ref()?;
        Some((params.band.0 as usize..=params.band.1 as usize).filter_map(|p| by_presses.get(p)).sum())
    }

    fn annealing(params: &FlipParams) -> Option<Anneal> {
        params.anneal
    }

    /// One panel of the start toggled (on a board whose presses do not reach every pattern, the mutant
    /// may have no solution: its rater says so and the chain keeps its puzzle).
    fn mutate_into(
        puzzle: &Flip,
        _: &FlipParams,
        _: &mut FlipContext,
        rng: &mut Xoshiro256PlusPlus,
        out: &mut Option<Flip>,
    ) -> bool {
        let mut start = puzzle.start();
        super::flip_bit(&mut start.0, rng.random_range(0..puzzle.cells()));
        match out {
            Some(old) => *old = puzzle.with_start(start),
            None => *out = Some(puzzle.with_start(start)),
        }
        true
    }

    /// The all-light target with a random number (within the band) of random distinct presses applied.
    fn candidate(params: &FlipParams, context: &FlipContext, rng: &mut Xoshiro256PlusPlus) -> Flip {
        let lights_out = &context.lights_out;
        let n = lights_out.cells();
        let presses = rng.random_range(params.band.0..=params.band.1).min(n as u32);
        // A bit set of the board's size: drawing allocates nothing.
        let mut pressed: super::Bits = [0; super::WORDS];
        let mut state = lights_out.start();
        let mut count = 0;
        while count < presses {
            let p = rng.random_range(0..n);
            if pressed[p / 64] >> (p % 64) & 1 == 0 {
                super::flip_bit(&mut pressed, p);
                count += 1;
                state = lights_out.apply(&state, &Press(p as u16)).unwrap_or(state);
            }
        }
        lights_out.with_start(state)
    }
}
