import type { Block } from "./block.schema";
import type { RichText } from "./rich-text.schema";

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

/** Storyblok's paragraph and heading alignments (`attrs.textAlign`; null in its current format is none). */
export const TEXT_ALIGNMENTS = ["left", "center", "right", "justify"] as const;
export type TextAlignment = (typeof TEXT_ALIGNMENTS)[number];

/** A paragraph's or heading's alignment, when it has one this site shows. */
export function textAlignOf(attrs: { readonly [key: string]: unknown } | undefined): TextAlignment | undefined {
  const value = attrs?.textAlign;
  return TEXT_ALIGNMENTS.find((alignment) => alignment === value);
}

/** Whether a rich-text field has anything to show. */
export function isEmptyRichText(doc: RichText | undefined | null): boolean {
  if (!doc) return true;
  if (doc.text && doc.text.trim() !== "") return false;
  if (doc.type === "image" || doc.type === "blok" || doc.type === "horizontal_rule" || doc.type === "emoji") return false;
  return (doc.content ?? []).every((child) => isEmptyRichText(child));
}

/**
 * The blocks of a rich-text `blok` node's body. The content adapter decodes these into Blocks
 * when it decodes the story (content is decoded in that one place), so they are read as such.
 */
export function blokBlocks(body: unknown): readonly Block[] {
  return Array.isArray(body) ? (body as readonly Block[]) : [];
}
