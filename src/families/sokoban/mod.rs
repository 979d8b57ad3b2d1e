//! Sokoban: a player walks a room and pushes boxes, one at a time, never pulling, until every goal holds
//! a box. The searches count **pushes** (the usual metric): a search's move is a push, the player's walk
//! to it implied, and a position is the boxes with the region the player can walk in. The player's side
//! also takes single steps ([`Kind::Walk`]), as a game's arrow keys give them; a step that walks into a
//! box pushes it.
//!
//! Boxes keep their number from the level as written (reading order: box 1 is the first met row by row)
//! for the whole game; the searches keep them sorted by cell, which is the same position.
//!
//! What is known before any search ([`level::Level`]): the dead squares (a box there can never reach a
//! goal) and the push distances on the empty room, whose minimum-cost matching of boxes to goals is the
//! admissible lower bound that guides the optimal search ([`search`]). Freeze deadlocks (boxes frozen
//! against walls and each other off a goal) are found after every push ([`board::frozen_off_goal`]); the
//! feature-space search ([`fess`]) also asks whether the pushed box and one or two boxes near it are dead
//! searched alone ([`subsets`]).
//!
//! Text description: see [`text`]. Limits: [`MAX_SIDE`]×[`MAX_SIDE`] squares, [`MAX_BOXES`] boxes.

#[cfg(feature = "std")]
mod abi;
pub mod board;
mod cells;
pub mod corral;
mod family;
pub mod fess;
mod generate;
pub mod level;
pub mod packing;
pub mod search;
pub mod subsets;
pub mod text;
pub mod whole;

pub use family::{reason, Lost, CELL_BOX, CELL_GOAL, CELL_PLAYER, CELL_WALL, HINT_NODES};
pub use generate::{Room, SokobanParams, SolutionShape};

use alloc::sync::Arc;
use board::{has, put, Bits, Walk};
use core::hash::{Hash, Hasher};
use level::Level;

/// The largest side of a level, in squares.
pub const MAX_SIDE: usize = 64;
/// The most squares of a level ([`MAX_SIDE`]²): room indices fit in 12 bits.
pub const MAX_CELLS: usize = MAX_SIDE * MAX_SIDE;
/// The most boxes of a level.
pub const MAX_BOXES: usize = 64;
/// "No cell" and "no box".
pub const NONE: u16 = u16::MAX;

/// A direction of a step or a push.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Dir {
    /// Toward row 1.
    Up = 0,
    /// Toward the last column.
    Right = 1,
    /// Toward the last row.
    Down = 2,
    /// Toward column 1.
    Left = 3,
}

impl Dir {
    /// The four, in the order of their numbers.
    pub const ALL: [Dir; 4] = [Dir::Up, Dir::Right, Dir::Down, Dir::Left];

    /// The opposite direction.
    pub fn back(self) -> Dir {
        Dir::ALL[(self as usize + 2) % 4]
    }

    /// The word a sentence uses.
    pub fn word(self) -> &'static str {
        ["up", "right", "down", "left"][self as usize]
    }

    /// The LURD letter (lower case: a step; upper case: a push).
    pub fn letter(self, push: bool) -> char {
        let c = ['u', 'r', 'd', 'l'][self as usize];
        if push {
            c.to_ascii_uppercase()
        } else {
            c
        }
    }
}

/// A position: the player's room cell and the boxes' room cells. The player's side keeps box `i` at
/// `boxes[i]` (the level's box `i + 1`) and the player where they stand; the searches keep the boxes
/// sorted and the player at the lowest cell of their region ([`crate::family::Family::canonical`]).
#[derive(Clone, Copy, Debug)]
pub struct State {
    /// The player's room cell.
    pub player: u16,
    count: u8,
    boxes: [u16; MAX_BOXES],
}

impl State {
    /// A position with the player at `player` and these boxes (at most [`MAX_BOXES`]).
    pub fn new(player: u16, boxes: &[u16]) -> State {
        let mut state = State { player, count: boxes.len().min(MAX_BOXES) as u8, boxes: [0; MAX_BOXES] };
        state.boxes[..state.count as usize].copy_from_slice(&boxes[..state.count as usize]);
        state
    }

