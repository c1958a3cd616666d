import { describe, expect, it } from "vitest";
import { isEmptyRichText } from "../../../../../core/domain/content/rich-text.ops";
import type { RichTextMark, RichTextNode } from "../../../../../core/domain/content/rich-text.schema";
import {
  isMarkdownRepresentable,
  markdownToRichText,
  normalizeRichText,
  richTextToMarkdown,
} from "../../../../../core/domain/editor/rich-text-markdown.ops";

const doc = (...content: RichTextNode[]): RichTextNode => ({ type: "doc", content });
const paragraph = (...content: RichTextNode[]): RichTextNode => ({ type: "paragraph", content });
const text = (value: string, ...marks: RichTextMark[]): RichTextNode => (marks.length > 0 ? { type: "text", text: value, marks } : { type: "text", text: value });
const heading = (level: number, ...content: RichTextNode[]): RichTextNode => ({ type: "heading", attrs: { level }, content });
const item = (...content: RichTextNode[]): RichTextNode => ({ type: "list_item", content: [paragraph(...content)] });
const bullets = (...items: RichTextNode[]): RichTextNode => ({ type: "bullet_list", content: items });
const numbered = (order: number, ...items: RichTextNode[]): RichTextNode => ({ type: "ordered_list", attrs: { order }, content: items });
const quote = (...content: RichTextNode[]): RichTextNode => ({ type: "blockquote", content });
const hardBreak: RichTextNode = { type: "hard_break" };
const rule: RichTextNode = { type: "horizontal_rule" };
const bold: RichTextMark = { type: "bold" };
const italic: RichTextMark = { type: "italic" };
const code: RichTextMark = { type: "code" };
/** Link marks in the attrs shape the site's content has. */
const urlLink = (href: string, target: string | null): RichTextMark => ({ type: "link", attrs: { href, uuid: null, anchor: null, target, linktype: "url" } });
const emailLink = (href: string): RichTextMark => ({ type: "link", attrs: { href, uuid: null, anchor: null, target: null, linktype: "email" } });
const storyLink = (href: string, uuid: string | null, anchor: string | null = null): RichTextMark => ({ type: "link", attrs: { href, uuid, anchor, target: "_self", linktype: "story" } });

/** Asserts the document and the Markdown stand for each other, both ways. */
function expectBothWays(document: RichTextNode, markdown: string) {
  expect(richTextToMarkdown(document)).toBe(markdown);
  expect(markdownToRichText(markdown)).toEqual(document);
  expect(isMarkdownRepresentable(document)).toBe(true);
}

describe("empty rich text and empty Markdown", () => {
  it("gives an empty doc for empty or blank text, which the site treats as empty", () => {
    for (const blank of ["", "   ", "\n\n", " \t\n  \n"]) {
      const empty = markdownToRichText(blank);
      expect(empty).toEqual({ type: "doc", content: [] });
      expect(isEmptyRichText(empty)).toBe(true);
    }
  });

  it("writes nothing for a missing field, an empty doc, or the empty paragraph an editor leaves behind", () => {
    expect(richTextToMarkdown(undefined)).toBe("");
    expect(richTextToMarkdown({ type: "doc" })).toBe("");
    expect(richTextToMarkdown(doc())).toBe("");
    expect(richTextToMarkdown(doc({ type: "paragraph" }))).toBe("");
    expect(isMarkdownRepresentable(doc({ type: "paragraph" }))).toBe(true);
    expect(normalizeRichText(doc({ type: "paragraph" }))).toEqual(doc());
  });
});

