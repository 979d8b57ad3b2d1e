//! `lphint::families::blocks::rush` (the engine of `lp enumerate`) against an independent enumeration
//! written here: every position of a small board built cell by cell, every cluster explored over a grid of
//! piece numbers with a hash map, and Fogleman's definitions applied to it (a cluster is reported by its
//! lowest position, its hardest puzzle is the farthest from a solved position, the lowest on a tie, and
//! is listed when taking out any piece but the red car makes it easier). On 4×4 and 5×5 boards the whole
//! list must be equal; on 6×6, a range of IDs; every line of `data/rush.txt` through the engine. The same
//! model is the brute force the `blocks` family's axis-locked solver is checked against (300 layouts).

use lphint::families::blocks::rush::{self, record, Analyzer, ClusterFacts, Outcome, Position, Positions, RushSpace};
use rustc_hash::{FxHashMap, FxHashSet};
use std::collections::{BTreeMap, VecDeque};
use std::ops::ControlFlow;

/// A piece of the independent model: its first cell, length (1 a wall) and axis.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
struct P {
    cell: u8,
    len: u8,
    horizontal: bool,
}

impl P {
    fn new(cell: usize, len: usize, horizontal: bool) -> P {
        P { cell: cell as u8, len: len as u8, horizontal }
    }
    fn at(&self) -> usize {
        self.cell as usize
    }
    fn n(&self) -> usize {
        self.len as usize
    }
}

/// The most pieces of a board here.
const MOST: usize = 20;

/// A board of the independent model: its side, exit row and pieces (the red car first).
#[derive(Clone, Copy, Debug)]
struct Board {
    side: usize,
    exit: usize,
    pieces: Pieces,
}

/// A fixed list of pieces, so that a board is copied without allocating.
#[derive(Clone, Copy, Debug)]
struct Pieces {
    all: [P; MOST],
    len: usize,
}

impl std::ops::Deref for Pieces {
    type Target = [P];
    fn deref(&self) -> &[P] {
        &self.all[..self.len]
    }
}

impl std::ops::DerefMut for Pieces {
    fn deref_mut(&mut self) -> &mut [P] {
        &mut self.all[..self.len]
    }
}

impl Pieces {
    fn of(list: &[P]) -> Pieces {
        let mut all = [P::default(); MOST];
        all[..list.len()].copy_from_slice(list);
        Pieces { all, len: list.len() }
    }

    fn remove(&mut self, i: usize) {
        self.all.copy_within(i + 1..self.len, i);
        self.len -= 1;
    }
}

impl Board {
    fn cells(&self, p: &P) -> impl Iterator<Item = usize> {
        let stride = if p.horizontal { 1 } else { self.side };
        let cell = p.at();
        (0..p.n()).map(move |k| cell + k * stride)
    }

    /// Piece number + 1 on every cell (0 empty).
    fn grid(&self) -> [usize; 36] {
        let mut g = [0; 36];
        for (i, p) in self.pieces.iter().enumerate() {
            self.cells(p).for_each(|c| g[c] = i + 1);
        }
        g
    }

    /// Fogleman's order: the cells of horizontal pieces (walls too) as a number, then of vertical ones.
    fn order(&self) -> (u64, u64) {
        let mut key = (0, 0);
        for p in self.pieces.iter() {
            let m = self.cells(p).fold(0u64, |m, c| m | 1 << c);
            if p.horizontal {
                key.0 |= m;
            } else {
                key.1 |= m;
            }
        }
        key
    }

    fn solved(&self) -> bool {
        self.pieces[0].at() == self.exit * self.side + self.side - 2
    }

