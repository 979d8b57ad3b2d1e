// The studio's charts, drawn with Observable Plot (vendored with d3): every figure is one SVG holding its
// title, its legend and the chart with numeric axes, axis titles and units, log scales where values span
// decades (for points and lines; bars always start at zero on a linear axis), straight lines between
// measured points (no smoothing, broken where a run hit its cap, marked there) — the same SVG the SVG and
// PNG exports save.
/* global Plot, d3 */

const SVG = "http://www.w3.org/2000/svg";
/** Ten colours told apart by most eyes (Tableau's hues, darkened where needed so that each has a
 * contrast of at least 3:1 on the white ground, as WCAG asks of graphics). */
export const PALETTE = ["#4e79a7", "#b25d0e", "#c73e40", "#2f7f79", "#3d7d35", "#8a6d00", "#9c5d8f", "#c4385a", "#7d5a47", "#6b6361"];
/** Runs that failed or hit a cap. */
export const FAILED = "#b8262c";
/** The cross on a point where a run hit its cap: ink, so that it is told from every series' colour. */
const CAPPED = "#1d2330";
const TITLE_HEIGHT = 26;
const LEGEND_ROW = 18;

/** Whether positive `values` span more than `ratio` (then a log scale shows the small ones). */
export function spansDecades(values, ratio = 50) {
  const positive = values.filter((v) => v > 0);
  return positive.length > 1 && Math.max(...positive) / Math.min(...positive) > ratio;
}

/** The scale of an axis over `values`: log with a tick at each power of ten when the positive values
 * span decades (symmetric log when some are zero: times below the clock's resolution), else linear. */
export function scaleOf(values, label) {
  if (!spansDecades(values)) return { type: "linear", label, nice: true };
  const positive = values.filter((v) => v > 0);
  const least = Math.min(...positive);
  // The lowest decade lies below the least value, so that its bar or point stays visible.
  const lo = Math.floor(Math.log10(least)) - (10 ** Math.floor(Math.log10(least)) === least ? 1 : 0);
  const hi = Math.ceil(Math.log10(Math.max(...positive)));
  const zeros = values.some((v) => v <= 0);
  // Symmetric log is near-linear below 1: ticks there would crowd the zero.
  const ticks = d3.range(zeros ? Math.max(lo, 0) : lo, hi + 1).map((e) => 10 ** e);
  return {
    type: zeros ? "symlog" : "log",
    label: `${label} (${zeros ? "symmetric " : ""}log scale)`,
    ticks: zeros ? [0, ...ticks] : ticks,
    domain: [zeros ? 0 : ticks[0], ticks[ticks.length - 1]],
    tickFormat: d3.format("~g"),
  };
}

function element(name, attributes = {}, text = null) {
  const node = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, String(value));
  if (text !== null) node.textContent = text;
  return node;
}

/** The legend's entries laid out in rows across `width`: `[node, height]`. */
function legendOf(entries, width) {
  const group = element("g", { "font-size": 12, "font-family": "system-ui, sans-serif" });
  let [x, y] = [8, 0];
  for (const entry of entries) {
    const span = 22 + 7 * entry.name.length;
    if (x + span > width && x > 8) [x, y] = [8, y + LEGEND_ROW];
    const swatch =
      entry.shape === "cross"
        ? element("path", { d: `M${x},${y + 2} l10,10 m0,-10 l-10,10`, stroke: entry.colour, "stroke-width": 2 })
        : element("rect", { x, y: y + 2, width: 10, height: 10, fill: entry.colour });
    group.append(swatch, element("text", { x: x + 14, y: y + 11, fill: "#1d2330" }, entry.name));
    x += span;
  }
  return [group, entries.length ? y + LEGEND_ROW : 0];
}

/** Draws a figure in the element `id`: `title`, `legend` entries (`{ name, colour, shape }`) and a Plot
 * chart of `options` (its `x`, `y`, `marks`, …), as one SVG. */
export function figure(id, { title, legend = [], height = 240, ...options }) {
  const holder = document.getElementById(id);
  const width = Math.max(320, Math.floor(holder.clientWidth || holder.parentElement?.clientWidth || 520) - 2);
  const chart = Plot.plot({ width, height, marginTop: 30, style: { fontSize: "12px", background: "white" }, ...options });
  // The figure is one image (role img, its title as label): the marks' own labels would be read as parts.
  for (const node of [chart, ...chart.querySelectorAll("[aria-label], [aria-description]")]) {
    node.removeAttribute("aria-label");
    node.removeAttribute("aria-description");
  }
  const [legendNode, legendHeight] = legendOf(legend, width);
  const top = TITLE_HEIGHT + legendHeight;
  const root = element("svg", { width, height: top + height, viewBox: `0 0 ${width} ${top + height}`, role: "img", "aria-label": title });
  root.append(
    element("rect", { width, height: top + height, fill: "white" }),
    element("text", { x: 8, y: 18, "font-size": 14, "font-weight": 600, "font-family": "system-ui, sans-serif", fill: "#1d2330" }, title),
  );
  legendNode.setAttribute("transform", `translate(0, ${TITLE_HEIGHT})`);
  root.append(legendNode);
  chart.setAttribute("y", String(top));
  root.append(chart);
  holder.replaceChildren(root);
  return root;
}