describe("blocks", () => {
  it("separates paragraphs by a blank line", () => {
    expectBothWays(doc(paragraph(text("Hola")), paragraph(text("Adéu"))), "Hola\n\nAdéu");
  });

  it("writes a hard break as a backslash ending the line", () => {
    expectBothWays(doc(paragraph(text("Passeig de l'Albereda 40"), hardBreak, text("46023 València"))), "Passeig de l'Albereda 40\\\n46023 València");
  });

  it("keeps a plain line break inside a paragraph as part of its text, and does not read two trailing spaces as a break", () => {
    expectBothWays(doc(paragraph(text("one\ntwo"))), "one\ntwo");
    expect(markdownToRichText("one  \ntwo")).toEqual(doc(paragraph(text("one  \ntwo"))));
  });

  it("writes headings of every level with # marks", () => {
    for (let level = 1; level <= 6; level++) {
      expectBothWays(doc(heading(level, text("Entrades"))), `${"#".repeat(level)} Entrades`);
    }
    expectBothWays(doc({ type: "heading", attrs: { level: 2 } }), "##");
  });

  it("reads seven #s, or # without a space, as text", () => {
    expect(markdownToRichText("####### seven")).toEqual(doc(paragraph(text("####### seven"))));
    expect(markdownToRichText("#hashtag")).toEqual(doc(paragraph(text("#hashtag"))));
  });

  it("writes bullet lists with -, and reads * and + too", () => {
    const list = doc(bullets(item(text("Portes a les 19:30")), item(text("Bosses petites"))));
    expectBothWays(list, "- Portes a les 19:30\n- Bosses petites");
    expect(markdownToRichText("* Portes a les 19:30\n* Bosses petites")).toEqual(list);
    expect(markdownToRichText("+ Portes a les 19:30\n+ Bosses petites")).toEqual(list);
  });

  it("writes ordered lists numbered from their order, which is the first number read", () => {
    expectBothWays(doc(numbered(1, item(text("Tria")), item(text("Paga")))), "1. Tria\n2. Paga");
    expectBothWays(doc(numbered(3, item(text("Tercer")), item(text("Quart")))), "3. Tercer\n4. Quart");
    expect(markdownToRichText("7. a\n1. b")).toEqual(doc(numbered(7, item(text("a")), item(text("b")))));
  });

  it("indents an item's further lines by its marker's width, and reads them back without it", () => {
    expectBothWays(doc(bullets(item(text("a"), hardBreak, text("b")))), "- a\\\n  b");
    expectBothWays(doc(numbered(9, item(text("x")), item(text("y\nz")))), "9. x\n10. y\n    z");
    expect(markdownToRichText("- a\\\nb")).toEqual(doc(bullets(item(text("a"), hardBreak, text("b")))));
  });

  it("ends a list at a blank line, so two lists in a row stay two lists", () => {
    expectBothWays(doc(bullets(item(text("a"))), bullets(item(text("b")))), "- a\n\n- b");
    expectBothWays(doc(bullets(item(text("a"))), numbered(1, item(text("b")))), "- a\n\n1. b");
  });

  it("has no nested lists: an indented marker is the item's text", () => {
    expect(markdownToRichText("- a\n  - b")).toEqual(doc(bullets(item(text("a\n- b")))));
    expect(richTextToMarkdown(doc(bullets(item(text("a\n- b")))))).toBe("- a\n  \\- b");
  });

  it("writes an empty item as its marker alone", () => {
    expectBothWays(doc(bullets({ type: "list_item", content: [{ type: "paragraph" }] }, item(text("b")))), "-\n- b");
  });

  it("writes a blockquote as > lines holding any blocks, nested quotes included", () => {
    const quoted = doc(
      quote(paragraph(text("La primera vegada…", italic), hardBreak, text("— Lúa Serrano")), paragraph(text("Segona")), quote(paragraph(text("Dins")))),
    );
    expectBothWays(quoted, "> _La primera vegada…_\\\n> — Lúa Serrano\n>\n> Segona\n>\n> > Dins");
    expect(markdownToRichText(">No space\n>\n>- item")).toEqual(doc(quote(paragraph(text("No space")), bullets(item(text("item"))))));
  });

  it("writes a horizontal rule as ---", () => {
    expectBothWays(doc(paragraph(text("a")), rule, paragraph(text("b"))), "a\n\n---\n\nb");
    expect(markdownToRichText("- - -")).toEqual(doc(rule));
  });

  it("reads indented lines as text, never as markers", () => {
    expect(markdownToRichText("  # a\n\n  - b\n\n  > c")).toEqual(doc(paragraph(text("  # a")), paragraph(text("  - b")), paragraph(text("  > c"))));
  });
});

