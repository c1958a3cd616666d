import { mkdirSync } from "node:fs";
import type { Page } from "playwright-core";
import { afterAll, describe, expect, inject, it } from "vitest";
import { BROWSER_USER_AGENT, seriousAxeViolations, sharedBrowser, waitForHydration } from "./support/browser";
import { TEXTS } from "./support/account-pages";
import { verifiedBuyer } from "./support/buyers";
import { htmlValidityErrors } from "./support/html-validity";

// Issue 51: the waiting room in front of an event's tickets, in Chromium. The embedded content
// opens one for Túria Bàsquet's game (opened and admitting since 30 November, 600 a minute): a
// visitor takes a place, waits a few seconds in the queue page and is let in to the tickets.
const baseUrl = inject("baseUrl");
const dataDir = inject("dataDir");
const browser = sharedBrowser();
const SHOTS = process.env.E2E_SCREENSHOTS;
if (SHOTS) mkdirSync(SHOTS, { recursive: true });
const SLUG = "turia-basquet-cantabrico-basket";
const LOCALES = ["es", "en", "val"] as const;
const PHONE = { width: 360, height: 800 };
const DESKTOP = { width: 1280, height: 900 };
const ticketsPath = (locale: string) => `/${locale}/event/${SLUG}/tickets/`;

/**
 * What is wrong with the page as shown: HTML errors, sideways scrolling and, where the page's
 * scripts may run (axe is a script), axe's serious violations, at both widths; a screenshot of each.
 */
