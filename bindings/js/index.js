// lphint for JavaScript: the engine's C ABI compiled to WebAssembly (`lphint.wasm`), under a thin layer of
// classes, as bindings/unity/Runtime/LpHint.cs sits over its P/Invoke layer. No logic lives here: every
// answer comes from the module. See README.md, "Use it from JavaScript".
//
//   import { load, Status } from "./bindings/js/index.js";
//   const lp = await load();                      // Node: lphint.wasm next to this file; browser: a URL
//   const puzzle = lp.Puzzle.parse("tiles:3x3:8,6,7,2,5,4,3,0,1");
//   const hint = puzzle.nextHint(5000);           // once per frame until hint.status is not IN_PROGRESS
//
// Per-frame calls (`nextHint`, `checkBoard`, `trivialSteps`, `Solver.step`, `Generator.step`, `Ga.step`)
// return every status, errors included (`ERR_CALLBACK` when a game's function failed: `lastError()` has
// its words), as the C++ and C# per-frame calls do; every other call throws `LpError` for an error. While
// a search runs they allocate nothing on the JS heap after their first call: they reuse one result object
// and typed-array views, rebuilt only when the module's memory grows. A ready hint is a new frozen object
// the game may keep.

/** Status codes of every call (the C ABI's `LpStatus`). Values of 100 and more are errors: thrown as
 * `LpError`, except by the per-frame calls, which return them. */
export const Status = Object.freeze({
  OK: 0,
  IN_PROGRESS: 1,
  ALREADY_SOLVED: 2,
  UNSOLVABLE: 3,
  OUT_OF_NODES: 4,
  NOT_FOUND: 5,
  ERR_NULL_ARGUMENT: 100,
  ERR_INVALID_ARGUMENT: 101,
  ERR_PARSE: 102,
  ERR_ILLEGAL_MOVE: 103,
  ERR_BUFFER_TOO_SMALL: 104,
  ERR_CORRUPT_DATA: 105,
  ERR_VERSION: 106,
  ERR_PANIC: 107,
  ERR_OUT_OF_MEMORY: 108,
  ERR_CALLBACK: 109,
});

/** Search algorithms for `Puzzle.solver` (the C ABI's `LpAlgorithm`). */
export const Algorithm = Object.freeze({
  BFS: 0,
  HILL_CLIMBING: 1,
  BEST_FIRST: 2,
  ASTAR: 3,
  WEIGHTED_ASTAR: 4,
  UNIFORM_COST: 5,
  IDA_STAR: 6,
  EXACT: 7,
  ANNEAL: 8,
});

/** What values a family parameter takes (the C ABI's `LpParamKind`). */
export const ParamKind = Object.freeze({ INT: 0, BOOL: 1, CHOICE: 2, SIZE: 3, RANGE: 4, TEXT: 5 });

/** How sliding-block moves are counted (`Puzzle.blocks`). */
export const BlocksCount = Object.freeze({ STEP: 0, LINE: 1, FREE: 2 });

/** The ABI version these bindings were written against (`LP_ABI_VERSION`). */
export const ABI_VERSION = 3;

/** The reason of a partial hint (`Puzzle.partialHint`, the C ABI's `LP_REASON_PARTIAL`). */
export const REASON_PARTIAL = 0xffffffff;

const STATUS_NAMES = Object.fromEntries(Object.entries(Status).map(([name, code]) => [code, "LP_" + name]));

/** The C name of a status code (`"LP_OK"`). */
export function statusName(status) {
  return STATUS_NAMES[status] ?? "LP_UNKNOWN_STATUS";
}

/** A failed call: `status` is the code (100 and more), `detail` the library's message. */
export class LpError extends Error {
  constructor(status, detail) {
    super(`${statusName(status)}: ${detail}`);
    this.name = "LpError";
    this.status = status;
    this.detail = detail;
  }
}

/** `value` as a whole number from `min` to `max`, or an `LpError` (ERR_INVALID_ARGUMENT) naming it:
 * `"fast"`, `-1`, `1.5`, `NaN` or `2 ** 32 + 2` would otherwise reach the engine as some other number
 * (wasm takes 32 bits of it) without a word. */
function whole(value, name, min, max) {
  if (Number.isInteger(value) && value >= min && value <= max) return value;
  const shown = typeof value === "string" ? JSON.stringify(value) : String(value);
  throw new LpError(Status.ERR_INVALID_ARGUMENT, `${name} must be a whole number from ${min} to ${max}, not ${shown}`);
}

/** `value` as the unsigned 32-bit count the engine takes (a budget, a node cap, a size, an index). */
function count32(value, name) {
  return whole(value, name, 0, 0xffffffff);
}

/** `value` as a signed 32-bit field (a move's `from`, `to` and `arg`). */
function int32(value, name) {
  return whole(value, name, -0x80000000, 0x7fffffff);
}

/** The move a game's `emit` gets without one: every field 0. */
const NO_MOVE = Object.freeze({});

const DISPOSE = Symbol.dispose ?? Symbol.for("Symbol.dispose");
const isNode = typeof process !== "undefined" && process.versions?.node !== undefined;

/**
 * Loads the module and returns the library. `source` is optional: in Node the default is `lphint.wasm`
 * beside this file; otherwise a URL (string or `URL`), a file path (Node), a `Response`, bytes
 * (`ArrayBuffer`, a typed array) or a compiled `WebAssembly.Module`.
 */
export async function load(source) {
  const module = await compile(source ?? new URL("./lphint.wasm", import.meta.url));
  // Custom puzzles' callbacks come in through these imports, to the library made below.
  const hub = { lib: null };
  // Pointers and sizes arrive as signed 32-bit numbers: read unsigned (`>>> 0`), so that memory past
  // 2 GiB is addressed as itself, not as a negative index.
  const imports = {
    lphint_js: {
      successors: (user, state, emit, sink) => hub.lib.customCallback(SUCCESSORS, user >>> 0, state >>> 0, emit >>> 0, sink >>> 0),
      is_goal: (user, state, goal) => hub.lib.customCallback(IS_GOAL, user >>> 0, state >>> 0, goal >>> 0, 0),
      estimate: (user, state, out) => hub.lib.customCallback(ESTIMATE, user >>> 0, state >>> 0, out >>> 0, 0),
      move_name: (user, mv, buf, cap, written) => hub.lib.moveNameCallback(user >>> 0, mv >>> 0, buf >>> 0, cap >>> 0, written >>> 0),
      draw: (user, seed, state) => hub.lib.drawCallback(user >>> 0, seed, state >>> 0),
      move_cells: (user, state, mv, cells, cap, count) => hub.lib.moveCellsCallback(user >>> 0, state >>> 0, mv >>> 0, cells >>> 0, cap >>> 0, count >>> 0),
      describe: (user, state, buf, cap, written) => hub.lib.describeCallback(user >>> 0, state >>> 0, buf >>> 0, cap >>> 0, written >>> 0),
      parse: (user, text, len, state) => hub.lib.parseCallback(user >>> 0, text >>> 0, len >>> 0, state >>> 0),
    },
  };
  const instance = await WebAssembly.instantiate(module, imports);
  hub.lib = new Lphint(instance);
  return hub.lib;
}

async function compile(source) {
  if (source instanceof WebAssembly.Module) return source;
  if (typeof source === "string") {
    const absolute = /^[a-z][a-z0-9+.-]*:/i.test(source);
    if (isNode && !absolute) return compile(await (await import("node:fs/promises")).readFile(source));
    source = new URL(source, globalThis.location?.href);
  }
  if (source instanceof URL) {
    if (source.protocol === "file:") return compile(await (await import("node:fs/promises")).readFile(source));
    source = await fetch(source);
  }
  if (typeof Response !== "undefined" && source instanceof Response) {
    if (!source.ok) throw new Error(`lphint.wasm: HTTP ${source.status} from ${source.url}`);
    return WebAssembly.compile(await source.arrayBuffer());
  }
  if (source instanceof ArrayBuffer || ArrayBuffer.isView(source)) return WebAssembly.compile(source);
  throw new TypeError("load(source): a URL, a path, a Response, bytes or a WebAssembly.Module");
}

const SCRATCH_BYTES = 4096; // out-parameters and the hint struct, reserved once
// Which callback of a custom puzzle the module calls.
const [SUCCESSORS, IS_GOAL, ESTIMATE] = [0, 1, 2];
/** The successors callback's code when the game emitted more than `maxSuccessors` or a cost below 1. */
const REFUSED = -2;
const MOVE_BYTES = 16; // LpMove: piece u32, from i32, to i32, arg i32
const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** The loaded library: the classes bound to one module instance, and the registry's listing. */
class Lphint {
  constructor(instance) {
    this.x = instance.exports;
    this.memory = this.x.memory;
    this.buffer = null;
    this.bytes = undefined;
    this.poisoned = null;
    this.refresh();
    this.scratch = this.alloc(SCRATCH_BYTES);
    // Offsets in the scratch block: [0, 64) out-parameters, [64, 128) a move, [128, 160) the hint,
    // [160, 224) stats, [256, 4096) hint cells.
    this.out = this.scratch;
    this.movePtr = this.scratch + 64;
    this.hintPtr = this.scratch + 128;
    this.statsPtr = this.scratch + 160;
    this.cellsPtr = this.scratch + 256;
    this.cellsCap = (SCRATCH_BYTES - 256) / 2;
    this.textCap = 256;
    this.textPtr = this.alloc(this.textCap);
    /** Custom puzzles' games by key (the `user` the engine hands back), and each definition's key. */
    this.games = new Map();
    this.gameKeys = new Map();
    const lib = this;
    const handles = new FinalizationRegistry(({ free, ptr }) => lib.safe(() => free(ptr)));
    this.handles = handles;
    const bind = (base) => {
      const bound = class extends base {};
      Object.defineProperty(bound, "lib", { value: lib });
      Object.defineProperty(bound, "name", { value: base.name });
      return bound;
    };
    /** Bound classes: `lp.Puzzle.parse(...)`, `new lp.Generator(...)`, ... */
    this.Puzzle = bind(Puzzle);
    this.Solver = bind(Solver);
    this.Generator = bind(Generator);
    this.Ga = bind(Ga);
    this.Annealing = bind(Annealing);
    this.Pack = bind(Pack);
    this.Tables = bind(Tables);
    this.PackWriter = bind(PackWriter);
    this.Status = Status;
    this.Algorithm = Algorithm;
    this.version = this.x.lp_version();
    if (this.version !== ABI_VERSION) {
      throw new Error(`lphint.wasm has ABI version ${this.version}, these bindings ${ABI_VERSION}`);
    }
  }

