// The board editor's families: each reads a description into a model it can edit, writes it back, and says
// how its panes look (a pane is a grid of cells: the board, flip's target, each Hargram piece) and what a
// tool does to a cell. The description is the only contract with the engine: whatever the editor writes,
// the engine parses and judges (edit.js shows its verdict), so an editor never decides what is legal.

const LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
const PIECE_GRID = 5;

/** A drawing's rows (`#.#/.#.`) as a row-major array of characters, and back. */
const cellsOf = (text) => text.split("/").flatMap((row) => [...row]);
const rowsOf = (cells, width) => Array.from({ length: cells.length / width }, (_, r) => cells.slice(r * width, (r + 1) * width).join("")).join("/");
const sizeOf = (text) => text.split("x").map(Number);
const hue = (index, light = 72) => `hsl(${(index * 137.508) % 360}, 65%, ${light}%)`;
const DARK = "#2b3447";
const LIGHT = "#f1f3f9";

const tiles = {
  sizes: { min: 2, max: 5 },
  tools: [{ name: "swap", label: "Swap two tiles" }],
  help: "Click a tile, then another: they swap (the goal stays 1, 2, …, blank). Half of all orders cannot be solved; the engine says which.",
  blank(width, height) {
    return { width, height, cells: [...Array.from({ length: width * height - 1 }, (_, i) => i + 1), 0], goal: null, picked: null };
  },
  read(desc) {
    const [, size, start, goal] = desc.split(":");
    const [width, height] = sizeOf(size);
    return { width, height, cells: start.split(",").map(Number), goal: goal ?? null, picked: null };
  },
  write: (m) => `tiles:${m.width}x${m.height}:${m.cells.join(",")}${m.goal ? `:${m.goal}` : ""}`,
  panes: (m) => [{ name: "board", width: m.width, height: m.height }],
  look: (m, pane, cell) => ({
    fill: m.cells[cell] === 0 ? LIGHT : "#c9d6f2",
    text: m.cells[cell] === 0 ? "" : String(m.cells[cell]),
    ring: m.picked === cell,
  }),
  apply(m, tool, pane, cell) {
    if (m.picked === null) {
      m.picked = cell;
      return false;
    }
    [m.cells[m.picked], m.cells[cell]] = [m.cells[cell], m.cells[m.picked]];
    m.picked = null;
    return true;
  },
};

const flip = {
  sizes: { min: 1, max: 12 },
  tools: [{ name: "start", label: "Start panels" }, { name: "target", label: "Target panels" }],
  help: "Click a panel of the start (left) or of the target (right) to turn it dark or light. By keyboard, the tool picks the pane the cursor edits.",
  keyPane: (tool) => (tool === "target" ? 1 : 0),
  blank: (width, height) => ({ width, height, start: Array(width * height).fill("."), target: Array(width * height).fill(".") }),
  read(desc) {
    const [, size, start, target] = desc.split(":");
    const [width, height] = sizeOf(size);
    return { width, height, start: cellsOf(start), target: target ? cellsOf(target) : Array(width * height).fill(".") };
  },
  write(m) {
    const target = m.target.every((c) => c === ".") ? "" : `:${rowsOf(m.target, m.width)}`;
    return `flip:${m.width}x${m.height}:${rowsOf(m.start, m.width)}${target}`;
  },
  panes: (m) => [{ name: "start", width: m.width, height: m.height }, { name: "target", width: m.width, height: m.height }],
  look: (m, pane, cell) => ({ fill: m[pane.name][cell] === "#" ? DARK : LIGHT, text: "" }),
  apply(m, tool, pane, cell) {
    const cells = m[pane.name];
    cells[cell] = cells[cell] === "#" ? "." : "#";
    return true;
  },
};

const linjat = {
  sizes: { min: 2, max: 16 },
  tools: [
    { name: "dot", label: "Dot" },
    ...Array.from({ length: 9 }, (_, i) => ({ name: String(i + 1), label: String(i + 1) })),
    { name: "erase", label: "Erase" },
  ],
  help: "Pick a number or the dot and click cells (or type 1–9, o, or Backspace at the cursor). A clue covers its own cell: a 3 draws a segment of 3 cells through it.",
  blank: (width, height) => ({ width, height, cells: Array(width * height).fill(".") }),
  read(desc) {
    const [, size, rows] = desc.split(":");
    const [width, height] = sizeOf(size);
    return { width, height, cells: cellsOf(rows) };
  },
  write: (m) => `linjat:${m.width}x${m.height}:${rowsOf(m.cells, m.width)}`,
  panes: (m) => [{ name: "board", width: m.width, height: m.height }],
  look(m, pane, cell) {
    const c = m.cells[cell];
    return { fill: /\d/.test(c) ? hue(Number(c)) : LIGHT, text: c === "o" ? "●" : c === "." ? "" : c };
  },
  apply(m, tool, pane, cell) {
    const c = { dot: "o", erase: "." }[tool] ?? tool;
    m.cells[cell] = m.cells[cell] === c ? "." : c;
    return true;
  },
  /** Typing at the cursor: a digit, o for a dot, Backspace or . to erase. */
  typed(key) {
    if (/^[1-9]$/.test(key)) return key;
    return { o: "dot", Backspace: "erase", Delete: "erase", ".": "erase" }[key];
  },
};

