//! A game's own puzzle, defined by callbacks (a table of C function pointers and a `user` context, as
//! MicroPather asks a game for `AdjacentCost` and `LeastCostEstimate`): the game says what a state's
//! moves are, whether a state is solved and how far it is at least from a goal; every service of the
//! engine built on [`Family`](crate::family::Family) and [`Generate`](crate::generate::Generate) then works
//! on it — stepped hints, every search algorithm with its caps and statistics, generation by difficulty
//! rated exactly, packs with stored solutions.
//!
//! - A state is a fixed number of bytes chosen at creation (1 to [`MAX_STATE_BYTES`]); it is stored in
//!   a fixed array of the smallest size class (16, 64 or 256 bytes) that holds it, so the searches'
//!   arenas hold states without allocating per node.
//! - Successors are *emitted*: the engine passes its own `emit` function, which the game calls once per
//!   successor with the move, a pointer to the next state and the cost. The game never writes into the
//!   engine's memory, so it cannot overflow an engine buffer; `emit` copies the declared number of bytes
//!   and refuses (returns nonzero, and records why) a successor past the declared maximum, a NULL state or
//!   a cost of 0. The other callbacks that write (a text, cells, a drawn state) get a capacity, and a
//!   length written past it is a failure, not a read past the buffer.
//! - A callback reports failure by returning nonzero. Any failure is recorded in the definition, shared
//!   by the puzzle and every solver and generator made from it, and sticks: from then on the C ABI
//!   answers `LP_ERR_CALLBACK` with the reason, because answers computed from a failed callback cannot be
//!   trusted.
//! - A per-frame budget counts one unit per state expanded, whatever the state's branching: the engine
//!   cannot split one successors call, so a game bounds a frame's work by its `max_successors` and the
//!   budget it passes (a built-in family's unit is at most 16 successors).
//! - The heuristic is what the game declares it: an admissible one (or none: 0 is a lower bound) makes
//!   A\* and IDA\* results optimal; otherwise they are labelled not proven, and so are hints. Generation
//!   rates with A\* when the estimate is admissible and with uniform-cost search when it is not, so a
//!   rating is exact either way: the cheapest solution's total cost.
//!
//! Custom puzzles are kept apart from the registry: their definition lives in the game's process, so no
//! description can recreate one without the game's callbacks. The services that start from text or bytes
//! take a puzzle of the kind instead (`lp_puzzle_parse_like`, `lp_pack_load_like`,
//! `lp_generator_create_like`).

mod generate;
mod puzzle;

pub use puzzle::{emit_scored, Bytes, Custom};

use crate::family::{Broken, MoveCode};
use crate::session::{AnySession, Session};
use alloc::boxed::Box;
use alloc::format;
use alloc::string::String;
use alloc::sync::Arc;
use core::cell::UnsafeCell;
use core::ffi::{c_char, c_void};
use core::sync::atomic::{AtomicBool, AtomicI32, AtomicU8, Ordering};

/// The family id `lp_puzzle_family` gives a custom puzzle (no registry family has it).
pub const FAMILY_ID: u32 = 0;
/// The family name a custom puzzle's descriptions start with (`custom:`).
pub const FAMILY_NAME: &str = "custom";
/// Largest state a custom puzzle may declare, in bytes.
pub const MAX_STATE_BYTES: usize = 256;
/// Most successors a custom puzzle may declare for one state.
pub const MAX_SUCCESSORS: u32 = 4096;
/// Most bytes of a custom puzzle's text form or move name.
pub const MAX_TEXT_BYTES: usize = 1024;

/// What the engine passes to the successors callback: call it once per successor with the move, the
/// next state (`state_size` bytes, copied at once) and its cost (at least 1). It returns 0, or nonzero
/// when it refused the successor (the callback should then stop and return).
pub type LpEmit = unsafe extern "C" fn(sink: *mut c_void, mv: MoveCode, next: *const u8, cost: u32) -> i32;

