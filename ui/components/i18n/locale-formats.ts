import { formatDate, formatDateRange, formatNumber, PRICE_FORMAT, type EventDateFormats, type LocaleCode } from "../../../core";

/** Dates, numbers and prices as a page shows them, in the reader's language (the core's formats). */
export interface LocaleFormats extends EventDateFormats {
  date(date: Date, locale: LocaleCode, options?: Intl.DateTimeFormatOptions): string;
  /** Two dates as one span: "10–14 de julio de 2030". */
  dateRange(from: Date, to: Date, locale: LocaleCode, options?: Intl.DateTimeFormatOptions): string;
  number(value: number, locale: LocaleCode, options?: Intl.NumberFormatOptions): string;
  /** A price in euro cents. */
  price(cents: number, locale: LocaleCode): string;
}

/** Formatted values by formatter (`date:es:day=numeric`), then by value (a date's time, a number). */
export type FormattedValues = { [formatter: string]: { [value: string]: string } };

/**
 * Formats through `values` (when given): a value found there is not formatted again, and one
 * formatted is written there. The server renders a page with an empty set and sends the browser
 * what it holds then; the browser hydrates with that set. So hydration builds no Intl formatter:
 * the first one a page builds loads the locale's ICU data (25–30 ms in Chromium on this machine,
 * four times that at Lighthouse's phone speed), and a browser whose CLDR writes a date otherwise
 * than Node's still hydrates the server's markup as it is.
 */
export function localeFormats(values: FormattedValues | undefined): LocaleFormats {
  const formatted = (formatter: string, value: string, format: () => string): string => {
    if (!values) return format();
    const known = (values[formatter] ??= {});
    return (known[value] ??= format());
  };
  const number = (value: number, locale: LocaleCode, options: Intl.NumberFormatOptions = {}) =>
    formatted(`number:${locale}:${optionsKey(options)}`, String(value), () => formatNumber(value, locale, options));
  return {
    date: (date, locale, options = { dateStyle: "long" }) =>
      formatted(`date:${locale}:${optionsKey(options)}`, String(date.getTime()), () => formatDate(date, locale, options)),
    dateRange: (from, to, locale, options = { dateStyle: "long" }) =>
      formatted(`range:${locale}:${optionsKey(options)}`, `${from.getTime()}-${to.getTime()}`, () => formatDateRange(from, to, locale, options)),
    number,
    price: (cents, locale) => number(cents / 100, locale, PRICE_FORMAT),
  };
}

/** `{ day: "numeric", month: "short" }` → `day=numeric,month=short`: no quotes to escape in the page's JSON. */
function optionsKey(options: object): string {
  return Object.entries(options)
    .map(([name, value]) => `${name}=${String(value)}`)
    .join(",");
}
