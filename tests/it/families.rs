//! The conformance suite: every family of the registry goes through the same checks — text round trips,
//! move codes, hints from the start and from off the path (each optimal hint lowering the optimal
//! distance by one), every preset generating distinct puzzles into its band with the rating re-checked,
//! pack round trips, and garbage descriptions and parameter texts refused with a message. A family that
//! registers gets all of it; nothing here names a family.

use crate::common;

use common::space::{self, sample, small_puzzles, Space};
use lphint::family::MoveCode;
use lphint::generate::Limits;
use lphint::pack::{Bounded, Pack, PackEntry};
use lphint::params::{Kind, Values};
use lphint::registry::{self, Entry};
use lphint::search::{Algorithm, Status};
use lphint::session::AnySession;
use lphint::tables::Tables;
use rand::RngExt;
use std::collections::HashSet;
use std::sync::OnceLock;

/// Puzzles generated from a preset of a family, with their ratings.
const PER_PRESET: usize = 3;

/// The tables `family` declares, built with their default parameters ([`common::default_tables`]).
fn tables_of(family: &Entry) -> Vec<Tables> {
    common::default_tables().iter().filter(|(id, _)| *id == family.id).map(|(_, t)| t.clone()).collect()
}

/// Gives `session` the family's tables that serve it.
fn with_tables(family: &Entry, session: &mut dyn AnySession) {
    for tables in tables_of(family) {
        let _ = session.set_tables(&tables);
    }
}

