import type { EventContent } from "../content/content-types.schema";
import type { LocaleCode } from "../locale/locale.settings";
import { doorsOpenAt, eventDatesOf, eventWhen } from "../content/event-dates.ops";
import { formatPrice, formatTime } from "../locale/locale-format.ops";
import { accountMailLocale } from "../account/mail-locale.ops";
import type { MailPort } from "../../ports/mail.port";
import type { CheckoutLine, PaymentNotice, PaymentPort } from "../../ports/payment.port";
import type { UserProfilePort } from "../../ports/user-profile.port";
import type {
  ClaimOutcome,
  ExtendOutcome,
  HeldTickets,
  ReleaseOutcome,
  TicketOrder,
  TicketStorePort,
  TicketTypeQuantity,
} from "../../ports/ticket-store.port";
import { eventAvailability, ticketTypesOnSale, type EventAvailability, type TicketTypeOnSale } from "./event-availability.ops";
import type { TicketTypeInventory } from "./ticket-inventory.ops";
import { purchaseCodeCandidates } from "./purchase-code.ops";
import { ticketQuantitiesOf } from "./ticket-order.ops";
import { ticketReceiptOf, type TicketReceipt } from "./ticket-receipt.ops";

/** An event as the sale needs it: its story's uuid (the store's event id), its slug, its content in the buyer's language. */
export interface SaleEvent {
  readonly id: string;
  readonly slug: string;
  readonly content: EventContent;
}

/** A published event story as the sale sees it. */
export function saleEventOf(story: { readonly meta: { readonly uuid: string; readonly slug: string }; readonly content: EventContent }): SaleEvent {
  return { id: story.meta.uuid, slug: story.meta.slug, content: story.content };
}

/** A signed-in, verified user buying. */
export interface Buyer {
  readonly userId: string;
  readonly email: string;
  readonly locale: LocaleCode;
}

export interface TicketSalesPorts {
  readonly store: TicketStorePort;
  readonly payments: PaymentPort;
  readonly mail: MailPort;
  /** The buyer's language for mails, which their profile holds (issue 49 item 16). */
  readonly userProfiles: Pick<UserProfilePort, "get">;
}

export interface TicketSalesSettings {
  readonly holdMs: number;
  readonly extensionMs: number;
  /** The published event with this story uuid, in a language (a payment's webhook knows only the ids). */
  eventById(id: string, locale: LocaleCode): Promise<SaleEvent | null>;
  readonly links: {
    /** Where the buyer comes back to from a payment page, finished or not. */
    tickets(event: SaleEvent, locale: LocaleCode): string;
    /** Where the buyer finds their tickets. */
    dashboard(locale: LocaleCode): string;
  };
}

/**
 * The tickets page for a signed-in buyer: the offer, and their hold in force for the event, which
 * the page resumes. Their own held tickets count as left for them (a new hold would replace it).
 */
export interface BuyerCheckout {
  readonly offer: TicketOffer;
  readonly hold: HeldTickets | null;
}

/** What the tickets page offers now: read from the store each time, so never from a cached page. */
export interface TicketOffer {
  readonly availability: EventAvailability;
  readonly ticketTypes: readonly TicketTypeOnSale[];
  /** While coming soon: when the first ticket type's sale opens (ISO 8601), if the CMS says. */
  readonly salesOpenAt: string | undefined;
}

/**
 * What is left of an event, the same in every language and for everyone: what the event page asks
 * in the browser, from an answer a shared cache may keep for a moment (issue 51).
 */
export interface TicketAvailability {
  readonly availability: EventAvailability;
  readonly ticketTypes: readonly { readonly ticketTypeId: string; readonly available: number }[];
}

/** The offer without what a language or a buyer changes (names, prices, limits). */
export function ticketAvailabilityOf(offer: TicketOffer): TicketAvailability {
  return { availability: offer.availability, ticketTypes: offer.ticketTypes.map(({ ticketTypeId, available }) => ({ ticketTypeId, available })) };
}

export type HoldTicketsOutcome =
  | { readonly outcome: "held"; readonly hold: HeldTickets }
  | { readonly outcome: "not-on-sale"; readonly availability: EventAvailability }
  | { readonly outcome: "unknown-ticket-type"; readonly ticketTypeId: string }
  | { readonly outcome: "over-limit"; readonly ticketTypeId: string; readonly perOrderLimit: number }
  | { readonly outcome: "over-buyer-limit"; readonly ticketTypeId: string; readonly perBuyerLimit: number; readonly left: number }
  | { readonly outcome: "sold-out"; readonly ticketTypeId: string; readonly available: number }
  | { readonly outcome: "key-reused" };

