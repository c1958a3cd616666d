import { isEmptyRichText, type RichText } from "../../../../core";

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
 * when that variant is filled, and every `__i18n__` key is dropped. The default language keeps
 * the fields as they are.
 */
export function localizeContent<T>(value: T, language: string): T {
  return localize(value, language) as T;
}

function localize(value: unknown, language: string): unknown {
  if (Array.isArray(value)) return value.map((item) => localize(item, language));
  if (!isObject(value)) return value;
  const suffix = `${MARKER}${language}`;
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) {
    const marker = key.indexOf(MARKER);
    if (marker === -1) {
      const translated = language === DEFAULT_LANGUAGE ? undefined : value[`${key}${suffix}`];
      out[key] = localize(isFilledTranslation(translated) ? translated : field, language);
    } else if (language !== DEFAULT_LANGUAGE && key.endsWith(suffix)) {
      // A translation whose default field is missing altogether still counts.
      const base = key.slice(0, marker);
      if (!(base in value) && isFilledTranslation(field)) out[base] = localize(field, language);
    }
  }
  return out;
}
