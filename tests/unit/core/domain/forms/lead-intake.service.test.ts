import { createHash } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { fingerprintOf, type LeadDelivery } from "../../../../../core";
import { leadFormsFixture } from "../../../adapters/http/server/support/lead-forms-fixture";

const NOW = new Date("2030-06-15T12:00:00+02:00");
const CONTACT = {
  name: "Ana",
  surname: "Puig",
  email: "ana@example.com",
  phone: "+34 600 000 000",
  subject: "Parking",
  message: "¿Hay aparcamiento?",
  event: "lua-serrano-marea-alta",
  privacyPolicy: true,
  communication: true,
};

const delivery = (fields: Partial<LeadDelivery>): LeadDelivery => ({
  kind: "contact",
  body: CONTACT,
  locale: "es",
  userId: null,
  idempotencyKey: undefined,
  clientKey: "address:203.0.113.7",
  now: NOW,
  id: "lead-1",
  ...fields,
});

describe("lead intake", () => {
  let fixture: ReturnType<typeof leadFormsFixture>;
  beforeEach(() => {
    fixture = leadFormsFixture();
  });
  afterEach(() => fixture.close());

  it("stores a plain post once a day: the same fields sent again without a key are a repeat of the first", async () => {
    expect(await fixture.intake.receive(delivery({}))).toEqual({ outcome: "accepted", id: "lead-1", repeat: false });
    expect(await fixture.intake.receive(delivery({ id: "lead-2" }))).toEqual({ outcome: "accepted", id: "lead-1", repeat: true });
    const nextDay = new Date(NOW.getTime() + 24 * 3600_000);
    expect(await fixture.intake.receive(delivery({ id: "lead-3", now: nextDay }))).toEqual({ outcome: "accepted", id: "lead-3", repeat: false });
  });

  it("answers a filled honeypot as it would a person, and keeps nothing", async () => {
    expect(await fixture.intake.receive(delivery({ body: { ...CONTACT, website: "https://spam.example" } }))).toEqual({ outcome: "accepted", id: "lead-1", repeat: false });
    expect(await fixture.inbox.find("lead-1")).toBeNull();
    expect(fixture.mails()).toEqual([]);
  });

  it("answers the schema's problems by path, and a key of the wrong shape before anything else", async () => {
    expect(await fixture.intake.receive(delivery({ body: { ...CONTACT, email: "ana" } }))).toEqual({
      outcome: "invalid",
      issues: [{ path: "email", message: "validation.email.invalid" }],
    });
    expect(await fixture.intake.receive(delivery({ idempotencyKey: "short" }))).toEqual({ outcome: "invalid-key" });
  });

  it("digests kind and fields as SHA-256 in base64url, whatever the keys' order: the keys stored before stay valid", async () => {
    const canonical = JSON.stringify(["contact", ["a", "1"], ["b", true]]);
    const digest = createHash("sha256").update(canonical).digest("base64url");
    expect(await fingerprintOf("contact", { b: true, a: "1" })).toBe(digest);
    expect(await fingerprintOf("contact", { a: "1", b: true })).toBe(digest);
  });
});
