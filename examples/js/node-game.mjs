// A 15-puzzle "game loop" in JavaScript (Node): every frame asks lphint for a hint with a small budget
// until it arrives, plays it, draws the board, and stops when the puzzle is solved — as examples/c/game.c.
//
//   scripts/build-wasm.sh && node examples/js/node-game.mjs
import { load, Status } from "../../bindings/js/index.js";

const lp = await load();

function draw(puzzle, cells) {
  const [width, height] = puzzle.size();
  puzzle.readCells(cells);
  for (let row = 0; row < height; row++) {
    let line = "";
    for (let col = 0; col < width; col++) {
      const tile = cells[row * width + col];
      line += tile === 0 ? "  ." : String(tile).padStart(3);
    }
    console.log(line);
  }
}

// Korf's 15-puzzle instance 9 (46 moves), goal with the blank in the top-left corner.
const start = [3, 14, 9, 11, 5, 4, 8, 2, 13, 12, 6, 7, 10, 1, 15, 0];
const goal = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15];
const budget = 1000; // node expansions per frame
const puzzle = lp.Puzzle.tiles(4, 4, start, goal);
const cells = new Int32Array(16);
draw(puzzle, cells);
let frames = 0;
let moves = 0;
for (;;) {
  frames++;
  const hint = puzzle.nextHint(budget);
  if (hint.status === Status.IN_PROGRESS) continue; // render the frame, try again next frame
  if (hint.status === Status.ALREADY_SOLVED) break;
  if (hint.status !== Status.OK) throw new Error(`no hint: status ${hint.status}`);
  const sentence = hint.text;
  puzzle.apply(hint.move);
  moves++;
  console.log(`frame ${frames}: ${sentence} (${hint.movesLeft - 1} left)`);
  draw(puzzle, cells);
}
const solved = puzzle.isSolved;
puzzle.free();
console.log(`${solved ? "solved" : "NOT solved"} in ${moves} moves, ${frames} frames of ${budget} node expansions`);

// The next level: generated from a parameter text, a frame's worth of work at a time.
const generator = new lp.Generator("tiles", "preset=hard", 7);
let step;
do step = generator.step(20000);
while (step.status === Status.IN_PROGRESS);
generator.free();
if (step.status !== Status.OK) throw new Error(`no level: status ${step.status}`);
console.log(`next level: ${step.puzzle.describe()} (${step.rating} moves)`);
step.puzzle.free();
process.exit(solved ? 0 : 1);
