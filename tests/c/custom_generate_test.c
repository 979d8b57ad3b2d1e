/* Generation, packs, text form and hint cells of a game's own puzzle (the 8-puzzle of eight.h): every
 * generated board's rating equals the built-in tiles family's optimum, lies in the band and is a new
 * board; the same seed gives the same boards at any frame budget; a pack of them reads back only with the
 * game's callbacks and hints along the stored answers; failing and lying callbacks get statuses.
 * Built by tests/it/c_abi.rs with gcc -std=c11 -Wall -Wextra -Werror, plainly and under ASan and UBSan. */
#include "lphint.h"

#include <stdio.h>
#include <string.h>

#include "check.h"
#include "eight.h"

/* The built-in family's proven optimum for the board, or -1. */
static int builtin_optimum(const uint8_t *s) {
    LpPuzzle *tiles = builtin_tiles(s);
    bool optimal = false;
    int length = tiles ? solve(tiles, LP_ALGO_EXACT, &optimal) : -1;
    lp_puzzle_free(tiles);
    return optimal ? length : -1;
}

/* The board of a custom 8-puzzle's current position (cell i shows byte i). */
static void board_of(const LpPuzzle *p, uint8_t *s) {
    int32_t cells[9];
    size_t written = 0;
    CHECK(lp_puzzle_cells(p, cells, 9, &written) == LP_OK && written == 9);
    for (int i = 0; i < 9; i++) s[i] = (uint8_t)cells[i];
}

/* Plays hints to the goal, each one step closer: the moves played, or negative. */
static int hinted_moves(LpPuzzle *p, uint32_t budget) {
    bool optimal = false;
    return play_hints(p, budget, &optimal);
}

/* The next puzzle of a generator, stepped by `budget`: its status, the puzzle and the rating. */
static LpStatus next_puzzle(LpGenerator *g, uint32_t budget, LpPuzzle **p, uint32_t *rating) {
    LpStatus status;
    while ((status = lp_generator_step(g, budget, p, rating)) == LP_IN_PROGRESS) {
    }
    return status;
}

#define GENERATED 20

/* Generates GENERATED boards with `params` from the goal; checks each against the built-in optimum, the
 * band and the boards before; fills `fingerprints`, and `levels` when not NULL. */
static void generate_checked(const LpCustomVtable *vtable, Eight *eight, const char *params, uint32_t lo, uint32_t hi,
                             uint64_t seed, uint32_t budget, uint64_t *fingerprints, LpPuzzle **levels) {
    LpPuzzle *like = NULL;
    CHECK(lp_custom_create(vtable, eight, eight_solved, 9, &like) == LP_OK);
    LpGenerator *g = NULL;
    CHECK_STATUS(lp_generator_create_like(like, params, seed, &g), LP_OK, NULL);
    int exact = 0, banded = 0, distinct = 0, hinted = 0;
    for (int k = 0; k < GENERATED; k++) {
        LpPuzzle *p = NULL;
        uint32_t rating = 0;
        CHECK_STATUS(next_puzzle(g, budget, &p, &rating), LP_OK, NULL);
        if (!p) break;
        uint8_t s[9];
        board_of(p, s);
        exact += (int)rating == builtin_optimum(s);
        banded += rating >= lo && rating <= hi;
        CHECK(lp_puzzle_fingerprint(p, &fingerprints[k]) == LP_OK);
        int repeated = 0;
        for (int j = 0; j < k; j++) repeated |= fingerprints[j] == fingerprints[k];
        distinct += !repeated;
        if (levels) {
            levels[k] = p;
        } else {
            hinted += hinted_moves(p, 1000) == (int)rating;
            lp_puzzle_free(p);
        }
    }
    CHECK(exact == GENERATED && banded == GENERATED && distinct == GENERATED);
    CHECK(levels || hinted == GENERATED);
    printf("generated (%s): %d boards rated as the built-in optimum, %d in the band, %d distinct\n", params, exact, banded,
           distinct);
    lp_generator_free(g);
    lp_puzzle_free(like);
}

