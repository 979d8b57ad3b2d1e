//! Water jugs: pour one jug into another until the first is empty or the second full; optionally fill a
//! jug from the tap or empty it into the sink. Reach an amount per jug, where a jug may be "any".
//!
//! Text description: `jugs:CAPS:START:GOAL[:tap]` — comma lists, `*` in GOAL for "any amount", `tap` to
//! allow filling and emptying. Example: `jugs:16,9,7:16,0,0:8,8,*`.
//!
//! Pours cannot be undone, so a player can reach a position from which the goal is unreachable: every
//! search reports that as [`crate::search::Status::Unsolvable`], and hints say "unsolvable from here".

#[cfg(feature = "std")]
mod abi;
mod generate;

pub use generate::JugsParams;

use crate::family::{add_cell, Family, Fingerprint, HintCells, MoveCode, Reason};
use crate::memory::OutOfMemory;
use crate::search::astar::{AStar, Priority};
use crate::search::{Algorithm, Puzzle, Solver};
use crate::text::{fields, Field, ParseError};
use alloc::boxed::Box;
use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;
use core::fmt::Write;

/// Most jugs in a puzzle.
pub const MAX_JUGS: usize = 8;
/// Fewest jugs in a puzzle.
pub const MIN_JUGS: usize = 2;

/// The amount in every jug (unused jugs hold zero).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Amounts(pub [u8; MAX_JUGS]);

/// A move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum JugMove {
    /// Pour jug `from` into jug `to` until `from` is empty or `to` is full.
    Pour {
        /// The jug poured from.
        from: u8,
        /// The jug poured into.
        to: u8,
    },
    /// Fill a jug from the tap (with the `tap` option).
    Fill(u8),
    /// Empty a jug into the sink (with the `tap` option).
    Empty(u8),
}

/// A water-jugs puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Jugs {
    // Fixed-capacity lists: a puzzle owns no heap memory, so drawing one allocates nothing.
    capacities: heapless::Vec<u8, MAX_JUGS>,
    start: Amounts,
    goal: heapless::Vec<Option<u8>, MAX_JUGS>,
    tap: bool,
}

impl Jugs {
    /// A puzzle with these capacities (2 to 8 jugs, 1..=255 each), start amounts and goal (`None` =
    /// any amount), with or without tap and sink.
    pub fn new(capacities: &[u8], start: &[u8], goal: &[Option<u8>], tap: bool) -> Result<Jugs, String> {
        let n = capacities.len();
        if !(MIN_JUGS..=MAX_JUGS).contains(&n) {
            return Err(format!("a puzzle has {MIN_JUGS} to {MAX_JUGS} jugs, not {n}"));
        }
        if start.len() != n || goal.len() != n {
            return Err(format!("{n} capacities need {n} start amounts and {n} goal amounts"));
        }
        if let Some(i) = capacities.iter().position(|&c| c == 0) {
            return Err(format!("jug {} has capacity 0", i + 1));
        }
        let amounts =
            start.iter().copied().enumerate().chain(goal.iter().enumerate().filter_map(|(i, g)| g.map(|g| (i, g))));
        for (i, a) in amounts {
            if a > capacities[i] {
                return Err(format!("jug {} holds at most {}, not {a}", i + 1, capacities[i]));
            }
        }
        if goal.iter().all(Option::is_none) {
            return Err(String::from("the goal names no amount"));
        }
        let mut amounts = [0u8; MAX_JUGS];
        amounts[..n].copy_from_slice(start);
        // The lengths were checked against MAX_JUGS above.
        let capacities = heapless::Vec::from_slice(capacities).map_err(|_| String::from("too many jugs"))?;
        let goal = heapless::Vec::from_slice(goal).map_err(|_| String::from("too many jugs"))?;
        Ok(Jugs { capacities, start: Amounts(amounts), goal, tap })
    }

    /// A puzzle from plain numbers, as the C ABI passes them: `goal` amounts of `-1` mean "any amount".
    pub fn from_codes(capacities: &[u8], start: &[u8], goal: &[i32], tap: bool) -> Result<Jugs, String> {
        let goal = goal
            .iter()
            .map(|&g| match g {
                -1 => Ok(None),
                0..=255 => Ok(Some(g as u8)),
                _ => Err(format!("goal amount {g} is out of range (0..255, or -1 for any)")),
            })
            .collect::<Result<Vec<_>, _>>()?;
        Jugs::new(capacities, start, &goal, tap)
    }

