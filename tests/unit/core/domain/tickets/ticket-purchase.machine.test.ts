import { describe, expect, it } from "vitest";
import { TICKET_PURCHASE } from "../../../../../core/domain/tickets/ticket-purchase.settings";
import { TICKET_TYPES, startPurchase } from "./support/ticket-purchase.harness";

const STORE_NOW = 1_900_000_000_000;
/** The store's usual answer: held for TICKET_PURCHASE.holdMs from now. */
const HOLD = { holdId: "hold-7", storeNow: STORE_NOW, expiresAt: STORE_NOW + TICKET_PURCHASE.holdMs };

async function held(chosen: Record<string, number> = { pista: 2 }, hold: typeof HOLD = HOLD) {
  const purchase = startPurchase();
  for (const [ticketTypeId, quantity] of Object.entries(chosen)) purchase.actor.send({ type: "SET_QUANTITY", ticketTypeId, quantity });
  purchase.actor.send({ type: "HOLD" });
  await purchase.settle("hold", { value: hold });
  return purchase;
}

describe("ticket purchase: choosing", () => {
  it("keeps each quantity within the type's per-order limit and what is left", () => {
    const { actor, view } = startPurchase();
    const set = (ticketTypeId: string, quantity: number) => actor.send({ type: "SET_QUANTITY", ticketTypeId, quantity });
    set("pista", 3);
    set("grada", 5);
    set("vip", 1);
    expect(view().lines.map((line) => [line.ticketTypeId, line.quantity, line.maxQuantity])).toEqual([
      ["pista", 2, 2],
      ["grada", 1, 1],
      ["vip", 0, 0],
    ]);
    set("pista", -1);
    set("grada", 0.7);
    expect(actor.getSnapshot().context.quantities).toEqual({});
    set("pista", 1.9);
    set("grada", Number.NaN);
    set("nonexistent", 4);
    expect(actor.getSnapshot().context.quantities).toEqual({ pista: 1 });
  });

  it("says which quantity it lowered to the most allowed, until the next change (issue 49)", () => {
    const { actor, view } = startPurchase();
    const lowered = () => view().lines.filter((line) => line.lowered).map((line) => line.ticketTypeId);
    actor.send({ type: "SET_QUANTITY", ticketTypeId: "pista", quantity: 99 });
    expect(lowered()).toEqual(["pista"]);
    expect(view().lines[0]).toMatchObject({ quantity: 2, maxQuantity: 2 });
    actor.send({ type: "SET_QUANTITY", ticketTypeId: "grada", quantity: 1 });
    expect(lowered()).toEqual([]);
    actor.send({ type: "SET_QUANTITY", ticketTypeId: "pista", quantity: 2 });
    expect(lowered()).toEqual([]);
    actor.send({ type: "SET_QUANTITY", ticketTypeId: "grada", quantity: 3 });
    expect(lowered()).toEqual(["grada"]);
    actor.send({ type: "HOLD" });
    expect(lowered()).toEqual([]);
  });

  it("holds only when something is chosen, and asks the store for exactly that", async () => {
    const { actor, calls, view } = startPurchase();
    actor.send({ type: "HOLD" });
    expect(view()).toMatchObject({ step: "choose", canHold: false });
    actor.send({ type: "SET_QUANTITY", ticketTypeId: "grada", quantity: 1 });
    actor.send({ type: "SET_QUANTITY", ticketTypeId: "pista", quantity: 2 });
    expect(view().canHold).toBe(true);
    actor.send({ type: "HOLD" });
    expect(view()).toMatchObject({ step: "holding", busy: true, canHold: false });
    expect(calls.hold.map((call) => call.input)).toEqual([{ tickets: [{ ticketTypeId: "pista", quantity: 2 }, { ticketTypeId: "grada", quantity: 1 }] }]);
    actor.send({ type: "SET_QUANTITY", ticketTypeId: "pista", quantity: 0 });
    expect(actor.getSnapshot().context.quantities).toEqual({ pista: 2, grada: 1 });
  });

  it("fails with the store's reason when the hold is refused", async () => {
    for (const [error, errorKey] of [
      [{ kind: "sold-out" }, "tickets.error.soldOut"],
      [{ kind: "network" }, "tickets.error.network"],
      [{ kind: "buyer-limit-reached" }, "tickets.error.buyerLimitReached"],
      [new Error("500"), "tickets.error.generic"],
    ] as const) {
      const purchase = startPurchase();
      purchase.actor.send({ type: "SET_QUANTITY", ticketTypeId: "pista", quantity: 1 });
      purchase.actor.send({ type: "HOLD" });
      await purchase.settle("hold", { error });
      expect(purchase.view()).toMatchObject({ step: "failed", errorKey, busy: false, canHold: false });
      expect(purchase.actor.getSnapshot().status).toBe("done");
    }
  });

  it("goes back to the choice, kept as it was, when the buyer asked for more than they may have or held too often, and says why (issue 48)", async () => {
    for (const [error, errorKey] of [
      [{ kind: "over-buyer-limit" }, "tickets.error.overBuyerLimit"],
      [{ kind: "rate-limited" }, "tickets.error.tooManyHolds"],
    ] as const) {
      const purchase = startPurchase();
      purchase.actor.send({ type: "SET_QUANTITY", ticketTypeId: "pista", quantity: 2 });
      purchase.actor.send({ type: "HOLD" });
      await purchase.settle("hold", { error });
      expect(purchase.view()).toMatchObject({ step: "choose", errorKey, canHold: true });
      expect(purchase.actor.getSnapshot().context.quantities).toEqual({ pista: 2 });
      // Choosing fewer and holding again asks the store again, without the old message.
      purchase.actor.send({ type: "SET_QUANTITY", ticketTypeId: "pista", quantity: 1 });
      purchase.actor.send({ type: "HOLD" });
      expect(purchase.view()).toMatchObject({ step: "holding", errorKey: undefined });
      expect(purchase.calls.hold.at(-1)?.input).toEqual({ tickets: [{ ticketTypeId: "pista", quantity: 1 }] });
    }
  });
});

