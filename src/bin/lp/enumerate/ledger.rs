//! The database file of `lp enumerate`, and the checks made before anything in one is believed.
//!
//! The file: a header naming the space and the range, then the puzzles' lines in ID order, and after every
//! batch a checkpoint `# through N inputs=… lowest=… solvable=… minimal=… states=… crc=XXXXXXXX` saying
//! that every ID below N is done, with running totals. Its `crc` is the CRC-32 of every byte of the file
//! before it and of the checkpoint's own text before ` crc=`: a checkpoint proves what came before it, so
//! that a line changed, added or dropped, or a checkpoint rewritten, is found. Resume and merge read a
//! file with [`check`], which also checks every line's format and ID order and every checkpoint's totals
//! against the lines and the range, and refuse what does not hold.

use std::io::Write;

/// Running totals of a run: IDs taken in, clusters they were lowest of, solvable and minimal ones, and
/// the positions of those clusters.
#[derive(Clone, Copy, Default, PartialEq, Eq, Debug)]
pub struct Totals {
    pub inputs: u64,
    pub lowest: u64,
    pub solvable: u64,
    pub minimal: u64,
    pub states: u64,
}

impl Totals {
    pub fn add(&mut self, other: &Totals) {
        self.inputs += other.inputs;
        self.lowest += other.lowest;
        self.solvable += other.solvable;
        self.minimal += other.minimal;
        self.states += other.states;
    }

    /// A checkpoint's text before its ` crc=`.
    fn checkpoint(&self, through: u64) -> String {
        format!(
            "# through {through} inputs={} lowest={} solvable={} minimal={} states={}",
            self.inputs, self.lowest, self.solvable, self.minimal, self.states
        )
    }

    /// Reads a checkpoint line: the ID it is through, the totals, and its CRC.
    fn parse(line: &str) -> Option<(u64, Totals, u32)> {
        let mut words = line.strip_prefix("# through ")?.split(' ');
        let through = words.next()?.parse().ok()?;
        let mut field = |name: &str| words.next()?.strip_prefix(name)?.strip_prefix('=').map(str::to_string);
        let number = |text: Option<String>| text?.parse::<u64>().ok();
        let totals = Totals {
            inputs: number(field("inputs"))?,
            lowest: number(field("lowest"))?,
            solvable: number(field("solvable"))?,
            minimal: number(field("minimal"))?,
            states: number(field("states"))?,
        };
        let crc = u32::from_str_radix(&field("crc")?, 16).ok()?;
        words.next().is_none().then_some((through, totals, crc))
    }

    /// Whether every count is at least `before`'s: totals only grow.
    fn at_least(&self, before: &Totals) -> bool {
        self.inputs >= before.inputs
            && self.lowest >= before.lowest
            && self.solvable >= before.solvable
            && self.minimal >= before.minimal
            && self.states >= before.states
    }
}

/// The words of the header that name the space (`size=6 walls=0 exit-row=2`, and ` every=K` for a
/// sample).
pub fn space_words(side: usize, walls: usize, exit_row: usize, every: u64) -> String {
    let every = if every > 1 { format!(" every={every}") } else { String::new() };
    format!("size={side} walls={walls} exit-row={exit_row}{every}")
}

/// The header: the space and the range (`to` none: to the end), then the names of the fields.
pub fn header(space: &str, from: u64, to: Option<u64>) -> String {
    let to = to.map_or("end".to_string(), |t| t.to_string());
    format!("# lp enumerate {space} from={from} to={to}\n{FIELDS}\n")
}

const FIELDS: &str = "# moves pieces board id group states counts-by-distance";

/// Writes a database file, keeping the running CRC-32 of every byte for the checkpoints.
pub struct Ledger<'a> {
    out: Box<dyn Write + 'a>,
    crc: crc32fast::Hasher,
}

impl<'a> Ledger<'a> {
    /// A ledger writing to `out`, whose file already holds bytes of running CRC `crc` (a fresh hasher
    /// for a new file).
    pub fn new(out: Box<dyn Write + 'a>, crc: crc32fast::Hasher) -> Self {
        Ledger { out, crc }
    }

    /// Writes `text` (whole lines).
    pub fn write(&mut self, text: &str) -> std::io::Result<()> {
        self.crc.update(text.as_bytes());
        self.out.write_all(text.as_bytes())
    }

