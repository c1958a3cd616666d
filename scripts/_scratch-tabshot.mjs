import { launchChromium } from "./chromium.mjs";
const browser = await launchChromium();
const base = "http://127.0.0.1:4321";
const [,, width, path, ...stops] = process.argv;
const context = await browser.newContext({ viewport: { width: Number(width), height: 800 }, userAgent: "Mozilla/5.0 (X11; Linux x86_64) Chrome/156" });
const page = await context.newPage();
await page.goto(base + path);
await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
let at = 0;
for (const stop of stops.map(Number)) {
  while (at < stop) { await page.keyboard.press("Tab"); at++; }
  await page.waitForTimeout(800);
  console.log(stop, await page.evaluate(() => document.activeElement.outerHTML.slice(0, 600)));
  await page.screenshot({ path: `/tmp/shots/tab-${stop}.png` });
}
await context.close();
await browser.close();
