//! Generation by difficulty, one driver for every family: draw a candidate, rate it **exactly** with the
//! family's exact solver (its optimal length), keep it when the rating lies in the requested band.
//! Stepped like every long operation (the budget is spent on the rating searches) and deterministic for
//! a seed.

use crate::family::Family;
use crate::search::{Search, Solver, Stats, Status};
use crate::tables::Tables;
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;

/// Difficulty presets (the bands of FAMILIES.md).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Difficulty {
    /// Easy.
    Easy,
    /// Medium.
    Medium,
    /// Hard.
    Hard,
    /// Expert.
    Expert,
}

impl Difficulty {
    /// Parses `easy`, `medium`, `hard` or `expert`.
    pub fn parse(name: &str) -> Option<Difficulty> {
        match name.trim() {
            "easy" => Some(Difficulty::Easy),
            "medium" => Some(Difficulty::Medium),
            "hard" => Some(Difficulty::Hard),
            "expert" => Some(Difficulty::Expert),
            _ => None,
        }
    }
}

/// What to generate: the band of optimal lengths and the family's shape parameters (each family reads
/// the ones it uses).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Request {
    /// Fewest optimal moves (inclusive).
    pub min: u32,
    /// Most optimal moves (inclusive).
    pub max: u32,
    /// Board width and height (tiles, flip).
    pub size: (u8, u8),
    /// Number of jugs (jugs).
    pub jugs: u8,
    /// Smallest and largest capacity (jugs).
    pub capacities: (u8, u8),
    /// Whether tap and sink moves are allowed (jugs).
    pub tap: bool,
    /// Number of pieces (hargram).
    pub pieces: u8,
    /// Fewest and most cells of a piece (hargram).
    pub piece_size: (u8, u8),
    /// Whether the puzzle must have exactly one solution (hargram).
    pub unique: bool,
}

impl Default for Request {
    fn default() -> Request {
        Request {
            min: 1,
            max: 10,
            size: (3, 3),
            jugs: 3,
            capacities: (3, 12),
            tap: false,
            pieces: 5,
            piece_size: (3, 5),
            unique: true,
        }
    }
}

/// A family that can be generated.
pub trait Generate: Family {
    /// The request a preset stands for.
    fn preset(difficulty: Difficulty) -> Request;

    /// Checks a request, saying what is wrong with it.
    fn check(request: &Request) -> Result<(), alloc::string::String>;

    /// Data prepared once per generator (such as a complete distance table), used by every draw.
    type Context: Send;

    /// Prepares the context for `request`.
    fn context(request: &Request) -> Self::Context;

    /// Draws a candidate puzzle for `request` (rated afterwards by the exact solver).
    fn candidate(request: &Request, context: &Self::Context, rng: &mut Xoshiro256PlusPlus) -> Self;

    /// The solver that rates this candidate: by default the recommended (exact) one.
    fn rater(&self, request: &Request) -> Solver<Self> {
        let _ = request;
        self.recommended_solver()
    }

    /// The rating of a candidate whose rater found a solution, or `None` to reject it: by default the
    /// optimal solution length.
    fn rating(request: &Request, stats: &Stats) -> Option<u32> {
        let _ = request;
        stats.solution_length
    }
}

/// A generated puzzle and its exact rating.
#[derive(Clone, Debug)]
pub struct Generated<F> {
    /// The puzzle.
    pub puzzle: F,
    /// Its rating: the optimal solution length, or what the family rates by (for hargram, the search
    /// nodes needed to find and prove the solution).
    pub rating: u32,
    /// The length of its solution.
    pub length: u32,
    /// Candidates drawn to find it (this one included).
    pub candidates: u64,
}

/// Where a generator stands.
#[derive(Clone, Debug)]
pub enum GenStatus<F> {
    /// Not found yet: step again.
    InProgress,
    /// A puzzle in the band.
    Ready(Generated<F>),
    /// [`MAX_CANDIDATES`] candidates in a row missed the band: it is probably empty for this request
    /// (for example more presses than any 4×4 flip board needs).
    GaveUp,
}

/// Candidates drawn in a row without a hit before a generator gives up.
pub const MAX_CANDIDATES: u64 = 200_000;

