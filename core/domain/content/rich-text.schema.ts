import { Schema } from "effect";

export const RichTextMark = Schema.Struct({
  type: Schema.String,
  attrs: Schema.optionalKey(Schema.Record(Schema.String, Schema.Unknown)),
});
export type RichTextMark = typeof RichTextMark.Type;

export interface RichTextNode {
  readonly type: string;
  readonly text?: string;
  readonly attrs?: { readonly [key: string]: unknown };
  readonly marks?: readonly RichTextMark[];
  readonly content?: readonly RichTextNode[];
}

/** Tolerant on purpose: unknown node and mark types decode, and the renderer skips them. */
export const RichTextNode: Schema.Codec<RichTextNode> = Schema.Struct({
  type: Schema.String,
  text: Schema.optionalKey(Schema.String),
  attrs: Schema.optionalKey(Schema.Record(Schema.String, Schema.Unknown)),
  marks: Schema.optionalKey(Schema.Array(RichTextMark)),
  content: Schema.optionalKey(Schema.Array(Schema.suspend((): Schema.Codec<RichTextNode> => RichTextNode))),
});

export const RichText = RichTextNode;
export type RichText = RichTextNode;
