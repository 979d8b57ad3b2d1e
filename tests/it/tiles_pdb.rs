//! The 4×4 pattern databases: serialized form and its damage checks, admissibility and parity,
//! Korf's instances, hints, and the same through the C ABI with tables loaded from bytes.

use crate::common;

use common::{korf, random_walk, rng};
use lphint::families::tiles::pdb::{
    Partition, PatternDatabase, PdbTiles, SevenEight, Shape, SixSixThree, SixSixThreeCompact, TablesError,
};
use lphint::families::tiles::pdb_build::{build_table, Index, TableSpec};
use lphint::families::tiles::Tiles;
use lphint::family::Family;
use lphint::hint::Hinter;
use lphint::search::ida::IdaStar;
use lphint::search::{solve_with, Algorithm, Puzzle, Search, Solver, Status};
use lphint::tables::{InTurn, Spread};
use std::sync::{Arc, OnceLock};

/// The tables for goals with the blank top-left (Korf's convention): the first layout of [`db2`]'s,
/// which is what `PatternDatabase::build(0)` makes (building it again cost this file 7 CPU-s).
fn db() -> &'static Arc<PatternDatabase> {
    static DB: OnceLock<Arc<PatternDatabase>> = OnceLock::new();
    DB.get_or_init(|| Arc::new(db2().with_layouts(1)))
}

/// The same goal's tables in both layouts (the heuristic the larger value), built once: asked for more
/// layouts than there are, which builds all of them.
fn db2() -> &'static Arc<PatternDatabase> {
    static DB: OnceLock<Arc<PatternDatabase>> = OnceLock::new();
    DB.get_or_init(|| Arc::new(PatternDatabase::build_layouts(0, 9)))
}

/// The same goal's 6-6-3 tables indexed by rank, first layout only.
fn compact() -> &'static Arc<PatternDatabase> {
    static DB: OnceLock<Arc<PatternDatabase>> = OnceLock::new();
    DB.get_or_init(|| Arc::new(PatternDatabase::build_partition(Partition::SixSixThreeCompact, 0, 1, &InTurn).unwrap()))
}

fn bytes() -> &'static [u8] {
    static BYTES: OnceLock<Vec<u8>> = OnceLock::new();
    BYTES.get_or_init(|| db().to_bytes())
}

fn goal() -> Tiles {
    Tiles::parse("tiles:4x4:0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15:0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15").unwrap()
}

#[test]
fn serialized_tables_round_trip_and_damage_is_detected() {
    let bytes = bytes();
    assert!(bytes.len() < 40 << 20, "tables fit the 40 MB budget: {} bytes", bytes.len());
    assert_eq!(&PatternDatabase::from_bytes(bytes).unwrap(), db().as_ref());
    let loaded = lphint::registry::load_tables(bytes).unwrap();
    assert_eq!(loaded.kind().name, "pdb");
    assert_eq!(loaded.get::<PatternDatabase>().unwrap().as_ref(), db().as_ref());
    assert_eq!(loaded.to_bytes(), bytes);
    common::assert_damage_is_detected(bytes, &[4_000_000], PatternDatabase::from_bytes);
    // A newer format version (bytes 4-5, after the magic) is refused as such, with or without a valid
    // checksum.
    let version = lphint::families::tiles::pdb::FORMAT_VERSION + 1;
    let mut newer = bytes.to_vec();
    newer[4..6].copy_from_slice(&version.to_le_bytes());
    assert_eq!(PatternDatabase::from_bytes(&newer), Err(TablesError::Version(version)));
    let body = newer.len() - 4;
    let crc = crc32fast::hash(&newer[..body]).to_le_bytes();
    newer[body..].copy_from_slice(&crc);
    assert_eq!(PatternDatabase::from_bytes(&newer), Err(TablesError::Version(version)));
}

