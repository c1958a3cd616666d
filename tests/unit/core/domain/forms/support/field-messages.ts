import { Result, Schema, SchemaIssue } from "effect";

const format = SchemaIssue.makeFormatterStandardSchemaV1();

/** The i18n keys a form shows for `input`, each with the field it belongs to (the browser's and the server's view). */
export function messages(schema: Schema.Top, input: unknown): Array<{ path: string; message: string }> {
  const result = Schema.decodeUnknownResult(schema as Schema.Codec<unknown, unknown>)(input, { errors: "all" });
  if (!Result.isFailure(result)) return [];
  return format(result.failure.issue).issues.map((issue) => ({
    path: (issue.path ?? []).map((segment) => String(typeof segment === "object" ? segment.key : segment)).join("."),
    message: issue.message,
  }));
}

/** The keys for one field of a form, given as { field: value } or {} when it is missing. */
export const fieldMessages = (field: Schema.Top, value: Record<string, unknown>) =>
  messages(Schema.Struct({ field: field as Schema.Codec<unknown, unknown> }), value).map((issue) => issue.message);
