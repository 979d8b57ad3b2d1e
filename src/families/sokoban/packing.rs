//! Packing a goal room in order, as the strong solvers do (YASS's packing-order search, JSoko's goal-room
//! packing): the order is found backwards — from the position with every goal holding a box, a box the
//! player can pull out of the goal room is taken out, again and again; the boxes that come out first are packed
//! last; when none can come out, one is parked in a pocket of the room ([`PackingOrder`]) — and a greedy
//! search then brings a box all the way to the next square of that order in one move (a goal macro) when
//! some box can get there. Guidance for solving, never a proof: positions are still
//! searched push by push beside the macros.

use super::board::{has, put, take, Bits, Walk};
use super::level::Level;
use super::{Dir, MAX_BOXES, MAX_CELLS, NONE};
use crate::memory::{self, OutOfMemory};
use alloc::boxed::Box;
use alloc::collections::BTreeMap;
use alloc::vec::Vec;
use core::task::Poll;

/// Most (box, player) positions one box's path search explores.
const PATH_STATES: usize = 20_000;

/// Which box a packing order takes out of the goal room next, working backwards from the packed room.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Peel {
    /// The box that comes out in the fewest pulls: the room is emptied from its door inwards, so that
    /// the boxes deepest in are packed first.
    Nearest,
    /// The first box (in the level's order of goals) that can come off at all.
    First,
}

/// The squares of a goal room in the order to fill them: its goals, and pockets — squares off the goals
/// inside the room where a box waits while the goals behind it are filled, then goes onto its own goal.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PackingOrder {
    /// (the square filled, the goal its box ends on: the square itself for a goal), in order.
    pub steps: Vec<(u16, u16)>,
    /// How many boxes the peel left in the room: on goals it could not empty (the first steps, in the
    /// level's order of goals, a guess) and parked where they could not come out. 0: the order was found
    /// whole.
    pub unpeeled: usize,
}

impl PackingOrder {
    /// How many steps of the order, from its first, `occupied` has done: a goal holding a box, a pocket
    /// holding one or its box gone on to its goal.
    pub fn packed(&self, occupied: &Bits) -> usize {
        self.steps.iter().take_while(|&&(at, goal)| has(occupied, at) || has(occupied, goal)).count()
    }

    /// The square step `k` fills.
    pub fn square(&self, k: usize) -> Option<u16> {
        self.steps.get(k).map(|&(at, _)| at)
    }

    /// Whether `at` is among the squares of the first `k` steps.
    pub fn filled_by(&self, k: usize, at: u16) -> bool {
        self.steps[..k.min(self.steps.len())].iter().any(|&(s, _)| s == at)
    }
}

/// The goal room's packing order ([`Peel::Nearest`]).
pub fn packing_order(level: &Level) -> PackingOrder {
    packing_order_by(level, Peel::Nearest)
}

/// The goal room's packing order, found backwards: from the position with every goal holding a box, the
/// box `peel` chooses among those the player can pull out of the room comes out, again and again; the
/// boxes that come out first are packed last, and goals no box can be pulled from are packed first. When
/// no box can come out, one is parked: pulled off its goal to the nearest square that is not a goal (a
/// pocket), where it stands in the way until it can come out itself — forwards, a box is brought to the
/// pocket, waits there while the goals behind it are filled, then goes onto its own (XSokoban 87: its
/// room's door is the middle row, and the top row's goals are filled from a pocket above it once the
/// bottom row's are; 6 of its 12 goals packed in 262,144 positions without pockets, solved in 2,742 with).
/// Where several parks are possible, the nearest few are each followed to the end, and the one that
/// leaves the fewest boxes in the room is made (XSokoban 86: one of three; solved in 696 positions).
///
/// A box comes out only onto a square where boxes can come from (one a box from the level's start could
/// be pushed to, the boxes still in the room in the way: [`Walk::box_reach`]): a box pulled into a
/// corner off the room that no box can reach forwards has not come out (XSokoban 42: the last goals of
/// the order could be filled only from such a corner, and the search packed 21 of 24 and stalled; at 3 s
/// a level, the feature-space search alone solves 54 XSokoban levels against 52). When no peel empties
/// the room that way, the peels are made again taking boxes out anywhere off the room (XSokoban 35).
///
/// The player of the packed position stands where the last push left them: the peel starts from the
/// level's start square's area among the packed boxes, then from the other areas too (up to 4 in all),
/// keeping the peel that leaves the fewest boxes in the room (XSokoban 50: the start's area reaches none
/// of the room's doors, and 13 of its 16 goals stayed in; Box World 33 and 36, solved at once by the
/// feature-space search since, in 639 and 7,675 positions), and of those the one whose steps shut far
/// fewer of the start's boxes out of every goal left (under half, summed over its steps; XSokoban 72,
/// whose ten middle boxes come in only through the right-hand room's bottom door, which the start area's
/// order filled second: solved in 616 positions since, not in 3 s before). A peel that empties the room
/// and shuts no box out ends the look.
///
/// Made in one call; [`Peeler`] makes the same order a slice at a time.
pub fn packing_order_by(level: &Level, peel: Peel) -> PackingOrder {
    let mut order = PackingOrder::default();
    match Peeler::new(level, peel) {
        Ok(mut peeler) => {
            while !peeler.step(level, usize::MAX).0 {}
            peeler.order_into(level, &mut order);
        }
        // Without room for the peel: every goal unpeeled, in the level's order.
        Err(_) => {
            order.steps.extend(level.goals.iter().map(|&g| (g, g)));
            order.unpeeled = order.steps.len();
        }
    }
    order
}

