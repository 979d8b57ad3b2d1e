//! A game in progress, with the family erased: a puzzle, the player's current state and a hinter, behind
//! one object-safe trait; likewise a solver run and a generator run. The registry makes these for every
//! family; the C ABI, the CLI and the other bindings hold them. No family is named here.

use crate::check::{BoardCheck, Checker, Distances};
use crate::family::{add_cell, Deduction, Family, HintCells, MoveCode, SolutionCount, Tier, PARTIAL};
use crate::ga::{AnyGa, Evolution};
use crate::generate::{replay, Fact, Generate, Generator, Limits};
use crate::hint::Hinter;
use crate::memory::OutOfMemory;
use crate::search::cluster::Cluster;
use crate::search::{Algorithm, Puzzle, Search, Solver, Stats, Status, Step};
use crate::status::Shortfall;
use crate::tables::Tables;
use crate::text::ParseError;
use crate::trivial::Trivial;
use alloc::boxed::Box;
use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;
use core::any::Any;

/// Most moves a puzzle's history keeps (for undo, "check my board" and saves): past it, the oldest tenth
/// is forgotten.
pub const MAX_HISTORY: usize = crate::pack::MAX_HISTORY;

/// The hinter keeps plans of up to this many moves without growing.
const PLAN_CAPACITY: usize = 256;
/// The moves ahead a family sees when it says where to look (tier 1 of a hint).
const REGION_LOOKAHEAD: usize = 32;

/// The node expansions a hint search, or a solver made from a session, may take before it reports
/// `OutOfNodes`, unless the caller sets another limit: about five seconds of one core for the built-in
/// families (10 to 20 million expansions a second). Every stepped call's budget is clamped to what the
/// limit leaves, so that no budget, however large (a `-1` passed as unsigned), runs longer.
pub const DEFAULT_NODE_LIMIT: u64 = 100_000_000;

/// A hint with the family erased: the move, how many moves remain, whether that is optimal, and why.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SessionHint {
    /// The move to play now.
    pub mv: MoveCode,
    /// Moves left to the goal along the plan, counting this one.
    pub moves_left: u32,
    /// Whether `moves_left` is the optimal distance.
    pub optimal: bool,
    /// The family's reason code ([`crate::family::Family::REASONS`]).
    pub reason: u32,
}

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
    /// Bytes a hint, check or trivial-steps search may reserve ([`AnySession::set_memory_limit`]).
    memory_limit: usize,
    /// The last hint given (the state it was given from and its move), its reason and cells.
    last: Option<(F::State, F::Move, u32)>,
    cells: HintCells,
    /// The last hint's tiers: the plan ahead in the player's labels, a tier's cells, the plan's moves.
    ahead: Vec<(F::Move, F::State)>,
    tier_cells: HintCells,
    plan_codes: Vec<MoveCode>,
    /// The player's moves since the start (at most [`MAX_HISTORY`]), each with the position before it,
    /// for undo and "check my board"; and the moves undone since, the next to redo last.
    history: Vec<F::State>,
    played: Vec<F::Move>,
    undone: Vec<F::Move>,
    checker: Option<Checker<F>>,
    check_work: u32,
    /// Exact distances learned from optimal plans and checks, so that a check searches only what is new.
    distances: Distances<F::State>,
    /// The cells of the last check's mistakes.
    mistakes: HintCells,
    /// A "trivial steps" run in progress, and the work of the last call.
    trivial: Option<Trivial<F>>,
    trivial_work: u32,
    /// Makes generators of puzzles like this one, for a kind the registry does not hold.
    like: Option<GeneratorLike<F>>,
}

/// Makes a generator of puzzles like `puzzle` from a position, for a kind the registry does not hold (a
/// game's own puzzle draws with its callbacks): the parameter text and the seed as
/// [`crate::registry::Entry::generator`] takes them.
pub type GeneratorLike<F> = fn(puzzle: &F, from: &<F as Puzzle>::State, params: &str, seed: u64) -> MadeGenerator;

impl<F: Family> Session<F> {
    /// The solver of a hint, a check or trivial steps: the recommended one within the memory limit,
    /// bounded by the node limit.
    fn search_solver(&self) -> Result<Solver<F>, Status> {
        let solver = match self.memory_limit {
            usize::MAX => self.puzzle.recommended_solver(),
            bytes => self.puzzle.recommended_solver_within(bytes),
        };
        Ok(solver.map_err(|_| Status::OutOfMemory)?.with_expansion_limit(self.node_limit))
    }

    /// The hinter, made on first use: an optimal solver and the stored solution as its plan.
    fn make_hinter(&mut self) -> Result<(), Status> {
        if self.hinter.is_none() {
            let solver = self.search_solver()?;
            let puzzle = &self.puzzle;
            // The hinter searches and follows plans in the searches' states.
            let (shown, start) = (puzzle.shown_start(), puzzle.start());
            // The tiers' buffers too, once: reading a hint's tiers then allocates nothing.
            self.ahead.reserve(PLAN_CAPACITY);
            self.plan_codes.reserve(PLAN_CAPACITY);
            self.distances.reserve();
            self.hinter = Some(match translate(puzzle, &self.stored, shown, start, |s, mv| puzzle.apply(s, mv)) {
                plan if plan.is_empty() => Hinter::new(solver, PLAN_CAPACITY),
                plan => Hinter::with_plan(solver, PLAN_CAPACITY, start, plan, self.stored_optimal),
            });
        }
        Ok(())
    }

    /// A session at the puzzle's start (as the player has it: [`Family::shown_start`]).
    pub fn new(puzzle: F) -> Self {
        let state = puzzle.shown_start();
        Session {
            puzzle,
            state,
            hinter: None,
            stored: Vec::new(),
            stored_optimal: false,
            node_limit: DEFAULT_NODE_LIMIT,
            memory_limit: usize::MAX,
            last: None,
            cells: HintCells::new(),
            ahead: Vec::new(),
            tier_cells: HintCells::new(),
            plan_codes: Vec::new(),
            history: Vec::new(),
            played: Vec::new(),
            undone: Vec::new(),
            checker: None,
            check_work: 0,
            distances: Distances::new(),
            mistakes: HintCells::new(),
            trivial: None,
            trivial_work: 0,
            like: None,
        }
    }

    /// A session at the puzzle's start whose [`AnySession::generator_like`] makes generators with `like`.
    pub fn with_generator_like(puzzle: F, like: GeneratorLike<F>) -> Self {
        Session { like: Some(like), ..Session::new(puzzle) }
    }

