//! Whole-cluster analysis of a puzzle whose every move can be undone (sliding blocks, sliding tiles):
//! every state reachable from a start, and the distance of each to the nearest solved state, by a
//! multi-source breadth-first search from all the solved states of the cluster at once (moves being
//! reversible, the distance from the solved states is the distance to them).

use super::bfs::Bfs;
use super::{Puzzle, Search, Status};
use crate::memory;
use alloc::vec::Vec;

/// What the analysis of a cluster found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cluster<S> {
    /// States reachable from the start (the start included).
    pub states: usize,
    /// Those of them that are solved.
    pub goal_states: usize,
    /// `histogram[d]`: states at distance `d` from the nearest solved state.
    pub histogram: Vec<u64>,
    /// Distance of the start to the nearest solved state (`None` when the cluster has none).
    pub start_distance: Option<u32>,
    /// Some of the states farthest from every solved state (at most the number asked for).
    pub farthest: Vec<S>,
    /// Node expansions of both passes.
    pub expanded: u64,
    /// Bytes reserved.
    pub bytes: usize,
}

impl<S> Cluster<S> {
    /// The largest distance to a solved state (`None` when the cluster has no solved state).
    pub fn farthest_distance(&self) -> Option<u32> {
        (self.goal_states > 0).then(|| self.histogram.len().saturating_sub(1) as u32)
    }
}

/// Analyses the cluster of `start`: enumerates it with the moves of `enumerate` (any puzzle with the same
/// reachable states, such as one counting single steps, which are cheaper to generate), then measures
/// distances to the nearest solved state with the moves of `measure`. Stores at most `node_cap` states;
/// a larger cluster is `Err(OutOfNodes)`, memory that cannot be reserved `Err(OutOfMemory)`. Keeps up to
/// `farthest` of the farthest states.
pub fn analyze<P: Puzzle>(
    enumerate: &P,
    measure: &P,
    start: P::State,
    node_cap: usize,
    farthest: usize,
) -> Result<Cluster<P::State>, Status> {
    let mut explorer = Bfs::<P>::explorer(node_cap).map_err(|_| Status::OutOfMemory)?;
    explorer.restart(enumerate, start);
    match explorer.run(enumerate) {
        Status::Unsolvable => {}
        other => return Err(other),
    }
    let n = explorer.len();
    let mut distance: Vec<u32> = memory::with_capacity(n).map_err(|_| Status::OutOfMemory)?;
    let mut queue: Vec<u32> = memory::with_capacity(n).map_err(|_| Status::OutOfMemory)?;
    for i in 0..n {
        let solved = measure.is_goal(explorer.state_at(i));
        distance.push(if solved { 0 } else { u32::MAX });
        if solved {
            queue.push(i as u32);
        }
    }
    let goal_states = queue.len();
    let mut head = 0;
    let mut expanded = explorer.stats().expanded;
    while head < queue.len() {
        let at = queue[head] as usize;
        head += 1;
        expanded += 1;
        let next = distance[at] + 1;
        measure.successors(explorer.state_at(at), |_, child, _| {
            if let Some(j) = explorer.index_of(&child) {
                if distance[j] == u32::MAX {
                    distance[j] = next;
                    queue.push(j as u32);
                }
            }
        });
    }
    let mut histogram = Vec::new();
    for &d in distance.iter().filter(|&&d| d != u32::MAX) {
        if histogram.len() <= d as usize {
            histogram.resize(d as usize + 1, 0);
        }
        histogram[d as usize] += 1;
    }
    let top = histogram.len().saturating_sub(1) as u32;
    let farthest: Vec<P::State> = if goal_states == 0 {
        Vec::new()
    } else {
        (0..n).filter(|&i| distance[i] == top).take(farthest).map(|i| *explorer.state_at(i)).collect()
    };
    let bytes = explorer.stats().bytes_reserved + n * 2 * core::mem::size_of::<u32>();
    Ok(Cluster {
        states: n,
        goal_states,
        histogram,
        start_distance: (distance[0] != u32::MAX).then_some(distance[0]),
        farthest,
        expanded,
        bytes,
    })
}
