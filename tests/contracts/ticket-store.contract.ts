import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DELETED_ACCOUNT, normalisePurchaseCode, type HeldTickets, type HoldOutcome, type HoldRequest, type TicketOrder, type TicketStorePort, type TicketTypeLimits } from "../../core";

/*
 * The ticket store's contract (core/ports/ticket-store.port.ts), through the port only: stock is
 * seeded with holds, orders and purchase codes, never with raw writes. A runner supplies the
 * store: SQLite (embedded) or Firestore (production). Every test works on ticket types, users and
 * codes of its own, in a time window of this run's own, so a store shared between runs (an
 * emulator) needs no cleaning.
 */

export interface TicketStoreFixture {
  readonly port: TicketStorePort;
  close(): Promise<void>;
}

export interface ContractOptions {
  /** Why this runner cannot run here; printed, and the suite is skipped. */
  readonly skip?: string;
}

let made = 0;
const unique = (label: string) => `${label}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}-${++made}`;

const base = Date.UTC(2100 + Math.floor(Math.random() * 800), 0, 1);
const at = (minutes: number) => new Date(base + minutes * 60_000).toISOString();
const HOLD_MS = 10 * 60_000;

const ticketType = (capacity: number, perOrderLimit = 10, perBuyerLimit = 100): TicketTypeLimits => ({ ticketTypeId: unique("type"), capacity, perOrderLimit, perBuyerLimit });

interface HoldOptions {
  readonly userId?: string;
  readonly eventId?: string;
  readonly idempotencyKey?: string;
  readonly minute?: number;
  readonly holdForMs?: number;
}

function holdRequest(lines: readonly (readonly [TicketTypeLimits, number])[], options: HoldOptions = {}): HoldRequest {
  return {
    userId: options.userId ?? unique("user"),
    eventId: options.eventId ?? "event-1",
    idempotencyKey: options.idempotencyKey ?? unique("key"),
    lines: lines.map(([type, quantity]) => ({ ticketType: type, quantity })),
    holdForMs: options.holdForMs ?? HOLD_MS,
    now: at(options.minute ?? 0),
  };
}

function heldFrom(outcome: HoldOutcome): HeldTickets {
  if (outcome.outcome !== "held") throw new Error(`Expected a hold, got ${JSON.stringify(outcome)}`);
  return outcome.hold;
}

const orderFrom = (outcome: { readonly outcome: string; readonly order?: TicketOrder }): TicketOrder => {
  if (!outcome.order) throw new Error(`Expected an order, got ${JSON.stringify(outcome)}`);
  return outcome.order;
};

