//! `lp tables build`.

use crate::{fmt_time, parse, Done};
use lphint::families::tiles::distances::EightTable;
use lphint::families::tiles::pdb::PatternDatabase;
use lphint::families::tiles::Tiles;
use std::sync::Arc;
use std::time::Instant;

#[derive(clap::Args)]
pub struct TablesArgs {
    /// What to do: build.
    action: String,
    /// Output file.
    #[arg(short, long)]
    output: String,
    /// pdb (4x4 pattern databases) or eight (3x3 distance table).
    #[arg(long, default_value = "pdb")]
    kind: String,
    /// Goal cell of the blank the tables serve. Default: the last cell (15 for pdb, 8 for eight), the
    /// default goal of descriptions and of `lp generate`; Korf's instances put the blank on cell 0.
    #[arg(long)]
    blank: Option<u8>,
}

pub fn tables(args: TablesArgs) -> Done {
    if args.action != "build" {
        return Err(format!("unknown tables action '{}' (known: build)", args.action).into());
    }
    let bytes = match args.kind.as_str() {
        "pdb" => {
            let blank = args.blank.unwrap_or(15);
            if blank > 15 {
                return Err(format!("--blank {blank} is not a cell of the 4x4 board (0..15)").into());
            }
            build_pattern_database(blank).to_bytes()
        }
        "eight" => {
            let blank = args.blank.unwrap_or(8);
            if blank > 8 {
                return Err(format!("--blank {blank} is not a cell of the 3x3 board (0..8)").into());
            }
            // Tiles 1..8 in order on the other cells.
            let mut goal: Vec<String> = (1..9).map(|t| t.to_string()).collect();
            goal.insert(blank as usize, "0".into());
            let puzzle: Tiles = parse(&format!("tiles:3x3:{0}:{0}", goal.join(",")))?;
            let clock = Instant::now();
            let table = EightTable::build(&puzzle)?;
            println!("built the 3x3 distance table ({} bytes) in {}", table.bytes(), fmt_time(clock.elapsed()));
            table.to_bytes()
        }
        other => return Err(format!("unknown tables kind '{other}' (known: pdb, eight)").into()),
    };
    std::fs::write(&args.output, &bytes).map_err(|e| format!("cannot write {}: {e}", args.output))?;
    println!("wrote {}: {} bytes", args.output, bytes.len());
    Ok(())
}

/// Builds the 6-6-3 pattern databases for goals with the blank on `blank_cell`, reporting time and size.
pub fn build_pattern_database(blank_cell: u8) -> Arc<PatternDatabase> {
    let clock = Instant::now();
    let db = PatternDatabase::build(blank_cell);
    eprintln!(
        "built 6-6-3 pattern databases (blank goal cell {blank_cell}): {:.1} MiB in {}",
        db.bytes() as f64 / (1024.0 * 1024.0),
        fmt_time(clock.elapsed())
    );
    Arc::new(db)
}
