import { Schema, type SchemaAST } from "effect";

/**
 * How the forms' text fields are checked (SPEC §5): every message is an i18n key, translated where
 * it is shown. The fields are in `email-and-consents.schema.ts` (every lead form's) and
 * `field.schema.ts` (the rest), so that a page is sent only the messages of the fields its forms have.
 */
const required = (key: string) => Schema.isMinLength(1, { message: key });

/** Required text; a value that is not text at all (only a hand-made request sends one) reads as missing. */
export function requiredText(requiredKey: string, ...checks: ReadonlyArray<SchemaAST.Check<string>>) {
  return Schema.String.annotate({ message: requiredKey })
    .pipe(Schema.check(required(requiredKey), ...checks))
    .annotateKey({ messageMissingKey: requiredKey });
}

/** Text a person may leave empty. */
export function optionalText(invalidKey: string, check: SchemaAST.Check<string>) {
  return Schema.String.annotate({ message: invalidKey }).pipe(Schema.check(check));
}

/** Upper bounds keep what a visitor can make us store (and mail to the team) small. */
export const atMost = (maxLength: number, key: string) => Schema.isMaxLength(maxLength, { message: key });
