//! Generation by difficulty, one driver for every family: draw a candidate, rate it **exactly** with the
//! family's exact solver, keep it when the rating lies in the requested band and it is not a level
//! already handed out (by the family's [`Family::fingerprint`], so up to its symmetries). Stepped like
//! every long operation (the budget is spent on the rating searches), deterministic for a seed, and
//! bounded: a run gives up after [`Limits`] the caller sets, and a band the family knows to be empty is
//! refused when the generator is made.

use crate::family::Family;
use crate::memory::OutOfMemory;
use crate::search::{Search, Solver, Stats, Status};
use crate::tables::Tables;
use alloc::collections::BTreeSet;
use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;
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
    /// Every preset, easiest first.
    pub const ALL: [Difficulty; 4] = [Difficulty::Easy, Difficulty::Medium, Difficulty::Hard, Difficulty::Expert];

    /// Parses `easy`, `medium`, `hard` or `expert`.
    pub fn parse(name: &str) -> Option<Difficulty> {
        Difficulty::ALL.into_iter().find(|d| d.name() == name.trim())
    }

    /// The name [`Difficulty::parse`] accepts.
    pub fn name(self) -> &'static str {
        match self {
            Difficulty::Easy => "easy",
            Difficulty::Medium => "medium",
            Difficulty::Hard => "hard",
            Difficulty::Expert => "expert",
        }
    }
}

/// What to generate: the band of ratings and the family's shape parameters (each family reads the ones
/// it uses).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Request {
    /// Lowest rating (inclusive).
    pub min: u32,
    /// Highest rating (inclusive).
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
    /// What the rating counts, for messages and JSON (`"moves"`, `"presses"`, `"nodes"`).
    const RATING_UNIT: &'static str = "moves";

    /// Whether the rating is the optimal solution length (so that a stored solution of another length
    /// is not optimal, or contradicts the rating when shorter).
    const RATED_BY_LENGTH: bool = true;

    /// The request a preset stands for.
    fn preset(difficulty: Difficulty) -> Request;

    /// Checks a request, saying what is wrong with it (a band that cannot be rated exactly included).
    fn check(request: &Request) -> Result<(), String>;

    /// Data prepared once per generator (such as a complete distance table), used by every draw.
    type Context: Send;

    /// Prepares the context for `request`.
    fn context(request: &Request) -> Result<Self::Context, OutOfMemory>;

    /// The highest rating any puzzle of `request` has, when the family knows it: a band above it is
    /// refused at once.
    fn max_rating(request: &Request, context: &Self::Context) -> Option<u32> {
        let _ = (request, context);
        None
    }

    /// The number of distinct puzzles whose rating lies in the band, when the context knows it exactly:
    /// a run stops with [`GenStatus::Exhausted`] once it has handed them all out.
    fn band_size(request: &Request, context: &Self::Context) -> Option<u64> {
        let _ = (request, context);
        None
    }

    /// Draws a candidate puzzle for `request` (rated afterwards by the exact solver).
    fn candidate(request: &Request, context: &Self::Context, rng: &mut Xoshiro256PlusPlus) -> Self;

    /// The exact solver that rates this candidate: by default the recommended one. Its algorithm must be
    /// exact ([`crate::search::Algorithm::is_optimal`]); a generator refuses a family whose rater is not.
    fn rater(&self) -> Result<Solver<Self>, OutOfMemory> {
        self.recommended_solver()
    }

    /// The rating of a puzzle whose rater found a solution, from the rater's counters: by default the
    /// optimal solution length. A property of the puzzle alone, so that it can be checked again.
    fn rating(stats: &Stats) -> Option<u32> {
        stats.solution_length
    }

    /// Whether a rated candidate fits `request` beyond its band (such as having a unique solution):
    /// by default it does.
    fn accept(request: &Request, stats: &Stats) -> bool {
        let _ = (request, stats);
        true
    }
}

/// A generated puzzle, its exact rating and the solution the rater found.
#[derive(Clone, Debug)]
pub struct Generated<F: Family> {
    /// The puzzle.
    pub puzzle: F,
    /// Its rating: the optimal solution length, or what the family rates by (for hargram, the search
    /// nodes needed to find the solution and to prove it unique or find a second one).
    pub rating: u32,
    /// The solution the rater found (optimal when the family rates by length).
    pub solution: Vec<F::Move>,
    /// Candidates drawn to find it (this one included).
    pub candidates: u64,
}

/// Why a generator stopped without a puzzle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GiveUp {
    /// [`Limits::max_misses`] candidates in a row missed the band (or repeated a level).
    Misses(u64),
    /// [`Limits::max_nodes`] node expansions were spent.
    Nodes(u64),
}

