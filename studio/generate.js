// The Generate tab: a form built from the family's parameter specs (never written per family), batches
// generated in the worker (progress that moves while a puzzle is being made, cancel), and pack curation:
// one pack for the whole game, levels of any families (Rush Hour its own), kept in the browser; a level
// already in the pack (same fingerprint: the same level up to the family's symmetries) is not added twice,
// so an export always verifies; remove, sort by rating, reorder by dragging (or ↑ ↓), a name and a tier
// per level, the difficulty curve of the pack in its order, histograms of ratings and times, and the
// export named after the pack. Two tabs merge their changes (merge.js).
import { histogram, lines, download } from "./charts.js";
import { cellAdder } from "./dom.js";
import { Job, reason } from "./jobs.js";
import { Curve } from "./curve.js";
import { sheetSvg, svgToPng, printPage } from "./levels.js";
import { noun } from "./board.js";
import { mergeFields, mergeKeyed } from "./merge.js";

const $ = (id) => document.getElementById(id);
const PARAM_BOOL = 1;

const toBase64 = (bytes) => btoa(String.fromCharCode(...bytes));
const fromBase64 = (text) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));

/** A pack as stored (its levels' one-puzzle packs in base64), and back. */
const packStored = (pack) => ({ name: pack.name, levels: pack.levels.map((l) => ({ ...l, pack: toBase64(l.pack) })) });
const packRead = (pack) => ({ name: String(pack.name), levels: pack.levels.map((l) => ({ ...l, family: String(l.family), pack: fromBase64(l.pack) })) });
/** A curve as stored (each slot's level as a one-puzzle pack in base64), and back. */
const curveStored = (curve) => ({ ...curve, slots: curve.slots.map((s) => ({ ...s, level: s.level && { ...s.level, pack: toBase64(s.level.pack) } })) });
const curveRead = (curve) => ({ ...curve, slots: curve.slots.map((s) => ({ ...s, family: String(s.family), level: s.level && { ...s.level, pack: fromBase64(s.level.pack) } })) });
/** How each kept thing is written, read and merged with another tab's. */
const KEPT = {
  pack: { write: packStored, read: packRead, merge: (b, m, t) => ({ ...mergeFields(b, m, t), levels: mergeKeyed(b.levels, m.levels, t.levels, "fingerprint") }) },
  curve: { write: curveStored, read: curveRead, merge: (b, m, t) => Curve.merge(b, m, t) },
};

/** The one pack and one curve of a studio that kept a pack and a curve per family (before one pack held
 * every family): every family's levels in one pack (named as the first named one), the first curve
 * with levels made, each slot of that family. Nothing kept is dropped. */
function migrated(kept) {
  const packs = Object.entries(kept.packs ?? {}).filter(([, p]) => p && Array.isArray(p.levels));
  const pack = packs.length ? { name: packs.find(([, p]) => p.levels.length)?.[1].name ?? packs[0][1].name, levels: packs.flatMap(([family, p]) => p.levels.map((l) => ({ ...l, family }))) } : undefined;
  const curves = Object.entries(kept.curves ?? {}).filter(([, c]) => c && Array.isArray(c.slots));
  const [family, curve] = curves.find(([, c]) => c.slots.some((s) => s.level)) ?? curves[0] ?? [];
  return { pack, curve: curve && { ...curve, slots: curve.slots.map((s) => ({ ...s, family, level: s.level && { ...s.level, family } })) } };
}
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