#[test]
fn the_heuristic_is_admissible_of_the_right_parity_and_above_manhattan() {
    for db in [db(), db2()] {
        heuristic_is_admissible::<SixSixThree>(db);
    }
    heuristic_is_admissible::<SixSixThreeCompact>(compact());
}

fn heuristic_is_admissible<S: Shape>(db: &Arc<PatternDatabase>) {
    assert_eq!(db.partition(), S::PARTITION);
    let puzzle = goal();
    let view = PdbTiles::new(&puzzle, db.clone()).unwrap();
    let one_layout = PdbTiles::new(&puzzle, self::db().clone()).unwrap();
    let mut oracle = IdaStar::new(4096).unwrap();
    let mut rng = rng(44);
    let mut floors_above_manhattan = 0;
    for walk in 0..150 {
        let state = random_walk(&puzzle, puzzle.goal(), 10 + walk % 40, &mut rng);
        let packed = view.pack(&state);
        let h = view.heuristic(&packed);
        let optimal = solve_with(&mut oracle, &puzzle, state).moves.len() as u32;
        assert!(h <= optimal, "h {h} > optimal {optimal}");
        assert_eq!(h % 2, optimal % 2);
        assert!(h >= puzzle.manhattan(&state));
        // Two layouts take the larger value, the compact tables' uncapped values are never below the capped
        // ones: never below the first layout's alone (the 7-8's patterns are others).
        if S::GEOMETRY.sizes == [6, 6, 3] {
            assert!(h >= one_layout.heuristic(&one_layout.pack(&state)));
        }
        assert_eq!(view.unpack(&packed), state);
        let mut toward = Vec::new();
        view.successors(&packed, |mv, next, _| {
            // Not consistent: a placement's value for "the blank elsewhere" is the least over several
            // regions, so one move can change it by more than one (A* reopens nodes for that).
            assert_eq!((view.heuristic(&next) + h) % 2, 1, "parity across {mv:?}");
            assert_eq!(view.pack(&puzzle.apply(&state, &mv).unwrap()), next, "incremental state update");
            // The bound made without table reads lies between the child's Manhattan distance and its
            // estimate.
            let floor = view.child_floor_in::<S, 2>(&packed, mv.from);
            let child_manhattan = puzzle.manhattan(&view.unpack(&next));
            assert!(child_manhattan <= floor && floor <= view.heuristic(&next), "floor {floor} across {mv:?}");
            floors_above_manhattan += (floor > child_manhattan) as u32;
            let goal_cell = (0..16).find(|&c| puzzle.goal().tile(c) == mv.tile).unwrap() as u8;
            let distance = |cell: u8| (cell / 4).abs_diff(goal_cell / 4) + (cell % 4).abs_diff(goal_cell % 4);
            toward.push((distance(mv.to) < distance(mv.from), mv.from));
        });
        // The search's move order: every neighbour of the blank once, those moving a tile towards its
        // goal cell first.
        toward.sort_by_key(|&(closer, _)| !closer);
        let expected: Vec<u8> = toward.iter().map(|&(_, from)| from).collect();
        assert_eq!(view.ordered_moves(&packed).collect::<Vec<_>>(), expected, "walk {walk}");
    }
    assert!(floors_above_manhattan > 50, "the floor counts the unmoved patterns: {floors_above_manhattan}");
}

#[test]
fn korf_instances_solve_optimally_with_far_fewer_nodes() {
    let ids = [1, 2, 9, 12, 19, 23, 42, 47, 55, 79];
    for (id, length, puzzle) in korf(&ids) {
        let plain = solve_with(&mut IdaStar::new(4096).unwrap(), &puzzle, puzzle.start());
        let with_tables = puzzle.clone().with_pattern_database(db().clone()).unwrap();
        let mut solver = with_tables.recommended_solver().unwrap();
        let fast = solve_with(&mut solver, &with_tables, with_tables.start());
        assert_eq!((fast.status, fast.moves.len()), (Status::Found, length), "Korf #{id}");
        let end = fast.moves.iter().try_fold(puzzle.start(), |s, m| puzzle.apply(&s, m)).unwrap();
        assert!(puzzle.is_goal(&end));
        if id != 1 && id != 2 {
            assert_eq!(plain.moves.len(), length);
            assert!(
                fast.stats.expanded * 3 < plain.stats.expanded,
                "#{id}: {} vs {}",
                fast.stats.expanded,
                plain.stats.expanded
            );
        }
    }
}

