// The studio as a level designer's workbench, in headless Chromium driven by Playwright the way a person
// meets it (clicks, drags, key presses, file choosers; never fill()), against `lp studio` at the URL
// given: the editor's undo and redo, its work kept over a reload and in the copied link; the Rush Hour
// editor (vehicles placed, dragged and slid by keys along their tracks, drawn in Play's colours, its
// verdicts: optimum, minimal, the hardest start of its cluster opened in one click); a tiles goal edited;
// boards resized keeping their cells; Hargram pieces shaped by keyboard, rotated and removed; Restart and
// Copy description in Play; a whole pack made to a difficulty curve, one slot regenerated, one locked,
// exported. Screenshots go to target/js-artifacts/. Prints one JSON line of results (tests/it/js.rs checks
// them, and verifies the exported packs with `lp pack verify`).
//   node tests/js/designer.mjs URL
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { join } from "node:path";
import { artifacts, launch, load as typeIn, shot } from "./driver.mjs";

const url = process.argv[2];
const axeSource = await readFile(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

const browser = await launch();
const results = {};
let failure = null;
const errors = [];
try {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: new URL(url).origin });
  const page = await context.newPage();
  page.on("pageerror", (e) => errors.push(String(e)));
  page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
  await page.goto(url);
  await page.waitForSelector("body[data-ready=true]", { timeout: 30000 });

  const text = (selector) => page.locator(selector).textContent();
  const editDesc = () => page.inputValue("#edit-desc");
  const verdict = async () => {
    await page.waitForSelector("#edit-feedback[data-done=true]", { timeout: 60000 });
    return page.locator("#edit-feedback li").allTextContents();
  };
  const load = (desc) => typeIn(page, desc);
  /** The page point of `cell` of the editor's pane `pane`. */
  const editPoint = async (pane, cell) => {
    const box = await page.locator("#edit-board").boundingBox();
    const [x, y] = await page.evaluate(([p, c]) => window.studio.edit.cellPoint(p, c), [pane, cell]);
    const size = await page.evaluate(() => document.getElementById("edit-board").width);
    return [box.x + x * (box.width / size), box.y + y * (box.height / size)];
  };
  const clickCell = async (pane, cell) => {
    const [x, y] = await editPoint(pane, cell);
    await page.mouse.click(x, y);
  };
  const tool = (name) => page.click(`#edit-tools button[data-tool="${name}"]`);
  const typeInto = async (selector, value) => {
    await page.click(selector, { clickCount: 3 });
    await page.keyboard.type(String(value));
    await page.keyboard.press("Tab");
  };

  // Play: Restart goes back to the start in one click, Redo steps forward again; Copy description.
  await load("tiles:3x3:1,2,3,4,5,6,0,7,8");
  await page.focus("#board");
  await page.keyboard.press("ArrowLeft");
  await page.keyboard.press("ArrowLeft");
  const playedTwo = await text("#status");
  await page.click("#restart");
  results.restart = { before: playedTwo, after: await text("#status"), desc: await page.evaluate(() => window.studio.current) };
  await page.click("#redo");
  results.restart.redone = await text("#status");
  await page.click("#play-copy");
  results.copiedDesc = await page.evaluate(() => navigator.clipboard.readText());

  // The Rush Hour editor: "Edit this board" keeps the notation and the letters.
  const board = "rush:oooCoooooCooAAoDoooooDoooBBBoooooooo";
  await load(board);
  await page.click("#play-edit");
  results.rushOpened = { desc: await editDesc(), editor: await page.inputValue("#edit-family"), facts: await verdict() };
  // The same block in the same colour as Play: the truck B sampled in both.
  const sample = (canvas, cell) =>
    page.evaluate(([id, c]) => {
      const canvas = document.getElementById(id);
      const size = Math.floor(Math.min(canvas.width / 6, canvas.height / 6));
      const [x0, y0] = [Math.floor((canvas.width - size * 6) / 2), Math.floor((canvas.height - size * 6) / 2)];
      const [x, y] = [x0 + (c % 6) * size + size * 0.2, y0 + Math.floor(c / 6) * size + size * 0.6];
      return [...canvas.getContext("2d").getImageData(Math.round(x), Math.round(y), 1, 1).data.slice(0, 3)].join(",");
    }, [canvas, cell]);
  results.rushColour = { edit: await sample("edit-board", 25) };
  await shot(page, "designer-rush-editor");
  // Remove the truck B; a reload keeps the edited board (and the tab) and its undo history: after the car
  // C is erased too, Ctrl+Z brings C back, then B; Ctrl+Y takes B away again, the buttons likewise.
  const beforeErase = await editDesc();
  await tool("erase");
  await clickCell(0, 25);
  await verdict();
  const erased = await editDesc();
  await page.reload();
  await page.waitForSelector("body[data-ready=true]");
  results.kept = { tab: await page.evaluate(() => window.studio.tab), desc: await editDesc(), erased, beforeErase };
  await clickCell(0, 0); // focus the board (Choose and slide on an empty cell: nothing changes)
  await tool("erase");
  await clickCell(0, 3); // the car C
  const twoEdits = await editDesc();
  await page.focus("#edit-board");
  await page.keyboard.press("Control+z");
  const undoneOnce = await editDesc();
  await page.keyboard.press("Control+z");
  results.undo = { twoEdits, undoneOnce, undoneTwice: await editDesc() };
  await page.keyboard.press("Control+y");
  results.undo.redone = await editDesc();
  await page.click("#edit-undo");
  results.undo.button = await editDesc();
  // The header's Copy link (on every tab) reopens the edited board in a new page.
  await page.click("#share");
  const link = await page.evaluate(() => navigator.clipboard.readText());
  const other = await context.newPage();
  await other.goto(link);
  await other.waitForSelector("body[data-ready=true]");
  results.link = { tab: await other.evaluate(() => window.studio.tab), desc: await other.inputValue("#edit-desc") };
  await other.close();

  // A Rush Hour board built from nothing: the red car, a truck across its way, a car; the red car dragged
  // along its track by the mouse, the truck slid by the arrow keys.
  await page.click("#edit-width", { clickCount: 3 });
  await page.keyboard.type("6");
  await page.click("#edit-new");
  await tool("red");
  await clickCell(0, 12); // row 3 (the exit's), first column
  await tool("truck-down");
  await clickCell(0, 3); // column 4, rows 1 to 3: across the red car's way
  await tool("car-across");
  await clickCell(0, 24); // row 5, columns 1 and 2
  await tool("car-down");
  await clickCell(0, 29); // column 6, rows 5 and 6
  const built = await editDesc();
  await tool("move");
  const [ax, ay] = await editPoint(0, 12);
  const [bx, by] = await editPoint(0, 14);
  await page.mouse.move(ax, ay);
  await page.mouse.down();
  await page.mouse.move((ax + bx) / 2, ay, { steps: 4 });
  await page.mouse.move(bx, by, { steps: 4 });
  await page.mouse.up();
  const dragged = await editDesc();
  // The truck by keyboard: Escape drops the red car, the cursor goes from the top left corner (clicked:
  // no vehicle there) to the truck, Enter chooses it, ArrowDown slides it twice, out of the red car's way.
  await clickCell(0, 0);
  for (const key of ["Escape", "ArrowRight", "ArrowRight", "ArrowRight", "Enter", "ArrowDown", "ArrowDown"]) await page.keyboard.press(key);
  const slid = await editDesc();
  results.rushBuilt = { built, dragged, slid, facts: await verdict() };
  await shot(page, "designer-rush-built");
  // The hardest start of its cluster, one click away.
  await page.click("#edit-hardest");
  results.rushBuilt.hardest = { desc: await editDesc(), facts: await verdict() };
  await page.click("#edit-play");
  results.rushBuilt.played = await page.evaluate(() => window.studio.current);
  results.rushColour.play = await sample("board", 25);
  await load(board);
  results.rushColour.play = await sample("board", 25);

  // A tiles goal set in the editor (two goal tiles swapped), played with its goal shown.
  await page.click("[role=tab][data-tab=edit]");
  await page.selectOption("#edit-family", "tiles");
  await typeInto("#edit-width", 3);
  await typeInto("#edit-height", 3);
  await page.click("#edit-new");
  await tool("goal");
  await clickCell(1, 7);
  await clickCell(1, 8);
  await tool("swap");
  await clickCell(0, 5);
  await clickCell(0, 8);
  results.tilesGoal = { desc: await editDesc(), facts: await verdict() };
  await page.click("#edit-play");
  results.tilesGoal.shown = await page.isVisible("#play-goal");
  await page.click("[role=tab][data-tab=edit]");

  // Resizing keeps the board: a Linjat clue stays where it was when the board grows by a column.
  await page.selectOption("#edit-family", "linjat");
  await typeInto("#edit-width", 4);
  await typeInto("#edit-height", 4);
  await page.click("#edit-new");
  await page.focus("#edit-board");
  for (const key of ["ArrowDown", "ArrowRight", "3"]) await page.keyboard.press(key);
  const small = await editDesc();
  await typeInto("#edit-width", 5);
  results.resized = { small, wider: await editDesc() };

  // Hargram by keyboard: Page Down to piece 1's grid, a cell toggled; piece 1 rotated; piece 2 removed.
  await page.selectOption("#edit-family", "hargram");
  await typeInto("#edit-width", 3);
  await typeInto("#edit-height", 2);
  await page.click("#edit-new");
  await page.click("#edit-add-piece");
  const twoPieces = await editDesc();
  await page.focus("#edit-board");
  for (const key of ["PageDown", "ArrowDown", "Enter"]) await page.keyboard.press(key);
  const shaped = await editDesc();
  await page.click("#edit-rotate-piece");
  const rotated = await editDesc();
  const rotateLabel = await text("#edit-rotate-piece");
  await page.focus("#edit-board");
  await page.keyboard.press("PageDown");
  const removeLabel = await text("#edit-remove-piece");
  await page.click("#edit-remove-piece");
  results.hargram = { twoPieces, shaped, rotated, rotateLabel, removeLabel, removed: await editDesc(), facts: await verdict() };
  await shot(page, "designer-hargram-editor");

  // A pack to a difficulty curve, for two families in turn: 12 slots on a linear curve over the preset's
  // band, made in the worker; slot 1 locked, slot 5 made again, then every unlocked slot made again (slot
  // 1 keeps its level); slot 3's target drawn on the chart with the pointer and made; the levels put in
  // the pack and exported.
  await page.click("[role=tab][data-tab=generate]");
  results.curves = {};
  // The curve's slots unlocked, then all of the family shown ("Unlocked slots: this family").
  const curveOfFamily = async () => {
    for (const lock of await page.locator("#curve-slots tbody input[aria-label^='lock slot']:checked").all()) await lock.click();
    await page.click("#curve-family");
  };
  for (const [family, preset] of [["tiles", "medium"], ["jugs", "easy"]]) {
    await page.selectOption("#gen-family", family);
    await page.selectOption("#gen-preset", preset);
    await curveOfFamily();
    await page.selectOption("#curve-shape", "linear");
    await typeInto("#curve-levels", 12);
    const done = async () => {
      await page.waitForSelector("#curve-state[data-done=true]", { timeout: 120000 });
      const rows = await page.locator("#curve-slots tbody tr").all();
      return Promise.all(rows.map(async (r) => ({ target: Number(await r.locator("input.target").inputValue()), rating: Number(await r.locator("td.rating").textContent()), desc: await r.locator("td.desc").textContent() })));
    };
    await page.click("#curve-run");
    const first = await done();
    await page.click("#curve-slots tbody tr:nth-child(1) input[aria-label='lock slot 1']");
    await page.click("#curve-slots tbody tr:nth-child(5) button[aria-label='make again: slot 5']");
    const again = await done();
    await page.click("#curve-run");
    const all = await done();
    const curve = { state: await page.locator("#curve-state").textContent(), first, again, all };
    if (family === "tiles") {
      // Slot 3 dragged up to the rating of slot 9 on the chart, then made.
      const to = all[8].target;
      const [x1, y1] = await page.evaluate(([t]) => window.studio.generate.curve.chartPoint(3, t), [all[2].target]);
      const [x2, y2] = await page.evaluate(([t]) => window.studio.generate.curve.chartPoint(3, t), [to]);
      await page.mouse.move(x1, y1);
      await page.mouse.down();
      await page.mouse.move(x2, y2, { steps: 5 });
      await page.mouse.up();
      curve.drawnTo = to;
      await page.click("#curve-slots tbody tr:nth-child(3) button[aria-label='make again: slot 3']");
      curve.drawn = await done();
      await page.locator("#curve-chart").scrollIntoViewIfNeeded();
      await shot(page, "designer-curve");
      // Another preset moves the targets but drops no level (those off target say so); back again, the
      // same levels.
      const made = () => page.locator("#curve-slots tbody td.desc").evaluateAll((cells) => cells.map((c) => c.textContent));
      const before = await made();
      await page.selectOption("#gen-preset", "expert");
      curve.otherPreset = { made: await made(), off: await page.locator("#curve-slots tbody td.rating.off").count() };
      await shot(page, "designer-curve-other-preset");
      await page.selectOption("#gen-preset", preset);
      curve.presetBack = (await made()).every((d, i) => d === before[i] && d !== "");
      curve.madeBefore = before.filter((d) => d !== "").length;
      // Generate with a curve made, as the issue scanned it: WCAG 2.0 and 2.1 rules, A and AA.
      await page.addScriptTag({ content: axeSource });
      curve.axe = await page.evaluate(async () => {
        const report = await window.axe.run(document, { runOnly: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] });
        return report.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.id}: ${v.nodes.length}`);
      });
    }
    await page.click("#curve-to-pack");
    await page.click("#pack-name", { clickCount: 3 });
    await page.keyboard.type(`Curve ${family}`);
    curve.packRows = await page.locator("#gen-results tbody tr").count();
    const download = page.waitForEvent("download");
    await page.click("#gen-export");
    const saved = await download;
    curve.file = join(artifacts, `designer-curve-${family}.lpk`);
    await saved.saveAs(curve.file);
    results.curves[family] = curve;
  }
  // A Linjat curve with the studio's defaults: the first preset bounds no rating, so the studio measures
  // it first (its range and time), then the 12 levels are made within a minute.
  {
    await page.selectOption("#gen-family", "linjat");
    await curveOfFamily();
    await page.waitForFunction(() => document.getElementById("curve-state").textContent.startsWith("measured:"), null, { timeout: 60000 });
    const measured = await page.locator("#curve-state").textContent();
    const started = Date.now();
    await page.click("#curve-run");
    await page.waitForFunction(() => /slots made in/.test(document.getElementById("curve-state").textContent), null, { timeout: 120000 });
    results.linjatCurve = {
      measured,
      state: await page.locator("#curve-state").textContent(),
      seconds: (Date.now() - started) / 1000,
      presetLabel: await page.locator("#gen-preset option:checked").textContent(),
    };
    await shot(page, "designer-linjat-curve");
    await page.selectOption("#gen-family", "jugs");
  }
  // The jugs pack on one printable sheet: an SVG with every level numbered and rated, a PNG, and a page
  // that prints as one A4 sheet.
  {
    const save = async (button, name) => {
      const file = page.waitForEvent("download");
      await page.click(button);
      const path = join(artifacts, name);
      await (await file).saveAs(path);
      return readFile(path);
    };
    const svg = (await save("#gen-sheet-svg", "designer-sheet.svg")).toString("utf8");
    const png = await save("#gen-sheet-png", "designer-sheet.png");
    const popup = page.waitForEvent("popup");
    await page.click("#gen-print");
    const sheet = await popup;
    await sheet.waitForLoadState();
    await sheet.screenshot({ path: join(artifacts, "designer-sheet-page.png"), fullPage: true });
    const pdf = (await sheet.pdf({ preferCSSPageSize: true })).toString("latin1");
    await sheet.close();
    const captions = [...svg.matchAll(/>(\d+)\. ([^<]*)</g)].map((m) => `${m[1]}. ${m[2]}`);
    results.sheet = { captions, png: png.subarray(1, 4).toString("latin1"), pages: (pdf.match(/\/Type\s*\/Page\b/g) ?? []).length };
    // At 30 levels with long names the captions still fit their columns: no two overlap, none leaves the page.
    results.sheet.crowded = await page.evaluate(async () => {
      const { sheetSvg } = await import("./levels.js");
      const view = window.studio.play.levelView("tiles:3x3:8,6,7,2,5,4,3,0,1");
      const levels = Array.from({ length: 30 }, (_, i) => ({ view, label: `a level with a long name, number ${i + 1} — 31 moves, world ${1 + (i % 3)}` }));
      const holder = document.createElement("div");
      holder.innerHTML = sheetSvg("Thirty levels", levels);
      document.body.append(holder);
      // The page's own texts (the boards inside are SVGs of their own): the title, then the captions.
      const boxes = [...holder.querySelector("svg").querySelectorAll(":scope > text")].slice(1).map((t) => t.getBoundingClientRect());
      const page = holder.querySelector("svg").getBoundingClientRect();
      const overlaps = boxes.filter((a, i) => boxes.some((b, j) => i !== j && a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom)).length;
      const outside = boxes.filter((b) => b.right > page.right || b.left < page.left).length;
      holder.remove();
      return { captions: boxes.length, overlaps, outside };
    });
  }
  // Playtest the jugs pack in order, every level solved by the hint key: each level's moves, hints and
  // time, then the summary.
  await page.click("[role=tab][data-tab=play]");
  await page.setInputFiles("#play-pack", results.curves.jugs.file);
  await page.waitForSelector("#play-playtest:not([hidden])");
  await page.click("#play-playtest");
  for (let level = 1; level <= 12; level++) {
    await page.waitForFunction((l) => document.getElementById("playtest-state").textContent.startsWith(`Level ${l} of 12`), level, { timeout: 10000 });
    await page.focus("#board");
    while ((await page.getAttribute("#status", "data-solved")) !== "true") {
      const before = await text("#status");
      await page.keyboard.press("p");
      await page.waitForFunction((b) => document.getElementById("status").textContent !== b, before, { timeout: 30000 });
    }
  }
  await page.waitForSelector("#playtest-summary:not([hidden])");
  results.playtest = {
    state: await text("#playtest-state"),
    rows: await page.locator("#playtest-summary tbody tr").evaluateAll((rows) => rows.map((r) => [...r.cells].map((c) => parseFloat(c.textContent)))),
    words: await page.locator("#playtest-summary tbody tr").first().evaluate((r) => [...r.cells].map((c) => c.textContent)),
    stopHidden: await page.locator("#playtest-stop").isHidden(),
  };
  await shot(page, "designer-playtest");
  // A playtest stopped halfway: the button ends it at once, with what was solved so far.
  await page.click("#play-playtest");
  await page.waitForFunction(() => document.getElementById("playtest-state").textContent.startsWith("Level 1 of 12"));
  await page.click("#playtest-stop");
  results.playtestStopped = { state: await text("#playtest-state"), stopHidden: await page.locator("#playtest-stop").isHidden() };
  // Hint coins on Fogleman's 51-move Rush Hour level: where to look, what to move, the move, the plan,
  // each its words and highlighted cells (where to look holding what to move).
  await load("rush:GBBoLoGHIoLMGHIAAMCCCKoMooJKDDEEJFFo");
  results.coins = [];
  for (const button of ["#hint-region", "#hint-piece", "#hint", "#hint-plan"]) {
    const before = await text("#sentence");
    await page.click(button);
    await page.waitForFunction((b) => document.getElementById("sentence").textContent !== b && document.getElementById("sentence").textContent.includes("["), before);
    results.coins.push({ text: await text("#sentence"), cells: await page.evaluate(() => [...window.studio.play.view.highlight]) });
  }
  await shot(page, "designer-hint-coins");
  // Check my board: two moves from the goal, a wrong move (4 down) and back: still two away, the first
  // move named as the one off every shortest solution.
  await load("tiles:3x3:1,2,3,4,5,6,0,7,8");
  await page.focus("#board");
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("ArrowUp");
  await page.click("#check");
  await page.waitForFunction(() => document.getElementById("sentence").textContent.startsWith("Check:"));
  results.check = { text: await text("#sentence"), facts: JSON.parse(await page.getAttribute("#sentence", "data-check")) };
  // Trivial steps on a Linjat board: the rules draw the 4 and solve it.
  await load("linjat:4x4:..../..../o..4/....");
  await page.click("#trivial");
  await page.waitForFunction(() => !document.getElementById("sentence").textContent.startsWith("Working out"));
  await shot(page, "designer-trivial-steps");
  results.trivial = { sentence: await text("#sentence"), status: await text("#status") };
  // Hargram's tray names every piece as the sentences do, twins included (the second I tromino was "5").
  await load("hargram:5x4:...../...../...../.....:.#/##/#.;###;###/#.#;#../#../###;###");
  results.tray = await page.evaluate(() => window.studio.play.view.names);
  await shot(page, "designer-hargram-tray");
  // A level out of Play as images: the SVG drawn back on a canvas shows the board as Play does.
  await load(board);
  // The board's labels against their ground (text: WCAG asks 4.5:1): "goal of A" in the key below the
  // board and "exit" beside the exit, outside the board (neither on a piece), the darkest pixel of each
  // label's box against the lightest.
  results.labelContrast = await page.evaluate(() => {
    const ctx = document.getElementById("board").getContext("2d");
    const lum = ([r, g, b]) => {
      const f = (c) => ((c /= 255) <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
      return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
    };
    const ratio = ([x, y, w, h]) => {
      const data = ctx.getImageData(x, y, w, h).data;
      const values = [];
      for (let i = 0; i < data.length; i += 4) values.push(lum([data[i], data[i + 1], data[i + 2]]));
      return (Math.max(...values) + 0.05) / (Math.min(...values) + 0.05);
    };
    // The grid from the centres of cells 0 and 1; the key below the 6×6 board, the word right of the exit.
    const [c0, c1] = [window.studio.play.cellPoint(0), window.studio.play.cellPoint(1)];
    const size = c1[0] - c0[0];
    const [x0, y0] = [c0[0] - size / 2, c0[1] - size / 2];
    const key = [Math.round(x0 + 32), Math.round(y0 + 6 * size + 9), 60, 13];
    const exit = [Math.round(x0 + 6 * size + 8), Math.round(y0 + 2.5 * size - 6), 24, 12];
    return { goal: ratio(key), exit: ratio(exit) };
  });
  {
    const file = page.waitForEvent("download");
    await page.click("#play-svg");
    const path = join(artifacts, "designer-level.svg");
    await (await file).saveAs(path);
    const svg = (await readFile(path)).toString("utf8");
    results.levelSvg = {
      letters: [...svg.matchAll(/fill="#1d2330"[^>]*>([A-Z])<\/text>/g)].map((m) => m[1]).sort().join(""),
      exit: svg.includes(">exit<"),
      // Pixels of the SVG drawn on a canvas against the board's, at every cell's sampling point.
      differing: await page.evaluate(async (markup) => {
        const image = new Image();
        image.src = URL.createObjectURL(new Blob([markup], { type: "image/svg+xml" }));
        await image.decode();
        const board = document.getElementById("board");
        const canvas = Object.assign(document.createElement("canvas"), { width: board.width, height: board.height });
        const ctx = canvas.getContext("2d");
        ctx.drawImage(image, 0, 0);
        const shown = board.getContext("2d");
        // Each cell sampled off its letter and track: left of its centre by a third of a cell, a little low.
        const [c0, c1] = [window.studio.play.cellPoint(0), window.studio.play.cellPoint(1)];
        const size = c1[0] - c0[0];
        let differing = 0;
        for (let cell = 0; cell < 36; cell++) {
          const [cx, cy] = window.studio.play.cellPoint(cell);
          const [x, y] = [Math.round(cx - size * 0.3), Math.round(cy + size * 0.08)];
          const [a, b] = [ctx.getImageData(x, y, 1, 1).data, shown.getImageData(x, y, 1, 1).data];
          if ([0, 1, 2].some((k) => Math.abs(a[k] - b[k]) > 8)) differing++;
        }
        return differing;
      }, svg),
    };
    const png = page.waitForEvent("download");
    await page.click("#play-png");
    results.levelPng = (await readFile(await (await png).path())).subarray(1, 4).toString("latin1");
  }

  // The pack's name travels in the file: Play's level list is headed by it, its sentence says it.
  await page.click("[role=tab][data-tab=play]");
  await page.setInputFiles("#play-pack", results.curves.tiles.file);
  // (The playtest left the jugs pack's list showing: wait for this pack's.)
  await page.waitForFunction(() => document.getElementById("play-pack-entry-label").textContent.startsWith("Level of Curve tiles"));
  results.packOpened = { label: await text("#play-pack-entry-label"), sentence: await text("#sentence") };

  // Compare says when a search gave up on a budget of its own below the cap: simulated annealing (200,000
  // steps) on Korf's first 15-puzzle under a cap of 300,000 nodes.
  await load("tiles:4x4:14,13,15,7,11,12,9,5,6,0,2,1,4,8,10,3:0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15");
  await page.click("[role=tab][data-tab=compare]");
  await page.click("#cmp-cap", { clickCount: 3 });
  await page.keyboard.type("300000");
  await page.click("#cmp-run");
  await page.waitForSelector("#cmp-state[data-done=true]", { timeout: 120000 });
  results.ownBudget = await page.locator("#cmp-table tbody tr").evaluateAll((rows) => Object.fromEntries(rows.map((r) => [r.dataset.algorithm, r.cells[1].textContent])));

  if (errors.length) throw new Error(`page errors: ${errors.join("; ")}`);
} catch (e) {
  failure = e;
  if (errors.length) console.error(`page errors: ${errors.join("; ")}`);
} finally {
  await browser.close();
}
console.log(JSON.stringify(results));
if (failure) {
  console.error(failure);
  process.exit(1);
}
