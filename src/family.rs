//! The uniform interface every puzzle family implements on top of [`Puzzle`]: text descriptions,
//! drawing, move names and the solver that suits it. The CLI and the C ABI are written against this
//! trait only, so a new family plugs in without touching them.

use crate::memory::OutOfMemory;
use crate::search::{Puzzle, Solver};
use crate::tables::Tables;
use crate::text::ParseError;
use alloc::format;
use alloc::string::String;

/// Which family a puzzle belongs to (stable numbers, shared with the C ABI).
#[repr(u32)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FamilyId {
    /// Sliding tiles.
    Tiles = 1,
    /// Water jugs.
    Jugs = 2,
    /// "Stomp on it!" flip panels.
    Flip = 3,
    /// Hargram polyomino packing.
    Hargram = 4,
}

/// A move as plain numbers, the same shape for every family, so that bindings (C, C++, C#) can pass moves
/// without knowing family types. Each family documents what the fields mean for it; fields it does not use
/// are zero, and `-1` in `from` and `to` asks the family to infer them where it can.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct MoveCode {
    /// The thing that moves: a tile number, a jug, a block or piece index.
    pub piece: u32,
    /// Where it moves from (a cell index, or a jug).
    pub from: i32,
    /// Where it moves to (a cell index, or a jug).
    pub to: i32,
    /// A family-specific extra (an orientation), or zero.
    pub arg: i32,
}

/// A puzzle family: one module, one implementation of this trait.
pub trait Family: Puzzle + Sized + Clone + core::fmt::Debug {
    /// The family name, as the first field of its text description (`tiles`, `jugs`, …).
    const NAME: &'static str;

    /// Parses a one-line text description (`NAME:…`).
    fn parse(desc: &str) -> Result<Self, ParseError>;

    /// Prints the one-line text description; `parse(describe())` gives the same puzzle back.
    fn describe(&self) -> String;

    /// The starting state.
    fn start(&self) -> Self::State;

    /// The same puzzle, starting from `state` (for example the player's current position).
    fn with_start(&self, state: Self::State) -> Self;

    /// A multi-line drawing of `state` for terminals and logs.
    fn render(&self, state: &Self::State) -> String;

    /// A compact, stable name for a move (used in JSON and move lists).
    fn move_token(&self, mv: &Self::Move) -> String;

    /// A sentence a player understands ("slide 7 left").
    fn move_text(&self, mv: &Self::Move) -> String;

    /// The solver hints and `lp solve` use for this puzzle, with its memory reserved: an optimal one
    /// wherever that is feasible (its [`Solver::algorithm`] says whether it is).
    fn recommended_solver(&self) -> Result<Solver<Self>, OutOfMemory>;

    /// A fingerprint shared by puzzles that are the same level up to the family's symmetries (a board
    /// turned or mirrored, identical jugs swapped), so that generated sets and packs can hold distinct
    /// levels. By default the hash of the description: puzzles are the same when they are described the
    /// same.
    fn fingerprint(&self) -> u64 {
        fingerprint_of(self.describe().as_bytes())
    }

    /// The same puzzle using precomputed `tables` (pattern databases, distance tables), or why it cannot.
    fn with_tables(&self, tables: &Tables) -> Result<Self, String> {
        let _ = tables;
        Err(format!("{} puzzles use no such tables", Self::NAME))
    }

    /// The family's stable identifier.
    const ID: FamilyId;

    /// A move as plain numbers.
    fn encode_move(&self, mv: &Self::Move) -> MoveCode;

    /// The legal move from `state` that `code` names, or `None` when it names no legal move.
    fn decode_move(&self, state: &Self::State, code: &MoveCode) -> Option<Self::Move>;

    /// Width and height of the grid that [`Family::cell`] reads (for drawing the board).
    fn board_size(&self) -> (u32, u32);

    /// The value drawn at grid cell `index` (row-major) of `state`; what it means is family-specific
    /// (for tiles: the tile number, 0 for the blank).
    fn cell(&self, state: &Self::State, index: usize) -> i32;
}

/// A 64-bit fingerprint of `bytes` (FNV-1a: stable across builds and platforms, unlike a seeded hash).
pub fn fingerprint_of(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| (h ^ b as u64).wrapping_mul(0x0000_0100_0000_01b3))
}
