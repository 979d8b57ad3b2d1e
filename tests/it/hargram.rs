//! Hargram: known solution counts, text round trips and bad input, hints that keep the board completable
//! and name wrong pieces, unique generated puzzles, and the stepped GA.

use crate::common;

use common::oracle;

use lphint::families::hargram::cover::{count_solutions, Cover, CoverSearch};
use lphint::families::hargram::evolve::HargramGenome;
use lphint::families::hargram::{Hargram, HargramMove, Layout};
use lphint::family::Family;
use lphint::ga::{Ga, GaParams};
use lphint::generate::{parse_params, Generator};
use lphint::hint::{Hint, Hinter};
use lphint::search::Shortfall;
use lphint::search::{solve_with, Puzzle, Search, Status};
use rand::RngExt;

/// The twelve pentominoes.
const PENTOMINOES: &str =
    ".##/##./.#.;#####;#.../####;##../.###;##/##/#.;###/.#./.#.;#.#/###;#../#../###;#../##./.##;.#./###/.#.;.#../####;##./.#./.##";

fn rectangle(w: usize, h: usize) -> String {
    vec![".".repeat(w); h].join("/")
}

fn pentominoes(w: usize, h: usize) -> Hargram {
    Hargram::parse(&format!("hargram:{w}x{h}:{}:{PENTOMINOES}", rectangle(w, h))).unwrap()
}

#[test]
fn pentominoes_tile_6x10_in_2339_ways_up_to_symmetry() {
    // Every solution of the 6×10 rectangle is counted (9,356); the four symmetries of the rectangle map
    // each solution to a different one, so there are 2,339 up to symmetry.
    for (w, h) in [(10, 6), (6, 10)] {
        let count = count_solutions(&pentominoes(w, h), u64::MAX);
        assert_eq!((count.all, count.up_to_symmetry, count.capped), (9356, 2339, false), "{w}x{h}");
    }
}

#[test]
fn pentominoes_tile_3x20_in_2_ways_up_to_symmetry() {
    let count = count_solutions(&pentominoes(20, 3), u64::MAX);
    assert_eq!((count.all, count.up_to_symmetry), (8, 2));
}

#[test]
fn no_tiling_uses_a_placement_marked_a_dead_end() {
    // The rating's engine goes over every placement, marked or not: every tiling it finds (1,472 of 4x15,
    // 368 up to symmetry; 8 of 3x20) is made of placements the others keep.
    for (w, h, tilings) in [(20, 3, 8), (15, 4, 1472)] {
        let puzzle = pentominoes(w, h);
        let dead = puzzle.placements().all.iter().filter(|p| p.dead_end).count();
        assert!(dead > 0 && puzzle.placements().live.len() + dead == puzzle.placements().all.len());
        let mut cover = Cover::rating(&puzzle);
        cover.restart(&puzzle, &Layout::EMPTY);
        let mut found = 0;
        loop {
            match cover.step(&puzzle, 100_000) {
                Status::InProgress => {}
                Status::Found => {
                    found += 1;
                    assert!(cover.solution(&puzzle).all(|p| !p.dead_end), "{w}x{h}");
                }
                _ => break,
            }
        }
        assert_eq!(found, tilings, "{w}x{h}");
    }
}

#[test]
fn the_solver_finds_a_cover_that_replays() {
    let puzzle = pentominoes(10, 6);
    let outcome = solve_with(&mut CoverSearch::plan(&puzzle), &puzzle, puzzle.start());
    assert_eq!((outcome.status, outcome.moves.len()), (Status::Found, 12));
    let end = outcome.moves.iter().try_fold(puzzle.start(), |s, m| puzzle.apply(&s, m)).unwrap();
    assert!(puzzle.is_goal(&end));
    assert_eq!(count_solutions(&puzzle.with_start(end), 10).all, 1, "a full board is its own only solution");
}

