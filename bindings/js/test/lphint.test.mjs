// The JavaScript package under Node's test runner (`node --test bindings/js/test/`), on the module that
// scripts/build-wasm.sh builds: every family parsed, hinted to the goal, generated from a preset, packed and
// loaded; bad input raising LpError with the right status; per-frame calls allocating nothing. (Handles
// left unfreed here are released by the package's FinalizationRegistry; Node 20 has no `using` yet.)
import { test } from "node:test";
import assert from "node:assert/strict";
import { Session } from "node:inspector";
import { load, LpError, Status, Algorithm, BlocksCount, statusName, REASON_PARTIAL } from "../index.js";

const lp = await load();

/** One puzzle of each family (a description), and how many moves its optimal solution has. */
const GAMES = {
  tiles: ["tiles:3x3:8,6,7,2,5,4,3,0,1", 31],
  jugs: ["jugs:8,5,3:8,0,0:4,4,0", 7],
  flip: ["flip:3x3:#.#/.#./#.#", 9],
  hargram: ["hargram:5x4:...../...../...../.....:###/##.;#/#/#;#./##;.#./###/..#;#./##/.#", 5],
  blocks: ["blocks:4x5:BAAC/BAAC/DEEF/DGHF/I..J:A@3,1", 81],
  linjat: [
    "linjat:9x13:oo4..o.o4/2o.3oo.../o3oo2o.../...oo3.4./........./o...7..o2/2.....o2o/" +
      "o...o..4o/....oo4oo/5...o3oo3/.33o3oo4./.oo2o..../o2o......",
    23,
  ],
  sudoku: ["sudoku:2.4..1......1..2", 11],
};

/** Cheap parameters on top of each family's easy preset, so that the whole file runs in seconds. */
const QUICK = { linjat: ",iterations=50" };

test("the registry lists the eight families with their parameters, presets and reasons", () => {
  const families = lp.families();
  assert.deepEqual(
    families.map((f) => f.name),
    ["tiles", "jugs", "flip", "hargram", "blocks", "linjat", "sokoban", "sudoku"],
  );
  for (const f of families) {
    assert.ok(f.summary.length > 10, f.name);
    assert.ok(f.params.some((p) => p.name === "min") && f.params.some((p) => p.name === "max"), f.name);
    // Every family has the four difficulty presets; sliding blocks has Rush Hour's beside them, Sudoku
    // the name its sites give its hardest bucket.
    const extra = { blocks: ["rush-easy", "rush-medium", "rush-hard"], sudoku: ["diabolical"] }[f.name] ?? [];
    assert.deepEqual(
      f.presets.map((p) => p.name),
      ["easy", "medium", "hard", "expert", ...extra],
      f.name,
    );
    assert.ok(f.reasons.length >= 1 && f.reasons.every((r) => r.name && r.doc), f.name);
    for (const p of f.params) assert.ok(p.min <= p.max && p.doc, `${f.name}.${p.name}`);
  }
  assert.ok(families.every((f) => f.frameBudget >= 16));
  // Rush Hour is a variant of sliding blocks: its own name, notation, parameters and presets; named by
  // its notation, a generator makes Rush Hour boards without a preset.
  assert.deepEqual(families.find((f) => f.name === "blocks").variants, [
    { notation: "rush", title: "Rush Hour", params: "size=6x6,method=rush,minimal=true", presets: ["rush-easy", "rush-medium", "rush-hard"] },
  ]);
  assert.ok(families.filter((f) => f.name !== "blocks").every((f) => f.variants.length === 0));
  const rush = lp.generate("rush", "", 4);
  assert.match(rush.puzzle.describe(), /^rush:/);
  rush.puzzle.free();
  const linjat = families.find((f) => f.name === "linjat");
  assert.equal(linjat.frameBudget, 300);
  assert.deepEqual(linjat.params.find((p) => p.name === "rules").choices, ["basic", "square", "all"]);
  assert.equal(lp.version, 3);
});

for (const [family, [desc, optimal]] of Object.entries(GAMES)) {
  test(`${family}: parsed, described back, hinted one step closer each time to the goal`, () => {
    const puzzle = lp.Puzzle.parse(desc);
    assert.equal(puzzle.describe(), desc);
    assert.equal(puzzle.familyId, lp.families().find((f) => f.name === family).id);
    const [w, h] = puzzle.size();
    assert.equal(puzzle.cells().length, w * h);
    assert.equal(puzzle.isSolved, false);
    let left = null;
    let moves = 0;
    for (;;) {
      const hint = puzzle.hintNow(500);
      if (hint.status === Status.ALREADY_SOLVED) break;
      assert.equal(hint.status, Status.OK);
      assert.equal(typeof hint.text, "string");
      assert.ok(hint.text.length > 5);
      if (left !== null) assert.equal(hint.movesLeft, left - 1, `${family}: a hint one step closer`);
      left = hint.movesLeft;
      puzzle.apply(hint.move);
      moves++;
      assert.ok(moves <= optimal, `${family}: more moves than the optimum ${optimal}`);
    }
    assert.equal(moves, optimal);
    assert.equal(puzzle.isSolved, true);
  });

  test(`${family}: generated from the easy preset, saved as a pack and loaded back`, () => {
    const generator = new lp.Generator(family, "preset=easy" + (QUICK[family] ?? ""), 11);
    const first = generator.next(20000);
    assert.ok(first, `${family}: a puzzle`);
    const puzzle = first.puzzle;
    const preset = lp.families().find((f) => f.name === family).presets.find((p) => p.name === "easy").params;
    const band = Object.fromEntries(preset.split(",").map((kv) => kv.split("=")));
    if (band.min !== undefined) assert.ok(first.rating >= Number(band.min), `${family}: ${first.rating} < min ${band.min}`);
    if (band.max !== undefined) assert.ok(first.rating <= Number(band.max), `${family}: ${first.rating} > max ${band.max}`);
    assert.equal(puzzle.isSolved, false);
    const second = generator.next(20000);
    assert.notEqual(second.puzzle.describe(), puzzle.describe(), "a run hands out distinct puzzles");
    second.puzzle.free();
    const pack = lp.Pack.load(puzzle.save());
    assert.equal(pack.length, 1);
    const opened = pack.open(0);
    assert.equal(opened.describe(), puzzle.describe());
    // The stored solution is not vouched for until provePlan proves it; then the hints say optimal.
    // (Families rated by the optimal solution's length; Hargram and Linjat rate their search's work,
    // Sudoku its hardest technique.)
    if (!["hargram", "linjat", "sudoku"].includes(family)) {
      assert.equal(opened.hintNow(1e9).optimal, false, family);
      let proof;
      while ((proof = opened.provePlan(2000)) === Status.IN_PROGRESS);
      assert.equal(proof, Status.OK, `${family}: ${lp.lastError()}`);
      const proven = opened.hintNow(1e9);
      assert.ok(proven.optimal && proven.movesLeft === first.rating, family);
    }
    // The same seed gives the same puzzle.
    const again = lp.generate(family, "preset=easy" + (QUICK[family] ?? ""), 11);
    assert.equal(again.puzzle.describe(), puzzle.describe());
    again.puzzle.free();
  });
}

