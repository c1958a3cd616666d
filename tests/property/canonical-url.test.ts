import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { canonicalUrl } from "../../core/domain/routing/canonical.ops";

const ORIGIN = "https://arena.test";
const key = fc.oneof(fc.constantFrom("search", "page", "utm_source", "fbclid", "Page", "SEARCH", "q", "page[]", " page"), fc.string({ maxLength: 6 }));
const value = fc.oneof(fc.constantFrom("", "1", "rock & roll", "a=b", "ñ", "%", "+"), fc.string({ maxLength: 8 }));
const pair = fc.tuple(key, value);

const queryOf = (pairs: ReadonlyArray<readonly [string, string]>) => new URLSearchParams(pairs.map(([k, v]) => [k, v])).toString();
const keptParameters = (url: string) => [...new URL(url).searchParams.entries()];

describe("canonicalUrl", () => {
  it("keeps only search and page, once each, in that order", () => {
    fc.assert(
      fc.property(fc.oneof(fc.array(pair, { maxLength: 10 }).map(queryOf), fc.string()), (search) => {
        const url = canonicalUrl(ORIGIN, "/es/events/", search);
        const names = keptParameters(url).map(([name]) => name);
        expect(["search", "page"].filter((name) => names.includes(name))).toEqual(names);
        expect(url.startsWith(`${ORIGIN}/es/events/`)).toBe(true);
      }),
    );
  });

  it("keeps each allowed parameter's first value, unless it is empty", () => {
    fc.assert(
      fc.property(fc.array(pair, { maxLength: 10 }), fc.boolean(), (pairs, withQuestionMark) => {
        const query = queryOf(pairs);
        const kept = new Map(keptParameters(canonicalUrl(ORIGIN, "/", withQuestionMark ? `?${query}` : query)));
        for (const name of ["search", "page"]) {
          const first = pairs.find(([k]) => k === name)?.[1];
          expect(kept.get(name)).toBe(first === undefined || first === "" ? undefined : first);
        }
      }),
    );
  });

  it("is stable under reordering of the request's parameters", () => {
    // A reordering that keeps repeated names in their relative order (the first value is the one kept).
    const reordered = fc.array(pair, { maxLength: 10 }).chain((pairs) =>
      fc.shuffledSubarray(pairs, { minLength: pairs.length, maxLength: pairs.length }).map((shuffled) => {
        const queues = new Map<string, string[]>();
        for (const [k, v] of pairs) queues.set(k, [...(queues.get(k) ?? []), v]);
        const restored = shuffled.map(([k]) => [k, queues.get(k)?.shift() ?? ""] as const);
        return [pairs, restored] as const;
      }),
    );
    fc.assert(
      fc.property(reordered, ([original, shuffled]) => {
        expect(canonicalUrl(ORIGIN, "/es/", queryOf(shuffled))).toBe(canonicalUrl(ORIGIN, "/es/", queryOf(original)));
      }),
    );
  });

  it("is a fixed point: the canonical URL's own query gives the same URL", () => {
    fc.assert(
      fc.property(fc.array(pair, { maxLength: 10 }), (pairs) => {
        const url = canonicalUrl(ORIGIN, "/es/", queryOf(pairs));
        expect(canonicalUrl(ORIGIN, "/es/", new URL(url).search)).toBe(url);
      }),
    );
  });
});