#[test]
fn two_layouts_never_expand_more_and_about_halve_the_nodes() {
    assert_eq!((db().layouts(), db2().layouts()), (1, 2), "db2 asks for 9 layouts: there are 2");
    let ids = [2, 9, 12, 19, 23, 42, 47, 55, 79, 88];
    let (mut one, mut two) = (0, 0);
    for (id, length, puzzle) in korf(&ids) {
        let expanded = |db: &Arc<PatternDatabase>| {
            let puzzle = puzzle.clone().with_pattern_database(db.clone()).unwrap();
            let outcome = solve_with(&mut puzzle.recommended_solver().unwrap(), &puzzle, puzzle.start());
            assert_eq!((outcome.status, outcome.moves.len()), (Status::Found, length), "Korf #{id}");
            outcome.stats.expanded
        };
        let (single, double) = (expanded(db()), expanded(db2()));
        // A larger admissible heuristic prunes every node the smaller one prunes, in the same order.
        assert!(double <= single, "#{id}: {double} > {single}");
        (one, two) = (one + single, two + double);
    }
    assert!(two * 10 < one * 7, "two layouts {two} nodes, one {one}");
}

#[test]
fn two_layouts_round_trip_and_damage_is_detected() {
    let bytes = db2().to_bytes();
    assert!(bytes.len() < 40 << 20, "two layouts fit the 40 MB budget: {} bytes", bytes.len());
    let loaded = PatternDatabase::from_bytes(&bytes).unwrap();
    assert_eq!((&loaded, loaded.layouts()), (db2().as_ref(), 2));
    assert_ne!(&loaded, db().as_ref());
    // Keeping the first layout keeps its tables: the first layout's bytes are the one-layout file's.
    assert_eq!((db().layouts(), db2().with_layouts(2)), (1, (**db2()).clone()));
    assert_eq!(db().goal_cells(0), db2().goal_cells(0));
    // Flips in the first layout's tables and in the second's.
    common::assert_damage_is_detected(&bytes, &[4_000_000, 25_000_000], PatternDatabase::from_bytes);
}

#[test]
fn tables_only_attach_where_they_fit() {
    let eight = Tiles::parse("tiles:3x3:1,2,3,4,5,6,7,8,0").unwrap();
    assert!(eight.with_pattern_database(db().clone()).is_err());
    let blank_last = Tiles::parse("tiles:4x4:1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,0").unwrap();
    let err = blank_last.with_pattern_database(db().clone()).unwrap_err();
    assert!(err.contains("blank on cell 0"), "{err}");
}

#[test]
fn hints_with_tables_lower_the_optimal_distance_by_one() {
    let (_, length, puzzle) = korf(&[1]).remove(0);
    let puzzle = puzzle.with_pattern_database(db().clone()).unwrap();
    let mut hinter = Hinter::new(puzzle.recommended_solver().unwrap(), 128);
    let mut oracle = puzzle.recommended_solver().unwrap();
    let mut rng = rng(7);
    let mut state = puzzle.start();
    let mut distance = length as u32;
    let mut turns = 0;
    while distance > 0 {
        if turns % 9 == 4 {
            state = random_walk(&puzzle, state, 1, &mut rng);
            distance = solve_with(&mut oracle, &puzzle, state).moves.len() as u32;
        }
        let hint = loop {
            match hinter.next_hint(&puzzle, &state, 2000) {
                Err(Status::InProgress) => continue,
                Ok(h) => break h,
                other => panic!("{other:?}"),
            }
        };
        assert_eq!((hint.moves_left, hint.optimal), (distance, true));
        state = puzzle.apply(&state, &hint.mv).unwrap();
        let after = solve_with(&mut oracle, &puzzle, state).moves.len() as u32;
        assert_eq!(after, distance - 1);
        distance = after;
        turns += 1;
    }
    assert!(puzzle.is_goal(&state));
}

