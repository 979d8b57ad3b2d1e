// The Plots tab: the earlier assistant's figures, computed in the worker — generation time per
// difficulty and solving time against optimal length per algorithm for the chosen family, and the
// genetic algorithm's best fitness and time against generations — each exportable as SVG or PNG. The
// same figures come out of `lp report -o DIR`.
import { bars, lines } from "./charts.js";

const $ = (id) => document.getElementById(id);

export class Plots {
  constructor(studio) {
    this.studio = studio;
    studio.fillFamilies($("plot-family"), () => {});
    $("plot-run").onclick = () => this.run();
  }

  run() {
    const family = this.studio.family($("plot-family").value);
    const count = Number($("plot-count").value);
    const extra = family.name === "linjat" ? ",iterations=300" : "";
    $("plot-state").textContent = "running…";
    $("plot-state").dataset.done = "false";
    let pending = 3;
    const worker = this.studio.worker((m) => {
      if (m.type === "ready") {
        worker.postMessage({ type: "generationTimes", family: family.name, presets: family.presets.map((p) => p.name), count, extra });
        const presets = family.presets.map((p) => p.name);
        worker.postMessage({ type: "solvingTimes", family: family.name, presets, algorithms: ["bfs", "astar", "ida", "best-first"], count, extra });
        worker.postMessage({ type: "gaRun", params: "preset=medium", population: 300, generations: 40 });
      } else if (m.type === "progress") $("plot-state").textContent = m.what;
      else if (m.type === "generation-times") bars("plot-gen", m.presets, m.means.map((v) => +v.toFixed(2)));
      else if (m.type === "solving-times") lines("plot-solve", m.lengths, m.series.map((s) => s.map((v) => (v === null ? null : +v.toFixed(3)))), m.algorithms);
      else if (m.type === "ga") {
        const generations = m.fitness.map((_, i) => i + 1);
        const every = Math.max(1, Math.floor(generations.length / 20));
        const label = generations.map((g) => (g % every === 0 ? g : ""));
        lines("plot-ga-fitness", label, [m.fitness, m.fitness.map(() => m.perfect)], ["best fitness", "a full cover"]);
        lines("plot-ga-time", label, [m.times.map((t) => +t.toFixed(1))], ["elapsed ms"]);
      } else if (m.type === "error") $("plot-state").textContent = `error: ${m.message}`;
      if (["generation-times", "solving-times", "ga"].includes(m.type) && --pending === 0) {
        worker.terminate();
        $("plot-state").textContent = "done";
        $("plot-state").dataset.done = "true";
      }
    });
  }
}
