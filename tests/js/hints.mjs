// Prints the moves the JavaScript package hints for a description at a budget per frame, played to the
// end, as `piece/from/to/arg` separated by spaces: tests/it/js.rs compares them with the Rust API's.
//   node tests/js/hints.mjs DESC BUDGET
import { load, Status } from "../../bindings/js/index.js";

const [desc, budget] = process.argv.slice(2);
const lp = await load();
const puzzle = lp.Puzzle.parse(desc);
const moves = [];
for (;;) {
  const hint = puzzle.nextHint(Number(budget));
  if (hint.status === Status.IN_PROGRESS) continue;
  if (hint.status === Status.ALREADY_SOLVED) break;
  if (hint.status !== Status.OK) throw new Error(`${desc}: status ${hint.status}`);
  const { piece, from, to, arg } = hint.move;
  moves.push(`${piece}/${from}/${to}/${arg}`);
  puzzle.apply(hint.move);
}
console.log(moves.join(" "));