describe("marks", () => {
  it("writes bold as **, italic as _ and code as backticks", () => {
    expectBothWays(doc(paragraph(text("Un "), text("negreta", bold), text(", "), text("cursiva", italic), text(" i "), text("codi", code))), "Un **negreta**, _cursiva_ i `codi`");
  });

  it("nests marks in the order the text has them, the first outermost", () => {
    const link = urlLink("https://www.aepd.es", "_blank");
    expectBothWays(doc(paragraph(text("x", bold, link))), "**[x](https://www.aepd.es)**");
    expectBothWays(doc(paragraph(text("x", link, bold))), "[**x**](https://www.aepd.es)");
    expectBothWays(doc(paragraph(text("a ", bold), text("b", bold, italic), text(" c", bold))), "**a _b_ c**");
    expectBothWays(doc(paragraph(text("a", italic, bold), text("b", bold))), "_**a**_**b**");
  });

  it("keeps marks open across a hard break", () => {
    expectBothWays(doc(paragraph(text("a", bold), hardBreak, text("b", bold))), "**a\\\nb**");
  });

  it("writes code with a longer fence when it holds backticks, padded when it starts or ends with one", () => {
    expectBothWays(doc(paragraph(text("a`b", code))), "``a`b``");
    expectBothWays(doc(paragraph(text("`", code))), "`` ` ``");
    expectBothWays(doc(paragraph(text(" padded ", code))), "`  padded  `");
    expectBothWays(doc(paragraph(text("**not bold** \\", code))), "`**not bold** \\`");
  });

  it("keeps code innermost", () => {
    expectBothWays(doc(paragraph(text("x", bold, code))), "**`x`**");
  });
});

describe("links", () => {
  it("reads a URL as the content's URL link: a new tab for other sites, none for the rest", () => {
    expectBothWays(doc(paragraph(text("OpenStreetMap", urlLink("https://www.openstreetmap.org/", "_blank")))), "[OpenStreetMap](https://www.openstreetmap.org/)");
    expectBothWays(doc(paragraph(text("truca'ns", urlLink("tel:+34960000000", null)))), "[truca'ns](tel:+34960000000)");
    expectBothWays(doc(paragraph(text("FAQ", urlLink("/pages/faq", null)))), "[FAQ](/pages/faq)");
  });

  it("reads mailto: as the content's email link, whose href has no scheme", () => {
    expectBothWays(doc(paragraph(text("escriu-nos", emailLink("hola@turiaarena.example")))), "[escriu-nos](mailto:hola@turiaarena.example)");
  });

  it("keeps a story link's uuid in the title and its anchor after #", () => {
    expectBothWays(
      doc(paragraph(text("la taula", storyLink("/pages/all-blocks", "03891117-91d9-47a1-b188-d049f4b03835", "box-office-hours")))),
      '[la taula](/pages/all-blocks#box-office-hours "story:03891117-91d9-47a1-b188-d049f4b03835")',
    );
    expectBothWays(doc(paragraph(text("events", storyLink("/pages/events", null)))), '[events](/pages/events "story")');
  });

  it("ignores any other title, and reads a destination in <…> or with balanced parentheses", () => {
    expect(markdownToRichText('[a](https://x.example "Tooltip")')).toEqual(doc(paragraph(text("a", urlLink("https://x.example", "_blank")))));
    expect(markdownToRichText("[a](/wiki/Val_(ciutat))")).toEqual(doc(paragraph(text("a", urlLink("/wiki/Val_(ciutat)", null)))));
    expectBothWays(doc(paragraph(text("a", urlLink("/a file.pdf", null)))), "[a](</a file.pdf>)");
    expectBothWays(doc(paragraph(text("a", urlLink("/x)(y", null)))), "[a](/x\\)\\(y)");
  });

  it("keeps a link's text marks and adjacent links apart", () => {
    expectBothWays(
      doc(paragraph(text("a", urlLink("/a", null)), text("b", urlLink("/b", null)), text(" i ", bold), text("c", bold, emailLink("c@d.es")))),
      "[a](/a)[b](/b)** i [c](mailto:c@d.es)**",
    );
  });
});

