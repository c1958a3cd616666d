import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { openDatabase } from "../../adapters/embedded/database/open-database";
import { createSqliteUserProfiles } from "../../adapters/embedded/user-profile/sqlite-user-profile.adapter";
import { signedUpVisitor } from "./support/accounts";
import { verifiedBuyer } from "./support/buyers";
import { newPage, seriousAxeViolations, sharedBrowser } from "./support/browser";
import { htmlValidityErrors } from "./support/html-validity";

// Every page a visitor or a crawler can find, as a phone and a desktop show it: what a layout or markup change
// can break on a page no other test opens (an iframe's console warning on the contact page, a
// receipt wider than the screen).
const baseUrl = inject("baseUrl");
const dataDir = inject("dataDir");
const browser = sharedBrowser();
const LOCALES = ["es", "en", "val"] as const;
const PHONE = { width: 360, height: 800 };
const DESKTOP = { width: 1280, height: 800 };

/**
 * Opens each path and lists what is wrong: breaches of the HTML standard in what the server sent
 * and in what the browser shows once the page has hydrated (a form rendered in the browser),
 * console messages, a status other than 200, sideways scrolling and axe's serious violations on a
 * phone, then the same page widened to a desktop's screen: sideways scrolling and axe again.
 */
async function problemsOn(page: Page, paths: readonly string[], { untilIdle = false } = {}): Promise<string[]> {
  const problems: string[] = [];
  let current = "";
  page.on("console", (message) => {
    if (message.type() === "error" || message.type() === "warning") problems.push(`${current}: console ${message.type()}: ${message.text()}`);
  });
  page.on("pageerror", (error) => problems.push(`${current}: ${error.message}`));
  for (const path of paths) {
    current = path;
    await page.setViewportSize(PHONE);
    const response = await page.goto(`${baseUrl}${path}`, { waitUntil: "load" });
    if (response?.status() !== 200) problems.push(`${path}: HTTP ${response?.status()}`);
    if (response) for (const error of await htmlValidityErrors(await response.text(), path)) problems.push(`${path}: HTML ${error}`);
    // A signed-in page asks the API for more once it has hydrated (the profile): its answers too.
    if (untilIdle) await page.waitForLoadState("networkidle");
    const shown = await page.evaluate(() => `<!doctype html>${document.documentElement.outerHTML}`);
    for (const error of await htmlValidityErrors(shown, path)) problems.push(`${path}: HTML in the browser ${error}`);
    problems.push(...(await screenProblems(page, `${path} at ${PHONE.width} px`)));
    await page.setViewportSize(DESKTOP);
    problems.push(...(await screenProblems(page, `${path} at ${DESKTOP.width} px`)));
  }
  return problems;
}

/** What is wrong with the page as its screen shows it now: sideways scrolling, axe's serious violations. */
async function screenProblems(page: Page, label: string): Promise<string[]> {
  const problems: string[] = [];
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  if (overflow > 0) problems.push(`${label}: ${overflow} px wider than the screen`);
  for (const violation of await seriousAxeViolations(page)) problems.push(`${label}: axe ${violation}`);
  return problems;
}

describe("on a 360-px phone and a desktop's screen, valid HTML, with nothing in the console, nothing wider than the screen and no serious accessibility violation", () => {
  it("every page of the sitemap, and the page of every block", { timeout: 480_000 }, async () => {
    const sitemap = await (await fetch(`${baseUrl}/sitemap.xml`)).text();
    // And the page of every block, which its editor hid from search engines.
    const paths = [...[...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname), ...LOCALES.map((locale) => `/${locale}/all-blocks/`)];
    expect(paths.length).toBeGreaterThan(20);
    const page = await newPage(browser(), PHONE);
    expect(await problemsOn(page, paths)).toEqual([]);
    await page.close();
  });

  it("the account pages and tickets not on sale, signed out, and the dashboard and a ticket purchase, signed in, verified or not", { timeout: 240_000 }, async () => {
    const signedOut = await newPage(browser(), PHONE);
    const accountPages = LOCALES.flatMap((locale) => ["login/", "register/", "forgot-password/", "verify-email/", "reset-password/", "login/?code=x", "tickets/check/"].map((path) => `/${locale}/${path}`));
    // The tickets of a past event, of one sold elsewhere and of one not on sale yet: shown to anyone.
    const ticketsNotOnSale = ["/es/event/festival-jazz-tardor-2026/tickets/", "/val/event/the-halyards-low-tide/tickets/", "/en/event/dinosaures-la-gran-expedicio/tickets/"];
    expect(await problemsOn(signedOut, [...accountPages, ...ticketsNotOnSale])).toEqual([]);
    await signedOut.close();

    // Verified, with a profile: the dashboard shows every form (the details', the purchase code's).
    const verified = await verifiedBuyer(browser(), { baseUrl, dataDir, email: `crawl.${Date.now()}@example.org`, locale: "val", width: 360 });
    const signedInPages = LOCALES.flatMap((locale) => [`/${locale}/dashboard/`, `/${locale}/event/lua-serrano-marea-alta/tickets/`]);
    expect(await problemsOn(verified.page, signedInPages, { untilIdle: true })).toEqual([]);
    await verified.context.close();

    // Registered as the registration form does it (the account with its profile), not yet verified.
    const visitor = await signedUpVisitor(baseUrl, { email: `crawl.pending.${Date.now()}@example.org`, password: "Túria-arena-2026!", name: "Vicent", surname: "Soler", locale: "val" });
    const pending = await newPage(browser(), PHONE);
    await pending.context().addCookies(visitor.cookies);
    expect(await problemsOn(pending, ["/es/dashboard/", "/en/event/lua-serrano-marea-alta/tickets/"], { untilIdle: true })).toEqual([]);
    await pending.close();

    // A registration whose profile was not stored: the dashboard offers to complete it, quietly.
    const withoutProfile = await signedUpVisitor(baseUrl, { email: `crawl.bare.${Date.now()}@example.org`, password: "Túria-arena-2026!", name: "Vicent", surname: "Puig" });
    const db = openDatabase(dataDir);
    await createSqliteUserProfiles(db)
      .delete(withoutProfile.uid)
      .finally(() => db.close());
    const bare = await newPage(browser(), PHONE);
    await bare.context().addCookies(withoutProfile.cookies);
    expect(await problemsOn(bare, ["/val/dashboard/"], { untilIdle: true })).toEqual([]);
    await bare.close();
  });
});
