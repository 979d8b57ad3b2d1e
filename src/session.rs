//! A game in progress, with the family erased: a puzzle, the player's current state and a hinter, behind
//! one object-safe trait. The C ABI and other bindings hold these; they contain no puzzle logic of their own.

use crate::families::flip::Flip;
use crate::families::hargram::evolve::HargramGenome;
use crate::families::hargram::Hargram;
use crate::families::jugs::Jugs;
use crate::families::tiles::Tiles;
use crate::family::{Family, FamilyId, MoveCode};
use crate::ga::{Ga, GaParams, GaReport};
use crate::generate::{Difficulty, GenStatus, Generate, Generator, Request};
use crate::hint::{Hint, HintStatus, Hinter};
use crate::memory::OutOfMemory;
use crate::pack::PackEntry;
use crate::search::{Algorithm, Search, Solver, Stats, Status};
use crate::tables::Tables;
use crate::text::{family_of, ParseError};
use alloc::boxed::Box;
use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

/// The hinter keeps plans of up to this many moves without growing.
const PLAN_CAPACITY: usize = 256;

/// A puzzle being played: the puzzle, the current state, and (once asked for) a hinter.
pub struct Session<F: Family> {
    puzzle: F,
    state: F::State,
    hinter: Option<Hinter<F>>,
    /// A solution from the start (stored in a pack, or found by a generator's rater), handed to the
    /// hinter when it is made, and whether it is known to be optimal.
    stored: Vec<(F::Move, F::State)>,
    stored_optimal: bool,
    /// Node expansions a hint search may take before it reports `OutOfNodes`.
    node_limit: u64,
}

impl<F: Family> Session<F> {
    /// A session at the puzzle's start.
    pub fn new(puzzle: F) -> Self {
        let state = puzzle.start();
        Session { puzzle, state, hinter: None, stored: Vec::new(), stored_optimal: false, node_limit: u64::MAX }
    }

    /// A session at the puzzle's start that knows a solution (`moves` from the start), checked move by
    /// move; hints follow it without searching while the player does. A solution read from a pack is
    /// not known to be optimal (`optimal` false), so hints along it do not say they are.
    pub fn with_solution(puzzle: F, moves: &[MoveCode], optimal: bool) -> Result<Self, String> {
        let mut session = Session::new(puzzle);
        let mut state = session.state;
        for (i, code) in moves.iter().enumerate() {
            let puzzle = &session.puzzle;
            let next = puzzle.decode_move(&state, code).and_then(|mv| Some((mv, puzzle.apply(&state, &mv)?)));
            let Some((mv, after)) = next else {
                return Err(format!("move {} of the stored solution is illegal", i + 1));
            };
            session.stored.push((mv, after));
            state = after;
        }
        if !session.puzzle.is_goal(&state) {
            return Err(String::from("the stored solution does not reach the goal"));
        }
        session.stored_optimal = optimal;
        Ok(session)
    }

    /// A session at the puzzle's start with a solution already known as moves (from a rater).
    pub fn with_moves(puzzle: F, moves: &[F::Move], optimal: bool) -> Self {
        let mut session = Session::new(puzzle);
        let mut state = session.state;
        for mv in moves {
            match session.puzzle.apply(&state, mv) {
                Some(next) => {
                    session.stored.push((*mv, next));
                    state = next;
                }
                None => {
                    session.stored.clear();
                    break;
                }
            }
        }
        session.stored_optimal = optimal && session.puzzle.is_goal(&state);
        session
    }

    /// The puzzle.
    pub fn puzzle(&self) -> &F {
        &self.puzzle
    }

    /// The player's current state.
    pub fn state(&self) -> &F::State {
        &self.state
    }
}

