//! Puzzle handles: parse, describe, draw, play, hint.

use super::glue::{
    guard, hand_out, handle, handle_mut, in_range, release, report_work, slice, status_outcome, text, write_items,
    write_text, Failure, Handle, LpStatus, Out, Outcome,
};
use crate::family::{Family, HintCells, MoveCode, Tier};
use crate::generate::Fact;
use crate::registry;
use crate::session::{AnySession, GeneratedSession, LoadError, Session};
use std::ffi::c_char;

/// A puzzle being played: the puzzle, the player's current position and its hinter. Opaque.
pub struct LpPuzzle {
    pub(crate) session: Box<dyn AnySession>,
    /// What the generator established about it (none for a puzzle not generated).
    pub(crate) facts: Vec<Fact>,
}

impl Handle for LpPuzzle {
    const NAME: &'static str = "puzzle";
}

impl LpPuzzle {
    /// A handle on `session`.
    pub(crate) fn of(session: Box<dyn AnySession>) -> LpPuzzle {
        LpPuzzle { session, facts: Vec::new() }
    }

    /// `outcome`, unless the puzzle's definition failed during the call (a game's callback,
    /// [`crate::custom`]): then `LP_ERR_CALLBACK` with the reason, since answers computed from a failed
    /// callback cannot be trusted. The failure is taken, so that the next call may try again (a call that
    /// reads only; one that plays or searches runs under [`LpPuzzle::recovering`]).
    pub(crate) fn checked(&self, outcome: Outcome) -> Outcome {
        match self.session.take_failure() {
            Some(why) => Err(Failure::from(why)),
            None => outcome,
        }
    }

    /// `LP_OK`, unless the puzzle's definition failed during a call that plays or searches (a game's
    /// callback), which began with `played` moves in the history: then the game goes back to the
    /// position before the call and forgets the searches in progress (they may have read the failed
    /// callback's answers), and the call answers `LP_ERR_CALLBACK` with the reason. The next call may
    /// try again.
    pub(crate) fn recovered(&mut self, played: usize) -> Outcome {
        match self.session.recover(played) {
            Some(why) => Err(Failure::from(why)),
            None => Ok(LpStatus::LP_OK),
        }
    }

    /// A handle on a generated puzzle, keeping its facts.
    pub(crate) fn generated(generated: GeneratedSession) -> LpPuzzle {
        LpPuzzle { session: generated.session, facts: generated.facts }
    }

    /// Hands `puzzle` out as a new handle at its start (for the families' own creators).
    pub(crate) fn hand_out<F: Family>(puzzle: F, out: Out<*mut LpPuzzle>) -> LpStatus {
        hand_out(LpPuzzle::of(Box::new(Session::new(puzzle))), out)
    }
}

/// A hint: the move to play, how many moves remain from the current position (this one included), and
/// why (a reason code of the puzzle's family: see `lp_family_reason`). The cells it concerns and its
/// sentence come from [`lp_hint_cells`] and [`lp_hint_text`].
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LpHint {
    /// The move to play now.
    pub mv: MoveCode,
    /// Moves left to the goal, counting this one.
    pub moves_left: u32,
    /// 1 when `moves_left` is the optimal distance, 0 otherwise.
    pub optimal: u32,
    /// The family's reason code.
    pub reason: u32,
}

impl From<crate::session::SessionHint> for LpHint {
    fn from(h: crate::session::SessionHint) -> LpHint {
        LpHint { mv: h.mv, moves_left: h.moves_left, optimal: h.optimal as u32, reason: h.reason }
    }
}

/// Parses a one-line text description (`tiles:3x3:8,6,7,2,5,4,3,0,1`) into a new puzzle at its start.
/// Bad text gives `LP_ERR_PARSE`; the message names the column and the reason.
///
/// # Safety
/// `desc` must be NULL or a NUL-terminated string; `out` must be NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn lp_puzzle_parse(desc: *const c_char, out: *mut *mut LpPuzzle) -> LpStatus {
    guard(|| {
        // SAFETY: forwarded caller guarantees.
        let (out, desc) = unsafe { (Out::new(out, "out")?, text(desc, "desc")?) };
        let session = registry::parse(desc).map_err(|e| Failure::new(LpStatus::LP_ERR_PARSE, e.to_string()))?;
        Ok(hand_out(LpPuzzle::of(session), out))
    })
}

/// Parses a description of a puzzle of the same kind as `like` into a new puzzle at its start: for a
/// built-in family as [`lp_puzzle_parse`]; for a custom puzzle (`custom:` and its text form, or its bytes
/// in hexadecimal, as `lp_puzzle_describe` writes them) with `like`'s callbacks, which the new puzzle
/// shares. Bad text gives `LP_ERR_PARSE`.
///
/// # Safety
/// `like` must be NULL or a live handle; `desc` NULL or a NUL-terminated string; `out` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn lp_puzzle_parse_like(
    like: *const LpPuzzle,
    desc: *const c_char,
    out: *mut *mut LpPuzzle,
) -> LpStatus {
    guard(|| {
        // SAFETY: forwarded caller guarantees.
        let (out, like, desc) = unsafe { (Out::new(out, "out")?, handle(like)?, text(desc, "desc")?) };
        let session = like.session.like(desc, None, false).map_err(|e| match e {
            LoadError::Parse(e) => Failure::new(LpStatus::LP_ERR_PARSE, e.to_string()),
            LoadError::Solution(why) => Failure::invalid(why),
        })?;
        like.checked(Ok(LpStatus::LP_OK))?;
        Ok(hand_out(LpPuzzle::of(session), out))
    })
}

