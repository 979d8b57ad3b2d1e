//! Helpers shared by the integration tests.
#![allow(dead_code)]

pub mod abi;
pub mod counting;
pub mod native;
pub mod oracle;
pub mod space;

use lphint::families::tiles::{Board, Tiles};
use lphint::family::Family;
use lphint::search::bfs::Bfs;
use lphint::search::{Puzzle, Search, Status};
use rand::{RngExt, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use std::sync::OnceLock;

/// The hints the Rust API gives for `desc` at `budget` per frame, played to the end, as
/// `piece/from/to/arg` separated by spaces (what the bindings' tests print to be compared).
pub fn rust_hints(desc: &str, budget: u32) -> String {
    let mut game = lphint::registry::parse(desc).unwrap();
    let mut moves = Vec::new();
    loop {
        match game.next_hint(budget) {
            Err(Status::InProgress) => continue,
            Ok(hint) => {
                let m = hint.mv;
                moves.push(format!("{}/{}/{}/{}", m.piece, m.from, m.to, m.arg));
                game.apply(&m).unwrap();
            }
            Err(Status::AlreadySolved) => break,
            other => panic!("{desc}: {other:?}"),
        }
    }
    moves.join(" ")
}

/// A deterministic generator.
pub fn rng(seed: u64) -> Xoshiro256PlusPlus {
    Xoshiro256PlusPlus::seed_from_u64(seed)
}

/// The 8-puzzle with the default goal and its complete BFS distance table (built once, for every test).
pub fn eight_puzzle() -> &'static (Tiles, Bfs<Tiles>) {
    static TABLE: OnceLock<(Tiles, Bfs<Tiles>)> = OnceLock::new();
    TABLE.get_or_init(|| {
        let puzzle = Tiles::parse("tiles:3x3:1,2,3,4,5,6,7,8,0").unwrap();
        let mut bfs = Bfs::explorer(200_000).unwrap();
        bfs.restart(&puzzle, puzzle.goal());
        assert_eq!(bfs.run(&puzzle), Status::Unsolvable, "exploration ends when nothing is left");
        (puzzle, bfs)
    })
}

/// A uniformly random state of the 8-puzzle that can reach the goal.
pub fn random_eight_state(rng: &mut Xoshiro256PlusPlus) -> Board {
    let (_, table) = eight_puzzle();
    let index = rng.random_range(0..table.len());
    *table.distances().nth(index).unwrap().0
}

/// The state after `steps` random moves from `state`.
pub fn random_walk<P: Puzzle>(puzzle: &P, mut state: P::State, steps: usize, rng: &mut Xoshiro256PlusPlus) -> P::State {
    for _ in 0..steps {
        let mut next = Vec::new();
        puzzle.successors(&state, |_, s, _| next.push(s));
        state = next[rng.random_range(0..next.len())];
    }
    state
}

/// Korf's instances `(id, optimal length, puzzle)` from the copy in `data/`.
pub fn korf(ids: &[usize]) -> Vec<(usize, usize, Tiles)> {
    instances("korf100.txt", 4, ids)
}

/// Korf and Felner's random 24-puzzles `(id, optimal length, puzzle)` from the copy in `data/`.
pub fn korf24(ids: &[usize]) -> Vec<(usize, usize, Tiles)> {
    instances("korf24.txt", 5, ids)
}

/// Instances `id optimum cells…` of a `side`×`side` board whose goal has the blank top-left.
fn instances(file: &str, side: u8, ids: &[usize]) -> Vec<(usize, usize, Tiles)> {
    let path = format!("{}/data/{file}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(path).unwrap();
    let goal: Vec<u8> = (0..side * side).collect();
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| l.split_whitespace().map(|f| f.parse::<usize>().unwrap()).collect::<Vec<_>>())
        .filter(|f| ids.contains(&f[0]))
        .map(|f| {
            let cells: Vec<u8> = f[2..].iter().map(|&t| t as u8).collect();
            (f[0], f[1], Tiles::new(side, side, &cells, Some(&goal)).unwrap())
        })
        .collect()
}

/// Serialized tables cut short or with a bit flipped anywhere are refused as corrupt, and a newer format
/// version (bytes 4-5, after the magic) as such, by `load`.
pub fn assert_damage_is_detected<T: std::fmt::Debug>(
    bytes: &[u8],
    flips: &[usize],
    load: impl Fn(&[u8]) -> Result<T, lphint::envelope::DataError>,
) {
    use lphint::envelope::DataError;
    for cut in [0, 3, 4, 9, 1000, bytes.len() / 2, bytes.len() - 1] {
        assert!(matches!(load(&bytes[..cut]), Err(DataError::Corrupt(_))), "cut at {cut}");
    }
    for &at in flips.iter().chain(&[0, 7, 30, bytes.len() - 10, bytes.len() - 1]) {
        let mut damaged = bytes.to_vec();
        damaged[at] ^= 0x10;
        assert!(matches!(load(&damaged), Err(DataError::Corrupt(_))), "bit flip at {at}");
    }
    let mut newer = bytes.to_vec();
    newer[4] = 9;
    assert!(matches!(load(&newer), Err(DataError::Version(9))));
}

/// Every table kind of every family of the registry, built once for all the tests with its default
/// parameters (each kind on its own thread: the pattern databases take seconds each), with its family's
/// id. The conformance suite hands them to every session; the tiles generator's tests take the 4x4
/// pattern databases from here rather than building them again.
pub fn default_tables() -> &'static [(u32, lphint::tables::Tables)] {
    use lphint::params::Values;
    use lphint::registry;
    static BUILT: OnceLock<Vec<(u32, lphint::tables::Tables)>> = OnceLock::new();
    BUILT.get_or_init(|| {
        std::thread::scope(|scope| {
            let handles: Vec<_> = registry::families()
                .iter()
                .flat_map(|e| e.tables.iter().map(move |k| (e.id, k)))
                .map(|(id, kind)| {
                    scope.spawn(move || {
                        let bytes = (kind.build)(&Values::defaults(kind.params), &lphint::tables::InTurn).unwrap();
                        (id, registry::load_tables(&bytes).unwrap())
                    })
                })
                .collect();
            handles.into_iter().map(|h| h.join().unwrap()).collect()
        })
    })
}

/// The 6-6-3 pattern databases for the default 4x4 goal (blank bottom-right): the `pdb` kind of
/// [`default_tables`].
pub fn fifteen_tables() -> lphint::tables::Tables {
    default_tables().iter().map(|(_, t)| t).find(|t| t.kind().name == "pdb").expect("the pdb kind").clone()
}
