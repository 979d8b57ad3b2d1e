//! Independent oracles: plain brute force written here, sharing no code with the library's solvers, to
//! check their answers on small instances.

use std::collections::{BTreeSet, HashMap, HashSet, VecDeque};
use std::hash::Hash;

/// Breadth-first search from `start`: the number of moves to the nearest state where `goal` holds, or
/// `None` when none is reachable (all reachable states are visited).
pub fn bfs<S: Clone + Eq + Hash>(
    start: S,
    successors: impl Fn(&S) -> Vec<S>,
    goal: impl Fn(&S) -> bool,
) -> Option<usize> {
    let mut seen: HashMap<S, usize> = HashMap::new();
    let mut queue = VecDeque::new();
    seen.insert(start.clone(), 0);
    queue.push_back(start);
    while let Some(s) = queue.pop_front() {
        let d = seen[&s];
        if goal(&s) {
            return Some(d);
        }
        for next in successors(&s) {
            if !seen.contains_key(&next) {
                seen.insert(next.clone(), d + 1);
                queue.push_back(next);
            }
        }
    }
    None
}

/// Water jugs: fewest moves from `start` to `goal` (`None` in `goal` = any amount).
pub fn jugs(capacities: &[u8], start: &[u8], goal: &[Option<u8>], tap: bool) -> Option<usize> {
    let n = capacities.len();
    let successors = |s: &Vec<u8>| {
        let mut out = Vec::new();
        for a in 0..n {
            for b in 0..n {
                if a != b && s[a] > 0 && s[b] < capacities[b] {
                    let amount = s[a].min(capacities[b] - s[b]);
                    let mut t = s.clone();
                    t[a] -= amount;
                    t[b] += amount;
                    out.push(t);
                }
            }
            if tap {
                let mut full = s.clone();
                full[a] = capacities[a];
                out.push(full);
                let mut empty = s.clone();
                empty[a] = 0;
                out.push(empty);
            }
        }
        out
    };
    bfs(start.to_vec(), successors, |s| s.iter().zip(goal).all(|(a, g)| g.is_none_or(|g| g == *a)))
}

/// Sliding tiles on a `w × h` board: fewest moves from `start` to `goal` (cells row-major, 0 the blank),
/// `None` when the goal cannot be reached. Small boards only (it stores every state).
pub fn tiles(w: usize, h: usize, start: &[u8], goal: &[u8]) -> Option<usize> {
    let successors = |s: &Vec<u8>| {
        let b = s.iter().position(|&t| t == 0).unwrap();
        let (x, y) = (b % w, b / w);
        let mut out = Vec::new();
        for (dx, dy) in [(0i32, -1i32), (0, 1), (-1, 0), (1, 0)] {
            let (nx, ny) = (x as i32 + dx, y as i32 + dy);
            if nx >= 0 && ny >= 0 && (nx as usize) < w && (ny as usize) < h {
                let mut t = s.clone();
                t.swap(b, ny as usize * w + nx as usize);
                out.push(t);
            }
        }
        out
    };
    bfs(start.to_vec(), successors, |s| s == goal)
}

/// Flip panels ("lights out"): fewest presses from `start` to `target` (row-major, `true` dark), by
/// light chasing: the presses of the first row decide every other row (a cell of row `r` that differs
/// from the target must be fixed by pressing the cell below it), so trying every first row finds every
/// solution. `None` when no first row works.
pub fn flip(w: usize, h: usize, start: &[bool], target: &[bool]) -> Option<usize> {
    let press = |cells: &mut Vec<bool>, x: usize, y: usize| {
        for (dx, dy) in [(0i32, 0i32), (0, -1), (0, 1), (-1, 0), (1, 0)] {
            let (nx, ny) = (x as i32 + dx, y as i32 + dy);
            if nx >= 0 && ny >= 0 && (nx as usize) < w && (ny as usize) < h {
                let c = ny as usize * w + nx as usize;
                cells[c] = !cells[c];
            }
        }
    };
    (0..1u64 << w)
        .filter_map(|first| {
            let mut cells = start.to_vec();
            let mut presses = 0;
            for x in (0..w).filter(|x| first >> x & 1 == 1) {
                press(&mut cells, x, 0);
                presses += 1;
            }
            for y in 1..h {
                for x in 0..w {
                    if cells[(y - 1) * w + x] != target[(y - 1) * w + x] {
                        press(&mut cells, x, y);
                        presses += 1;
                    }
                }
            }
            (cells == target).then_some(presses)
        })
        .min()
}

