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

/** Solving time against optimal length, per algorithm, on `count` puzzles of each preset of `family`
 * (the exact solver gives the length; a search stopped by its node cap gives no point). */
function solvingTimes({ family, presets, algorithms, count, extra }) {
  const byLength = algorithms.map(() => new Map());
  presets.forEach((preset, i) => {
    const generator = new lp.Generator(family, `preset=${preset}${extra}`, 11 + i);
    for (let n = 0; n < count; n++) {
      const next = generator.next(BUDGET);
      if (!next) break;
      const exact = next.puzzle.solver(7, 1 << 16);
      exact.setNodeLimit(5_000_000);
      const length = exact.run(1 << 16) === Status.OK ? exact.stats().solutionLength : null;
      exact.free();
      algorithms.forEach((algorithm, a) => {
        if (length === null) return;
        const solver = next.puzzle.solver(algorithm, 200000);
        solver.setNodeLimit(4_000_000);
        const started = performance.now();
        const status = solver.run(1 << 16);
        const ms = performance.now() - started;
        solver.free();
        if (status !== Status.OK) return;
        const times = byLength[a].get(length) ?? [];
        byLength[a].set(length, [...times, ms]);
      });
      next.puzzle.free();
    }
    generator.free();
    postMessage({ type: "progress", what: `solving: ${preset}` });
  });
  const lengths = [...new Set(byLength.flatMap((m) => [...m.keys()]))].sort((x, y) => x - y);
  const mean = (v) => (v ? v.reduce((s, x) => s + x, 0) / v.length : null);
  const series = byLength.map((m) => lengths.map((l) => mean(m.get(l))));
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
