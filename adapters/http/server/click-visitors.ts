import { createHmac } from "node:crypto";
import { addressKey, clientAddress } from "./client-address";

/**
 * Who clicked, as the click counter may know it (ExternalTicketClicksPort): an HMAC of the client's
 * address (its /64 for IPv6, as the rate limits group it) and the UTC day, under a server secret.
 * The counter can tell one visitor's clicks of a day apart from another's, but no one can get the
 * address back without the secret, nor link a visitor's days.
 */
export function clickVisitors(options: { readonly secret: string; readonly trustedProxies: number }): (request: Request, day: string) => string {
  const key = `external-ticket-clicks\n${options.secret}`;
  return (request, day) => createHmac("sha256", key).update(`${day}\n${addressKey(clientAddress(request, options.trustedProxies))}`).digest("base64url");
}