#[test]
fn under_a_memory_limit_the_plan_drops_its_table_of_dead_ends_and_still_covers_the_board() {
    let puzzle = pentominoes(10, 6);
    let reserved = |solver: &mut lphint::search::Solver<Hargram>| {
        solver.restart(&puzzle, puzzle.start());
        solver.stats().bytes_reserved
    };
    let whole = reserved(&mut puzzle.recommended_solver().unwrap());
    assert!(whole > 100_000, "{whole} bytes with the table");
    let mut small = puzzle.recommended_solver_within(32 << 10).unwrap();
    let bytes = reserved(&mut small);
    assert!(bytes <= 32 << 10, "{bytes} bytes under 32 KiB");
    let outcome = solve_with(&mut small, &puzzle, puzzle.start());
    assert_eq!(outcome.status, Status::Found);
    let end = outcome.moves.iter().try_fold(puzzle.start(), |s, m| puzzle.apply(&s, m)).unwrap();
    assert!(puzzle.is_goal(&end));
    let refused = puzzle.recommended_solver_within(1).err().expect("no plan in a byte");
    assert_eq!(refused.bytes, bytes);
    assert_eq!(reserved(&mut puzzle.recommended_solver_within(whole).unwrap()), whole);
}

#[test]
fn counting_stops_at_the_cap() {
    let count = count_solutions(&pentominoes(10, 6), 5);
    assert_eq!((count.all, count.capped), (5, true));
}

#[test]
fn blocked_cells_and_mirror_rules_change_the_answer() {
    // The open cells of this board make a J tetromino: an L fills it only as a mirror image.
    let free = Hargram::parse("hargram:3x2:##./...:#../###").unwrap();
    assert_eq!(count_solutions(&free, 100).all, 1);
    let no_mirror = Hargram::parse("hargram:3x2:##./...:#../###!").unwrap();
    assert_eq!(count_solutions(&no_mirror, 100).all, 0);
    assert_eq!(count_solutions(&Hargram::parse("hargram:3x2:##./...:..#/###!").unwrap(), 100).all, 1);
    // A blocked cell in the middle: a 3x3 ring of 8 cells holds two L-shaped trominoes... and a domino.
    let ring = Hargram::parse("hargram:3x3:.../.#./...:###;#/#;##/#.").unwrap();
    let count = count_solutions(&ring, 100);
    assert!(count.all > 0);
    let outcome = solve_with(&mut CoverSearch::plan(&ring), &ring, ring.start());
    let end = outcome.moves.iter().try_fold(ring.start(), |s, m| ring.apply(&s, m)).unwrap();
    assert_eq!(ring.cell(&end, 4), -1, "the blocked cell stays blocked");
    assert!(ring.is_goal(&end));
}

#[test]
fn descriptions_round_trip() {
    let descs = [
        "hargram:3x2:.../...:##/#.;#./##",
        "hargram:3x2:.../...:##/#.;#./##:0@1,0,1",
        "hargram:3x3:.../.#./...:###;#/#;##/#.!",
        "hargram:3x2:##./...:#../###!",
        "hargram:20x3:..................../..................../....................:#####;#####;#####;#####;#####;#####;#####;#####;#####;#####;#####;#####",
    ];
    for desc in descs {
        let puzzle = Hargram::parse(desc).unwrap();
        assert_eq!(puzzle.describe(), desc);
        assert_eq!(Hargram::parse(&puzzle.describe()).unwrap(), puzzle);
    }
}

