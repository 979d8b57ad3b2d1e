//! The table kinds sliding tiles load: the 4×4 pattern databases and the complete 3×3 distance table.

use super::distances::{self, EightTable};
use super::pdb::{self, Partition, PatternDatabase};
use super::pdb24::{self, Pdb24};
use super::Tiles;
use crate::params::{Kind, Spec};
use crate::tables::{TableData, TableKind};
use alloc::sync::Arc;
use alloc::vec::Vec;

/// Additive pattern databases (6-6-3 or 7-8) with the mirrored lookup, for optimal 4×4 solving.
pub(super) const PATTERN_DATABASES: TableKind = TableKind {
    name: "pdb",
    magic: pdb::MAGIC,
    version: pdb::FORMAT_VERSION,
    doc: "additive pattern databases, blank-aware, for optimal 4x4 sliding tiles (6-6-3: 16 MiB and about 6 s a \
          layout; 7-8: 577 MB, 4 minutes on two cores and 4.4 GB to build, a sixth of the nodes)",
    params: &[
        Spec {
            name: "blank",
            kind: Kind::Int,
            min: 0,
            max: 15,
            default: "15",
            doc: "the goal cell of the blank (15: the default goal; 0: Korf's instances)",
        },
        Spec {
            name: "layouts",
            kind: Kind::Int,
            min: 1,
            max: pdb::LAYOUTS as i64,
            default: "1",
            doc: "partitions of the tiles, the heuristic the larger value (2: half the nodes, twice the memory; \
                  the 7-8 has one)",
        },
        Spec {
            name: "partition",
            kind: Kind::Choice(&["6-6-3", "6-6-3-compact", "7-8"]),
            min: 0,
            max: 2,
            default: "6-6-3",
            doc: "the patterns: 6-6-3 (16 MiB a layout), 6-6-3-compact (11 MB a layout, entries by rank), 7-8 \
                  (577 MB, the fewest nodes)",
        },
    ],
    load: |bytes| PatternDatabase::from_bytes(bytes).map(|db| Arc::new(db) as TableData),
    build: |values, spread| {
        let (blank, layouts) = (values.int("blank") as u8, values.int("layouts") as usize);
        let name = values.text("partition");
        let partition = Partition::parse(&name).ok_or_else(|| alloc::format!("no partition '{name}'"))?;
        Ok(PatternDatabase::build_partition(partition, blank, layouts, spread)?.to_bytes())
    },
    save: |data| data.downcast_ref::<PatternDatabase>().map_or_else(Vec::new, PatternDatabase::to_bytes),
};

/// Additive 5-5-5-5-4 pattern databases with the mirrored lookup: the 5×5 hint mode's lower bound.
pub(super) const LARGE_PATTERN_DATABASES: TableKind = TableKind {
    name: "pdb24",
    magic: pdb24::MAGIC,
    version: pdb24::FORMAT_VERSION,
    doc: "5-5-5-5-4 pattern databases for 5x5 sliding-tile hints (13 MB, built in about half a minute)",
    params: &[Spec {
        name: "blank",
        kind: Kind::Int,
        min: 0,
        max: 24,
        default: "24",
        doc: "the goal cell of the blank, a corner: 0, 4, 20 or 24 (24: the default goal; 0: Korf and Felner's)",
    }],
    load: |bytes| Pdb24::from_bytes(bytes).map(|db| Arc::new(db) as TableData),
    build: |values, spread| {
        let blank = values.int("blank");
        Pdb24::build_spread(blank as u8, spread)
            .map(|db| db.to_bytes())
            .ok_or_else(|| alloc::format!("the blank's goal must be a corner (0, 4, 20 or 24), not cell {blank}"))
    },
    save: |data| data.downcast_ref::<Pdb24>().map_or_else(Vec::new, Pdb24::to_bytes),
};

/// The distance of every 3×3 arrangement to one goal, two bits each: hints by lookup.
pub(super) const EIGHT_DISTANCES: TableKind = TableKind {
    name: "eight",
    magic: distances::MAGIC,
    version: distances::FORMAT_VERSION,
    doc: "the complete 3x3 distance table (90 KB): every 8-puzzle hint a lookup",
    params: &[Spec {
        name: "blank",
        kind: Kind::Int,
        min: 0,
        max: 8,
        default: "8",
        doc: "the goal cell of the blank (8: the default goal)",
    }],
    load: |bytes| EightTable::from_bytes(bytes).map(|t| Arc::new(t) as TableData),
    build: |values, _| {
        // Tiles 1..8 in order on the other cells.
        let blank = values.int("blank") as usize;
        let goal: Vec<u8> = (1..9).take(blank).chain([0]).chain((1..9).skip(blank)).collect();
        let puzzle = Tiles::new(3, 3, &goal, Some(&goal)).map_err(|e| alloc::format!("{e}"))?;
        EightTable::build(&puzzle).map(|t| t.to_bytes())
    },
    save: |data| data.downcast_ref::<EightTable>().map_or_else(Vec::new, EightTable::to_bytes),
};