/// A polyomino as sorted cells moved to the origin.
pub type Cells = Vec<(i32, i32)>;

fn normalize(cells: impl IntoIterator<Item = (i32, i32)>) -> Cells {
    let cells: Vec<(i32, i32)> = cells.into_iter().collect();
    let (mx, my) = (cells.iter().map(|c| c.0).min().unwrap(), cells.iter().map(|c| c.1).min().unwrap());
    let mut out: Cells = cells.iter().map(|&(x, y)| (x - mx, y - my)).collect();
    out.sort();
    out
}

/// The shapes a piece may take: four turns, and their mirror images when `mirror`.
pub fn orientations(cells: &Cells, mirror: bool) -> Vec<Cells> {
    let mut out = BTreeSet::new();
    for flip in [false, true].into_iter().take(if mirror { 2 } else { 1 }) {
        let mut shape: Cells = cells.iter().map(|&(x, y)| if flip { (-x, y) } else { (x, y) }).collect();
        for _ in 0..4 {
            out.insert(normalize(shape.clone()));
            shape = shape.iter().map(|&(x, y)| (-y, x)).collect();
        }
    }
    out.into_iter().collect()
}

/// One cover: for every piece placed, its kind (the set of shapes it may take) and its board cells.
pub type Cover = BTreeSet<(Vec<Cells>, Vec<usize>)>;

/// Every cover of the open cells of a `w × h` board by all of `pieces` (cells, mirror allowed), by plain
/// backtracking: fill the first empty cell with every unused piece in every shape and position.
pub fn covers(w: usize, h: usize, open: &[bool], pieces: &[(Cells, bool)]) -> BTreeSet<Cover> {
    let kinds: Vec<Vec<Cells>> = pieces.iter().map(|(c, m)| orientations(c, *m)).collect();
    let mut out = BTreeSet::new();
    let mut filled: Vec<bool> = open.iter().map(|o| !o).collect();
    let mut used = vec![false; pieces.len()];
    let mut current: Vec<(Vec<Cells>, Vec<usize>)> = Vec::new();
    #[allow(clippy::too_many_arguments)]
    fn go(
        w: usize,
        h: usize,
        kinds: &[Vec<Cells>],
        filled: &mut Vec<bool>,
        used: &mut Vec<bool>,
        current: &mut Vec<(Vec<Cells>, Vec<usize>)>,
        out: &mut BTreeSet<Cover>,
    ) {
        let Some(first) = filled.iter().position(|f| !f) else {
            if used.iter().all(|&u| u) {
                out.insert(current.iter().cloned().collect());
            }
            return;
        };
        let (fx, fy) = ((first % w) as i32, (first / w) as i32);
        for p in 0..kinds.len() {
            // An unused piece identical to an earlier unused one would only repeat its covers.
            if used[p] || (0..p).any(|q| !used[q] && kinds[q] == kinds[p]) {
                continue;
            }
            for shape in &kinds[p] {
                // The shape's first cell in row-major order goes on the first empty cell.
                let lead = *shape.iter().min_by_key(|&&(x, y)| (y, x)).unwrap();
                let cells: Option<Vec<usize>> = shape
                    .iter()
                    .map(|&(x, y)| {
                        let (bx, by) = (fx + x - lead.0, fy + y - lead.1);
                        (bx >= 0 && by >= 0 && (bx as usize) < w && (by as usize) < h)
                            .then(|| by as usize * w + bx as usize)
                            .filter(|&c| !filled[c])
                    })
                    .collect();
                let Some(mut cells) = cells else { continue };
                cells.sort();
                for &c in &cells {
                    filled[c] = true;
                }
                used[p] = true;
                current.push((kinds[p].clone(), cells.clone()));
                go(w, h, kinds, filled, used, current, out);
                current.pop();
                used[p] = false;
                for &c in &cells {
                    filled[c] = false;
                }
            }
        }
    }
    go(w, h, &kinds, &mut filled, &mut used, &mut current, &mut out);
    out
}

