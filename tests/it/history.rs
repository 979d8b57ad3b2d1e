//! A game's state survives: saves keep the moves played, undo and redo and clones replay to the same
//! positions, and a callback that fails once leaves a puzzle the game can go on with — through the C ABI.

use crate::common;

use common::abi::{last_error, Game};
use lphint::ffi::*;
use std::sync::atomic::{AtomicU32, Ordering};

/// Plays `moves` by their index in the legal moves of each position.
fn play(game: &mut Game, picks: &[usize]) {
    for &pick in picks {
        let moves = game.moves();
        assert_eq!(game.apply(moves[pick % moves.len()]), LpStatus::LP_OK);
    }
}

#[test]
fn check_my_board_after_a_load_names_the_mistake_made_before_the_save() {
    let mut checked = 0;
    for (i, desc) in [
        "tiles:3x3:1,2,3,4,5,6,0,7,8",
        "tiles:3x3:1,2,3,0,4,6,7,5,8",
        "jugs:8,5,3:8,0,0:4,4,0",
        "rush:GBBoLoGHIoLMGHIAAMCCCKoMooJKDDEEJFFo",
    ]
    .into_iter()
    .enumerate()
    {
        let mut game = Game::parse(desc);
        // Wander, then follow the hints for a while.
        play(&mut game, &[i + 1, i + 2, 2 * i + 1]);
        for _ in 0..3 {
            let Ok(hint) = game.hint(1 << 20) else { break };
            assert_eq!(game.apply(hint.mv), LpStatus::LP_OK);
        }
        let (before, cells) = game.check(1 << 20).expect(desc);
        assert!(before.first_wrong >= 0 && before.moves >= 3, "{desc}: {before:?} (the test wants a mistake)");
        let mut loaded = game.saved_and_loaded();
        assert_eq!(loaded.history(), game.history(), "{desc}");
        let (after, after_cells) = loaded.check(1 << 20).expect(desc);
        assert_eq!((after, after_cells), (before, cells), "{desc}: the check after the load");
        checked += 1;
    }
    assert_eq!(checked, 4);
}

#[test]
fn the_issue_s_sokoban_save_keeps_box_ids_and_moves() {
    // Push box 2 (id 1, at row 5, column 2) up three times.
    let mut game = Game::parse("sokoban:#######/#.---.#/#--$--#/#-----#/#$----#/#@----#/#######");
    let up = game.moves().into_iter().find(|m| m.piece == 1).expect("box 2 can be pushed up");
    assert_eq!(game.apply(up), LpStatus::LP_OK);
    for _ in 0..2 {
        let again = game.moves().into_iter().find(|m| m.piece == 1 && m.to < m.from).unwrap();
        assert_eq!(game.apply(again), LpStatus::LP_OK);
    }
    let mut loaded = game.saved_and_loaded();
    assert_eq!((loaded.cells(), loaded.describe()), (game.cells(), game.describe()));
    assert_eq!(loaded.history().0.len(), 3);
    // Undo on the loaded game walks the box back down, keeping its number.
    for _ in 0..3 {
        assert_eq!(loaded.undo(), LpStatus::LP_OK);
    }
    assert_eq!(loaded.undo(), LpStatus::LP_NOT_FOUND);
    assert_eq!(
        loaded.describe(),
        Game::parse("sokoban:#######/#.---.#/#--$--#/#-----#/#$----#/#@----#/#######").describe()
    );
}

#[test]
fn undo_drops_the_hint_redo_replays_and_a_copy_is_its_own_game() {
    let mut game = Game::parse("tiles:3x3:8,6,7,2,5,4,3,0,1");
    let start = game.describe();
    assert_eq!(game.undo(), LpStatus::LP_NOT_FOUND, "nothing to undo at the start");
    assert!(last_error().contains("no move to undo"), "{}", last_error());
    let hint = game.hint(1 << 20).unwrap();
    assert_eq!(game.hint_text().0, LpStatus::LP_OK);
    assert_eq!(game.apply(hint.mv), LpStatus::LP_OK);
    assert_eq!(game.hint_text().0, LpStatus::LP_NOT_FOUND, "a move drops the hint");
    let after_one = game.describe();
    game.hint(1 << 20).unwrap();
    assert_eq!(game.undo(), LpStatus::LP_OK);
    assert_eq!(game.hint_text().0, LpStatus::LP_NOT_FOUND, "undo drops the hint");
    assert_eq!(game.describe(), start);
    assert_eq!(game.history(), (vec![], vec![hint.mv]));
    assert_eq!(game.redo(), LpStatus::LP_OK);
    assert_eq!(game.describe(), after_one);
    assert_eq!(game.redo(), LpStatus::LP_NOT_FOUND);

    // A clone tries moves without touching the game; copying it back commits them.
    let mut trial = game.clone_game();
    play(&mut trial, &[0, 1, 0]);
    assert_eq!(game.describe(), after_one, "the game is untouched by its copy's moves");
    assert_eq!(trial.history().0.len(), 4);
    assert_eq!(game.copy_from(&trial), LpStatus::LP_OK);
    assert_eq!((game.describe(), game.history()), (trial.describe(), trial.history()));
    // The copied game's hints and undo are its own.
    assert!(game.hint(1 << 20).is_ok());
    for _ in 0..4 {
        assert_eq!(game.undo(), LpStatus::LP_OK);
    }
    assert_eq!(game.describe(), start);
    assert_eq!(trial.history().0.len(), 4, "the copy keeps its own history");
    // Another level is refused, and the game stays as it was.
    let mut other = Game::parse("tiles:3x3:1,2,3,4,5,6,7,0,8");
    assert_eq!(other.copy_from(&game), LpStatus::LP_ERR_INVALID_ARGUMENT);
    assert!(last_error().contains("not the same level"), "{}", last_error());
    assert_eq!(other.describe(), "tiles:3x3:1,2,3,4,5,6,7,0,8");
}

