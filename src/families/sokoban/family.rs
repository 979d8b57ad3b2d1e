//! Sokoban behind the uniform family interface: descriptions, drawing, move names, explained hints,
//! deadlocks in the player's words.

use super::board::{has, Walk};
use super::whole::WholeSolve;
use super::{Action, Dir, Kind, Sokoban, State, MAX_CELLS, NONE};
use crate::family::{add_cell, Family, HintCells, MoveCode, PieceName, Reason, REGION_MOVES};
use crate::memory::OutOfMemory;
use crate::search::{Algorithm, Solver};
use crate::text::ParseError;
use alloc::boxed::Box;
use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

/// Positions the recommended solver's A\* may store: about 60 bytes each for a room of up to 128 squares
/// (8 more a further 64 squares), 30 MiB or so in all; a search that fills them goes on with a short
/// greedy run and the feature-space search ([`WholeSolve`]), so that a hint still comes (not proven
/// shortest). A level with fewer positions ([`Sokoban::positions_at_most`]) reserves only those.
pub const HINT_NODES: usize = 1 << 19;

/// Positions the feature-space phase of the recommended solver (hints) may store, reserved with the
/// A\*'s: about 145 bytes each on XSokoban's levels, 37 MiB (66 MiB for a hint's searches in all,
/// touched as they fill). Within it the feature-space search alone solves 51 of XSokoban's 90 levels.
pub const HINT_FEATURE_NODES: usize = 1 << 18;

/// Positions the feature-space phase of a designer's whole solve may store (about 285 MiB on XSokoban,
/// reserved at creation, touched as they fill; on XSokoban 29 it stores about 37,000 a second).
pub const FEATURE_NODES: usize = 1 << 21;

/// The fewest positions each of a hint's searches is given under a game's memory limit.
const MIN_POSITIONS: usize = 1024;

/// The reason codes of hints.
pub mod reason {
    /// The push puts the box on a goal.
    pub const ONTO_GOAL: u32 = 1;
    /// The push brings the box closer to the goals.
    pub const TOWARD_GOAL: u32 = 2;
    /// The push takes the box out of the way (no closer to a goal): another box or the player needs the
    /// square.
    pub const MAKE_WAY: u32 = 3;
    /// The push puts the box on a goal that must be filled before another: a box on that other goal
    /// would bar this box's way in (the goal room fills from the back).
    pub const FILL_FROM_BACK: u32 = 4;
}

/// The characters that label boxes in drawings: box 1 is `1`, box 10 is `A`.
const LABELS: &str = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz+";

/// A cell's value ([`Family::cell`]): a wall.
pub const CELL_WALL: i32 = 1;
/// A cell's value: a goal (added to the rest).
pub const CELL_GOAL: i32 = 2;
/// A cell's value: the player (added).
pub const CELL_PLAYER: i32 = 4;
/// A cell's value: box `i` adds `(i + 1) * CELL_BOX`.
pub const CELL_BOX: i32 = 8;

/// Why a position is lost, seen without search ([`Sokoban::lost`]). Boxes are indices of the player's
/// state (box 1 is 0), goals room cells.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Lost {
    /// These boxes stand on dead squares: no push brings them to a goal, even alone in the room.
    DeadSquares(Vec<usize>),
    /// These boxes, off the goals, can never move again: each is held on both axes by walls and boxes
    /// that cannot move either.
    Frozen(Vec<usize>),
    /// These boxes, off the goals, are held by walls and boxes so that the first of them all to move can
    /// only move onto a dead square.
    Held(Vec<usize>),
    /// These boxes can reach only these goals between them, one fewer than the boxes.
    Crowded {
        /// The boxes.
        boxes: Vec<usize>,
        /// The goals they can reach.
        goals: Vec<u16>,
    },
}

impl Sokoban {
    /// A whole solve with a hint's A\* and `feature_cap` feature-space positions, each no more than the
    /// level can hold ([`Sokoban::positions_at_most`]).
    fn whole_solve(&self, feature_cap: usize) -> Result<WholeSolve, OutOfMemory> {
        WholeSolve::new(self, self.positions_at_most(HINT_NODES), self.positions_at_most(feature_cap))
    }

