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

  it("accepts only http(s) and same-site sources", () => {
    expect(safeImageSource("https://x.es/a.jpg")).toBe("https://x.es/a.jpg");
    expect(safeImageSource("/a/b.png")).toBe("/a/b.png");
    for (const bad of ["javascript:alert(1)", "data:image/png;base64,AAA", "//evil.example/x.png", "", null]) expect(safeImageSource(bad)).toBeUndefined();
  });
});
