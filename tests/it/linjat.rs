//! Linjat against the verified counts of `data/linjat.txt`: solution counts, the unique puzzles solved
//! by the rules alone with their listed solution, the rule profiles against the reference solver's,
//! the generator's uniqueness check, sound hints, and generated puzzles per tier.

use crate::common;

use lphint::families::linjat::data::{cases, DataCase};
use lphint::families::linjat::rules::{classify, collection_score, tier_extra, Progress, Rule, RuleState, ALL_RULES};
use lphint::families::linjat::{exact, text, Drawn, Linjat, Stroke, ERASE};
use lphint::family::Family;
use lphint::generate::{Generate, Generator};
use lphint::search::{solve_with, Puzzle, Status};
use rand::RngExt;

fn data() -> Vec<DataCase> {
    cases(include_str!("../../data/linjat.txt")).unwrap()
}

/// The listed solution as a position.
fn listed(case: &DataCase) -> Drawn {
    let desc = format!("{}:{}", case.desc, case.segments.join(";"));
    text::parse(&desc).unwrap_or_else(|e| panic!("{}: {e}", case.id)).drawn()
}

#[test]
fn every_puzzle_has_its_listed_number_of_solutions() {
    let cases = data();
    assert_eq!(cases.len(), 8);
    for case in &cases {
        let puzzle = text::parse(&case.desc).unwrap_or_else(|e| panic!("{}: {e}", case.id));
        assert_eq!(puzzle.describe(), case.desc, "round trip");
        let (count, first, _, complete) = exact::count(&puzzle, &Drawn::NONE, 3);
        assert_eq!(count, case.solutions as u64, "{}", case.id);
        assert!(complete || count == 3);
        if case.solutions == 1 {
            assert_eq!(first, Some(listed(case)), "{}: the listed solution", case.id);
        }
    }
}

/// The rule solver run from the start of `board` with every rule until it stops: how, and its state.
fn deduced(board: &lphint::families::linjat::Board) -> (Progress, RuleState) {
    let mut rules = RuleState::new(board, &Drawn::NONE, ALL_RULES);
    loop {
        match rules.step(board) {
            Progress::Rule(..) => continue,
            other => return (other, rules),
        }
    }
}

#[test]
fn the_unique_puzzles_are_solved_by_the_rules_alone_with_their_listed_solution() {
    for case in data().iter().filter(|c| c.solutions == 1) {
        let puzzle = text::parse(&case.desc).unwrap();
        let board = puzzle.board();
        let (end, rules) = deduced(board);
        assert_eq!(end, Progress::Solved, "{}", case.id);
        let solution = listed(case);
        for p in 0..board.numbers.len() {
            assert_eq!(rules.known(p), solution.get(p), "{}: number {p}", case.id);
        }
    }
}

#[test]
fn rule_profiles_agree_with_the_reference_solver() {
    let names = ["uncontested", "cover", "single", "cant_fit", "square", "dep", "one_of"];
    for case in data() {
        let puzzle = text::parse(&case.desc).unwrap();
        let profile = classify(puzzle.board(), ALL_RULES);
        let value = |key: &str| case.rating_solve.iter().find(|(k, _)| k == key).map(|&(_, v)| v);
        for (rule, name) in Rule::ALL.into_iter().zip(names) {
            assert_eq!(Some(profile.depth_of(rule)), value(name), "{} {}: {name}", case.id, case.tier);
        }
        assert_eq!(Some(profile.steps), value("depth"), "{}", case.id);
        assert_eq!(Some(profile.widest), value("max_width"), "{}", case.id);
        assert!(profile.solved, "{}", case.id);
        if let Some(expected) = case.collection_score {
            let (factor, extra) = tier_extra(&case.tier);
            let score = collection_score(&profile, factor, extra);
            assert!((score - expected).abs() < 1e-9, "{}: collection score {score}, listed {expected}", case.id);
        }
    }
}

