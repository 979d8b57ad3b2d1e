// Drawing and mouse input of every family's board, from the engine's generic view of a position: the
// cell grid of `puzzle.cells()` (what a value means is each family's, documented in include/lphint.h),
// the description (jug capacities, the blocks' goal), the legal moves with their sentences, and the
// hint's cells. One entry per family, as Tatham's collection has one drawing routine per game.

const HIGHLIGHT = "#f5b942";

/** A colour per piece, block or number: spread hues. */
export function colour(index, light = 55) {
  return `hsl(${(index * 137.508) % 360}, 60%, ${light}%)`;
}

/** The grid geometry of the canvas: square cells fitting the board. */
function grid(canvas, width, height) {
  const size = Math.floor(Math.min(canvas.width / width, canvas.height / height));
  return { size, x0: Math.floor((canvas.width - size * width) / 2), y0: Math.floor((canvas.height - size * height) / 2) };
}

function rect(ctx, g, cell, width, fill, inset = 2) {
  const [x, y] = [g.x0 + (cell % width) * g.size, g.y0 + Math.floor(cell / width) * g.size];
  ctx.fillStyle = fill;
  ctx.fillRect(x + inset, y + inset, g.size - 2 * inset, g.size - 2 * inset);
  return [x, y];
}

function label(ctx, g, x, y, text, fill = "white", scale = 0.45) {
  ctx.fillStyle = fill;
  ctx.font = `${Math.floor(g.size * scale)}px system-ui`;
  ctx.textAlign = "center";
  ctx.textBaseline = "middle";
  ctx.fillText(text, x + g.size / 2, y + g.size / 2);
}

function outline(ctx, g, cell, width, stroke = HIGHLIGHT) {
  const [x, y] = [g.x0 + (cell % width) * g.size, g.y0 + Math.floor(cell / width) * g.size];
  ctx.strokeStyle = stroke;
  ctx.lineWidth = 4;
  ctx.strokeRect(x + 3, y + 3, g.size - 6, g.size - 6);
}

/** The cell under a mouse event, or -1. */
function cellOf(canvas, view, event) {
  const g = grid(canvas, view.width, view.height);
  const scale = canvas.width / canvas.getBoundingClientRect().width;
  const [x, y] = [event.offsetX * scale - g.x0, event.offsetY * scale - g.y0];
  const [col, row] = [Math.floor(x / g.size), Math.floor(y / g.size)];
  return col < 0 || row < 0 || col >= view.width || row >= view.height ? -1 : row * view.width + col;
}

/** Whether cell `c` lies on the straight segment from `a` to `b` of a `width`-wide grid. */
function onSegment(a, b, c, width) {
  const [ra, ca, rb, cb, rc, cc] = [a / width | 0, a % width, b / width | 0, b % width, c / width | 0, c % width];
  return (ra === rb && rc === ra && cc >= Math.min(ca, cb) && cc <= Math.max(ca, cb)) ||
    (ca === cb && cc === ca && rc >= Math.min(ra, rb) && rc <= Math.max(ra, rb));
}

const tiles = {
  draw(ctx, canvas, view) {
    const g = grid(canvas, view.width, view.height);
    view.cells.forEach((tile, cell) => {
      if (tile === 0) return;
      const [x, y] = rect(ctx, g, cell, view.width, view.highlight.has(cell) ? HIGHLIGHT : "#4a7bd0");
      label(ctx, g, x, y, String(tile));
    });
  },
  // A tile moves into the blank: its move names it.
  click(view, cell) {
    return view.moves.find((m) => m.piece === view.cells[cell]) ?? null;
  },
  // An arrow moves the tile on that side of the blank into it.
  key(view, key) {
    const blank = view.cells.indexOf(0);
    const offsets = { ArrowLeft: 1, ArrowRight: -1, ArrowUp: view.width, ArrowDown: -view.width };
    const from = blank + (offsets[key] ?? NaN);
    return view.moves.find((m) => m.from === from && m.to === blank) ?? null;
  },
};

