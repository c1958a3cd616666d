// Screenshots of the main pages in every language at phone and desktop widths, to look at.
// Usage: node scripts/screenshots.mjs [baseUrl] [outDir]
import { mkdirSync } from "node:fs";
import { launchChromium } from "./chromium.mjs";

const base = process.argv[2] ?? "http://127.0.0.1:3000";
const outDir = process.argv[3] ?? "screenshots";
const paths = (process.env.SCREENSHOT_PATHS ?? "/,/events/,/event/lua-serrano-marea-alta/,/restaurants/,/hospitality/,/contact/,/login/,/register/,/nope/").split(",");
const viewports = { phone: { width: 360, height: 780 }, desktop: { width: 1366, height: 900 } };

mkdirSync(outDir, { recursive: true });
const browser = await launchChromium();
for (const locale of ["es", "en", "val"]) {
  for (const [name, viewport] of Object.entries(viewports)) {
    const page = await browser.newPage({ viewport });
    for (const path of paths) {
      await page.goto(`${base}/${locale}${path}`, { waitUntil: "networkidle" });
      // Scroll through the page so lazy images load before the full-page shot.
      await page.evaluate(async () => {
        for (let y = 0; y < document.body.scrollHeight; y += 600) {
          window.scrollTo({ top: y, behavior: "instant" });
          await new Promise((resolve) => setTimeout(resolve, 60));
        }
        window.scrollTo({ top: 0, behavior: "instant" });
      });
      await page.waitForLoadState("networkidle");
      const file = `${outDir}/${locale}-${name}-${path.replace(/\W+/g, "_") || "home"}.png`;
      await page.screenshot({ path: file, fullPage: true });
      console.log(file);
    }
    await page.close();
  }
}
await browser.close();
