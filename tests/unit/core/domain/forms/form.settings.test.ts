import { describe, expect, it } from "vitest";
import { FORM } from "../../../../../core/domain/forms/form.settings";

describe("form settings (SPEC §5)", () => {
  it("validates 20 ms after typing, text fields on blur and checkboxes once changed", () => {
    expect(FORM.inputDebounceMs).toBe(20);
    expect(FORM.showErrorsOn).toEqual({ text: "blur", checkbox: "dirty" });
  });

  it("uses i18n keys for the form-level messages", () => {
    for (const key of [FORM.incompleteMessage, FORM.incompleteFallbackMessage]) {
      expect(key).toMatch(/^validation\.[a-zA-Z.]+$/);
    }
  });
});
