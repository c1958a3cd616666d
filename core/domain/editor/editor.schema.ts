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
