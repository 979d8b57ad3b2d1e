//! The C ABI: thin glue over [`crate::session`], with no puzzle logic.
//!
//! Conventions (rustls-ffi style):
//! - every function returns an [`LpStatus`] and writes its results to out-parameters, only on success;
//! - every pointer is checked (`LP_ERR_NULL_ARGUMENT`) and every call runs under a panic guard
//!   (`LP_ERR_PANIC`), so nothing unwinds into C;
//! - on failure, [`lp_last_error`] gives a message for this thread;
//! - strings and buffers are `(ptr, capacity, *written)`: a short buffer yields `LP_ERR_BUFFER_TOO_SMALL`
//!   with the size needed in `*written`;
//! - handles are created by `lp_*_create` / `lp_*_parse` and released by `lp_*_free` (NULL-safe); one handle
//!   is used by one thread at a time, distinct handles are independent;
//! - the per-frame calls [`lp_next_hint`] and [`lp_solver_step`] take a budget of node expansions and
//!   allocate nothing (the hinter is reserved by the first hint call).

mod generate;
mod glue;
mod hargram;
mod pack;
mod puzzle;
mod solver;
mod tables;

/// The C ABI's name for [`MoveCode`](crate::family::MoveCode).
pub use crate::family::MoveCode as LpMove;
pub use generate::*;
pub use glue::{lp_last_error, lp_status_str, lp_version, LpStatus, LP_ABI_VERSION};
pub use hargram::*;
pub use pack::*;
pub use puzzle::*;
pub use solver::*;
pub use tables::*;
