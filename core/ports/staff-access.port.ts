/** The events a member of the door staff may check tickets in for: all of them, or these story uuids. */
export type StaffEvents = "all" | readonly string[];

/**
 * Issue 54: who is door staff. Granted by a command (`npm run staff:grant`), never through the
 * site: on Firebase a custom claim on the account, on the embedded identity a row beside its
 * accounts. Everyone else is a visitor, and the kiosk's API does not exist for them.
 */
export interface StaffAccessPort {
  /** What the account may check in; null for a visitor. */
  eventsOf(uid: string): Promise<StaffEvents | null>;
  /** Makes the account with this address staff for the events (replacing what it had); false when no account has it. */
  grant(email: string, events: StaffEvents): Promise<boolean>;
}
