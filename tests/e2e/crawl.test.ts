import type { ConsoleMessage } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { newPage, seriousAxeViolations, sharedBrowser } from "./support/browser";

// Every page a visitor or a crawler can find, as a phone shows it: what a layout or markup change
// can break on a page no other test opens (an iframe's console warning on the contact page, a
// receipt wider than the screen).
const baseUrl = inject("baseUrl");
const browser = sharedBrowser();

describe("every page of the sitemap, on a 360-px phone", () => {
  it("loads with nothing in the console, nothing wider than the screen and no serious accessibility violation", { timeout: 480_000 }, async () => {
    const sitemap = await (await fetch(`${baseUrl}/sitemap.xml`)).text();
    const paths = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname);
    expect(paths.length).toBeGreaterThan(20);
    const page = await newPage(browser(), { width: 360, height: 800 });
    const problems: string[] = [];
    let current = "";
    const noted = (message: ConsoleMessage) => {
      if (message.type() === "error" || message.type() === "warning") problems.push(`${current}: console ${message.type()}: ${message.text()}`);
    };
    page.on("console", noted);
    page.on("pageerror", (error) => problems.push(`${current}: ${error.message}`));
    for (const path of paths) {
      current = path;
      const response = await page.goto(`${baseUrl}${path}`, { waitUntil: "load" });
      if (response?.status() !== 200) problems.push(`${path}: HTTP ${response?.status()}`);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      if (overflow > 0) problems.push(`${path}: ${overflow} px wider than the screen`);
      for (const violation of await seriousAxeViolations(page)) problems.push(`${path}: axe ${violation}`);
    }
    await page.close();
    expect(problems).toEqual([]);
  });
});
