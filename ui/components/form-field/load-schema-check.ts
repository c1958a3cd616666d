import type { Schema } from "effect";
import type { Confirmation, FieldValues, FormCheck } from "../../../core";

/** A form's values checked against its payload's schema: the core's checkForm, bound to the schema. */
export type SchemaCheck<S extends Schema.ConstraintDecoder<unknown>> = (values: FieldValues, confirmations?: readonly Confirmation[]) => FormCheck<S>;

/** Loads a payload's schema and the core's checkForm, and Effect with them, after the page. */
export async function loadSchemaCheck<S extends Schema.ConstraintDecoder<unknown>>(loadSchema: () => Promise<S>): Promise<SchemaCheck<S>> {
  const [schema, { checkForm }] = await Promise.all([loadSchema(), import("../../../core/domain/forms/form-check.ops")]);
  return (values, confirmations) => checkForm(schema, values, confirmations);
}