/// Where symmetry `t` of a `w × h` board takes cell `c`: `t & 1` mirrors left-right, `t & 2` turns half a
/// turn, `t & 4` transposes (squares only).
fn image_cell(t: u8, w: usize, h: usize, c: usize) -> usize {
    let (mut x, mut y) = (c % w, c / w);
    if t & 1 != 0 {
        x = w - 1 - x;
    }
    if t & 2 != 0 {
        (x, y) = (w - 1 - x, h - 1 - y);
    }
    if t & 4 != 0 {
        (x, y) = (y, x);
    }
    y * w + x
}

/// The number of covers up to the symmetries of the board that map the set of covers onto itself.
pub fn orbits(w: usize, h: usize, all: &BTreeSet<Cover>) -> usize {
    let image = |t: u8, cover: &Cover| -> Cover {
        cover
            .iter()
            .map(|(kind, cells)| {
                let mut moved: Vec<usize> = cells.iter().map(|&c| image_cell(t, w, h, c)).collect();
                moved.sort();
                (kind.clone(), moved)
            })
            .collect()
    };
    let symmetries: Vec<u8> =
        (0..8u8).filter(|&t| t < 4 || w == h).filter(|&t| all.iter().all(|c| all.contains(&image(t, c)))).collect();
    let canonical: BTreeSet<Cover> =
        all.iter().map(|c| symmetries.iter().map(|&t| image(t, c)).min().unwrap()).collect();
    canonical.len()
}

/// A sliding-blocks layout for [`blocks`]: terrain characters (`#` wall, `.` open, `+` goal blocks only),
/// shapes as (row, column) offsets with whether they are goal shapes (a goal shape has one block), the
/// blocks as (shape, row, column), and the targets as (shape, row, column).
pub struct BlocksLayout {
    pub w: usize,
    pub h: usize,
    pub terrain: Vec<char>,
    pub shapes: Vec<(Vec<(usize, usize)>, bool)>,
    pub start: Vec<(usize, usize, usize)>,
    pub targets: Vec<(usize, usize, usize)>,
}

