//! Sokoban generation by reverse play, after Taylor & Parberry: a room is drawn (a rectangle with random
//! inner walls, kept to the region around a random square) and boxes are put on random goals; then the
//! player **pulls** them — every pull undoes a push, so every position reached is solvable. The drawing
//! ([`ReverseDrawing`]) explores the pulls breadth-first from every solved position (the player in each
//! region), so that a position's depth is its optimal number of pushes, and takes a start from the
//! deepest layer the band allows: the farthest starts of the room. The exact push-optimal search then
//! rates it again; the generator keeps it when its pushes lie in the band. A quick candidate without
//! exploration (random pulls, [`Generate::candidate`]) serves to size the rater.

use super::board::{has, put, take, Bits, Walk};
use super::level::{Level, Square, Written};
use super::{Action, Dir, Sokoban, State, MAX_BOXES, MAX_CELLS, NONE};
use crate::generate::{Drawing, Fact, Generate};
use crate::memory::OutOfMemory;
use crate::params::{Kind, Preset, Spec, Values};
use crate::search::{Status, Step};
use alloc::string::String;
use alloc::sync::Arc;
use alloc::vec::Vec;
use rand::RngExt;
use rand_xoshiro::Xoshiro256PlusPlus;

/// What to generate.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SokobanParams {
    /// Fewest and most optimal pushes.
    pub band: (u32, u32),
    /// The room's inner width and height (walls around it).
    pub size: (u8, u8),
    /// Boxes (and goals).
    pub boxes: u8,
    /// Inner walls, in percent of the inner squares.
    pub walls: u8,
    /// Positions the reverse search explores a room, at most.
    pub explore: u32,
    /// Fewest box changes in the optimal solution the rater finds (pushes of one box after another's).
    pub min_changes: u32,
    /// Fewest positions the exact solver expands to prove the optimum: how hard the level is to search.
    pub min_effort: u32,
    /// The designer's room to fill, instead of a drawn one.
    pub room: Option<Room>,
}

impl SokobanParams {
    /// The grid's columns and rows: the designer's room's, or the size with the walls around.
    fn grid(&self) -> (usize, usize) {
        self.room.as_ref().map_or((self.size.0 as usize + 2, self.size.1 as usize + 2), |r| (r.width, r.height))
    }
}

/// A designer's room: its walls, floor and goals (if drawn), read from a `sokoban:` description whose
/// boxes and player are left out (the generator places them). Floor outside the walls stays outside.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Room {
    /// Columns and rows.
    pub width: usize,
    /// Rows.
    pub height: usize,
    /// Each square, row-major, as drawn.
    pub squares: Vec<Square>,
    /// Whether a square is floor outside the walls.
    pub outside: Vec<bool>,
    /// The goals drawn (none: the generator draws them).
    pub goals: usize,
    /// Floor squares inside the walls, goals among them.
    pub inside: usize,
}

impl Room {
    /// Reads a room (`sokoban:ROWS`, or the rows alone) or says what is wrong with it in Sokoban's words.
    pub fn read(text: &str) -> Result<Room, String> {
        let text = text.trim();
        // Columns in messages count in the text as given.
        let (desc, added) = match text.starts_with("sokoban:") {
            true => (String::from(text), 0),
            false => (alloc::format!("sokoban:{text}"), "sokoban:".len()),
        };
        let (written, _) = super::text::read_description(&desc, false).map_err(|mut e| {
            e.column = e.column.saturating_sub(added).max(1);
            alloc::format!("room: {e}")
        })?;
        let (w, h) = (written.width, written.height);
        // The generator places the boxes and the player: a room that draws them would lose them.
        let placed = written.boxes.first().map(|&b| ("a box", b as usize));
        if let Some((what, c)) =
            placed.or((written.player != super::NONE).then_some(("the player", written.player as usize)))
        {
            return Err(alloc::format!(
                "room: {what} at row {}, column {}: a designer's room draws walls, floor and goals, and the \
                 generator places the boxes and the player",
                c / w + 1,
                c % w + 1
            ));
        }
        let squares = written.squares;
        // The outside: floor reached from the edges without crossing a wall.
        let edge = |c: usize| c % w == 0 || c % w == w - 1 || c / w == 0 || c / w == h - 1;
        let outside = flood(w, h, (0..w * h).filter(|&c| edge(c)), |c| squares[c] != Square::Wall);
        if let Some(c) = (0..w * h).find(|&c| outside[c] && squares[c] == Square::Goal) {
            return Err(alloc::format!(
                "room: a goal outside the walls at row {}, column {}: the walls must close the room",
                c / w + 1,
                c % w + 1
            ));
        }
        let open = |c: usize| squares[c] != Square::Wall && !outside[c];
        let inside = (0..w * h).filter(|&c| open(c)).count();
        // One region: a room in parts would leave boxes and goals the player never reaches.
        let first = (0..w * h).find(|&c| open(c)).ok_or("room: no floor inside walls")?;
        let reached = flood(w, h, [first], open).iter().filter(|&&r| r).count();
        if reached != inside {
            return Err(String::from("room: its floor is in parts the player cannot walk between"));
        }
        let goals = squares.iter().filter(|&&s| s == Square::Goal).count();
        Ok(Room { width: w, height: h, squares, outside, goals, inside })
    }
}

