/* The 8-puzzle as a game would write it for lp_custom_create, shared by the custom-puzzle tests and the
 * callback-boundary bench: 9 bytes, the tile on each cell, 0 the blank; moves coded as the built-in tiles
 * family codes them (the tile, its cell, the blank's cell), so that the two can be compared move by move.
 * Every callback the vtable has is here: successors, goal, Manhattan estimate, move names, the cells of a
 * move, a text form ("123456780") and a drawer of random solvable starts. */
#ifndef LPHINT_TEST_EIGHT_H
#define LPHINT_TEST_EIGHT_H

#include "lphint.h"

#include <stdio.h>
#include <string.h>

static uint64_t rng = 0x9E3779B97F4A7C15ull;
static inline uint32_t next_random(void) {
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return (uint32_t)(rng >> 11);
}

typedef struct Eight {
    int lying;         /* multiply the estimate by 3 (and say it is not admissible) */
    unsigned calls;    /* successors calls */
    unsigned draws;    /* draw calls */
    unsigned fail_draw; /* when nonzero, the draw call of this number fails */
} Eight;

static const uint8_t eight_solved[9] = {1, 2, 3, 4, 5, 6, 7, 8, 0};

static inline int blank_of(const uint8_t *s) {
    for (int i = 0; i < 9; i++)
        if (s[i] == 0) return i;
    return -1;
}

static inline int32_t eight_successors(void *user, const uint8_t *state, LpEmit emit, void *sink) {
    ((Eight *)user)->calls++;
    int blank = blank_of(state);
    if (blank < 0) return 42;
    static const int dr[4] = {-1, 1, 0, 0}, dc[4] = {0, 0, -1, 1};
    for (int d = 0; d < 4; d++) {
        int r = blank / 3 + dr[d], c = blank % 3 + dc[d];
        if (r < 0 || r > 2 || c < 0 || c > 2) continue;
        int from = r * 3 + c;
        uint8_t next[9];
        memcpy(next, state, 9);
        next[blank] = next[from];
        next[from] = 0;
        LpMove mv = {(uint32_t)state[from], from, blank, 0};
        if (emit(sink, mv, next, 1) != 0) return 1;
    }
    return 0;
}

static inline int32_t eight_is_goal(void *user, const uint8_t *state, bool *goal) {
    (void)user;
    *goal = memcmp(state, eight_solved, 9) == 0;
    return 0;
}

static inline int abs_diff(int a, int b) { return a > b ? a - b : b - a; }

static inline int32_t eight_estimate(void *user, const uint8_t *state, uint32_t *estimate) {
    uint32_t sum = 0;
    for (int i = 0; i < 9; i++) {
        if (state[i] == 0) continue;
        int goal = state[i] - 1;
        sum += (uint32_t)(abs_diff(i / 3, goal / 3) + abs_diff(i % 3, goal % 3));
    }
    *estimate = ((Eight *)user)->lying ? 3 * sum : sum;
    return 0;
}

static inline int32_t eight_move_name(void *user, LpMove mv, char *buf, size_t cap, size_t *written) {
    (void)user;
    int n = snprintf(buf, cap, "slide %u", mv.piece);
    if (n < 0 || (size_t)n > cap) return 1;
    *written = (size_t)n;
    return 0;
}

/* The two cells a slide concerns: where the tile is and where it goes. */
static inline int32_t eight_move_cells(void *user, const uint8_t *state, LpMove mv, uint16_t *cells, size_t cap,
                                       size_t *count) {
    (void)user;
    (void)state;
    if (cap < 2) return 1;
    cells[0] = (uint16_t)mv.from;
    cells[1] = (uint16_t)mv.to;
    *count = 2;
    return 0;
}

static inline int32_t eight_describe(void *user, const uint8_t *state, char *buf, size_t cap, size_t *written) {
    (void)user;
    if (cap < 9) return 1;
    for (int i = 0; i < 9; i++) buf[i] = (char)('0' + state[i]);
    *written = 9;
    return 0;
}

/* Nine digits 0-8, each once; anything else is not a board (nonzero). */
static inline int32_t eight_parse(void *user, const char *text, size_t len, uint8_t *state) {
    (void)user;
    if (len != 9) return 1;
    int seen = 0;
    for (int i = 0; i < 9; i++) {
        int d = text[i] - '0';
        if (d < 0 || d > 8 || (seen & (1 << d))) return 2;
        seen |= 1 << d;
        state[i] = (uint8_t)d;
    }
    return 0;
}

