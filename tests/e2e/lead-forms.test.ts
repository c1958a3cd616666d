import { afterAll, describe, expect, inject, it } from "vitest";
import { openDatabase } from "../../adapters/embedded/database/open-database";
import { createSqliteFormInbox } from "../../adapters/embedded/forms/sqlite-form-inbox.adapter";
import type { LeadFormKind, LocaleCode } from "../../core";
import { pdfFile } from "../unit/support/cv-files";
import { BROWSER_USER_AGENT, expectAccessible, newPage, sharedBrowser, waitForHydrated, waitForHydration } from "./support/browser";
import { signedUpVisitor } from "./support/accounts";
import { leadForms } from "./support/lead-forms";
import { linkIn, mailOutbox } from "./support/outbox";

const baseUrl = inject("baseUrl");
const browser = sharedBrowser();
const db = openDatabase(inject("dataDir"));
const inbox = createSqliteFormInbox(db);
const outbox = mailOutbox(inject("dataDir"));
afterAll(() => {
  outbox.close();
  db.close();
});

const person = (tag: string) => ({
  name: "Ana",
  surname: "García Puig",
  email: `ana.${tag}.${Date.now()}@example.org`,
  phone: "+34 600 000 000",
});

/** A valid submission of each form, apart from the CV (uploaded by the test). */
function validValues(kind: LeadFormKind, tag: string): Record<string, string | boolean> {
  const { name, surname, email, phone } = person(tag);
  switch (kind) {
    case "contact":
      return { name, surname, email, phone, event: "lua-serrano-marea-alta", subject: "Accessible seats", message: "Do you have wheelchair spaces? <b>Thanks</b>", privacyPolicy: true, communication: true };
    case "hospitality":
      return {
        name,
        surname,
        email,
        phone,
        companyName: "Horta Nord SL",
        companyPosition: "CEO",
        cif: "B12345674",
        companyType: "company",
        productOfInterest: "boxes",
        interestIn: "A box for ten",
        message: "For the basketball season.",
        privacyPolicy: true,
        communication: true,
      };
    case "newsletter":
      return { email, privacyPolicy: true, marketing: true };
    case "job-application":
      return { jobOffer: "coordinador-hospitality", name, surname, email, phone, birthdate: "1990-05-17", address: "Carrer de la Mar 1, València", privacyPolicy: true };
  }
}

const REQUIRED_FIRST: Record<LeadFormKind, { field: string; key: (texts: ReturnType<typeof leadForms>["texts"]) => string }> = {
  contact: { field: "name", key: (texts) => texts.validation.name.required },
  hospitality: { field: "companyName", key: (texts) => texts.validation.companyName.required },
  newsletter: { field: "email", key: (texts) => texts.validation.email.required },
  "job-application": { field: "address", key: (texts) => texts.validation.address.required },
};

describe.each(["es", "en", "val"] as const)("the lead forms in %s", (language: LocaleCode) => {
  it.each(["contact", "hospitality", "newsletter", "job-application"] as const)(
    "%s: says what is missing once a field is left, then sends and says so",
    { timeout: 60_000 },
    async (kind) => {
      const page = await newPage(browser());
      const forms = leadForms(page, baseUrl, language);
      await forms.open(kind);

      // SPEC §5: a message on blur, in the page's language.
      const { field, key } = REQUIRED_FIRST[kind];
      await forms.field(kind, field).focus();
      await forms.leave(kind, field);
      await expect.poll(() => forms.fieldMessages(kind)).toEqual([key(forms.texts)]);

      const values = validValues(kind, `${kind}.${language}`);
      await forms.fill(kind, values);
      if (kind === "job-application") {
        await forms.field(kind, "cv").setInputFiles({ name: "Ana CV.pdf", mimeType: "application/pdf", buffer: Buffer.from(pdfFile()) });
        // A small file in kilobytes, not "(0 MB)".
        const size = new Intl.NumberFormat(language === "val" ? "ca-ES-valencia" : language, { style: "unit", unit: "kilobyte" }).format(1);
        await forms.message("status", forms.texts.leadForm.cv.uploaded.replace("{{name}}", "Ana CV.pdf").replace("{{size}}", size));
      }
      await forms.submit(kind);
      const success = kind === "newsletter" ? forms.texts.leadForm.success.newsletter : forms.texts.feedback.success.formSubmitted;
      await forms.message("status", success);
      // Another message makes sense after a contact, hospitality or job form; a subscription is made once.
      const sendAnother = page.getByRole("button", { name: forms.texts.leadForm.sendAnother });
      await expect.poll(() => sendAnother.count()).toBe(kind === "newsletter" ? 0 : 1);

      // Stored, in the visitor's language, exactly as typed.
      const stored = (await inbox.list({ kind })).find((submission) => submission.fields.email === values.email);
      expect(stored?.locale).toBe(language);
      for (const [name, value] of Object.entries(values)) expect(stored?.fields[name]).toBe(value);
      await page.context().close();
    },
  );
});

