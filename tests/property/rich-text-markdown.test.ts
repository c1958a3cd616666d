import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isMarkdownRepresentable, markdownToRichText, normalizeRichText, richTextToMarkdown, type RichTextMark, type RichTextNode } from "../../core";

const CONTENT_DIR = join(import.meta.dirname, "../../content");

const roundTrip = (doc: RichTextNode) => markdownToRichText(richTextToMarkdown(doc));

// Text rich in what Markdown reads as syntax, at line starts too.
const character = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom("a", "b", "Z", "0", "1", "9", "é", "—", "🎉") },
  { weight: 2, arbitrary: fc.constantFrom(" ", " ", "\t", "\n") },
  { weight: 5, arbitrary: fc.constantFrom("*", "**", "_", "`", "``", "[", "]", "(", ")", "\\", "#", "# ", "-", "- ", "+", ">", "1.", "1. ", "---", "<", ">", '"', "!", "&", "~", "|", "mailto:") },
);
const isSpace = (char: string | undefined) => char === undefined || char === " " || char === "\t" || char === "\n";
/** A line break only between two characters that are not spaces, so no line of Markdown is blank. */
const inlineText = fc.array(character, { minLength: 1, maxLength: 10 }).map((parts) => {
  const chars = [...parts.join("")];
  return chars.map((char, index) => (char === "\n" && (isSpace(chars[index - 1]) || isSpace(chars[index + 1])) ? " " : char)).join("");
});
const oneLineText = inlineText.map((value) => value.replace(/\n/g, " "));
const visibleText = inlineText.filter((value) => /[^ \t\n]/.test(value));

