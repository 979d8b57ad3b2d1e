// README's C++ quick start: a Rush Hour level played by hints, a small budget every frame.
#include "lphint.hpp"

#include <cstdio>

int main() {
    auto level = lphint::Puzzle::parse("rush:GBBoLoGHIoLMGHIAAMCCCKoMooJKDDEEJFFo");
    LpHint hint{};
    while (!level.solved()) {                            // one pass = one frame of the game
        lphint::Status status = level.next_hint(300, hint);  // at most 300 nodes of search
        if (status == lphint::Status::InProgress) continue;  // still thinking: ask next frame
        if (status != lphint::Status::Ok) {                  // no hint will come: say why
            std::printf("%s\n", lphint::last_error().c_str());
            return 1;
        }
        std::printf("%s\n", level.hint_text().c_str());      // "slide the car H down 1: ..."
        level.apply(hint.mv);                                // hint.mv.piece: the car's id, A = 0
    }
    std::printf("solved: %s\n", level.describe().c_str());
}
