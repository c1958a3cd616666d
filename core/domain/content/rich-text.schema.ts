import { Schema } from "effect";

/** SPEC §3 rich-text marks. Attributes are read by name where a mark has them. */
export const RICH_TEXT_MARKS = [
  "bold", "strong", "strike", "underline", "italic", "code", "link", "anchor", "styled",
  "superscript", "subscript", "textStyle", "highlight",
] as const;

/** SPEC §3 rich-text nodes. */
export const RICH_TEXT_NODES = [
  "doc", "heading", "paragraph", "blockquote", "ordered_list", "bullet_list", "list_item", "code_block",
  "horizontal_rule", "hard_break", "image", "emoji", "blok", "table", "tableRow", "tableCell", "tableHeader", "text",
] as const;

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

/** Whether a rich-text field has anything to show. */
export function isEmptyRichText(doc: RichText | undefined | null): boolean {
  if (!doc) return true;
  if (doc.text && doc.text.trim() !== "") return false;
  if (doc.type === "image" || doc.type === "blok" || doc.type === "horizontal_rule" || doc.type === "emoji") return false;
  return (doc.content ?? []).every((child) => isEmptyRichText(child));
}