    /// The boxes' room cells.
    pub fn boxes(&self) -> &[u16] {
        &self.boxes[..self.count as usize]
    }

    /// The boxes' room cells, to move one.
    pub fn boxes_mut(&mut self) -> &mut [u16] {
        &mut self.boxes[..self.count as usize]
    }

    /// The box standing at room cell `cell`, if one.
    pub fn box_at(&self, cell: u16) -> Option<usize> {
        self.boxes().iter().position(|&b| b == cell)
    }

    /// The boxes as a set of room cells.
    pub fn bits(&self) -> Bits {
        let mut bits = [0; MAX_CELLS / 64];
        self.boxes().iter().for_each(|&b| put(&mut bits, b));
        bits
    }
}

impl PartialEq for State {
    fn eq(&self, other: &State) -> bool {
        self.player == other.player && self.boxes() == other.boxes()
    }
}

impl Eq for State {}

impl Hash for State {
    fn hash<H: Hasher>(&self, h: &mut H) {
        self.player.hash(h);
        self.boxes().hash(h);
    }
}

/// What a move is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    /// A push of a box one square, the player walking first to the square behind it (a search's move).
    Push,
    /// One step of the player, pushing the box in the way if there is one (the player's arrow key).
    Walk,
}

/// A move: a push, or a step of the player.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Action {
    /// A push or a step.
    pub kind: Kind,
    /// The box pushed, by its index in the position the move is made from ([`NONE`] for a step that
    /// pushes nothing).
    pub piece: u16,
    /// The room cell of the box pushed (a push) or of the player (a step).
    pub from: u16,
    /// Which way.
    pub dir: Dir,
}

/// A Sokoban level: the room and its goals, with the position play starts from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sokoban {
    level: Arc<Level>,
    start: State,
}

impl Sokoban {
    /// The level with its start as written.
    pub fn new(level: Level) -> Sokoban {
        let start = State::new(level.player, &level.boxes);
        Sokoban { level: Arc::new(level), start }
    }

    /// The level as prepared for search.
    pub fn level(&self) -> &Level {
        &self.level
    }

    /// The level, shared (a search keeps it to write its paths' positions as the puzzle has them).
    pub fn shared_level(&self) -> Arc<Level> {
        Arc::clone(&self.level)
    }

    /// At most how many positions a search of this level can store: the ways to put its boxes on its
    /// squares times the squares left for the player (a search keeps one player square a region), or
    /// `cap` if fewer. Searches of small rooms reserve this much, not a large level's room: a game that
    /// makes many sessions of small levels does not clear megabytes for each.
    pub fn positions_at_most(&self, cap: usize) -> usize {
        let (rooms, boxes) = (self.level.rooms() as u64, self.start.boxes().len() as u64);
        let mut ways: u64 = 1;
        for k in 0..boxes.min(rooms) {
            // C(rooms, k + 1) = C(rooms, k) × (rooms − k) / (k + 1), exact at every step.
            ways = match ways.checked_mul(rooms - k) {
                Some(product) => product / (k + 1),
                None => return cap,
            };
            if ways > cap as u64 {
                return cap;
            }
        }
        let positions = ways.saturating_mul(rooms.saturating_sub(boxes).max(1));
        usize::try_from(positions).map_or(cap, |p| p.min(cap))
    }

    /// Whether every box of `state` stands on a goal.
    pub fn solved(&self, state: &State) -> bool {
        state.boxes().iter().all(|&b| self.level.goal[b as usize])
    }

    /// The state after `action` from `state`, every box keeping its index, or `None` when it is not a
    /// legal move there. A push leaves the player where the box stood.
    pub fn act(&self, state: &State, action: &Action) -> Option<State> {
        let level = &*self.level;
        let boxes = state.bits();
        let (player, pushed) = match action.kind {
            Kind::Push => {
                let i = state.box_at(action.from)?;
                let behind = level.next(action.from, action.dir.back());
                if behind == NONE || !self.walkable(state, &boxes, behind) {
                    return None;
                }
                (action.from, Some(i))
            }
            Kind::Walk => {
                if action.from != state.player {
                    return None;
                }
                let to = level.next(state.player, action.dir);
                if to == NONE {
                    return None;
                }
                (to, state.box_at(to))
            }
        };
        let mut next = *state;
        next.player = player;
        if let Some(i) = pushed {
            let target = level.next(player, action.dir);
            if target == NONE || has(&boxes, target) {
                return None;
            }
            next.boxes[i] = target;
        }
        Some(next)
    }

