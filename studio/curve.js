// The Generate tab's pack to a difficulty curve: N slots whose target ratings follow a shape the designer
// picks (flat, linear, steps per world, sawtooth) and then changes slot by slot (typed, or drawn on the
// chart with the pointer); each unlocked slot's level is made in the worker to its target (at it, else
// within one), every level distinct from the others; one slot can be made again, a slot locked keeps its
// level; the curve and the levels' ratings are drawn together; the levels then become the pack, in order,
// each world its tier. Each slot has its family (Rush Hour its own): a curve for the whole game mixes
// them, each slot's level made with its family's preset as last chosen on the form. Kept in the browser,
// as the pack is, and merged slot by slot with another tab's changes.
import { lines } from "./charts.js";
import { cellAdder } from "./dom.js";
import { Job } from "./jobs.js";
import { mergeFields, mergePlaced } from "./merge.js";

const $ = (id) => document.getElementById(id);

/** The world (0-based) of slot `i` of `n` split into `worlds`, and the slot's place in it (0 to 1). */
function worldOf(i, n, worlds) {
  const w = Math.min(worlds - 1, Math.floor((i * worlds) / n));
  const [first, next] = [Math.ceil((w * n) / worlds), Math.ceil(((w + 1) * n) / worlds)];
  return [w, (i - first) / Math.max(1, next - 1 - first)];
}

/** Each shape: slot `i` of `n`'s rating from `from` to `to` (before rounding). */
export const SHAPES = {
  flat: (i, n, from) => from,
  linear: (i, n, from, to) => from + ((to - from) * i) / Math.max(1, n - 1),
  /** A level of difficulty per world, rising from `from` in the first to `to` in the last. */
  steps(i, n, from, to, worlds) {
    const [w] = worldOf(i, n, worlds);
    return from + ((to - from) * w) / Math.max(1, worlds - 1);
  },
  /** Each world climbs, and the next starts below the last one's peak (as games pace their chapters). */
  sawtooth(i, n, from, to, worlds) {
    const [w, at] = worldOf(i, n, worlds);
    const span = (to - from) / (worlds + 1);
    return from + span * w + 2 * span * at;
  },
};

/** The target ratings of a curve. */
export function targets({ shape, levels, from, to, worlds }) {
  return Array.from({ length: levels }, (_, i) => Math.max(0, Math.round(SHAPES[shape](i, levels, from, to, worlds))));
}

/** Levels a measure of a preset makes. */
const MEASURED = 3;

/** A slot's level fits when it is of the slot's family and its rating is within one of the target. */
const fits = (slot) => slot.level !== null && slot.level.family === slot.family && Math.abs(slot.level.rating - slot.target) <= 1;

export class Curve {
  /** `generate`: the Generate tab (its family, parameters, pack and storage). */
  constructor(generate, kept = null) {
    this.generate = generate;
    this.job = new Job();
    /** The curve (null until first shown: then made from the preset's band). */
    this.data = kept;
    for (const id of ["curve-levels", "curve-shape", "curve-from", "curve-to", "curve-worlds"]) $(id).onchange = () => this.reshape();
    $("curve-run").onclick = () => this.make(this.slots.flatMap((s, i) => (s.locked ? [] : [i])));
    $("curve-cancel").onclick = () => this.job.cancel();
    $("curve-measure").onclick = () => this.measure();
    $("curve-to-pack").onclick = () => this.toPack();
    $("curve-family").onclick = () => this.allOfFamily(this.generate.family.name);
    const chart = $("curve-chart");
    chart.onpointerdown = (e) => {
      chart.setPointerCapture?.(e.pointerId);
      // The scales as the drawing starts: the chart redrawn under the pointer keeps them until it lifts.
      const plot = this.plot;
      this.drag = plot?.scale ? { x: plot.scale("x"), y: plot.scale("y"), box: plot.getBoundingClientRect() } : null;
      this.drawAt(e);
    };
    chart.onpointermove = (e) => e.buttons && this.drawAt(e);
    chart.onpointerup = () => (this.drag = null);
  }

  /** The curve (made on first sight from the band of the family and preset shown). */
  get curve() {
    if (!this.data) {
      const band = this.generate.band();
      const spec = { shape: "linear", levels: 12, from: band[0], to: band[1], worlds: 3 };
      this.data = { ...spec, slots: targets(spec).map((target) => this.slot(target)) };
      // A preset that bounds no rating: its real range measured before the designer makes anything.
      if (!this.generate.bounded()) setTimeout(() => this.measure());
    }
    return this.data;
  }

