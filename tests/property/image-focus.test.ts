import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatFocus, parseFocus } from "../../core/domain/content/image-focus.ops";
import { focusAtFraction, focusFraction } from "../../core/domain/editor/focal-point.ops";

const size = fc.record({ width: fc.integer({ min: 1, max: 12000 }), height: fc.integer({ min: 1, max: 12000 }) });
const fraction = fc.double({ min: 0, max: 1, noNaN: true });

describe("a focal point set by pointing at a picture", () => {
  it("is a pixel inside the picture, stored as Storyblok reads it back, and found again where it was set", () => {
    fc.assert(
      fc.property(size, fraction, fraction, (picture, x, y) => {
        const focal = focusAtFraction({ x, y }, picture);
        expect(focal.left).toBeGreaterThanOrEqual(0);
        expect(focal.top).toBeGreaterThanOrEqual(0);
        expect(focal.right).toBeLessThanOrEqual(picture.width);
        expect(focal.bottom).toBeLessThanOrEqual(picture.height);
        expect(parseFocus(formatFocus(focal))).toEqual(focal);
        const found = focusFraction(focal, picture);
        expect(Math.abs(found.x - x)).toBeLessThanOrEqual(1 / picture.width);
        expect(Math.abs(found.y - y)).toBeLessThanOrEqual(1 / picture.height);
      }),
    );
  });

  it("stays inside the picture whatever the pointer reports, even outside it", () => {
    fc.assert(
      fc.property(size, fc.double(), fc.double(), (picture, x, y) => {
        const focal = focusAtFraction({ x, y }, picture);
        expect(parseFocus(formatFocus(focal))).toEqual(focal);
        expect(focal.right).toBeLessThanOrEqual(picture.width);
        expect(focal.bottom).toBeLessThanOrEqual(picture.height);
      }),
    );
  });
});