  // --- custom puzzles -----------------------------------------------------------------------------

  /** The game of `def` (registered once per definition object, kept for the instance's life: puzzles and
   * solvers made from it call it): its key, and the buffers its callbacks reuse. */
  gameOf(def) {
    let key = this.gameKeys.get(def);
    if (key === undefined) {
      const size = def.stateSize;
      if (!(Number.isInteger(size) && size >= 1 && size <= 256)) throw new LpError(Status.ERR_INVALID_ARGUMENT, `stateSize is ${size}: 1 to 256`);
      key = this.games.size + 1;
      const max = def.maxSuccessors;
      if (!(Number.isInteger(max) && max >= 1 && max <= 4096)) throw new LpError(Status.ERR_INVALID_ARGUMENT, `maxSuccessors is ${max}: 1 to 4096`);
      // `states[depth]`: calls nest (an estimate asked for a successor while `successors` runs), and each
      // level keeps its own copy of its state. Successors are gathered in the module's memory (moves,
      // states, costs) and handed over in one call when `successors` returns. (Handing each one's
      // estimate and goal flag over too, as the C# layer does with lp_custom_emit_scored, measured no
      // faster here: a call from the module into JavaScript costs little next to the game's own work.)
      const game = { def, size, max, states: [], depth: 0, emit: 0, sink: 0, count: 0, refused: false };
      game.moves = this.alloc(16 * max);
      game.next = this.alloc(size * max);
      game.costs = this.alloc(4 * max);
      // One emitter per game, writing where the call's gathering goes: no closure per call.
      game.emitter = (move, next, cost = 1) => {
        // A state of another length would be padded or cut without a word: it is the game's bug, said
        // as one (the callback's failure carries this message).
        if (next?.length !== size) {
          throw new RangeError(`emit was given a state of ${next?.length ?? "no"} bytes, but stateSize is ${size}`);
        }
        // A cost that is not a whole number in range is the game's bug, said as one: wrapped at 2^32 it
        // would become another cost (2^32 + 1 as 1) and the answers would be wrong.
        whole(cost, "emit's cost", 0, 0xffffffff);
        if (game.count === max || cost < 1) {
          game.refused = true; // the engine is told when the gathering is handed over
          return false;
        }
        const m = move ?? NO_MOVE;
        const piece = count32(m.piece ?? 0, "move.piece");
        const from = int32(m.from ?? 0, "move.from");
        const to = int32(m.to ?? 0, "move.to");
        const arg = int32(m.arg ?? 0, "move.arg");
        // Written through 32-bit views (the buffers are aligned; wasm is little-endian, as the views are
        // on every engine that runs it): nothing allocated per successor, so no garbage for a game's frame.
        this.refresh();
        const words = this.words;
        const at = (game.moves >>> 2) + 4 * game.count;
        words[at] = piece;
        words[at + 1] = from;
        words[at + 2] = to;
        words[at + 3] = arg;
        const bytes = this.bytes;
        const into = game.next + size * game.count;
        for (let i = 0; i < size; i++) bytes[into + i] = next[i];
        words[(game.costs >>> 2) + game.count] = cost;
        game.count++;
        return true;
      };
      this.games.set(key, game);
      this.gameKeys.set(def, key);
    }
    return key;
  }

  /** A callback of a custom puzzle, from the module's imports (`a`, `b` its pointers after the state):
   * 0, or a failure code (the engine then reports `ERR_CALLBACK`). The game's exception is a failure,
   * never a trap. */
  customCallback(which, user, statePtr, a, b) {
    const game = this.games.get(user);
    if (!game) return 99;
    try {
      this.refresh();
      const bytes = this.bytes;
      const state = (game.states[game.depth] ??= new Uint8Array(game.size));
      for (let i = 0; i < game.size; i++) state[i] = bytes[statePtr + i];
      game.depth++;
      try {
        if (which === SUCCESSORS) {
          game.count = 0;
          game.refused = false;
          game.def.successors(state, game.emitter);
          // Handed over while this call's state copy is still in use (estimates asked for the successors
          // nest one level deeper).
          const refusedByEngine = this.x.lp_custom_emit_all(a, b, game.count, game.moves, game.next, game.size, game.costs);
          if (refusedByEngine !== 0) return refusedByEngine;
          return game.refused ? REFUSED : 0;
        } else if (which === IS_GOAL) {
          const goal = game.def.isGoal(state);
          this.refresh();
          this.bytes[a] = goal ? 1 : 0;
        } else {
          const estimate = whole(game.def.estimate(state), "estimate", 0, 0xffffffff);
          this.refresh();
          this.view.setUint32(a, estimate, true);
        }
      } finally {
        game.depth--;
      }
      return 0;
    } catch (err) {
      return this.failed(err);
    }
  }

  /** The failure code for a game's exception, after giving the engine its words (`lp_custom_error`):
   * the `LpError` the game then gets ends with the exception's name and message. */
  failed(err) {
    try {
      const words = err instanceof Error ? `${err.name}: ${err.message}` : `a thrown ${typeof err}: ${String(err)}`;
      this.with([words], (w) => this.x.lp_custom_error(w));
    } catch {
      // The code alone still reports the failure.
    }
    return -1;
  }

  /** The `draw` callback: the game's random start for `seed` (a BigInt), `stateSize` bytes at `statePtr`. */
  drawCallback(user, seed, statePtr) {
    const game = this.games.get(user);
    if (!game) return 99;
    try {
      const state = game.def.draw(BigInt.asUintN(64, seed));
      if (!state || state.length !== game.size) {
        throw new RangeError(`draw returned ${state ? state.length : "no"} bytes, but stateSize is ${game.size}`);
      }
      this.refresh();
      for (let i = 0; i < game.size; i++) this.bytes[statePtr + i] = state[i];
      return 0;
    } catch (err) {
      return this.failed(err);
    }
  }

  /** A copy of the `size` bytes of state at `ptr` (for the callbacks that are not on the search's path). */
  stateAt(game, ptr) {
    this.refresh();
    return this.bytes.slice(ptr, ptr + game.size);
  }

  /** The `move_cells` callback: the board cells the game's `moveCells(state, move)` gives, into `(cells, cap)`. */
  moveCellsCallback(user, statePtr, mvPtr, cells, cap, count) {
    const game = this.games.get(user);
    if (!game) return 99;
    try {
      const state = this.stateAt(game, statePtr);
      const list = Array.from(game.def.moveCells(state, this.readMove(mvPtr)), (c) => whole(c, "a move cell", 0, 0xffff));
      const view = this.refresh();
      list.slice(0, cap).forEach((c, i) => view.setUint16(cells + 2 * i, c, true));
      // More cells than the capacity is the game's bug, said by the engine (a count past the capacity).
      view.setUint32(count, list.length, true);
      return 0;
    } catch (err) {
      return this.failed(err);
    }
  }

  /** The `describe` callback: the game's text of the state, UTF-8 into `(buf, cap)`. */
  describeCallback(user, statePtr, buf, cap, written) {
    const game = this.games.get(user);
    if (!game) return 99;
    try {
      const text = encoder.encode(String(game.def.describe(this.stateAt(game, statePtr))));
      this.refresh();
      this.bytes.set(text.subarray(0, cap), buf);
      this.view.setUint32(written, text.length, true);
      return 0;
    } catch (err) {
      return this.failed(err);
    }
  }

  /** The `parse` callback: the game's state for the text at `(text, len)`, or 1 when it is none. */
  parseCallback(user, textPtr, len, statePtr) {
    const game = this.games.get(user);
    if (!game) return 99;
    try {
      this.refresh();
      const state = game.def.parse(decoder.decode(this.bytes.subarray(textPtr, textPtr + len)));
      if (state == null) return 1;
      if (state.length !== game.size) throw new RangeError(`parse returned ${state.length} bytes, but stateSize is ${game.size}`);
      this.refresh();
      for (let i = 0; i < game.size; i++) this.bytes[statePtr + i] = whole(state[i], "a state byte", 0, 255);
      return 0;
    } catch (err) {
      return this.failed(err);
    }
  }

