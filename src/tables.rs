//! Precomputed tables a game ships with its puzzles and loads from bytes, so that it does not build them
//! at run time. Each kind is recognised by the magic at the start of its bytes.

use crate::families::tiles::pdb::{PatternDatabase, TablesError};
use alloc::sync::Arc;

/// Loaded tables, shared cheaply between puzzles.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Tables {
    /// 6-6-3 pattern databases for 4×4 sliding tiles.
    TilesPatternDatabase(Arc<PatternDatabase>),
}

impl Tables {
    /// Loads tables of any known kind, checking magic, version, checksum and sizes. Damaged bytes give
    /// an error, never a panic.
    pub fn from_bytes(bytes: &[u8]) -> Result<Tables, TablesError> {
        PatternDatabase::from_bytes(bytes).map(|db| Tables::TilesPatternDatabase(Arc::new(db)))
    }

    /// The serialized form ([`Tables::from_bytes`] reads it back).
    pub fn to_bytes(&self) -> alloc::vec::Vec<u8> {
        match self {
            Tables::TilesPatternDatabase(db) => db.to_bytes(),
        }
    }
}
