import { describe, expect, it } from "vitest";
import { isNonPagePath, pagePathRedirect } from "../../../../../core/domain/routing/trailing-slash.ops";

describe("pagePathRedirect (SPEC §2)", () => {
  it("adds the slash to page paths and keeps the query", () => {
    expect(pagePathRedirect("/es/event/7", "")).toBe("/es/event/7/");
    expect(pagePathRedirect("/es/events", "?page=2&search=a%20b")).toBe("/es/events/?page=2&search=a%20b");
    expect(pagePathRedirect("/en", "?x")).toBe("/en/?x");
  });

  it("leaves paths that already end in a slash", () => {
    expect(pagePathRedirect("/", "")).toBeUndefined();
    expect(pagePathRedirect("/es/event/7/", "?a=1")).toBeUndefined();
  });

  it("leaves files and APIs", () => {
    expect(pagePathRedirect("/robots.txt", "")).toBeUndefined();
    expect(pagePathRedirect("/api/session", "?x=1")).toBeUndefined();
    expect(pagePathRedirect("/es/event/7/index.pageContext.json", "")).toBeUndefined();
  });
});

describe("isNonPagePath", () => {
  it("recognises the API, asset and tooling prefixes", () => {
    for (const path of ["/api/session", "/v2/cdn/stories", "/assets/app-1a2b.js", "/_build/latest", "/@vite/client", "/__inspect"]) {
      expect(isNonPagePath(path)).toBe(true);
    }
  });

  it("recognises files by their extension", () => {
    for (const path of ["/robots.txt", "/favicon.ico", "/sitemap.xml", "/x.pageContext.json", "/es/img/Photo.JPG"]) {
      expect(isNonPagePath(path)).toBe(true);
    }
  });

  it("treats other paths as pages", () => {
    for (const path of ["/", "/es/event/7", "/es/apis", "/es/api", "/event.", "/es/event.7-tickets/"]) {
      expect(isNonPagePath(path)).toBe(false);
    }
  });

  it("only looks at the last segment for an extension", () => {
    expect(isNonPagePath("/es/v1.2/event")).toBe(false);
  });
});

describe("pagePathRedirect and repeated slashes", () => {
  it("collapses slashes and backslashes into one, so the target never leaves the site", () => {
    expect(pagePathRedirect("//evil.example/a", "?x=1")).toBe("/evil.example/a/?x=1");
    expect(pagePathRedirect("/\\evil.example/a", "")).toBe("/evil.example/a/");
    expect(pagePathRedirect("/es//events/", "")).toBe("/es/events/");
    expect(pagePathRedirect("//robots.txt", "")).toBe("/robots.txt");
  });
});