    /// Writes the checkpoint of `totals` through ID `through`, and flushes.
    pub fn checkpoint(&mut self, through: u64, totals: &Totals) -> std::io::Result<()> {
        let body = totals.checkpoint(through);
        let mut crc = self.crc.clone();
        crc.update(body.as_bytes());
        self.write(&format!("{body} crc={:08x}\n", crc.finalize()))?;
        self.out.flush()
    }

    pub fn flush(&mut self) -> std::io::Result<()> {
        self.out.flush()
    }
}

/// A database file whose header, lines and checkpoints all hold.
pub struct Checked {
    /// The header's space words and range (`to` none: to the end).
    pub space: String,
    pub from: u64,
    pub to: Option<u64>,
    /// The last checkpoint: every ID below `through` is done, with these totals (`from` and nothing
    /// before the first checkpoint).
    pub through: u64,
    pub totals: Totals,
    /// The lines before the last checkpoint, in ID order.
    pub lines: Vec<String>,
    /// The bytes up to the end of the last checkpoint (or of the header), and their running CRC: what a
    /// resumed run keeps and goes on from.
    pub kept_bytes: u64,
    pub crc: crc32fast::Hasher,
    /// Every checkpoint: the ID it is through, its totals, and the lines before it.
    pub marks: Vec<(u64, Totals, usize)>,
}

/// Reads and checks the database file at `path` of a board of side `side`: the header (of the space
/// `words`, or the file is refused before anything else is read); every line's
/// format (the fields, a board of `side`² cells whose pieces it counts, the counts by distance adding up
/// to the cluster's size and reaching its moves) and its ID (increasing, in the range, below the
/// checkpoint after it); every checkpoint's CRC (the bytes before it), its place (increasing, within the
/// range) and its totals (the inputs the range holds, the minimal ones the lines listed, none of them
/// falling). Lines after the last checkpoint (a batch cut short) are not kept. Says what is wrong.
pub fn check(path: &str, side: usize, words: &str) -> Result<Checked, String> {
    let bytes = std::fs::read(path).map_err(|e| format!("cannot read {path}: {e}"))?;
    let text = std::str::from_utf8(&bytes).map_err(|_| format!("{path} is not text: it is not a database"))?;
    let mut crc = crc32fast::Hasher::new();
    let mut at = 0usize;
    // Whole lines with their ends; a last line without one is a cut tail.
    let mut lines = text.split_inclusive('\n').filter(|l| l.ends_with('\n'));
    let mut next_line = |crc: &mut crc32fast::Hasher| {
        let line = lines.next()?;
        crc.update(line.as_bytes());
        at += line.len();
        Some((at, line.trim_end_matches('\n')))
    };
    let bad = |line: usize, why: String| format!("{path}, line {line}: {why}");
    let (_, first) = next_line(&mut crc).ok_or(format!("{path} is empty: it is not a database"))?;
    let rest = first.strip_prefix("# lp enumerate ").ok_or(format!("{path} is not written by lp enumerate"))?;
    let (space, range) = rest.split_once(" from=").ok_or(bad(1, "the header names no range".into()))?;
    if space != words {
        return Err(format!("{path} holds {space}, not the space asked for ({words})"));
    }
    let (from, to) = range.split_once(" to=").ok_or(bad(1, "the header names no range".into()))?;
    let from: u64 = from.parse().map_err(|_| bad(1, format!("the range begins at {from:?}")))?;
    let to: Option<u64> = match to {
        "end" => None,
        to => Some(to.parse().map_err(|_| bad(1, format!("the range ends at {to:?}")))?),
    };
    let every = space.split(' ').find_map(|w| w.strip_prefix("every=")).map_or(Ok(1), str::parse::<u64>);
    let every = every.ok().filter(|&k| k >= 1).ok_or(bad(1, "the sample's every= is not a whole number".into()))?;
    if to.is_some_and(|to| to < from) {
        return Err(bad(1, format!("the range {from}..{} is backwards", to.unwrap_or(0))));
    }
    let (kept_at, second) = next_line(&mut crc).ok_or(format!("{path} has no field names after its header"))?;
    if second != FIELDS {
        return Err(bad(2, format!("expected the field names {FIELDS:?}")));
    }
    let mut checked = Checked {
        space: space.to_string(),
        from,
        to,
        through: from,
        totals: Totals::default(),
        lines: Vec::new(),
        kept_bytes: kept_at as u64,
        crc: crc.clone(),
        marks: Vec::new(),
    };
    let mut pending: Vec<String> = Vec::new();
    let mut last_id = None;
    let mut number = 2;
    loop {
        let before = crc.clone();
        let Some((end, line)) = next_line(&mut crc) else { break };
        number += 1;
        if line.starts_with("# through ") {
            let (through, totals, claimed) =
                Totals::parse(line).ok_or(bad(number, format!("a checkpoint that does not read: {line:?}")))?;
            let mut expected = before;
            expected.update(&line.as_bytes()[..line.rfind(" crc=").unwrap_or(0)]);
            if expected.finalize() != claimed {
                return Err(bad(
                    number,
                    "the checkpoint's CRC does not match the lines before it: the file was changed".into(),
                ));
            }
            if through < checked.through || to.is_some_and(|to| through > to) {
                return Err(bad(number, format!("the checkpoint's ID {through} is out of order or past the range")));
            }
            if let Some(id) = last_id.filter(|&id| id >= through) {
                return Err(bad(number, format!("ID {id} is listed before a checkpoint through {through}")));
            }
            let sampled = multiples(from, through, every);
            let listed = (checked.lines.len() + pending.len()) as u64;
            let consistent = totals.inputs == sampled
                && totals.minimal == listed
                && totals.solvable >= totals.minimal
                && totals.lowest >= totals.solvable
                && totals.inputs >= totals.lowest
                && totals.at_least(&checked.totals);
            if !consistent {
                return Err(bad(
                    number,
                    format!(
                        "the checkpoint's totals do not hold: {} inputs and {} minimal, but IDs {from}..{through} hold \
                         {sampled} and {listed} lines are listed",
                        totals.inputs, totals.minimal
                    ),
                ));
            }
            checked.lines.append(&mut pending);
            checked.marks.push((through, totals, checked.lines.len()));
            (checked.through, checked.totals, checked.kept_bytes, checked.crc) =
                (through, totals, end as u64, crc.clone());
        } else if line.starts_with('#') {
            return Err(bad(number, format!("an unexpected comment: {line:?}")));
        } else {
            let id = puzzle_line(line, side).map_err(|why| bad(number, why))?;
            if id < from || to.is_some_and(|to| id >= to) || last_id.is_some_and(|last| id <= last) {
                return Err(bad(number, format!("ID {id} is out of order or outside the range")));
            }
            last_id = Some(id);
            pending.push(line.to_string());
        }
    }
    Ok(checked)
}