describe("escaping", () => {
  it("escapes what would read as marks, wherever it is", () => {
    expectBothWays(doc(paragraph(text("2 * 3 = 6, snake_case, [nota] i `codi` amb \\"))), "2 \\* 3 = 6, snake\\_case, \\[nota\\] i \\`codi\\` amb \\\\");
  });

  it("escapes what would start a block at the start of a line, and only there", () => {
    expectBothWays(doc(paragraph(text("# no és un títol"))), "\\# no és un títol");
    expectBothWays(doc(paragraph(text("- no és una llista"))), "\\- no és una llista");
    expectBothWays(doc(paragraph(text("+34 960 000 000"))), "\\+34 960 000 000");
    expectBothWays(doc(paragraph(text("> no és una cita"))), "\\> no és una cita");
    expectBothWays(doc(paragraph(text("2024. Un any"))), "2024\\. Un any");
    expectBothWays(doc(paragraph(text("---"))), "\\---");
    expectBothWays(doc(paragraph(text("a - b # c > d 1. e"))), "a - b # c > d 1. e");
    expectBothWays(doc(paragraph(text("#1 en vendes, 3.5 estrelles"))), "#1 en vendes, 3.5 estrelles");
  });

  it("escapes line starts after a line break or a hard break, and in list items", () => {
    expectBothWays(doc(paragraph(text("a\n# b"), hardBreak, text("- c"))), "a\n\\# b\\\n\\- c");
    expectBothWays(doc(bullets(item(text("- - -")))), "- \\- - -");
  });

  it("does not escape inside code or a link's destination", () => {
    expectBothWays(doc(paragraph(text("*_[", code), text("x", urlLink("https://x.example/a_b*c", "_blank")))), "`*_[`[x](https://x.example/a_b*c)");
  });

  it("keeps what an editor types by hand that is no syntax as text", () => {
    expect(markdownToRichText("5 * 3 and snake_case")).toEqual(doc(paragraph(text("5 * 3 and snake_case"))));
    expect(markdownToRichText("**not closed")).toEqual(doc(paragraph(text("**not closed"))));
    expect(markdownToRichText("[no destination] and [](/empty) and ****")).toEqual(doc(paragraph(text("[no destination] and [](/empty) and ****"))));
    expect(markdownToRichText("\\q stays a backslash")).toEqual(doc(paragraph(text("\\q stays a backslash"))));
    expect(markdownToRichText("[a [b](/b) c](/c)")).toEqual(doc(paragraph(text("[a "), text("b", urlLink("/b", null)), text(" c](/c)"))));
  });
});

describe("cases the property tests found", () => {
  it("writes an empty destination as <>, so that a story link's title is not read as it", () => {
    expectBothWays(doc(paragraph(text("a", storyLink("", null)))), '[a](<> "story")');
  });

  it("keeps an item of spaces and dashes from reading as a rule", () => {
    expectBothWays(doc(bullets(item(text(" - -")))), "-  \\- -");
  });

  it("leaves a mark open across a hard break when the next line would otherwise be blank", () => {
    const link = urlLink("/a b", null);
    expectBothWays(doc(paragraph(text("a", link), hardBreak, text("\nb"))), "[a\\\n](</a b>)\nb");
    expectBothWays(doc(paragraph(text("a", link), hardBreak, text("b"))), "[a](</a b>)\\\nb");
  });
});

