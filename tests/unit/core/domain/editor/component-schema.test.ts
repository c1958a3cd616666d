import { describe, expect, it } from "vitest";
import { allowedComponents, blockSummary, formFields, newBlock, type ComponentDefinition } from "../../../../../core";

const card: ComponentDefinition = { name: "card", display_name: "Card", is_nestable: true, schema: { title: { type: "text", translatable: true, pos: 0 }, image: { type: "asset", pos: 1 } } };
const grid: ComponentDefinition = {
  name: "grid_layout",
  schema: {
    items: { type: "bloks", pos: 2, restrict_components: true, component_whitelist: ["card"] },
    group: { type: "section", pos: 0 },
    columns: { type: "option", pos: 1, exclude_empty_option: true, options: [{ name: "Two", value: "2" }, { name: "Three", value: "3" }] },
    tags: { type: "options", options: [] },
  },
};
const page: ComponentDefinition = { name: "page", is_root: true, is_nestable: false, schema: {} };

describe("component schemas as forms", () => {
  it("lists the editable fields in the schema's order, the ones without a position last", () => {
    expect(formFields(grid).map((field) => field.key)).toEqual(["columns", "items", "tags"]);
  });

  it("offers a bloks field its whitelist, or every nestable component", () => {
    expect(allowedComponents(grid.schema.items!, [card, grid, page]).map((component) => component.name)).toEqual(["card"]);
    expect(allowedComponents({ type: "bloks" }, [card, grid, page]).map((component) => component.name)).toEqual(["card", "grid_layout"]);
  });

  it("names a block by its component and its text in the edited language, falling back to the default one", () => {
    expect(blockSummary({ _uid: "1", component: "card", title: "Hola", title__i18n__en: "Hello" }, card, "en")).toBe("Card: Hello");
    expect(blockSummary({ _uid: "1", component: "card", title: "Hola" }, card, "val")).toBe("Card: Hola");
    expect(blockSummary({ _uid: "1", component: "grid_layout" }, grid, "es")).toBe("grid layout");
  });

  it("starts a new block with empty lists and the first option where an empty one is not allowed", () => {
    expect(newBlock(grid, "u1")).toEqual({ _uid: "u1", component: "grid_layout", columns: "2", items: [], tags: [] });
  });
});
