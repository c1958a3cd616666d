import { createElement } from "react";
import { describe, expect, it } from "vitest";
import { ContentPicture } from "../../../../../ui/components/content-picture/ContentPicture";
import { attributesOf, renderHtml } from "../../support/render";

const attributes = (html: string) => Object.fromEntries(attributesOf(html).filter((a) => a.tag === "img").map((a) => [a.name, a.value]));

describe("ContentPicture", () => {
  it("serves crops at other shapes where their media holds, around the focal point, the whole picture elsewhere", () => {
    const html = renderHtml(
      createElement(ContentPicture, {
        image: { filename: "/a/f/1/1600x900/h/hero.jpg", alt: "", focus: "300x400:340x440" },
        sizes: "100vw",
        crops: [
          { media: "(orientation: portrait) and (max-width: 30rem)", aspect: [2, 3], sizes: "100vw" },
          { media: "(orientation: portrait)", aspect: [4, 3], sizes: "90vw" },
        ],
      }),
    );
    expect(html).toMatch(/^<picture><source [^>]*\/><source [^>]*\/><img [^>]*\/><\/picture>$/);
    const sources = attributesOf(html)
      .filter((a) => a.tag === "source")
      .reduce<Record<string, string>[]>((list, a) => (a.name === "media" ? [...list, { media: a.value }] : (list[list.length - 1]![a.name] = a.value, list)), []);
    expect(sources).toEqual([
      { media: "(orientation: portrait) and (max-width: 30rem)", srcset: "/a/f/1/1600x900/h/hero.jpg/m/360x540/filters:quality(75):format(webp):focal(300x400:340x440) 360w, /a/f/1/1600x900/h/hero.jpg/m/600x900/filters:quality(75):format(webp):focal(300x400:340x440) 600w", sizes: "100vw", width: "600", height: "900" },
      expect.objectContaining({ media: "(orientation: portrait)", sizes: "90vw", width: "1200", height: "900" }),
    ]);
    expect(attributes(html)).toMatchObject({ sizes: "100vw", width: "1600", height: "900" });
  });

  it("serves no crop of what cannot be cropped (an SVG, another host, the fallback)", () => {
    const crops = [{ media: "(orientation: portrait)", aspect: [2, 3] as const, sizes: "100vw" }];
    for (const filename of ["/images/plan.svg", "https://example.com/hero.jpg", ""]) expect(renderHtml(createElement(ContentPicture, { image: { filename }, crops }))).toMatch(/^<img /);
  });

  it("preloads a priority picture's sources each where it alone is chosen, and the whole picture where none is", () => {
    const html = renderHtml(
      createElement(ContentPicture, {
        image: { filename: "/a/f/1/1600x900/h/hero.jpg", alt: "" },
        priority: true,
        crops: [
          { media: "(orientation: portrait) and (max-width: 30rem)", aspect: [2, 3], sizes: "100vw" },
          { media: "(orientation: portrait)", aspect: [4, 3], sizes: "100vw" },
        ],
      }),
    );
    const media = attributesOf(html).filter((a) => a.tag === "link" && a.name === "media").map((a) => a.value);
    expect(media).toEqual([
      "(orientation: portrait) and (max-width: 30rem)",
      "((orientation: portrait)) and (not ((orientation: portrait) and (max-width: 30rem)))",
      "(not ((orientation: portrait) and (max-width: 30rem))) and (not ((orientation: portrait)))",
    ]);
    expect(attributes(html)).toMatchObject({ loading: "eager", fetchpriority: "high" });
  });
});
