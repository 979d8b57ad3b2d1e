//! The reader of the reference puzzles file (`data/linjat.txt`, from `../shared/data/`): cases separated
//! by `=== ID` lines, each with `size: W H`, `puzzle:` and its rows wrapped in `| |` (space empty, `.`
//! dot, digits), `solutions: N` (3 means 3 or more), `segments:` lines `r c n H|V r0 c0 r1 c1`, and the
//! reference solver's `rating_solve:` counts. Shared by the tests and `lp bench linjat`.

use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

/// One puzzle of the file.
#[derive(Clone, Debug, PartialEq)]
pub struct DataCase {
    /// Its id (`LJ01`).
    pub id: String,
    /// Its tier (`tutorial`, `easy`, …, `negative`).
    pub tier: String,
    /// Its description in the family's text form.
    pub desc: String,
    /// The listed number of solutions (3: three or more).
    pub solutions: u32,
    /// The first solution's segments in the family's token form (`r,c=r0,c0-r1,c1`), in reading order.
    pub segments: Vec<String>,
    /// The reference solver's counts (`rating_solve`), by name (`cover`, `cant_fit`, …, `depth`,
    /// `max_width`).
    pub rating_solve: Vec<(String, u32)>,
    /// The collection score of `rating_solve` for the tier, when listed.
    pub collection_score: Option<f64>,
}

/// The cases of `text`, or the first line that cannot be read.
pub fn cases(text: &str) -> Result<Vec<DataCase>, String> {
    let mut out = Vec::new();
    for chunk in text.split("\n=== ").skip(1) {
        let mut lines = chunk.lines();
        let id = lines.next().unwrap_or("").trim().to_string();
        let bad = |line: &str| format!("{id}: cannot read '{line}'");
        let (mut size, mut rows, mut tier, mut solutions) = ((0usize, 0usize), Vec::new(), String::new(), 0);
        let (mut segments, mut rating_solve) = (Vec::new(), Vec::new());
        let mut in_segments = false;
        let mut collection_score = None;
        while let Some(line) = lines.next() {
            let (key, value) = line.split_once(':').map(|(k, v)| (k.trim(), v.trim())).unwrap_or(("", ""));
            if in_segments && key.is_empty() && !line.starts_with('|') && !line.trim().is_empty() {
                let v: Vec<&str> = line.split_whitespace().collect();
                let n = |i: usize| v.get(i).and_then(|x| x.parse::<usize>().ok()).ok_or_else(|| bad(line));
                segments.push(format!("{},{}={},{}-{},{}", n(0)?, n(1)?, n(4)?, n(5)?, n(6)?, n(7)?));
                continue;
            }
            in_segments = false;
            match key {
                "size" => {
                    let v: Vec<usize> = value.split_whitespace().filter_map(|x| x.parse().ok()).collect();
                    size = match v[..] {
                        [w, h] => (w, h),
                        _ => return Err(bad(line)),
                    };
                }
                "tier" => tier = value.to_string(),
                "puzzle" => {
                    for _ in 0..size.1 {
                        let row = lines.next().ok_or_else(|| bad(line))?;
                        let inner = row.trim_end().strip_prefix('|').and_then(|r| r.strip_suffix('|'));
                        let inner = inner.filter(|r| r.chars().count() == size.0).ok_or_else(|| bad(row))?;
                        rows.push(
                            inner
                                .chars()
                                .map(|c| match c {
                                    ' ' => '.',
                                    '.' => 'o',
                                    other => other,
                                })
                                .collect::<String>(),
                        );
                    }
                }
                "solutions" => solutions = value.parse().map_err(|_| bad(line))?,
                "segments" => in_segments = true,
                "collection_score" => collection_score = Some(value.parse().map_err(|_| bad(line))?),
                "rating_solve" => {
                    for pair in value.split_whitespace() {
                        if let Some((k, v)) = pair.split_once('=') {
                            rating_solve.push((k.to_string(), v.parse().map_err(|_| bad(line))?));
                        }
                    }
                }
                _ => {}
            }
        }
        let desc = format!("linjat:{}x{}:{}", size.0, size.1, rows.join("/"));
        out.push(DataCase { id, tier, desc, solutions, segments, rating_solve, collection_score });
    }
    Ok(out)
}
