import type { StateValue } from "xstate";
import { describe, expect, it } from "vitest";
import { ticketPurchaseMachine, type TicketPurchaseContext } from "../../../../../core/domain/tickets/ticket-purchase.machine";
import { ticketPurchaseView } from "../../../../../core/domain/tickets/ticket-purchase.view";
import { TICKET_TYPES } from "./support/ticket-purchase.harness";

const CHOSEN: TicketPurchaseContext = {
  ...TICKET_TYPES,
  quantities: { pista: 2, grada: 1 },
  lowered: undefined,
  holdId: "hold-1",
  secondsLeft: 600,
  countdownFrom: 600,
  extension: "unused",
  errorKey: undefined,
  order: undefined,
};

const held = (hold: "ready" | "extending" | "paying"): StateValue => ({ held: { countdown: "running", hold } });
const viewOf = (value: StateValue, context: Partial<TicketPurchaseContext> = {}) =>
  ticketPurchaseView(ticketPurchaseMachine.resolveState({ value, context: { ...CHOSEN, ...context } }));

describe("ticketPurchaseView", () => {
  it("lists every type on offer with its subtotal, and the total in cents", () => {
    expect(viewOf("choosing")).toEqual({
      step: "choose",
      lines: [
        { ticketTypeId: "pista", name: "Pista", unitPriceCents: 4500, quantity: 2, maxQuantity: 2, lowered: false, subtotalCents: 9000 },
        { ticketTypeId: "grada", name: "Grada", unitPriceCents: 3000, quantity: 1, maxQuantity: 1, lowered: false, subtotalCents: 3000 },
        { ticketTypeId: "vip", name: "VIP", unitPriceCents: 12_000, quantity: 0, maxQuantity: 0, lowered: false, subtotalCents: 0 },
      ],
      ticketCount: 3,
      totalCents: 12_000,
      canHold: true,
      secondsLeft: undefined,
      announcementKey: undefined,
      canExtend: false,
      busy: false,
      errorKey: undefined,
      order: undefined,
      receipt: undefined,
    });
    expect(viewOf("choosing", { quantities: {} })).toMatchObject({ ticketCount: 0, totalCents: 0, canHold: false });
  });

  it("names the step, and says when it waits for the store or the payment", () => {
    const cases: Array<[StateValue, string, boolean]> = [
      ["choosing", "choose", false],
      ["holding", "holding", true],
      [held("ready"), "held", false],
      [held("extending"), "held", true],
      [held("paying"), "paying", true],
      ["releasing", "cancelling", true],
      ["issued", "issued", false],
      ["expired", "expired", false],
      ["failed", "failed", false],
      ["cancelled", "cancelled", false],
    ];
    for (const [value, step, busy] of cases) expect(viewOf(value), JSON.stringify(value)).toMatchObject({ step, busy });
  });

  it("shows the countdown while the tickets are held, paying included, and offers the extension until it is used", () => {
    expect(viewOf(held("ready"), { secondsLeft: 42 })).toMatchObject({ secondsLeft: 42, canExtend: true });
    expect(viewOf(held("paying"), { secondsLeft: 42 })).toMatchObject({ secondsLeft: 42, canExtend: false });
    for (const extension of ["asked", "granted", "refused"] as const) expect(viewOf(held("ready"), { extension }).canExtend).toBe(false);
    for (const value of ["holding", "releasing", "issued", "expired"]) expect(viewOf(value, { secondsLeft: 42 }).secondsLeft).toBeUndefined();
  });

  it("announces the thresholds crossed since the countdown started, the latest only", () => {
    const announcement = (secondsLeft: number, countdownFrom = 600, extension: TicketPurchaseContext["extension"] = "unused") =>
      viewOf(held("ready"), { secondsLeft, countdownFrom, extension }).announcementKey;
    expect(announcement(600)).toBe("tickets.hold.started");
    expect(announcement(301)).toBe("tickets.hold.started");
    expect(announcement(300)).toBe("tickets.hold.fiveMinutesLeft");
    expect(announcement(121)).toBe("tickets.hold.fiveMinutesLeft");
    expect(announcement(120)).toBe("tickets.hold.twoMinutesLeft");
    expect(announcement(60)).toBe("tickets.hold.oneMinuteLeft");
    expect(announcement(30)).toBe("tickets.hold.thirtySecondsLeft");
    expect(announcement(0)).toBe("tickets.hold.thirtySecondsLeft");
    // A hold of exactly 5 minutes starts with its own news, not with "5 minutes left".
    expect(announcement(300, 300)).toBe("tickets.hold.started");
    expect(announcement(200, 300)).toBe("tickets.hold.started");
    // After an extension, its news until the next threshold.
    expect(announcement(388, 388, "granted")).toBe("tickets.hold.extended");
    expect(announcement(300, 388, "granted")).toBe("tickets.hold.fiveMinutesLeft");
    expect(announcement(500, 600, "refused")).toBe("tickets.hold.started");
  });

  it("carries the error and the order", () => {
    expect(viewOf("failed", { errorKey: "tickets.error.soldOut" }).errorKey).toBe("tickets.error.soldOut");
    const order = { orderId: "order-1", lines: [{ ticketTypeId: "pista", quantity: 2 }, { ticketTypeId: "grada", quantity: 1 }] };
    expect(viewOf("issued", { order }).order).toEqual(order);
    // Issue 49: the confirmation lists the order's reference, tickets and total, priced as offered.
    expect(viewOf("issued", { order }).receipt).toEqual({
      orderId: "order-1",
      lines: [
        { ticketTypeId: "pista", name: "Pista", quantity: 2, unitPriceCents: 4500, subtotalCents: 9000 },
        { ticketTypeId: "grada", name: "Grada", quantity: 1, unitPriceCents: 3000, subtotalCents: 3000 },
      ],
      totalCents: 12_000,
    });
  });
});
