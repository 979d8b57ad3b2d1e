// A game's own puzzle through the C++ adapter: a combination lock whose four wheels are geared together
// (turning a wheel one step turns its right-hand neighbour too). The game writes a class with moves,
// is_goal and estimate (and, optionally, draw and a text form); lphint::Puzzle::custom gives it every engine
// service: per-frame hints that play it open, the solvers (A* proven optimal against breadth-first), and
// new locks by difficulty, each rated exactly and checked here against breadth-first.
//   g++ -std=c++17 -Iinclude -Ibindings/cpp examples/cpp/custom.cpp target/release/liblphint.a -lpthread -ldl -lm
#include "lphint.hpp"

#include <array>
#include <cstdio>
#include <optional>
#include <string>
#include <string_view>

struct GearedLock {
    using State = std::array<std::uint8_t, 4>;  // each wheel 0..9; open at 0000
    static constexpr std::uint32_t max_successors = 8;
    // A turn changes at most two wheels by one step each: half the summed distances never overestimates.
    static constexpr bool admissible = true;

    template <class Emit>
    void moves(const State& s, Emit&& emit) const {
        for (int wheel = 0; wheel < 4; wheel++) {
            for (int step : {1, 9}) {  // +1 or -1 (mod 10)
                State next = s;
                next[wheel] = static_cast<std::uint8_t>((next[wheel] + step) % 10);
                if (wheel < 3) next[wheel + 1] = static_cast<std::uint8_t>((next[wheel + 1] + step) % 10);
                LpMove mv{static_cast<std::uint32_t>(wheel), 0, 0, step == 1 ? 1 : -1};
                if (!emit(mv, next)) return;
            }
        }
    }

    bool is_goal(const State& s) const { return s == State{0, 0, 0, 0}; }

    std::uint32_t estimate(const State& s) const {
        std::uint32_t sum = 0;
        for (std::uint8_t v : s) sum += v < 5 ? v : 10u - v;
        return (sum + 1) / 2;
    }

    std::string move_name(const LpMove& mv) const {
        return "turn wheel " + std::to_string(mv.piece + 1) + (mv.arg > 0 ? " up" : " down");
    }

    // A random combination for the generator: any of the 10,000 opens (every turn can be undone).
    State draw(std::uint64_t seed) const {
        State s{};
        for (auto& wheel : s) {
            seed = seed * 6364136223846793005ull + 1442695040888963407ull;
            wheel = static_cast<std::uint8_t>((seed >> 33) % 10);
        }
        return s;
    }

    // The text form: the four digits ("3816").
    std::string describe(const State& s) const {
        std::string text;
        for (std::uint8_t v : s) text += static_cast<char>('0' + v);
        return text;
    }

    std::optional<State> parse(std::string_view text) const {
        if (text.size() != 4) return std::nullopt;
        State s{};
        for (int i = 0; i < 4; i++) {
            if (text[i] < '0' || text[i] > '9') return std::nullopt;
            s[i] = static_cast<std::uint8_t>(text[i] - '0');
        }
        return s;
    }
};

// The fewest turns by breadth-first search, to check the generator's ratings independently.
static long long fewest_turns(const lphint::Puzzle& puzzle) {
    lphint::Solver bfs = puzzle.solver(lphint::Algorithm::Bfs, 1 << 16);
    while (bfs.step(1000) == lphint::Status::InProgress) {
    }
    return bfs.stats().solution_length;
}

int main() {
    try {
        GearedLock lock;
        const GearedLock::State start{3, 8, 1, 6};
        // The solvers: A* with the game's admissible estimate against breadth-first.
        lphint::Puzzle puzzle = lphint::Puzzle::custom(lock, start);
        lphint::Solver astar = puzzle.solver(lphint::Algorithm::AStar, 1 << 16);
        while (astar.step(1000) == lphint::Status::InProgress) {
        }
        lphint::Solver bfs = puzzle.solver(lphint::Algorithm::Bfs, 1 << 16);
        while (bfs.step(1000) == lphint::Status::InProgress) {
        }
        LpStats a = astar.stats(), b = bfs.stats();
        std::printf("lock: A* %lld turns (%s, %llu expanded), breadth-first %lld turns (%llu expanded)\n",
                    static_cast<long long>(a.solution_length), a.optimal ? "optimal" : "not proven",
                    static_cast<unsigned long long>(a.expanded), static_cast<long long>(b.solution_length),
                    static_cast<unsigned long long>(b.expanded));
        // The hints, a small budget per frame, until the lock opens.
        unsigned turns = 0, frames = 0;
        for (LpHint hint{}; !puzzle.solved(); frames++) {
            lphint::Status status = puzzle.next_hint(50, hint);
            if (status == lphint::Status::InProgress) continue;
            if (status != lphint::Status::Ok) return 1;
            if (turns == 0) std::printf("first hint: %s (%u turns to go)\n", puzzle.hint_text().c_str(), hint.moves_left);
            puzzle.apply(hint.mv);
            turns++;
        }
        std::printf("lock: opened in %u turns by hints over %u frames\n", turns, frames);
        if (turns != static_cast<unsigned>(b.solution_length)) return 1;

        // New locks of 10 to 12 turns from the game's draw(), stepped per frame like everything else.
        lphint::Generator generator(puzzle, "min=10,max=12", 42);
        unsigned checked = 0;
        for (int made = 0; made < 3;) {
            std::optional<lphint::Puzzle> lock_k;
            std::uint32_t rating = 0;
            lphint::Status status = generator.step(1000, lock_k, rating);
            if (status == lphint::Status::InProgress) continue;
            if (status != lphint::Status::Ok) return 1;
            lphint::Puzzle again = lphint::Puzzle::parse_like(puzzle, lock_k->describe());
            checked += fewest_turns(again) == rating;
            std::printf("new lock %s: %u turns\n", lock_k->describe().c_str(), rating);
            made++;
        }
        std::printf("new locks: %u of 3 rated as breadth-first finds\n", checked);
        return checked == 3 ? 0 : 1;
    } catch (const lphint::Error& e) {
        std::fprintf(stderr, "error: %s\n", e.what());
        return 1;
    }
}