/// A game session of any family.
pub trait AnySession: Send {
    /// The family.
    fn family(&self) -> FamilyId;
    /// The text description of the puzzle from the current position (parsing it resumes the game).
    fn describe(&self) -> String;
    /// The puzzle's [`Family::fingerprint`] from its current position (equal for the same level).
    fn fingerprint(&self) -> u64;
    /// A drawing of the current position for terminals and logs.
    fn render(&self) -> String;
    /// Width and height of the drawing grid.
    fn board_size(&self) -> (u32, u32);
    /// The value at grid cell `index` of the current state.
    fn cell(&self, index: usize) -> i32;
    /// Plays `code` if it is legal; otherwise says why and leaves the state unchanged.
    fn apply(&mut self, code: &MoveCode) -> Result<(), String>;
    /// Whether the current state is solved.
    fn is_solved(&self) -> bool;
    /// The next hint from the current state, expanding at most `budget` nodes in this call. The hinter's
    /// memory is reserved by the first call; later calls allocate nothing.
    fn next_hint(&mut self, budget: u32) -> HintStatus<MoveCode>;
    /// Uses precomputed `tables` from now on (the hinter is rebuilt at the next hint), or says why not.
    fn set_tables(&mut self, tables: &Tables) -> Result<(), String>;
    /// Lets a hint search expand at most `limit` nodes (over all the frames it takes) before it reports
    /// [`HintStatus::OutOfNodes`]; a search in progress starts again under the new limit.
    fn set_node_limit(&mut self, limit: u64);
    /// A solver for the current state, with its memory reserved for `node_cap` nodes, or how many bytes
    /// could not be reserved.
    fn solver(&self, algorithm: Algorithm, node_cap: usize) -> Result<Box<dyn AnySolver>, OutOfMemory>;
    /// The bytes [`AnySession::solver`] reserves for a generic `algorithm` and `node_cap` (0 for
    /// [`Algorithm::Exact`], whose memory is the family's).
    fn solver_bytes(&self, algorithm: Algorithm, node_cap: usize) -> usize;
    /// The session itself, for family-specific tools such as [`GaRun`].
    fn as_any(&self) -> &dyn core::any::Any;
}

impl<F> AnySession for Session<F>
where
    F: Family + Send + 'static,
    F::State: Send,
    F::Move: Send,
{
    fn family(&self) -> FamilyId {
        F::ID
    }

    fn describe(&self) -> String {
        self.puzzle.with_start(self.state).describe()
    }

    fn fingerprint(&self) -> u64 {
        self.puzzle.with_start(self.state).fingerprint()
    }

    fn render(&self) -> String {
        self.puzzle.render(&self.state)
    }

    fn board_size(&self) -> (u32, u32) {
        self.puzzle.board_size()
    }

    fn cell(&self, index: usize) -> i32 {
        self.puzzle.cell(&self.state, index)
    }

    fn apply(&mut self, code: &MoveCode) -> Result<(), String> {
        let next = self.puzzle.decode_move(&self.state, code).and_then(|mv| self.puzzle.apply(&self.state, &mv));
        match next {
            Some(state) => {
                self.state = state;
                Ok(())
            }
            None => Err(format!("illegal move {code:?} from this position")),
        }
    }

    fn is_solved(&self) -> bool {
        self.puzzle.is_goal(&self.state)
    }

    fn next_hint(&mut self, budget: u32) -> HintStatus<MoveCode> {
        let puzzle = &self.puzzle;
        if self.hinter.is_none() {
            let Ok(solver) = puzzle.recommended_solver() else {
                return HintStatus::OutOfMemory;
            };
            let solver = solver.with_expansion_limit(self.node_limit);
            self.hinter = Some(match core::mem::take(&mut self.stored) {
                plan if plan.is_empty() => Hinter::new(solver, PLAN_CAPACITY),
                plan => Hinter::with_plan(solver, PLAN_CAPACITY, puzzle.start(), plan, self.stored_optimal),
            });
        }
        let Some(hinter) = self.hinter.as_mut() else {
            return HintStatus::OutOfMemory;
        };
        match hinter.next_hint(puzzle, &self.state, budget) {
            HintStatus::Ready(h) => {
                HintStatus::Ready(Hint { mv: puzzle.encode_move(&h.mv), moves_left: h.moves_left, optimal: h.optimal })
            }
            HintStatus::InProgress => HintStatus::InProgress,
            HintStatus::AlreadySolved => HintStatus::AlreadySolved,
            HintStatus::Unsolvable => HintStatus::Unsolvable,
            HintStatus::OutOfNodes => HintStatus::OutOfNodes,
            HintStatus::NotFound => HintStatus::NotFound,
            HintStatus::OutOfMemory => HintStatus::OutOfMemory,
        }
    }

    fn set_tables(&mut self, tables: &Tables) -> Result<(), String> {
        self.puzzle = self.puzzle.with_tables(tables)?;
        self.hinter = None;
        Ok(())
    }

    fn set_node_limit(&mut self, limit: u64) {
        self.node_limit = limit;
        self.hinter = None;
    }

    fn solver(&self, algorithm: Algorithm, node_cap: usize) -> Result<Box<dyn AnySolver>, OutOfMemory> {
        let puzzle = self.puzzle.with_start(self.state);
        let mut solver = match algorithm {
            Algorithm::Exact => puzzle.recommended_solver()?,
            other => Solver::new(other, node_cap)?,
        };
        solver.restart(&puzzle, self.state);
        Ok(Box::new(SessionSolver { puzzle, solver, path: Vec::new(), moves: Vec::new(), moves_ready: false }))
    }

    fn solver_bytes(&self, algorithm: Algorithm, node_cap: usize) -> usize {
        match algorithm {
            Algorithm::Exact => 0,
            other => Solver::<F>::bytes_for(other, node_cap),
        }
    }

    fn as_any(&self) -> &dyn core::any::Any {
        self
    }
}

