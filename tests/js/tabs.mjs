// Two tabs of the studio at once, in headless Chromium, the way the issue lost work: tab A generates
// three Sokoban levels while tab B, opened before, renames the pack; B sees A's levels without a reload,
// and a third tab opened afterwards holds both. Then both tabs change the pack at the same moment (B names
// a level while A, its storage event not yet in, removes another and adds a Linjat level): nothing either
// did is lost. A reload of A loses nothing, and undo survives it. Prints one JSON line of results
// (tests/it/js.rs).
//   node tests/js/tabs.mjs URL
import { load, run, shot } from "./driver.mjs";

const url = process.argv[2];
await run(async (browser, watch, results) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const open = async () => {
    const page = watch(await context.newPage());
    await page.goto(url);
    await page.waitForSelector("body[data-ready=true]", { timeout: 30000 });
    await page.click("[role=tab][data-tab=generate]");
    return page;
  };
  const rows = (page) => page.locator("#gen-results tbody tr").count();
  const families = (page) => page.locator("#gen-results tbody td.family").allTextContents();
  const [a, b] = [await open(), await open()];

  // Tab A: three Sokoban levels of the easy preset.
  await a.selectOption("#gen-family", "sokoban");
  await a.selectOption("#gen-preset", "easy");
  await a.fill("#gen-count", "3");
  await a.click("#gen-run");
  await a.waitForSelector("#gen-state[data-done=true]", { timeout: 120000 });
  results.madeInA = await rows(a);

  // Tab B, opened before A made them: sees them without a reload, and renames the pack.
  await b.waitForFunction((n) => document.querySelectorAll("#gen-results tbody tr").length === n, results.madeInA, { timeout: 10000 });
  results.seenInB = await rows(b);
  await b.click("#pack-name", { clickCount: 3 });
  await b.keyboard.type("Game by B");
  await shot(b, "tabs-b-sees-a");

  // A third tab, opened now: both changes.
  const c = await open();
  results.inC = { rows: await rows(c), name: await c.inputValue("#pack-name") };

  // At the same moment: A does not hear of B's next change (its storage events held back) while B names
  // level 1 and A removes level 2 and adds a Linjat level; then A's events come in.
  await a.evaluate(() => {
    window.heldEvents = [];
    window.addEventListener("storage", (e) => window.heldEvents && (e.stopImmediatePropagation(), window.heldEvents.push(e)), { capture: true });
  });
  await b.click("#gen-results tbody tr:nth-child(1) input[data-field=name]");
  await b.keyboard.type("First box");
  const removed = await a.locator("#gen-results tbody tr:nth-child(2) td.desc").textContent();
  await a.click("#gen-results tbody tr:nth-child(2) button[aria-label^=remove]");
  await a.selectOption("#gen-family", "linjat");
  await a.fill("#gen-count", "1");
  await a.click("#gen-run");
  await a.waitForSelector("#gen-state[data-done=true]", { timeout: 120000 });
  await a.evaluate(() => {
    const held = window.heldEvents;
    window.heldEvents = null;
    for (const e of held) window.dispatchEvent(new StorageEvent("storage", { key: e.key, newValue: e.newValue }));
  });
  const merged = async (page) => ({
    families: await families(page),
    firstName: await page.inputValue("#gen-results tbody tr:nth-child(1) input[data-field=name]"),
    packName: await page.inputValue("#pack-name"),
    removedGone: !(await page.locator("#gen-results tbody td.desc").allTextContents()).includes(removed),
  });
  await b.waitForFunction(() => document.querySelectorAll("#gen-results tbody tr").length === 3, null, { timeout: 10000 });
  results.merged = { a: await merged(a), b: await merged(b) };
  await shot(a, "tabs-merged");

  // A reloaded: everything is still there.
  await a.reload();
  await a.waitForSelector("body[data-ready=true]", { timeout: 30000 });
  await a.click("[role=tab][data-tab=generate]");
  results.merged.reloaded = await merged(a);

  // A studio that kept a pack per family (before one pack held every family): its packs come back as one
  // pack of the same levels, each under its family, nothing dropped.
  await a.evaluate(() => {
    const kept = JSON.parse(localStorage.getItem("lphint-studio"));
    const packs = {};
    for (const { family, ...level } of kept.pack.levels) {
      packs[family] ??= { name: `${family} levels`, levels: [] };
      packs[family].levels.push(level);
    }
    delete kept.pack;
    delete kept.curve;
    localStorage.setItem("lphint-studio", JSON.stringify({ ...kept, packs }));
  });
  await a.reload();
  await a.waitForSelector("body[data-ready=true]", { timeout: 30000 });
  await a.click("[role=tab][data-tab=generate]");
  results.migrated = { families: await families(a), name: await a.inputValue("#pack-name") };

  // Undo survives a reload: two moves played in Play, an edit in Edit; reloaded, both undo.
  const start = "tiles:3x3:1,2,3,4,5,6,0,7,8";
  await load(a, start);
  await a.focus("#board");
  for (const move of await a.evaluate(() => window.studio.play.puzzle.moves().slice(0, 1))) await a.evaluate((m) => window.studio.play.play(m), move);
  await a.evaluate(() => window.studio.play.play(window.studio.play.puzzle.moves()[0]));
  const played = await a.evaluate(() => window.studio.play.puzzle.describe());
  await a.click("#play-edit");
  await a.waitForSelector("#edit:not([hidden])");
  const edited = await a.inputValue("#edit-desc");
  await a.fill("#edit-desc", "tiles:3x3:1,2,3,4,5,6,7,0,8");
  await a.waitForFunction(() => !document.getElementById("edit-undo").disabled);
  const afterEdit = await a.inputValue("#edit-desc");
  await a.reload();
  await a.waitForSelector("body[data-ready=true]", { timeout: 30000 });
  results.reloadedEdit = { changed: afterEdit !== edited, same: (await a.inputValue("#edit-desc")) === afterEdit };
  await a.click("#edit-undo");
  results.reloadedEdit.undone = (await a.inputValue("#edit-desc")) === edited;
  await a.click("[role=tab][data-tab=play]");
  results.reloadedPlay = { same: (await a.evaluate(() => window.studio.play.puzzle.describe())) === played, status: await a.locator("#status").textContent() };
  await a.click("#undo");
  await a.click("#undo");
  results.reloadedPlay.backToStart = (await a.evaluate(() => window.studio.play.puzzle.describe())) === start;
});
