//! Sliding-blocks generation by band of optimal moves: a 2×2 goal block and random dominoes and single
//! cells packed around it, blocks taken out until the board has the empty cells asked for; rated by
//! breadth-first search under the chosen count.

use super::{BlockSpec, Blocks, Count, Shape, Terrain, MAX_BLOCKS, MAX_SIDE};
use crate::generate::Generate;
use crate::memory::OutOfMemory;
use crate::params::{Kind, Preset, Spec, Values};
use alloc::string::String;
use alloc::vec;
use alloc::vec::Vec;
use rand::seq::SliceRandom;
use rand::RngExt;
use rand_xoshiro::Xoshiro256PlusPlus;

/// What to generate.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BlocksParams {
    /// Fewest and most optimal moves.
    pub band: (u32, u32),
    /// Width and height.
    pub size: (u8, u8),
    /// How moves are counted.
    pub count: Count,
    /// Empty cells on the board.
    pub empty: u8,
}

/// Block characters after the goal block's `A`.
const NAMES: &str = "BCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

impl Generate for Blocks {
    const PARAMS: &'static [Spec] = &[
        Spec { name: "min", kind: Kind::Int, min: 0, max: 1000, default: "5", doc: "fewest optimal moves" },
        Spec { name: "max", kind: Kind::Int, min: 0, max: 1000, default: "15", doc: "most optimal moves" },
        Spec {
            name: "size",
            kind: Kind::Size,
            min: 3,
            max: MAX_SIDE as i64,
            default: "4x5",
            doc: "board width and height",
        },
        Spec {
            name: "count",
            kind: Kind::Choice(&["step", "line", "free"]),
            min: 0,
            max: 2,
            default: "free",
            doc: "how moves are counted",
        },
        Spec { name: "empty", kind: Kind::Int, min: 1, max: 64, default: "2", doc: "empty cells on the board" },
    ];

    /// Huarong Dao's 4×5 box counted free, with four empty cells for easy (5–15 moves) and two for medium
    /// (16–25), hard (26–35) and
    /// expert (36–60).
    const PRESETS: &'static [Preset] = &[
        Preset { name: "easy", params: "size=4x5,empty=4,min=5,max=15" },
        Preset { name: "medium", params: "size=4x5,min=16,max=25" },
        Preset { name: "hard", params: "size=4x5,min=26,max=35" },
        Preset { name: "expert", params: "size=4x5,min=36,max=60" },
    ];

    type Params = BlocksParams;

    fn params(values: &Values) -> Result<BlocksParams, String> {
        let (w, h) = values.pair("size");
        let count = match values.get("count") {
            crate::params::Value::Choice(i) => Count::ALL[i.min(2)],
            _ => Count::Free,
        };
        let empty = values.int("empty");
        if empty > w * h - 4 {
            return Err(alloc::format!("{empty} empty cells do not leave room for the 2x2 goal block on {w}x{h}"));
        }
        Ok(BlocksParams {
            band: (values.int("min") as u32, values.int("max") as u32),
            size: (w as u8, h as u8),
            count,
            empty: empty as u8,
        })
    }

    fn band(params: &BlocksParams) -> (u32, u32) {
        params.band
    }

    type Context = ();

    fn context(_: &BlocksParams) -> Result<(), OutOfMemory> {
        Ok(())
    }

    /// The 2×2 goal block in the top two rows, its target bottom middle; the other cells packed with
    /// random dominoes and single cells; random blocks taken out until `empty` cells are free and at
    /// most [`MAX_BLOCKS`] blocks remain.
    fn candidate(params: &BlocksParams, _: &(), rng: &mut Xoshiro256PlusPlus) -> Blocks {
        let (w, h) = (params.size.0 as usize, params.size.1 as usize);
        let mut owner: Vec<Option<usize>> = vec![None; w * h];
        let ball = rng.random_range(0..w - 1);
        for cell in [ball, ball + 1, w + ball, w + ball + 1] {
            owner[cell] = Some(0);
        }
        let mut shapes: Vec<Vec<usize>> = vec![vec![ball, ball + 1, w + ball, w + ball + 1]];
        let mut order: Vec<usize> = (0..w * h).collect();
        order.shuffle(rng);
        for &cell in &order {
            if owner[cell].is_some() {
                continue;
            }
            let (r, c) = (cell / w, cell % w);
            let mut cells = vec![cell];
            match rng.random_range(0..3) {
                0 if c + 1 < w && owner[cell + 1].is_none() => cells.push(cell + 1),
                1 if r + 1 < h && owner[cell + w].is_none() => cells.push(cell + w),
                _ => {}
            }
            for &x in &cells {
                owner[x] = Some(shapes.len());
            }
            shapes.push(cells);
        }
        // Take out random blocks (never the goal block) until enough cells are empty.
        let mut kept: Vec<usize> = (1..shapes.len()).collect();
        kept.shuffle(rng);
        let mut free = 0;
        while free < params.empty as usize || kept.len() + 1 > MAX_BLOCKS {
            let Some(b) = kept.pop() else { break };
            free += shapes[b].len();
        }
        let spec = |name: char, cells: &[usize], target: Option<usize>| {
            let top = cells.iter().map(|c| c / w).min().unwrap_or(0);
            let left = cells.iter().map(|c| c % w).min().unwrap_or(0);
            let mut offsets: Vec<(u8, u8)> =
                cells.iter().map(|c| ((c / w - top) as u8, (c % w - left) as u8)).collect();
            offsets.sort_unstable();
            BlockSpec { name, shape: Shape { cells: offsets }, anchor: top * w + left, target }
        };
        let target = (h - 2) * w + (w - 2) / 2;
        let mut blocks = vec![spec('A', &shapes[0], Some(target))];
        blocks.extend(kept.iter().zip(NAMES.chars()).map(|(&b, name)| spec(name, &shapes[b], None)));
        Blocks::new(w, h, vec![Terrain::Open; w * h], blocks, params.count)
            .unwrap_or_else(|e| unreachable!("a packed board is a valid layout: {e}"))
    }
}
