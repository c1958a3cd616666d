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
