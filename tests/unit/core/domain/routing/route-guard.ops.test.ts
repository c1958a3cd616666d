import { describe, expect, it } from "vitest";
import { guardRoute, safeReturnPath } from "../../../../../core/domain/routing/route-guard.ops";

const LOGIN = "/es/login/";
const user = { uid: "u1", emailVerified: true };

describe("guardRoute (SPEC §4)", () => {
  it("allows anyone on a public route", () => {
    expect(guardRoute("public", null, { path: "/es/", loginPath: LOGIN })).toEqual({ outcome: "allowed" });
    expect(guardRoute("public", user, { path: "/es/", loginPath: LOGIN })).toEqual({ outcome: "allowed" });
  });

  it("allows a signed-in user, verified or not", () => {
    expect(guardRoute("signed-in", user, { path: "/es/account/", loginPath: LOGIN })).toEqual({ outcome: "allowed" });
    expect(guardRoute("signed-in", { uid: "u2", emailVerified: false }, { path: "/es/account/", loginPath: LOGIN })).toEqual({
      outcome: "allowed",
    });
  });

  it("blocks a user whose address is not verified from a verified route, lets a verified one in, and sends anyone else to sign in", () => {
    const tickets = { path: "/es/event/gran-concert/tickets/", loginPath: LOGIN };
    expect(guardRoute("verified", { uid: "u2", emailVerified: false }, tickets)).toEqual({ outcome: "blocked", status: 403 });
    expect(guardRoute("verified", user, tickets)).toEqual({ outcome: "allowed" });
    expect(guardRoute("verified", null, tickets)).toEqual({ outcome: "redirected", to: "/es/login/?returnTo=%2Fes%2Fevent%2Fgran-concert%2Ftickets%2F" });
  });

  it("sends an anonymous visitor to the login page with an encoded return path", () => {
    expect(guardRoute("signed-in", null, { path: "/es/account/?tab=tickets&x=1", loginPath: LOGIN })).toEqual({
      outcome: "redirected",
      to: "/es/login/?returnTo=%2Fes%2Faccount%2F%3Ftab%3Dtickets%26x%3D1",
    });
  });

  it("drops a return path that could leave the site", () => {
    for (const path of ["//evil.test/", "/\\evil.test/", "https://evil.test/"]) {
      expect(guardRoute("signed-in", null, { path, loginPath: LOGIN })).toEqual({ outcome: "redirected", to: LOGIN });
    }
  });
});

describe("safeReturnPath", () => {
  it("accepts paths on this site", () => {
    for (const path of ["/", "/es/account/", "/es/account/?tab=1#orders", "/es/search/?q=a//b", "/%2F%2Fevil.test"]) {
      expect(safeReturnPath(path)).toBe(path);
    }
  });

  it("rejects protocol-relative and backslash paths", () => {
    for (const path of ["//evil.test", "///evil.test", "/\\evil.test", "/\\/evil.test", "/es\\..\\evil"]) {
      expect(safeReturnPath(path)).toBeUndefined();
    }
  });

  it("rejects schemes and relative paths", () => {
    for (const path of ["http://evil.test", "https:evil.test", "javascript:alert(1)", "evil.test/x", "./x", " /x"]) {
      expect(safeReturnPath(path)).toBeUndefined();
    }
  });

  it("rejects control characters (browsers strip tabs and newlines, turning /\\t/evil into //evil)", () => {
    for (const path of ["/\t/evil.test", "/\n/evil.test", "/es/\r\n", "/\u0000", "/x\u001f", "/x\u007f"]) {
      expect(safeReturnPath(path)).toBeUndefined();
    }
  });

  it("has nothing to return for a missing candidate", () => {
    expect(safeReturnPath(undefined)).toBeUndefined();
    expect(safeReturnPath(null)).toBeUndefined();
    expect(safeReturnPath("")).toBeUndefined();
  });
});
