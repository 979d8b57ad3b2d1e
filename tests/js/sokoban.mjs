// Sokoban in the studio, in headless Chromium driven the way a person plays (key presses and clicks):
// Microban 1 walked and pushed with the arrow keys, a step into a wall refused, Ctrl+Z, a hint with the
// player's walk lit, a push into a corner then "Check my board" naming the push that lost and lighting the
// dead box; the editor drawing a level with walls, a goal, a box and the player, judged by the engine.
// Screenshots go to target/js-artifacts/sokoban-*.png. Prints one JSON line of results (tests/it/js.rs).
//   node tests/js/sokoban.mjs URL
import { launch, load, shot } from "./driver.mjs";

const url = process.argv[2];
const browser = await launch();
const results = {};
let failure = null;
const errors = [];
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  page.on("pageerror", (e) => errors.push(String(e)));
  page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
  await page.goto(url);
  await page.waitForSelector("body[data-ready=true]", { timeout: 30000 });
  const current = () => page.evaluate(() => window.studio.current);
  const position = () => page.evaluate(() => window.studio.play.puzzle.describe());
  const press = async (key) => {
    await page.focus("#board");
    await page.keyboard.press(key);
  };

  const microban1 = "sokoban:####/#-.#/#--###/#*@--#/#--$-#/#--###/####";
  await load(page, microban1);
  results.loaded = await current();
  await press("ArrowRight");
  results.stepped = await position();
  await press("ArrowDown"); // box 2 against the wall below: refused
  results.refused = await position();
  await press("Control+z");
  results.undone = await position();
  await press("h");
  await page.waitForFunction(() => /push box/.test(document.querySelector("#sentence").textContent), null, { timeout: 20000 });
  results.hint = await page.locator("#sentence").textContent();
  results.hintCells = await page.evaluate(() => [...window.studio.play.view.highlight]);
  await shot(page, "sokoban-hint");
  // Down, then right: box 2 pushed into the corner, off the goals.
  await press("ArrowDown");
  results.sentenceAfterMove = await page.locator("#sentence").textContent();
  await press("ArrowRight");
  results.cornered = await position();
  await page.click("#check");
  await page.waitForFunction(() => /^Check:/.test(document.querySelector("#sentence").textContent), null, { timeout: 30000 });
  results.check = await page.locator("#sentence").textContent();
  results.checkFacts = JSON.parse(await page.locator("#sentence").getAttribute("data-check"));
  await shot(page, "sokoban-check");

  // The editor: a new board, a goal, a box, the player moved; the engine's verdict.
  await page.click("[role=tab][data-tab=edit]");
  await page.selectOption("#edit-family", "sokoban");
  await page.click("#edit-new");
  const clickCell = async (cell) => {
    const box = await page.locator("#edit-board").boundingBox();
    const [x, y] = await page.evaluate((c) => window.studio.edit.cellPoint(0, c), cell);
    const size = await page.evaluate(() => document.getElementById("edit-board").width);
    await page.mouse.click(box.x + x * (box.width / size), box.y + y * (box.height / size));
  };
  const width = await page.evaluate(() => window.studio.edit.model.width);
  await page.click('#edit-tools button[data-tool="goal"]');
  await clickCell(width + 4);
  await page.click('#edit-tools button[data-tool="box"]');
  await clickCell(2 * width + 3);
  await page.click('#edit-tools button[data-tool="player"]');
  await clickCell(2 * width + 2);
  await page.waitForSelector("#edit-feedback[data-done=true]", { timeout: 60000 });
  results.edited = await page.inputValue("#edit-desc");
  results.verdict = await page.locator("#edit-feedback li").allTextContents();
  await shot(page, "sokoban-editor");
  // A box typed into a corner: the verdict names the dead box, as Play's check does.
  await page.fill("#edit-desc", "sokoban:######/#$--.#/#-@--#/#----#/######");
  await page.waitForFunction(() => [...document.querySelectorAll("#edit-feedback li")].some((li) => li.textContent.startsWith("Unsolvable")), null, { timeout: 30000 });
  results.cornerVerdict = await page.locator("#edit-feedback li").allTextContents();
  // A square the engine does not read: said in the board's rows and columns.
  await page.fill("#edit-desc", "sokoban:######/#$--.#/#-@X-#/#----#/######");
  await page.waitForFunction(() => [...document.querySelectorAll("#edit-feedback li")].some((li) => li.textContent.startsWith("Not a puzzle yet")), null, { timeout: 30000 });
  results.badSquare = (await page.locator("#edit-feedback li").allTextContents())[0];

  await page.click("[role=tab][data-tab=play]");
  // The room: six pushes played by the hint key; pushes are counted, not steps; Undo takes back
  // the walk after the last push, then that push; every box keeps its number and colour (the board's
  // cells, the share link and the image's drawing).
  await load(page, "sokoban:########/#------#/#-$$-$-#/#-#--#-#/#-#--.-#/#@---.-#/#----.-#/########");
  const status = () => page.locator("#status").textContent();
  const cells = () => page.evaluate(() => window.studio.play.view.cells);
  const after = [];
  for (let push = 1; push <= 6; push++) {
    const before = await status();
    await press("p");
    await page.waitForFunction((b) => document.getElementById("status").textContent !== b, before, { timeout: 30000 });
    after.push({ status: await status(), cells: await cells(), desc: await position() });
  }
  results.pushes = after.map((a) => a.status);
  // A step that pushes nothing: not a push.
  for (const arrow of ["ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight"]) {
    const here = await position();
    await press(arrow);
    if ((await status()) === "6 pushes played" && (await position()) !== here) break;
    if ((await position()) !== here) await press("Control+z"); // a push: taken back, another arrow tried
  }
  results.walkedStatus = await status();
  results.walked = (await position()) !== after[5].desc;
  await press("Control+z");
  results.walkUndone = (await position()) === after[5].desc;
  await press("Control+z");
  results.pushUndone = { status: await status(), same: (await position()) === after[4].desc, cells: JSON.stringify(await cells()) === JSON.stringify(after[4].cells) };
  results.linkAndImage = await page.evaluate(() => {
    const play = window.studio.play;
    const image = play.levelView(play.describe());
    const linked = window.studio.parse(window.studio.current);
    const same = JSON.stringify(image.cells) === JSON.stringify(play.view.cells) && JSON.stringify(Array.from(linked.cells())) === JSON.stringify(play.view.cells);
    linked.free();
    return same;
  });
  await shot(page, "sokoban-undo-by-push");

  // A box keeps its colour on a goal (it was drawn green there, like box 2 everywhere).
  await load(page, "sokoban:######/#@$-.#/######");
  const boxColour = (cell) =>
    page.evaluate((c) => {
      const play = window.studio.play;
      const [x, y] = play.cellPoint(c);
      const size = play.cellPoint(c + 1)[0] - x;
      const [r, g, b] = play.canvas.getContext("2d").getImageData(Math.round(x - 0.34 * size), Math.round(y), 1, 1).data;
      return [r, g, b];
    }, cell);
  const offGoal = await boxColour(8);
  await press("ArrowRight");
  await press("ArrowRight");
  results.boxColour = { offGoal, onGoal: await boxColour(10), solved: await page.getAttribute("#status", "data-solved") };
  await shot(page, "sokoban-box-on-goal");

  // Rush Hour by keys: a car clicked, then slid four cells with the arrow key: one move.
  await load(page, "rush:ooooooooooooAAoooooooooooooooooooooo");
  const box = await page.locator("#board").boundingBox();
  const [x, y] = await page.evaluate(() => window.studio.play.cellPoint(12));
  const size = await page.evaluate(() => document.getElementById("board").width);
  await page.mouse.click(box.x + x * (box.width / size), box.y + y * (box.height / size));
  for (let i = 0; i < 4; i++) await press("ArrowRight");
  results.rushKeys = await status();

  // XSokoban 4 with the hint search held to 20,000 nodes: the partial hint, said as such, its box lit.
  const xsokoban4 = "sokoban:-----------########/-----------#--....#/############--....#/#----#--$-$---....#/#-$$$#$--$-#--....#/#--$-----$-#--....#/#-$$-#$-$-$########/#--$-#-----#/##-#########/#----#----##/#-----$---##/#--$$#$$--@#/#----#----##/###########";
  await load(page, xsokoban4);
  await page.evaluate(() => window.studio.play.puzzle.setNodeLimit(20000));
  await page.focus("#board");
  await page.keyboard.press("h");
  await page.waitForFunction(() => /partial hint/.test(document.getElementById("sentence").textContent), null, { timeout: 60000 });
  results.partial = { sentence: await page.locator("#sentence").textContent(), lit: await page.evaluate(() => window.studio.play.view.highlight.size) };
  await shot(page, "sokoban-partial-hint");
} catch (e) {
  failure = String(e.stack ?? e);
} finally {
  await browser.close();
}
console.log(JSON.stringify({ ...results, errors, failure }));