  /** The `move_name` callback: the game's name of the move at `mvPtr`, UTF-8 into `(buf, cap)`. */
  moveNameCallback(user, mvPtr, buf, cap, written) {
    const game = this.games.get(user);
    if (!game) return 99;
    try {
      const view = this.refresh();
      const move = { piece: view.getUint32(mvPtr, true), from: view.getInt32(mvPtr + 4, true), to: view.getInt32(mvPtr + 8, true), arg: view.getInt32(mvPtr + 12, true) };
      const text = encoder.encode(String(game.def.moveName(move))).subarray(0, cap);
      this.refresh();
      this.bytes.set(text, buf);
      this.view.setUint32(written, text.length, true);
      return 0;
    } catch (err) {
      return this.failed(err);
    }
  }

  // --- memory -------------------------------------------------------------------------------------

  /** Re-makes the views when the module's memory grew. Growing detaches the old buffer, whose views then
   * have length 0: a cheaper test than reading `memory.buffer` (an accessor) on every call. */
  refresh() {
    if (this.bytes === undefined || this.bytes.length === 0) {
      this.buffer = this.memory.buffer;
      this.view = new DataView(this.buffer);
      this.bytes = new Uint8Array(this.buffer);
      this.words = new Uint32Array(this.buffer);
    }
    return this.view;
  }

  alloc(len) {
    // Unsigned: past 2 GiB of memory the module's pointers read as negative numbers otherwise.
    const ptr = this.call(this.x.lp_wasm_alloc, len) >>> 0;
    if (ptr === 0) throw new LpError(Status.ERR_OUT_OF_MEMORY, `could not reserve ${len} bytes in the module`);
    return ptr;
  }

  release(ptr, len) {
    if (ptr !== 0) this.call(this.x.lp_wasm_free, ptr, len);
  }

  /** Runs `body(ptrs...)` with `blocks` (strings NUL-terminated, byte arrays, or byte counts) copied into
   * the module's memory, releasing them after. */
  with(blocks, body) {
    const placed = blocks.map((b) => {
      const bytes = typeof b === "string" ? encoder.encode(b + "\0") : b instanceof Uint8Array ? b : null;
      const len = bytes ? bytes.length : b;
      const ptr = this.alloc(len);
      if (bytes) {
        this.refresh();
        this.bytes.set(bytes, ptr);
      }
      return [ptr, len];
    });
    try {
      return body(...placed.map(([ptr]) => ptr));
    } finally {
      for (const [ptr, len] of placed) this.release(ptr, len);
    }
  }

  /** `values` as a block of 32-bit integers (for grids). */
  int32Block(values) {
    const bytes = new Uint8Array(values.length * 4);
    const view = new DataView(bytes.buffer);
    values.forEach((v, i) => view.setInt32(i * 4, v, true));
    return bytes;
  }

  cString(ptr) {
    if (ptr === 0) return "";
    this.refresh();
    let end = ptr;
    while (this.bytes[end] !== 0) end++;
    return decoder.decode(this.bytes.subarray(ptr, end));
  }

  u32(ptr) {
    return this.refresh().getUint32(ptr, true);
  }

  i32(ptr) {
    return this.refresh().getInt32(ptr, true);
  }

  // 64-bit values as two halves: a BigInt would be an allocation on every per-frame read.
  u64(ptr) {
    const v = this.refresh();
    return v.getUint32(ptr, true) + v.getUint32(ptr + 4, true) * 4294967296;
  }

  i64(ptr) {
    const v = this.refresh();
    return v.getUint32(ptr, true) + v.getInt32(ptr + 4, true) * 4294967296;
  }

  writeMove(move) {
    // Checked first: a piece of 2^32 + 1 wrapped to 1 would move another piece.
    const fields = [count32(move.piece, "move.piece"), int32(move.from ?? -1, "move.from"), int32(move.to ?? -1, "move.to"), int32(move.arg ?? 0, "move.arg")];
    const v = this.refresh();
    v.setUint32(this.movePtr, fields[0], true);
    v.setInt32(this.movePtr + 4, fields[1], true);
    v.setInt32(this.movePtr + 8, fields[2], true);
    v.setInt32(this.movePtr + 12, fields[3], true);
    return this.movePtr;
  }

  readMove(ptr, into = {}) {
    const v = this.refresh();
    into.piece = v.getUint32(ptr, true);
    into.from = v.getInt32(ptr + 4, true);
    into.to = v.getInt32(ptr + 8, true);
    into.arg = v.getInt32(ptr + 12, true);
    return into;
  }

  // --- calls --------------------------------------------------------------------------------------

  /** Calls an export; a trap (a panic: the module aborts) poisons the instance and becomes
   * `LP_ERR_PANIC` with the panic's message. Fixed arity, so that a call allocates nothing. */
  call(fn, a, b, c, d, e, f, g, h, i, j) {
    if (this.poisoned) throw this.poisoned;
    try {
      return fn(a, b, c, d, e, f, g, h, i, j);
    } catch (err) {
      if (err instanceof WebAssembly.RuntimeError) {
        this.poisoned = new LpError(Status.ERR_PANIC, `${this.lastError() || err.message} (the module must be loaded again)`);
        throw this.poisoned;
      }
      throw err;
    }
  }

  /** Like `call`, throwing `LpError` for an error status; the status otherwise. */
  check(status) {
    if (status >= 100) throw new LpError(status, this.lastError());
    return status;
  }

  safe(body) {
    try {
      body();
    } catch {
      // A finalizer must not throw.
    }
  }

  lastError() {
    try {
      const x = this.x;
      let status = x.lp_last_error(this.textPtr, this.textCap, this.out);
      if (status === Status.ERR_BUFFER_TOO_SMALL) {
        this.growText(this.u32(this.out));
        status = x.lp_last_error(this.textPtr, this.textCap, this.out);
      }
      return status === Status.OK ? this.cString(this.textPtr) : "";
    } catch {
      return "";
    }
  }

  /** A block of at least `count` 32-bit values, reserved once and grown when asked for more. */
  grid(count) {
    if (count > (this.gridCap ?? 0)) {
      if (this.gridCap) this.release(this.gridPtr, this.gridCap * 4);
      this.gridCap = Math.max(count, 2 * (this.gridCap ?? 512));
      this.gridPtr = this.alloc(this.gridCap * 4);
    }
    return this.gridPtr;
  }

  growText(needed) {
    this.release(this.textPtr, this.textCap);
    this.textCap = Math.max(needed, this.textCap * 2);
    this.textPtr = this.alloc(this.textCap);
  }

  /** A string out of a `(buf, cap, written)` call: `fill(buf, cap, written)` returns its status. */
  text(fill) {
    for (;;) {
      const status = fill(this.textPtr, this.textCap, this.out);
      if (status === Status.ERR_BUFFER_TOO_SMALL) {
        this.growText(this.u32(this.out));
        continue;
      }
      if (this.check(status) !== Status.OK) return null;
      return this.cString(this.textPtr);
    }
  }

  /** Items out of a `(buf, cap, written)` call, `size` bytes each, read by `read(ptr)`. */
  items(fill, size, read) {
    let cap = 64;
    for (;;) {
      const list = this.with([cap * size], (buf) => {
        const status = fill(buf, cap, this.out);
        const written = this.u32(this.out);
        if (status === Status.ERR_BUFFER_TOO_SMALL) {
          cap = Math.max(written, cap * 2);
          return null;
        }
        // An outcome other than OK (NOT_FOUND: nothing to list) lists nothing.
        if (this.check(status) !== Status.OK) return [];
        return Array.from({ length: written }, (_, i) => read(buf + i * size));
      });
      if (list) return list;
    }
  }

  /** Bytes out of a `(buf, cap, written)` call: asked for the size first, then copied out. */
  bytesOut(fill) {
    fill(0, 0, this.out);
    const needed = this.u32(this.out);
    return this.with([needed], (buf) => {
      this.check(fill(buf, needed, this.out));
      const len = this.u32(this.out);
      return this.bytes.slice(buf, buf + len); // u32 refreshed the views
    });
  }

  /** A new handle out of a create call writing it to `out`. */
  handle(status) {
    this.check(status);
    return this.u32(this.out);
  }

  track(object, free) {
    this.handles.register(object, { free, ptr: object.ptr }, object);
  }

  // --- the registry -------------------------------------------------------------------------------

  /** The index in `families()` of the family named `name`; throws `LpError` naming the known ones. */
  familyIndex(name) {
    return this.with([name], (n) => {
      this.check(this.call(this.x.lp_family_find, n, this.out));
      return this.u32(this.out);
    });
  }

