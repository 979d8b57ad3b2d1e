//! Packs and precomputed tables: round trips for every family, damage of every kind refused, hints from
//! stored solutions without search, and the complete 8-puzzle distance table against breadth-first search.

use crate::common;

use lphint::envelope::{self, DataError};
use lphint::families::flip::Flip;
use lphint::families::hargram::Hargram;
use lphint::families::jugs::Jugs;
use lphint::families::tiles::distances::EightTable;
use lphint::families::tiles::Tiles;
use lphint::family::{Family, MoveCode};
use lphint::generate::{Generate, Generator};
use lphint::pack::{Bounded, Pack, PackEntry};
use lphint::registry;
use lphint::search::Status;
use lphint::search::{solve_with, Puzzle};
use lphint::session::{AnySession, SessionHint};
use lphint::status::Shortfall;
use lphint::tables::{TableData, Tables};
use std::sync::Arc;

/// The 3x3 distance table as loaded tables.
fn eight(table: &Arc<EightTable>) -> Tables {
    Tables::new(registry::table_kind("eight").unwrap(), table.clone() as TableData)
}

/// `count` generated puzzles of family `F` with their solutions.
fn entries<F: Generate>(preset: &str, count: usize, seed: u64) -> Vec<PackEntry> {
    let mut generator = Generator::<F>::preset(preset, seed).unwrap();
    (0..count)
        .map(|i| {
            let generated = generator.generate().unwrap();
            let puzzle = &generated.puzzle;
            PackEntry {
                desc: puzzle.describe(),
                rating: generated.rating,
                solution: Some(Bounded(generated.solution.iter().map(|m| puzzle.encode_move(m)).collect())),
                name: (i % 2 == 0).then(|| format!("{} level {i}", F::NAME)),
                tier: (i % 3 == 0).then(|| String::from("gold")),
                // Some entries are saved games: a few moves of the solution played, the last undone.
                played: (i % 4 == 1).then(|| {
                    let moves: Vec<_> = generated.solution.iter().take(3).map(|m| puzzle.encode_move(m)).collect();
                    lphint::pack::Played { undone: moves.len().min(1) as u32, moves: Bounded(moves) }
                }),
            }
        })
        .collect()
}

fn every_family() -> Pack {
    let mut pack = Pack::default();
    pack.entries.extend(entries::<Tiles>("medium", 3, 1));
    pack.entries.extend(entries::<Jugs>("hard", 3, 2));
    pack.entries.extend(entries::<Flip>("medium", 3, 3));
    pack.entries.extend(entries::<Hargram>("hard", 3, 4));
    // An entry without a stored solution.
    pack.entries.push(PackEntry { desc: "tiles:3x3:1,2,3,4,5,6,0,7,8".into(), rating: 2, ..PackEntry::default() });
    pack
}

#[test]
fn packs_round_trip_for_every_family() {
    let pack = every_family();
    let bytes = pack.to_bytes();
    assert_eq!(registry::load_pack(&bytes).unwrap(), pack);
    for entry in &pack.entries {
        let session = registry::load(entry).unwrap();
        // A saved game's description is its start; the game stands where its moves took it.
        assert_eq!(session.describe_history_start(), entry.desc);
        let played = entry.played.as_ref().map_or(0, |p| p.moves.0.len() - p.undone as usize);
        assert_eq!(session.history_len().0, played, "{}", entry.desc);
    }
    let empty = Pack::default();
    assert_eq!(registry::load_pack(&empty.to_bytes()).unwrap(), empty);
}

