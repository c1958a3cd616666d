import { describe, expect, it } from "vitest";
import { formatFocus } from "../../../../../core/domain/content/image-focus.ops";
import { focusAtFraction, focusFraction } from "../../../../../core/domain/editor/focal-point.ops";

describe("a focal point the editor sets", () => {
  it("stores a point the editor sets as one pixel there, as Storyblok does, inside the picture", () => {
    const size = { width: 1600, height: 900 };
    expect(focusAtFraction({ x: 0.25, y: 0.5 }, size)).toEqual({ left: 400, top: 450, right: 401, bottom: 451 });
    expect(formatFocus(focusAtFraction({ x: 0, y: 0 }, size))).toBe("0x0:1x1");
    expect(formatFocus(focusAtFraction({ x: 1, y: 1 }, size))).toBe("1599x899:1600x900");
    expect(formatFocus(focusAtFraction({ x: -3, y: 7 }, size))).toBe("0x899:1x900");
    expect(formatFocus(focusAtFraction({ x: Number.NaN, y: 0.1 }, size))).toBe("800x90:801x91");
  });

  it("tells where a focal point is as fractions of the picture's sides", () => {
    expect(focusFraction({ left: 400, top: 450, right: 401, bottom: 451 }, { width: 1600, height: 900 })).toEqual({ x: 400.5 / 1600, y: 450.5 / 900 });
    expect(focusFraction({ left: 0, top: 0, right: 3200, bottom: 0 }, { width: 1600, height: 900 })).toEqual({ x: 1, y: 0 });
  });
});
