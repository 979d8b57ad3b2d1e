//! A game's own puzzle, defined by callbacks (a table of C function pointers and a `user` context, as
//! MicroPather asks a game for `AdjacentCost` and `LeastCostEstimate`): the game says what a state's
//! moves are, whether a state is solved and how far it is at least from a goal; every service of the
//! engine built on [`Family`] then works on it — stepped hints, every search algorithm with its caps and
//! statistics.
//!
//! - A state is a fixed number of bytes chosen at creation (1 to [`MAX_STATE_BYTES`]); it is stored in
//!   a fixed array of the smallest size class (16, 64 or 256 bytes) that holds it, so the searches'
//!   arenas hold states without allocating per node.
//! - Successors are *emitted*: the engine passes its own `emit` function, which the game calls once per
//!   successor with the move, a pointer to the next state and the cost. The game never writes into the
//!   engine's memory, so it cannot overflow an engine buffer; `emit` copies the declared number of bytes
//!   and refuses (returns nonzero, and records why) a successor past the declared maximum, a NULL state or
//!   a cost of 0.
//! - A callback reports failure by returning nonzero. Any failure is recorded in the definition, shared
//!   by the puzzle and every solver made from it, and sticks: from then on the C ABI answers
//!   `LP_ERR_CALLBACK` with the reason, because answers computed from a failed callback cannot be
//!   trusted.
//! - A per-frame budget counts one unit per state expanded, whatever the state's branching: the engine
//!   cannot split one successors call, so a game bounds a frame's work by its `max_successors` and the
//!   budget it passes (a built-in family's unit is at most 16 successors).
//! - The heuristic is what the game declares it: an admissible one (or none: 0 is a lower bound) makes
//!   A\* and IDA\* results optimal; otherwise they are labelled not proven, and so are hints.
//!
//! Custom puzzles are kept apart from the registry: their definition lives in the game's process, so no
//! text description or pack can recreate one without the game's callbacks.

use crate::family::{Family, HintCells, MoveCode, Reason};
use crate::memory::OutOfMemory;
use crate::search::{Algorithm, Puzzle, Solver};
use crate::session::{AnySession, Session};
use crate::text::ParseError;
use alloc::boxed::Box;
use alloc::format;
use alloc::string::String;
use alloc::sync::Arc;
use core::ffi::{c_char, c_void};
use core::fmt::Write;
use core::sync::atomic::{AtomicI32, AtomicU8, Ordering};

/// The family id `lp_puzzle_family` gives a custom puzzle (no registry family has it).
pub const FAMILY_ID: u32 = 0;
/// Largest state a custom puzzle may declare, in bytes.
pub const MAX_STATE_BYTES: usize = 256;
/// Most successors a custom puzzle may declare for one state.
pub const MAX_SUCCESSORS: u32 = 4096;
/// The A\* node cap of a custom puzzle's hints is what fits in this many bytes of states.
const HINT_BYTES: usize = 64 << 20;

/// What the engine passes to the successors callback: call it once per successor with the move, the
/// next state (`state_size` bytes, copied at once) and its cost (at least 1). It returns 0, or nonzero
/// when it refused the successor (the callback should then stop and return).
pub type LpEmit = unsafe extern "C" fn(sink: *mut c_void, mv: MoveCode, next: *const u8, cost: u32) -> i32;

/// A game's puzzle as callbacks. Every callback gets the `user` context given at creation and returns 0
/// on success, anything else on failure (the engine then reports `LP_ERR_CALLBACK` with the callback's
/// name and the code). The callbacks must not call the engine on the puzzle (or a solver of it) that
/// called them.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct LpCustomVtable {
    /// `LP_ABI_VERSION` of the header the game was built against.
    pub abi_version: u32,
    /// Bytes of a state (1 to 256).
    pub state_size: u32,
    /// Most successors any state has (1 to 4096): `emit` refuses more.
    pub max_successors: u32,
    /// Whether `estimate` never exceeds the cheapest cost to a goal (then optimal searches say so). A
    /// puzzle without `estimate` is admissible: its estimate is 0.
    pub admissible: bool,
    /// Required: calls `emit(sink, move, next_state, cost)` for every legal move from `state`.
    pub successors:
        Option<unsafe extern "C" fn(user: *mut c_void, state: *const u8, emit: LpEmit, sink: *mut c_void) -> i32>,
    /// Required: writes whether `state` is solved.
    pub is_goal: Option<unsafe extern "C" fn(user: *mut c_void, state: *const u8, goal: *mut bool) -> i32>,
    /// Optional: writes an estimate of the cost from `state` to a goal.
    pub estimate: Option<unsafe extern "C" fn(user: *mut c_void, state: *const u8, estimate: *mut u32) -> i32>,
    /// Optional: writes a name for the move (UTF-8, at most `cap` bytes; `*written` its length) for hint
    /// sentences and move lists.
    pub move_name: Option<
        unsafe extern "C" fn(user: *mut c_void, mv: MoveCode, buf: *mut c_char, cap: usize, written: *mut usize) -> i32,
    >,
}

