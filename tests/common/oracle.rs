//! Independent oracles: plain brute force written here, sharing no code with the library's solvers, to
//! check their answers on small instances.

use std::collections::{BTreeSet, HashMap, VecDeque};
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
