//! The human solver: a ladder of the techniques players use, each with Sudoku Explainer's difficulty
//! (SE 1.2.1's table: 1.0 a full house, 1.2 a hidden single in a box, 1.5 in a line, … 5.4 a hidden quad).
//! At every step the easiest technique that deduces something is applied; a puzzle's rating is the
//! hardest step used — SE's rule. The patterns are here; the chains that come after them (6.5 and up) in
//! [`super::chains`], the multiple forcing chains in [`super::forcing`], and [`Ladder`] is all of them. A
//! puzzle the ladder cannot finish needs a technique beyond it (SE's unique rectangles of type 3 and
//! loops, aligned exclusion, Nishio and dynamic forcing chains…: 4.5 or more): [`Rating::finished`] says
//! so, and its difficulty is then a lower bound.

use super::{bit, digits, Digits, Geometry, Grid, HouseKind, MAX_CELLS, MAX_SIDE};
use alloc::sync::Arc;
use alloc::vec::Vec;

/// A technique of the ladder, easiest first.
///
/// cbindgen:ignore
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Technique {
    /// The last empty cell of a house.
    FullHouse,
    /// A digit with one place left in a box.
    HiddenSingleBox,
    /// A digit with one place left in a row or column.
    HiddenSingleLine,
    /// A pointing (a box's places for a digit in one line) that leaves the digit one place in another box.
    DirectPointing,
    /// A claiming (a line's places for a digit in one box) that leaves the digit one place in another line.
    DirectClaiming,
    /// A hidden pair that leaves another digit of its house one place.
    DirectHiddenPair,
    /// A cell with one candidate left.
    NakedSingle,
    /// A hidden triple that leaves another digit of its house one place.
    DirectHiddenTriple,
    /// A box's places for a digit all in one line: the digit leaves the rest of the line.
    Pointing,
    /// A line's places for a digit all in one box: the digit leaves the rest of the box.
    Claiming,
    /// Two cells of a house with the same two candidates.
    NakedPair,
    /// A digit's places in two rows (columns) in the same two columns (rows).
    XWing,
    /// Two digits with the same two places in a house.
    HiddenPair,
    /// Three cells of a house with three candidates between them.
    NakedTriple,
    /// The X-wing of three lines.
    Swordfish,
    /// Three digits with three places between them in a house.
    HiddenTriple,
    /// A pivot `xy` seeing pincers `xz` and `yz`: `z` leaves every cell seeing both pincers.
    XyWing,
    /// A pivot `xyz` seeing pincers `xz` and `yz`: `z` leaves every cell seeing all three.
    XyzWing,
    /// Four cells in two rows, two columns and two boxes holding the same two candidates, some with more:
    /// the two alone would have two solutions, so the puzzle (unique) avoids them (types 1, 2 and 4).
    UniqueRectangle,
    /// Four cells of a house with four candidates between them.
    NakedQuad,
    /// The X-wing of four lines.
    Jellyfish,
    /// Four digits with four places between them in a house.
    HiddenQuad,
    /// A bivalue universal grave plus one: every empty cell has two candidates but one with three, whose
    /// extra digit must be its digit (else the puzzle would have two solutions).
    Bug,
    /// A loop of one digit's strong and weak links ([`super::chains`]): 6.5 and up by its length.
    XCycle,
    /// A loop through cells with two candidates: 6.5 and up.
    YCycle,
    /// A loop of both kinds of link: 7.0 and up.
    Cycle,
    /// A chain of one digit's links from a candidate to its own contradiction: 6.6 and up.
    ForcingXChain,
    /// A chain of both kinds of link to a contradiction: 7.0 and up.
    ForcingChain,
    /// What every candidate of a cell leads to ([`super::forcing`]): 8.0 and up.
    CellForcingChains,
    /// What every place of a digit in a house leads to: 8.0 and up.
    RegionForcingChains,
}

impl Technique {
    /// Every technique: the patterns, then the chains.
    pub const ALL: [Technique; 30] = {
        let mut all = [Technique::FullHouse; 30];
        let mut k = 0;
        while k < 23 {
            all[k] = Technique::LADDER[k];
            k += 1;
        }
        all[23] = Technique::XCycle;
        all[24] = Technique::YCycle;
        all[25] = Technique::ForcingXChain;
        all[26] = Technique::Cycle;
        all[27] = Technique::ForcingChain;
        all[28] = Technique::CellForcingChains;
        all[29] = Technique::RegionForcingChains;
        all
    };

    /// The techniques of patterns [`Board::find`] looks for, easiest first (the chains come after them:
    /// [`super::chains`]).
    pub const LADDER: [Technique; 23] = [
        Technique::FullHouse,
        Technique::HiddenSingleBox,
        Technique::HiddenSingleLine,
        Technique::DirectPointing,
        Technique::DirectClaiming,
        Technique::DirectHiddenPair,
        Technique::NakedSingle,
        Technique::DirectHiddenTriple,
        Technique::Pointing,
        Technique::Claiming,
        Technique::NakedPair,
        Technique::XWing,
        Technique::HiddenPair,
        Technique::NakedTriple,
        Technique::Swordfish,
        Technique::HiddenTriple,
        Technique::XyWing,
        Technique::XyzWing,
        Technique::UniqueRectangle,
        Technique::NakedQuad,
        Technique::Jellyfish,
        Technique::HiddenQuad,
        Technique::Bug,
    ];

