//! Simulated annealing over a puzzle's states, the earlier systems' third algorithm: a walk that takes
//! a random legal move at every step, always when it lowers the energy (the puzzle's heuristic) and
//! otherwise with the Metropolis probability `exp(−ΔE / T)`, while the temperature `T` cools
//! geometrically from `t_start` to `t_end` over `iterations` steps; a walk that has not reached a goal
//! by then starts again from the start, up to `restarts` times, and the search gives up
//! ([`Shortfall::Cooled`]).
//!
//! The walk keeps no loops: stepping onto a state already on the path cuts the path back to it, so the
//! path it reports is simple (and never claimed optimal). Every random choice comes from a seeded
//! generator: a seed gives the same walk. The path and its index are reserved at creation, so no step
//! allocates.

use super::{units_for, Puzzle, Search, Shortfall, Stats, Status, Step};
use crate::memory::{self, OutOfMemory};
use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;
use core::hash::BuildHasher;
use core::mem::size_of;
use rand::{RngExt, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use rustc_hash::FxBuildHasher;

/// An annealing schedule: temperatures in thousandths (so that the schedule is a plain, comparable
/// value).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Schedule {
    /// Steps of one walk from the start (one cooling from `t_start` to `t_end`).
    pub iterations: u32,
    /// The first temperature, in thousandths.
    pub t_start_milli: u32,
    /// The last temperature, in thousandths.
    pub t_end_milli: u32,
    /// Walks after the first, each from the start with the temperature reset.
    pub restarts: u32,
    /// The seed of the random moves and acceptances.
    pub seed: u64,
}

impl Default for Schedule {
    /// 20,000 steps from 2.0 down to 0.05, 9 restarts, seed 1: on 8-puzzles with Manhattan distance as
    /// the energy, a step up of 1 is taken with probability 0.61 at first and 10⁻⁹ at the end.
    fn default() -> Schedule {
        Schedule { iterations: 20_000, t_start_milli: 2_000, t_end_milli: 50, restarts: 9, seed: 1 }
    }
}

impl Schedule {
    /// Reads `key=value` pairs separated by commas (`iterations=5000,t_start=1.5,t_end=0.01,restarts=3,
    /// seed=7`; temperatures as decimals) over the defaults; `None` when they do not read
    /// ([`Schedule::read_over`] says why).
    pub fn parse(text: &str) -> Option<Schedule> {
        Schedule::read_over(Schedule::default(), text).ok()
    }

    /// [`Schedule::parse`] over `base` instead of the defaults.
    pub fn parse_over(base: Schedule, text: &str) -> Option<Schedule> {
        Schedule::read_over(base, text).ok()
    }

    /// Reads a schedule's text over `base`, or says what is wrong with it: the key and the range its value
    /// must lie in, a key given twice, an unknown key, a last temperature above the first.
    pub fn read_over(base: Schedule, text: &str) -> Result<Schedule, String> {
        let mut schedule = base;
        let mut seen: heapless::Vec<&str, 5> = heapless::Vec::new();
        for pair in text.split(',').map(str::trim).filter(|p| !p.is_empty()) {
            let (key, value) = pair.split_once('=').ok_or_else(|| format!("expected key=value, found '{pair}'"))?;
            let (key, value) = (key.trim(), value.trim());
            let known = ["iterations", "t_start", "t_end", "restarts", "seed"];
            let Some(&key) = known.iter().find(|&&k| k == key) else {
                return Err(format!("unknown key '{key}' (the keys: {})", known.join(", ")));
            };
            if seen.contains(&key) {
                return Err(format!("{key} given twice: give each key once"));
            }
            let _ = seen.push(key);
            let whole = |max: &str| format!("{key} is '{value}': a whole number from {max}");
            match key {
                "iterations" => {
                    schedule.iterations =
                        value.parse().ok().filter(|&n| n > 0).ok_or_else(|| whole("1 to 4294967295"))?
                }
                "t_start" | "t_end" => {
                    let temperature = milli(value).ok_or_else(|| {
                        format!("{key} is '{value}': a temperature from 0.001 to 1000, with at most three decimals")
                    })?;
                    if key == "t_start" {
                        schedule.t_start_milli = temperature;
                    } else {
                        schedule.t_end_milli = temperature;
                    }
                }
                "restarts" => schedule.restarts = value.parse().map_err(|_| whole("0 to 4294967295"))?,
                _ => schedule.seed = value.parse().map_err(|_| whole("0 to 18446744073709551615"))?,
            }
        }
        if schedule.t_end_milli > schedule.t_start_milli {
            let t = |m: u32| format!("{}.{:03}", m / 1000, m % 1000);
            return Err(format!(
                "t_end {} is above t_start {}: the temperature only cools",
                t(schedule.t_end_milli),
                t(schedule.t_start_milli)
            ));
        }
        Ok(schedule)
    }

