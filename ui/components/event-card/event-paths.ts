import { logicalPathOfStory } from "../../../core";

/** An event's page and its ticket page, as logical paths (SPEC §2 routes). */
export function eventPaths(slug: string): { readonly detail: string; readonly tickets: string } {
  const detail = logicalPathOfStory(`events/${encodeURIComponent(slug)}`);
  return { detail, tickets: `${detail}tickets/` };
}
