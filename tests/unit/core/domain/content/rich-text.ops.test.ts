import { describe, expect, it } from "vitest";
import { isEmptyRichText } from "../../../../../core/domain/content/rich-text.ops";
import type { RichTextNode } from "../../../../../core/domain/content/rich-text.schema";

const doc = (...content: RichTextNode[]): RichTextNode => ({ type: "doc", content });
const paragraph = (...content: RichTextNode[]): RichTextNode => ({ type: "paragraph", content });
const text = (value: string): RichTextNode => ({ type: "text", text: value });

describe("isEmptyRichText", () => {
  it("is empty when missing", () => {
    expect(isEmptyRichText(undefined)).toBe(true);
    expect(isEmptyRichText(null)).toBe(true);
  });

  it("is empty for the documents editors leave behind", () => {
    expect(isEmptyRichText(doc())).toBe(true);
    expect(isEmptyRichText({ type: "doc" })).toBe(true);
    expect(isEmptyRichText(doc(paragraph()))).toBe(true);
    expect(isEmptyRichText(doc(paragraph(text("")), paragraph(text("  \n\t "))))).toBe(true);
    expect(isEmptyRichText(doc(paragraph({ type: "hard_break" }), { type: "heading", attrs: { level: 2 }, content: [] }))).toBe(true);
  });

  it("has content when any text is not blank, however deep", () => {
    expect(isEmptyRichText(doc(paragraph(text("Hola"))))).toBe(false);
    expect(isEmptyRichText(doc(paragraph(text(" ")), { type: "bullet_list", content: [{ type: "list_item", content: [paragraph(text(" x "))] }] }))).toBe(false);
    expect(isEmptyRichText(text("a"))).toBe(false);
  });

  it("has content for images, blocks, rules and emoji, which have no text", () => {
    for (const type of ["image", "blok", "horizontal_rule", "emoji"]) {
      expect(isEmptyRichText(doc(paragraph({ type })))).toBe(false);
    }
  });
});
