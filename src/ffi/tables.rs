//! Table handles: load precomputed tables from bytes and give them to puzzles.

use super::glue::{deref, deref_mut, free_handle, guard, in_range, out_param, slice, Failure, LpStatus};
use super::puzzle::LpPuzzle;
use crate::tables::Tables;

/// Loaded precomputed tables (such as the 4×4 pattern databases). Opaque; puzzles given these tables keep
/// their own reference, so the handle may be freed at any time.
pub struct LpTables {
    tables: Tables,
}

/// Loads tables from bytes written by `lp tables build` — the 4×4 pattern databases or the complete 3×3
/// distance table, told apart by their magic (magic, format version and checksum checked):
/// `LP_ERR_CORRUPT_DATA` for damaged bytes, `LP_ERR_VERSION` for another format version.
///
/// # Safety
/// `bytes` must be NULL or point to `len` readable bytes; `out` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn lp_tables_load(bytes: *const u8, len: usize, out: *mut *mut LpTables) -> LpStatus {
    guard(|| {
        let out = out_param(out, "out")?;
        in_range(len, 0..=crate::tables::MAX_BYTES, "len")?;
        // SAFETY: forwarded caller guarantees; `len` is within what any such data holds.
        let bytes = unsafe { slice(bytes, len, "bytes") }?;
        let tables = Tables::from_bytes(bytes)?;
        // SAFETY: checked non-NULL, writable by contract.
        unsafe { *out = Box::into_raw(Box::new(LpTables { tables })) };
        Ok(LpStatus::LP_OK)
    })
}

/// Releases tables. NULL is ignored.
///
/// # Safety
/// `tables` must be NULL or a handle from this library not yet freed.
#[no_mangle]
pub unsafe extern "C" fn lp_tables_free(tables: *mut LpTables) {
    // SAFETY: forwarded caller guarantee.
    unsafe { free_handle(tables) }
}

/// Makes `puzzle` use `tables` for its hints and solvers from now on (call it before asking for hints:
/// the hinter's memory is reserved again at the next hint). `LP_ERR_INVALID_ARGUMENT` when the tables do
/// not serve this puzzle (another family, board size or goal).
///
/// # Safety
/// `puzzle` and `tables` must be NULL or live handles.
#[no_mangle]
pub unsafe extern "C" fn lp_puzzle_set_tables(puzzle: *mut LpPuzzle, tables: *const LpTables) -> LpStatus {
    guard(|| {
        // SAFETY: forwarded caller guarantees.
        let tables = unsafe { deref(tables, "tables") }?;
        // SAFETY: forwarded caller guarantees.
        let puzzle = unsafe { deref_mut(puzzle, "puzzle") }?;
        puzzle.session.set_tables(&tables.tables).map_err(Failure::invalid)?;
        Ok(LpStatus::LP_OK)
    })
}
