// The studio in headless Chromium, driven by Playwright the way a person meets it (key presses and clicks,
// never fill()), against `lp studio` at the URL given: every family typed in, played one move by keyboard
// and then hinted to the goal by the P key; Hargram's tray by mouse; play keys ignored off the board; a
// shared link and the browser's storage reopening the position; the editor judging boards as they are
// drawn; packs curated per family (duplicates refused, names, tiers, drag reorder, remove, sort) and
// exported; Compare in the worker (no long task on the page) with a path replayed on the scrubber; Solve;
// the Plots; an axe-core accessibility scan of every tab. Screenshots go to target/js-artifacts/. Prints
// one JSON line of results (tests/it/js.rs checks it and verifies the exported pack with `lp`).
//   node tests/js/studio.mjs URL
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { createRequire } from "node:module";
import { artifacts, launch, load as typeIn, shot } from "./driver.mjs";

const url = process.argv[2];
const axeSource = await readFile(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

const PUZZLES = {
  tiles: "tiles:3x3:8,6,7,2,5,4,3,0,1",
  jugs: "jugs:8,5,3:8,0,0:4,4,0",
  flip: "flip:3x3:#.#/.#./#.#",
  hargram: "hargram:5x4:...../...../...../.....:###/##.;#/#/#;#./##;.#./###/..#;#./##/.#",
  blocks: "blocks:4x5:BAAC/BAAC/DEEF/DGHF/I..J:A@3,1",
  rush: "rush:oooCoooooCooAAoDoooooDoooBBBoooooooo",
  linjat: "linjat:6x9:....52/....../....../....o./....o3/.....4/..4..o/.....o/2o.3o2",
  sudoku: "sudoku:2.4..1......1..2",
};
// One move by keyboard on the focused board: the keys, from the cursor at the top-left cell.
const KEYS = {
  tiles: ["ArrowLeft"],
  jugs: ["Enter", "ArrowRight", "Enter"],
  flip: ["Enter"],
  hargram: ["Enter"],
  blocks: ["ArrowDown", "ArrowDown", "ArrowDown", "ArrowDown", "Enter", "ArrowRight"],
  rush: ["ArrowDown", "ArrowDown", "Enter", "ArrowRight"],
  linjat: ["ArrowRight", "ArrowRight", "ArrowRight", "ArrowRight", "Enter", "ArrowDown", "Enter"],
  sudoku: ["ArrowRight", "3"],
};

const browser = await launch();
const results = { played: {}, keyboard: {}, layoutShift: {}, generated: {}, compare: {}, proven: {}, axe: {}, edit: {} };
let failure = null;
const text = (page, selector) => page.locator(selector).textContent();
try {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
  const page = await context.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
  // The board canvas as the tests read it: its pixels, the grid of a board's cells (as studio/board.js
  // lays it out) and WCAG's contrast ratio between two colours.
  await page.addInitScript(() => {
    window.probeBoard = () => {
      const view = window.studio.play.view;
      const canvas = document.getElementById("board");
      const ctx = canvas.getContext("2d");
      // The grid as the board lays it out (a board may keep margins for its key): from cells 0 and 1.
      const [c0, c1] = [window.studio.play.cellPoint(0), window.studio.play.cellPoint(1)];
      const laid = view.family !== "jugs" && view.width > 1 && c0 && c1;
      const size = laid ? Math.round(c1[0] - c0[0]) : Math.floor(Math.min(canvas.width / view.width, canvas.height / view.height));
      const lum = ([r, g, b]) => {
        const f = (c) => ((c /= 255) <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
        return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
      };
      return {
        view,
        canvas,
        size,
        x0: laid ? Math.round(c0[0] - size / 2) : Math.floor((canvas.width - size * view.width) / 2),
        y0: laid ? Math.round(c0[1] - size / 2) : Math.floor((canvas.height - size * view.height) / 2),
        pixel: (x, y) => [...ctx.getImageData(Math.round(x), Math.round(y), 1, 1).data.slice(0, 3)],
        ratio: (a, b) => (Math.max(lum(a), lum(b)) + 0.05) / (Math.min(lum(a), lum(b)) + 0.05),
      };
    };
  });
  await page.goto(url);
  await page.waitForSelector("body[data-ready=true]", { timeout: 30000 });
  await page.evaluate(() => {
    window.longTasks = [];
    new PerformanceObserver((list) => window.longTasks.push(...list.getEntries().map((e) => e.duration))).observe({ type: "longtask" });
  });

  const load = (desc) => typeIn(page, desc);
  const played = () => text(page, "#status");

  // Play: every family typed in, one move by keyboard, undone; then hinted to the goal by the P key.
  for (const [family, desc] of Object.entries(PUZZLES)) {
    await load(desc);
    await page.focus("#board");
    for (const key of KEYS[family]) await page.keyboard.press(key);
    results.keyboard[family] = await played();
    await page.keyboard.press("Control+z");
    // A hint moves nothing on the page: the board and the move list stay where they were.
    const boxes = () => Promise.all(["#board", "#moves", "#undo"].map((s) => page.locator(s).boundingBox()));
    const before = await boxes();
    await page.keyboard.press("h");
    await page.waitForFunction(() => document.getElementById("sentence").textContent.includes("["));
    const after = await boxes();
    results.layoutShift[family] = Math.max(...before.flatMap((b, i) => [Math.abs(b.x - after[i].x), Math.abs(b.y - after[i].y)]));
    let moves = 0;
    while ((await page.getAttribute("#status", "data-solved")) !== "true") {
      if (++moves > 120) throw new Error(`${family}: not solved after 120 hints`);
      const before = await played();
      await page.keyboard.press("p");
      await page.waitForFunction((b) => document.getElementById("status").textContent !== b, before, { timeout: 30000 });
    }
    results.played[family] = moves;
    await shot(page, `studio-play-${family}`);
  }
  // Identity: Huarong Dao and Fogleman's 51-move Rush Hour puzzle hinted to the goal; at every move each
  // block keeps its letter (the description, as written at the start) and its colour (pixels sampled on
  // its cells, off the letter, the tracks and the goal outline).
  const identity = async (desc) => {
    await load(desc);
    const seen = new Map();
    const look = () =>
      page.evaluate(() => {
        const { view, size, x0, y0, pixel } = window.probeBoard();
        const desc = window.studio.play.describe();
        const letters = desc.startsWith("rush:") ? desc.slice(5) : desc.split(":")[2].replaceAll("/", "");
        const out = [];
        [...letters].forEach((letter, cell) => {
          if (!/[A-Za-z0-9]/.test(letter) || (desc.startsWith("rush:") && (letter === "o" || letter === "x"))) return;
          const x = x0 + (cell % view.width) * size + Math.floor(size * 0.2);
          const y = y0 + Math.floor(cell / view.width) * size + Math.floor(size * 0.6);
          const [r, g, b] = pixel(x, y);
          out.push([letter, view.cells[cell], `${r},${g},${b}`]);
        });
        return { desc, out };
      });
    const check = async (moves) => {
      const { desc: now, out } = await look();
      for (const [letter, id, rgb] of out) {
        const first = seen.get(letter) ?? { id, rgb };
        seen.set(letter, first);
        if (first.id !== id || first.rgb !== rgb) {
          throw new Error(`${desc}: after ${moves} moves block ${letter} is id ${id} in ${rgb} (was ${first.id} in ${first.rgb}): ${now}`);
        }
      }
    };
    await check(0);
    const start = await page.evaluate(() => window.studio.play.describe());
    await page.focus("#board");
    let moves = 0;
    while ((await page.getAttribute("#status", "data-solved")) !== "true") {
      if (++moves > 120) throw new Error(`${desc}: not solved after 120 hints`);
      const before = await played();
      await page.keyboard.press("p");
      await page.waitForFunction((b) => document.getElementById("status").textContent !== b, before, { timeout: 30000 });
      await check(moves);
    }
    return { start, moves, blocks: seen.size };
  };
  results.identity = {
    blocks: await identity(PUZZLES.blocks),
    rush: await identity("rush:GBBoLoGHIoLMGHIAAMCCCKoMooJKDDEEJFFo"),
  };
  await shot(page, "studio-identity-rush");
  // Every car's track against the car (graphics: WCAG asks 3:1), sampled on the canvas.
  results.trackContrast = await page.evaluate(() => {
    const { view, size, x0, y0, pixel, ratio } = window.probeBoard();
    const letters = window.studio.play.describe().slice(5);
    const cars = new Map();
    [...letters].forEach((l, i) => /[A-Z]/.test(l) && cars.set(l, [...(cars.get(l) ?? []), i]));
    let worst = Infinity;
    for (const cells of cars.values()) {
      const across = cells.every((c) => Math.floor(c / view.width) === Math.floor(cells[0] / view.width));
      const [cx, cy] = [x0 + (cells[0] % view.width) * size, y0 + Math.floor(cells[0] / view.width) * size];
      const track = across ? pixel(cx + size * 0.5, cy + size * 0.85) : pixel(cx + size * 0.85, cy + size * 0.5);
      const fill = pixel(cx + size * 0.2, cy + size * 0.6);
      worst = Math.min(worst, ratio(track, fill));
    }
    return worst;
  });

  // Sudoku's pencil marks by keyboard: m, then digits at the cursor (the first cell, empty), drawn small.
  await load("sudoku:...5......85.9.2.....7.183..1.9.5...7..4..3.2.......7.53.6..78.9....3..........1.");
  await page.focus("#board");
  for (const key of ["m", "1", "4", "6"]) await page.keyboard.press(key);
  results.marks = { desc: await page.evaluate(() => window.studio.play.describe()), cell: await page.evaluate(() => window.studio.play.view.cells[0]) };
  await page.keyboard.press("m");
  await page.keyboard.press("h");
  await page.waitForFunction(() => document.getElementById("sentence").textContent.includes("["));
  await shot(page, "studio-sudoku-marks");
  // A solved board again for the buttons below (Rush Hour's three moves).
  await load(PUZZLES.rush);
  await page.focus("#board");
  while ((await page.getAttribute("#status", "data-solved")) !== "true") {
    const before = await played();
    await page.keyboard.press("p");
    await page.waitForFunction((b) => document.getElementById("status").textContent !== b, before, { timeout: 30000 });
  }

  // Undo and redo by the buttons.
  await page.click("#undo");
  if ((await page.getAttribute("#status", "data-solved")) !== "false") throw new Error("undo did not step back");
  await page.click("#redo");
  if ((await page.getAttribute("#status", "data-solved")) !== "true") throw new Error("redo did not step forward");

  // Linjat's segments against the empty cells around them (graphics: 3:1), on the solved board: each
  // segment's edge sampled beside the empty ground just outside it.
  await load(PUZZLES.linjat);
  await page.focus("#board");
  while ((await page.getAttribute("#status", "data-solved")) !== "true") {
    const before = await played();
    await page.keyboard.press("p");
    await page.waitForFunction((b) => document.getElementById("status").textContent !== b, before, { timeout: 30000 });
  }
  // The solved board opened afresh: no hint outline over the segments' edges.
  await load(await page.evaluate(() => window.studio.play.describe()));
  await shot(page, "studio-linjat-segments");
  results.segmentContrast = await page.evaluate(() => {
    const { view, size, x0, y0, pixel, ratio } = window.probeBoard();
    // Each segment's bar, as the board draws it: from end to end through its number's cell.
    const numbers = view.cells.flatMap((v, c) => (v >= 1 && v <= 9 ? [c] : []));
    const covered = new Map();
    view.cells.forEach((v, c) => {
      if (v < 10) return;
      const p = v >= 100 ? v - 100 : v - 10;
      covered.set(p, [...(covered.get(p) ?? []), c]);
    });
    let worst = Infinity;
    for (const [p, cells] of covered) {
      const all = [...cells, numbers[p]];
      const top = Math.min(...all.map((c) => Math.floor(c / view.width)));
      // The middle of its leftmost cell (a cell boundary is the grid's transparent gap).
      const left = Math.min(...all.map((c) => c % view.width));
      const x = x0 + (left + 0.5) * size;
      const y = y0 + top * size;
      worst = Math.min(worst, ratio(pixel(x, y + 8), pixel(x, y + 3)));
    }
    return worst;
  });
  // Jugs: a hint that fills from the tap outlines the tap; a goal line over the water has a white band
  // that stands out from it (the dashes alone were 2.17:1).
  await load("jugs:8,5,3:0,0,0:4,4,0:tap");
  await page.focus("#board");
  await page.keyboard.press("h");
  await page.waitForFunction(() => document.getElementById("sentence").textContent.includes("["));
  results.jugsDrawing = await page.evaluate(() => {
    const { pixel } = window.probeBoard();
    return { tapBorder: pixel(12, 36), hint: document.getElementById("sentence").textContent };
  });
  await shot(page, "studio-jugs-tap-hint");
  await load("jugs:8,5,3:8,0,0:4,4,0");
  results.jugsDrawing.goalLine = await page.evaluate(() => {
    const { canvas, pixel, ratio } = window.probeBoard();
    // Jug 1 (full, 8 of 8) and its goal 4, as the board lays them out without a tap.
    const [slot, top, bottom] = [canvas.width / 3, 40, canvas.height - 60];
    const scale = (bottom - top) / 8;
    const x = slot * 0.22 + (slot * 0.56) / 2;
    const level = bottom - 4 * scale;
    return ratio(pixel(x, level - 3), pixel(x, level - 14));
  });
  // A tiles puzzle with its own goal shows it beside the board; the default goal needs none.
  await load("tiles:3x3:1,2,3,4,5,6,7,0,8:0,1,2,3,4,5,6,7,8");
  results.tilesGoal = {
    shown: await page.isVisible("#play-goal"),
    cells: await page.locator("#play-goal-grid td").allTextContents(),
  };
  await shot(page, "studio-tiles-goal");
  await load(PUZZLES.tiles);
  results.tilesGoal.hiddenForDefault = !(await page.isVisible("#play-goal"));
  // A description the engine refuses: the sentence says why in words (no status code), rows counted from
  // 1 as the hints count them; the field is marked invalid and the board shown stays the last one opened,
  // which the sentence says; the next puzzle clears the mark.
  {
    const shown = await page.evaluate(() => window.studio.current);
    await page.click("#play-desc");
    await page.keyboard.press("Control+A");
    await page.keyboard.press("Backspace");
    await page.keyboard.type("rush:AAoooooooooooooooooooooooooooooooooo");
    await page.keyboard.press("Enter");
    results.refused = {
      sentence: await text(page, "#sentence"),
      invalid: await page.getAttribute("#play-desc", "aria-invalid"),
      kept: (await page.evaluate(() => window.studio.current)) === shown,
    };
    await shot(page, "studio-refused");
    await load(PUZZLES.tiles);
    results.refused.cleared = await page.getAttribute("#play-desc", "aria-invalid");
  }

  // Play keys belong to the board: H with a dropdown focused asks no hint, arrows there move nothing.
  await load(PUZZLES.tiles);
  await page.focus("#play-preset");
  await page.keyboard.press("h");
  await page.keyboard.press("ArrowLeft");
  results.keysOffBoard = { status: await played(), sentence: await text(page, "#sentence") };

  // Each family keeps the preset last chosen for it.
  await page.selectOption("#play-family", "jugs");
  await page.selectOption("#play-preset", "hard");
  await page.selectOption("#play-family", "tiles");
  await page.selectOption("#play-family", "jugs");
  results.presetKept = await page.inputValue("#play-preset");

  // Hargram by mouse: a piece picked in the tray, then a cell; the placed piece clicked comes off.
  await load(PUZZLES.hargram);
  const tray = await page.evaluate(() => {
    const v = window.studio.play.view;
    return { width: v.width, height: v.height };
  });
  const box = await page.locator("#board").boundingBox();
  const scale = box.width / (await page.evaluate(() => document.getElementById("board").width));
  // The tray's first slot sits below the board (drawn in the canvas' lower third), the board's first cell at the top left.
  const slot = await page.evaluate(() => window.studio.play.trayPoint?.(0));
  await page.mouse.click(box.x + slot[0] * scale, box.y + slot[1] * scale);
  const cell = await page.evaluate(() => window.studio.play.cellPoint?.(0));
  await page.mouse.click(box.x + cell[0] * scale, box.y + cell[1] * scale);
  results.hargramMouse = { placed: await played(), sentence: await text(page, "#sentence"), tray };
  await page.mouse.click(box.x + cell[0] * scale, box.y + cell[1] * scale);
  results.hargramMouse.again = await played();
  await shot(page, "studio-hargram-tray");
  // Rush Hour by mouse: the truck B, then the cell just past its right end: it slides one cell.
  {
    await load(PUZZLES.rush);
    const board = await page.locator("#board").boundingBox();
    const s = board.width / (await page.evaluate(() => document.getElementById("board").width));
    for (const at of [25, 28]) {
      const point = await page.evaluate((c) => window.studio.play.cellPoint?.(c), at);
      await page.mouse.click(board.x + point[0] * s, board.y + point[1] * s);
    }
    results.rushMouse = { played: await played(), desc: await page.evaluate(() => window.studio.play.describe()) };
    await shot(page, "studio-rush");
  }

  // Jugs by mouse: the tap then a jug fills it, a jug then the sink empties it.
  await load("jugs:8,5,3:8,0,0:4,4,0:tap");
  const jugsBox = await page.locator("#board").boundingBox();
  const clickTarget = async (target) => {
    const [x, y] = await page.evaluate((t) => window.studio.play.cellPoint(t), target);
    const size = await page.evaluate(() => document.getElementById("board").width);
    await page.mouse.click(jugsBox.x + x * (jugsBox.width / size), jugsBox.y + y * (jugsBox.height / size));
  };
  for (const target of [3, 1]) await clickTarget(target); // tap, jug 2
  results.tapFill = await page.evaluate(() => window.studio.current);
  for (const target of [0, 4]) await clickTarget(target); // jug 1, sink
  results.sinkEmpty = await page.evaluate(() => window.studio.current);

  // Linjat's rules, layer by layer, from the start; the overlay goes with the next move.
  await load(PUZZLES.linjat);
  await page.click("#rules");
  results.rules = await page.locator("#rules-list li").count();
  results.ruleNames = await page.locator("#rules-list li").allTextContents();
  await page.focus("#board");
  await page.keyboard.press("p");
  await page.waitForFunction(() => document.getElementById("status").textContent.startsWith("1 "));
  results.rulesAfterMove = await page.isVisible("#rules-panel");

  // A shared link opens the position in a new page; a bare visit restores it from the browser.
  await load(PUZZLES.blocks);
  const link = await page.evaluate(() => window.studio.link());
  const other = await context.newPage();
  await other.goto(link);
  await other.waitForSelector("body[data-ready=true]");
  results.link = { desc: await other.evaluate(() => window.studio.current), sentence: await other.locator("#sentence").textContent() };
  await other.goto(url);
  await other.waitForSelector("body[data-ready=true]");
  results.restored = { desc: await other.evaluate(() => window.studio.current), sentence: await other.locator("#sentence").textContent() };
  // Damaged storage (an edit that is not a text, packs that are not an object): the page still opens,
  // with the position that was kept.
  await other.evaluate(() => {
    const kept = JSON.parse(localStorage.getItem("lphint-studio"));
    localStorage.setItem("lphint-studio", JSON.stringify({ ...kept, edit: 42, packs: "x", curves: [1], pack: { levels: 5 }, curve: { slots: "x" } }));
  });
  await other.goto(url);
  await other.waitForSelector("body[data-ready=true]", { timeout: 10000 });
  results.damaged = { desc: await other.evaluate(() => window.studio.current) };
  await other.close();

  // Edit: a Linjat board drawn by keyboard (a dot, then a 4) and a flip board by clicks, judged live.
  await page.click("[role=tab][data-tab=edit]");
  await page.selectOption("#edit-family", "linjat");
  for (const side of ["#edit-width", "#edit-height"]) {
    await page.click(side, { clickCount: 3 });
    await page.keyboard.type("4");
  }
  await page.click("#edit-new");
  await page.focus("#edit-board");
  for (const key of ["ArrowDown", "ArrowDown", "o", "ArrowRight", "ArrowRight", "ArrowRight", "4"]) await page.keyboard.press(key);
  await page.waitForSelector("#edit-feedback[data-done=true]", { timeout: 30000 });
  results.edit.linjat = { desc: await page.inputValue("#edit-desc"), facts: await page.locator("#edit-feedback li").allTextContents() };
  await shot(page, "studio-edit-linjat");
  // Sudoku: a 4x4 grid typed in at the cursor, judged unique with its grade.
  await page.selectOption("#edit-family", "sudoku");
  await page.click("#edit-width", { clickCount: 3 });
  await page.keyboard.type("4");
  await page.click("#edit-new");
  await page.focus("#edit-board");
  const grid = ["2", "ArrowRight", "ArrowRight", "4", "ArrowDown", "ArrowLeft", "1", "ArrowDown", "ArrowDown", "ArrowLeft", "1"];
  for (const key of [...grid, "ArrowRight", "ArrowRight", "ArrowRight", "2"]) await page.keyboard.press(key);
  await page.waitForSelector("#edit-feedback[data-done=true]", { timeout: 30000 });
  results.edit.sudoku = {
    desc: await page.inputValue("#edit-desc"),
    facts: await page.locator("#edit-feedback li").allTextContents(),
    tools: await page.locator("#edit-tools button").allTextContents(),
  };
  await shot(page, "studio-edit-sudoku");
  // The last digit erased: several solutions, two of them compared cell by cell.
  await page.keyboard.press("Backspace");
  await page.waitForFunction(() => [...document.querySelectorAll("#edit-feedback li")].some((li) => li.textContent.startsWith("Two of them")), null, { timeout: 30000 });
  results.edit.sudokuAmbiguous = {
    desc: await page.inputValue("#edit-desc"),
    facts: await page.locator("#edit-feedback li").allTextContents(),
  };
  await page.selectOption("#edit-family", "flip");
  for (const side of ["#edit-width", "#edit-height"]) {
    await page.click(side, { clickCount: 3 });
    await page.keyboard.type("3");
  }
  await page.click("#edit-new");
  const editBox = await page.locator("#edit-board").boundingBox();
  const editCell = async (pane, cell) => {
    const [x, y] = await page.evaluate(([p, c]) => window.studio.edit.cellPoint(p, c), [pane, cell]);
    const size = await page.evaluate(() => document.getElementById("edit-board").width);
    await page.mouse.click(editBox.x + x * (editBox.width / size), editBox.y + y * (editBox.height / size));
  };
  for (const cell of [0, 4, 8]) await editCell(0, cell);
  await page.waitForSelector("#edit-feedback[data-done=true]", { timeout: 30000 });
  results.edit.flip = { desc: await page.inputValue("#edit-desc"), facts: await page.locator("#edit-feedback li").allTextContents() };
  await shot(page, "studio-edit-flip");
  await page.click("#edit-play");
  results.edit.played = await page.evaluate(() => window.studio.current);
  // A Rush Hour board edited: its cars keep their axes, and it plays again as the same board.
  await load(PUZZLES.rush);
  await page.click("#play-edit");
  await page.waitForSelector("#edit-feedback[data-done=true]", { timeout: 30000 });
  results.edit.rush = { desc: await page.inputValue("#edit-desc"), facts: await page.locator("#edit-feedback li").allTextContents() };
  await page.click("#edit-play");
  results.edit.rush.played = await page.evaluate(() => window.studio.current);

  // Generate: batches of 5 from a preset into the one pack (each level with its family), every rating in
  // the preset's band; the same seed again adds nothing (the levels are there already).
  await page.click("[role=tab][data-tab=generate]");
  for (const [family, preset] of [["tiles", "medium"], ["jugs", "easy"], ["tiles", "medium"]]) {
    await page.selectOption("#gen-family", family);
    await page.selectOption("#gen-preset", preset);
    await page.click("#gen-count", { clickCount: 3 });
    await page.keyboard.type("5");
    await page.click("#gen-run");
    await page.waitForSelector("#gen-state[data-done=true]", { timeout: 120000 });
    const ratings = await page.locator("#gen-results tbody tr").evaluateAll(
      (rows, f) => rows.filter((r) => r.querySelector("td.family").textContent === f).map((r) => Number(r.querySelector("td.rating").textContent)),
      family,
    );
    const band = await page.evaluate(([f, p]) => {
      const params = window.studio.family(f).presets.find((x) => x.name === p).params;
      const kv = Object.fromEntries(params.split(",").map((s) => s.split("=")));
      return [Number(kv.min), Number(kv.max)];
    }, [family, preset]);
    const outside = ratings.filter((r) => r < band[0] || r > band[1]);
    if (outside.length) throw new Error(`${family} ${preset}: ratings ${outside} outside ${band}`);
    const key = results.generated[family] ? `${family} again` : family;
    results.generated[key] = { count: ratings.length, band, state: await text(page, "#gen-state") };
  }
  // Flags are checkboxes; a long puzzle's progress moves while it is made, and Cancel stops it.
  await page.selectOption("#gen-family", "jugs");
  results.tapIsCheckbox = (await page.locator("#gen-params input[data-param=tap][type=checkbox]").count()) === 1;
  await page.selectOption("#gen-family", "linjat");
  await page.selectOption("#gen-preset", "expert");
  await page.click("#gen-count", { clickCount: 3 });
  await page.keyboard.type("1");
  // The optimizer's iterations typed well past the studio's quick 200: a puzzle that takes seconds.
  await page.fill("#gen-params input[data-param=iterations]", "100000");
  await page.click("#gen-run");
  await page.waitForFunction(() => /the next one: \d/.test(document.getElementById("gen-state").textContent), null, { timeout: 60000 });
  results.heartbeat = await text(page, "#gen-state");
  await page.click("#gen-cancel");
  await page.waitForSelector("#gen-state[data-done=true]");
  results.cancelled = await text(page, "#gen-state");
  await page.selectOption("#gen-family", "tiles");
  // Curate the pack (5 tiles, 5 jugs): its name, a level's name and tier typed in, sorted, the last
  // dragged first, one removed; then exported.
  await page.click("#pack-name", { clickCount: 3 });
  await page.keyboard.type("Morning tiles");
  await page.click("#gen-results tbody tr:nth-child(1) input[data-field=name]");
  await page.keyboard.type("Warm-up");
  await page.click("#gen-results tbody tr:nth-child(1) input[data-field=tier]");
  await page.keyboard.press("Control+A");
  await page.keyboard.type("starter");
  await page.click("#gen-sort");
  const sorted = (await page.locator("#gen-results tbody tr td.rating").allTextContents()).map(Number);
  const lastDesc = await page.locator("#gen-results tbody tr:nth-child(10) td.desc").textContent();
  await page.dragAndDrop("#gen-results tbody tr:nth-child(10)", "#gen-results tbody tr:nth-child(1)");
  const firstAfterDrag = await page.locator("#gen-results tbody tr:nth-child(1) td.desc").textContent();
  await page.click("#gen-results tbody tr:nth-child(3) button[aria-label^=remove]");
  // The ↑ button by keyboard: the level goes up and the focus goes with it, twice in a row.
  await page.focus("#gen-results tbody tr:nth-child(3) button[aria-label='move level 3 up']");
  await page.keyboard.press("Enter");
  await page.keyboard.press("Enter");
  results.moveFocus = await page.evaluate(() => document.activeElement?.getAttribute("aria-label") ?? document.activeElement?.tagName);
  results.curated = { sorted, dragged: firstAfterDrag === lastDesc, rows: await page.locator("#gen-results tbody tr").count() };
  await page.waitForSelector("#gen-curve svg");
  await shot(page, "studio-generate");
  const download = page.waitForEvent("download");
  await page.click("#gen-export");
  const saved = await download;
  results.exportName = saved.suggestedFilename();
  const file = join(artifacts, "studio.lpk");
  await saved.saveAs(file);
  results.exported = file;
  // Imported back: every level is there already, so nothing is added.
  await page.setInputFiles("#gen-import", file);
  await page.waitForFunction(() => /imported/.test(document.getElementById("gen-state").textContent));
  results.reimport = { state: await text(page, "#gen-state"), rows: await page.locator("#gen-results tbody tr").count() };
  await page.selectOption("#gen-family", "jugs");
  // The same pack whichever family the form shows, its levels of both families.
  results.rowsAfterSwitch = await page.locator("#gen-results tbody tr").count();
  results.packFamilies = [...new Set(await page.locator("#gen-results tbody td.family").allTextContents())].sort();
  results.genStateAfterSwitch = await text(page, "#gen-state");
  await page.click("#gen-clear");
  results.cleared = await page.locator("#gen-results tbody tr").count();
  // An empty pack cannot be exported (no 12-byte file of no levels).
  results.exportEmpty = await page.isDisabled("#gen-export");
  // The exported pack opened in Play lists its levels by name and tier.
  await page.click("[role=tab][data-tab=play]");
  await page.setInputFiles("#play-pack", results.exported);
  await page.waitForSelector("#play-pack-entry-label:not([hidden])");
  results.packEntries = await page.locator("#play-pack-entry option").allTextContents();
  await page.click("[role=tab][data-tab=generate]");

  // Compare on an 8-puzzle, in the worker: rows as they end, no long task on the page.
  await load("tiles:3x3:7,2,4,5,0,6,8,3,1");
  await page.click("[role=tab][data-tab=compare]");
  await page.evaluate(() => (window.longTasks = []));
  await page.click("#cmp-run");
  await page.waitForSelector("#cmp-state[data-done=true]", { timeout: 120000 });
  results.longestTask = await page.evaluate(() => Math.max(0, ...window.longTasks));
  for (const row of await page.locator("#cmp-table tbody tr").all()) {
    const algorithm = await row.getAttribute("data-algorithm");
    results.compare[algorithm] = await row.locator("td.length").textContent();
    results.proven[algorithm] = await row.locator("td.optimal").textContent();
  }
  results.flagged = await page.locator("#cmp-table tbody tr[data-flag=true]").count();
  await shot(page, "studio-compare");
  // The node cap holds for every algorithm (Korf's first 15-puzzle, far beyond 2,000 nodes).
  await load("tiles:4x4:14,13,15,7,11,12,9,5,6,0,2,1,4,8,10,3:0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15");
  await page.click("[role=tab][data-tab=compare]");
  await page.click("#cmp-cap", { clickCount: 3 });
  await page.keyboard.type("2000");
  await page.click("#cmp-run");
  await page.waitForSelector("#cmp-state[data-done=true]", { timeout: 120000 });
  results.capped = await page.evaluate(() => window.studio.compare.rows.map((r) => ({ name: r.name, expanded: r.expanded, status: r.status })));
  // Cancelled at once under a large cap: every algorithm stays listed, the unfinished ones as cancelled.
  await page.click("#cmp-cap", { clickCount: 3 });
  await page.keyboard.type("5000000");
  await page.click("#cmp-run");
  await page.click("#cmp-cancel");
  await page.waitForSelector("#cmp-state[data-done=true]", { timeout: 60000 });
  results.cancelledCompare = {
    rows: await page.locator("#cmp-table tbody tr").count(),
    cancelled: await page.locator("#cmp-table tbody tr td:nth-child(2):text-is('cancelled')").count(),
    headers: await page.locator("#cmp-table thead th").allTextContents(),
  };
  await page.click("#cmp-cap", { clickCount: 3 });
  await page.keyboard.type("200000");
  await load("tiles:3x3:7,2,4,5,0,6,8,3,1");
  await page.click("[role=tab][data-tab=compare]");
  await page.click("#cmp-run");
  await page.waitForSelector("#cmp-state[data-done=true]", { timeout: 120000 });
  // A path replayed on the scrubber: stepped back and forward by its buttons.
  await page.click("#cmp-table tbody tr[data-algorithm='A*'] button");
  await page.click("#replay-play"); // pause the autoplay
  await page.focus("#replay-step");
  await page.keyboard.press("Home");
  await page.click("#replay-forward");
  await page.click("#replay-forward");
  await page.click("#replay-back");
  results.scrubber = { label: await text(page, "#replay-label"), status: await played() };

  // Solve: the optimal solution in the worker, replayed to the goal.
  await load("tiles:3x3:7,2,4,5,0,6,8,3,1");
  await page.click("#solve");
  await page.waitForSelector("#status[data-solved=true]", { timeout: 60000 });
  results.solved = await played();
  results.solveSentence = await text(page, "#sentence");
  // A replay stopped by a move of the player's own says where it stopped.
  await load("tiles:3x3:7,2,4,5,0,6,8,3,1");
  await page.click("#solve");
  await page.waitForFunction(() => / Move ([2-9]|1\d) of 20\./.test(document.getElementById("replay-label").textContent), null, { timeout: 60000 });
  await page.focus("#board");
  for (const key of ["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown"]) await page.keyboard.press(key);
  results.stoppedSentence = await text(page, "#sentence");
  // Solve on a 24-puzzle: the beam search's solution, not called optimal.
  await load("tiles:5x5:2,8,3,5,10,11,1,23,12,9,0,17,20,7,4,6,21,13,15,14,22,16,18,19,24");
  await page.click("#solve");
  await page.waitForFunction(() => /solution/.test(document.getElementById("sentence").textContent), null, { timeout: 60000 });
  results.solveSentence24 = await text(page, "#sentence");

  // Plots for tiles (no genetic algorithm there: its panels say so); exported with their titles.
  await page.click("[role=tab][data-tab=plots]");
  // No export buttons under the empty figures; they come with the drawing.
  results.exportsBeforePlots = await page.locator(".export[data-chart=plot-solve] button").first().isVisible();
  await page.selectOption("#plot-family", "tiles");
  await page.click("#plot-count", { clickCount: 3 });
  await page.keyboard.type("2");
  await page.click("#plot-run");
  await page.waitForSelector("#plot-state[data-done=true]", { timeout: 180000 });
  results.plots = await page.locator(".plots .chart > svg").count();
  // Every word of every figure inside it (no tick label cut at the left edge), axis labels in the
  // puzzle's own unit.
  results.plotText = await page.evaluate(() => {
    const cut = [];
    for (const svg of document.querySelectorAll(".plots .chart > svg")) {
      const frame = svg.getBoundingClientRect();
      for (const t of svg.querySelectorAll("text")) {
        const box = t.getBoundingClientRect();
        if (box.width > 0 && (box.left < frame.left - 0.5 || box.right > frame.right + 0.5)) cut.push(t.textContent);
      }
    }
    const words = [...document.querySelectorAll("#plot-solve text")].map((t) => t.textContent);
    return { cut, lengthLabel: words.find((w) => w.startsWith("optimal length")) ?? null };
  });
  results.gaNote = await page.locator("#plot-ga-fitness").textContent();
  for (const [kind, magic] of [["SVG", "<svg"], ["PNG", "\u0089PNG"]]) {
    const file = page.waitForEvent("download");
    await page.click(`.export[data-chart=plot-solve] button:text-is("${kind}")`);
    const done = await file;
    const path = join(artifacts, done.suggestedFilename());
    await done.saveAs(path);
    const bytes = await readFile(path);
    if (!bytes.subarray(0, 4).toString("latin1").startsWith(magic.slice(0, 4))) throw new Error(`the ${kind} export is not ${kind}`);
    if (kind === "SVG") results.svgHasTitle = bytes.toString("utf8").includes("Solving time against optimal length");
    results.exports = (results.exports ?? 0) + 1;
  }
  await shot(page, "studio-plots");
  // Plots for Hargram: the genetic algorithm and annealing on one board and budget, against evaluations.
  await page.selectOption("#plot-family", "hargram");
  await page.click("#plot-count", { clickCount: 3 });
  await page.keyboard.type("1");
  await page.click("#plot-run");
  await page.waitForSelector("#plot-state[data-done=true]", { timeout: 180000 });
  results.hargramPlots = await page.locator(".plots .chart > svg").count();
  results.evolution = await page.locator("#plot-ga-fitness").textContent();
  await page.locator("#plot-ga-fitness").scrollIntoViewIfNeeded();
  await shot(page, "studio-plots-hargram");

  // A game's own puzzle from a JavaScript module the designer picks: compared, hinted to the goal, solved.
  await page.click("[role=tab][data-tab=play]");
  await page.setInputFiles("#play-custom", join(fileURLToPath(new URL("../..", import.meta.url)), "examples/js/geared-lock.mjs"));
  await page.waitForFunction(() => window.studio.current.startsWith("custom:"));
  await page.click("[role=tab][data-tab=compare]");
  await page.click("#cmp-run");
  await page.waitForSelector("#cmp-state[data-done=true]", { timeout: 60000 });
  results.customCompare = await page.evaluate(() => Object.fromEntries(window.studio.compare.rows.map((r) => [r.name, [r.length, r.optimal]])));
  await page.click("[role=tab][data-tab=play]");
  await page.focus("#board");
  let customMoves = 0;
  while ((await page.getAttribute("#status", "data-solved")) !== "true" && customMoves < 40) {
    const before = await played();
    await page.keyboard.press("p");
    await page.waitForFunction((b) => document.getElementById("status").textContent !== b, before, { timeout: 30000 });
    customMoves++;
  }
  results.customPlayed = customMoves;
  await page.keyboard.press("Control+z");
  await page.click("#solve");
  await page.waitForSelector("#status[data-solved=true]", { timeout: 30000 });
  results.customSolve = await text(page, "#sentence");
  await shot(page, "studio-custom");

  // Accessibility: axe-core on every tab (serious and critical findings listed).
  await page.addScriptTag({ content: axeSource });
  for (const tab of ["play", "edit", "generate", "compare", "plots"]) {
    await page.click(`[role=tab][data-tab=${tab}]`);
    const found = await page.evaluate(async () => {
      const report = await window.axe.run(document, { runOnly: ["wcag2a", "wcag2aa"] });
      return report.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
    });
    results.axe[tab] = found;
  }

  // The play page once more, for the README.
  await load(PUZZLES.linjat);
  await page.click("#hint");
  await page.waitForFunction(() => document.getElementById("sentence").textContent.includes("["));
  await shot(page, "studio");
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
