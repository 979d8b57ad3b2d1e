//! The C ABI from Rust: hints through the ABI equal the Rust API's, move for move, over whole games
//! with deviations; the header's ABI version matches the library's.
#![cfg(feature = "std")]

use crate::common;

use common::{random_eight_state, random_walk, rng};
use lphint::families::tiles::Tiles;
use lphint::family::Family;
use lphint::ffi::*;
use lphint::hint::Hinter;
use lphint::search::{Puzzle, Status};
use std::ffi::CString;

fn parse(desc: &str) -> *mut LpPuzzle {
    let desc = CString::new(desc).unwrap();
    let mut puzzle = std::ptr::null_mut();
    // SAFETY: valid string and out-parameter.
    assert_eq!(unsafe { lp_puzzle_parse(desc.as_ptr(), &mut puzzle) }, LpStatus::LP_OK);
    puzzle
}

/// The calling thread's last error message.
fn last_error() -> String {
    let (mut buf, mut written) = (vec![0u8; 1024], 0);
    // SAFETY: a writable buffer of its length and an out-parameter.
    assert_eq!(unsafe { lp_last_error(buf.as_mut_ptr().cast(), buf.len(), &mut written) }, LpStatus::LP_OK);
    String::from_utf8_lossy(&buf[..written]).trim_end_matches('\0').to_string()
}

/// Plays a whole game through the ABI and through `Hinter` side by side, comparing every answer; every
/// fourth move the player plays a random move instead of the hint.
fn compare_game(puzzle: &Tiles, budget: u32, seed: u64) -> usize {
    let handle = parse(&puzzle.describe());
    let mut hinter = Hinter::new(puzzle.recommended_solver().unwrap(), 256);
    let mut state = puzzle.start();
    let mut rng = rng(seed);
    let mut moves = 0;
    loop {
        let rust = loop {
            match hinter.next_hint(puzzle, &state, budget) {
                Err(Status::InProgress) => continue,
                other => break other,
            }
        };
        let mut hint = LpHint::default();
        let abi = loop {
            // SAFETY: live handle, valid out-parameter.
            match unsafe { lp_next_hint(handle, budget, &mut hint) } {
                LpStatus::LP_IN_PROGRESS => continue,
                other => break other,
            }
        };
        match rust {
            Ok(h) => {
                assert_eq!(abi, LpStatus::LP_OK);
                assert_eq!(hint.mv, puzzle.encode_move(&h.mv));
                assert_eq!((hint.moves_left, hint.optimal), (h.moves_left, 1));
            }
            Err(Status::AlreadySolved) => {
                assert_eq!(abi, LpStatus::LP_ALREADY_SOLVED);
                // SAFETY: handle from lp_puzzle_parse.
                unsafe { lp_puzzle_free(handle) };
                return moves;
            }
            other => panic!("unexpected {other:?}"),
        }
        let mv = if moves % 4 == 3 {
            let next = random_walk(puzzle, state, 1, &mut rng);
            let mut played = None;
            puzzle.successors(&state, |m, s, _| {
                if s == next {
                    played = Some(m);
                }
            });
            puzzle.encode_move(&played.unwrap())
        } else {
            hint.mv
        };
        // SAFETY: live handle.
        assert_eq!(unsafe { lp_puzzle_apply(handle, mv) }, LpStatus::LP_OK);
        state = puzzle.apply(&state, &puzzle.decode_move(&state, &mv).unwrap()).unwrap();
        moves += 1;
    }
}

#[test]
fn abi_hints_equal_rust_hints_move_for_move() {
    let base = &common::eight_puzzle().0;
    let mut rng = rng(99);
    for (i, budget) in [1u32, 7, 100, 10_000].into_iter().cycle().take(40).enumerate() {
        let puzzle = base.with_start(random_eight_state(&mut rng));
        compare_game(&puzzle, budget, i as u64);
    }
    let fifteen = &common::korf(&[9, 55])[..];
    for (_, _, puzzle) in fifteen {
        assert!(compare_game(puzzle, 500, 7) > 40);
    }
}