#[test]
fn the_generators_uniqueness_check_rejects_the_puzzles_with_more_solutions() {
    for case in data() {
        let puzzle = text::parse(&case.desc).unwrap();
        let mut rater = puzzle.rater(None).unwrap();
        let outcome = solve_with(&mut rater, &puzzle, puzzle.start());
        if case.solutions == 1 {
            assert_eq!(outcome.status, Status::Found, "{}", case.id);
            assert_eq!(outcome.stats.rating, Some(classify(puzzle.board(), ALL_RULES).steps));
            let end = outcome.moves.iter().try_fold(puzzle.start(), |s, m| puzzle.apply(&s, m)).unwrap();
            assert_eq!(end, listed(&case), "{}: the rater's solution", case.id);
        } else {
            assert!(matches!(outcome.status, Status::NotFound(_)), "{}: {}", case.id, outcome.status.name());
        }
    }
}

/// A random position of `puzzle` (whose unique solution is `solution`): some of the solution's segments,
/// and now and then a wrong one.
fn random_position(puzzle: &Linjat, solution: &Drawn, rng: &mut impl rand::Rng) -> Drawn {
    let board = puzzle.board();
    let mut drawn = Drawn::NONE;
    for p in 0..board.numbers.len() {
        if rng.random_range(0..3) == 0 {
            drawn.0[p] = solution.0[p];
        }
    }
    if rng.random_range(0..2) == 0 {
        let p = rng.random_range(0..board.numbers.len());
        let wrong: Vec<u8> =
            (0..18u8).filter(|&o| board.valid[p] >> o & 1 == 1 && Some(o) != solution.get(p)).collect();
        if !wrong.is_empty() {
            let mut trial = drawn;
            trial.0[p] = wrong[rng.random_range(0..wrong.len())] + 1;
            if puzzle.is_legal(&trial) {
                drawn = trial;
            }
        }
    }
    drawn
}

#[test]
fn every_hint_is_a_sound_deduction_also_from_positions_with_a_wrong_segment() {
    let mut rng = common::rng(15);
    let mut puzzles: Vec<Linjat> =
        data().iter().filter(|c| c.solutions == 1).map(|c| text::parse(&c.desc).unwrap()).collect();
    for preset in ["easy", "medium", "expert"] {
        let mut generator = Generator::<Linjat>::preset(preset, 3).unwrap();
        for _ in 0..2 {
            puzzles.push(generator.generate().unwrap().puzzle);
        }
    }
    let (mut take_offs, mut rules_used) = (0, std::collections::BTreeSet::new());
    for puzzle in &puzzles {
        let (_, solution, _, _) = exact::count(puzzle, &Drawn::NONE, 1);
        let solution = solution.unwrap();
        let board = puzzle.board();
        for _ in 0..12 {
            let position = random_position(puzzle, &solution, &mut rng);
            let mut session = lphint::session::Session::new(puzzle.with_start(position));
            let hint = loop {
                match lphint::session::AnySession::next_hint(&mut session, 1000) {
                    Err(Status::InProgress) => continue,
                    other => break other,
                }
            };
            let Ok(hint) = hint else {
                assert!(puzzle.is_goal(&position));
                continue;
            };
            let mv: Stroke = puzzle.decode_move(&position, &hint.mv).expect("a legal hint");
            let p = mv.piece as usize;
            if mv.orientation == ERASE {
                // Only a segment the solution lacks is taken off.
                assert_ne!(position.get(p), solution.get(p));
                take_offs += 1;
            } else {
                assert_eq!(Some(mv.orientation), solution.get(p), "the hint draws the solution's segment");
                assert!(
                    (0..board.numbers.len()).all(|q| position.get(q).is_none() || position.get(q) == solution.get(q)),
                    "a draw comes only when every drawn segment is right"
                );
                rules_used.insert(hint.reason);
            }
            // Every deduction of the rules from a right position agrees with the solution.
            let right =
                Drawn(std::array::from_fn(|q| if position.get(q) == solution.get(q) { position.0[q] } else { 0 }));
            let mut rules = RuleState::new(board, &right, ALL_RULES);
            while let Progress::Rule(..) = rules.step(board) {
                for q in 0..board.numbers.len() {
                    let o = solution.get(q).unwrap();
                    assert!(rules.valid[q] >> o & 1 == 1, "the solution's segment of number {q} stays possible");
                }
                for c in 0..board.cells() {
                    if rules.fixed[c] != 0 {
                        let q = rules.fixed[c] as usize - 1;
                        let segment = board.segment(q, solution.get(q).unwrap() as usize);
                        assert!(lphint::families::linjat::has(&segment.mask, c), "cell {c} fixed to number {q}");
                    }
                }
            }
        }
    }
    assert!(take_offs > 10, "{take_offs} take-offs");
    assert!(rules_used.len() >= 3, "reasons seen: {rules_used:?}");
}

