/** Ticket-store shards per ticket type (the production default), on every instance and in the tests that read the store. */
export const TICKET_SHARDS = 50;
