import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { cropRegion, largestCrop } from "../../core/domain/content/image-crop.ops";

const side = fc.integer({ min: 1, max: 6000 });
const aspect = fc.tuple(fc.integer({ min: 1, max: 32 }), fc.integer({ min: 1, max: 32 }));

/** A picture, a shape to crop it to, and a focal point anywhere in it. */
const crop = fc
  .record({ width: side, height: side, aspect })
  .chain(({ width, height, aspect }) =>
    fc.record({
      width: fc.constant(width),
      height: fc.constant(height),
      aspect: fc.constant(aspect),
      focal: fc.tuple(fc.nat({ max: width - 1 }), fc.nat({ max: height - 1 }), fc.nat({ max: width - 1 }), fc.nat({ max: height - 1 })).map(([x1, y1, x2, y2]) => ({ left: Math.min(x1, x2), top: Math.min(y1, y2), right: Math.max(x1, x2), bottom: Math.max(y1, y2) })),
    }),
  );

describe("a crop to a shape", () => {
  it("stays inside the picture, has the shape asked for within a pixel, and is the largest that does", () => {
    fc.assert(
      fc.property(crop, ({ width, height, aspect, focal }) => {
        const region = cropRegion(width, height, aspect, focal);
        expect(region.left).toBeGreaterThanOrEqual(0);
        expect(region.top).toBeGreaterThanOrEqual(0);
        expect(region.left + region.width).toBeLessThanOrEqual(width);
        expect(region.top + region.height).toBeLessThanOrEqual(height);
        expect(Math.abs(region.width * aspect[1] - region.height * aspect[0])).toBeLessThanOrEqual(Math.max(aspect[0], aspect[1]));
        // One side is the picture's own, or a pixel more of the shape would not fit.
        const full = region.width === width || region.height === height;
        expect(full || region.width + 1 > (height * aspect[0]) / aspect[1]).toBe(true);
        expect(largestCrop(width, height, aspect)).toEqual({ width: region.width, height: region.height });
      }),
      { numRuns: 1000 },
    );
  });

  it("holds the focal point's centre, as near its own centre as the picture's edges let it", () => {
    fc.assert(
      fc.property(crop, ({ width, height, aspect, focal }) => {
        const region = cropRegion(width, height, aspect, focal);
        const centre = { x: (focal.left + focal.right) / 2, y: (focal.top + focal.bottom) / 2 };
        expect(centre.x).toBeGreaterThanOrEqual(region.left - 0.5);
        expect(centre.x).toBeLessThanOrEqual(region.left + region.width + 0.5);
        expect(centre.y).toBeGreaterThanOrEqual(region.top - 0.5);
        expect(centre.y).toBeLessThanOrEqual(region.top + region.height + 0.5);
        // Off-centre only where moving towards the focal point would leave the picture.
        const offX = centre.x - (region.left + region.width / 2);
        if (Math.abs(offX) > 1) expect(offX > 0 ? region.left + region.width : region.left).toBe(offX > 0 ? width : 0);
        const offY = centre.y - (region.top + region.height / 2);
        if (Math.abs(offY) > 1) expect(offY > 0 ? region.top + region.height : region.top).toBe(offY > 0 ? height : 0);
      }),
      { numRuns: 1000 },
    );
  });
});