#[test]
fn generated_puzzles_are_unique_in_their_tier_and_use_its_rule() {
    for (preset, size, numbers, required) in [
        ("easy", (6, 9), 7..=10, None),
        ("medium", (7, 10), 15..=20, None),
        ("hard", (8, 11), 19..=22, Some(vec![Rule::Square])),
        ("expert", (9, 13), 23..=26, Some(vec![Rule::Square, Rule::Dependency, Rule::OneOf])),
    ] {
        let mut generator = Generator::<Linjat>::preset(preset, 11).unwrap();
        for _ in 0..2 {
            let generated = generator.generate().unwrap();
            let puzzle = &generated.puzzle;
            let board = puzzle.board();
            assert_eq!((board.width, board.height), size, "{preset}");
            assert!(numbers.contains(&board.numbers.len()), "{preset}: {} numbers", board.numbers.len());
            assert_eq!(exact::count(puzzle, &Drawn::NONE, 2).0, 1, "{preset}: unique");
            let basic = preset == "easy" || preset == "medium";
            let allowed = if basic {
                ALL_RULES & !(Rule::Square.bit() | Rule::Dependency.bit() | Rule::OneOf.bit())
            } else {
                ALL_RULES
            };
            let profile = classify(board, allowed);
            assert!(profile.solved, "{preset}: solved by its rules");
            assert_eq!(profile.steps, generated.rating, "{preset}: rated by its steps");
            if let Some(rules) = &required {
                assert!(rules.iter().any(|&r| profile.depth_of(r) > 0), "{preset}: uses {rules:?}");
            }
        }
    }
}

#[test]
fn random_small_grids_agree_with_an_independent_brute_force() {
    use lphint::families::linjat::Cell;
    let mut rng = common::rng(151);
    let (mut unique, mut none, mut several, mut solved_by_rules) = (0, 0, 0, 0);
    for _ in 0..1000 {
        let (w, h) = (rng.random_range(2..=5), rng.random_range(2..=5));
        let grid: Vec<Option<u8>> = (0..w * h)
            .map(|_| match rng.random_range(0..12) {
                0..=1 => Some(rng.random_range(1..=3)),
                2 => Some(0),
                _ => None,
            })
            .collect();
        if grid.iter().all(|c| !c.is_some_and(|v| v > 0)) {
            continue;
        }
        let cells: Vec<Cell> = grid
            .iter()
            .map(|c| match c {
                None => Cell::Empty,
                Some(0) => Cell::Dot,
                Some(n) => Cell::Number(*n),
            })
            .collect();
        let puzzle = Linjat::new(w, h, &cells).unwrap();
        let expected = common::oracle::linjat(w, h, &grid);
        let (count, first, _, complete) = exact::count(&puzzle, &Drawn::NONE, u64::MAX);
        assert!(complete);
        assert_eq!(count, expected, "{}", puzzle.describe());
        if let Some(solution) = first {
            assert!(puzzle.is_goal(&solution), "{}: the first solution solves it", puzzle.describe());
        }
        match expected {
            0 => none += 1,
            1 => {
                unique += 1;
                // On a unique puzzle, whatever the rules fix agrees with the solution, and a solve by the
                // rules is that solution.
                let solution = first.unwrap();
                let board = puzzle.board();
                let (end, rules) = deduced(board);
                for p in 0..board.numbers.len() {
                    assert!(rules.valid[p] >> solution.get(p).unwrap() & 1 == 1, "{}", puzzle.describe());
                }
                if end == Progress::Solved {
                    solved_by_rules += 1;
                    for p in 0..board.numbers.len() {
                        assert_eq!(rules.known(p), solution.get(p), "{}", puzzle.describe());
                    }
                }
            }
            _ => several += 1,
        }
    }
    println!("{unique} unique, {none} none, {several} several, {solved_by_rules} solved by the rules");
    assert!(unique > 100 && none > 100 && several > 100, "{unique} unique, {none} none, {several} several");
    assert!(solved_by_rules > 20, "{solved_by_rules} solved by the rules");
}

