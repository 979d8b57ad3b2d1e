//! The C ABI: thin glue over [`crate::registry`] and [`crate::session`], with no puzzle logic and no family
//! named (a family's own creator, such as `lp_tiles_create`, lives in its folder).
//!
//! Conventions (rustls-ffi style):
//! - every function returns an [`LpStatus`] and writes its results to out-parameters, only on success;
//! - every pointer is checked (`LP_ERR_NULL_ARGUMENT`) and every length is checked against its limit
//!   before a byte is read; every call runs under one panic guard (`LP_ERR_PANIC`), so nothing unwinds
//!   into C;
//! - on failure, [`lp_last_error`] gives a message for this thread;
//! - strings and buffers are `(ptr, capacity, *written)`: a short buffer yields `LP_ERR_BUFFER_TOO_SMALL`
//!   with the size needed in `*written`;
//! - handles are created by `lp_*_create` / `lp_*_parse` / `lp_*_load` and released by `lp_*_free`
//!   (NULL-safe); one handle is used by one thread at a time, distinct handles are independent;
//! - the per-frame calls ([`lp_next_hint`], [`lp_solver_step`], [`lp_generator_step`], [`lp_ga_step`])
//!   take a budget and allocate nothing after the first call. The budget counts units of bounded work
//!   (a node expansion of at most 16 successors, or a part of one; a fitness evaluation); a budget of 0
//!   counts as 1, so that every call makes progress.

mod analysis;
mod custom;
mod deduction;
mod families;
mod ga;
mod generate;
pub(crate) mod glue;
mod history;
mod pack;
mod puzzle;
mod solver;
mod tables;
#[cfg(all(target_family = "wasm", target_os = "unknown"))]
mod wasm;

/// The C ABI's name for [`MoveCode`](crate::moves::MoveCode).
pub use crate::moves::MoveCode as LpMove;
pub use analysis::*;
pub use custom::*;
pub use deduction::*;
pub use families::*;
pub use ga::*;
pub use generate::*;
pub use glue::{lp_last_error, lp_last_work, lp_status_str, lp_version, LpStatus, LP_ABI_VERSION};
pub use history::*;
pub use pack::*;
pub use puzzle::*;
pub use solver::*;
pub use tables::*;
