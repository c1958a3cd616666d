import { LOCALES, isUntranslated, translatedFieldKey, type BlockContent, type FormField, type LocaleCode } from "../../../core";

/** The id of a field's control (or of its group): a refusal's list takes the editor there. */
export const fieldElementId = (uid: string, storedKey: string) => `field-${uid}-${storedKey}`;

/** Where a field's value lives in the chosen language, how it is labelled, and whether it still lacks a translation. */
export function fieldInLanguage(block: BlockContent, { key, field }: FormField, language: LocaleCode) {
  const translatable = field.translatable === true;
  const storedKey = translatable ? translatedFieldKey(key, language) : key;
  const name = field.display_name || key.replace(/_/g, " ");
  return {
    storedKey,
    value: block[storedKey],
    /** The default language's value, shown where a translation is missing. */
    fallback: translatable && storedKey !== key ? block[key] : undefined,
    label: translatable && storedKey !== key ? `${name} (${LOCALES[language].name})` : name,
    untranslated: translatable && isUntranslated(block, key, language),
    id: fieldElementId(String(block._uid), storedKey),
  };
}
