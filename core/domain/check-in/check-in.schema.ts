import { Schema } from "effect";

const Id = Schema.String.pipe(Schema.check(Schema.isPattern(/^[A-Za-z0-9_-]{1,100}$/)));
/** A gate's name as staff set it on the kiosk ("Puerta 3"). */
export const GateName = Schema.String.pipe(Schema.check(Schema.isMinLength(1), Schema.isMaxLength(40)));
const Instant = Schema.String.pipe(Schema.check(Schema.isPattern(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z$/)));

/**
 * One admission a kiosk made, as it sends it when online. `checkInId` is made on the device once
 * per scan, so sending it again (a retry, a sync cut short) records nothing twice.
 */
export const DeviceCheckIn = Schema.Struct({
  checkInId: Id,
  ticketId: Id,
  gate: GateName,
  deviceId: Id,
  /** On the device's clock. */
  scannedAt: Instant,
});
export type DeviceCheckIn = typeof DeviceCheckIn.Type;

/** How many check-ins one sync sends at most: a kiosk back online sends its backlog in batches. */
export const MAX_CHECK_INS_PER_SYNC = 500;

/** What a kiosk sends to sync: its check-ins for one event not yet answered. */
export const SyncCheckInsBody = Schema.Struct({
  checkIns: Schema.Array(DeviceCheckIn).pipe(Schema.check(Schema.isMaxLength(MAX_CHECK_INS_PER_SYNC))),
});
export type SyncCheckInsBody = typeof SyncCheckInsBody.Type;

/** Where and when a ticket was first used: what a second scan of it is told. */
export const FirstUse = Schema.Struct({ gate: GateName, deviceId: Id, scannedAt: Instant });
export type FirstUse = typeof FirstUse.Type;

/** The server's word on one check-in: the first of a ticket's is admitted, any later one is a duplicate of it. */
export const SyncedCheckIn = Schema.Struct({
  checkInId: Id,
  outcome: Schema.Literals(["admitted", "duplicate"]),
  firstUse: FirstUse,
});
export type SyncedCheckIn = typeof SyncedCheckIn.Type;

/** People in, per gate and in total. */
export const CheckInCounts = Schema.Struct({
  total: Schema.Int,
  byGate: Schema.Record(Schema.String, Schema.Int),
});
export type CheckInCounts = typeof CheckInCounts.Type;

export const SyncCheckInsAnswer = Schema.Struct({
  results: Schema.Array(SyncedCheckIn),
  counts: CheckInCounts,
});
export type SyncCheckInsAnswer = typeof SyncCheckInsAnswer.Type;

/** An event a member of staff checks tickets in for, as the kiosk offers it to choose. */
export const StaffEvent = Schema.Struct({ eventId: Id, title: Schema.String, dateFrom: Schema.String });
export type StaffEvent = typeof StaffEvent.Type;

export const StaffEventsAnswer = Schema.Struct({ events: Schema.Array(StaffEvent) });
export type StaffEventsAnswer = typeof StaffEventsAnswer.Type;
