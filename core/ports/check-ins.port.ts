import type { CheckInCounts, DeviceCheckIn, FirstUse, SyncedCheckIn } from "../domain/check-in/check-in.schema";

/**
 * Issue 54: the door check-ins of every kiosk, shared by every server process, which decide a
 * ticket scanned at two gates. The first check-in of a ticket to reach the store is admitted; any
 * later one, from any device, is a duplicate and is told where and when the first was made. A
 * verdict never changes once given (kiosks' clocks are not trusted to reorder them), and a
 * check-in sent again under its `checkInId` gets the same answer and records nothing more.
 */
export interface CheckInsPort {
  /** The store's answer for each check-in, in the order given. */
  record(eventId: string, checkIns: readonly DeviceCheckIn[], receivedAt: string): Promise<readonly SyncedCheckIn[]>;
  /** People admitted, per gate and in total. */
  counts(eventId: string): Promise<CheckInCounts>;
  /** Every admitted ticket's first use, for the event's pack: a kiosk refreshing it learns what other gates let in. */
  firstUses(eventId: string): Promise<ReadonlyMap<string, FirstUse>>;
}