describe("ticket purchase: the countdown", () => {
  it("counts the store's 10 minutes down and announces 5 min, 2 min, 1 min and 30 s left, then expires", async () => {
    const purchase = await held();
    const announced: Array<[number, string | undefined]> = [[purchase.view().secondsLeft!, purchase.view().announcementKey]];
    for (let elapsed = 1; elapsed <= 600; elapsed++) {
      purchase.wait(1);
      const { secondsLeft, announcementKey, step } = purchase.view();
      if (step === "held" && announcementKey !== announced.at(-1)?.[1]) announced.push([secondsLeft!, announcementKey]);
      if (elapsed < 600) expect(step, `${elapsed} s`).toBe("held");
    }
    expect(announced).toEqual([
      [600, "tickets.hold.started"],
      [300, "tickets.hold.fiveMinutesLeft"],
      [120, "tickets.hold.twoMinutesLeft"],
      [60, "tickets.hold.oneMinuteLeft"],
      [30, "tickets.hold.thirtySecondsLeft"],
    ]);
    expect(purchase.view()).toMatchObject({ step: "expired", errorKey: "tickets.error.holdExpired", secondsLeft: undefined, announcementKey: undefined, canExtend: false });
    // The store lets an expired hold go by itself.
    expect(purchase.calls.releaseHold).toEqual([]);
  });

  it("counts the store's time, whatever the browser's clock says, rounding down", async () => {
    const purchase = await held({ pista: 1 }, { holdId: "hold-8", storeNow: 5, expiresAt: 5 + 90_999 });
    expect(purchase.view().secondsLeft).toBe(90);
    purchase.wait(89);
    expect(purchase.view()).toMatchObject({ step: "held", secondsLeft: 1 });
    purchase.wait(1);
    expect(purchase.view().step).toBe("expired");
  });

  it("extends once: the store's new time restarts the countdown and its announcements", async () => {
    const purchase = await held();
    purchase.wait(510);
    expect(purchase.view()).toMatchObject({ secondsLeft: 90, canExtend: true, announcementKey: "tickets.hold.twoMinutesLeft" });
    purchase.actor.send({ type: "EXTEND" });
    expect(purchase.view()).toMatchObject({ step: "held", busy: true, canExtend: false });
    expect(purchase.calls.extendHold.map((call) => call.input)).toEqual([{ holdId: "hold-7" }]);
    purchase.wait(2);
    const extendedAt = STORE_NOW + 512_000;
    await purchase.settle("extendHold", { value: { storeNow: extendedAt, expiresAt: extendedAt + 88_000 + TICKET_PURCHASE.extensionMs } });
    expect(purchase.view()).toMatchObject({ step: "held", busy: false, secondsLeft: 388, canExtend: false, announcementKey: "tickets.hold.extended" });
    purchase.actor.send({ type: "EXTEND" });
    expect(purchase.calls.extendHold).toHaveLength(1);
    purchase.wait(88);
    expect(purchase.view().announcementKey).toBe("tickets.hold.fiveMinutesLeft");
    purchase.wait(300);
    expect(purchase.view().step).toBe("expired");
  });

  it("keeps the hold when the extension is refused, and says so", async () => {
    const purchase = await held();
    purchase.actor.send({ type: "EXTEND" });
    purchase.wait(3);
    await purchase.settle("extendHold", { error: { kind: "network" } });
    expect(purchase.view()).toMatchObject({ step: "held", secondsLeft: 597, canExtend: false, errorKey: "tickets.error.extendFailed", announcementKey: "tickets.hold.started" });
    purchase.actor.send({ type: "PAY" });
    expect(purchase.view().errorKey).toBeUndefined();
  });

  it("expires while an extension is still on its way", async () => {
    const purchase = await held();
    purchase.wait(595);
    purchase.actor.send({ type: "EXTEND" });
    purchase.wait(5);
    expect(purchase.view().step).toBe("expired");
  });
});

