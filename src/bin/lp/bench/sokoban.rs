//! `lp bench sokoban --set microban|microban2|xsokoban|boxworld|sasquatch` (or `--file LEVELS.xsb`): the
//! recommended solver on every level (or `--ids`) under a time limit a level, a level a thread (`--jobs`,
//! every core by default; `--jobs 1` for a race): solved or not, pushes and whether they are proven
//! optimal, positions expanded, time. `--vs-file` prints a peer's results on the same levels beside ours
//! (YASS's statistics file, or a plain `ID PUSHES SECONDS` list), and the count each solved.
//!
//! `--order hints` plays each level as a game does instead: hints from the level's start through the
//! session, one call a frame at the family's frame budget (or `--budget`), until the first hint (or the
//! time limit): the calls it took, their time in all, the first call's (it reserves the hinter's memory),
//! the median and slowest of the others; then the plan followed to the goal, every hint read off it (a
//! search on the way is reported).

use crate::{fmt_time, parallel, Done};
use lphint::families::sokoban::fess::{Census, Portfolio};
use lphint::families::sokoban::search::{Order, PushSearch};
use lphint::families::sokoban::text::read_collection;
use lphint::families::sokoban::{Action, Kind, Sokoban, State};
use lphint::family::Family;
use lphint::search::{Search, Status};
use std::time::{Duration, Instant};

/// The level sets built into the binary (from the `soukoban` package's assets; authors in
/// `data/sokoban/LICENSE`).
const SETS: &[(&str, &str)] = &[
    ("microban", include_str!("../../../../data/sokoban/microban_155.xsb")),
    ("microban2", include_str!("../../../../data/sokoban/microban_ii_135.xsb")),
    ("xsokoban", include_str!("../../../../data/sokoban/xsokoban_90.xsb")),
    ("boxworld", include_str!("../../../../data/sokoban/boxworld_100.xsb")),
    ("sasquatch", include_str!("../../../../data/sokoban/sasquatch_50.xsb")),
];

/// The options of a run.
pub struct Run<'a> {
    /// A built-in set's name, or a file's text.
    pub set: &'a str,
    /// An XSB file to read instead.
    pub file: Option<&'a str>,
    /// Levels to run (1-based); all when empty.
    pub ids: &'a [usize],
    /// The time limit a level.
    pub limit: Duration,
    /// Positions the solver may store.
    pub nodes: usize,
    /// Whether to print each solution in LURD notation.
    pub lurd: bool,
    /// Whether to print where the feature-space search's positions lie ([`Census`]).
    pub census: bool,
    /// Positions of the feature-space search to print as XSB levels: (steps of the packing order done,
    /// how many a search).
    pub sample: Option<(usize, usize)>,
    /// `optimal` (A*); `greedy` (best-first packing goal rooms in order for half the time, then plain);
    /// `features` (the feature-space search); or `both`: A* for 20 % of the time (or until its arrays
    /// are full), the feature-space search to 80 %, then plain greedy.
    pub order: &'a str,
    /// Threads solving levels at once (default: every core), each with arrays of `nodes` positions.
    pub jobs: Option<usize>,
    /// A peer's results file, printed beside ours.
    pub peer: Option<&'a str>,
    /// The budget of a hint call (`--order hints`; the family's frame budget by default).
    pub budget: Option<u32>,
}

/// A peer's result on one level: the pushes of its solution (none: not solved) and its seconds.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PeerResult {
    pub pushes: Option<u32>,
    pub seconds: f64,
}

