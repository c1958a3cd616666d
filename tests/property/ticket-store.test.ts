import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { openDatabase } from "../../adapters/embedded/database/open-database";
import { createSqliteTicketStore } from "../../adapters/embedded/tickets/sqlite-ticket-store.adapter";
import type { TicketStorePort, TicketTypeLimits } from "../../core";

/*
 * Issue 10, item 7: any sequence of holds, confirmations, releases, extensions, cancellations,
 * box-office sales and clock advances keeps sold + held ≤ capacity for every ticket type, and each
 * user's holds in force plus bought tickets within its per-buyer limit (issue 48), and the
 * store answers every step as a reference model does — a few lines of arithmetic over plain
 * arrays, with no SQL and no locking, written from the port's documentation.
 */

const MINUTE = 60_000;
const START = Date.UTC(2030, 5, 1, 10);
const USERS = ["ana", "joan", "maria"] as const;

type Step =
  | { readonly kind: "hold"; readonly user: number; readonly key: number; readonly quantities: readonly number[]; readonly minutes: number }
  | { readonly kind: "confirm"; readonly hold: number; readonly byOwner: boolean }
  | { readonly kind: "release"; readonly hold: number }
  | { readonly kind: "extend"; readonly hold: number; readonly minutes: number }
  | { readonly kind: "cancel"; readonly order: number }
  | { readonly kind: "box-office"; readonly quantities: readonly number[] }
  | { readonly kind: "advance"; readonly minutes: number };

const quantities = fc.array(fc.integer({ min: 0, max: 5 }), { minLength: 2, maxLength: 2 }).filter((each) => each.some((quantity) => quantity > 0));
const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ kind: fc.constant("hold" as const), user: fc.nat(USERS.length - 1), key: fc.nat(3), quantities, minutes: fc.integer({ min: 1, max: 10 }) }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant("confirm" as const), hold: fc.nat(), byOwner: fc.oneof({ weight: 4, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("release" as const), hold: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("extend" as const), hold: fc.nat(), minutes: fc.integer({ min: 1, max: 5 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("cancel" as const), order: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("box-office" as const), quantities }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("advance" as const), minutes: fc.integer({ min: 0, max: 12 }) }) },
);
const limits = fc.record({ capacity: fc.integer({ min: 0, max: 8 }), perOrderLimit: fc.integer({ min: 1, max: 4 }), perBuyerLimit: fc.integer({ min: 1, max: 6 }) });
const ticketTypes = fc.tuple(limits, limits);

interface ModelHold {
  readonly id: string;
  readonly user: string;
  readonly key: number;
  readonly quantities: readonly number[];
  expiresAt: number;
  extended: boolean;
  status: "held" | "released" | "confirmed";
  orderId?: string;
}

interface ModelOrder {
  readonly id: string;
  readonly user: string | null;
  readonly quantities: readonly number[];
  status: "confirmed" | "cancelled";
}

/** The port's rules over plain arrays: index i of every quantity list is ticket type i. */
class ReferenceStore {
  now = START;
  readonly holds: ModelHold[] = [];
  readonly orders: ModelOrder[] = [];
  readonly sold: number[];

  constructor(readonly types: readonly TicketTypeLimits[]) {
    this.sold = types.map(() => 0);
  }

  addSold(quantities: readonly number[], sign: 1 | -1): void {
    quantities.forEach((quantity, type) => (this.sold[type] = this.sold[type]! + sign * quantity));
  }

  inForce(): ModelHold[] {
    return this.holds.filter((hold) => hold.status === "held" && this.now < hold.expiresAt);
  }

  held(type: number, except: readonly ModelHold[] = []): number {
    return this.inForce()
      .filter((hold) => !except.includes(hold))
      .reduce((sum, hold) => sum + hold.quantities[type]!, 0);
  }

  available(type: number, except: readonly ModelHold[] = []): number {
    return Math.max(0, this.types[type]!.capacity - this.sold[type]! - this.held(type, except));
  }

  bought(user: string, type: number): number {
    return this.orders.filter((order) => order.user === user && order.status === "confirmed").reduce((sum, order) => sum + order.quantities[type]!, 0);
  }

