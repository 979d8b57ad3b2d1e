//! Generation: every preset's puzzles lie in their band by an independent oracle, a run holds distinct
//! levels (and says when the band has no more), bands known to be empty or not exactly ratable are
//! refused at once, limits end a run, the same seed gives the same puzzles, and stepping equals blocking.

use crate::common;

use common::oracle;
use lphint::families::blocks::Blocks;
use lphint::families::flip::Flip;
use lphint::families::hargram::Hargram;
use lphint::families::jugs::Jugs;
use lphint::families::linjat::Linjat;
use lphint::families::tiles::pdb::{PatternDatabase, PdbTiles};
use lphint::families::tiles::Tiles;
use lphint::family::Family;
use lphint::generate::{Generate, Generator, Limits};
use lphint::search::ida::IdaStar;
use lphint::search::{solve_with, Shortfall, Status};
use std::collections::HashSet;

/// Generates up to `count` puzzles (fewer when the band runs out, which must then be said), checking
/// each rating against `verify`, the band, and that no level repeats. Returns the descriptions.
fn check_band<F: Generate>(generator: &mut Generator<F>, count: usize, verify: impl Fn(&F) -> u32) -> Vec<String> {
    let (min, max) = generator.band();
    let mut seen = HashSet::new();
    let mut out = Vec::new();
    while out.len() < count {
        let generated = match generator.generate() {
            Ok(generated) => generated,
            Err(Status::NotFound(Shortfall::NoMore)) => {
                assert_eq!(generator.handed_out(), out.len(), "the band's size is the number handed out");
                break;
            }
            Err(other) => panic!("{}: {}", F::NAME, generator.reason(other)),
        };
        let puzzle = &generated.puzzle;
        assert!((min..=max).contains(&generated.rating), "{} rated {}", puzzle.describe(), generated.rating);
        assert_eq!(verify(puzzle), generated.rating, "{}", puzzle.describe());
        assert!(seen.insert(puzzle.fingerprint()), "{} repeats a level", puzzle.describe());
        // The rater's solution replays to the goal.
        let end = generated.solution.iter().try_fold(puzzle.start(), |s, m| puzzle.apply(&s, m)).unwrap();
        assert!(puzzle.is_goal(&end));
        out.push(puzzle.describe());
    }
    out
}

fn jugs_distance(p: &Jugs) -> u32 {
    let start: Vec<u8> = (0..p.jugs()).map(|i| p.cell(&p.start(), i) as u8).collect();
    oracle::jugs(p.capacities(), &start, p.goal_amounts(), p.has_tap()).unwrap() as u32
}

fn flip_presses(p: &Flip) -> u32 {
    let (w, h) = p.board_size();
    let n = (w * h) as usize;
    let start: Vec<bool> = (0..n).map(|c| p.cell(&p.start(), c) == 1).collect();
    let target: Vec<bool> = (0..n).map(|c| p.target().is_dark(c)).collect();
    oracle::flip(w as usize, h as usize, &start, &target).unwrap() as u32
}

fn tiles_cells(p: &Tiles) -> (Vec<u8>, Vec<u8>) {
    let n = p.cells();
    (p.start().cells(n).collect(), p.goal().cells(n).collect())
}

fn small_tiles_distance(p: &Tiles) -> u32 {
    let (start, goal) = tiles_cells(p);
    oracle::tiles(p.width(), p.height(), &start, &goal).unwrap() as u32
}

/// 4x4 and larger: the `pathfinding` crate's IDA* with Manhattan distance, independent of our searches.
fn large_tiles_distance(p: &Tiles) -> u32 {
    let (start, goal) = tiles_cells(p);
    let (w, h) = (p.width(), p.height());
    let manhattan = |s: &Vec<u8>| -> u32 {
        s.iter()
            .enumerate()
            .filter(|(_, &t)| t != 0)
            .map(|(c, &t)| {
                let g = goal.iter().position(|&x| x == t).unwrap();
                ((c % w).abs_diff(g % w) + (c / w).abs_diff(g / w)) as u32
            })
            .sum()
    };
    let successors = |s: &Vec<u8>| {
        let b = s.iter().position(|&t| t == 0).unwrap();
        let mut out = Vec::new();
        for n in [b.wrapping_sub(w), b + w, b.wrapping_sub(1), b + 1] {
            if n < w * h && (n / w == b / w || n % w == b % w) {
                let mut t = s.clone();
                t.swap(b, n);
                out.push((t, 1u32));
            }
        }
        out
    };
    pathfinding::prelude::idastar(&start, successors, manhattan, |s| *s == goal).unwrap().1
}