#[test]
fn five_by_five_hints_are_valid_and_bounded() {
    let goal = Tiles::parse("tiles:5x5:1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,0").unwrap();
    let mut rng = rng(5);
    for _ in 0..3 {
        let puzzle = goal.with_start(goal.random_solvable(&mut rng));
        let mut hinter = Hinter::new(puzzle.recommended_solver().unwrap(), 512);
        let mut state = puzzle.start();
        let bound = puzzle.manhattan(&state) + puzzle.linear_conflicts(&state);
        let mut moves = 0;
        loop {
            match hinter.next_hint(&puzzle, &state, 5000) {
                Err(Status::InProgress) => continue,
                Err(Status::AlreadySolved) => break,
                Ok(h) => {
                    assert!(!h.optimal);
                    if moves == 0 {
                        assert!(
                            h.moves_left >= bound && h.moves_left <= 3 * bound,
                            "{} vs bound {bound}",
                            h.moves_left
                        );
                    }
                    state = puzzle.apply(&state, &h.mv).expect("a valid move");
                    moves += 1;
                }
                other => panic!("{other:?}"),
            }
        }
        assert!(puzzle.is_goal(&state) && moves >= bound);
    }
    let unsolvable = goal.with_start(
        goal.board(&[2, 1, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 0])
            .unwrap(),
    );
    let mut hinter = Hinter::new(unsolvable.recommended_solver().unwrap(), 16);
    assert_eq!(hinter.next_hint(&unsolvable, &unsolvable.start(), 10), Err(Status::Unsolvable));
    assert_eq!(Solver::<Tiles>::new(Algorithm::IdaStar, 10).unwrap().algorithm(), Algorithm::IdaStar);
}

#[cfg(feature = "std")]
#[test]
fn abi_hints_with_tables_loaded_from_bytes() {
    use lphint::ffi::*;
    use std::ffi::CString;
    // SAFETY: valid pointers throughout; every handle is freed.
    unsafe {
        let bytes = bytes();
        let mut bad = std::ptr::null_mut();
        assert_eq!(lp_tables_load(bytes.as_ptr(), 100, &mut bad), LpStatus::LP_ERR_CORRUPT_DATA);
        assert_eq!(lp_tables_load(std::ptr::null(), 10, &mut bad), LpStatus::LP_ERR_NULL_ARGUMENT);
        let mut newer = bytes.to_vec();
        newer[4] = 9;
        assert_eq!(lp_tables_load(newer.as_ptr(), newer.len(), &mut bad), LpStatus::LP_ERR_VERSION);
        assert!(bad.is_null());
        // One layout and two: every hint of Korf #1 one step closer.
        abi_hints_follow_the_optimum(bytes);
        abi_hints_follow_the_optimum(&db2().to_bytes());

        let eight = CString::new("tiles:3x3:1,2,3,4,5,6,0,7,8").unwrap();
        let mut small = std::ptr::null_mut();
        assert_eq!(lp_puzzle_parse(eight.as_ptr(), &mut small), LpStatus::LP_OK);
        let mut tables = std::ptr::null_mut();
        assert_eq!(lp_tables_load(bytes.as_ptr(), bytes.len(), &mut tables), LpStatus::LP_OK);
        assert_eq!(lp_puzzle_set_tables(small, tables), LpStatus::LP_ERR_INVALID_ARGUMENT);
        assert_eq!(lp_puzzle_set_tables(small, std::ptr::null()), LpStatus::LP_ERR_NULL_ARGUMENT);
        lp_tables_free(tables);
        lp_puzzle_free(small);
    }
}