/** A buyer's hold request; `deadline` aborts once no one waits for the answer. */
export interface BuyerHoldRequest {
  readonly buyer: Buyer;
  readonly event: SaleEvent;
  readonly lines: readonly TicketTypeQuantity[];
  readonly idempotencyKey: string;
  readonly now: Date;
  readonly deadline?: AbortSignal;
}

/** Back from the payment page: the order the hold became, or its lines while the payment's confirmation is on its way. */
export type PaymentReturn = { readonly state: "confirmed" | "pending"; readonly receipt: TicketReceipt };

export type PayOutcome =
  | { readonly outcome: "confirmed"; readonly order: TicketOrder }
  /** The buyer pays on the provider's page; the webhook confirms. */
  | { readonly outcome: "redirect"; readonly url: string }
  /** Too late: the hold ran out (a payment already taken is refunded). */
  | { readonly outcome: "hold-expired" }
  | { readonly outcome: "released" }
  | { readonly outcome: "not-found" };

/**
 * Ticket sales (issue 10): what the HTTP routes call. The CMS says what is sold (ticket types,
 * prices, capacities, sale windows), the store keeps the stock, the payment port takes the money.
 * Every decision about whether an event can be bought is eventAvailability's.
 */
export function createTicketSales(ports: TicketSalesPorts, settings: TicketSalesSettings) {
  const { store, payments, mail } = ports;

  async function inventoryOf(event: SaleEvent, now: Date): Promise<readonly TicketTypeInventory[]> {
    const types = event.content.ticket_types ?? [];
    if (types.length === 0) return [];
    return store.availability(
      types.map((type) => ({ ticketTypeId: type._uid, capacity: type.capacity })),
      now.toISOString(),
    );
  }

  /** `ownHold`: the buyer's hold in force, whose tickets are theirs to have (the one who holds the last ones is not told they are sold out). */
  async function offer(event: SaleEvent, now: Date, ownHold: readonly TicketTypeQuantity[] = []): Promise<TicketOffer> {
    const own = new Map(ownHold.map((line) => [line.ticketTypeId, line.quantity]));
    const inventory = (await inventoryOf(event, now)).map((entry) => ({ ...entry, held: Math.max(0, entry.held - (own.get(entry.ticketTypeId) ?? 0)) }));
    const availability = eventAvailability(event.content, inventory, now);
    const opening = (event.content.ticket_types ?? [])
      .map((type) => (type.sale_start ? Date.parse(type.sale_start) : Number.NaN))
      .filter((start) => start > now.getTime())
      .sort((a, b) => a - b)[0];
    return {
      availability,
      ticketTypes: ticketTypesOnSale(event.content, inventory, now),
      salesOpenAt: availability === "coming-soon" && opening !== undefined ? new Date(opening).toISOString() : undefined,
    };
  }

  /** The lines as the payment page and the receipt show them: names and prices as the CMS says now. */
  function checkoutLinesOf(event: SaleEvent, lines: readonly TicketTypeQuantity[]): CheckoutLine[] {
    const types = new Map((event.content.ticket_types ?? []).map((type) => [type._uid, type]));
    return lines.map((line) => {
      const type = types.get(line.ticketTypeId);
      return { name: type?.name ?? line.ticketTypeId, unitPriceCents: type?.price ?? 0, quantity: line.quantity };
    });
  }

  /** In the account's language for mails, whichever page the purchase came from; the page's when it has no profile. */
  async function sendConfirmation(order: TicketOrder, buyer: Pick<Buyer, "email" | "locale">): Promise<void> {
    const locale = accountMailLocale(order.userId ? await ports.userProfiles.get(order.userId) : null, buyer.locale);
    const event = await settings.eventById(order.eventId, locale);
    const types = new Map((event?.content.ticket_types ?? []).map((type) => [type._uid, type]));
    const totalCents = order.tickets.reduce((total, ticket) => total + (types.get(ticket.ticketTypeId)?.price ?? 0), 0);
    const dates = event ? eventDatesOf(event.content) : undefined;
    const doors = dates ? doorsOpenAt(dates) : undefined;
    await mail.send(
      {
        to: buyer.email,
        locale,
        template: "ticketOrderConfirmation",
        params: {
          orderId: order.orderId,
          eventTitle: event ? titleOf(event) : "",
          eventDate: dates ? eventWhen(dates, locale) : "",
          doorsOpen: doors ? formatTime(doors, locale) : "",
          location: event?.content.location ?? "",
          tickets: order.tickets.map((ticket) => ({ name: types.get(ticket.ticketTypeId)?.name ?? ticket.ticketTypeId, code: ticket.code })),
          total: formatPrice(totalCents, locale),
          link: settings.links.dashboard(locale),
        },
      },
      // One confirmation per order, however often the payment is reported.
      { key: `${order.orderId}.confirmation` },
    );
  }

  /** Turns a paid hold into an order; money for tickets that are gone goes back. */
  async function settlePaid(reference: { holdId: string; userId: string }, paymentId: string, buyer: Pick<Buyer, "email" | "locale">, now: Date): Promise<PayOutcome> {
    const confirmed = await store.confirm({ ...reference, now: now.toISOString() });
    if (confirmed.outcome === "confirmed") {
      await sendConfirmation(confirmed.order, buyer);
      return confirmed;
    }
    await payments.refund(paymentId);
    return confirmed.outcome === "expired" ? { outcome: "hold-expired" } : confirmed;
  }

  /** The hold as the store decides it, unless the request's deadline passed before the store was asked. */
  async function heldUnlessLate(request: BuyerHoldRequest): Promise<HoldTicketsOutcome> {
    const { availability, ticketTypes } = await offer(request.event, request.now);
    // Sold out is what a buyer who came a moment too late must hear, whichever check saw it first.
    if (availability === "sold-out") return { outcome: "sold-out", ticketTypeId: request.lines[0]?.ticketTypeId ?? "", available: 0 };
    if (availability !== "on-sale" && availability !== "few-left") return { outcome: "not-on-sale", availability };
    const capacities = new Map((request.event.content.ticket_types ?? []).map((type) => [type._uid, type.capacity]));
    const onSale = new Map(ticketTypes.map((type) => [type.ticketTypeId, type]));
    const lines = [];
    for (const line of request.lines) {
      const type = onSale.get(line.ticketTypeId);
      if (!type) return { outcome: "unknown-ticket-type", ticketTypeId: line.ticketTypeId };
      lines.push({
        ticketType: { ticketTypeId: type.ticketTypeId, capacity: capacities.get(type.ticketTypeId) ?? 0, perOrderLimit: type.perOrderLimit, perBuyerLimit: type.perBuyerLimit },
        quantity: line.quantity,
      });
    }
    request.deadline?.throwIfAborted();
    return store.hold({
      userId: request.buyer.userId,
      eventId: request.event.id,
      idempotencyKey: request.idempotencyKey,
      lines,
      holdForMs: settings.holdMs,
      now: request.now.toISOString(),
      deadline: request.deadline,
    });
  }

  return {
    offer,

    /**
     * The offer and the buyer's hold in force (issue 49: a reload no longer loses it). A hold with
     * a type no longer on sale is not resumed (the page could not show it); it runs out unpaid.
     */
    async checkoutOf(request: { buyer: Pick<Buyer, "userId">; event: SaleEvent; now: Date }): Promise<BuyerCheckout> {
      const found = await store.activeHoldOf(request.buyer.userId, request.event.id, request.now.toISOString());
      const latest = await offer(request.event, request.now, found?.lines);
      const resumable = found !== null && found.lines.every((line) => latest.ticketTypes.some((type) => type.ticketTypeId === line.ticketTypeId));
      return { offer: latest, hold: resumable ? found : null };
    },

    /**
     * `deadline`: the request's (issue 50). Aborted before the store is asked, nothing is held;
     * aborted by the time the store has held the tickets, no one will hear of the hold, so it is
     * withdrawn at once: released, its key forgotten, so that the buyer's retry with the same key
     * (what the 503 asks for) holds afresh. Either way the signal's reason is thrown.
     */
    async hold(request: BuyerHoldRequest): Promise<HoldTicketsOutcome> {
      const held = await heldUnlessLate(request);
      if (held.outcome === "held" && request.deadline?.aborted) {
        await store.withdraw({ holdId: held.hold.holdId, userId: request.buyer.userId });
        request.deadline.throwIfAborted();
      }
      return held;
    },

    extend(request: { buyer: Buyer; holdId: string; now: Date }): Promise<ExtendOutcome> {
      return store.extend({ holdId: request.holdId, userId: request.buyer.userId, extendByMs: settings.extensionMs, now: request.now.toISOString() });
    },

    release(request: { buyer: Buyer; holdId: string }): Promise<ReleaseOutcome> {
      return store.release({ holdId: request.holdId, userId: request.buyer.userId });
    },

    /**
     * Pays for a hold. One checkout per hold (the payment's idempotency key is the hold's), so a
     * retried or doubled request never charges twice, and a hold already paid answers its order.
     */
    async pay(request: { buyer: Buyer; holdId: string; now: Date }): Promise<PayOutcome> {
      const reference = { holdId: request.holdId, userId: request.buyer.userId };
      const found = await store.findHold({ ...reference, now: request.now.toISOString() });
      if (!found) return { outcome: "not-found" };
      if (found.state === "confirmed") {
        const repeat = await store.confirm({ ...reference, now: request.now.toISOString() });
        return repeat.outcome === "confirmed" ? repeat : { outcome: "not-found" };
      }
      if (found.state === "expired") return { outcome: "hold-expired" };
      if (found.state === "released") return { outcome: "released" };
      const event = await settings.eventById(found.hold.eventId, request.buyer.locale);
      if (!event) return { outcome: "not-found" };
      const checkout = await payments.startCheckout({
        holdId: request.holdId,
        userId: request.buyer.userId,
        eventId: event.id,
        eventTitle: titleOf(event),
        lines: checkoutLinesOf(event, found.hold.lines),
        currency: "EUR",
        buyerEmail: request.buyer.email,
        locale: request.buyer.locale,
        idempotencyKey: `checkout:${request.holdId}`,
        holdExpiresAt: found.hold.expiresAt,
        // The hold comes back with the buyer, so that the page shows what it became.
        returnUrl: `${settings.links.tickets(event, request.buyer.locale)}?hold=${encodeURIComponent(request.holdId)}`,
        cancelUrl: settings.links.tickets(event, request.buyer.locale),
      });
      if (checkout.outcome === "redirect") return { outcome: "redirect", url: checkout.url };
      return settlePaid(reference, checkout.paymentId, request.buyer, request.now);
    },

    /**
     * The buyer's hold as the payment page sends them back: its order once the webhook has
     * confirmed it, its lines while that is on its way; null for a hold that is not theirs, or
     * that ended unpaid.
     */
    async paymentReturnOf(request: { buyer: Pick<Buyer, "userId">; holdId: string; event: SaleEvent; now: Date }): Promise<PaymentReturn | null> {
      const reference = { holdId: request.holdId, userId: request.buyer.userId };
      const found = await store.findHold({ ...reference, now: request.now.toISOString() });
      if (!found || found.hold.eventId !== request.event.id) return null;
      const types = request.event.content.ticket_types ?? [];
      if (found.state === "held") return { state: "pending", receipt: ticketReceiptOf(types, found.hold.lines, undefined) };
      if (found.state !== "confirmed") return null;
      const confirmed = await store.confirm({ ...reference, now: request.now.toISOString() });
      if (confirmed.outcome !== "confirmed") return null;
      return { state: "confirmed", receipt: ticketReceiptOf(types, ticketQuantitiesOf(confirmed.order.tickets), confirmed.order.orderId) };
    },

    /** What a verified payment webhook says: paid → the order; a payment page that expired → the stock goes back. */
    async settle(notice: PaymentNotice, now: Date): Promise<void> {
      if (notice.kind === "paid") {
        await settlePaid({ holdId: notice.holdId, userId: notice.userId }, notice.paymentId, { email: notice.buyerEmail, locale: notice.locale }, now);
      } else if (notice.kind === "expired") {
        await store.release({ holdId: notice.holdId, userId: notice.userId });
      }
    },

    ordersOf(userId: string): Promise<readonly TicketOrder[]> {
      return store.ordersOf(userId);
    },

    /** A box-office code as the buyer typed it (spaces, dashes, lower case, O for 0 and I or L for 1 are forgiven). */
    async claim(request: { buyer: Pick<Buyer, "userId">; code: string }): Promise<ClaimOutcome> {
      let claimed: ClaimOutcome = { outcome: "unknown-code" };
      for (const code of purchaseCodeCandidates(request.code)) {
        claimed = await store.claimPurchaseCode({ code, userId: request.buyer.userId });
        if (claimed.outcome !== "unknown-code") return claimed;
      }
      return claimed;
    },
  };
}

const titleOf = (event: SaleEvent) => event.content.title || event.slug;

export type TicketSales = ReturnType<typeof createTicketSales>;