static void test_generation(void) {
    Eight eight = {0};
    LpCustomVtable vtable = eight_vtable(0);
    uint64_t first[GENERATED], again[GENERATED];
    /* Random solvable boards from the game's drawer, and scrambles by random moves from the goal. */
    generate_checked(&vtable, &eight, "min=20,max=24,method=draw", 20, 24, 7, 1000, first, NULL);
    generate_checked(&vtable, &eight, "min=8,max=12,method=scramble,steps=30", 8, 12, 7, 1000, first, NULL);
    /* The same seed at another frame budget gives the same boards. */
    generate_checked(&vtable, &eight, "min=8,max=12,method=scramble,steps=30", 8, 12, 7, 1, again, NULL);
    CHECK(memcmp(first, again, sizeof first) == 0);
    /* A lying estimate: the rating is still exact (uniform-cost search rates it). */
    Eight lying = {.lying = 1};
    LpCustomVtable lying_vtable = eight_vtable(1);
    generate_checked(&lying_vtable, &lying, "min=4,max=8,steps=12,method=scramble", 4, 8, 3, 5000, again, NULL);

    /* Bad parameters are refused by name. */
    LpPuzzle *like = NULL;
    LpGenerator *g = NULL;
    CHECK(lp_custom_create(&vtable, &eight, eight_solved, 9, &like) == LP_OK);
    CHECK_STATUS(lp_generator_create_like(like, "min=5,max=3", 1, &g), LP_ERR_INVALID_ARGUMENT, "above");
    CHECK_STATUS(lp_generator_create_like(like, "size=4x4", 1, &g), LP_ERR_INVALID_ARGUMENT, "size");
    CHECK_STATUS(lp_generator_create_like(like, "steps=20000", 1, &g), LP_ERR_INVALID_ARGUMENT, "steps");
    CHECK_STATUS(lp_generator_create_like(NULL, "", 1, &g), LP_ERR_NULL_ARGUMENT, NULL);
    CHECK(g == NULL);
    lp_puzzle_free(like);
    LpCustomVtable no_draw = vtable;
    no_draw.draw = NULL;
    CHECK(lp_custom_create(&no_draw, &eight, eight_solved, 9, &like) == LP_OK);
    CHECK_STATUS(lp_generator_create_like(like, "method=draw", 1, &g), LP_ERR_INVALID_ARGUMENT, "draw callback");
    /* Without a drawer, auto scrambles. */
    CHECK_STATUS(lp_generator_create_like(like, "min=4,max=4,steps=10", 1, &g), LP_OK, NULL);
    LpPuzzle *p = NULL;
    uint32_t rating = 0;
    CHECK_STATUS(next_puzzle(g, 1000, &p, &rating), LP_OK, NULL);
    CHECK(rating == 4);
    lp_puzzle_free(p);
    lp_generator_free(g);
    lp_puzzle_free(like);

    /* A built-in puzzle's generator "like" it is its family's. */
    LpPuzzle *tiles = builtin_tiles(eight_solved);
    CHECK_STATUS(lp_generator_create_like(tiles, "preset=easy", 1, &g), LP_OK, NULL);
    CHECK_STATUS(next_puzzle(g, 1000, &p, &rating), LP_OK, NULL);
    uint32_t family = 0;
    CHECK(lp_puzzle_family(p, &family) == LP_OK && family != 0);
    lp_puzzle_free(p);
    lp_generator_free(g);
    lp_puzzle_free(tiles);

    /* A drawer that fails: LP_ERR_CALLBACK with the code, at the step that met it (making a generator
     * calls no callback: it does no work a frame could not bound). */
    Eight failing = {.fail_draw = 1};
    CHECK(lp_custom_create(&vtable, &failing, eight_solved, 9, &like) == LP_OK);
    CHECK_STATUS(lp_generator_create_like(like, "method=draw", 1, &g), LP_OK, NULL);
    p = NULL;
    CHECK_STATUS(lp_generator_step(g, 1, &p, &rating), LP_ERR_CALLBACK, "the draw callback failed with code 9");
    CHECK(p == NULL);
    lp_generator_free(g);
    lp_puzzle_free(like);
    failing = (Eight){.fail_draw = 4};
    CHECK(lp_custom_create(&vtable, &failing, eight_solved, 9, &like) == LP_OK);
    CHECK_STATUS(lp_generator_create_like(like, "method=draw,min=0,max=100", 1, &g), LP_OK, NULL);
    LpStatus status = LP_OK;
    for (int k = 0; k < 5 && status == LP_OK; k++) {
        p = NULL;
        status = next_puzzle(g, 1000, &p, &rating);
        lp_puzzle_free(p);
    }
    CHECK_STATUS(status, LP_ERR_CALLBACK, "the draw callback failed with code 9");
    lp_generator_free(g);
    lp_puzzle_free(like);
}

static int32_t refuse_text(void *user, const char *text, size_t len, uint8_t *state) {
    (void)user, (void)text, (void)len, (void)state;
    return 5;
}

static int32_t describe_past_cap(void *user, const uint8_t *state, char *buf, size_t cap, size_t *written);

