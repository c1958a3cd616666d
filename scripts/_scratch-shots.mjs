import { launchChromium } from "./chromium.mjs";
const browser = await launchChromium();
const base = "http://127.0.0.1:4321";
const [,, out, ...paths] = process.argv;
for (const path of paths) for (const [w, h] of [[360, 800], [1280, 900]]) {
  const context = await browser.newContext({ viewport: { width: w, height: h }, userAgent: "Mozilla/5.0 (X11; Linux x86_64) Chrome/156" });
  const page = await context.newPage();
  page.on("console", (m) => m.type() === "error" && console.log("console error", path, m.text()));
  await page.goto(base + path);
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
  const name = path.replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "");
  await page.screenshot({ path: `${out}/${name}-${w}.png`, fullPage: w === 360 ? false : true });
  await context.close();
}
await browser.close();
