// Drawing, mouse and keyboard input of every family's board, from the engine's generic view of a position:
// the cell grid of `puzzle.cells()` (what a value means is each family's, documented in include/lphint.h),
// the description (jug capacities and goals, blocks' letters and goals, flip's target, Hargram's pieces),
// the legal moves with their sentences, and the hint's cells. One entry per family, as Tatham's collection
// has one drawing routine per game. Every board has a keyboard cursor: arrows move it (tiles: arrows slide
// the tile beside the blank; blocks: arrows slide the selected block), Enter or Space acts as a click on
// it, Escape drops a selection.

/** The hint's colour: 7.6:1 against white and 6.6:1 against the empty cells (WCAG asks 4.5:1). */
export const HIGHLIGHT = "#8f1d6b";
/** The keyboard cursor and selections. */
export const CURSOR = "#0b3d91";
const EMPTY = "#e9edf7";
const INK = "#1d2330";
const CELLS_SHARE = 0.64; // of a Hargram canvas's height: the board; the tray of pieces below

/** A colour per piece, block or number: spread hues, light enough for dark text. */
export function colour(index, light = 72) {
  return `hsl(${(index * 137.508) % 360}, 65%, ${light}%)`;
}

/** The grid geometry of a `width`×`height` board inside the canvas area `area` ([x, y, w, h]). */
function grid(canvas, width, height, area = [0, 0, canvas.width, canvas.height]) {
  const [ax, ay, aw, ah] = area;
  const size = Math.floor(Math.min(aw / width, ah / height));
  return { size, width, x0: ax + Math.floor((aw - size * width) / 2), y0: ay + Math.floor((ah - size * height) / 2) };
}

function origin(g, cell) {
  return [g.x0 + (cell % g.width) * g.size, g.y0 + Math.floor(cell / g.width) * g.size];
}

function rect(ctx, g, cell, fill, inset = 2) {
  const [x, y] = origin(g, cell);
  ctx.fillStyle = fill;
  ctx.fillRect(x + inset, y + inset, g.size - 2 * inset, g.size - 2 * inset);
  return [x, y];
}

function label(ctx, g, x, y, text, fill = INK, scale = 0.45) {
  ctx.fillStyle = fill;
  ctx.font = `600 ${Math.floor(g.size * scale)}px system-ui`;
  ctx.textAlign = "center";
  ctx.textBaseline = "middle";
  ctx.fillText(text, x + g.size / 2, y + g.size / 2);
}

/** An outline visible on light and dark cells: a coloured band with a white line inside. */
function outline(ctx, g, cell, stroke = HIGHLIGHT, dash = []) {
  const [x, y] = origin(g, cell);
  ctx.setLineDash(dash);
  ctx.strokeStyle = stroke;
  ctx.lineWidth = 5;
  ctx.strokeRect(x + 3.5, y + 3.5, g.size - 7, g.size - 7);
  ctx.strokeStyle = "white";
  ctx.lineWidth = 1.5;
  ctx.strokeRect(x + 7, y + 7, g.size - 14, g.size - 14);
  ctx.setLineDash([]);
}

/** The outline of a set of cells (edges not shared with another cell of the set). */
function areaOutline(ctx, g, cells, stroke, width = 4, dash = []) {
  const set = new Set(cells);
  ctx.strokeStyle = stroke;
  ctx.lineWidth = width;
  ctx.setLineDash(dash);
  ctx.beginPath();
  for (const cell of cells) {
    const [x, y] = origin(g, cell);
    const [col, s] = [cell % g.width, g.size];
    const edges = [
      [cell - g.width, x, y, x + s, y],
      [cell + g.width, x, y + s, x + s, y + s],
      [col > 0 ? cell - 1 : -1, x, y, x, y + s],
      [col < g.width - 1 ? cell + 1 : -1, x + s, y, x + s, y + s],
    ];
    for (const [next, x1, y1, x2, y2] of edges) {
      if (set.has(next)) continue;
      ctx.moveTo(x1, y1);
      ctx.lineTo(x2, y2);
    }
  }
  ctx.stroke();
  ctx.setLineDash([]);
}

/** The hint's cells (or a selection): the outline of their set — a band with a white line outside it —
 * along the set's edges only, so that it never covers a letter or number drawn inside (a car's letter
 * sits where its two cells meet), and thinner on small cells. */
function highlightCells(ctx, g, cells, stroke = HIGHLIGHT) {
  if (!cells.length) return;
  const band = Math.max(2, Math.min(5, g.size * 0.12));
  areaOutline(ctx, g, cells, "white", band + 3);
  areaOutline(ctx, g, cells, stroke, band);
}

/** The cell of a grid `g` under canvas point (x, y), or -1. */
function cellAt(g, height, x, y) {
  const [col, row] = [Math.floor((x - g.x0) / g.size), Math.floor((y - g.y0) / g.size)];
  return col < 0 || row < 0 || col >= g.width || row >= height ? -1 : row * g.width + col;
}

/** Whether cell `c` lies on the straight segment from `a` to `b` of a `width`-wide grid. */
function onSegment(a, b, c, width) {
  const [ra, ca, rb, cb, rc, cc] = [a / width | 0, a % width, b / width | 0, b % width, c / width | 0, c % width];
  return (ra === rb && rc === ra && cc >= Math.min(ca, cb) && cc <= Math.max(ca, cb)) ||
    (ca === cb && cc === ca && rc >= Math.min(ra, rb) && rc <= Math.max(ra, rb));
}

/** A drawing's rows (`#.#/.#.`) as a row-major array of characters. */
function rows(text) {
  return text.split("/").flatMap((row) => [...row]);
}