/// Where a generator stands.
#[derive(Clone, Debug)]
pub enum GenStatus<F: Family> {
    /// Not found yet: step again.
    InProgress,
    /// A puzzle in the band, distinct from every one handed out before.
    Ready(Generated<F>),
    /// Every distinct puzzle of the band (this many) has been handed out.
    Exhausted(u64),
    /// The run reached one of its limits: the band is empty or rare for this request.
    GaveUp(GiveUp),
    /// The rating solver's memory could not be reserved.
    OutOfMemory(OutOfMemory),
}

/// The limits of a generator run; reaching one ends it with [`GenStatus::GaveUp`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Candidates in a row that miss the band (or repeat a level) before the run gives up.
    pub max_misses: u64,
    /// Node expansions over the whole run before it gives up.
    pub max_nodes: u64,
    /// Node expansions one candidate's rating may take; a candidate that needs more is dropped (its
    /// rating could not be made exact within the limit).
    pub candidate_nodes: u64,
}

impl Default for Limits {
    /// 200,000 misses in a row, 10⁹ node expansions in all, no limit per candidate beyond the family's.
    fn default() -> Limits {
        Limits { max_misses: 200_000, max_nodes: 1_000_000_000, candidate_nodes: u64::MAX }
    }
}

impl core::fmt::Display for GiveUp {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            GiveUp::Misses(n) => write!(
                f,
                "no new puzzle in the band after {n} candidates in a row: the band is empty or rare for this request"
            ),
            GiveUp::Nodes(n) => {
                write!(f, "no new puzzle in the band within {n} node expansions: the band is rare for this request")
            }
        }
    }
}

/// A stepped, deterministic generator.
pub struct Generator<F: Generate> {
    request: Request,
    context: F::Context,
    band_size: Option<u64>,
    /// Precomputed tables given to every candidate (such as pattern databases to rate 4×4 fast).
    tables: Option<Tables>,
    limits: Limits,
    rng: Xoshiro256PlusPlus,
    candidate: Option<F>,
    solver: Option<Solver<F>>,
    /// Fingerprints of the puzzles handed out.
    seen: BTreeSet<u64>,
    misses: u64,
    candidates: u64,
    nodes: u64,
}

impl<F: Generate> Generator<F> {
    /// A generator for `request`, seeded with `seed`; refused (with the reason) when the request is
    /// invalid, when its band is known to be empty, or when the family cannot rate it exactly.
    pub fn new(request: Request, seed: u64) -> Result<Self, String> {
        F::check(&request)?;
        if request.min > request.max {
            return Err(format!("min {} is above max {}", request.min, request.max));
        }
        let context = F::context(&request).map_err(|e| format!("{e}"))?;
        if let Some(highest) = F::max_rating(&request, &context).filter(|&h| h < request.min) {
            return Err(format!(
                "no such {} puzzle is rated {} or more {}: the highest rating is {highest}",
                F::NAME,
                request.min,
                F::RATING_UNIT
            ));
        }
        let band_size = F::band_size(&request, &context);
        if band_size == Some(0) {
            return Err(format!("no {} puzzle of this request is rated {}..{}", F::NAME, request.min, request.max));
        }
        let rng = Xoshiro256PlusPlus::seed_from_u64(seed);
        let probe = F::candidate(&request, &context, &mut rng.clone());
        let rater = probe.rater().map_err(|e| format!("{e}"))?;
        if !rater.algorithm().is_optimal() {
            return Err(format!("{} puzzles of this request cannot be rated exactly", F::NAME));
        }
        Ok(Generator {
            request,
            context,
            band_size,
            tables: None,
            limits: Limits::default(),
            rng,
            candidate: None,
            solver: None,
            seen: BTreeSet::new(),
            misses: 0,
            candidates: 0,
            nodes: 0,
        })
    }

    /// A generator for a preset.
    pub fn preset(difficulty: Difficulty, seed: u64) -> Result<Self, String> {
        Self::new(F::preset(difficulty), seed)
    }

    /// The same generator with other limits.
    pub fn with_limits(mut self, limits: Limits) -> Self {
        self.set_limits(limits);
        self
    }

    /// Replaces the limits (the counts of the run so far stay: a run past a new limit gives up).
    pub fn set_limits(&mut self, limits: Limits) {
        self.limits = limits;
        // The solver carries the per-candidate limit: make it again with the next candidate.
        self.solver = None;
        self.candidate = None;
    }

    /// The same generator giving `tables` to every candidate (checked on one candidate now), so that
    /// ratings use them — for 4×4 tiles, pattern databases make the expert band fast to rate.
    pub fn with_tables(mut self, tables: Tables) -> Result<Self, String> {
        let probe = F::candidate(&self.request, &self.context, &mut self.rng.clone());
        let rater = probe.with_tables(&tables)?.rater().map_err(|e| format!("{e}"))?;
        if !rater.algorithm().is_optimal() {
            return Err(format!("{} puzzles with these tables cannot be rated exactly", F::NAME));
        }
        self.tables = Some(tables);
        self.solver = None;
        Ok(self)
    }

