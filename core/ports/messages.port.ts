import type { LocaleCode } from "../domain/locale/locale.settings";

/** A locale's UI texts, as nested key → text records. */
export type Messages = { readonly [key: string]: string | Messages };

/** Where a locale's texts come from: bundled files today, a translation service perhaps later. */
export interface MessageCatalog {
  load(locale: LocaleCode): Promise<Messages>;
}