export function ticketStoreContract(name: string, makeFixture: () => Promise<TicketStoreFixture>, options: ContractOptions = {}): void {
  if (options.skip !== undefined) {
    console.warn(`[contract] ${name}: skipped, ${options.skip}`);
    describe.skip(`${name} (skipped: ${options.skip})`, () => {
      it("fulfils the ticket store's contract", () => {});
    });
    return;
  }

  describe(`${name} fulfils the ticket store's contract`, () => {
    let fixture: TicketStoreFixture;
    let port: TicketStorePort;
    beforeAll(async () => {
      fixture = await makeFixture();
      port = fixture.port;
    });
    afterAll(() => fixture?.close());

    const inventory = async (type: TicketTypeLimits, minute: number) => {
      const [only] = await port.availability([type], at(minute));
      return only;
    };
    const hold = async (...args: Parameters<typeof holdRequest>) => heldFrom(await port.hold(holdRequest(...args)));
    /** A box-office sale, and its code as the store keeps it (normalised, as a claim sends it). */
    const issue = async (type: TicketTypeLimits, quantity: number, eventId = "event-9", minute = 0) => {
      const issued = await port.issuePurchaseCode({ eventId, lines: [{ ticketType: type, quantity }], now: at(minute) });
      if (issued.outcome !== "issued") throw new Error(`Expected a sale, got ${JSON.stringify(issued)}`);
      return { order: issued.order, code: normalisePurchaseCode(issued.code) };
    };
    const buy = async (type: TicketTypeLimits, quantity: number, userId = unique("user"), minute = 0) => {
      const held = await hold([[type, quantity]], { userId, minute });
      return orderFrom(await port.confirm({ holdId: held.holdId, userId, now: at(minute + 1) }));
    };

    describe("availability", () => {
      it("gives a type it has never seen its capacity, nothing sold or held, in the order asked", async () => {
        const first = ticketType(100);
        const second = ticketType(0);
        expect(await port.availability([first, second], at(0))).toEqual([
          { ticketTypeId: first.ticketTypeId, capacity: 100, sold: 0, held: 0 },
          { ticketTypeId: second.ticketTypeId, capacity: 0, sold: 0, held: 0 },
        ]);
        expect(await port.availability([], at(0))).toEqual([]);
      });

      it("takes the capacity the CMS gives now: a raised capacity frees more at once", async () => {
        const type = ticketType(2);
        await buy(type, 2);
        expect((await port.hold(holdRequest([[type, 1]], { minute: 2 }))).outcome).toBe("sold-out");
        const raised = { ...type, capacity: 3 };
        expect(await inventory(raised, 2)).toEqual({ ticketTypeId: type.ticketTypeId, capacity: 3, sold: 2, held: 0 });
        expect((await port.hold(holdRequest([[raised, 1]], { minute: 2 }))).outcome).toBe("held");
      });

      it("sells nothing of a capacity lowered below what is sold and held until enough comes back, then only up to it", async () => {
        const type = ticketType(10);
        const userId = unique("user");
        await buy(type, 6);
        const held = await hold([[type, 3]], { userId, minute: 2 });
        const lowered = { ...type, capacity: 8 };
        expect(await port.hold(holdRequest([[lowered, 1]], { minute: 3 }))).toEqual({ outcome: "sold-out", ticketTypeId: type.ticketTypeId, available: 0 });
        await port.release({ holdId: held.holdId, userId });
        expect(await port.hold(holdRequest([[lowered, 3]], { minute: 3 }))).toEqual({ outcome: "sold-out", ticketTypeId: type.ticketTypeId, available: 2 });
        expect((await port.hold(holdRequest([[lowered, 2]], { minute: 3 }))).outcome).toBe("held");
        expect(await inventory(lowered, 4)).toEqual({ ticketTypeId: type.ticketTypeId, capacity: 8, sold: 6, held: 2 });
      });
    });

    describe("holds", () => {
      it("sets the tickets aside for the user until the hold's expiry", async () => {
        const type = ticketType(10);
        const other = ticketType(5);
        const userId = unique("user");
        const request = holdRequest([[type, 3], [other, 1]], { userId, eventId: "event-42", minute: 5 });
        const held = heldFrom(await port.hold(request));
        expect(held).toEqual({
          holdId: expect.any(String),
          userId,
          eventId: "event-42",
          lines: [{ ticketTypeId: type.ticketTypeId, quantity: 3 }, { ticketTypeId: other.ticketTypeId, quantity: 1 }],
          heldAt: at(5),
          expiresAt: at(15),
          extended: false,
        });
        expect(await port.availability([type, other], at(6))).toEqual([
          { ticketTypeId: type.ticketTypeId, capacity: 10, sold: 0, held: 3 },
          { ticketTypeId: other.ticketTypeId, capacity: 5, sold: 0, held: 1 },
        ]);
      });

      it("finds a user's hold and says where it stands: held, then expired, released or confirmed", async () => {
        const type = ticketType(10);
        const userId = unique("user");
        const running = await hold([[type, 2]], { userId, minute: 0 });
        expect(await port.findHold({ holdId: running.holdId, userId, now: at(1) })).toEqual({ hold: running, state: "held" });
        expect(await port.findHold({ holdId: running.holdId, userId, now: at(10) })).toEqual({ hold: running, state: "expired" });
        expect(await port.findHold({ holdId: running.holdId, userId: unique("user"), now: at(1) })).toBeNull();
        expect(await port.findHold({ holdId: "no-such-hold", userId, now: at(1) })).toBeNull();

        const released = await hold([[type, 1]], { userId, minute: 0 });
        await port.release({ holdId: released.holdId, userId });
        expect((await port.findHold({ holdId: released.holdId, userId, now: at(1) }))?.state).toBe("released");

        const confirmed = await hold([[type, 1]], { userId, minute: 0 });
        orderFrom(await port.confirm({ holdId: confirmed.holdId, userId, now: at(1) }));
        expect((await port.findHold({ holdId: confirmed.holdId, userId, now: at(20) }))?.state).toBe("confirmed");
      });

      it("takes the last tickets, then answers sold-out with what is left", async () => {
        const type = ticketType(4);
        await hold([[type, 3]]);
        expect(await port.hold(holdRequest([[type, 2]]))).toEqual({ outcome: "sold-out", ticketTypeId: type.ticketTypeId, available: 1 });
        await hold([[type, 1]]);
        expect(await port.hold(holdRequest([[type, 1]]))).toEqual({ outcome: "sold-out", ticketTypeId: type.ticketTypeId, available: 0 });
        expect(await inventory(type, 1)).toMatchObject({ sold: 0, held: 4 });
      });

      it("holds all the lines or none: one type short holds nothing of the others", async () => {
        const plenty = ticketType(10);
        const scarce = ticketType(1);
        expect(await port.hold(holdRequest([[plenty, 2], [scarce, 2]]))).toEqual({ outcome: "sold-out", ticketTypeId: scarce.ticketTypeId, available: 1 });
        expect(await port.availability([plenty, scarce], at(1))).toEqual([
          { ticketTypeId: plenty.ticketTypeId, capacity: 10, sold: 0, held: 0 },
          { ticketTypeId: scarce.ticketTypeId, capacity: 1, sold: 0, held: 0 },
        ]);
      });

      it("refuses more than a type's per-order limit, whatever is left", async () => {
        const limited = ticketType(100, 4);
        const other = ticketType(100);
        expect(await port.hold(holdRequest([[other, 1], [limited, 5]]))).toEqual({ outcome: "over-limit", ticketTypeId: limited.ticketTypeId, perOrderLimit: 4 });
        expect(await inventory(limited, 1)).toMatchObject({ held: 0 });
        expect((await port.hold(holdRequest([[limited, 4]]))).outcome).toBe("held");
      });

      it("gives an expired hold's stock back at its expiry, with nothing to clean it up", async () => {
        const type = ticketType(2);
        const held = await hold([[type, 2]], { minute: 0 });
        expect(held.expiresAt).toBe(at(10));
        expect((await port.hold(holdRequest([[type, 1]], { minute: 9 }))).outcome).toBe("sold-out");
        expect(await inventory(type, 9.99)).toMatchObject({ held: 2 });
        expect(await inventory(type, 10)).toMatchObject({ held: 0 });
        expect((await port.hold(holdRequest([[type, 2]], { minute: 10 }))).outcome).toBe("held");
      });

      it("extends a hold once, by the time asked, and keeps its stock for that long", async () => {
        const type = ticketType(1);
        const userId = unique("user");
        const held = await hold([[type, 1]], { userId, minute: 0 });
        const extended = await port.extend({ holdId: held.holdId, userId, extendByMs: 5 * 60_000, now: at(8) });
        expect(extended).toEqual({ outcome: "extended", hold: { ...held, expiresAt: at(15), extended: true } });
        expect(await port.extend({ holdId: held.holdId, userId, extendByMs: 5 * 60_000, now: at(9) })).toEqual({
          outcome: "already-extended",
          hold: { ...held, expiresAt: at(15), extended: true },
        });
        expect((await port.hold(holdRequest([[type, 1]], { minute: 12 }))).outcome).toBe("sold-out");
        expect(await inventory(type, 15)).toMatchObject({ held: 0 });
        expect(await port.extend({ holdId: held.holdId, userId, extendByMs: 60_000, now: at(15) })).toEqual({ outcome: "expired" });
      });

      it("does not extend a hold that has expired, been released or been confirmed", async () => {
        const type = ticketType(10);
        const userId = unique("user");
        const expired = await hold([[type, 1]], { userId, minute: 0 });
        expect(await port.extend({ holdId: expired.holdId, userId, extendByMs: 60_000, now: at(10) })).toEqual({ outcome: "expired" });
        const released = await hold([[type, 1]], { userId });
        await port.release({ holdId: released.holdId, userId });
        expect(await port.extend({ holdId: released.holdId, userId, extendByMs: 60_000, now: at(1) })).toEqual({ outcome: "not-held" });
        const confirmed = await hold([[type, 1]], { userId });
        await port.confirm({ holdId: confirmed.holdId, userId, now: at(1) });
        expect(await port.extend({ holdId: confirmed.holdId, userId, extendByMs: 60_000, now: at(1) })).toEqual({ outcome: "not-held" });
      });

      it("gives a released hold's stock back at once; releasing it again says released", async () => {
        const type = ticketType(3);
        const userId = unique("user");
        const held = await hold([[type, 3]], { userId });
        expect(await port.release({ holdId: held.holdId, userId })).toEqual({ outcome: "released" });
        expect(await inventory(type, 1)).toMatchObject({ held: 0 });
        expect((await port.hold(holdRequest([[type, 3]], { minute: 1 }))).outcome).toBe("held");
        expect(await port.release({ holdId: held.holdId, userId })).toEqual({ outcome: "released" });
        expect(await inventory(type, 1)).toMatchObject({ held: 3 });
      });

      it("answers a repeated idempotency key with the first hold, and refuses the key for other tickets", async () => {
        const type = ticketType(10);
        const other = ticketType(10);
        const userId = unique("user");
        const idempotencyKey = unique("key");
        const first = heldFrom(await port.hold(holdRequest([[type, 2], [other, 1]], { userId, idempotencyKey, minute: 0 })));
        expect(await port.hold(holdRequest([[other, 1], [type, 2]], { userId, idempotencyKey, minute: 1 }))).toEqual({ outcome: "held", hold: first });
        expect(await port.hold(holdRequest([[type, 3], [other, 1]], { userId, idempotencyKey, minute: 1 }))).toEqual({ outcome: "key-reused" });
        expect(await port.hold(holdRequest([[type, 2], [other, 1]], { userId, idempotencyKey, eventId: "event-2", minute: 1 }))).toEqual({ outcome: "key-reused" });
        expect(await port.availability([type, other], at(1))).toEqual([
          { ticketTypeId: type.ticketTypeId, capacity: 10, sold: 0, held: 2 },
          { ticketTypeId: other.ticketTypeId, capacity: 10, sold: 0, held: 1 },
        ]);
      });

      it("keeps idempotency keys apart by user: another user's same key is another hold", async () => {
        const type = ticketType(10);
        const idempotencyKey = unique("key");
        const first = await hold([[type, 1]], { idempotencyKey });
        const second = await hold([[type, 1]], { idempotencyKey });
        expect(second.holdId).not.toBe(first.holdId);
        expect(await inventory(type, 1)).toMatchObject({ held: 2 });
      });

      it("withdraws a hold no one was told of: its stock is back, and its key sent again holds afresh (issue 50)", async () => {
        const type = ticketType(3);
        const userId = unique("user");
        const idempotencyKey = unique("key");
        const late = heldFrom(await port.hold(holdRequest([[type, 3]], { userId, idempotencyKey, minute: 0 })));
        expect(await port.withdraw({ holdId: late.holdId, userId })).toEqual({ outcome: "released" });
        expect(await inventory(type, 0)).toMatchObject({ held: 0 });
        expect((await port.findHold({ holdId: late.holdId, userId, now: at(0) }))?.state).toBe("released");
        const retried = heldFrom(await port.hold(holdRequest([[type, 3]], { userId, idempotencyKey, minute: 1 })));
        expect(retried.holdId).not.toBe(late.holdId);
        expect(await port.hold(holdRequest([[type, 3]], { userId, idempotencyKey, minute: 2 }))).toEqual({ outcome: "held", hold: retried });
        expect(await inventory(type, 2)).toMatchObject({ held: 3 });
        // Swept once run out, the withdrawn hold takes no later hold's key with it.
        await port.sweepHolds(at(10.5));
        expect(await port.findHold({ holdId: late.holdId, userId, now: at(10.5) })).toBeNull();
        expect(await port.hold(holdRequest([[type, 3]], { userId, idempotencyKey, minute: 10.5 }))).toEqual({ outcome: "held", hold: retried });
        expect(await port.withdraw({ holdId: late.holdId, userId: unique("someone-else") })).toEqual({ outcome: "not-found" });
      });

      it("keeps a hold confirmed before its withdrawal, with its key", async () => {
        const type = ticketType(3);
        const userId = unique("user");
        const idempotencyKey = unique("key");
        const held = heldFrom(await port.hold(holdRequest([[type, 1]], { userId, idempotencyKey, minute: 0 })));
        const order = orderFrom(await port.confirm({ holdId: held.holdId, userId, now: at(1) }));
        expect(await port.withdraw({ holdId: held.holdId, userId })).toEqual({ outcome: "already-confirmed" });
        expect(await port.hold(holdRequest([[type, 1]], { userId, idempotencyKey, minute: 2 }))).toEqual({ outcome: "held", hold: held });
        expect(await port.ordersOf(userId)).toEqual([order]);
      });

      it("makes one hold and one order of the same key sent 50 times at once", { timeout: 60_000 }, async () => {
        const type = ticketType(100);
        const request = holdRequest([[type, 2]]);
        const holds = await Promise.all(Array.from({ length: 50 }, () => port.hold(request)));
        const holdIds = new Set(holds.map((outcome) => heldFrom(outcome).holdId));
        expect(holdIds.size).toBe(1);
        expect(await inventory(type, 1)).toMatchObject({ sold: 0, held: 2 });

        const [holdId] = holdIds;
        const confirms = await Promise.all(Array.from({ length: 50 }, () => port.confirm({ holdId: holdId!, userId: request.userId, now: at(1) })));
        expect(new Set(confirms.map((outcome) => orderFrom(outcome).orderId)).size).toBe(1);
        expect(await port.ordersOf(request.userId)).toHaveLength(1);
        expect(await inventory(type, 2)).toMatchObject({ sold: 2, held: 0 });
      });

      it("sells exactly the last tickets to 40 buyers at once, and tells the rest sold-out", { timeout: 60_000 }, async () => {
        const type = ticketType(25, 20);
        await issue(type, 20, "event-1");
        const outcomes = await Promise.all(
          Array.from({ length: 40 }, async () => {
            const userId = unique("user");
            const outcome = await port.hold(holdRequest([[type, 1]], { userId, minute: 1 }));
            return outcome.outcome === "held" ? (await port.confirm({ holdId: outcome.hold.holdId, userId, now: at(1) })).outcome : outcome.outcome;
          }),
        );
        expect(outcomes.filter((outcome) => outcome === "confirmed")).toHaveLength(5);
        expect(outcomes.filter((outcome) => outcome === "sold-out")).toHaveLength(35);
        expect(await inventory(type, 2)).toEqual({ ticketTypeId: type.ticketTypeId, capacity: 25, sold: 25, held: 0 });
      });

      it("rejects requests no correct caller sends", async () => {
        const type = ticketType(10);
        await expect(port.hold(holdRequest([]))).rejects.toThrow(RangeError);
        await expect(port.hold(holdRequest([[type, 0]]))).rejects.toThrow(RangeError);
        await expect(port.hold(holdRequest([[type, 1.5]]))).rejects.toThrow(RangeError);
        await expect(port.hold(holdRequest([[type, 1], [type, 1]]))).rejects.toThrow(RangeError);
        await expect(port.hold(holdRequest([[type, 1]], { holdForMs: 0 }))).rejects.toThrow(RangeError);
        expect(await inventory(type, 1)).toMatchObject({ held: 0 });
      });
    });

    describe("one buyer (issue 48)", () => {
      it("keeps one hold per user and event: a new one replaces the one in force, whose stock it may take", async () => {
        const type = ticketType(4);
        const userId = unique("user");
        const first = await hold([[type, 4]], { userId, minute: 0 });
        // All four are the user's own: the new hold takes them over instead of finding them sold out.
        const second = await hold([[type, 3]], { userId, minute: 1 });
        expect(await port.findHold({ holdId: first.holdId, userId, now: at(2) })).toEqual({ hold: first, state: "released" });
        expect(await port.findHold({ holdId: second.holdId, userId, now: at(2) })).toEqual({ hold: second, state: "held" });
        expect(await inventory(type, 2)).toMatchObject({ held: 3 });
        expect(await port.confirm({ holdId: first.holdId, userId, now: at(2) })).toEqual({ outcome: "released" });
        // Another event's hold is apart.
        const elsewhere = ticketType(4);
        const other = await hold([[elsewhere, 1]], { userId, eventId: "event-2", minute: 2 });
        expect((await port.findHold({ holdId: second.holdId, userId, now: at(3) }))?.state).toBe("held");
        expect((await port.findHold({ holdId: other.holdId, userId, now: at(3) }))?.state).toBe("held");
      });

      it("finds the user's hold in force for an event, for the tickets page to resume it (issue 49)", async () => {
        const type = ticketType(10);
        const userId = unique("user");
        const eventId = unique("event");
        expect(await port.activeHoldOf(userId, eventId, at(0))).toBeNull();
        const first = await hold([[type, 2]], { userId, eventId, minute: 0 });
        expect(await port.activeHoldOf(userId, eventId, at(1))).toEqual(first);
        // The replacement is the one in force; another user, another event find nothing.
        const second = await hold([[type, 3]], { userId, eventId, minute: 1 });
        expect(await port.activeHoldOf(userId, eventId, at(2))).toEqual(second);
        expect(await port.activeHoldOf(unique("user"), eventId, at(2))).toBeNull();
        expect(await port.activeHoldOf(userId, unique("event"), at(2))).toBeNull();
        // Not once it has run out, been let go or been paid for.
        expect(await port.activeHoldOf(userId, eventId, at(11))).toBeNull();
        await port.release({ holdId: second.holdId, userId });
        expect(await port.activeHoldOf(userId, eventId, at(2))).toBeNull();
        const paid = await hold([[type, 1]], { userId, eventId, minute: 3 });
        await port.confirm({ holdId: paid.holdId, userId, now: at(4) });
        expect(await port.activeHoldOf(userId, eventId, at(5))).toBeNull();
      });

      it("answers a repeated key with the first hold even once it was replaced, and holds nothing more", async () => {
        const type = ticketType(10);
        const userId = unique("user");
        const idempotencyKey = unique("key");
        const first = heldFrom(await port.hold(holdRequest([[type, 2]], { userId, idempotencyKey, minute: 0 })));
        await hold([[type, 3]], { userId, minute: 1 });
        expect(await port.hold(holdRequest([[type, 2]], { userId, idempotencyKey, minute: 2 }))).toEqual({ outcome: "held", hold: first });
        expect(await inventory(type, 2)).toMatchObject({ held: 3 });
      });

      it("leaves the hold in force as it was when its replacement is refused", async () => {
        const type = ticketType(5, 10, 4);
        const userId = unique("user");
        const kept = await hold([[type, 2]], { userId, minute: 0 });
        await buy(type, 2);
        expect(await port.hold(holdRequest([[type, 4]], { userId, minute: 1 }))).toEqual({ outcome: "sold-out", ticketTypeId: type.ticketTypeId, available: 3 });
        expect(await port.hold(holdRequest([[type, 5]], { userId, minute: 1 }))).toEqual({ outcome: "over-buyer-limit", ticketTypeId: type.ticketTypeId, perBuyerLimit: 4, left: 4 });
        expect(await port.findHold({ holdId: kept.holdId, userId, now: at(2) })).toEqual({ hold: kept, state: "held" });
        expect(await inventory(type, 2)).toMatchObject({ sold: 2, held: 2 });
        expect((await port.confirm({ holdId: kept.holdId, userId, now: at(2) })).outcome).toBe("confirmed");
      });

      it("counts what the user bought, box-office tickets they claimed included, against the per-buyer limit; cancelled orders not", async () => {
        const type = ticketType(100, 4, 4);
        const other = ticketType(100, 4, 4);
        const userId = unique("user");
        const bought = await buy(type, 2, userId);
        expect(await port.hold(holdRequest([[other, 1], [type, 3]], { userId, minute: 2 }))).toEqual({
          outcome: "over-buyer-limit",
          ticketTypeId: type.ticketTypeId,
          perBuyerLimit: 4,
          left: 2,
        });
        const { code } = await issue(type, 2, "event-1", 2);
        expect((await port.claimPurchaseCode({ code, userId })).outcome).toBe("claimed");
        expect(await port.hold(holdRequest([[type, 1]], { userId, minute: 3 }))).toEqual({ outcome: "over-buyer-limit", ticketTypeId: type.ticketTypeId, perBuyerLimit: 4, left: 0 });
        // Another event's tickets of the same type id are not this event's.
        expect((await port.hold(holdRequest([[type, 4]], { userId, eventId: "event-2", minute: 3 }))).outcome).toBe("held");
        await port.cancel({ orderId: bought.orderId, userId, now: at(4) });
        expect((await port.hold(holdRequest([[type, 2], [other, 4]], { userId, minute: 4 }))).outcome).toBe("held");
      });

      it("never lets one user have more than the limit, whatever they send at once", { timeout: 120_000 }, async () => {
        // The attack of issue 48: thirty holds of four at once, each paid for as soon as it is held.
        const type = ticketType(120, 4, 4);
        const userId = unique("user");
        const outcomes = await Promise.all(
          Array.from({ length: 30 }, async () => {
            const outcome = await port.hold(holdRequest([[type, 4]], { userId, minute: 0 }));
            return outcome.outcome === "held" ? (await port.confirm({ holdId: outcome.hold.holdId, userId, now: at(1) })).outcome : outcome.outcome;
          }),
        );
        expect(outcomes.filter((outcome) => outcome === "confirmed")).toHaveLength(1);
        const tickets = (await port.ordersOf(userId)).flatMap((order) => order.tickets);
        expect(tickets).toHaveLength(4);
        expect(await inventory(type, 2)).toEqual({ ticketTypeId: type.ticketTypeId, capacity: 120, sold: 4, held: 0 });
        expect(await port.hold(holdRequest([[type, 1]], { userId, minute: 2 }))).toEqual({ outcome: "over-buyer-limit", ticketTypeId: type.ticketTypeId, perBuyerLimit: 4, left: 0 });

        // Holds alone, never paid: one stays in force, with at most the limit.
        const holder = unique("user");
        const holds = await Promise.all(Array.from({ length: 30 }, () => port.hold(holdRequest([[type, 4]], { userId: holder, minute: 2 }))));
        const held = holds.flatMap((outcome) => (outcome.outcome === "held" ? [outcome.hold] : []));
        const states = await Promise.all(held.map((each) => port.findHold({ holdId: each.holdId, userId: holder, now: at(3) })));
        expect(states.filter((found) => found?.state === "held")).toHaveLength(1);
        expect(await inventory(type, 3)).toMatchObject({ sold: 4, held: 4 });
      });
    });

    describe("sweeping holds (issue 48)", () => {
      it("deletes the holds that ran out or were let go before the given time, and keeps orders and holds in force", async () => {
        const type = ticketType(10);
        const userId = unique("user");
        const expired = await hold([[type, 1]], { userId, eventId: "event-a", minute: 0 });
        const releasedKey = unique("key");
        const released = await hold([[type, 1]], { userId, eventId: "event-b", idempotencyKey: releasedKey, minute: 0 });
        await port.release({ holdId: released.holdId, userId });
        const paid = await hold([[type, 2]], { userId, minute: 0 });
        const order = orderFrom(await port.confirm({ holdId: paid.holdId, userId, now: at(1) }));
        const running = await hold([[type, 1]], { userId, eventId: "event-c", minute: 0, holdForMs: 60 * 60_000 });

        expect(await port.sweepHolds(at(30))).toBeGreaterThanOrEqual(2);
        expect(await port.findHold({ holdId: expired.holdId, userId, now: at(31) })).toBeNull();
        expect(await port.findHold({ holdId: released.holdId, userId, now: at(31) })).toBeNull();
        expect((await port.findHold({ holdId: running.holdId, userId, now: at(31) }))?.state).toBe("held");
        expect(await port.ordersOf(userId)).toEqual([order]);
        expect(await inventory(type, 31)).toMatchObject({ sold: 2, held: 1 });
        // A swept hold's key is free: sent again, it is a new hold.
        const again = heldFrom(await port.hold(holdRequest([[type, 1]], { userId, eventId: "event-b", idempotencyKey: releasedKey, minute: 31 })));
        expect(again.holdId).not.toBe(released.holdId);
        // The hold an order came from stays: confirming it again answers the same order.
        expect(await port.confirm({ holdId: paid.holdId, userId, now: at(31) })).toEqual({ outcome: "confirmed", order });
      });
    });

    describe("orders", () => {
      it("turns a hold into an order with one ticket per admission, sold and no longer held", async () => {
        const adult = ticketType(10);
        const child = ticketType(10);
        const userId = unique("user");
        const held = await hold([[adult, 3], [child, 2]], { userId, eventId: "event-7", minute: 0 });
        const confirmed = await port.confirm({ holdId: held.holdId, userId, now: at(9) });
        const order = orderFrom(confirmed);
        expect(order).toEqual({
          orderId: expect.any(String),
          userId,
          eventId: "event-7",
          channel: "online",
          status: "confirmed",
          placedAt: at(9),
          cancelledAt: null,
          tickets: [...Array(3).fill(adult.ticketTypeId), ...Array(2).fill(child.ticketTypeId)].map((ticketTypeId: string) => ({
            ticketId: expect.any(String),
            ticketTypeId,
            code: expect.stringMatching(/^[0-9A-HJKMNP-TV-Z]{12}$/),
          })),
        });
        expect(new Set(order.tickets.map((ticket) => ticket.ticketId)).size).toBe(5);
        expect(new Set(order.tickets.map((ticket) => ticket.code)).size).toBe(5);
        expect(await port.availability([adult, child], at(20))).toEqual([
          { ticketTypeId: adult.ticketTypeId, capacity: 10, sold: 3, held: 0 },
          { ticketTypeId: child.ticketTypeId, capacity: 10, sold: 2, held: 0 },
        ]);
        expect(await port.ordersOf(userId)).toEqual([order]);
      });

      it("lists an event's orders, cancelled ones too, for its door kiosks (issue 54)", async () => {
        const type = ticketType(10);
        const eventId = unique("event");
        const buyer = unique("user");
        const kept = orderFrom(await port.confirm({ holdId: (await hold([[type, 2]], { userId: buyer, eventId, minute: 0 })).holdId, userId: buyer, now: at(1) }));
        const other = unique("user");
        const cancelled = orderFrom(await port.confirm({ holdId: (await hold([[type, 1]], { userId: other, eventId, minute: 0 })).holdId, userId: other, now: at(1) }));
        await port.cancel({ orderId: cancelled.orderId, userId: other, now: at(2) });
        await hold([[type, 1]], { userId: unique("user"), eventId: unique("event"), minute: 0 });
        const listed = [...(await port.ordersOfEvent(eventId))].sort((a, b) => a.tickets.length - b.tickets.length);
        expect(listed).toEqual([{ ...cancelled, status: "cancelled", cancelledAt: at(2) }, kept]);
        expect(await port.ordersOfEvent(unique("event"))).toEqual([]);
      });

      it("does not confirm a hold at or past its expiry, and its stock stays free", async () => {
        const type = ticketType(1);
        const userId = unique("user");
        const late = await hold([[type, 1]], { userId, minute: 0 });
        expect(await port.confirm({ holdId: late.holdId, userId, now: at(10) })).toEqual({ outcome: "expired" });
        expect(await port.confirm({ holdId: late.holdId, userId, now: at(30) })).toEqual({ outcome: "expired" });
        expect(await inventory(type, 30)).toEqual({ ticketTypeId: type.ticketTypeId, capacity: 1, sold: 0, held: 0 });
        expect(await port.ordersOf(userId)).toEqual([]);

        const justInTime = await hold([[type, 1]], { userId, minute: 30 });
        expect((await port.confirm({ holdId: justInTime.holdId, userId, now: new Date(Date.parse(at(40)) - 1).toISOString() })).outcome).toBe("confirmed");
      });

      it("does not confirm a released hold; does not release a confirmed one", async () => {
        const type = ticketType(5);
        const userId = unique("user");
        const released = await hold([[type, 1]], { userId });
        await port.release({ holdId: released.holdId, userId });
        expect(await port.confirm({ holdId: released.holdId, userId, now: at(1) })).toEqual({ outcome: "released" });
        const confirmed = await hold([[type, 1]], { userId });
        await port.confirm({ holdId: confirmed.holdId, userId, now: at(1) });
        expect(await port.release({ holdId: confirmed.holdId, userId })).toEqual({ outcome: "already-confirmed" });
        expect(await inventory(type, 2)).toMatchObject({ sold: 1, held: 0 });
      });

      it("answers a second confirmation with the same order", async () => {
        const type = ticketType(5);
        const userId = unique("user");
        const held = await hold([[type, 2]], { userId });
        const first = await port.confirm({ holdId: held.holdId, userId, now: at(1) });
        expect(await port.confirm({ holdId: held.holdId, userId, now: at(20) })).toEqual(first);
        expect(await inventory(type, 20)).toMatchObject({ sold: 2 });
      });

      it("cancels an order: its tickets go back on sale, and cancelling again changes nothing", async () => {
        const type = ticketType(2);
        const userId = unique("user");
        const order = await buy(type, 2, userId);
        const cancelled = await port.cancel({ orderId: order.orderId, userId, now: at(5) });
        expect(cancelled).toEqual({ outcome: "cancelled", order: { ...order, status: "cancelled", cancelledAt: at(5) } });
        expect(await inventory(type, 5)).toMatchObject({ sold: 0, held: 0 });
        expect(await port.cancel({ orderId: order.orderId, userId, now: at(6) })).toEqual(cancelled);
        expect(await inventory(type, 6)).toMatchObject({ sold: 0 });
        expect(await port.ordersOf(userId)).toEqual([{ ...order, status: "cancelled", cancelledAt: at(5) }]);
        expect((await port.hold(holdRequest([[type, 2]], { minute: 6 }))).outcome).toBe("held");
      });

      it("refunds an order: it ends refunded, its tickets back on sale; refunding or cancelling it again changes nothing", async () => {
        const type = ticketType(2);
        const userId = unique("user");
        const order = await buy(type, 2, userId);
        const refunded = await port.refund({ orderId: order.orderId, userId, now: at(5) });
        expect(refunded).toEqual({ outcome: "refunded", order: { ...order, status: "refunded", cancelledAt: at(5) } });
        expect(await inventory(type, 5)).toMatchObject({ sold: 0, held: 0 });
        expect(await port.refund({ orderId: order.orderId, userId, now: at(6) })).toEqual(refunded);
        expect(await port.cancel({ orderId: order.orderId, userId, now: at(7) })).toEqual({ outcome: "cancelled", order: refunded.outcome === "refunded" && refunded.order });
        expect(await inventory(type, 7)).toMatchObject({ sold: 0 });
        expect(await port.ordersOf(userId)).toEqual([{ ...order, status: "refunded", cancelledAt: at(5) }]);
        expect((await port.ordersOfEvent(order.eventId)).find((each) => each.orderId === order.orderId)?.status).toBe("refunded");
        expect((await port.hold(holdRequest([[type, 2]], { minute: 7 }))).outcome).toBe("held");
      });

      it("leaves a cancelled order cancelled when it is refunded after, and refunds no one else's order", async () => {
        const type = ticketType(3);
        const userId = unique("user");
        const order = await buy(type, 1, userId);
        const cancelled = await port.cancel({ orderId: order.orderId, userId, now: at(5) });
        expect(await port.refund({ orderId: order.orderId, userId, now: at(6) })).toEqual({ outcome: "already-cancelled", order: cancelled.outcome === "cancelled" && cancelled.order });
        const other = await buy(type, 1, unique("user"));
        expect(await port.refund({ orderId: other.orderId, userId, now: at(6) })).toEqual({ outcome: "not-found" });
        expect(await port.refund({ orderId: unique("order"), userId, now: at(6) })).toEqual({ outcome: "not-found" });
        expect(await inventory(type, 6)).toMatchObject({ sold: 1 });
      });

      it("lists a user's orders oldest first, and only theirs", async () => {
        const type = ticketType(20);
        const userId = unique("user");
        const first = await buy(type, 1, userId, 0);
        await buy(type, 1, unique("user"), 1);
        const second = await buy(type, 2, userId, 2);
        expect((await port.ordersOf(userId)).map((order) => order.orderId)).toEqual([first.orderId, second.orderId]);
        expect(await port.ordersOf(unique("user"))).toEqual([]);
      });

      it("lets no other user extend, release, confirm or cancel what is someone's", async () => {
        const type = ticketType(5);
        const owner = unique("user");
        const stranger = unique("user");
        const held = await hold([[type, 1]], { userId: owner });
        expect(await port.extend({ holdId: held.holdId, userId: stranger, extendByMs: 60_000, now: at(1) })).toEqual({ outcome: "not-found" });
        expect(await port.release({ holdId: held.holdId, userId: stranger })).toEqual({ outcome: "not-found" });
        expect(await port.confirm({ holdId: held.holdId, userId: stranger, now: at(1) })).toEqual({ outcome: "not-found" });
        const order = orderFrom(await port.confirm({ holdId: held.holdId, userId: owner, now: at(1) }));
        expect(await port.cancel({ orderId: order.orderId, userId: stranger, now: at(2) })).toEqual({ outcome: "not-found" });
        expect(await port.ordersOf(stranger)).toEqual([]);
        expect(await inventory(type, 2)).toMatchObject({ sold: 1 });
      });

      it("answers not-found for holds and orders it does not have", async () => {
        const userId = unique("user");
        expect(await port.confirm({ holdId: unique("hold"), userId, now: at(0) })).toEqual({ outcome: "not-found" });
        expect(await port.release({ holdId: unique("hold"), userId })).toEqual({ outcome: "not-found" });
        expect(await port.extend({ holdId: unique("hold"), userId, extendByMs: 60_000, now: at(0) })).toEqual({ outcome: "not-found" });
        expect(await port.cancel({ orderId: unique("order"), userId, now: at(0) })).toEqual({ outcome: "not-found" });
      });
    });

    describe("purchase codes", () => {
      it("sells a box-office order out of the same stock, with no owner until it is claimed", async () => {
        const type = ticketType(3);
        const issued = await port.issuePurchaseCode({ eventId: "event-9", lines: [{ ticketType: type, quantity: 2 }], now: at(0) });
        expect(issued).toEqual({
          outcome: "issued",
          code: expect.stringMatching(/^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/),
          order: {
            orderId: expect.any(String),
            userId: null,
            eventId: "event-9",
            channel: "box-office",
            status: "confirmed",
            placedAt: at(0),
            cancelledAt: null,
            tickets: [expect.objectContaining({ ticketTypeId: type.ticketTypeId }), expect.objectContaining({ ticketTypeId: type.ticketTypeId })],
          },
        });
        expect(await inventory(type, 1)).toMatchObject({ sold: 2 });
        expect(await port.hold(holdRequest([[type, 2]], { minute: 1 }))).toEqual({ outcome: "sold-out", ticketTypeId: type.ticketTypeId, available: 1 });
        expect(await port.issuePurchaseCode({ eventId: "event-9", lines: [{ ticketType: type, quantity: 2 }], now: at(1) })).toEqual({
          outcome: "sold-out",
          ticketTypeId: type.ticketTypeId,
          available: 1,
        });
        expect(await inventory(type, 1)).toMatchObject({ sold: 2 });
      });

      it("gives every sale a code of its own: 12 characters of Crockford's base 32 in groups of four, claimed without the dashes (issue 48)", async () => {
        const type = ticketType(100);
        const codes = await Promise.all(Array.from({ length: 20 }, () => issue(type, 1)));
        expect(new Set(codes.map(({ code }) => code)).size).toBe(20);
        for (const { code } of codes) expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{12}$/);
        const userId = unique("user");
        expect(await port.claimPurchaseCode({ code: codes[0]!.code, userId })).toEqual({ outcome: "claimed", order: { ...codes[0]!.order, userId } });
      });

      it("moves a claimed code's order into one account, once", async () => {
        const type = ticketType(10);
        const userId = unique("user");
        const { order: issued, code } = await issue(type, 2);
        const claimed = await port.claimPurchaseCode({ code, userId });
        expect(claimed).toEqual({ outcome: "claimed", order: { ...issued, userId } });
        expect(await port.ordersOf(userId)).toEqual([{ ...issued, userId }]);
        expect(await port.claimPurchaseCode({ code, userId })).toEqual(claimed);
        const other = unique("user");
        expect(await port.claimPurchaseCode({ code, userId: other })).toEqual({ outcome: "already-claimed" });
        expect(await port.ordersOf(other)).toEqual([]);
        expect(await port.claimPurchaseCode({ code: unique("CODE"), userId })).toEqual({ outcome: "unknown-code" });
      });

      it("lets a code be claimed by only one of many accounts trying at once", { timeout: 60_000 }, async () => {
        const { code } = await issue(ticketType(10), 1);
        const claims = await Promise.all(Array.from({ length: 20 }, () => port.claimPurchaseCode({ code, userId: unique("user") })));
        expect(claims.filter((claim) => claim.outcome === "claimed")).toHaveLength(1);
        expect(claims.filter((claim) => claim.outcome === "already-claimed")).toHaveLength(19);
      });

      it("keeps a deleted account's orders and stock sold, owned by no one, and never claimable again", async () => {
        const type = ticketType(10);
        const userId = unique("user");
        const online = await buy(type, 2, userId);
        const { code } = await issue(type, 1, "event-1");
        expect((await port.claimPurchaseCode({ code, userId })).outcome).toBe("claimed");
        const held = await hold([[type, 1]], { userId, minute: 0 });

        await port.forgetUser(userId);
        expect(await port.ordersOf(userId)).toEqual([]);
        expect((await port.ordersOf(DELETED_ACCOUNT)).map((order) => order.orderId)).toContain(online.orderId);
        expect(await port.findHold({ holdId: held.holdId, userId, now: at(1) })).toBeNull();
        expect(await port.claimPurchaseCode({ code, userId: unique("user") })).toEqual({ outcome: "already-claimed" });
        expect(await inventory(type, 1)).toMatchObject({ sold: 3 });
      });

      it("lets the owner of a claimed order cancel it, and its stock returns", async () => {
        const type = ticketType(2);
        const userId = unique("user");
        const { order: issued, code } = await issue(type, 2);
        expect(await port.cancel({ orderId: issued.orderId, userId, now: at(1) })).toEqual({ outcome: "not-found" });
        await port.claimPurchaseCode({ code, userId });
        expect((await port.cancel({ orderId: issued.orderId, userId, now: at(1) })).outcome).toBe("cancelled");
        expect(await inventory(type, 1)).toMatchObject({ sold: 0 });
      });
    });
  });
}
