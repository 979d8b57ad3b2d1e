//! `lp bench custom`: the cost of the callback boundary. An 8-puzzle written as a game would write it
//! (`extern "C"` callbacks over 9 bytes, Manhattan distance as its estimate) against the built-in tiles
//! family under the same heuristic, on the same random boards, with A* and IDA*: nodes per second of each
//! and their ratio (every length checked equal).

use super::parse;
use crate::{fmt_time, Done};
use lphint::custom::{self, LpCustomVtable, LpEmit};
use lphint::families::tiles::Tiles;
use lphint::family::{Family, MoveCode};
use lphint::search::{Algorithm, Status};
use lphint::session::AnySession;
use std::ffi::c_void;
use std::time::{Duration, Instant};

/// Rounds of each measurement (the median is reported).
const ROUNDS: usize = 5;

fn blank_of(state: &[u8]) -> usize {
    state.iter().position(|&t| t == 0).unwrap_or(0)
}

unsafe extern "C" fn successors(_: *mut c_void, state: *const u8, emit: LpEmit, sink: *mut c_void) -> i32 {
    // SAFETY: the engine passes `state_size` (9) bytes.
    let state = unsafe { std::slice::from_raw_parts(state, 9) };
    let blank = blank_of(state);
    let (row, col) = (blank / 3, blank % 3);
    for (ok, from) in
        [(row > 0, blank.wrapping_sub(3)), (row < 2, blank + 3), (col > 0, blank.wrapping_sub(1)), (col < 2, blank + 1)]
    {
        if !ok {
            continue;
        }
        let mut next = [0u8; 9];
        next.copy_from_slice(state);
        next.swap(blank, from);
        let mv = MoveCode { piece: u32::from(state[from]), from: from as i32, to: blank as i32, arg: 0 };
        // SAFETY: the engine's own emit with its sink, and 9 readable bytes.
        if unsafe { emit(sink, mv, next.as_ptr(), 1) } != 0 {
            return 1;
        }
    }
    0
}

unsafe extern "C" fn is_goal(_: *mut c_void, state: *const u8, goal: *mut bool) -> i32 {
    // SAFETY: 9 readable bytes and a writable flag, as the engine passes them.
    unsafe { *goal = std::slice::from_raw_parts(state, 9) == [1, 2, 3, 4, 5, 6, 7, 8, 0] };
    0
}

unsafe extern "C" fn estimate(_: *mut c_void, state: *const u8, value: *mut u32) -> i32 {
    // SAFETY: as above.
    let state = unsafe { std::slice::from_raw_parts(state, 9) };
    let manhattan = state
        .iter()
        .enumerate()
        .filter(|(_, &t)| t != 0)
        .map(|(cell, &t)| {
            let goal = usize::from(t) - 1;
            ((cell / 3).abs_diff(goal / 3) + (cell % 3).abs_diff(goal % 3)) as u32
        })
        .sum();
    // SAFETY: a writable value.
    unsafe { *value = manhattan };
    0
}

const VTABLE: LpCustomVtable = LpCustomVtable {
    abi_version: lphint::ffi::LP_ABI_VERSION,
    state_size: 9,
    max_successors: 4,
    admissible: true,
    successors: Some(successors),
    is_goal: Some(is_goal),
    estimate: Some(estimate),
    ..LpCustomVtable::BLANK
};

/// Solves every session with `algorithm`: total expansions and search time, and each length.
fn run(sessions: &[Box<dyn AnySession>], algorithm: Algorithm) -> Result<(u64, Duration, Vec<u32>), String> {
    let (mut expanded, mut time, mut lengths) = (0u64, Duration::ZERO, Vec::new());
    for session in sessions {
        let mut solver = session.solver(algorithm, 1 << 18).map_err(|e| e.to_string())?;
        let clock = Instant::now();
        while solver.step(1 << 16).status == Status::InProgress {}
        time += clock.elapsed();
        if let Some(why) = solver.failure() {
            return Err(why.message);
        }
        let stats = solver.stats();
        expanded += stats.expanded;
        lengths.push(stats.solution_length.ok_or("a board was not solved")?);
    }
    Ok((expanded, time, lengths))
}

pub fn custom(count: usize, seed: u64) -> Done {
    use rand::SeedableRng;
    let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(seed);
    let goal: Tiles = parse("tiles:3x3:1,2,3,4,5,6,7,8,0")?;
    let boards: Vec<Tiles> = (0..count).map(|_| goal.with_start(goal.random_solvable(&mut rng))).collect();
    let mut builtin = Vec::new();
    let mut game = Vec::new();
    for board in &boards {
        let mut session = lphint::registry::parse(&board.describe()).map_err(|e| e.to_string())?;
        session.set_option("heuristic", "manhattan")?;
        builtin.push(session);
        let bytes: Vec<u8> = (0..9).map(|i| board.cell(&board.start(), i) as u8).collect();
        game.push(custom::session(&VTABLE, std::ptr::null_mut(), &bytes)?);
    }
    println!("{count} random 8-puzzles (seed {seed}), Manhattan distance in both, {ROUNDS} rounds alternated:");
    println!("{:>6} {:>22} {:>22} {:>22}", "", "built-in tiles", "custom (callbacks)", "ratio median (min-max)");
    let rate = |n: u64, t: Duration| n as f64 / t.as_secs_f64().max(1e-9);
    for (name, algorithm) in [("A*", Algorithm::AStar), ("IDA*", Algorithm::IdaStar)] {
        let (mut rates, mut ratios) = (Vec::new(), Vec::new());
        for round in 0..ROUNDS {
            // Alternate which goes first, so that neither always runs on a warm (or throttled) core.
            let (first, second) = if round % 2 == 0 { (&builtin, &game) } else { (&game, &builtin) };
            let a = run(first, algorithm)?;
            let b = run(second, algorithm)?;
            let ((n1, t1, l1), (n2, t2, l2)) = if round % 2 == 0 { (a, b) } else { (b, a) };
            if l1 != l2 {
                return Err(format!("{name}: the custom 8-puzzle's lengths differ from the built-in family's").into());
            }
            rates.push((rate(n1, t1), rate(n2, t2), n1, fmt_time(t1), fmt_time(t2)));
            ratios.push(rate(n1, t1) / rate(n2, t2));
        }
        let mut sorted = ratios.clone();
        sorted.sort_by(f64::total_cmp);
        let median = sorted[ROUNDS / 2];
        let at = ratios.iter().position(|&r| r == median).unwrap_or(0);
        let (r1, r2, nodes, t1, t2) = &rates[at];
        println!(
            "{name:>6} {:>12.2} M nodes/s {:>12.2} M nodes/s {:>10.2}x ({:.2}-{:.2})   ({nodes} nodes: {t1} against {t2})",
            r1 / 1e6,
            r2 / 1e6,
            median,
            sorted[0],
            sorted[ROUNDS - 1],
        );
    }
    println!("every length equal; the ratio is the built-in family's speed per node over the custom one's");
    Ok(())
}
