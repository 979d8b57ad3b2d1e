//! The stepped genetic algorithm (the earlier systems' Hargram solver) and simulated annealing on the same
//! genome, for the families that have one.

use super::glue::{
    guard, hand_out, handle, handle_mut, release, report_work, status_outcome, text, write_items, Failure, Handle,
    LpStatus, Out,
};
use super::puzzle::LpPuzzle;
use crate::ga::{AnyGa, Evolution, GaParams, GENOME_SCHEDULE};
use crate::moves::MoveCode;
use crate::search::anneal::Schedule;
use crate::search::Status;
use std::ffi::c_char;

/// A genetic-algorithm run. Opaque.
pub struct LpGa {
    run: Box<dyn AnyGa>,
}

impl Handle for LpGa {
    const NAME: &'static str = "ga";
}

/// Parameters of [`lp_ga_create`] (NULL there for the defaults: 1500, 50, 3, 0.9, 0.15).
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LpGaParams {
    /// Individuals in a generation (at least 2).
    pub population: u32,
    /// Generations before the run gives up.
    pub generations: u32,
    /// Individuals drawn for each tournament.
    pub tournament: u32,
    /// Probability that a child is a crossover of two parents.
    pub crossover: f32,
    /// Probability that a blamed gene (a piece left off) is re-drawn.
    pub mutation: f32,
}

/// Progress of a GA run.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LpGaReport {
    /// Generation being evaluated (from 0).
    pub generation: u32,
    /// Best fitness so far: cells covered.
    pub best_fitness: u32,
    /// The fitness of a full cover: the open cells.
    pub perfect: u32,
    /// 1 once a full cover was found.
    pub found: u32,
    /// Evaluations so far.
    pub evaluations: u64,
}

/// Starts a genetic-algorithm run on a puzzle's current position (pieces already placed stay), with
/// `params` (NULL for the defaults); the same seed gives the same run. `LP_ERR_INVALID_ARGUMENT` for a
/// family without one, or bad parameters.
///
/// # Safety
/// `puzzle` must be NULL or a live handle; `params` NULL or readable; `out` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn lp_ga_create(
    puzzle: *const LpPuzzle,
    params: *const LpGaParams,
    seed: u64,
    out: *mut *mut LpGa,
) -> LpStatus {
    guard(|| {
        // SAFETY: forwarded caller guarantees.
        let (out, puzzle) = unsafe { (Out::new(out, "out")?, handle(puzzle)?) };
        // SAFETY: forwarded caller guarantee (NULL or readable).
        let params = match unsafe { params.as_ref() } {
            None => GaParams::default(),
            Some(p) => GaParams {
                population: p.population,
                generations: p.generations,
                tournament: p.tournament,
                crossover: p.crossover,
                mutation: p.mutation,
            },
        };
        let run = puzzle.session.evolve(Evolution::Genetic { params, seed }).map_err(Failure::invalid)?;
        Ok(hand_out(LpGa { run }, out))
    })
}

/// Starts a simulated-annealing run on the same genome as [`lp_ga_create`]'s (the genetic algorithm's
/// rival, stepped and read with the same `lp_ga_*` calls: a report's `generation` counts walks), with
/// `schedule` as `iterations=N,t_start=T,t_end=T,restarts=N,seed=N` (any of them; NULL or empty for the
/// defaults: the GA's default budget of 75,000 evaluations in 10 walks of 7,500, from temperature 3 to
/// 0.1, seed 1). `LP_NOT_FOUND` from `lp_ga_step` when every walk cooled without a full cover.
/// `LP_ERR_INVALID_ARGUMENT` for a family without a genome, or a schedule it cannot read.
///
/// # Safety
/// `puzzle` must be NULL or a live handle; `schedule` NULL or a NUL-terminated string; `out` NULL or
/// writable.
#[no_mangle]
pub unsafe extern "C" fn lp_anneal_create(
    puzzle: *const LpPuzzle,
    schedule: *const c_char,
    out: *mut *mut LpGa,
) -> LpStatus {
    guard(|| {
        // SAFETY: forwarded caller guarantees.
        let (out, puzzle) = unsafe { (Out::new(out, "out")?, handle(puzzle)?) };
        let schedule = if schedule.is_null() {
            GENOME_SCHEDULE
        } else {
            // SAFETY: forwarded caller guarantee (NULL or a NUL-terminated string).
            let text = unsafe { text(schedule, "schedule") }?;
            Schedule::read_over(GENOME_SCHEDULE, text).map_err(|why| Failure::invalid(format!("schedule: {why}")))?
        };
        let run = puzzle.session.evolve(Evolution::Annealing(schedule)).map_err(Failure::invalid)?;
        Ok(hand_out(LpGa { run }, out))
    })
}

/// Runs at most `budget` fitness evaluations (0 counts as 1) and writes the progress to `*report`: `LP_IN_PROGRESS`
/// until done, `LP_OK` when a full cover was found, `LP_NOT_FOUND` when every generation ran without one.
/// Allocates nothing.
///
/// # Safety
/// `ga` must be NULL or a live handle; `report` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn lp_ga_step(ga: *mut LpGa, budget: u32, report: *mut LpGaReport) -> LpStatus {
    guard(|| {
        // SAFETY: forwarded caller guarantees.
        let (report, ga) = unsafe { (Out::new(report, "report")?, handle_mut(ga)?) };
        let before = ga.run.report().evaluations;
        let r = ga.run.step(budget);
        report_work(u32::try_from(r.evaluations.saturating_sub(before)).unwrap_or(u32::MAX));
        report.write(LpGaReport {
            generation: r.generation,
            best_fitness: r.best_fitness,
            perfect: r.perfect,
            found: (r.status == Status::Found) as u32,
            evaluations: r.evaluations,
        });
        status_outcome(r.status, "no full cover")
    })
}

/// The best individual so far as moves from the run's starting position; they can be played on the
/// puzzle with `lp_puzzle_apply`.
///
/// # Safety
/// `ga` must be NULL or a live handle; `buf` NULL or `cap` writable moves; `written` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn lp_ga_best(ga: *mut LpGa, buf: *mut MoveCode, cap: usize, written: *mut usize) -> LpStatus {
    // SAFETY: forwarded caller guarantees.
    guard(|| unsafe { write_items(handle_mut(ga)?.run.best_moves(), buf, cap, written) })
}

/// Releases a GA run. NULL is ignored.
///
/// # Safety
/// `ga` must be NULL or a handle from this library not yet freed.
#[no_mangle]
pub unsafe extern "C" fn lp_ga_free(ga: *mut LpGa) {
    // SAFETY: forwarded caller guarantee.
    unsafe { release(ga) }
}
