// The studio's Web Worker (driven by jobs.js): every search, batch and measurement runs here, stepped, so
// that the page stays responsive and reports progress; the page cancels a task by terminating the worker.
// A task posts `progress` and partial results, and ends with `done` (or `error`). Generated puzzles come
// back as one-puzzle packs (with their solution and rating), which the page keeps for export.
import { load, Status, Algorithm, statusName } from "./lphint/index.js";
import { loadModule, parser } from "./custom.js";

const lp = await load(new URL("./lphint/lphint.wasm", import.meta.url));
/** Descriptions to puzzles: the registry's, and custom ones once a task brings their module. */
let parse = parser(lp, null);
const BUDGET = 20000;
const HEARTBEAT_MS = 200;

/** Calls `report()` at most every HEARTBEAT_MS. */
function heartbeat(report) {
  let last = performance.now();
  return () => {
    const now = performance.now();
    if (now - last >= HEARTBEAT_MS) {
      last = now;
      report();
    }
  };
}

/** Runs `solver` to its end in steps, posting its expansions as progress. */
function runSolver(solver, what) {
  const beat = heartbeat(() => postMessage({ type: "progress", what, expanded: solver.stats().expanded }));
  let status;
  do {
    status = solver.step(BUDGET);
    beat();
  } while (status === Status.IN_PROGRESS);
  return status;
}

/** The exact solver's solution from a position, within `nodeLimit` expansions. */
function solve({ desc, nodeLimit }) {
  const puzzle = parse(desc);
  const solver = puzzle.solver(Algorithm.EXACT, 1 << 20);
  solver.setNodeLimit(nodeLimit);
  const status = runSolver(solver, "solving");
  const stats = solver.stats();
  const done = { type: "done", status, expanded: stats.expanded, optimal: status === Status.OK && stats.optimal };
  if (status === Status.OK) done.moves = solver.moves();
  solver.free();
  puzzle.free();
  postMessage(done);
}

/** One row of Compare: `algorithm` (under `heuristic`) on `desc`, stopped after `cap` expansions. */
function compareRun(desc, { name, algorithm, heuristic }, cap) {
  const puzzle = parse(desc);
  const row = { name, status: "-", length: null, optimal: false, expanded: 0, generated: 0, peak: 0, bytes: 0, ms: 0, moves: null };
  try {
    if (heuristic) puzzle.setOption("heuristic", heuristic);
    const solver = puzzle.solver(algorithm, cap);
    solver.setNodeLimit(cap);
    const started = performance.now();
    const status = runSolver(solver, name);
    row.ms = performance.now() - started;
    const s = solver.stats();
    Object.assign(row, {
      status: statusName(status).replace("LP_", "").toLowerCase(),
      length: status === Status.OK ? s.solutionLength : null,
      optimal: status === Status.OK && s.optimal,
      expanded: s.expanded,
      generated: s.generated,
      peak: s.peakStored,
      bytes: s.bytesReserved,
      moves: status === Status.OK ? solver.moves() : null,
    });
    solver.free();
  } catch (e) {
    row.status = e.message;
  }
  puzzle.free();
  return row;
}

/** Every run of Compare, each row posted as it ends. */
function compare({ desc, runs, cap }) {
  runs.forEach((run, index) => postMessage({ type: "row", index, row: compareRun(desc, run, cap) }));
  postMessage({ type: "done" });
}

/** The puzzle as a one-puzzle pack: its description, rating and pack bytes. */
function packed(puzzle, rating) {
  const writer = new lp.PackWriter();
  writer.add(puzzle, rating);
  const result = { desc: puzzle.describe(), rating, pack: writer.bytes(), objective: puzzle.fact("objective") };
  writer.free();
  return result;
}

