import { Result, Schema, SchemaIssue } from "effect";
import { describe, expect, it } from "vitest";
import {
  EmailVerificationPayload,
  isUsableEmailVerification,
  Password,
  PasswordResetConfirmPayload,
  PasswordResetRequestPayload,
  PasswordUpdatePayload,
  ProfileUpdatePayload,
  SignInPayload,
  SignUpPayload,
} from "../../../../../core/domain/account/account.schema";
import { fieldMessages } from "../forms/support/field-messages";

const format = SchemaIssue.makeFormatterStandardSchemaV1();

/** The i18n keys a form shows for `input`, by field, as both the browser and the server decode it. */
function messages(schema: Schema.Top, input: unknown): Array<{ path: string; message: string }> {
  const result = Schema.decodeUnknownResult(schema as Schema.Codec<unknown, unknown>)(input, { errors: "all" });
  if (!Result.isFailure(result)) return [];
  return format(result.failure.issue).issues.map((issue) => ({
    path: (issue.path ?? []).map((segment) => String(typeof segment === "object" ? segment.key : segment)).join("."),
    message: issue.message,
  }));
}

const SIGN_UP = {
  name: "Ana",
  surname: "Puig",
  email: "ana@arena.test",
  password: "secret1",
  passwordConfirmation: "secret1",
  privacyPolicy: true,
};

describe("SignUpPayload", () => {
  it("accepts a complete registration", () => {
    expect(messages(SignUpPayload, SIGN_UP)).toEqual([]);
  });

  it("reports a confirmation that differs from the password on the confirmation field", () => {
    expect(messages(SignUpPayload, { ...SIGN_UP, passwordConfirmation: "secret2" })).toEqual([
      { path: "passwordConfirmation", message: "validation.password.mismatch" },
    ]);
    expect(messages(SignUpPayload, { ...SIGN_UP, passwordConfirmation: "" })).toEqual([
      { path: "passwordConfirmation", message: "validation.password.mismatch" },
    ]);
  });

  it("reports a missing confirmation with the same key", () => {
    const { passwordConfirmation: _, ...withoutConfirmation } = SIGN_UP;
    expect(messages(SignUpPayload, withoutConfirmation)).toEqual([{ path: "passwordConfirmation", message: "validation.password.mismatch" }]);
  });

  it("needs the privacy policy accepted", () => {
    expect(messages(SignUpPayload, { ...SIGN_UP, privacyPolicy: false })).toEqual([{ path: "privacyPolicy", message: "validation.consent.privacyPolicy" }]);
  });

  it("reports every field's own problem at once, by field, with no English", () => {
    expect(messages(SignUpPayload, {})).toEqual([
      { path: "name", message: "validation.name.required" },
      { path: "surname", message: "validation.surname.required" },
      { path: "email", message: "validation.email.required" },
      { path: "password", message: "validation.password.required" },
      { path: "passwordConfirmation", message: "validation.password.mismatch" },
      { path: "privacyPolicy", message: "validation.consent.privacyPolicy" },
    ]);
    expect(messages(SignUpPayload, { ...SIGN_UP, name: "A", email: "ana@", password: "123", passwordConfirmation: 7 })).toEqual([
      { path: "name", message: "validation.name.length" },
      { path: "email", message: "validation.email.invalid" },
      { path: "password", message: "validation.password.length" },
      { path: "passwordConfirmation", message: "validation.password.mismatch" },
    ]);
  });
});

describe("SignInPayload", () => {
  it("needs an address and a password of the allowed length", () => {
    expect(messages(SignInPayload, { email: "ana@arena.test", password: "secret1" })).toEqual([]);
    expect(messages(SignInPayload, { email: "", password: "12345" })).toEqual([
      { path: "email", message: "validation.email.required" },
      { path: "email", message: "validation.email.invalid" },
      { path: "email", message: "validation.email.length" },
      { path: "password", message: "validation.password.length" },
    ]);
  });
});

describe("ProfileUpdatePayload", () => {
  const PROFILE = { name: "Ana", surname: "Puig", phone: "+34 600 000 000", birthdate: "1990-06-15", address: "C/ Major 1, València", preferredLanguage: "val" };

  it("accepts a complete profile in any of the site's languages", () => {
    for (const preferredLanguage of ["es", "en", "val"]) expect(messages(ProfileUpdatePayload, { ...PROFILE, preferredLanguage })).toEqual([]);
  });

  it("takes the name alone: phone, birthdate and address may stay empty (issue 49: a new name demanded them)", () => {
    expect(messages(ProfileUpdatePayload, { ...PROFILE, phone: "", address: "", birthdate: "" })).toEqual([]);
    expect(messages(ProfileUpdatePayload, { ...PROFILE, surname: "", phone: "", address: "", birthdate: "" })[0]).toEqual({ path: "surname", message: "validation.surname.required" });
  });

  it("checks the details that are given: a phone number, a real past birthdate, an address of a sensible length", () => {
    expect(messages(ProfileUpdatePayload, { ...PROFILE, phone: "call me", address: "x".repeat(256), birthdate: "2999-01-01" })).toEqual([
      { path: "phone", message: "validation.phone.invalid" },
      { path: "birthdate", message: "validation.birthdate.invalid" },
      { path: "address", message: "validation.address.length" },
    ]);
  });

  it("asks to pick a language the site offers", () => {
    for (const preferredLanguage of ["ca", "ES", "", undefined]) {
      expect(messages(ProfileUpdatePayload, { ...PROFILE, preferredLanguage }), String(preferredLanguage)).toEqual([
        { path: "preferredLanguage", message: "validation.select.required" },
      ]);
    }
  });
});

