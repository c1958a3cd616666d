import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openDatabase } from "../../../../adapters/embedded/database/open-database";
import { createSqliteTicketStore } from "../../../../adapters/embedded/tickets/sqlite-ticket-store.adapter";
import { createTicketHoldSweep } from "../../../../adapters/runtime/ticket-hold-sweep";
import type { TicketStorePort } from "../../../../core";

const MINUTE = 60_000;
const START = Date.UTC(2030, 5, 1, 10);
const TYPE = { ticketTypeId: "pista", capacity: 100, perOrderLimit: 4, perBuyerLimit: 4 };
const silent = { info: () => {}, warn: () => {}, error: () => {} };

describe("the ticket hold sweep", () => {
  let dataDir: string;
  let db: ReturnType<typeof openDatabase>;
  let store: TicketStorePort;
  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), "hold-sweep-"));
    db = openDatabase(dataDir);
    store = createSqliteTicketStore(db);
  });
  afterEach(() => {
    db.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const holdAt = (userId: string, minute: number) =>
    store.hold({ userId, eventId: "event", idempotencyKey: `key-${userId}-${minute}`, lines: [{ ticketType: TYPE, quantity: 1 }], holdForMs: 10 * MINUTE, now: new Date(START + minute * MINUTE).toISOString() });

  it("deletes the holds that expired more than an hour ago, and no others", async () => {
    let now = START;
    const sweep = createTicketHoldSweep({ store, logger: silent, now: () => now });
    const old = await holdAt("ana", 0);
    const recent = await holdAt("joan", 55);
    if (old.outcome !== "held" || recent.outcome !== "held") throw new Error("not held");
    // Ana's hold expired at minute 10, Joan's at 65; at minute 71 only Ana's has been over for an hour.
    now = START + 71 * MINUTE;
    expect(await sweep.sweep()).toBe(1);
    const at = new Date(now).toISOString();
    expect(await store.findHold({ holdId: old.hold.holdId, userId: "ana", now: at })).toBeNull();
    expect((await store.findHold({ holdId: recent.hold.holdId, userId: "joan", now: at }))?.state).toBe("expired");
  });

  it("runs at once when started and then on its interval, and stops", async () => {
    await holdAt("ana", 0);
    const sweep = createTicketHoldSweep({ store, logger: silent, now: () => START + 2 * 60 * MINUTE, everyMs: 60_000 });
    sweep.start();
    await sweep.stop();
    expect(await sweep.sweep()).toBe(0);
  });
});
