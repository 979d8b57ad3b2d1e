// The Play tab: any family's puzzle from a description, a preset, a pack or a generated batch, played by
// mouse and keyboard (when the board has focus) with undo and redo; the explained hint; the exact
// solution (found in the worker, with progress and cancel) and any replay on a scrubber; and (Linjat) the
// rule solver's deduction layer by layer.
import { Status, statusName } from "./lphint/index.js";
import { draw, click, key, colour, noun, pointOf } from "./board.js";
import { Job, reason } from "./jobs.js";
import { boardSvg, svgToPng } from "./levels.js";
import { download } from "./charts.js";

const $ = (id) => document.getElementById(id);
const HINT_BUDGET = 2000; // node expansions per animation frame
const SOLVE_NODES = 50_000_000;
const REPLAY_MS = 300;
const PLAN_SHOWN = 5; // moves the plan coin shows
const FORCED_MOVES = 20; // forced moves a Trivial steps click plays at most
const FORCED_NODES = 200_000; // node limit of each search that tells a forced move

/** `n` and a rating unit ("moves", "pushes", "presses", "nodes", "steps"), singular for one. */
export function counting(n, unit) {
  const one = /(ss|sh)es$/.test(unit) ? unit.slice(0, -2) : unit.replace(/s$/, "");
  return `${n} ${n === 1 ? one : unit}`;
}

/** Moves as the player counts them: a Sokoban push (its steps are the walk to it), a run of slides of
 * one block (a key moves a car a cell; a car slid on is one move, as Rush Hour counts), else each move. */
export function counted(family, moves) {
  if (family === "sokoban") return moves.filter((m) => m.arg === 0).length;
  if (family === "blocks") return moves.filter((m, i) => i === 0 || m.piece !== moves[i - 1].piece).length;
  return moves.length;
}

/** How many engine moves one Undo takes back from `played`: the steps after the last push (when there
 * are some), else the last push and the walk to it; a block's last run of slides; else one. */
function unitBack(family, played) {
  const last = played.length - 1;
  let n = 1;
  if (family === "sokoban") {
    // From a step: the steps back to the last push. From a push: it, and the walk to it.
    const step = (i) => i >= 0 && played[i].arg !== 0;
    while (step(last - n)) n++;
  } else if (family === "blocks") {
    while (n <= last && played[last - n].piece === played[last].piece) n++;
  }
  return n;
}

/** How many engine moves one Redo plays from `undone` (in redo order): the walk to the next push and
 * the push, a block's run of slides, else one. */
function unitForward(family, undone) {
  let n = 1;
  if (family === "sokoban") {
    n = 0;
    while (n < undone.length && undone[n].arg !== 0) n++;
    n = Math.min(n + 1, undone.length);
  } else if (family === "blocks") {
    while (n < undone.length && undone[n].piece === undone[0].piece) n++;
  }
  return n;
}

export class Play {
  constructor(studio) {
    this.studio = studio;
    this.lp = studio.lp;
    this.puzzle = null;
    this.view = null;
    this.hint = null;
    this.animation = null;
    this.replay = null;
    this.pack = null;
    this.presetOf = {};
    this.job = new Job();
    this.canvas = $("board");
    studio.fillFamilies($("play-family"), () => this.pickFamily());
    $("play-preset").onchange = () => (this.presetOf[this.family.name] = $("play-preset").value);
    $("play-load").onclick = () => this.tryLoad($("play-desc").value.trim());
    $("play-desc").onkeydown = (e) => {
      if (e.key === "Enter") this.tryLoad($("play-desc").value.trim());
    };
    $("play-generate").onclick = () => this.generateOne();
    $("play-cancel").onclick = () => {
      this.say(`Cancelled (${$("play-work").textContent.replace(/…$/, "")}).`);
      this.job.cancel();
    };
    $("play-pack").onchange = (e) => this.openPackFile(e.target.files[0]);
    $("play-custom").onchange = (e) => this.openCustomFile(e.target.files[0]);
    $("play-pack-entry").onchange = (e) => this.openPackEntry(Number(e.target.value));
    $("undo").onclick = () => this.undo();
    $("redo").onclick = () => this.redo();
    $("restart").onclick = () => this.restart();
    $("play-playtest").onclick = () => this.startPlaytest();
    $("playtest-stop").onclick = () => this.playtest && this.endPlaytest("Stopped.");
    $("play-svg").onclick = () => this.exportImage("svg");
    $("play-png").onclick = () => this.exportImage("png");
    $("play-copy").onclick = () => this.puzzle && studio.copy(this.puzzle.describe(), "Description");
    $("hint").onclick = () => this.askHint(false);
    $("hint-region").onclick = () => this.askHint(false, 1);
    $("hint-piece").onclick = () => this.askHint(false, 2);
    $("hint-plan").onclick = () => this.askHint(false, 4);
    $("play-hint").onclick = () => this.askHint(true);
    $("solve").onclick = () => this.solve();
    $("check").onclick = () => this.checkBoard();
    $("trivial").onclick = () => this.trivialSteps();
    $("rules").onclick = () => this.showRules();
    $("play-edit").onclick = () => this.studio.edit.open(this.puzzle.describe());
    $("rules-step").oninput = () => this.drawRules();
    $("replay-step").oninput = () => this.seek(Number($("replay-step").value));
    $("replay-back").onclick = () => this.seek(this.replay.at - 1);
    $("replay-forward").onclick = () => this.seek(this.replay.at + 1);
    $("replay-play").onclick = () => this.toggleReplay();
    this.canvas.onclick = (e) => this.canvasClick(e);
    this.canvas.onkeydown = (e) => this.keyDown(e);
    this.canvas.onfocus = () => this.redraw();
    this.canvas.onblur = () => this.redraw();
    this.fillPresets(this.family);
  }

