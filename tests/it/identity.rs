//! Pieces keep their identity on the player's side: every sliding-blocks layout of `data/blocks.txt`
//! (under each count) and every Rush Hour puzzle of `data/rush.txt` is played to the goal by hints, through
//! the registry's sessions as a game plays them, and at every move each block keeps its index, its name
//! (its letter's place in A…Z a…z 0…9) and its cells unless it is the one that moves; the description of the start is the level as written,
//! and every later description names each block where the cells say it stands.

use crate::common;

use lphint::family::MoveCode;
use lphint::registry;
use lphint::session::AnySession;
use std::collections::BTreeMap;

/// The cells of each piece (by index) as `lp_puzzle_cells` reports them (index + 1 on a block's cells).
fn cells_by_piece(game: &dyn AnySession) -> BTreeMap<i32, Vec<usize>> {
    let (w, h) = game.board_size();
    let mut out: BTreeMap<i32, Vec<usize>> = BTreeMap::new();
    for i in 0..(w * h) as usize {
        let v = game.cell(i);
        if v > 0 {
            out.entry(v - 1).or_default().push(i);
        }
    }
    out
}

/// The cells of each block letter in a description (`rush:` or `blocks:`), row-major.
fn cells_by_letter(desc: &str) -> BTreeMap<char, Vec<usize>> {
    let board: String = match desc.strip_prefix("rush:") {
        Some(board) => board.to_string(),
        None => desc.split(':').nth(2).unwrap().replace('/', ""),
    };
    let mut out: BTreeMap<char, Vec<usize>> = BTreeMap::new();
    for (i, c) in board.chars().enumerate() {
        if c.is_ascii_alphanumeric() && !(desc.starts_with("rush:") && (c == 'o' || c == 'x')) {
            out.entry(c).or_default().push(i);
        }
    }
    out
}

/// Plays `desc` to the goal by hints, checking identities at every move; returns the moves played.
fn play_keeping_names(desc: &str) -> usize {
    let mut game = registry::parse(desc).unwrap_or_else(|e| panic!("{desc}: {e}"));
    assert_eq!(game.describe(), desc, "the start is described as written");
    // Each piece's name, read once at the start: its letter on its cells.
    let letters = cells_by_letter(desc);
    let start = cells_by_piece(game.as_ref());
    let name_of: BTreeMap<i32, char> =
        start.iter().map(|(piece, cells)| (*piece, *letters.iter().find(|(_, c)| *c == cells).unwrap().0)).collect();
    assert_eq!(name_of.len(), letters.len(), "{desc}: one piece a letter");
    // A block's index is read off the level as written: its letter's place in A…Z a…z 0…9.
    for (piece, name) in &name_of {
        assert_eq!(lphint::families::blocks::BLOCK_NAMES.chars().nth(*piece as usize), Some(*name), "{desc}");
    }
    let mut moves = 0;
    while !game.is_solved() {
        let hint = game.next_hint(u32::MAX).unwrap_or_else(|s| panic!("{desc}: {}", s.name()));
        let MoveCode { piece, .. } = hint.mv;
        let piece = piece as i32;
        let name = name_of[&piece];
        let before = cells_by_piece(game.as_ref());
        // The move names its piece before it is played: the token, the sentence, the hint's sentence and
        // cells all speak of the block the game knows by that index.
        let token = game.move_token(&hint.mv).unwrap();
        assert!(token.starts_with(name), "{desc}: move {moves}: token {token} for piece {piece} ({name})");
        let text = game.hint_text().unwrap();
        assert!(text.contains(&format!(" {name} ")) || text.contains("red car"), "{desc}: {text} for {name}");
        assert!(
            before[&piece].iter().all(|c| game.hint_cells().unwrap_or_default().contains(&(*c as u16))),
            "{desc}: hint cells"
        );
        game.apply(&hint.mv).unwrap();
        moves += 1;
        let after = cells_by_piece(game.as_ref());
        assert_eq!(after.len(), before.len());
        for (other, cells) in &before {
            if *other != piece {
                assert_eq!(&after[other], cells, "{desc}: move {moves} moved {name}, and {} too", name_of[other]);
            }
        }
        // The moved block keeps its shape, displaced by its anchor's move.
        let shift = hint.mv.to - hint.mv.from;
        let moved: Vec<usize> = before[&piece].iter().map(|&c| (c as i32 + shift) as usize).collect();
        assert_eq!(after[&piece], moved, "{desc}: move {moves}: piece {name}");
        // The description names every block where the cells say it is.
        let described = cells_by_letter(&game.describe());
        for (p, cells) in &after {
            assert_eq!(&described[&name_of[p]], cells, "{desc}: move {moves}: {}", game.describe());
        }
    }
    assert!(moves > 0 || desc.contains("@"), "{desc}: solved at the start");
    moves
}

