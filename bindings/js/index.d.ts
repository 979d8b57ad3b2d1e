// Types of the lphint JavaScript package (index.js): the C ABI compiled to WebAssembly, as classes.

/** Status codes of every call (the C ABI's `LpStatus`); 100 and more are thrown as `LpError`. */
export declare const Status: {
  readonly OK: 0;
  readonly IN_PROGRESS: 1;
  readonly ALREADY_SOLVED: 2;
  readonly UNSOLVABLE: 3;
  readonly OUT_OF_NODES: 4;
  readonly NOT_FOUND: 5;
  readonly ERR_NULL_ARGUMENT: 100;
  readonly ERR_INVALID_ARGUMENT: 101;
  readonly ERR_PARSE: 102;
  readonly ERR_ILLEGAL_MOVE: 103;
  readonly ERR_BUFFER_TOO_SMALL: 104;
  readonly ERR_CORRUPT_DATA: 105;
  readonly ERR_VERSION: 106;
  readonly ERR_PANIC: 107;
  readonly ERR_OUT_OF_MEMORY: 108;
  readonly ERR_CALLBACK: 109;
};
/** A status value. */
export type StatusCode = (typeof Status)[keyof typeof Status];
/** The statuses a finished or running call returns (the others are thrown). */
export type Outcome = 0 | 1 | 2 | 3 | 4 | 5;

/** Search algorithms (the C ABI's `LpAlgorithm`). */
export declare const Algorithm: {
  readonly BFS: 0;
  readonly HILL_CLIMBING: 1;
  readonly BEST_FIRST: 2;
  readonly ASTAR: 3;
  readonly WEIGHTED_ASTAR: 4;
  readonly UNIFORM_COST: 5;
  readonly IDA_STAR: 6;
  readonly EXACT: 7;
  readonly ANNEAL: 8;
};
export type AlgorithmCode = (typeof Algorithm)[keyof typeof Algorithm];

/** What values a family parameter takes. */
export declare const ParamKind: { readonly INT: 0; readonly BOOL: 1; readonly CHOICE: 2; readonly SIZE: 3; readonly RANGE: 4; readonly TEXT: 5 };
/** How sliding-block moves are counted. */
export declare const BlocksCount: { readonly STEP: 0; readonly LINE: 1; readonly FREE: 2 };
/** The reason of a partial hint (`Puzzle.partialHint`). */
export declare const REASON_PARTIAL: 4294967295;
/** The ABI version these bindings were written against. */
export declare const ABI_VERSION: number;

/** The C name of a status (`"LP_OK"`). */
export declare function statusName(status: number): string;

/** A failed call: the status (100 and more) and the library's message. */
export declare class LpError extends Error {
  readonly status: StatusCode;
  readonly detail: string;
  constructor(status: number, detail: string);
}

/** Where the module comes from: a URL, a path (Node), a fetch `Response`, bytes or a compiled module. */
export type WasmSource = string | URL | Response | ArrayBuffer | ArrayBufferView | WebAssembly.Module;

/** Loads the module (in Node, by default `lphint.wasm` beside index.js). */
export declare function load(source?: WasmSource): Promise<Lphint>;

/** A move, the same shape for every family (see the C ABI's `LpMove`). */
/** What "check my board" found: distances in moves, -1 for none. */
export interface BoardCheck {
  status: number;
  /** Moves from the position to the goal; -1 when it cannot be solved. */
  distance: number;
  /** Moves from the start. */
  startDistance: number;
  /** The player's first move (0-based) off every shortest solution; -1 when none. */
  firstWrong: number;
  /** The move (0-based) after which the puzzle could no longer be solved; -1 when none. */
  lostAt: number;
  moves: number;
  exact: boolean;
  mistakeCells: number;
  mistakesKnown: boolean;
}

export interface Move {
  piece: number;
  from: number;
  to: number;
  arg: number;
}

/** A game's own puzzle: states of `stateSize` bytes, the engine's services over these functions. */
export interface CustomPuzzle {
  stateSize: number;
  maxSuccessors: number;
  /** Whether `estimate` never exceeds the cheapest cost to a goal (then optimal answers say so). */
  admissible: boolean;
  /** Calls `emit(move, next, cost)` for every legal move; `emit` returns false when refused. */
  successors(state: Uint8Array, emit: (move: Move, next: ArrayLike<number>, cost?: number) => boolean): void;
  isGoal(state: Uint8Array): boolean;
  estimate?(state: Uint8Array): number;
  moveName?(move: Move): string;
  /** A random start (`stateSize` bytes) for `Generator.like(puzzle, "method=draw")`. */
  draw?(seed: bigint): ArrayLike<number>;
  /** The board's size (both or neither), for `size()` and for the cells hints light. */
  boardWidth?: number;
  boardHeight?: number;
  /** The board cells (row-major indices) a move concerns: the cells a hint's tiers light. */
  moveCells?(state: Uint8Array, move: Move): Iterable<number>;
  /** The state's text form (with `parse`): descriptions read `custom:` and this text. */
  describe?(state: Uint8Array): string;
  /** The state a text form names (`stateSize` bytes), or null when it names none (a parse error). */
  parse?(text: string): ArrayLike<number> | null;
}

