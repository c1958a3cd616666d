import { Schema } from "effect";

/** The editor's password, as typed on its sign-in form. */
export const EditorSignIn = Schema.Struct({
  password: Schema.String.pipe(Schema.check(Schema.isBetweenLength(1, 200, { message: "validation.password.required" }))),
});
export type EditorSignIn = typeof EditorSignIn.Type;

/** The version of a story the editor opened (its `updated_at`): a write based on another is refused. */
const StoryVersion = Schema.String.pipe(Schema.check(Schema.isMaxLength(64)));

/** A draft to save: the story's whole content, and the version it was edited from. */
export const StoryDraft = Schema.Struct({
  content: Schema.Record(Schema.String, Schema.Unknown),
  version: StoryVersion,
});
export type StoryDraft = typeof StoryDraft.Type;

/** Publish, discard or undo: the version the editor sees. */
export const StoryVersionRef = Schema.Struct({ version: StoryVersion });
export type StoryVersionRef = typeof StoryVersionRef.Type;

/**
 * The text that comes with an image the editor uploads: its alt text, required (an image without
 * one says nothing to a screen reader), and an optional title.
 */
export const AssetUpload = Schema.Struct({
  alt: Schema.String.annotate({ message: "validation.alt.required" })
    .pipe(
      Schema.check(
        Schema.makeFilter((value: string) => value.trim().length > 0 || "validation.alt.required"),
        Schema.isMaxLength(250, { message: "validation.alt.length" }),
      ),
    )
    .annotateKey({ messageMissingKey: "validation.alt.required" }),
  title: Schema.optionalKey(Schema.String.annotate({ message: "validation.imageTitle.length" }).pipe(Schema.check(Schema.isMaxLength(250, { message: "validation.imageTitle.length" })))),
});
export type AssetUpload = typeof AssetUpload.Type;

/** A story's slug as Storyblok accepts it in a URL: lower-case words joined by hyphens. */
export const STORY_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** A new story: its name, its slug in its folder (none: the top level), and its content type. */
export const NewStory = Schema.Struct({
  name: Schema.String.pipe(
    Schema.check(
      Schema.makeFilter((value: string) => value.trim().length > 0 || "validation.storyName.required"),
      Schema.isMaxLength(120, { message: "validation.storyName.length" }),
    ),
  ).annotateKey({ messageMissingKey: "validation.storyName.required" }),
  slug: Schema.String.pipe(Schema.check(Schema.isPattern(STORY_SLUG, { message: "validation.slug.invalid" }), Schema.isMaxLength(80, { message: "validation.slug.invalid" }))).annotateKey({
    messageMissingKey: "validation.slug.invalid",
  }),
  parentId: Schema.NullOr(Schema.Int),
  component: Schema.String.pipe(Schema.check(Schema.isBetweenLength(1, 64))),
});
export type NewStory = typeof NewStory.Type;
