import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { acceptsGzip, compression, contentEncodingFor } from "../../../../../adapters/http/server/compression.middleware";

const PAGE = `<!DOCTYPE html><html><body>${"<p>Túria Arena</p>".repeat(200)}</body></html>`;

function app() {
  const hono = new Hono();
  hono.use(compression());
  hono.get("/page", (c) => c.html(PAGE, 200, { ETag: '"v1"' }));
  hono.get("/small", (c) => c.text("ok"));
  hono.get("/large", (c) => c.json({ rows: Array.from({ length: 20000 }, (_, row) => ({ row, city: "València", seats: 20000 - row })) }));
  hono.get("/events", (c) => c.body(PAGE, 200, { "Content-Type": "text/event-stream" }));
  hono.get("/no-transform", (c) => c.body(PAGE, 200, { "Content-Type": "text/html", "Cache-Control": "no-transform" }));
  hono.get("/encoded", (c) => c.body(PAGE, 200, { "Content-Type": "text/html", "Content-Encoding": "br" }));
  hono.get("/image", (c) => c.body(PAGE, 200, { "Content-Type": "image/png" }));
  return hono;
}

/** Whether the event loop has come round to its check phase since this was called. */
function afterNextTurn(): () => boolean {
  let turned = false;
  setImmediate(() => (turned = true));
  return () => turned;
}

describe("compression", () => {
  it.each([
    { encoding: "br", acceptEncoding: "gzip;q=0.8, br", decompress: brotliDecompressSync },
    { encoding: "gzip", acceptEncoding: "br;q=0.5, gzip", decompress: gunzipSync },
  ])("answers $acceptEncoding with $encoding, its length, Vary and a strong ETag of its own", async ({ encoding, acceptEncoding, decompress }) => {
    const response = await app().request("/page", { headers: { "Accept-Encoding": acceptEncoding } });
    expect(response.headers.get("Content-Encoding")).toBe(encoding);
    expect(response.headers.get("Vary")).toBe("Accept-Encoding");
    expect(response.headers.get("ETag")).toBe(`"v1-${encoding}"`);
    const body = Buffer.from(await response.arrayBuffer());
    expect(Number(response.headers.get("Content-Length"))).toBe(body.byteLength);
    expect(body.byteLength).toBeLessThan(Buffer.byteLength(PAGE) / 10);
    expect(decompress(body).toString("utf8")).toBe(PAGE);
  });

  it.each([
    ["br", brotliDecompressSync],
    ["gzip", gunzipSync],
  ] as const)("compresses a body of more than 256 KB on libuv's thread pool, the event loop going on meanwhile (%s)", async (encoding, decompress) => {
    const plain = await (await app().request("/large")).text();
    expect(Buffer.byteLength(plain)).toBeGreaterThan(256 * 1024);
    const loopWentOn = afterNextTurn();
    const response = await app().request("/large", { headers: { "Accept-Encoding": encoding } });
    expect(loopWentOn()).toBe(true);
    expect(response.headers.get("Content-Encoding")).toBe(encoding);
    const body = Buffer.from(await response.arrayBuffer());
    expect(Number(response.headers.get("Content-Length"))).toBe(body.byteLength);
    expect(decompress(body).toString("utf8")).toBe(plain);
  });

  it("compresses a page in place, without handing it to the thread pool and back through the event loop", async () => {
    const loopWentOn = afterNextTurn();
    const response = await app().request("/page", { headers: { "Accept-Encoding": "br" } });
    expect(response.headers.get("Content-Encoding")).toBe("br");
    expect(loopWentOn()).toBe(false);
  });

  it("answers as it is, still varying on Accept-Encoding, to a client that refuses both or says nothing", async () => {
    const requests: Record<string, string>[] = [{ "Accept-Encoding": "gzip;q=0, br;q=0" }, { "Accept-Encoding": "identity" }, {}];
    for (const headers of requests) {
      const response = await app().request("/page", { headers });
      expect(response.headers.get("Content-Encoding"), JSON.stringify(headers)).toBeNull();
      expect(response.headers.get("Vary")).toBe("Accept-Encoding");
      await expect(response.text()).resolves.toBe(PAGE);
    }
  });

  it("leaves small bodies, event streams, no-transform, encoded bodies, images and HEAD as they are", async () => {
    for (const path of ["/small", "/events", "/no-transform", "/encoded", "/image"]) {
      const response = await app().request(path, { headers: { "Accept-Encoding": "gzip" } });
      expect(response.headers.get("Content-Encoding"), path).toBe(path === "/encoded" ? "br" : null);
      await expect(response.text(), path).resolves.toBe(path === "/small" ? "ok" : PAGE);
    }
    const head = await app().request("/page", { method: "HEAD", headers: { "Accept-Encoding": "gzip" } });
    expect(head.headers.get("Content-Encoding")).toBeNull();
  });

  it("reads Accept-Encoding's q-values", () => {
    expect(acceptsGzip("gzip")).toBe(true);
    expect(acceptsGzip("deflate, gzip;q=0.5")).toBe(true);
    expect(acceptsGzip("*")).toBe(true);
    expect(acceptsGzip("gzip;q=0")).toBe(false);
    expect(acceptsGzip("br")).toBe(false);
    expect(acceptsGzip(undefined)).toBe(false);
    expect(acceptsGzip("br, *;q=0")).toBe(false);
    expect(contentEncodingFor("gzip, deflate, br, zstd")).toBe("br");
    expect(contentEncodingFor("br;q=0.9, gzip")).toBe("gzip");
    expect(contentEncodingFor("br;q=0, *")).toBe("gzip");
    expect(contentEncodingFor("*")).toBe("br");
    expect(contentEncodingFor("deflate")).toBeUndefined();
  });
});