/// The squares of a `w`×`h` grid reached from `seeds` through squares that are `open` (seeds that are not
/// open are not entered).
fn flood(w: usize, h: usize, seeds: impl IntoIterator<Item = usize>, open: impl Fn(usize) -> bool) -> Vec<bool> {
    let mut reached = alloc::vec![false; w * h];
    let mut stack: Vec<usize> = seeds.into_iter().filter(|&c| open(c)).collect();
    while let Some(c) = stack.pop() {
        if core::mem::replace(&mut reached[c], true) {
            continue;
        }
        stack.extend(Dir::ALL.iter().filter_map(|&d| super::level::step(c, d, w, h)).filter(|&n| open(n)));
    }
    reached
}

/// The largest inner side a generated room has.
const MAX_INNER: i64 = 20;

/// Draws of a room before it settles for one without inner walls (always large enough).
const ROOM_TRIES: usize = 20;

impl Generate for Sokoban {
    const RATING_UNIT: &'static str = "pushes";

    const PARAMS: &'static [Spec] = &[
        Spec { name: "min", kind: Kind::Int, min: 0, max: 1000, default: "3", doc: "fewest optimal pushes" },
        Spec { name: "max", kind: Kind::Int, min: 0, max: 1000, default: "8", doc: "most optimal pushes" },
        Spec {
            name: "size",
            kind: Kind::Size,
            min: 2,
            max: MAX_INNER,
            default: "5x5",
            doc: "the room inside its walls",
        },
        Spec { name: "boxes", kind: Kind::Int, min: 1, max: 12, default: "2", doc: "boxes (and goals)" },
        Spec {
            name: "walls",
            kind: Kind::Int,
            min: 0,
            max: 40,
            default: "15",
            doc: "inner walls, percent of the room",
        },
        Spec {
            name: "explore",
            kind: Kind::Int,
            min: 100,
            max: 1_000_000,
            default: "20000",
            doc: "positions the reverse search explores from the solved room, at most",
        },
        Spec {
            name: "room",
            kind: Kind::Text,
            min: 0,
            max: 4200,
            default: "",
            doc: "a room to fill (sokoban: rows of walls, floor and goals; size and walls then unused)",
        },
        Spec {
            name: "changes",
            kind: Kind::Int,
            min: 0,
            max: 1000,
            default: "0",
            doc: "fewest box changes in the optimal solution the rater finds (a push of one box after another's)",
        },
        Spec {
            name: "effort",
            kind: Kind::Int,
            min: 0,
            max: 10_000_000,
            default: "0",
            doc: "fewest positions the exact solver expands to prove the optimum",
        },
    ];

    /// By pushes, with rooms and boxes growing, and by more than length: the boxes the solution
    /// switches between (a level pushing one box home, then the next, is easy at any length) and the
    /// positions the exact solver needs to prove the optimum (how many dead ends a search meets).
    const PRESETS: &'static [Preset] = &[
        Preset { name: "easy", params: "min=3,max=8,size=5x5,boxes=2,walls=15,changes=1" },
        Preset { name: "medium", params: "min=9,max=16,size=6x6,boxes=3,walls=15,changes=3,effort=15" },
        Preset { name: "hard", params: "min=17,max=28,size=7x6,boxes=4,walls=18,changes=5,effort=60" },
        Preset { name: "expert", params: "min=29,max=45,size=8x7,boxes=5,walls=20,changes=8,effort=300" },
    ];

    const SMALL: &'static str = "size=5x4,boxes=2,walls=5,min=2,max=30";
    /// The largest room with many boxes: a drawing's walks over it are its time.
    const LARGEST: &'static str = "size=20x20,boxes=12";

    type Params = SokobanParams;

    fn params(values: &Values) -> Result<SokobanParams, String> {
        let (w, h) = values.pair("size");
        let params = SokobanParams {
            band: (values.int("min") as u32, values.int("max") as u32),
            size: (w as u8, h as u8),
            boxes: values.int("boxes") as u8,
            walls: values.int("walls") as u8,
            explore: values.int("explore") as u32,
            min_changes: values.int("changes") as u32,
            min_effort: values.int("effort") as u32,
            room: match values.text("room") {
                text if text.trim().is_empty() => None,
                text => Some(Room::read(&text)?),
            },
        };
        if let Some(room) = &params.room {
            if room.goals > 0 && room.goals != params.boxes as usize {
                return Err(alloc::format!(
                    "the room has {} goals but {} boxes were asked: give boxes={} or draw no goals",
                    room.goals,
                    params.boxes,
                    room.goals
                ));
            }
            if params.boxes as usize + 2 > room.inside {
                return Err(alloc::format!(
                    "{} boxes, the player and a free square do not fit the room's {} squares",
                    params.boxes,
                    room.inside
                ));
            }
            return Ok(params);
        }
        // Boxes, the player and a square to move into.
        if params.boxes as usize + 2 > (w * h) as usize {
            return Err(alloc::format!(
                "{} boxes, the player and a free square do not fit a {w}×{h} room",
                params.boxes
            ));
        }
        Ok(params)
    }

    fn band(params: &SokobanParams) -> (u32, u32) {
        params.band
    }

    type Context = Scratch;

    fn context(_: &SokobanParams) -> Result<Scratch, OutOfMemory> {
        Ok(Scratch { walk: alloc::boxed::Box::new(Walk::new()), cells: Vec::new() })
    }

    fn candidate(params: &SokobanParams, context: &Scratch, rng: &mut Xoshiro256PlusPlus) -> Sokoban {
        let mut scratch = Scratch { walk: alloc::boxed::Box::new(Walk::new()), cells: context.cells.clone() };
        let mut out = None;
        Self::candidate_into(params, &mut scratch, rng, &mut out);
        out.unwrap_or_else(|| unreachable!("a candidate is always drawn"))
    }

    fn candidate_into(
        params: &SokobanParams,
        scratch: &mut Scratch,
        rng: &mut Xoshiro256PlusPlus,
        out: &mut Option<Sokoban>,
    ) {
        let reusable = out.as_mut().and_then(|p| Arc::get_mut(&mut p.level)).is_some();
        if !reusable {
            *out = Some(Sokoban::new(tiny_level()));
        }
        let Some(puzzle) = out.as_mut() else { return };
        let Some(level) = Arc::get_mut(&mut puzzle.level) else { return };
        draw_room(params, scratch, rng, level);
        let start = pull_about(params, scratch, rng, level);
        level.written.boxes.clear();
        level.written.boxes.extend(start.boxes().iter().map(|&b| level.cell_of[b as usize]));
        level.written.player = level.cell_of[start.player as usize];
        if level.prepare().is_err() {
            *out = Some(Sokoban::new(tiny_level()));
            return;
        }
        puzzle.start = State::new(level.player, &level.boxes);
    }

    fn drawing(
        params: &SokobanParams,
        _: &Scratch,
    ) -> Result<Option<alloc::boxed::Box<dyn Drawing<Sokoban>>>, OutOfMemory> {
        Ok(Some(alloc::boxed::Box::new(ReverseDrawing::new(params.clone())?)))
    }

    /// The push-optimal search alone (no greedy fallback): a rating is a proven optimum or none.
    fn rater(&self, _: Option<&SokobanParams>) -> Result<crate::search::Solver<Sokoban>, OutOfMemory> {
        let search = super::search::PushSearch::new(self, super::HINT_NODES)?;
        Ok(crate::search::Solver::custom(crate::search::Algorithm::AStar, alloc::boxed::Box::new(search)))
    }

    /// The optimal solution's box lines, box changes and boxes moved, and the search's effort; accepted
    /// when the changes and the effort reach the parameters' floors.
    fn judge(
        &self,
        params: &SokobanParams,
        solution: &[(Action, State)],
        stats: &crate::search::Stats,
        facts: &mut Vec<Fact>,
    ) -> bool {
        let shape = SolutionShape::of(self, solution);
        let effort = stats.expanded;
        facts.push(Fact { name: "box_lines", value: shape.lines as i64 });
        facts.push(Fact { name: "box_changes", value: shape.changes as i64 });
        facts.push(Fact { name: "boxes_moved", value: shape.boxes_moved as i64 });
        facts.push(Fact { name: "search_effort", value: effort as i64 });
        shape.changes >= params.min_changes && effort >= params.min_effort as u64
    }

    /// A copy with storage of its own: the generator's candidate stays unshared, to be drawn over.
    fn handed_out(&self) -> Sokoban {
        Sokoban { level: Arc::new((*self.level).clone()), start: self.start }
    }
}