/** Moves the cursor of a grid board by an arrow key; false for other keys. */
function moveCursor(view, key, targets = view.width * view.height) {
  const step = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -view.width, ArrowDown: view.width }[key];
  if (step === undefined) return false;
  const cursor = view.cursor ?? 0;
  const col = cursor % view.width;
  if ((key === "ArrowLeft" && col === 0) || (key === "ArrowRight" && col === view.width - 1)) return true;
  if (cursor + step >= 0 && cursor + step < targets) view.cursor = cursor + step;
  return true;
}

const tiles = {
  noun: ["move", "moves"],
  draw(ctx, canvas, view) {
    const g = grid(canvas, view.width, view.height);
    view.cells.forEach((tile, cell) => {
      if (tile === 0) return;
      const hinted = view.highlight.has(cell);
      const [x, y] = rect(ctx, g, cell, hinted ? HIGHLIGHT : "#2f5fb3");
      label(ctx, g, x, y, String(tile), "white");
    });
    return g;
  },
  // A tile moves into the blank: its move names it.
  click(view, cell) {
    return view.moves.find((m) => m.piece === view.cells[cell]) ?? null;
  },
  // An arrow moves the tile on that side of the blank into it.
  key(view, key) {
    const blank = view.cells.indexOf(0);
    const offsets = { ArrowLeft: 1, ArrowRight: -1, ArrowUp: view.width, ArrowDown: -view.width };
    if (offsets[key] === undefined) return undefined;
    const from = blank + offsets[key];
    const move = view.moves.find((m) => m.from === from && m.to === blank) ?? null;
    if (move) view.cursor = blank;
    return move;
  },
};

/** Jugs: the jugs in a row, the tap above on the left, the sink below on the right (when the puzzle
 * allows them). Targets: jug j is j, the tap `count`, the sink `count + 1`. */
const jugs = {
  noun: ["move", "moves"],
  parse(view) {
    const [, caps, , goal, tap] = view.desc.split(":");
    const capacities = caps.split(",").map(Number);
    return { capacities, goals: goal.split(","), tap: tap === "tap" };
  },
  layout(canvas, view) {
    const { capacities, tap } = this.parse(view);
    const slot = canvas.width / capacities.length;
    // With the tap above them, the jugs start below its box (their labels clear of it).
    const top = tap ? 112 : 40;
    const bottom = canvas.height - (tap ? 110 : 60);
    return { slot, top, bottom, scale: (bottom - top) / Math.max(...capacities), tapBox: tap ? [12, 8, 120, 56] : null, sinkBox: tap ? [canvas.width - 132, canvas.height - 64, 120, 56] : null };
  },
  draw(ctx, canvas, view) {
    const { capacities, goals, tap } = this.parse(view);
    const at = this.layout(canvas, view);
    const count = capacities.length;
    capacities.forEach((capacity, jug) => {
      const [x, w] = [jug * at.slot + at.slot * 0.22, at.slot * 0.56];
      const hinted = view.highlight.has(jug);
      ctx.fillStyle = "#3f87d6";
      ctx.fillRect(x, at.bottom - view.cells[jug] * at.scale, w, view.cells[jug] * at.scale);
      ctx.strokeStyle = view.selected === jug ? CURSOR : hinted ? HIGHLIGHT : INK;
      ctx.lineWidth = hinted || view.selected === jug ? 6 : 2;
      ctx.strokeRect(x, at.bottom - capacity * at.scale, w, capacity * at.scale);
      if (goals[jug] !== "*") {
        const level = at.bottom - Number(goals[jug]) * at.scale;
        // A white band under the dashes: the line stands out over the water (3.8:1) as over the glass
        // (the dashes alone were 2.17:1 on the water).
        ctx.beginPath();
        ctx.moveTo(x - 8, level);
        ctx.lineTo(x + w + 8, level);
        ctx.strokeStyle = "white";
        ctx.lineWidth = 7;
        ctx.stroke();
        ctx.strokeStyle = "#0b5d1e";
        ctx.lineWidth = 3;
        ctx.setLineDash([8, 5]);
        ctx.stroke();
        ctx.setLineDash([]);
      }
      ctx.fillStyle = INK;
      ctx.font = "600 15px system-ui";
      ctx.textAlign = "center";
      ctx.textBaseline = "alphabetic";
      ctx.fillText(`jug ${jug + 1}`, x + w / 2, at.top - 10);
      ctx.fillText(`${view.cells[jug]} of ${capacity}`, x + w / 2, at.bottom + 20);
      ctx.fillStyle = "#0b5d1e";
      ctx.fillText(goals[jug] === "*" ? "goal: any" : `goal: ${goals[jug]}`, x + w / 2, at.bottom + 40);
      if (view.cursor === jug) this.cursorBox(ctx, [x - 10, at.top - 30, w + 20, at.bottom - at.top + 78]);
    });
    if (tap) {
      // A hint that fills from the tap or empties into the sink outlines it too.
      this.box(ctx, at.tapBox, "tap (fill)", view.selected === count, view.hintMove?.from === -1);
      this.box(ctx, at.sinkBox, "sink (empty)", false, view.hintMove?.to === -1);
      if (view.cursor === count) this.cursorBox(ctx, at.tapBox);
      if (view.cursor === count + 1) this.cursorBox(ctx, at.sinkBox);
    }
    return null;
  },
  box(ctx, [x, y, w, h], text, selected, hinted = false) {
    ctx.fillStyle = "#dfe6f3";
    ctx.fillRect(x, y, w, h);
    ctx.strokeStyle = selected ? CURSOR : hinted ? HIGHLIGHT : INK;
    ctx.lineWidth = selected || hinted ? 5 : 2;
    ctx.strokeRect(x, y, w, h);
    ctx.fillStyle = INK;
    ctx.font = "600 15px system-ui";
    ctx.textAlign = "center";
    ctx.textBaseline = "middle";
    ctx.fillText(text, x + w / 2, y + h / 2);
  },
  cursorBox(ctx, [x, y, w, h]) {
    ctx.strokeStyle = CURSOR;
    ctx.lineWidth = 3;
    ctx.setLineDash([6, 4]);
    ctx.strokeRect(x, y, w, h);
    ctx.setLineDash([]);
  },
  targetAt(canvas, view, x, y) {
    const at = this.layout(canvas, view);
    const inside = (box) => box && x >= box[0] && x <= box[0] + box[2] && y >= box[1] && y <= box[1] + box[3];
    if (inside(at.tapBox)) return view.width;
    if (inside(at.sinkBox)) return view.width + 1;
    return Math.floor(x / at.slot);
  },
  // A jug then another pours; the tap then a jug fills it; a jug then the sink empties it.
  click(view, target) {
    const [count, selected] = [view.width, view.selected];
    if (selected === null || selected === undefined || selected === target) {
      view.selected = selected === target || target === count + 1 ? null : target;
      return null;
    }
    const [from, to] = [selected === count ? -1 : selected, target === count + 1 ? -1 : target];
    view.selected = null;
    return view.moves.find((m) => m.from === from && m.to === to) ?? null;
  },
  key(view, key) {
    const targets = this.parse(view).tap ? view.width + 2 : view.width;
    const step = { ArrowLeft: -1, ArrowRight: 1 }[key];
    if (step === undefined) return undefined;
    view.cursor = ((view.cursor ?? 0) + step + targets) % targets;
    return null;
  },
};

