// The Play tab: any family's puzzle from a description, a preset, a pack or a generated batch, played by
// mouse and keyboard with undo and redo; the explained hint, the optimal solution animated, and (Linjat)
// the rule solver's deduction layer by layer.
import { Status, Algorithm } from "./lphint/index.js";
import { draw, click, key, colour } from "./board.js";

const $ = (id) => document.getElementById(id);
const HINT_BUDGET = 2000; // node expansions per animation frame

export class Play {
  constructor(studio) {
    this.studio = studio;
    this.lp = studio.lp;
    this.puzzle = null;
    this.history = [];
    this.future = [];
    this.view = null;
    this.hint = null;
    this.animation = null;
    this.pack = null;
    this.canvas = $("board");
    studio.fillFamilies($("play-family"), () => this.pickFamily());
    $("play-load").onclick = () => this.tryLoad($("play-desc").value.trim());
    $("play-desc").onkeydown = (e) => e.key === "Enter" && this.tryLoad($("play-desc").value.trim());
    $("play-generate").onclick = () => this.generateOne();
    $("play-pack").onchange = (e) => this.openPackFile(e.target.files[0]);
    $("play-pack-entry").onchange = (e) => this.openPackEntry(Number(e.target.value));
    $("undo").onclick = () => this.undo();
    $("redo").onclick = () => this.redo();
    $("hint").onclick = () => this.askHint(false);
    $("play-hint").onclick = () => this.askHint(true);
    $("solve").onclick = () => this.solve();
    $("rules").onclick = () => this.showRules();
    $("rules-step").oninput = () => this.drawRules();
    this.canvas.onclick = (e) => this.canvasClick(e);
    document.addEventListener("keydown", (e) => this.keyDown(e));
    this.pickFamily();
  }

  get family() {
    return this.studio.family($("play-family").value);
  }

  /** A family picked: its presets listed, and its first preset's puzzle loaded. */
  pickFamily() {
    const presets = $("play-preset");
    presets.replaceChildren(...this.family.presets.map((p) => new Option(p.name, p.name)));
    $("rules").hidden = !this.studio.deduces(this.family);
    this.generateOne();
  }

  generateOne() {
    const params = `preset=${$("play-preset").value}` + (this.family.name === "linjat" ? ",iterations=200" : "");
    const made = this.lp.generate(this.family.name, params, Math.floor(Math.random() * 1e9));
    if (made) this.open(made.puzzle, `generated, rated ${made.rating} ${this.family.ratingUnit}`);
  }

  tryLoad(desc) {
    try {
      this.open(this.lp.Puzzle.parse(desc), "loaded");
    } catch (e) {
      this.say(e.message);
    }
  }

  async openPackFile(file) {
    if (!file) return;
    try {
      this.pack?.free();
      this.pack = this.lp.Pack.load(new Uint8Array(await file.arrayBuffer()));
      const entries = $("play-pack-entry");
      entries.replaceChildren(...Array.from({ length: this.pack.length }, (_, i) => new Option(`level ${i + 1} (rating ${this.pack.rating(i)})`, i)));
      entries.hidden = false;
      this.openPackEntry(0);
    } catch (e) {
      this.say(e.message);
    }
  }

  openPackEntry(index) {
    this.open(this.pack.open(index), `level ${index + 1} of the pack`);
  }

  /** Plays `puzzle` from now on (the Play tab owns it). */
  open(puzzle, how) {
    this.stop();
    this.puzzle?.free();
    this.puzzle = puzzle;
    const family = this.studio.familyById(puzzle.familyId);
    if ($("play-family").value !== family.name) {
      $("play-family").value = family.name;
      $("play-preset").replaceChildren(...family.presets.map((p) => new Option(p.name, p.name)));
      $("rules").hidden = !this.studio.deduces(family);
    }
    this.history = [];
    this.future = [];
    this.selected = null;
    this.hint = null;
    $("rules-panel").hidden = true;
    this.render();
    this.say(how);
  }

  /** Opens a description (from Compare or Generate), optionally replaying `moves` on it. */
  openDesc(desc, moves = null) {
    this.studio.show("play");
    this.open(this.lp.Puzzle.parse(desc), "opened");
    if (moves) this.animate(moves);
  }

  describe() {
    return this.puzzle.describe();
  }

  render() {
    const puzzle = this.puzzle;
    const [width, height] = puzzle.size();
    const family = this.studio.familyById(puzzle.familyId).name;
    const keep = this.view && this.view.family === family ? this.view : { selected: null, turn: -1 };
    this.view = {
      family,
      width,
      height,
      cells: Array.from(puzzle.cells()),
      desc: puzzle.describe(),
      moves: puzzle.moves(),
      highlight: new Set(this.hint ? this.hint.cells : []),
      selected: keep.selected,
      turn: keep.turn,
      marks: this.view?.marks && $("rules-panel").hidden === false ? this.view.marks : null,
    };
    draw(this.canvas, this.view);
    $("play-desc").value = this.view.desc;
    const solved = puzzle.isSolved;
    $("status").dataset.solved = String(solved);
    $("status").textContent = `${solved ? "Solved! " : ""}${this.history.length} moves played`;
    $("undo").disabled = this.history.length === 0;
    $("redo").disabled = this.future.length === 0;
    this.listMoves();
    this.studio.currentChanged(this.view.desc);
  }

  listMoves() {
    const buttons = this.view.moves.slice(0, 300).map((move) => {
      const button = document.createElement("button");
      button.textContent = this.puzzle.moveText(move);
      button.onclick = () => this.play(move);
      return button;
    });
    $("moves").replaceChildren(...buttons);
  }

