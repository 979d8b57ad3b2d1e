// lphint C++17 wrapper: header-only RAII over the C ABI in include/lphint.h.
//
// Error policy: calls that cannot continue (parse, create, an illegal move given to apply(), reading the
// moves of an unfinished solver) throw lphint::Error, which carries the status and lp_last_error's
// message. The per-frame calls - Puzzle::next_hint and Solver::step - never throw and never allocate: they
// return a Status for the game loop to switch on.
#ifndef LPHINT_HPP
#define LPHINT_HPP

#include "lphint.h"

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

namespace lphint {

/// Every LpStatus value, as a scoped enum.
enum class Status : int {
    Ok = LP_OK,
    InProgress = LP_IN_PROGRESS,
    AlreadySolved = LP_ALREADY_SOLVED,
    Unsolvable = LP_UNSOLVABLE,
    OutOfNodes = LP_OUT_OF_NODES,
    NotFound = LP_NOT_FOUND,
    NullArgument = LP_ERR_NULL_ARGUMENT,
    InvalidArgument = LP_ERR_INVALID_ARGUMENT,
    Parse = LP_ERR_PARSE,
    IllegalMove = LP_ERR_ILLEGAL_MOVE,
    BufferTooSmall = LP_ERR_BUFFER_TOO_SMALL,
    CorruptData = LP_ERR_CORRUPT_DATA,
    Version = LP_ERR_VERSION,
    Panic = LP_ERR_PANIC,
    OutOfMemory = LP_ERR_OUT_OF_MEMORY,
    Callback = LP_ERR_CALLBACK,
};

/// The algorithms a Solver can run.
enum class Algorithm : std::uint32_t {
    Bfs = LP_ALGO_BFS,
    HillClimbing = LP_ALGO_HILL_CLIMBING,
    BestFirst = LP_ALGO_BEST_FIRST,
    AStar = LP_ALGO_ASTAR,
    WeightedAStar = LP_ALGO_WEIGHTED_ASTAR,
    UniformCost = LP_ALGO_UNIFORM_COST,
    IdaStar = LP_ALGO_IDA_STAR,
    Exact = LP_ALGO_EXACT,
    Anneal = LP_ALGO_ANNEAL,
};

/// The name of a status ("LP_OK", ...).
inline const char* to_string(Status status) noexcept { return lp_status_str(static_cast<std::uint32_t>(status)); }

/// The message of the last failed call on this thread.
inline std::string last_error() {
    std::size_t needed = 0;
    if (lp_last_error(nullptr, 0, &needed) != LP_ERR_BUFFER_TOO_SMALL || needed == 0) return {};
    std::string message(needed, '\0');
    if (lp_last_error(message.data(), message.size(), &needed) != LP_OK) return {};
    message.resize(needed - 1);
    return message;
}

/// A failed call: its status and message.
class Error : public std::runtime_error {
public:
    Error(Status status, const std::string& message)
        : std::runtime_error(std::string(to_string(status)) + ": " + message), status_(status) {}
    Status status() const noexcept { return status_; }

private:
    Status status_;
};

namespace detail {
inline void check(LpStatus status) {
    if (status != LP_OK) throw Error(static_cast<Status>(status), last_error());
}

/// A per-frame budget given as any integer type: the engine's unsigned 32-bit count, or no value for a
/// negative number or one past 2^32 - 1, which would reach the engine as another number (-1 as four
/// billion nodes). The per-frame calls answer such a budget with Status::InvalidArgument and do nothing;
/// a budget that is not a whole number does not compile.
template <typename Int>
constexpr std::optional<std::uint32_t> count32(Int value) noexcept {
    static_assert(std::is_integral_v<Int> && !std::is_same_v<Int, bool>, "a budget is a whole number of nodes");
    if constexpr (std::is_signed_v<Int>) {
        if (value < 0) return std::nullopt;
    }
    if constexpr (sizeof(Int) > sizeof(std::uint32_t)) {
        if (static_cast<std::make_unsigned_t<Int>>(value) > 0xFFFFFFFFu) return std::nullopt;
    }
    return static_cast<std::uint32_t>(value);
}

/// Reads a text result through a (buf, cap, written) call: asks for the size, then fills.
template <typename Call>
std::string read_text(Call call) {
    std::size_t needed = 0;
    LpStatus status = call(nullptr, 0, &needed);
    if (status != LP_ERR_BUFFER_TOO_SMALL) check(status);
    std::string text(needed, '\0');
    check(call(text.data(), text.size(), &needed));
    text.resize(needed - 1);
    return text;
}
}  // namespace detail

/// A family of the registry, with what a form for its parameters needs.
struct FamilyInfo {
    LpFamilyInfo info;
    /// The node budget recommended for one per-frame call (lp_family_frame_budget).
    std::uint32_t frame_budget = 0;
    std::vector<LpParamSpec> params;
    std::vector<LpPreset> presets;
    std::vector<LpReasonInfo> reasons;
};

/// Every family of the registry.
inline std::vector<FamilyInfo> families() {
    std::size_t count = 0;
    detail::check(lp_family_count(&count));
    std::vector<FamilyInfo> out(count);
    for (std::size_t f = 0; f < count; f++) {
        detail::check(lp_family_info(f, &out[f].info));
        detail::check(lp_family_frame_budget(f, &out[f].frame_budget));
        out[f].params.resize(out[f].info.param_count);
        for (std::uint32_t i = 0; i < out[f].info.param_count; i++) detail::check(lp_family_param(f, i, &out[f].params[i]));
        out[f].presets.resize(out[f].info.preset_count);
        for (std::uint32_t i = 0; i < out[f].info.preset_count; i++) detail::check(lp_family_preset(f, i, &out[f].presets[i]));
        out[f].reasons.resize(out[f].info.reason_count);
        for (std::uint32_t i = 0; i < out[f].info.reason_count; i++) detail::check(lp_family_reason(f, i, &out[f].reasons[i]));
    }
    return out;
}

class Solver;

namespace detail {

template <class Game, class = void>
struct has_move_name : std::false_type {};
template <class Game>
struct has_move_name<Game, std::void_t<decltype(std::declval<const Game&>().move_name(std::declval<const LpMove&>()))>>
    : std::true_type {};

template <class Game, class = void>
struct has_draw : std::false_type {};
template <class Game>
struct has_draw<Game, std::void_t<decltype(std::declval<const Game&>().draw(std::uint64_t{}))>> : std::true_type {};

template <class Game, class = void>
struct has_text : std::false_type {};
template <class Game>
struct has_text<Game, std::void_t<decltype(std::declval<const Game&>().describe(std::declval<const typename Game::State&>())),
                                  decltype(std::declval<const Game&>().parse(std::string_view{}))>> : std::true_type {};

template <class Game, class = void>
struct has_move_cells : std::false_type {};
template <class Game>
struct has_move_cells<Game, std::void_t<decltype(std::declval<const Game&>().move_cells(
                                            std::declval<const typename Game::State&>(), std::declval<const LpMove&>())),
                                        decltype(Game::board_width), decltype(Game::board_height)>> : std::true_type {};

/// The C callbacks of a game's own puzzle, made from the game's class at compile time: each trampoline
/// copies the state bytes into `Game::State`, calls the game, and turns an exception into a failure code
/// with its what() (the engine then reports LP_ERR_CALLBACK with it), so no exception crosses into the
/// engine.
template <class Game>
struct Custom {
    using State = typename Game::State;
    static_assert(std::is_trivially_copyable_v<State>, "a custom puzzle's State is copied as bytes");
    static_assert(sizeof(State) >= 1 && sizeof(State) <= 256, "a custom puzzle's State has 1 to 256 bytes");