/** `body` must throw an LpError of `status` whose message mentions `words`. */
/** A per-frame call's hint that carries an error status and its message (per-frame calls return errors). */
function hintFails(hint, status, words = "") {
  assert.equal(hint.status, status, `${statusName(hint.status)}: ${hint.error}`);
  assert.ok(hint.error.includes(words), `"${hint.error}" should mention "${words}"`);
  assert.ok(Object.isFrozen(hint));
}

function throwsLp(body, status, words = "") {
  assert.throws(body, (e) => {
    assert.ok(e instanceof LpError, String(e));
    assert.equal(e.status, status, `${statusName(e.status)}: ${e.detail}`);
    assert.ok(e.detail.includes(words), `"${e.detail}" should mention "${words}"`);
    assert.ok(e.message.startsWith(statusName(status)));
    return true;
  });
}

test("each per-frame call's work is read back, and a plan's hint costs none", () => {
  const puzzle = lp.Puzzle.parse("tiles:3x3:8,6,7,2,5,4,3,0,1");
  assert.equal(puzzle.nextHint(50).status, Status.IN_PROGRESS);
  assert.ok(lp.lastWork() >= 50 && lp.lastWork() <= 66, `${lp.lastWork()}`);
  let hint;
  do hint = puzzle.nextHint(1000);
  while (hint.status === Status.IN_PROGRESS);
  puzzle.apply(hint.move);
  assert.equal(puzzle.nextHint(1000).status, Status.OK);
  assert.equal(lp.lastWork(), 0);
  assert.equal(lp.version, 3);
  assert.equal(lp.familyIndex("blocks"), 4);
  assert.throws(() => lp.familyIndex("chess"), /unknown family/);
  puzzle.free();
  // Out of nodes: a partial hint, labelled.
  const far = lp.Puzzle.parse("tiles:4x4:3,14,9,11,5,4,8,2,13,12,6,7,10,1,15,0:0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15");
  assert.equal(far.partialHint().status, Status.NOT_FOUND);
  // A memory limit its search cannot fit in: ERR_OUT_OF_MEMORY, returned; lifted, the search runs.
  far.setMemoryLimit(1);
  assert.equal(far.nextHint(500).status, Status.ERR_OUT_OF_MEMORY);
  far.setMemoryLimit(2n ** 64n - 1n);
  far.setNodeLimit(3000);
  let status;
  do status = far.nextHint(500).status;
  while (status === Status.IN_PROGRESS);
  assert.equal(status, Status.OUT_OF_NODES);
  const partial = far.partialHint();
  assert.equal(partial.status, Status.OK);
  assert.equal(partial.reason, REASON_PARTIAL);
  assert.equal(partial.optimal, false);
  assert.match(partial.text, /closest to the goal/);
  far.apply(partial.move);
  far.free();
});

test("one status rule for every code: errors (100 and more) throw, outcomes come back", () => {
  for (const [name, code] of Object.entries(Status)) {
    if (code >= 100) assert.throws(() => lp.check(code), (e) => e instanceof LpError && e.status === code, name);
    else assert.equal(lp.check(code), code, name);
  }
  // A text that does not exist yet is null (an outcome), with the engine's reason in lastError.
  const puzzle = lp.Puzzle.parse(GAMES.tiles[0]);
  assert.equal(puzzle.hintText(), null);
  assert.equal(lp.lastError(), "no hint was given yet");
  puzzle.free();
});

