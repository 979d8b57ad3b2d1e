// The wasm benchmark's WebAssembly side: native.c's calls through the JavaScript package on lphint.wasm,
// on the same inputs (see native.c).
//   node scripts/bench-wasm/wasm.mjs korf TABLES KORF_FILE | eight TABLES COUNT | eight-abi TABLES COUNT
// `eight-abi` makes native.c's two calls a hint (`lp_next_hint`, `lp_puzzle_apply`) on the module's exports;
// `eight` plays through the package (`nextHint`, `apply`), which also reads the hint's cells and builds
// its frozen objects, as a game's JavaScript gets them.
import { readFileSync } from "node:fs";
import { load, Status, Algorithm } from "../../bindings/js/index.js";

const [mode, tablesPath, arg] = process.argv.slice(2);
const lp = await load(process.env.LPHINT_WASM); // default: bindings/js/lphint.wasm
const tables = lp.Tables.load(readFileSync(tablesPath));
const now = () => performance.now() / 1000;

function korf(path) {
  const goal = Array.from({ length: 16 }, (_, i) => i);
  let [solved, wrong, nodes] = [0, 0, 0];
  const start = now();
  for (const line of readFileSync(path, "utf8").split("\n")) {
    if (line.startsWith("#") || !line.trim()) continue;
    const fields = line.trim().split(/\s+/).map(Number);
    if (fields.length !== 18) continue;
    const puzzle = lp.Puzzle.tiles(4, 4, fields.slice(2), goal);
    puzzle.setTables(tables);
    const solver = puzzle.solver(Algorithm.EXACT, 1000);
    let status;
    do status = solver.step(1 << 20);
    while (status === Status.IN_PROGRESS);
    const stats = solver.stats();
    nodes += stats.expanded;
    wrong += status !== Status.OK || stats.solutionLength !== fields[1];
    solved++;
    solver.free();
    puzzle.free();
  }
  console.log(`korf: ${solved} solved, ${wrong} wrong, ${nodes} nodes in ${(now() - start).toFixed(3)} s`);
  return wrong === 0;
}

// xorshift32 and the position maker of native.c, step for step.
let state = 2463534242;
function nextRandom() {
  state ^= state << 13;
  state >>>= 0;
  state ^= state >>> 17;
  state ^= state << 5;
  state >>>= 0;
  return state;
}
function randomEight() {
  const cells = Array.from({ length: 9 }, (_, i) => i);
  for (let i = 8; i > 0; i--) {
    const j = nextRandom() % (i + 1);
    [cells[i], cells[j]] = [cells[j], cells[i]];
  }
  let inversions = 0;
  for (let i = 0; i < 9; i++) for (let j = i + 1; j < 9; j++) inversions += cells[i] && cells[j] && cells[i] > cells[j] ? 1 : 0;
  if (inversions % 2) {
    const [a, b] = [cells[0] ? 0 : 2, cells[1] ? 1 : 2];
    [cells[a], cells[b]] = [cells[b], cells[a]];
  }
  return cells;
}

function eight(count, abi) {
  let hints = 0;
  let hinting = 0;
  const start = now();
  // The package's scratch blocks in the module's memory: an LpHint, and an LpMove to play.
  const [x, hintPtr, movePtr] = [lp.x, lp.hintPtr, lp.movePtr];
  for (let i = 0; i < count; i++) {
    const puzzle = lp.Puzzle.tiles(3, 3, randomEight());
    puzzle.setTables(tables);
    const started = now();
    for (;;) {
      if (abi) {
        const status = x.lp_next_hint(puzzle.ptr, 1 << 20, hintPtr);
        if (status === Status.ALREADY_SOLVED) break;
        if (status !== Status.OK) throw new Error(`position ${i}: status ${status}`);
        // The hint's move is its first 16 bytes (`refresh` renews the view when the memory has grown).
        lp.refresh();
        lp.bytes.copyWithin(movePtr, hintPtr, hintPtr + 16);
        if (x.lp_puzzle_apply(puzzle.ptr, movePtr) !== Status.OK) throw new Error(`position ${i}: illegal hint`);
      } else {
        const hint = puzzle.nextHint(1 << 20);
        if (hint.status === Status.ALREADY_SOLVED) break;
        if (hint.status !== Status.OK) throw new Error(`position ${i}: status ${hint.status}`);
        puzzle.apply(hint.move);
      }
      hints++;
    }
    hinting += now() - started;
    puzzle.free();
  }
  const each = ((hinting * 1e6) / hints).toFixed(3);
  console.log(`${abi ? "eight-abi" : "eight"}: ${count} positions, ${hints} hints in ${(now() - start).toFixed(3)} s (the hints alone ${hinting.toFixed(3)} s, ${each} us a hint)`);
  return true;
}

const ok = mode === "korf" ? korf(arg) : eight(Number(arg), mode === "eight-abi");
tables.free();
process.exit(ok ? 0 : 1);
