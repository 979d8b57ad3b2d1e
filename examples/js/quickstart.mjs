// README's JavaScript quick start: a Rush Hour level played by hints, a small budget every frame.
import { load, Status } from "../../bindings/js/index.js";

const lp = await load(); // Node: lphint.wasm beside index.js; a browser: load(url) or load(bytes)
const level = lp.Puzzle.parse("rush:GBBoLoGHIoLMGHIAAMCCCKoMooJKDDEEJFFo");

function frame() { // the game calls it once a frame
  const hint = level.nextHint(300); // at most 300 nodes of search
  if (hint.status === Status.IN_PROGRESS) return; // still thinking: ask next frame
  if (hint.status !== Status.OK) throw new Error(`no hint: ${hint.status}`); // no hint will come
  console.log(hint.text); // "slide the car H down 1: ...", hint.cells to highlight
  level.apply(hint.move); // hint.move.piece: the car's id, A = 0
}

while (!level.isSolved) frame();
console.log(`solved: ${level.describe()}`);