test("bad input raises LpError with the right status and message, and changes nothing", () => {
  throwsLp(() => lp.Puzzle.parse("tiles:3x3:1,2"), Status.ERR_PARSE, "column 11");
  throwsLp(() => lp.Puzzle.parse("nosuch:1"), Status.ERR_PARSE);
  throwsLp(() => lp.Puzzle.tiles(9, 9, [0, 1, 2]), Status.ERR_INVALID_ARGUMENT);
  throwsLp(() => new lp.Generator("nosuch", ""), Status.ERR_INVALID_ARGUMENT, "tiles");
  throwsLp(() => new lp.Generator("tiles", "size=99x99"), Status.ERR_INVALID_ARGUMENT, "size");
  throwsLp(() => lp.Pack.load(new Uint8Array([1, 2, 3, 4, 5, 6, 7, 8])), Status.ERR_CORRUPT_DATA);
  throwsLp(() => lp.Tables.load(new Uint8Array(64)), Status.ERR_CORRUPT_DATA);
  const puzzle = lp.Puzzle.parse(GAMES.tiles[0]);
  // Tile 8 is not next to the blank: illegal, and the position stays.
  throwsLp(() => puzzle.apply({ piece: 8 }), Status.ERR_ILLEGAL_MOVE);
  assert.equal(puzzle.tryApply({ piece: 8 }), false);
  assert.equal(puzzle.describe(), GAMES.tiles[0]);
  throwsLp(() => puzzle.setOption("heuristic", "nonsense"), Status.ERR_INVALID_ARGUMENT, "heuristic");
  // A budget or node cap that is not a whole number in 0..2^32-1 is refused, not turned into another one
  // ("fast" would be 0, -1 four billion).
  for (const bad of ["fast", -1, 1.5, NaN, 2 ** 32, null]) {
    throwsLp(() => puzzle.nextHint(bad), Status.ERR_INVALID_ARGUMENT, "budget must be a whole number");
  }
  throwsLp(() => puzzle.solver(Algorithm.ASTAR, -5), Status.ERR_INVALID_ARGUMENT, "nodeCap");
  const stepped = puzzle.solver(Algorithm.ASTAR, 1000);
  throwsLp(() => stepped.step("all"), Status.ERR_INVALID_ARGUMENT, '"all"');
  stepped.free();
  assert.ok([Status.OK, Status.IN_PROGRESS].includes(puzzle.nextHint(0).status), "a budget of 0 is 1");
  // A node cap the module cannot hold is a status, never a crash.
  throwsLp(() => puzzle.solver(Algorithm.ASTAR, 4_000_000_000), Status.ERR_OUT_OF_MEMORY);
  // A damaged pack: every byte flipped in turn is caught.
  const bytes = puzzle.save();
  for (let i = 0; i < bytes.length; i++) {
    const bad = bytes.slice();
    bad[i] ^= 0x40;
    assert.throws(() => lp.Pack.load(bad).free(), LpError, `byte ${i}`);
  }
  const freed = lp.Puzzle.parse(GAMES.tiles[0]);
  freed.free();
  freed.free();
  throwsLp(() => freed.describe(), Status.ERR_NULL_ARGUMENT, "freed");
  const disposed = lp.Puzzle.parse(GAMES.tiles[0]);
  disposed[Symbol.dispose](); // what `using` calls
  throwsLp(() => disposed.isSolved, Status.ERR_NULL_ARGUMENT, "freed");
  const unsolvable = lp.Puzzle.parse("tiles:3x3:2,1,3,4,5,6,7,8,0");
  assert.equal(unsolvable.hintNow(1000).status, Status.UNSOLVABLE);
  unsolvable.free();
});

test("a solver finds the optimal length with every optimal algorithm", () => {
  const puzzle = lp.Puzzle.parse("tiles:3x3:7,2,4,5,0,6,8,3,1");
  for (const algorithm of [Algorithm.BFS, Algorithm.ASTAR, Algorithm.IDA_STAR, Algorithm.EXACT, "astar", "ida"]) {
    const solver = puzzle.solver(algorithm, 200000);
    assert.equal(solver.run(5000), Status.OK, String(algorithm));
    const stats = solver.stats();
    assert.equal(stats.solutionLength, 20, String(algorithm));
    assert.equal(stats.optimal, true, String(algorithm));
    assert.equal(solver.moves().length, 20);
    assert.ok(stats.expanded > 0 && stats.bytesReserved > 0);
  }
  // Best-first search and flip's mismatched-cells heuristic prove nothing.
  const greedy = puzzle.solver(Algorithm.BEST_FIRST, 200000);
  assert.equal(greedy.run(5000), Status.OK);
  assert.equal(greedy.stats().optimal, false);
  const flip = lp.Puzzle.parse("flip:3x3:.#./#.#/.#.");
  for (const [heuristic, proven] of [["mismatched", false], ["presses", true]]) {
    flip.setOption("heuristic", heuristic);
    const ida = flip.solver(Algorithm.IDA_STAR, 1000);
    assert.equal(ida.run(5000), Status.OK, heuristic);
    assert.equal(ida.stats().optimal, proven, heuristic);
  }
});

test("the genetic algorithm runs on a Hargram board", () => {
  const puzzle = lp.Puzzle.parse(GAMES.hargram[0]);
  const ga = new lp.Ga(puzzle, { population: 200, generations: 50, tournament: 3, crossover: 0.9, mutation: 0.15 }, 5);
  let report;
  do report = ga.step(500);
  while (report.status === Status.IN_PROGRESS);
  assert.ok(report.status === Status.OK || report.status === Status.NOT_FOUND);
  assert.equal(report.perfect, 20);
  assert.ok(report.bestFitness > 0 && report.bestFitness <= 20 && report.evaluations > 0);
  assert.equal(report.found, report.status === Status.OK);
  assert.ok(ga.best().length > 0);
});

test("simulated annealing runs on the GA's genome, seeded, and says when it cooled", () => {
  const puzzle = lp.Puzzle.parse(GAMES.hargram[0]);
  const run = (schedule) => {
    const sa = new lp.Annealing(puzzle, schedule);
    let report;
    do report = sa.step(700);
    while (report.status === Status.IN_PROGRESS);
    const out = { ...report, best: sa.best() };
    sa.free();
    return out;
  };
  const found = run(null);
  assert.equal(found.status, Status.OK);
  assert.equal(found.bestFitness, 20);
  // Its best individual covers the board when played.
  const copy = lp.Puzzle.parse(GAMES.hargram[0]);
  for (const move of found.best) copy.apply(move);
  assert.ok(copy.isSolved);
  copy.free();
  assert.deepEqual(run("seed=1"), found, "the default seed");
  // Two walks of three evaluations cannot cover it: the run cools, saying so.
  const cooled = run("iterations=3,restarts=1");
  assert.equal(cooled.status, Status.NOT_FOUND);
  assert.equal(cooled.evaluations, 6);
  assert.equal(cooled.generation, 1);
  throwsLp(() => new lp.Annealing(puzzle, "iterations=0"), Status.ERR_INVALID_ARGUMENT, "schedule: iterations is '0': a whole number from 1");
  throwsLp(() => new lp.Annealing(puzzle, "t_start=0.01,t_end=5"), Status.ERR_INVALID_ARGUMENT, "t_end 5.000 is above t_start 0.010");
  throwsLp(() => new lp.Annealing(lp.Puzzle.parse("tiles:2x2:1,2,3,0"), null), Status.ERR_INVALID_ARGUMENT);
});

