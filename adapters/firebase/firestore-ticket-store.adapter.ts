import { createHash, randomBytes, randomInt, randomUUID } from "node:crypto";
import {
  AggregateField,
  Timestamp,
  type DocumentData,
  type DocumentReference,
  type DocumentSnapshot,
  type Firestore,
  type Query,
  type Transaction,
  type WriteBatch,
} from "firebase-admin/firestore";
import {
  assertDurationMs,
  assertTicketLines,
  overBuyerLimitLine,
  normalisePurchaseCode,
  overLimitLine,
  purchaseCodeOf,
  sameTicketQuantities,
  ticketCodeOf,
  type ConfirmOutcome,
  type HeldTickets,
  type HoldOutcome,
  type ReleaseOutcome,
  type RequestedTicketLine,
  type Ticket,
  type TicketOrder,
  type TicketStorePort,
  type TicketTypeQuantity,
  DELETED_ACCOUNT,
  TicketStoreBusyError,
} from "../../core";
import { isPreconditionFailure } from "./firestore-conditional-write";
import { isContention } from "./firestore-contention";
import { instantOfTimestamp, timestampOfInstant } from "./firestore-values";

/**
 * TicketStorePort on Firestore (production), with each ticket type's stock split over N shard
 * documents; docs/tickets.md has the arithmetic.
 *
 * Why shards: Firestore sustains about one write per second on any one document (a soft limit:
 * bursts above it are served, but writes to the document then queue and abort). A single counter
 * per ticket type would cap an on-sale rush at about one purchase a second. So a type's capacity is
 * divided among N shard documents (`allocation`, adding up to the capacity), each counting its own
 * `sold` and the holds that took stock from it (`holds`: hold id → quantity and expiry). A shard
 * can never give out more than its allocation, so the type never sells more than its capacity. An
 * expired entry takes nothing from the count; any writer of its shard drops it (so a hold whose
 * stock someone else has taken can no longer be confirmed, even with a clock that lags), with no
 * sweeper.
 *
 * The rush (hold, confirm, release) takes no locks: it reads what it needs, then writes it in one
 * atomic batch on condition that nothing it read has changed (each document updated with the
 * update time it was read at, or created where there was none). A buyer who loses that race reads
 * again after a short random wait, on another shard picked at random; Firestore's transactions
 * would instead lock what they read, and many buyers on one shard then queue on its lock (on the
 * emulator, for its 30 s lock timeouts: issue 50). A hold first tries one shard picked at random;
 * when that one has too little, it asks for the shards that have stock (`free` > 0, or an entry
 * run out by now: `expiresNext`, both kept up to date by every writer), at most a few of them,
 * and takes from those. After SHARD_ATTEMPTS lost races, or once the request's deadline has
 * passed, it gives up with nothing taken: TicketStoreBusyError, the API's 503 with Retry-After.
 *
 * What is held and sold of a type (`availability`) is not read from the shards: each hold, order
 * and box-office sale writes one small `ticketTakes` document per ticket type in the same batch
 * (quantity, held or sold, expiry), and two aggregation queries sum them. Firestore bills an
 * aggregation one read per 1,000 documents it sums.
 *
 * The first hold of a type, and the first after the CMS changes its capacity, reads and rewrites
 * all N shards in one transaction to share the new capacity out (allocation = what the shard uses
 * now + an even share of what is left); if the CMS sets a capacity below what is already sold and
 * held, the type stays sold out, and each hold shares it out again, until enough is released. A
 * commit writes at most 500 documents, which caps N at 500. Box-office sales and claims, extensions
 * and cancellations are rare and run as transactions.
 *
 * Ids are UUIDs and ticket codes random, made here; instants are Firestore Timestamps.
 */
export const TICKET_STORE_COLLECTIONS = {
  /** ticketStock/{hash of the ticket type id}/shards/{0…N−1} */
  stock: "ticketStock",
  holds: "ticketHolds",
  /** One per (user, idempotency key), pointing at its hold. */
  holdKeys: "ticketHoldKeys",
  orders: "ticketOrders",
  /** One per box-office code, pointing at its order. */
  purchaseCodes: "ticketPurchaseCodes",
  /** One per (user, event): the user's hold in force and what they bought, which every hold of theirs for the event reads and writes. */
  buyers: "ticketBuyers",
  /** One per line of a hold or an order (`{hold or order id}.{line}`): what `availability` sums. */
  takes: "ticketTakes",
} as const;

/** Holds swept at a time: a batch takes at most 500 writes (a hold, its key and a take per line). */
const SWEEP_BATCH = 100;

export const DEFAULT_TICKET_STOCK_SHARDS = 500;
const MAX_SHARDS = 500;

/** Lost races after which a hold, confirmation or release gives up (TicketStoreBusyError). */
const SHARD_ATTEMPTS = 30;
/** The longest random wait before reading again, ms; it grows to this from a few ms. */
const MAX_RETRY_WAIT_MS = 250;
/** Shards with stock a hold asks for when its first pick has too little. */
const CANDIDATE_SHARDS = 20;

export interface FirestoreTicketStoreOptions {
  readonly firestore: Firestore;
  /** Shards per ticket type (1–500): see docs/tickets.md for how many a rush needs. */
  readonly shardCount?: number;
  /** Other collection names (tests keep runs apart this way). */
  readonly collections?: { readonly [Name in keyof typeof TICKET_STORE_COLLECTIONS]: string };
  /**
   * Tests only: runs between a decision's reads and its conditional write, so that a rival can
   * change what was read there — the race that contention is made of (like the SQLite store's
   * pauseAfterCheckMs).
   */
  readonly beforeWrite?: () => Promise<void>;
}

