// The Plots tab: the earlier assistant's figures, measured in the worker for the chosen family —
// generation time per difficulty, solving time against optimal length per algorithm (numeric axes, log
// time when it spans decades, runs that hit the node cap marked), and for Hargram the genetic algorithm's
// and simulated annealing's (the same genome, the same budget of evaluations) best fitness and time
// against evaluations — each exported as SVG or PNG with its title, legend and axis titles. The same figures come out of `lp report -o DIR`.
import { barsY, lines } from "./charts.js";
import { noun } from "./board.js";
import { Job } from "./jobs.js";

const $ = (id) => document.getElementById(id);
const ALGORITHMS = ["bfs", "astar", "ida", "best-first", "anneal"];
const NAMES = { bfs: "breadth-first", astar: "A*", ida: "IDA*", "best-first": "best-first", anneal: "simulated annealing" };
const CAP = 200_000;

export class Plots {
  constructor(studio) {
    this.studio = studio;
    this.job = new Job();
    studio.fillFamilies($("plot-family"), () => {});
    $("plot-run").onclick = () => this.run();
    $("plot-cancel").onclick = () => this.job.cancel();
  }

  async run() {
    const family = this.studio.family($("plot-family").value);
    const count = Number($("plot-count").value);
    const quick = this.studio.quickParams(family);
    const extra = quick ? `,${quick}` : "";
    const hasGa = family.name === "hargram";
    const presets = family.presets.map((p) => p.name);
    for (const id of ["plot-gen", "plot-solve", "plot-ga-fitness", "plot-ga-time"]) $(id).replaceChildren();
    if (!hasGa) {
      for (const id of ["plot-ga-fitness", "plot-ga-time"]) {
        $(id).append(Object.assign(document.createElement("p"), { className: "hint-text", textContent: `The genetic algorithm and annealing on its genome pack Hargram boards; ${family.name} has none. Pick hargram for these figures.` }));
      }
    }
    $("plot-state").textContent = "running…";
    $("plot-state").dataset.done = "false";
    $("plot-run").disabled = true;
    $("plot-cancel").disabled = false;
    const task = { type: "plots", family: family.name, presets, algorithms: ALGORITHMS, count, extra, cap: CAP, ga: hasGa ? { params: "preset=medium", population: 300, generations: 40 } : null };
    const end = await this.job.run(task, (m) => {
      if (m.type === "progress") $("plot-state").textContent = m.what;
      else if (m.type === "generation-times") {
        barsY("plot-gen", {
          title: `Generation time per difficulty: ${family.name}`,
          xLabel: "preset",
          yLabel: "mean time per puzzle (ms)",
          bars: m.presets.map((p, i) => ({ label: p, value: m.means[i] === null ? 0 : +m.means[i].toFixed(2) })),
        });
      } else if (m.type === "solving-times") {
        lines("plot-solve", {
          title: `Solving time against optimal length: ${family.name} (node cap ${CAP.toLocaleString("en")})`,
          // The solution's length counts moves (Hargram's rating counts search nodes: not this axis).
          xLabel: `optimal length (${noun(family.engine, 2)})`,
          yLabel: "mean time (ms)",
          series: m.series.map((s) => ({ name: NAMES[s.name] ?? s.name, points: s.points })),
        });
      } else if (m.type === "ga") {
        const last = Math.max(...m.runs.map((r) => r.points.at(-1).evaluations));
        const perfect = [{ x: 0, y: m.perfect, capped: false }, { x: last, y: m.perfect, capped: false }];
        lines("plot-ga-fitness", {
          title: "Hargram: best fitness against evaluations, GA and annealing",
          xLabel: "fitness evaluations",
          yLabel: "best fitness (cells covered)",
          series: [
            ...m.runs.map((r) => ({ name: r.name, points: r.points.map((p) => ({ x: p.evaluations, y: p.fitness, capped: false })) })),
            { name: "a full cover", points: perfect },
          ],
        });
        lines("plot-ga-time", {
          title: "Hargram: time against evaluations, GA and annealing",
          xLabel: "fitness evaluations",
          yLabel: "elapsed time (ms)",
          series: m.runs.map((r) => ({ name: r.name, points: r.points.map((p) => ({ x: p.evaluations, y: +p.ms.toFixed(1), capped: false })) })),
        });
      }
    });
    $("plot-state").textContent = { done: "done", cancelled: "cancelled", error: `error: ${end.message}` }[end.type];
    $("plot-state").dataset.done = "true";
    $("plot-run").disabled = false;
    $("plot-cancel").disabled = true;
  }
}
