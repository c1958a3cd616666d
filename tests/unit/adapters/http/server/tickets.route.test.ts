import { createPublicKey, generateKeyPairSync, verify } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { clickVisitors } from "../../../../../adapters/http/server/click-visitors";
import { ticketsRoute, type TicketRateLimits } from "../../../../../adapters/http/server/tickets.route";
import { openDatabase } from "../../../../../adapters/embedded/database/open-database";
import { createEd25519TicketSigner } from "../../../../../adapters/runtime/ed25519-ticket-signer.adapter";
import { createSqliteExternalTicketClicks } from "../../../../../adapters/embedded/tickets/sqlite-external-ticket-clicks.adapter";
import { createSqliteTicketStore } from "../../../../../adapters/embedded/tickets/sqlite-ticket-store.adapter";
import { createSqliteUserProfiles } from "../../../../../adapters/embedded/user-profile/sqlite-user-profile.adapter";
import { serveFetch } from "../../../../contracts/support/serve-fetch";
import {
  cookieSessionVerifier,
  SESSION_COOKIE,
  TicketStoreBusyError,
  createTicketSales,
  type PaymentPort,
  type SaleEvent,
  type SessionUser,
  type TicketStorePort,
} from "../../../../../core";

const ORIGIN = "https://arena.test";
const NOW = new Date("2030-06-15T12:00:00+02:00");

const EVENT: SaleEvent = {
  id: "story-uuid-1",
  slug: "lua-serrano",
  content: {
    component: "event",
    _uid: "event-1",
    title: "Lúa Serrano",
    date_from: "2030-07-01T21:00:00+02:00",
    ticket_types: [{ component: "ticket_type", _uid: "pista", name: "Pista", price: 4500, capacity: 3, per_order_limit: 2 }],
  },
};

const EXTERNAL: SaleEvent = {
  id: "story-uuid-2",
  slug: "the-halyards",
  content: { component: "event", _uid: "event-2", title: "The Halyards", date_from: "2030-07-02T21:00:00+02:00", ticketing: "external" },
};

const USERS: Record<string, SessionUser> = {
  "verified-ana": { uid: "ana", email: "ana@example.com", emailVerified: true, displayName: "Ana" },
  "verified-joan": { uid: "joan", email: "joan@example.com", emailVerified: true, displayName: "Joan" },
  "pending-pau": { uid: "pau", email: "pau@example.com", emailVerified: false, displayName: "Pau" },
};

const noCharge: PaymentPort = {
  kind: "no-charge",
  startCheckout: async (request) => ({ outcome: "paid", paymentId: `no-charge:${request.idempotencyKey}` }),
  readNotice: async () => ({ kind: "invalid-signature" }),
  refund: async () => {},
};

const privatePem = () => generateKeyPairSync("ed25519").privateKey.export({ type: "pkcs8", format: "pem" }).toString();
const OLD_KEY = privatePem();
const BEFORE_ROTATION = createEd25519TicketSigner(OLD_KEY);
/** After a rotation: a new signing key, the old one still verifying. */
const SIGNER = createEd25519TicketSigner(privatePem(), { verifyKeys: [createPublicKey(OLD_KEY).export({ type: "spki", format: "pem" }).toString()] });
const PASS = { v: 1, t: "ticket-1", c: "7K3M9Q2X4ZRT", o: "order-1", e: "story-uuid-1", y: "pista" } as const;