  get family() {
    return this.studio.family($("play-family").value);
  }

  /** The family's presets in the dropdown, the one last chosen for it selected. */
  fillPresets(family) {
    $("play-preset").replaceChildren(...family.presets.map((p) => this.studio.presetOption(family, p)));
    if (this.presetOf[family.name]) $("play-preset").value = this.presetOf[family.name];
    $("rules").hidden = !this.studio.deduces(family);
  }

  /** A family picked: its presets listed, and a puzzle of the chosen preset generated. */
  pickFamily() {
    this.fillPresets(this.family);
    this.generateOne();
  }

  /** One puzzle of the preset, generated in the worker (Cancel stops it). */
  async generateOne() {
    const family = this.family;
    if (family.presets.length === 0) {
      // A custom puzzle comes from its module: its start again.
      const module = this.studio.customModule;
      if (module) this.open(this.lp.Puzzle.custom(module.puzzle, module.start), `the start of ${module.name ?? "the custom puzzle"}`);
      return;
    }
    const params = [`preset=${$("play-preset").value}`, this.studio.quickParams(family)].filter(Boolean).join(",");
    this.busy(`generating a ${family.name} puzzle (${$("play-preset").value})…`);
    const seed = Math.floor(Math.random() * 1e9);
    let made = null;
    const end = await this.job.run({ type: "generate", family: family.name, params, count: 1, seed }, (m) => {
      if (m.type === "puzzle") made = m;
      else if (m.type === "working") this.busy(`generating a ${family.name} puzzle: ${(m.ms / 1000).toFixed(1)} s, ${(m.nodes / 1e6).toFixed(1)} M work units`);
    });
    if (!this.job.busy) this.busy(null); // not when another task took the worker over
    // Cancelled by Cancel (which says so) or by another puzzle opened meanwhile: that one stays.
    if (end.type === "cancelled") return;
    if (made) this.openPackBytes(made.pack, `generated, rated ${counting(made.rating, family.ratingUnit)}`);
    else this.say(end.message || `No puzzle generated (status ${end.status}).`);
  }

  /** Shows that a worker task runs (Cancel enabled), or that none does. */
  busy(text) {
    $("play-cancel").hidden = text === null;
    $("play-work").textContent = text ?? "";
  }

  /** Opens a description; false (and the reason said) when it is not a puzzle. */
  tryLoad(desc, how = "loaded") {
    const field = $("play-desc");
    try {
      this.open(this.studio.parse(desc), how);
      field.value = this.view.desc;
      field.removeAttribute("aria-invalid");
      return true;
    } catch (e) {
      // The field is marked, and the sentence says the board shown is still the last one opened.
      field.setAttribute("aria-invalid", "true");
      this.say(`Not a puzzle: ${reason(e)}. The board shown is still the last one opened.`);
      return false;
    }
  }

