import { describe, expect, it } from "vitest";
import { croppedSources, cropRegion, largestCrop } from "../../../../../core/domain/content/image-crop.ops";
import { imageUrl, parseImageServicePath } from "../../../../../core/domain/content/image-url.ops";

const HERO = "https://a.storyblok.com/f/1000001/1600x900/abc123/hero.jpg";

describe("a crop to a shape", () => {
  it("is the largest of that shape, centred without a focal point", () => {
    expect(largestCrop(1600, 900, [2, 3])).toEqual({ width: 600, height: 900 });
    expect(largestCrop(1600, 900, [1, 1])).toEqual({ width: 900, height: 900 });
    expect(largestCrop(1200, 800, [16, 9])).toEqual({ width: 1200, height: 675 });
    expect(cropRegion(1600, 900, [2, 3])).toEqual({ left: 500, top: 0, width: 600, height: 900 });
  });

  it("moves towards the focal point, never out of the picture", () => {
    expect(cropRegion(1600, 900, [2, 3], { left: 400, top: 0, right: 400, bottom: 0 })).toEqual({ left: 100, top: 0, width: 600, height: 900 });
    expect(cropRegion(1600, 900, [2, 3], { left: 10, top: 10, right: 20, bottom: 20 })).toEqual({ left: 0, top: 0, width: 600, height: 900 });
    expect(cropRegion(1600, 900, [2, 3], { left: 1590, top: 10, right: 1599, bottom: 20 })).toEqual({ left: 1000, top: 0, width: 600, height: 900 });
  });
});

describe("croppedSources", () => {
  it("offers the standard widths the crop holds and the largest crop, each at the shape", () => {
    const sources = croppedSources(HERO, [2, 3], { format: "webp", quality: 75 });
    expect(sources).toEqual({
      srcSet: `${HERO}/m/360x540/filters:quality(75):format(webp) 360w, ${HERO}/m/600x900/filters:quality(75):format(webp) 600w`,
      width: 600,
      height: 900,
    });
    expect(croppedSources(HERO, [4, 3])?.srcSet.split(", ").map((candidate) => candidate.split(" ")[1])).toEqual(["360w", "640w", "800w", "960w", "1200w"]);
  });

  it("carries the focal point to the image service, which reads it back", () => {
    const focal = { left: 300, top: 100, right: 340, bottom: 140 };
    const [first] = croppedSources(HERO, [1, 1], { focal })!.srcSet.split(", ");
    expect(first).toBe(`${HERO}/m/360x360/filters:focal(300x100:340x140) 360w`);
    expect(parseImageServicePath(imageUrl(HERO, { width: 360, height: 360, focal, format: "webp" }))?.options).toEqual({ width: 360, height: 360, format: "webp", focal });
  });

  it("is undefined for what cannot be cropped: an SVG, an unknown size, another host", () => {
    expect(croppedSources("https://a.storyblok.com/f/1000001/64x64/abc/logo.svg", [1, 1])).toBeUndefined();
    expect(croppedSources("/images/photo.jpg", [1, 1])).toBeUndefined();
    expect(croppedSources("https://example.com/f/1/1600x900/abc/hero.jpg", [1, 1])).toBeUndefined();
    expect(croppedSources(undefined, [1, 1])).toBeUndefined();
  });
});