  /** Every family of the registry: id, name, summary, rating unit, parameters, presets, play options,
   * hint reasons and variants (`{ notation, title, params, presets }`: Rush Hour of sliding blocks, a
   * family of its own to a player; its notation names it to `Generator` and `Puzzle.parse`), as the
   * generator form and the hint legend need them. */
  families() {
    const x = this.x;
    this.check(this.call(x.lp_family_count, this.out));
    const count = this.u32(this.out);
    const list = [];
    for (let f = 0; f < count; f++) {
      const info = this.with([32], (ptr) => {
        this.check(this.call(x.lp_family_info, f, ptr));
        return {
          id: this.u32(ptr),
          name: this.cString(this.u32(ptr + 4)),
          summary: this.cString(this.u32(ptr + 8)),
          ratingUnit: this.cString(this.u32(ptr + 12)),
          counts: [this.u32(ptr + 16), this.u32(ptr + 20), this.u32(ptr + 24), this.u32(ptr + 28)],
        };
      });
      const [params, presets, options, reasons] = info.counts;
      const spec = (getter, i) =>
        this.with([40], (ptr) => {
          this.check(this.call(getter, f, i, ptr));
          const choices = this.cString(this.u32(ptr + 32));
          return {
            name: this.cString(this.u32(ptr)),
            kind: this.u32(ptr + 4),
            min: this.i64(ptr + 8),
            max: this.i64(ptr + 16),
            default: this.cString(this.u32(ptr + 24)),
            doc: this.cString(this.u32(ptr + 28)),
            choices: choices ? choices.split("|") : [],
          };
        });
      this.check(this.call(x.lp_family_frame_budget, f, this.out));
      const frameBudget = this.u32(this.out);
      this.check(this.call(x.lp_family_variant_count, f, this.out));
      const variants = Array.from({ length: this.u32(this.out) }, (_, i) =>
        this.with([16], (ptr) => {
          this.check(this.call(x.lp_family_variant, f, i, ptr));
          const [notation, title, params, presets] = [0, 4, 8, 12].map((at) => this.cString(this.u32(ptr + at)));
          return { notation, title, params, presets: presets.split("|") };
        }),
      );
      list.push({
        id: info.id,
        index: f,
        frameBudget,
        name: info.name,
        summary: info.summary,
        ratingUnit: info.ratingUnit,
        params: Array.from({ length: params }, (_, i) => spec(x.lp_family_param, i)),
        options: Array.from({ length: options }, (_, i) => spec(x.lp_family_option, i)),
        presets: Array.from({ length: presets }, (_, i) =>
          this.with([8], (ptr) => {
            this.check(this.call(x.lp_family_preset, f, i, ptr));
            return { name: this.cString(this.u32(ptr)), params: this.cString(this.u32(ptr + 4)) };
          }),
        ),
        reasons: Array.from({ length: reasons }, (_, i) =>
          this.with([12], (ptr) => {
            this.check(this.call(x.lp_family_reason, f, i, ptr));
            return { code: this.u32(ptr), name: this.cString(this.u32(ptr + 4)), doc: this.cString(this.u32(ptr + 8)) };
          }),
        ),
        variants,
      });
    }
    return list;
  }

  /** The budget units the last per-frame call (`nextHint`, `Solver.step`, `Generator.step`, `Ga.step`)
   * spent, Detour's `doneIters`: take it off a budget shared by several puzzles. 0 for a hint read off a
   * stored plan. */
  lastWork() {
    return this.x.lp_last_work() >>> 0;
  }

  /** Generates one puzzle at once (blocking): `{ puzzle, rating }`, or `null` when the run ends without
   * one (`LP_NOT_FOUND`, `LP_OUT_OF_NODES`). */
  generate(family, params = "", seed = 0) {
    return this.with([family, params], (f, p) => {
      const status = this.check(this.call(this.x.lp_generate, f, p, BigInt.asUintN(64, BigInt(seed)), this.out, this.out + 4));
      if (status !== Status.OK) return null;
      return { puzzle: new this.Puzzle(this.u32(this.out)), rating: this.u32(this.out + 4) };
    });
  }
}

/** Base of the handle classes: `free()` (idempotent) and `Symbol.dispose`. */
class Handle {
  constructor(ptr, freeName) {
    this.lib = this.constructor.lib;
    this.ptr = ptr;
    this.freeName = freeName;
    const free = this.lib.x[freeName];
    this.lib.track(this, (p) => free(p));
  }

  /** The live pointer, or an error once freed. */
  get live() {
    if (this.ptr === 0) throw new LpError(Status.ERR_NULL_ARGUMENT, `${this.constructor.name} was freed`);
    return this.ptr;
  }

  /** Releases the handle (again: nothing). */
  free() {
    if (this.ptr !== 0) {
      this.lib.handles.unregister(this);
      this.lib.call(this.lib.x[this.freeName], this.ptr);
      this.ptr = 0;
    }
  }

  [DISPOSE]() {
    this.free();
  }
}

const NO_CELLS = Object.freeze(new Uint16Array(0));

/** A hint, or why there is none (yet): frozen, the game's to keep. A ready hint (`status` `OK`) is a new
 * object with its `move`, `movesLeft`, `optimal`, `reason` and `cells` (the grid cells it concerns);
 * `text` (its sentence) is made when first read, and reads `null` once the puzzle has moved on without
 * it having been read. While a search runs, `nextHint` hands back the same `IN_PROGRESS` object (a frame
 * allocates nothing); an error status carries the engine's message in `error`. */
class Hint {
  #puzzle;
  #serial;
  #text;
  constructor(puzzle, status, move = null, movesLeft = 0, optimal = false, reason = 0, cells = NO_CELLS) {
    this.status = status;
    this.move = move;
    this.movesLeft = movesLeft;
    this.optimal = optimal;
    this.reason = reason;
    this.cells = cells;
    this.error = status >= 100 ? puzzle.lib.lastError() : null;
    this.#puzzle = status === Status.OK ? puzzle : null;
    this.#serial = puzzle.hintSerial;
    Object.freeze(this);
  }

  /** Whether the hint is ready (status `OK`). */
  get ready() {
    return this.status === Status.OK;
  }

  /** The hint's sentence ("slide 7 left: ..."), made when first read; null for no hint, and for a hint
   * whose puzzle has moved on before it was read. */
  get text() {
    if (this.#text === undefined && this.#puzzle !== null && this.#puzzle.hintSerial === this.#serial && this.#puzzle.ptr !== 0) {
      this.#text = this.#puzzle.hintText();
    }
    return this.#text ?? null;
  }
}

/** A puzzle being played: the puzzle, the player's position and its hinter. */
export class Puzzle extends Handle {
  constructor(ptr) {
    super(ptr, "lp_puzzle_free");
    // Which hint the engine holds: a kept hint reads its sentence only while it is the puzzle's last.
    this.hintSerial = 0;
    this.searching = null;
  }

  /** Parses a one-line description (`tiles:3x3:8,6,7,2,5,4,3,0,1`); `LP_ERR_PARSE` names the column. */
  static parse(desc) {
    const lib = this.lib;
    return new this(lib.with([desc], (d) => lib.handle(lib.call(lib.x.lp_puzzle_parse, d, lib.out))));
  }

  /** A description of a puzzle of the same kind as `like` (for a custom puzzle, read with its game). */
  static parseLike(like, desc) {
    const lib = this.lib;
    return new this(lib.with([desc], (d) => lib.handle(lib.call(lib.x.lp_puzzle_parse_like, like.live, d, lib.out))));
  }

  /** A game's own puzzle from JavaScript functions, starting at `start` (`stateSize` bytes): `def` has
   * `stateSize`, `maxSuccessors`, `admissible` (whether `estimate` never overestimates), and the
   * functions `successors(state, emit)` (calling `emit(move, nextState, cost = 1)` for each move; it
   * returns false past `maxSuccessors`, and the puzzle then answers `ERR_CALLBACK`, "code -2", as for a
   * cost below 1), `isGoal(state)`, and optionally `estimate(state)`, `moveName(move)` and `draw(seed)`
   * (a random start of `stateSize` bytes for `Generator.like`, from a BigInt seed). `state` is a
   * Uint8Array the engine refills for each call (copy it to keep it). A function that throws makes the
   * puzzle answer `ERR_CALLBACK` (code -1), and so does a cost, estimate or move field that is not a
   * whole number in its range (a cost or estimate from 0 to 4294967295: never wrapped into another).
   * Optionally too, as a C game gives them: `boardWidth` and `boardHeight` with `moveCells(state, move)`
   * (the board cells a move concerns: a hint's tiers light them), and `describe(state)` with
   * `parse(text)` (the text form descriptions and packs carry; `parse` returns null for a text that
   * names no state). Hints and every solver work on it. */
  static custom(def, start) {
    const lib = this.lib;
    const key = lib.gameOf(def);
    const flags = (def.admissible ? 1 : 0) | (def.estimate ? 2 : 0) | (def.moveName ? 4 : 0) | (def.draw ? 8 : 0) | (def.moveCells ? 16 : 0) | (def.describe ? 32 : 0);
    if (!def.describe !== !def.parse) throw new LpError(Status.ERR_INVALID_ARGUMENT, "describe and parse come together: a text form must read back");
    const [width, height] = [count32(def.boardWidth ?? 0, "boardWidth"), count32(def.boardHeight ?? 0, "boardHeight")];
    const bytes = Uint8Array.from(start);
    return new this(
      lib.with([bytes], (s) => lib.handle(lib.call(lib.x.lp_js_custom_create, def.stateSize, def.maxSuccessors, flags, width, height, key, s, bytes.length, lib.out))),
    );
  }

  /** A `width`×`height` sliding-tile puzzle from `start` (row-major, 0 the blank) to `goal` (default
   * `1, 2, …, blank`). */
  static tiles(width, height, start, goal = null) {
    const lib = this.lib;
    const blocks = [Uint8Array.from(start)];
    if (goal) blocks.push(Uint8Array.from(goal));
    return new this(
      lib.with(blocks, (s, g = 0) =>
        lib.handle(lib.call(lib.x.lp_tiles_create, count32(width, "width"), count32(height, "height"), s, start.length, g, goal ? goal.length : 0, lib.out)),
      ),
    );
  }

