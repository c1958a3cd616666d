import { parentPort, workerData } from "node:worker_threads";
import { openDatabase } from "../../../../../../adapters/embedded/database/open-database";
import { createSqliteTicketStore, type SqliteTicketStoreOptions } from "../../../../../../adapters/embedded/tickets/sqlite-ticket-store.adapter";
import type { TicketTypeLimits } from "../../../../../../core";

/** What one worker thread is given: its own connection to the database file, and its share of the buyers. */
export interface TicketBuyersWorkerData {
  readonly dataDir: string;
  readonly ticketType: TicketTypeLimits;
  readonly buyerIds: readonly string[];
  readonly now: string;
  readonly storeOptions: SqliteTicketStoreOptions;
  /** An Int32Array's buffer: every worker waits until the test sets it to 1, so that they start together. */
  readonly startSignal: SharedArrayBuffer;
}

/** A buyer's end: bought, refused as the store said (sold-out, …), or the error a request threw. */
export type PurchaseResult = "bought" | `refused: ${string}` | `error: ${string}`;

export type TicketBuyersMessage = { readonly type: "ready" } | { readonly type: "done"; readonly results: readonly PurchaseResult[] };

const data = workerData as TicketBuyersWorkerData;
const db = openDatabase(data.dataDir);
const store = createSqliteTicketStore(db, data.storeOptions);

async function purchase(userId: string): Promise<PurchaseResult> {
  try {
    const hold = await store.hold({
      userId,
      eventId: "race",
      idempotencyKey: `checkout-${userId}`,
      lines: [{ ticketType: data.ticketType, quantity: 1 }],
      holdForMs: 10 * 60_000,
      now: data.now,
    });
    if (hold.outcome !== "held") return `refused: ${hold.outcome}`;
    const confirmed = await store.confirm({ holdId: hold.hold.holdId, userId, now: data.now });
    return confirmed.outcome === "confirmed" ? "bought" : `refused: ${confirmed.outcome}`;
  } catch (error) {
    return `error: ${error instanceof Error ? error.message : String(error)}`;
  }
}

const post = (message: TicketBuyersMessage) => parentPort!.postMessage(message);
post({ type: "ready" });
Atomics.wait(new Int32Array(data.startSignal), 0, 0);
// All of this worker's buyers at once: they interleave wherever the store awaits.
const results = await Promise.all(data.buyerIds.map(purchase));
db.close();
post({ type: "done", results });
