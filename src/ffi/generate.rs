//! Generator handles: puzzles by difficulty, rated exactly, stepped per frame.

use super::glue::{deref, deref_mut, free_handle, guard, out_param, Failure, LpStatus};
use super::puzzle::LpPuzzle;
use crate::family::FamilyId;
use crate::generate::{Difficulty, Request};
use crate::session::{self, AnyGenerator, GenStop};

/// A stepped puzzle generator. Opaque.
pub struct LpGenerator {
    generator: Box<dyn AnyGenerator>,
    limits: crate::generate::Limits,
}

/// Difficulty presets for [`lp_generator_create`] and [`lp_generate`].
#[repr(C)]
#[allow(non_camel_case_types)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LpDifficulty {
    /// Easy.
    LP_DIFFICULTY_EASY = 0,
    /// Medium.
    LP_DIFFICULTY_MEDIUM = 1,
    /// Hard.
    LP_DIFFICULTY_HARD = 2,
    /// Expert.
    LP_DIFFICULTY_EXPERT = 3,
}

/// Custom generation parameters (each family reads the fields it uses).
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LpGenParams {
    /// Fewest optimal moves (inclusive); for hargram, the fewest search nodes of the rating.
    pub min_moves: u32,
    /// Most optimal moves (inclusive); for hargram, the most search nodes of the rating.
    pub max_moves: u32,
    /// Board width (tiles, flip).
    pub width: u32,
    /// Board height (tiles, flip).
    pub height: u32,
    /// Number of jugs (jugs).
    pub jugs: u32,
    /// Smallest capacity (jugs).
    pub capacity_min: u32,
    /// Largest capacity (jugs).
    pub capacity_max: u32,
    /// Non-zero to allow tap and sink (jugs).
    pub tap: u32,
    /// Number of pieces (hargram).
    pub pieces: u32,
    /// Fewest cells of a piece (hargram).
    pub piece_min: u32,
    /// Most cells of a piece (hargram).
    pub piece_max: u32,
    /// Non-zero to require exactly one solution (hargram).
    pub unique: u32,
}

fn family_from(value: u32) -> Result<FamilyId, Failure> {
    match value {
        1 => Ok(FamilyId::Tiles),
        2 => Ok(FamilyId::Jugs),
        3 => Ok(FamilyId::Flip),
        4 => Ok(FamilyId::Hargram),
        other => Err(Failure::invalid(format!("{other} is not an LpFamily that can be generated"))),
    }
}

fn difficulty_from(value: u32) -> Result<Difficulty, Failure> {
    match value {
        0 => Ok(Difficulty::Easy),
        1 => Ok(Difficulty::Medium),
        2 => Ok(Difficulty::Hard),
        3 => Ok(Difficulty::Expert),
        other => Err(Failure::invalid(format!("{other} is not an LpDifficulty"))),
    }
}

fn request_from(p: &LpGenParams) -> Result<Request, Failure> {
    let byte =
        |v: u32, what: &str| u8::try_from(v).map_err(|_| Failure::invalid(format!("{what} {v} is out of range")));
    Ok(Request {
        min: p.min_moves,
        max: p.max_moves,
        size: (byte(p.width, "width")?, byte(p.height, "height")?),
        jugs: byte(p.jugs, "jugs")?,
        capacities: (byte(p.capacity_min, "capacity_min")?, byte(p.capacity_max, "capacity_max")?),
        tap: p.tap != 0,
        pieces: byte(p.pieces, "pieces")?,
        piece_size: (byte(p.piece_min, "piece_min")?, byte(p.piece_max, "piece_max")?),
        unique: p.unique != 0,
    })
}

