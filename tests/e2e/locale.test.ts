import { describe, expect, inject, it } from "vitest";
import { expectAccessible, newPage, waitForHydration, sharedBrowser } from "./support/browser";

const baseUrl = inject("baseUrl");
const browser = sharedBrowser();

describe("languages", () => {
  it("detects the browser's language on first access", async () => {
    const page = await newPage(browser(), { locale: "ca-ES" });
    await page.goto(`${baseUrl}/`);
    expect(new URL(page.url()).pathname).toBe("/val/");
    expect(await page.getAttribute("html", "lang")).toBe("ca-ES-valencia");
    await expect(page.locator("h1").textContent()).resolves.toMatch(/^Túria Arena — Concerts, esport i espectacles/);
    await page.close();
  });

  for (const [locale, heading, lang] of [
    ["es", /^Túria Arena — Conciertos, deporte y espectáculos/, "es-ES"],
    ["en", /^Túria Arena — Concerts, sport and shows/, "en-US"],
    ["val", /^Túria Arena — Concerts, esport i espectacles/, "ca-ES-valencia"],
  ] as const) {
    it(`serves the home page in ${locale} with alternates and canonical`, async () => {
      const page = await newPage(browser());
      // The home page has no listing, so only parameters it ignores can be added (a `page` is a 404).
      await page.goto(`${baseUrl}/${locale}/?utm_source=x`);
      expect(await page.getAttribute("html", "lang")).toBe(lang);
      await expect(page.locator("h1").textContent()).resolves.toMatch(heading);
      const alternates = await page.$$eval('link[rel="alternate"]', (links) =>
        links.map((link) => [link.getAttribute("hreflang"), new URL(link.getAttribute("href")!).pathname]),
      );
      expect(alternates).toEqual([
        ["es-ES", "/es/"],
        ["en-US", "/en/"],
        ["ca-ES-valencia", "/val/"],
        ["x-default", "/es/"],
      ]);
      const canonical = await page.getAttribute('link[rel="canonical"]', "href");
      expect(canonical).toBe(`${baseUrl}/${locale}/`);
      await expectAccessible(page);
      await page.close();
    });
  }

  it("switches language on the same page, keeps the query and remembers the choice", async () => {
    const page = await newPage(browser(), { locale: "es-ES" });
    await page.goto(`${baseUrl}/es/events/?page=2`);
    await waitForHydration(page);
    await page.locator('[data-locale="en"]').first().click();
    await page.waitForURL(`${baseUrl}/en/events/?page=2`);
    // The address changes as the navigation starts; the page in English follows.
    await page.getByRole("heading", { level: 1, name: "Events", exact: true }).waitFor({ timeout: 5000 });
    await page.waitForFunction(() => document.documentElement.lang === "en-US");
    const cookie = (await page.context().cookies()).find((candidate) => candidate.name === "arena_locale");
    expect(cookie).toMatchObject({ value: "en", path: "/", sameSite: "Lax" });
    // 365 days, give or take the test's own duration.
    expect(cookie!.expires * 1000 - Date.now()).toBeGreaterThan(364 * 24 * 3600 * 1000);

    await page.goto(`${baseUrl}/`);
    expect(new URL(page.url()).pathname).toBe("/en/");
    await page.close();
  });

  it("formats the footer year and texts in Valencian", async () => {
    const page = await newPage(browser());
    await page.goto(`${baseUrl}/val/`);
    await expect(page.locator("footer").textContent()).resolves.toContain("Tots els drets reservats");
    await page.close();
  });
});