describe("isMarkdownRepresentable", () => {
  it("holds for the subset", () => {
    const all = doc(
      heading(2, text("Títol")),
      paragraph(text("a", bold), text(" "), text("b", italic, code), hardBreak, text("c", storyLink("/pages/faq", "9b9f"))),
      bullets(item(text("x"))),
      numbered(1, item(text("y"))),
      quote(paragraph(text("z"))),
      rule,
    );
    expect(isMarkdownRepresentable(all)).toBe(true);
    expect(markdownToRichText(richTextToMarkdown(all))).toEqual(all);
  });

  it("fails for nodes the subset has no syntax for", () => {
    const nodes: RichTextNode[] = [
      { type: "code_block", attrs: { class: "language-json" }, content: [text("{}")] },
      { type: "table", content: [{ type: "tableRow", content: [{ type: "tableCell", content: [paragraph(text("x"))] }] }] },
      paragraph({ type: "image", attrs: { src: "/a.jpg", alt: "" } }),
      paragraph({ type: "emoji", attrs: { name: "tada", emoji: "🎉" } }),
      { type: "blok", attrs: { id: "x", body: [] } },
      bullets({ type: "list_item", content: [paragraph(text("a")), bullets(item(text("nested")))] }),
      bullets({ type: "list_item", content: [paragraph(text("a")), paragraph(text("b"))] }),
      bullets(),
    ];
    for (const node of nodes) expect(isMarkdownRepresentable(doc(node)), JSON.stringify(node)).toBe(false);
  });

  it("fails for marks and attrs it would lose", () => {
    for (const type of ["underline", "strike", "strong", "superscript", "subscript", "highlight", "textStyle", "styled", "anchor"]) {
      expect(isMarkdownRepresentable(doc(paragraph(text("x", { type })))), type).toBe(false);
    }
    const documents: RichTextNode[] = [
      doc(paragraph(text("x", { type: "link", attrs: { href: "https://x.example", uuid: null, anchor: null, target: "_self", linktype: "url" } }))),
      doc(paragraph(text("x", { type: "link", attrs: { href: "/a", uuid: null, anchor: "top", target: null, linktype: "url" } }))),
      doc(paragraph(text("x", { type: "link", attrs: { href: "https://x.example", linktype: "url" } }))),
      doc(paragraph(text("x", { type: "link", attrs: { ...urlLink("/a", null).attrs, title: "Tooltip" } }))),
      doc(paragraph(text("x", { type: "link", attrs: { href: "/a", uuid: "u", anchor: null, target: null, linktype: "story" } }))),
      doc(paragraph(text("x", { type: "link", attrs: { href: "/a", uuid: null, anchor: null, target: null, linktype: "asset" } }))),
      doc(paragraph(text("x", { type: "bold", attrs: { weight: 700 } }))),
      doc(paragraph(text("x", code, bold))),
      doc(paragraph(text("x", bold, bold))),
      // An alignment is written (see "alignment" below); an unknown one, or another attribute, is not.
      doc({ type: "paragraph", attrs: { textAlign: "start" }, content: [text("x")] }),
      doc({ type: "heading", attrs: { level: 7 }, content: [text("x")] }),
      doc({ type: "heading", attrs: { level: 2, textAlign: "center", id: "x" }, content: [text("x")] }),
      doc({ type: "ordered_list", content: [item(text("x"))] }),
      { type: "paragraph", content: [text("not a doc")] },
    ];
    for (const document of documents) expect(isMarkdownRepresentable(document), JSON.stringify(document)).toBe(false);
  });

  it("fails for text a Markdown line cannot carry", () => {
    const documents: RichTextNode[] = [
      doc(paragraph(text("a\n\nb"))),
      doc(paragraph(text("a\n   "))),
      doc(paragraph(text("   "))),
      doc(paragraph(text("a"), hardBreak)),
      doc(heading(2, text("a"), hardBreak, text("b"))),
      doc(heading(2, text("a\nb"))),
      doc(paragraph(text("a\nb", code))),
      doc(paragraph(text("a\r\nb"))),
    ];
    for (const document of documents) expect(isMarkdownRepresentable(document), JSON.stringify(document)).toBe(false);
    // A mark still open after the break puts its closer on the last line.
    expect(isMarkdownRepresentable(doc(paragraph(text("a", bold), hardBreak)))).toBe(true);
  });

  it("holds for a document out of normal form, which comes back normalised", () => {
    const split = doc(paragraph(text("Hola "), text(""), { type: "text", text: "món", marks: [] }), { type: "paragraph", content: [] }, heading(3));
    expect(isMarkdownRepresentable(split)).toBe(true);
    expect(normalizeRichText(split)).toEqual(doc(paragraph(text("Hola món")), { type: "heading", attrs: { level: 3 } }));
    expect(markdownToRichText(richTextToMarkdown(split))).toEqual(normalizeRichText(split));
  });
});