    /// "box 3".
    fn box_name(&self, piece: usize) -> String {
        format!("box {}", piece + 1)
    }

    /// The grid cell of room cell `room`.
    fn grid(&self, room: u16) -> u16 {
        self.level().cell_of[room as usize]
    }

    /// The room cell of grid cell `cell` (a code's number), if it is in the room.
    fn room(&self, cell: i32) -> Option<u16> {
        let cell = usize::try_from(cell).ok()?;
        self.level().room_of.get(cell).copied().filter(|&r| r != NONE)
    }

    /// The fewest pushes from `cell` to any goal in the empty room (`u16::MAX`: none).
    fn nearest_goal(&self, cell: u16) -> u16 {
        (0..self.level().goals.len()).map(|g| self.level().distance(g, cell)).min().unwrap_or(u16::MAX)
    }

    /// A goal left empty when the box at `from` is pushed onto `goal` that, holding a box, would bar
    /// every way in to `goal` from off the goals (on the room without the other boxes): `goal` must be
    /// filled first.
    fn barred_by(&self, state: &State, from: u16, goal: u16) -> Option<u16> {
        let level = self.level();
        let mut occupied = state.bits();
        super::board::take(&mut occupied, from);
        let open = |other: u16| other != goal && !has(&occupied, other);
        let mut others = level.goals.iter().copied().filter(|&other| open(other));
        others.find(|&other| !self.fed_from_outside(goal, other)).filter(|_| self.fed_from_outside(goal, NONE))
    }

    /// Whether a box off the goals can be pushed to goal `to` on the empty room with a box standing on
    /// `wall` (`NONE`: none): pulls back from `to`, the box and the player never on `wall`.
    fn fed_from_outside(&self, to: u16, wall: u16) -> bool {
        let level = self.level();
        let mut seen = [0u64; MAX_CELLS / 64];
        let mut queue = [0u16; MAX_CELLS];
        let (mut head, mut tail) = (0, 1);
        queue[0] = to;
        super::board::put(&mut seen, to);
        while head < tail {
            let at = queue[head];
            head += 1;
            if !level.goal[at as usize] {
                return true;
            }
            for dir in Dir::ALL {
                let before = level.next(at, dir);
                let player = if before == NONE { NONE } else { level.next(before, dir) };
                if player != NONE && before != wall && player != wall && !has(&seen, before) {
                    super::board::put(&mut seen, before);
                    queue[tail] = before;
                    tail += 1;
                }
            }
        }
        false
    }

    /// The pushes `pushes` played from `state` as the player's whole path in LURD notation (lower case a
    /// step, upper case a push: the standard way solutions are written and checked), each walk the
    /// shortest; `None` when a push is not legal on the way. Its length is the solution's moves.
    pub fn lurd(&self, state: &State, pushes: &[Action]) -> Option<String> {
        let level = self.level();
        let mut out = String::new();
        let mut state = *state;
        let mut walk = Walk::new();
        let mut path = [0u16; MAX_CELLS];
        for push in pushes {
            let at = match push.kind {
                Kind::Push => push.from,
                Kind::Walk => level.next(push.from, push.dir),
            };
            let behind = level.next(at, push.dir.back());
            if behind == NONE {
                return None;
            }
            let len = walk.path(level, &state.bits(), state.player, behind, &mut path)?;
            let mut from = state.player;
            for &cell in path[..len].iter().rev() {
                let dir = Dir::ALL.into_iter().find(|&d| level.next(from, d) == cell)?;
                out.push(dir.letter(false));
                from = cell;
            }
            let piece = state.box_at(at)?;
            state = self.act(&state, &Action { kind: Kind::Push, piece: piece as u16, from: at, dir: push.dir })?;
            out.push(push.dir.letter(true));
        }
        Some(out)
    }

