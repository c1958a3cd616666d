import { describe, expect, it } from "vitest";
import { hasRenderableContent, type Page } from "../../../../../core";

const page = (fields: Partial<Page>): Page => ({ component: "page", _uid: "p", title: "T", ...fields }) as Page;
const unknown = (original: string) => ({ component: "unknown", _uid: original, original }) as const;

describe("whether a page has something for visitors (issue 55)", () => {
  it("is not when every block is one this site does not know, also inside a grid", () => {
    expect(hasRenderableContent(page({ body: [unknown("teaser"), unknown("grid")] }))).toBe(false);
    expect(hasRenderableContent(page({ body: [{ component: "grid_layout", _uid: "g", items: [unknown("feature")] } as never] }))).toBe(false);
  });

  it("is when one block is known, or the page has a hero, or it has no blocks yet", () => {
    expect(hasRenderableContent(page({ body: [unknown("teaser"), { component: "text_component", _uid: "t", title: "Hola" } as never] }))).toBe(true);
    expect(hasRenderableContent(page({ hero: [{ component: "hero_slide", _uid: "h" } as never], body: [unknown("teaser")] }))).toBe(true);
    expect(hasRenderableContent(page({ body: [] }))).toBe(true);
    expect(hasRenderableContent(page({}))).toBe(true);
  });
});