/// Releases a puzzle. NULL is ignored.
///
/// # Safety
/// `puzzle` must be NULL or a handle from this library not yet freed.
#[no_mangle]
pub unsafe extern "C" fn lp_puzzle_free(puzzle: *mut LpPuzzle) {
    // SAFETY: forwarded caller guarantee.
    unsafe { release(puzzle) }
}

/// The text description of the puzzle from its current position (parsing it resumes the game).
///
/// # Safety
/// `puzzle` must be NULL or a live handle; `buf` NULL or `cap` writable bytes; `written` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn lp_puzzle_describe(
    puzzle: *const LpPuzzle,
    buf: *mut c_char,
    cap: usize,
    written: *mut usize,
) -> LpStatus {
    guard(|| {
        // SAFETY: forwarded caller guarantees.
        let puzzle = unsafe { handle(puzzle) }?;
        let desc = puzzle.session.describe();
        // A custom puzzle's describe callback may have failed (its bytes in hexadecimal were written then).
        // SAFETY: forwarded caller guarantees.
        puzzle.checked(unsafe { write_text(&desc, buf, cap, written) })
    })
}

/// The id of the puzzle's family (see `lp_family_info`).
///
/// # Safety
/// `puzzle` must be NULL or a live handle; `family` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn lp_puzzle_family(puzzle: *const LpPuzzle, family: *mut u32) -> LpStatus {
    guard(|| {
        // SAFETY: forwarded caller guarantees.
        let (family, puzzle) = unsafe { (Out::new(family, "family")?, handle(puzzle)?) };
        // A custom puzzle is not in the registry: its family is 0.
        family.write(registry::find(puzzle.session.family()).map_or(crate::custom::FAMILY_ID, |e| e.id));
        Ok(LpStatus::LP_OK)
    })
}

/// Width and height of the grid [`lp_puzzle_cells`] fills.
///
/// # Safety
/// `puzzle` must be NULL or a live handle; `width` and `height` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn lp_puzzle_size(puzzle: *const LpPuzzle, width: *mut u32, height: *mut u32) -> LpStatus {
    guard(|| {
        // SAFETY: forwarded caller guarantees.
        let (width, height, puzzle) =
            unsafe { (Out::new(width, "width")?, Out::new(height, "height")?, handle(puzzle)?) };
        let (w, h) = puzzle.session.board_size();
        width.write(w);
        height.write(h);
        Ok(LpStatus::LP_OK)
    })
}

/// Copies the current board, row-major (`width·height` values; what they mean is the family's: see its
/// documentation), into `buf`; `*written` receives the number of cells.
///
/// # Safety
/// `puzzle` must be NULL or a live handle; `buf` NULL or `cap` writable values; `written` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn lp_puzzle_cells(
    puzzle: *const LpPuzzle,
    buf: *mut i32,
    cap: usize,
    written: *mut usize,
) -> LpStatus {
    guard(|| {
        // SAFETY: forwarded caller guarantees.
        let puzzle = unsafe { handle(puzzle) }?;
        let (w, h) = puzzle.session.board_size();
        let cells: Vec<i32> = (0..(w * h) as usize).map(|i| puzzle.session.cell(i)).collect();
        // SAFETY: forwarded caller guarantees.
        unsafe { write_items(&cells, buf, cap, written) }
    })
}

/// The moves the family's searches consider from the current position (every legal move for most
/// families), into `buf`; `*written` receives their number.
///
/// # Safety
/// `puzzle` must be NULL or a live handle; `buf` NULL or `cap` writable moves; `written` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn lp_puzzle_moves(
    puzzle: *const LpPuzzle,
    buf: *mut MoveCode,
    cap: usize,
    written: *mut usize,
) -> LpStatus {
    guard(|| {
        // SAFETY: forwarded caller guarantees.
        let puzzle = unsafe { handle(puzzle) }?;
        let moves = puzzle.session.legal_moves();
        puzzle.checked(Ok(LpStatus::LP_OK))?;
        // SAFETY: forwarded caller guarantees.
        unsafe { write_items(&moves, buf, cap, written) }
    })
}

/// The sentence of `mv` played from the current position ("slide 7 left"); `LP_ERR_ILLEGAL_MOVE` when it
/// is not legal there.
///
/// # Safety
/// `puzzle` must be NULL or a live handle; `buf` NULL or `cap` writable bytes; `written` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn lp_puzzle_move_text(
    puzzle: *const LpPuzzle,
    mv: MoveCode,
    buf: *mut c_char,
    cap: usize,
    written: *mut usize,
) -> LpStatus {
    guard(|| {
        // SAFETY: forwarded caller guarantees.
        let puzzle = unsafe { handle(puzzle) }?;
        let sentence = puzzle.session.move_text(&mv);
        puzzle.checked(Ok(LpStatus::LP_OK))?;
        let sentence =
            sentence.ok_or_else(|| Failure::new(LpStatus::LP_ERR_ILLEGAL_MOVE, puzzle.session.illegal_move(&mv)))?;
        // SAFETY: forwarded caller guarantees.
        unsafe { write_text(&sentence, buf, cap, written) }
    })
}

