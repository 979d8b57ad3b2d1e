// A whole game's pack built in the studio, in headless Chromium, the way the issue could not: one curve of
// 30 slots across three families (Rush Hour, Sokoban, Linjat), each family's slots made in turn (the
// slots before locked, "Unlocked slots: this family" on the next), put in the pack, reordered by dragging
// and renamed, exported, cleared, imported back, and opened in Play level by level. Prints one JSON line
// of results (tests/it/js.rs checks them and verifies the exported pack with `lp pack verify`).
//   node tests/js/game.mjs URL
import { join } from "node:path";
import { artifacts, run, shot } from "./driver.mjs";

const url = process.argv[2];
const SLOTS = 30;

await run(async (browser, watch, results) => {
  const context = await browser.newContext({ viewport: { width: 1400, height: 1000 }, acceptDownloads: true });
  const page = watch(await context.newPage());
  await page.goto(url);
  await page.waitForSelector("body[data-ready=true]", { timeout: 30000 });
  await page.click("[role=tab][data-tab=generate]");
  const typeInto = async (selector, value) => {
    await page.click(selector, { clickCount: 3 });
    await page.keyboard.type(String(value));
    await page.keyboard.press("Tab");
  };
  const slotRows = () =>
    page.locator("#curve-slots tbody tr").evaluateAll((rows) =>
      rows.map((r) => ({
        family: r.querySelector("select").value,
        target: Number(r.querySelector("input.target").value),
        rating: r.querySelector("td.rating").textContent,
        desc: r.querySelector("td.desc").textContent,
      })),
    );
  const packRows = () =>
    page.locator("#gen-results tbody tr").evaluateAll((rows) =>
      rows.map((r) => ({ family: r.querySelector("td.family").textContent, name: r.querySelector("input[data-field=name]").value, desc: r.querySelector("td.desc").textContent })),
    );

  // Shown, the tab measures the preset chosen: its ratings and what a level costs, before anything is made.
  await page.waitForFunction(() => document.getElementById("curve-state").textContent.startsWith("measured:"), null, { timeout: 60000 });
  results.measuredOnShow = await page.locator("#curve-state").textContent();
  results.presetShown = await page.locator("#gen-preset option:checked").textContent();
  await page.selectOption("#curve-shape", "sawtooth");
  await typeInto("#curve-levels", SLOTS);
  await typeInto("#curve-worlds", 3);
  results.families = await page.locator("#gen-family option").allTextContents();
  // Each family in turn: the slots of the families before locked, the rest given this family (its
  // preset's band, measured for Linjat's), made.
  const segments = [["rush", "rush-medium", 0], ["sokoban", "easy", 10], ["linjat", null, 20]];
  results.made = {};
  for (const [family, preset, from] of segments) {
    await page.selectOption("#gen-family", family);
    if (preset) await page.selectOption("#gen-preset", preset);
    for (let i = 1; i <= from; i++) {
      const lock = page.locator(`input[aria-label='lock slot ${i}']`);
      if (!(await lock.isChecked())) await lock.click();
    }
    await page.click("#curve-family");
    if (!preset) await page.waitForFunction(() => document.getElementById("curve-state").textContent.startsWith("measured:"), null, { timeout: 60000 });
    await page.click("#curve-run");
    await page.waitForFunction(() => /slots? made in/.test(document.getElementById("curve-state").textContent), null, { timeout: 180000 });
    results.made[family] = await page.locator("#curve-state").textContent();
  }
  results.slots = await slotRows();
  await page.locator("#curve-chart").scrollIntoViewIfNeeded();
  await shot(page, "game-curve");

  // The pack: the curve's levels, named, the fifth level dragged first, the second moved down.
  await page.click("#curve-to-pack");
  await typeInto("#pack-name", "Whole game");
  results.packBefore = await packRows();
  await page.dragAndDrop("#gen-results tbody tr:nth-child(5)", "#gen-results tbody tr:nth-child(1)");
  await page.click("#gen-results tbody tr:nth-child(2) button[aria-label='move level 2 down']");
  await page.click("#gen-results tbody tr:nth-child(1) input[data-field=name]");
  await page.keyboard.type("The last first");
  results.packOrdered = await packRows();
  results.curveLegend = await page.locator("#gen-curve svg text").allTextContents();
  await page.locator("#gen-results").scrollIntoViewIfNeeded();
  await shot(page, "game-pack");

  // Exported, cleared, imported back: the same levels in the same order, with the name given.
  const download = page.waitForEvent("download");
  await page.click("#gen-export");
  const saved = await download;
  results.file = join(artifacts, "game.lpk");
  await saved.saveAs(results.file);
  await page.click("#gen-clear");
  results.cleared = (await packRows()).length;
  await page.setInputFiles("#gen-import", results.file);
  await page.waitForFunction(() => /imported/.test(document.getElementById("gen-state").textContent));
  results.imported = { state: await page.locator("#gen-state").textContent(), rows: await packRows(), name: await page.inputValue("#pack-name") };

  // In Play: each level under its own family (Rush Hour's its own entry).
  await page.click("[role=tab][data-tab=play]");
  await page.setInputFiles("#play-pack", results.file);
  await page.waitForSelector("#play-pack-entry-label:not([hidden])");
  results.played = [];
  for (const index of [0, 1, 12, 25]) {
    await page.selectOption("#play-pack-entry", String(index));
    results.played.push({ index, family: await page.inputValue("#play-family"), desc: await page.evaluate(() => window.studio.current) });
  }
  // A pack level's hints: the pack's solution proven by the studio (a frame at a time), they say optimal.
  await page.selectOption("#play-pack-entry", "1");
  await page.waitForFunction(() => window.studio.play.proof === null, null, { timeout: 30000 });
  await page.click("#hint");
  await page.waitForFunction(() => /\]$/.test(document.getElementById("sentence").textContent), null, { timeout: 30000 });
  results.packHint = await page.locator("#sentence").textContent();
  await shot(page, "game-play-rush");
  // The board grows with the window and zooms: a wider window, then the zoom at 200 % by its keys.
  const width = () => page.evaluate(() => document.getElementById("board").width);
  results.sizes = { start: await width() };
  await page.setViewportSize({ width: 1800, height: 1200 });
  await page.waitForFunction((w) => document.getElementById("board").width > w, results.sizes.start);
  results.sizes.wider = await width();
  await page.focus("#zoom");
  for (let i = 0; i < 10; i++) await page.keyboard.press("ArrowRight");
  results.sizes.zoomed = await width();
  results.sizes.shownWidth = (await page.locator("#board").boundingBox()).width;
  results.sizes.said = await page.locator("#zoom-value").textContent();
  await page.locator("#board").scrollIntoViewIfNeeded();
  await shot(page, "game-zoomed");
});
