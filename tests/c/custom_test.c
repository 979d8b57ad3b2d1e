/* A game's own puzzles through lp_custom_create: an 8-puzzle defined here gives the hints and optimal
 * lengths of the built-in tiles family on hundreds of random boards, with every solver algorithm; a Lights
 * Out defined here gives flip's minimum presses; a lying (inadmissible) estimate is labelled not optimal;
 * hostile callbacks (errors, too many successors, NULL states, zero costs, bad tables) get statuses.
 * Built by tests/it/c_abi.rs with gcc -std=c11 -Wall -Wextra -Werror, plainly and under ASan and UBSan. */
#include "lphint.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "eight.h"

/* Boards of each comparison; `--fewer` (the sanitized run) a tenth: ASan and UBSan look for errors along
 * the code's paths, which the first boards walk as the rest do. */
static int eight_boards = 300, lights_boards = 100;

static void test_eight_equals_tiles(void) {
    Eight eight = {0};
    LpCustomVtable vtable = eight_vtable(0);
    int boards = 0, agree = 0;
    for (int b = 0; b < eight_boards; b++) {
        uint8_t s[9];
        random_board(s, 20 + (int)(next_random() % 60));
        LpPuzzle *custom = NULL;
        CHECK(lp_custom_create(&vtable, &eight, s, 9, &custom) == LP_OK);
        LpPuzzle *tiles = builtin_tiles(s);
        bool proven = false, hints_optimal = false;
        int optimum = solve(tiles, LP_ALGO_EXACT, &proven);
        int played = play_hints(custom, 500, &hints_optimal);
        boards++;
        agree += played == optimum && proven && hints_optimal;
        lp_puzzle_free(custom);
        lp_puzzle_free(tiles);
    }
    CHECK(boards == eight_boards && agree == eight_boards);
    printf("custom 8-puzzle: %d of %d boards hinted to the goal in the built-in optimum\n", agree, boards);

    /* Every algorithm on the custom puzzle agrees with the same algorithm on the built-in one. */
    static const uint32_t algorithms[] = {LP_ALGO_BFS, LP_ALGO_ASTAR, LP_ALGO_IDA_STAR, LP_ALGO_BEST_FIRST,
                                          LP_ALGO_UNIFORM_COST};
    int same = 0, runs = 0;
    for (int b = 0; b < 20; b++) {
        uint8_t s[9];
        random_board(s, 40);
        LpPuzzle *custom = NULL;
        CHECK(lp_custom_create(&vtable, &eight, s, 9, &custom) == LP_OK);
        LpPuzzle *tiles = builtin_tiles(s);
        CHECK(lp_puzzle_set_option(tiles, "heuristic", "manhattan") == LP_OK);
        for (size_t a = 0; a < sizeof algorithms / sizeof algorithms[0]; a++) {
            bool o1 = false, o2 = false;
            int l1 = solve(custom, algorithms[a], &o1), l2 = solve(tiles, algorithms[a], &o2);
            runs++;
            same += l1 == l2 && o1 == o2 && l1 >= 0;
        }
        lp_puzzle_free(custom);
        lp_puzzle_free(tiles);
    }
    CHECK(same == runs);
    printf("custom 8-puzzle: %d of %d solver runs equal the built-in family's\n", same, runs);

    /* Move names and moves through the callbacks; the family is 0 and the description the bytes. */
    uint8_t s[9] = {1, 2, 3, 4, 5, 6, 7, 0, 8};
    LpPuzzle *custom = NULL;
    CHECK(lp_custom_create(&vtable, &eight, s, 9, &custom) == LP_OK);
    LpMove moves[8];
    size_t written = 0;
    CHECK(lp_puzzle_moves(custom, moves, 8, &written) == LP_OK && written == 3);
    char text[64];
    LpMove eight_left = {8, 8, 7, 0};
    CHECK(lp_puzzle_move_text(custom, eight_left, text, sizeof text, &written) == LP_OK && strcmp(text, "slide 8") == 0);
    uint32_t family = 99;
    CHECK(lp_puzzle_family(custom, &family) == LP_OK && family == 0);
    CHECK(lp_puzzle_describe(custom, text, sizeof text, &written) == LP_OK && strcmp(text, "custom:123456708") == 0);
    LpMove illegal = {5, 0, 1, 0};
    CHECK(lp_puzzle_apply(custom, illegal) == LP_ERR_ILLEGAL_MOVE);
    lp_puzzle_free(custom);

    /* Without a text form, the description is the state's bytes in hexadecimal. */
    vtable.describe = NULL;
    vtable.parse = NULL;
    CHECK(lp_custom_create(&vtable, &eight, s, 9, &custom) == LP_OK);
    CHECK(lp_puzzle_describe(custom, text, sizeof text, &written) == LP_OK && strcmp(text, "custom:010203040506070008") == 0);
    lp_puzzle_free(custom);
}