    /// Plays `mv` (legal from the current position, giving `next`) into the history: the moves undone
    /// before are forgotten, and past [`MAX_HISTORY`] moves the oldest tenth is. Without the memory for
    /// it the history starts again here (undo and a check then reach back to this position only).
    fn record(&mut self, mv: F::Move, next: F::State) {
        self.undone.clear();
        if self.played.len() >= MAX_HISTORY {
            self.history.drain(..MAX_HISTORY / 10);
            self.played.drain(..MAX_HISTORY / 10);
        }
        if self.history.try_reserve(1).is_ok() && self.played.try_reserve(1).is_ok() {
            self.history.push(self.state);
            self.played.push(mv);
        } else {
            self.history = Vec::new();
            self.played = Vec::new();
        }
        self.state = next;
        self.forget_hint();
    }

    /// Forgets the last hint, as a move does: its sentence, cells and tiers belonged to a position left.
    fn forget_hint(&mut self) {
        self.last = None;
        self.cells.clear();
    }

    /// The position the history starts from.
    fn history_start(&self) -> F::State {
        self.history.first().copied().unwrap_or(self.state)
    }

    /// Reads the plan the last hint came from into `ahead`, at most `n` moves in the player's labels;
    /// false when no hint was given from the current position. A partial hint's plan is its move.
    fn read_ahead(&mut self, n: usize) -> bool {
        let Session { puzzle, state, hinter, last, ahead, .. } = self;
        let Some((at, mv, reason)) = *last else { return false };
        if at != *state {
            return false;
        }
        ahead.clear();
        let searched = puzzle.canonical(state);
        match hinter.as_ref().and_then(|h| h.plan_ahead(&searched)).filter(|_| reason != PARTIAL) {
            Some(path) => {
                let (mut from, mut to) = (searched, *state);
                for (step, after) in path.iter().take(n) {
                    let moved = puzzle.relabel(step, &from, &to);
                    let Some(next) = puzzle.play(&to, &moved) else { break };
                    ahead.push((moved, next));
                    (from, to) = (*after, next);
                }
            }
            None => ahead.extend(puzzle.play(state, &mv).map(|next| (mv, next))),
        }
        !ahead.is_empty()
    }

    /// A session at the puzzle's start that knows a solution (`moves` from the start), checked move by
    /// move; hints follow it without searching while the player does. A solution read from a pack is
    /// not known to be optimal (`optimal` false), so hints along it do not say they are.
    pub fn with_solution(puzzle: F, moves: &[MoveCode], optimal: bool) -> Result<Self, String> {
        Session::new(puzzle).with_stored(moves, optimal)
    }

    /// This session (at its start) knowing the solution `moves`, as [`Session::with_solution`].
    fn with_stored(self, moves: &[MoveCode], optimal: bool) -> Result<Self, String> {
        let stored = replay(&self.puzzle, moves)?;
        Ok(Session { stored, stored_optimal: optimal, ..self })
    }