    /// Every position one slide away.
    fn moves(&self) -> Vec<Board> {
        let grid = self.grid();
        let mut out = Vec::new();
        for (i, p) in self.pieces.iter().enumerate() {
            if p.len == 1 {
                continue;
            }
            let (stride, line_start, pos) = if p.horizontal {
                (1, p.at() - p.at() % self.side, p.at() % self.side)
            } else {
                (self.side, p.at() % self.side, p.at() / self.side)
            };
            for dir in [-1i64, 1] {
                let mut at = pos as i64;
                loop {
                    at += dir;
                    if at < 0 || at as usize + p.n() > self.side {
                        break;
                    }
                    let entering = if dir < 0 { at as usize } else { at as usize + p.n() - 1 };
                    if grid[line_start + entering * stride] != 0 {
                        break;
                    }
                    let mut next = *self;
                    next.pieces[i].cell = (line_start + at as usize * stride) as u8;
                    out.push(next);
                }
            }
        }
        out
    }

    /// Whether no piece can slide left or up by one cell.
    fn stuck(&self) -> bool {
        let grid = self.grid();
        self.pieces.iter().filter(|p| p.len > 1).all(|p| {
            let (stride, pos) = if p.horizontal { (1, p.at() % self.side) } else { (self.side, p.at() / self.side) };
            pos == 0 || grid[p.at() - stride] != 0
        })
    }

    /// The board in Fogleman's letters: `A` the red car, then `B`… in the reading order of first cells.
    fn text(&self) -> String {
        let mut cells = vec!['o'; self.side * self.side];
        let mut others: Vec<&P> = self.pieces[1..].iter().filter(|p| p.len > 1).collect();
        others.sort_by_key(|p| p.cell);
        for (letter, p) in ('A'..).zip(std::iter::once(&self.pieces[0]).chain(others)) {
            self.cells(p).for_each(|c| cells[c] = letter);
        }
        self.pieces.iter().filter(|p| p.len == 1).for_each(|p| cells[p.at()] = 'x');
        cells.into_iter().collect()
    }
}

/// Every position of the space, cell by cell: each empty cell is left empty or begins a wall (not in the
/// exit row), a horizontal or a vertical car or truck; then the space's rules are checked.
fn all_positions(side: usize, exit: usize, max_walls: usize, out: &mut dyn FnMut(Board)) {
    /// The position being built: cells taken, pieces, cells of each row's horizontal pieces and each
    /// column's vertical ones, walls, and the red car when placed.
    struct Build {
        side: usize,
        exit: usize,
        max_walls: usize,
        taken: Vec<bool>,
        pieces: Vec<P>,
        rows: Vec<usize>,
        cols: Vec<usize>,
        walls: usize,
    }
    fn fill(b: &mut Build, cell: usize, out: &mut dyn FnMut(Board)) {
        let side = b.side;
        if cell == side * side {
            let red: Vec<&P> = b.pieces.iter().filter(|p| p.horizontal && p.at() / side == b.exit).collect();
            if red.len() == 1 && red[0].len == 2 {
                let red = *red[0];
                let mut ordered = vec![red];
                ordered.extend(b.pieces.iter().filter(|&&p| p != red));
                out(Board { side, exit: b.exit, pieces: Pieces::of(&ordered) });
            }
            return;
        }
        if b.taken[cell] {
            return fill(b, cell + 1, out);
        }
        fill(b, cell + 1, out);
        let (row, col) = (cell / side, cell % side);
        for (len, horizontal) in [(1, true), (2, true), (3, true), (2, false), (3, false)] {
            let fits = if horizontal { col + len <= side } else { row + len <= side };
            let stride = if horizontal { 1 } else { side };
            if !fits || (0..len).any(|k| b.taken[cell + k * stride]) {
                continue;
            }
            if len == 1 && (b.walls == b.max_walls || row == b.exit) {
                continue;
            }
            let line = if horizontal { &mut b.rows[row] } else { &mut b.cols[col] };
            if *line + len >= side {
                continue; // no line is filled by its own pieces
            }
            *line += len;
            (0..len).for_each(|k| b.taken[cell + k * stride] = true);
            b.walls += usize::from(len == 1);
            b.pieces.push(P::new(cell, len, horizontal));
            fill(b, cell + 1, out);
            b.pieces.pop();
            b.walls -= usize::from(len == 1);
            (0..len).for_each(|k| b.taken[cell + k * stride] = false);
            let line = if horizontal { &mut b.rows[row] } else { &mut b.cols[col] };
            *line -= len;
        }
    }
    let mut build = Build {
        side,
        exit,
        max_walls,
        taken: vec![false; side * side],
        pieces: Vec::new(),
        rows: vec![0; side],
        cols: vec![0; side],
        walls: 0,
    };
    fill(&mut build, 0, out);
}