/** A move to give: `from`, `to` default to -1 (inferred where the family can), `arg` to 0. */
export interface MoveInput {
  piece: number;
  from?: number;
  to?: number;
  arg?: number;
}

/** A parameter or play option of a family. */
export interface ParamSpec {
  name: string;
  kind: number;
  min: number;
  max: number;
  default: string;
  doc: string;
  choices: string[];
}

/** A family of the registry. */
export interface FamilyInfo {
  id: number;
  index: number;
  name: string;
  summary: string;
  ratingUnit: string;
  /** The node budget recommended for one per-frame call (what `lp bench frames` measured). */
  frameBudget: number;
  params: ParamSpec[];
  options: ParamSpec[];
  presets: { name: string; params: string }[];
  reasons: { code: number; name: string; doc: string }[];
  /** Kinds of its puzzles known by their own name (Rush Hour of sliding blocks): a family of their own to
   * a player; the notation names one to `Generator` and `Puzzle.parse`. */
  variants: { notation: string; title: string; params: string; presets: string[] }[];
}

/** Something to release: `free()` is idempotent; `using` works through `Symbol.dispose`. */
export interface Disposable {
  free(): void;
  [Symbol.dispose](): void;
}

/** What `nextHint` returns: frozen, the game's to keep. A ready hint (`status` OK) is a new object; while
 * the search runs the same IN_PROGRESS object comes back (a frame allocates nothing). `hint.ready` tells
 * the two kinds apart. */
export type Hint = ReadyHint | NoHint;

/** A hint to show: the move, how far the goal is, why, its cells and sentence. */
export interface ReadyHint {
  readonly status: 0;
  readonly ready: true;
  /** The move to play. */
  readonly move: Move;
  readonly movesLeft: number;
  readonly optimal: boolean;
  readonly reason: number;
  /** The grid cells the hint concerns (a copy of its own). */
  readonly cells: Uint16Array;
  /** The sentence, made when first read; null when the puzzle moved on before it was read. */
  readonly text: string | null;
  readonly error: null;
}

/** No hint (yet): still searching (IN_PROGRESS), or why none will come. */
export interface NoHint {
  readonly status: number;
  readonly ready: false;
  readonly move: null;
  readonly movesLeft: 0;
  readonly optimal: false;
  readonly reason: 0;
  readonly cells: Uint16Array;
  readonly text: null;
  /** For an error status (100 and more: ERR_CALLBACK when the game's function failed), the engine's message. */
  readonly error: string | null;
}

/** A game's history: the moves undo takes back (oldest first) and those redo plays again (in its order). */
export interface History {
  played: Move[];
  undone: Move[];
}

/** A Hargram piece drawing. */
export interface HargramPiece {
  width: number;
  height: number;
  cells: ArrayLike<number>;
  noMirror?: boolean;
}

/** A goal of a sliding-blocks puzzle. */
export interface BlocksGoal {
  block: number;
  row: number;
  col: number;
}