  get slots() {
    return this.curve.slots;
  }

  /** A new slot: of the family shown. */
  slot(target) {
    return { target, family: this.generate.family.name, level: null, locked: false, attempt: 0, note: "" };
  }

  /** Two tabs' changes to the curve: the fields and each slot this tab changed are its own. */
  static merge(base, mine, theirs) {
    return { ...mergeFields(base, mine, theirs), slots: mergePlaced(base.slots, mine.slots, theirs.slots) };
  }

  /** Every unlocked slot of family `family` (the one the form shows), the curve over its preset's band
   * (measured when the preset bounds none). */
  allOfFamily(family) {
    for (const slot of this.slots) if (!slot.locked) slot.family = family;
    $("curve-state").textContent = `the unlocked slots are of ${this.generate.studio.family(family).title}: Make the levels makes them`;
    this.overBand();
  }

  /** The curve's fields, table and chart (the family shown changed, or another tab's curve came in). */
  shown() {
    const c = this.curve;
    $("curve-levels").value = c.levels;
    $("curve-shape").value = c.shape;
    $("curve-from").value = c.from;
    $("curve-to").value = c.to;
    $("curve-worlds").value = c.worlds;
    if (!this.job.busy) $("curve-state").textContent = "";
    this.draw();
  }

  /** Another preset: the curve spans its band, and the preset is measured (its real ratings when it
   * bounds none, and what a level costs). */
  overBand() {
    [$("curve-from").value, $("curve-to").value] = this.generate.band();
    this.reshape();
    this.measure();
  }

  /** Three levels of the preset made in the worker (not kept): their time says what the curve will take,
   * and when the preset bounds no rating their ratings set From and To (Linjat's shape the board and the
   * rules: the parameter's whole range, 1 to 1000, made a curve search for minutes). Run by itself when
   * a preset is chosen; Make or another measure supersedes it. */
  async measure(unlessMeasured = false) {
    // Never in the way of levels being made; once a preset and its parameters when asked so.
    const key = `${this.generate.family.name} ${this.generate.paramText()}`;
    if (this.making || (unlessMeasured && this.measured === key)) return;
    this.measured = key;
    const family = this.generate.family;
    const bounded = this.generate.bounded();
    const task = { type: "generate", family: family.name, params: this.generate.paramText(), count: MEASURED, seed: 1 };
    $("curve-state").dataset.done = "false";
    $("curve-state").textContent = `measuring the preset: ${MEASURED} levels…`;
    const ratings = [];
    let ms = 0;
    const end = await this.job.run(this.generate.studio.task(task), (m) => {
      if (m.type !== "puzzle") return;
      ratings.push(m.rating);
      ms += m.ms;
    });
    // Superseded (Make, another measure, another family): the newer task says where it stands.
    if (end.type === "cancelled" && this.job.busy) return;
    $("curve-state").dataset.done = "true";
    if (end.type !== "done" || ratings.length === 0) {
      $("curve-state").textContent = `the preset could not be measured (${end.message || end.type})`;
      return;
    }
    const [from, to] = [Math.min(...ratings), Math.max(...ratings)];
    if (!bounded) {
      [$("curve-from").value, $("curve-to").value] = [from, to];
      this.reshape();
    }
    const each = ms / ratings.length / 1000;
    const levels = this.slots.filter((s) => !s.locked && s.family === family.name).length;
    $("curve-state").textContent = `measured: ${ratings.length} levels rated ${from} to ${to} ${family.ratingUnit}, about ${each.toFixed(1)} s each: the ${levels} levels take about ${Math.ceil(each * levels)} s`;
  }

