import { createElement } from "react";
import { describe, expect, it } from "vitest";
import type { RichTextNode } from "../../../../../core";
import { multilinkOfMark, RichText } from "../../../../../ui/components/rich-text/RichText";
import { renderHtml } from "../../support/render";

const doc = (...content: RichTextNode[]): RichTextNode => ({ type: "doc", content });
const text = (value: string, ...marks: { type: string; attrs?: Record<string, unknown> }[]): RichTextNode => ({ type: "text", text: value, marks });
const paragraph = (...content: RichTextNode[]): RichTextNode => ({ type: "paragraph", content });
const render = (node: RichTextNode, props: Record<string, unknown> = {}) =>
  renderHtml(createElement(RichText, { doc: node, ...props }), { locale: "es", logicalPath: "/contact/" }).replace(/ class="[^"]*"/g, "");

describe("RichText", () => {
  it("renders block nodes as their elements, h1 demoted to h2 inside pages", () => {
    const html = render(
      doc(
        { type: "heading", attrs: { level: 1 }, content: [text("Title")] },
        { type: "heading", attrs: { level: 9 }, content: [text("Deep")] },
        paragraph(text("One"), { type: "hard_break" }, text("two")),
        { type: "blockquote", content: [paragraph(text("Quote"))] },
        { type: "bullet_list", content: [{ type: "list_item", content: [paragraph(text("a"))] }] },
        { type: "ordered_list", attrs: { order: 3 }, content: [{ type: "list_item", content: [paragraph(text("c"))] }] },
        { type: "code_block", attrs: { class: "language-ts" }, content: [text("const a = 1;")] },
        { type: "horizontal_rule" },
      ),
    );
    expect(html).toBe(
      "<div><h2>Title</h2><h6>Deep</h6><p>One<br/>two</p><blockquote><p>Quote</p></blockquote><ul><li><p>a</p></li></ul>" +
        '<ol start="3"><li><p>c</p></li></ol><pre data-language="ts" tabindex="0"><code>const a = 1;</code></pre><hr/></div>',
    );
    expect(render(doc({ type: "heading", attrs: { level: 1 }, content: [text("Top")] }), { demoteH1: false })).toBe("<div><h1>Top</h1></div>");
  });

  it("renders marks, first mark outermost, and ignores unknown marks", () => {
    const html = render(
      paragraph(
        text("b", { type: "bold" }, { type: "italic" }),
        text("s", { type: "strike" }, { type: "underline" }, { type: "code" }),
        text("x", { type: "superscript" }),
        text("y", { type: "subscript" }),
        text("z", { type: "sparkles" }),
      ),
    );
    expect(html).toBe("<div><p><strong><em>b</em></strong><s><u><code>s</code></u></s><sup>x</sup><sub>y</sub>z</p></div>");
  });

  it("renders links by type: story to the localised path, url external, email as mailto", () => {
    const html = render(
      paragraph(
        text("contact", { type: "link", attrs: { linktype: "story", href: "/pages/contact", uuid: "u-1" } }),
        text("faq", { type: "link", attrs: { linktype: "story", href: "pages/faq", anchor: "bags" } }),
        text("site", { type: "link", attrs: { linktype: "url", href: "https://metrovalencia.es" } }),
        text("mail", { type: "link", attrs: { linktype: "email", href: "hola@turia-arena.example" } }),
      ),
    );
    expect(html).toContain('<a href="/es/contact/" aria-current="page">contact</a>');
    expect(html).toContain('<a href="/es/faq/#bags">faq</a>');
    expect(html).toContain('<a href="https://metrovalencia.es" target="_blank" rel="noopener noreferrer">site<span> (se abre en una pestaña nueva)</span></a>');
    expect(html).toContain('<a href="mailto:hola@turia-arena.example">mail</a>');
  });

  it("drops unsafe links and attributes", () => {
    const html = render(
      paragraph(
        text("js", { type: "link", attrs: { linktype: "url", href: "javascript:alert(1)" } }),
        text("data", { type: "link", attrs: { linktype: "url", href: "data:text/html,<script>alert(1)</script>" } }),
        text("story", { type: "link", attrs: { linktype: "story", href: "javascript:alert(1)" } }),
        text("anchor", { type: "anchor", attrs: { id: '"><script>x' } }),
        text("styled", { type: "styled", attrs: { class: "lead onerror=x <b>" } }),
        text("color", { type: "textStyle", attrs: { color: "red;background:url(javascript:x)" } }),
        text("mark", { type: "highlight", attrs: { color: "#ff0" } }),
      ),
    );
    expect(html).toBe(
      '<div><p><span>js</span><span>data</span><span>story</span><span id="scriptx">anchor</span><span>styled</span>color<mark style="background-color:#ff0">mark</mark></p></div>',
    );
    expect(renderHtml(createElement(RichText, { doc: paragraph(text("s", { type: "styled", attrs: { class: "lead big" } })) }))).toContain('class="rt-lead rt-big"');
  });

  it("renders images through ContentImage, with the fallback for unsafe sources", () => {
    expect(render(doc({ type: "image", attrs: { src: "/a/f/1/800x600/h/pic.jpg", alt: "Stage", title: "The stage" } }))).toMatch(
      /<img alt="Stage" title="The stage" loading="lazy" decoding="async" src="\/a\/f\/1\/800x600\/h\/pic.jpg\/m\/800x0\/filters:quality\(75\):format\(webp\)" srcSet="[^"]+" sizes="[^"]+" width="800" height="600"\/>/,
    );
    expect(render(doc({ type: "image", attrs: { src: "javascript:alert(1)", alt: "x" } }))).toContain('src="/images/logo-black.svg"');
  });

  it("renders emoji, tables with numeric spans only, embedded blocks and unknown nodes' children", () => {
    const html = render(
      doc(
        paragraph({ type: "emoji", attrs: { emoji: "🎉", name: "tada" } }, { type: "emoji", attrs: { name: "arena" } }),
        {
          type: "table",
          content: [
            { type: "tableRow", content: [{ type: "tableHeader", attrs: { colspan: 2 }, content: [paragraph(text("Head"))] }] },
            { type: "tableRow", content: [{ type: "tableCell", attrs: { colspan: "2", rowspan: "x" }, content: [paragraph(text("Cell"))] }] },
          ],
        },
        { type: "blok", attrs: { body: [{ component: "x", _uid: "1" }] } },
        { type: "mystery", content: [paragraph(text("kept"))] },
      ),
      { renderBlok: (body: readonly unknown[]) => createElement("aside", null, `blocks: ${body.length}`) },
    );
    expect(html).toBe(
      '<div><p><span role="img" aria-label="tada">🎉</span><span role="img" aria-label="arena">:arena:</span></p>' +
        '<div tabindex="0"><table><tbody><tr><th colSpan="2"><p>Head</p></th></tr><tr><td colSpan="2"><p>Cell</p></td></tr></tbody></table></div>' +
        "<aside>blocks: 1</aside><p>kept</p></div>",
    );
  });

  it("renders nothing for an empty document", () => {
    expect(render(doc(paragraph()))).toBe("");
    expect(renderHtml(createElement(RichText, { doc: undefined }))).toBe("");
  });
});

