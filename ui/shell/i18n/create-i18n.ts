import { createInstance, type i18n as I18n } from "i18next";
import type { LocaleCode, MessageCatalog } from "../../../core";

// One root instance per message catalog holds the texts of every locale loaded so far; each render
// gets a clone in its own language. Clones share the (read-only) texts and nothing else, so
// concurrent requests in different languages never see each other's language.
const roots = new WeakMap<MessageCatalog, I18n>();

function rootFor(catalog: MessageCatalog, fallback: LocaleCode): I18n {
  let root = roots.get(catalog);
  if (!root) {
    root = createInstance();
    void root.init({
      fallbackLng: fallback,
      resources: {},
      initAsync: false,
      interpolation: { escapeValue: false }, // React escapes
      returnNull: false,
      // A missing key shows the key itself (SPEC §8), which also makes it easy to spot.
      parseMissingKeyHandler: (key) => key,
    });
    roots.set(catalog, root);
  }
  return root;
}

/** An i18next instance for one render in `locale`, its fallback's texts loaded first (SPEC §4). */
export async function i18nFor(catalog: MessageCatalog, locale: LocaleCode, fallback: LocaleCode): Promise<I18n> {
  const root = rootFor(catalog, fallback);
  for (const code of [fallback, locale]) {
    if (!root.hasResourceBundle(code, "translation")) root.addResourceBundle(code, "translation", await catalog.load(code));
  }
  return root.cloneInstance({ lng: locale, initAsync: false });
}
