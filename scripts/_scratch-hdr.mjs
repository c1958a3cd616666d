import { launchChromium } from "./chromium.mjs";
const browser = await launchChromium();
const context = await browser.newContext({ viewport: { width: 360, height: 800 }, userAgent: "Mozilla/5.0 (X11; Linux x86_64) Chrome/156" });
const page = await context.newPage();
await page.goto("http://127.0.0.1:4321/val/");
await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
for (let i = 0; i < 25; i++) {
  await page.keyboard.press("Tab");
  await page.waitForTimeout(100);
  const r = await page.evaluate(() => { const h = document.querySelector("header"); const b = h.getBoundingClientRect(); return [scrollY, b.top, document.scrollingElement.scrollTop, document.body.scrollTop, document.activeElement.textContent.slice(0,20)]; });
  console.log(i + 1, JSON.stringify(r));
}
await page.waitForTimeout(1500);
console.log(await page.evaluate(() => { const h = document.querySelector("header"); return [scrollY, h.getBoundingClientRect().top]; }));
await page.screenshot({ path: "/tmp/shots/hdr.png" });
await browser.close();