/** A puzzle being played. */
export declare class Puzzle implements Disposable {
  static parse(desc: string): Puzzle;
  /** A game's own puzzle from JavaScript functions (see CustomPuzzle), starting at `start`. */
  static custom(def: CustomPuzzle, start: ArrayLike<number>): Puzzle;
  /** A description of a puzzle of the same kind as `like` (a custom one read with its game). */
  static parseLike(like: Puzzle, desc: string): Puzzle;
  static tiles(width: number, height: number, start: ArrayLike<number>, goal?: ArrayLike<number> | null): Puzzle;
  static jugs(capacities: ArrayLike<number>, start: ArrayLike<number>, goal: ArrayLike<number>, tap?: boolean): Puzzle;
  static flip(width: number, height: number, start: ArrayLike<number>, target?: ArrayLike<number> | null): Puzzle;
  static hargram(width: number, height: number, blocked: ArrayLike<number> | null, pieces: HargramPiece[]): Puzzle;
  /** `grid`: the width × height squares in XSB characters, row-major. */
  static sokoban(width: number, height: number, grid: string): Puzzle;
  /** `axes[k - 1]` locks block k: 0 free, 1 horizontal, 2 vertical, 3 its long axis (Rush Hour). */
  static blocks(width: number, height: number, cells: ArrayLike<number>, goals: BlocksGoal[], count?: number, axes?: ArrayLike<number>): Puzzle;
  static linjat(width: number, height: number, cells: ArrayLike<number>): Puzzle;
  readonly familyId: number;
  readonly width: number;
  readonly height: number;
  readonly isSolved: boolean;
  size(): [number, number];
  cells(): Int32Array;
  readCells(into: Int32Array): number;
  describe(): string;
  moves(): Move[];
  moveText(move: MoveInput): string;
  /** How the sentences name piece `piece` ("the X pentomino", "truck C") or its drawing label ("X", "C");
   * null for a family whose moves name no piece, or no such piece. */
  pieceName(piece: number, key?: "name" | "label"): string | null;
  apply(move: MoveInput): void;
  tryApply(move: MoveInput): boolean;
  /** Takes back the last move (dropping the hint); false when there is none. */
  undo(): boolean;
  /** Plays again the last move undone; false when there is none. */
  redo(): boolean;
  history(): History;
  /** Room for `moves` moves of history: playing, undo, redo and copyFrom that many allocate nothing. */
  reserveHistory(moves: number): void;
  /** A copy of the game (level, options, position with every piece's number, history); free it. */
  clone(): Puzzle;
  /** Makes this puzzle the game `source` is (the same level); ERR_INVALID_ARGUMENT for another level. */
  copyFrom(source: Puzzle): void;
  /** The next hint within `budget` nodes (a whole number from 0 to 4294967295: anything else throws
   * `LpError` ERR_INVALID_ARGUMENT); no budget runs past the node limit (`setNodeLimit`). */
  nextHint(budget?: number): Hint;
  hintNow(budget?: number): Hint;
  /** Proves the stored solution (a pack's) by an optimal search from the start, `budget` nodes a call: OK
   * once proven (hints along it then say optimal), IN_PROGRESS: call again, NOT_FOUND: nothing to prove. */
  provePlan(budget?: number): number;
  /** After `nextHint` gave OUT_OF_NODES: the first move toward the closest position the search reached
   * (`reason` REASON_PARTIAL, never optimal), or NOT_FOUND. */
  partialHint(): Hint;
  hintText(): string | null;
  /** Why the position is lost, when the family sees it without search (Sokoban's dead boxes), or null. */
  lostText(): string | null;
  /** Tier `tier` of the last hint (1 where to look, 2 what to move, 3 the move, 4 the plan, in words its
   * first `moves` moves): its cells and words, or null when no hint was given from this position. */
  hintTier(tier: 1 | 2 | 3 | 4, moves?: number): { tier: number; cells: number[]; text: string } | null;
  /** "Check my board" a frame at a time (the same object every call; `status` IN_PROGRESS until OK). */
  checkBoard(budget?: number): BoardCheck;
  /** "Solve the trivial steps" a frame at a time (deductions of the rules named, or forced moves, at most
   * `maxMoves`): `status` IN_PROGRESS until OK, with the moves played; NOT_FOUND when a part drawn is in no
   * solution (nothing played). */
  trivialSteps(budget?: number, maxMoves?: number, rules?: number[]): { status: number; moves: Move[] };
  /** The cells of the parts the last check found wrong. */
  checkCells(): number[];
  /** The plan's next moves (at most `max`), the first the hint's; null when no hint was given here. */
  hintPlan(max?: number): Move[] | null;
  setOption(key: string, value: string | number | boolean): void;
  setNodeLimit(limit: number | bigint): void;
  /** Bounds every hint, check and trivial-steps search to `bytes` of memory: Sokoban shrinks its search to
   * fit, other families then answer ERR_OUT_OF_MEMORY. */
  setMemoryLimit(bytes: number | bigint): void;
  fact(name: string): number | undefined;
  /** The level's fingerprint (16 hex digits): equal for the same level up to the family's symmetries. */
  fingerprint(): string;
  /** Counts the solutions from here up to `limit` (Hargram, Linjat, Sudoku); runs to its end in this call. */
  countSolutions(limit?: number): { all: number; upToSymmetry: number; nodes: number; capped: boolean };
  /** The `index`-th solution counting finds (0 the first, 1 another) as a description of the solved
   * position, or null when there is none; for families that show them (Sudoku, two at most). */
  solution(index?: number): string | null;
  /** Every state reachable from here (families whose moves can be undone); runs to its end in this call. */
  cluster(nodeCap?: number): {
    states: number;
    solvedStates: number;
    startDistance: number;
    farthestDistance: number;
    expanded: number;
    bytes: number;
  } | null;
  setTables(tables: Tables): void;
  solver(algorithm?: AlgorithmCode | string, nodeCap?: number): Solver;
  solverBytes(algorithm: AlgorithmCode, nodeCap: number): number;
  save(): Uint8Array;
  deduction(): Deduction;
  free(): void;
  [Symbol.dispose](): void;
}

/** A rule solver's deduction (Linjat): each step's rule (a reason code), width and the cells it fixed. */
export interface Deduction {
  solved: boolean;
  steps: { reason: number; width: number; cells: number[] }[];
}

