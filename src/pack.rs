//! Puzzle packs: a game's levels with their answers, so that hints cost nothing at run time.
//!
//! A pack is postcard inside the [`crate::envelope`] (magic `LPPK`, format version, CRC-32): flags, then
//! entries of (text description, rating, optional solution as [`MoveCode`]s, optional designer name and
//! tier), then — when the flag [`NAMED`] is set — the pack's own name, then — when the flag [`PLAYED`] is
//! set (a saved game) — the moves played on entries (`(entry, Played)` pairs). A pack without a name or
//! moves is the same bytes as before they existed, and a reader that knows no flag refuses such a pack as
//! a newer format's rather than misreading it. Decoding never panics, and never reserves more memory than the bytes it reads justify: every
//! sequence grows as its elements are actually decoded, up to a stated limit ([`MAX_ENTRIES`],
//! [`MAX_SOLUTION`], [`MAX_LABEL`]). This module is the format only; [`crate::registry::load_pack`]
//! decodes and checks a pack entry by entry (every description parses, every stored solution replays to
//! the goal, and for families rated by optimal length no stored solution is shorter than its rating), so
//! a pack that loads there is sound. What a checksum cannot vouch for is not claimed: hints along a stored
//! solution do not say it is optimal, and ratings are the writer's until [`crate::registry::verify`]
//! (`lp pack verify`) re-derives them.

use crate::envelope::{self, DataError};
use crate::moves::MoveCode;
use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;
use serde::de::{Deserializer, SeqAccess, Visitor};
use serde::{Deserialize, Serialize};

const MAGIC: [u8; 4] = *b"LPPK";
/// Version of the pack format.
pub const FORMAT_VERSION: u16 = 1;
/// The largest pack read, in bytes: longer input is refused before it is decoded.
pub const MAX_BYTES: usize = 64 << 20;
/// Most entries in a pack.
pub const MAX_ENTRIES: usize = 100_000;
/// Most moves of a stored solution.
pub const MAX_SOLUTION: usize = 10_000;
/// Most bytes of a level's name or tier, or of the pack's name.
pub const MAX_LABEL: usize = 1024;
/// The flag of a pack whose name follows its entries.
pub const NAMED: u32 = 1;
/// The flag of a pack whose entries' moves played follow (after the name, if any): a saved game.
pub const PLAYED: u32 = 2;
/// Most moves of a saved game's history (a puzzle keeps at most this many: see
/// [`crate::session::MAX_HISTORY`]).
pub const MAX_HISTORY: usize = 100_000;

/// The moves a player made on a level since its description's position: a saved game, so that undo,
/// redo and "check my board" after a load are what they were before the save.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Played {
    /// The moves played, oldest first, then those undone in the order redo plays them.
    pub moves: Bounded<MoveCode, MAX_HISTORY>,
    /// How many of `moves`, from the end, are undone.
    pub undone: u32,
}

/// One level of a pack.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct PackEntry {
    /// The puzzle's one-line text description.
    pub desc: String,
    /// Its rating (the optimal length, or what its family rates by).
    pub rating: u32,
    /// A solution from the start, as moves (hints follow it without searching).
    pub solution: Option<Bounded<MoveCode, MAX_SOLUTION>>,
    /// The designer's name for the level.
    pub name: Option<String>,
    /// The designer's tier or chapter.
    pub tier: Option<String>,
    /// The moves a player made (a saved game; stored after the entries, under the flag [`PLAYED`]).
    #[serde(skip)]
    pub played: Option<Played>,
}

/// A list of at most `MAX` elements, decoded without reserving memory in advance: it grows as elements
/// arrive, so a damaged length cannot make the decoder reserve more than the input holds. Decoding keeps
/// at most `MAX + 1` elements (the rest are read and dropped), so that [`Bounded::too_long`] can refuse an
/// over-long list by name.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
#[serde(transparent)]
pub struct Bounded<T, const MAX: usize>(pub Vec<T>);

impl<'de, T: Deserialize<'de>, const MAX: usize> Deserialize<'de> for Bounded<T, MAX> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Elements<T, const MAX: usize>(core::marker::PhantomData<T>);
        impl<'de, T: Deserialize<'de>, const MAX: usize> Visitor<'de> for Elements<T, MAX> {
            type Value = Bounded<T, MAX>;
            fn expecting(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                write!(f, "a sequence of at most {MAX} elements")
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Bounded<T, MAX>, A::Error> {
                let mut out = Vec::new();
                while let Some(item) = seq.next_element()? {
                    if out.len() <= MAX {
                        out.push(item);
                    }
                }
                Ok(Bounded(out))
            }
        }
        deserializer.deserialize_seq(Elements::<T, MAX>(core::marker::PhantomData))
    }
}

impl<T, const MAX: usize> Bounded<T, MAX> {
    /// Whether the list holds more than `MAX` elements.
    pub fn too_long(&self) -> bool {
        self.0.len() > MAX
    }
}