export class Generate {
  constructor(studio) {
    this.studio = studio;
    this.lp = studio.lp;
    this.job = new Job();
    // What this tab last read or wrote of the pack and the curve, as stored: the base of the merge with
    // another tab's changes.
    this.written = { pack: null, curve: null };
    const kept = this.restore();
    this.pack = kept.pack ?? { name: "levels", levels: [] };
    this.curve = new Curve(this, kept.curve ?? null);
    /** The preset last chosen for each family: a curve's slot of another family is made with it. */
    this.presetOf = {};
    this.dragged = null;
    studio.fillFamilies($("gen-family"), () => this.pickFamily());
    $("gen-preset").onchange = () => {
      this.presetOf[this.family.name] = $("gen-preset").value;
      this.fillParams();
      this.curve.overBand();
    };
    $("gen-run").onclick = () => this.run();
    $("gen-cancel").onclick = () => this.job.cancel();
    $("gen-all").onclick = () => this.selectAll();
    $("gen-sort").onclick = () => this.sortByRating();
    $("gen-remove").onclick = () => this.removeSelected();
    $("gen-clear").onclick = () => this.clear();
    $("gen-export").onclick = () => this.exportPack();
    $("gen-import").onchange = (e) => this.importPack(e.target.files[0]);
    $("gen-sheet-svg").onclick = () => download(new Blob([this.sheet()], { type: "image/svg+xml" }), this.fileName().replace(/\.lpk$/, "-sheet.svg"));
    $("gen-sheet-png").onclick = async () => download(await svgToPng(this.sheet(), 1588, 2246), this.fileName().replace(/\.lpk$/, "-sheet.png"));
    $("gen-print").onclick = () => this.printSheet();
    $("pack-name").oninput = () => {
      this.pack.name = $("pack-name").value;
      this.save();
    };
    this.pickFamily();
  }

  get family() {
    return this.studio.family($("gen-family").value);
  }

  /** The pack and the curve kept in the browser (those of an older studio merged into one); a damaged
   * one is dropped. */
  restore() {
    const now = this.studio.stored();
    const stored = now.pack || now.curve ? { pack: now.pack, curve: now.curve } : migrated(now);
    const kept = {};
    for (const [kind, { read }] of Object.entries(KEPT)) {
      try {
        if (!stored[kind]) continue;
        kept[kind] = read(stored[kind]);
        this.written[kind] = JSON.stringify(stored[kind]);
      } catch {
        // Damaged: dropped (the other is kept).
      }
    }
    return kept;
  }

  /** This tab's pack and curve as stored. */
  mine() {
    return { pack: packStored(this.pack), curve: this.curve.data && curveStored(this.curve.data) };
  }

  /** Writes what this tab changed of the pack and the curve over what the storage holds now: when another
   * tab wrote since this one last read, the changes of both are merged (merge.js), never overwritten. */
  save() {
    const now = this.studio.stored();
    const fields = {};
    for (const [kind, value] of Object.entries(this.mine())) {
      if (!value) continue;
      const text = JSON.stringify(value);
      const base = this.written[kind];
      if (text === base) continue;
      const theirs = now[kind];
      let merged = value;
      if (theirs && base && JSON.stringify(theirs) !== base) {
        try {
          merged = KEPT[kind].merge(JSON.parse(base), value, theirs);
          this.take(kind, merged);
        } catch {
          // Theirs is damaged: this tab's stands.
        }
      }
      fields[kind] = merged;
      this.written[kind] = JSON.stringify(merged);
    }
    if (Object.keys(fields).length) this.studio.save(fields);
  }

  /** Another tab saved: what it changed is merged into this tab's pack and curve (this tab's own unsaved
   * changes stay), and the lists redrawn. */
  sync() {
    const now = this.studio.stored();
    const mine = this.mine();
    let changed = false;
    for (const kind of Object.keys(KEPT)) {
      const theirs = now[kind];
      const text = JSON.stringify(theirs);
      if (!theirs || text === this.written[kind]) continue;
      try {
        const base = this.written[kind] ? JSON.parse(this.written[kind]) : null;
        const merged = base && mine[kind] ? KEPT[kind].merge(base, mine[kind], theirs) : theirs;
        this.take(kind, merged);
        this.written[kind] = text;
        changed = true;
      } catch {
        // Damaged: this tab keeps its own.
      }
    }
    if (!changed) return;
    if (document.activeElement !== $("pack-name")) $("pack-name").value = this.pack.name;
    this.draw();
    this.curve.shown();
  }

  /** Takes in a stored pack or curve as this tab's. */
  take(kind, value) {
    if (kind === "pack") this.pack = packRead(value);
    else this.curve.data = curveRead(value);
  }

  /** The rating band of the preset chosen (without one, the band the family's presets span): where a
   * curve starts. */
  band() {
    return this.studio.presetBand(this.family, this.family.presets.find((p) => p.name === $("gen-preset").value));
  }