    /// Number of jugs.
    pub fn jugs(&self) -> usize {
        self.capacities.len()
    }

    /// The capacities.
    pub fn capacities(&self) -> &[u8] {
        &self.capacities
    }

    /// The goal amounts (`None` = any).
    pub fn goal_amounts(&self) -> &[Option<u8>] {
        &self.goal
    }

    /// Whether tap and sink moves are allowed.
    pub fn has_tap(&self) -> bool {
        self.tap
    }
}

fn gcd(a: u32, b: u32) -> u32 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

impl Puzzle for Jugs {
    type State = Amounts;
    type Move = JugMove;

    fn successors(&self, s: &Amounts, mut f: impl FnMut(JugMove, Amounts, u32)) {
        let n = self.jugs();
        for from in 0..n {
            for to in 0..n {
                let room = self.capacities[to] - s.0[to];
                if from != to && s.0[from] > 0 && room > 0 {
                    let poured = s.0[from].min(room);
                    let mut next = *s;
                    next.0[from] -= poured;
                    next.0[to] += poured;
                    f(JugMove::Pour { from: from as u8, to: to as u8 }, next, 1);
                }
            }
        }
        if self.tap {
            for jug in 0..n {
                if s.0[jug] < self.capacities[jug] {
                    let mut next = *s;
                    next.0[jug] = self.capacities[jug];
                    f(JugMove::Fill(jug as u8), next, 1);
                }
                if s.0[jug] > 0 {
                    let mut next = *s;
                    next.0[jug] = 0;
                    f(JugMove::Empty(jug as u8), next, 1);
                }
            }
        }
    }

    fn is_goal(&self, s: &Amounts) -> bool {
        self.goal.iter().zip(&s.0).all(|(g, &a)| g.is_none_or(|g| g == a))
    }

    /// Half the jugs (rounded up) whose amount is wrong: a pour changes two jugs, tap and sink one.
    fn heuristic(&self, s: &Amounts) -> u32 {
        let wrong = self.goal.iter().zip(&s.0).filter(|(g, &a)| g.is_some_and(|g| g != a)).count() as u32;
        wrong.div_ceil(2)
    }

    /// A move changes at most two amounts.
    fn heuristic_is_admissible(&self) -> bool {
        true
    }

    /// Every move keeps every amount a multiple of the greatest common divisor of the capacities and the
    /// current amounts (a pour moves the smaller of an amount and a room, both multiples; the tap fills to
    /// a capacity): a goal amount that is not one is out of reach. Without tap the water is also
    /// conserved: the goal cannot name more than there is, nor, naming every jug, another total.
    fn provably_unsolvable(&self, s: &Amounts) -> bool {
        let n = self.jugs();
        let divisor = self.capacities.iter().chain(&s.0[..n]).fold(0, |d, &c| gcd(d, c as u32));
        if divisor > 1 && self.goal.iter().flatten().any(|&g| g as u32 % divisor != 0) {
            return true;
        }
        let total: u32 = s.0.iter().map(|&a| a as u32).sum();
        let named: u32 = self.goal.iter().flatten().map(|&g| g as u32).sum();
        !self.tap && (named > total || (self.goal.iter().all(Option::is_some) && named != total))
    }
}

fn write_list(out: &mut String, items: impl Iterator<Item = String>) {
    for (i, item) in items.enumerate() {
        if i > 0 {
            out.push(',');
        }
        out.push_str(&item);
    }
}

fn parse_amounts<'a>(field: &Field<'a>, what: &str) -> Result<Vec<(u8, Field<'a>)>, ParseError> {
    field.parse_list::<u8>(what)
}

/// Reason codes of jugs hints.
pub mod reason {
    /// Pour one jug into another.
    pub const POUR: u32 = 1;
    /// Fill a jug from the tap.
    pub const FILL: u32 = 2;
    /// Empty a jug into the sink.
    pub const EMPTY: u32 = 3;
}