async function problemsOf(page: Page, label: string, problems: string[], { axe = true } = {}): Promise<void> {
  const shown = await page.evaluate(() => `<!doctype html>${document.documentElement.outerHTML}`);
  for (const error of await htmlValidityErrors(shown, label)) problems.push(`${label}: HTML ${error}`);
  for (const viewport of [PHONE, DESKTOP]) {
    await page.setViewportSize(viewport);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    if (overflow > 0) problems.push(`${label} at ${viewport.width} px: ${overflow} px wider than the screen`);
    if (axe) for (const violation of await seriousAxeViolations(page)) problems.push(`${label} at ${viewport.width} px: axe ${violation}`);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/waiting-room-${label.replaceAll(/[^a-z0-9]+/gi, "-")}-${viewport.width}.png`, fullPage: true });
  }
  await page.setViewportSize(PHONE);
}

/**
 * axe on a page as a browser without JavaScript gets it: in Chromium with JavaScript off axe cannot
 * run, so the page opens with its own scripts refused instead (its <noscript> then stays hidden).
 */
async function axeWithoutTheSitesScripts(path: string, label: string, problems: string[]) {
  const context = await browser().newContext({ userAgent: BROWSER_USER_AGENT, viewport: PHONE });
  await context.route(/\.js(\?|$)/, (route) => route.abort());
  const page = await context.newPage();
  await page.goto(`${baseUrl}${path}`);
  for (const viewport of [PHONE, DESKTOP]) {
    await page.setViewportSize(viewport);
    for (const violation of await seriousAxeViolations(page)) problems.push(`${label} at ${viewport.width} px: axe ${violation}`);
  }
  await context.close();
}

function watchConsole(page: Page, problems: string[]) {
  page.on("console", (message) => {
    if (message.type() === "error" || message.type() === "warning") problems.push(`console ${message.type()}: ${message.text()}`);
  });
  page.on("pageerror", (error) => problems.push(error.message));
}

describe("the waiting room", () => {
  // An account has one place per room: each test that signs in is a buyer of its own.
  const buyers: { context: { close(): Promise<void> } }[] = [];
  afterAll(() => Promise.all(buyers.map((buyer) => buyer.context.close())));

  /** A browser of its own (its own place), signed in as a new verified buyer, or signed out. */
  async function visitorsBrowser({ javaScriptEnabled, signedIn }: { javaScriptEnabled: boolean; signedIn: boolean }) {
    const context = await browser().newContext({ userAgent: BROWSER_USER_AGENT, viewport: PHONE, javaScriptEnabled });
    if (signedIn) {
      const buyer = await verifiedBuyer(browser(), { baseUrl, dataDir, email: `queue.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.org` });
      buyers.push(buyer);
      await context.addCookies(await buyer.context.cookies());
    }
    return context;
  }

  for (const locale of LOCALES) {
    it(`takes a place, shows the queue and lets the buyer in to the tickets, with JavaScript (${locale})`, { timeout: 60_000 }, async () => {
      const texts = TEXTS[locale];
      const problems: string[] = [];
      const context = await visitorsBrowser({ javaScriptEnabled: true, signedIn: true });
      const page = await context.newPage();
      watchConsole(page, problems);
      const response = await page.goto(`${baseUrl}${ticketsPath(locale)}`);
      expect(response?.status()).toBe(200);
      expect(response?.headers()["cache-control"]).toBe("private, no-store");
      for (const error of await htmlValidityErrors(await response!.text(), ticketsPath(locale))) problems.push(`HTML ${error}`);
      await waitForHydration(page);
      // The machine takes the place: the queue's figures, and a live region that speaks at milestones.
      await page.getByRole("heading", { name: texts.waitingRoom.title }).waitFor();
      await page.getByText(texts.waitingRoom.place, { exact: true }).waitFor();
      expect(await page.getByRole("status").filter({ hasText: texts.waitingRoom.announceNext }).count()).toBe(1);
      // The page's next asks wait (they reach the server once checked), so the queue holds still for axe.
      const held: (() => Promise<void>)[] = [];
      await page.route(`${baseUrl}/api/waiting-room/events/${SLUG}`, (route) => void held.push(() => route.continue()));
      await problemsOf(page, `queue ${locale}`, problems);
      await page.unroute(`${baseUrl}/api/waiting-room/events/${SLUG}`);
      await Promise.all(held.map((release) => release()));
      // Admitted (a few seconds at 600 a minute), the page loads again with the tickets.
      await page.getByRole("heading", { name: texts.tickets.chooseHeading }).waitFor({ timeout: 30_000 });
      expect(problems).toEqual([]);
      await context.close();
    });

    it(`works without JavaScript, signed out: a form takes the place, and the queue page refreshes itself (${locale})`, { timeout: 90_000 }, async () => {
      const texts = TEXTS[locale];
      const problems: string[] = [];
      const context = await visitorsBrowser({ javaScriptEnabled: false, signedIn: false });
      const page = await context.newPage();
      watchConsole(page, problems);
      const response = await page.goto(`${baseUrl}${ticketsPath(locale)}`);
      for (const error of await htmlValidityErrors(await response!.text(), ticketsPath(locale))) problems.push(`HTML ${error}`);
      await page.getByRole("heading", { name: texts.waitingRoom.joinTitle }).waitFor();
      await problemsOf(page, `join ${locale}`, problems, { axe: false });
      await axeWithoutTheSitesScripts(ticketsPath(locale), `join ${locale}`, problems);
      const [queued] = await Promise.all([page.waitForResponse((answer) => answer.url() === `${baseUrl}${ticketsPath(locale)}`), page.getByRole("button", { name: texts.waitingRoom.join }).click()]);
      for (const error of await htmlValidityErrors(await queued.text(), ticketsPath(locale))) problems.push(`HTML ${error}`);
      await page.getByRole("heading", { name: texts.waitingRoom.title }).waitFor();
      expect(await page.locator('noscript meta[http-equiv="refresh"]').count()).toBe(1);
      // axe has checked the same queue with JavaScript (above); here the markup and the screens.
      await problemsOf(page, `queue ${locale} without JavaScript`, problems, { axe: false });
      // The refresh (20 s) finds the visitor admitted: the tickets, for which one signs in first.
      if (locale === "val") await page.waitForURL(/\/val\/login\/\?returnTo=/, { timeout: 60_000 });
      expect(problems).toEqual([]);
      await context.close();
    });
  }

  it("answers other clients as JSON, privately and never cached, and refuses a hold to whoever is not in", { timeout: 60_000 }, async () => {
    const response = await fetch(`${baseUrl}/api/waiting-room/events/${SLUG}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    expect(await response.json()).toEqual({ status: "not-queued" });
    const arrival = await fetch(`${baseUrl}/api/waiting-room/events/${SLUG}/arrivals`, { method: "POST", headers: { Origin: baseUrl, Accept: "application/json" } });
    expect(arrival.status).toBe(201);
    expect(await arrival.json()).toMatchObject({ status: "waiting", pollSeconds: 5 });
    // A verified buyer without a place: the hold API says not yet.
    const context = await visitorsBrowser({ javaScriptEnabled: false, signedIn: true });
    const cookie = (await context.cookies()).map((each) => `${each.name}=${each.value}`).join("; ");
    await context.close();
    const hold = await fetch(`${baseUrl}/api/tickets/events/${SLUG}/holds`, {
      method: "POST",
      headers: { Origin: baseUrl, Cookie: cookie, "Content-Type": "application/json", "Idempotency-Key": `checkout-${Date.now()}` },
      body: JSON.stringify({ lines: [{ ticketTypeId: "x", quantity: 1 }] }),
    });
    expect(hold.status).toBe(403);
    expect(await hold.json()).toMatchObject({ error: { code: "not-admitted" } });
  });
});
