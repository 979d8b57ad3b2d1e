//! Partial hints (`AnySession::partial_hint`, `lp_partial_hint`): when a hint search runs out of nodes,
//! the first move toward the position closest to the goal it reached, labelled as partial — for the
//! searches that keep one (IDA*, breadth-first, A*) — and none before any search or from a search that
//! got nowhere closer.

use lphint::family::PARTIAL;
use lphint::registry;
use lphint::search::Status;
use lphint::status::Shortfall;

/// Asks hints of `budget` nodes until the node limit `limit` ends the search, then the partial hint.
fn partial_after_running_out(desc: &str, limit: u64, budget: u32) -> Box<dyn lphint::session::AnySession> {
    let mut game = registry::parse(desc).unwrap();
    assert_eq!(game.partial_hint().unwrap_err(), Status::NotFound(Shortfall::NoCloser), "{desc}: no search yet");
    game.set_node_limit(limit);
    let status = loop {
        match game.next_hint(budget) {
            Err(Status::InProgress) => continue,
            other => break other,
        }
    };
    assert_eq!(status.unwrap_err(), Status::OutOfNodes, "{desc}");
    game
}

#[test]
fn a_search_out_of_nodes_hands_back_its_closest_position_s_first_move() {
    for (desc, limit) in [
        // IDA* (4x4 tiles without tables, 46 moves): far from a solution after 3,000 nodes.
        ("tiles:4x4:3,14,9,11,5,4,8,2,13,12,6,7,10,1,15,0:0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15", 3_000),
        // Breadth-first search (sliding blocks, Huarong Dao counted in single steps: 116 moves), whose
        // estimate (the goal block's distance) tells positions apart. Under the free count every unsolved
        // position is 1 away by the estimate, so nothing is closer than the start: no partial hint.
        ("blocks:4x5:BAAC/BAAC/DEEF/DGHF/I..J:A@3,1:step", 20_000),
    ] {
        let mut game = partial_after_running_out(desc, limit, 300);
        let start_h = game.heuristic();
        let hint = game.partial_hint().unwrap_or_else(|s| panic!("{desc}: {}", s.name()));
        assert_eq!(hint.reason, PARTIAL);
        assert!(!hint.optimal && hint.moves_left >= 1, "{desc}: {hint:?}");
        let text = game.hint_text().unwrap();
        assert!(text.contains("toward the position closest to the goal"), "{desc}: {text}");
        assert!(!game.hint_cells().unwrap_or_default().is_empty(), "{desc}: cells");
        // The move is legal, and the position it leads toward is closer by the estimate than the start.
        assert!(hint.moves_left > start_h.min(1), "{desc}");
        game.apply(&hint.mv).unwrap_or_else(|e| panic!("{desc}: {e}"));
    }
}

#[test]
fn a_search_that_found_its_plan_or_got_nowhere_closer_has_no_partial_hint() {
    // A plan found: the hint is the plan's, and no partial one is kept for a position with a plan.
    let mut game = registry::parse("tiles:3x3:1,2,3,4,5,6,0,7,8").unwrap();
    while game.next_hint(100) == Err(Status::InProgress) {}
    let first = game.next_hint(100).unwrap().mv;
    game.apply(&first).unwrap();
    assert_eq!(game.partial_hint().unwrap_err(), Status::NotFound(Shortfall::NoCloser));
    // An estimate that cannot tell unsolved positions apart (free count: 1 for each): none is closer.
    let mut game = partial_after_running_out("blocks:4x5:BAAC/BAAC/DEEF/DGHF/I..J:A@3,1", 2_000, 300);
    assert_eq!(game.partial_hint().unwrap_err(), Status::NotFound(Shortfall::NoCloser));
}

#[test]
fn the_closest_path_replays_to_a_position_the_estimate_puts_nearer_the_goal() {
    use lphint::families::blocks::Blocks;
    use lphint::family::Family;
    use lphint::search::astar::{AStar, Priority};
    use lphint::search::bfs::Bfs;
    use lphint::search::ida::IdaStar;
    use lphint::search::{Puzzle, Search};
    fn check<P: Puzzle, S: Search<P>>(puzzle: &P, start: P::State, search: &mut S, what: &str) {
        search.restart(puzzle, start);
        assert_eq!(search.run(puzzle), Status::OutOfNodes, "{what}");
        let mut path = Vec::new();
        assert!(search.write_closest(&mut path), "{what}: a closest position");
        let end = path.iter().try_fold(start, |s, (mv, next)| {
            let after = puzzle.apply(&s, mv)?;
            (after == *next).then_some(after)
        });
        let end = end.unwrap_or_else(|| panic!("{what}: the path replays"));
        assert!(puzzle.heuristic(&end) < puzzle.heuristic(&start), "{what}");
    }
    let blocks = Blocks::parse("blocks:4x5:BAAC/BAAC/DEEF/DGHF/I..J:A@3,1:step").unwrap();
    check(&blocks, Family::start(&blocks), &mut Bfs::<Blocks>::new(5_000, u32::MAX).unwrap(), "breadth-first");
    check(&blocks, Family::start(&blocks), &mut AStar::<Blocks>::new(Priority::AStar, 5_000).unwrap(), "A*");
    check(&blocks, Family::start(&blocks), &mut IdaStar::<Blocks>::new(30).unwrap(), "IDA*");
}
