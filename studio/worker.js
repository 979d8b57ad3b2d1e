// The studio's Web Worker: generates batches (and the Plots tab's timings) off the page's thread, so that
// the page stays responsive; the page cancels a batch by terminating the worker. Each generated puzzle is
// sent as a one-puzzle pack (with its solution and rating), which the page keeps for export.
import { load, Status, Algorithm } from "./lphint/index.js";

const lp = await load(new URL("./lphint/lphint.wasm", import.meta.url));
const BUDGET = 20000;

function generate({ family, params, count, seed }) {
  const generator = new lp.Generator(family, params, seed);
  let started = performance.now();
  let made = 0;
  while (made < count) {
    const step = generator.step(BUDGET);
    if (step.status === Status.IN_PROGRESS) continue;
    if (step.status !== Status.OK) {
      postMessage({ type: "end", status: step.status, made });
      break;
    }
    const ms = performance.now() - started;
    const writer = new lp.PackWriter();
    writer.add(step.puzzle, step.rating);
    const objective = step.puzzle.fact("objective");
    postMessage({ type: "puzzle", index: made, desc: step.puzzle.describe(), rating: step.rating, ms, pack: writer.bytes(), objective });
    writer.free();
    step.puzzle.free();
    made++;
    started = performance.now();
  }
  generator.free();
  postMessage({ type: "done", made });
}

/** Mean generation time of `count` puzzles for each preset of `family`. */
function generationTimes({ family, presets, count, extra }) {
  const means = presets.map((preset, i) => {
    const generator = new lp.Generator(family, `preset=${preset}${extra}`, 7 + i);
    const started = performance.now();
    let made = 0;
    for (let tries = 0; made < count && tries < count; tries++) if (generator.next(BUDGET)) made++;
    generator.free();
    postMessage({ type: "progress", what: `generation: ${preset}` });
    return made ? (performance.now() - started) / made : 0;
  });
  postMessage({ type: "generation-times", presets, means });
}

/** 8-puzzle solving time against optimal length, per algorithm. */
function solvingTimes({ lengths, algorithms, count }) {
  const series = algorithms.map(() => []);
  for (const length of lengths) {
    const generator = new lp.Generator("tiles", `size=3x3,min=${length},max=${length}`, length);
    const puzzles = [];
    for (let i = 0; i < count; i++) {
      const next = generator.next(BUDGET);
      if (next) puzzles.push(next.puzzle);
    }
    generator.free();
    algorithms.forEach((algorithm, a) => {
      const started = performance.now();
      for (const puzzle of puzzles) {
        const solver = puzzle.solver(algorithm, 200000);
        solver.run(1 << 16);
        solver.free();
      }
      series[a].push(puzzles.length ? (performance.now() - started) / puzzles.length : 0);
    });
    puzzles.forEach((p) => p.free());
    postMessage({ type: "progress", what: `solving: length ${length}` });
  }
  postMessage({ type: "solving-times", lengths, algorithms, series });
}

/** The genetic algorithm on a Hargram board: best fitness and elapsed time after each generation. */
function gaRun({ params, population, generations }) {
  const { puzzle } = lp.generate("hargram", params, 5);
  const ga = new lp.Ga(puzzle, { population, generations, tournament: 3, crossover: 0.9, mutation: 0.15 }, 3);
  const [fitness, times] = [[], []];
  const started = performance.now();
  let report;
  do {
    report = ga.step(population);
    fitness.push(report.bestFitness);
    times.push(performance.now() - started);
  } while (report.status === Status.IN_PROGRESS);
  ga.free();
  puzzle.free();
  postMessage({ type: "ga", fitness, times, perfect: report.perfect, found: report.found });
}

const HANDLERS = { generate, generationTimes, solvingTimes, gaRun };
onmessage = ({ data }) => {
  try {
    HANDLERS[data.type](data);
  } catch (e) {
    postMessage({ type: "error", message: String(e.message ?? e) });
  }
};
postMessage({ type: "ready" });
