//! A Sokoban level as the searches see it: the room inside the walls numbered compactly (the cells the
//! player can reach when boxes are walked through), the goals, and what is known before any search — the
//! dead squares (a box there can never reach a goal) and every cell's push distance to every goal on the
//! empty room, from which the matching lower bound is made.

use super::{Dir, MAX_BOXES, MAX_CELLS, MAX_SIDE, NONE};
use alloc::format;
use alloc::string::String;
use alloc::vec;
use alloc::vec::Vec;

/// What a cell of the level as written holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Square {
    /// A wall (`#`).
    Wall,
    /// Floor (space, `-`, `_`), inside or outside the walls.
    Floor,
    /// A goal (`.`).
    Goal,
}

/// A level as written: its grid, walls, goals, boxes (in reading order: box 1 is the first met row by
/// row) and the player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Written {
    /// Columns.
    pub width: usize,
    /// Rows.
    pub height: usize,
    /// Each cell, row-major.
    pub squares: Vec<Square>,
    /// The boxes' cells, row-major indices, in reading order.
    pub boxes: Vec<u16>,
    /// The player's cell.
    pub player: u16,
}

/// Why a written level is not a Sokoban level, with the cell (row-major) concerned when there is one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LevelError {
    /// The cell the problem is at, if one.
    pub cell: Option<usize>,
    /// What is wrong.
    pub reason: String,
}

/// The level prepared for search (shared by every copy of a puzzle).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Level {
    /// The level as written.
    pub written: Written,
    /// Grid cell → room index (`NONE` outside the room or in a wall); room cells are numbered in
    /// reading order.
    pub room_of: Vec<u16>,
    /// Room index → grid cell.
    pub cell_of: Vec<u16>,
    /// Room index → the room index one step in each direction (`NONE` for a wall).
    pub next: Vec<[u16; 4]>,
    /// Room index → whether it is a goal.
    pub goal: Vec<bool>,
    /// The goals' room indices.
    pub goals: Vec<u16>,
    /// Room index → whether a box there can still be pushed to some goal (not a dead square).
    pub live: Vec<bool>,
    /// `distance[g * rooms + c]`: pushes to bring a box from room cell `c` to goal `g` in the empty room
    /// (`u16::MAX` when it cannot).
    pub distance: Vec<u16>,
    /// The boxes' room indices in reading order (boxes walled in on their goals, out of the player's
    /// room, are part of the walls and not among them).
    pub boxes: Vec<u16>,
    /// The player's room index.
    pub player: u16,
}

impl Written {
    /// Reads the rows of a level in XSB characters (`#`, `@`, `+`, `$`, `*`, `.`, space, `-`, `_`, and
    /// `p`, `P`, `b`, `B` for the player and boxes), or says which character of which row is not one.
    pub fn from_rows(rows: &[&str]) -> Result<Written, (usize, usize, String)> {
        Written::read_rows(rows, true)
    }

    /// [`Written::from_rows`], with or without a player (a room to fill has none: its player is `NONE`).
    pub fn read_rows(rows: &[&str], need_player: bool) -> Result<Written, (usize, usize, String)> {
        let height = rows.len();
        let width = rows.iter().map(|r| r.chars().count()).max().unwrap_or(0);
        if height == 0 || width == 0 {
            return Err((0, 0, String::from("the level has no rows")));
        }
        if width > MAX_SIDE || height > MAX_SIDE {
            return Err((0, 0, format!("the level is {width}×{height}: at most {MAX_SIDE}×{MAX_SIDE} squares")));
        }
        let mut level =
            Written { width, height, squares: vec![Square::Floor; width * height], boxes: Vec::new(), player: NONE };
        let mut players = 0;
        for (r, row) in rows.iter().enumerate() {
            for (c, ch) in row.chars().enumerate() {
                let cell = r * width + c;
                let (square, item) = match ch {
                    '#' => (Square::Wall, None),
                    ' ' | '-' | '_' => (Square::Floor, None),
                    '.' => (Square::Goal, None),
                    '@' | 'p' => (Square::Floor, Some(false)),
                    '+' | 'P' => (Square::Goal, Some(false)),
                    '$' | 'b' => (Square::Floor, Some(true)),
                    '*' | 'B' => (Square::Goal, Some(true)),
                    other => {
                        return Err((r, c, format!("'{other}' is not a Sokoban square (# @ + $ * . and floor)")));
                    }
                };
                level.squares[cell] = square;
                match item {
                    Some(true) => level.boxes.push(cell as u16),
                    Some(false) => {
                        players += 1;
                        if players > 1 {
                            return Err((r, c, String::from("a second player: a level has one")));
                        }
                        level.player = cell as u16;
                    }
                    None => {}
                }
            }
        }
        if players == 0 && need_player {
            return Err((0, 0, String::from("no player (@ or +)")));
        }
        Ok(level)
    }

