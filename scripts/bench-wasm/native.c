/* The wasm benchmark's native side: the same C ABI calls as wasm.mjs makes on lphint.wasm, on the same
 * inputs, so that scripts/bench-wasm.sh can time both in one run.
 *   native korf TABLES KORF_FILE   Korf's 100 solved with the 4x4 pattern databases (lengths checked)
 *   native eight TABLES COUNT      COUNT random 8-puzzles played to the goal by table hints
 * Prints the time of the work itself (tables loaded before the clock starts) and its counters. */
#define _POSIX_C_SOURCE 199309L
#include "lphint.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec / 1e9;
}

static void check(LpStatus status, const char *what) {
    if (status >= 100) {
        char message[512];
        size_t written = 0;
        lp_last_error(message, sizeof message, &written);
        fprintf(stderr, "%s: %s: %s\n", what, lp_status_str(status), message);
        exit(1);
    }
}

static LpTables *load_tables(const char *path) {
    FILE *file = fopen(path, "rb");
    if (!file) {
        perror(path);
        exit(1);
    }
    fseek(file, 0, SEEK_END);
    long len = ftell(file);
    fseek(file, 0, SEEK_SET);
    uint8_t *bytes = malloc((size_t)len);
    if (!bytes || fread(bytes, 1, (size_t)len, file) != (size_t)len) {
        fprintf(stderr, "cannot read %s\n", path);
        exit(1);
    }
    fclose(file);
    LpTables *tables = NULL;
    check(lp_tables_load(bytes, (size_t)len, &tables), "lp_tables_load");
    free(bytes);
    return tables;
}

/* The generator both sides share: xorshift32. */
static uint32_t next_random(uint32_t *state) {
    uint32_t x = *state;
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    return *state = x;
}

/* A random solvable 8-puzzle position (blank last in the goal): a shuffle, two tiles swapped when odd. */
static void random_eight(uint32_t *state, uint8_t cells[9]) {
    for (int i = 0; i < 9; i++) cells[i] = (uint8_t)i;
    for (int i = 8; i > 0; i--) {
        int j = (int)(next_random(state) % (uint32_t)(i + 1));
        uint8_t t = cells[i];
        cells[i] = cells[j];
        cells[j] = t;
    }
    int inversions = 0;
    for (int i = 0; i < 9; i++)
        for (int j = i + 1; j < 9; j++) inversions += cells[i] && cells[j] && cells[i] > cells[j];
    if (inversions % 2) {
        int a = cells[0] ? 0 : 2, b = cells[1] ? 1 : 2;
        uint8_t t = cells[a];
        cells[a] = cells[b];
        cells[b] = t;
    }
}

static int korf(LpTables *tables, const char *path) {
    FILE *file = fopen(path, "r");
    if (!file) {
        perror(path);
        return 1;
    }
    const uint8_t goal[16] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15};
    char line[512];
    int solved = 0, wrong = 0;
    uint64_t nodes = 0;
    double start = now();
    while (fgets(line, sizeof line, file)) {
        if (line[0] == '#' || line[0] == '\n') continue;
        int id, known, t[16];
        if (sscanf(line, "%d %d %d %d %d %d %d %d %d %d %d %d %d %d %d %d %d %d", &id, &known, &t[0], &t[1], &t[2],
                   &t[3], &t[4], &t[5], &t[6], &t[7], &t[8], &t[9], &t[10], &t[11], &t[12], &t[13], &t[14],
                   &t[15]) != 18)
            continue;
        uint8_t cells[16];
        for (int i = 0; i < 16; i++) cells[i] = (uint8_t)t[i];
        LpPuzzle *puzzle = NULL;
        check(lp_tiles_create(4, 4, cells, 16, goal, 16, &puzzle), "lp_tiles_create");
        check(lp_puzzle_set_tables(puzzle, tables), "lp_puzzle_set_tables");
        LpSolver *solver = NULL;
        check(lp_solver_create(puzzle, LP_ALGO_EXACT, 1000, &solver), "lp_solver_create");
        LpStatus status;
        while ((status = lp_solver_step(solver, 1u << 20)) == LP_IN_PROGRESS) {
        }
        LpStats stats;
        check(lp_solver_stats(solver, &stats), "lp_solver_stats");
        nodes += stats.expanded;
        wrong += status != LP_OK || stats.solution_length != known;
        solved++;
        lp_solver_free(solver);
        lp_puzzle_free(puzzle);
    }
    fclose(file);
    printf("korf: %d solved, %d wrong, %llu nodes in %.3f s\n", solved, wrong, (unsigned long long)nodes, now() - start);
    return wrong != 0;
}

static int eight(LpTables *tables, int count) {
    uint32_t state = 2463534242u;
    uint64_t hints = 0;
    double start = now(), hinting = 0;
    for (int i = 0; i < count; i++) {
        uint8_t cells[9];
        random_eight(&state, cells);
        LpPuzzle *puzzle = NULL;
        check(lp_tiles_create(3, 3, cells, 9, NULL, 0, &puzzle), "lp_tiles_create");
        check(lp_puzzle_set_tables(puzzle, tables), "lp_puzzle_set_tables");
        double started = now();
        for (;;) {
            LpHint hint;
            LpStatus status = lp_next_hint(puzzle, 1u << 20, &hint);
            if (status == LP_ALREADY_SOLVED) break;
            check(status, "lp_next_hint");
            if (status != LP_OK) {
                fprintf(stderr, "position %d: %s\n", i, lp_status_str(status));
                return 1;
            }
            check(lp_puzzle_apply(puzzle, hint.mv), "lp_puzzle_apply");
            hints++;
        }
        hinting += now() - started;
        lp_puzzle_free(puzzle);
    }
    printf("eight: %d positions, %llu hints in %.3f s (the hints alone %.3f s, %.3f us a hint)\n", count,
           (unsigned long long)hints, now() - start, hinting, hinting * 1e6 / (double)hints);
    return 0;
}

int main(int argc, char **argv) {
    if (argc != 4) {
        fprintf(stderr, "usage: %s korf TABLES KORF_FILE | eight TABLES COUNT\n", argv[0]);
        return 2;
    }
    LpTables *tables = load_tables(argv[2]);
    int failed = strcmp(argv[1], "korf") == 0 ? korf(tables, argv[3]) : eight(tables, atoi(argv[3]));
    lp_tables_free(tables);
    return failed;
}
