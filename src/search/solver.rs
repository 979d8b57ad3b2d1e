//! One value that runs any algorithm of the core, chosen at run time (by the CLI, the C ABI, hints).

use super::anneal::{Annealing, Schedule};
use super::astar::{AStar, Priority};
use super::beam::Beam;
use super::bfs::Bfs;
use super::ida::IdaStar;
use super::local::HillClimbing;
use super::{Puzzle, Search, Stats, Status, Step};
use crate::memory::OutOfMemory;
use alloc::boxed::Box;
use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;

/// The algorithms a [`Solver`] can run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Algorithm {
    /// Breadth-first search, expanding no state deeper than `depth_limit` moves.
    Bfs {
        /// Deepest level expanded (`u32::MAX` for no limit).
        depth_limit: u32,
    },
    /// Steepest-ascent hill climbing on the puzzle's heuristic (a baseline that may get stuck).
    HillClimbing,
    /// Simulated annealing on the puzzle's heuristic (random moves, the Metropolis rule, a cooling
    /// schedule with restarts; not optimal, may give up).
    Anneal(Schedule),
    /// Greedy best-first search with OPEN/CLOSED lists (a baseline, not optimal).
    BestFirst,
    /// A\* (optimal with a heuristic the puzzle declares admissible).
    AStar,
    /// Weighted A\* with weight `num / den` (bounded suboptimal).
    WeightedAStar {
        /// Numerator of the weight.
        num: u32,
        /// Denominator of the weight.
        den: u32,
    },
    /// Beam search keeping the `width` best states of every depth (not optimal; memory width × depth).
    Beam {
        /// States kept a layer.
        width: u32,
    },
    /// Uniform-cost search (Dijkstra): optimal, ignores the heuristic.
    UniformCost,
    /// IDA\* (optimal with a heuristic the puzzle declares admissible, memory linear in the depth).
    IdaStar,
    /// A family's own exact method (such as linear algebra for flip panels), reached through
    /// `Family::recommended_solver`; `Solver::new` runs IDA\* for it, the only generic exact search
    /// that needs no memory bound.
    Exact,
}

impl Algorithm {
    /// The algorithms the demo compares, in order.
    pub const BASELINES: [Algorithm; 5] = [
        Algorithm::Bfs { depth_limit: u32::MAX },
        Algorithm::HillClimbing,
        Algorithm::BestFirst,
        Algorithm::AStar,
        Algorithm::IdaStar,
    ];

    /// Parses a name as printed by `Display`: `bfs`, `bfs:DEPTH`, `hill`, `anneal` (or
    /// `anneal:iterations=N,t_start=T,t_end=T,restarts=N,seed=N`, any of them), `best-first`, `astar`,
    /// `wastar:NUM/DEN` (or `wastar:W`), `beam:WIDTH` (or `beam`: width 1,000), `ucs`, `ida`, `exact`;
    /// `None` when it does not read ([`Algorithm::read`] says why).
    pub fn parse(text: &str) -> Option<Algorithm> {
        Algorithm::read(text).ok()
    }

