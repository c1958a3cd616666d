import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { LEAD_HONEYPOT_FIELD } from "../../../../../core";
import { pdfFile } from "../../../support/cv-files";
import { ORIGIN, TEAM, leadFormsFixture } from "./support/lead-forms-fixture";

const CONTACT = {
  name: "Ana",
  surname: "García Puig",
  email: "ana@example.com",
  phone: "+34 600 000 000",
  subject: "Accessible seats",
  message: "Hola!\nDo you have wheelchair spaces for the concert?",
  event: "lua-serrano-marea-alta",
  privacyPolicy: true,
  communication: true,
};

let fixture: ReturnType<typeof leadFormsFixture>;
beforeEach(() => {
  fixture = leadFormsFixture();
});
afterEach(() => fixture.close());

const post = (kind: string, body: unknown, headers: Record<string, string> = {}) =>
  fixture.app.request(`/api/forms/${kind}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: ORIGIN, "Accept-Language": "ca", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });

describe("POST /api/forms/{kind}", () => {
  it("stores a valid contact request, then answers 201 and queues the team's and the visitor's mails", async () => {
    const response = await post("contact", CONTACT, { "Idempotency-Key": "key-00000001" });
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: string };
    const stored = await fixture.inbox.find(id);
    expect(stored).toMatchObject({ kind: "contact", locale: "val", fields: CONTACT, idempotencyKey: "key-00000001" });
    expect(stored?.consents.map((consent) => consent.kind)).toEqual(["privacyPolicy", "communication"]);
    // Queued side by side: in either order.
    expect(fixture.mails().map(({ to, template, locale }) => ({ to, template, locale })).sort((a, b) => a.template.localeCompare(b.template))).toEqual([
      { to: "ana@example.com", template: "leadConfirmation", locale: "val" },
      { to: TEAM.contact, template: "leadReceived", locale: "es" },
    ]);
    expect(fixture.mails().find((mail) => mail.template === "leadReceived")?.text).toContain("Do you have wheelchair spaces for the concert?");
  });

  it("stores one submission and queues its mails once when the same key arrives again (200)", async () => {
    const first = await post("contact", CONTACT, { "Idempotency-Key": "key-00000002" });
    const again = await post("contact", CONTACT, { "Idempotency-Key": "key-00000002" });
    expect([first.status, again.status]).toEqual([201, 200]);
    expect(((await again.json()) as { id: string }).id).toBe(((await first.json()) as { id: string }).id);
    expect(await fixture.inbox.list({})).toHaveLength(1);
    expect(fixture.mails()).toHaveLength(2);
  });

  it("makes one submission of 50 simultaneous requests with one key", async () => {
    const answers = await Promise.all(Array.from({ length: 50 }, () => post("contact", CONTACT, { "Idempotency-Key": "key-00000003" })));
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(1);
    expect(answers.every((answer) => answer.status === 201 || answer.status === 200)).toBe(true);
    expect(await fixture.inbox.list({})).toHaveLength(1);
    expect(fixture.mails()).toHaveLength(2);
  });

  it("without a key, takes the same fields twice as one submission (a double click)", async () => {
    await post("contact", CONTACT);
    await post("contact", { ...CONTACT });
    expect(await fixture.inbox.list({})).toHaveLength(1);
  });

  it("refuses a key reused with other fields (409), storing nothing new", async () => {
    await post("contact", CONTACT, { "Idempotency-Key": "key-00000004" });
    const reused = await post("contact", { ...CONTACT, subject: "Something else" }, { "Idempotency-Key": "key-00000004" });
    expect(reused.status).toBe(409);
    expect(await fixture.inbox.list({})).toHaveLength(1);
  });

  it("answers 422 with each field's message key, and stores nothing", async () => {
    const response = await post("contact", { ...CONTACT, name: "A", email: "not-an-address", privacyPolicy: false });
    expect(response.status).toBe(422);
    const { error } = (await response.json()) as { error: { message: string; issues: { path: string; message: string }[] } };
    expect(error.message).toBe("validation.form.incomplete");
    expect(Object.fromEntries(error.issues.map((issue) => [issue.path, issue.message]))).toMatchObject({
      name: "validation.name.length",
      email: "validation.email.invalid",
      privacyPolicy: "validation.consent.privacyPolicy",
    });
    expect(await fixture.inbox.list({})).toEqual([]);
    expect(fixture.mails()).toEqual([]);
  });

  it("tells a bot what a person would be told, and keeps nothing", async () => {
    const response = await post("contact", { ...CONTACT, [LEAD_HONEYPOT_FIELD]: "https://spam.example" });
    expect(response.status).toBe(201);
    expect(await fixture.inbox.list({})).toEqual([]);
    expect(fixture.mails()).toEqual([]);
  });

  it("answers 4xx, never 5xx, to malformed and hostile bodies", async () => {
    const bodies = ["", "{", "null", "[]", "42", '"text"', '{"__proto__":{"admin":true}}', JSON.stringify({ ...CONTACT, name: 42 }), JSON.stringify({ ...CONTACT, message: "x".repeat(100_000) })];
    for (const body of bodies) {
      const response = await post("contact", body);
      expect(response.status, body.slice(0, 40)).toBeGreaterThanOrEqual(400);
      expect(response.status, body.slice(0, 40)).toBeLessThan(500);
    }
    expect((await post("unknown-form", CONTACT)).status).toBe(404);
    expect((await post("contact", CONTACT, { "Content-Type": "text/plain" })).status).toBe(400);
    expect((await post("contact", CONTACT, { "Idempotency-Key": "bad key!" })).status).toBe(400);
    // The `__proto__` body reached no prototype.
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
  });

  it("answers 429 with Retry-After past the limit per client address, and stores nothing more", async () => {
    fixture.close();
    fixture = leadFormsFixture({ rateLimit: 2 });
    for (const key of ["key-00000010", "key-00000011"]) expect((await post("contact", CONTACT, { "Idempotency-Key": key })).status).toBe(201);
    const limited = await post("contact", { ...CONTACT, subject: "Third" }, { "Idempotency-Key": "key-00000012" });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(((await limited.json()) as { error: { message: string } }).error.message).toBe("feedback.error.tooManySubmissions");
    expect((await fixture.inbox.list({})).map((submission) => submission.fields.subject)).toEqual([CONTACT.subject, CONTACT.subject]);
  });

  it("refuses a write from another site (403)", async () => {
    expect((await post("contact", CONTACT, { Origin: "https://evil.example" })).status).toBe(403);
    expect(await fixture.inbox.list({})).toEqual([]);
  });

  it("tells the team what a lead names in their words: the event's and the offer's titles, the CV's name and size, the date of birth, and no command (issue 49 item 19)", async () => {
    const cv = await fixture.files.save({ bytes: pdfFile(), contentType: "application/pdf", originalName: "Ana García CV.pdf", purpose: "cv" });
    const application = {
      jobOffer: "camarero-barra",
      name: "Ana",
      surname: "García Puig",
      email: "ana@example.com",
      phone: "+34 600 000 000",
      birthdate: "1990-05-17",
      address: "Carrer de la Mar 1, València",
      cv: cv.id,
      message: "",
      privacyPolicy: true,
    };
    expect((await post("job-application", application)).status).toBe(201);
    expect((await post("contact", { ...CONTACT, event: "lua-serrano-marea-alta" })).status).toBe(201);
    const team = (to: string) => fixture.mails().find((mail) => mail.to === to)?.text ?? "";
    expect(team(TEAM["job-application"])).toContain(`Oferta de empleo:\nCamarero/a de barra`);
    expect(team(TEAM["job-application"])).toContain(`Fecha de nacimiento:\n17 de mayo de 1990`);
    expect(team(TEAM["job-application"])).toMatch(/CV:\nAna García CV\.pdf \(\d+ kB\)/);
    expect(team(TEAM.contact)).toContain(`Evento:\nLúa Serrano: Marea alta`);
    for (const internal of ["camarero-barra", "1990-05-17", cv.id, "npm run"]) expect(team(TEAM["job-application"]), internal).not.toContain(internal);
    expect(team(TEAM.contact)).not.toContain("lua-serrano-marea-alta");
  });

  it("needs an uploaded CV for a job application", async () => {
    const application = {
      jobOffer: "coordinador-hospitality",
      name: "Ana",
      surname: "García Puig",
      email: "ana@example.com",
      phone: "+34 600 000 000",
      birthdate: "1990-05-17",
      address: "Carrer de la Mar 1, València",
      cv: "A".repeat(22),
      message: "",
      privacyPolicy: true,
    };
    const missing = await post("job-application", application);
    expect(missing.status).toBe(422);
    const saved = await fixture.files.save({ bytes: pdfFile(), contentType: "application/pdf", originalName: "cv.pdf", purpose: "cv" });
    const accepted = await post("job-application", { ...application, cv: saved.id });
    expect(accepted.status).toBe(201);
    expect(fixture.mails().map((mail) => mail.to).sort()).toEqual(["ana@example.com", TEAM["job-application"]].sort());
    // Named by a submission, the CV is attached: the purge of abandoned uploads leaves it.
    const abandoned = await fixture.files.save({ bytes: pdfFile(), contentType: "application/pdf", originalName: "other.pdf", purpose: "cv" });
    expect(await fixture.files.purgeUnattached(Number.POSITIVE_INFINITY)).toBe(1);
    expect(await fixture.files.read(saved.id)).toBeDefined();
    expect(await fixture.files.read(abandoned.id)).toBeUndefined();
  });
});

describe("POST /api/forms/newsletter: double opt-in", () => {
  const SUBSCRIBE = { email: "Reader@Example.com", privacyPolicy: true, marketing: true };

  it("mails a confirmation link with one-click unsubscribe headers, and answers alike for a known address", async () => {
    const first = await post("newsletter", SUBSCRIBE, { "Accept-Language": "en" });
    expect(first.status).toBe(201);
    expect((await fixture.newsletter.find("reader@example.com"))?.status).toBe("pending");
    const [mail] = fixture.mails();
    expect(mail).toMatchObject({ to: "Reader@Example.com", template: "newsletterConfirm", locale: "en" });
    expect(JSON.parse(mail!.headers)).toMatchObject({ "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" });
    await fixture.newsletter.confirm("reader@example.com", new Date().toISOString());

    const again = await post("newsletter", SUBSCRIBE, { "Accept-Language": "en", "Idempotency-Key": "another-key-1" });
    expect(again.status).toBe(201);
    // Subscribed already: no mail that anyone could trigger at will.
    expect(fixture.mails()).toHaveLength(1);
  });
});
