import { gzipSync } from "node:zlib";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { compression } from "../../../../../adapters/http/server/compression.middleware";
import { securityHeaders } from "../../../../../adapters/http/server/security-headers.middleware";
import { hasBody, wholeBodyOf, wholeBodyResponse, wholeTextOf } from "../../../../../adapters/http/server/whole-body-response";
import { asServerWrites } from "./support/server-writes";

const PAGE = `<!DOCTYPE html><html><body>${"<p>Túria Arena · València</p>".repeat(200)}</body></html>`;

describe("wholeBodyResponse", () => {
  it("reads back as the text and bytes it was made of, and reads other answers from their stream", async () => {
    expect(await wholeTextOf(wholeBodyResponse(PAGE, { status: 200 }))).toBe(PAGE);
    expect(Buffer.from(await wholeBodyOf(wholeBodyResponse(PAGE, { status: 200 }))).toString("utf8")).toBe(PAGE);
    const bytes = new TextEncoder().encode(PAGE);
    expect(await wholeTextOf(wholeBodyResponse(bytes, { status: 200 }))).toBe(PAGE);
    expect(await wholeTextOf(new Response(PAGE))).toBe(PAGE);
    expect(hasBody(wholeBodyResponse(PAGE, { status: 200 }))).toBe(true);
    expect(hasBody(wholeBodyResponse(null, { status: 204 }))).toBe(false);
    expect(hasBody(new Response(null, { status: 204 }))).toBe(false);
  });

  it("is a standard Response to whoever reads it as one", async () => {
    const response = wholeBodyResponse(PAGE, { status: 201, headers: { "Content-Type": "text/html; charset=utf-8" } });
    expect(response).toBeInstanceOf(Response);
    expect(response.status).toBe(201);
    expect(response.headers.get("Content-Type")).toBe("text/html; charset=utf-8");
    await expect(response.text()).resolves.toBe(PAGE);
  });

  it("leaves the compression and the security headers as bytes the server writes as they are, not as a web stream", async () => {
    const app = new Hono();
    app.use(securityHeaders({ production: true, frameAncestors: ["'self'"], scriptOrigins: [] }));
    app.use(compression());
    app.get("/page", () => wholeBodyResponse(PAGE, { status: 200, headers: { "Content-Type": "text/html; charset=utf-8" } }));
    // As the page cache answers: compressed already, which the compression leaves as it is.
    app.get("/cached", () => wholeBodyResponse(gzipSync(PAGE), { status: 200, headers: { "Content-Type": "text/html; charset=utf-8", "Content-Encoding": "gzip" } }));
    for (const [path, acceptEncoding] of [["/page", "br"], ["/page", "gzip"], ["/page", "identity"], ["/cached", "gzip"]] as const) {
      const response = await app.request(path, { headers: { "Accept-Encoding": acceptEncoding } });
      const written = asServerWrites(response);
      expect(written.body, `${path} ${acceptEncoding}`).toBeInstanceOf(Uint8Array);
      expect(written.headers, path).toContain("content-security-policy");
      if (path === "/page") expect(Number(written.headers[written.headers.indexOf("content-length") + 1])).toBe((written.body as Uint8Array).byteLength);
    }
  });
});