    /// The failure code for the exception being handled, after giving the engine its words
    /// (lp_custom_error): lp_last_error then ends with the exception's what().
    static std::int32_t failed() noexcept {
        try {
            throw;
        } catch (const std::exception& e) {
            lp_custom_error(e.what());
        } catch (...) {
            lp_custom_error("an exception that is not a std::exception");
        }
        return -1;
    }

    static State read(const std::uint8_t* bytes) noexcept {
        State state;
        std::memcpy(&state, bytes, sizeof state);
        return state;
    }

    static std::int32_t successors(void* user, const std::uint8_t* bytes, LpEmit emit, void* sink) noexcept {
        try {
            bool refused = false;
            static_cast<const Game*>(user)->moves(read(bytes), [&](const LpMove& mv, const State& next, std::uint32_t cost = 1) {
                if (!refused) refused = emit(sink, mv, reinterpret_cast<const std::uint8_t*>(&next), cost) != 0;
                return !refused;
            });
            return 0;
        } catch (...) {
            return failed();
        }
    }

    static std::int32_t is_goal(void* user, const std::uint8_t* bytes, bool* goal) noexcept {
        try {
            *goal = static_cast<const Game*>(user)->is_goal(read(bytes));
            return 0;
        } catch (...) {
            return failed();
        }
    }