  /** Whether the preset chosen bounds the ratings it makes. */
  bounded() {
    return this.studio.bounds(this.family.presets.find((p) => p.name === $("gen-preset").value));
  }

  pickFamily() {
    // The status spoke of the last family's batch; a batch still running goes on saying its own.
    if (!this.job.busy) $("gen-state").textContent = "";
    const [min, max] = this.studio.presetBand(this.family, null);
    const none = new Option(`(none: the parameters below; the presets span ${min} to ${max} ${this.family.ratingUnit})`, "");
    $("gen-preset").replaceChildren(none, ...this.family.presets.map((p) => this.studio.presetOption(this.family, p)));
    $("gen-preset").value = this.presetOf[this.family.name] ?? this.family.presets[0]?.name ?? "";
    $("pack-name").value = this.pack.name;
    this.fillParams();
    this.draw();
    this.curve.shown();
    // What the preset makes and what a level costs, before anything is made (once the tab is seen).
    if (!$("generate").hidden) this.curve.measure();
  }

  /** The tab shown: its preset measured, unless it was already. */
  shown() {
    this.curve.measure(true);
  }

  /** One input per parameter spec: a choice is a select, a flag a checkbox, the rest text with the
   * range and default as placeholder and the doc as tooltip. */
  fillParams() {
    const preset = this.family.presets.find((p) => p.name === $("gen-preset").value);
    const fromPreset = Object.fromEntries((preset?.params ?? "").split(",").filter(Boolean).map((kv) => kv.split("=")));
    const fields = this.family.params.map((spec) => {
      const label = document.createElement("label");
      label.title = spec.doc;
      let input;
      if (spec.kind === PARAM_BOOL) {
        input = Object.assign(document.createElement("input"), { type: "checkbox" });
        input.checked = (fromPreset[spec.name] ?? spec.default) === "true";
        input.dataset.initial = String(input.checked);
      } else if (spec.choices.length) {
        input = document.createElement("select");
        input.append(new Option(`(${fromPreset[spec.name] ?? spec.default})`, ""), ...spec.choices.map((c) => new Option(c, c)));
      } else {
        input = document.createElement("input");
        // The studio's quicker optimizer shows as the field's default (the engine's is in the tooltip).
        const quick = spec.name === "iterations" ? this.studio.quickParams(this.family).split("=")[1] : undefined;
        input.placeholder = fromPreset[spec.name] ?? quick ?? spec.default;
      }
      input.dataset.param = spec.name;
      label.append(spec.name, input);
      return label;
    });
    $("gen-params").replaceChildren(...fields);
  }

  /** The parameter text a level of `family` is made with: the form's for the family it shows, else the
   * preset last chosen for that family (its first at first) with the studio's quicker optimizer. */
  paramsFor(family) {
    if (family === this.family.name) return this.paramText();
    const entry = this.studio.family(family);
    const preset = this.presetOf[family] ?? entry.presets[0]?.name ?? "";
    return [preset && `preset=${preset}`, this.studio.quickParams(entry)].filter(Boolean).join(",");
  }

  /** The parameter text: the preset, then every field given (a checkbox when changed from its start). */
  paramText() {
    const parts = $("gen-preset").value ? [`preset=${$("gen-preset").value}`] : [];
    for (const input of $("gen-params").querySelectorAll("[data-param]")) {
      if (input.type === "checkbox") {
        if (String(input.checked) !== input.dataset.initial) parts.push(`${input.dataset.param}=${input.checked}`);
      } else if (input.value.trim()) parts.push(`${input.dataset.param}=${input.value.trim()}`);
    }
    // The studio's quicker optimizer, unless a number was typed (its field says so).
    const quick = this.studio.quickParams(this.family);
    if (quick && !parts.some((kv) => kv.startsWith("iterations="))) parts.push(quick);
    return parts.join(",");
  }

