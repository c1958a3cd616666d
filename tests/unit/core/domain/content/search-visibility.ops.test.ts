import { describe, expect, it } from "vitest";
import { isHiddenFromSearch } from "../../../../../core/domain/content/search-visibility.ops";

describe("isHiddenFromSearch", () => {
  it("is true only when the editor ticked the box", () => {
    expect(isHiddenFromSearch({ component: "page", no_index: true })).toBe(true);
    expect(isHiddenFromSearch({ component: "page", no_index: false })).toBe(false);
    expect(isHiddenFromSearch({ component: "page" })).toBe(false);
  });

  it("takes nothing else for a yes: not a text, not a missing page", () => {
    expect(isHiddenFromSearch({ component: "page", no_index: "true" })).toBe(false);
    expect(isHiddenFromSearch(undefined)).toBe(false);
    expect(isHiddenFromSearch(null)).toBe(false);
  });
});
