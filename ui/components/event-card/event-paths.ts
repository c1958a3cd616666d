import { routes } from "../../../core";

/** An event's page and its ticket page, as logical paths. */
export function eventPaths(slug: string): { readonly detail: string; readonly tickets: string } {
  return { detail: routes.event.path({ id: slug }), tickets: routes.eventTickets.path({ id: slug }) };
}
