//! Rush Hour through the sliding-blocks family, against Michael Fogleman's database (`data/rush.txt`, 205
//! puzzles of every move count 1–60): blocks locked to their long axis, `rush:` read and written, and for
//! every line the fewest moves and the cluster size he lists.

use lphint::families::blocks::{text, Axis, Blocks, Count};
use lphint::family::Family;
use lphint::search::bfs::Bfs;
use lphint::search::{solve_with, Puzzle, Search, Status};

/// Every line of the data file: (moves, board, cluster size).
fn cases() -> Vec<(usize, String, usize)> {
    include_str!("../../data/rush.txt")
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let f: Vec<&str> = l.split_whitespace().collect();
            (f[0].parse().unwrap(), f[1].to_string(), f[2].parse().unwrap())
        })
        .collect()
}

#[test]
fn every_listed_puzzle_takes_its_moves_and_reaches_its_cluster() {
    let cases = cases();
    assert_eq!(cases.len(), 205, "every line of the data file is read");
    for (moves, board, cluster) in &cases {
        let desc = format!("rush:{board}");
        let puzzle = Blocks::parse(&desc).unwrap_or_else(|e| panic!("{desc}: {e}"));
        // Written back in Rush Hour's notation (identical cars named in board order, as for any blocks).
        let printed = puzzle.describe();
        assert!(printed.starts_with("rush:"), "{printed}");
        assert_eq!(Blocks::parse(&printed).unwrap(), puzzle, "{desc}");
        let mut bfs = Bfs::<Blocks>::new(2_000_000, u32::MAX).unwrap();
        let outcome = solve_with(&mut bfs, &puzzle, Family::start(&puzzle));
        assert_eq!(outcome.status, Status::Found, "{desc}");
        assert_eq!(outcome.moves.len(), *moves, "{desc}");
        // Every move slides one car along its own axis.
        let mut state = Family::start(&puzzle);
        for mv in &outcome.moves {
            let w = puzzle.board().width;
            let (from, to) = (mv.from as usize, mv.to as usize);
            let axis = puzzle.board().groups[puzzle.board().group_of[mv.block as usize]].axis;
            assert!(match axis {
                Axis::Horizontal => from / w == to / w,
                Axis::Vertical => from % w == to % w,
                Axis::Free => false,
            });
            state = puzzle.apply(&state, mv).unwrap();
        }
        assert!(puzzle.is_goal(&state));
        let mut explorer = Bfs::<Blocks>::explorer(2_000_000).unwrap();
        explorer.restart(&puzzle.with_count(Count::Step), Family::start(&puzzle));
        assert_eq!(explorer.run(&puzzle.with_count(Count::Step)), Status::Unsolvable);
        assert_eq!(explorer.len(), *cluster, "{desc}: the cluster");
    }
}

#[test]
fn axis_locks_read_and_write_in_blocks_descriptions() {
    let desc = "blocks:4x4:AA.B/...B/CC../....:A@0,2-;B|;C-:line";
    let puzzle = text::parse(desc).unwrap();
    assert_eq!(text::describe(&puzzle), desc);
    // Locks change the answer: B free steps aside (2 moves); B locked to its row sends A around it (3);
    // both locked, A cannot pass.
    let bfs = |d: &str| {
        let p = text::parse(d).unwrap();
        let outcome = solve_with(&mut Bfs::<Blocks>::new(10_000, u32::MAX).unwrap(), &p, Family::start(&p));
        (outcome.status == Status::Found).then_some(outcome.moves.len())
    };
    assert_eq!(bfs("blocks:3x2:AB./...:A@0,2:line"), Some(2));
    assert_eq!(bfs("blocks:3x2:AB./...:A@0,2;B-:line"), Some(3));
    assert_eq!(bfs("blocks:3x2:AB./...:A@0,2-;B-:line"), None);
    let free = text::parse("blocks:4x4:AA.B/...B/CC../....:A@0,2;B|;C-:line").unwrap();
    // Locked and free blocks are different levels.
    assert_ne!(puzzle.fingerprint(), free.fingerprint());
    assert_eq!(puzzle.fingerprint(), text::parse(desc).unwrap().fingerprint());
    assert!(text::parse("blocks:4x4:AA.B/...B/CC../....:A@0,2-;A|:line").is_err(), "locked twice");
    assert!(Blocks::parse("rush:AAooo").is_err(), "not square");
    assert!(Blocks::parse("rush:A").is_err(), "too small for an exit row");
    // A one-cell board locked along a row is a blocks puzzle, not Rush Hour's, and says so without failing.
    let tiny = text::parse("blocks:1x1:A:A@0,0-:line").unwrap();
    assert!(tiny.describe().starts_with("blocks:1x1:"));
    assert!(Blocks::parse("rush:ooooooooooooooooooooooooooooooooooBB").is_err(), "no red car");
    assert!(Blocks::parse("rush:ooooooooooooAAAAoooooooooooooooooooo").is_ok(), "a long red car");
}

