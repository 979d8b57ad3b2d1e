/* A 15-puzzle "game loop" in C: every frame asks lphint for a hint with a small budget until it arrives,
 * plays it, draws the board, and stops when the puzzle is solved.
 *
 *   gcc -std=c11 -Wall -Wextra -Werror -Iinclude examples/c/game.c target/release/liblphint.a \
 *       -lpthread -ldl -lm -o target/game && ./target/game
 */
#include "lphint.h"

#include <stdio.h>

static void draw(const LpPuzzle *puzzle) {
    uint32_t width = 0, height = 0;
    int32_t cells[25];
    size_t count = 0;
    if (lp_puzzle_size(puzzle, &width, &height) != LP_OK ||
        lp_puzzle_cells(puzzle, cells, sizeof cells / sizeof cells[0], &count) != LP_OK) {
        return;
    }
    for (uint32_t row = 0; row < height; row++) {
        for (uint32_t col = 0; col < width; col++) {
            int32_t tile = cells[row * width + col];
            if (tile == 0) {
                printf("  .");
            } else {
                printf(" %2d", (int)tile);
            }
        }
        printf("\n");
    }
}

static int fail(const char *what, LpStatus status) {
    char message[256];
    size_t written = 0;
    lp_last_error(message, sizeof message, &written);
    fprintf(stderr, "%s: %s: %s\n", what, lp_status_str(status), message);
    return 1;
}

int main(void) {
    /* Korf's 15-puzzle instance 9 (46 moves), goal with the blank in the top-left corner. */
    const uint8_t start[16] = {3, 14, 9, 11, 5, 4, 8, 2, 13, 12, 6, 7, 10, 1, 15, 0};
    const uint8_t goal[16] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15};
    const uint32_t budget = 1000; /* node expansions per frame */
    LpPuzzle *puzzle = NULL;
    LpStatus status = lp_tiles_create(4, 4, start, 16, goal, 16, &puzzle);
    if (status != LP_OK) {
        return fail("lp_tiles_create", status);
    }
    draw(puzzle);
    unsigned frames = 0, moves = 0;
    for (;;) {
        LpHint hint;
        frames++;
        status = lp_next_hint(puzzle, budget, &hint);
        if (status == LP_IN_PROGRESS) {
            continue; /* render the frame, try again next frame */
        }
        if (status == LP_ALREADY_SOLVED) {
            break;
        }
        if (status != LP_OK) {
            lp_puzzle_free(puzzle);
            return fail("lp_next_hint", status);
        }
        char sentence[128];
        size_t written = 0;
        if (lp_hint_text(puzzle, sentence, sizeof sentence, &written) != LP_OK) {
            sentence[0] = 0;
        }
        status = lp_puzzle_apply(puzzle, hint.mv);
        if (status != LP_OK) {
            lp_puzzle_free(puzzle);
            return fail("lp_puzzle_apply", status);
        }
        moves++;
        printf("frame %u: %s (%u left)\n", frames, sentence, (unsigned)hint.moves_left - 1);
        draw(puzzle);
    }
    bool solved = false;
    lp_puzzle_is_solved(puzzle, &solved);
    lp_puzzle_free(puzzle);
    printf("%s in %u moves, %u frames of %u node expansions\n", solved ? "solved" : "NOT solved", moves, frames,
           (unsigned)budget);

    /* The next level: generated from a parameter text, a frame's worth of work at a time. */
    LpGenerator *generator = NULL;
    status = lp_generator_create_text("tiles", "preset=hard", 7, &generator);
    if (status != LP_OK) {
        return fail("lp_generator_create_text", status);
    }
    LpPuzzle *next = NULL;
    uint32_t rating = 0;
    while ((status = lp_generator_step(generator, 20000, &next, &rating)) == LP_IN_PROGRESS) {
    }
    lp_generator_free(generator);
    if (status != LP_OK) {
        return fail("lp_generator_step", status);
    }
    char desc[128];
    size_t written = 0;
    lp_puzzle_describe(next, desc, sizeof desc, &written);
    printf("next level: %s (%u moves)\n", desc, (unsigned)rating);
    lp_puzzle_free(next);
    return solved ? 0 : 1;
}
