import { Result } from "effect";
import { describe, expect, it } from "vitest";
import { Cif, HospitalityFormPayload } from "../../../../../core/domain/forms/hospitality-form.schema";
import { fieldMessages } from "./support/field-messages";
import { decodeAsServer, firstIssues, VALID_LEAD_PAYLOADS, without } from "./support/lead-payloads";

const VALID = VALID_LEAD_PAYLOADS.hospitality;

describe("HospitalityFormPayload", () => {
  it("decodes a filled-in form as it is", () => {
    expect(decodeAsServer(HospitalityFormPayload, VALID)).toEqual(Result.succeed(VALID));
  });

  it("takes a NIF, a NIE or a CIF, as people write them", () => {
    for (const cif of ["12345678Z", "x1234567l", "A58818501", "b-1234567-4", "Q 2826000 H"]) {
      expect(firstIssues(HospitalityFormPayload, { ...VALID, cif }), cif).toEqual({});
    }
  });

  it("refuses a tax id whose control character is wrong, or that is padded out", () => {
    for (const cif of ["B12345678", "12345678A", "X1234567A", "B1234567", `B-1234567-4${" ".repeat(10)}`]) {
      expect(firstIssues(HospitalityFormPayload, { ...VALID, cif }), cif).toEqual({ cif: "validation.cif.invalid" });
    }
  });

  it("names each missing field with its own key", () => {
    const keys = {
      name: "validation.name.required",
      surname: "validation.surname.required",
      email: "validation.email.required",
      phone: "validation.phone.required",
      companyName: "validation.companyName.required",
      companyPosition: "validation.companyPosition.required",
      cif: "validation.cif.required",
      companyType: "validation.select.required",
      productOfInterest: "validation.select.required",
      interestIn: "validation.interestIn.required",
      message: "validation.message.required",
      privacyPolicy: "validation.consent.privacyPolicy",
      communication: "validation.consent.communication",
    };
    for (const [field, key] of Object.entries(keys)) expect(firstIssues(HospitalityFormPayload, without(VALID, field)), field).toEqual({ [field]: key });
    expect(firstIssues(HospitalityFormPayload, {})).toEqual(keys);
  });

  it("names each bad field with its own key", () => {
    const cases: Array<[field: string, value: unknown, key: string]> = [
      ["companyName", "", "validation.companyName.required"],
      ["companyName", "x".repeat(256), "validation.companyName.length"],
      ["companyPosition", "x".repeat(256), "validation.companyPosition.length"],
      ["cif", "", "validation.cif.required"],
      ["companyType", "Company", "validation.select.required"],
      ["productOfInterest", "tickets", "validation.select.required"],
      ["productOfInterest", "", "validation.select.required"],
      ["interestIn", "", "validation.interestIn.required"],
      ["interestIn", "x".repeat(256), "validation.interestIn.length"],
      ["message", "x".repeat(5001), "validation.message.length"],
      ["communication", false, "validation.consent.communication"],
    ];
    for (const [field, value, key] of cases) expect(firstIssues(HospitalityFormPayload, { ...VALID, [field]: value }), field).toEqual({ [field]: key });
  });

  it("takes every company type and product of interest", () => {
    for (const companyType of ["company", "individual"]) expect(firstIssues(HospitalityFormPayload, { ...VALID, companyType })).toEqual({});
    for (const productOfInterest of ["annual-membership", "boxes", "club", "event-rental", "restaurant", "others", "invoice"]) {
      expect(firstIssues(HospitalityFormPayload, { ...VALID, productOfInterest })).toEqual({});
    }
  });

  it("ignores unknown keys, __proto__ included, and leaves them out", () => {
    const posted = JSON.parse(`{"__proto__": {"polluted": true}, "isAdmin": true, ${JSON.stringify(VALID).slice(1)}`) as unknown;
    const result = decodeAsServer(HospitalityFormPayload, posted);
    expect(result).toEqual(Result.succeed(VALID));
    expect(Object.getPrototypeOf(Result.getOrThrow(result))).toBe(Object.prototype);
  });
});

describe("Cif", () => {
  it("checks Spanish tax ids with their control character", () => {
    expect(fieldMessages(Cif, { field: "B12345674" })).toEqual([]);
    expect(fieldMessages(Cif, { field: "x1234567l" })).toEqual([]);
    expect(fieldMessages(Cif, { field: "B12345678" })).toEqual(["validation.cif.invalid"]);
    expect(fieldMessages(Cif, { field: "B1234567" })).toEqual(["validation.cif.invalid"]);
    expect(fieldMessages(Cif, { field: "B-1234567" })).toEqual(["validation.cif.invalid"]);
    expect(fieldMessages(Cif, {})).toEqual(["validation.cif.required"]);
  });
});
