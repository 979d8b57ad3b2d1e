// A 15-puzzle game loop in C++ with the RAII wrapper: a hint with a small budget every frame until it
// arrives, play it, draw the board, stop when solved.
//
//   g++ -std=c++17 -Wall -Wextra -Werror -Iinclude -Ibindings/cpp examples/cpp/game.cpp
//       target/release/liblphint.a -lpthread -ldl -lm -o target/game && ./target/game
#include "lphint.hpp"

#include <cstdio>
#include <optional>
#include <exception>

static void draw(const lphint::Puzzle& puzzle) {
    auto [width, height] = puzzle.size();
    auto cells = puzzle.cells();
    for (std::uint32_t row = 0; row < height; row++) {
        for (std::uint32_t col = 0; col < width; col++) {
            int tile = cells[row * width + col];
            if (tile == 0) {
                std::printf("  .");
            } else {
                std::printf(" %2d", tile);
            }
        }
        std::printf("\n");
    }
}

int main() {
    try {
        // Korf's instance 9 (46 moves), goal with the blank top-left.
        auto puzzle = lphint::Puzzle::parse(
            "tiles:4x4:3,14,9,11,5,4,8,2,13,12,6,7,10,1,15,0:0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15");
        const std::uint32_t budget = 500;
        unsigned frames = 0, moves = 0;
        draw(puzzle);
        for (;;) {
            LpHint hint{};
            frames++;
            lphint::Status status = puzzle.next_hint(budget, hint);
            if (status == lphint::Status::InProgress) continue;  // next frame
            if (status == lphint::Status::AlreadySolved) break;
            if (status != lphint::Status::Ok) {
                std::fprintf(stderr, "no hint: %s: %s\n", lphint::to_string(status), lphint::last_error().c_str());
                return 1;
            }
            std::string sentence = puzzle.hint_text();
            puzzle.apply(hint.mv);
            moves++;
            std::printf("frame %u: %s (%u left)\n", frames, sentence.c_str(), hint.moves_left - 1);
            draw(puzzle);
        }
        // The same puzzle through a solver, and the error path.
        auto solver = lphint::Puzzle::parse("tiles:3x3:8,6,7,2,5,4,3,0,1").solver(lphint::Algorithm::IdaStar, 4096);
        while (solver.step(1000) == lphint::Status::InProgress) {
        }
        std::printf("solver: %zu moves for the hardest 8-puzzle\n", solver.moves().size());
        // Hargram through the genetic algorithm, a few hundred evaluations a frame.
        auto packing = lphint::Puzzle::parse("hargram:4x3:..../..../....:###/#..;#../###;####");
        LpGaParams params{200, 60, 3, 0.9f, 0.15f};
        lphint::Ga ga(packing, &params, 7);
        LpGaReport report{};
        while (ga.step(300, report) == lphint::Status::InProgress) {
        }
        for (const LpMove& move : ga.best()) packing.apply(move);
        std::printf("ga: %u/%u cells after %llu evaluations, %s\n", report.best_fitness, report.perfect,
                    static_cast<unsigned long long>(report.evaluations), packing.solved() ? "packed" : "NOT packed");
        if (!packing.solved()) return 1;
        // Huarong Dao's classic from a grid of block ids (1 the 2x2 goal block), played by hints (free count).
        auto classic = lphint::Puzzle::blocks(4, 5, {2, 1, 1, 3, 2, 1, 1, 3, 4, 6, 6, 5, 4, 7, 8, 5, 9, 0, 0, 10},
                                              {LpBlocksGoal{1, 3, 1}});
        unsigned slides = 0;
        for (LpHint hint{}; !classic.solved();) {
            lphint::Status status = classic.next_hint(5000, hint);
            if (status == lphint::Status::Ok) {
                classic.apply(hint.mv);
                ++slides;
            } else if (status != lphint::Status::InProgress) {
                return 1;
            }
        }
        std::printf("blocks: the classic in %u moves\n", slides);
        // A designer's check of a layout: its whole cluster (every position reachable from it).
        if (auto cluster = lphint::Puzzle::parse("blocks:4x5:BAAC/BAAC/DEEF/DGHF/I..J:A@3,1").cluster(1 << 16)) {
            std::printf("blocks: the classic's cluster holds %llu states, %llu solved\n",
                        static_cast<unsigned long long>(cluster->states), static_cast<unsigned long long>(cluster->solved_states));
        }
        // A generated layout: the hardest start of its cluster, with the cluster's facts.
        lphint::Generator blocks("blocks", "size=4x4,method=cluster,min=20,max=60", 3);
        std::optional<lphint::Puzzle> hardest;
        std::uint32_t hardest_moves = 0;
        while (blocks.step(10000, hardest, hardest_moves) == lphint::Status::InProgress) {
        }
        if (!hardest || hardest->fact("farthest") != static_cast<std::int64_t>(hardest_moves)) return 1;
        std::printf("blocks: generated %s, %u moves, the farthest of %lld states\n", hardest->describe().c_str(),
                    hardest_moves, static_cast<long long>(hardest->fact("cluster_states").value_or(0)));
        // Linjat from a grid (0 empty, -1 dot, 1..9 numbers): each hint is a deduction with its sentence.
        auto linjat = lphint::Puzzle::linjat(4, 4, {0, 0, 0, 0, 0, 0, 0, 0, -1, 3, -1, 0, 0, 0, 0, 0});
        for (LpHint hint{}; !linjat.solved();) {
            lphint::Status status = linjat.next_hint(1000, hint);
            if (status == lphint::Status::Ok) {
                std::printf("linjat: %s\n", linjat.hint_text().c_str());
                linjat.apply(hint.mv);
            } else if (status != lphint::Status::InProgress) {
                return 1;
            }
        }
        // A generated puzzle from a parameter text, and the families a generic UI can list.
        lphint::Generator generator("tiles", "preset=medium", 42);
        std::optional<lphint::Puzzle> generated;
        std::uint32_t rating = 0;
        while (generator.step(10000, generated, rating) == lphint::Status::InProgress) {
        }
        if (!generated) return 1;
        std::printf("generated %s (%u moves)\n", generated->describe().c_str(), rating);
        // The level saved into a pack with its solution, and the pack loaded back.
        lphint::PackWriter writer;
        writer.add(*generated, rating, "level 1", "medium");
        std::vector<std::uint8_t> bytes = writer.bytes();
        lphint::Pack pack = lphint::Pack::load(bytes);
        lphint::Puzzle level = pack.puzzle(0);
        unsigned replayed = 0;
        for (LpHint hint{}; level.next_hint(1, hint) == lphint::Status::Ok; ++replayed) level.apply(hint.mv);
        if (!level.solved() || replayed != pack.rating(0)) return 1;
        std::printf("pack: %zu level \"%s\", %zu bytes, replayed along its stored answer at budget 1\n", pack.size(),
                    pack.label(0, "name").value_or("").c_str(), bytes.size());
        // Hints bounded by time: 300 microseconds of work a frame.
        auto timed = lphint::Puzzle::parse("tiles:3x3:8,6,7,2,5,4,3,0,1");
        unsigned timed_moves = 0;
        for (LpHint hint{}; !timed.solved();) {
            lphint::Status status = timed.next_hint_timed(300, hint);
            if (status == lphint::Status::Ok) {
                timed.apply(hint.mv);
                ++timed_moves;
            } else if (status != lphint::Status::InProgress) {
                return 1;
            }
        }
        std::printf("timed hints: %u moves\n", timed_moves);
        for (const auto& family : lphint::families()) {
            std::printf("family %s: %zu parameters, %zu presets\n", family.info.name, family.params.size(), family.presets.size());
        }
        try {
            lphint::Puzzle::parse("tiles:3x3:1,2");
            return 1;
        } catch (const lphint::Error& e) {
            std::printf("parse error as expected: %s\n", e.what());
        }
        std::printf("%s in %u moves, %u frames of %u node expansions\n", puzzle.solved() ? "solved" : "NOT solved",
                    moves, frames, budget);
        return puzzle.solved() ? 0 : 1;
    } catch (const std::exception& e) {
        std::fprintf(stderr, "error: %s\n", e.what());
        return 1;
    }
}
