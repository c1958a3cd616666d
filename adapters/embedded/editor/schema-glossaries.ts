import type { LocaleCode, SchemaGlossary } from "../../../core";

// Bundled: the embedded editor's server names the components in the language its editor reads.
const glossaries = import.meta.glob<SchemaGlossary>("../../../locales/component-schema/*.json", { eager: true, import: "default" });

/**
 * The component schema's texts in a language, from `locales/component-schema/<language>.json`;
 * empty for English, the language the schema is written in.
 */
export function schemaGlossary(language: LocaleCode): SchemaGlossary {
  return glossaries[`../../../locales/component-schema/${language}.json`] ?? {};
}
