import { randomUUID } from "node:crypto";
import { advanceFrontier, countSpans, emptyFrontier, frontierIsFresh, type WaitingRoomFrontier, type WaitingRoomStorePort } from "../../../core";
import { openDatabase, type SqliteDatabase } from "../database/open-database";
import { WAITING_ROOM_FILE, WAITING_ROOM_MIGRATIONS } from "./waiting-room-migrations";

/**
 * WaitingRoomStorePort on SQLite, for every server process on one DATA_DIR (openWaitingRoomDatabase).
 * An arrival is one insert; an account's is keyed by the account, so a second one finds the first.
 * A poll reads the frontier's row; an advance is one IMMEDIATE transaction, so of two processes
 * asking at once the second finds the frontier fresh and writes nothing.
 */
export function createSqliteWaitingRoomStore(db: SqliteDatabase): WaitingRoomStorePort {
  const insert = db.prepare<{ room: string; arrival: string; position: number }>(
    "INSERT INTO waiting_room_arrival (room, arrival, position) VALUES (:room, :arrival, :position) ON CONFLICT DO NOTHING",
  );
  const positionOf = db.prepare<{ room: string; arrival: string }, { position: number }>("SELECT position FROM waiting_room_arrival WHERE room = :room AND arrival = :arrival");
  const read = db.prepare<{ room: string }, { frontier_json: string }>("SELECT frontier_json FROM waiting_room_frontier WHERE room = :room");
  const write = db.prepare<{ room: string; json: string }>(
    "INSERT INTO waiting_room_frontier (room, frontier_json) VALUES (:room, :json) ON CONFLICT (room) DO UPDATE SET frontier_json = excluded.frontier_json",
  );
  const count = db.prepare<{ room: string; from: number; to: number }, { count: number }>(
    "SELECT count(*) AS count FROM waiting_room_arrival WHERE room = :room AND position >= :from AND position < :to",
  );

  const frontierOf = (room: string, settings: { saleStartsAt: number }): WaitingRoomFrontier => {
    const row = read.get({ room });
    return row ? (JSON.parse(row.frontier_json) as WaitingRoomFrontier) : emptyFrontier(settings);
  };

  const advance = db.transaction((room: string, settings: { saleStartsAt: number }, options: { now: number; perMinute: number; soldOut: boolean }) => {
    const frontier = frontierOf(room, settings);
    if (frontierIsFresh(frontier, options.now)) return frontier;
    const counted = countSpans(frontier, options.now, settings).map((span) => ({ ...span, count: count.get({ room, ...span })!.count }));
    const next = advanceFrontier(frontier, counted, { ...options, saleStartsAt: settings.saleStartsAt });
    write.run({ room, json: JSON.stringify(next) });
    return next;
  });

  return {
    async arrive({ roomId, position, accountId }) {
      const arrival = accountId === undefined ? randomUUID() : `account:${accountId}`;
      if (insert.run({ room: roomId, arrival, position }).changes === 1) return { outcome: "arrived", position };
      return { outcome: "already-queued", position: positionOf.get({ room: roomId, arrival })!.position };
    },
    async frontier(roomId, settings) {
      return frontierOf(roomId, settings);
    },
    async advance(roomId, settings, options) {
      return advance.immediate(roomId, settings, options);
    },
  };
}

/**
 * The waiting rooms' database: a file apart from the site's, written on every arrival during an
 * on-sale. Not flushed to the disk per write (WAL, `synchronous = NORMAL`): a power cut may lose
 * the last arrivals, whose visitors then take a new place; it never corrupts the file.
 */
export function openWaitingRoomDatabase(dataDir: string): SqliteDatabase {
  const db = openDatabase(dataDir, { file: WAITING_ROOM_FILE, migrations: WAITING_ROOM_MIGRATIONS });
  db.pragma("synchronous = NORMAL");
  return db;
}
