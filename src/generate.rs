//! Generation by difficulty, one driver for every family: draw a candidate, rate it **exactly** with the
//! family's exact solver, keep it when the rating lies in the requested band and it is not a level
//! already handed out (by the family's [`Family::fingerprint`], so up to its symmetries). Stepped like
//! every long operation (the budget is spent on the rating searches), deterministic for a seed, and
//! bounded: a run gives up after [`Limits`] the caller sets, and a band the family knows to be empty is
//! refused when the generator is made.
//!
//! A family's generation parameters are its own type, read from [`Values`] of its [`Generate::PARAMS`]
//! specs; its difficulty presets are named parameter texts ([`Generate::PRESETS`]). Every family has
//! `min` and `max`, the band of ratings, counted in its [`Generate::RATING_UNIT`].

use crate::family::{Family, MoveCode};
use crate::memory::OutOfMemory;
use crate::pack::PackEntry;
use crate::params::{Kind, ParamError, Preset, Spec, Values};
use crate::search::{solve_with, Search, Shortfall, Solver, Stats, Status, Step};
use crate::tables::Tables;
use alloc::boxed::Box;
use alloc::collections::BTreeSet;
use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;

/// A family that can be generated.
pub trait Generate: Family {
    /// What the rating counts, for messages and JSON (`"moves"`, `"presses"`, `"nodes"`).
    const RATING_UNIT: &'static str = "moves";

    /// Whether the rating is the optimal solution length (so that a stored solution of another length
    /// is not optimal, or contradicts the rating when shorter).
    const RATED_BY_LENGTH: bool = true;

    /// The generation parameters, `min` and `max` (the band) among them.
    const PARAMS: &'static [Spec];

    /// The difficulty presets, easiest first.
    const PRESETS: &'static [Preset];

    /// Parameters of small puzzles, whose whole state spaces hold a few thousand states at most: the
    /// conformance suite solves them by brute force to check the family's heuristics, exact searches
    /// and hints, and a designer can use them for tutorial levels.
    const SMALL: &'static str;

    /// Parameters of the largest puzzles the generator makes (the largest rooms, the most boxes), whose
    /// steps `lp bench frames` times beside the presets'; none by default.
    const LARGEST: &'static str = "";

    /// The family's parameter type.
    type Params: Clone + core::fmt::Debug + Send + 'static;

    /// The parameters the values stand for, or what is inconsistent about them (each value is already
    /// in its range).
    fn params(values: &Values) -> Result<Self::Params, String>;

    /// The band of ratings, lowest and highest (inclusive).
    fn band(params: &Self::Params) -> (u32, u32);

    /// Data prepared once per generator (such as a complete distance table), used by every draw.
    type Context: Send;

    /// Prepares the context for `params`.
    fn context(params: &Self::Params) -> Result<Self::Context, OutOfMemory>;

    /// The highest rating any puzzle of `params` has (or a bound on it), when the family knows it: a
    /// band above it is refused at once.
    fn max_rating(params: &Self::Params, context: &Self::Context) -> Option<u32> {
        let _ = (params, context);
        None
    }

    /// The lowest rating any puzzle of `params` has (or a bound on it), when the family knows it: a band
    /// below it is refused at once.
    fn min_rating(params: &Self::Params, context: &Self::Context) -> Option<u32> {
        let _ = (params, context);
        None
    }

    /// The number of distinct puzzles whose rating lies in the band, when the context knows it exactly:
    /// a run stops with `NotFound(NoMore)` once it has handed them all out.
    fn band_size(params: &Self::Params, context: &Self::Context) -> Option<u64> {
        let _ = (params, context);
        None
    }

    /// Draws a candidate puzzle (rated afterwards by the exact solver).
    fn candidate(params: &Self::Params, context: &Self::Context, rng: &mut Xoshiro256PlusPlus) -> Self;

    /// A puzzle of `params` that a generator sizes its rater by when it is made (and checks exact): by
    /// default a candidate. A family whose candidates take work to draw (a game's scramble, through its
    /// callbacks) gives one that takes none, so that making a generator does no search.
    fn probe(params: &Self::Params, context: &Self::Context, rng: &mut Xoshiro256PlusPlus) -> Self {
        Self::candidate(params, context, rng)
    }

