import { describe, expect, it } from "vitest";
import {
  FALLBACK_IMAGE,
  IMAGE_WIDTHS,
  imageSrcSet,
  imageUrl,
  intrinsicSize,
  parseImageServicePath,
} from "../../../../../core/domain/content/image-url.ops";

const CDN = "https://a.storyblok.com/f/4242/1600x900/ab12cd/photo.jpg";
const REGIONAL = "https://a-us.storyblok.com/f/4242/800x600/ef34ab/photo.png";
const LOCAL = "/a/f/4242/300x200/0a1b2c/photo.jpg";

describe("imageUrl", () => {
  it("falls back to the logo when there is no image", () => {
    expect(imageUrl(undefined)).toBe(FALLBACK_IMAGE);
    expect(imageUrl(null)).toBe(FALLBACK_IMAGE);
    expect(imageUrl("")).toBe(FALLBACK_IMAGE);
    expect(FALLBACK_IMAGE).toBe("/images/logo-black.svg");
  });

  it("builds image-service URLs for Storyblok CDN assets (any region) and the server's own assets", () => {
    expect(imageUrl(CDN, { width: 640 })).toBe(`${CDN}/m/640x0`);
    expect(imageUrl(REGIONAL, { width: 640, height: 480 })).toBe(`${REGIONAL}/m/640x480`);
    expect(imageUrl(LOCAL, { height: 100 })).toBe(`${LOCAL}/m/0x100`);
  });

  it("asks the image service for the original (optimised) without options", () => {
    expect(imageUrl(CDN)).toBe(`${CDN}/m`);
    expect(imageUrl(LOCAL, {})).toBe(`${LOCAL}/m`);
  });

  it("writes the filters in a fixed order and maps brightness onto Storyblok's -100..100", () => {
    expect(imageUrl(CDN, { width: 960, quality: 70, format: "webp", blur: 5, brightness: 75, rotate: 90 })).toBe(
      `${CDN}/m/960x0/filters:quality(70):format(webp):blur(5):brightness(50):rotate(90)`,
    );
    expect(imageUrl(CDN, { brightness: 0 })).toBe(`${CDN}/m/filters:brightness(-100)`);
    expect(imageUrl(CDN, { brightness: 50 })).toBe(`${CDN}/m/filters:brightness(0)`);
    expect(imageUrl(CDN, { brightness: 100 })).toBe(`${CDN}/m/filters:brightness(100)`);
  });

  it("keeps zero-valued quality and blur but leaves out a zero rotation", () => {
    expect(imageUrl(CDN, { quality: 0, blur: 0, rotate: 0 })).toBe(`${CDN}/m/filters:quality(0):blur(0)`);
  });

  it("passes SVGs and other hosts' images through untouched", () => {
    expect(imageUrl("https://a.storyblok.com/f/4242/64x64/aa/logo.svg", { width: 640 })).toBe("https://a.storyblok.com/f/4242/64x64/aa/logo.svg");
    expect(imageUrl("/a/f/4242/64x64/aa/logo.svg", { width: 640 })).toBe("/a/f/4242/64x64/aa/logo.svg");
    expect(imageUrl("https://images.example.test/photo.jpg", { width: 640 })).toBe("https://images.example.test/photo.jpg");
    expect(imageUrl("/images/hero.jpg", { width: 640 })).toBe("/images/hero.jpg");
    expect(imageUrl("https://evil.test/?u=https://a.storyblok.com/f/1/x.jpg", { width: 640 })).toBe("https://evil.test/?u=https://a.storyblok.com/f/1/x.jpg");
  });
});

describe("imageSrcSet", () => {
  it("offers every standard width", () => {
    expect(imageSrcSet(CDN, { format: "webp" })).toBe(IMAGE_WIDTHS.map((width) => `${CDN}/m/${width}x0/filters:format(webp) ${width}w`).join(", "));
  });

  it("never offers a width beyond the original's", () => {
    expect(imageSrcSet(CDN, {}, 1000)).toBe(`${CDN}/m/360x0 360w, ${CDN}/m/640x0 640w, ${CDN}/m/800x0 800w, ${CDN}/m/960x0 960w`);
    expect(imageSrcSet(CDN, {}, 960)).toContain("960w");
    expect(imageSrcSet(CDN, {}, 959)).not.toContain("960w");
  });

  it("has no srcset for SVGs or missing images", () => {
    expect(imageSrcSet("/a/f/1/64x64/aa/logo.svg")).toBeUndefined();
    expect(imageSrcSet("")).toBeUndefined();
    expect(imageSrcSet(null)).toBeUndefined();
    expect(imageSrcSet(undefined)).toBeUndefined();
  });
});

describe("intrinsicSize", () => {
  it("reads the original size from the asset URL", () => {
    expect(intrinsicSize(CDN)).toEqual({ width: 1600, height: 900 });
    expect(intrinsicSize(LOCAL)).toEqual({ width: 300, height: 200 });
    expect(intrinsicSize(imageUrl(CDN, { width: 640, height: 480 }))).toEqual({ width: 1600, height: 900 });
  });

  it("knows nothing for URLs without a size", () => {
    expect(intrinsicSize("https://images.example.test/photo.jpg")).toBeUndefined();
    expect(intrinsicSize("")).toBeUndefined();
    expect(intrinsicSize(null)).toBeUndefined();
    expect(intrinsicSize(undefined)).toBeUndefined();
  });
});

describe("parseImageServicePath", () => {
  it("is not an image-service request without /m", () => {
    expect(parseImageServicePath(LOCAL)).toBeUndefined();
    expect(parseImageServicePath("/a/f/4242/300x200/0a1b2c/photo.jpg/mx")).toBeUndefined();
  });

  it("reads the bare /m form as the asset without options", () => {
    expect(parseImageServicePath(`${LOCAL}/m`)).toEqual({ asset: LOCAL, options: {} });
    expect(parseImageServicePath(`${LOCAL}/m/`)).toEqual({ asset: LOCAL, options: {} });
  });

  it("reads size and filters back, zero dimensions meaning 'keep the ratio'", () => {
    expect(parseImageServicePath(`${LOCAL}/m/640x0/filters:quality(70):format(png):blur(3):brightness(-20):rotate(270)`)).toEqual({
      asset: LOCAL,
      options: { width: 640, quality: 70, format: "png", blur: 3, brightness: 40, rotate: 270 },
    });
    expect(parseImageServicePath(`${LOCAL}/m/0x120`)).toEqual({ asset: LOCAL, options: { height: 120 } });
    expect(parseImageServicePath(`${LOCAL}/m/filters:format(webp)`)).toEqual({ asset: LOCAL, options: { format: "webp" } });
  });

  it("marks unknown segments and filters as invalid, for the endpoint to refuse", () => {
    expect(parseImageServicePath(`${LOCAL}/m/big`)?.options).toMatchObject({ invalid: "big" });
    expect(parseImageServicePath(`${LOCAL}/m/filters:sepia(1)`)?.options).toMatchObject({ invalid: "sepia(1)" });
    expect(parseImageServicePath(`${LOCAL}/m/filters:quality`)?.options).toMatchObject({ invalid: "quality" });
    expect(parseImageServicePath(`${LOCAL}/m/640x0/filters:quality(80):fill(FFF)`)?.options).toEqual({ width: 640, quality: 80, invalid: "fill(FFF)" });
  });

  it("reads non-numeric values as NaN rather than guessing (the schema refuses them)", () => {
    expect(parseImageServicePath(`${LOCAL}/m/filters:quality(high)`)?.options.quality).toBeNaN();
  });
});
