import { afterAll, describe, expect, inject, it } from "vitest";
import { DEFAULT_LOCALE_SETTINGS, localisePath, routes, type LocaleCode } from "../../core";
import { TEXTS } from "./support/account-pages";
import { verifiedApiBuyer } from "./support/buyers";
import { BROWSER_USER_AGENT, expectAccessible, newPage, sharedBrowser, waitForHydration } from "./support/browser";
import { linkIn, mailOutbox } from "./support/outbox";

// Issue 49 item 1: "send me a sign-in link" on the sign-in page, the mail in the page's language,
// its landing page, a used link, and an address without an account, with and without JavaScript.
const baseUrl = inject("baseUrl");
const dataDir = inject("dataDir");
const browser = sharedBrowser();
const outbox = mailOutbox(dataDir);
afterAll(() => outbox.close());

const url = (logicalPath: string, locale: LocaleCode) => `${baseUrl}${localisePath(logicalPath, locale, DEFAULT_LOCALE_SETTINGS)}`;

describe("email-link sign-in", () => {
  it("mails a link in English that signs the account in once, in the browser that asked, and says so when it is used again", { timeout: 90_000 }, async () => {
    const texts = TEXTS.en;
    const email = `link.en.${Date.now()}@example.org`;
    await verifiedApiBuyer({ baseUrl, dataDir, email });

    const page = await newPage(browser());
    await page.goto(url(routes.login.path(), "en"));
    await waitForHydration(page);
    const section = page.locator("section", { has: page.getByRole("heading", { name: texts.account.signInLink.heading }) });
    const form = section.locator("form");
    await form.locator('button[type="submit"]:not([disabled])').waitFor();
    await form.locator('input[name="email"]').fill(email);
    await form.getByRole("button", { name: texts.account.signInLink.submit }).click();
    await section.getByRole("status").getByText(texts.account.signInLink.sent, { exact: true }).waitFor();
    await expectAccessible(page);

    const mail = await outbox.latest(email, "signInLink");
    expect(mail.locale).toBe("en");
    expect(mail.text).toContain(texts.mail.signInLink.action);
    const link = linkIn(mail, "/login/?code=");
    expect(link.startsWith(`${baseUrl}/en/login/?code=`)).toBe(true);

    // The browser that asked remembers the address: one click signs in.
    await page.goto(link);
    await waitForHydration(page);
    const landing = page.locator("main form");
    await expect.poll(() => landing.locator('input[name="email"]').inputValue()).toBe(email);
    await expectAccessible(page);
    await landing.getByRole("button", { name: texts.account.signInLink.signIn }).click();
    await page.waitForURL(url(routes.dashboard.path(), "en"));
    await page.context().close();

    // Used: another browser that opens it is told so, in English, with the way to a new one.
    const later = await newPage(browser());
    await later.goto(link);
    await waitForHydration(later);
    const again = later.locator("main form");
    await again.locator('button[type="submit"]:not([disabled])').waitFor();
    await again.locator('input[name="email"]').fill(email);
    await again.getByRole("button", { name: texts.account.signInLink.signIn }).click();
    await later.getByRole("alert").getByText(texts.account.error.invalidOrExpiredLink, { exact: true }).waitFor();
    const newLink = later.getByRole("link", { name: texts.account.signInLink.newLink });
    expect(await newLink.getAttribute("href")).toBe("/en/login/#sign-in-link-heading");
    await expectAccessible(later);
    await later.context().close();
  });

  it("answers an address without an account as any other, and mails it nothing", { timeout: 60_000 }, async () => {
    const texts = TEXTS.val;
    const nobody = `ningu.${Date.now()}@example.org`;
    const page = await newPage(browser(), { width: 360 });
    await page.goto(url(routes.login.path(), "val"));
    await waitForHydration(page);
    const section = page.locator("section", { has: page.getByRole("heading", { name: texts.account.signInLink.heading }) });
    await section.locator('button[type="submit"]:not([disabled])').waitFor();
    await section.locator('input[name="email"]').fill(nobody);
    await section.getByRole("button", { name: texts.account.signInLink.submit }).click();
    await section.getByRole("status").getByText(texts.account.signInLink.sent, { exact: true }).waitFor();
    await expect(outbox.latest(nobody, "signInLink", 1_500)).rejects.toThrow(/No signInLink mail/);
    await page.context().close();
  });

  it("works without JavaScript: the request and the landing page are plain forms the server answers, in Spanish", { timeout: 90_000 }, async () => {
    const texts = TEXTS.es;
    const email = `enlace.sin.js.${Date.now()}@example.org`;
    // Registered in Spanish: account mails go in the account's language (issue 49 item 16).
    await verifiedApiBuyer({ baseUrl, dataDir, email, locale: "es" });
    const context = await browser().newContext({ userAgent: BROWSER_USER_AGENT, javaScriptEnabled: false, viewport: { width: 360, height: 800 } });
    const page = await context.newPage();
    const send = async (button: ReturnType<typeof page.getByRole>) => {
      const [response] = await Promise.all([page.waitForNavigation(), button.click()]);
      return response?.status();
    };

    await page.goto(url(routes.login.path(), "es"));
    const section = page.locator("section", { has: page.getByRole("heading", { name: texts.account.signInLink.heading }) });
    await section.locator('input[name="email"]').fill(email);
    await expect(send(section.getByRole("button", { name: texts.account.signInLink.submit }))).resolves.toBe(200);
    await page.getByText(texts.account.signInLink.sent, { exact: true }).waitFor();

    const mail = await outbox.latest(email, "signInLink");
    expect(mail.locale).toBe("es");
    await page.goto(linkIn(mail, "/login/?code="));
    // Nothing remembers the address here: it is typed.
    await page.locator('main input[name="email"]').fill(email);
    await expect(send(page.locator("main").getByRole("button", { name: texts.account.signInLink.signIn }))).resolves.toBe(200);
    expect(page.url()).toBe(url(routes.dashboard.path(), "es"));
    await context.close();
  });
});