    /// A session at the puzzle's start with a solution already known as moves from [`Family::start`] (a
    /// rater's search).
    pub fn with_moves(puzzle: F, moves: &[F::Move], optimal: bool) -> Self {
        let mut session = Session::new(puzzle);
        let mut path = Vec::with_capacity(moves.len());
        let mut state = session.puzzle.start();
        for mv in moves {
            let Some(next) = session.puzzle.apply(&state, mv) else {
                path.clear();
                break;
            };
            path.push((*mv, next));
            state = next;
        }
        let (puzzle, shown) = (&session.puzzle, session.state);
        session.stored = translate(puzzle, &path, puzzle.start(), shown, |s, mv| puzzle.play(s, mv));
        session.stored_optimal = optimal && session.stored.len() == moves.len() && puzzle.is_goal(&state);
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
    /// The family's name.
    fn family(&self) -> &'static str;
    /// The text description of the puzzle from the current position (parsing it resumes the game).
    fn describe(&self) -> String;
    /// The description of the current position up to interchangeable pieces ([`Family::canonical`]):
    /// equal for two positions that differ only by which of two identical pieces stands where, as the
    /// searches count positions (to tell a repeated position, whichever identical block moved).
    fn describe_position(&self) -> String;
    /// The puzzle's [`Family::fingerprint`] from its current position (equal for the same level).
    fn fingerprint(&self) -> u64;
    /// A drawing of the current position for terminals and logs.
    fn render(&self) -> String;
    /// Width and height of the drawing grid.
    fn board_size(&self) -> (u32, u32);
    /// The value at grid cell `index` of the current state.
    fn cell(&self, index: usize) -> i32;
    /// The moves the family's searches consider from the current state (every legal move for most
    /// families; for packing, the placements that cover the first empty cell and the take-offs).
    fn legal_moves(&self) -> Vec<MoveCode>;
    /// The compact token of `code` played from the current state, if it is legal.
    fn move_token(&self, code: &MoveCode) -> Option<String>;
    /// The sentence of `code` played from the current state, if it is legal.
    fn move_text(&self, code: &MoveCode) -> Option<String>;
    /// How the sentences name piece `piece`, and its label in drawings ([`Family::piece_name`]).
    fn piece_name(&self, piece: u32) -> Option<crate::family::PieceName>;
    /// Plays `code` if it is legal; otherwise says why and leaves the state unchanged.
    fn apply(&mut self, code: &MoveCode) -> Result<(), String>;
    /// Why `code` is not a legal move from the current state, in the family's words
    /// ([`Family::illegal_move`]).
    fn illegal_move(&self, code: &MoveCode) -> String;
    /// Whether the current state is solved.
    fn is_solved(&self) -> bool;
    /// The family's heuristic from the current state ([`crate::search::Puzzle::heuristic`], under the
    /// options set).
    fn heuristic(&self) -> u32;
    /// Whether the family declares that heuristic a lower bound (under the options set).
    fn heuristic_is_admissible(&self) -> bool;
    /// The next hint from the current state, expanding at most `budget` nodes in this call: the hint, or
    /// why there is none (yet): `InProgress`, `AlreadySolved`, `Unsolvable`, `OutOfNodes`, `NotFound`,
    /// `OutOfMemory`. The hinter's memory is reserved by the first call; later calls allocate nothing.
    fn next_hint(&mut self, budget: u32) -> Result<SessionHint, Status>;
    /// Proves the solution the session knows from the start (from a pack: not known to be optimal) by an
    /// optimal search from the start, at most about `budget` units in this call: `Ok(true)` once proven
    /// (hints along the plan then say optimal), `Ok(false)` when the family's search cannot prove a
    /// solution optimal, `InProgress`: call again, `NotFound`: no solution known from the start.
    fn prove_plan(&mut self, budget: u32) -> Result<bool, Status>;
    /// After a hint search that found no plan (`OutOfNodes`, or still `InProgress`): the first move
    /// toward the position closest to the goal that the search reached — a partial result, as Detour's
    /// `DT_PARTIAL_RESULT` — with reason [`crate::family::PARTIAL`], `optimal` false and `moves_left` an
    /// estimate (the moves to that position plus its estimate). `NotFound(NoCloser)` when there is
    /// none. Its cells and sentence are read as a hint's.
    fn partial_hint(&mut self) -> Result<SessionHint, Status>;
    /// The cells the last hint concerns; `None` when no hint was given since the last move, undo or redo.
    fn hint_cells(&self) -> Option<&[u16]>;
    /// Node expansions of the last hint search (0 for hints read off a plan).
    fn hint_nodes(&self) -> u64;
    /// The budget units the last [`AnySession::next_hint`] call spent (0 for a hint read off a plan).
    fn hint_work(&self) -> u32;
    /// The sentence of the last hint (made when asked for), if a hint was given.
    fn hint_text(&self) -> Option<String>;
    /// The cells of tier `tier` of the last hint ([`Tier`]: where to look, what to move, the move; the
    /// plan's are the move's), read off the plan it came from; `None` when no hint was given from the
    /// current position. Where to look always holds what to move. Allocates nothing.
    fn hint_tier_cells(&mut self, tier: Tier) -> Option<&[u16]>;
    /// Why the current position is lost, when the family sees it without search
    /// ([`crate::family::Family::lost_text`]).
    fn lost_text(&self) -> Option<String>;
    /// The words of tier `tier` of the last hint (the plan's: its first `moves` moves).
    fn hint_tier_text(&mut self, tier: Tier, moves: usize) -> Option<String>;
    /// The plan the last hint came from: its next moves (at most `max`), the first the hint's.
    fn hint_plan(&mut self, max: usize) -> Option<&[MoveCode]>;
    /// "Check my board" from the current position and the player's moves since the start (see
    /// [`crate::check`]), working at most about `budget` units in this call: the check, or why there is
    /// none yet (`InProgress`: ask again next frame) or at all (`OutOfNodes`, `OutOfMemory`).
    fn check_board(&mut self, budget: u32) -> Result<BoardCheck, Status>;
    /// The budget units the last [`AnySession::check_board`] spent.
    fn check_work(&self) -> u32;
    /// "Solve the trivial steps" from the current position, working at most about `budget` units in this
    /// call ([`crate::trivial`]): `InProgress` until done (ask again next frame, from the same position
    /// with the same rules), then the moves, played (at most `max_moves`). For a family that deduces
    /// (Linjat), the moves the rules `rules` (reason codes; empty: all) fix — refused with
    /// `NotFound(Mistakes)` when the player placed a part no solution has; for the others, forced moves,
    /// each the only one of its position that leads to a solvable position (each search bounded by the
    /// node limit: the moves before one that reached it are played, or `OutOfNodes` when there are none).
    /// Nothing is played from a solved or unsolvable position.
    fn trivial_steps(&mut self, rules: &[u32], max_moves: usize, budget: u32) -> Result<Vec<MoveCode>, Status>;
    /// The budget units the last [`AnySession::trivial_steps`] spent.
    fn trivial_work(&self) -> u32;
    /// The cells of the last finished check's mistakes ([`BoardCheck::mistakes`]).
    fn check_cells(&self) -> &[u16];
    /// Uses precomputed `tables` from now on (the hinter is rebuilt at the next hint), or says why not.
    fn set_tables(&mut self, tables: &Tables) -> Result<(), String>;
    /// Sets one of the family's options ([`Family::OPTIONS`]), or says why not.
    fn set_option(&mut self, key: &str, value: &str) -> Result<(), String>;
    /// Lets a hint search expand at most `limit` nodes (over all the frames it takes) before it reports
    /// `OutOfNodes` ([`DEFAULT_NODE_LIMIT`] until set; `u64::MAX` for none); a search in progress starts
    /// again under the new limit.
    fn set_node_limit(&mut self, limit: u64);
    /// The node limit of hint searches in force.
    fn node_limit(&self) -> u64;
    /// Lets each hint, check and trivial-steps search reserve at most `bytes` (`usize::MAX`, the
    /// default, for no limit): a family sizes its search to fit where it can
    /// ([`Family::recommended_solver_within`]); the next such call reports `OutOfMemory` where it cannot.
    /// Searches made before start again under the limit.
    fn set_memory_limit(&mut self, bytes: usize);
    /// A solver for the current state, with its memory reserved for `node_cap` nodes, or how many bytes
    /// could not be reserved. Its node limit is [`DEFAULT_NODE_LIMIT`] until set
    /// ([`AnySolver::set_node_limit`]).
    fn solver(&self, algorithm: Algorithm, node_cap: usize) -> Result<Box<dyn AnySolver>, OutOfMemory>;
    /// The family's solver for a designer's whole solve of the current state ([`Family::designer_solver`]:
    /// it may allocate as it goes and is not for per-frame calls), its node limit as [`AnySession::solver`]'s.
    fn designer_solver(&self) -> Result<Box<dyn AnySolver>, OutOfMemory>;
    /// The bytes [`AnySession::solver`] reserves for a generic `algorithm` and `node_cap` (0 for
    /// [`Algorithm::Exact`], whose memory is the family's).
    fn solver_bytes(&self, algorithm: Algorithm, node_cap: usize) -> usize;
    /// Counts the solutions from the current position, for families that count them.
    fn count_solutions(&self, limit: u64) -> Option<SolutionCount>;
    /// The first `limit` solutions from the current position, as descriptions of the solved positions,
    /// for families that show them ([`Family::solutions`]; empty for the others).
    fn solutions(&self, limit: usize) -> Vec<String>;
    /// The analysis of the current position's cluster, the farthest states as descriptions, for families
    /// that offer one (see [`Family::cluster`]).
    fn cluster(&self, node_cap: usize, farthest: usize) -> Option<Result<Cluster<String>, Status>>;
    /// The bytes [`AnySession::cluster`] reserves for `node_cap` states.
    fn cluster_bytes(&self, node_cap: usize) -> usize;
    /// The rule solver's deduction from the current position, for families that have one.
    fn deduce(&self) -> Option<Deduction>;
    /// A genetic-algorithm or annealing run from the current position, for families that have one.
    fn evolve(&self, how: Evolution) -> Result<Box<dyn AnyGa>, String>;
    /// The solution the session knows from the start (from a pack or a generator), as moves.
    fn stored_solution(&self) -> Vec<MoveCode>;
    /// Whether the position is the puzzle's start (no move played, or every one undone).
    fn at_start(&self) -> bool;
    /// The family's recommended node budget per frame ([`Family::FRAME_BUDGET`]).
    fn frame_budget(&self) -> u32;
    /// A session for a pack entry of the same kind as this puzzle (`desc` read by
    /// [`Family::parse_like`], the stored solution checked as [`load`] checks it).
    fn like(&self, desc: &str, solution: Stored<'_>, rated_by_length: bool) -> Loaded;
    /// The same puzzle at its start, as a new session.
    fn fresh(&self) -> Box<dyn AnySession>;
    /// A generator of puzzles like this one from its current position, for a kind the registry does
    /// not hold (a game's own puzzle, made by the [`GeneratorLike`] its session was made with).
    fn generator_like(&self, params: &str, seed: u64) -> Option<MadeGenerator>;
    /// Takes back the last move played: the position before it is the current one again, and [`redo`]
    /// can play the move again. False when the history holds no move. Drops the last hint, as a move
    /// does. Allocates nothing.
    ///
    /// [`redo`]: AnySession::redo
    fn undo(&mut self) -> bool;
    /// Plays again the last move undone; false when there is none (playing a move forgets them).
    /// Allocates nothing once the history is reserved ([`AnySession::reserve_history`]).
    fn redo(&mut self) -> bool;
    /// How many moves the history holds: those played, and those undone that redo can play.
    fn history_len(&self) -> (usize, usize);
    /// Move `index` of the history: the moves played, oldest first, then the moves undone, in the order
    /// redo plays them.
    fn history_move(&self, index: usize) -> Option<MoveCode>;
    /// Reserves room for `moves` moves of history, so that playing, undoing, redoing and copying
    /// ([`AnySession::copy_from`]) that many allocate nothing.
    fn reserve_history(&mut self, moves: usize) -> Result<(), OutOfMemory>;
    /// The description of the position the history starts from: the start, unless the player has made
    /// more than [`MAX_HISTORY`] moves (then the position the oldest move kept was played from).
    fn describe_history_start(&self) -> String;
    /// A copy of the game: the same puzzle with its options, node limit and stored solution, the same
    /// position and history with every piece where it is. No hint is carried over: the copy's first hint
    /// reads the stored solution or searches again.
    fn duplicate(&self) -> Result<Box<dyn AnySession>, OutOfMemory>;
    /// Takes the position and history of `other`, a game of the same level (same family and level
    /// fingerprint at the start), keeping this session's options and hinter; the last hint is dropped.
    /// Allocates nothing when this session's history has room ([`AnySession::reserve_history`]).
    fn copy_from(&mut self, other: &dyn AnySession) -> Result<(), String>;
    /// The session as [`Any`], so that [`AnySession::copy_from`] can read another of the same family.
    fn as_any(&self) -> &dyn Any;
    /// Takes the failure of the puzzle's definition, if one happened ([`Family::failure`]), and re-arms
    /// it, so that the next call may try again.
    fn take_failure(&self) -> Option<crate::family::Broken>;
    /// After a call that `played` moves into the history before it began and during which the puzzle's
    /// definition failed: back to that position (the moves played since are forgotten), the searches in
    /// progress forgotten (they may have read a failed callback's answer), the failure taken and
    /// returned. `None`, and nothing changed, when nothing failed.
    fn recover(&mut self, played: usize) -> Option<crate::family::Broken>;
}

impl<F: Family> AnySession for Session<F> {
    fn family(&self) -> &'static str {
        F::NAME
    }

    fn describe(&self) -> String {
        self.puzzle.with_start(self.state).describe()
    }

    fn describe_position(&self) -> String {
        self.puzzle.with_start(self.puzzle.canonical(&self.state)).describe()
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

    fn legal_moves(&self) -> Vec<MoveCode> {
        let mut out = Vec::new();
        self.puzzle.successors(&self.state, |mv, _, _| out.push(self.puzzle.encode_move(&mv)));
        out
    }

    fn move_token(&self, code: &MoveCode) -> Option<String> {
        let mv = self.puzzle.decode_move(&self.state, code)?;
        self.puzzle.apply(&self.state, &mv).map(|_| self.puzzle.move_token(&mv))
    }

    fn move_text(&self, code: &MoveCode) -> Option<String> {
        let mv = self.puzzle.decode_move(&self.state, code)?;
        self.puzzle.apply(&self.state, &mv).map(|_| self.puzzle.move_text(&mv))
    }

    fn piece_name(&self, piece: u32) -> Option<crate::family::PieceName> {
        self.puzzle.piece_name(piece)
    }

    fn apply(&mut self, code: &MoveCode) -> Result<(), String> {
        let mv = self.puzzle.decode_move(&self.state, code);
        match mv.and_then(|mv| Some((mv, self.puzzle.play(&self.state, &mv)?))) {
            Some((mv, next)) => {
                self.record(mv, next);
                Ok(())
            }
            None => Err(self.puzzle.illegal_move(&self.state, code)),
        }
    }

    fn illegal_move(&self, code: &MoveCode) -> String {
        self.puzzle.illegal_move(&self.state, code)
    }

    fn is_solved(&self) -> bool {
        self.puzzle.is_goal(&self.state)
    }

    fn heuristic(&self) -> u32 {
        self.puzzle.heuristic(&self.state)
    }

    fn heuristic_is_admissible(&self) -> bool {
        self.puzzle.heuristic_is_admissible()
    }

    fn prove_plan(&mut self, budget: u32) -> Result<bool, Status> {
        if self.stored.is_empty() {
            return Err(Status::NotFound(Shortfall::NoPlan));
        }
        if self.stored_optimal {
            return Ok(true);
        }
        self.make_hinter()?;
        let (puzzle, hinter) = (&self.puzzle, self.hinter.as_mut().ok_or(Status::OutOfMemory)?);
        let proven = hinter.prove(puzzle, budget)?;
        // Kept for a hinter made again (a new option or node limit) when the stored solution is as short.
        self.stored_optimal = proven && hinter.proven_length(&puzzle.start()) == Some(self.stored.len());
        Ok(proven)
    }

    fn next_hint(&mut self, budget: u32) -> Result<SessionHint, Status> {
        self.make_hinter()?;
        let puzzle = &self.puzzle;
        let hinter = self.hinter.as_mut().ok_or(Status::OutOfMemory)?;
        let searched = puzzle.canonical(&self.state);
        let hint = hinter.next_hint(puzzle, &searched, budget)?;
        // An optimal plan tells the distance of every position on it: a check then need not search them.
        if hint.optimal && self.distances.get(&searched) != Some(hint.moves_left) {
            if let Some(path) = hinter.plan_ahead(&searched) {
                self.distances.learn(searched, path);
            }
        }
        let mv = puzzle.relabel(&hint.mv, &searched, &self.state);
        self.cells.clear();
        let reason = puzzle.explain(&self.state, &mv, hint.optimal, &mut self.cells);
        self.last = Some((self.state, mv, reason));
        Ok(SessionHint { mv: puzzle.encode_move(&mv), moves_left: hint.moves_left, optimal: hint.optimal, reason })
    }

    fn partial_hint(&mut self) -> Result<SessionHint, Status> {
        let puzzle = &self.puzzle;
        let searched = puzzle.canonical(&self.state);
        let none = Status::NotFound(crate::status::Shortfall::NoCloser);
        let hint = self.hinter.as_mut().and_then(|h| h.closest_hint(puzzle, &searched)).ok_or(none)?;
        let mv = puzzle.relabel(&hint.mv, &searched, &self.state);
        self.cells.clear();
        puzzle.explain(&self.state, &mv, false, &mut self.cells);
        self.last = Some((self.state, mv, PARTIAL));
        Ok(SessionHint { mv: puzzle.encode_move(&mv), moves_left: hint.moves_left, optimal: false, reason: PARTIAL })
    }

    fn hint_cells(&self) -> Option<&[u16]> {
        self.last.map(|_| &self.cells[..])
    }

    fn hint_text(&self) -> Option<String> {
        self.last.map(|(state, mv, reason)| match reason {
            PARTIAL => format!(
                "{}: toward the position closest to the goal that the search reached (no solution found yet){}",
                self.puzzle.move_text(&mv),
                self.puzzle.partial_promise()
            ),
            _ => self.puzzle.hint_text(&state, &mv, reason),
        })
    }

    fn lost_text(&self) -> Option<String> {
        self.puzzle.lost_text(&self.state)
    }

    fn hint_tier_cells(&mut self, tier: Tier) -> Option<&[u16]> {
        let (at, mv, _) = self.last?;
        if at != self.state {
            return None;
        }
        if matches!(tier, Tier::Move | Tier::Plan) {
            return Some(&self.cells);
        }
        let mut piece = HintCells::new();
        self.puzzle.hint_piece(&self.state, &mv, &mut piece);
        self.tier_cells.clear();
        if tier == Tier::Region {
            self.read_ahead(REGION_LOOKAHEAD);
            self.puzzle.hint_region(&self.state, &self.ahead, &mut self.tier_cells);
        }
        // Where to look holds what to move, whatever a family's region says.
        piece.iter().for_each(|&c| add_cell(&mut self.tier_cells, c));
        Some(&self.tier_cells)
    }

    fn hint_tier_text(&mut self, tier: Tier, moves: usize) -> Option<String> {
        let (at, mv, _) = self.last?;
        if at != self.state {
            return None;
        }
        match tier {
            Tier::Region => {
                self.read_ahead(REGION_LOOKAHEAD);
                Some(self.puzzle.hint_region_text(&self.state, &self.ahead))
            }
            Tier::Piece => Some(self.puzzle.hint_piece_text(&self.state, &mv)),
            Tier::Move => self.hint_text(),
            Tier::Plan => {
                self.read_ahead(moves.max(1));
                let steps: Vec<String> = self.ahead.iter().map(|(m, _)| self.puzzle.move_text(m)).collect();
                let count = steps.len();
                Some(format!(
                    "the next {}: {}",
                    if count == 1 { String::from("move") } else { format!("{count} moves") },
                    steps.join("; ")
                ))
            }
        }
    }

    fn hint_plan(&mut self, max: usize) -> Option<&[MoveCode]> {
        if !self.read_ahead(max) {
            return None;
        }
        self.plan_codes.clear();
        let Session { puzzle, ahead, plan_codes, .. } = self;
        plan_codes.extend(ahead.iter().map(|(m, _)| puzzle.encode_move(m)));
        Some(&self.plan_codes)
    }

    fn check_board(&mut self, budget: u32) -> Result<BoardCheck, Status> {
        self.check_work = 0;
        let checks_here = self.checker.as_ref().is_some_and(|c| c.checks(&self.history, &self.state));
        if !checks_here {
            let solver = self.search_solver()?;
            let mut path = Vec::new();
            path.try_reserve_exact(self.history.len() + 1).map_err(|_| Status::OutOfMemory)?;
            path.extend_from_slice(&self.history);
            path.push(self.state);
            self.checker = Some(Checker::new(&self.puzzle, solver, path));
        }
        let checker = self.checker.as_mut().ok_or(Status::OutOfMemory)?;
        let (answer, work) = checker.step(&self.puzzle, budget, &mut self.distances);
        self.check_work = work;
        if let Ok(check) = &answer {
            self.mistakes.clone_from(&check.mistakes);
        }
        answer
    }

    fn check_cells(&self) -> &[u16] {
        &self.mistakes
    }

    fn check_work(&self) -> u32 {
        self.check_work
    }

    fn trivial_steps(&mut self, rules: &[u32], max_moves: usize, budget: u32) -> Result<Vec<MoveCode>, Status> {
        self.trivial_work = 0;
        if !self.trivial.as_ref().is_some_and(|t| t.runs(&self.state, rules, max_moves)) {
            let solver = self.search_solver()?;
            self.trivial = Some(Trivial::new(&self.puzzle, solver, self.state, rules, max_moves));
        }
        let run = self.trivial.as_mut().ok_or(Status::OutOfMemory)?;
        let (answer, work) = run.step(&self.puzzle, budget);
        self.trivial_work = work;
        if answer != Err(Status::InProgress) {
            self.trivial = None;
        }
        let mut played = Vec::new();
        for mv in answer? {
            let code = self.puzzle.encode_move(&mv);
            if self.apply(&code).is_err() {
                break;
            }
            played.push(code);
        }
        Ok(played)
    }

    fn trivial_work(&self) -> u32 {
        self.trivial_work
    }

    fn hint_nodes(&self) -> u64 {
        self.hinter.as_ref().map_or(0, |h| h.stats().expanded)
    }

    fn hint_work(&self) -> u32 {
        self.hinter.as_ref().map_or(0, |h| h.last_work())
    }

    fn set_tables(&mut self, tables: &Tables) -> Result<(), String> {
        self.puzzle = self.puzzle.with_tables(tables)?;
        self.hinter = None;
        self.distances.clear();
        Ok(())
    }

    fn set_option(&mut self, key: &str, value: &str) -> Result<(), String> {
        self.puzzle = self.puzzle.with_option(key, value)?;
        self.hinter = None;
        self.distances.clear();
        Ok(())
    }

    fn set_node_limit(&mut self, limit: u64) {
        self.node_limit = limit;
        self.hinter = None;
    }

    fn node_limit(&self) -> u64 {
        self.node_limit
    }

    fn set_memory_limit(&mut self, bytes: usize) {
        self.memory_limit = bytes;
        (self.hinter, self.checker, self.trivial) = (None, None, None);
    }

    fn solver(&self, algorithm: Algorithm, node_cap: usize) -> Result<Box<dyn AnySolver>, OutOfMemory> {
        let puzzle = self.puzzle.with_start(self.state);
        let solver = match algorithm {
            Algorithm::Exact => puzzle.recommended_solver()?,
            other => Solver::new(other, node_cap)?,
        };
        Ok(session_solver(puzzle, solver))
    }

    fn designer_solver(&self) -> Result<Box<dyn AnySolver>, OutOfMemory> {
        let puzzle = self.puzzle.with_start(self.state);
        let solver = puzzle.designer_solver()?;
        Ok(session_solver(puzzle, solver))
    }

    fn solver_bytes(&self, algorithm: Algorithm, node_cap: usize) -> usize {
        match algorithm {
            Algorithm::Exact => 0,
            other => Solver::<F>::bytes_for(other, node_cap),
        }
    }

    fn count_solutions(&self, limit: u64) -> Option<SolutionCount> {
        self.puzzle.with_start(self.state).count_solutions(limit)
    }

    fn solutions(&self, limit: usize) -> Vec<String> {
        let here = self.puzzle.with_start(self.state);
        here.solutions(limit).into_iter().map(|solved| self.puzzle.with_start(solved).describe()).collect()
    }

    fn deduce(&self) -> Option<Deduction> {
        self.puzzle.with_start(self.state).deduce()
    }

    fn cluster_bytes(&self, node_cap: usize) -> usize {
        crate::search::cluster::ClusterSearch::<F>::bytes_for(node_cap)
    }

    fn cluster(&self, node_cap: usize, farthest: usize) -> Option<Result<Cluster<String>, Status>> {
        let puzzle = self.puzzle.with_start(self.state);
        let described = |c: Cluster<F::State>| Cluster {
            farthest: c.farthest.iter().map(|s| puzzle.with_start(*s).describe()).collect(),
            states: c.states,
            goal_states: c.goal_states,
            histogram: c.histogram,
            start_distance: c.start_distance,
            expanded: c.expanded,
            bytes: c.bytes,
        };
        puzzle.cluster(node_cap, farthest).map(|r| r.map(described))
    }

    fn evolve(&self, how: Evolution) -> Result<Box<dyn AnyGa>, String> {
        self.puzzle.with_start(self.state).evolve(how)
    }

    fn stored_solution(&self) -> Vec<MoveCode> {
        self.stored.iter().map(|(mv, _)| self.puzzle.encode_move(mv)).collect()
    }

    fn at_start(&self) -> bool {
        self.state == self.puzzle.shown_start()
    }

    fn frame_budget(&self) -> u32 {
        F::FRAME_BUDGET
    }

    fn like(&self, desc: &str, solution: Stored<'_>, rated_by_length: bool) -> Loaded {
        let puzzle = self.puzzle.parse_like(desc).map_err(LoadError::Parse)?;
        stored(Session { like: self.like, ..Session::new(puzzle) }, solution, rated_by_length)
    }

    fn fresh(&self) -> Box<dyn AnySession> {
        Box::new(Session { like: self.like, ..Session::new(self.puzzle.clone()) })
    }

    fn generator_like(&self, params: &str, seed: u64) -> Option<MadeGenerator> {
        self.like.map(|like| like(&self.puzzle, &self.state, params, seed))
    }

    fn undo(&mut self) -> bool {
        let (Some(before), Some(mv)) = (self.history.pop(), self.played.pop()) else { return false };
        // Room for the move is kept beside the history's, so that undo allocates nothing.
        if self.undone.len() < self.undone.capacity() || self.undone.try_reserve(1).is_ok() {
            self.undone.push(mv);
        }
        self.state = before;
        self.forget_hint();
        true
    }

    fn redo(&mut self) -> bool {
        let Some(mv) = self.undone.pop() else { return false };
        let Some(next) = self.puzzle.play(&self.state, &mv) else { return false };
        let undone = core::mem::take(&mut self.undone);
        self.record(mv, next);
        self.undone = undone;
        true
    }

    fn history_len(&self) -> (usize, usize) {
        (self.played.len(), self.undone.len())
    }

    fn history_move(&self, index: usize) -> Option<MoveCode> {
        let mv = match index.checked_sub(self.played.len()) {
            None => self.played.get(index),
            Some(i) => self.undone.len().checked_sub(i + 1).and_then(|j| self.undone.get(j)),
        };
        mv.map(|mv| self.puzzle.encode_move(mv))
    }

    fn reserve_history(&mut self, moves: usize) -> Result<(), OutOfMemory> {
        let moves = moves.min(MAX_HISTORY);
        let room = |v: usize, size: usize| OutOfMemory { bytes: v.saturating_mul(size) };
        let state = core::mem::size_of::<F::State>();
        let mv = core::mem::size_of::<F::Move>();
        self.history.try_reserve(moves.saturating_sub(self.history.len())).map_err(|_| room(moves, state))?;
        self.played.try_reserve(moves.saturating_sub(self.played.len())).map_err(|_| room(moves, mv))?;
        self.undone.try_reserve(moves.saturating_sub(self.undone.len())).map_err(|_| room(moves, mv))
    }

    fn describe_history_start(&self) -> String {
        self.puzzle.with_start(self.history_start()).describe()
    }

    fn duplicate(&self) -> Result<Box<dyn AnySession>, OutOfMemory> {
        let mut copy = Session {
            stored_optimal: self.stored_optimal,
            node_limit: self.node_limit,
            memory_limit: self.memory_limit,
            like: self.like,
            ..Session::new(self.puzzle.clone())
        };
        let bytes = (self.history.len() + self.stored.len()) * core::mem::size_of::<(F::Move, F::State)>();
        copy.stored.try_reserve_exact(self.stored.len()).map_err(|_| OutOfMemory { bytes })?;
        copy.stored.extend_from_slice(&self.stored);
        copy.reserve_history(self.played.len().max(self.undone.len()))?;
        copy.take_history_of(self);
        Ok(Box::new(copy))
    }

    fn copy_from(&mut self, other: &dyn AnySession) -> Result<(), String> {
        let other = other.as_any().downcast_ref::<Session<F>>().filter(|o| self.same_level(o));
        let other = other.ok_or_else(|| String::from("the two puzzles are not the same level"))?;
        let needed = other.played.len().max(other.undone.len());
        self.reserve_history(needed).map_err(|e| format!("no memory for {needed} moves of history ({e})"))?;
        self.take_history_of(other);
        Ok(())
    }

    fn as_any(&self) -> &dyn Any {
        self
    }

    fn take_failure(&self) -> Option<crate::family::Broken> {
        let broken = self.puzzle.failure()?;
        self.puzzle.clear_failure();
        Some(broken)
    }

    fn recover(&mut self, played: usize) -> Option<crate::family::Broken> {
        let broken = self.take_failure()?;
        while self.played.len() > played && self.undo() {}
        self.undone.clear();
        self.forget_hint();
        self.hinter = None;
        self.checker = None;
        self.trivial = None;
        self.distances.clear();
        Some(broken)
    }
}

impl<F: Family> Session<F> {
    /// Whether `other` plays the same level (the same family and start position).
    fn same_level(&self, other: &Session<F>) -> bool {
        let at_start = |s: &Session<F>| s.puzzle.with_start(s.puzzle.shown_start()).fingerprint();
        at_start(self) == at_start(other)
    }

    /// Takes `other`'s position and history into this session's own buffers (reserved by the caller).
    fn take_history_of(&mut self, other: &Session<F>) {
        self.history.clone_from(&other.history);
        self.played.clone_from(&other.played);
        self.undone.clone_from(&other.undone);
        self.state = other.state;
        self.forget_hint();
    }
}

/// A stepped solver of any family, owning its copy of the puzzle.
pub trait AnySolver: Send {
    /// Expands at most `budget` nodes (allocates nothing).
    fn step(&mut self, budget: u32) -> Step;
    /// Where the search stands.
    fn status(&self) -> Status;
    /// The algorithm it runs.
    fn algorithm(&self) -> Algorithm;
    /// Whether the solution found is the shortest (the algorithm is optimal and the run proved it).
    fn solution_is_optimal(&self) -> bool;
    /// Counters of the run.
    fn stats(&self) -> Stats;
    /// The solution's moves once the status is [`Status::Found`] (empty before).
    fn moves(&mut self) -> &[MoveCode];
    /// The solution's moves as the family's tokens (empty before it is found).
    fn move_tokens(&mut self) -> Vec<String>;
    /// Ends a run with `OutOfNodes` once it has expanded `limit` nodes in all (replacing the limit the
    /// solver was made with: [`DEFAULT_NODE_LIMIT`], or a family's own lower one; `u64::MAX` for none).
    fn set_node_limit(&mut self, limit: u64);
    /// The node limit of a run in force.
    fn node_limit(&self) -> u64;
    /// Why the puzzle's definition failed during the run, if it did ([`Family::failure`]). The run keeps
    /// the failure (its search cannot be trusted after it) and the definition is re-armed, so that the
    /// puzzle the solver was made from may go on.
    fn failure(&mut self) -> Option<crate::family::Broken>;
    /// The phase of a search made of several that answered (or is running), as
    /// [`crate::search::Search::phase`] names it; `None` for a single search.
    fn phase(&self) -> Option<&'static str>;
}

/// `solver` started from `puzzle`'s start, with the default node limit, as a session hands it out.
fn session_solver<F: Family>(puzzle: F, solver: Solver<F>) -> Box<dyn AnySolver> {
    let mut solver = solver.with_expansion_limit(DEFAULT_NODE_LIMIT);
    solver.restart(&puzzle, puzzle.start());
    Box::new(SessionSolver { puzzle, solver, path: Vec::new(), moves: Vec::new(), moves_ready: false, broken: None })
}

/// A solver run from a player's position (the puzzle's start, as [`Family::with_start`] keeps it).
struct SessionSolver<F: Family> {
    puzzle: F,
    solver: Solver<F>,
    /// The solution as the player plays it, once found.
    path: Vec<(F::Move, F::State)>,
    moves: Vec<MoveCode>,
    moves_ready: bool,
    /// The failure of the puzzle's definition the run met, kept ([`AnySolver::failure`]).
    broken: Option<crate::family::Broken>,
}

impl<F: Family> SessionSolver<F> {
    fn read_path(&mut self) {
        if !self.moves_ready && self.solver.status() == Status::Found {
            let puzzle = &self.puzzle;
            self.solver.write_path(&mut self.path);
            self.path = translate(puzzle, &self.path, puzzle.start(), puzzle.shown_start(), |s, mv| puzzle.play(s, mv));
            self.moves = self.path.iter().map(|(m, _)| self.puzzle.encode_move(m)).collect();
            self.moves_ready = true;
        }
    }
}

impl<F: Family> AnySolver for SessionSolver<F> {
    fn step(&mut self, budget: u32) -> Step {
        self.solver.step(&self.puzzle, budget)
    }

    fn status(&self) -> Status {
        self.solver.status()
    }

    fn algorithm(&self) -> Algorithm {
        self.solver.algorithm()
    }

    fn solution_is_optimal(&self) -> bool {
        self.solver.solution_is_optimal()
    }

    fn phase(&self) -> Option<&'static str> {
        crate::search::Search::phase(&self.solver)
    }

    fn stats(&self) -> Stats {
        self.solver.stats()
    }

    fn moves(&mut self) -> &[MoveCode] {
        self.read_path();
        &self.moves
    }

    fn move_tokens(&mut self) -> Vec<String> {
        self.read_path();
        self.path.iter().map(|(m, _)| self.puzzle.move_token(m)).collect()
    }

    fn set_node_limit(&mut self, limit: u64) {
        self.solver.set_expansion_limit(limit);
    }

    fn node_limit(&self) -> u64 {
        self.solver.expansion_limit()
    }

    fn failure(&mut self) -> Option<crate::family::Broken> {
        if self.broken.is_none() {
            self.broken = self.puzzle.failure();
            self.puzzle.clear_failure();
        }
        self.broken.clone()
    }
}

/// `path` (moves from `from`, each with the state after it) as the same moves from `to`, the same
/// position with interchangeable pieces possibly under other indices ([`Family::relabel`]), each played
/// by `step`: a search's path made the player's (`step` [`Family::play`]) or the reverse
/// ([`crate::search::Puzzle::apply`]). It stops at a move `step` refuses.
fn translate<F: Family>(
    puzzle: &F,
    path: &[(F::Move, F::State)],
    mut from: F::State,
    mut to: F::State,
    step: impl Fn(&F::State, &F::Move) -> Option<F::State>,
) -> Vec<(F::Move, F::State)> {
    path.iter()
        .map_while(|(mv, after)| {
            let moved = puzzle.relabel(mv, &from, &to);
            to = step(&to, &moved)?;
            from = *after;
            Some((moved, to))
        })
        .collect()
}

/// Parses a description of family `F` into a session at its start.
pub fn parse<F: Family>(desc: &str) -> Result<Box<dyn AnySession>, ParseError> {
    Ok(Box::new(Session::new(F::parse(desc)?)))
}

/// A pack entry's stored solution with the entry's rating.
pub type Stored<'a> = Option<(&'a [MoveCode], u32)>;

