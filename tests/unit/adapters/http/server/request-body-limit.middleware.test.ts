import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { requestBodyLimit } from "../../../../../adapters/http/server/request-body-limit.middleware";

function app() {
  const hono = new Hono();
  hono.use(requestBodyLimit(8, (c) => c.json({ error: "too large" }, 413)));
  hono.all("*", async (c) => c.json({ method: c.req.method, body: await c.req.text() }));
  return hono;
}

const chunked = (text: string) =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      for (const char of text) controller.enqueue(new TextEncoder().encode(char));
      controller.close();
    },
  });

describe("requestBodyLimit", () => {
  it("lets a request without a body through", async () => {
    for (const method of ["GET", "POST", "DELETE", "OPTIONS"]) {
      const response = await app().request("/", { method });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ method, body: "" });
    }
  });

  it("passes a body whose declared length fits on to the handler intact", async () => {
    const response = await app().request("/", { method: "POST", body: "12345678", headers: { "Content-Length": "8" } });
    expect(await response.json()).toEqual({ method: "POST", body: "12345678" });
  });

  it("refuses a declared length over the limit, keeping none of the body", async () => {
    const response = await app().request("/", { method: "POST", body: "123456789", headers: { "Content-Length": "9" } });
    expect(response.status).toBe(413);
  });

  it("counts a body without a length as it arrives, and passes what fits on intact", async () => {
    const over = await app().request("/", { method: "POST", body: chunked("123456789"), duplex: "half" } as RequestInit);
    expect(over.status).toBe(413);
    const fits = await app().request("/", { method: "PUT", body: chunked("12345678"), duplex: "half" } as RequestInit);
    expect(await fits.json()).toEqual({ method: "PUT", body: "12345678" });
  });

  it("shows a refused body's bytes, those read before the limit and the rest it drains, to the answer", async () => {
    for (const [body, headers] of [[chunked("0123456789abc"), {}], ["0123456789abc", { "Content-Length": "13" }]] as const) {
      const hono = new Hono();
      hono.use(
        requestBodyLimit(8, async (c, refusedBody) => {
          const seen: string[] = [];
          await refusedBody((chunk) => seen.push(new TextDecoder().decode(chunk)));
          return c.text(seen.join(""), 413);
        }),
      );
      hono.all("*", (c) => c.text("taken"));
      const response = await hono.request("/", { method: "POST", body, headers, duplex: "half" } as RequestInit);
      expect(response.status).toBe(413);
      expect(await response.text()).toBe("0123456789abc");
    }
  });
});