describe("ticket purchase: paying", () => {
  it("pays for the hold and keeps the order", async () => {
    const purchase = await held({ pista: 2, grada: 1 });
    purchase.actor.send({ type: "PAY" });
    expect(purchase.view()).toMatchObject({ step: "paying", busy: true, canExtend: false, secondsLeft: 600 });
    expect(purchase.calls.pay.map((call) => call.input)).toEqual([{ holdId: "hold-7" }]);
    await purchase.settle("pay", { value: { orderId: "order-42", lines: [{ ticketTypeId: "pista", quantity: 2 }, { ticketTypeId: "grada", quantity: 1 }] } });
    expect(purchase.view()).toMatchObject({ step: "issued", busy: false, order: { orderId: "order-42" }, totalCents: 2 * 4500 + 3000, ticketCount: 3, errorKey: undefined });
    expect(purchase.view().receipt).toMatchObject({ orderId: "order-42", totalCents: 2 * 4500 + 3000 });
  });

  it("lets the payment's answer decide when the countdown ends during it", async () => {
    const purchase = await held();
    purchase.wait(590);
    purchase.actor.send({ type: "PAY" });
    purchase.wait(30);
    expect(purchase.view()).toMatchObject({ step: "paying", secondsLeft: 0 });
    await purchase.settle("pay", { value: { orderId: "order-43", lines: [{ ticketTypeId: "pista", quantity: 2 }] } });
    expect(purchase.view().step).toBe("issued");

    const late = await held();
    late.wait(590);
    late.actor.send({ type: "PAY" });
    late.wait(30);
    await late.settle("pay", { error: { kind: "payment-declined" } });
    expect(late.view()).toMatchObject({ step: "expired", errorKey: "tickets.error.holdExpired" });
  });

  it("goes back to the held tickets after a declined or interrupted payment, to pay again", async () => {
    const purchase = await held();
    purchase.actor.send({ type: "PAY" });
    purchase.wait(20);
    await purchase.settle("pay", { error: { kind: "payment-declined" } });
    expect(purchase.view()).toMatchObject({ step: "held", secondsLeft: 580, errorKey: "tickets.error.paymentFailed" });
    purchase.actor.send({ type: "PAY" });
    await purchase.settle("pay", { error: { kind: "network" } });
    expect(purchase.view()).toMatchObject({ step: "held", errorKey: "tickets.error.network" });
    purchase.actor.send({ type: "PAY" });
    expect(purchase.view().errorKey).toBeUndefined();
    await purchase.settle("pay", { value: { orderId: "order-44", lines: [{ ticketTypeId: "pista", quantity: 2 }] } });
    expect(purchase.calls.pay.map((call) => call.input.holdId)).toEqual(["hold-7", "hold-7", "hold-7"]);
    expect(purchase.view().step).toBe("issued");
  });

  it("ends when the store says the hold is gone", async () => {
    const expired = await held();
    expired.actor.send({ type: "PAY" });
    await expired.settle("pay", { error: { kind: "hold-expired" } });
    expect(expired.view()).toMatchObject({ step: "expired", errorKey: "tickets.error.holdExpired" });

    const lost = await held();
    lost.actor.send({ type: "PAY" });
    await lost.settle("pay", { error: { kind: "sold-out" } });
    expect(lost.view()).toMatchObject({ step: "failed", errorKey: "tickets.error.soldOut" });
  });
});