test("a generated Linjat puzzle carries its facts; Linjat, Sudoku and blocks creators take grids", () => {
  const { puzzle } = lp.generate("linjat", "preset=easy,iterations=20", 3);
  assert.equal(typeof puzzle.fact("objective"), "number");
  assert.equal(puzzle.fact("no_such_fact"), undefined);
  puzzle.free();
  const linjat = lp.Puzzle.linjat(3, 1, [0, 2, -1]);
  assert.equal(linjat.describe(), "linjat:3x1:.2o");
  const hint = linjat.hintNow(100);
  assert.equal(hint.status, Status.OK);
  assert.deepEqual(Array.from(hint.cells).sort(), [1, 2]);
  // The cells come through the scratch block, or through a block of their own when more than it holds.
  assert.deepEqual(linjat.hintCells().sort(), [1, 2]);
  const cap = linjat.lib.cellsCap;
  linjat.lib.cellsCap = 1;
  try {
    assert.deepEqual(linjat.hintCells().sort(), [1, 2]);
  } finally {
    linjat.lib.cellsCap = cap;
  }
  const sudoku = lp.Puzzle.sudoku(4, [2, 0, 4, 0, 0, 1, 0, 0, 0, 0, 0, 0, 1, 0, 0, 2]);
  assert.equal(sudoku.describe(), "sudoku:2.4..1......1..2");
  assert.equal(sudoku.hintNow(1000).movesLeft, 11);
  throwsLp(() => lp.Puzzle.sudoku(4, [2, 0, 4, 2, 0, 1, 0, 0, 0, 0, 0, 0, 1, 0, 0, 2]), Status.ERR_INVALID_ARGUMENT, "row 1 gives the digit 2 twice");
  const blocks = lp.Puzzle.blocks(3, 1, [1, 0, 0], [{ block: 1, row: 0, col: 2 }]);
  assert.equal(blocks.hintNow(100).movesLeft, 1);
  // Rush Hour: every car and truck along its long axis (3), slides counted as moves; Fogleman's 51-move puzzle.
  const rush = "GBBoLoGHIoLMGHIAAMCCCKoMooJKDDEEJFFo";
  const cars = [...rush].map((c) => (c === "o" ? 0 : c.charCodeAt(0) - 64));
  const locked = lp.Puzzle.blocks(6, 6, cars, [{ block: 1, row: 2, col: 4 }], BlocksCount.LINE, new Array(13).fill(3));
  assert.equal(locked.hintNow(100000).movesLeft, 51);
  assert.ok(locked.describe().startsWith("rush:"));
  const tiles = lp.Puzzle.tiles(2, 2, [1, 2, 0, 3]);
  assert.equal(tiles.hintNow(100).movesLeft, 1);
  const jugs = lp.Puzzle.jugs([3, 5], [0, 0], [-1, 4]);
  assert.equal(jugs.hintNow(100).movesLeft, 6);
  const flip = lp.Puzzle.flip(3, 1, [1, 1, 0]);
  assert.equal(flip.hintNow(100).movesLeft, 1);
  const hargram = lp.Puzzle.hargram(2, 1, null, [{ width: 2, height: 1, cells: [1, 1] }]);
  assert.equal(hargram.hintNow(100).movesLeft, 1);
  // Microban 1 in XSB characters, row-major: 8 pushes.
  const sokoban = lp.Puzzle.sokoban(6, 7, "####  # .#  #  ####*@  ##  $ ##  #######  ");
  assert.equal(sokoban.hintNow(1000).movesLeft, 8);
  assert.equal(sokoban.pieceName(0), "box 1");
  assert.equal(sokoban.lostText(), null);
  assert.match(lp.Puzzle.sokoban(5, 3, "#####" + "#$@.#" + "#####").lostText(), /^box 1 is in a corner off the goals/);
});

/** Bytes the JS heap's sampling profiler saw allocated by functions of index.js while `body` ran. */
async function allocatedByBindings(body) {
  const session = new Session();
  session.connect();
  const post = (method, params = {}) =>
    new Promise((resolve, reject) => session.post(method, params, (err, result) => (err ? reject(err) : resolve(result))));
  await post("HeapProfiler.enable");
  await post("HeapProfiler.startSampling", { samplingInterval: 32, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: true });
  body();
  const { profile } = await post("HeapProfiler.stopSampling");
  session.disconnect();
  let bytes = 0;
  const walk = (node, inBindings) => {
    const here = inBindings || node.callFrame.url.endsWith("/bindings/js/index.js");
    if (here) bytes += node.selfSize;
    if (here && node.selfSize && process.env.LP_SHOW_ALLOCATIONS) console.log(node.callFrame, node.selfSize);
    node.children.forEach((child) => walk(child, here));
  };
  walk(profile.head, false);
  return bytes;
}

test("per-frame calls allocate nothing on the JS heap after the first", async () => {
  const desc = "tiles:4x4:3,14,9,11,5,4,8,2,13,12,6,7,10,1,15,0:0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15";
  const puzzle = lp.Puzzle.parse(desc);
  const solver = lp.Puzzle.parse(desc).solver(Algorithm.IDA_STAR, 1000);
  const generator = new lp.Generator("tiles", "preset=expert", 1);
  const board = lp.Puzzle.parse(GAMES.hargram[0]);
  const ga = new lp.Ga(board, null, 1);
  const cells = new Int32Array(16);
  const frame = () => {
    const hint = puzzle.nextHint(1);
    solver.step(1);
    // A generated puzzle is a new object (rarely: rating one takes thousands of steps); free it.
    generator.step(1).puzzle?.free();
    ga.step(1);
    puzzle.readCells(cells);
    return hint.status;
  };
  // Warm up until the JIT has compiled the calls: its own allocations are not the bindings'.
  for (let i = 0; i < 5000; i++) assert.equal(frame(), Status.IN_PROGRESS);
  const frames = 50000;
  const bytes = await allocatedByBindings(() => {
    for (let i = 0; i < frames; i++) if (frame() !== Status.IN_PROGRESS) throw new Error("the search ended early");
  });
  // One object a frame would be 16 bytes or more a frame; what the JIT may still do once stays far below.
  assert.ok(bytes < 4 * frames, `${bytes} bytes allocated by the bindings in ${frames} frames`);
  for (const handle of [puzzle, solver, generator, ga, board]) handle.free();
});

