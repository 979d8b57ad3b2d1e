// The studio: the engine (lphint compiled to WebAssembly, ./lphint/) loaded in the page, the registry's
// families, and the four tabs. `window.studio` is what the browser tests drive.
import { load } from "./lphint/index.js";
import { Play } from "./play.js";
import { Generate } from "./generate.js";
import { Compare } from "./compare.js";
import { Plots } from "./plots.js";
import { exportButtons } from "./charts.js";

const lp = await load(new URL("./lphint/lphint.wasm", import.meta.url));
const families = lp.families();

const studio = {
  lp,
  families,
  current: "",
  family: (name) => families.find((f) => f.name === name),
  familyById: (id) => families.find((f) => f.id === id),
  familyOf: (desc) => desc.split(":")[0],
  /** Whether the family deduces like a player (it has rule reasons beyond the search ones). */
  deduces: (family) => family.reasons.some((r) => r.name === "cover"),
  fillFamilies(select, changed) {
    select.replaceChildren(...families.map((f) => new Option(`${f.name} — ${f.summary.split(/[.:(]/)[0]}`, f.name)));
    select.onchange = changed;
  },
  /** A worker of the studio, its messages to `handle`. */
  worker(handle) {
    const worker = new Worker(new URL("./worker.js", import.meta.url), { type: "module" });
    worker.onmessage = ({ data }) => handle(data);
    worker.onerror = (e) => handle({ type: "error", message: e.message });
    return worker;
  },
  /** Opens a one-puzzle pack's puzzle in Play (keeping its stored solution). */
  playPack(bytes) {
    const pack = lp.Pack.load(bytes);
    studio.show("play");
    studio.play.open(pack.open(0), "opened from the list");
    pack.free();
  },
  currentChanged(desc) {
    studio.current = desc;
    document.getElementById("cmp-desc").textContent = desc;
  },
  show(tab) {
    for (const b of document.querySelectorAll("nav button")) b.classList.toggle("active", b.dataset.tab === tab);
    for (const s of document.querySelectorAll(".tab")) s.classList.toggle("active", s.id === tab);
  },
};

for (const b of document.querySelectorAll("nav button")) b.onclick = () => studio.show(b.dataset.tab);
studio.play = new Play(studio);
studio.generate = new Generate(studio);
studio.compare = new Compare(studio);
studio.plots = new Plots(studio);
exportButtons();
document.getElementById("engine").textContent = `engine: lphint ABI ${lp.version}, ${families.length} families (WebAssembly)`;
window.studio = studio;
document.body.dataset.ready = "true";
