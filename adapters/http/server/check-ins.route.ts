import { Hono } from "hono";
import {
  SyncCheckInsBody,
  TicketStoreBusyError,
  eventPackOf,
  mayCheckIn,
  type CheckInsPort,
  type RequestSessionVerifier,
  type StaffAccessPort,
  type TicketStorePort,
  type TicketVerificationKey,
  type LocaleCode,
  type StaffEvent,
  isLocaleCode,
} from "../../../core";
import { apiError, decodeJsonBody } from "./api-error";
import { sameOriginWrites } from "./origin-check.middleware";

export interface CheckInsRouteOptions {
  readonly checkIns: CheckInsPort;
  readonly staff: StaffAccessPort;
  readonly tickets: Pick<TicketStorePort, "ordersOfEvent">;
  /** The public keys tickets are checked with, the one signing now first. */
  readonly verificationKeys: readonly TicketVerificationKey[];
  readonly sessions: RequestSessionVerifier;
  /** The published events a kiosk may offer, in a language: the staff member's among them are listed. */
  readonly events: (locale: LocaleCode) => Promise<readonly StaffEvent[]>;
  readonly allowedOrigins: readonly string[];
  readonly now?: () => Date;
}

const PRIVATE = { "Cache-Control": "private, no-store" };

/**
 * The door kiosks' API (issue 54), at /api/check-ins, for door staff only: to anyone else (signed
 * out, or signed in without the staff role) it does not exist (404); staff of other events are
 * refused (403). Thin: the schemas decode, the ports decide.
 *   GET  /events?locale=es           the events this member of staff checks in, for the kiosk to choose from
 *   GET  /events/:eventId/pack       the event's tickets with their states and first uses, and the keys
 *   POST /events/:eventId/check-ins  a kiosk's check-ins (SyncCheckInsBody) → each one's verdict and the counts
 *   GET  /events/:eventId/counts     people in, per gate and in total
 */
export function checkInsRoute(options: CheckInsRouteOptions): Hono {
  const now = options.now ?? (() => new Date());
  const app = new Hono();
  app.use(sameOriginWrites(options.allowedOrigins));
  app.onError((error, c) => {
    if (error instanceof TicketStoreBusyError) return apiError(c, "busy", { retryAfterSeconds: 1 });
    throw error;
  });
  app.get("/events", async (c) => {
    const user = await options.sessions.userOf(c.req.header("Cookie"));
    const events = user ? await options.staff.eventsOf(user.uid) : null;
    if (events === null) return apiError(c, "not-found");
    const requested = c.req.query("locale");
    const locale = requested && isLocaleCode(requested) ? requested : "es";
    const listed = (await options.events(locale)).filter((event) => mayCheckIn(events, event.eventId));
    return c.json({ events: listed }, 200, PRIVATE);
  });

  app.use("/events/:eventId/*", async (c, next) => {
    const user = await options.sessions.userOf(c.req.header("Cookie"));
    const events = user ? await options.staff.eventsOf(user.uid) : null;
    if (events === null) return apiError(c, "not-found");
    if (!mayCheckIn(events, c.req.param("eventId"))) return apiError(c, "forbidden");
    return next();
  });

  app.get("/events/:eventId/pack", async (c) => {
    const eventId = c.req.param("eventId");
    const [orders, firstUses] = await Promise.all([options.tickets.ordersOfEvent(eventId), options.checkIns.firstUses(eventId)]);
    return c.json(eventPackOf(eventId, orders, options.verificationKeys, firstUses, now().toISOString()), 200, PRIVATE);
  });

  app.post("/events/:eventId/check-ins", async (c) => {
    const body = await decodeJsonBody(c, SyncCheckInsBody);
    if (!body.ok) return body.response;
    const eventId = c.req.param("eventId");
    const results = await options.checkIns.record(eventId, body.value.checkIns, now().toISOString());
    return c.json({ results, counts: await options.checkIns.counts(eventId) }, 200, PRIVATE);
  });

  app.get("/events/:eventId/counts", async (c) => c.json(await options.checkIns.counts(c.req.param("eventId")), 200, PRIVATE));

  // Nothing else here exists for anyone.
  app.all("*", (c) => apiError(c, "not-found"));
  return app;
}
