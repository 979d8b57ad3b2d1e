//! A deduction in words, as the tiers of a hint give it: where to look (tier 1), the technique's name
//! (tier 2), the deduction with its cells (tier 3) — every sentence read off the board the step was
//! found on, so that it states facts about that position — and the steps to the next digit placed
//! (tier 4).

use super::human::{digit_list, Board, Deduction, Ladder, Technique};
use super::{digits, Geometry};
use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

/// "a, b and c".
fn listed(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

/// The cells' names, listed.
fn cell_list(g: &Geometry, cells: &[u16]) -> String {
    listed(&cells.iter().map(|&c| g.cell_name(c as usize)).collect::<Vec<_>>())
}

/// The houses' names, listed, the kind said once when they share it: "rows 2 and 7".
fn house_list(g: &Geometry, houses: &[u16]) -> String {
    let names: Vec<String> = houses.iter().map(|&h| g.house_name(h as usize)).collect();
    let same_kind = houses.iter().all(|&h| g.kind(h as usize) == g.kind(houses[0] as usize));
    if houses.len() > 1 && same_kind {
        let kind = names[0].split(' ').next().unwrap_or("");
        let numbers: Vec<String> = names.iter().map(|n| n.split(' ').nth(1).unwrap_or("").into()).collect();
        return format!("{kind}s {}", listed(&numbers));
    }
    listed(&names)
}

/// The cells a deduction removes candidates from.
fn removed_cells(step: &Deduction) -> Vec<u16> {
    step.remove.iter().map(|&(c, _)| c).collect()
}

impl Deduction {
    /// The size of a set or fish technique (2 for pairs and X-wings), 1 otherwise.
    pub fn size(&self) -> usize {
        match self.technique {
            Technique::DirectHiddenPair | Technique::NakedPair | Technique::XWing | Technique::HiddenPair => 2,
            Technique::DirectHiddenTriple | Technique::NakedTriple | Technique::Swordfish | Technique::HiddenTriple => {
                3
            }
            Technique::NakedQuad | Technique::Jellyfish | Technique::HiddenQuad => 4,
            _ => 1,
        }
    }

    /// Tier 1, where to look: the house the step lies in, or the lines of a fish, or a wing's cells.
    pub fn where_to_look(&self, board: &Board) -> String {
        let g = board.geometry();
        match self.technique {
            Technique::XWing | Technique::Swordfish | Technique::Jellyfish => {
                let d = digit_list(self.digits);
                format!("look at the {d}s in {}", house_list(g, &self.houses[..self.size()]))
            }
            Technique::XyWing
            | Technique::XyzWing
            | Technique::UniqueRectangle
            | Technique::XCycle
            | Technique::YCycle
            | Technique::Cycle => {
                format!("look at {}", cell_list(g, &self.cells))
            }
            Technique::ForcingXChain | Technique::ForcingChain | Technique::CellForcingChains => {
                format!("look at {}", g.cell_name(self.cells[0] as usize))
            }
            Technique::RegionForcingChains => {
                format!("look at the {}s of {}", digit_list(self.digits), cell_list(g, &self.cells))
            }
            _ => format!("look at {}", g.house_name(self.houses[0] as usize)),
        }
    }

    /// Tier 2, the technique: "there is a hidden pair".
    pub fn technique_text(&self) -> String {
        let name = self.technique.name();
        let article = if name.starts_with(['a', 'e', 'i', 'o', 'u', 'X']) { "an" } else { "a" };
        format!("there is {article} {name}")
    }

    /// Tier 3, the deduction in a sentence, read off `board` (the position the step was found on).
    pub fn sentence(&self, board: &Board) -> String {
        let g = board.geometry();
        let d = digit_list(self.digits);
        let placed = self.place.map(|(cell, digit)| (g.cell_name(cell as usize), super::digit_char(digit)));
        let removed = cell_list(g, &removed_cells(self));
        match self.technique {
            Technique::FullHouse => {
                let (cell, digit) = placed.unwrap_or_default();
                format!("{cell} is the last empty cell of {}: it is {digit}", g.house_name(self.houses[0] as usize))
            }
            Technique::HiddenSingleBox | Technique::HiddenSingleLine => {
                let (cell, digit) = placed.unwrap_or_default();
                format!("in {}, {digit} fits only in {cell}", g.house_name(self.houses[0] as usize))
            }
            Technique::NakedSingle => {
                let (cell, digit) = placed.unwrap_or_default();
                format!("{cell} has one candidate left: {digit}")
            }
            Technique::Pointing | Technique::Claiming => format!(
                "in {}, {d} can only go in {} ({}): remove {d} from the rest of {} ({removed})",
                g.house_name(self.houses[0] as usize),
                g.house_name(self.houses[1] as usize),
                cell_list(g, &self.cells),
                g.house_name(self.houses[1] as usize),
            ),
            Technique::DirectPointing | Technique::DirectClaiming => {
                let (cell, _) = placed.unwrap_or_default();
                let implied: Vec<u16> = self.implied.iter().map(|&(c, _)| c).collect();
                format!(
                    "in {}, {d} can only go in {} ({}), so no other cell of {} holds it ({}): in {} it then fits only in {cell}",
                    g.house_name(self.houses[0] as usize),
                    g.house_name(self.houses[1] as usize),
                    cell_list(g, &self.cells),
                    g.house_name(self.houses[1] as usize),
                    cell_list(g, &implied),
                    g.house_name(self.houses[2] as usize),
                )
            }
            Technique::NakedPair | Technique::NakedTriple | Technique::NakedQuad => format!(
                "{} hold only {d} between them: remove {d} from the rest of {} ({removed})",
                cell_list(g, &self.cells),
                g.house_name(self.houses[0] as usize),
            ),
            Technique::HiddenPair | Technique::HiddenTriple | Technique::HiddenQuad => format!(
                "{d} appear in {} only in {}: remove the other candidates there",
                g.house_name(self.houses[0] as usize),
                cell_list(g, &self.cells),
            ),
            Technique::DirectHiddenPair | Technique::DirectHiddenTriple => {
                let (cell, digit) = placed.unwrap_or_default();
                format!(
                    "{d} appear in {} only in {}, so those cells hold nothing else: {digit} then fits only in {cell}",
                    g.house_name(self.houses[0] as usize),
                    cell_list(g, &self.cells),
                )
            }
            Technique::XWing | Technique::Swordfish | Technique::Jellyfish => {
                let (bases, covers) = self.houses.split_at(self.size());
                format!(
                    "in {}, {d} can only go in {}: remove {d} from the rest of {} ({removed})",
                    house_list(g, bases),
                    house_list(g, covers),
                    if covers.len() > 1 { "those lines" } else { "that line" },
                )
            }
            Technique::CellForcingChains | Technique::RegionForcingChains => {
                let (cell, gone) = self.remove[0];
                let name = g.cell_name(cell as usize);
                let from = if self.technique == Technique::CellForcingChains {
                    format!("whichever candidate {} holds", g.cell_name(self.cells[0] as usize))
                } else {
                    format!("wherever {d} goes among {}", cell_list(g, &self.cells))
                };
                if gone == self.digits {
                    format!("{from}, chains of links from it take {d} out of {name}: remove {d} there")
                } else {
                    format!("{from}, chains of links from it put {d} in {name}: it is {d}")
                }
            }
            Technique::UniqueRectangle => {
                let gone = self.remove.iter().fold(0, |m, &(_, d)| m | d);
                format!(
                    "{} all hold {d}: were those their only candidates they could be swapped into a second \
                     solution, and the puzzle has one, so remove {} from {removed}",
                    cell_list(g, &self.cells),
                    digit_list(gone)
                )
            }
            Technique::Bug => format!(
                "every empty cell but {} has two candidates: were it not {d}, the pairs would allow two solutions, \
                 so it is {d}",
                g.cell_name(self.cells[0] as usize)
            ),
            Technique::XCycle | Technique::YCycle | Technique::Cycle => format!(
                "{} form a loop of links, each forcing the next: whichever way round it is true, each of {removed} \
                 sees a cell of the loop that holds its digit: remove it there",
                cell_list(g, &self.cells)
            ),
            Technique::ForcingXChain | Technique::ForcingChain => {
                let (cell, gone) = self.remove[0];
                let name = g.cell_name(cell as usize);
                if gone == self.digits {
                    format!("if {name} held {d}, a chain of links from it would take {d} out of {name} again: remove {d} there")
                } else {
                    format!(
                        "if {name} did not hold {d}, a chain of links from it would put {d} back in {name}: it is {d}"
                    )
                }
            }
            Technique::XyWing | Technique::XyzWing => {
                let [pivot, a, b] = [self.cells[0], self.cells[1], self.cells[2]];
                let holds = |c: u16| {
                    let options: Vec<String> =
                        digits(board.candidates[c as usize]).map(|x| String::from(super::digit_char(x))).collect();
                    let options = match options.split_last() {
                        Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
                        _ => options.concat(),
                    };
                    format!("{} holds {options}", g.cell_name(c as usize))
                };
                let z = digit_list(board.candidates[a as usize] & board.candidates[b as usize]);
                let conclusion = if self.technique == Technique::XyWing {
                    format!(
                        "whatever {} holds, {} or {} is {z}",
                        g.cell_name(pivot as usize),
                        g.cell_name(a as usize),
                        g.cell_name(b as usize)
                    )
                } else {
                    format!("one of the three is {z}")
                };
                let seeing = if self.technique == Technique::XyWing { "both" } else { "all three" };
                format!(
                    "{}, {} and {}: {conclusion}: remove {z} from the cells that see {seeing} ({removed})",
                    holds(pivot),
                    holds(a),
                    holds(b)
                )
            }
        }
    }
}

impl Board {
    /// Tier 4: the ladder's steps from here to the next digit placed, that one included (at most
    /// `max_steps`; fewer when the ladder is stuck first).
    pub fn steps_to_next_digit(&self, ladder: &mut Ladder, max_steps: usize) -> Vec<Deduction> {
        let mut board = self.clone();
        let mut steps = Vec::new();
        while steps.len() < max_steps {
            let Some(step) = ladder.next(&board) else { break };
            board.apply(&step);
            let placed = step.place.is_some();
            steps.push(step);
            if placed {
                break;
            }
        }
        steps
    }
}
