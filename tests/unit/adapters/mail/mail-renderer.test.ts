import { describe, expect, it } from "vitest";
import { createBundledMessages } from "../../../../adapters/runtime/bundled-messages.adapter";
import { escapeHtml } from "../../../../adapters/mail/templates/escape-html";
import { createMailRenderer, MailTemplateError } from "../../../../adapters/mail/templates/mail-renderer";
import { MAIL_TEMPLATES } from "../../../../adapters/mail/templates/mail-templates";
import { LOCALE_CODES, LOCALES, type MailMessage, type MailTemplateId, type MailTemplates, type Messages } from "../../../../core";

// A parameter with every character HTML gives a meaning to.
const HOSTILE_LINK = `https://arena.test/verify?code=<script>alert("x")</script>&next='/es/'`;

const messageFor = (template: MailTemplateId, locale: MailMessage["locale"], link = "https://arena.test/es/verify/?code=abc123"): MailMessage => {
  const base = { to: "ana@example.com", locale };
  switch (template) {
    case "verifyEmail":
    case "resetPassword":
    case "signInLink":
    case "passwordChanged":
      return { ...base, template, params: { link } };
    case "accountDeleted":
      return { ...base, template, params: {} };
    case "registrationAttempt":
      return { ...base, template, params: { signInLink: link, resetLink: link } };
    case "leadReceived":
      return {
        ...base,
        template,
        params: { kind: "contact", submissionId: "lead-1", submittedAt: "2030-01-15T10:00:00.000Z", visitorLocale: "val", fields: { name: "Ana", message: link, privacyPolicy: true }, named: {} },
      };
    case "leadConfirmation":
      return { ...base, template, params: { kind: "hospitality" } };
    case "newsletterConfirm":
      return { ...base, template, params: { link }, unsubscribe: { page: link, oneClick: link } };
    case "ticketOrderConfirmation":
      return {
        ...base,
        template,
        params: { orderId: "order-1", eventTitle: link, eventDate: "12 December 2026, 21:30", doorsOpen: "20:30", location: "Main floor", tickets: [{ name: "Standing", code: "7K3M9Q2X4ZRT" }], total: "€35.00", link },
      };
  }
};

const TEMPLATE_IDS = Object.keys(MAIL_TEMPLATES) as MailTemplateId[];
const renderer = createMailRenderer(createBundledMessages());

/** Every tag name of an HTML document: a parameter that was not escaped would add one. */
const tagsOf = (html: string) => new Set([...html.matchAll(/<\/?([a-zA-Z][a-zA-Z0-9]*)/g)].map((match) => match[1]!.toLowerCase()));
const LAYOUT_TAGS = new Set(["html", "head", "meta", "title", "body", "div", "p", "h1", "a", "br", "dl", "dt", "dd"]);

