import { createElement } from "react";
import { describe, expect, it } from "vitest";
import type { BlockContent, FormField, LocaleCode, FieldProblem } from "../../../../../core";
import { FieldControl } from "../../../../../ui/pages/editor/FieldControl";
import { StoryFormContext } from "../../../../../ui/pages/editor/story-form-context";
import { renderHtml } from "../../support/render";

const title: FormField = { key: "title", type: "text", field: { type: "text", display_name: "Título", translatable: true, required: true } };
const block: BlockContent = { _uid: "b1", component: "event", title: "" };

const render = (language: LocaleCode, fieldProblems: readonly FieldProblem[], field: FormField = title) =>
  renderHtml(
    createElement(
      StoryFormContext.Provider,
      {
        value: { components: [], stories: [], assets: [], language, selectedBlock: undefined, selections: 0, fieldProblems, uploading: false, lastUpload: undefined, change: () => undefined, upload: () => undefined },
      },
      createElement(FieldControl, { block, field }),
    ),
    { locale: "es" },
  );

describe("FieldControl", () => {
  it("marks a required field that a refused save found empty: invalid, with its message tied to it", () => {
    const html = render("es", [{ uid: "b1", key: "title", label: "Evento › Título", translatable: true, problem: { kind: "required" } }]);
    expect(html).toContain('aria-invalid="true"');
    expect(html).toContain('aria-describedby="field-b1-title-error"');
    expect(html).toMatch(/<p id="field-b1-title-error"[^>]*>Obligatorio<\/p>/);
    expect(html).toContain("required");
  });

  it("says what a field takes: a number within its schema's bounds, a text in its pattern's form, a date after another", () => {
    const limit: FormField = { key: "limit", type: "number", field: { type: "number", display_name: "Límite", min_value: 1, max_value: 24 } };
    const marked = (problem: FieldProblem["problem"]) => render("es", [{ uid: "b1", key: "limit", label: "Límite", translatable: false, problem }], limit);
    const between = marked({ kind: "number", min: 1, max: 24 });
    expect(between).toContain('aria-invalid="true"');
    expect(between).toMatch(/<p id="field-b1-limit-error"[^>]*>Escribe un número entero del 1 al 24<\/p>/);
    expect(marked({ kind: "number", min: 0 })).toContain("Escribe un número entero igual o mayor que 0");
    expect(marked({ kind: "number", max: 9 })).toContain("Escribe un número entero no mayor que 9");
    expect(marked({ kind: "number" })).toContain("Escribe un número entero</p>");
    expect(marked({ kind: "format", example: "HH:MM" })).toContain("Escríbelo así: HH:MM</p>");
    expect(marked({ kind: "format" })).toContain("No tiene la forma que pide este campo</p>");
    expect(marked({ kind: "order", after: "Inicio de la venta" })).toContain("Debe ser posterior a «Inicio de la venta»</p>");
  });

  it("shows a box's hint under it, the box described by it", () => {
    const hidden: FormField = { key: "no_index", type: "boolean", field: { type: "boolean", display_name: "Ocultar a los buscadores", description: "El mapa del sitio la deja fuera." } };
    const html = render("es", [], hidden);
    expect(html).toContain('aria-describedby="field-b1-no_index-hint"');
    expect(html).toMatch(/<p id="field-b1-no_index-hint"[^>]*>El mapa del sitio la deja fuera.<\/p>/);
    expect(render("es", [], { ...hidden, field: { type: "boolean", display_name: "Incluir pasados" } })).not.toContain("aria-describedby");
  });

  it("marks nothing before a save was refused, and never requires a translation (it falls back)", () => {
    expect(render("es", [])).not.toContain("aria-invalid");
    const valencian = render("val", [{ uid: "b1", key: "title", label: "Evento › Título", translatable: true, problem: { kind: "required" } }]);
    expect(valencian).not.toContain("aria-invalid");
    expect(valencian).not.toMatch(/\brequired\b/);
    expect(valencian).not.toContain(" *");
  });
});
