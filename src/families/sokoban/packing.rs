//! Packing a goal room in order, as the strong solvers do (YASS's packing-order search, JSoko's goal-room
//! packing): the order is found backwards — from the position with every goal holding a box, a box the
//! player can pull out of the goal room is taken out, again and again; the boxes that come out first are packed
//! last; when none can come out, one is parked in a pocket of the room ([`PackingOrder`]) — and a greedy
//! search then brings a box all the way to the next square of that order in one move (a goal macro) when
//! some box can get there. Guidance for solving, never a proof: positions are still
//! searched push by push beside the macros.

use super::board::{has, put, take, Bits, Walk};
use super::level::Level;
use super::{Dir, MAX_CELLS, NONE};
use alloc::collections::BTreeMap;
use alloc::vec::Vec;

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
/// The player of the packed position stands where the last push left them: the peel starts from the
/// level's start square's area among the packed boxes, and when boxes stay in the room from there, from
/// the other areas too (up to 4 in all), keeping the peel that leaves the fewest (XSokoban 50: the
/// start's area reaches none of the room's doors, and 13 of its 16 goals stayed in; Box World 33 and 36,
/// solved at once by the feature-space search since, in 639 and 7,675 positions).
pub fn packing_order_by(level: &Level, peel: Peel) -> PackingOrder {
    let Some(peeling) = best_peel(level, peel) else {
        let steps: Vec<(u16, u16)> = level.goals.iter().map(|&g| (g, g)).collect();
        return PackingOrder { unpeeled: steps.len(), steps };
    };
    let mut steps: Vec<(u16, u16)> = peeling.left.iter().map(|&g| (g, g)).collect();
    steps.extend(peeling.removed.iter().rev());
    PackingOrder { steps, unpeeled: peeling.left.len() + peeling.parked.len() }
}

/// The peel ([`packing_order_by`]) that leaves the fewest boxes in the room over the player's areas
/// tried; `None` when the packed position leaves the player no square.
fn best_peel(level: &Level, peel: Peel) -> Option<Peeling> {
    let mut occupied: Bits = [0; MAX_CELLS / 64];
    level.goals.iter().for_each(|&g| put(&mut occupied, g));
    let mut walks = [Walk::new(), Walk::new()];
    // A square of each area, the level's start's first.
    let (mut areas, mut seen): (Vec<u16>, Bits) = (Vec::new(), [0; MAX_CELLS / 64]);
    for at in core::iter::once(level.player).chain(0..level.rooms() as u16) {
        if areas.len() == PLAYER_AREAS {
            break;
        }
        if has(&occupied, at) || has(&seen, at) {
            continue;
        }
        walks[0].fill(level, &occupied, at);
        seen.iter_mut().zip(walks[0].reached.iter()).for_each(|(s, r)| *s |= r);
        areas.push(at);
    }
    let stuck = |p: &Peeling| p.left.len() + p.parked.len();
    let mut best: Option<Peeling> = None;
    let mut work = PEEL_WORK;
    for &player in &areas {
        let (left, parked, removed) = (level.goals.clone(), Vec::new(), Vec::new());
        let mut peeling = Peeling { occupied, player, left, parked, removed, work };
        peeling.run(level, peel, PARK_TRIES, &mut walks);
        work = peeling.work;
        if best.as_ref().is_none_or(|b| stuck(&peeling) < stuck(b)) {
            best = Some(peeling);
        }
        if best.as_ref().is_some_and(|b| stuck(b) == 0) {
            break;
        }
    }
    best
}

/// The areas of the packed position a peel may start the player in.
const PLAYER_AREAS: usize = 4;

/// Squares a peel's walks may look at in all (a walk of the room for each state of a box's pulls): a
/// level too large for a whole peel packs the goals it could not peel first. The peel is made with the
/// search, not stepped: this bounds it (45 ms on the 64×64 level with 64 boxes, 32 of them left in the
/// room; a few ms on an XSokoban level, none of whose orders it changes).
const PEEL_WORK: usize = 12_000_000;

/// The parks a peel tries when it must park, each followed to the end, keeping the one that leaves the
/// fewest boxes in the room.
const PARK_TRIES: usize = 4;

/// A peel under way: the boxes still in the room, the goals still holding theirs, the boxes parked
/// (their pocket, the goal they came from), and the squares emptied so far, as (square, its box's goal).
#[derive(Clone)]
struct Peeling {
    occupied: Bits,
    left: Vec<u16>,
    parked: Vec<(u16, u16)>,
    removed: Vec<(u16, u16)>,
    /// A square of the player's area in the packed position.
    player: u16,
    /// What is left of [`PEEL_WORK`].
    work: usize,
}