/// How a push solution is built: its straight lines (pushes of one box one way in a row), its box
/// changes (a push of another box than the last push's) and the boxes it moves. Boxes are followed by
/// their cells, so that the counts speak of the player's boxes whatever order a search keeps them in.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SolutionShape {
    /// Maximal runs of pushes of one box in one direction.
    pub lines: u32,
    /// Pushes of a box other than the one the previous push moved.
    pub changes: u32,
    /// Boxes pushed at least once.
    pub boxes_moved: u32,
}

impl SolutionShape {
    /// The shape of `solution` (its pushes; steps without a push are skipped) from `puzzle`'s start.
    pub fn of(puzzle: &Sokoban, solution: &[(Action, State)]) -> SolutionShape {
        let level = puzzle.level();
        let mut cells: heapless::Vec<u16, MAX_BOXES> = puzzle.start.boxes().iter().copied().collect();
        let mut moved: u64 = 0;
        let mut shape = SolutionShape::default();
        let mut last: Option<(usize, Dir)> = None;
        for (action, _) in solution.iter().filter(|(a, _)| a.kind == super::Kind::Push) {
            let Some(i) = cells.iter().position(|&c| c == action.from) else { continue };
            cells[i] = level.next(action.from, action.dir);
            if last.is_none_or(|(j, _)| j != i) {
                shape.changes += last.is_some() as u32;
            }
            if last != Some((i, action.dir)) {
                shape.lines += 1;
            }
            if moved & (1 << (i % 64)) == 0 {
                moved |= 1 << (i % 64);
                shape.boxes_moved += 1;
            }
            last = Some((i, action.dir));
        }
        shape
    }
}

