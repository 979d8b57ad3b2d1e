// The Compare tab (the algorithm lab): every search on the Play tab's puzzle with one node cap — breadth-
// first, hill climbing and simulated annealing under each of the family's heuristics, best-first, A*,
// IDA*, beam search and the
// family's exact solver — run in the worker (progress, cancel), each row shown as it ends; rows whose
// answer differs from the exact solver's are flagged; a bar chart of nodes expanded (log scale when they
// span decades, failures in red); every path replayable on the Play tab's scrubber.
import { barsX, FAILED, PALETTE } from "./charts.js";
import { Job } from "./jobs.js";
import { noun } from "./board.js";

const $ = (id) => document.getElementById(id);

export class Compare {
  constructor(studio) {
    this.studio = studio;
    this.job = new Job();
    this.rows = [];
    $("cmp-run").onclick = () => this.run();
    $("cmp-cancel").onclick = () => this.job.cancel();
  }

  /** The runs: an algorithm name of the ABI and, for the local searches, each heuristic the family offers. The
   * beam keeps a hundredth of the node cap a depth, so that it can go 100 moves deep. */
  runs(family, cap) {
    const heuristics = family.options.find((o) => o.name === "heuristic")?.choices ?? [];
    const local = (label, algorithm) =>
      heuristics.length ? heuristics.map((h) => [`${label} (${h})`, algorithm, h]) : [[label, algorithm, null]];
    // How a local search ends without a solution before the cap: by its own rule.
    const ownEnd = { hill: "stuck at a local optimum", anneal: "its own schedule ran out (walks of 20,000 steps, 10 of them)" };
    const beam = `beam:${Math.max(1, Math.floor(cap / 100))}`;
    const all = [
      ["breadth-first", "bfs", null],
      ...local("hill climbing", "hill"),
      ...local("simulated annealing", "anneal"),
      ["best-first", "best-first", null],
      ["A*", "astar", null],
      ["IDA*", "ida", null],
      ["beam search", beam, null],
      ["exact", 7, null],
    ];
    return all.map(([name, algorithm, heuristic]) => ({ name, algorithm, heuristic, ownEnd: ownEnd[algorithm] ?? null }));
  }

  async run() {
    const desc = this.studio.current;
    const family = this.studio.family(this.studio.familyOf(desc));
    const cap = Number($("cmp-cap").value);
    this.cap = cap;
    const runs = this.runs(family, cap);
    this.rows = [];
    this.show(desc, family);
    $("cmp-run").disabled = true;
    $("cmp-cancel").disabled = false;
    $("cmp-state").dataset.done = "false";
    $("cmp-state").textContent = `running ${runs.length} algorithms, each stopped at ${cap.toLocaleString("en")} nodes…`;
    const end = await this.job.run(this.studio.task({ type: "compare", desc, runs, cap }), (m) => {
      if (m.type === "row") {
        this.rows[m.index] = { ...m.row, ownEnd: runs[m.index].ownEnd };
        this.show(desc, family);
        $("cmp-state").textContent = `${this.rows.filter(Boolean).length} of ${runs.length} done`;
      } else if (m.type === "progress") $("cmp-state").textContent = `${this.rows.filter(Boolean).length} of ${runs.length} done; ${m.what}: ${m.expanded.toLocaleString("en")} nodes`;
    });
    // The algorithms a cancel stopped or never started stay listed, as such.
    if (end.type === "cancelled") {
      runs.forEach((run, i) => {
        this.rows[i] ??= { name: run.name, status: "cancelled", length: null, optimal: false, expanded: null, generated: null, peak: null, bytes: null, ms: null, moves: null };
      });
      this.show(desc, family);
    }
    $("cmp-run").disabled = false;
    $("cmp-cancel").disabled = true;
    $("cmp-state").textContent = { done: "every algorithm ran", cancelled: "cancelled", error: `error: ${end.message}` }[end.type];
    $("cmp-state").dataset.done = "true";
  }

  /** Why a row disagrees with the exact solver (proven answers only), or null. */
  disagreement(row, exact) {
    if (!exact || !exact.optimal || row === exact || row.length === null) return null;
    if (row.optimal && row.length !== exact.length) return `claims ${row.length} as optimal; the exact solver proved ${exact.length}`;
    if (row.length < exact.length) return `shorter than the proven optimum ${exact.length}`;
    return null;
  }

  show(desc, family) {
    const exact = this.rows.find((r) => r && r.name === "exact");
    const body = this.rows.filter(Boolean).map((r) => {
      const tr = document.createElement("tr");
      tr.dataset.algorithm = r.name;
      const optimal = r.length === null ? "-" : r.optimal ? "proven" : "not proven";
      // A local search that gave up below the cap ended by its own rule: the status says which.
      const own = r.ownEnd && r.status === "not_found" && r.expanded !== null && r.expanded < this.cap;
      const status = own ? `not found after ${r.expanded.toLocaleString("en")} steps, below the cap: ${r.ownEnd}` : r.status.replace(/_/g, " ");
      const cells = [r.name, status, r.length ?? "-", optimal, r.expanded, r.generated, r.peak, r.bytes, r.ms?.toFixed(2) ?? "-"];
      cells.forEach((value, i) => {
        const td = document.createElement("td");
        td.textContent = typeof value === "number" ? value.toLocaleString("en") : (value ?? "-");
        if (i >= 4) td.className = "num";
        tr.append(td);
      });
      tr.children[2].className = "length";
      tr.children[3].className = "optimal";
      const why = this.disagreement(r, exact);
      if (why) {
        tr.dataset.flag = "true";
        tr.title = why;
        tr.children[3].textContent += ` (${why})`;
      }
      const action = document.createElement("td");
      if (r.moves) {
        const replay = Object.assign(document.createElement("button"), { textContent: "replay" });
        replay.setAttribute("aria-label", `replay the path of ${r.name}`);
        const what = `${r.name}: ${r.moves.length} ${noun(family.engine, r.moves.length)}${r.optimal ? " (optimal)" : ""}.`;
        replay.onclick = () => this.studio.play.openDesc(desc, r.moves, what);
        action.append(replay);
      }
      tr.append(action);
      return tr;
    });
    $("cmp-table").tBodies[0].replaceChildren(...body);
    const rows = this.rows.filter((r) => r && r.expanded !== null);
    if (rows.length === 0) return $("cmp-chart").replaceChildren();
    barsX("cmp-chart", {
      title: "Nodes expanded per algorithm",
      xLabel: "nodes expanded",
      bars: rows.map((r) => ({
        label: r.name,
        value: r.expanded,
        colour: r.length === null ? FAILED : PALETTE[0],
        text: `${r.expanded.toLocaleString("en")}${r.length === null ? ` (${r.status.replace(/_/g, " ")})` : ""}`,
      })),
      legend: [
        { name: "found a path", colour: PALETTE[0] },
        { name: "no path (cap, stuck or failed)", colour: FAILED },
      ],
    });
  }
}