#[test]
fn header_version_matches_the_library() {
    let header = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/include/lphint.h")).unwrap();
    assert!(header.contains(&format!("#define LP_ABI_VERSION {}", LP_ABI_VERSION)));
    assert_eq!(lp_version(), LP_ABI_VERSION);
}

/// The complete 3×3 distance table through the ABI: loaded from bytes, given to a puzzle, and every
/// hint is then ready in one call of a budget of 31 steps (a walk of lookups, no search).
#[test]
fn eight_puzzle_tables_load_through_the_abi_and_answer_in_one_call() {
    let (goal, bfs) = common::eight_puzzle();
    let bytes = lphint::families::tiles::distances::EightTable::build(goal).unwrap().to_bytes();
    let mut tables = std::ptr::null_mut();
    let mut rng = rng(3);
    // SAFETY: valid arguments throughout; handles are freed at the end.
    unsafe {
        assert_eq!(lp_tables_load(bytes.as_ptr(), bytes.len(), &mut tables), LpStatus::LP_OK);
        for _ in 0..50 {
            let state = random_eight_state(&mut rng);
            let puzzle = parse(&goal.with_start(state).describe());
            assert_eq!(lp_puzzle_set_tables(puzzle, tables), LpStatus::LP_OK);
            let mut hint = LpHint::default();
            match lp_next_hint(puzzle, 31, &mut hint) {
                LpStatus::LP_OK => assert_eq!(hint.moves_left, bfs.distance(&state).unwrap()),
                LpStatus::LP_ALREADY_SOLVED => assert_eq!(bfs.distance(&state), Some(0)),
                other => panic!("{other:?}"),
            }
            lp_puzzle_free(puzzle);
        }
        // A 4x4 puzzle cannot use the 3x3 table.
        let fifteen = parse("tiles:4x4:1,2,3,4,5,6,7,8,9,10,11,12,13,14,0,15");
        assert_eq!(lp_puzzle_set_tables(fifteen, tables), LpStatus::LP_ERR_INVALID_ARGUMENT);
        lp_puzzle_free(fifteen);
        lp_tables_free(tables);
    }
}

/// Generates one puzzle through the ABI: its handle and rating.
fn generated(family: &str, params: &str, seed: u64) -> (*mut LpPuzzle, u32) {
    let (family, params) = (CString::new(family).unwrap(), CString::new(params).unwrap());
    let (mut puzzle, mut rating) = (std::ptr::null_mut(), 0);
    let status = unsafe { lp_generate(family.as_ptr(), params.as_ptr(), seed, &mut puzzle, &mut rating) };
    assert_eq!(status, LpStatus::LP_OK);
    (puzzle, rating)
}