    /// The geometric cooling factor of a step, and the first temperature.
    pub(crate) fn cooling(&self) -> (f64, f64) {
        let (t0, t1) = (self.t_start_milli as f64 / 1000.0, self.t_end_milli as f64 / 1000.0);
        let steps = self.iterations.saturating_sub(1).max(1) as f64;
        (libm::pow(t1 / t0, 1.0 / steps), t0)
    }
}

impl core::fmt::Display for Schedule {
    /// The form [`Schedule::parse`] reads.
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        let t = |m: u32| (m / 1000, m % 1000);
        let ((s0, s1), (e0, e1)) = (t(self.t_start_milli), t(self.t_end_milli));
        write!(
            f,
            "iterations={},t_start={s0}.{s1:03},t_end={e0}.{e1:03},restarts={},seed={}",
            self.iterations, self.restarts, self.seed
        )
    }
}

/// A positive temperature given as a decimal (`2`, `0.05`), in thousandths; at most 1,000,000.
fn milli(text: &str) -> Option<u32> {
    let (whole, fraction) = text.split_once('.').unwrap_or((text, ""));
    if fraction.len() > 3 || !fraction.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let whole: u32 = if whole.is_empty() { 0 } else { whole.parse().ok()? };
    let fraction = fraction.bytes().chain(core::iter::repeat(b'0')).take(3).fold(0, |n, d| n * 10 + (d - b'0') as u32);
    let value = whole.checked_mul(1000)?.checked_add(fraction)?;
    (value <= 1_000_000 && value > 0).then_some(value)
}

/// A stepped simulated-annealing search.
pub struct Annealing<P: Puzzle> {
    schedule: Schedule,
    rng: Xoshiro256PlusPlus,
    start: Option<P::State>,
    /// The walk's loop-free path from the start.
    path: Vec<(P::Move, P::State)>,
    /// The cost from the start to each place of the path (`costs[0]` is 0), in 64 bits: a path of
    /// moves costing up to 2³² − 1 each does not fit in 32.
    costs: Vec<u64>,
    /// Open-addressing index from a state to its place on the path (`0` the start, `i` after move i),
    /// each entry `stamp << 32 | place`: an entry of another stamp is empty, so clearing the index is
    /// taking a new stamp. Entries past the path or naming another state are stale: lookups skip them,
    /// insertions reuse those past the path.
    index: Vec<u64>,
    stamp: u32,
    /// Entries written since the index was last cleared.
    written: usize,
    /// The current state and its energy.
    current: Option<(P::State, u32)>,
    temperature: f64,
    cooling: f64,
    /// Steps taken in this walk, and walks begun.
    steps: u32,
    walks: u32,
    /// The step under way: the next successor part and the successor chosen so far among `seen`.
    part: u32,
    seen: u32,
    chosen: Option<(P::Move, P::State, u32)>,
    /// The lowest energy any walk has reached (for reports).
    best_energy: u32,
    status: Status,
    stats: Stats,
    hasher: FxBuildHasher,
}

impl<P: Puzzle> Annealing<P> {
    /// Reserves a path of `max_moves` moves and its index (a walk whose loop-free path grows longer
    /// reports [`Status::OutOfNodes`]), or says how many bytes could not be reserved.
    pub fn new(schedule: Schedule, max_moves: usize) -> Result<Self, OutOfMemory> {
        let max_moves = max_moves.max(1);
        let slots = Self::slots_for(max_moves);
        Ok(Annealing {
            schedule,
            rng: Xoshiro256PlusPlus::seed_from_u64(schedule.seed),
            start: None,
            path: memory::with_capacity(max_moves)?,
            costs: memory::with_capacity(max_moves.saturating_add(1))?,
            index: memory::filled(0, slots)?,
            stamp: 1,
            written: 0,
            current: None,
            temperature: 0.0,
            cooling: 1.0,
            steps: 0,
            walks: 0,
            part: 0,
            seen: 0,
            chosen: None,
            best_energy: u32::MAX,
            status: Status::Unsolvable,
            stats: Stats::default(),
            hasher: FxBuildHasher,
        })
    }

