import type { PageContextServer } from "vike/types";
import { render } from "vike/abort";
import { isPastEvent, type EventSummary } from "../../../../core";

export type Data = Awaited<ReturnType<typeof data>>;

/**
 * What the server knows of the user from the session: enough to render the dashboard's frame.
 * The profile is read in the browser (GET /api/account/profile), so this render needs no store.
 */
export async function data(pageContext: PageContextServer) {
  const user = pageContext.sessionUser;
  if (!user) throw render(401);
  // A user's events are their orders' events; orders arrive with the tickets issue, so none yet.
  const events: readonly EventSummary[] = [];
  const now = new Date();
  return {
    email: user.email,
    displayName: user.displayName ?? user.email,
    emailVerified: user.emailVerified,
    futureEvents: events.filter((event) => !isPastEvent(event, now)),
    pastEvents: events.filter((event) => isPastEvent(event, now)),
  };
}