/// Sliding blocks by brute force over sorted (shape, row, column) lists, moves made cell by cell on a
/// grid, under `count` (`step`, `line` or `free`).
pub fn blocks(layout: &BlocksLayout, count: &str) -> BlocksAnswer {
    let fits = |state: &[(usize, usize, usize)], skip: usize, shape: usize, r: usize, c: usize| {
        let (cells, goal) = &layout.shapes[shape];
        cells.iter().all(|&(dr, dc)| {
            let (rr, cc) = (r + dr, c + dc);
            if rr >= layout.h || cc >= layout.w {
                return false;
            }
            let t = layout.terrain[rr * layout.w + cc];
            if t == '#' || (t == '+' && !goal) {
                return false;
            }
            state
                .iter()
                .enumerate()
                .filter(|&(i, _)| i != skip)
                .all(|(_, &(s, br, bc))| !layout.shapes[s].0.iter().any(|&(er, ec)| br + er == rr && bc + ec == cc))
        })
    };
    let successors = |state: &Vec<(usize, usize, usize)>| {
        let mut out = Vec::new();
        for (i, &(shape, r, c)) in state.iter().enumerate() {
            let step = |(r, c): (usize, usize), d: usize| -> Option<(usize, usize)> {
                let (nr, nc) = match d {
                    0 => (r.checked_sub(1)?, c),
                    1 => (r + 1, c),
                    2 => (r, c.checked_sub(1)?),
                    _ => (r, c + 1),
                };
                fits(state, i, shape, nr, nc).then_some((nr, nc))
            };
            let mut places = Vec::new();
            match count {
                "step" => places.extend((0..4).filter_map(|d| step((r, c), d))),
                "line" => {
                    for d in 0..4 {
                        let mut at = (r, c);
                        while let Some(next) = step(at, d) {
                            places.push(next);
                            at = next;
                        }
                    }
                }
                _ => {
                    let mut seen = vec![(r, c)];
                    let mut k = 0;
                    while k < seen.len() {
                        for d in 0..4 {
                            if let Some(next) = step(seen[k], d) {
                                if !seen.contains(&next) {
                                    seen.push(next);
                                }
                            }
                        }
                        k += 1;
                    }
                    places.extend(seen.into_iter().skip(1));
                }
            }
            for (nr, nc) in places {
                let mut next = state.clone();
                next[i] = (shape, nr, nc);
                next.sort_unstable();
                out.push(next);
            }
        }
        out
    };
    let mut start = layout.start.clone();
    start.sort_unstable();
    let goal = |s: &Vec<(usize, usize, usize)>| layout.targets.iter().all(|t| s.contains(t));
    let optimal = bfs(start.clone(), successors, goal);
    let (successors, goal) = (&successors, &goal);
    let mut seen: BTreeSet<Vec<(usize, usize, usize)>> = BTreeSet::from([start.clone()]);
    let mut queue = VecDeque::from([start]);
    while let Some(s) = queue.pop_front() {
        for next in successors(&s) {
            if seen.insert(next.clone()) {
                queue.push_back(next);
            }
        }
    }
    // The distance of every state of a small cluster to the nearest solved one, each by its own search.
    let mut histogram = Vec::new();
    if seen.len() <= HISTOGRAM_STATES {
        for d in seen.iter().filter_map(|s| bfs(s.clone(), successors, goal)) {
            if histogram.len() <= d {
                histogram.resize(d + 1, 0);
            }
            histogram[d] += 1;
        }
    }
    BlocksAnswer { optimal, reachable: seen.len(), histogram }
}

/// Clusters up to this size get their distance histogram from [`blocks`].
pub const HISTOGRAM_STATES: usize = 300;

/// What [`blocks`] finds.
pub struct BlocksAnswer {
    /// The fewest moves, or `None`.
    pub optimal: Option<usize>,
    /// The number of reachable states.
    pub reachable: usize,
    /// For a cluster of at most [`HISTOGRAM_STATES`] states, `histogram[d]` = states at distance `d`
    /// from the nearest solved state (empty for a larger cluster).
    pub histogram: Vec<u64>,
}

/// Linjat by brute force: `grid` row-major, `None` empty, `Some(0)` a dot, `Some(n)` a number n. Every
/// combination of one straight segment per number (as cell sets, so a 1 has one) is tried; the number of
/// those without overlaps that cover every dot.
pub fn linjat(w: usize, h: usize, grid: &[Option<u8>]) -> u64 {
    let numbers: Vec<usize> = (0..w * h).filter(|&c| grid[c].is_some_and(|v| v > 0)).collect();
    let mut options: Vec<Vec<BTreeSet<usize>>> = Vec::new();
    for &cell in &numbers {
        let n = grid[cell].unwrap() as i64;
        let (r, c) = ((cell / w) as i64, (cell % w) as i64);
        let mut sets: Vec<BTreeSet<usize>> = Vec::new();
        for (dr, dc) in [(0, 1), (1, 0)] {
            for back in 0..n {
                let cells: Vec<(i64, i64)> = (0..n).map(|i| (r + (i - back) * dr, c + (i - back) * dc)).collect();
                let inside = cells.iter().all(|&(y, x)| y >= 0 && x >= 0 && y < h as i64 && x < w as i64);
                if !inside {
                    continue;
                }
                let set: BTreeSet<usize> = cells.iter().map(|&(y, x)| y as usize * w + x as usize).collect();
                let clean = set.iter().all(|&x| x == cell || grid[x].is_none_or(|v| v == 0));
                if clean && !sets.contains(&set) {
                    sets.push(set);
                }
            }
        }
        options.push(sets);
    }
    fn count(i: usize, options: &[Vec<BTreeSet<usize>>], used: &mut BTreeSet<usize>, dots: &[usize]) -> u64 {
        if i == options.len() {
            return dots.iter().all(|d| used.contains(d)) as u64;
        }
        let mut total = 0;
        for set in &options[i] {
            if set.iter().all(|c| !used.contains(c)) {
                used.extend(set.iter().copied());
                total += count(i + 1, options, used, dots);
                for c in set {
                    used.remove(c);
                }
            }
        }
        total
    }
    let dots: Vec<usize> = (0..w * h).filter(|&c| grid[c] == Some(0)).collect();
    count(0, &options, &mut BTreeSet::new(), &dots)
}