#[test]
fn bad_descriptions_are_refused_with_a_column() {
    let cases = [
        ("hargram:3x2:.../...:##/#.", "cover 3 cells but the board has 6"),
        ("hargram:3x2:.../..:##/#.;#./##", "same number of cells"),
        ("hargram:3x2:.../...:#./.#;#./##", "connected"),
        ("hargram:3x2:.x./...:##/#.;#./##", "expected '#' or '.'"),
        ("hargram:3x2:.../...:##/#.;#./##:0@0,0,0;1@0,0,0", "cannot go there"),
        ("hargram:3x2:.../...:##/#.;#./##:5@0,0,0", "cannot go there"),
        ("hargram:3x2:.../...:##/#.;#./##:0@0,0", "expected P@x,y,o"),
        ("hargram:3x2:.../...:##/#.;#./##:0@0,0,9", "orientation above 7"),
        ("hargram:99x99:.:#", "out of range"),
        ("hargram:3x2:.../...", "needs 3 fields"),
    ];
    for (desc, reason) in cases {
        let err = Hargram::parse(desc).unwrap_err();
        assert!(err.reason.contains(reason), "{desc}: {err}");
        assert!(err.column >= 1 && err.column <= desc.len() + 1, "{desc}: {err}");
    }
}

#[test]
fn illegal_moves_change_nothing() {
    let puzzle = Hargram::parse("hargram:3x2:.../...:##/#.;#./##:0@1,0,1").unwrap();
    let state = puzzle.start();
    let illegal = [
        HargramMove::Place { piece: 0, orientation: 0, anchor: 0 }, // already placed
        HargramMove::Place { piece: 1, orientation: 0, anchor: 1 }, // overlaps piece 0
        HargramMove::Place { piece: 1, orientation: 0, anchor: 2 }, // off the board
        HargramMove::Place { piece: 1, orientation: 9, anchor: 0 }, // no such orientation
        HargramMove::Place { piece: 7, orientation: 0, anchor: 0 }, // no such piece
        HargramMove::Remove { piece: 1 },                           // not placed
    ];
    for mv in illegal {
        assert_eq!(puzzle.apply(&state, &mv), None, "{mv:?}");
    }
    let no_mirror = Hargram::parse("hargram:3x2:.../...:##/#.!;#./##").unwrap();
    assert_eq!(no_mirror.apply(&no_mirror.start(), &HargramMove::Place { piece: 0, orientation: 4, anchor: 0 }), None);
}

/// Asks for hints until one arrives.
fn hint(hinter: &mut Hinter<Hargram>, puzzle: &Hargram, state: &Layout) -> Result<Hint<HargramMove>, Status> {
    loop {
        match hinter.next_hint(puzzle, state, 500) {
            Err(Status::InProgress) => continue,
            other => return other,
        }
    }
}

#[test]
fn every_hint_keeps_the_board_completable() {
    for seed in 0..6 {
        let mut generator = Generator::<Hargram>::preset("hard", seed).unwrap();
        let puzzle = generator.generate().unwrap().puzzle;
        let mut hinter = Hinter::new(puzzle.recommended_solver().unwrap(), 64);
        let mut state = puzzle.start();
        let mut left = puzzle.pieces().len() as u32;
        while !puzzle.is_goal(&state) {
            let Ok(h) = hint(&mut hinter, &puzzle, &state) else { panic!("no hint") };
            assert_eq!(h.moves_left, left);
            assert!(matches!(h.mv, HargramMove::Place { .. }));
            state = puzzle.apply(&state, &h.mv).unwrap();
            left -= 1;
            assert_eq!(count_solutions(&puzzle.with_start(state), 1).all, 1, "seed {seed}: a hint broke the board");
        }
        assert_eq!(hint(&mut hinter, &puzzle, &state), Err(Status::AlreadySolved));
    }
}

/// A placement of `piece` that fits `state` but that no solution allows (checked with the piece alone).
fn impossible_placement(puzzle: &Hargram, state: &Layout, piece: usize) -> Option<HargramMove> {
    let (w, h) = puzzle.board_size();
    (0..8u8).flat_map(|o| (0..(w * h) as u8).map(move |a| (o, a))).find_map(|(orientation, anchor)| {
        let mv = HargramMove::Place { piece: piece as u8, orientation, anchor };
        puzzle.apply(state, &mv)?;
        let alone = puzzle.apply(&puzzle.start(), &mv)?;
        (count_solutions(&puzzle.with_start(alone), 1).all == 0).then_some(mv)
    })
}