/** Flip: the board, with the target pattern drawn small beside it; the hint's press marked apart from
 * the panels it flips. */
const flip = {
  noun: ["press", "presses"],
  target(view) {
    const field = view.desc.split(":")[3];
    return field ? rows(field).map((c) => c === "#") : view.cells.map(() => false);
  },
  boardGrid(canvas, view) {
    return grid(canvas, view.width, view.height, [0, 0, canvas.width - Math.floor(canvas.width * 0.26) - 12, canvas.height]);
  },
  targetAt(canvas, view, x, y) {
    return cellAt(this.boardGrid(canvas, view), view.height, x, y);
  },
  draw(ctx, canvas, view) {
    const side = Math.floor(canvas.width * 0.26);
    const g = this.boardGrid(canvas, view);
    const target = this.target(view);
    view.cells.forEach((dark, cell) => {
      rect(ctx, g, cell, dark ? "#2a2f45" : EMPTY);
      if (Boolean(dark) !== target[cell]) {
        const [x, y] = origin(g, cell);
        ctx.fillStyle = dark ? "#e9edf7" : "#2a2f45";
        ctx.fillRect(x + g.size - 12, y + 4, 8, 8);
      }
      if (cell === view.hintMove?.from) {
        outline(ctx, g, cell);
        const [x, y] = origin(g, cell);
        ctx.fillStyle = HIGHLIGHT;
        ctx.beginPath();
        ctx.arc(x + g.size / 2, y + g.size / 2, g.size * 0.18, 0, 2 * Math.PI);
        ctx.fill();
      } else if (view.highlight.has(cell)) outline(ctx, g, cell, HIGHLIGHT, [6, 4]);
    });
    const t = grid(canvas, view.width, view.height, [canvas.width - side, canvas.height / 2 - side / 2, side, side]);
    target.forEach((dark, cell) => rect(ctx, t, cell, dark ? "#2a2f45" : EMPTY, 1));
    ctx.fillStyle = INK;
    ctx.font = "600 14px system-ui";
    ctx.textAlign = "center";
    ctx.fillText("target", canvas.width - side / 2, t.y0 - 10);
    return g;
  },
  click(view, cell) {
    return view.moves.find((m) => m.from === cell) ?? null;
  },
};

/** Hargram: the board above, the pieces not yet placed in a tray below (click one to pick it, then a
 * cell for its box's top-left corner; clicking the same cell again turns it to its next placement); a
 * placed piece is taken off by clicking it. */