  /**
   * What a user's hold (with the holds it replaces: theirs in force), or a box-office sale (no
   * user, no limits), must be refused for; null if it may take its stock.
   */
  refusal(requested: readonly number[], buyer?: { user: string; replaced: readonly ModelHold[] }) {
    const lines = requested.flatMap((quantity, type) => (quantity > 0 ? [{ type, quantity }] : []));
    const typeId = (type: number) => this.types[type]!.ticketTypeId;
    if (buyer) {
      const overLimit = lines.find(({ type, quantity }) => quantity > this.types[type]!.perOrderLimit);
      if (overLimit) return { outcome: "over-limit", ticketTypeId: typeId(overLimit.type), perOrderLimit: this.types[overLimit.type]!.perOrderLimit };
      const leftOf = (type: number) => Math.max(0, this.types[type]!.perBuyerLimit - this.bought(buyer.user, type));
      const overBuyerLimit = lines.find(({ type, quantity }) => quantity > leftOf(type));
      if (overBuyerLimit) {
        return { outcome: "over-buyer-limit", ticketTypeId: typeId(overBuyerLimit.type), perBuyerLimit: this.types[overBuyerLimit.type]!.perBuyerLimit, left: leftOf(overBuyerLimit.type) };
      }
    }
    const except = buyer?.replaced ?? [];
    const short = lines.find(({ type, quantity }) => quantity > this.available(type, except));
    return short ? { outcome: "sold-out", ticketTypeId: typeId(short.type), available: this.available(short.type, except) } : null;
  }
}

const iso = (millis: number) => new Date(millis).toISOString();
const linesOf = (types: readonly TicketTypeLimits[], requested: readonly number[]) =>
  requested.flatMap((quantity, type) => (quantity > 0 ? [{ ticketType: types[type]!, quantity }] : []));

