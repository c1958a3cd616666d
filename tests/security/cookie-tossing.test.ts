import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { signedUpVisitor } from "../e2e/support/accounts";
import { BROWSER_USER_AGENT, sharedBrowser } from "../e2e/support/browser";

// Issue 48 item 4: a page on a sibling origin — here another port of the site's own host, which
// shares its cookies (RFC 6265: cookies do not isolate by port) — sets the site's session cookie to
// the attacker's session, and the victim's dashboard must never show the attacker's account. The
// site's session counts only beside the identity session it was made from, which the attacker's
// page does not give the victim here; the plain `__session` name is not read in production.
// (A page that sets both of the attacker's cookies from the same host signs the victim in as the
// attacker: no cookie attribute keeps one port of a host from another.)

const baseUrl = inject("baseUrl");
const browser = sharedBrowser();
const password = "Túria-arena-2026!";

let sibling: Server;
let siblingUrl: string;
/** The Set-Cookie lines the sibling's page answers with; each test sets its own. */
let tossed: string[] = [];

beforeAll(async () => {
  sibling = createServer((_request, response) => {
    response.setHeader("Set-Cookie", tossed);
    response.setHeader("Content-Type", "text/html");
    response.end("<!doctype html><title>Sibling</title><p>Nothing to see here.</p>");
  });
  await new Promise<void>((resolve) => sibling.listen(0, new URL(baseUrl).hostname, resolve));
  siblingUrl = `http://${new URL(baseUrl).hostname}:${(sibling.address() as AddressInfo).port}/`;
});
afterAll(() => new Promise<void>((resolve) => sibling.close(() => resolve())));

/** The attacker's site session, as Set-Cookie lines under every name the site has used for it. */
async function attackersSessionCookies() {
  const email = `mallory.${Date.now()}@example.org`;
  const attacker = await signedUpVisitor(baseUrl, { email, password, name: "Mallory", surname: "Puig" });
  return {
    email,
    lines: [`__session=${attacker.sessionCookie}; Path=/; HttpOnly`, `__Host-session=${attacker.sessionCookie}; Path=/; Secure; HttpOnly`],
  };
}

async function dashboardAfterTheSibling(cookies: Awaited<ReturnType<typeof signedUpVisitor>>["cookies"]) {
  const context = await browser().newContext({ userAgent: BROWSER_USER_AGENT });
  await context.addCookies(cookies);
  const page = await context.newPage();
  await page.goto(siblingUrl);
  await page.goto(`${baseUrl}/en/dashboard/`);
  const html = await page.content();
  const shown = { url: page.url(), shows: (email: string) => html.includes(email), cookies: (await context.cookies(baseUrl)).map((cookie) => cookie.name) };
  await context.close();
  return shown;
}

describe("a session cookie tossed from a sibling origin", () => {
  it("never shows the attacker's account to a signed-in victim", async () => {
    const attacker = await attackersSessionCookies();
    tossed = attacker.lines;
    const victimEmail = `ana.${Date.now()}@example.org`;
    const victim = await signedUpVisitor(baseUrl, { email: victimEmail, password, name: "Ana", surname: "Puig" });
    const shown = await dashboardAfterTheSibling(victim.cookies);
    // The sibling's cookies did reach the site's host: the browser keeps one jar per host, whatever the port.
    expect(shown.cookies).toEqual(expect.arrayContaining(["__session", "__Host-session"]));
    expect(shown.shows(attacker.email), "the attacker's account on the victim's dashboard").toBe(false);
  });

  it("never signs a signed-out visitor in as the attacker", async () => {
    const attacker = await attackersSessionCookies();
    tossed = attacker.lines;
    const shown = await dashboardAfterTheSibling([]);
    expect(shown.shows(attacker.email), "the attacker's account on the visitor's dashboard").toBe(false);
    expect(new URL(shown.url).pathname).toBe("/en/login/");
  });
});