/// A generator of family `F` from a parameter text.
fn made<F: Generate>(params: &str, seed: u64) -> Generator<F> {
    Generator::<F>::from_text(params, seed).unwrap_or_else(|e| panic!("{params}: {e}"))
}

/// Why `params` are refused.
fn refused<F: Generate>(params: &str) -> String {
    Generator::<F>::from_text(params, 1).err().unwrap_or_else(|| panic!("{params} was accepted"))
}

#[test]
fn jugs_presets_lie_in_their_bands() {
    for preset in Jugs::PRESETS {
        check_band(&mut Generator::<Jugs>::preset(preset.name, 1).unwrap(), 100, jugs_distance);
    }
}

#[test]
fn flip_presets_lie_in_their_bands() {
    for preset in Flip::PRESETS {
        check_band(&mut Generator::<Flip>::preset(preset.name, 2).unwrap(), 100, flip_presses);
    }
}

#[test]
fn tiles_presets_lie_in_their_bands() {
    for name in ["easy", "medium"] {
        check_band(&mut Generator::<Tiles>::preset(name, 3).unwrap(), 100, small_tiles_distance);
    }
    check_band(&mut Generator::<Tiles>::preset("hard", 3).unwrap(), 12, large_tiles_distance);
    // Expert (36–60 moves) is rated with pattern databases for the default goal (blank bottom-right),
    // and checked by the generic IDA* over the same tables.
    let tables = common::fifteen_tables();
    let db = tables.get::<PatternDatabase>().expect("4x4 pattern databases");
    let generator = Generator::<Tiles>::preset("expert", 3).unwrap();
    let mut generator = generator.with_tables(tables.clone()).unwrap();
    check_band(&mut generator, 50, |p: &Tiles| {
        let view = PdbTiles::new(p, db.clone()).unwrap();
        solve_with(&mut IdaStar::new(4096).unwrap(), &view, view.pack(&p.start())).moves.len() as u32
    });
    let jugs = Generator::<Jugs>::preset("easy", 1).unwrap();
    assert!(jugs.with_tables(tables).is_err(), "jugs use no tables");
}

#[test]
fn large_boards_are_rated_exactly_or_refused() {
    // 5x5 bands are rated by IDA* (exact) within its limit, never by the near-optimal hint solver.
    check_band(&mut made::<Tiles>("size=5x5,min=12,max=18", 9), 5, large_tiles_distance);
    let why = refused::<Tiles>("size=5x5,min=36,max=60");
    assert!(why.contains("cannot be rated exactly"), "{why}");
}

#[test]
fn bands_known_to_be_empty_are_refused_at_once() {
    // No 3x3 arrangement needs more than 31 moves; no 3x3 flip board more than 9 presses.
    assert!(refused::<Tiles>("size=3x3,min=40,max=50").contains("the highest rating is 31"));
    assert!(refused::<Flip>("size=3x3,min=12,max=20").contains("the highest rating is 9"));
    // A 4x4 flip board has a null space of dimension 4: the most presses any board needs is below 16.
    refused::<Flip>("size=4x4,min=12,max=16");
    assert_eq!(refused::<Tiles>("size=9x3"), "size: 9 is out of range: WxH with sides 2..5");
    assert_eq!(refused::<Jugs>("min=9,max=3"), "min 9 is above max 3");
    assert_eq!(
        refused::<Jugs>("taps=yes"),
        "taps: unknown parameter (known: min, max, jugs, capacities, tap, method, iterations, t_start, t_end, target)"
    );
    // A 3x3 box with a 2x2 goal: 4 goal positions, 5 cells for the other blocks, 2 of them empty with
    // the cluster method (240 layouts), 1 at least with the fill method (480): no solution is longer.
    let why = refused::<Blocks>("size=3x3,method=cluster,min=1000,max=1000");
    assert!(why.contains("the highest rating is 239"), "{why}");
    let why = refused::<Blocks>("size=3x3,min=1000,max=1000");
    assert!(why.contains("the highest rating is 479"), "{why}");
    // Every Linjat puzzle takes a deduction step at least.
    let why = refused::<Linjat>("min=0,max=0");
    assert!(why.contains("the lowest rating is 1"), "{why}");
}