    /// Whether the technique's reasoning holds only on a board with one completion (a unique rectangle's
    /// deadly pattern, BUG+1): on a puzzle with several solutions it could take away a true digit.
    pub fn assumes_uniqueness(self) -> bool {
        matches!(self, Technique::UniqueRectangle | Technique::Bug)
    }

    /// Sudoku Explainer's difficulty, in tenths (SE 1.2.1; 23 is 2.3).
    pub fn difficulty(self) -> u8 {
        match self {
            Technique::FullHouse => 10,
            Technique::HiddenSingleBox => 12,
            Technique::HiddenSingleLine => 15,
            Technique::DirectPointing => 17,
            Technique::DirectClaiming => 19,
            Technique::DirectHiddenPair => 20,
            Technique::NakedSingle => 23,
            Technique::DirectHiddenTriple => 25,
            Technique::Pointing => 26,
            Technique::Claiming => 28,
            Technique::NakedPair => 30,
            Technique::XWing => 32,
            Technique::HiddenPair => 34,
            Technique::NakedTriple => 36,
            Technique::Swordfish => 38,
            Technique::HiddenTriple => 40,
            Technique::XyWing => 42,
            Technique::XyzWing => 44,
            Technique::UniqueRectangle => 45,
            Technique::NakedQuad => 50,
            Technique::Jellyfish => 52,
            Technique::HiddenQuad => 54,
            Technique::Bug => 56,
            Technique::XCycle | Technique::YCycle => 65,
            Technique::ForcingXChain => 66,
            Technique::Cycle | Technique::ForcingChain => 70,
            Technique::CellForcingChains | Technique::RegionForcingChains => 80,
        }
    }

    /// The name a player reads ("a hidden pair" is "hidden pair").
    pub fn name(self) -> &'static str {
        match self {
            Technique::FullHouse => "full house",
            Technique::HiddenSingleBox | Technique::HiddenSingleLine => "hidden single",
            Technique::DirectPointing => "pointing (direct)",
            Technique::DirectClaiming => "claiming (direct)",
            Technique::DirectHiddenPair => "hidden pair (direct)",
            Technique::NakedSingle => "naked single",
            Technique::DirectHiddenTriple => "hidden triple (direct)",
            Technique::Pointing => "pointing",
            Technique::Claiming => "claiming",
            Technique::NakedPair => "naked pair",
            Technique::XWing => "X-wing",
            Technique::HiddenPair => "hidden pair",
            Technique::NakedTriple => "naked triple",
            Technique::Swordfish => "swordfish",
            Technique::HiddenTriple => "hidden triple",
            Technique::XyWing => "XY-wing",
            Technique::XyzWing => "XYZ-wing",
            Technique::UniqueRectangle => "unique rectangle",
            Technique::Bug => "BUG+1",
            Technique::NakedQuad => "naked quad",
            Technique::Jellyfish => "jellyfish",
            Technique::HiddenQuad => "hidden quad",
            Technique::XCycle => "X-cycle",
            Technique::YCycle => "Y-cycle",
            Technique::Cycle => "bidirectional cycle",
            Technique::ForcingXChain => "forcing X-chain",
            Technique::ForcingChain => "forcing chain",
            Technique::CellForcingChains => "cell forcing chains",
            Technique::RegionForcingChains => "region forcing chains",
        }
    }
}

/// A list of cells of fixed capacity (a fish's cells: at most 4 lines of 4 places).
///
/// cbindgen:ignore
pub type CellList = heapless::Vec<u16, 64>;
/// Candidates to remove, (cell, digits), of fixed capacity (a jellyfish on a 16×16 grid removes from at
/// most 4 lines of 12 other cells; a wing from a cell's 39 peers).
///
/// cbindgen:ignore
pub type Removals = heapless::Vec<(u16, Digits), 64>;
/// Houses of a pattern (a jellyfish's 4 lines and 4 cover lines at most).
///
/// cbindgen:ignore
pub type HouseList = heapless::Vec<u16, 8>;

/// Pushes onto a list whose capacity the patterns cannot exceed (see each list's type).
fn put<T, const N: usize>(list: &mut heapless::Vec<T, N>, item: T) {
    let pushed = list.push(item);
    debug_assert!(pushed.is_ok(), "a pattern list's capacity is its bound");
}

/// A list of `items`, as many as fit.
fn listed<T, const N: usize>(items: impl IntoIterator<Item = T>) -> heapless::Vec<T, N> {
    let mut list = heapless::Vec::new();
    items.into_iter().for_each(|item| put(&mut list, item));
    list
}

/// One step of the ladder: what it places and removes, and the pattern that proves it. Fixed capacity:
/// finding and applying steps allocates nothing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Deduction {
    /// The technique.
    pub technique: Technique,
    /// The digit placed, if any: (cell, digit).
    pub place: Option<(u16, u8)>,
    /// The candidates removed: (cell, digits).
    pub remove: Removals,
    /// What a direct technique's pattern rules out on the way to its digit: (cell, digits). Not applied:
    /// a direct step only places its digit, as SE's do (the candidates stay for later steps to remove).
    pub implied: Removals,
    /// The houses the pattern lies in (the first is where to look).
    pub houses: HouseList,
    /// The pattern's cells.
    pub cells: CellList,
    /// The pattern's digits.
    pub digits: Digits,
    /// Tenths the pattern's size adds to its technique's difficulty (a chain's length).
    pub extra: u8,
}

