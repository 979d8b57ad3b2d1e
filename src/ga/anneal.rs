//! Simulated annealing over a [`Genome`], the genetic algorithm's rival on the same individuals and the
//! same budget of fitness evaluations: one individual changes one gene at a time (a piece placed
//! elsewhere, or taken off), kept when it is no worse and otherwise with the Metropolis probability
//! `exp(−Δ / T)` of the fitness it loses, while `T` cools geometrically over `iterations` evaluations;
//! then a new random individual, up to `restarts` times. Deterministic for the schedule's seed, resumable
//! at any evaluation, and all memory is reserved at creation.

use super::{GaReport, Genome, Record};
use crate::search::anneal::Schedule;
use crate::status::{Shortfall, Status};
use alloc::vec;
use alloc::vec::Vec;
use rand::{RngExt, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

/// One in this many changes takes the gene off (leaves its piece out) rather than re-drawing it.
const OFF_ONE_IN: u32 = 8;

/// A stepped annealing run on a genome.
pub struct GenomeAnnealing {
    schedule: Schedule,
    genes: usize,
    rng: Xoshiro256PlusPlus,
    /// The current individual, its fitness and the genes its evaluation blamed.
    current: Vec<u16>,
    fitness: u32,
    blame: Vec<bool>,
    /// The blame of the individual being tried (swapped with `blame` when it is kept).
    trial_blame: Vec<bool>,
    temperature: f64,
    cooling: f64,
    /// Evaluations of this walk (0: the walk is to begin), and walks begun.
    steps: u32,
    walks: u32,
    record: Record,
}

impl GenomeAnnealing {
    /// A run on `genome` with `schedule` (its iterations are evaluations a walk).
    pub fn new<G: Genome>(genome: &G, schedule: Schedule) -> GenomeAnnealing {
        let genes = genome.genes();
        let (cooling, temperature) = schedule.cooling();
        GenomeAnnealing {
            schedule,
            genes,
            rng: Xoshiro256PlusPlus::seed_from_u64(schedule.seed),
            current: vec![0; genes],
            fitness: 0,
            blame: vec![false; genes],
            trial_blame: vec![false; genes],
            temperature,
            cooling,
            steps: 0,
            walks: 0,
            record: Record::new(genome),
        }
    }

    /// The best individual so far.
    pub fn best(&self) -> &[u16] {
        &self.record.best
    }

    /// Progress so far (`generation` counts walks).
    pub fn report(&self) -> GaReport {
        self.record.report(self.walks.saturating_sub(1))
    }

    /// Runs at most `budget` fitness evaluations (0 counts as 1).
    pub fn step<G: Genome>(&mut self, genome: &G, budget: u32) -> GaReport {
        let budget = budget.max(1);
        let mut spent = 0;
        while spent < budget && self.record.status == Status::InProgress {
            if self.steps >= self.schedule.iterations {
                if self.walks > self.schedule.restarts {
                    self.record.status = Status::NotFound(Shortfall::Cooled);
                    break;
                }
                self.steps = 0;
            }
            let fitness = if self.steps == 0 {
                // A walk begins from a random individual, at the first temperature.
                self.walks += 1;
                (self.cooling, self.temperature) = self.schedule.cooling();
                for (i, gene) in self.current.iter_mut().enumerate() {
                    *gene = genome.random_gene(i, &mut self.rng);
                }
                self.fitness = genome.evaluate(&self.current, &mut self.blame);
                self.fitness
            } else {
                self.change(genome)
            };
            self.steps += 1;
            spent += 1;
            self.record.evaluated(&self.current, fitness);
        }
        self.report()
    }

    /// Changes one gene of the current individual (a blamed one half the time: a piece left out), keeps
    /// the change by the Metropolis rule and cools; the fitness of the individual now current.
    fn change<G: Genome>(&mut self, genome: &G) -> u32 {
        let blamed = self.blame.iter().filter(|&&b| b).count();
        let i = if blamed > 0 && self.rng.random_bool(0.5) {
            let k = self.rng.random_range(0..blamed);
            self.blame.iter().enumerate().filter(|(_, &b)| b).nth(k).map_or(0, |(i, _)| i)
        } else {
            self.rng.random_range(0..self.genes.max(1))
        };
        let Some(&old) = self.current.get(i) else { return self.fitness };
        self.current[i] =
            if self.rng.random_range(0..OFF_ONE_IN) == 0 { 0 } else { genome.random_gene(i, &mut self.rng) };
        let fitness = genome.evaluate(&self.current, &mut self.trial_blame);
        let temperature = self.temperature;
        self.temperature *= self.cooling;
        let keep = fitness >= self.fitness || {
            let p = libm::exp(-((self.fitness - fitness) as f64) / temperature);
            self.rng.random::<f64>() < p
        };
        if keep {
            self.fitness = fitness;
            core::mem::swap(&mut self.blame, &mut self.trial_blame);
        } else {
            self.current[i] = old;
        }
        self.fitness
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ga::tests::Ones;

    #[test]
    fn finds_all_ones_and_resumes_exactly() {
        let schedule = Schedule { iterations: 2000, t_start_milli: 1000, t_end_milli: 50, restarts: 3, seed: 5 };
        let mut whole = GenomeAnnealing::new(&Ones(40), schedule);
        let report = whole.step(&Ones(40), u32::MAX);
        assert_eq!(report.status, Status::Found);
        assert!(whole.best().iter().all(|&g| g == 1));
        let mut halves = GenomeAnnealing::new(&Ones(40), schedule);
        let half = (report.evaluations / 2) as u32;
        assert_eq!(halves.step(&Ones(40), half).status, Status::InProgress);
        assert_eq!(halves.step(&Ones(40), u32::MAX), report);
        assert_eq!(halves.best(), whole.best());
    }

    #[test]
    fn gives_up_after_its_walks() {
        // No individual is perfect: every walk of the schedule runs, then the run cools.
        struct Never;
        impl Genome for Never {
            fn genes(&self) -> usize {
                3
            }
            fn random_gene(&self, _: usize, rng: &mut Xoshiro256PlusPlus) -> u16 {
                rng.random_range(0..4)
            }
            fn evaluate(&self, genes: &[u16], blame: &mut [bool]) -> u32 {
                blame.fill(false);
                genes.iter().map(|&g| g as u32).sum()
            }
            fn perfect(&self) -> u32 {
                100
            }
        }
        let schedule = Schedule { iterations: 50, restarts: 2, ..Schedule::default() };
        let report = GenomeAnnealing::new(&Never, schedule).step(&Never, u32::MAX);
        assert_eq!(report.status, Status::NotFound(Shortfall::Cooled));
        assert_eq!((report.evaluations, report.generation), (150, 2));
        assert_eq!(report.best_fitness, 9, "the best of 150 evaluations of three genes of 0-3");
    }
}
