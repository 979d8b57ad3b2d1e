//! Trust through the C ABI, as a game meets it: the piece a move names is the piece that moves, "check
//! my board" names the same mistakes on a board played and on the same board resumed from its
//! description, the reasons a lost Sokoban position gives name only what is true, and the trivial steps
//! never build on a player's mistake. Each test's cases failed once; the families' sentence claims are
//! checked on sampled positions against the oracle in each family's own tests.
#![cfg(feature = "std")]

use crate::common;

use common::abi::{last_error, Game};
use lphint::ffi::*;

fn mv(piece: u32, from: i32, to: i32, arg: i32) -> LpMove {
    LpMove { piece, from, to, arg }
}

#[test]
fn a_move_moves_the_piece_it_names_or_is_refused_in_every_family() {
    // Blocks: E's id with F's cells, a piece the level does not have, and F's own move.
    let mut blocks = Game::parse("blocks:4x3:AB../CC../DD..:A@0,3;B@0,2:step");
    let legal = blocks.moves();
    assert!(!legal.is_empty());
    for m in &legal {
        for piece in [m.piece + 1, m.piece.wrapping_sub(1), 40, u32::MAX] {
            if legal.iter().any(|l| l.piece == piece && l.from == m.from && l.to == m.to) {
                continue;
            }
            let before = blocks.describe();
            assert_eq!(blocks.apply(mv(piece, m.from, m.to, m.arg)), LpStatus::LP_ERR_ILLEGAL_MOVE, "{m:?} as {piece}");
            assert!(last_error().contains("block") || last_error().contains("piece"), "{}", last_error());
            assert_eq!(blocks.describe(), before, "a refused move changes nothing");
        }
    }
    // Rush Hour, the case: car E's id on F's move.
    let mut rush = Game::parse("rush:GBBoLoGHIoLMGHIAAMCCCKoMooJKDDEEJFFo");
    let f = rush.moves().into_iter().find(|m| m.piece == 5).expect("F can move");
    assert_eq!(rush.apply(mv(4, f.from, f.to, f.arg)), LpStatus::LP_ERR_ILLEGAL_MOVE);
    assert!(last_error().contains("block E"), "{}", last_error());
    assert_eq!(rush.apply(f), LpStatus::LP_OK);
    // Sokoban: a push naming another box or none, a step naming a box it does not push.
    let mut soko = Game::parse("sokoban:#######/#.---.#/#--$--#/#-----#/#$----#/#@----#/#######");
    for m in soko.moves() {
        if m.arg == 0 {
            for piece in [m.piece ^ 1, 9, u32::MAX] {
                assert_eq!(soko.apply(mv(piece, m.from, m.to, 0)), LpStatus::LP_ERR_ILLEGAL_MOVE, "{m:?} {piece}");
            }
        }
    }
    let step_up = mv(0, 36, 29, 1); // the player steps up onto box 2's square: it pushes box 2 (id 1)
    assert_eq!(soko.apply(step_up), LpStatus::LP_ERR_ILLEGAL_MOVE);
    assert!(last_error().contains("box 2"), "{}", last_error());
    assert_eq!(soko.apply(mv(1, 36, 29, 1)), LpStatus::LP_OK, "the step that names the box it pushes");
    assert_eq!(soko.apply(mv(1, 29, 22, 1)), LpStatus::LP_OK);
    assert_eq!(soko.apply(mv(u32::MAX, 22, 23, 1)), LpStatus::LP_OK, "a step naming no box");
    assert_eq!(soko.apply(mv(0, 23, 24, 1)), LpStatus::LP_ERR_ILLEGAL_MOVE, "a plain step naming a box");
}

/// Plays `moves` (each a legal move's index in `lp_puzzle_moves` order, re-read each time) on `desc`.
fn check_played_and_resumed(desc: &str, wrong: impl Fn(&Game) -> LpMove) -> (Vec<u16>, Vec<u16>) {
    let mut played = Game::parse(desc);
    let m = wrong(&played);
    assert_eq!(played.apply(m), LpStatus::LP_OK);
    let (check, cells) = played.check(500).unwrap();
    assert_eq!(check.mistakes_known, 1, "{desc}: played");
    let mut resumed = Game::parse(&played.describe());
    let (again, resumed_cells) = resumed.check(500).unwrap();
    assert_eq!(again.mistakes_known, 1, "{}: resumed", played.describe());
    (cells, resumed_cells)
}

