//! `lp report -o DIR`: the studio's plots as SVG files (drawn with plotters) and an index page, for a
//! README or a design document: per family, generation time per difficulty and solving time against the
//! optimal length per algorithm; for Hargram, the genetic algorithm against simulated annealing on its
//! genome, best fitness and time against evaluations. Every family comes from the registry.

use crate::generate::stream_seed;
use crate::{fmt_time, parallel, Done};
use clap::Args;
use lphint::ga::{Evolution, GaParams, GENOME_SCHEDULE};
use lphint::registry::{self, Entry};
use lphint::search::anneal::Schedule;
use lphint::search::{Algorithm, Status};
use plotters::prelude::*;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

#[derive(Args)]
pub struct ReportArgs {
    /// The folder to write the SVG files and index.html into (made if missing).
    #[arg(short, long)]
    output: PathBuf,
    /// Puzzles generated per preset.
    #[arg(long, default_value_t = 3)]
    count: usize,
    /// Only these presets of each family (comma-separated, such as `easy` for a quick report; a family
    /// that has none of them keeps its first). Default: every preset.
    #[arg(long, value_delimiter = ',')]
    presets: Vec<String>,
    /// The run's seed.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// The states each comparison search may store; it also stops after 20 times as many expansions.
    #[arg(long, default_value_t = 200_000)]
    max_nodes: usize,
    /// Threads generating and solving at once, a puzzle or a search each (default: every core; the
    /// puzzles are the same on any number, the times a thread's).
    #[arg(long)]
    jobs: Option<usize>,
}

/// The searches compared, as the CLI names them.
const ALGORITHMS: [&str; 5] = ["bfs", "astar", "ida", "best-first", "anneal"];
pub fn report(args: ReportArgs) -> Done {
    std::fs::create_dir_all(&args.output).map_err(|e| format!("cannot make {}: {e}", args.output.display()))?;
    let clock = Instant::now();
    let jobs = parallel::threads(args.jobs, usize::MAX);
    let families = registry::families();
    // Every family's puzzles at once, then every search at once: no thread waits for a family's last.
    let (generated, mut busy) = generate_presets(families, &args, jobs)?;
    println!(
        "generated {} puzzles ({})",
        generated.iter().flatten().map(|run| run.2.len()).sum::<usize>(),
        fmt_time(clock.elapsed())
    );
    let puzzles: Vec<(usize, &str)> = generated
        .iter()
        .enumerate()
        .flat_map(|(f, runs)| runs.iter().flat_map(move |run| run.2.iter().map(move |desc| (f, desc.as_str()))))
        .collect();
    let (series, solving) = solving_times(&puzzles, families.len(), args.max_nodes, jobs)?;
    busy += solving;
    println!("solved them with {} algorithms ({})", ALGORITHMS.len() + 1, fmt_time(clock.elapsed()));
    let mut figures = Vec::new();
    for ((family, runs), series) in families.iter().zip(&generated).zip(&series) {
        let file = format!("generation-{}.svg", family.name);
        let bars: Vec<(String, f64)> = runs.iter().map(|(preset, times, _)| (preset.clone(), mean(times))).collect();
        bar_chart(
            &args.output.join(&file),
            &format!("{}: generation time per difficulty (ms, mean)", family.name),
            &bars,
        )?;
        figures.push((file, format!("{}: generation time per difficulty", family.name)));
        if series.iter().any(|(_, points)| !points.is_empty()) {
            let file = format!("solving-{}.svg", family.name);
            let title = format!("{}: solving time against optimal length (ms)", family.name);
            line_chart(&args.output.join(&file), &title, "optimal length", series)?;
            figures.push((file, format!("{}: solving time against optimal length, per algorithm", family.name)));
        }
    }
    let evolving = Instant::now();
    let (fitness, times) = evolution_runs(args.seed)?;
    line_chart(
        &args.output.join("ga-fitness.svg"),
        "Hargram: best fitness against evaluations, GA and annealing",
        "fitness evaluations",
        &fitness,
    )?;
    line_chart(
        &args.output.join("ga-time.svg"),
        "Hargram: time against evaluations (ms), GA and annealing",
        "fitness evaluations",
        &times,
    )?;
    figures.push((
        "ga-fitness.svg".into(),
        "Genetic algorithm and simulated annealing (Hargram, one genome): best fitness against evaluations".into(),
    ));
    figures.push((
        "ga-time.svg".into(),
        "Genetic algorithm and simulated annealing (Hargram, one genome): time against evaluations".into(),
    ));
    busy += evolving.elapsed();
    write_index(&args.output, &figures)?;
    println!(
        "wrote {} figures and index.html to {} in {} ({}; the times plotted are a thread's)",
        figures.len(),
        args.output.display(),
        fmt_time(clock.elapsed()),
        parallel::speedup(busy, clock.elapsed(), jobs)
    );
    Ok(())
}

