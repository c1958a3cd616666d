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

  const scrolledToRest = () =>
    page.waitForFunction(() => new Promise<boolean>((resolve) => {
      const y = window.scrollY;
      requestAnimationFrame(() => requestAnimationFrame(() => resolve(window.scrollY === y)));
    }));

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
    /**
     * Types into a field, then clicks the submit button with the mouse at once, as a hand does:
     * pressed, held a tenth of a second, released where it was pressed.
     */
    async typeThenClickSubmit(kind: LeadFormKind, name: string, text: string) {
      const button = form(kind).locator('button[type="submit"]');
      // The page scrolls smoothly (to a form's first problem, say): a hand aims once it is still, the
      // button at the foot of the window and the field above it in view (typing would scroll to it).
      await scrolledToRest();
      await button.evaluate((element) => element.scrollIntoView({ block: "end", behavior: "instant" }));
      await scrolledToRest();
      const inView = await field(kind, name).evaluate((element) => element.getBoundingClientRect().top >= 0);
      if (!inView) throw new Error(`The ${kind} form's ${name} field and its submit button do not fit in the window together`);
      const box = await button.boundingBox();
      if (!box) throw new Error(`The ${kind} form's submit button is not shown`);
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      // As a hand that has scrolled to the button: the field keeps its place on the page.
      await field(kind, name).evaluate((element: HTMLElement) => element.focus({ preventScroll: true }));
      await page.keyboard.type(text);
      await page.mouse.down();
      await page.waitForTimeout(100);
      await page.mouse.up();
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