#[test]
fn every_rush_hour_puzzle_is_played_with_its_own_letters() {
    let mut played = 0;
    for line in include_str!("../../data/rush.txt").lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty()) {
        let f: Vec<&str> = line.split_whitespace().collect();
        let moves = play_keeping_names(&format!("rush:{}", f[1]));
        assert_eq!(moves, f[0].parse::<usize>().unwrap(), "{line}: an optimal game");
        played += 1;
    }
    assert_eq!(played, 205);
}

#[test]
fn every_blocks_layout_is_played_with_its_own_letters_under_every_count() {
    let cases = lphint::families::blocks::data::cases(include_str!("../../data/blocks.txt")).unwrap();
    assert_eq!(cases.len(), 8);
    for case in &cases {
        for (i, count) in ["step", "line", "free"].into_iter().enumerate() {
            if case.optimal[i] < 0 {
                continue;
            }
            let mut game = registry::parse(&case.desc).unwrap();
            game.set_option("count", count).unwrap();
            let desc = game.describe();
            assert_eq!(play_keeping_names(&desc) as i64, case.optimal[i], "{} under {count}", case.id);
        }
    }
}

#[test]
fn the_issue_s_boards_keep_their_letters() {
    // Described back before any move exactly as written.
    let rush = "rush:GBBoLoGHIoLMGHIAAMCCCKoMooJKDDEEJFFo";
    assert_eq!(registry::parse(rush).unwrap().describe(), rush);
    // Moving G down leaves every other block its letter.
    let mut game = registry::parse("blocks:4x5:BAAC/BAAC/DEEF/DGHF/I..J:A@3,1").unwrap();
    let g = (0..20).find(|&i| game.describe().split(':').nth(2).unwrap().replace('/', "").as_bytes()[i] == b'G');
    let piece = game.cell(g.unwrap()) - 1;
    let code = MoveCode { piece: piece as u32, from: 13, to: 17, arg: 0 };
    game.apply(&code).unwrap();
    assert_eq!(game.describe(), "blocks:4x5:BAAC/BAAC/DEEF/D.HF/IG.J:A@3,1");
    // Identical blocks swapped are the same position to the searches.
    let mut other = registry::parse("blocks:4x5:BAAC/BAAC/DEEF/DHGF/I..J:A@3,1").unwrap();
    other.apply(&MoveCode { piece: piece as u32 + 1, from: 13, to: 17, arg: 0 }).unwrap();
    assert_eq!(game.describe_position(), other.describe_position());
    assert_ne!(game.describe(), other.describe());
}

#[test]
fn hargram_s_identical_pieces_keep_their_indices() {
    // Four identical dominoes: the player lays piece 3 first where the plan would lay piece 0; the hints
    // then finish with the pieces still off the board, and no placed piece changes index or cells.
    let mut game = registry::parse("hargram:4x2:..../....:##;##;##;##").unwrap();
    game.apply(&MoveCode { piece: 3, from: 0, to: 0, arg: 0 }).unwrap();
    let placed_first = cells_by_piece(game.as_ref());
    assert_eq!(placed_first.keys().copied().collect::<Vec<_>>(), [3]);
    while !game.is_solved() {
        let hint = game.next_hint(u32::MAX).unwrap();
        let before = cells_by_piece(game.as_ref());
        assert!(!before.contains_key(&(hint.mv.piece as i32)), "a hint lays a piece still off the board");
        game.apply(&hint.mv).unwrap();
        let after = cells_by_piece(game.as_ref());
        for (piece, cells) in &before {
            assert_eq!(&after[piece], cells, "piece {piece} kept its place");
        }
    }
    assert_eq!(cells_by_piece(game.as_ref())[&3], placed_first[&3]);
    assert!(game.describe().contains("3@0,0,"), "{}", game.describe());
}

