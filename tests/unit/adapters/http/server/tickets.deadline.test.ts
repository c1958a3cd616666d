import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { openDatabase } from "../../../../../adapters/embedded/database/open-database";
import { createSqliteExternalTicketClicks } from "../../../../../adapters/embedded/tickets/sqlite-external-ticket-clicks.adapter";
import { createSqliteTicketStore } from "../../../../../adapters/embedded/tickets/sqlite-ticket-store.adapter";
import { createSqliteUserProfiles } from "../../../../../adapters/embedded/user-profile/sqlite-user-profile.adapter";
import { SESSION_COOKIE, type TicketStorePort } from "../../../../../core";
import { serveFetch, type ServedFetch } from "../../../../contracts/support/serve-fetch";
import { siteApp } from "./support/http-app";
import { pistaEvent, salesOf, ticketsApiOf } from "./support/ticket-sales-fixture";

// Issue 50, item 4: 29 holds were made after the balancer had answered 504. Past its deadline a
// hold request is answered 503, and a hold the store made too late is released.

const DEADLINE_MS = 150;
const CAPACITY = 4;
const EVENT = pistaEvent({ capacity: CAPACITY });

/** The site's HTTP app with the tickets API on `store`, served over HTTP; `hold` posts a buyer's hold with the buyer's one key. */
async function servedTickets(db: ReturnType<typeof openDatabase>, store: TicketStorePort, keep: (served: ServedFetch) => void) {
  const sales = salesOf(EVENT, { store, userProfiles: createSqliteUserProfiles(db) });
  let app: ReturnType<typeof siteApp> | undefined;
  const served = await serveFetch((request) => app!.fetch(request));
  keep(served);
  const { origin } = served;
  app = siteApp({
    requestDeadlineMs: DEADLINE_MS,
    routes: [
      {
        path: "/api/tickets",
        app: ticketsApiOf(EVENT, { sales, clicks: createSqliteExternalTicketClicks(db), origin }),
      },
    ],
  });
  const hold = (buyer: string, quantity: number) =>
    fetch(`${origin}/api/tickets/events/lua-serrano/holds`, {
      method: "POST",
      headers: { Origin: origin, Cookie: `${SESSION_COOKIE}=${buyer}`, "Idempotency-Key": `key-of-${buyer}`, "Content-Type": "application/json" },
      body: JSON.stringify({ lines: [{ ticketTypeId: "pista", quantity }] }),
    });
  return { origin, hold };
}

describe("a ticket hold past the request's deadline, through the site's HTTP app over HTTP", () => {
  let dir: string;
  let served: ServedFetch | undefined;
  afterEach(async () => {
    await served?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("is answered 503 deadline-passed, and the hold the store made meanwhile is released", async () => {
    dir = mkdtempSync(join(tmpdir(), "tickets-deadline-"));
    const db = openDatabase(dir);
    const store = createSqliteTicketStore(db);
    // The store answers the slow buyers' holds only once their deadline has passed, as a contended one does.
    let lateHolds = 0;
    const slowStore: TicketStorePort = Object.assign({}, store, {
      hold: async (request: Parameters<TicketStorePort["hold"]>[0]) => {
        const held = await store.hold(request);
        if (request.userId.startsWith("slow-")) {
          await new Promise((resolve) => setTimeout(resolve, DEADLINE_MS * 3));
          lateHolds += 1;
        }
        return held;
      },
    });
    const { hold } = await servedTickets(db, slowStore, (ready) => (served = ready));
    const held = async () => (await store.availability([{ ticketTypeId: "pista", capacity: CAPACITY }], new Date().toISOString()))[0]!.held;

    const late = await hold("slow-ana", CAPACITY);
    expect(late.status).toBe(503);
    expect(late.headers.get("retry-after")).toBe("1");
    expect(await late.json()).toEqual({ error: { code: "deadline-passed", message: "feedback.error.busy" } });

    // Once the store has answered, the hold no one heard of is let go: every ticket is there for the next buyer.
    while (lateHolds === 0) await new Promise((resolve) => setTimeout(resolve, 10));
    for (let round = 0; round < 100 && (await held()) > 0; round += 1) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(await held()).toBe(0);
    const inTime = await hold("joan", CAPACITY);
    expect(inTime.status).toBe(201);
    expect(await held()).toBe(CAPACITY);
    db.close();
  });

  it("holds afresh when the buyer retries with the same Idempotency-Key after the deadline's 503, as it asks", async () => {
    dir = mkdtempSync(join(tmpdir(), "tickets-deadline-retry-"));
    const db = openDatabase(dir);
    const store = createSqliteTicketStore(db);
    // The store is slow for the first request only, as a contended store can be for a moment.
    let slow = true;
    let lateHolds = 0;
    const slowOnce: TicketStorePort = Object.assign({}, store, {
      hold: async (request: Parameters<TicketStorePort["hold"]>[0]) => {
        const held = await store.hold(request);
        if (slow) {
          slow = false;
          await new Promise((resolve) => setTimeout(resolve, DEADLINE_MS * 3));
          lateHolds += 1;
        }
        return held;
      },
    });
    const { origin, hold } = await servedTickets(db, slowOnce, (ready) => (served = ready));
    expect((await hold("ana", 2)).status).toBe(503);
    while (lateHolds === 0) await new Promise((resolve) => setTimeout(resolve, 10));
    const held = async () => (await store.availability([{ ticketTypeId: "pista", capacity: CAPACITY }], new Date().toISOString()))[0]!.held;
    for (let round = 0; round < 100 && (await held()) > 0; round += 1) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(await held()).toBe(0);

    const retried = await hold("ana", 2);
    expect(retried.status).toBe(201);
    const { holdId } = (await retried.json()) as { holdId: string };
    // The hold the retry answers is one in force: it can be paid for.
    const paid = await fetch(`${origin}/api/tickets/holds/${holdId}/payment`, { method: "POST", headers: { Origin: origin, Cookie: `${SESSION_COOKIE}=ana` } });
    expect(paid.status).toBe(201);
    db.close();
  });
});
