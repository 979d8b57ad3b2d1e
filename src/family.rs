//! The uniform interface every puzzle family implements on top of [`Puzzle`]: text descriptions,
//! drawing, move names, explained hints, the solver that suits it, and the optional abilities some
//! families have (tables, play options, counting solutions, the genetic algorithm). The registry, the
//! CLI and the C ABI are written against this trait (and [`crate::generate::Generate`]) only.

use crate::ga::{AnyGa, Evolution};
use crate::memory::OutOfMemory;
pub use crate::moves::MoveCode;
use crate::params::{Spec, Variant};
use crate::search::cluster::Cluster;
use crate::search::{Puzzle, Search, Solver, Status};
use crate::tables::{TableKind, Tables};
use crate::text::ParseError;
use alloc::boxed::Box;
use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

/// Why a hint is the move it is: a code the family defines (distinct within the family), with a stable
/// name and a line of documentation, so that a game can pick its own words or art for each.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Reason {
    /// The code a hint carries.
    pub code: u32,
    /// A stable lower-case name (`optimal_step`, `take_off`).
    pub name: &'static str,
    /// What it means.
    pub doc: &'static str,
}

/// The reason code of a partial hint ([`crate::session::AnySession::partial_hint`]): the first move toward
/// the position closest to a goal that a search which ran out of nodes reached — no family uses it.
pub const PARTIAL: u32 = u32::MAX;

/// Most cells a hint can concern.
pub const MAX_HINT_CELLS: usize = 256;

/// The cells a hint concerns, as row-major indices of the grid [`Family::board_size`] describes (for
/// highlighting in a game's UI). Fixed capacity: explaining a hint allocates nothing.
///
/// cbindgen:ignore
pub type HintCells = heapless::Vec<u16, MAX_HINT_CELLS>;

/// The moves ahead that a hint's tier 1 ("where to look") looks over by default.
pub const REGION_MOVES: usize = 3;

/// The tiers of a hint, from the vaguest to the whole answer, all read off the plan the hint came from
/// (so that they never contradict one another), as Professor Layton's hint coins.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tier {
    /// Where to look: the region or set of pieces that matters now, without the move.
    Region = 1,
    /// What to move: the piece, number or jug, without the direction or amount.
    Piece = 2,
    /// The move itself, with its reason (the hint as [`Family::explain`] and [`Family::hint_text`] give it).
    Move = 3,
    /// The plan: the next moves (a "super hint").
    Plan = 4,
}

impl Tier {
    /// The tier numbered `n` (1 to 4).
    pub fn of(n: u32) -> Option<Tier> {
        [Tier::Region, Tier::Piece, Tier::Move, Tier::Plan].get(usize::try_from(n).ok()?.checked_sub(1)?).copied()
    }
}

/// Adds `cell` to `cells` unless it is there (a full list keeps what it holds).
pub fn add_cell(cells: &mut HintCells, cell: u16) {
    if !cells.contains(&cell) {
        let _ = cells.push(cell);
    }
}

/// How many solutions a puzzle has, for families that count them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SolutionCount {
    /// Every solution (solutions that only swap identical pieces count once).
    pub all: u64,
    /// Solutions up to the board's symmetries.
    pub up_to_symmetry: u64,
    /// Search nodes spent.
    pub nodes: u64,
    /// Whether counting stopped at the limit: both counts are then lower bounds.
    pub capped: bool,
}

/// What a human-like rule solver did, step by step (for families solved by deduction, such as Linjat).
#[derive(Clone, Debug, PartialEq)]
pub struct Deduction {
    /// Each step: its rule's name, its count ("width") and the cells it fixed (row-major).
    pub steps: Vec<(&'static str, u32, Vec<u16>)>,
    /// Steps won per rule, every rule named (zero included), in the order the solver tries them.
    pub rules: Vec<(&'static str, u32)>,
    /// The widest step of each rule, in the same order.
    pub widest: Vec<(&'static str, u32)>,
    /// All steps.
    pub depth: u32,
    /// The widest step.
    pub max_width: u32,
    /// Whether the rules solved the puzzle.
    pub solved: bool,
    /// Scores derived from the profile (the family's own), by name.
    pub scores: Vec<(&'static str, f64)>,
}

/// Why a puzzle's definition failed while the engine used it ([`Family::failure`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Broken {
    /// What went wrong, in words.
    pub message: String,
    /// Whether the engine itself failed (a panic caught inside a function it handed to the game, such
    /// as `emit`: a bug to report) rather than the game's callback.
    pub internal: bool,
}

impl core::fmt::Display for Broken {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(&self.message)
    }
}

/// A piece as players name it: the sentence's words ("the X pentomino", "the red car", "truck C") and
/// the one character a drawing marks it with.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PieceName {
    /// The character drawings label the piece with.
    pub label: char,
    /// The piece's name in the family's sentences.
    pub name: String,
}

/// A puzzle family: one folder, one implementation of this trait, one registry line.
pub trait Family: Puzzle<State: Send, Move: Send> + Sized + Clone + core::fmt::Debug + Send + 'static {
    /// The family name, as the first field of its text description (`tiles`, `jugs`, …).
    const NAME: &'static str;