/// Points of a line: (x, y).
type Points = Vec<(f64, f64)>;

/// Generated puzzles per preset: (preset, milliseconds each, the puzzles' descriptions).
type PresetRun = (String, Vec<f64>, Vec<String>);

/// `count` puzzles of each preset of every family, each from its own stream (as `lp generate` draws
/// them) and timed, a puzzle a thread (Linjat's optimizer shortened to 300 iterations, so that the report
/// takes seconds): per family its presets' runs, and the threads' time.
fn generate_presets(
    families: &[Entry],
    args: &ReportArgs,
    jobs: usize,
) -> Result<(Vec<Vec<PresetRun>>, Duration), String> {
    // A name no family has is a typo, not a request for every family's first preset.
    if let Some(unknown) =
        args.presets.iter().find(|n| !families.iter().any(|f| f.presets.iter().any(|p| &p.name == n)))
    {
        let mut known: Vec<&str> = families.iter().flat_map(|f| f.presets.iter().map(|p| p.name)).collect();
        known.sort_unstable();
        known.dedup();
        return Err(format!("--presets: no family has a preset '{unknown}' (known: {})", known.join(", ")));
    }
    // Every family's presets in turn (those asked for): (family, preset) as indices.
    let asked = |family: &Entry| -> Vec<usize> {
        let all = 0..family.presets.len();
        let named: Vec<usize> =
            all.clone().filter(|&p| args.presets.iter().any(|n| n == family.presets[p].name)).collect();
        match () {
            _ if args.presets.is_empty() => all.collect(),
            _ if named.is_empty() => all.take(1).collect(),
            _ => named,
        }
    };
    let chosen: Vec<Vec<usize>> = families.iter().map(asked).collect();
    // (family, its k-th preset asked for, the preset's index).
    let presets: Vec<(usize, usize, usize)> = chosen
        .iter()
        .enumerate()
        .flat_map(|(f, asked)| asked.iter().enumerate().map(move |(k, &p)| (f, k, p)))
        .collect();
    let count = args.count;
    let make = |g: usize, i: usize| -> Result<Option<(f64, String)>, String> {
        let family = &families[presets[g].0];
        let preset = family.presets[presets[g].2].name;
        let extra = if family.params.iter().any(|p| p.name == "iterations") { ",iterations=300" } else { "" };
        let mut generator = family.generator(&format!("preset={preset}{extra}"), stream_seed(args.seed, i))?;
        let clock = Instant::now();
        // A preset that yields nothing within the generator's limits has fewer puzzles, not an error.
        Ok(generator.next(100_000).ok().map(|made| (clock.elapsed().as_secs_f64() * 1e3, made.session.describe())))
    };
    let mut runs: Vec<Vec<PresetRun>> = families
        .iter()
        .zip(&chosen)
        .map(|(family, asked)| {
            asked.iter().map(|&p| (family.presets[p].name.to_string(), Vec::new(), Vec::new())).collect()
        })
        .collect();
    let busy = parallel::grouped(presets.len(), count, jobs, make, |g, made| -> Result<(), String> {
        let run = &mut runs[presets[g].0][presets[g].1];
        for (ms, desc) in made.into_iter().collect::<Result<Vec<_>, _>>()?.into_iter().flatten() {
            run.1.push(ms);
            run.2.push(desc);
        }
        Ok(())
    })?;
    Ok((runs, busy))
}