    /// Draws a candidate into `out`, reusing the storage of the puzzle it holds (an earlier candidate;
    /// `None` at first) and the generator's own context (scratch space there is the generator's alone),
    /// so that drawing allocates nothing once that storage has grown to what the parameters need. It
    /// must draw what [`Generate::candidate`] draws; by default it calls it.
    fn candidate_into(
        params: &Self::Params,
        context: &mut Self::Context,
        rng: &mut Xoshiro256PlusPlus,
        out: &mut Option<Self>,
    ) {
        *out = Some(Self::candidate(params, context, rng));
    }

    /// The copy of a generated puzzle handed to the caller: by default a clone. A family whose clones
    /// share storage with the original (a board behind an `Arc`) gives a copy of its own, so that the
    /// generator's candidate storage stays unshared and is reused for the next candidate.
    fn handed_out(&self) -> Self {
        self.clone()
    }

    /// A stepped drawing of candidates, for a family whose drawing itself searches (sliding blocks:
    /// solvability checks while pieces are deleted and merged, whole-cluster analysis); the generator
    /// then draws with it instead of [`Generate::candidate`], counting its work in the budget and the
    /// limits. `None` (the default) when drawing is instant.
    fn drawing(params: &Self::Params, context: &Self::Context) -> Result<Option<Box<dyn Drawing<Self>>>, OutOfMemory> {
        let _ = (params, context);
        Ok(None)
    }

    /// Annealing's settings when the parameters ask for generation by simulated annealing
    /// (`method=anneal`); `None` (the default) for fresh candidates.
    fn annealing(params: &Self::Params) -> Option<Anneal> {
        let _ = params;
        None
    }

    /// A mutant of `puzzle` into `out` (reusing the storage of the puzzle it holds, as
    /// [`Generate::candidate_into`]): a small change that the parameters allow, such as a block moved or
    /// a capacity changed; false when none could be made this time. Families that anneal override it.
    fn mutate_into(
        puzzle: &Self,
        params: &Self::Params,
        context: &mut Self::Context,
        rng: &mut Xoshiro256PlusPlus,
        out: &mut Option<Self>,
    ) -> bool {
        let _ = (puzzle, params, context, rng, out);
        false
    }

    /// The exact solver that rates this puzzle: with `params`, for a generator (it may reject what the
    /// parameters exclude); without, to rate the puzzle as it is (verifying a pack). By default the
    /// recommended solver. Its algorithm must be exact; a generator refuses a rater that is not. The
    /// rating is the rater's `stats.rating`, or else the solution's length.
    fn rater(&self, params: Option<&Self::Params>) -> Result<Solver<Self>, OutOfMemory> {
        let _ = params;
        self.recommended_solver()
    }

    /// Judges a candidate rated in the band by more than its rating: pushes onto `facts` what the
    /// rater's optimal `solution` and its search (`stats`) show (box changes, the search's effort), and
    /// says whether the parameters accept it. By default every candidate in the band, no facts added.
    fn judge(
        &self,
        params: &Self::Params,
        solution: &[(Self::Move, Self::State)],
        stats: &Stats,
        facts: &mut Vec<Fact>,
    ) -> bool {
        let _ = (params, solution, stats, facts);
        true
    }
}

/// Generation by simulated annealing (`method=anneal`): a chain of mutants ([`Generate::mutate_into`]),
/// each rated exactly, kept by the Metropolis rule on its distance to `target` (the chain climbs toward
/// the target: a target above the band climbs to the hardest), while the temperature cools
/// geometrically over `iterations` mutants; then a fresh candidate starts a new chain. Every mutant in
/// the band not handed out before is handed out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Anneal {
    /// Mutants of one chain.
    pub iterations: u32,
    /// The first and last temperatures, in tenths of the rating unit.
    pub t_start_tenths: u32,
    /// The last temperature, in tenths.
    pub t_end_tenths: u32,
    /// The rating the chain climbs toward; `None` for the middle of the band.
    pub target: Option<u32>,
}

impl Anneal {
    /// The settings of `values` when its `method` is `anneal` (the families that anneal list
    /// [`ANNEAL_PARAMS`] among their parameters); `None` otherwise.
    pub fn from_values(values: &Values) -> Option<Anneal> {
        (values.text("method") == "anneal").then(|| Anneal {
            iterations: values.int("iterations") as u32,
            t_start_tenths: values.int("t_start") as u32,
            t_end_tenths: values.int("t_end") as u32,
            target: u32::try_from(values.int("target")).ok().filter(|&t| t > 0),
        })
    }