  async openPackFile(file) {
    if (!file) return;
    try {
      this.pack?.free();
      this.pack = this.lp.Pack.load(new Uint8Array(await file.arrayBuffer()));
      const entries = $("play-pack-entry");
      // Each level by its name and tier when the pack gives them, with its rating.
      const title = (i) => {
        const [name, tier] = [this.pack.label(i, "name"), this.pack.label(i, "tier")];
        return `${name ?? `level ${i + 1}`}${tier ? `, ${tier}` : ""} (rating ${this.pack.rating(i)})`;
      };
      entries.replaceChildren(...Array.from({ length: this.pack.length }, (_, i) => new Option(title(i), i)));
      this.packName = this.pack.name ?? file.name;
      $("play-pack-entry-label").firstChild.textContent = `Level of ${this.packName} `;
      $("play-pack-entry-label").hidden = false;
      $("play-playtest").hidden = false;
      this.openPackEntry(0);
    } catch (e) {
      this.say(reason(e));
    }
  }

  /** A custom puzzle module (a JavaScript file): its puzzle opened from its start. */
  async openCustomFile(file) {
    if (!file) return;
    try {
      const module = await this.studio.loadCustom(await file.text());
      const select = $("play-family");
      if (![...select.options].some((o) => o.value === "custom")) select.append(new Option("custom — a JavaScript module", "custom"));
      this.open(this.lp.Puzzle.custom(module.puzzle, module.start), `opened ${module.name ?? file.name} (a custom puzzle)`);
    } catch (e) {
      this.say(reason(e));
    }
  }

  openPackEntry(index) {
    this.open(this.pack.open(index), `level ${index + 1} of ${this.packName}`);
  }

  /** Opens a one-puzzle pack's puzzle (keeping its stored solution for the hints). */
  openPackBytes(bytes, how) {
    const pack = this.lp.Pack.load(bytes);
    this.open(pack.open(0), how);
    pack.free();
  }

  /** Plays `puzzle` from now on (the Play tab owns it); a playtest ends when another puzzle opens. */
  open(puzzle, how) {
    if (this.playtest && !this.playtest.opening) this.endPlaytest("stopped: another puzzle was opened");
    this.job.cancel(); // a generation or solve still running is for the position being left
    this.stop();
    this.endReplay();
    this.puzzle?.free();
    this.puzzle = puzzle;
    const family = this.studio.listedOf(puzzle);
    if ($("play-family").value !== family.name) {
      $("play-family").value = family.name;
      this.fillPresets(family);
    }
    this.hint = null;
    this.view = null;
    this.names = null;
    this.hideRules();
    this.render();
    this.say(how);
    this.provePlan();
  }

  /** A level from a pack or a generator comes with its solution, which the engine does not vouch for
   * (hints along it say "not proven shortest"): proved here a frame at a time by an optimal search from
   * the start (what the first hint of the level typed as a description costs), yielding to a hint being
   * searched; once proven, hints along it say optimal. A level with nothing to prove ends at once. */
  provePlan() {
    cancelAnimationFrame(this.proof ?? 0);
    const puzzle = this.puzzle;
    const frame = () => {
      this.proof = null;
      if (this.puzzle !== puzzle) return;
      // A hint search shares the engine's solver: the proof waits for it.
      if (this.animation) {
        this.proof = requestAnimationFrame(frame);
        return;
      }
      if (puzzle.provePlan(HINT_BUDGET) === Status.IN_PROGRESS) this.proof = requestAnimationFrame(frame);
    };
    frame();
  }

  /** The game as the engine saves it (base64), moves included; null for a custom puzzle (its module
   * reads it) or no puzzle. */
  saved() {
    if (!this.puzzle || this.puzzle.familyId === 0) return null;
    return btoa(String.fromCharCode(...this.puzzle.save()));
  }

  /** The game saved by `saved()` on the last visit, when it stands at `desc`: its moves undo again. */
  resume(game, desc) {
    try {
      const pack = this.lp.Pack.load(Uint8Array.from(atob(game), (c) => c.charCodeAt(0)));
      const puzzle = pack.open(0);
      pack.free();
      if (puzzle.describe() !== desc) {
        puzzle.free();
        return false;
      }
      this.open(puzzle, "restored from the last visit, with its moves");
      return true;
    } catch {
      return false;
    }
  }

  /** Opens a description (from Compare or Generate), optionally to replay `moves` on it. */
  openDesc(desc, moves = null, what = "A solution.") {
    this.studio.show("play");
    this.open(this.studio.parse(desc), what);
    if (moves) this.startReplay(desc, moves, what);
  }

  describe() {
    return this.puzzle.describe();
  }

