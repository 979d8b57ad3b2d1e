//! The reader of the reference layouts file (`data/blocks.txt`, from `../shared/data/`): cases separated
//! by `=== ID` lines, each with `size: W H`, `board:` and its rows, `goal: BLOCK ROW COL` lines and the
//! verified `optimal_step/line/free` counts (-1 unsolvable) and `reachable_states: N (goal states: M)`.
//! Shared by the tests and `lp bench blocks`.

use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

/// One layout of the file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DataCase {
    /// Its id (`H01`).
    pub id: String,
    /// Its description in the family's text form (free count).
    pub desc: String,
    /// The listed optimal counts under step, line and free ([`super::Count::ALL`] order), -1 unsolvable.
    pub optimal: [i64; 3],
    /// The listed reachable canonical states and solved ones among them.
    pub reachable: (usize, usize),
}

/// The cases of `text`, or the first line that cannot be read.
pub fn cases(text: &str) -> Result<Vec<DataCase>, String> {
    let mut out = Vec::new();
    for chunk in text.split("\n=== ").skip(1) {
        let mut lines = chunk.lines();
        let id = lines.next().unwrap_or("").trim().to_string();
        let bad = |line: &str| format!("{id}: cannot read '{line}'");
        let number = |v: &str| v.split_whitespace().next().and_then(|n| n.parse::<i64>().ok());
        let (mut size, mut board, mut goals) = ((0usize, 0usize), Vec::new(), Vec::new());
        let (mut optimal, mut reachable) = ([0i64; 3], (0, 0));
        while let Some(line) = lines.next() {
            let (key, value) = line.split_once(':').map(|(k, v)| (k.trim(), v.trim())).unwrap_or(("", ""));
            match key {
                "size" => {
                    let v: Vec<usize> = value.split_whitespace().filter_map(|x| x.parse().ok()).collect();
                    size = match v[..] {
                        [w, h] => (w, h),
                        _ => return Err(bad(line)),
                    };
                }
                "board" => {
                    for _ in 0..size.1 {
                        board.push(lines.next().ok_or_else(|| bad(line))?.trim());
                    }
                }
                "goal" => match value.split_whitespace().collect::<Vec<_>>()[..] {
                    [block, row, col] => goals.push(format!("{block}@{row},{col}")),
                    _ => return Err(bad(line)),
                },
                "optimal_step" | "optimal_line" | "optimal_free" => {
                    let i =
                        ["optimal_step", "optimal_line", "optimal_free"].iter().position(|k| *k == key).unwrap_or(0);
                    optimal[i] = number(value).ok_or_else(|| bad(line))?;
                }
                "reachable_states" => {
                    let solved = value.split("goal states:").nth(1).and_then(|s| number(s.trim_end_matches(')')));
                    match (number(value), solved) {
                        (Some(n), Some(m)) => reachable = (n as usize, m as usize),
                        _ => return Err(bad(line)),
                    }
                }
                _ => {}
            }
        }
        let desc = format!("blocks:{}x{}:{}:{}", size.0, size.1, board.join("/"), goals.join(";"));
        out.push(DataCase { id, desc, optimal, reachable });
    }
    Ok(out)
}