#[test]
fn a_wrong_placement_is_named() {
    let mut rng = common::rng(11);
    let mut named = 0;
    for seed in 0..8 {
        let puzzle = Generator::<Hargram>::preset("medium", seed).unwrap().generate().unwrap().puzzle;
        // The player puts the first pieces of a solution down, then one piece where no solution has it.
        let plan = solve_with(&mut CoverSearch::plan(&puzzle), &puzzle, puzzle.start()).moves;
        let keep = rng.random_range(0..plan.len() - 1);
        let mut state = plan[..keep].iter().fold(puzzle.start(), |s, m| puzzle.apply(&s, m).unwrap());
        let HargramMove::Place { piece, .. } = plan[keep] else { unreachable!() };
        let Some(wrong) = impossible_placement(&puzzle, &state, piece as usize) else { continue };
        state = puzzle.apply(&state, &wrong).unwrap();
        let mut hinter = Hinter::new(puzzle.recommended_solver().unwrap(), 64);
        match hint(&mut hinter, &puzzle, &state) {
            Ok(h) => assert_eq!(h.mv, HargramMove::Remove { piece }, "seed {seed}"),
            other => panic!("seed {seed}: {other:?}"),
        }
        named += 1;
        // Following the plan from there solves the puzzle.
        while !puzzle.is_goal(&state) {
            let Ok(h) = hint(&mut hinter, &puzzle, &state) else { panic!("no hint") };
            state = puzzle.apply(&state, &h.mv).unwrap();
        }
    }
    assert!(named >= 4, "only {named} boards had an impossible placement");
}

#[test]
fn a_piece_that_fits_alone_but_not_with_the_others_is_still_found() {
    // Two pieces each fine alone, but not together: removing one of them is the plan's first move.
    let puzzle = Hargram::parse("hargram:4x2:..../....:##;##;##;##").unwrap();
    // Together they shut the top-left cell in.
    let a = HargramMove::Place { piece: 0, orientation: 0, anchor: 1 }; // cells (1,0) and (2,0)
    let b = HargramMove::Place { piece: 1, orientation: 0, anchor: 4 }; // cells (0,1) and (1,1)
    for alone in [a, b] {
        let only = puzzle.apply(&puzzle.start(), &alone).unwrap();
        assert_eq!(count_solutions(&puzzle.with_start(only), 1).all, 1, "{alone:?} alone is fine");
    }
    let state = puzzle.apply(&puzzle.apply(&puzzle.start(), &a).unwrap(), &b).unwrap();
    assert_eq!(count_solutions(&puzzle.with_start(state), 10).all, 0);
    let mut hinter = Hinter::new(puzzle.recommended_solver().unwrap(), 64);
    let Ok(h) = hint(&mut hinter, &puzzle, &state) else { panic!() };
    assert!(matches!(h.mv, HargramMove::Remove { piece: 0 | 1 }), "{h:?}");
    let after = puzzle.apply(&state, &h.mv).unwrap();
    assert!(count_solutions(&puzzle.with_start(after), 1).all == 1);
}

#[test]
fn a_board_no_piece_set_can_fill_is_unsolvable() {
    // The U's cup is one cell wide: nothing else can fill it.
    let puzzle = Hargram::parse("hargram:3x3:.../.../...:#.#/###;##/##").unwrap();
    let outcome = solve_with(&mut CoverSearch::plan(&puzzle), &puzzle, puzzle.start());
    assert_eq!(outcome.status, Status::Unsolvable);
    let mut hinter = Hinter::new(puzzle.recommended_solver().unwrap(), 64);
    assert_eq!(hint(&mut hinter, &puzzle, &puzzle.start()), Err(Status::Unsolvable));
}

