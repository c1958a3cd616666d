import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { checkInsRoute } from "../../../../../adapters/http/server/check-ins.route";
import { createSqliteCheckIns } from "../../../../../adapters/embedded/check-in/sqlite-check-ins.adapter";
import { openDatabase } from "../../../../../adapters/embedded/database/open-database";
import { createSqliteStaffAccess } from "../../../../../adapters/embedded/identity/sqlite-staff-access.adapter";
import { createSqliteTicketStore } from "../../../../../adapters/embedded/tickets/sqlite-ticket-store.adapter";
import { EventPack, SESSION_COOKIE, SyncCheckInsAnswer, cookieSessionVerifier, type DeviceCheckIn, type SessionUser, type TicketOrder } from "../../../../../core";
import { Schema } from "effect";
import { freshSigner } from "../../../core/domain/check-in/support/ticket-tokens";

const ORIGIN = "https://arena.test";
const NOW = new Date("2026-12-12T19:30:00.000Z");
const CONCERT = "story-uuid-concert";
const MATCH = "story-uuid-match";
const SIGNER = freshSigner();

const USERS: Record<string, SessionUser> = {
  "staff-all": { uid: "staff-all", email: "puerta@example.com", emailVerified: true, displayName: "Puerta" },
  "staff-concert": { uid: "staff-concert", email: "concierto@example.com", emailVerified: true, displayName: "Concierto" },
  visitor: { uid: "visitor", email: "ana@example.com", emailVerified: true, displayName: "Ana" },
};