/* Whether a board can reach the goal: an even number of inversions among the tiles (3 columns). */
static inline int eight_solvable(const uint8_t *s) {
    int inversions = 0;
    for (int i = 0; i < 9; i++)
        for (int j = i + 1; j < 9; j++) inversions += s[i] && s[j] && s[i] > s[j];
    return inversions % 2 == 0;
}

/* A random solvable board from `seed`: a shuffle, with two tiles swapped back when it is unsolvable. */
static inline int32_t eight_draw(void *user, uint64_t seed, uint8_t *state) {
    Eight *eight = (Eight *)user;
    if (++eight->draws == eight->fail_draw) return 9;
    uint64_t x = seed | 1;
    memcpy(state, eight_solved, 9);
    for (int i = 8; i > 0; i--) {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        int j = (int)(x % (uint64_t)(i + 1));
        uint8_t t = state[i];
        state[i] = state[j];
        state[j] = t;
    }
    if (!eight_solvable(state)) {
        int a = state[0] ? 0 : 2, b = state[1] ? 1 : 2;
        uint8_t t = state[a];
        state[a] = state[b];
        state[b] = t;
    }
    return 0;
}

/* The whole table; `lying` multiplies the estimate by 3 and says it is not admissible. */
static inline LpCustomVtable eight_vtable(int lying) {
    LpCustomVtable v = {LP_ABI_VERSION, 9, 4, !lying, eight_successors, eight_is_goal, eight_estimate, eight_move_name,
                        3, 3, eight_move_cells, eight_describe, eight_parse, eight_draw};
    return v;
}

/* A solvable board: a random walk of `steps` slides from the goal. */
static inline void random_board(uint8_t *s, int steps) {
    memcpy(s, eight_solved, 9);
    int blank = 8;
    for (int k = 0; k < steps; k++) {
        int options[4], count = 0;
        if (blank >= 3) options[count++] = blank - 3;
        if (blank < 6) options[count++] = blank + 3;
        if (blank % 3) options[count++] = blank - 1;
        if (blank % 3 != 2) options[count++] = blank + 1;
        int to = options[next_random() % (uint32_t)count];
        s[blank] = s[to];
        s[to] = 0;
        blank = to;
    }
}

/* The same board in the built-in tiles family. */
static inline LpPuzzle *builtin_tiles(const uint8_t *s) {
    char desc[64];
    snprintf(desc, sizeof desc, "tiles:3x3:%d,%d,%d,%d,%d,%d,%d,%d,%d", s[0], s[1], s[2], s[3], s[4], s[5], s[6], s[7],
             s[8]);
    LpPuzzle *p = NULL;
    if (lp_puzzle_parse(desc, &p) != LP_OK) return NULL;
    return p;
}

/* Solves with `algorithm` to the end: the length (or -1) and whether it is proven optimal. */
static inline int solve(const LpPuzzle *p, uint32_t algorithm, bool *optimal) {
    LpSolver *solver = NULL;
    if (lp_solver_create(p, algorithm, 1u << 18, &solver) != LP_OK) return -2;
    LpStatus status;
    while ((status = lp_solver_step(solver, 5000)) == LP_IN_PROGRESS) {
    }
    LpStats stats = {0};
    if (lp_solver_stats(solver, &stats) != LP_OK) status = LP_ERR_INVALID_ARGUMENT;
    *optimal = stats.optimal;
    int length = status == LP_OK ? (int)stats.solution_length : -1;
    lp_solver_free(solver);
    return length;
}

/* Plays hints to the goal: the moves played, each hint checked to lower the distance by one. */
static inline int play_hints(LpPuzzle *p, uint32_t budget, bool *all_optimal) {
    int moves = 0;
    uint32_t left = 0;
    *all_optimal = true;
    for (;;) {
        LpHint hint;
        LpStatus status;
        while ((status = lp_next_hint(p, budget, &hint)) == LP_IN_PROGRESS) {
        }
        if (status == LP_ALREADY_SOLVED) return moves;
        if (status != LP_OK) return -1;
        if (moves > 0 && hint.moves_left != left - 1) return -2;
        left = hint.moves_left;
        *all_optimal = *all_optimal && hint.optimal;
        if (lp_puzzle_apply(p, hint.mv) != LP_OK) return -3;
        moves++;
    }
}

#endif
