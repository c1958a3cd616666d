import { launchChromium } from "./chromium.mjs";
const browser = await launchChromium();
const base = "http://127.0.0.1:4321";
const [,, width, count, ...paths] = process.argv;
for (const path of paths) {
  const context = await browser.newContext({ viewport: { width: Number(width), height: 800 }, userAgent: "Mozilla/5.0 (X11; Linux x86_64) Chrome/156" });
  const page = await context.newPage();
  await page.goto(base + path);
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
  console.log("==", path);
  for (let i = 0; i < Number(count); i++) {
    await page.keyboard.press("Tab");
    const info = await page.evaluate(() => {
      const el = document.activeElement;
      if (!el || el === document.body) return "body";
      const r = el.getBoundingClientRect();
      const s = getComputedStyle(el);
      const visibleFocus = s.outlineStyle !== "none" && s.outlineWidth !== "0px" || s.boxShadow !== "none";
      const inView = r.bottom > 0 && r.top < innerHeight && r.right > 0 && r.left < innerWidth && r.width > 0 && r.height > 0;
      const label = (el.getAttribute("aria-label") || el.textContent || el.getAttribute("name") || "").trim().replace(/\s+/g, " ").slice(0, 50);
      return `${el.tagName.toLowerCase()}${el.getAttribute("role") ? "[" + el.getAttribute("role") + "]" : ""} "${label}" ${visibleFocus ? "" : "NO-FOCUS-STYLE "}${inView ? "" : "OFFSCREEN " + Math.round(r.left) + "," + Math.round(r.top) + " " + Math.round(r.width) + "x" + Math.round(r.height)}`;
    });
    console.log(i + 1, info);
  }
  await context.close();
}
await browser.close();
