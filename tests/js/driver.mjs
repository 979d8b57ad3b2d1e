// What the studio's browser tests (studio.mjs, designer.mjs) share: headless Chromium, the folder for
// screenshots and downloads, and typing a description into Play the way a person does.
import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

/** target/js-artifacts/, made if missing. */
export const artifacts = join(fileURLToPath(new URL("../..", import.meta.url)), "target/js-artifacts");
await mkdir(artifacts, { recursive: true });

/** Debian's Chromium (or $CHROMIUM), headless, without the network chatter of a first run. */
export const launch = () =>
  chromium.launch({
    executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
      "--disable-component-update", "--disable-sync"],
  });

/** A screenshot of `page` as target/js-artifacts/NAME.png. */
export const shot = (page, name) => page.screenshot({ path: join(artifacts, `${name}.png`) });

/** Types `desc` into Play's description field key by key (replacing what is there), presses Enter and
 * waits until the studio plays it. */
export async function load(page, desc) {
  await page.click("[role=tab][data-tab=play]");
  await page.click("#play-desc");
  await page.keyboard.press("Control+A");
  await page.keyboard.press("Backspace");
  await page.keyboard.type(desc);
  await page.keyboard.press("Enter");
  await page.waitForFunction((d) => window.studio.current === d, desc, { timeout: 10000 });
}

/** Runs a browser test script's `body(browser, watch)` (`watch(page)` collects the page's errors), then
 * prints its results, the errors and any failure as the one JSON line tests/it/js.rs reads. */
export async function run(body) {
  const browser = await launch();
  const results = {};
  const errors = [];
  let failure = null;
  const watch = (page) => {
    page.on("pageerror", (e) => errors.push(String(e)));
    page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
    return page;
  };
  try {
    await body(browser, watch, results);
  } catch (e) {
    failure = String(e.stack ?? e);
  } finally {
    await browser.close();
  }
  console.log(JSON.stringify({ ...results, errors, failure }));
}