#[test]
fn a_pack_written_through_the_abi_loads_and_verifies_with_its_solutions() {
    let mut writer = std::ptr::null_mut();
    assert_eq!(unsafe { lp_pack_writer_create(&mut writer) }, LpStatus::LP_OK);
    let made: Vec<(*mut LpPuzzle, u32)> = (0..3)
        .map(|seed| generated("tiles", "preset=medium", seed))
        .chain([generated("linjat", "preset=easy,iterations=30", 1)])
        .collect();
    let name = CString::new("level").unwrap();
    for &(puzzle, rating) in &made {
        assert_eq!(
            unsafe { lp_pack_writer_add(writer, puzzle, rating, name.as_ptr(), std::ptr::null()) },
            LpStatus::LP_OK
        );
    }
    // A rating the stored solution beats is refused, and the pack stays as it was.
    let (tiles, rating) = made[0];
    let refused = unsafe { lp_pack_writer_add(writer, tiles, rating + 6, std::ptr::null(), std::ptr::null()) };
    assert_eq!(refused, LpStatus::LP_ERR_INVALID_ARGUMENT);
    // The same level again — here the second tiles puzzle, and the first flip board mirrored — is refused.
    assert_eq!(
        unsafe { lp_pack_writer_add(writer, made[1].0, made[1].1, std::ptr::null(), std::ptr::null()) },
        LpStatus::LP_ERR_INVALID_ARGUMENT
    );
    assert!(last_error().contains("same level as entry #2"), "{}", last_error());
    // The pack's name: too long is refused (the name kept), then named.
    let long = CString::new("x".repeat(1025)).unwrap();
    assert_eq!(unsafe { lp_pack_writer_set_name(writer, long.as_ptr()) }, LpStatus::LP_ERR_INVALID_ARGUMENT);
    let name = CString::new("First steps").unwrap();
    assert_eq!(unsafe { lp_pack_writer_set_name(writer, name.as_ptr()) }, LpStatus::LP_OK);
    let mut needed = 0;
    let short = unsafe { lp_pack_writer_bytes(writer, std::ptr::null_mut(), 0, &mut needed) };
    assert_eq!(short, LpStatus::LP_ERR_BUFFER_TOO_SMALL);
    let mut bytes = vec![0u8; needed];
    assert_eq!(unsafe { lp_pack_writer_bytes(writer, bytes.as_mut_ptr(), needed, &mut needed) }, LpStatus::LP_OK);
    // Labels read back through a loaded pack: the name given, no tier; an unknown key is refused.
    let mut loaded = std::ptr::null_mut();
    assert_eq!(unsafe { lp_pack_load(bytes.as_ptr(), bytes.len(), &mut loaded) }, LpStatus::LP_OK);
    let label = |key: &str| {
        let (key, mut buf, mut written) = (CString::new(key).unwrap(), [0u8; 64], 0);
        let status =
            unsafe { lp_pack_label(loaded, 0, key.as_ptr(), buf.as_mut_ptr().cast(), buf.len(), &mut written) };
        (status, String::from_utf8_lossy(&buf[..written.saturating_sub(1)]).into_owned())
    };
    assert_eq!(label("name"), (LpStatus::LP_OK, "level".to_string()));
    assert_eq!(label("tier").0, LpStatus::LP_NOT_FOUND);
    assert_eq!(label("colour").0, LpStatus::LP_ERR_INVALID_ARGUMENT);
    let (mut buf, mut written) = ([0u8; 64], 0);
    assert_eq!(unsafe { lp_pack_name(loaded, buf.as_mut_ptr().cast(), buf.len(), &mut written) }, LpStatus::LP_OK);
    assert_eq!(&buf[..written - 1], b"First steps");
    unsafe { lp_pack_free(loaded) };
    // A pack written without a name has none.
    let unnamed = lphint::pack::Pack::default().to_bytes();
    assert_eq!(unsafe { lp_pack_load(unnamed.as_ptr(), unnamed.len(), &mut loaded) }, LpStatus::LP_OK);
    assert_eq!(
        unsafe { lp_pack_name(loaded, buf.as_mut_ptr().cast(), buf.len(), &mut written) },
        LpStatus::LP_NOT_FOUND
    );
    unsafe { lp_pack_free(loaded) };
    let pack = lphint::registry::load_pack(&bytes).expect("the pack loads");
    assert_eq!(pack.entries.len(), made.len());
    for (entry, &(_, rating)) in pack.entries.iter().zip(&made) {
        assert_eq!(entry.rating, rating);
        assert!(entry.solution.as_ref().is_some_and(|s| !s.0.is_empty()), "{}: its solution is kept", entry.desc);
        assert_eq!(entry.name.as_deref(), Some("level"));
        lphint::registry::verify(entry, None).unwrap_or_else(|e| panic!("{}: {e}", entry.desc));
    }
    for (puzzle, _) in made {
        unsafe { lp_puzzle_free(puzzle) };
    }
    unsafe { lp_pack_writer_free(writer) };
}

