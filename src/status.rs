//! One vocabulary for where every long operation stands — searches, hints, generators, the genetic
//! algorithm — mapped to the C ABI's `LpStatus` in one place (`ffi::glue`).

/// Where a long operation stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Status {
    /// Not finished: step again (next frame).
    InProgress,
    /// Finished with a result: a solution, a hint, a puzzle, a full cover.
    Found,
    /// The position is already solved: there is nothing to do.
    AlreadySolved,
    /// Proven: no solution exists from the position (or no further one, for a search that counts).
    Unsolvable,
    /// A node cap or a work limit was reached before an answer.
    OutOfNodes,
    /// Finished without a result and without a proof that there is none; the detail says why.
    NotFound(Shortfall),
    /// Memory could not be reserved.
    OutOfMemory,
}

/// Why an operation finished without a result and without a proof.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Shortfall {
    /// A local search stopped at a state with no better neighbour (hill climbing's known failure).
    Stuck,
    /// A depth-limited search ran out of states within its limit.
    DepthLimit,
    /// The genetic algorithm ran every generation without a perfect individual.
    Generations,
    /// Simulated annealing cooled down on every walk without reaching the goal.
    Cooled,
    /// A generator drew its limit of candidates in a row without a new one in the band.
    Misses,
    /// Every result has been handed out: the band holds no more distinct puzzles.
    NoMore,
    /// What was found did not pass a requirement (a second solution where one is required).
    Rejected,
    /// No partial result: no search ran from the position, or none reached a state closer to a goal.
    NoCloser,
    /// No solution is known from the start to prove (a puzzle not from a pack or a generator).
    NoPlan,
    /// The position holds parts that no solution has (a segment drawn wrong): deductions from it would
    /// build on them, so none is made until they are taken off.
    Mistakes,
}

impl Status {
    /// Whether the operation has finished (anything but [`Status::InProgress`]).
    pub fn is_done(self) -> bool {
        self != Status::InProgress
    }

    /// A short lower-case name, stable for JSON and logs (`found`, `unsolvable`, `stuck`, …).
    pub fn name(self) -> &'static str {
        match self {
            Status::InProgress => "in_progress",
            Status::Found => "found",
            Status::AlreadySolved => "already_solved",
            Status::Unsolvable => "unsolvable",
            Status::OutOfNodes => "out_of_nodes",
            Status::NotFound(Shortfall::Stuck) => "stuck",
            Status::NotFound(Shortfall::DepthLimit) => "depth_limit",
            Status::NotFound(Shortfall::Generations) => "generations",
            Status::NotFound(Shortfall::Cooled) => "cooled",
            Status::NotFound(Shortfall::Misses) => "misses",
            Status::NotFound(Shortfall::NoMore) => "no_more",
            Status::NotFound(Shortfall::Rejected) => "rejected",
            Status::NotFound(Shortfall::NoCloser) => "no_closer",
            Status::NotFound(Shortfall::Mistakes) => "mistakes",
            Status::NotFound(Shortfall::NoPlan) => "no_plan",
            Status::OutOfMemory => "out_of_memory",
        }
    }

    /// Whether the question is answered either way: a result, nothing to do, or a proof that there is none.
    pub fn is_answer(self) -> bool {
        matches!(self, Status::Found | Status::AlreadySolved | Status::Unsolvable)
    }
}

/// What one call of a stepped operation did: where it stands and the work it spent (node expansions,
/// placements or evaluations: the budget's unit), so that callers need not count it themselves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Step {
    /// Where the operation stands after the call.
    pub status: Status,
    /// Units of the budget spent by the call.
    pub work: u32,
}

impl Step {
    /// A call that ended on `status` after `work` units.
    pub fn new(status: Status, work: u32) -> Step {
        Step { status, work }
    }
}
