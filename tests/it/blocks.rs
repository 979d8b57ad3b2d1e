//! Sliding blocks against the verified counts of `data/blocks.txt`: optimal moves under the three counts
//! and the number of reachable canonical states (and of solved ones), for every layout.

use crate::common;

use lphint::families::blocks::{text, Blocks, Count};
use lphint::family::Family;
use lphint::search::bfs::Bfs;
use lphint::search::{solve_with, Puzzle, Search, Status};

/// One case of the data file: its id, description and listed counts.
struct Case {
    id: String,
    desc: String,
    optimal: [(Count, i64); 3],
    reachable: (usize, usize),
}

fn cases() -> Vec<Case> {
    let cases = lphint::families::blocks::data::cases(include_str!("../../data/blocks.txt")).unwrap();
    cases
        .into_iter()
        .map(|c| Case {
            id: c.id,
            desc: c.desc,
            optimal: [(Count::Step, c.optimal[0]), (Count::Line, c.optimal[1]), (Count::Free, c.optimal[2])],
            reachable: c.reachable,
        })
        .collect()
}

#[test]
fn every_layout_has_its_listed_optimal_counts() {
    let cases = cases();
    assert_eq!(cases.len(), 8, "every case of the data file is read");
    for case in &cases {
        let puzzle = text::parse(&case.desc).unwrap_or_else(|e| panic!("{}: {e}", case.id));
        for (count, expected) in case.optimal {
            let puzzle = puzzle.with_count(count);
            let mut bfs = Bfs::<Blocks>::new(4_000_000, u32::MAX).unwrap();
            let outcome = solve_with(&mut bfs, &puzzle, Family::start(&puzzle));
            let found = match outcome.status {
                Status::Found => outcome.moves.len() as i64,
                Status::Unsolvable => -1,
                other => panic!("{} {}: {}", case.id, count.name(), other.name()),
            };
            assert_eq!(found, expected, "{} under {}", case.id, count.name());
            // The solution replays move by move to the goal.
            let mut state = Family::start(&puzzle);
            for mv in &outcome.moves {
                state = puzzle.apply(&state, mv).unwrap_or_else(|| panic!("{}: illegal {mv:?}", case.id));
            }
            assert!(expected < 0 || puzzle.is_goal(&state));
        }
    }
}

#[test]
fn every_layout_reaches_its_listed_number_of_canonical_states() {
    for case in cases() {
        let puzzle = text::parse(&case.desc).unwrap().with_count(Count::Step);
        let mut explorer = Bfs::<Blocks>::explorer(4_000_000).unwrap();
        explorer.restart(&puzzle, Family::start(&puzzle));
        assert_eq!(explorer.run(&puzzle), Status::Unsolvable, "{}: explored to the end", case.id);
        let goals = explorer.distances().filter(|(s, _)| puzzle.is_goal(s)).count();
        assert_eq!((explorer.len(), goals), case.reachable, "{}", case.id);
    }
}

#[test]
fn descriptions_round_trip() {
    for case in cases() {
        let puzzle = text::parse(&case.desc).unwrap();
        let printed = text::describe(&puzzle);
        assert_eq!(text::describe(&text::parse(&printed).unwrap()), printed, "{}", case.id);
        for count in Count::ALL {
            let other = puzzle.with_count(count);
            assert_eq!(text::parse(&text::describe(&other)).unwrap(), other);
        }
    }
}

