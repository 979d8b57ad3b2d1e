//! Pack handles: levels with their answers, loaded from bytes; puzzles saved to bytes.

use super::glue::{
    guard, hand_out, handle, handle_mut, in_range, release, slice, text, write_items, write_text, Failure, Handle,
    LpStatus, Out,
};
use super::puzzle::LpPuzzle;
use crate::pack::{Bounded, Pack, PackEntry, MAX_ENTRIES, MAX_LABEL};
use crate::registry;
use crate::session::AnySession;
use core::ffi::c_char;

/// A loaded pack of puzzles. Opaque; puzzles taken from it are independent of it.
pub struct LpPack {
    pack: Pack,
    /// For a pack of a kind the registry does not hold (custom puzzles), a puzzle of that kind, which
    /// reads the entries.
    template: Option<Box<dyn AnySession>>,
}

impl Handle for LpPack {
    const NAME: &'static str = "pack";
}

/// Loads a pack written by `lp pack build` (or [`lp_puzzle_save`]): `LP_ERR_CORRUPT_DATA` for damaged
/// bytes (truncated, bit flips, entries that do not parse or whose solutions do not replay),
/// `LP_ERR_VERSION` for another format version.
///
/// # Safety
/// `bytes` must be NULL or point to `len` readable bytes; `out` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn lp_pack_load(bytes: *const u8, len: usize, out: *mut *mut LpPack) -> LpStatus {
    guard(|| {
        // SAFETY: forwarded caller guarantee.
        let out = unsafe { Out::new(out, "out") }?;
        in_range(len, 0..=crate::pack::MAX_BYTES, "len")?;
        // SAFETY: forwarded caller guarantees; `len` is within what any pack holds.
        let bytes = unsafe { slice(bytes, len, "bytes") }?;
        Ok(hand_out(LpPack { pack: registry::load_pack(bytes)?, template: None }, out))
    })
}

/// Loads a pack of puzzles of the same kind as `like` (custom puzzles, whose entries only `like`'s
/// callbacks can read; the puzzles taken from the pack share them), checked as [`lp_pack_load`] checks
/// one; `LP_ERR_CALLBACK` when a callback failed while reading it.
///
/// # Safety
/// `bytes` must be NULL or point to `len` readable bytes; `like` NULL or a live handle; `out` NULL or
/// writable.
#[no_mangle]
pub unsafe extern "C" fn lp_pack_load_like(
    bytes: *const u8,
    len: usize,
    like: *const LpPuzzle,
    out: *mut *mut LpPack,
) -> LpStatus {
    guard(|| {
        // SAFETY: forwarded caller guarantees.
        let (out, like) = unsafe { (Out::new(out, "out")?, handle(like)?) };
        in_range(len, 0..=crate::pack::MAX_BYTES, "len")?;
        // SAFETY: forwarded caller guarantees; `len` is within what any pack holds.
        let bytes = unsafe { slice(bytes, len, "bytes") }?;
        let template = like.session.fresh();
        let pack = registry::load_pack_like(bytes, &*template);
        like.checked(Ok(LpStatus::LP_OK))?;
        Ok(hand_out(LpPack { pack: pack?, template: Some(template) }, out))
    })
}

/// The number of puzzles in the pack.
///
/// # Safety
/// `pack` must be NULL or a live handle; `len` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn lp_pack_len(pack: *const LpPack, len: *mut usize) -> LpStatus {
    guard(|| {
        // SAFETY: forwarded caller guarantees.
        let (len, pack) = unsafe { (Out::new(len, "len")?, handle(pack)?) };
        len.write(pack.pack.entries.len());
        Ok(LpStatus::LP_OK)
    })
}

fn entry(pack: &LpPack, index: usize) -> Result<&PackEntry, Failure> {
    pack.pack.entries.get(index).ok_or_else(|| {
        Failure::invalid(format!("index {index} is past the end of the pack ({} puzzles)", pack.pack.entries.len()))
    })
}

