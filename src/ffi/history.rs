//! A game's history: undo, redo, the moves played, and copies of a game with its history.

use super::glue::{guard, hand_out, handle, handle_mut, Failure, LpStatus, Out};
use super::puzzle::LpPuzzle;
use crate::moves::MoveCode;

/// Takes back the last move played: the position before it is the current one again, with every piece
/// where it was, and [`lp_puzzle_redo`] can play the move again. Drops the last hint, as a move does
/// ([`lp_hint_text`](super::puzzle::lp_hint_text) then answers `LP_NOT_FOUND`). `LP_NOT_FOUND` when there
/// is no move to undo. The history holds the last 100,000 moves at most: past that the oldest tenth is
/// forgotten, and undo stops there. Allocates nothing.
///
/// # Safety
/// `puzzle` must be NULL or a live handle.
#[no_mangle]
pub unsafe extern "C" fn lp_puzzle_undo(puzzle: *mut LpPuzzle) -> LpStatus {
    guard(|| {
        // SAFETY: forwarded caller guarantees.
        let puzzle = unsafe { handle_mut(puzzle) }?;
        match puzzle.session.undo() {
            true => Ok(LpStatus::LP_OK),
            false => Err(Failure::new(LpStatus::LP_NOT_FOUND, "no move to undo: the history is empty")),
        }
    })
}

/// Plays again the last move undone ([`lp_puzzle_undo`]); `LP_NOT_FOUND` when there is none (a move
/// played after an undo forgets the moves undone). Drops the last hint. Allocates nothing once the
/// history is reserved ([`lp_puzzle_reserve_history`]).
///
/// # Safety
/// `puzzle` must be NULL or a live handle.
#[no_mangle]
pub unsafe extern "C" fn lp_puzzle_redo(puzzle: *mut LpPuzzle) -> LpStatus {
    guard(|| {
        // SAFETY: forwarded caller guarantees.
        let puzzle = unsafe { handle_mut(puzzle) }?;
        let played = puzzle.session.history_len().0;
        let redone = puzzle.session.redo();
        puzzle.recovered(played)?;
        match redone {
            true => Ok(LpStatus::LP_OK),
            false => Err(Failure::new(LpStatus::LP_NOT_FOUND, "no move to redo")),
        }
    })
}

/// How many moves the history holds: `*played` the moves played (what undo can take back), `*undone` the
/// moves undone (what redo can play again).
///
/// # Safety
/// `puzzle` must be NULL or a live handle; `played` and `undone` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn lp_puzzle_history_len(
    puzzle: *const LpPuzzle,
    played: *mut usize,
    undone: *mut usize,
) -> LpStatus {
    guard(|| {
        // SAFETY: forwarded caller guarantees.
        let (played, undone, puzzle) =
            unsafe { (Out::new(played, "played")?, Out::new(undone, "undone")?, handle(puzzle)?) };
        let (p, u) = puzzle.session.history_len();
        played.write(p);
        undone.write(u);
        Ok(LpStatus::LP_OK)
    })
}

/// The moves of the history into `buf`: the moves played, oldest first, then the moves undone in the
/// order redo plays them (`lp_puzzle_history_len` says where one part ends). `*written` receives their
/// number; a short buffer yields `LP_ERR_BUFFER_TOO_SMALL` with the number needed. Allocates nothing.
///
/// # Safety
/// `puzzle` must be NULL or a live handle; `buf` NULL or `cap` writable moves; `written` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn lp_puzzle_history(
    puzzle: *const LpPuzzle,
    buf: *mut MoveCode,
    cap: usize,
    written: *mut usize,
) -> LpStatus {
    guard(|| {
        // SAFETY: forwarded caller guarantees.
        let (written, puzzle) = unsafe { (Out::new(written, "written")?, handle(puzzle)?) };
        let (played, undone) = puzzle.session.history_len();
        let total = played + undone;
        written.write(total);
        if total > cap {
            let why = format!("the buffer holds {cap} moves, {total} are needed");
            return Err(Failure::new(LpStatus::LP_ERR_BUFFER_TOO_SMALL, why));
        }
        if total > 0 && buf.is_null() {
            return Err(Failure::new(LpStatus::LP_ERR_NULL_ARGUMENT, "buf is NULL"));
        }
        for (i, mv) in (0..total).filter_map(|i| puzzle.session.history_move(i)).enumerate() {
            // SAFETY: `buf` holds `cap >= total > i` writable moves.
            unsafe { buf.add(i).write(mv) };
        }
        Ok(LpStatus::LP_OK)
    })
}

/// Reserves room for `moves` moves of history (at most 100,000 count), so that playing, undoing, redoing
/// and copying ([`lp_puzzle_copy_from`]) that many allocate nothing. `LP_ERR_OUT_OF_MEMORY` when the
/// memory cannot be had (the puzzle is unchanged).
///
/// # Safety
/// `puzzle` must be NULL or a live handle.
#[no_mangle]
pub unsafe extern "C" fn lp_puzzle_reserve_history(puzzle: *mut LpPuzzle, moves: usize) -> LpStatus {
    guard(|| {
        // SAFETY: forwarded caller guarantees.
        let puzzle = unsafe { handle_mut(puzzle) }?;
        puzzle.session.reserve_history(moves)?;
        Ok(LpStatus::LP_OK)
    })
}

/// A new puzzle that is a copy of the game: the same level with its options, node limit and stored
/// solution, the same position with every piece's number, the same history (undo and redo) — to try
/// moves without committing them. No hint is carried over: the copy's first hint follows the stored
/// solution or searches again. Release it with `lp_puzzle_free`. Allocates (use
/// [`lp_puzzle_copy_from`] to reuse a copy every frame).
///
/// # Safety
/// `puzzle` must be NULL or a live handle; `out` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn lp_puzzle_clone(puzzle: *const LpPuzzle, out: *mut *mut LpPuzzle) -> LpStatus {
    guard(|| {
        // SAFETY: forwarded caller guarantees.
        let (out, puzzle) = unsafe { (Out::new(out, "out")?, handle(puzzle)?) };
        let session = puzzle.session.duplicate()?;
        Ok(hand_out(LpPuzzle { session, facts: puzzle.facts.clone() }, out))
    })
}

/// Makes `puzzle` the game `source` is (its position and history), for two puzzles of the same level
/// (the same family and start; a clone, or the same level loaded twice), keeping `puzzle`'s options and
/// hinter (whose plan still serves). Drops `puzzle`'s last hint. `LP_ERR_INVALID_ARGUMENT` for
/// another level. Allocates nothing when `puzzle`'s history has room ([`lp_puzzle_reserve_history`]).
///
/// # Safety
/// `puzzle` and `source` must be NULL or live handles, and not the same one.
#[no_mangle]
pub unsafe extern "C" fn lp_puzzle_copy_from(puzzle: *mut LpPuzzle, source: *const LpPuzzle) -> LpStatus {
    guard(|| {
        if std::ptr::eq(puzzle, source) {
            return Ok(LpStatus::LP_OK);
        }
        // SAFETY: forwarded caller guarantees (two distinct live handles).
        let (puzzle, source) = unsafe { (handle_mut(puzzle)?, handle(source)?) };
        puzzle.session.copy_from(source.session.as_ref()).map_err(Failure::invalid)?;
        Ok(LpStatus::LP_OK)
    })
}