/// Squares a peel's walks may look at in all (a walk of the room for each state of a box's pulls): a
/// level too large for a whole peel packs the goals it could not peel first (45 ms on the 64×64 level
/// with 64 boxes, 32 of them left in the room; a few ms on an XSokoban level, none of whose orders it
/// changes).
const PEEL_WORK: usize = 12_000_000;

/// The areas of the packed position a peel may start the player in.
const PLAYER_AREAS: usize = 4;

/// The parks a peel tries when it must park, each followed to the end, keeping the one that leaves the
/// fewest boxes in the room.
const PARK_TRIES: usize = 4;

/// A packing order ([`packing_order_by`]) made a slice at a time: a game's first hint on a large level
/// must not wait for the whole peel. Stepping changes nothing in the order made. Its memory is reserved
/// when it is made (a box's pull search, the runs' lists of fixed capacity): stepping allocates nothing.
pub struct Peeler {
    peel: Peel,
    walk: Box<Walk>,
    /// The pull search under way (one at a time: a run trying a park waits while its child pulls).
    pull: Box<Pull>,
    /// The run following a park to its end, for the run under way that tries parks.
    child: Box<PeelRun>,
    /// The packed position's boxes, and the squares of the player's areas in it found so far.
    packed: Bits,
    seen: Bits,
    areas: usize,
    /// Where the look for the next area goes on: 0 for the level's start square, `k + 1` for square `k`.
    next_square: usize,
    /// The peel from the area found last, under way.
    run: Option<PeelRun>,
    /// A finished peel being scored ([`Scoring`]) before it is weighed against the best.
    scoring: Option<Scoring>,
    /// The peel leaving the fewest boxes in the room so far, and of those the one shutting the fewest of
    /// the start's boxes out (its [`Scoring::shut`]).
    best: Option<(Peeling, usize)>,
    /// What is left of [`PEEL_WORK`].
    work: usize,
    done: bool,
    /// Whether the runs take boxes out only where boxes can come from; when no area's run empties the
    /// room that way, the areas are tried again taking them out anywhere out of the room.
    from_reach: bool,
}

impl Peeler {
    /// A peel of `level`'s goal room as `peel` chooses, not begun, its memory reserved.
    pub fn new(level: &Level, peel: Peel) -> Result<Peeler, OutOfMemory> {
        let mut packed: Bits = [0; MAX_CELLS / 64];
        level.goals.iter().for_each(|&g| put(&mut packed, g));
        let (seen, walk) = ([0; MAX_CELLS / 64], Box::new(Walk::new()));
        let (pull, child) = (Box::new(Pull::new(level)?), Box::new(PeelRun::new(Peeling::default(), 1, true)));
        let (areas, next_square, run, scoring, best, work, done) = (0, 0, None, None, None, PEEL_WORK, false);
        let from_reach = true;
        Ok(Peeler {
            peel,
            walk,
            pull,
            child,
            packed,
            seen,
            areas,
            next_square,
            run,
            scoring,
            best,
            work,
            done,
            from_reach,
        })
    }