/// A new puzzle from entry `index` (from 0), at its start. When the entry stores a solution, hints follow
/// it without any search while the player does, and search again after a deviation.
///
/// # Safety
/// `pack` must be NULL or a live handle; `out` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn lp_pack_puzzle(pack: *const LpPack, index: usize, out: *mut *mut LpPuzzle) -> LpStatus {
    guard(|| {
        // SAFETY: forwarded caller guarantees.
        let (out, pack) = unsafe { (Out::new(out, "out")?, handle(pack)?) };
        let entry = entry(pack, index)?;
        let session = match &pack.template {
            Some(template) => registry::load_like(entry, &**template),
            None => registry::load(entry),
        }
        .map_err(|e| Failure::new(LpStatus::LP_ERR_CORRUPT_DATA, e))?;
        Ok(hand_out(LpPuzzle::of(session), out))
    })
}

/// The rating of entry `index` as the pack's writer stored it (the optimal length; for hargram, the search
/// effort); `lp pack verify` re-derives every rating with the exact rater.
///
/// # Safety
/// `pack` must be NULL or a live handle; `rating` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn lp_pack_rating(pack: *const LpPack, index: usize, rating: *mut u32) -> LpStatus {
    guard(|| {
        // SAFETY: forwarded caller guarantees.
        let (rating, pack) = unsafe { (Out::new(rating, "rating")?, handle(pack)?) };
        rating.write(entry(pack, index)?.rating);
        Ok(LpStatus::LP_OK)
    })
}

/// A label of entry `index` — `key` is `"name"` or `"tier"` — as text (`(buf, cap, *written)`, see
/// [`lp_puzzle_describe`](super::lp_puzzle_describe)); `LP_NOT_FOUND` when the entry has none, so that a
/// tool can read a pack's levels back with their names and tiers.
///
/// # Safety
/// `pack` must be NULL or a live handle; `key` NULL or a NUL-terminated string; `buf` NULL or `cap`
/// writable bytes; `written` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn lp_pack_label(
    pack: *const LpPack,
    index: usize,
    key: *const c_char,
    buf: *mut c_char,
    cap: usize,
    written: *mut usize,
) -> LpStatus {
    guard(|| {
        // SAFETY: forwarded caller guarantees.
        let (pack, key) = unsafe { (handle(pack)?, text(key, "key")?) };
        let entry = entry(pack, index)?;
        let label = match key {
            "name" => &entry.name,
            "tier" => &entry.tier,
            _ => return Err(Failure::invalid(format!("a pack entry's labels are name and tier, not '{key}'"))),
        };
        match label {
            // SAFETY: forwarded caller guarantees.
            Some(label) => unsafe { write_text(label, buf, cap, written) },
            None => Err(Failure::new(LpStatus::LP_NOT_FOUND, format!("entry {index} has no {key}"))),
        }
    })
}

/// The pack's own name as text (`(buf, cap, *written)`, see [`lp_puzzle_describe`](super::lp_puzzle_describe));
/// `LP_NOT_FOUND` when the pack has none (it was written without one).
///
/// # Safety
/// `pack` must be NULL or a live handle; `buf` NULL or `cap` writable bytes; `written` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn lp_pack_name(
    pack: *const LpPack,
    buf: *mut c_char,
    cap: usize,
    written: *mut usize,
) -> LpStatus {
    guard(|| {
        // SAFETY: forwarded caller guarantees.
        let pack = unsafe { handle(pack) }?;
        match &pack.pack.name {
            // SAFETY: forwarded caller guarantees.
            Some(name) => unsafe { write_text(name, buf, cap, written) },
            None => Err(Failure::new(LpStatus::LP_NOT_FOUND, "the pack has no name")),
        }
    })
}

/// Releases a pack. NULL is ignored.
///
/// # Safety
/// `pack` must be NULL or a handle from this library not yet freed.
#[no_mangle]
pub unsafe extern "C" fn lp_pack_free(pack: *mut LpPack) {
    // SAFETY: forwarded caller guarantee.
    unsafe { release(pack) }
}

