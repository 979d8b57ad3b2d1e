//! Sudoku behind the uniform family interface: descriptions, drawing, move names, the hint plan
//! ([`super::plan`]) and hints explained by the ladder's techniques — each hint's reason is the hardest
//! step the ladder takes from the position to the hint's digit, its tiers read off those steps.

use super::human::{Board, Deduction as Step, Technique};
use super::plan::{Mode, Plan};
use super::puzzle::{Play, Position, Sudoku};
use super::{bit, digit_char, text, Grid};
use crate::family::{add_cell, Deduction, Family, Fingerprint, HintCells, MoveCode, Reason, SolutionCount};
use crate::memory::OutOfMemory;
use crate::search::{Algorithm, Solver};
use crate::text::ParseError;
use alloc::boxed::Box;
use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

/// Erase a digit the solution these hints lead to does not have there.
pub const ERASE: u32 = 31;
/// Write the solution's digit over a wrong one.
pub const REPLACE: u32 = 32;
/// A digit no technique of the ladder finds from the position: the solution's.
pub const SOLUTION: u32 = 33;

/// The most ladder steps one explanation follows to its digit (each removes a candidate at least).
const MAX_WALK: usize = 4 * super::MAX_CELLS;

/// The reason code of a hint whose hardest step is `technique`: 1 + its index in [`Technique::ALL`].
pub fn reason_of(technique: Technique) -> u32 {
    Technique::ALL.iter().position(|&t| t == technique).map_or(SOLUTION, |i| i as u32 + 1)
}

/// The steps from a position to the next digit the ladder places, as a hint explains them.
struct Walk {
    /// The hardest step (the first of the hardest), and the board it was found on.
    key: Option<(Step, Board)>,
    /// The digit placed at the end: (cell, digit).
    placed: Option<(u16, u8)>,
}

impl Sudoku {
    /// Follows the ladder from `position` to the next digit it places, handing each step and the board
    /// it was found on to `each`: the walk the hint plan recorded when there is one, else the ladder's
    /// search. Allocates nothing once the puzzle's ladder is made.
    fn walk(&self, position: &Position, mut each: impl FnMut(&Board, &Step)) -> Walk {
        let mut board = self.board(position);
        let mut walk = Walk { key: None, placed: None };
        let mut take = |board: &mut Board, step: &Step, walk: &mut Walk| {
            each(board, step);
            if walk.key.as_ref().is_none_or(|(k, _)| step.difficulty() > k.difficulty()) {
                walk.key = Some((step.clone(), board.clone()));
            }
            board.apply(step);
        };
        let recorded = self.recorded_walk(position, |steps, placed| {
            steps.iter().for_each(|step| take(&mut board, step, &mut walk));
            walk.placed = placed;
        });
        if recorded.is_some() {
            return walk;
        }
        self.with_ladder(|mut ladder| {
            for _ in 0..MAX_WALK {
                let step = match ladder.as_deref_mut() {
                    Some(ladder) => ladder.next(&board),
                    None => board.next_deduction(),
                };
                let Some(step) = step else { break };
                take(&mut board, &step, &mut walk);
                if step.place.is_some() {
                    walk.placed = step.place;
                    break;
                }
            }
        });
        walk
    }

    /// The walk to `mv`'s digit, when `mv` writes the digit the ladder places next from `position`.
    fn explained(&self, position: &Position, mv: &Play, each: impl FnMut(&Board, &Step)) -> Option<Walk> {
        let Play::Place { cell, digit } = *mv else { return None };
        if position.digits[cell as usize] != 0 {
            return None;
        }
        let walk = self.walk(position, each);
        (walk.placed == Some((cell, digit))).then_some(walk)
    }

    /// The cells of `cell`'s row.
    fn row_of(&self, cell: u16, cells: &mut HintCells) {
        let row = self.geometry().cell_houses[cell as usize][0] as usize;
        self.geometry().houses[row].iter().for_each(|&c| add_cell(cells, c));
    }

    /// "row 3" of `cell`.
    fn row_name(&self, cell: u16) -> String {
        self.geometry().house_name(self.geometry().cell_houses[cell as usize][0] as usize)
    }

    fn cell_name(&self, cell: u16) -> String {
        self.geometry().cell_name(cell as usize)
    }
}

