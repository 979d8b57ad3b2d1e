// A game's integration, written from docs/cpp.md alone and built by CMake against the installed package
// (tests/cmake, with CMAKE_CXX_STANDARD 14: the package raises it to 17): an 8-puzzle and a Rush Hour level
// played by hints a frame at a time, one piece followed by its id for the whole game; a pack written,
// loaded back and played along its stored answer at budget 1; a game saved mid-level and resumed.
#include "lphint.hpp"

#include <algorithm>
#include <cstdio>
#include <vector>

static int failures = 0;
#define CHECK(cond)                                                                            \
    do {                                                                                       \
        if (!(cond)) {                                                                         \
            failures++;                                                                        \
            std::fprintf(stderr, "%s:%d: CHECK(%s) failed\n", __FILE__, __LINE__, #cond);      \
        }                                                                                      \
    } while (0)

// The cells holding `value` (a tile's number, a block's id + 1).
static std::vector<std::size_t> cells_of(const lphint::Puzzle& puzzle, std::int32_t value) {
    std::vector<std::size_t> out;
    std::vector<std::int32_t> cells = puzzle.cells();
    for (std::size_t i = 0; i < cells.size(); i++)
        if (cells[i] == value) out.push_back(i);
    return out;
}

// Plays `puzzle` to the goal by hints of `budget` nodes a frame, following piece `followed` (its cells hold
// `followed + 1` for blocks, `followed` for tiles: `offset`): it moves exactly when a hint names it, by the
// hint's from -> to, and no other hint moves it. Returns the moves played.
static unsigned play(lphint::Puzzle& puzzle, std::uint32_t budget, std::uint32_t followed, std::int32_t offset) {
    unsigned moves = 0;
    std::vector<std::size_t> at = cells_of(puzzle, static_cast<std::int32_t>(followed) + offset);
    CHECK(!at.empty());
    for (LpHint hint{};;) {
        lphint::Status status = puzzle.next_hint(budget, hint);
        if (status == lphint::Status::InProgress) continue;  // the next frame
        if (status == lphint::Status::AlreadySolved) break;
        if (status != lphint::Status::Ok) {
            std::fprintf(stderr, "no hint: %s\n", lphint::last_error().c_str());
            failures++;
            break;
        }
        puzzle.apply(hint.mv);
        moves++;
        if (hint.mv.piece == followed && offset == 1) {
            for (std::size_t& cell : at) cell = static_cast<std::size_t>(static_cast<std::int64_t>(cell) + hint.mv.to - hint.mv.from);
        } else if (hint.mv.piece == followed) {
            at = {static_cast<std::size_t>(hint.mv.to)};
        }
        CHECK(cells_of(puzzle, static_cast<std::int32_t>(followed) + offset) == at);
    }
    CHECK(puzzle.solved());
    return moves;
}

int main() {
    try {
        // The 8-puzzle's hardest start (31 moves), tile 5 followed.
        auto tiles = lphint::Puzzle::parse("tiles:3x3:8,6,7,2,5,4,3,0,1");
        CHECK(play(tiles, 300, 5, 0) == 31);

        // Fogleman's 51-move Rush Hour puzzle: described back as written, the truck H (id 7) followed, and
        // every sentence naming the car it moves.
        const char* level = "rush:GBBoLoGHIoLMGHIAAMCCCKoMooJKDDEEJFFo";
        auto rush = lphint::Puzzle::parse(level);
        CHECK(rush.describe() == level);
        std::vector<LpMove> moves = rush.moves();
        CHECK(!moves.empty());
        for (const LpMove& move : moves) CHECK(rush.move_text(move).find("slide the ") == 0);
        CHECK(play(rush, 300, 'H' - 'A', 1) == 51);

        // Hint coins on the same level: where to look holds what to move, the words say what to move, the
        // plan starts with the move and replays; a move drops the hint.
        auto coins = lphint::Puzzle::parse(level);
        LpHint first{};
        while (coins.next_hint(1000, first) == lphint::Status::InProgress) {
        }
        std::optional<std::vector<std::uint16_t>> region = coins.hint_tier_cells(1), piece = coins.hint_tier_cells(2);
        CHECK(region && piece && !piece->empty());
        if (region && piece)
            for (std::uint16_t c : *piece) CHECK(std::find(region->begin(), region->end(), c) != region->end());
        CHECK(coins.hint_tier_text(2).value_or("") == "move the car F");
        LpMove plan[4];
        std::size_t planned = coins.hint_plan(plan, 4);
        CHECK(planned == 4 && plan[0].piece == first.mv.piece && plan[0].to == first.mv.to);
        for (std::size_t i = 0; i < planned; i++) coins.apply(plan[i]);
        CHECK(!coins.hint_tier_text(1));

        // Check my board: two moves from the goal, the player slides 4 down (off every shortest solution);
        // the check, a frame at a time, names that move and the distance it costs.
        auto checked = lphint::Puzzle::parse("tiles:3x3:1,2,3,4,5,6,0,7,8");
        checked.apply(LpMove{4, 3, 6, 0});
        LpBoardCheck board{};
        lphint::Status answer;
        while ((answer = checked.check_board(100, board)) == lphint::Status::InProgress) {
        }
        CHECK(answer == lphint::Status::Ok && board.first_wrong == 0 && board.start_distance == 2 && board.distance == 3);
        CHECK(board.lost_at == -1 && board.exact == 1 && checked.check_cells().empty());

        // The trivial steps of a Linjat puzzle, a frame at a time: the rule "cover" alone (reason 2) draws the
        // 4, which solves it.
        auto logic = lphint::Puzzle::parse("linjat:4x4:..../..../o..4/....");
        std::vector<LpMove> steps;
        while ((answer = logic.trivial_steps(20, steps, 100, {2})) == lphint::Status::InProgress) {
        }
        CHECK(answer == lphint::Status::Ok && steps.size() == 1 && steps[0].piece == 0 && logic.solved());

        // A pack of generated Rush Hour levels, loaded back: each level is played along its stored answer at
        // budget 1 (no search), the red car (id 0) followed.
        lphint::PackWriter writer;
        lphint::Generator generator("blocks", "preset=rush-easy", 7);
        std::vector<std::uint32_t> ratings;
        while (ratings.size() < 3) {
            std::optional<lphint::Puzzle> made;
            std::uint32_t rating = 0;
            lphint::Status status = generator.step(300, made, rating);
            if (status == lphint::Status::Ok) {
                writer.add(*made, rating, "level " + std::to_string(ratings.size() + 1), "easy");
                ratings.push_back(rating);
            } else if (lphint::is_final(status)) {
                std::fprintf(stderr, "generator: %s\n", lphint::last_error().c_str());
                return 1;
            }
        }
        lphint::Pack pack = lphint::Pack::load(writer.bytes());
        CHECK(pack.size() == 3);
        for (std::size_t i = 0; i < pack.size(); i++) {
            lphint::Puzzle puzzle = pack.puzzle(i);
            CHECK(pack.rating(i) == ratings[i]);
            CHECK(pack.label(i, "tier") == std::optional<std::string>("easy"));
            CHECK(play(puzzle, 1, 0, 1) == ratings[i]);
        }

        // Saved after three moves and resumed: the same position, every car under its own letter.
        auto saved = lphint::Puzzle::parse(level);
        for (int i = 0; i < 3; i++) {
            LpHint hint{};
            while (saved.next_hint(300, hint) == lphint::Status::InProgress) {
            }
            saved.apply(hint.mv);
        }
        lphint::Puzzle resumed = lphint::Pack::load(saved.save()).puzzle(0);
        CHECK(resumed.describe() == saved.describe());
        // A level typed as a description has no stored solution to prove.
        CHECK(resumed.prove_plan(100) == lphint::Status::NotFound);
        CHECK(resumed.cells() == saved.cells());
        // The save keeps the moves: undo on the loaded game walks back as on the saved one.
        CHECK(resumed.history().played.size() == 3 && resumed.history().undone.empty());
        {
            lphint::Puzzle trial = resumed.clone();
            CHECK(trial.undo() && trial.undo() && trial.undo() && !trial.undo());
            CHECK(trial.describe() == lphint::Puzzle::parse(level).describe());
            CHECK(trial.hint_cells().empty());
            CHECK(trial.redo() && trial.history().undone.size() == 2);
            resumed.reserve_history(64);
            resumed.copy_from(trial);
            CHECK(resumed.history().played.size() == 1);
            CHECK(resumed.redo() && resumed.redo() && !resumed.redo());
            CHECK(resumed.describe() == saved.describe());
        }
        CHECK(play(resumed, 300, 'H' - 'A', 1) == 48);

        // A raw handle from the C ABI, adopted.
        LpPuzzle* raw = nullptr;
        CHECK(lp_puzzle_parse("tiles:2x2:1,2,0,3", &raw) == LP_OK);
        lphint::Puzzle adopted = lphint::Puzzle::adopt(raw);
        CHECK(play(adopted, 10, 3, 0) == 1);
    } catch (const std::exception& e) {
        std::fprintf(stderr, "error: %s\n", e.what());
        return 1;
    }
    std::printf("integration: %d failures\n", failures);
    return failures == 0 ? 0 : 1;
}
