import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { SIGNED_IN_HINT_COOKIE } from "../../core";
import { TEXTS } from "./support/account-pages";
import { signedUpVisitor } from "./support/accounts";
import { verifiedBuyer } from "./support/buyers";
import { composition } from "./support/js-composition";
import { expectAccessible, newPage, sharedBrowser, waitForHydration } from "./support/browser";

const baseUrl = inject("baseUrl");
const dataDir = inject("dataDir");
const browser = sharedBrowser();
const visitor = () => signedUpVisitor(baseUrl, { email: `ana.${Date.now()}@example.org`, password: "Túria-arena-2026!", name: "Ana", surname: "Puig" });

describe("the dashboard guard", () => {
  it("sends anonymous visitors to sign in, with a way back", async () => {
    const response = await fetch(`${baseUrl}/val/dashboard/`, { redirect: "manual" });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/val/login/?returnTo=%2Fval%2Fdashboard%2F");
  });

  it("refuses a tampered session", async () => {
    const { sessionCookie, cookieHeader } = await visitor();
    const tampered = `${sessionCookie.slice(0, -2)}xx`;
    const response = await fetch(`${baseUrl}/en/dashboard/`, { redirect: "manual", headers: { Cookie: cookieHeader.replace(sessionCookie, tampered) } });
    expect(response.status).toBe(302);
  });

  it("lets a signed-in user in and never caches the page publicly", async () => {
    const email = `ana.${Date.now()}@example.org`;
    const { cookieHeader, cookies } = await signedUpVisitor(baseUrl, { email, password: "Túria-arena-2026!", name: "Ana", surname: "Puig" });
    const response = await fetch(`${baseUrl}/en/dashboard/`, { headers: { Cookie: cookieHeader } });
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("private, no-store");

    const page = await newPage(browser());
    await page.context().addCookies(cookies);
    await page.goto(`${baseUrl}/en/dashboard/`);
    await expect(page.locator("h1").textContent()).resolves.toBe("My account");
    await expect(page.locator("main").textContent()).resolves.toContain(`Signed in as ${email}`);
    await expectAccessible(page);
    await page.close();
  });

  it("asks before deleting the account, and gives the focus back to the button when the question is dismissed", async () => {
    // Only a verified account may be deleted.
    const { page, context } = await verifiedBuyer(browser(), { baseUrl, dataDir, email: `ana.delete.${Date.now()}@example.org` });
    await page.goto(`${baseUrl}/en/dashboard/`);
    await waitForHydration(page);
    const texts = TEXTS.en.dashboard.delete;
    const deleteButton = page.getByRole("button", { name: texts.title, exact: true });
    for (const dismiss of ["Escape", "cancel"] as const) {
      // Enabled once the account machine knows the user (after hydration) and is idle again.
      await page.locator(`button:has-text("${texts.title}"):not([disabled])`).waitFor();
      await deleteButton.focus();
      await page.keyboard.press("Enter");
      const dialog = page.getByRole("alertdialog", { name: texts.confirmTitle });
      await dialog.waitFor();
      if (dismiss === "Escape") await page.keyboard.press("Escape");
      else await dialog.getByRole("button", { name: TEXTS.en.modal.cancel }).click();
      await dialog.waitFor({ state: "detached" });
      await expect.poll(() => deleteButton.evaluate((button) => button === document.activeElement), { message: dismiss }).toBe(true);
    }
    await context.close();
  });

  it("asks for a reload when a form's checks cannot load (a newer build), keeping what was typed, and offers it", async () => {
    // Only a verified account may change its password.
    const { page, context } = await verifiedBuyer(browser(), { baseUrl, dataDir, email: `ana.reload.${Date.now()}@example.org`, locale: "val" });
    // The forms' schemas load with Effect on a form's first use: here they never arrive, and
    // the dashboard's forms have no plain post to fall back on.
    const effectChunks = new Set(Object.entries(composition).flatMap(([script, packages]) => (packages.effect ? [script] : [])));
    expect(effectChunks.size).toBeGreaterThan(0);
    await page.route((url) => effectChunks.has(url.pathname), (route) => route.abort());
    await page.goto(`${baseUrl}/val/dashboard/`);
    await waitForHydration(page);
    const form = page.locator("form", { has: page.locator('[name="currentPassword"]') });
    await form.locator('button[type="submit"]:not([disabled])').waitFor();
    await form.locator('input[name="currentPassword"]').fill("Túria-arena-2026!");
    await form.locator('input[name="newPassword"]').fill("Túria-arena-2027!");
    await form.locator('input[name="newPasswordConfirmation"]').fill("Túria-arena-2027!");
    await form.locator('button[type="submit"]').click();
    await form.getByRole("alert").getByText(TEXTS.val.feedback.error.reloadNeeded, { exact: true }).waitFor();
    await expect(form.locator('input[name="newPassword"]').inputValue()).resolves.toBe("Túria-arena-2027!");
    // The purchase code's check too.
    const claim = page.locator("form", { has: page.locator('[name="code"]') });
    await claim.locator('input[name="code"]').fill("ABCD-1234");
    await claim.locator('button[type="submit"]').click();
    await claim.getByRole("alert").getByText(TEXTS.val.feedback.error.reloadNeeded, { exact: true }).waitFor();
    await expect(claim.locator('input[name="code"]').inputValue()).resolves.toBe("ABCD-1234");
    // Each message offers the reload it asks for: the page loads again, the newer build with it.
    await expect(claim.getByRole("alert").getByRole("button", { name: TEXTS.val.build.reload }).isVisible()).resolves.toBe(true);
    const reloaded = page.waitForEvent("load");
    await form.getByRole("alert").getByRole("button", { name: TEXTS.val.build.reload }).click();
    await reloaded;
    await waitForHydration(page);
    await expect(form.getByRole("alert").textContent()).resolves.toBe("");
    await context.close();
  });

  it("fits a phone 360 px wide with a long e-mail address, in every language", async () => {
    const email = `maria.josep.ferrandis.llorens.${Date.now()}@example.org`;
    const { cookies } = await signedUpVisitor(baseUrl, { email, password: "Túria-arena-2026!", name: "Maria", surname: "Josep" });
    const page = await newPage(browser(), { width: 360 });
    await page.context().addCookies(cookies);
    for (const locale of ["es", "en", "val"]) {
      await page.goto(`${baseUrl}/${locale}/dashboard/`);
      await waitForHydration(page);
      // The address is in the header's greeting and the verification notice.
      await expect(page.locator("main").textContent()).resolves.toContain(email);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, locale).toBeLessThanOrEqual(0);
    }
    await page.close();
  });
});