test("a trap in the module becomes LP_ERR_PANIC and the instance refuses further calls", async () => {
  const own = await load();
  const puzzle = own.Puzzle.parse(GAMES.tiles[0]);
  // A pointer past the module's memory (no binding hands one out) makes the module trap, as a panic does.
  assert.throws(
    () => own.call(own.x.lp_puzzle_is_solved, 0xfffffff0, own.out),
    (e) => e instanceof LpError && e.status === Status.ERR_PANIC && /loaded again/.test(e.detail),
  );
  throwsLp(() => puzzle.describe(), Status.ERR_PANIC, "loaded again");
  throwsLp(() => own.Puzzle.parse(GAMES.tiles[0]), Status.ERR_PANIC);
  // Other instances are untouched.
  assert.equal(lp.Puzzle.parse(GAMES.tiles[0]).describe(), GAMES.tiles[0]);
});

test("a pack written from generated puzzles loads back with their ratings; Linjat deductions step by rule", () => {
  const writer = new lp.PackWriter();
  const made = [1, 2, 3].map((seed) => lp.generate("tiles", "preset=easy", seed));
  made.forEach(({ puzzle, rating }, i) => writer.add(puzzle, rating, `level ${i + 1}`, i ? null : "easy"));
  throwsLp(() => writer.add(made[0].puzzle, made[0].rating + 10), Status.ERR_INVALID_ARGUMENT, "rating");
  // The same level twice is refused (a pack holds distinct levels), found by its fingerprint.
  throwsLp(() => writer.add(made[1].puzzle, made[1].rating), Status.ERR_INVALID_ARGUMENT, "same level as entry #2");
  const again = lp.Puzzle.parse(made[2].puzzle.describe());
  assert.match(again.fingerprint(), /^[0-9a-f]{16}$/);
  assert.equal(again.fingerprint(), made[2].puzzle.fingerprint());
  assert.notEqual(again.fingerprint(), made[1].puzzle.fingerprint());
  again.free();
  // Solutions counted, clusters analysed (the classic Huarong Dao: 25,955 states, 964 solved).
  const linjat = lp.Puzzle.parse(GAMES.linjat[0]);
  assert.deepEqual({ ...linjat.countSolutions(2), nodes: 0 }, { all: 1, upToSymmetry: 1, nodes: 0, capped: false });
  linjat.free();
  const classic = lp.Puzzle.parse("blocks:4x5:BAAC/BAAC/DEEF/DGHF/I..J:A@3,1");
  const cluster = classic.cluster(1 << 16);
  assert.equal(cluster.states, 25955);
  assert.equal(cluster.solvedStates, 964);
  assert.equal(classic.cluster(1000), null, "more states than the cap");
  classic.free();
  const pack = lp.Pack.load(writer.bytes());
  assert.equal(pack.length, 3);
  assert.deepEqual([0, 1].map((i) => [pack.label(i, "name"), pack.label(i, "tier")]), [["level 1", "easy"], ["level 2", null]]);
  throwsLp(() => pack.label(0, "colour"), Status.ERR_INVALID_ARGUMENT, "name and tier");
  made.forEach(({ puzzle, rating }, i) => {
    assert.equal(pack.rating(i), rating);
    const opened = pack.open(i);
    assert.equal(opened.describe(), puzzle.describe());
    // The stored solution answers the first hint at once, with an optimal count.
    const hint = opened.nextHint(1);
    assert.equal(hint.status, Status.OK);
    assert.equal(hint.movesLeft, rating);
    opened.free();
    puzzle.free();
  });
  pack.free();
  writer.free();
  const { puzzle, rating } = lp.generate("linjat", "preset=easy,iterations=20", 2);
  const deduction = puzzle.deduction();
  assert.equal(deduction.solved, true);
  assert.equal(deduction.steps.length, rating);
  const reasons = lp.families().find((f) => f.name === "linjat").reasons.map((r) => r.code);
  assert.ok(deduction.steps.every((s) => reasons.includes(s.reason) && s.width > 0 && s.cells.length > 0));
  puzzle.free();
  const tiles = lp.Puzzle.parse(GAMES.tiles[0]);
  throwsLp(() => tiles.deduction(), Status.ERR_INVALID_ARGUMENT, "rule solver");
  tiles.free();
});

/** The 8-puzzle as a JavaScript game: 9 bytes, the tile on each cell, 0 the blank; Manhattan distance. */
function eightPuzzle({ lying = false, throws = false } = {}) {
  const next = new Uint8Array(9);
  return {
    stateSize: 9,
    maxSuccessors: 4,
    admissible: !lying,
    successors(state, emit) {
      if (throws) throw new Error("the game's own bug");
      const blank = state.indexOf(0);
      for (const from of [blank - 3, blank + 3, blank % 3 ? blank - 1 : -1, blank % 3 < 2 ? blank + 1 : -1]) {
        if (from < 0 || from > 8) continue;
        next.set(state);
        next[blank] = state[from];
        next[from] = 0;
        if (!emit({ piece: state[from], from, to: blank, arg: 0 }, next)) return;
      }
    },
    isGoal: (state) => state.every((t, i) => t === (i + 1) % 9),
    estimate(state) {
      let sum = 0;
      state.forEach((t, i) => {
        if (t) sum += Math.abs(((i / 3) | 0) - (((t - 1) / 3) | 0)) + Math.abs((i % 3) - ((t - 1) % 3));
      });
      return lying ? 3 * sum : sum;
    },
    moveName: (move) => `slide ${move.piece}`,
    // A random solvable board: a shuffle, two tiles swapped back when its parity is odd.
    draw(seed) {
      let x = Number(seed % 2147483647n) || 1;
      const board = [1, 2, 3, 4, 5, 6, 7, 8, 0];
      for (let i = 8; i > 0; i--) {
        x = (x * 48271) % 2147483647;
        const j = x % (i + 1);
        [board[i], board[j]] = [board[j], board[i]];
      }
      let inversions = 0;
      for (let i = 0; i < 9; i++) for (let j = i + 1; j < 9; j++) inversions += board[i] && board[j] && board[i] > board[j] ? 1 : 0;
      if (inversions % 2) {
        const [a, b] = [board[0] ? 0 : 2, board[1] ? 1 : 2];
        [board[a], board[b]] = [board[b], board[a]];
      }
      return board;
    },
  };
}