describe("a lead form's problems", () => {
  it("says the form is incomplete and takes the focus to the first problem, each field's message accessible", { timeout: 60_000 }, async () => {
    const page = await newPage(browser(), { width: 390, height: 844 });
    const forms = leadForms(page, baseUrl, "es");
    await forms.open("contact");
    await forms.fill("contact", { name: "Ana", email: "not an address" });
    await forms.submit("contact");
    await forms.message("alert", forms.texts.validation.form.incomplete);
    expect(await forms.focusedField()).toBe("surname");
    const email = forms.field("contact", "email");
    const describedBy = (await email.getAttribute("aria-describedby")) ?? "";
    await expect(page.locator(`[id="${describedBy}"]`).textContent()).resolves.toContain(forms.texts.validation.email.invalid);
    await expectAccessible(page);
    await page.context().close();
  });

  it("asks for the contact's event, required as SPEC §5 lists it, with its message once the field is left", { timeout: 60_000 }, async () => {
    const page = await newPage(browser());
    const forms = leadForms(page, baseUrl, "en");
    await forms.open("contact");
    const event = forms.field("contact", "event");
    await expect(event.getAttribute("required")).resolves.toBe("");
    await expect(event.locator("option").first().textContent()).resolves.toBe(forms.texts.leadForm.chooseOption);
    await event.focus();
    await forms.leave("contact", "event");
    await expect.poll(() => forms.fieldMessages("contact")).toEqual([forms.texts.validation.event.required]);
    await page.context().close();
  });

  it("says 'Error submitting the form' when the server cannot take it, keeps what was typed, and sends it on a retry", { timeout: 60_000 }, async () => {
    const page = await newPage(browser());
    const forms = leadForms(page, baseUrl, "en");
    await forms.open("contact");
    const values = validValues("contact", "refused");
    await forms.fill("contact", values);
    await page.route("**/api/forms/contact", (route) => route.fulfill({ status: 400, contentType: "application/json", body: '{"error":{"code":"invalid-request","message":"feedback.error.generic"}}' }));
    await forms.submit("contact");
    await forms.message("alert", forms.texts.feedback.error.formSubmitFailed);
    await expect(forms.field("contact", "message").inputValue()).resolves.toBe(values.message);
    await page.unroute("**/api/forms/contact");
    await forms.submit("contact");
    await forms.message("status", forms.texts.feedback.success.formSubmitted);
    await page.context().close();
  });

  it("cancels a CV upload on request, says so in words of the upload alone, and keeps no file in the field", { timeout: 60_000 }, async () => {
    const page = await newPage(browser());
    const forms = leadForms(page, baseUrl, "val");
    await forms.open("job-application");
    // The upload never ends by itself: only the visitor's cancel does.
    await page.route("**/api/forms/uploads", () => new Promise(() => {}));
    await forms.field("job-application", "cv").setInputFiles({ name: "cv.pdf", mimeType: "application/pdf", buffer: Buffer.from(pdfFile()) });
    await page.getByRole("button", { name: forms.texts.leadForm.cv.cancel }).click();
    await forms.message("status", forms.texts.leadForm.cv.canceled);
    await expect(forms.field("job-application", "cv").evaluate((input: HTMLInputElement) => input.files?.length ?? 0)).resolves.toBe(0);
    await page.context().close();
  });
});

describe.each(["en", "val"] as const)("a lead form's submit button in %s at 1280 px", (language: LocaleCode) => {
  it("takes the first click right after typing into the last field, whose message goes as the field is left", { timeout: 60_000 }, async () => {
    const page = await newPage(browser(), { width: 1280, height: 800 });
    const forms = leadForms(page, baseUrl, language);
    await forms.open("contact");
    const { message, ...others } = validValues("contact", `first-click.${language}`);
    await forms.fill("contact", others);
    await forms.submit("contact");
    await forms.message("alert", forms.texts.validation.form.incomplete);
    expect(await forms.fieldMessages("contact")).toEqual([forms.texts.validation.message.required]);

    // The message goes when the field is left, on the press: the button below it must not move before the release.
    await forms.typeThenClickSubmit("contact", "message", String(message));
    await forms.message("status", forms.texts.feedback.success.formSubmitted);
    const stored = (await inbox.list({ kind: "contact" })).find((submission) => submission.fields.email === others.email);
    expect(stored?.fields.message).toBe(message);
    await page.context().close();
  });
});