/** A batch of `count` puzzles, each posted when made; `working` says how far the next one is. */
function generate({ family, params, count, seed }) {
  const generator = new lp.Generator(family, params, seed);
  let started = performance.now();
  let made = 0;
  let nodes = 0;
  const beat = heartbeat(() => postMessage({ type: "working", made, nodes, ms: performance.now() - started }));
  while (made < count) {
    const step = generator.step(BUDGET);
    nodes += BUDGET;
    beat();
    if (step.status === Status.IN_PROGRESS) continue;
    if (step.status !== Status.OK) {
      postMessage({ type: "done", made, status: step.status, message: lp.lastError() });
      generator.free();
      return;
    }
    postMessage({ type: "puzzle", index: made, ms: performance.now() - started, ...packed(step.puzzle, step.rating) });
    step.puzzle.free();
    made++;
    nodes = 0;
    started = performance.now();
  }
  generator.free();
  postMessage({ type: "done", made, status: Status.OK });
}

/** Most node expansions one slot's level may cost at one band (then the band widens, then the slot gives up). */
const SLOT_NODES = 50_000_000;

/** A level rated `target` (else within one of it), distinct from the fingerprints `taken`, or why none. */
function slotLevel({ index, target, seed, family, params }, taken) {
  const started = performance.now();
  const beat = heartbeat(() => postMessage({ type: "working", index, ms: performance.now() - started }));
  let why = "";
  for (const spread of [0, 1]) {
    const band = `min=${Math.max(0, target - spread)},max=${target + spread}`;
    const generator = new lp.Generator(family, params ? `${params},${band}` : band, seed);
    generator.setLimits(0, SLOT_NODES, 0);
    for (;;) {
      const step = generator.step(BUDGET);
      beat();
      if (step.status === Status.IN_PROGRESS) continue;
      if (step.status !== Status.OK) {
        why = lp.lastError().replace(/^LP_[A-Z_]+: /, "");
        break;
      }
      const fingerprint = step.puzzle.fingerprint();
      if (taken.has(fingerprint)) {
        step.puzzle.free();
        continue;
      }
      taken.add(fingerprint);
      const level = { ...packed(step.puzzle, step.rating), fingerprint, ms: performance.now() - started };
      step.puzzle.free();
      generator.free();
      return { level };
    }
    generator.free();
  }
  return { level: null, message: `none within one of ${target}: ${why}` };
}

/** The slots of a pack to a difficulty curve (each of its own family and parameters), each posted when
 * made. */
function curve({ slots, taken }) {
  const seen = new Set(taken);
  for (const slot of slots) postMessage({ type: "slot", index: slot.index, ...slotLevel(slot, seen) });
  postMessage({ type: "done" });
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
    return made ? (performance.now() - started) / made : null;
  });
  return { presets, means };
}

/** Solving time against optimal length, per algorithm, on `count` puzzles of each preset of `family`: the
 * exact solver gives the length; a search stopped by its node cap gives a capped point (its time then). */
function solvingTimes({ family, presets, algorithms, count, extra, cap }) {
  const byLength = algorithms.map(() => new Map());
  presets.forEach((preset, i) => {
    const generator = new lp.Generator(family, `preset=${preset}${extra}`, 11 + i);
    for (let n = 0; n < count; n++) {
      const next = generator.next(BUDGET);
      if (!next) break;
      const exact = next.puzzle.solver(Algorithm.EXACT, 1 << 16);
      exact.setNodeLimit(5_000_000);
      const length = exact.run(1 << 16) === Status.OK ? exact.stats().solutionLength : null;
      exact.free();
      algorithms.forEach((algorithm, a) => {
        if (length === null) return;
        const solver = next.puzzle.solver(algorithm, cap);
        solver.setNodeLimit(cap);
        const started = performance.now();
        const status = solver.run(1 << 16);
        const ms = performance.now() - started;
        solver.free();
        const point = byLength[a].get(length) ?? { times: [], capped: false };
        point.times.push(ms);
        point.capped ||= status !== Status.OK;
        byLength[a].set(length, point);
      });
      next.puzzle.free();
    }
    generator.free();
    postMessage({ type: "progress", what: `solving: ${preset}` });
  });
  const mean = (v) => v.reduce((s, x) => s + x, 0) / v.length;
  const series = byLength.map((m, a) => ({
    name: algorithms[a],
    points: [...m.entries()].sort(([x], [y]) => x - y).map(([x, p]) => ({ x, y: mean(p.times), capped: p.capped })),
  }));
  return { series };
}

/** The genetic algorithm and simulated annealing on the same board of `family` (Hargram) with the same
 * budget of evaluations (`population` × `generations`): best fitness and elapsed time every `population`
 * evaluations, until each covers the board or spends the budget. */
