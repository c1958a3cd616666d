import type { PageContextServer } from "vike/types";
import { render } from "vike/abort";
import { eventSummary, isHoldId, isShownPageState, saleEventOf, waitingRoomSettingsOf } from "../../../core";
import { contentQueryOf } from "../content-query";
import { validEventId } from "../event/event-id";
import { pageGuard } from "../signed-in-guard";

export type Data = Awaited<ReturnType<typeof data>>;

/** Stripe sends the buyer back here with its session's id once they have paid, and the hold they paid for. */
const PAYMENT_RETURN_PARAMETER = "session_id";
const PAID_HOLD_PARAMETER = "hold";

/**
 * The event, what can be bought now (read from the ticket store on every request: this page is
 * never cached), and whether the buyer may buy yet. Buying is for signed-in users (issue 10), so
 * while tickets are on sale anyone else signs in first; an event that is missing, past, sold out
 * or sold elsewhere is shown to anyone: signing in would not change it.
 */
export async function data(pageContext: PageContextServer) {
  const slug = validEventId(pageContext);
  if (!isShownPageState(pageContext.urlParsed.searchAll, [])) throw render(404);
  const { content, tickets } = pageContext.globalContext.services;
  const story = await content.event(slug, contentQueryOf(pageContext));
  if (!story) throw render(404);
  const now = new Date();
  const event = saleEventOf(story);
  const user = pageContext.sessionUser;
  const returnedFromPayment = PAYMENT_RETURN_PARAMETER in pageContext.urlParsed.search;
  // Issue 51: before the waiting room admits this browser, the page is its place in the queue, and reads nothing of the ticket store.
  const { gate } = tickets.waitingRoom;
  if (gate.isOpen(event, now) && !returnedFromPayment) {
    const answer = await gate.standing(event, pageContext.headers?.cookie, user ?? null, now);
    if (answer.status === "not-queued" || answer.status === "waiting" || answer.status === "expired") {
      return { summary: eventSummary(story.meta, story.content, now), queue: { answer, saleStartsAt: new Date(waitingRoomSettingsOf(story.content)!.saleStartsAt).toISOString() } } as const;
    }
  }
  // A verified buyer's hold in force is resumed (issue 49: a reload lost it), with the tickets it keeps counted as theirs.
  const { offer, hold } = user?.emailVerified ? await tickets.sales.checkoutOf({ buyer: { userId: user.uid }, event, now }) : { offer: await tickets.sales.offer(event, now), hold: null };
  // Back from paying, the buyer's order is theirs to see: whoever is not signed in signs in first.
  // Buying is for verified buyers: the guard blocks anyone else, whom the page asks to verify first.
  const access = offer.ticketTypes.length > 0 || returnedFromPayment ? pageGuard(pageContext, "verified") : undefined;
  const paidHold = pageContext.urlParsed.search[PAID_HOLD_PARAMETER];
  const paymentReturn =
    returnedFromPayment && user?.emailVerified && paidHold !== undefined && isHoldId(paidHold)
      ? await tickets.sales.paymentReturnOf({ buyer: { userId: user.uid }, holdId: paidHold, event, now })
      : null;
  return {
    summary: eventSummary(story.meta, story.content, now),
    /** What one ticket admits to, as the editor says it for this event. */
    ticketNote: story.content.ticket_note || undefined,
    offer,
    /** Timed on the server's clock, as the hold API's answers are (the countdown uses only the difference). */
    hold: hold && { holdId: hold.holdId, lines: hold.lines, extended: hold.extended, storeNow: now.getTime(), expiresAt: Date.parse(hold.expiresAt) },
    verified: access ? access === "allowed" : (user?.emailVerified ?? false),
    /** The embedded default takes no money: the page says so. */
    chargesNothing: tickets.payments.kind === "no-charge",
    returnedFromPayment,
    /** What the paid hold became (its order, or its lines while the payment is confirmed). */
    paymentReturn,
    queue: undefined,
  };
}