  /** The shape's fields changed: every unlocked slot of the family shown takes its new target (a level
   * made stays, marked off target when it no longer fits, until Make replaces it: a change of shape, band
   * or preset drops nothing; the other families' slots keep theirs, made for their own bands); slots are
   * added (of the family shown) or taken from the end as the count asks. */
  reshape() {
    const c = this.curve;
    const number = (id, lo, hi, now) => Math.max(lo, Math.min(hi, Math.round(Number($(id).value)) || now));
    Object.assign(c, {
      shape: $("curve-shape").value,
      levels: number("curve-levels", 2, 200, c.levels),
      from: number("curve-from", 0, 1_000_000, c.from),
      to: number("curve-to", 0, 1_000_000, c.to),
      worlds: number("curve-worlds", 1, 50, c.worlds),
    });
    const family = this.generate.family;
    c.slots = targets(c).map((target, i) => {
      const slot = c.slots[i] ?? this.slot(target);
      if (!slot.locked && slot.family === family.name) slot.target = target;
      return slot;
    });
    if (!c.slots.some((slot) => !slot.locked && slot.family === family.name)) {
      $("curve-state").textContent = `no unlocked slot is of ${family.title}: the shape and the band set the targets of the family shown ("Unlocked slots: this family" gives it slots)`;
    }
    this.changed();
  }

  changed() {
    this.draw();
    this.generate.save();
  }

  /** The seed of slot `i`'s next making: the batch seed, the slot and how often it was made. */
  seed(i) {
    const base = Number($("gen-seed").value) || 0;
    return (base * 1_000_003 + i * 7919 + this.slots[i].attempt * 104_729) % 2 ** 31;
  }

  /** Makes the levels of slots `indices` in the worker, each of its slot's family (with the parameters
   * the form gives that family, less the band) and distinct from every other slot's level. */
  async make(indices) {
    if (!indices.length) return;
    const slots = this.slots;
    const remade = new Set(indices);
    const taken = slots.flatMap((s, i) => (!remade.has(i) && s.level ? [s.level.fingerprint] : []));
    const params = (family) => this.generate.paramsFor(family).split(",").filter((kv) => kv && !/^(min|max)=/.test(kv)).join(",");
    const task = {
      type: "curve",
      taken,
      slots: indices.map((i) => ({ index: i, target: slots[i].target, seed: this.seed(i), family: slots[i].family, params: params(slots[i].family) })),
    };
    indices.forEach((i) => {
      slots[i].attempt++;
      slots[i].level = null;
      slots[i].note = "";
    });
    this.draw();
    $("curve-state").dataset.done = "false";
    $("curve-run").disabled = true;
    $("curve-cancel").disabled = false;
    const started = performance.now();
    let made = 0;
    this.making = true;
    const end = await this.job.run(this.generate.studio.task(task), (m) => {
      if (m.type === "slot") {
        made++;
        const slot = slots[m.index];
        slot.level = m.level && { ...m.level, family: slot.family };
        slot.note = m.level ? "" : m.message;
        this.changed();
        $("curve-state").textContent = `${made} of ${indices.length} slots made`;
      } else if (m.type === "working") {
        $("curve-state").textContent = `${made} of ${indices.length} slots made; slot ${m.index + 1} (target ${slots[m.index].target}): ${(m.ms / 1000).toFixed(1)} s`;
      }
    });
    this.making = false;
    const missing = indices.filter((i) => !slots[i].level).length;
    const time = `${((performance.now() - started) / 1000).toFixed(1)} s`;
    $("curve-state").textContent = {
      done: missing ? `${made - missing} of ${indices.length} slots made in ${time}; ${missing} found no level near the target` : `${made} ${made === 1 ? "slot" : "slots"} made in ${time}, every rating within one of its target`,
      cancelled: `cancelled after ${made} of ${indices.length} slots`,
      error: `error: ${end.message}`,
    }[end.type];
    $("curve-state").dataset.done = "true";
    $("curve-run").disabled = false;
    $("curve-cancel").disabled = true;
    this.changed();
  }

  /** The levels made, in order, become the pack (each world its tier for steps and sawtooth). */
  toPack() {
    const c = this.curve;
    const worlds = c.shape === "steps" || c.shape === "sawtooth";
    const levels = c.slots.flatMap((s, i) => {
      if (!s.level) return [];
      const tier = worlds ? `world ${worldOf(i, c.levels, c.worlds)[0] + 1}` : "";
      const { family, desc, rating, ms, pack, fingerprint } = s.level;
      return [{ family, desc, rating, ms, pack, fingerprint, name: "", tier, selected: true }];
    });
    this.generate.pack.levels = levels;
    this.generate.changed();
    const missing = c.slots.length - levels.length;
    $("curve-state").textContent = `the pack holds the curve's ${levels.length} levels${missing ? ` (${missing} slots have none yet)` : ""}`;
  }

