/* The WebGL (emscripten) build checked by scripts/dist.sh: linked with emcc against liblphint.a and run
 * under Node, it plays the hardest 8-puzzle to the goal by hints, by nodes and by time (emscripten has a
 * clock, so lp_next_hint_timed is there as on native platforms). */
#include <stdio.h>
#include "lphint.h"

static int play(int timed) {
    LpPuzzle *puzzle = NULL;
    if (lp_puzzle_parse("tiles:3x3:8,6,7,2,5,4,3,0,1", &puzzle) != LP_OK) return -1;
    int moves = 0;
    for (int frame = 0; frame < 100000; frame++) {
        LpHint hint;
        LpStatus status = timed ? lp_next_hint_timed(puzzle, 1000, &hint) : lp_next_hint(puzzle, 500, &hint);
        if (status == LP_IN_PROGRESS) continue;
        if (status == LP_ALREADY_SOLVED) break;
        if (status != LP_OK || lp_puzzle_apply(puzzle, hint.mv) != LP_OK) return -1;
        moves++;
    }
    lp_puzzle_free(puzzle);
    return moves;
}

int main(void) {
    int by_nodes = play(0), by_time = play(1);
    printf("ABI %u: solved in %d moves by nodes, %d by time\n", lp_version(), by_nodes, by_time);
    return by_nodes == 31 && by_time == 31 ? 0 : 1;
}