  /** A water-jugs puzzle: capacities, start amounts, goal amounts (-1 for any), whether the tap and sink
   * may be used. */
  static jugs(capacities, start, goal, tap = true) {
    const lib = this.lib;
    const n = capacities.length;
    if (start.length !== n || goal.length !== n) throw new LpError(Status.ERR_INVALID_ARGUMENT, "capacities, start and goal differ in length");
    return new this(
      lib.with([Uint8Array.from(capacities), Uint8Array.from(start), lib.int32Block(goal)], (c, s, g) =>
        lib.handle(lib.call(lib.x.lp_jugs_create, c, s, g, n, tap, lib.out)),
      ),
    );
  }

  /** A flip-panels puzzle: `start` and `target` (default all light) one value a cell, non-zero dark. */
  static flip(width, height, start, target = null) {
    const lib = this.lib;
    const blocks = [Uint8Array.from(start)];
    if (target) blocks.push(Uint8Array.from(target));
    return new this(
      lib.with(blocks, (s, t = 0) => lib.handle(lib.call(lib.x.lp_flip_create, count32(width, "width"), count32(height, "height"), s, t, start.length, lib.out))),
    );
  }

  /** A Sokoban level: `grid` the width × height squares in XSB characters, row-major (`#` wall, `@`
   * player, `+` player on a goal, `$` box, `*` box on a goal, `.` goal, space or `-` floor). */
  static sokoban(width, height, grid) {
    const lib = this.lib;
    const bytes = Uint8Array.from(grid, (c) => c.charCodeAt(0));
    return new this(lib.with([bytes], (g) => lib.handle(lib.call(lib.x.lp_sokoban_create, count32(width, "width"), count32(height, "height"), g, bytes.length, lib.out))));
  }

  /** A Hargram puzzle: `blocked` (null for none) one value a cell, non-zero blocked; `pieces` as
   * `{ width, height, cells, noMirror }` drawings. */
  static hargram(width, height, blocked, pieces) {
    const lib = this.lib;
    const drawings = pieces.map((p) => Uint8Array.from(p.cells));
    const blocks = [pieces.length * 16, ...drawings];
    if (blocked) blocks.push(Uint8Array.from(blocked));
    return new this(
      lib.with(blocks, (table, ...rest) => {
        const b = blocked ? rest[rest.length - 1] : 0;
        const v = lib.refresh();
        pieces.forEach((p, i) => {
          v.setUint32(table + 16 * i, p.width, true);
          v.setUint32(table + 16 * i + 4, p.height, true);
          v.setUint32(table + 16 * i + 8, rest[i], true);
          v.setUint32(table + 16 * i + 12, p.noMirror ? 1 : 0, true);
        });
        return lib.handle(lib.call(lib.x.lp_hargram_create, count32(width, "width"), count32(height, "height"), b, table, pieces.length, lib.out));
      }),
    );
  }

  /** A sliding-blocks puzzle: `cells` row-major (0 empty, -1 wall, -2 goal-only, k a cell of block k),
   * `goals` as `{ block, row, col }`, `count` a `BlocksCount`; `axes[k - 1]` locks block k (0 free,
   * 1 horizontal, 2 vertical, 3 its long axis: Rush Hour's cars and trucks). */
  static blocks(width, height, cells, goals, count = BlocksCount.FREE, axes = []) {
    const lib = this.lib;
    const table = new Uint8Array(goals.length * 12);
    const view = new DataView(table.buffer);
    goals.forEach((g, i) => {
      view.setInt32(12 * i, g.block, true);
      view.setUint32(12 * i + 4, g.row, true);
      view.setUint32(12 * i + 8, g.col, true);
    });
    const locks = Uint8Array.from(axes);
    return new this(
      lib.with([lib.int32Block(cells), table, locks], (c, g, a) =>
        lib.handle(
          locks.length
            ? lib.call(lib.x.lp_blocks_create_locked, count32(width, "width"), count32(height, "height"), c, cells.length, g, goals.length, a, locks.length, count, lib.out)
            : lib.call(lib.x.lp_blocks_create, count32(width, "width"), count32(height, "height"), c, cells.length, g, goals.length, count, lib.out),
        ),
      ),
    );
  }

  /** A Linjat puzzle: `cells` row-major, 0 empty, -1 a dot, 1..9 a number. */
  static linjat(width, height, cells) {
    const lib = this.lib;
    return new this(
      lib.with([lib.int32Block(cells)], (c) => lib.handle(lib.call(lib.x.lp_linjat_create, count32(width, "width"), count32(height, "height"), c, cells.length, lib.out))),
    );
  }

  /** A Sudoku of side 4, 6, 9 or 16: `cells` the givens row by row, 0 empty. A move writes `arg` (1..side)
   * in the cell `piece`, erases the player's digit there (0), or puts pencil mark -`arg` on or off. */
  static sudoku(side, cells) {
    const lib = this.lib;
    return new this(
      lib.with([lib.int32Block(cells)], (c) => lib.handle(lib.call(lib.x.lp_sudoku_create, count32(side, "side"), c, cells.length, lib.out))),
    );
  }

  /** The id of the puzzle's family (see `lp.families()`). */
  get familyId() {
    const lib = this.lib;
    lib.check(lib.call(lib.x.lp_puzzle_family, this.live, lib.out));
    return lib.u32(lib.out);
  }

  /** Width of the grid `cells()` fills. */
  get width() {
    return this.size()[0];
  }

  /** Height of the grid `cells()` fills. */
  get height() {
    return this.size()[1];
  }

  size() {
    const lib = this.lib;
    lib.check(lib.call(lib.x.lp_puzzle_size, this.live, lib.out, lib.out + 4));
    return [lib.u32(lib.out), lib.u32(lib.out + 4)];
  }

  /** The current board, row-major (what the values mean is the family's). */
  cells() {
    const lib = this.lib;
    return Int32Array.from(lib.items((buf, cap, written) => lib.call(lib.x.lp_puzzle_cells, this.live, buf, cap, written), 4, (p) => lib.i32(p)));
  }

  /** Copies the current board into `into` (an `Int32Array` of at least `width·height`) without
   * allocating: for drawing every frame. Returns the number of cells. */
  readCells(into) {
    const lib = this.lib;
    const ptr = lib.grid(into.length);
    lib.check(lib.call(lib.x.lp_puzzle_cells, this.live, ptr, into.length, lib.out));
    const count = lib.u32(lib.out);
    const v = lib.view;
    for (let i = 0; i < count; i++) into[i] = v.getInt32(ptr + 4 * i, true);
    return count;
  }

  /** The text description from the current position (parsing it resumes the game). */
  describe() {
    const lib = this.lib;
    return lib.text((buf, cap, written) => lib.call(lib.x.lp_puzzle_describe, this.live, buf, cap, written));
  }

  /** The moves the family's searches consider from here (every legal move for most families). */
  moves() {
    const lib = this.lib;
    return lib.items((buf, cap, written) => lib.call(lib.x.lp_puzzle_moves, this.live, buf, cap, written), MOVE_BYTES, (p) => lib.readMove(p));
  }

  /** The sentence of `move` from here ("slide 7 left"); `LP_ERR_ILLEGAL_MOVE` when it is not legal. */
  moveText(move) {
    const lib = this.lib;
    return lib.text((buf, cap, written) => lib.call(lib.x.lp_puzzle_move_text, this.live, lib.writeMove(move), buf, cap, written));
  }

  /** How the sentences name piece `piece` (`key` "name": "the X pentomino", "truck C") or its label in
   * drawings (`key` "label": "X", "C"); null for a family whose moves name no piece, or no such piece. */
  pieceName(piece, key = "name") {
    const lib = this.lib;
    return lib.with([key], (k) => lib.text((buf, cap, written) => lib.call(lib.x.lp_puzzle_piece_name, this.live, count32(piece, "piece"), k, buf, cap, written)));
  }

  /** Plays `move` (`{ piece, from, to, arg }`); an illegal move throws `LP_ERR_ILLEGAL_MOVE` and changes
   * nothing. */
  apply(move) {
    const lib = this.lib;
    lib.check(lib.call(lib.x.lp_puzzle_apply, this.live, lib.writeMove(move)));
  }

  /** Plays `move` when legal: whether it was. */
  tryApply(move) {
    const lib = this.lib;
    const status = lib.call(lib.x.lp_puzzle_apply, this.live, lib.writeMove(move));
    if (status === Status.ERR_ILLEGAL_MOVE) return false;
    lib.check(status);
    return true;
  }

  /** Takes back the last move: the position before it is the current one again, every piece where it
   * was, and the hint is dropped (as a move drops it). False when there is no move to undo. */
  undo() {
    const lib = this.lib;
    return lib.check(lib.call(lib.x.lp_puzzle_undo, this.live)) === Status.OK;
  }

  /** Plays again the last move undone; false when there is none (a move played forgets them). */
  redo() {
    const lib = this.lib;
    return lib.check(lib.call(lib.x.lp_puzzle_redo, this.live)) === Status.OK;
  }

  /** The history: `{ played, undone }`, the moves undo takes back (oldest first) and those redo plays
   * again (in its order). */
  history() {
    const lib = this.lib;
    lib.check(lib.call(lib.x.lp_puzzle_history_len, this.live, lib.out, lib.out + 4));
    const played = lib.u32(lib.out);
    const moves = lib.items((buf, cap, written) => lib.call(lib.x.lp_puzzle_history, this.live, buf, cap, written), MOVE_BYTES, (p) => lib.readMove(p));
    return { played: moves.slice(0, played), undone: moves.slice(played) };
  }