/// A random small layout: the oracle's form and the library's description.
fn random_layout(rng: &mut impl rand::Rng) -> (common::oracle::BlocksLayout, String) {
    use rand::RngExt;
    let shapes_pool: [&[(usize, usize)]; 4] =
        [&[(0, 0)], &[(0, 0), (0, 1)], &[(0, 0), (1, 0)], &[(0, 0), (1, 0), (1, 1)]];
    let (w, h) = (rng.random_range(2..=4), rng.random_range(2..=4));
    let terrain: Vec<char> = (0..w * h)
        .map(|_| match rng.random_range(0..12) {
            0 => '#',
            1 => '+',
            _ => '.',
        })
        .collect();
    let mut grid: Vec<Option<usize>> = vec![None; w * h];
    let mut shapes: Vec<(Vec<(usize, usize)>, bool)> = Vec::new();
    let mut start = Vec::new();
    let mut names = Vec::new();
    let blocks = rng.random_range(1..=w * h - 1);
    for b in 0..blocks {
        let cells = shapes_pool[rng.random_range(0..4)].to_vec();
        let (r, c) = (rng.random_range(0..h), rng.random_range(0..w));
        let free = cells.iter().all(|&(dr, dc)| {
            r + dr < h && c + dc < w && terrain[(r + dr) * w + c + dc] == '.' && grid[(r + dr) * w + c + dc].is_none()
        });
        if !free {
            continue;
        }
        let goal = start.is_empty();
        let shape = match shapes.iter().position(|s| s.0 == cells && !s.1 && !goal) {
            Some(s) => s,
            None => {
                shapes.push((cells.clone(), goal));
                shapes.len() - 1
            }
        };
        for &(dr, dc) in &cells {
            grid[(r + dr) * w + c + dc] = Some(b);
        }
        names.push((b, (b'A' + start.len() as u8) as char));
        start.push((shape, r, c));
    }
    if start.is_empty() {
        return random_layout(rng);
    }
    // The goal block's target: a random place its shape fits the terrain.
    let goal_cells = shapes[0].0.clone();
    let places: Vec<(usize, usize)> = (0..h)
        .flat_map(|r| (0..w).map(move |c| (r, c)))
        .filter(|&(r, c)| {
            goal_cells.iter().all(|&(dr, dc)| r + dr < h && c + dc < w && terrain[(r + dr) * w + c + dc] != '#')
        })
        .collect();
    let target = places[rng.random_range(0..places.len())];
    let rows: Vec<String> = (0..h)
        .map(|r| {
            (0..w)
                .map(|c| match grid[r * w + c] {
                    Some(b) => names.iter().find(|(x, _)| *x == b).unwrap().1,
                    None => terrain[r * w + c],
                })
                .collect()
        })
        .collect();
    let desc = format!("blocks:{w}x{h}:{}:A@{},{}", rows.join("/"), target.0, target.1);
    let layout = common::oracle::BlocksLayout { w, h, terrain, shapes, start, targets: vec![(0, target.0, target.1)] };
    (layout, desc)
}

#[test]
fn random_small_layouts_agree_with_an_independent_brute_force() {
    let mut rng = common::rng(14);
    let (mut solvable, mut unsolvable, mut histograms) = (0, 0, 0);
    for _ in 0..300 {
        let (layout, desc) = random_layout(&mut rng);
        let puzzle = text::parse(&desc).unwrap_or_else(|e| panic!("{desc}: {e}"));
        for count in Count::ALL {
            let answer = common::oracle::blocks(&layout, count.name());
            let (expected, reachable) = (answer.optimal, answer.reachable);
            let puzzle = puzzle.with_count(count);
            let mut bfs = Bfs::<Blocks>::new(1 << 16, u32::MAX).unwrap();
            let outcome = solve_with(&mut bfs, &puzzle, Family::start(&puzzle));
            let found = match outcome.status {
                Status::Found => Some(outcome.moves.len()),
                Status::Unsolvable => None,
                other => panic!("{desc}: {}", other.name()),
            };
            assert_eq!(found, expected, "{desc} under {}", count.name());
            let mut explorer = Bfs::<Blocks>::explorer(1 << 16).unwrap();
            explorer.restart(&puzzle, Family::start(&puzzle));
            explorer.run(&puzzle);
            assert_eq!(explorer.len(), reachable, "{desc}: reachable states");
            // The cluster analysis agrees: its states, and the start's distance to the nearest solved one.
            let cluster = lphint::family::Family::cluster(&puzzle, 1 << 16, 1).unwrap().unwrap();
            assert_eq!((cluster.states, cluster.start_distance), (reachable, expected.map(|d| d as u32)), "{desc}");
            assert!(cluster.histogram.iter().sum::<u64>() as usize <= reachable);
            if reachable <= common::oracle::HISTOGRAM_STATES {
                assert_eq!(cluster.histogram, answer.histogram, "{desc}: distances to the solved states");
                histograms += 1;
            }
            if found.is_some() {
                solvable += 1
            } else {
                unsolvable += 1
            }
        }
    }
    assert!(solvable > 100 && unsolvable > 20, "{solvable} solvable, {unsolvable} unsolvable");
    assert!(histograms > 600, "{histograms} clusters compared whole");
}

/// The exact distance from `puzzle`'s start by breadth-first search, or `None` when unsolvable.
fn distance(puzzle: &Blocks) -> Option<usize> {
    let mut bfs = Bfs::<Blocks>::new(1 << 20, u32::MAX).unwrap();
    let outcome = solve_with(&mut bfs, puzzle, Family::start(puzzle));
    (outcome.status == Status::Found).then_some(outcome.moves.len())
}

