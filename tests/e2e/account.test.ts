import { afterAll, describe, expect, inject, it } from "vitest";
import { DEFAULT_LOCALE_SETTINGS, HOST_SESSION_COOKIE, localisePath, routes } from "../../core";
import { accountPages, TEXTS } from "./support/account-pages";
import { signedUpVisitor } from "./support/accounts";
import { BROWSER_USER_AGENT, expectAccessible, newPage, sharedBrowser } from "./support/browser";
import { composition } from "./support/js-composition";
import { linkIn, mailOutbox } from "./support/outbox";

const baseUrl = inject("baseUrl");
const browser = sharedBrowser();
const outbox = mailOutbox(inject("dataDir"));
afterAll(() => outbox.close());

// Passwords the local provider accepts: 6–72 characters and none of zxcvbn's common ones.
const PASSWORD = "Túria-arena-2026!";
const NEW_PASSWORD = "Pavelló-del-Túria-77";

// Each flow signs in with a return path: val with one that would leave the site (it falls back to the dashboard).
const RETURN_TO = { val: "//evil.example/", es: "/es/dashboard/" } as const;

describe.each(["val", "es"] as const)("an account's life, in %s", (language) => {
  it("registers, verifies by mail, signs in, updates, changes password and language, and is deleted for good", { timeout: 120_000 }, async () => {
    const email = `ana.${language}.${Date.now()}@example.org`;
    const texts = TEXTS[language];

    // Registration signs no one in: the page says to check the mail, as it would for an address
    // that has an account, whose owner is mailed instead (issue 48 item 9: tests/security/account-enumeration.test.ts).
    const registering = await newPage(browser());
    const newcomer = accountPages(registering, baseUrl, language);
    await newcomer.register({ name: "Ana", surname: "Puig", email, password: PASSWORD });
    await expectAccessible(registering);
    await registering.context().close();

    // The mail in the outbox, written in the language the visitor registered in.
    const mail = await outbox.latest(email, "verifyEmail");
    expect(mail.locale).toBe(language);
    const link = linkIn(mail, "/verify-email/");
    expect(link.startsWith(`${baseUrl}/${language}/verify-email/?code=`)).toBe(true);

    // The link opened elsewhere (another device, signed out), then signing in there.
    const page = await newPage(browser());
    const ana = accountPages(page, baseUrl, language);
    await ana.verify(link);
    await ana.signInToDashboard(email, PASSWORD, RETURN_TO[language]);
    await expectAccessible(page);

    await ana.updateDetails({ name: "Anna", surname: "Puig i Ferrer", phone: "+34 600 000 000", birthdate: "1990-06-15", address: "Carrer Major 1, València" });
    await expect(ana.greeting()).resolves.toBe(texts.dashboard.greeting.replace("{{name}}", "Anna Puig i Ferrer"));
    await expect(ana.storedProfile()).resolves.toMatchObject({ name: "Anna", phone: "+34 600 000 000", preferredLanguage: language });

    await ana.changePassword(PASSWORD, NEW_PASSWORD);
    // The owner is told, in the account's language (OWASP ASVS: a change they did not make is taken back from the mail).
    const told = await outbox.latest(email, "passwordChanged");
    expect(told.locale).toBe(language);
    expect(linkIn(told, "/forgot-password/")).toBe(`${baseUrl}/${language}/forgot-password/`);

    await ana.changeLanguage("en");
    await expect(ana.storedProfile()).resolves.toMatchObject({ preferredLanguage: "en" });

    await ana.deleteAccount();

    // Signing in again, in the flow's language: the provider no longer knows the address. Neither
    // provider says whether an address has an account (better-auth and Firebase's email enumeration
    // protection both answer with the invalid credential), so that is the message shown.
    const again = accountPages(page, baseUrl, language);
    await expect(again.signInRefused(email, NEW_PASSWORD, texts.account.error.invalidCredential)).resolves.toBe(texts.account.error.invalidCredential);
    await page.context().close();
  });
});