    static std::int32_t estimate(void* user, const std::uint8_t* bytes, std::uint32_t* value) noexcept {
        try {
            *value = static_cast<const Game*>(user)->estimate(read(bytes));
            return 0;
        } catch (...) {
            return failed();
        }
    }

    /// Copies `text` into the engine's buffer: more than `cap` bytes is a failure, not a cut.
    static std::int32_t write(const std::string& text, char* buf, std::size_t cap, std::size_t* written) noexcept {
        if (text.size() > cap) return -2;
        std::memcpy(buf, text.data(), text.size());
        *written = text.size();
        return 0;
    }

    static std::int32_t move_name(void* user, LpMove mv, char* buf, std::size_t cap, std::size_t* written) noexcept {
        try {
            return write(static_cast<const Game*>(user)->move_name(mv), buf, cap, written);
        } catch (...) {
            return failed();
        }
    }

    static std::int32_t describe(void* user, const std::uint8_t* bytes, char* buf, std::size_t cap,
                                 std::size_t* written) noexcept {
        try {
            return write(static_cast<const Game*>(user)->describe(read(bytes)), buf, cap, written);
        } catch (...) {
            return failed();
        }
    }

    static std::int32_t parse(void* user, const char* text, std::size_t len, std::uint8_t* bytes) noexcept {
        try {
            std::optional<State> state = static_cast<const Game*>(user)->parse(std::string_view(text, len));
            if (!state) return 1;
            std::memcpy(bytes, &*state, sizeof(State));
            return 0;
        } catch (...) {
            return failed();
        }
    }

    static std::int32_t draw(void* user, std::uint64_t seed, std::uint8_t* bytes) noexcept {
        try {
            State state = static_cast<const Game*>(user)->draw(seed);
            std::memcpy(bytes, &state, sizeof(State));
            return 0;
        } catch (...) {
            return failed();
        }
    }

    static std::int32_t move_cells(void* user, const std::uint8_t* bytes, LpMove mv, std::uint16_t* cells,
                                   std::size_t cap, std::size_t* count) noexcept {
        try {
            std::vector<std::uint16_t> named = static_cast<const Game*>(user)->move_cells(read(bytes), mv);
            if (named.size() > cap) return -2;
            std::copy(named.begin(), named.end(), cells);
            *count = named.size();
            return 0;
        } catch (...) {
            return failed();
        }
    }

    static LpCustomVtable vtable() noexcept {
        LpCustomVtable v{};
        v.abi_version = LP_ABI_VERSION;
        v.state_size = static_cast<std::uint32_t>(sizeof(State));
        v.max_successors = Game::max_successors;
        v.admissible = Game::admissible;
        v.successors = &successors;
        v.is_goal = &is_goal;
        v.estimate = &estimate;
        if constexpr (has_move_name<Game>::value) v.move_name = &move_name;
        if constexpr (has_draw<Game>::value) v.draw = &draw;
        if constexpr (has_text<Game>::value) {
            v.describe = &describe;
            v.parse = &parse;
        }
        if constexpr (has_move_cells<Game>::value) {
            v.board_width = Game::board_width;
            v.board_height = Game::board_height;
            v.move_cells = &move_cells;
        }
        return v;
    }
};

}  // namespace detail

/// A puzzle being played: the puzzle, the current position and its hinter. Move-only.
class Puzzle {
public:
    /// Parses a one-line description such as "tiles:3x3:8,6,7,2,5,4,3,0,1". Throws Error (Status::Parse).
    static Puzzle parse(const std::string& desc) {
        LpPuzzle* handle = nullptr;
        detail::check(lp_puzzle_parse(desc.c_str(), &handle));
        return Puzzle(handle);
    }