#[test]
fn hints_and_lengths_lead_to_the_nearest_solution_on_grids_with_several() {
    // Random small grids (any number of solutions) and positions all over their state spaces, against
    // the registry-level brute force: the exact solver's length and every optimal hint's distance are
    // the breadth-first distance to the nearest solution, and no sentence claims what was not shown.
    let mut rng = common::rng(77);
    let (mut checked, mut several, mut take_offs) = (0, 0, 0);
    while checked < 1500 {
        let (w, h) = (rng.random_range(3..=5), rng.random_range(2..=4));
        let rows: Vec<String> = (0..h)
            .map(|_| {
                (0..w)
                    .map(|_| match rng.random_range(0..10) {
                        0..=1 => char::from(b'0' + rng.random_range(1..=3u8)),
                        2 => 'o',
                        _ => '.',
                    })
                    .collect()
            })
            .collect();
        let desc = format!("linjat:{w}x{h}:{}", rows.join("/"));
        let Ok(puzzle) = text::parse(&desc) else { continue };
        let (count, ..) = exact::count(&puzzle, &Drawn::NONE, 10);
        if count < 2 {
            continue;
        }
        several += 1;
        let Some(space) = common::space::explore(&puzzle.describe(), &[], 3000) else { continue };
        for id in (0..space.states.len()).step_by((space.states.len() / 8).max(1)) {
            let here = &space.states[id];
            let truth = space.to_goal[id];
            let outcome = {
                let position = text::parse(here).unwrap();
                let mut solver = position.recommended_solver().unwrap();
                solve_with(&mut solver, &position, position.start()).moves.len()
            };
            if let Some(d) = truth {
                assert_eq!(outcome as u32, d, "{here}: the exact solver's length");
            }
            let mut game = common::space::session(here, &[]);
            let hint = loop {
                match game.next_hint(500) {
                    Err(Status::InProgress) => continue,
                    other => break other,
                }
            };
            let Ok(hint) = hint else { continue };
            let text = game.hint_text().unwrap();
            assert!(!text.contains("no solution"), "{here}: {text}");
            let d = truth.unwrap_or_else(|| panic!("{here}: a hint where no solution exists"));
            assert!(hint.optimal, "{here}: the plan is proven nearest on a small grid");
            assert_eq!(hint.moves_left, d, "{here}: {text}");
            take_offs += (hint.mv.from == -1) as u32;
            game.apply(&hint.mv).unwrap();
            assert_eq!(space.distance_of(&game.describe()), Some(Some(d - 1)), "{here}: {text}");
            checked += 1;
        }
    }
    assert!(several > 50 && take_offs > 50, "{several} grids with several solutions, {take_offs} take-offs");
}