    /// Why these settings cannot be used, if they cannot.
    pub fn check(&self) -> Result<(), String> {
        if self.t_end_tenths > self.t_start_tenths {
            return Err(format!(
                "t_end {} is above t_start {}: the temperature only cools",
                self.t_end_tenths, self.t_start_tenths
            ));
        }
        Ok(())
    }
}

/// `method` for families whose only other way to make candidates is drawing them afresh.
pub const METHOD_DRAW_OR_ANNEAL: Spec = Spec {
    name: "method",
    kind: Kind::Choice(&["draw", "anneal"]),
    min: 0,
    max: 1,
    default: "draw",
    doc: "draw: fresh random candidates; anneal: chains of mutants kept by simulated annealing",
};

/// The parameters of generation by annealing (read when `method=anneal`), listed by every family that
/// anneals after its own.
pub const ANNEAL_PARAMS: [Spec; 4] = [
    Spec {
        name: "iterations",
        kind: Kind::Int,
        min: 1,
        max: 1_000_000,
        default: "200",
        doc: "annealing: mutants a chain",
    },
    Spec {
        name: "t_start",
        kind: Kind::Int,
        min: 1,
        max: 10_000,
        default: "20",
        doc: "annealing: first temperature, in tenths of the rating unit",
    },
    Spec {
        name: "t_end",
        kind: Kind::Int,
        min: 1,
        max: 10_000,
        default: "1",
        doc: "annealing: last temperature, in tenths of the rating unit",
    },
    Spec {
        name: "target",
        kind: Kind::Int,
        min: 0,
        max: 1_000_000,
        default: "0",
        doc: "annealing: the rating the chains climb toward (0: the middle of the band; above it: the hardest)",
    },
];

/// An exact fact about a generated puzzle beyond its rating, such as the size of a sliding-blocks
/// layout's cluster.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Fact {
    /// Its name in JSON (`cluster_states`).
    pub name: &'static str,
    /// Its value.
    pub value: i64,
}

/// Draws candidates in steps (see [`Generate::drawing`]), keeping its memory between candidates.
pub trait Drawing<F: Family>: Send {
    /// Works for at most `budget` units on the candidate under way, starting one when none is:
    /// `Found` when it is ready (take it with [`Drawing::take_into`]), `InProgress` to step again,
    /// `OutOfMemory`; any other status when this candidate failed (the next step starts another).
    fn step(&mut self, rng: &mut Xoshiro256PlusPlus, budget: u32) -> Step;

    /// Moves the candidate a step reported `Found` into `out` (reusing the storage of the puzzle it
    /// holds) and its facts into `facts`; false when there is none.
    fn take_into(&mut self, out: &mut Option<F>, facts: &mut Vec<Fact>) -> bool;
}

/// The rating a finished rater gives: the family's own, or else the solution's cost (its length when
/// every move costs 1, as in every built-in family). A cost past 32 bits is no rating (ratings are 32-bit
/// in packs): `None`, never a truncated value.
pub fn rating_of(stats: &Stats) -> Option<u32> {
    match (stats.rating, stats.solution_cost) {
        (Some(rating), _) => Some(rating),
        (None, Some(cost)) => u32::try_from(cost).ok(),
        (None, None) => stats.solution_length,
    }
}

/// Parses a parameter text (`preset=hard,size=4x4`) into the family's parameters.
pub fn parse_params<F: Generate>(text: &str) -> Result<F::Params, ParamError> {
    let values = Values::parse(F::PARAMS, F::PRESETS, text)?;
    family_params::<F>(&values)
}

/// The family's parameters from checked values ([`Generate::params`]); a refusal that begins with a key
/// and a colon (`room: …`, a text the family could not read) names that key.
pub fn family_params<F: Generate>(values: &Values) -> Result<F::Params, ParamError> {
    F::params(values).map_err(|reason| {
        let named = reason.split_once(": ").filter(|(key, _)| F::PARAMS.iter().any(|s| s.name == *key));
        match named {
            Some((key, rest)) => ParamError { key: String::from(key), reason: String::from(rest) },
            None => ParamError { key: String::new(), reason },
        }
    })
}

