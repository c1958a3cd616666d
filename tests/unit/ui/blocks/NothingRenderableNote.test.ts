import { createElement } from "react";
import { describe, expect, it } from "vitest";
import type { Page } from "../../../../core";
import { NothingRenderableNote } from "../../../../ui/blocks/NothingRenderableNote";
import { renderHtml } from "../support/render";

const starter = { component: "page", _uid: "p", title: "Starter", body: [{ component: "unknown", _uid: "t", original: "teaser" }] } as Page;

describe("<NothingRenderableNote> (issue 55)", () => {
  it("tells the editor, in each language, that visitors get a 404 for a page with no block this site knows", () => {
    expect(renderHtml(createElement(NothingRenderableNote, { page: starter }), { locale: "en" })).toContain("Visitors do not see this page (it is a 404");
    expect(renderHtml(createElement(NothingRenderableNote, { page: starter }), { locale: "es" })).toContain("Los visitantes no ven esta página");
    expect(renderHtml(createElement(NothingRenderableNote, { page: starter }), { locale: "val" })).toContain("Els visitants no veuen esta pàgina");
  });

  it("says nothing of a page with a block it renders", () => {
    const page = { ...starter, body: [...(starter.body ?? []), { component: "text_component", _uid: "x", title: "Hola" }] } as Page;
    expect(renderHtml(createElement(NothingRenderableNote, { page }), { locale: "en" })).toBe("");
  });
});