  /** A batch in the worker, each puzzle added as it comes. */
  async run() {
    const count = Number($("gen-count").value);
    const family = this.family.name;
    const batch = { type: "generate", family, params: this.paramText(), count, seed: Number($("gen-seed").value) };
    const tier = $("gen-preset").value || null;
    $("gen-progress").max = count;
    $("gen-progress").value = 0;
    $("gen-state").textContent = "starting…";
    $("gen-state").dataset.done = "false";
    $("gen-run").disabled = true;
    $("gen-cancel").disabled = false;
    const started = performance.now();
    let [made, skipped] = [0, 0];
    const end = await this.job.run(batch, (m) => {
      if (m.type === "puzzle") {
        made++;
        if (!this.add({ family, desc: m.desc, rating: m.rating, ms: m.ms, pack: m.pack, tier, name: "" })) skipped++;
        $("gen-progress").value = made;
        $("gen-state").textContent = `${made} of ${count} made (${seconds(performance.now() - started)})`;
      } else if (m.type === "working") {
        $("gen-state").textContent = `${m.made} of ${count} made; the next one: ${seconds(m.ms)}, ${(m.nodes / 1e6).toFixed(1)} M work units`;
      }
    });
    const already = skipped ? `; ${skipped} already in the pack, not added again` : "";
    const how = {
      done: end.status === 0 ? `${made} puzzles in ${seconds(performance.now() - started)}${already}` : `ended after ${made}: ${end.message}${already}`,
      cancelled: `cancelled after ${made}${already}`,
      error: `error: ${end.message}`,
    };
    $("gen-state").textContent = how[end.type];
    $("gen-state").dataset.done = "true";
    $("gen-run").disabled = false;
    $("gen-cancel").disabled = true;
  }

  /** The fingerprint of a level kept as a one-puzzle pack. */
  fingerprint(bytes) {
    const pack = this.lp.Pack.load(bytes);
    const puzzle = pack.open(0);
    const print = puzzle.fingerprint();
    puzzle.free();
    pack.free();
    return print;
  }

  /** Adds a level to the pack unless the same level is there already; whether it was added. */
  add(level) {
    const fingerprint = this.fingerprint(level.pack);
    if (this.pack.levels.some((l) => l.fingerprint === fingerprint)) return false;
    this.pack.levels.push({ ...level, fingerprint, selected: true });
    this.changed();
    return true;
  }

  /** The family select of level or slot `what` `i`: every family listed, `value` chosen. */
  familyCell(value, label, changed) {
    const select = document.createElement("select");
    select.append(...this.studio.families.map((f) => new Option(f.title, f.name)));
    select.value = value;
    select.setAttribute("aria-label", label);
    select.onchange = () => changed(select.value);
    return select;
  }

  /** A table row of level `i`: pick, position, family, name, tier, rating, time, description, actions. */
  row(level, i, count) {
    const row = document.createElement("tr");
    row.draggable = true;
    row.dataset.index = String(i);
    const cell = cellAdder(row);
    const pick = Object.assign(document.createElement("input"), { type: "checkbox", checked: level.selected });
    pick.setAttribute("aria-label", `pick level ${i + 1}`);
    pick.onchange = () => {
      level.selected = pick.checked;
      this.countSelected();
      this.save();
    };
    cell(pick);
    cell(String(i + 1), "num");
    const family = this.studio.family(level.family);
    cell(family?.title ?? level.family, "family");
    for (const field of ["name", "tier"]) {
      const input = Object.assign(document.createElement("input"), { value: level[field] ?? "", placeholder: field === "name" ? `${this.pack.name} ${i + 1}` : "" });
      input.setAttribute("aria-label", `${field} of level ${i + 1}`);
      input.dataset.field = field;
      input.oninput = () => {
        level[field] = input.value;
        this.save();
      };
      cell(input);
    }
    const rating = cell(String(level.rating), "rating num");
    rating.title = family ? `${level.rating} ${family.ratingUnit}` : "";
    cell(level.ms === null ? "-" : level.ms.toFixed(1), "num");
    const desc = cell(level.desc, "desc");
    desc.title = level.desc;
    const actions = document.createElement("span");
    const button = (text, label, act, disabled = false) => {
      const b = Object.assign(document.createElement("button"), { textContent: text, disabled });
      b.setAttribute("aria-label", label);
      b.onclick = act;
      actions.append(b);
    };
    button("play", `play level ${i + 1}`, () => {
      this.studio.show("play");
      this.studio.play.openPackBytes(level.pack, `level ${i + 1} of ${this.pack.name}`);
    });
    button("↑", `move level ${i + 1} up`, () => this.moveByKey(i, i - 1, "up"), i === 0);
    button("↓", `move level ${i + 1} down`, () => this.moveByKey(i, i + 1, "down"), i === count - 1);
    button("✕", `remove level ${i + 1}`, () => this.remove([i]));
    cell(actions);
    row.ondragstart = (e) => {
      this.dragged = i;
      row.classList.add("dragging");
      e.dataTransfer.effectAllowed = "move";
      e.dataTransfer.setData("text/plain", String(i));
    };
    row.ondragend = () => row.classList.remove("dragging");
    row.ondragover = (e) => {
      e.preventDefault();
      row.classList.add("drop-before");
    };
    row.ondragleave = () => row.classList.remove("drop-before");
    row.ondrop = (e) => {
      e.preventDefault();
      const from = this.dragged ?? Number(e.dataTransfer.getData("text/plain"));
      this.dragged = null;
      this.move(from, i);
    };
    return row;
  }

