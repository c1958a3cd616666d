import { describe, expect, it } from "vitest";
import {
  assertDurationMs,
  assertTicketLines,
  overBuyerLimitLine,
  overLimitLine,
  sameTicketQuantities,
  soldOutLine,
  readTicketCode,
  TICKET_CODE_LENGTH,
  ticketCodeOf,
  ticketQuantitiesOf,
} from "../../../../../core/domain/tickets/ticket-order.ops";

const type = (ticketTypeId: string, capacity: number, perOrderLimit?: number) => ({ ticketTypeId, capacity, ...(perOrderLimit === undefined ? {} : { perOrderLimit }) });

describe("assertTicketLines", () => {
  it("accepts distinct types with positive whole quantities", () => {
    expect(() => assertTicketLines([{ ticketType: type("a", 0), quantity: 1 }, { ticketType: type("b", 5), quantity: 3 }])).not.toThrow();
  });

  it.each([
    ["no lines", []],
    ["a quantity of 0", [{ ticketType: type("a", 5), quantity: 0 }]],
    ["a fractional quantity", [{ ticketType: type("a", 5), quantity: 0.5 }]],
    ["a negative capacity", [{ ticketType: type("a", -1), quantity: 1 }]],
    ["a type twice", [{ ticketType: type("a", 5), quantity: 1 }, { ticketType: type("a", 5), quantity: 2 }]],
  ])("rejects %s with a RangeError", (_, lines) => {
    expect(() => assertTicketLines(lines)).toThrow(RangeError);
  });

  it("rejects a duration that is not a positive whole number of milliseconds", () => {
    expect(() => assertDurationMs(1)).not.toThrow();
    for (const ms of [0, -5, 1.5, Number.NaN]) expect(() => assertDurationMs(ms)).toThrow(RangeError);
  });
});

describe("what stops a request", () => {
  it("names the first line over its per-order limit; box-office lines have none", () => {
    const lines = [
      { ticketType: type("a", 9, 4), quantity: 4 },
      { ticketType: type("b", 9, 2), quantity: 3 },
      { ticketType: type("c", 9, 1), quantity: 2 },
    ];
    expect(overLimitLine(lines)).toEqual({ outcome: "over-limit", ticketTypeId: "b", perOrderLimit: 2 });
    expect(overLimitLine([{ ticketType: type("a", 9), quantity: 9 }])).toBeNull();
  });

  it("names the first line that would take the buyer past its per-buyer limit, with what they may still have (issue 48)", () => {
    const limited = (ticketTypeId: string, perBuyerLimit: number) => ({ ticketTypeId, capacity: 100, perOrderLimit: 10, perBuyerLimit });
    const owned = (ticketTypeId: string) => ({ a: 1, b: 3, c: 9 })[ticketTypeId] ?? 0;
    expect(overBuyerLimitLine([{ ticketType: limited("a", 4), quantity: 3 }, { ticketType: limited("b", 4), quantity: 2 }], owned)).toEqual({
      outcome: "over-buyer-limit",
      ticketTypeId: "b",
      perBuyerLimit: 4,
      left: 1,
    });
    // Bought past a limit the CMS lowered since: nothing left, never less.
    expect(overBuyerLimitLine([{ ticketType: limited("c", 4), quantity: 1 }], owned)).toEqual({ outcome: "over-buyer-limit", ticketTypeId: "c", perBuyerLimit: 4, left: 0 });
    expect(overBuyerLimitLine([{ ticketType: limited("a", 4), quantity: 3 }, { ticketType: type("d", 9), quantity: 9 }], owned)).toBeNull();
  });

  it("names the first line asking for more than is left, with what is left", () => {
    const inventory = { a: { sold: 2, held: 1 }, b: { sold: 5, held: 4 } } as const;
    const inventoryOf = (ticketType: { ticketTypeId: string; capacity: number }) => ({ ...ticketType, ...inventory[ticketType.ticketTypeId as "a" | "b"] });
    expect(soldOutLine([{ ticketType: type("a", 5), quantity: 2 }, { ticketType: type("b", 10), quantity: 2 }], inventoryOf)).toEqual({
      outcome: "sold-out",
      ticketTypeId: "b",
      available: 1,
    });
    expect(soldOutLine([{ ticketType: type("a", 5), quantity: 2 }, { ticketType: type("b", 10), quantity: 1 }], inventoryOf)).toBeNull();
    // A capacity lowered below what is sold leaves nothing, not a negative number.
    expect(soldOutLine([{ ticketType: type("b", 3), quantity: 1 }], inventoryOf)).toEqual({ outcome: "sold-out", ticketTypeId: "b", available: 0 });
  });
});

