//! Generation of custom puzzles: candidates drawn by the game's `draw` callback or scrambled by random
//! moves from a position the game gives (its goal, typically), then rated, banded and told apart by the
//! shared generator ([`crate::generate`]) as for every built-in family: the rating is exact (the
//! cheapest solution's total cost), and levels are distinct by their state bytes.
//!
//! A scramble is stepped like a search: each random move is one successors call, paid for from the
//! step's budget by the successors it made (as an expansion is), so that a frame's call stays bounded
//! whatever the game's branching and the number of moves. Making a generator calls no callback.

use super::{Bytes, Callback, Custom};
use crate::family::Family;
use crate::generate::{Drawing, Fact, Generate, Generator};
use crate::memory::OutOfMemory;
use crate::params::{Kind, Preset, Spec, Values};
use crate::search::{units_for, Algorithm, Puzzle, Solver, Status, Step};
use crate::session::MadeGenerator;
use alloc::boxed::Box;
use alloc::string::String;
use alloc::vec::Vec;
use rand::{Rng, RngExt};
use rand_xoshiro::Xoshiro256PlusPlus;

/// The A\* (or uniform-cost) node cap of a rating is what fits in this many bytes of states.
const RATER_BYTES: usize = 64 << 20;
/// Most random moves of a scramble: a candidate is drawn at once, so its work is bounded here.
const MAX_STEPS: i64 = 10_000;

/// How candidates are drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Method {
    /// The game's `draw` callback, with a seed from the generator's random numbers.
    Draw,
    /// Random moves from the puzzle's position, never straight back where another move exists.
    Scramble,
}

/// The parameters of a custom generator: the puzzle it starts from (with the game's callbacks), the band
/// and how it draws.
#[derive(Clone, Debug)]
pub struct CustomParams<const N: usize> {
    puzzle: Custom<N>,
    band: (u32, u32),
    method: Method,
    steps: u32,
}

const PARAMS: &[Spec] = &[
    Spec { name: "min", kind: Kind::Int, min: 0, max: 1_000_000, default: "1", doc: "lowest cheapest-solution cost" },
    Spec { name: "max", kind: Kind::Int, min: 0, max: 1_000_000, default: "1000", doc: "highest cheapest-solution cost" },
    Spec {
        name: "method",
        kind: Kind::Choice(&["auto", "draw", "scramble"]),
        min: 0,
        max: 0,
        default: "auto",
        doc: "draw: the game's draw callback; scramble: random moves from the puzzle's position; auto: draw when the game has it",
    },
    Spec { name: "steps", kind: Kind::Int, min: 1, max: MAX_STEPS, default: "100", doc: "random moves of a scramble" },
];

/// A generator of puzzles like `puzzle` for a parameter text (`min=10,max=20,method=scramble,steps=60`).
pub fn generator<const N: usize>(puzzle: &Custom<N>, text: &str, seed: u64) -> MadeGenerator {
    let values = Values::parse(PARAMS, &[], text).map_err(|e| alloc::format!("{e}"))?;
    let has_draw = puzzle.def.vtable.draw.is_some();
    let method = match values.text("method").as_str() {
        "draw" if !has_draw => return Err("method=draw needs the game's draw callback".into()),
        "draw" => Method::Draw,
        "auto" if has_draw => Method::Draw,
        _ => Method::Scramble,
    };
    let params = CustomParams {
        puzzle: puzzle.clone(),
        band: (values.int("min") as u32, values.int("max") as u32),
        method,
        steps: values.int("steps") as u32,
    };
    Ok(Box::new(Generator::<Custom<N>>::new(params, seed)?))
}

/// A random walk of `steps` moves from the puzzle's position, never straight back where another move
/// exists, taken a move at a time within each step's budget.
struct Scramble<const N: usize> {
    puzzle: Custom<N>,
    steps: u32,
    /// The walk under way: where it is, where it was a move before, and the moves taken (`None`: no
    /// walk under way).
    walk: Option<(Bytes<N>, Option<Bytes<N>>, u32)>,
}

