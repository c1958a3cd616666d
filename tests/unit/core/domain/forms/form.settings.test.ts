import { describe, expect, it } from "vitest";
import { FORM, passwordConfirmationIssue } from "../../../../../core/domain/forms/form.settings";

describe("form settings (SPEC §5)", () => {
  it("validates 20 ms after typing, text fields on blur and checkboxes once changed", () => {
    expect(FORM.inputDebounceMs).toBe(20);
    expect(FORM.showErrorsOn).toEqual({ text: "blur", checkbox: "dirty" });
  });

  it("uses i18n keys for the form-level messages", () => {
    for (const key of [FORM.incompleteMessage, FORM.incompleteFallbackMessage, FORM.passwordMismatchMessage]) {
      expect(key).toMatch(/^validation\.[a-zA-Z.]+$/);
    }
  });
});

describe("passwordConfirmationIssue", () => {
  it("has no issue when the confirmation matches", () => {
    expect(passwordConfirmationIssue("secret1", "secret1")).toBeUndefined();
    expect(passwordConfirmationIssue("", "")).toBeUndefined();
  });

  it("reports a mismatch, however small", () => {
    expect(passwordConfirmationIssue("secret1", "Secret1")).toBe("validation.password.mismatch");
    expect(passwordConfirmationIssue("secret1", "secret1 ")).toBe("validation.password.mismatch");
    expect(passwordConfirmationIssue("secret1", "")).toBe("validation.password.mismatch");
  });
});