/// How the family's sentences name piece `piece` (the index `LpMove.piece` carries) — `key` `"name"`:
/// "the X pentomino", "the red car", "truck C" — or the character its drawings label it with (`key`
/// `"label"`: "X", "A", "C"), as text (`(buf, cap, *written)`, see [`lp_puzzle_describe`]); a game's tray
/// or legend then speaks as its hints do. `LP_NOT_FOUND` for a family whose moves name no piece (tiles,
/// jugs, flip, Linjat, custom puzzles) or a piece the puzzle does not have.
///
/// # Safety
/// `puzzle` must be NULL or a live handle; `key` NULL or a NUL-terminated string; `buf` NULL or `cap`
/// writable bytes; `written` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn lp_puzzle_piece_name(
    puzzle: *const LpPuzzle,
    piece: u32,
    key: *const c_char,
    buf: *mut c_char,
    cap: usize,
    written: *mut usize,
) -> LpStatus {
    guard(|| {
        // SAFETY: forwarded caller guarantees.
        let (puzzle, key) = unsafe { (handle(puzzle)?, text(key, "key")?) };
        if key != "name" && key != "label" {
            return Err(Failure::invalid(format!("a piece is named by \"name\" or \"label\", not '{key}'")));
        }
        let named = puzzle.session.piece_name(piece).ok_or_else(|| {
            let family = puzzle.session.family();
            Failure::new(LpStatus::LP_NOT_FOUND, format!("{family}: no piece {piece} to name"))
        })?;
        let text = if key == "name" { named.name } else { named.label.to_string() };
        // SAFETY: forwarded caller guarantees.
        unsafe { write_text(&text, buf, cap, written) }
    })
}

/// Plays `mv` from the current position. An illegal move gives `LP_ERR_ILLEGAL_MOVE` and changes nothing.
///
/// # Safety
/// `puzzle` must be NULL or a live handle.
#[no_mangle]
pub unsafe extern "C" fn lp_puzzle_apply(puzzle: *mut LpPuzzle, mv: MoveCode) -> LpStatus {
    guard(|| {
        // SAFETY: forwarded caller guarantees.
        let puzzle = unsafe { handle_mut(puzzle) }?;
        let played = puzzle.session.history_len().0;
        let applied = puzzle.session.apply(&mv);
        puzzle.recovered(played)?;
        applied.map_err(|e| Failure::new(LpStatus::LP_ERR_ILLEGAL_MOVE, e))?;
        Ok(LpStatus::LP_OK)
    })
}

/// Whether the current position is solved.
///
/// # Safety
/// `puzzle` must be NULL or a live handle; `solved` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn lp_puzzle_is_solved(puzzle: *const LpPuzzle, solved: *mut bool) -> LpStatus {
    guard(|| {
        // SAFETY: forwarded caller guarantees.
        let (solved, puzzle) = unsafe { (Out::new(solved, "solved")?, handle(puzzle)?) };
        let is_solved = puzzle.session.is_solved();
        puzzle.checked(Ok(LpStatus::LP_OK))?;
        solved.write(is_solved);
        Ok(LpStatus::LP_OK)
    })
}

/// The next hint from the current position, expanding at most `budget` nodes in this call (a budget of 0
/// counts as 1): call it once per frame until it stops returning `LP_IN_PROGRESS`. `LP_OK` writes `*hint`; `LP_ALREADY_SOLVED`,
/// `LP_UNSOLVABLE` ("no solution from here"), `LP_OUT_OF_NODES` and `LP_NOT_FOUND` do not. While the player
/// follows the hints, answers come from the stored plan without searching; when the player deviates, a
/// new search starts from where the player is. The first call reserves the hinter's memory; later calls
/// allocate nothing. [`lp_hint_cells`] and [`lp_hint_text`] describe the hint.
///
/// # Safety
/// `puzzle` must be NULL or a live handle; `hint` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn lp_next_hint(puzzle: *mut LpPuzzle, budget: u32, hint: *mut LpHint) -> LpStatus {
    guard(|| {
        // SAFETY: forwarded caller guarantees.
        let (hint, puzzle) = unsafe { (Out::new(hint, "hint")?, handle_mut(puzzle)?) };
        let played = puzzle.session.history_len().0;
        let answer = puzzle.session.next_hint(budget);
        report_work(puzzle.session.hint_work());
        puzzle.recovered(played)?;
        hint_outcome(answer, hint, "no hint")
    })
}

