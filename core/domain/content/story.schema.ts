import { Schema } from "effect";

/** SPEC §3 content story, as the content delivery API returns it. `content` is decoded per type. */
export const Story = Schema.Struct({
  id: Schema.Number,
  uuid: Schema.String,
  name: Schema.String,
  slug: Schema.String,
  full_slug: Schema.String,
  lang: Schema.optionalKey(Schema.String),
  content: Schema.Struct({ component: Schema.String, _uid: Schema.String }),
  published_at: Schema.optionalKey(Schema.NullOr(Schema.String)),
  first_published_at: Schema.optionalKey(Schema.NullOr(Schema.String)),
  sort_by_date: Schema.optionalKey(Schema.NullOr(Schema.String)),
  tag_list: Schema.optionalKey(Schema.Array(Schema.String)),
  is_startpage: Schema.optionalKey(Schema.Boolean),
  parent_id: Schema.optionalKey(Schema.NullOr(Schema.Number)),
  translated_slugs: Schema.optionalKey(
    Schema.NullOr(Schema.Array(Schema.Struct({ path: Schema.String, name: Schema.NullOr(Schema.String), lang: Schema.String }))),
  ),
});
export type Story = typeof Story.Type & { readonly content: Readonly<Record<string, unknown>> & { readonly component: string; readonly _uid: string } };

/** SPEC §4: published (cached, for visitors) or draft (the editor's preview). */
export const ContentVersion = Schema.Literals(["published", "draft"]);
export type ContentVersion = typeof ContentVersion.Type;

/** What the site needs to know about a story besides its content. */
export const StoryMeta = Schema.Struct({
  uuid: Schema.String,
  slug: Schema.String,
  fullSlug: Schema.String,
  name: Schema.String,
  publishedAt: Schema.UndefinedOr(Schema.String),
  /** Translated names by locale, for the language switcher and alternates. */
  translatedNames: Schema.Struct({ es: Schema.optionalKey(Schema.String), en: Schema.optionalKey(Schema.String), val: Schema.optionalKey(Schema.String) }),
});
export type StoryMeta = typeof StoryMeta.Type;
