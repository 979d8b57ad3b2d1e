/* README's C quick start: a Rush Hour level played by hints, a small budget every frame. */
#include "lphint.h"

#include <stdio.h>

int main(void) {
    LpPuzzle *level = NULL;
    char text[256];
    size_t written = 0;
    bool solved = false;
    if (lp_puzzle_parse("rush:GBBoLoGHIoLMGHIAAMCCCKoMooJKDDEEJFFo", &level) != LP_OK) return 1;
    while (lp_puzzle_is_solved(level, &solved) == LP_OK && !solved) { /* one pass = one frame */
        LpHint hint;
        LpStatus status = lp_next_hint(level, 300, &hint); /* at most 300 nodes of search */
        if (status == LP_IN_PROGRESS) continue;             /* still thinking: ask next frame */
        if (status != LP_OK) {                              /* no hint will come: say why */
            lp_last_error(text, sizeof text, &written);
            printf("%s\n", text);
            break;
        }
        lp_hint_text(level, text, sizeof text, &written);   /* "slide the car H down 1: ..." */
        printf("%s\n", text);
        lp_puzzle_apply(level, hint.mv);                    /* hint.mv.piece: the car's id, A = 0 */
    }
    lp_puzzle_describe(level, text, sizeof text, &written);
    printf("solved: %s\n", text);
    lp_puzzle_free(level);
    return solved ? 0 : 1;
}