/// Which callback or check failed (recorded in a [`Definition`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
enum Callback {
    Successors = 1,
    IsGoal = 2,
    Estimate = 3,
    MoveName = 4,
    Emit = 5,
}

/// Why `emit` refused a successor.
const EMIT_TOO_MANY: i32 = 1;
const EMIT_NULL_STATE: i32 = 2;
const EMIT_ZERO_COST: i32 = 3;

/// A custom puzzle's callbacks and context, shared by the puzzle, its copies and its solvers, with the
/// first failure any of them met.
pub struct Definition {
    vtable: LpCustomVtable,
    user: *mut c_void,
    size: usize,
    /// 0, or the callback (a [`Callback`]) of the first failure, and its code (32-bit atomics only:
    /// the core runs on targets without 64-bit ones).
    failed: AtomicU8,
    code: AtomicI32,
}

// SAFETY: the game promises (as for every handle) that a puzzle and its solvers are used by one thread
// at a time; the context pointer is only handed back to the game's own callbacks.
unsafe impl Send for Definition {}
// SAFETY: as above; the only shared mutable part is the atomic failure record.
unsafe impl Sync for Definition {}

impl core::fmt::Debug for Definition {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "Definition({} bytes, up to {} successors)", self.size, self.vtable.max_successors)
    }
}

impl Definition {
    /// Checks `vtable` (sizes in range, the required callbacks present) and keeps it with `user`.
    pub fn new(vtable: &LpCustomVtable, user: *mut c_void) -> Result<Self, String> {
        let size = vtable.state_size as usize;
        if size == 0 || size > MAX_STATE_BYTES {
            return Err(format!("state_size is {size}: a state has 1 to {MAX_STATE_BYTES} bytes"));
        }
        if vtable.max_successors == 0 || vtable.max_successors > MAX_SUCCESSORS {
            return Err(format!("max_successors is {}: 1 to {MAX_SUCCESSORS}", vtable.max_successors));
        }
        if vtable.successors.is_none() || vtable.is_goal.is_none() {
            return Err("the successors and is_goal callbacks are required".into());
        }
        Ok(Definition { vtable: *vtable, user, size, failed: AtomicU8::new(0), code: AtomicI32::new(0) })
    }

    fn fail(&self, callback: Callback, code: i32) {
        if self.failed.compare_exchange(0, callback as u8, Ordering::Relaxed, Ordering::Relaxed).is_ok() {
            self.code.store(code, Ordering::Relaxed);
        }
    }

    /// The first failure, as a sentence.
    pub fn failure(&self) -> Option<String> {
        let which = self.failed.load(Ordering::Relaxed);
        if which == 0 {
            return None;
        }
        let code = self.code.load(Ordering::Relaxed);
        let name = match which {
            1 => "successors",
            2 => "is_goal",
            3 => "estimate",
            4 => "move_name",
            _ => {
                let max = self.vtable.max_successors;
                return Some(match code {
                    EMIT_TOO_MANY => format!("the successors callback emitted more than its max_successors ({max})"),
                    EMIT_NULL_STATE => "the successors callback emitted a NULL state".into(),
                    _ => "the successors callback emitted a cost of 0 (costs are at least 1)".into(),
                });
            }
        };
        Some(format!("the {name} callback failed with code {code}"))
    }

    fn failed(&self) -> bool {
        self.failed.load(Ordering::Relaxed) != 0
    }
}

/// A state of a custom puzzle: `N` bytes, of which the definition's `state_size` are the game's (the
/// rest stay zero).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Bytes<const N: usize>([u8; N]);

impl<const N: usize> Bytes<N> {
    /// The state whose first bytes are `bytes` (at most `N`).
    fn of(bytes: &[u8]) -> Self {
        let mut out = [0u8; N];
        out[..bytes.len()].copy_from_slice(bytes);
        Bytes(out)
    }
}

/// A custom puzzle whose states fit in `N` bytes.
#[derive(Clone, Debug)]
pub struct Custom<const N: usize> {
    def: Arc<Definition>,
    start: Bytes<N>,
}

/// What `emit` writes through: the search's callback and the room left.
struct Sink<'a, F> {
    def: &'a Definition,
    left: u32,
    each: &'a mut F,
}

