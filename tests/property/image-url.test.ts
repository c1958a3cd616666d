import { Schema } from "effect";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ImageOptions } from "../../core/domain/content/image-options.schema";
import { imageUrl, parseImageServicePath } from "../../core/domain/content/image-url.ops";

const hex = fc.stringMatching(/^[0-9a-f]{6,12}$/);
const name = fc.stringMatching(/^[a-z0-9][a-z0-9_-]{0,20}$/);
const extension = fc.constantFrom("jpg", "jpeg", "png", "webp", "gif");
const dimension = fc.integer({ min: 1, max: 9000 });

/** Assets the image service serves: Storyblok's CDN (any region) and the embedded server's /a/f/. */
const asset = fc
  .record({
    base: fc.constantFrom("https://a.storyblok.com/f/", "https://a-us.storyblok.com/f/", "https://a-ap.storyblok.com/f/", "/a/f/"),
    space: fc.integer({ min: 1, max: 9_999_999 }),
    width: dimension,
    height: dimension,
    hash: hex,
    name,
    extension,
  })
  .map((a) => `${a.base}${a.space}/${a.width}x${a.height}/${a.hash}/${a.name}.${a.extension}`);

const percent = fc.integer({ min: 0, max: 100 });
const coordinate = fc.integer({ min: 0, max: 100_000 });
const focal = fc.tuple(coordinate, coordinate, coordinate, coordinate).map(([x1, y1, x2, y2]) => ({ left: Math.min(x1, x2), top: Math.min(y1, y2), right: Math.max(x1, x2), bottom: Math.max(y1, y2) }));

/** Any options the ImageOptions schema accepts (brightness maps ×2 around 50, exactly invertible for integers). */
const options: fc.Arbitrary<ImageOptions> = fc.record(
  {
    width: fc.integer({ min: 1, max: 4000 }),
    height: fc.integer({ min: 0, max: 4000 }),
    quality: percent,
    blur: percent,
    brightness: percent,
    rotate: fc.constantFrom(0 as const, 90 as const, 180 as const, 270 as const),
    format: fc.constantFrom("webp" as const, "png" as const, "jpeg" as const),
    focal,
  },
  { requiredKeys: [] },
);

/** A zero height (keep the ratio) and a zero rotation are the same as leaving them out. */
function normalised(input: ImageOptions): Record<string, unknown> {
  const result: Record<string, unknown> = { ...input };
  if (result.height === 0) delete result.height;
  if (result.rotate === 0) delete result.rotate;
  return result;
}

describe("image-service URLs", () => {
  it("parseImageServicePath reads back the asset and options imageUrl wrote", () => {
    fc.assert(
      fc.property(asset, options, (filename, imageOptions) => {
        const parsed = parseImageServicePath(imageUrl(filename, imageOptions));
        expect(parsed).toEqual({ asset: filename, options: normalised(imageOptions) });
      }),
      { numRuns: 500 },
    );
  });

  it("the options read back are valid ImageOptions", () => {
    fc.assert(
      fc.property(asset, options, (filename, imageOptions) => {
        const parsed = parseImageServicePath(imageUrl(filename, imageOptions));
        const decoded = Schema.decodeUnknownResult(ImageOptions)(parsed?.options ?? {});
        expect(decoded._tag).toBe("Success");
      }),
    );
  });
});