/// A generated puzzle, its exact rating and the solution the rater found.
#[derive(Clone, Debug)]
pub struct Generated<F: Family> {
    /// The puzzle.
    pub puzzle: F,
    /// Its rating: the optimal solution length, or what the family rates by (for hargram, the search
    /// nodes needed to find a solution and to prove it unique or find a second one).
    pub rating: u32,
    /// The solution the rater found (optimal: the rater is exact).
    pub solution: Vec<F::Move>,
    /// Candidates drawn to find it (this one included).
    pub candidates: u64,
    /// What else the drawing established about it, exactly.
    pub facts: Vec<Fact>,
}

/// The limits of a generator run: reaching `max_misses` ends it with `NotFound(Misses)`, `max_nodes`
/// with `OutOfNodes`.
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

/// A stepped, deterministic generator.
pub struct Generator<F: Generate> {
    params: F::Params,
    band: (u32, u32),
    context: F::Context,
    band_size: Option<u64>,
    /// Precomputed tables given to every candidate (such as pattern databases to rate 4×4 fast).
    tables: Option<Tables>,
    limits: Limits,
    /// The rater's own expansion limit (the family's), under the per-candidate one.
    rater_limit: u64,
    rng: Xoshiro256PlusPlus,
    /// The puzzle the rater was sized by ([`Generate::probe`]): its definition is every candidate's, so
    /// it tells a failure of a game's callbacks even before the first candidate is drawn.
    probe: F,
    drawing: Option<Box<dyn Drawing<F>>>,
    /// The candidate, and its storage between candidates.
    candidate: Option<F>,
    /// Whether `candidate` is being rated.
    rating: bool,
    facts: Vec<Fact>,
    /// The rater's solution of the candidate, its storage kept between candidates.
    path: Vec<(F::Move, F::State)>,
    solver: Option<Solver<F>>,
    /// Fingerprints of the puzzles handed out.
    seen: BTreeSet<u64>,
    misses: u64,
    candidates: u64,
    nodes: u64,
    /// The budget units the last step spent.
    last_work: u32,
    /// The failure of the candidates' definition the run met, kept: the run cannot be trusted after it.
    broken: Option<crate::family::Broken>,
    /// Annealing (`method=anneal`): its settings and the rating it climbs toward, the chain's puzzle
    /// (storage only while `chain_energy` is `None`: no chain yet) and energy, its mutants so far, the
    /// temperature and its cooling, and whether the candidate being rated is a mutant.
    anneal: Option<(Anneal, u32)>,
    chain: Option<F>,
    chain_energy: Option<u32>,
    chain_steps: u32,
    temperature: f64,
    cooling: f64,
    mutant: bool,
}

impl<F: Generate> Generator<F> {
    /// A generator for `params`, seeded with `seed`; refused (with the reason) when its band is known
    /// to be empty or when the family cannot rate it exactly.
    pub fn new(params: F::Params, seed: u64) -> Result<Self, String> {
        let band = F::band(&params);
        if band.0 > band.1 {
            return Err(format!("min {} is above max {}", band.0, band.1));
        }
        let context = F::context(&params).map_err(|e| format!("{e}"))?;
        if let Some(highest) = F::max_rating(&params, &context).filter(|&h| h < band.0) {
            return Err(format!(
                "no such {} puzzle is rated {} or more {}: the highest rating is {highest}",
                F::NAME,
                band.0,
                F::RATING_UNIT
            ));
        }
        if let Some(lowest) = F::min_rating(&params, &context).filter(|&l| l > band.1) {
            return Err(format!(
                "no such {} puzzle is rated {} {} or less: the lowest rating is {lowest}",
                F::NAME,
                band.1,
                F::RATING_UNIT
            ));
        }
        let band_size = F::band_size(&params, &context);
        let anneal = F::annealing(&params);
        if let Some(anneal) = anneal {
            anneal.check()?;
        }
        // The band was checked above: `band.0 <= band.1`.
        let anneal = anneal.map(|a| (a, a.target.unwrap_or(band.0 + (band.1 - band.0) / 2)));
        let drawing = F::drawing(&params, &context).map_err(|e| format!("{e}"))?;
        if band_size == Some(0) {
            return Err(format!("no {} puzzle of these parameters is rated {}..{}", F::NAME, band.0, band.1));
        }
        let rng = Xoshiro256PlusPlus::seed_from_u64(seed);
        let probe = F::probe(&params, &context, &mut rng.clone());
        let rater = probe.rater(Some(&params)).map_err(|e| format!("{e}"))?;
        if !rater.is_exact_for(&probe) {
            return Err(format!("{} puzzles of these parameters cannot be rated exactly", F::NAME));
        }
        let limits = Limits::default();
        let rater_limit = rater.expansion_limit();
        Ok(Generator {
            params,
            band,
            context,
            band_size,
            tables: None,
            limits,
            rater_limit,
            rng,
            // A copy of its own: a clone could share storage (an `Arc`) with the chain's, which would
            // then be copied instead of reused.
            probe: probe.handed_out(),
            drawing,
            candidate: None,
            rating: false,
            facts: Vec::with_capacity(16),
            path: Vec::new(),
            // The probe's rater serves every candidate: its memory is reserved now.
            solver: Some(rater.with_expansion_limit(limits.candidate_nodes)),
            seen: BTreeSet::new(),
            misses: 0,
            candidates: 0,
            nodes: 0,
            broken: None,
            last_work: 0,
            anneal,
            // The probe is the chain's first storage: a chain's start swaps into it, so that the candidate
            // storage is never left empty (and rebuilt by allocating).
            chain: anneal.is_some().then_some(probe),
            chain_energy: None,
            chain_steps: 0,
            temperature: 0.0,
            cooling: 1.0,
            mutant: false,
        })
    }

