import { describe, expect, inject, it } from "vitest";
import { openDatabase } from "../../adapters/embedded/database/open-database";
import { createSqliteTicketStore } from "../../adapters/embedded/tickets/sqlite-ticket-store.adapter";
import { embeddedEvent, verifiedApiBuyer } from "../e2e/support/buyers";

const baseUrl = inject("baseUrl");
const dataDir = inject("dataDir");

// Issue 48: one verified account made 30 holds of 4 at once and took all 120 VIP tickets in
// 82 ms, then paid three of them (12 tickets against a limit of 4 an order). One account now has
// one hold per event at a time, holds at most 10 times a minute, and never has more than a type's
// per-buyer limit, held and bought together.

const SLUG = "turia-sound-festival-2027";

describe("ticket hoarding by one account", () => {
  it("takes no more than the per-buyer limit, however many holds it sends at once and pays for", { timeout: 120_000 }, async () => {
    const type = embeddedEvent(SLUG).types[0]!;
    const limit = Number(type.per_buyer_limit || type.per_order_limit);
    const buyer = await verifiedApiBuyer({ baseUrl, dataDir, email: `hoarder.${Date.now()}@example.org` });
    const holdOf = (index: number) =>
      buyer.call(`/api/tickets/events/${SLUG}/holds`, { method: "POST", headers: { "Idempotency-Key": `hoard-${Date.now()}-${index}` }, body: { lines: [{ ticketTypeId: type._uid, quantity: limit }] } });
    const answers = await Promise.all(Array.from({ length: 30 }, async (_, index) => {
      const response = await holdOf(index);
      return { status: response.status, retryAfter: response.headers.get("retry-after"), body: (await response.json()) as { holdId?: string; error?: { code: string; message: string } } };
    }));

    const held = answers.filter((answer) => answer.status === 201);
    const limited = answers.filter((answer) => answer.status === 429);
    expect(held.length).toBeLessThanOrEqual(10);
    expect(held.length + limited.length).toBe(30);
    for (const answer of limited) {
      expect(Number(answer.retryAfter)).toBeGreaterThan(0);
      expect(answer.body.error).toEqual({ code: "too-many-requests", message: "tickets.error.tooManyHolds" });
    }

    // Each hold replaced the one before: paying them all buys one order's worth.
    const paid = await Promise.all(held.map((answer) => buyer.call(`/api/tickets/holds/${answer.body.holdId}/payment`, { method: "POST" })));
    expect(paid.filter((response) => response.status === 201)).toHaveLength(1);
    expect(paid.filter((response) => response.status !== 201).map((response) => response.status)).toEqual(Array(held.length - 1).fill(409));
    const orders = (await (await buyer.call("/api/tickets/orders")).json()) as { orders: { tickets: unknown[] }[] };
    expect(orders.orders.flatMap((order) => order.tickets)).toHaveLength(limit);

    // And no more after that.
    const more = await buyer.call(`/api/tickets/events/${SLUG}/holds`, { method: "POST", headers: { "Idempotency-Key": `hoard-more-${Date.now()}` }, body: { lines: [{ ticketTypeId: type._uid, quantity: 1 }] } });
    expect([422, 429]).toContain(more.status);
    if (more.status === 422) expect(((await more.json()) as { error: { code: string } }).error.code).toBe("buyer-limit-reached");

    const db = openDatabase(dataDir);
    try {
      const [inventory] = await createSqliteTicketStore(db).availability([{ ticketTypeId: type._uid, capacity: type.capacity }], new Date().toISOString());
      expect(inventory!.held).toBe(0);
    } finally {
      db.close();
    }
  });
});
