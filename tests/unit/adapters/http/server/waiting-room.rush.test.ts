import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createWaitingRoomGate } from "../../../../../adapters/http/server/waiting-room-gate";
import { createWaitingRoomTickets } from "../../../../../adapters/http/server/waiting-room-tickets";
import { waitingRoomRoute } from "../../../../../adapters/http/server/waiting-room.route";
import { openDatabase } from "../../../../../adapters/embedded/database/open-database";
import { createSqliteExternalTicketClicks } from "../../../../../adapters/embedded/tickets/sqlite-external-ticket-clicks.adapter";
import { createSqliteTicketStore } from "../../../../../adapters/embedded/tickets/sqlite-ticket-store.adapter";
import { createSqliteUserProfiles } from "../../../../../adapters/embedded/user-profile/sqlite-user-profile.adapter";
import { createWaitingRoomAdvance } from "../../../../../adapters/runtime/waiting-room-advance";
import { createSqliteWaitingRoomStore, openWaitingRoomDatabase } from "../../../../../adapters/embedded/waiting-room/sqlite-waiting-room-store.adapter";
import { SESSION_COOKIE, WAITING_ROOM, type WaitingRoomAnswer } from "../../../../../core";
import { serveFetch, type ServedFetch } from "../../../../contracts/support/serve-fetch";
import { EVERY_COOKIE_A_VERIFIED_BUYER, pistaEvent, salesOf, ticketsApiOf } from "./support/ticket-sales-fixture";

/*
 * Issue 51 item 5, the embedded half: an on-sale scaled down — 2,000 arrivals within 10 s for 300
 * tickets, through the waiting room, on the embedded SQLite stores, over loopback HTTP. The site's
 * clock is the test's (ten arrivals every 50 ms from the sale's start, the queue page's poll every
 * 5 s per visitor, the frontier's advance every second of it, 1,200 admitted a minute), so the run
 * asserts what happened, never how long it took.
 * In the `unit` project: it needs no build, no browser and no emulator, and runs in a few seconds;
 * the cluster half (Firestore, several instances behind haproxy) belongs to the cluster project.
 */

const ARRIVALS = 2000;
const TICKETS = 300;
const ARRIVAL_MS = 10_000;
const STEP_MS = 50;
const SALE = Date.parse("2030-06-15T10:00:00+02:00");
const EVENT = pistaEvent({
  capacity: TICKETS,
  perOrderLimit: 2,
  id: "story-uuid-rush",
  content: {
    date_from: "2030-07-01T21:00:00+02:00",
    waiting_room_opens: "2030-06-15T09:00:00+02:00",
    waiting_room_sale_start: "2030-06-15T10:00:00+02:00",
    waiting_room_per_minute: 1200,
  },
});

type Outcome = "tickets" | "sold-out" | "in-queue";

interface Visitor {
  readonly index: number;
  readonly arrivedAt: number;
  cookie: string;
  nextPollAt: number;
  admittedAt?: number;
  outcome?: Outcome;
}

/** The place in a visitor's waiting-room token, as the server signed it. */
function placeOf(visitor: Visitor): number {
  const token = /arena-queue-[^=]+=([^;]+)/.exec(visitor.cookie)![1]!;
  return (JSON.parse(Buffer.from(token.split(".")[0]!, "base64url").toString()) as { p: number }).p;
}

/** Kendall's tau-b between two rankings, ties counted as neither concordant nor discordant. */
function kendallTauB(pairs: readonly (readonly [number, number])[]): number {
  let concordant = 0;
  let discordant = 0;
  let tiedX = 0;
  let tiedY = 0;
  for (let i = 0; i < pairs.length; i++) {
    for (let j = i + 1; j < pairs.length; j++) {
      const dx = Math.sign(pairs[i]![0] - pairs[j]![0]);
      const dy = Math.sign(pairs[i]![1] - pairs[j]![1]);
      if (dx === 0 && dy === 0) continue;
      if (dx === 0) tiedX++;
      else if (dy === 0) tiedY++;
      else if (dx === dy) concordant++;
      else discordant++;
    }
  }
  return (concordant - discordant) / Math.sqrt((concordant + discordant + tiedX) * (concordant + discordant + tiedY));
}