/// Proves the solution a pack or a generator handed with the puzzle (a pack's is not known to be optimal,
/// so hints along it do not say so) by an optimal search from the start, expanding at most `budget` nodes
/// in this call: call it once per frame, as [`lp_next_hint`], until it stops returning `LP_IN_PROGRESS`.
/// `LP_OK`: proven, hints along the plan now say optimal (their `moves_left` is the distance); the
/// search's solution is the plan from then on. `LP_NOT_FOUND`: no solution is known from the start, or the
/// family's search cannot prove optimality (the message says which); `LP_OUT_OF_NODES`: the node limit
/// ([`lp_puzzle_set_node_limit`]) was reached. It shares the hinter's search: a hint searched from off the
/// plan in between makes the proof start again. Costs what the first hint of the level typed as a
/// description costs; a game that never shows "optimal" need not call it.
///
/// # Safety
/// `puzzle` must be NULL or a live handle.
#[no_mangle]
pub unsafe extern "C" fn lp_puzzle_prove_plan(puzzle: *mut LpPuzzle, budget: u32) -> LpStatus {
    guard(|| {
        // SAFETY: forwarded caller guarantee.
        let puzzle = unsafe { handle_mut(puzzle)? };
        let played = puzzle.session.history_len().0;
        let answer = puzzle.session.prove_plan(budget);
        report_work(puzzle.session.hint_work());
        puzzle.recovered(played)?;
        match answer {
            Ok(true) => Ok(LpStatus::LP_OK),
            Ok(false) => Err(Failure {
                status: LpStatus::LP_NOT_FOUND,
                context: "no proof",
                message: "the family's search cannot prove this puzzle's solutions optimal".into(),
            }),
            Err(status) => status_outcome(status, "no proof"),
        }
    })
}

/// "Check my board": what [`lp_check_board`] found from the player's position and moves.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LpBoardCheck {
    /// Moves from the current position to the goal; -1 when it cannot be solved.
    pub distance: i32,
    /// Moves from the start to the goal; -1 when it never could be solved.
    pub start_distance: i32,
    /// The player's first move (0-based, counted from the start) off every shortest solution; -1 when
    /// every move was on one.
    pub first_wrong: i32,
    /// The move (0-based) after which the puzzle could no longer be solved (a dead end: jugs without a
    /// tap back, a lost blocks position); -1 when it still can.
    pub lost_at: i32,
    /// The player's moves checked: those since the start (or since the position was parsed).
    pub moves: u32,
    /// 1 when the distances are proven optimal (the family's solver is exact for the puzzle), else 0.
    pub exact: u32,
    /// Cells of the parts drawn or placed that the one solution does not have, or in a lost position of
    /// the parts its reason blames (Sokoban's boxes, and goals they compete for) ([`lp_check_cells`]).
    pub mistake_cells: u32,
    /// 1 when those were decided (Linjat's segments, Hargram's pieces, on a puzzle with one solution),
    /// else 0.
    pub mistakes_known: u32,
}

impl From<&crate::check::BoardCheck> for LpBoardCheck {
    fn from(c: &crate::check::BoardCheck) -> LpBoardCheck {
        let signed = |v: Option<u32>| v.map_or(-1, |v| i32::try_from(v).unwrap_or(i32::MAX));
        LpBoardCheck {
            distance: signed(c.distance),
            start_distance: signed(c.start_distance),
            first_wrong: signed(c.first_wrong),
            lost_at: signed(c.lost_at),
            moves: c.moves,
            exact: u32::from(c.exact),
            mistake_cells: c.mistakes.len() as u32,
            mistakes_known: u32::from(c.mistakes_known),
        }
    }
}

/// "Check my board", a frame at a time as a hint: from the current position and the player's moves
/// since the start (the moves made through [`lp_puzzle_apply`]), whether the puzzle can still be solved,
/// how far the goal is now against the start, the player's first move off every shortest solution, the
/// move after which the puzzle was lost, and (Linjat, Hargram; a puzzle with one solution) the parts no
/// solution has. It works at most about `budget` units in this call (a budget of 0 counts as 1):
/// `LP_IN_PROGRESS` until `LP_OK` writes `*check`; `LP_OUT_OF_NODES` when a search reached the node
/// limit. A move since the last call starts a new check. At most about `2 + 2 log2 moves` searches of
/// the family's own solver, each bounded by the puzzle's node limit; the first call reserves the memory.
/// A position whose distance an optimal hint's plan or an earlier check told is not searched again, so
/// a check of a game whose player followed the hints (and left them now and then) costs about one
/// search, the start's: what a first hint costs (`lp bench checks`).
///
/// # Safety
/// `puzzle` must be NULL or a live handle; `check` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn lp_check_board(puzzle: *mut LpPuzzle, budget: u32, check: *mut LpBoardCheck) -> LpStatus {
    guard(|| {
        // SAFETY: forwarded caller guarantees.
        let (check, puzzle) = unsafe { (Out::new(check, "check")?, handle_mut(puzzle)?) };
        let played = puzzle.session.history_len().0;
        let answer = puzzle.session.check_board(budget);
        report_work(puzzle.session.check_work());
        puzzle.recovered(played)?;
        match answer {
            Ok(found) => {
                check.write((&found).into());
                Ok(LpStatus::LP_OK)
            }
            Err(status) => status_outcome(status, "no check"),
        }
    })
}