    /// One line saying what the puzzle is.
    const SUMMARY: &'static str;

    /// The reasons its hints give ([`Family::explain`]).
    const REASONS: &'static [Reason];

    /// Options a player or designer may set on a puzzle ([`Family::with_option`]), such as the heuristic
    /// of sliding tiles.
    const OPTIONS: &'static [Spec] = &[];

    /// Kinds of its puzzles known by their own name and notation (Rush Hour's `rush:` for sliding
    /// blocks): the registry finds the family by each notation too, and lists each as an entry of its own.
    const VARIANTS: &'static [Variant] = &[];

    /// The kinds of precomputed tables the family loads ([`Family::with_tables`]).
    const TABLES: &'static [TableKind] = &[];

    /// Whether the family deduces as a player does ([`Family::deduced_moves`] gives its rules' moves):
    /// its trivial steps are those deductions, not forced moves.
    const DEDUCES: bool = false;

    /// The node budget recommended for one per-frame call (a hint, a solver or generator step): what
    /// `lp bench frames` measured to keep every call of its presets well under 2 ms on a desktop core.
    const FRAME_BUDGET: u32 = 1000;

    /// Parses a one-line text description (`NAME:…`).
    fn parse(desc: &str) -> Result<Self, ParseError>;

    /// Prints the one-line text description; `parse(describe())` gives the same puzzle back.
    fn describe(&self) -> String;

    /// Parses a description of a puzzle of the same kind as this one: by default [`Family::parse`]; a
    /// game's own puzzle ([`crate::custom`]) reads it with its callbacks.
    fn parse_like(&self, desc: &str) -> Result<Self, ParseError> {
        Self::parse(desc)
    }

    /// The starting state, as the searches take it ([`Family::canonical`]).
    fn start(&self) -> Self::State;

    /// The starting state as the player has it: every piece at its place in the level as written, under
    /// its own index and name. It differs from [`Family::start`] only in the order of interchangeable
    /// pieces, for families whose searches keep them in a canonical order (sliding blocks); by default it
    /// is the start.
    fn shown_start(&self) -> Self::State {
        self.start()
    }

    /// The same puzzle, starting from `state` (for example the player's current position, which its
    /// description then prints with every piece under its own name).
    fn with_start(&self, state: Self::State) -> Self;

    /// The player's `state` as the searches keep it: the same position with interchangeable pieces in
    /// the canonical order, so that positions that differ only by swapping them are one state. The
    /// player's side keeps its own states (every piece under its index for the whole game) and hands
    /// searches this; by default a state is its own canonical form.
    fn canonical(&self, state: &Self::State) -> Self::State {
        *state
    }

    /// The player's `state` without their notes (Sudoku's pencil marks): what the rules and the
    /// solution read. A wrong note blocks nothing the rules would build on, so "solve the trivial steps"
    /// checks for mistakes here; "check my board" still names wrong notes. By default the state itself.
    fn without_notes(&self, state: &Self::State) -> Self::State {
        *state
    }

    /// Plays `mv` from the player's `state`, every piece keeping its index (where [`Puzzle::apply`], a
    /// search's step, may reorder interchangeable pieces); `None` when the move is illegal there.
    fn play(&self, state: &Self::State, mv: &Self::Move) -> Option<Self::State> {
        self.apply(state, mv)
    }

