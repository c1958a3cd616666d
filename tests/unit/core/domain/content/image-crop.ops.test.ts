import { describe, expect, it } from "vitest";
import { cropRegion, focusPosition, formatFocus, largestCrop, parseFocus } from "../../../../../core/domain/content/image-crop.ops";
import { croppedSources, imageUrl, parseImageServicePath } from "../../../../../core/domain/content/image-url.ops";

const HERO = "https://a.storyblok.com/f/1000001/1600x900/abc123/hero.jpg";

describe("an asset's focus", () => {
  it("reads Storyblok's {left}x{top}:{right}x{bottom}, and nothing else", () => {
    expect(parseFocus("626x389:627x390")).toEqual({ left: 626, top: 389, right: 627, bottom: 390 });
    expect(parseFocus(" 0x0:10x20 ")).toEqual({ left: 0, top: 0, right: 10, bottom: 20 });
    for (const unset of ["", null, undefined, "626x389", "a x b:c x d", "10x10:5x20", "10x20:30x10", "-1x0:2x2"]) expect(parseFocus(unset), String(unset)).toBeUndefined();
    expect(formatFocus({ left: 1, top: 2, right: 3, bottom: 4 })).toBe("1x2:3x4");
  });

  it("places a covering picture so its focal point stays in view", () => {
    expect(focusPosition({ left: 300, top: 100, right: 340, bottom: 140 }, { width: 1600, height: 900 })).toBe("20% 13%");
    expect(focusPosition({ left: 1600, top: 900, right: 1600, bottom: 900 }, { width: 1600, height: 900 })).toBe("100% 100%");
    expect(focusPosition(undefined, { width: 1600, height: 900 })).toBeUndefined();
    expect(focusPosition({ left: 1, top: 1, right: 2, bottom: 2 }, undefined)).toBeUndefined();
  });
});

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
