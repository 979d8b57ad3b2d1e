//! Sudoku as a game (issue 58), through the registry as a game reaches it: descriptions with the player's
//! digits and pencil marks, moves refused in the family's words, the fewest moves from wrong digits
//! (cycles of swapped digits) against a breadth-first search, check my board, trivial steps, and
//! generation by grade (unique, minimal, symmetric, in the band).

use crate::common;

use common::space;
use lphint::families::sudoku::exact::count;
use lphint::families::sudoku::generate::random_solution;
use lphint::families::sudoku::Grid;
use lphint::family::MoveCode;
use lphint::registry;
use lphint::search::Status;
use lphint::session::AnySession;
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;

fn game(desc: &str) -> Box<dyn AnySession> {
    registry::parse(desc).unwrap_or_else(|e| panic!("{desc}: {e}"))
}

/// The hint from `game`'s position, stepped to its end.
fn hint(game: &mut Box<dyn AnySession>) -> Result<lphint::session::SessionHint, Status> {
    loop {
        match game.next_hint(500) {
            Err(Status::InProgress) => continue,
            other => return other,
        }
    }
}

/// A 4×4 puzzle and its solution; a 9×9 one SE rates 2.0 (a direct hidden pair, `data/sudoku/rated.txt`).
const SMALL: &str = "sudoku:2.4..1......1..2";
const SMALL_SOLVED: &str = "2341412332141432";
const NINE: &str = "sudoku:..9.7..4...3.2..1.8....6.9..6.4.....2...63.....1........4.5.......1.79.......8..6";

#[test]
fn descriptions_carry_the_players_digits_and_marks_and_refuse_what_breaks_the_rules() {
    assert_eq!(count(&Grid::parse(&SMALL[7..]).unwrap(), 2, 1000).first.unwrap().to_string(), SMALL_SOLVED);
    for desc in
        [SMALL, "sudoku:2.4..1......1..2:.3..............", "sudoku:2.4..1......1..2:.3..............:r1c4=13,r4c3=3"]
    {
        assert_eq!(game(desc).describe(), desc);
    }
    // Zeros read as empty cells; a given repeated in the player's digits is the given.
    assert_eq!(game("sudoku:2040010000001002:2...............").describe(), SMALL);
    for (desc, column, words) in [
        ("sudoku:2.4..1......1..", 8, "16, 36, 81 or 256 cells"),
        ("sudoku:2.4..1......1..x", 23, "cell 16 is 'x'"),
        ("sudoku:2.4..1......1.22", 8, "row 4 gives the digit 2 twice"),
        ("sudoku:2.4..1......1..2:3...............", 25, "r1c1 is a given (2)"),
        ("sudoku:2.4..1......1..2:.2..............", 25, "row 1 holds the digit 2 twice"),
        ("sudoku:2.4..1......1..2:.3..............:r1c2=4", 42, "r1c2 holds 3: pencil marks go in empty cells"),
        ("sudoku:2.4..1......1..2::r1c2=5", 26, "'5' is not a digit of a 4×4 sudoku"),
        ("sudoku:2.4..1......1..2::r9c2=1", 26, "expected pencil marks as r1c2=457"),
    ] {
        let error = registry::parse(desc).err().unwrap_or_else(|| panic!("{desc} was read"));
        assert!(error.reason.contains(words), "{desc}: {}", error.reason);
        assert_eq!(error.column, column, "{desc}: {}", error.reason);
    }
}

#[test]
fn moves_write_erase_and_mark_or_are_refused_in_the_familys_words() {
    let mut g = game(SMALL);
    let at = |cell: u32, arg: i32| MoveCode { piece: cell, from: cell as i32, to: -1, arg };
    // Write (r1c4: 3, then 1 over it), mark r3c1 (2 and 4), take a mark off, erase; the cells say what the
    // player wrote and marked.
    for (code, shown) in [(at(3, 3), 103), (at(3, 1), 101), (at(8, -2), -0b10), (at(8, -4), -0b1010)] {
        g.apply(&code).unwrap();
        assert_eq!(g.cell(code.piece as usize), shown);
    }
    assert_eq!(g.describe(), "sudoku:2.4..1......1..2:...1............:r3c1=24");
    g.apply(&at(8, -2)).unwrap();
    g.apply(&at(3, 0)).unwrap();
    assert_eq!(g.describe(), "sudoku:2.4..1......1..2:................:r3c1=4");
    assert_eq!(g.cell(0), 2, "a given");
    for (code, words) in [
        (at(0, 3), "r1c1 is a given (2): it cannot change"),
        (at(1, 1), "column 2 already has a 1 (at r2c2)"),
        (at(3, 4), "row 1 already has a 4 (at r1c3)"),
        (at(1, 0), "r1c2 holds no digit to erase"),
        (at(1, 5), "'arg' is 5: a digit to write (1 to 4)"),
        (at(16, 1), "there is no cell 16"),
        (MoveCode { piece: 1, from: 2, to: 1, arg: 2 }, "'from' is 2"),
    ] {
        let before = g.describe();
        let error = g.apply(&code).err().unwrap_or_else(|| panic!("{code:?} was played"));
        assert!(error.contains(words), "{code:?}: {error}");
        assert_eq!(g.describe(), before, "a refused move changes nothing");
    }
    g.apply(&at(1, 3)).unwrap();
    let error = g.apply(&at(1, -2)).unwrap_err();
    assert!(error.contains("r1c2 holds 3: pencil marks go in empty cells"), "{error}");
}