    /// Index slots for a path of `max_moves`: a power of two, at least four times the states it can
    /// hold (a rebuilt index is at most a quarter full, so rebuilds stay rare).
    fn slots_for(max_moves: usize) -> usize {
        // A cap past any machine's memory asks for every slot: its reservation fails, it never wraps.
        max_moves.saturating_add(1).saturating_mul(4).checked_next_power_of_two().unwrap_or(usize::MAX)
    }

    /// Bytes a search with a path of `max_moves` moves reserves.
    pub fn bytes_for(max_moves: usize) -> usize {
        let max_moves = max_moves.max(1);
        max_moves
            .saturating_mul(size_of::<(P::Move, P::State)>() + size_of::<u64>())
            .saturating_add(Self::slots_for(max_moves).saturating_mul(size_of::<u64>()))
    }

    /// The schedule it runs.
    pub fn schedule(&self) -> Schedule {
        self.schedule
    }

    /// The lowest energy reached so far, over every walk.
    pub fn best_energy(&self) -> Option<u32> {
        (self.best_energy != u32::MAX).then_some(self.best_energy)
    }

    /// The walks begun (the first and its restarts).
    pub fn walks(&self) -> u32 {
        self.walks
    }

    fn finish(&mut self, status: Status) -> Status {
        self.status = status;
        self.stats.peak_stored = self.stats.peak_stored.max(self.path.len() + 1);
        status
    }

    /// Ends the search with the path as its solution.
    fn found(&mut self) -> Status {
        self.stats.solution_length = Some(self.path.len() as u32);
        self.stats.solution_cost = self.costs.last().copied();
        self.finish(Status::Found)
    }

    /// The state at place `i` of the path.
    fn state_at(&self, i: usize) -> P::State {
        match i {
            0 => self.start.unwrap_or_else(|| self.path[0].1),
            i => self.path[i - 1].1,
        }
    }

    /// The place named by an index entry, `None` when the entry is empty (of another stamp).
    fn place_of(&self, entry: u64) -> Option<usize> {
        ((entry >> 32) as u32 == self.stamp).then_some(entry as u32 as usize)
    }

    /// The place of `state` on the path, if it is on it.
    fn find(&self, state: &P::State) -> Option<usize> {
        let mask = self.index.len() - 1;
        let mut at = self.hasher.hash_one(state) as usize & mask;
        while let Some(place) = self.place_of(self.index[at]) {
            if place <= self.path.len() && self.state_at(place) == *state {
                return Some(place);
            }
            at = (at + 1) & mask;
        }
        None
    }

    /// Empties the index: a new stamp (every slot is written again when the stamps wrap).
    fn clear_index(&mut self) {
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.index.fill(0);
            self.stamp = 1;
        }
        self.written = 0;
    }

    /// Records that `state` is at place `place` (the last of the path), rebuilding the index when it is
    /// half full of entries, stale ones included.
    fn record(&mut self, state: &P::State, place: usize) {
        if self.written * 2 >= self.index.len() {
            self.clear_index();
            for i in 0..place {
                let s = self.state_at(i);
                self.put(&s, i);
            }
        }
        self.put(state, place);
    }

    fn put(&mut self, state: &P::State, place: usize) {
        let mask = self.index.len() - 1;
        let mut at = self.hasher.hash_one(state) as usize & mask;
        // An entry past the path (cut off with its loop) is free.
        while let Some(other) = self.place_of(self.index[at]) {
            if other >= place {
                break;
            }
            at = (at + 1) & mask;
        }
        if self.place_of(self.index[at]).is_none() {
            self.written += 1;
        }
        self.index[at] = (self.stamp as u64) << 32 | place as u64;
    }

    /// Begins a walk from the start: an empty path, the first temperature.
    fn begin_walk(&mut self, puzzle: &P) {
        let Some(start) = self.start else { return };
        self.path.clear();
        self.costs.clear();
        self.costs.push(0);
        self.clear_index();
        self.record(&start, 0);
        let energy = puzzle.heuristic(&start);
        self.best_energy = self.best_energy.min(energy);
        self.current = Some((start, energy));
        (self.cooling, self.temperature) = self.schedule.cooling();
        (self.steps, self.part, self.seen, self.chosen) = (0, 0, 0, None);
        self.walks += 1;
    }
}

