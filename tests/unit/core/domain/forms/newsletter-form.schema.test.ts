import { Result } from "effect";
import { describe, expect, it } from "vitest";
import { NewsletterFormPayload } from "../../../../../core/domain/forms/newsletter-form.schema";
import { decodeAsServer, firstIssues, VALID_LEAD_PAYLOADS, without } from "./support/lead-payloads";

const VALID = VALID_LEAD_PAYLOADS.newsletter;

describe("NewsletterFormPayload", () => {
  it("decodes a filled-in form as it is", () => {
    expect(decodeAsServer(NewsletterFormPayload, VALID)).toEqual(Result.succeed(VALID));
  });

  it("names each missing field with its own key", () => {
    const keys = { email: "validation.email.required", privacyPolicy: "validation.consent.privacyPolicy", marketing: "validation.consent.marketing" };
    for (const [field, key] of Object.entries(keys)) expect(firstIssues(NewsletterFormPayload, without(VALID, field)), field).toEqual({ [field]: key });
    expect(firstIssues(NewsletterFormPayload, {})).toEqual(keys);
  });

  it("names each bad field with its own key", () => {
    const cases: Array<[field: string, value: unknown, key: string]> = [
      ["email", "", "validation.email.required"],
      ["email", "ana@", "validation.email.invalid"],
      // Too short, but first of all no address (issue 49: "x" was told its length).
      ["email", "x", "validation.email.invalid"],
      ["email", `${"a".repeat(247)}@arena.es`, "validation.email.length"],
      ["privacyPolicy", false, "validation.consent.privacyPolicy"],
      ["marketing", false, "validation.consent.marketing"],
      ["marketing", "true", "validation.consent.marketing"],
    ];
    for (const [field, value, key] of cases) expect(firstIssues(NewsletterFormPayload, { ...VALID, [field]: value }), field).toEqual({ [field]: key });
  });

  it("ignores unknown keys, __proto__ included, and leaves them out", () => {
    const posted = JSON.parse(`{"__proto__": {"marketing": false}, "name": "Ana", ${JSON.stringify(VALID).slice(1)}`) as unknown;
    expect(decodeAsServer(NewsletterFormPayload, posted)).toEqual(Result.succeed(VALID));
  });

  it("answers something that is not an object with the fields' own keys", () => {
    for (const input of [null, "ana@arena.test", [VALID]]) {
      expect(Object.keys(firstIssues(NewsletterFormPayload, input)).length, JSON.stringify(input)).toBeGreaterThan(0);
    }
  });
});