    /// A generator for a parameter text (`preset=hard`, `size=4x4,min=20,max=30`).
    pub fn from_text(text: &str, seed: u64) -> Result<Self, String> {
        Self::new(parse_params::<F>(text).map_err(|e| format!("{e}"))?, seed)
    }

    /// A generator for the preset named `name`.
    pub fn preset(name: &str, seed: u64) -> Result<Self, String> {
        Self::from_text(&format!("preset={name}"), seed)
    }

    /// The same generator with other limits.
    pub fn with_limits(mut self, limits: Limits) -> Self {
        self.set_limits(limits);
        self
    }

    /// Replaces the limits (the counts of the run so far stay: a run past a new limit gives up).
    pub fn set_limits(&mut self, limits: Limits) {
        self.limits = limits;
        // The solver carries the per-candidate limit.
        if let Some(solver) = self.solver.as_mut() {
            solver.set_expansion_limit(self.rater_limit.min(limits.candidate_nodes));
        }
        self.rating = false;
    }

    /// The same generator giving `tables` to every candidate (checked on one candidate now), so that
    /// ratings use them — for 4×4 tiles, pattern databases make the expert band fast to rate.
    pub fn with_tables(mut self, tables: Tables) -> Result<Self, String> {
        self.set_tables(tables)?;
        Ok(self)
    }

    /// Gives `tables` to every candidate from now on (checked on one candidate now), or says why not.
    pub fn set_tables(&mut self, tables: Tables) -> Result<(), String> {
        let probe = F::probe(&self.params, &self.context, &mut self.rng.clone());
        let probe = probe.with_tables(&tables)?;
        let rater = probe.rater(Some(&self.params)).map_err(|e| format!("{e}"))?;
        if !rater.is_exact_for(&probe) {
            return Err(format!("{} puzzles with these tables cannot be rated exactly", F::NAME));
        }
        self.tables = Some(tables);
        self.solver = None;
        Ok(())
    }

    /// The parameters this generator serves.
    pub fn params(&self) -> &F::Params {
        &self.params
    }

    /// The band of ratings.
    pub fn band(&self) -> (u32, u32) {
        self.band
    }

    /// Node expansions spent so far over the run.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Why the candidates' own definition failed during the run, if it did ([`Family::failure`]: a game's
    /// callbacks). The run keeps the failure (its search cannot be trusted after it) and the definition
    /// is re-armed, so that the puzzle it was made from and its other runs may go on.
    pub fn failure(&mut self) -> Option<crate::family::Broken> {
        if self.broken.is_none() {
            self.broken = self.candidate.as_ref().and_then(Family::failure).or_else(|| self.probe.failure());
            if self.broken.is_some() {
                self.probe.clear_failure();
                self.candidate.iter().for_each(Family::clear_failure);
            }
        }
        self.broken.clone()
    }

    /// Puzzles handed out so far.
    pub fn handed_out(&self) -> usize {
        self.seen.len()
    }

