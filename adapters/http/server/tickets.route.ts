import { Schema } from "effect";
import { Hono, type Context } from "hono";
import {
  CheckoutKey,
  TicketStoreBusyError,
  ticketsApi,
  detectLocale,
  inProcessRateLimiters,
  ticketAvailabilityOf,
  type Buyer,
  type ExternalTicketClicksPort,
  type HeldTickets,
  type LocaleCode,
  type RateLimitRule,
  type RateLimiters,
  type SaleEvent,
  type SessionUser,
  type RequestSessionVerifier,
  type TicketSales,
  type TicketVerificationKey,
} from "../../../core";
import { apiError } from "./api-error";
import { serveEndpoint } from "./api-endpoint";
import type { ApiMessage } from "../api-messages";
import { addressKey, clientAddress } from "./client-address";
import { requestDeadlineOf } from "./request-deadline.middleware";
import { sameOriginWrites } from "./origin-check.middleware";

export interface TicketsRouteOptions {
  readonly sales: TicketSales;
  readonly clicks: ExternalTicketClicksPort;
  /** Who clicked, by day, as the counter may know them (see click-visitors.ts). */
  readonly clickVisitor: (request: Request, day: string) => string;
  /** The public keys tickets are checked with, the one signing now first, for door scanners that check offline. */
  readonly verificationKeys: readonly TicketVerificationKey[];
  readonly sessions: RequestSessionVerifier;
  /** The published event at a slug, in a language. */
  readonly eventBySlug: (slug: string, locale: LocaleCode) => Promise<SaleEvent | null>;
  readonly allowedOrigins: readonly string[];
  readonly defaultLocale: LocaleCode;
  /** Where holds and claims are counted: shared by the server's processes (the SQLite limiters); one process's memory by default. */
  readonly rateLimiters?: RateLimiters;
  readonly limits?: Partial<TicketRateLimits>;
  /** How many proxies append to X-Forwarded-For (TRUSTED_PROXY): the per-address limits key on the client they saw. */
  readonly trustedProxies?: number;
  /** Issue 51: whether the event's waiting room lets this request hold its tickets (none open: yes). */
  readonly admits?: (request: Request, event: SaleEvent, user: SessionUser, now: Date) => Promise<boolean>;
  readonly now?: () => Date;
}

const MINUTE = 60_000;

/**
 * How often one account, and one client address, may ask to hold tickets or to claim a purchase
 * code. A buyer holds once per checkout (a new hold replaces their last one for the event), so a
 * few a minute is plenty; an address is shared by a household or an office, so it gets more. A
 * claim is typed from a receipt: a handful of tries, then a pause, so no one guesses codes.
 */
export interface TicketRateLimits {
  readonly holdsPerAccount: RateLimitRule;
  readonly holdsPerAddress: RateLimitRule;
  readonly claimsPerAccount: RateLimitRule;
  readonly claimsPerAddress: RateLimitRule;
}

export const TICKET_RATE_LIMITS: TicketRateLimits = {
  holdsPerAccount: { limit: 10, windowMs: MINUTE },
  holdsPerAddress: { limit: 30, windowMs: MINUTE },
  claimsPerAccount: { limit: 5, windowMs: 15 * MINUTE },
  claimsPerAddress: { limit: 20, windowMs: 15 * MINUTE },
};

const PRIVATE = { "Cache-Control": "private, no-store" };
const SHARED_BRIEFLY = "public, max-age=0, s-maxage=2, stale-while-revalidate=2";
// The offer names its ticket types in the request's language: a cache keeps one per language.
const OFFER_CACHE = { "Cache-Control": SHARED_BRIEFLY, Vary: "Accept-Language" };
const AVAILABILITY_CACHE = { "Cache-Control": SHARED_BRIEFLY };

/**
 * Ticket sales over HTTP (issue 10), at `ticketsApi.base` (core/api/tickets.endpoints.ts). Reading the offer is public; everything
 * else is a signed-in, verified buyer's (401, 403 `email-not-verified`), scoped by the session's
 * uid whatever the request says. Refusals are 4xx with a translation key; a store too busy to
 * decide is 503 with Retry-After (nothing was taken: retry with the same Idempotency-Key).
 *   GET    /events/:slug/offer           what can be bought now, with what is left
 *   GET    /events/:slug/availability    what is left, the same in every language (the event page's)
 *   POST   /events/:slug/holds           holds the lines (Idempotency-Key: one per checkout) → 201; 403 `not-admitted`
 *                                         while the event's waiting room has not admitted this browser
 *   POST   /holds/:holdId/extension      once, while the hold is in force
 *   DELETE /holds/:holdId                lets the tickets go
 *   POST   /holds/:holdId/payment        pays: 201 with the order, or 200 with the payment page's URL
 *   GET    /orders                       the buyer's orders
 *   POST   /claims                       moves a box-office purchase code's order into the account (404 alike for
 *                                         a code no one has and one another account claimed)
 *   POST   /events/:slug/external-clicks a visitor sent to an external seller, once a day (anyone; 204)
 *   GET    /signing-key                  the tickets' public keys as a JWK Set, for scanners (anyone)
 */