describe("sameTicketQuantities", () => {
  it("compares quantities per type, whatever the order of the lines", () => {
    const lines = [{ ticketTypeId: "a", quantity: 2 }, { ticketTypeId: "b", quantity: 1 }];
    expect(sameTicketQuantities(lines, [...lines].reverse())).toBe(true);
    expect(sameTicketQuantities(lines, [{ ticketTypeId: "a", quantity: 2 }])).toBe(false);
    expect(sameTicketQuantities(lines, [{ ticketTypeId: "a", quantity: 2 }, { ticketTypeId: "b", quantity: 2 }])).toBe(false);
    expect(sameTicketQuantities(lines, [{ ticketTypeId: "a", quantity: 2 }, { ticketTypeId: "c", quantity: 1 }])).toBe(false);
  });
});

describe("ticketCodeOf", () => {
  it("spells 60 random bits in Crockford's base 32, without I, L, O or U", () => {
    expect(ticketCodeOf(new Uint8Array(8))).toBe("0".repeat(TICKET_CODE_LENGTH));
    const code = ticketCodeOf(Uint8Array.from([0xff, 0xee, 0xdd, 0xcc, 0xbb, 0xaa, 0x99, 0x88]));
    expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{12}$/);
    expect(ticketCodeOf(Uint8Array.from([0xff, 0xee, 0xdd, 0xcc, 0xbb, 0xaa, 0x99, 0x88]))).toBe(code);
    expect(ticketCodeOf(Uint8Array.from([0, 0, 0, 0, 0, 0, 0, 1]))).not.toBe(ticketCodeOf(Uint8Array.from([0, 0, 0, 0, 0, 0, 0, 2])));
  });

  it("needs 8 random bytes", () => {
    expect(() => ticketCodeOf(new Uint8Array(7))).toThrow(RangeError);
  });
});

describe("readTicketCode (issue 49)", () => {
  it("knows a ticket's printed code however it is typed, and nothing else", () => {
    const code = ticketCodeOf(Uint8Array.from([0xff, 0xee, 0xdd, 0xcc, 0xbb, 0xaa, 0x99, 0x88]));
    for (const typed of [code, code.toLowerCase(), ` ${code.slice(0, 4)}-${code.slice(4, 8)} ${code.slice(8)} `, "7K3M9Q2X4ZRT", "7k3m-9q2x-4zrt", "O1LI23456789"]) expect(readTicketCode(typed), typed).toMatch(/^[0-9A-HJKMNP-TV-Z]{12}$/);
    expect(readTicketCode(" 7k3m-9q2x 4zrt ")).toBe("7K3M9Q2X4ZRT");
    expect(readTicketCode("O1LI23456789")).toBe("011123456789");
    for (const typed of ["", "7K3M9Q2X4ZR", "7K3M9Q2X4ZRTX", "7K3M9Q2X4ZRU", "TA1.eyJ2IjoxfQ.c2ln", "https://arena.test/en/tickets/check/?t=TA1"]) expect(readTicketCode(typed), typed).toBeNull();
  });
});

describe("ticketQuantitiesOf", () => {
  it("counts an order's tickets by type, in the order the types come", () => {
    expect(ticketQuantitiesOf([{ ticketTypeId: "grada" }, { ticketTypeId: "grada" }, { ticketTypeId: "pista" }])).toEqual([{ ticketTypeId: "grada", quantity: 2 }, { ticketTypeId: "pista", quantity: 1 }]);
    expect(ticketQuantitiesOf([])).toEqual([]);
  });
});