#[derive(Serialize, Deserialize)]
struct Body {
    /// [`NAMED`], or none; a pack with another flag comes from a newer writer.
    flags: u32,
    entries: Bounded<PackEntry, MAX_ENTRIES>,
}

/// A pack of puzzles.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Pack {
    /// The pack's name (a game's level set, a designer's collection), if it has one.
    pub name: Option<String>,
    /// The levels, in order.
    pub entries: Vec<PackEntry>,
}

impl Pack {
    /// A pack of `entries` without a name.
    pub fn of(entries: Vec<PackEntry>) -> Pack {
        Pack { name: None, entries }
    }

    /// The serialized pack.
    pub fn to_bytes(&self) -> Vec<u8> {
        let played: Vec<(u32, &Played)> =
            self.entries.iter().enumerate().filter_map(|(i, e)| Some((i as u32, e.played.as_ref()?))).collect();
        let flags = if self.name.is_some() { NAMED } else { 0 } | if played.is_empty() { 0 } else { PLAYED };
        let mut body =
            postcard::to_allocvec(&Body { flags, entries: Bounded(self.entries.clone()) }).unwrap_or_default();
        if let Some(name) = &self.name {
            body.extend(postcard::to_allocvec(name).unwrap_or_default());
        }
        if !played.is_empty() {
            body.extend(postcard::to_allocvec(&played).unwrap_or_default());
        }
        envelope::seal(MAGIC, FORMAT_VERSION, &body)
    }

    /// Checks the magic and version at the start of a pack file (its first
    /// [`envelope::HEADER_BYTES`] bytes), before the rest is read.
    pub fn check_header(header: &[u8]) -> Result<(), DataError> {
        envelope::check_header(header, MAGIC, FORMAT_VERSION, "a puzzle pack")
    }

    /// Decodes a pack's format: envelope, sizes and limits (entries are not checked against their
    /// families: [`crate::registry::load_pack`] does that). Damaged bytes give [`DataError::Corrupt`];
    /// another format version or unknown flags give [`DataError::Version`].
    pub fn decode(bytes: &[u8]) -> Result<Pack, DataError> {
        if bytes.len() > MAX_BYTES {
            return Err(DataError::Corrupt(format!(
                "{} bytes is more than any pack ({MAX_BYTES} at most)",
                bytes.len()
            )));
        }
        let body = envelope::open(bytes, MAGIC, FORMAT_VERSION, "a puzzle pack")?;
        let (body, rest): (Body, &[u8]) =
            postcard::take_from_bytes(body).map_err(|e| DataError::Corrupt(format!("{e}")))?;
        if body.flags & !(NAMED | PLAYED) != 0 {
            return Err(DataError::Version(FORMAT_VERSION));
        }
        let (name, rest) = if body.flags & NAMED != 0 {
            // A string is its length then its bytes: it borrows from the input, so no length can make the
            // decoder reserve more than the bytes read.
            let (name, rest): (&str, &[u8]) =
                postcard::take_from_bytes(rest).map_err(|e| DataError::Corrupt(format!("the pack's name: {e}")))?;
            if name.len() > MAX_LABEL {
                return Err(DataError::Corrupt(format!("a pack name longer than {MAX_LABEL} bytes")));
            }
            (Some(String::from(name)), rest)
        } else {
            (None, rest)
        };
        let mut entries = body.entries;
        if entries.too_long() {
            return Err(DataError::Corrupt(format!("more than {MAX_ENTRIES} entries")));
        }
        let rest = if body.flags & PLAYED != 0 {
            let (played, rest): (Bounded<(u32, Played), MAX_ENTRIES>, &[u8]) =
                postcard::take_from_bytes(rest).map_err(|e| DataError::Corrupt(format!("the moves played: {e}")))?;
            for (i, game) in played.0 {
                let entry = entries.0.get_mut(i as usize).filter(|e| e.played.is_none());
                let entry = entry.ok_or_else(|| {
                    DataError::Corrupt(format!("moves played for entry {i}, which has none or had them already"))
                })?;
                if game.moves.too_long() || game.undone as usize > game.moves.0.len() {
                    return Err(DataError::Corrupt(format!(
                        "entry {i}: more than {MAX_HISTORY} moves played, or more undone than played"
                    )));
                }
                entry.played = Some(game);
            }
            rest
        } else {
            rest
        };
        if !rest.is_empty() {
            return Err(DataError::Corrupt(format!("{} bytes after the last entry", rest.len())));
        }
        for (i, entry) in entries.0.iter().enumerate() {
            if entry.solution.as_ref().is_some_and(Bounded::too_long) {
                return Err(DataError::Corrupt(format!(
                    "entry {i}: a stored solution of more than {MAX_SOLUTION} moves"
                )));
            }
            let long_label = [&entry.name, &entry.tier].into_iter().flatten().any(|l| l.len() > MAX_LABEL);
            if long_label {
                return Err(DataError::Corrupt(format!("entry {i}: a name or tier longer than {MAX_LABEL} bytes")));
            }
        }
        Ok(Pack { name, entries: entries.0 })
    }
}
