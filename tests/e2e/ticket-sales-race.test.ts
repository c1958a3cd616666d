import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../adapters/embedded/database/open-database";
import { createSqliteTicketStore } from "../../adapters/embedded/tickets/sqlite-ticket-store.adapter";
import en from "../../locales/en.json";
import es from "../../locales/es.json";
import val from "../../locales/val.json";
import { embeddedEvent, verifiedApiBuyer } from "./support/buyers";
import { ownServer, type OwnServer } from "./support/own-server";

const BUYERS = 200;

/**
 * Pretix's test of a rush, over loopback against the production build: 200 buyers at once for
 * the last 10 tickets, then for the last one (one purchase each: a buyer's new hold would replace
 * their last, issue 48). Exactly that many are held and paid; everyone else
 * gets 409 'sold out' in words the page can show; nothing fails with a 5xx, and the store ends
 * with its capacity sold and no more. (That such a test can see a race at all is shown by its control
 * run, the same rush over loopback with the store's locking switched off — a test-only option the
 * production server does not have: tests/unit/adapters/http/server/tickets.race.test.ts.)
 */
describe("a rush on an event's last tickets, over loopback", () => {
  let server: OwnServer;
  const buyers: Awaited<ReturnType<typeof verifiedApiBuyer>>[] = [];

  beforeAll(async () => {
    // Behind one trusted proxy, each buyer has an address of their own, as a crowd does. One
    // checkout's key sent 50 times is 50 holds by one account from one address: their limits are raised for that test.
    server = await ownServer({ TRUSTED_PROXY: "1", TICKET_HOLD_RATE_LIMIT: "100", TICKET_HOLD_ADDRESS_RATE_LIMIT: "100" });
    await server.start();
    // Sign-ups hash passwords (argon2id): twenty at a time, as they would arrive.
    for (let first = 0; first < BUYERS; first += 20) {
      buyers.push(
        ...(await Promise.all(
          Array.from({ length: 20 }, (_, offset) =>
            verifiedApiBuyer({
              baseUrl: server.baseUrl,
              dataDir: server.dataDir,
              email: `rush.${first + offset}.${Date.now()}@example.org`,
              forwardedFor: `198.51.100.${first + offset + 1}`,
            }),
          ),
        )),
      );
    }
  }, 300_000);
  afterAll(async () => {
    await server?.dispose();
  });

  /** Sells all but `left` of a type at the box office, through the store the server uses. */
  async function leaveOnly(eventId: string, type: { _uid: string; capacity: number }, left: number) {
    const db = openDatabase(server.dataDir);
    try {
      const issued = await createSqliteTicketStore(db).issuePurchaseCode({
        eventId,
        lines: [{ ticketType: { ticketTypeId: type._uid, capacity: type.capacity }, quantity: type.capacity - left }],
        now: new Date().toISOString(),
      });
      expect(issued.outcome).toBe("issued");
    } finally {
      db.close();
    }
  }

  async function soldOf(type: { _uid: string; capacity: number }) {
    const db = openDatabase(server.dataDir);
    try {
      const [inventory] = await createSqliteTicketStore(db).availability([{ ticketTypeId: type._uid, capacity: type.capacity }], new Date().toISOString());
      return inventory!;
    } finally {
      db.close();
    }
  }

  for (const { left, slug } of [
    { left: 10, slug: "carla-ferrer-riure-es-gratis" },
    { left: 1, slug: "nit-de-cap-d-any-2026" },
  ]) {
    it(`sells exactly the last ${left} to ${BUYERS} buyers at once`, { timeout: 120_000 }, async () => {
      const event = embeddedEvent(slug);
      const type = event.types[0]!;
      await leaveOnly(event.uuid, type, left);

      const answers = await Promise.all(
        buyers.map(async (buyer, index) => {
          const response = await buyer.call(`/api/tickets/events/${slug}/holds`, {
            method: "POST",
            headers: { "Idempotency-Key": `rush-${left}-${index}` },
            body: { lines: [{ ticketTypeId: type._uid, quantity: 1 }] },
          });
          return { buyer, status: response.status, body: (await response.json()) as { holdId?: string; error?: { code: string; message: string } } };
        }),
      );
      const statuses = answers.map((answer) => answer.status);
      expect(statuses.filter((status) => status >= 500)).toEqual([]);
      expect(statuses.filter((status) => status === 201)).toHaveLength(left);
      const refused = answers.filter((answer) => answer.status !== 201);
      expect(refused.map((answer) => answer.status)).toEqual(Array(BUYERS - left).fill(409));
      for (const { body } of refused) expect(body.error).toEqual({ code: "sold-out", message: "tickets.error.soldOut", issues: [{ path: type._uid, message: "tickets.error.soldOut" }] });
      // The message is a key the page shows in the buyer's language.
      for (const texts of [en, es, val]) expect(texts.tickets.error.soldOut).toMatch(/\S/);

      const paid = await Promise.all(
        answers.filter((answer) => answer.status === 201).map(({ buyer, body }) => buyer.call(`/api/tickets/holds/${body.holdId}/payment`, { method: "POST" })),
      );
      expect(paid.map((response) => response.status)).toEqual(Array(left).fill(201));
      expect(await soldOf(type)).toEqual({ ticketTypeId: type._uid, capacity: type.capacity, sold: type.capacity, held: 0 });
    });
  }

  it("makes one hold of one checkout's key sent 50 times at once", { timeout: 60_000 }, async () => {
    const buyer = buyers[0]!;
    const type = embeddedEvent("circ-de-les-estrelles").types[0]!;
    const answers = await Promise.all(
      Array.from({ length: 50 }, async () => {
        const response = await buyer.call("/api/tickets/events/circ-de-les-estrelles/holds", {
          method: "POST",
          headers: { "Idempotency-Key": "one-checkout-key" },
          body: { lines: [{ ticketTypeId: type._uid, quantity: 2 }] },
        });
        return { status: response.status, body: (await response.json()) as { holdId: string } };
      }),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(50).fill(201));
    expect(new Set(answers.map((answer) => answer.body.holdId)).size).toBe(1);
    expect((await soldOf(type)).held).toBe(2);
  });
});