    /// Goes on with the peel, looking at about `allowance` squares (at least one walk of the room):
    /// whether it is done, and the squares looked at.
    pub fn step(&mut self, level: &Level, allowance: usize) -> (bool, usize) {
        let mut slice = Slice { spent: 0, allowance };
        while !self.done {
            if let Some(mut run) = self.run.take() {
                let scratch = Scratch { walk: &mut self.walk, pull: &mut self.pull, child: Some(&mut self.child) };
                if !run.step(level, self.peel, scratch, &mut slice) {
                    self.run = Some(run);
                    break;
                }
                self.work = run.peeling.work;
                self.scoring = Some(Scoring::new(run.peeling));
                continue;
            }
            if let Some(mut scoring) = self.scoring.take() {
                let scored = scoring.step(level, &mut self.walk, &mut slice);
                self.work = scoring.peeling.work;
                if !scored {
                    self.scoring = Some(scoring);
                    break;
                }
                // Fewer boxes left in the room, or as many and far fewer shut out (under half: the count
                // is a guess of the start's, and orders a few apart fare either way — Box World 30, 88
                // and 92 lost time or a level to peels that shut out 2 to 8 fewer).
                let (stuck, shut) = (scoring.peeling.stuck(), scoring.shut);
                let better = |(b, best_shut): &(Peeling, usize)| {
                    stuck < b.stuck() || stuck == b.stuck() && shut.saturating_mul(2) < *best_shut
                };
                if self.best.as_ref().is_none_or(better) {
                    self.best = Some((scoring.peeling, scoring.shut));
                }
                // A whole peel that shuts no box out cannot be bettered.
                self.done = self.best.as_ref().is_some_and(|(b, shut)| b.stuck() == 0 && *shut == 0);
                continue;
            }
            if !slice.fits(level) {
                break;
            }
            match self.next_area(level) {
                Some(player) => {
                    slice.charge(level);
                    let left = level.goals.iter().copied().take(MAX_BOXES).collect();
                    let (parked, removed) = (heapless::Vec::new(), heapless::Vec::new());
                    let peeling = Peeling { occupied: self.packed, player, left, parked, removed, work: self.work };
                    self.run = Some(PeelRun::new(peeling, PARK_TRIES, self.from_reach));
                }
                None if self.from_reach && self.best.as_ref().is_none_or(|(b, _)| b.stuck() > 0) => {
                    (self.from_reach, self.areas, self.next_square, self.seen) = (false, 0, 0, [0; MAX_CELLS / 64]);
                }
                None => self.done = true,
            }
        }
        (self.done, slice.spent)
    }

    /// A square of the packed position's next area for the player (the level's start's first), its area
    /// walked; `None` when [`PLAYER_AREAS`] are tried or there is no other.
    fn next_area(&mut self, level: &Level) -> Option<u16> {
        if self.areas == PLAYER_AREAS {
            return None;
        }
        while self.next_square <= level.rooms() {
            let at = if self.next_square == 0 { level.player } else { (self.next_square - 1) as u16 };
            self.next_square += 1;
            if has(&self.packed, at) || has(&self.seen, at) {
                continue;
            }
            self.walk.fill(level, &self.packed, at);
            self.seen.iter_mut().zip(self.walk.reached.iter()).for_each(|(s, r)| *s |= r);
            self.areas += 1;
            return Some(at);
        }
        None
    }

    /// The order the peel found, once [`Peeler::step`] says it is done (before, the order of the peel's
    /// best so far), into `out` (its steps' storage reused: two a goal at most). Every goal unpeeled when
    /// the packed position leaves the player no square.
    pub fn order_into(&self, level: &Level, out: &mut PackingOrder) {
        out.steps.clear();
        let Some((peeling, _)) = &self.best else {
            out.steps.extend(level.goals.iter().map(|&g| (g, g)));
            out.unpeeled = out.steps.len();
            return;
        };
        out.steps.extend(peeling.steps());
        out.unpeeled = peeling.stuck();
    }
}

/// A finished peel's order weighed against the level's start: for each step, the start's boxes (off
/// that step's squares) that stand where no empty goal is left once the squares of the order up to it
/// are filled — boxes that must leave before that step, or the order shuts them out. Summed over the
/// steps: XSokoban 72's order from the player's start area fills the right-hand room from its bottom
/// door first, shutting out the ten boxes that can come in only through that door. A step a walk of
/// the floor from each area with an empty goal.
struct Scoring {
    peeling: Peeling,
    /// The next step scored, and the squares of the steps before it.
    step: usize,
    filled: Bits,
    shut: usize,
}

impl Scoring {
    fn new(peeling: Peeling) -> Scoring {
        Scoring { peeling, step: 0, filled: [0; MAX_CELLS / 64], shut: 0 }
    }