/// The position where the cells of `cycle` (in one row) hold the digits of `solution` rotated by one
/// (swapped, for two), each thus waiting for the next to be put right; the givens are the rest of the
/// solution but the cells that would repeat a rotated digit, which stay empty.
fn rotated(solution: &Grid, cycle: &[usize]) -> String {
    let g = solution.geometry();
    let mut digits = vec![0u8; solution.cells.len()];
    for (k, &c) in cycle.iter().enumerate() {
        digits[c] = solution.cells[cycle[(k + 1) % cycle.len()]];
    }
    let givens = Grid {
        side: solution.side,
        cells: (0..solution.cells.len())
            .map(|c| {
                let clash = g.peers[c].iter().any(|&p| digits[p as usize] == solution.cells[c]);
                if digits[c] != 0 || clash {
                    0
                } else {
                    solution.cells[c]
                }
            })
            .collect(),
    };
    let written = Grid { side: solution.side, cells: digits };
    format!("sudoku:{givens}:{written}")
}

#[test]
fn digits_rotated_round_a_cycle_cost_one_erase_more_as_a_breadth_first_search_finds() {
    // In random 4×4 solutions, every pair and triple of cells of a row rotated: the plan's length and its
    // claim of optimality against the breadth-first distance over every position reachable.
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(58);
    let (mut proven, mut triples, mut several) = (0, 0, 0);
    for _ in 0..6 {
        let solution = random_solution(4, &mut rng).unwrap();
        for row in 0..4 {
            let cells: Vec<usize> = (4 * row..4 * row + 4).collect();
            let mut cycles: Vec<Vec<usize>> = Vec::new();
            for i in 0..4 {
                for j in i + 1..4 {
                    cycles.push(vec![cells[i], cells[j]]);
                    for k in j + 1..4 {
                        cycles.push(vec![cells[i], cells[j], cells[k]]);
                        cycles.push(vec![cells[i], cells[k], cells[j]]);
                    }
                }
            }
            for cycle in cycles {
                let position = rotated(&solution, &cycle);
                let Some(space) = space::explore(&position, &[], 300_000) else { continue };
                let distance = space.to_goal[0].unwrap();
                let mut g = game(&position);
                let h = hint(&mut g).unwrap();
                assert!(h.moves_left >= distance, "{position}");
                let plan = g.hint_plan(64).unwrap().to_vec();
                let mut replay = game(&position);
                plan.iter().for_each(|mv| replay.apply(mv).unwrap());
                assert!(replay.is_solved() && plan.len() as u32 == h.moves_left, "{position}: the plan solves it");
                let givens = Grid::parse(position.split(':').nth(1).unwrap()).unwrap();
                if count(&givens, 2, 100_000).solutions > 1 {
                    several += 1;
                    continue;
                }
                // One solution: the cycle's cells, one of them twice, and the empty cells.
                let empty = position.split(':').nth(1).unwrap().chars().filter(|&c| c == '.').count() - cycle.len();
                assert_eq!(distance as usize, cycle.len() + 1 + empty, "{position}");
                assert!(h.optimal && h.moves_left == distance, "{position}: {} moves said", h.moves_left);
                proven += 1;
                triples += usize::from(cycle.len() == 3);
            }
        }
    }
    assert!(
        proven >= 40 && triples >= 10,
        "{proven} cycles proven ({triples} of three), {several} puzzles with several"
    );
}

/// "Check my board" to its end.
fn check(g: &mut Box<dyn AnySession>) -> lphint::check::BoardCheck {
    loop {
        match g.check_board(500) {
            Err(Status::InProgress) => continue,
            Ok(check) => return check,
            Err(other) => panic!("{}", other.name()),
        }
    }
}

