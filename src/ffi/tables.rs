//! Table handles: load precomputed tables from bytes and give them to puzzles and generators.

use super::generate::LpGenerator;
use super::glue::{guard, hand_out, handle, handle_mut, in_range, release, slice, Failure, Handle, LpStatus, Out};
use super::puzzle::LpPuzzle;
use crate::registry;
use crate::tables::{Tables, MAX_BYTES};

/// Loaded precomputed tables (such as the 4×4 pattern databases). Opaque; puzzles given these tables keep
/// their own reference, so the handle may be freed at any time.
pub struct LpTables {
    pub(crate) tables: Tables,
}

impl Handle for LpTables {
    const NAME: &'static str = "tables";
}

/// Loads tables from bytes written by `lp tables build` (any kind a family loads, told apart by their
/// magic; magic, format version and checksum checked): `LP_ERR_CORRUPT_DATA` for damaged bytes,
/// `LP_ERR_VERSION` for another format version.
///
/// # Safety
/// `bytes` must be NULL or point to `len` readable bytes; `out` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn lp_tables_load(bytes: *const u8, len: usize, out: *mut *mut LpTables) -> LpStatus {
    guard(|| {
        // SAFETY: forwarded caller guarantee.
        let out = unsafe { Out::new(out, "out") }?;
        in_range(len, 0..=MAX_BYTES, "len")?;
        // SAFETY: forwarded caller guarantees; `len` is within what any tables hold.
        let bytes = unsafe { slice(bytes, len, "bytes") }?;
        Ok(hand_out(LpTables { tables: registry::load_tables(bytes)? }, out))
    })
}

/// Releases tables. NULL is ignored.
///
/// # Safety
/// `tables` must be NULL or a handle from this library not yet freed.
#[no_mangle]
pub unsafe extern "C" fn lp_tables_free(tables: *mut LpTables) {
    // SAFETY: forwarded caller guarantee.
    unsafe { release(tables) }
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
        let (tables, puzzle) = unsafe { (handle(tables)?, handle_mut(puzzle)?) };
        puzzle.session.set_tables(&tables.tables).map_err(Failure::invalid)?;
        Ok(LpStatus::LP_OK)
    })
}

/// Makes `generator` rate its candidates with `tables` (the 4×4 pattern databases make the 15-puzzle's
/// expert band fast to rate). `LP_ERR_INVALID_ARGUMENT` when they do not serve its puzzles.
///
/// # Safety
/// `generator` and `tables` must be NULL or live handles.
#[no_mangle]
pub unsafe extern "C" fn lp_generator_set_tables(generator: *mut LpGenerator, tables: *const LpTables) -> LpStatus {
    guard(|| {
        // SAFETY: forwarded caller guarantees.
        let (tables, generator) = unsafe { (handle(tables)?, handle_mut(generator)?) };
        generator.set_tables(tables.tables.clone()).map_err(Failure::invalid)?;
        Ok(LpStatus::LP_OK)
    })
}