    /// The request this generator serves.
    pub fn request(&self) -> &Request {
        &self.request
    }

    /// Node expansions spent so far over the run.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Puzzles handed out so far.
    pub fn handed_out(&self) -> usize {
        self.seen.len()
    }

    /// Draws the next candidate and starts rating it; `None` when it repeats a level handed out.
    fn draw(&mut self) -> Result<Option<F>, OutOfMemory> {
        let mut puzzle = F::candidate(&self.request, &self.context, &mut self.rng);
        self.candidates += 1;
        if self.seen.contains(&puzzle.fingerprint()) {
            return Ok(None);
        }
        if let Some(with_tables) = self.tables.as_ref().and_then(|t| puzzle.with_tables(t).ok()) {
            puzzle = with_tables;
        }
        // The first candidate reserves the solver; later ones reuse its memory.
        let solver = match self.solver.take() {
            Some(solver) => solver,
            None => puzzle.rater()?.with_expansion_limit(self.limits.candidate_nodes),
        };
        let solver = self.solver.insert(solver);
        solver.restart(&puzzle, puzzle.start());
        Ok(Some(puzzle))
    }

    /// Spends at most `budget` node expansions rating candidates.
    pub fn step(&mut self, budget: u32) -> GenStatus<F> {
        let mut left = budget;
        loop {
            if self.band_size.is_some_and(|n| self.seen.len() as u64 >= n) {
                return GenStatus::Exhausted(self.seen.len() as u64);
            }
            if self.misses >= self.limits.max_misses {
                return GenStatus::GaveUp(GiveUp::Misses(self.misses));
            }
            if self.nodes >= self.limits.max_nodes {
                return GenStatus::GaveUp(GiveUp::Nodes(self.nodes));
            }
            let puzzle = match self.candidate.take() {
                Some(puzzle) => puzzle,
                None => match self.draw() {
                    Ok(Some(puzzle)) => puzzle,
                    Err(e) => return GenStatus::OutOfMemory(e),
                    // A repeated level costs one unit, so that a call stays bounded.
                    Ok(None) => {
                        self.misses += 1;
                        left = left.saturating_sub(1);
                        if left == 0 {
                            return GenStatus::InProgress;
                        }
                        continue;
                    }
                },
            };
            let Some(solver) = self.solver.as_mut() else {
                return GenStatus::InProgress;
            };
            let before = solver.stats().expanded;
            let status = solver.step(&puzzle, left.max(1));
            let spent = solver.stats().expanded - before;
            self.nodes += spent;
            // Every candidate costs at least one unit, so that a call stays bounded even when rating
            // takes no expansion (flip boards with no null space).
            left = left.saturating_sub((spent as u32).max(1));
            match status {
                Status::InProgress => {
                    self.candidate = Some(puzzle);
                    return GenStatus::InProgress;
                }
                Status::Found => {
                    let stats = solver.stats();
                    let rating = F::rating(&stats).filter(|_| F::accept(&self.request, &stats));
                    if let Some(rating) = rating.filter(|r| (self.request.min..=self.request.max).contains(r)) {
                        let mut path = Vec::new();
                        solver.write_path(&mut path);
                        self.seen.insert(puzzle.fingerprint());
                        self.misses = 0;
                        let candidates = core::mem::take(&mut self.candidates);
                        let solution = path.into_iter().map(|(m, _)| m).collect();
                        return GenStatus::Ready(Generated { puzzle, rating, solution, candidates });
                    }
                    self.misses += 1;
                }
                // Unsolvable, or too hard to rate within the solver's limits: draw another.
                _ => self.misses += 1,
            }
            if left == 0 {
                return GenStatus::InProgress;
            }
        }
    }

    /// Steps until a puzzle is ready (blocking convenience); `Err` when the run ends without one.
    pub fn generate(&mut self) -> Result<Generated<F>, GenStatus<F>> {
        loop {
            match self.step(u32::MAX) {
                GenStatus::InProgress => continue,
                GenStatus::Ready(generated) => return Ok(generated),
                other => return Err(other),
            }
        }
    }
}

impl<F: Generate> GenStatus<F> {
    /// Why a run ended without a puzzle, in words (`None` for [`GenStatus::InProgress`] and
    /// [`GenStatus::Ready`]).
    pub fn reason(&self) -> Option<String> {
        match self {
            GenStatus::Exhausted(n) => Some(format!("the band holds only {n} distinct puzzles, all handed out")),
            GenStatus::GaveUp(why) => Some(format!("{why}")),
            GenStatus::OutOfMemory(e) => Some(format!("{e}")),
            _ => None,
        }
    }
}
