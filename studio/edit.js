// The Edit tab: a board editor for every family (editors.js), drawn as panes of cells and edited by
// clicking or by keyboard (arrows move a cursor on the board — flip: the pane the tool names —, Enter or
// Space applies the tool, Linjat takes typed numbers). After every edit the engine judges the description in the worker — is it a puzzle,
// is it solvable and in how many moves, is it unique, what do the rules need, how big is its cluster — and
// the next edit cancels a judgement still running.
import { EDITORS } from "./editors.js";
import { Job } from "./jobs.js";
import { noun, CURSOR } from "./board.js";
import { Status } from "./lphint/index.js";

const $ = (id) => document.getElementById(id);
const NODE_LIMIT = 5_000_000;
const CLUSTER_CAP = 1 << 18;
const SETTLE_MS = 120; // an edit waits this long for the next before the engine is asked
const GOAL_INK = "#14632b";
const INK = "#1d2330";

export class Edit {
  constructor(studio) {
    this.studio = studio;
    this.job = new Job();
    this.model = null;
    this.tool = null;
    this.cursor = 0;
    this.timer = null;
    this.canvas = $("edit-board");
    studio.fillFamilies($("edit-family"), () => this.fresh());
    $("edit-new").onclick = () => this.fresh();
    $("edit-from-play").onclick = () => this.open(studio.current);
    $("edit-play").onclick = () => studio.play.openDesc(this.desc, null, "Opened from the editor.");
    $("edit-desc").oninput = () => this.typed();
    this.canvas.onclick = (e) => this.click(e);
    this.canvas.onkeydown = (e) => this.key(e);
    this.canvas.onfocus = this.canvas.onblur = () => this.draw();
  }

  get editor() {
    return EDITORS[$("edit-family").value];
  }

  /** On first showing, the Play tab's puzzle is the one edited. */
  shown() {
    if (!this.model && this.studio.current) this.open(this.studio.current);
  }

  /** Edits the puzzle `desc` (its played moves dropped: the editor edits the level). */
  open(desc) {
    const family = this.studio.familyOf(desc);
    if (!EDITORS[family]) return;
    $("edit-family").value = family;
    try {
      this.model = EDITORS[family].read(desc);
    } catch {
      this.model = EDITORS[family].blank(4, 4);
    }
    this.studio.show("edit");
    this.setUp();
  }

  /** A new board of the family at the size asked for (the family's own default for jugs). */
  fresh() {
    const editor = this.editor;
    const [w, h] = [Number($("edit-width")?.value) || 4, Number($("edit-height")?.value) || 4];
    this.model = editor.blank(w, h);
    this.setUp();
  }

  /** The controls of the family: size, tools, its own extra controls. */
  setUp() {
    const editor = this.editor;
    this.cursor = 0;
    this.tool = editor.tools.some((t) => t.name === this.tool) ? this.tool : editor.tools[0].name;
    const size = editor.sizes
      ? ["width", "height"].map((side) => {
          const label = document.createElement("label");
          const input = Object.assign(document.createElement("input"), {
            type: "number",
            id: `edit-${side}`,
            min: editor.sizes.min,
            max: editor.sizes.max,
            value: this.model[side],
          });
          label.append(side === "width" ? "Width" : "Height", input);
          return label;
        })
      : [];
    $("edit-size").replaceChildren(...size);
    $("edit-new").textContent = editor.sizes ? "New board of this size" : "New puzzle";
    $("edit-help").textContent = editor.help;
    this.fillTools();
    this.changed();
  }

  fillTools() {
    const buttons = this.editor.tools.map((tool) => {
      const button = Object.assign(document.createElement("button"), { textContent: tool.label });
      button.dataset.tool = tool.name;
      button.setAttribute("aria-pressed", String(tool.name === this.tool));
      button.onclick = () => {
        this.tool = tool.name;
        this.fillTools();
      };
      return button;
    });
    $("edit-tools").replaceChildren(Object.assign(document.createElement("legend"), { textContent: "Tool" }), ...buttons);
  }

  get desc() {
    return this.editor.write(this.model);
  }