/// A piece-order-free name of a position: Fogleman's order, and the walls apart (a wall and a car can
/// cover the same cells of his horizontal mask).
fn key(b: &Board) -> (u64, u64, u64) {
    let walls = b.pieces.iter().filter(|p| p.len == 1).fold(0, |m, p| m | 1 << p.at());
    let (h, v) = b.order();
    (h, v, walls)
}

/// The fewest moves that solve `b`, breadth first.
fn fewest(b: &Board) -> Option<usize> {
    let mut seen = FxHashSet::default();
    let mut queue = VecDeque::from([(*b, 0)]);
    seen.insert(key(b));
    while let Some((s, d)) = queue.pop_front() {
        if s.solved() {
            return Some(d);
        }
        for n in s.moves() {
            if seen.insert(key(&n)) {
                queue.push_back((n, d + 1));
            }
        }
    }
    None
}

/// What the independent model lists for a cluster: (moves, board, states, counts), when it is listed.
type Listed = (usize, String, usize, Vec<usize>);

/// The cluster of `start` when `start` is its lowest position (else `None`, found as soon as a lower one
/// is met): its size, and the listing of its hardest puzzle when solvable and minimal.
fn cluster(start: &Board) -> Option<(usize, Option<Listed>)> {
    let mut index = FxHashMap::default();
    let mut states = vec![*start];
    let low = start.order();
    index.insert(key(start), 0usize);
    let mut edges: Vec<Vec<usize>> = Vec::new();
    let mut head = 0;
    while head < states.len() {
        let mut mine = Vec::new();
        for n in states[head].moves() {
            if n.order() < low {
                return None;
            }
            let k = key(&n);
            let i = *index.entry(k).or_insert_with(|| {
                states.push(n);
                states.len() - 1
            });
            mine.push(i);
        }
        edges.push(mine);
        head += 1;
    }
    let mut dist = vec![usize::MAX; states.len()];
    let mut queue: VecDeque<usize> = (0..states.len()).filter(|&i| states[i].solved()).collect();
    if queue.is_empty() {
        return Some((states.len(), None));
    }
    queue.iter().for_each(|&i| dist[i] = 0);
    while let Some(i) = queue.pop_front() {
        for &j in &edges[i] {
            if dist[j] == usize::MAX {
                dist[j] = dist[i] + 1;
                queue.push_back(j);
            }
        }
    }
    let far = *dist.iter().max().unwrap();
    let hardest = (0..states.len()).filter(|&i| dist[i] == far).min_by_key(|&i| key(&states[i])).unwrap();
    let h = &states[hardest];
    let minimal = (1..h.pieces.len()).all(|i| {
        let mut less = *h;
        less.pieces.remove(i);
        fewest(&less).unwrap() < far
    });
    let mut counts = vec![0; far + 1];
    dist.iter().for_each(|&d| counts[d] += 1);
    let listed = minimal.then(|| (far, h.text(), states.len(), counts));
    Some((states.len(), listed))
}

/// The independent list of a whole space, the count of its stuck positions and of all its positions.
/// Every cluster has a lowest position, and no piece of it can slide left or up (that would lower it):
/// the clusters are explored from the stuck positions that are their lowest.
fn independent_list(side: usize, exit: usize, max_walls: usize) -> (Vec<Listed>, usize, usize) {
    let (mut list, mut stuck, mut all, mut covered) = (Vec::new(), 0, 0, 0);
    all_positions(side, exit, max_walls, &mut |b| {
        all += 1;
        if b.stuck() {
            stuck += 1;
            if let Some((states, listed)) = cluster(&b) {
                covered += states;
                list.extend(listed);
            }
        }
    });
    assert_eq!(covered, all, "the lowest positions' clusters cover every position once");
    list.sort();
    (list, stuck, all)
}