    /// The move `mv` of state `from`, as the same move of `to`: the same position, its interchangeable
    /// pieces possibly under other indices (a search's move made the player's, or the reverse). By
    /// default `mv` itself.
    fn relabel(&self, mv: &Self::Move, from: &Self::State, to: &Self::State) -> Self::Move {
        let _ = (from, to);
        *mv
    }

    /// A multi-line drawing of `state` for terminals and logs.
    fn render(&self, state: &Self::State) -> String;

    /// A compact, stable name for a move (used in JSON and move lists).
    fn move_token(&self, mv: &Self::Move) -> String;

    /// A sentence a player understands ("slide 7 left").
    fn move_text(&self, mv: &Self::Move) -> String;

    /// How the move sentences name piece `piece` (the index a [`MoveCode`] carries) and the character
    /// drawings label it with, so that a game's tray, legend or tooltip speaks as its hints do; `None`
    /// for a family whose moves name no piece, or for a piece the puzzle does not have.
    fn piece_name(&self, piece: u32) -> Option<PieceName> {
        let _ = piece;
        None
    }

    /// The solver hints and `lp solve` use for this puzzle, with its memory reserved: an optimal one
    /// wherever that is feasible (its [`Solver::algorithm`] says whether it is).
    fn recommended_solver(&self) -> Result<Solver<Self>, OutOfMemory>;

    /// The recommended solver reserving at most `bytes` for its search (a game's memory limit,
    /// `lp_puzzle_set_memory_limit`): by default the recommended one when it fits, else how many bytes it
    /// needs. A family whose search can work in less room sizes it to fit (Sokoban stores fewer
    /// positions: hints on large levels then come later, not proven shortest, or not at all).
    fn recommended_solver_within(&self, bytes: usize) -> Result<Solver<Self>, OutOfMemory> {
        let mut solver = self.recommended_solver()?;
        // Searches count what they reserved once started.
        solver.restart(self, self.start());
        match solver.stats().bytes_reserved {
            needed if needed > bytes => Err(OutOfMemory { bytes: needed }),
            _ => Ok(solver),
        }
    }

    /// The solver of a designer's whole solve (`lp solve` with no `--algo`): the recommended one by
    /// default. A family whose optimal search gives out on large puzzles may go on with searches that
    /// find a solution without proving it shortest ([`crate::search::Search::proven_optimal`] says
    /// which), with more room than a hint's.
    fn designer_solver(&self) -> Result<Solver<Self>, OutOfMemory> {
        self.recommended_solver()
    }

    /// A fingerprint shared by puzzles that are the same level up to the family's symmetries (a board
    /// turned or mirrored, identical jugs swapped), so that generated sets and packs can hold distinct
    /// levels. By default the hash of the description: puzzles are the same when they are described the
    /// same.
    fn fingerprint(&self) -> u64 {
        fingerprint_of(self.describe().as_bytes())
    }

    /// The same puzzle using precomputed `tables` (one of the family's [`Family::TABLES`]), or why not.
    fn with_tables(&self, tables: &Tables) -> Result<Self, String> {
        Err(format!("{} puzzles use no {} tables", Self::NAME, tables.kind().name))
    }

    /// The same puzzle with option `key` (one of [`Family::OPTIONS`]) set to `value`, or why not.
    fn with_option(&self, key: &str, value: &str) -> Result<Self, String> {
        let _ = value;
        Err(format!("{} puzzles take no option '{key}'", Self::NAME))
    }

    /// A move as plain numbers.
    fn encode_move(&self, mv: &Self::Move) -> MoveCode;

    /// The legal move from `state` that `code` names, or `None` when it names no legal move.
    fn decode_move(&self, state: &Self::State, code: &MoveCode) -> Option<Self::Move>;

    /// Why `code` is not a legal move from `state`, in the family's words, for a player or a game
    /// programmer ("slide 8 left is not a legal move here: tile 8 is not next to the blank"). By default
    /// the code's numbers.
    fn illegal_move(&self, state: &Self::State, code: &MoveCode) -> String {
        let _ = state;
        format!(
            "the move (piece {}, from {}, to {}, arg {}) is not a legal move here",
            code.piece, code.from, code.to, code.arg
        )
    }

    /// Width and height of the grid that [`Family::cell`] reads (for drawing the board).
    fn board_size(&self) -> (u32, u32);