/** Lines through measured points: `series` of `{ name, points: [{ x, y, capped }], line }` (a null y is a
 * gap, a capped point is drawn as a cross; `line: false` draws the points alone, larger, over the lines),
 * numeric x, log y when the values span decades. */
export function lines(id, { title, xLabel, yLabel, series, height }) {
  const ys = series.flatMap((s) => s.points.map((p) => p.y)).filter((y) => y !== null);
  const marks = series.flatMap((s, i) => {
    const colour = PALETTE[i % PALETTE.length];
    const points = s.points.filter((p) => p.y !== null);
    const line = s.line ?? true;
    return [
      // A run that hit its cap measured nothing to join: the line breaks there (its cross stands alone).
      ...(line ? [Plot.line(s.points.map((p) => (p.capped ? { ...p, y: null } : p)), { x: "x", y: "y", stroke: colour, strokeWidth: 2, curve: "linear" })] : []),
      Plot.dot(points.filter((p) => !p.capped), { x: "x", y: "y", fill: colour, r: line ? 3 : 5, stroke: line ? null : "#1d2330" }),
      Plot.dot(points.filter((p) => p.capped), { x: "x", y: "y", stroke: CAPPED, symbol: "times", r: 6, strokeWidth: 2 }),
    ];
  });
  const anyCapped = series.some((s) => s.points.some((p) => p.capped));
  const xs = series.flatMap((s) => s.points.map((p) => p.x));
  const wholeX = xs.every(Number.isInteger) ? { ticks: integerTicks(d3.min(xs), d3.max(xs)), tickFormat: "d" } : {};
  const legend = series.map((s, i) => ({ name: s.name, colour: PALETTE[i % PALETTE.length] }));
  if (anyCapped) legend.push({ name: "hit the cap (the run stopped there)", colour: CAPPED, shape: "cross" });
  const y = scaleOf(ys, yLabel);
  return figure(id, {
    title,
    legend,
    height,
    marginLeft: leftMargin(y.ticks ?? ys),
    marginBottom: 46,
    x: { label: xLabel, type: "linear", nice: true, labelAnchor: "center", labelOffset: 40, ...wholeX },
    y: { ...y, grid: true },
    marks,
  });
}

/** Horizontal bars, one per `{ label, value, colour, text }`, in the given order, on a linear axis from
 * zero (a bar's length is its value: never a log scale, which would distort it); each bar's text says
 * its value, so that a short one is still read. */
export function barsX(id, { title, xLabel, bars, legend = [] }) {
  const values = bars.map((b) => b.value);
  const longest = Math.max(...bars.map((b) => b.label.length), 4);
  return figure(id, {
    title,
    legend,
    height: 30 + 24 * bars.length,
    marginLeft: 8 + 7 * longest,
    // Room for the longest value text after its bar ("2,620,883 (out of nodes)" was cut).
    marginRight: 16 + 7 * Math.max(...bars.map((b) => (b.text ?? String(b.value)).length), 4),
    x: { label: xLabel, type: "linear", domain: [0, Math.max(...values, 1) * 1.15], grid: true },
    y: { label: null, domain: bars.map((b) => b.label) },
    marks: [
      Plot.barX(bars, { x1: 0, x2: "value", y: "label", fill: (b) => b.colour ?? PALETTE[0] }),
      Plot.text(bars, { x: "value", y: "label", text: (b) => b.text ?? String(b.value), dx: 4, textAnchor: "start", fill: "#1d2330" }),
    ],
  });
}

/** Vertical bars over categories (`{ label, value }`), on a linear axis from zero (never log: a bar's
 * height is its value). */
export function barsY(id, { title, yLabel, xLabel, bars }) {
  const values = bars.map((b) => b.value);
  return figure(id, {
    title,
    marginLeft: leftMargin(values),
    marginBottom: 46,
    // The axis label centred below the category names, never over the last of them.
    x: { label: xLabel, domain: bars.map((b) => b.label), labelAnchor: "center", labelOffset: 40 },
    y: { label: yLabel, type: "linear", nice: true, grid: true },
    marks: [
      Plot.barY(bars, { x: "label", y1: 0, y2: "value", fill: PALETTE[0] }),
      Plot.text(bars, { x: "label", y: "value", text: (b) => String(b.value), dy: -8, fill: "#1d2330" }),
    ],
  });
}

