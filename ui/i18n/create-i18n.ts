import { createInstance, type i18n as I18n } from "i18next";
import type { LocaleCode, Messages } from "../../core";

/**
 * One i18next instance per server request (and one per locale in the browser), never the global
 * singleton: concurrent requests in different languages must not share state.
 */
export function createI18n(locale: LocaleCode, messages: Messages, fallback: LocaleCode, fallbackMessages: Messages): I18n {
  const instance = createInstance();
  void instance.init({
    lng: locale,
    fallbackLng: fallback,
    resources: { [locale]: { translation: messages }, [fallback]: { translation: fallbackMessages } },
    initAsync: false,
    interpolation: { escapeValue: false }, // React escapes
    returnNull: false,
    // A missing key shows the key itself (SPEC §8), which also makes it easy to spot.
    parseMissingKeyHandler: (key) => key,
  });
  return instance;
}