static void test_lying_estimate_is_labelled(void) {
    Eight eight = {.lying = 1};
    LpCustomVtable vtable = eight_vtable(1);
    int labelled = 0;
    for (int b = 0; b < 20; b++) {
        uint8_t s[9];
        random_board(s, 60);
        LpPuzzle *custom = NULL;
        CHECK(lp_custom_create(&vtable, &eight, s, 9, &custom) == LP_OK);
        bool optimal = true;
        int length = solve(custom, LP_ALGO_ASTAR, &optimal);
        LpHint hint;
        LpStatus status;
        while ((status = lp_next_hint(custom, 1000, &hint)) == LP_IN_PROGRESS) {
        }
        labelled += length >= 0 && !optimal && (status == LP_ALREADY_SOLVED || (status == LP_OK && !hint.optimal));
        lp_puzzle_free(custom);
    }
    CHECK(labelled == 20);
    printf("lying estimate: %d of 20 solutions and hints labelled not proven\n", labelled);
}

/* ---- Lights Out 3x3 as a game would write it: 9 bytes, 1 a lit panel; a press flips it and its
 * neighbours; the goal is every panel dark. ---- */

static int32_t lights_successors(void *user, const uint8_t *state, LpEmit emit, void *sink) {
    (void)user;
    for (int i = 0; i < 9; i++) {
        uint8_t next[9];
        memcpy(next, state, 9);
        next[i] ^= 1;
        if (i >= 3) next[i - 3] ^= 1;
        if (i < 6) next[i + 3] ^= 1;
        if (i % 3) next[i - 1] ^= 1;
        if (i % 3 != 2) next[i + 1] ^= 1;
        LpMove mv = {0, i, i, 0};
        if (emit(sink, mv, next, 1) != 0) return 1;
    }
    return 0;
}

/* The same successors handed over in one call (what bindings with dear native calls do). */
/* The nine presses from `state`: their moves and the boards they make. */
static void lights_presses(const uint8_t *state, LpMove moves[9], uint8_t states[9][9], uint32_t costs[9]) {
    for (int i = 0; i < 9; i++) {
        memcpy(states[i], state, 9);
        states[i][i] ^= 1;
        if (i >= 3) states[i][i - 3] ^= 1;
        if (i < 6) states[i][i + 3] ^= 1;
        if (i % 3) states[i][i - 1] ^= 1;
        if (i % 3 != 2) states[i][i + 1] ^= 1;
        LpMove mv = {0, i, i, 0};
        moves[i] = mv;
        costs[i] = 1;
    }
}

static int32_t lights_successors_batched(void *user, const uint8_t *state, LpEmit emit, void *sink) {
    (void)user;
    LpMove moves[9];
    uint8_t states[9][9];
    uint32_t costs[9];
    lights_presses(state, moves, states, costs);
    return lp_custom_emit_all(emit, sink, 9, moves, &states[0][0], 9, costs);
}

static int32_t lights_is_goal(void *user, const uint8_t *state, bool *goal) {
    (void)user;
    *goal = true;
    for (int i = 0; i < 9; i++) *goal = *goal && state[i] == 0;
    return 0;
}

/* The is_goal and estimate calls the engine made (the scored successors should spare most). */
static long lights_goal_calls, lights_estimate_calls;

static int32_t lights_is_goal_counted(void *user, const uint8_t *state, bool *goal) {
    lights_goal_calls++;
    return lights_is_goal(user, state, goal);
}

/* Lit cells over five: a press turns off at most five. */
static int32_t lights_estimate(void *user, const uint8_t *state, uint32_t *estimate) {
    (void)user;
    lights_estimate_calls++;
    uint32_t lit = 0;
    for (int i = 0; i < 9; i++) lit += state[i];
    *estimate = (lit + 4) / 5;
    return 0;
}

