import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fieldProblems, type BlockContent, type ComponentDefinition } from "../../../../../core";

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
    price_from: { type: "number", display_name: "Precio desde", min_value: 0, pos: 5 },
    doors_open: { type: "text", display_name: "Apertura de puertas", description: "HH:MM", regex: "^([01]\\d|2[0-3]):[0-5]\\d$", pos: 7 },
    ticket_types: { type: "bloks", display_name: "Tipos de entrada", pos: 6 },
  },
};
const ticketType: ComponentDefinition = {
  name: "ticket_type",
  display_name: "Tipo de entrada",
  schema: {
    name: { type: "text", display_name: "Nombre", translatable: true, required: true },
    price: { type: "number", display_name: "Precio", required: true, min_value: 0 },
    sale_start: { type: "datetime", display_name: "Inicio de la venta" },
    sale_end: { type: "datetime", display_name: "Fin de la venta" },
    per_order_limit: { type: "number", display_name: "Límite por pedido", min_value: 1, max_value: 10 },
  },
};
const components = [event, ticketType];
const filled: BlockContent = {
  _uid: "root",
  component: "event",
  title: "Marea alta",
  date_from: "2026-12-12 21:00",
  image: { id: 1, filename: "https://a.storyblok.com/f/1/x.jpg", fieldtype: "asset" },
  link: { linktype: "url", url: "https://example.com", cached_url: "https://example.com", fieldtype: "multilink" },
  price_from: "",
  ticket_types: [{ _uid: "t1", component: "ticket_type", name: "General", price: 0, per_order_limit: "10" }],
};

describe("the editor's field checks", () => {
  it("finds nothing in a story whose required fields are filled (0 is a price; an untranslated field falls back; an optional number may stay empty)", () => {
    expect(fieldProblems(filled, components, "val")).toEqual([]);
  });

  it("finds empty required fields, in the story and its nested blocks, named so that an editor finds them", () => {
    const content: BlockContent = {
      ...filled,
      title: "  ",
      date_from: "",
      image: { id: null, filename: "", fieldtype: "asset" },
      link: { linktype: "story", id: "", url: "", cached_url: "", fieldtype: "multilink" },
      ticket_types: [{ _uid: "t1", component: "ticket_type", name: "General", price: "" }, { _uid: "t2", component: "ticket_type", name: "VIP" }],
    };
    expect(fieldProblems(content, components, "es")).toEqual([
      { uid: "root", key: "title", label: "Evento › Título", translatable: true, problem: { kind: "required" } },
      { uid: "root", key: "date_from", label: "Evento › Desde", translatable: false, problem: { kind: "required" } },
      { uid: "root", key: "image", label: "Evento › Imagen", translatable: false, problem: { kind: "required" } },
      { uid: "root", key: "link", label: "Evento › Enlace", translatable: false, problem: { kind: "required" } },
      { uid: "t1", key: "price", label: "Tipo de entrada: General › Precio", translatable: false, problem: { kind: "required" } },
      { uid: "t2", key: "price", label: "Tipo de entrada: VIP › Precio", translatable: false, problem: { kind: "required" } },
    ]);
  });

  it("takes a number field's whole numbers within its schema's bounds only, as the site reads them", () => {
    const limitOf = (value: unknown) => fieldProblems({ ...filled, ticket_types: [{ _uid: "t1", component: "ticket_type", name: "General", price: 0, per_order_limit: value }] }, components, "es");
    for (const good of [1, "1", " 7 ", 10, "10"]) expect(limitOf(good), String(good)).toEqual([]);
    for (const bad of [0, "0", 11, "-1", "1.5", 2.5, "1e1", "diez"]) {
      expect(limitOf(bad), String(bad)).toEqual([{ uid: "t1", key: "per_order_limit", label: "Tipo de entrada: General › Límite por pedido", translatable: false, problem: { kind: "number", min: 1, max: 10 } }]);
    }
    expect(fieldProblems({ ...filled, price_from: "-5" }, components, "es")).toEqual([{ uid: "root", key: "price_from", label: "Evento: Marea alta › Precio desde", translatable: false, problem: { kind: "number", min: 0 } }]);
  });

  it("holds a text to its schema's pattern (Storyblok's regex), when it is filled", () => {
    const doorsAt = (value: string) => fieldProblems({ ...filled, doors_open: value }, components, "es");
    for (const good of ["", "19:30", "00:00", "23:59"]) expect(doorsAt(good), good).toEqual([]);
    for (const bad of ["7pm", "19.30", "24:00", "19:30h"]) {
      expect(doorsAt(bad), bad).toEqual([{ uid: "root", key: "doors_open", label: "Evento: Marea alta › Apertura de puertas", translatable: false, problem: { kind: "format", example: "HH:MM" } }]);
    }
  });

  it("wants a ticket's sale to end after it starts, as the site does, and an event to end after it begins", () => {
    const sale = (sale_start: string, sale_end: string) =>
      fieldProblems({ ...filled, ticket_types: [{ _uid: "t1", component: "ticket_type", name: "General", price: 0, sale_start, sale_end }] }, components, "es");
    expect(sale("2026-12-01T10:00:00+01:00", "2026-12-12T21:00:00+01:00")).toEqual([]);
    expect(sale("", "2026-12-12T21:00:00+01:00")).toEqual([]);
    expect(sale("2026-12-01T10:00:00+01:00", "")).toEqual([]);
    for (const [start, end] of [
      ["2026-12-12T21:00:00+01:00", "2026-12-01T10:00:00+01:00"],
      ["2026-12-12T21:00:00+01:00", "2026-12-12T21:00:00+01:00"],
      // The same instant written with two offsets.
      ["2026-12-12T21:00:00+01:00", "2026-12-12T20:00:00Z"],
    ]) {
      expect(sale(start!, end!), `${start} → ${end}`).toEqual([
        { uid: "t1", key: "sale_end", label: "Tipo de entrada: General › Fin de la venta", translatable: false, problem: { kind: "order", after: "Inicio de la venta" } },
      ]);
    }
    const eventEnding = (date_to: string) => fieldProblems({ ...filled, date_from: "2026-12-12T21:00:00+01:00", date_to }, [{ ...event, schema: { ...event.schema, date_to: { type: "datetime", display_name: "Hasta", pos: 1 } } }, ticketType], "es");
    expect(eventEnding("2026-12-14T23:00:00+01:00")).toEqual([]);
    expect(eventEnding("2026-12-10T23:00:00+01:00")).toEqual([{ uid: "root", key: "date_to", label: "Evento: Marea alta › Hasta", translatable: false, problem: { kind: "order", after: "Desde" } }]);
  });

  it("agrees with itself on any number: a whole number within bounds passes, whatever its form", () => {
    fc.assert(
      fc.property(fc.integer({ min: -100, max: 100 }), fc.boolean(), (value, asText) => {
        const problems = fieldProblems({ ...filled, price_from: asText ? String(value) : value }, components, "es");
        expect(problems.length === 0).toBe(value >= 0);
      }),
    );
  });

  it("asks nothing of a block whose component the schema does not know", () => {
    expect(fieldProblems({ ...filled, ticket_types: [{ _uid: "x", component: "retired_block" }] }, components, "es")).toEqual([]);
  });
});
