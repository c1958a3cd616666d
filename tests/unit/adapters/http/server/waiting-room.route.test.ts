import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Schema } from "effect";
import { Hono } from "hono";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ticketsRoute } from "../../../../../adapters/http/server/tickets.route";
import { BROWSER_ID_COOKIE, createWaitingRoomGate, waitingRoomCookieName } from "../../../../../adapters/http/server/waiting-room-gate";
import { createWaitingRoomTickets } from "../../../../../adapters/http/server/waiting-room-tickets";
import { waitingRoomRoute } from "../../../../../adapters/http/server/waiting-room.route";
import { clickVisitors } from "../../../../../adapters/http/server/click-visitors";
import { openDatabase } from "../../../../../adapters/embedded/database/open-database";
import { createSqliteExternalTicketClicks } from "../../../../../adapters/embedded/tickets/sqlite-external-ticket-clicks.adapter";
import { createSqliteTicketStore } from "../../../../../adapters/embedded/tickets/sqlite-ticket-store.adapter";
import { createSqliteUserProfiles } from "../../../../../adapters/embedded/user-profile/sqlite-user-profile.adapter";
import { createWaitingRoomAdvance } from "../../../../../adapters/runtime/waiting-room-advance";
import { createSqliteWaitingRoomStore, openWaitingRoomDatabase } from "../../../../../adapters/embedded/waiting-room/sqlite-waiting-room-store.adapter";
import { SESSION_COOKIE, WAITING_ROOM, WaitingRoomAnswer, cookieSessionVerifier, createTicketSales, type SaleEvent, type SessionUser } from "../../../../../core";
import { pistaEvent } from "./support/ticket-sales-fixture";

const ORIGIN = "https://arena.test";
const SALE = Date.parse("2030-06-15T10:00:00+02:00");

const EVENT = pistaEvent({
  capacity: 30,
  perOrderLimit: 2,
  content: {
    date_from: "2030-07-01T21:00:00+02:00",
    waiting_room_opens: "2030-06-15T09:30:00+02:00",
    waiting_room_sale_start: "2030-06-15T10:00:00+02:00",
    waiting_room_per_minute: 60,
  },
});
const NO_ROOM: SaleEvent = { ...EVENT, id: "story-uuid-2", slug: "no-room", content: { ...EVENT.content, waiting_room_opens: "" } };

const USERS: Record<string, SessionUser> = {
  "verified-ana": { uid: "ana", email: "ana@example.com", emailVerified: true, displayName: "Ana" },
  "verified-joan": { uid: "joan", email: "joan@example.com", emailVerified: true, displayName: "Joan" },
};

const isAnswer = Schema.is(WaitingRoomAnswer);

/** A browser: its cookie jar, as Set-Cookie lines fill it. */
class Browser {
  readonly jar = new Map<string, string>();
  constructor(readonly session?: string) {}
  cookie(): string {
    return [...(this.session ? [`${SESSION_COOKIE}=${this.session}`] : []), ...[...this.jar].map(([name, value]) => `${name}=${value}`)].join("; ");
  }
  keep(response: Response): Response {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const [name, value] = pair!.split("=");
      this.jar.set(name!, value!);
    }
    return response;
  }
}

