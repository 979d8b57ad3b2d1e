/* C ABI tests: every function with NULL, malformed text, wrong sizes, illegal moves and short buffers;
 * hints and solvers to the end; eight threads playing at once. Built by tests/it/c_abi.rs with
 * gcc -std=c11 -Wall -Wextra -Werror, once plainly and once with -fsanitize=address,undefined. */
#include "lphint.h"

#include <pthread.h>
#include <stdio.h>
#include <string.h>

#include "check.h"

static const char *HARDEST = "tiles:3x3:8,6,7,2,5,4,3,0,1";
static int play(LpPuzzle *p, uint32_t budget, unsigned *frames);
static unsigned generate(const char *family, const char *params, uint64_t seed, char *text, size_t cap,
                         uint32_t *rating);
static uint32_t family_id(const char *name);
static LpPuzzle *const SENTINEL = (LpPuzzle *)(uintptr_t)0x1;

/* Tool calls: fingerprints, solution counts and clusters, with their refusals. */
static void test_analysis(void) {
    LpPuzzle *a = NULL, *b = NULL;
    CHECK_STATUS(lp_puzzle_parse("jugs:8,5,3:8,0,0:4,4,0", &a), LP_OK, NULL);
    CHECK_STATUS(lp_puzzle_parse("jugs:3,8,5:0,8,0:0,4,4", &b), LP_OK, NULL);
    uint64_t fa = 0, fb = 1;
    CHECK_STATUS(lp_puzzle_fingerprint(a, &fa), LP_OK, NULL);
    CHECK_STATUS(lp_puzzle_fingerprint(b, &fb), LP_OK, NULL);
    CHECK(fa == fb); /* the same jugs listed in another order */
    CHECK_STATUS(lp_puzzle_fingerprint(a, NULL), LP_ERR_NULL_ARGUMENT, "value is NULL");
    LpSolutionCount count;
    CHECK_STATUS(lp_puzzle_count_solutions(a, 2, &count), LP_ERR_INVALID_ARGUMENT, "do not count");
    LpClusterSummary summary;
    CHECK_STATUS(lp_puzzle_cluster(a, 1000, &summary), LP_ERR_INVALID_ARGUMENT, "no cluster analysis");
    lp_puzzle_free(a);
    lp_puzzle_free(b);
    CHECK_STATUS(lp_puzzle_parse("linjat:4x4:..../..../o..4/....", &a), LP_OK, NULL);
    CHECK_STATUS(lp_puzzle_count_solutions(a, 2, &count), LP_OK, NULL);
    CHECK(count.all == 1 && !count.capped);
    CHECK_STATUS(lp_puzzle_count_solutions(a, 2, NULL), LP_ERR_NULL_ARGUMENT, "count is NULL");
    CHECK_STATUS(lp_puzzle_cluster(a, 1000, &summary), LP_OK, NULL);
    CHECK(summary.states == 3 && summary.solved_states == 1 && summary.start_distance == 1);
    CHECK_STATUS(lp_puzzle_cluster(a, 2, &summary), LP_OUT_OF_NODES, NULL);
    CHECK_STATUS(lp_puzzle_cluster(NULL, 2, &summary), LP_ERR_NULL_ARGUMENT, "puzzle is NULL");
    lp_puzzle_free(a);
}

static void test_statuses(void) {
    CHECK(lp_version() == LP_ABI_VERSION);
    CHECK(strcmp(lp_status_str(LP_OK), "LP_OK") == 0);
    CHECK(strcmp(lp_status_str(LP_ERR_PANIC), "LP_ERR_PANIC") == 0);
    CHECK(strcmp(lp_status_str(12345), "LP_UNKNOWN_STATUS") == 0);
    /* lp_last_error itself: NULL written, short buffer (the message survives for the retry). */
    CHECK_STATUS(lp_puzzle_parse("nope:1", NULL), LP_ERR_NULL_ARGUMENT, "out is NULL");
    CHECK(lp_last_error(NULL, 0, NULL) == LP_ERR_NULL_ARGUMENT);
    size_t needed = 0;
    char tiny[4];
    CHECK(lp_last_error(tiny, sizeof tiny, &needed) == LP_ERR_BUFFER_TOO_SMALL);
    CHECK(needed == strlen("out is NULL") + 1);
    CHECK(strcmp(last_error(), "out is NULL") == 0);

    /* The rule: every call replaces the message, so it always speaks of the call just made: empty after
     * LP_OK and LP_IN_PROGRESS, a sentence after every other status, outcomes included. */
    LpPuzzle *p = NULL;
    CHECK_STATUS(lp_puzzle_parse("tile:3x3:1,2,3,4,5,6,7,8,0", &p), LP_ERR_PARSE, "unknown family 'tile'");
    CHECK_STATUS(lp_puzzle_parse("tiles:2x2:1,2,3,0", &p), LP_OK, NULL);
    CHECK(strcmp(last_error(), "") == 0);
    LpHint hint;
    CHECK_STATUS(lp_next_hint(p, 10, &hint), LP_ALREADY_SOLVED, "already solved");
    bool solved = false;
    CHECK_STATUS(lp_puzzle_is_solved(p, &solved), LP_OK, NULL);
    CHECK(solved && strcmp(last_error(), "") == 0);
    lp_puzzle_free(p);
    CHECK_STATUS(lp_puzzle_parse("tiles:3x3:1,2,3,4,5,6,0,7,8", &p), LP_OK, NULL);
    CHECK_STATUS(lp_next_hint(p, 1, &hint), LP_IN_PROGRESS, NULL);
    CHECK(strcmp(last_error(), "") == 0);
    /* An illegal move in the family's words (the blank is at cell 6): tile 5 is not next to it, and tile 7
     * (cell 7) can slide left into it, not up. */
    LpMove five_left = {5, 4, 3, 0};
    CHECK_STATUS(lp_puzzle_apply(p, five_left), LP_ERR_ILLEGAL_MOVE, "slide 5 left is not a legal move here: tile 5 is not next to the blank");
    LpMove seven_up = {7, 7, 4, 0};
    CHECK_STATUS(lp_puzzle_apply(p, seven_up), LP_ERR_ILLEGAL_MOVE, "slide 7 up is not a legal move here; slide 7 left is");
    lp_puzzle_free(p);
}

static void test_parse_and_create(void) {
    LpPuzzle *p = SENTINEL;
    CHECK_STATUS(lp_puzzle_parse(NULL, &p), LP_ERR_NULL_ARGUMENT, "desc is NULL");
    CHECK_STATUS(lp_puzzle_parse("tiles:3x3:1,2,3", &p), LP_ERR_PARSE, "column 11: 3x3 needs 9 cells, found 3");
    CHECK_STATUS(lp_puzzle_parse("tiles:3x3:1,2,3,4,5,6,7,8,8", &p), LP_ERR_PARSE, "column 27: tile 8 appears twice");
    CHECK_STATUS(lp_puzzle_parse("chess:8x8", &p), LP_ERR_PARSE, "unknown family 'chess'");
    CHECK_STATUS(lp_puzzle_parse("tiles:3x3:\xff", &p), LP_ERR_INVALID_ARGUMENT, "not UTF-8");
    CHECK(p == SENTINEL); /* out-parameters are written only on success */

    const uint8_t start[9] = {1, 2, 3, 4, 5, 6, 0, 7, 8};
    const uint8_t twice[9] = {1, 1, 3, 4, 5, 6, 0, 7, 8};
    CHECK_STATUS(lp_tiles_create(3, 3, start, 8, NULL, 0, &p), LP_ERR_INVALID_ARGUMENT, "start has 8 cells, expected 9");
    CHECK_STATUS(lp_tiles_create(6, 3, start, 9, NULL, 0, &p), LP_ERR_INVALID_ARGUMENT, "width 6 is out of range 2..5");
    CHECK_STATUS(lp_tiles_create(300, 3, start, 9, NULL, 0, &p), LP_ERR_INVALID_ARGUMENT, "out of range");
    CHECK_STATUS(lp_tiles_create(3, 3, twice, 9, NULL, 0, &p), LP_ERR_INVALID_ARGUMENT, "tile 1 appears twice");
    CHECK_STATUS(lp_tiles_create(3, 3, start, 9, start, 4, &p), LP_ERR_INVALID_ARGUMENT, "goal has 4 cells");
    CHECK_STATUS(lp_tiles_create(3, 3, NULL, 9, NULL, 0, &p), LP_ERR_NULL_ARGUMENT, "start is NULL");
    CHECK_STATUS(lp_tiles_create(3, 3, start, 9, NULL, 0, NULL), LP_ERR_NULL_ARGUMENT, "out is NULL");
    CHECK(p == SENTINEL);

    CHECK_STATUS(lp_tiles_create(3, 3, start, 9, NULL, 0, &p), LP_OK, NULL);
    uint32_t family = 0;
    CHECK_STATUS(lp_puzzle_family(p, &family), LP_OK, NULL);
    CHECK(family == family_id("tiles") && family == 1);
    CHECK_STATUS(lp_puzzle_family(NULL, &family), LP_ERR_NULL_ARGUMENT, "puzzle is NULL");
    CHECK_STATUS(lp_puzzle_family(p, NULL), LP_ERR_NULL_ARGUMENT, "family is NULL");
    lp_puzzle_free(p);
    lp_puzzle_free(NULL);
    lp_solver_free(NULL);

    /* Every function that takes a handle refuses NULL with a message. */
    char text[8];
    int32_t cells[4];
    size_t written = 0;
    uint32_t width = 0, height = 0;
    bool solved = false;
    LpHint hint;
    LpStats stats;
    LpMove moves[2];
    LpMove move = {1, -1, -1, 0};
    LpSolver *s = NULL;
    CHECK_STATUS(lp_puzzle_describe(NULL, text, sizeof text, &written), LP_ERR_NULL_ARGUMENT, "puzzle is NULL");
    CHECK_STATUS(lp_puzzle_family(NULL, &family), LP_ERR_NULL_ARGUMENT, "puzzle is NULL");
    CHECK_STATUS(lp_puzzle_size(NULL, &width, &height), LP_ERR_NULL_ARGUMENT, "puzzle is NULL");
    CHECK_STATUS(lp_puzzle_cells(NULL, cells, 4, &written), LP_ERR_NULL_ARGUMENT, "puzzle is NULL");
    CHECK_STATUS(lp_puzzle_apply(NULL, move), LP_ERR_NULL_ARGUMENT, "puzzle is NULL");
    CHECK_STATUS(lp_puzzle_is_solved(NULL, &solved), LP_ERR_NULL_ARGUMENT, "puzzle is NULL");
    CHECK_STATUS(lp_next_hint(NULL, 10, &hint), LP_ERR_NULL_ARGUMENT, "puzzle is NULL");
    CHECK_STATUS(lp_solver_create(NULL, LP_ALGO_IDA_STAR, 10, &s), LP_ERR_NULL_ARGUMENT, "puzzle is NULL");
    CHECK_STATUS(lp_solver_create_named(NULL, "ida", 10, &s), LP_ERR_NULL_ARGUMENT, "puzzle is NULL");
    CHECK_STATUS(lp_solver_step(NULL, 10), LP_ERR_NULL_ARGUMENT, "solver is NULL");
    CHECK_STATUS(lp_solver_moves(NULL, moves, 2, &written), LP_ERR_NULL_ARGUMENT, "solver is NULL");
    CHECK_STATUS(lp_solver_stats(NULL, &stats), LP_ERR_NULL_ARGUMENT, "solver is NULL");
    CHECK(s == NULL);

    /* Tables: damaged bytes, NULL handles. */
    /* The current format version (8), so that the checksum is what fails. */
    const uint8_t garbage[64] = {'L', 'P', 'D', 'B', 8, 0, 3};
    const uint8_t newer[64] = {'L', 'P', 'D', 'B', 9, 0, 3};
    LpTables *tables = NULL;
    CHECK_STATUS(lp_tables_load(garbage, sizeof garbage, &tables), LP_ERR_CORRUPT_DATA, "checksum mismatch");
    CHECK_STATUS(lp_tables_load(garbage, 2, &tables), LP_ERR_CORRUPT_DATA, "too few");
    CHECK_STATUS(lp_tables_load(newer, sizeof newer, &tables), LP_ERR_VERSION, "format version 9");
    CHECK_STATUS(lp_tables_load(NULL, 64, &tables), LP_ERR_NULL_ARGUMENT, "bytes is NULL");
    CHECK_STATUS(lp_tables_load(garbage, sizeof garbage, NULL), LP_ERR_NULL_ARGUMENT, "out is NULL");
    CHECK(tables == NULL);
    CHECK_STATUS(lp_puzzle_set_tables(NULL, NULL), LP_ERR_NULL_ARGUMENT, "is NULL");
    lp_tables_free(NULL);
}