/// The fingerprint of the puzzle described by `desc`.
fn fingerprint(desc: &str) -> u64 {
    let puzzle = parse(desc);
    let mut value = 0;
    assert_eq!(unsafe { lp_puzzle_fingerprint(puzzle, &mut value) }, LpStatus::LP_OK);
    unsafe { lp_puzzle_free(puzzle) };
    value
}

#[test]
fn a_fingerprint_is_the_level_up_to_the_familys_symmetries() {
    // Mirrored and turned flip boards, jugs listed in another order: the same level.
    assert_eq!(fingerprint("flip:3x2:##./..."), fingerprint("flip:3x2:.##/..."));
    assert_eq!(fingerprint("flip:3x3:##./.../..."), fingerprint("flip:3x3:#../#../..."));
    assert_eq!(fingerprint("jugs:8,5,3:8,0,0:4,4,0"), fingerprint("jugs:5,8,3:0,8,0:4,4,0"));
    // Another start or goal is another level.
    assert_ne!(fingerprint("flip:3x2:##./..."), fingerprint("flip:3x2:#../..."));
    assert_ne!(fingerprint("jugs:8,5,3:8,0,0:4,4,0"), fingerprint("jugs:8,5,3:8,0,0:6,2,0"));
    let mut value = 0;
    assert_eq!(unsafe { lp_puzzle_fingerprint(std::ptr::null(), &mut value) }, LpStatus::LP_ERR_NULL_ARGUMENT);
    let tiles = parse("tiles:3x3:8,6,7,2,5,4,3,0,1");
    assert_eq!(unsafe { lp_puzzle_fingerprint(tiles, std::ptr::null_mut()) }, LpStatus::LP_ERR_NULL_ARGUMENT);
    unsafe { lp_puzzle_free(tiles) };
}