impl<const N: usize> Drawing<Custom<N>> for Scramble<N> {
    fn step(&mut self, rng: &mut Xoshiro256PlusPlus, budget: u32) -> Step {
        let (mut state, mut previous, mut taken) = self.walk.unwrap_or((self.puzzle.start(), None, 0));
        let mut units = 0;
        while taken < self.steps && units < budget {
            // Reservoir sampling: a uniform pick among the successors without storing them.
            let (mut chosen, mut seen, mut made) = (None, 0u32, 0u64);
            self.puzzle.successors(&state, |_, next, _| {
                made += 1;
                if Some(next) != previous {
                    seen += 1;
                    if rng.random_range(0..seen) == 0 {
                        chosen = Some(next);
                    }
                }
            });
            units += units_for(made);
            taken += 1;
            match chosen.or(previous) {
                Some(next) => (previous, state) = (Some(state), next),
                // No move at all: the walk ends here.
                None => taken = self.steps,
            }
        }
        self.walk = Some((state, previous, taken));
        let status = if taken < self.steps { Status::InProgress } else { Status::Found };
        Step::new(status, units)
    }

    fn take_into(&mut self, out: &mut Option<Custom<N>>, facts: &mut Vec<Fact>) -> bool {
        facts.clear();
        match self.walk.take() {
            Some((state, _, taken)) if taken >= self.steps => {
                *out = Some(self.puzzle.with_start(state));
                true
            }
            walk => {
                self.walk = walk;
                false
            }
        }
    }
}

/// The state the game's `draw` callback writes for `seed`, or `None` after recording its failure.
fn drawn<const N: usize>(puzzle: &Custom<N>, seed: u64) -> Option<Bytes<N>> {
    let def = &*puzzle.def;
    let call = def.vtable.draw?;
    let mut state = [0u8; N];
    // SAFETY: the game's callback with its context and a state of `N` bytes (at least `state_size`).
    let code = unsafe { call(def.user, seed, state.as_mut_ptr()) };
    if code != 0 {
        def.fail(Callback::Draw, code);
        return None;
    }
    Some(Bytes::of(&state[..def.size]))
}

impl<const N: usize> Generate for Custom<N> {
    const RATING_UNIT: &'static str = "cost units";
    /// The rating is a cost, which equals the length only when every move costs 1.
    const RATED_BY_LENGTH: bool = false;
    const PARAMS: &'static [Spec] = PARAMS;
    const PRESETS: &'static [Preset] = &[];
    const SMALL: &'static str = "";

    type Params = CustomParams<N>;
    type Context = ();

    fn params(_: &Values) -> Result<CustomParams<N>, String> {
        Err("a custom puzzle's generator starts from a puzzle of it (lp_generator_create_like)".into())
    }

    fn band(params: &CustomParams<N>) -> (u32, u32) {
        params.band
    }

    fn context(_: &CustomParams<N>) -> Result<(), OutOfMemory> {
        Ok(())
    }

    /// A candidate drawn by the game's `draw` callback (a scramble is stepped: see `Scramble`).
    fn candidate(params: &CustomParams<N>, _: &(), rng: &mut Xoshiro256PlusPlus) -> Custom<N> {
        let puzzle = &params.puzzle;
        let state = match params.method {
            Method::Draw => drawn(puzzle, rng.next_u64()),
            Method::Scramble => None,
        };
        // After a failed draw the candidate is the puzzle itself: the failure is reported, not rated.
        puzzle.with_start(state.unwrap_or_else(|| puzzle.start()))
    }

    /// The puzzle itself: making a generator calls none of the game's callbacks.
    fn probe(params: &CustomParams<N>, _: &(), _: &mut Xoshiro256PlusPlus) -> Custom<N> {
        params.puzzle.clone()
    }

    fn drawing(params: &CustomParams<N>, _: &()) -> Result<Option<Box<dyn Drawing<Custom<N>>>>, OutOfMemory> {
        Ok((params.method == Method::Scramble).then(|| {
            Box::new(Scramble { puzzle: params.puzzle.clone(), steps: params.steps, walk: None })
                as Box<dyn Drawing<Custom<N>>>
        }))
    }

    /// A\* when the game's estimate is admissible, else uniform-cost search: exact either way.
    fn rater(&self, _: Option<&CustomParams<N>>) -> Result<Solver<Self>, OutOfMemory> {
        let algorithm = if self.heuristic_is_admissible() { Algorithm::AStar } else { Algorithm::UniformCost };
        Solver::new(algorithm, RATER_BYTES / (N + 64))
    }
}
