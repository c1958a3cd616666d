import type { PageContextServer } from "vike/types";
import { render } from "vike/abort";
import { ticketPassOf, userEventsOf } from "../../../../core";
import { contentQueryOf } from "../../content-query";

export type Data = Awaited<ReturnType<typeof data>>;

/**
 * What the server knows of the user from the session, and their events from their orders: enough
 * to render the dashboard's frame and tickets. The profile is read in the browser (GET
 * /api/account/profile).
 */
export async function data(pageContext: PageContextServer) {
  const user = pageContext.sessionUser;
  if (!user) throw render(401);
  const { content, tickets } = pageContext.globalContext.services;
  const [orders, events] = await Promise.all([tickets.sales.ordersOf(user.uid), content.events(contentQueryOf(pageContext))]);
  const { future, past } = userEventsOf(orders, events, new Date());
  // Each confirmed ticket's QR code: the check page's URL with its signed pass.
  const qrCodes = Object.fromEntries(
    await Promise.all(
      orders
        .filter((order) => order.status === "confirmed")
        .flatMap((order) => order.tickets.map(async (ticket) => [ticket.ticketId, tickets.checkUrl(await tickets.signer.sign(ticketPassOf(order, ticket)), pageContext.locale)] as const)),
    ),
  );
  return {
    email: user.email,
    displayName: user.displayName ?? user.email,
    emailVerified: user.emailVerified,
    futureEvents: future,
    pastEvents: past,
    qrCodes,
  };
}
