//! A game through the C ABI, as a game programmer holds it: a puzzle handle with safe calls over the
//! exported functions, each answer with its status (tests assert both).

use lphint::ffi::*;
use std::ffi::CString;

/// A puzzle handle, freed when dropped.
pub struct Game(pub *mut LpPuzzle);

/// The calling thread's last error message.
pub fn last_error() -> String {
    text(|buf, cap, written| unsafe { lp_last_error(buf, cap, written) }).1
}

/// Reads a string answer of `call` (buffer, capacity, written): its status and text.
fn text(call: impl Fn(*mut std::ffi::c_char, usize, *mut usize) -> LpStatus) -> (LpStatus, String) {
    let (mut buf, mut written) = (vec![0u8; 8192], 0usize);
    let status = call(buf.as_mut_ptr().cast(), buf.len(), &mut written);
    let len = written.min(buf.len());
    (status, String::from_utf8_lossy(&buf[..len]).trim_end_matches('\0').to_string())
}

/// Reads a list answer of `call` (buffer, capacity, written), asking again with the length it needs.
fn items<T: Default + Clone>(call: impl Fn(*mut T, usize, *mut usize) -> LpStatus) -> (LpStatus, Vec<T>) {
    let (mut buf, mut written) = (vec![T::default(); 4096], 0usize);
    let mut status = call(buf.as_mut_ptr(), buf.len(), &mut written);
    if status == LpStatus::LP_ERR_BUFFER_TOO_SMALL {
        buf = vec![T::default(); written];
        status = call(buf.as_mut_ptr(), buf.len(), &mut written);
    }
    buf.truncate(written.min(buf.len()));
    (status, buf)
}

impl Game {
    /// Parses `desc` (panics when it does not parse: the tests give good descriptions here).
    pub fn parse(desc: &str) -> Game {
        Game::try_parse(desc).unwrap_or_else(|s| panic!("{desc}: {s:?} {}", last_error()))
    }

    /// Parses `desc`, or the status that refused it.
    pub fn try_parse(desc: &str) -> Result<Game, LpStatus> {
        let desc = CString::new(desc).unwrap();
        let mut handle = std::ptr::null_mut();
        // SAFETY: a valid string and out-parameter.
        match unsafe { lp_puzzle_parse(desc.as_ptr(), &mut handle) } {
            LpStatus::LP_OK => Ok(Game(handle)),
            other => Err(other),
        }
    }

    /// `lp_puzzle_apply`.
    pub fn apply(&mut self, mv: LpMove) -> LpStatus {
        // SAFETY: a live handle.
        unsafe { lp_puzzle_apply(self.0, mv) }
    }

    /// `lp_puzzle_describe`.
    pub fn describe(&self) -> String {
        // SAFETY: a live handle and the buffer `text` passes.
        text(|b, c, w| unsafe { lp_puzzle_describe(self.0, b, c, w) }).1
    }

    /// `lp_puzzle_moves`: the legal moves.
    pub fn moves(&self) -> Vec<LpMove> {
        // SAFETY: a live handle and the buffer `items` passes.
        items(|b, c, w| unsafe { lp_puzzle_moves(self.0, b, c, w) }).1
    }

    /// `lp_puzzle_cells`.
    pub fn cells(&self) -> Vec<i32> {
        // SAFETY: a live handle and the buffer `items` passes.
        items(|b, c, w| unsafe { lp_puzzle_cells(self.0, b, c, w) }).1
    }

    /// `lp_puzzle_is_solved`.
    pub fn solved(&self) -> bool {
        let mut solved = false;
        // SAFETY: a live handle and an out-parameter.
        assert_eq!(unsafe { lp_puzzle_is_solved(self.0, &mut solved) }, LpStatus::LP_OK);
        solved
    }

    /// `lp_next_hint` stepped by `budget` to an answer: the hint, or the status that ended it.
    pub fn hint(&mut self, budget: u32) -> Result<LpHint, LpStatus> {
        let mut hint = LpHint::default();
        loop {
            // SAFETY: a live handle and an out-parameter.
            match unsafe { lp_next_hint(self.0, budget, &mut hint) } {
                LpStatus::LP_IN_PROGRESS => continue,
                LpStatus::LP_OK => return Ok(hint),
                other => return Err(other),
            }
        }
    }

    /// `lp_hint_text`: its status and sentence.
    pub fn hint_text(&self) -> (LpStatus, String) {
        // SAFETY: a live handle and the buffer `text` passes.
        text(|b, c, w| unsafe { lp_hint_text(self.0, b, c, w) })
    }

    /// `lp_hint_tier_text` of `tier` (the plan's first `moves` moves).
    pub fn tier_text(&mut self, tier: u32, moves: u32) -> (LpStatus, String) {
        // SAFETY: a live handle and the buffer `text` passes.
        text(|b, c, w| unsafe { lp_hint_tier_text(self.0, tier, moves, b, c, w) })
    }

