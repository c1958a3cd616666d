import { describe, expect, it } from "vitest";
import { formatDate, formatNumber, formatPrice } from "../../../../../core";

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

  it("writes numbers and euro prices the local way", () => {
    expect(formatNumber(20000, "val")).toBe("20.000");
    expect(formatNumber(20000, "en")).toBe("20,000");
    expect(formatPrice(123450, "val")).toBe("1.234,50\u00a0€");
    expect(formatPrice(123450, "en")).toBe("€1,234.50");
  });
});