function gaRun({ family, params, population, generations }) {
  const { puzzle } = lp.generate(family, params, 5);
  const budget = population * generations;
  const rivals = [
    ["genetic algorithm", new lp.Ga(puzzle, { population, generations, tournament: 3, crossover: 0.9, mutation: 0.15 }, 3)],
    ["simulated annealing", new lp.Annealing(puzzle, `iterations=${Math.ceil(budget / 10)},restarts=9,seed=3`)],
  ];
  let perfect = 0;
  const runs = rivals.map(([name, run]) => {
    const points = [];
    const started = performance.now();
    let report;
    do {
      report = run.step(population);
      points.push({ evaluations: report.evaluations, fitness: report.bestFitness, ms: performance.now() - started });
    } while (report.status === Status.IN_PROGRESS && report.evaluations < budget);
    run.free();
    perfect = report.perfect;
    return { name, points, found: report.found };
  });
  puzzle.free();
  return { runs, perfect };
}

/** The Plots tab's figures for one family, each posted when measured. */
function plots({ family, presets, algorithms, count, extra, cap, ga }) {
  postMessage({ type: "generation-times", ...generationTimes({ family, presets, count, extra }) });
  postMessage({ type: "solving-times", ...solvingTimes({ family, presets, algorithms, count, extra, cap }) });
  if (ga) postMessage({ type: "ga", ...gaRun({ family, ...ga }) });
  postMessage({ type: "done" });
}

/** The exact optimum of `puzzle` within `nodeLimit` expansions: `{ status, length, optimal, expanded }`. */
function optimum(puzzle, nodeLimit, report = true) {
  const solver = puzzle.solver(Algorithm.EXACT, 1 << 20);
  solver.setNodeLimit(nodeLimit);
  const status = report ? runSolver(solver, "solving") : solver.run(1 << 20);
  const s = solver.stats();
  solver.free();
  return { status, length: s.solutionLength, optimal: status === Status.OK && s.optimal, expanded: s.expanded };
}

/** The hardest start of the cluster of `desc` (every state reachable from it): the state farthest from
 * a solved one, walked state by state by description, or null past `cap` states or with none solved. */
function hardestStart(desc, cap) {
  const index = new Map([[desc, 0]]);
  const states = [desc];
  const into = [[]]; // into[j]: the states with a move to j
  const solved = [];
  for (let i = 0; i < states.length; i++) {
    const here = parse(states[i]);
    if (here.isSolved) solved.push(i);
    const moves = here.moves();
    here.free();
    for (const move of moves) {
      const next = parse(states[i]);
      next.apply(move);
      const d = next.describe();
      next.free();
      let j = index.get(d);
      if (j === undefined) {
        if (states.length >= cap) return null;
        j = states.length;
        index.set(d, j);
        states.push(d);
        into.push([]);
      }
      into[j].push(i);
    }
  }
  if (!solved.length) return null;
  // Distances to the nearest solved state: a walk back along the moves from every solved one.
  const distance = new Array(states.length).fill(-1);
  const queue = [...solved];
  solved.forEach((s) => (distance[s] = 0));
  for (let k = 0; k < queue.length; k++) {
    for (const from of into[queue[k]]) {
      if (distance[from] < 0) {
        distance[from] = distance[queue[k]] + 1;
        queue.push(from);
      }
    }
  }
  const far = distance.reduce((best, d, i) => (d > distance[best] ? i : best), 0);
  return { desc: states[far], distance: distance[far], startDistance: distance[0], states: states.length };
}

/** The cells (row-major indices) where two solved positions differ, for families that show two
 * solutions of an ambiguous puzzle (Sudoku): a clue in one of them rules one of the two out. */
function differingCells(first, second) {
  const [a, b] = [parse(first), parse(second)];
  const [one, two] = [a.cells(), b.cells()];
  [a, b].forEach((p) => p.free());
  return [...one.keys()].filter((i) => one[i] !== two[i]);
}