describe("PasswordUpdatePayload", () => {
  const UPDATE = { currentPassword: "secret1", newPassword: "secret22", newPasswordConfirmation: "secret22" };

  it("accepts a new password confirmed", () => {
    expect(messages(PasswordUpdatePayload, UPDATE)).toEqual([]);
  });

  it("refuses the current password as the new one (issue 49)", () => {
    expect(messages(PasswordUpdatePayload, { currentPassword: "secret1", newPassword: "secret1", newPasswordConfirmation: "secret1" })).toEqual([
      { path: "newPassword", message: "validation.password.sameAsCurrent" },
    ]);
  });

  it("checks the new password's length and its confirmation", () => {
    expect(messages(PasswordUpdatePayload, { ...UPDATE, newPasswordConfirmation: "secret23" })).toEqual([
      { path: "newPasswordConfirmation", message: "validation.password.mismatch" },
    ]);
    expect(messages(PasswordUpdatePayload, { ...UPDATE, newPassword: "x".repeat(73), newPasswordConfirmation: "x".repeat(73) })).toEqual([
      { path: "newPassword", message: "validation.password.length" },
    ]);
  });

  it("needs the current password", () => {
    expect(messages(PasswordUpdatePayload, { ...UPDATE, currentPassword: "" })).toEqual([
      { path: "currentPassword", message: "validation.password.required" },
      { path: "currentPassword", message: "validation.password.length" },
    ]);
  });
});

describe("password reset payloads", () => {
  it("request one with a valid address", () => {
    expect(messages(PasswordResetRequestPayload, { email: "ana@arena.test" })).toEqual([]);
    expect(messages(PasswordResetRequestPayload, { email: "ana" })).toEqual([{ path: "email", message: "validation.email.invalid" }]);
  });

  it("confirm one with the link's code and a confirmed new password", () => {
    const CONFIRM = { code: "oob-123", newPassword: "secret22", newPasswordConfirmation: "secret22" };
    expect(messages(PasswordResetConfirmPayload, CONFIRM)).toEqual([]);
    expect(messages(PasswordResetConfirmPayload, { ...CONFIRM, newPasswordConfirmation: "secret2" })).toEqual([
      { path: "newPasswordConfirmation", message: "validation.password.mismatch" },
    ]);
  });

  it("treat a link without its code as one that no longer works", () => {
    const CONFIRM = { newPassword: "secret22", newPasswordConfirmation: "secret22" };
    for (const input of [CONFIRM, { ...CONFIRM, code: "" }, { ...CONFIRM, code: 42 }]) {
      expect(messages(PasswordResetConfirmPayload, input)).toEqual([{ path: "code", message: "account.error.invalidOrExpiredLink" }]);
    }
  });
});

describe("EmailVerificationPayload", () => {
  it("needs the link's code", () => {
    expect(messages(EmailVerificationPayload, { code: "oob-123" })).toEqual([]);
    expect(messages(EmailVerificationPayload, {})).toEqual([{ path: "code", message: "account.error.invalidOrExpiredLink" }]);
    expect(messages(EmailVerificationPayload, { code: "" })).toEqual([{ path: "code", message: "account.error.invalidOrExpiredLink" }]);
  });

  it("tells the verification page whether a link's code is worth sending", () => {
    expect(isUsableEmailVerification({ code: "oob-123" })).toBe(true);
    expect(isUsableEmailVerification({ code: "" })).toBe(false);
    expect(isUsableEmailVerification({})).toBe(false);
  });
});

describe("Password", () => {
  it("wants 6 to 72 characters", () => {
    expect(fieldMessages(Password, {})).toEqual(["validation.password.required"]);
    expect(fieldMessages(Password, { field: "12345" })).toEqual(["validation.password.length"]);
    expect(fieldMessages(Password, { field: "123456" })).toEqual([]);
    expect(fieldMessages(Password, { field: "x".repeat(72) })).toEqual([]);
    expect(fieldMessages(Password, { field: "x".repeat(73) })).toEqual(["validation.password.length"]);
  });
});