  /** The table, the pack's curve (one series per family: ratings count each family's own unit) and the
   * histograms of the family shown. */
  draw() {
    const levels = this.pack.levels;
    $("gen-results").tBodies[0].replaceChildren(...levels.map((level, i) => this.row(level, i, levels.length)));
    const name = this.pack.name;
    const families = [...new Set(levels.map((l) => l.family))];
    const unitOf = (f) => this.studio.family(f)?.ratingUnit ?? "rating";
    const units = [...new Set(families.map(unitOf))];
    if (levels.length) {
      lines("gen-curve", {
        title: `Difficulty curve of ${name}`,
        xLabel: "level (in the pack's order)",
        yLabel: units.length === 1 ? `rating (${units[0]})` : "rating (each family's unit)",
        series: families.map((f) => ({
          name: `${this.studio.family(f)?.title ?? f} (${unitOf(f)})`,
          line: families.length === 1,
          points: levels.map((l, i) => ({ x: i + 1, y: l.family === f ? l.rating : null, capped: false })),
        })),
        height: 200,
      });
    } else $("gen-curve").replaceChildren();
    const own = levels.filter((l) => l.family === this.family.name);
    const title = this.family.title;
    histogram("gen-rating-chart", { title: `Ratings of the pack's ${title} levels`, xLabel: `rating (${this.family.ratingUnit})`, values: own.map((l) => l.rating) });
    histogram("gen-time-chart", { title: `Time to generate a ${title} level of the pack`, xLabel: "time (ms)", values: own.filter((l) => l.ms !== null).map((l) => l.ms) });
    this.countSelected();
  }

  countSelected() {
    const levels = this.pack.levels;
    const picked = levels.filter((l) => l.selected).length;
    $("gen-selected").textContent = `${picked} of ${levels.length} picked`;
    // A pack of no levels is no pack: Export waits for one picked.
    for (const id of ["gen-export", "gen-sheet-svg", "gen-sheet-png", "gen-print"]) $(id).disabled = picked === 0;
    $("gen-export").title = picked === 0 ? "pick at least one level to export" : `export ${picked} ${picked === 1 ? "level" : "levels"}`;
  }

  changed() {
    this.draw();
    this.save();
  }

  /** A move by the ↑ ↓ buttons: the focus follows the level to its new row (the same button, or the
   * other one at the top or the bottom), rather than falling to the page when the table is redrawn. */
  moveByKey(from, to, way) {
    this.move(from, to);
    const row = $("gen-results").tBodies[0].rows[to];
    const same = row?.querySelector(`button[aria-label="move level ${to + 1} ${way}"]`);
    const other = row?.querySelector(`button[aria-label="move level ${to + 1} ${way === "up" ? "down" : "up"}"]`);
    (same && !same.disabled ? same : other)?.focus();
  }

  move(from, to) {
    const levels = this.pack.levels;
    if (from === to || to < 0 || to >= levels.length) return;
    const [level] = levels.splice(from, 1);
    levels.splice(to, 0, level);
    this.changed();
  }

  remove(indices) {
    const drop = new Set(indices);
    this.pack.levels = this.pack.levels.filter((_, i) => !drop.has(i));
    this.changed();
  }

