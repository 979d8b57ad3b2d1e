//! Generator handles: puzzles by difficulty, for any family, from a parameter text; stepped per frame.

use super::glue::{
    guard, hand_out, handle, handle_mut, release, report_work, status_outcome, text, Failure, Handle, LpStatus, Out,
};
use super::puzzle::LpPuzzle;
use crate::generate::Limits;
use crate::registry;
use crate::session::AnyGenerator;
use std::ffi::c_char;

/// A stepped puzzle generator. Opaque.
pub struct LpGenerator {
    generator: Box<dyn AnyGenerator>,
    limits: Limits,
}

impl Handle for LpGenerator {
    const NAME: &'static str = "generator";
}

impl LpGenerator {
    /// Gives `tables` to every candidate from now on.
    pub(crate) fn set_tables(&mut self, tables: crate::tables::Tables) -> Result<(), String> {
        self.generator.set_tables(tables)
    }
}

/// Creates a generator for the family named `family` from a parameter text: a preset (`"preset=hard"`),
/// parameters (`"size=4x4,min=20,max=30"`), both (`"preset=hard,size=5x4"`), or `""` for the defaults.
/// The parameters and presets of every family are listed by `lp_family_param` and `lp_family_preset`.
/// `LP_ERR_INVALID_ARGUMENT` names an unknown family or key, a value out of range (with the range), or a
/// band the family knows to be empty or cannot rate exactly. The same seed gives the same puzzles.
///
/// # Safety
/// `family` and `params` must be NULL or NUL-terminated strings; `out` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn lp_generator_create_text(
    family: *const c_char,
    params: *const c_char,
    seed: u64,
    out: *mut *mut LpGenerator,
) -> LpStatus {
    guard(|| {
        // SAFETY: forwarded caller guarantees.
        let (out, family, params) =
            unsafe { (Out::new(out, "out")?, text(family, "family")?, text(params, "params")?) };
        let generator = registry::generator(family, params, seed).map_err(Failure::invalid)?;
        Ok(hand_out(LpGenerator { generator, limits: Limits::default() }, out))
    })
}

/// Creates a generator of puzzles like `like`. For a built-in family it is [`lp_generator_create_text`]
/// of `like`'s family. For a custom puzzle the parameters are `min` and `max` (the band of the cheapest
/// solution's total cost, exact: rated by A\* when the game's estimate is admissible, by uniform-cost
/// search when not), `method` (`draw`: the game's draw callback; `scramble`: `steps` random moves from
/// `like`'s current position, typically its goal; `auto`: draw when the game has it) and `steps` (1 to
/// 10,000, default 100); the puzzles share `like`'s callbacks and are distinct by their state bytes.
/// `LP_ERR_CALLBACK` when a callback failed while the generator was made.
///
/// # Safety
/// `like` must be NULL or a live handle; `params` NULL or a NUL-terminated string; `out` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn lp_generator_create_like(
    like: *const LpPuzzle,
    params: *const c_char,
    seed: u64,
    out: *mut *mut LpGenerator,
) -> LpStatus {
    guard(|| {
        // SAFETY: forwarded caller guarantees.
        let (out, like, params) = unsafe { (Out::new(out, "out")?, handle(like)?, text(params, "params")?) };
        let made = like.session.generator_like(params, seed);
        like.checked(Ok(LpStatus::LP_OK))?;
        let generator = match made {
            Some(made) => made,
            None => registry::generator(like.session.family(), params, seed),
        }
        .map_err(Failure::invalid)?;
        Ok(hand_out(LpGenerator { generator, limits: Limits::default() }, out))
    })
}