/// A database line's fields the independent model also gives: (moves, board, states, counts).
fn fields(line: &str) -> Listed {
    let f: Vec<&str> = line.split(' ').collect();
    (
        f[0].parse().unwrap(),
        f[2].to_string(),
        f[5].parse().unwrap(),
        f[6].split(',').map(|c| c.parse().unwrap()).collect(),
    )
}

/// The engine's list of a space: its lines' fields, the count of IDs and of positions in all clusters.
fn engine_list(space: RushSpace) -> (Vec<Listed>, u64, u64) {
    let positions = Positions::new(space);
    let mut analyzer = Analyzer::new(space.side, 1 << 24);
    let (mut list, mut states) = (Vec::new(), 0);
    let mut last_id = None;
    positions.each(0, u64::MAX, &mut |p| {
        assert_eq!(p.id, last_id.map_or(0, |i| i + 1), "IDs follow each other");
        last_id = Some(p.id);
        match analyzer.analyze(p, true).unwrap() {
            Outcome::NotLowest => {}
            Outcome::Unsolvable { states: s, lowest } => {
                assert!(lowest);
                states += s as u64;
            }
            Outcome::Solvable(facts) => {
                states += facts.states as u64;
                if facts.minimal == Some(true) {
                    list.push(fields(&record(space.side, p, &facts, analyzer.counts())));
                }
            }
        }
        ControlFlow::Continue(())
    });
    list.sort();
    (list, positions.count(), states)
}

fn check_space(side: usize, exit: usize, walls: usize) {
    let space = RushSpace::new(side, walls).unwrap().with_exit_row(exit).unwrap();
    let (engine, ids, engine_states) = engine_list(space);
    let (expected, stuck, all) = independent_list(side, exit, walls);
    let what = format!("{side}x{side}, exit row {exit}, up to {walls} walls");
    assert_eq!(ids as usize, stuck, "{what}: the IDs are the stuck positions");
    assert_eq!(engine_states as usize, all, "{what}: the clusters cover every position once");
    assert!(!expected.is_empty());
    assert_eq!(engine.len(), expected.len(), "{what}: listed puzzles");
    assert_eq!(engine, expected, "{what}");
}

#[test]
fn four_by_four_lists_equal_an_independent_enumeration() {
    // Fogleman's figure for 4x4 (no walls, exit row 2) is its largest ID, 1149.
    let space = RushSpace::new(4, 0).unwrap().with_exit_row(2).unwrap();
    assert_eq!(Positions::new(space).count(), 1150);
    for exit in 0..4 {
        check_space(4, exit, 0);
    }
    check_space(4, 1, 2);
    check_space(4, 2, 1);
}

#[test]
fn five_by_five_lists_equal_an_independent_enumeration() {
    // Fogleman's 5x5 figure (no walls, exit row 2): largest ID 268,108.
    let space = RushSpace::new(5, 0).unwrap().with_exit_row(2).unwrap();
    assert_eq!(Positions::new(space).count(), 268_109);
    check_space(5, 1, 0);
}

#[test]
fn a_range_of_six_by_six_ids_equals_the_independent_analysis() {
    let space = RushSpace::new(6, 0).unwrap();
    let positions = Positions::new(space);
    let mut analyzer = Analyzer::new(6, 1 << 24);
    let (mut engine, mut expected) = (BTreeMap::new(), BTreeMap::new());
    let mut seen = 0;
    let mut check = |p: &Position| {
        seen += 1;
        let board = Board {
            side: 6,
            exit: 2,
            pieces: Pieces::of(
                &p.pieces()
                    .iter()
                    .map(|q| P { cell: q.cell, len: q.len, horizontal: q.horizontal })
                    .collect::<Vec<_>>(),
            ),
        };
        assert!(board.stuck(), "ID {} is a stuck position", p.id);
        if let Outcome::Solvable(facts) = analyzer.analyze(p, true).unwrap() {
            if facts.minimal == Some(true) {
                engine.insert(p.id, fields(&record(6, p, &facts, analyzer.counts())));
            }
        }
        // Independently: the lowest of its cluster, then listed as the model lists it.
        if let Some((_, Some(listed))) = cluster(&board) {
            expected.insert(p.id, listed);
        }
        ControlFlow::Continue(())
    };
    // The first IDs (sparse boards, many listed) and a later range (most positions not their cluster's
    // lowest).
    for (from, to) in [(0, 300), (2_000_000, 2_000_300)] {
        assert_eq!(positions.each(from, to, &mut check), to);
    }
    assert_eq!(seen, 600);
    assert!(!expected.is_empty());
    assert_eq!(engine, expected);
}