    /// A width x height sliding-tile puzzle; an empty goal means 1, 2, ..., blank.
    static Puzzle tiles(std::uint32_t width, std::uint32_t height, const std::vector<std::uint8_t>& start,
                        const std::vector<std::uint8_t>& goal = {}) {
        LpPuzzle* handle = nullptr;
        detail::check(lp_tiles_create(width, height, start.data(), start.size(), goal.empty() ? nullptr : goal.data(),
                                      goal.size(), &handle));
        return Puzzle(handle);
    }

    /// A width x height sliding-blocks puzzle: cells row-major (0 empty, -1 wall, -2 ball-only, k > 0 a cell
    /// of block k), goals as {block, row, col}, count 0 step / 1 line / 2 free; `axes[k - 1]` locks block k
    /// (0 free, 1 horizontal, 2 vertical, 3 its long axis: Rush Hour's cars and trucks).
    static Puzzle blocks(std::uint32_t width, std::uint32_t height, const std::vector<std::int32_t>& cells,
                         const std::vector<LpBlocksGoal>& goals, std::uint32_t count = 2,
                         const std::vector<std::uint8_t>& axes = {}) {
        LpPuzzle* handle = nullptr;
        detail::check(lp_blocks_create_locked(width, height, cells.data(), cells.size(), goals.data(), goals.size(),
                                              axes.empty() ? nullptr : axes.data(), axes.size(), count, &handle));
        return Puzzle(handle);
    }

    /// A width x height Linjat puzzle: cells row-major (0 empty, -1 a dot, 1..9 a number).
    static Puzzle linjat(std::uint32_t width, std::uint32_t height, const std::vector<std::int32_t>& cells) {
        LpPuzzle* handle = nullptr;
        detail::check(lp_linjat_create(width, height, cells.data(), cells.size(), &handle));
        return Puzzle(handle);
    }

    /// A game's own puzzle from `game` (kept by reference: it must outlive the puzzle and its solvers),
    /// starting at `start`. `Game` provides, as plain members (templates, not virtuals: the callbacks are
    /// made at compile time, so a node costs one C call into the game and nothing more, and a wrong State
    /// is a compile error):
    ///   using State = ...;                          // trivially copyable, 1 to 256 bytes
    ///   static constexpr std::uint32_t max_successors = ...;
    ///   static constexpr bool admissible = ...;     // estimate never overestimates
    ///   template <class Emit> void moves(const State&, Emit&& emit) const;  // emit(move, next[, cost])
    ///   bool is_goal(const State&) const;
    ///   std::uint32_t estimate(const State&) const;
    ///   std::string move_name(const LpMove&) const; // optional, for hint sentences
    ///   State draw(std::uint64_t seed) const;       // optional, a random start for Generator(like, ...)
    ///   std::string describe(const State&) const;   // optional with parse: the text form of descriptions
    ///   std::optional<State> parse(std::string_view) const;
    ///   static constexpr std::uint32_t board_width = ..., board_height = ...;  // optional with move_cells:
    ///   std::vector<std::uint16_t> move_cells(const State&, const LpMove&) const;  // cells a hint lights
    /// `emit` returns false when the engine refused the successor (more than max_successors): stop then.
    template <class Game>
    static Puzzle custom(const Game& game, const typename Game::State& start) {
        LpCustomVtable vtable = detail::Custom<Game>::vtable();
        LpPuzzle* handle = nullptr;
        detail::check(lp_custom_create(&vtable, const_cast<Game*>(&game), reinterpret_cast<const std::uint8_t*>(&start),
                                       sizeof start, &handle));
        return Puzzle(handle);
    }