/// A peer's results by level id (1-based), read from YASS's "Solutions, Statistics.txt" (its table's
/// columns are right-aligned under the headings `Pushes` and `Seconds`, empty when not solved or under a
/// second) or from lines `ID PUSHES SECONDS` (`-` for not solved; `#` starts a comment).
pub fn read_peer(text: &str) -> Result<std::collections::BTreeMap<usize, PeerResult>, String> {
    let mut out = std::collections::BTreeMap::new();
    let lines: Vec<&str> = text.lines().collect();
    let heading = lines.iter().position(|l| l.contains("Level  Pushes"));
    if let Some(h) = heading {
        let pushes_end = lines[h].find("Pushes").map(|i| i + "Pushes".len()).ok_or("no Pushes column")?;
        let seconds_end = lines
            .get(h + 1)
            .and_then(|l| l.find("Seconds"))
            .map(|i| i + "Seconds".len())
            .ok_or("no Seconds column under the headings")?;
        let column = |line: &str, end: usize, width: usize| -> String {
            let chars: Vec<char> = line.chars().collect();
            chars[end.saturating_sub(width).min(chars.len())..end.min(chars.len())].iter().collect::<String>()
        };
        for line in &lines[h + 2..] {
            // The table ends at the rule under its last row (a totals row follows: "90  76 solved, …").
            if line.starts_with("---") && !out.is_empty() {
                break;
            }
            let Some(Ok(id)) = line.split_whitespace().next().map(str::parse::<usize>) else { continue };
            let pushes = column(line, pushes_end, 7).trim().parse::<u32>().ok();
            let seconds = column(line, seconds_end, 9).trim().parse::<f64>().unwrap_or(0.0);
            out.insert(id, PeerResult { pushes, seconds });
        }
        return Ok(out);
    }
    for (n, line) in lines.iter().enumerate() {
        let line = line.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        let fields: Vec<&str> = line.split_whitespace().collect();
        let bad = || format!("line {}: '{line}' is not `ID PUSHES SECONDS` (`-` for not solved)", n + 1);
        let [id, pushes, seconds] = fields[..] else { return Err(bad()) };
        let id = id.parse::<usize>().map_err(|_| bad())?;
        let pushes = if pushes == "-" { None } else { Some(pushes.parse::<u32>().map_err(|_| bad())?) };
        out.insert(id, PeerResult { pushes, seconds: seconds.parse::<f64>().map_err(|_| bad())? });
    }
    Ok(out)
}

