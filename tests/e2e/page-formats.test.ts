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

describe("an evening that ends next morning (issue 49 item 15: New Year's Eve, 22:00 → 06:00, doors 21:30)", () => {
  const slug = "nit-de-cap-d-any-2026";
  const text = async (path: string) => {
    const page = await newPage(browser(), { width: 1280 });
    await page.goto(`${baseUrl}${path}`);
    await waitForHydration(page);
    const main = (await page.locator("main").innerText()).replace(/\s/g, " ");
    await page.close();
    return main;
  };

  it("shows its start and doors time in English on one clock, on its page and its card, never as two days", async () => {
    const eventPage = await text(`/en/event/${slug}/`);
    expect(eventPage).toContain("Thursday, December 31, 2026");
    expect(eventPage).toContain("10:00 PM · doors open at 9:30 PM");
    expect(eventPage).not.toContain("January 1, 2027");
    expect(eventPage).not.toContain("21:30");
    const listing = await text("/en/events/");
    expect(listing).toContain("10:00 PM · doors open at 9:30 PM");
    expect(listing).not.toContain("Jan 1, 2027");
  });

  it("is one busy evening in the calendar file, with its hours", async () => {
    const ics = (await (await fetch(`${baseUrl}/api/events/${slug}/calendar.ics?lang=en`)).text()).replace(/\r\n /g, "");
    expect(ics).toContain("TRANSP:OPAQUE");
    expect(ics).toContain("DTSTART;TZID=Europe/Madrid:20261231T220000");
    expect(ics).toContain("DTEND;TZID=Europe/Madrid:20270101T060000");
  });
});