impl Family for Jugs {
    const NAME: &'static str = "jugs";
    const SUMMARY: &'static str =
        "water jugs: pour from jug to jug (and, with the tap, fill and empty) to measure amounts";
    const REASONS: &'static [Reason] = &[
        Reason { code: reason::POUR, name: "pour", doc: "pour a jug into another, along a shortest solution" },
        Reason { code: reason::FILL, name: "fill", doc: "fill a jug from the tap, along a shortest solution" },
        Reason { code: reason::EMPTY, name: "empty", doc: "empty a jug into the sink, along a shortest solution" },
    ];

    fn parse(desc: &str) -> Result<Jugs, ParseError> {
        let f = fields(desc, Self::NAME, 3, 4)?;
        let capacities = parse_amounts(&f[0], "a capacity (1..255)")?;
        let start = parse_amounts(&f[1], "an amount (0..255)")?;
        let goal: Vec<(Option<u8>, Field<'_>)> = f[2]
            .split(',')
            .into_iter()
            .map(|item| {
                if item.text == "*" {
                    Ok((None, item))
                } else {
                    item.parse("an amount or *").map(|a| (Some(a), item))
                }
            })
            .collect::<Result<_, _>>()?;
        let tap = match f.get(3) {
            None => false,
            Some(option) if option.text == "tap" => true,
            Some(option) => return Err(option.error(format!("expected 'tap', found '{}'", option.text))),
        };
        let n = capacities.len();
        if start.len() != n {
            return Err(f[1].error(format!("{n} jugs need {n} start amounts, found {}", start.len())));
        }
        if goal.len() != n {
            return Err(f[2].error(format!("{n} jugs need {n} goal amounts, found {}", goal.len())));
        }
        for (i, (c, field)) in capacities.iter().enumerate() {
            if *c == 0 {
                return Err(field.error(format!("jug {} has capacity 0", i + 1)));
            }
            if start[i].0 > *c {
                return Err(start[i].1.error(format!("jug {} holds at most {c}", i + 1)));
            }
            if goal[i].0.is_some_and(|g| g > *c) {
                return Err(goal[i].1.error(format!("jug {} holds at most {c}", i + 1)));
            }
        }
        let caps: Vec<u8> = capacities.iter().map(|(c, _)| *c).collect();
        let amounts: Vec<u8> = start.iter().map(|(a, _)| *a).collect();
        let goals: Vec<Option<u8>> = goal.iter().map(|(g, _)| *g).collect();
        Jugs::new(&caps, &amounts, &goals, tap).map_err(|e| f[0].error(e))
    }

    fn describe(&self) -> String {
        let n = self.jugs();
        let mut out = String::from("jugs:");
        write_list(&mut out, self.capacities.iter().map(|c| format!("{c}")));
        out.push(':');
        write_list(&mut out, self.start.0[..n].iter().map(|a| format!("{a}")));
        out.push(':');
        write_list(&mut out, self.goal.iter().map(|g| g.map_or(String::from("*"), |g| format!("{g}"))));
        if self.tap {
            out.push_str(":tap");
        }
        out
    }

    fn start(&self) -> Amounts {
        self.start
    }

    fn with_start(&self, state: Amounts) -> Jugs {
        Jugs { start: state, ..self.clone() }
    }

    /// One line per jug: its number, a bar of its content against its capacity, and the goal.
    fn render(&self, s: &Amounts) -> String {
        let widest = *self.capacities.iter().max().unwrap_or(&1) as usize;
        let scale = widest.div_ceil(32).max(1);
        let mut out = String::new();
        for (i, &capacity) in self.capacities.iter().enumerate() {
            let (full, size) = (s.0[i] as usize / scale, capacity as usize / scale);
            let goal = self.goal[i].map_or(String::from("any"), |g| format!("{g}"));
            let _ = writeln!(
                out,
                "{:>2} [{}{}] {:>3}/{:<3} goal {goal}",
                i + 1,
                "#".repeat(full),
                ".".repeat(size - full),
                s.0[i],
                capacity
            );
        }
        out
    }

    /// `2>3` (pour jug 2 into jug 3), `+1` (fill jug 1), `-1` (empty jug 1); jugs count from 1.
    fn move_token(&self, mv: &JugMove) -> String {
        match *mv {
            JugMove::Pour { from, to } => format!("{}>{}", from + 1, to + 1),
            JugMove::Fill(j) => format!("+{}", j + 1),
            JugMove::Empty(j) => format!("-{}", j + 1),
        }
    }

    fn move_text(&self, mv: &JugMove) -> String {
        match *mv {
            JugMove::Pour { from, to } => format!("pour jug {} into jug {}", from + 1, to + 1),
            JugMove::Fill(j) => format!("fill jug {} from the tap", j + 1),
            JugMove::Empty(j) => format!("empty jug {} into the sink", j + 1),
        }
    }

    /// A\* with the admissible half-of-wrong-jugs bound: optimal, and it proves dead ends by exhausting
    /// the (small) reachable space.
    fn recommended_solver(&self) -> Result<Solver<Jugs>, OutOfMemory> {
        Ok(Solver::custom(Algorithm::AStar, Box::new(AStar::new(Priority::AStar, JUGS_NODES)?)))
    }

    /// Jugs listed in another order are the same puzzle: the fingerprint sorts them.
    fn fingerprint(&self) -> u64 {
        let n = self.jugs();
        let mut jugs = [(0u8, 0u8, 0i16); MAX_JUGS];
        for (i, jug) in jugs.iter_mut().enumerate().take(n) {
            *jug = (self.capacities[i], self.start.0[i], self.goal[i].map_or(-1, i16::from));
        }
        jugs[..n].sort_unstable();
        let fed = jugs[..n].iter().fold(Fingerprint::new(), |f, &(c, a, g)| f.bytes(&[c, a, g as u8, (g < 0) as u8]));
        fed.byte(self.tap as u8).finish()
    }

    /// A pour is `from` → `to` (jugs from 0); `from = -1` fills `to` from the tap; `to = -1` empties
    /// `from` into the sink. `piece` is unused.
    fn encode_move(&self, mv: &JugMove) -> MoveCode {
        let (from, to) = match *mv {
            JugMove::Pour { from, to } => (from as i32, to as i32),
            JugMove::Fill(j) => (-1, j as i32),
            JugMove::Empty(j) => (j as i32, -1),
        };
        MoveCode { piece: 0, from, to, arg: 0 }
    }

    fn decode_move(&self, state: &Amounts, code: &MoveCode) -> Option<JugMove> {
        let jug = |x: i32| u8::try_from(x).ok().filter(|&j| (j as usize) < self.jugs());
        let mv = match (code.from, code.to) {
            (-1, to) => JugMove::Fill(jug(to)?),
            (from, -1) => JugMove::Empty(jug(from)?),
            (from, to) => JugMove::Pour { from: jug(from)?, to: jug(to)? },
        };
        self.apply(state, &mv).map(|_| mv)
    }

    /// Names the pour, fill or empty the code asks for and why it cannot be done.
    fn illegal_move(&self, state: &Amounts, code: &MoveCode) -> String {
        let n = self.jugs();
        let jug = |x: i32| u8::try_from(x).ok().filter(|&j| (j as usize) < n);
        let no_jug = |x: i32| format!("there is no jug {} (the jugs are 1 to {n})", x.saturating_add(1));
        let (mv, why) = match (code.from, code.to) {
            (-1, -1) => return String::from("a move names a jug to pour from, to pour into, or both"),
            (-1, to) => {
                let Some(j) = jug(to) else { return no_jug(to) };
                let why = if !self.tap { "this puzzle has no tap" } else { "the jug is full" };
                (JugMove::Fill(j), why)
            }
            (from, -1) => {
                let Some(j) = jug(from) else { return no_jug(from) };
                let why = if !self.tap { "this puzzle has no sink" } else { "the jug is empty" };
                (JugMove::Empty(j), why)
            }
            (from, to) => {
                let (Some(f), Some(t)) = (jug(from), jug(to)) else {
                    return no_jug(if jug(from).is_none() { from } else { to });
                };
                let why = if f == t {
                    "a jug cannot be poured into itself"
                } else if state.0[f as usize] == 0 {
                    "the jug poured from is empty"
                } else {
                    "the jug poured into is full"
                };
                (JugMove::Pour { from: f, to: t }, why)
            }
        };
        format!("{} is not a legal move here: {why}", self.move_text(&mv))
    }

    fn board_size(&self) -> (u32, u32) {
        (self.jugs() as u32, 1)
    }

    /// The amount in jug `index`.
    fn cell(&self, s: &Amounts, index: usize) -> i32 {
        s.0.get(index).map_or(0, |&a| a as i32)
    }

    /// The jugs the move concerns (cells of the n × 1 grid): the two of a pour, the one filled or emptied.
    fn explain(&self, _: &Amounts, mv: &JugMove, _: bool, cells: &mut HintCells) -> u32 {
        let (code, jugs) = match *mv {
            JugMove::Pour { from, to } => (reason::POUR, [Some(from), Some(to)]),
            JugMove::Fill(j) => (reason::FILL, [Some(j), None]),
            JugMove::Empty(j) => (reason::EMPTY, [Some(j), None]),
        };
        for jug in jugs.into_iter().flatten() {
            let _ = cells.push(jug as u16);
        }
        code
    }

    /// The jug poured from, filled or emptied.
    fn hint_piece(&self, _: &Amounts, mv: &JugMove, cells: &mut HintCells) {
        let (JugMove::Pour { from: jug, .. } | JugMove::Fill(jug) | JugMove::Empty(jug)) = *mv;
        let _ = cells.push(jug as u16);
    }

    fn hint_piece_text(&self, _: &Amounts, mv: &JugMove) -> String {
        match *mv {
            JugMove::Pour { from, .. } => format!("pour from jug {}", from + 1),
            JugMove::Fill(j) => format!("jug {}, at the tap", j + 1),
            JugMove::Empty(j) => format!("jug {}, at the sink", j + 1),
        }
    }

    /// The jugs the next two moves use.
    fn hint_region(&self, _: &Amounts, plan: &[(JugMove, Amounts)], cells: &mut HintCells) {
        for jug in jugs_ahead(plan) {
            add_cell(cells, jug as u16);
        }
    }

    fn hint_region_text(&self, _: &Amounts, plan: &[(JugMove, Amounts)]) -> String {
        let jugs: Vec<String> = jugs_ahead(plan).iter().map(|j| format!("{}", j + 1)).collect();
        let noun = if jugs.len() == 1 { "jug" } else { "jugs" };
        format!("the next moves use {noun} {}", crate::text::and_list(&jugs))
    }

    /// "pour jug 1 into jug 2: it leaves 4 in jug 1 and 5 in jug 2".
    fn hint_text(&self, s: &Amounts, mv: &JugMove, _: u32) -> String {
        let Some(after) = self.apply(s, mv) else {
            return self.move_text(mv);
        };
        let shown: Vec<String> = match *mv {
            JugMove::Pour { from, to } => {
                [from, to].iter().map(|&j| format!("{} in jug {}", after.0[j as usize], j + 1)).collect()
            }
            JugMove::Fill(j) | JugMove::Empty(j) => alloc::vec![format!("{} in jug {}", after.0[j as usize], j + 1)],
        };
        format!("{}: it leaves {}", self.move_text(mv), shown.join(" and "))
    }
}

