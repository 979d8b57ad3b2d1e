//! A generic genetic algorithm, stepped with a budget of fitness evaluations, and its rival on the same
//! genomes, simulated annealing ([`anneal`]).
//!
//! This is the baseline of earlier systems (Hargram's first solver), kept as a per-frame API: tournament
//! selection, single-point crossover, directed mutation (the genes an evaluation blames are the ones
//! re-drawn) and one elite carried over. All memory is reserved at creation; a step allocates nothing.
//! The run is deterministic for a seed, and resumable at any evaluation: two steps of half the budget give
//! the same result as one step of the whole.

pub mod anneal;

use crate::moves::MoveCode;
use crate::search::anneal::Schedule;
use crate::status::{Shortfall, Status};
use alloc::boxed::Box;
use alloc::format;
use alloc::string::String;
use alloc::vec;
use alloc::vec::Vec;
use core::mem::size_of;
use rand::{RngExt, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

/// A problem the GA can evolve: individuals are fixed-length strings of small genes.
pub trait Genome {
    /// Genes in an individual.
    fn genes(&self) -> usize;
    /// A random value for gene `index`.
    fn random_gene(&self, index: usize, rng: &mut Xoshiro256PlusPlus) -> u16;
    /// The fitness of `genes` (higher is better); sets `blame[i]` for the genes that hurt it (and clears
    /// the others).
    fn evaluate(&self, genes: &[u16], blame: &mut [bool]) -> u32;
    /// The fitness of a perfect individual: the run stops when one is found.
    fn perfect(&self) -> u32;
}

/// GA parameters. The defaults are the earlier system's.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct GaParams {
    /// Individuals in a generation (at least 2).
    pub population: u32,
    /// Generations before the run gives up (at least 1).
    pub generations: u32,
    /// Individuals drawn for each tournament (1 to `population`).
    pub tournament: u32,
    /// Probability that a child is the crossover of two parents rather than a copy of one.
    pub crossover: f32,
    /// Probability that a blamed gene is re-drawn in a child (an unblamed gene: this divided by the
    /// number of genes).
    pub mutation: f32,
}

impl Default for GaParams {
    fn default() -> GaParams {
        GaParams { population: 1500, generations: 50, tournament: 3, crossover: 0.9, mutation: 0.15 }
    }
}

impl GaParams {
    /// Checks the parameters, saying what is wrong.
    pub fn check(&self) -> Result<(), String> {
        if self.population < 2 || self.population > 1_000_000 {
            return Err(format!("population must be 2 to 1000000, not {}", self.population));
        }
        if self.generations == 0 {
            return Err(String::from("generations must be at least 1"));
        }
        if self.tournament == 0 || self.tournament > self.population {
            return Err(format!(
                "tournament size must be 1 to the population ({}), not {}",
                self.population, self.tournament
            ));
        }
        for (name, p) in [("crossover", self.crossover), ("mutation", self.mutation)] {
            if !(0.0..=1.0).contains(&p) {
                return Err(format!("{name} probability must be within 0..1, not {p}"));
            }
        }
        Ok(())
    }
}

/// Progress of a run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GaReport {
    /// Generation being evaluated (from 0).
    pub generation: u32,
    /// Evaluations so far.
    pub evaluations: u64,
    /// Best fitness so far.
    pub best_fitness: u32,
    /// The fitness of a perfect individual.
    pub perfect: u32,
    /// Where the run stands: in progress, `Found` (a perfect individual) or `NotFound(Generations)`.
    pub status: Status,
}

/// How a genome is evolved: the genetic algorithm with its parameters and seed, or simulated annealing
/// with its schedule (which carries its seed).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Evolution {
    /// The genetic algorithm.
    Genetic {
        /// Its parameters.
        params: GaParams,
        /// The seed of its random draws.
        seed: u64,
    },
    /// Simulated annealing ([`anneal::GenomeAnnealing`]).
    Annealing(Schedule),
}

impl Evolution {
    /// The genetic algorithm with its defaults.
    pub fn genetic(seed: u64) -> Evolution {
        Evolution::Genetic { params: GaParams::default(), seed }
    }

    /// Starts a run on `genome`, or says why not (bad parameters).
    pub fn start<G: Genome>(self, genome: &G) -> Result<Box<dyn Evolver<G>>, String> {
        Ok(match self {
            Evolution::Genetic { params, seed } => Box::new(Ga::new(genome, params, seed)?),
            Evolution::Annealing(schedule) => Box::new(anneal::GenomeAnnealing::new(genome, schedule)),
        })
    }
}