static void test_jugs(void) {
    const uint8_t caps[3] = {8, 5, 3}, start[3] = {8, 0, 0}, over[3] = {9, 0, 0};
    const int32_t goal[3] = {4, 4, -1}, bad_goal[3] = {4, 300, -1};
    LpPuzzle *p = SENTINEL;
    CHECK_STATUS(lp_jugs_create(caps, over, goal, 3, false, &p), LP_ERR_INVALID_ARGUMENT, "jug 1 holds at most 8");
    CHECK_STATUS(lp_jugs_create(caps, start, bad_goal, 3, false, &p), LP_ERR_INVALID_ARGUMENT, "out of range");
    CHECK_STATUS(lp_jugs_create(caps, start, goal, 1, false, &p), LP_ERR_INVALID_ARGUMENT, "count 1 is out of range 2..8");
    CHECK_STATUS(lp_jugs_create(NULL, start, goal, 3, false, &p), LP_ERR_NULL_ARGUMENT, "capacities is NULL");
    CHECK(p == SENTINEL);
    CHECK_STATUS(lp_jugs_create(caps, start, goal, 3, false, &p), LP_OK, NULL);
    uint32_t family = 0;
    CHECK_STATUS(lp_puzzle_family(p, &family), LP_OK, NULL);
    CHECK(family == family_id("jugs") && family == 2);
    LpMove fill = {0, -1, 0, 0}; /* no tap in this puzzle */
    CHECK_STATUS(lp_puzzle_apply(p, fill), LP_ERR_ILLEGAL_MOVE, "fill jug 1 from the tap is not a legal move here: this puzzle has no tap");
    unsigned frames = 0;
    CHECK(play(p, 5, &frames) == 7); /* 8-5-3 splits into 4 and 4 in 7 pours */
    int32_t amounts[3];
    size_t written = 0;
    CHECK_STATUS(lp_puzzle_cells(p, amounts, 3, &written), LP_OK, NULL);
    CHECK(written == 3 && amounts[0] == 4 && amounts[1] == 4 && amounts[2] == 0);
    lp_puzzle_free(p);
}

static void test_blocks(void) {
    /* Huarong Dao's classic: 1 the 2x2 goal block, 2-5 the verticals, 6 the horizontal, 7-10 singles. */
    const int32_t classic[20] = {2, 1, 1, 3, 2, 1, 1, 3, 4, 6, 6, 5, 4, 7, 8, 5, 9, 0, 0, 10};
    const LpBlocksGoal goal = {1, 3, 1}, off = {1, 9, 1}, missing = {11, 0, 0};
    LpPuzzle *p = SENTINEL;
    CHECK_STATUS(lp_blocks_create(4, 5, NULL, 20, &goal, 1, 2, &p), LP_ERR_NULL_ARGUMENT, "cells is NULL");
    CHECK_STATUS(lp_blocks_create(17, 5, classic, 85, &goal, 1, 2, &p), LP_ERR_INVALID_ARGUMENT, "width 17 is out of range");
    CHECK_STATUS(lp_blocks_create(4, 5, classic, 20, &goal, 1, 3, &p), LP_ERR_INVALID_ARGUMENT, "count must be 0");
    CHECK_STATUS(lp_blocks_create(4, 5, classic, 20, &off, 1, 2, &p), LP_ERR_INVALID_ARGUMENT, "off the board");
    CHECK_STATUS(lp_blocks_create(4, 5, classic, 20, &missing, 1, 2, &p), LP_ERR_INVALID_ARGUMENT, "not on the board");
    CHECK_STATUS(lp_blocks_create(4, 5, classic, 20, &goal, 0, 2, &p), LP_ERR_INVALID_ARGUMENT, "goals_len 0 is out of range");
    CHECK_STATUS(lp_blocks_create(4, 5, classic, 20, &goal, SIZE_MAX, 2, &p), LP_ERR_INVALID_ARGUMENT, "out of range");
    CHECK_STATUS(lp_blocks_create(4, 5, classic, 19, &goal, 1, 2, &p), LP_ERR_INVALID_ARGUMENT, "cells_len is 19");
    CHECK_STATUS(lp_blocks_create(4, 5, classic, SIZE_MAX, &goal, 1, 2, &p), LP_ERR_INVALID_ARGUMENT, "cells_len");
    CHECK(p == SENTINEL);
    const uint32_t counts[3] = {0, 1, 2};
    const int expected[3] = {116, 90, 81};
    for (int i = 0; i < 3; i++) {
        CHECK_STATUS(lp_blocks_create(4, 5, classic, 20, &goal, 1, counts[i], &p), LP_OK, NULL);
        uint32_t family = 0;
        CHECK_STATUS(lp_puzzle_family(p, &family), LP_OK, NULL);
        CHECK(family == family_id("blocks") && family == 5);
        unsigned frames = 0;
        CHECK(play(p, 5000, &frames) == expected[i]);
        lp_puzzle_free(p);
    }
    CHECK_STATUS(lp_blocks_create(4, 5, classic, 20, &goal, 1, 2, &p), LP_OK, NULL);
    char desc[128];
    size_t written = 0;
    CHECK_STATUS(lp_puzzle_describe(p, desc, sizeof desc, &written), LP_OK, NULL);
    CHECK(strcmp(desc, "blocks:4x5:BAAC/BAAC/DFFE/DGHE/I..J:A@3,1") == 0);
    LpMove wrong = {1, 0, 5, 0};
    CHECK_STATUS(lp_puzzle_apply(p, wrong), LP_ERR_ILLEGAL_MOVE, "move block B from row 1, column 1 to row 2, column 2 is not a legal move here");
    /* A move names the block that moves: A's id with B's corner is refused, naming both. */
    LpMove other = {0, 0, 4, 0};
    CHECK_STATUS(lp_puzzle_apply(p, other), LP_ERR_ILLEGAL_MOVE, "block A has its top-left corner at row 1, column 2, not at row 1, column 1 (block B stands there)");
    int64_t fact = 7;
    CHECK_STATUS(lp_puzzle_fact(p, "cluster_states", &fact), LP_NOT_FOUND, "no fact named 'cluster_states'");
    CHECK(fact == 7);
    lp_puzzle_free(p);
    /* A generated layout carries its cluster's facts: the hardest start of its cluster. */
    uint32_t rating = 0;
    CHECK_STATUS(lp_generate("blocks", "size=4x4,method=cluster,min=10,max=60", 3, &p, &rating), LP_OK, NULL);
    int64_t states = 0, farthest = 0;
    CHECK_STATUS(lp_puzzle_fact(p, "cluster_states", &states), LP_OK, NULL);
    CHECK_STATUS(lp_puzzle_fact(p, "farthest", &farthest), LP_OK, NULL);
    CHECK(states > 1 && farthest == (int64_t)rating && rating >= 10 && rating <= 60);
    CHECK_STATUS(lp_puzzle_fact(p, NULL, &farthest), LP_ERR_NULL_ARGUMENT, "name is NULL");
    CHECK_STATUS(lp_puzzle_fact(p, "farthest", NULL), LP_ERR_NULL_ARGUMENT, "value is NULL");
    lp_puzzle_free(p);
    /* Rush Hour through lp_blocks_create_locked: Fogleman's 51-move puzzle, every car and truck along its
     * long axis (3), moves as slides (line); the red car A (id 1) leaves on the right of row 2. */
    const char *rush = "GBBoLoGHIoLMGHIAAMCCCKoMooJKDDEEJFFo";
    int32_t cars[36];
    for (int i = 0; i < 36; i++) cars[i] = rush[i] == 'o' ? 0 : rush[i] - 'A' + 1;
    uint8_t long_axis[13];
    memset(long_axis, 3, sizeof long_axis);
    const LpBlocksGoal exit_goal = {1, 2, 4};
    CHECK_STATUS(lp_blocks_create_locked(6, 6, cars, 36, &exit_goal, 1, long_axis, 13, 1, &p), LP_OK, NULL);
    unsigned frames = 0;
    CHECK(play(p, 5000, &frames) == 51);
    lp_puzzle_free(p);
    CHECK_STATUS(lp_blocks_create_locked(6, 6, cars, 36, &exit_goal, 1, long_axis, 13, 1, &p), LP_OK, NULL);
    CHECK_STATUS(lp_puzzle_describe(p, desc, sizeof desc, &written), LP_OK, NULL);
    CHECK(strncmp(desc, "rush:", 5) == 0);
    lp_puzzle_free(p);
    /* A subset of Fogleman's sample (data/rush.txt) in his notation: each puzzle's moves and cluster size
     * as he lists them, through lp_puzzle_parse and lp_puzzle_cluster. */
    static const struct { int moves; const char *board; uint64_t cluster; } sample[] = {
        {1, "ooooooooooooAAoooooooooooooooooooooo", 5},       {7, "HBBBooHooJCCHAAJoKDDEEoKIoooooIFFGGG", 872},
        {10, "ooooooooIBBBAAIJKLHCCJKLHDDooxFFFoxo", 1910},   {14, "IBBooMIxDDoMoJKAAMoJKLooooxLFFoGGGHH", 3314},
        {18, "BBBJoKoCCJoKAAoJooHDDEEoHoIFFFooIoox", 1005},   {21, "oHBBBMoHJKoMAAJKoNGIJCCNGIooLoxEEoLx", 1159},
        {25, "BBJoooIoJoCCIAAoKLDDooKLEEFFFLxooHHH", 8834},   {28, "ooxoCCDDKxoNAAKLoNJFFLGGJoHHMOIIooMO", 2502},
        {32, "HooBBBHCCxoLAAIoKLEEIJKMFFFJKMGGGooo", 2668},   {36, "BBBCCNooKDDNAAKLooJEELoxJGGLMoHHIIMo", 6224},
        {46, "IBBLCCIooLMNoJAAMNoJDDMxFFKoooxoKHHo", 9583},
    };
    for (size_t i = 0; i < sizeof sample / sizeof sample[0]; i++) {
        char text[64];
        snprintf(text, sizeof text, "rush:%s", sample[i].board);
        CHECK_STATUS(lp_puzzle_parse(text, &p), LP_OK, NULL);
        LpClusterSummary summary;
        CHECK_STATUS(lp_puzzle_cluster(p, 1 << 20, &summary), LP_OK, NULL);
        CHECK(summary.states == sample[i].cluster);
        CHECK(summary.start_distance == sample[i].moves && summary.farthest_distance == sample[i].moves);
        lp_puzzle_free(p);
    }
    /* Without the locks the same board is easier; bad rules are refused by name. */
    CHECK_STATUS(lp_blocks_create_locked(6, 6, cars, 36, &exit_goal, 1, NULL, 0, 1, &p), LP_OK, NULL);
    CHECK(play(p, 5000, &frames) < 51);
    lp_puzzle_free(p);
    p = SENTINEL;
    uint8_t bad = 4;
    CHECK_STATUS(lp_blocks_create_locked(6, 6, cars, 36, &exit_goal, 1, &bad, 1, 1, &p), LP_ERR_INVALID_ARGUMENT, "axes[0] is 4");
    CHECK_STATUS(lp_blocks_create_locked(6, 6, cars, 36, &exit_goal, 1, NULL, 3, 1, &p), LP_ERR_NULL_ARGUMENT, "axes is NULL");
    CHECK_STATUS(lp_blocks_create_locked(4, 5, classic, 20, &goal, 1, long_axis, 1, 1, &p), LP_ERR_INVALID_ARGUMENT, "long axis");
    CHECK(p == SENTINEL);
}

