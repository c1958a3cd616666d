import type { LocaleCode, MessageCatalog, Messages } from "../../core";

// Each locale is its own chunk: the browser downloads only the languages it shows.
const loaders = import.meta.glob<{ default: Messages }>("../../locales/*.json");

/** UI texts from the bundled `locales/*.json` files. */
export function createBundledMessages(): MessageCatalog {
  const cache = new Map<LocaleCode, Promise<Messages>>();
  return {
    load(locale) {
      let messages = cache.get(locale);
      if (!messages) {
        const loader = loaders[`../../locales/${locale}.json`];
        if (!loader) return Promise.reject(new Error(`No messages for locale ${locale}`));
        messages = loader().then((module) => module.default);
        messages.catch(() => cache.delete(locale));
        cache.set(locale, messages);
      }
      return messages;
    },
  };
}
