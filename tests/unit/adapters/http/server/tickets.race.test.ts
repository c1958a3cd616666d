import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Hono } from "hono";
import { afterEach, describe, expect, it } from "vitest";
import { ticketsRoute } from "../../../../../adapters/http/server/tickets.route";
import { openDatabase } from "../../../../../adapters/local/database/open-database";
import { createNoChargePayments } from "../../../../../adapters/local/payments/no-charge-payment.adapter";
import { createSqliteExternalTicketClicks } from "../../../../../adapters/local/tickets/sqlite-external-ticket-clicks.adapter";
import { createSqliteTicketStore, type SqliteTicketStoreOptions } from "../../../../../adapters/local/tickets/sqlite-ticket-store.adapter";
import { createSqliteUserProfiles } from "../../../../../adapters/local/user-profile/sqlite-user-profile.adapter";
import { SESSION_COOKIE, cookieSessionVerifier, createTicketSales, type SaleEvent } from "../../../../../core";
import { serveFetch } from "../../../../contracts/support/serve-fetch";

const REQUESTS = 200;
const LEFT = 10;
const EVENT: SaleEvent = {
  id: "story-uuid-1",
  slug: "lua-serrano",
  content: {
    component: "event",
    _uid: "event-1",
    title: "Lúa Serrano",
    date_from: "2099-07-01T21:00:00+02:00",
    ticket_types: [{ component: "ticket_type", _uid: "pista", name: "Pista", price: 4500, capacity: LEFT, per_order_limit: 4 }],
  },
};

/**
 * The control run of the rush test (tests/e2e/ticket-sales-race.test.ts runs the real thing on the
 * production build): the same 200 purchases at once over loopback for the last 10 tickets, through
 * the same route, service and SQLite store — once as shipped, once with the store's locking switched
 * off (a test-only option). The second must oversell, or the test could not see a race at all.
 */
describe("200 purchases at once for the last 10 tickets, over loopback", () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  async function rush(storeOptions: SqliteTicketStoreOptions) {
    const dir = mkdtempSync(join(tmpdir(), "tickets-race-"));
    dirs.push(dir);
    const db = openDatabase(dir);
    const store = createSqliteTicketStore(db, storeOptions);
    const sales = createTicketSales(
      { store, payments: createNoChargePayments(), mail: { send: async (_message, options) => options?.key ?? "mail" }, userProfiles: createSqliteUserProfiles(db) },
      { holdMs: 600_000, extensionMs: 300_000, eventById: async () => EVENT, links: { tickets: () => "https://arena.test/", dashboard: () => "https://arena.test/" } },
    );
    let route: Hono | undefined;
    const served = await serveFetch((request) => (route ? route.fetch(request) : new Response(null, { status: 503 })));
    route = ticketsRoute({
      sales,
      clicks: createSqliteExternalTicketClicks(db),
      clickVisitor: () => "not-clicking",
      verificationKeys: [],
      // Who buys is not the point here: every cookie is a verified buyer of its own.
      sessions: cookieSessionVerifier({ verify: async (credential) => ({ uid: credential, email: `${credential}@example.org`, emailVerified: true, displayName: null }) }, { secure: false }),
      eventBySlug: async () => EVENT,
      allowedOrigins: [served.origin],
      defaultLocale: "es",
      // Every buyer comes from loopback, one address: its limit is raised for the crowd.
      limits: { holdsPerAddress: { limit: REQUESTS, windowMs: 60_000 } },
    });
    try {
      const statuses = await Promise.all(
        Array.from({ length: REQUESTS }, async (_, index) => {
          const response = await fetch(`${served.origin}/events/lua-serrano/holds`, {
            method: "POST",
            headers: { Origin: served.origin, Cookie: `${SESSION_COOKIE}=buyer-${index}`, "Idempotency-Key": `rush-key-${index}`, "Content-Type": "application/json" },
            body: JSON.stringify({ lines: [{ ticketTypeId: "pista", quantity: 1 }] }),
          });
          await response.arrayBuffer();
          return response.status;
        }),
      );
      const [inventory] = await store.availability([{ ticketTypeId: "pista", capacity: LEFT }], new Date().toISOString());
      return { held: statuses.filter((status) => status === 201).length, soldOut: statuses.filter((status) => status === 409).length, other: statuses.filter((status) => status !== 201 && status !== 409), inventory: inventory! };
    } finally {
      await served.close();
      db.close();
    }
  }

  it("holds exactly 10 with the store's lock, and tells the other 190 sold out", { timeout: 60_000 }, async () => {
    const outcome = await rush({});
    expect(outcome).toMatchObject({ held: LEFT, soldOut: REQUESTS - LEFT, other: [] });
    expect(outcome.inventory.held).toBe(LEFT);
  });

  it("oversells without it: the test sees the race it guards against", { timeout: 60_000 }, async () => {
    const outcome = await rush({ unsafeWithoutLock: true, pauseAfterCheckMs: 20 });
    expect(outcome.other).toEqual([]);
    expect(outcome.held).toBeGreaterThan(LEFT);
    expect(outcome.inventory.held).toBeGreaterThan(LEFT);
  });
});