#[test]
fn every_hint_lowers_the_distance_by_one_also_after_leaving_the_path() {
    use lphint::family::Family;
    use lphint::hint::Hinter;
    use rand::RngExt;
    let mut rng = common::rng(41);
    let classic = text::parse("blocks:4x5:BAAC/BAAC/DEEF/DGHF/I..J:A@3,1").unwrap();
    for count in Count::ALL {
        let puzzle = classic.with_count(count);
        let mut hinter = Hinter::new(puzzle.recommended_solver().unwrap(), 256);
        let mut state = puzzle.start();
        for round in 0..12 {
            // Every third hint, the player wanders off with a random legal move instead.
            if round % 3 == 2 {
                let mut moves = Vec::new();
                puzzle.successors(&state, |m, _, _| moves.push(m));
                state = puzzle.apply(&state, &moves[rng.random_range(0..moves.len())]).unwrap();
                continue;
            }
            let before = distance(&puzzle.with_start(state)).unwrap();
            let hint = loop {
                match hinter.next_hint(&puzzle, &state, 5_000) {
                    Err(Status::InProgress) => continue,
                    Ok(hint) => break hint,
                    Err(other) => panic!("{}", other.name()),
                }
            };
            assert_eq!((hint.moves_left as usize, hint.optimal), (before, true), "{}", count.name());
            state = puzzle.apply(&state, &hint.mv).unwrap();
            assert_eq!(distance(&puzzle.with_start(state)), Some(before - 1), "{} round {round}", count.name());
        }
    }
}

#[test]
fn a_layout_whose_goal_cannot_be_reached_is_unsolvable() {
    // The goal block is walled off from its target; and a box too full for the 2x2 block to turn around.
    for desc in ["blocks:3x1:A#.:A@0,2", "blocks:3x3:AAB/AAC/DE.:A@1,1:step"] {
        let puzzle = text::parse(desc).unwrap();
        let mut bfs = Bfs::<Blocks>::new(1 << 16, u32::MAX).unwrap();
        assert_eq!(solve_with(&mut bfs, &puzzle, Family::start(&puzzle)).status, Status::Unsolvable, "{desc}");
    }
}

#[test]
fn malformed_descriptions_say_where_and_why() {
    let cases = [
        ("blocks:3x2:A.A/...:A@1,0", 12, "not connected"),
        ("blocks:3x2:AA./...:A@2,0", 22, "off the 3x2 board"),
        ("blocks:3x2:AA./...:B@1,0", 20, "not on the board"),
        ("blocks:3x2:AA./...:A@1,0;A@1,1", 26, "two goals"),
        ("blocks:3x2:AA./..:A@1,0", 16, "has 3 cells, found 2"),
        ("blocks:3x2:AA./.?.:A@1,0", 17, "found '?'"),
        ("blocks:3x2:AA./...:A@1,0:fast", 26, "expected a count"),
        ("blocks:3x2:AA./...:A@1,2", 12, "target of block A"),
        ("blocks:3x2:AA./B..:", 20, "expected a goal"),
        ("blocks:3x2:AA./...:A@1,0:free:.#./...", 32, "floor"),
        // A block that is no goal block on a cell only goal blocks may enter: said as such.
        ("blocks:3x3:AB./.../...:A@2,2:free:.+./.../...", 12, "block B stands on a '+' cell, which only goal blocks"),
    ];
    for (desc, column, reason) in cases {
        let error = text::parse(desc).unwrap_err();
        assert!(error.reason.contains(reason), "{desc}: {error}");
        assert_eq!(error.column, column, "{desc}: {error}");
    }
}

#[test]
fn the_classic_cluster_holds_25955_states_964_of_them_solved() {
    use lphint::family::Family;
    let classic = text::parse("blocks:4x5:BAAC/BAAC/DEEF/DGHF/I..J:A@3,1").unwrap();
    for (count, from_start) in [(Count::Free, 81), (Count::Line, 90), (Count::Step, 116)] {
        let cluster = classic.with_count(count).cluster(1 << 16, 4).unwrap().unwrap();
        assert_eq!((cluster.states, cluster.goal_states), (25_955, 964));
        assert_eq!(cluster.start_distance, Some(from_start), "{}", count.name());
        assert_eq!(cluster.histogram.iter().sum::<u64>(), 25_955, "every state of the classic can be solved");
        assert_eq!(cluster.histogram[0], 964);
        // The farthest states are that far: an independent solve from each agrees.
        let far = cluster.farthest_distance().unwrap();
        assert!(far >= from_start && !cluster.farthest.is_empty());
        for state in &cluster.farthest {
            assert_eq!(distance(&classic.with_count(count).with_start(*state)), Some(far as usize));
        }
    }
    // Too small a cap is a status, not a wrong answer.
    assert_eq!(classic.cluster(1000, 1).unwrap().unwrap_err(), Status::OutOfNodes);
}