describe("shared pages for a signed-in visitor", () => {
  it("are the same bytes as for anyone, from the page cache, and the browser fills in the header's account link", async () => {
    const { cookieHeader, cookies } = await visitor();
    // Each server process keeps a cache of its own: a hit once the process that answers has rendered the page.
    const fromCache = async (path: string, headers: Record<string, string> = {}) => {
      for (let attempt = 0; attempt < 10; attempt++) {
        const response = await fetch(`${baseUrl}${path}`, { headers });
        if (response.headers.get("x-page-cache") === "hit") return response;
        await response.arrayBuffer();
      }
      throw new Error(`${path} never came from the page cache`);
    };
    for (const path of ["/en/", "/es/events/", "/val/event/lua-serrano-marea-alta/"]) {
      const anonymous = await fetch(`${baseUrl}${path}`);
      const signedIn = await fromCache(path, { Cookie: `${cookieHeader}; ${SIGNED_IN_HINT_COOKIE}=1` });
      expect(await signedIn.text(), path).toBe(await anonymous.text());
    }

    const account = (page: Page) => page.locator("header a", { has: page.locator("svg circle") });
    const anonymous = await newPage(browser());
    await anonymous.goto(`${baseUrl}/en/events/`);
    await waitForHydration(anonymous);
    await expect(account(anonymous).getAttribute("href")).resolves.toBe("/en/login/?returnTo=%2Fen%2Fevents%2F");
    await expect(account(anonymous).textContent()).resolves.toBe(TEXTS.en.nav.login);
    await anonymous.context().close();

    const page = await newPage(browser());
    await page.context().addCookies(cookies);
    await page.goto(`${baseUrl}/en/events/`);
    await waitForHydration(page);
    await expect(account(page).getAttribute("href")).resolves.toBe("/en/dashboard/");
    await expect(account(page).textContent()).resolves.toBe(TEXTS.en.nav.dashboard);
    await page.context().close();
  });
});