/// The cells of the parts the last finished [`lp_check_board`] found wrong (drawn or placed where the
/// one solution has none), row-major indices of the grid; empty when none or not decided.
///
/// # Safety
/// `puzzle` must be NULL or a live handle; `buf` NULL or `cap` writable values; `written` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn lp_check_cells(
    puzzle: *const LpPuzzle,
    buf: *mut u16,
    cap: usize,
    written: *mut usize,
) -> LpStatus {
    // SAFETY: forwarded caller guarantees.
    guard(|| unsafe { write_items(handle(puzzle)?.session.check_cells(), buf, cap, written) })
}

/// "Solve the trivial steps" from the current position, a frame at a time as a hint: it works at most
/// about `budget` units in this call (a budget of 0 counts as 1) and answers `LP_IN_PROGRESS` until
/// done — call it again from the same position with the same arguments — then plays the moves and writes
/// them into `(buf, cap)` (`*written` of them; at most `cap` and `max_moves` are played, so the buffer
/// holds every one). For a family that deduces as a player does (Linjat): every segment the rules
/// `rules` (`rule_count` reason codes, see `lp_family_reason`; none for all of them) fix, once a search
/// has shown that a solution keeps every segment drawn — `LP_NOT_FOUND` ("the board holds a part no
/// solution has") and nothing played when none does: rules applied to a mistake would build on it, so
/// the player takes it off first (`lp_check_board` names it). For the others: forced moves, each the
/// only move of its position that leads to a solvable position, a search per move of each position, each
/// bounded by the node limit (the moves before a search that reached it are played; `LP_OUT_OF_NODES`
/// when there are none). Nothing is played from a solved or unsolvable position. `lp_last_work` gives
/// the units spent.
///
/// # Safety
/// `puzzle` must be NULL or a live handle; `rules` NULL (with `rule_count` 0) or `rule_count` readable
/// values; `buf` NULL or `cap` writable moves; `written` NULL or writable.
#[no_mangle]
#[allow(clippy::too_many_arguments)]
pub unsafe extern "C" fn lp_trivial_steps(
    puzzle: *mut LpPuzzle,
    rules: *const u32,
    rule_count: usize,
    budget: u32,
    max_moves: u32,
    buf: *mut MoveCode,
    cap: usize,
    written: *mut usize,
) -> LpStatus {
    guard(|| {
        // SAFETY: forwarded caller guarantees.
        let puzzle = unsafe { handle_mut(puzzle) }?;
        let played = puzzle.session.history_len().0;
        in_range(rule_count, 0..=64, "rule_count")?;
        // SAFETY: forwarded caller guarantees.
        let rules = unsafe { slice(rules, rule_count, "rules") }?;
        let steps = puzzle.session.trivial_steps(rules, cap.min(max_moves as usize), budget);
        report_work(puzzle.session.trivial_work());
        puzzle.recovered(played)?;
        match steps {
            // SAFETY: forwarded caller guarantees.
            Ok(moves) => unsafe { write_items(&moves, buf, cap, written) },
            Err(status) => status_outcome(status, "no trivial steps"),
        }
    })
}

/// Writes a hint that came, or maps why none did (`what`: "no hint") to its status and message.
fn hint_outcome(
    answer: Result<crate::session::SessionHint, crate::search::Status>,
    out: Out<LpHint>,
    what: &'static str,
) -> Outcome {
    match answer {
        Ok(h) => {
            out.write(h.into());
            Ok(LpStatus::LP_OK)
        }
        Err(status) => status_outcome(status, what),
    }
}

/// The reason code of a partial hint ([`lp_partial_hint`]); no family's reasons use it.
pub const LP_REASON_PARTIAL: u32 = 0xFFFF_FFFF;
const _: () = assert!(LP_REASON_PARTIAL == crate::family::PARTIAL);

/// After [`lp_next_hint`] returned `LP_OUT_OF_NODES` (or while it returns `LP_IN_PROGRESS`): a partial
/// hint, as Detour's `DT_PARTIAL_RESULT` — the first move toward the position closest to the goal (by the
/// family's estimate) that the search from the current position reached. `hint->reason` is
/// `LP_REASON_PARTIAL`, `hint->optimal` 0, and `hint->moves_left` an estimate (the moves to that
/// position plus its estimate); [`lp_hint_text`] says it is partial ("…: toward the position closest to
/// the goal that the search reached") and [`lp_hint_cells`] gives its cells. For a game that would rather
/// nudge the player than say nothing; playing it and asking again searches afresh from there.
/// `LP_NOT_FOUND` when there is none: no search ran from this position, the search keeps no partial
/// result (beam, hill climbing, annealing, a family's own solver), or nothing it reached is closer than
/// the position itself. Writes the hint only on `LP_OK`.
///
/// # Safety
/// `puzzle` must be NULL or a live handle; `hint` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn lp_partial_hint(puzzle: *mut LpPuzzle, hint: *mut LpHint) -> LpStatus {
    guard(|| {
        // SAFETY: forwarded caller guarantees.
        let (hint, puzzle) = unsafe { (Out::new(hint, "hint")?, handle_mut(puzzle)?) };
        let played = puzzle.session.history_len().0;
        let answer = puzzle.session.partial_hint();
        puzzle.recovered(played)?;
        hint_outcome(answer, hint, "no partial hint")
    })
}

