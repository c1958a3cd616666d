import { describe, expect, it } from "vitest";
import { safeClassNames, safeColor, safeCount, safeId, safeLanguage } from "../../../../../ui/components/rich-text/rich-text-attrs";

describe("rich-text attribute checks", () => {
  it("accepts hex, rgb/hsl and named colours only", () => {
    expect(safeColor("#fa0")).toBe("#fa0");
    expect(safeColor("#FFAA0080")).toBe("#FFAA0080");
    expect(safeColor("rgb(255, 0, 10)")).toBe("rgb(255, 0, 10)");
    expect(safeColor("hsl(120 50% 40%)")).toBe("hsl(120 50% 40%)");
    expect(safeColor("Crimson")).toBe("crimson");
    for (const bad of ["red;x:y", "url(javascript:alert(1))", "expression(alert(1))", "inherit", "#12", "rgb(1,2)", 42, null]) expect(safeColor(bad)).toBeUndefined();
  });

  it("keeps ids, classes and languages to safe characters", () => {
    expect(safeId('a b"<c>-_1')).toBe("abc-_1");
    expect(safeId("  ")).toBeUndefined();
    expect(safeClassNames("lead  2bad big-text <x>")).toBe("rt-lead rt-big-text");
    expect(safeClassNames("!!")).toBeUndefined();
    expect(safeLanguage("language-typescript")).toBe("typescript");
    expect(safeLanguage("c++")).toBe("c++");
    expect(safeLanguage('js" onload="x')).toBeUndefined();
  });

  it("reads counts as positive integers within bounds", () => {
    expect(safeCount(2, 10)).toBe(2);
    expect(safeCount("3", 10)).toBe(3);
    for (const bad of [0, -1, 1.5, "2x", 11, "1e3", Number.NaN]) expect(safeCount(bad, 10)).toBeUndefined();
  });
});