test("custom puzzles generated by the game's draw are rated as the built-in optimum, distinct, and packed", () => {
  const game = eightPuzzle();
  const like = lp.Puzzle.custom(game, [1, 2, 3, 4, 5, 6, 7, 8, 0]);
  const generator = lp.Generator.like(like, "min=18,max=22,method=draw", 9);
  const writer = new lp.PackWriter();
  const seen = new Set();
  const ratings = [];
  for (let k = 0; k < 10; k++) {
    const made = generator.next(1000);
    assert.ok(made);
    const board = made.puzzle.describe().slice("custom:".length).match(/../g).map((h) => parseInt(h, 16));
    const exact = lp.Puzzle.parse(`tiles:3x3:${board.join(",")}`).solver(Algorithm.EXACT);
    exact.run();
    assert.equal(made.rating, exact.stats().solutionLength, board.join(","));
    assert.ok(made.rating >= 18 && made.rating <= 22);
    assert.ok(!seen.has(made.puzzle.fingerprint()));
    seen.add(made.puzzle.fingerprint());
    writer.add(made.puzzle, made.rating);
    ratings.push(made.rating);
    made.puzzle.free();
  }
  const bytes = writer.bytes();
  throwsLp(() => lp.Pack.load(bytes), Status.ERR_INVALID_ARGUMENT, "a puzzle of the game's kind");
  const pack = lp.Pack.loadLike(bytes, like);
  assert.equal(pack.length, 10);
  for (let k = 0; k < 10; k++) {
    const level = pack.open(k);
    let moves = 0;
    for (let hint = level.nextHint(1); hint.status === Status.OK; hint = level.nextHint(1)) {
      level.apply(hint.move);
      moves++;
    }
    assert.equal(moves, ratings[k]);
    assert.ok(level.isSolved);
    level.free();
  }
  const again = lp.Puzzle.parseLike(like, "custom:010203040506070008");
  assert.equal(again.nextHint(100).status, Status.OK);
  throwsLp(() => lp.Generator.like(lp.Puzzle.custom({ ...game, draw: undefined }, [1, 2, 3, 4, 5, 6, 7, 8, 0]), "method=draw"), Status.ERR_INVALID_ARGUMENT, "draw callback");
});

test("a custom puzzle of JavaScript functions hints and solves as the built-in family does", () => {
  const game = eightPuzzle();
  const built = lp.Puzzle.parse("tiles:3x3:1,2,3,4,5,6,7,8,0");
  let seed = 5;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  for (let b = 0; b < 50; b++) {
    // A random walk from the goal.
    const board = [1, 2, 3, 4, 5, 6, 7, 8, 0];
    for (let k = 0; k < 50; k++) {
      const blank = board.indexOf(0);
      const options = [blank - 3, blank + 3, blank % 3 ? blank - 1 : -1, blank % 3 < 2 ? blank + 1 : -1].filter((c) => c >= 0 && c < 9);
      const to = options[Math.floor(random() * options.length)];
      [board[blank], board[to]] = [board[to], board[blank]];
    }
    const tiles = lp.Puzzle.parse(`tiles:3x3:${board.join(",")}`);
    const exact = tiles.solver(Algorithm.EXACT);
    exact.run();
    const optimum = exact.stats().solutionLength;
    const custom = lp.Puzzle.custom(game, board);
    let moves = 0;
    for (;;) {
      const hint = custom.nextHint(300);
      if (hint.status === Status.IN_PROGRESS) continue;
      if (hint.status === Status.ALREADY_SOLVED) break;
      assert.equal(hint.status, Status.OK);
      assert.equal(hint.optimal, true);
      custom.apply(hint.move);
      moves++;
    }
    assert.equal(moves, optimum, board.join(","));
    const astar = lp.Puzzle.custom(game, board).solver(Algorithm.ASTAR);
    assert.equal(astar.run(), Status.OK);
    assert.equal(astar.stats().solutionLength, optimum);
    [exact, tiles, custom, astar].forEach((h) => h.free());
  }
  built.free();
  const near = lp.Puzzle.custom(game, [1, 2, 3, 4, 5, 6, 7, 0, 8]);
  assert.equal(near.moveText({ piece: 8, from: 8, to: 7, arg: 0 }), "slide 8");
  assert.equal(near.describe(), "custom:010203040506070008");
  assert.equal(near.familyId, 0);
  // A lying estimate: solutions not called optimal.
  const lying = lp.Puzzle.custom(eightPuzzle({ lying: true }), [8, 6, 7, 2, 5, 4, 3, 0, 1]).solver(Algorithm.ASTAR);
  assert.equal(lying.run(), Status.OK);
  assert.equal(lying.stats().optimal, false);
  // A game that throws: ERR_CALLBACK with the callback named, never a trap.
  const broken = lp.Puzzle.custom(eightPuzzle({ throws: true }), [1, 2, 3, 4, 5, 6, 7, 0, 8]);
  // The game's own words (the exception's name and message) come after the engine's sentence.
  hintFails(broken.nextHint(100), Status.ERR_CALLBACK, "the successors callback failed with code -1: Error: the game's own bug");
  // A state of another length than stateSize is the game's bug, said as one (not padded in silence).
  const short = lp.Puzzle.custom(
    { ...eightPuzzle(), successors: (state, emit) => emit({ piece: 1 }, state.subarray(0, 2)) },
    [1, 2, 3, 4, 5, 6, 7, 0, 8],
  );
  hintFails(short.nextHint(100), Status.ERR_CALLBACK, "emit was given a state of 2 bytes, but stateSize is 9");
  short.free();
  throwsLp(() => lp.Puzzle.custom(game, [1, 2, 3]), Status.ERR_INVALID_ARGUMENT, "3 bytes");
  // More successors than declared: refused, and the puzzle says so.
  const greedy = lp.Puzzle.custom({ ...eightPuzzle(), maxSuccessors: 2 }, [1, 2, 3, 4, 0, 5, 7, 8, 6]);
  hintFails(greedy.nextHint(100), Status.ERR_CALLBACK, "code -2");
});

