import type { CheckInsPort, DeviceCheckIn, FirstUse, SyncedCheckIn } from "../../../core";
import { groupCommitOf } from "../database/group-commit";
import type { SqliteDatabase } from "../database/open-database";

interface StoredUse {
  readonly gate: string;
  readonly deviceId: string;
  readonly scannedAt: string;
}

/**
 * Check-ins on the embedded SQLite: a row per check-in under its device-made id, and a unique
 * index that lets one row per ticket be the admitted one. A sync's check-ins are decided in one
 * write, in order, sharing commits with every other write of the moment (group commit).
 */
export function createSqliteCheckIns(db: SqliteDatabase): CheckInsPort {
  const commits = groupCommitOf(db);
  const known = db.prepare<[string, string], { ticketId: string }>(`SELECT ticket_id AS ticketId FROM check_in WHERE event_id = ? AND check_in_id = ?`);
  const firstOf = db.prepare<[string, string], StoredUse & { checkInId: string }>(
    `SELECT check_in_id AS checkInId, gate, device_id AS deviceId, scanned_at AS scannedAt FROM check_in WHERE event_id = ? AND ticket_id = ? AND admitted = 1`,
  );
  const insert = db.prepare<[string, string, string, string, string, string, string, number]>(
    `INSERT INTO check_in (event_id, check_in_id, ticket_id, gate, device_id, scanned_at, received_at, admitted) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const perGate = db.prepare<[string], { gate: string; admitted: number }>(`SELECT gate, COUNT(*) AS admitted FROM check_in WHERE event_id = ? AND admitted = 1 GROUP BY gate`);
  const admittedOf = db.prepare<[string], StoredUse & { ticketId: string }>(
    `SELECT ticket_id AS ticketId, gate, device_id AS deviceId, scanned_at AS scannedAt FROM check_in WHERE event_id = ? AND admitted = 1`,
  );
  const useOf = ({ gate, deviceId, scannedAt }: StoredUse): FirstUse => ({ gate, deviceId, scannedAt });

  function decide(eventId: string, checkIn: DeviceCheckIn, receivedAt: string): SyncedCheckIn {
    const repeated = known.get(eventId, checkIn.checkInId);
    // A check-in sent again: the ticket it named then decides, and its first use is the answer.
    const first = firstOf.get(eventId, repeated?.ticketId ?? checkIn.ticketId);
    if (repeated) return { checkInId: checkIn.checkInId, outcome: first!.checkInId === checkIn.checkInId ? "admitted" : "duplicate", firstUse: useOf(first!) };
    insert.run(eventId, checkIn.checkInId, checkIn.ticketId, checkIn.gate, checkIn.deviceId, checkIn.scannedAt, receivedAt, first ? 0 : 1);
    return first ? { checkInId: checkIn.checkInId, outcome: "duplicate", firstUse: useOf(first) } : { checkInId: checkIn.checkInId, outcome: "admitted", firstUse: useOf(checkIn) };
  }

  return {
    async record(eventId, checkIns, receivedAt) {
      return commits.write(() => checkIns.map((checkIn) => decide(eventId, checkIn, receivedAt)));
    },
    async counts(eventId) {
      const byGate = Object.fromEntries(perGate.all(eventId).map(({ gate, admitted }) => [gate, admitted]));
      return { total: Object.values(byGate).reduce((sum, count) => sum + count, 0), byGate };
    },
    async firstUses(eventId) {
      return new Map(admittedOf.all(eventId).map((row) => [row.ticketId, useOf(row)]));
    },
  };
}