async function run(store: TicketStorePort, model: ReferenceStore, step: Step): Promise<void> {
  const { types } = model;
  const now = iso(model.now);
  switch (step.kind) {
    case "hold": {
      const user = USERS[step.user]!;
      const outcome = await store.hold({
        userId: user,
        eventId: "event",
        idempotencyKey: `key-${step.key}`,
        lines: linesOf(types, step.quantities),
        holdForMs: step.minutes * MINUTE,
        now,
      });
      const earlier = model.holds.find((hold) => hold.user === user && hold.key === step.key);
      if (earlier) {
        const same = earlier.quantities.every((quantity, type) => quantity === step.quantities[type]);
        expect(outcome).toEqual(same ? { outcome: "held", hold: expect.objectContaining({ holdId: earlier.id, expiresAt: iso(earlier.expiresAt) }) } : { outcome: "key-reused" });
        return;
      }
      // One hold per user and event: a new one replaces theirs in force.
      const replaced = model.inForce().filter((hold) => hold.user === user);
      const refusal = model.refusal(step.quantities, { user, replaced });
      if (refusal) {
        expect(outcome).toEqual(refusal);
        return;
      }
      if (outcome.outcome !== "held") throw new Error(`Expected a hold, got ${JSON.stringify(outcome)}`);
      expect(outcome.hold.expiresAt).toBe(iso(model.now + step.minutes * MINUTE));
      for (const hold of replaced) hold.status = "released";
      model.holds.push({ id: outcome.hold.holdId, user, key: step.key, quantities: step.quantities, expiresAt: model.now + step.minutes * MINUTE, extended: false, status: "held" });
      return;
    }
    case "confirm": {
      const hold = model.holds[step.hold % model.holds.length];
      if (!hold) return;
      const userId = step.byOwner ? hold.user : "stranger";
      const outcome = await store.confirm({ holdId: hold.id, userId, now });
      if (!step.byOwner) return void expect(outcome).toEqual({ outcome: "not-found" });
      if (hold.status === "confirmed") return void expect(outcome).toEqual({ outcome: "confirmed", order: expect.objectContaining({ orderId: hold.orderId }) });
      if (hold.status === "released") return void expect(outcome).toEqual({ outcome: "released" });
      if (model.now >= hold.expiresAt) return void expect(outcome).toEqual({ outcome: "expired" });
      if (outcome.outcome !== "confirmed") throw new Error(`Expected an order, got ${JSON.stringify(outcome)}`);
      expect(outcome.order.tickets).toHaveLength(hold.quantities.reduce((sum, quantity) => sum + quantity, 0));
      hold.status = "confirmed";
      hold.orderId = outcome.order.orderId;
      model.addSold(hold.quantities, 1);
      model.orders.push({ id: outcome.order.orderId, user: hold.user, quantities: hold.quantities, status: "confirmed" });
      return;
    }
    case "release": {
      const hold = model.holds[step.hold % model.holds.length];
      if (!hold) return;
      const outcome = await store.release({ holdId: hold.id, userId: hold.user });
      if (hold.status === "confirmed") return void expect(outcome).toEqual({ outcome: "already-confirmed" });
      expect(outcome).toEqual({ outcome: "released" });
      hold.status = "released";
      return;
    }
    case "extend": {
      const hold = model.holds[step.hold % model.holds.length];
      if (!hold) return;
      const outcome = await store.extend({ holdId: hold.id, userId: hold.user, extendByMs: step.minutes * MINUTE, now });
      if (hold.status !== "held") return void expect(outcome).toEqual({ outcome: "not-held" });
      if (model.now >= hold.expiresAt) return void expect(outcome).toEqual({ outcome: "expired" });
      if (hold.extended) return void expect(outcome).toMatchObject({ outcome: "already-extended", hold: { expiresAt: iso(hold.expiresAt) } });
      hold.expiresAt += step.minutes * MINUTE;
      hold.extended = true;
      expect(outcome).toMatchObject({ outcome: "extended", hold: { expiresAt: iso(hold.expiresAt), extended: true } });
      return;
    }
    case "cancel": {
      const order = model.orders[step.order % model.orders.length];
      if (!order?.user) return;
      const outcome = await store.cancel({ orderId: order.id, userId: order.user, now });
      expect(outcome).toMatchObject({ outcome: "cancelled", order: { orderId: order.id, status: "cancelled" } });
      if (order.status === "confirmed") model.addSold(order.quantities, -1);
      order.status = "cancelled";
      return;
    }
    case "box-office": {
      const outcome = await store.issuePurchaseCode({ eventId: "event", lines: linesOf(types, step.quantities), now });
      const refusal = model.refusal(step.quantities);
      if (refusal) return void expect(outcome).toEqual(refusal);
      if (outcome.outcome !== "issued") throw new Error(`Expected a sale, got ${JSON.stringify(outcome)}`);
      model.addSold(step.quantities, 1);
      model.orders.push({ id: outcome.order.orderId, user: null, quantities: step.quantities, status: "confirmed" });
      return;
    }
    case "advance":
      model.now += step.minutes * MINUTE;
      return;
  }
}

describe("the embedded ticket store against a reference model", () => {
  it("never has more sold and held than a type's capacity, and answers every step as the model does", async () => {
    await fc.assert(
      fc.asyncProperty(ticketTypes, fc.array(step, { minLength: 1, maxLength: 40 }), async (limits, steps) => {
        const db = openDatabase(":memory:");
        try {
          const store = createSqliteTicketStore(db);
          const types = limits.map((limit, index) => ({ ticketTypeId: `type-${index}`, ...limit }));
          const model = new ReferenceStore(types);
          for (const each of steps) {
            await run(store, model, each);
            const inventory = await store.availability(types, iso(model.now));
            expect(inventory).toEqual(types.map((type, index) => ({ ticketTypeId: type.ticketTypeId, capacity: type.capacity, sold: model.sold[index], held: model.held(index) })));
            for (const { capacity, sold, held } of inventory) expect(sold + held).toBeLessThanOrEqual(capacity);
            for (const user of USERS) {
              const holds = model.inForce().filter((hold) => hold.user === user);
              expect(holds.length).toBeLessThanOrEqual(1);
              types.forEach((type, index) => expect(model.bought(user, index) + (holds[0]?.quantities[index] ?? 0)).toBeLessThanOrEqual(type.perBuyerLimit));
            }
          }
        } finally {
          db.close();
        }
      }),
      { numRuns: 300 },
    );
  });
});
