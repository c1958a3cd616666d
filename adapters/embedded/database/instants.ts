/**
 * The ports speak ISO 8601 instants; the embedded database keeps milliseconds since the epoch
 * (INTEGER), which sort and compare in SQL. These convert at the adapters' edge.
 */
export function millisOf(instant: string, field = "instant"): number {
  const millis = Date.parse(instant);
  if (!Number.isFinite(millis)) throw new RangeError(`${field} is not an ISO 8601 instant: ${JSON.stringify(instant)}`);
  return millis;
}

/** Milliseconds back to the ports' form: UTC with milliseconds. */
export const instantOf = (millis: number): string => new Date(millis).toISOString();