test("a cost, an estimate or a number that is not a whole number in range is refused, never wrapped", () => {
  // A detour of 2^32 + 1 then 1 against a direct step of 3: wrapped at 2^32 it would be a path of cost 2,
  // called optimal. A cost of 1.5 would be 1.
  for (const cost of [2 ** 32 + 1, 1.5, -1, NaN]) {
    const detour = {
      stateSize: 1,
      maxSuccessors: 2,
      admissible: true,
      successors: (state, emit) => {
        if (state[0] === 0) {
          emit({ piece: 0, from: 0, to: 1 }, [1], cost);
          emit({ piece: 1, from: 0, to: 2 }, [2], 3);
        } else if (state[0] === 1) emit({ piece: 2, from: 1, to: 2 }, [2], 1);
      },
      isGoal: (state) => state[0] === 2,
    };
    for (const algorithm of [Algorithm.ASTAR, Algorithm.UNIFORM_COST, Algorithm.IDA_STAR]) {
      const solver = lp.Puzzle.custom(detour, [0]).solver(algorithm);
      throwsLp(() => solver.run(), Status.ERR_CALLBACK, "emit's cost must be a whole number from 0 to 4294967295");
      solver.free();
    }
    const game = lp.Puzzle.custom(detour, [0]);
    hintFails(game.nextHint(100), Status.ERR_CALLBACK, "emit's cost");
    game.free();
  }
  // An estimate of -1 would be 4294967295; one of 2.5 would be 2.
  for (const bad of [-1, 2.5, 2 ** 32]) {
    const game = lp.Puzzle.custom({ ...eightPuzzle(), estimate: () => bad }, [1, 2, 3, 4, 5, 6, 7, 0, 8]);
    hintFails(game.nextHint(100), Status.ERR_CALLBACK, "estimate must be a whole number");
    game.free();
  }
  // A tier of 2^32 + 2 would be tier 2, a piece of 2^32 + 8 piece 8.
  const puzzle = lp.Puzzle.parse("tiles:3x3:1,2,3,4,5,6,7,0,8");
  assert.equal(puzzle.nextHint(1000).status, Status.OK);
  for (const tier of [2 ** 32 + 2, 2.7, -1]) throwsLp(() => puzzle.hintTier(tier), Status.ERR_INVALID_ARGUMENT, "tier");
  throwsLp(() => puzzle.apply({ piece: 2 ** 32 + 8 }), Status.ERR_INVALID_ARGUMENT, "move.piece");
  throwsLp(() => puzzle.apply({ piece: 8, from: 2 ** 31, to: 7 }), Status.ERR_INVALID_ARGUMENT, "move.from");
  assert.equal(puzzle.describe(), "tiles:3x3:1,2,3,4,5,6,7,0,8", "nothing moved");
  throwsLp(() => lp.Puzzle.tiles(2 ** 32 + 3, 3, [1, 2, 3, 4, 5, 6, 7, 8, 0]), Status.ERR_INVALID_ARGUMENT, "width");
  puzzle.free();
});

test("every 20th puzzle of Fogleman's Rush Hour sample takes his moves and has his cluster size", async () => {
  const { readFileSync } = await import("node:fs");
  const lines = readFileSync(new URL("../../../data/rush.txt", import.meta.url), "utf8")
    .split("\n")
    .filter((l) => l.trim() && !l.startsWith("#"));
  assert.equal(lines.length, 205);
  const subset = lines.filter((_, i) => i % 20 === 0);
  for (const line of subset) {
    const [moves, board, size] = line.trim().split(/\s+/);
    const puzzle = lp.Puzzle.parse(`rush:${board}`);
    const cluster = puzzle.cluster(1 << 20);
    assert.equal(cluster.states, Number(size), line);
    assert.equal(cluster.startDistance, Number(moves), line);
    assert.equal(cluster.farthestDistance, Number(moves), line);
    puzzle.free();
  }
  assert.equal(subset.length, 11);
});

test("past 2 GiB of module memory, pointers are read unsigned and every call works", async () => {
  // A fresh module, its memory taken past 2 GiB by two blocks (one may not pass 2 GiB; untouched pages
  // cost no real memory).
  const big = await load();
  const blocks = [big.alloc(2 ** 30 + 2 ** 26), big.alloc(2 ** 30 + 2 ** 26)];
  const past = big.alloc(64);
  assert.ok(past > 2 ** 31, `a pointer past 2 GiB reads ${past}`);
  const puzzle = big.Puzzle.parse("tiles:3x3:1,2,3,4,5,6,0,7,8");
  const hint = puzzle.nextHint(1000);
  assert.deepEqual([hint.status, hint.move.piece, hint.text.length > 0], [Status.OK, 7, true]);
  puzzle.apply(hint.move);
  assert.equal(puzzle.describe(), "tiles:3x3:1,2,3,4,5,6,7,0,8");
  // A game's own puzzle: its callbacks get pointers past 2 GiB too.
  const custom = big.Puzzle.custom(eightPuzzle(), [1, 2, 3, 4, 5, 6, 7, 0, 8]);
  const next = custom.nextHint(1000);
  assert.deepEqual([next.status, next.move.piece], [Status.OK, 8]);
  [puzzle, custom].forEach((h) => h.free());
  big.release(past, 64);
  blocks.forEach((b) => big.release(b, 2 ** 30 + 2 ** 26));
});

