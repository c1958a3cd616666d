import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { BROWSER_USER_AGENT, newPage, sharedBrowser, waitForHydration } from "./support/browser";

const baseUrl = inject("baseUrl");
const browser = sharedBrowser();

/** Counts the Intl formatters the page builds, from before its first script runs. */
async function countFormattersBuilt(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const counts: string[] = [];
    (window as unknown as { formattersBuilt: string[] }).formattersBuilt = counts;
    for (const name of ["DateTimeFormat", "NumberFormat"] as const) {
      const Built = Intl[name] as unknown as new (...args: unknown[]) => object;
      function Counted(...args: unknown[]) {
        counts.push(name);
        return new Built(...args);
      }
      Counted.prototype = Built.prototype;
      Object.assign(Intl, { [name]: Counted });
    }
  });
}

const formattersBuilt = (page: Page) => page.evaluate(() => (window as unknown as { formattersBuilt: string[] }).formattersBuilt.length);

describe("dates and prices the server formatted (ui/components/i18n/locale-formats.ts)", () => {
  for (const path of ["/es/", "/val/event/lua-serrano-marea-alta/", "/en/events/"]) {
    it(`hydrate ${path} as the server wrote them, without building an Intl formatter`, async () => {
      const page = await newPage(browser(), { width: 360 });
      await countFormattersBuilt(page);
      const served = await (await fetch(`${baseUrl}${path}`, { headers: { "User-Agent": BROWSER_USER_AGENT } })).text();
      await page.goto(`${baseUrl}${path}`);
      await waitForHydration(page);
      const times = await page.locator("main time").allInnerTexts();
      expect(times.length).toBeGreaterThan(0);
      for (const time of times) expect(served).toContain(`>${time}</time>`);
      expect(await page.locator("main").innerText()).toContain("€");
      expect(await formattersBuilt(page)).toBe(0);
      await page.close();
    });
  }

  it("are formatted by the browser on a page it navigates to", async () => {
    const page = await newPage(browser());
    await countFormattersBuilt(page);
    await page.goto(`${baseUrl}/es/legal-notice/`);
    await waitForHydration(page);
    await page.locator("header nav").getByRole("link", { name: "Eventos" }).first().click();
    await page.waitForURL(`${baseUrl}/es/events/`);
    await expect.poll(() => page.locator("main time").count()).toBeGreaterThan(0);
    const served = await (await fetch(`${baseUrl}/es/events/`, { headers: { "User-Agent": BROWSER_USER_AGENT } })).text();
    for (const time of await page.locator("main time").allInnerTexts()) expect(served).toContain(`>${time}</time>`);
    expect(await formattersBuilt(page)).toBeGreaterThan(0);
    await page.close();
  });
});