#[test]
fn a_copy_into_a_reserved_puzzle_allocates_nothing() {
    let mut game = Game::parse("rush:GBBoLoGHIoLMGHIAAMCCCKoMooJKDDEEJFFo");
    play(&mut game, &[0, 1, 2, 3, 4, 5]);
    let mut scratch = game.clone_game();
    // SAFETY: a live handle.
    assert_eq!(unsafe { lp_puzzle_reserve_history(scratch.0, 64) }, LpStatus::LP_OK);
    let ((), allocations) = common::counting::allocations_during(|| {
        for _ in 0..10 {
            assert_eq!(scratch.copy_from(&game), LpStatus::LP_OK);
            assert_eq!(scratch.undo(), LpStatus::LP_OK);
            assert_eq!(scratch.redo(), LpStatus::LP_OK);
        }
    });
    assert_eq!(allocations, 0);
    assert_eq!(scratch.describe(), game.describe());
}

#[test]
fn a_forged_save_whose_moves_are_illegal_is_refused_as_corrupt() {
    let mut game = Game::parse("tiles:3x3:8,6,7,2,5,4,3,0,1");
    play(&mut game, &[0, 0]);
    let saved = game.saved();
    let mut pack = lphint::pack::Pack::decode(&saved).unwrap();
    let played = pack.entries[0].played.as_mut().unwrap();
    played.moves.0[1].piece = 99;
    let forged = pack.to_bytes();
    let mut handle = std::ptr::null_mut();
    // SAFETY: the bytes and their length; an out-parameter.
    assert_eq!(unsafe { lp_pack_load(forged.as_ptr(), forged.len(), &mut handle) }, LpStatus::LP_ERR_CORRUPT_DATA);
    assert!(last_error().contains("move 2 of the game saved"), "{}", last_error());
    // More undone than played is refused by the format itself.
    let mut pack = lphint::pack::Pack::decode(&saved).unwrap();
    pack.entries[0].played.as_mut().unwrap().undone = 3;
    assert!(lphint::pack::Pack::decode(&pack.to_bytes()).is_err());
}

/// The calls of the successors callback until it fails once (the count it fails at, then never).
static FAIL_AT: AtomicU32 = AtomicU32::new(u32::MAX);

/// A countdown from a byte to 0 whose successors callback fails on the call `FAIL_AT` counts down to.
unsafe extern "C" fn countdown_failing_once(
    _: *mut std::ffi::c_void,
    state: *const u8,
    emit: lphint::custom::LpEmit,
    sink: *mut std::ffi::c_void,
) -> i32 {
    if FAIL_AT.fetch_sub(1, Ordering::Relaxed) == 1 {
        lphint::custom::report_error("the level server did not answer");
        return 9;
    }
    // SAFETY: a one-byte state; the engine's emit and sink.
    unsafe {
        for step in [1u8, 2] {
            let next = (*state).saturating_sub(step);
            if *state >= step && emit(sink, LpMove { piece: step as u32, from: 0, to: 0, arg: 0 }, &next, 1) != 0 {
                return 1;
            }
        }
    }
    0
}

unsafe extern "C" fn at_zero(_: *mut std::ffi::c_void, state: *const u8, goal: *mut bool) -> i32 {
    // SAFETY: a one-byte state; `goal` writable.
    unsafe { *goal = *state == 0 };
    0
}

