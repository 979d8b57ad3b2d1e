// Type-checked by `tsc --noEmit -p tests/js` (not run): what a TypeScript game writes against index.d.ts.
import { load, Status, Algorithm, LpError, type Hint, type FamilyInfo } from "../../bindings/js/index.js";

const lp = await load();
const families: FamilyInfo[] = lp.families();
const hard = families.filter((f) => f.presets.some((p) => p.name === "hard")).map((f) => f.name);

const puzzle = lp.Puzzle.parse("tiles:3x3:8,6,7,2,5,4,3,0,1");
const cells = new Int32Array(puzzle.width * puzzle.height);
function frame(): boolean {
  const hint: Hint = puzzle.nextHint(500);
  if (hint.status === Status.IN_PROGRESS) return false;
  if (hint.ready) {
    const sentence: string | null = hint.text;
    const highlight: number[] = Array.from(hint.cells);
    puzzle.apply(hint.move);
    console.log(sentence, highlight, hint.movesLeft, hint.optimal, hint.reason);
  }
  puzzle.readCells(cells);
  return puzzle.isSolved;
}
while (!frame()) {}

try {
  lp.Puzzle.parse("tiles:3x3:1");
} catch (e) {
  if (e instanceof LpError && e.status === Status.ERR_PARSE) console.log(e.detail);
}

const solver = puzzle.solver(Algorithm.IDA_STAR, 1000);
const status: number = solver.run();
console.log(status, solver.stats().expanded, solver.moves().length);
solver.free();

const generator = new lp.Generator("linjat", "preset=hard", 7n);
const step = generator.step(2000);
if (step.status === Status.OK && step.puzzle) {
  const objective: number | undefined = step.puzzle.fact("objective");
  const pack = lp.Pack.load(step.puzzle.save());
  console.log(objective, pack.length, pack.rating(0), hard);
  pack[Symbol.dispose]();
}
generator.free();
puzzle.free();
