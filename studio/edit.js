// The Edit tab: a board editor for every family and for Rush Hour's own notation (editors.js), drawn as
// panes of cells (or, for blocks and Rush Hour, as Play draws the board) and edited by pointer or by
// keyboard: arrows move a cursor, Page Down / Page Up take it to the next pane (flip's target, the tiles'
// goal, each Hargram piece), Enter or Space applies the tool, Linjat takes typed numbers; Rush Hour's
// vehicles are dragged along their tracks. Every edit is undoable (Ctrl+Z, Ctrl+Y) and kept in the
// browser and the page's link. After every edit the engine judges the description in the worker — is it
// a puzzle, solvable and in how many moves, is it unique, what do the rules need, how big is its cluster
// and which start of it is hardest, is every piece needed — and the next edit cancels a judgement still
// running.
import { EDITORS, editorOf } from "./editors.js";
import { Job } from "./jobs.js";
import { noun, CURSOR, draw as drawBoard, targetAtPoint, pointOf } from "./board.js";
import { Status } from "./lphint/index.js";

const $ = (id) => document.getElementById(id);
const NODE_LIMIT = 5_000_000;
const CLUSTER_CAP = 1 << 18;
/** The largest cluster whose hardest start the editor looks for (a walk of every state, in the worker). */
const HARDEST_CAP = 20_000;
const SETTLE_MS = 120; // an edit waits this long for the next before the engine is asked
const GOAL_INK = "#14632b";
const INK = "#1d2330";

/** Undo steps the browser keeps each way across a reload. */
const KEPT_UNDO = 100;

/** A parse error's "column N" (a character of the description text) said as the board's row and column
 * when the character is in the board's rows (a field of rows split by '/'), the character kept in
 * brackets; a message that names its row already loses only the text column. */
export function onTheBoard(desc, message) {
  const found = /^column (\d+): (.*)$/s.exec(message);
  if (!found) return message;
  const [at, rest] = [Number(found[1]), found[2]];
  const character = `(character ${at} of the description)`;
  if (/^row \d+/.test(rest)) return `${rest} ${character}`;
  // The field holding the character, and its rows.
  let start = 0;
  for (const field of desc.split(":")) {
    const end = start + field.length;
    if (at - 1 >= start && at - 1 < end && field.includes("/")) {
      const before = field.slice(0, at - 1 - start);
      const row = before.split("/").length;
      const column = before.length - before.lastIndexOf("/");
      return `row ${row}, column ${column}: ${rest} ${character}`;
    }
    start = end + 1;
  }
  return message;
}

export class Edit {
  constructor(studio) {
    this.studio = studio;
    this.job = new Job();
    this.model = null;
    this.tool = null;
    this.cursor = 0;
    this.pane = 0;
    this.timer = null;
    // Undo: snapshots of the boards left ({ key, model, desc }), the one shown, and the ones undone.
    this.past = [];
    this.future = [];
    this.last = null;
    this.group = null; // edits of one drag or one stretch of typing undo together
    this.held = null; // the vehicle's cell held by a drag
    this.canvas = $("edit-board");
    studio.fillFamilies($("edit-family"), () => this.fresh());
    $("edit-new").onclick = () => this.fresh();
    $("edit-from-play").onclick = () => this.open(studio.current);
    $("edit-play").onclick = () => studio.play.openDesc(this.desc, null, "Opened from the editor.");
    $("edit-undo").onclick = () => this.undo();
    $("edit-redo").onclick = () => this.redo();
    $("edit-copy").onclick = () => studio.copy(this.desc, "Description");
    $("edit-desc").oninput = () => this.typed();
    $("edit").addEventListener("keydown", (e) => this.undoKeys(e));
    this.canvas.onpointerdown = (e) => this.pointerDown(e);
    this.canvas.onpointermove = (e) => this.pointerMove(e);
    this.canvas.onpointerup = this.canvas.onpointercancel = () => (this.held = null);
    this.canvas.onkeydown = (e) => this.key(e);
    this.canvas.onfocus = this.canvas.onblur = () => this.draw();
  }

  /** The editor's key: a family's name, or a notation of its own (`rush`). */
  get editorKey() {
    return $("edit-family").value;
  }