impl Peeling {
    /// Takes boxes out of the room until none can come out or be parked; where it must park, tries the
    /// `tries` nearest parks, each followed to the end with one try a park.
    fn run(&mut self, level: &Level, peel: Peel, tries: usize, walks: &mut [Walk; 2]) {
        loop {
            // Parked boxes come out first (they are in the way), then the goals' as `peel` chooses.
            let walk = &mut walks[0];
            let occupied = self.occupied;
            // The player's region before any box moves, the same for every box pulled from here.
            if has(&occupied, self.player) {
                break;
            }
            let start = walk.fill(level, &occupied, self.player);
            let work = &mut self.work;
            *work = work.saturating_sub(level.rooms());
            let mut out = |at: u16| pull(level, (&occupied, start), at, out_of_goal_room, walk, work);
            if let Some(k) = self.parked.iter().position(|&(at, _)| out(at).is_some()) {
                let (pocket, goal) = self.parked.remove(k);
                take(&mut self.occupied, pocket);
                self.removed.push((pocket, goal));
                continue;
            }
            let mut pullable = self.left.iter().enumerate().filter_map(|(k, &g)| out(g).map(|(pulls, _)| (pulls, k)));
            let next = match peel {
                Peel::Nearest => pullable.min(),
                Peel::First => pullable.next(),
            };
            if let Some((_, k)) = next {
                let goal = self.left.remove(k);
                take(&mut self.occupied, goal);
                self.removed.push((goal, goal));
                continue;
            }
            let off_goal = |level: &Level, at: u16| !level.goal[at as usize];
            let mut parks: Vec<(usize, usize, u16)> = (self.left.iter().enumerate())
                .filter_map(|(k, &g)| {
                    pull(level, (&occupied, start), g, off_goal, walk, work).map(|(p, to)| (p, k, to))
                })
                .collect();
            parks.sort_unstable();
            let Some(&(_, mut k, mut pocket)) = parks.first() else { break };
            if tries > 1 && parks.len() > 1 {
                // Each of the nearest followed to the end; the first of those leaving the fewest in.
                let mut fewest = usize::MAX;
                for &(_, park_k, park_at) in parks.iter().take(tries) {
                    let mut then = self.clone();
                    then.park(park_k, park_at);
                    then.run(level, peel, 1, walks);
                    self.work = then.work;
                    if then.left.len() + then.parked.len() < fewest {
                        (fewest, k, pocket) = (then.left.len() + then.parked.len(), park_k, park_at);
                    }
                }
            }
            self.park(k, pocket);
        }
    }

    /// Parks the box of goal `left[k]` in `pocket`.
    fn park(&mut self, k: usize, pocket: u16) {
        let goal = self.left.remove(k);
        take(&mut self.occupied, goal);
        put(&mut self.occupied, pocket);
        self.parked.push((pocket, goal));
        self.removed.push((goal, goal));
    }
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

/// The fewest pulls that bring the box on `box_at` to a square `there` accepts, the other boxes of
/// `occupied` in place, the player starting in the area of `start` (its normal square among the boxes
/// `occupied`): the pulls and the square; `None` when it cannot get there or
/// `work` runs out (each state taken off the queue costs the room's squares).
fn pull(
    level: &Level,
    (occupied, start): (&Bits, u16),
    box_at: u16,
    there: impl Fn(&Level, u16) -> bool,
    walk: &mut Walk,
    work: &mut usize,
) -> Option<(usize, u16)> {
    let mut bits = *occupied;
    take(&mut bits, box_at);
    let mut seen: BTreeMap<(u16, u16), ()> = BTreeMap::new();
    // Breadth first: (the box's square, a square of the player's region, pulls so far). A state is known
    // by its region's normal square once taken off the queue, with the one walk that also finds its pulls
    // (a walk per pull to name the region first cost five walks a state).
    let mut queue: Vec<(u16, u16, usize)> = alloc::vec![(box_at, start, 0)];
    let mut head = 0;
    while let Some(&(at, player, pulls)) = queue.get(head) {
        head += 1;
        if seen.len() > PATH_STATES || *work < level.rooms() {
            return None;
        }
        *work -= level.rooms();
        put(&mut bits, at);
        let normal = walk.fill(level, &bits, player);
        if seen.insert((at, normal), ()).is_none() {
            for dir in Dir::ALL {
                // The player on the pull side steps back, the box follows.
                let side = level.next(at, dir);
                let back = if side == NONE { NONE } else { level.next(side, dir) };
                if back == NONE || !has(&walk.reached, side) || has(&bits, back) {
                    continue;
                }
                if there(level, side) {
                    return Some((pulls + 1, side));
                }
                queue.push((side, back, pulls + 1));
            }
        }
        take(&mut bits, at);
    }
    None
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