/// A session for a pack entry, or why not.
pub type Loaded = Result<Box<dyn AnySession>, LoadError>;

/// Why a pack entry could not become a session.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LoadError {
    /// The description does not parse.
    Parse(ParseError),
    /// The stored solution is wrong (illegal, short of the goal, or shorter than the rating allows).
    Solution(String),
}

/// A session of family `F` for a pack entry (`desc`, and its stored solution with the entry's rating):
/// hints follow the solution without searching (without claiming it optimal: a checksum cannot vouch
/// for that). Refused when the solution does not replay to the goal, or, for a family rated by optimal
/// length, is shorter than the rating (one of the two is wrong).
pub fn load<F: Generate>(desc: &str, solution: Stored<'_>) -> Loaded {
    stored(Session::new(F::parse(desc).map_err(LoadError::Parse)?), solution, F::RATED_BY_LENGTH)
}

/// `session` (at its start) with its stored solution, checked as [`load`] says.
fn stored<F: Family>(session: Session<F>, solution: Stored<'_>, rated_by_length: bool) -> Loaded {
    Ok(Box::new(match solution {
        Some((moves, rating)) if rated_by_length && (moves.len() as u64) < rating as u64 => {
            return Err(LoadError::Solution(format!(
                "the stored solution has {} but the rating says no solution is shorter than {rating}",
                crate::generate::counted(moves.len() as u32, "moves")
            )))
        }
        Some((moves, _)) => session.with_stored(moves, false).map_err(LoadError::Solution)?,
        None => session,
    }))
}

