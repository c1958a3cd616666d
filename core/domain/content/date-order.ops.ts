/**
 * Date fields of one block that must come one after the other: a ticket type's sale window (the
 * site refuses one that ends before it starts) and an event's days (an end before the start can
 * only be a slip). The editor checks them before a save.
 */
export const DATE_ORDER_RULES: readonly { readonly component: string; readonly earlier: string; readonly later: string }[] = [
  { component: "ticket_type", earlier: "sale_start", later: "sale_end" },
  { component: "event", earlier: "date_from", later: "date_to" },
];

const instantOf = (value: unknown) => (typeof value === "string" && value.trim() ? Date.parse(value) : Number.NaN);

/**
 * Whether `later` comes strictly after `earlier`, both dates as stored (instants with their
 * offset). True when either is empty or no date: nothing to order (other checks speak of those).
 */
export function comesAfter(earlier: unknown, later: unknown): boolean {
  const start = instantOf(earlier);
  const end = instantOf(later);
  return Number.isNaN(start) || Number.isNaN(end) || start < end;
}