describe("the tickets API", () => {
  let dataDir: string;
  let db: ReturnType<typeof openDatabase>;
  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), "tickets-route-"));
    db = openDatabase(dataDir);
  });
  afterEach(() => {
    db.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const appWith = (store: TicketStorePort = createSqliteTicketStore(db), limits: Partial<TicketRateLimits> = {}, trustedProxies = 0) =>
    ticketsRoute({
      sales: createTicketSales(
        { store, payments: noCharge, mail: { send: async (_message, options) => options?.key ?? "mail" }, userProfiles: createSqliteUserProfiles(db) },
        {
          holdMs: 600_000,
          extensionMs: 300_000,
          eventById: async (id) => (id === EVENT.id ? EVENT : null),
          links: { tickets: () => `${ORIGIN}/es/event/lua-serrano/tickets/`, dashboard: () => `${ORIGIN}/es/dashboard/` },
        },
      ),
      clicks: createSqliteExternalTicketClicks(db),
      clickVisitor: clickVisitors({ secret: "tickets-route-test-secret", trustedProxies }),
      verificationKeys: SIGNER.publicKeys,
      sessions: cookieSessionVerifier({ verify: async (credential) => USERS[credential] ?? null }, { secure: false }),
      eventBySlug: async (slug) => (slug === EVENT.slug ? EVENT : slug === EXTERNAL.slug ? EXTERNAL : null),
      allowedOrigins: [ORIGIN],
      defaultLocale: "es",
      limits,
      now: () => NOW,
    });

  const call = (app: ReturnType<typeof appWith>, path: string, init: { method?: string; user?: string; key?: string; body?: unknown; origin?: string } = {}) =>
    app.request(path, {
      method: init.method ?? "GET",
      headers: {
        Origin: init.origin ?? ORIGIN,
        "Accept-Language": "ca",
        ...(init.user ? { Cookie: `${SESSION_COOKIE}=${init.user}` } : {}),
        ...(init.key ? { "Idempotency-Key": init.key } : {}),
        ...(init.body === undefined ? {} : { "Content-Type": "application/json" }),
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
  const hold = (app: ReturnType<typeof appWith>, user: string, key: string, quantity = 1) =>
    call(app, "/events/lua-serrano/holds", { method: "POST", user, key, body: { lines: [{ ticketTypeId: "pista", quantity }] } });

  it("tells anyone what is on sale now, which a shared cache may repeat for 2 s (a crowd's refreshes), browsers never", async () => {
    const response = await call(appWith(), "/events/lua-serrano/offer");
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("public, max-age=0, s-maxage=2, stale-while-revalidate=2");
    // Its names are the request's language: a shared cache must not give them to another.
    expect(response.headers.get("vary")).toBe("Accept-Language");
    expect(await response.json()).toEqual({
      availability: "few-left",
      ticketTypes: [{ ticketTypeId: "pista", name: "Pista", priceCents: 4500, perOrderLimit: 2, perBuyerLimit: 2, available: 3 }],
      salesOpenAt: undefined,
      storeNow: NOW.toISOString(),
    });
    expect((await call(appWith(), "/events/nope/offer")).status).toBe(404);
  });

  it("tells anyone what is left in a few bytes, the same in every language, which a shared cache may repeat for 2 s (issue 51)", async () => {
    const app = appWith();
    const response = await call(app, "/events/lua-serrano/availability");
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("public, max-age=0, s-maxage=2, stale-while-revalidate=2");
    expect(response.headers.get("vary")).toBeNull();
    const body = await response.text();
    expect(JSON.parse(body)).toEqual({ availability: "few-left", ticketTypes: [{ ticketTypeId: "pista", available: 3 }], storeNow: NOW.toISOString() });
    const english = await app.request("/events/lua-serrano/availability", { headers: { "Accept-Language": "en" } });
    expect(await english.text()).toBe(body);
    expect((await call(app, "/events/nope/availability")).status).toBe(404);
  });

  it("gives door scanners every key tickets are checked with, cacheable for five minutes: a ticket of before the rotation checks out with them", async () => {
    const response = await call(appWith(), "/signing-key");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/jwk-set+json");
    expect(response.headers.get("cache-control")).toBe("public, max-age=300");
    const { keys } = (await response.json()) as { keys: { kid: string; kty: string; crv: string; x: string }[] };
    expect(keys.map(({ kid }) => kid)).toEqual(SIGNER.publicKeys.map(({ kid }) => kid));
    expect(keys).toHaveLength(2);
    // As a scanner does it offline: the key the token names, from the set, checks the signature.
    for (const token of [await BEFORE_ROTATION.sign(PASS), await SIGNER.sign(PASS)]) {
      const [, kid, payload = "", signature = ""] = token.split(".");
      const jwk = keys.find((key) => key.kid === kid);
      expect(jwk, token).toBeDefined();
      const key = createPublicKey({ key: { kty: jwk!.kty, crv: jwk!.crv, x: jwk!.x }, format: "jwk" });
      expect(verify(null, Buffer.from(payload, "base64url"), key, Buffer.from(signature, "base64url"))).toBe(true);
    }
  });

  it("sells to verified users only", async () => {
    const app = appWith();
    expect((await hold(app, "", "checkout-0001")).status).toBe(401);
    const pending = await hold(app, "pending-pau", "checkout-0001");
    expect(pending.status).toBe(403);
    expect(await pending.json()).toMatchObject({ error: { code: "email-not-verified", message: "account.error.emailNotVerified" } });
    expect((await hold(app, "verified-ana", "checkout-0001", 1)).status).toBe(201);
  });

  it("refuses bad requests with 4xx: no key, a malformed body, another site's page", async () => {
    const app = appWith();
    expect((await call(app, "/events/lua-serrano/holds", { method: "POST", user: "verified-ana", body: { lines: [{ ticketTypeId: "pista", quantity: 1 }] } })).status).toBe(400);
    const malformed = await call(app, "/events/lua-serrano/holds", { method: "POST", user: "verified-ana", key: "checkout-0002", body: { lines: [{ ticketTypeId: "pista", quantity: 0.5 }] } });
    expect(malformed.status).toBe(422);
    expect((await call(app, "/events/lua-serrano/holds", { method: "POST", user: "verified-ana", key: "checkout-0003", origin: "https://evil.test", body: { lines: [] } })).status).toBe(403);
    expect((await hold(app, "verified-ana", "checkout-0004", 3)).status).toBe(422);
  });

  it("holds, pays and lists the order; a second payment answers the same order", async () => {
    const app = appWith();
    const held = (await (await hold(app, "verified-ana", "checkout-0005", 2)).json()) as { holdId: string; expiresAt: string; storeNow: string };
    expect(Date.parse(held.expiresAt) - Date.parse(held.storeNow)).toBe(600_000);
    const paid = await call(app, `/holds/${held.holdId}/payment`, { method: "POST", user: "verified-ana" });
    expect(paid.status).toBe(201);
    const { order } = (await paid.json()) as { order: { orderId: string; tickets: unknown[] } };
    expect(order.tickets).toHaveLength(2);
    const again = (await (await call(app, `/holds/${held.holdId}/payment`, { method: "POST", user: "verified-ana" })).json()) as { order: { orderId: string } };
    expect(again.order.orderId).toBe(order.orderId);
    const orders = (await (await call(app, "/orders", { user: "verified-ana" })).json()) as { orders: { orderId: string }[] };
    expect(orders.orders.map((each) => each.orderId)).toEqual([order.orderId]);
    expect((await call(app, `/holds/${held.holdId}/payment`, { method: "POST", user: "verified-joan" })).status).toBe(404);
  });

  it("answers 409 with the translated 'sold out' once the stock is gone, and lets a released hold's tickets go to the next buyer", async () => {
    const app = appWith();
    const first = (await (await hold(app, "verified-ana", "checkout-0006", 2)).json()) as { holdId: string };
    const refused = await hold(app, "verified-joan", "checkout-0007", 2);
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({ error: { code: "sold-out", message: "tickets.error.soldOut", issues: [{ path: "pista", message: "tickets.error.soldOut" }] } });
    expect((await call(app, `/holds/${first.holdId}`, { method: "DELETE", user: "verified-ana" })).status).toBe(204);
    expect((await hold(app, "verified-joan", "checkout-0007", 2)).status).toBe(201);
  });

  it("makes one hold of the same key sent 50 times at once", async () => {
    const app = appWith(undefined, { holdsPerAccount: { limit: 50 }, holdsPerAddress: { limit: 50 } });
    const answers = await Promise.all(Array.from({ length: 50 }, () => hold(app, "verified-ana", "checkout-0008", 2)));
    const bodies = (await Promise.all(answers.map((answer) => answer.json()))) as { holdId: string }[];
    expect(answers.every((answer) => answer.status === 201)).toBe(true);
    expect(new Set(bodies.map((body) => body.holdId)).size).toBe(1);
  });

  it("lets one account have no more than a type's per-buyer limit for the event: a new hold replaces its last, and what it bought counts (issue 48)", async () => {
    const app = appWith();
    const first = (await (await hold(app, "verified-ana", "checkout-0011", 2)).json()) as { holdId: string };
    const second = (await (await hold(app, "verified-ana", "checkout-0012", 2)).json()) as { holdId: string };
    // The second replaced the first: paying the first finds it let go.
    expect((await call(app, `/holds/${first.holdId}/payment`, { method: "POST", user: "verified-ana" })).status).toBe(409);
    expect((await call(app, `/holds/${second.holdId}/payment`, { method: "POST", user: "verified-ana" })).status).toBe(201);
    const refused = await hold(app, "verified-ana", "checkout-0013", 1);
    expect(refused.status).toBe(422);
    expect(await refused.json()).toEqual({
      error: { code: "buyer-limit-reached", message: "tickets.error.buyerLimitReached", issues: [{ path: "pista", message: "tickets.error.buyerLimitReached" }] },
    });
    // The one ticket left is another buyer's to take.
    expect((await hold(app, "verified-joan", "checkout-0014", 1)).status).toBe(201);
  });

  it("answers 429 with Retry-After and a translated message past 10 holds a minute from one account, or 30 from one address (issue 48)", async () => {
    const app = appWith();
    for (let index = 0; index < 10; index += 1) expect((await hold(app, "verified-ana", `checkout-ana-${index}`, 1)).status).toBe(201);
    const refused = await hold(app, "verified-ana", "checkout-ana-10", 1);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await refused.json()).toEqual({ error: { code: "too-many-requests", message: "tickets.error.tooManyHolds" } });
    // Another account is not held back by Ana's holds…
    expect((await hold(app, "verified-joan", "checkout-joan-0", 1)).status).toBe(201);

    // …but one address is, whichever accounts it signs in with.
    const crowd = appWith(undefined, { holdsPerAddress: { limit: 3, windowMs: 60_000 } });
    const statuses = [];
    for (const user of ["verified-ana", "verified-joan", "verified-ana", "verified-joan"]) statuses.push((await hold(crowd, user, `checkout-crowd-${statuses.length}`, 1)).status);
    expect(statuses.slice(0, 3).every((status) => status !== 429)).toBe(true);
    expect(statuses[3]).toBe(429);
  });

  it("answers a code no one has and a code another account claimed alike, so a guesser learns nothing (issue 48)", async () => {
    const app = appWith();
    const issued = await createSqliteTicketStore(db).issuePurchaseCode({ eventId: EVENT.id, lines: [{ ticketType: { ticketTypeId: "pista", capacity: 3 }, quantity: 1 }], now: NOW.toISOString() });
    if (issued.outcome !== "issued") throw new Error(issued.outcome);
    const claim = (user: string, code: string) => call(app, "/claims", { method: "POST", user, body: { code } });
    expect((await claim("verified-ana", issued.code)).status).toBe(200);
    const claimedByAnother = await claim("verified-joan", issued.code);
    const unknown = await claim("verified-joan", "7KQ2-99XM-4ZRT");
    expect([claimedByAnother.status, unknown.status]).toEqual([404, 404]);
    expect(await claimedByAnother.json()).toEqual(await unknown.json());
    expect(await (await claim("verified-joan", "ABCD-EFGH-JKMN")).json()).toEqual({ error: { code: "unknown-purchase-code", message: "tickets.error.unknownCode" } });
  });

  it("answers 429 with Retry-After past 5 claims a quarter of an hour from one account, or 20 from one address (issue 48)", async () => {
    const app = appWith();
    const claim = (user: string, index: number) => call(app, "/claims", { method: "POST", user, body: { code: `GUESS-${String(index).padStart(4, "0")}` } });
    for (let index = 0; index < 5; index += 1) expect((await claim("verified-ana", index)).status).toBe(404);
    const refused = await claim("verified-ana", 5);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await refused.json()).toEqual({ error: { code: "too-many-requests", message: "account.error.tooManyRequests" } });

    const crowd = appWith(undefined, { claimsPerAccount: { limit: 100, windowMs: 900_000 } });
    const statuses = [];
    for (let index = 0; index < 21; index += 1) {
      statuses.push((await call(crowd, "/claims", { method: "POST", user: index % 2 ? "verified-ana" : "verified-joan", body: { code: `GUESS-${index}` } })).status);
    }
    expect(statuses.slice(0, 20).every((status) => status === 404)).toBe(true);
    expect(statuses[20]).toBe(429);
  });

  it("extends a hold once", async () => {
    const app = appWith();
    const held = (await (await hold(app, "verified-ana", "checkout-0009", 1)).json()) as { holdId: string; expiresAt: string };
    const extended = await call(app, `/holds/${held.holdId}/extension`, { method: "POST", user: "verified-ana" });
    expect(extended.status).toBe(200);
    expect(Date.parse(((await extended.json()) as { expiresAt: string }).expiresAt) - Date.parse(held.expiresAt)).toBe(300_000);
    expect((await call(app, `/holds/${held.holdId}/extension`, { method: "POST", user: "verified-ana" })).status).toBe(409);
  });

  it("counts a visitor sent to an external seller, for events sold elsewhere only", async () => {
    const app = appWith();
    expect((await call(app, "/events/the-halyards/external-clicks", { method: "POST" })).status).toBe(204);
    expect((await call(app, "/events/lua-serrano/external-clicks", { method: "POST" })).status).toBe(404);
    expect((await call(app, "/events/the-halyards/external-clicks", { method: "POST", origin: "https://evil.test" })).status).toBe(403);
    expect(await createSqliteExternalTicketClicks(db).totals("2030-01-01")).toEqual([{ eventId: "story-uuid-2", day: "2030-06-15", clicks: 1 }]);
  });

  it("counts each address once a day however often it clicks, and keeps no address", async () => {
    const app = appWith(undefined, {}, 1);
    const served = await serveFetch((request) => app.fetch(request));
    const click = (address: string) =>
      fetch(`${served.origin}/events/the-halyards/external-clicks`, { method: "POST", headers: { Origin: ORIGIN, "X-Forwarded-For": address } });
    try {
      const statuses = await Promise.all([...Array.from({ length: 50 }, () => click("203.0.113.7")), click("198.51.100.20"), click("2001:db8:1:2::9")]);
      expect(statuses.map((response) => response.status)).toEqual(Array(52).fill(204));
      expect(await createSqliteExternalTicketClicks(db).totals("2030-01-01")).toEqual([{ eventId: "story-uuid-2", day: "2030-06-15", clicks: 3 }]);
      const kept = JSON.stringify(db.prepare("SELECT * FROM external_ticket_click_visitor").all());
      for (const address of ["203.0.113.7", "198.51.100.20", "2001:db8"]) expect(kept).not.toContain(address);
    } finally {
      await served.close();
    }
  });

  it("answers 503 with Retry-After when the store is too busy to decide, never a 500", async () => {
    const busy: TicketStorePort = {
      ...createSqliteTicketStore(db),
      hold: async () => {
        throw new TicketStoreBusyError("contention");
      },
    };
    const response = await hold(appWith(busy), "verified-ana", "checkout-0010", 1);
    expect(response.status).toBe(503);
    expect(response.headers.get("retry-after")).toBe("1");
  });
});
