import { describe, expect, it } from "vitest";
import { PASSWORD_MISMATCH_MESSAGE, passwordConfirmationIssue } from "../../../../../core/domain/account/password-confirmation.ops";

describe("passwordConfirmationIssue", () => {
  it("has no issue when the confirmation matches", () => {
    expect(passwordConfirmationIssue("secret1", "secret1")).toBeUndefined();
    expect(passwordConfirmationIssue("", "")).toBeUndefined();
  });

  it("reports a mismatch, however small, as SPEC §5's 'Passwords do not match'", () => {
    expect(PASSWORD_MISMATCH_MESSAGE).toBe("validation.password.mismatch");
    expect(passwordConfirmationIssue("secret1", "Secret1")).toBe(PASSWORD_MISMATCH_MESSAGE);
    expect(passwordConfirmationIssue("secret1", "secret1 ")).toBe(PASSWORD_MISMATCH_MESSAGE);
    expect(passwordConfirmationIssue("secret1", "")).toBe(PASSWORD_MISMATCH_MESSAGE);
  });
});
