// The Compare tab (the algorithm lab): every search on the Play tab's puzzle with one node cap — breadth-
// first, hill climbing under each of the family's heuristics, best-first, A*, IDA*, beam search and the
// family's exact solver — a table of their counters and time, a bar chart, and each path replayable on the board.
import { Status, statusName } from "./lphint/index.js";
import { bars } from "./charts.js";

const $ = (id) => document.getElementById(id);

export class Compare {
  constructor(studio) {
    this.studio = studio;
    this.lp = studio.lp;
    $("cmp-run").onclick = () => this.run();
  }

  /** The runs: an algorithm name of the ABI and, for hill climbing, each heuristic the family offers. The
   * beam keeps a hundredth of the node cap a depth, so that it can go 100 moves deep. */
  runs(family, cap) {
    const heuristics = family.options.find((o) => o.name === "heuristic")?.choices ?? [];
    const hill = heuristics.length ? heuristics.map((h) => [`hill climbing (${h})`, "hill", h]) : [["hill climbing", "hill", null]];
    const beam = `beam:${Math.max(1, Math.floor(cap / 100))}`;
    return [["breadth-first", "bfs", null], ...hill, ["best-first", "best-first", null], ["A*", "astar", null], ["IDA*", "ida", null], ["beam search", beam, null], ["exact", 7, null]];
  }

  run() {
    const desc = this.studio.current;
    const family = this.studio.family(this.studio.familyOf(desc));
    const cap = Number($("cmp-cap").value);
    const rows = [];
    for (const [name, algorithm, heuristic] of this.runs(family, cap)) {
      const puzzle = this.lp.Puzzle.parse(desc);
      let row = { name, status: "-", length: "-", optimal: "-", expanded: 0, generated: 0, peak: 0, bytes: 0, ms: 0, moves: null };
      try {
        if (heuristic) puzzle.setOption("heuristic", heuristic);
        const solver = puzzle.solver(algorithm, cap);
        solver.setNodeLimit(cap * 20);
        const started = performance.now();
        const status = solver.run(1 << 16);
        const ms = performance.now() - started;
        const s = solver.stats();
        row = {
          name,
          status: statusName(status).replace("LP_", "").toLowerCase(),
          length: status === Status.OK ? s.solutionLength : "-",
          // "proven" only for an exact algorithm with a heuristic the family declares admissible.
          optimal: status === Status.OK ? (s.optimal ? "proven" : "not proven") : "-",
          expanded: s.expanded,
          generated: s.generated,
          peak: s.peakStored,
          bytes: s.bytesReserved,
          ms,
          moves: status === Status.OK ? solver.moves() : null,
        };
        solver.free();
      } catch (e) {
        row.status = e.message;
      }
      puzzle.free();
      rows.push(row);
    }
    this.show(desc, rows);
  }

  show(desc, rows) {
    const body = rows.map((r) => {
      const tr = document.createElement("tr");
      tr.dataset.algorithm = r.name;
      const cells = [r.name, r.status, r.length, r.optimal, r.expanded, r.generated, r.peak, r.bytes, r.ms.toFixed(2)];
      tr.innerHTML = cells.map((c) => `<td>${c}</td>`).join("") + "<td></td>";
      tr.children[2].className = "length";
      tr.children[3].className = "optimal";
      if (r.moves) {
        const replay = Object.assign(document.createElement("button"), { textContent: "replay" });
        replay.onclick = () => this.studio.play.openDesc(desc, r.moves);
        tr.lastChild.append(replay);
      }
      return tr;
    });
    $("cmp-table").tBodies[0].replaceChildren(...body);
    bars("cmp-chart", rows.map((r) => r.name), rows.map((r) => r.expanded), { horizontalBars: true, reverseData: true, height: "300px", axisY: { offset: 150 } });
  }
}