describe("richTextToMarkdown beyond the subset", () => {
  it("writes what it can: the text of unknown nodes, marks it knows, strong as bold", () => {
    const table = { type: "table", content: [{ type: "tableRow", content: [{ type: "tableCell", content: [paragraph(text("cell"))] }] }] };
    expect(richTextToMarkdown(doc(table, paragraph(text("u", { type: "underline" }), text("s", { type: "strong" }))))).toBe("cell\n\nu**s**");
  });
});

describe("alignment, in Storyblok's current rich text (issue 55)", () => {
  // Storyblok's editor (TipTap) writes `{"type":"paragraph","attrs":{"textAlign":null},"content":[…]}` and
  // `{"type":"heading","attrs":{"textAlign":null,"level":2},…}` on every paragraph and heading, and
  // "left", "center", "right" or "justify" once an editor aligns one.
  const aligned = (textAlign: string | null, ...content: RichTextNode[]): RichTextNode => ({ type: "paragraph", attrs: { textAlign }, content });

  it("edits plain paragraphs and headings whose textAlign is null, as the Markdown they always were", () => {
    const stored = doc(aligned(null, text("Hola")), { type: "heading", attrs: { textAlign: null, level: 2 }, content: [text("Título")] });
    expect(isMarkdownRepresentable(stored)).toBe(true);
    expect(richTextToMarkdown(stored)).toBe("Hola\n\n## Título");
    expect(markdownToRichText(richTextToMarkdown(stored))).toEqual(normalizeRichText(stored));
    expect(normalizeRichText(stored)).toEqual(doc(paragraph(text("Hola")), heading(2, text("Título"))));
  });

  it("writes an alignment at the end of the block's last line, and reads it back", () => {
    expectBothWays(doc(aligned("center", text("Centrado"), hardBreak, text("en dos líneas"))), "Centrado\\\nen dos líneas {align=center}");
    expectBothWays(doc({ type: "heading", attrs: { level: 3, textAlign: "right" }, content: [text("A la derecha")] }), "### A la derecha {align=right}");
    expectBothWays(doc(quote(aligned("justify", text("Justificado")))), "> Justificado {align=justify}");
  });

  it("keeps text that looks like an alignment as text", () => {
    expectBothWays(doc(paragraph(text("Escribe {align=center}"))), "Escribe \\{align=center}");
    expectBothWays(doc(aligned("left", text("x {align=right}"))), "x \\{align=right} {align=left}");
  });

  it("leaves a paragraph with other attributes, or an alignment it does not know, read-only, as it is", () => {
    expect(isMarkdownRepresentable(doc({ type: "paragraph", attrs: { textAlign: "left", class: "lead" }, content: [text("x")] }))).toBe(false);
    expect(isMarkdownRepresentable(doc(aligned("start", text("x"))))).toBe(false);
    expect(isMarkdownRepresentable(doc({ type: "bullet_list", content: [{ type: "list_item", content: [aligned("center", text("x"))] }] }))).toBe(false);
  });
});