  /** The view of a level as a board shows it at its start (no cursor, hint or selection): for images. */
  levelView(desc) {
    const puzzle = this.studio.parse(desc);
    try {
      const [width, height] = puzzle.size();
      const family = this.studio.familyById(puzzle.familyId).name;
      const cells = Array.from(puzzle.cells());
      return { family, width, height, cells, desc: puzzle.describe(), moves: [], highlight: new Set(), hintMove: null, selected: null, cursor: 0, lastPlaced: null, names: this.pieceNames(family, puzzle) };
    } finally {
      puzzle.free();
    }
  }

  /** The position shown, downloaded as an SVG (vector) or PNG image named after its family. */
  async exportImage(kind) {
    // At the board's size on screen: the image is the board as shown (PNG at twice its pixels).
    const size = this.canvas.width;
    const svg = boardSvg(this.levelView(this.describe()), size);
    const blob = kind === "svg" ? new Blob([svg], { type: "image/svg+xml" }) : await svgToPng(svg, 2 * size, 2 * size);
    download(blob, `${this.view.family}-level.${kind}`);
  }

  render() {
    const puzzle = this.puzzle;
    const [width, height] = puzzle.size();
    const family = this.studio.familyById(puzzle.familyId).name;
    const keep = this.view && this.view.family === family ? this.view : { selected: null, cursor: 0 };
    this.view = {
      family,
      width,
      height,
      cells: Array.from(puzzle.cells()),
      desc: puzzle.describe(),
      moves: puzzle.moves(),
      highlight: new Set(this.hint ? this.hint.cells : []),
      hintMove: this.hint?.move ?? null,
      selected: keep.selected,
      cursor: Math.min(keep.cursor ?? 0, width * height - 1),
      lastPlaced: keep.lastPlaced ?? null,
      pencil: keep.pencil ?? false,
      names: (this.names ??= this.pieceNames(family, puzzle)),
      marks: $("rules-panel").hidden ? null : this.view?.marks,
    };
    this.redraw();
    // Not while the designer is typing a description: their text stays until they load it.
    if (document.activeElement !== $("play-desc")) $("play-desc").value = this.view.desc;
    const solved = puzzle.isSolved;
    const history = puzzle.history();
    const played = counted(family, history.played);
    $("status").dataset.solved = String(solved);
    $("status").dataset.played = String(played);
    $("status").textContent = `${solved ? "Solved! " : ""}${played} ${noun(family, played)} played`;
    $("undo").disabled = $("restart").disabled = history.played.length === 0;
    $("redo").disabled = history.undone.length === 0;
    this.listMoves();
    this.showGoal();
    if (solved && this.playtest?.started !== undefined) this.levelSolved();
    this.studio.currentChanged(this.view.desc, family);
  }

  /** A sliding-tile puzzle with its own goal (a fourth field) shows it beside the board; the default
   * goal (1, 2, …, blank) needs no showing. */
  showGoal() {
    const [kind, size, , goal] = this.view.desc.split(":");
    const shown = kind === "tiles" && goal !== undefined;
    $("play-goal").hidden = !shown;
    if (!shown) return;
    const width = Number(size.split("x")[0]);
    const tiles = goal.split(",");
    const rows = [];
    for (let r = 0; r * width < tiles.length; r++) {
      const tr = document.createElement("tr");
      for (const t of tiles.slice(r * width, (r + 1) * width)) {
        const td = document.createElement("td");
        td.textContent = t === "0" ? "" : t;
        if (t === "0") td.setAttribute("aria-label", "blank");
        tr.append(td);
      }
      rows.push(tr);
    }
    $("play-goal-grid").tBodies[0].replaceChildren(...rows);
  }

  /** Canvas points of a cell and of a tray slot (Hargram's pieces after the cells). */
  cellPoint(cell) {
    return pointOf(this.canvas, this.view, cell);
  }

  trayPoint(slot) {
    return pointOf(this.canvas, this.view, this.view.width * this.view.height + slot);
  }

  redraw() {
    if (!this.view) return;
    this.view.showCursor = document.activeElement === this.canvas;
    draw(this.canvas, this.view);
  }

  /** Hargram's pieces as the engine names them in its sentences ("the X pentomino") with the letter its
   * drawings give them, for the tray. */
  pieceNames(family, puzzle) {
    if (family !== "hargram") return null;
    const names = [];
    for (let name; (name = puzzle.pieceName(names.length)) !== null; ) names.push({ name, letter: puzzle.pieceName(names.length, "label") });
    return names;
  }


  listMoves() {
    const moves = this.view.moves;
    const buttons = moves.slice(0, 300).map((move) => {
      const button = document.createElement("button");
      button.textContent = this.puzzle.moveText(move);
      button.onclick = () => this.play(move);
      return button;
    });
    $("moves").replaceChildren(...buttons);
    $("moves-count").textContent = moves.length > 300 ? `(the first 300 of ${moves.length})` : `(${moves.length})`;
  }

