//! The names players know pieces by: the pentominoes F I L N P T U V W X Y Z, the tetrominoes I O T S L,
//! the I and L trominoes, the domino and the monomino. Every piece also gets a one-character label for
//! drawings, distinct from every other piece's: its usual letter where it has one and no earlier piece
//! took it, else the next free character.

use super::{Hargram, Piece};
use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

/// Shapes with a usual name: drawing, letter (if the shape has one), class.
const USUAL: [(&str, Option<char>, &str); 21] = [
    (".##/##./.#.", Some('F'), "pentomino"),
    ("#####", Some('I'), "pentomino"),
    ("#.../####", Some('L'), "pentomino"),
    ("##../.###", Some('N'), "pentomino"),
    ("##/##/#.", Some('P'), "pentomino"),
    ("###/.#./.#.", Some('T'), "pentomino"),
    ("#.#/###", Some('U'), "pentomino"),
    ("#../#../###", Some('V'), "pentomino"),
    ("#../##./.##", Some('W'), "pentomino"),
    (".#./###/.#.", Some('X'), "pentomino"),
    (".#../####", Some('Y'), "pentomino"),
    ("##./.#./.##", Some('Z'), "pentomino"),
    ("####", Some('I'), "tetromino"),
    ("##/##", Some('O'), "tetromino"),
    ("###/.#.", Some('T'), "tetromino"),
    (".##/##.", Some('S'), "tetromino"),
    ("#../###", Some('L'), "tetromino"),
    ("###", Some('I'), "tromino"),
    ("##/#.", Some('L'), "tromino"),
    ("##", None, "domino"),
    ("#", None, "monomino"),
];

/// Labels for pieces without a usual letter (or whose letter an earlier piece took), in order.
const POOL: &str = "ABCDEGHJKMQRabcdefghijklmnopqrstuvwxyz0123456789FILNOPSTUVWXYZ+*";

/// How the players name a piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PieceName {
    /// The piece's character in drawings (distinct from every other piece's).
    pub label: char,
    /// Index in [`USUAL`] of its shape, when it has a usual name.
    usual: Option<u8>,
    /// Number of pieces of the same shape (up to turning and mirroring) in the puzzle.
    twins: u8,
}

/// Whether `piece` has the shape of `drawing` when turned or mirrored (no allocation: the drawing is read
/// as it is compared).
fn looks_like(piece: &Piece, drawing: &str) -> bool {
    let cells = || {
        drawing.split('/').enumerate().flat_map(|(y, row)| {
            row.bytes().enumerate().filter(|&(_, c)| c == b'#').map(move |(x, _)| (x as u8, y as u8))
        })
    };
    let (min_x, min_y) = cells().fold((u8::MAX, u8::MAX), |(mx, my), (x, y)| (mx.min(x), my.min(y)));
    let size = cells().count();
    piece.oriented.iter().any(|turned| {
        turned.size() == size && cells().all(|(x, y)| turned.cells().binary_search(&(x - min_x, y - min_y)).is_ok())
    })
}

/// Whether two pieces are the same shape when turned or mirrored.
fn same_free_form(a: &Piece, b: &Piece) -> bool {
    b.oriented.contains(&a.shape)
}

/// The names of `pieces`, in order, into `out` (reusing its storage).
pub fn names_into(pieces: &[Piece], out: &mut Vec<PieceName>) {
    out.clear();
    out.extend(pieces.iter().map(|piece| PieceName {
        label: '?',
        usual: USUAL.iter().position(|(d, _, _)| looks_like(piece, d)).map(|i| i as u8),
        twins: pieces.iter().filter(|other| same_free_form(piece, other)).count() as u8,
    }));
    // Labels are ASCII: one bit each marks it taken.
    let mut taken = 0u128;
    let bit = |c: char| 1u128 << (c as u32 & 127);
    // Usual letters first, so that a piece without one cannot take another's letter.
    for name in out.iter_mut() {
        if let Some(letter) = name.usual.and_then(|i| USUAL[i as usize].1).filter(|&l| taken & bit(l) == 0) {
            name.label = letter;
            taken |= bit(letter);
        }
    }
    let mut pool = POOL.chars().filter(|&c| taken & bit(c) == 0);
    for name in out.iter_mut().filter(|n| n.label == '?') {
        name.label = pool.next().unwrap_or('?');
    }
}

/// How a piece in orientation `o` (0–7) is turned, in words.
pub fn orientation_text(o: u8) -> &'static str {
    [
        "as drawn",
        "turned a quarter turn clockwise",
        "turned half a turn",
        "turned a quarter turn anticlockwise",
        "mirrored",
        "mirrored, then turned a quarter turn clockwise",
        "mirrored, then turned half a turn",
        "mirrored, then turned a quarter turn anticlockwise",
    ]
    .get(o as usize)
    .copied()
    .unwrap_or("in an unknown orientation")
}

impl Hargram {
    /// The one-character label of piece `p` in drawings.
    pub fn label(&self, p: usize) -> char {
        self.names.get(p).map_or('?', |n| n.label)
    }

    /// How players name piece `p`: "the X pentomino", "an L tetromino (drawn A)", "piece B (7 cells)".
    pub fn piece_words(&self, p: usize) -> String {
        let Some(name) = self.names.get(p) else {
            return format!("piece {p}");
        };
        let Some((letter, class)) = name.usual.map(|i| (USUAL[i as usize].1, USUAL[i as usize].2)) else {
            return format!("piece {} ({} cells)", name.label, self.pieces[p].shape.size());
        };
        let called = letter.map_or(String::from(class), |l| format!("{l} {class}"));
        let an = letter.is_some_and(|l| "AEFHILMNORSX".contains(l));
        match (name.twins, letter == Some(name.label)) {
            (1, true) => format!("the {called}"),
            (1, false) => format!("the {called} (drawn {})", name.label),
            (_, _) => format!("{} {called} (drawn {})", if an { "an" } else { "a" }, name.label),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::family::Family;

    #[test]
    fn pentominoes_get_their_letters_and_others_distinct_labels() {
        let pentominoes = ".##/##./.#.;#####;#.../####;##../.###;##/##/#.;###/.#./.#.;#.#/###;#../#../###;\
                           #../##./.##;.#./###/.#.;.#../####;##./.#./.##";
        let board = alloc::vec![".........."; 6].join("/");
        let p = Hargram::parse(&format!("hargram:10x6:{board}:{pentominoes}")).unwrap();
        let labels: String = (0..12).map(|i| p.label(i)).collect();
        assert_eq!(labels, "FILNPTUVWXYZ");
        assert_eq!(p.piece_words(9), "the X pentomino");
        // Two I pieces of different sizes, two identical dominoes and a shape with no name.
        let q = Hargram::parse("hargram:5x4:...../...../...../..###:####;###;##;##;#.#/###/#..").unwrap();
        let labels: Vec<char> = (0..5).map(|i| q.label(i)).collect();
        assert_eq!(labels, ['I', 'A', 'B', 'C', 'D']);
        assert_eq!(q.piece_words(1), "the I tromino (drawn A)");
        assert_eq!(q.piece_words(2), "a domino (drawn B)");
        assert_eq!(q.piece_words(4), "piece D (6 cells)");
    }
}