    /// Why `state` is lost, when it is for a reason seen without search: boxes on dead squares first,
    /// then boxes frozen off the goals, then boxes held so that only a push onto a dead square frees them,
    /// then boxes that reach too few goals between them. `None` otherwise (the position may still be lost,
    /// as a search would tell).
    pub fn lost(&self, state: &State) -> Option<Lost> {
        let level = self.level();
        let boxes = state.boxes();
        let on_dead: Vec<usize> = (0..boxes.len()).filter(|&i| !level.live[boxes[i] as usize]).collect();
        if !on_dead.is_empty() {
            return Some(Lost::DeadSquares(on_dead));
        }
        let bits = state.bits();
        for (dead_squares, kind) in [(false, Lost::Frozen as fn(Vec<usize>) -> Lost), (true, Lost::Held)] {
            let stuck = super::board::stuck(level, &bits, boxes, dead_squares);
            let off: Vec<usize> =
                (0..boxes.len()).filter(|&i| has(&stuck, boxes[i]) && !level.goal[boxes[i] as usize]).collect();
            if !off.is_empty() {
                return Some(kind(off));
            }
        }
        let (crowd, goals) = super::board::crowded(level, boxes)?;
        Some(Lost::Crowded { boxes: crowd, goals: goals.iter().map(|&g| level.goals[g]).collect() })
    }

    /// The player's words for `lost` in `state` ("box 3 is in a corner off the goals at row 5, column 5:
    /// it can never leave").
    fn lost_words(&self, state: &State, lost: &Lost) -> String {
        let level = self.level();
        let at = |i: &usize| format!("{} at {}", self.box_name(*i), level.place(state.boxes()[*i]));
        let named = |list: &[usize]| crate::text::and_list(&list.iter().map(at).collect::<Vec<_>>());
        let verb = |list: &[usize]| if list.len() == 1 { ("is", "it") } else { ("are", "them") };
        match lost {
            Lost::DeadSquares(list) => match list.as_slice() {
                [one] => {
                    let b = state.boxes()[*one];
                    let walls = Dir::ALL.iter().filter(|&&d| level.next(b, d) == NONE).count();
                    if walls >= 2 && !self.movable_axis(b) {
                        format!(
                            "{} is in a corner off the goals at {}: it can never leave",
                            self.box_name(*one),
                            level.place(b)
                        )
                    } else {
                        format!("{} can never be pushed to a goal from there, even alone in the room", at(one))
                    }
                }
                _ => format!("{}: no push can bring them to a goal from there, even alone in the room", named(list)),
            },
            Lost::Frozen(list) => {
                let (is, it) = verb(list);
                format!("{} {is} frozen off the goals: walls, and boxes that cannot move either, keep {it} from moving in any direction", named(list))
            }
            Lost::Held(list) => {
                let (is, it) = verb(list);
                format!("{} {is} stuck off the goals: neither {it} nor the boxes holding {it} can move except onto a square from which no push reaches a goal", named(list))
            }
            Lost::Crowded { boxes, goals } => {
                let numbers: Vec<String> = boxes.iter().map(|i| format!("{}", i + 1)).collect();
                let places: Vec<String> = goals.iter().map(|&g| level.place(g)).collect();
                let reach = match places.as_slice() {
                    [one] => format!("only one goal between them, at {one}"),
                    _ => format!("only {} goals between them, at {}", places.len(), places.join("; ")),
                };
                format!("boxes {} can reach {reach}", crate::text::and_list(&numbers))
            }
        }
    }

    /// Whether a box at `cell` could move along some axis in the empty room.
    fn movable_axis(&self, cell: u16) -> bool {
        let level = self.level();
        [[Dir::Left, Dir::Right], [Dir::Up, Dir::Down]]
            .iter()
            .any(|[a, b]| level.next(cell, *a) != NONE && level.next(cell, *b) != NONE)
    }

