// lphint C++17 wrapper: header-only RAII over the C ABI in include/lphint.h. Every function of the C
// header is reachable through it (tests/c_abi.rs checks the list); a handle from a C call can be adopted
// (Puzzle::adopt) and a wrapped one lent to C (get()) or given up (release()).
//
// Error policy: exceptions for what cannot go on, statuses for what a frame decides. Calls that build or
// read something (parse, create, load, an illegal move given to apply(), reading the moves of an
// unfinished solver) throw lphint::Error, which carries the status and lp_last_error's message: a game
// calls them while loading a level, where an exception is the natural way out, and a result type would
// make every one of them two lines longer. The per-frame calls (Puzzle::next_hint, Solver::step,
// Generator::step, Ga::step) never throw and never allocate: they return a Status for the game loop to
// switch on, because "still thinking" and "the search ended" are answers there, not failures
// (Status::InProgress asks again next frame; every other status, Ok included, ends the search: see
// is_final()). An error status there (Status::Callback when the game's callback failed) is returned too,
// with its message in last_error(), as the C# and JavaScript per-frame calls return it.
//
// Threads: a handle may be used from any thread, one thread at a time (the wrappers are movable, not
// copyable); different handles may be used concurrently. A puzzle taken from a Pack or a Generator is
// independent of it. Error messages are per thread.
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
/// Whether a call that may find nothing found something: false for LP_NOT_FOUND; throws for an error.
inline bool found(LpStatus status);

inline void check(LpStatus status) {
    if (status != LP_OK) throw Error(static_cast<Status>(status), last_error());
}

inline bool found(LpStatus status) {
    if (status == LP_NOT_FOUND) return false;
    check(status);
    return true;
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

/// Reads an array result through a (buf, cap, written) call: asks for the count, then fills.
template <typename T, typename Call>
std::vector<T> read_array(Call call) {
    std::size_t needed = 0;
    LpStatus status = call(nullptr, 0, &needed);
    if (status == LP_OK) return {};
    if (status != LP_ERR_BUFFER_TOO_SMALL) check(status);
    std::vector<T> out(needed);
    check(call(out.data(), out.size(), &needed));
    out.resize(needed);
    return out;
}

/// A NUL-terminated copy of `text` for the C ABI (the C calls read strings up to their NUL).
inline std::string c_string(std::string_view text) { return std::string(text); }

/// `text` as the C ABI's optional string: NULL when empty.
inline const char* or_null(const std::string& text) noexcept { return text.empty() ? nullptr : text.c_str(); }

/// Frees a handle with `Free` when the owner is destroyed; move-only. The one RAII shell of every class.
template <typename Handle, void (*Free)(Handle*)>
class Owned {
public:
    explicit Owned(Handle* handle = nullptr) noexcept : handle_(handle) {}
    Owned(Owned&& other) noexcept : handle_(std::exchange(other.handle_, nullptr)) {}
    Owned& operator=(Owned&& other) noexcept {
        if (this != &other) {
            Free(handle_);
            handle_ = std::exchange(other.handle_, nullptr);
        }
        return *this;
    }
    Owned(const Owned&) = delete;
    Owned& operator=(const Owned&) = delete;
    ~Owned() { Free(handle_); }
    Handle* get() const noexcept { return handle_; }
    Handle* release() noexcept { return std::exchange(handle_, nullptr); }
    Handle** out() noexcept { return &handle_; }

private:
    Handle* handle_;
};
}  // namespace detail

/// Whether `status`, from a per-frame call, ends the search: anything but Status::InProgress — Ok (the
/// hint is ready), or why none will come from this position (OutOfNodes, NotFound, Unsolvable, an
/// error). A game stops asking then, until the player moves.
constexpr bool is_final(Status status) noexcept { return status != Status::InProgress; }

/// The ABI version of the library linked in; compare with LP_ABI_VERSION of the header compiled against.
inline std::uint32_t version() noexcept { return lp_version(); }

/// The budget units (node expansions) the last per-frame call on this thread spent, Detour's doneIters:
/// take it off a budget shared by several puzzles. 0 for a hint read off a stored plan.
inline std::uint32_t last_work() noexcept { return lp_last_work(); }

/// A family of the registry, with what a form for its parameters needs.
struct FamilyInfo {
    LpFamilyInfo info;
    /// The node budget recommended for one per-frame call (lp_family_frame_budget).
    std::uint32_t frame_budget = 0;
    std::vector<LpParamSpec> params;
    std::vector<LpPreset> presets;
    /// Play options (lp_puzzle_set_option), such as the tiles' heuristic.
    std::vector<LpParamSpec> options;
    std::vector<LpReasonInfo> reasons;
    /// Kinds of its puzzles known by their own name (Rush Hour of sliding blocks): list each as a family
    /// of its own; its notation names it to Generator and Puzzle::parse.
    std::vector<LpVariant> variants;
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
        out[f].options.resize(out[f].info.option_count);
        for (std::uint32_t i = 0; i < out[f].info.option_count; i++) detail::check(lp_family_option(f, i, &out[f].options[i]));
        out[f].reasons.resize(out[f].info.reason_count);
        for (std::uint32_t i = 0; i < out[f].info.reason_count; i++) detail::check(lp_family_reason(f, i, &out[f].reasons[i]));
        std::size_t variants = 0;
        detail::check(lp_family_variant_count(f, &variants));
        out[f].variants.resize(variants);
        for (std::size_t i = 0; i < variants; i++) detail::check(lp_family_variant(f, i, &out[f].variants[i]));
    }
    return out;
}

