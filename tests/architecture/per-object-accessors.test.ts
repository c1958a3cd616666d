import { describe, expect, it } from "vitest";
import { perObjectAccessorsIn, perObjectAccessorsUnder } from "./per-object-accessors";

describe("objects made on every render get no accessors of their own (per-object-accessors.ts)", () => {
  it("finds none in ui/ or core/, whose code runs in every render", () => {
    expect([...perObjectAccessorsUnder("ui"), ...perObjectAccessorsUnder("core")]).toEqual([]);
  });

  it("recognises each form, and leaves the others alone", () => {
    const found = (source: string) => perObjectAccessorsIn(source).length;
    expect(found("const o = { get size() { return n; } };")).toBe(1);
    expect(found("const o = { a: 1, set size(v) { n = v; } };")).toBe(1);
    expect(found("Object.defineProperty(o, 'size', { get: () => n });")).toBe(1);
    expect(found("Object.defineProperties(o, { size: { get: () => n } });")).toBe(1);
    expect(found("Object.defineProperty(o, 'size', descriptor);")).toBe(1);
    expect(found("Reflect.defineProperty(o, 'size', { get() { return n; } });")).toBe(1);
    expect(found("const o = { size: n, get: () => n };")).toBe(0);
    expect(found("class Cache { get size() { return 1; } }")).toBe(0);
    expect(found("const d = map.get(key);")).toBe(0);
    expect(found("Object.defineProperty(o, 'size', { value: n, enumerable: false });")).toBe(0);
    expect(found("Object.defineProperties(o, { size: { value: n } });")).toBe(0);
  });
});