  /** Reserves room for `moves` moves of history: playing, undo, redo and `copyFrom` that many then
   * allocate nothing in the module. */
  reserveHistory(moves) {
    const lib = this.lib;
    lib.check(lib.call(lib.x.lp_puzzle_reserve_history, this.live, count32(moves, "moves")));
  }

  /** A copy of the game (the level with its options, the position with every piece's number, the
   * history), to try moves on; free it as any puzzle. */
  clone() {
    const lib = this.lib;
    return new lib.Puzzle(lib.handle(lib.call(lib.x.lp_puzzle_clone, this.live, lib.out)));
  }

  /** Makes this puzzle the game `source` is (same level: a clone, or the level loaded twice): its
   * position and history. `ERR_INVALID_ARGUMENT` for another level. */
  copyFrom(source) {
    const lib = this.lib;
    if (source === this) return;
    lib.check(lib.call(lib.x.lp_puzzle_copy_from, this.live, source.live));
  }

  /** Whether the current position is solved. */
  get isSolved() {
    const lib = this.lib;
    lib.check(lib.call(lib.x.lp_puzzle_is_solved, this.live, lib.out));
    return lib.refresh().getUint8(lib.out) !== 0;
  }

  /** The next hint from the current position, spending at most `budget` nodes in this call: call it once
   * a frame while `hint.status` is `IN_PROGRESS`. A ready hint is a new frozen `Hint` the game may keep
   * (`status`, `move`, `movesLeft`, `optimal`, `reason`, `cells`, `text`); while the search runs the same
   * `IN_PROGRESS` object comes back, so a frame allocates nothing. Like every per-frame call it returns
   * every status, errors included (`ERR_CALLBACK` when the game's function failed, with its words in
   * `hint.error`): it throws only for an argument that is not a count, or a module that trapped. */
  nextHint(budget = 10000) {
    return this.hintOf(this.lib.call(this.lib.x.lp_next_hint, this.live, count32(budget, "budget"), this.lib.hintPtr));
  }

  /** Proves the solution a pack or a generator handed with the puzzle (a pack's is not vouched for, so
   * hints along it are not called optimal) by an optimal search from the start, at most `budget` nodes a
   * call: the status, `IN_PROGRESS` until done (call again next frame); `OK`: hints along the plan now say
   * optimal; `NOT_FOUND`: no solution known from the start, or none the family's search can prove (like
   * `nextHint`, a failure is returned, never thrown). */
  provePlan(budget = 10000) {
    return this.lib.call(this.lib.x.lp_puzzle_prove_plan, this.live, count32(budget, "budget"));
  }

  /** After `nextHint` gave `OUT_OF_NODES`: the first move toward the position closest to the goal the
   * search reached (`reason === REASON_PARTIAL`, `optimal` false, `movesLeft` an estimate); `NOT_FOUND`
   * when there is none. */
  partialHint() {
    return this.hintOf(this.lib.call(this.lib.x.lp_partial_hint, this.live, this.lib.hintPtr));
  }

  /** The hint a call's status and the hint it wrote make. */
  hintOf(status) {
    if (status === Status.IN_PROGRESS) return (this.searching ??= new Hint(this, status));
    this.hintSerial++;
    if (status !== Status.OK) return new Hint(this, status);
    const lib = this.lib;
    const move = Object.freeze(lib.readMove(lib.hintPtr));
    const v = lib.refresh();
    const movesLeft = v.getUint32(lib.hintPtr + 16, true);
    const optimal = v.getUint32(lib.hintPtr + 20, true) !== 0;
    const reason = v.getUint32(lib.hintPtr + 24, true);
    // A copy of its own (a typed array with elements cannot be frozen).
    const cells = this.hintCellArray();
    return new Hint(this, status, move, movesLeft, optimal, reason, cells);
  }

  /** The cells of the last hint as a new `Uint16Array`: one call writing them into the scratch block
   * (no allocation in the module), or a block of their own when they do not fit there. */
  hintCellArray() {
    const lib = this.lib;
    const status = lib.call(lib.x.lp_hint_cells, this.live, lib.cellsPtr, lib.cellsCap, lib.out);
    if (status === Status.ERR_BUFFER_TOO_SMALL) {
      const fill = (buf, cap, written) => lib.call(lib.x.lp_hint_cells, this.live, buf, cap, written);
      return Uint16Array.from(lib.items(fill, 2, (p) => lib.refresh().getUint16(p, true)));
    }
    if (lib.check(status) !== Status.OK) return new Uint16Array(0);
    const v = lib.refresh();
    const cells = new Uint16Array(v.getUint32(lib.out, true));
    for (let i = 0; i < cells.length; i++) cells[i] = v.getUint16(lib.cellsPtr + 2 * i, true);
    return cells;
  }

  /** The cells of the last hint (empty when no hint was given since the last move). */
  hintCells() {
    return Array.from(this.hintCellArray());
  }

  /** Steps `nextHint` until it is not in progress (blocking; for tools and tests). */
  hintNow(budget = 100000) {
    let hint;
    do hint = this.nextHint(budget);
    while (hint.status === Status.IN_PROGRESS);
    return hint;
  }

  /** Why the position is lost, when the family sees it without search (Sokoban's dead boxes), or null. */
  lostText() {
    const lib = this.lib;
    return lib.text((buf, cap, written) => lib.call(lib.x.lp_puzzle_lost_text, this.live, buf, cap, written));
  }

  /** The sentence of the last hint, or null before the first. */
  hintText() {
    const lib = this.lib;
    return lib.text((buf, cap, written) => lib.call(lib.x.lp_hint_text, this.live, buf, cap, written));
  }

  /** Per frame, "check my board": from the position and the moves made since the start, working at most
   * `budget` units: the same result object every call, `status` `IN_PROGRESS` until `OK` fills
   * `distance`, `startDistance`, `firstWrong`, `lostAt` (moves, 0-based; -1 for none), `moves`, `exact`,
   * `mistakeCells` and `mistakesKnown` (`checkCells()` gives those cells). */
  checkBoard(budget = 10000) {
    const lib = this.lib;
    const r = (this.checkResult ??= { status: Status.IN_PROGRESS, distance: -1, startDistance: -1, firstWrong: -1, lostAt: -1, moves: 0, exact: false, mistakeCells: 0, mistakesKnown: false });
    r.status = lib.call(lib.x.lp_check_board, this.live, count32(budget, "budget"), lib.out);
    if (r.status === Status.OK) {
      const v = lib.refresh();
      const at = (k) => v.getInt32(lib.out + 4 * k, true);
      [r.distance, r.startDistance, r.firstWrong, r.lostAt] = [at(0), at(1), at(2), at(3)];
      [r.moves, r.exact, r.mistakeCells, r.mistakesKnown] = [at(4), at(5) !== 0, at(6), at(7) !== 0];
    }
    return r;
  }

  /** "Solve the trivial steps" a frame at a time: works at most `budget` units; `status` IN_PROGRESS until
   * done (call again from the same position), then OK with the moves played in `moves`: every segment the
   * `rules` (reason codes; none: all) fix for a family that deduces (Linjat) — NOT_FOUND and nothing
   * played when a segment drawn is in no solution (take it off first: checkBoard names it) — else forced
   * moves (each its position's only move to a solvable one), at most `maxMoves`. OUT_OF_NODES when a
   * search reached the node limit before any move was found. A new object each call. */
  trivialSteps(budget = 10000, maxMoves = 1000, rules = []) {
    const lib = this.lib;
    const units = count32(budget, "budget");
    const cap = count32(maxMoves, "maxMoves");
    return lib.with([lib.int32Block(rules.length ? rules : [0]), Math.max(1, cap) * MOVE_BYTES], (r, buf) => {
      const status = lib.call(lib.x.lp_trivial_steps, this.live, rules.length ? r : 0, rules.length, units, cap, buf, cap, lib.out);
      const played = status === Status.OK ? lib.u32(lib.out) : 0;
      return { status, moves: Array.from({ length: played }, (_, i) => lib.readMove(buf + i * MOVE_BYTES)) };
    });
  }

  /** The cells of the parts the last check found wrong (Linjat's segments, Hargram's pieces). */
  checkCells() {
    const lib = this.lib;
    return lib.items((buf, cap, written) => lib.call(lib.x.lp_check_cells, this.live, buf, cap, written), 2, (p) => lib.refresh().getUint16(p, true));
  }

  /** Tier `tier` of the last hint, all read off the plan it came from (hint coins): 1 where to look, 2 what
   * to move, 3 the move, 4 the plan (its words: the first `moves` moves). `{ tier, cells, text }` (cells
   * of the grid; tier 1's hold tier 2's), or null when no hint was given from this position. For tools
   * and coin buttons: it allocates (the per-frame hint is `nextHint`). */
  hintTier(tier, moves = 3) {
    const lib = this.lib;
    const text = lib.text((buf, cap, written) => lib.call(lib.x.lp_hint_tier_text, this.live, count32(tier, "tier"), count32(moves, "moves"), buf, cap, written));
    if (text === null) return null;
    const cells = lib.items((buf, cap, written) => lib.call(lib.x.lp_hint_tier_cells, this.live, count32(tier, "tier"), buf, cap, written), 2, (p) => lib.refresh().getUint16(p, true));
    return { tier, cells, text };
  }

