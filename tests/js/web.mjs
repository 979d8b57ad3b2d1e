// The web example (examples/js/web/index.html) in headless Chromium, driven by Playwright: served from a
// loopback server, "Hint" clicked until the 8-puzzle is solved in its optimal 31 moves; a screenshot is
// kept in target/js-artifacts/ (not committed).
//   node tests/js/web.mjs        (Debian's chromium at /usr/bin/chromium, or CHROMIUM=path)
import { createServer } from "node:http";
import { readFile, mkdir } from "node:fs/promises";
import { extname, join, normalize, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

const root = fileURLToPath(new URL("../..", import.meta.url));
const types = { ".html": "text/html", ".js": "text/javascript", ".mjs": "text/javascript", ".wasm": "application/wasm" };
const server = createServer(async (req, res) => {
  const path = normalize(join(root, decodeURIComponent(new URL(req.url, "http://x").pathname)));
  if (!path.startsWith(root.endsWith(sep) ? root : root + sep)) return res.writeHead(403).end();
  try {
    const body = await readFile(path);
    res.writeHead(200, { "content-type": types[extname(path)] ?? "application/octet-stream" }).end(body);
  } catch {
    res.writeHead(404).end();
  }
});
await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
const url = `http://127.0.0.1:${server.address().port}/examples/js/web/index.html`;

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
    "--disable-component-update", "--disable-sync"],
});
let failure = null;
try {
  const page = await browser.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
  await page.goto(url);
  await page.waitForFunction(() => document.getElementById("status").textContent === "0 moves", null, { timeout: 20000 });
  let clicks = 0;
  while ((await page.getAttribute("#status", "data-solved")) !== "true") {
    if (++clicks > 40) throw new Error("not solved after 40 hints");
    const before = await page.textContent("#status");
    await page.click("#hint");
    await page.waitForFunction((b) => document.getElementById("status").textContent !== b, before, { timeout: 20000 });
  }
  const status = await page.textContent("#status");
  const sentence = await page.textContent("#sentence");
  await mkdir(join(root, "target/js-artifacts"), { recursive: true });
  await page.screenshot({ path: join(root, "target/js-artifacts/web-example.png") });
  if (errors.length) throw new Error(`page errors: ${errors.join("; ")}`);
  console.log(`${status} after ${clicks} hints; last: ${sentence}`);
} catch (e) {
  failure = e;
} finally {
  await browser.close();
  server.close();
}
if (failure) {
  console.error(failure);
  process.exit(1);
}