/// A game's puzzle as callbacks. Every callback gets the `user` context given at creation and returns 0
/// on success, anything else on failure (the engine then reports `LP_ERR_CALLBACK` with the callback's
/// name and the code). The callbacks must not call the engine on the puzzle (or a solver or generator
/// of it) that called them. Set what a game does not provide to NULL (0 for the board's sizes).
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
    /// Width of the board the game draws (0: one row of the state's bytes). `lp_puzzle_cells` gives
    /// the state's byte `i` at cell `i`; hint cells index this board row-major.
    pub board_width: u32,
    /// Height of that board (0: one row).
    pub board_height: u32,
    /// Optional: writes the board cells the move `mv` from `state` concerns (at most `cap` indices into
    /// `cells`, row-major on the board; `*count` their number), for highlighting a hint.
    pub move_cells: Option<
        unsafe extern "C" fn(
            user: *mut c_void,
            state: *const u8,
            mv: MoveCode,
            cells: *mut u16,
            cap: usize,
            count: *mut usize,
        ) -> i32,
    >,
    /// Optional: writes the text form of `state` (UTF-8 on one line, at most `cap` bytes; `*written` its
    /// length). Descriptions and packs then read `custom:` and this text instead of the bytes in hex.
    pub describe: Option<
        unsafe extern "C" fn(
            user: *mut c_void,
            state: *const u8,
            buf: *mut c_char,
            cap: usize,
            written: *mut usize,
        ) -> i32,
    >,
    /// Optional (with `describe`): reads a text form (`len` bytes, not NUL-terminated) into `state`
    /// (`state_size` bytes); nonzero when the text is not a state of the puzzle (a parse error, not a
    /// failure of the puzzle).
    pub parse: Option<unsafe extern "C" fn(user: *mut c_void, text: *const c_char, len: usize, state: *mut u8) -> i32>,
    /// Optional: writes a random start drawn from `seed` into `state` (`state_size` bytes), for
    /// generation (`method=draw`). Without it a generator scrambles the puzzle's position by random moves.
    pub draw: Option<unsafe extern "C" fn(user: *mut c_void, seed: u64, state: *mut u8) -> i32>,
}

impl LpCustomVtable {
    /// Nothing set (no callbacks, sizes and ABI version 0): a base for Rust callers' struct update
    /// syntax (`LpCustomVtable { abi_version: LP_ABI_VERSION, state_size: 9, ..LpCustomVtable::BLANK }`).
    ///
    /// cbindgen:ignore
    pub const BLANK: LpCustomVtable = LpCustomVtable {
        abi_version: 0,
        state_size: 0,
        max_successors: 0,
        admissible: false,
        successors: None,
        is_goal: None,
        estimate: None,
        move_name: None,
        board_width: 0,
        board_height: 0,
        move_cells: None,
        describe: None,
        parse: None,
        draw: None,
    };
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
    MoveCells = 6,
    Describe = 7,
    Draw = 8,
}

impl Callback {
    const ALL: [Callback; 8] = [
        Callback::Successors,
        Callback::IsGoal,
        Callback::Estimate,
        Callback::MoveName,
        Callback::Emit,
        Callback::MoveCells,
        Callback::Describe,
        Callback::Draw,
    ];

    fn name(self) -> &'static str {
        match self {
            Callback::Successors => "successors",
            Callback::IsGoal => "is_goal",
            Callback::Estimate => "estimate",
            Callback::MoveName => "move_name",
            Callback::Emit => "emit",
            Callback::MoveCells => "move_cells",
            Callback::Describe => "describe",
            Callback::Draw => "draw",
        }
    }
}

/// Why `emit` refused a successor.
const EMIT_TOO_MANY: i32 = 1;
const EMIT_NULL_STATE: i32 = 2;
const EMIT_ZERO_COST: i32 = 3;
/// The engine failed inside `emit` (a panic caught there: a bug of the engine's, reported as one).
const EMIT_PANIC: i32 = 4;
/// `lp_custom_emit_all` was given a state size that is not the puzzle's.
const EMIT_WRONG_SIZE: i32 = 5;
/// Marks a failure record (beside the callback) as "said it wrote more than the capacity it was given".
const PAST_CAP: u8 = 0x80;

