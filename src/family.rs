//! The uniform interface every puzzle family implements on top of [`Puzzle`]: text descriptions,
//! drawing, move names and the solver that suits it. The CLI and the C ABI are written against this
//! trait only, so a new family plugs in without touching them.

use crate::search::{Algorithm, Puzzle};
use crate::text::ParseError;
use alloc::string::String;

/// A puzzle family: one module, one implementation of this trait.
pub trait Family: Puzzle + Sized + Clone {
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

    /// The best optimal algorithm for this puzzle and the node cap it needs.
    fn recommended_solver(&self) -> (Algorithm, usize);
}