/// A Sokoban position for [`sokoban`]: the boxes' grid cells, sorted, and the lowest grid cell of the
/// player's region.
pub type SokobanPosition = (Vec<usize>, usize);

/// The push space of a Sokoban level given as XSB rows, explored breadth-first over box placements ×
/// player regions, written here on the plain grid.
pub struct SokobanSpace {
    /// Grid width.
    pub width: usize,
    /// Walls, row-major.
    pub wall: Vec<bool>,
    /// Each position reached from the start (the start first) and its pushes to the nearest solved
    /// position (`None`: none reachable).
    pub to_goal: HashMap<SokobanPosition, Option<u32>>,
    /// The start.
    pub start: SokobanPosition,
}

/// A Sokoban room read from XSB rows onto the plain grid.
struct Room {
    width: usize,
    height: usize,
    wall: Vec<bool>,
    goal: Vec<bool>,
    /// The boxes' cells in reading order.
    boxes: Vec<usize>,
    player: usize,
}

impl Room {
    fn read(rows: &[&str]) -> Room {
        let width = rows.iter().map(|r| r.len()).max().unwrap_or(0);
        let height = rows.len();
        let at = |r: usize, c: usize| rows[r].as_bytes().get(c).copied().unwrap_or(b' ');
        let mut room = Room {
            width,
            height,
            wall: vec![true; width * height],
            goal: vec![false; width * height],
            boxes: vec![],
            player: 0,
        };
        for r in 0..height {
            for c in 0..width {
                let cell = r * width + c;
                let ch = at(r, c);
                room.wall[cell] = ch == b'#';
                room.goal[cell] = matches!(ch, b'.' | b'*' | b'+');
                if matches!(ch, b'$' | b'*') {
                    room.boxes.push(cell);
                }
                if matches!(ch, b'@' | b'+') {
                    room.player = cell;
                }
            }
        }
        room
    }

    /// The cell next to `cell` in direction `d` (up, right, down, left).
    fn step(&self, cell: usize, d: usize) -> Option<usize> {
        let (r, c) = ((cell / self.width) as isize, (cell % self.width) as isize);
        let (dr, dc) = [(-1, 0), (0, 1), (1, 0), (0, -1)][d];
        let (r, c) = (r + dr, c + dc);
        (r >= 0 && c >= 0 && (r as usize) < self.height && (c as usize) < self.width)
            .then(|| r as usize * self.width + c as usize)
    }

    fn free(&self, cell: usize, boxes: &[usize]) -> bool {
        !self.wall[cell] && !boxes.contains(&cell)
    }

    /// The cells the player reaches from `from` without pushing.
    fn region(&self, from: usize, boxes: &[usize]) -> Vec<bool> {
        let mut seen = vec![false; self.wall.len()];
        let mut todo = vec![from];
        seen[from] = true;
        while let Some(c) = todo.pop() {
            for d in 0..4 {
                if let Some(n) = self.step(c, d) {
                    if !seen[n] && self.free(n, boxes) {
                        seen[n] = true;
                        todo.push(n);
                    }
                }
            }
        }
        seen
    }