#[test]
fn generated_unique_puzzles_have_exactly_one_solution() {
    for preset in ["medium", "hard", "expert"] {
        let request = parse_params::<Hargram>(&format!("preset={preset}")).unwrap();
        assert!(request.unique);
        let mut generator = Generator::<Hargram>::preset(preset, 5).unwrap();
        for _ in 0..8 {
            let generated = generator.generate().unwrap();
            let puzzle = &generated.puzzle;
            assert_eq!(puzzle.pieces().len(), request.pieces as usize);
            assert_eq!(puzzle.board_size(), (request.size.0 as u32, request.size.1 as u32));
            let sizes: Vec<usize> = puzzle.pieces().iter().map(|p| p.shape.size()).collect();
            assert!(sizes
                .iter()
                .all(|&s| (request.piece_size.0 as usize..=request.piece_size.1 as usize).contains(&s)));
            // Unique up to the board's symmetries (a rectangle's solution turned half a turn is another).
            let count = count_solutions(puzzle, u64::MAX);
            assert_eq!(count.up_to_symmetry, 1, "{preset}: {}", puzzle.describe());
            assert!(generated.rating >= 1);
            assert_eq!(Hargram::parse(&puzzle.describe()).unwrap(), *puzzle);
        }
    }
}

#[test]
fn generation_is_deterministic_and_checks_requests() {
    let describe = |seed| Generator::<Hargram>::preset("hard", seed).unwrap().generate().unwrap().puzzle.describe();
    assert_eq!(describe(9), describe(9));
    assert_ne!(describe(9), describe(10));
    let bad = [
        ("size=4x4,pieces=2,piece_size=3..5", "2 pieces of 3 to 5 cells cannot cover a 4x4 board"),
        ("size=4x4,pieces=0", "pieces: 0 is out of range"),
        ("size=40x40,pieces=60,piece_size=20..30", "1600 cells, more than 256"),
    ];
    for (params, why) in bad {
        let refused = Generator::<Hargram>::from_text(params, 1).err().unwrap();
        assert!(refused.contains(why), "{params}: {refused}");
    }
    // Several solutions allowed: the rating is still the effort to find one.
    let generated = Generator::<Hargram>::from_text("size=6x4,pieces=6,piece_size=4..4,unique=false", 3)
        .unwrap()
        .generate()
        .unwrap();
    assert!(count_solutions(&generated.puzzle, 1).all == 1);
}

#[test]
fn the_ga_covers_a_small_board_and_resumes_exactly() {
    let puzzle = Generator::<Hargram>::preset("easy", 4).unwrap().generate().unwrap().puzzle;
    let genome = HargramGenome::new(&puzzle);
    let params = GaParams { population: 300, generations: 100, ..GaParams::default() };
    let mut whole = Ga::new(&genome, params, 42).unwrap();
    let report = whole.step(&genome, u32::MAX);
    assert_eq!(report.status, Status::Found, "{report:?}");
    assert_eq!(report.best_fitness, report.perfect);
    let layout = genome.layout(&puzzle, whole.best());
    assert!(puzzle.is_goal(&layout));

    let mut halves = Ga::new(&genome, params, 42).unwrap();
    let first = halves.step(&genome, (report.evaluations / 2) as u32);
    assert_eq!(first.status, Status::InProgress);
    assert_eq!(halves.step(&genome, (report.evaluations - first.evaluations) as u32), report);
    assert_eq!(halves.best(), whole.best());
}

#[test]
fn the_ga_keeps_placed_pieces_and_reports_exhaustion() {
    let puzzle = pentominoes(10, 6);
    let genome = HargramGenome::new(&puzzle);
    let params = GaParams { population: 20, generations: 3, ..GaParams::default() };
    let mut ga = Ga::new(&genome, params, 1).unwrap();
    let report = ga.step(&genome, u32::MAX);
    assert_eq!(
        (report.status, report.evaluations, report.generation),
        (Status::NotFound(Shortfall::Generations), 60, 2)
    );
    assert!(report.best_fitness < report.perfect);
    // With every piece but one placed, the GA has one gene left.
    let plan = solve_with(&mut CoverSearch::plan(&puzzle), &puzzle, puzzle.start()).moves;
    let almost = plan[..11].iter().fold(puzzle.start(), |s, m| puzzle.apply(&s, m).unwrap());
    let genome = HargramGenome::new(&puzzle.with_start(almost));
    let mut ga = Ga::new(&genome, GaParams { population: 50, ..GaParams::default() }, 1).unwrap();
    assert_eq!(ga.step(&genome, u32::MAX).status, Status::Found);
    assert!(puzzle.is_goal(&genome.layout(&puzzle.with_start(almost), ga.best())));
}