/// A generated puzzle as the tests keep it: preset, description, rating and the rater's solution.
type Made = (&'static str, String, u32, Vec<lphint::family::MoveCode>);

/// Generated puzzles of every preset of `family` (made once for all the tests, every family on its own
/// thread), as sessions that know the rater's solution: (preset, session, rating).
fn generated(family: &Entry) -> Vec<(&'static str, Box<dyn AnySession>, u32)> {
    static MADE: OnceLock<Vec<(u32, Vec<Made>)>> = OnceLock::new();
    let all = MADE.get_or_init(|| {
        std::thread::scope(|scope| {
            let handles: Vec<_> =
                registry::families().iter().map(|family| scope.spawn(move || (family.id, made(family)))).collect();
            handles.into_iter().map(|h| h.join().unwrap()).collect()
        })
    });
    let made = &all.iter().find(|(id, _)| *id == family.id).unwrap().1;
    made.iter()
        .map(|(preset, desc, rating, solution)| {
            let solution = Some(Bounded(solution.clone()));
            let entry = PackEntry { desc: desc.clone(), rating: *rating, solution, ..PackEntry::default() };
            (*preset, registry::load(&entry).unwrap_or_else(|e| panic!("{desc}: {e}")), *rating)
        })
        .collect()
}

/// [`PER_PRESET`] distinct puzzles of every preset of `family`.
fn made(family: &Entry) -> Vec<Made> {
    let mut out = Vec::new();
    for preset in family.presets {
        let mut generator = family.generator(&format!("preset={}", preset.name), 7).unwrap();
        for tables in tables_of(family) {
            let _ = generator.set_tables(tables);
        }
        let mut seen = HashSet::new();
        while seen.len() < PER_PRESET {
            match generator.step(u32::MAX) {
                Ok(lphint::session::GeneratedSession { session, rating, .. }) => {
                    assert!(
                        seen.insert(session.fingerprint()),
                        "{}: {} repeats a level",
                        family.name,
                        session.describe()
                    );
                    out.push((preset.name, session.describe(), rating, session.stored_solution()));
                }
                Err(Status::InProgress) => continue,
                Err(status) => panic!("{} {}: {}", family.name, preset.name, generator.reason(status)),
            }
        }
    }
    out
}

fn every_family(mut check: impl FnMut(&'static Entry)) {
    assert!(registry::families().len() >= 4);
    for family in registry::families() {
        check(family);
    }
}

/// The exact distance from `session`'s position (the family's own solver), or `None` when unsolvable.
fn distance(family: &Entry, session: &dyn AnySession) -> Option<usize> {
    let mut copy = registry::parse(&session.describe()).unwrap();
    with_tables(family, copy.as_mut());
    let mut solver = copy.solver(Algorithm::Exact, 0).unwrap();
    loop {
        let step = solver.step(u32::MAX);
        match step.status {
            Status::InProgress => continue,
            Status::Found => return Some(solver.moves().len()),
            Status::Unsolvable => return None,
            other => panic!("{}: {}", session.describe(), other.name()),
        }
    }
}

/// Plays hints from `session`'s position to the end, checking every optimal hint against the exact
/// distance; returns the moves played, or `None` when the position is unsolvable.
///
/// The exact solver is asked at the first optimal hint of a run of them; a hint that follows an optimal
/// hint and says one move fewer is checked when the run ends: at the goal, exactly that many moves after
/// a position whose distance the solver gave, every such hint was the distance (no shorter path from it,
/// or the first would have one; its own path to the goal as long as it said). A run that ends otherwise
/// has each of its hints asked of the solver.
fn play_hints(family: &Entry, mut session: Box<dyn AnySession>) -> Option<usize> {
    with_tables(family, session.as_mut());
    let mut moves = 0;
    // Positions whose optimal hints wait for the run to end: (description, moves left it said).
    let mut run: Vec<(String, u32)> = Vec::new();
    let check_run = |run: &mut Vec<(String, u32)>| {
        for (desc, left) in run.drain(..).filter(|(desc, _)| !desc.is_empty()) {
            let copy = registry::parse(&desc).unwrap();
            assert_eq!(distance(family, copy.as_ref()), Some(left as usize), "{desc}");
        }
    };
    loop {
        let hint = match session.next_hint(10_000) {
            Err(Status::InProgress) => continue,
            Err(Status::AlreadySolved) => {
                // The run reached the goal: its last hint said one move left, the rest follow.
                if run.last().is_some_and(|&(_, left)| left != 1) {
                    check_run(&mut run);
                }
                return Some(moves);
            }
            Err(Status::Unsolvable) => {
                check_run(&mut run);
                assert_eq!(distance(family, session.as_ref()), None, "{}: called unsolvable", session.describe());
                return None;
            }
            Ok(hint) => hint,
            Err(other) => panic!("{}: {}", session.describe(), other.name()),
        };
        assert!(
            family.reasons.iter().any(|r| r.code == hint.reason),
            "{}: unknown reason {}",
            family.name,
            hint.reason
        );
        let text = session.hint_text().unwrap();
        assert!(!text.is_empty() && session.move_token(&hint.mv).is_some(), "{}: {text}", session.describe());
        let (w, h) = session.board_size();
        assert!(
            session.hint_cells().unwrap_or_default().iter().all(|&c| (c as u32) < w * h),
            "{}: cells off the board",
            family.name
        );
        if hint.optimal && run.last().is_some_and(|&(_, left)| left == hint.moves_left + 1) {
            run.push((session.describe(), hint.moves_left));
        } else {
            check_run(&mut run);
            if hint.optimal {
                assert_eq!(
                    distance(family, session.as_ref()),
                    Some(hint.moves_left as usize),
                    "{}",
                    session.describe()
                );
                // The run's first position, asked of the solver: kept apart from the ones to be checked.
                run.push((String::new(), hint.moves_left));
            }
        }
        // The hint's tiers on every preset's puzzles: what to move lies where to look, the plan starts
        // with the move.
        use lphint::family::Tier;
        let piece: HashSet<u16> = session.hint_tier_cells(Tier::Piece).unwrap().iter().copied().collect();
        let region: HashSet<u16> = session.hint_tier_cells(Tier::Region).unwrap().iter().copied().collect();
        assert!(piece.is_subset(&region), "{}: tier 2 outside tier 1", session.describe());
        let first = session.hint_plan(3).unwrap()[0];
        assert_eq!(first, hint.mv, "{}", session.describe());
        session.apply(&hint.mv).unwrap_or_else(|e| panic!("{}: the hint is illegal: {e}", session.describe()));
        moves += 1;
        assert!(moves <= 10_000, "{}: hints do not end", family.name);
    }
}

#[test]
fn every_preset_generates_distinct_puzzles_in_its_band_rated_exactly() {
    every_family(|family| {
        for (preset, session, rating) in generated(family) {
            let text = family.presets.iter().find(|p| p.name == preset).unwrap().params;
            let values = Values::parse(family.params, family.presets, text).unwrap();
            let (min, max) = (values.int("min") as u32, values.int("max") as u32);
            assert!((min..=max).contains(&rating), "{} {preset}: {} rated {rating}", family.name, session.describe());
            // The rating is re-derived by the family's exact rater, and the stored solution is optimal.
            let entry = PackEntry {
                desc: session.describe(),
                rating,
                solution: Some(Bounded(session.stored_solution())),
                ..PackEntry::default()
            };
            let tables = tables_of(family);
            let tables = tables.iter().find(|t| registry::parse(&entry.desc).unwrap().set_tables(t).is_ok());
            registry::verify(&entry, tables).unwrap_or_else(|e| panic!("{} {preset}: {e}", family.name));
        }
    });
}

#[test]
fn every_family_generates_from_its_defaults_within_a_bound() {
    // The defaults (no parameter given) and every preset hand out puzzles within 20 million units of
    // work each (well under a second on a desktop core for every family, `lp bench frames` measures).
    every_family(|family| {
        for params in std::iter::once(String::new()).chain(family.presets.iter().map(|p| format!("preset={}", p.name)))
        {
            // Linjat's optimizer runs 10,000 iterations a puzzle by default: a few are enough here.
            let params = match family.params.iter().any(|p| p.name == "iterations") {
                true if params.is_empty() => String::from("iterations=20"),
                true => format!("{params},iterations=20"),
                false => params,
            };
            let mut generator =
                family.generator(&params, 11).unwrap_or_else(|e| panic!("{} '{params}': {e}", family.name));
            generator.set_limits(Limits { max_nodes: 20_000_000, ..Limits::default() });
            for tables in tables_of(family) {
                let _ = generator.set_tables(tables);
            }
            if let Err(status) = generator.next(u32::MAX) {
                panic!("{} '{params}': {}", family.name, generator.reason(status));
            }
        }
    });
}

#[test]
fn every_variant_makes_puzzles_in_its_own_notation_from_its_params_and_its_presets() {
    // A variant (Rush Hour of sliding blocks) is listed as a family of its own: its parameters alone and
    // each of its presets on top make puzzles its notation writes, and the registry finds its family by
    // that notation; the presets it claims are the family's.
    let mut seen = 0;
    every_family(|family| {
        for variant in family.variants {
            assert_eq!(registry::find(variant.notation).map(|e| e.id), Some(family.id), "{}", variant.notation);
            let made = std::iter::once(String::new()).chain(variant.presets.iter().map(|p| {
                assert!(family.presets.iter().any(|q| q.name == *p), "{}: no preset {p}", variant.title);
                format!(",preset={p}")
            }));
            for extra in made {
                let params = format!("{}{extra}", variant.params);
                let mut generator = family.generator(&params, 3).unwrap_or_else(|e| panic!("'{params}': {e}"));
                generator.set_limits(Limits { max_nodes: 20_000_000, ..Limits::default() });
                let puzzle = generator.next(u32::MAX).unwrap_or_else(|s| panic!("'{params}': {}", generator.reason(s)));
                let desc = puzzle.session.describe();
                assert!(desc.starts_with(&format!("{}:", variant.notation)), "'{params}' made {desc}");
                seen += 1;
            }
        }
    });
    assert!(seen >= 4, "Rush Hour and its three presets");
}

#[test]
fn descriptions_and_move_codes_round_trip() {
    every_family(|family| {
        for (_, session, _) in generated(family) {
            let desc = session.describe();
            let again = registry::parse(&desc).unwrap();
            assert_eq!(again.describe(), desc);
            assert_eq!(again.fingerprint(), session.fingerprint());
            assert_eq!(again.family(), family.name);
            // Every move the family offers plays, names itself and changes the position.
            let moves = session.legal_moves();
            assert!(!moves.is_empty(), "{desc}: no move from the start");
            for code in moves {
                let mut copy = registry::parse(&desc).unwrap();
                assert!(copy.move_token(&code).is_some() && copy.move_text(&code).is_some(), "{desc}: {code:?}");
                copy.apply(&code).unwrap_or_else(|e| panic!("{desc}: {e}"));
                assert_ne!(copy.describe(), desc, "{desc}: {code:?} changed nothing");
                let resumed = registry::parse(&copy.describe()).unwrap();
                assert_eq!(resumed.describe(), copy.describe(), "a position resumes from its description");
            }
            // An illegal code changes nothing.
            let mut copy = registry::parse(&desc).unwrap();
            let bogus = lphint::family::MoveCode { piece: 9999, from: 9999, to: 9999, arg: 9999 };
            assert!(copy.apply(&bogus).is_err());
            assert_eq!(copy.describe(), desc);
        }
    });
}

#[test]
fn hints_reach_the_goal_from_the_start_and_from_off_the_path() {
    let mut rng = common::rng(17);
    every_family(|family| {
        for (_, session, rating) in generated(family) {
            let desc = session.describe();
            // From the stored plan (no search), then from a fresh parse (a search).
            let played = play_hints(family, session);
            if family.rated_by_length {
                assert_eq!(played, Some(rating as usize), "{desc}: the hints' length is the rating");
            }
            let fresh = registry::parse(&desc).unwrap();
            assert!(play_hints(family, fresh).is_some(), "{desc}");
            // Off the path: a random legal move first, then hints to the end (or proven unsolvable).
            let mut off = registry::parse(&desc).unwrap();
            let moves = off.legal_moves();
            off.apply(&moves[rng.random_range(0..moves.len())]).unwrap();
            play_hints(family, off);
        }
    });
}

#[test]
fn packs_round_trip_for_every_family() {
    every_family(|family| {
        let entries: Vec<PackEntry> = generated(family)
            .into_iter()
            .map(|(preset, session, rating)| PackEntry {
                desc: session.describe(),
                rating,
                solution: Some(Bounded(session.stored_solution())),
                name: Some(format!("{} {preset}", family.name)),
                tier: Some(preset.into()),
                played: None,
            })
            .collect();
        let pack = Pack::of(entries);
        let loaded = registry::load_pack(&pack.to_bytes()).unwrap();
        assert_eq!(loaded, pack);
        for entry in &loaded.entries {
            let mut session = registry::load(entry).unwrap();
            assert_eq!(session.describe(), entry.desc);
            // Hints along a stored solution need no search: a budget of zero answers them.
            match session.next_hint(0) {
                Ok(hint) => assert_eq!(hint.mv, entry.solution.as_ref().unwrap().0[0]),
                Err(status) => panic!("{}: {}", entry.desc, status.name()),
            }
        }
    });
}

#[test]
fn garbage_descriptions_are_refused_with_a_column_and_a_reason() {
    let mut rng = common::rng(23);
    every_family(|family| {
        let valid = generated(family).into_iter().map(|(_, s, _)| s.describe()).next().unwrap();
        let mut garbage: Vec<String> = vec![
            format!("{}:", family.name),
            format!("{}:x", family.name),
            format!("{}:1x1:?:?:?:?:?", family.name),
            format!("{}:{}", family.name, "9".repeat(40)),
        ];
        // Every cut of a valid description, and random damage to it.
        garbage.extend((0..valid.len()).filter(|&i| valid.is_char_boundary(i)).map(|i| valid[..i].to_string()));
        for _ in 0..200 {
            let mut bytes = valid.clone().into_bytes();
            let at = rng.random_range(family.name.len() + 1..bytes.len());
            bytes[at] = b"0123456789:,;/.#!@x*-"[rng.random_range(0..21)];
            garbage.push(String::from_utf8(bytes).unwrap());
        }
        for text in garbage {
            match registry::parse(&text) {
                Ok(session) => {
                    let printed = session.describe();
                    assert_eq!(registry::parse(&printed).unwrap().describe(), printed, "{text}");
                }
                Err(e) => {
                    assert!(!e.reason.is_empty(), "{text}: no reason");
                    assert!(e.column >= 1 && e.column <= text.chars().count() + 1, "{text}: column {}", e.column);
                }
            }
        }
    });
}

#[test]
fn garbage_parameter_texts_are_refused_naming_the_key() {
    every_family(|family| {
        let refused = |text: &str| {
            family.check_params(text).err().unwrap_or_else(|| panic!("{}: '{text}' accepted", family.name))
        };
        assert_eq!(refused("no_such_key=1").key, "no_such_key");
        assert!(refused("min").reason.contains("expected key=value"));
        assert_eq!(refused("preset=no_such_preset").key, "preset");
        for spec in family.params {
            let error = refused(&format!("{}=garbage", spec.name));
            assert_eq!(error.key, spec.name, "{}: {error}", family.name);
            // Any text is a text: the family's reading of it refuses it, in its own words.
            if spec.kind != Kind::Text {
                assert!(error.reason.contains(&spec.allowed()), "{}: {error}", family.name);
            }
            if matches!(spec.kind, Kind::Int) && spec.max < i64::MAX {
                let error = refused(&format!("{}={}", spec.name, spec.max + 1));
                assert!(error.reason.contains("out of range"), "{}: {error}", family.name);
            }
        }
        // Every preset's text, and the defaults, are accepted and print back the same.
        for preset in family.presets {
            let printed = family.check_params(&format!("preset={}", preset.name)).unwrap();
            assert_eq!(family.check_params(&printed).unwrap(), printed);
        }
        assert!(registry::named(family.name).is_ok());
    });
    assert!(registry::named("no_such_family").unwrap_err().contains("unknown family 'no_such_family' (known: "));
}

/// Every way to set one of the family's play options: each value of each choice option (the defaults
/// among them), or nothing for a family without options.
fn option_settings(family: &Entry) -> Vec<Vec<(&'static str, &'static str)>> {
    let mut settings = Vec::new();
    for spec in family.options {
        if let Kind::Choice(values) = spec.kind {
            settings.extend(values.iter().map(|&v| vec![(spec.name, v)]));
        }
    }
    if settings.is_empty() {
        settings.push(Vec::new());
    }
    settings
}

/// Option settings with the spaces of small puzzles explored under them.
type Explored = Vec<(Vec<(&'static str, &'static str)>, Vec<Space>)>;

/// The spaces of `family`'s small puzzles (at most 4,000 states each) under each option setting,
/// explored once for all the tests (every family on its own thread).
fn small_spaces(family: &Entry) -> &'static Explored {
    static SPACES: OnceLock<Vec<(u32, Explored)>> = OnceLock::new();
    let all = SPACES.get_or_init(|| {
        std::thread::scope(|scope| {
            let handles: Vec<_> = registry::families()
                .iter()
                .map(|family| {
                    scope.spawn(move || {
                        let puzzles = small_puzzles(family, 40);
                        let explored: Explored = option_settings(family)
                            .into_iter()
                            .map(|options| {
                                let spaces: Vec<Space> =
                                    puzzles.iter().filter_map(|desc| space::explore(desc, &options, 4000)).collect();
                                assert!(spaces.len() >= 20, "{}: most small spaces exceed 4,000 states", family.name);
                                (options, spaces)
                            })
                            .collect();
                        (family.id, explored)
                    })
                })
                .collect();
            handles.into_iter().map(|h| h.join().unwrap()).collect()
        })
    });
    &all.iter().find(|(id, _)| *id == family.id).unwrap().1
}

#[test]
fn declared_admissible_heuristics_never_exceed_the_breadth_first_distance() {
    every_family(|family| {
        let mut checked = 0;
        for (options, spaces) in small_spaces(family) {
            for space in spaces {
                if !space.admissible {
                    continue;
                }
                for (id, desc) in space.states.iter().enumerate() {
                    if let Some(d) = space.to_goal[id] {
                        let h = space.heuristic[id];
                        assert!(h <= d, "{desc} {options:?}: heuristic {h} but {d} moves to the goal");
                        checked += 1;
                    }
                }
            }
        }
        assert!(checked > 0, "{}: no admissible heuristic checked", family.name);
    });
}

#[test]
fn cluster_analyses_agree_with_the_breadth_first_distances() {
    // For the families whose moves can all be undone: the states, the distances to the nearest solved
    // state and the farthest of them, as the brute force finds them.
    let mut analysed = 0;
    every_family(|family| {
        let (options, spaces) = &small_spaces(family)[0];
        for space in spaces {
            let Some(cluster) = space::session(&space.states[0], options).cluster(1 << 20, 1) else { return };
            let cluster = cluster.unwrap_or_else(|s| panic!("{}: {}", space.states[0], s.name()));
            assert_eq!(cluster.states, space.states.len(), "{}", space.states[0]);
            assert_eq!(cluster.start_distance, space.to_goal[0], "{}", space.states[0]);
            let mut histogram = vec![0u64; 0];
            for d in space.to_goal.iter().flatten() {
                if histogram.len() <= *d as usize {
                    histogram.resize(*d as usize + 1, 0);
                }
                histogram[*d as usize] += 1;
            }
            assert_eq!(cluster.histogram, histogram, "{}", space.states[0]);
            analysed += 1;
        }
    });
    assert!(analysed >= 80, "{analysed} clusters analysed");
}

/// The algorithms of the lab, with a node cap each.
const ALGORITHMS: &[&str] = &[
    "bfs",
    "ucs",
    "astar",
    "ida",
    "exact",
    "best-first",
    "wastar:2",
    "beam:50",
    "hill",
    "anneal:iterations=2000,restarts=2",
];

#[test]
fn every_search_that_claims_optimality_matches_the_breadth_first_distance() {
    every_family(|family| {
        let mut proven = 0;
        for (options, spaces) in small_spaces(family) {
            for space in spaces.iter().take(20) {
                for id in sample(space, 6) {
                    let desc = &space.states[id];
                    let truth = space.to_goal[id];
                    for name in ALGORITHMS {
                        let algorithm = Algorithm::parse(name).unwrap();
                        let start = space::session(desc, options);
                        let mut solver = start.solver(algorithm, 100_000).unwrap();
                        solver.set_node_limit(50_000);
                        let status = loop {
                            match solver.step(10_000).status {
                                Status::InProgress => continue,
                                other => break other,
                            }
                        };
                        let what = format!("{desc} {options:?} {name}");
                        match status {
                            Status::Found => {
                                let moves = solver.moves().to_vec();
                                let mut game = space::session(desc, options);
                                for code in &moves {
                                    game.apply(code).unwrap_or_else(|e| panic!("{what}: illegal move: {e}"));
                                }
                                assert!(game.is_solved(), "{what}: the path does not reach the goal");
                                let d = truth.unwrap_or_else(|| panic!("{what}: a path where none exists"));
                                assert!(moves.len() as u32 >= d, "{what}: {} moves, shorter than {d}", moves.len());
                                if solver.solution_is_optimal() {
                                    assert_eq!(moves.len() as u32, d, "{what}: called optimal");
                                    proven += 1;
                                }
                            }
                            Status::Unsolvable => assert_eq!(truth, None, "{what}: called unsolvable"),
                            _ => {}
                        }
                    }
                }
            }
        }
        assert!(proven > 0, "{}: no search proved anything", family.name);
    });
}

#[test]
fn hints_agree_with_the_breadth_first_distance_from_every_sampled_state() {
    every_family(|family| {
        for (options, spaces) in small_spaces(family) {
            for space in spaces {
                hints_from_samples(space, options);
            }
        }
    });
}

/// Hints from states of `space` (under `options`) against its distances: an optimal hint is the
/// distance and brings the goal one move closer; any hint is legal and no shorter than the distance.
fn hints_from_samples(space: &Space, options: &[(&str, &str)]) {
    for id in sample(space, 12) {
        let desc = &space.states[id];
        let truth = space.to_goal[id];
        let mut game = space::session(desc, options);
        let hint = loop {
            match game.next_hint(1000) {
                Err(Status::InProgress) => continue,
                other => break other,
            }
        };
        match hint {
            Err(Status::AlreadySolved) => assert_eq!(truth, Some(0), "{desc}: called solved"),
            Err(Status::Unsolvable) => assert_eq!(truth, None, "{desc}: called unsolvable"),
            Ok(hint) => {
                let d = truth.unwrap_or_else(|| panic!("{desc}: a hint where no solution exists"));
                assert!(hint.moves_left >= d, "{desc}: {} moves left, shorter than {d}", hint.moves_left);
                game.apply(&hint.mv).unwrap_or_else(|e| panic!("{desc}: the hint is illegal: {e}"));
                let after = game.describe();
                let next = space.distance_of(&after).unwrap_or_else(|| {
                    space::explore(&after, options, 100_000).expect("the space after a hint").to_goal[0]
                });
                if hint.optimal {
                    assert_eq!(hint.moves_left, d, "{desc}: optimal hint");
                    assert_eq!(next, Some(d - 1), "{desc}: the optimal hint does not bring the goal closer");
                }
            }
            Err(other) => panic!("{desc}: {}", other.name()),
        }
    }
}

#[test]
fn every_tier_of_a_hint_reads_off_the_plan_of_the_move() {
    use lphint::family::Tier;
    every_family(|family| {
        let mut checked = 0;
        for (options, spaces) in small_spaces(family) {
            for space in spaces.iter().take(8) {
                for id in sample(space, 6) {
                    let desc = &space.states[id];
                    let mut game = space::session(desc, options);
                    // No hint yet: no tiers.
                    assert!(game.hint_tier_cells(Tier::Region).is_none() && game.hint_plan(4).is_none(), "{desc}");
                    let hint = loop {
                        match game.next_hint(1000) {
                            Err(Status::InProgress) => continue,
                            other => break other,
                        }
                    };
                    let Ok(hint) = hint else { continue };
                    let cells = |game: &mut Box<dyn AnySession>, tier| -> HashSet<u16> {
                        game.hint_tier_cells(tier)
                            .unwrap_or_else(|| panic!("{desc}: no tier {tier:?}"))
                            .iter()
                            .copied()
                            .collect()
                    };
                    let (region, piece, exact) =
                        (cells(&mut game, Tier::Region), cells(&mut game, Tier::Piece), cells(&mut game, Tier::Move));
                    let (w, h) = game.board_size();
                    assert!(region.iter().all(|&c| u32::from(c) < w * h), "{desc}: tier 1 off the board");
                    // Where to look holds what to move; what to move is where the move happens.
                    assert!(piece.is_subset(&region), "{desc}: tier 2 {piece:?} outside tier 1 {region:?}");
                    assert!(
                        piece.is_empty() || !piece.is_disjoint(&exact),
                        "{desc}: tier 2 {piece:?} apart from the move {exact:?}"
                    );
                    assert_eq!(
                        exact,
                        game.hint_cells().unwrap_or_default().iter().copied().collect(),
                        "{desc}: tier 3 is the hint's cells"
                    );
                    // The words: each tier its own, the piece named as the sentences name it.
                    let words: Vec<String> =
                        (1..=4).map(|t| game.hint_tier_text(Tier::of(t).unwrap(), 3).unwrap()).collect();
                    assert!(words.iter().all(|w| !w.is_empty()), "{desc}: {words:?}");
                    assert_eq!(words[2], game.hint_text().unwrap(), "{desc}");
                    assert!(words[0] != words[2] && words[1] != words[2], "{desc}: {words:?}");
                    if let Some(name) = game.piece_name(hint.mv.piece) {
                        assert!(
                            words[1].contains(&name.name),
                            "{desc}: tier 2 '{}' does not name {}",
                            words[1],
                            name.name
                        );
                    }
                    // The plan starts with the hint, replays legally, and (from an optimal hint) brings
                    // the goal one move closer each move.
                    let plan = game.hint_plan(usize::MAX >> 1).unwrap().to_vec();
                    assert_eq!(plan[0], hint.mv, "{desc}: the plan starts with the hint");
                    assert!(plan.len() <= hint.moves_left as usize, "{desc}");
                    let mut replay = space::session(desc, options);
                    let mut left = space.to_goal[id];
                    for mv in &plan {
                        replay.apply(mv).unwrap_or_else(|e| panic!("{desc}: the plan's move is illegal: {e}"));
                        let next = space.distance_of(&replay.describe_position()).flatten();
                        if hint.optimal {
                            assert_eq!(next, left.map(|d| d - 1), "{desc}: the plan leaves the shortest way");
                        }
                        left = next;
                    }
                    if plan.len() == hint.moves_left as usize {
                        assert!(replay.is_solved(), "{desc}: the whole plan does not end solved");
                    }
                    assert_eq!(game.hint_plan(2).unwrap().len(), plan.len().min(2), "{desc}");
                    // A move drops the hint: its tiers are for the position it was given from.
                    game.apply(&hint.mv).unwrap();
                    assert!(game.hint_tier_text(Tier::Piece, 1).is_none(), "{desc}: tiers after a move");
                    checked += 1;
                }
            }
        }
        assert!(checked >= 20, "{}: only {checked} hints' tiers checked", family.name);
    });
}

/// Runs "check my board" on `game` to its end.
fn check(game: &mut Box<dyn AnySession>) -> lphint::check::BoardCheck {
    loop {
        match game.check_board(500) {
            Err(Status::InProgress) => continue,
            Ok(check) => return check,
            Err(other) => panic!("{}: {}", game.describe(), other.name()),
        }
    }
}

#[test]
fn checking_a_board_finds_the_first_wrong_move_and_the_move_that_lost_it_as_the_oracle_does() {
    every_family(|family| {
        let mut rng = common::rng(45);
        let (mut checked, mut wrong, mut lost) = (0, 0, 0);
        for (options, spaces) in small_spaces(family) {
            for space in spaces.iter().take(10) {
                for _ in 0..6 {
                    // A random game from the start, its positions' distances from the oracle.
                    let mut game = space::session(&space.states[0], options);
                    let mut ids = vec![0usize];
                    let moves = rng.random_range(0..9);
                    for _ in 0..moves {
                        let here = *ids.last().unwrap();
                        if space.moves[here].is_empty() {
                            break;
                        }
                        let (code, next) = space.moves[here][rng.random_range(0..space.moves[here].len())];
                        space::play(&mut game, &code);
                        ids.push(next);
                    }
                    let d: Vec<Option<u32>> = ids.iter().map(|&i| space.to_goal[i]).collect();
                    let f = |i: usize| d[i].map(|d| d + i as u32);
                    let first_wrong = d[0].and((1..d.len()).find(|&i| f(i) != f(0))).map(|i| i as u32 - 1);
                    let lost_at = d[0].and((1..d.len()).find(|&i| d[i].is_none())).map(|i| i as u32 - 1);
                    let found = check(&mut game);
                    let desc = &space.states[0];
                    assert_eq!(found.moves as usize, ids.len() - 1, "{desc}");
                    if !found.exact {
                        continue;
                    }
                    assert_eq!((found.start_distance, found.distance), (d[0], *d.last().unwrap()), "{desc}: {ids:?}");
                    assert_eq!(
                        found.first_wrong, first_wrong,
                        "{desc} {options:?}: the path {ids:?} at distances {d:?}"
                    );
                    assert_eq!(found.lost_at, lost_at, "{desc} {options:?}: the path {ids:?} at distances {d:?}");
                    checked += 1;
                    wrong += usize::from(first_wrong.is_some());
                    lost += usize::from(lost_at.is_some());
                    // A check is of the position it was asked from: one more move, a new check.
                    if let Some(&(code, next)) = space.moves[*ids.last().unwrap()].first() {
                        space::play(&mut game, &code);
                        assert_eq!(check(&mut game).distance, space.to_goal[next], "{desc}");
                    }
                }
            }
        }
        assert!(checked >= 30 && wrong >= 5, "{}: {checked} games checked, {wrong} with a wrong move", family.name);
        let _ = lost;
    });
}

#[test]
fn a_part_placed_where_the_one_solution_has_none_is_named_by_its_cells() {
    let mut total = 0;
    every_family(|family| {
        let mut named = 0;
        for (options, spaces) in small_spaces(family) {
            for space in spaces.iter().take(12) {
                let start = space.to_goal[0];
                // A first move off every shortest solution.
                let Some(&(code, _)) = space.moves[0].iter().find(|(_, next)| {
                    let (a, b) = (space.to_goal[*next], start);
                    a.is_some() && b.is_some() && a.unwrap() + 1 != b.unwrap()
                }) else {
                    continue;
                };
                let mut game = space::session(&space.states[0], options);
                let before: Vec<i32> = (0..cells(game.as_ref())).map(|c| game.cell(c)).collect();
                game.apply(&code).unwrap();
                let changed: HashSet<u16> =
                    (0..cells(game.as_ref())).filter(|&c| game.cell(c) != before[c]).map(|c| c as u16).collect();
                let found = check(&mut game);
                assert_eq!(found.first_wrong, Some(0), "{}", space.states[0]);
                if found.mistakes_known && found.exact {
                    // The wrong part's cells: those it changed (and a Linjat segment also covers its
                    // number's own cell, whose value does not change).
                    let mistakes: HashSet<u16> = found.mistakes.iter().copied().collect();
                    let why = format!("{}: {mistakes:?} for the part at {changed:?}", space.states[0]);
                    assert!(changed.is_subset(&mistakes) && mistakes.len() <= changed.len() + 1, "{why}");
                    named += 1;
                }
            }
        }
        total += named;
    });
    // The families of parts (segments, pieces) named them on the puzzles with one solution.
    assert!(total >= 3, "only {total} wrong parts named");
}

/// "Solve the trivial steps" stepped by 50 units to its answer, no call spending more than its budget.
fn trivial_steps(game: &mut Box<dyn AnySession>, rules: &[u32], max: usize) -> Result<Vec<MoveCode>, Status> {
    loop {
        let answer = game.trivial_steps(rules, max, 50);
        assert!(game.trivial_work() <= 50 + 16, "{}: a call spent {}", game.describe(), game.trivial_work());
        if answer != Err(Status::InProgress) {
            return answer;
        }
    }
}

fn cells(game: &dyn AnySession) -> usize {
    let (w, h) = game.board_size();
    (w * h) as usize
}

#[test]
fn trivial_steps_are_deductions_that_stay_on_the_solution_or_moves_with_no_other_way_on() {
    every_family(|family| {
        let (mut played, mut refused) = (0, 0);
        for (options, spaces) in small_spaces(family) {
            for space in spaces.iter().take(12) {
                // Distances from the start, so that a position on a shortest solution is known.
                let mut from_start = vec![None; space.states.len()];
                from_start[0] = Some(0u32);
                let mut queue = std::collections::VecDeque::from([0usize]);
                while let Some(at) = queue.pop_front() {
                    for &(_, next) in &space.moves[at] {
                        if from_start[next].is_none() {
                            from_start[next] = Some(from_start[at].unwrap() + 1);
                            queue.push_back(next);
                        }
                    }
                }
                let Some(total) = space.to_goal[0] else { continue };
                let solved = (0..space.states.len()).filter(|&i| space.to_goal[i] == Some(0)).count();
                for id in sample(space, 6) {
                    let on_path = from_start[id].zip(space.to_goal[id]).is_some_and(|(a, b)| a + b == total);
                    let desc = &space.states[id];
                    let mut game = space::session(desc, options);
                    let deduces = family.deduces;
                    let steps = match trivial_steps(&mut game, &[], 5) {
                        // A family that deduces refuses a position with a part no solution has: off the one
                        // solution (its parts are only drawn, so every position with none wrong is on it).
                        Err(Status::NotFound(lphint::status::Shortfall::Mistakes)) => {
                            assert!(deduces && solved == 1 && !on_path, "{desc}: refused, yet on the solution");
                            assert_eq!(game.describe_position(), *desc, "{desc}: a refusal plays nothing");
                            refused += 1;
                            continue;
                        }
                        Err(e) => panic!("{desc}: {}", e.name()),
                        Ok(steps) => steps,
                    };
                    assert!(!(deduces && solved == 1 && !on_path), "{desc}: deductions from a board with a mistake");
                    let mut at = id;
                    for code in &steps {
                        let ways: Vec<usize> = space.moves[at]
                            .iter()
                            .filter(|(_, n)| space.to_goal[*n].is_some())
                            .map(|(_, n)| *n)
                            .collect();
                        let next = space.moves[at].iter().find(|(c, _)| c == code).map(|&(_, n)| n);
                        let next =
                            next.unwrap_or_else(|| panic!("{desc}: the trivial step {code:?} is not a legal move"));
                        if deduces {
                            // A deduction from a position on the one solution stays on it.
                            if on_path && solved == 1 {
                                assert_eq!(
                                    space.to_goal[next],
                                    space.to_goal[at].map(|d| d - 1),
                                    "{desc}: {code:?} leaves the solution"
                                );
                            }
                        } else {
                            assert_eq!(ways, vec![next], "{desc}: {code:?} was not the only way on");
                        }
                        at = next;
                        played += 1;
                    }
                    assert_eq!(game.describe_position(), space.states[at], "{desc}: the trivial steps are played");
                }
            }
        }
        if family.reasons.iter().any(|r| r.name == "cover") {
            assert!(played >= 10 && refused >= 3, "{}: {played} deductions played, {refused} refused", family.name);
        }
    });
}
