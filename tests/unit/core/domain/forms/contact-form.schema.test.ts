import { Result } from "effect";
import { describe, expect, it } from "vitest";
import { ContactFormPayload } from "../../../../../core/domain/forms/contact-form.schema";
import { decodeAsServer, firstIssues, VALID_LEAD_PAYLOADS, without } from "./support/lead-payloads";

const VALID = VALID_LEAD_PAYLOADS.contact;

describe("ContactFormPayload", () => {
  it("decodes a filled-in form as it is", () => {
    expect(decodeAsServer(ContactFormPayload, VALID)).toEqual(Result.succeed(VALID));
  });

  it("needs an event, as SPEC §5 lists it among the required fields: an event's slug or uuid", () => {
    expect(firstIssues(ContactFormPayload, { ...VALID, event: "final-2026" })).toEqual({});
    expect(firstIssues(ContactFormPayload, { ...VALID, event: "3f1c2a4e-8b7d-4c1e-9a2b-5d6e7f8a9b0c" })).toEqual({});
    expect(firstIssues(ContactFormPayload, without(VALID, "event"))).toEqual({ event: "validation.event.required" });
    expect(firstIssues(ContactFormPayload, { ...VALID, event: "" })).toEqual({ event: "validation.event.required" });
  });

  it("refuses an event that no choice could have sent", () => {
    for (const event of ["final 2026", "../admin", "-final", "x".repeat(121), 7]) {
      expect(firstIssues(ContactFormPayload, { ...VALID, event }), String(event)).toEqual({ event: "validation.event.required" });
    }
  });

  it("names each missing field with its own key", () => {
    const keys = {
      name: "validation.name.required",
      surname: "validation.surname.required",
      email: "validation.email.required",
      phone: "validation.phone.required",
      subject: "validation.subject.required",
      message: "validation.message.required",
      event: "validation.event.required",
      privacyPolicy: "validation.consent.privacyPolicy",
      communication: "validation.consent.communication",
    };
    for (const [field, key] of Object.entries(keys)) expect(firstIssues(ContactFormPayload, without(VALID, field)), field).toEqual({ [field]: key });
    expect(firstIssues(ContactFormPayload, {})).toEqual(keys);
  });

  it("names each bad field with its own key", () => {
    const cases: Array<[field: string, value: unknown, key: string]> = [
      ["name", "A", "validation.name.length"],
      ["surname", "", "validation.surname.required"],
      ["email", "ana@arena", "validation.email.invalid"],
      ["phone", "call me", "validation.phone.invalid"],
      ["subject", "", "validation.subject.required"],
      ["subject", "x".repeat(151), "validation.subject.length"],
      ["message", "", "validation.message.required"],
      ["message", "x".repeat(5001), "validation.message.length"],
      ["privacyPolicy", false, "validation.consent.privacyPolicy"],
      ["communication", false, "validation.consent.communication"],
      ["communication", "on", "validation.consent.communication"],
      ["name", 42, "validation.name.required"],
    ];
    for (const [field, value, key] of cases) expect(firstIssues(ContactFormPayload, { ...VALID, [field]: value }), field).toEqual({ [field]: key });
  });

  it("ignores unknown keys, __proto__ included, and leaves them out", () => {
    const posted = JSON.parse(`{"__proto__": {"polluted": true}, "constructor": "x", "website": "", ${JSON.stringify(VALID).slice(1)}`) as unknown;
    const result = decodeAsServer(ContactFormPayload, posted);
    expect(result).toEqual(Result.succeed(VALID));
    const payload = Result.getOrThrow(result) as object;
    expect(Object.keys(payload)).not.toContain("__proto__");
    expect(Object.getPrototypeOf(payload)).toBe(Object.prototype);
    expect((payload as { polluted?: unknown }).polluted).toBeUndefined();
  });
});
