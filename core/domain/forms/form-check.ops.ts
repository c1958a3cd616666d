import { Schema, SchemaIssue } from "effect";
import type { FieldIssues, FieldValues } from "./form.machine";

/** A field, the field that repeats it, and the message when the two differ. */
export type Confirmation = readonly [field: string, repeatedIn: string, mismatchMessage: string];

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
  for (const [field, repeatedIn, mismatchMessage] of confirmations) {
    if (String(values[field] ?? "") !== String(values[repeatedIn] ?? "")) issues[repeatedIn] ??= mismatchMessage;
  }
  return { ok: false, issues };
}