/// Loads `bytes` through the C ABI, gives them to Korf's first instance and follows its hints to the
/// goal, each one move closer than the last.
#[cfg(feature = "std")]
fn abi_hints_follow_the_optimum(bytes: &[u8]) {
    use lphint::ffi::*;
    use std::ffi::CString;
    // SAFETY: valid pointers throughout; every handle is freed.
    unsafe {
        let mut tables = std::ptr::null_mut();
        assert_eq!(lp_tables_load(bytes.as_ptr(), bytes.len(), &mut tables), LpStatus::LP_OK);
        let (_, length, korf1) = korf(&[1]).remove(0);
        let desc = CString::new(korf1.describe()).unwrap();
        let mut puzzle = std::ptr::null_mut();
        assert_eq!(lp_puzzle_parse(desc.as_ptr(), &mut puzzle), LpStatus::LP_OK);
        assert_eq!(lp_puzzle_set_tables(puzzle, tables), LpStatus::LP_OK);
        lp_tables_free(tables); // the puzzle keeps its own reference
        let mut moves = 0;
        let mut hint = LpHint::default();
        loop {
            match lp_next_hint(puzzle, 1000, &mut hint) {
                LpStatus::LP_IN_PROGRESS => continue,
                LpStatus::LP_ALREADY_SOLVED => break,
                LpStatus::LP_OK => {
                    assert_eq!(hint.moves_left as usize, length - moves);
                    assert_eq!(lp_puzzle_apply(puzzle, hint.mv), LpStatus::LP_OK);
                    moves += 1;
                }
                other => panic!("{other:?}"),
            }
        }
        assert_eq!(moves, length);
        lp_puzzle_free(puzzle);
    }
}

#[test]
fn the_specialised_ida_agrees_with_the_generic_one_and_resumes_exactly() {
    // Raw and ranked tables (whose search keeps where its children's entries lie across steps).
    for db in [db(), compact()] {
        specialised_ida_agrees_and_resumes(db);
    }
}

fn specialised_ida_agrees_and_resumes(db: &Arc<PatternDatabase>) {
    let puzzle = goal().with_pattern_database(db.clone()).unwrap();
    let view = PdbTiles::new(&puzzle, db.clone()).unwrap();
    let mut rng = rng(8);
    for walk in 0..40 {
        let state = random_walk(&puzzle, puzzle.goal(), 20 + walk, &mut rng);
        let generic = solve_with(&mut IdaStar::new(4096).unwrap(), &view, view.pack(&state));
        let mut whole = puzzle.recommended_solver().unwrap();
        let fast = solve_with(&mut whole, &puzzle, state);
        assert_eq!((fast.status, fast.moves.len()), (Status::Found, generic.moves.len()), "walk {walk}");
        let end = fast.moves.iter().try_fold(state, |s, m| puzzle.apply(&s, m)).unwrap();
        assert!(puzzle.is_goal(&end));
        // Small steps give the same search.
        let mut stepped = puzzle.recommended_solver().unwrap();
        stepped.restart(&puzzle, state);
        let mut calls = 0u64;
        while stepped.step(&puzzle, 7).status == Status::InProgress {
            calls += 1;
        }
        assert_eq!(stepped.stats(), fast.stats);
        assert!(calls * 7 + 7 >= fast.stats.expanded);
    }
    // The start is the goal; an unreachable board (parity) is refused at once.
    let solved = solve_with(&mut puzzle.recommended_solver().unwrap(), &puzzle, puzzle.goal());
    assert_eq!((solved.status, solved.moves.len()), (Status::Found, 0));
    let swapped =
        Tiles::parse("tiles:4x4:0,2,1,3,4,5,6,7,8,9,10,11,12,13,14,15:0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15").unwrap();
    let swapped = swapped.with_pattern_database(db.clone()).unwrap();
    let outcome = solve_with(&mut swapped.recommended_solver().unwrap(), &swapped, swapped.start());
    assert_eq!((outcome.status, outcome.stats.expanded), (Status::Unsolvable, 0));
}