/// The IDs of `from..through` a sample of every `every`-th ID takes (those divisible by it).
fn multiples(from: u64, through: u64, every: u64) -> u64 {
    let below = |n: u64| n.div_ceil(every);
    below(through) - below(from)
}

/// Checks a puzzle's line (`moves pieces board id group states counts-by-distance`) for a board of side
/// `side`: its ID, or what is wrong.
fn puzzle_line(line: &str, side: usize) -> Result<u64, String> {
    let fields: Vec<&str> = line.split(' ').collect();
    let [moves, pieces, board, id, group, states, counts] = fields[..] else {
        return Err(format!("expected 7 fields (moves pieces board id group states counts), found {line:?}"));
    };
    let whole = |name: &str, text: &str| text.parse::<u64>().map_err(|_| format!("{name} {text:?} is not a number"));
    let (moves, pieces, id, _, states) = (
        whole("moves", moves)?,
        whole("pieces", pieces)?,
        whole("id", id)?,
        whole("group", group)?,
        whole("states", states)?,
    );
    if board.len() != side * side || !board.bytes().all(|b| b == b'o' || b == b'x' || b.is_ascii_uppercase()) {
        return Err(format!("the board {board:?} is not {side}x{side} cells of o, x and A to Z"));
    }
    let mut letters: Vec<u8> = board.bytes().filter(u8::is_ascii_uppercase).collect();
    letters.sort_unstable();
    letters.dedup();
    let walls = board.bytes().filter(|&b| b == b'x').count();
    if !letters.contains(&b'A') || (letters.len() + walls) as u64 != pieces {
        return Err(format!("the board {board:?} does not hold the red car A and {pieces} pieces"));
    }
    let counts: Vec<u64> = counts.split(',').map(|c| whole("a count", c)).collect::<Result<_, _>>()?;
    if counts.iter().sum::<u64>() != states || (counts.len() as u64) <= moves || moves == 0 {
        return Err(format!("the counts by distance do not add up to {states} positions reaching {moves} moves"));
    }
    Ok(id)
}