#[test]
fn every_data_line_is_the_hardest_minimal_puzzle_of_its_cluster() {
    let mut analyzer = Analyzer::new(6, 1 << 24);
    let mut lines = 0;
    for line in include_str!("../../data/rush.txt").lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty()) {
        let f: Vec<&str> = line.split_whitespace().collect();
        let (side, position) = rush::parse_board(f[1]).unwrap();
        let Outcome::Solvable(facts) = analyzer.analyze(&position, false).unwrap() else { panic!("{line}: solvable") };
        assert_eq!(facts.moves.to_string(), f[0].trim_start_matches('0'), "{line}");
        assert_eq!(facts.states.to_string(), f[2], "{line}");
        assert_eq!(facts.hardest.order_key(side), position.order_key(side), "{line}: the hardest of its cluster");
        assert_eq!(facts.minimal, Some(true), "{line}");
        assert_eq!(analyzer.counts().iter().sum::<u32>() as usize, facts.states);
        assert_eq!(analyzer.fewest_moves(&position, 100).unwrap(), Some(facts.moves), "{line}");
        lines += 1;
    }
    assert_eq!(lines, 205);
}

#[test]
fn boards_and_spaces_that_cannot_be_are_refused() {
    use rush::RushError;
    assert_eq!(rush::parse_board("oooo").unwrap_err(), RushError::NotSquare(4));
    assert_eq!(rush::parse_board("ooooooooooooooooooooooooo").unwrap_err(), RushError::NoRedCar);
    assert_eq!(rush::parse_board("oooooAAAooooooooooooooooo").unwrap_err(), RushError::NoRedCar);
    assert_eq!(rush::parse_board("ooooooAAoooooooooooooooo?").unwrap_err(), RushError::BadCell('?'));
    assert_eq!(rush::parse_board("ooooBAAooooooooooooooooBo").unwrap_err(), RushError::BadPiece('B'));
    assert_eq!(RushSpace::new(7, 0).unwrap_err(), RushError::Side(7));
    assert_eq!(RushSpace::new(6, 5).unwrap_err(), RushError::Walls(5));
    assert_eq!(RushSpace::new(6, 0).unwrap().with_exit_row(6).unwrap_err(), RushError::ExitRow(6));
    // A cluster past the analyser's limit is a status, not a guess.
    let (_, big) = rush::parse_board("BBoCoooDoCEEoDAAFGHoIIFGHoJKKoLLJooo").unwrap();
    assert_eq!(Analyzer::new(6, 1000).analyze(&big, false).unwrap_err(), RushError::TooManyStates(1000));
    let empty = Position::new(&[]).unwrap();
    assert_eq!(Analyzer::new(6, 1000).analyze(&empty, false).unwrap_err(), RushError::BadPosition);
}

/// `n` positions of a space drawn evenly (reservoir sampling with a fixed seed).
fn sample(side: usize, exit: usize, walls: usize, n: usize, seed: u64) -> Vec<Board> {
    let mut state = seed;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let (mut kept, mut seen) = (Vec::new(), 0u64);
    all_positions(side, exit, walls, &mut |b| {
        seen += 1;
        if kept.len() < n {
            kept.push(b);
        } else if let Some(slot) = kept.get_mut((next() % seen) as usize) {
            *slot = b;
        }
    });
    kept
}

/// Every position reachable from `b` (the independent model), `b` included.
fn cluster_size(b: &Board) -> usize {
    let mut seen = FxHashSet::default();
    let mut queue = vec![*b];
    seen.insert(key(b));
    while let Some(s) = queue.pop() {
        for n in s.moves() {
            if seen.insert(key(&n)) {
                queue.push(n);
            }
        }
    }
    seen.len()
}