const jugs = {
  capacities(view) {
    return view.desc.split(":")[1].split(",").map(Number);
  },
  draw(ctx, canvas, view) {
    const capacities = this.capacities(view);
    const most = Math.max(...capacities);
    const slot = canvas.width / capacities.length;
    const scale = (canvas.height - 80) / most;
    capacities.forEach((capacity, jug) => {
      const [x, w] = [jug * slot + slot * 0.2, slot * 0.6];
      const bottom = canvas.height - 40;
      ctx.fillStyle = "#5fa8e8";
      ctx.fillRect(x, bottom - view.cells[jug] * scale, w, view.cells[jug] * scale);
      ctx.strokeStyle = view.selected === jug ? "#d33" : view.highlight.has(jug) ? HIGHLIGHT : "#333";
      ctx.lineWidth = view.highlight.has(jug) || view.selected === jug ? 5 : 2;
      ctx.strokeRect(x, bottom - capacity * scale, w, capacity * scale);
      ctx.fillStyle = "#1d2330";
      ctx.font = "16px system-ui";
      ctx.textAlign = "center";
      ctx.fillText(`${view.cells[jug]} / ${capacity}`, x + w / 2, bottom + 22);
    });
  },
  cellOf(canvas, view, event) {
    const scale = canvas.width / canvas.getBoundingClientRect().width;
    return Math.floor((event.offsetX * scale) / (canvas.width / view.width));
  },
  // A jug, then another: pour the first into the second (the moves list has filling and emptying).
  click(view, jug) {
    if (view.selected === null || view.selected === jug) {
      view.selected = view.selected === jug ? null : jug;
      return null;
    }
    const move = view.moves.find((m) => m.from === view.selected && m.to === jug) ?? null;
    view.selected = null;
    return move;
  },
};

const flip = {
  draw(ctx, canvas, view) {
    const g = grid(canvas, view.width, view.height);
    view.cells.forEach((dark, cell) => {
      rect(ctx, g, cell, view.width, dark ? "#2a2f45" : "#e9edf7");
      if (view.highlight.has(cell)) outline(ctx, g, cell, view.width);
    });
  },
  click(view, cell) {
    return view.moves.find((m) => m.from === cell) ?? null;
  },
};

const hargram = {
  draw(ctx, canvas, view) {
    const g = grid(canvas, view.width, view.height);
    view.cells.forEach((value, cell) => {
      rect(ctx, g, cell, view.width, value < 0 ? "#1d2330" : value === 0 ? "#e9edf7" : colour(value - 1));
      if (view.highlight.has(cell)) outline(ctx, g, cell, view.width);
    });
  },
  // A covered cell takes its piece off; an empty one places, in turn, each placement anchored there.
  click(view, cell) {
    const value = view.cells[cell];
    if (value > 0) return view.moves.find((m) => m.piece === value - 1 && m.to === -1) ?? null;
    const here = view.moves.filter((m) => m.to === cell);
    if (here.length === 0) return null;
    view.turn = (view.turn + 1) % here.length;
    return here[view.turn];
  },
};

