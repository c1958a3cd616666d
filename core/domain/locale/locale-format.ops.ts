import { VENUE_TIME_ZONE } from "../venue/venue-time-zone.settings";
import { LOCALES, type LocaleCode } from "./locale.settings";

/**
 * Dates, numbers and prices in the reader's language. Valencian formats with the Catalan
 * Valencian Intl locale (ca-ES-valencia): "22 de novembre del 2026", "1.234,50 €".
 */
export function formatDate(date: Date, locale: LocaleCode, options: Intl.DateTimeFormatOptions = { dateStyle: "long" }): string {
  return dateFormatter(locale, options).format(date);
}

/** Two dates as one span, shared parts said once: "10–14 de julio de 2030", "26 dic 2026 – 4 ene 2027". */
export function formatDateRange(from: Date, to: Date, locale: LocaleCode, options: Intl.DateTimeFormatOptions = { dateStyle: "long" }): string {
  return dateFormatter(locale, options).formatRange(from, to);
}

/** A time of day, on the reader's language's one clock (`Locale.hourCycle`): "22:00", "10:00 PM". */
export const TIME_FORMAT = { timeStyle: "short" } as const satisfies Intl.DateTimeFormatOptions;

export function formatTime(date: Date, locale: LocaleCode): string {
  return formatDate(date, locale, TIME_FORMAT);
}

export function formatNumber(value: number, locale: LocaleCode, options: Intl.NumberFormatOptions = {}): string {
  return formatter(numberFormatters, locale, options, () => new Intl.NumberFormat(LOCALES[locale].intl, options)).format(value);
}

// Building an Intl formatter costs far more than using one: keep one per locale and options.
// They hold no per-user state.
const dateFormatters = new Map<string, Intl.DateTimeFormat>();
const numberFormatters = new Map<string, Intl.NumberFormat>();

/**
 * Dates are the venue's: a visitor abroad reads the hour the doors open in Valencia. Every time
 * of day in one language is on that language's clock, whatever the options or the ICU version.
 */
function dateFormatter(locale: LocaleCode, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  return formatter(dateFormatters, locale, options, () => new Intl.DateTimeFormat(LOCALES[locale].intl, { timeZone: VENUE_TIME_ZONE, hourCycle: LOCALES[locale].hourCycle, ...options }));
}

function formatter<F>(cache: Map<string, F>, locale: LocaleCode, options: object, make: () => F): F {
  const key = `${locale}:${JSON.stringify(options)}`;
  let found = cache.get(key);
  if (!found) {
    found = make();
    cache.set(key, found);
  }
  return found;
}

/** How a price reads: in euros, with the reader's separators. */
export const PRICE_FORMAT: Intl.NumberFormatOptions = { style: "currency", currency: "EUR" };

/** Prices are kept in euro cents to avoid floating-point money. */
export function formatPrice(cents: number, locale: LocaleCode): string {
  return formatNumber(cents / 100, locale, PRICE_FORMAT);
}
