import { describe, expect, it } from "vitest";
import { missingRequiredFields, type BlockContent, type ComponentDefinition } from "../../../../../core";

const event: ComponentDefinition = {
  name: "event",
  display_name: "Evento",
  is_root: true,
  schema: {
    title: { type: "text", display_name: "Título", translatable: true, required: true, pos: 0 },
    date_from: { type: "datetime", display_name: "Desde", required: true, pos: 1 },
    image: { type: "asset", display_name: "Imagen", required: true, pos: 2 },
    link: { type: "multilink", display_name: "Enlace", required: true, pos: 3 },
    subtitle: { type: "text", display_name: "Subtítulo", pos: 4 },
    ticket_types: { type: "bloks", display_name: "Tipos de entrada", pos: 5 },
  },
};
const ticketType: ComponentDefinition = {
  name: "ticket_type",
  display_name: "Tipo de entrada",
  schema: { name: { type: "text", display_name: "Nombre", translatable: true, required: true }, price: { type: "number", display_name: "Precio", required: true } },
};
const components = [event, ticketType];
const filled: BlockContent = {
  _uid: "root",
  component: "event",
  title: "Marea alta",
  date_from: "2026-12-12 21:00",
  image: { id: 1, filename: "https://a.storyblok.com/f/1/x.jpg" },
  link: { linktype: "url", url: "https://example.com", cached_url: "https://example.com" },
  ticket_types: [{ _uid: "t1", component: "ticket_type", name: "General", price: 0 }],
};

describe("required fields", () => {
  it("finds none in a story whose required fields are filled (0 is a price; an untranslated field falls back)", () => {
    expect(missingRequiredFields(filled, components, "val")).toEqual([]);
  });

  it("finds the empty ones, in the story and its nested blocks, named so that an editor finds them", () => {
    const content: BlockContent = {
      ...filled,
      title: "  ",
      date_from: "",
      image: { id: null, filename: "" },
      link: { linktype: "story", id: "", url: "", cached_url: "" },
      ticket_types: [{ _uid: "t1", component: "ticket_type", name: "General", price: "" }, { _uid: "t2", component: "ticket_type", name: "VIP" }],
    };
    expect(missingRequiredFields(content, components, "es")).toEqual([
      { uid: "root", key: "title", label: "Evento › Título" },
      { uid: "root", key: "date_from", label: "Evento › Desde" },
      { uid: "root", key: "image", label: "Evento › Imagen" },
      { uid: "root", key: "link", label: "Evento › Enlace" },
      { uid: "t1", key: "price", label: "Tipo de entrada: General › Precio" },
      { uid: "t2", key: "price", label: "Tipo de entrada: VIP › Precio" },
    ]);
  });

  it("asks nothing of a block whose component the schema does not know", () => {
    expect(missingRequiredFields({ ...filled, ticket_types: [{ _uid: "x", component: "retired_block" }] }, components, "es")).toEqual([]);
  });
});
