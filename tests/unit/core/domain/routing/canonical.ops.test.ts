import { describe, expect, it } from "vitest";
import { CANONICAL_QUERY_PARAMETERS, canonicalUrl } from "../../../../../core/domain/routing/canonical.ops";

describe("canonicalUrl (SPEC §2)", () => {
  it("keeps search and page by default", () => {
    expect(CANONICAL_QUERY_PARAMETERS).toEqual(["search", "page"]);
  });

  it("drops tracking and other parameters", () => {
    expect(canonicalUrl("https://arena.test", "/es/events/", "?utm_source=x&page=2&fbclid=1&search=rock")).toBe(
      "https://arena.test/es/events/?search=rock&page=2",
    );
  });

  it("has no query when nothing is kept", () => {
    expect(canonicalUrl("https://arena.test", "/es/", "?utm_source=x")).toBe("https://arena.test/es/");
    expect(canonicalUrl("https://arena.test", "/es/", "")).toBe("https://arena.test/es/");
  });

  it("drops empty values", () => {
    expect(canonicalUrl("https://arena.test", "/es/", "?search=&page=1")).toBe("https://arena.test/es/?page=1");
  });

  it("orders parameters the same whatever the request's order", () => {
    const a = canonicalUrl("https://arena.test", "/", "?page=3&search=x");
    const b = canonicalUrl("https://arena.test", "/", "search=x&page=3");
    expect(a).toBe(b);
    expect(a).toBe("https://arena.test/?search=x&page=3");
  });

  it("re-encodes values consistently", () => {
    expect(canonicalUrl("https://arena.test", "/", "?search=rock%20%26%20roll")).toBe("https://arena.test/?search=rock+%26+roll");
    expect(canonicalUrl("https://arena.test", "/", "?search=rock+%26+roll")).toBe("https://arena.test/?search=rock+%26+roll");
  });

  it("takes a custom allow-list, in its order", () => {
    expect(canonicalUrl("https://arena.test", "/", "?b=2&a=1&c=3", ["c", "a"])).toBe("https://arena.test/?c=3&a=1");
  });
});
