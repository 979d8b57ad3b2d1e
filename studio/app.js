// The studio: the engine (lphint compiled to WebAssembly, ./lphint/) loaded in the page, the registry's
// families, and the five tabs. The tab and the Play tab's position live in the URL (a link to share) and,
// with the packs being curated, in the browser's local storage: reopening the page restores them.
// `window.studio` is what the browser tests drive.
import { load } from "./lphint/index.js";
import { Play } from "./play.js";
import { Edit } from "./edit.js";
import { Generate } from "./generate.js";
import { Compare } from "./compare.js";
import { Plots } from "./plots.js";
import { exportButtons } from "./charts.js";
import { loadModule, parser, CUSTOM_FAMILY } from "./custom.js";

const lp = await load(new URL("./lphint/lphint.wasm", import.meta.url));
const engineFamilies = lp.families();
/** The families the studio lists: each of the engine's with its own presets, and each variant as a family
 * of its own (Rush Hour: `rush`, named by its notation, which the engine takes as a family name) with the
 * presets that make its puzzles. `engine` is the registry family that reads and draws its puzzles. */
const families = engineFamilies.flatMap((f) => {
  const claimed = new Set(f.variants.flatMap((v) => v.presets));
  const own = { ...f, title: f.name, engine: f.name, presets: f.presets.filter((p) => !claimed.has(p.name)) };
  const variants = f.variants.map((v) => ({
    ...f,
    name: v.notation,
    title: v.title,
    engine: f.name,
    summary: `a kind of ${f.name}: ${f.summary}`,
    presets: f.presets.filter((p) => v.presets.includes(p.name)),
  }));
  return [own, ...variants];
});
/** Family names by the notations the engine reads for them, learnt from the engine. */
const notations = new Map();
const STORAGE_KEY = "lphint-studio";
const TABS = [...document.querySelectorAll("[role=tab]")];

/** The optimizer iterations the studio's generators use unless the designer types another number. */
const QUICK_ITERATIONS = 200;

/** The kind each stored field is written as. */
const STORED_KINDS = { zoom: "number", tab: "string", desc: "string", game: "string", edit: "string", editHistory: "object", pack: "object", curve: "object", packs: "object", curves: "object" };

/** What local storage holds (nothing when it is unavailable or damaged): each field only when it is of
 * the kind the studio writes, so that a damaged or foreign value (an `edit` that is a number) is dropped
 * instead of breaking the page on every reload. */
function stored() {
  let value;
  try {
    value = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? "{}");
  } catch {
    return {};
  }
  if (value === null || typeof value !== "object" || Array.isArray(value)) return {};
  const fits = ([key, v]) => typeof v === STORED_KINDS[key] && v !== null && !Array.isArray(v);
  return Object.fromEntries(Object.entries(value).filter(fits));
}