    /// Scores the next steps while the slice allows (each a walk of the room, counted in the peel's
    /// work): whether every step is scored.
    fn step(&mut self, level: &Level, walk: &mut Walk, slice: &mut Slice) -> bool {
        loop {
            let Some((at, _)) = self.peeling.steps().nth(self.step) else { return true };
            if !slice.fits(level) {
                return false;
            }
            slice.charge(level);
            self.peeling.work = self.peeling.work.saturating_sub(level.rooms());
            put(&mut self.filled, at);
            let filled = &self.filled;
            let mut open: Bits = [0; MAX_CELLS / 64];
            for &goal in &level.goals {
                if !has(filled, goal) && !has(&open, goal) {
                    walk.fill(level, filled, goal);
                    open.iter_mut().zip(walk.reached.iter()).for_each(|(o, r)| *o |= r);
                }
            }
            self.shut += level.boxes.iter().filter(|&&b| !has(filled, b) && !has(&open, b)).count();
            self.step += 1;
        }
    }
}

/// A call's share of a peel's work: the squares looked at, and how many it may look at.
struct Slice {
    spent: usize,
    allowance: usize,
}

impl Slice {
    /// Whether a walk of the room fits in what is left (the first of a call always does, so that every
    /// call moves the peel on).
    fn fits(&self, level: &Level) -> bool {
        self.spent == 0 || self.spent.saturating_add(level.rooms()) <= self.allowance
    }

    fn charge(&mut self, level: &Level) {
        self.spent = self.spent.saturating_add(level.rooms());
    }
}

/// A peel under way: the boxes still in the room, the goals still holding theirs, the boxes parked
/// (their pocket, the goal they came from), and the squares emptied so far, as (square, its box's goal).
#[derive(Clone)]
struct Peeling {
    occupied: Bits,
    left: heapless::Vec<u16, MAX_BOXES>,
    parked: heapless::Vec<(u16, u16), MAX_BOXES>,
    /// A take-out a goal and one a park's pocket at most.
    removed: heapless::Vec<(u16, u16), { 2 * MAX_BOXES }>,
    /// A square of the player's area in the packed position.
    player: u16,
    /// What is left of [`PEEL_WORK`].
    work: usize,
}

impl Default for Peeling {
    fn default() -> Peeling {
        let (left, parked, removed) = (heapless::Vec::new(), heapless::Vec::new(), heapless::Vec::new());
        Peeling { occupied: [0; MAX_CELLS / 64], left, parked, removed, player: 0, work: 0 }
    }
}

impl Peeling {
    /// The boxes left in the room.
    fn stuck(&self) -> usize {
        self.left.len() + self.parked.len()
    }

    /// The order the peel makes: the goals left in the room first, then the squares emptied, last first.
    fn steps(&self) -> impl Iterator<Item = (u16, u16)> + '_ {
        self.left.iter().map(|&g| (g, g)).chain(self.removed.iter().rev().copied())
    }

    /// Parks the box of goal `left[k]` in `pocket`.
    fn park(&mut self, k: usize, pocket: u16) {
        let goal = self.left.remove(k);
        take(&mut self.occupied, goal);
        put(&mut self.occupied, pocket);
        // Within capacity: a goal parks once, and is taken off the goals once.
        let _ = self.parked.push((pocket, goal));
        let _ = self.removed.push((goal, goal));
    }

    /// Takes the box of goal `left[k]` out of the room.
    fn take_out(&mut self, k: usize) {
        let goal = self.left.remove(k);
        take(&mut self.occupied, goal);
        let _ = self.removed.push((goal, goal));
    }
}

/// One peel from one area, stepped: rounds of taking a box out of the room until none can come out or
/// be parked; where it must park, the `tries` nearest parks are each followed to the end (one try a park
/// in those), and the one leaving the fewest boxes in the room is made.
#[derive(Clone)]
struct PeelRun {
    peeling: Peeling,
    tries: usize,
    /// The player's region at the round's start (its normal square), the same for every box pulled.
    start: u16,
    stage: Stage,
    /// Whether the pull search of the box the stage is at is under way (in the peeler's [`Pull`]).
    pulling: bool,
    /// Where boxes can come from this round, the room's boxes in place ([`Walk::box_reach`]): a box
    /// comes out of the room only onto one of these squares when `from_reach` says so.
    reach: Bits,
    from_reach: bool,
}

/// The parks found for a box, (pulls, goal, pocket): one a goal at most.
///
/// cbindgen:ignore
type Parks = heapless::Vec<(usize, usize, u16), MAX_BOXES>;

/// The peeler's scratch space a run steps with: its walk, the pull search, and the run that follows a
/// park to its end (`None` inside that run: it tries one park a time and needs none).
struct Scratch<'a> {
    walk: &'a mut Walk,
    pull: &'a mut Pull,
    child: Option<&'a mut PeelRun>,
}

