import { createElement } from "react";
import { describe, expect, it } from "vitest";
import { ContentImage, safeImageSource } from "../../../../../ui/components/content-image/ContentImage";
import { attributesOf, renderHtml } from "../../support/render";

const attributes = (html: string) => Object.fromEntries(attributesOf(html).filter((a) => a.tag === "img").map((a) => [a.name, a.value]));

describe("ContentImage", () => {
  it("serves image-service URLs with a srcset no wider than the original, its size, and lazy loading", () => {
    const img = attributes(renderHtml(createElement(ContentImage, { image: { filename: "https://a.storyblok.com/f/9/1000x500/h/stage.jpg", alt: "The stage" }, sizes: "50vw" })));
    expect(img.alt).toBe("The stage");
    expect(img.src).toBe("https://a.storyblok.com/f/9/1000x500/h/stage.jpg/m/960x0/filters:quality(75):format(webp)");
    expect(img.srcset?.split(", ").map((entry) => entry.split(" ")[1])).toEqual(["360w", "640w", "800w", "960w"]);
    expect(img).toMatchObject({ sizes: "50vw", width: "1000", height: "500", loading: "lazy", decoding: "async" });
  });

  it("loads priority images eagerly", () => {
    const img = attributes(renderHtml(createElement(ContentImage, { src: "/a/f/1/800x600/h/x.jpg", priority: true })));
    expect(img).toMatchObject({ loading: "eager", fetchpriority: "high" });
  });

  it("uses the given size for other URLs, and the black logo when there is no image", () => {
    expect(attributes(renderHtml(createElement(ContentImage, { src: "/images/plan.svg", alt: "Plan", width: 400, height: 300 })))).toMatchObject({
      src: "/images/plan.svg",
      width: "400",
      height: "300",
    });
    const fallback = attributes(renderHtml(createElement(ContentImage, { image: { filename: "" }, alt: "" })));
    expect(fallback).toMatchObject({ src: "/images/logo-black.svg", "data-fallback": "" });
    expect(fallback.srcset).toBeUndefined();
  });

  it("keeps the asset's focal point in view where the box crops the picture", () => {
    const focused = { filename: "https://a.storyblok.com/f/9/1000x500/h/stage.jpg", alt: "", focus: "100x100:140x140" };
    expect(attributes(renderHtml(createElement(ContentImage, { image: focused }))).style).toBe("object-position:12% 24%");
    expect(attributes(renderHtml(createElement(ContentImage, { image: focused, fit: "contain" }))).style).toBeUndefined();
    expect(attributes(renderHtml(createElement(ContentImage, { image: { ...focused, focus: "" } }))).style).toBeUndefined();
  });

  it("serves crops at other shapes where their media holds, around the focal point, the whole picture elsewhere", () => {
    const html = renderHtml(
      createElement(ContentImage, {
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
    for (const filename of ["/images/plan.svg", "https://example.com/hero.jpg", ""]) expect(renderHtml(createElement(ContentImage, { image: { filename }, crops }))).toMatch(/^<img /);
  });

  it("accepts only http(s) and same-site sources", () => {
    expect(safeImageSource("https://x.es/a.jpg")).toBe("https://x.es/a.jpg");
    expect(safeImageSource("/a/b.png")).toBe("/a/b.png");
    for (const bad of ["javascript:alert(1)", "data:image/png;base64,AAA", "//evil.example/x.png", "", null]) expect(safeImageSource(bad)).toBeUndefined();
  });
});