pub fn sokoban(run: Run<'_>) -> Done {
    let text = match run.file {
        Some(path) => crate::files::read_text(path, "an XSB level set")?,
        None => {
            let names: Vec<&str> = SETS.iter().map(|s| s.0).collect();
            let (_, text) = SETS
                .iter()
                .find(|s| s.0 == run.set)
                .ok_or_else(|| format!("unknown set '{}' (the sets: {})", run.set, names.join(", ")))?;
            (*text).to_owned()
        }
    };
    let levels = read_collection(&text).map_err(|(line, why)| format!("line {line}: {why}"))?;
    let peer = match run.peer {
        Some(path) => {
            Some(read_peer(&crate::files::read_text(path, "a peer's results")?).map_err(|e| format!("{path}: {e}"))?)
        }
        None => None,
    };
    let peer_columns = |id: usize| match peer.as_ref().map(|p| p.get(&id)) {
        None => String::new(),
        Some(None) => format!(" {:>7} {:>9}", "?", "?"),
        Some(Some(r)) => {
            format!(
                " {:>7} {:>9}",
                r.pushes.map_or(String::from("-"), |n| n.to_string()),
                format!("{:.0} s", r.seconds)
            )
        }
    };
    if levels.is_empty() {
        return Err(format!(
            "{} holds no level: XSB rows of # (walls), $ (boxes), . (goals) and @ (the player)",
            run.file.unwrap_or(run.set)
        )
        .into());
    }
    if run.order == "hints" {
        return hints(&levels, &run);
    }
    let peer_heading = if peer.is_some() { format!(" {:>7} {:>9}", "peer", "its time") } else { String::new() };
    println!(
        "{:>4} {:<12} {:>5} {:<11} {:>7} {:>7} {:<8} {:>11} {:>10}{peer_heading}",
        "id", "title", "boxes", "result", "pushes", "moves", "optimal", "positions", "time"
    );
    let chosen: Vec<usize> = (0..levels.len()).filter(|i| run.ids.is_empty() || run.ids.contains(&(i + 1))).collect();
    let jobs = parallel::threads(run.jobs, chosen.len());
    // Each thread's search arrays, reserved once and kept for its next levels.
    let pool = parallel::Pool::default();
    let (mut solved, mut proved, mut total) = (0, 0, Duration::ZERO);
    let clock = Instant::now();
    let work = |k: usize| pool.with(|search| solve_level(&levels[chosen[k]].level, &run, search));
    parallel::ordered(chosen.len(), jobs, work, |k, level| -> Done {
        let level = level?;
        let i = chosen[k];
        let entry = &levels[i];
        total += level.time;
        solved += level.pushes.is_some() as usize;
        proved += level.proven as usize;
        let mut title = entry.title.clone();
        title.truncate(12);
        println!(
            "{:>4} {:<12} {:>5} {:<11} {:>7} {:>7} {:<8} {:>11} {:>10}{}",
            i + 1,
            title,
            entry.level.level().boxes.len(),
            level.result,
            level.pushes.map_or(String::from("-"), |n| n.to_string()),
            level.lurd.as_ref().map_or(String::from("-"), |l| l.len().to_string()),
            if level.pushes.is_none() {
                "-"
            } else if level.proven {
                "proven"
            } else {
                "no"
            },
            level.expanded,
            fmt_time(level.time),
            peer_columns(i + 1)
        );
        if let (true, Some(lurd)) = (run.lurd, &level.lurd) {
            println!("     {lurd}");
        }
        if let (true, Some((census, twins, shared))) = (run.census, &level.census) {
            println!("     {}", census_line(&census[0], "nearest"));
            if *twins {
                println!("     first peel: the same order (its search rests)");
            } else {
                println!("     {} (the first {shared} steps as the nearest's)", census_line(&census[1], "first"));
            }
        }
        for (search, state, n) in &level.samples {
            let step = run.sample.map_or(0, |(step, _)| step);
            println!("; {} {}: the {search} peel's search, {step} steps done, sample {n}", i + 1, entry.title);
            print!("{}", entry.level.to_xsb(state));
        }
        Ok(())
    })?;
    if let Some(peer) = &peer {
        let ids: Vec<usize> = chosen.iter().map(|i| i + 1).collect();
        let theirs = ids.iter().filter(|id| peer.get(id).is_some_and(|r| r.pushes.is_some())).count();
        let listed = ids.iter().filter(|id| peer.contains_key(id)).count();
        println!("the peer solved {theirs}/{} ({listed} of them in its file)", ids.len());
    }
    println!(
        "solved {solved}/{} ({proved} proven push-optimal) in {} of levels' time, {} wall ({} a level at most, {}, \
         {})",
        chosen.len(),
        fmt_time(total),
        fmt_time(clock.elapsed()),
        fmt_time(run.limit),
        parallel::speedup(total, clock.elapsed(), jobs),
        match run.order {
            "optimal" => "push-optimal A*",
            "greedy" => "greedy best-first packing goal rooms in order for half the time, then plain",
            "features" => "feature-space search (FESS)",
            _ => "A* for 20 % of the time, the feature-space search to 80 %, then plain greedy",
        }
    );
    Ok(())
}

/// A search's census as a line: its order's peel, steps and cells, then for each number of steps done
/// with positions, `STEPS:POSITIONS`, with `/OUT` when some have a box out of plan.
fn census_line(census: &Census, order: &str) -> String {
    let steps = census.by_packed.len().saturating_sub(1);
    let mut line = format!("{order} peel, {steps} steps, {} cells:", census.cells);
    for (done, &(positions, out)) in census.by_packed.iter().enumerate().filter(|(_, &(p, _))| p > 0) {
        line += &format!(" {done}:{positions}");
        if out > 0 {
            line += &format!("/{out}");
        }
    }
    line
}