#[test]
fn contradictory_parameters_are_refused_naming_both() {
    for (require, rules) in [("advanced", "basic"), ("square", "basic")] {
        let why = refused::<Linjat>(&format!("rules={rules},require={require},iterations=0"));
        assert!(why.contains(&format!("require={require}")) && why.contains(&format!("rules={rules}")), "{why}");
    }
    // A rule the set allows is fine.
    made::<Linjat>("rules=square,require=square,iterations=0", 1);
    assert_eq!(refused::<Jugs>("min=5,min=6"), "min: given twice: give each parameter once");
    assert_eq!(refused::<Jugs>("preset=easy,preset=hard"), "preset: given twice: give each parameter once");
    assert!(made::<Jugs>("tap=TRUE", 1).params().tap);
}

/// The number of 3x3 flip boards (all-light target) needing `presses` presses, up to the board's eight
/// symmetries, counted independently: with no null space, the press set is the board.
fn flip3_boards_up_to_symmetry(presses: std::ops::RangeInclusive<u32>) -> usize {
    let image = |t: u8, c: usize| {
        let (mut x, mut y) = (c % 3, c / 3);
        if t & 1 != 0 {
            x = 2 - x;
        }
        if t & 2 != 0 {
            (x, y) = (2 - x, 2 - y);
        }
        if t & 4 != 0 {
            (x, y) = (y, x);
        }
        y * 3 + x
    };
    let board_of = |set: u32| {
        let mut cells = [false; 9];
        for p in (0..9usize).filter(|p| set >> p & 1 == 1) {
            for n in [p, p.wrapping_sub(3), p + 3] {
                if n < 9 {
                    cells[n] ^= true;
                }
            }
            if p % 3 > 0 {
                cells[p - 1] ^= true;
            }
            if p % 3 < 2 {
                cells[p + 1] ^= true;
            }
        }
        cells
    };
    let canonical: HashSet<[bool; 9]> = (0..512u32)
        .filter(|s| presses.contains(&s.count_ones()))
        .map(|s| {
            let board = board_of(s);
            (0..8).map(|t| core::array::from_fn(|c| board[(0..9).find(|&d| image(t, d) == c).unwrap()])).min().unwrap()
        })
        .collect();
    canonical.len()
}

#[test]
fn a_run_holds_distinct_levels_and_says_when_the_band_is_exhausted() {
    for (preset, band) in [("easy", 1..=4), ("medium", 5..=9)] {
        let mut generator = Generator::<Flip>::preset(preset, 5).unwrap();
        let found = check_band(&mut generator, 1000, flip_presses);
        assert_eq!(found.len(), flip3_boards_up_to_symmetry(band), "{preset}");
        assert!(matches!(generator.step(1000), Err(Status::NotFound(Shortfall::NoMore))));
    }
    // 3x3 tiles with exactly 4 moves: 16 arrangements, and then no more.
    let mut four = made::<Tiles>("size=3x3,min=4,max=4", 1);
    assert_eq!(check_band(&mut four, 100, small_tiles_distance).len(), 16);
    // Jugs: 200 distinct easy puzzles, none the same as another with its jugs reordered.
    let jugs = check_band(&mut Generator::<Jugs>::preset("easy", 8).unwrap(), 200, jugs_distance);
    assert_eq!(jugs.len(), 200);
}

#[test]
fn limits_end_a_run() {
    // Eight large jugs: rating candidates is costly; a small node limit ends the run quickly.
    let limits = Limits { max_nodes: 2_000_000, ..Limits::default() };
    let mut generator = made::<Jugs>("min=20,max=24,jugs=8,capacities=10..30", 1).with_limits(limits);
    match generator.generate() {
        Err(Status::OutOfNodes) => assert!(generator.nodes() >= 2_000_000),
        Ok(generated) => assert_eq!(jugs_distance(&generated.puzzle), generated.rating),
        Err(other) => panic!("{}", generator.reason(other)),
    }
    let limits = Limits { max_misses: 50, ..Limits::default() };
    let mut generator = made::<Tiles>("size=3x3,min=31,max=31", 2).with_limits(limits);
    // Two arrangements need 31 moves: both are found, then the band is exhausted.
    assert!(generator.generate().is_ok() && generator.generate().is_ok());
    assert_eq!(generator.generate().err(), Some(Status::NotFound(Shortfall::NoMore)));
    assert_eq!(
        generator.reason(Status::NotFound(Shortfall::NoMore)),
        "the band holds only 2 distinct puzzles, all handed out"
    );
    let mut generator = Generator::<Hargram>::preset("hard", 3).unwrap().with_limits(Limits {
        candidate_nodes: 1,
        max_misses: 20,
        ..Limits::default()
    });
    assert_eq!(generator.generate().err(), Some(Status::NotFound(Shortfall::Misses)));
}

