import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Hono } from "hono";
import { afterEach, describe, expect, it } from "vitest";
import { requestDeadlineOf } from "../../../../../adapters/http/server/request-deadline.middleware";
import { serveFetch, type ServedFetch } from "../../../../contracts/support/serve-fetch";
import { siteApp } from "./support/http-app";

// Issue 50, item 4: every request has a deadline; past it the answer is 503 and the work is told to stop.

const DEADLINE_MS = 150;

/** Resolves once `signal` aborts, or after `ms` (a handler slower than the deadline). */
const slowWork = (signal: AbortSignal, ms: number) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener("abort", () => (clearTimeout(timer), resolve()), { once: true });
  });

describe("the request deadline, through the site's HTTP app over HTTP", () => {
  let served: ServedFetch | undefined;
  afterEach(async () => {
    await served?.close();
    served = undefined;
  });

  function serve(onSignal: (signal: AbortSignal) => void = () => {}, clientDir?: string) {
    const api = new Hono()
      .post("/", async (c) => {
        const signal = requestDeadlineOf(c);
        onSignal(signal);
        await slowWork(signal, 10_000);
        return c.json({ done: true }, 201);
      })
      .get("/quick", (c) => c.json({ quick: true }));
    const app = siteApp({
      clientDir,
      requestDeadlineMs: DEADLINE_MS,
      routes: [{ path: "/api/slow", app: api }],
      page: async (c) => {
        await slowWork(requestDeadlineOf(c), 10_000);
        return c.html("<p>late page</p>");
      },
    });
    return serveFetch((request) => app.fetch(request)).then((server) => (served = server));
  }

  it("answers an API request past its deadline 503 deadline-passed with Retry-After, and aborts the signal its work was given", async () => {
    let given: AbortSignal | undefined;
    const { origin } = await serve((signal) => (given = signal));
    const response = await fetch(`${origin}/api/slow`, { method: "POST", headers: { Origin: origin } });
    expect(response.status).toBe(503);
    expect(response.headers.get("retry-after")).toBe("1");
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(await response.json()).toEqual({ error: { code: "deadline-passed", message: "feedback.error.busy" } });
    expect(given?.aborted).toBe(true);
    expect(given?.reason).toMatchObject({ name: "RequestDeadlineError" });
  });

  it("leaves a request answered in time as it is", async () => {
    const { origin } = await serve();
    const response = await fetch(`${origin}/api/slow/quick`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ quick: true });
  });

  it("answers a page past its deadline with a 503 page in the page's language, with the site's headers", async () => {
    const { origin } = await serve();
    const pages = await Promise.all(
      ["es", "en", "val"].map(async (locale) => {
        const response = await fetch(`${origin}/${locale}/events/`, { headers: { "Accept-Language": "en" } });
        return { status: response.status, type: response.headers.get("content-type"), retryAfter: response.headers.get("retry-after"), csp: response.headers.has("content-security-policy"), html: await response.text() };
      }),
    );
    expect(pages.map(({ status, type, retryAfter, csp }) => ({ status, type, retryAfter, csp }))).toEqual(
      Array.from({ length: 3 }, () => ({ status: 503, type: "text/html; charset=utf-8", retryAfter: "1", csp: true })),
    );
    expect(pages[0]!.html).toContain('<html lang="es-ES">');
    expect(pages[0]!.html).toContain("<h1>Algo ha ido mal</h1>");
    expect(pages[0]!.html).toContain('<a href="/es/">Volver a la página de inicio</a>');
    expect(pages[1]!.html).toContain('<html lang="en-US">');
    expect(pages[1]!.html).toContain("The server is busy right now. Please try again in a moment.");
    expect(pages[2]!.html).toContain('<html lang="ca-ES-valencia">');
    expect(pages[2]!.html).toContain("El servidor està ocupat en este moment.");
    expect(pages.every((page) => !page.html.includes("late page"))).toBe(true);
  });

  it("dresses that page in the built site's stylesheet, with nothing else from the build", async () => {
    const clientDir = mkdtempSync(join(tmpdir(), "arena-client-"));
    mkdirSync(join(clientDir, "assets", "static"), { recursive: true });
    writeFileSync(join(clientDir, "assets", "static", "style.B-1CxS96.css"), "body{}");
    try {
      const { origin } = await serve(() => {}, clientDir);
      const html = await (await fetch(`${origin}/val/events/`)).text();
      expect(html).toContain('<link rel="stylesheet" href="/assets/static/style.B-1CxS96.css">');
      expect(html).toContain('<main class="container unavailable">');
      expect(html).not.toContain("<script");
    } finally {
      rmSync(clientDir, { recursive: true, force: true });
    }
  });

  it("answers bots the status alone", async () => {
    const { origin } = await serve();
    const response = await fetch(`${origin}/es/`, { headers: { "User-Agent": "Googlebot/2.1 (+http://www.google.com/bot.html)" } });
    expect(response.status).toBe(503);
    expect(await response.text()).toBe("503 Error");
  });
});