/// Where a round of a [`PeelRun`] is. Parked boxes come out first (they are in the way), then the goals'
/// as the peel chooses; failing those, a box is parked.
#[derive(Clone)]
enum Stage {
    /// The round begins: where boxes can come from is walked ([`Walk::box_reach`]).
    Begin,
    /// Then the player's region.
    Region,
    /// Trying parked box `k` out.
    Parked(usize),
    /// Trying goal `left[k]`'s box out; the fewest pulls so far, and whose.
    Left(usize, Option<(usize, usize)>),
    /// Trying goal `left[k]`'s box off the goals; the parks found so far (pulls, goal, pocket).
    Parks(usize, Parks),
    /// Park `i` of `parks` followed to the end in the peeler's child run; the fewest boxes a park left in
    /// so far, and that park (goal, pocket).
    Trying {
        parks: Parks,
        i: usize,
        fewest: usize,
        choice: (usize, u16),
    },
    Done,
}

/// What a stage leads to.
enum Flow {
    Next(Stage),
    Pause(Stage),
}

impl PeelRun {
    fn new(peeling: Peeling, tries: usize, from_reach: bool) -> PeelRun {
        let reach = [0; MAX_CELLS / 64];
        PeelRun { peeling, tries, start: 0, stage: Stage::Begin, pulling: false, reach, from_reach }
    }

    /// Goes on until the run ends (true) or the slice is spent.
    fn step(&mut self, level: &Level, peel: Peel, mut scratch: Scratch, slice: &mut Slice) -> bool {
        loop {
            let flow = match core::mem::replace(&mut self.stage, Stage::Done) {
                Stage::Done => return true,
                Stage::Begin if has(&self.peeling.occupied, self.peeling.player) => Flow::Next(Stage::Done),
                Stage::Begin if !slice.fits(level) => Flow::Pause(Stage::Begin),
                // A peel taking boxes out anywhere off the room has no use for where they come from.
                Stage::Begin if !self.from_reach => Flow::Next(Stage::Region),
                Stage::Begin => {
                    scratch.walk.box_reach(level, &self.peeling.occupied, &level.boxes);
                    self.reach = scratch.walk.reached;
                    self.peeling.work = self.peeling.work.saturating_sub(level.rooms());
                    slice.charge(level);
                    Flow::Next(Stage::Region)
                }
                Stage::Region if !slice.fits(level) => Flow::Pause(Stage::Region),
                Stage::Region => {
                    self.start = scratch.walk.fill(level, &self.peeling.occupied, self.peeling.player);
                    self.peeling.work = self.peeling.work.saturating_sub(level.rooms());
                    slice.charge(level);
                    Flow::Next(Stage::Parked(0))
                }
                Stage::Parked(k) => match self.peeling.parked.get(k) {
                    None => Flow::Next(Stage::Left(0, None)),
                    Some(&(at, _)) => match self.pull(level, at, OUT_OF_ROOM, &mut scratch, slice) {
                        Poll::Pending => Flow::Pause(Stage::Parked(k)),
                        Poll::Ready(Some(_)) => {
                            let (pocket, goal) = self.peeling.parked.remove(k);
                            take(&mut self.peeling.occupied, pocket);
                            let _ = self.peeling.removed.push((pocket, goal));
                            Flow::Next(Stage::Begin)
                        }
                        Poll::Ready(None) => Flow::Next(Stage::Parked(k + 1)),
                    },
                },
                Stage::Left(k, nearest) => match self.peeling.left.get(k) {
                    None => match nearest {
                        Some((_, k)) => {
                            self.peeling.take_out(k);
                            Flow::Next(Stage::Begin)
                        }
                        None => Flow::Next(Stage::Parks(0, Parks::new())),
                    },
                    Some(&goal) => match self.pull(level, goal, OUT_OF_ROOM, &mut scratch, slice) {
                        Poll::Pending => Flow::Pause(Stage::Left(k, nearest)),
                        Poll::Ready(Some(_)) if peel == Peel::First => {
                            self.peeling.take_out(k);
                            Flow::Next(Stage::Begin)
                        }
                        Poll::Ready(Some((pulls, _))) => {
                            let nearer = nearest.map_or((pulls, k), |n| n.min((pulls, k)));
                            Flow::Next(Stage::Left(k + 1, Some(nearer)))
                        }
                        Poll::Ready(None) => Flow::Next(Stage::Left(k + 1, nearest)),
                    },
                },
                Stage::Parks(k, mut parks) => match self.peeling.left.get(k) {
                    None => {
                        parks.sort_unstable();
                        match parks.first() {
                            None => Flow::Next(Stage::Done),
                            Some(&(_, goal, pocket)) if self.tries > 1 && parks.len() > 1 => {
                                match scratch.child.as_deref_mut() {
                                    Some(child) => {
                                        self.start_child(parks[0], child);
                                        let choice = (goal, pocket);
                                        Flow::Next(Stage::Trying { parks, i: 0, fewest: usize::MAX, choice })
                                    }
                                    // A run that tries parks always has a child to try them in.
                                    None => {
                                        self.peeling.park(goal, pocket);
                                        Flow::Next(Stage::Begin)
                                    }
                                }
                            }
                            Some(&(_, goal, pocket)) => {
                                self.peeling.park(goal, pocket);
                                Flow::Next(Stage::Begin)
                            }
                        }
                    }
                    Some(&goal) => match self.pull(level, goal, TO_POCKET, &mut scratch, slice) {
                        Poll::Pending => Flow::Pause(Stage::Parks(k, parks)),
                        Poll::Ready(found) => {
                            if let Some((pulls, to)) = found {
                                let _ = parks.push((pulls, k, to));
                            }
                            Flow::Next(Stage::Parks(k + 1, parks))
                        }
                    },
                },
                Stage::Trying { parks, i, mut fewest, mut choice } => {
                    let Some(child) = scratch.child.as_deref_mut() else { return true };
                    // The child pulls with the peeler's one pull search: this run is not pulling.
                    let inner = Scratch { walk: &mut *scratch.walk, pull: &mut *scratch.pull, child: None };
                    if child.step(level, peel, inner, slice) {
                        self.peeling.work = child.peeling.work;
                        if child.peeling.stuck() < fewest {
                            (fewest, choice) = (child.peeling.stuck(), (parks[i].1, parks[i].2));
                        }
                        if i + 1 < parks.len().min(self.tries) {
                            self.start_child(parks[i + 1], child);
                            Flow::Next(Stage::Trying { parks, i: i + 1, fewest, choice })
                        } else {
                            self.peeling.park(choice.0, choice.1);
                            Flow::Next(Stage::Begin)
                        }
                    } else {
                        Flow::Pause(Stage::Trying { parks, i, fewest, choice })
                    }
                }
            };
            match flow {
                Flow::Next(stage) => self.stage = stage,
                Flow::Pause(stage) => {
                    self.stage = stage;
                    return false;
                }
            }
        }
    }

