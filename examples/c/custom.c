/* Bring your own puzzle: a combination lock whose four wheels are geared (turning a wheel one step turns
 * its right-hand neighbour too), defined by three callbacks and hinted open, one frame at a time.
 *   gcc -std=c11 -Iinclude examples/c/custom.c target/release/liblphint.a -lpthread -ldl -lm -o custom */
#include "lphint.h"

#include <stdio.h>

/* A state is 4 bytes, each wheel 0..9; the lock opens at 0000. */
static int32_t turns(void *user, const uint8_t *s, LpEmit emit, void *sink) {
    (void)user;
    for (int wheel = 0; wheel < 4; wheel++) {
        for (int up = 0; up < 2; up++) {
            int step = up ? 1 : 9; /* +1 or -1, mod 10 */
            uint8_t next[4] = {s[0], s[1], s[2], s[3]};
            next[wheel] = (uint8_t)((next[wheel] + step) % 10);
            if (wheel < 3) next[wheel + 1] = (uint8_t)((next[wheel + 1] + step) % 10);
            LpMove mv = {(uint32_t)wheel, 0, 0, up ? 1 : -1};
            if (emit(sink, mv, next, 1) != 0) return 1; /* refused: stop */
        }
    }
    return 0;
}

static int32_t is_open(void *user, const uint8_t *s, bool *goal) {
    (void)user;
    *goal = s[0] == 0 && s[1] == 0 && s[2] == 0 && s[3] == 0;
    return 0;
}

/* A turn moves at most two wheels one step: half the summed distances never overestimates. */
static int32_t distance(void *user, const uint8_t *s, uint32_t *estimate) {
    (void)user;
    uint32_t sum = 0;
    for (int i = 0; i < 4; i++) sum += s[i] < 5 ? s[i] : 10u - s[i];
    *estimate = (sum + 1) / 2;
    return 0;
}

static int32_t name(void *user, LpMove mv, char *buf, size_t cap, size_t *written) {
    (void)user;
    int n = snprintf(buf, cap, "turn wheel %u %s", mv.piece + 1, mv.arg > 0 ? "up" : "down");
    *written = n < 0 ? 0 : (size_t)n < cap ? (size_t)n : cap;
    return 0;
}

int main(void) {
    LpCustomVtable lock = {.abi_version = LP_ABI_VERSION, .state_size = 4, .max_successors = 8,
                           .admissible = true, .successors = turns, .is_goal = is_open,
                           .estimate = distance, .move_name = name};
    uint8_t start[4] = {3, 8, 1, 6};
    LpPuzzle *puzzle = NULL;
    if (lp_custom_create(&lock, NULL, start, sizeof start, &puzzle) != LP_OK) return 1;
    unsigned moves = 0, frames = 0;
    for (bool solved = false; !solved; frames++) {
        LpHint hint;
        LpStatus status = lp_next_hint(puzzle, 50, &hint); /* 50 nodes a frame */
        if (status == LP_OK) {
            char text[64];
            size_t written = 0;
            lp_hint_text(puzzle, text, sizeof text, &written);
            printf("frame %u: %s (%u to go%s)\n", frames, text, hint.moves_left, hint.optimal ? ", optimal" : "");
            lp_puzzle_apply(puzzle, hint.mv);
            moves++;
        } else if (status != LP_IN_PROGRESS) {
            return 1;
        }
        lp_puzzle_is_solved(puzzle, &solved);
    }
    printf("the lock opened in %u turns over %u frames\n", moves, frames);
    lp_puzzle_free(puzzle);
    return 0;
}