/// A genetic-algorithm run on a Hargram session's current position (the earlier systems' solver, kept
/// as a per-frame tool).
pub struct GaRun {
    puzzle: Hargram,
    genome: HargramGenome,
    ga: Ga,
    best: Vec<MoveCode>,
}

impl GaRun {
    /// A run on `session`'s current position, or why not (not a Hargram puzzle, bad parameters).
    pub fn new(session: &dyn AnySession, params: GaParams, seed: u64) -> Result<GaRun, String> {
        let Some(session) = session.as_any().downcast_ref::<Session<Hargram>>() else {
            return Err(String::from("the genetic algorithm runs on hargram puzzles only"));
        };
        let puzzle = session.puzzle.with_start(session.state);
        let genome = HargramGenome::new(&puzzle);
        let ga = Ga::new(&genome, params, seed)?;
        let best = Vec::with_capacity(puzzle.pieces().len());
        Ok(GaRun { puzzle, genome, ga, best })
    }

    /// Runs at most `budget` fitness evaluations (allocates nothing).
    pub fn step(&mut self, budget: u32) -> GaReport {
        self.ga.step(&self.genome, budget)
    }

    /// Progress so far.
    pub fn report(&self) -> GaReport {
        self.ga.report()
    }

    /// The placements of the best individual so far, as moves from the run's starting position.
    pub fn best_moves(&mut self) -> &[MoveCode] {
        self.best.clear();
        let moves = self.genome.moves(self.ga.best());
        self.best.extend(moves.iter().map(|m| self.puzzle.encode_move(m)));
        &self.best
    }
}

/// A stepped solver of any family, owning its copy of the puzzle.
pub trait AnySolver: Send {
    /// Expands at most `budget` nodes (allocates nothing).
    fn step(&mut self, budget: u32) -> Status;
    /// Where the search stands.
    fn status(&self) -> Status;
    /// Counters of the run.
    fn stats(&self) -> Stats;
    /// The solution's moves once the status is [`Status::Found`] (empty before).
    fn moves(&mut self) -> &[MoveCode];
    /// Ends a run with [`Status::OutOfNodes`] once it has expanded `limit` nodes in all.
    fn set_node_limit(&mut self, limit: u64);
}

struct SessionSolver<F: Family> {
    puzzle: F,
    solver: Solver<F>,
    path: Vec<(F::Move, F::State)>,
    moves: Vec<MoveCode>,
    moves_ready: bool,
}

