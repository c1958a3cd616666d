/** The event categories the listing filters by (SPEC §3 categories). */
export const EVENT_CATEGORIES = ["concert", "sport", "family", "show", "comedy", "festival"] as const;
export type EventCategory = (typeof EVENT_CATEGORIES)[number];

export function isEventCategory(value: unknown): value is EventCategory {
  return typeof value === "string" && (EVENT_CATEGORIES as readonly string[]).includes(value);
}