/// `--order hints`: each chosen level played by hints from its start, a call a frame (one thread).
fn hints(levels: &[lphint::families::sokoban::text::Entry], run: &Run<'_>) -> Done {
    let budget = run.budget.unwrap_or(Sokoban::FRAME_BUDGET);
    println!(
        "{:>4} {:<12} {:>5} {:<13} {:>7} {:<8} {:>8} {:>10} {:>9} {:>9} {:>9} | followed",
        "id", "title", "boxes", "first hint", "pushes", "optimal", "calls", "time", "1st call", "median", "slowest"
    );
    let (mut hinted, mut chosen) = (0, 0);
    for (i, entry) in levels.iter().enumerate().filter(|(i, _)| run.ids.is_empty() || run.ids.contains(&(i + 1))) {
        chosen += 1;
        let mut game = lphint::registry::parse(&entry.level.describe()).map_err(|e| e.to_string())?;
        let (mut times, clock) = (Vec::new(), Instant::now());
        let answer = loop {
            let call = Instant::now();
            let answer = game.next_hint(budget);
            times.push(call.elapsed());
            match answer {
                Err(Status::InProgress) if clock.elapsed() < run.limit => {}
                other => break other,
            }
        };
        let total: Duration = times.iter().sum();
        let calls = times.len();
        // The first call reserves the hinter's memory: on its own, as `lp bench frames` has it.
        let first = times.remove(0);
        times.sort();
        let (median, slowest) = match times.len() {
            0 => (String::from("-"), String::from("-")),
            n => (fmt_time(times[n / 2]), fmt_time(times[n - 1])),
        };
        let (result, pushes, optimal) = match &answer {
            Ok(hint) => ("hint", hint.moves_left.to_string(), if hint.optimal { "proven" } else { "no" }),
            Err(status) => (status.name(), String::from("-"), "-"),
        };
        // Followed to the goal: hints read off the plan, with no search.
        let mut followed = String::from("-");
        if let Ok(mut hint) = answer {
            hinted += 1;
            let (mut played, mut searched) = (0, 0);
            loop {
                game.apply(&hint.mv).map_err(|e| format!("level {}: a hint was illegal: {e}", i + 1))?;
                played += 1;
                if game.is_solved() {
                    break;
                }
                match game.next_hint(budget) {
                    Ok(next) => hint = next,
                    Err(status) => {
                        return Err(format!("level {}: {} after {played} hints", i + 1, status.name()).into())
                    }
                }
                searched += (game.hint_work() > 0) as usize;
            }
            followed = format!("{played} pushes to the goal, {searched} searched");
        }
        let mut title = entry.title.clone();
        title.truncate(12);
        println!(
            "{:>4} {title:<12} {:>5} {result:<13} {pushes:>7} {optimal:<8} {calls:>8} {:>10} {:>9} {median:>9} {slowest:>9} \
             | {followed}",
            i + 1,
            entry.level.level().boxes.len(),
            fmt_time(total),
            fmt_time(first),
        );
    }
    println!(
        "a first hint on {hinted}/{chosen} levels within {} of calls a level, {budget} units a call (one thread)",
        fmt_time(run.limit)
    );
    Ok(())
}

