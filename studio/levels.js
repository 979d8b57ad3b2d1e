// Levels out of the studio: a board as a vector image (SVG, drawn by Play's own drawing code through a
// 2D context that records SVG instead of pixels) or a PNG, and a pack's levels on one printable sheet,
// numbered with their names and ratings, the way Tatham's puzzles print.
import { draw } from "./board.js";

const SVG_NS = "http://www.w3.org/2000/svg";
/** An A4 page at 96 dots an inch, and its margin. */
const PAGE = { width: 794, height: 1123, margin: 40 };

const escape = (text) => String(text).replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);
const num = (v) => Number(v.toFixed(2));

/** The subset of CanvasRenderingContext2D the boards draw with, recorded as SVG elements. */
class SvgContext {
  constructor() {
    this.parts = [];
    this.path = "";
    this.dash = [];
    Object.assign(this, { fillStyle: "#000", strokeStyle: "#000", lineWidth: 1, font: "10px sans-serif", textAlign: "start", textBaseline: "alphabetic" });
    // Text is measured as the canvas would measure it.
    this.metrics = document.createElement("canvas").getContext("2d");
  }

  stroked() {
    const dash = this.dash.length ? ` stroke-dasharray="${this.dash.join(" ")}"` : "";
    return `fill="none" stroke="${escape(this.strokeStyle)}" stroke-width="${this.lineWidth}"${dash}`;
  }

  clearRect() {
    // The page is white under the board: a cleared canvas is nothing to record.
  }
  fillRect(x, y, w, h) {
    this.parts.push(`<rect x="${num(x)}" y="${num(y)}" width="${num(w)}" height="${num(h)}" fill="${escape(this.fillStyle)}"/>`);
  }
  strokeRect(x, y, w, h) {
    this.parts.push(`<rect x="${num(x)}" y="${num(y)}" width="${num(w)}" height="${num(h)}" ${this.stroked()}/>`);
  }
  setLineDash(dash) {
    this.dash = [...dash];
  }
  beginPath() {
    this.path = "";
  }
  moveTo(x, y) {
    this.path += `M${num(x)} ${num(y)}`;
  }
  lineTo(x, y) {
    this.path += `L${num(x)} ${num(y)}`;
  }
  closePath() {
    this.path += "Z";
  }
  arc(x, y, r, start, end, anticlockwise = false) {
    const point = (a) => [num(x + r * Math.cos(a)), num(y + r * Math.sin(a))];
    const sweep = anticlockwise ? start - end : end - start;
    if (Math.abs(sweep) >= 2 * Math.PI - 1e-9) {
      // A whole circle: two half arcs (one arc cannot end where it starts).
      const [a, b] = [point(start), point(start + Math.PI)];
      this.path += `${this.path ? "L" : "M"}${a[0]} ${a[1]}A${r} ${r} 0 1 1 ${b[0]} ${b[1]}A${r} ${r} 0 1 1 ${a[0]} ${a[1]}`;
      return;
    }
    const [a, b] = [point(start), point(end)];
    const large = ((sweep % (2 * Math.PI)) + 2 * Math.PI) % (2 * Math.PI) > Math.PI ? 1 : 0;
    this.path += `${this.path ? "L" : "M"}${a[0]} ${a[1]}A${r} ${r} 0 ${large} ${anticlockwise ? 0 : 1} ${b[0]} ${b[1]}`;
  }
  fill() {
    this.parts.push(`<path d="${this.path}" fill="${escape(this.fillStyle)}"/>`);
  }
  stroke() {
    this.parts.push(`<path d="${this.path}" ${this.stroked()}/>`);
  }
  measureText(text) {
    this.metrics.font = this.font;
    return this.metrics.measureText(text);
  }
  fillText(text, x, y) {
    this.text(text, x, y, `fill="${escape(this.fillStyle)}"`);
  }
  /** A text's halo: its outline in the stroke colour and width. */
  strokeText(text, x, y) {
    this.text(text, x, y, `${this.stroked()} stroke-linejoin="round"`);
  }
  text(text, x, y, paint) {
    const anchor = { left: "start", start: "start", center: "middle", right: "end", end: "end" }[this.textAlign] ?? "start";
    const baseline = { top: "text-before-edge", hanging: "hanging", middle: "central", bottom: "text-after-edge", ideographic: "ideographic" }[this.textBaseline] ?? "alphabetic";
    this.parts.push(`<text x="${num(x)}" y="${num(y)}" ${paint} style="font: ${escape(this.font)}" text-anchor="${anchor}" dominant-baseline="${baseline}">${escape(text)}</text>`);
  }
}