describe("the account forms", () => {
  it("say what is wrong on blur, in the page's language, and take the focus to the first invalid field on submit", async () => {
    const page = await newPage(browser());
    const visitor = accountPages(page, baseUrl, "val");
    const form = await visitor.openRegistration();
    const texts = TEXTS.val;

    const surname = form.locator('input[name="surname"]');
    await surname.focus();
    await surname.blur();
    await form.getByText(texts.validation.surname.required, { exact: true }).waitFor();
    await expect(surname.getAttribute("aria-invalid")).resolves.toBe("true");
    const described = await surname.getAttribute("aria-describedby");
    await expect(page.locator(`[id="${described}"]`).textContent()).resolves.toBe(texts.validation.surname.required);

    await form.locator('button[type="submit"]').click();
    await form.getByRole("alert").getByText(texts.validation.form.incomplete, { exact: true }).waitFor();
    await expect(page.evaluate(() => document.activeElement?.getAttribute("name"))).resolves.toBe("name");
    await expectAccessible(page);
    await page.context().close();
  });

  it("are posted as without JavaScript when their checks cannot load (a newer build), and the server answers; a verification link still verifies", async () => {
    const page = await newPage(browser());
    // The forms' schemas load with Effect on a form's first use: here they never arrive.
    const effectChunks = new Set(Object.entries(composition).flatMap(([script, packages]) => (packages.effect ? [script] : [])));
    expect(effectChunks.size).toBeGreaterThan(0);
    await page.route((url) => effectChunks.has(url.pathname), (route) => route.abort());
    const visitor = accountPages(page, baseUrl, "en");
    const form = await visitor.signIn("nobody.here@example.org", "Wrong-pass-123");
    await form.getByRole("alert").getByText(TEXTS.en.account.error.invalidCredential, { exact: true }).waitFor();
    await expect(form.locator('input[name="email"]').inputValue()).resolves.toBe("nobody.here@example.org");
    // The verification link's code is sent to the provider unchecked, which judges it.
    const email = `ana.unchecked.${Date.now()}@example.org`;
    await signedUpVisitor(baseUrl, { email, password: PASSWORD, name: "Ana", surname: "Puig" });
    await visitor.verify(linkIn(await outbox.latest(email, "verifyEmail"), "/verify-email/"));
    await page.context().close();
  });

  it("say that a verification link did not verify, with SPEC §5's message of its own above why (val)", async () => {
    const page = await newPage(browser());
    await page.goto(`${baseUrl}/val/verify-email/?code=x`);
    const alert = page.getByRole("alert");
    await alert.getByText(TEXTS.val.validation.email.verificationFailed, { exact: true }).waitFor();
    await alert.getByText(TEXTS.val.account.error.invalidOrExpiredLink, { exact: true }).waitFor();
    await expectAccessible(page);
    await page.context().close();
  });

  it("say at once that a reset link was used already, before a password is typed (en)", async () => {
    const email = `ana.used-link.${Date.now()}@example.org`;
    const visitor = await signedUpVisitor(baseUrl, { email, password: PASSWORD, name: "Ana", surname: "Puig" });
    await visitor.call("/api/auth/request-password-reset", { method: "POST", body: { email, locale: "en" } });
    const link = linkIn(await outbox.latest(email, "resetPassword"), "/reset-password/");
    const used = await visitor.call("/api/auth/reset-password", { method: "POST", body: { code: new URL(link).searchParams.get("code"), newPassword: NEW_PASSWORD } });
    expect(used.status).toBe(200);
    const page = await newPage(browser());
    await page.goto(link);
    await page.getByRole("alert").getByText(TEXTS.en.account.error.invalidOrExpiredLink, { exact: true }).waitFor();
    await expect(page.locator('input[name="newPassword"]').count()).resolves.toBe(0);
    await expect(page.getByRole("link", { name: TEXTS.en.account.reset.requestNew }).count()).resolves.toBe(1);
    await page.context().close();
  });

  it("are private; those reached from a mail or a step of another stay out of search results", async () => {
    for (const path of ["/es/verify-email/?code=x", "/en/forgot-password/", "/val/reset-password/?code=x"]) {
      const response = await fetch(`${baseUrl}${path}`);
      expect(response.status, path).toBe(200);
      expect(response.headers.get("cache-control"), path).toBe("private, no-store");
      expect(response.headers.get("x-robots-tag"), path).toBe("noindex");
      expect(await response.text(), path).toMatch(/<meta name="robots" content="noindex"\s*\/?>/);
    }
  });

  it("are private but found in search where they are the way in: sign-in and registration", async () => {
    for (const path of ["/en/login/", "/val/register/"]) {
      const response = await fetch(`${baseUrl}${path}`);
      expect(response.status, path).toBe(200);
      expect(response.headers.get("cache-control"), path).toBe("private, no-store");
      expect(response.headers.get("x-robots-tag"), path).toBeNull();
      const html = await response.text();
      expect(html, path).not.toContain('name="robots"');
      expect(html, path).toMatch(new RegExp(`<link rel="canonical" href="[^"]*${path}"`));
    }
  });
});

