import { describe, expect, inject, it } from "vitest";
import { newPage, sharedBrowser, waitForHydration } from "./support/browser";

// A picture's `sizes` tells the browser how wide it will be shown before the style has been laid
// out, and the browser downloads the smallest candidate of its srcset that covers that width:
// claimed too wide, a phone downloads a larger file than it shows; too narrow, the picture is blurred.
const baseUrl = inject("baseUrl");
const browser = sharedBrowser();

// Every kind of picture the site shows in a layout of its own: event cards (the events grid and an
// event's related events), an event's gallery, the featured cards, both carousels, the hospitality
// and restaurant cards and a restaurant's photos (the all-blocks page has every block).
const PAGES = ["/es/", "/es/event/lua-serrano-marea-alta/", "/es/restaurants/", "/en/all-blocks/"];
// A phone, a large phone, a tablet, a small laptop and a desktop wider than the content.
const WIDTHS = [360, 412, 768, 1024, 1440];
// The gutters are fluid (4vw between 1rem and 2rem): a `sizes` follows them within a few per cent.
// A picture cropped to a box of another shape (the feature and box cards) is shown wider than its
// box: its sizes may claim up to that width. A picture served cropped at its box's shape (a page's
// hero held upright) is measured by the crop its `<source>` serves.
const TOO_NARROW = 0.93; // of the box's width
const TOO_WIDE = 1.15; // of the width the picture's crop shows

interface Picture {
  readonly picture: string;
  readonly sizes: string;
  readonly shown: number;
  /** What the picture's crop shows of it: a picture that covers a box of another shape is shown wider than its box. */
  readonly covered: number;
  readonly claimed: number;
}

describe("the pictures' sizes", () => {
  it("claim the width each picture is shown at, at phone, tablet and desktop widths", async () => {
    const page = await newPage(browser());
    const wrong: string[] = [];
    let measured = 0;
    for (const path of PAGES) {
      await page.setViewportSize({ width: WIDTHS[0]!, height: 800 });
      await page.goto(`${baseUrl}${path}`);
      await waitForHydration(page);
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 800 });
        const pictures: Picture[] = await page.$$eval("img[sizes]", (images: HTMLImageElement[]) =>
          images.map((image) => {
            // The source the browser picks: a <picture>'s first whose media holds, else the image itself.
            const chosen = [...(image.parentElement?.tagName === "PICTURE" ? image.parentElement.querySelectorAll("source") : [])].find((source) => matchMedia(source.media).matches) ?? image;
            const sizes = chosen.getAttribute("sizes") ?? "";
            // The first entry whose media condition holds, measured as the browser reads its length.
            const probe = document.createElement("div");
            probe.style.cssText = "position: absolute; visibility: hidden; height: 0";
            document.body.append(probe);
            let claimed = 0;
            for (const entry of sizes.split(/,(?![^(]*\))/).map((part) => part.trim())) {
              const conditional = /^(\([^)]*\))\s+(.+)$/.exec(entry);
              if (conditional && !matchMedia(conditional[1]!).matches) continue;
              probe.style.width = conditional ? conditional[2]! : entry;
              claimed = probe.getBoundingClientRect().width;
              break;
            }
            probe.remove();
            const box = image.getBoundingClientRect();
            // The picture's own shape, as the server wrote it from the asset's size (or its crop's).
            const intrinsicWidth = Number(chosen.getAttribute("width"));
            const intrinsicHeight = Number(chosen.getAttribute("height"));
            const cropped = getComputedStyle(image).objectFit === "cover" && intrinsicWidth > 0 && intrinsicHeight > 0;
            const covered = cropped ? Math.max(box.width, (box.height * intrinsicWidth) / intrinsicHeight) : box.width;
            return { picture: image.className, sizes, shown: box.width, covered, claimed };
          }),
        );
        for (const { picture, sizes, shown, covered, claimed } of pictures) {
          if (shown === 0) continue; // not laid out (a closed dialog)
          measured += 1;
          if (claimed < shown * TOO_NARROW || claimed > covered * TOO_WIDE) wrong.push(`${path} at ${width} px: ${picture} shown ${Math.round(shown)} px, sizes="${sizes}" claims ${Math.round(claimed)} px`);
        }
      }
    }
    expect(measured).toBeGreaterThan(100);
    expect([...new Set(wrong)]).toEqual([]);
    await page.close();
  });

  it("serve a page's hero, held upright, cropped near its slide's shape rather than 1.6–3× wider", async () => {
    const page = await newPage(browser());
    const served: string[] = [];
    // Phones, a large phone, a small tablet and a tablet, upright; then a phone on its side.
    for (const [width, height] of [[360, 740], [412, 915], [600, 960], [768, 1024], [915, 412]] as const) {
      // Off the page first: the last one's picture would pick its source again for the new viewport.
      await page.goto("about:blank");
      await page.setViewportSize({ width, height });
      const requested: string[] = [];
      const record = (request: { url(): string }) => requested.push(request.url());
      page.on("request", record);
      await page.goto(`${baseUrl}/val/`);
      const hero = page.locator("img[fetchpriority=high]");
      await hero.evaluate((image: HTMLImageElement) => image.decode());
      page.off("request", record);
      // Its preloads (one a source) and the picture agree: one download, the one shown.
      const { asset, shownUrl } = await hero.evaluate((image: HTMLImageElement) => ({ asset: image.src.split("/m/")[0]!, shownUrl: image.currentSrc }));
      expect(requested.filter((url) => url.startsWith(asset)), `${width}×${height}`).toEqual([shownUrl]);
      const { box, crop } = await hero.evaluate((image: HTMLImageElement) => {
        const shown = image.getBoundingClientRect();
        // The image service's `/m/{w}x{h}/`: both sides for a crop, 0 for "keep the proportions".
        const [cropWidth = 0, cropHeight = 0] = (/\/m\/(\d+)x(\d+)\//.exec(image.currentSrc) ?? []).slice(1).map(Number);
        return { box: { width: shown.width, height: shown.height }, crop: { width: cropWidth, height: cropHeight } };
      });
      const upright = height > width;
      expect(crop.height > 0, `${width}×${height}: ${JSON.stringify(crop)}`).toBe(upright);
      if (!upright) continue;
      // What the crop shows of itself: a crop of the slide's shape shows its whole width.
      const covered = Math.max(box.width, (box.height * crop.width) / crop.height);
      expect(covered / box.width, `${width}×${height}: a ${crop.width}×${crop.height} crop in a ${Math.round(box.width)}×${Math.round(box.height)} slide`).toBeLessThanOrEqual(1.25);
      served.push(`${width}×${height}`);
    }
    expect(served).toHaveLength(4);
    await page.close();
  });
});