/** The board of `view` (as Play builds it: no cursor, hint or selection drawn) as SVG markup of
 * `size` × `size` units, shown at `place` (`{ x, y, width, height }`, by default its own size). */
export function boardSvg(view, size = 520, place = { x: 0, y: 0, width: size, height: size }) {
  const ctx = new SvgContext();
  const canvas = { width: size, height: size, getContext: () => ctx };
  draw(canvas, { ...view, showCursor: false, cursor: -1, highlight: new Set(), selected: null });
  const at = `x="${num(place.x)}" y="${num(place.y)}" width="${num(place.width)}" height="${num(place.height)}"`;
  return `<svg xmlns="${SVG_NS}" ${at} viewBox="0 0 ${size} ${size}"><rect width="${size}" height="${size}" fill="white"/>${ctx.parts.join("")}</svg>`;
}

/** Rasterizes SVG markup to a PNG blob `width` × `height` pixels. */
export async function svgToPng(svg, width, height) {
  const image = new Image();
  image.src = URL.createObjectURL(new Blob([svg], { type: "image/svg+xml" }));
  await image.decode();
  const canvas = Object.assign(document.createElement("canvas"), { width, height });
  canvas.getContext("2d").drawImage(image, 0, 0, width, height);
  URL.revokeObjectURL(image.src);
  return new Promise((resolve) => canvas.toBlob(resolve, "image/png"));
}

/** Columns and rows that fit `count` boards on a page the most of them at the largest size. */
function gridFor(count, width, height) {
  let best = [1, count, 0];
  for (let cols = 1; cols <= count; cols++) {
    const rows = Math.ceil(count / cols);
    const side = Math.min(width / cols, height / rows - 22);
    if (side > best[2]) best = [cols, rows, side];
  }
  return best;
}

/** One A4 page: `title`, then every level (`{ view, label }`) numbered, its label under it. */
export function sheetSvg(title, levels) {
  const { width, height, margin } = PAGE;
  const top = margin + 34;
  const [cols, , side] = gridFor(levels.length, width - 2 * margin, height - top - margin);
  const cell = Math.floor(side);
  const column = (width - 2 * margin) / cols;
  // Captions fit their column at any count: smaller type for small boards, and a label too long for the
  // column is cut with an ellipsis (a caption never runs into its neighbour's).
  const font = Math.max(7, Math.min(12, Math.floor(cell / 9)));
  const fits = Math.max(4, Math.floor((column - 8) / (0.62 * font)));
  const fitted = (text) => (text.length <= fits ? text : `${text.slice(0, fits - 1)}…`);
  const boards = levels.map(({ view, label }, i) => {
    const [x, y] = [margin + (i % cols) * column, top + Math.floor(i / cols) * (cell + 22)];
    const inner = boardSvg(view, 520, { x: x + 4, y, width: cell - 8, height: cell - 8 });
    const caption = `<text x="${num(x + 4)}" y="${num(y + cell + 6)}" fill="#1d2330" style="font: 600 ${font}px system-ui, sans-serif">${escape(fitted(`${i + 1}. ${label}`))}</text>`;
    return inner + caption;
  });
  const heading = `<text x="${margin}" y="${margin + 14}" fill="#1d2330" style="font: 700 20px system-ui, sans-serif">${escape(title)}</text>`;
  return `<svg xmlns="${SVG_NS}" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"><rect width="${width}" height="${height}" fill="white"/>${heading}${boards.join("")}</svg>`;
}

/** A printable page holding `svg` (one A4 sheet), with a Print button that does not print. */
export function printPage(title, svg) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escape(title)}</title><style>
@page { size: A4; margin: 0; }
body { margin: 0; font-family: system-ui, sans-serif; }
.sheet > svg { display: block; width: 210mm; height: 296mm; }
@media print { .screen { display: none; } }
</style></head><body><p class="screen"><button onclick="print()">Print</button> One page, A4.</p><div class="sheet">${svg}</div></body></html>`;
}