/// A generator's scratch space.
pub struct Scratch {
    walk: alloc::boxed::Box<Walk>,
    cells: Vec<u16>,
}

/// The smallest level (one box one push from its goal), for a candidate's storage before it is drawn.
fn tiny_level() -> Level {
    let rows = ["#####", "#@$.#", "#####"];
    let written = Written::from_rows(&rows).unwrap_or_else(|_| unreachable!("a fixed level"));
    Level::new(written).unwrap_or_else(|_| unreachable!("a fixed level"))
}

/// Draws the room into `level.written`: walls around, random inner walls, the region of a random square
/// kept (the rest walled), boxes on random goals and the player on a free square; then prepares it.
fn draw_room(params: &SokobanParams, scratch: &mut Scratch, rng: &mut Xoshiro256PlusPlus, level: &mut Level) {
    let (iw, ih) = (params.size.0 as usize, params.size.1 as usize);
    let (w, h) = params.grid();
    // The largest room the parameters draw, reserved once: later rooms allocate nothing.
    level.reserve(w * h, params.boxes as usize);
    scratch.cells.reserve((w * h).saturating_sub(scratch.cells.len()));
    let needed = params.boxes as usize + 2;
    for attempt in 0..=ROOM_TRIES {
        let written = &mut level.written;
        written.width = w;
        written.height = h;
        written.squares.clear();
        if let Some(room) = &params.room {
            // The designer's room, its outside walled and its goals taken off while the region is found
            // (both are put back below).
            written.squares.extend(room.squares.iter().zip(&room.outside).map(|(&s, &out)| match s {
                _ if out => Square::Wall,
                Square::Goal => Square::Floor,
                s => s,
            }));
        } else {
            written.squares.resize(w * h, Square::Wall);
            let density = if attempt == ROOM_TRIES { 0 } else { params.walls as u32 };
            for r in 1..=ih {
                for c in 1..=iw {
                    if rng.random_range(0..100) >= density {
                        written.squares[r * w + c] = Square::Floor;
                    }
                }
            }
        }
        // Keep the region of a random floor square.
        scratch.cells.clear();
        scratch.cells.extend((0..(w * h) as u16).filter(|&c| written.squares[c as usize] == Square::Floor));
        if scratch.cells.is_empty() {
            continue;
        }
        let seed = scratch.cells[rng.random_range(0..scratch.cells.len())];
        written.player = seed;
        written.boxes.clear();
        // A level with no box yet, to find the region: one box and goal on the seed's square are put
        // and taken back below.
        written.squares[seed as usize] = Square::Goal;
        written.boxes.push(seed);
        if level.prepare().is_err() {
            continue;
        }
        let written = &mut level.written;
        written.squares[seed as usize] = Square::Floor;
        for c in 0..w * h {
            if written.squares[c] == Square::Floor && level.room_of[c] == NONE {
                written.squares[c] = Square::Wall;
            }
        }
        if level.cell_of.len() < needed {
            continue;
        }
        // Goals (with their boxes) on random squares of the region (the designer's goals when drawn),
        // the player on another.
        scratch.cells.clear();
        scratch.cells.extend_from_slice(&level.cell_of);
        shuffle(&mut scratch.cells, rng);
        if let Some(room) = params.room.as_ref().filter(|room| room.goals > 0) {
            // The drawn goals first (the rest stay shuffled enough for the player's square).
            let mut front = 0;
            for i in 0..scratch.cells.len() {
                if room.squares[scratch.cells[i] as usize] == Square::Goal {
                    scratch.cells.swap(front, i);
                    front += 1;
                }
            }
        }
        written.boxes.clear();
        for &cell in &scratch.cells[..params.boxes as usize] {
            written.squares[cell as usize] = Square::Goal;
            written.boxes.push(cell);
        }
        written.player = scratch.cells[params.boxes as usize];
        if let Some(room) = &params.room {
            for (square, _) in written.squares.iter_mut().zip(&room.outside).filter(|(_, &out)| out) {
                *square = Square::Floor;
            }
        }
        if level.prepare().is_ok() {
            return;
        }
    }
    // Unreachable for rooms the parameters allow (the last try has no inner walls); kept total.
    *level = tiny_level();
}