const studio = {
  lp,
  families,
  current: "",
  tab: "play",
  family: (name) => families.find((f) => f.name === name) ?? (name === "custom" ? CUSTOM_FAMILY : undefined),
  /** The registry family of id `id` (what reads and draws the puzzle: `blocks` for a Rush Hour board). */
  familyById: (id) => engineFamilies.find((f) => f.id === id) ?? (id === CUSTOM_FAMILY.id ? CUSTOM_FAMILY : undefined),
  /** The family the studio lists a puzzle under: its notation's (Rush Hour), else its registry family. */
  listedOf(puzzle) {
    return puzzle.familyId === CUSTOM_FAMILY.id ? CUSTOM_FAMILY : studio.family(studio.familyOf(puzzle.describe()));
  },
  /** The custom puzzle module picked (its source, sent to the worker with every task), if any. */
  customSource: null,
  customModule: null,
  parse: parser(lp, null),
  /** Loads a custom puzzle module from its source: its puzzle, start and name. */
  async loadCustom(source) {
    const module = await loadModule(source);
    if (!module.puzzle || !module.start) throw new Error("a custom puzzle module exports `puzzle` and `start`");
    studio.customSource = source;
    studio.customModule = module;
    studio.parse = parser(lp, module);
    return module;
  },
  /** A worker task, with the custom module when one is loaded. */
  task: (fields) => (studio.customSource ? { ...fields, custom: studio.customSource } : fields),
  /** The family of a description as the studio lists it: its first field when a family listed is named so
   * (`rush`, Rush Hour), else the family that reads that notation, learnt from the engine once per first
   * field. */
  familyOf(desc) {
    const first = desc.split(":")[0];
    if (families.some((f) => f.name === first)) return first;
    if (!notations.has(first)) {
      let family = first;
      try {
        const puzzle = lp.Puzzle.parse(desc);
        family = families.find((f) => f.id === puzzle.familyId)?.name ?? first;
        puzzle.free();
      } catch {
        // Not a description the engine reads: the first field stands (and the caller reports the error).
        return first;
      }
      notations.set(first, family);
    }
    return notations.get(first);
  },
  /** The rating band `[min, max]` of a preset of `family` (its `min` and `max`, else the parameters'
   * defaults); without a preset, the band all the family's presets span (its defaults' band when it has
   * none): a real range, not the parameter's whole one (Linjat's 1 to 1000 asked for the impossible). */
  presetBand(family, preset) {
    const valueOf = (params, key) => {
      const value = params.split(",").map((kv) => kv.split("=")).find(([k]) => k === key)?.[1];
      return Number(value ?? family.params.find((p) => p.name === key)?.default ?? 0);
    };
    if (preset) return [valueOf(preset.params, "min"), valueOf(preset.params, "max")];
    if (family.presets.length === 0) return [valueOf("", "min"), valueOf("", "max")];
    const bands = family.presets.map((p) => studio.presetBand(family, p));
    return [Math.min(...bands.map((b) => b[0])), Math.max(...bands.map((b) => b[1]))];
  },
  /** Whether a preset bounds the ratings it makes (sets `min` or `max`). */
  bounds: (preset) => /(^|,)(min|max)=/.test(preset?.params ?? ""),
  /** A preset's option: its name and the ratings it makes ("easy: 4 to 10 moves"), or that it bounds
   * none (Linjat's presets shape the board and the rules, not the rating). */
  presetOption(family, preset) {
    const bounded = studio.bounds(preset);
    const [min, max] = studio.presetBand(family, preset);
    const range = bounded ? `${min} to ${max} ${family.ratingUnit}` : `any rating (${family.ratingUnit})`;
    return new Option(`${preset.name}: ${range}`, preset.name);
  },
  /** The studio's quicker default of a generator's optimizer: a family whose generator optimizes for
   * `iterations` (Linjat: 10,000 by default, minutes for a curve) makes puzzles with at most
   * `QUICK_ITERATIONS` in the studio unless the designer types another number. */
  quickParams(family) {
    const iterations = family.params.find((p) => p.name === "iterations");
    return iterations && Number(iterations.default) > QUICK_ITERATIONS ? `iterations=${QUICK_ITERATIONS}` : "";
  },
  /** Whether the family deduces like a player (it has rule reasons beyond the search ones). */
  deduces: (family) => family.reasons.some((r) => r.name === "cover"),
  /** A hint reason's name as words (`cant_fit` → "cant fit"); its doc is the longer explanation. */
  reasonName: (family, code) => (family.reasons.find((r) => r.code === code)?.name ?? `reason ${code}`).replace(/_/g, " "),
  reasonDoc: (family, code) => family.reasons.find((r) => r.code === code)?.doc ?? "",
  fillFamilies(select, changed) {
    select.replaceChildren(...families.map((f) => new Option(`${f.title === f.name ? f.name : f.title} — ${f.summary.split(/[.:(]/)[0]}`, f.name)));
    select.onchange = changed;
  },
  /** The Play tab's position changed: Compare works on it, the URL and the storage keep it. */
  currentChanged(desc) {
    studio.current = desc;
    document.getElementById("cmp-desc").textContent = desc;
    studio.remember();
  },
  /** The link that reopens the current tab, the position played and the board being edited. */
  link() {
    const params = new URLSearchParams({ tab: studio.tab, desc: studio.current });
    const edited = studio.edit?.model ? studio.edit.desc : "";
    if (edited) params.set("edit", edited);
    return `${location.origin}${location.pathname}#${params}`;
  },
  /** Keeps the tab, the position and the board edited in the URL and the storage, with the packs. */
  remember() {
    history.replaceState(null, "", studio.link());
    const edited = studio.edit?.model ? { edit: studio.edit.desc, editHistory: studio.edit.kept() } : {};
    // The game played, with its moves (undo survives a reload), as the engine saves it.
    const game = studio.play?.saved();
    if (game) edited.game = game;
    studio.save({ tab: studio.tab, desc: studio.current, ...edited });
  },
  /** Copies `text` to the clipboard and says so in the header (or shows it when the browser refuses). */
  async copy(text, what) {
    const said = document.getElementById("share-state");
    try {
      await navigator.clipboard.writeText(text);
      said.textContent = `${what} copied.`;
    } catch {
      said.textContent = `${what}: ${text}`;
    }
  },
  /** Merges `fields` into the stored state. */
  save(fields) {
    try {
      localStorage.setItem(STORAGE_KEY, JSON.stringify({ ...stored(), ...fields }));
    } catch (e) {
      document.getElementById("engine").textContent = `could not keep the work in this browser: ${e.message}`;
    }
  },
  stored,
  show(tab) {
    studio.tab = tab;
    for (const t of TABS) {
      const on = t.dataset.tab === tab;
      t.setAttribute("aria-selected", String(on));
      t.tabIndex = on ? 0 : -1;
      document.getElementById(t.dataset.tab).hidden = !on;
    }
    if (studio.current) studio.remember();
    studio[tab]?.shown?.();
  },
};