#[test]
fn goals_off_the_diagonal_search_without_the_mirrored_lookup_and_stay_optimal() {
    // A blank on corner 3 is not on the main diagonal: the view reads no mirrored entries, a path of the
    // search of its own.
    let cells = "1,2,3,0,4,5,6,7,8,9,10,11,12,13,14,15";
    let puzzle = Tiles::parse(&format!("tiles:4x4:{cells}:{cells}")).unwrap();
    let db = Arc::new(PatternDatabase::build_layouts(3, 1));
    let view = PdbTiles::new(&puzzle, db.clone()).unwrap();
    assert!(!view.mirrored() && PdbTiles::new(&goal(), db2().clone()).unwrap().mirrored());
    let with_tables = puzzle.clone().with_pattern_database(db).unwrap();
    let mut rng = rng(31);
    for walk in 0..30 {
        let state = random_walk(&puzzle, puzzle.goal(), 20 + walk % 25, &mut rng);
        let plain = solve_with(&mut IdaStar::new(4096).unwrap(), &puzzle, state);
        let fast = solve_with(&mut with_tables.recommended_solver().unwrap(), &with_tables, state);
        assert_eq!((fast.status, fast.moves.len()), (Status::Found, plain.moves.len()), "walk {walk}");
        let end = fast.moves.iter().try_fold(state, |s, m| puzzle.apply(&s, m)).unwrap();
        assert!(puzzle.is_goal(&end));
        assert!(view.heuristic(&view.pack(&state)) >= puzzle.manhattan(&state));
    }
}

/// Runs each piece on a thread of its own, at once, and keeps the most pieces asked at once.
#[derive(Default)]
struct EveryPieceAThread(std::sync::atomic::AtomicUsize);

impl Spread for EveryPieceAThread {
    fn map(&self, count: usize, piece: &(dyn Fn(usize) -> Vec<u8> + Sync)) -> Vec<Vec<u8>> {
        self.0.fetch_max(count, std::sync::atomic::Ordering::Relaxed);
        std::thread::scope(|scope| {
            let threads: Vec<_> = (0..count).map(|i| scope.spawn(move || piece(i))).collect();
            threads.into_iter().map(|t| t.join().unwrap()).collect()
        })
    }
}

#[test]
fn a_table_whose_layers_run_on_threads_is_the_table_built_in_turn() {
    // Five tiles by rank, 4-bit slots: layers of up to 160,000 states, in pieces claiming states from
    // each other.
    let spec = TableSpec { goals: &[1, 4, 5, 8, 9], blank_goal: 0, index: Index::Ranked, slot_bits: 4 };
    let slots = lphint::families::tiles::pdb::region_slots();
    let in_turn = build_table(&spec, &slots, &InTurn).unwrap();
    assert_eq!(in_turn.len(), 16 * 15 * 14 * 13 * 12);
    let threads = EveryPieceAThread::default();
    assert_eq!(build_table(&spec, &slots, &threads).unwrap(), in_turn);
    assert!(threads.0.into_inner() > 1, "some layer ran in several pieces");
}

