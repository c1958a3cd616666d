import { describe, expect, it } from "vitest";
import { hasImage } from "../../../../../core/domain/content/asset.ops";
import type { Asset } from "../../../../../core/domain/content/asset.schema";

describe("hasImage", () => {
  it("holds an image when the asset has a filename", () => {
    const asset: Asset = { id: 1, filename: "/a/f/1/10x10/ab/x.jpg", alt: "" };
    expect(hasImage(asset)).toBe(true);
    if (hasImage(asset)) expect(asset.filename.length).toBeGreaterThan(0);
  });

  it("holds nothing for empty assets and missing fields", () => {
    expect(hasImage({ id: null, filename: "" })).toBe(false);
    expect(hasImage({ id: null, filename: null, alt: null })).toBe(false);
    expect(hasImage(undefined)).toBe(false);
    expect(hasImage(null)).toBe(false);
  });
});