interface HoldEntry {
  readonly quantity: number;
  readonly expiresAt: Timestamp;
}

interface StoredShard {
  readonly ticketTypeId: string;
  /** The capacity the allocations were shared out for; null while it is below what is sold and held. */
  readonly capacity: number | null;
  readonly allocation: number;
  readonly sold: number;
  readonly holds: Readonly<Record<string, HoldEntry>>;
  /** allocation − sold − every entry, run out or not: > 0 means stock to take (the query a hold asks). */
  readonly free: number;
  /** The earliest expiry of an entry, if any: by then, stock may be free here again. */
  readonly expiresNext: Timestamp | null;
}

/** Where an order's or a hold's tickets were taken from: what a confirmation, release or cancellation must write back. */
interface ShardTake {
  readonly ticketTypeId: string;
  readonly shard: number;
  readonly quantity: number;
}

interface StoredHold {
  readonly userId: string;
  readonly eventId: string;
  readonly idempotencyKey: string;
  readonly lines: readonly TicketTypeQuantity[];
  readonly takenFrom: readonly ShardTake[];
  readonly heldAt: Timestamp;
  readonly expiresAt: Timestamp;
  readonly extended: boolean;
  readonly status: "held" | "released" | "confirmed";
  readonly orderId?: string;
}

/** What one user has of one event: the per-buyer limit is checked on it, in the write that takes the stock. */
interface StoredBuyer {
  readonly userId: string;
  readonly eventId: string;
  /** Their latest hold for the event; a new one replaces it while it is in force. */
  readonly holdId: string | null;
  /** Tickets per type in their confirmed orders for the event. */
  readonly bought: Readonly<Record<string, number>>;
}

interface StoredOrder {
  readonly userId: string | null;
  readonly eventId: string;
  readonly channel: TicketOrder["channel"];
  readonly status: TicketOrder["status"];
  readonly placedAt: Timestamp;
  readonly cancelledAt: Timestamp | null;
  readonly holdId: string | null;
  readonly purchaseCode: string | null;
  readonly tickets: readonly Ticket[];
  readonly takenFrom: readonly ShardTake[];
  /** Its `ticketTakes` documents (missing on orders from before they existed). */
  readonly takeIds?: readonly string[];
}

/** One line of a hold or an order, as `availability` sums it. */
interface StoredTake {
  readonly ticketTypeId: string;
  readonly quantity: number;
  readonly state: "held" | "sold";
  /** A held line's expiry; null once sold. */
  readonly expiresAt: Timestamp | null;
}

/** A shard as read, changed in memory, then written back whole. */
class Shard {
  constructor(
    readonly snapshot: DocumentSnapshot,
    readonly index: number,
    readonly ticketTypeId: string,
    public capacity: number | null,
    public allocation: number,
    public sold: number,
    readonly holds: Map<string, { quantity: number; expiresAt: number }>,
    /** A hold being replaced: its entry still stands (it is written back unless deleted) but keeps nothing aside. */
    readonly freed?: string,
  ) {}

  static of(snapshot: DocumentSnapshot, index: number, ticketTypeId: string, freed?: string): Shard {
    const stored = snapshot.exists ? (snapshot.data() as StoredShard) : undefined;
    const holds = new Map(Object.entries(stored?.holds ?? {}).map(([holdId, entry]) => [holdId, { quantity: entry.quantity, expiresAt: entry.expiresAt.toMillis() }]));
    return new Shard(snapshot, index, ticketTypeId, stored ? stored.capacity : null, stored?.allocation ?? 0, stored?.sold ?? 0, holds, freed);
  }

  get ref(): DocumentReference {
    return this.snapshot.ref;
  }

  held(now: number): number {
    let held = 0;
    for (const [holdId, entry] of this.holds) if (entry.expiresAt > now && holdId !== this.freed) held += entry.quantity;
    return held;
  }

  free(now: number): number {
    return Math.max(0, this.allocation - this.sold - this.held(now));
  }

  /** Drops the entries expired at `now` (when the writer knows the time); the document as it is to be written. */
  private stored(now?: number): StoredShard {
    if (now !== undefined) for (const [holdId, entry] of this.holds) if (entry.expiresAt <= now) this.holds.delete(holdId);
    let taken = 0;
    let expiresNext: number | null = null;
    for (const entry of this.holds.values()) {
      taken += entry.quantity;
      expiresNext = expiresNext === null ? entry.expiresAt : Math.min(expiresNext, entry.expiresAt);
    }
    const holds = Object.fromEntries([...this.holds].map(([holdId, entry]) => [holdId, { quantity: entry.quantity, expiresAt: Timestamp.fromMillis(entry.expiresAt) }]));
    return {
      ticketTypeId: this.ticketTypeId,
      capacity: this.capacity,
      allocation: this.allocation,
      sold: this.sold,
      holds,
      free: this.allocation - this.sold - taken,
      expiresNext: expiresNext === null ? null : Timestamp.fromMillis(expiresNext),
    };
  }

  write(transaction: Transaction, now?: number): void {
    transaction.set(this.ref, this.stored(now));
  }

  /** Written in `batch` on condition that it is still as it was read. */
  writeUnchanged(batch: WriteBatch, now?: number): void {
    writeUnchangedSince(batch, this.snapshot, this.stored(now));
  }
}

/** `data` for a document as `snapshot` read it, on condition that it has not changed since: updated with its update time, or created where there was none. */
function writeUnchangedSince(batch: WriteBatch, snapshot: DocumentSnapshot, data: DocumentData): void {
  if (snapshot.exists) batch.update(snapshot.ref, data, { lastUpdateTime: snapshot.updateTime! });
  else batch.create(snapshot.ref, data);
}