describe("a signed-in visitor's lead form", () => {
  it("starts with what the account knows, in the empty fields, once the form is used", { timeout: 60_000 }, async () => {
    const email = `prefill.${Date.now()}@example.org`;
    const visitor = await signedUpVisitor(baseUrl, { email, password: "Túria-arena-2026!", name: "Ana", surname: "Puig Ferrer", locale: "en" });
    const page = await newPage(browser());
    await page.context().addCookies(visitor.cookies);
    const forms = leadForms(page, baseUrl, "en");
    await forms.open("contact");
    const detailsCall = page.waitForRequest((request) => new URL(request.url()).pathname === "/api/account/contact-details");
    await forms.fill("contact", { name: "Anna" });
    // The form's calls carry the signed-in visitor's token, as the account pages' do (SPEC §7).
    await expect((await detailsCall).headerValue("authorization")).resolves.toMatch(/^Bearer \S{20,}$/);
    await expect.poll(() => forms.field("contact", "email").inputValue()).toBe(email);
    await expect(forms.field("contact", "surname").inputValue()).resolves.toBe("Puig Ferrer");
    // What the visitor typed stays theirs.
    await expect(forms.field("contact", "name").inputValue()).resolves.toBe("Anna");
    await page.context().close();
  });
});

describe("a lead form without JavaScript", () => {
  it("posts to its page, which comes back with the messages and the values, then with the success", { timeout: 60_000 }, async () => {
    const context = await browser().newContext({ javaScriptEnabled: false, locale: "ca-ES" });
    const page = await context.newPage();
    const forms = leadForms(page, baseUrl, "val");
    await forms.open("hospitality", { hydrated: false });
    const values = validValues("hospitality", "nojs");
    await forms.fill("hospitality", { ...values, cif: "B12345678" });
    await forms.submit("hospitality");
    await page.waitForLoadState("domcontentloaded");
    expect(await forms.fieldMessages("hospitality")).toEqual([forms.texts.validation.cif.invalid]);
    await expect(forms.field("hospitality", "companyName").inputValue()).resolves.toBe(values.companyName);
    await expect(forms.form("hospitality").getByRole("alert").textContent()).resolves.toContain(forms.texts.validation.form.incomplete);

    await forms.field("hospitality", "cif").fill("B12345674");
    await forms.submit("hospitality");
    await forms.message("status", forms.texts.feedback.success.formSubmitted);
    const stored = (await inbox.list({ kind: "hospitality" })).find((submission) => submission.fields.email === values.email);
    expect(stored?.locale).toBe("val");
    await context.close();
  });
});

describe("a job application without JavaScript and a CV too large to take", () => {
  it("comes back (413) with everything typed and the CV's message, in the page's language", { timeout: 90_000 }, async () => {
    const context = await browser().newContext({ javaScriptEnabled: false, locale: "ca-ES" });
    const page = await context.newPage();
    const forms = leadForms(page, baseUrl, "val");
    await forms.open("job-application", { hydrated: false });
    const values = validValues("job-application", "nojs-20mb");
    await forms.fill("job-application", values);
    const cv = new Uint8Array(20 * 1024 * 1024);
    cv.set(pdfFile());
    await forms.field("job-application", "cv").setInputFiles({ name: "cv.pdf", mimeType: "application/pdf", buffer: Buffer.from(cv) });
    const [answer] = await Promise.all([page.waitForResponse((response) => response.request().method() === "POST"), forms.submit("job-application")]);
    await page.waitForLoadState("domcontentloaded");
    expect(answer.status()).toBe(413);
    expect(await forms.fieldMessages("job-application")).toEqual([forms.texts.validation.cv.tooLarge]);
    for (const name of ["name", "surname", "email", "phone", "address"]) await expect(forms.field("job-application", name).inputValue(), name).resolves.toBe(values[name]);
    await expect(forms.field("job-application", "privacyPolicy").isChecked()).resolves.toBe(true);
    expect(await inbox.list({ kind: "job-application" })).not.toContainEqual(expect.objectContaining({ fields: expect.objectContaining({ email: values.email }) }));
    await context.close();
  });
});