    /// Draws the next candidate into `self.candidate` (instantly, or stepping the family's drawing within
    /// `left` units) and starts rating it: false when the drawing is under way or failed (`left` tells
    /// which), or the candidate repeats a level handed out.
    fn draw(&mut self, left: &mut u32) -> Result<bool, OutOfMemory> {
        // Annealing: the next mutant of the chain while it lasts, else a fresh candidate starts one.
        self.mutant = false;
        if let Some((anneal, _)) = self.anneal {
            match self.chain.as_ref().filter(|_| self.chain_energy.is_some() && self.chain_steps < anneal.iterations) {
                Some(chain) => {
                    self.facts.clear();
                    self.mutant = true;
                    if !F::mutate_into(chain, &self.params, &mut self.context, &mut self.rng, &mut self.candidate) {
                        // No mutant this time: a step of the chain, and a miss.
                        self.chain_steps += 1;
                        self.candidates += 1;
                        self.misses += 1;
                        *left = left.saturating_sub(1);
                        return Ok(false);
                    }
                }
                None => self.chain_energy = None,
            }
        }
        match self.drawing.as_mut() {
            _ if self.mutant => {}
            None => {
                self.facts.clear();
                F::candidate_into(&self.params, &mut self.context, &mut self.rng, &mut self.candidate);
            }
            Some(drawing) => {
                let step = drawing.step(&mut self.rng, *left);
                self.nodes += step.work as u64;
                *left = left.saturating_sub(step.work.max(1));
                match step.status {
                    Status::Found => {
                        if !drawing.take_into(&mut self.candidate, &mut self.facts) {
                            return Ok(false);
                        }
                    }
                    Status::InProgress => return Ok(false),
                    Status::OutOfMemory => return Err(OutOfMemory { bytes: 0 }),
                    _ => {
                        self.candidates += 1;
                        self.misses += 1;
                        return Ok(false);
                    }
                }
            }
        }
        self.candidates += 1;
        let Some(puzzle) = self.candidate.as_mut() else { return Ok(false) };
        if self.seen.contains(&puzzle.fingerprint()) {
            self.misses += 1;
            // A mutant repeating a level handed out is a rejected step of the chain.
            self.chain_steps += self.mutant as u32;
            return Ok(false);
        }
        if let Some(with_tables) = self.tables.as_ref().and_then(|t| puzzle.with_tables(t).ok()) {
            *puzzle = with_tables;
        }
        // The first candidate reserves the solver; later ones reuse its memory.
        let solver = match self.solver.take() {
            Some(solver) => solver,
            None => puzzle.rater(Some(&self.params))?.with_expansion_limit(self.limits.candidate_nodes),
        };
        self.solver.insert(solver).restart(puzzle, puzzle.start());
        self.rating = true;
        Ok(true)
    }

    /// Spends at most `budget` node expansions rating candidates: `Ok` with a puzzle in the band, distinct
    /// from every one handed out before; `Err(InProgress)` to step again; `Err(NotFound(NoMore))` when
    /// the band holds no more distinct puzzles ([`Generator::handed_out`] of them), `Err(NotFound(Misses))`
    /// or `Err(OutOfNodes)` when a [`Limits`] bound was reached, `Err(OutOfMemory)`.
    pub fn step(&mut self, budget: u32) -> Result<Generated<F>, Status> {
        // A budget of 0 counts as 1, as for every stepped call; no budget runs past the node limit.
        let room = self.limits.max_nodes.saturating_sub(self.nodes).max(1);
        let allowed = budget.max(1).min(u32::try_from(room).unwrap_or(u32::MAX));
        let mut left = allowed;
        let answer = self.step_loop(&mut left);
        self.last_work = allowed - left;
        answer
    }

    /// The budget units the last [`Generator::step`] spent.
    pub fn last_work(&self) -> u32 {
        self.last_work
    }