/// A stepped, deterministic generator.
pub struct Generator<F: Generate> {
    request: Request,
    context: F::Context,
    /// Precomputed tables given to every candidate (such as pattern databases to rate 4×4 fast).
    tables: Option<Tables>,
    rng: Xoshiro256PlusPlus,
    candidate: Option<F>,
    solver: Option<Solver<F>>,
    candidates: u64,
}

impl<F: Generate> Generator<F> {
    /// A generator for `request`, seeded with `seed`.
    pub fn new(request: Request, seed: u64) -> Result<Self, alloc::string::String> {
        F::check(&request)?;
        if request.min > request.max {
            return Err(alloc::format!("min {} is above max {}", request.min, request.max));
        }
        Ok(Self::with_request(request, seed))
    }

    /// A generator for a preset.
    pub fn preset(difficulty: Difficulty, seed: u64) -> Self {
        Self::with_request(F::preset(difficulty), seed)
    }

    fn with_request(request: Request, seed: u64) -> Self {
        Generator {
            context: F::context(&request),
            tables: None,
            request,
            rng: Xoshiro256PlusPlus::seed_from_u64(seed),
            candidate: None,
            solver: None,
            candidates: 0,
        }
    }

    /// The same generator giving `tables` to every candidate (checked on one candidate now), so that
    /// ratings use them — for 4×4 tiles, pattern databases make the expert band fast to rate.
    pub fn with_tables(mut self, tables: Tables) -> Result<Self, alloc::string::String> {
        let probe = F::candidate(&self.request, &self.context, &mut self.rng.clone());
        probe.with_tables(&tables)?;
        self.tables = Some(tables);
        Ok(self)
    }

    /// The request this generator serves.
    pub fn request(&self) -> &Request {
        &self.request
    }

    /// Spends at most `budget` node expansions rating candidates.
    pub fn step(&mut self, budget: u32) -> GenStatus<F> {
        let mut left = budget;
        loop {
            let puzzle = match self.candidate.take() {
                Some(puzzle) => puzzle,
                None => {
                    if self.candidates >= MAX_CANDIDATES {
                        return GenStatus::GaveUp;
                    }
                    let mut puzzle = F::candidate(&self.request, &self.context, &mut self.rng);
                    if let Some(with_tables) = self.tables.as_ref().and_then(|t| puzzle.with_tables(t).ok()) {
                        puzzle = with_tables;
                    }
                    self.candidates += 1;
                    // The first candidate reserves the solver; later ones reuse its memory.
                    let solver = self.solver.get_or_insert_with(|| puzzle.rater(&self.request));
                    solver.restart(&puzzle, puzzle.start());
                    puzzle
                }
            };
            let Some(solver) = self.solver.as_mut() else {
                return GenStatus::InProgress;
            };
            let before = solver.stats().expanded;
            let status = solver.step(&puzzle, left.max(1));
            // Every candidate costs at least one unit, so that a call stays bounded even when rating
            // takes no expansion (flip boards with no null space).
            left = left.saturating_sub(((solver.stats().expanded - before) as u32).max(1));
            match status {
                Status::InProgress => {
                    self.candidate = Some(puzzle);
                    return GenStatus::InProgress;
                }
                Status::Found => {
                    let rating = F::rating(&self.request, &solver.stats());
                    if let Some(rating) = rating.filter(|r| (self.request.min..=self.request.max).contains(r)) {
                        let candidates = core::mem::take(&mut self.candidates);
                        let length = solver.stats().solution_length.unwrap_or(0);
                        return GenStatus::Ready(Generated { puzzle, rating, length, candidates });
                    }
                }
                // Unsolvable, or too hard to rate within the solver's limits: draw another.
                _ => {}
            }
            if left == 0 {
                return GenStatus::InProgress;
            }
        }
    }

    /// Steps until a puzzle is ready (blocking convenience); `None` when the generator gave up.
    pub fn generate(&mut self) -> Option<Generated<F>> {
        loop {
            match self.step(u32::MAX) {
                GenStatus::InProgress => continue,
                GenStatus::Ready(generated) => return Some(generated),
                GenStatus::GaveUp => return None,
            }
        }
    }
}
