import { checkForm, LEAD_FORM_SCHEMAS, type FormValidator, type LeadFormKind } from "../../../core";

/**
 * The lead forms' validation in the browser: the same schemas the server decodes with. This module
 * is loaded on a form's first interaction (it brings Effect), never with the page.
 */
export function leadFormValidator(kind: LeadFormKind): FormValidator {
  const schema = LEAD_FORM_SCHEMAS[kind];
  return (values) => {
    const result = checkForm(schema, values);
    return result.ok ? { ok: true, payload: result.payload } : { ok: false, issues: result.issues };
  };
}
