//! Peers side by side, in one run:
//! - arena A* against `pathfinding::astar` on the same 8-puzzle instances, state type and Manhattan
//!   heuristic;
//! - IDA* against `pathfinding::idastar` (Manhattan) on 15-puzzle instances from Korf's set;
//! - flip panels by GF(2) against A*;
//! - an 8-puzzle hint by the complete distance table against IDA*.
//!
//! `cargo bench -p lphint-benches`

use criterion::{criterion_group, criterion_main, Criterion};
use lphint::families::tiles::distances::EightTable;
use lphint::families::tiles::{Board, Heuristic, Tiles};
use lphint::family::Family;
use lphint::hint::Hinter;
use lphint::search::astar::{AStar, Priority};
use lphint::search::ida::IdaStar;
use lphint::search::{solve_with, Puzzle, Status};
use lphint::tables::Tables;
use rand::{RngExt, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use std::hint::black_box;
use std::time::Duration;

/// Successors as a fixed-size iterator, so that the peer allocates nothing for them either.
fn neighbours(puzzle: &Tiles, state: &Board) -> impl Iterator<Item = (Board, u32)> {
    let mut out = [None; 4];
    let mut n = 0;
    puzzle.successors(state, |_, s, c| {
        out[n] = Some((s, c));
        n += 1;
    });
    out.into_iter().flatten()
}

/// Random solvable 8-puzzle states (a long random walk from the goal).
fn eight_puzzles(count: usize) -> (Tiles, Vec<Board>) {
    let puzzle = Tiles::parse("tiles:3x3:1,2,3,4,5,6,7,8,0").unwrap().with_heuristic(Heuristic::Manhattan);
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(42);
    let states = (0..count)
        .map(|_| {
            let mut state = puzzle.goal();
            for _ in 0..200 {
                let next: Vec<Board> = neighbours(&puzzle, &state).map(|(s, _)| s).collect();
                state = next[rng.random_range(0..next.len())];
            }
            state
        })
        .collect();
    (puzzle, states)
}

fn astar_vs_pathfinding(c: &mut Criterion) {
    let (puzzle, states) = eight_puzzles(100);
    let mut group = c.benchmark_group("astar_8puzzle_manhattan_100");
    group.sample_size(10).measurement_time(Duration::from_secs(5));
    let mut arena = AStar::new(Priority::AStar, 200_000).unwrap();
    group.bench_function("lphint_arena_reused", |b| {
        b.iter(|| {
            for &s in &states {
                let outcome = solve_with(&mut arena, &puzzle, s);
                assert_eq!(outcome.status, Status::Found);
                black_box(outcome.moves.len());
            }
        })
    });
    group.bench_function("lphint_arena_per_solve", |b| {
        b.iter(|| {
            for &s in &states {
                let mut fresh = AStar::new(Priority::AStar, 200_000).unwrap();
                black_box(solve_with(&mut fresh, &puzzle, s).moves.len());
            }
        })
    });
    group.bench_function("pathfinding_astar", |b| {
        b.iter(|| {
            for &s in &states {
                let (path, _) = pathfinding::prelude::astar(
                    &s,
                    |n| neighbours(&puzzle, n),
                    |n| puzzle.heuristic(n),
                    |n| puzzle.is_goal(n),
                )
                .unwrap();
                black_box(path.len());
            }
        })
    });
    group.finish();
}

fn ida_vs_pathfinding(c: &mut Criterion) {
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/data/korf100.txt")).unwrap();
    let goal: Vec<u8> = (0..16).collect();
    // Korf's instances 12, 55 and 79 (45, 41 and 42 moves): a few hundred thousand nodes each.
    let puzzles: Vec<Tiles> = text
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| l.split_whitespace().map(|f| f.parse::<u8>().unwrap()).collect::<Vec<_>>())
        .filter(|f| [12, 55, 79].contains(&f[0]))
        .map(|f| Tiles::new(4, 4, &f[2..], Some(&goal)).unwrap().with_heuristic(Heuristic::Manhattan))
        .collect();
    assert_eq!(puzzles.len(), 3);
    let mut group = c.benchmark_group("ida_15puzzle_manhattan_korf_12_55_79");
    group.sample_size(10).measurement_time(Duration::from_secs(10));
    let mut ida = IdaStar::new(4096).unwrap();
    group.bench_function("lphint_ida", |b| {
        b.iter(|| {
            for p in &puzzles {
                black_box(solve_with(&mut ida, p, p.start()).moves.len());
            }
        })
    });
    group.bench_function("pathfinding_idastar", |b| {
        b.iter(|| {
            for p in &puzzles {
                let (path, _) = pathfinding::prelude::idastar(
                    &p.start(),
                    |n| neighbours(p, n),
                    |n| p.heuristic(n),
                    |n| p.is_goal(n),
                )
                .unwrap();
                black_box(path.len());
            }
        })
    });
    group.finish();
}

