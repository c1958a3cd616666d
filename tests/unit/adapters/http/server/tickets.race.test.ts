import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Hono } from "hono";
import { afterEach, describe, expect, it } from "vitest";
import { openDatabase } from "../../../../../adapters/embedded/database/open-database";
import { createSqliteExternalTicketClicks } from "../../../../../adapters/embedded/tickets/sqlite-external-ticket-clicks.adapter";
import { createSqliteTicketStore, type SqliteTicketStoreOptions } from "../../../../../adapters/embedded/tickets/sqlite-ticket-store.adapter";
import { createSqliteUserProfiles } from "../../../../../adapters/embedded/user-profile/sqlite-user-profile.adapter";
import { SESSION_COOKIE } from "../../../../../core";
import { serveFetch } from "../../../../contracts/support/serve-fetch";
import { pistaEvent, salesOf, ticketsApiOf } from "./support/ticket-sales-fixture";

const REQUESTS = 200;
const LEFT = 10;
const EVENT = pistaEvent({ capacity: LEFT });

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
    const sales = salesOf(EVENT, { store, userProfiles: createSqliteUserProfiles(db) });
    let route: Hono | undefined;
    const served = await serveFetch((request) => (route ? route.fetch(request) : new Response(null, { status: 503 })));
    route = ticketsApiOf(EVENT, {
      sales,
      clicks: createSqliteExternalTicketClicks(db),
      origin: served.origin,
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
