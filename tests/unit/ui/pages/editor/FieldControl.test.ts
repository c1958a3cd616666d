import { createElement } from "react";
import { describe, expect, it } from "vitest";
import type { BlockContent, FormField, LocaleCode, MissingField } from "../../../../../core";
import { FieldControl } from "../../../../../ui/pages/editor/FieldControl";
import { StoryFormContext } from "../../../../../ui/pages/editor/story-form-context";
import { renderHtml } from "../../support/render";

const title: FormField = { key: "title", type: "text", field: { type: "text", display_name: "Título", translatable: true, required: true } };
const block: BlockContent = { _uid: "b1", component: "event", title: "" };

const render = (language: LocaleCode, missingFields: readonly MissingField[]) =>
  renderHtml(
    createElement(
      StoryFormContext.Provider,
      {
        value: { components: [], stories: [], assets: [], language, selectedBlock: undefined, missingFields, uploading: false, lastUpload: undefined, change: () => undefined, upload: () => undefined },
      },
      createElement(FieldControl, { block, field: title }),
    ),
    { locale: "es" },
  );

describe("FieldControl", () => {
  it("marks a required field that a refused save found empty: invalid, with its message tied to it", () => {
    const html = render("es", [{ uid: "b1", key: "title", label: "Evento › Título" }]);
    expect(html).toContain('aria-invalid="true"');
    expect(html).toContain('aria-describedby="field-b1-title-error"');
    expect(html).toMatch(/<p id="field-b1-title-error"[^>]*>Obligatorio<\/p>/);
    expect(html).toContain("required");
  });

  it("marks nothing before a save was refused, and never requires a translation (it falls back)", () => {
    expect(render("es", [])).not.toContain("aria-invalid");
    const valencian = render("val", [{ uid: "b1", key: "title", label: "Evento › Título" }]);
    expect(valencian).not.toContain("aria-invalid");
    expect(valencian).not.toMatch(/\brequired\b/);
    expect(valencian).not.toContain(" *");
  });
});