fn shuffle(cells: &mut [u16], rng: &mut Xoshiro256PlusPlus) {
    for i in (1..cells.len()).rev() {
        cells.swap(i, rng.random_range(0..=i));
    }
}

/// From the solved position, random pulls (each undoes a push) with the player walking between them:
/// the start of a level solvable by construction.
fn pull_about(params: &SokobanParams, scratch: &mut Scratch, rng: &mut Xoshiro256PlusPlus, level: &Level) -> State {
    let mut state = State::new(level.player, &level.boxes);
    let mut boxes: Bits = [0; MAX_CELLS / 64];
    state.boxes().iter().for_each(|&b| put(&mut boxes, b));
    let (lo, hi) = params.band;
    let pulls = rng.random_range(lo.max(1)..=hi.max(1).saturating_mul(2).min(4000));
    let mut choices: heapless::Vec<(u8, Dir), { MAX_BOXES * 4 }> = heapless::Vec::new();
    for _ in 0..pulls {
        scratch.walk.fill(level, &boxes, state.player);
        choices.clear();
        for (i, &b) in state.boxes().iter().enumerate() {
            for dir in Dir::ALL {
                // The player stands at `b + dir` and steps to `b + 2·dir`, the box following to `b + dir`.
                let stand = level.next(b, dir);
                let back = if stand == NONE { NONE } else { level.next(stand, dir) };
                if back != NONE && has(&scratch.walk.reached, stand) && !has(&boxes, back) {
                    let _ = choices.push((i as u8, dir));
                }
            }
        }
        if choices.is_empty() {
            break;
        }
        let (i, dir) = choices[rng.random_range(0..choices.len())];
        let b = state.boxes()[i as usize];
        let stand = level.next(b, dir);
        take(&mut boxes, b);
        put(&mut boxes, stand);
        state.boxes_mut()[i as usize] = stand;
        state.player = level.next(stand, dir);
    }
    // The player wanders off to a random square of their region.
    scratch.walk.fill(level, &boxes, state.player);
    let reached = (0..level.rooms() as u16).filter(|&c| has(&scratch.walk.reached, c)).count();
    if reached > 0 {
        let pick = rng.random_range(0..reached);
        if let Some(c) = (0..level.rooms() as u16).filter(|&c| has(&scratch.walk.reached, c)).nth(pick) {
            state.player = c;
        }
    }
    state
}

