//! The puzzle families, one folder each, all implementing [`crate::family::Family`] and
//! [`crate::generate::Generate`] — and [`REGISTRY`], the only list of them: one line per family, its
//! stable id (the C ABI's family number) and its type. Everything that dispatches on a family goes
//! through it ([`crate::registry`]).

pub mod flip;
pub mod hargram;
pub mod jugs;
pub mod tiles;

use crate::registry::Entry;

/// Every family lphint knows, one line each: `Entry::of::<Type>(stable id)`.
pub static REGISTRY: &[Entry] = &[
    Entry::of::<tiles::Tiles>(1),
    Entry::of::<jugs::Jugs>(2),
    Entry::of::<flip::Flip>(3),
    Entry::of::<hargram::Hargram>(4),
];