/** Another writer came first (the batch's condition failed) or a transaction held the document: read again. */
const isLostRace = (error: unknown) => isPreconditionFailure(error) || (error as { code?: unknown } | null)?.code === 10;

/** A batch to commit, and what to answer once it is committed; no batch: nothing to write. */
interface Decision<Result> {
  readonly batch?: WriteBatch;
  readonly result: Result;
}

/** What was read is out of date (a capacity was shared out meanwhile): decide again at once. */
class ReadAgain {}

type StockPlan = { readonly takes: readonly ShardTake[] } | { readonly outcome: "sold-out"; readonly ticketTypeId: string; readonly available: number };

const shuffled = <T>(items: readonly T[]): T[] => {
  const copy = [...items];
  for (let index = copy.length - 1; index > 0; index--) {
    const other = randomInt(index + 1);
    [copy[index], copy[other]] = [copy[other]!, copy[index]!];
  }
  return copy;
};

export function createFirestoreTicketStore({
  firestore,
  shardCount = DEFAULT_TICKET_STOCK_SHARDS,
  collections = TICKET_STORE_COLLECTIONS,
  beforeWrite,
}: FirestoreTicketStoreOptions): TicketStorePort {
  if (!Number.isSafeInteger(shardCount) || shardCount < 1 || shardCount > MAX_SHARDS) throw new RangeError(`shardCount must be a whole number from 1 to ${MAX_SHARDS}`);

  const hashed = (text: string) => createHash("sha256").update(text).digest("base64url");
  const shardsOfType = (ticketTypeId: string) => firestore.collection(collections.stock).doc(hashed(ticketTypeId)).collection("shards");
  const shardRef = (ticketTypeId: string, index: number) => shardsOfType(ticketTypeId).doc(String(index)) as DocumentReference;
  const shardRefs = (ticketTypeId: string) => Array.from({ length: shardCount }, (_, index) => shardRef(ticketTypeId, index));
  const holdRef = (holdId: string) => firestore.collection(collections.holds).doc(holdId) as DocumentReference;
  const holdKeyRef = (userId: string, key: string) => firestore.collection(collections.holdKeys).doc(hashed(`${userId}\n${key}`)) as DocumentReference;
  const orderRef = (orderId: string) => firestore.collection(collections.orders).doc(orderId) as DocumentReference;
  const codeRef = (code: string) => firestore.collection(collections.purchaseCodes).doc(hashed(code)) as DocumentReference;
  const buyerRef = (userId: string, eventId: string) => firestore.collection(collections.buyers).doc(hashed(`${userId}\n${eventId}`)) as DocumentReference;
  const takeRef = (takeId: string) => firestore.collection(collections.takes).doc(takeId) as DocumentReference;
  /** A hold's or an order's takes, one per line. */
  const takeIdsOf = (id: string, lines: readonly unknown[]) => lines.map((_, line) => `${id}.${line}`);

  const buyerFrom = (snapshot: DocumentSnapshot, userId: string, eventId: string): StoredBuyer =>
    snapshot.exists ? (snapshot.data() as StoredBuyer) : { userId, eventId, holdId: null, bought: {} };

  async function buyerOf(transaction: Transaction, userId: string, eventId: string): Promise<StoredBuyer> {
    return buyerFrom(await transaction.get(buyerRef(userId, eventId)), userId, eventId);
  }

  /** The buyer's bought tickets changed by an order's (+1: confirmed or claimed; −1: cancelled). */
  function countBought(buyer: StoredBuyer, tickets: readonly { readonly ticketTypeId: string }[], sign: 1 | -1): StoredBuyer {
    const bought = { ...buyer.bought };
    for (const { ticketTypeId } of tickets) bought[ticketTypeId] = Math.max(0, (bought[ticketTypeId] ?? 0) + sign);
    return { ...buyer, bought };
  }
  // Rare work (box office, extensions, cancellations, sharing a capacity out) in transactions; each
  // retry re-reads what the winner wrote.
  const transact = <Result>(work: (transaction: Transaction) => Promise<Result>) =>
    firestore.runTransaction(work, { maxAttempts: 30 }).catch((error: unknown) => {
      if (isContention(error)) throw new TicketStoreBusyError("The ticket store is busy", { cause: error });
      throw error;
    });

  /**
   * The rush's work, without locks: `decide` reads, and answers with a batch whose every write is
   * conditional on what it read (or no batch). A lost race decides again after a short random
   * wait, until SHARD_ATTEMPTS are spent or `deadline` aborts; nothing was written then.
   */
  async function decideAndCommit<Result>(decide: () => Promise<Decision<Result>>, deadline?: AbortSignal): Promise<Result> {
    let lastLoss: unknown;
    for (let attempt = 0; attempt < SHARD_ATTEMPTS; attempt++) {
      deadline?.throwIfAborted();
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(MAX_RETRY_WAIT_MS, 4 * 2 ** attempt)));
      deadline?.throwIfAborted();
      try {
        const { batch, result } = await decide();
        if (batch) {
          await beforeWrite?.();
          await batch.commit();
        }
        return result;
      } catch (error) {
        if (error instanceof ReadAgain) continue;
        if (!isLostRace(error)) throw error;
        lastLoss = error;
      }
    }
    throw new TicketStoreBusyError("The ticket store is busy", { cause: lastLoss });
  }

  /**
   * Shares the capacity the CMS gives now out over the type's shards, in a transaction that reads
   * them all, unless they are shared out for it already (another buyer was first). Answers
   * whether they are: not while the capacity is below what is sold and held.
   */
  async function shareOutFor(ticketTypeId: string, capacity: number, now: number): Promise<boolean> {
    return transact(async (transaction) => {
      const all = (await transaction.getAll(...shardRefs(ticketTypeId))).map((snapshot, index) => Shard.of(snapshot, index, ticketTypeId));
      if (all.every((shard) => shard.capacity === capacity)) return true;
      for (const shard of shareOut(all, capacity, now)) shard.write(transaction, now);
      return all.every((shard) => shard.capacity === capacity);
    });
  }

  /** Reads, in the transaction, the shards that the given takes touch. */
  async function shardsOf(transaction: Transaction, takes: readonly ShardTake[]): Promise<Shard[]> {
    if (takes.length === 0) return [];
    const snapshots = await transaction.getAll(...takes.map((take) => shardRef(take.ticketTypeId, take.shard)));
    return snapshots.map((snapshot, index) => Shard.of(snapshot, takes[index]!.shard, takes[index]!.ticketTypeId));
  }

  /** Reads, without a lock, the shards that the given takes touch. */
  async function readShardsOf(takes: readonly ShardTake[], freed?: string): Promise<Shard[]> {
    if (takes.length === 0) return [];
    const snapshots = await firestore.getAll(...takes.map((take) => shardRef(take.ticketTypeId, take.shard)));
    return snapshots.map((snapshot, index) => Shard.of(snapshot, takes[index]!.shard, takes[index]!.ticketTypeId, freed));
  }

  /**
   * Which shards give a hold's lines their tickets, read without a lock (the batch's conditions
   * catch any change). Per line: one shard picked at random, with the shards of the hold being
   * replaced (whose stock is free for this one); if they have too little, up to CANDIDATE_SHARDS
   * of those that have stock by the shards' own `free` and `expiresNext`; if those queries found
   * fewer than they could, what they found is all there is (sold-out says how much); else, rarely
   * (a line larger than CANDIDATE_SHARDS), every shard. Shards shared out for another capacity
   * are shared out again first (then ReadAgain), and give nothing while it is below what is used.
   */
  async function planHold(lines: readonly RequestedTicketLine[], now: number, replacedShards: readonly Shard[]): Promise<{ plan: StockPlan; givers: Shard[] }> {
    const takes: ShardTake[] = [];
    const givers: Shard[] = [];
    for (const { ticketType, quantity } of lines) {
      const { ticketTypeId, capacity } = ticketType;
      // Every shard read so far, by path: the batch writes those that give.
      const known = new Map<string, Shard>(replacedShards.filter((shard) => shard.ticketTypeId === ticketTypeId).map((shard) => [shard.ref.path, shard]));
      let otherCapacity = false;
      const learn = (snapshots: readonly DocumentSnapshot[]) => {
        for (const snapshot of snapshots) {
          if (known.has(snapshot.ref.path)) continue;
          const shard = Shard.of(snapshot, Number(snapshot.id), ticketTypeId, replacedShards[0]?.freed);
          otherCapacity ||= shard.capacity !== capacity;
          known.set(snapshot.ref.path, shard);
        }
        return otherCapacity;
      };
      const enough = () => [...known.values()].reduce((sum, shard) => sum + (shard.capacity === capacity ? shard.free(now) : 0), 0) >= quantity;
      /** A shard shared out for another capacity: the CMS changed it; shared out again, the line is planned again. */
      const shareOutAgain = async () => {
        if (await shareOutFor(ticketTypeId, capacity, now)) throw new ReadAgain();
        return { plan: { outcome: "sold-out" as const, ticketTypeId, available: 0 }, givers: [] };
      };
      if (learn([await shardRef(ticketTypeId, randomInt(shardCount)).get()])) return shareOutAgain();
      if (!enough()) {
        const [withStock, runOut] = await Promise.all([
          shardsOfType(ticketTypeId).where("free", ">", 0).limit(CANDIDATE_SHARDS).get(),
          shardsOfType(ticketTypeId).where("expiresNext", "<=", Timestamp.fromMillis(now)).limit(CANDIDATE_SHARDS).get(),
        ]);
        // Shuffled: the last buyers of a sale spread over the shards that are left, rather than all asking the first.
        if (learn(shuffled([...withStock.docs, ...runOut.docs]))) return shareOutAgain();
        const complete = withStock.size < CANDIDATE_SHARDS && runOut.size < CANDIDATE_SHARDS;
        if (!enough() && !complete && learn(await firestore.getAll(...shardRefs(ticketTypeId)))) return shareOutAgain();
      }
      const taken = takeFrom([...known.values()], ticketTypeId, capacity, quantity, now);
      if (!taken) {
        const available = [...known.values()].reduce((sum, shard) => sum + shard.free(now), 0);
        return { plan: { outcome: "sold-out", ticketTypeId, available }, givers: [] };
      }
      takes.push(...taken.takes);
      givers.push(...taken.givers);
    }
    return { plan: { takes }, givers };
  }

  /**
   * Decides, in the transaction, which shards give the lines their tickets (a box-office sale):
   * every shard of each type is read, shared out again if the CMS's capacity changed. Answers the
   * shards to write (those that give, and those shared out).
   */
  async function planSale(transaction: Transaction, lines: readonly RequestedTicketLine[], now: number): Promise<{ plan: StockPlan; toWrite: Shard[] }> {
    const takes: ShardTake[] = [];
    const toWrite: Shard[] = [];
    for (const { ticketType, quantity } of lines) {
      const { ticketTypeId, capacity } = ticketType;
      const all = (await transaction.getAll(...shardRefs(ticketTypeId))).map((snapshot, index) => Shard.of(snapshot, index, ticketTypeId));
      const sharedOut = all.some((shard) => shard.capacity !== capacity) ? shareOut(all, capacity, now) : [];
      const taken = takeFrom(all, ticketTypeId, capacity, quantity, now);
      if (!taken) {
        const available = all.reduce((sum, shard) => sum + (shard.capacity === capacity ? shard.free(now) : 0), 0);
        return { plan: { outcome: "sold-out", ticketTypeId, available }, toWrite: sharedOut };
      }
      takes.push(...taken.takes);
      toWrite.push(...new Set([...sharedOut, ...taken.givers]));
    }
    return { plan: { takes }, toWrite };
  }

  /** Ends a confirmed order, cancelled or refunded, its tickets back on sale; an ended one stays as it is. Null: not the user's. */
  function end(orderId: string, userId: string, now: string, status: "cancelled" | "refunded"): Promise<TicketOrder | null> {
    const at = millisOf(now);
    return transact(async (transaction) => {
      const snapshot = await transaction.get(orderRef(orderId));
      const stored = snapshot.exists ? (snapshot.data() as StoredOrder) : undefined;
      if (!stored || stored.userId !== userId) return null;
      if (stored.status !== "confirmed") return orderOf(orderId, stored);
      const shards = await shardsOf(transaction, stored.takenFrom);
      const buyer = await buyerOf(transaction, userId, stored.eventId);
      transaction.set(buyerRef(userId, stored.eventId), countBought(buyer, stored.tickets, -1) satisfies StoredBuyer);
      stored.takenFrom.forEach((take, index) => {
        shards[index]!.sold -= take.quantity;
        shards[index]!.write(transaction, at);
      });
      const ended: StoredOrder = { ...stored, status, cancelledAt: Timestamp.fromMillis(at) };
      transaction.update(orderRef(orderId), { status, cancelledAt: ended.cancelledAt });
      for (const takeId of stored.takeIds ?? []) transaction.delete(takeRef(takeId));
      return orderOf(orderId, ended);
    });
  }

  const orderOf = (id: string, stored: StoredOrder): TicketOrder => ({
    orderId: id,
    userId: stored.userId,
    eventId: stored.eventId,
    channel: stored.channel,
    status: stored.status,
    placedAt: instantOfTimestamp(stored.placedAt, "placedAt"),
    cancelledAt: stored.cancelledAt === null ? null : instantOfTimestamp(stored.cancelledAt, "cancelledAt"),
    tickets: stored.tickets.map((ticket) => ({ ticketId: ticket.ticketId, ticketTypeId: ticket.ticketTypeId, code: ticket.code })),
  });

  function newOrder(fields: Omit<StoredOrder, "status" | "cancelledAt" | "tickets">, lines: readonly TicketTypeQuantity[]): StoredOrder {
    const tickets = lines.flatMap(({ ticketTypeId, quantity }) =>
      Array.from({ length: quantity }, () => ({ ticketId: randomUUID(), ticketTypeId, code: ticketCodeOf(randomBytes(8)) })),
    );
    return { ...fields, status: "confirmed", cancelledAt: null, tickets };
  }

  async function ownHold(transaction: Transaction, holdId: string, userId: string) {
    const snapshot = await transaction.get(holdRef(holdId));
    const stored = snapshot.exists ? (snapshot.data() as StoredHold) : undefined;
    return stored?.userId === userId ? stored : undefined;
  }

  /** A user's hold as read without a lock, with its snapshot for the batch's condition. */
  async function readOwnHold(holdId: string, userId: string) {
    const snapshot = await holdRef(holdId).get();
    const stored = snapshot.exists ? (snapshot.data() as StoredHold) : undefined;
    return stored?.userId === userId ? { snapshot, stored } : undefined;
  }

  const sumOf = async (query: Query) => Number((await query.aggregate({ quantity: AggregateField.sum("quantity") }).get()).data().quantity ?? 0);

  /** A release; `forgetKey`: also the hold's idempotency key, so that the key holds afresh (a withdrawal). */
  function released(holdId: string, userId: string, forgetKey: boolean): Promise<ReleaseOutcome> {
    return decideAndCommit<ReleaseOutcome>(async () => {
      const own = await readOwnHold(holdId, userId);
      if (!own) return { result: { outcome: "not-found" as const } };
      if (own.stored.status === "confirmed") return { result: { outcome: "already-confirmed" as const } };
      if (own.stored.status !== "held" && !forgetKey) return { result: { outcome: "released" as const } };
      const batch = firestore.batch();
      if (own.stored.status === "held") {
        // Without the time, other expired entries stay for the next writer of the shard to drop.
        for (const shard of await readShardsOf(own.stored.takenFrom)) {
          shard.holds.delete(holdId);
          shard.writeUnchanged(batch);
        }
        for (const takeId of takeIdsOf(holdId, own.stored.lines)) batch.delete(takeRef(takeId));
      }
      if (forgetKey) batch.delete(holdKeyRef(userId, own.stored.idempotencyKey));
      // A withdrawn hold's key is one no client can send (CheckoutKey has no colon): its sweep deletes no later hold's key.
      writeUnchangedSince(batch, own.snapshot, { status: "released", ...(forgetKey ? { idempotencyKey: `withdrawn:${holdId}` } : {}) });
      return { batch, result: { outcome: "released" as const } };
    });
  }

  return {
    async availability(ticketTypes, now) {
      const at = Timestamp.fromMillis(millisOf(now));
      return Promise.all(
        ticketTypes.map(async (ticketType) => {
          const takes = firestore.collection(collections.takes).where("ticketTypeId", "==", ticketType.ticketTypeId);
          // Indexes: ticketTakes (ticketTypeId, state[, expiresAt]), firestore.indexes.json.
          const [sold, held] = await Promise.all([sumOf(takes.where("state", "==", "sold")), sumOf(takes.where("state", "==", "held").where("expiresAt", ">", at))]);
          return { ticketTypeId: ticketType.ticketTypeId, capacity: ticketType.capacity, sold, held };
        }),
      );
    },

    async hold(request) {
      assertTicketLines(request.lines);
      assertDurationMs(request.holdForMs);
      const now = millisOf(request.now);
      const lines = request.lines.map(quantityOf);
      const keyRef = holdKeyRef(request.userId, request.idempotencyKey);
      return decideAndCommit<HoldOutcome>(async () => {
        const [key, buyerSnapshot] = await firestore.getAll(keyRef, buyerRef(request.userId, request.eventId));
        if (key!.exists) {
          const holdId = String(key!.get("holdId"));
          const earlier = (await holdRef(holdId).get()).data() as StoredHold;
          const sameRequest = earlier.eventId === request.eventId && sameTicketQuantities(earlier.lines, lines);
          return { result: sameRequest ? { outcome: "held" as const, hold: heldOf(holdId, earlier) } : { outcome: "key-reused" as const } };
        }
        const overLimit = overLimitLine(request.lines);
        if (overLimit) return { result: overLimit };
        const buyer = buyerFrom(buyerSnapshot!, request.userId, request.eventId);
        const overBuyerLimit = overBuyerLimitLine(request.lines, (ticketTypeId) => buyer.bought[ticketTypeId] ?? 0);
        if (overBuyerLimit) return { result: overBuyerLimit };
        // The buyer's hold in force for the event is replaced: its stock is free for this one.
        const previous = buyer.holdId === null ? undefined : await holdRef(buyer.holdId).get();
        const previousHold = previous?.exists ? (previous.data() as StoredHold) : undefined;
        const replaced = previousHold?.status === "held" && previousHold.expiresAt.toMillis() > now ? buyer.holdId! : undefined;
        const replacedShards = replaced ? await readShardsOf(previousHold!.takenFrom, replaced) : [];
        const { plan, givers } = await planHold(request.lines, now, replacedShards);
        // Refused: nothing is written, and the replaced hold stays as it was.
        if ("outcome" in plan) return { result: plan };

        const holdId = randomUUID();
        const expiresAt = now + request.holdForMs;
        const batch = firestore.batch();
        for (const take of plan.takes) givers.find((shard) => shard.ticketTypeId === take.ticketTypeId && shard.index === take.shard)!.holds.set(holdId, { quantity: take.quantity, expiresAt });
        const toWrite = new Map([...replacedShards, ...givers].map((shard) => [shard.ref.path, shard]));
        for (const shard of toWrite.values()) {
          if (replaced) shard.holds.delete(replaced);
          shard.writeUnchanged(batch, now);
        }
        if (replaced) {
          writeUnchangedSince(batch, previous!, { status: "released" });
          for (const takeId of takeIdsOf(replaced, previousHold!.lines)) batch.delete(takeRef(takeId));
        }
        writeUnchangedSince(batch, buyerSnapshot!, { ...buyer, holdId } satisfies StoredBuyer);
        const stored: StoredHold = {
          userId: request.userId,
          eventId: request.eventId,
          idempotencyKey: request.idempotencyKey,
          lines,
          takenFrom: plan.takes,
          heldAt: Timestamp.fromMillis(now),
          expiresAt: Timestamp.fromMillis(expiresAt),
          extended: false,
          status: "held",
        };
        batch.create(holdRef(holdId), stored);
        batch.create(keyRef, { holdId });
        takeIdsOf(holdId, lines).forEach((takeId, line) =>
          batch.create(takeRef(takeId), { ...lines[line]!, state: "held", expiresAt: stored.expiresAt } satisfies StoredTake),
        );
        return { batch, result: { outcome: "held" as const, hold: heldOf(holdId, stored) } };
      }, request.deadline);
    },

    async findHold({ holdId, userId, now }) {
      const snapshot = await holdRef(holdId).get();
      const stored = snapshot.exists ? (snapshot.data() as StoredHold) : undefined;
      if (stored?.userId !== userId) return null;
      const state = stored.status === "held" && stored.expiresAt.toMillis() <= millisOf(now) ? "expired" : stored.status;
      return { hold: heldOf(holdId, stored), state };
    },

    async activeHoldOf(userId, eventId, now) {
      // The buyer's document names their latest hold for the event: the one that may be in force.
      const buyer = await buyerRef(userId, eventId).get();
      const holdId = buyer.exists ? (buyer.data() as StoredBuyer).holdId : null;
      if (holdId === null) return null;
      const snapshot = await holdRef(holdId).get();
      const stored = snapshot.exists ? (snapshot.data() as StoredHold) : undefined;
      const inForce = stored?.userId === userId && stored.status === "held" && stored.expiresAt.toMillis() > millisOf(now);
      return inForce ? heldOf(holdId, stored) : null;
    },

    async extend({ holdId, userId, extendByMs, now }) {
      assertDurationMs(extendByMs);
      const at = millisOf(now);
      return transact(async (transaction) => {
        const stored = await ownHold(transaction, holdId, userId);
        if (!stored) return { outcome: "not-found" as const };
        if (stored.status !== "held") return { outcome: "not-held" as const };
        const shards = await shardsOf(transaction, stored.takenFrom);
        if (stored.expiresAt.toMillis() <= at || !shards.every((shard) => shard.holds.has(holdId))) return { outcome: "expired" as const };
        if (stored.extended) return { outcome: "already-extended" as const, hold: heldOf(holdId, stored) };
        const expiresAt = stored.expiresAt.toMillis() + extendByMs;
        for (const shard of shards) {
          shard.holds.set(holdId, { ...shard.holds.get(holdId)!, expiresAt });
          shard.write(transaction, at);
        }
        const extended: StoredHold = { ...stored, expiresAt: Timestamp.fromMillis(expiresAt), extended: true };
        transaction.update(holdRef(holdId), { expiresAt: extended.expiresAt, extended: true });
        takeIdsOf(holdId, stored.lines).forEach((takeId, line) =>
          transaction.set(takeRef(takeId), { ...stored.lines[line]!, state: "held", expiresAt: extended.expiresAt } satisfies StoredTake),
        );
        return { outcome: "extended" as const, hold: heldOf(holdId, extended) };
      });
    },

    release: ({ holdId, userId }) => released(holdId, userId, false),
    withdraw: ({ holdId, userId }) => released(holdId, userId, true),

    async confirm({ holdId, userId, now }) {
      const at = millisOf(now);
      return decideAndCommit<ConfirmOutcome>(async () => {
        const own = await readOwnHold(holdId, userId);
        if (!own) return { result: { outcome: "not-found" as const } };
        const { stored, snapshot } = own;
        if (stored.status === "confirmed") {
          const order = await orderRef(stored.orderId!).get();
          return { result: { outcome: "confirmed" as const, order: orderOf(order.id, order.data() as StoredOrder) } };
        }
        if (stored.status === "released") return { result: { outcome: "released" as const } };
        const [shards, buyerSnapshot] = await Promise.all([readShardsOf(stored.takenFrom), buyerRef(userId, stored.eventId).get()]);
        if (stored.expiresAt.toMillis() <= at) return { result: { outcome: "expired" as const } };
        if (!shards.every((shard) => shard.holds.has(holdId))) {
          // Read without a lock, the hold and its shards may be of two moments: a rival confirmation
          // or release committed in between took the entry. Only an unchanged hold is expired: its
          // entry was dropped by a writer whose clock is ahead, and its stock may be sold again.
          if (!(await holdRef(holdId).get()).updateTime?.isEqual(snapshot.updateTime!)) throw new ReadAgain();
          return { result: { outcome: "expired" as const } };
        }
        const buyer = buyerFrom(buyerSnapshot, userId, stored.eventId);
        const batch = firestore.batch();
        for (const shard of shards) {
          shard.sold += shard.holds.get(holdId)!.quantity;
          shard.holds.delete(holdId);
          shard.writeUnchanged(batch, at);
        }
        const orderId = randomUUID();
        const takeIds = takeIdsOf(holdId, stored.lines);
        const order = newOrder(
          { userId, eventId: stored.eventId, channel: "online", placedAt: Timestamp.fromMillis(at), holdId, purchaseCode: null, takenFrom: stored.takenFrom, takeIds },
          stored.lines,
        );
        batch.create(orderRef(orderId), order);
        writeUnchangedSince(batch, snapshot, { status: "confirmed", orderId });
        writeUnchangedSince(batch, buyerSnapshot, { ...countBought(buyer, order.tickets, 1), holdId: buyer.holdId === holdId ? null : buyer.holdId } satisfies StoredBuyer);
        takeIds.forEach((takeId, line) => batch.set(takeRef(takeId), { ...stored.lines[line]!, state: "sold", expiresAt: null } satisfies StoredTake));
        return { batch, result: { outcome: "confirmed" as const, order: orderOf(orderId, order) } };
      });
    },

    async cancel({ orderId, userId, now }) {
      const order = await end(orderId, userId, now, "cancelled");
      return order ? { outcome: "cancelled" as const, order } : { outcome: "not-found" as const };
    },

    async refund({ orderId, userId, now }) {
      const order = await end(orderId, userId, now, "refunded");
      if (!order) return { outcome: "not-found" as const };
      return order.status === "refunded" ? { outcome: "refunded" as const, order } : { outcome: "already-cancelled" as const, order };
    },

    async ordersOf(userId) {
      // An equality filter alone: Firestore's single-field index serves it, with no composite index to deploy.
      const snapshot = await firestore.collection(collections.orders).where("userId", "==", userId).get();
      return snapshot.docs
        .map((document) => orderOf(document.id, document.data() as StoredOrder))
        .sort((a, b) => a.placedAt.localeCompare(b.placedAt) || a.orderId.localeCompare(b.orderId));
    },

    async ordersOfEvent(eventId) {
      const snapshot = await firestore.collection(collections.orders).where("eventId", "==", eventId).get();
      return snapshot.docs.map((document) => orderOf(document.id, document.data() as StoredOrder));
    },

    async forgetUser(userId) {
      const [orders, holds, buyers] = await Promise.all([
        firestore.collection(collections.orders).where("userId", "==", userId).get(),
        firestore.collection(collections.holds).where("userId", "==", userId).get(),
        firestore.collection(collections.buyers).where("userId", "==", userId).get(),
      ]);
      const updates = [
        ...orders.docs.map((document) => [document.ref, { userId: DELETED_ACCOUNT }] as const),
        // Each hold keeps a user id of its own, as on SQLite.
        ...holds.docs.map((document) => [document.ref, { userId: `${DELETED_ACCOUNT}:${document.id}` }] as const),
        ...buyers.docs.map((document) => [document.ref, null] as const),
      ];
      // A batch takes at most 500 writes.
      for (let start = 0; start < updates.length; start += 500) {
        const batch = firestore.batch();
        for (const [ref, fields] of updates.slice(start, start + 500)) {
          if (fields) batch.update(ref, fields);
          else batch.delete(ref);
        }
        await batch.commit();
      }
    },

    async sweepHolds(expiredBefore) {
      const before = Timestamp.fromMillis(millisOf(expiredBefore));
      // Index: ticketHolds (status, expiresAt), firestore.indexes.json.
      const sweepable = firestore.collection(collections.holds).where("status", "in", ["held", "released"]).where("expiresAt", "<=", before).limit(SWEEP_BATCH);
      let swept = 0;
      for (;;) {
        const holds = await sweepable.get();
        if (holds.empty) return swept;
        const batch = firestore.batch();
        for (const document of holds.docs) {
          const stored = document.data() as StoredHold;
          batch.delete(document.ref);
          for (const takeId of takeIdsOf(document.id, stored.lines)) batch.delete(takeRef(takeId));
          // A deleted account's holds keep no key of theirs (the key's document is named by the user id they had).
          if (!stored.userId.startsWith(`${DELETED_ACCOUNT}:`)) batch.delete(holdKeyRef(stored.userId, stored.idempotencyKey));
        }
        await batch.commit();
        swept += holds.size;
        if (holds.size < SWEEP_BATCH) return swept;
      }
    },

    async issuePurchaseCode({ eventId, lines, now }) {
      assertTicketLines(lines);
      const at = millisOf(now);
      return transact(async (transaction) => {
        // 60 random bits: a code already given is as good as impossible, but never given twice.
        let printed = purchaseCodeOf(randomBytes(8));
        while ((await transaction.get(codeRef(normalisePurchaseCode(printed)))).exists) printed = purchaseCodeOf(randomBytes(8));
        const code = normalisePurchaseCode(printed);
        const { plan, toWrite } = await planSale(transaction, lines, at);
        if ("outcome" in plan) {
          for (const shard of toWrite) shard.write(transaction, at);
          return plan;
        }
        for (const take of plan.takes) toWrite.find((shard) => shard.ticketTypeId === take.ticketTypeId && shard.index === take.shard)!.sold += take.quantity;
        for (const shard of toWrite) shard.write(transaction, at);
        const orderId = randomUUID();
        const quantities = lines.map(quantityOf);
        const takeIds = takeIdsOf(orderId, quantities);
        const order = newOrder(
          { userId: null, eventId, channel: "box-office", placedAt: Timestamp.fromMillis(at), holdId: null, purchaseCode: code, takenFrom: plan.takes, takeIds },
          quantities,
        );
        transaction.create(orderRef(orderId), order);
        transaction.create(codeRef(code), { orderId });
        takeIds.forEach((takeId, line) => transaction.create(takeRef(takeId), { ...quantities[line]!, state: "sold", expiresAt: null } satisfies StoredTake));
        return { outcome: "issued" as const, order: orderOf(orderId, order), code: printed };
      });
    },

    async claimPurchaseCode({ code, userId }) {
      return transact(async (transaction) => {
        const codeDocument = await transaction.get(codeRef(code));
        if (!codeDocument.exists) return { outcome: "unknown-code" as const };
        const orderId = String(codeDocument.get("orderId"));
        const stored = (await transaction.get(orderRef(orderId))).data() as StoredOrder;
        if (stored.userId !== null && stored.userId !== userId) return { outcome: "already-claimed" as const };
        if (stored.userId === null) {
          const buyer = await buyerOf(transaction, userId, stored.eventId);
          transaction.update(orderRef(orderId), { userId });
          if (stored.status === "confirmed") transaction.set(buyerRef(userId, stored.eventId), countBought(buyer, stored.tickets, 1) satisfies StoredBuyer);
        }
        return { outcome: "claimed" as const, order: orderOf(orderId, { ...stored, userId }) };
      });
    },
  };
}