    /// [`Generator::step`] with `left` units, spending from them.
    fn step_loop(&mut self, left: &mut u32) -> Result<Generated<F>, Status> {
        loop {
            if self.band_size.is_some_and(|n| self.seen.len() as u64 >= n) {
                return Err(Status::NotFound(Shortfall::NoMore));
            }
            if self.misses >= self.limits.max_misses {
                return Err(Status::NotFound(Shortfall::Misses));
            }
            if self.nodes >= self.limits.max_nodes {
                return Err(Status::OutOfNodes);
            }
            if !self.rating {
                match self.draw(left) {
                    // A drawing that spent the budget leaves the rating to the next call.
                    Ok(true) if *left == 0 => return Err(Status::InProgress),
                    Ok(true) => {}
                    Err(_) => return Err(Status::OutOfMemory),
                    // A repeated level or a failed drawing costs at least one unit, so that a call stays
                    // bounded.
                    Ok(false) => {
                        if self.drawing.is_none() {
                            *left = left.saturating_sub(1);
                        }
                        if *left == 0 {
                            return Err(Status::InProgress);
                        }
                        continue;
                    }
                }
            }
            let (Some(solver), Some(puzzle)) = (self.solver.as_mut(), self.candidate.as_ref()) else {
                self.rating = false;
                return Err(Status::InProgress);
            };
            let step = solver.step(puzzle, (*left).max(1));
            self.nodes += step.work as u64;
            // Every candidate costs at least one unit, so that a call stays bounded even when rating
            // takes no expansion (flip boards with no null space).
            *left = left.saturating_sub(step.work.max(1));
            match step.status {
                Status::InProgress => return Err(Status::InProgress),
                // A rating the run did not prove exact is no rating: draw another.
                Status::Found if solver.solution_is_optimal() => {
                    self.rating = false;
                    let exact = rating_of(&solver.stats());
                    let rating = exact.filter(|r| (self.band.0..=self.band.1).contains(r));
                    if rating.is_some() {
                        solver.write_path(&mut self.path);
                    }
                    let judged =
                        rating.filter(|_| puzzle.judge(&self.params, &self.path, &solver.stats(), &mut self.facts));
                    if let Some(rating) = judged {
                        // Handing out allocates (the caller's puzzle and solution); the candidate's
                        // storage stays for the next draw.
                        self.seen.insert(puzzle.fingerprint());
                        self.misses = 0;
                        let candidates = core::mem::take(&mut self.candidates);
                        let solution = self.path.iter().map(|(m, _)| *m).collect();
                        let facts = self.facts.clone();
                        let puzzle = puzzle.handed_out();
                        self.anneal_step(Some(rating));
                        return Ok(Generated { puzzle, rating, solution, candidates, facts });
                    }
                    self.misses += 1;
                    self.anneal_step(exact);
                }
                // Unsolvable, rejected, or too hard to rate within the limits: draw another.
                _ => {
                    self.rating = false;
                    self.misses += 1;
                    self.anneal_step(None);
                }
            }
            if *left == 0 {
                return Err(Status::InProgress);
            }
        }
    }

    /// Annealing's step once the candidate is rated (`None`: no exact rating): a fresh candidate with a
    /// rating starts a chain; a mutant is kept by the Metropolis rule on its distance to the target, and
    /// the chain cools.
    fn anneal_step(&mut self, rating: Option<u32>) {
        let Some((anneal, target)) = self.anneal else { return };
        let energy = rating.map(|r| r.abs_diff(target));
        if !self.mutant {
            if let Some(energy) = energy {
                core::mem::swap(&mut self.chain, &mut self.candidate);
                self.chain_energy = Some(energy);
                self.chain_steps = 0;
                let (t0, t1) = (anneal.t_start_tenths as f64 / 10.0, anneal.t_end_tenths as f64 / 10.0);
                let steps = anneal.iterations.saturating_sub(1).max(1) as f64;
                (self.temperature, self.cooling) = (t0, libm::pow(t1 / t0, 1.0 / steps));
            }
            return;
        }
        self.chain_steps += 1;
        let temperature = self.temperature;
        self.temperature *= self.cooling;
        let (Some(energy), Some(current)) = (energy, self.chain_energy) else { return };
        let keep = energy <= current || {
            let p = libm::exp(-((energy - current) as f64) / temperature);
            rand::RngExt::random::<f64>(&mut self.rng) < p
        };
        if keep {
            core::mem::swap(&mut self.chain, &mut self.candidate);
            self.chain_energy = Some(energy);
        }
    }

    /// Steps until a puzzle is ready (blocking convenience); `Err` with the status the run ended on.
    pub fn generate(&mut self) -> Result<Generated<F>, Status> {
        loop {
            match self.step(u32::MAX) {
                Err(Status::InProgress) => continue,
                other => return other,
            }
        }
    }