impl Deduction {
    /// The step's difficulty in tenths (SE's): its technique's and what its length adds.
    pub fn difficulty(&self) -> u8 {
        self.technique.difficulty().saturating_add(self.extra)
    }

    /// A chain's step ([`super::chains`]).
    pub(crate) fn chain(
        technique: Technique,
        houses: &[u16],
        cells: &[u16],
        digits: Digits,
        remove: Removals,
    ) -> Deduction {
        Deduction::new(technique, houses, cells, digits, remove)
    }

    /// A step of `technique` on the pattern of `cells` and `digits` in `houses`, removing `remove`.
    fn new(technique: Technique, houses: &[u16], cells: &[u16], digits: Digits, remove: Removals) -> Deduction {
        Deduction {
            technique,
            place: None,
            remove,
            implied: Removals::new(),
            houses: listed(houses.iter().copied()),
            cells: listed(cells.iter().copied()),
            digits,
            extra: 0,
        }
    }

    /// Turns the step direct: it places `place` only, what it removed becoming what it implies.
    fn direct(mut self, place: (u16, u8)) -> Deduction {
        self.place = Some(place);
        self.implied = core::mem::take(&mut self.remove);
        self
    }
}

/// A grid being solved by a player: digits placed and each empty cell's candidates. Fixed capacity (the
/// shape shared): copying and stepping it allocates nothing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    geometry: Arc<Geometry>,
    /// Each cell's digit (0 when empty).
    pub values: [u8; MAX_CELLS],
    /// Each empty cell's candidates (0 for a filled cell).
    pub candidates: [Digits; MAX_CELLS],
}

impl Board {
    /// The board of `grid`'s digits, every empty cell's candidates those its peers' digits leave.
    pub fn new(grid: &Grid) -> Board {
        Board::of(&Arc::new(grid.geometry()), &grid.cells)
    }

    /// The board of `digits` (row by row, 0 for an empty cell) on a grid of shape `geometry`.
    pub fn of(geometry: &Arc<Geometry>, digits: &[u8]) -> Board {
        let mut board = Board { geometry: Arc::clone(geometry), values: [0; MAX_CELLS], candidates: [0; MAX_CELLS] };
        board.candidates[..geometry.cells()].fill(geometry.all_digits());
        for (cell, &d) in digits.iter().enumerate().take(geometry.cells()) {
            if d != 0 && d as usize <= geometry.side {
                board.place(cell as u16, d);
            }
        }
        board
    }

    /// The grid's shape.
    pub fn geometry(&self) -> &Geometry {
        &self.geometry
    }

    /// Puts `digit` in `cell` and takes it from its peers' candidates.
    pub fn place(&mut self, cell: u16, digit: u8) {
        self.values[cell as usize] = digit;
        self.candidates[cell as usize] = 0;
        for &p in &self.geometry.peers[cell as usize] {
            self.candidates[p as usize] &= !bit(digit);
        }
    }

    /// Applies a deduction.
    pub fn apply(&mut self, deduction: &Deduction) {
        for &(cell, gone) in &deduction.remove {
            self.candidates[cell as usize] &= !gone;
        }
        if let Some((cell, digit)) = deduction.place {
            self.place(cell, digit);
        }
    }

    /// Whether every cell holds a digit.
    pub fn solved(&self) -> bool {
        self.values[..self.geometry.cells()].iter().all(|&d| d != 0)
    }

