// Charts (Chartist, vendored: SVG) and their export as SVG or PNG files.
const Chartist = globalThis.Chartist;

/** A bar chart of `values` labelled `labels` in element `id`. */
export function bars(id, labels, values, options = {}) {
  return new Chartist.BarChart(`#${id}`, { labels, series: [values] }, { height: "230px", axisY: { onlyInteger: options.integer ?? false }, ...options });
}

/** Line series (`series`: arrays of values, `names` their legend) against `labels`. */
export function lines(id, labels, series, names) {
  const chart = new Chartist.LineChart(`#${id}`, { labels, series }, { height: "230px", showPoint: true, fullWidth: true, chartPadding: { right: 30 } });
  legend(id, names);
  return chart;
}

/** A histogram: `values` counted in up to `buckets` equal bins. */
export function histogram(id, values, buckets = 10, digits = 0) {
  if (values.length === 0) return null;
  const [lo, hi] = [Math.min(...values), Math.max(...values)];
  const width = hi > lo ? (hi - lo) / buckets : 1;
  const counts = new Array(hi > lo ? buckets : 1).fill(0);
  values.forEach((v) => counts[Math.min(counts.length - 1, Math.floor((v - lo) / width))]++);
  const labels = counts.map((_, i) => (lo + i * width).toFixed(digits));
  return bars(id, labels, counts, { integer: true });
}

function legend(id, names) {
  const holder = document.getElementById(id);
  holder.querySelector(".legend")?.remove();
  const list = document.createElement("div");
  list.className = "legend";
  list.innerHTML = names.map((n, i) => `<span class="ct-series-${String.fromCharCode(97 + i)}"><span class="swatch"></span>${n}</span>`).join(" ");
  holder.append(list);
}

function download(blob, name) {
  const url = URL.createObjectURL(blob);
  const a = Object.assign(document.createElement("a"), { href: url, download: name });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** The chart in `id` as standalone SVG text (Chartist's styles inlined, so that it renders anywhere). */
export function svgOf(id) {
  const svg = document.querySelector(`#${id} svg`);
  if (!svg) return null;
  const copy = svg.cloneNode(true);
  const { width, height } = svg.getBoundingClientRect();
  // A file needs absolute sizes (the page's are relative) and the styles inside it, in the SVG namespace.
  copy.setAttribute("xmlns", "http://www.w3.org/2000/svg");
  copy.setAttribute("width", String(Math.round(width)));
  copy.setAttribute("height", String(Math.round(height)));
  copy.setAttribute("style", "");
  const style = document.createElementNS("http://www.w3.org/2000/svg", "style");
  style.textContent = [...document.styleSheets]
    .filter((s) => (s.href ?? "").includes("chartist"))
    .flatMap((s) => [...s.cssRules].map((r) => r.cssText))
    .join("\n");
  copy.prepend(style);
  // Chartist's labels carry a stray second xmlns attribute, which makes the file ill-formed XML.
  return new XMLSerializer().serializeToString(copy).replaceAll(' xmlns="http://www.w3.org/2000/xmlns/"', "");
}

/** Export buttons (SVG, PNG) in every `.export[data-chart]` element. */
export function exportButtons() {
  for (const holder of document.querySelectorAll(".export[data-chart]")) {
    const id = holder.dataset.chart;
    const svgButton = Object.assign(document.createElement("button"), { textContent: "SVG" });
    svgButton.onclick = () => {
      const text = svgOf(id);
      if (text) download(new Blob([text], { type: "image/svg+xml" }), `${id}.svg`);
    };
    const pngButton = Object.assign(document.createElement("button"), { textContent: "PNG" });
    pngButton.onclick = () => {
      const text = svgOf(id);
      if (!text) return;
      const svg = document.querySelector(`#${id} svg`).getBoundingClientRect();
      const image = new Image();
      image.onload = () => {
        const canvas = Object.assign(document.createElement("canvas"), { width: svg.width * 2, height: svg.height * 2 });
        const ctx = canvas.getContext("2d");
        ctx.fillStyle = "white";
        ctx.fillRect(0, 0, canvas.width, canvas.height);
        ctx.drawImage(image, 0, 0, canvas.width, canvas.height);
        canvas.toBlob((blob) => download(blob, `${id}.png`));
      };
      image.onerror = () => console.error(`${id}: the SVG did not render to PNG`);
      image.src = "data:image/svg+xml;charset=utf-8," + encodeURIComponent(text);
    };
    holder.replaceChildren(svgButton, pngButton);
  }
}

export { download };