    /// Every push of `boxes` with the player at `player`: the box's index and its new cell.
    fn pushes(&self, boxes: &[usize], player: usize) -> Vec<(usize, usize)> {
        let reach = self.region(player, boxes);
        let mut out = Vec::new();
        for (i, &b) in boxes.iter().enumerate() {
            for d in 0..4 {
                let (Some(behind), Some(target)) = (self.step(b, (d + 2) % 4), self.step(b, d)) else { continue };
                if reach[behind] && self.free(target, boxes) {
                    out.push((i, target));
                }
            }
        }
        out
    }

    /// `boxes` with the player's region keyed by its lowest cell.
    fn key(&self, boxes: Vec<usize>, player: usize) -> (Vec<usize>, usize) {
        let lowest = self.region(player, &boxes).iter().position(|&s| s).unwrap_or(player);
        (boxes, lowest)
    }
}

/// Explores the pushes of `rows` (XSB, `-` or space for floor) from its start, up to `cap` positions
/// (`None` past it).
pub fn sokoban(rows: &[&str], cap: usize) -> Option<SokobanSpace> {
    let room = Room::read(rows);
    let (width, wall, goal) = (room.width, room.wall.clone(), room.goal.clone());
    let normal = |mut boxes: Vec<usize>, player: usize| -> SokobanPosition {
        boxes.sort_unstable();
        room.key(boxes, player)
    };
    let start = normal(room.boxes.clone(), room.player);
    let mut ids: HashMap<SokobanPosition, usize> = HashMap::new();
    let mut positions = vec![start.clone()];
    let mut edges: Vec<Vec<usize>> = Vec::new();
    ids.insert(start.clone(), 0);
    let mut head = 0;
    while head < positions.len() {
        let (boxes, player) = positions[head].clone();
        let mut out = Vec::new();
        for (i, target) in room.pushes(&boxes, player) {
            let mut moved = boxes.clone();
            let from = moved[i];
            moved[i] = target;
            let next = normal(moved, from);
            let id = match ids.get(&next) {
                Some(&id) => id,
                None => {
                    if positions.len() >= cap {
                        return None;
                    }
                    ids.insert(next.clone(), positions.len());
                    positions.push(next);
                    positions.len() - 1
                }
            };
            out.push(id);
        }
        edges.push(out);
        head += 1;
    }
    let mut back = vec![Vec::new(); positions.len()];
    for (from, out) in edges.iter().enumerate() {
        for &to in out {
            back[to].push(from);
        }
    }
    let mut dist = vec![None; positions.len()];
    let mut queue = VecDeque::new();
    for (id, (boxes, _)) in positions.iter().enumerate() {
        if boxes.iter().all(|&b| goal[b]) {
            dist[id] = Some(0);
            queue.push_back(id);
        }
    }
    while let Some(id) = queue.pop_front() {
        let d: u32 = dist[id].unwrap() + 1;
        for &from in &back[id] {
            if dist[from].is_none() {
                dist[from] = Some(d);
                queue.push_back(from);
            }
        }
    }
    let to_goal = positions.into_iter().zip(dist).collect();
    Some(SokobanSpace { width, wall, to_goal, start })
}