static void test_linjat(void) {
    /* The first tutorial grid: a dot at row 2, column 0 and a 4 at row 2, column 3. */
    int32_t tutorial[16] = {0, 0, 0, 0, 0, 0, 0, 0, -1, 0, 0, 4, 0, 0, 0, 0};
    LpPuzzle *p = SENTINEL;
    CHECK_STATUS(lp_linjat_create(4, 4, NULL, 16, &p), LP_ERR_NULL_ARGUMENT, "cells is NULL");
    CHECK_STATUS(lp_linjat_create(4, 4, tutorial, 15, &p), LP_ERR_INVALID_ARGUMENT, "cells_len is 15");
    CHECK_STATUS(lp_linjat_create(0, 4, tutorial, 0, &p), LP_ERR_INVALID_ARGUMENT, "width 0 is out of range");
    CHECK_STATUS(lp_linjat_create(4, 4, tutorial, SIZE_MAX, &p), LP_ERR_INVALID_ARGUMENT, "cells_len");
    tutorial[0] = 10;
    CHECK_STATUS(lp_linjat_create(4, 4, tutorial, 16, &p), LP_ERR_INVALID_ARGUMENT, "cell 0 (row 1, column 1) holds 10");
    CHECK(p == SENTINEL);
    tutorial[0] = 0;
    CHECK_STATUS(lp_linjat_create(4, 4, tutorial, 16, &p), LP_OK, NULL);
    CHECK(family_id("linjat") == 6);
    LpHint hint;
    CHECK_STATUS(lp_next_hint(p, 1000, &hint), LP_OK, NULL);
    /* The 4 (number 0) covers row 2 from column 0 to 3: cells 8 to 11, deduced by the cover rule. */
    CHECK(hint.mv.piece == 0 && hint.mv.from == 8 && hint.mv.to == 11 && hint.moves_left == 1 && hint.reason == 2);
    char text[256];
    size_t written = 0;
    CHECK_STATUS(lp_hint_text(p, text, sizeof text, &written), LP_OK, NULL);
    CHECK(strstr(text, "Only the 4 at row 3, column 4 can reach the dot at row 3, column 1") == text);
    LpMove wrong = {0, 9, 12, 0};
    CHECK_STATUS(lp_puzzle_apply(p, wrong), LP_ERR_ILLEGAL_MOVE, "no segment of the 4 at row 3, column 4 from row 3, column 2");
    CHECK_STATUS(lp_puzzle_apply(p, hint.mv), LP_OK, NULL);
    int32_t cells[16];
    CHECK_STATUS(lp_puzzle_cells(p, cells, 16, &written), LP_OK, NULL);
    CHECK(cells[8] == 100 && cells[9] == 10 && cells[11] == 4 && cells[0] == 0);
    bool solved = false;
    CHECK_STATUS(lp_puzzle_is_solved(p, &solved), LP_OK, NULL);
    CHECK(solved);
    lp_puzzle_free(p);
    /* A published expert puzzle played to the end by hints, one deduction a hint. */
    CHECK_STATUS(lp_puzzle_parse("linjat:9x13:oo4..o.o4/2o.3oo.../o3oo2o.../...oo3.4./........./o...7..o2/"
                                 "2.....o2o/o...o..4o/....oo4oo/5...o3oo3/.33o3oo4./.oo2o..../o2o......", &p),
                 LP_OK, NULL);
    unsigned frames = 0;
    CHECK(play(p, 50, &frames) == 23);
    lp_puzzle_free(p);
}

static void test_sudoku(void) {
    /* 2 . 4 . / . 1 . . / . . . . / 1 . . 2: one solution, 11 empty cells. */
    int32_t givens[16] = {2, 0, 4, 0, 0, 1, 0, 0, 0, 0, 0, 0, 1, 0, 0, 2};
    LpPuzzle *p = SENTINEL;
    CHECK_STATUS(lp_sudoku_create(4, NULL, 16, &p), LP_ERR_NULL_ARGUMENT, "cells is NULL");
    CHECK_STATUS(lp_sudoku_create(4, givens, 15, &p), LP_ERR_INVALID_ARGUMENT, "cells_len is 15");
    CHECK_STATUS(lp_sudoku_create(5, givens, 25, &p), LP_ERR_INVALID_ARGUMENT, "a sudoku's side is 4, 6, 9 or 16, not 5");
    givens[0] = 5;
    CHECK_STATUS(lp_sudoku_create(4, givens, 16, &p), LP_ERR_INVALID_ARGUMENT, "cell 0 (row 1, column 1) holds 5");
    givens[0] = 2;
    givens[3] = 2;
    CHECK_STATUS(lp_sudoku_create(4, givens, 16, &p), LP_ERR_INVALID_ARGUMENT, "row 1 gives the digit 2 twice");
    CHECK(p == SENTINEL);
    givens[3] = 0;
    CHECK_STATUS(lp_sudoku_create(4, givens, 16, &p), LP_OK, NULL);
    CHECK(family_id("sudoku") == 8);
    LpMove clash = {1, -1, -1, 1};
    CHECK_STATUS(lp_puzzle_apply(p, clash), LP_ERR_ILLEGAL_MOVE, "column 2 already has a 1 (at r2c2)");
    LpMove mark = {3, -1, -1, -3};
    CHECK_STATUS(lp_puzzle_apply(p, mark), LP_OK, NULL);
    int32_t cells[16];
    size_t written = 0;
    CHECK_STATUS(lp_puzzle_cells(p, cells, 16, &written), LP_OK, NULL);
    CHECK(cells[0] == 2 && cells[3] == -4 && cells[1] == 0);
    LpHint hint;
    CHECK_STATUS(lp_next_hint(p, 1000, &hint), LP_OK, NULL);
    CHECK(hint.moves_left == 11 && hint.optimal && hint.mv.arg >= 1 && hint.mv.arg <= 4);
    char text[512];
    CHECK_STATUS(lp_hint_text(p, text, sizeof text, &written), LP_OK, NULL);
    CHECK(strstr(text, "fits only in") != NULL || strstr(text, "last empty cell") != NULL || strstr(text, "one candidate") != NULL);
    unsigned frames = 0;
    CHECK(play(p, 50, &frames) == 11);
    CHECK_STATUS(lp_puzzle_cells(p, cells, 16, &written), LP_OK, NULL);
    CHECK(cells[1] == 103 && cells[0] == 2);
    lp_puzzle_free(p);
}

static void test_flip(void) {
    const uint8_t all_dark[25] = {1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1};
    const uint8_t corner[25] = {1};
    LpPuzzle *p = SENTINEL;
    CHECK_STATUS(lp_flip_create(5, 5, all_dark, NULL, 24, &p), LP_ERR_INVALID_ARGUMENT, "has 25 cells");
    CHECK_STATUS(lp_flip_create(40, 5, all_dark, NULL, 25, &p), LP_ERR_INVALID_ARGUMENT, "width 40 is out of range 1..32");
    CHECK_STATUS(lp_flip_create(5, 5, NULL, NULL, 25, &p), LP_ERR_NULL_ARGUMENT, "start is NULL");
    CHECK(p == SENTINEL);
    CHECK_STATUS(lp_flip_create(5, 5, all_dark, NULL, 25, &p), LP_OK, NULL);
    LpMove outside = {0, 25, 0, 0};
    CHECK_STATUS(lp_puzzle_apply(p, outside), LP_ERR_ILLEGAL_MOVE, NULL);
    unsigned frames = 0;
    CHECK(play(p, 1, &frames) == 15); /* all dark 5x5: 15 presses at least */
    lp_puzzle_free(p);
    CHECK_STATUS(lp_flip_create(5, 5, corner, NULL, 25, &p), LP_OK, NULL);
    LpHint hint;
    CHECK_STATUS(lp_next_hint(p, 1, &hint), LP_UNSOLVABLE, "no solution");
    lp_puzzle_free(p);
}