#[test]
fn a_pack_keeps_its_name_and_an_unnamed_pack_is_the_format_it_was() {
    let mut pack = Pack::default();
    pack.entries.extend(entries::<Tiles>("easy", 2, 3));
    pack.entries.iter_mut().for_each(|e| e.played = None);
    let unnamed = pack.to_bytes();
    pack.name = Some("Morning tiles ☀".into());
    let named = pack.to_bytes();
    assert_eq!(registry::load_pack(&named).unwrap(), pack);
    assert_eq!(registry::load_pack(&unnamed).unwrap().name, None);
    // The unnamed bytes are the entries alone (flags 0, as before names existed); the named ones set the
    // flag and add the name after them.
    assert_eq!(unnamed[6], 0, "flags 0");
    assert_eq!(named[6], lphint::pack::NAMED as u8);
    assert_eq!(named.len(), unnamed.len() + 1 + "Morning tiles ☀".len());
    // A flag this reader does not know is a newer format's, not damage.
    let mut newer = unnamed[6..unnamed.len() - 4].to_vec();
    newer[0] = 4;
    assert!(matches!(Pack::decode(&sealed(&newer)), Err(DataError::Version(_))));
    // A name past the limit is refused by name; a name cut short is damage.
    pack.name = Some("x".repeat(lphint::pack::MAX_LABEL + 1));
    let long = Pack::decode(&pack.to_bytes());
    assert!(matches!(&long, Err(DataError::Corrupt(why)) if why.contains("pack name longer")), "{long:?}");
    let cut = Pack::decode(&sealed(&named[6..named.len() - 5]));
    assert!(matches!(&cut, Err(DataError::Corrupt(why)) if why.contains("the pack's name")), "{cut:?}");
}

#[test]
fn every_truncation_and_bit_flip_of_a_small_pack_is_refused() {
    let mut pack = Pack::default();
    pack.entries.extend(entries::<Tiles>("easy", 2, 7));
    pack.entries.extend(entries::<Hargram>("easy", 1, 7));
    pack.name = Some("small".into());
    let bytes = pack.to_bytes();
    for cut in 0..bytes.len() {
        assert!(registry::load_pack(&bytes[..cut]).is_err(), "cut at {cut}");
    }
    for bit in 0..bytes.len() * 8 {
        let mut damaged = bytes.clone();
        damaged[bit / 8] ^= 1 << (bit % 8);
        match registry::load_pack(&damaged) {
            Err(_) => {}
            // Should a flip ever get through, the pack must still be sound.
            Ok(decoded) => assert!(decoded.entries.iter().all(|e| registry::load(e).is_ok()), "bit {bit}"),
        }
    }
}

/// A pack body sealed with a valid checksum, as a hostile or buggy writer would make it.
fn sealed(body: &[u8]) -> Vec<u8> {
    envelope::seal(*b"LPPK", lphint::pack::FORMAT_VERSION, body)
}

#[test]
fn well_sealed_nonsense_is_refused_without_panic() {
    let valid = every_family().to_bytes();
    let body = &valid[6..valid.len() - 4];
    // Newer versions and unknown flags.
    let newer = envelope::seal(*b"LPPK", lphint::pack::FORMAT_VERSION + 1, body);
    assert_eq!(registry::load_pack(&newer), Err(DataError::Version(lphint::pack::FORMAT_VERSION + 1)));
    let mut flagged = body.to_vec();
    flagged[0] = 4;
    assert!(matches!(registry::load_pack(&sealed(&flagged)), Err(DataError::Version(_))));
    // Named, with no name after the entries.
    flagged[0] = lphint::pack::NAMED as u8;
    assert!(matches!(registry::load_pack(&sealed(&flagged)), Err(DataError::Corrupt(_))));
    // A length prefix far beyond the input, cut bodies, trailing bytes.
    let huge = [0u8, 0xFF, 0xFF, 0xFF, 0xFF, 0x0F];
    assert!(matches!(registry::load_pack(&sealed(&huge)), Err(DataError::Corrupt(_))));
    for cut in 0..body.len() {
        assert!(registry::load_pack(&sealed(&body[..cut])).is_err(), "body cut at {cut}");
    }
    let mut longer = body.to_vec();
    longer.push(0);
    assert!(
        matches!(registry::load_pack(&sealed(&longer)), Err(DataError::Corrupt(why)) if why.contains("after the last entry"))
    );
    // Entries that do not parse, or whose solutions are illegal or stop short.
    let bad_entries = [
        PackEntry { desc: "tiles:3x3:1,1,3,4,5,6,0,7,8".into(), ..PackEntry::default() },
        PackEntry { desc: "chess:8x8".into(), ..PackEntry::default() },
        PackEntry {
            desc: "tiles:3x3:1,2,3,4,5,6,0,7,8".into(),
            solution: Some(Bounded(vec![MoveCode { piece: 8, from: -1, to: -1, arg: 0 }])),
            ..PackEntry::default()
        },
        PackEntry {
            desc: "tiles:3x3:1,2,3,4,5,6,0,7,8".into(),
            solution: Some(Bounded(vec![MoveCode { piece: 7, from: -1, to: -1, arg: 0 }])),
            ..PackEntry::default()
        },
    ];
    for entry in bad_entries {
        let bytes = Pack::of(vec![entry.clone()]).to_bytes();
        assert!(
            matches!(registry::load_pack(&bytes), Err(DataError::Corrupt(why)) if why.contains("entry 0")),
            "{entry:?}"
        );
    }
    // Random bodies under a valid seal.
    let mut rng = common::rng(5);
    for _ in 0..2000 {
        use rand::RngExt;
        let len = rng.random_range(0..64);
        let body: Vec<u8> = (0..len).map(|_| rng.random()).collect();
        let _ = registry::load_pack(&sealed(&body));
    }
}