/// What one level gave.
struct Level {
    result: &'static str,
    pushes: Option<u32>,
    proven: bool,
    expanded: u64,
    time: Duration,
    lurd: Option<String>,
    /// The feature-space search's two censuses, when it ran.
    census: Option<([Census; 2], bool, usize)>,
    /// Its positions sampled ([`Run::sample`]): the search's peel, the position, its number.
    samples: Vec<(&'static str, State, usize)>,
}

/// One phase of a level's solve.
#[derive(Clone, Copy)]
enum Phase {
    /// The push search in this order, packing goal rooms in order (goal macros) or not.
    Push(Order, bool),
    /// The feature-space search ([`Portfolio`]).
    Features,
}

/// What a phase found: its status, positions, and the pushes of its solution (proven shortest or not).
struct Found {
    status: Status,
    positions: u64,
    pushes: Option<(Vec<Action>, bool)>,
    census: Option<([Census; 2], bool, usize)>,
    samples: Vec<(&'static str, State, usize)>,
}

/// Solves one level under the run's limit with `search` (made, or made again larger, when it does not
/// fit the level).
fn solve_level(puzzle: &Sokoban, run: &Run<'_>, search: &mut Option<PushSearch>) -> Result<Level, String> {
    if !search.as_ref().is_some_and(|s| s.fits(puzzle)) {
        drop(search.take()); // the old arrays go before larger ones are reserved
        *search =
            Some(PushSearch::new(puzzle, run.nodes).and_then(|s| s.with_subsets(puzzle)).map_err(|e| e.to_string())?);
    }
    let Some(search) = search.as_mut() else { unreachable!("made above") };
    let clock = Instant::now();
    // Each phase and the share of the time limit it ends at. The A* proves small levels' optimum in a
    // fraction of a second; the feature-space search solves most large ones in under a second (XSokoban:
    // 43 of 90 at 3 s, where the push searches solve 16 at 10 s); a plain greedy run takes what is left
    // (Microban 144, which it solves in 5 s and the features search not in 10).
    let phases: &[(Phase, f64)] = match run.order {
        "optimal" => &[(Phase::Push(Order::Optimal, false), 1.0)],
        "greedy" => &[(Phase::Push(Order::Greedy, true), 0.5), (Phase::Push(Order::Greedy, false), 1.0)],
        "features" => &[(Phase::Features, 1.0)],
        _ => &[
            (Phase::Push(Order::Optimal, false), 0.2),
            (Phase::Features, 0.8),
            (Phase::Push(Order::Greedy, false), 1.0),
        ],
    };
    let nothing =
        || Found { status: Status::InProgress, positions: 0, pushes: None, census: None, samples: Vec::new() };
    let (mut found, mut expanded) = (nothing(), 0);
    let (mut census, mut samples) = (None, Vec::new());
    for &(phase, share) in phases {
        let until = run.limit.mul_f64(share);
        found = match phase {
            Phase::Push(order, packing) => push_phase(puzzle, search, order, packing, || clock.elapsed() >= until),
            Phase::Features => features_phase(puzzle, run, || clock.elapsed() >= until),
        };
        expanded += found.positions;
        census = found.census.take().or(census);
        samples.append(&mut found.samples);
        if found.status.is_answer() {
            break;
        }
    }
    let time = clock.elapsed();
    let (mut pushes, mut lurd, mut proven) = (None, None, false);
    if let Some((moves, optimal)) = &found.pushes {
        // From the level's own start (the player where the level puts them), so that the line replays as written.
        lurd = puzzle.lurd(&puzzle.shown_start(), moves);
        pushes = Some(moves.len() as u32);
        proven = *optimal;
    }
    let result = if found.status == Status::InProgress { "time_limit" } else { found.status.name() };
    Ok(Level { result, pushes, proven, expanded, time, lurd, census, samples })
}

/// A run of the push search in `order` until it answers or `out_of_time`.
fn push_phase(
    puzzle: &Sokoban,
    search: &mut PushSearch,
    order: Order,
    packing: bool,
    out_of_time: impl Fn() -> bool,
) -> Found {
    search.set_order(order);
    search.set_packing(packing);
    search.restart(puzzle, puzzle.start());
    let status = loop {
        let step = search.step(puzzle, 10_000);
        if step.status != Status::InProgress {
            break step.status;
        }
        if out_of_time() {
            break Status::InProgress;
        }
    };
    let mut pushes = None;
    if status == Status::Found {
        let mut path = Vec::new();
        search.write_path(&mut path);
        pushes = Some((path.iter().map(|(m, _)| *m).collect(), search.order() == Order::Optimal));
    }
    Found { status, positions: search.stats().expanded, pushes, census: None, samples: Vec::new() }
}

/// A run of the feature-space search (two packing orders in turns: [`Portfolio`]) until it answers or
/// `out_of_time`.
fn features_phase(puzzle: &Sokoban, run: &Run<'_>, out_of_time: impl Fn() -> bool) -> Found {
    let start = puzzle.start();
    let Ok(mut search) = Portfolio::new(puzzle, start.boxes(), start.player, run.nodes) else {
        return Found { status: Status::OutOfMemory, positions: 0, pushes: None, census: None, samples: Vec::new() };
    };
    let status = loop {
        let status = search.step(2_000).status;
        if status != Status::InProgress {
            break status;
        }
        if out_of_time() {
            break Status::InProgress;
        }
    };
    let pushes = search.solution().map(|pushes| {
        let moves = pushes.into_iter().map(|(from, dir)| Action { kind: Kind::Push, piece: 0, from, dir });
        (moves.collect(), false)
    });
    let twins = search.twins() == Some(true);
    let mut samples = Vec::new();
    if let Some((step, n)) = run.sample {
        let [nearest, first] = search.sample(step, n);
        let first = if twins { Vec::new() } else { first };
        let named = |peel, states: Vec<State>| states.into_iter().zip(1..).map(move |(s, k)| (peel, s, k));
        samples.extend(named("nearest", nearest).chain(named("first", first)));
    }
    Found {
        status,
        positions: search.positions() as u64,
        pushes,
        census: Some((search.census(), twins, search.shared_steps())),
        samples,
    }
}
