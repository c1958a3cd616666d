import { Schema } from "effect";
import { describe, expect, it } from "vitest";
import { Email, PrivacyPolicyConsent } from "../../../../../core/domain/forms/email-and-consents.schema";
import {
  Address,
  Birthdate,
  isPastIsoDate,
  Name,
  Phone,
  selectOf,
  Surname,
} from "../../../../../core/domain/forms/field.schema";
import { CompanyType, ProductOfInterest } from "../../../../../core/domain/forms/hospitality-form.schema";
import { Password } from "../../../../../core/domain/account/account.schema";
import { fieldMessages, messages } from "./support/field-messages";

describe("Name and Surname", () => {
  it("ask for a missing name", () => {
    expect(fieldMessages(Name, {})).toEqual(["validation.name.required"]);
    expect(fieldMessages(Surname, {})).toEqual(["validation.surname.required"]);
  });

  it("ask for an empty name, and report its length too when all errors are collected", () => {
    expect(fieldMessages(Name, { field: "" })).toEqual(["validation.name.required", "validation.name.length"]);
  });

  it("want 2 to 50 characters", () => {
    expect(fieldMessages(Name, { field: "A" })).toEqual(["validation.name.length"]);
    expect(fieldMessages(Name, { field: "Al" })).toEqual([]);
    expect(fieldMessages(Name, { field: "x".repeat(50) })).toEqual([]);
    expect(fieldMessages(Surname, { field: "x".repeat(51) })).toEqual(["validation.surname.length"]);
  });
});

describe("Phone and required texts", () => {
  it("checks phone shapes", () => {
    for (const value of ["+34 600 000 000", "(96) 123-4567", "600000000"]) expect(fieldMessages(Phone, { field: value })).toEqual([]);
    for (const value of ["12345", "phone me", "+34 600 000 000 000 000 0"]) {
      expect(fieldMessages(Phone, { field: value })).toEqual(["validation.phone.invalid"]);
    }
    expect(fieldMessages(Phone, {})).toEqual(["validation.phone.required"]);
  });

  it("requires free texts and bounds their length", () => {
    expect(fieldMessages(Address, {})).toEqual(["validation.address.required"]);
    expect(fieldMessages(Address, { field: "" })).toEqual(["validation.address.required"]);
    expect(fieldMessages(Address, { field: "C/ Major 1" })).toEqual([]);
    expect(fieldMessages(Address, { field: "x".repeat(255) })).toEqual([]);
    expect(fieldMessages(Address, { field: "x".repeat(256) })).toEqual(["validation.address.length"]);
  });

  it("reads a value that is not text as a missing one", () => {
    expect(fieldMessages(Address, { field: 42 })).toEqual(["validation.address.required"]);
    expect(fieldMessages(Name, { field: null })).toEqual(["validation.name.required"]);
    expect(fieldMessages(PrivacyPolicyConsent, { field: "true" })).toEqual(["validation.consent.privacyPolicy"]);
  });
});

describe("selectOf", () => {
  const Size = selectOf(["s", "m", "l"]);

  it("accepts one of its options", () => {
    expect(fieldMessages(Size, { field: "m" })).toEqual([]);
    expect(fieldMessages(CompanyType, { field: "individual" })).toEqual([]);
    expect(fieldMessages(ProductOfInterest, { field: "event-rental" })).toEqual([]);
  });

  it("asks for a choice when missing or not an option", () => {
    expect(fieldMessages(Size, {})).toEqual(["validation.select.required"]);
    expect(fieldMessages(Size, { field: "xl" })).toEqual(["validation.select.required"]);
    expect(fieldMessages(Size, { field: "" })).toEqual(["validation.select.required"]);
    expect(fieldMessages(CompanyType, { field: "Company" })).toEqual(["validation.select.required"]);
  });
});

describe("Birthdate", () => {
  it("asks for a missing date", () => {
    expect(fieldMessages(Birthdate, {})).toEqual(["validation.birthdate.required"]);
  });

  it("accepts a real past date and rejects a future or impossible one", () => {
    expect(fieldMessages(Birthdate, { field: "1990-06-15" })).toEqual([]);
    expect(fieldMessages(Birthdate, { field: "2999-01-01" })).toEqual(["validation.birthdate.invalid"]);
    expect(fieldMessages(Birthdate, { field: "1990-02-30" })).toEqual(["validation.birthdate.invalid"]);
    expect(fieldMessages(Birthdate, { field: "15/06/1990" })).toEqual(["validation.birthdate.invalid"]);
  });
});

describe("isPastIsoDate", () => {
  const today = new Date("2026-03-10T12:00:00Z");

  it("accepts days before today", () => {
    expect(isPastIsoDate("2026-03-09", today)).toBe(true);
    expect(isPastIsoDate("2000-02-29", today)).toBe(true);
    expect(isPastIsoDate("1900-01-01", today)).toBe(true);
  });

  it("rejects days after today", () => {
    expect(isPastIsoDate("2026-03-11", today)).toBe(false);
    expect(isPastIsoDate("2030-01-01", today)).toBe(false);
  });

  it("rejects days that do not exist", () => {
    for (const value of ["2023-02-29", "1999-13-01", "1999-00-10", "1999-04-31", "1999-01-00"]) {
      expect(isPastIsoDate(value, today), value).toBe(false);
    }
  });

  it("rejects dates before 1900 and other formats", () => {
    for (const value of ["1899-12-31", "99-01-01", "1990-1-1", "1990-01-01T00:00:00Z", " 1990-01-01", ""]) {
      expect(isPastIsoDate(value, today), value).toBe(false);
    }
  });
});

describe("a whole form", () => {
  it("reports every field's key at once, by field", () => {
    const Registration = Schema.Struct({ name: Name, email: Email, password: Password, privacy: PrivacyPolicyConsent });
    expect(messages(Registration, { name: "A", email: "nope", password: "123", privacy: false })).toEqual([
      { path: "name", message: "validation.name.length" },
      { path: "email", message: "validation.email.invalid" },
      { path: "password", message: "validation.password.length" },
      { path: "privacy", message: "validation.consent.privacyPolicy" },
    ]);
    expect(messages(Registration, { name: "Ana", email: "ana@arena.test", password: "secret1", privacy: true })).toEqual([]);
  });
});