describe("the mail template set", () => {
  for (const template of TEMPLATE_IDS) {
    for (const locale of LOCALE_CODES) {
      it(`renders ${template} in ${locale}: subject, HTML and text, with no missing text`, async () => {
        const mail = await renderer.render(messageFor(template, locale));
        for (const part of [mail.subject, mail.html, mail.text]) {
          expect(part).not.toMatch(/\bmail\.[a-zA-Z]+\.[a-zA-Z]+/); // an untranslated key
          expect(part).not.toContain("{{");
        }
        expect(mail.subject).toContain("Túria Arena");
        expect(mail.html).toContain(`<html lang="${LOCALES[locale].language}"`);
        expect(mail.html).toContain(`<title>${escapeHtml(mail.subject)}</title>`);
        expect(mail.html).toMatch(/<h1 [^>]*>[^<]+<\/h1>/);
        expect(mail.text).toContain("Passeig de l'Albereda 40");
        expect([...tagsOf(mail.html)].filter((tag) => !LAYOUT_TAGS.has(tag))).toEqual([]);
        expect(mail.html).not.toMatch(/<style|<script|<link|class=/); // inline styles only
      });
    }
  }

  it("writes each language's own words", async () => {
    const subjects = await Promise.all(LOCALE_CODES.map(async (locale) => (await renderer.render(messageFor("verifyEmail", locale))).subject));
    expect(subjects).toEqual([
      "Confirma tu correo electrónico en Túria Arena",
      "Confirm your email address for Túria Arena",
      "Confirma el teu correu electrònic en Túria Arena",
    ]);
  });

  it("shows the link in the text version and as a button and an address in the HTML one", async () => {
    const link = "https://arena.test/val/verify/?code=abc123&lang=val";
    const mail = await renderer.render(messageFor("verifyEmail", "val", link));
    expect(mail.text).toContain(`\n${link}\n`);
    expect(mail.html.split(`href="https://arena.test/val/verify/?code=abc123&amp;lang=val"`)).toHaveLength(3);
    expect(mail.html).toContain(">https://arena.test/val/verify/?code=abc123&amp;lang=val</a>");
  });

  it("escapes every parameter in the HTML and keeps it as it is in the text", async () => {
    // Every template that shows something the caller gave (a link, a visitor's words).
    for (const template of TEMPLATE_IDS.filter((id) => id !== "accountDeleted" && id !== "leadConfirmation")) {
      for (const locale of LOCALE_CODES) {
        const mail = await renderer.render(messageFor(template, locale, HOSTILE_LINK));
        expect(mail.html).not.toContain("<script>");
        expect(mail.html).not.toContain(`"x"`);
        expect(mail.html).toContain("https://arena.test/verify?code=&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&amp;next=&#39;/es/&#39;");
        expect([...tagsOf(mail.html)].filter((tag) => !LAYOUT_TAGS.has(tag))).toEqual([]);
        expect(mail.text).toContain(HOSTILE_LINK);
      }
    }
  });

  it("names a lead's fields as its form does, its consents by name and its choices in words", async () => {
    const mail = await renderer.render({
      to: "team@arena.test",
      locale: "en",
      template: "leadReceived",
      params: {
        kind: "hospitality",
        submissionId: "lead-2",
        submittedAt: "2030-01-15T10:00:00.000Z",
        visitorLocale: "es",
        fields: { companyName: "Naranjas SL", productOfInterest: "boxes", companyType: "retired-option", privacyPolicy: true, communication: false, website: "x" },
        named: {},
      },
    });
    const facts = [...mail.html.matchAll(/<dt[^>]*>([^<]*)<\/dt><dd[^>]*>([^<]*)<\/dd>/g)].map((match) => `${match[1]}: ${match[2]}`);
    // When, on the venue's clock, as the team reads dates (the export keeps the UTC instant), and
    // the visitor's language by its name.
    expect(facts.slice(0, 3)).toEqual(["Reference: lead-2", "Sent: January 15, 2030 at 11:00 AM", "Visitor&#39;s language: Español"]);
    expect(mail.text).toMatch(/^Sent:\n\s*January 15, 2030 at 11:00\sAM$/m);
    expect(facts.slice(3)).toEqual([
      "Company name: Naranjas SL",
      "Product of interest: Private boxes",
      "Company type: retired-option",
      "Privacy policy accepted: Yes",
      "Agrees to be contacted: No",
      "Other field: x",
    ]);
  });

  it("writes a job application for the team that reads it: the offer's title, the date of birth in words, the CV by its name, no command (issue 49 item 19)", async () => {
    const application = (named: MailTemplates["leadReceived"]["named"]) =>
      renderer.render({
        to: "jobs@arena.test",
        locale: "es",
        template: "leadReceived",
        params: {
          kind: "job-application",
          submissionId: "lead-3",
          submittedAt: "2030-01-15T10:00:00.000Z",
          visitorLocale: "val",
          fields: { name: "Ana", surname: "Puig", email: "ana@example.com", jobOffer: "camarero-barra", birthdate: "1990-06-15", cv: "Zq3xP0aB1cD2eF3gH4iJ5k", privacyPolicy: true },
          named,
        },
      });
    const mail = await application({ jobOffer: "Camarero/a de barra", cv: { name: "Ana Puig CV.pdf", bytes: 245_760 } });
    const facts = [...mail.html.matchAll(/<dt[^>]*>([^<]*)<\/dt><dd[^>]*>([^<]*)<\/dd>/g)].map((match) => `${match[1]}: ${match[2]}`);
    expect(facts).toEqual(
      expect.arrayContaining(["Oferta de empleo: Camarero/a de barra", "Fecha de nacimiento: 15 de junio de 1990", "CV: Ana Puig CV.pdf (240 kB)"]),
    );
    for (const internal of ["camarero-barra", "1990-06-15", "Zq3xP0aB1cD2eF3gH4iJ5k", "npm"]) {
      expect(mail.text, internal).not.toContain(internal);
      expect(mail.html, internal).not.toContain(internal);
    }
    // A CV the server no longer has, an offer the site no longer publishes: said, not hidden.
    const gone = await application({});
    expect(gone.text).toContain("El CV ya no está en el servidor.");
    expect(gone.text).toContain("camarero-barra");
  });

  it("refuses a link that is not http(s)", async () => {
    await expect(renderer.render(messageFor("resetPassword", "en", "javascript:alert(1)"))).rejects.toThrowError(MailTemplateError);
    await expect(renderer.render(messageFor("resetPassword", "en", "/relative/path"))).rejects.toThrowError(MailTemplateError);
  });

  it("refuses to send a mail with a text missing in the recipient's language, rather than mix languages", async () => {
    const catalog = createBundledMessages();
    const withoutHeading = {
      async load(locale: MailMessage["locale"]): Promise<Messages> {
        const messages = await catalog.load(locale);
        if (locale !== "val") return messages;
        const mail = messages.mail as Messages;
        const { heading: _dropped, ...verifyEmail } = mail.verifyEmail as Messages;
        return { ...messages, mail: { ...mail, verifyEmail } };
      },
    };
    const incomplete = createMailRenderer(withoutHeading);
    await expect(incomplete.render(messageFor("verifyEmail", "en"))).resolves.toBeDefined();
    await expect(incomplete.render(messageFor("verifyEmail", "val"))).rejects.toThrowError(/mail\.verifyEmail\.heading/);
  });
});
