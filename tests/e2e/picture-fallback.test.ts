import { describe, expect, inject, it } from "vitest";
import { newPage, sharedBrowser, waitForHydration } from "./support/browser";

// SPEC §3: a picture that cannot be shown shows the black logo, whether it failed before the page
// hydrated or after, and whether the browser chose a crop of it (a hero held upright) or the whole.
const baseUrl = inject("baseUrl");
const browser = sharedBrowser();

describe("a picture that fails", () => {
  for (const [viewport, served] of [
    [{ width: 412, height: 915 }, "a crop"],
    [{ width: 1280, height: 800 }, "the whole picture"],
  ] as const) {
    it(`shows the black logo in a hero slide where it is served as ${served}`, async () => {
      const page = await newPage(browser(), viewport);
      // Every transformed picture of the image service fails; the originals are not asked for.
      await page.route(/\/a\/f\/.+\/m\//, (route) => route.fulfill({ status: 404, body: "" }));
      await page.goto(`${baseUrl}/es/`);
      await waitForHydration(page);
      const hero = page.locator("img[fetchpriority=high]");
      await expect.poll(() => hero.getAttribute("data-fallback")).toBe("");
      expect(await hero.evaluate((image: HTMLImageElement) => ({ shown: new URL(image.currentSrc).pathname, sources: image.parentElement?.querySelectorAll("source").length ?? 0 }))).toEqual({ shown: "/images/logo-black.svg", sources: 0 });
      // And the other pictures of the page, which are no <picture>.
      const card = page.locator("main article img").first();
      await card.scrollIntoViewIfNeeded();
      await expect.poll(() => card.getAttribute("data-fallback")).toBe("");
      await page.close();
    });
  }
});