/// Saves the game as a one-puzzle pack (bytes for [`lp_pack_load`], then [`lp_pack_puzzle`]): the level,
/// the moves played since its start (at most 100,000: see
/// [`lp_puzzle_undo`](super::history::lp_puzzle_undo)) and those undone, with
/// every piece's number, and the solution the puzzle knew (from a pack or a generator). The puzzle loaded
/// from it is the same game: same position, same undo and redo, and "check my board" names the same
/// mistakes, made before the save or after. With `buf` NULL and `cap` 0, `*written` receives the size
/// needed (and `LP_ERR_BUFFER_TOO_SMALL`).
///
/// # Safety
/// `puzzle` must be NULL or a live handle; `buf` NULL or `cap` writable bytes; `written` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn lp_puzzle_save(
    puzzle: *const LpPuzzle,
    buf: *mut u8,
    cap: usize,
    written: *mut usize,
) -> LpStatus {
    guard(|| {
        // SAFETY: forwarded caller guarantees.
        let puzzle = unsafe { handle(puzzle) }?;
        let entry = registry::saved(puzzle.session.as_ref());
        puzzle.checked(Ok(LpStatus::LP_OK))?;
        let bytes = Pack::of(vec![entry]).to_bytes();
        // SAFETY: forwarded caller guarantees.
        unsafe { write_items(&bytes, buf, cap, written) }
    })
}

/// A pack being written: puzzles added one by one, then the bytes. Opaque.
pub struct LpPackWriter {
    pack: Pack,
    /// Each entry's level fingerprint, so that a pack holds distinct levels (as `lp pack verify` asks).
    fingerprints: Vec<u64>,
}

impl Handle for LpPackWriter {
    const NAME: &'static str = "writer";
}

/// Starts an empty pack (for [`lp_pack_writer_add`], then [`lp_pack_writer_bytes`]).
///
/// # Safety
/// `out` must be NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn lp_pack_writer_create(out: *mut *mut LpPackWriter) -> LpStatus {
    guard(|| {
        // SAFETY: forwarded caller guarantee.
        let out = unsafe { Out::new(out, "out") }?;
        Ok(hand_out(LpPackWriter { pack: Pack::default(), fingerprints: Vec::new() }, out))
    })
}

/// The label `ptr` (NULL for none), checked against the format's limit.
///
/// # Safety
/// `ptr` must be NULL or a NUL-terminated string.
unsafe fn label(ptr: *const c_char, name: &'static str) -> Result<Option<String>, Failure> {
    if ptr.is_null() {
        return Ok(None);
    }
    // SAFETY: forwarded caller guarantee.
    let label = unsafe { text(ptr, name) }?;
    in_range(label.len(), 0..=MAX_LABEL, name)?;
    Ok(Some(label.into()))
}