impl<F> AnySolver for SessionSolver<F>
where
    F: Family + Send,
    F::State: Send,
    F::Move: Send,
{
    fn step(&mut self, budget: u32) -> Status {
        self.solver.step(&self.puzzle, budget)
    }

    fn status(&self) -> Status {
        self.solver.status()
    }

    fn stats(&self) -> Stats {
        self.solver.stats()
    }

    fn moves(&mut self) -> &[MoveCode] {
        if !self.moves_ready && self.solver.status() == Status::Found {
            self.solver.write_path(&mut self.path);
            self.moves = self.path.iter().map(|(m, _)| self.puzzle.encode_move(m)).collect();
            self.moves_ready = true;
        }
        &self.moves
    }

    fn set_node_limit(&mut self, limit: u64) {
        self.solver.set_expansion_limit(limit);
    }
}

/// Parses a description of any family into a session at its start.
pub fn parse(desc: &str) -> Result<Box<dyn AnySession>, ParseError> {
    load(desc, None).map_err(|e| match e {
        LoadError::Parse(e) => e,
        LoadError::Solution(why) => ParseError::new(1, why),
    })
}

/// A session for a pack entry: its puzzle, with the stored solution (if any) as the hinter's plan, so that
/// hints along it need no search (they do not claim it is optimal: a checksum cannot vouch for that).
/// Refused when the solution does not replay to the goal, or, for a family rated by optimal length, is
/// shorter than the entry's rating (one of the two is wrong).
pub fn from_entry(entry: &PackEntry) -> Result<Box<dyn AnySession>, String> {
    load(&entry.desc, entry.solution.as_ref().map(|s| (&s.0[..], entry.rating))).map_err(|e| match e {
        LoadError::Parse(e) => format!("cannot parse '{}': {e}", entry.desc),
        LoadError::Solution(why) => why,
    })
}

enum LoadError {
    Parse(ParseError),
    Solution(String),
}

fn load(desc: &str, solution: Option<(&[MoveCode], u32)>) -> Result<Box<dyn AnySession>, LoadError> {
    fn make<F>(desc: &str, solution: Option<(&[MoveCode], u32)>) -> Result<Box<dyn AnySession>, LoadError>
    where
        F: Generate + Send + 'static,
        F::State: Send,
        F::Move: Send,
    {
        let puzzle = F::parse(desc).map_err(LoadError::Parse)?;
        Ok(Box::new(match solution {
            Some((moves, rating)) if F::RATED_BY_LENGTH && (moves.len() as u64) < rating as u64 => {
                return Err(LoadError::Solution(format!(
                    "the stored solution has {} moves but the rating says no solution is shorter than {rating}",
                    moves.len()
                )))
            }
            Some((moves, _)) => Session::with_solution(puzzle, moves, false).map_err(LoadError::Solution)?,
            None => Session::new(puzzle),
        }))
    }
    match family_of(desc) {
        Tiles::NAME => make::<Tiles>(desc, solution),
        Jugs::NAME => make::<Jugs>(desc, solution),
        Flip::NAME => make::<Flip>(desc, solution),
        Hargram::NAME => make::<Hargram>(desc, solution),
        other => Err(LoadError::Parse(ParseError::new(
            1,
            format!("unknown family '{other}' (known: tiles, jugs, flip, hargram)"),
        ))),
    }
}

