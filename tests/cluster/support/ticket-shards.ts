/**
 * Ticket-store shards per ticket type, on every instance and in the tests that read the store:
 * fewer than production's 500, as a box-office sale reads them all; the rush's last tickets are on
 * a few of them either way.
 */
export const TICKET_SHARDS = 50;
