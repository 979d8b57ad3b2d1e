//! Precomputed tables a game ships with its puzzles and loads from bytes, so that it does not build them
//! at run time. The core knows nothing of what is in them: a family declares the [`TableKind`]s it loads
//! (magic, name, how to load, build and save them), the registry finds a kind by the magic at the start
//! of the bytes, and the family reads its own data back out of the [`Tables`] it is given.

use crate::envelope::DataError;
use crate::params::{Spec, Values};
use alloc::string::String;
use alloc::sync::Arc;
use alloc::vec::Vec;
use core::any::Any;

/// The largest tables read, in bytes (the 4×4 pattern databases take 16 MiB a 6-6-3 layout and 577 MB in
/// the 7-8 partition, the 5×5 ones 13 MB).
pub const MAX_BYTES: usize = 1 << 30;

/// Loaded table data, shared cheaply between puzzles; only its family knows its type.
pub type TableData = Arc<dyn Any + Send + Sync>;

/// Runs the independent pieces of a long build (one table of several, say): in turn in the core, on every
/// core where threads exist (the CLI's `lp tables build --jobs`). A piece's result goes to its index,
/// so that the tables are the same however the pieces ran.
pub trait Spread: Sync {
    /// The results of `piece(0)`, …, `piece(count − 1)`, in index order.
    fn map(&self, count: usize, piece: &(dyn Fn(usize) -> Vec<u8> + Sync)) -> Vec<Vec<u8>>;
}

/// Pieces one after the other.
#[derive(Clone, Copy, Debug, Default)]
pub struct InTurn;

impl Spread for InTurn {
    fn map(&self, count: usize, piece: &(dyn Fn(usize) -> Vec<u8> + Sync)) -> Vec<Vec<u8>> {
        (0..count).map(piece).collect()
    }
}

/// A kind of tables a family loads.
pub struct TableKind {
    /// The name `lp tables build --kind` takes (`pdb`, `eight`).
    pub name: &'static str,
    /// The magic at the start of its bytes.
    pub magic: [u8; 4],
    /// The format version its loader reads.
    pub version: u16,
    /// One line saying what it is.
    pub doc: &'static str,
    /// The parameters of [`TableKind::build`] (such as the goal's blank cell).
    pub params: &'static [Spec],
    /// Decodes and checks the bytes (the whole envelope).
    pub load: fn(&[u8]) -> Result<TableData, DataError>,
    /// Builds the tables for the given parameters, as bytes [`TableKind::load`] reads, its independent
    /// pieces run by the [`Spread`] given.
    pub build: fn(&Values, &dyn Spread) -> Result<Vec<u8>, String>,
    /// The bytes of loaded data.
    pub save: fn(&TableData) -> Vec<u8>,
}

impl core::fmt::Debug for TableKind {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "TableKind({})", self.name)
    }
}

/// Loaded tables of some kind.
#[derive(Clone)]
pub struct Tables {
    kind: &'static TableKind,
    data: TableData,
}

impl core::fmt::Debug for Tables {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "Tables({})", self.kind.name)
    }
}

impl Tables {
    /// Tables of `kind` holding `data` (which `kind` loads and saves).
    pub fn new(kind: &'static TableKind, data: TableData) -> Tables {
        Tables { kind, data }
    }

    /// Decodes `bytes` as tables of `kind`, refusing more than [`MAX_BYTES`].
    pub fn load(kind: &'static TableKind, bytes: &[u8]) -> Result<Tables, DataError> {
        if bytes.len() > MAX_BYTES {
            return Err(DataError::Corrupt(alloc::format!(
                "{} bytes is more than any tables ({MAX_BYTES} at most)",
                bytes.len()
            )));
        }
        Ok(Tables { kind, data: (kind.load)(bytes)? })
    }

    /// The kind.
    pub fn kind(&self) -> &'static TableKind {
        self.kind
    }

    /// The data, when it is a `T` (the family's own type for this kind).
    pub fn get<T: Any + Send + Sync>(&self) -> Option<Arc<T>> {
        self.data.clone().downcast::<T>().ok()
    }

    /// The serialized form ([`Tables::load`] reads it back).
    pub fn to_bytes(&self) -> Vec<u8> {
        (self.kind.save)(&self.data)
    }
}

/// Whether two handles hold the same loaded data.
impl PartialEq for Tables {
    fn eq(&self, other: &Tables) -> bool {
        core::ptr::eq(self.kind, other.kind) && Arc::ptr_eq(&self.data, &other.data)
    }
}