#[test]
fn checking_the_board_names_wrong_digits_and_marks_that_lost_the_true_digit() {
    // The solution has 1 in r1c4 (a 3 written there is wrong), 3 in r3c1 (marks 2 and 4 lack it) and 2 in
    // r3c2 (its mark 2 holds it). Marks come first: they cost nothing toward the goal.
    let mut g = game(SMALL);
    for (cell, arg) in [(8, -2), (8, -4), (9, -2), (3, 3)] {
        g.apply(&MoveCode { piece: cell, from: cell as i32, to: cell as i32, arg }).unwrap();
    }
    let found = check(&mut g);
    assert!(found.mistakes_known && found.exact);
    assert_eq!(found.mistakes.to_vec(), vec![3, 8]);
    assert_eq!(found.first_wrong, Some(3), "the fourth move wrote the wrong digit");
    // The wrong digit written over, and the 10 other empty cells.
    assert_eq!((found.start_distance, found.distance), (Some(11), Some(11)));
}

#[test]
fn trivial_steps_fill_the_singles_or_the_techniques_a_game_names() {
    let mut g = game(NINE);
    // A lone pencil mark 5 in r1c1, whose digit is 6, is named by the check and blocks nothing: the rules
    // read digits.
    g.apply(&MoveCode { piece: 0, from: 0, to: 0, arg: -5 }).unwrap();
    assert_eq!(check(&mut g).mistakes.to_vec(), vec![0]);
    let singles = loop {
        match g.trivial_steps(&[], 100, 1000) {
            Err(Status::InProgress) => continue,
            other => break other.unwrap(),
        }
    };
    // SE rates the puzzle 2.0 (a direct hidden pair): the singles alone stop before the end.
    assert!(!singles.is_empty() && !g.is_solved(), "{} singles", singles.len());
    let codes = |name: &str| registry::named("sudoku").unwrap().reasons.iter().find(|r| r.name == name).unwrap().code;
    let rules =
        [codes("full_house"), codes("hidden_single_box"), codes("hidden_single_line"), codes("direct_hidden_pair")];
    let more = loop {
        match g.trivial_steps(&rules, 100, 1000) {
            Err(Status::InProgress) => continue,
            other => break other.unwrap(),
        }
    };
    assert!(g.is_solved(), "with the direct hidden pair the rules finish it ({} more)", more.len());
    assert_eq!(singles.len() + more.len(), NINE.matches('.').count());
}

#[test]
fn generated_puzzles_are_unique_minimal_symmetric_when_asked_and_in_their_band() {
    let family = registry::named("sudoku").unwrap();
    for (params, (lo, hi)) in
        [("preset=medium", (15, 24)), ("preset=hard,symmetric=true", (25, 49)), ("size=6x6", (10, 250))]
    {
        let mut generator = family.generator(params, 3).unwrap();
        for _ in 0..3 {
            let generated = generator.next(u32::MAX).unwrap_or_else(|s| panic!("{params}: {}", s.name()));
            let desc = generated.session.describe();
            let grid = Grid::parse(desc.trim_start_matches("sudoku:")).unwrap();
            assert_eq!(count(&grid, 2, 1_000_000).solutions, 1, "{desc}: unique");
            for cell in (0..grid.cells.len()).filter(|&c| grid.cells[c] != 0) {
                let mut fewer = grid.clone();
                fewer.cells[cell] = 0;
                if params.contains("symmetric") {
                    fewer.cells[grid.cells.len() - 1 - cell] = 0;
                }
                assert!(count(&fewer, 2, 1_000_000).solutions > 1, "{desc}: the clue at {cell} can go");
            }
            if params.contains("symmetric") {
                let n = grid.cells.len();
                assert!((0..n).all(|c| (grid.cells[c] == 0) == (grid.cells[n - 1 - c] == 0)), "{desc}: symmetric");
            }
            let rating = lphint::families::sudoku::human::rate(&grid, 10_000);
            assert!(rating.finished && u32::from(rating.difficulty) == generated.rating, "{desc}");
            assert!((lo..=hi).contains(&generated.rating), "{desc}: {} outside {lo}..{hi}", generated.rating);
        }
    }
}

#[test]
fn on_a_puzzle_with_several_solutions_the_ladder_takes_no_step_that_assumes_one() {
    // Three solutions: a unique rectangle would "solve" it (one solution chosen by an argument that
    // needs one); without it the ladder stops where logic must, and the count says it stopped.
    let g = game("sudoku:2.4..1......1...");
    let deduction = g.deduce().unwrap();
    assert!(!deduction.solved, "{:?}", deduction.steps);
    assert!(deduction.steps.iter().all(|(rule, _, _)| !["unique_rectangle", "bug"].contains(rule)));
    let count = g.count_solutions(2).unwrap();
    assert_eq!((count.all, count.capped), (2, true), "two found, more may be");
    assert_eq!(g.count_solutions(10).map(|c| (c.all, c.capped)), Some((3, false)));
    // With one solution the same grid (its last given back) is solved by the ladder.
    assert!(game("sudoku:2.4..1......1..2").deduce().unwrap().solved);
}
