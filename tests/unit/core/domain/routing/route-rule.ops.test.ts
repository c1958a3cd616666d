import { describe, expect, it } from "vitest";
import { matchRouteRule } from "../../../../../core/domain/routing/route-rule.ops";
import type { RouteRule } from "../../../../../core/domain/routing/route-rule.schema";

const RULES: RouteRule[] = [
  { from: "/old-events/", to: "/es/events/" },
  { from: "/tickets/", to: "https://tickets.example.com/arena", status: 302 },
  { from: "/promo/", to: "/es/promo-2026/", status: 308 },
  { from: "/promo/", to: "/never/" },
];

describe("matchRouteRule (SPEC §2)", () => {
  it("redirects an internal rule with 301 and carries the query over", () => {
    expect(matchRouteRule("/old-events/", "?page=2", RULES)).toEqual({ location: "/es/events/?page=2", status: 301, external: false });
  });

  it("redirects an external rule to its exact URL, without the query", () => {
    expect(matchRouteRule("/tickets/", "?utm=1", RULES)).toEqual({
      location: "https://tickets.example.com/arena",
      status: 302,
      external: true,
    });
  });

  it("uses the first matching rule and its status", () => {
    expect(matchRouteRule("/promo/", "", RULES)).toEqual({ location: "/es/promo-2026/", status: 308, external: false });
  });

  it("matches the path exactly", () => {
    expect(matchRouteRule("/old-events", "", RULES)).toBeUndefined();
    expect(matchRouteRule("/old-events/x/", "", RULES)).toBeUndefined();
    expect(matchRouteRule("/anything/", "", [])).toBeUndefined();
  });

  it("treats any scheme with // as external", () => {
    const rules: RouteRule[] = [{ from: "/a/", to: "HTTP://x.test/" }, { from: "/b/", to: "web+app://open" }];
    expect(matchRouteRule("/a/", "?q", rules)?.external).toBe(true);
    expect(matchRouteRule("/b/", "?q", rules)).toEqual({ location: "web+app://open", status: 301, external: true });
  });
});

describe("matchRouteRule edge cases", () => {
  it("merges the request's query into a target that has its own", () => {
    expect(matchRouteRule("/a/", "?b=2", [{ from: "/a/", to: "/x/?a=1#top" }])?.location).toBe("/x/?a=1&b=2#top");
  });

  it("treats a protocol-relative target as external and leaves it as configured", () => {
    expect(matchRouteRule("/a/", "?b=2", [{ from: "/a/", to: "//elsewhere.example/x" }])).toEqual({
      location: "//elsewhere.example/x",
      status: 301,
      external: true,
    });
  });
});
