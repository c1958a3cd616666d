import { readFileSync } from "node:fs";
import { describe, expect, inject, it } from "vitest";
import { BROWSER_USER_AGENT } from "./support/browser";

// Issue 12: a page is sent the texts its code may show, in its language. The forms' texts are the
// largest share: every page's footer has the newsletter form, and a page is sent only the field
// messages, labels, choices and buttons of the forms it shows (ui/shell/lead-form/forms/ and the
// core's <form>.settings.ts, one module per form).
const baseUrl = inject("baseUrl");

/** The text keys a page's HTML carries for its browser code. */
async function textKeysOf(path: string): Promise<string[]> {
  const html = await (await fetch(`${baseUrl}${path}`, { headers: { "User-Agent": BROWSER_USER_AGENT } })).text();
  const pageContext = /<script id="vike_pageContext" type="application\/json"[^>]*>(.*?)<\/script>/s.exec(html)?.[1];
  expect(pageContext, path).toBeDefined();
  const texts = JSON.parse(JSON.parse(pageContext!).textsJson as string) as Record<string, unknown>;
  const keysOf = (tree: Record<string, unknown>, prefix = ""): string[] =>
    Object.entries(tree).flatMap(([key, value]) => (typeof value === "string" ? [`${prefix}${key}`] : keysOf(value as Record<string, unknown>, `${prefix}${key}.`)));
  return keysOf(texts);
}

const NEWSLETTER_MESSAGES = ["validation.email.required", "validation.email.invalid", "validation.consent.privacyPolicy", "validation.consent.marketing"];
const NEWSLETTER_WORDS = ["leadForm.field.email", "leadForm.consent.privacyPolicy", "leadForm.consent.marketing", "leadForm.submit.newsletter", "leadForm.success.newsletter"];
// The other forms' labels, choices and buttons; and the names the team's mail gives the consents.
const OTHER_FORMS_WORDS = [
  "leadForm.field.name",
  "leadForm.field.subject",
  "leadForm.field.companyType",
  "leadForm.field.jobOffer",
  "leadForm.consent.communication",
  "hospitality.product.boxes",
  "leadForm.companyType.company",
  "leadForm.chooseOption",
  "leadForm.submit.contact",
  "leadForm.sendAnother",
  "leadForm.field.privacyPolicy",
];

describe("the texts a page is sent", () => {
  it("hold the newsletter form's messages on a page without another form, and none of the other forms' fields or other APIs' refusals", async () => {
    const keys = await textKeysOf("/es/legal-notice/");
    for (const key of [...NEWSLETTER_MESSAGES, ...NEWSLETTER_WORDS]) expect(keys).toContain(key);
    const otherForms = ["validation.name.required", "validation.subject.required", "validation.cif.invalid", "validation.cv.required", "validation.consent.communication", "validation.password.length", "validation.password.mismatch"];
    // The CV's control and its upload's messages: the job application's alone.
    // The ticket purchase's failures, the account API's refusals and the account's notices: the pages that show them.
    const otherCalls = ["tickets.error.soldOut", "tickets.error.unknownCode", "account.error.wrongPassword", "account.error.emailNotVerified", "feedback.success.passwordUpdated", "feedback.success.dataUpdated"];
    for (const key of [...otherForms, ...OTHER_FORMS_WORDS, "leadForm.cv.hint", "leadForm.cv.canceled", "storage.error.retryLimitExceeded", ...otherCalls]) {
      expect(keys).not.toContain(key);
    }
  });

  it("hold none of the preview's notes for editors (a block this site does not know, a page with none it knows)", async () => {
    for (const path of ["/es/legal-notice/", "/en/faq/", "/val/restaurants/"]) {
      const keys = await textKeysOf(path);
      expect(keys).not.toContain("blocks.unknown");
      expect(keys).not.toContain("blocks.nothingRenderable");
    }
  });

  it("hold the hero slider's texts on a page with a hero, and not on a page without one", async () => {
    const hero = ["heroSlider.label", "carousel.next", "carousel.previous", "carousel.pause"];
    const home = await textKeysOf("/val/");
    for (const key of hero) expect(home).toContain(key);
    const legalNotice = await textKeysOf("/val/legal-notice/");
    for (const key of hero) expect(legalNotice).not.toContain(key);
  });

  it("hold the contact form's messages and words on the page that shows it, and not the hospitality form's", async () => {
    const keys = await textKeysOf("/en/contact/");
    const contact = ["validation.event.required", "validation.name.required", "validation.phone.invalid", "validation.subject.required", "validation.message.length", "validation.consent.communication"];
    const contactWords = ["leadForm.field.name", "leadForm.field.subject", "leadForm.field.event", "leadForm.chooseOption", "leadForm.consent.communication", "leadForm.submit.contact", "leadForm.sendAnother"];
    for (const key of [...NEWSLETTER_MESSAGES, ...contact, ...contactWords]) expect(keys).toContain(key);
    for (const key of ["leadForm.field.companyType", "hospitality.product.boxes", "leadForm.submit.hospitality"]) expect(keys).not.toContain(key);
  });

  it("hold the hospitality form's choices on the hospitality page", async () => {
    const keys = await textKeysOf("/es/hospitality/");
    for (const key of ["leadForm.field.productOfInterest", "hospitality.product.boxes", "leadForm.companyType.individual", "leadForm.chooseOption", "leadForm.submit.hospitality"]) {
      expect(keys).toContain(key);
    }
  });

  it("hold the job application's messages and its CV upload's on the job offers' page", async () => {
    const keys = await textKeysOf("/val/jobs/");
    for (const key of ["validation.jobOffer.required", "validation.birthdate.invalid", "validation.cv.required", "leadForm.cv.hint", "leadForm.cv.canceled"]) {
      expect(keys).toContain(key);
    }
  });

  it("hold the account's field messages on the register page, and none of the lead forms' own fields", async () => {
    const keys = await textKeysOf("/val/register/");
    for (const key of ["validation.name.length", "validation.password.length", "validation.password.mismatch", "validation.birthdate.invalid", "validation.address.required"]) expect(keys).toContain(key);
    for (const key of ["validation.cif.required", "validation.subject.required", "validation.message.required", "validation.jobOffer.required", "validation.latitude.range"]) {
      expect(keys).not.toContain(key);
    }
  });

  it("hold the ticket purchase's own failures on the ticket page", () => {
    // A signed-in buyer's page: its keys as the build listed them for the server.
    const keys = (JSON.parse(readFileSync("dist/page-texts.json", "utf8")) as Record<string, string[]>)["/ui/pages/event-tickets"] ?? [];
    for (const key of ["tickets.error.soldOut", "tickets.error.holdExpired", "tickets.error.paymentFailed", "tickets.error.network"]) expect(keys).toContain(key);
  });
});