    /// Whether the player of `state` can walk to `cell` without pushing.
    fn walkable(&self, state: &State, boxes: &Bits, cell: u16) -> bool {
        if has(boxes, cell) {
            return false;
        }
        if cell == state.player {
            return true;
        }
        let mut walk = Walk::new();
        walk.fill(&self.level, boxes, state.player);
        has(&walk.reached, cell)
    }

    /// `state` as the searches keep it: boxes sorted, the player at the lowest cell of their region.
    pub fn normal(&self, state: &State) -> State {
        let mut next = *state;
        next.boxes_mut().sort_unstable();
        let mut walk = Walk::new();
        next.player = walk.fill(&self.level, &state.bits(), state.player);
        next
    }

    /// Calls `f(action, box, target)` for every push the player of `state` can make (their region given
    /// as `walk.reached`, boxes as `boxes`), onto any free square (dead ones too).
    fn pushes(&self, state: &State, boxes: &Bits, walk: &Walk, mut f: impl FnMut(Action, usize, u16)) {
        let level = &*self.level;
        for (i, &b) in state.boxes().iter().enumerate() {
            for dir in Dir::ALL {
                let (behind, target) = (level.next(b, dir.back()), level.next(b, dir));
                if behind != NONE && target != NONE && has(&walk.reached, behind) && !has(boxes, target) {
                    f(Action { kind: Kind::Push, piece: i as u16, from: b, dir }, i, target);
                }
            }
        }
    }

    /// Whether `state` is lost for a reason seen without search: a box on a dead square, a freeze
    /// deadlock, or goals that no matching of boxes can fill.
    pub fn dead(&self, state: &State) -> bool {
        let level = &*self.level;
        if state.boxes().iter().any(|&b| !level.live[b as usize]) {
            return true;
        }
        let boxes = state.bits();
        let mut seen = [0; MAX_CELLS / 64];
        for &b in state.boxes() {
            seen.fill(0);
            if board::frozen_off_goal(level, &boxes, b, &mut seen) {
                return true;
            }
        }
        board::matching_bound(level, state.boxes()).is_none()
    }
}

/// The heuristic's value for a position the matching shows lost (any value is admissible there).
const LOST: u32 = 1 << 20;

impl crate::search::Puzzle for Sokoban {
    type State = State;
    type Move = Action;

    fn successors(&self, state: &State, mut f: impl FnMut(Action, State, u32)) {
        let boxes = state.bits();
        let mut walk = Walk::new();
        walk.fill(&self.level, &boxes, state.player);
        let mut after = Walk::new();
        self.pushes(state, &boxes, &walk, |action, i, target| {
            let mut next = *state;
            next.boxes[i] = target;
            let mut moved = boxes;
            board::take(&mut moved, action.from);
            put(&mut moved, target);
            next.player = after.fill(&self.level, &moved, action.from);
            next.boxes_mut().sort_unstable();
            f(action, next, 1);
        });
    }

    fn is_goal(&self, state: &State) -> bool {
        self.solved(state)
    }

    /// The matching lower bound on pushes.
    fn heuristic(&self, state: &State) -> u32 {
        board::matching_bound(&self.level, state.boxes()).unwrap_or(LOST)
    }

    fn heuristic_is_admissible(&self) -> bool {
        true
    }

    fn provably_unsolvable(&self, state: &State) -> bool {
        self.dead(state)
    }

    /// A push as a search makes it (the position normal after it); a step as the player makes it.
    fn apply(&self, state: &State, mv: &Action) -> Option<State> {
        let next = self.act(state, mv)?;
        Some(match mv.kind {
            Kind::Push => self.normal(&next),
            Kind::Walk => next,
        })
    }
}