  /** Plays `move` (the engine keeps it for undo, with every piece's number). */
  play(move, fromReplay = false) {
    const family = this.view?.family;
    const before = this.playtest ? counted(family, this.puzzle.history().played) : 0;
    if (!this.puzzle.tryApply(move)) return false;
    // A playtest counts every move made, undone ones too, as the player counts them.
    if (this.playtest) this.playtest.moves += counted(family, this.puzzle.history().played) - before;
    if (!fromReplay) this.endReplay();
    this.moved();
    return true;
  }

  /** After a move, an undo or a redo: the hint (its cells and sentence) belonged to the position left. */
  moved() {
    if (this.hint || $("sentence").dataset.hint === "true") this.say("");
    this.hint = null;
    this.hideRules();
    this.render();
  }

  /** Takes back one move as the player counts them: a Sokoban push with the walk to it (or the walk
   * after the last push), a block's run of slides, else a move. */
  undo() {
    const { played } = this.puzzle.history();
    if (played.length === 0) return;
    this.stop();
    this.endReplay();
    for (let n = unitBack(this.view.family, played); n > 0; n--) this.puzzle.undo();
    this.moved();
  }

  /** Back to the start: every move undone at once (Redo steps forward again, move by move). */
  restart() {
    if (this.puzzle.history().played.length === 0) return;
    this.stop();
    this.endReplay();
    while (this.puzzle.undo());
    this.moved();
    this.say("Back to the start.");
  }

  redo() {
    const { undone } = this.puzzle.history();
    if (undone.length === 0) return;
    this.endReplay();
    for (let n = unitForward(this.view.family, undone); n > 0; n--) this.puzzle.redo();
    this.moved();
  }

  /** A click's or key's result: a move, or moves then a move chosen on the position after them. */
  act(result) {
    if (!result) return false;
    if (!result.moves) return this.play(result);
    if (!result.moves.every((m) => m && this.play(m))) return false;
    const next = result.then(this.view);
    return next ? this.play(next) : true;
  }

  canvasClick(event) {
    this.canvas.focus();
    if (!this.act(click(this.canvas, this.view, event))) this.redraw();
  }

  /** The board's keys (only while it has focus, so that dropdowns and fields keep theirs). */
  keyDown(event) {
    const ctrl = event.ctrlKey || event.metaKey;
    if (ctrl && event.key === "z") this.undo();
    else if (ctrl && (event.key === "y" || event.key === "Z")) this.redo();
    else if (ctrl || event.altKey) return;
    else if (event.key === "h") this.askHint(false);
    else if (event.key === "p") this.askHint(true);
    else {
      const result = key(this.canvas, this.view, event.key);
      if (result === undefined) return;
      if (!this.act(result)) this.redraw();
    }
    event.preventDefault();
  }

  say(text, isHint = false) {
    $("sentence").dataset.hint = String(isHint);
    $("sentence").textContent = text;
  }

  /** The hint, asked for a little each animation frame; shown (cells and sentence), played if `andPlay`. */
  askHint(andPlay, tier = 3) {
    this.stop();
    if (this.playtest && !this.puzzle.isSolved) this.playtest.hints++;
    const frame = () => {
      const hint = this.puzzle.nextHint(HINT_BUDGET);
      if (hint.status === Status.IN_PROGRESS) {
        this.animation = { frame: requestAnimationFrame(frame) };
        return;
      }
      this.animation = null;
      // The search ran out of nodes: the partial hint, a push toward the closest position it reached.
      const partial = hint.status === Status.OUT_OF_NODES ? this.puzzle.partialHint() : null;
      if (partial?.status === Status.OK) {
        this.hint = { cells: Array.from(partial.cells), move: { ...partial.move } };
        this.render();
        this.say(`No whole plan within the node limit. A partial hint: ${partial.text}.`, true);
        return;
      }
      if (hint.status !== Status.OK) {
        this.say({ [Status.ALREADY_SOLVED]: "Already solved.", [Status.UNSOLVABLE]: "No solution from here." }[hint.status] ?? `No hint (status ${hint.status}).`);
        return;
      }
      const family = this.family;
      const reason = this.studio.reasonName(family, hint.reason);
      const left = `${hint.movesLeft} ${noun(family.engine, hint.movesLeft)} to go`;
      const text = `${hint.text} [${reason}; ${left}${hint.optimal ? ", optimal" : ", not proven shortest"}]`;
      this.hint = { cells: Array.from(hint.cells), move: { ...hint.move } };
      // A vaguer coin (where to look, what to move) or the plan: its cells and words, from the same plan.
      const coin = tier === 3 ? null : this.puzzle.hintTier(tier, PLAN_SHOWN);
      if (coin) this.hint.cells = coin.cells;
      if (andPlay) this.play(this.hint.move);
      else this.render();
      // Said after the hint is played (Play hint): the next move, undo or redo clears it.
      this.say(coin ? `${coin.text[0].toUpperCase()}${coin.text.slice(1)}. [${["where to look", "what to move", "", "the plan"][tier - 1]}; ${left}]` : text, true);
    };
    this.animation = { frame: requestAnimationFrame(frame) };
  }