/// The index in families() of the family named `name`; throws Error naming the known ones.
inline std::size_t family_index(std::string_view name) {
    std::size_t index = 0;
    detail::check(lp_family_find(detail::c_string(name).c_str(), &index));
    return index;
}

class Solver;
class Tables;

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

/// Precomputed tables (pattern databases, written by `lp tables build`) that puzzles and generators of
/// the families that use them share. Move-only; give them to Puzzle::set_tables or Generator::set_tables,
/// which keep what they need (the Tables object may be destroyed after).
class Tables {
public:
    /// Loads tables from their bytes; throws Error (Status::CorruptData, Status::Version).
    static Tables load(const std::vector<std::uint8_t>& bytes) {
        Tables tables;
        detail::check(lp_tables_load(bytes.data(), bytes.size(), tables.handle_.out()));
        return tables;
    }

    LpTables* get() const noexcept { return handle_.get(); }

private:
    Tables() = default;
    detail::Owned<LpTables, lp_tables_free> handle_;
};

/// A puzzle being played: the puzzle, the current position and its hinter. Move-only.
class Puzzle {
public:
    /// Parses a one-line description such as "tiles:3x3:8,6,7,2,5,4,3,0,1". Throws Error (Status::Parse).
    static Puzzle parse(std::string_view desc) {
        LpPuzzle* handle = nullptr;
        detail::check(lp_puzzle_parse(detail::c_string(desc).c_str(), &handle));
        return Puzzle(handle);
    }