#[test]
fn the_blocks_family_agrees_with_the_independent_model_on_300_random_layouts() {
    use lphint::families::blocks::{Blocks, Count};
    use lphint::family::Family;
    use lphint::search::bfs::Bfs;
    use lphint::search::{solve_with, Search, Status};
    let mut boards = sample(4, 1, 2, 100, 7);
    boards.extend(sample(5, 1, 0, 200, 11));
    let (mut unsolvable, mut solved) = (0, 0);
    for b in &boards {
        let desc = format!("rush:{}", b.text());
        let puzzle = Blocks::parse(&desc).unwrap_or_else(|e| panic!("{desc}: {e}"));
        let mut bfs = Bfs::<Blocks>::new(1 << 16, u32::MAX).unwrap();
        let outcome = solve_with(&mut bfs, &puzzle, Family::start(&puzzle));
        match fewest(b) {
            Some(moves) => {
                assert_eq!(outcome.status, Status::Found, "{desc}");
                assert_eq!(outcome.moves.len(), moves, "{desc}: fewest moves");
                solved += usize::from(moves == 0);
            }
            None => {
                assert_eq!(outcome.status, Status::Unsolvable, "{desc}");
                unsolvable += 1;
            }
        }
        let step = puzzle.with_count(Count::Step);
        let mut explorer = Bfs::<Blocks>::explorer(1 << 16).unwrap();
        explorer.restart(&step, Family::start(&puzzle));
        assert_eq!(explorer.run(&step), Status::Unsolvable);
        assert_eq!(explorer.len(), cluster_size(b), "{desc}: the cluster");
    }
    assert_eq!(boards.len(), 300);
    assert!(unsolvable > 0 && unsolvable < 300, "{unsolvable} unsolvable, {solved} solved already");
}

#[test]
fn a_barred_exit_is_unsolvable_and_a_frozen_line_is_seen() {
    // Against the independent model: a position whose exit a column's pieces bar for good has no
    // solution; some positions of every space are such.
    let mut barred = 0;
    // Walls on 4×4 (up to two): a 5×5 space with a wall has ten times the positions to sample from.
    for b in sample(5, 1, 0, 300, 3).iter().chain(&sample(4, 1, 2, 600, 5)) {
        let (side, position) = rush::parse_board(&b.text()).unwrap();
        if position.exit_barred(side) {
            assert_eq!(fewest(b), None, "{}: barred, yet solvable", b.text());
            barred += 1;
        }
        assert!(!position.frozen_line(side), "{}: the space has no frozen line", b.text());
    }
    assert!(barred > 10, "{barred} barred");
    // A truck above a car in a column ahead of the red car: neither fits both sides of its row.
    let (_, truck_over_car) = rush::parse_board("ooooBoooooBoAAooBoooooCoooooCooooooo").unwrap();
    assert!(truck_over_car.exit_barred(6));
    let (_, car_over_truck) = rush::parse_board("ooooBoooooBoAAooCoooooCoooooCooooooo").unwrap();
    assert!(!car_over_truck.exit_barred(6));
    // A column of two trucks, a row of three cars: frozen.
    let (_, column) =
        rush::parse_board(&["Booooo", "Booooo", "BAAooo", "Cooooo", "Cooooo", "Cooooo"].concat()).unwrap();
    assert!(column.frozen_line(6));
    let (_, row) = rush::parse_board(&["BBCCDD", "oooooo", "AAoooo", "oooooo", "oooooo", "oooooo"].concat()).unwrap();
    assert!(row.frozen_line(6));
    let (_, open) = rush::parse_board(&["BBCCoo", "oooooo", "AAoooo", "oooooo", "oooooo", "oooooo"].concat()).unwrap();
    assert!(!open.frozen_line(6));
}

