import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openDatabase } from "../../../../../adapters/embedded/database/open-database";
import { createSqliteTicketStore } from "../../../../../adapters/embedded/tickets/sqlite-ticket-store.adapter";
import { createSqliteUserProfiles } from "../../../../../adapters/embedded/user-profile/sqlite-user-profile.adapter";
import type { EventContent, TicketTypeContent } from "../../../../../core/domain/content/content-types.schema";
import { createTicketSales, type Buyer, type SaleEvent } from "../../../../../core/domain/tickets/ticket-sales.service";
import { newUserProfile, type CheckoutRequest, type MailMessage, type MailPort, type PaymentPort } from "../../../../../core";

const NOW = new Date("2030-06-15T12:00:00+02:00");
const minutesLater = (minutes: number) => new Date(NOW.getTime() + minutes * 60_000);

const ticketType = (fields: Partial<TicketTypeContent>): TicketTypeContent => ({
  component: "ticket_type",
  _uid: "pista",
  name: "Pista",
  price: 4500,
  capacity: 10,
  per_order_limit: 6,
  ...fields,
});

const saleEvent = (content: Partial<EventContent> = {}): SaleEvent => ({
  id: "story-uuid-1",
  slug: "lua-serrano",
  content: {
    component: "event",
    _uid: "event-1",
    title: "Lúa Serrano",
    date_from: "2030-07-01T21:00:00+02:00",
    location: "Pista central",
    ticket_types: [ticketType({}), ticketType({ _uid: "grada", name: "Grada", price: 3000, capacity: 100 })],
    ...content,
  },
});

const buyer: Buyer = { userId: "user-1", email: "ana@example.com", locale: "val" };

/** A payment port that records what it was asked; `redirect` plays Stripe's page. */
function recordingPayments(mode: "paid" | "redirect") {
  const checkouts: CheckoutRequest[] = [];
  const refunds: string[] = [];
  const port: PaymentPort = {
    kind: mode === "paid" ? "no-charge" : "stripe",
    async startCheckout(request) {
      checkouts.push(request);
      return mode === "paid"
        ? { outcome: "paid", paymentId: `payment:${request.idempotencyKey}` }
        : { outcome: "redirect", url: "https://pay.example/session", paymentId: `session:${request.holdId}` };
    },
    async readNotice() {
      return { kind: "invalid-signature" };
    },
    async refund(paymentId) {
      refunds.push(paymentId);
    },
  };
  return { port, checkouts, refunds };
}

function recordingMail() {
  const sent: { message: MailMessage; key: string | undefined }[] = [];
  const port: MailPort = {
    async send(message, options) {
      if (!sent.some((mail) => mail.key !== undefined && mail.key === options?.key)) sent.push({ message, key: options?.key });
      return options?.key ?? "id";
    },
  };
  return { port, sent };
}