  /** Plays `move` (recorded for undo). */
  play(move) {
    const before = this.puzzle.describe();
    if (!this.puzzle.tryApply(move)) return false;
    this.history.push(before);
    this.future = [];
    this.hint = null;
    this.render();
    return true;
  }

  /** Undo and redo restore descriptions: every family's position is its description. */
  restore(desc) {
    const next = this.lp.Puzzle.parse(desc);
    this.puzzle.free();
    this.puzzle = next;
    this.hint = null;
    this.render();
  }

  undo() {
    if (this.history.length === 0) return;
    this.stop();
    this.future.push(this.puzzle.describe());
    this.restore(this.history.pop());
  }

  redo() {
    if (this.future.length === 0) return;
    this.history.push(this.puzzle.describe());
    this.restore(this.future.pop());
  }

  canvasClick(event) {
    this.canvas.focus();
    const move = click(this.canvas, this.view, event);
    if (!move || !this.play(move)) draw(this.canvas, this.view);
  }

  keyDown(event) {
    if (!$("play").classList.contains("active") || event.target.tagName === "INPUT") return;
    const ctrl = event.ctrlKey || event.metaKey;
    if (ctrl && event.key === "z") this.undo();
    else if (ctrl && (event.key === "y" || event.key === "Z")) this.redo();
    else if (event.key === "h") this.askHint(false);
    else if (event.key === "p") this.askHint(true);
    else {
      const move = key(this.view, event.key);
      if (!move) return;
      this.play(move);
    }
    event.preventDefault();
  }

  say(text) {
    $("sentence").textContent = text;
  }

  /** The hint, asked for a little each animation frame; shown (cells and sentence), played if `andPlay`. */
  askHint(andPlay) {
    this.stop();
    const frame = () => {
      const hint = this.puzzle.nextHint(HINT_BUDGET);
      if (hint.status === Status.IN_PROGRESS) {
        this.animation = { frame: requestAnimationFrame(frame) };
        return;
      }
      this.animation = null;
      if (hint.status !== Status.OK) {
        this.say({ [Status.ALREADY_SOLVED]: "Already solved.", [Status.UNSOLVABLE]: "No solution from here." }[hint.status] ?? `No hint (status ${hint.status}).`);
        return;
      }
      const reason = this.family.reasons.find((r) => r.code === hint.reason)?.name ?? hint.reason;
      const text = `${hint.text} [${reason}; ${hint.movesLeft} move${hint.movesLeft === 1 ? "" : "s"} to go${hint.optimal ? ", optimal" : ", not proven shortest"}]`;
      this.hint = { cells: Array.from(hint.cells), move: { ...hint.move } };
      if (andPlay) this.play(this.hint.move);
      else this.render();
      this.say(text);
    };
    this.animation = { frame: requestAnimationFrame(frame) };
  }

  /** The exact solver's solution from here, played one move every quarter second. */
  solve() {
    this.stop();
    try {
      const solver = this.puzzle.solver(Algorithm.EXACT, 1 << 20);
      solver.setNodeLimit(50_000_000);
      const status = solver.run(1 << 18);
      const moves = status === Status.OK ? solver.moves() : null;
      const optimal = status === Status.OK && solver.stats().optimal;
      solver.free();
      if (!moves) return this.say(status === Status.UNSOLVABLE ? "No solution from here." : `The solver stopped (status ${status}).`);
      const count = `${moves.length} move${moves.length === 1 ? "" : "s"}`;
      this.say(optimal ? `An optimal solution: ${count}.` : `A solution of ${count} (not proven shortest).`);
      this.animate(moves);
    } catch (e) {
      this.say(e.message);
    }
  }

  animate(moves) {
    let i = 0;
    const step = () => {
      if (i >= moves.length || !this.play(moves[i++])) {
        this.animation = null;
        return;
      }
      this.animation = { timer: setTimeout(step, 250) };
    };
    this.animation = { timer: setTimeout(step, 250) };
  }

  stop() {
    if (this.animation?.timer !== undefined) clearTimeout(this.animation.timer);
    if (this.animation?.frame !== undefined) cancelAnimationFrame(this.animation.frame);
    this.animation = null;
  }

  /** Linjat: the deduction from the current position, layer by layer (the slider steps through it). */
  showRules() {
    try {
      this.deduction = this.puzzle.deduction();
    } catch (e) {
      return this.say(e.message);
    }
    const steps = this.deduction.steps;
    const names = (code) => this.family.reasons.find((r) => r.code === code)?.name ?? code;
    $("rules-list").replaceChildren(
      ...steps.map((s, i) => {
        const item = document.createElement("li");
        item.textContent = `${names(s.reason)} (width ${s.width}): ${s.cells.length} cells`;
        item.style.borderLeft = `8px solid ${colour(s.reason, 60)}`;
        item.onclick = () => {
          $("rules-step").value = i + 1;
          this.drawRules();
        };
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
    this.deduction.steps.slice(0, upTo).forEach((s) => s.cells.forEach((c) => marks.set(c, colour(s.reason, 60))));
    this.view.marks = marks;
    draw(this.canvas, this.view);
    const last = this.deduction.steps[upTo - 1];
    const name = last ? this.family.reasons.find((r) => r.code === last.reason)?.name : "start";
    $("rules-label").textContent = `layer ${upTo} of ${this.deduction.steps.length}: ${name}${this.deduction.solved ? "" : " (the rules get stuck)"}`;
    [...$("rules-list").children].forEach((li, i) => (li.style.fontWeight = i === upTo - 1 ? "bold" : "normal"));
  }
}