static void test_packs(void) {
    Eight eight = {0};
    LpCustomVtable vtable = eight_vtable(0);
    uint64_t fingerprints[GENERATED];
    LpPuzzle *levels[GENERATED] = {0};
    generate_checked(&vtable, &eight, "min=20,max=24,method=draw", 20, 24, 11, 1000, fingerprints, levels);
    LpPackWriter *writer = NULL;
    CHECK(lp_pack_writer_create(&writer) == LP_OK);
    uint32_t ratings[GENERATED];
    char descs[GENERATED][32];
    for (int k = 0; k < GENERATED; k++) {
        uint8_t s[9];
        board_of(levels[k], s);
        ratings[k] = (uint32_t)builtin_optimum(s);
        size_t written = 0;
        CHECK(lp_puzzle_describe(levels[k], descs[k], sizeof descs[k], &written) == LP_OK);
        CHECK_STATUS(lp_pack_writer_add(writer, levels[k], ratings[k], "level", NULL), LP_OK, NULL);
    }
    CHECK_STATUS(lp_pack_writer_add(writer, levels[3], ratings[3], NULL, NULL), LP_ERR_INVALID_ARGUMENT, "entry #4");
    size_t size = 0;
    CHECK(lp_pack_writer_bytes(writer, NULL, 0, &size) == LP_ERR_BUFFER_TOO_SMALL && size > 0);
    static uint8_t bytes[1 << 16];
    CHECK(size <= sizeof bytes && lp_pack_writer_bytes(writer, bytes, sizeof bytes, &size) == LP_OK);
    lp_pack_writer_free(writer);

    /* The registry cannot read custom entries; the game's puzzle can. */
    LpPack *pack = NULL;
    CHECK_STATUS(lp_pack_load(bytes, size, &pack), LP_ERR_INVALID_ARGUMENT, "load the pack with a puzzle of the game's kind");
    LpPuzzle *like = NULL;
    CHECK(lp_custom_create(&vtable, &eight, eight_solved, 9, &like) == LP_OK);
    CHECK_STATUS(lp_pack_load_like(bytes, size, like, &pack), LP_OK, NULL);
    size_t len = 0;
    CHECK(lp_pack_len(pack, &len) == LP_OK && len == GENERATED);
    int same = 0, answered = 0;
    for (size_t k = 0; k < len; k++) {
        LpPuzzle *p = NULL;
        CHECK(lp_pack_puzzle(pack, k, &p) == LP_OK);
        char desc[32];
        size_t written = 0;
        uint32_t rating = 0;
        CHECK(lp_puzzle_describe(p, desc, sizeof desc, &written) == LP_OK);
        CHECK(lp_pack_rating(pack, k, &rating) == LP_OK);
        same += strcmp(desc, descs[k]) == 0 && rating == ratings[k];
        /* Hints follow the stored answer: no search, budget 1. */
        answered += hinted_moves(p, 1) == (int)ratings[k];
        lp_puzzle_free(p);
    }
    CHECK(same == GENERATED && answered == GENERATED);
    printf("custom pack: %d of %d levels read back with the game's callbacks, %d hinted along their answers\n", same,
           GENERATED, answered);
    lp_pack_free(pack);

    /* Damaged bytes, and a game whose parse refuses the text: corrupt data, nothing handed out. */
    pack = NULL;
    bytes[size / 2] ^= 0x40;
    CHECK_STATUS(lp_pack_load_like(bytes, size, like, &pack), LP_ERR_CORRUPT_DATA, NULL);
    bytes[size / 2] ^= 0x40;
    LpCustomVtable refusing = vtable;
    refusing.parse = refuse_text;
    LpPuzzle *strict = NULL;
    CHECK(lp_custom_create(&refusing, &eight, eight_solved, 9, &strict) == LP_OK);
    CHECK_STATUS(lp_pack_load_like(bytes, size, strict, &pack), LP_ERR_CORRUPT_DATA, "refused the text (code 5)");
    CHECK_STATUS(lp_pack_load_like(bytes, size, NULL, &pack), LP_ERR_NULL_ARGUMENT, NULL);
    CHECK(pack == NULL);
    lp_puzzle_free(strict);
    /* A puzzle without a text form reads descriptions as hexadecimal bytes: a text-form pack is not for
     * it, and the message says so in those terms. */
    LpCustomVtable hex_only = vtable;
    hex_only.describe = NULL;
    hex_only.parse = NULL;
    LpPuzzle *hex = NULL;
    CHECK(lp_custom_create(&hex_only, &eight, eight_solved, 9, &hex) == LP_OK);
    CHECK_STATUS(lp_pack_load_like(bytes, size, hex, &pack), LP_ERR_CORRUPT_DATA,
                 "this puzzle has no text form, so a description is its 9 state bytes in hexadecimal (18 digits), not 9 characters");
    lp_puzzle_free(hex);
    /* A level whose describe callback fails is not added: the failure is said, not a stored move. */
    LpCustomVtable failing_text = vtable;
    failing_text.describe = describe_past_cap;
    LpPuzzle *mute = NULL, *unnamed = NULL;
    CHECK(lp_custom_create(&failing_text, &eight, eight_solved, 9, &mute) == LP_OK);
    LpGenerator *g = NULL;
    uint32_t rating = 0;
    CHECK_STATUS(lp_generator_create_like(mute, "min=5,max=10,method=draw", 1, &g), LP_OK, NULL);
    CHECK_STATUS(next_puzzle(g, 1000, &unnamed, &rating), LP_OK, NULL); /* with its stored answer */
    CHECK(lp_pack_writer_create(&writer) == LP_OK);
    CHECK_STATUS(lp_pack_writer_add(writer, unnamed, rating, NULL, NULL), LP_ERR_CALLBACK, "the describe callback said");
    lp_pack_writer_free(writer);
    lp_generator_free(g);
    lp_puzzle_free(unnamed);
    lp_puzzle_free(mute);

    /* Descriptions read back through the game's text form. */
    LpPuzzle *p = NULL;
    CHECK_STATUS(lp_puzzle_parse_like(like, "custom:123456708", &p), LP_OK, NULL);
    CHECK(hinted_moves(p, 100) == 1);
    lp_puzzle_free(p);
    CHECK_STATUS(lp_puzzle_parse_like(like, "custom:12345678", &p), LP_ERR_PARSE, "refused the text (code 1)");
    CHECK_STATUS(lp_puzzle_parse_like(like, "tiles:3x3:1,2,3,4,5,6,7,0,8", &p), LP_ERR_PARSE, "custom:");
    for (int k = 0; k < GENERATED; k++) lp_puzzle_free(levels[k]);
    lp_puzzle_free(like);
}