#[test]
fn check_my_board_names_the_same_mistakes_on_a_resumed_board() {
    // The boards, resumed from their descriptions.
    for (desc, cells) in [
        ("linjat:5x4:....o/...../o..43/4o.o.:3,0=0,0-3,0", vec![0u16, 5, 10, 15]),
        ("hargram:3x2:.../##.:###!;#!:1@0,0,0", vec![0]),
    ] {
        let mut resumed = Game::parse(desc);
        let (check, found) = resumed.check(500).unwrap();
        assert_eq!((check.mistakes_known, found), (1, cells), "{desc}");
    }
    // Linjat: a wrong segment played, then the board resumed: the same cells.
    let linjat = "linjat:5x4:....o/...../o..43/4o.o.";
    let (played, resumed) = check_played_and_resumed(linjat, |g| {
        *g.moves().iter().find(|m| m.piece == 2 && m.from == 0 && m.to == 15).expect("the 4 drawn up to the corner")
    });
    assert!(!played.is_empty());
    assert_eq!(played, resumed);
}

#[test]
fn a_lost_sokoban_position_names_the_box_to_blame_and_the_goal_boxes_compete_for() {
    // Box 2 stands on a dead square; box 1, above it, can still reach a goal once box 2 moves.
    let mut dead = Game::parse("sokoban:#######/#-----#/#---+-#/#-.-$##/#---$-#/#######");
    let (status, text) = dead.lost_text();
    assert_eq!(status, LpStatus::LP_OK);
    assert!(text.contains("box 2") && !text.contains("box 1"), "{text}");
    let (check, cells) = dead.check(200).unwrap();
    assert_eq!((check.distance, check.mistakes_known, cells), (-1, 1, vec![32]));
    // Every goal can be reached, but boxes 1 and 2 only reach the one at row 2, column 7.
    let mut crowded = Game::parse("sokoban:#########/#---$-*-#/#--$@-.-#/#-----#-#/#---.---#/#########");
    let (status, text) = crowded.lost_text();
    assert_eq!(status, LpStatus::LP_OK);
    assert!(!text.contains("no longer be reached"), "{text}");
    assert!(text.contains("boxes 1 and 2") && text.contains("row 2, column 7"), "{text}");
    let (_, cells) = crowded.check(200).unwrap();
    assert_eq!(cells, vec![13, 15], "the two boxes, one of them on the goal they compete for");
}

/// `lp_trivial_steps` stepped by `budget` to its answer (at most `calls` calls): the status, the moves
/// played and the work of every call.
fn trivial_steps(game: &mut Game, rules: &[u32], budget: u32, calls: usize) -> (LpStatus, Vec<LpMove>, Vec<u32>) {
    let (mut buf, mut written, mut work) = (vec![LpMove::default(); 64], 0usize, Vec::new());
    for _ in 0..calls {
        // SAFETY: a live handle, `rules` readable, `buf` writable for its length.
        let status = unsafe {
            lp_trivial_steps(game.0, rules.as_ptr(), rules.len(), budget, 64, buf.as_mut_ptr(), buf.len(), &mut written)
        };
        work.push(lp_last_work());
        if status != LpStatus::LP_IN_PROGRESS {
            buf.truncate(if status == LpStatus::LP_OK { written } else { 0 });
            return (status, buf, work);
        }
    }
    (LpStatus::LP_IN_PROGRESS, Vec::new(), work)
}

#[test]
fn the_trivial_steps_refuse_to_build_on_a_segment_drawn_wrong() {
    // The 4 at row 4 drawn up the first column, where the one solution does not have it: the rules
    // applied to it would draw more wrong segments.
    let mut wrong = Game::parse("linjat:5x4:....o/...../o..43/4o.o.:3,0=0,0-3,0");
    let before = wrong.describe();
    let (status, played, _) = trivial_steps(&mut wrong, &[], 100, 1000);
    assert_eq!((status, played.len()), (LpStatus::LP_NOT_FOUND, 0), "{}", wrong.describe());
    assert!(last_error().contains("no solution has"), "{}", last_error());
    assert_eq!(wrong.describe(), before, "nothing played");
    // Taken off, the same board's trivial steps solve it.
    let take_off = *wrong.moves().iter().find(|m| m.piece == 2 && m.from == -1).unwrap();
    assert_eq!(wrong.apply(take_off), LpStatus::LP_OK);
    let (status, played, _) = trivial_steps(&mut wrong, &[], 100, 1000);
    assert_eq!(status, LpStatus::LP_OK);
    assert!(!played.is_empty() && wrong.solved(), "{}", wrong.describe());
}