    /// A temporary game would die before the puzzle's first hint (the puzzle keeps a reference): pass a
    /// game that outlives the puzzle.
    template <class Game>
    static Puzzle custom(const Game&& game, const typename Game::State& start) = delete;

    /// A description of a puzzle of the same kind as `like` (for a custom puzzle, read with its game's
    /// callbacks). Throws Error (Status::Parse).
    static Puzzle parse_like(const Puzzle& like, const std::string& desc) {
        LpPuzzle* handle = nullptr;
        detail::check(lp_puzzle_parse_like(like.get(), desc.c_str(), &handle));
        return Puzzle(handle);
    }

    Puzzle(Puzzle&& other) noexcept : handle_(std::exchange(other.handle_, nullptr)) {}
    Puzzle& operator=(Puzzle&& other) noexcept {
        if (this != &other) {
            lp_puzzle_free(handle_);
            handle_ = std::exchange(other.handle_, nullptr);
        }
        return *this;
    }
    Puzzle(const Puzzle&) = delete;
    Puzzle& operator=(const Puzzle&) = delete;
    ~Puzzle() { lp_puzzle_free(handle_); }

    /// The description from the current position.
    std::string describe() const {
        return detail::read_text([this](char* b, std::size_t c, std::size_t* w) { return lp_puzzle_describe(handle_, b, c, w); });
    }

    /// The id of the puzzle's family (see families()).
    std::uint32_t family() const {
        std::uint32_t family = 0;
        detail::check(lp_puzzle_family(handle_, &family));
        return family;
    }

    /// The sentence of the last hint ("slide 7 left: the first move of a shortest solution").
    std::string hint_text() const {
        return detail::read_text([this](char* b, std::size_t c, std::size_t* w) { return lp_hint_text(handle_, b, c, w); });
    }

    /// The cells the last hint concerns, row-major indices of the board grid.
    std::vector<std::uint16_t> hint_cells() const {
        std::vector<std::uint16_t> cells(256);
        std::size_t written = 0;
        detail::check(lp_hint_cells(handle_, cells.data(), cells.size(), &written));
        cells.resize(written);
        return cells;
    }

    /// Sets one of the family's play options ("heuristic" = "manhattan" for sliding tiles).
    void set_option(const std::string& key, const std::string& value) {
        detail::check(lp_puzzle_set_option(handle_, key.c_str(), value.c_str()));
    }

    /// Width and height of the board grid.
    std::pair<std::uint32_t, std::uint32_t> size() const {
        std::uint32_t width = 0, height = 0;
        detail::check(lp_puzzle_size(handle_, &width, &height));
        return {width, height};
    }

    /// The board, row-major.
    std::vector<std::int32_t> cells() const {
        auto [width, height] = size();
        std::vector<std::int32_t> cells(static_cast<std::size_t>(width) * height);
        std::size_t written = 0;
        detail::check(lp_puzzle_cells(handle_, cells.data(), cells.size(), &written));
        cells.resize(written);
        return cells;
    }

    /// Plays a move; throws Error (Status::IllegalMove) and changes nothing if it is illegal.
    void apply(const LpMove& move) { detail::check(lp_puzzle_apply(handle_, move)); }

    /// Plays a move if it is legal; returns whether it was.
    bool try_apply(const LpMove& move) noexcept { return lp_puzzle_apply(handle_, move) == LP_OK; }

    bool solved() const {
        bool solved = false;
        detail::check(lp_puzzle_is_solved(handle_, &solved));
        return solved;
    }

    /// A fact the generator established about a generated puzzle (for blocks "cluster_states",
    /// "cluster_solved", "farthest"), or nothing when the puzzle carries none of that name.
    std::optional<std::int64_t> fact(const std::string& name) const {
        std::int64_t value = 0;
        LpStatus status = lp_puzzle_fact(handle_, name.c_str(), &value);
        if (status == LP_NOT_FOUND) return std::nullopt;
        detail::check(status);
        return value;
    }