/// A pattern's cells (and the digit it places).
fn step_cells(step: &Step, cells: &mut HintCells) {
    step.place.iter().for_each(|&(c, _)| add_cell(cells, c));
    step.cells.iter().for_each(|&c| add_cell(cells, c));
}

impl Family for Sudoku {
    const NAME: &'static str = "sudoku";
    const SUMMARY: &'static str =
        "Sudoku: fill the grid so that every row, column and box holds each digit once (4x4, 6x6, 9x9, 16x16)";
    const DEDUCES: bool = true;
    /// A digit the counter tries, 16 potentials of a chain search: 500 keep a 9×9 call near a millisecond
    /// (`lp bench frames --family sudoku`: at 1,000 the generator's calls took 1.0–1.3 ms, at most 2.6).
    const FRAME_BUDGET: u32 = 500;

    const REASONS: &'static [Reason] = &[
        Reason { code: 1, name: "full_house", doc: "the last empty cell of a house (SE 1.0)" },
        Reason { code: 2, name: "hidden_single_box", doc: "a digit with one place left in a box (SE 1.2)" },
        Reason { code: 3, name: "hidden_single_line", doc: "a digit with one place left in a row or column (SE 1.5)" },
        Reason { code: 4, name: "direct_pointing", doc: "a pointing that leaves a digit one place (SE 1.7)" },
        Reason { code: 5, name: "direct_claiming", doc: "a claiming that leaves a digit one place (SE 1.9)" },
        Reason { code: 6, name: "direct_hidden_pair", doc: "a hidden pair that leaves a digit one place (SE 2.0)" },
        Reason { code: 7, name: "naked_single", doc: "a cell with one candidate left (SE 2.3)" },
        Reason { code: 8, name: "direct_hidden_triple", doc: "a hidden triple that leaves a digit one place (SE 2.5)" },
        Reason { code: 9, name: "pointing", doc: "a box's places for a digit in one line (SE 2.6)" },
        Reason { code: 10, name: "claiming", doc: "a line's places for a digit in one box (SE 2.8)" },
        Reason { code: 11, name: "naked_pair", doc: "two cells of a house with the same two candidates (SE 3.0)" },
        Reason { code: 12, name: "x_wing", doc: "a digit's places in two lines in the same two cross lines (SE 3.2)" },
        Reason { code: 13, name: "hidden_pair", doc: "two digits with the same two places in a house (SE 3.4)" },
        Reason { code: 14, name: "naked_triple", doc: "three cells of a house with three candidates (SE 3.6)" },
        Reason { code: 15, name: "swordfish", doc: "the X-wing of three lines (SE 3.8)" },
        Reason { code: 16, name: "hidden_triple", doc: "three digits with three places in a house (SE 4.0)" },
        Reason { code: 17, name: "xy_wing", doc: "a pivot xy seeing pincers xz and yz (SE 4.2)" },
        Reason { code: 18, name: "xyz_wing", doc: "a pivot xyz seeing pincers xz and yz (SE 4.4)" },
        Reason { code: 19, name: "unique_rectangle", doc: "a rectangle that would allow two solutions (SE 4.5)" },
        Reason { code: 20, name: "naked_quad", doc: "four cells of a house with four candidates (SE 5.0)" },
        Reason { code: 21, name: "jellyfish", doc: "the X-wing of four lines (SE 5.2)" },
        Reason { code: 22, name: "hidden_quad", doc: "four digits with four places in a house (SE 5.4)" },
        Reason { code: 23, name: "bug", doc: "a bivalue universal grave plus one (SE 5.6)" },
        Reason { code: 24, name: "x_cycle", doc: "a loop of one digit's links (SE 6.5 and up)" },
        Reason { code: 25, name: "y_cycle", doc: "a loop through cells of two candidates (SE 6.5 and up)" },
        Reason {
            code: 26,
            name: "forcing_x_chain",
            doc: "a chain of one digit's links to a contradiction (SE 6.6 and up)",
        },
        Reason { code: 27, name: "cycle", doc: "a loop of both kinds of link (SE 7.0 and up)" },
        Reason {
            code: 28,
            name: "forcing_chain",
            doc: "a chain of both kinds of link to a contradiction (SE 7.0 and up)",
        },
        Reason {
            code: 29,
            name: "cell_forcing_chains",
            doc: "what every candidate of a cell leads to (SE 8.0 and up)",
        },
        Reason {
            code: 30,
            name: "region_forcing_chains",
            doc: "what every place of a digit in a house leads to (SE 8.0 and up)",
        },
        Reason {
            code: ERASE,
            name: "erase",
            doc: "erase a digit the solution these hints lead to does not have there",
        },
        Reason { code: REPLACE, name: "replace", doc: "write the solution's digit over a wrong one" },
        Reason {
            code: SOLUTION,
            name: "solution",
            doc:
                "no technique of the ladder finds this digit from the position: the solution these hints lead to has it",
        },
    ];

    fn parse(desc: &str) -> Result<Sudoku, ParseError> {
        text::parse(desc)
    }

    fn describe(&self) -> String {
        text::describe(self, &self.start_position())
    }

    /// What the description says (the givens, the player's digits and marks), fed without building it.
    fn fingerprint(&self) -> u64 {
        let start = self.start_position();
        let fed = Fingerprint::new().byte(self.side() as u8).bytes(&self.givens().cells);
        (0..self.cells())
            .fold(fed.bytes(&start.digits[..self.cells()]), |f, c| f.bytes(&start.marks[c].to_le_bytes()))
            .finish()
    }

    fn start(&self) -> Position {
        self.start_position()
    }

    fn with_start(&self, state: Position) -> Sudoku {
        self.starting_at(state)
    }

    /// The digits, `.` for an empty cell, the boxes ruled off.
    fn render(&self, state: &Position) -> String {
        let g = self.geometry();
        let mut out = String::new();
        for r in 0..g.side {
            if r > 0 && r % g.box_height == 0 {
                let rule: Vec<String> = (0..g.side / g.box_width).map(|_| "-".repeat(2 * g.box_width)).collect();
                out.push_str(&rule.join("+"));
                out.push('\n');
            }
            for c in 0..g.side {
                if c > 0 && c % g.box_width == 0 {
                    out.push_str(" |");
                }
                out.push(' ');
                out.push(digit_char(state.digits[r * g.side + c]));
            }
            out.push('\n');
        }
        out
    }

    /// `r4c5=7` (write), `r4c5=.` (erase), `r4c5^7` (pencil mark 7 on or off); rows and columns from 1.
    fn move_token(&self, mv: &Play) -> String {
        let at = self.cell_name(mv.cell());
        match *mv {
            Play::Place { digit, .. } => format!("{at}={}", digit_char(digit)),
            Play::Erase { .. } => format!("{at}=."),
            Play::Mark { digit, .. } => format!("{at}^{}", digit_char(digit)),
        }
    }

    fn move_text(&self, mv: &Play) -> String {
        let at = self.cell_name(mv.cell());
        match *mv {
            Play::Place { digit, .. } => format!("write {} in {at}", digit_char(digit)),
            Play::Erase { .. } => format!("erase the digit in {at}"),
            Play::Mark { digit, .. } => format!("put the pencil mark {} in {at}, or take it off", digit_char(digit)),
        }
    }

    /// The hint plan; the puzzle's ladder for the explanations is made with it, so that hints allocate
    /// nothing after.
    fn recommended_solver(&self) -> Result<Solver<Sudoku>, OutOfMemory> {
        self.with_ladder(|_| ());
        self.reserve_walks();
        Ok(Solver::custom(Algorithm::Exact, Box::new(Plan::new(self, Mode::Hint)?)))
    }

    /// `piece` and `from` = `to` = the cell (row by row); `arg` the digit written, 0 to erase, minus the
    /// digit to put a pencil mark on or take it off.
    fn encode_move(&self, mv: &Play) -> MoveCode {
        let cell = mv.cell();
        let arg = match *mv {
            Play::Place { digit, .. } => digit as i32,
            Play::Erase { .. } => 0,
            Play::Mark { digit, .. } => -(digit as i32),
        };
        MoveCode { piece: cell as u32, from: cell as i32, to: cell as i32, arg }
    }

    fn decode_move(&self, state: &Position, code: &MoveCode) -> Option<Play> {
        let play = shape(self, code).ok()?;
        self.play_on(state, &play).map(|_| play)
    }

    /// What is wrong with the code, or why the move is refused here, in the player's words.
    fn illegal_move(&self, state: &Position, code: &MoveCode) -> String {
        match shape(self, code) {
            Err(why) => why,
            Ok(play) => self.refusal(state, &play).map_or_else(|| String::from("the move is legal"), |r| r.0),
        }
    }

    fn board_size(&self) -> (u32, u32) {
        (self.side() as u32, self.side() as u32)
    }

    /// A given: its digit (1..=side). A digit the player wrote: 100 + it. An empty cell: 0, or minus its
    /// pencil marks as a bit set (bit `d - 1` for mark `d`).
    fn cell(&self, state: &Position, index: usize) -> i32 {
        match state.digits.get(index).copied().unwrap_or(0) {
            0 => -(state.marks.get(index).copied().unwrap_or(0) as i32),
            d if self.is_given(index) => d as i32,
            d => 100 + d as i32,
        }
    }

    /// Putting a wrong digit right: `ERASE` or `REPLACE`, its cell. Writing the digit the ladder places
    /// next: the technique of the hardest step on the way, the digit's cell and every step's pattern;
    /// any other digit: `SOLUTION`, its cell.
    fn explain(&self, state: &Position, mv: &Play, _: bool, cells: &mut HintCells) -> u32 {
        let cell = mv.cell();
        add_cell(cells, cell);
        match *mv {
            Play::Erase { .. } => return ERASE,
            Play::Place { .. } if state.digits[cell as usize] != 0 => return REPLACE,
            Play::Mark { .. } => return SOLUTION,
            Play::Place { .. } => {}
        }
        match self.explained(state, mv, |_, step| step_cells(step, cells)) {
            Some(Walk { key: Some((key, _)), .. }) => reason_of(key.technique),
            _ => SOLUTION,
        }
    }

    fn hint_text(&self, state: &Position, mv: &Play, reason: u32) -> String {
        let at = self.cell_name(mv.cell());
        let here = digit_char(state.digits[mv.cell() as usize]);
        match (*mv, reason) {
            (Play::Erase { .. }, _) => {
                format!("erase the {here} in {at}: the solution these hints lead to has another digit there")
            }
            (Play::Place { digit, .. }, REPLACE) => format!(
                "write {} over the {here} in {at}: the solution these hints lead to has {} there",
                digit_char(digit),
                digit_char(digit)
            ),
            (Play::Place { digit, .. }, SOLUTION) => format!(
                "write {} in {at}: no technique of the ladder finds it from here; the solution these hints lead to has it",
                digit_char(digit)
            ),
            (Play::Place { .. }, _) => {
                let mut sentences = Vec::new();
                self.explained(state, mv, |board, step| sentences.push(step.sentence(board)));
                sentences.join("; then ")
            }
            (Play::Mark { .. }, _) => self.move_text(mv),
        }
    }

    /// The pattern of the hardest step on the way to the digit; a wrong digit's cell.
    fn hint_piece(&self, state: &Position, mv: &Play, cells: &mut HintCells) {
        match self.explained(state, mv, |_, _| {}) {
            Some(Walk { key: Some((key, _)), .. }) if !key.cells.is_empty() => {
                key.cells.iter().for_each(|&c| add_cell(cells, c))
            }
            _ => add_cell(cells, mv.cell()),
        }
    }

    /// Tier 2: the technique ("there is a hidden pair"), or which digit is wrong.
    fn hint_piece_text(&self, state: &Position, mv: &Play) -> String {
        let at = self.cell_name(mv.cell());
        let here = state.digits[mv.cell() as usize];
        if here != 0 {
            return format!("the {} in {at} is not in the solution these hints lead to", digit_char(here));
        }
        match self.explained(state, mv, |_, _| {}) {
            Some(Walk { key: Some((key, _)), .. }) => key.technique_text(),
            _ => String::from("no technique of the ladder finds the next digit from here"),
        }
    }

    /// The house the hardest step lies in and its pattern; a wrong digit's row.
    fn hint_region(&self, state: &Position, plan: &[(Play, Position)], cells: &mut HintCells) {
        let Some((mv, _)) = plan.first() else { return };
        match self.explained(state, mv, |_, _| {}) {
            Some(Walk { key: Some((key, _)), .. }) => {
                if let Some(&house) = key.houses.first() {
                    self.geometry().houses[house as usize].iter().for_each(|&c| add_cell(cells, c));
                }
                key.cells.iter().for_each(|&c| add_cell(cells, c));
                add_cell(cells, mv.cell());
            }
            _ => self.row_of(mv.cell(), cells),
        }
    }

    fn hint_region_text(&self, state: &Position, plan: &[(Play, Position)]) -> String {
        let Some((mv, _)) = plan.first() else { return String::from("the grid is full") };
        if state.digits[mv.cell() as usize] != 0 {
            return format!(
                "look at {}: a digit written there is not in the solution these hints lead to",
                self.row_name(mv.cell())
            );
        }
        match self.explained(state, mv, |_, _| {}) {
            Some(Walk { key: Some((key, board)), .. }) => key.where_to_look(&board),
            _ => format!("look at {}: the next digit goes there", self.row_name(mv.cell())),
        }
    }

    /// The digits the techniques `rules` (reason codes 1–30; none: the singles — full house, hidden and
    /// naked single) place from `state`, one step after another as far as they go (the ladder's order).
    fn deduced_moves(&self, state: &Position, rules: &[u32]) -> Option<Vec<Play>> {
        let singles =
            [Technique::FullHouse, Technique::HiddenSingleBox, Technique::HiddenSingleLine, Technique::NakedSingle];
        let allowed =
            |t: Technique| if rules.is_empty() { singles.contains(&t) } else { rules.contains(&reason_of(t)) };
        let mut board = self.board(state);
        let mut moves = Vec::new();
        let chains = Technique::ALL[Technique::LADDER.len()..].iter().any(|&t| allowed(t));
        // A unique rectangle or BUG+1 only where the position has one completion (counted when named).
        let unique =
            !Technique::LADDER.iter().any(|&t| allowed(t) && t.assumes_uniqueness()) || self.completions(state) == 1;
        let usable = |t: Technique| allowed(t) && (unique || !t.assumes_uniqueness());
        self.with_ladder(|mut ladder| {
            if let Some(ladder) = ladder.as_deref_mut() {
                ladder.assume_unique(unique);
            }
            for _ in 0..MAX_WALK {
                let found = Technique::LADDER.iter().filter(|&&t| usable(t)).find_map(|&t| board.find(t));
                let found = match (found, ladder.as_deref_mut()) {
                    (Some(step), _) => Some(step),
                    (None, Some(ladder)) if chains => ladder.next(&board).filter(|s| allowed(s.technique)),
                    _ => None,
                };
                let Some(step) = found else { break };
                board.apply(&step);
                if let Some((cell, digit)) = step.place {
                    moves.push(Play::Place { cell, digit });
                }
            }
        });
        Some(moves)
    }

    /// Digits that differ from the solution's, and empty cells whose pencil marks leave out its digit.
    fn mistakes(&self, state: &Position, solved: &Position, cells: &mut HintCells) -> bool {
        for c in 0..self.cells() {
            let (d, marks, right) = (state.digits[c], state.marks[c], solved.digits[c]);
            let wrong = if d != 0 { d != right } else { marks != 0 && right != 0 && marks & bit(right) == 0 };
            if wrong {
                add_cell(cells, c as u16);
            }
        }
        true
    }

    /// The digits alone: the ladder and the solution read no pencil marks.
    fn without_notes(&self, state: &Position) -> Position {
        Position { marks: Position::EMPTY.marks, ..*state }
    }

    /// A pencil mark costs nothing toward the goal; a digit written or erased, a move.
    fn move_cost(&self, from: &Position, to: &Position) -> u32 {
        u32::from(from.digits != to.digits)
    }

    /// The givens alone.
    fn unplayed(&self) -> Sudoku {
        Sudoku::new(self.givens().clone())
    }

    /// The completions of the position's digits (a grid has no symmetry a puzzle shares with its images
    /// that this count folds).
    fn count_solutions(&self, limit: u64) -> Option<SolutionCount> {
        let grid = self.grid_of(&self.start_position());
        let limit = usize::try_from(limit).unwrap_or(usize::MAX);
        let count = super::exact::count_in(self.geometry(), &grid, limit, COUNT_NODES);
        let all = count.solutions as u64;
        // Stopped at the limit, there may be more: the count is a lower bound.
        let capped = !count.complete || count.solutions >= limit;
        Some(SolutionCount { all, up_to_symmetry: all, nodes: count.nodes, capped })
    }

    /// The first two solutions at most (the counter keeps two: enough to show a puzzle is ambiguous).
    fn solutions(&self, limit: usize) -> Vec<Position> {
        let grid = self.grid_of(&self.start_position());
        let count = super::exact::count_in(self.geometry(), &grid, limit.min(2), COUNT_NODES);
        let solved = |g: Grid| {
            let mut position = Position::EMPTY;
            position.digits[..g.cells.len()].copy_from_slice(&g.cells);
            position
        };
        count.first.into_iter().chain(count.second).take(limit).map(solved).collect()
    }

    /// The ladder from the position, SE's rule: every step, its technique, its difficulty in tenths of
    /// SE's scale as its width (so the widest step is the rating) and the cells it placed or took
    /// candidates from; the rating (SE's scale) among the scores too.
    fn deduce(&self) -> Option<Deduction> {
        let mut board = self.board(&self.start_position());
        let mut steps = Vec::new();
        let mut used = [0u32; 30];
        let mut widest = [0u32; 30];
        let mut rating = 0u8;
        // On a position with several completions, no unique rectangle or BUG+1: the ladder then stops
        // where logic must (SE rates only puzzles with one solution).
        let unique = self.completions(&self.start_position()) == 1;
        self.with_ladder(|ladder| {
            let ladder = ladder?;
            ladder.assume_unique(unique);
            while !board.solved() && steps.len() < MAX_WALK {
                let step = ladder.next(&board)?;
                let k = reason_of(step.technique) as usize - 1;
                used[k] += 1;
                widest[k] = widest[k].max(step.difficulty() as u32);
                rating = rating.max(step.difficulty());
                let mut cells: Vec<u16> = step.place.iter().map(|&(c, _)| c).collect();
                cells.extend(step.remove.iter().map(|&(c, _)| c));
                steps.push((Self::REASONS[k].name, step.difficulty() as u32, cells));
                board.apply(&step);
            }
            Some(())
        });
        let names = Self::REASONS[..30].iter().map(|r| r.name);
        Some(Deduction {
            depth: steps.len() as u32,
            max_width: widest.iter().copied().max().unwrap_or(0),
            solved: board.solved(),
            rules: names.clone().zip(used).collect(),
            widest: names.zip(widest).collect(),
            steps,
            scores: alloc::vec![("se_rating", rating as f64 / 10.0)],
        })
    }
}

