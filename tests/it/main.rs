//! Every integration test, in one binary: built and linked once rather than forty times.

#[path = "../common/mod.rs"]
mod common;

// Counts each thread's allocations, for the tests that prove a call allocates nothing (common/counting.rs).
#[global_allocator]
static GLOBAL: common::counting::Counting = common::counting::Counting;

mod anneal;
mod beam;
mod blocks;
mod c_abi;
mod cli;
mod csharp;
mod distributed;
mod docs;
mod families;
mod ffi;
mod ffi_no_alloc;
mod flip;
mod frame_bounds;
mod generate;
mod generator_no_alloc;
mod hargram;
mod header;
mod history;
mod identity;
mod js;
mod jugs;
mod linjat;
mod no_alloc;
mod pack;
mod partial;
mod path_costs;
mod rush;
mod rush_database;
mod sokoban;
mod sudoku;
mod sudoku_game;
mod tiles_duplicates;
mod tiles_eight;
mod tiles_pdb;
mod tiles_pdb24;
mod tiles_search;
mod trust;
mod unity;
mod windows;