  removeSelected() {
    this.remove(this.pack.levels.flatMap((l, i) => (l.selected ? [i] : [])));
  }

  clear() {
    this.pack.levels = [];
    this.changed();
  }

  sortByRating() {
    this.pack.levels.sort((a, b) => a.rating - b.rating);
    this.changed();
  }

  selectAll() {
    const levels = this.pack.levels;
    const all = !levels.every((l) => l.selected);
    levels.forEach((l) => (l.selected = all));
    this.changed();
  }

  /** The picked levels on one A4 page (SVG), numbered in the list's order with names and ratings. */
  sheet() {
    const levels = this.pack.levels.filter((l) => l.selected).map((level, i) => ({
      view: this.studio.play.levelView(level.desc),
      label: `${level.name || `${this.pack.name} ${i + 1}`} — ${level.rating} ${noun(this.studio.family(level.family)?.engine, level.rating)}${level.tier ? `, ${level.tier}` : ""}`,
    }));
    return sheetSvg(this.pack.name, levels);
  }

  /** The sheet in a page of its own, ready for the browser's Print (one A4 page). */
  printSheet() {
    const page = window.open("", "_blank");
    if (!page) {
      $("gen-state").textContent = "the browser blocked the new window: allow pop-ups for the studio to print";
      return;
    }
    page.document.write(printPage(this.pack.name, this.sheet()));
    page.document.close();
  }

  /** The file name of the pack: its name, made safe. */
  fileName() {
    return `${this.pack.name.trim().replace(/[^\p{L}\p{N}._-]+/gu, "-").replace(/^-+|-+$/g, "") || "levels"}.lpk`;
  }

  /** The picked levels, in the list's order, as one pack with their solutions, ratings, names and tiers,
   * downloaded as `NAME.lpk`. */
  exportPack() {
    const writer = new this.lp.PackWriter();
    const picked = this.pack.levels.filter((l) => l.selected);
    try {
      writer.setName(this.pack.name.trim() || null);
      picked.forEach((level) => {
        const pack = this.lp.Pack.load(level.pack);
        const puzzle = pack.open(0);
        try {
          // Only a name the designer gave: a level unnamed stays unnamed (a game numbers it by its place,
          // which follows a reorder; a placeholder written in would not).
          writer.add(puzzle, level.rating, (level.name ?? "").trim() || null, level.tier || null);
        } finally {
          puzzle.free();
          pack.free();
        }
      });
      const bytes = writer.bytes();
      download(new Blob([bytes], { type: "application/octet-stream" }), this.fileName());
      const levels = picked.length === 1 ? "level" : "levels";
      $("gen-state").textContent = `exported ${picked.length} ${levels} as ${this.fileName()} (${bytes.length} bytes)`;
    } catch (e) {
      $("gen-state").textContent = reason(e);
    } finally {
      writer.free();
    }
  }

  /** A pack's levels added to the pack with their families, names and tiers (levels already there are
   * not added twice); a pack still empty takes the file's name. */
  async importPack(file) {
    if (!file) return;
    try {
      const pack = this.lp.Pack.load(new Uint8Array(await file.arrayBuffer()));
      const name = pack.name;
      if (name && this.pack.levels.length === 0) this.pack.name = name;
      let added = 0;
      for (let i = 0; i < pack.length; i++) {
        const puzzle = pack.open(i);
        const family = this.studio.listedOf(puzzle).name;
        const writer = new this.lp.PackWriter();
        writer.add(puzzle, pack.rating(i));
        const level = { family, desc: puzzle.describe(), rating: pack.rating(i), ms: null, pack: writer.bytes(), tier: pack.label(i, "tier") ?? "", name: pack.label(i, "name") ?? "" };
        writer.free();
        puzzle.free();
        if (this.add(level)) added++;
      }
      $("pack-name").value = this.pack.name;
      const skipped = pack.length - added;
      const from = name ? `"${name}" (${file.name})` : file.name;
      $("gen-state").textContent = `imported ${added} ${added === 1 ? "level" : "levels"} from ${from}${skipped ? ` (${skipped} already in the pack)` : ""}`;
      pack.free();
      $("gen-import").value = "";
    } catch (e) {
      $("gen-state").textContent = reason(e);
    }
  }
}