    /// The value drawn at grid cell `index` (row-major) of `state`; what it means is family-specific
    /// (for tiles: the tile number, 0 for the blank).
    fn cell(&self, state: &Self::State, index: usize) -> i32;

    /// Why `mv` is the hint from `state`: writes the cells it concerns into `cells` and returns one of
    /// the family's [`Family::REASONS`]. `optimal` says whether the hint lies on a proven shortest
    /// solution. Allocates nothing (it runs with every hint).
    fn explain(&self, state: &Self::State, mv: &Self::Move, optimal: bool, cells: &mut HintCells) -> u32;

    /// The sentence of a hint with reason `reason` (from [`Family::explain`]): by default the move's text.
    fn hint_text(&self, state: &Self::State, mv: &Self::Move, reason: u32) -> String {
        let _ = (state, reason);
        self.move_text(mv)
    }

    /// Tier 2 of a hint, "what to move": the cells of what `mv` moves as they stand in `state` (the tile,
    /// the block, the jug, the number), without where it goes; none for a piece still in a tray. By
    /// default the cells [`Family::explain`] gives the move. Allocates nothing.
    fn hint_piece(&self, state: &Self::State, mv: &Self::Move, cells: &mut HintCells) {
        self.explain(state, mv, false, cells);
    }

    /// The words of tier 2 ("move tile 7", "the truck C", "pour from jug 2"): by default the moving
    /// piece's name ([`Family::piece_name`]).
    fn hint_piece_text(&self, state: &Self::State, mv: &Self::Move) -> String {
        let _ = state;
        match self.piece_name(self.encode_move(mv).piece) {
            Some(piece) => format!("move {}", piece.name),
            None => String::from("the next move is in the highlighted cells"),
        }
    }

    /// Tier 1 of a hint, "where to look": the cells of the region that matters now, from `plan` (the
    /// moves ahead, each with the state after it; `plan[0]` is the hint's move), containing tier 2's
    /// cells. By default the cells of the next [`REGION_MOVES`] moves. Allocates nothing.
    fn hint_region(&self, state: &Self::State, plan: &[(Self::Move, Self::State)], cells: &mut HintCells) {
        let mut from = *state;
        for (mv, after) in plan.iter().take(REGION_MOVES) {
            let mut own = HintCells::new();
            self.explain(&from, mv, false, &mut own);
            own.iter().for_each(|&c| add_cell(cells, c));
            from = *after;
        }
    }

    /// The words of tier 1 ("finish the top row", "the red car's way out: truck C blocks it").
    fn hint_region_text(&self, state: &Self::State, plan: &[(Self::Move, Self::State)]) -> String {
        let _ = (state, plan);
        String::from("look at the highlighted cells: the next moves are there")
    }

    /// For families that deduce as a player does (Linjat): the moves that every deduction of the rules
    /// `rules` (reason codes of [`Family::REASONS`]; empty for all) makes from `state`, applied one after
    /// another as far as those rules go — the "solve the trivial steps" button. `None` (the default) for
    /// a family without rules (one that has them sets [`Family::DEDUCES`]); an empty list when the rules
    /// deduce nothing more.
    fn deduced_moves(&self, state: &Self::State, rules: &[u32]) -> Option<Vec<Self::Move>> {
        let _ = (state, rules);
        None
    }

    /// For families whose positions are sets of parts (Linjat's segments, Hargram's pieces): writes the
    /// cells of the parts of `state` that the solved position `solved` (the puzzle's one solution, in the
    /// searches' labels) does not have, and returns true; false (the default) for a family whose
    /// mistakes are moves, not parts.
    fn mistakes(&self, state: &Self::State, solved: &Self::State, cells: &mut HintCells) -> bool {
        let _ = (state, solved, cells);
        false
    }

    /// The level as written without the parts a player drew or placed since (Linjat's segments, Hargram's
    /// pieces, which a description carries to resume a game): the puzzle whose solutions "the one
    /// solution" counts. By default the puzzle itself.
    fn unplayed(&self) -> Self {
        self.clone()
    }

    /// For families whose lost positions show why without search (Sokoban's boxes on dead squares or
    /// frozen off a goal, or boxes that reach too few goals between them): writes the cells of the parts
    /// of `state` that [`Family::lost_text`] blames and returns true; false (the default) for a family
    /// that cannot tell.
    fn lost_parts(&self, state: &Self::State, cells: &mut HintCells) -> bool {
        let _ = (state, cells);
        false
    }