    /// Makes `child` a run of one try a park from this one's peeling with the park `(_, goal, pocket)`
    /// made (its storage reused).
    fn start_child(&self, (_, goal, pocket): (usize, usize, u16), child: &mut PeelRun) {
        child.peeling.clone_from(&self.peeling);
        child.peeling.park(goal, pocket);
        (child.tries, child.start, child.stage, child.pulling) = (1, 0, Stage::Begin, false);
        child.from_reach = self.from_reach;
    }

    /// Goes on with the pull search of the box on `box_at` from this round's start ([`Pull`]).
    fn pull(
        &mut self,
        level: &Level,
        box_at: u16,
        (there, from_reach): (fn(&Level, u16) -> bool, bool),
        scratch: &mut Scratch,
        slice: &mut Slice,
    ) -> Poll<Option<(usize, u16)>> {
        if !self.pulling {
            let allowed = (from_reach && self.from_reach).then_some(&self.reach);
            scratch.pull.begin(&self.peeling.occupied, self.start, box_at, allowed);
            self.pulling = true;
        }
        let found = scratch.pull.step(level, there, scratch.walk, &mut self.peeling.work, slice);
        if found.is_ready() {
            self.pulling = false;
        }
        found
    }
}

/// Where a box taken out of the room may end: out of the room, where boxes can come from.
const OUT_OF_ROOM: (fn(&Level, u16) -> bool, bool) = (out_of_goal_room, true);
/// Where a parked box may wait: off the goals.
const TO_POCKET: (fn(&Level, u16) -> bool, bool) = (off_goal, false);

/// Whether a box on `at` is off the goals (a pocket may hold it).
fn off_goal(level: &Level, at: u16) -> bool {
    !level.goal[at as usize]
}

/// The player's normal square once the box of `bits` on `moved.0` stands on `moved.1` and the player on
/// `player` (`bits` is left as it was).
fn region_after(level: &Level, bits: &mut Bits, (from, to): (u16, u16), player: u16, walk: &mut Walk) -> u16 {
    take(bits, from);
    put(bits, to);
    let normal = walk.fill(level, bits, player);
    take(bits, to);
    put(bits, from);
    normal
}

