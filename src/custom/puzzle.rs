//! A custom puzzle as a [`Family`]: the game's callbacks behind the engine's search and play interface.

use super::{
    contained, Callback, Definition, LpEmit, EMIT_NULL_STATE, EMIT_PANIC, EMIT_TOO_MANY, EMIT_WRONG_SIZE,
    EMIT_ZERO_COST,
};
use crate::family::{Family, HintCells, MoveCode, Reason, MAX_HINT_CELLS};
use crate::memory::OutOfMemory;
use crate::search::{Algorithm, Puzzle, Solver};
use crate::text::ParseError;
use alloc::boxed::Box;
use alloc::format;
use alloc::string::String;
use alloc::sync::Arc;
use core::cell::RefCell;
use core::ffi::c_void;
use core::fmt::Write;

/// The A\* node cap of a custom puzzle's hints is what fits in this many bytes of states.
const HINT_BYTES: usize = 64 << 20;

/// A state of a custom puzzle: `N` bytes, of which the definition's `state_size` are the game's (the
/// rest stay zero).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Bytes<const N: usize>([u8; N]);

impl<const N: usize> Bytes<N> {
    /// The state whose first bytes are `bytes` (at most `N`).
    pub(super) fn of(bytes: &[u8]) -> Self {
        let mut out = [0u8; N];
        out[..bytes.len()].copy_from_slice(bytes);
        Bytes(out)
    }
}

/// A custom puzzle whose states fit in `N` bytes.
#[derive(Clone, Debug)]
pub struct Custom<const N: usize> {
    pub(super) def: Arc<Definition>,
    start: Bytes<N>,
    /// The estimates and goal flags the game handed over with the last successors.
    known: Box<RefCell<Known<N>>>,
}

/// How many of the last successors' scores ([`lp_custom_emit_scored`](crate::ffi)) a puzzle keeps. The
/// searches ask for a successor's estimate as it is made, and whether it is solved when it comes up —
/// IDA\* at once, A\* mostly within the next few expansions; each answer found here is a call into the
/// game saved, which from C# under Mono costs more than the game's own work.
const KNOWN: usize = 32;

/// What the game said of a successor beside it: its estimate and whether it is solved, each if given.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct Score {
    estimate: Option<u32>,
    goal: Option<bool>,
}

/// The scores of the last [`KNOWN`] successors handed over with them, with their states (a ring; a hash
/// of each state is compared first).
#[derive(Clone, Debug)]
struct Known<const N: usize> {
    states: [Bytes<N>; KNOWN],
    hashes: [u64; KNOWN],
    scores: [Score; KNOWN],
    /// Slots filled (up to `KNOWN`) and the slot written next.
    len: usize,
    next: usize,
}

impl<const N: usize> Known<N> {
    fn new() -> Self {
        Known { states: [Bytes([0; N]); KNOWN], hashes: [0; KNOWN], scores: [Score::default(); KNOWN], len: 0, next: 0 }
    }

    fn hash(state: &Bytes<N>) -> u64 {
        use core::hash::{BuildHasher, Hasher};
        let mut hasher = rustc_hash::FxBuildHasher.build_hasher();
        hasher.write(&state.0);
        hasher.finish()
    }

    fn remember(&mut self, state: Bytes<N>, score: Score) {
        let at = self.next;
        (self.states[at], self.hashes[at], self.scores[at]) = (state, Self::hash(&state), score);
        self.next = (at + 1) % KNOWN;
        self.len = (self.len + 1).min(KNOWN);
    }

    /// The score kept for `state`, newest first; none when nothing is kept (a game that never scores
    /// pays no hash).
    fn find(&self, state: &Bytes<N>) -> Option<Score> {
        if self.len == 0 {
            return None;
        }
        let hash = Self::hash(state);
        (1..=self.len)
            .map(|back| (self.next + KNOWN - back) % KNOWN)
            .find(|&i| self.hashes[i] == hash && self.states[i] == *state)
            .map(|i| self.scores[i])
    }
}

impl<const N: usize> Custom<N> {
    /// Whether a hint of `mv` from `state` lights cells: the game names some on its board.
    fn lights_cells(&self, state: &Bytes<N>, mv: &MoveCode) -> bool {
        let mut cells = HintCells::new();
        self.explain(state, mv, false, &mut cells);
        !cells.is_empty()
    }

