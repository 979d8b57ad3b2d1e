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
/** `cells` of a `w0`×`h0` grid on a `w`×`h` one: the overlap kept at the top left, new cells `fill`. */
const regrid = (cells, w0, h0, w, h, fill) =>
  Array.from({ length: w * h }, (_, i) => {
    const [r, c] = [Math.floor(i / w), i % w];
    return r < h0 && c < w0 ? cells[r * w0 + c] : fill;
  });
/** Blocks' names in the engine's order (a block's id is its name's place: the colour Play gives it). */
const BLOCK_NAMES = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
const hue = (index, light = 72) => `hsl(${(index * 137.508) % 360}, 65%, ${light}%)`;
const DARK = "#2b3447";
const LIGHT = "#f1f3f9";

const tiles = {
  sizes: { min: 2, max: 5 },
  tools: [{ name: "swap", label: "Swap two tiles of the start" }, { name: "goal", label: "Swap two tiles of the goal" }],
  help: "Click a tile, then another of the same board: they swap, in the start (left) or in the goal (right; 1, 2, …, blank unless changed). Half of all orders cannot reach the goal; the engine says which.",
  keyPane: (tool) => (tool === "goal" ? 1 : 0),
  /** The goal every tiles puzzle has unless it gives its own: 1, 2, …, the blank last. */
  ordered: (width, height) => [...Array.from({ length: width * height - 1 }, (_, i) => i + 1), 0],
  blank(width, height) {
    return { width, height, cells: this.ordered(width, height), goal: this.ordered(width, height), picked: null };
  },
  read(desc) {
    const [, size, start, goal] = desc.split(":");
    const [width, height] = sizeOf(size);
    return { width, height, cells: start.split(",").map(Number), goal: goal ? goal.split(",").map(Number) : this.ordered(width, height), picked: null };
  },
  write(m) {
    const own = m.goal.join(",") !== this.ordered(m.width, m.height).join(",");
    return `tiles:${m.width}x${m.height}:${m.cells.join(",")}${own ? `:${m.goal.join(",")}` : ""}`;
  },
  /** Tiles are renumbered on a new size (a tiles board holds each number once). */
  resize(m, width, height) {
    Object.assign(m, this.blank(width, height));
  },
  panes: (m) => [{ name: "start", width: m.width, height: m.height }, { name: "goal", width: m.width, height: m.height }],
  look(m, pane, cell) {
    const value = (pane.name === "goal" ? m.goal : m.cells)[cell];
    return { fill: value === 0 ? LIGHT : "#c9d6f2", text: value === 0 ? "" : String(value), ring: m.picked?.pane === pane.name && m.picked.cell === cell };
  },
  apply(m, tool, pane, cell) {
    if (m.picked?.pane !== pane.name) {
      m.picked = { pane: pane.name, cell };
      return false;
    }
    const cells = pane.name === "goal" ? m.goal : m.cells;
    [cells[m.picked.cell], cells[cell]] = [cells[cell], cells[m.picked.cell]];
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
  resize(m, width, height) {
    for (const grid of ["start", "target"]) m[grid] = regrid(m[grid], m.width, m.height, width, height, ".");
    Object.assign(m, { width, height });
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
  resize(m, width, height) {
    Object.assign(m, { cells: regrid(m.cells, m.width, m.height, width, height, "."), width, height });
  },
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

/** Sokoban: each square is a wall, floor, a goal, a box, a box on a goal, the player or the player on a
 * goal (XSB's characters). Tools put what they name; a box on a goal or the player on a goal combines
 * with the goal under it; the player is moved, not copied. */
const SOKOBAN_SQUARES = { wall: "#", floor: "-", goal: ".", box: "$", player: "@" };
const sokoban = {
  sizes: { min: 3, max: 64 },
  tools: [
    { name: "wall", label: "Wall" },
    { name: "floor", label: "Floor" },
    { name: "goal", label: "Goal" },
    { name: "box", label: "Box" },
    { name: "player", label: "Player" },
  ],
  help: "Pick a tool and click squares: walls, floor, goals, boxes and the player (a box or the player put on a goal stays on it; the player moves to where you put them). Type #, -, ., $, @ at the cursor. The walls must close the room, and there are as many boxes as goals.",
  blank(width, height) {
    const cells = Array.from({ length: width * height }, (_, i) => {
      const [r, c] = [Math.floor(i / width), i % width];
      return r === 0 || c === 0 || r === height - 1 || c === width - 1 ? "#" : "-";
    });
    cells[width + 1] = "@";
    return { width, height, cells };
  },
  read(desc) {
    // The rows, without the boxes' numbers a resumed game's description may end with (":2,1"): an edited
    // level is a new level, its boxes numbered in reading order.
    const rows = desc.slice("sokoban:".length).split(":")[0].split(/[/|]/).map((row) => [...row.replace(/(\d+)(.)/g, (_, n, ch) => ch.repeat(Number(n)))]);
    const width = Math.max(...rows.map((r) => r.length));
    const cells = rows.flatMap((r) => [...r, ...Array(width - r.length).fill("-")]).map((c) => (c === " " || c === "_" ? "-" : c));
    return { width, height: rows.length, cells };
  },
  write: (m) => `sokoban:${rowsOf(m.cells, m.width).split("/").map((r) => r.replace(/-+$/, "")).join("/")}`,
  resize(m, width, height) {
    Object.assign(m, { cells: regrid(m.cells, m.width, m.height, width, height, "-"), width, height });
  },
  panes: (m) => [{ name: "board", width: m.width, height: m.height }],
  look(m, pane, cell) {
    const c = m.cells[cell];
    const goal = ".*+".includes(c);
    const fill = c === "#" ? DARK : "$*".includes(c) ? (goal ? "#2e7d32" : hue(1, 62)) : LIGHT;
    return { fill, text: { "@": "●", "+": "●", ".": "○" }[c] ?? (c === "$" || c === "*" ? "▣" : ""), ink: c === "*" ? "white" : undefined };
  },
  apply(m, tool, pane, cell) {
    const c = m.cells[cell];
    const goal = ".*+".includes(c);
    const put = { goal: goal ? "-" : ".", box: goal ? "*" : "$", player: goal ? "+" : "@" }[tool] ?? SOKOBAN_SQUARES[tool];
    if (tool === "player") {
      m.cells = m.cells.map((x) => ({ "@": "-", "+": "." })[x] ?? x);
    }
    m.cells[cell] = tool === "floor" && goal ? "." : put;
    if (tool === "floor" && c === ".") m.cells[cell] = "-";
    return true;
  },
  /** Typing at the cursor: the XSB character of a tool. */
  typed: (key) => ({ "#": "wall", "-": "floor", " ": "floor", ".": "goal", $: "box", "@": "player" })[key],
};

/** A blocks board (`cells`: a letter per block cell, '.', '#' a wall, '+' goal-only) as the view Play
 * draws: each block in the colour of its id, the chosen one outlined. */
const blockView = (m, desc) => ({
  family: "blocks",
  width: m.width,
  height: m.height,
  desc,
  cells: m.cells.map((c) => ({ ".": 0, "#": -1, "+": -2 })[c] ?? BLOCK_NAMES.indexOf(c) + 1),
  highlight: new Set(),
  selected: m.chosen ? BLOCK_NAMES.indexOf(m.chosen) : null,
});

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
  read(desc) {
    const [, size, rows, rules = "", count = "free"] = desc.split(":");
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
  resize(m, width, height) {
    Object.assign(m, { cells: regrid(m.cells, m.width, m.height, width, height, "."), width, height });
  },
  panes: (m) => [{ name: "board", width: m.width, height: m.height }],
  /** The board as Play draws it (blocks whole, in Play's colours, goals outlined). */
  view(m) {
    return blockView(m, this.write(m));
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

/** Rush Hour in its own notation (`rush:` and N×N cells: `o` empty, `x` a wall, a capital letter per
 * vehicle, `A` the red car, which leaves on the right of row N/2 − 1): cars (2) and trucks (3) placed
 * with their orientation, the red car on the exit's row, vehicles dragged (or slid by arrow keys) along
 * their tracks. Drawn as Play draws it: tracks, the exit, Play's colours. */
const rush = {
  sizes: { min: 4, max: 12, square: true },
  tools: [
    { name: "move", label: "Choose and slide" },
    { name: "car-across", label: "Car ↔" },
    { name: "car-down", label: "Car ↕" },
    { name: "truck-across", label: "Truck ↔" },
    { name: "truck-down", label: "Truck ↕" },
    { name: "red", label: "Red car (A)" },
    { name: "wall", label: "Wall" },
    { name: "erase", label: "Remove" },
  ],
  help: "Place cars (2 cells) and trucks (3) across or down with their top or left end at the cell clicked; the red car A goes on the exit's row. Choose and slide: drag a vehicle along its track, or click it and then a free cell of its track; by keyboard, Enter chooses the vehicle under the cursor and the arrows along its track slide it. Remove takes a vehicle or a wall away.",
  exitRow: (m) => Math.floor(m.width / 2) - 1,
  blank: (width) => ({ width, height: width, cells: Array(width * width).fill("."), chosen: null }),
  read(desc) {
    const cells = [...desc.split(":")[1]].map((c) => (c === "o" ? "." : c === "x" ? "#" : c));
    const n = Math.round(Math.sqrt(cells.length));
    if (n * n !== cells.length) throw new Error("not a square board");
    return { width: n, height: n, cells, chosen: null };
  },
  write: (m) => `rush:${m.cells.map((c) => (c === "." ? "o" : c === "#" ? "x" : c)).join("")}`,
  resize(m, width) {
    Object.assign(m, { cells: regrid(m.cells, m.width, m.height, width, width, "."), width, height: width, chosen: null });
  },
  panes: (m) => [{ name: "board", width: m.width, height: m.height }],
  view(m) {
    return blockView(m, this.write(m));
  },
  /** A vehicle's cells in order, and whether it lies across. */
  vehicle(m, letter) {
    const cells = m.cells.flatMap((c, i) => (c === letter ? [i] : []));
    const across = cells.length < 2 || cells.every((c) => Math.floor(c / m.width) === Math.floor(cells[0] / m.width));
    return { cells, across };
  },
  /** Puts `letter` on `length` cells from `cell` across or down, if they are on the board and free. */
  place(m, letter, cell, length, across) {
    const [row, col] = [Math.floor(cell / m.width), cell % m.width];
    if ((across ? col : row) + length > m.width) return false;
    const cells = Array.from({ length }, (_, k) => cell + k * (across ? 1 : m.width));
    if (!cells.every((c) => m.cells[c] === "." || m.cells[c] === letter)) return false;
    m.cells = m.cells.map((c) => (c === letter ? "." : c));
    for (const c of cells) m.cells[c] = letter;
    m.chosen = letter;
    return true;
  },
  /** Slides the chosen vehicle one cell forward (+1) or back (−1) along its track, if the cell is free. */
  slide(m, way) {
    if (!m.chosen) return false;
    const { cells, across } = this.vehicle(m, m.chosen);
    const step = across ? 1 : m.width;
    const [first, last] = [cells[0], cells.at(-1)];
    const into = way > 0 ? last + step : first - step;
    const onBoard = across ? Math.floor(into / m.width) === Math.floor(first / m.width) && into >= 0 : into >= 0 && into < m.cells.length;
    if (!onBoard || m.cells[into] !== ".") return false;
    m.cells[into] = m.chosen;
    m.cells[way > 0 ? first : last] = ".";
    return true;
  },
  /** Slides the chosen vehicle toward covering `cell` (on its track), as far as free cells let it. */
  slideTo(m, cell, grab = null) {
    if (!m.chosen) return false;
    const { cells, across } = this.vehicle(m, m.chosen);
    const along = (c) => (across ? c % m.width : Math.floor(c / m.width));
    const sameTrack = across ? Math.floor(cell / m.width) === Math.floor(cells[0] / m.width) : cell % m.width === cells[0] % m.width;
    if (!sameTrack) return false;
    // Where the first cell should go: the grabbed cell under the pointer, else the nearest end on `cell`.
    const offset = grab ?? (along(cell) < along(cells[0]) ? 0 : cells.length - 1);
    const want = along(cell) - offset;
    let moved = false;
    while (along(this.vehicle(m, m.chosen).cells[0]) !== want && this.slide(m, want > along(this.vehicle(m, m.chosen).cells[0]) ? 1 : -1)) moved = true;
    return moved;
  },
  apply(m, tool, pane, cell) {
    const c = m.cells[cell];
    const [kind, way] = tool.split("-");
    if (kind === "car" || kind === "truck") {
      const free = LETTERS.slice(1).split("").find((l) => !m.cells.includes(l));
      return Boolean(free) && this.place(m, free, cell, kind === "car" ? 2 : 3, way === "across");
    }
    if (tool === "red") {
      const row = this.exitRow(m);
      return this.place(m, "A", row * m.width + Math.min(cell % m.width, m.width - 2), 2, true);
    }
    if (tool === "wall") {
      if (c !== "." && c !== "#") return false;
      m.cells[cell] = c === "#" ? "." : "#";
      return true;
    }
    if (tool === "erase") {
      if (c === ".") return false;
      m.cells = m.cells.map((x) => (x === c ? "." : x));
      if (m.chosen === c) m.chosen = null;
      return true;
    }
    // Choose and slide: a vehicle clicked is chosen; a free cell of its track is slid to.
    if (/[A-Z]/.test(c)) {
      m.chosen = c;
      return true;
    }
    return this.slideTo(m, cell);
  },
  /** A drag from `cell`: the vehicle there, and which of its cells is held. */
  grab(m, tool, cell) {
    const c = m.cells[cell];
    if (tool !== "move" || !/[A-Z]/.test(c)) return null;
    m.chosen = c;
    return this.vehicle(m, c).cells.indexOf(cell);
  },
  drag(m, cell, held) {
    return this.slideTo(m, cell, held);
  },
  /** Arrows along the chosen vehicle's track slide it (the cursor goes with it) while its way is free. */
  key(m, tool, key, cursor) {
    if (tool !== "move" || !m.chosen) return null;
    const { across } = this.vehicle(m, m.chosen);
    const way = across ? { ArrowLeft: -1, ArrowRight: 1 }[key] : { ArrowUp: -1, ArrowDown: 1 }[key];
    // Blocked, the arrow moves the cursor instead (onto the next vehicle, say).
    if (!way || !this.slide(m, way)) return null;
    return { cursor: cursor + way * (across ? 1 : m.width), changed: true };
  },
  /** Each vehicle but the red car taken away: the boards the verdict solves to tell whether each is needed. */
  variants(m) {
    return [...new Set(m.cells.filter((c) => /[B-Z]/.test(c)))].sort().map((letter) => ({
      name: letter,
      desc: this.write({ ...m, cells: m.cells.map((c) => (c === letter ? "." : c)) }),
    }));
  },
};

const hargram = {
  sizes: { min: 1, max: 16 },
  tools: [{ name: "cells", label: "Toggle cells" }],
  help: "Click board cells to block or open them (the pieces must cover every open cell); click the cells of a piece's grid to shape it. By keyboard, Page Down and Page Up take the cursor from the board to each piece's grid and back; Enter or Space toggles the cell. Remove and Rotate act on the piece last clicked or reached.",
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
  resize(m, width, height) {
    Object.assign(m, { board: regrid(m.board, m.width, m.height, width, height, "."), width, height });
  },
  /** A piece turned a quarter clockwise on its grid, its shape moved back to the top left. */
  rotate(piece) {
    const side = piece.width;
    const turned = Array(side * side).fill(".");
    piece.cells.forEach((c, i) => {
      if (c === "#") turned[(i % side) * side + (side - 1 - Math.floor(i / side))] = "#";
    });
    const rows = this.trimmed({ ...piece, cells: turned, mirror: true });
    piece.cells = rows ? this.grid(rows.split("/"), true, side).cells : turned;
  },
  /** The buttons: add a piece; remove or rotate the piece chosen (the grid last clicked or reached by
   * Page Down, else the last one); whether each piece may be mirrored. */
  extra(m, changed, chosen) {
    const piece = chosen >= 1 && chosen <= m.pieces.length ? chosen - 1 : m.pieces.length - 1;
    const add = Object.assign(document.createElement("button"), { textContent: "Add a piece", id: "edit-add-piece" });
    add.onclick = () => {
      m.pieces.push(this.grid(["#"], true, m.side));
      changed();
    };
    const remove = Object.assign(document.createElement("button"), { textContent: `Remove piece ${piece + 1}`, id: "edit-remove-piece" });
    remove.disabled = m.pieces.length <= 1;
    remove.onclick = () => {
      m.pieces.splice(piece, 1);
      changed();
    };
    const rotate = Object.assign(document.createElement("button"), { textContent: `Rotate piece ${piece + 1}`, id: "edit-rotate-piece" });
    rotate.onclick = () => {
      this.rotate(m.pieces[piece]);
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
    return [add, remove, rotate, ...mirrors];
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

/** Sudoku: the givens on a 4×4, 6×6, 9×9 or 16×16 grid (a size between snaps to the next). Tools write a
 * digit (1–9, A–G for 10–16) or erase; typing at the cursor does the same. The verdict says whether the
 * givens have no solution, several or one, and the grade the technique ladder gives it (SE's scale). */
const SUDOKU_SIDES = [4, 6, 9, 16];
const SUDOKU_DIGITS = "123456789ABCDEFG";
const sudoku = {
  sizes: { min: 4, max: 16, square: true },
  tools: (m) => [...[...SUDOKU_DIGITS.slice(0, m.width)].map((d) => ({ name: d, label: d })), { name: "erase", label: "Erase" }],
  help: "Pick a digit and click cells, or type it at the cursor (1–9, A–G on 16×16; Backspace erases). Sizes are 4, 6, 9 and 16. The verdict says whether the givens have one solution and how hard the technique ladder finds it.",
  blank(width) {
    const side = SUDOKU_SIDES.find((s) => s >= width) ?? 16;
    return { width: side, height: side, cells: Array(side * side).fill(".") };
  },
  read(desc) {
    const cells = [...desc.split(":")[1]].map((c) => (c === "0" ? "." : c.toUpperCase()));
    const side = Math.round(Math.sqrt(cells.length));
    if (!SUDOKU_SIDES.includes(side) || side * side !== cells.length) throw new Error("not a sudoku grid");
    return { width: side, height: side, cells };
  },
  write: (m) => `sudoku:${m.cells.join("")}`,
  resize(m, width) {
    Object.assign(m, this.blank(width));
  },
  panes: (m) => [{ name: "board", width: m.width, height: m.height }],
  look(m, pane, cell) {
    const c = m.cells[cell];
    const [bw, bh] = { 4: [2, 2], 6: [3, 2], 9: [3, 3], 16: [4, 4] }[m.width];
    const box = Math.floor(Math.floor(cell / m.width) / bh) + Math.floor((cell % m.width) / bw);
    return { fill: box % 2 ? "#e4e9f5" : LIGHT, text: c === "." ? "" : c };
  },
  apply(m, tool, pane, cell) {
    const digit = tool === "erase" ? "." : tool;
    if (digit !== "." && SUDOKU_DIGITS.indexOf(digit) >= m.width) return false;
    m.cells[cell] = m.cells[cell] === digit ? "." : digit;
    return true;
  },
  typed(key) {
    const digit = key.toUpperCase();
    if (SUDOKU_DIGITS.includes(digit) && digit !== "") return digit;
    return { Backspace: "erase", Delete: "erase", ".": "erase", 0: "erase" }[key];
  },
  /** The grade from the ladder's steps (a step's width is its difficulty in tenths of SE's scale), for a
   * puzzle with one solution (`solutions`, the count, when known). */
  grade(rules, solutions) {
    if (solutions !== undefined && solutions !== 1) return "No grade: Sudoku Explainer's scale rates puzzles with one solution.";
    const hardest = Math.max(0, ...rules.steps.map((s) => s.width));
    return rules.solved ? `Grade: ${(hardest / 10).toFixed(1)} on Sudoku Explainer's scale (the hardest technique the ladder needs).` : `Grade: beyond the ladder (${(hardest / 10).toFixed(1)} or more).`;
  },
};

export const EDITORS = { tiles, jugs, flip, hargram, blocks, rush, linjat, sokoban, sudoku };

/** The editor of a description: its notation's own (`rush:`), else its family's. */
export const editorOf = (desc, familyOf) => (EDITORS[desc.split(":")[0]] ? desc.split(":")[0] : familyOf(desc));
