import { LOCALES, isUntranslated, translatedFieldKey, type BlockContent, type FormField, type LocaleCode } from "../../../core";

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
    id: `field-${String(block._uid)}-${storedKey}`,
  };
}