#[test]
fn steps_are_bounded_and_resumable() {
    let puzzle = pentominoes(10, 6);
    let mut stepped = CoverSearch::count(&puzzle, 50, false);
    stepped.restart(&puzzle, puzzle.start());
    let mut calls = 0;
    while stepped.step(&puzzle, 1000).status == Status::InProgress {
        calls += 1;
        assert!(stepped.stats().expanded <= calls * 1000 + 1000);
    }
    let mut whole = CoverSearch::count(&puzzle, 50, false);
    whole.restart(&puzzle, puzzle.start());
    whole.run(&puzzle);
    assert_eq!(stepped.stats(), whole.stats());
    assert_eq!(stepped.solutions(), 50);
    assert_eq!(stepped.stats().rating, Some(stepped.stats().expanded as u32));
}

/// The cells of a piece drawing (`#` a cell, rows separated by `/`).
fn drawing_cells(drawing: &str) -> oracle::Cells {
    let mut cells: Vec<(i32, i32)> = drawing
        .split('/')
        .enumerate()
        .flat_map(|(y, row)| row.chars().enumerate().filter(|&(_, c)| c == '#').map(move |(x, _)| (x as i32, y as i32)))
        .collect();
    cells.sort();
    cells
}

/// A random small puzzle: a board of up to 12 cells with a few blocked, cut into random connected pieces
/// (dominoes and trominoes often repeat), some forbidding mirror images; half the time one piece is
/// swapped for another shape of the same size, which may leave no cover at all.
fn random_small_puzzle(
    rng: &mut rand_xoshiro::Xoshiro256PlusPlus,
) -> (String, usize, usize, Vec<bool>, Vec<(oracle::Cells, bool)>) {
    loop {
        let (w, h) = (rng.random_range(1..=4usize), rng.random_range(1..=4usize));
        if w * h > 12 || w * h < 2 {
            continue;
        }
        let open: Vec<bool> = (0..w * h).map(|_| !rng.random_bool(0.12)).collect();
        let mut free = open.clone();
        let mut pieces: Vec<Vec<usize>> = Vec::new();
        while let Some(seed) = free.iter().position(|&f| f) {
            let size = rng.random_range(1..=4);
            let mut piece = vec![seed];
            free[seed] = false;
            while piece.len() < size {
                let frontier: Vec<usize> = piece
                    .iter()
                    .flat_map(|&c| {
                        let (x, y) = (c % w, c / w);
                        [
                            (x > 0).then(|| c - 1),
                            (x + 1 < w).then(|| c + 1),
                            (y > 0).then(|| c - w),
                            (y + 1 < h).then(|| c + w),
                        ]
                    })
                    .flatten()
                    .filter(|&n| free[n])
                    .collect();
                let Some(&next) = frontier.get(rng.random_range(0..frontier.len().max(1))) else { break };
                free[next] = false;
                piece.push(next);
            }
            pieces.push(piece);
        }
        if pieces.is_empty() {
            continue;
        }
        let mut shapes: Vec<(oracle::Cells, bool)> = pieces
            .iter()
            .map(|cells| (cells.iter().map(|&c| ((c % w) as i32, (c / w) as i32)).collect(), !rng.random_bool(0.25)))
            .collect();
        if rng.random_bool(0.5) {
            let i = rng.random_range(0..shapes.len());
            let replacement = match shapes[i].0.len() {
                3 => "##/#.",
                4 => ["###/.#.", ".##/##.", "##/##", "#../###"][rng.random_range(0..4)],
                _ => "",
            };
            if !replacement.is_empty() {
                shapes[i].0 = drawing_cells(replacement);
            }
        }
        let rows: Vec<String> =
            (0..h).map(|y| (0..w).map(|x| if open[y * w + x] { '.' } else { '#' }).collect()).collect();
        let drawings: Vec<String> = shapes
            .iter()
            .map(|(cells, mirror)| {
                let (mx, my) = (cells.iter().map(|c| c.0).min().unwrap(), cells.iter().map(|c| c.1).min().unwrap());
                let (ww, hh) = (
                    cells.iter().map(|c| c.0 - mx).max().unwrap() + 1,
                    cells.iter().map(|c| c.1 - my).max().unwrap() + 1,
                );
                let rows: Vec<String> = (0..hh)
                    .map(|y| (0..ww).map(|x| if cells.contains(&(x + mx, y + my)) { '#' } else { '.' }).collect())
                    .collect();
                rows.join("/") + if *mirror { "" } else { "!" }
            })
            .collect();
        let desc = format!("hargram:{w}x{h}:{}:{}", rows.join("/"), drawings.join(";"));
        return (desc, w, h, open, shapes);
    }
}