    /// The level's fingerprint: equal for the same level up to the family's symmetries.
    std::uint64_t fingerprint() const {
        std::uint64_t value = 0;
        detail::check(lp_puzzle_fingerprint(handle_, &value));
        return value;
    }

    /// Counts the solutions from here up to `limit` (Hargram, Linjat; 2 answers "unique?"). Runs to its
    /// end in this call: a tool's or a worker thread's call, not a frame's.
    LpSolutionCount count_solutions(std::uint64_t limit) const {
        LpSolutionCount count{};
        detail::check(lp_puzzle_count_solutions(handle_, limit, &count));
        return count;
    }

    /// Every state reachable from here, storing at most `node_cap`; nothing when the cluster holds more.
    /// For families whose moves can be undone; runs to its end in this call.
    std::optional<LpClusterSummary> cluster(std::size_t node_cap) const {
        LpClusterSummary summary{};
        LpStatus status = lp_puzzle_cluster(handle_, node_cap, &summary);
        if (status == LP_OUT_OF_NODES) return std::nullopt;
        detail::check(status);
        return summary;
    }

    /// Per frame: the next hint within `budget` node expansions. Status::Ok fills `hint`; InProgress asks
    /// again next frame; AlreadySolved, Unsolvable, OutOfNodes, NotFound and OutOfMemory end the search.
    /// A negative budget (or one past 2^32 - 1) is InvalidArgument; no budget runs past the node limit
    /// (set_node_limit; 100,000,000 expansions until set). No exceptions, no allocation.
    template <typename Int>
    Status next_hint(Int budget, LpHint& hint) noexcept {
        std::optional<std::uint32_t> nodes = detail::count32(budget);
        if (!nodes) return Status::InvalidArgument;
        return static_cast<Status>(lp_next_hint(handle_, *nodes, &hint));
    }

    /// Per frame: the next hint within `microseconds` of work (slices of the family's frame budget)
    /// instead of a node budget; the same statuses as next_hint. No exceptions, no allocation.
    template <typename Int>
    Status next_hint_timed(Int microseconds, LpHint& hint) noexcept {
        std::optional<std::uint32_t> time = detail::count32(microseconds);
        if (!time) return Status::InvalidArgument;
        return static_cast<Status>(lp_next_hint_timed(handle_, *time, &hint));
    }

    inline Solver solver(Algorithm algorithm, std::uint32_t node_cap) const;

    /// The bytes solver() reserves for `algorithm` and `node_cap` on this puzzle.
    std::uint64_t solver_bytes(Algorithm algorithm, std::uint32_t node_cap) const {
        std::uint64_t bytes = 0;
        detail::check(lp_solver_bytes(handle_, static_cast<std::uint32_t>(algorithm), node_cap, &bytes));
        return bytes;
    }

    /// Bounds the work of every hint search: next_hint returns Status::OutOfNodes once a search has
    /// expanded `limit` nodes over its frames.
    void set_node_limit(std::uint64_t limit) { detail::check(lp_puzzle_set_node_limit(handle_, limit)); }

    LpPuzzle* get() const noexcept { return handle_; }

private:
    friend class Generator;
    explicit Puzzle(LpPuzzle* handle) noexcept : handle_(handle) {}
    LpPuzzle* handle_;
};

/// Puzzles of any family by a parameter text ("preset=hard", "size=4x4,min=20,max=30"), rated exactly and
/// distinct, stepped per frame. Move-only.
class Generator {
public:
    /// Throws Error (Status::InvalidArgument) naming an unknown family or key, or a value out of range.
    Generator(const std::string& family, const std::string& params, std::uint64_t seed) : handle_(nullptr) {
        detail::check(lp_generator_create_text(family.c_str(), params.c_str(), seed, &handle_));
    }
    /// Puzzles like `like`: its family's, or for a custom puzzle drawn by its game's draw() (or scrambled
    /// from its position) with "min=,max=" the band of the cheapest cost, rated exactly.
    Generator(const Puzzle& like, const std::string& params, std::uint64_t seed) : handle_(nullptr) {
        detail::check(lp_generator_create_like(like.get(), params.c_str(), seed, &handle_));
    }
    Generator(Generator&& other) noexcept : handle_(std::exchange(other.handle_, nullptr)) {}
    Generator& operator=(Generator&& other) noexcept {
        if (this != &other) {
            lp_generator_free(handle_);
            handle_ = std::exchange(other.handle_, nullptr);
        }
        return *this;
    }
    Generator(const Generator&) = delete;
    Generator& operator=(const Generator&) = delete;
    ~Generator() { lp_generator_free(handle_); }