impl<P: Puzzle> Search<P> for Annealing<P> {
    fn restart(&mut self, puzzle: &P, start: P::State) {
        self.rng = Xoshiro256PlusPlus::seed_from_u64(self.schedule.seed);
        self.stats = Stats { bytes_reserved: Self::bytes_for(self.path.capacity()), ..Stats::default() };
        (self.start, self.walks, self.best_energy) = (Some(start), 0, u32::MAX);
        self.status = Status::InProgress;
        self.begin_walk(puzzle);
        if puzzle.provably_unsolvable(&start) {
            self.finish(Status::Unsolvable);
        } else if puzzle.is_goal(&start) {
            self.found();
        }
    }

    fn step(&mut self, puzzle: &P, budget: u32) -> Step {
        let mut units = 0;
        let status = self.anneal(puzzle, budget, &mut units);
        Step::new(status, units)
    }

    fn status(&self) -> Status {
        self.status
    }

    fn stats(&self) -> Stats {
        self.stats
    }

    fn write_path(&self, out: &mut Vec<(P::Move, P::State)>) {
        out.clear();
        if self.status == Status::Found {
            out.extend_from_slice(&self.path);
        }
    }
}

impl<P: Puzzle> Annealing<P> {
    /// Works for at most `budget` units (a part of a state's successors looked at), counted in `units`.
    fn anneal(&mut self, puzzle: &P, budget: u32, units: &mut u32) -> Status {
        if self.status != Status::InProgress {
            return self.status;
        }
        while *units < budget {
            let Some((state, energy)) = self.current else {
                return self.finish(Status::Unsolvable);
            };
            if self.steps >= self.schedule.iterations {
                if self.walks > self.schedule.restarts {
                    return self.finish(Status::NotFound(Shortfall::Cooled));
                }
                self.begin_walk(puzzle);
                continue;
            }
            // One part of the successors: each replaces the choice so far with probability 1/seen, so the
            // move taken is uniform over all of them.
            if self.part == 0 {
                self.stats.expanded += 1;
            }
            let generated_before = self.stats.generated;
            let (rng, seen, chosen, generated) =
                (&mut self.rng, &mut self.seen, &mut self.chosen, &mut self.stats.generated);
            puzzle.successors_in(&state, self.part, |mv, next, cost| {
                *generated += 1;
                *seen += 1;
                if rng.random_range(0..*seen) == 0 {
                    *chosen = Some((mv, next, cost));
                }
            });
            *units += units_for(self.stats.generated - generated_before);
            self.part += 1;
            if self.part < puzzle.successor_parts(&state) {
                continue;
            }
            self.part = 0;
            self.seen = 0;
            self.steps += 1;
            let temperature = self.temperature;
            self.temperature *= self.cooling;
            let Some((mv, next, cost)) = self.chosen.take() else {
                // No move at all: this walk is over.
                self.steps = self.schedule.iterations;
                continue;
            };
            let next_energy = puzzle.heuristic_after(&state, energy, &mv, &next);
            let accept = next_energy <= energy || {
                let p = libm::exp(-((next_energy - energy) as f64) / temperature);
                self.rng.random::<f64>() < p
            };
            if !accept {
                continue;
            }
            match self.find(&next) {
                // Back onto the path: the loop is cut off.
                Some(place) => {
                    self.path.truncate(place);
                    self.costs.truncate(place + 1);
                }
                None => {
                    if self.path.len() == self.path.capacity() {
                        return self.finish(Status::OutOfNodes);
                    }
                    // 2³² moves of the largest cost would be needed to reach 2⁶⁴: saturating is never
                    // reached by a path memory can hold, and cannot wrap if it were.
                    let reached = self.costs.last().copied().unwrap_or(0).saturating_add(cost as u64);
                    self.path.push((mv, next));
                    self.costs.push(reached);
                    let place = self.path.len();
                    self.record(&next, place);
                }
            }
            self.current = Some((next, next_energy));
            self.best_energy = self.best_energy.min(next_energy);
            self.stats.peak_stored = self.stats.peak_stored.max(self.path.len() + 1);
            if puzzle.is_goal(&next) {
                return self.found();
            }
        }
        Status::InProgress
    }
}