describe("the account pages without JavaScript", () => {
  it("register, verify, sign in, reset a password and sign out as plain forms the server answers, in the page's language", { timeout: 90_000 }, async () => {
    const texts = TEXTS.es;
    const email = `sin.js.${Date.now()}@example.org`;
    const context = await browser().newContext({ userAgent: BROWSER_USER_AGENT, javaScriptEnabled: false, viewport: { width: 360, height: 800 } });
    const page = await context.newPage();
    const main = page.locator("main");
    // The page's account form: the sign-in page's first, its sign-in link form coming after it.
    const form = main.locator("form").first();
    const url = (logicalPath: string) => `${baseUrl}${localisePath(logicalPath, "es", DEFAULT_LOCALE_SETTINGS)}`;
    /** Sends the page's account form and returns the status of the page that answers (after a redirect, that page's). */
    const send = async () => {
      const [response] = await Promise.all([page.waitForNavigation(), form.locator('button[type="submit"]').click()]);
      return response?.status();
    };

    // Registration: the server checks what the browser would, and keeps what was typed (never a password).
    await page.goto(url(routes.register.path()));
    await expect(main.getByText(texts.account.form.needsJavaScript).count()).resolves.toBe(0);
    await form.locator('input[name="name"]').fill("Ana");
    await form.locator('input[name="email"]').fill(email);
    await form.locator('input[name="password"]').fill(PASSWORD);
    await expect(send()).resolves.toBe(422);
    await main.getByText(texts.validation.surname.required, { exact: true }).waitFor();
    await main.getByText(texts.validation.consent.privacyPolicy, { exact: true }).waitFor();
    await main.getByRole("alert").getByText(texts.validation.form.incomplete, { exact: true }).waitFor();
    await expect(form.locator('input[name="name"]').inputValue()).resolves.toBe("Ana");
    await expect(form.locator('input[name="password"]').inputValue()).resolves.toBe("");

    await form.locator('input[name="surname"]').fill("Puig");
    await form.locator('input[name="password"]').fill(PASSWORD);
    await form.locator('input[name="passwordConfirmation"]').fill(PASSWORD);
    await form.locator('input[name="privacyPolicy"]').check();
    await expect(send()).resolves.toBe(200);
    // Nobody signed in: the page says to check the mail, whether the address had an account or not.
    expect(page.url()).toBe(url(routes.register.path()));
    await main.getByRole("status").getByText(texts.account.register.checkMail, { exact: true }).waitFor();
    expect((await context.cookies()).find((cookie) => cookie.name === HOST_SESSION_COOKIE)).toBeUndefined();

    // The mailed link's page is a button that applies the code.
    const mail = await outbox.latest(email, "verifyEmail");
    expect(mail.locale).toBe("es");
    await page.goto(linkIn(mail, "/verify-email/"));
    await expect(send()).resolves.toBe(200);
    await main.getByRole("status").getByText(texts.account.verification.done, { exact: true }).waitFor();
    await context.clearCookies();

    // Sign-in: a wrong password is told in the page's language; then the dashboard, not the foreign returnTo.
    await page.goto(url(routes.login.path({ returnTo: "//evil.example/" })));
    await form.locator('input[name="email"]').fill(email);
    await form.locator('input[name="password"]').fill("not-her-password-9");
    await expect(send()).resolves.toBe(422);
    await main.getByRole("alert").getByText(texts.account.error.invalidCredential, { exact: true }).waitFor();
    await expect(form.locator('input[name="email"]').inputValue()).resolves.toBe(email);
    await form.locator('input[name="password"]').fill(PASSWORD);
    await expect(send()).resolves.toBe(200);
    expect(page.url()).toBe(url(routes.dashboard.path()));
    await expect(page.locator("h1 + p").textContent()).resolves.toBe(texts.dashboard.greeting.replace("{{name}}", "Ana Puig"));
    const cookies = await context.cookies();
    expect(cookies.find((cookie) => cookie.name === HOST_SESSION_COOKIE)).toMatchObject({ httpOnly: true, sameSite: "Lax", secure: true });
    await context.clearCookies();

    // A forgotten password: the same answer as for any address, then the mailed link's form.
    await page.goto(url(routes.forgotPassword.path()));
    await form.locator('input[name="email"]').fill(email);
    await expect(send()).resolves.toBe(200);
    await main.getByRole("status").getByText(texts.feedback.success.emailSent, { exact: true }).waitFor();
    await page.goto(linkIn(await outbox.latest(email, "resetPassword"), "/reset-password/"));
    await form.locator('input[name="newPassword"]').fill(NEW_PASSWORD);
    await form.locator('input[name="newPasswordConfirmation"]').fill(`${NEW_PASSWORD}?`);
    await expect(send()).resolves.toBe(422);
    await main.getByText(texts.validation.password.mismatch, { exact: true }).waitFor();
    await form.locator('input[name="newPassword"]').fill(NEW_PASSWORD);
    await form.locator('input[name="newPasswordConfirmation"]').fill(NEW_PASSWORD);
    await expect(send()).resolves.toBe(200);
    await main.getByRole("status").getByText(texts.feedback.success.passwordUpdated, { exact: true }).waitFor();

    await page.goto(url(routes.login.path()));
    await form.locator('input[name="email"]').fill(email);
    await form.locator('input[name="password"]').fill(NEW_PASSWORD);
    await expect(send()).resolves.toBe(200);
    expect(page.url()).toBe(url(routes.dashboard.path()));

    // Signing out: home, and the dashboard asks for a sign-in again.
    await Promise.all([page.waitForNavigation(), main.getByRole("button", { name: texts.account.signOut, exact: true }).click()]);
    expect(page.url()).toBe(url(routes.content.path({ slug: "" })));
    expect((await context.cookies()).map((cookie) => cookie.name)).not.toContain(HOST_SESSION_COOKIE);
    await page.goto(url(routes.dashboard.path()));
    expect(new URL(page.url()).pathname).toBe(localisePath(routes.login.path(), "es", DEFAULT_LOCALE_SETTINGS));
    await context.close();
  });
});