const href = fc.constantFrom("https://www.aepd.es", "http://x.example/a_b*c?d=(e)", "//cdn.example/x", "/pages/faq", "tel:+34960000000", "/a file.pdf", "/x)(y", "<odd>", "a\\b", "", "#top", "pages/faq#x");
const linkMark: fc.Arbitrary<RichTextMark> = fc.oneof(
  href.map((value) => ({ type: "link", attrs: { href: value, uuid: null, anchor: null, target: /^(https?:)?\/\//.test(value) ? "_blank" : null, linktype: "url" } })),
  fc.constantFrom("hola@turiaarena.example", "a.b+c@d.es", "").map((value) => ({ type: "link", attrs: { href: value, uuid: null, anchor: null, target: null, linktype: "email" } })),
  fc
    .record({
      href: fc.constantFrom("/pages/faq", "/pages/all blocks", "pages/x(1)", ""),
      uuid: fc.constantFrom(null, "9b9f9774-9106-46fa-8975-2f45d22dba07", 'we"ird\\uuid'),
      anchor: fc.constantFrom(null, "box-office-hours", "a b", "x#y"),
    })
    .map(({ href: value, uuid, anchor }) => ({ type: "link", attrs: { href: value, uuid, anchor, target: "_self", linktype: "story" } })),
);
/** Marks within the subset: each type once, in any order, code innermost. */
const marksFor = (text: string): fc.Arbitrary<RichTextMark[]> =>
  fc
    .tuple(fc.shuffledSubarray([{ type: "bold" }, { type: "italic" }, "link"] as const), linkMark, text.includes("\n") ? fc.constant(false) : fc.boolean())
    .map(([nesting, link, code]) => [...nesting.map((mark) => (mark === "link" ? link : mark)), ...(code ? [{ type: "code" }] : [])]);
const textNode = (text: fc.Arbitrary<string>): fc.Arbitrary<RichTextNode> =>
  text.chain((value) => marksFor(value).map((marks): RichTextNode => (marks.length > 0 ? { type: "text", text: value, marks } : { type: "text", text: value })));
const hardBreak = fc.constant<RichTextNode>({ type: "hard_break" });

/** A paragraph's content: its last line is never blank, so it ends with some visible text. */
const paragraphContent = fc
  .tuple(fc.array(fc.oneof({ weight: 3, arbitrary: textNode(inlineText) }, { weight: 1, arbitrary: hardBreak }), { maxLength: 5 }), textNode(visibleText))
  .map(([content, last]) => [...content, last]);
const paragraph = paragraphContent.map((content): RichTextNode => ({ type: "paragraph", content }));
const heading = fc
  .tuple(fc.integer({ min: 1, max: 6 }), fc.array(textNode(oneLineText), { maxLength: 3 }))
  .map(([level, content]): RichTextNode => ({ type: "heading", attrs: { level }, content }));
const listItem = fc.option(paragraphContent, { nil: undefined }).map(
  (content): RichTextNode => ({ type: "list_item", content: [content ? { type: "paragraph", content } : { type: "paragraph" }] }),
);
const bulletList = fc.array(listItem, { minLength: 1, maxLength: 3 }).map((content): RichTextNode => ({ type: "bullet_list", content }));
const orderedList = fc
  .tuple(fc.integer({ min: 0, max: 120 }), fc.array(listItem, { minLength: 1, maxLength: 3 }))
  .map(([order, content]): RichTextNode => ({ type: "ordered_list", attrs: { order }, content }));
const rule = fc.constant<RichTextNode>({ type: "horizontal_rule" });

const leafBlock = fc.oneof(
  { weight: 4, arbitrary: paragraph },
  { weight: 2, arbitrary: heading },
  { weight: 2, arbitrary: bulletList },
  { weight: 2, arbitrary: orderedList },
  { weight: 1, arbitrary: rule },
);
const block: fc.Memo<RichTextNode> = fc.memo((depth) =>
  depth <= 1
    ? leafBlock
    : fc.oneof({ weight: 5, arbitrary: leafBlock }, { weight: 1, arbitrary: fc.array(block(depth - 1), { maxLength: 3 }).map((content): RichTextNode => ({ type: "blockquote", content })) }),
);
/** Any document within the subset. Out of normal form too: adjacent texts may share their marks. */
const subsetDoc = fc.array(block(3), { maxLength: 5 }).map((content): RichTextNode => ({ type: "doc", content }));

describe("the Markdown round trip on documents within the subset", () => {
  it("gives back the document in normal form, and the document is representable", () => {
    fc.assert(
      fc.property(subsetDoc, (doc) => {
        expect(isMarkdownRepresentable(doc)).toBe(true);
        expect(roundTrip(doc)).toEqual(normalizeRichText(doc));
      }),
      { numRuns: 1000 },
    );
  });

  it("has a normal form that normalising again leaves as it is", () => {
    fc.assert(
      fc.property(subsetDoc, (doc) => {
        const normal = normalizeRichText(doc);
        expect(normalizeRichText(normal)).toEqual(normal);
        expect(richTextToMarkdown(normal)).toBe(richTextToMarkdown(doc));
      }),
      { numRuns: 200 },
    );
  });
});

// Documents near the subset's edges: blank lines, breaks in headings, trailing hard breaks, marks
// the subset lacks, code outside other marks, link attrs other than the content's.
const looseText = fc.array(fc.oneof(character, fc.constantFrom("\n\n", "\n ", " \n", "\r")), { maxLength: 8 }).map((parts) => parts.join(""));
const looseMark: fc.Arbitrary<RichTextMark> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom<RichTextMark>({ type: "bold" }, { type: "italic" }, { type: "code" }) },
  { weight: 2, arbitrary: linkMark },
  {
    weight: 1,
    arbitrary: fc.constantFrom<RichTextMark>(
      { type: "strong" },
      { type: "underline" },
      { type: "link", attrs: { href: "https://x.example", uuid: null, anchor: null, target: "_self", linktype: "url" } },
      { type: "link", attrs: { href: "mailto:x@y.es", uuid: null, anchor: null, target: null, linktype: "url" } },
      { type: "link", attrs: { href: "/a#b", uuid: "u", anchor: "c", target: "_self", linktype: "story" } },
      { type: "link", attrs: { href: "/a", linktype: "url" } },
    ),
  },
);
const looseInline = fc.array(
  fc.oneof(
    { weight: 4, arbitrary: fc.record({ type: fc.constant("text"), text: looseText, marks: fc.array(looseMark, { maxLength: 3 }) }) },
    { weight: 1, arbitrary: hardBreak },
  ),
  { maxLength: 4 },
);
const looseBlock: fc.Arbitrary<RichTextNode> = fc.oneof(
  looseInline.map((content): RichTextNode => ({ type: "paragraph", content })),
  fc.tuple(fc.integer({ min: 0, max: 7 }), looseInline).map(([level, content]): RichTextNode => ({ type: "heading", attrs: { level }, content })),
  fc
    .array(looseInline, { maxLength: 2 })
    .map((items): RichTextNode => ({ type: "bullet_list", content: items.map((content) => ({ type: "list_item", content: [{ type: "paragraph", content }] })) })),
  looseInline.map((content): RichTextNode => ({ type: "blockquote", content: [{ type: "paragraph", content }] })),
);
const looseDoc = fc.array(looseBlock, { maxLength: 3 }).map((content): RichTextNode => ({ type: "doc", content }));

describe("isMarkdownRepresentable near the subset's edges", () => {
  it("is true exactly when the round trip gives back the document in normal form", () => {
    fc.assert(
      fc.property(looseDoc, (doc) => {
        const exact = JSON.stringify(roundTrip(doc)) === JSON.stringify(normalizeRichText(doc)) || isDeepEqual(roundTrip(doc), normalizeRichText(doc));
        expect(isMarkdownRepresentable(doc), richTextToMarkdown(doc)).toBe(exact);
      }),
      { numRuns: 1000 },
    );
  });
});

function isDeepEqual(a: unknown, b: unknown): boolean {
  try {
    expect(a).toEqual(b);
    return true;
  } catch {
    return false;
  }
}

// What an editor may type: mostly syntax, often unbalanced.
const typed = fc
  .array(fc.oneof(character, fc.constantFrom("\n", "\n\n", "  ", "](", ")", "](/a)", '](/a "story:u")', "](mailto:x)", "](<a b>)", "> ", "\\\n", "\r\n")), { maxLength: 30 })
  .map((parts) => parts.join(""));

describe("markdownToRichText on any text", () => {
  it("reads a document within the subset that reads back the same after writing it", () => {
    fc.assert(
      fc.property(typed, (markdown) => {
        const doc = markdownToRichText(markdown);
        expect(isMarkdownRepresentable(doc), markdown).toBe(true);
        expect(roundTrip(doc), markdown).toEqual(doc);
      }),
      { numRuns: 1000 },
    );
  });
});

/** Every rich-text document in the content's stories, wherever a field holds one (embedded blocks too). */
function contentDocuments(): { readonly file: string; readonly doc: RichTextNode }[] {
  const found: { file: string; doc: RichTextNode }[] = [];
  const visit = (value: unknown, file: string) => {
    if (Array.isArray(value)) for (const item of value) visit(item, file);
    else if (value && typeof value === "object") {
      if ((value as RichTextNode).type === "doc") found.push({ file, doc: value as RichTextNode });
      for (const child of Object.values(value)) visit(child, file);
    }
  };
  for (const folder of ["stories", "published"]) {
    const files = readdirSync(join(CONTENT_DIR, folder), { recursive: true, encoding: "utf8" }).filter((name) => name.endsWith(".json"));
    for (const file of files) visit(JSON.parse(readFileSync(join(CONTENT_DIR, folder, file), "utf8")), join(folder, file));
  }
  return found;
}

const SUBSET_NODES = new Set(["doc", "paragraph", "text", "hard_break", "heading", "bullet_list", "ordered_list", "list_item", "blockquote", "horizontal_rule"]);
const SUBSET_MARKS = new Set(["bold", "italic", "code", "link"]);

function usesOnlySubsetTypes(node: RichTextNode): boolean {
  return SUBSET_NODES.has(node.type) && (node.marks ?? []).every((mark) => SUBSET_MARKS.has(mark.type)) && (node.content ?? []).every(usesOnlySubsetTypes);
}

describe("the site's content as Markdown", () => {
  const documents = contentDocuments();

  it("round-trips every rich-text field the subset can hold, exactly", () => {
    expect(documents.length).toBeGreaterThan(100);
    for (const { file, doc } of documents) {
      if (isMarkdownRepresentable(doc)) expect(roundTrip(doc), file).toEqual(doc);
    }
  });

  it("holds every field whose nodes and marks are in the subset, links included, and no other", () => {
    for (const { file, doc } of documents) expect(isMarkdownRepresentable(doc), file).toBe(usesOnlySubsetTypes(doc));
    // The rich-text showcase uses every node and mark, so some fields are outside; most are not.
    const representable = documents.filter(({ doc }) => isMarkdownRepresentable(doc)).length;
    expect(representable).toBeLessThan(documents.length);
    expect(representable).toBeGreaterThan(documents.length * 0.9);
  });
});