/// [`lp_next_hint`] bounded by time instead of nodes: works in slices until the hint is ready or
/// `max_microseconds` have passed (then `LP_IN_PROGRESS`: call again next frame). Each slice is at most
/// half the time left at the rate measured so far (and at most the family's recommended budget,
/// `lp_family_frame_budget`), so a call returns within about `max_microseconds` plus one budget unit
/// (a node expansion of at most 16 successors, or a part of one: a few microseconds); the first call,
/// which also reserves the hinter's memory, included. The node budget stays the deterministic way to
/// step a search; this one is for games that think in milliseconds. Not in the `wasm32-unknown-unknown`
/// build of the JavaScript package (it has no clock); emscripten's (Unity WebGL) has it.
///
/// # Safety
/// `puzzle` must be NULL or a live handle; `hint` NULL or writable.
#[cfg(not(all(target_family = "wasm", target_os = "unknown")))]
#[no_mangle]
pub unsafe extern "C" fn lp_next_hint_timed(
    puzzle: *mut LpPuzzle,
    max_microseconds: u32,
    hint: *mut LpHint,
) -> LpStatus {
    guard(|| {
        // SAFETY: forwarded caller guarantees.
        let (out, puzzle) = unsafe { (Out::new(hint, "hint")?, handle_mut(puzzle)?) };
        let played = puzzle.session.history_len().0;
        let frame_budget = puzzle.session.frame_budget();
        let started = std::time::Instant::now();
        let clock = || started.elapsed().as_nanos().min(u64::MAX as u128) as u64;
        let limit = u64::from(max_microseconds) * 1000;
        let mut work = 0u32;
        let answer = crate::hint::within_time(limit, frame_budget, clock, |slice| {
            let answer = puzzle.session.next_hint(slice);
            work = work.saturating_add(puzzle.session.hint_work());
            answer
        });
        report_work(work);
        puzzle.recovered(played)?;
        hint_outcome(answer, out, "no hint")
    })
}

/// The cells the last hint concerns (for highlighting), as row-major indices of the grid of
/// [`lp_puzzle_size`]: the tile and the blank, the jugs poured, the panels flipped, the cells of the piece
/// (as many as the hint has, at most 256: a short buffer gives `LP_ERR_BUFFER_TOO_SMALL` with the number
/// needed).
/// `LP_NOT_FOUND` when no hint was given since the last move, undo or redo (a move drops the hint).
///
/// # Safety
/// `puzzle` must be NULL or a live handle; `buf` NULL or `cap` writable values; `written` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn lp_hint_cells(
    puzzle: *const LpPuzzle,
    buf: *mut u16,
    cap: usize,
    written: *mut usize,
) -> LpStatus {
    // SAFETY: forwarded caller guarantees.
    guard(|| {
        // SAFETY: forwarded caller guarantees.
        let puzzle = unsafe { handle(puzzle) }?;
        let none = || Failure::new(LpStatus::LP_NOT_FOUND, "no hint was given since the last move");
        // SAFETY: forwarded caller guarantees.
        unsafe { write_items(puzzle.session.hint_cells().ok_or_else(none)?, buf, cap, written) }
    })
}

/// The sentence of the last hint, in English ("slide 7 left: the first move of a shortest solution"). Made
/// when asked for (this call allocates; `lp_next_hint` does not). `LP_NOT_FOUND` when no hint was given
/// since the last move, undo or redo.
///
/// # Safety
/// `puzzle` must be NULL or a live handle; `buf` NULL or `cap` writable bytes; `written` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn lp_hint_text(
    puzzle: *const LpPuzzle,
    buf: *mut c_char,
    cap: usize,
    written: *mut usize,
) -> LpStatus {
    guard(|| {
        // SAFETY: forwarded caller guarantees.
        let puzzle = unsafe { handle(puzzle) }?;
        let sentence =
            puzzle.session.hint_text().ok_or_else(|| Failure::new(LpStatus::LP_NOT_FOUND, "no hint was given yet"))?;
        // A game's move_name that failed said nothing: the call says so, not a sentence of numbers.
        puzzle.checked(Ok(LpStatus::LP_OK))?;
        // SAFETY: forwarded caller guarantees.
        unsafe { write_text(&sentence, buf, cap, written) }
    })
}

/// Why the current position is lost, in the family's words, when the family sees it without a search
/// (Sokoban: "box 3 is in a corner off the goals at row 5, column 5: it can never leave"), for the game to
/// show beside `LP_UNSOLVABLE`. `LP_NOT_FOUND` when it sees no such reason (the position may still be
/// lost: `lp_next_hint` or `lp_check_board` tell). Allocates.
///
/// # Safety
/// `puzzle` must be NULL or a live handle; `buf` NULL or `cap` writable bytes; `written` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn lp_puzzle_lost_text(
    puzzle: *const LpPuzzle,
    buf: *mut c_char,
    cap: usize,
    written: *mut usize,
) -> LpStatus {
    guard(|| {
        // SAFETY: forwarded caller guarantees.
        let puzzle = unsafe { handle(puzzle) }?;
        let why = puzzle.session.lost_text().ok_or_else(|| {
            Failure::new(LpStatus::LP_NOT_FOUND, "no reason seen without search why the position is lost")
        })?;
        // SAFETY: forwarded caller guarantees.
        unsafe { write_text(&why, buf, cap, written) }
    })
}

