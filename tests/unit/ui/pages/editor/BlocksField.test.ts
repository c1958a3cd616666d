import { createElement } from "react";
import { describe, expect, it } from "vitest";
import type { BlockContent, ComponentDefinition, FormField } from "../../../../../core";
import { BlocksField } from "../../../../../ui/pages/editor/BlocksField";
import { StoryFormContext } from "../../../../../ui/pages/editor/story-form-context";
import { renderHtml } from "../../support/render";

const card: ComponentDefinition = { name: "card", display_name: "Tarjeta", is_nestable: true, schema: { title: { type: "text", display_name: "Título" } } };
const cards: FormField = { key: "cards", type: "bloks", field: { type: "bloks", display_name: "Tarjetas", maximum: 2, restrict_components: true, component_whitelist: ["card"] } };
const withCards = (count: number): BlockContent => ({
  _uid: "featured",
  component: "featured_cards",
  cards: Array.from({ length: count }, (_, index) => ({ _uid: `c${index}`, component: "card", title: `Tarjeta ${index}` })),
});

const render = (block: BlockContent) =>
  renderHtml(
    createElement(
      StoryFormContext.Provider,
      {
        value: { components: [card], stories: [], assets: [], language: "es", selectedBlock: undefined, selections: 0, fieldProblems: [], uploading: false, lastUpload: undefined, change: () => undefined, upload: () => undefined },
      },
      createElement(BlocksField, { block, field: cards, label: "Tarjetas" }),
    ),
    { locale: "es" },
  );

describe("BlocksField", () => {
  it("adds and duplicates blocks while the field has room for them", () => {
    const html = render(withCards(1));
    expect(html).toContain("Añadir bloque");
    expect(html).not.toMatch(/<button[^>]*disabled=""[^>]*aria-label="Duplicar/);
  });

  it("offers no more once the field holds its schema's maximum, and says why", () => {
    const html = render(withCards(2));
    expect(html).not.toContain("Añadir bloque");
    expect(html).toContain("Este campo admite 2 bloques como máximo: quita uno para añadir otro.");
    expect(html.match(/<button[^>]*disabled=""[^>]*aria-label="Duplicar/g)).toHaveLength(2);
  });
});