    /// `lp_hint_tier_cells` of `tier`.
    pub fn tier_cells(&mut self, tier: u32) -> (LpStatus, Vec<u16>) {
        // SAFETY: a live handle and the buffer `items` passes.
        items(|b, c, w| unsafe { lp_hint_tier_cells(self.0, tier, b, c, w) })
    }

    /// `lp_hint_plan`: the plan's next moves.
    pub fn plan(&mut self) -> Vec<LpMove> {
        // SAFETY: a live handle and the buffer `items` passes.
        items(|b, c, w| unsafe { lp_hint_plan(self.0, b, c, w) }).1
    }

    /// `lp_check_board` stepped by `budget` to an answer, with `lp_check_cells`.
    pub fn check(&mut self, budget: u32) -> Result<(LpBoardCheck, Vec<u16>), LpStatus> {
        let mut check = LpBoardCheck::default();
        loop {
            // SAFETY: a live handle and an out-parameter.
            match unsafe { lp_check_board(self.0, budget, &mut check) } {
                LpStatus::LP_IN_PROGRESS => continue,
                LpStatus::LP_OK => break,
                other => return Err(other),
            }
        }
        // SAFETY: a live handle and the buffer `items` passes.
        let cells = items(|b, c, w| unsafe { lp_check_cells(self.0, b, c, w) }).1;
        Ok((check, cells))
    }

    /// `lp_puzzle_save` then `lp_pack_load` and `lp_pack_puzzle`: the game saved and loaded back.
    pub fn saved_and_loaded(&self) -> Game {
        let buf = self.saved();
        let written = buf.len();
        let (mut pack, mut puzzle) = (std::ptr::null_mut(), std::ptr::null_mut());
        // SAFETY: the bytes just written; out-parameters; the pack freed once its puzzle is taken.
        unsafe {
            assert_eq!(lp_pack_load(buf.as_ptr(), written, &mut pack), LpStatus::LP_OK);
            assert_eq!(lp_pack_puzzle(pack, 0, &mut puzzle), LpStatus::LP_OK);
            lp_pack_free(pack);
        }
        Game(puzzle)
    }

    /// `lp_puzzle_save`: the bytes.
    pub fn saved(&self) -> Vec<u8> {
        // SAFETY: a live handle and the buffer `items` passes.
        let (status, bytes) = items(|b, c, w| unsafe { lp_puzzle_save(self.0, b, c, w) });
        assert_eq!(status, LpStatus::LP_OK, "{}", last_error());
        bytes
    }

    /// `lp_puzzle_prove_plan` called until it stops returning `LP_IN_PROGRESS`.
    pub fn prove(&mut self, budget: u32) -> LpStatus {
        loop {
            // SAFETY: a live handle.
            match unsafe { lp_puzzle_prove_plan(self.0, budget) } {
                LpStatus::LP_IN_PROGRESS => continue,
                done => return done,
            }
        }
    }

    /// `lp_puzzle_undo`.
    pub fn undo(&mut self) -> LpStatus {
        // SAFETY: a live handle.
        unsafe { lp_puzzle_undo(self.0) }
    }

    /// `lp_puzzle_redo`.
    pub fn redo(&mut self) -> LpStatus {
        // SAFETY: a live handle.
        unsafe { lp_puzzle_redo(self.0) }
    }

    /// `lp_puzzle_history_len` and `lp_puzzle_history`: the moves played, and those undone.
    pub fn history(&self) -> (Vec<LpMove>, Vec<LpMove>) {
        let (mut played, mut undone) = (0usize, 0usize);
        // SAFETY: a live handle; out-parameters.
        assert_eq!(unsafe { lp_puzzle_history_len(self.0, &mut played, &mut undone) }, LpStatus::LP_OK);
        // SAFETY: a live handle and the buffer `items` passes.
        let (status, mut moves) = items(|b, c, w| unsafe { lp_puzzle_history(self.0, b, c, w) });
        assert_eq!(status, LpStatus::LP_OK, "{}", last_error());
        assert_eq!(moves.len(), played + undone);
        let undone = moves.split_off(played);
        (moves, undone)
    }

    /// `lp_puzzle_clone`.
    pub fn clone_game(&self) -> Game {
        let mut out = std::ptr::null_mut();
        // SAFETY: a live handle; an out-parameter.
        assert_eq!(unsafe { lp_puzzle_clone(self.0, &mut out) }, LpStatus::LP_OK, "{}", last_error());
        Game(out)
    }

    /// `lp_puzzle_copy_from`.
    pub fn copy_from(&mut self, source: &Game) -> LpStatus {
        // SAFETY: two distinct live handles.
        unsafe { lp_puzzle_copy_from(self.0, source.0) }
    }

    /// `lp_puzzle_lost_text`: its status and sentence.
    pub fn lost_text(&self) -> (LpStatus, String) {
        // SAFETY: a live handle and the buffer `text` passes.
        text(|b, c, w| unsafe { lp_puzzle_lost_text(self.0, b, c, w) })
    }
}

impl Drop for Game {
    fn drop(&mut self) {
        // SAFETY: a handle from lp_puzzle_parse, freed once.
        unsafe { lp_puzzle_free(self.0) };
    }
}