/// The tier asked for, or why there is none.
fn tier_of(tier: u32) -> Result<Tier, Failure> {
    Tier::of(tier).ok_or_else(|| {
        Failure::invalid(format!(
            "a hint's tiers are 1 (where to look), 2 (what to move), 3 (the move) and 4 (the plan), not {tier}"
        ))
    })
}

fn no_hint_here() -> Failure {
    Failure::new(LpStatus::LP_NOT_FOUND, "no hint was given from this position: ask lp_next_hint first")
}

/// The cells of tier `tier` of the last hint, from the vaguest to the whole answer (Professor Layton's
/// hint coins), all read off the plan the hint came from so that they never contradict one another:
/// 1 where to look (the region or pieces that matter now: it holds tier 2's cells), 2 what to move (the
/// tile, block, jug or number, without where it goes; none for a Hargram piece still in the tray), 3 the
/// move (the cells of [`lp_hint_cells`]), 4 the plan (tier 3's cells; its moves: [`lp_hint_plan`]).
/// `LP_NOT_FOUND` when no hint was given from the current position (ask [`lp_next_hint`] first: a move
/// since then drops the hint); `LP_ERR_INVALID_ARGUMENT` for another tier. Allocates nothing.
///
/// # Safety
/// `puzzle` must be NULL or a live handle; `buf` NULL or `cap` writable values; `written` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn lp_hint_tier_cells(
    puzzle: *mut LpPuzzle,
    tier: u32,
    buf: *mut u16,
    cap: usize,
    written: *mut usize,
) -> LpStatus {
    guard(|| {
        // SAFETY: forwarded caller guarantees.
        let puzzle = unsafe { handle_mut(puzzle) }?;
        let tier = tier_of(tier)?;
        // Copied out (no allocation: the cells' own fixed capacity) so that a game's callback that failed
        // on the way can say so first (a custom puzzle's cells come from it).
        let cells = puzzle.session.hint_tier_cells(tier).map(|c| HintCells::from_slice(c).unwrap_or_default());
        puzzle.checked(Ok(LpStatus::LP_OK))?;
        let cells = cells.ok_or_else(no_hint_here)?;
        // SAFETY: forwarded caller guarantees.
        unsafe { write_items(&cells, buf, cap, written) }
    })
}

/// The sentence of tier `tier` of the last hint, in the family's words: 1 "finish the top row", "the red
/// car's way out: a vehicle in the highlighted lanes moves next" (an area, never the piece tier 2
/// names); 2 "move tile 7", "pour from jug 2"; 3 the hint's sentence
/// ([`lp_hint_text`]); 4 the plan's first `moves` moves ("the next 3 moves: slide 7 left; …"). Errors
/// as [`lp_hint_tier_cells`]. Made when asked for (this call allocates).
///
/// # Safety
/// `puzzle` must be NULL or a live handle; `buf` NULL or `cap` writable bytes; `written` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn lp_hint_tier_text(
    puzzle: *mut LpPuzzle,
    tier: u32,
    moves: u32,
    buf: *mut c_char,
    cap: usize,
    written: *mut usize,
) -> LpStatus {
    guard(|| {
        // SAFETY: forwarded caller guarantees.
        let puzzle = unsafe { handle_mut(puzzle) }?;
        let tier = tier_of(tier)?;
        let text = puzzle.session.hint_tier_text(tier, moves as usize);
        puzzle.checked(Ok(LpStatus::LP_OK))?;
        let text = text.ok_or_else(no_hint_here)?;
        // SAFETY: forwarded caller guarantees.
        unsafe { write_text(&text, buf, cap, written) }
    })
}

/// Tier 4 of the last hint, the plan: its next moves, at most `cap` of them (the game chooses how many
/// a "super hint" shows), the first the hint's own; `*written` is how many were written (the plan may be
/// shorter; `LpHint.moves_left` counts it whole). Each replays legally from the position, in order.
/// `LP_NOT_FOUND` when no hint was given from the current position. Allocates nothing.
///
/// # Safety
/// `puzzle` must be NULL or a live handle; `buf` NULL or `cap` writable moves; `written` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn lp_hint_plan(
    puzzle: *mut LpPuzzle,
    buf: *mut MoveCode,
    cap: usize,
    written: *mut usize,
) -> LpStatus {
    guard(|| {
        // SAFETY: forwarded caller guarantees.
        let puzzle = unsafe { handle_mut(puzzle) }?;
        let found = puzzle.session.hint_plan(cap.max(1)).is_some();
        puzzle.checked(Ok(LpStatus::LP_OK))?;
        let plan = puzzle.session.hint_plan(cap.max(1)).filter(|_| found).ok_or_else(no_hint_here)?;
        // SAFETY: forwarded caller guarantees.
        unsafe { write_items(&plan[..plan.len().min(cap)], buf, cap, written) }
    })
}