describe("multilinkOfMark", () => {
  it("keeps the anchor of url and story links, sanitised", () => {
    expect(multilinkOfMark({ linktype: "url", href: "/events/", anchor: "top x" })).toEqual({ linktype: "url", url: "/events/", anchor: "topx" });
    expect(multilinkOfMark({ linktype: "story", href: "/pages/faq", uuid: "u" })).toEqual({ linktype: "story", cached_url: "pages/faq", uuid: "u" });
  });

  it("refuses emails that are not addresses", () => {
    expect(multilinkOfMark({ linktype: "email", href: "mailto:a@b.es" })).toEqual({ linktype: "email", email: "a@b.es" });
    expect(multilinkOfMark({ linktype: "email", href: "javascript:alert(1)" })).toBeUndefined();
  });
});

describe("<RichText> alignment (issue 55)", () => {
  it("aligns a paragraph or heading by its attrs.textAlign with a class, none for null or an unknown value", () => {
    const withClasses = (node: RichTextNode) => renderHtml(createElement(RichText, { doc: node }), { locale: "es", logicalPath: "/contact/" });
    const html = withClasses({
      type: "doc",
      content: [
        { type: "paragraph", attrs: { textAlign: "center" }, content: [{ type: "text", text: "Centro" }] },
        { type: "heading", attrs: { level: 2, textAlign: "right" }, content: [{ type: "text", text: "Derecha" }] },
        { type: "paragraph", attrs: { textAlign: null }, content: [{ type: "text", text: "Nada" }] },
        { type: "paragraph", attrs: { textAlign: "x;color:red" }, content: [{ type: "text", text: "Raro" }] },
      ],
    });
    expect(html).toMatch(/<p class="[^"]*align-center[^"]*">Centro<\/p>/);
    expect(html).toMatch(/<h2 class="[^"]*align-right[^"]*">Derecha<\/h2>/);
    expect(html).toContain("<p>Nada</p>");
    expect(html).toContain("<p>Raro</p>");
  });
});
