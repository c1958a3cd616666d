import { Schema } from "effect";
import { describe, expect, it } from "vitest";
import { EventContent, TicketTypeContent, perBuyerLimitOf } from "../../../../../core/domain/content/content-types.schema";

const decodeTicketType = Schema.decodeUnknownResult(TicketTypeContent);
const decodeEvent = Schema.decodeUnknownResult(EventContent);

// As the CMS sends a ticket type: number fields as text.
const fromCms = {
  component: "ticket_type",
  _uid: "7b0c",
  name: "Pista",
  price: "4500",
  capacity: "12000",
  per_order_limit: "6",
  sale_start: "2030-05-01T10:00:00+02:00",
  sale_end: "",
};

describe("TicketTypeContent", () => {
  it("decodes the CMS's text numbers and keeps an empty date as no bound", () => {
    const result = decodeTicketType(fromCms);
    expect(result._tag).toBe("Success");
    if (result._tag === "Success") expect(result.success).toEqual({ ...fromCms, price: 4500, capacity: 12_000, per_order_limit: 6 });
    expect(decodeTicketType({ ...fromCms, price: 0, capacity: 10, per_order_limit: 1 })._tag).toBe("Success");
  });

  it("takes a per-buyer limit, or the per-order limit for one when the field is empty or absent (issue 48)", () => {
    const decoded = (fields: Record<string, unknown>) => {
      const result = decodeTicketType({ ...fromCms, ...fields });
      if (result._tag !== "Success") throw new Error(`${JSON.stringify(fields)} did not decode`);
      return result.success;
    };
    expect(perBuyerLimitOf(decoded({ per_buyer_limit: "4" }))).toBe(4);
    expect(perBuyerLimitOf(decoded({ per_buyer_limit: 10 }))).toBe(10);
    expect(perBuyerLimitOf(decoded({ per_buyer_limit: "" }))).toBe(6);
    expect(perBuyerLimitOf(decoded({}))).toBe(6);
  });

  it("refuses a ticket that could be sold wrongly: no price, a fraction of a cent, a limit of 0, a negative capacity", () => {
    for (const fields of [
      { price: "" },
      { price: "45.5" },
      { price: -1 },
      { per_order_limit: "0" },
      { per_buyer_limit: "0" },
      { per_buyer_limit: "2.5" },
      { capacity: "-3" },
      { capacity: "lots" },
      { name: "" },
    ]) {
      expect(decodeTicketType({ ...fromCms, ...fields })._tag, JSON.stringify(fields)).toBe("Failure");
    }
    const { price: _price, ...withoutPrice } = fromCms;
    expect(decodeTicketType(withoutPrice)._tag).toBe("Failure");
  });

  it("refuses a date it cannot read and a sale that closes before it opens", () => {
    expect(decodeTicketType({ ...fromCms, sale_start: "next Friday" })._tag).toBe("Failure");
    expect(decodeTicketType({ ...fromCms, sale_end: "2030-04-30T10:00:00+02:00" })._tag).toBe("Failure");
    expect(decodeTicketType({ ...fromCms, sale_end: "2030-05-01T10:00:00+02:00" })._tag).toBe("Failure");
    expect(decodeTicketType({ ...fromCms, sale_end: "2030-05-01T10:00:01+02:00" })._tag).toBe("Success");
  });
});

describe("EventContent", () => {
  it("takes ticket types and the postponed status", () => {
    const result = decodeEvent({ component: "event", _uid: "e1", date_from: "2030-07-01T21:00:00+02:00", status: "postponed", ticket_types: [fromCms] });
    expect(result._tag).toBe("Success");
    if (result._tag === "Success") expect(result.success.ticket_types?.[0]?.price).toBe(4500);
  });

  it("refuses an event without a date it can read: it could be neither listed nor sold", () => {
    for (const date_from of ["", "next Friday"]) expect(decodeEvent({ component: "event", _uid: "e1", date_from })._tag, date_from).toBe("Failure");
  });
});