    /// The rows in XSB characters, floor as `floor` (trailing floor dropped).
    pub fn rows(&self, boxes: &[u16], player: u16, floor: char) -> Vec<String> {
        (0..self.height)
            .map(|r| {
                let row: String = (0..self.width)
                    .map(|c| {
                        let cell = (r * self.width + c) as u16;
                        let (goal, boxed) = (self.squares[cell as usize] == Square::Goal, boxes.contains(&cell));
                        match (self.squares[cell as usize], boxed, cell == player) {
                            (Square::Wall, _, _) => '#',
                            (_, true, _) if goal => '*',
                            (_, true, _) => '$',
                            (_, _, true) if goal => '+',
                            (_, _, true) => '@',
                            _ if goal => '.',
                            _ => floor,
                        }
                    })
                    .collect();
                String::from(row.trim_end_matches(floor))
            })
            .collect()
    }
}

/// The cell one step from `cell` in `dir` on a `width`×`height` grid, if on the grid.
pub fn step(cell: usize, dir: Dir, width: usize, height: usize) -> Option<usize> {
    let (r, c) = (cell / width, cell % width);
    match dir {
        Dir::Up => r.checked_sub(1).map(|r| r * width + c),
        Dir::Down => (r + 1 < height).then(|| (r + 1) * width + c),
        Dir::Left => c.checked_sub(1).map(|c| r * width + c),
        Dir::Right => (c + 1 < width).then(|| r * width + c + 1),
    }
}

impl Level {
    /// Prepares `written` for search, or says why it is not a playable level: the room open to the
    /// edge, a box or goal out of the player's reach, boxes and goals not as many, too many boxes.
    pub fn new(written: Written) -> Result<Level, LevelError> {
        let mut level = Level {
            written,
            room_of: Vec::new(),
            cell_of: Vec::new(),
            next: Vec::new(),
            goal: Vec::new(),
            goals: Vec::new(),
            live: Vec::new(),
            distance: Vec::new(),
            boxes: Vec::new(),
            player: NONE,
        };
        level.prepare()?;
        Ok(level)
    }

