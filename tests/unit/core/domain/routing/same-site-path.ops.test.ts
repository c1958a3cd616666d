import { describe, expect, it } from "vitest";
import { collapseSlashes, sameSitePath } from "../../../../../core/domain/routing/same-site-path.ops";

describe("sameSitePath", () => {
  it("keeps paths on this site, with their query and hash", () => {
    expect(sameSitePath("/es/dashboard/")).toBe("/es/dashboard/");
    expect(sameSitePath("/en/events/?page=2#list")).toBe("/en/events/?page=2#list");
  });

  it("collapses slashes and backslashes so that no path reads as another host", () => {
    expect(sameSitePath("//evil.example/a")).toBe("/evil.example/a");
    expect(sameSitePath("/\\evil.example/a")).toBe("/evil.example/a");
    expect(sameSitePath("\\\\evil.example")).toBe("/evil.example");
    expect(sameSitePath("/es//events//")).toBe("/es/events/");
  });

  it("refuses what is not a path of this site", () => {
    for (const target of ["https://evil.example/", "https://site@evil.example", "javascript:alert(1)", "evil.example", "", "/\t/evil.example", "/\n/evil.example"]) {
      expect(sameSitePath(target), target).toBeUndefined();
    }
  });
});

describe("collapseSlashes", () => {
  it("leaves the query and the hash as they are", () => {
    expect(collapseSlashes("//a//b?x=//y#//z")).toBe("/a/b?x=//y#//z");
  });
});
