import { chromium } from "playwright-core";
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu"] });
const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
page.on("pageerror", (e) => console.log("PAGEERROR", String(e)));
await page.goto("http://127.0.0.1:8765/");
await page.waitForSelector("body[data-ready=true]");
for (const f of ["hargram", "jugs", "tiles"]) {
  await page.click("[role=tab][data-tab=edit]");
  await page.selectOption("#edit-family", f);
  await page.waitForTimeout(1500);
  await page.screenshot({ path: `/tmp/shots/edit-${f}.png` });
  console.log(f, await page.inputValue("#edit-desc"), JSON.stringify(await page.locator("#edit-feedback li").allTextContents()));
}
await browser.close();