/// Annealing's default schedule on genomes: the genetic algorithm's default budget (75,000
/// evaluations) in 10 walks of 7,500, from temperature 3 to 0.1.
pub const GENOME_SCHEDULE: Schedule =
    Schedule { iterations: 7_500, t_start_milli: 3_000, t_end_milli: 100, restarts: 9, seed: 1 };

/// A run evolving individuals of `G` (the genetic algorithm or annealing), stepped by evaluations.
pub trait Evolver<G: Genome>: Send {
    /// Runs at most `budget` fitness evaluations (0 counts as 1; allocates nothing).
    fn step(&mut self, genome: &G, budget: u32) -> GaReport;
    /// Progress so far.
    fn report(&self) -> GaReport;
    /// The best individual so far.
    fn best(&self) -> &[u16];
}

impl<G: Genome> Evolver<G> for Ga {
    fn step(&mut self, genome: &G, budget: u32) -> GaReport {
        Ga::step(self, genome, budget)
    }

    fn report(&self) -> GaReport {
        Ga::report(self)
    }

    fn best(&self) -> &[u16] {
        Ga::best(self)
    }
}

impl<G: Genome> Evolver<G> for anneal::GenomeAnnealing {
    fn step(&mut self, genome: &G, budget: u32) -> GaReport {
        anneal::GenomeAnnealing::step(self, genome, budget)
    }

    fn report(&self) -> GaReport {
        anneal::GenomeAnnealing::report(self)
    }

    fn best(&self) -> &[u16] {
        anneal::GenomeAnnealing::best(self)
    }
}

/// A GA or annealing run on a family's puzzle, with the family erased (what the bindings hold).
pub trait AnyGa: Send {
    /// Runs at most `budget` fitness evaluations (allocates nothing).
    fn step(&mut self, budget: u32) -> GaReport;
    /// Progress so far.
    fn report(&self) -> GaReport;
    /// The best individual so far, as moves from the run's starting position.
    fn best_moves(&mut self) -> &[MoveCode];
    /// A drawing of the position the best individual makes.
    fn render_best(&self) -> String;
}

/// What a run has found so far: its best individual and fitness, its evaluations and where it stands
/// (shared by the genetic algorithm and annealing).
struct Record {
    best: Vec<u16>,
    best_fitness: u32,
    perfect: u32,
    evaluations: u64,
    status: Status,
}

impl Record {
    fn new<G: Genome>(genome: &G) -> Record {
        Record {
            best: vec![0; genome.genes()],
            best_fitness: 0,
            perfect: genome.perfect(),
            evaluations: 0,
            status: Status::InProgress,
        }
    }

    /// Counts an evaluation of `individual` at `fitness`: the best so far when it is better (or the
    /// first), and the run found when it is perfect.
    fn evaluated(&mut self, individual: &[u16], fitness: u32) {
        self.evaluations += 1;
        if fitness > self.best_fitness || self.evaluations == 1 {
            self.best_fitness = fitness;
            self.best.copy_from_slice(individual);
        }
        if fitness >= self.perfect {
            self.status = Status::Found;
        }
    }

    fn report(&self, generation: u32) -> GaReport {
        GaReport {
            generation,
            evaluations: self.evaluations,
            best_fitness: self.best_fitness,
            perfect: self.perfect,
            status: self.status,
        }
    }
}

/// A stepped GA run.
pub struct Ga {
    params: GaParams,
    genes: usize,
    rng: Xoshiro256PlusPlus,
    population: Vec<u16>,
    next: Vec<u16>,
    fitness: Vec<u32>,
    blame: Vec<bool>,
    /// Next individual of the current generation to evaluate.
    cursor: usize,
    generation: u32,
    record: Record,
}

impl Ga {
    /// A run on `genome` with `params`, seeded with `seed`: reserves all memory and draws the first
    /// generation.
    pub fn new<G: Genome>(genome: &G, params: GaParams, seed: u64) -> Result<Ga, String> {
        params.check()?;
        let genes = genome.genes();
        let cells = params.population as usize * genes;
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
        let population: Vec<u16> = (0..cells).map(|i| genome.random_gene(i % genes.max(1), &mut rng)).collect();
        Ok(Ga {
            params,
            genes,
            rng,
            population,
            next: vec![0; cells],
            fitness: vec![0; params.population as usize],
            blame: vec![false; cells],
            cursor: 0,
            generation: 0,
            record: Record::new(genome),
        })
    }

