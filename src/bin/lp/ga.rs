//! `lp ga`: the genetic algorithm of earlier systems, for the families that have one (hargram).

use crate::solve::PuzzleArgs;
use crate::{count, fmt_time, Done, Failure};
use lphint::ga::{Evolution, GaParams};
use lphint::search::Status;
use serde_json::json;
use std::time::Instant;

#[derive(clap::Args)]
pub struct GaArgs {
    #[command(flatten)]
    puzzle: PuzzleArgs,
    /// Individuals per generation.
    #[arg(long, default_value_t = 1500)]
    population: u32,
    /// Generations before giving up.
    #[arg(long, default_value_t = 50)]
    generations: u32,
    /// Tournament size.
    #[arg(long, default_value_t = 3)]
    tournament: u32,
    /// Crossover probability.
    #[arg(long, default_value_t = 0.9)]
    crossover: f32,
    /// Mutation probability of a blamed gene.
    #[arg(long, default_value_t = 0.15)]
    mutation: f32,
    /// Random seed.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Print one JSON object per generation.
    #[arg(long)]
    json: bool,
}

/// Runs the genetic algorithm one generation per step and prints its progress; no full cover within
/// the generations is exit status 2.
pub fn ga(args: GaArgs) -> Done {
    let params = GaParams {
        population: args.population,
        generations: args.generations,
        tournament: args.tournament,
        crossover: args.crossover,
        mutation: args.mutation,
    };
    let session = args.puzzle.open()?;
    let mut ga = session.evolve(Evolution::Genetic { params, seed: args.seed })?;
    let clock = Instant::now();
    let report = loop {
        let report = ga.step(params.population);
        if args.json {
            println!(
                "{}",
                json!({"generation": report.generation, "evaluations": report.evaluations,
                       "best_fitness": report.best_fitness, "perfect": report.perfect,
                       "status": report.status.name()})
            );
        } else {
            println!(
                "generation {:>4}: best {:>3}/{} cells covered ({})",
                report.generation,
                report.best_fitness,
                report.perfect,
                count(report.evaluations, "evaluation")
            );
        }
        if report.status != Status::InProgress {
            break report;
        }
    };
    if !args.json {
        print!("{}", ga.render_best());
        let verdict = if report.status == Status::Found { "full cover" } else { "no full cover" };
        println!("{verdict} after {} in {}", count(report.evaluations, "evaluation"), fmt_time(clock.elapsed()));
    }
    match report.status {
        Status::Found => Ok(()),
        _ => Err(Failure::Unanswered(format!("no full cover in {}", count(params.generations, "generation")))),
    }
}
