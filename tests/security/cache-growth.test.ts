import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ownServer, type OwnServer } from "../e2e/support/own-server";
import { header, raw } from "./support/raw-http";
import { retainedHeapOf } from "./support/retained-heap";

// An anonymous client must not be able to fill the page cache with distinct keys (evicting the
// pages everybody reads), make the server render pages that do not exist, or make the server's
// caches keep anything of the pages it was asked for that do not exist.

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

describe("content cache growth", () => {
  // One process, its inspector open on loopback: its heap is read after full collections.
  let server: OwnServer;
  beforeAll(async () => {
    server = await ownServer({ SERVER_WORKERS: "1", NODE_OPTIONS: "--inspect=127.0.0.1:0" });
    await server.start();
  });
  afterAll(() => server?.dispose());

  /** Pages and events that do not exist, numbered [from, to), a few at a time. */
  async function askForMissing(from: number, to: number): Promise<void> {
    for (let n = from; n < to; n += 8) {
      const paths = Array.from({ length: Math.min(8, to - n) }, (_, index) => (n + index) % 2 === 0 ? `/es/missing-${n + index}/` : `/en/event/missing-${n + index}/`);
      const statuses = await Promise.all(paths.map((path) => fetch(`${server.baseUrl}${path}`).then(async (response) => (await response.arrayBuffer(), response.status))));
      expect(new Set(statuses)).toEqual(new Set([404]));
    }
  }

  it("retains as much heap after 3,000 distinct missing pages and events as after 200", { timeout: 240_000 }, async () => {
    await askForMissing(0, 200);
    const after200 = await retainedHeapOf(server.output());
    await askForMissing(200, 3_000);
    const after3000 = await retainedHeapOf(server.output());
    // Each miss kept with its render (issue 48, item 1) retained about 64 KB: 2,800 of them, 180 MB.
    expect((after3000 - after200) / 2_800, "bytes retained per miss").toBeLessThan(4 * 1024);
  });
});