#[test]
fn the_analyser_stepped_in_small_slices_finds_what_it_finds_in_one() {
    use lphint::search::Status;
    let mut whole = Analyzer::new(6, 1 << 24);
    let mut sliced = Analyzer::reserved(6, 1 << 20).unwrap();
    let lines: Vec<&str> = include_str!("../../data/rush.txt").lines().filter(|l| !l.starts_with('#')).collect();
    for (n, line) in lines.iter().enumerate().filter(|(n, _)| n % 9 == 0) {
        let (_, position) = rush::parse_board(line.split_whitespace().nth(1).unwrap()).unwrap();
        let Outcome::Solvable(expected) = whole.analyze(&position, false).unwrap() else { panic!("{line}") };
        let budget = [1, 7, 300][n % 3];
        let run = |analyzer: &mut Analyzer| {
            let mut calls = 0;
            loop {
                let step = analyzer.step(budget);
                calls += 1;
                // A call ends within its budget, or past it by one expansion at most.
                assert!(step.work >= 1 && step.work < budget + 8, "{line}: {} units of {budget}", step.work);
                match step.status {
                    Status::InProgress => {}
                    Status::Found => return calls,
                    other => panic!("{line}: {other:?}"),
                }
            }
        };
        sliced.begin_cluster(&position, false).unwrap();
        let calls = run(&mut sliced);
        let Some(Outcome::Solvable(facts)) = sliced.outcome() else { panic!("{line}") };
        assert!(calls > expected.states / 1000 / budget as usize, "{line}: {calls} calls");
        assert_eq!(facts, ClusterFacts { minimal: None, ..expected }, "{line}");
        assert_eq!(sliced.counts(), whole.counts(), "{line}");
        sliced.begin_minimality(&facts.hardest, facts.moves).unwrap();
        run(&mut sliced);
        assert_eq!(sliced.useless_piece(), Some(None), "{line}: minimal");
        sliced.begin_fewest_moves(&position, 100).unwrap();
        run(&mut sliced);
        assert_eq!(sliced.fewest(), Some(Some(expected.moves)), "{line}");
    }
    // The minimality check names the first piece that can go without making the puzzle easier, as the
    // independent model finds it, on small boards in one-unit slices.
    // Each sampled board, and the hardest puzzle of its cluster (minimal more often).
    let mut small = Analyzer::reserved(5, 1 << 16).unwrap();
    let mut hardest = Analyzer::new(5, 1 << 16);
    let (mut useless, mut minimal) = (0, 0);
    let model = |p: &Position| {
        let pieces: Vec<P> =
            p.pieces().iter().map(|q| P { cell: q.cell, len: q.len, horizontal: q.horizontal }).collect();
        fewest(&Board { side: 5, exit: 1, pieces: Pieces::of(&pieces) })
    };
    // And the first puzzles the database lists, every one minimal.
    let mut listed = Vec::new();
    Positions::new(RushSpace::new(5, 0).unwrap()).each(0, u64::MAX, &mut |p| {
        if let Outcome::Solvable(facts) = hardest.analyze(p, true).unwrap() {
            if facts.minimal == Some(true) {
                listed.push(facts.hardest);
            }
        }
        if listed.len() < 20 {
            ControlFlow::Continue(())
        } else {
            ControlFlow::Break(())
        }
    });
    let sampled = sample(5, 1, 0, 100, 21).iter().map(|b| rush::parse_board(&b.text()).unwrap().1).collect::<Vec<_>>();
    for position in sampled.into_iter().chain(listed) {
        let Outcome::Solvable(facts) = hardest.analyze(&position, false).unwrap() else { continue };
        for p in [position, facts.hardest] {
            let moves = model(&p).unwrap();
            let expected = (1..p.pieces().len()).find(|&i| model(&p.without(i)).unwrap() >= moves);
            small.begin_minimality(&p, moves as u32).unwrap();
            while small.step(1).status == Status::InProgress {}
            assert_eq!(small.useless_piece(), Some(expected), "{}", rush::board_text(5, &p));
            if expected.is_some() {
                useless += 1
            } else {
                minimal += 1
            }
        }
    }
    assert!(useless > 10 && minimal > 10, "{useless} with a useless piece, {minimal} minimal");
}