/// A custom puzzle's callbacks and context, shared by the puzzle, its copies, its solvers and its
/// generators, with the first failure any of them met.
pub struct Definition {
    vtable: LpCustomVtable,
    user: *mut c_void,
    size: usize,
    /// 0, or the callback (a [`Callback`]) of the first failure, and its code (32-bit atomics only:
    /// the core runs on targets without 64-bit ones).
    failed: AtomicU8,
    code: AtomicI32,
    /// Taken by the first failure, which then writes `code` and `detail` before it publishes `failed`.
    claimed: AtomicBool,
    /// The game's own words for the first failure ([`report_error`]: an exception's type and message).
    detail: UnsafeCell<Option<String>>,
}

// SAFETY: the game promises (as for every handle) that a puzzle and its solvers are used by one thread
// at a time; the context pointer is only handed back to the game's own callbacks.
unsafe impl Send for Definition {}
// SAFETY: as above; the shared mutable parts are the atomic failure record and `detail`, written only by
// the one caller that claimed the first failure, before `failed` publishes it (read only after).
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
        if vtable.parse.is_some() != vtable.describe.is_some() {
            return Err("describe and parse come together: a text form must read back".into());
        }
        let cells = u64::from(vtable.board_width) * u64::from(vtable.board_height);
        if (vtable.board_width == 0) != (vtable.board_height == 0) || cells > u64::from(u16::MAX) + 1 {
            return Err(format!(
                "the board is {}x{}: both sizes 0, or both set and at most 65,536 cells",
                vtable.board_width, vtable.board_height
            ));
        }
        Ok(Definition {
            vtable: *vtable,
            user,
            size,
            failed: AtomicU8::new(0),
            code: AtomicI32::new(0),
            claimed: AtomicBool::new(false),
            detail: UnsafeCell::new(None),
        })
    }

    fn fail(&self, callback: Callback, code: i32) {
        self.record(callback as u8, code);
    }

    /// Keeps the first failure only, with the game's words for it when a callback of the game failed
    /// and reported them ([`report_error`]).
    fn record(&self, which: u8, code: i32) {
        if self.claimed.swap(true, Ordering::Relaxed) {
            return;
        }
        self.code.store(code, Ordering::Relaxed);
        if which != Callback::Emit as u8 && code != 0 {
            // SAFETY: only the caller that claimed the failure writes `detail`, before publishing it.
            unsafe { *self.detail.get() = take_reported_error() };
        }
        self.failed.store(which, Ordering::Release);
    }

    /// The game's words for the first failure, once it is published.
    fn detail(&self) -> Option<&str> {
        if self.failed.load(Ordering::Acquire) == 0 {
            return None;
        }
        // SAFETY: `failed` is published after `detail` was written, and it is never written again.
        unsafe { (*self.detail.get()).as_deref() }
    }

    /// Whether a writing callback that returned `code` and said it wrote `written` of `cap` items failed
    /// (recording why).
    fn failed_writing(&self, callback: Callback, code: i32, written: usize, cap: usize) -> bool {
        if code != 0 {
            self.fail(callback, code);
        } else if written > cap {
            self.record(callback as u8 | PAST_CAP, 0);
        }
        code != 0 || written > cap
    }

    /// The first failure, in words, and whether it was the engine's own (a panic inside `emit`).
    pub fn failure(&self) -> Option<Broken> {
        let which = self.failed.load(Ordering::Acquire);
        let callback = Callback::ALL.into_iter().find(|c| *c as u8 == which & !PAST_CAP)?;
        let broken = |message: String| Some(Broken { message, internal: false });
        if which & PAST_CAP != 0 {
            return broken(format!("the {} callback said it wrote past the capacity it was given", callback.name()));
        }
        let code = self.code.load(Ordering::Relaxed);
        let max = self.vtable.max_successors;
        let size = self.size;
        broken(match (callback, code) {
            (Callback::Emit, EMIT_TOO_MANY) => {
                format!("the successors callback emitted more than its max_successors ({max})")
            }
            (Callback::Emit, EMIT_NULL_STATE) => "the successors callback emitted a NULL state".into(),
            (Callback::Emit, EMIT_ZERO_COST) => {
                "the successors callback emitted a cost of 0 (costs are at least 1)".into()
            }
            (Callback::Emit, EMIT_WRONG_SIZE) => {
                format!("lp_custom_emit_all or lp_custom_emit_scored was given another state size than the puzzle's {size} bytes")
            }
            (Callback::Emit, _) => {
                return Some(Broken {
                    message: "internal error (please report): the engine failed while taking a successor in emit"
                        .into(),
                    internal: true,
                })
            }
            _ => match self.detail() {
                Some(words) => format!("the {} callback failed with code {code}: {words}", callback.name()),
                None => format!("the {} callback failed with code {code}", callback.name()),
            },
        })
    }

    /// Forgets the failure recorded, so that the next failure is recorded again (the caller has dropped
    /// what the failed callback's answers fed; the contract of one thread at a time per puzzle and its
    /// solvers means no call is reading the record meanwhile).
    fn clear_failure(&self) {
        if !self.claimed.load(Ordering::Acquire) {
            return;
        }
        self.failed.store(0, Ordering::Release);
        // SAFETY: the record is published (`claimed`), so its writer is done; see above for readers.
        unsafe { *self.detail.get() = None };
        self.code.store(0, Ordering::Relaxed);
        self.claimed.store(false, Ordering::Release);
    }

    fn failed(&self) -> bool {
        self.failed.load(Ordering::Relaxed) != 0
    }

    /// The text a callback writes into a buffer of [`MAX_TEXT_BYTES`] (`call` gets the buffer, its
    /// capacity and where to write the length), or `None` after recording its failure.
    fn text(&self, callback: Callback, call: impl FnOnce(*mut c_char, usize, &mut usize) -> i32) -> Option<String> {
        let mut buf = [0u8; MAX_TEXT_BYTES];
        let mut written = 0usize;
        let code = call(buf.as_mut_ptr().cast(), buf.len(), &mut written);
        if self.failed_writing(callback, code, written, buf.len()) {
            return None;
        }
        Some(String::from_utf8_lossy(&buf[..written]).into_owned())
    }
}

