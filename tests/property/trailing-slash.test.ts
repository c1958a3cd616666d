import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isNonPagePath, pagePathRedirect } from "../../core/domain/routing/trailing-slash.ops";

const segment = fc.oneof(
  fc.stringMatching(/^[a-z0-9-]{1,10}$/),
  fc.stringMatching(/^[a-zA-Z0-9._~%-]{1,12}$/),
  fc.constantFrom("api", "v2", "assets", "_build", "@vite", "__x", "robots.txt", "x.pageContext.json", "es", "en", "val"),
);
const pathname = fc
  .tuple(fc.array(segment, { maxLength: 5 }), fc.boolean())
  .map(([segments, slash]) => `/${segments.join("/")}${slash && segments.length > 0 ? "/" : ""}`);
const search = fc.oneof(fc.constant(""), fc.string().map((query) => `?${query}`));

describe("pagePathRedirect", () => {
  it("is idempotent: its own output needs no further redirect", () => {
    fc.assert(
      fc.property(pathname, search, (path, query) => {
        const target = pagePathRedirect(path, query);
        if (target === undefined) return;
        const targetPath = target.slice(0, target.length - query.length);
        expect(pagePathRedirect(targetPath, query)).toBeUndefined();
      }),
    );
  });

  it("only appends a slash to the path and keeps the query string exactly", () => {
    fc.assert(
      fc.property(pathname, search, (path, query) => {
        const target = pagePathRedirect(path, query);
        if (target === undefined) return;
        expect(target.slice(0, path.length)).toBe(path);
        expect(target.charAt(path.length)).toBe("/");
        expect(target.slice(path.length + 1)).toBe(query);
      }),
    );
  });

  it("redirects exactly the page paths that lack a slash", () => {
    fc.assert(
      fc.property(pathname, search, (path, query) => {
        const redirected = pagePathRedirect(path, query) !== undefined;
        expect(redirected).toBe(!path.endsWith("/") && !isNonPagePath(path));
      }),
    );
  });
});