describe("ticket purchase: cancelling", () => {
  it("releases the hold, and is cancelled even if the release does not get through", async () => {
    for (const outcome of [{ value: undefined }, { error: new TypeError("Failed to fetch") }]) {
      const purchase = await held();
      purchase.actor.send({ type: "CANCEL" });
      expect(purchase.view()).toMatchObject({ step: "cancelling", busy: true, secondsLeft: undefined });
      expect(purchase.calls.releaseHold.map((call) => call.input)).toEqual([{ holdId: "hold-7" }]);
      await purchase.settle("releaseHold", outcome);
      expect(purchase.view()).toMatchObject({ step: "cancelled", busy: false });
      expect(purchase.actor.getSnapshot().status).toBe("done");
    }
  });

  it("cannot cancel once paying: the payment may already have gone through", async () => {
    const purchase = await held();
    purchase.actor.send({ type: "PAY" });
    purchase.actor.send({ type: "CANCEL" });
    expect(purchase.view().step).toBe("paying");
    expect(purchase.calls.releaseHold).toEqual([]);
  });
});

describe("ticket purchase: resuming a hold (issue 49)", () => {
  const resumed = (extended: boolean) => ({ holdId: "hold-8", storeNow: STORE_NOW, expiresAt: STORE_NOW + 240_000, lines: [{ ticketTypeId: "pista", quantity: 2 }], extended });

  it("starts on the buyer's hold in force, with its lines and the time it has left, to pay, extend or let go", async () => {
    const purchase = startPurchase({ ...TICKET_TYPES, hold: resumed(false) });
    expect(purchase.view()).toMatchObject({ step: "held", secondsLeft: 240, ticketCount: 2, totalCents: 9000, canExtend: true, announcementKey: "tickets.hold.started" });
    expect(purchase.calls.hold).toEqual([]);
    purchase.actor.send({ type: "PAY" });
    expect(purchase.calls.pay.map((call) => call.input)).toEqual([{ holdId: "hold-8" }]);
    await purchase.settle("pay", { value: { orderId: "order-45", lines: [{ ticketTypeId: "pista", quantity: 2 }] } });
    expect(purchase.view()).toMatchObject({ step: "issued", order: { orderId: "order-45" } });

    const letGo = startPurchase({ ...TICKET_TYPES, hold: resumed(false) });
    letGo.actor.send({ type: "CANCEL" });
    expect(letGo.calls.releaseHold.map((call) => call.input)).toEqual([{ holdId: "hold-8" }]);
  });

  it("does not extend a resumed hold that was extended before, and expires when its time is up", () => {
    const purchase = startPurchase({ ...TICKET_TYPES, hold: resumed(true) });
    expect(purchase.view()).toMatchObject({ step: "held", canExtend: false, announcementKey: "tickets.hold.started" });
    purchase.actor.send({ type: "EXTEND" });
    expect(purchase.calls.extendHold).toEqual([]);
    purchase.wait(240);
    expect(purchase.view().step).toBe("expired");
  });
});
