import type { i18n as I18n, TFunction } from "i18next";
import { useContext } from "react";
import { I18nContext } from "react-i18next";

/**
 * The page's texts, as react-i18next's hook gives them, without its per-call cost: that hook
 * copies the i18next instance for every component on every server render (a fifth of a signed-in
 * page's rendering time). Each render's instance has one language for life (every render, and
 * every page in the browser, gets its own), so there is nothing to subscribe to.
 */
export function useTranslation(): { readonly t: TFunction } {
  const { i18n } = useContext(I18nContext);
  return { t: translatorOf(i18n) };
}

const translators = new WeakMap<I18n, TFunction>();
// A text asked for without options, per resource store and language: a store's bundles are only
// ever added to, so a text never changes once looked up (a missing key looks up as the key itself).
// The instances of all renders share their root's store.
const plainTexts = new WeakMap<object, Map<string, Map<string, string>>>();

function translatorOf(i18n: I18n): TFunction {
  const made = translators.get(i18n);
  if (made) return made;
  const fixed = i18n.getFixedT(i18n.language);
  const withOptions = fixed as unknown as (...args: unknown[]) => string;
  let byLanguage = plainTexts.get(i18n.store);
  if (!byLanguage) plainTexts.set(i18n.store, (byLanguage = new Map()));
  let texts = byLanguage.get(i18n.language);
  if (!texts) byLanguage.set(i18n.language, (texts = new Map()));
  const known = texts;
  const translate = (key: unknown, ...rest: unknown[]): string => {
    if (rest.length > 0 || typeof key !== "string") return withOptions(key, ...rest);
    let text = known.get(key);
    if (text === undefined) known.set(key, (text = fixed(key)));
    return text;
  };
  const t = translate as unknown as TFunction;
  translators.set(i18n, t);
  return t;
}
