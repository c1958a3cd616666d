import { describe, expect, it } from "vitest";
import { Email, MarketingConsent, PrivacyPolicyConsent } from "../../../../../core/domain/forms/email-and-consents.schema";
import { fieldMessages } from "./support/field-messages";

describe("Email", () => {
  it("asks for a missing address", () => {
    expect(fieldMessages(Email, {})).toEqual(["validation.email.required"]);
  });

  it("rejects malformed addresses", () => {
    for (const value of ["ana", "ana@", "@arena.test", "ana@arena", "ana @arena.test", "ana@arena .test"]) {
      expect(fieldMessages(Email, { field: value }), value).toContain("validation.email.invalid");
    }
  });

  it("accepts ordinary addresses", () => {
    for (const value of ["ana@arena.test", "a.b+tickets@sub.arena.es"]) expect(fieldMessages(Email, { field: value })).toEqual([]);
  });

  it("limits the length to 255", () => {
    expect(fieldMessages(Email, { field: `${"a".repeat(247)}@arena.es` })).toEqual(["validation.email.length"]);
    expect(fieldMessages(Email, { field: `${"a".repeat(246)}@arena.es` })).toEqual([]);
  });
});

describe("consents", () => {
  it("must be given", () => {
    expect(fieldMessages(PrivacyPolicyConsent, { field: false })).toEqual(["validation.consent.privacyPolicy"]);
    expect(fieldMessages(PrivacyPolicyConsent, {})).toEqual(["validation.consent.privacyPolicy"]);
    expect(fieldMessages(MarketingConsent, { field: false })).toEqual(["validation.consent.marketing"]);
  });

  it("pass when true", () => {
    expect(fieldMessages(PrivacyPolicyConsent, { field: true })).toEqual([]);
  });
});