#[test]
fn a_stepped_cluster_analysis_equals_one_run_to_the_end() {
    use lphint::search::cluster::{analyze, ClusterSearch};
    let classic = text::parse("blocks:4x5:BAAC/BAAC/DEEF/DGHF/I..J:A@3,1").unwrap();
    let steps = classic.with_count(Count::Step);
    let whole = analyze(&steps, &classic, Family::start(&classic), 1 << 16, 3).unwrap();
    let mut stepped = ClusterSearch::<Blocks>::new(1 << 16).unwrap();
    for _ in 0..2 {
        stepped.restart(&steps, Family::start(&classic));
        let mut calls = 0;
        while stepped.step(&steps, &classic, 97).status == Status::InProgress {
            calls += 1;
        }
        assert!(calls > 100, "{calls} calls: the budget bounds each");
        assert_eq!(stepped.cluster(3).unwrap(), Cluster { bytes: stepped.bytes_reserved(), ..whole.clone() });
    }
}

use lphint::search::cluster::Cluster;

/// The oracle's form of a puzzle as it stands.
fn oracle_layout(puzzle: &Blocks) -> common::oracle::BlocksLayout {
    let board = puzzle.board();
    let w = board.width;
    let mut shapes: Vec<(Vec<(usize, usize)>, bool)> = Vec::new();
    let (mut start, mut targets) = (Vec::new(), Vec::new());
    for spec in puzzle.specs(&puzzle.start_layout()) {
        let cells: Vec<(usize, usize)> = spec.shape.cells.iter().map(|&(r, c)| (r as usize, c as usize)).collect();
        let key = (cells, spec.target.is_some());
        let shape = match shapes.iter().position(|s| *s == key && !key.1) {
            Some(s) => s,
            None => {
                shapes.push(key);
                shapes.len() - 1
            }
        };
        start.push((shape, spec.anchor / w, spec.anchor % w));
        if let Some(t) = spec.target {
            targets.push((shape, t / w, t % w));
        }
    }
    let terrain = board.terrain.iter().map(|t| t.symbol()).collect();
    common::oracle::BlocksLayout { w, h: board.height, terrain, shapes, start, targets }
}

#[test]
fn generated_puzzles_carry_their_exact_count_cluster_size_and_farthest_distance() {
    use lphint::generate::Generator;
    for (params, hardest) in [
        ("size=3x4,method=cluster,min=1,max=100", true),
        ("size=4x3,method=cluster,goal=1x2,count=step,min=1,max=100", true),
        ("size=3x4,method=fill,min=3,max=12", false),
        ("size=4x4,method=fill,goal=2x1,count=line,min=4,max=20", false),
        ("size=3x4,method=fill,min=2,max=12,minimal=true", false),
    ] {
        let mut generator = Generator::<Blocks>::from_text(params, 5).unwrap();
        let mut seen = std::collections::BTreeSet::new();
        for _ in 0..5 {
            let Ok(generated) = generator.generate() else { break };
            let puzzle = &generated.puzzle;
            let desc = text::describe(puzzle);
            assert!(seen.insert(desc.clone()), "{params}: {desc} handed out twice");
            let answer = common::oracle::blocks(&oracle_layout(puzzle), puzzle.count().name());
            let fact = |name: &str| generated.facts.iter().find(|f| f.name == name).map(|f| f.value as u64);
            assert_eq!(answer.optimal, Some(generated.rating as usize), "{params}: {desc}");
            assert_eq!(generated.solution.len(), generated.rating as usize);
            assert_eq!(fact("cluster_states"), Some(answer.reachable as u64), "{params}: {desc}");
            if !answer.histogram.is_empty() {
                assert_eq!(fact("farthest"), Some(answer.histogram.len() as u64 - 1), "{params}: {desc}");
                assert_eq!(fact("cluster_solved"), Some(answer.histogram[0]), "{params}: {desc}");
            }
            if hardest {
                assert_eq!(fact("farthest"), Some(generated.rating as u64), "{params}: {desc} is the hardest");
            }
            if params.contains("minimal") {
                // A block whose removal keeps the count must be one the solution moves.
                let moved = moved_blocks(puzzle, &generated.solution);
                let board = puzzle.board();
                for (b, spec) in puzzle.specs(&puzzle.start_layout()).into_iter().enumerate() {
                    if spec.target.is_some() {
                        continue;
                    }
                    let mut specs = puzzle.specs(&puzzle.start_layout());
                    specs.remove(b);
                    let without =
                        Blocks::new(board.width, board.height, board.terrain.clone(), specs, puzzle.count()).unwrap();
                    let count = common::oracle::blocks(&oracle_layout(&without), puzzle.count().name()).optimal;
                    assert!(count != answer.optimal || moved[b], "{desc}: block {} does not matter", spec.name);
                }
            }
        }
        assert!(seen.len() >= 3, "{params}: {} puzzles", seen.len());
    }
}