    /// The puzzle `def` from `start`.
    pub(super) fn new(def: Arc<Definition>, start: Bytes<N>) -> Self {
        Custom { def, start, known: Box::new(RefCell::new(Known::new())) }
    }

    /// What the game said of `state` when it handed it over as a successor, if it is still kept.
    fn known(&self, state: &Bytes<N>) -> Option<Score> {
        self.known.try_borrow().ok()?.find(state)
    }

    /// The game's bytes of `state`.
    pub(super) fn bytes<'a>(&self, state: &'a Bytes<N>) -> &'a [u8] {
        &state.0[..self.def.size]
    }
}

/// What [`emit_scored`] reads and writes of a sink without knowing the search's callback type: the
/// definition, and the score of the successor it passes on next.
#[repr(C)]
struct SinkHead<'a> {
    def: &'a Definition,
    score: Score,
}

/// What `emit` writes through: the head (first, `repr(C)`), the room left, the search's callback and
/// where the successors' scores are kept.
#[repr(C)]
struct Sink<'a, F, const N: usize> {
    head: SinkHead<'a>,
    left: u32,
    each: &'a mut F,
    known: &'a RefCell<Known<N>>,
}

/// The engine's `emit` for states of `N` bytes, made for each search's callback `F` (so that passing a
/// successor on is a direct call).
unsafe extern "C" fn emit<const N: usize, F: FnMut(MoveCode, Bytes<N>, u32)>(
    sink: *mut c_void,
    mv: MoveCode,
    next: *const u8,
    cost: u32,
) -> i32 {
    // SAFETY: `sink` is the `Sink<F, N>` that `successors` passed with this function, alive for the call.
    let sink = unsafe { &mut *sink.cast::<Sink<'_, F, N>>() };
    let score = core::mem::take(&mut sink.head.score);
    let refused = if sink.left == 0 {
        EMIT_TOO_MANY
    } else if next.is_null() {
        EMIT_NULL_STATE
    } else if cost == 0 {
        EMIT_ZERO_COST
    } else {
        0
    };
    if refused != 0 {
        sink.head.def.fail(Callback::Emit, refused);
        return refused;
    }
    sink.left -= 1;
    // SAFETY: the game passes `state_size` readable bytes (its contract with `emit`).
    let bytes = unsafe { core::slice::from_raw_parts(next, sink.head.def.size) };
    let state = Bytes::of(bytes);
    if score != Score::default() {
        if let Ok(mut known) = sink.known.try_borrow_mut() {
            known.remember(state, score);
        }
    }
    // The search's own code runs here, called from the game's: a panic in it must not unwind through
    // the game's frames (it would abort the process), so it becomes a refusal and a failure.
    if contained(|| (sink.each)(mv, state, cost)).is_none() {
        sink.head.def.fail(Callback::Emit, EMIT_PANIC);
        return EMIT_PANIC;
    }
    0
}

/// Hands `count` successors to `emit` (the engine's, with its `sink`) in one call: moves at `moves`,
/// states at `states` (`state_size` bytes each), costs at `costs`, and each one's estimate (`estimates`,
/// NULL for none) and whether it is solved (`goals`, NULL for none), as the game's `estimate` and
/// `is_goal` would answer: the engine keeps those and asks the game again only for states it no longer
/// keeps. Returns the first refusal's code (the rest are not passed on), or 0. A `state_size` other than
/// the puzzle's is refused before any state is read, as are NULL buffers, so that the engine never reads
/// past what the game holds.
///
/// # Safety
/// `emit` and `sink` as the engine passed them to the successors callback; `moves`, `states` and `costs`
/// NULL or holding `count` entries (`states`: `count * state_size` bytes); `estimates` and `goals` NULL
/// or holding `count` entries.
#[allow(clippy::too_many_arguments)]
pub unsafe fn emit_scored(
    emit: LpEmit,
    sink: *mut c_void,
    count: usize,
    moves: *const MoveCode,
    states: *const u8,
    state_size: usize,
    costs: *const u32,
    estimates: *const u32,
    goals: *const bool,
) -> i32 {
    if sink.is_null() {
        return EMIT_NULL_STATE;
    }
    let head = sink.cast::<SinkHead<'_>>();
    // SAFETY: an engine's sink is a `Sink`, whose first field (`repr(C)`) is a `SinkHead`.
    let def: &Definition = unsafe { (*head).def };
    if state_size != def.size {
        def.fail(Callback::Emit, EMIT_WRONG_SIZE);
        return EMIT_WRONG_SIZE;
    }
    if count > 0 && (moves.is_null() || states.is_null() || costs.is_null()) {
        def.fail(Callback::Emit, EMIT_NULL_STATE);
        return EMIT_NULL_STATE;
    }
    for i in 0..count {
        // SAFETY: the caller's buffers hold `count` entries of these sizes (`state_size` checked); the
        // score is written through the raw pointer, no reference to the sink held across `emit`.
        let refused = unsafe {
            (*head).score = Score {
                estimate: (!estimates.is_null()).then(|| *estimates.add(i)),
                goal: (!goals.is_null()).then(|| *goals.add(i).cast::<u8>() != 0),
            };
            emit(sink, *moves.add(i), states.add(i * state_size), *costs.add(i))
        };
        if refused != 0 {
            return refused;
        }
    }
    0
}

/// The `emit` of the search callback `f`'s type.
fn emit_for<const N: usize, F: FnMut(MoveCode, Bytes<N>, u32)>(_: &F) -> LpEmit {
    emit::<N, F>
}

impl<const N: usize> Puzzle for Custom<N> {
    type State = Bytes<N>;
    type Move = MoveCode;

    fn successors(&self, state: &Bytes<N>, mut f: impl FnMut(MoveCode, Bytes<N>, u32)) {
        let def = &*self.def;
        let Some(call) = def.vtable.successors else { return };
        if def.failed() {
            return;
        }
        let emit = emit_for::<N, _>(&f);
        let head = SinkHead { def, score: Score::default() };
        let mut sink = Sink { head, left: def.vtable.max_successors, each: &mut f, known: &self.known };
        // SAFETY: the game's callback with its context, a state of `state_size` bytes, and our `emit`
        // with the sink it expects.
        let code = unsafe { call(def.user, state.0.as_ptr(), emit, (&mut sink as *mut Sink<'_, _, N>).cast()) };
        if code != 0 {
            def.fail(Callback::Successors, code);
        }
    }

    fn is_goal(&self, state: &Bytes<N>) -> bool {
        if let Some(goal) = self.known(state).and_then(|score| score.goal) {
            return goal;
        }
        let def = &*self.def;
        let Some(call) = def.vtable.is_goal else { return false };
        let mut goal = false;
        // SAFETY: the game's callback with its context, a state and a writable flag.
        let code = unsafe { call(def.user, state.0.as_ptr(), &mut goal) };
        if code != 0 {
            def.fail(Callback::IsGoal, code);
            return false;
        }
        goal
    }

    fn heuristic(&self, state: &Bytes<N>) -> u32 {
        let def = &*self.def;
        let Some(call) = def.vtable.estimate else { return 0 };
        if let Some(estimate) = self.known(state).and_then(|score| score.estimate) {
            return estimate;
        }
        let mut estimate = 0;
        // SAFETY: the game's callback with its context, a state and a writable value.
        let code = unsafe { call(def.user, state.0.as_ptr(), &mut estimate) };
        if code != 0 {
            def.fail(Callback::Estimate, code);
            return 0;
        }
        estimate
    }

    fn heuristic_is_admissible(&self) -> bool {
        self.def.vtable.admissible || self.def.vtable.estimate.is_none()
    }
}

const REASONS: &[Reason] = &[Reason {
    code: 1,
    name: "plan_step",
    doc: "the next move of the plan the engine found from here (a shortest one when the estimate is admissible)",
}];

impl<const N: usize> Family for Custom<N> {
    const NAME: &'static str = super::FAMILY_NAME;
    const SUMMARY: &'static str = "a game's own puzzle, defined by callbacks";
    const REASONS: &'static [Reason] = REASONS;

    fn parse(_: &str) -> Result<Self, ParseError> {
        Err(ParseError { column: 0, reason: "a custom puzzle is made with its callbacks (lp_custom_create)".into() })
    }

    /// `custom:` and the game's text form of the start, or its bytes in hexadecimal.
    fn describe(&self) -> String {
        let mut out = String::from("custom:");
        let def = &*self.def;
        let text = def.vtable.describe.and_then(|call| {
            // SAFETY: the game's callback with its context, a state, and a buffer of the capacity given.
            def.text(Callback::Describe, |buf, cap, written| unsafe {
                call(def.user, self.start.0.as_ptr(), buf, cap, written)
            })
        });
        match text {
            Some(text) => out.push_str(&text),
            None => {
                for byte in self.bytes(&self.start) {
                    let _ = write!(out, "{byte:02x}");
                }
            }
        }
        out
    }

    /// A description [`Custom::describe`] wrote, read with this puzzle's callbacks.
    fn parse_like(&self, desc: &str) -> Result<Self, ParseError> {
        let text = desc
            .strip_prefix("custom:")
            .ok_or_else(|| ParseError::new(1, "a custom puzzle's description starts with 'custom:'"))?;
        let def = &*self.def;
        let mut state = [0u8; N];
        match def.vtable.parse {
            Some(call) => {
                // SAFETY: the game's callback with its context, `text.len()` bytes and a state of `N`
                // bytes (at least `state_size`).
                let code = unsafe { call(def.user, text.as_ptr().cast(), text.len(), state.as_mut_ptr()) };
                if code != 0 {
                    return Err(ParseError::new(
                        8,
                        format!("the game's parse callback refused the text (code {code})"),
                    ));
                }
                state[def.size..].fill(0);
            }
            None => {
                if text.len() != 2 * def.size {
                    return Err(ParseError::new(
                        8,
                        format!(
                            "this puzzle has no text form, so a description is its {} state bytes in hexadecimal \
                             ({} digits), not {} characters (a description written with a text form is read \
                             with a puzzle that has one)",
                            def.size,
                            2 * def.size,
                            text.len()
                        ),
                    ));
                }
                for (i, pair) in text.as_bytes().chunks(2).enumerate() {
                    let digits = core::str::from_utf8(pair).ok().and_then(|d| u8::from_str_radix(d, 16).ok());
                    state[i] = digits.ok_or_else(|| ParseError::new(8 + 2 * i, "not a hexadecimal byte"))?;
                }
            }
        }
        Ok(self.with_start(Bytes(state)))
    }

    fn start(&self) -> Bytes<N> {
        self.start
    }

    fn with_start(&self, state: Bytes<N>) -> Self {
        Custom { start: state, ..self.clone() }
    }

    fn render(&self, state: &Bytes<N>) -> String {
        self.with_start(*state).describe()
    }

    fn move_token(&self, mv: &MoveCode) -> String {
        format!("{},{},{},{}", mv.piece, mv.from, mv.to, mv.arg)
    }

    /// The game's name for the move, else its numbers.
    fn move_text(&self, mv: &MoveCode) -> String {
        let def = &*self.def;
        let name = def.vtable.move_name.and_then(|call| {
            // SAFETY: the game's callback with its context, the move, and a buffer of the capacity given.
            def.text(Callback::MoveName, |buf, cap, written| unsafe { call(def.user, *mv, buf, cap, written) })
        });
        name.unwrap_or_else(|| format!("move {}", self.move_token(mv)))
    }

    /// A* within what `HINT_BYTES` (64 MiB) of states hold: optimal when the estimate is admissible.
    fn recommended_solver(&self) -> Result<Solver<Self>, OutOfMemory> {
        Solver::new(Algorithm::AStar, HINT_BYTES / (N + 64))
    }

    /// The state's bytes: the same level when the same state.
    fn fingerprint(&self) -> u64 {
        crate::family::fingerprint_of(&self.start.0[..self.def.size])
    }

    fn encode_move(&self, mv: &MoveCode) -> MoveCode {
        *mv
    }

    fn decode_move(&self, state: &Bytes<N>, code: &MoveCode) -> Option<MoveCode> {
        let mut found = None;
        self.successors(state, |mv, _, _| {
            if found.is_none() && mv == *code {
                found = Some(mv);
            }
        });
        found
    }

    /// The game's board, or one row of the state's bytes; cell `i` shows byte `i`.
    fn board_size(&self) -> (u32, u32) {
        match (self.def.vtable.board_width, self.def.vtable.board_height) {
            (0, _) | (_, 0) => (self.def.size as u32, 1),
            board => board,
        }
    }

    fn cell(&self, state: &Bytes<N>, index: usize) -> i32 {
        self.bytes(state).get(index).map_or(0, |&b| i32::from(b))
    }

    /// The cells the game names for the move (none without `move_cells`); every hint is a step of the plan.
    fn explain(&self, state: &Bytes<N>, mv: &MoveCode, _: bool, cells: &mut HintCells) -> u32 {
        let def = &*self.def;
        let Some(call) = def.vtable.move_cells else { return 1 };
        let mut buf = [0u16; MAX_HINT_CELLS];
        let mut count = 0usize;
        // SAFETY: the game's callback with its context, a state, the move and a buffer of `buf.len()` cells.
        let code = unsafe { call(def.user, state.0.as_ptr(), *mv, buf.as_mut_ptr(), buf.len(), &mut count) };
        if def.failed_writing(Callback::MoveCells, code, count, buf.len()) {
            return 1;
        }
        let (width, height) = self.board_size();
        let on_board = (width * height) as usize;
        cells.clear();
        // Cells off the board are dropped rather than handed to a game that would index with them.
        cells.extend(buf[..count].iter().copied().filter(|&c| (c as usize) < on_board));
        1
    }

    /// Tier 1 in words: where the game gives the move's cells, they are lit; else it says no cells will be.
    fn hint_region_text(&self, state: &Bytes<N>, plan: &[(MoveCode, Bytes<N>)]) -> String {
        match plan.first().is_some_and(|(mv, _)| self.lights_cells(state, mv)) {
            true => String::from("look at the highlighted cells: the next moves are there"),
            false => String::from("this puzzle shows no cells for its hints: the next tier names the move"),
        }
    }

    /// Tier 2 in words, as tier 1: the cells lit, or none.
    fn hint_piece_text(&self, state: &Bytes<N>, mv: &MoveCode) -> String {
        match self.lights_cells(state, mv) {
            true => String::from("the next move is in the highlighted cells"),
            false => String::from("this puzzle shows no cells for its hints: the next tier names the move"),
        }
    }

    fn failure(&self) -> Option<crate::family::Broken> {
        self.def.failure()
    }

    fn clear_failure(&self) {
        self.def.clear_failure();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::custom::LpCustomVtable;

    unsafe extern "C" fn no_successors(_: *mut c_void, _: *const u8, _: LpEmit, _: *mut c_void) -> i32 {
        0
    }

    unsafe extern "C" fn never_solved(_: *mut c_void, _: *const u8, goal: *mut bool) -> i32 {
        // SAFETY: the engine passes a writable flag.
        unsafe { *goal = false };
        0
    }

    fn definition(state_size: u32) -> Definition {
        let vtable = LpCustomVtable {
            abi_version: 0,
            state_size,
            max_successors: 4,
            successors: Some(no_successors),
            is_goal: Some(never_solved),
            ..LpCustomVtable::BLANK
        };
        Definition::new(&vtable, core::ptr::null_mut()).unwrap()
    }

    #[test]
    fn a_panic_inside_emit_is_a_refusal_and_an_internal_failure_not_an_abort() {
        let def = definition(4);
        let mut each = |_: MoveCode, _: Bytes<16>, _: u32| panic!("a bug in the search's own code");
        let emit = emit_for::<16, _>(&each);
        let known = RefCell::new(Known::new());
        let head = SinkHead { def: &def, score: Score::default() };
        let mut sink = Sink { head, left: 4, each: &mut each, known: &known };
        let state = [7u8; 4];
        // SAFETY: the engine's emit with its sink and a state of `state_size` bytes.
        let code = unsafe { emit((&mut sink as *mut Sink<'_, _, 16>).cast(), MoveCode::default(), state.as_ptr(), 1) };
        assert_eq!(code, EMIT_PANIC);
        let broken = def.failure().unwrap();
        assert!(broken.internal && broken.message.starts_with("internal error (please report)"), "{broken:?}");
    }

    const NONE: *const u32 = core::ptr::null();

    #[test]
    fn a_batch_of_another_state_size_is_refused_before_a_state_is_read() {
        let def = definition(64);
        let mut taken = 0;
        let mut each = |_: MoveCode, _: Bytes<64>, _: u32| taken += 1;
        let emit = emit_for::<64, _>(&each);
        let known = RefCell::new(Known::new());
        let mut sink =
            Sink { head: SinkHead { def: &def, score: Score::default() }, left: 4, each: &mut each, known: &known };
        let sink = (&mut sink as *mut Sink<'_, _, 64>).cast();
        let (moves, states, costs) = ([MoveCode::default(); 2], [0u8; 8], [1u32; 2]);
        // SAFETY: two 4-byte states for a 64-byte puzzle: refused before one is read.
        let code = unsafe {
            emit_scored(emit, sink, 2, moves.as_ptr(), states.as_ptr(), 4, costs.as_ptr(), NONE, core::ptr::null())
        };
        assert_eq!(code, EMIT_WRONG_SIZE);
        let message = def.failure().unwrap().message;
        assert!(message.contains("another state size than the puzzle's 64 bytes"), "{message}");
        // The puzzle's own size passes every successor on.
        let def = definition(4);
        let mut each = |_: MoveCode, _: Bytes<16>, _: u32| taken += 1;
        let emit = emit_for::<16, _>(&each);
        let known = RefCell::new(Known::new());
        let mut sink =
            Sink { head: SinkHead { def: &def, score: Score::default() }, left: 4, each: &mut each, known: &known };
        let sink = (&mut sink as *mut Sink<'_, _, 16>).cast();
        // SAFETY: two 4-byte states for a 4-byte puzzle.
        let code = unsafe {
            emit_scored(emit, sink, 2, moves.as_ptr(), states.as_ptr(), 4, costs.as_ptr(), NONE, core::ptr::null())
        };
        assert_eq!((code, def.failure()), (0, None));
        assert_eq!(taken, 2);
    }

    unsafe extern "C" fn far(_: *mut c_void, _: *const u8, estimate: *mut u32) -> i32 {
        // SAFETY: the engine passes a writable value.
        unsafe { *estimate = 99 };
        0
    }

    /// Successors `[i, 0, 0, 0]` for i in 1..=3, handed over with estimates `i` and state 2 solved.
    unsafe extern "C" fn scored_successors(_: *mut c_void, _: *const u8, emit: LpEmit, sink: *mut c_void) -> i32 {
        let moves = [MoveCode::default(); 3];
        let states = [1u8, 0, 0, 0, 2, 0, 0, 0, 3, 0, 0, 0];
        let (costs, estimates, goals) = ([1u32; 3], [1u32, 2, 3], [false, true, false]);
        // SAFETY: three successors of 4 bytes with their scores.
        unsafe {
            emit_scored(
                emit,
                sink,
                3,
                moves.as_ptr(),
                states.as_ptr(),
                4,
                costs.as_ptr(),
                estimates.as_ptr(),
                goals.as_ptr(),
            )
        }
    }

    #[test]
    fn scores_handed_over_with_successors_answer_for_them_and_only_them() {
        let vtable =
            LpCustomVtable { successors: Some(scored_successors), estimate: Some(far), ..definition(4).vtable };
        let puzzle =
            Custom::<16>::new(Arc::new(Definition::new(&vtable, core::ptr::null_mut()).unwrap()), Bytes::of(&[0; 4]));
        let mut seen = Vec::new();
        puzzle.successors(&puzzle.start(), |_, state, _| {
            seen.push((state, puzzle.heuristic(&state), puzzle.is_goal(&state)))
        });
        // Asked while each is passed on, and again afterwards: the game's scores, not its callbacks' 99
        // and "never solved".
        let expected: Vec<_> = (1..=3u8).map(|i| (Bytes::of(&[i, 0, 0, 0]), u32::from(i), i == 2)).collect();
        assert_eq!(seen, expected);
        for (state, estimate, goal) in &expected {
            assert_eq!((puzzle.heuristic(state), puzzle.is_goal(state)), (*estimate, *goal));
        }
        // A state it did not hand over is asked of the callbacks.
        let other = Bytes::of(&[9, 0, 0, 0]);
        assert_eq!((puzzle.heuristic(&other), puzzle.is_goal(&other)), (99, false));
        // The ring keeps the last KNOWN: after KNOWN more successors, the first are asked again.
        for _ in 0..KNOWN {
            puzzle.known.borrow_mut().remember(other, Score { estimate: Some(1), goal: Some(false) });
        }
        assert_eq!(puzzle.known(&expected[0].0), None);
        assert_eq!(puzzle.heuristic(&expected[0].0), 99);
    }
}