// Tabs as the ARIA pattern has them: click or arrow keys (Home, End) move between them.
TABS.forEach((tab, i) => {
  tab.onclick = () => studio.show(tab.dataset.tab);
  tab.onkeydown = (e) => {
    const to = { ArrowRight: i + 1, ArrowLeft: i - 1, Home: 0, End: TABS.length - 1 }[e.key];
    if (to === undefined) return;
    const next = TABS[(to + TABS.length) % TABS.length];
    studio.show(next.dataset.tab);
    next.focus();
    e.preventDefault();
  };
});

studio.play = new Play(studio);
studio.edit = new Edit(studio);
studio.generate = new Generate(studio);
studio.compare = new Compare(studio);
studio.plots = new Plots(studio);
exportButtons();

/** The boards' size in pixels: from 520 it grows with the window (room beside the side panel and below the
 * controls), times the zoom chosen (50 to 300 %: a 40×40 board's numbers readable); the canvases' pixels
 * follow, so drawing and clicks stay exact. */
function fitBoards() {
  const zoom = Number(document.getElementById("zoom").value) / 100;
  const size = Math.round(Math.max(520, Math.min(innerWidth - 720, innerHeight - 340)) * zoom);
  document.getElementById("zoom-value").textContent = `${Math.round(zoom * 100)}%`;
  document.documentElement.style.setProperty("--board", `${size}px`);
  for (const canvas of [document.getElementById("board"), document.getElementById("edit-board")]) {
    if (canvas.width === size) continue;
    canvas.width = canvas.height = size;
  }
  studio.play.redraw();
  if (studio.edit.model) studio.edit.draw();
}
document.getElementById("zoom").value = String(stored().zoom ?? 100);
document.getElementById("zoom").oninput = () => {
  fitBoards();
  studio.save({ zoom: Number(document.getElementById("zoom").value) });
};
window.addEventListener("resize", fitBoards);
fitBoards();
document.getElementById("share").onclick = () => studio.copy(studio.link(), "Link");
// Another tab of the studio saved: its changes to the pack and the curve are merged in (each tab writes
// only what it changed, merged with the other's, so neither overwrites the other's work).
window.addEventListener("storage", (e) => e.key === STORAGE_KEY && studio.generate.sync());

// Restore: the link's position first, then the browser's, else a fresh puzzle.
const fromLink = new URLSearchParams(location.hash.slice(1));
const kept = stored();
const desc = fromLink.get("desc") || kept.desc;
// A reload keeps its own link: then (or without a link) the game and the editor's undo history kept by the
// browser come back; a link opened anew opens its own position.
const reloaded = performance.getEntriesByType("navigation")[0]?.type === "reload";
const sameAsKept = (key) => !fromLink.get(key) || (reloaded && fromLink.get(key) === kept[key]);
const resumed = sameAsKept("desc") && kept.game && studio.play.resume(kept.game, kept.desc);
const opened = resumed || (desc && studio.play.tryLoad(desc, fromLink.get("desc") ? "opened from the link" : "restored from the last visit"));
if (!opened) studio.play.generateOne();
// The board being edited, from the link or the last visit (drawn when the Edit tab shows).
const edited = fromLink.get("edit") || kept.edit;
if (edited) studio.edit.restore(edited, sameAsKept("edit") ? kept.editHistory : null);
const tab = fromLink.get("tab") || kept.tab;
studio.show(TABS.some((t) => t.dataset.tab === tab) ? tab : "play");
document.getElementById("engine").textContent = `engine: lphint ABI ${lp.version}, ${engineFamilies.length} families (WebAssembly)`;
window.studio = studio;
document.body.dataset.ready = "true";