/// Which blocks of the start (by index) `moves` move, told apart by the anchor each move leaves.
fn moved_blocks(puzzle: &Blocks, moves: &[lphint::families::blocks::Slide]) -> Vec<bool> {
    let board = puzzle.board();
    let mut at: Vec<u8> = puzzle.start_layout().0[..board.blocks()].to_vec();
    let mut moved = vec![false; board.blocks()];
    for mv in moves {
        let b = (0..board.blocks())
            .find(|&b| at[b] == mv.from && board.group_of[b] == board.group_of[mv.block as usize])
            .unwrap();
        at[b] = mv.to;
        moved[b] = true;
    }
    moved
}

#[test]
fn stepping_the_generator_in_small_budgets_draws_the_same_puzzles() {
    use lphint::generate::Generator;
    for params in ["size=4x4,method=cluster,min=10,max=60", "size=4x4,method=fill,min=5,max=30,minimal=true"] {
        let mut whole = Generator::<Blocks>::from_text(params, 9).unwrap();
        let mut stepped = Generator::<Blocks>::from_text(params, 9).unwrap();
        for _ in 0..3 {
            let expected = whole.generate().unwrap();
            let mut calls = 0;
            let got = loop {
                calls += 1;
                match stepped.step(64) {
                    Err(Status::InProgress) => continue,
                    other => break other.unwrap(),
                }
            };
            assert!(calls > 1, "{params}");
            assert_eq!(text::describe(&got.puzzle), text::describe(&expected.puzzle), "{params}");
            assert_eq!((got.rating, &got.facts), (expected.rating, &expected.facts));
        }
    }
}

#[test]
fn parameters_a_generator_cannot_keep_are_refused_with_the_reason() {
    use lphint::generate::Generator;
    let refused = |text: &str| match Generator::<Blocks>::from_text(text, 3) {
        Ok(_) => panic!("{text}: accepted, but its puzzles would not be what it asks for"),
        Err(why) => why,
    };
    // Annealing's mutants are not drawn, so no minimality check would run on them.
    let why = refused("size=4x5,method=anneal,minimal=true,min=5,max=15");
    assert!(why.contains("minimal=true") && why.contains("method=anneal"), "{why}");
    // A Rush Hour preset with another method would make puzzles that are not Rush Hour's.
    for preset in ["rush-easy", "rush-medium", "rush-hard"] {
        let why = refused(&format!("preset={preset},method=anneal"));
        assert!(why.contains(&format!("preset {preset} makes Rush Hour puzzles")), "{why}");
        let why = refused(&format!("preset={preset},method=cluster"));
        assert!(why.contains("method=cluster"), "{why}");
    }
    // What they can keep is accepted.
    assert!(Generator::<Blocks>::from_text("preset=rush-easy,min=6", 3).is_ok());
    assert!(Generator::<Blocks>::from_text("size=4x5,method=anneal,min=5,max=15", 3).is_ok());
}

/// The block letters named after the colon of a tier sentence ("blocks C and D move next", "the truck C
/// and car B move next"): its one-character words.
fn letters(words: &str) -> Vec<char> {
    words
        .split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|w| w.len() == 1)
        .filter_map(|w| w.chars().next())
        .collect()
}

/// A block's id (`LpMove.piece`) from its letter.
fn id(letter: char) -> u32 {
    lphint::families::blocks::block_id(letter).unwrap()
}

