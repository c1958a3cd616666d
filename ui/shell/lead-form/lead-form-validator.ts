import { checkForm, type FormValidator } from "../../../core";
import type { Schema } from "effect";

/**
 * A lead form's validation in the browser: the same schema the server decodes with. This module
 * is loaded on a form's first interaction (it brings Effect), never with the page.
 */
export function leadFormValidator(schema: Schema.ConstraintDecoder<unknown>): FormValidator {
  return (values) => {
    const result = checkForm(schema, values);
    return result.ok ? { ok: true, payload: result.payload } : { ok: false, issues: result.issues };
  };
}
