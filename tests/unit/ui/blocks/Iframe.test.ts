import { createElement } from "react";
import { describe, expect, it } from "vitest";
import { Iframe, embeddableUrl } from "../../../../ui/blocks/Iframe";
import { renderHtml } from "../support/render";

const render = (url: string) =>
  renderHtml(createElement(Iframe, { block: { component: "iframe", _uid: "map", title: "How to get here", url, aspect_ratio: "4:3" }, data: undefined }), { locale: "en" });

describe("<Iframe>", () => {
  it("embeds an https page lazily, sandboxed, titled and allowed full screen by its permissions policy alone", () => {
    const html = render("https://maps.example.org/embed?q=arena");
    expect(html).toMatch(/<iframe [^>]*src="https:\/\/maps.example.org\/embed\?q=arena"/);
    expect(html).toContain('title="How to get here"');
    expect(html).toContain('loading="lazy"');
    expect(html).toContain('sandbox="allow-scripts');
    expect(html).toContain('allow="fullscreen; picture-in-picture; encrypted-media"');
    // Both at once make Chromium warn in the console that `allow` takes precedence.
    expect(html).not.toMatch(/allowfullscreen/i);
  });

  it("shows the empty state instead of a page that is not https", () => {
    expect(render("http://maps.example.org/")).not.toContain("<iframe");
    expect(embeddableUrl("javascript:alert(1)")).toBeUndefined();
    expect(embeddableUrl("//evil.example/")).toBeUndefined();
    expect(embeddableUrl(" /es/contact/ ")).toBe("/es/contact/");
  });
});