test("three hints a game keeps stay the three hints given, frozen", () => {
  const puzzle = lp.Puzzle.parse(GAMES.tiles[0]);
  const kept = [];
  for (let i = 0; i < 3; i++) {
    const hint = puzzle.hintNow(100000);
    assert.equal(hint.status, Status.OK);
    kept.push(hint);
    puzzle.apply(hint.move);
  }
  // Each is its own object, with the move that was played from it and the cells it lit then.
  assert.equal(new Set(kept).size, 3);
  assert.deepEqual(kept.map((h) => h.movesLeft), [31, 30, 29]);
  assert.deepEqual(puzzle.history().played, kept.map((h) => ({ ...h.move })));
  for (const hint of kept) {
    assert.ok(Object.isFrozen(hint) && Object.isFrozen(hint.move));
    assert.ok(hint.cells.includes(hint.move.from) && hint.cells.includes(hint.move.to));
    assert.throws(() => {
      "use strict";
      hint.move.piece = 0;
    }, TypeError);
  }
  // A hint's sentence is read while it is the puzzle's; one read before the move stays.
  const ready = puzzle.hintNow(100000);
  const words = ready.text;
  puzzle.apply(ready.move);
  assert.equal(ready.text, words);
  assert.equal(kept[0].text, null, "not read before the position moved on");
  puzzle.free();
});

test("undo, redo, clones and saves keep the game; check my board after a load sees the old mistake", () => {
  const start = "tiles:3x3:1,2,3,4,5,6,0,7,8";
  const game = lp.Puzzle.parse(start);
  assert.equal(game.undo(), false);
  // A first move off every shortest solution, then one more.
  let check;
  for (const move of game.moves()) {
    game.apply(move);
    do check = game.checkBoard(1 << 20);
    while (check.status === Status.IN_PROGRESS);
    if (check.firstWrong === 0) break;
    assert.ok(game.undo());
  }
  assert.equal(check.firstWrong, 0);
  game.apply(game.moves()[0]);
  const before = { ...game.checkBoard(1 << 20) };
  const loaded = lp.Pack.load(game.save()).open(0);
  let after;
  do after = loaded.checkBoard(1 << 20);
  while (after.status === Status.IN_PROGRESS);
  assert.deepEqual({ ...after }, before);
  assert.deepEqual(loaded.history(), game.history());
  const trial = game.clone();
  trial.apply(trial.moves()[0]);
  assert.equal(game.history().played.length, 2);
  assert.ok(trial.undo() && trial.describe() === game.describe() && trial.redo());
  game.reserveHistory(16);
  game.copyFrom(trial);
  assert.equal(game.describe(), trial.describe());
  assert.ok(game.undo() && game.undo() && game.undo() && !game.undo());
  assert.equal(game.describe(), start);
  assert.deepEqual(game.history().undone.length, 3);
  throwsLp(() => lp.Puzzle.parse("tiles:3x3:1,2,3,4,5,6,7,0,8").copyFrom(game), Status.ERR_INVALID_ARGUMENT, "not the same level");
  [game, loaded, trial].forEach((p) => p.free());
});

test("a JavaScript custom puzzle has a C game's board, cells and text form, and survives a failing call", () => {
  let failAt = 0;
  const board = {
    ...eightPuzzle(),
    boardWidth: 3,
    boardHeight: 3,
    moveCells: (state, move) => [move.from, move.to],
    describe: (state) => Array.from(state).join(""),
    parse: (text) => (/^[0-8]{9}$/.test(text) ? Array.from(text, Number) : null),
  };
  const wrapped = { ...board, successors: (state, emit) => {
    if (failAt > 0 && --failAt === 0) throw new Error("the level server did not answer");
    board.successors(state, emit);
  } };
  const game = lp.Puzzle.custom(wrapped, [1, 2, 3, 4, 5, 6, 7, 0, 8]);
  assert.deepEqual(game.size(), [3, 3]);
  assert.equal(game.describe(), "custom:123456708");
  assert.equal(lp.Puzzle.parseLike(game, "custom:123456078").describe(), "custom:123456078");
  throwsLp(() => lp.Puzzle.parseLike(game, "custom:12x"), Status.ERR_PARSE);
  const hint = game.hintNow(100);
  assert.deepEqual(Array.from(hint.cells).sort(), [7, 8]);
  const tier = game.hintTier(1);
  assert.ok(tier.cells.includes(7) && tier.cells.includes(8) && tier.text.includes("highlighted"), tier.text);
  // Without cells, the tiers say so.
  const plain = lp.Puzzle.custom(eightPuzzle(), [1, 2, 3, 4, 5, 6, 7, 0, 8]);
  plain.hintNow(100);
  assert.match(plain.hintTier(1).text, /no cells/);
  assert.match(plain.hintTier(2).text, /no cells/);
  // A pack of the game's puzzles needs the game to be read: a distinct status, not "corrupt".
  throwsLp(() => lp.Pack.load(game.save()), Status.ERR_INVALID_ARGUMENT, "a puzzle of the game's kind");
  assert.equal(lp.Pack.loadLike(game.save(), game).length, 1);
  // A call whose callback fails once: the status comes back, the puzzle reads as before and the next
  // call succeeds.
  const far = lp.Puzzle.custom(wrapped, [1, 2, 3, 4, 5, 6, 0, 7, 8]);
  failAt = 2;
  let failed;
  do failed = far.nextHint(100);
  while (failed.status === Status.IN_PROGRESS);
  hintFails(failed, Status.ERR_CALLBACK, "Error: the level server did not answer");
  assert.equal(far.describe(), "custom:123456078");
  assert.equal(far.moves().length, 2);
  const again = far.hintNow(100);
  assert.deepEqual([again.status, again.movesLeft], [Status.OK, 2]);
  [game, plain, far].forEach((p) => p.free());
});