/// Small puzzles of every family, and Sokoban rooms where boxes cross (so that reading order leaves the
/// boxes' numbers).
fn puzzles_of_every_family() -> Vec<String> {
    let mut out = Vec::new();
    for family in registry::families() {
        out.extend(common::space::small_puzzles(family, 8));
    }
    out.extend(
        [
            "sokoban:#######/#.---.#/#--$--#/#-----#/#$----#/#@----#/#######",
            "sokoban:########/#------#/#-$$-$-#/#-#--#-#/#-#--.-#/#@---.-#/#----.-#/########",
            "rush:GBBoLoGHIoLMGHIAAMCCCKoMooJKDDEEJFFo",
        ]
        .map(String::from),
    );
    out
}

/// Every piece keeps its id through describe → parse, save → load and clone, at every step of games
/// played by random legal moves, hints, undos and redos, through the C ABI: the cells (which carry each
/// piece's id) and the description come back the same; a save and a clone keep the history, and undo
/// and redo on them replay to the same positions as on the game.
#[test]
fn every_piece_keeps_its_id_through_every_round_trip() {
    let mut rng = common::rng(55);
    let (mut trips, mut undos) = (0, 0);
    for desc in puzzles_of_every_family() {
        let mut game = common::abi::Game::parse(&desc);
        // The positions before each move, to check undo against.
        let mut before: Vec<(String, Vec<i32>)> = Vec::new();
        for step in 0..30 {
            let here = game.describe();
            let history = game.history();
            assert_eq!(history.0.len(), before.len(), "{desc}, step {step}: the moves played");
            let saved = game.saved_and_loaded();
            assert_eq!(saved.history(), history, "{desc}, step {step}: the history saved");
            let copy = game.clone_game();
            assert_eq!(copy.history(), history, "{desc}, step {step}: the history cloned");
            for (way, mut back) in [("save → load", saved), ("clone", copy)] {
                if let Some((there, cells)) = before.last() {
                    assert_eq!(back.undo(), lphint::ffi::LpStatus::LP_OK, "{desc}, step {step} ({way})");
                    assert_eq!((&back.describe(), &back.cells()), (there, cells), "{desc}, step {step} ({way}): undo");
                    assert_eq!(back.redo(), lphint::ffi::LpStatus::LP_OK, "{desc}, step {step} ({way})");
                    assert_eq!(back.describe(), here, "{desc}, step {step} ({way}): redo");
                    undos += 1;
                }
            }
            for (way, back) in
                [("describe → parse", common::abi::Game::parse(&here)), ("save → load", game.saved_and_loaded())]
            {
                assert_eq!(
                    back.cells(),
                    game.cells(),
                    "{desc}, step {step} ({way}): {here} came back as {}",
                    back.describe()
                );
                assert_eq!(back.describe(), here, "{desc}, step {step} ({way})");
                trips += 1;
            }
            let moves = game.moves();
            let mv = match game.hint(1000) {
                Ok(hint) if step % 3 != 0 => hint.mv,
                _ if !moves.is_empty() => moves[rand::RngExt::random_range(&mut rng, 0..moves.len())],
                _ => break,
            };
            // Now and then the game takes a move back (and plays it again, or another).
            if step % 7 == 6 && !before.is_empty() {
                let (there, cells) = before.pop().unwrap();
                assert_eq!(game.undo(), lphint::ffi::LpStatus::LP_OK);
                assert_eq!((&game.describe(), &game.cells()), (&there, &cells), "{desc}, step {step}: undo");
                if step % 2 == 0 {
                    assert_eq!(game.redo(), lphint::ffi::LpStatus::LP_OK);
                    assert_eq!(game.describe(), here, "{desc}, step {step}: redo");
                    before.push((there, cells));
                }
                continue;
            }
            before.push((here.clone(), game.cells()));
            assert_eq!(game.apply(mv), lphint::ffi::LpStatus::LP_OK, "{here}: {mv:?}");
            assert_eq!(game.redo(), lphint::ffi::LpStatus::LP_NOT_FOUND, "a move forgets the moves undone");
        }
    }
    assert!(trips >= 2000 && undos >= 1000, "{trips} round trips, {undos} undos of saves and clones");
}