static void test_sokoban(void) {
    /* Microban 1, row-major in XSB characters, padded with floor to 6 columns. */
    const char *grid = "####  "
                       "# .#  "
                       "#  ###"
                       "#*@  #"
                       "#  $ #"
                       "#  ###"
                       "####  ";
    LpPuzzle *p = SENTINEL;
    CHECK_STATUS(lp_sokoban_create(6, 7, (const uint8_t *)grid, 41, &p), LP_ERR_INVALID_ARGUMENT, "has 42 squares, not 41");
    CHECK_STATUS(lp_sokoban_create(65, 1, (const uint8_t *)grid, 65, &p), LP_ERR_INVALID_ARGUMENT, "width 65 is out of range");
    CHECK_STATUS(lp_sokoban_create(6, 7, NULL, 42, &p), LP_ERR_NULL_ARGUMENT, "grid is NULL");
    CHECK_STATUS(lp_sokoban_create(6, 1, (const uint8_t *)"#@$. #", 6, &p), LP_ERR_INVALID_ARGUMENT, "the walls do not close the room");
    CHECK(p == SENTINEL);
    CHECK_STATUS(lp_sokoban_create(6, 7, (const uint8_t *)grid, 42, &p), LP_OK, NULL);
    /* A step into the wall is refused in the family's words; a step (arg 1) walks; pushes solve it. */
    LpMove into_wall = {0, 3 * 6 + 2, 3 * 6 + 1, 1}; /* box 1 against the wall */
    CHECK_STATUS(lp_puzzle_apply(p, into_wall), LP_ERR_ILLEGAL_MOVE, NULL);
    LpMove step_right = {UINT32_MAX, 3 * 6 + 2, 3 * 6 + 3, 1};
    CHECK_STATUS(lp_puzzle_apply(p, step_right), LP_OK, NULL);
    unsigned frames = 0;
    CHECK(play(p, 50, &frames) == 8); /* Microban 1: 8 pushes */
    char why[200];
    size_t written = 0;
    CHECK_STATUS(lp_puzzle_lost_text(p, why, sizeof why, &written), LP_NOT_FOUND, "no reason seen");
    lp_puzzle_free(p);
    /* A box in a corner off the goals: lost, and the family says why. */
    CHECK_STATUS(lp_sokoban_create(5, 3, (const uint8_t *)"#####" "#$@.#" "#####", 15, &p), LP_OK, NULL);
    LpHint hint;
    CHECK_STATUS(lp_next_hint(p, 100, &hint), LP_UNSOLVABLE, NULL);
    CHECK_STATUS(lp_puzzle_lost_text(p, why, sizeof why, &written), LP_OK, NULL);
    CHECK(strstr(why, "box 1 is in a corner off the goals at row 2, column 2: it can never leave") != NULL);
    lp_puzzle_free(p);
}

static const char *PENTOMINOES_6X10 =
    "hargram:10x6:........../........../........../........../........../..........:"
    ".##/##./.#.;#####;#.../####;##../.###;##/##/#.;###/.#./.#.;#.#/###;#../#../###;#../##./.##;.#./###/.#.;"
    ".#../####;##./.#./.##";

static void test_hargram(void) {
    const uint8_t l_cells[4] = {1, 1, 1, 0}; /* ##/#. */
    const uint8_t j_cells[4] = {1, 0, 1, 1}; /* #./## */
    const uint8_t diagonal[4] = {1, 0, 0, 1};
    LpHargramPiece pieces[2] = {{2, 2, l_cells, 0}, {2, 2, j_cells, 0}};
    LpPuzzle *p = SENTINEL;
    CHECK_STATUS(lp_hargram_create(3, 2, NULL, NULL, 2, &p), LP_ERR_NULL_ARGUMENT, "pieces is NULL");
    CHECK_STATUS(lp_hargram_create(3, 2, NULL, pieces, 0, &p), LP_ERR_INVALID_ARGUMENT, "count 0 is out of range 1..64");
    CHECK_STATUS(lp_hargram_create(3, 2, NULL, pieces, 1, &p), LP_ERR_INVALID_ARGUMENT, "cover 3 cells");
    LpHargramPiece broken[2] = {{2, 2, diagonal, 0}, {2, 2, j_cells, 0}};
    CHECK_STATUS(lp_hargram_create(3, 2, NULL, broken, 2, &p), LP_ERR_INVALID_ARGUMENT, "connected");
    LpHargramPiece no_cells[2] = {{2, 2, NULL, 0}, {2, 2, j_cells, 0}};
    CHECK_STATUS(lp_hargram_create(3, 2, NULL, no_cells, 2, &p), LP_ERR_NULL_ARGUMENT, "piece cells is NULL");
    CHECK(p == SENTINEL);
    CHECK_STATUS(lp_hargram_create(3, 2, NULL, pieces, 2, &p), LP_OK, NULL);
    uint32_t family = 0;
    CHECK_STATUS(lp_puzzle_family(p, &family), LP_OK, NULL);
    CHECK(family == family_id("hargram") && family == 4);
    LpMove off_board = {1, 0, 2, 0};
    CHECK_STATUS(lp_puzzle_apply(p, off_board), LP_ERR_ILLEGAL_MOVE, NULL);
    unsigned frames = 0;
    CHECK(play(p, 10, &frames) == 2);
    int32_t cells[6];
    size_t written = 0;
    CHECK_STATUS(lp_puzzle_cells(p, cells, 6, &written), LP_OK, NULL);
    CHECK(written == 6 && cells[0] >= 1 && cells[5] >= 1);
    lp_puzzle_free(p);

    /* The X pentomino in the corner shuts a cell in: the hint names it (take it off: to = -1). */
    char desc[512];
    snprintf(desc, sizeof desc, "%s:9@0,0,0", PENTOMINOES_6X10);
    CHECK_STATUS(lp_puzzle_parse(desc, &p), LP_OK, NULL);
    LpHint hint;
    LpStatus status;
    while ((status = lp_next_hint(p, 1000, &hint)) == LP_IN_PROGRESS) {
    }
    CHECK(status == LP_OK && hint.mv.piece == 9 && hint.mv.to == -1 && hint.moves_left == 13);

    /* The genetic algorithm is for hargram only; bad parameters are refused. */
    LpGa *ga = NULL;
    LpGaParams tiny = {1, 10, 3, 0.9f, 0.15f};
    CHECK_STATUS(lp_ga_create(p, &tiny, 1, &ga), LP_ERR_INVALID_ARGUMENT, "population must be");
    lp_puzzle_free(p);
    CHECK_STATUS(lp_puzzle_parse(HARDEST, &p), LP_OK, NULL);
    CHECK_STATUS(lp_ga_create(p, NULL, 1, &ga), LP_ERR_INVALID_ARGUMENT, "no genetic algorithm for tiles puzzles");
    lp_puzzle_free(p);
    CHECK(ga == NULL);

    /* A small board: the GA finds a full cover within its budget, and its placements solve the puzzle. */
    CHECK_STATUS(lp_puzzle_parse("hargram:4x3:..../..../....:###/#..;#../###;####", &p), LP_OK, NULL);
    LpGaParams params = {200, 60, 3, 0.9f, 0.15f};
    CHECK_STATUS(lp_ga_create(p, &params, 7, &ga), LP_OK, NULL);
    LpGaReport report;
    CHECK_STATUS(lp_ga_step(ga, 10, NULL), LP_ERR_NULL_ARGUMENT, "report is NULL");
    while ((status = lp_ga_step(ga, 50, &report)) == LP_IN_PROGRESS) {
    }
    CHECK(status == LP_OK && report.found == 1 && report.best_fitness == 12 && report.perfect == 12);
    LpMove best[8];
    CHECK_STATUS(lp_ga_best(ga, best, 1, &written), LP_ERR_BUFFER_TOO_SMALL, "3 are needed");
    CHECK_STATUS(lp_ga_best(ga, best, 8, &written), LP_OK, NULL);
    CHECK(written == 3);
    for (size_t i = 0; i < written; i++) CHECK_STATUS(lp_puzzle_apply(p, best[i]), LP_OK, NULL);
    bool solved = false;
    CHECK_STATUS(lp_puzzle_is_solved(p, &solved), LP_OK, NULL);
    CHECK(solved);
    lp_ga_free(ga);
    lp_ga_free(NULL);
    CHECK_STATUS(lp_ga_step(NULL, 10, &report), LP_ERR_NULL_ARGUMENT, "ga is NULL");
    lp_puzzle_free(p);

    /* Simulated annealing on the same genome: the same calls; a schedule it cannot read is refused. */
    CHECK_STATUS(lp_puzzle_parse("hargram:4x3:..../..../....:###/#..;#../###;####", &p), LP_OK, NULL);
    ga = NULL;
    CHECK_STATUS(lp_anneal_create(p, "iterations=0", &ga), LP_ERR_INVALID_ARGUMENT, "schedule: iterations is '0': a whole number from 1");
    CHECK_STATUS(lp_anneal_create(NULL, NULL, &ga), LP_ERR_NULL_ARGUMENT, "puzzle is NULL");
    CHECK_STATUS(lp_anneal_create(p, NULL, NULL), LP_ERR_NULL_ARGUMENT, "out is NULL");
    CHECK(ga == NULL);
    CHECK_STATUS(lp_anneal_create(p, NULL, &ga), LP_OK, NULL);
    while ((status = lp_ga_step(ga, 50, &report)) == LP_IN_PROGRESS) {
    }
    CHECK(status == LP_OK && report.found == 1 && report.best_fitness == 12);
    CHECK_STATUS(lp_ga_best(ga, best, 8, &written), LP_OK, NULL);
    for (size_t i = 0; i < written; i++) CHECK_STATUS(lp_puzzle_apply(p, best[i]), LP_OK, NULL);
    CHECK_STATUS(lp_puzzle_is_solved(p, &solved), LP_OK, NULL);
    CHECK(solved);
    lp_ga_free(ga);
    lp_puzzle_free(p);
    CHECK_STATUS(lp_puzzle_parse(HARDEST, &p), LP_OK, NULL);
    ga = NULL;
    CHECK_STATUS(lp_anneal_create(p, NULL, &ga), LP_ERR_INVALID_ARGUMENT, "no genetic algorithm for tiles puzzles");
    CHECK(ga == NULL);
    lp_puzzle_free(p);

    /* Generation: a unique 6x5 puzzle, and custom parameters. */
    char text[512];
    uint32_t rating = 0;
    CHECK(generate("hargram", "preset=hard", 3, text, sizeof text, &rating) > 0);
    CHECK(strncmp(text, "hargram:6x5:", 12) == 0 && rating > 0);
    CHECK(generate("hargram", "min=0,max=1000000,size=4x4,pieces=4,piece_size=4..4", 3, text, sizeof text, &rating) > 0);
    CHECK(strncmp(text, "hargram:4x4:", 12) == 0);
    LpGenerator *g = NULL;
    CHECK_STATUS(lp_generator_create_text("hargram", "size=4x4,pieces=2,piece_size=3..5", 1, &g), LP_ERR_INVALID_ARGUMENT,
                 "cannot cover");
}

/* Lengths past every limit are refused before a byte is read (ASan would see the read), and caps the machine
 * cannot hold are a status, not an abort. */
