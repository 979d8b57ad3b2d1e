//! An independent brute force over any family, through the registry's interface only: the whole state
//! space reachable from a position, explored breadth-first with each position's description as its key
//! (up to interchangeable pieces, as the searches count positions),
//! and every state's distance to the nearest solved state (breadth-first from the solved states over the
//! reversed moves). It knows nothing of a family's heuristic or solvers, which it is there to check.

use lphint::family::{MoveCode, Tier};
use lphint::generate::Limits;
use lphint::registry::{self, Entry};
use lphint::search::Status;
use lphint::session::{AnySession, SessionHint};
use std::collections::{HashMap, VecDeque};

/// A state space explored from one position.
pub struct Space {
    /// Each state's description (the first is the position explored from).
    pub states: Vec<String>,
    /// The moves from each state: the move and the state it leads to.
    pub moves: Vec<Vec<(MoveCode, usize)>>,
    /// Each state's distance in moves to the nearest solved state (`None`: no solved state reachable).
    pub to_goal: Vec<Option<u32>>,
    /// Each state's heuristic value and whether the family declares it admissible.
    pub heuristic: Vec<u32>,
    /// Whether the family declares the heuristic admissible (under the options given).
    pub admissible: bool,
}

/// A session for `desc` with `options` set.
pub fn session(desc: &str, options: &[(&str, &str)]) -> Box<dyn AnySession> {
    let mut session = registry::parse(desc).unwrap_or_else(|e| panic!("{desc}: {e}"));
    for (key, value) in options {
        session.set_option(key, value).unwrap_or_else(|e| panic!("{desc}: {key}={value}: {e}"));
    }
    session
}

/// The space reachable from `desc` under `options`, or `None` when it holds more than `cap` states.
pub fn explore(desc: &str, options: &[(&str, &str)], cap: usize) -> Option<Space> {
    let first = session(desc, options);
    let admissible = first.heuristic_is_admissible();
    let mut index: HashMap<String, usize> = HashMap::new();
    let mut space =
        Space { states: Vec::new(), moves: Vec::new(), to_goal: Vec::new(), heuristic: Vec::new(), admissible };
    let mut solved = Vec::new();
    index.insert(first.describe_position(), 0);
    space.states.push(first.describe_position());
    let mut at = 0;
    while at < space.states.len() {
        let here = session(&space.states[at], options);
        space.heuristic.push(here.heuristic());
        solved.push(here.is_solved());
        let mut moves = Vec::new();
        for code in here.legal_moves() {
            let mut next = session(&space.states[at], options);
            next.apply(&code).unwrap_or_else(|e| panic!("{}: a listed move is illegal: {e}", space.states[at]));
            let desc = next.describe_position();
            let id = match index.get(&desc) {
                Some(&id) => id,
                None => {
                    if space.states.len() >= cap {
                        return None;
                    }
                    index.insert(desc.clone(), space.states.len());
                    space.states.push(desc);
                    space.states.len() - 1
                }
            };
            moves.push((code, id));
        }
        space.moves.push(moves);
        at += 1;
    }
    // Distances to the goal: breadth-first from every solved state over the reversed moves.
    let mut back: Vec<Vec<usize>> = vec![Vec::new(); space.states.len()];
    for (from, moves) in space.moves.iter().enumerate() {
        for &(_, to) in moves {
            back[to].push(from);
        }
    }
    space.to_goal = vec![None; space.states.len()];
    let mut queue = VecDeque::new();
    for (id, _) in solved.iter().enumerate().filter(|(_, &s)| s) {
        space.to_goal[id] = Some(0);
        queue.push_back(id);
    }
    while let Some(id) = queue.pop_front() {
        let d = space.to_goal[id].unwrap() + 1;
        for &from in &back[id] {
            if space.to_goal[from].is_none() {
                space.to_goal[from] = Some(d);
                queue.push_back(from);
            }
        }
    }
    Some(space)
}

impl Space {
    /// The distance to the goal of the state `desc` describes, if it is in the space.
    pub fn distance_of(&self, desc: &str) -> Option<Option<u32>> {
        self.states.iter().position(|s| s == desc).map(|i| self.to_goal[i])
    }
}