const hargram = {
  noun: ["move", "moves"],
  pieces(view) {
    const [, , , pieces, placed = ""] = view.desc.split(":");
    const shapes = pieces.split(";").map((text) => {
      const lines = text.replace(/!$/, "").split("/");
      return { width: Math.max(...lines.map((l) => l.length)), cells: lines.flatMap((l, r) => [...l].map((ch, c) => (ch === "#" ? [r, c] : null)).filter(Boolean)) };
    });
    const onBoard = new Set(placed.split(";").filter(Boolean).map((p) => Number(p.split("@")[0])));
    return shapes.map((shape, i) => ({ ...shape, index: i, placed: onBoard.has(i) }));
  },
  boardGrid(canvas, view) {
    return grid(canvas, view.width, view.height, [0, 0, canvas.width, canvas.height * CELLS_SHARE]);
  },
  /** The tray's slots: one per piece not on the board. */
  tray(canvas, view) {
    const waiting = this.pieces(view).filter((p) => !p.placed);
    const top = canvas.height * CELLS_SHARE + 24;
    const slot = canvas.width / Math.max(1, waiting.length);
    return waiting.map((piece, i) => ({ piece, box: [i * slot, top, slot, canvas.height - top] }));
  },
  draw(ctx, canvas, view) {
    const g = this.boardGrid(canvas, view);
    view.cells.forEach((value, cell) => {
      const [x, y] = rect(ctx, g, cell, value < 0 ? INK : value === 0 ? EMPTY : colour(value - 1));
      if (value > 0) label(ctx, g, x, y, view.names?.[value - 1]?.letter ?? "", INK, 0.35);
    });
    highlightCells(ctx, g, [...view.highlight].filter((c) => c < view.cells.length));
    ctx.fillStyle = INK;
    ctx.font = "600 14px system-ui";
    ctx.textAlign = "left";
    ctx.textBaseline = "alphabetic";
    const tray = this.tray(canvas, view);
    ctx.fillText(tray.length ? "to place (click a piece, then a cell):" : "every piece is placed", 8, canvas.height * CELLS_SHARE + 16);
    tray.forEach(({ piece, box: [x, y, w, h] }, i) => {
      const rowsOf = Math.max(...piece.cells.map(([r]) => r)) + 1;
      const size = Math.floor(Math.min((w - 16) / piece.width, (h - 30) / rowsOf, 22));
      const [px, py] = [x + (w - size * piece.width) / 2, y + 4];
      ctx.fillStyle = colour(piece.index);
      piece.cells.forEach(([r, c]) => ctx.fillRect(px + c * size + 1, py + r * size + 1, size - 2, size - 2));
      ctx.fillStyle = INK;
      ctx.textAlign = "center";
      ctx.fillText(view.names?.[piece.index]?.letter ?? String(piece.index + 1), x + w / 2, py + rowsOf * size + 16);
      const chosen = view.selected === piece.index;
      if (chosen || view.cursor === view.width * view.height + i) {
        ctx.strokeStyle = CURSOR;
        ctx.lineWidth = chosen ? 4 : 2;
        ctx.setLineDash(chosen ? [] : [6, 4]);
        ctx.strokeRect(x + 3, y, w - 6, h - 6);
        ctx.setLineDash([]);
      }
    });
    return g;
  },
  targetAt(canvas, view, x, y) {
    const cell = cellAt(this.boardGrid(canvas, view), view.height, x, y);
    if (cell >= 0) return cell;
    const slot = this.tray(canvas, view).findIndex(({ box: [bx, by, bw, bh] }) => x >= bx && x < bx + bw && y >= by && y < by + bh);
    return slot < 0 ? -1 : view.width * view.height + slot;
  },
  click(view, target, canvas) {
    const cells = view.width * view.height;
    if (target >= cells) {
      const piece = this.tray(canvas, view)[target - cells]?.piece.index;
      view.selected = view.selected === piece ? null : piece;
      return null;
    }
    const value = view.cells[target];
    const last = view.lastPlaced;
    if (value > 0 && last && last.cell === target && last.piece === value - 1) {
      // Again on the cell just used: the piece's next placement anchored there.
      const takeOff = view.moves.find((m) => m.piece === value - 1 && m.to === -1);
      return { moves: [takeOff], then: (next) => this.place(next, value - 1, target, last.turn + 1) };
    }
    if (value > 0) {
      view.lastPlaced = null;
      return view.moves.find((m) => m.piece === value - 1 && m.to === -1) ?? null;
    }
    if (value < 0) return null;
    return this.place(view, view.selected, target, 0);
  },
  /** The `turn`-th placement anchored at `cell` (of `piece`, or of any piece when none is picked). */
  place(view, piece, cell, turn) {
    const here = view.moves.filter((m) => m.to === cell && (piece === null || piece === undefined || m.piece === piece));
    if (here.length === 0) return null;
    const move = here[turn % here.length];
    view.lastPlaced = { cell, piece: move.piece, turn: turn % here.length };
    view.selected = null;
    return move;
  },
  key(view, key) {
    const cells = view.width * view.height;
    const tray = view.trayLength ?? 0;
    if (key === "ArrowDown" && (view.cursor ?? 0) + view.width >= cells && tray) {
      view.cursor = cells;
      return null;
    }
    if ((view.cursor ?? 0) >= cells) {
      const slot = view.cursor - cells;
      if (key === "ArrowLeft") view.cursor = cells + Math.max(0, slot - 1);
      else if (key === "ArrowRight") view.cursor = cells + Math.min(tray - 1, slot + 1);
      else if (key === "ArrowUp") view.cursor = cells - view.width;
      else return undefined;
      return null;
    }
    return moveCursor(view, key) ? null : undefined;
  },
};

/** Sliding blocks: each block labelled with its letter of the description (the hint's names), the goal
 * block's target area outlined; a block locked to an axis (Rush Hour's cars and trucks, `rush:` boards or
 * `-`/`|` marks) drawn with its track along that axis. */
