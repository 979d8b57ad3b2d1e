//! Jugs generation: random capacities, the first jug full (or all empty with the tap), one random jug to
//! reach a random amount, rated by its optimal number of moves.

use super::{Jugs, MAX_JUGS, MIN_JUGS};
use crate::generate::{Anneal, Generate, ANNEAL_PARAMS, METHOD_DRAW_OR_ANNEAL};
use crate::memory::OutOfMemory;
use crate::params::{Kind, Preset, Spec, Values};
use alloc::string::String;
use rand::RngExt;
use rand_xoshiro::Xoshiro256PlusPlus;

/// What to generate.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct JugsParams {
    /// Fewest and most optimal moves.
    pub band: (u32, u32),
    /// Number of jugs.
    pub jugs: u8,
    /// Smallest and largest capacity.
    pub capacities: (u8, u8),
    /// Whether the tap and sink may be used.
    pub tap: bool,
    /// Generation by annealing (`method=anneal`): its settings.
    pub anneal: Option<Anneal>,
}

impl Generate for Jugs {
    const PARAMS: &'static [Spec] = &[
        Spec { name: "min", kind: Kind::Int, min: 0, max: 1000, default: "1", doc: "fewest optimal moves" },
        Spec { name: "max", kind: Kind::Int, min: 0, max: 1000, default: "7", doc: "most optimal moves" },
        Spec {
            name: "jugs",
            kind: Kind::Int,
            min: MIN_JUGS as i64,
            max: MAX_JUGS as i64,
            default: "3",
            doc: "number of jugs",
        },
        Spec {
            name: "capacities",
            kind: Kind::Range,
            min: 2,
            max: 255,
            default: "3..10",
            doc: "smallest and largest capacity",
        },
        Spec { name: "tap", kind: Kind::Bool, min: 0, max: 1, default: "false", doc: "allow the tap and the sink" },
        METHOD_DRAW_OR_ANNEAL,
        ANNEAL_PARAMS[0],
        ANNEAL_PARAMS[1],
        ANNEAL_PARAMS[2],
        ANNEAL_PARAMS[3],
    ];

    /// Three jugs without tap; capacities grow with the band (pours: easy 1–7, medium 8–14, hard 15–19,
    /// expert 20–24). Medium and up anneal: a generator hands out their puzzles 2–4 times faster that
    /// way than by fresh draws (`lp bench anneal`; median of seeds 1–5, 30 puzzles each: medium 0.013
    /// against 0.028 ms, hard 0.039 against 0.144, expert 0.048 against 0.213).
    const PRESETS: &'static [Preset] = &[
        Preset { name: "easy", params: "min=1,max=7,capacities=3..10" },
        Preset { name: "medium", params: "min=8,max=14,capacities=5..16,method=anneal" },
        Preset { name: "hard", params: "min=15,max=19,capacities=8..24,method=anneal" },
        Preset { name: "expert", params: "min=20,max=24,capacities=10..30,method=anneal" },
    ];

    const SMALL: &'static str = "jugs=3,capacities=2..5,tap=true,min=1,max=30";

    type Params = JugsParams;

    fn params(values: &Values) -> Result<JugsParams, String> {
        let (lo, hi) = values.pair("capacities");
        Ok(JugsParams {
            band: (values.int("min") as u32, values.int("max") as u32),
            jugs: values.int("jugs") as u8,
            capacities: (lo as u8, hi as u8),
            tap: values.bool("tap"),
            anneal: Anneal::from_values(values),
        })
    }

    fn band(params: &JugsParams) -> (u32, u32) {
        params.band
    }

    type Context = ();

    fn context(_: &JugsParams) -> Result<(), OutOfMemory> {
        Ok(())
    }

    fn annealing(params: &JugsParams) -> Option<Anneal> {
        params.anneal
    }

    /// One capacity drawn again within the range, or the goal drawn again (one jug, one amount); goal
    /// amounts a smaller jug no longer holds are drawn again, and without the tap the first jug starts
    /// full as always.
    fn mutate_into(
        puzzle: &Jugs,
        params: &JugsParams,
        _: &mut (),
        rng: &mut Xoshiro256PlusPlus,
        out: &mut Option<Jugs>,
    ) -> bool {
        let n = puzzle.capacities.len();
        let (lo, hi) = params.capacities;
        let (mut caps, mut goal, mut start) = ([0u8; MAX_JUGS], [None; MAX_JUGS], [0u8; MAX_JUGS]);
        caps[..n].copy_from_slice(&puzzle.capacities);
        goal[..n].copy_from_slice(&puzzle.goal);
        let jug = rng.random_range(0..n);
        if rng.random_bool(0.5) {
            caps[jug] = rng.random_range(lo..=hi);
        } else {
            goal = [None; MAX_JUGS];
            goal[jug] = Some(rng.random_range(1..caps[jug].max(2)));
        }
        for (g, &cap) in goal[..n].iter_mut().zip(&caps[..n]) {
            if g.is_some_and(|amount| amount >= cap) {
                *g = Some(rng.random_range(1..cap.max(2)));
            }
        }
        if !params.tap {
            start[0] = caps[0];
        }
        match Jugs::new(&caps[..n], &start[..n], &goal[..n], params.tap) {
            Ok(mutant) => {
                *out = Some(mutant);
                true
            }
            Err(_) => false,
        }
    }

    /// Random capacities; the first jug full (or all empty with tap); one random jug must end with a
    /// random amount, the others with any.
    fn candidate(params: &JugsParams, _: &(), rng: &mut Xoshiro256PlusPlus) -> Jugs {
        let n = params.jugs as usize;
        let (lo, hi) = params.capacities;
        // Fixed arrays: drawing allocates nothing.
        let mut caps = [0u8; MAX_JUGS];
        for cap in &mut caps[..n] {
            *cap = rng.random_range(lo..=hi);
        }
        caps[..n].sort_unstable_by(|a, b| b.cmp(a));
        let mut start = [0u8; MAX_JUGS];
        if !params.tap {
            start[0] = caps[0];
        }
        let mut goal = [None; MAX_JUGS];
        let jug = rng.random_range(0..n);
        goal[jug] = Some(rng.random_range(1..caps[jug]));
        Jugs::new(&caps[..n], &start[..n], &goal[..n], params.tap)
            .unwrap_or_else(|_| unreachable!("amounts drawn within capacities"))
    }
}