    /// The cells of house `house` where `digit` is a candidate.
    fn places(&self, house: usize, digit: u8) -> impl Iterator<Item = u16> + '_ {
        self.geometry.houses[house].iter().copied().filter(move |&c| self.candidates[c as usize] & bit(digit) != 0)
    }

    /// The candidates of `set` in each of `cells`, where it has some: (cell, those digits).
    fn among(&self, cells: impl Iterator<Item = u16>, set: Digits) -> Removals {
        listed(cells.map(|c| (c, self.candidates[c as usize] & set)).filter(|&(_, d)| d != 0))
    }

    /// Whether house `house` holds `digit`.
    fn holds(&self, house: usize, digit: u8) -> bool {
        self.geometry.houses[house].iter().any(|&c| self.values[c as usize] == digit)
    }

    /// The easiest deduction the ladder finds, or `None` when it is stuck (or the board is solved).
    pub fn next_deduction(&self) -> Option<Deduction> {
        self.next_deduction_assuming(true)
    }

    /// [`Board::next_deduction`], leaving out the techniques that assume the board has one completion
    /// unless `unique` says it has ([`Technique::assumes_uniqueness`]).
    pub fn next_deduction_assuming(&self, unique: bool) -> Option<Deduction> {
        Technique::LADDER.iter().filter(|t| unique || !t.assumes_uniqueness()).find_map(|&t| self.find(t))
    }

    /// A deduction by `technique`, if one applies.
    pub fn find(&self, technique: Technique) -> Option<Deduction> {
        match technique {
            Technique::FullHouse => self.full_house(),
            Technique::HiddenSingleBox => self.hidden_single(true),
            Technique::HiddenSingleLine => self.hidden_single(false),
            Technique::DirectPointing => self.locked(true, true),
            Technique::DirectClaiming => self.locked(false, true),
            Technique::DirectHiddenPair => self.hidden_set(2, true),
            Technique::NakedSingle => self.naked_single(),
            Technique::DirectHiddenTriple => self.hidden_set(3, true),
            Technique::Pointing => self.locked(true, false),
            Technique::Claiming => self.locked(false, false),
            Technique::NakedPair => self.naked_set(2),
            Technique::XWing => self.fish(2),
            Technique::HiddenPair => self.hidden_set(2, false),
            Technique::NakedTriple => self.naked_set(3),
            Technique::Swordfish => self.fish(3),
            Technique::HiddenTriple => self.hidden_set(3, false),
            Technique::XyWing => self.wing(2, Technique::XyWing),
            Technique::XyzWing => self.wing(3, Technique::XyzWing),
            Technique::UniqueRectangle => self.unique_rectangle(),
            Technique::Bug => self.bug(),
            Technique::NakedQuad => self.naked_set(4),
            Technique::Jellyfish => self.fish(4),
            Technique::HiddenQuad => self.hidden_set(4, false),
            // Chains need scratch space: [`super::chains::Chains`] finds them.
            Technique::XCycle
            | Technique::YCycle
            | Technique::Cycle
            | Technique::ForcingXChain
            | Technique::ForcingChain
            | Technique::CellForcingChains
            | Technique::RegionForcingChains => None,
        }
    }

    fn full_house(&self) -> Option<Deduction> {
        (0..self.geometry.houses.len()).find_map(|h| {
            let mut empty = self.geometry.houses[h].iter().filter(|&&c| self.values[c as usize] == 0);
            let (cell, None) = (*empty.next()?, empty.next()) else { return None };
            let digit = single(self.candidates[cell as usize])?;
            Some(placing(Technique::FullHouse, cell, digit, h))
        })
    }

    fn hidden_single(&self, boxes: bool) -> Option<Deduction> {
        let technique = if boxes { Technique::HiddenSingleBox } else { Technique::HiddenSingleLine };
        let houses = self.geometry.houses.len();
        (0..houses).filter(|&h| (self.geometry.kind(h) == HouseKind::Box) == boxes).find_map(|h| {
            (1..=self.geometry.side as u8).find_map(|d| {
                let mut places = self.places(h, d);
                let (cell, None) = (places.next()?, places.next()) else { return None };
                Some(placing(technique, cell, d, h))
            })
        })
    }

    fn naked_single(&self) -> Option<Deduction> {
        (0..self.geometry.cells()).find_map(|cell| {
            let digit = single(self.candidates[cell])?;
            Some(placing(Technique::NakedSingle, cell as u16, digit, self.geometry.cell_houses[cell][0] as usize))
        })
    }

    /// Pointing (`pointing`: a box's places for a digit in one line) or claiming (a line's in one box):
    /// the digit leaves the rest of the other house. `direct`: only when that leaves the digit one place
    /// in a house of the first one's kind through a cell it left, which is placed.
    fn locked(&self, pointing: bool, direct: bool) -> Option<Deduction> {
        let g = &*self.geometry;
        let technique = match (pointing, direct) {
            (true, true) => Technique::DirectPointing,
            (false, true) => Technique::DirectClaiming,
            (true, false) => Technique::Pointing,
            (false, false) => Technique::Claiming,
        };
        for h in (0..g.houses.len()).filter(|&h| (g.kind(h) == HouseKind::Box) == pointing) {
            for d in 1..=g.side as u8 {
                let places: CellList = listed(self.places(h, d));
                if places.len() < 2 {
                    continue;
                }
                // The other house holding every place: the line (for a box) or the box (for a line).
                let other_kinds: &[usize] = if pointing { &[0, 1] } else { &[2] };
                for &k in other_kinds {
                    let other = g.cell_houses[places[0] as usize][k] as usize;
                    if other == h || !places.iter().all(|&c| g.cell_houses[c as usize][k] as usize == other) {
                        continue;
                    }
                    let gone = self.among(self.places(other, d).filter(|c| !g.houses[h].contains(c)), bit(d));
                    if gone.is_empty() {
                        continue;
                    }
                    let deduction = Deduction::new(technique, &[h as u16, other as u16], &places, bit(d), gone);
                    if !direct {
                        return Some(deduction);
                    }
                    // A house of the first one's kind through a cell the digit left, where it has one place.
                    let kind_index = h / g.side;
                    for &(c, _) in &deduction.remove {
                        let house = g.cell_houses[c as usize][kind_index];
                        let mut left =
                            self.places(house as usize, d).filter(|p| !deduction.remove.iter().any(|r| r.0 == *p));
                        if let (Some(cell), None) = (left.next(), left.next()) {
                            let mut deduction = deduction.clone().direct((cell, d));
                            put(&mut deduction.houses, house);
                            return Some(deduction);
                        }
                    }
                }
            }
        }
        None
    }

    /// `size` cells of a house with `size` candidates between them: those digits leave the house's other
    /// cells.
    fn naked_set(&self, size: usize) -> Option<Deduction> {
        let technique = [Technique::NakedPair, Technique::NakedTriple, Technique::NakedQuad][size - 2];
        for (h, house) in self.geometry.houses.iter().enumerate() {
            let empty: CellList = listed(house.iter().copied().filter(|&c| self.values[c as usize] == 0));
            if empty.len() <= size {
                continue;
            }
            // Only cells with at most `size` candidates can be in the set: the subsets are drawn from them
            // (in the same order, so the first set found is the same; a 16×16 house has 1,820 quads).
            let small: CellList =
                listed(empty.iter().copied().filter(|&c| self.candidates[c as usize].count_ones() as usize <= size));
            let found = subsets(small.len(), size, |pick| {
                let union = pick.iter().fold(0, |u, &k| u | self.candidates[small[k] as usize]);
                if union.count_ones() as usize != size {
                    return None;
                }
                let cells: CellList = listed(pick.iter().map(|&k| small[k]));
                let remove = self.among(empty.iter().copied().filter(|c| !cells.contains(c)), union);
                (!remove.is_empty()).then(|| Deduction::new(technique, &[h as u16], &cells, union, remove))
            });
            if found.is_some() {
                return found;
            }
        }
        None
    }

    /// `size` digits whose places in a house are `size` cells: the cells' other candidates go. `direct`:
    /// only when that leaves another digit of the house one place, which is placed.
    fn hidden_set(&self, size: usize, direct: bool) -> Option<Deduction> {
        let technique = match (size, direct) {
            (2, true) => Technique::DirectHiddenPair,
            (3, true) => Technique::DirectHiddenTriple,
            (2, false) => Technique::HiddenPair,
            (3, false) => Technique::HiddenTriple,
            _ => Technique::HiddenQuad,
        };
        let g = &*self.geometry;
        for h in 0..g.houses.len() {
            let open: heapless::Vec<u8, MAX_SIDE> = listed((1..=g.side as u8).filter(|&d| !self.holds(h, d)));
            if open.len() <= size {
                continue;
            }
            // Only digits with at most `size` places can be in the set (the same order: the same first set).
            let few: heapless::Vec<u8, MAX_SIDE> =
                listed(open.iter().copied().filter(|&d| self.places(h, d).nth(size).is_none()));
            let found = subsets(few.len(), size, |pick| {
                let set: Digits = pick.iter().fold(0, |s, &k| s | bit(few[k]));
                let cells: CellList =
                    listed(g.houses[h].iter().copied().filter(|&c| self.candidates[c as usize] & set != 0));
                if cells.len() != size {
                    return None;
                }
                let remove = self.among(cells.iter().copied(), !set);
                if remove.is_empty() {
                    return None;
                }
                let deduction = Deduction::new(technique, &[h as u16], &cells, set, remove);
                if !direct {
                    return Some(deduction);
                }
                let other = open.iter().copied().filter(|&d| set & bit(d) == 0).find_map(|d| {
                    let mut left = self.places(h, d).filter(|c| !cells.contains(c));
                    let (cell, None) = (left.next()?, left.next()) else { return None };
                    // It had more places before: a single already is an easier step.
                    (self.places(h, d).count() > 1).then_some((cell, d))
                })?;
                Some(deduction.direct(other))
            });
            if found.is_some() {
                return found;
            }
        }
        None
    }

    /// A digit's places in `size` rows all in `size` columns (or the other way round): it leaves those
    /// columns' other cells.
    fn fish(&self, size: usize) -> Option<Deduction> {
        let technique = [Technique::XWing, Technique::Swordfish, Technique::Jellyfish][size - 2];
        let g = &*self.geometry;
        let n = g.side;
        for d in 1..=n as u8 {
            for (base, cover) in [(0, 1), (1, 0)] {
                // The lines of the base kind where the digit has 2..=size places, as a set of cover lines.
                let lines: heapless::Vec<(usize, u32), MAX_SIDE> = listed((0..n).filter_map(|i| {
                    let house = base * n + i;
                    let spots = self
                        .places(house, d)
                        .fold(0u32, |m, c| m | 1 << (g.cell_houses[c as usize][cover] as usize - cover * n));
                    (2..=size).contains(&(spots.count_ones() as usize)).then_some((house, spots))
                }));
                if lines.len() < size {
                    continue;
                }
                let found = subsets(lines.len(), size, |pick| {
                    let union = pick.iter().fold(0u32, |u, &k| u | lines[k].1);
                    if union.count_ones() as usize != size {
                        return None;
                    }
                    let mut houses: HouseList = listed(pick.iter().map(|&k| lines[k].0 as u16));
                    let (mut remove, mut cells) = (Removals::new(), CellList::new());
                    for i in (0..n).filter(|&i| union >> i & 1 == 1) {
                        put(&mut houses, (cover * n + i) as u16);
                        for c in self.places(cover * n + i, d) {
                            if houses[..size].contains(&g.cell_houses[c as usize][base]) {
                                put(&mut cells, c);
                            } else {
                                put(&mut remove, (c, bit(d)));
                            }
                        }
                    }
                    (!remove.is_empty()).then(|| Deduction::new(technique, &houses, &cells, bit(d), remove))
                });
                if found.is_some() {
                    return found;
                }
            }
        }
        None
    }

    /// A unique rectangle: four empty cells in two rows, two columns and two boxes whose candidates all
    /// hold `a` and `b`. Alone with those two they would swap into a second solution, so (the puzzle having
    /// one) the cells with more keep one of them: type 1, one such cell loses `a` and `b`; type 2, the cells
    /// with more share one extra digit `x`, which one of them holds: `x` leaves the cells seeing them all;
    /// type 4, two such cells in a line where `a` has no other place: one of them is `a`, so neither is
    /// `b`.
    fn unique_rectangle(&self) -> Option<Deduction> {
        let g = &*self.geometry;
        let n = g.side;
        let empty = |c: usize| self.values[c] == 0;
        let mut found: [Option<Deduction>; 3] = [None, None, None];
        for r1 in 0..n {
            for r2 in r1 + 1..n {
                for c1 in 0..n {
                    for c2 in c1 + 1..n {
                        let corners = [r1 * n + c1, r1 * n + c2, r2 * n + c1, r2 * n + c2];
                        if !corners.iter().all(|&c| empty(c)) {
                            continue;
                        }
                        let boxes = corners.map(|c| g.cell_houses[c][2]);
                        let two_boxes = boxes.iter().all(|&b| b == boxes[0] || b == boxes[3]) && boxes[0] != boxes[3]
                            || boxes.iter().all(|&b| b == boxes[0] || b == boxes[1]) && boxes[0] != boxes[1];
                        if !two_boxes || boxes.iter().filter(|&&b| b == boxes[0]).count() != 2 {
                            continue;
                        }
                        let common = corners.iter().fold(g.all_digits(), |m, &c| m & self.candidates[c]);
                        for a in super::digits(common) {
                            for b in super::digits(common).filter(|&b| b > a) {
                                let pair = bit(a) | bit(b);
                                let cells = corners.map(|c| c as u16);
                                let extra: CellList =
                                    listed(cells.iter().copied().filter(|&c| self.candidates[c as usize] != pair));
                                for (k, step) in self.rectangle_steps(&cells, &extra, a, b).into_iter().enumerate() {
                                    if found[k].is_none() {
                                        found[k] = step;
                                    }
                                }
                                if found[0].is_some() {
                                    return found[0].take();
                                }
                            }
                        }
                    }
                }
            }
        }
        found.into_iter().flatten().next()
    }

    /// The steps of types 1, 2 and 4 the rectangle `cells` on digits `a` and `b` makes, `extra` its cells
    /// with more candidates.
    fn rectangle_steps(&self, cells: &[u16; 4], extra: &[u16], a: u8, b: u8) -> [Option<Deduction>; 3] {
        let g = &*self.geometry;
        let pair = bit(a) | bit(b);
        let step = |remove: Removals| {
            (!remove.is_empty()).then(|| Deduction::new(Technique::UniqueRectangle, &[], cells, pair, remove))
        };
        let mut steps: [Option<Deduction>; 3] = [None, None, None];
        if let [one] = extra {
            steps[0] = step(self.among(core::iter::once(*one), pair));
        }
        if extra.len() >= 2 {
            let more = extra.iter().fold(0, |m, &c| m | self.candidates[c as usize] & !pair);
            if more.count_ones() == 1 && extra.iter().all(|&c| self.candidates[c as usize] & !pair == more) {
                let seeing = g.peers[extra[0] as usize]
                    .iter()
                    .copied()
                    .filter(|&c| !cells.contains(&c) && extra.iter().all(|&e| self.sees(c, e)));
                steps[1] = step(self.among(seeing, more));
            }
        }
        if let [e, f] = extra {
            let shared = (0..2).find(|&k| g.cell_houses[*e as usize][k] == g.cell_houses[*f as usize][k]);
            if let Some(k) = shared {
                let house = g.cell_houses[*e as usize][k] as usize;
                for (u, v) in [(a, b), (b, a)] {
                    if self.places(house, u).all(|c| c == *e || c == *f) {
                        steps[2] = step(self.among([*e, *f].into_iter(), bit(v)));
                        if steps[2].is_some() {
                            break;
                        }
                    }
                }
            }
        }
        steps
    }

    /// BUG+1: every empty cell has two candidates but one with three, and every digit has two places in
    /// every house it has places in but that cell's houses, where its extra digit has three: were the
    /// cell not that digit, the grid would be a grave of pairs with two solutions. The cell's other
    /// candidates go.
    fn bug(&self) -> Option<Deduction> {
        let g = &*self.geometry;
        let mut odd = None;
        for c in (0..g.cells()).filter(|&c| self.values[c] == 0) {
            match self.candidates[c].count_ones() {
                2 => {}
                3 if odd.is_none() => odd = Some(c),
                _ => return None,
            }
        }
        let cell = odd?;
        // The extra digit: the one with three places in the cell's houses; without it in the cell, every
        // digit must have zero or two places in every house.
        let extra = super::digits(self.candidates[cell])
            .find(|&d| g.cell_houses[cell].iter().all(|&h| self.places(h as usize, d).count() == 3))?;
        let two_everywhere = (0..g.houses.len()).all(|h| {
            (1..=g.side as u8).all(|d| {
                let places = self.places(h, d).filter(|&c| !(c as usize == cell && d == extra)).count();
                places == 0 || places == 2
            })
        });
        if !two_everywhere {
            return None;
        }
        let remove = self.among(core::iter::once(cell as u16), !bit(extra));
        let houses = [g.cell_houses[cell][0]];
        Some(Deduction::new(Technique::Bug, &houses, &[cell as u16], bit(extra), remove))
    }

    /// Whether two cells share a house.
    fn sees(&self, a: u16, b: u16) -> bool {
        a != b && (0..3).any(|k| self.geometry.cell_houses[a as usize][k] == self.geometry.cell_houses[b as usize][k])
    }

    /// A pivot of `pivot_size` candidates (`xy` or `xyz`) seeing two bivalue pincers `xz` and `yz`: `z`
    /// leaves the cells seeing both pincers (and the pivot too, for `xyz`).
    fn wing(&self, pivot_size: u32, technique: Technique) -> Option<Deduction> {
        let g = &*self.geometry;
        let bivalue = |c: u16| self.candidates[c as usize].count_ones() == 2;
        for pivot in (0..g.cells() as u16).filter(|&c| self.candidates[c as usize].count_ones() == pivot_size) {
            let xyz = self.candidates[pivot as usize];
            let pincers: CellList = listed(
                g.peers[pivot as usize]
                    .iter()
                    .copied()
                    .filter(|&c| bivalue(c) && self.candidates[c as usize] & xyz != 0),
            );
            for (i, &a) in pincers.iter().enumerate() {
                for &b in &pincers[i + 1..] {
                    let (ca, cb) = (self.candidates[a as usize], self.candidates[b as usize]);
                    let z = ca & cb;
                    let fits = ca != cb
                        && z.count_ones() == 1
                        && if pivot_size == 2 {
                            // xy, xz, yz: the pincers share z, which the pivot lacks, and cover the pivot.
                            z & xyz == 0 && (ca | cb) & !z == xyz
                        } else {
                            // xyz, xz, yz: both pincers inside the pivot, sharing z.
                            (ca | cb) == xyz
                        };
                    if !fits {
                        continue;
                    }
                    // The cells seeing the pincers (and the pivot, for xyz) lose z.
                    let seeing = |c: u16| {
                        self.sees(c, a) && self.sees(c, b) && (pivot_size == 2 || self.sees(c, pivot)) && c != pivot
                    };
                    let remove = self.among(g.peers[a as usize].iter().copied().filter(|&c| seeing(c)), z);
                    if !remove.is_empty() {
                        let houses = [g.cell_houses[pivot as usize][0]];
                        return Some(Deduction::new(technique, &houses, &[pivot, a, b], xyz | z, remove));
                    }
                }
            }
        }
        None
    }
}