#[test]
fn solutions_are_counted_and_clusters_analysed_through_the_abi() {
    use lphint::family::Family;
    // Hargram: the count equals the exact-cover counter's; a Linjat puzzle of the data is unique.
    let hargram = "hargram:5x4:...../...../...../.....:###/##.;#/#/#;#./##;.#./###/..#;#./##/.#";
    let direct = lphint::families::hargram::Hargram::parse(hargram).unwrap().count_solutions(u64::MAX).unwrap();
    for (desc, limit, all) in [
        (hargram, u64::MAX, direct.all),
        (hargram, 1, 1),
        ("linjat:6x9:....52/....../....../....o./....o3/.....4/..4..o/.....o/2o.3o2", 2, 1),
    ] {
        let puzzle = parse(desc);
        let mut count = LpSolutionCount::default();
        assert_eq!(unsafe { lp_puzzle_count_solutions(puzzle, limit, &mut count) }, LpStatus::LP_OK);
        assert_eq!(count.all, all, "{desc}");
        assert_eq!(count.capped, limit == 1 && direct.all > 1, "{desc}");
        unsafe { lp_puzzle_free(puzzle) };
    }
    assert!(direct.all > 1 && direct.up_to_symmetry <= direct.all);
    // The classic Huarong Dao layout's cluster: 25,955 states, 964 solved; a 3x3 flip board reaches all
    // 512 patterns (no press combination is null), this one 9 presses from the goal (its minimum), and 100
    // states are not enough for it.
    let classic = parse("blocks:4x5:BAAC/BAAC/DEEF/DGHF/I..J:A@3,1");
    let mut summary = LpClusterSummary::default();
    assert_eq!(unsafe { lp_puzzle_cluster(classic, 1 << 16, &mut summary) }, LpStatus::LP_OK);
    assert_eq!((summary.states, summary.solved_states), (25_955, 964));
    assert!(summary.start_distance > 0 && summary.farthest_distance >= summary.start_distance);
    unsafe { lp_puzzle_free(classic) };
    let flip = parse("flip:3x3:#.#/.#./#.#");
    assert_eq!(unsafe { lp_puzzle_cluster(flip, 1000, &mut summary) }, LpStatus::LP_OK);
    assert_eq!((summary.states, summary.solved_states, summary.start_distance), (512, 1, 9));
    assert_eq!(unsafe { lp_puzzle_cluster(flip, 100, &mut summary) }, LpStatus::LP_OUT_OF_NODES);
    unsafe { lp_puzzle_free(flip) };
    // Families without the analysis say so.
    let jugs = parse("jugs:8,5,3:8,0,0:4,4,0");
    let mut count = LpSolutionCount::default();
    assert_eq!(unsafe { lp_puzzle_count_solutions(jugs, 2, &mut count) }, LpStatus::LP_ERR_INVALID_ARGUMENT);
    assert!(last_error().contains("do not count"), "{}", last_error());
    let mut buf = [0u8; 512];
    let mut written = 0usize;
    let solution = |puzzle, index, buf: &mut [u8], written: &mut usize| unsafe {
        lp_puzzle_solution(puzzle, index, buf.as_mut_ptr().cast(), buf.len(), written)
    };
    assert_eq!(solution(jugs, 0, &mut buf, &mut written), LpStatus::LP_ERR_INVALID_ARGUMENT);
    unsafe { lp_puzzle_free(jugs) };
    // A Sudoku with three solutions shows two, different, each solved and keeping the givens; a third is
    // not kept (nor is any of a unique puzzle's past the first); Hargram counts but does not show.
    let ambiguous = parse("sudoku:2.4..1......1...");
    let mut shown = Vec::new();
    for index in 0..2 {
        assert_eq!(solution(ambiguous, index, &mut buf, &mut written), LpStatus::LP_OK);
        let desc = std::str::from_utf8(&buf[..written - 1]).unwrap().to_string();
        assert!(desc.starts_with("sudoku:2.4..1......1...:"), "{desc}");
        let solved = parse(&desc);
        let mut is_solved = false;
        assert_eq!(unsafe { lp_puzzle_is_solved(solved, &mut is_solved) }, LpStatus::LP_OK);
        assert!(is_solved, "{desc}");
        unsafe { lp_puzzle_free(solved) };
        shown.push(desc);
    }
    assert_ne!(shown[0], shown[1]);
    assert_eq!(solution(ambiguous, 2, &mut buf, &mut written), LpStatus::LP_ERR_INVALID_ARGUMENT);
    assert!(last_error().contains("show 2 of their solutions at most"), "{}", last_error());
    // Any index a game gives is answered without counting that far.
    assert_eq!(solution(ambiguous, u32::MAX, &mut buf, &mut written), LpStatus::LP_ERR_INVALID_ARGUMENT);
    unsafe { lp_puzzle_free(ambiguous) };
    let unique = parse("sudoku:2.4..1......1..2");
    assert_eq!(solution(unique, 0, &mut buf, &mut written), LpStatus::LP_OK);
    assert_eq!(solution(unique, 1, &mut buf, &mut written), LpStatus::LP_NOT_FOUND);
    assert_eq!(solution(unique, u32::MAX, &mut buf, &mut written), LpStatus::LP_NOT_FOUND);
    unsafe { lp_puzzle_free(unique) };
    let pieces = parse(hargram);
    assert_eq!(solution(pieces, 0, &mut buf, &mut written), LpStatus::LP_ERR_INVALID_ARGUMENT);
    assert_eq!(solution(pieces, u32::MAX, &mut buf, &mut written), LpStatus::LP_ERR_INVALID_ARGUMENT);
    assert!(last_error().contains("do not show"), "{}", last_error());
    unsafe { lp_puzzle_free(pieces) };
}