/** What the editor shows about a description, each fact posted as soon as it is known: whether it is a
 * puzzle, solvable and in how many moves, how many solutions, the rules' profile, the cluster and its
 * hardest start, and whether each piece is needed (the `variants`: the board with one piece taken away,
 * each solved: a piece is needed when the board without it is easier or unsolvable). */
function analyse({ desc, nodeLimit, clusterCap, hardestCap = 0, variants = [] }) {
  let puzzle;
  try {
    puzzle = parse(desc);
  } catch (e) {
    postMessage({ type: "invalid", message: e.detail ?? e.message });
    postMessage({ type: "done" });
    return;
  }
  postMessage({ type: "valid", solved: puzzle.isSolved });
  const best = puzzle.isSolved ? null : optimum(puzzle, nodeLimit);
  // An unsolvable board says why when the engine sees it without a search (Sokoban's dead boxes).
  if (best) postMessage({ type: "solution", ...best, lostWhy: best.status === Status.UNSOLVABLE ? puzzle.lostText() : null });
  const optional = (body) => {
    try {
      body();
    } catch (e) {
      if (e.status !== Status.ERR_INVALID_ARGUMENT) postMessage({ type: "note", message: e.message });
    }
  };
  optional(() => {
    const count = puzzle.countSolutions(2);
    postMessage({ type: "count", ...count });
    if (count.all > 1) postMessage({ type: "ambiguous", cells: differingCells(puzzle.solution(0), puzzle.solution(1)) });
  });
  optional(() => postMessage({ type: "rules", ...puzzle.deduction() }));
  let summary = null;
  optional(() => {
    summary = puzzle.cluster(clusterCap);
    postMessage({ type: "cluster", cap: clusterCap, summary });
  });
  if (summary && summary.solvedStates > 0 && summary.states <= hardestCap) {
    const hardest = hardestStart(puzzle.describe(), hardestCap);
    if (hardest) postMessage({ type: "hardest", ...hardest });
  }
  if (best?.optimal && variants.length) {
    const results = variants.map(({ name, desc: without }) => {
      try {
        const other = parse(without);
        const found = other.isSolved ? { status: Status.OK, length: 0, optimal: true } : optimum(other, nodeLimit, false);
        other.free();
        return { name, length: found.optimal ? found.length : null };
      } catch {
        return { name, length: null }; // no puzzle without it (the piece held the goal)
      }
    });
    postMessage({ type: "variants", length: best.length, results });
  }
  puzzle.free();
  postMessage({ type: "done" });
}

/** "Check my board" on a game played through the positions `descs` (the start first): each move found
 * again between two positions, played on one puzzle, then the engine's check a slice at a time; the
 * sentences of the first wrong move and of the move that lost the puzzle, from where they were played. */
function check({ descs, moves = [] }) {
  const game = parse(descs[0]);
  const played = [];
  for (let i = 1; i < descs.length; i++) {
    const here = game.describe();
    // The move the player made, when the page recorded it; else one of the listed moves.
    const made = [moves[i - 1]].filter(Boolean);
    const move = [...made, ...game.moves()].find((m) => {
      const next = parse(here);
      const same = next.tryApply(m) && next.describe() === descs[i];
      next.free();
      return same;
    });
    if (!move) break; // a position no move leads to (an edit): the check covers the moves before it
    played.push({ move, text: game.moveText(move) });
    game.apply(move);
  }
  const beat = heartbeat(() => postMessage({ type: "progress", what: "checking" }));
  let result;
  do {
    result = game.checkBoard(BUDGET);
    beat();
  } while (result.status === Status.IN_PROGRESS);
  const sentence = (i) => (i >= 0 && i < played.length ? played[i].text : null);
  postMessage({ type: "done", ...result, cells: result.status === Status.OK ? game.checkCells() : [], wrongText: sentence(result.firstWrong), lostText: sentence(result.lostAt), lostWhy: game.lostText(), message: result.status === Status.OK ? "" : lp.lastError() });
  game.free();
}

const TASKS = { solve, compare, generate, plots, analyse, curve, check };
onmessage = async ({ data }) => {
  try {
    if (data.custom) parse = parser(lp, await loadModule(data.custom));
    TASKS[data.type](data);
  } catch (e) {
    postMessage({ type: "error", message: String(e.message ?? e) });
  }
};
postMessage({ type: "ready" });
