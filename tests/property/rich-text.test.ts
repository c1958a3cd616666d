import fc from "fast-check";
import { createElement } from "react";
import { describe, expect, it } from "vitest";
import { BLOCK_COMPONENTS, RICH_TEXT_MARKS, RICH_TEXT_NODES, type RichTextNode } from "../../core";
import { createContentMapper } from "../../adapters/storyblok/content-mapper";
import { Blocks } from "../../ui/blocks/Blocks";
import { RichText } from "../../ui/components/rich-text/RichText";
import { attributesOf, renderHtml } from "../unit/ui/support/render";

// Values an attacker with CMS access (or a compromised CMS) would try, mixed with plausible ones.
const hostile = fc.constantFrom(
  "javascript:alert(1)",
  " JaVaScRiPt:alert(1)",
  "java\nscript:alert(1)",
  "\u0000javascript:alert(1)",
  "data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==",
  "data:image/svg+xml,<svg onload=alert(1)>",
  "vbscript:msgbox(1)",
  "onerror",
  "onclick=alert(1)",
  '" onerror="alert(1)',
  "' onmouseover='alert(1)",
  "<script>alert(1)</script>",
  "</p><script>alert(1)</script>",
  "<img src=x onerror=alert(1)>",
  "expression(alert(1))",
  "url(javascript:alert(1))",
  "red;background:url(javascript:alert(1))",
  "#ff0",
  "rgb(1, 2, 3)",
  "tomato",
  "https://example.com/a.jpg",
  "https://a.storyblok.com/f/1/800x600/h/a.jpg",
  "//evil.example/x",
  "/pages/contact",
  "pages/faq",
  "mailto:a@b.es",
  "a@b.es",
  "#top",
  "",
  "1",
  "3",
  "-1",
  "1e9",
);
const url = fc.constantFrom("https://example.com/", "/faq/", "pages/contact", "#tickets", "mailto:hola@example.com", "tel:+34960000000");
const text = fc.oneof({ weight: 3, arbitrary: hostile }, { weight: 1, arbitrary: fc.string({ maxLength: 12 }) });
const scalar = fc.oneof(text, fc.integer({ min: -5, max: 2_000_000 }), fc.boolean(), fc.constant(null), fc.constant({ __html: "<script>alert(1)</script>" }));
/** Random extra attributes, some named like event handlers or React escape hatches. */
const extras = fc.dictionary(fc.constantFrom("onerror", "onclick", "onload", "style", "dangerouslySetInnerHTML", "ref", "key", "srcset"), scalar, { maxKeys: 2 });
const withExtras = <T extends object>(attrs: fc.Arbitrary<T>) => fc.tuple(attrs, extras).map(([known, extra]) => ({ ...extra, ...known }));
const markAttrs = withExtras(
  fc.record(
    { href: fc.oneof(hostile, url), linktype: fc.oneof(fc.constantFrom("url", "story", "email", "asset"), text), anchor: text, uuid: text, target: text, id: text, class: text, color: text },
    { requiredKeys: [] },
  ),
);
const mark = fc.record(
  {
    type: fc.oneof(
      { weight: 3, arbitrary: fc.constant("link") },
      { weight: 6, arbitrary: fc.constantFrom(...RICH_TEXT_MARKS) },
      { weight: 1, arbitrary: fc.string({ maxLength: 6 }) },
    ),
    attrs: markAttrs,
  },
  { requiredKeys: ["type"] },
);
const link = fc.record(
  {
    linktype: fc.constantFrom("url", "story", "asset", "email"),
    url: text,
    cached_url: text,
    href: text,
    email: text,
    anchor: text,
    story: fc.record({ full_slug: text }),
  },
  { requiredKeys: ["linktype"] },
);

