// The studio in headless Chromium, driven by Playwright, against `lp studio` at the URL given: every family
// loaded and hinted until solved; a batch of 5 generated from a preset with every rating in its band; the
// batch exported as a pack and imported back; the Compare tab on an 8-puzzle with the optimal algorithms
// agreeing; the Plots tab drawn; Linjat's rules stepped. Screenshots of each page go to target/js-artifacts/.
// Prints one JSON line of results (tests/js.rs checks it and verifies the exported pack with `lp`).
//   node tests/js/studio.mjs URL
import { mkdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

const url = process.argv[2];
const artifacts = join(fileURLToPath(new URL("../..", import.meta.url)), "target/js-artifacts");
await mkdir(artifacts, { recursive: true });

const PUZZLES = {
  tiles: "tiles:3x3:8,6,7,2,5,4,3,0,1",
  jugs: "jugs:8,5,3:8,0,0:4,4,0",
  flip: "flip:3x3:#.#/.#./#.#",
  hargram: "hargram:5x4:...../...../...../.....:###/##.;#/#/#;#./##;.#./###/..#;#./##/.#",
  blocks: "blocks:4x5:BAAC/BAAC/DEEF/DGHF/I..J:A@3,1",
  linjat: "linjat:6x9:....52/....../....../....o./....o3/.....4/..4..o/.....o/2o.3o2",
};

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
    "--disable-component-update", "--disable-sync"],
});
const results = { played: {}, generated: {}, exported: null, imported: 0, compare: {}, proven: {}, solved: "", plots: 0, rules: 0 };
let failure = null;
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
  const errors = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
  await page.goto(url);
  await page.waitForSelector("body[data-ready=true]", { timeout: 30000 });

  // Play: every family, hinted until solved.
  for (const [family, desc] of Object.entries(PUZZLES)) {
    await page.fill("#play-desc", desc);
    await page.click("#play-load");
    await page.waitForFunction((d) => document.getElementById("play-desc").value === d, desc);
    let moves = 0;
    while ((await page.getAttribute("#status", "data-solved")) !== "true") {
      if (++moves > 120) throw new Error(`${family}: not solved after 120 hints`);
      const before = await page.textContent("#status");
      await page.click("#play-hint");
      await page.waitForFunction((b) => document.getElementById("status").textContent !== b, before, { timeout: 30000 });
    }
    results.played[family] = moves;
    await page.screenshot({ path: join(artifacts, `studio-play-${family}.png`) });
  }
  // Undo and redo restore the positions.
  await page.click("#undo");
  if ((await page.getAttribute("#status", "data-solved")) !== "false") throw new Error("undo did not step back");
  await page.click("#redo");
  if ((await page.getAttribute("#status", "data-solved")) !== "true") throw new Error("redo did not step forward");

  // Linjat's rules, layer by layer, from the start.
  await page.fill("#play-desc", PUZZLES.linjat);
  await page.click("#play-load");
  await page.click("#rules");
  results.rules = await page.locator("#rules-list li").count();

  // Generate: batches of 5 from a preset, every rating in the preset's band.
  await page.click("nav button[data-tab=generate]");
  for (const [family, preset] of [["tiles", "medium"], ["jugs", "easy"]]) {
    await page.selectOption("#gen-family", family);
    await page.selectOption("#gen-preset", preset);
    await page.fill("#gen-count", "5");
    const before = await page.locator("#gen-results tbody tr").count();
    await page.click("#gen-run");
    await page.waitForSelector("#gen-state[data-done=true]", { timeout: 120000 });
    const ratings = (await page.locator("#gen-results tbody tr td.rating").allTextContents()).slice(before).map(Number);
    const band = await page.evaluate(([f, p]) => {
      const params = window.studio.family(f).presets.find((x) => x.name === p).params;
      const kv = Object.fromEntries(params.split(",").map((s) => s.split("=")));
      return [Number(kv.min), Number(kv.max)];
    }, [family, preset]);
    if (ratings.length !== 5) throw new Error(`${family}: ${ratings.length} puzzles generated, not 5`);
    const outside = ratings.filter((r) => r < band[0] || r > band[1]);
    if (outside.length) throw new Error(`${family} ${preset}: ratings ${outside} outside ${band}`);
    results.generated[family] = { ratings, band };
  }
  await page.screenshot({ path: join(artifacts, "studio-generate.png"), fullPage: true });

  // Export the batch as a pack, import it back.
  const download = page.waitForEvent("download");
  await page.click("#gen-export");
  const file = join(artifacts, "studio.lpk");
  await (await download).saveAs(file);
  results.exported = file;
  const listed = await page.locator("#gen-results tbody tr").count();
  await page.setInputFiles("#gen-import", file);
  await page.waitForFunction((n) => document.querySelectorAll("#gen-results tbody tr").length === 2 * n, listed);
  results.imported = (await page.locator("#gen-results tbody tr").count()) - listed;

  // Compare on an 8-puzzle: every optimal algorithm finds the same length.
  await page.click("nav button[data-tab=play]");
  await page.fill("#play-desc", "tiles:3x3:7,2,4,5,0,6,8,3,1");
  await page.click("#play-load");
  await page.click("nav button[data-tab=compare]");
  await page.click("#cmp-run");
  await page.waitForSelector("#cmp-table tbody tr");
  for (const row of await page.locator("#cmp-table tbody tr").all()) {
    const algorithm = await row.getAttribute("data-algorithm");
    results.compare[algorithm] = await row.locator("td.length").textContent();
    results.proven[algorithm] = await row.locator("td.optimal").textContent();
  }
  await page.screenshot({ path: join(artifacts, "studio-compare.png"), fullPage: true });

  // Solve: the optimal solution animated on the board to the goal.
  await page.click("nav button[data-tab=play]");
  await page.click("#solve");
  await page.waitForSelector("#status[data-solved=true]", { timeout: 60000 });
  results.solved = await page.textContent("#status");
  results.solveSentence = await page.textContent("#sentence");
  // Solve on a 24-puzzle: the beam search's solution, not called optimal.
  await page.fill("#play-desc", "tiles:5x5:2,8,3,5,10,11,1,23,12,9,0,17,20,7,4,6,21,13,15,14,22,16,18,19,24");
  await page.click("#play-load");
  await page.click("#solve");
  await page.waitForFunction(() => /solution/.test(document.getElementById("sentence").textContent), null, { timeout: 60000 });
  results.solveSentence24 = await page.textContent("#sentence");

  // Plots.
  await page.click("nav button[data-tab=plots]");
  await page.selectOption("#plot-family", "tiles");
  await page.fill("#plot-count", "2");
  await page.click("#plot-run");
  await page.waitForSelector("#plot-state[data-done=true]", { timeout: 180000 });
  results.plots = await page.locator(".plots .chart svg").count();
  // Each figure exports as SVG and PNG.
  for (const [kind, magic] of [["SVG", "<svg"], ["PNG", "\u0089PNG"]]) {
    const file = page.waitForEvent("download");
    await page.click(`.export[data-chart=plot-gen] button:text-is("${kind}")`);
    const path = join(artifacts, `plot-gen.${kind.toLowerCase()}`);
    await (await file).saveAs(path);
    const head = (await readFile(path)).subarray(0, 4).toString("latin1");
    if (!head.startsWith(magic.slice(0, 4))) throw new Error(`the ${kind} export starts with ${JSON.stringify(head)}`);
    results.exports = (results.exports ?? 0) + 1;
  }
  await page.screenshot({ path: join(artifacts, "studio-plots.png"), fullPage: true });

  // The play page once more, for the README.
  await page.click("nav button[data-tab=play]");
  await page.fill("#play-desc", PUZZLES.linjat);
  await page.click("#play-load");
  await page.click("#hint");
  await page.waitForFunction(() => document.getElementById("sentence").textContent.includes("["));
  await page.screenshot({ path: join(artifacts, "studio.png") });
  if (errors.length) throw new Error(`page errors: ${errors.join("; ")}`);
} catch (e) {
  failure = e;
} finally {
  await browser.close();
}
console.log(JSON.stringify(results));
if (failure) {
  console.error(failure);
  process.exit(1);
}
