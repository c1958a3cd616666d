import { Hono, type Context } from "hono";
import { detectLocale, inProcessRateLimiters, isLocaleCode, type LocaleCode, type RateLimitRule, type RateLimiters, type RequestSessionVerifier, type SaleEvent } from "../../../core";
import { apiError } from "./api-error";
import { addressKey, clientAddress } from "./client-address";
import { sameOriginWrites } from "./origin-check.middleware";
import type { WaitingRoomGate } from "./waiting-room-gate";

export interface WaitingRoomRouteOptions {
  readonly gate: WaitingRoomGate;
  readonly sessions: RequestSessionVerifier;
  /** The published event at a slug, in a language. */
  readonly eventBySlug: (slug: string, locale: LocaleCode) => Promise<SaleEvent | null>;
  /** The tickets page of an event, in a language: where a form's arrival goes back to. */
  readonly ticketsPage: (slug: string, locale: LocaleCode) => string;
  readonly allowedOrigins: readonly string[];
  readonly defaultLocale: LocaleCode;
  /** Where arrivals are counted: shared by the server's processes and instances; one process's memory by default. */
  readonly rateLimiters?: RateLimiters;
  readonly arrivalsPerAddress?: RateLimitRule;
  /** How many proxies append to X-Forwarded-For (TRUSTED_PROXY). */
  readonly trustedProxies?: number;
  readonly now?: () => Date;
}

/** An address is a household, an office or a mobile carrier's gateway: a few dozen places a minute, not a crowd's. */
export const WAITING_ROOM_ARRIVALS_PER_ADDRESS: RateLimitRule = { limit: 30, windowMs: 60_000 };

// Each answer is this browser's own and of the moment.
const PRIVATE = { "Cache-Control": "private, no-store" };

/**
 * The waiting room over HTTP (issue 51), at /api/waiting-room:
 *   GET  /events/:slug            this browser's standing (WaitingRoomAnswer): one read of the store, no write
 *   POST /events/:slug/arrivals   takes a place (201), or answers with the one this browser or account has (200);
 *                                 a form's post (the queue page without JavaScript) goes back to the tickets page (303)
 * An event without an open room is 404. Arrivals are limited per address (429 with Retry-After).
 */
export function waitingRoomRoute(options: WaitingRoomRouteOptions): Hono {
  const now = options.now ?? (() => new Date());
  const arrivals = (options.rateLimiters ?? inProcessRateLimiters(() => now().getTime())).limiter("waiting-room-arrivals", options.arrivalsPerAddress ?? WAITING_ROOM_ARRIVALS_PER_ADDRESS);
  const localeOf = (c: Context) => detectLocale({ cookie: null, acceptLanguage: c.req.header("Accept-Language"), fallback: options.defaultLocale });

  async function openRoom(c: Context, at: Date): Promise<SaleEvent | undefined> {
    const event = await options.eventBySlug(c.req.param("slug") ?? "", localeOf(c));
    return event && options.gate.isOpen(event, at) ? event : undefined;
  }

  const app = new Hono();
  app.use(sameOriginWrites(options.allowedOrigins));

  app.get("/events/:slug", async (c) => {
    const at = now();
    const event = await openRoom(c, at);
    if (!event) return apiError(c, "not-found");
    const cookie = c.req.header("Cookie");
    return c.json(await options.gate.standing(event, cookie, await options.sessions.userOf(cookie), at), 200, PRIVATE);
  });

  app.post("/events/:slug/arrivals", async (c) => {
    const at = now();
    const event = await openRoom(c, at);
    if (!event) return apiError(c, "not-found");
    const cookie = c.req.header("Cookie");
    const user = await options.sessions.userOf(cookie);
    const known = await options.gate.standing(event, cookie, user, at);
    // A place this browser holds is answered as it is; a new one (none yet, or one whose window passed) is counted against the address.
    const arriving = known.status === "not-queued" || known.status === "expired";
    if (arriving) {
      const decision = await arrivals.take(addressKey(clientAddress(c.req.raw, options.trustedProxies ?? 0)));
      if (!decision.allowed) return apiError(c, "too-many-requests", { message: "waitingRoom.error.tooManyArrivals", retryAfterSeconds: decision.retryAfterSeconds });
    }
    const { answer, cookies } = arriving ? await options.gate.arrive(event, cookie, user, at) : { answer: known, cookies: [] };
    for (const line of cookies) c.header("Set-Cookie", line, { append: true });
    if ((c.req.header("Content-Type") ?? "").startsWith("application/x-www-form-urlencoded")) {
      // The page's language, which its form names; the request's otherwise.
      const { locale } = await c.req.parseBody();
      return c.redirect(options.ticketsPage(event.slug, isLocaleCode(locale) ? locale : localeOf(c)), 303);
    }
    return c.json(answer, cookies.length > 0 ? 201 : 200, PRIVATE);
  });

  return new Hono().route("/", app);
}