/// Where a [`ReverseDrawing`] stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Phase {
    /// No room drawn.
    Idle,
    /// Exploring pulls breadth-first.
    Exploring,
    /// A start is chosen: the candidate is ready.
    Ready,
}

/// Draws a room and explores its pulls breadth-first from every solved position, in steps; the start is
/// a random position of the deepest layer within the band.
pub struct ReverseDrawing {
    params: SokobanParams,
    scratch: Scratch,
    room: Option<Sokoban>,
    /// Positions in the order found (players normal), their depths, and a table over them.
    states: Vec<State>,
    depth: Vec<u16>,
    table: Vec<u32>,
    head: usize,
    phase: Phase,
    chosen: Option<State>,
}

impl ReverseDrawing {
    fn new(params: SokobanParams) -> Result<ReverseDrawing, OutOfMemory> {
        let cap = params.explore as usize;
        Ok(ReverseDrawing {
            scratch: Scratch { walk: alloc::boxed::Box::new(Walk::new()), cells: Vec::new() },
            room: None,
            states: crate::memory::with_capacity(cap)?,
            depth: crate::memory::with_capacity(cap)?,
            table: crate::memory::filled(0, (cap * 2).next_power_of_two())?,
            head: 0,
            phase: Phase::Idle,
            chosen: None,
            params,
        })
    }