/// The engine's `emit` for states of `N` bytes, made for each search's callback `F` (so that passing a
/// successor on is a direct call).
unsafe extern "C" fn emit<const N: usize, F: FnMut(MoveCode, Bytes<N>, u32)>(
    sink: *mut c_void,
    mv: MoveCode,
    next: *const u8,
    cost: u32,
) -> i32 {
    // SAFETY: `sink` is the `Sink<F>` that `successors` passed with this function, alive for the call.
    let sink = unsafe { &mut *sink.cast::<Sink<'_, F>>() };
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
        sink.def.fail(Callback::Emit, refused);
        return refused;
    }
    sink.left -= 1;
    // SAFETY: the game passes `state_size` readable bytes (its contract with `emit`).
    let bytes = unsafe { core::slice::from_raw_parts(next, sink.def.size) };
    (sink.each)(mv, Bytes::of(bytes), cost);
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
        let mut sink = Sink { def, left: def.vtable.max_successors, each: &mut f };
        // SAFETY: the game's callback with its context, a state of `state_size` bytes, and our `emit`
        // with the sink it expects.
        let code = unsafe { call(def.user, state.0.as_ptr(), emit, (&mut sink as *mut Sink<'_, _>).cast()) };
        if code != 0 {
            def.fail(Callback::Successors, code);
        }
    }

    fn is_goal(&self, state: &Bytes<N>) -> bool {
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
    const NAME: &'static str = "custom";
    const SUMMARY: &'static str = "a game's own puzzle, defined by callbacks";
    const REASONS: &'static [Reason] = REASONS;

    fn parse(_: &str) -> Result<Self, ParseError> {
        Err(ParseError { column: 0, reason: "a custom puzzle is made with its callbacks (lp_custom_create)".into() })
    }

    /// `custom:` and the state's bytes in hexadecimal.
    fn describe(&self) -> String {
        let mut out = String::from("custom:");
        for byte in &self.start.0[..self.def.size] {
            let _ = write!(out, "{byte:02x}");
        }
        out
    }

    fn start(&self) -> Bytes<N> {
        self.start
    }

    fn with_start(&self, state: Bytes<N>) -> Self {
        Custom { def: self.def.clone(), start: state }
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
        let Some(call) = def.vtable.move_name else { return format!("move {}", self.move_token(mv)) };
        let mut buf = [0u8; 256];
        let mut written = 0usize;
        // SAFETY: the game's callback with its context, the move and a buffer of `buf.len()` bytes.
        let code = unsafe { call(def.user, *mv, buf.as_mut_ptr().cast(), buf.len(), &mut written) };
        if code != 0 || written > buf.len() {
            def.fail(Callback::MoveName, if code != 0 { code } else { -1 });
            return format!("move {}", self.move_token(mv));
        }
        String::from_utf8_lossy(&buf[..written]).into_owned()
    }

    /// A* within what [`HINT_BYTES`] of states hold: optimal when the estimate is admissible.
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

    /// One row of the state's bytes (a generic drawing: each cell a byte).
    fn board_size(&self) -> (u32, u32) {
        (self.def.size as u32, 1)
    }

    fn cell(&self, state: &Bytes<N>, index: usize) -> i32 {
        state.0.get(index).map_or(0, |&b| i32::from(b))
    }

    fn explain(&self, _: &Bytes<N>, _: &MoveCode, _: bool, _: &mut HintCells) -> u32 {
        1
    }

    fn failure(&self) -> Option<String> {
        self.def.failure()
    }
}

fn session_of<const N: usize>(def: Definition, start: &[u8]) -> Box<dyn AnySession> {
    Box::new(Session::new(Custom::<N> { def: Arc::new(def), start: Bytes::of(start) }))
}

/// A session of the custom puzzle `vtable` (with context `user`) from the state `start`
/// (`state_size` bytes), in the smallest state size class that holds it; or why the table is refused.
pub fn session(vtable: &LpCustomVtable, user: *mut c_void, start: &[u8]) -> Result<Box<dyn AnySession>, String> {
    let def = Definition::new(vtable, user)?;
    if start.len() != def.size {
        return Err(format!("the start has {} bytes; state_size says {}", start.len(), def.size));
    }
    // Three classes: each is every search compiled once more (the WebAssembly module grows by about
    // 130 KB a class), and a state at most four times its size costs little next to a node's overhead.
    Ok(match def.size {
        0..=16 => session_of::<16>(def, start),
        17..=64 => session_of::<64>(def, start),
        _ => session_of::<256>(def, start),
    })
}