/** A left margin wide enough for the y axis' longest tick label (about 7 px a character at 12 px). */
function leftMargin(values) {
  const longest = Math.max(...values.map((v) => d3.format("~g")(v).length), 3);
  return Math.max(40, 14 + 7 * longest);
}

/** At most about ten whole-number ticks from `lo` to `hi` (never a fraction on a count's axis). */
function integerTicks(lo, hi) {
  return d3.ticks(lo, hi, Math.min(10, Math.max(1, hi - lo))).filter(Number.isInteger);
}

/** A histogram of `values`: whole numbers counted one bar per value (centred on it), others in bins
 * (logarithmic when they span decades). */
export function histogram(id, { title, xLabel, values }) {
  if (values.length === 0) {
    document.getElementById(id).replaceChildren();
    return null;
  }
  const y = { label: "puzzles", grid: true, tickFormat: "d" };
  if (values.every(Number.isInteger)) {
    const counts = d3.rollups(values, (v) => v.length, (v) => v).map(([value, count]) => ({ value, count }));
    const [lo, hi] = d3.extent(values);
    return figure(id, {
      title,
      x: { label: xLabel, domain: [lo - 1, hi + 1], tickFormat: "d", ticks: integerTicks(lo - 1, hi + 1) },
      y: { ...y, ticks: integerTicks(0, d3.max(counts, (c) => c.count)) },
      marks: [Plot.rectY(counts, { x1: (d) => d.value - 0.4, x2: (d) => d.value + 0.4, y: "count", fill: PALETTE[0] }), Plot.ruleY([0])],
    });
  }
  const log = spansDecades(values) && values.every((v) => v > 0);
  const [lo, hi] = d3.extent(values);
  const thresholds = log ? d3.ticks(Math.log10(lo), Math.log10(hi) + 0.01, 12).map((e) => 10 ** e) : 10;
  return figure(id, {
    title,
    x: { label: log ? `${xLabel} (log scale)` : xLabel, type: log ? "log" : "linear" },
    // Whole counts only (ticks past the tallest bin fall outside the axis and are not drawn).
    y: { ...y, ticks: integerTicks(0, values.length) },
    marks: [Plot.rectY(values, Plot.binX({ y: "count" }, { x: (v) => v, thresholds, fill: PALETTE[0], inset: 1 })), Plot.ruleY([0])],
  });
}

function download(blob, name) {
  const url = URL.createObjectURL(blob);
  const a = Object.assign(document.createElement("a"), { href: url, download: name });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** The figure in `id` as standalone SVG text (its title, legend and styles are inside it). */
export function svgOf(id) {
  const svg = document.querySelector(`#${id} > svg`);
  if (!svg) return null;
  const copy = svg.cloneNode(true);
  copy.setAttribute("xmlns", SVG);
  return new XMLSerializer().serializeToString(copy);
}

/** A file name from a figure's title. */
function fileName(id) {
  const title = document.querySelector(`#${id} > svg`)?.getAttribute("aria-label") ?? id;
  return title.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "") || id;
}

/** Export buttons (SVG, PNG) in every `.export[data-chart]` element. */
export function exportButtons() {
  for (const holder of document.querySelectorAll(".export[data-chart]")) {
    const id = holder.dataset.chart;
    const svgButton = Object.assign(document.createElement("button"), { textContent: "SVG", title: "Save the figure as SVG" });
    svgButton.onclick = () => {
      const text = svgOf(id);
      if (text) download(new Blob([text], { type: "image/svg+xml" }), `${fileName(id)}.svg`);
    };
    const pngButton = Object.assign(document.createElement("button"), { textContent: "PNG", title: "Save the figure as PNG" });
    pngButton.onclick = () => {
      const text = svgOf(id);
      if (!text) return;
      const svg = document.querySelector(`#${id} > svg`);
      const [width, height] = [Number(svg.getAttribute("width")), Number(svg.getAttribute("height"))];
      const image = new Image();
      image.onload = () => {
        const canvas = Object.assign(document.createElement("canvas"), { width: width * 2, height: height * 2 });
        const ctx = canvas.getContext("2d");
        ctx.fillStyle = "white";
        ctx.fillRect(0, 0, canvas.width, canvas.height);
        ctx.drawImage(image, 0, 0, canvas.width, canvas.height);
        canvas.toBlob((blob) => download(blob, `${fileName(id)}.png`));
      };
      image.onerror = () => console.error(`${id}: the SVG did not render to PNG`);
      image.src = "data:image/svg+xml;charset=utf-8," + encodeURIComponent(text);
    };
    holder.replaceChildren(svgButton, pngButton);
    // No buttons under an empty figure: they appear with its drawing and go with it.
    const chart = document.getElementById(id);
    const show = () => (holder.hidden = !chart?.querySelector(":scope > svg"));
    show();
    if (chart) new MutationObserver(show).observe(chart, { childList: true });
  }
}

export { download };
