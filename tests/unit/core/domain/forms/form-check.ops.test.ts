import { describe, expect, it } from "vitest";
import { checkForm, PasswordResetConfirmPayload, SignInPayload, SignUpPayload } from "../../../../../core";

const REGISTRATION = { name: "Ana", surname: "Puig", email: "ana@arena.test", password: "secret1", passwordConfirmation: "secret1", privacyPolicy: true };

describe("checkForm", () => {
  it("hands over the decoded payload when every field is right", () => {
    expect(checkForm(SignInPayload, { email: "ana@arena.test", password: "secret1" })).toEqual({
      ok: true,
      payload: { email: "ana@arena.test", password: "secret1" },
    });
  });

  it("keeps each field's first message, as an i18n key", () => {
    const check = checkForm(SignUpPayload, { ...REGISTRATION, name: "A", surname: "", email: "ana", privacyPolicy: false });
    expect(check).toEqual({
      ok: false,
      issues: {
        name: "validation.name.length",
        surname: "validation.surname.required",
        email: "validation.email.invalid",
        privacyPolicy: "validation.consent.privacyPolicy",
      },
    });
  });

  it("finds a mismatched confirmation while other fields are still wrong", () => {
    const values = { ...REGISTRATION, name: "", passwordConfirmation: "secret2" };
    expect(checkForm(SignUpPayload, values)).toMatchObject({ ok: false, issues: { name: "validation.name.required" } });
    expect(checkForm(SignUpPayload, values, [["password", "passwordConfirmation", "validation.password.mismatch"]])).toMatchObject({
      ok: false,
      issues: { name: "validation.name.required", passwordConfirmation: "validation.password.mismatch" },
    });
  });

  it("reports a value that no field shows under its own name (a link's code)", () => {
    const check = checkForm(PasswordResetConfirmPayload, { code: "", newPassword: "secret22", newPasswordConfirmation: "secret22" });
    expect(check).toEqual({ ok: false, issues: { code: "account.error.invalidOrExpiredLink" } });
  });
});