/// Whether a box on `at` is out of the goal room: neither on a goal nor beside one (a square among the
/// goals or at their edge is still in the room: a box pulled there has not come out. Measured on XSokoban,
/// the feature-space search alone at 3 s a level: 50 levels against 47 with "off the goals", 49 with two
/// squares from them).
fn out_of_goal_room(level: &Level, at: u16) -> bool {
    !level.goal[at as usize] && level.next[at as usize].iter().all(|&n| n == NONE || !level.goal[n as usize])
}

/// The search for the fewest pulls that bring the box on `box_at` to a square `there` accepts, the other
/// boxes of `occupied` in place, the player starting in the area of `start` (its normal square among the
/// boxes `occupied`), stepped: the pulls and the square; `None` when it cannot get there or the peel's
/// work runs out (each state taken off the queue costs the room's squares). Its memory is reserved when
/// it is made and reused by every search.
struct Pull {
    bits: Bits,
    /// The states seen, (box square, region's normal square) + 1 packed in 32 bits, by open addressing (a
    /// power of two of slots, at least twice the states a search can see), and the slots filled (to
    /// clear them).
    seen: Vec<u32>,
    filled: Vec<u32>,
    /// Breadth first: (the box's square, a square of the player's region, pulls so far). A state is known
    /// by its region's normal square once taken off the queue, with the one walk that also finds its pulls
    /// (a walk per pull to name the region first cost five walks a state).
    queue: Vec<(u16, u16, u32)>,
    head: usize,
    /// The squares a box may end on (all when `None`).
    allowed: Option<Bits>,
}

impl Pull {
    /// A pull search for `level`: a search sees at most [`PATH_STATES`] + 1 states, and no more than a
    /// state for each box square and square of the player's region.
    fn new(level: &Level) -> Result<Pull, OutOfMemory> {
        let states = (PATH_STATES + 2).min(level.rooms() * level.rooms() + 1);
        Ok(Pull {
            bits: [0; MAX_CELLS / 64],
            seen: memory::zeroed((2 * states).next_power_of_two())?,
            filled: memory::with_capacity(states)?,
            // Four pulls a state taken off the queue at most.
            queue: memory::with_capacity(4 * states + 1)?,
            head: 0,
            allowed: None,
        })
    }

    /// Begins the search for the box on `box_at`, to end on a square of `allowed` (any when `None`).
    fn begin(&mut self, occupied: &Bits, start: u16, box_at: u16, allowed: Option<&Bits>) {
        self.allowed = allowed.copied();
        self.bits = *occupied;
        take(&mut self.bits, box_at);
        for &slot in &self.filled {
            self.seen[slot as usize] = 0;
        }
        self.filled.clear();
        self.queue.clear();
        self.queue.push((box_at, start, 0));
        self.head = 0;
    }

    /// Whether (at, normal) is new, marking it seen.
    fn first_seen(&mut self, at: u16, normal: u16) -> bool {
        let key = ((at as u32) << 16 | normal as u32) + 1;
        let mask = self.seen.len() - 1;
        let mut slot = (key.wrapping_mul(0x9E37_79B9) >> 8) as usize & mask;
        loop {
            match self.seen[slot] {
                0 if self.filled.len() < self.filled.capacity() => {
                    self.seen[slot] = key;
                    self.filled.push(slot as u32);
                    return true;
                }
                // Full (no search sees this many states): as seen, so that the search ends.
                0 => return false,
                k if k == key => return false,
                _ => slot = (slot + 1) & mask,
            }
        }
    }

    fn step(
        &mut self,
        level: &Level,
        there: fn(&Level, u16) -> bool,
        walk: &mut Walk,
        work: &mut usize,
        slice: &mut Slice,
    ) -> Poll<Option<(usize, u16)>> {
        while let Some(&(at, player, pulls)) = self.queue.get(self.head) {
            if self.filled.len() > PATH_STATES || *work < level.rooms() {
                return Poll::Ready(None);
            }
            if !slice.fits(level) {
                return Poll::Pending;
            }
            self.head += 1;
            *work -= level.rooms();
            slice.charge(level);
            put(&mut self.bits, at);
            let normal = walk.fill(level, &self.bits, player);
            if self.first_seen(at, normal) {
                for dir in Dir::ALL {
                    // The player on the pull side steps back, the box follows.
                    let side = level.next(at, dir);
                    let back = if side == NONE { NONE } else { level.next(side, dir) };
                    if back == NONE || !has(&walk.reached, side) || has(&self.bits, back) {
                        continue;
                    }
                    if there(level, side) && self.allowed.as_ref().is_none_or(|a| has(a, side)) {
                        return Poll::Ready(Some((pulls as usize + 1, side)));
                    }
                    if self.queue.len() < self.queue.capacity() {
                        self.queue.push((side, back, pulls + 1));
                    }
                }
            }
            take(&mut self.bits, at);
        }
        Poll::Ready(None)
    }
}