/// Asks `session` for a hint with a budget of zero: only a stored plan can answer that.
fn free_hint(session: &mut dyn AnySession) -> Result<SessionHint, Status> {
    session.next_hint(0)
}

#[test]
fn hints_follow_the_stored_solution_without_search_and_search_after_a_deviation() {
    let pack = every_family();
    for entry in pack.entries.iter().filter(|e| e.solution.is_some() && e.played.is_none()) {
        let mut session = registry::load(entry).unwrap();
        let stored = &entry.solution.as_ref().unwrap().0;
        for (i, mv) in stored.iter().enumerate() {
            let left = (stored.len() - i) as u32;
            match free_hint(session.as_mut()) {
                Ok(SessionHint { mv: hinted, moves_left, .. }) => {
                    assert_eq!((hinted, moves_left), (*mv, left), "{}", entry.desc)
                }
                other => panic!("{}: move {i}: {other:?}", entry.desc),
            }
            session.apply(mv).unwrap();
        }
        assert!(session.is_solved());
        assert_eq!(free_hint(session.as_mut()), Err(Status::AlreadySolved));
    }
    // A deviation: the stored plan no longer applies, so a budget of zero cannot answer, and a real
    // budget can.
    let entry = &pack.entries[0];
    let mut session = registry::load(entry).unwrap();
    let puzzle = Tiles::parse(&entry.desc).unwrap();
    let first = entry.solution.as_ref().unwrap().0[0];
    let mut other = None;
    puzzle.successors(&puzzle.start(), |mv, _, _| {
        let code = puzzle.encode_move(&mv);
        if code.piece != first.piece {
            other = Some(code);
        }
    });
    session.apply(&other.unwrap()).unwrap();
    assert_eq!(free_hint(session.as_mut()), Err(Status::InProgress));
    // One move changes the optimal distance by exactly one.
    let after = session.next_hint(1_000_000);
    assert!(matches!(after, Ok(h) if h.moves_left.abs_diff(entry.rating) == 1), "{after:?}");
    // Without a stored solution, the first hint needs a search.
    let mut plain = registry::parse(&entry.desc).unwrap();
    assert_eq!(free_hint(plain.as_mut()), Err(Status::InProgress));
}

