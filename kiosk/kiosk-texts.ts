import { LOCALES, isLocaleCode, type LocaleCode } from "../core";
import { kiosk as en } from "../locales/en.json";
import { kiosk as es } from "../locales/es.json";
import { kiosk as val } from "../locales/val.json";

/** Only the kiosk's texts of each language (a named import keeps the rest of the site's out of the bundle). */
const TEXTS: Record<LocaleCode, unknown> = { es, en, val };
const CHOSEN = "arena-kiosk-locale";

export type Translate = (key: string, values?: Readonly<Record<string, string | number>>) => string;

/** The kiosk's language: `?lang=` (kept for the next start), then the last chosen, then the browser's, else Spanish. */
export function kioskLocale(search: string, storage: Pick<Storage, "getItem" | "setItem">, languages: readonly string[]): LocaleCode {
  const asked = new URLSearchParams(search).get("lang");
  if (isLocaleCode(asked)) {
    storage.setItem(CHOSEN, asked);
    return asked;
  }
  const kept = storage.getItem(CHOSEN);
  if (isLocaleCode(kept)) return kept;
  for (const language of languages) {
    if (/^ca\b/i.test(language)) return "val";
    if (/^en\b/i.test(language)) return "en";
    if (/^es\b/i.test(language)) return "es";
  }
  return "es";
}

/** A `kiosk.*` key's text in a language, `{{name}}` filled in; the key itself if it has no text (seen at once on screen). */
export function kioskTexts(locale: LocaleCode): Translate {
  return (key, values = {}) => {
    const found = key
      .replace(/^kiosk\./, "")
      .split(".")
      .reduce<unknown>((node, part) => (node && typeof node === "object" ? (node as Record<string, unknown>)[part] : undefined), TEXTS[locale]);
    if (typeof found !== "string") return key;
    return found.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
  };
}

/** A time on the kiosk's clock as the language writes it (19:42, 07:05; 7:05 PM in English). */
export function clockTime(iso: string, locale: LocaleCode): string {
  const { intl, hourCycle } = LOCALES[locale];
  return new Intl.DateTimeFormat(intl, { hour: hourCycle === "h23" ? "2-digit" : "numeric", minute: "2-digit", hourCycle }).format(new Date(iso));
}