/// Creates a generator for `family` (an [`LpFamily`](super::LpFamily) value): with `params` NULL, the
/// preset `difficulty` (an [`LpDifficulty`] value); otherwise the custom `params` (and `difficulty` is
/// ignored). The same seed gives the same puzzles.
///
/// # Safety
/// `params` must be NULL or readable; `out` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn lp_generator_create(
    family: u32,
    difficulty: u32,
    params: *const LpGenParams,
    seed: u64,
    out: *mut *mut LpGenerator,
) -> LpStatus {
    guard(|| {
        let out = out_param(out, "out")?;
        let family = family_from(family)?;
        let request = if params.is_null() {
            Err(difficulty_from(difficulty)?)
        } else {
            // SAFETY: checked non-NULL; readable by contract.
            Ok(request_from(unsafe { deref(params, "params") }?)?)
        };
        let generator = session::generator(family, request, seed).map_err(Failure::invalid)?;
        let limits = crate::generate::Limits::default();
        // SAFETY: checked non-NULL, writable by contract.
        unsafe { *out = Box::into_raw(Box::new(LpGenerator { generator, limits })) };
        Ok(LpStatus::LP_OK)
    })
}

fn stop_failure(stop: GenStop) -> Failure {
    match stop {
        GenStop::Exhausted(why) | GenStop::GaveUp(why) => Failure::new(LpStatus::LP_NOT_FOUND, why),
        GenStop::OutOfMemory(e) => e.into(),
    }
}

/// Spends at most `budget` node expansions rating candidates: `LP_IN_PROGRESS` until a puzzle in the
/// band is ready, then `LP_OK` with a new puzzle handle in `*puzzle` (free it with `lp_puzzle_free`) and
/// its rating in `*rating` (the optimal length; for hargram, the search nodes that found a solution and
/// proved it unique or found a second). Every puzzle of a run is a distinct level (up to the family's
/// symmetries). `LP_NOT_FOUND` when the run ends without one: every distinct puzzle of the band was handed
/// out, or the limits of [`lp_generator_set_limits`] were reached (the message says which).
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
        let (puzzle, rating) = (out_param(puzzle, "puzzle")?, out_param(rating, "rating")?);
        // SAFETY: forwarded caller guarantees.
        let generator = unsafe { deref_mut(generator, "generator") }?;
        match generator.generator.step(budget).map_err(stop_failure)? {
            None => Ok(LpStatus::LP_IN_PROGRESS),
            Some((session, value)) => {
                // SAFETY: checked non-NULL, writable by contract.
                unsafe {
                    *puzzle = Box::into_raw(Box::new(LpPuzzle { session }));
                    *rating = value;
                }
                Ok(LpStatus::LP_OK)
            }
        }
    })
}

/// Generates one puzzle of a preset at once (blocking): `lp_generator_create` and `lp_generator_step`
/// until it is ready.
///
/// # Safety
/// `puzzle` and `rating` must be NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn lp_generate(
    family: u32,
    difficulty: u32,
    seed: u64,
    puzzle: *mut *mut LpPuzzle,
    rating: *mut u32,
) -> LpStatus {
    guard(|| {
        let (puzzle, rating) = (out_param(puzzle, "puzzle")?, out_param(rating, "rating")?);
        let request = Err(difficulty_from(difficulty)?);
        let mut generator = session::generator(family_from(family)?, request, seed).map_err(Failure::invalid)?;
        let (session, value) = loop {
            if let Some(ready) = generator.step(u32::MAX).map_err(stop_failure)? {
                break ready;
            }
        };
        // SAFETY: checked non-NULL, writable by contract.
        unsafe {
            *puzzle = Box::into_raw(Box::new(LpPuzzle { session }));
            *rating = value;
        }
        Ok(LpStatus::LP_OK)
    })
}

/// Sets the limits of a generator run: it ends with `LP_NOT_FOUND` after `max_misses` candidates in a row
/// that miss the band (or repeat a level), after `max_nodes` node expansions in all, and drops a candidate
/// whose rating takes more than `candidate_nodes` expansions. The defaults are 200,000, 10⁹ and no limit
/// beyond the family's own; 0 keeps a limit as it is.
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
        let generator = unsafe { deref_mut(generator, "generator") }?;
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
    unsafe { free_handle(generator) }
}
