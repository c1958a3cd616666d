import { describe, expect, it } from "vitest";
import { spreadFirstLiteralsIn, spreadFirstLiteralsUnder } from "./spread-first-literals";

describe("objects made on every render do not begin with a spread (spread-first-literals.ts)", () => {
  it("finds none in ui/", () => {
    expect(spreadFirstLiteralsUnder("ui")).toEqual([]);
  });

  it("recognises each form, and leaves the others alone", () => {
    const found = (source: string) => spreadFirstLiteralsIn(source).length;
    expect(found("const o = { ...a, b };")).toBe(1);
    expect(found("const o = { ...a, ...b };")).toBe(1);
    expect(found("const o = { ...a, [key]: 1 };")).toBe(1);
    expect(found("const e = <X {...a} b={1} />;")).toBe(1);
    expect(found("const e = <X {...a}>child</X>;")).toBe(1);
    expect(found("const o = { ...a };")).toBe(0);
    expect(found("const o = { b, ...a };")).toBe(0);
    expect(found("const o = Object.assign({}, a, { b });")).toBe(0);
    expect(found("const e = <X {...a} />;")).toBe(0);
    expect(found("const e = <X b={1} {...a} />;")).toBe(0);
    expect(found("const e = <X b={1} {...a}>child</X>;")).toBe(0);
  });
});
