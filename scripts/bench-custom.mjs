// The callback boundary from JavaScript: the 8-puzzle written as JS functions (lp.Puzzle.custom, the same
// game as the Node test's) against the built-in tiles family (Manhattan distance in both) on the same
// random boards, inside the same WebAssembly module; A* and IDA*, rounds alternated, the median ratio of
// nodes per second. `lp bench custom` measures the native boundary the same way.
//   scripts/build-wasm.sh && node scripts/bench-custom.mjs [BOARDS]
import { load, Algorithm, Status } from "../bindings/js/index.js";

const lp = await load();
const count = Number(process.argv[2] ?? 300);
const ROUNDS = 5;

// Manhattan distance of tile t on cell i, as a game would precompute it.
const DISTANCE = new Uint8Array(81);
for (let t = 1; t < 9; t++) {
  for (let i = 0; i < 9; i++) DISTANCE[t * 9 + i] = Math.abs(((i / 3) | 0) - (((t - 1) / 3) | 0)) + Math.abs((i % 3) - ((t - 1) % 3));
}
const next = new Uint8Array(9);
const move = { piece: 0, from: 0, to: 0, arg: 0 };
const froms = new Int8Array(4);
const game = {
  stateSize: 9,
  maxSuccessors: 4,
  admissible: true,
  successors(state, emit) {
    // As a game would write its inner loop: no allocation per call (the engine copies what is emitted).
    const blank = state.indexOf(0);
    froms[0] = blank - 3;
    froms[1] = blank + 3;
    froms[2] = blank % 3 ? blank - 1 : -1;
    froms[3] = blank % 3 < 2 ? blank + 1 : -1;
    for (let d = 0; d < 4; d++) {
      const from = froms[d];
      if (from < 0 || from > 8) continue;
      next.set(state);
      next[blank] = state[from];
      next[from] = 0;
      move.piece = state[from];
      move.from = from;
      move.to = blank;
      if (!emit(move, next)) return;
    }
  },
  isGoal(state) {
    for (let i = 0; i < 8; i++) if (state[i] !== i + 1) return false;
    return state[8] === 0;
  },
  estimate(state) {
    let sum = 0;
    for (let i = 0; i < 9; i++) {
      const t = state[i];
      if (t) sum += DISTANCE[t * 9 + i];
    }
    return sum;
  },
};

let seed = 1;
const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
const boards = Array.from({ length: count }, () => {
  const board = [1, 2, 3, 4, 5, 6, 7, 8, 0];
  for (let k = 0; k < 200; k++) {
    const blank = board.indexOf(0);
    const options = [blank - 3, blank + 3, blank % 3 ? blank - 1 : -1, blank % 3 < 2 ? blank + 1 : -1].filter((c) => c >= 0 && c < 9);
    const to = options[Math.floor(random() * options.length)];
    [board[blank], board[to]] = [board[to], board[blank]];
  }
  return board;
});

function run(make, algorithm) {
  let [nodes, ms, lengths] = [0, 0, []];
  for (const board of boards) {
    const puzzle = make(board);
    const solver = puzzle.solver(algorithm, 1 << 18);
    const started = performance.now();
    let status;
    do status = solver.step(1 << 16);
    while (status === Status.IN_PROGRESS);
    ms += performance.now() - started;
    const stats = solver.stats();
    nodes += stats.expanded;
    lengths.push(stats.solutionLength);
    solver.free();
    puzzle.free();
  }
  return { nodes, ms, lengths };
}

const builtin = (board) => {
  const p = lp.Puzzle.parse(`tiles:3x3:${board.join(",")}`);
  p.setOption("heuristic", "manhattan");
  return p;
};
const custom = (board) => lp.Puzzle.custom(game, board);
console.log(`${count} random 8-puzzles, Manhattan distance in both, ${ROUNDS} rounds alternated (WebAssembly, Node ${process.version}):`);
for (const [name, algorithm] of [["A*", Algorithm.ASTAR], ["IDA*", Algorithm.IDA_STAR]]) {
  const rows = [];
  for (let round = 0; round < ROUNDS; round++) {
    const pair = round % 2 ? [run(custom, algorithm), run(builtin, algorithm)].reverse() : [run(builtin, algorithm), run(custom, algorithm)];
    const [b, c] = pair;
    if (b.lengths.join() !== c.lengths.join()) throw new Error(`${name}: the lengths differ`);
    rows.push({ b: b.nodes / b.ms / 1000, c: c.nodes / c.ms / 1000 });
  }
  rows.sort((x, y) => x.b / x.c - y.b / y.c);
  const median = rows[ROUNDS >> 1];
  console.log(
    `${name.padStart(5)}  built-in ${median.b.toFixed(2)} M nodes/s  custom (JS) ${median.c.toFixed(2)} M nodes/s  ratio ${(median.b / median.c).toFixed(2)}x (${(rows[0].b / rows[0].c).toFixed(2)}-${(rows[ROUNDS - 1].b / rows[ROUNDS - 1].c).toFixed(2)})`,
  );
}
console.log("every length equal");
