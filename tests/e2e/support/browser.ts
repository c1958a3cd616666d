import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from "playwright-core";
import { afterAll, beforeAll, expect } from "vitest";

const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");

export const BROWSER_USER_AGENT =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36";

/** Debian's Chromium, headless; `extraArgs` for a test that needs more of it (a fake camera). */
export function launchBrowser(extraArgs: readonly string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync", ...extraArgs],
  });
}

// Texts a page asked for in the browser that the server did not send with it (the build missed a
// key in the page's code): the page shows the key until it has loaded the whole catalogue.
const textsNotSent: string[] = [];

/**
 * One Chromium for the calling test file: launched before its tests, closed after them; then no
 * page any of them opened may have asked for a text it was not sent.
 */
export function sharedBrowser(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    expect(textsNotSent).toEqual([]);
  });
  return () => {
    if (!browser) throw new Error("The browser starts in beforeAll");
    return browser;
  };
}

export async function newPage(browser: Browser, options: { locale?: string; width?: number; height?: number } = {}): Promise<Page> {
  const context = await browser.newContext({
    userAgent: BROWSER_USER_AGENT,
    locale: options.locale ?? "en-US",
    viewport: { width: options.width ?? 1280, height: options.height ?? 800 },
  });
  watchForTextsNotSent(context);
  return context.newPage();
}

/** Notes every text a page of the context asks for without having been sent it (see sharedBrowser). */
export function watchForTextsNotSent(context: BrowserContext): void {
  context.on("console", (message) => {
    if (message.type() === "warning" && message.text().includes("was not sent with this page")) textsNotSent.push(`${message.page()?.url()}: ${message.text()}`);
  });
}

/** Waits until React has hydrated the page (the layout's effects have run). */
export async function waitForHydration(page: Page) {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
}

/**
 * Waits until React has hydrated this element: parts hydrated after the page (the footer's
 * newsletter form, see ui/components/deferred-hydration/) take their code first.
 */
export async function waitForHydrated(element: Locator) {
  await element.evaluate((node) => new Promise<void>((resolve) => {
    const hydrated = () => Object.keys(node).some((key) => key.startsWith("__reactProps$"));
    const check = () => (hydrated() ? resolve() : setTimeout(check, 20));
    check();
  }));
}

/** axe-core on the current page: no serious or critical violation. */
export async function expectAccessible(page: Page) {
  expect(await seriousAxeViolations(page), `axe violations on ${page.url()}`).toEqual([]);
}

/** axe-core's serious and critical violations on the current page, each with the elements it found. */
export async function seriousAxeViolations(page: Page): Promise<string[]> {
  // Evaluated, not added as a script element: the shared pages' CSP runs no inline script (the
  // DevTools protocol's evaluation is the browser's own, outside the page's policy).
  await page.evaluate(`${AXE_SOURCE}\n;0`);
  return page.evaluate(async () => {
    // Colours are judged as they settle: a button turning from its unavailable pill to its own
    // colours is mid-transition for a moment, and axe would read the blend (seen under load).
    const settling = document.getAnimations().filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity);
    await Promise.all(settling.map((animation) => animation.finished.catch(() => undefined)));
    const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: Array<{ id: string; impact: string; nodes: Array<{ target: string[] }> }> }> } }).axe;
    const result = await axe.run(document, { resultTypes: ["violations"] });
    return result.violations
      .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
      .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`);
  });
}