const blocks = {
  noun: ["move", "moves"],
  /** The board's characters, row-major: a letter per block cell, '.' empty, '#' a wall, '+' goal-only. */
  letters(view) {
    const [kind, board, cells] = view.desc.split(":");
    if (kind === "rush") return [...board].map((c) => (c === "o" ? "." : c === "x" ? "#" : c));
    return rows(cells);
  },
  /** The cells of each block, by letter. */
  cellsOf(view) {
    const out = new Map();
    this.letters(view).forEach((ch, i) => /[A-Za-z0-9]/.test(ch) && out.set(ch, [...(out.get(ch) ?? []), i]));
    return out;
  },
  /** The rules field (goals and axis marks), for a rush: board the red car's exit and every bar locked. */
  rules(view) {
    const [kind, , , rules] = view.desc.split(":");
    if (kind !== "rush") return (rules ?? "").split(";").filter(Boolean);
    const w = view.width;
    return [...this.cellsOf(view)].map(([name, cells]) => {
      const across = cells.every((c) => Math.floor(c / w) === Math.floor(cells[0] / w));
      return name === "A" ? `A@${Math.floor(w / 2) - 1},${w - cells.length}-` : `${name}${across ? "-" : "|"}`;
    });
  },
  /** Each goal's target cells: the goal block's shape with its box's corner at the goal. */
  goals(view) {
    const own = this.cellsOf(view);
    return this.rules(view).filter((rule) => rule.includes("@")).map((rule) => {
      const [name, at] = rule.replace(/[-|]$/, "").split("@");
      const [row, col] = at.split(",").map(Number);
      const cells = own.get(name) ?? [];
      const r0 = Math.min(...cells.map((c) => Math.floor(c / view.width)));
      const c0 = Math.min(...cells.map((c) => c % view.width));
      const to = (c) => (row + Math.floor(c / view.width) - r0) * view.width + col + (c % view.width) - c0;
      return { name, cells: cells.map(to) };
    });
  },
  /** The letters of the blocks locked to an axis, with it ('-' or '|'). */
  axes(view) {
    return new Map(this.rules(view).flatMap((rule) => (/[-|]$/.test(rule) ? [[rule[0], rule.at(-1)]] : [])));
  },
  /** The board's part of the canvas: a strip below for the goals' key and, on a Rush Hour board, a
   * margin on the right for the exit's word — tags beside the pieces, never on them. */
  area(canvas, view) {
    const right = view.desc.startsWith("rush:") ? 44 : 0;
    return [0, 0, canvas.width - right, canvas.height - 26];
  },
  draw(ctx, canvas, view) {
    const g = grid(canvas, view.width, view.height, this.area(canvas, view));
    const letters = this.letters(view);
    view.cells.forEach((value, cell) => {
      const fill = value === -1 ? INK : value === -2 ? "#f3e3b5" : value === 0 ? EMPTY : colour(value - 1);
      rect(ctx, g, cell, fill, value > 0 ? 1 : 2);
    });
    // Each block drawn whole: the gaps between its own cells filled, one outline round it.
    const placed = new Map();
    view.cells.forEach((value, cell) => value > 0 && placed.set(letters[cell], [...(placed.get(letters[cell]) ?? []), cell]));
    for (const cells of placed.values()) {
      const own = new Set(cells);
      ctx.fillStyle = colour(view.cells[cells[0]] - 1);
      for (const cell of cells) {
        const [x, y] = origin(g, cell);
        const right = cell % g.width < g.width - 1 && own.has(cell + 1);
        const below = own.has(cell + g.width);
        if (right) ctx.fillRect(x + g.size - 1, y + 1, 2, g.size - 2);
        if (below) ctx.fillRect(x + 1, y + g.size - 1, g.size - 2, 2);
        if (right && below && own.has(cell + g.width + 1)) ctx.fillRect(x + g.size - 1, y + g.size - 1, 2, 2);
      }
      areaOutline(ctx, g, cells, INK, 2);
    }
    // A locked block's track: a dark line along its axis near its edge (clear of its letter), ending in
    // arrowheads (graphics at well over 3:1 against every block colour).
    const axes = this.axes(view);
    for (const [name, cells] of placed) {
      if (!axes.has(name)) continue;
      const across = axes.get(name) === "-";
      const [first, last] = [origin(g, Math.min(...cells)), origin(g, Math.max(...cells))];
      const [x1, y1, x2, y2] = across
        ? [first[0] + g.size * 0.2, first[1] + g.size * 0.85, last[0] + g.size * 0.8, last[1] + g.size * 0.85]
        : [first[0] + g.size * 0.85, first[1] + g.size * 0.2, last[0] + g.size * 0.85, last[1] + g.size * 0.8];
      ctx.strokeStyle = INK;
      ctx.fillStyle = INK;
      ctx.lineWidth = 2;
      ctx.beginPath();
      ctx.moveTo(x1, y1);
      ctx.lineTo(x2, y2);
      ctx.stroke();
      for (const [x, y, s] of [[x1, y1, -1], [x2, y2, 1]]) {
        ctx.beginPath();
        ctx.moveTo(x + s * (across ? 6 : 0), y + s * (across ? 0 : 6));
        ctx.lineTo(x - (across ? 0 : 5), y - (across ? 5 : 0));
        ctx.lineTo(x + (across ? 0 : 5), y + (across ? 5 : 0));
        ctx.fill();
      }
    }
    // Each goal's target area outlined; its name in the key below the board (beside, not on, a piece).
    const goals = this.goals(view);
    for (const goal of goals) {
      areaOutline(ctx, g, goal.cells, "white", 9);
      areaOutline(ctx, g, goal.cells, "#0b5d1e", 5, [10, 6]);
    }
    if (goals.length) {
      const y = g.y0 + view.height * g.size + 8;
      ctx.strokeStyle = "#0b5d1e";
      ctx.lineWidth = 4;
      ctx.setLineDash([8, 4]);
      ctx.strokeRect(g.x0 + 2, y + 2, 22, 12);
      ctx.setLineDash([]);
      ctx.font = "700 13px system-ui";
      ctx.textAlign = "left";
      ctx.textBaseline = "top";
      ctx.fillStyle = "#0b5d1e";
      ctx.fillText(`goal of ${goals.map((goal) => goal.name).join(", ")}`, g.x0 + 32, y + 1);
    }
    if (view.desc.startsWith("rush:")) {
      // Rush Hour's exit: the gap in the right wall of the red car's row, an arrow pointing out of it.
      const [x, y] = origin(g, (Math.floor(view.width / 2) - 1) * view.width + view.width - 1);
      const edge = x + g.size;
      ctx.strokeStyle = "#0b5d1e";
      ctx.lineWidth = 6;
      ctx.beginPath();
      ctx.moveTo(edge - 3, y + 4);
      ctx.lineTo(edge - 3, y + g.size - 4);
      ctx.stroke();
      ctx.fillStyle = "#0b5d1e";
      ctx.beginPath();
      ctx.moveTo(edge - 8, y + g.size / 2 - 9);
      ctx.lineTo(edge - 8, y + g.size / 2 + 9);
      ctx.lineTo(edge + 4, y + g.size / 2);
      ctx.fill();
      // The word in the margin beside the exit (outside the board).
      ctx.font = "700 12px system-ui";
      ctx.textAlign = "left";
      ctx.textBaseline = "middle";
      ctx.fillText("exit", edge + 8, y + g.size / 2);
    }
    highlightCells(ctx, g, view.cells.flatMap((v, c) => (view.highlight.has(c) && !(v > 0 && v - 1 === view.selected) ? [c] : [])));
    highlightCells(ctx, g, view.cells.flatMap((v, c) => (v > 0 && v - 1 === view.selected ? [c] : [])), CURSOR);
    // One letter a block, at the middle of a rectangular block, else on its cell nearest its middle.
    for (const [name, cells] of placed) {
      const rowsOf = cells.map((c) => Math.floor(c / g.width));
      const colsOf = cells.map((c) => c % g.width);
      const [r0, r1, c0, c1] = [Math.min(...rowsOf), Math.max(...rowsOf), Math.min(...colsOf), Math.max(...colsOf)];
      const whole = (r1 - r0 + 1) * (c1 - c0 + 1) === cells.length;
      const [mr, mc] = whole
        ? [(r0 + r1) / 2, (c0 + c1) / 2]
        : (() => {
            const [ar, ac] = [rowsOf.reduce((a, b) => a + b) / cells.length, colsOf.reduce((a, b) => a + b) / cells.length];
            const near = cells.reduce((best, c) =>
              Math.hypot(Math.floor(c / g.width) - ar, (c % g.width) - ac) < Math.hypot(Math.floor(best / g.width) - ar, (best % g.width) - ac) ? c : best);
            return [Math.floor(near / g.width), near % g.width];
          })();
      // Over the highlights, on a white halo: never hidden by an outline.
      ctx.lineWidth = Math.max(2, Math.min(6, g.size * 0.05));
      ctx.strokeStyle = "white";
      ctx.font = `600 ${Math.floor(g.size * 0.32)}px system-ui`;
      ctx.textAlign = "center";
      ctx.textBaseline = "middle";
      ctx.strokeText(name, g.x0 + mc * g.size + g.size / 2, g.y0 + mr * g.size + g.size / 2);
      label(ctx, g, g.x0 + mc * g.size, g.y0 + mr * g.size, name, INK, 0.32);
    }
    return g;
  },
  // A block, then a cell: the move of that block whose anchor lands there, that shifts it by the click's
  // offset from its anchor, or the shortest that covers the cell.
  click(view, cell) {
    const value = view.cells[cell];
    if (value > 0 && view.selected !== value - 1) {
      view.selected = value - 1;
      return null;
    }
    if (value > 0) {
      view.selected = null;
      return null;
    }
    if (view.selected === null || view.selected === undefined) return null;
    const own = view.moves.filter((m) => m.piece === view.selected);
    const anchor = own[0]?.from;
    // Or the shortest slide that brings the block over the cell clicked (a car driven up to a cell ahead).
    const offsets = view.cells.flatMap((v, c) => (v === view.selected + 1 ? [c - anchor] : []));
    const covering = own
      .filter((m) => offsets.some((o) => m.to + o === cell))
      .sort((a, b) => Math.abs(a.to - a.from) - Math.abs(b.to - b.from))[0];
    const move =
      own.find((m) => m.to === cell) ??
      own.find((m) => anchor !== undefined && value === 0 && m.to - m.from === cell - anchor) ??
      covering;
    if (move) view.selected = null;
    return move ?? null;
  },
  // Arrows slide the selected block one cell (the cursor goes with it); without one they move the cursor.
  key(view, key) {
    if (view.selected === null || view.selected === undefined) return moveCursor(view, key) ? null : undefined;
    const offsets = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -view.width, ArrowDown: view.width };
    if (offsets[key] === undefined) return undefined;
    const move = view.moves.find((m) => m.piece === view.selected && m.to - m.from === offsets[key]) ?? null;
    if (move) view.cursor = (view.cursor ?? 0) + offsets[key];
    return move;
  },
};

