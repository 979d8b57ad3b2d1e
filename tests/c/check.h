/* The C tests' checks: CHECK(cond), CHECK_STATUS(call, expected, message fragment), the last error
 * message, and the counts main() prints ("N checks: P passed, F failed"). One test program per file. */
#ifndef LPHINT_TEST_CHECK_H
#define LPHINT_TEST_CHECK_H

#include "lphint.h"

#include <stdio.h>
#include <string.h>

static int failures = 0;
static int checks = 0;

#define CHECK(cond)                                                                   \
    do {                                                                              \
        checks++;                                                                     \
        if (!(cond)) {                                                                \
            failures++;                                                               \
            fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond); \
        }                                                                             \
    } while (0)

/* The last error message (static buffer: single-threaded use only). */
static inline const char *last_error(void) {
    static char message[512];
    size_t written = 0;
    if (lp_last_error(message, sizeof message, &written) != LP_OK) {
        return "<lp_last_error failed>";
    }
    return message;
}

/* Checks a status and, when `fragment` is not NULL, that the last error message contains it. */
static inline void check_status(int line, LpStatus got, LpStatus expected, const char *fragment) {
    checks++;
    if (got != expected) {
        failures++;
        fprintf(stderr, "%s:%d: got %s, expected %s (%s)\n", __FILE__, line, lp_status_str(got), lp_status_str(expected),
                last_error());
    } else if (fragment != NULL && strstr(last_error(), fragment) == NULL) {
        failures++;
        fprintf(stderr, "%s:%d: message '%s' lacks '%s'\n", __FILE__, line, last_error(), fragment);
    }
}

#define CHECK_STATUS(call, expected, fragment) check_status(__LINE__, (call), (expected), (fragment))

#endif