    /// Reads a name as [`Algorithm::parse`] does, or says what is wrong: an unknown name (with the
    /// names), an argument out of its range (naming it and the range), a schedule key of annealing.
    pub fn read(text: &str) -> Result<Algorithm, String> {
        const NAMES: &str = "bfs[:DEPTH], hill, anneal[:SCHEDULE], best-first, astar, wastar[:NUM/DEN or :W], \
                             beam[:WIDTH], ucs, ida, exact";
        let text = text.trim();
        let (name, arg) = match text.split_once(':') {
            Some((n, a)) => (n.trim(), Some(a.trim())),
            None => (text, None),
        };
        let whole = |what: &str, value: &str, range: &str| -> Result<u32, String> {
            value.parse().map_err(|_| format!("{name}: {what} is '{value}': a whole number from {range}"))
        };
        let algorithm = match (name, arg) {
            ("bfs", None) => Algorithm::Bfs { depth_limit: u32::MAX },
            ("bfs", Some(depth)) => Algorithm::Bfs { depth_limit: whole("the depth", depth, "0 to 4294967295")? },
            ("hill" | "hill-climbing", None) => Algorithm::HillClimbing,
            ("anneal" | "annealing", None) => Algorithm::Anneal(Schedule::default()),
            ("anneal" | "annealing", Some(schedule)) => Algorithm::Anneal(
                Schedule::read_over(Schedule::default(), schedule).map_err(|why| format!("anneal: {why}"))?,
            ),
            ("best-first" | "greedy", None) => Algorithm::BestFirst,
            ("astar" | "a*", None) => Algorithm::AStar,
            ("wastar", weight) => {
                let (num, den) = match weight.map(|w| w.split_once('/')) {
                    None => (2, 1),
                    Some(Some((n, d))) => (
                        whole("the weight's numerator", n.trim(), "0 to 4294967295")?,
                        whole("the weight's denominator", d.trim(), "1 to 4294967295")?,
                    ),
                    Some(None) => (whole("the weight", weight.unwrap_or_default(), "0 to 4294967295")?, 1),
                };
                if den == 0 {
                    return Err(String::from("wastar: the weight's denominator is 0: 1 to 4294967295"));
                }
                Algorithm::WeightedAStar { num, den }
            }
            ("beam", None) => Algorithm::Beam { width: 1000 },
            ("beam", Some(width)) => {
                let width = whole("the width", width, "1 to 4294967295")?;
                if width == 0 {
                    return Err(String::from("beam: the width is 0: 1 to 4294967295 states a depth"));
                }
                Algorithm::Beam { width }
            }
            ("ucs" | "dijkstra", None) => Algorithm::UniformCost,
            ("ida" | "idastar" | "ida*", None) => Algorithm::IdaStar,
            ("exact", None) => Algorithm::Exact,
            (
                "hill" | "hill-climbing" | "best-first" | "greedy" | "astar" | "a*" | "ucs" | "dijkstra" | "ida"
                | "idastar" | "ida*" | "exact",
                Some(arg),
            ) => return Err(format!("{name} takes no argument, but ':{arg}' was given")),
            _ => return Err(format!("unknown algorithm '{text}' (the algorithms: {NAMES})")),
        };
        Ok(algorithm)
    }

    /// Whether the solution it finds is optimal: given a heuristic the puzzle declares admissible for
    /// A\* and IDA\*, unit move costs for breadth-first search ([`Solver::solution_is_optimal`] tells
    /// for a run).
    pub fn is_optimal(self) -> bool {
        matches!(
            self,
            Algorithm::Bfs { .. } | Algorithm::AStar | Algorithm::UniformCost | Algorithm::IdaStar | Algorithm::Exact
        )
    }
}

impl fmt::Display for Algorithm {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Algorithm::Bfs { depth_limit: u32::MAX } => f.write_str("bfs"),
            Algorithm::Bfs { depth_limit } => write!(f, "bfs:{depth_limit}"),
            Algorithm::HillClimbing => f.write_str("hill"),
            Algorithm::Anneal(schedule) if schedule == Schedule::default() => f.write_str("anneal"),
            Algorithm::Anneal(schedule) => write!(f, "anneal:{schedule}"),
            Algorithm::BestFirst => f.write_str("best-first"),
            Algorithm::AStar => f.write_str("astar"),
            Algorithm::WeightedAStar { num, den } => write!(f, "wastar:{num}/{den}"),
            Algorithm::Beam { width } => write!(f, "beam:{width}"),
            Algorithm::UniformCost => f.write_str("ucs"),
            Algorithm::IdaStar => f.write_str("ida"),
            Algorithm::Exact => f.write_str("exact"),
        }
    }
}

enum Engine<P: Puzzle> {
    Bfs(Bfs<P>),
    Hill(HillClimbing<P>),
    Anneal(Annealing<P>),
    Best(Box<AStar<P>>),
    Ida(IdaStar<P>),
    Beam(Box<Beam<P>>),
    /// A family's own search (for example IDA* over a pattern-database view of the puzzle).
    Custom(Box<dyn Search<P> + Send>),
}