    /// Prepares the level again after its `written` form changed, reusing its storage (a generator's
    /// candidates allocate nothing once it has grown).
    pub fn prepare(&mut self) -> Result<(), LevelError> {
        let written = &self.written;
        let (w, h) = (written.width, written.height);
        let err = |cell: Option<usize>, reason: String| Err(LevelError { cell, reason });
        // The room: every cell the player can walk to when boxes do not block.
        let mut queue = [0u16; MAX_CELLS];
        let room_of = &mut self.room_of;
        room_of.clear();
        room_of.resize(w * h, NONE);
        let cell_of = &mut self.cell_of;
        cell_of.clear();
        room_of[written.player as usize] = 0;
        cell_of.push(written.player);
        queue[0] = written.player;
        let mut top = 1;
        while top > 0 {
            top -= 1;
            let cell = queue[top] as usize;
            for dir in Dir::ALL {
                let Some(n) = step(cell, dir, w, h) else {
                    return err(
                        Some(cell),
                        String::from("the walls do not close the room: the player can walk off the board here"),
                    );
                };
                if written.squares[n] != Square::Wall && room_of[n] == NONE {
                    room_of[n] = cell_of.len() as u16;
                    cell_of.push(n as u16);
                    queue[top] = n as u16;
                    top += 1;
                }
            }
        }
        // Numbered in reading order, whatever square the player stands on: the lowest square of the
        // player's region (a position's normal form) is then the same for every description of it.
        cell_of.clear();
        for (cell, room) in room_of.iter_mut().enumerate() {
            if *room != NONE {
                *room = cell_of.len() as u16;
                cell_of.push(cell as u16);
            }
        }
        // Boxes already on goals out of the player's reach (walled in, as some sets draw them) are part
        // of the walls; any other box or goal out of reach makes the level unplayable.
        let outside = |c: usize| room_of[c] == NONE;
        let goal_at = |c: usize| written.squares[c] == Square::Goal;
        if let Some(&b) = written.boxes.iter().find(|&&b| outside(b as usize) && !goal_at(b as usize)) {
            return err(
                Some(b as usize),
                String::from("a box outside the player's room, off a goal: no one can push it"),
            );
        }
        if let Some(g) = (0..w * h).find(|&g| goal_at(g) && outside(g) && !written.boxes.contains(&(g as u16))) {
            return err(Some(g), String::from("an empty goal outside the player's room: no box can reach it"));
        }
        let movable = written.boxes.iter().filter(|&&b| !outside(b as usize)).count();
        let goal_count = (0..w * h).filter(|&g| goal_at(g) && !outside(g)).count();
        if movable == 0 {
            return err(None, String::from("no box ($ or *) in the player's room"));
        }
        if movable > MAX_BOXES {
            return err(None, format!("{movable} boxes: at most {MAX_BOXES}"));
        }
        if movable != goal_count {
            return err(
                None,
                format!("{movable} boxes but {goal_count} goals: every box needs a goal and every goal a box"),
            );
        }
        let rooms = cell_of.len();
        self.next.clear();
        self.next
            .extend(cell_of.iter().map(|&c| Dir::ALL.map(|d| step(c as usize, d, w, h).map_or(NONE, |n| room_of[n]))));
        self.goal.clear();
        self.goal.extend(cell_of.iter().map(|&c| written.squares[c as usize] == Square::Goal));
        self.goals.clear();
        self.goals.extend((0..rooms as u16).filter(|&r| self.goal[r as usize]));
        // Push distances, goal by goal: pulls back from the goal, the box moving from `at` to `from`
        // with the player one further (where it stood to push).
        self.distance.clear();
        self.distance.resize(self.goals.len() * rooms, u16::MAX);
        for (g, &goal_room) in self.goals.iter().enumerate() {
            let dist = &mut self.distance[g * rooms..(g + 1) * rooms];
            dist[goal_room as usize] = 0;
            queue[0] = goal_room;
            let (mut head, mut tail) = (0, 1);
            while head < tail {
                let at = queue[head];
                head += 1;
                for dir in Dir::ALL {
                    let from = self.next[at as usize][dir as usize];
                    if from == NONE {
                        continue;
                    }
                    let player = self.next[from as usize][dir as usize];
                    if player != NONE && dist[from as usize] == u16::MAX {
                        dist[from as usize] = dist[at as usize] + 1;
                        queue[tail] = from;
                        tail += 1;
                    }
                }
            }
        }
        let goals = self.goals.len();
        self.live.clear();
        self.live.extend((0..rooms).map(|c| (0..goals).any(|g| self.distance[g * rooms + c] != u16::MAX)));
        self.boxes.clear();
        self.boxes.extend(written.boxes.iter().map(|&b| room_of[b as usize]).filter(|&r| r != NONE));
        self.player = room_of[written.player as usize];
        Ok(())
    }

    /// Reserves room for a level of `squares` squares and `boxes` boxes, so that preparing one no
    /// larger allocates nothing (a generator's candidates).
    pub fn reserve(&mut self, squares: usize, boxes: usize) {
        let grow = |v: &mut Vec<_>, n: usize| v.reserve(n.saturating_sub(v.len()));
        self.written.squares.reserve(squares.saturating_sub(self.written.squares.len()));
        self.written.boxes.reserve(boxes.saturating_sub(self.written.boxes.len()));
        grow(&mut self.room_of, squares);
        grow(&mut self.cell_of, squares);
        self.next.reserve(squares.saturating_sub(self.next.len()));
        self.goal.reserve(squares.saturating_sub(self.goal.len()));
        grow(&mut self.goals, boxes);
        self.live.reserve(squares.saturating_sub(self.live.len()));
        grow(&mut self.distance, squares * boxes);
        grow(&mut self.boxes, boxes);
    }

    /// Cells of the room.
    pub fn rooms(&self) -> usize {
        self.cell_of.len()
    }

    /// Pushes from room cell `cell` to goal number `g` in the empty room.
    #[inline]
    pub fn distance(&self, g: usize, cell: u16) -> u16 {
        self.distance[g * self.rooms() + cell as usize]
    }

    /// The room cell one step from `cell` toward `dir` (`NONE` for a wall).
    #[inline]
    pub fn next(&self, cell: u16, dir: Dir) -> u16 {
        self.next[cell as usize][dir as usize]
    }

    /// "row R, column C" of room cell `cell` (1-based, as a player counts).
    pub fn place(&self, cell: u16) -> String {
        let grid = self.cell_of[cell as usize] as usize;
        format!("row {}, column {}", grid / self.written.width + 1, grid % self.written.width + 1)
    }
}
