import { Schema, SchemaIssue } from "effect";
import type { FieldIssues, FieldValues } from "./form.machine";
import { passwordConfirmationIssue } from "./form.settings";

/** A password field and the field that repeats it. */
export type Confirmation = readonly [password: string, confirmation: string];

export type FormCheck<S extends Schema.ConstraintDecoder<unknown>> =
  | { readonly ok: true; readonly payload: S["Type"] }
  | { readonly ok: false; readonly issues: FieldIssues };

const formatIssues = SchemaIssue.makeFormatterStandardSchemaV1();

/**
 * Decodes a form's values with the payload's schema (the one its server route decodes with) and
 * keeps each field's first message. A struct checks that a confirmation matches only once every
 * field decodes, so a mismatch is also looked for directly: it shows on blur like any other message.
 */
export function checkForm<S extends Schema.ConstraintDecoder<unknown>>(
  schema: S,
  values: FieldValues,
  confirmations: readonly Confirmation[] = [],
): FormCheck<S> {
  const result = Schema.decodeUnknownResult(schema)(values, { errors: "all" });
  if (result._tag === "Success") return { ok: true, payload: result.success };
  const issues: Record<string, string> = {};
  for (const { path, message } of formatIssues(result.failure.issue).issues) {
    const first = path?.[0];
    const field = first === undefined ? "" : String(typeof first === "object" && first !== null && "key" in first ? first.key : first);
    issues[field] ??= message;
  }
  for (const [password, confirmation] of confirmations) {
    const mismatch = passwordConfirmationIssue(String(values[password] ?? ""), String(values[confirmation] ?? ""));
    if (mismatch) issues[confirmation] ??= mismatch;
  }
  return { ok: false, issues };
}