#[test]
fn the_deduction_of_a_linjat_puzzle_is_its_rating_in_steps_and_other_families_have_none() {
    let (puzzle, rating) = generated("linjat", "preset=medium,iterations=30", 4);
    let (mut steps, mut written, mut solved) = (vec![LpDeductionStep::default(); 256], 0, false);
    let status = unsafe { lp_puzzle_deduction(puzzle, steps.as_mut_ptr(), steps.len(), &mut written, &mut solved) };
    assert_eq!(status, LpStatus::LP_OK);
    assert!(solved);
    assert_eq!(written as u32, rating, "a generated Linjat puzzle is rated by its steps");
    let steps = &steps[..written];
    assert!(steps.iter().all(|s| (1..=7).contains(&s.reason) && s.width > 0));
    let mut cells = vec![0u16; 1024];
    assert_eq!(
        unsafe { lp_puzzle_deduction_cells(puzzle, cells.as_mut_ptr(), cells.len(), &mut written) },
        LpStatus::LP_OK
    );
    assert_eq!(written as u32, steps.iter().map(|s| s.cell_count).sum::<u32>());
    unsafe { lp_puzzle_free(puzzle) };
    let tiles = parse("tiles:3x3:8,6,7,2,5,4,3,0,1");
    let none = unsafe { lp_puzzle_deduction(tiles, std::ptr::null_mut(), 0, &mut written, &mut solved) };
    assert_eq!(none, LpStatus::LP_ERR_INVALID_ARGUMENT);
    unsafe { lp_puzzle_free(tiles) };
}

/// `lp_puzzle_piece_name` of `piece` under `key`: its status and text.
fn piece_name(puzzle: *mut LpPuzzle, piece: u32, key: &str) -> (LpStatus, String) {
    let (key, mut buf, mut written) = (CString::new(key).unwrap(), [0u8; 96], 0);
    let status =
        unsafe { lp_puzzle_piece_name(puzzle, piece, key.as_ptr(), buf.as_mut_ptr().cast(), buf.len(), &mut written) };
    (status, String::from_utf8_lossy(&buf[..written.saturating_sub(1)]).into_owned())
}

#[test]
fn pieces_are_named_as_the_sentences_name_them_with_their_drawing_labels() {
    // Hargram: every piece, twins and hexominoes included (the studio's tray once fell back to numbers
    // for them), named as its move sentence names it.
    let hargram = parse("hargram:4x3:..../..../....:##/##;##/##;####");
    let names: Vec<_> = (0..3).map(|p| (piece_name(hargram, p, "name").1, piece_name(hargram, p, "label").1)).collect();
    assert_eq!(names[2], ("the I tetromino".to_string(), "I".to_string()), "{names:?}");
    assert!(
        names[0].0.starts_with("an O tetromino (drawn ") && names[1].0.starts_with("an O tetromino (drawn "),
        "{names:?}"
    );
    assert_ne!(names[0].1, names[1].1, "twins drawn apart: {names:?}");
    for (name, label) in &names {
        assert!(name.ends_with(&format!("(drawn {label})")) || name.contains(&format!(" {label} ")), "{names:?}");
    }
    let mut moves = [LpMove::default(); 64];
    let mut count = 0;
    assert_eq!(unsafe { lp_puzzle_moves(hargram, moves.as_mut_ptr(), moves.len(), &mut count) }, LpStatus::LP_OK);
    for mv in &moves[..count] {
        let mut buf = [0u8; 160];
        let mut written = 0;
        let status = unsafe { lp_puzzle_move_text(hargram, *mv, buf.as_mut_ptr().cast(), buf.len(), &mut written) };
        assert_eq!(status, LpStatus::LP_OK);
        let sentence = String::from_utf8_lossy(&buf[..written - 1]).into_owned();
        assert!(sentence.contains(&names[mv.piece as usize].0), "{sentence} names piece {}: {names:?}", mv.piece);
    }
    assert_eq!(piece_name(hargram, 3, "name").0, LpStatus::LP_NOT_FOUND);
    assert_eq!(piece_name(hargram, 0, "colour").0, LpStatus::LP_ERR_INVALID_ARGUMENT);
    unsafe { lp_puzzle_free(hargram) };
    // Rush Hour: the red car and the trucks and cars by their letters; ids are letters' places.
    let rush = parse("rush:oooCoooooCooAAoDoooooDoooBBBoooooooo");
    assert_eq!(piece_name(rush, 0, "name"), (LpStatus::LP_OK, "the red car".to_string()));
    assert_eq!(piece_name(rush, 1, "name"), (LpStatus::LP_OK, "truck B".to_string()));
    assert_eq!(piece_name(rush, 2, "name"), (LpStatus::LP_OK, "car C".to_string()));
    assert_eq!(piece_name(rush, 3, "label"), (LpStatus::LP_OK, "D".to_string()));
    assert_eq!(piece_name(rush, 4, "name").0, LpStatus::LP_NOT_FOUND);
    unsafe { lp_puzzle_free(rush) };
    let blocks = parse("blocks:4x5:BAAC/BAAC/DEEF/DGHF/I..J:A@3,1");
    assert_eq!(piece_name(blocks, 9, "name"), (LpStatus::LP_OK, "block J".to_string()));
    unsafe { lp_puzzle_free(blocks) };
    // Families whose moves name no piece say so.
    let tiles = parse("tiles:3x3:1,2,3,4,5,6,0,7,8");
    assert_eq!(piece_name(tiles, 0, "name").0, LpStatus::LP_NOT_FOUND);
    unsafe { lp_puzzle_free(tiles) };
}