    /// The cell a push or step moves a box onto, if it moves one.
    fn target(&self, state: &State, mv: &Action) -> Option<(usize, u16)> {
        let level = self.level();
        let at = match mv.kind {
            Kind::Push => mv.from,
            Kind::Walk => level.next(mv.from, mv.dir),
        };
        let piece = state.box_at(at)?;
        Some((piece, level.next(at, mv.dir)))
    }
}

impl Family for Sokoban {
    const NAME: &'static str = "sokoban";
    const SUMMARY: &'static str = "push every box onto a goal, one at a time, never pulling (counted in pushes)";
    const REASONS: &'static [Reason] = &[
        Reason { code: reason::ONTO_GOAL, name: "onto_goal", doc: "the push puts the box on a goal" },
        Reason { code: reason::TOWARD_GOAL, name: "toward_goal", doc: "the push brings the box closer to the goals" },
        Reason {
            code: reason::MAKE_WAY,
            name: "make_way",
            doc: "the push takes the box out of the way: another box or the player needs the square first",
        },
        Reason {
            code: reason::FILL_FROM_BACK,
            name: "fill_from_back",
            doc: "the push fills a goal before another: a box on the other would bar the way in",
        },
    ];
    /// `lp bench frames --count 5`: hints on the presets at most 0.32 ms a call, generator steps 1.35 ms
    /// (1.1 ms on a 20x20 room of 12 boxes), the largest level 0.95 ms.
    const FRAME_BUDGET: u32 = 200;

    fn parse(desc: &str) -> Result<Sokoban, ParseError> {
        Sokoban::from_description(desc)
    }

    fn describe(&self) -> String {
        self.describe_state(&self.start)
    }

    fn start(&self) -> State {
        self.normal(&self.start)
    }

    fn shown_start(&self) -> State {
        self.start
    }

    fn with_start(&self, state: State) -> Sokoban {
        Sokoban { level: self.level.clone(), start: state }
    }

    fn canonical(&self, state: &State) -> State {
        self.normal(state)
    }

    fn play(&self, state: &State, mv: &Action) -> Option<State> {
        self.act(state, mv)
    }

    /// The box the search's move pushes, under its index in `to`.
    fn relabel(&self, mv: &Action, _: &State, to: &State) -> Action {
        let at = match mv.kind {
            Kind::Push => mv.from,
            Kind::Walk => self.level().next(mv.from, mv.dir),
        };
        Action { piece: to.box_at(at).map_or(NONE, |i| i as u16), ..*mv }
    }

    /// The level in XSB characters (boxes `$`, `*` on a goal; the player `@`, `+` on a goal).
    fn render(&self, state: &State) -> String {
        self.to_xsb(state)
    }

    /// A push: the box's number and the LURD letter (`3R`); a step: its LURD letter (`r`, or `R` when it
    /// pushes a box).
    fn move_token(&self, mv: &Action) -> String {
        match mv.kind {
            Kind::Push => format!("{}{}", mv.piece.wrapping_add(1), mv.dir.letter(true)),
            Kind::Walk => format!("{}", mv.dir.letter(mv.piece != NONE)),
        }
    }

    fn move_text(&self, mv: &Action) -> String {
        match (mv.kind, mv.piece) {
            (Kind::Push, piece) => format!("push {} {}", self.box_name(piece as usize), mv.dir.word()),
            (Kind::Walk, NONE) => format!("step {}", mv.dir.word()),
            (Kind::Walk, piece) => format!("step {}, pushing {}", mv.dir.word(), self.box_name(piece as usize)),
        }
    }

    fn piece_name(&self, piece: u32) -> Option<PieceName> {
        let piece = usize::try_from(piece).ok().filter(|&p| p < self.start.boxes().len())?;
        let label = LABELS.chars().nth(piece).unwrap_or('+');
        Some(PieceName { label, name: self.box_name(piece) })
    }

    /// The push-optimal A\* with a hint's room, then a short greedy run, then the feature-space search
    /// ([`WholeSolve`]): optimal hints where the proof fits, a plan not proven shortest where it does not.
    fn recommended_solver(&self) -> Result<Solver<Sokoban>, OutOfMemory> {
        Ok(Solver::custom(Algorithm::AStar, Box::new(self.whole_solve(HINT_FEATURE_NODES)?)))
    }

    /// The hints' solver with both searches' positions scaled down alike (to no fewer than 1,024 each)
    /// as far as it takes to reserve at most `bytes`.
    fn recommended_solver_within(&self, bytes: usize) -> Result<Solver<Sokoban>, OutOfMemory> {
        let (proof, features) = (self.positions_at_most(HINT_NODES), self.positions_at_most(HINT_FEATURE_NODES));
        // The positions at a share of `k` 4,096ths of the full room's.
        let sized = |k: usize| {
            let share = |n: usize| (n / 4096 * k + n % 4096 * k / 4096).clamp(MIN_POSITIONS.min(n), n);
            (share(proof), share(features))
        };
        let fits = |k: usize| {
            let (proof, features) = sized(k);
            WholeSolve::bytes_for(self, proof, features) <= bytes
        };
        // The largest share that fits, by bisection (the bytes grow with the share).
        let (mut low, mut high) = (0usize, 4096);
        while low < high {
            let mid = (low + high).div_ceil(2);
            if fits(mid) {
                low = mid;
            } else {
                high = mid - 1;
            }
        }
        let (proof, features) = sized(low);
        match WholeSolve::bytes_for(self, proof, features) {
            needed if needed > bytes => Err(OutOfMemory { bytes: needed }),
            _ => Ok(Solver::custom(Algorithm::AStar, Box::new(WholeSolve::new(self, proof, features)?))),
        }
    }

    /// The hints' solver with room for eight times the feature-space positions (2,097,152).
    fn designer_solver(&self) -> Result<Solver<Sokoban>, OutOfMemory> {
        Ok(Solver::custom(Algorithm::AStar, Box::new(self.whole_solve(FEATURE_NODES)?)))
    }

    /// The room, goals, boxes and the player's region, up to the eight turns and mirrors of the grid.
    fn fingerprint(&self) -> u64 {
        let level = self.level();
        let (w, h) = (level.written.width, level.written.height);
        let start = self.start;
        let boxes = start.bits();
        let mut walk = Walk::new();
        walk.fill(level, &boxes, start.player);
        (0..8u8)
            .map(|t| {
                let (tw, th) = if t % 2 == 1 { (h, w) } else { (w, h) };
                let mut sum = crate::family::fingerprint_of(&[tw as u8, th as u8]);
                for cell in 0..w * h {
                    let room = level.room_of[cell];
                    let what: u64 = match room {
                        NONE if level.written.squares[cell] == super::level::Square::Wall => 1,
                        NONE => continue,
                        r => {
                            2 + level.goal[r as usize] as u64 * 4
                                + has(&boxes, r) as u64 * 8
                                + has(&walk.reached, r) as u64 * 16
                        }
                    };
                    let at = crate::grid::transform(t, w, h, cell) as u64;
                    sum = sum.wrapping_add(mix(at << 8 | what));
                }
                sum
            })
            .min()
            .unwrap_or(0)
    }

    /// A push: `piece` the box's index (as in the level as written), `from` and `to` its grid cells
    /// before and after, `arg` 0. A step: `arg` 1, `from` and `to` the player's grid cells, `piece` the
    /// box it pushes or `u32::MAX`.
    fn encode_move(&self, mv: &Action) -> MoveCode {
        let level = self.level();
        let from = mv.from;
        let to = level.next(from, mv.dir);
        let grid = |room: u16| if room == NONE { -1 } else { self.grid(room) as i32 };
        let piece = if mv.piece == NONE { u32::MAX } else { mv.piece as u32 };
        MoveCode { piece, from: grid(from), to: grid(to), arg: (mv.kind == Kind::Walk) as i32 }
    }

    /// `from` may be `-1` for a push of box `piece`, or for a step of the player. The box a move names is
    /// the one it moves: a push's `piece` must be the box at `from`, a step's the box it pushes (or
    /// `u32::MAX`, naming none: a step that pushes whatever box is in its way).
    fn decode_move(&self, state: &State, code: &MoveCode) -> Option<Action> {
        let level = self.level();
        let kind = match code.arg {
            0 => Kind::Push,
            1 => Kind::Walk,
            _ => return None,
        };
        let from = match (code.from, kind) {
            (-1, Kind::Push) => *state.boxes().get(code.piece as usize)?,
            (-1, Kind::Walk) => state.player,
            (cell, _) => self.room(cell)?,
        };
        let to = self.room(code.to)?;
        let dir = Dir::ALL.into_iter().find(|&d| level.next(from, d) == to)?;
        let piece = match kind {
            Kind::Push => state.box_at(from).filter(|&b| b as u32 == code.piece)?,
            Kind::Walk => match state.box_at(to) {
                Some(b) if code.piece == b as u32 || code.piece == u32::MAX => b,
                None if code.piece == u32::MAX => NONE as usize,
                _ => return None,
            },
        };
        let mv = Action { kind, piece: piece as u16, from, dir };
        self.act(state, &mv).map(|_| mv)
    }

    fn illegal_move(&self, state: &State, code: &MoveCode) -> String {
        let level = self.level();
        let (w, cells) = (level.written.width, (level.written.width * level.written.height) as i32);
        let place = |c: i32| format!("row {}, column {}", c as usize / w + 1, c as usize % w + 1);
        if !(0..2).contains(&code.arg) {
            return format!("arg {} is neither 0 (a push) nor 1 (a step of the player)", code.arg);
        }
        let push = code.arg == 0;
        let from = match (code.from, push) {
            (-1, true) => match state.boxes().get(code.piece as usize) {
                Some(&b) => self.grid(b) as i32,
                None => {
                    return format!("there is no box {} (the level has {})", code.piece as u64 + 1, state.boxes().len())
                }
            },
            (-1, false) => self.grid(state.player) as i32,
            (c, _) => c,
        };
        for (what, c) in [("from", from), ("to", code.to)] {
            if !(0..cells).contains(&c) {
                return format!("{what} {c} is off the board (cells 0 to {})", cells - 1);
            }
        }
        let (Some(a), Some(b)) = (self.room(from), self.room(code.to)) else {
            let wall = if self.room(from).is_none() { from } else { code.to };
            return format!("{} is a wall or outside the room", place(wall));
        };
        let Some(dir) = Dir::ALL.into_iter().find(|&d| level.next(a, d) == b) else {
            return format!(
                "{} and {} are not next to each other: a move goes one square",
                place(from),
                place(code.to)
            );
        };
        let named = || match code.piece {
            u32::MAX => String::from("no box"),
            n if (n as usize) < state.boxes().len() => self.box_name(n as usize),
            n => format!("box {}, which the level does not have (it has {})", n as u64 + 1, state.boxes().len()),
        };
        if push {
            let Some(piece) = state.box_at(a) else { return format!("there is no box at {}", place(from)) };
            let name = self.box_name(piece);
            if code.piece != piece as u32 {
                return format!(
                    "the push names {}, but {name} stands at {}: a push moves the box it names",
                    named(),
                    place(from)
                );
            }
            let behind = level.next(a, dir.back());
            if let Some(other) = state.box_at(b) {
                return format!("{name} cannot be pushed {}: {} is in the way", dir.word(), self.box_name(other));
            }
            if behind == NONE {
                return format!(
                    "{name} cannot be pushed {}: the player would have to stand in the wall behind it",
                    dir.word()
                );
            }
            return format!(
                "{name} cannot be pushed {}: the player cannot reach {} behind it",
                dir.word(),
                level.place(behind)
            );
        }
        if a != state.player {
            return format!("the player stands at {}, not at {}", level.place(state.player), place(from));
        }
        let pushed = state.box_at(b);
        if code.piece != u32::MAX && pushed != Some(code.piece as usize) {
            let what = pushed.map_or(String::from("pushes no box"), |p| format!("would push {}", self.box_name(p)));
            return format!(
                "the step names {}, but it {what}: a move moves the box it names (u32::MAX names none)",
                named()
            );
        }
        match state.box_at(b) {
            Some(piece) => format!(
                "the player cannot step {}: {} cannot be pushed there (a wall or a box behind it)",
                dir.word(),
                self.box_name(piece)
            ),
            None => format!("the player cannot step {}", dir.word()),
        }
    }

    fn board_size(&self) -> (u32, u32) {
        (self.level().written.width as u32, self.level().written.height as u32)
    }

    /// `-1` outside the room; otherwise [`super::CELL_WALL`] for a wall, or the sum of [`super::CELL_GOAL`] for a
    /// goal, [`super::CELL_PLAYER`] for the player and `(i + 1) * CELL_BOX` for box `i` (0 for bare floor).
    fn cell(&self, state: &State, index: usize) -> i32 {
        let level = self.level();
        match level.room_of.get(index) {
            None => -1,
            Some(&NONE) if level.written.squares.get(index) == Some(&super::level::Square::Wall) => CELL_WALL,
            Some(&NONE) => -1,
            Some(&room) => {
                let boxed = state.box_at(room).map_or(0, |i| (i as i32 + 1) * CELL_BOX);
                level.goal[room as usize] as i32 * CELL_GOAL + (state.player == room) as i32 * CELL_PLAYER + boxed
            }
        }
    }

    /// The box, the square it goes to, and the player's walk to the square behind it (the walk last:
    /// a long one is cut at the hint's capacity).
    fn explain(&self, state: &State, mv: &Action, _: bool, cells: &mut HintCells) -> u32 {
        let level = self.level();
        let Some((piece, target)) = self.target(state, mv) else {
            add_cell(cells, self.grid(mv.from));
            return reason::MAKE_WAY;
        };
        let at = state.boxes()[piece];
        add_cell(cells, self.grid(at));
        if target != NONE {
            add_cell(cells, self.grid(target));
        }
        let behind = level.next(at, mv.dir.back());
        if behind != NONE {
            let mut walk = Walk::new();
            let mut path = [0u16; MAX_CELLS];
            if let Some(len) = walk.path(level, &state.bits(), state.player, behind, &mut path) {
                path[..len].iter().rev().for_each(|&c| add_cell(cells, self.grid(c)));
            }
        }
        if target != NONE && level.goal[target as usize] && self.barred_by(state, at, target).is_some() {
            reason::FILL_FROM_BACK
        } else if target != NONE && level.goal[target as usize] {
            reason::ONTO_GOAL
        } else if target != NONE && self.nearest_goal(target) < self.nearest_goal(at) {
            reason::TOWARD_GOAL
        } else {
            reason::MAKE_WAY
        }
    }

    fn hint_text(&self, state: &State, mv: &Action, reason: u32) -> String {
        let Some((piece, target)) = self.target(state, mv) else { return self.move_text(mv) };
        let name = self.box_name(piece);
        let dir = mv.dir.word();
        match reason {
            reason::ONTO_GOAL => format!("push {name} {dir} onto the goal at {}", self.level().place(target)),
            reason::TOWARD_GOAL => format!("push {name} {dir}: it comes closer to the goals"),
            reason::FILL_FROM_BACK => {
                let level = self.level();
                let at = state.boxes()[piece];
                let other = self.barred_by(state, at, target).map_or_else(String::new, |g| level.place(g));
                format!(
                    "push {name} {dir} onto the goal at {} first: a box on the goal at {other} would bar its way in",
                    level.place(target)
                )
            }
            _ => format!("push {name} {dir}, out of the way: the others need the square it leaves"),
        }
    }

    /// The box to push, where it stands.
    fn hint_piece(&self, state: &State, mv: &Action, cells: &mut HintCells) {
        if let Some((piece, _)) = self.target(state, mv) {
            add_cell(cells, self.grid(state.boxes()[piece]));
        }
    }

    fn hint_piece_text(&self, state: &State, mv: &Action) -> String {
        match self.target(state, mv) {
            Some((piece, _)) => format!("push {}", self.box_name(piece)),
            None => String::from("walk on: the next push is elsewhere"),
        }
    }

    /// The boxes the next pushes move, and the goals they end on within those pushes.
    /// The area of the next pushes: the room's cells in the rectangle around the boxes they move and the
    /// cells those go to, one cell wider on every side — larger than the box tier 2 names.
    fn hint_region(&self, state: &State, plan: &[(Action, State)], cells: &mut HintCells) {
        let level = self.level();
        let w = level.written.width;
        let mut corners: Option<(usize, usize, usize, usize)> = None;
        let mut from = *state;
        for (mv, after) in plan.iter().take(REGION_MOVES) {
            if let Some((piece, target)) = self.target(&from, mv) {
                for room in [from.boxes()[piece], target].into_iter().filter(|&r| r != NONE) {
                    let grid = self.grid(room) as usize;
                    let (r, c) = (grid / w, grid % w);
                    corners = Some(match corners {
                        None => (r, c, r, c),
                        Some((r0, c0, r1, c1)) => (r0.min(r), c0.min(c), r1.max(r), c1.max(c)),
                    });
                }
            }
            from = *after;
        }
        let Some((r0, c0, r1, c1)) = corners else { return };
        for r in r0.saturating_sub(1)..=(r1 + 1).min(level.written.height - 1) {
            for c in c0.saturating_sub(1)..=(c1 + 1).min(w - 1) {
                if level.room_of[r * w + c] != NONE {
                    add_cell(cells, (r * w + c) as u16);
                }
            }
        }
    }

    /// The search never pushes a box onto a dead square or freezes one off the goals.
    fn partial_promise(&self) -> &'static str {
        "; it leaves no box on a dead square or frozen off the goals, as far as the deadlock tests can tell"
    }

    /// "2 boxes in the highlighted area move next; one of them goes onto a goal first": how many boxes the
    /// next pushes move, none named (tier 2 names the one to push).
    fn hint_region_text(&self, state: &State, plan: &[(Action, State)]) -> String {
        let mut moved: Vec<usize> = Vec::new();
        let mut onto_goal = false;
        let mut from = *state;
        for (mv, after) in plan.iter().take(REGION_MOVES) {
            if let Some((piece, target)) = self.target(&from, mv) {
                onto_goal |= target != NONE && self.level().goal[target as usize];
                if !moved.contains(&piece) {
                    moved.push(piece);
                }
            }
            from = *after;
        }
        let (moving, onto) = match moved.len() {
            0 => return String::from("look at the highlighted boxes"),
            1 => (String::from("a box in the highlighted area moves next"), "it goes onto a goal"),
            n => (format!("{n} boxes in the highlighted area move next"), "one of them goes onto a goal"),
        };
        if onto_goal {
            format!("{moving}; {onto}")
        } else {
            moving
        }
    }

    /// The boxes [`Sokoban::lost`] blames (and the goals, for boxes that reach too few of them).
    fn lost_parts(&self, state: &State, cells: &mut HintCells) -> bool {
        let Some(lost) = self.lost(state) else { return false };
        let (boxes, goals) = match &lost {
            Lost::DeadSquares(list) | Lost::Frozen(list) | Lost::Held(list) => (list, &Vec::new()),
            Lost::Crowded { boxes, goals } => (boxes, goals),
        };
        boxes.iter().for_each(|&i| add_cell(cells, self.grid(state.boxes()[i])));
        goals.iter().for_each(|&g| add_cell(cells, self.grid(g)));
        true
    }

    fn lost_text(&self, state: &State) -> Option<String> {
        self.lost(state).map(|lost| self.lost_words(state, &lost))
    }

    fn move_cost(&self, from: &State, to: &State) -> u32 {
        (from.boxes() != to.boxes()) as u32
    }
}

/// A 64-bit mix (splitmix64's finalizer), so that a sum of mixed cells is a fair fingerprint.
fn mix(mut x: u64) -> u64 {
    x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^ (x >> 31)
}
