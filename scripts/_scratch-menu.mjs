import { launchChromium } from "./chromium.mjs";
const browser = await launchChromium();
const context = await browser.newContext({ viewport: { width: 360, height: 800 }, userAgent: "Mozilla/5.0 (X11; Linux x86_64) Chrome/156" });
const page = await context.newPage();
page.on("console", (m) => console.log("console", m.type(), m.text()));
await page.goto("http://127.0.0.1:4321/es/events/");
await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
const active = () => page.evaluate(() => { const e = document.activeElement; return `${e.tagName} ${(e.getAttribute("aria-label")||e.textContent||"").trim().slice(0,30)}`; });
for (let i = 0; i < 4; i++) await page.keyboard.press("Tab");
console.log("at", await active());
await page.keyboard.press("Enter");
await page.waitForTimeout(500);
await page.screenshot({ path: "/tmp/shots/menu-open.png" });
for (let i = 0; i < 22; i++) { console.log("tab", i, await active()); await page.keyboard.press("Tab"); }
await page.keyboard.press("Escape");
await page.waitForTimeout(400);
console.log("after esc", await active());
await browser.close();