impl SokobanSpace {
    /// The position an XSB description (`sokoban:` rows separated by `/`) shows, as [`sokoban`] keys
    /// them.
    pub fn position_of(&self, desc: &str) -> SokobanPosition {
        let rows: Vec<&str> = desc.trim_start_matches("sokoban:").split('/').collect();
        let mut boxes = Vec::new();
        let mut player = 0;
        for (r, row) in rows.iter().enumerate() {
            for (c, ch) in row.bytes().enumerate() {
                let cell = r * self.width + c;
                if matches!(ch, b'$' | b'*') {
                    boxes.push(cell);
                }
                if matches!(ch, b'@' | b'+') {
                    player = cell;
                }
            }
        }
        boxes.sort_unstable();
        // The lowest cell of the player's region.
        let mut seen = vec![false; self.wall.len()];
        let mut todo = vec![player];
        seen[player] = true;
        while let Some(c) = todo.pop() {
            let (r, col) = (c / self.width, c % self.width);
            let near = [
                c.checked_sub(self.width),
                (col + 1 < self.width).then_some(c + 1),
                Some(c + self.width),
                (col > 0).then(|| c - 1),
            ];
            for n in near.into_iter().flatten() {
                if n < self.wall.len() && !seen[n] && !self.wall[n] && !boxes.contains(&n) {
                    seen[n] = true;
                    todo.push(n);
                }
            }
            let _ = r;
        }
        let key = seen.iter().position(|&s| s).unwrap_or(player);
        (boxes, key)
    }
}

/// What each box of a Sokoban position can still do, the boxes keeping their identity (reading order of
/// the rows): [`sokoban_boxes`].
pub struct SokobanBoxes {
    /// Each box's cell in the position explored from.
    pub first: Vec<usize>,
    /// Each box's cells over every position reachable by pushes.
    pub reach: Vec<BTreeSet<usize>>,
    /// For each box, whether every reachable position in which it stands off its first cell has some box
    /// on a dead square.
    pub moves_only_past_a_dead_square: Vec<bool>,
    /// The dead squares: the floor cells from which a box alone in the room reaches no goal, wherever the
    /// player stands.
    pub dead: Vec<bool>,
    /// The goals.
    pub goal: Vec<bool>,
}

/// Explores the pushes of the position `rows` shows with every box kept apart (up to `cap` positions;
/// `None` past it), and every floor cell with a box alone: [`SokobanBoxes`].
pub fn sokoban_boxes(rows: &[&str], cap: usize) -> Option<SokobanBoxes> {
    let room = Room::read(rows);
    let cells = room.wall.len();
    // Dead squares: a box alone, the player anywhere next to it, explored to a goal or to its end.
    let alive = |cell: usize| -> bool {
        let mut seen = HashSet::new();
        let mut todo: Vec<(Vec<usize>, usize)> = (0..4)
            .filter_map(|d| room.step(cell, d))
            .filter(|&p| !room.wall[p])
            .map(|p| room.key(vec![cell], p))
            .collect();
        while let Some((boxes, player)) = todo.pop() {
            if room.goal[boxes[0]] {
                return true;
            }
            if !seen.insert((boxes.clone(), player)) {
                continue;
            }
            for (_, target) in room.pushes(&boxes, player) {
                todo.push(room.key(vec![target], boxes[0]));
            }
        }
        false
    };
    let dead: Vec<bool> = (0..cells).map(|c| !room.wall[c] && !alive(c)).collect();
    let first = room.key(room.boxes.clone(), room.player);
    let mut seen: HashSet<(Vec<usize>, usize)> = HashSet::from([first.clone()]);
    let mut todo = vec![first];
    let n = room.boxes.len();
    let mut reach = vec![BTreeSet::new(); n];
    let mut clean = vec![true; n];
    while let Some((boxes, player)) = todo.pop() {
        let on_dead = boxes.iter().any(|&b| dead[b]);
        for i in 0..n {
            reach[i].insert(boxes[i]);
            clean[i] &= boxes[i] == room.boxes[i] || on_dead;
        }
        for (i, target) in room.pushes(&boxes, player) {
            let mut moved = boxes.clone();
            let from = moved[i];
            moved[i] = target;
            let next = room.key(moved, from);
            if seen.insert(next.clone()) {
                if seen.len() > cap {
                    return None;
                }
                todo.push(next);
            }
        }
    }
    Some(SokobanBoxes { first: room.boxes, reach, moves_only_past_a_dead_square: clean, dead, goal: room.goal })
}