const linjat = {
  noun: ["segment", "segments"],
  draw(ctx, canvas, view) {
    const g = grid(canvas, view.width, view.height);
    view.cells.forEach((value, cell) => rect(ctx, g, cell, EMPTY, 1));
    // Each drawn segment as one bar from end to end through its number's own cell, outlined in ink so
    // that it stands out from the empty cells whatever its hue (the fill alone was 1.24:1 for yellow).
    const numbers = view.cells.flatMap((v, c) => (v >= 1 && v <= 9 ? [c] : []));
    const covered = new Map();
    view.cells.forEach((v, c) => {
      if (v >= 10) {
        const p = v >= 100 ? v - 100 : v - 10;
        covered.set(p, [...(covered.get(p) ?? []), c]);
      }
    });
    for (const [p, cells] of covered) {
      const all = [...cells, numbers[p]].filter((c) => c !== undefined);
      const [rs, cs] = [all.map((c) => Math.floor(c / g.width)), all.map((c) => c % g.width)];
      const [x, y] = origin(g, Math.min(...rs) * g.width + Math.min(...cs));
      const [w, h] = [(Math.max(...cs) - Math.min(...cs) + 1) * g.size, (Math.max(...rs) - Math.min(...rs) + 1) * g.size];
      ctx.fillStyle = colour(p, 70);
      ctx.fillRect(x + 8, y + 8, w - 16, h - 16);
      ctx.strokeStyle = INK;
      ctx.lineWidth = 2;
      ctx.strokeRect(x + 8, y + 8, w - 16, h - 16);
    }
    view.cells.forEach((value, cell) => {
      const [x, y] = origin(g, cell);
      if (view.marks?.has(cell)) rect(ctx, g, cell, view.marks.get(cell), 14);
      if (value === -1 || value >= 100) {
        ctx.fillStyle = INK;
        ctx.beginPath();
        ctx.arc(x + g.size / 2, y + g.size / 2, g.size * 0.12, 0, 2 * Math.PI);
        ctx.fill();
      }
      if (value >= 1 && value <= 9) {
        ctx.fillStyle = view.selected === cell ? CURSOR : "#1d2b4f";
        ctx.beginPath();
        ctx.arc(x + g.size / 2, y + g.size / 2, g.size * 0.38, 0, 2 * Math.PI);
        ctx.fill();
        label(ctx, g, x, y, String(value), "white");
      }
    });
    highlightCells(ctx, g, [...view.highlight]);
    return g;
  },
  // A number, then a cell: the number's segment through that cell (the first drawn if several); a
  // number already drawn is erased by clicking it.
  click(view, cell) {
    const value = view.cells[cell];
    const index = (c) => view.cells.slice(0, c).filter((v) => v >= 1 && v <= 9).length;
    if (value >= 1 && value <= 9) {
      const erase = view.moves.find((m) => m.piece === index(cell) && m.from === -1);
      if (erase) return erase;
      view.selected = view.selected === cell ? null : cell;
      return null;
    }
    if (view.selected === null || view.selected === undefined) return null;
    const p = index(view.selected);
    const move = view.moves.find((m) => m.piece === p && m.from >= 0 && onSegment(m.from, m.to, cell, view.width));
    if (move) view.selected = null;
    return move ?? null;
  },
};

