import { fillPlaceholders, type LocaleCode, type TextValues, type Texts } from "../../../core";

/** A text by its key, its placeholders filled; a key without a text reads as the key itself (SPEC §8). */
export type Translate = (key: string, values?: TextValues) => string;

/** One language's texts, as the components of a page read them. */
export interface Translator {
  readonly language: LocaleCode;
  readonly t: Translate;
}

/**
 * A translator over texts already resolved by the server (i18next's fallbacks applied), so the
 * browser needs no i18next: it only fills placeholders. `onMissing` hears of a key without a text.
 */
export function createTranslator(language: LocaleCode, texts: Texts, onMissing?: (key: string) => void): Translator {
  return {
    language,
    t: (key, values) => {
      const text = texts[key];
      if (text !== undefined) return fillPlaceholders(text, values);
      onMissing?.(key);
      return key;
    },
  };
}