/// Any algorithm of the core behind one stepped interface. Memory is reserved at creation for
/// `node_cap` nodes (for IDA\*: stack entries; for hill climbing and annealing: path moves).
pub struct Solver<P: Puzzle> {
    algorithm: Algorithm,
    engine: Engine<P>,
    /// Expansions allowed per run (`u64::MAX` for no limit); reaching it ends the run as `OutOfNodes`.
    expansion_limit: u64,
    limited: bool,
}

impl<P: Puzzle> Solver<P> {
    /// Creates a solver, reserving all the memory it will use (about [`Solver::bytes_for`] bytes), or
    /// says how many bytes could not be reserved.
    pub fn new(algorithm: Algorithm, node_cap: usize) -> Result<Self, OutOfMemory> {
        let best = |priority| Ok::<_, OutOfMemory>(Engine::Best(Box::new(AStar::new(priority, node_cap)?)));
        let engine = match algorithm {
            Algorithm::Bfs { depth_limit } => Bfs::new(node_cap, depth_limit).map(Engine::Bfs),
            Algorithm::HillClimbing => HillClimbing::new(node_cap).map(Engine::Hill),
            Algorithm::Anneal(schedule) => Annealing::new(schedule, node_cap).map(Engine::Anneal),
            Algorithm::BestFirst => best(Priority::Greedy),
            Algorithm::AStar => best(Priority::AStar),
            Algorithm::WeightedAStar { num, den } => best(Priority::Weighted { num, den }),
            Algorithm::UniformCost => best(Priority::Uniform),
            Algorithm::Beam { width } => Beam::new(width as usize, node_cap).map(|b| Engine::Beam(Box::new(b))),
            Algorithm::IdaStar | Algorithm::Exact => IdaStar::new(node_cap).map(Engine::Ida),
        };
        // Report the whole reservation, not the part that failed: that is what the caller sizes.
        let engine = engine.map_err(|_| OutOfMemory { bytes: Self::bytes_for(algorithm, node_cap) })?;
        Ok(Solver { algorithm, engine, expansion_limit: u64::MAX, limited: false })
    }

    /// Bytes [`Solver::new`] reserves for `algorithm` with `node_cap` (for IDA\*: stack entries; for
    /// hill climbing and annealing: path moves), so that a game can size its cap.
    pub fn bytes_for(algorithm: Algorithm, node_cap: usize) -> usize {
        match algorithm {
            Algorithm::Bfs { .. } => Bfs::<P>::bytes_for(node_cap),
            Algorithm::HillClimbing => HillClimbing::<P>::bytes_for(node_cap),
            Algorithm::Anneal(_) => Annealing::<P>::bytes_for(node_cap),
            Algorithm::IdaStar | Algorithm::Exact => IdaStar::<P>::bytes_for(node_cap),
            Algorithm::Beam { width } => Beam::<P>::bytes_for(width as usize, node_cap),
            _ => AStar::<P>::bytes_for(node_cap),
        }
    }

    /// A solver around a family's own search; `algorithm` says what it is (for names and optimality).
    pub fn custom(algorithm: Algorithm, search: Box<dyn Search<P> + Send>) -> Self {
        Solver { algorithm, engine: Engine::Custom(search), expansion_limit: u64::MAX, limited: false }
    }

    /// The same solver, ending a run with [`Status::OutOfNodes`] after `limit` node expansions (or its
    /// own lower limit): the caller's cap on time for searches that need little memory (IDA\*) but may
    /// run long.
    pub fn with_expansion_limit(mut self, limit: u64) -> Self {
        self.expansion_limit = self.expansion_limit.min(limit);
        self
    }

    /// Sets the expansion limit of the runs (`u64::MAX` for none), replacing the one set before.
    pub fn set_expansion_limit(&mut self, limit: u64) {
        self.expansion_limit = limit;
    }