/// Digits the count of solutions may try before it says its count is a lower bound.
const COUNT_NODES: u64 = 10_000_000;

impl Sudoku {
    /// `position`'s digits as a grid, for the counter.
    fn grid_of(&self, position: &Position) -> Grid {
        Grid { side: self.side(), cells: position.digits[..self.cells()].into() }
    }

    /// The completions of `position`'s digits, counted to 2 (2: several; 0 also when the count ran out).
    fn completions(&self, position: &Position) -> usize {
        let grid = self.grid_of(position);
        let count = super::exact::count_in(self.geometry(), &grid, 2, COUNT_NODES);
        if count.complete {
            count.solutions
        } else {
            0
        }
    }
}

/// The move a code names, before it is checked against a position.
fn shape(puzzle: &Sudoku, code: &MoveCode) -> Result<Play, String> {
    let cells = puzzle.cells();
    let cell = usize::try_from(code.piece)
        .ok()
        .filter(|&c| c < cells)
        .ok_or_else(|| format!("there is no cell {}: the grid has {cells} cells (0 to {})", code.piece, cells - 1))?;
    for (what, at) in [("from", code.from), ("to", code.to)] {
        if at != -1 && at != cell as i32 {
            return Err(format!("'{what}' is {at}: a sudoku move's 'from' and 'to' are its cell ({cell}) or -1"));
        }
    }
    let side = puzzle.side() as i32;
    let cell = cell as u16;
    match code.arg {
        0 => Ok(Play::Erase { cell }),
        d if (1..=side).contains(&d) => Ok(Play::Place { cell, digit: d as u8 }),
        d if (-side..=-1).contains(&d) => Ok(Play::Mark { cell, digit: (-d) as u8 }),
        d => Err(format!(
            "'arg' is {d}: a digit to write (1 to {side}), 0 to erase, or minus a digit to mark (-1 to -{side})"
        )),
    }
}