#[test]
fn counts_agree_with_brute_force_up_to_symmetry_and_identical_pieces() {
    let mut rng = common::rng(404);
    let (mut solvable, mut with_twins, mut unsolvable, mut confined) = (0, 0, 0, 0);
    for _ in 0..400 {
        let (desc, w, h, open, shapes) = random_small_puzzle(&mut rng);
        let puzzle = Hargram::parse(&desc).unwrap();
        let all = oracle::covers(w, h, &open, &shapes);
        let counted = count_solutions(&puzzle, u64::MAX);
        assert_eq!(
            (counted.all, counted.up_to_symmetry),
            (all.len() as u64, oracle::orbits(w, h, &all) as u64),
            "{desc}"
        );
        // The plan search agrees on whether there is a cover, and its cover replays.
        let outcome = solve_with(&mut CoverSearch::plan(&puzzle), &puzzle, puzzle.start());
        assert_eq!(outcome.status == Status::Found, !all.is_empty(), "{desc}");
        if outcome.status == Status::Found {
            let end = outcome.moves.iter().try_fold(puzzle.start(), |s, m| puzzle.apply(&s, m)).unwrap();
            assert!(puzzle.is_goal(&end), "{desc}");
        }
        solvable += !all.is_empty() as usize;
        unsolvable += all.is_empty() as usize;
        let kinds: Vec<_> = shapes.iter().map(|(c, m)| oracle::orientations(c, *m)).collect();
        let distinct: std::collections::HashSet<_> = kinds.iter().collect();
        with_twins += (distinct.len() < shapes.len() && !all.is_empty()) as usize;
        // Counted with one piece confined under the symmetries: an open board (symmetric) and a piece
        // alone of its kind.
        let alone = kinds.iter().any(|k| kinds.iter().filter(|j| *j == k).count() == 1);
        confined += (open.iter().all(|&o| o) && w * h > 1 && alone && !all.is_empty()) as usize;
    }
    assert!(
        solvable > 200 && unsolvable > 15 && with_twins > 60 && confined > 60,
        "{solvable} solvable, {unsolvable} not, {with_twins} with twins, {confined} counted confined"
    );
    // The instances of the report: three dominoes on 3x2 (two up to symmetry), eight on 4x4 (nine).
    for (desc, all, classes) in
        [("hargram:3x2:.../...:##;##;##", 3, 2), ("hargram:4x4:..../..../..../....:##;##;##;##;##;##;##;##", 36, 9)]
    {
        let counted = count_solutions(&Hargram::parse(desc).unwrap(), u64::MAX);
        assert_eq!((counted.all, counted.up_to_symmetry), (all, classes), "{desc}");
    }
}

