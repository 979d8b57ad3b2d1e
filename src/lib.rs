//! # lphint — a puzzle engine for games
//!
//! lphint models, solves, rates and hints puzzles. A game calls it every frame with a small work budget;
//! a designer calls it from the `lp` command line to build and check puzzle packs.
//!
//! The crate is split the way Simon Tatham's puzzle collection is: the shared machinery lives once
//! ([`search`], [`hint`], [`generate`], [`params`], [`text`]), and every puzzle family is one folder of
//! [`families`] behind one uniform interface ([`family::Family`] and [`generate::Generate`] on top of
//! [`search::Puzzle`]), listed once in [`families::REGISTRY`] and reached through [`registry`].
//!
//! Every long operation is a value with a `step(budget)` method in the manner of Detour's sliced queries:
//! memory is reserved once when the value is created, a step allocates nothing, and reaching the node cap
//! is a [`status::Status`] — one vocabulary for every long operation — never an abort.
//!
//! ## Features
//! - `std` (default): the FFI panic guard, threads and I/O. Without it the crate is `#![no_std]` + `alloc`.
//! - `cli`: the designer command line `lp`.
//!
//! ## Example
//! ```
//! use lphint::registry;
//! use lphint::search::Status;
//!
//! // Any family, through the registry: a puzzle from its description, hints per frame.
//! let mut game = registry::parse("tiles:3x3:1,2,3,4,5,6,0,7,8").unwrap();
//! let hint = loop {
//!     match game.next_hint(100) {
//!         Err(Status::InProgress) => continue, // a game calls this once per frame
//!         Ok(hint) => break hint,
//!         Err(other) => panic!("{other:?}"),
//!     }
//! };
//! assert_eq!(hint.moves_left, 2);
//! assert_eq!(game.move_token(&hint.mv).unwrap(), "7");
//! assert_eq!(game.hint_text().unwrap(), "slide 7 left: the first move of a shortest solution");
//! ```
#![cfg_attr(not(feature = "std"), no_std)]
#![warn(missing_docs)]

extern crate alloc;

pub mod check;
pub mod custom;
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
pub mod moves;
pub mod pack;
pub mod params;
pub mod registry;
pub mod search;
pub mod session;
pub mod status;
pub mod tables;
pub mod text;
pub mod trivial;
