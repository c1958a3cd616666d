import { Schema } from "effect";

/** SPEC §3: an asset holds a filename (its URL) and alt text. Empty assets have an empty filename. */
export const Asset = Schema.Struct({
  id: Schema.optionalKey(Schema.NullOr(Schema.Number)),
  filename: Schema.NullOr(Schema.String),
  alt: Schema.optionalKey(Schema.NullOr(Schema.String)),
  title: Schema.optionalKey(Schema.NullOr(Schema.String)),
  focus: Schema.optionalKey(Schema.NullOr(Schema.String)),
  fieldtype: Schema.optionalKey(Schema.Literal("asset")),
});
export type Asset = typeof Asset.Type;