/// Re-derives what a pack entry claims, with the family's exact rater (using `tables` where they serve
/// the puzzle): the rating must be the exact one, and a stored solution must replay to the goal and, for
/// a family rated by optimal length, be that long. Returns a summary, or what is wrong. Blocking: it runs
/// the rater to the end.
pub fn verify_entry(entry: &PackEntry, tables: Option<&Tables>) -> Result<String, String> {
    fn check<F: Generate>(entry: &PackEntry, tables: Option<&Tables>) -> Result<String, String> {
        let mut puzzle = F::parse(&entry.desc).map_err(|e| format!("cannot parse '{}': {e}", entry.desc))?;
        if let Some(with_tables) = tables.and_then(|t| puzzle.with_tables(t).ok()) {
            puzzle = with_tables;
        }
        let stored = match &entry.solution {
            Some(moves) => Some(Session::with_solution(puzzle.clone(), &moves.0, false)?.stored.len()),
            None => None,
        };
        let mut rater = puzzle.rater().map_err(|e| format!("{e}"))?;
        let outcome = crate::search::solve_with(&mut rater, &puzzle, puzzle.start());
        if outcome.status != Status::Found {
            return Err(format!("the exact rater finds no solution ({})", outcome.status.name()));
        }
        let rating = F::rating(&outcome.stats).ok_or("the exact rater gives no rating")?;
        if rating != entry.rating {
            return Err(format!("rating {} stored, but the exact rating is {rating} {}", entry.rating, F::RATING_UNIT));
        }
        match stored {
            Some(len) if F::RATED_BY_LENGTH && len as u32 != rating => {
                Err(format!("the stored solution has {len} moves, but the optimum is {rating}: it is not optimal"))
            }
            Some(len) => Ok(format!("rating {rating} {}, stored solution of {len} moves", F::RATING_UNIT)),
            None => Ok(format!("rating {rating} {}, no stored solution", F::RATING_UNIT)),
        }
    }
    match family_of(&entry.desc) {
        Tiles::NAME => check::<Tiles>(entry, tables),
        Jugs::NAME => check::<Jugs>(entry, tables),
        Flip::NAME => check::<Flip>(entry, tables),
        Hargram::NAME => check::<Hargram>(entry, tables),
        other => Err(format!("unknown family '{other}' (known: tiles, jugs, flip, hargram)")),
    }
}

/// A generated session and its rating.
pub type GeneratedSession = (Box<dyn AnySession>, u32);

/// Why a generator run ended without a puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GenStop {
    /// Every distinct puzzle of the band was handed out (the message says how many).
    Exhausted(String),
    /// The run reached one of its limits (the message says which).
    GaveUp(String),
    /// The rating solver's memory could not be reserved.
    OutOfMemory(OutOfMemory),
}

/// A stepped generator of any family, handing out sessions.
pub trait AnyGenerator: Send {
    /// Spends at most `budget` node expansions: `Ok(None)` while searching, a puzzle in the band and its
    /// rating when one is ready (its hints follow the rater's solution), `Err` when the run ended.
    fn step(&mut self, budget: u32) -> Result<Option<GeneratedSession>, GenStop>;
    /// Replaces the run's limits.
    fn set_limits(&mut self, limits: crate::generate::Limits);
}

impl<F> AnyGenerator for Generator<F>
where
    F: Generate + Send + 'static,
    F::State: Send,
    F::Move: Send,
{
    fn step(&mut self, budget: u32) -> Result<Option<GeneratedSession>, GenStop> {
        let status = Generator::step(self, budget);
        let reason = status.reason().unwrap_or_default();
        match status {
            // The rater is exact, so its solution is optimal.
            GenStatus::Ready(g) => Ok(Some((Box::new(Session::with_moves(g.puzzle, &g.solution, true)), g.rating))),
            GenStatus::InProgress => Ok(None),
            GenStatus::Exhausted(_) => Err(GenStop::Exhausted(reason)),
            GenStatus::GaveUp(_) => Err(GenStop::GaveUp(reason)),
            GenStatus::OutOfMemory(e) => Err(GenStop::OutOfMemory(e)),
        }
    }

    fn set_limits(&mut self, limits: crate::generate::Limits) {
        Generator::set_limits(self, limits);
    }
}

/// A generator for `family`: a preset, or a custom request (checked).
pub fn generator(
    family: FamilyId,
    request: Result<Request, Difficulty>,
    seed: u64,
) -> Result<Box<dyn AnyGenerator>, String> {
    fn make<F>(request: Result<Request, Difficulty>, seed: u64) -> Result<Box<dyn AnyGenerator>, String>
    where
        F: Generate + Send + 'static,
        F::State: Send,
        F::Move: Send,
    {
        Ok(Box::new(match request {
            Ok(request) => Generator::<F>::new(request, seed)?,
            Err(difficulty) => Generator::<F>::preset(difficulty, seed)?,
        }))
    }
    match family {
        FamilyId::Tiles => make::<Tiles>(request, seed),
        FamilyId::Jugs => make::<Jugs>(request, seed),
        FamilyId::Flip => make::<Flip>(request, seed),
        FamilyId::Hargram => make::<Hargram>(request, seed),
    }
}