    /// Takes ownership of a handle a C call made (lp_pack_puzzle, lp_generate, ...): the Puzzle frees it.
    static Puzzle adopt(LpPuzzle* handle) {
        if (!handle) throw Error(Status::NullArgument, "Puzzle::adopt: the handle is NULL");
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
    /// (0 free, 1 horizontal, 2 vertical, 3 its long axis: Rush Hour's cars and trucks). Block k keeps
    /// `LpMove::piece` k - 1 and the value k in cells() for the whole game.
    static Puzzle blocks(std::uint32_t width, std::uint32_t height, const std::vector<std::int32_t>& cells,
                         const std::vector<LpBlocksGoal>& goals, std::uint32_t count = 2,
                         const std::vector<std::uint8_t>& axes = {}) {
        LpPuzzle* handle = nullptr;
        if (axes.empty()) {
            detail::check(lp_blocks_create(width, height, cells.data(), cells.size(), goals.data(), goals.size(), count, &handle));
        } else {
            detail::check(lp_blocks_create_locked(width, height, cells.data(), cells.size(), goals.data(), goals.size(),
                                                  axes.data(), axes.size(), count, &handle));
        }
        return Puzzle(handle);
    }

    /// A width x height Linjat puzzle: cells row-major (0 empty, -1 a dot, 1..9 a number).
    static Puzzle linjat(std::uint32_t width, std::uint32_t height, const std::vector<std::int32_t>& cells) {
        LpPuzzle* handle = nullptr;
        detail::check(lp_linjat_create(width, height, cells.data(), cells.size(), &handle));
        return Puzzle(handle);
    }

    /// A side x side Sudoku (4, 6, 9 or 16): the givens row by row (0 empty, 1..side a given). A move
    /// writes `arg` (1..side) in the cell `piece`, erases the player's digit there (0), or puts pencil
    /// mark -arg on or off; a digit its row, column or box holds is refused.
    static Puzzle sudoku(std::uint32_t side, const std::vector<std::int32_t>& cells) {
        LpPuzzle* handle = nullptr;
        detail::check(lp_sudoku_create(side, cells.data(), cells.size(), &handle));
        return Puzzle(handle);
    }

    /// Water jugs: capacities (1..255), start amounts, goal amounts (-1: any), and whether the tap and the
    /// sink may be used; 2 to 8 jugs, the three lists of one length.
    static Puzzle jugs(const std::vector<std::uint8_t>& capacities, const std::vector<std::uint8_t>& start,
                       const std::vector<std::int32_t>& goal, bool tap) {
        if (start.size() != capacities.size() || goal.size() != capacities.size())
            throw Error(Status::InvalidArgument, "Puzzle::jugs: capacities, start and goal differ in length");
        LpPuzzle* handle = nullptr;
        detail::check(lp_jugs_create(capacities.data(), start.data(), goal.data(), capacities.size(), tap, &handle));
        return Puzzle(handle);
    }

    /// Flip panels: width x height bytes, row-major, non-zero dark; an empty target means all light.
    static Puzzle flip(std::uint32_t width, std::uint32_t height, const std::vector<std::uint8_t>& start,
                       const std::vector<std::uint8_t>& target = {}) {
        if (!target.empty() && target.size() != start.size())
            throw Error(Status::InvalidArgument, "Puzzle::flip: start and target differ in length");
        LpPuzzle* handle = nullptr;
        detail::check(lp_flip_create(width, height, start.data(), target.empty() ? nullptr : target.data(), start.size(),
                                     &handle));
        return Puzzle(handle);
    }

    /// Sokoban: a width x height grid of XSB characters, row-major ('#' wall, '@' player, '+' player on a
    /// goal, '$' box, '*' box on a goal, '.' goal, ' ' or '-' floor). Boxes are numbered in reading order.
    static Puzzle sokoban(std::uint32_t width, std::uint32_t height, const std::string& grid) {
        LpPuzzle* handle = nullptr;
        detail::check(lp_sokoban_create(width, height, reinterpret_cast<const std::uint8_t*>(grid.data()), grid.size(),
                                        &handle));
        return Puzzle(handle);
    }

    /// One Hargram piece: its drawing, rows of '#' (a cell) and '.' (none) joined by '/' ("##/#."), and
    /// whether its mirror image is forbidden.
    struct HargramPiece {
        std::string drawing;
        bool no_mirror = false;
    };

    /// Hargram: a width x height board (`blocked` row-major, non-zero not to be covered; empty for none)
    /// and the pieces that must cover the rest exactly.
    static Puzzle hargram(std::uint32_t width, std::uint32_t height, const std::vector<std::uint8_t>& blocked,
                          const std::vector<HargramPiece>& pieces) {
        std::vector<std::vector<std::uint8_t>> grids;
        std::vector<LpHargramPiece> raw;
        for (const HargramPiece& piece : pieces) {
            std::uint32_t rows = 1, cols = 0, col = 0;
            std::vector<std::uint8_t> cells;
            for (char c : piece.drawing) {
                if (c == '/') {
                    if (cols != 0 && col != cols) throw Error(Status::InvalidArgument, "Puzzle::hargram: ragged piece " + piece.drawing);
                    cols = col, col = 0, rows++;
                } else {
                    cells.push_back(c == '#');
                    col++;
                }
            }
            if (cols == 0) cols = col;
            if (col != cols) throw Error(Status::InvalidArgument, "Puzzle::hargram: ragged piece " + piece.drawing);
            grids.push_back(std::move(cells));
            raw.push_back(LpHargramPiece{cols, rows, nullptr, piece.no_mirror ? 1u : 0u});
        }
        for (std::size_t i = 0; i < raw.size(); i++) raw[i].cells = grids[i].data();
        LpPuzzle* handle = nullptr;
        detail::check(lp_hargram_create(width, height, blocked.empty() ? nullptr : blocked.data(), raw.data(), raw.size(),
                                        &handle));
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
    /// A game whose moves come in arrays may instead call emit_all(emit_raw, moves, states, costs) with
    /// the LpEmit the engine gave: see Custom below.
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
    static Puzzle parse_like(const Puzzle& like, std::string_view desc) {
        LpPuzzle* handle = nullptr;
        detail::check(lp_puzzle_parse_like(like.get(), detail::c_string(desc).c_str(), &handle));
        return Puzzle(handle);
    }

    /// The description from the current position (every piece under its own name).
    std::string describe() const {
        return detail::read_text([this](char* b, std::size_t c, std::size_t* w) { return lp_puzzle_describe(get(), b, c, w); });
    }

    /// The game saved as a one-puzzle pack: Pack::load(bytes).puzzle(0) resumes it — the same position
    /// with every piece's number, the moves played (undo, redo and check_board answer as before).
    std::vector<std::uint8_t> save() const {
        return detail::read_array<std::uint8_t>(
            [this](std::uint8_t* b, std::size_t c, std::size_t* w) { return lp_puzzle_save(get(), b, c, w); });
    }

    /// The id of the puzzle's family (see families()).
    std::uint32_t family() const {
        std::uint32_t family = 0;
        detail::check(lp_puzzle_family(get(), &family));
        return family;
    }

    /// The moves the family's searches consider from the current position (every legal move for most
    /// families), each naming its piece as the level does.
    std::vector<LpMove> moves() const {
        return detail::read_array<LpMove>([this](LpMove* b, std::size_t c, std::size_t* w) { return lp_puzzle_moves(get(), b, c, w); });
    }

    /// The sentence of `move` played from the current position ("slide the car H down 1"); throws Error
    /// (Status::IllegalMove) when it is not legal here.
    std::string move_text(const LpMove& move) const {
        return detail::read_text(
            [this, &move](char* b, std::size_t c, std::size_t* w) { return lp_puzzle_move_text(get(), move, b, c, w); });
    }

    /// How the sentences name piece `piece` (key "name": "the X pentomino", "truck C") or its label in
    /// drawings (key "label": "X", "C"); nothing for a family whose moves name no piece, or no such piece.
    std::optional<std::string> piece_name(std::uint32_t piece, std::string_view key = "name") const {
        std::string k = detail::c_string(key);
        std::size_t needed = 0;
        if (lp_puzzle_piece_name(get(), piece, k.c_str(), nullptr, 0, &needed) == LP_NOT_FOUND) return std::nullopt;
        return detail::read_text(
            [this, &k, piece](char* b, std::size_t c, std::size_t* w) { return lp_puzzle_piece_name(get(), piece, k.c_str(), b, c, w); });
    }

    /// Why the position is lost, when the family sees it without search (Sokoban's dead boxes); empty
    /// when it sees none.
    std::string lost_text() const {
        std::string out;
        try {
            out = detail::read_text([this](char* b, std::size_t c, std::size_t* w) { return lp_puzzle_lost_text(get(), b, c, w); });
        } catch (const Error& e) {
            if (e.status() != Status::NotFound) throw;
        }
        return out;
    }

    /// The sentence of the last hint ("slide 7 left: the first move of a shortest solution"); throws
    /// Error (Status::NotFound) when no hint was given since the last move, undo or redo.
    std::string hint_text() const {
        return detail::read_text([this](char* b, std::size_t c, std::size_t* w) { return lp_hint_text(get(), b, c, w); });
    }

    /// Tier `tier` of the last hint, read off the plan it came from (hint coins): 1 where to look, 2 what
    /// to move, 3 the move, 4 the plan (in words, its first `moves` moves). Nothing when no hint was given
    /// from this position; throws Error (Status::InvalidArgument) for another tier.
    std::optional<std::string> hint_tier_text(std::uint32_t tier, std::uint32_t moves = 3) const {
        std::size_t needed = 0;
        if (lp_hint_tier_text(get(), tier, moves, nullptr, 0, &needed) == LP_NOT_FOUND) return std::nullopt;
        return detail::read_text(
            [this, tier, moves](char* b, std::size_t c, std::size_t* w) { return lp_hint_tier_text(get(), tier, moves, b, c, w); });
    }

    /// The cells of tier `tier` of the last hint (tier 1's hold tier 2's); nothing when no hint was given
    /// from this position.
    std::optional<std::vector<std::uint16_t>> hint_tier_cells(std::uint32_t tier) const {
        std::size_t needed = 0;
        if (lp_hint_tier_cells(get(), tier, nullptr, 0, &needed) == LP_NOT_FOUND) return std::nullopt;
        return detail::read_array<std::uint16_t>(
            [this, tier](std::uint16_t* b, std::size_t c, std::size_t* w) { return lp_hint_tier_cells(get(), tier, b, c, w); });
    }

    /// Tier 4 of the last hint: its plan's next moves into `out` (at most `cap`, the first the hint's
    /// move), how many were written; 0 when no hint was given from this position. No allocation.
    std::size_t hint_plan(LpMove* out, std::size_t cap) const noexcept {
        std::size_t written = 0;
        return lp_hint_plan(get(), out, cap, &written) == LP_OK ? written : 0;
    }

    /// The cells the last hint concerns, row-major indices of the board grid (none when no hint was given
    /// since the last move).
    std::vector<std::uint16_t> hint_cells() const {
        std::size_t needed = 0;
        if (lp_hint_cells(get(), nullptr, 0, &needed) == LP_NOT_FOUND) return {};
        return detail::read_array<std::uint16_t>(
            [this](std::uint16_t* b, std::size_t c, std::size_t* w) { return lp_hint_cells(get(), b, c, w); });
    }

    /// Sets one of the family's play options ("heuristic" = "manhattan" for sliding tiles).
    void set_option(std::string_view key, std::string_view value) {
        detail::check(lp_puzzle_set_option(get(), detail::c_string(key).c_str(), detail::c_string(value).c_str()));
    }

    /// Uses precomputed tables for hints and solvers from now on (they must suit the puzzle).
    void set_tables(const Tables& tables) { detail::check(lp_puzzle_set_tables(get(), tables.get())); }

    /// Width and height of the board grid.
    std::pair<std::uint32_t, std::uint32_t> size() const {
        std::uint32_t width = 0, height = 0;
        detail::check(lp_puzzle_size(get(), &width, &height));
        return {width, height};
    }

    /// The board, row-major (for blocks, k on the cells of block k, all game long).
    std::vector<std::int32_t> cells() const {
        auto [width, height] = size();
        std::vector<std::int32_t> cells(static_cast<std::size_t>(width) * height);
        std::size_t written = 0;
        detail::check(lp_puzzle_cells(get(), cells.data(), cells.size(), &written));
        cells.resize(written);
        return cells;
    }

    /// Plays a move; throws Error (Status::IllegalMove) and changes nothing if it is illegal.
    void apply(const LpMove& move) { detail::check(lp_puzzle_apply(get(), move)); }

    /// Plays a move if it is legal; returns whether it was.
    bool try_apply(const LpMove& move) noexcept { return lp_puzzle_apply(get(), move) == LP_OK; }

    /// Takes back the last move (the hint is dropped, as a move drops it); false when there is none.
    /// Allocates nothing.
    bool undo() { return detail::found(lp_puzzle_undo(get())); }

    /// Plays again the last move undone; false when there is none (a move played forgets them).
    bool redo() { return detail::found(lp_puzzle_redo(get())); }

    /// The moves of the history: those played (oldest first), then those undone (in redo's order).
    struct History {
        std::vector<LpMove> played;
        std::vector<LpMove> undone;
    };

    /// The history: what undo takes back and what redo plays again.
    History history() const {
        std::size_t played = 0, undone = 0;
        detail::check(lp_puzzle_history_len(get(), &played, &undone));
        std::vector<LpMove> moves = detail::read_array<LpMove>(
            [this](LpMove* b, std::size_t c, std::size_t* w) { return lp_puzzle_history(get(), b, c, w); });
        History out;
        out.played.assign(moves.begin(), moves.begin() + static_cast<std::ptrdiff_t>(std::min(played, moves.size())));
        out.undone.assign(out.played.size() + moves.begin(), moves.end());
        return out;
    }

    /// Reserves room for `moves` moves of history: playing, undo, redo and copy_from that many then
    /// allocate nothing.
    void reserve_history(std::size_t moves) { detail::check(lp_puzzle_reserve_history(get(), moves)); }

    /// A copy of the game (level, options, position, every piece's number, history), to try moves on.
    Puzzle clone() const {
        LpPuzzle* handle = nullptr;
        detail::check(lp_puzzle_clone(get(), &handle));
        return Puzzle(handle);
    }

    /// Makes this puzzle the game `source` is (same level: a clone, or the level loaded twice); allocates
    /// nothing when the history has room. Throws Error (Status::InvalidArgument) for another level.
    void copy_from(const Puzzle& source) { detail::check(lp_puzzle_copy_from(get(), source.get())); }

    bool solved() const {
        bool solved = false;
        detail::check(lp_puzzle_is_solved(get(), &solved));
        return solved;
    }

    /// A fact the generator established about a generated puzzle (for blocks "cluster_states",
    /// "cluster_solved", "farthest"), or nothing when the puzzle carries none of that name.
    std::optional<std::int64_t> fact(std::string_view name) const {
        std::int64_t value = 0;
        LpStatus status = lp_puzzle_fact(get(), detail::c_string(name).c_str(), &value);
        if (status == LP_NOT_FOUND) return std::nullopt;
        detail::check(status);
        return value;
    }

    /// The level's fingerprint: equal for the same level up to the family's symmetries.
    std::uint64_t fingerprint() const {
        std::uint64_t value = 0;
        detail::check(lp_puzzle_fingerprint(get(), &value));
        return value;
    }

    /// Counts the solutions from here up to `limit` (Hargram, Linjat, Sudoku; 2 answers "unique?"). Runs to its
    /// end in this call: a tool's or a worker thread's call, not a frame's.
    LpSolutionCount count_solutions(std::uint64_t limit) const {
        LpSolutionCount count{};
        detail::check(lp_puzzle_count_solutions(get(), limit, &count));
        return count;
    }

    /// The `index`-th solution counting finds from here (0 the first, 1 another) as the description of the
    /// solved position; nothing when there is no such solution. For families that show their solutions
    /// (Sudoku, two at most: where a puzzle has several, they show where it is ambiguous); runs to its end
    /// in this call.
    std::optional<std::string> solution(std::uint32_t index) const {
        std::size_t needed = 0;
        if (lp_puzzle_solution(get(), index, nullptr, 0, &needed) == LP_NOT_FOUND) return std::nullopt;
        return detail::read_text(
            [this, index](char* b, std::size_t c, std::size_t* w) { return lp_puzzle_solution(get(), index, b, c, w); });
    }

    /// Every state reachable from here, storing at most `node_cap`; nothing when the cluster holds more.
    /// For families whose moves can be undone; runs to its end in this call.
    std::optional<LpClusterSummary> cluster(std::size_t node_cap) const {
        LpClusterSummary summary{};
        LpStatus status = lp_puzzle_cluster(get(), node_cap, &summary);
        if (status == LP_OUT_OF_NODES) return std::nullopt;
        detail::check(status);
        return summary;
    }

    /// One step of the rule solver's deduction (Linjat): its rule (a hint reason), count and cells.
    struct DeductionStep {
        std::uint32_t reason;
        std::uint32_t width;
        std::vector<std::uint16_t> cells;
    };

    /// The rule solver's deduction from here, step by step, and whether the rules solve the position;
    /// throws Error (Status::InvalidArgument) for a family without one.
    std::pair<std::vector<DeductionStep>, bool> deduction() const {
        bool solved = false;
        std::vector<LpDeductionStep> steps = detail::read_array<LpDeductionStep>(
            [this, &solved](LpDeductionStep* b, std::size_t c, std::size_t* w) { return lp_puzzle_deduction(get(), b, c, w, &solved); });
        std::vector<std::uint16_t> cells = detail::read_array<std::uint16_t>(
            [this](std::uint16_t* b, std::size_t c, std::size_t* w) { return lp_puzzle_deduction_cells(get(), b, c, w); });
        std::vector<DeductionStep> out;
        std::size_t at = 0;
        for (const LpDeductionStep& step : steps) {
            std::size_t end = std::min(cells.size(), at + step.cell_count);
            out.push_back(DeductionStep{step.reason, step.width, std::vector<std::uint16_t>(cells.begin() + at, cells.begin() + end)});
            at = end;
        }
        return {std::move(out), solved};
    }

    /// Per frame: the next hint within `budget` node expansions. Status::Ok fills `hint`; InProgress asks
    /// again next frame; AlreadySolved, Unsolvable, OutOfNodes, NotFound and OutOfMemory end the search
    /// (is_final). A negative budget (or one past 2^32 - 1) is InvalidArgument; no budget runs past the
    /// node limit (set_node_limit; 100,000,000 expansions until set). No exceptions, no allocation.
    template <typename Int>
    Status next_hint(Int budget, LpHint& hint) noexcept {
        std::optional<std::uint32_t> nodes = detail::count32(budget);
        if (!nodes) return Status::InvalidArgument;
        return static_cast<Status>(lp_next_hint(get(), *nodes, &hint));
    }

    /// Per frame: proves the solution a pack or a generator handed with the puzzle (a pack's is not vouched
    /// for, so hints along it are not called optimal) by an optimal search from the start, `budget` nodes a
    /// call. InProgress until done; Ok: hints along the plan now say optimal; NotFound: nothing to prove.
    template <typename Int>
    Status prove_plan(Int budget) noexcept {
        std::optional<std::uint32_t> nodes = detail::count32(budget);
        if (!nodes) return Status::InvalidArgument;
        return static_cast<Status>(lp_puzzle_prove_plan(get(), *nodes));
    }

    /// Per frame, "check my board": from the position and the moves made since the start, whether it can
    /// still be solved, the distances now and at the start, the first move off every shortest solution and
    /// the move that lost the puzzle (-1: none). InProgress until Ok fills `check`; a negative budget is
    /// InvalidArgument. No exceptions.
    template <typename Int>
    Status check_board(Int budget, LpBoardCheck& check) noexcept {
        std::optional<std::uint32_t> nodes = detail::count32(budget);
        if (!nodes) return Status::InvalidArgument;
        return static_cast<Status>(lp_check_board(get(), *nodes, &check));
    }

    /// "Solve the trivial steps", a frame at a time: works at most `budget` units and returns InProgress
    /// until done (call again from the same position), then Ok with the moves played in `played`: every
    /// segment the `rules` (reason codes; none: all) fix for a family that deduces (Linjat) — NotFound and
    /// nothing played when a segment drawn is in no solution (take it off first: check_board names it) —
    /// else forced moves (each its position's only move to a solvable one); at most `max_moves`.
    /// OutOfNodes when a search reached the node limit before any move was found; a negative budget is
    /// InvalidArgument. `played` grows once to `max_moves`; statuses are returned, not thrown.
    template <typename Int>
    Status trivial_steps(Int budget, std::vector<LpMove>& played, std::uint32_t max_moves = 1000,
                         const std::vector<std::uint32_t>& rules = {}) {
        std::optional<std::uint32_t> nodes = detail::count32(budget);
        if (!nodes) return Status::InvalidArgument;
        if (played.size() < max_moves) played.resize(max_moves);
        std::size_t written = 0;
        auto status = static_cast<Status>(lp_trivial_steps(get(), rules.data(), rules.size(), *nodes, max_moves,
                                                           played.data(), max_moves, &written));
        played.resize(status == Status::Ok ? written : max_moves);
        return status;
    }

    /// The cells of the parts the last check found wrong (Linjat's segments, Hargram's pieces).
    std::vector<std::uint16_t> check_cells() const {
        return detail::read_array<std::uint16_t>(
            [this](std::uint16_t* b, std::size_t c, std::size_t* w) { return lp_check_cells(get(), b, c, w); });
    }

    /// After next_hint returned Status::OutOfNodes: the first move toward the position closest to the goal
    /// that the search reached (hint.reason == LP_REASON_PARTIAL, hint.optimal 0, hint.moves_left an
    /// estimate), as Detour's partial result; Status::NotFound when there is none. No exceptions.
    Status partial_hint(LpHint& hint) noexcept { return static_cast<Status>(lp_partial_hint(get(), &hint)); }

    /// Per frame: the next hint within `microseconds` of work (slices of the family's frame budget)
    /// instead of a node budget; the same statuses as next_hint. No exceptions, no allocation.
    template <typename Int>
    Status next_hint_timed(Int microseconds, LpHint& hint) noexcept {
        std::optional<std::uint32_t> time = detail::count32(microseconds);
        if (!time) return Status::InvalidArgument;
        return static_cast<Status>(lp_next_hint_timed(get(), *time, &hint));
    }

    inline Solver solver(Algorithm algorithm, std::uint32_t node_cap) const;
    inline Solver solver(std::string_view algorithm, std::uint32_t node_cap) const;

    /// The bytes solver() reserves for `algorithm` and `node_cap` on this puzzle.
    std::uint64_t solver_bytes(Algorithm algorithm, std::uint32_t node_cap) const {
        std::uint64_t bytes = 0;
        detail::check(lp_solver_bytes(get(), static_cast<std::uint32_t>(algorithm), node_cap, &bytes));
        return bytes;
    }

    /// Bounds the work of every hint search: next_hint returns Status::OutOfNodes once a search has
    /// expanded `limit` nodes over its frames.
    void set_node_limit(std::uint64_t limit) { detail::check(lp_puzzle_set_node_limit(get(), limit)); }

    /// Bounds the memory of every hint, check and trivial-steps search to `bytes`: a family that can
    /// shrinks its search to fit (Sokoban), others answer next_hint with Status::OutOfMemory.
    void set_memory_limit(std::uint64_t bytes) { detail::check(lp_puzzle_set_memory_limit(get(), bytes)); }

    /// The handle, still owned by this Puzzle (to lend to a C call).
    LpPuzzle* get() const noexcept { return handle_.get(); }
    /// Gives the handle up: the caller frees it with lp_puzzle_free.
    LpPuzzle* release() noexcept { return handle_.release(); }

private:
    explicit Puzzle(LpPuzzle* handle) noexcept : handle_(handle) {}
    detail::Owned<LpPuzzle, lp_puzzle_free> handle_;
};

/// Generates one puzzle at once (blocking: a tool's or a loading screen's call): the puzzle and its
/// rating. Throws Error with the reason when none comes.
inline std::pair<Puzzle, std::uint32_t> generate(std::string_view family, std::string_view params, std::uint64_t seed) {
    LpPuzzle* handle = nullptr;
    std::uint32_t rating = 0;
    detail::check(lp_generate(detail::c_string(family).c_str(), detail::c_string(params).c_str(), seed, &handle, &rating));
    return {Puzzle::adopt(handle), rating};
}

/// Puzzles of any family by a parameter text ("preset=hard", "size=4x4,min=20,max=30"), rated exactly and
/// distinct, stepped per frame. Move-only.
class Generator {
public:
    /// Throws Error (Status::InvalidArgument) naming an unknown family or key, or a value out of range.
    Generator(std::string_view family, std::string_view params, std::uint64_t seed) {
        detail::check(lp_generator_create_text(detail::c_string(family).c_str(), detail::c_string(params).c_str(), seed,
                                               handle_.out()));
    }
    /// Puzzles like `like`: its family's, or for a custom puzzle drawn by its game's draw() (or scrambled
    /// from its position) with "min=,max=" the band of the cheapest cost, rated exactly.
    Generator(const Puzzle& like, std::string_view params, std::uint64_t seed) {
        detail::check(lp_generator_create_like(like.get(), detail::c_string(params).c_str(), seed, handle_.out()));
    }

    /// The run's limits: it ends with NotFound after `max_misses` candidates in a row out of the band,
    /// with OutOfNodes after `max_nodes` expansions in all, and drops a candidate whose rating takes more
    /// than `candidate_nodes`; 0 keeps a limit as it is.
    void set_limits(std::uint64_t max_misses, std::uint64_t max_nodes, std::uint64_t candidate_nodes) {
        detail::check(lp_generator_set_limits(get(), max_misses, max_nodes, candidate_nodes));
    }

    /// Gives precomputed tables to every candidate from now on.
    void set_tables(const Tables& tables) { detail::check(lp_generator_set_tables(get(), tables.get())); }

    /// Per frame: at most `budget` node expansions. Status::Ok sets the puzzle and its rating;
    /// InProgress asks again; NotFound and OutOfNodes end the run (lphint::last_error() says why); a
    /// negative budget is InvalidArgument. No exceptions.
    template <typename Int>
    Status step(Int budget, std::optional<Puzzle>& puzzle, std::uint32_t& rating) noexcept {
        std::optional<std::uint32_t> nodes = detail::count32(budget);
        if (!nodes) return Status::InvalidArgument;
        LpPuzzle* raw = nullptr;
        Status status = static_cast<Status>(lp_generator_step(get(), *nodes, &raw, &rating));
        if (status == Status::Ok) puzzle = Puzzle::adopt(raw);
        return status;
    }

    LpGenerator* get() const noexcept { return handle_.get(); }

private:
    detail::Owned<LpGenerator, lp_generator_free> handle_;
};

/// The levels a game ships: a pack written by `lp pack build`, PackWriter or Puzzle::save, checked as it
/// loads (damaged bytes are refused). Each level opens as a new Puzzle whose hints follow its stored
/// answer while the player does. Move-only; the puzzles it opens are independent of it.
class Pack {
public:
    /// Loads a pack; throws Error (Status::CorruptData for damaged bytes, Status::Version).
    static Pack load(const std::vector<std::uint8_t>& bytes) {
        Pack pack;
        detail::check(lp_pack_load(bytes.data(), bytes.size(), pack.handle_.out()));
        return pack;
    }

    /// Loads a pack of a game's own puzzles, read with the callbacks of `like`.
    static Pack load_like(const std::vector<std::uint8_t>& bytes, const Puzzle& like) {
        Pack pack;
        detail::check(lp_pack_load_like(bytes.data(), bytes.size(), like.get(), pack.handle_.out()));
        return pack;
    }

    /// The number of levels.
    std::size_t size() const {
        std::size_t len = 0;
        detail::check(lp_pack_len(get(), &len));
        return len;
    }

    /// Level `index` (from 0) at its start, as a new puzzle.
    Puzzle puzzle(std::size_t index) const {
        LpPuzzle* handle = nullptr;
        detail::check(lp_pack_puzzle(get(), index, &handle));
        return Puzzle::adopt(handle);
    }

    /// The rating level `index` was stored with (its optimal length for most families).
    std::uint32_t rating(std::size_t index) const {
        std::uint32_t rating = 0;
        detail::check(lp_pack_rating(get(), index, &rating));
        return rating;
    }

    /// A label of level `index`: "name" or "tier"; nothing when the level has none.
    std::optional<std::string> label(std::size_t index, std::string_view key) const {
        std::string name = detail::c_string(key);
        std::size_t needed = 0;
        LpStatus status = lp_pack_label(get(), index, name.c_str(), nullptr, 0, &needed);
        if (status == LP_NOT_FOUND) return std::nullopt;
        return detail::read_text(
            [this, &name, index](char* b, std::size_t c, std::size_t* w) { return lp_pack_label(get(), index, name.c_str(), b, c, w); });
    }

    /// The pack's own name; nothing when it was written without one.
    std::optional<std::string> name() const {
        std::size_t needed = 0;
        if (lp_pack_name(get(), nullptr, 0, &needed) == LP_NOT_FOUND) return std::nullopt;
        return detail::read_text([this](char* b, std::size_t c, std::size_t* w) { return lp_pack_name(get(), b, c, w); });
    }

    LpPack* get() const noexcept { return handle_.get(); }

private:
    Pack() = default;
    detail::Owned<LpPack, lp_pack_free> handle_;
};

/// A pack being written: add() puzzles (a generated one keeps its solution), then bytes() for a .lpk
/// file that `lp pack verify` accepts and Pack::load reads. Move-only.
class PackWriter {
public:
    PackWriter() { detail::check(lp_pack_writer_create(handle_.out())); }

    /// Adds `puzzle` as it stands with its rating (and a name, a tier: empty for none). Throws Error
    /// (Status::InvalidArgument) when the rating contradicts its stored solution, or the level is one the
    /// pack holds already.
    void add(const Puzzle& puzzle, std::uint32_t rating, std::string_view name = {}, std::string_view tier = {}) {
        std::string name_text = detail::c_string(name), tier_text = detail::c_string(tier);
        detail::check(lp_pack_writer_add(get(), puzzle.get(), rating, detail::or_null(name_text), detail::or_null(tier_text)));
    }

    /// Names the pack (empty: no name), kept in its bytes and read back by Pack::name. Throws Error
    /// (Status::InvalidArgument) for a name longer than 1,024 bytes.
    void set_name(std::string_view name) {
        std::string text = detail::c_string(name);
        detail::check(lp_pack_writer_set_name(get(), detail::or_null(text)));
    }

    /// The pack's bytes.
    std::vector<std::uint8_t> bytes() const {
        return detail::read_array<std::uint8_t>(
            [this](std::uint8_t* b, std::size_t c, std::size_t* w) { return lp_pack_writer_bytes(get(), b, c, w); });
    }

    LpPackWriter* get() const noexcept { return handle_.get(); }

private:
    detail::Owned<LpPackWriter, lp_pack_writer_free> handle_;
};

/// A stepped search from a puzzle's position at creation (Puzzle::solver). Move-only.
class Solver {
public:
    /// Per frame: expands at most `budget` nodes (a negative budget is InvalidArgument; no budget runs
    /// past the node limit). No exceptions, no allocation.
    template <typename Int>
    Status step(Int budget) noexcept {
        std::optional<std::uint32_t> nodes = detail::count32(budget);
        if (!nodes) return Status::InvalidArgument;
        return static_cast<Status>(lp_solver_step(get(), *nodes));
    }

    /// The solution, as the player plays it from the puzzle's position; throws Error when the solver has
    /// not found one.
    std::vector<LpMove> moves() const {
        return detail::read_array<LpMove>([this](LpMove* b, std::size_t c, std::size_t* w) { return lp_solver_moves(get(), b, c, w); });
    }

    LpStats stats() const {
        LpStats stats{};
        detail::check(lp_solver_stats(get(), &stats));
        return stats;
    }

    /// Ends the run with Status::OutOfNodes once it has expanded `limit` nodes in all.
    void set_node_limit(std::uint64_t limit) { detail::check(lp_solver_set_node_limit(get(), limit)); }

    LpSolver* get() const noexcept { return handle_.get(); }

private:
    friend class Puzzle;
    Solver() = default;
    detail::Owned<LpSolver, lp_solver_free> handle_;
};

/// A genetic-algorithm run on a Hargram puzzle's current position (the earlier systems' solver). Move-only.
class Ga {
public:
    /// Throws Error for a puzzle of another family or bad parameters; `params` NULL for the defaults.
    Ga(const Puzzle& puzzle, const LpGaParams* params, std::uint64_t seed) {
        detail::check(lp_ga_create(puzzle.get(), params, seed, handle_.out()));
    }

    /// Simulated annealing on the same genome (the GA's rival, stepped and read the same way; a report's
    /// `generation` counts walks); `schedule` as "iterations=N,t_start=T,t_end=T,restarts=N,seed=N" (any
    /// of them), empty for the defaults.
    static Ga anneal(const Puzzle& puzzle, std::string_view schedule = {}) {
        Ga ga;
        std::string text = detail::c_string(schedule);
        detail::check(lp_anneal_create(puzzle.get(), detail::or_null(text), ga.handle_.out()));
        return ga;
    }

    /// Per frame: at most `budget` fitness evaluations. InProgress, Ok (full cover) or NotFound (gave
    /// up); a negative budget is InvalidArgument. No exceptions, no allocation.
    template <typename Int>
    Status step(Int budget, LpGaReport& report) noexcept {
        std::optional<std::uint32_t> evaluations = detail::count32(budget);
        if (!evaluations) return Status::InvalidArgument;
        return static_cast<Status>(lp_ga_step(get(), *evaluations, &report));
    }

    /// The best individual's placements, playable with Puzzle::apply.
    std::vector<LpMove> best() const {
        return detail::read_array<LpMove>([this](LpMove* b, std::size_t c, std::size_t* w) { return lp_ga_best(get(), b, c, w); });
    }

    LpGa* get() const noexcept { return handle_.get(); }

private:
    Ga() = default;
    detail::Owned<LpGa, lp_ga_free> handle_;
};

/// Emits `moves` with their `states` (one State each) and `costs` (empty: 1 each) through the engine's
/// `emit` in one call (lp_custom_emit_all), from inside a custom puzzle's successors callback written
/// against the C ABI, with the `emit` and `sink` it was given; returns whether the engine took them all
/// (false: stop listing successors).
template <class State>
bool emit_all(LpEmit emit, void* sink, const std::vector<LpMove>& moves, const std::vector<State>& states,
              std::vector<std::uint32_t> costs = {}) {
    static_assert(std::is_trivially_copyable_v<State>, "a custom puzzle's State is copied as bytes");
    if (costs.empty()) costs.assign(moves.size(), 1);
    if (states.size() != moves.size() || costs.size() != moves.size())
        throw Error(Status::InvalidArgument, "emit_all: moves, states and costs differ in length");
    return lp_custom_emit_all(emit, sink, moves.size(), moves.data(), reinterpret_cast<const std::uint8_t*>(states.data()),
                              sizeof(State), costs.data()) == 0;
}

/// emit_all with each successor's estimate and whether it is solved (lp_custom_emit_scored), as the
/// game's estimate and is_goal callbacks would answer: the engine then calls those back only for states
/// it no longer keeps (a binding whose calls across cost more than the game's work gains most).
template <class State>
bool emit_scored(LpEmit emit, void* sink, const std::vector<LpMove>& moves, const std::vector<State>& states,
                 const std::vector<std::uint32_t>& costs, const std::vector<std::uint32_t>& estimates,
                 const std::vector<bool>& goals) {
    static_assert(std::is_trivially_copyable_v<State>, "a custom puzzle's State is copied as bytes");
    const std::size_t n = moves.size();
    if (states.size() != n || costs.size() != n || estimates.size() != n || goals.size() != n)
        throw Error(Status::InvalidArgument, "emit_scored: moves, states, costs, estimates and goals differ in length");
    // std::vector<bool> holds bits: the ABI reads one byte a successor (nonzero: solved).
    const std::vector<unsigned char> flags(goals.begin(), goals.end());
    return lp_custom_emit_scored(emit, sink, n, moves.data(), reinterpret_cast<const std::uint8_t*>(states.data()),
                                 sizeof(State), costs.data(), estimates.data(),
                                 reinterpret_cast<const bool*>(flags.data())) == 0;
}

inline Solver Puzzle::solver(Algorithm algorithm, std::uint32_t node_cap) const {
    Solver solver;
    detail::check(lp_solver_create(get(), static_cast<std::uint32_t>(algorithm), node_cap, solver.handle_.out()));
    return solver;
}

/// A solver for the algorithm named as the CLI names it ("ida", "wastar:3/2", "beam:64", ...).
inline Solver Puzzle::solver(std::string_view algorithm, std::uint32_t node_cap) const {
    Solver solver;
    detail::check(lp_solver_create_named(get(), detail::c_string(algorithm).c_str(), node_cap, solver.handle_.out()));
    return solver;
}

}  // namespace lphint

#endif  // LPHINT_HPP