#[test]
fn the_checkerboard_colouring_proves_boards_unsolvable_before_search() {
    // 16x16: 63 T tetrominoes (each covers 3 cells of one colour, 1 of the other) and one I: the colours
    // cannot balance, whatever the placement. Found without a single placement.
    let board = vec![".".repeat(16); 16].join("/");
    let pieces = [vec!["###/.#."; 63], vec!["####"]].concat().join(";");
    let puzzle = Hargram::parse(&format!("hargram:16x16:{board}:{pieces}")).unwrap();
    assert!(!puzzle.colouring_allows(&puzzle.start()));
    let counted = count_solutions(&puzzle, u64::MAX);
    assert_eq!((counted.all, counted.nodes), (0, 0));
    let outcome = solve_with(&mut CoverSearch::plan(&puzzle), &puzzle, puzzle.start());
    assert_eq!(outcome.status, Status::Unsolvable);
    assert!(outcome.stats.expanded < 100, "{} placements", outcome.stats.expanded);
    // Four T tetrominoes tile a 4x4 square: the colouring allows it (two lean one way, two the other).
    let square = Hargram::parse("hargram:4x4:..../..../..../....:###/.#.;###/.#.;###/.#.;###/.#.").unwrap();
    assert!(square.colouring_allows(&square.start()));
    assert_eq!(count_solutions(&square, u64::MAX).all, 2);
}

#[test]
fn every_tier_sentence_is_a_fact_about_the_position() {
    let (mut covers, mut removals) = (0, 0);
    let more = ["hargram:3x2:.../##.:###!;#!:1@0,0,0"];
    let checked = common::space::every_tier("hargram", 40, &more, |t| {
        let (w, h) = t.game.board_size();
        let cells = |game: &dyn lphint::session::AnySession, piece: u32| -> Vec<usize> {
            (0..(w * h) as usize).filter(|&c| game.cell(c) == piece as i32 + 1).collect()
        };
        let words = t.game.piece_name(t.hint.mv.piece).unwrap().name;
        if t.hint.mv.to == -1 {
            // A removal: the piece is not where the plan's solution has it (nor a piece like it).
            assert_eq!(t.region, format!("{words} is not where the solution these hints lead to has it"), "{}", t.desc);
            assert_eq!(t.piece, format!("take {words} off"), "{}", t.desc);
            let end = t.after.last().unwrap();
            assert!(end.is_solved(), "{}", t.desc);
            let now = cells(t.game.as_ref(), t.hint.mv.piece);
            let same = (0..64).filter(|&q| t.game.piece_name(q).is_some_and(|n| n.name == words));
            assert!(same.into_iter().all(|q| cells(end.as_ref(), q) != now), "{}: the solution keeps it there", t.desc);
            removals += 1;
        } else {
            // "cover the empty cell at column C, row R next": empty now, covered by the next placement.
            let rest = t
                .region
                .strip_prefix("cover the empty cell at column ")
                .unwrap_or_else(|| panic!("{}: '{}'", t.desc, t.region));
            let (col, row) = rest.trim_end_matches(" next").split_once(", row ").unwrap();
            let cell = (row.parse::<u32>().unwrap() - 1) * w + col.parse::<u32>().unwrap() - 1;
            assert_eq!(t.game.cell(cell as usize), 0, "{}: '{}' is not empty", t.desc, t.region);
            assert_eq!(
                t.after[0].cell(cell as usize),
                t.hint.mv.piece as i32 + 1,
                "{}: '{}' is not covered next",
                t.desc,
                t.region
            );
            assert_eq!(t.piece, format!("place {words}"), "{}", t.desc);
            covers += 1;
        }
    });
    println!("hargram: {checked} tier sentences checked ({covers} covers, {removals} removals)");
    assert!(
        checked >= 200 && covers >= 100 && removals >= 10,
        "{checked} checked: {covers} covers, {removals} removals"
    );
}