/// The jugs the next two moves of `plan` use, in order.
fn jugs_ahead(plan: &[(JugMove, Amounts)]) -> heapless::Vec<u8, 4> {
    let mut jugs = heapless::Vec::new();
    for (mv, _) in plan.iter().take(2) {
        let used = match *mv {
            JugMove::Pour { from, to } => [Some(from), Some(to)],
            JugMove::Fill(j) | JugMove::Empty(j) => [Some(j), None],
        };
        for jug in used.into_iter().flatten() {
            if !jugs.contains(&jug) {
                let _ = jugs.push(jug);
            }
        }
    }
    jugs
}

/// Node cap of the jugs solver (the reachable space of pours is small; with eight large jugs it is
/// bounded by this cap, and reaching it is reported as such).
const JUGS_NODES: usize = 1 << 18;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn describe_round_trips() {
        for desc in ["jugs:16,9,7:16,0,0:8,8,*", "jugs:3,5:0,0:*,4:tap"] {
            assert_eq!(Jugs::parse(desc).unwrap().describe(), desc);
        }
    }

    #[test]
    fn parse_errors_name_the_column() {
        let cases = [
            ("jugs:16,9,7:16,0:8,8,*", 13, "3 jugs need 3 start amounts, found 2"),
            ("jugs:16,9,7:16,0,0:8,10,*", 22, "jug 2 holds at most 9"),
            ("jugs:16,9,7:16,0,0:8,8,*:sink", 26, "expected 'tap', found 'sink'"),
            ("jugs:16,x,7:16,0,0:8,8,*", 9, "expected a capacity (1..255), found 'x'"),
            ("jugs:16,0,7:16,0,0:8,*,*", 9, "jug 2 has capacity 0"),
        ];
        for (desc, column, reason) in cases {
            assert_eq!(Jugs::parse(desc).unwrap_err(), ParseError::new(column, reason), "{desc}");
        }
    }
}