  get editor() {
    return EDITORS[this.editorKey];
  }

  /** On first showing, the Play tab's puzzle is the one edited (unless a board was kept from before). */
  shown() {
    if (!this.model && this.studio.current) this.open(this.studio.current);
  }

  /** Edits the puzzle `desc` (its played moves dropped: the editor edits the level). */
  open(desc) {
    if (this.load(desc)) this.studio.show("edit");
  }

  /** The board kept in the browser or given by a link, ready for when the Edit tab shows; with the undo
   * history kept (`kept()`), when the browser kept it. */
  restore(desc, history = null) {
    if (!this.load(desc) || !history) return;
    const snapshots = (list) => (Array.isArray(list) ? list.filter((s) => EDITORS[s?.key] && typeof s.desc === "string") : []);
    [this.past, this.future] = [snapshots(history.past), snapshots(history.future)];
    this.undoButtons();
  }

  /** The undo history as the browser keeps it: each board's editor and description (at most
   * `KEPT_UNDO` each way; the models are read again from the descriptions). */
  kept() {
    const slim = (list) => list.slice(-KEPT_UNDO).map(({ key, desc }) => ({ key, desc }));
    return { past: slim(this.past), future: slim(this.future) };
  }

  load(desc) {
    const key = editorOf(desc, (d) => this.studio.familyOf(d));
    if (!EDITORS[key]) return false;
    $("edit-family").value = key;
    try {
      this.model = EDITORS[key].read(desc);
    } catch {
      this.model = EDITORS[key].blank(4, 4);
    }
    this.setUp();
    return true;
  }

  /** A new board of the family at the size asked for (the family's own default for jugs). */
  fresh() {
    const [w, h] = [Number($("edit-width")?.value) || 4, Number($("edit-height")?.value) || 4];
    this.model = this.editor.blank(w, this.editor.sizes?.square ? w : h);
    this.setUp();
  }

  /** The controls of the family: size, tools, its own extra controls. */
  setUp(record = true) {
    const editor = this.editor;
    this.cursor = 0;
    this.pane = 0;
    this.keepTool();
    const sides = editor.sizes?.square ? ["width"] : ["width", "height"];
    const size = editor.sizes
      ? sides.map((side) => {
          const label = document.createElement("label");
          const input = Object.assign(document.createElement("input"), {
            type: "number",
            id: `edit-${side}`,
            min: editor.sizes.min,
            max: editor.sizes.max,
            value: this.model[side],
          });
          input.onchange = () => this.resize();
          label.append(editor.sizes.square ? "Size" : side === "width" ? "Width" : "Height", input);
          return label;
        })
      : [];
    $("edit-size").replaceChildren(...size);
    $("edit-new").textContent = editor.sizes ? "New board of this size" : "New puzzle";
    $("edit-help").textContent = editor.help;
    this.fillTools();
    this.changed({ record });
  }

  /** The size fields changed: the board grows or shrinks keeping what it holds (tiles are renumbered). */
  resize() {
    const { min, max, square } = this.editor.sizes;
    const side = (id, now) => Math.max(min, Math.min(max, Number($(id)?.value) || now));
    const width = side("edit-width", this.model.width);
    const height = square ? width : side("edit-height", this.model.height);
    if (width === this.model.width && height === this.model.height) return;
    this.editor.resize(this.model, width, height);
    this.cursor = 0;
    this.keepTool();
    this.fillTools();
    this.changed();
  }

  /** The family's tools for the board as it is (a list, or a function of the board: Sudoku's digits
   * stop at its size). */
  get tools() {
    const tools = this.editor.tools;
    return typeof tools === "function" ? tools(this.model) : tools;
  }

  /** The tool in hand stays when the board still offers it, else the first. */
  keepTool() {
    const tools = this.tools;
    this.tool = tools.some((t) => t.name === this.tool) ? this.tool : tools[0].name;
  }