/* The presses handed over with each board's estimate and whether it is dark. */
static int32_t lights_successors_scored(void *user, const uint8_t *state, LpEmit emit, void *sink) {
    LpMove moves[9];
    uint8_t states[9][9];
    uint32_t costs[9], estimates[9];
    bool goals[9];
    lights_presses(state, moves, states, costs);
    for (int i = 0; i < 9; i++) {
        lights_is_goal(user, states[i], &goals[i]);
        lights_estimate(user, states[i], &estimates[i]);
        lights_estimate_calls--; /* the game's own work, not a call from the engine */
    }
    return lp_custom_emit_scored(emit, sink, 9, moves, &states[0][0], 9, costs, estimates, goals);
}

static void test_lights_out_equals_flip(void) {
    LpCustomVtable vtable = {.abi_version = LP_ABI_VERSION, .state_size = 9, .max_successors = 9, .admissible = true,
                             .successors = lights_successors, .is_goal = lights_is_goal};
    LpCustomVtable batched = {.abi_version = LP_ABI_VERSION, .state_size = 9, .max_successors = 9,
                              .admissible = true, .successors = lights_successors_batched, .is_goal = lights_is_goal};
    LpCustomVtable scored = {.abi_version = LP_ABI_VERSION, .state_size = 9, .max_successors = 9,
                             .admissible = true, .successors = lights_successors_scored,
                             .is_goal = lights_is_goal_counted, .estimate = lights_estimate};
    LpCustomVtable unscored = scored;
    unscored.successors = lights_successors_batched;
    long calls[2] = {0, 0};
    int agree = 0;
    for (int b = 0; b < lights_boards; b++) {
        uint8_t s[9];
        char desc[32] = "flip:3x3:";
        size_t at = strlen(desc);
        for (int i = 0; i < 9; i++) {
            s[i] = (uint8_t)(next_random() & 1);
            desc[at++] = s[i] ? '#' : '.';
            if (i % 3 == 2 && i < 8) desc[at++] = '/';
        }
        desc[at] = 0;
        LpPuzzle *custom = NULL, *flip = NULL, *custom_batched = NULL;
        CHECK(lp_custom_create(&vtable, NULL, s, 9, &custom) == LP_OK);
        CHECK(lp_custom_create(b % 2 ? &batched : &vtable, NULL, s, 9, &custom_batched) == LP_OK);
        CHECK(lp_puzzle_parse(desc, &flip) == LP_OK);
        bool o1 = false, o2 = false, o3 = false;
        int presses = solve(custom, LP_ALGO_ASTAR, &o1), minimum = solve(flip, LP_ALGO_EXACT, &o2);
        int batched_presses = solve(custom_batched, LP_ALGO_BFS, &o3);
        /* With its estimate, scored and not: the same minimum; the scored one calls back far less. */
        int estimated_presses[2];
        for (int k = 0; k < 2; k++) {
            LpPuzzle *estimated = NULL;
            bool proven = false;
            lights_goal_calls = lights_estimate_calls = 0;
            CHECK(lp_custom_create(k ? &scored : &unscored, NULL, s, 9, &estimated) == LP_OK);
            estimated_presses[k] = solve(estimated, k == b % 2 ? LP_ALGO_ASTAR : LP_ALGO_IDA_STAR, &proven);
            CHECK(proven);
            calls[k] += lights_goal_calls + lights_estimate_calls;
            lp_puzzle_free(estimated);
        }
        agree += presses == minimum && batched_presses == minimum && o1 && o2 && o3 &&
                 estimated_presses[0] == minimum && estimated_presses[1] == minimum;
        lp_puzzle_free(custom);
        lp_puzzle_free(custom_batched);
        lp_puzzle_free(flip);
    }
    CHECK(agree == lights_boards);
    /* Scored, the engine calls is_goal and estimate only for states it no longer keeps. */
    CHECK(calls[1] * 4 < calls[0]);
    printf("custom Lights Out: %d of %d boards in flip's minimum presses; is_goal and estimate called %ld times "
           "with scored successors, %ld without\n",
           agree, lights_boards, calls[1], calls[0]);
}

/* ---- Hostile callbacks. ---- */

