//! `lp tables build`: any kind of tables a family loads, with its parameters.

use crate::{fmt_time, parallel, Done};
use lphint::params::Values;
use lphint::registry;
use std::time::Instant;

#[derive(clap::Args)]
pub struct TablesArgs {
    /// What to do: build.
    action: String,
    /// Output file.
    #[arg(short, long)]
    output: String,
    /// The kind (`lp families` lists them): pdb (4x4 pattern databases), eight (3x3 distance table) or
    /// pdb24 (5x5 pattern databases for the hint mode).
    #[arg(long, default_value = "pdb")]
    kind: String,
    /// A parameter of the kind as KEY=VALUE (repeatable). Every kind takes `blank`, the goal cell of the
    /// blank: by default the last cell, the default goal of descriptions and of `lp generate`; Korf's
    /// instances put it on cell 0. pdb also takes `layouts` (1 or 2).
    #[arg(long = "param", value_name = "KEY=VALUE")]
    params: Vec<String>,
    /// Threads building the kind's independent tables at once (default: every core; the bytes are the
    /// same on any number).
    #[arg(long)]
    jobs: Option<usize>,
}

pub fn tables(args: TablesArgs) -> Done {
    if args.action != "build" {
        return Err(format!("unknown tables action '{}' (known: build)", args.action).into());
    }
    let kind = registry::table_kind(&args.kind)?;
    let values = Values::parse(kind.params, &[], &args.params.join(",")).map_err(|e| format!("--param {e}"))?;
    let clock = Instant::now();
    let jobs = parallel::threads(args.jobs, usize::MAX);
    let threads = parallel::Threads::new(jobs);
    let bytes = (kind.build)(&values, &threads)?;
    let wall = clock.elapsed();
    eprintln!(
        "built {} ({}) in {} ({})",
        kind.name,
        values.print(),
        fmt_time(wall),
        parallel::speedup(threads.work(wall), wall, jobs)
    );
    std::fs::write(&args.output, &bytes).map_err(|e| format!("cannot write {}: {e}", args.output))?;
    println!("wrote {}: {} bytes", args.output, bytes.len());
    Ok(())
}
