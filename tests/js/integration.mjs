// A game's integration in JavaScript, written from docs/js.md alone (tests/it/js.rs runs it under Node): an
// 8-puzzle and a Rush Hour level played by hints a frame at a time, one piece followed by its id for the
// whole game; a pack written, loaded back and played along its stored answer at budget 1; a game saved
// mid-level and resumed.
import assert from "node:assert/strict";
import { load, Status } from "../../bindings/js/index.js";

const lp = await load();

// The cells holding `value` (a tile's number; a block's id + 1).
const cellsOf = (puzzle, value) => [...puzzle.cells()].flatMap((v, i) => (v === value ? [i] : []));

// Plays `puzzle` to the goal by hints of `budget` nodes a frame, following piece `followed` (its cells hold
// followed + offset: 1 for blocks, 0 for tiles): it moves exactly when a hint names it, by from -> to.
function play(puzzle, budget, followed, offset) {
  let moves = 0;
  let at = cellsOf(puzzle, followed + offset);
  assert.ok(at.length > 0);
  for (;;) {
    const hint = puzzle.nextHint(budget);
    if (hint.status === Status.IN_PROGRESS) continue; // the next frame
    if (hint.status === Status.ALREADY_SOLVED) break;
    assert.equal(hint.status, Status.OK);
    const { piece, from, to } = hint.move;
    puzzle.apply(hint.move);
    moves++;
    if (piece === followed) at = offset === 1 ? at.map((c) => c + to - from) : [to];
    assert.deepEqual(cellsOf(puzzle, followed + offset), at, `piece ${followed} after move ${moves}`);
  }
  assert.ok(puzzle.isSolved);
  return moves;
}

assert.equal(play(lp.Puzzle.parse("tiles:3x3:8,6,7,2,5,4,3,0,1"), 300, 5, 0), 31);

const level = "rush:GBBoLoGHIoLMGHIAAMCCCKoMooJKDDEEJFFo";
const H = "H".charCodeAt(0) - 65;
const rush = lp.Puzzle.parse(level);
assert.equal(rush.describe(), level);
assert.equal(play(rush, 300, H, 1), 51);

// Hint coins on the same level: where to look holds what to move, the words say what to move, the plan
// starts with the move and replays; a move drops the hint.
{
  const coins = lp.Puzzle.parse(level);
  const first = coins.hintNow(1000);
  const [region, piece] = [coins.hintTier(1), coins.hintTier(2)];
  assert.ok(piece.cells.length > 0 && piece.cells.every((c) => region.cells.includes(c)));
  assert.equal(piece.text, "move the car F");
  const plan = coins.hintPlan(4);
  assert.equal(plan.length, 4);
  assert.deepEqual([plan[0].piece, plan[0].to], [first.move.piece, first.move.to]);
  for (const move of plan) coins.apply(move);
  assert.equal(coins.hintTier(1), null);
  assert.equal(coins.hintPlan(), null);
  coins.free();
}

// Check my board: two moves from the goal, the player slides 4 down (off every shortest solution); the
// check, a frame at a time, names that move and the distance it costs.
{
  const checked = lp.Puzzle.parse("tiles:3x3:1,2,3,4,5,6,0,7,8");
  checked.apply({ piece: 4, from: 3, to: 6, arg: 0 });
  let board;
  do board = checked.checkBoard(100);
  while (board.status === Status.IN_PROGRESS);
  assert.deepEqual([board.status, board.firstWrong, board.startDistance, board.distance], [Status.OK, 0, 2, 3]);
  assert.deepEqual([board.lostAt, board.exact, checked.checkCells()], [-1, true, []]);
  checked.free();
}

// A game's own puzzle with dead ends, through callbacks: a counter from 0 that steps up by 1 or 2 to reach
// exactly 5, lost once past it. The check names the move that lost it; the tiers of a hint speak of it.
{
  const counter = {
    stateSize: 1,
    maxSuccessors: 2,
    successors(state, emit) {
      for (const step of [1, 2]) if (state[0] < 5 && !emit({ piece: 0, from: state[0], to: state[0] + step, arg: step }, [state[0] + step])) return;
    },
    isGoal: (state) => state[0] === 5,
    moveName: (move) => `step ${move.arg}`,
  };
  const game = lp.Puzzle.custom(counter, [0]);
  const hint = game.hintNow(100);
  assert.equal(hint.status, Status.OK);
  assert.ok(game.hintTier(1).text.length > 0 && game.hintTier(2).text.length > 0);
  for (let i = 0; i < 3; i++) game.apply(game.moves().find((m) => m.arg === 2)); // 2, 4, then 6: lost
  let board;
  do board = game.checkBoard(100);
  while (board.status === Status.IN_PROGRESS);
  assert.deepEqual([board.status, board.distance, board.startDistance, board.lostAt, board.firstWrong], [Status.OK, -1, 3, 2, 2]);
  game.free();
}

// The trivial steps of a Linjat puzzle: the rule "cover" alone (reason 2) draws the 4, which solves it.
{
  const logic = lp.Puzzle.parse("linjat:4x4:..../..../o..4/....");
  let steps;
  while ((steps = logic.trivialSteps(20, 100, [2])).status === Status.IN_PROGRESS);
  assert.deepEqual([steps.status, steps.moves.length, steps.moves[0].piece, logic.isSolved], [Status.OK, 1, 0, true]);
  logic.free();
}

// A pack of generated Rush Hour levels, loaded back and played along the stored answers at budget 1.
const writer = new lp.PackWriter();
const generator = new lp.Generator("blocks", "preset=rush-easy", 7);
const ratings = [];
while (ratings.length < 3) {
  const step = generator.step(300);
  if (step.status === Status.OK) {
    writer.add(step.puzzle, step.rating, `level ${ratings.length + 1}`, "easy");
    ratings.push(step.rating);
  } else assert.equal(step.status, Status.IN_PROGRESS);
}
const pack = lp.Pack.load(writer.bytes());
assert.equal(pack.length, 3);
ratings.forEach((rating, i) => {
  assert.equal(pack.rating(i), rating);
  assert.equal(pack.label(i, "tier"), "easy");
  assert.equal(play(pack.open(i), 1, 0, 1), rating);
});

// Saved after three moves and resumed: the same position, every car under its own letter.
const saved = lp.Puzzle.parse(level);
for (let i = 0; i < 3; i++) {
  let hint;
  do hint = saved.nextHint(300);
  while (hint.status === Status.IN_PROGRESS);
  saved.apply(hint.move);
}
const resumed = lp.Pack.load(saved.save()).open(0);
assert.equal(resumed.describe(), saved.describe());
assert.equal(play(resumed, 300, H, 1), 48);
console.log("integration: 0 failures");
