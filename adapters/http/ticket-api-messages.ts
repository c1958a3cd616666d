/** What the ticket endpoints (`/api/tickets/…`) may name besides the common keys (api-messages.ts). */
export const TICKET_API_MESSAGES = [
  "tickets.error.soldOut",
  "tickets.error.notOnSale",
  "tickets.error.holdExpired",
  "tickets.error.extendFailed",
  "tickets.error.codeClaimed",
  "tickets.error.unknownCode",
  "tickets.error.overLimit",
  // A pending account may not buy until its address is verified (SPEC §4, §6).
  "account.error.emailNotVerified",
] as const;

export type TicketApiMessage = (typeof TICKET_API_MESSAGES)[number];
