import { Schema } from "effect";

const Timestamp = Schema.optionalKey(Schema.NullOr(Schema.String));
const Content = Schema.Record(Schema.String, Schema.Unknown);

/** A translated slug as the Management API stores it: the story's own slug in one language (null: none yet). */
export const TranslatedSlugFile = Schema.Struct({
  lang: Schema.String,
  slug: Schema.optionalKey(Schema.NullOr(Schema.String)),
  name: Schema.optionalKey(Schema.NullOr(Schema.String)),
});

/**
 * One `stories/<space>/{slug}_{uuid}.json` file of the Storyblok CLI: the Management API's story
 * object, whose `content` is the latest (draft) version. A uuid may be a number, as the CLI's
 * import examples write them before a push; it is read as its decimal text.
 */
export const StoryFileJson = Schema.Struct({
  id: Schema.Int,
  uuid: Schema.Union([Schema.String.pipe(Schema.check(Schema.isMinLength(1))), Schema.Int]),
  name: Schema.String,
  slug: Schema.String,
  full_slug: Schema.String,
  parent_id: Schema.optionalKey(Schema.NullOr(Schema.Int)),
  is_folder: Schema.optionalKey(Schema.Boolean),
  is_startpage: Schema.optionalKey(Schema.Boolean),
  position: Schema.optionalKey(Schema.Number),
  published: Schema.optionalKey(Schema.Boolean),
  unpublished_changes: Schema.optionalKey(Schema.Boolean),
  published_at: Timestamp,
  first_published_at: Timestamp,
  created_at: Timestamp,
  updated_at: Timestamp,
  sort_by_date: Timestamp,
  tag_list: Schema.optionalKey(Schema.NullOr(Schema.Array(Schema.String))),
  translated_slugs: Schema.optionalKey(Schema.NullOr(Schema.Array(TranslatedSlugFile))),
  /** The real path of the story's entry configuration (Storyblok's `path`): a home's is often "/". */
  path: Schema.optionalKey(Schema.NullOr(Schema.String)),
  /** A uuid shared by the story and its alternates (folder-level translation), not the story's own. */
  group_id: Schema.optionalKey(Schema.NullOr(Schema.String)),
  /** The story's alternates as Storyblok lists them: minimal story objects (id, name, slug, full_slug…). */
  alternates: Schema.optionalKey(Schema.NullOr(Schema.Array(Schema.Record(Schema.String, Schema.Unknown)))),
  /** Whatever an app stored on the story (SEO, …): served as it is. */
  meta_data: Schema.optionalKey(Schema.Unknown),
  content: Schema.optionalKey(Schema.NullOr(Content)),
});
export type StoryFile = Omit<typeof StoryFileJson.Type, "uuid"> & { readonly uuid: string };
