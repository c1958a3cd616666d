import { describe, expect, it } from "vitest";
import { CommunicationConsent } from "../../../../../core/domain/forms/communication-consent.schema";
import { fieldMessages } from "./support/field-messages";

describe("CommunicationConsent", () => {
  it("must be given, and passes when it is", () => {
    expect(fieldMessages(CommunicationConsent, { field: false })).toEqual(["validation.consent.communication"]);
    expect(fieldMessages(CommunicationConsent, {})).toEqual(["validation.consent.communication"]);
    expect(fieldMessages(CommunicationConsent, { field: true })).toEqual([]);
  });
});