/// Flip panels: the GF(2) minimum-press solver against the earlier A* (mismatched cells, capped at
/// 20,000 nodes) on the same generated boards.
fn flip_gf2_vs_astar(c: &mut Criterion) {
    use lphint::families::flip::Flip;
    use lphint::generate::Generator;
    use lphint::search::{Algorithm, Solver};
    for (side, presses) in [(3u8, 5u32), (4, 7), (5, 12)] {
        let params = format!("size={side}x{side},min={presses},max={presses}");
        let mut generator = Generator::<Flip>::from_text(&params, 4).unwrap();
        let puzzles: Vec<Flip> = (0..3).map(|_| generator.generate().expect("the band has puzzles").puzzle).collect();
        let mut group = c.benchmark_group(format!("flip_{side}x{side}_{presses}_presses_3"));
        group.sample_size(10).warm_up_time(Duration::from_millis(500)).measurement_time(Duration::from_secs(2));
        group.bench_function("lphint_gf2", |b| {
            b.iter(|| {
                for p in &puzzles {
                    black_box(solve_with(&mut p.recommended_solver().unwrap(), p, p.start()).moves.len());
                }
            })
        });
        let mut astar = Solver::new(Algorithm::AStar, 20_000).unwrap();
        let found = puzzles.iter().filter(|p| solve_with(&mut astar, *p, p.start()).status == Status::Found).count();
        eprintln!("flip {side}x{side}: A* (mismatched cells) found {found} of 3 within 20,000 nodes");
        group.bench_function("astar_mismatched_cells", |b| {
            b.iter(|| {
                for p in &puzzles {
                    black_box(solve_with(&mut astar, p, p.start()).status);
                }
            })
        });
        group.finish();
    }
}

/// An 8-puzzle hint from a fresh position: with the complete distance table (a walk of table lookups)
/// against IDA* with linear conflicts, on the hardest position (31 moves) and on random ones. Prints the
/// table's size.
fn eight_hint_by_table(c: &mut Criterion) {
    let (goal, states) = eight_puzzles(100);
    let table = std::sync::Arc::new(EightTable::build(&goal).unwrap());
    eprintln!("3x3 distance table: {} bytes ({} serialized)", table.bytes(), table.to_bytes().len());
    let kind = lphint::registry::table_kind("eight").unwrap();
    let with_table = goal.with_tables(&Tables::new(kind, table as lphint::tables::TableData)).unwrap();
    let plain = goal.clone().with_heuristic(Heuristic::LinearConflict);
    let hardest = Tiles::parse("tiles:3x3:8,6,7,2,5,4,3,0,1").unwrap().start();
    let mut group = c.benchmark_group("eight_hint");
    for (name, puzzle) in [("table", &with_table), ("ida_linear_conflict", &plain)] {
        let mut hinter = Hinter::new(puzzle.recommended_solver().unwrap(), 64);
        group.bench_function(format!("{name}_hardest"), |b| {
            b.iter(|| {
                hinter.reset();
                black_box(hinter.next_hint(puzzle, &hardest, u32::MAX))
            })
        });
        let mut at = 0;
        group.bench_function(format!("{name}_random"), |b| {
            b.iter(|| {
                hinter.reset();
                at = (at + 1) % states.len();
                black_box(hinter.next_hint(puzzle, &states[at], u32::MAX))
            })
        });
    }
    group.finish();
}

criterion_group!(benches, astar_vs_pathfinding, ida_vs_pathfinding, flip_gf2_vs_astar, eight_hint_by_table);
criterion_main!(benches);
