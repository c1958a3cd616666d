import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { schemaTexts, translateComponents, type ComponentDefinition } from "../../../../../core";

const event: ComponentDefinition = {
  name: "event",
  display_name: "Event",
  is_root: true,
  schema: {
    title: { type: "text", display_name: "Title", translatable: true, pos: 0 },
    date_to: { type: "datetime", display_name: "To", description: "Last day of a multi-day event", pos: 1 },
    status: { type: "option", display_name: "Status", options: [{ name: "On sale", value: "on_sale" }, { name: "Sold out", value: "sold_out" }] },
    hits: { type: "options", display_name: "Artist hits", options: [{ name: "Low Tide", value: "Low Tide" }] },
    venue: { type: "text" },
    group: { type: "section", display_name: "Dates" },
  },
};
const card: ComponentDefinition = { name: "card", schema: { title: { type: "text", display_name: "Title" } } };

const spanish = {
  Event: "Evento",
  Title: "Título",
  To: "Hasta",
  "Last day of a multi-day event": "Último día de un evento de varios días",
  Status: "Estado",
  "On sale": "A la venta",
  "Sold out": "Entradas agotadas",
  "Artist hits": "Éxitos del artista",
  Dates: "Fechas",
};

describe("component schemas in the editor's language", () => {
  it("translates the names editors see: components, fields, hints and options, each by its text in the schema", () => {
    const [translated, untouched] = translateComponents([event, card], spanish);
    expect(translated!.display_name).toBe("Evento");
    expect(translated!.schema.title!.display_name).toBe("Título");
    expect(translated!.schema.date_to).toMatchObject({ display_name: "Hasta", description: "Último día de un evento de varios días" });
    expect(translated!.schema.status!.options).toEqual([
      { name: "A la venta", value: "on_sale" },
      { name: "Entradas agotadas", value: "sold_out" },
    ]);
    expect(translated!.schema.group!.display_name).toBe("Fechas");
    // A component without a display name is named by its technical name, which is not translated.
    expect(untouched!.display_name).toBeUndefined();
    expect(untouched!.schema.title!.display_name).toBe("Título");
  });

  it("keeps an option named by its own value (a song's title, a ratio) and anything the glossary lacks as the schema has it", () => {
    const [translated] = translateComponents([event], { ...spanish, "Low Tide": "Marea baja" });
    expect(translated!.schema.hits!.options).toEqual([{ name: "Low Tide", value: "Low Tide" }]);
    expect(translated!.schema.venue).toEqual({ type: "text" });
    const [asIs] = translateComponents([event], {});
    expect(asIs).toEqual(event);
  });

  it("changes nothing but names: the same components, fields, types, values and order", () => {
    const glossary = fc.dictionary(fc.constantFrom(...schemaTexts([event, card])), fc.string({ minLength: 1 }));
    fc.assert(
      fc.property(glossary, (words) => {
        const translated = translateComponents([event, card], words);
        const shape = (components: readonly ComponentDefinition[]) =>
          components.map((component) => ({
            name: component.name,
            fields: Object.entries(component.schema).map(([key, field]) => [key, field.type, field.translatable, field.pos, field.options?.map((option) => option.value)]),
          }));
        expect(shape(translated)).toEqual(shape([event, card]));
      }),
    );
  });

  it("lists every text a glossary has to translate, once", () => {
    expect(schemaTexts([event, card]).sort()).toEqual(["Artist hits", "Dates", "Event", "Last day of a multi-day event", "On sale", "Sold out", "Status", "Title", "To"]);
  });
});
