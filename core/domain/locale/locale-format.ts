import { LOCALES, type LocaleCode } from "./locale";

/**
 * Dates, numbers and prices in the reader's language. Valencian formats with the Catalan
 * Valencian Intl locale (ca-ES-valencia): "22 de novembre del 2026", "1.234,50 €".
 */
export function formatDate(date: Date, locale: LocaleCode, options: Intl.DateTimeFormatOptions = { dateStyle: "long" }): string {
  return new Intl.DateTimeFormat(LOCALES[locale].intl, { timeZone: "Europe/Madrid", ...options }).format(date);
}

export function formatNumber(value: number, locale: LocaleCode, options: Intl.NumberFormatOptions = {}): string {
  return new Intl.NumberFormat(LOCALES[locale].intl, options).format(value);
}

/** Prices are kept in euro cents to avoid floating-point money. */
export function formatPrice(cents: number, locale: LocaleCode): string {
  return formatNumber(cents / 100, locale, { style: "currency", currency: "EUR" });
}