  fillTools() {
    const buttons = this.tools.map((tool) => {
      const button = Object.assign(document.createElement("button"), { textContent: tool.label });
      button.dataset.tool = tool.name;
      button.setAttribute("aria-pressed", String(tool.name === this.tool));
      button.onclick = () => {
        this.tool = tool.name;
        const pane = this.editor.keyPane?.(tool.name);
        if (pane !== undefined && pane !== this.pane) [this.pane, this.cursor] = [pane, 0];
        this.fillTools();
        this.draw();
      };
      return button;
    });
    $("edit-tools").replaceChildren(Object.assign(document.createElement("legend"), { textContent: "Tool" }), ...buttons);
  }

  get desc() {
    return this.editor.write(this.model);
  }

  /** The model changed: controls, drawing and description follow, the edit is recorded for undo and kept
   * (browser, link); the engine judges it shortly. `group` merges the edits of one drag or typing. */
  changed({ fromText = false, record = true, group = null } = {}) {
    // A pane removed (Hargram's piece) takes the keyboard's cursor back to the last one left.
    const panes = this.editor.panes(this.model).length;
    if (this.pane >= panes) [this.pane, this.cursor] = [panes - 1, 0];
    const extra = this.editor.extra?.(this.model, () => this.changed(), this.pane) ?? [];
    $("edit-extra").replaceChildren(...extra);
    if (!fromText) $("edit-desc").value = this.desc;
    if (record) this.record(group);
    this.draw();
    this.studio.remember();
    $("edit-feedback").dataset.done = "false"; // a verdict is on its way
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      this.judge();
    }, SETTLE_MS);
  }

  /** Keeps the board shown for undo when its description changed (a mere selection is no edit). */
  record(group) {
    const now = { key: this.editorKey, model: structuredClone(this.model), desc: $("edit-desc").value.trim() };
    const same = this.last && this.last.key === now.key && this.last.desc === now.desc;
    if (this.last && !same && !(group && group === this.group)) {
      this.past.push(this.last);
      this.future = [];
    }
    if (!same || !this.last) this.last = now;
    this.group = group;
    this.undoButtons();
  }

  undoButtons() {
    $("edit-undo").disabled = this.past.length === 0;
    $("edit-redo").disabled = this.future.length === 0;
  }

  /** Shows a kept snapshot (undo, redo) without recording it again. */
  show(snapshot) {
    $("edit-family").value = snapshot.key;
    // A snapshot kept by the browser has its description only: its board is read again.
    snapshot.model ??= EDITORS[snapshot.key].read(snapshot.desc);
    this.model = structuredClone(snapshot.model);
    this.last = snapshot;
    this.group = null;
    const [tool, pane] = [this.tool, this.pane];
    this.setUp(false);
    [this.tool, this.pane] = [tool, pane];
    this.fillTools();
    this.undoButtons();
  }

  undo() {
    if (!this.past.length) return;
    this.future.push(this.last);
    this.show(this.past.pop());
    this.studio.remember();
  }

  redo() {
    if (!this.future.length) return;
    this.past.push(this.last);
    this.show(this.future.pop());
    this.studio.remember();
  }

  /** Ctrl+Z / Ctrl+Y (Ctrl+Shift+Z) anywhere on the Edit tab but in a text field (which has its own). */
  undoKeys(event) {
    if (!(event.ctrlKey || event.metaKey) || event.target.closest("textarea, input")) return;
    const key = event.key.toLowerCase();
    if (key === "z" && !event.shiftKey) this.undo();
    else if (key === "y" || (key === "z" && event.shiftKey)) this.redo();
    else return;
    event.preventDefault();
  }

  /** The description typed by hand: read into the model when the editor can, judged either way. */
  typed() {
    const text = $("edit-desc").value.trim();
    try {
      const key = editorOf(text, (d) => this.studio.familyOf(d));
      this.model = EDITORS[key].read(text);
      $("edit-family").value = key;
    } catch {
      // Not readable yet: the engine's verdict says why.
    }
    this.changed({ fromText: true, group: "typing" });
  }

  /** The panes' places on the canvas: one pane fills it; two alike sit side by side; else the first on
   * top and the others in rows below (Hargram's pieces). A board drawn as Play draws it is one pane. */
  layout() {
    const panes = this.editor.panes(this.model);
    const [W, H] = [this.canvas.width, this.canvas.height];
    const caption = 18;
    const fit = (pane, [x, y, w, h]) => {
      const size = Math.max(4, Math.floor(Math.min(w / pane.width, (h - caption) / pane.height)));
      const x0 = x + Math.floor((w - size * pane.width) / 2);
      return { ...pane, size, x0, y0: y + caption, captionX: x0 };
    };
    if (panes.length === 1) return [fit(panes[0], [0, 0, W, H])];
    if (panes.length === 2) return panes.map((p, i) => fit(p, [(i * W) / 2 + 4, 0, W / 2 - 8, H]));
    const rest = panes.length - 1;
    const perRow = Math.min(rest, 6);
    const rowsNeeded = Math.ceil(rest / perRow);
    const bottom = Math.min(0.45 * H, rowsNeeded * (W / perRow));
    const slot = W / perRow;
    return [
      fit(panes[0], [0, 0, W, H - bottom - 6]),
      ...panes.slice(1).map((p, i) => fit(p, [(i % perRow) * slot + 3, H - bottom + Math.floor(i / perRow) * (bottom / rowsNeeded), slot - 6, bottom / rowsNeeded])),
    ];
  }

  /** The board as Play's view, for editors drawn as Play draws (with the keyboard cursor). */
  playView() {
    const view = this.editor.view?.(this.model);
    if (view) Object.assign(view, { cursor: this.cursor, showCursor: document.activeElement === this.canvas });
    return view;
  }

  draw() {
    if (!this.model) return;
    const view = this.playView();
    if (view) return drawBoard(this.canvas, view);
    const ctx = this.canvas.getContext("2d");
    ctx.clearRect(0, 0, this.canvas.width, this.canvas.height);
    const focused = document.activeElement === this.canvas;
    this.layout().forEach((pane, p) => {
      ctx.fillStyle = INK;
      ctx.font = "600 13px system-ui";
      ctx.textAlign = "left";
      ctx.textBaseline = "alphabetic";
      ctx.fillText(pane.name, pane.captionX, pane.y0 - 5);
      for (let cell = 0; cell < pane.width * pane.height; cell++) {
        const look = this.editor.look(this.model, pane, cell);
        const [x, y] = [pane.x0 + (cell % pane.width) * pane.size, pane.y0 + Math.floor(cell / pane.width) * pane.size];
        ctx.fillStyle = look.fill;
        ctx.fillRect(x + 1, y + 1, pane.size - 2, pane.size - 2);
        ctx.strokeStyle = "#8a93a8";
        ctx.lineWidth = 1;
        ctx.strokeRect(x + 0.5, y + 0.5, pane.size - 1, pane.size - 1);
        if (look.text) {
          ctx.fillStyle = INK;
          ctx.font = `600 ${Math.floor(pane.size * 0.42)}px system-ui`;
          ctx.textAlign = "center";
          ctx.textBaseline = "middle";
          ctx.fillText(look.text, x + pane.size / 2, y + pane.size / 2);
        }
        if (look.mark) {
          ctx.setLineDash([5, 3]);
          ctx.strokeStyle = GOAL_INK;
          ctx.lineWidth = 3;
          ctx.strokeRect(x + 4, y + 4, pane.size - 8, pane.size - 8);
          ctx.setLineDash([]);
        }
        if (look.ring || (focused && p === this.pane && cell === this.cursor)) {
          ctx.setLineDash(look.ring ? [] : [6, 4]);
          ctx.strokeStyle = CURSOR;
          ctx.lineWidth = 3;
          ctx.strokeRect(x + 2.5, y + 2.5, pane.size - 5, pane.size - 5);
          ctx.setLineDash([]);
        }
      }
    });
  }

  /** Applies the tool at `cell` of pane `p`. */
  apply(p, cell) {
    const pane = this.layout()[p];
    if (this.editor.apply(this.model, this.tool, pane, cell)) this.changed();
    else this.draw();
  }

  /** The centre of `cell` of pane `p` in canvas coordinates. */
  cellPoint(p, cell) {
    const view = this.playView();
    if (view) return pointOf(this.canvas, view, cell);
    const pane = this.layout()[p];
    return [pane.x0 + ((cell % pane.width) + 0.5) * pane.size, pane.y0 + (Math.floor(cell / pane.width) + 0.5) * pane.size];
  }

  /** The pane and cell under a pointer event, or null. */
  hit(event) {
    const scale = this.canvas.width / this.canvas.getBoundingClientRect().width;
    const [x, y] = [event.offsetX * scale, event.offsetY * scale];
    const view = this.playView();
    if (view) {
      const cell = targetAtPoint(this.canvas, view, x, y);
      return cell >= 0 ? [0, cell] : null;
    }
    for (const [p, pane] of this.layout().entries()) {
      const [col, row] = [Math.floor((x - pane.x0) / pane.size), Math.floor((y - pane.y0) / pane.size)];
      if (col >= 0 && row >= 0 && col < pane.width && row < pane.height) return [p, row * pane.width + col];
    }
    return null;
  }

  pointerDown(event) {
    this.canvas.focus();
    event.preventDefault(); // no text selection while dragging; the focus is given above
    const at = this.hit(event);
    if (!at) return;
    const [p, cell] = at;
    [this.pane, this.cursor] = [p, cell];
    const held = this.editor.grab?.(this.model, this.tool, cell);
    if (held !== null && held !== undefined) {
      this.held = { cell: held, group: `drag ${event.timeStamp}` };
      this.canvas.setPointerCapture?.(event.pointerId);
      this.changed({ group: this.held.group });
      return;
    }
    this.apply(p, cell);
  }

  pointerMove(event) {
    if (!this.held) return;
    const at = this.hit(event);
    if (at && this.editor.drag(this.model, at[1], this.held.cell)) {
      this.cursor = at[1];
      this.changed({ group: this.held.group });
    }
  }

  key(event) {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const panes = this.layout();
    const pane = panes[this.pane] ?? panes[0];
    const own = this.editor.key?.(this.model, this.tool, event.key, this.cursor);
    const step = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -pane.width, ArrowDown: pane.width }[event.key];
    const typedTool = this.editor.typed?.(event.key);
    if (own) {
      this.cursor = own.cursor;
      if (own.changed) this.changed();
      else this.draw();
    } else if (event.key === "PageDown" || event.key === "PageUp") {
      this.pane = (this.pane + (event.key === "PageDown" ? 1 : panes.length - 1)) % panes.length;
      this.cursor = 0;
      // Hargram's Remove and Rotate name the piece the cursor is on.
      this.changed({ record: false });
    } else if (step !== undefined) {
      const col = this.cursor % pane.width;
      const blocked = (event.key === "ArrowLeft" && col === 0) || (event.key === "ArrowRight" && col === pane.width - 1);
      const next = this.cursor + step;
      if (!blocked && next >= 0 && next < pane.width * pane.height) this.cursor = next;
      this.draw();
    } else if (event.key === "Enter" || event.key === " ") this.apply(this.pane, this.cursor);
    else if (event.key === "Escape" && this.model.chosen) {
      this.model.chosen = null;
      this.draw();
    } else if (typedTool) {
      const before = this.tool;
      this.tool = typedTool;
      this.apply(this.pane, this.cursor);
      this.tool = before;
    } else return;
    event.preventDefault();
  }

  /** The engine's verdict on the description, fact by fact, in the worker (a new edit cancels it). */
  async judge() {
    const desc = $("edit-desc").value.trim();
    const family = this.studio.family(this.studio.familyOf(desc));
    const facts = [];
    const say = (kind, text, action = null) => {
      facts.push({ kind, text });
      const item = Object.assign(document.createElement("li"), { textContent: text });
      item.dataset.kind = kind;
      if (action) item.append(" ", action);
      if (facts.length === 1) $("edit-feedback").replaceChildren(item);
      else $("edit-feedback").append(item);
    };
    const words = (n) => `${n.toLocaleString("en")} ${noun(family?.engine, n)}`;
    // Is every piece needed: the editor's boards with one piece taken away (when it shows this board).
    const variants = this.desc === desc ? (this.editor.variants?.(this.model) ?? []) : [];
    $("edit-feedback").dataset.done = "false";
    const task = { type: "analyse", desc, nodeLimit: NODE_LIMIT, clusterCap: CLUSTER_CAP, hardestCap: HARDEST_CAP, variants };
    // The count comes before the rules: a family's grade may depend on it (Sudoku's needs one solution).
    let solutions;
    const end = await this.job.run(task, (m) => {
      if (m.type === "invalid") say("bad", `Not a puzzle yet: ${onTheBoard(desc, m.message)}`);
      else if (m.type === "valid") say(m.solved ? "bad" : "good", m.solved ? "A puzzle, but solved already at its start." : "A puzzle the engine reads.");
      else if (m.type === "solution") {
        if (m.status === Status.OK) say("good", m.optimal ? `Solvable: the optimum is ${words(m.length)} (proven).` : `Solvable: a solution of ${words(m.length)} (not proven shortest).`);
        else if (m.status === Status.UNSOLVABLE) say("bad", `Unsolvable: ${m.lostWhy ? `${m.lostWhy}.` : "no sequence of moves reaches the goal."}`);
        else say("info", `Not decided within ${NODE_LIMIT.toLocaleString("en")} nodes (${m.expanded.toLocaleString("en")} expanded).`);
      } else if (m.type === "count") {
        solutions = m.all;
        const text = m.all === 0 ? "No solution at all." : m.all === 1 ? "Unique: exactly one solution." : `Not unique: ${m.capped ? "at least " : ""}${m.all} solutions.`;
        say(m.all === 1 ? "good" : "bad", text);
      } else if (m.type === "ambiguous") {
        const width = this.model.width ?? 1;
        const names = m.cells.map((i) => `r${Math.floor(i / width) + 1}c${(i % width) + 1}`);
        say("bad", `Two of them differ at ${names.join(", ")}: a clue in one of those cells rules one of them out.`);
      } else if (m.type === "rules") {
        const counts = new Map();
        m.steps.forEach((s) => counts.set(s.reason, (counts.get(s.reason) ?? 0) + 1));
        const profile = [...counts].map(([reason, n]) => `${this.studio.reasonName(family, reason)} ×${n}`).join(", ");
        say(m.solved ? "good" : "bad", `Rule profile: ${profile || "no step"}; ${m.solved ? `the rules solve it in ${m.steps.length} ${m.steps.length === 1 ? "layer" : "layers"}` : "the rules get stuck (a player must guess)"}.`);
        const grade = this.editor.grade?.(m, solutions);
        if (grade) say(m.solved ? "good" : "bad", grade);
      } else if (m.type === "cluster") {
        const c = m.summary;
        if (!c) say("info", `Cluster: more than ${m.cap.toLocaleString("en")} states.`);
        else if (c.solvedStates === 0) say("info", `Cluster: ${c.states.toLocaleString("en")} states, none of them solved.`);
        else say("info", `Cluster: ${c.states.toLocaleString("en")} states, ${c.solvedStates.toLocaleString("en")} solved; the farthest is ${c.farthestDistance} ${c.farthestDistance === 1 ? "step" : "steps"} from a solved one.`);
      } else if (m.type === "hardest") {
        const open = Object.assign(document.createElement("button"), { textContent: "Edit the hardest start", id: "edit-hardest" });
        open.onclick = () => this.load(m.desc);
        const here = m.distance === m.startDistance;
        say(here ? "good" : "info", here ? `The hardest start of its cluster: ${words(m.distance)}.` : `The hardest start of its cluster needs ${words(m.distance)} (this one ${m.startDistance}).`, here ? null : open);
      } else if (m.type === "variants") {
        const spare = m.results.filter((r) => r.length !== null && r.length >= m.length);
        say(
          spare.length ? "bad" : "good",
          spare.length
            ? `Not minimal: without ${spare.map((r) => r.name).join(", ")} it still needs ${words(m.length)} or more.`
            : `Minimal: every piece is needed (without any one of them it is easier or has no goal).`,
        );
      } else if (m.type === "note") say("info", m.message);
    });
    if (end.type === "error") say("bad", end.message);
    // Done only when this verdict is about the board as it is (no edit since, none waiting).
    const current = this.timer === null && desc === $("edit-desc").value.trim();
    if (end.type !== "cancelled" && current) $("edit-feedback").dataset.done = "true";
  }
}
