import { createElement } from "react";
import { describe, expect, it } from "vitest";
import { BLOCK_COMPONENTS, type Block } from "../../../../core";
import { Blocks } from "../../../../ui/blocks/Blocks";
import { blockRegistry } from "../../../../ui/blocks/registry";
import { EVERY_BLOCK, LISTING_DATA, event, paragraph } from "../support/fixtures";
import { renderHtml } from "../support/render";

const render = (blocks: readonly Block[], data = LISTING_DATA, options: Parameters<typeof renderHtml>[1] = {}) =>
  renderHtml(createElement(Blocks, { blocks, data }), { locale: "en", ...options });

describe("block registry", () => {
  it("has one component for every block the core knows, and for unknown blocks", () => {
    expect(Object.keys(blockRegistry).sort()).toEqual([...BLOCK_COMPONENTS, "unknown"].sort());
  });
});

describe("<Blocks>", () => {
  it("marks each block for the editor only in its preview", () => {
    const blocks = EVERY_BLOCK.filter((block) => block.component === "info_banner");
    expect(renderHtml(createElement(Blocks, { blocks, data: LISTING_DATA }))).not.toContain("data-blok");
    const html = renderHtml(createElement(Blocks, { blocks, data: LISTING_DATA, editableStory: "story-uuid" }));
    const [block] = blocks;
    expect(html).toContain(`data-blok-uid="story-uuid-${block!._uid}"`);
    expect(html).toContain(`data-blok-c="${JSON.stringify({ name: "info_banner", uid: block!._uid, story: "story-uuid" }).replaceAll('"', "&quot;")}"`);
    // A grid's cells are marked too, so that a click selects the block inside it.
    const grid = EVERY_BLOCK.filter((candidate) => candidate.component === "grid_layout");
    const marks = [...renderHtml(createElement(Blocks, { blocks: grid, data: LISTING_DATA, editableStory: "s" })).matchAll(/data-blok-uid="s-([^"]+)"/g)].map((match) => match[1]);
    expect(marks.length).toBeGreaterThan(1);
    expect(marks[0]).toBe(grid[0]!._uid);
  });

  it("renders every block type in order, each in its own wrapper", () => {
    const html = render(EVERY_BLOCK);
    const order = [...html.matchAll(/<div class="container [^"]*" data-block="([a-z_]+)">/g)].map((match) => match[1]);
    expect(order).toEqual(EVERY_BLOCK.map((block) => block.component));
  });

  it("renders nested grid blocks through the registry, a heading level down", () => {
    const html = render(EVERY_BLOCK.filter((block) => block.component === "grid_layout"));
    expect(html).toMatch(/<h2 id="block-gl-title"[^>]*>Two columns<\/h2>/);
    expect(html).toMatch(/<div class="[^"]*" data-block="text_component"><section id="block-gt"[^>]*><header[^>]*><div[^>]*><h3 id="block-gt-title"/);
    expect(html).toContain('data-block="link_component"');
  });

  it("renders blocks embedded in rich text (the content adapter has decoded them)", () => {
    const html = render([
      {
        component: "content_renderer",
        _uid: "cr",
        content: {
          type: "doc",
          content: [
            { type: "blok", attrs: { body: [{ component: "link_component", _uid: "emb", label: "Embedded", link: { linktype: "url", url: "/faq/" }, style: "button" }, { component: "unknown", _uid: "x", original: "evil_widget" }] } },
          ],
        },
      },
    ]);
    expect(html).toMatch(/<a href="\/en\/faq\/" class="[^"]*">Embedded<\/a>/);
    // Unknown embedded blocks get the development notice only.
    expect(html).toContain('data-unknown-block="evil_widget"');
  });

  it("shows the listing blocks' empty states when their data is missing", () => {
    const html = render(EVERY_BLOCK, {});
    for (const kind of ["events", "futureEvents", "restaurants", "sponsors", "jobOffers"]) expect(html).toContain(`data-empty-state="${kind}"`);
    expect(html).toContain("No events available");
    expect(html).toContain("No upcoming events");
  });

  it("shows 'no images' and 'no information' for empty editorial blocks", () => {
    const html = render([
      { component: "images_carousel", _uid: "a", title: "Gallery", images: [{ filename: "" }] },
      { component: "faqs", _uid: "b", title: "FAQ", items: [] },
      { component: "text_component", _uid: "c", text: { type: "doc", content: [] } },
    ]);
    expect(html).toContain('data-empty-state="images"');
    expect(html.match(/data-empty-state="information"/g)).toHaveLength(2);
  });

  it("keeps the other query parameters in the events filter and pagination links", () => {
    const html = render(EVERY_BLOCK.filter((block) => block.component === "events"), LISTING_DATA, { logicalPath: "/events/", search: { search: "jazz", page: "1" } });
    expect(html).toContain('href="/en/events/?search=jazz#block-ev" aria-current="true">See all</a>');
    expect(html).toContain('href="/en/events/?search=jazz&amp;category=sport#block-ev">Sport</a>');
    expect(html).toContain('href="/en/events/?search=jazz&amp;page=2#block-ev" aria-label="Page 2"');
  });

  it("marks the selected category and offers 'see all' when the filter leaves nothing", () => {
    const data = { ev: { kind: "events", events: { items: [], page: 1, pageCount: 0, total: 0 }, categories: ["concert", "family"], category: "family", search: undefined } } as const;
    const html = render(EVERY_BLOCK.filter((block) => block.component === "events"), data, { logicalPath: "/events/", search: { category: "family" } });
    expect(html).toContain('href="/en/events/?category=family#block-ev" aria-current="true">Family</a>');
    expect(html).toMatch(/data-empty-state="events"[\s\S]*<a href="\/en\/events\/#block-ev">See all<\/a>/);
  });

  it("lets the first block's first image load eagerly and the rest lazily", () => {
    const html = render([
      { component: "upcoming_events", _uid: "u1", title: "Next" },
      { component: "upcoming_events", _uid: "u2", title: "Later" },
    ], { u1: { kind: "upcoming-events", events: [event(), event({ slug: "b" })] }, u2: { kind: "upcoming-events", events: [event({ slug: "c" })] } });
    expect(html.match(/loading="eager"/g)).toHaveLength(1);
    expect(html.match(/loading="lazy"/g)).toHaveLength(2);
  });

  it("loads every image lazily when a hero opens the page above the blocks", () => {
    const blocks: Block[] = [{ component: "upcoming_events", _uid: "u1", title: "Next" }];
    const html = renderHtml(createElement(Blocks, { blocks, data: { u1: { kind: "upcoming-events", events: [event(), event({ slug: "b" })] } }, firstOnScreen: false }));
    expect(html).not.toContain('loading="eager"');
    expect(html).not.toContain('fetchPriority="high"');
    expect(html.match(/loading="lazy"/g)).toHaveLength(2);
  });

  it("renders contact details as mailto: and tel: links, an address free to break after its @ on a phone", () => {
    const html = render(EVERY_BLOCK.filter((block) => block.component === "contact"));
    expect(html).toContain('<a href="mailto:hola@turia-arena.example">hola@<wbr/>turia-arena.example</a>');
    expect(html).toContain('<a href="tel:+34960000000">+34 960 000 000</a>');
  });

  it("labels each hospitality offer with its kind, unless its name says it already", () => {
    const offer = (name: string) => ({ component: "hospitality_product" as const, _uid: name, name, product: "boxes" as const, capacity: "12 people" });
    const html = render([{ component: "hospitality", _uid: "h", title: "Hospitality", products: [offer("Box 12"), offer("Private boxes")] }]);
    const kickers = [...html.matchAll(/<p class="[^"]*kicker[^"]*">([^<]*)<\/p>/g)].map((match) => match[1]);
    expect(kickers).toEqual(["Private boxes"]);
    expect(html).toMatch(/<h3[^>]*>Box 12<\/h3>/);
    expect(html).toMatch(/<h3[^>]*>Private boxes<\/h3>/);
  });

  it("embeds only https iframes, with a title", () => {
    expect(render([{ component: "iframe", _uid: "i", url: "javascript:alert(1)" }])).not.toContain("<iframe");
    expect(render([{ component: "iframe", _uid: "i", url: "http://insecure.example" }])).not.toContain("<iframe");
    expect(render([{ component: "iframe", _uid: "i", url: "https://maps.example/embed" }])).toContain('title="Embedded content"');
  });

  it("renders text blocks' rich text", () => {
    expect(render([{ component: "text_component", _uid: "t", title: "Hi", text: paragraph("Hello") }])).toContain("<p>Hello</p>");
  });
});