describe("the footer's newsletter form, hydrated after the page", () => {
  it("keeps what was typed before its code arrived, and checks it", async () => {
    const page = await newPage(browser(), { width: 390 });
    const forms = leadForms(page, baseUrl, "es");
    const path = "/es/legal-notice/";
    // Its code comes after the page's: held back until the visitor has typed.
    const upFront = new Set([...(await (await fetch(`${baseUrl}${path}`)).text()).matchAll(/(?:src|href)="([^"]+\.js)"/g)].map((match) => match[1]));
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/*.js", async (route) => {
      if (!upFront.has(new URL(route.request().url()).pathname)) await held;
      await route.continue();
    });
    await page.goto(`${baseUrl}${path}`);
    await waitForHydration(page);
    await forms.field("newsletter", "email").fill("ana@example");
    await forms.field("newsletter", "privacyPolicy").check();
    release();
    await waitForHydrated(forms.form("newsletter"));
    expect(await forms.field("newsletter", "email").inputValue()).toBe("ana@example");
    expect(await forms.field("newsletter", "privacyPolicy").isChecked()).toBe(true);
    await forms.field("newsletter", "email").focus();
    await forms.leave("newsletter", "email");
    await expect.poll(() => forms.fieldMessages("newsletter")).toEqual([forms.texts.validation.email.invalid]);
    await page.context().close();
  });
});

describe("the newsletter's double opt-in", () => {
  it("subscribes only once the mailed link's button is pressed, and unsubscribes from the same mail", { timeout: 60_000 }, async () => {
    const page = await newPage(browser());
    const forms = leadForms(page, baseUrl, "val");
    await forms.open("newsletter");
    const values = validValues("newsletter", "optin");
    await forms.fill("newsletter", values);
    await forms.submit("newsletter");
    await forms.message("status", forms.texts.leadForm.success.newsletter);

    const mail = await outbox.latest(String(values.email), "newsletterConfirm");
    expect(mail.locale).toBe("val");
    await page.goto(linkIn(mail, "/newsletter/confirm/"));
    await page.getByRole("button", { name: forms.texts.newsletter.confirm.button }).click();
    await forms.message("status", forms.texts.newsletter.confirm.done);
    await expectAccessible(page);

    await page.goto(linkIn(mail, "/newsletter/unsubscribe/"));
    await page.getByRole("button", { name: forms.texts.newsletter.unsubscribe.button }).click();
    await forms.message("status", forms.texts.newsletter.unsubscribe.done);
    // The footer offers no sign-up under a confirmation or an unsubscription, as it does elsewhere.
    await expect(page.locator("#newsletter-form").count()).resolves.toBe(0);
    await page.goto(linkIn(mail, "/newsletter/confirm/"));
    await expect(page.locator("#newsletter-form").count()).resolves.toBe(0);
    await page.goto(`${baseUrl}/val/faq/`);
    await expect(page.locator("#newsletter-form").count()).resolves.toBe(1);
    await page.context().close();
  });

  it("says a broken link is broken, and what to do instead: subscribe again, or write to be unsubscribed", { timeout: 60_000 }, async () => {
    const page = await newPage(browser());
    // Without its token nothing can work: no button to press, the way on instead.
    const es = leadForms(page, baseUrl, "es");
    await page.goto(`${baseUrl}/es/newsletter/confirm/`);
    await es.message("alert", es.texts.newsletter.confirm.invalidLink);
    await expect(page.getByRole("button", { name: es.texts.newsletter.confirm.button }).count()).resolves.toBe(0);
    await expect(page.getByRole("alert").getByRole("link", { name: es.texts.error.backHome }).getAttribute("href")).resolves.toBe("/es/");
    // A damaged unsubscribe link: never "subscribe again" to someone who wants to leave.
    const val = leadForms(page, baseUrl, "val");
    await page.goto(`${baseUrl}/val/newsletter/unsubscribe/?token=not-a-token`);
    await waitForHydration(page);
    await page.getByRole("button", { name: val.texts.newsletter.unsubscribe.button }).click();
    await val.message("alert", val.texts.newsletter.unsubscribe.invalidLink);
    await expect(page.getByRole("alert").getByRole("link", { name: val.texts.newsletter.unsubscribe.writeToUs }).getAttribute("href")).resolves.toBe("/val/contact/");
    await expectAccessible(page);
    await page.context().close();
    // The same without JavaScript, from the server's answer to the plain form.
    const plain = await browser().newContext({ javaScriptEnabled: false, userAgent: BROWSER_USER_AGENT });
    const noScript = await plain.newPage();
    await noScript.goto(`${baseUrl}/en/newsletter/unsubscribe/?token=not-a-token`);
    const en = leadForms(noScript, baseUrl, "en");
    await noScript.getByRole("button", { name: en.texts.newsletter.unsubscribe.button }).click();
    await en.message("alert", en.texts.newsletter.unsubscribe.invalidLink);
    await plain.close();
  });
});