#[test]
fn a_designers_room_is_a_text_parameter_through_the_c_abi() {
    let name = CString::new("sokoban").unwrap();
    let mut family = 0;
    // SAFETY: a valid string and out-parameters throughout.
    unsafe {
        assert_eq!(lp_family_find(name.as_ptr(), &mut family), LpStatus::LP_OK);
        let mut info = std::mem::zeroed::<LpFamilyInfo>();
        assert_eq!(lp_family_info(family, &mut info), LpStatus::LP_OK);
        let kinds: Vec<(String, LpParamKind)> = (0..info.param_count as usize)
            .map(|i| {
                let mut spec = std::mem::zeroed::<LpParamSpec>();
                assert_eq!(lp_family_param(family, i, &mut spec), LpStatus::LP_OK);
                (std::ffi::CStr::from_ptr(spec.name).to_string_lossy().into_owned(), spec.kind)
            })
            .collect();
        assert!(kinds.contains(&("room".into(), LpParamKind::LP_PARAM_TEXT)), "{kinds:?}");
        let room = "#######/#-.-..#/#-#---#/#-----#/#######";
        let params = CString::new(format!("room={room},boxes=3,min=3,max=30")).unwrap();
        let (mut puzzle, mut rating) = (std::ptr::null_mut(), 0);
        assert_eq!(lp_generate(name.as_ptr(), params.as_ptr(), 5, &mut puzzle, &mut rating), LpStatus::LP_OK);
        let (mut buf, mut written) = (vec![0u8; 256], 0);
        assert_eq!(lp_puzzle_describe(puzzle, buf.as_mut_ptr().cast(), buf.len(), &mut written), LpStatus::LP_OK);
        let desc = String::from_utf8_lossy(&buf[..written]).trim_end_matches('\0').to_string();
        // The room's walls and its three goals (with or without a box on them) where drawn.
        let squares: Vec<char> = desc.trim_start_matches("sokoban:").chars().collect();
        let drawn: Vec<char> = room.chars().collect();
        for (at, &c) in drawn.iter().enumerate() {
            match c {
                '#' => assert_eq!(squares[at], '#', "{desc}"),
                '.' => assert!(matches!(squares[at], '.' | '*' | '+'), "{desc}"),
                _ => {}
            }
        }
        assert!(rating >= 3, "{desc}: {rating}");
        lp_puzzle_free(puzzle);
        let bad = CString::new("room=#####/#-x-#/#####").unwrap();
        let status = lp_generate(name.as_ptr(), bad.as_ptr(), 5, &mut puzzle, &mut rating);
        assert_eq!(status, LpStatus::LP_ERR_INVALID_ARGUMENT);
        assert!(last_error().contains("room: column 9: 'x' is not a Sokoban square"), "{}", last_error());
    }
}