/// The only digit of `set`, if it holds one.
fn single(set: Digits) -> Option<u8> {
    (set.count_ones() == 1).then(|| set.trailing_zeros() as u8 + 1)
}

/// A deduction placing `digit` in `cell`, seen in house `house`.
fn placing(technique: Technique, cell: u16, digit: u8, house: usize) -> Deduction {
    Deduction {
        place: Some((cell, digit)),
        ..Deduction::new(technique, &[house as u16], &[cell], bit(digit), Removals::new())
    }
}

/// The first `Some` `found` gives for a `size`-subset of `0..n` (in lexicographic order).
fn subsets<T>(n: usize, size: usize, mut found: impl FnMut(&[usize]) -> Option<T>) -> Option<T> {
    if size > n || size > 4 {
        return None;
    }
    let mut array = [0, 1, 2, 3];
    let pick = &mut array[..size];
    loop {
        if let Some(t) = found(pick) {
            return Some(t);
        }
        // The next subset: the last index that can move on, and the ones after it just behind.
        let mut i = size;
        loop {
            if i == 0 {
                return None;
            }
            i -= 1;
            if pick[i] < n - size + i {
                break;
            }
        }
        pick[i] += 1;
        for j in i + 1..size {
            pick[j] = pick[j - 1] + 1;
        }
    }
}