/** Sokoban: walls, floor, goals (rings), boxes numbered as the level writes them (in reading order),
 * the player. A cell's value (include/lphint.h): -1 outside the room, 1 a wall, else 2 for a goal + 4
 * for the player + 8·(box + 1). Arrows step the player (pushing the box in the way); a click on a box
 * selects it and a click beside it pushes it there; a click next to the player steps there. */
const sokoban = {
  noun: ["push", "pushes"],
  draw(ctx, canvas, view) {
    const g = grid(canvas, view.width, view.height);
    view.cells.forEach((value, cell) => {
      if (value === -1) return;
      if (value === 1) {
        rect(ctx, g, cell, "#5b6275", 0);
        return;
      }
      const [x, y] = rect(ctx, g, cell, EMPTY, 1);
      if (view.marks?.has(cell)) rect(ctx, g, cell, view.marks.get(cell), 3);
      const [cx, cy] = [x + g.size / 2, y + g.size / 2];
      if (value & 2) {
        ctx.strokeStyle = "#b3261e";
        ctx.lineWidth = Math.max(2, g.size * 0.08);
        ctx.beginPath();
        ctx.arc(cx, cy, g.size * 0.22, 0, 2 * Math.PI);
        ctx.stroke();
      }
      const box = value >> 3;
      if (box > 0) {
        // A box keeps its own colour all game; on a goal it has a thick frame and the goal's ring in its
        // corner (clear of its number).
        const inset = Math.max(3, g.size * 0.1);
        rect(ctx, g, cell, colour(box - 1, 62), inset);
        if (value & 2) {
          ctx.strokeStyle = INK;
          ctx.lineWidth = Math.max(2, g.size * 0.06);
          ctx.strokeRect(x + inset, y + inset, g.size - 2 * inset, g.size - 2 * inset);
          ctx.strokeStyle = "#b3261e";
          ctx.lineWidth = Math.max(2, g.size * 0.05);
          ctx.beginPath();
          ctx.arc(x + g.size * 0.74, y + g.size * 0.26, g.size * 0.08, 0, 2 * Math.PI);
          ctx.stroke();
        }
        label(ctx, g, x, y, String(box), INK);
        if (view.selected === cell) outline(ctx, g, cell, CURSOR);
      }
      if (value & 4) {
        ctx.fillStyle = CURSOR;
        ctx.beginPath();
        ctx.arc(cx, cy, g.size * 0.3, 0, 2 * Math.PI);
        ctx.fill();
      }
    });
    highlightCells(ctx, g, [...view.highlight]);
    return g;
  },
  player(view) {
    return view.cells.findIndex((v) => v >= 0 && v !== 1 && v & 4);
  },
  step(view, from, to) {
    const box = view.cells[to] >> 3;
    return { piece: box > 0 ? box - 1 : 0xffffffff, from, to, arg: 1 };
  },
  click(view, cell) {
    const player = this.player(view);
    const value = view.cells[cell];
    if (value > 1 && value >> 3) {
      view.selected = view.selected === cell ? null : cell;
      return null;
    }
    if (view.selected !== null && view.selected !== undefined) {
      const push = view.moves.find((m) => m.from === view.selected && m.to === cell && m.arg === 0);
      view.selected = null;
      if (push) return push;
    }
    const beside = [1, -1, view.width, -view.width].includes(cell - player);
    return beside ? this.step(view, player, cell) : null;
  },
  key(view, key) {
    const offsets = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -view.width, ArrowDown: view.width };
    if (offsets[key] === undefined) return undefined;
    const player = this.player(view);
    view.cursor = player + offsets[key];
    return this.step(view, player, player + offsets[key]);
  },
};

/** Sudoku: the givens in ink, the player's digits in blue, pencil marks small in each empty cell (mark
 * `d` where `d` sits in a box), the boxes ruled off. A cell's value (include/lphint.h): a given's digit,
 * 100 + a digit the player wrote, 0 or minus the pencil marks' bit set for an empty cell. A click or the
 * arrows choose a cell; a digit key writes it there (A–G for 10–16), m switches to pencil marks (a digit
 * then puts its mark on or takes it off), Backspace, Delete or 0 erases. */