    /// Why a run that ended on `status` gave no puzzle, in words.
    pub fn reason(&self, status: Status) -> String {
        match status {
            Status::NotFound(Shortfall::NoMore) => {
                format!("the band holds only {} distinct puzzles, all handed out", self.seen.len())
            }
            Status::NotFound(Shortfall::Misses) => format!(
                "no new puzzle in the band after {} candidates in a row: the band is empty or rare for these parameters",
                self.misses
            ),
            Status::OutOfNodes => format!(
                "no new puzzle in the band within {} node expansions: the band is rare for these parameters",
                self.nodes
            ),
            Status::OutOfMemory => String::from("the rating solver's memory could not be reserved"),
            other => format!("the run ended: {}", other.name()),
        }
    }
}

/// Re-derives what a pack entry claims, with the family's exact rater (using `tables` where they serve
/// the puzzle): the rating must be the exact one, and a stored solution must replay to the goal and, for
/// a family rated by optimal length, be that long. Returns a summary, or what is wrong. Blocking: it runs
/// the rater to the end.
pub fn verify<F: Generate>(entry: &PackEntry, tables: Option<&Tables>) -> Result<String, String> {
    let mut puzzle = F::parse(&entry.desc).map_err(|e| format!("cannot parse '{}': {e}", entry.desc))?;
    if let Some(with_tables) = tables.and_then(|t| puzzle.with_tables(t).ok()) {
        puzzle = with_tables;
    }
    // Every problem of the entry is reported, not only the first.
    let mut problems: Vec<String> = Vec::new();
    let stored = match &entry.solution {
        Some(moves) => match replay(&puzzle, &moves.0) {
            Ok(path) => Some(path.len()),
            Err(why) => {
                problems.push(why);
                None
            }
        },
        None => None,
    };
    let mut rater = puzzle.rater(None).map_err(|e| format!("{e}"))?;
    let outcome = solve_with(&mut rater, &puzzle, puzzle.start());
    let rating = match outcome.status {
        Status::Found if rater.solution_is_optimal() => rating_of(&outcome.stats),
        Status::Found => {
            problems.push(String::from("the rater could not prove its rating exact"));
            None
        }
        other => {
            problems.push(format!("the exact rater finds no solution ({})", other.name()));
            None
        }
    };
    if let Some(rating) = rating.filter(|&r| r != entry.rating) {
        problems.push(format!(
            "rating {} stored, but the exact rating is {}",
            entry.rating,
            counted(rating, F::RATING_UNIT)
        ));
    }
    if let (Some(len), Some(rating)) = (stored, rating) {
        if F::RATED_BY_LENGTH && len as u32 != rating {
            problems.push(format!(
                "the stored solution has {}, but the optimum is {rating}: it is not optimal",
                counted(len as u32, "moves")
            ));
        }
    }
    if !problems.is_empty() {
        return Err(problems.join("; "));
    }
    let rating = counted(rating.unwrap_or(entry.rating), F::RATING_UNIT);
    match stored {
        Some(len) => Ok(format!("rating {rating}, stored solution of {}", counted(len as u32, "moves"))),
        None => Ok(format!("rating {rating}, no stored solution")),
    }
}

/// `n` and the unit `units` (a plural: `moves`, `presses`, `steps`), singular for one.
pub fn counted(n: u32, units: &str) -> String {
    if n != 1 {
        return format!("{n} {units}");
    }
    let one = units
        .strip_suffix("sses")
        .map_or_else(|| units.strip_suffix('s').unwrap_or(units).into(), |s| format!("{s}ss"));
    format!("1 {one}")
}

/// A path as `(move, state after it)` pairs.
pub type Path<F> = Vec<(<F as crate::search::Puzzle>::Move, <F as crate::search::Puzzle>::State)>;

/// The moves and states of a stored solution, as the player plays it from [`Family::shown_start`],
/// checked move by move to the goal.
pub fn replay<F: Family>(puzzle: &F, moves: &[MoveCode]) -> Result<Path<F>, String> {
    let mut path = Vec::with_capacity(moves.len());
    let mut state = puzzle.shown_start();
    for (i, code) in moves.iter().enumerate() {
        let next = puzzle.decode_move(&state, code).and_then(|mv| Some((mv, puzzle.play(&state, &mv)?)));
        let Some((mv, after)) = next else {
            return Err(format!("move {} of the stored solution is illegal", i + 1));
        };
        path.push((mv, after));
        state = after;
    }
    if !puzzle.is_goal(&state) {
        return Err(String::from("the stored solution does not reach the goal"));
    }
    Ok(path)
}