/// A generated puzzle as a session, with its rating and the facts its drawing established.
pub struct GeneratedSession {
    /// The session (its hints follow the rater's optimal solution).
    pub session: Box<dyn AnySession>,
    /// The exact rating.
    pub rating: u32,
    /// Exact facts beyond the rating (for blocks: cluster size, solved states, farthest distance).
    pub facts: Vec<Fact>,
    /// Candidates drawn (and most of them rated) since the puzzle handed out before.
    pub candidates: u64,
}

/// A stepped generator of any family, handing out sessions.
pub trait AnyGenerator: Send {
    /// Spends at most `budget` node expansions: a puzzle in the band and its rating (its hints follow the
    /// rater's optimal solution), or the status of the run (`InProgress` to step again).
    fn step(&mut self, budget: u32) -> Result<GeneratedSession, Status>;
    /// Why a run that ended on `status` gave no puzzle, in words.
    fn reason(&self, status: Status) -> String;
    /// Replaces the run's limits.
    fn set_limits(&mut self, limits: Limits);
    /// Gives `tables` to every candidate from now on, or says why they do not serve.
    fn set_tables(&mut self, tables: Tables) -> Result<(), String>;
    /// What the rating counts (`moves`, `presses`, `nodes`).
    fn rating_unit(&self) -> &'static str;
    /// Why the puzzles' own definition failed during the run, if it did ([`Family::failure`]); kept by
    /// the run, as [`AnySolver::failure`] keeps it.
    fn failure(&mut self) -> Option<crate::family::Broken>;
    /// The budget units the last [`AnyGenerator::step`] spent.
    fn last_work(&self) -> u32;