#[test]
fn the_trivial_steps_are_stepped_within_their_budget_on_a_large_room() {
    // A 30×30 room with 12 boxes: every forced-move search is spread over calls of 200 units.
    let mut rows = vec!["#".repeat(30)];
    for r in 1..29 {
        let mut row: Vec<char> =
            std::iter::once('#').chain(std::iter::repeat_n('-', 28)).chain(std::iter::once('#')).collect();
        if r % 4 == 2 && r < 26 {
            row[5 + r / 2] = '$';
            row[20 - r / 4] = '.';
            row[24] = '$';
            row[3] = '.';
        }
        rows.push(row.into_iter().collect());
    }
    rows.push("#".repeat(30));
    rows[27].replace_range(1..2, "@");
    let desc = format!("sokoban:{}", rows.join("/"));
    let mut room = Game::parse(&desc);
    let (status, _, work) = trivial_steps(&mut room, &[], 200, 40);
    assert!(work.iter().all(|&w| w <= 200 + 16), "calls spent {work:?} units at a budget of 200");
    assert!(matches!(status, LpStatus::LP_IN_PROGRESS | LpStatus::LP_OK), "{status:?}");
    assert!(work.len() >= 5, "{status:?} after {} calls: the searches spread over calls", work.len());
}

/// A one-byte countdown to 0 for the custom-puzzle cases: each state `n > 0` steps to `n - 1`.
unsafe extern "C" fn countdown(
    _: *mut std::ffi::c_void,
    state: *const u8,
    emit: lphint::custom::LpEmit,
    sink: *mut std::ffi::c_void,
) -> i32 {
    // SAFETY: a one-byte state; the engine's emit and sink.
    unsafe {
        let next = (*state).saturating_sub(1);
        if *state > 0 && emit(sink, LpMove { piece: 0, from: *state as i32, to: next as i32, arg: 0 }, &next, 1) != 0 {
            return 1;
        }
    }
    0
}

unsafe extern "C" fn at_zero(_: *mut std::ffi::c_void, state: *const u8, goal: *mut bool) -> i32 {
    // SAFETY: a one-byte state; `goal` writable.
    unsafe { *goal = *state == 0 };
    0
}

/// A move_name that fails.
unsafe extern "C" fn no_name(
    _: *mut std::ffi::c_void,
    _: LpMove,
    _: *mut std::ffi::c_char,
    _: usize,
    _: *mut usize,
) -> i32 {
    7
}

/// An estimate that first makes a call the engine refuses (a NULL puzzle), as a game's helper might.
unsafe extern "C" fn estimate_after_a_refused_call(
    _: *mut std::ffi::c_void,
    state: *const u8,
    estimate: *mut u32,
) -> i32 {
    let mut solved = false;
    // SAFETY: a NULL handle is refused with a status; `state` one byte, `estimate` writable.
    unsafe {
        assert_eq!(lp_puzzle_is_solved(std::ptr::null(), &mut solved), LpStatus::LP_ERR_NULL_ARGUMENT);
        *estimate = u32::from(*state);
    }
    0
}

fn countdown_game(vtable: lphint::custom::LpCustomVtable) -> Game {
    let mut handle = std::ptr::null_mut();
    // SAFETY: a valid vtable, a one-byte start and an out-parameter.
    assert_eq!(
        unsafe { lp_custom_create(&vtable, std::ptr::null_mut(), [3u8].as_ptr(), 1, &mut handle) },
        LpStatus::LP_OK
    );
    Game(handle)
}

