//! # lphint — a puzzle engine for games
//!
//! lphint models, solves, rates and hints puzzles. A game calls it every frame with a small work budget;
//! a designer calls it from the `lp` command line to build and check puzzle packs.
//!
//! The crate is split the way Simon Tatham's puzzle collection is: the shared machinery lives once
//! ([`search`], [`hint`], [`text`]), and every puzzle family is one module behind one uniform interface
//! ([`family::Family`] on top of [`search::Puzzle`]).
//!
//! Every long operation is a value with a `step(budget)` method in the manner of Detour's sliced queries:
//! memory is reserved once when the value is created, a step allocates nothing, and reaching the node cap
//! is a [`search::Status`], never an abort.
//!
//! ## Features
//! - `std` (default): the FFI panic guard, threads and I/O. Without it the crate is `#![no_std]` + `alloc`.
//! - `cli`: the designer command line `lp`.
//!
//! ## Example
//! ```
//! use lphint::families::tiles::Tiles;
//! use lphint::family::Family;
//! use lphint::hint::{Hinter, HintStatus};
//! use lphint::search::{Algorithm, Solver};
//!
//! let puzzle = Tiles::parse("tiles:3x3:1,2,3,4,5,6,0,7,8").unwrap();
//! let mut hinter = Hinter::new(Solver::new(Algorithm::IdaStar, 4096).unwrap(), 64);
//! let state = puzzle.start();
//! // A game calls this once per frame until the hint arrives.
//! let hint = loop {
//!     match hinter.next_hint(&puzzle, &state, 100) {
//!         HintStatus::InProgress => continue,
//!         HintStatus::Ready(hint) => break hint,
//!         other => panic!("{other:?}"),
//!     }
//! };
//! assert_eq!(hint.moves_left, 2);
//! assert_eq!(puzzle.move_token(&hint.mv), "7");
//! ```
#![cfg_attr(not(feature = "std"), no_std)]
#![warn(missing_docs)]

extern crate alloc;

pub mod envelope;
pub mod families;
pub mod family;
#[cfg(feature = "std")]
pub mod ffi;
pub mod ga;
pub mod generate;
pub mod grid;
pub mod hint;
pub mod memory;
pub mod pack;
pub mod search;
pub mod session;
pub mod tables;
pub mod text;