const blocks = {
  sizes: { min: 2, max: 16 },
  tools: [
    { name: "block", label: "Paint the block" },
    { name: "new", label: "New block" },
    { name: "wall", label: "Wall" },
    { name: "exit", label: "Goal-only cell (+)" },
    { name: "erase", label: "Erase" },
    { name: "goal", label: "Goal of the block" },
  ],
  help: "New block starts a block at the cell clicked; Paint the block adds cells to the block chosen (click a block to choose it); Goal of the block puts the chosen block's target corner at the cell clicked (click again to remove it). Walls and goal-only cells (+) shape the board.",
  blank: (width, height) => ({ width, height, cells: Array(width * height).fill("."), goals: {}, count: "free", chosen: null }),
  /** A `blocks:` description, or a `rush:` board (cars and trucks locked to their long axis, the red car
   * A's exit on the right of row N/2 − 1, slides counted as moves), with each block's axis lock. */
  read(desc) {
    const [kind, ...fields] = desc.split(":");
    if (kind === "rush") {
      const cells = [...fields[0]].map((c) => (c === "o" ? "." : c === "x" ? "#" : c));
      const n = Math.round(Math.sqrt(cells.length));
      const axes = {};
      for (const letter of new Set(cells.filter((c) => /[A-Z]/.test(c)))) {
        const own = cells.flatMap((c, i) => (c === letter ? [i] : []));
        axes[letter] = own.every((i) => Math.floor(i / n) === Math.floor(own[0] / n)) ? "-" : "|";
      }
      const red = cells.filter((c) => c === "A").length;
      return { width: n, height: n, cells, goals: { A: [Math.floor(n / 2) - 1, n - red] }, axes, count: "line", chosen: "A" };
    }
    const [size, rows, rules = "", count = "free"] = fields;
    const [width, height] = sizeOf(size);
    const targets = {};
    const axes = {};
    for (const rule of rules.split(";").filter(Boolean)) {
      const mark = /[-|]$/.test(rule) ? rule.at(-1) : null;
      const [letter, at] = (mark ? rule.slice(0, -1) : rule).split("@");
      if (mark) axes[letter] = mark;
      if (at) targets[letter] = at.split(",").map(Number);
    }
    return { width, height, cells: cellsOf(rows), goals: targets, axes, count, chosen: Object.keys(targets)[0] ?? null };
  },
  write(m) {
    const axes = m.axes ?? {};
    const on = (l) => m.cells.includes(l);
    const goals = Object.entries(m.goals).filter(([l]) => on(l)).map(([l, [r, c]]) => `${l}@${r},${c}${axes[l] ?? ""}`);
    const locks = Object.entries(axes).filter(([l]) => on(l) && !m.goals[l]).sort().map(([l, a]) => `${l}${a}`);
    const rules = [...goals, ...locks].join(";");
    return `blocks:${m.width}x${m.height}:${rowsOf(m.cells, m.width)}:${rules}${m.count === "free" ? "" : `:${m.count}`}`;
  },
  panes: (m) => [{ name: "board", width: m.width, height: m.height }],
  /** The cells the chosen block's goal covers: its shape moved to the target corner. */
  goalCells(m, letter) {
    const at = m.goals[letter];
    if (!at) return [];
    const cells = m.cells.map((c, i) => (c === letter ? i : -1)).filter((i) => i >= 0);
    const top = Math.min(...cells.map((i) => Math.floor(i / m.width)));
    const left = Math.min(...cells.map((i) => i % m.width));
    return cells.map((i) => (Math.floor(i / m.width) - top + at[0]) * m.width + (i % m.width) - left + at[1]);
  },
  look(m, pane, cell) {
    const c = m.cells[cell];
    const goal = Object.keys(m.goals).find((l) => this.goalCells(m, l).includes(cell));
    const base =
      c === "#" ? { fill: DARK, text: "" } : c === "+" ? { fill: "#fff4cc", text: "+" } : c === "." ? { fill: LIGHT, text: "" } : { fill: hue(LETTERS.indexOf(c) + 1), text: c };
    return { ...base, ring: c !== "." && c === m.chosen, mark: goal ? `goal ${goal}` : null };
  },
  apply(m, tool, pane, cell) {
    const c = m.cells[cell];
    if (tool === "new") {
      const free = LETTERS.split("").find((l) => !m.cells.includes(l));
      if (!free) return false;
      m.cells[cell] = m.chosen = free;
    } else if (tool === "block") {
      if (/[A-Z0-9]/.test(c)) m.chosen = c;
      else if (m.chosen) m.cells[cell] = m.chosen;
      else return false;
    } else if (tool === "goal") {
      if (!m.chosen) return false;
      const at = [Math.floor(cell / m.width), cell % m.width];
      const same = m.goals[m.chosen]?.every((v, i) => v === at[i]);
      if (same) delete m.goals[m.chosen];
      else m.goals[m.chosen] = at;
    } else m.cells[cell] = { wall: "#", exit: "+", erase: "." }[tool];
    return true;
  },
  extra(m, changed) {
    const select = document.createElement("select");
    select.id = "edit-count";
    select.append(...["free", "line", "step"].map((c) => new Option(c, c)));
    select.value = m.count;
    select.onchange = () => {
      m.count = select.value;
      changed();
    };
    const label = document.createElement("label");
    label.append("Moves counted as ", select);
    return [label];
  },
};