    fn slot(&self, state: &State) -> Result<usize, usize> {
        let mask = self.table.len() - 1;
        let mut h = (state.player as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        for &b in state.boxes() {
            h = (h ^ b as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15).rotate_left(23);
        }
        let mut slot = (h ^ (h >> 29)) as usize & mask;
        loop {
            match self.table[slot] {
                0 => return Err(slot),
                id if self.states[id as usize - 1] == *state => return Ok(slot),
                _ => slot = (slot + 1) & mask,
            }
        }
    }

    /// Records a position (boxes sorted, player normal) at `depth` unless known or the cap is reached.
    fn add(&mut self, state: State, depth: u16) {
        if self.states.len() >= self.states.capacity() {
            return;
        }
        if let Err(slot) = self.slot(&state) {
            self.table[slot] = self.states.len() as u32 + 1;
            self.states.push(state);
            self.depth.push(depth);
        }
    }

    /// Draws a room with its boxes on the goals and queues every solved position (one a region).
    fn begin(&mut self, rng: &mut Xoshiro256PlusPlus) {
        self.table.fill(0);
        self.states.clear();
        self.depth.clear();
        self.head = 0;
        self.chosen = None;
        let reusable = self.room.as_mut().and_then(|p| Arc::get_mut(&mut p.level)).is_some();
        if !reusable {
            self.room = Some(Sokoban::new(tiny_level()));
        }
        let Some(level) = self.room.as_mut().and_then(|p| Arc::get_mut(&mut p.level)) else { return };
        draw_room(&self.params, &mut self.scratch, rng, level);
        // A second handle for the loop below (dropped with it: the room stays the drawing's alone).
        let Some(level) = self.room.as_ref().map(|p| Arc::clone(&p.level)) else { return };
        let mut solved = State::new(level.player, &level.boxes);
        solved.boxes_mut().sort_unstable();
        let boxes = solved.bits();
        let mut covered: Bits = [0; MAX_CELLS / 64];
        for cell in 0..level.rooms() as u16 {
            if has(&boxes, cell) || has(&covered, cell) {
                continue;
            }
            let lowest = self.scratch.walk.fill(&level, &boxes, cell);
            for (word, reached) in covered.iter_mut().zip(self.scratch.walk.reached.iter()) {
                *word |= reached;
            }
            let mut start = solved;
            start.player = lowest;
            self.add(start, 0);
        }
        self.phase = Phase::Exploring;
    }

    /// Expands the next queued position: every pull. Returns the budget units it cost: a walk over the
    /// room for the player's region and one after every pull, a unit about 1,024 squares walked (walks
    /// are most of a drawing's time: once uncharged, a step of 200 units took 17 ms on a 20x20 room with
    /// 12 boxes), so that a unit stays bounded on a large room with many boxes.
    fn expand(&mut self) -> u32 {
        let Some(room) = self.room.as_ref() else { return 1 };
        let level = room.level.clone();
        let (state, depth) = (self.states[self.head], self.depth[self.head]);
        self.head += 1;
        let mut boxes = state.bits();
        self.scratch.walk.fill(&level, &boxes, state.player);
        let reached = self.scratch.walk.reached;
        let mut after = Walk::new();
        let mut walks = 1u64;
        for (i, &b) in state.boxes().iter().enumerate() {
            for dir in Dir::ALL {
                let stand = level.next(b, dir);
                let back = if stand == NONE { NONE } else { level.next(stand, dir) };
                if back == NONE || !has(&reached, stand) || has(&boxes, back) {
                    continue;
                }
                take(&mut boxes, b);
                put(&mut boxes, stand);
                let mut next = state;
                next.boxes_mut()[i] = stand;
                next.boxes_mut().sort_unstable();
                next.player = after.fill(&level, &boxes, back);
                walks += 1;
                take(&mut boxes, stand);
                put(&mut boxes, b);
                self.add(next, depth.saturating_add(1));
            }
        }
        (1 + walks * level.rooms() as u64 / 1024).min(u32::MAX as u64) as u32
    }

    /// Chooses the start: a random position of the deepest layer within the band, the player anywhere
    /// in their region. False when the room's deepest layer lies below the band.
    fn choose(&mut self, rng: &mut Xoshiro256PlusPlus) -> bool {
        let deepest = self.depth.iter().copied().max().unwrap_or(0) as u32;
        let (lo, hi) = self.params.band;
        let mut target = deepest.min(hi);
        if target < lo.max(1) {
            return false;
        }
        if self.params.room.is_some() {
            // A designer's room is the same every time: its farthest layer may hold a level or two.
            // Any layer of the band then, the deeper likelier (the larger of two draws).
            let low = lo.max(1);
            target = rng.random_range(low..=target).max(rng.random_range(low..=target));
        }
        let count = self.depth.iter().filter(|&&d| d as u32 == target).count();
        let pick = rng.random_range(0..count);
        let Some(at) = self.depth.iter().enumerate().filter(|(_, &d)| d as u32 == target).nth(pick).map(|(i, _)| i)
        else {
            return false;
        };
        let mut start = self.states[at];
        if let Some(room) = self.room.as_ref() {
            let level = &*room.level;
            self.scratch.walk.fill(level, &start.bits(), start.player);
            let region = (0..level.rooms() as u16).filter(|&c| has(&self.scratch.walk.reached, c)).count();
            let spot = rng.random_range(0..region.max(1));
            if let Some(c) = (0..level.rooms() as u16).filter(|&c| has(&self.scratch.walk.reached, c)).nth(spot) {
                start.player = c;
            }
        }
        self.chosen = Some(start);
        true
    }
}

impl Drawing<Sokoban> for ReverseDrawing {
    fn step(&mut self, rng: &mut Xoshiro256PlusPlus, budget: u32) -> Step {
        let mut work = 0;
        if self.phase != Phase::Exploring {
            self.begin(rng);
            work += 1;
        }
        while work < budget.max(1) {
            if self.head >= self.states.len() || self.states.len() >= self.states.capacity() {
                return if self.choose(rng) {
                    self.phase = Phase::Ready;
                    Step::new(Status::Found, work)
                } else {
                    self.phase = Phase::Idle;
                    Step::new(Status::NotFound(crate::status::Shortfall::Rejected), work)
                };
            }
            work = work.saturating_add(self.expand());
        }
        Step::new(Status::InProgress, work)
    }

