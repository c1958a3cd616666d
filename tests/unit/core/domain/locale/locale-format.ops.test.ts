import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatDate, formatNumber, formatPrice, formatTime, LOCALE_CODES } from "../../../../../core";

const day = new Date("2026-11-22T19:30:00Z");

describe("locale formatting", () => {
  it("writes dates in Valencian with the Catalan Valencian Intl locale", () => {
    expect(formatDate(day, "val")).toBe("22 de novembre del 2026");
    expect(formatDate(day, "es")).toBe("22 de noviembre de 2026");
    expect(formatDate(day, "en")).toBe("November 22, 2026");
  });

  it("uses Madrid time", () => {
    expect(formatDate(day, "val", { hour: "2-digit", minute: "2-digit" })).toBe("20:30");
  });

  it("writes every time of one language on one clock: 12-hour in English, 24-hour in Spanish and Valencian (issue 49 item 15)", () => {
    const evening = new Date("2026-12-31T21:00:00Z");
    expect(formatTime(evening, "en").replace(/\s/g, " ")).toBe("10:00 PM");
    expect(formatTime(evening, "es")).toBe("22:00");
    expect(formatTime(evening, "val")).toBe("22:00");
    const clocks = { en: /^(1[0-2]|0?[1-9]):[0-5]\d\s[AP]M$/, es: /^([01]?\d|2[0-3]):[0-5]\d$/, val: /^([01]?\d|2[0-3]):[0-5]\d$/ } as const;
    // Whatever the options ask for, the hour is on the language's clock.
    const optionSets: Intl.DateTimeFormatOptions[] = [{ timeStyle: "short" }, { hour: "numeric", minute: "2-digit" }, { hour: "2-digit", minute: "2-digit" }];
    fc.assert(
      fc.property(fc.date({ min: new Date("2020-01-01"), max: new Date("2040-01-01"), noInvalidDate: true }), fc.constantFrom(...LOCALE_CODES), fc.constantFrom(...optionSets), (instant, locale, options) => {
        expect(formatDate(instant, locale, options)).toMatch(clocks[locale]);
      }),
      { numRuns: 500 },
    );
  });

  it("puts the start's time on the language's clock in full dates", () => {
    const start = new Date("2026-12-31T21:00:00Z");
    expect(formatDate(start, "en", { dateStyle: "full", timeStyle: "short" }).replace(/\s/g, " ")).toBe("Thursday, December 31, 2026 at 10:00 PM");
    expect(formatDate(start, "es", { dateStyle: "full", timeStyle: "short" })).toBe("jueves, 31 de diciembre de 2026, 22:00");
    expect(formatDate(start, "val", { dateStyle: "full", timeStyle: "short" })).toBe("dijous, 31 de desembre del 2026, a les 22:00");
  });

  it("writes numbers and euro prices the local way", () => {
    expect(formatNumber(20000, "val")).toBe("20.000");
    expect(formatNumber(20000, "en")).toBe("20,000");
    expect(formatPrice(123450, "val")).toBe("1.234,50\u00a0€");
    expect(formatPrice(123450, "en")).toBe("€1,234.50");
  });
});