static void test_hostile_lengths(void) {
    uint8_t nine[9] = {1, 2, 3, 4, 5, 6, 7, 8, 0};
    const uint8_t caps[3] = {8, 5, 3}, start[3] = {8, 0, 0};
    const int32_t goal[3] = {4, 4, -1};
    LpPuzzle *p = SENTINEL;
    CHECK_STATUS(lp_flip_create(3, 3, nine, NULL, 100000000, &p), LP_ERR_INVALID_ARGUMENT, "has 9 cells, not 100000000");
    CHECK_STATUS(lp_flip_create(40, 40, nine, NULL, SIZE_MAX / 2, &p), LP_ERR_INVALID_ARGUMENT, "out of range");
    CHECK_STATUS(lp_flip_create(3, 3, NULL, NULL, 9, &p), LP_ERR_NULL_ARGUMENT, "start is NULL");
    CHECK_STATUS(lp_jugs_create(caps, start, goal, 9, false, &p), LP_ERR_INVALID_ARGUMENT, "count 9 is out of range");
    CHECK_STATUS(lp_jugs_create(caps, start, goal, SIZE_MAX, false, &p), LP_ERR_INVALID_ARGUMENT, "out of range");
    CHECK_STATUS(lp_tiles_create(3, 3, nine, SIZE_MAX, NULL, 0, &p), LP_ERR_INVALID_ARGUMENT, "expected 9");
    CHECK_STATUS(lp_tiles_create(3, 3, nine, 9, nine, SIZE_MAX, &p), LP_ERR_INVALID_ARGUMENT, "goal has");
    CHECK_STATUS(lp_tiles_create(3, 3, nine, 9, NULL, 9, &p), LP_ERR_NULL_ARGUMENT, "goal is NULL");
    const uint8_t l_cells[4] = {1, 1, 1, 0};
    LpHargramPiece pieces[1] = {{2, 2, l_cells, 0}};
    CHECK_STATUS(lp_hargram_create(3, 2, NULL, pieces, SIZE_MAX, &p), LP_ERR_INVALID_ARGUMENT, "out of range 1..64");
    CHECK_STATUS(lp_hargram_create(100, 100, NULL, pieces, 1, &p), LP_ERR_INVALID_ARGUMENT, "out of range");
    CHECK_STATUS(lp_hargram_create(20, 20, NULL, pieces, 1, &p), LP_ERR_INVALID_ARGUMENT, "cell count 400");
    LpHargramPiece huge[1] = {{1000000, 1000000, l_cells, 0}};
    CHECK_STATUS(lp_hargram_create(3, 2, NULL, huge, 1, &p), LP_ERR_INVALID_ARGUMENT, "drawing width");
    CHECK(p == SENTINEL);
    LpPack *pack = NULL;
    CHECK_STATUS(lp_pack_load(nine, SIZE_MAX, &pack), LP_ERR_INVALID_ARGUMENT, "len");
    CHECK_STATUS(lp_pack_load(NULL, 12, &pack), LP_ERR_NULL_ARGUMENT, "bytes is NULL");
    LpTables *tables = NULL;
    CHECK_STATUS(lp_tables_load(nine, SIZE_MAX, &tables), LP_ERR_INVALID_ARGUMENT, "len");
    CHECK(pack == NULL && tables == NULL);

    /* A node cap of 10^9 is tens of gigabytes: refused with the bytes asked for, for every algorithm, and the
     * process goes on to solve with a reasonable cap. */
    CHECK_STATUS(lp_puzzle_parse(HARDEST, &p), LP_OK, NULL);
    const uint32_t algorithms[5] = {LP_ALGO_BFS, LP_ALGO_HILL_CLIMBING, LP_ALGO_BEST_FIRST, LP_ALGO_ASTAR, LP_ALGO_IDA_STAR};
    for (int i = 0; i < 5; i++) {
        LpSolver *s = NULL;
        uint64_t bytes = 0;
        CHECK_STATUS(lp_solver_bytes(p, algorithms[i], 1000000000u, &bytes), LP_OK, NULL);
        CHECK(bytes > 10000000000ull);
        CHECK_STATUS(lp_solver_create(p, algorithms[i], 1000000000u, &s), LP_ERR_OUT_OF_MEMORY, "bytes could not be reserved");
        CHECK(s == NULL);
    }
    LpSolver *s = NULL;
    CHECK_STATUS(lp_solver_create(p, LP_ALGO_ASTAR, 200000, &s), LP_OK, NULL);
    LpStatus status;
    while ((status = lp_solver_step(s, 1000)) == LP_IN_PROGRESS) {
    }
    CHECK(status == LP_OK);
    /* A limit on the work: a breadth-first search stopped after 100 expansions. */
    lp_solver_free(s);
    CHECK_STATUS(lp_solver_create(p, LP_ALGO_BFS, 200000, &s), LP_OK, NULL);
    CHECK_STATUS(lp_solver_set_node_limit(s, 100), LP_OK, NULL);
    while ((status = lp_solver_step(s, 7)) == LP_IN_PROGRESS) {
    }
    CHECK(status == LP_OUT_OF_NODES);
    LpStats stats;
    CHECK_STATUS(lp_solver_stats(s, &stats), LP_OK, NULL);
    CHECK(stats.expanded == 100);
    lp_solver_free(s);
    lp_puzzle_free(p);

    /* A hint search with a limit on its total work ends with LP_OUT_OF_NODES instead of running on. */
    CHECK_STATUS(lp_puzzle_parse(PENTOMINOES_6X10, &p), LP_OK, NULL);
    CHECK_STATUS(lp_puzzle_set_node_limit(p, 0), LP_ERR_INVALID_ARGUMENT, "at least 1");
    CHECK_STATUS(lp_puzzle_set_node_limit(p, 25), LP_OK, NULL);
    LpHint hint;
    unsigned frames = 0;
    while ((status = lp_next_hint(p, 10, &hint)) == LP_IN_PROGRESS) frames++;
    CHECK(status == LP_OUT_OF_NODES && frames >= 2);
    lp_puzzle_free(p);
    /* A memory limit the family's search cannot fit in: LP_ERR_OUT_OF_MEMORY; lifted, the hint comes. */
    CHECK_STATUS(lp_puzzle_parse(PENTOMINOES_6X10, &p), LP_OK, NULL);
    CHECK_STATUS(lp_puzzle_set_memory_limit(p, 0), LP_ERR_INVALID_ARGUMENT, "at least 1 byte");
    CHECK_STATUS(lp_puzzle_set_memory_limit(p, 1), LP_OK, NULL);
    CHECK_STATUS(lp_next_hint(p, 1000, &hint), LP_ERR_OUT_OF_MEMORY, "memory limit");
    CHECK_STATUS(lp_puzzle_set_memory_limit(p, UINT64_MAX), LP_OK, NULL);
    while ((status = lp_next_hint(p, 1000, &hint)) == LP_IN_PROGRESS) {
    }
    CHECK(status == LP_OK);
    lp_puzzle_free(p);
    /* 63 T tetrominoes and an I on 16x16 cannot balance a checkerboard: unsolvable at once. */
    char board[1024] = "hargram:16x16:";
    for (int row = 0; row < 16; row++) strcat(board, row ? "/................" : "................");
    strcat(board, ":####");
    for (int i = 0; i < 63; i++) strcat(board, ";###/.#.");
    CHECK_STATUS(lp_puzzle_parse(board, &p), LP_OK, NULL);
    CHECK_STATUS(lp_next_hint(p, 100, &hint), LP_UNSOLVABLE, NULL);
    lp_puzzle_free(p);
}

static void test_packs(void) {
    LpPuzzle *p = NULL;
    CHECK_STATUS(lp_puzzle_parse(HARDEST, &p), LP_OK, NULL);
    LpMove first = {5, -1, -1, 0};
    CHECK_STATUS(lp_puzzle_apply(p, first), LP_OK, NULL);
    size_t needed = 0;
    CHECK_STATUS(lp_puzzle_save(p, NULL, 0, &needed), LP_ERR_BUFFER_TOO_SMALL, NULL);
    uint8_t bytes[256];
    CHECK(needed > 10 && needed <= sizeof bytes);
    size_t len = 0;
    CHECK_STATUS(lp_puzzle_save(p, bytes, sizeof bytes, &len), LP_OK, NULL);
    CHECK(len == needed);
    char before[64], after[64];
    size_t written = 0;
    CHECK_STATUS(lp_puzzle_describe(p, before, sizeof before, &written), LP_OK, NULL);
    lp_puzzle_free(p);

    LpPack *pack = NULL;
    CHECK_STATUS(lp_pack_load(bytes, len, &pack), LP_OK, NULL);
    size_t count = 0;
    CHECK_STATUS(lp_pack_len(pack, &count), LP_OK, NULL);
    CHECK(count == 1);
    p = NULL;
    CHECK_STATUS(lp_pack_puzzle(pack, 0, &p), LP_OK, NULL);
    CHECK_STATUS(lp_puzzle_describe(p, after, sizeof after, &written), LP_OK, NULL);
    CHECK(strcmp(before, after) == 0); /* saved from the current position */
    unsigned frames = 0;
    CHECK(play(p, 100, &frames) == 30);
    lp_puzzle_free(p);
    uint32_t rating = 99;
    CHECK_STATUS(lp_pack_rating(pack, 0, &rating), LP_OK, NULL);
    CHECK(rating == 0);
    LpPuzzle *none = SENTINEL;
    CHECK_STATUS(lp_pack_puzzle(pack, 1, &none), LP_ERR_INVALID_ARGUMENT, "past the end of the pack (1 puzzles)");
    CHECK_STATUS(lp_pack_puzzle(NULL, 0, &none), LP_ERR_NULL_ARGUMENT, "pack is NULL");
    CHECK_STATUS(lp_pack_len(pack, NULL), LP_ERR_NULL_ARGUMENT, "len is NULL");
    CHECK(none == SENTINEL);
    /* A saved puzzle has no labels; the label keys are name and tier. */
    char label[16];
    CHECK_STATUS(lp_pack_label(pack, 0, "name", label, sizeof label, &written), LP_NOT_FOUND, NULL);
    CHECK_STATUS(lp_pack_label(pack, 0, "colour", label, sizeof label, &written), LP_ERR_INVALID_ARGUMENT, "name and tier");
    CHECK_STATUS(lp_pack_label(pack, 0, NULL, label, sizeof label, &written), LP_ERR_NULL_ARGUMENT, "key is NULL");
    CHECK_STATUS(lp_pack_label(pack, 3, "name", label, sizeof label, &written), LP_ERR_INVALID_ARGUMENT, "past the end");
    lp_pack_free(pack);
    lp_pack_free(NULL);

    /* Every truncation and every single-bit flip is refused, with the data statuses only. */
    LpPack *bad = NULL;
    int refused = 0;
    for (size_t cut = 0; cut < len; cut++) {
        refused += lp_pack_load(bytes, cut, &bad) == LP_ERR_CORRUPT_DATA;
    }
    CHECK(refused == (int)len);
    int flips = 0, versions = 0;
    for (size_t bit = 0; bit < len * 8; bit++) {
        bytes[bit / 8] ^= (uint8_t)(1u << (bit % 8));
        LpStatus status = lp_pack_load(bytes, len, &bad);
        flips += status == LP_ERR_CORRUPT_DATA;
        versions += status == LP_ERR_VERSION;
        bytes[bit / 8] ^= (uint8_t)(1u << (bit % 8));
    }
    CHECK(flips + versions == (int)len * 8 && versions == 16); /* the two version bytes say "version" */
    CHECK(bad == NULL);
    CHECK_STATUS(lp_pack_load(bytes, len, NULL), LP_ERR_NULL_ARGUMENT, "out is NULL");
    CHECK_STATUS(lp_pack_load(NULL, 4, &bad), LP_ERR_NULL_ARGUMENT, "bytes is NULL");
    bytes[4] = 2; /* a newer format */
    CHECK_STATUS(lp_pack_load(bytes, len, &bad), LP_ERR_VERSION, "format version 2");
    CHECK_STATUS(lp_puzzle_save(NULL, bytes, sizeof bytes, &len), LP_ERR_NULL_ARGUMENT, "puzzle is NULL");
}