  /** Playtest: the pack's levels in order from the first, each timed with its moves and hints. */
  startPlaytest() {
    this.playtest = { index: 0, results: [] };
    $("playtest").hidden = false;
    $("playtest-stop").hidden = false;
    $("playtest-summary").hidden = true;
    this.openPlaytestLevel();
  }

  openPlaytestLevel() {
    const test = this.playtest;
    test.opening = true;
    $("play-pack-entry").value = String(test.index);
    this.openPackEntry(test.index);
    test.opening = false;
    Object.assign(test, { started: performance.now(), moves: 0, hints: 0 });
    $("playtest-state").textContent = `Level ${test.index + 1} of ${this.pack.length}: play it (the next opens when it is solved).`;
    this.canvas.focus();
  }

  /** A playtest level solved: its numbers kept, then the next level, or the summary after the last. */
  levelSolved() {
    const test = this.playtest;
    const seconds = (performance.now() - test.started) / 1000;
    const family = this.family;
    test.results.push({
      level: `${test.index + 1}. ${this.pack.label(test.index, "name") ?? `level ${test.index + 1}`}`,
      rating: counting(this.pack.rating(test.index), family.ratingUnit),
      moves: test.moves,
      movesSaid: `${test.moves} ${noun(family.engine, test.moves)}`,
      hints: test.hints,
      seconds,
    });
    test.started = undefined; // the level is done: no second result for it
    const said = `Level ${test.index + 1} solved: ${test.moves} ${noun(this.family.engine, test.moves)}, ${test.hints} ${test.hints === 1 ? "hint" : "hints"}, ${seconds.toFixed(1)} s.`;
    if (++test.index < this.pack.length) {
      $("playtest-state").textContent = `${said} Next: level ${test.index + 1}.`;
      setTimeout(() => this.playtest === test && this.openPlaytestLevel(), 400);
    } else this.endPlaytest(`${said} The pack is done.`);
  }

  endPlaytest(why) {
    const results = this.playtest.results;
    this.playtest = null;
    $("playtest-stop").hidden = true;
    const rows = results.map((r) => {
      const row = document.createElement("tr");
      const hints = `${r.hints} ${r.hints === 1 ? "hint" : "hints"}`;
      for (const [v, kind] of [[r.level, ""], [r.rating, "num"], [r.movesSaid, "num"], [hints, "num"], [`${r.seconds.toFixed(1)} s`, "num"]]) {
        row.append(Object.assign(document.createElement("td"), { textContent: v, className: kind }));
      }
      return row;
    });
    const total = (key) => results.reduce((sum, r) => sum + r[key], 0);
    $("playtest-state").textContent = `${why} ${results.length} ${results.length === 1 ? "level" : "levels"} solved: ${total("moves")} moves, ${total("hints")} hints, ${total("seconds").toFixed(1)} s in all.`;
    $("playtest-summary").tBodies[0].replaceChildren(...rows);
    $("playtest-summary").hidden = results.length === 0;
  }