    /// Steps by `budget` until a puzzle is ready or the run ends (blocking: tools, not frames).
    fn next(&mut self, budget: u32) -> Result<GeneratedSession, Status> {
        loop {
            match self.step(budget) {
                Err(Status::InProgress) => continue,
                other => return other,
            }
        }
    }
}

impl<F: Generate> AnyGenerator for Generator<F> {
    fn step(&mut self, budget: u32) -> Result<GeneratedSession, Status> {
        let g = Generator::step(self, budget)?;
        // The rater is exact, so its solution is optimal.
        let session = Box::new(Session::with_moves(g.puzzle, &g.solution, true));
        Ok(GeneratedSession { session, rating: g.rating, facts: g.facts, candidates: g.candidates })
    }

    fn reason(&self, status: Status) -> String {
        Generator::reason(self, status)
    }

    fn set_limits(&mut self, limits: Limits) {
        Generator::set_limits(self, limits);
    }

    fn set_tables(&mut self, tables: Tables) -> Result<(), String> {
        Generator::set_tables(self, tables)
    }

    fn rating_unit(&self) -> &'static str {
        F::RATING_UNIT
    }

    fn failure(&mut self) -> Option<crate::family::Broken> {
        Generator::failure(self)
    }

    fn last_work(&self) -> u32 {
        Generator::last_work(self)
    }
}

/// A generator of any family, or why it could not be made.
pub type MadeGenerator = Result<Box<dyn AnyGenerator>, String>;

/// A generator of family `F` for a parameter text (`preset=hard`, `size=4x4,min=20,max=30`), or why not.
pub fn generator<F: Generate>(params: &str, seed: u64) -> MadeGenerator {
    Ok(Box::new(Generator::<F>::from_text(params, seed)?))
}
