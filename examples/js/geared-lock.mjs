// A game's own puzzle as a JavaScript module, for lp.Puzzle.custom and the studio's "Custom puzzle" file
// picker: the geared combination lock of examples/c/custom.c (four wheels 0..9, turning one also turns
// its right-hand neighbour; open at 0000). The studio plays, hints, solves and compares it.
export const name = "geared lock";

const next = new Uint8Array(4);

export const puzzle = {
  stateSize: 4,
  maxSuccessors: 8,
  // A turn moves at most two wheels one step: half the summed distances never overestimates.
  admissible: true,
  successors(state, emit) {
    for (let wheel = 0; wheel < 4; wheel++) {
      for (const step of [1, 9]) {
        next.set(state);
        next[wheel] = (next[wheel] + step) % 10;
        if (wheel < 3) next[wheel + 1] = (next[wheel + 1] + step) % 10;
        if (!emit({ piece: wheel, from: 0, to: 0, arg: step === 1 ? 1 : -1 }, next)) return;
      }
    }
  },
  isGoal: (state) => state.every((v) => v === 0),
  estimate(state) {
    let sum = 0;
    for (const v of state) sum += v < 5 ? v : 10 - v;
    return Math.ceil(sum / 2);
  },
  moveName: (move) => `turn wheel ${move.piece + 1} ${move.arg > 0 ? "up" : "down"}`,
};

export const start = [3, 8, 1, 6];
