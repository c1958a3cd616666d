import type { Hono } from "hono";
import { ticketsRoute, type TicketsRouteOptions } from "../../../../../../adapters/http/server/tickets.route";
import { createNoChargePayments } from "../../../../../../adapters/embedded/payments/no-charge-payment.adapter";
import {
  cookieSessionVerifier,
  createTicketSales,
  type EventContent,
  type ExternalTicketClicksPort,
  type SaleEvent,
  type TicketSales,
  type TicketStorePort,
  type UserProfilePort,
} from "../../../../../../core";

/** One event with one ticket type, "pista" unless told otherwise, far in the future unless told otherwise. */
export function pistaEvent(options: { readonly capacity: number; readonly perOrderLimit?: number; readonly id?: string; readonly ticketTypeId?: string; readonly content?: Partial<EventContent> }): SaleEvent {
  return {
    id: options.id ?? "story-uuid-1",
    slug: "lua-serrano",
    content: {
      component: "event",
      _uid: "event-1",
      title: "Lúa Serrano",
      date_from: "2099-07-01T21:00:00+02:00",
      ticket_types: [{ component: "ticket_type", _uid: options.ticketTypeId ?? "pista", name: "Pista", price: 4500, capacity: options.capacity, per_order_limit: options.perOrderLimit ?? 4 }],
      ...options.content,
    },
  };
}

/** The ticket sales of `event` alone on `store`, charging nothing, their mails taken and dropped. */
export function salesOf(event: SaleEvent, ports: { readonly store: TicketStorePort; readonly userProfiles: UserProfilePort }): TicketSales {
  return createTicketSales(
    { store: ports.store, payments: createNoChargePayments(), mail: { send: async (_message, options) => options?.key ?? "mail" }, userProfiles: ports.userProfiles },
    { holdMs: 600_000, extensionMs: 300_000, eventById: async () => event, links: { tickets: () => "https://arena.test/", dashboard: () => "https://arena.test/" } },
  );
}

/** Who buys is not the point: every session cookie is a verified buyer of its own, named by the cookie. */
export const EVERY_COOKIE_A_VERIFIED_BUYER = cookieSessionVerifier(
  { verify: async (credential) => ({ uid: credential, email: `${credential}@example.org`, emailVerified: true, displayName: null }) },
  { secure: false },
);

/** The tickets API selling `event` alone, for writes from `origin`, every cookie a verified buyer unless told otherwise. */
export function ticketsApiOf(
  event: SaleEvent,
  options: { readonly sales: TicketSales; readonly clicks: ExternalTicketClicksPort; readonly origin: string } & Partial<Pick<TicketsRouteOptions, "sessions" | "limits" | "admits" | "rateLimiters" | "now">>,
): Hono {
  const { sales, clicks, origin, ...rest } = options;
  return ticketsRoute({
    sales,
    clicks,
    clickVisitor: () => "not-clicking",
    verificationKeys: [],
    sessions: EVERY_COOKIE_A_VERIFIED_BUYER,
    eventBySlug: async (slug) => (slug === event.slug ? event : null),
    allowedOrigins: [origin],
    defaultLocale: "es",
    ...rest,
  });
}
