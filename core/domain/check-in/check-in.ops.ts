import type { FirstUse } from "./check-in.schema";
import type { EventPack, EventPackTicket } from "./event-pack.schema";
import type { TicketVerification } from "./ticket-verification.ops";

export type CheckInRefusal = "not-valid" | "wrong-event" | "cancelled" | "refunded" | "already-used";

export type CheckInDecision =
  | { readonly outcome: "admitted"; readonly ticketId: string; readonly code: string }
  | { readonly outcome: "refused"; readonly reason: Exclude<CheckInRefusal, "already-used"> }
  | { readonly outcome: "refused"; readonly reason: "already-used"; readonly firstUse: FirstUse };

/** An event pack read for scanning: its tickets by id and by code. */
export interface EventPackIndex {
  readonly eventId: string;
  readonly byId: ReadonlyMap<string, EventPackTicket>;
  readonly byCode: ReadonlyMap<string, EventPackTicket>;
}

export function indexEventPack(pack: EventPack): EventPackIndex {
  return {
    eventId: pack.eventId,
    byId: new Map(pack.tickets.map((ticket) => [ticket.ticketId, ticket])),
    byCode: new Map(pack.tickets.map((ticket) => [ticket.code, ticket])),
  };
}

/**
 * A door's decision on one scan (issue 54), offline: a forged or altered token and a code the
 * event does not have are not valid; another event's ticket is refused as such; a cancelled
 * or refunded order's ticket too, saying which; a ticket this device (or, once synced, any device) already let in is
 * refused with where and when. A genuine ticket missing from the pack was sold after it was
 * built: the signature vouches for it. `firstUseOf` says what the device recorded since; the pack,
 * what the server knew of other gates when it was built.
 */
export function decideCheckIn(verification: TicketVerification, pack: EventPackIndex, firstUseOf: (ticketId: string) => FirstUse | undefined): CheckInDecision {
  if (verification.kind === "not-valid") return { outcome: "refused", reason: "not-valid" };
  let ticketId: string;
  let code: string;
  if (verification.kind === "short-code") {
    const listed = pack.byCode.get(verification.code);
    if (!listed) return { outcome: "refused", reason: "not-valid" };
    ({ ticketId, code } = listed);
  } else {
    if (verification.pass.e !== pack.eventId) return { outcome: "refused", reason: "wrong-event" };
    ({ t: ticketId, c: code } = verification.pass);
  }
  const listed = pack.byId.get(ticketId);
  if (listed && listed.state !== "valid") return { outcome: "refused", reason: listed.state };
  const firstUse = firstUseOf(ticketId) ?? listed?.firstUse;
  if (firstUse) return { outcome: "refused", reason: "already-used", firstUse };
  return { outcome: "admitted", ticketId, code };
}