/* Generates with the preset, `budget` nodes per step; returns the description in `text`. */
static unsigned generate(const char *family, const char *params, uint64_t seed, char *text, size_t cap,
                         uint32_t *rating) {
    LpGenerator *g = NULL;
    if (lp_generator_create_text(family, params, seed, &g) != LP_OK) return 0;
    LpPuzzle *p = NULL;
    unsigned steps = 0;
    LpStatus status;
    do {
        steps++;
        status = lp_generator_step(g, 10, &p, rating);
    } while (status == LP_IN_PROGRESS);
    size_t written = 0;
    if (status != LP_OK || lp_puzzle_describe(p, text, cap, &written) != LP_OK) steps = 0;
    lp_puzzle_free(p);
    lp_generator_free(g);
    return steps;
}

static void test_generation(void) {
    const uint32_t bands[4][2] = {{4, 10}, {11, 20}, {21, 35}, {36, 60}};
    const char *presets[4] = {"preset=easy", "preset=medium", "preset=hard", "preset=expert"};
    char first[256], second[256];
    uint32_t rating = 0;
    for (uint32_t d = 0; d < 3; d++) { /* tiles easy, medium, hard */
        CHECK(generate("tiles", presets[d], 42, first, sizeof first, &rating) > 0);
        CHECK(rating >= bands[d][0] && rating <= bands[d][1]);
        CHECK(strncmp(first, "tiles:", 6) == 0);
    }
    for (uint32_t d = 0; d < 4; d++) {
        CHECK(generate("jugs", presets[d], 1, first, sizeof first, &rating) > 0);
        CHECK(generate("jugs", presets[d], 1, second, sizeof second, &rating) > 0);
        CHECK(strcmp(first, second) == 0); /* the same seed, the same puzzle */
        CHECK(generate("flip", presets[d], 2, first, sizeof first, &rating) > 0);
    }
    CHECK(generate("flip", "min=3,max=5,size=6x4", 3, first, sizeof first, &rating) > 0);
    CHECK(strncmp(first, "flip:6x4:", 9) == 0 && rating >= 3 && rating <= 5);

    LpGenerator *g = NULL;
    LpPuzzle *p = NULL;
    CHECK_STATUS(lp_generator_create_text("chess", "", 1, &g), LP_ERR_INVALID_ARGUMENT, "unknown family 'chess' (known: tiles");
    CHECK_STATUS(lp_generator_create_text("jugs", "preset=brutal", 1, &g), LP_ERR_INVALID_ARGUMENT,
                 "unknown preset 'brutal' (known: easy, medium, hard, expert)");
    CHECK_STATUS(lp_generator_create_text("jugs", "min=9,max=3", 1, &g), LP_ERR_INVALID_ARGUMENT, "above max");
    CHECK_STATUS(lp_generator_create_text("tiles", "size=300x3", 1, &g), LP_ERR_INVALID_ARGUMENT,
                 "size: 300 is out of range: WxH with sides 2..5");
    CHECK_STATUS(lp_generator_create_text("jugs", "taps=yes", 1, &g), LP_ERR_INVALID_ARGUMENT, "taps: unknown parameter");
    CHECK_STATUS(lp_generator_create_text("jugs", "tap", 1, &g), LP_ERR_INVALID_ARGUMENT, "expected key=value");
    CHECK_STATUS(lp_generator_create_text("jugs", NULL, 1, &g), LP_ERR_NULL_ARGUMENT, "params is NULL");
    CHECK_STATUS(lp_generator_create_text("jugs", "", 1, NULL), LP_ERR_NULL_ARGUMENT, "out is NULL");
    CHECK(g == NULL);
    CHECK_STATUS(lp_generator_step(NULL, 10, &p, &rating), LP_ERR_NULL_ARGUMENT, "generator is NULL");
    CHECK_STATUS(lp_generate("flip", "preset=expert", 5, &p, &rating), LP_OK, NULL);
    CHECK(rating >= 9 && rating <= 15);
    unsigned frames = 0;
    CHECK(play(p, 10, &frames) == (int)rating); /* the hints agree with the rating */
    lp_puzzle_free(p);
    CHECK_STATUS(lp_generate("jugs", "preset=hard", 5, NULL, &rating), LP_ERR_NULL_ARGUMENT, "puzzle is NULL");
    lp_generator_free(NULL);

    /* A run hands out distinct levels: one press on 3x3 makes 3 boards up to symmetry (corner, edge, centre),
     * then the band is exhausted. */
    CHECK_STATUS(lp_generator_create_text("flip", "min=1,max=1,size=3x3", 1, &g), LP_OK, NULL);
    CHECK_STATUS(lp_generator_set_limits(NULL, 0, 0, 0), LP_ERR_NULL_ARGUMENT, "generator is NULL");
    char seen[3][64];
    LpStatus status;
    for (int i = 0; i < 3; i++) {
        while ((status = lp_generator_step(g, 10, &p, &rating)) == LP_IN_PROGRESS) {
        }
        size_t written = 0;
        CHECK(status == LP_OK && rating == 1 && lp_puzzle_describe(p, seen[i], sizeof seen[i], &written) == LP_OK);
        for (int j = 0; j < i; j++) CHECK(strcmp(seen[i], seen[j]) != 0);
        lp_puzzle_free(p);
    }
    while ((status = lp_generator_step(g, 10, &p, &rating)) == LP_IN_PROGRESS) {
    }
    check_status(__LINE__, status, LP_NOT_FOUND, "holds only 3 distinct puzzles");
    lp_generator_free(g);
    /* A band no 3x3 board reaches is refused at once; a run's limits end it. */
    CHECK_STATUS(lp_generator_create_text("tiles", "size=3x3,min=40,max=50", 1, &g), LP_ERR_INVALID_ARGUMENT,
                 "highest rating is 31");
    CHECK_STATUS(lp_generator_create_text("jugs", "min=20,max=24,jugs=8,capacities=10..30", 1, &g), LP_OK, NULL);
    CHECK_STATUS(lp_generator_set_limits(g, 0, 100000, 0), LP_OK, NULL);
    while ((status = lp_generator_step(g, 10000, &p, &rating)) == LP_IN_PROGRESS) {
    }
    if (status == LP_OK) {
        lp_puzzle_free(p);
    } else {
        check_status(__LINE__, status, LP_OUT_OF_NODES, "node expansions");
    }
    lp_generator_free(g);
}

static void test_buffers_and_moves(void) {
    LpPuzzle *p = NULL;
    CHECK_STATUS(lp_puzzle_parse(HARDEST, &p), LP_OK, NULL);
    char text[64];
    size_t written = 0;
    CHECK_STATUS(lp_puzzle_describe(p, text, 4, &written), LP_ERR_BUFFER_TOO_SMALL, "the buffer holds 4 bytes, 28 are needed");
    CHECK(written == strlen(HARDEST) + 1);
    CHECK_STATUS(lp_puzzle_describe(p, NULL, 0, &written), LP_ERR_BUFFER_TOO_SMALL, NULL);
    CHECK_STATUS(lp_puzzle_describe(p, text, sizeof text, NULL), LP_ERR_NULL_ARGUMENT, "written is NULL");
    CHECK_STATUS(lp_puzzle_describe(p, NULL, 64, &written), LP_ERR_NULL_ARGUMENT, "buf is NULL");
    CHECK_STATUS(lp_puzzle_describe(NULL, text, sizeof text, &written), LP_ERR_NULL_ARGUMENT, "puzzle is NULL");
    CHECK_STATUS(lp_puzzle_describe(p, text, written, &written), LP_OK, NULL);
    CHECK(strcmp(text, HARDEST) == 0);

    uint32_t width = 0, height = 0;
    CHECK_STATUS(lp_puzzle_size(p, &width, &height), LP_OK, NULL);
    CHECK(width == 3 && height == 3);
    CHECK_STATUS(lp_puzzle_size(p, NULL, &height), LP_ERR_NULL_ARGUMENT, "width is NULL");
    int32_t cells[9];
    CHECK_STATUS(lp_puzzle_cells(p, cells, 3, &written), LP_ERR_BUFFER_TOO_SMALL, "9 are needed");
    CHECK(written == 9);
    CHECK_STATUS(lp_puzzle_cells(p, cells, 9, &written), LP_OK, NULL);
    CHECK(cells[0] == 8 && cells[7] == 0 && cells[8] == 1);

    /* Illegal moves change nothing: tile 8 is not next to the blank; the blank is no tile; a mismatched cell. */
    LpMove far = {8, -1, -1, 0};
    LpMove blank = {0, -1, -1, 0};
    LpMove wrong_cell = {3, 5, 7, 0};
    LpMove no_tile = {99, -1, -1, 0};
    CHECK_STATUS(lp_puzzle_apply(p, far), LP_ERR_ILLEGAL_MOVE, "slide 8 is not a legal move here: tile 8 is not next to the blank");
    CHECK_STATUS(lp_puzzle_apply(p, blank), LP_ERR_ILLEGAL_MOVE, NULL);
    CHECK_STATUS(lp_puzzle_apply(p, wrong_cell), LP_ERR_ILLEGAL_MOVE, NULL);
    CHECK_STATUS(lp_puzzle_apply(p, no_tile), LP_ERR_ILLEGAL_MOVE, "there is no tile 99 on a 3x3 board");
    CHECK_STATUS(lp_puzzle_apply(NULL, far), LP_ERR_NULL_ARGUMENT, NULL);
    CHECK_STATUS(lp_puzzle_describe(p, text, sizeof text, &written), LP_OK, NULL);
    CHECK(strcmp(text, HARDEST) == 0);
    /* Tile 3 sits left of the blank: legal, with or without its cells given. */
    LpMove three = {3, 6, 7, 0};
    CHECK_STATUS(lp_puzzle_apply(p, three), LP_OK, NULL);
    CHECK_STATUS(lp_puzzle_describe(p, text, sizeof text, &written), LP_OK, NULL);
    CHECK(strcmp(text, "tiles:3x3:8,6,7,2,5,4,0,3,1") == 0);
    bool solved = true;
    CHECK_STATUS(lp_puzzle_is_solved(p, &solved), LP_OK, NULL);
    CHECK(!solved);
    CHECK_STATUS(lp_puzzle_is_solved(p, NULL), LP_ERR_NULL_ARGUMENT, "solved is NULL");
    lp_puzzle_free(p);
}

/* Plays hints to the end with `budget` nodes per call; returns moves played, or -1. */
static int play(LpPuzzle *p, uint32_t budget, unsigned *frames) {
    int moves = 0;
    uint32_t expected_left = 0;
    for (;;) {
        LpHint hint;
        LpStatus status;
        do {
            (*frames)++;
            status = lp_next_hint(p, budget, &hint);
        } while (status == LP_IN_PROGRESS);
        if (status == LP_ALREADY_SOLVED) return moves;
        if (status != LP_OK) return -1;
        if (moves > 0 && hint.moves_left != expected_left) return -1; /* one step closer each time */
        if (!hint.optimal) return -1;
        if (lp_puzzle_apply(p, hint.mv) != LP_OK) return -1;
        expected_left = hint.moves_left - 1;
        moves++;
    }
}