/// Skipping what cannot have changed changes nothing: on mutants of hard and expert puzzles (a number
/// changed or moved, some dots taken off) run as generation runs them (dots added for numbers rule 1
/// could place, and wherever the rules are stuck), then classified from the start with all their dots,
/// with each rule set, the solver that skips quiet numbers and cells and the
/// one that judges everything on every step make the same steps and reach the same states.
#[test]
fn skipping_quiet_numbers_and_cells_deduces_exactly_what_judging_everything_does() {
    use lphint::families::linjat::{Board, Cell};
    let mut rng = common::rng(34);
    let rule_sets = [ALL_RULES, ALL_RULES & !(1 << 4 | 1 << 5 | 1 << 6), ALL_RULES & !(1 << 5 | 1 << 6)];
    let mut sources: Vec<Board> = data().iter().map(|c| text::parse(&c.desc).unwrap().board().clone()).collect();
    for (tier, seed) in [("hard", 1), ("hard", 2), ("expert", 1), ("expert", 2), ("expert", 3)] {
        let mut generator = Generator::<Linjat>::from_text(&format!("preset={tier},iterations=300"), seed).unwrap();
        sources.push(generator.generate().unwrap().puzzle.board().clone());
    }
    let mut fired = [0u32; 7];
    for trial in 0..3000 {
        let source = &sources[rng.random_range(0..sources.len())];
        let (w, h) = (source.width, source.height);
        let mut grid: Vec<Cell> = (0..w * h)
            .map(|c| match source.number_at[c] {
                Some(p) => Cell::Number(source.numbers[p as usize].value),
                None if has_dot(source, c) && rng.random_range(0..10) < 7 => Cell::Dot,
                None => Cell::Empty,
            })
            .collect();
        let number = source.numbers[rng.random_range(0..source.numbers.len())];
        let (at, value) = (number.cell as usize, number.value);
        match rng.random_range(0..3) {
            0 => grid[at] = Cell::Number((value - 1).max(1)),
            1 => grid[at] = Cell::Number((value + 1).min(9)),
            _ => {
                let to = rng.random_range(0..w * h);
                if grid[to] == Cell::Empty {
                    grid.swap(at, to);
                }
            }
        }
        let Ok(mut board) = Board::new(w, h, &grid) else { continue };
        if board.valid.contains(&0) {
            continue;
        }
        let allowed = rule_sets[trial % 3];
        // The skipping solver on two-word masks, as generation runs it on these boards (at most 128
        // cells), the thorough one on the full four.
        let start = |board: &Board| {
            let mut skipping = RuleState::<2>::blank(allowed);
            skipping.reset(board, &Drawn::NONE, allowed);
            let mut thorough = RuleState::new(board, &Drawn::NONE, allowed);
            thorough.set_skip_quiet(false);
            (skipping, thorough)
        };
        let (mut skipping, mut thorough) = start(&board);
        let same = |a: &RuleState<2>, b: &RuleState, board: &Board| {
            let cells = board.cells();
            assert_eq!(a.valid, b.valid, "trial {trial}");
            assert_eq!(a.fixed, b.fixed, "trial {trial}");
            assert_eq!(a.possible[..cells], b.possible[..cells], "trial {trial}");
            for p in 0..board.numbers.len() {
                assert_eq!(a.reach(p)[..], b.reach(p)[..2], "trial {trial}");
                assert_eq!(b.reach(p)[2..], [0, 0], "trial {trial}");
            }
        };
        // Generation's dot adding: among the open cells, one that the most numbers can reach.
        let open = |state: &RuleState<2>, board: &Board, among: &dyn Fn(usize) -> bool| -> Vec<usize> {
            let open = (0..board.cells()).filter(|&c| among(c) && state.fixed[c] == 0 && !has_dot(board, c));
            let most = open.clone().map(|c| state.possible[c].count_ones()).max().unwrap_or(0);
            open.filter(|&c| state.possible[c].count_ones() == most).collect()
        };
        for _ in 0..100 {
            skipping.rebuild(&board);
            thorough.rebuild(&board);
            let shared = skipping.shared();
            let wide = [shared[0], shared[1], 0, 0];
            assert_eq!(thorough.shared(), wide, "trial {trial}");
            let mut from = 0;
            while let Some((p, o)) = skipping.next_uncontested(&board, from, &shared) {
                assert_eq!(thorough.next_uncontested(&board, from, &wide), Some((p, o)), "trial {trial}");
                let reach = *skipping.reach(p);
                let cells = open(&skipping, &board, &|c| reach[c / 64] >> (c % 64) & 1 == 1);
                if !cells.is_empty() {
                    let cell = cells[rng.random_range(0..cells.len())];
                    board.dots[cell / 64] |= 1 << (cell % 64);
                }
                from = p + 1;
            }
            assert_eq!(thorough.next_uncontested(&board, from, &wide), None, "trial {trial}");
            let progress = skipping.step_rebuilt(&board);
            assert_eq!(progress, thorough.step_rebuilt(&board), "trial {trial}");
            same(&skipping, &thorough, &board);
            match progress {
                Progress::Rule(rule, _) => fired[rule as usize] += 1,
                Progress::Stuck => {
                    let cells = open(&skipping, &board, &|c| skipping.possible[c] != 0);
                    let Some(&cell) = cells.get(rng.random_range(0..cells.len().max(1))) else { break };
                    board.dots[cell / 64] |= 1 << (cell % 64);
                }
                Progress::Solved | Progress::Impossible => break,
            }
        }
        // Classification from the start with the dots the run left.
        let (mut skipping, mut thorough) = start(&board);
        loop {
            let progress = skipping.step(&board);
            assert_eq!(progress, thorough.step(&board), "trial {trial}");
            same(&skipping, &thorough, &board);
            match progress {
                Progress::Rule(rule, _) => fired[rule as usize] += 1,
                _ => break,
            }
        }
    }
    // Every rule had its turn, many times.
    for rule in Rule::ALL {
        assert!(fired[rule as usize] >= 50, "{:?} fired {} times: {fired:?}", rule, fired[rule as usize]);
    }
}