/// The whole ladder: the patterns ([`Board::next_deduction`]), then the chains, then the multiple
/// forcing chains, whose scratch space is reserved when it is made. Its search for a step can be made in
/// slices ([`Ladder::step`]), each bounded by the work it is given, so that a game's frame is never held
/// by a chain search (one can reach millions of potentials on a 16×16 grid).
pub struct Ladder {
    chains: super::chains::Chains,
    forcing: super::forcing::Forcing,
    rung: Rung,
    /// Whether the boards it steps on have one completion (the techniques that assume it are used).
    unique: bool,
    /// The patterns' work: a grid's cells a pass.
    pattern_work: u64,
}

/// The rung a stepped search is on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Rung {
    Patterns,
    Chains,
    Forcing,
}

/// Where a stepped search for the ladder's next step stands ([`Ladder::step`]).
// The step by value, as every deduction: boxing it would allocate in a per-frame call.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Progress {
    /// The easiest step.
    Step(Deduction),
    /// The ladder finds nothing on the board.
    Stuck,
    /// Not done: call again with the same board.
    Working,
}

impl Ladder {
    /// The ladder for grids of shape `geometry`, its chains' scratch space reserved.
    pub fn new(geometry: &Geometry) -> Result<Ladder, crate::memory::OutOfMemory> {
        Ok(Ladder {
            chains: super::chains::Chains::new()?,
            forcing: super::forcing::Forcing::new(geometry)?,
            rung: Rung::Patterns,
            unique: true,
            pattern_work: 0,
        })
    }