  /** Sets a slot's target from a pointer on the chart: the nearest slot to its x, its y as the target. */
  drawAt(event) {
    const drag = this.drag;
    if (!drag) return;
    const [x, y] = [drag.x.invert(event.clientX - drag.box.left), drag.y.invert(event.clientY - drag.box.top)];
    const i = Math.round(x) - 1;
    const slot = this.slots[i];
    if (!slot || slot.locked || !Number.isFinite(y)) return;
    const target = Math.max(0, Math.round(y));
    if (target === slot.target) return;
    this.retarget(slot, target);
  }

  retarget(slot, target) {
    slot.target = target;
    this.changed();
  }

  /** The page point of (slot `x`, rating `y`) on the chart: where a pointer draws that target. */
  chartPoint(x, y) {
    const box = this.plot.getBoundingClientRect();
    return [box.left + this.plot.scale("x").apply(x), box.top + this.plot.scale("y").apply(y)];
  }

  draw() {
    const slots = this.slots;
    $("curve-slots").tBodies[0].replaceChildren(...slots.map((slot, i) => this.row(slot, i)));
    const units = [...new Set(slots.map((s) => this.generate.studio.family(s.family)?.ratingUnit))];
    const root = lines("curve-chart", {
      title: `Targets and levels made (${this.curve.shape})`,
      xLabel: "slot (level in the pack)",
      yLabel: units.length === 1 ? `rating (${units[0]})` : "rating (each slot's family's unit)",
      series: [
        { name: "target", points: slots.map((s, i) => ({ x: i + 1, y: s.target, capped: false })) },
        { name: "level made", line: false, points: slots.map((s, i) => ({ x: i + 1, y: s.level?.rating ?? null, capped: false })) },
      ],
      height: 220,
    });
    // Observable Plot's own SVG (with its scales), inside the figure: the pointer draws on it.
    this.plot = root.lastChild;
  }

  /** A slot's row: number, family, target (typed), rating, lock, description, make again / play. */
  row(slot, i) {
    const row = document.createElement("tr");
    const cell = cellAdder(row);
    cell(String(i + 1), "num");
    const family = this.generate.familyCell(slot.family, `family of slot ${i + 1}`, (value) => {
      slot.family = value;
      this.changed();
    });
    family.disabled = slot.locked;
    cell(family);
    const target = Object.assign(document.createElement("input"), { type: "number", min: 0, value: slot.target, disabled: slot.locked });
    target.setAttribute("aria-label", `target rating of slot ${i + 1}`);
    target.className = "target";
    target.onchange = () => this.retarget(slot, Math.max(0, Math.round(Number(target.value)) || 0));
    cell(target);
    const off = slot.level && !fits(slot);
    const why = slot.level?.family !== slot.family ? ` (a ${this.generate.studio.family(slot.level?.family)?.title} level)` : " (off target)";
    const rating = cell(slot.level ? `${slot.level.rating}${off ? why : ""}` : slot.note || "-", off ? "rating num off" : "rating num");
    rating.dataset.slot = String(i);
    const lock = Object.assign(document.createElement("input"), { type: "checkbox", checked: slot.locked, disabled: !slot.level });
    lock.setAttribute("aria-label", `lock slot ${i + 1}`);
    lock.onchange = () => {
      slot.locked = lock.checked;
      this.changed();
    };
    cell(lock);
    const desc = cell(slot.level?.desc ?? "", "desc");
    desc.title = slot.level?.desc ?? "";
    const actions = document.createElement("span");
    const again = Object.assign(document.createElement("button"), { textContent: "make again", disabled: slot.locked || this.job.busy });
    again.setAttribute("aria-label", `make again: slot ${i + 1}`);
    again.onclick = () => this.make([i]);
    const play = Object.assign(document.createElement("button"), { textContent: "play", disabled: !slot.level });
    play.setAttribute("aria-label", `play slot ${i + 1}`);
    play.onclick = () => {
      this.generate.studio.show("play");
      this.generate.studio.play.openPackBytes(slot.level.pack, `slot ${i + 1} of the curve (target ${slot.target})`);
    };
    actions.append(again, play);
    cell(actions);
    return row;
  }
}