const blocks = {
  draw(ctx, canvas, view) {
    const g = grid(canvas, view.width, view.height);
    view.cells.forEach((value, cell) => {
      const fill = value === -1 ? "#1d2330" : value === -2 ? "#f3e3b5" : value === 0 ? "#e9edf7" : colour(value - 1);
      const [x, y] = rect(ctx, g, cell, view.width, fill, value > 0 ? 1 : 2);
      if (value > 0 && value - 1 === view.selected) outline(ctx, g, cell, view.width, "#d33");
      else if (view.highlight.has(cell)) outline(ctx, g, cell, view.width);
      if (value > 0) label(ctx, g, x, y, String.fromCharCode(64 + value), "rgba(255,255,255,0.8)", 0.3);
    });
    // The goal: the target cell of the goal block's corner, from the description (`A@row,col`).
    const goal = /:([A-Za-z])@(\d+),(\d+)/.exec(view.desc);
    if (goal) {
      ctx.strokeStyle = "#1a7f37";
      ctx.setLineDash([6, 4]);
      ctx.lineWidth = 3;
      ctx.strokeRect(g.x0 + Number(goal[3]) * g.size + 1, g.y0 + Number(goal[2]) * g.size + 1, g.size - 2, g.size - 2);
      ctx.setLineDash([]);
    }
  },
  // A block, then a cell: the move of that block whose anchor lands there, or that shifts it by the
  // click's offset from its anchor.
  click(view, cell) {
    const value = view.cells[cell];
    if (value > 0 && (view.selected === null || view.selected !== value - 1)) {
      view.selected = value - 1;
      return null;
    }
    if (view.selected === null) return null;
    const own = view.moves.filter((m) => m.piece === view.selected);
    const anchor = own[0]?.from;
    const move = own.find((m) => m.to === cell) ?? own.find((m) => anchor !== undefined && value === 0 && m.to - m.from === cell - anchor);
    if (move) view.selected = null;
    return move ?? null;
  },
  key(view, key) {
    if (view.selected === null) return null;
    const offsets = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -view.width, ArrowDown: view.width };
    const move = view.moves.find((m) => m.piece === view.selected && m.to - m.from === offsets[key]);
    return move ?? null;
  },
};

const linjat = {
  draw(ctx, canvas, view) {
    const g = grid(canvas, view.width, view.height);
    view.cells.forEach((value, cell) => {
      const [x, y] = rect(ctx, g, cell, view.width, "#e9edf7", 1);
      if (value >= 10) {
        const p = value >= 100 ? value - 100 : value - 10;
        rect(ctx, g, cell, view.width, colour(p, 75), 8);
      }
      if (view.marks?.has(cell)) rect(ctx, g, cell, view.width, view.marks.get(cell), 14);
      if (value === -1 || value >= 100) {
        ctx.fillStyle = "#1d2330";
        ctx.beginPath();
        ctx.arc(x + g.size / 2, y + g.size / 2, g.size * 0.12, 0, 2 * Math.PI);
        ctx.fill();
      }
      if (value >= 1 && value <= 9) {
        ctx.fillStyle = view.selected === cell ? "#d33" : "#1d2b4f";
        ctx.beginPath();
        ctx.arc(x + g.size / 2, y + g.size / 2, g.size * 0.38, 0, 2 * Math.PI);
        ctx.fill();
        label(ctx, g, x, y, String(value));
      }
      if (view.highlight.has(cell)) outline(ctx, g, cell, view.width);
    });
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
    if (view.selected === null) return null;
    const p = index(view.selected);
    const move = view.moves.find((m) => m.piece === p && m.from >= 0 && onSegment(m.from, m.to, cell, view.width));
    if (move) view.selected = null;
    return move ?? null;
  },
};

/** The renderers, by family name. */
export const BOARDS = { tiles, jugs, flip, hargram, blocks, linjat };

/** Draws `view` (family, width, height, cells, desc, highlight, selected, marks). */
export function draw(canvas, view) {
  const ctx = canvas.getContext("2d");
  ctx.clearRect(0, 0, canvas.width, canvas.height);
  BOARDS[view.family]?.draw(ctx, canvas, view);
}

/** The move a click makes on `view` (the board may only select something), or null. */
export function click(canvas, view, event) {
  const board = BOARDS[view.family];
  const cell = board?.cellOf ? board.cellOf(canvas, view, event) : cellOf(canvas, view, event);
  return cell < 0 || !board ? null : board.click(view, cell);
}

/** The move a key makes on `view`, or null. */
export function key(view, name) {
  return BOARDS[view.family]?.key?.(view, name) ?? null;
}