const hargram = {
  sizes: { min: 1, max: 16 },
  tools: [{ name: "cells", label: "Toggle cells" }],
  help: "Click board cells to block or open them (the pieces must cover every open cell); click the cells of a piece's grid to shape it. Add or remove pieces with the buttons.",
  blank(width, height) {
    return { width, height, board: Array(width * height).fill("."), side: PIECE_GRID, pieces: [this.grid(["##"], true, PIECE_GRID)] };
  },
  read(desc) {
    const [, size, board, pieces] = desc.split(":");
    const [width, height] = sizeOf(size);
    const shapes = pieces.split(";").map((p) => ({ rows: p.replace("!", "").split("/"), mirror: !p.endsWith("!") }));
    const side = Math.max(PIECE_GRID, ...shapes.flatMap((s) => [s.rows.length, s.rows[0].length]));
    return { width, height, board: cellsOf(board), side, pieces: shapes.map((s) => this.grid(s.rows, s.mirror, side)) };
  },
  /** A piece on its own `side`×`side` grid, its shape at the top left. */
  grid(rows, mirror, side) {
    const cells = Array(side * side).fill(".");
    rows.forEach((row, r) => [...row].forEach((c, col) => (cells[r * side + col] = c === "#" ? "#" : ".")));
    return { cells, width: side, mirror };
  },
  /** A piece's cells trimmed to its bounding box (empty rows and columns dropped). */
  trimmed(piece) {
    const at = piece.cells.map((c, i) => (c === "#" ? [Math.floor(i / piece.width), i % piece.width] : null)).filter(Boolean);
    if (at.length === 0) return null;
    const [r0, r1] = [Math.min(...at.map(([r]) => r)), Math.max(...at.map(([r]) => r))];
    const [c0, c1] = [Math.min(...at.map(([, c]) => c)), Math.max(...at.map(([, c]) => c))];
    const rows = [];
    for (let r = r0; r <= r1; r++) {
      let row = "";
      for (let c = c0; c <= c1; c++) row += piece.cells[r * piece.width + c];
      rows.push(row);
    }
    return rows.join("/") + (piece.mirror ? "" : "!");
  },
  write(m) {
    const pieces = m.pieces.map((p) => this.trimmed(p)).filter(Boolean).join(";");
    return `hargram:${m.width}x${m.height}:${rowsOf(m.board, m.width)}:${pieces}`;
  },
  panes: (m) => [{ name: "board", width: m.width, height: m.height }, ...m.pieces.map((_, i) => ({ name: `piece ${i + 1}`, piece: i, width: m.side, height: m.side }))],
  look(m, pane, cell) {
    if (pane.piece === undefined) return { fill: m.board[cell] === "#" ? DARK : LIGHT, text: "" };
    const piece = m.pieces[pane.piece];
    return { fill: piece.cells[cell] === "#" ? hue(pane.piece + 1, 60) : LIGHT, text: "" };
  },
  apply(m, tool, pane, cell) {
    const cells = pane.piece === undefined ? m.board : m.pieces[pane.piece].cells;
    cells[cell] = cells[cell] === "#" ? "." : "#";
    return true;
  },
  extra(m, changed) {
    const add = Object.assign(document.createElement("button"), { textContent: "Add a piece", id: "edit-add-piece" });
    add.onclick = () => {
      m.pieces.push(this.grid(["#"], true, m.side));
      changed();
    };
    const remove = Object.assign(document.createElement("button"), { textContent: "Remove the last piece", id: "edit-remove-piece" });
    remove.disabled = m.pieces.length <= 1;
    remove.onclick = () => {
      m.pieces.pop();
      changed();
    };
    // A piece may be placed mirrored unless forbidden (a trailing `!` in the description).
    const mirrors = m.pieces.map((piece, i) => {
      const box = Object.assign(document.createElement("input"), { type: "checkbox", checked: piece.mirror });
      box.dataset.piece = String(i);
      box.onchange = () => {
        piece.mirror = box.checked;
        changed();
      };
      const label = document.createElement("label");
      label.append(box, `piece ${i + 1} may be mirrored`);
      return label;
    });
    return [add, remove, ...mirrors];
  },
};