#[test]
fn the_eight_puzzle_table_matches_breadth_first_search_for_every_state() {
    let (goal, bfs) = common::eight_puzzle();
    let table = Arc::new(EightTable::build(goal).unwrap());
    assert_eq!(table.bytes(), 90_729);
    let with_table = goal.with_tables(&eight(&table)).unwrap();
    let mut solver = with_table.recommended_solver().unwrap();
    let mut checked = 0;
    for (state, distance) in bfs.distances().step_by(7) {
        let outcome = solve_with(&mut solver, &with_table, *state);
        assert_eq!(outcome.moves.len() as u32, distance);
        let end = outcome.moves.iter().try_fold(*state, |s, m| with_table.apply(&s, m)).unwrap();
        assert!(with_table.is_goal(&end));
        assert!(outcome.stats.expanded <= 31);
        checked += 1;
    }
    assert!(checked > 25_000);
    // Unreachable arrangements are unsolvable at once.
    let swapped = Tiles::parse("tiles:3x3:2,1,3,4,5,6,7,8,0").unwrap().with_tables(&eight(&table)).unwrap();
    assert_eq!(
        solve_with(&mut swapped.recommended_solver().unwrap(), &swapped, swapped.start()).status,
        lphint::search::Status::Unsolvable
    );
    // Another goal with the blank on the same cell is served by relabelling; another blank cell is not.
    let relabelled = Tiles::parse("tiles:3x3:8,6,7,2,5,4,3,0,1:8,7,6,5,4,3,2,1,0").unwrap();
    let relabelled = relabelled.with_tables(&eight(&table)).unwrap();
    let plain = Tiles::parse("tiles:3x3:8,6,7,2,5,4,3,0,1:8,7,6,5,4,3,2,1,0").unwrap();
    let expected = solve_with(&mut plain.recommended_solver().unwrap(), &plain, plain.start()).moves.len();
    assert_eq!(
        solve_with(&mut relabelled.recommended_solver().unwrap(), &relabelled, relabelled.start()).moves.len(),
        expected
    );
    let blank_first = Tiles::parse("tiles:3x3:1,2,3,4,5,6,7,8,0:0,1,2,3,4,5,6,7,8").unwrap();
    assert!(blank_first.with_tables(&eight(&table)).is_err());
    assert!(Tiles::parse("tiles:4x4:1,2,3,4,5,6,7,8,9,10,11,12,13,14,0,15")
        .unwrap()
        .with_tables(&eight(&table))
        .is_err());
}

#[test]
fn the_eight_puzzle_table_round_trips_and_refuses_damage() {
    let (goal, _) = common::eight_puzzle();
    let table = EightTable::build(goal).unwrap();
    let bytes = table.to_bytes();
    assert_eq!(EightTable::from_bytes(&bytes).unwrap(), table);
    let loaded = registry::load_tables(&bytes).unwrap();
    assert_eq!((loaded.kind().name, loaded.get::<EightTable>().as_deref()), ("eight", Some(&table)));
    assert_eq!(loaded.to_bytes(), bytes);
    for cut in [0, 3, 5, 9, 100, bytes.len() - 1] {
        assert!(registry::load_tables(&bytes[..cut]).is_err(), "cut at {cut}");
    }
    for at in [0, 6, 10, 5000, bytes.len() - 1] {
        let mut damaged = bytes.clone();
        damaged[at] ^= 4;
        assert!(matches!(registry::load_tables(&damaged), Err(DataError::Corrupt(_))), "flip at {at}");
    }
    // A sealed table with a wrong size or a goal that is not an arrangement.
    let body = &bytes[6..bytes.len() - 4];
    let short = envelope::seal(*b"LP8D", 1, &body[..body.len() - 1]);
    assert!(matches!(EightTable::from_bytes(&short), Err(DataError::Corrupt(why)) if why.contains("expected")));
    let mut twice = body.to_vec();
    twice[0] = twice[1];
    assert!(matches!(EightTable::from_bytes(&envelope::seal(*b"LP8D", 1, &twice)), Err(DataError::Corrupt(_))));
    assert!(
        matches!(registry::load_tables(b"XXXXYYYYZZZZ"), Err(DataError::Corrupt(why)) if why.contains("unknown magic"))
    );
}

/// The moves of a walk from the start of `puzzle` that ends on its goal after `detour` extra moves there
/// and back: a valid solution that is not the shortest.
fn detour_solution(puzzle: &Tiles, optimal: &[MoveCode], detour: usize) -> Vec<MoveCode> {
    let mut moves = Vec::new();
    let mut state = puzzle.start();
    for _ in 0..detour {
        let mut step = None;
        puzzle.successors(&state, |mv, next, _| step = step.or(Some((mv, next))));
        let (there, next) = step.unwrap();
        moves.push(puzzle.encode_move(&there));
        let back = puzzle.move_of_tile(&next, there.tile).unwrap();
        moves.push(puzzle.encode_move(&back));
        state = puzzle.apply(&next, &back).unwrap();
    }
    moves.extend_from_slice(optimal);
    moves
}