#[test]
fn the_same_seed_gives_the_same_puzzles() {
    let run = |seed| check_band(&mut Generator::<Flip>::preset("hard", seed).unwrap(), 10, flip_presses);
    assert_eq!(run(7), run(7));
    assert_ne!(run(7), run(8));
    let jugs = |seed| check_band(&mut Generator::<Jugs>::preset("medium", seed).unwrap(), 10, jugs_distance);
    assert_eq!(jugs(5), jugs(5));
}

#[test]
fn custom_parameters_are_honoured() {
    let mut generator = made::<Jugs>("min=3,max=6,jugs=4,capacities=5..9", 11);
    for _ in 0..20 {
        let puzzle = generator.generate().expect("the band has puzzles").puzzle;
        assert_eq!(puzzle.jugs(), 4);
        assert!(puzzle.capacities().iter().all(|c| (5..=9).contains(c)));
    }
    for described in check_band(&mut made::<Flip>("min=3,max=5,size=6x4", 12), 20, flip_presses) {
        assert!(described.starts_with("flip:6x4:"));
    }
    for described in check_band(&mut made::<Tiles>("preset=hard,size=4x3,min=8,max=12", 13), 20, large_tiles_distance) {
        assert!(described.starts_with("tiles:4x3:"));
    }
}

#[test]
fn stepping_with_small_budgets_gives_the_blocking_result() {
    let blocking: Vec<String> = {
        let mut g = Generator::<Tiles>::preset("medium", 21).unwrap();
        (0..5).map(|_| g.generate().expect("the band has puzzles").puzzle.describe()).collect()
    };
    let mut stepped = Generator::<Tiles>::preset("medium", 21).unwrap();
    let mut found = Vec::new();
    let mut calls = 0;
    while found.len() < 5 {
        calls += 1;
        if let Ok(generated) = stepped.step(10) {
            found.push(generated.puzzle.describe());
        }
    }
    assert_eq!(found, blocking);
    assert!(calls > 5, "a budget of 10 spreads the work over calls");
    // Rating a 3x3 flip board takes no expansion; each call with budget 1 still draws one candidate at
    // most. Boards of 8 or 9 presses are 4 up to symmetry (one light left in a corner, an edge, the
    // centre, or none): drawing repeats makes the calls more than the boards.
    let mut flip = made::<Flip>("min=8,max=9,size=3x3", 4);
    let (mut calls, mut boards) = (0, 0);
    loop {
        calls += 1;
        match flip.step(1) {
            Ok(_) => boards += 1,
            Err(Status::InProgress) => {}
            Err(Status::NotFound(Shortfall::NoMore)) => break assert_eq!((flip.handed_out(), boards), (4, 4)),
            Err(other) => panic!("{}", flip.reason(other)),
        }
    }
    assert!(calls > 5, "{calls} calls");
}

#[test]
fn small_boards_draw_each_distance_of_the_band_evenly() {
    // Medium (11 to 20 moves): at least 396 arrangements at every distance, so 700 draws spread evenly.
    let mut generator = Generator::<Tiles>::preset("medium", 31).unwrap();
    let mut counts = [0usize; 21];
    for _ in 0..700 {
        counts[generator.generate().expect("the band has puzzles").rating as usize] += 1;
    }
    for (distance, &count) in counts.iter().enumerate().skip(11) {
        assert!((40..=100).contains(&count), "distance {distance}: {count} of 700");
    }
    // Easy (4 to 10 moves) holds 691 arrangements: every one is handed out, then the band is exhausted.
    // Their numbers per distance are the published ones for the 8-puzzle.
    let mut generator = Generator::<Tiles>::preset("easy", 31).unwrap();
    let mut counts = [0usize; 11];
    let exhausted = loop {
        match generator.generate() {
            Ok(generated) => counts[generated.rating as usize] += 1,
            Err(Status::NotFound(Shortfall::NoMore)) => break generator.handed_out(),
            Err(other) => panic!("{}", generator.reason(other)),
        }
    };
    assert_eq!(exhausted, 691);
    assert_eq!(counts[4..], [16, 20, 39, 62, 116, 152, 286]);
}