#[test]
fn compact_tables_hold_the_values_uncapped_and_never_expand_more() {
    let compact = compact();
    let bytes = compact.to_bytes();
    assert!(bytes.len() < 12 << 20, "{} bytes", bytes.len());
    assert_eq!(&PatternDatabase::from_bytes(&bytes).unwrap(), compact.as_ref());
    assert_eq!(
        lphint::registry::load_tables(&bytes).unwrap().get::<PatternDatabase>().unwrap().as_ref(),
        compact.as_ref()
    );
    let puzzle = goal();
    let (raw, ranked) =
        (PdbTiles::new(&puzzle, db().clone()).unwrap(), PdbTiles::new(&puzzle, compact.clone()).unwrap());
    let mut rng = rng(9);
    let mut larger = 0;
    for walk in 0..300 {
        let state = random_walk(&puzzle, puzzle.goal(), 30 + walk % 50, &mut rng);
        let (capped, uncapped) = (raw.heuristic(&raw.pack(&state)), ranked.heuristic(&ranked.pack(&state)));
        assert!(uncapped >= capped, "walk {walk}: {uncapped} < {capped}");
        larger += (uncapped > capped) as u32;
    }
    assert!(larger > 0, "some pattern's half excess passes 3");
    let mut nodes = (0, 0);
    for (id, length, puzzle) in korf(&[9, 12, 42, 55, 79]) {
        let expanded = |db: &Arc<PatternDatabase>| {
            let puzzle = puzzle.clone().with_pattern_database(db.clone()).unwrap();
            let outcome = solve_with(&mut puzzle.recommended_solver().unwrap(), &puzzle, puzzle.start());
            assert_eq!((outcome.status, outcome.moves.len()), (Status::Found, length), "Korf #{id}");
            outcome.stats.expanded
        };
        let (capped, uncapped) = (expanded(db()), expanded(compact));
        assert!(uncapped <= capped, "#{id}: {uncapped} > {capped}");
        nodes = (nodes.0 + capped, nodes.1 + uncapped);
    }
    assert!(nodes.1 < nodes.0, "{nodes:?}");
}

#[test]
fn a_file_names_its_partition_and_is_refused_when_the_tables_are_not_its_size() {
    // The body's first byte is the partition: an unknown one, or another partition than the tables
    // were built for, is refused as corrupt.
    let bytes = bytes();
    let body = &bytes[6..bytes.len() - 4];
    let forged = |code: u8| {
        let mut body = body.to_vec();
        body[0] = code;
        lphint::envelope::seal(*b"LPDB", lphint::families::tiles::pdb::FORMAT_VERSION, &body)
    };
    assert_eq!(PatternDatabase::from_bytes(&forged(0)).unwrap(), **db());
    let corrupt = |code: u8| match PatternDatabase::from_bytes(&forged(code)) {
        Err(TablesError::Corrupt(why)) => why,
        other => panic!("partition {code}: {other:?}"),
    };
    assert_eq!(corrupt(9), "unknown partition");
    assert_eq!(corrupt(1), "wrong table sizes");
    assert_eq!(corrupt(2), "unknown label layout");
}

#[test]
#[ignore = "builds the 7-8 tables: about 5 minutes on two cores and 4.4 GB of memory"]
fn seven_eight_tables_solve_korf_instances_in_fewer_nodes_than_two_6_6_3_layouts() {
    let threads = EveryPieceAThread::default();
    let db = Arc::new(PatternDatabase::build_partition(Partition::SevenEight, 0, 2, &threads).unwrap());
    assert_eq!((db.partition(), db.layouts()), (Partition::SevenEight, 1));
    heuristic_is_admissible::<SevenEight>(&db);
    let (mut six, mut seven) = (0, 0);
    for (id, length, puzzle) in korf(&[1, 2, 9, 12, 19, 23, 42, 47, 55, 79, 82, 88]) {
        let expanded = |db: &Arc<PatternDatabase>| {
            let puzzle = puzzle.clone().with_pattern_database(db.clone()).unwrap();
            let outcome = solve_with(&mut puzzle.recommended_solver().unwrap(), &puzzle, puzzle.start());
            assert_eq!((outcome.status, outcome.moves.len()), (Status::Found, length), "Korf #{id}");
            outcome.stats.expanded
        };
        (six, seven) = (six + expanded(db2()), seven + expanded(&db));
    }
    assert!(seven * 3 < six, "7-8: {seven} nodes, two 6-6-3 layouts: {six}");
    let bytes = db.to_bytes();
    assert_eq!(PatternDatabase::from_bytes(&bytes).unwrap(), *db);
}