  /** Tier 4 of the last hint: the plan's next moves (at most `max`), the first the hint's; null when no
   * hint was given from this position. */
  hintPlan(max = 8) {
    const lib = this.lib;
    let found = true;
    const moves = lib.items(
      (buf, cap, written) => {
        const status = lib.call(lib.x.lp_hint_plan, this.live, buf, Math.min(cap, max), written);
        found = status !== Status.NOT_FOUND;
        if (!found) lib.refresh().setUint32(written, 0, true); // nothing to read
        return found ? status : Status.OK;
      },
      MOVE_BYTES,
      (p) => lib.readMove(p),
    );
    return found ? moves.slice(0, max) : null;
  }

  /** Sets a play option of the family (`heuristic` = `manhattan` for tiles). */
  setOption(key, value) {
    const lib = this.lib;
    lib.with([key, String(value)], (k, v) => lib.check(lib.call(lib.x.lp_puzzle_set_option, this.live, k, v)));
  }

  /** Bounds every hint search to `limit` nodes in all (then `OUT_OF_NODES`). */
  setNodeLimit(limit) {
    const lib = this.lib;
    lib.check(lib.call(lib.x.lp_puzzle_set_node_limit, this.live, BigInt(limit)));
  }

  /** Bounds every hint, check and trivial-steps search to `bytes` of memory (the module's memory is the
   * page's): Sokoban shrinks its search to fit, other families then answer `ERR_OUT_OF_MEMORY`. */
  setMemoryLimit(bytes) {
    const lib = this.lib;
    lib.check(lib.call(lib.x.lp_puzzle_set_memory_limit, this.live, BigInt(bytes)));
  }

  /** A fact the generator established (`farthest`, `objective`, …), or undefined. */
  fact(name) {
    const lib = this.lib;
    return lib.with([name, 8], (n, out) => {
      const status = lib.check(lib.call(lib.x.lp_puzzle_fact, this.live, n, out));
      return status === Status.OK ? lib.i64(out) : undefined;
    });
  }

  /** The level's fingerprint (16 hex digits): equal for the same level up to the family's symmetries, as
   * generators and packs count levels (a `PackWriter` refuses a second). */
  fingerprint() {
    const lib = this.lib;
    return lib.with([8], (out) => {
      lib.check(lib.call(lib.x.lp_puzzle_fingerprint, this.live, out));
      const v = lib.refresh();
      const hex = (n) => n.toString(16).padStart(8, "0");
      return hex(v.getUint32(out + 4, true)) + hex(v.getUint32(out, true));
    });
  }

  /** Counts the solutions from here, stopping after `limit` (2 answers "unique?"), for families that
   * count them (Hargram, Linjat, Sudoku): `{ all, upToSymmetry, nodes, capped }`. Runs to its end in
   * this call. */
  countSolutions(limit = 2) {
    const lib = this.lib;
    return lib.with([32], (p) => {
      lib.check(lib.call(lib.x.lp_puzzle_count_solutions, this.live, BigInt(limit), p));
      return { all: lib.u64(p), upToSymmetry: lib.u64(p + 8), nodes: lib.u64(p + 16), capped: (lib.u32(p + 24) & 0xff) !== 0 };
    });
  }

  /** The `index`-th solution counting finds from here (0 the first, 1 another) as the description of
   * the solved position, or null when there is no such solution; for families that show their solutions
   * (Sudoku, two at most; the others throw `ERR_INVALID_ARGUMENT`). Runs to its end in this call. */
  solution(index = 0) {
    const lib = this.lib;
    return lib.text((buf, cap, written) => lib.call(lib.x.lp_puzzle_solution, this.live, index, buf, cap, written));
  }

  /** Every state reachable from here, storing at most `nodeCap` (else `OUT_OF_NODES`), for families whose
   * moves can be undone: `{ states, solvedStates, startDistance, farthestDistance, expanded, bytes }`
   * (a distance is -1 when no state is solved), or null when the cluster holds more than `nodeCap` states.
   * Runs to its end in this call. */
  cluster(nodeCap = 1 << 20) {
    const lib = this.lib;
    return lib.with([48], (p) => {
      if (lib.check(lib.call(lib.x.lp_puzzle_cluster, this.live, count32(nodeCap, "nodeCap"), p)) !== Status.OK) return null;
      return {
        states: lib.u64(p),
        solvedStates: lib.u64(p + 8),
        startDistance: lib.i64(p + 16),
        farthestDistance: lib.i64(p + 24),
        expanded: lib.u64(p + 32),
        bytes: lib.u64(p + 40),
      };
    });
  }

  /** Uses `tables` (a `Tables`) for hints and solvers from now on. */
  setTables(tables) {
    const lib = this.lib;
    lib.check(lib.call(lib.x.lp_puzzle_set_tables, this.live, tables.live));
  }

  /** A solver of the current position: `algorithm` an `Algorithm` value or a CLI name (`"astar"`,
   * `"wastar:3/2"`), memory reserved now for `nodeCap` nodes. */
  solver(algorithm = Algorithm.EXACT, nodeCap = 1 << 20) {
    const lib = this.lib;
    const ptr =
      typeof algorithm === "string"
        ? lib.with([algorithm], (a) => lib.handle(lib.call(lib.x.lp_solver_create_named, this.live, a, count32(nodeCap, "nodeCap"), lib.out)))
        : lib.handle(lib.call(lib.x.lp_solver_create, this.live, algorithm, count32(nodeCap, "nodeCap"), lib.out));
    return new lib.Solver(ptr);
  }

  /** The bytes `solver(algorithm, nodeCap)` would reserve. */
  solverBytes(algorithm, nodeCap) {
    const lib = this.lib;
    return lib.with([8], (out) => {
      lib.check(lib.call(lib.x.lp_solver_bytes, this.live, algorithm, count32(nodeCap, "nodeCap"), out));
      return lib.u64(out);
    });
  }

  /** The rule solver's deduction from the current position, for families that deduce like a player
   * (Linjat): `{ solved, steps: [{ reason, width, cells }] }`, `reason` a hint reason code of the family;
   * `LP_ERR_INVALID_ARGUMENT` for the others. */
  deduction() {
    const lib = this.lib;
    const size = 12;
    let solved = false;
    const steps = lib.items(
      (buf, cap, written) => {
        const status = lib.call(lib.x.lp_puzzle_deduction, this.live, buf, cap, written, lib.out + 8);
        solved = lib.refresh().getUint8(lib.out + 8) !== 0;
        return status;
      },
      size,
      (p) => ({ reason: lib.u32(p), width: lib.u32(p + 4), count: lib.u32(p + 8) }),
    );
    const cells = lib.items((buf, cap, written) => lib.call(lib.x.lp_puzzle_deduction_cells, this.live, buf, cap, written), 2, (p) => lib.refresh().getUint16(p, true));
    let at = 0;
    return {
      solved,
      steps: steps.map(({ reason, width, count }) => ({ reason, width, cells: cells.slice(at, (at += count)) })),
    };
  }

  /** The puzzle from its current position as a one-puzzle pack (bytes for `Pack.load`). */
  save() {
    const lib = this.lib;
    return lib.bytesOut((buf, cap, written) => lib.call(lib.x.lp_puzzle_save, this.live, buf, cap, written));
  }
}

/** A stepped search from a puzzle's position at creation. */
export class Solver extends Handle {
  constructor(ptr) {
    super(ptr, "lp_solver_free");
    this.statsOut = {};
  }

  /** Expands at most `budget` nodes: `IN_PROGRESS`, `OK` (read `moves()`), or how it ended. */
  step(budget = 10000) {
    const lib = this.lib;
    return lib.call(lib.x.lp_solver_step, this.live, count32(budget, "budget"));
  }

  /** Steps until finished (blocking): the final status; an error throws `LpError`. */
  run(budget = 1 << 20) {
    let status;
    do status = this.step(budget);
    while (status === Status.IN_PROGRESS);
    // A blocking call: an error throws, as every call but the per-frame ones.
    return this.lib.check(status);
  }

  /** The solution's moves (throws the status before the solver has one). */
  moves() {
    const lib = this.lib;
    return lib.items((buf, cap, written) => lib.call(lib.x.lp_solver_moves, this.live, buf, cap, written), MOVE_BYTES, (p) => lib.readMove(p));
  }

  /** Ends the run with `OUT_OF_NODES` after `limit` expansions in all. */
  setNodeLimit(limit) {
    const lib = this.lib;
    lib.check(lib.call(lib.x.lp_solver_set_node_limit, this.live, BigInt(limit)));
  }

  /** Counters of the run (one object, reused): expanded, generated, peakStored, bytesReserved,
   * solutionLength and solutionCost (-1 without a solution), and optimal (whether the solution is proven
   * shortest). */
  stats() {
    const lib = this.lib;
    const p = lib.statsPtr;
    lib.check(lib.call(lib.x.lp_solver_stats, this.live, p));
    const s = this.statsOut;
    s.expanded = lib.u64(p);
    s.generated = lib.u64(p + 8);
    s.peakStored = lib.u64(p + 16);
    s.bytesReserved = lib.u64(p + 24);
    s.solutionLength = lib.i64(p + 32);
    s.solutionCost = lib.i64(p + 40);
    s.optimal = lib.u32(p + 48) !== 0;
    return s;
  }
}