    /// What a partial hint (a move toward the position closest to the goal a search reached, no solution
    /// found yet) can still promise, in the player's words, appended to its sentence: a family whose
    /// searches never make a move its deadlock tests see as lost says so. Empty by default.
    fn partial_promise(&self) -> &'static str {
        ""
    }

    /// Why `state` is lost, in the player's words, when the family sees it without search ("box 3 is in
    /// a corner off the goals at row 5, column 5: it can never leave"); `None` (the default) otherwise —
    /// the position may still be lost, as a search would tell.
    fn lost_text(&self, state: &Self::State) -> Option<String> {
        let _ = state;
        None
    }

    /// What the player's move from `from` to `to` costs in the count the searches minimise: one by
    /// default; a Sokoban step that pushes nothing costs no push. "Check my board" adds these costs.
    fn move_cost(&self, from: &Self::State, to: &Self::State) -> u32 {
        let _ = (from, to);
        1
    }

    /// Counts the solutions from the start, up to `limit`, for families that count them.
    fn count_solutions(&self, limit: u64) -> Option<SolutionCount> {
        let _ = limit;
        None
    }

    /// The first `limit` solutions of the start the count finds, as solved positions, for families that
    /// count them and can show them (Sudoku): a designer sees where a puzzle with several is ambiguous.
    /// Empty by default.
    fn solutions(&self, limit: usize) -> Vec<Self::State> {
        let _ = limit;
        Vec::new()
    }

    /// The analysis of the start's whole cluster (every reachable state and its distance to the nearest
    /// solved one), storing at most `node_cap` states and keeping up to `farthest` of the farthest states,
    /// for families whose moves can all be undone.
    fn cluster(&self, node_cap: usize, farthest: usize) -> Option<Result<Cluster<Self::State>, Status>> {
        let _ = (node_cap, farthest);
        None
    }

    /// The deduction a human-like rule solver makes from the start, step by step, for families that
    /// have one.
    fn deduce(&self) -> Option<Deduction> {
        None
    }

    /// Why the puzzle's own definition failed while the engine used it, if it did: a game's callbacks
    /// ([`crate::custom`]) can; the built-in families never do. Answers computed after a failure are not
    /// to be trusted, so the C ABI reports it instead of them.
    fn failure(&self) -> Option<Broken> {
        None
    }

    /// Forgets the failure [`Family::failure`] reports, so that the next call may try again (the
    /// caller has dropped whatever was computed from the failed callback).
    fn clear_failure(&self) {}

    /// A genetic-algorithm run (the earlier systems' solver) or a simulated-annealing run on the same
    /// genome from the start, for families that have one.
    fn evolve(&self, how: Evolution) -> Result<Box<dyn AnyGa>, String> {
        let _ = how;
        Err(format!("no genetic algorithm for {} puzzles, nor annealing of a genome", Self::NAME))
    }
}

/// A 64-bit fingerprint of `bytes` (FNV-1a: stable across builds and platforms, unlike a seeded hash).
pub fn fingerprint_of(bytes: &[u8]) -> u64 {
    Fingerprint::new().bytes(bytes).finish()
}

/// The [`fingerprint_of`] bytes fed a part at a time, so that a fingerprint needs no buffer (generators
/// take one of every candidate).
#[derive(Clone, Copy, Debug)]
pub struct Fingerprint(u64);

impl Fingerprint {
    /// Nothing fed yet.
    pub const fn new() -> Fingerprint {
        Fingerprint(0xcbf2_9ce4_8422_2325)
    }

    /// Feeds `bytes`.
    pub fn bytes(self, bytes: &[u8]) -> Fingerprint {
        Fingerprint(bytes.iter().fold(self.0, |h, &b| (h ^ b as u64).wrapping_mul(0x0000_0100_0000_01b3)))
    }

    /// Feeds one byte.
    pub fn byte(self, byte: u8) -> Fingerprint {
        self.bytes(&[byte])
    }

    /// The fingerprint of everything fed.
    pub fn finish(self) -> u64 {
        self.0
    }
}

impl Default for Fingerprint {
    fn default() -> Fingerprint {
        Fingerprint::new()
    }
}