/// Per family (`puzzles` are (family, description)), per algorithm, (optimal length, mean milliseconds)
/// over its puzzles whose exact solver finds a solution within the cap; points by length, ascending. A
/// search a thread; the threads' time.
fn solving_times(
    puzzles: &[(usize, &str)],
    families: usize,
    max_nodes: usize,
    jobs: usize,
) -> Result<(Vec<Vec<Series>>, Duration), String> {
    let algorithms: Vec<Algorithm> = std::iter::once(Ok(Algorithm::Exact))
        .chain(ALGORITHMS.iter().map(|name| Algorithm::parse(name).ok_or(format!("unknown algorithm {name}"))))
        .collect::<Result<_, _>>()?;
    // A search a thread; a group is a puzzle's searches, the exact one first.
    let run = |p: usize, a: usize| -> Result<Option<(usize, f64)>, String> {
        let puzzle = registry::parse(puzzles[p].1).map_err(|e| e.to_string())?;
        let mut solver =
            puzzle.solver(algorithms[a], max_nodes).map_err(|e| format!("--max-nodes {max_nodes}: {e}; give fewer"))?;
        solver.set_node_limit((max_nodes as u64).saturating_mul(20));
        let clock = Instant::now();
        while solver.step(1 << 16).status == Status::InProgress {}
        let ms = clock.elapsed().as_secs_f64() * 1e3;
        let length = solver.stats().solution_length;
        Ok(length.filter(|_| solver.status() == Status::Found).map(|length| (length as usize, ms)))
    };
    type ByLength = std::collections::BTreeMap<usize, Vec<f64>>;
    let mut by_length = vec![vec![ByLength::new(); ALGORITHMS.len()]; families];
    let busy = parallel::grouped(puzzles.len(), algorithms.len(), jobs, run, |p, solved| -> Result<(), String> {
        let solved = solved.into_iter().collect::<Result<Vec<_>, _>>()?;
        // Points only for the puzzles whose optimal length the exact solver proved.
        let Some((Some((optimal, _)), others)) = solved.split_first() else { return Ok(()) };
        for (by_length, solved) in by_length[puzzles[p].0].iter_mut().zip(others) {
            if let Some((_, ms)) = solved {
                by_length.entry(*optimal).or_default().push(*ms);
            }
        }
        Ok(())
    })?;
    let series = by_length
        .into_iter()
        .map(|family| {
            ALGORITHMS
                .iter()
                .zip(family)
                .map(|(name, by_length)| {
                    (name.to_string(), by_length.into_iter().map(|(l, ms)| (l as f64, mean(&ms))).collect())
                })
                .collect()
        })
        .collect();
    Ok((series, busy))
}

/// A named line of a chart.
type Series = (String, Points);

/// Best fitness and elapsed milliseconds against evaluations, every 300 evaluations, of the GA and of
/// annealing on the same generated Hargram board with the same budget (18,000 evaluations).
fn evolution_runs(seed: u64) -> Result<(Vec<Series>, Vec<Series>), String> {
    let family = registry::named("hargram")?;
    let mut generator = family.generator("preset=medium", seed)?;
    let session = generator.next(100_000).map_err(|status| generator.reason(status))?.session;
    let params = GaParams { population: 300, generations: 60, ..GaParams::default() };
    let budget = params.population * params.generations;
    let schedule = Schedule { iterations: budget / 10, seed, ..GENOME_SCHEDULE };
    let (mut fitness, mut times) = (Vec::new(), Vec::new());
    for (name, how) in [("GA", Evolution::Genetic { params, seed }), ("annealing", Evolution::Annealing(schedule))] {
        let mut run = session.evolve(how)?;
        let (mut best, mut elapsed, clock) = (Vec::new(), Vec::new(), Instant::now());
        loop {
            let report = run.step(params.population);
            let evaluations = report.evaluations as f64;
            best.push((evaluations, report.best_fitness as f64));
            elapsed.push((evaluations, clock.elapsed().as_secs_f64() * 1e3));
            if report.status != Status::InProgress {
                break;
            }
        }
        fitness.push((name.to_string(), best));
        times.push((name.to_string(), elapsed));
    }
    Ok((fitness, times))
}

