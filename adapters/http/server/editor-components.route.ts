import { Hono } from "hono";
import { isLocaleCode, LOCALE_CODES, translateComponents, type ComponentDefinition, type LocaleCode, type SchemaGlossary } from "../../../core";
import type { EditorSessions } from "../../embedded/editor/editor-sessions";
import { apiError } from "./api-error";
import { editorOnly } from "./editor-session.route";

export interface EditorComponentsOptions {
  readonly components: () => readonly ComponentDefinition[];
  /** The schema's texts in a language (empty for the schema's own). */
  readonly glossary: (language: LocaleCode) => SchemaGlossary;
  readonly sessions: EditorSessions;
}

/**
 * The space's components (components.json), from which the editor builds its forms: for a
 * signed-in editor only. `?lang=` names them in the editor's language; without it, as the schema has them.
 */
export function editorComponentsRoute(options: EditorComponentsOptions): Hono {
  return new Hono().use(editorOnly(options.sessions)).get("/", (c) => {
    const language = c.req.query("lang");
    if (language === undefined) return c.json({ components: options.components() });
    if (!isLocaleCode(language)) return apiError(c, "invalid-request", { issues: [{ path: "lang", message: `Expected one of ${LOCALE_CODES.join(", ")}` }] });
    return c.json({ components: translateComponents(options.components(), options.glossary(language)) });
  });
}
