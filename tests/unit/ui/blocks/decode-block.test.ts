import { describe, expect, it } from "vitest";
import { decodeRawBlock } from "../../../../ui/blocks/decode-block";

describe("decodeRawBlock", () => {
  it("decodes known blocks, nested grid items included", () => {
    expect(decodeRawBlock({ component: "link_component", _uid: "a", label: "Go", style: "button" }, 0)).toEqual({ component: "link_component", _uid: "a", label: "Go", style: "button" });
    const grid = decodeRawBlock({ component: "grid_layout", _uid: "g", columns: "3", items: [{ component: "nope", _uid: "n" }] }, 0);
    expect(grid).toEqual({ component: "grid_layout", _uid: "g", columns: 3, items: [{ component: "unknown", _uid: "n", original: "nope" }] });
  });

  it("turns unknown components, bad fields and garbage into unknown blocks", () => {
    expect(decodeRawBlock({ component: "widget", _uid: "w" }, 0)).toEqual({ component: "unknown", _uid: "w", original: "widget" });
    expect(decodeRawBlock({ component: "link_component", _uid: "l", style: "blink" }, 0)).toEqual({ component: "unknown", _uid: "l", original: "link_component" });
    expect(decodeRawBlock("<script>", 4)).toEqual({ component: "unknown", _uid: "blok-4", original: "" });
  });
});