  /** The trivial steps: the rules' deductions (Linjat) or the forced moves, worked out a little each
   * animation frame on a copy of the position (the page stays responsive; Stop or any move cancels),
   * then each played as a move of its own (undoable one by one). */
  trivialSteps() {
    this.stop();
    const start = this.puzzle.describe();
    const probe = this.studio.parse(start);
    probe.setNodeLimit(FORCED_NODES);
    const done = (text) => {
      probe.free();
      this.animation = null;
      this.say(text);
    };
    const frame = () => {
      let steps;
      try {
        steps = probe.trivialSteps(HINT_BUDGET, FORCED_MOVES);
      } catch (e) {
        return done(reason(e));
      }
      if (steps.status === Status.IN_PROGRESS) {
        this.animation = { frame: requestAnimationFrame(frame), cancel: () => probe.free() };
        return;
      }
      if (steps.status === Status.NOT_FOUND) return done("No trivial steps: the board holds a part no solution has. Take it off first (Check my board names it).");
      if (steps.status !== Status.OK) return done(`No trivial steps (${statusName(steps.status)}).`);
      const family = this.view.family;
      done(steps.moves.length ? `Trivial steps: ${steps.moves.length} ${noun(family, steps.moves.length)} played.` : "No trivial step here: every way on needs a choice.");
      steps.moves.forEach((move) => this.play(move));
    };
    this.say("Working out the trivial steps…");
    this.animation = { frame: requestAnimationFrame(frame), cancel: () => probe.free() };
  }

  /** The game so far as the worker reads it: every position's description from the start (each piece
   * under its number), and the moves between them. */
  gameLine() {
    const { played } = this.puzzle.history();
    const line = this.puzzle.clone();
    try {
      while (line.undo());
      const descs = [line.describe()];
      for (const move of played) {
        line.apply(move);
        descs.push(line.describe());
      }
      return { descs, moves: played };
    } finally {
      line.free();
    }
  }

  /** "Check my board" on the game played so far, in the worker: solvable, how far now against the
   * start, the first move off every shortest solution, the move that lost the puzzle, wrong parts lit. */
  async checkBoard() {
    this.stop();
    const { descs, moves: made } = this.gameLine();
    const here = descs.at(-1);
    this.busy("checking…");
    const end = await this.job.run(this.studio.task({ type: "check", descs, moves: made }));
    this.busy(null);
    if (end.type !== "done" || this.puzzle.describe() !== here) return;
    if (end.status !== Status.OK) {
      this.say(`No check: ${end.message || `status ${end.status}`}.`);
      return;
    }
    const family = this.view.family;
    const moves = (n) => `${n} ${noun(family, n)}`;
    const far = end.distance < 0 ? "it can no longer be solved" : end.distance === 0 ? "solved" : `${moves(end.distance)} from the goal (the start was ${moves(end.startDistance)})`;
    const wrong = end.firstWrong < 0 ? "every move so far was on a shortest solution" : `your move ${end.firstWrong + 1} (${end.wrongText}) left every shortest solution`;
    const lost = end.lostAt >= 0 ? `; move ${end.lostAt + 1} (${end.lostText}) made it unsolvable` : "";
    // In a lost position the lit parts are what the engine's reason names (boxes on dead squares, frozen
    // or held, or boxes and the goals they compete for): its sentence says which, not this one.
    const where = end.distance < 0 ? "are why it is lost" : "are where the solution has none";
    const why = end.distance < 0 && end.lostWhy ? ` (${end.lostWhy})` : "";
    const parts = end.mistakesKnown && end.cells.length ? `; the parts lit ${where}${why}` : "";
    const estimate = end.exact ? "" : " (distances not proven shortest)";
    this.hint = end.cells.length ? { cells: end.cells, move: null } : null;
    this.render();
    $("sentence").dataset.check = JSON.stringify({ distance: end.distance, startDistance: end.startDistance, firstWrong: end.firstWrong, lostAt: end.lostAt, cells: end.cells });
    this.say(`Check: ${far}; ${wrong}${lost}${parts}${estimate}.`);
  }

  /** The exact solver's solution from here, found in the worker, then replayed on the scrubber. */
  async solve() {
    this.stop();
    const desc = this.puzzle.describe();
    this.busy("solving…");
    const end = await this.job.run(this.studio.task({ type: "solve", desc, nodeLimit: SOLVE_NODES }), (m) => {
      if (m.type === "progress") this.busy(`solving: ${m.expanded.toLocaleString("en")} nodes expanded`);
    });
    if (!this.job.busy) this.busy(null); // not when another task took the worker over
    if (end.type === "cancelled") return;
    if (end.type === "error") return this.say(end.message);
    if (end.status !== Status.OK) {
      const why = { [Status.UNSOLVABLE]: "No solution from here.", [Status.ALREADY_SOLVED]: "Already solved.", [Status.OUT_OF_NODES]: `The solver stopped after ${SOLVE_NODES.toLocaleString("en")} nodes without a solution.` };
      return this.say(why[end.status] ?? `The solver stopped (status ${end.status}).`);
    }
    if (this.puzzle.describe() !== desc) return this.say("The position changed while solving; ask again.");
    const family = this.family.engine;
    const count = `${end.moves.length} ${noun(family, end.moves.length)}`;
    const what = end.optimal ? `An optimal solution: ${count}.` : `A solution of ${count} (not proven shortest).`;
    this.say(what);
    this.startReplay(desc, end.moves, what, true);
  }