// Sign-ups from one address are limited (10 a minute): each test below makes one, and checks several things with it.
describe("a pending account's dashboard", () => {
  it("says the address is not verified yet when 'I have verified it' comes first, and once signed out greets nobody while the home page loads (val)", { timeout: 60_000 }, async () => {
    const { cookies } = await signedUpVisitor(baseUrl, { email: `maria.${Date.now()}@example.org`, password: "Túria-arena-2026!", name: "Maria Josep", surname: "Ferrer" });
    const page = await newPage(browser());
    await page.context().addCookies(cookies);
    await page.goto(`${baseUrl}/val/dashboard/`);
    await waitForHydration(page);
    const texts = TEXTS.val;
    await page.locator(`button:has-text("${texts.account.verification.check}"):not([disabled])`).click();
    await page.getByText(texts.account.verification.notYet, { exact: true }).waitFor();
    await expect(page.getByText(texts.account.verification.pendingTitle, { exact: true }).count()).resolves.toBe(1);
    await expectAccessible(page);

    const greeting = page.getByText(texts.dashboard.greeting.replace("{{name}}", "Maria Josep Ferrer"), { exact: true });
    await expect(greeting.count()).resolves.toBe(1);
    // The home page's data comes slowly: meanwhile the page is what a visitor who is not signed in sees (issue 49: 0.3 s of greeting).
    await page.route((url) => url.pathname.endsWith(".pageContext.json"), async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 2000));
      await route.continue();
    });
    await page.locator(`button:has-text("${texts.account.signOut}"):not([disabled])`).click();
    await expect.poll(() => greeting.count(), { timeout: 1500 }).toBe(0);
    expect(new URL(page.url()).pathname).toBe("/val/dashboard/");
    await page.waitForURL(`${baseUrl}/val/`);
    await page.context().close();
  });
});

describe("a verified account's dashboard", () => {
  it("saves a new name alone, asking for no phone, birthdate or address, and says what is wrong with a purchase code once the field is left (es)", { timeout: 60_000 }, async () => {
    const { page, context } = await verifiedBuyer(browser(), { baseUrl, dataDir, email: `ana.name.${Date.now()}@example.org`, locale: "es" });
    await page.goto(`${baseUrl}/es/dashboard/`);
    await waitForHydration(page);
    const texts = TEXTS.es;
    const details = page.locator("form", { has: page.locator('input[name="phone"]') });
    await details.locator('input[name="name"]:not([disabled])').fill("Ana");
    await details.locator('input[name="surname"]').fill("Puig");
    await details.locator('button[type="submit"]:not([disabled])').click();
    await details.getByRole("status").getByText(texts.feedback.success.dataUpdated, { exact: true }).waitFor();
    await expect(details.locator("p[id$='-error']").count()).resolves.toBe(0);
    await page.getByText(texts.dashboard.greeting.replace("{{name}}", "Ana Puig"), { exact: true }).waitFor();

    // SPEC §5: the purchase code is required, and its message comes on blur as the other fields' do.
    const code = page.locator('input[name="code"]:not([disabled])');
    const message = () => page.locator("form", { has: code }).locator("p[id$='-error']").allTextContents();
    await code.focus();
    await code.blur();
    await expect.poll(message).toEqual([texts.validation.purchaseCode.required]);
    await code.fill("no!");
    await expect.poll(message).toEqual([]);
    await code.blur();
    await expect.poll(message).toEqual([texts.tickets.claim.invalidCode]);
    await expectAccessible(page);
    await context.close();
  });
});
