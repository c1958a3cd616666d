import { isEmptyRichText } from "./rich-text.ops";
import type { RichText } from "./rich-text.schema";

/** Storyblok's name for the space's default language (Spanish here). */
export const DEFAULT_LANGUAGE = "default";

const MARKER = "__i18n__";

type Json = Readonly<Record<string, unknown>>;

function isObject(value: unknown): value is Json {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * Whether a translated value should win over the default one. Storyblok falls back to the
 * default language when the translation is empty, and an editor's empty field is more than "".
 */
export function isFilledTranslation(value: unknown): boolean {
  if (value === undefined || value === null || value === "") return false;
  if (Array.isArray(value)) return value.length > 0;
  if (!isObject(value)) return true;
  if (value.type === "doc") return !isEmptyRichText(value as unknown as RichText);
  if (value.fieldtype === "asset") return Boolean(value.filename);
  if (value.fieldtype === "multilink") return Boolean(value.url || value.cached_url || value.id || value.email);
  return true;
}

/**
 * Field-level translation: every field `x` (in nested blocks too) is replaced by `x__i18n__{language}`
 * when that variant is filled, else by `x__i18n__{fallback}` when a fallback language is given
 * (Storyblok's fallback_lang) and that one is filled, and every `__i18n__` key is dropped. The
 * default language keeps the fields as they are.
 */
export function localizeContent<T>(value: T, language: string, fallback?: string): T {
  const languages = [language, fallback].filter((code): code is string => code !== undefined && code !== DEFAULT_LANGUAGE);
  return localize(value, [...new Set(languages)]) as T;
}

function localize(value: unknown, languages: readonly string[]): unknown {
  if (Array.isArray(value)) return value.map((item) => localize(item, languages));
  if (!isObject(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) {
    if (key.includes(MARKER)) continue;
    const translated = languages.map((language) => value[`${key}${MARKER}${language}`]).find(isFilledTranslation);
    out[key] = localize(translated ?? field, languages);
  }
  // A translation whose default field is missing altogether still counts.
  for (const language of languages) {
    const suffix = `${MARKER}${language}`;
    for (const [key, field] of Object.entries(value)) {
      if (!key.endsWith(suffix)) continue;
      const base = key.slice(0, key.indexOf(MARKER));
      if (!(base in value) && !(base in out) && isFilledTranslation(field)) out[base] = localize(field, languages);
    }
  }
  return out;
}