#[test]
fn a_sealed_pack_is_not_trusted_beyond_what_it_can_prove() {
    let puzzle = Tiles::parse("tiles:3x3:1,2,3,4,5,6,7,0,8").unwrap();
    let optimal = [MoveCode { piece: 8, from: -1, to: -1, arg: 0 }];
    // A 1-move puzzle stored with a 9-move solution: it loads (the solution is valid), but its hints do
    // not claim optimality, and verification names the problem.
    let long = PackEntry {
        desc: puzzle.describe(),
        rating: 1,
        solution: Some(Bounded(detour_solution(&puzzle, &optimal, 4))),
        ..PackEntry::default()
    };
    let pack = registry::load_pack(&Pack::of(vec![long.clone()]).to_bytes()).unwrap();
    let mut session = registry::load(&pack.entries[0]).unwrap();
    match session.next_hint(0) {
        Ok(h) => assert_eq!((h.moves_left, h.optimal), (9, false)),
        other => panic!("{other:?}"),
    }
    let why = registry::verify(&long, None).unwrap_err();
    assert!(why.contains("9 moves") && why.contains("not optimal"), "{why}");
    // Proving the plan searches from the start: the optimal one move replaces the stored nine, and hints
    // say optimal from then on.
    let mut proven = loop {
        match session.prove_plan(10) {
            Err(Status::InProgress) => continue,
            other => break other,
        }
    };
    assert_eq!(proven, Ok(true));
    match session.next_hint(0) {
        Ok(h) => assert_eq!((h.moves_left, h.optimal), (1, true)),
        other => panic!("{other:?}"),
    }
    // A generated entry's plan is proven as stored (same length); a parsed puzzle has none to prove.
    let mut count = 0;
    for entry in every_family().entries.iter().filter(|e| e.solution.is_some()) {
        let mut session = registry::load(entry).unwrap();
        let before = session.next_hint(u32::MAX).unwrap();
        proven = session.prove_plan(u32::MAX);
        let after = session.next_hint(u32::MAX).unwrap();
        if proven == Ok(true) {
            count += 1;
            assert_eq!((after.moves_left, after.optimal), (before.moves_left, true), "{}", entry.desc);
        } else {
            assert!(!after.optimal, "{}: {proven:?}", entry.desc);
        }
    }
    assert!(count >= 4, "proven in {count} families");
    let mut parsed = registry::parse("tiles:3x3:1,2,3,4,5,6,7,0,8").unwrap();
    assert_eq!(parsed.prove_plan(100), Err(Status::NotFound(Shortfall::NoPlan)));
    // A generated entry verifies; a wrong rating (any family, Hargram included) does not.
    for entry in every_family().entries {
        registry::verify(&entry, None).unwrap_or_else(|e| panic!("{}: {e}", entry.desc));
        let wrong = PackEntry { rating: entry.rating + 123_456, ..entry.clone() };
        let why = registry::verify(&wrong, None).unwrap_err();
        assert!(why.contains("exact rating"), "{}: {why}", entry.desc);
    }
    // A stored solution shorter than the optimal length the rating claims: one of them is wrong.
    let contradiction =
        PackEntry { rating: 5, ..PackEntry { solution: Some(Bounded(optimal.to_vec())), ..long.clone() } };
    let bytes = Pack::of(vec![contradiction]).to_bytes();
    assert!(
        matches!(registry::load_pack(&bytes), Err(DataError::Corrupt(why)) if why.contains("no solution is shorter"))
    );
    // Sizes are capped while decoding: a solution of more than MAX_SOLUTION moves, a name too long.
    let huge = PackEntry { solution: Some(Bounded(vec![optimal[0]; lphint::pack::MAX_SOLUTION + 1])), ..long.clone() };
    let bytes = Pack::of(vec![huge]).to_bytes();
    let refused = registry::load_pack(&bytes);
    assert!(matches!(&refused, Err(DataError::Corrupt(why)) if why.contains("more than")), "{refused:?}");
    let named = PackEntry { name: Some("x".repeat(lphint::pack::MAX_LABEL + 1)), ..long };
    let bytes = Pack::of(vec![named]).to_bytes();
    assert!(matches!(registry::load_pack(&bytes), Err(DataError::Corrupt(why)) if why.contains("longer than")));
}