/** How long a scanner or a cache may keep the key set: how long to wait between publishing a next key and signing with it. */
export const SIGNING_KEYS_MAX_AGE_S = 300;

export function ticketsRoute(options: TicketsRouteOptions): Hono {
  const now = options.now ?? (() => new Date());
  const rules = { ...TICKET_RATE_LIMITS, ...options.limits };
  const rateLimiters = options.rateLimiters ?? inProcessRateLimiters(() => now().getTime());
  const limiters = Object.fromEntries(Object.entries(rules).map(([name, rule]) => [name, rateLimiters.limiter(`tickets-${name}`, rule)])) as {
    [Name in keyof TicketRateLimits]: ReturnType<RateLimiters["limiter"]>;
  };
  /** The 429 for the first of the account's and the address's limits this request passes, if any. */
  async function limited(c: Context, buyer: Buyer, perAccount: keyof TicketRateLimits, perAddress: keyof TicketRateLimits, message: ApiMessage): Promise<Response | undefined> {
    const decisions = await Promise.all([limiters[perAccount].take(buyer.userId), limiters[perAddress].take(addressKey(clientAddress(c.req.raw, options.trustedProxies ?? 0)))]);
    for (const decision of decisions) {
      if (!decision.allowed) return apiError(c, "too-many-requests", { message, retryAfterSeconds: decision.retryAfterSeconds });
    }
    return undefined;
  }
  const app = new Hono<{ Variables: { user: SessionUser | null } }>();
  app.use(sameOriginWrites(options.allowedOrigins));
  app.use(async (c, next) => {
    c.set("user", await options.sessions.userOf(c.req.header("Cookie")));
    return next();
  });
  // Nothing was taken: the client may repeat the request. Any other error is the app's 500.
  app.onError((error, c) => {
    if (error instanceof TicketStoreBusyError) return apiError(c, "busy", { retryAfterSeconds: 1 });
    throw error;
  });

  const localeOf = (c: Context) => detectLocale({ cookie: null, acceptLanguage: c.req.header("Accept-Language"), fallback: options.defaultLocale });

  /** The verified buyer, or the refusal to answer with. */
  function buyerOf(c: Context<{ Variables: { user: SessionUser | null } }>): { ok: true; buyer: Buyer } | { ok: false; response: Response } {
    const user = c.var.user;
    if (!user) return { ok: false, response: apiError(c, "unauthorized") };
    if (!user.emailVerified) return { ok: false, response: apiError(c, "email-not-verified") };
    return { ok: true, buyer: { userId: user.uid, email: user.email, locale: localeOf(c) } };
  }

  // Cached briefly: a key published ahead of a rotation reaches the scanners well before it signs.
  const keySet = JSON.stringify({ keys: options.verificationKeys });
  serveEndpoint(app, ticketsApi.base, ticketsApi.signingKeys, (c) =>
    c.body(keySet, 200, { "Content-Type": "application/jwk-set+json", "Cache-Control": `public, max-age=${SIGNING_KEYS_MAX_AGE_S}` }),
  );

  serveEndpoint(app, ticketsApi.base, ticketsApi.offer, async (c, { params, answer }) => {
    const event = await options.eventBySlug(params.slug, localeOf(c));
    if (!event) return apiError(c, "not-found");
    const at = now();
    // The same for everyone: a shared cache may answer a crowd's refreshes with it for 2 s.
    return answer({ ...(await options.sales.offer(event, at)), storeNow: at.toISOString() }, 200, OFFER_CACHE);
  });

  // A crowd refreshing an event page: a shared cache answers it for 2 s, in every language at once.
  serveEndpoint(app, ticketsApi.base, ticketsApi.availability, async (c, { params, answer }) => {
    const event = await options.eventBySlug(params.slug, options.defaultLocale);
    if (!event) return apiError(c, "not-found");
    const at = now();
    return answer({ ...ticketAvailabilityOf(await options.sales.offer(event, at)), storeNow: at.toISOString() }, 200, AVAILABILITY_CACHE);
  });

  serveEndpoint(app, ticketsApi.base, ticketsApi.externalClick, async (c, { params }) => {
    const event = await options.eventBySlug(params.slug, localeOf(c));
    if (!event || event.content.ticketing !== "external") return apiError(c, "not-found");
    const at = now().toISOString();
    await options.clicks.record(event.id, at, options.clickVisitor(c.req.raw, at.slice(0, 10)));
    return c.body(null, 204, PRIVATE);
  });

  serveEndpoint(app, ticketsApi.base, ticketsApi.hold, async (c, { params, body: decodedBody, answer }) => {
    const buyer = buyerOf(c);
    if (!buyer.ok) return buyer.response;
    const tooMany = await limited(c, buyer.buyer, "holdsPerAccount", "holdsPerAddress", "tickets.error.tooManyHolds");
    if (tooMany) return tooMany;
    const key = Schema.decodeUnknownOption(CheckoutKey)(c.req.header("Idempotency-Key"));
    if (key._tag === "None") return apiError(c, "invalid-request");
    const body = await decodedBody();
    if (!body.ok) return body.response;
    const event = await options.eventBySlug(params.slug, buyer.buyer.locale);
    if (!event) return apiError(c, "not-found");
    const at = now();
    // No way round the queue: a hold asked for straight at the API is refused as the page would be.
    if (options.admits && !(await options.admits(c.req.raw, event, c.var.user!, at))) return apiError(c, "not-admitted");
    const held = await options.sales.hold({ buyer: buyer.buyer, event, lines: body.value.lines, idempotencyKey: key.value, now: at, deadline: requestDeadlineOf(c) });
    switch (held.outcome) {
      case "held":
        return answer(holdBody(held.hold, at), 201, PRIVATE);
      case "sold-out":
        return apiError(c, "sold-out", { issues: [{ path: held.ticketTypeId, message: "tickets.error.soldOut" }] });
      case "over-limit":
        return apiError(c, "over-limit", { issues: [{ path: held.ticketTypeId, message: "tickets.error.overLimit" }] });
      case "over-buyer-limit":
        return held.left === 0
          ? apiError(c, "buyer-limit-reached", { issues: [{ path: held.ticketTypeId, message: "tickets.error.buyerLimitReached" }] })
          : apiError(c, "over-buyer-limit", { issues: [{ path: held.ticketTypeId, message: "tickets.error.overBuyerLimit" }] });
      case "unknown-ticket-type":
        return apiError(c, "unprocessable", { issues: [{ path: held.ticketTypeId, message: "tickets.error.notOnSale" }] });
      case "not-on-sale":
        return apiError(c, "not-on-sale");
      case "key-reused":
        return apiError(c, "conflict");
    }
  });

  serveEndpoint(app, ticketsApi.base, ticketsApi.extension, async (c, { params, answer }) => {
    const buyer = buyerOf(c);
    if (!buyer.ok) return buyer.response;
    const at = now();
    const extended = await options.sales.extend({ buyer: buyer.buyer, holdId: params.holdId, now: at });
    switch (extended.outcome) {
      case "extended":
        return answer(holdBody(extended.hold, at), 200, PRIVATE);
      case "already-extended":
        return apiError(c, "already-extended");
      case "expired":
      case "not-held":
        return apiError(c, "hold-expired");
      case "not-found":
        return apiError(c, "not-found");
    }
  });

  serveEndpoint(app, ticketsApi.base, ticketsApi.release, async (c, { params }) => {
    const buyer = buyerOf(c);
    if (!buyer.ok) return buyer.response;
    const released = await options.sales.release({ buyer: buyer.buyer, holdId: params.holdId });
    switch (released.outcome) {
      case "released":
        return c.body(null, 204, PRIVATE);
      case "already-confirmed":
        return apiError(c, "conflict");
      case "not-found":
        return apiError(c, "not-found");
    }
  });

  serveEndpoint(app, ticketsApi.base, ticketsApi.payment, async (c, { params, answer }) => {
    const buyer = buyerOf(c);
    if (!buyer.ok) return buyer.response;
    const paid = await options.sales.pay({ buyer: buyer.buyer, holdId: params.holdId, now: now() });
    switch (paid.outcome) {
      case "confirmed":
        return answer({ order: paid.order }, 201, PRIVATE);
      case "redirect":
        return answer({ redirect: paid.url }, 200, PRIVATE);
      case "hold-expired":
      case "released":
        return apiError(c, "hold-expired");
      case "not-found":
        return apiError(c, "not-found");
    }
  });

  serveEndpoint(app, ticketsApi.base, ticketsApi.orders, async (c, { answer }) => {
    const buyer = buyerOf(c);
    if (!buyer.ok) return buyer.response;
    return answer({ orders: await options.sales.ordersOf(buyer.buyer.userId) }, 200, PRIVATE);
  });

  serveEndpoint(app, ticketsApi.base, ticketsApi.claim, async (c, { body: decodedBody, answer }) => {
    const buyer = buyerOf(c);
    if (!buyer.ok) return buyer.response;
    const tooMany = await limited(c, buyer.buyer, "claimsPerAccount", "claimsPerAddress", "account.error.tooManyRequests");
    if (tooMany) return tooMany;
    const body = await decodedBody();
    if (!body.ok) return body.response;
    const claimed = await options.sales.claim({ buyer: buyer.buyer, code: body.value.code });
    switch (claimed.outcome) {
      case "claimed":
        return answer({ order: claimed.order }, 200, PRIVATE);
      // One answer: a guesser learns nothing of which codes exist.
      case "already-claimed":
      case "unknown-code":
        return apiError(c, "unknown-purchase-code");
    }
  });

  return new Hono().route("/", app);
}

/** A hold with the store's clock, so that the browser's countdown does not depend on its own. */
function holdBody(hold: HeldTickets, at: Date): ticketsApi.HoldAnswer {
  return { holdId: hold.holdId, lines: hold.lines, expiresAt: hold.expiresAt, extended: hold.extended, storeNow: at.toISOString() };
}