static int32_t cells_past_cap(void *user, const uint8_t *state, LpMove mv, uint16_t *cells, size_t cap, size_t *count) {
    (void)user, (void)state, (void)mv, (void)cells;
    *count = cap + 1;
    return 0;
}

static int32_t describe_past_cap(void *user, const uint8_t *state, char *buf, size_t cap, size_t *written) {
    (void)user, (void)state, (void)buf;
    *written = cap + 1;
    return 0;
}

static void test_hint_cells_and_text_callbacks(void) {
    Eight eight = {0};
    LpCustomVtable vtable = eight_vtable(0);
    const uint8_t one_away[9] = {1, 2, 3, 4, 5, 6, 7, 0, 8};
    LpPuzzle *p = NULL;
    CHECK(lp_custom_create(&vtable, &eight, one_away, 9, &p) == LP_OK);
    uint32_t width = 0, height = 0;
    CHECK(lp_puzzle_size(p, &width, &height) == LP_OK && width == 3 && height == 3);
    LpHint hint;
    CHECK(lp_next_hint(p, 100, &hint) == LP_OK);
    uint16_t cells[8];
    size_t count = 0;
    CHECK(lp_hint_cells(p, cells, 8, &count) == LP_OK && count == 2 && cells[0] == 8 && cells[1] == 7);
    lp_puzzle_free(p);

    /* Callbacks that say they wrote past the capacity given: LP_ERR_CALLBACK, nothing read past it. */
    LpCustomVtable bad = vtable;
    bad.move_cells = cells_past_cap;
    CHECK(lp_custom_create(&bad, &eight, one_away, 9, &p) == LP_OK);
    CHECK_STATUS(lp_next_hint(p, 100, &hint), LP_ERR_CALLBACK, "the move_cells callback said it wrote past the capacity");
    lp_puzzle_free(p);
    bad = vtable;
    bad.describe = describe_past_cap;
    CHECK(lp_custom_create(&bad, &eight, one_away, 9, &p) == LP_OK);
    char text[64];
    CHECK_STATUS(lp_puzzle_describe(p, text, sizeof text, &count), LP_ERR_CALLBACK, "the describe callback said");
    lp_puzzle_free(p);

    /* A text form must read back, and a board has both sizes. */
    bad = vtable;
    bad.parse = NULL;
    CHECK_STATUS(lp_custom_create(&bad, &eight, one_away, 9, &p), LP_ERR_INVALID_ARGUMENT, "describe and parse");
    bad = vtable;
    bad.board_height = 0;
    CHECK_STATUS(lp_custom_create(&bad, &eight, one_away, 9, &p), LP_ERR_INVALID_ARGUMENT, "both sizes");
}

int main(void) {
    test_generation();
    test_packs();
    test_hint_cells_and_text_callbacks();
    printf("%d checks: %d passed, %d failed\n", checks, checks - failures, failures);
    return failures ? 1 : 0;
}
