// The C++ wrapper's guards against misuse: budgets that are not unsigned 32-bit counts are refused (a -1
// would reach the engine as four billion nodes), and a game's exception reaches lp_last_error with its
// what(). Built by tests/it/c_abi.rs with g++ -std=c++17 -Wall -Wextra -Werror (and once under ASan/UBSan),
// which also checks that misuses the wrapper forbids do not compile (a temporary game, a budget that is
// not a whole number).
#include "lphint.hpp"

#include <array>
#include <cstdio>
#include <stdexcept>
#include <string>

static int checks = 0, failures = 0;
#define CHECK(cond)                                                             \
    do {                                                                        \
        checks++;                                                               \
        if (!(cond)) {                                                          \
            failures++;                                                         \
            std::fprintf(stderr, "%s:%d: CHECK(%s) failed\n", __FILE__, __LINE__, #cond); \
        }                                                                       \
    } while (0)

// A counter that must reach 0; its goal test throws when the counter is 7 ("the level data is missing").
struct Countdown {
    using State = std::array<std::uint8_t, 2>;
    static constexpr std::uint32_t max_successors = 1;
    static constexpr bool admissible = true;
    template <class Emit>
    void moves(const State& s, Emit&& emit) const {
        if (s[0] > 0) emit(LpMove{0, 0, 0, 0}, State{static_cast<std::uint8_t>(s[0] - 1), 0});
    }
    bool is_goal(const State& s) const {
        if (s[0] == 7) throw std::runtime_error("level data missing at 7");
        return s[0] == 0;
    }
    std::uint32_t estimate(const State& s) const { return s[0]; }
};

int main() {
    lphint::Puzzle puzzle = lphint::Puzzle::parse("tiles:3x3:1,2,3,4,5,6,0,7,8");
    LpHint hint{};
    // Budgets: any whole number type; negative or past 2^32 - 1 is InvalidArgument and does nothing.
    CHECK(puzzle.next_hint(-1, hint) == lphint::Status::InvalidArgument);
    puzzle.set_memory_limit(1);
    CHECK(puzzle.next_hint(100, hint) == lphint::Status::OutOfMemory);
    puzzle.set_memory_limit(UINT64_MAX);
    CHECK(puzzle.next_hint(static_cast<long long>(5'000'000'000), hint) == lphint::Status::InvalidArgument);
    CHECK(puzzle.next_hint_timed(-5, hint) == lphint::Status::InvalidArgument);
    lphint::Status status = puzzle.next_hint(50, hint);
    CHECK(status == lphint::Status::Ok && hint.moves_left == 2);
    CHECK(puzzle.next_hint(50u, hint) == lphint::Status::Ok);
    CHECK(puzzle.next_hint(std::uint64_t{50}, hint) == lphint::Status::Ok);
    lphint::Solver solver = puzzle.solver(lphint::Algorithm::AStar, 1000);
    CHECK(solver.step(-1) == lphint::Status::InvalidArgument);
    CHECK(solver.step(1000) == lphint::Status::Ok);

    // Rush Hour: a variant of sliding blocks in the registry, its notation a generator's family name.
    for (const lphint::FamilyInfo& family : lphint::families()) {
        bool blocks = std::string(family.info.name) == "blocks";
        CHECK(family.variants.size() == (blocks ? 1u : 0u));
        if (blocks) CHECK(std::string(family.variants[0].title) == "Rush Hour" && std::string(family.variants[0].notation) == "rush");
    }

    // A game's exception: LP_ERR_CALLBACK, with the exception's what() after the engine's sentence.
    Countdown game;
    lphint::Puzzle counter = lphint::Puzzle::custom(game, Countdown::State{9, 0});
    while ((status = counter.next_hint(10, hint)) == lphint::Status::InProgress) {
    }
    std::string message = lphint::last_error();
    CHECK(status == lphint::Status::Callback);
    CHECK(message == "the is_goal callback failed with code -1: level data missing at 7");
    if (message.find("level data missing") == std::string::npos) std::fprintf(stderr, "  got: %s\n", message.c_str());
    // Sticky: said again by the next call.
    CHECK(counter.next_hint(10, hint) == lphint::Status::Callback);
    CHECK(lphint::last_error() == message);

    // Sokoban from a grid of XSB characters: one push; a malformed grid throws with the family's words.
    lphint::Puzzle sokoban = lphint::Puzzle::sokoban(5, 3, "#####" "#@$.#" "#####");
    while ((status = sokoban.next_hint(100, hint)) == lphint::Status::InProgress) {
    }
    CHECK(status == lphint::Status::Ok && hint.moves_left == 1 && hint.mv.piece == 0);
    bool refused = false;
    try {
        lphint::Puzzle::sokoban(5, 1, "#@$.-");
    } catch (const lphint::Error& e) {
        refused = std::string(e.what()).find("do not close the room") != std::string::npos;
    }
    CHECK(refused);
    CHECK(sokoban.lost_text().empty());
    CHECK(lphint::Puzzle::sokoban(5, 3, "#####" "#$@.#" "#####").lost_text().find("in a corner off the goals") != std::string::npos);

    // Sudoku from its givens: the hint is one of the 11 empty cells' digits; a repeated digit throws.
    lphint::Puzzle sudoku = lphint::Puzzle::sudoku(4, {2, 0, 4, 0, 0, 1, 0, 0, 0, 0, 0, 0, 1, 0, 0, 2});
    while ((status = sudoku.next_hint(100, hint)) == lphint::Status::InProgress) {
    }
    CHECK(status == lphint::Status::Ok && hint.moves_left == 11 && hint.mv.arg >= 1);
    refused = false;
    try {
        lphint::Puzzle::sudoku(4, {2, 0, 4, 2, 0, 1, 0, 0, 0, 0, 0, 0, 1, 0, 0, 2});
    } catch (const lphint::Error& e) {
        refused = std::string(e.what()).find("row 1 gives the digit 2 twice") != std::string::npos;
    }
    CHECK(refused);
    // Its last given gone: several solutions, two of them shown; a unique puzzle has no second.
    lphint::Puzzle ambiguous = lphint::Puzzle::sudoku(4, {2, 0, 4, 0, 0, 1, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0});
    std::optional<std::string> first = ambiguous.solution(0), second = ambiguous.solution(1);
    CHECK(first && second && *first != *second && first->rfind("sudoku:2.4..1......1...:", 0) == 0);
    CHECK(!sudoku.solution(1));
    refused = false;
    try {
        ambiguous.solution(2);
    } catch (const lphint::Error& e) {
        refused = std::string(e.what()).find("show 2 of their solutions at most") != std::string::npos;
    }
    CHECK(refused);

    // One status rule for every code: a call that gives a value throws Error for anything but Ok,
    // outcomes included (no hint text before a hint is NotFound); per-frame calls return the status.
    for (int code : {LP_OK, LP_IN_PROGRESS, LP_ALREADY_SOLVED, LP_UNSOLVABLE, LP_OUT_OF_NODES, LP_NOT_FOUND,
                     LP_ERR_NULL_ARGUMENT, LP_ERR_INVALID_ARGUMENT, LP_ERR_PARSE, LP_ERR_ILLEGAL_MOVE,
                     LP_ERR_BUFFER_TOO_SMALL, LP_ERR_CORRUPT_DATA, LP_ERR_VERSION, LP_ERR_PANIC,
                     LP_ERR_OUT_OF_MEMORY, LP_ERR_CALLBACK}) {
        bool threw = false;
        try {
            lphint::detail::check(static_cast<LpStatus>(code));
        } catch (const lphint::Error& e) {
            threw = static_cast<int>(e.status()) == code;
        }
        CHECK(threw == (code != LP_OK));
    }
    lphint::Puzzle fresh = lphint::Puzzle::parse("tiles:3x3:1,2,3,4,5,6,0,7,8");
    try {
        (void)fresh.hint_text();
        CHECK(false);
    } catch (const lphint::Error& e) {
        CHECK(e.status() == lphint::Status::NotFound && std::string(e.what()).find("no hint was given yet") != std::string::npos);
    }

    std::printf("%d checks: %d passed, %d failed\n", checks, checks - failures, failures);
    return failures ? 1 : 0;
}