fn mean(values: &[f64]) -> f64 {
    if values.is_empty() {
        0.0
    } else {
        values.iter().sum::<f64>() / values.len() as f64
    }
}

fn failed(e: impl std::fmt::Display) -> String {
    format!("drawing a figure: {e}")
}

/// A bar chart of `bars` (label, value).
fn bar_chart(path: &Path, title: &str, bars: &[(String, f64)]) -> Result<(), String> {
    let root = SVGBackend::new(path, (640, 360)).into_drawing_area();
    root.fill(&WHITE).map_err(failed)?;
    // A log scale: the hardest preset often takes a thousand times the easiest.
    let top = bars.iter().map(|b| b.1).fold(0.0, f64::max).max(1e-3) * 2.0;
    let floor = bars.iter().map(|b| b.1).filter(|&v| v > 0.0).fold(top, f64::min) / 2.0;
    let mut chart = ChartBuilder::on(&root)
        .caption(title, ("sans-serif", 18))
        .margin(12)
        .x_label_area_size(30)
        .y_label_area_size(60)
        .build_cartesian_2d((0..bars.len()).into_segmented(), (floor..top).log_scale())
        .map_err(failed)?;
    chart
        .configure_mesh()
        .x_label_formatter(&|x| match x {
            SegmentValue::CenterOf(i) => bars.get(*i).map_or(String::new(), |b| b.0.clone()),
            _ => String::new(),
        })
        .y_desc("ms (log scale)")
        .draw()
        .map_err(failed)?;
    chart
        .draw_series(bars.iter().enumerate().map(|(i, (_, value))| {
            let style = Palette99::pick(i).filled();
            Rectangle::new([(SegmentValue::Exact(i), floor), (SegmentValue::Exact(i + 1), value.max(floor))], style)
        }))
        .map_err(failed)?;
    root.present().map_err(failed)
}

/// Line series (name, points) against `x_label`.
fn line_chart(path: &Path, title: &str, x_label: &str, series: &[(String, Points)]) -> Result<(), String> {
    let root = SVGBackend::new(path, (640, 360)).into_drawing_area();
    root.fill(&WHITE).map_err(failed)?;
    let points = series.iter().flat_map(|(_, p)| p.iter());
    let (x_max, y_max) = points.fold((1.0f64, 1e-3f64), |(x, y), p| (x.max(p.0), y.max(p.1)));
    let mut chart = ChartBuilder::on(&root)
        .caption(title, ("sans-serif", 18))
        .margin(12)
        .x_label_area_size(36)
        .y_label_area_size(60)
        .build_cartesian_2d(0.0..x_max * 1.05, 0.0..y_max * 1.1)
        .map_err(failed)?;
    chart.configure_mesh().x_desc(x_label).draw().map_err(failed)?;
    for (i, (name, points)) in series.iter().enumerate() {
        let colour = Palette99::pick(i).to_rgba();
        chart
            .draw_series(LineSeries::new(points.iter().copied(), colour.stroke_width(2)))
            .map_err(failed)?
            .label(name.as_str())
            .legend(move |(x, y)| PathElement::new([(x, y), (x + 16, y)], colour.stroke_width(2)));
        chart.draw_series(points.iter().map(|&p| Circle::new(p, 3, colour.filled()))).map_err(failed)?;
    }
    chart.configure_series_labels().background_style(WHITE.mix(0.8)).border_style(BLACK).draw().map_err(failed)?;
    root.present().map_err(failed)
}

fn write_index(dir: &Path, figures: &[(String, String)]) -> Result<(), String> {
    let items: String = figures
        .iter()
        .map(|(file, caption)| {
            format!("<figure><img src=\"{file}\" alt=\"{caption}\"><figcaption>{caption}</figcaption></figure>\n")
        })
        .collect();
    let page = format!(
        "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>lphint report</title>\n<style>body{{font-family:\
         sans-serif;margin:2rem}} figure{{display:inline-block;margin:1rem}} img{{border:1px solid #ccc}}</style></head>\n\
         <body><h1>lphint report</h1>\n{items}</body></html>\n"
    );
    std::fs::write(dir.join("index.html"), page).map_err(|e| format!("cannot write index.html: {e}"))
}