static void test_hints(void) {
    LpPuzzle *p = NULL;
    CHECK_STATUS(lp_puzzle_parse(HARDEST, &p), LP_OK, NULL);
    LpHint hint;
    memset(&hint, 0xAB, sizeof hint);
    LpHint untouched = hint;
    CHECK_STATUS(lp_next_hint(p, 1, NULL), LP_ERR_NULL_ARGUMENT, "hint is NULL");
    CHECK_STATUS(lp_next_hint(NULL, 1, &hint), LP_ERR_NULL_ARGUMENT, "puzzle is NULL");
    CHECK_STATUS(lp_next_hint(p, 0, &hint), LP_IN_PROGRESS, NULL);
    CHECK(memcmp(&hint, &untouched, sizeof hint) == 0);
    unsigned frames = 0;
    CHECK(play(p, 1, &frames) == 31); /* a budget of 1 still ends, over many frames */
    CHECK(frames > 1000);
    bool solved = false;
    CHECK_STATUS(lp_puzzle_is_solved(p, &solved), LP_OK, NULL);
    CHECK(solved);
    CHECK_STATUS(lp_next_hint(p, 10, &hint), LP_ALREADY_SOLVED, NULL);
    lp_puzzle_free(p);

    CHECK_STATUS(lp_puzzle_parse("tiles:3x3:2,1,3,4,5,6,7,8,0", &p), LP_OK, NULL);
    CHECK_STATUS(lp_next_hint(p, 10, &hint), LP_UNSOLVABLE, "no solution");
    lp_puzzle_free(p);
}

/* The work each stepped call spent (lp_last_work): within its budget and one part more, 0 for a hint read
 * off the plan and after any other call; one budget shared by two puzzles. */
static void test_work(void) {
    LpPuzzle *a = NULL, *b = NULL;
    LpHint hint;
    CHECK_STATUS(lp_puzzle_parse("tiles:4x4:3,14,9,11,5,4,8,2,13,12,6,7,10,1,15,0:0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15", &a), LP_OK, NULL);
    CHECK_STATUS(lp_puzzle_parse(HARDEST, &b), LP_OK, NULL);
    CHECK_STATUS(lp_next_hint(a, 200, &hint), LP_IN_PROGRESS, NULL);
    uint32_t spent = lp_last_work();
    CHECK(spent >= 200 && spent <= 216);
    CHECK(lp_last_work() == spent); /* reading it changes nothing */
    size_t written = 0;
    char text[16];
    lp_puzzle_describe(a, text, sizeof text, &written);
    CHECK(lp_last_work() == 0); /* any other call resets it */
    /* One budget of 600 a frame shared by both puzzles until both have their hint. */
    int a_ready = 0, b_ready = 0, frames = 0;
    while ((!a_ready || !b_ready) && frames < 100000) {
        uint32_t left = 600;
        frames++;
        if (!a_ready) {
            a_ready = lp_next_hint(a, left, &hint) == LP_OK;
            CHECK(lp_last_work() <= left + 16);
            left = lp_last_work() >= left ? 0 : left - lp_last_work();
        }
        if (!b_ready && left > 0) b_ready = lp_next_hint(b, left, &hint) == LP_OK;
    }
    CHECK(a_ready && b_ready);
    CHECK_STATUS(lp_puzzle_apply(b, hint.mv), LP_OK, NULL);
    CHECK_STATUS(lp_next_hint(b, 1000, &hint), LP_OK, NULL);
    CHECK(lp_last_work() == 0); /* along the plan: no search */
    LpSolver *solver = NULL;
    CHECK_STATUS(lp_solver_create(b, LP_ALGO_BFS, 200000, &solver), LP_OK, NULL);
    CHECK_STATUS(lp_solver_step(solver, 100), LP_IN_PROGRESS, NULL);
    CHECK(lp_last_work() >= 100 && lp_last_work() <= 116);
    lp_solver_free(solver);
    LpGenerator *generator = NULL;
    CHECK_STATUS(lp_generator_create_text("tiles", "preset=hard", 3, &generator), LP_OK, NULL);
    LpPuzzle *made = NULL;
    uint32_t rating = 0;
    CHECK_STATUS(lp_generator_step(generator, 50, &made, &rating), LP_IN_PROGRESS, NULL);
    CHECK(lp_last_work() >= 1 && lp_last_work() <= 66);
    lp_generator_free(generator);
    lp_puzzle_free(a);
    lp_puzzle_free(b);
}

/* A search out of nodes hands back a partial hint, labelled as such; none before any search. */
static void test_partial(void) {
    LpPuzzle *p = NULL;
    LpHint hint;
    memset(&hint, 0xAB, sizeof hint);
    LpHint untouched = hint;
    CHECK_STATUS(lp_puzzle_parse("tiles:4x4:3,14,9,11,5,4,8,2,13,12,6,7,10,1,15,0:0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15", &p), LP_OK, NULL);
    CHECK_STATUS(lp_partial_hint(p, &hint), LP_NOT_FOUND, "no partial result");
    CHECK(memcmp(&hint, &untouched, sizeof hint) == 0);
    CHECK_STATUS(lp_partial_hint(NULL, &hint), LP_ERR_NULL_ARGUMENT, "puzzle is NULL");
    CHECK_STATUS(lp_puzzle_set_node_limit(p, 3000), LP_OK, NULL);
    LpStatus status;
    while ((status = lp_next_hint(p, 500, &hint)) == LP_IN_PROGRESS) {
    }
    CHECK(status == LP_OUT_OF_NODES);
    CHECK_STATUS(lp_partial_hint(p, &hint), LP_OK, NULL);
    CHECK(hint.reason == LP_REASON_PARTIAL && hint.optimal == 0 && hint.moves_left > 0);
    char text[256];
    size_t written = 0;
    CHECK_STATUS(lp_hint_text(p, text, sizeof text, &written), LP_OK, NULL);
    CHECK(strstr(text, "toward the position closest to the goal") != NULL);
    CHECK_STATUS(lp_puzzle_apply(p, hint.mv), LP_OK, NULL);
    lp_puzzle_free(p);
}

static void test_solvers(void) {
    LpPuzzle *p = NULL;
    LpSolver *s = NULL;
    CHECK_STATUS(lp_puzzle_parse(HARDEST, &p), LP_OK, NULL);
    CHECK_STATUS(lp_solver_create(p, 99, 1000, &s), LP_ERR_INVALID_ARGUMENT, "99 is not an LpAlgorithm");
    CHECK_STATUS(lp_solver_create(p, LP_ALGO_ASTAR, 0, &s), LP_ERR_INVALID_ARGUMENT, "node_cap");
    CHECK_STATUS(lp_solver_create(NULL, LP_ALGO_ASTAR, 10, &s), LP_ERR_NULL_ARGUMENT, "puzzle is NULL");
    CHECK_STATUS(lp_solver_create(p, LP_ALGO_ASTAR, 10, NULL), LP_ERR_NULL_ARGUMENT, "out is NULL");
    CHECK_STATUS(lp_solver_create_named(p, "magic", 10, &s), LP_ERR_INVALID_ARGUMENT, "unknown algorithm 'magic'");
    CHECK_STATUS(lp_solver_create_named(p, NULL, 10, &s), LP_ERR_NULL_ARGUMENT, "name is NULL");
    CHECK(s == NULL);
    CHECK_STATUS(lp_solver_step(NULL, 10), LP_ERR_NULL_ARGUMENT, "solver is NULL");

    const uint32_t optimal[] = {LP_ALGO_BFS, LP_ALGO_ASTAR, LP_ALGO_UNIFORM_COST, LP_ALGO_IDA_STAR};
    for (size_t i = 0; i < sizeof optimal / sizeof optimal[0]; i++) {
        CHECK_STATUS(lp_solver_create(p, optimal[i], 200000, &s), LP_OK, NULL);
        LpMove moves[64];
        size_t written = 0;
        CHECK_STATUS(lp_solver_moves(s, moves, 64, &written), LP_IN_PROGRESS, "step it first");
        LpStatus status;
        while ((status = lp_solver_step(s, 100)) == LP_IN_PROGRESS) {
        }
        CHECK(status == LP_OK);
        CHECK_STATUS(lp_solver_moves(s, moves, 10, &written), LP_ERR_BUFFER_TOO_SMALL, "31 are needed");
        CHECK(written == 31);
        CHECK_STATUS(lp_solver_moves(s, moves, 64, &written), LP_OK, NULL);
        CHECK(written == 31);
        LpStats stats;
        CHECK_STATUS(lp_solver_stats(s, &stats), LP_OK, NULL);
        CHECK(stats.solution_length == 31 && stats.expanded > 0 && stats.bytes_reserved > 0);
        CHECK(stats.optimal == 1);
        CHECK_STATUS(lp_solver_stats(s, NULL), LP_ERR_NULL_ARGUMENT, "stats is NULL");
        /* The moves solve a fresh copy of the puzzle. */
        LpPuzzle *copy = NULL;
        CHECK_STATUS(lp_puzzle_parse(HARDEST, &copy), LP_OK, NULL);
        for (size_t m = 0; m < written; m++) CHECK(lp_puzzle_apply(copy, moves[m]) == LP_OK);
        bool solved = false;
        CHECK(lp_puzzle_is_solved(copy, &solved) == LP_OK && solved);
        lp_puzzle_free(copy);
        lp_solver_free(s);
        s = NULL;
    }
    CHECK_STATUS(lp_solver_create(p, LP_ALGO_ASTAR, 100, &s), LP_OK, NULL);
    CHECK_STATUS(lp_solver_step(s, 100000), LP_OUT_OF_NODES, "node cap");
    lp_solver_free(s);
    CHECK_STATUS(lp_solver_create(p, LP_ALGO_HILL_CLIMBING, 100, &s), LP_OK, NULL);
    CHECK_STATUS(lp_solver_step(s, 100000), LP_NOT_FOUND, "local optimum");
    size_t written = 0;
    LpMove moves[4];
    CHECK_STATUS(lp_solver_moves(s, moves, 4, &written), LP_NOT_FOUND, NULL);
    lp_solver_free(s);
    CHECK_STATUS(lp_solver_create_named(p, "wastar:3/2", 200000, &s), LP_OK, NULL);
    CHECK_STATUS(lp_solver_step(s, 1000000), LP_OK, NULL);
    LpStats stats;
    CHECK_STATUS(lp_solver_stats(s, &stats), LP_OK, NULL);
    CHECK(stats.solution_length >= 31 && stats.optimal == 0); /* weighted: never called optimal */
    lp_solver_free(s);
    /* Simulated annealing: a path, never called optimal; a schedule too short to reach the goal gives up. */
    CHECK_STATUS(lp_solver_create(p, LP_ALGO_ANNEAL, 100000, &s), LP_OK, NULL);
    LpStatus annealed;
    while ((annealed = lp_solver_step(s, 5000)) == LP_IN_PROGRESS) {
    }
    CHECK(annealed == LP_OK);
    CHECK_STATUS(lp_solver_stats(s, &stats), LP_OK, NULL);
    CHECK(stats.solution_length >= 31 && stats.optimal == 0);
    lp_solver_free(s);
    CHECK_STATUS(lp_solver_create_named(p, "anneal:iterations=10,restarts=1", 100, &s), LP_OK, NULL);
    CHECK_STATUS(lp_solver_step(s, 1000), LP_NOT_FOUND, "cooled down");
    CHECK_STATUS(lp_solver_stats(s, &stats), LP_OK, NULL);
    CHECK(stats.expanded == 20 && stats.solution_length == -1);
    lp_solver_free(s);
    CHECK_STATUS(lp_solver_create_named(p, "anneal:t_start=0.1,t_end=1", 100, &s), LP_ERR_INVALID_ARGUMENT, "anneal: t_end 1.000 is above t_start 0.100: the temperature only cools");
    lp_puzzle_free(p);

    /* Flip's mismatched-cells heuristic is not a lower bound (a press flips up to five cells): IDA* with
       it proves nothing; with heuristic=presses it does (the optimum here is 4 presses). */
    CHECK_STATUS(lp_puzzle_parse("flip:3x3:.#./#.#/.#.", &p), LP_OK, NULL);
    const char *heuristics[2] = {"mismatched", "presses"};
    for (int h = 0; h < 2; h++) {
        CHECK_STATUS(lp_puzzle_set_option(p, "heuristic", heuristics[h]), LP_OK, NULL);
        CHECK_STATUS(lp_solver_create(p, LP_ALGO_IDA_STAR, 1000, &s), LP_OK, NULL);
        while (lp_solver_step(s, 100000) == LP_IN_PROGRESS) {
        }
        CHECK_STATUS(lp_solver_stats(s, &stats), LP_OK, NULL);
        CHECK(stats.optimal == (uint32_t)h && (h == 0 || stats.solution_length == 4));
        lp_solver_free(s);
    }
    lp_puzzle_free(p);

    CHECK_STATUS(lp_puzzle_parse("tiles:3x3:2,1,3,4,5,6,7,8,0", &p), LP_OK, NULL);
    CHECK_STATUS(lp_solver_create(p, LP_ALGO_IDA_STAR, 1000, &s), LP_OK, NULL);
    CHECK_STATUS(lp_solver_step(s, 10), LP_UNSOLVABLE, "no solution");
    lp_solver_free(s);
    lp_puzzle_free(p);
}