/// The fewest pushes that bring the box on `from` to `to`, the other boxes of `occupied` in place and
/// the player starting in the region of `player`, over live squares only: each push as (the box's square
/// before it, its direction); `None` when the box cannot get there within 20,000 positions.
pub fn box_path(
    level: &Level,
    occupied: &Bits,
    from: u16,
    to: u16,
    player: u16,
    walks: &mut [Walk; 2],
) -> Option<Vec<(u16, Dir)>> {
    let mut bits = *occupied;
    take(&mut bits, from);
    // Breadth first over (box, player's normal square); each entry's parent and push for the way back.
    let [walk, other] = walks;
    put(&mut bits, from);
    let start = walk.fill(level, &bits, player);
    take(&mut bits, from);
    let mut states: Vec<(u16, u16, u32, u16, Dir)> = alloc::vec![(from, start, u32::MAX, from, Dir::Up)];
    let mut seen: BTreeMap<(u16, u16), ()> = BTreeMap::new();
    seen.insert((from, start), ());
    let mut head = 0;
    while head < states.len() && states.len() < PATH_STATES {
        let (at, region, _, _, _) = states[head];
        put(&mut bits, at);
        walk.fill(level, &bits, region);
        for dir in Dir::ALL {
            let (behind, ahead) = (level.next(at, dir.back()), level.next(at, dir));
            if behind == NONE || ahead == NONE || !has(&walk.reached, behind) || has(&bits, ahead) {
                continue;
            }
            if !level.live[ahead as usize] {
                continue;
            }
            let normal = region_after(level, &mut bits, (at, ahead), at, other);
            if seen.insert((ahead, normal), ()).is_some() {
                continue;
            }
            states.push((ahead, normal, head as u32, at, dir));
            if ahead == to {
                let mut pushes = Vec::new();
                let mut k = states.len() - 1;
                while states[k].2 != u32::MAX {
                    pushes.push((states[k].3, states[k].4));
                    k = states[k].2 as usize;
                }
                pushes.reverse();
                return Some(pushes);
            }
        }
        take(&mut bits, at);
        head += 1;
    }
    None
}

#[cfg(all(test, feature = "std"))]
mod tests {
    use super::*;
    use crate::families::sokoban::text::read_collection;
    use crate::families::sokoban::Sokoban;
    use crate::family::Family;

    /// A peel stepped a walk at a time makes the order the whole peel makes, each call walking at most
    /// what it says it looked at and no more than its allowance or one walk: on the levels whose peels
    /// park boxes (XSokoban 86, 87), start the player outside the level's start's area (50), and on the
    /// largest level, whose peel runs out of work.
    #[test]
    fn a_stepped_peel_makes_the_whole_peels_order_within_each_calls_allowance() {
        let xsokoban = read_collection(include_str!("../../../data/sokoban/xsokoban_90.xsb")).unwrap();
        let largest = include_str!("../../../data/largest.txt").lines().find(|l| l.starts_with("sokoban:")).unwrap();
        let mut levels: Vec<Sokoban> = [50, 86, 87].iter().map(|&k| xsokoban[k - 1].level.clone()).collect();
        levels.push(Sokoban::parse(largest).unwrap());
        for puzzle in &levels {
            let level = puzzle.shared_level();
            for peel in [Peel::Nearest, Peel::First] {
                let whole = packing_order_by(&level, peel);
                let allowance = level.rooms() * 3 / 2;
                let (mut peeler, mut calls) = (Peeler::new(&level, peel).unwrap(), 0);
                loop {
                    let before = super::super::board::VISITED.with(|v| v.get());
                    let (done, looked) = peeler.step(&level, allowance);
                    let walked = super::super::board::VISITED.with(|v| v.get()) - before;
                    assert!(walked as usize <= looked && looked <= allowance, "{walked} walked, {looked} said");
                    calls += 1;
                    if done {
                        break;
                    }
                }
                let mut order = PackingOrder::default();
                peeler.order_into(&level, &mut order);
                assert_eq!(order, whole, "{peel:?}");
                assert!(calls > 10, "{peel:?}: {calls} calls");
            }
        }
    }
}