/**
 * Shares a new capacity out over all of a type's shards (all read in this transaction): each gets
 * what it uses now plus an even share of what is left, so no shard starts above its allocation.
 * If the capacity is below what is used, nothing is left to share: the shards are marked
 * unbalanced (capacity null), and every hold reads them all until enough comes back. Answers the
 * shards it changed.
 */
function shareOut(shards: readonly Shard[], capacity: number, now: number): Shard[] {
  const used = shards.map((shard) => shard.sold + shard.held(now));
  const left = capacity - used.reduce((sum, each) => sum + each, 0);
  const balanced = left >= 0 ? capacity : null;
  return shards.filter((shard, index) => {
    const allocation = used[index]! + (left >= 0 ? Math.floor(left / shards.length) + (index < left % shards.length ? 1 : 0) : 0);
    if (shard.capacity === balanced && shard.allocation === allocation) return false;
    shard.capacity = balanced;
    shard.allocation = allocation;
    return true;
  });
}

/** Takes `quantity` from the shards in order, or null if together they have too little. Unbalanced shards (capacity null) give nothing. */
function takeFrom(shards: readonly Shard[], ticketTypeId: string, capacity: number, quantity: number, now: number) {
  const givers = shards.filter((shard) => shard.capacity === capacity);
  if (givers.reduce((sum, shard) => sum + shard.free(now), 0) < quantity) return null;
  const takes: ShardTake[] = [];
  let wanted = quantity;
  for (const shard of givers) {
    const taken = Math.min(wanted, shard.free(now));
    if (taken === 0) continue;
    takes.push({ ticketTypeId, shard: shard.index, quantity: taken });
    wanted -= taken;
  }
  return { takes, givers: givers.filter((shard) => takes.some((take) => take.shard === shard.index)) };
}

const quantityOf = (line: RequestedTicketLine): TicketTypeQuantity => ({ ticketTypeId: line.ticketType.ticketTypeId, quantity: line.quantity });

function heldOf(holdId: string, stored: StoredHold): HeldTickets {
  return {
    holdId,
    userId: stored.userId,
    eventId: stored.eventId,
    lines: stored.lines.map(({ ticketTypeId, quantity }) => ({ ticketTypeId, quantity })),
    heldAt: instantOfTimestamp(stored.heldAt, "heldAt"),
    expiresAt: instantOfTimestamp(stored.expiresAt, "expiresAt"),
    extended: stored.extended,
  };
}

const millisOf = (instant: string) => timestampOfInstant(instant).toMillis();
