import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatDate, formatDateRange, formatNumber, formatPrice, LOCALE_CODES, type LocaleCode } from "../../../../../core";
import { localeFormats, type FormattedValues } from "../../../../../ui/components/i18n/locale-formats";

const SATURDAY_EVENING = new Date("2026-12-12T20:30:00Z");

describe("localeFormats", () => {
  it("formats as the core does, and writes each value under its formatter and value", () => {
    const recorded: FormattedValues = {};
    const formats = localeFormats(recorded);
    expect(formats.date(SATURDAY_EVENING, "val", { weekday: "long", day: "numeric", month: "long" })).toBe(
      formatDate(SATURDAY_EVENING, "val", { weekday: "long", day: "numeric", month: "long" }),
    );
    expect(formats.date(SATURDAY_EVENING, "es", { timeStyle: "short" })).toBe("21:30");
    expect(formats.date(SATURDAY_EVENING, "en")).toBe(formatDate(SATURDAY_EVENING, "en"));
    expect(formats.price(2550, "es")).toBe(formatPrice(2550, "es"));
    expect(formats.number(1.5, "en", { maximumFractionDigits: 1 })).toBe("1.5");
    expect(recorded).toEqual({
      "date:val:weekday=long,day=numeric,month=long": { [SATURDAY_EVENING.getTime()]: "dissabte, 12 de desembre" },
      "date:es:timeStyle=short": { [SATURDAY_EVENING.getTime()]: "21:30" },
      "date:en:dateStyle=long": { [SATURDAY_EVENING.getTime()]: formatDate(SATURDAY_EVENING, "en") },
      "number:es:style=currency,currency=EUR": { "25.5": formatPrice(2550, "es") },
      "number:en:maximumFractionDigits=1": { "1.5": "1.5" },
    });
  });

  it("writes a span of two dates under its formatter and both instants", () => {
    const recorded: FormattedValues = {};
    const lastDay = new Date("2027-01-04T19:00:00Z");
    expect(localeFormats(recorded).dateRange(SATURDAY_EVENING, lastDay, "val")).toBe(formatDateRange(SATURDAY_EVENING, lastDay, "val"));
    expect(recorded).toEqual({ "range:val:dateStyle=long": { [`${SATURDAY_EVENING.getTime()}-${lastDay.getTime()}`]: formatDateRange(SATURDAY_EVENING, lastDay, "val") } });
    expect(localeFormats({ "range:es:dateStyle=long": { [`${SATURDAY_EVENING.getTime()}-${lastDay.getTime()}`]: "del sábado al lunes" } }).dateRange(SATURDAY_EVENING, lastDay, "es")).toBe("del sábado al lunes");
  });

  it("gives a value found in the set as it is, without formatting it again", () => {
    // A browser whose CLDR wrote this date otherwise still shows what the server wrote.
    const formats = localeFormats({ "date:val:dateStyle=medium": { [SATURDAY_EVENING.getTime()]: "12 de des. del 2026" } });
    expect(formats.date(SATURDAY_EVENING, "val", { dateStyle: "medium" })).toBe("12 de des. del 2026");
    expect(formats.date(SATURDAY_EVENING, "val", { dateStyle: "short" })).toBe(formatDate(SATURDAY_EVENING, "val", { dateStyle: "short" }));
  });

  it("keeps nothing without a set (components rendered outside a page)", () => {
    const formats = localeFormats(undefined);
    expect(formats.price(1000, "val")).toBe(formatPrice(1000, "val"));
    expect(formats.number(1234.5, "es")).toBe(formatNumber(1234.5, "es"));
  });

  it("lets the browser, given the server's set as JSON, show every value as the server formatted it", () => {
    const OPTIONS: readonly Intl.DateTimeFormatOptions[] = [{ day: "numeric" }, { month: "short" }, { dateStyle: "medium" }, { dateStyle: "full", timeStyle: "short" }];
    const shown = fc.record({
      locale: fc.constantFrom<LocaleCode>(...LOCALE_CODES),
      date: fc.date({ min: new Date("2000-01-01T00:00:00Z"), max: new Date("2099-12-31T23:59:59Z"), noInvalidDate: true }),
      options: fc.constantFrom(...OPTIONS),
      cents: fc.integer({ min: 0, max: 10_000_000 }),
    });
    fc.assert(
      fc.property(fc.array(shown, { minLength: 1, maxLength: 20 }), (values) => {
        const recorded: FormattedValues = {};
        const server = localeFormats(recorded);
        const written = values.map(({ locale, date, options, cents }) => [server.date(date, locale, options), server.price(cents, locale)]);
        const sent = JSON.stringify(recorded);
        const received = JSON.parse(sent) as FormattedValues;
        const browser = localeFormats(received);
        expect(values.map(({ locale, date, options, cents }) => [browser.date(date, locale, options), browser.price(cents, locale)])).toEqual(written);
        // Every value the browser showed was in the set it received: none was formatted (and added) there.
        expect(JSON.stringify(received)).toBe(sent);
      }),
    );
  });
});
