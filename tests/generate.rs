//! Generation: every preset's puzzles lie in their band by an independent exact solver, the same seed
//! gives the same puzzles, custom parameters are honoured, and stepping equals blocking.

use lphint::families::flip::Flip;
use lphint::families::jugs::Jugs;
use lphint::families::tiles::pdb::{PatternDatabase, PdbTiles};
use lphint::families::tiles::Tiles;
use lphint::family::Family;
use lphint::generate::{Difficulty, GenStatus, Generate, Generator, Request};
use lphint::search::bfs::Bfs;
use lphint::search::ida::IdaStar;
use lphint::search::{solve_with, Status};
use lphint::tables::Tables;
use std::sync::Arc;

const PRESETS: [Difficulty; 4] = [Difficulty::Easy, Difficulty::Medium, Difficulty::Hard, Difficulty::Expert];

/// Generates `count` puzzles and checks each rating against `verify` and the band.
fn check_band<F: Generate>(generator: &mut Generator<F>, count: usize, verify: impl Fn(&F) -> u32) -> Vec<String> {
    let Request { min, max, .. } = *generator.request();
    (0..count)
        .map(|_| {
            let generated = generator.generate().expect("the band has puzzles");
            assert!(
                (min..=max).contains(&generated.rating),
                "{} rated {}",
                generated.puzzle.describe(),
                generated.rating
            );
            assert_eq!(verify(&generated.puzzle), generated.rating, "{}", generated.puzzle.describe());
            generated.puzzle.describe()
        })
        .collect()
}

fn jugs_distance(puzzle: &Jugs) -> u32 {
    let outcome = solve_with(&mut Bfs::new(1 << 18, u32::MAX), puzzle, puzzle.start());
    assert_eq!(outcome.status, Status::Found);
    outcome.moves.len() as u32
}

fn flip_presses(puzzle: &Flip) -> u32 {
    puzzle.minimum_presses(&puzzle.start()).unwrap()
}

fn tiles_distance(puzzle: &Tiles) -> u32 {
    solve_with(&mut IdaStar::new(4096), puzzle, puzzle.start()).moves.len() as u32
}

#[test]
fn jugs_presets_lie_in_their_bands() {
    for difficulty in PRESETS {
        check_band(&mut Generator::<Jugs>::preset(difficulty, 1), 100, jugs_distance);
    }
}

#[test]
fn flip_presets_lie_in_their_bands() {
    for difficulty in PRESETS {
        check_band(&mut Generator::<Flip>::preset(difficulty, 2), 100, flip_presses);
    }
}

#[test]
fn tiles_presets_lie_in_their_bands() {
    for difficulty in [Difficulty::Easy, Difficulty::Medium, Difficulty::Hard] {
        check_band(&mut Generator::<Tiles>::preset(difficulty, 3), 100, tiles_distance);
    }
    // Expert (36–60 moves) is rated with pattern databases for the default goal (blank bottom-right),
    // and checked by an independent IDA* with the same tables.
    let db = Arc::new(PatternDatabase::build(15));
    let tables = Tables::TilesPatternDatabase(db.clone());
    let mut generator = Generator::<Tiles>::preset(Difficulty::Expert, 3).with_tables(tables.clone()).unwrap();
    check_band(&mut generator, 100, |p: &Tiles| {
        let view = PdbTiles::new(p, db.clone()).unwrap();
        solve_with(&mut IdaStar::new(4096), &view, view.pack(&p.start())).moves.len() as u32
    });
    assert!(Generator::<Jugs>::preset(Difficulty::Easy, 1).with_tables(tables).is_err(), "jugs use no tables");
}

#[test]
fn the_same_seed_gives_the_same_puzzles() {
    let run = |seed| check_band(&mut Generator::<Flip>::preset(Difficulty::Medium, seed), 10, flip_presses);
    assert_eq!(run(7), run(7));
    assert_ne!(run(7), run(8));
    let jugs = |seed| check_band(&mut Generator::<Jugs>::preset(Difficulty::Medium, seed), 10, jugs_distance);
    assert_eq!(jugs(5), jugs(5));
}

#[test]
fn custom_parameters_are_honoured() {
    let request = Request { min: 3, max: 6, jugs: 4, capacities: (5, 9), ..Request::default() };
    let mut generator = Generator::<Jugs>::new(request, 11).unwrap();
    for _ in 0..20 {
        let puzzle = generator.generate().expect("the band has puzzles").puzzle;
        assert_eq!(puzzle.jugs(), 4);
        assert!(puzzle.capacities().iter().all(|c| (5..=9).contains(c)));
    }
    let request = Request { min: 3, max: 5, size: (6, 4), ..Request::default() };
    for described in check_band(&mut Generator::<Flip>::new(request, 12).unwrap(), 20, flip_presses) {
        assert!(described.starts_with("flip:6x4:"));
    }
    let request = Request { min: 8, max: 12, size: (4, 3), ..Request::default() };
    for described in check_band(&mut Generator::<Tiles>::new(request, 13).unwrap(), 20, tiles_distance) {
        assert!(described.starts_with("tiles:4x3:"));
    }
    assert!(Generator::<Tiles>::new(Request { size: (9, 3), ..Request::default() }, 1).is_err());
    // No 3x3 flip board needs more than 9 presses: the generator gives up instead of looping.
    let empty_band = Request { min: 12, max: 20, size: (3, 3), ..Request::default() };
    assert!(Generator::<Flip>::new(empty_band, 1).unwrap().generate().is_none());
    assert!(Generator::<Jugs>::new(Request { min: 9, max: 3, ..Request::default() }, 1).is_err());
}

#[test]
fn stepping_with_small_budgets_gives_the_blocking_result() {
    let blocking: Vec<String> = {
        let mut g = Generator::<Tiles>::preset(Difficulty::Medium, 21);
        (0..5).map(|_| g.generate().expect("the band has puzzles").puzzle.describe()).collect()
    };
    let mut stepped = Generator::<Tiles>::preset(Difficulty::Medium, 21);
    let mut found = Vec::new();
    let mut calls = 0;
    while found.len() < 5 {
        calls += 1;
        if let GenStatus::Ready(generated) = stepped.step(10) {
            found.push(generated.puzzle.describe());
        }
    }
    assert_eq!(found, blocking);
    assert!(calls > 5, "a budget of 10 spreads the work over calls");
    // Rating a 3x3 flip board takes no expansion; each call with budget 1 still draws one candidate
    // at most, so an empty band gives up only after as many calls as candidates.
    let empty = Request { min: 12, max: 12, size: (3, 3), ..Request::default() };
    let mut flip = Generator::<Flip>::new(empty, 4).unwrap();
    for _ in 0..1000 {
        assert!(matches!(flip.step(1), GenStatus::InProgress));
    }
}

#[test]
fn small_boards_draw_each_distance_of_the_band_evenly() {
    let mut generator = Generator::<Tiles>::preset(Difficulty::Easy, 31);
    let mut counts = [0usize; 11];
    let mut seen = std::collections::HashSet::new();
    for _ in 0..700 {
        let generated = generator.generate().expect("the band has puzzles");
        counts[generated.rating as usize] += 1;
        seen.insert(generated.puzzle.describe());
    }
    for (distance, &count) in counts.iter().enumerate().skip(4) {
        assert!((60..=140).contains(&count), "distance {distance}: {count} of 700");
    }
    // Only 16 and 20 arrangements lie at distances 4 and 5: about 360 distinct ones are expected.
    assert!(seen.len() > 300, "{} distinct puzzles", seen.len());
}