/** A pack being written. */
export declare class PackWriter implements Disposable {
  constructor();
  add(puzzle: Puzzle, rating: number, name?: string | null, tier?: string | null): void;
  /** Names the pack (null: no name); kept in its bytes, read back as `Pack.name`. */
  setName(name: string | null): void;
  bytes(): Uint8Array;
  free(): void;
  [Symbol.dispose](): void;
}

/** Counters of a solver run. */
export interface SolverStats {
  expanded: number;
  generated: number;
  peakStored: number;
  bytesReserved: number;
  solutionLength: number;
  solutionCost: number;
  /** Whether the solution is proven shortest (an exact algorithm and, for A* and IDA*, a heuristic the
   * family declares admissible). */
  optimal: boolean;
}

/** A stepped search. */
export declare class Solver implements Disposable {
  step(budget?: number): number;
  run(budget?: number): Outcome;
  moves(): Move[];
  setNodeLimit(limit: number | bigint): void;
  stats(): SolverStats;
  free(): void;
  [Symbol.dispose](): void;
}

/** What a generator step gives: one object, refilled by every step. */
export interface GeneratorStep {
  status: Outcome;
  puzzle: Puzzle | null;
  rating: number;
}

/** A stepped generator. */
export declare class Generator implements Disposable {
  constructor(family: string, params?: string, seed?: number | bigint);
  /** Puzzles like `like` (a custom puzzle's: `min=,max=,method=draw|scramble,steps=`). */
  static like(like: Puzzle, params?: string, seed?: number | bigint): Generator;
  step(budget?: number): GeneratorStep;
  next(budget?: number): { puzzle: Puzzle; rating: number } | null;
  setLimits(maxMisses: number | bigint, maxNodes: number | bigint, candidateNodes: number | bigint): void;
  setTables(tables: Tables): void;
  free(): void;
  [Symbol.dispose](): void;
}

/** Genetic-algorithm parameters. */
export interface GaParams {
  population: number;
  generations: number;
  tournament: number;
  crossover: number;
  mutation: number;
}

/** Progress of a GA run: one object, refilled by every step. */
export interface GaReport {
  status: Outcome;
  generation: number;
  bestFitness: number;
  perfect: number;
  found: boolean;
  evaluations: number;
}

/** A genetic-algorithm run (Hargram). */
export declare class Ga implements Disposable {
  constructor(puzzle: Puzzle, params?: GaParams | null, seed?: number | bigint);
  step(budget?: number): GaReport;
  best(): Move[];
  free(): void;
  [Symbol.dispose](): void;
}

/** Simulated annealing on the GA's genome (Hargram); a report's `generation` counts walks. `schedule`:
 * `"iterations=N,t_start=T,t_end=T,restarts=N,seed=N"`, any of them (null for the defaults). */
export declare class Annealing implements Disposable {
  constructor(puzzle: Puzzle, schedule?: string | null);
  step(budget?: number): GaReport;
  best(): Move[];
  free(): void;
  [Symbol.dispose](): void;
}

/** A loaded pack. */
export declare class Pack implements Disposable {
  static load(bytes: ArrayBuffer | Uint8Array): Pack;
  /** A pack of puzzles of the same kind as `like` (custom puzzles, which only their game reads). */
  static loadLike(bytes: ArrayBuffer | Uint8Array, like: Puzzle): Pack;
  readonly length: number;
  open(index: number): Puzzle;
  rating(index: number): number;
  /** A label of entry `index` (`"name"` or `"tier"`), or null when it has none. */
  label(index: number, key: "name" | "tier"): string | null;
  /** The pack's own name, or null when it was written without one. */
  readonly name: string | null;
  free(): void;
  [Symbol.dispose](): void;
}

/** Loaded tables. */
export declare class Tables implements Disposable {
  static load(bytes: ArrayBuffer | Uint8Array): Tables;
  free(): void;
  [Symbol.dispose](): void;
}

/** The loaded library. */
export interface Lphint {
  readonly version: number;
  readonly Status: typeof Status;
  readonly Algorithm: typeof Algorithm;
  readonly Puzzle: typeof Puzzle;
  readonly Solver: typeof Solver;
  readonly Generator: typeof Generator;
  readonly Ga: typeof Ga;
  readonly Annealing: typeof Annealing;
  readonly Pack: typeof Pack;
  readonly Tables: typeof Tables;
  readonly PackWriter: typeof PackWriter;
  families(): FamilyInfo[];
  /** The index in `families()` of the family named `name`. */
  familyIndex(name: string): number;
  /** The budget units the last per-frame call spent (0 for a hint read off a stored plan). */
  lastWork(): number;
  generate(family: string, params?: string, seed?: number | bigint): { puzzle: Puzzle; rating: number } | null;
}