#[test]
fn a_callback_that_fails_is_reported_by_the_call_that_ran_it_and_a_refused_nested_call_leaves_no_message() {
    let base = lphint::custom::LpCustomVtable {
        abi_version: LP_ABI_VERSION,
        state_size: 1,
        max_successors: 1,
        successors: Some(countdown),
        is_goal: Some(at_zero),
        ..lphint::custom::LpCustomVtable::BLANK
    };
    // The hint's sentence needs the game's name for the move: its failure is the call's answer, not a
    // sentence of numbers ("move 0,3,2,0").
    let mut unnamed = countdown_game(lphint::custom::LpCustomVtable { move_name: Some(no_name), ..base });
    assert!(unnamed.hint(100).is_ok());
    let (status, text) = unnamed.hint_text();
    assert_eq!(status, LpStatus::LP_ERR_CALLBACK, "'{text}'");
    assert!(last_error().contains("move_name callback failed with code 7"), "{}", last_error());
    // A nested call refused inside a callback, the outer call answered: no message stays behind.
    let mut nested = countdown_game(lphint::custom::LpCustomVtable {
        estimate: Some(estimate_after_a_refused_call),
        admissible: true,
        ..base
    });
    assert!(nested.hint(100).is_ok());
    assert_eq!(last_error(), "", "the outer call succeeded");
}

/// `lp_generator_create_text` for `family` and `params`: its status and the last error.
fn generator(family: &str, params: &str) -> (LpStatus, String) {
    let (family, params) = (std::ffi::CString::new(family).unwrap(), std::ffi::CString::new(params).unwrap());
    let mut handle = std::ptr::null_mut();
    // SAFETY: valid strings and an out-parameter.
    let status = unsafe { lp_generator_create_text(family.as_ptr(), params.as_ptr(), 1, &mut handle) };
    let message = last_error();
    // SAFETY: NULL or a handle just made.
    unsafe { lp_generator_free(handle) };
    (status, message)
}

#[test]
fn generation_parameters_that_cannot_apply_are_refused_not_ignored() {
    // Rush Hour levels are slides of the 2x1 red car among cars and trucks: another count, goal block or
    // merged piece size does not apply (once, count=step gave a level whose step-counted optimum missed
    // the band).
    for (params, key) in [("count=step", "count"), ("goal=3x1", "goal"), ("piece=6", "piece")] {
        let (status, message) = generator("blocks", &format!("method=rush,min=8,max=8,{params}"));
        assert_eq!(status, LpStatus::LP_ERR_INVALID_ARGUMENT, "{params}");
        assert!(message.contains(&format!("{key}=")) && message.contains("does not apply"), "{params}: {message}");
    }
    assert_eq!(generator("blocks", "method=rush,count=line,goal=2x1,min=8,max=8").0, LpStatus::LP_OK);
    // A designer's room draws walls, floor and goals: a box or a player in it would be lost.
    for (room, what) in
        [("#####/#.$.#/#---#/#####", "a box at row 2, column 3"), ("#####/#.@-#/#-.-#/#####", "the player at row 2")]
    {
        let (status, message) = generator("sokoban", &format!("room={room},boxes=2"));
        assert_eq!(status, LpStatus::LP_ERR_INVALID_ARGUMENT, "{room}");
        assert!(message.contains(what), "{room}: {message}");
    }
}

#[test]
fn the_tier_one_sentences_that_were_false_say_what_is_true() {
    let tier_one = |desc: &str| {
        let mut game = Game::parse(desc);
        assert!(game.hint(1000).is_ok(), "{desc}");
        let (status, text) = game.tier_text(1, 3);
        assert_eq!(status, LpStatus::LP_OK, "{desc}");
        let first = game.plan()[0];
        (game, text, first)
    };
    // Two goal blocks: the one the plan moves is named, and it can move (A could not).
    let (game, text, first) = tier_one("blocks:4x3:AB../CC../DD..:A@0,3;B@0,2:step");
    assert_eq!(text, "block B's way to its goal: it can move now");
    assert!(first.piece == 1 && game.moves().iter().any(|m| m.piece == 1));
    // Flip: no claim that the presses lie near the one panel that differs (the plan presses 1, 2, 3, 6, 8).
    assert_eq!(tier_one("flip:3x3:.../.../..#").1, "1 panel still differs from the target");
    // Tiles: the plan slides 3 and 2 out of their homes: no "the next moves bring its tiles home".
    let (_, text, _) = tier_one("tiles:3x3:4,2,3,5,1,0,7,8,6");
    assert!(!text.contains("its tiles home") && !text.starts_with("finish"), "{text}");
    // Linjat: the 2 fits three ways: no "one way left to fit".
    let (_, text, _) = tier_one("linjat:5x4:...../...../..24./..o.3");
    assert!(!text.contains("one way left"), "{text}");
}