#[test]
fn a_callback_that_fails_once_leaves_a_puzzle_the_game_goes_on_with() {
    let vtable = lphint::custom::LpCustomVtable {
        abi_version: LP_ABI_VERSION,
        state_size: 1,
        max_successors: 2,
        successors: Some(countdown_failing_once),
        is_goal: Some(at_zero),
        ..lphint::custom::LpCustomVtable::BLANK
    };
    let mut handle = std::ptr::null_mut();
    // SAFETY: a valid vtable, a one-byte start and an out-parameter.
    assert_eq!(
        unsafe { lp_custom_create(&vtable, std::ptr::null_mut(), [9u8].as_ptr(), 1, &mut handle) },
        LpStatus::LP_OK
    );
    let mut game = Game(handle);
    play(&mut game, &[0]);
    let (position, history) = (game.describe(), game.history());

    // A hint search meets the failure: the call says so in the game's words…
    FAIL_AT.store(3, Ordering::Relaxed);
    assert_eq!(game.hint(1000).err(), Some(LpStatus::LP_ERR_CALLBACK));
    let message = last_error();
    assert!(message.contains("successors callback failed with code 9: the level server did not answer"), "{message}");
    // …and every read works, at the same position.
    assert_eq!((game.describe(), game.history()), (position.clone(), history.clone()));
    assert_eq!(game.moves().len(), 2);
    assert!(!game.solved());
    assert!(!game.saved().is_empty());
    // The next call tries again, and succeeds.
    let hint = game.hint(1000).expect("the search runs again");
    assert_eq!(hint.moves_left, 4, "8 counts down to 0 in four steps of two");

    // A move whose legality the failed callback was to tell is refused, and the position kept.
    FAIL_AT.store(1, Ordering::Relaxed);
    assert_eq!(game.apply(hint.mv), LpStatus::LP_ERR_CALLBACK);
    assert_eq!((game.describe(), game.history()), (position, history));
    assert_eq!(game.apply(hint.mv), LpStatus::LP_OK);
    assert_eq!(game.history().0.len(), 2);

    // A check that meets the failure leaves no check half done: the next one answers in full.
    FAIL_AT.store(2, Ordering::Relaxed);
    assert_eq!(game.check(1000).err(), Some(LpStatus::LP_ERR_CALLBACK));
    let (check, _) = game.check(1000).expect("the check runs again");
    assert_eq!((check.distance, check.start_distance, check.moves, check.first_wrong), (3, 5, 2, -1));
}

/// A check reuses the distances the hints' optimal plans told (and its own searches found): on games
/// played by hints with moves off the plan, it answers exactly what a check of the same moves on a
/// fresh puzzle, which knows no distance, answers.
#[test]
fn a_check_that_reuses_the_hints_distances_answers_as_a_fresh_check() {
    let mut rng = common::rng(56);
    let mut compared = 0;
    for family in lphint::registry::families() {
        for desc in common::space::small_puzzles(family, 12) {
            let mut game = Game::parse(&desc);
            for step in 0..8 {
                let moves = game.moves();
                let mv = match game.hint(1 << 20) {
                    Ok(hint) if step % 3 != 1 => hint.mv,
                    _ if !moves.is_empty() => moves[rand::RngExt::random_range(&mut rng, 0..moves.len())],
                    _ => break,
                };
                assert_eq!(game.apply(mv), LpStatus::LP_OK);
                // Now and then a hint from here, whose plan the check may read.
                let _ = game.hint(1 << 20);
                let Ok(check) = game.check(1 << 20) else { continue };
                let mut fresh = Game::parse(&desc);
                for mv in game.history().0 {
                    assert_eq!(fresh.apply(mv), LpStatus::LP_OK);
                }
                assert_eq!(fresh.check(1 << 20).ok(), Some(check.clone()), "{desc}, step {step}");
                compared += 1;
            }
        }
    }
    assert!(compared >= 300, "{compared} checks compared");
}

#[test]
fn a_saved_level_s_plan_is_proven_and_its_hints_then_say_optimal() {
    // A generated Rush Hour level: its hints say optimal; saved and loaded, its stored solution is no longer
    // vouched for, until `lp_puzzle_prove_plan` proves it by a search from the start.
    let mut generated = std::ptr::null_mut();
    let mut rating = 0;
    // SAFETY: NUL-terminated texts and out-parameters.
    let made = unsafe { lp_generate(c"rush".as_ptr(), c"preset=rush-easy".as_ptr(), 5, &mut generated, &mut rating) };
    assert_eq!(made, LpStatus::LP_OK, "{}", last_error());
    let mut game = Game(generated);
    let fresh = game.hint(u32::MAX).unwrap();
    assert_eq!((fresh.moves_left, fresh.optimal), (rating, 1));
    let mut loaded = game.saved_and_loaded();
    let unproven = loaded.hint(u32::MAX).unwrap();
    assert_eq!((unproven.moves_left, unproven.optimal), (rating, 0), "a stored solution is not vouched for");
    assert_eq!(loaded.prove(50), LpStatus::LP_OK, "{}", last_error());
    let proven = loaded.hint(u32::MAX).unwrap();
    assert_eq!((proven.moves_left, proven.optimal), (rating, 1));
    // Again: at once.
    assert_eq!(loaded.prove(1), LpStatus::LP_OK);
    // A puzzle typed as a description has no plan to prove; NULL is refused.
    let mut parsed = Game::parse("tiles:3x3:1,2,3,4,5,6,7,0,8");
    assert_eq!(parsed.prove(100), LpStatus::LP_NOT_FOUND);
    assert!(last_error().contains("no solution is known from the start"), "{}", last_error());
    // SAFETY: NULL is what is tested.
    assert_eq!(unsafe { lp_puzzle_prove_plan(std::ptr::null_mut(), 10) }, LpStatus::LP_ERR_NULL_ARGUMENT);
}