describe("ticket sales", () => {
  let dataDir: string;
  let db: ReturnType<typeof openDatabase>;
  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), "ticket-sales-"));
    db = openDatabase(dataDir);
  });
  afterEach(() => {
    db.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const salesWith = (payments: PaymentPort, mail: MailPort, event = saleEvent()) =>
    createTicketSales(
      { store: createSqliteTicketStore(db), payments, mail, userProfiles: createSqliteUserProfiles(db) },
      {
        holdMs: 10 * 60_000,
        extensionMs: 5 * 60_000,
        eventById: async (id) => (id === event.id ? event : null),
        links: { tickets: (sale, locale) => `https://arena.test/${locale}/event/${sale.slug}/tickets/`, dashboard: (locale) => `https://arena.test/${locale}/dashboard/` },
      },
    );

  it("offers the open ticket types with what the store has left", async () => {
    const sales = salesWith(recordingPayments("paid").port, recordingMail().port);
    await sales.hold({ buyer, event: saleEvent(), lines: [{ ticketTypeId: "pista", quantity: 4 }], idempotencyKey: "checkout-0001", now: NOW });
    const offer = await sales.offer(saleEvent(), NOW);
    expect(offer.availability).toBe("on-sale");
    expect(offer.ticketTypes.map((type) => [type.ticketTypeId, type.available])).toEqual([["pista", 6], ["grada", 100]]);
  });

  it("gives the tickets page the buyer's hold in force, whose tickets stay theirs even when they are the last (issue 49)", async () => {
    const sales = salesWith(recordingPayments("paid").port, recordingMail().port);
    expect(await sales.checkoutOf({ buyer, event: saleEvent(), now: NOW })).toMatchObject({ hold: null });
    const held = await sales.hold({ buyer, event: saleEvent(), lines: [{ ticketTypeId: "pista", quantity: 4 }], idempotencyKey: "checkout-0002", now: NOW });
    if (held.outcome !== "held") throw new Error(held.outcome);
    await sales.hold({ buyer: { ...buyer, userId: "user-2" }, event: saleEvent(), lines: [{ ticketTypeId: "pista", quantity: 6 }], idempotencyKey: "checkout-0003", now: NOW });
    const checkout = await sales.checkoutOf({ buyer, event: saleEvent(), now: minutesLater(1) });
    expect(checkout.hold).toEqual(held.hold);
    expect(checkout.offer.ticketTypes.map((type) => [type.ticketTypeId, type.available])).toEqual([["pista", 4], ["grada", 100]]);
    // Anyone else sees the last ones held; the buyer no longer once it has run out.
    expect((await sales.offer(saleEvent(), minutesLater(1))).ticketTypes[0]).toMatchObject({ available: 0 });
    expect(await sales.checkoutOf({ buyer, event: saleEvent(), now: minutesLater(10) })).toMatchObject({ hold: null });
  });

  it("says when the sale opens while it is coming soon", async () => {
    const sales = salesWith(recordingPayments("paid").port, recordingMail().port);
    const later = saleEvent({
      ticket_types: [ticketType({ sale_start: "2030-07-01T10:00:00+02:00" }), ticketType({ _uid: "grada", sale_start: "2030-06-20T10:00:00+02:00" })],
    });
    expect(await sales.offer(later, NOW)).toEqual({ availability: "coming-soon", ticketTypes: [], salesOpenAt: "2030-06-20T08:00:00.000Z" });
    expect((await sales.offer(saleEvent(), NOW)).salesOpenAt).toBeUndefined();
  });

  it("holds, pays without charging and confirms: one order, one mail in the buyer's language with every ticket's code", async () => {
    const payments = recordingPayments("paid");
    const mail = recordingMail();
    const sales = salesWith(payments.port, mail.port);
    const held = await sales.hold({ buyer, event: saleEvent(), lines: [{ ticketTypeId: "pista", quantity: 2 }, { ticketTypeId: "grada", quantity: 1 }], idempotencyKey: "checkout-0001", now: NOW });
    if (held.outcome !== "held") throw new Error(held.outcome);
    const paid = await sales.pay({ buyer, holdId: held.hold.holdId, now: minutesLater(1) });
    if (paid.outcome !== "confirmed") throw new Error(paid.outcome);
    expect(paid.order.tickets.map((ticket) => ticket.ticketTypeId)).toEqual(["pista", "pista", "grada"]);
    expect(payments.checkouts).toEqual([
      expect.objectContaining({
        holdId: held.hold.holdId,
        eventTitle: "Lúa Serrano",
        lines: [{ name: "Pista", unitPriceCents: 4500, quantity: 2 }, { name: "Grada", unitPriceCents: 3000, quantity: 1 }],
        idempotencyKey: `checkout:${held.hold.holdId}`,
        buyerEmail: "ana@example.com",
        locale: "val",
        holdExpiresAt: held.hold.expiresAt,
      }),
    ]);
    expect(mail.sent).toHaveLength(1);
    const [{ message, key }] = mail.sent as [(typeof mail.sent)[number]];
    expect(key).toBe(`${paid.order.orderId}.confirmation`);
    expect(message).toMatchObject({ to: "ana@example.com", locale: "val", template: "ticketOrderConfirmation" });
    if (message.template !== "ticketOrderConfirmation") throw new Error(message.template);
    expect(message.params.tickets.map((ticket) => ticket.code)).toEqual(paid.order.tickets.map((ticket) => ticket.code));
    expect(message.params.total).toMatch(/120,00/);
    expect(message.params.eventDate).toBe("dilluns, 1 de juliol del 2030, a les 21:00");
    expect(message.params.link).toBe("https://arena.test/val/dashboard/");
  });

  it("writes the confirmation in the buyer's language for mails, not the page's (issue 49 item 16)", async () => {
    const mail = recordingMail();
    const sales = salesWith(recordingPayments("paid").port, mail.port);
    await createSqliteUserProfiles(db).upsert(newUserProfile(buyer.userId, { name: "Ana", surname: "Puig", preferredLanguage: "en", privacyPolicy: true }, NOW.toISOString()));
    const held = await sales.hold({ buyer, event: saleEvent(), lines: [{ ticketTypeId: "pista", quantity: 1 }], idempotencyKey: "checkout-0001", now: NOW });
    if (held.outcome !== "held") throw new Error(held.outcome);
    const paid = await sales.pay({ buyer, holdId: held.hold.holdId, now: minutesLater(1) });
    if (paid.outcome !== "confirmed") throw new Error(paid.outcome);
    const [{ message }] = mail.sent as [(typeof mail.sent)[number]];
    expect(message).toMatchObject({ locale: "en", template: "ticketOrderConfirmation" });
    if (message.template !== "ticketOrderConfirmation") throw new Error(message.template);
    expect(message.params.link).toBe("https://arena.test/en/dashboard/");
    expect(message.params.total).toMatch(/€45\.00/);
  });

  it("mails a run of days as its first and last day, not as the first evening", async () => {
    const mail = recordingMail();
    const run = saleEvent({ date_from: "2030-07-10T18:00:00+02:00", date_to: "2030-07-14T22:00:00+02:00" });
    const sales = salesWith(recordingPayments("paid").port, mail.port, run);
    const held = await sales.hold({ buyer, event: run, lines: [{ ticketTypeId: "pista", quantity: 1 }], idempotencyKey: "checkout-run", now: NOW });
    if (held.outcome !== "held") throw new Error(held.outcome);
    expect((await sales.pay({ buyer, holdId: held.hold.holdId, now: minutesLater(1) })).outcome).toBe("confirmed");
    const [{ message }] = mail.sent as [(typeof mail.sent)[number]];
    if (message.template !== "ticketOrderConfirmation") throw new Error(message.template);
    expect(message.params.eventDate).toBe("10–14 de juliol del 2030");
    expect(message.params.doorsOpen).toBe("");
  });

  it("mails a night that ends next morning as one evening, with its start and doors on the language's clock (issue 49 item 15)", async () => {
    const mail = recordingMail();
    const night = saleEvent({ date_from: "2030-12-31T22:00:00+01:00", date_to: "2031-01-01T06:00:00+01:00", doors_open: "21:30" });
    const sales = salesWith(recordingPayments("paid").port, mail.port, night);
    const held = await sales.hold({ buyer: { ...buyer, locale: "en" }, event: night, lines: [{ ticketTypeId: "pista", quantity: 1 }], idempotencyKey: "checkout-night", now: NOW });
    if (held.outcome !== "held") throw new Error(held.outcome);
    expect((await sales.pay({ buyer: { ...buyer, locale: "en" }, holdId: held.hold.holdId, now: minutesLater(1) })).outcome).toBe("confirmed");
    const [{ message }] = mail.sent as [(typeof mail.sent)[number]];
    if (message.template !== "ticketOrderConfirmation") throw new Error(message.template);
    expect(message.params.eventDate.replace(/\s/g, " ")).toBe("Tuesday, December 31, 2030 at 10:00 PM");
    expect(message.params.doorsOpen.replace(/\s/g, " ")).toBe("9:30 PM");
  });

  it("answers a second payment of the same hold with the same order, charging and mailing once", async () => {
    const payments = recordingPayments("paid");
    const mail = recordingMail();
    const sales = salesWith(payments.port, mail.port);
    const held = await sales.hold({ buyer, event: saleEvent(), lines: [{ ticketTypeId: "pista", quantity: 1 }], idempotencyKey: "checkout-0002", now: NOW });
    if (held.outcome !== "held") throw new Error(held.outcome);
    const first = await sales.pay({ buyer, holdId: held.hold.holdId, now: minutesLater(1) });
    const second = await sales.pay({ buyer, holdId: held.hold.holdId, now: minutesLater(2) });
    expect(second).toEqual(first);
    expect(payments.checkouts).toHaveLength(1);
    expect(mail.sent).toHaveLength(1);
  });

  it("refuses to hold what is not on sale (sold out says so), types that are not offered, and more than is left", async () => {
    const sales = salesWith(recordingPayments("paid").port, recordingMail().port);
    const soldOut = saleEvent({ status: "sold_out" });
    expect(await sales.hold({ buyer, event: soldOut, lines: [{ ticketTypeId: "pista", quantity: 1 }], idempotencyKey: "checkout-0003", now: NOW })).toEqual({
      outcome: "sold-out",
      ticketTypeId: "pista",
      available: 0,
    });
    const cancelled = saleEvent({ status: "cancelled" });
    expect(await sales.hold({ buyer, event: cancelled, lines: [{ ticketTypeId: "pista", quantity: 1 }], idempotencyKey: "checkout-0013", now: NOW })).toEqual({
      outcome: "not-on-sale",
      availability: "cancelled",
    });
    expect(await sales.hold({ buyer, event: saleEvent(), lines: [{ ticketTypeId: "palco", quantity: 1 }], idempotencyKey: "checkout-0004", now: NOW })).toEqual({
      outcome: "unknown-ticket-type",
      ticketTypeId: "palco",
    });
    await sales.hold({ buyer: { ...buyer, userId: "user-2" }, event: saleEvent(), lines: [{ ticketTypeId: "pista", quantity: 6 }], idempotencyKey: "checkout-0005", now: NOW });
    expect(await sales.hold({ buyer, event: saleEvent(), lines: [{ ticketTypeId: "pista", quantity: 5 }], idempotencyKey: "checkout-0006", now: NOW })).toEqual({
      outcome: "sold-out",
      ticketTypeId: "pista",
      available: 4,
    });
    expect(await sales.hold({ buyer, event: saleEvent(), lines: [{ ticketTypeId: "grada", quantity: 7 }], idempotencyKey: "checkout-0007", now: NOW })).toEqual({
      outcome: "over-limit",
      ticketTypeId: "grada",
      perOrderLimit: 6,
    });
  });

  it("does not take a payment for a hold that ran out or was let go", async () => {
    const payments = recordingPayments("paid");
    const sales = salesWith(payments.port, recordingMail().port);
    const held = await sales.hold({ buyer, event: saleEvent(), lines: [{ ticketTypeId: "pista", quantity: 1 }], idempotencyKey: "checkout-0008", now: NOW });
    if (held.outcome !== "held") throw new Error(held.outcome);
    expect(await sales.pay({ buyer, holdId: held.hold.holdId, now: minutesLater(10) })).toEqual({ outcome: "hold-expired" });
    const other = await sales.hold({ buyer, event: saleEvent(), lines: [{ ticketTypeId: "pista", quantity: 1 }], idempotencyKey: "checkout-0009", now: NOW });
    if (other.outcome !== "held") throw new Error(other.outcome);
    await sales.release({ buyer, holdId: other.hold.holdId });
    expect(await sales.pay({ buyer, holdId: other.hold.holdId, now: minutesLater(1) })).toEqual({ outcome: "released" });
    expect(await sales.pay({ buyer: { ...buyer, userId: "someone-else" }, holdId: other.hold.holdId, now: minutesLater(1) })).toEqual({ outcome: "not-found" });
    expect(payments.checkouts).toEqual([]);
  });

  it("with a payment page: redirects, then confirms on the webhook's word; a payment that comes too late is refunded", async () => {
    const payments = recordingPayments("redirect");
    const mail = recordingMail();
    const sales = salesWith(payments.port, mail.port);
    const held = await sales.hold({ buyer, event: saleEvent(), lines: [{ ticketTypeId: "pista", quantity: 1 }], idempotencyKey: "checkout-0010", now: NOW });
    if (held.outcome !== "held") throw new Error(held.outcome);
    expect(await sales.pay({ buyer, holdId: held.hold.holdId, now: minutesLater(1) })).toEqual({ outcome: "redirect", url: "https://pay.example/session" });
    const paid = { kind: "paid", holdId: held.hold.holdId, userId: buyer.userId, paymentId: "session-1", buyerEmail: buyer.email, locale: buyer.locale } as const;
    await sales.settle(paid, minutesLater(3));
    await sales.settle(paid, minutesLater(4));
    expect((await sales.ordersOf(buyer.userId)).length).toBe(1);
    expect(mail.sent).toHaveLength(1);
    expect(payments.refunds).toEqual([]);

    const late = await sales.hold({ buyer, event: saleEvent(), lines: [{ ticketTypeId: "pista", quantity: 1 }], idempotencyKey: "checkout-0011", now: NOW });
    if (late.outcome !== "held") throw new Error(late.outcome);
    await sales.settle({ ...paid, holdId: late.hold.holdId, paymentId: "session-2" }, minutesLater(25));
    expect(payments.refunds).toEqual(["session-2"]);
    expect((await sales.ordersOf(buyer.userId)).length).toBe(1);
  });

  it("sends the buyer back from the payment page with their hold, and shows its lines until the webhook confirms, then the order (issue 49 item 18)", async () => {
    const payments = recordingPayments("redirect");
    const sales = salesWith(payments.port, recordingMail().port);
    const held = await sales.hold({ buyer, event: saleEvent(), lines: [{ ticketTypeId: "pista", quantity: 2 }, { ticketTypeId: "grada", quantity: 1 }], idempotencyKey: "checkout-0013", now: NOW });
    if (held.outcome !== "held") throw new Error(held.outcome);
    const holdId = held.hold.holdId;
    await sales.pay({ buyer, holdId, now: minutesLater(1) });
    expect(payments.checkouts.at(-1)?.returnUrl).toBe(`https://arena.test/val/event/lua-serrano/tickets/?hold=${holdId}`);
    const lines = [
      { ticketTypeId: "pista", name: "Pista", quantity: 2, subtotalCents: 9000 },
      { ticketTypeId: "grada", name: "Grada", quantity: 1, subtotalCents: 3000 },
    ];
    const returned = (at: Date, who = buyer) => sales.paymentReturnOf({ buyer: who, holdId, event: saleEvent(), now: at });
    expect(await returned(minutesLater(2))).toEqual({ state: "pending", receipt: { orderId: undefined, lines, totalCents: 12000 } });
    await sales.settle({ kind: "paid", holdId, userId: buyer.userId, paymentId: "session-4", buyerEmail: buyer.email, locale: buyer.locale }, minutesLater(3));
    const [order] = await sales.ordersOf(buyer.userId);
    expect(await returned(minutesLater(4))).toEqual({ state: "confirmed", receipt: { orderId: order!.orderId, lines, totalCents: 12000 } });
    // Nobody else's, and no other event's.
    expect(await returned(minutesLater(4), { ...buyer, userId: "user-2" })).toBeNull();
    expect(await sales.paymentReturnOf({ buyer, holdId, event: { ...saleEvent(), id: "story-uuid-2" }, now: minutesLater(4) })).toBeNull();
  });

  it("gives the stock back when the payment page expires", async () => {
    const sales = salesWith(recordingPayments("redirect").port, recordingMail().port);
    const held = await sales.hold({ buyer, event: saleEvent(), lines: [{ ticketTypeId: "pista", quantity: 6 }], idempotencyKey: "checkout-0012", now: NOW });
    if (held.outcome !== "held") throw new Error(held.outcome);
    await sales.settle({ kind: "expired", holdId: held.hold.holdId, userId: buyer.userId, paymentId: "session-3" }, minutesLater(2));
    expect((await sales.offer(saleEvent(), minutesLater(2))).ticketTypes[0]?.available).toBe(10);
  });

  it("claims a box-office code as typed on paper: spaces, dashes, lower case, and O for 0 or I and L for 1 are forgiven", async () => {
    const store = createSqliteTicketStore(db);
    const issued = await store.issuePurchaseCode({ eventId: "story-uuid-1", lines: [{ ticketType: { ticketTypeId: "pista", capacity: 10 }, quantity: 2 }], now: NOW.toISOString() });
    if (issued.outcome !== "issued") throw new Error(issued.outcome);
    // As a buyer may read the receipt: in lower case, in other groups, with letters for the digits that look like them.
    const typed = ` ${issued.code.replace(/0/g, "o").replace(/1/g, "l").toLowerCase().replace(/-/g, " ")} `;
    const sales = salesWith(recordingPayments("paid").port, recordingMail().port);
    expect(await sales.claim({ buyer, code: typed })).toEqual({ outcome: "claimed", order: { ...issued.order, userId: buyer.userId } });
    expect(await sales.claim({ buyer: { userId: "user-2" }, code: issued.code })).toEqual({ outcome: "already-claimed" });
    expect(await sales.claim({ buyer, code: "NOPE-0000-0000" })).toEqual({ outcome: "unknown-code" });
  });
});
