//! The puzzle families, one module each, all implementing [`crate::search::Puzzle`] and
//! [`crate::family::Family`].

pub mod flip;
pub mod hargram;
pub mod jugs;
pub mod tiles;