/// Whether `cell` of `board` holds a dot.
fn has_dot(board: &lphint::families::linjat::Board, cell: usize) -> bool {
    board.dots[cell / 64] >> (cell % 64) & 1 == 1
}

/// The orientations through a cell by arithmetic are those whose segment holds the cell, on random
/// boards of every size, for every number and cell.
#[test]
fn orientations_covering_a_cell_are_those_whose_segment_holds_it() {
    use lphint::families::linjat::{orientations_covering, Board, Cell};
    let mut rng = common::rng(35);
    let mut checked = 0;
    for _ in 0..300 {
        let (w, h) = (rng.random_range(1..=16), rng.random_range(1..=16));
        let mut grid = vec![Cell::Empty; w * h];
        for _ in 0..rng.random_range(1..=(w * h / 3).max(1)) {
            grid[rng.random_range(0..w * h)] = Cell::Number(rng.random_range(1..=9));
        }
        let Ok(board) = Board::new(w, h, &grid) else { continue };
        let place = |cell: usize| [(cell / w) as u8, (cell % w) as u8];
        for (p, number) in board.numbers.iter().enumerate() {
            for cell in 0..w * h {
                let bits = orientations_covering(number.value, place(number.cell as usize), place(cell));
                for (o, segment) in board.segments_of(p) {
                    let holds = segment.mask[cell / 64] >> (cell % 64) & 1 == 1;
                    assert_eq!(
                        bits >> o & 1 == 1,
                        holds,
                        "{w}x{h}, number {p} ({number:?}), orientation {o}, cell {cell}"
                    );
                    checked += 1;
                }
            }
        }
    }
    assert!(checked > 100_000, "{checked}");
}

/// A Linjat position read independently from its description: the grid (`None` empty, `Some(0)` a dot,
/// `Some(n)` a number) and the cells its drawn segments cover.
struct Position {
    w: usize,
    h: usize,
    grid: Vec<Option<u8>>,
    covered: Vec<bool>,
    /// The numbers with a segment drawn, by cell.
    drawn: Vec<usize>,
}

fn position(desc: &str) -> Position {
    let fields: Vec<&str> = desc.split(':').collect();
    let (w, h) = fields[1].split_once('x').unwrap();
    let (w, h): (usize, usize) = (w.parse().unwrap(), h.parse().unwrap());
    let grid: Vec<Option<u8>> = fields[2]
        .replace('/', "")
        .chars()
        .map(|c| match c {
            'o' => Some(0),
            '.' => None,
            d => Some(d.to_digit(10).unwrap() as u8),
        })
        .collect();
    let (mut covered, mut drawn) = (vec![false; w * h], Vec::new());
    let at = |rc: &str| {
        let (r, c) = rc.split_once(',').unwrap();
        r.parse::<usize>().unwrap() * w + c.parse::<usize>().unwrap()
    };
    for segment in fields.get(3).unwrap_or(&"").split(';').filter(|s| !s.is_empty()) {
        let (number, ends) = segment.split_once('=').unwrap();
        let (a, b) = ends.split_once('-').unwrap();
        let (a, b) = (at(a), at(b));
        let step = if a / w == b / w { 1 } else { w };
        (a.min(b)..=a.max(b)).step_by(step).for_each(|c| covered[c] = true);
        drawn.push(at(number));
    }
    Position { w, h, grid, covered, drawn }
}

impl Position {
    /// The ways the number at `cell` (with no segment) still fits: straight runs of its length through
    /// it on the board, over no other number and no drawn segment.
    fn fits(&self, cell: usize) -> Vec<Vec<usize>> {
        let n = self.grid[cell].unwrap() as usize;
        let (r, c) = (cell / self.w, cell % self.w);
        let mut out = Vec::new();
        for horizontal in [true, false] {
            let (pos, len) = if horizontal { (c, self.w) } else { (r, self.h) };
            for start in pos.saturating_sub(n - 1)..=pos {
                if start + n > len {
                    continue;
                }
                let run: Vec<usize> =
                    (start..start + n).map(|i| if horizontal { r * self.w + i } else { i * self.w + c }).collect();
                let free =
                    run.iter().all(|&x| !self.covered[x] && (x == cell || !matches!(self.grid[x], Some(v) if v > 0)));
                // A 1 covers its own cell: one way, counted once.
                if free && (horizontal || n != 1) {
                    out.push(run);
                }
            }
        }
        out
    }

