// The Generate tab: a form built from the family's parameter specs (never written per family), batches
// generated in the worker with a progress bar and a cancel button, the results with their ratings and
// times, histograms of both, and packs: the chosen puzzles exported as a `.lpk` file (`lp pack verify`
// accepts it), packs imported into the list.
import { histogram, download } from "./charts.js";

const $ = (id) => document.getElementById(id);

export class Generate {
  constructor(studio) {
    this.studio = studio;
    this.lp = studio.lp;
    this.results = [];
    this.worker = null;
    studio.fillFamilies($("gen-family"), () => this.pickFamily());
    $("gen-preset").onchange = () => this.fillParams();
    $("gen-run").onclick = () => this.run();
    $("gen-cancel").onclick = () => this.cancel("cancelled");
    $("gen-all").onclick = () => this.selectAll();
    $("gen-export").onclick = () => this.exportPack();
    $("gen-import").onchange = (e) => this.importPack(e.target.files[0]);
    this.pickFamily();
  }

  get family() {
    return this.studio.family($("gen-family").value);
  }

  pickFamily() {
    $("gen-preset").replaceChildren(new Option("(none)", ""), ...this.family.presets.map((p) => new Option(p.name, p.name)));
    $("gen-preset").value = this.family.presets[0]?.name ?? "";
    this.fillParams();
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
      if (spec.choices.length) {
        input = document.createElement("select");
        input.append(new Option("", ""), ...spec.choices.map((c) => new Option(c, c)));
      } else {
        input = document.createElement("input");
        input.placeholder = fromPreset[spec.name] ?? spec.default;
      }
      input.dataset.param = spec.name;
      label.append(`${spec.name}`, input);
      return label;
    });
    $("gen-params").replaceChildren(...fields);
  }

  /** The parameter text: the preset, then every field given. */
  paramText() {
    const parts = $("gen-preset").value ? [`preset=${$("gen-preset").value}`] : [];
    for (const input of $("gen-params").querySelectorAll("[data-param]")) {
      if (input.value.trim()) parts.push(`${input.dataset.param}=${input.value.trim()}`);
    }
    return parts.join(",");
  }

  /** Starts a batch in a fresh worker. */
  run() {
    this.cancel(null);
    const count = Number($("gen-count").value);
    const batch = { type: "generate", family: this.family.name, params: this.paramText(), count, seed: Number($("gen-seed").value) };
    const tier = $("gen-preset").value || null;
    $("gen-progress").max = count;
    $("gen-progress").value = 0;
    $("gen-state").textContent = "starting…";
    $("gen-run").disabled = true;
    $("gen-cancel").disabled = false;
    const started = performance.now();
    this.worker = this.studio.worker((message) => {
      if (message.type === "ready") this.worker.postMessage(batch);
      else if (message.type === "puzzle") {
        this.add({ desc: message.desc, rating: message.rating, ms: message.ms, pack: message.pack, tier, source: "generated" });
        $("gen-progress").value = message.index + 1;
        $("gen-state").textContent = `${message.index + 1} of ${count} (${((performance.now() - started) / 1000).toFixed(1)} s)`;
      } else if (message.type === "end") $("gen-state").textContent = `ended after ${message.made}: status ${message.status}`;
      else if (message.type === "done") this.finish(`${message.made} puzzles in ${((performance.now() - started) / 1000).toFixed(1)} s`);
      else if (message.type === "error") this.finish(`error: ${message.message}`);
    });
  }

  finish(state) {
    this.worker?.terminate();
    this.worker = null;
    $("gen-state").textContent = state;
    $("gen-state").dataset.done = "true";
    $("gen-run").disabled = false;
    $("gen-cancel").disabled = true;
  }

  cancel(state) {
    if (this.worker) this.finish(state ?? "");
    $("gen-state").dataset.done = "false";
  }

  add(result) {
    this.results.push({ ...result, selected: true });
    this.draw();
  }

  draw() {
    const rows = this.results.map((r, i) => {
      const row = document.createElement("tr");
      row.innerHTML = `<td><input type="checkbox" ${r.selected ? "checked" : ""}></td><td>${i + 1}</td><td class="rating">${r.rating}</td><td>${r.ms === null ? "-" : r.ms.toFixed(1)}</td><td class="desc"></td><td><button>play</button></td>`;
      row.querySelector(".desc").textContent = r.desc;
      row.querySelector(".desc").title = r.desc;
      row.querySelector("input").onchange = (e) => {
        r.selected = e.target.checked;
        this.countSelected();
      };
      row.querySelector("button").onclick = () => this.studio.playPack(r.pack);
      return row;
    });
    $("gen-results").tBodies[0].replaceChildren(...rows);
    histogram("gen-rating-chart", this.results.map((r) => r.rating));
    histogram("gen-time-chart", this.results.filter((r) => r.ms !== null).map((r) => r.ms), 10, 1);
    this.countSelected();
  }

  countSelected() {
    $("gen-selected").textContent = `${this.results.filter((r) => r.selected).length} of ${this.results.length} selected`;
  }

  selectAll() {
    const all = !this.results.every((r) => r.selected);
    this.results.forEach((r) => (r.selected = all));
    this.draw();
  }

  /** The chosen puzzles as one pack, with their solutions and ratings, downloaded as a `.lpk` file. */
  exportPack() {
    const writer = new this.lp.PackWriter();
    try {
      this.results
        .filter((r) => r.selected)
        .forEach((r, i) => {
          const pack = this.lp.Pack.load(r.pack);
          const puzzle = pack.open(0);
          writer.add(puzzle, r.rating, `${this.studio.familyOf(r.desc)} ${i + 1}`, r.tier);
          puzzle.free();
          pack.free();
        });
      const bytes = writer.bytes();
      download(new Blob([bytes], { type: "application/octet-stream" }), `${this.family.name}.lpk`);
      $("gen-state").textContent = `exported ${this.results.filter((r) => r.selected).length} puzzles (${bytes.length} bytes)`;
    } catch (e) {
      $("gen-state").textContent = e.message;
    } finally {
      writer.free();
    }
  }

  /** A pack's puzzles added to the list (each kept as a one-puzzle pack with its solution). */
  async importPack(file) {
    if (!file) return;
    try {
      const pack = this.lp.Pack.load(new Uint8Array(await file.arrayBuffer()));
      for (let i = 0; i < pack.length; i++) {
        const puzzle = pack.open(i);
        const writer = new this.lp.PackWriter();
        writer.add(puzzle, pack.rating(i));
        this.add({ desc: puzzle.describe(), rating: pack.rating(i), ms: null, pack: writer.bytes(), tier: null, source: file.name });
        writer.free();
        puzzle.free();
      }
      $("gen-state").textContent = `imported ${pack.length} puzzles from ${file.name}`;
      pack.free();
    } catch (e) {
      $("gen-state").textContent = e.message;
    }
  }
}