#[cfg(feature = "std")]
std::thread_local! {
    /// The words a callback running on this thread gave for the failure it is about to report.
    static REPORTED: core::cell::RefCell<Option<String>> = const { core::cell::RefCell::new(None) };
}

/// Says, from inside a callback about to return a nonzero code, what went wrong in the game's own words
/// (an exception's type and message): the failure the engine records keeps them, and `lp_last_error`
/// says them after its own sentence. The words are kept for the next failure a callback on this thread
/// reports; [`forget_reported_error`] drops them. Without `std` (no threads to keep them per thread) it
/// does nothing.
pub fn report_error(words: &str) {
    #[cfg(feature = "std")]
    REPORTED.with(|r| *r.borrow_mut() = Some(String::from(words)));
    #[cfg(not(feature = "std"))]
    let _ = words;
}

/// Drops words reported but never used by a failure (the C ABI does so as every call begins).
pub fn forget_reported_error() {
    #[cfg(feature = "std")]
    REPORTED.with(|r| {
        if let Ok(mut r) = r.try_borrow_mut() {
            r.take();
        }
    });
}

/// The words a callback reported on this thread, taken.
fn take_reported_error() -> Option<String> {
    #[cfg(feature = "std")]
    {
        REPORTED.with(|r| r.try_borrow_mut().ok().and_then(|mut r| r.take()))
    }
    #[cfg(not(feature = "std"))]
    {
        None
    }
}

/// Runs `f`, catching a panic where unwinding can be caught (with `std`): `None` after one. Used inside
/// the `extern "C"` functions the engine hands to a game, which must never unwind into the game's code.
fn contained<R>(f: impl FnOnce() -> R) -> Option<R> {
    #[cfg(feature = "std")]
    {
        std::panic::catch_unwind(core::panic::AssertUnwindSafe(f)).ok()
    }
    #[cfg(not(feature = "std"))]
    {
        Some(f())
    }
}

fn session_of<const N: usize>(def: Definition, start: &[u8]) -> Box<dyn AnySession> {
    let puzzle = Custom::<N>::new(Arc::new(def), Bytes::of(start));
    Box::new(Session::with_generator_like(puzzle, |puzzle, from, params, seed| {
        generate::generator(&crate::family::Family::with_start(puzzle, *from), params, seed)
    }))
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