  /** The model changed: controls, drawing and description follow; the engine judges it shortly. */
  changed(fromText = false) {
    const extra = this.editor.extra?.(this.model, () => this.changed()) ?? [];
    $("edit-extra").replaceChildren(...extra);
    if (!fromText) $("edit-desc").value = this.desc;
    this.draw();
    $("edit-feedback").dataset.done = "false"; // a verdict is on its way
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      this.judge();
    }, SETTLE_MS);
  }

  /** The description typed by hand: read into the model when the editor can, judged either way. */
  typed() {
    const text = $("edit-desc").value.trim();
    try {
      this.model = EDITORS[this.studio.familyOf(text)].read(text);
      $("edit-family").value = this.studio.familyOf(text);
    } catch {
      // Not readable yet: the engine's verdict says why.
    }
    this.changed(true);
  }

  /** The panes' places on the canvas: one pane fills it; two alike sit side by side; else the first on
   * top and the others in rows below (Hargram's pieces). */
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

  draw() {
    if (!this.model) return;
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
        if (look.ring || (focused && p === this.keyPane && cell === this.cursor)) {
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
    const pane = this.layout()[p];
    return [pane.x0 + ((cell % pane.width) + 0.5) * pane.size, pane.y0 + (Math.floor(cell / pane.width) + 0.5) * pane.size];
  }

  click(event) {
    this.canvas.focus();
    const scale = this.canvas.width / this.canvas.getBoundingClientRect().width;
    const [x, y] = [event.offsetX * scale, event.offsetY * scale];
    this.layout().forEach((pane, p) => {
      const [col, row] = [Math.floor((x - pane.x0) / pane.size), Math.floor((y - pane.y0) / pane.size)];
      if (col < 0 || row < 0 || col >= pane.width || row >= pane.height) return;
      if (p === this.keyPane) this.cursor = row * pane.width + col;
      this.apply(p, row * pane.width + col);
    });
  }

  /** The pane the keyboard cursor edits (the board, or the one the tool names). */
  get keyPane() {
    return this.editor.keyPane?.(this.tool) ?? 0;
  }

  key(event) {
    const pane = this.layout()[this.keyPane];
    const step = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -pane.width, ArrowDown: pane.width }[event.key];
    const typedTool = this.editor.typed?.(event.key);
    if (step !== undefined) {
      const col = this.cursor % pane.width;
      const blocked = (event.key === "ArrowLeft" && col === 0) || (event.key === "ArrowRight" && col === pane.width - 1);
      const next = this.cursor + step;
      if (!blocked && next >= 0 && next < pane.width * pane.height) this.cursor = next;
      this.draw();
    } else if (event.key === "Enter" || event.key === " ") this.apply(this.keyPane, this.cursor);
    else if (typedTool) {
      const before = this.tool;
      this.tool = typedTool;
      this.apply(this.keyPane, this.cursor);
      this.tool = before;
    } else return;
    event.preventDefault();
  }

  /** The engine's verdict on the description, fact by fact, in the worker (a new edit cancels it). */
  async judge() {
    const desc = $("edit-desc").value.trim();
    const family = this.studio.family(this.studio.familyOf(desc));
    const facts = [];
    const say = (kind, text) => {
      facts.push({ kind, text });
      const item = Object.assign(document.createElement("li"), { textContent: text });
      item.dataset.kind = kind;
      if (facts.length === 1) $("edit-feedback").replaceChildren(item);
      else $("edit-feedback").append(item);
    };
    $("edit-feedback").dataset.done = "false";
    const end = await this.job.run({ type: "analyse", desc, nodeLimit: NODE_LIMIT, clusterCap: CLUSTER_CAP }, (m) => {
      const words = (n) => `${n.toLocaleString("en")} ${noun(family?.name, n)}`;
      if (m.type === "invalid") say("bad", `Not a puzzle yet: ${m.message}`);
      else if (m.type === "valid") say(m.solved ? "bad" : "good", m.solved ? "A puzzle, but solved already at its start." : "A puzzle the engine reads.");
      else if (m.type === "solution") {
        if (m.status === Status.OK) say("good", m.optimal ? `Solvable: the optimum is ${words(m.length)} (proven).` : `Solvable: a solution of ${words(m.length)} (not proven shortest).`);
        else if (m.status === Status.UNSOLVABLE) say("bad", "Unsolvable: no sequence of moves reaches the goal.");
        else say("info", `Not decided within ${NODE_LIMIT.toLocaleString("en")} nodes (${m.expanded.toLocaleString("en")} expanded).`);
      } else if (m.type === "count") {
        const text = m.all === 0 ? "No solution at all." : m.all === 1 ? "Unique: exactly one solution." : `Not unique: ${m.capped ? "at least " : ""}${m.all} solutions.`;
        say(m.all === 1 ? "good" : "bad", text);
      } else if (m.type === "rules") {
        const counts = new Map();
        m.steps.forEach((s) => counts.set(s.reason, (counts.get(s.reason) ?? 0) + 1));
        const profile = [...counts].map(([reason, n]) => `${this.studio.reasonName(family, reason)} ×${n}`).join(", ");
        say(m.solved ? "good" : "bad", `Rule profile: ${profile || "no step"}; ${m.solved ? `the rules solve it in ${m.steps.length} ${m.steps.length === 1 ? "layer" : "layers"}` : "the rules get stuck (a player must guess)"}.`);
      } else if (m.type === "cluster") {
        const c = m.summary;
        if (!c) say("info", `Cluster: more than ${m.cap.toLocaleString("en")} states.`);
        else if (c.solvedStates === 0) say("info", `Cluster: ${c.states.toLocaleString("en")} states, none of them solved.`);
        else say("info", `Cluster: ${c.states.toLocaleString("en")} states, ${c.solvedStates.toLocaleString("en")} solved; the farthest is ${c.farthestDistance} ${c.farthestDistance === 1 ? "step" : "steps"} from a solved one.`);
      } else if (m.type === "note") say("info", m.message);
    });
    if (end.type === "error") say("bad", end.message);
    // Done only when this verdict is about the board as it is (no edit since, none waiting).
    const current = this.timer === null && desc === $("edit-desc").value.trim();
    if (end.type !== "cancelled" && current) $("edit-feedback").dataset.done = "true";
  }
}