    /// Bytes reserved by the run.
    pub fn bytes_reserved(&self) -> usize {
        (self.population.len() + self.next.len() + self.record.best.len()) * size_of::<u16>()
            + self.fitness.len() * size_of::<u32>()
            + self.blame.len()
    }

    /// The best individual so far.
    pub fn best(&self) -> &[u16] {
        &self.record.best
    }

    /// Progress so far.
    pub fn report(&self) -> GaReport {
        self.record.report(self.generation)
    }

    /// Runs at most `budget` fitness evaluations (breeding a generation costs none).
    pub fn step<G: Genome>(&mut self, genome: &G, budget: u32) -> GaReport {
        // A budget of 0 counts as 1, as for every stepped call.
        let budget = budget.max(1);
        let mut spent = 0;
        while spent < budget && self.record.status == Status::InProgress {
            let at = self.cursor * self.genes..(self.cursor + 1) * self.genes;
            let fitness = genome.evaluate(&self.population[at.clone()], &mut self.blame[at.clone()]);
            self.fitness[self.cursor] = fitness;
            spent += 1;
            self.record.evaluated(&self.population[at], fitness);
            if self.record.status == Status::Found {
                break;
            }
            self.cursor += 1;
            if self.cursor == self.params.population as usize {
                self.cursor = 0;
                if self.generation + 1 >= self.params.generations {
                    self.record.status = Status::NotFound(Shortfall::Generations);
                } else {
                    self.generation += 1;
                    self.breed(genome);
                }
            }
        }
        self.report()
    }

    /// The individual winning a tournament of randomly drawn ones.
    fn tournament(&mut self) -> usize {
        let n = self.params.population as usize;
        let mut winner = self.rng.random_range(0..n);
        for _ in 1..self.params.tournament {
            let rival = self.rng.random_range(0..n);
            if self.fitness[rival] > self.fitness[winner] {
                winner = rival;
            }
        }
        winner
    }

    /// Makes the next generation from the evaluated one: the best individual so far, then children of
    /// tournament winners.
    fn breed<G: Genome>(&mut self, genome: &G) {
        let g = self.genes;
        self.next[..g].copy_from_slice(&self.record.best);
        for child in 1..self.params.population as usize {
            let (a, b) = (self.tournament(), self.tournament());
            let cut =
                if g > 1 && self.rng.random::<f32>() < self.params.crossover { self.rng.random_range(1..g) } else { g };
            for i in 0..g {
                let parent = if i < cut { a } else { b };
                let mut gene = self.population[parent * g + i];
                let blamed = self.blame[parent * g + i];
                let p = if blamed { self.params.mutation } else { self.params.mutation / g as f32 };
                if self.rng.random::<f32>() < p {
                    gene = genome.random_gene(i, &mut self.rng);
                }
                self.next[child * g + i] = gene;
            }
        }
        core::mem::swap(&mut self.population, &mut self.next);
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// Find the all-ones string.
    pub(crate) struct Ones(pub usize);

    impl Genome for Ones {
        fn genes(&self) -> usize {
            self.0
        }
        fn random_gene(&self, _: usize, rng: &mut Xoshiro256PlusPlus) -> u16 {
            rng.random_range(0..2)
        }
        fn evaluate(&self, genes: &[u16], blame: &mut [bool]) -> u32 {
            for (b, &g) in blame.iter_mut().zip(genes) {
                *b = g == 0;
            }
            genes.iter().map(|&g| g as u32).sum()
        }
        fn perfect(&self) -> u32 {
            self.0 as u32
        }
    }

    #[test]
    fn finds_all_ones_and_resumes_exactly() {
        let params = GaParams { population: 50, generations: 100, ..GaParams::default() };
        let mut whole = Ga::new(&Ones(40), params, 7).unwrap();
        let report = whole.step(&Ones(40), u32::MAX);
        assert_eq!(report.status, Status::Found);
        let mut halves = Ga::new(&Ones(40), params, 7).unwrap();
        let half = (report.evaluations / 2) as u32;
        assert_eq!(halves.step(&Ones(40), half).status, Status::InProgress);
        assert_eq!(halves.step(&Ones(40), u32::MAX), report);
        assert_eq!(halves.best(), whole.best());
    }

    #[test]
    fn bad_parameters_are_refused() {
        for bad in [
            GaParams { population: 1, ..GaParams::default() },
            GaParams { tournament: 0, ..GaParams::default() },
            GaParams { mutation: 1.5, ..GaParams::default() },
            GaParams { generations: 0, ..GaParams::default() },
        ] {
            assert!(Ga::new(&Ones(4), bad, 1).is_err(), "{bad:?}");
        }
    }
}