static int32_t fails(void *user, const uint8_t *state, LpEmit emit, void *sink) {
    (void)user, (void)state, (void)emit, (void)sink;
    return 7;
}
static int32_t too_many(void *user, const uint8_t *state, LpEmit emit, void *sink) {
    (void)user;
    int refused = 0;
    LpMove mv = {0, 0, 0, 0};
    for (int i = 0; i < 10 && !refused; i++) refused = emit(sink, mv, state, 1);
    return refused ? 0 : 1; /* keeps going as if nothing happened: the engine noticed anyway */
}
static int32_t null_state(void *user, const uint8_t *state, LpEmit emit, void *sink) {
    (void)user, (void)state;
    LpMove mv = {0, 0, 0, 0};
    emit(sink, mv, NULL, 1);
    return 0;
}
static int32_t zero_cost(void *user, const uint8_t *state, LpEmit emit, void *sink) {
    (void)user;
    LpMove mv = {0, 0, 0, 0};
    emit(sink, mv, state, 0);
    return 0;
}
static int32_t emit_all_wrong_size(void *user, const uint8_t *state, LpEmit emit, void *sink) {
    (void)user, (void)state;
    LpMove moves[2] = {{0, 0, 0, 0}, {1, 0, 0, 0}};
    uint8_t *states = malloc(2); /* two 1-byte states, but the puzzle's are 4 bytes */
    uint32_t costs[2] = {1, 1};
    states[0] = states[1] = 0;
    int32_t refused = lp_custom_emit_all(emit, sink, 2, moves, states, 1, costs);
    free(states);
    return refused != 0 ? 0 : 1; /* the engine noticed */
}
static int32_t never_goal(void *user, const uint8_t *state, bool *goal) {
    (void)user, (void)state;
    *goal = false;
    return 0;
}
static int32_t goal_fails(void *user, const uint8_t *state, bool *goal) {
    (void)user, (void)state, (void)goal;
    return -3;
}

static void expect_callback_failure(LpCustomVtable vtable, const char *fragment) {
    uint8_t s[4] = {0};
    LpPuzzle *p = NULL;
    CHECK(lp_custom_create(&vtable, NULL, s, 4, &p) == LP_OK);
    LpHint hint = {0};
    LpStatus status;
    while ((status = lp_next_hint(p, 100, &hint)) == LP_IN_PROGRESS) {
    }
    CHECK(status == LP_ERR_CALLBACK);
    CHECK(strstr(last_error(), fragment) != NULL);
    if (strstr(last_error(), fragment) == NULL) fprintf(stderr, "  got: %s\n", last_error());
    /* The failure sticks: the next call says it again; a solver of the puzzle reports it too. */
    CHECK(lp_next_hint(p, 100, &hint) == LP_ERR_CALLBACK);
    LpSolver *solver = NULL;
    CHECK(lp_solver_create(p, LP_ALGO_BFS, 1000, &solver) == LP_OK);
    CHECK(lp_solver_step(solver, 100) == LP_ERR_CALLBACK);
    lp_solver_free(solver);
    lp_puzzle_free(p);
}

/* A callback that calls the engine back: on the puzzle that called it (refused), on another (fine), and
 * frees the calling puzzle (kept: the running call still uses it). */
typedef struct Reentrant {
    LpPuzzle *self;
    LpPuzzle *other;
    LpStatus on_self, on_other;
    char message[256];
} Reentrant;

static int32_t reentrant_successors(void *user, const uint8_t *state, LpEmit emit, void *sink) {
    Reentrant *r = (Reentrant *)user;
    LpHint hint;
    bool solved = false;
    r->on_self = lp_next_hint(r->self, 10, &hint);
    snprintf(r->message, sizeof r->message, "%s", last_error());
    r->on_other = lp_puzzle_is_solved(r->other, &solved);
    lp_puzzle_free(r->self);
    return lights_successors(NULL, state, emit, sink);
}

static void test_reentrance(void) {
    LpCustomVtable vtable = {.abi_version = LP_ABI_VERSION, .state_size = 9, .max_successors = 9, .admissible = true,
                             .successors = reentrant_successors, .is_goal = lights_is_goal};
    uint8_t lit[9] = {1, 1, 0, 1, 0, 0, 0, 0, 0};
    Reentrant r = {NULL, NULL, LP_OK, LP_OK, ""};
    CHECK(lp_custom_create(&vtable, &r, lit, 9, &r.self) == LP_OK);
    CHECK(lp_puzzle_parse("tiles:3x3:1,2,3,4,5,6,7,8,0", &r.other) == LP_OK);
    LpHint hint;
    LpStatus status;
    while ((status = lp_next_hint(r.self, 1000, &hint)) == LP_IN_PROGRESS) {
    }
    CHECK(status == LP_OK && hint.moves_left == 1); /* pressing the corner clears it */
    CHECK(r.on_self == LP_ERR_CALLBACK && strstr(r.message, "must not call the engine on it") != NULL);
    CHECK(r.on_other == LP_OK);
    bool solved = true;
    CHECK(lp_puzzle_is_solved(r.self, &solved) == LP_OK && !solved); /* still alive */
    lp_puzzle_free(r.self);
    lp_puzzle_free(r.other);
}