    /// Says whether the boards the ladder will step on have one completion: when not, unique
    /// rectangles and BUG+1 are left out (their reasoning needs one). True when made.
    pub fn assume_unique(&mut self, unique: bool) {
        self.unique = unique;
    }

    /// Rates `board` ([`rate`]) with this ladder's scratch space, taking at most `max_steps` steps.
    pub fn rate(&mut self, board: Board, max_steps: usize) -> Rating {
        rate_by(board, max_steps, |board| self.next(board))
    }

    /// The easiest step on `board`: a pattern's, else a chain's, else multiple forcing chains'; `None`
    /// when the ladder is stuck. The whole search in one call (a search in slices is forgotten).
    pub fn next(&mut self, board: &Board) -> Option<Deduction> {
        self.reset();
        loop {
            match self.step(board, u64::MAX) {
                Progress::Step(step) => return Some(step),
                Progress::Stuck => return None,
                Progress::Working => {}
            }
        }
    }

    /// Forgets a search in slices under way: the next [`Ladder::step`] starts afresh.
    pub fn reset(&mut self) {
        self.rung = Rung::Patterns;
    }

    /// The work done since the ladder was made: potentials the chains reached, and a grid's cells for
    /// every pass over the patterns.
    pub fn work(&self) -> u64 {
        self.chains.work() + self.forcing.work() + self.pattern_work
    }

