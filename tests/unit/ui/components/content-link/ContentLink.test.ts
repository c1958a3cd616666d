import { createElement } from "react";
import { describe, expect, it } from "vitest";
import type { Multilink } from "../../../../../core";
import { ContentLink } from "../../../../../ui/components/content-link/ContentLink";
import { renderHtml } from "../../support/render";

const render = (link: Multilink | undefined, logicalPath = "/") =>
  renderHtml(createElement(ContentLink, { link, children: "label" }), { locale: "val", logicalPath }).replace(/ class="visually-hidden"/g, "");

describe("ContentLink", () => {
  it("links stories to their localised path, with the active classes on the current page and its section", () => {
    expect(render({ linktype: "story", cached_url: "pages/restaurants" })).toBe('<a href="/val/restaurants/">label</a>');
    expect(render({ linktype: "story", story: { full_slug: "pages/restaurants" } }, "/restaurants/")).toBe(
      '<a href="/val/restaurants/" class="is-active is-exact-active" aria-current="page">label</a>',
    );
    expect(render({ linktype: "story", cached_url: "pages/restaurants" }, "/restaurants/menu/")).toBe('<a href="/val/restaurants/" class="is-active">label</a>');
    expect(render({ linktype: "story", cached_url: "events/rosalia" })).toBe('<a href="/val/event/rosalia/">label</a>');
  });

  it("opens other sites in a new tab with rel noopener noreferrer and says so", () => {
    expect(render({ linktype: "url", url: "https://metrovalencia.es" })).toBe(
      '<a href="https://metrovalencia.es" class="opens-new-tab" target="_blank" rel="noopener noreferrer">label<span> (s&#x27;obri en una pestanya nova)</span></a>',
    );
  });

  it("calls a phone number from this tab", () => {
    expect(render({ linktype: "url", url: "tel:+34960000000" })).toBe('<a href="tel:+34960000000">label</a>');
  });

  it("makes emails mailto: links and assets links to the file", () => {
    expect(render({ linktype: "email", email: "hola@turia-arena.example" })).toBe('<a href="mailto:hola@turia-arena.example">label</a>');
    expect(render({ linktype: "asset", url: "https://a.storyblok.com/f/1/menu.pdf" })).toBe('<a href="https://a.storyblok.com/f/1/menu.pdf">label</a>');
  });

  it("renders links that go nowhere as text", () => {
    expect(render(undefined)).toBe("<span>label</span>");
    expect(render({ linktype: "url", url: "javascript:alert(1)" })).toBe("<span>label</span>");
  });

  it("keeps same-page anchors as they are", () => {
    expect(render({ linktype: "url", url: "#tickets" })).toBe('<a href="#tickets">label</a>');
  });
});
