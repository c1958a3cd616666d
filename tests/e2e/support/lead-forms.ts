import type { Locator, Page } from "playwright-core";
import { DEFAULT_LOCALE_SETTINGS, localisePath, type LeadFormKind, type LocaleCode } from "../../../core";
import { TEXTS } from "./account-pages";
import { waitForHydrated, waitForHydration } from "./browser";

/** Where each form is on the site. */
const PAGE_OF: Record<LeadFormKind, string> = {
  contact: "/contact/",
  hospitality: "/hospitality/",
  newsletter: "/",
  "job-application": "/jobs/",
};

const FORM_OF: Record<LeadFormKind, string> = {
  contact: "form[id^='contact-form-']",
  hospitality: "form[id^='hospitality-form-']",
  newsletter: "form#newsletter-form",
  "job-application": "form[id^='job-application-']",
};

/**
 * The lead forms as a visitor uses them, in one language: fields found by their names, messages
 * by the texts of locales/*.json, so that a step reads the same in every language.
 */
export function leadForms(page: Page, baseUrl: string, locale: LocaleCode) {
  const texts = TEXTS[locale];
  const form = (kind: LeadFormKind): Locator => page.locator(FORM_OF[kind]);
  const field = (kind: LeadFormKind, name: string) => form(kind).locator(`[name="${name}"]`);

  return {
    texts,
    form,
    field,
    async open(kind: LeadFormKind, options: { hydrated?: boolean } = {}) {
      await page.goto(`${baseUrl}${localisePath(PAGE_OF[kind], locale, DEFAULT_LOCALE_SETTINGS)}`);
      if (options.hydrated !== false) {
        await waitForHydration(page);
        await waitForHydrated(form(kind));
      }
      await form(kind).scrollIntoViewIfNeeded();
    },
    /** Types into text fields and selects, ticks the checkboxes named `true`. */
    async fill(kind: LeadFormKind, values: Readonly<Record<string, string | boolean>>) {
      for (const [name, value] of Object.entries(values)) {
        const input = field(kind, name);
        if (typeof value === "boolean") await input.setChecked(value);
        else if ((await input.evaluate((element) => element.tagName)) === "SELECT") await input.selectOption(value);
        else await input.fill(value);
      }
    },
    async leave(kind: LeadFormKind, name: string) {
      await field(kind, name).blur();
    },
    async submit(kind: LeadFormKind) {
      await form(kind).locator('button[type="submit"]').click();
    },
    /** The messages shown beside the fields, in order. */
    async fieldMessages(kind: LeadFormKind): Promise<string[]> {
      return (await form(kind).locator("p[id$='-error']").allTextContents()).map((text) => text.replace(/^!\s*/, ""));
    },
    /** Waits for a message in the page's live regions (status or alert). */
    async message(kind: "status" | "alert", text: string) {
      await page.getByRole(kind).getByText(text, { exact: true }).waitFor();
      return text;
    },
    focusedField: () => page.evaluate(() => document.activeElement?.getAttribute("name") ?? null),
  };
}