/// Spends at most `budget` node expansions (0 counts as 1) drawing and rating candidates (one unit at
/// least each): `LP_IN_PROGRESS` until a puzzle in the
/// band is ready, then `LP_OK` with a new puzzle handle in `*puzzle` (free it with `lp_puzzle_free`; its
/// hints follow the rater's optimal solution) and its rating in `*rating` (the optimal length; for
/// hargram, the search nodes that found a solution and proved it unique or found a second). Every puzzle
/// of a run is a distinct level (up to the family's symmetries). `LP_NOT_FOUND` when the run ends without
/// one: every distinct puzzle of the band was handed out, or a limit of [`lp_generator_set_limits`] was
/// reached (the message says which).
///
/// # Safety
/// `generator` must be NULL or a live handle; `puzzle` and `rating` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn lp_generator_step(
    generator: *mut LpGenerator,
    budget: u32,
    puzzle: *mut *mut LpPuzzle,
    rating: *mut u32,
) -> LpStatus {
    guard(|| {
        // SAFETY: forwarded caller guarantees.
        let (puzzle, rating, generator) =
            unsafe { (Out::new(puzzle, "puzzle")?, Out::new(rating, "rating")?, handle_mut(generator)?) };
        // A run that met a failed callback stays failed: its search cannot be trusted.
        if let Some(why) = generator.generator.failure() {
            return Err(Failure::from(why));
        }
        let step = generator.generator.step(budget);
        report_work(generator.generator.last_work());
        // A game's callback that failed during the step makes its result untrustworthy.
        if let Some(why) = generator.generator.failure() {
            return Err(Failure::from(why));
        }
        match step {
            Ok(generated) => {
                rating.write(generated.rating);
                Ok(hand_out(LpPuzzle::generated(generated), puzzle))
            }
            Err(status) => {
                let why = generator.generator.reason(status);
                status_outcome(status, "no puzzle").map_err(|f| Failure::new(f.status, why))
            }
        }
    })
}

/// Generates one puzzle at once (blocking): [`lp_generator_create_text`], then [`lp_generator_step`]
/// until it is ready.
///
/// # Safety
/// `family` and `params` must be NULL or NUL-terminated strings; `puzzle` and `rating` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn lp_generate(
    family: *const c_char,
    params: *const c_char,
    seed: u64,
    puzzle: *mut *mut LpPuzzle,
    rating: *mut u32,
) -> LpStatus {
    guard(|| {
        // SAFETY: forwarded caller guarantees.
        let (puzzle, rating, family, params) = unsafe {
            (Out::new(puzzle, "puzzle")?, Out::new(rating, "rating")?, text(family, "family")?, text(params, "params")?)
        };
        let mut generator = registry::generator(family, params, seed).map_err(Failure::invalid)?;
        loop {
            match generator.step(u32::MAX) {
                Ok(generated) => {
                    rating.write(generated.rating);
                    return Ok(hand_out(LpPuzzle::generated(generated), puzzle));
                }
                Err(crate::search::Status::InProgress) => continue,
                Err(status) => {
                    let why = generator.reason(status);
                    return status_outcome(status, "no puzzle").map_err(|f| Failure::new(f.status, why));
                }
            }
        }
    })
}

/// Sets the limits of a generator run: it ends with `LP_NOT_FOUND` after `max_misses` candidates in a row
/// that miss the band (or repeat a level), with `LP_OUT_OF_NODES` after `max_nodes` node expansions in
/// all, and drops a candidate whose rating takes more than `candidate_nodes` expansions. The defaults are
/// 200,000, 10⁹ and no limit beyond the family's own; 0 keeps a limit as it is.
///
/// # Safety
/// `generator` must be NULL or a live handle.
#[no_mangle]
pub unsafe extern "C" fn lp_generator_set_limits(
    generator: *mut LpGenerator,
    max_misses: u64,
    max_nodes: u64,
    candidate_nodes: u64,
) -> LpStatus {
    guard(|| {
        // SAFETY: forwarded caller guarantees.
        let generator = unsafe { handle_mut(generator) }?;
        let mut limits = generator.limits;
        for (limit, value) in [
            (&mut limits.max_misses, max_misses),
            (&mut limits.max_nodes, max_nodes),
            (&mut limits.candidate_nodes, candidate_nodes),
        ] {
            if value != 0 {
                *limit = value;
            }
        }
        generator.limits = limits;
        generator.generator.set_limits(limits);
        Ok(LpStatus::LP_OK)
    })
}

/// Releases a generator. NULL is ignored.
///
/// # Safety
/// `generator` must be NULL or a handle from this library not yet freed.
#[no_mangle]
pub unsafe extern "C" fn lp_generator_free(generator: *mut LpGenerator) {
    // SAFETY: forwarded caller guarantee.
    unsafe { release(generator) }
}