/// Plays on `game` the space's move `code`: the move itself when the game names its pieces as the
/// space's position does, else the game's own move with the same cells and argument (of a piece of the
/// same name, where several pieces could make it). A space keys positions up to interchangeable pieces
/// (identical blocks, Sokoban's boxes in reading order), whose labels a game keeps, and a move must name
/// the piece that moves.
pub fn play(game: &mut Box<dyn AnySession>, code: &MoveCode) {
    if game.apply(code).is_ok() {
        return;
    }
    let name = |game: &dyn AnySession, piece: u32| game.piece_name(piece).map(|n| n.name);
    let like: Vec<MoveCode> =
        game.legal_moves().into_iter().filter(|m| (m.from, m.to, m.arg) == (code.from, code.to, code.arg)).collect();
    let wanted = name(game.as_ref(), code.piece);
    let own = match like.as_slice() {
        [one] => *one,
        _ => *like
            .iter()
            .find(|m| name(game.as_ref(), m.piece) == wanted)
            .unwrap_or_else(|| panic!("{}: no move like {code:?}", game.describe())),
    };
    game.apply(&own).unwrap();
}

/// Small puzzles of `family` (its `small` parameters), up to `count` distinct ones.
pub fn small_puzzles(family: &Entry, count: usize) -> Vec<String> {
    let mut generator = family.generator(family.small, 5).unwrap_or_else(|e| panic!("{}: {e}", family.name));
    generator.set_limits(Limits { max_misses: 20_000, ..Limits::default() });
    let mut out = Vec::new();
    while out.len() < count {
        match generator.step(u32::MAX) {
            Ok(g) => out.push(g.session.describe()),
            Err(Status::InProgress) => continue,
            Err(_) => break,
        }
    }
    assert!(out.len() >= count.min(20), "{}: only {} small puzzles from '{}'", family.name, out.len(), family.small);
    out
}

/// States of `space` to start searches and hints from: the start and a spread of the others.
pub fn sample(space: &Space, count: usize) -> impl Iterator<Item = usize> + '_ {
    let step = (space.states.len() / count).max(1);
    (0..space.states.len()).step_by(step)
}

/// A hint's first two tiers at a position, for checking what their sentences claim.
pub struct Tiers {
    /// The position's description.
    pub desc: String,
    /// The game at the position, the hint given.
    pub game: Box<dyn AnySession>,
    /// The hint.
    pub hint: SessionHint,
    /// Tier 1 ("where to look"): its words.
    pub region: String,
    /// Tier 2 ("what to move"): its words.
    pub piece: String,
    /// Tier 1's cells and tier 2's.
    pub region_cells: Vec<u16>,
    pub piece_cells: Vec<u16>,
    /// The plan the hint came from (at most 32 moves).
    pub plan: Vec<MoveCode>,
    /// The game after each move of the plan.
    pub after: Vec<Box<dyn AnySession>>,
}

/// The tiers of the hint from the position `desc` (no option set), or `None` when there is no hint (a
/// solved or lost position).
pub fn tiers_at(desc: &str) -> Option<Tiers> {
    let mut game = session(desc, &[]);
    let hint = loop {
        match game.next_hint(1000) {
            Err(Status::InProgress) => continue,
            Ok(hint) => break hint,
            Err(_) => return None,
        }
    };
    let region = game.hint_tier_text(Tier::Region, 3).unwrap();
    let piece = game.hint_tier_text(Tier::Piece, 3).unwrap();
    let region_cells = game.hint_tier_cells(Tier::Region).unwrap().to_vec();
    let piece_cells = game.hint_tier_cells(Tier::Piece).unwrap().to_vec();
    let plan = game.hint_plan(32).unwrap().to_vec();
    let mut after = Vec::new();
    let mut replay = session(desc, &[]);
    for mv in &plan {
        replay.apply(mv).unwrap_or_else(|e| panic!("{desc}: the plan's move {mv:?}: {e}"));
        after.push(session(&replay.describe(), &[]));
    }
    Some(Tiers { desc: desc.to_string(), game, hint, region, piece, region_cells, piece_cells, plan, after })
}

/// The tiers at sampled positions of the spaces of `count` small puzzles of the family named `name`
/// (and of the descriptions in `more`), each handed to `check`; returns how many were checked.
pub fn every_tier(name: &str, count: usize, more: &[&str], mut check: impl FnMut(&Tiers)) -> usize {
    let family = registry::named(name).unwrap();
    let mut descs = small_puzzles(family, count);
    descs.extend(more.iter().map(|d| d.to_string()));
    let mut checked = 0;
    for desc in descs {
        let Some(space) = explore(&desc, &[], 4000) else { continue };
        for id in sample(&space, 12) {
            if let Some(tiers) = tiers_at(&space.states[id]) {
                check(&tiers);
                checked += 1;
            }
        }
    }
    checked
}