#[test]
fn rush_hour_hints_speak_of_cars_and_trucks() {
    let mut session = lphint::registry::parse("rush:GBBoLoGHIoLMGHIAAMCCCKoMooJKDDEEJFFo").unwrap();
    let names: Vec<String> = session.legal_moves().iter().map(|m| session.move_text(m).unwrap()).collect();
    assert!(names.iter().all(|n| n.starts_with("slide the ")), "{names:?}");
    assert!(names.iter().any(|n| n.starts_with("slide the truck ") || n.starts_with("slide the car ")), "{names:?}");
    let mut texts = Vec::new();
    while !session.is_solved() {
        let hint = loop {
            match session.next_hint(10_000) {
                Ok(hint) => break hint,
                Err(Status::InProgress) => continue,
                Err(other) => panic!("{}", other.name()),
            }
        };
        texts.push(session.hint_text().unwrap());
        session.apply(&hint.mv).unwrap();
    }
    assert_eq!(texts.len(), 51);
    assert!(texts.iter().all(|t| t.starts_with("slide the ")), "{texts:?}");
    assert!(texts.iter().any(|t| t.starts_with("slide the truck ") && t.ends_with("it clears the red car's row")));
    assert!(texts.iter().any(|t| t.starts_with("slide the car ")));
    // The last move takes the red car out to the right.
    let last = texts.last().unwrap();
    assert!(
        last.starts_with("slide the red car right ") && last.ends_with("its next move on a shortest solution"),
        "{last}"
    );
}

#[test]
fn generated_rush_hour_puzzles_are_the_hardest_minimal_puzzles_of_their_clusters_rated_exactly() {
    use lphint::generate::Generator;
    use lphint::search::cluster;
    // The presets (6x6, drawn by the Rush Hour engine) and boards the engine does not take (drawn by
    // the general breadth-first searches): every fact checked by the family's own searches.
    for (params, band, count) in [
        ("preset=rush-easy", 5..=10, 3),
        ("preset=rush-medium", 11..=20, 3),
        ("preset=rush-hard", 21..=35, 3),
        ("size=6x5,method=rush,empty=6,min=6,max=30,minimal=true", 6..=30, 2),
        ("size=7x7,method=rush,empty=10,min=10,max=40,minimal=true,states=300000", 10..=40, 1),
    ] {
        let parsed = lphint::generate::parse_params::<Blocks>(params).unwrap();
        let mut generator = Generator::<Blocks>::new(parsed, 5).unwrap();
        let mut seen = std::collections::HashSet::new();
        for _ in 0..count {
            let made = generator.generate().unwrap();
            let puzzle = &made.puzzle;
            let desc = puzzle.describe();
            assert!(band.contains(&made.rating), "{params}: {desc} rated {}", made.rating);
            assert!(seen.insert(puzzle.fingerprint()), "distinct");
            let square = puzzle.board().width == puzzle.board().height;
            assert_eq!(desc.starts_with("rush:"), square, "{desc}: Rush Hour's notation on square boards");
            // The rating is the fewest slides, by breadth-first search.
            let fewest = |p: &Blocks| {
                let outcome = solve_with(&mut Bfs::<Blocks>::new(2_000_000, u32::MAX).unwrap(), p, Family::start(p));
                assert_eq!(outcome.status, Status::Found, "{}", p.describe());
                outcome.moves.len() as u32
            };
            assert_eq!(fewest(puzzle), made.rating, "{desc}");
            // The facts, by the family's whole-cluster analysis: its size, its solved states, its
            // farthest distance, which the start is at.
            let fact = |name: &str| made.facts.iter().find(|f| f.name == name).unwrap().value;
            let steps = puzzle.with_count(Count::Step);
            let analysed = cluster::analyze(&steps, puzzle, Family::start(puzzle), 2_000_000, usize::MAX).unwrap();
            assert_eq!(fact("cluster_states"), analysed.states as i64, "{desc}");
            assert_eq!(fact("cluster_solved"), analysed.goal_states as i64, "{desc}");
            assert_eq!(fact("farthest"), made.rating as i64, "{desc}");
            assert_eq!(analysed.farthest_distance(), Some(made.rating), "{desc}");
            // Fogleman's puzzle of the cluster: the lowest of the farthest states in his order.
            let board = puzzle.board();
            let lowest = analysed.farthest.iter().min_by_key(|s| board.rush_order_key(s)).unwrap();
            assert_eq!(*lowest, Family::start(puzzle), "{desc}: his puzzle of the cluster");
            // Minimal: taking out any car or truck makes it easier.
            let specs = puzzle.specs(&puzzle.start_layout());
            for (b, spec) in specs.iter().enumerate().filter(|(_, s)| s.target.is_none()) {
                let mut without = specs.clone();
                without.remove(b);
                let terrain = board.terrain.clone();
                let smaller = Blocks::new(board.width, board.height, terrain, without, Count::Line).unwrap();
                assert!(fewest(&smaller) < made.rating, "{desc}: {} is there for nothing", spec.name);
            }
        }
    }
}

#[test]
fn a_misplaced_red_car_is_refused_with_rows_counted_as_hints_count_them() {
    // The red car in row 1 (counting from 1) of a 6x6 board: the exit's row is the third.
    let err = Blocks::parse("rush:AAoooooooooooooooooooooooooooooooooo").unwrap_err();
    assert_eq!(err.to_string(), "column 6: the red car 'A' must lie across row 3 of 6, the exit's row");
}
