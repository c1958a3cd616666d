import { SchemaIssue } from "effect";

/** One problem a schema found in a payload: its dotted path ("" for the whole payload's) and its message key. */
export interface PayloadIssue {
  readonly path: string;
  readonly message: string;
}

const formatIssues = SchemaIssue.makeFormatterStandardSchemaV1();

/** A schema's refusal as the API says it: each problem's dotted path and message key. */
export function payloadIssuesOf(issue: SchemaIssue.Issue): PayloadIssue[] {
  return formatIssues(issue).issues.map(({ path, message }) => ({
    path: (path ?? []).map((segment) => String(typeof segment === "object" && segment !== null && "key" in segment ? segment.key : segment)).join("."),
    message,
  }));
}
