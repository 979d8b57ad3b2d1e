//! Puzzle packs: a game's levels with their answers, so that hints cost nothing at run time.
//!
//! A pack is postcard inside the [`crate::envelope`] (magic `LPPK`, format version, CRC-32): flags, then
//! entries of (text description, rating, optional solution as [`MoveCode`]s, optional designer name and
//! tier). Decoding never panics, and never reserves more memory than the bytes it reads justify: every
//! sequence grows as its elements are actually decoded. A loaded pack is checked entry by entry (every
//! description parses, every stored solution replays to the goal), so a pack that loads is sound.

use crate::envelope::{self, DataError};
use crate::family::MoveCode;
use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;
use serde::de::{Deserializer, SeqAccess, Visitor};
use serde::{Deserialize, Serialize};

const MAGIC: [u8; 4] = *b"LPPK";
/// Version of the pack format.
pub const FORMAT_VERSION: u16 = 1;

/// One level of a pack.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct PackEntry {
    /// The puzzle's one-line text description.
    pub desc: String,
    /// Its rating (the optimal length, or what its family rates by).
    pub rating: u32,
    /// A solution from the start, as moves (hints follow it without searching).
    pub solution: Option<Bounded<MoveCode>>,
    /// The designer's name for the level.
    pub name: Option<String>,
    /// The designer's tier or chapter.
    pub tier: Option<String>,
}

/// A list decoded without reserving memory in advance: it grows as elements arrive, so a damaged length
/// cannot make the decoder reserve more than the input holds.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
#[serde(transparent)]
pub struct Bounded<T>(pub Vec<T>);

impl<'de, T: Deserialize<'de>> Deserialize<'de> for Bounded<T> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Elements<T>(core::marker::PhantomData<T>);
        impl<'de, T: Deserialize<'de>> Visitor<'de> for Elements<T> {
            type Value = Bounded<T>;
            fn expecting(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                f.write_str("a sequence")
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Bounded<T>, A::Error> {
                let mut out = Vec::new();
                while let Some(item) = seq.next_element()? {
                    out.push(item);
                }
                Ok(Bounded(out))
            }
        }
        deserializer.deserialize_seq(Elements(core::marker::PhantomData))
    }
}

#[derive(Serialize, Deserialize)]
struct Body {
    /// No flags are defined yet; a pack with flags comes from a newer writer.
    flags: u32,
    entries: Bounded<PackEntry>,
}

/// A pack of puzzles.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Pack {
    /// The levels, in order.
    pub entries: Vec<PackEntry>,
}

impl Pack {
    /// The serialized pack.
    pub fn to_bytes(&self) -> Vec<u8> {
        let body = Body { flags: 0, entries: Bounded(self.entries.clone()) };
        envelope::seal(MAGIC, FORMAT_VERSION, &postcard::to_allocvec(&body).unwrap_or_default())
    }

    /// Decodes and checks a pack: envelope, then every entry (it must parse, and its stored solution must
    /// replay to the goal). Damaged bytes give [`DataError::Corrupt`]; another format version or unknown
    /// flags give [`DataError::Version`].
    pub fn from_bytes(bytes: &[u8]) -> Result<Pack, DataError> {
        let body = envelope::open(bytes, MAGIC, FORMAT_VERSION, "a puzzle pack")?;
        let (body, rest): (Body, &[u8]) =
            postcard::take_from_bytes(body).map_err(|e| DataError::Corrupt(format!("{e}")))?;
        if !rest.is_empty() {
            return Err(DataError::Corrupt(format!("{} bytes after the last entry", rest.len())));
        }
        if body.flags != 0 {
            return Err(DataError::Version(FORMAT_VERSION));
        }
        for (i, entry) in body.entries.0.iter().enumerate() {
            crate::session::from_entry(entry).map_err(|e| DataError::Corrupt(format!("entry {i}: {e}")))?;
        }
        Ok(Pack { entries: body.entries.0 })
    }
}