    /// The expansion limit of a run (`u64::MAX` for none).
    pub fn expansion_limit(&self) -> u64 {
        self.expansion_limit
    }

    /// The algorithm this solver runs.
    pub fn algorithm(&self) -> Algorithm {
        self.algorithm
    }

    /// Whether the solution found is the shortest: the algorithm is optimal and the run proved it (for
    /// A\* and IDA\*, with a heuristic the puzzle declares admissible).
    pub fn solution_is_optimal(&self) -> bool {
        self.algorithm.is_optimal() && self.search().proven_optimal()
    }

    /// Whether the solutions this solver finds for `puzzle` are shortest, as far as can be told before
    /// it runs: the algorithm is exact and, where `puzzle`'s heuristic guides it, the puzzle declares that
    /// heuristic admissible. A run may still prove less ([`Solver::solution_is_optimal`] says after it).
    pub fn is_exact_for(&self, puzzle: &P) -> bool {
        let guided = match self.algorithm {
            Algorithm::AStar | Algorithm::IdaStar => true,
            // A family's own exact search vouches for itself; without one, `Exact` runs IDA*.
            Algorithm::Exact => !matches!(self.engine, Engine::Custom(_)),
            _ => false,
        };
        self.algorithm.is_optimal() && (!guided || puzzle.heuristic_is_admissible())
    }

    fn search(&self) -> &dyn Search<P> {
        match &self.engine {
            Engine::Bfs(s) => s,
            Engine::Hill(s) => s,
            Engine::Anneal(s) => s,
            Engine::Best(s) => s.as_ref(),
            Engine::Ida(s) => s,
            Engine::Beam(s) => s.as_ref(),
            Engine::Custom(s) => s.as_ref(),
        }
    }

    fn search_mut(&mut self) -> &mut dyn Search<P> {
        match &mut self.engine {
            Engine::Bfs(s) => s,
            Engine::Hill(s) => s,
            Engine::Anneal(s) => s,
            Engine::Best(s) => s.as_mut(),
            Engine::Ida(s) => s,
            Engine::Beam(s) => s.as_mut(),
            Engine::Custom(s) => s.as_mut(),
        }
    }
}

impl<P: Puzzle> Search<P> for Solver<P> {
    fn restart(&mut self, puzzle: &P, start: P::State) {
        self.limited = false;
        self.search_mut().restart(puzzle, start)
    }

    /// A budget of 0 counts as 1, as for every stepped call: each call makes progress.
    fn step(&mut self, puzzle: &P, budget: u32) -> Step {
        let budget = budget.max(1);
        let left = self.expansion_limit.saturating_sub(self.search().stats().expanded);
        if self.limited || left == 0 && self.search().status() == Status::InProgress {
            self.limited = true;
            return Step::new(Status::OutOfNodes, 0);
        }
        let step = self.search_mut().step(puzzle, budget.min(left.min(u32::MAX as u64) as u32));
        // A step that reached the limit says so at once, not on the next call.
        if step.status == Status::InProgress && self.search().stats().expanded >= self.expansion_limit {
            self.limited = true;
            return Step::new(Status::OutOfNodes, step.work);
        }
        step
    }

    fn status(&self) -> Status {
        if self.limited {
            Status::OutOfNodes
        } else {
            self.search().status()
        }
    }

    fn stats(&self) -> Stats {
        self.search().stats()
    }

    fn write_path(&self, out: &mut Vec<(P::Move, P::State)>) {
        self.search().write_path(out)
    }

    fn proven_optimal(&self) -> bool {
        self.search().proven_optimal()
    }

    fn write_closest(&self, out: &mut Vec<(P::Move, P::State)>) -> bool {
        self.search().write_closest(out)
    }

    fn phase(&self) -> Option<&'static str> {
        self.search().phase()
    }

    fn set_waypoints(&mut self, puzzle: &P, start: Option<&P::State>, plan: &[(P::Move, P::State)]) -> bool {
        self.search_mut().set_waypoints(puzzle, start, plan)
    }
}