    /// Searches for the easiest step on `board` until `work` more is done ([`Ladder::work`]; a pass over
    /// the patterns, a chain's source or a forcing chain's cell is not cut short): the step, `Stuck`, or
    /// `Working` — then call again with the same board (a step found or `Stuck` ends the search).
    pub fn step(&mut self, board: &Board, work: u64) -> Progress {
        let until = self.work().saturating_add(work.max(1));
        loop {
            match self.rung {
                Rung::Patterns => {
                    self.pattern_work += board.geometry().cells() as u64;
                    if let Some(step) = board.next_deduction_assuming(self.unique) {
                        return Progress::Step(step);
                    }
                    self.chains.restart();
                    self.rung = Rung::Chains;
                }
                Rung::Chains => match self.chains.search(board, until.saturating_sub(self.work())) {
                    Some(Some(step)) => {
                        self.rung = Rung::Patterns;
                        return Progress::Step(step);
                    }
                    Some(None) => {
                        self.forcing.restart();
                        self.rung = Rung::Forcing;
                    }
                    None => return Progress::Working,
                },
                Rung::Forcing => {
                    let found = self.forcing.search(board, until.saturating_sub(self.work()));
                    let Some(found) = found else { return Progress::Working };
                    self.rung = Rung::Patterns;
                    return found.map_or(Progress::Stuck, Progress::Step);
                }
            }
            if self.work() >= until {
                return Progress::Working;
            }
        }
    }
}

/// How hard a puzzle is by the ladder.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rating {
    /// The hardest step's difficulty in tenths (SE's scale: 23 is 2.3); 0 for a grid with nothing to do.
    pub difficulty: u8,
    /// Its technique.
    pub hardest: Option<Technique>,
    /// Whether the ladder finished the grid. When it did not, the puzzle needs a technique beyond the
    /// ladder, and `difficulty` is a lower bound: SE rates it at least 4.5 too (no technique the ladder
    /// lacks rates less).
    pub finished: bool,
    /// The steps taken.
    pub steps: usize,
}

/// Rates `grid` by the ladder (SE's rule: the easiest step each time, the hardest one used), taking at
/// most `max_steps` steps.
/// Without room for the chains' scratch space, the patterns alone rate it (then a lower bound, said so
/// by [`Rating::finished`] when they do not finish). Making the ladder costs more than rating an easy
/// puzzle: [`Ladder::rate`] reuses one.
pub fn rate(grid: &Grid, max_steps: usize) -> Rating {
    let board = Board::new(grid);
    match Ladder::new(board.geometry()) {
        Ok(mut ladder) => ladder.rate(board, max_steps),
        Err(_) => rate_by(board, max_steps, |board| board.next_deduction()),
    }
}

/// The rating of `board` by the steps `next` finds, at most `max_steps` of them.
fn rate_by(mut board: Board, max_steps: usize, mut next: impl FnMut(&Board) -> Option<Deduction>) -> Rating {
    let mut rating = Rating { difficulty: 0, hardest: None, finished: false, steps: 0 };
    while rating.steps < max_steps && !board.solved() {
        let Some(step) = next(&board) else { break };
        if step.difficulty() > rating.difficulty {
            (rating.difficulty, rating.hardest) = (step.difficulty(), Some(step.technique));
        }
        board.apply(&step);
        rating.steps += 1;
    }
    rating.finished = board.solved();
    rating
}

/// The digits of `set` as a player reads them: "3, 7 and 9".
pub fn digit_list(set: Digits) -> alloc::string::String {
    let all: Vec<char> = digits(set).map(super::digit_char).collect();
    let mut text = alloc::string::String::new();
    for (k, c) in all.iter().enumerate() {
        if k > 0 {
            text.push_str(if k + 1 == all.len() { " and " } else { ", " });
        }
        text.push(*c);
    }
    text
}