/* Eight threads, each with its own puzzle, play to the end at once. */
static const char *THREAD_PUZZLES[8] = {
    "tiles:3x3:8,6,7,2,5,4,3,0,1",
    "tiles:3x3:6,4,7,8,5,0,3,2,1",
    "tiles:3x3:7,2,4,5,0,6,8,3,1",
    "tiles:4x4:3,14,9,11,5,4,8,2,13,12,6,7,10,1,15,0:0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15",
    "tiles:3x3:5,2,8,4,1,7,0,3,6",
    "tiles:4x4:1,2,3,4,5,6,7,8,9,10,11,12,13,14,0,15",
    "tiles:2x3:4,1,2,5,3,0",
    "tiles:3x3:8,1,3,4,0,2,7,6,5",
};

typedef struct {
    const char *desc;
    int moves;
    int solved;
} Game;

static void *play_thread(void *arg) {
    Game *game = (Game *)arg;
    LpPuzzle *p = NULL;
    if (lp_puzzle_parse(game->desc, &p) != LP_OK) return NULL;
    unsigned frames = 0;
    game->moves = play(p, 50, &frames);
    bool solved = false;
    game->solved = lp_puzzle_is_solved(p, &solved) == LP_OK && solved;
    lp_puzzle_free(p);
    return NULL;
}

static void test_threads(void) {
    pthread_t threads[8];
    Game games[8];
    for (int i = 0; i < 8; i++) {
        games[i].desc = THREAD_PUZZLES[i];
        games[i].moves = -1;
        games[i].solved = 0;
        CHECK(pthread_create(&threads[i], NULL, play_thread, &games[i]) == 0);
    }
    for (int i = 0; i < 8; i++) {
        pthread_join(threads[i], NULL);
        CHECK(games[i].solved);
        CHECK(games[i].moves >= 0);
    }
    CHECK(games[0].moves == 31 && games[1].moves == 31 && games[3].moves == 46 && games[5].moves == 1);
}

static uint32_t family_id(const char *name) {
    size_t index = 0;
    LpFamilyInfo info;
    if (lp_family_find(name, &index) != LP_OK || lp_family_info(index, &info) != LP_OK) return 0;
    return info.id;
}

/* The registry: every family with its parameters, presets, options and reasons, enough to build a form; a
 * generator made from each preset; explained hints. */
static void test_registry(void) {
    size_t count = 0;
    CHECK_STATUS(lp_family_count(&count), LP_OK, NULL);
    CHECK(count >= 4);
    CHECK_STATUS(lp_family_count(NULL), LP_ERR_NULL_ARGUMENT, "count is NULL");
    for (size_t f = 0; f < count; f++) {
        LpFamilyInfo info;
        CHECK_STATUS(lp_family_info(f, &info), LP_OK, NULL);
        CHECK(info.id >= 1 && strlen(info.name) > 0 && strlen(info.summary) > 0 && strlen(info.rating_unit) > 0);
        CHECK(info.param_count >= 2 && info.preset_count >= 4 && info.reason_count >= 1);
        int has_min = 0, has_max = 0;
        for (uint32_t i = 0; i < info.param_count; i++) {
            LpParamSpec spec;
            CHECK_STATUS(lp_family_param(f, i, &spec), LP_OK, NULL);
            CHECK(strlen(spec.name) > 0 && strlen(spec.doc) > 0 && spec.min <= spec.max);
            CHECK((spec.kind == LP_PARAM_CHOICE) == (strlen(spec.choices) > 0));
            has_min |= strcmp(spec.name, "min") == 0;
            has_max |= strcmp(spec.name, "max") == 0;
        }
        CHECK(has_min && has_max); /* the band of ratings is a parameter of every family */
        LpParamSpec spec;
        CHECK_STATUS(lp_family_param(f, info.param_count, &spec), LP_ERR_INVALID_ARGUMENT, "past the end");
        for (uint32_t i = 0; i < info.preset_count; i++) {
            LpPreset preset;
            CHECK_STATUS(lp_family_preset(f, i, &preset), LP_OK, NULL);
            char params[64];
            snprintf(params, sizeof params, "preset=%s", preset.name);
            LpGenerator *g = NULL;
            CHECK_STATUS(lp_generator_create_text(info.name, params, 1, &g), LP_OK, NULL);
            lp_generator_free(g);
        }
        for (uint32_t i = 0; i < info.reason_count; i++) {
            LpReasonInfo reason;
            CHECK_STATUS(lp_family_reason(f, i, &reason), LP_OK, NULL);
            CHECK(reason.code >= 1 && strlen(reason.name) > 0);
        }
        for (uint32_t i = 0; i < info.option_count; i++) {
            CHECK_STATUS(lp_family_option(f, i, &spec), LP_OK, NULL);
        }
        CHECK_STATUS(lp_family_option(f, info.option_count, &spec), LP_ERR_INVALID_ARGUMENT, "past the end");
    }
    LpFamilyInfo info;
    CHECK_STATUS(lp_family_info(count, &info), LP_ERR_INVALID_ARGUMENT, "family index");
    size_t index = 0;
    CHECK_STATUS(lp_family_find("chess", &index), LP_ERR_INVALID_ARGUMENT, "unknown family 'chess'");

    /* An explained hint: the reason code, the cells (the tile and the blank), the sentence. */
    LpPuzzle *p = NULL;
    CHECK_STATUS(lp_puzzle_parse("tiles:3x3:1,2,3,4,5,6,0,7,8", &p), LP_OK, NULL);
    char text[128];
    size_t written = 0;
    CHECK_STATUS(lp_hint_text(p, text, sizeof text, &written), LP_NOT_FOUND, "no hint was given yet");
    LpHint hint;
    LpStatus status;
    while ((status = lp_next_hint(p, 100, &hint)) == LP_IN_PROGRESS) {
    }
    CHECK(status == LP_OK && hint.reason == 1 && hint.moves_left == 2);
    uint16_t cells[8];
    CHECK_STATUS(lp_hint_cells(p, cells, 8, &written), LP_OK, NULL);
    CHECK(written == 2 && cells[0] == 7 && cells[1] == 6);
    CHECK_STATUS(lp_hint_cells(p, cells, 1, &written), LP_ERR_BUFFER_TOO_SMALL, "2 are needed");
    CHECK_STATUS(lp_hint_text(p, text, sizeof text, &written), LP_OK, NULL);
    CHECK(strcmp(text, "slide 7 left: the first move of a shortest solution") == 0);
    LpMove moves[4];
    CHECK_STATUS(lp_puzzle_moves(p, moves, 4, &written), LP_OK, NULL);
    CHECK(written == 2); /* the blank in the bottom-left corner has two neighbours */
    CHECK_STATUS(lp_puzzle_move_text(p, hint.mv, text, sizeof text, &written), LP_OK, NULL);
    CHECK(strcmp(text, "slide 7 left") == 0);
    LpMove far = {1, -1, -1, 0};
    CHECK_STATUS(lp_puzzle_move_text(p, far, text, sizeof text, &written), LP_ERR_ILLEGAL_MOVE, "slide 1 is not a legal move here");
    CHECK_STATUS(lp_puzzle_set_option(p, "heuristic", "manhattan"), LP_OK, NULL);
    CHECK_STATUS(lp_puzzle_set_option(p, "heuristic", "magic"), LP_ERR_INVALID_ARGUMENT, "expected one of misplaced");
    CHECK_STATUS(lp_puzzle_set_option(p, "colour", "red"), LP_ERR_INVALID_ARGUMENT, "no option 'colour'");
    lp_puzzle_free(p);
    CHECK_STATUS(lp_puzzle_parse("jugs:8,5,3:8,0,0:4,4,0", &p), LP_OK, NULL);
    CHECK_STATUS(lp_puzzle_set_option(p, "heuristic", "manhattan"), LP_ERR_INVALID_ARGUMENT, "jugs puzzles take no option");
    lp_puzzle_free(p);
}

int main(void) {
    test_statuses();
    test_registry();
    test_parse_and_create();
    test_buffers_and_moves();
    test_hints();
    test_work();
    test_partial();
    test_jugs();
    test_blocks();
    test_flip();
    test_sokoban();
    test_linjat();
    test_sudoku();
    test_generation();
    test_hargram();
    test_hostile_lengths();
    test_packs();
    test_analysis();
    test_solvers();
    test_threads();
    printf("%d passed, %d failed\n", checks - failures, failures);
    return failures == 0 ? 0 : 1;
}
