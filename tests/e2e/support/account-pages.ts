import type { Locator, Page } from "playwright-core";
import { DEFAULT_LOCALE_SETTINGS, localisePath, routes, type LocaleCode } from "../../../core";
import en from "../../../locales/en.json";
import es from "../../../locales/es.json";
import val from "../../../locales/val.json";
import { waitForHydration } from "./browser";

export const TEXTS = { en, es, val } as const;

export interface Registration {
  readonly name: string;
  readonly surname: string;
  readonly email: string;
  readonly password: string;
}

export interface Details {
  readonly name: string;
  readonly surname: string;
  readonly phone: string;
  /** yyyy-mm-dd */
  readonly birthdate: string;
  readonly address: string;
}

/**
 * The account pages and the dashboard as a visitor uses them, in one language at a time (the
 * dashboard's language setting changes it). Fields are found by their names, buttons and
 * messages by the texts of locales/*.json, so a step reads the same in every language.
 */
export function accountPages(page: Page, baseUrl: string, startLocale: LocaleCode) {
  let locale = startLocale;
  const texts = () => TEXTS[locale];
  const url = (logicalPath: string) => `${baseUrl}${localisePath(logicalPath, locale, DEFAULT_LOCALE_SETTINGS)}`;
  const formWith = (field: string) => page.locator("form", { has: page.locator(`[name="${field}"]`) });

  /** A form is usable once the account machine knows who is here: its submit button is enabled. */
  async function ready(form: Locator): Promise<Locator> {
    await form.locator('button[type="submit"]:not([disabled])').waitFor();
    return form;
  }

  async function fill(form: Locator, values: Readonly<Record<string, string>>) {
    for (const [name, value] of Object.entries(values)) await form.locator(`input[name="${name}"]`).fill(value);
  }

  async function submit(form: Locator) {
    await form.locator('button[type="submit"]').click();
  }

  /** Waits for a message in the page's live regions (status or alert) and returns it. */
  async function message(form: Locator, kind: "status" | "alert", text: string) {
    await form.getByRole(kind).getByText(text, { exact: true }).waitFor();
    return text;
  }

  return {
    get locale() {
      return locale;
    },

    async openRegistration() {
      await page.goto(url(routes.register.path()));
      await waitForHydration(page);
      return ready(formWith("passwordConfirmation"));
    },

    /** Fills the registration form, consents, submits, and waits for the words to check the mail (nobody is signed in). */
    async register(registration: Registration) {
      const form = await this.openRegistration();
      await fill(form, {
        name: registration.name,
        surname: registration.surname,
        email: registration.email,
        password: registration.password,
        passwordConfirmation: registration.password,
      });
      await form.locator('input[name="privacyPolicy"]').check();
      await submit(form);
      await page.getByRole("status").getByText(texts().account.register.checkMail, { exact: true }).waitFor();
    },

    /** Opens the verification mail's link and waits for the verdict. */
    async verify(link: string) {
      await page.goto(link);
      await waitForHydration(page);
      await page.getByRole("status").getByText(texts().account.verification.done, { exact: true }).waitFor();
    },

    /** `returnTo`: the guard's return path, as a link to the sign-in page would carry it. */
    async signIn(email: string, password: string, returnTo?: string) {
      await page.goto(url(routes.login.path({ returnTo })));
      await waitForHydration(page);
      const form = await ready(formWith("password"));
      await fill(form, { email, password });
      await submit(form);
      return form;
    },

    /** Signs in and lands on the dashboard (where an unsafe `returnTo` leads too). */
    async signInToDashboard(email: string, password: string, returnTo?: string) {
      await this.signIn(email, password, returnTo);
      await page.waitForURL(url(routes.dashboard.path()));
      await page.locator("h1", { hasText: texts().dashboard.title }).waitFor();
    },

    /** Signs in and returns the error the page shows. */
    async signInRefused(email: string, password: string, expected: string) {
      const form = await this.signIn(email, password);
      return message(form, "alert", expected);
    },

    greeting: () => page.locator("h1 + p").textContent(),

    async updateDetails(details: Details) {
      const form = await ready(formWith("phone"));
      await fill(form, { ...details });
      await submit(form);
      await message(form, "status", texts().feedback.success.dataUpdated);
    },

    async changePassword(currentPassword: string, newPassword: string) {
      const form = await ready(formWith("currentPassword"));
      await fill(form, { currentPassword, newPassword, newPasswordConfirmation: newPassword });
      await submit(form);
      await message(form, "status", texts().feedback.success.passwordUpdated);
    },

    /** Stores the language and follows the site into it. */
    async changeLanguage(to: LocaleCode) {
      const form = await ready(formWith("preferredLanguage"));
      await form.locator('select[name="preferredLanguage"]').selectOption(to);
      await submit(form);
      locale = to;
      await page.waitForURL(url(routes.dashboard.path()));
      await page.locator("h1", { hasText: texts().dashboard.title }).waitFor();
    },

    /** The profile as the server keeps it, read as the dashboard reads it. */
    storedProfile: () =>
      page.evaluate(async () => {
        const response = await fetch("/api/account/profile", { headers: { Accept: "application/json" } });
        return ((await response.json()) as { profile: { preferredLanguage: string; phone: string | null; name: string } }).profile;
      }),

    /** Removes the account through the confirmation modal, and lands on the home page. */
    async deleteAccount() {
      await page.getByRole("button", { name: texts().dashboard.delete.title, exact: true }).click();
      const dialog = page.getByRole("alertdialog");
      await dialog.getByText(texts().dashboard.delete.confirmText).waitFor();
      await dialog.getByRole("button", { name: texts().dashboard.delete.confirm, exact: true }).click();
      // The page says so, and the focus is on it (issue 49: it landed on the home page without a word).
      const done = texts().account.deletion.done;
      await page.getByRole("status").getByText(done, { exact: true }).waitFor();
      await page.waitForFunction((text) => document.activeElement?.textContent?.includes(text) === true, done);
      if ((await page.locator("main").textContent())?.includes(texts().dashboard.signedInAs.split("{{")[0]!)) throw new Error("The deleted account's page still says who is signed in");
    },
  };
}