    fn take_into(&mut self, out: &mut Option<Sokoban>, facts: &mut Vec<Fact>) -> bool {
        let (Phase::Ready, Some(start), Some(room)) = (self.phase, self.chosen, self.room.as_ref()) else {
            return false;
        };
        self.phase = Phase::Idle;
        let reusable = out.as_mut().and_then(|p| Arc::get_mut(&mut p.level)).is_some();
        if !reusable {
            *out = Some(Sokoban::new(tiny_level()));
        }
        let Some(puzzle) = out.as_mut() else { return false };
        let Some(level) = Arc::get_mut(&mut puzzle.level) else { return false };
        let drawn = &*room.level;
        let (w, h) = self.params.grid();
        level.reserve(w * h, self.params.boxes as usize);
        level.written.width = drawn.written.width;
        level.written.height = drawn.written.height;
        level.written.squares.clear();
        level.written.squares.extend_from_slice(&drawn.written.squares);
        level.written.boxes.clear();
        level.written.boxes.extend(start.boxes().iter().map(|&b| drawn.cell_of[b as usize]));
        level.written.player = drawn.cell_of[start.player as usize];
        if level.prepare().is_err() {
            return false;
        }
        puzzle.start = State::new(level.player, &level.boxes);
        facts.clear();
        facts.push(Fact { name: "explored", value: self.states.len() as i64 });
        facts.push(Fact { name: "deepest", value: self.depth.iter().copied().max().unwrap_or(0) as i64 });
        true
    }
}

#[cfg(all(test, feature = "std"))]
mod tests {
    use super::*;
    use crate::generate::Drawing;
    use rand::SeedableRng;

    /// A budget unit of the reverse drawing covers at most 1,024 squares walked (the walks are its time),
    /// on the largest room with many boxes as on a preset's, whatever the call: a call walks at most 1,024
    /// squares a unit it reports, and one room (the regions a new room begins with).
    #[test]
    fn a_drawing_unit_walks_at_most_1024_squares() {
        for text in ["size=20x20,boxes=12", "preset=hard"] {
            let values = Values::parse(Sokoban::PARAMS, Sokoban::PRESETS, text).unwrap();
            let params = Sokoban::params(&values).unwrap();
            let mut drawing = ReverseDrawing::new(params.clone()).unwrap();
            let mut rng = Xoshiro256PlusPlus::seed_from_u64(5);
            let (w, h) = params.grid();
            let (mut calls, mut expanded) = (0, 0);
            while calls < 300 {
                let before = super::super::board::VISITED.with(|v| v.get());
                let step = drawing.step(&mut rng, 200);
                let walked = super::super::board::VISITED.with(|v| v.get()) - before;
                assert!(
                    walked <= 1024 * step.work as u64 + (w * h) as u64,
                    "{text}: {walked} squares for {} units",
                    step.work
                );
                expanded += step.work as u64;
                calls += 1;
            }
            assert!(expanded > 10_000, "{text}: {expanded} units in 300 calls");
        }
    }
}