const node: fc.Memo<RichTextNode> = fc.memo((depth) => {
  const children = depth <= 1 ? fc.constant(undefined) : fc.option(fc.array(node(depth - 1), { maxLength: 4 }), { nil: undefined });
  // An embedded block, raw as the CMS sends it: sometimes well-formed, often not.
  const blok = fc.record(
    {
      component: fc.oneof(fc.constantFrom(...BLOCK_COMPONENTS), fc.constantFrom("evil", "<script>")),
      _uid: text,
      title: text,
      label: text,
      url: text,
      link,
      style: fc.constantFrom("button", "secondary", "link"),
      text: depth <= 1 ? fc.constant(undefined) : node(depth - 1),
      content: depth <= 1 ? fc.constant(undefined) : node(depth - 1),
      items: fc.constant([]),
    },
    { requiredKeys: ["component", "_uid"] },
  );
  const attrs = withExtras(
    fc.record(
      { level: scalar, order: scalar, class: text, src: text, alt: text, title: text, emoji: text, name: text, colspan: scalar, rowspan: scalar, body: fc.oneof(scalar, fc.array(blok, { maxLength: 2 })) },
      { requiredKeys: [] },
    ),
  );
  return fc.record(
    {
      type: fc.oneof(
        { weight: 4, arbitrary: fc.constant("text") },
        { weight: 8, arbitrary: fc.constantFrom(...RICH_TEXT_NODES) },
        { weight: 1, arbitrary: fc.string({ maxLength: 6 }) },
      ),
      text,
      attrs,
      marks: fc.array(mark, { maxLength: 4 }),
      content: children,
    },
    { requiredKeys: ["type"] },
  ) as fc.Arbitrary<RichTextNode>;
});
const doc = node(5).map((root): RichTextNode => ({ type: "doc", content: [root] }));

const URL_ATTRIBUTES = new Set(["href", "src", "srcset", "action", "formaction", "xlink:href", "poster", "data", "background", "cite", "ping"]);

/** What a browser would make of a URL attribute: control characters and whitespace are ignored before the scheme. */
const schemeOf = (value: string) => value.replace(/[\u0000-\u0020\u007f]/g, "").toLowerCase();

function expectSafe(html: string): void {
  expect(html.toLowerCase()).not.toContain("<script");
  for (const { tag, name, value } of attributesOf(html)) {
    expect(name.startsWith("on"), `<${tag} ${name}>`).toBe(false);
    if (URL_ATTRIBUTES.has(name)) {
      for (const url of name === "srcset" ? value.split(",").map((candidate) => candidate.trim().split(/\s+/)[0] ?? "") : [value]) {
        expect(schemeOf(url), `<${tag} ${name}="${value}">`).not.toMatch(/^(javascript|data|vbscript):/);
      }
    }
    if (name === "style") expect(value.toLowerCase(), `<${tag} style="${value}">`).not.toMatch(/url\(|expression\(|javascript:/);
  }
}

describe("RichText on any document", () => {
  it("never throws and never emits a script, an on* attribute or a javascript:/data: URL", () => {
    fc.assert(
      fc.property(doc, fc.constantFrom("es", "en", "val" as const), (document, locale) => {
        expectSafe(renderHtml(createElement(RichText, { doc: document, renderBlok: () => createElement("div", null, "blok") }), { locale }));
      }),
      { numRuns: 300 },
    );
  });

  it("stays safe with embedded blocks rendered through the block registry", () => {
    // As on the site: the content adapter decodes embedded blocks before anything renders them.
    const mapper = createContentMapper({ logger: { info: () => {}, warn: () => {}, error: () => {} }, fallbackForUnknownBlocks: true });
    fc.assert(
      fc.property(doc, (document) => {
        const content = mapper.withDecodedBloks(document, "property");
        expectSafe(renderHtml(createElement(Blocks, { blocks: [{ component: "content_renderer", _uid: "root", content }] })));
      }),
      { numRuns: 300 },
    );
  });

  it("checks what it claims to check", () => {
    expect(() => expectSafe('<a href=" java&#x9;script:alert(1)">x</a>')).toThrow();
    expect(() => expectSafe('<img src="x" onerror="alert(1)"/>')).toThrow();
    expect(() => expectSafe('<img srcSet="/a.jpg 1x, data:image/png;base64,AA 2x"/>')).toThrow();
    expect(() => expectSafe('<p title="x onerror=alert(1)">javascript:alert(1)</p>')).not.toThrow();
  });
});
