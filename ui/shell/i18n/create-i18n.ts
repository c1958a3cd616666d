import { createInstance, type i18n as I18n } from "i18next";
import type { LocaleCode, MessageCatalog, Texts } from "../../../core";

// One root instance per message catalog holds the texts of every locale loaded so far; each
// language has one clone of it, shared by every render in that language. Clones share the
// (read-only) texts and nothing else, and no render changes a clone's language, so concurrent
// requests in different languages never see each other's language.
const roots = new WeakMap<MessageCatalog, I18n>();
const clones = new WeakMap<I18n, Map<LocaleCode, I18n>>();

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

/** The i18next instance for renders in `locale`, its fallback's texts loaded first (SPEC §4). */
export async function i18nFor(catalog: MessageCatalog, locale: LocaleCode, fallback: LocaleCode): Promise<I18n> {
  const root = rootFor(catalog, fallback);
  for (const code of [fallback, locale]) {
    if (!root.hasResourceBundle(code, "translation")) root.addResourceBundle(code, "translation", await catalog.load(code));
  }
  let byLocale = clones.get(root);
  if (!byLocale) clones.set(root, (byLocale = new Map()));
  let instance = byLocale.get(locale);
  if (!instance) byLocale.set(locale, (instance = root.cloneInstance({ lng: locale, initAsync: false })));
  return instance;
}

// Per instance (one per language) and key list: the same page asks for the same texts every time.
const resolved = new WeakMap<I18n, WeakMap<readonly string[], Texts>>();

/** The texts of `keys` as i18next resolves them in the instance's language: fallbacks applied, placeholders left to fill. */
export function textsOf(i18n: I18n, keys: readonly string[]): Texts {
  let byKeys = resolved.get(i18n);
  if (!byKeys) resolved.set(i18n, (byKeys = new WeakMap()));
  let texts = byKeys.get(keys);
  if (!texts) byKeys.set(keys, (texts = Object.fromEntries(keys.map((key) => [key, i18n.t(key)]))));
  return texts;
}
