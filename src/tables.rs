//! Precomputed tables a game ships with its puzzles and loads from bytes, so that it does not build them
//! at run time. Each kind is recognised by the magic at the start of its bytes.

use crate::envelope::{magic_of, DataError};
use crate::families::tiles::distances::EightTable;
use crate::families::tiles::pdb::PatternDatabase;
use alloc::string::String;
use alloc::sync::Arc;

/// The largest tables read, in bytes (the 4×4 pattern databases take 16 MiB).
pub const MAX_BYTES: usize = 64 << 20;

/// Loaded tables, shared cheaply between puzzles.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Tables {
    /// 6-6-3 pattern databases for 4×4 sliding tiles.
    TilesPatternDatabase(Arc<PatternDatabase>),
    /// The complete 3×3 distance table.
    EightDistances(Arc<EightTable>),
}

impl Tables {
    /// Loads tables of any known kind, checking magic, version, checksum and sizes. Damaged bytes give
    /// an error, never a panic.
    pub fn from_bytes(bytes: &[u8]) -> Result<Tables, DataError> {
        if bytes.len() > MAX_BYTES {
            return Err(DataError::Corrupt(alloc::format!(
                "{} bytes is more than any tables ({MAX_BYTES} at most)",
                bytes.len()
            )));
        }
        match magic_of(bytes).as_ref().map(|m| &m[..]) {
            Some(b"LP8D") => EightTable::from_bytes(bytes).map(|t| Tables::EightDistances(Arc::new(t))),
            Some(b"LPDB") => PatternDatabase::from_bytes(bytes).map(|db| Tables::TilesPatternDatabase(Arc::new(db))),
            _ if bytes.len() < 4 => {
                Err(DataError::Corrupt(alloc::format!("{} bytes are too few for tables", bytes.len())))
            }
            _ => Err(DataError::Corrupt(String::from("not lphint tables (unknown magic)"))),
        }
    }

    /// Checks the magic and version at the start of a tables file (its first
    /// [`crate::envelope::HEADER_BYTES`] bytes), before the rest is read.
    pub fn check_header(header: &[u8]) -> Result<(), DataError> {
        match magic_of(header).as_ref().map(|m| &m[..]) {
            Some(b"LP8D") => EightTable::check_header(header),
            Some(b"LPDB") => PatternDatabase::check_header(header),
            _ if header.len() < 4 => {
                Err(DataError::Corrupt(alloc::format!("{} bytes are too few for tables", header.len())))
            }
            _ => Err(DataError::Corrupt(String::from("not lphint tables (unknown magic)"))),
        }
    }

    /// The serialized form ([`Tables::from_bytes`] reads it back).
    pub fn to_bytes(&self) -> alloc::vec::Vec<u8> {
        match self {
            Tables::TilesPatternDatabase(db) => db.to_bytes(),
            Tables::EightDistances(table) => table.to_bytes(),
        }
    }
}
