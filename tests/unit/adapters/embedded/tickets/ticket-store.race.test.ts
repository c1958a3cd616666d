import { once } from "node:events";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { Worker } from "node:worker_threads";
import { build } from "vite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../../../../adapters/embedded/database/open-database";
import { createSqliteTicketStore, type SqliteTicketStoreOptions } from "../../../../../adapters/embedded/tickets/sqlite-ticket-store.adapter";
import type { TicketTypeLimits } from "../../../../../core";
import type { PurchaseResult, TicketBuyersMessage, TicketBuyersWorkerData } from "./support/ticket-buyers.worker";

/*
 * Issue 10, item 7, at the store's level, in the style of pretix's concurrency tests: many buyers
 * at once for the last tickets, once with the store's locking and once with it switched off, to
 * show that the test can see the race it guards against. 200 buyers (hold, then confirm) on 4
 * worker threads, each with its own better-sqlite3 connection to one database file: the threads
 * truly run at the same time and compete for SQLite's write lock, as the server's processes
 * would. Both runs pause 5 ms between a hold's check and its write (like pretix's
 * sleep-after-quota-check flag), so they differ only in the lock: with it, the others wait for the
 * write; without it, buyers on other threads, and this thread's other buyers at the pause, check
 * in between and all see the same last tickets.
 */

const BUYERS = 200;
const THREADS = 4;
const NOW = "2030-06-01T10:00:00.000Z";
const CAPACITY = 100;
const PAUSE = { pauseAfterCheckMs: 5 } as const;

let bundleDir: string;
let workerFile: string;
let dataDir: string;

beforeAll(async () => {
  // Node 20 cannot run TypeScript in a worker: Vite bundles the worker's code first, into
  // node_modules so that its imports (better-sqlite3) resolve as they do from the sources.
  const root = resolve(import.meta.dirname, "../../../../..");
  const cacheDir = join(root, "node_modules/.cache");
  mkdirSync(cacheDir, { recursive: true });
  bundleDir = mkdtempSync(join(cacheDir, "ticket-store-race-"));
  await build({
    root,
    configFile: false,
    envDir: false,
    publicDir: false,
    logLevel: "error",
    build: {
      ssr: join(import.meta.dirname, "support/ticket-buyers.worker.ts"),
      outDir: bundleDir,
      minify: false,
      target: "node20",
      // .mjs: a .js file under node_modules would be read as CommonJS.
      rollupOptions: { output: { entryFileNames: "[name].mjs" } },
    },
  });
  workerFile = join(bundleDir, "ticket-buyers.worker.mjs");
}, 60_000);

afterAll(() => rmSync(bundleDir, { recursive: true, force: true }));

interface Rush {
  readonly bought: number;
  readonly soldOut: number;
  readonly others: readonly PurchaseResult[];
  /** What the store counts as sold once the rush is over. */
  readonly sold: number;
}

/** Sells all but `left` tickets at the box office, then lets 200 buyers at the rest at once. */
async function rush(left: number, storeOptions: SqliteTicketStoreOptions = {}): Promise<Rush> {
  dataDir = mkdtempSync(join(tmpdir(), "ticket-race-"));
  const db = openDatabase(dataDir);
  try {
    const store = createSqliteTicketStore(db);
    const ticketType: TicketTypeLimits = { ticketTypeId: "last-tickets", capacity: CAPACITY, perOrderLimit: 4, perBuyerLimit: 4 };
    const issued = await store.issuePurchaseCode({ eventId: "race", lines: [{ ticketType, quantity: CAPACITY - left }], now: NOW });
    expect(issued.outcome).toBe("issued");

    const startSignal = new SharedArrayBuffer(4);
    const workers = Array.from({ length: THREADS }, (_, thread) => {
      const workerData: TicketBuyersWorkerData = {
        dataDir,
        ticketType,
        buyerIds: Array.from({ length: BUYERS / THREADS }, (_, index) => `buyer-${thread}-${index}`),
        now: NOW,
        storeOptions,
        startSignal,
      };
      return new Worker(workerFile, { workerData });
    });
    const messages = workers.map((worker) => messagesOf(worker));
    await Promise.all(messages.map((next) => next("ready")));
    Atomics.store(new Int32Array(startSignal), 0, 1);
    Atomics.notify(new Int32Array(startSignal), 0);
    const results = (await Promise.all(messages.map((next) => next("done")))).flat();

    const [inventory] = await store.availability([ticketType], NOW);
    return {
      bought: results.filter((result) => result === "bought").length,
      soldOut: results.filter((result) => result === "refused: sold-out").length,
      others: results.filter((result) => result !== "bought" && result !== "refused: sold-out"),
      sold: inventory!.sold,
    };
  } finally {
    db.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Waits for a worker's messages of one type, in turn; a worker that fails or exits early fails the wait. */
function messagesOf(worker: Worker) {
  const received: TicketBuyersMessage[] = [];
  worker.on("message", (message: TicketBuyersMessage) => received.push(message));
  return async <Type extends TicketBuyersMessage["type"]>(type: Type): Promise<readonly PurchaseResult[]> => {
    while (!received.some((message) => message.type === type)) {
      await Promise.race([once(worker, "message"), once(worker, "error").then(([error]) => Promise.reject(error)), once(worker, "exit").then(() => Promise.reject(new Error(`The worker exited before "${type}"`)))]);
    }
    const message = received.find((candidate) => candidate.type === type)!;
    return message.type === "done" ? message.results : [];
  };
}

describe(`${BUYERS} buyers on ${THREADS} threads with a connection each, for the last tickets`, () => {
  it.each([10, 1])("sells exactly the last %i with the lock; everyone else is told sold-out", async (left) => {
    const result = await rush(left, PAUSE);
    expect(result).toEqual({ bought: left, soldOut: BUYERS - left, others: [], sold: CAPACITY });
  }, 60_000);

  it.each([10, 1])("oversells the last %i with the lock switched off, so the test above can see the race", async (left) => {
    const attempts: Rush[] = [];
    for (let attempt = 0; attempt < 3 && !attempts.some((result) => result.sold > CAPACITY); attempt += 1) {
      attempts.push(await rush(left, { ...PAUSE, unsafeWithoutLock: true }));
    }
    expect(attempts.some((result) => result.sold > CAPACITY && result.bought > left)).toBe(true);
    for (const result of attempts) expect(result.others).toEqual([]);
  }, 60_000);
});