const SUDOKU_DIGITS = ".123456789ABCDEFG";
const SUDOKU_BOXES = { 4: [2, 2], 6: [3, 2], 9: [3, 3], 16: [4, 4] };
const sudoku = {
  noun: ["digit", "digits"],
  draw(ctx, canvas, view) {
    const g = grid(canvas, view.width, view.height);
    const [bw, bh] = SUDOKU_BOXES[view.width] ?? [view.width, view.height];
    view.cells.forEach((value, cell) => {
      const [x, y] = rect(ctx, g, cell, cell === view.cursor ? "#d5ddf5" : "white", 0);
      if (view.marks?.has(cell)) rect(ctx, g, cell, view.marks.get(cell), 3);
      if (value >= 1 && value <= 16) label(ctx, g, x, y, SUDOKU_DIGITS[value], INK, 0.58);
      else if (value > 100) label(ctx, g, x, y, SUDOKU_DIGITS[value - 100], CURSOR, 0.58);
      else if (value < 0) {
        ctx.fillStyle = "#4a5163";
        ctx.font = `500 ${Math.max(8, Math.floor((g.size / Math.max(bw, bh)) * 0.72))}px system-ui`;
        ctx.textAlign = "center";
        ctx.textBaseline = "middle";
        for (let d = 1; d <= view.width; d++) {
          if (!(-value & (1 << (d - 1)))) continue;
          const [col, row] = [(d - 1) % bw, Math.floor((d - 1) / bw)];
          ctx.fillText(SUDOKU_DIGITS[d], x + ((col + 0.5) * g.size) / bw, y + ((row + 0.5) * g.size) / bh);
        }
      }
    });
    // The cells' lines thin, the boxes' thick.
    ctx.strokeStyle = INK;
    for (let k = 0; k <= view.width; k++) {
      for (const [box, across] of [[bh, true], [bw, false]]) {
        ctx.lineWidth = k % box === 0 ? 3 : 1;
        ctx.beginPath();
        const at = k * g.size + 0.5;
        if (across) {
          ctx.moveTo(g.x0, g.y0 + at);
          ctx.lineTo(g.x0 + view.width * g.size, g.y0 + at);
        } else {
          ctx.moveTo(g.x0 + at, g.y0);
          ctx.lineTo(g.x0 + at, g.y0 + view.height * g.size);
        }
        ctx.stroke();
      }
    }
    highlightCells(ctx, g, [...view.highlight]);
    return g;
  },
  click: () => null,
  key(view, key) {
    const cell = view.cursor ?? 0;
    if (key === "m") {
      view.pencil = !view.pencil;
      return null;
    }
    const digit = SUDOKU_DIGITS.indexOf(key.toUpperCase());
    if (digit >= 1 && digit <= view.width) return { piece: cell, from: cell, to: cell, arg: view.pencil ? -digit : digit };
    if (["Backspace", "Delete", "0", "."].includes(key)) return { piece: cell, from: cell, to: cell, arg: 0 };
    return undefined;
  },
};

/** The renderers, by family name. */
/** Any other family (a game's own puzzle): the engine's grid of cell values (a custom puzzle's state
 * bytes), each cell its number; the hint's cells outlined. Played by the move buttons. */
const generic = {
  noun: ["move", "moves"],
  draw(ctx, canvas, view) {
    const g = grid(canvas, view.width, view.height);
    view.cells.forEach((value, cell) => {
      const [x, y] = rect(ctx, g, cell, colour(value, 80));
      label(ctx, g, x, y, String(value));
    });
    highlightCells(ctx, g, [...view.highlight]);
    return g;
  },
  click: () => null,
};

export const BOARDS = { tiles, jugs, flip, hargram, blocks, linjat, sokoban, sudoku };
const boardOf = (family) => BOARDS[family] ?? generic;

/** The family's word for a move, singular or plural by `count`. */
export function noun(family, count) {
  const [one, many] = boardOf(family).noun;
  return count === 1 ? one : many;
}

/** Draws `view` (family, width, height, cells, desc, moves, highlight, selected, cursor, marks). */
export function draw(canvas, view) {
  const ctx = canvas.getContext("2d");
  // A white ground (what the page shows under the canvas), so that its pixels are what a player sees.
  ctx.fillStyle = "white";
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  const board = boardOf(view.family);
  if (view.family === "hargram") view.trayLength = hargram.tray(canvas, view).length;
  const g = board.draw(ctx, canvas, view);
  // The keyboard cursor (boards with a grid; jugs and the tray draw their own).
  if (view.showCursor && g && view.cursor !== undefined && view.cursor < view.width * view.height && view.family !== "tiles") {
    const [x, y] = origin(g, view.cursor);
    ctx.strokeStyle = CURSOR;
    ctx.lineWidth = 3;
    ctx.setLineDash([6, 4]);
    ctx.strokeRect(x + 1.5, y + 1.5, g.size - 3, g.size - 3);
    ctx.setLineDash([]);
  }
}

/** The target at canvas point (x, y) of `view` (a cell, a jug, the tap, a tray slot), or -1. */
export function targetAtPoint(canvas, view, x, y) {
  const board = boardOf(view.family);
  if (board.targetAt) return board.targetAt(canvas, view, x, y);
  return cellAt(grid(canvas, view.width, view.height, board.area?.(canvas, view)), view.height, x, y);
}

function targetOf(canvas, view, event) {
  const scale = canvas.width / canvas.getBoundingClientRect().width;
  return targetAtPoint(canvas, view, event.offsetX * scale, event.offsetY * scale);
}

/** The centre of `target` in canvas coordinates (sampled, for any family's layout), or null: where a
 * test or a tutorial overlay points at. */
export function pointOf(canvas, view, target) {
  let [sx, sy, n] = [0, 0, 0];
  for (let y = 1; y < canvas.height; y += 4) {
    for (let x = 1; x < canvas.width; x += 4) {
      if (targetAtPoint(canvas, view, x, y) === target) [sx, sy, n] = [sx + x, sy + y, n + 1];
    }
  }
  return n ? [sx / n, sy / n] : null;
}

/** What a click makes on `view`: a move, `{ moves, then }` (moves, then a move chosen after them), or
 * null (the board may only select something). */
export function click(canvas, view, event) {
  const board = boardOf(view.family);
  const target = targetOf(canvas, view, event);
  if (target < 0) return null;
  view.cursor = target;
  return board.click(view, target, canvas);
}

/** What a key makes on `view`: a move (or a click's result), null when the key only moved the cursor or a
 * selection, undefined when the board does not use the key. */
export function key(canvas, view, name) {
  const board = boardOf(view.family);
  if (name === "Enter" || name === " ") return board.click(view, view.cursor ?? 0, canvas);
  if (name === "Escape") {
    view.selected = null;
    return null;
  }
  const own = board.key?.(view, name);
  if (own !== undefined) return own;
  return moveCursor(view, name) ? null : undefined;
}
