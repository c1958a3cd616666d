import type { Migration } from "../database/migrations";

/** The waiting rooms' own database file in DATA_DIR (see sqlite-waiting-room-store.adapter.ts). */
export const WAITING_ROOM_FILE = "waiting-room.sqlite";

// Steps are never edited once released: a change is a new step at the end.
export const WAITING_ROOM_MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: "waiting rooms: arrivals by position, one place per account, each room's frontier",
    sql: `
      -- One row per arrival; an account's arrival is keyed by the account, so it has one place per room.
      CREATE TABLE waiting_room_arrival (
        room TEXT NOT NULL,
        arrival TEXT NOT NULL,
        position REAL NOT NULL,
        PRIMARY KEY (room, arrival)
      ) STRICT, WITHOUT ROWID;
      -- What an advance counts: a room's arrivals in a span of positions.
      CREATE INDEX waiting_room_arrival_position ON waiting_room_arrival (room, position);

      -- The frontier as the core computes it (WaitingRoomFrontier), read whole by every poll.
      CREATE TABLE waiting_room_frontier (
        room TEXT PRIMARY KEY NOT NULL,
        frontier_json TEXT NOT NULL CHECK (json_valid(frontier_json))
      ) STRICT;
    `,
  },
];