    /// How many numbers without a segment can still cover `dot`.
    fn reaching(&self, dot: usize) -> usize {
        let open =
            (0..self.grid.len()).filter(|&c| matches!(self.grid[c], Some(v) if v > 0) && !self.drawn.contains(&c));
        open.filter(|&c| self.fits(c).iter().any(|run| run.contains(&dot))).count()
    }
}

#[test]
fn every_tier_sentence_is_a_fact_about_the_position() {
    let mut said = std::collections::BTreeMap::new();
    let more = ["linjat:5x4:...../...../..24./..o.3", "linjat:5x4:....o/...../o..43/4o.o.:3,0=0,0-3,0"];
    let checked = common::space::every_tier("linjat", 40, &more, |t| {
        let p = position(&t.desc);
        let place = |words: &str| {
            let (r, c) = words.split_once(", column ").unwrap();
            let (r, c): (usize, usize) = (r.trim_start_matches("row ").parse().unwrap(), c.parse().unwrap());
            (r - 1) * p.w + c - 1
        };
        // The hint's number: its place in reading order.
        let number_cell =
            (0..p.grid.len()).filter(|&c| matches!(p.grid[c], Some(v) if v > 0)).nth(t.hint.mv.piece as usize).unwrap();
        let number = format!(
            "the {} at row {}, column {}",
            p.grid[number_cell].unwrap(),
            number_cell / p.w + 1,
            number_cell % p.w + 1
        );
        let (look, why) = t.region.split_once(": ").unwrap_or((t.region.as_str(), ""));
        // Where to look never names the number (tier 2 does): an area holding it, larger than it.
        assert!(!t.region.contains(&number), "{}: '{}'", t.desc, t.region);
        assert!(t.region_cells.contains(&(number_cell as u16)), "{}", t.desc);
        assert!(t.region_cells.len() > t.piece_cells.len(), "{}: {:?}", t.desc, t.region_cells);
        let kind = match why {
            "the next segment is there" => {
                assert_eq!(look, "look at the highlighted area", "{}", t.desc);
                "look"
            }
            "a number there has one way left to fit" => {
                assert_eq!(look, "look at the highlighted area", "{}", t.desc);
                assert_eq!(p.fits(number_cell).len(), 1, "{}: '{}'", t.desc, t.region);
                "one way"
            }
            "a segment there is not where the solution these hints lead to has it" => {
                assert!(t.hint.mv.from == -1 && p.drawn.contains(&number_cell), "{}: not a take-off", t.desc);
                assert!(t.after.last().unwrap().is_solved(), "{}", t.desc);
                "take off"
            }
            _ => {
                let dot = place(look.trim_start_matches("look at the dot at "));
                assert!(p.grid[dot] == Some(0) && !p.covered[dot], "{}: '{}' is no open dot", t.desc, t.region);
                assert!(
                    t.game.hint_cells().unwrap_or_default().contains(&(dot as u16)),
                    "{}: the next segment does not cover it",
                    t.desc
                );
                match why {
                    "only one number can reach it" => assert_eq!(p.reaching(dot), 1, "{}: '{}'", t.desc, t.region),
                    "the next segment covers it" => {}
                    _ => panic!("{}: '{}'", t.desc, t.region),
                }
                if why == "the next segment covers it" {
                    "covers"
                } else {
                    "only one"
                }
            }
        };
        *said.entry(kind).or_insert(0) += 1;
        // Tier 2: the number the move draws or takes off.
        let verb = if t.hint.mv.from == -1 { "take off" } else { "draw" };
        assert_eq!(t.piece, format!("{verb} the segment of {number}"), "{}", t.desc);
    });
    println!("linjat: {checked} tier sentences checked: {said:?}");
    assert!(checked >= 300 && said.len() >= 4, "{checked} checked: {said:?}");
}