    /// Per frame: at most `budget` node expansions. Status::Ok sets the puzzle and its rating;
    /// InProgress asks again; NotFound and OutOfNodes end the run (lphint::last_error() says why); a
    /// negative budget is InvalidArgument. No exceptions.
    template <typename Int>
    Status step(Int budget, std::optional<Puzzle>& puzzle, std::uint32_t& rating) noexcept {
        std::optional<std::uint32_t> nodes = detail::count32(budget);
        if (!nodes) return Status::InvalidArgument;
        LpPuzzle* raw = nullptr;
        Status status = static_cast<Status>(lp_generator_step(handle_, *nodes, &raw, &rating));
        if (status == Status::Ok) puzzle = Puzzle(raw);
        return status;
    }

private:
    LpGenerator* handle_;
};

/// A pack being written: add() puzzles (a generated one keeps its solution), then bytes() for a .lpk
/// file that `lp pack verify` accepts and lp_pack_load reads. Move-only.
class PackWriter {
public:
    PackWriter() : handle_(nullptr) { detail::check(lp_pack_writer_create(&handle_)); }
    PackWriter(PackWriter&& other) noexcept : handle_(std::exchange(other.handle_, nullptr)) {}
    PackWriter& operator=(PackWriter&& other) noexcept {
        if (this != &other) {
            lp_pack_writer_free(handle_);
            handle_ = std::exchange(other.handle_, nullptr);
        }
        return *this;
    }
    PackWriter(const PackWriter&) = delete;
    PackWriter& operator=(const PackWriter&) = delete;
    ~PackWriter() { lp_pack_writer_free(handle_); }

    /// Adds `puzzle` as it stands with its rating (and a name, a tier: empty for none). Throws Error
    /// (Status::InvalidArgument) when the rating contradicts its stored solution.
    void add(const Puzzle& puzzle, std::uint32_t rating, const std::string& name = "", const std::string& tier = "") {
        detail::check(lp_pack_writer_add(handle_, puzzle.get(), rating, name.empty() ? nullptr : name.c_str(),
                                         tier.empty() ? nullptr : tier.c_str()));
    }

    /// The pack's bytes.
    std::vector<std::uint8_t> bytes() const {
        std::size_t needed = 0;
        lp_pack_writer_bytes(handle_, nullptr, 0, &needed);
        std::vector<std::uint8_t> out(needed);
        detail::check(lp_pack_writer_bytes(handle_, out.data(), out.size(), &needed));
        return out;
    }

private:
    LpPackWriter* handle_;
};

/// A stepped search from a puzzle's position at creation. Move-only.
class Solver {
public:
    Solver(Solver&& other) noexcept : handle_(std::exchange(other.handle_, nullptr)) {}
    Solver& operator=(Solver&& other) noexcept {
        if (this != &other) {
            lp_solver_free(handle_);
            handle_ = std::exchange(other.handle_, nullptr);
        }
        return *this;
    }
    Solver(const Solver&) = delete;
    Solver& operator=(const Solver&) = delete;
    ~Solver() { lp_solver_free(handle_); }

    /// Per frame: expands at most `budget` nodes (a negative budget is InvalidArgument; no budget runs
    /// past the node limit). No exceptions, no allocation.
    template <typename Int>
    Status step(Int budget) noexcept {
        std::optional<std::uint32_t> nodes = detail::count32(budget);
        if (!nodes) return Status::InvalidArgument;
        return static_cast<Status>(lp_solver_step(handle_, *nodes));
    }