static void test_hostile_callbacks(void) {
    LpCustomVtable base = {.abi_version = LP_ABI_VERSION, .state_size = 4, .max_successors = 2, .admissible = true,
                           .successors = fails, .is_goal = never_goal};
    expect_callback_failure(base, "the successors callback failed with code 7");
    base.successors = too_many;
    expect_callback_failure(base, "more than its max_successors (2)");
    base.successors = null_state;
    expect_callback_failure(base, "a NULL state");
    base.successors = zero_cost;
    expect_callback_failure(base, "a cost of 0");
    base.successors = emit_all_wrong_size;
    expect_callback_failure(base, "lp_custom_emit_all or lp_custom_emit_scored was given another state size than the puzzle's 4 bytes");
    base.successors = lights_successors;
    base.is_goal = goal_fails;
    expect_callback_failure(base, "the is_goal callback failed with code -3");

    /* Bad tables and starts are refused at creation, and nothing is written. */
    uint8_t s[4] = {0};
    LpPuzzle *const sentinel = (LpPuzzle *)(uintptr_t)0x1;
    LpPuzzle *p = sentinel;
    LpCustomVtable v = {.abi_version = LP_ABI_VERSION, .state_size = 4, .max_successors = 2, .admissible = true,
                        .successors = fails, .is_goal = never_goal};
    CHECK(lp_custom_create(NULL, NULL, s, 4, &p) == LP_ERR_NULL_ARGUMENT && p == sentinel);
    CHECK(lp_custom_create(&v, NULL, s, 4, NULL) == LP_ERR_NULL_ARGUMENT);
    CHECK(lp_custom_create(&v, NULL, NULL, 4, &p) == LP_ERR_NULL_ARGUMENT && p == sentinel);
    CHECK(lp_custom_create(&v, NULL, s, 3, &p) == LP_ERR_INVALID_ARGUMENT && strstr(last_error(), "3 bytes") && p == sentinel);
    CHECK(lp_custom_create(&v, NULL, s, (size_t)-1, &p) == LP_ERR_INVALID_ARGUMENT && p == sentinel);
    v.abi_version = LP_ABI_VERSION + 1;
    CHECK(lp_custom_create(&v, NULL, s, 4, &p) == LP_ERR_VERSION && p == sentinel);
    v.abi_version = LP_ABI_VERSION;
    v.state_size = 0;
    CHECK(lp_custom_create(&v, NULL, s, 0, &p) == LP_ERR_INVALID_ARGUMENT && strstr(last_error(), "state_size"));
    v.state_size = 300;
    CHECK(lp_custom_create(&v, NULL, s, 4, &p) == LP_ERR_INVALID_ARGUMENT);
    v.state_size = 4;
    v.max_successors = 0;
    CHECK(lp_custom_create(&v, NULL, s, 4, &p) == LP_ERR_INVALID_ARGUMENT && strstr(last_error(), "max_successors"));
    v.max_successors = 100000;
    CHECK(lp_custom_create(&v, NULL, s, 4, &p) == LP_ERR_INVALID_ARGUMENT);
    v.max_successors = 2;
    v.is_goal = NULL;
    CHECK(lp_custom_create(&v, NULL, s, 4, &p) == LP_ERR_INVALID_ARGUMENT && strstr(last_error(), "required"));
    CHECK(p == sentinel);
}

int main(int argc, char **argv) {
    if (argc > 1 && strcmp(argv[1], "--fewer") == 0) {
        eight_boards /= 10;
        lights_boards /= 10;
    }
    test_eight_equals_tiles();
    test_lying_estimate_is_labelled();
    test_lights_out_equals_flip();
    test_hostile_callbacks();
    test_reentrance();
    printf("%d checks: %d passed, %d failed\n", checks, checks - failures, failures);
    return failures ? 1 : 0;
}