describe("the door kiosks' API", () => {
  let db: ReturnType<typeof openDatabase>;
  let app: ReturnType<typeof checkInsRoute>;
  let sold: TicketOrder;
  beforeEach(async () => {
    db = openDatabase(":memory:");
    const addAccount = db.prepare<[string, string, string, string]>(`INSERT INTO "user" (id, name, email, emailVerified, createdAt, updatedAt) VALUES (?, 'x', ?, 1, ?, ?)`);
    for (const user of Object.values(USERS)) addAccount.run(user.uid, user.email, NOW.toISOString(), NOW.toISOString());
    const staff = createSqliteStaffAccess(db);
    await staff.grant("puerta@example.com", "all");
    await staff.grant("concierto@example.com", [CONCERT]);
    const tickets = createSqliteTicketStore(db);
    const ticketType = { ticketTypeId: "pista", capacity: 10, perOrderLimit: 4, perBuyerLimit: 4 };
    const held = await tickets.hold({ userId: "visitor", eventId: CONCERT, idempotencyKey: "checkout-1", lines: [{ ticketType, quantity: 2 }], holdForMs: 600_000, now: NOW.toISOString() });
    if (held.outcome !== "held") throw new Error("no hold");
    const confirmed = await tickets.confirm({ holdId: held.hold.holdId, userId: "visitor", now: NOW.toISOString() });
    if (confirmed.outcome !== "confirmed") throw new Error("no order");
    sold = confirmed.order;
    app = checkInsRoute({
      checkIns: createSqliteCheckIns(db),
      staff,
      tickets,
      verificationKeys: SIGNER.publicKeys,
      sessions: cookieSessionVerifier({ verify: async (credential) => USERS[credential] ?? null }, { secure: false }),
      events: async (locale) => [
        { eventId: CONCERT, title: `Concierto (${locale})`, dateFrom: "2026-12-12T20:00:00Z" },
        { eventId: "story-uuid-circus", title: `Circo (${locale})`, dateFrom: "2026-12-13T18:00:00Z" },
      ],
      allowedOrigins: [ORIGIN],
      now: () => NOW,
    });
  });
  afterEach(() => db.close());

  const call = (path: string, init: { method?: string; user?: string; body?: unknown; origin?: string } = {}) =>
    app.request(path, {
      method: init.method ?? "GET",
      headers: {
        Origin: init.origin ?? ORIGIN,
        ...(init.user ? { Cookie: `${SESSION_COOKIE}=${init.user}` } : {}),
        ...(init.body === undefined ? {} : { "Content-Type": "application/json" }),
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
  const checkIn = (checkInId: string, ticketId: string, gate: string, deviceId: string): DeviceCheckIn => ({ checkInId, ticketId, gate, deviceId, scannedAt: "2026-12-12T19:42:00.000Z" });

  it("does not exist for visitors, signed in or not, and refuses staff of other events", async () => {
    for (const user of [undefined, "visitor", "someone-unknown"]) {
      for (const path of [`/events/${CONCERT}/pack`, `/events/${CONCERT}/counts`]) expect((await call(path, user ? { user } : {})).status).toBe(404);
      expect((await call(`/events/${CONCERT}/check-ins`, { method: "POST", body: { checkIns: [] }, ...(user ? { user } : {}) })).status).toBe(404);
    }
    expect((await call(`/events/${MATCH}/pack`, { user: "staff-concert" })).status).toBe(403);
    expect((await call(`/events/${MATCH}/pack`, { user: "staff-all" })).status).toBe(200);
    expect((await call("/anything", { user: "staff-all" })).status).toBe(404);
  });

  it("lists a member of staff's events for the kiosk to choose, in the language asked, and nothing to visitors", async () => {
    const listed = async (user: string, query = "") => ((await (await call(`/events${query}`, { user })).json()) as { events: { eventId: string; title: string }[] }).events;
    expect((await listed("staff-concert", "?locale=val")).map((event) => event.title)).toEqual(["Concierto (val)"]);
    expect((await listed("staff-all")).map((event) => event.eventId)).toEqual([CONCERT, "story-uuid-circus"]);
    expect((await call("/events", { user: "visitor" })).status).toBe(404);
    expect((await call("/events")).status).toBe(404);
  });

  it("gives staff the event's pack: the keys and every ticket with its state, never the buyer", async () => {
    const response = await call(`/events/${CONCERT}/pack`, { user: "staff-concert" });
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    const pack = Schema.decodeUnknownSync(EventPack)(await response.json());
    expect(pack).toEqual({
      eventId: CONCERT,
      builtAt: NOW.toISOString(),
      keys: SIGNER.publicKeys,
      tickets: sold.tickets.map((ticket) => ({ ticketId: ticket.ticketId, code: ticket.code, ticketTypeId: "pista", state: "valid" })),
    });
    expect(JSON.stringify(pack)).not.toContain("visitor");
  });

  for (const ending of ["cancel", "refund"] as const) {
    it(`lists a ${ending === "cancel" ? "cancelled" : "refunded"} order's tickets so, as the ticket store says, for the kiosk to refuse`, async () => {
      const tickets = createSqliteTicketStore(db);
      await tickets[ending]({ orderId: sold.orderId, userId: "visitor", now: NOW.toISOString() });
      const pack = Schema.decodeUnknownSync(EventPack)(await (await call(`/events/${CONCERT}/pack`, { user: "staff-concert" })).json());
      const state = ending === "cancel" ? "cancelled" : "refunded";
      expect(pack.tickets.map((ticket) => ticket.state)).toEqual([state, state]);
    });
  }

  it("syncs a kiosk's check-ins idempotently, tells the second gate where and when a ticket was first used, and counts", async () => {
    const [first, second] = sold.tickets;
    const gateA = await call(`/events/${CONCERT}/check-ins`, { method: "POST", user: "staff-concert", body: { checkIns: [checkIn("a-1", first!.ticketId, "Puerta 1", "kiosk-a")] } });
    expect(gateA.status).toBe(200);
    const firstUse = { gate: "Puerta 1", deviceId: "kiosk-a", scannedAt: "2026-12-12T19:42:00.000Z" };
    expect(Schema.decodeUnknownSync(SyncCheckInsAnswer)(await gateA.json())).toEqual({ results: [{ checkInId: "a-1", outcome: "admitted", firstUse }], counts: { total: 1, byGate: { "Puerta 1": 1 } } });
    const gateB = await call(`/events/${CONCERT}/check-ins`, {
      method: "POST",
      user: "staff-all",
      body: { checkIns: [checkIn("b-1", first!.ticketId, "Puerta 2", "kiosk-b"), checkIn("b-2", second!.ticketId, "Puerta 2", "kiosk-b")] },
    });
    expect(await gateB.json()).toEqual({
      results: [
        { checkInId: "b-1", outcome: "duplicate", firstUse },
        { checkInId: "b-2", outcome: "admitted", firstUse: { ...firstUse, gate: "Puerta 2", deviceId: "kiosk-b" } },
      ],
      counts: { total: 2, byGate: { "Puerta 1": 1, "Puerta 2": 1 } },
    });
    // Sent again after a dropped answer: the same verdicts, nothing counted twice.
    const again = await call(`/events/${CONCERT}/check-ins`, { method: "POST", user: "staff-concert", body: { checkIns: [checkIn("a-1", first!.ticketId, "Puerta 1", "kiosk-a")] } });
    expect((await again.json()).counts.total).toBe(2);
    expect(await (await call(`/events/${CONCERT}/counts`, { user: "staff-concert" })).json()).toEqual({ total: 2, byGate: { "Puerta 1": 1, "Puerta 2": 1 } });
    // The next pack tells every kiosk what the others let in.
    const pack = Schema.decodeUnknownSync(EventPack)(await (await call(`/events/${CONCERT}/pack`, { user: "staff-concert" })).json());
    expect(pack.tickets.find((ticket) => ticket.ticketId === first!.ticketId)?.firstUse).toEqual(firstUse);
  });

  it("answers bad check-ins 4xx and writes from another origin 403", async () => {
    const post = (body: unknown, origin?: string) => call(`/events/${CONCERT}/check-ins`, { method: "POST", user: "staff-concert", body, ...(origin ? { origin } : {}) });
    expect((await post({ checkIns: [{ checkInId: "x" }] })).status).toBe(422);
    expect((await post({ checkIns: [checkIn("a-1", "t", "", "kiosk-a")] })).status).toBe(422);
    expect((await post({ checkIns: Array.from({ length: 501 }, (_, index) => checkIn(`c-${index}`, "t", "Puerta 1", "kiosk-a")) })).status).toBe(422);
    expect((await post({ checkIns: [] }, "https://evil.example")).status).toBe(403);
  });
});