/// The goal blocks' letters of a description: before `@` in its targets (`A@0,3;B@0,2`); Rush Hour's red
/// car is `A`.
fn goal_letters(desc: &str) -> Vec<char> {
    if desc.starts_with("rush:") {
        return vec!['A'];
    }
    let targets = desc.split(':').nth(3).unwrap_or("");
    targets.split(';').filter_map(|t| t.split('@').next()?.chars().next()).collect()
}

#[test]
fn every_tier_sentence_is_a_fact_about_the_position() {
    let mut rng = common::rng(54);
    let mut more: Vec<String> = (0..40).map(|_| random_layout(&mut rng).1).collect();
    more.extend(
        [
            "blocks:4x3:AB../CC../DD..:A@0,3;B@0,2:step",
            "blocks:3x3:A.B/CD./...:A@2,2;B@2,0",
            "blocks:4x4:A.B./CC../.DD./....:A@3,3;B@3,0",
        ]
        .map(String::from),
    );
    more.extend(cases().into_iter().map(|c| c.desc));
    more.extend(
        include_str!("../../data/rush.txt").lines().filter(|l| l.starts_with("rush:")).take(30).map(String::from),
    );
    let more: Vec<&str> = more.iter().map(String::as_str).collect();
    let (mut can_move, mut move_next) = (0, 0);
    let checked = common::space::every_tier("blocks", 20, &more, |t| {
        let (way, rest) = t.region.split_once(": ").unwrap_or_else(|| panic!("{}: '{}'", t.desc, t.region));
        let goals = goal_letters(&t.desc);
        // "block X's way to its goal": X is a goal block; "the red car's way out" on a Rush Hour board.
        let goal = match way.strip_prefix("block ") {
            Some(named) => named.chars().next().unwrap(),
            None => {
                assert_eq!(way, "the red car's way out", "{}", t.desc);
                'A'
            }
        };
        assert!(goals.contains(&goal), "{}: '{}' names {goal}, not a goal block ({goals:?})", t.desc, t.region);
        let next: Vec<u32> = t.plan.iter().take(3).map(|m| m.piece).collect();
        if rest == "it can move now" {
            let legal = t.game.legal_moves();
            assert!(
                legal.iter().any(|m| m.piece == id(goal)),
                "{}: '{}', yet {goal} has no legal move",
                t.desc,
                t.region
            );
            can_move += 1;
        } else {
            // "a vehicle in the highlighted lanes moves next", "2 blocks in the highlighted lanes move
            // next": how many other blocks the next moves slide, none named (tier 2 names one).
            let count = match rest.split_once(' ') {
                Some(("a", _)) => 1,
                Some((n, _)) => n.parse::<usize>().unwrap_or_else(|_| panic!("{}: '{}'", t.desc, t.region)),
                None => panic!("{}: '{}'", t.desc, t.region),
            };
            assert!(
                rest.ends_with(" in the highlighted lanes moves next")
                    || rest.ends_with(" in the highlighted lanes move next")
            );
            let mut others: Vec<u32> = next.iter().copied().filter(|&b| !goals.iter().any(|&g| id(g) == b)).collect();
            others.dedup();
            others.sort_unstable();
            others.dedup();
            assert_eq!(count, others.len(), "{}: '{}', the next moves {:?}", t.desc, t.region, t.plan);
            assert!(
                !rest.split_whitespace().any(|w| w.len() == 1 && w.chars().all(|c| c.is_ascii_uppercase())),
                "{}: '{}' names a block",
                t.desc,
                t.region
            );
            move_next += 1;
        }
        // Where to look holds what to move, and more: the lanes, not the block alone.
        assert!(t.piece_cells.iter().all(|c| t.region_cells.contains(c)), "{}", t.desc);
        assert!(t.region_cells.len() > t.piece_cells.len(), "{}: {:?} {:?}", t.desc, t.region_cells, t.piece_cells);
        // Tier 2 names the block the hint moves.
        let moved = match t.piece.strip_prefix("move the red car") {
            Some(_) => 'A',
            None => *letters(&t.piece).last().unwrap_or_else(|| panic!("{}: '{}'", t.desc, t.piece)),
        };
        assert_eq!(id(moved), t.hint.mv.piece, "{}: '{}'", t.desc, t.piece);
    });
    println!("blocks: {checked} tier sentences checked ({can_move} 'can move now', {move_next} 'move next')");
    assert!(
        checked >= 300 && can_move >= 30 && move_next >= 30,
        "{checked} checked: {can_move} 'can move now', {move_next} 'move next'"
    );
}