/// Lets the hint searches of `puzzle` expand at most `limit` nodes each (over all the frames one takes)
/// before [`lp_next_hint`] reports `LP_OUT_OF_NODES`: the bound on a hint's total work, for puzzles whose
/// search may be long (large Hargram boards). The default is 100,000,000 expansions (about five seconds of
/// one core for the built-in families); `UINT64_MAX` lifts the limit. A search in progress starts again.
///
/// # Safety
/// `puzzle` must be NULL or a live handle.
#[no_mangle]
pub unsafe extern "C" fn lp_puzzle_set_node_limit(puzzle: *mut LpPuzzle, limit: u64) -> LpStatus {
    guard(|| {
        // SAFETY: forwarded caller guarantees.
        let puzzle = unsafe { handle_mut(puzzle) }?;
        if limit == 0 {
            return Err(Failure::invalid("limit must be at least 1"));
        }
        puzzle.session.set_node_limit(limit);
        Ok(LpStatus::LP_OK)
    })
}

/// Lets each search `puzzle` makes for a hint, a board check or trivial steps reserve at most `bytes` for
/// its positions (the default, `UINT64_MAX`, sets no limit), for games with a memory budget (WebGL,
/// consoles, phones); a search's scratch space for one level, tens to hundreds of kilobytes, comes on top.
/// A family whose search can work in less room sizes it to fit: Sokoban stores fewer positions, so a
/// large level's hints come later and may not be proven shortest (the hint says so), or its search runs
/// out of room (`LP_OUT_OF_NODES`). Where the family's search cannot shrink, the next `lp_next_hint` (or
/// check, or trivial steps) reports `LP_ERR_OUT_OF_MEMORY`, and nothing else changes. Searches made
/// before start again under the limit. `LP_ERR_INVALID_ARGUMENT` for 0.
///
/// # Safety
/// `puzzle` must be NULL or a live handle.
#[no_mangle]
pub unsafe extern "C" fn lp_puzzle_set_memory_limit(puzzle: *mut LpPuzzle, bytes: u64) -> LpStatus {
    guard(|| {
        // SAFETY: forwarded caller guarantees.
        let puzzle = unsafe { handle_mut(puzzle) }?;
        if bytes == 0 {
            return Err(Failure::invalid("the memory limit must be at least 1 byte"));
        }
        puzzle.session.set_memory_limit(usize::try_from(bytes).unwrap_or(usize::MAX));
        Ok(LpStatus::LP_OK)
    })
}

/// Sets one of the family's play options (`lp_family_option`), such as `heuristic` = `manhattan` for
/// sliding tiles; `LP_ERR_INVALID_ARGUMENT` names the key or the values allowed.
///
/// # Safety
/// `puzzle` must be NULL or a live handle; `key` and `value` NULL or NUL-terminated strings.
#[no_mangle]
pub unsafe extern "C" fn lp_puzzle_set_option(
    puzzle: *mut LpPuzzle,
    key: *const c_char,
    value: *const c_char,
) -> LpStatus {
    guard(|| {
        // SAFETY: forwarded caller guarantees.
        let (puzzle, key, value) = unsafe { (handle_mut(puzzle)?, text(key, "key")?, text(value, "value")?) };
        puzzle.session.set_option(key, value).map_err(Failure::invalid)?;
        Ok(LpStatus::LP_OK)
    })
}

/// The level's fingerprint from the current position into `*value`: two puzzles have the same one when
/// they are the same level up to the family's symmetries (a board turned or mirrored, identical jugs or
/// blocks swapped) — what generators and packs count as one level (`lp_pack_writer_add` refuses a
/// second). Stable across builds and platforms.
///
/// # Safety
/// `puzzle` must be NULL or a live handle; `value` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn lp_puzzle_fingerprint(puzzle: *const LpPuzzle, value: *mut u64) -> LpStatus {
    guard(|| {
        // SAFETY: forwarded caller guarantees.
        let (value, puzzle) = unsafe { (Out::new(value, "value")?, handle(puzzle)?) };
        value.write(puzzle.session.fingerprint());
        Ok(LpStatus::LP_OK)
    })
}

/// A fact the generator established about a generated puzzle, by name (for blocks `cluster_states`,
/// `cluster_solved`, `farthest`; for linjat `objective`, each rule's steps by its name and
/// `max_width`), into `*value`; `LP_NOT_FOUND` when the puzzle carries no such fact (it was not
/// generated, or its family establishes none of that name).
///
/// # Safety
/// `puzzle` must be NULL or a live handle; `name` NULL or a NUL-terminated string; `value` NULL or
/// writable.
#[no_mangle]
pub unsafe extern "C" fn lp_puzzle_fact(puzzle: *const LpPuzzle, name: *const c_char, value: *mut i64) -> LpStatus {
    guard(|| {
        // SAFETY: forwarded caller guarantees.
        let (value, name, puzzle) = unsafe { (Out::new(value, "value")?, text(name, "name")?, handle(puzzle)?) };
        let fact = puzzle.facts.iter().find(|f| f.name == name).ok_or_else(|| {
            Failure::new(LpStatus::LP_NOT_FOUND, format!("the puzzle carries no fact named '{name}'"))
        })?;
        value.write(fact.value);
        Ok(LpStatus::LP_OK)
    })
}
