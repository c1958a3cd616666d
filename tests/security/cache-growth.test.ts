import { describe, expect, it } from "vitest";
import { header, raw } from "./support/raw-http";

// An anonymous client must not be able to fill the page cache with distinct keys (evicting the
// pages everybody reads) or make the server render pages that do not exist.

describe("page cache growth", () => {
  it("answers 404, uncached, for listing pages past the last one", async () => {
    const first = await raw({ path: "/en/events/?page=2" });
    expect([200, 404]).toContain(first.status);
    for (const page of [50, 999, 123456, 10_000]) {
      const response = await raw({ path: `/en/events/?page=${page}` });
      expect(response.status, `page ${page}`).toBe(404);
      expect(header(response, "x-page-cache")).toBeUndefined();
      const again = await raw({ path: `/en/events/?page=${page}` });
      expect(header(again, "x-page-cache")).toBeUndefined();
    }
  });

  it("answers 404 for page, category and search values a page cannot show", async () => {
    for (const query of ["?page=0", "?page=-1", "?page=01", "?page=1.5", "?page=abc", "?page=2&page=3", "?category=nope"]) {
      const response = await raw({ path: `/en/events/${query}` });
      expect(response.status, query).toBe(404);
    }
    // A page without a listing has no pages, categories or searches to show.
    for (const query of ["?page=2", "?category=concerts", "?search=jazz"]) {
      expect((await raw({ path: `/en/contact/${query}` })).status, `/en/contact/${query}`).toBe(404);
    }
  });

  it("keeps the hot pages cached while a client walks thousands of distinct keys", async () => {
    const hot = "/en/contact/";
    await raw({ path: hot });
    expect(header(await raw({ path: hot }), "x-page-cache")).toBe("hit");
    for (let batch = 0; batch < 45; batch += 1) {
      await Promise.all(
        Array.from({ length: 20 }, (_, index) => {
          const n = batch * 20 + index;
          const paths = [`/en/events/?page=${1000 + n}`, `/en/events/?category=c${n}`, `/en/contact/?x=${n}`, `/en/events/?search=term${n}`];
          return raw({ path: paths[n % paths.length]! });
        }),
      );
    }
    expect(header(await raw({ path: hot }), "x-page-cache")).toBe("hit");
  });

  it("does not cache free-text search results, which have no end", async () => {
    await raw({ path: "/en/events/?search=zzunique" });
    expect(header(await raw({ path: "/en/events/?search=zzunique" }), "x-page-cache")).not.toBe("hit");
  });
});
