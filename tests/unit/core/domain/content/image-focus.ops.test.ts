import { describe, expect, it } from "vitest";
import { focusPosition, formatFocus, parseFocus } from "../../../../../core/domain/content/image-focus.ops";

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