    /// The solution; throws Error when the solver has not found one.
    std::vector<LpMove> moves() const {
        std::size_t needed = 0;
        LpStatus status = lp_solver_moves(handle_, nullptr, 0, &needed);
        if (status == LP_OK) return {};  // the start was already solved
        if (status != LP_ERR_BUFFER_TOO_SMALL) detail::check(status);
        std::vector<LpMove> moves(needed);
        detail::check(lp_solver_moves(handle_, moves.data(), moves.size(), &needed));
        return moves;
    }

    LpStats stats() const {
        LpStats stats{};
        detail::check(lp_solver_stats(handle_, &stats));
        return stats;
    }

    /// Ends the run with Status::OutOfNodes once it has expanded `limit` nodes in all.
    void set_node_limit(std::uint64_t limit) { detail::check(lp_solver_set_node_limit(handle_, limit)); }

private:
    friend class Puzzle;
    explicit Solver(LpSolver* handle) noexcept : handle_(handle) {}
    LpSolver* handle_;
};

/// A genetic-algorithm run on a Hargram puzzle's current position (the earlier systems' solver). Move-only.
class Ga {
public:
    /// Throws Error for a puzzle of another family or bad parameters; `params` NULL for the defaults.
    Ga(const Puzzle& puzzle, const LpGaParams* params, std::uint64_t seed) : handle_(nullptr) {
        detail::check(lp_ga_create(puzzle.get(), params, seed, &handle_));
    }
    Ga(Ga&& other) noexcept : handle_(std::exchange(other.handle_, nullptr)) {}
    Ga& operator=(Ga&& other) noexcept {
        if (this != &other) {
            lp_ga_free(handle_);
            handle_ = std::exchange(other.handle_, nullptr);
        }
        return *this;
    }
    Ga(const Ga&) = delete;
    Ga& operator=(const Ga&) = delete;
    ~Ga() { lp_ga_free(handle_); }

    /// Simulated annealing on the same genome (the GA's rival, stepped and read the same way; a report's
    /// `generation` counts walks); `schedule` as "iterations=N,t_start=T,t_end=T,restarts=N,seed=N" (any
    /// of them), NULL for the defaults.
    static Ga anneal(const Puzzle& puzzle, const char* schedule = nullptr) {
        LpGa* handle = nullptr;
        detail::check(lp_anneal_create(puzzle.get(), schedule, &handle));
        return Ga(handle);
    }

    /// Per frame: at most `budget` fitness evaluations. InProgress, Ok (full cover) or NotFound (gave
    /// up); a negative budget is InvalidArgument. No exceptions, no allocation.
    template <typename Int>
    Status step(Int budget, LpGaReport& report) noexcept {
        std::optional<std::uint32_t> evaluations = detail::count32(budget);
        if (!evaluations) return Status::InvalidArgument;
        return static_cast<Status>(lp_ga_step(handle_, *evaluations, &report));
    }

    /// The best individual's placements, playable with Puzzle::apply.
    std::vector<LpMove> best() const {
        std::size_t needed = 0;
        LpStatus status = lp_ga_best(handle_, nullptr, 0, &needed);
        if (status == LP_OK) return {};
        if (status != LP_ERR_BUFFER_TOO_SMALL) detail::check(status);
        std::vector<LpMove> moves(needed);
        detail::check(lp_ga_best(handle_, moves.data(), moves.size(), &needed));
        return moves;
    }

private:
    explicit Ga(LpGa* handle) noexcept : handle_(handle) {}
    LpGa* handle_;
};

inline Solver Puzzle::solver(Algorithm algorithm, std::uint32_t node_cap) const {
    LpSolver* handle = nullptr;
    detail::check(lp_solver_create(handle_, static_cast<std::uint32_t>(algorithm), node_cap, &handle));
    return Solver(handle);
}

}  // namespace lphint

#endif  // LPHINT_HPP
