import { describe, expect, it } from "vitest";
import { hasSinglePageState, pageState, pageStateQuery } from "../../../../../core/domain/routing/page-query.ops";

describe("pageStateQuery", () => {
  it("keeps search, page and category, in that order, and nothing else", () => {
    expect(pageStateQuery(new URLSearchParams("utm_source=x&page=2&foo=%22%3E&category=sport&search=jazz"))).toBe("?search=jazz&page=2&category=sport");
    expect(pageStateQuery({ _storyblok: "1", "_storyblok_tk[token]": "t" })).toBe("");
  });

  it("treats empty values as absent and reads only own keys of a record", () => {
    expect(pageState({ search: "", page: "3" })).toEqual({ page: "3" });
    expect(pageState(JSON.parse('{"__proto__": {"search": "x"}}') as Record<string, string>)).toEqual({});
  });
});

describe("hasSinglePageState", () => {
  it("refuses a repeated page-state parameter and ignores repeats of others", () => {
    expect(hasSinglePageState(new URLSearchParams("page=2&page=3"))).toBe(false);
    expect(hasSinglePageState(new URLSearchParams("page=2&utm=a&utm=b"))).toBe(true);
  });
});
