import type { TicketPass } from "../tickets/ticket-pass.schema";
import { readTicketCode } from "../tickets/ticket-order.ops";
import type { TicketTokenVerifier } from "./ticket-token.ops";

/** The longest text read as a token; a real one is a few hundred characters. */
export const MAX_TICKET_TOKEN_LENGTH = 2_000;

/**
 * What a scanned or typed text is: a genuine ticket's signed pass, a ticket's short code (which
 * carries no signature: only a list of the event's tickets can say whose it is), or nothing the
 * arena issued.
 */
export type TicketVerification =
  | { readonly kind: "genuine"; readonly pass: TicketPass }
  | { readonly kind: "short-code"; readonly code: string }
  | { readonly kind: "not-valid" };

/**
 * The one ticket check, for the site's ticket-check page and for the door kiosk: what a QR code
 * (the check page's URL with the token in `t`, or the bare token) or a typed code says. Only the
 * signature vouches for a pass; whether it was used, cancelled or is for this door is decided
 * beside it (decideCheckIn).
 */
export async function verifyTicket(scanned: string, verifyToken: TicketTokenVerifier): Promise<TicketVerification> {
  const text = scanned.trim();
  const code = readTicketCode(text);
  if (code) return { kind: "short-code", code };
  const token = tokenOf(text);
  const pass = token && token.length <= MAX_TICKET_TOKEN_LENGTH ? await verifyToken(token) : null;
  return pass ? { kind: "genuine", pass } : { kind: "not-valid" };
}

/** The token in a ticket check URL's `t`, or the text itself. */
function tokenOf(text: string): string {
  const fromUrl = /[?&]t=([^&#\s]*)/.exec(text);
  if (!fromUrl) return text;
  try {
    return decodeURIComponent(fromUrl[1]!);
  } catch {
    return "";
  }
}