describe("the waiting room API", () => {
  let dataDir: string;
  let db: ReturnType<typeof openDatabase>;
  let roomDb: ReturnType<typeof openWaitingRoomDatabase>;
  let now: number;
  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), "waiting-room-route-"));
    db = openDatabase(dataDir);
    roomDb = openWaitingRoomDatabase(dataDir);
    now = SALE - 10 * 60_000;
  });
  afterEach(() => {
    db.close();
    roomDb.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** The waiting room's and the tickets' APIs as the server mounts them, on real SQLite, on a clock the test moves. */
  function site(arrivalsPerAddress = 100) {
    const store = createSqliteWaitingRoomStore(roomDb);
    const gate = createWaitingRoomGate({ store, tickets: createWaitingRoomTickets("waiting-room-route-test-secret"), secure: false });
    const sessions = cookieSessionVerifier({ verify: async (credential) => USERS[credential] ?? null }, { secure: false });
    const eventBySlug = async (slug: string) => [EVENT, NO_ROOM].find((event) => event.slug === slug) ?? null;
    const clock = () => new Date(now);
    const sales = createTicketSales(
      { store: createSqliteTicketStore(db), payments: { kind: "no-charge", startCheckout: async (request) => ({ outcome: "paid", paymentId: request.idempotencyKey }), readNotice: async () => ({ kind: "invalid-signature" }), refund: async () => {} }, mail: { send: async () => "mail" }, userProfiles: createSqliteUserProfiles(db) },
      { holdMs: 600_000, extensionMs: 300_000, eventById: async () => EVENT, links: { tickets: () => ORIGIN, dashboard: () => ORIGIN } },
    );
    const app = new Hono()
      .route("/api/waiting-room", waitingRoomRoute({ gate, sessions, eventBySlug, ticketsPage: (slug, locale) => `/${locale}/event/${slug}/tickets/`, allowedOrigins: [ORIGIN], defaultLocale: "es", arrivalsPerAddress: { limit: arrivalsPerAddress, windowMs: 60_000 }, now: clock }))
      .route(
        "/api/tickets",
        ticketsRoute({
          sales,
          clicks: createSqliteExternalTicketClicks(db),
          clickVisitor: clickVisitors({ secret: "s", trustedProxies: 0 }),
          verificationKeys: [],
          sessions,
          eventBySlug,
          allowedOrigins: [ORIGIN],
          defaultLocale: "es",
          admits: (request, event, user, at) => gate.admits(event, request.headers.get("Cookie"), user, at),
          now: clock,
        }),
      );
    const advance = createWaitingRoomAdvance({ store, openRooms: async () => [EVENT], offer: (event, at) => sales.offer(event, at), logger: { info() {}, warn() {}, error() {} } as never, now: clock });
    const request = async (browser: Browser, path: string, init: { method?: string; form?: string } = {}) =>
      browser.keep(
        await app.request(path, {
          method: init.method ?? "GET",
          headers: { Origin: ORIGIN, Cookie: browser.cookie(), ...(init.form === undefined ? { Accept: "application/json" } : { "Content-Type": "application/x-www-form-urlencoded" }) },
          ...(init.form === undefined ? {} : { body: init.form }),
        }),
      );
    const arrive = (browser: Browser) => request(browser, "/api/waiting-room/events/lua-serrano/arrivals", { method: "POST" });
    const standing = async (browser: Browser) => (await request(browser, "/api/waiting-room/events/lua-serrano")).json() as Promise<WaitingRoomAnswer>;
    const hold = (browser: Browser) =>
      app.request("/api/tickets/events/lua-serrano/holds", {
        method: "POST",
        headers: { Origin: ORIGIN, Cookie: browser.cookie(), "Idempotency-Key": `checkout-${Math.random().toString(36).slice(2)}`, "Content-Type": "application/json" },
        body: JSON.stringify({ lines: [{ ticketTypeId: "pista", quantity: 1 }] }),
      });
    return { request, arrive, standing, hold, advance: () => advance.advance() };
  }

  it("gives a place in an HttpOnly cookie bound to this browser, and answers its standing privately, as the schema says", async () => {
    const { arrive, standing, request } = site();
    const browser = new Browser();
    const first = await arrive(browser);
    expect(first.status).toBe(201);
    expect(first.headers.get("cache-control")).toBe("private, no-store");
    const cookies = first.headers.getSetCookie();
    expect(cookies.map((line) => line.split("=")[0]).sort()).toEqual([BROWSER_ID_COOKIE, waitingRoomCookieName(EVENT.id)].sort());
    for (const line of cookies) expect(line).toMatch(/HttpOnly/i);
    const answer = (await first.json()) as WaitingRoomAnswer;
    expect(isAnswer(answer)).toBe(true);
    expect(answer).toMatchObject({ status: "waiting", place: 1, ahead: 0, preQueue: true });
    // Asked again, the same place, no new cookie.
    const again = await arrive(browser);
    expect(again.status).toBe(200);
    expect(again.headers.getSetCookie()).toEqual([]);
    expect(await standing(browser)).toEqual(answer);
    expect(await standing(new Browser())).toEqual({ status: "not-queued" });
    expect((await request(browser, "/api/waiting-room/events/no-room")).status).toBe(404);
  });

  it("refuses a forged, reordered or copied token: the browser has no place", async () => {
    const { arrive, standing } = site();
    const browser = new Browser();
    await arrive(browser);
    const token = browser.jar.get(waitingRoomCookieName(EVENT.id))!;
    const [payload, signature] = token.split(".");
    const ticket = JSON.parse(Buffer.from(payload!, "base64url").toString());
    const moved = Buffer.from(JSON.stringify({ ...ticket, p: ticket.p - 60_000 })).toString("base64url");
    const tampered = (value: string) => Object.assign(new Browser(), { jar: new Map([...browser.jar, [waitingRoomCookieName(EVENT.id), value]]) });
    expect(await standing(tampered(`${moved}.${signature}`))).toEqual({ status: "not-queued" });
    expect(await standing(tampered(`${payload}.${"A".repeat(signature!.length)}`))).toEqual({ status: "not-queued" });
    // Copied into another browser (its own id, or none): no place there.
    const copy = new Browser();
    copy.jar.set(waitingRoomCookieName(EVENT.id), token);
    expect(await standing(copy)).toEqual({ status: "not-queued" });
    copy.jar.set(BROWSER_ID_COOKIE, "another-browser");
    expect(await standing(copy)).toEqual({ status: "not-queued" });
    expect(await standing(browser)).toMatchObject({ status: "waiting" });
  });

  it("keeps one place per account, and a place taken signed in is no one else's", async () => {
    const { arrive, standing } = site();
    const phone = new Browser("verified-ana");
    const laptop = new Browser("verified-ana");
    const positionIn = (browser: Browser) => JSON.parse(Buffer.from(browser.jar.get(waitingRoomCookieName(EVENT.id))!.split(".")[0]!, "base64url").toString()).p as number;
    await arrive(phone);
    now += 5000;
    await arrive(new Browser());
    expect((await arrive(laptop)).status).toBe(201);
    // The laptop's own token (its own browser id), for the account's one place.
    expect(positionIn(laptop)).toBe(positionIn(phone));
    expect(laptop.jar.get(BROWSER_ID_COOKIE)).not.toBe(phone.jar.get(BROWSER_ID_COOKIE));
    // The phone's cookies, in Joan's session or signed out: no place.
    const borrowed = Object.assign(new Browser("verified-joan"), { jar: phone.jar });
    expect(await standing(borrowed)).toEqual({ status: "not-queued" });
    expect(await standing(Object.assign(new Browser(), { jar: phone.jar }))).toEqual({ status: "not-queued" });
  });

  it("admits in order of arrival at the room's rate, and only the admitted may hold tickets, within their window", async () => {
    const { arrive, standing, hold, advance } = site();
    const early = [new Browser("verified-ana"), new Browser("verified-joan")];
    for (const browser of early) await arrive(browser);
    now = SALE + WAITING_ROOM.countGraceMs + 1500;
    const late = new Browser();
    await arrive(late);
    // Straight at the hold API before the sale: refused as the page would be.
    expect((await hold(early[0]!)).status).toBe(403);
    expect(await (await hold(early[0]!)).json()).toMatchObject({ error: { code: "not-admitted" } });
    // Once the pre-queue is counted, at 60 a minute: the two who came before the sale are in; the one who came after is not counted yet.
    now = SALE + WAITING_ROOM.countGraceMs + 2000;
    await advance();
    for (const browser of early) expect(await standing(browser)).toMatchObject({ status: "admitted" });
    expect(await standing(late)).toMatchObject({ status: "waiting", place: 3, ahead: 0 });
    expect((await hold(early[0]!)).status).toBe(201);
    // The window passes: the place goes, and with it the right to hold.
    now += WAITING_ROOM.admissionWindowMs;
    expect(await standing(early[1]!)).toEqual({ status: "expired" });
    expect((await hold(early[1]!)).status).toBe(403);
    // Queuing again is a new place, at the back.
    expect(await (await arrive(early[1]!)).json()).toMatchObject({ status: "waiting" });
  });

  it("takes a form's place without JavaScript and goes back to the tickets page in the form's language", async () => {
    const { request } = site();
    const browser = new Browser();
    const response = await request(browser, "/api/waiting-room/events/lua-serrano/arrivals", { method: "POST", form: "locale=val" });
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/val/event/lua-serrano/tickets/");
    expect(browser.jar.has(waitingRoomCookieName(EVENT.id))).toBe(true);
  });

  it("limits arrivals per address, with Retry-After; a place already held is answered all the same", async () => {
    const { arrive } = site(2);
    const first = new Browser();
    await arrive(first);
    await arrive(new Browser());
    const refused = await arrive(new Browser());
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
    expect((await arrive(first)).status).toBe(200);
  });

  it("refuses arrivals from another site's pages", async () => {
    const store = createSqliteWaitingRoomStore(roomDb);
    const app = waitingRoomRoute({
      gate: createWaitingRoomGate({ store, tickets: createWaitingRoomTickets("s"), secure: false }),
      sessions: cookieSessionVerifier({ verify: async () => null }, { secure: false }),
      eventBySlug: async () => EVENT,
      ticketsPage: () => "/",
      allowedOrigins: [ORIGIN],
      defaultLocale: "es",
      now: () => new Date(now),
    });
    expect((await app.request("/events/lua-serrano/arrivals", { method: "POST", headers: { Origin: "https://elsewhere.test" } })).status).toBe(403);
  });
});