/// Adds `puzzle` as it stands to the pack with its `rating` (what a generator gave for it), a `name` and
/// a `tier` (each NULL for none); a generated puzzle still at its start keeps its solution, so that hints
/// from the pack follow it without searching. The entry is checked as [`lp_pack_load`] checks one
/// (`LP_ERR_INVALID_ARGUMENT` when the stored solution is shorter than the rating allows, or a label is
/// longer than 1,024 bytes, or the puzzle is the same level as an entry already added — up to the
/// family's symmetries, as `lp_puzzle_fingerprint` tells); on any failure the pack is unchanged.
///
/// # Safety
/// `writer` and `puzzle` must be NULL or live handles; `name` and `tier` NULL or NUL-terminated strings.
#[no_mangle]
pub unsafe extern "C" fn lp_pack_writer_add(
    writer: *mut LpPackWriter,
    puzzle: *const LpPuzzle,
    rating: u32,
    name: *const c_char,
    tier: *const c_char,
) -> LpStatus {
    guard(|| {
        // SAFETY: forwarded caller guarantees.
        let (writer, puzzle) = unsafe { (handle_mut(writer)?, handle(puzzle)?) };
        // SAFETY: forwarded caller guarantees.
        let (name, tier) = unsafe { (label(name, "name")?, label(tier, "tier")?) };
        if writer.pack.entries.len() >= MAX_ENTRIES {
            return Err(Failure::invalid(format!("a pack holds at most {MAX_ENTRIES} puzzles")));
        }
        let session = &puzzle.session;
        let solution = session.at_start().then(|| session.stored_solution()).filter(|s| !s.is_empty());
        let entry =
            PackEntry { desc: session.describe(), rating, solution: solution.map(Bounded), name, tier, played: None };
        // A game's describe that failed leaves no description to store: say that, not what reading the
        // stand-in back would then say.
        puzzle.checked(Ok(LpStatus::LP_OK))?;
        if entry.solution.as_ref().is_some_and(|s| s.too_long()) {
            return Err(Failure::invalid("the puzzle's solution is longer than a pack stores"));
        }
        let fingerprint = registry::load_like(&entry, &**session).map_err(Failure::invalid)?.fingerprint();
        puzzle.checked(Ok(LpStatus::LP_OK))?;
        if let Some(first) = writer.fingerprints.iter().position(|&f| f == fingerprint) {
            return Err(Failure::invalid(format!(
                "the puzzle is the same level as entry #{} (up to the family's symmetries); a pack holds distinct levels",
                first + 1
            )));
        }
        writer.pack.entries.try_reserve(1).map_err(|_| crate::memory::OutOfMemory { bytes: size_of::<PackEntry>() })?;
        writer.fingerprints.try_reserve(1).map_err(|_| crate::memory::OutOfMemory { bytes: size_of::<u64>() })?;
        writer.pack.entries.push(entry);
        writer.fingerprints.push(fingerprint);
        Ok(LpStatus::LP_OK)
    })
}

/// Names the pack being written (`name` NULL: no name), stored in its bytes and read back by
/// [`lp_pack_name`]; `LP_ERR_INVALID_ARGUMENT` for a name longer than 1,024 bytes (the name is then
/// unchanged).
///
/// # Safety
/// `writer` must be NULL or a live handle; `name` NULL or a NUL-terminated string.
#[no_mangle]
pub unsafe extern "C" fn lp_pack_writer_set_name(writer: *mut LpPackWriter, name: *const c_char) -> LpStatus {
    guard(|| {
        // SAFETY: forwarded caller guarantees.
        let (writer, name) = unsafe { (handle_mut(writer)?, label(name, "name")?) };
        writer.pack.name = name;
        Ok(LpStatus::LP_OK)
    })
}

/// The pack's bytes (for [`lp_pack_load`], `lp pack verify`, a `.lpk` file); with `buf` NULL and `cap`
/// 0, `*written` receives the size needed (and `LP_ERR_BUFFER_TOO_SMALL`).
///
/// # Safety
/// `writer` must be NULL or a live handle; `buf` NULL or `cap` writable bytes; `written` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn lp_pack_writer_bytes(
    writer: *const LpPackWriter,
    buf: *mut u8,
    cap: usize,
    written: *mut usize,
) -> LpStatus {
    guard(|| {
        // SAFETY: forwarded caller guarantees.
        let writer = unsafe { handle(writer) }?;
        // SAFETY: forwarded caller guarantees.
        unsafe { write_items(&writer.pack.to_bytes(), buf, cap, written) }
    })
}

/// Releases a pack writer. NULL is ignored.
///
/// # Safety
/// `writer` must be NULL or a handle from this library not yet freed.
#[no_mangle]
pub unsafe extern "C" fn lp_pack_writer_free(writer: *mut LpPackWriter) {
    // SAFETY: forwarded caller guarantee.
    unsafe { release(writer) }
}
