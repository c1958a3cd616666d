import { createContext, useContext } from "react";
import { localeFormats, type LocaleFormats } from "./locale-formats";

/** The page's formats (+Wrapper.tsx provides them); outside a page, every value formatted afresh. */
export const LocaleFormatsContext = createContext<LocaleFormats>(localeFormats(undefined));

/**
 * The page's dates, numbers and prices: `formats.date(from, locale, { timeStyle: "short" })`.
 * Beside the context, which every page's Wrapper imports, so that it is in the shell's chunk: in a
 * module of its own the bundler put it with the event cards, and every page's newsletter form
 * then loaded their code and texts.
 */
export function useLocaleFormats(): LocaleFormats {
  return useContext(LocaleFormatsContext);
}