const jugs = {
  sizes: null,
  tools: [{ name: "capacity", label: "Capacity" }, { name: "start", label: "Start amount" }, { name: "goal", label: "Goal amount" }],
  help: "Each column is a jug, each cell a unit. With a tool, click a jug at a height: Capacity sets its size, Start amount what it holds, Goal amount what it must hold (click it again for any amount). The tap fills and empties jugs.",
  blank: () => ({ caps: [8, 5, 3], start: [8, 0, 0], goal: [4, 4, null], tap: false, scale: 10 }),
  read(desc) {
    const [, caps, start, goal, tap] = desc.split(":");
    const list = (t) => t.split(",").map((v) => (v.trim() === "*" ? null : Number(v)));
    const m = { caps: list(caps), start: list(start), goal: list(goal), tap: tap === "tap" };
    return { ...m, scale: Math.max(10, ...m.caps) };
  },
  write: (m) => `jugs:${m.caps.join(",")}:${m.start.join(",")}:${m.goal.map((g) => (g === null ? "*" : g)).join(",")}${m.tap ? ":tap" : ""}`,
  /** One pane: a column per jug, a cell per unit (the top row is unit `scale`). */
  panes: (m) => [{ name: "jugs", width: m.caps.length, height: m.scale }],
  look(m, pane, cell) {
    const [jug, level] = [cell % m.caps.length, m.scale - Math.floor(cell / m.caps.length)];
    const inside = level <= m.caps[jug];
    const fill = !inside ? "white" : level <= m.start[jug] ? "#6f9ed8" : LIGHT;
    const goal = m.goal[jug];
    return { fill, text: level === m.caps[jug] ? String(m.caps[jug]) : "", mark: goal !== null && level === goal ? `goal ${goal}` : null };
  },
  apply(m, tool, pane, cell) {
    const [jug, level] = [cell % m.caps.length, m.scale - Math.floor(cell / m.caps.length)];
    if (tool === "capacity") {
      m.caps[jug] = level;
      m.start[jug] = Math.min(m.start[jug], level);
    } else if (tool === "start") m.start[jug] = m.start[jug] === level ? 0 : Math.min(level, m.caps[jug]);
    else m.goal[jug] = m.goal[jug] === level ? null : level;
    return true;
  },
  extra(m, changed) {
    const button = (text, id, act, disabled = false) => {
      const b = Object.assign(document.createElement("button"), { textContent: text, id, disabled });
      b.onclick = () => {
        act();
        changed();
      };
      return b;
    };
    const tap = Object.assign(document.createElement("input"), { type: "checkbox", checked: m.tap, id: "edit-tap" });
    tap.onchange = () => {
      m.tap = tap.checked;
      changed();
    };
    const tapLabel = document.createElement("label");
    tapLabel.append(tap, "tap and sink");
    const scale = Object.assign(document.createElement("input"), { type: "number", min: 2, max: 60, value: m.scale, id: "edit-scale" });
    scale.onchange = () => {
      m.scale = Math.max(2, Math.min(60, Number(scale.value) || 10));
      changed();
    };
    const scaleLabel = document.createElement("label");
    scaleLabel.append("units drawn ", scale);
    return [
      button("Add a jug", "edit-add-jug", () => {
        m.caps.push(3);
        m.start.push(0);
        m.goal.push(null);
      }, m.caps.length >= 8),
      button("Remove the last jug", "edit-remove-jug", () => ["caps", "start", "goal"].forEach((k) => m[k].pop()), m.caps.length <= 2),
      tapLabel,
      scaleLabel,
    ];
  },
};

export const EDITORS = { tiles, jugs, flip, hargram, blocks, linjat };