/** A stepped generator of a family from a parameter text (`"preset=hard"`, `"size=4x4,min=20,max=30"`). */
export class Generator extends Handle {
  constructor(family, params = "", seed = 0, like = null) {
    const lib = new.target.lib;
    const seed64 = BigInt.asUintN(64, BigInt(seed));
    super(
      like
        ? lib.with([params], (p) => lib.handle(lib.call(lib.x.lp_generator_create_like, like.live, p, seed64, lib.out)))
        : lib.with([family, params], (f, p) => lib.handle(lib.call(lib.x.lp_generator_create_text, f, p, seed64, lib.out))),
      "lp_generator_free",
    );
    this.result = { status: Status.IN_PROGRESS, puzzle: null, rating: 0 };
  }

  /** Puzzles like `like`: its family's, or for a custom puzzle `min=,max=` (the band of the cheapest
   * cost, rated exactly), `method=draw` (the game's `draw`) or `method=scramble,steps=N` (random moves
   * from `like`'s position). */
  static like(like, params = "", seed = 0) {
    return new this(null, params, seed, like);
  }

  /** Spends at most `budget` nodes: the same result object every call, `status` `IN_PROGRESS` until a
   * puzzle is ready (`OK`, with `puzzle` — yours to free — and `rating`), or how the run ended. */
  step(budget = 10000) {
    const lib = this.lib;
    const r = this.result;
    r.status = lib.call(lib.x.lp_generator_step, this.live, count32(budget, "budget"), lib.out, lib.out + 4);
    r.puzzle = r.status === Status.OK ? new lib.Puzzle(lib.u32(lib.out)) : null;
    r.rating = r.status === Status.OK ? lib.u32(lib.out + 4) : 0;
    return r;
  }

  /** Steps until a puzzle is ready (blocking): `{ puzzle, rating }`, or null when the run ended; an error
   * throws `LpError`. */
  next(budget = 1 << 20) {
    let r;
    do r = this.step(budget);
    while (r.status === Status.IN_PROGRESS);
    this.lib.check(r.status);
    return r.status === Status.OK ? { puzzle: r.puzzle, rating: r.rating } : null;
  }

  /** The run's limits (0 keeps one as it is). */
  setLimits(maxMisses, maxNodes, candidateNodes) {
    const lib = this.lib;
    lib.check(lib.call(lib.x.lp_generator_set_limits, this.live, BigInt(maxMisses), BigInt(maxNodes), BigInt(candidateNodes)));
  }

  /** Rates candidates with `tables`. */
  setTables(tables) {
    const lib = this.lib;
    lib.check(lib.call(lib.x.lp_generator_set_tables, this.live, tables.live));
  }
}

/** A run evolving a puzzle's genome (Hargram), stepped by fitness evaluations: `Ga` or `Annealing`. */
class Evolution extends Handle {
  constructor(ptr) {
    super(ptr, "lp_ga_free");
    this.report = { status: Status.IN_PROGRESS, generation: 0, bestFitness: 0, perfect: 0, found: false, evaluations: 0 };
  }

  /** Runs at most `budget` evaluations: the same report object every call. */
  step(budget = 1000) {
    const lib = this.lib;
    const p = lib.statsPtr;
    const r = this.report;
    r.status = lib.call(lib.x.lp_ga_step, this.live, count32(budget, "budget"), p);
    r.generation = lib.u32(p);
    r.bestFitness = lib.u32(p + 4);
    r.perfect = lib.u32(p + 8);
    r.found = lib.u32(p + 12) !== 0;
    r.evaluations = lib.u64(p + 16);
    return r;
  }

  /** The best individual so far as moves from the run's start. */
  best() {
    const lib = this.lib;
    return lib.items((buf, cap, written) => lib.call(lib.x.lp_ga_best, this.live, buf, cap, written), MOVE_BYTES, (p) => lib.readMove(p));
  }
}

/** A genetic-algorithm run on a puzzle's position (Hargram). */
export class Ga extends Evolution {
  /** `params`: `{ population, generations, tournament, crossover, mutation }` (null for the defaults). */
  constructor(puzzle, params = null, seed = 0) {
    const lib = new.target.lib;
    super(
      lib.with([20], (p) => {
        if (params) {
          const v = lib.refresh();
          v.setUint32(p, params.population, true);
          v.setUint32(p + 4, params.generations, true);
          v.setUint32(p + 8, params.tournament, true);
          v.setFloat32(p + 12, params.crossover, true);
          v.setFloat32(p + 16, params.mutation, true);
        }
        return lib.handle(lib.call(lib.x.lp_ga_create, puzzle.live, params ? p : 0, BigInt.asUintN(64, BigInt(seed)), lib.out));
      }),
    );
  }
}

/** Simulated annealing on the same genome as `Ga` (its rival, stepped and read the same way; a report's
 * `generation` counts walks). `schedule`: `"iterations=N,t_start=T,t_end=T,restarts=N,seed=N"`, any of
 * them (null for the defaults: the GA's default budget of 75,000 evaluations). */
export class Annealing extends Evolution {
  constructor(puzzle, schedule = null) {
    const lib = new.target.lib;
    super(
      schedule === null
        ? lib.handle(lib.call(lib.x.lp_anneal_create, puzzle.live, 0, lib.out))
        : lib.with([schedule], (s) => lib.handle(lib.call(lib.x.lp_anneal_create, puzzle.live, s, lib.out))),
    );
  }
}

/** A loaded pack of puzzles (`.lpk`, written by `lp pack build` or `Puzzle.save`). */
export class Pack extends Handle {
  /** Loads pack bytes; `LP_ERR_CORRUPT_DATA` / `LP_ERR_VERSION` for damaged or foreign data,
   * `LP_ERR_INVALID_ARGUMENT` for a pack of a game's own puzzles (load it with `loadLike`). */
  static load(bytes) {
    const lib = this.lib;
    const data = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
    return new this(lib.with([data], (b) => lib.handle(lib.call(lib.x.lp_pack_load, b, data.length, lib.out))), "lp_pack_free");
  }

  /** Loads a pack of puzzles of the same kind as `like` (custom puzzles, which only their game reads). */
  static loadLike(bytes, like) {
    const lib = this.lib;
    const data = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
    return new this(lib.with([data], (b) => lib.handle(lib.call(lib.x.lp_pack_load_like, b, data.length, like.live, lib.out))), "lp_pack_free");
  }

  /** The number of puzzles. */
  get length() {
    const lib = this.lib;
    lib.check(lib.call(lib.x.lp_pack_len, this.live, lib.out));
    return lib.u32(lib.out);
  }

  /** A new puzzle from entry `index`, at its start. */
  open(index) {
    const lib = this.lib;
    return new lib.Puzzle(lib.handle(lib.call(lib.x.lp_pack_puzzle, this.live, count32(index, "index"), lib.out)));
  }

  /** The rating stored with entry `index`. */
  rating(index) {
    const lib = this.lib;
    lib.check(lib.call(lib.x.lp_pack_rating, this.live, count32(index, "index"), lib.out));
    return lib.u32(lib.out);
  }

  /** A label of entry `index` (`"name"` or `"tier"`), or null when it has none. */
  label(index, key) {
    const lib = this.lib;
    return lib.with([key], (k) => lib.text((buf, cap, written) => lib.call(lib.x.lp_pack_label, this.live, count32(index, "index"), k, buf, cap, written)));
  }

  /** The pack's own name, or null when it was written without one. */
  get name() {
    const lib = this.lib;
    return lib.text((buf, cap, written) => lib.call(lib.x.lp_pack_name, this.live, buf, cap, written));
  }
}

/** Precomputed tables (`lp tables build`), shared by the puzzles and generators given them. */
export class Tables extends Handle {
  /** Loads table bytes (magic, version and checksum checked). */
  static load(bytes) {
    const lib = this.lib;
    const data = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
    return new this(lib.with([data], (b) => lib.handle(lib.call(lib.x.lp_tables_load, b, data.length, lib.out))), "lp_tables_free");
  }
}

/** A pack being written: `add` puzzles (generated ones keep their solutions), then `bytes()` for a `.lpk`
 * file that `lp pack verify` accepts and `Pack.load` reads. */
export class PackWriter extends Handle {
  constructor() {
    const lib = new.target.lib;
    super(lib.handle(lib.call(lib.x.lp_pack_writer_create, lib.out)), "lp_pack_writer_free");
  }

  /** Adds `puzzle` as it stands with its `rating`, an optional `name` and `tier`. */
  add(puzzle, rating, name = null, tier = null) {
    const lib = this.lib;
    const labels = [name, tier].filter((l) => l !== null);
    lib.with(labels, (...ptrs) => {
      const [n, t] = [name !== null ? ptrs.shift() : 0, tier !== null ? ptrs.shift() : 0];
      lib.check(lib.call(lib.x.lp_pack_writer_add, this.live, puzzle.live, count32(rating, "rating"), n, t));
    });
  }

  /** Names the pack (null: no name); kept in its bytes, read back as `Pack.name`. */
  setName(name) {
    const lib = this.lib;
    if (name === null) lib.check(lib.call(lib.x.lp_pack_writer_set_name, this.live, 0));
    else lib.with([name], (n) => lib.check(lib.call(lib.x.lp_pack_writer_set_name, this.live, n)));
  }

  /** The pack's bytes. */
  bytes() {
    const lib = this.lib;
    return lib.bytesOut((buf, cap, written) => lib.call(lib.x.lp_pack_writer_bytes, this.live, buf, cap, written));
  }
}
