import { Schema } from "effect";

/** SPEC §3: a multilink points at a story (full_slug, lang), a URL, an email or an asset. */
export const Multilink = Schema.Struct({
  fieldtype: Schema.optionalKey(Schema.Literal("multilink")),
  linktype: Schema.Literals(["url", "story", "asset", "email"]),
  id: Schema.optionalKey(Schema.Union([Schema.String, Schema.Number])),
  uuid: Schema.optionalKey(Schema.NullOr(Schema.String)),
  url: Schema.optionalKey(Schema.String),
  cached_url: Schema.optionalKey(Schema.String),
  href: Schema.optionalKey(Schema.String),
  email: Schema.optionalKey(Schema.String),
  anchor: Schema.optionalKey(Schema.String),
  target: Schema.optionalKey(Schema.String),
  /** Present when the link was resolved (resolve_links=story|url). */
  story: Schema.optionalKey(
    Schema.Struct({
      full_slug: Schema.String,
      lang: Schema.optionalKey(Schema.String),
      name: Schema.optionalKey(Schema.String),
      url: Schema.optionalKey(Schema.String),
    }),
  ),
});
export type Multilink = typeof Multilink.Type;