describe(`an on-sale through the waiting room: ${ARRIVALS} arrivals in ${ARRIVAL_MS / 1000} s for ${TICKETS} tickets, on the embedded store`, () => {
  let dataDir: string;
  let served: ServedFetch;
  let closeAll: () => void;
  let now = SALE;
  const statuses: number[] = [];
  const visitors: Visitor[] = [];
  let sold = 0;
  let storeSold = 0;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), "waiting-room-rush-"));
    const db = openDatabase(dataDir);
    const roomDb = openWaitingRoomDatabase(dataDir);
    closeAll = () => {
      db.close();
      roomDb.close();
    };
    const clock = () => new Date(now);
    const store = createSqliteTicketStore(db);
    const rooms = createSqliteWaitingRoomStore(roomDb);
    const gate = createWaitingRoomGate({ store: rooms, tickets: createWaitingRoomTickets("rush-secret"), secure: false });
    const sessions = EVERY_COOKIE_A_VERIFIED_BUYER;
    const sales = salesOf(EVENT, { store, userProfiles: createSqliteUserProfiles(db) });
    let app: Hono | undefined;
    served = await serveFetch((request) => (app ? app.fetch(request) : new Response(null, { status: 503 })));
    // Every visitor comes from loopback, one address: its limits are raised for the crowd.
    const crowd = { limit: 100_000, windowMs: 60_000 };
    app = new Hono()
      .route("/api/waiting-room", waitingRoomRoute({ gate, sessions, eventBySlug: async () => EVENT, ticketsPage: () => "/", allowedOrigins: [served.origin], defaultLocale: "es", arrivalsPerAddress: crowd, now: clock }))
      .route(
        "/api/tickets",
        ticketsApiOf(EVENT, {
          sales,
          clicks: createSqliteExternalTicketClicks(db),
          origin: served.origin,
          limits: { holdsPerAddress: crowd },
          admits: (request, event, user, at) => gate.admits(event, request.headers.get("Cookie"), user, at),
          now: clock,
        }),
      );
    const advance = createWaitingRoomAdvance({ store: rooms, openRooms: async () => [EVENT], offer: (event, at) => sales.offer(event, at), logger: { info() {}, warn() {}, error() {} } as never, now: clock });

    const call = async (visitor: Visitor, path: string, init: { method?: string; body?: unknown; key?: string } = {}) => {
      const response = await fetch(`${served.origin}${path}`, {
        method: init.method ?? "GET",
        headers: {
          Origin: served.origin,
          Accept: "application/json",
          Cookie: visitor.cookie,
          ...(init.body === undefined ? {} : { "Content-Type": "application/json" }),
          ...(init.key ? { "Idempotency-Key": init.key } : {}),
        },
        ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
      });
      statuses.push(response.status);
      for (const line of response.headers.getSetCookie()) visitor.cookie += `; ${line.split(";")[0]}`;
      return response;
    };
    const buy = async (visitor: Visitor) => {
      const held = await call(visitor, "/api/tickets/events/lua-serrano/holds", { method: "POST", body: { lines: [{ ticketTypeId: "pista", quantity: 1 + (visitor.index % 2) }] }, key: `checkout-${visitor.index}` });
      const body = (await held.json()) as { holdId?: string };
      if (held.status === 409) return (visitor.outcome = "sold-out");
      if (held.status !== 201) throw new Error(`hold answered ${held.status}: ${JSON.stringify(body)}`);
      const paid = await call(visitor, `/api/tickets/holds/${body.holdId}/payment`, { method: "POST" });
      const order = (await paid.json()) as { order?: { tickets: unknown[] } };
      if (paid.status !== 201) throw new Error(`payment answered ${paid.status}`);
      sold += order.order!.tickets.length;
      return (visitor.outcome = "tickets");
    };
    const poll = async (visitor: Visitor) => {
      visitor.nextPollAt = now + WAITING_ROOM.pollMs;
      const answer = (await (await call(visitor, "/api/waiting-room/events/lua-serrano")).json()) as WaitingRoomAnswer;
      if (answer.status === "admitted") {
        // When the frontier let them in, as the store says it (not when their poll noticed).
        visitor.admittedAt = Date.parse(answer.admittedUntil) - WAITING_ROOM.admissionWindowMs;
        await buy(visitor);
      } else if (answer.status === "sold-out") visitor.outcome = "sold-out";
      else if (answer.status !== "waiting") throw new Error(`a visitor in the queue was answered ${answer.status}`);
    };

    // Ten arrivals every 50 ms for the sale's first 10 s; then the queue runs on for the rest of its first minute.
    const perStep = ARRIVALS / (ARRIVAL_MS / STEP_MS);
    for (let step = 0; now < SALE + 60_000; step++, now += STEP_MS) {
      const arriving = step < ARRIVAL_MS / STEP_MS ? Array.from({ length: perStep }, (_, i) => ({ index: visitors.length + i, arrivedAt: now, cookie: `${SESSION_COOKIE}=buyer-${visitors.length + i}`, nextPollAt: now + WAITING_ROOM.pollMs })) : [];
      visitors.push(...arriving);
      await Promise.all(arriving.map((visitor) => call(visitor, "/api/waiting-room/events/lua-serrano/arrivals", { method: "POST" }).then((response) => response.arrayBuffer())));
      if (now % 1000 === 0) await advance.advance();
      await Promise.all(visitors.filter((visitor) => visitor.outcome === undefined && visitor.nextPollAt <= now).map(poll));
    }
    for (const visitor of visitors) visitor.outcome ??= "in-queue";
    const [inventory] = await store.availability([{ ticketTypeId: "pista", capacity: TICKETS }], new Date(now).toISOString());
    storeSold = inventory!.sold + inventory!.held;
  }, 120_000);

  afterAll(async () => {
    await served?.close();
    closeAll?.();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("sells every ticket and not one more, with no answer of 5xx", () => {
    expect(statuses.filter((status) => status >= 500)).toEqual([]);
    expect(sold).toBe(TICKETS);
    expect(storeSold).toBe(TICKETS);
  });

  it("ends every arrival with tickets, sold out, or a place in the queue", () => {
    expect(visitors).toHaveLength(ARRIVALS);
    const count = (outcome: Outcome) => visitors.filter((visitor) => visitor.outcome === outcome).length;
    // The queue outran the tickets: once sold out, everyone still waiting is told.
    expect(count("tickets") + count("sold-out")).toBe(ARRIVALS);
    expect(count("tickets")).toBeGreaterThanOrEqual(TICKETS / 2);
  });

  it("admits in order of arrival (Kendall's tau between arrival and admission ≥ 0.95)", () => {
    const admitted = visitors.filter((visitor) => visitor.admittedAt !== undefined);
    expect(admitted.length).toBeGreaterThan(TICKETS / 2);
    // The order of admission: the advance that let them in, then, within it, the frontier's sweep, which goes by place.
    const order = [...admitted].sort((a, b) => a.admittedAt! - b.admittedAt! || placeOf(a) - placeOf(b));
    const rank = new Map(order.map((visitor, index) => [visitor, index]));
    expect(kendallTauB(admitted.map((visitor) => [visitor.arrivedAt, rank.get(visitor)!] as const))).toBeGreaterThanOrEqual(0.95);
  });
});
