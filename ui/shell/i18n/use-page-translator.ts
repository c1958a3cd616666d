import { useMemo, useRef, useState } from "react";
import { resolveTexts, type LocaleCode, type MessageCatalog, type Texts } from "../../../core";
import { createTranslator, type Translator } from "../../components/i18n/translator";

/**
 * The page's translator over the texts the server sent with it. Should the browser ask for a text
 * the page was not sent (a key the build did not find in the page's code), it shows the key
 * for a moment, loads the language's whole catalogue and renders again.
 */
export function usePageTranslator(locale: LocaleCode, fallbackLocale: LocaleCode, sent: Texts | undefined, catalogue: () => MessageCatalog): Translator {
  // An error page the browser renders by itself (the server unreachable) comes without texts: it keeps the last page's.
  const lastSent = useRef<Texts>({});
  const texts = sent ?? lastSent.current;
  lastSent.current = texts;
  const [wholeCatalogue, setWholeCatalogue] = useState<{ readonly locale: LocaleCode; readonly texts: Texts }>();
  const loaded = wholeCatalogue?.locale === locale ? wholeCatalogue.texts : undefined;
  return useMemo(() => {
    if (loaded) return createTranslator(locale, Object.assign({}, loaded, texts));
    if (typeof window === "undefined") return createTranslator(locale, texts);
    let asked = false;
    return createTranslator(locale, texts, (key) => {
      if (asked) return;
      asked = true;
      console.warn(`The text "${key}" was not sent with this page: loading the ${locale} catalogue.`);
      const messages = catalogue();
      void Promise.all([messages.load(locale), messages.load(fallbackLocale)]).then(
        ([own, fallback]) => setWholeCatalogue({ locale, texts: resolveTexts(own, fallback) }),
        () => undefined, // offline: the key stays; the next page brings its texts
      );
    });
  }, [locale, fallbackLocale, texts, loaded, catalogue]);
}