  /** The replay scrubber over `moves` from the position `desc`: slider, step, play and pause. */
  startReplay(desc, moves, what, autoplay = true) {
    this.endReplay();
    this.replay = { desc, moves, what, at: 0, timer: null };
    $("replay").hidden = false;
    $("replay-step").max = moves.length;
    $("replay-step").value = 0;
    this.showReplay();
    if (autoplay) this.toggleReplay();
  }

  showReplay() {
    const r = this.replay;
    $("replay-step").value = r.at;
    $("replay-label").textContent = `${r.what} Move ${r.at} of ${r.moves.length}.`;
    $("replay-play").textContent = r.timer ? "Pause" : "Play";
    $("replay-back").disabled = r.at === 0;
    $("replay-forward").disabled = r.at === r.moves.length;
  }

  /** The replay's position after `at` of its moves. */
  seek(at) {
    const r = this.replay;
    if (!r) return;
    r.at = Math.max(0, Math.min(r.moves.length, at));
    const puzzle = this.studio.parse(r.desc);
    r.moves.slice(0, r.at).forEach((move) => puzzle.apply(move));
    this.puzzle.free();
    this.puzzle = puzzle;
    this.hint = null;
    this.hideRules();
    this.render();
    this.showReplay();
  }

  toggleReplay() {
    const r = this.replay;
    if (r.timer) {
      clearTimeout(r.timer);
      r.timer = null;
      this.say(`Replay paused at move ${r.at} of ${r.moves.length}.`);
    } else {
      if (r.at === r.moves.length) this.seek(0);
      const step = () => {
        this.seek(r.at + 1);
        r.timer = r.at < r.moves.length ? setTimeout(step, REPLAY_MS) : null;
        this.showReplay();
      };
      r.timer = setTimeout(step, REPLAY_MS);
    }
    this.showReplay();
  }

  /** Ends the replay (a move of the player's own, another puzzle); says where it stopped. */
  endReplay() {
    const r = this.replay;
    if (!r) return;
    if (r.timer) clearTimeout(r.timer);
    this.replay = null;
    $("replay").hidden = true;
    $("replay-label").textContent = "";
    if (r.at < r.moves.length) this.say(`Replay stopped at move ${r.at} of ${r.moves.length}.`);
  }

  stop() {
    if (this.animation?.frame !== undefined) cancelAnimationFrame(this.animation.frame);
    this.animation?.cancel?.();
    this.animation = null;
  }

  hideRules() {
    $("rules-panel").hidden = true;
    if (this.view) this.view.marks = null;
  }

  /** Linjat: the deduction from the current position, layer by layer (the slider steps through it). */
  showRules() {
    try {
      this.deduction = this.puzzle.deduction();
    } catch (e) {
      return this.say(reason(e));
    }
    const steps = this.deduction.steps;
    $("rules-list").replaceChildren(
      ...steps.map((s, i) => {
        const item = document.createElement("li");
        const button = document.createElement("button");
        button.textContent = `${this.studio.reasonName(this.family, s.reason)} (width ${s.width}): ${s.cells.length} cells`;
        button.title = this.family.reasons.find((r) => r.code === s.reason)?.doc ?? "";
        button.style.borderLeft = `10px solid ${colour(s.reason, 45)}`;
        button.onclick = () => {
          $("rules-step").value = i + 1;
          this.drawRules();
        };
        item.append(button);
        return item;
      }),
    );
    $("rules-step").max = steps.length;
    $("rules-step").value = steps.length;
    $("rules-panel").hidden = false;
    this.drawRules();
  }

  drawRules() {
    const upTo = Number($("rules-step").value);
    const marks = new Map();
    this.deduction.steps.slice(0, upTo).forEach((s) => s.cells.forEach((c) => marks.set(c, colour(s.reason, 45))));
    this.view.marks = marks;
    this.redraw();
    const last = this.deduction.steps[upTo - 1];
    const name = last ? this.studio.reasonName(this.family, last.reason) : "start";
    $("rules-label").textContent = `layer ${upTo} of ${this.deduction.steps.length}: ${name}${this.deduction.solved ? "" : " (the rules get stuck)"}`;
    [...$("rules-list").children].forEach((li, i) => (li.dataset.current = String(i === upTo - 1)));
  }
}
