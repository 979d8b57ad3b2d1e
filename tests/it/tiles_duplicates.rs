//! The duplicate-path automaton of the 4×4 puzzle against brute force: every state within a few moves of
//! any start keeps an unpruned path as short as its breadth-first distance (so IDA* with the automaton
//! stays exact), and the automaton does prune.

use lphint::families::tiles::duplicates::Automaton;
use lphint::families::tiles::pdb::DUPLICATE_MOVES;
use std::collections::HashMap;

/// A 4×4 arrangement as one nibble a cell, with its blank's cell.
type State = (u64, u8);

/// The cell next to `blank` in direction `mv` (0 up, 1 down, 2 left, 3 right), if on the board.
fn neighbour(blank: u8, mv: u8) -> Option<u8> {
    let (r, c) = (blank / 4, blank % 4);
    match mv {
        0 if r > 0 => Some(blank - 4),
        1 if r < 3 => Some(blank + 4),
        2 if c > 0 => Some(blank - 1),
        3 if c < 3 => Some(blank + 1),
        _ => None,
    }
}

fn slide((cells, blank): State, to: u8) -> State {
    let tile = (cells >> (4 * to)) & 15;
    (cells & !(15 << (4 * to)) | tile << (4 * blank), to)
}

fn start(blank: u8) -> State {
    // Distinct labels, blank (0) on `blank`.
    let mut cells = 0u64;
    let mut label = 1u64;
    for cell in 0..16u8 {
        if cell != blank {
            cells |= label << (4 * cell);
            label += 1;
        }
    }
    (cells, blank)
}

/// Breadth-first distances from `root` up to `depth` moves.
fn distances(root: State, depth: u32) -> HashMap<State, u32> {
    let mut seen = HashMap::from([(root, 0)]);
    let mut layer = vec![root];
    for d in 1..=depth {
        let mut next = Vec::new();
        for s in layer {
            for to in (0..4).filter_map(|mv| neighbour(s.1, mv)) {
                let child = slide(s, to);
                seen.entry(child).or_insert_with(|| {
                    next.push(child);
                    d
                });
            }
        }
        layer = next;
    }
    seen
}

/// The least length of an unpruned path from `root` to every state it reaches within `depth` moves, and
/// the number of unpruned paths of exactly `depth` moves.
fn unpruned(automaton: &Automaton, root: State, depth: u32) -> (HashMap<State, u32>, u64) {
    fn walk(a: &Automaton, s: State, path: u16, g: u32, depth: u32, best: &mut HashMap<State, u32>, full: &mut u64) {
        let least = best.entry(s).or_insert(g);
        *least = (*least).min(g);
        if g == depth {
            *full += 1;
            return;
        }
        for mv in 0..4 {
            let Some(to) = neighbour(s.1, mv) else { continue };
            let next = a.next(path, mv);
            if next != Automaton::PRUNED {
                walk(a, slide(s, to), next, g + 1, depth, best, full);
            }
        }
    }
    let (mut best, mut full) = (HashMap::new(), 0);
    walk(automaton, root, 0, 0, depth, &mut best, &mut full);
    (best, full)
}

#[test]
fn every_state_keeps_a_shortest_unpruned_path_from_every_start() {
    let automaton = Automaton::build(DUPLICATE_MOVES).expect("the tables' length is allowed");
    // Depth 14 reaches the automaton's longest strings (and the 2×2 rotation cycles of 12 moves).
    let depth = 14;
    for blank in 0..16 {
        let root = start(blank);
        let exact = distances(root, depth);
        let (reached, _) = unpruned(&automaton, root, depth);
        for (state, distance) in &exact {
            assert_eq!(
                reached.get(state),
                Some(distance),
                "blank {blank}: a state at distance {distance} lost its shortest path"
            );
        }
        assert_eq!(reached.len(), exact.len(), "blank {blank}: unpruned paths reach only states within the depth");
    }
    // The check can fail: an automaton that also refuses a first move up loses states.
    let mut wrong = automaton.transitions().to_vec();
    wrong[0] = Automaton::PRUNED;
    let wrong = Automaton::from_transitions(wrong).unwrap();
    let root = start(5);
    let (reached, _) = unpruned(&wrong, root, 6);
    assert!(distances(root, 6).keys().any(|s| !reached.contains_key(s)));
}

#[test]
fn the_automaton_prunes_a_third_of_long_paths_and_parent_pruning_only_reversals() {
    let root = start(5);
    let (_, all) = unpruned(&Automaton::parent_only(), root, 16);
    let (_, kept) = unpruned(&Automaton::build(DUPLICATE_MOVES).unwrap(), root, 16);
    assert!(kept * 10 < all * 8, "{kept} of {all} paths of 16 moves kept");
    // Parent pruning: a move is refused exactly when it undoes the previous one.
    let parent = Automaton::parent_only();
    for first in 0..4u8 {
        let state = parent.next(0, first);
        assert_ne!(state, Automaton::PRUNED);
        for second in 0..4u8 {
            let undoes = first ^ second == 1;
            assert_eq!(parent.next(state, second) == Automaton::PRUNED, undoes, "{first} then {second}");
        }
    }
}

#[test]
fn transitions_round_trip_and_bad_ones_are_refused() {
    let automaton = Automaton::build(10).unwrap();
    let again = Automaton::from_transitions(automaton.transitions().to_vec()).expect("valid transitions");
    assert_eq!(again, automaton);
    let mut out_of_range = automaton.transitions().to_vec();
    out_of_range[5] = automaton.states() as u16;
    assert!(Automaton::from_transitions(out_of_range).is_none());
    assert!(Automaton::from_transitions(vec![0, 0, 0]).is_none(), "not four a state");
    assert!(Automaton::from_transitions(Vec::new()).is_none(), "no start state");
    assert!(Automaton::build(15).is_none(), "more states than 16-bit transitions hold");
}
