/* The callback boundary measured from C: the 8-puzzle of tests/c/eight.h (callbacks over 9 bytes,
 * Manhattan distance as its estimate) against the built-in tiles family under the same heuristic, on the
 * same random boards, with A* and IDA*: nodes per second of each and their ratio, median of alternated
 * rounds (which set runs first alternates), every length checked equal. Only the solver steps are timed.
 *
 *   scripts/bench-custom-c.sh [BOARDS] [ROUNDS]      (release library, gcc -O2; 1000 boards, 5 rounds)
 */
#define _POSIX_C_SOURCE 199309L
#include "lphint.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../../tests/c/eight.h"

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* Solves every puzzle with `algorithm`: expansions and seconds spent stepping; lengths into `lengths`. */
static int run(LpPuzzle **puzzles, int count, uint32_t algorithm, uint64_t *expanded, double *seconds, int *lengths) {
    *expanded = 0;
    *seconds = 0;
    for (int i = 0; i < count; i++) {
        LpSolver *solver = NULL;
        if (lp_solver_create(puzzles[i], algorithm, 1u << 18, &solver) != LP_OK) return -1;
        double start = now();
        LpStatus status;
        while ((status = lp_solver_step(solver, 1u << 16)) == LP_IN_PROGRESS) {
        }
        *seconds += now() - start;
        LpStats stats;
        if (status != LP_OK || lp_solver_stats(solver, &stats) != LP_OK) return -1;
        *expanded += stats.expanded;
        lengths[i] = (int)stats.solution_length;
        lp_solver_free(solver);
    }
    return 0;
}

static int by_value(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

int main(int argc, char **argv) {
    int count = argc > 1 ? atoi(argv[1]) : 1000;
    int rounds = argc > 2 ? atoi(argv[2]) : 5;
    if (count < 1 || rounds < 1 || rounds > 99) {
        fprintf(stderr, "usage: custom_bench [BOARDS] [ROUNDS (1-99)]\n");
        return 2;
    }
    Eight eight = {0};
    LpCustomVtable vtable = eight_vtable(0);
    LpPuzzle **builtin = calloc((size_t)count, sizeof *builtin), **game = calloc((size_t)count, sizeof *game);
    int *l1 = calloc((size_t)count, sizeof *l1), *l2 = calloc((size_t)count, sizeof *l2);
    if (!builtin || !game || !l1 || !l2) return 1;
    for (int i = 0; i < count; i++) {
        uint8_t s[9];
        eight_draw(&eight, 0x5eed + (uint64_t)i * 0x9E3779B97F4A7C15ull, s);
        builtin[i] = builtin_tiles(s);
        if (!builtin[i] || lp_puzzle_set_option(builtin[i], "heuristic", "manhattan") != LP_OK) return 1;
        if (lp_custom_create(&vtable, &eight, s, 9, &game[i]) != LP_OK) return 1;
    }
    printf("%d random 8-puzzles, Manhattan distance in both, %d rounds alternated (C):\n", count, rounds);
    printf("%6s %22s %22s %22s\n", "", "built-in tiles", "custom (C callbacks)", "ratio median (min-max)");
    static const uint32_t algorithms[2] = {LP_ALGO_ASTAR, LP_ALGO_IDA_STAR};
    static const char *names[2] = {"A*", "IDA*"};
    for (int a = 0; a < 2; a++) {
        double ratios[99], sorted[99], rate1[99], rate2[99];
        uint64_t nodes = 0;
        for (int r = 0; r < rounds; r++) {
            uint64_t n1, n2;
            double t1, t2;
            int first_builtin = r % 2 == 0;
            if (first_builtin) {
                if (run(builtin, count, algorithms[a], &n1, &t1, l1) || run(game, count, algorithms[a], &n2, &t2, l2)) return 1;
            } else {
                if (run(game, count, algorithms[a], &n2, &t2, l2) || run(builtin, count, algorithms[a], &n1, &t1, l1)) return 1;
            }
            if (memcmp(l1, l2, (size_t)count * sizeof *l1) != 0) {
                printf("%s: the custom 8-puzzle's lengths differ from the built-in family's\n", names[a]);
                return 1;
            }
            rate1[r] = (double)n1 / t1;
            rate2[r] = (double)n2 / t2;
            ratios[r] = sorted[r] = rate1[r] / rate2[r];
            nodes = n1;
        }
        qsort(sorted, (size_t)rounds, sizeof *sorted, by_value);
        int at = 0;
        while (ratios[at] != sorted[rounds / 2]) at++;
        printf("%6s %12.2f M nodes/s %12.2f M nodes/s %10.2fx (%.2f-%.2f)   (%llu nodes a round)\n", names[a],
               rate1[at] / 1e6, rate2[at] / 1e6, sorted[rounds / 2], sorted[0], sorted[rounds - 1],
               (unsigned long long)nodes);
    }
    printf("every length equal; the ratio is the built-in family's speed per node over the custom one's\n");
    for (int i = 0; i < count; i++) {
        lp_puzzle_free(builtin[i]);
        lp_puzzle_free(game[i]);
    }
    free(builtin);
    free(game);
    free(l1);
    free(l2);
    return 0;
}
