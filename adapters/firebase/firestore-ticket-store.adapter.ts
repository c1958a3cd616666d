import { createHash, randomBytes, randomInt, randomUUID } from "node:crypto";
import { Timestamp, type DocumentReference, type DocumentSnapshot, type Firestore, type Transaction } from "firebase-admin/firestore";
import {
  assertDurationMs,
  assertTicketLines,
  overBuyerLimitLine,
  normalisePurchaseCode,
  overLimitLine,
  purchaseCodeOf,
  sameTicketQuantities,
  ticketCodeOf,
  type HeldTickets,
  type ReleaseOutcome,
  type RequestedTicketLine,
  type Ticket,
  type TicketOrder,
  type TicketStorePort,
  type TicketTypeQuantity,
  DELETED_ACCOUNT,
  TicketStoreBusyError,
} from "../../core";
import { isContention } from "./firestore-contention";
import { instantOfTimestamp, timestampOfInstant } from "./firestore-values";

/**
 * TicketStorePort on Firestore (production), with each ticket type's stock split over N shard
 * documents.
 *
 * Why shards: Firestore sustains about one write per second on any one document (a soft limit:
 * bursts above it are served, but transactions on the document then queue and abort). A single
 * counter per ticket type would cap an on-sale rush at about one purchase a second. So a type's
 * capacity is divided among N shard documents (`allocation`, adding up to the capacity), each
 * counting its own `sold` and the holds that took stock from it (`holds`: hold id → quantity and
 * expiry). A hold picks a shard at random and, in one transaction, checks allocation − sold −
 * unexpired holds there and writes its entry: concurrent buyers land on different documents, and
 * two on the same one are serialised by the transaction. A shard can never give out more than its
 * allocation, so the type never sells more than its capacity. An expired entry takes nothing
 * from the count; any transaction that writes its shard drops it (so a hold whose stock someone
 * else has taken can no longer be confirmed, even with a clock that lags), with no sweeper.
 *
 * How much it sustains: a purchase writes its shard twice (the hold, then the confirmation that
 * turns its entry into `sold`); the hold, key and order documents it also writes are new ones,
 * which no such limit touches. So N shards sustain about N / 2 purchases per second per ticket
 * type. Buyers pick shards at random, so some shards get bursts above the average: plan on N / 4
 * purchases per second without transactions queuing, i.e. N ≈ 4 × the purchases per second
 * expected. The default 50 shards take about 12–25 purchases/s, 50–100 tickets/s at four a
 * purchase: a 20,000-seat ticket type in 4 to 7 minutes; 200 shards, 50–100 purchases/s. A
 * release or an extension is one more write to the shard; an expiry costs nothing.
 *
 * Where it slows down: when the chosen shard has too little left, the hold reads every shard of
 * the type outside its transaction (no lock): too little in all is sold-out at once; otherwise it
 * reads the shards that had stock again in the transaction and takes from as many as it needs. So
 * near the end of a sale the last buyers contend on the few shards that still have stock — by then
 * there is little left to sell — while those turned away queue on nothing. The first hold of a type, and the first after the CMS changes its capacity, reads and
 * rewrites all N shards to share the new capacity out (allocation = what the shard uses now +
 * an even share of what is left); if the CMS sets a capacity below what is already sold and held,
 * the type stays sold out, and every hold reads all its shards, until enough is released.
 * `availability` reads the N shards of each type: cache what a page shows. A transaction writes
 * at most 500 documents, which caps N at 400. A transaction that keeps losing to others (30
 * attempts, or the library's 11) rejects with TicketStoreBusyError, having taken nothing: answer it as "busy, try again".
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
} as const;

/** Swept holds are deleted this many at a time (a batch takes at most 500 writes: a hold and its key each). */
const SWEEP_BATCH = 250;

export const DEFAULT_TICKET_STOCK_SHARDS = 50;
const MAX_SHARDS = 400;

export interface FirestoreTicketStoreOptions {
  readonly firestore: Firestore;
  /** Shards per ticket type (1–400): about twice the purchases per second a type must take. */
  readonly shardCount?: number;
  /** Other collection names (tests keep runs apart this way). */
  readonly collections?: { readonly [Name in keyof typeof TICKET_STORE_COLLECTIONS]: string };
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

/** What one user has of one event: the per-buyer limit is checked on it, in the transaction that takes the stock. */
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
}

/** A shard as read in a transaction, changed in memory, then written back whole. */
class Shard {
  constructor(
    readonly ref: DocumentReference,
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
    return new Shard(snapshot.ref, index, ticketTypeId, stored ? stored.capacity : null, stored?.allocation ?? 0, stored?.sold ?? 0, holds, freed);
  }

  held(now: number): number {
    let held = 0;
    for (const [holdId, entry] of this.holds) if (entry.expiresAt > now && holdId !== this.freed) held += entry.quantity;
    return held;
  }

  free(now: number): number {
    return Math.max(0, this.allocation - this.sold - this.held(now));
  }

  /** Drops the entries expired at `now` (when the writer knows the time) and writes the shard. */
  write(transaction: Transaction, now?: number): void {
    if (now !== undefined) for (const [holdId, entry] of this.holds) if (entry.expiresAt <= now) this.holds.delete(holdId);
    const holds = Object.fromEntries([...this.holds].map(([holdId, entry]) => [holdId, { quantity: entry.quantity, expiresAt: Timestamp.fromMillis(entry.expiresAt) }]));
    transaction.set(this.ref, { ticketTypeId: this.ticketTypeId, capacity: this.capacity, allocation: this.allocation, sold: this.sold, holds } satisfies StoredShard);
  }
}

type StockPlan = { readonly takes: readonly ShardTake[] } | { readonly outcome: "sold-out"; readonly ticketTypeId: string; readonly available: number };

export function createFirestoreTicketStore({
  firestore,
  shardCount = DEFAULT_TICKET_STOCK_SHARDS,
  collections = TICKET_STORE_COLLECTIONS,
}: FirestoreTicketStoreOptions): TicketStorePort {
  if (!Number.isSafeInteger(shardCount) || shardCount < 1 || shardCount > MAX_SHARDS) throw new RangeError(`shardCount must be a whole number from 1 to ${MAX_SHARDS}`);

  const hashed = (text: string) => createHash("sha256").update(text).digest("base64url");
  const shardRef = (ticketTypeId: string, index: number) =>
    firestore.collection(collections.stock).doc(hashed(ticketTypeId)).collection("shards").doc(String(index)) as DocumentReference;
  const shardRefs = (ticketTypeId: string) => Array.from({ length: shardCount }, (_, index) => shardRef(ticketTypeId, index));
  const holdRef = (holdId: string) => firestore.collection(collections.holds).doc(holdId) as DocumentReference;
  const holdKeyRef = (userId: string, key: string) => firestore.collection(collections.holdKeys).doc(hashed(`${userId}\n${key}`)) as DocumentReference;
  const orderRef = (orderId: string) => firestore.collection(collections.orders).doc(orderId) as DocumentReference;
  const codeRef = (code: string) => firestore.collection(collections.purchaseCodes).doc(hashed(code)) as DocumentReference;
  const buyerRef = (userId: string, eventId: string) => firestore.collection(collections.buyers).doc(hashed(`${userId}\n${eventId}`)) as DocumentReference;

  async function buyerOf(transaction: Transaction, userId: string, eventId: string): Promise<StoredBuyer> {
    const snapshot = await transaction.get(buyerRef(userId, eventId));
    return snapshot.exists ? (snapshot.data() as StoredBuyer) : { userId, eventId, holdId: null, bought: {} };
  }

  /** The buyer's bought tickets changed by an order's (+1: confirmed or claimed; −1: cancelled). */
  function countBought(buyer: StoredBuyer, tickets: readonly { readonly ticketTypeId: string }[], sign: 1 | -1): StoredBuyer {
    const bought = { ...buyer.bought };
    for (const { ticketTypeId } of tickets) bought[ticketTypeId] = Math.max(0, (bought[ticketTypeId] ?? 0) + sign);
    return { ...buyer, bought };
  }
  // Many buyers contend for one document at the end of a sale (or with one idempotency key), and
  // each retry re-reads what the winner wrote: they need more attempts than the SDK's 5.
  const transact = <Result>(work: (transaction: Transaction) => Promise<Result>) =>
    firestore.runTransaction(work, { maxAttempts: 30 }).catch((error: unknown) => {
      if (isContention(error)) throw new TicketStoreBusyError("The ticket store is busy", { cause: error });
      throw error;
    });

  /** Reads, in the transaction, the shards that the given takes touch. */
  async function shardsOf(transaction: Transaction, takes: readonly ShardTake[]): Promise<Shard[]> {
    if (takes.length === 0) return [];
    const snapshots = await transaction.getAll(...takes.map((take) => shardRef(take.ticketTypeId, take.shard)));
    return snapshots.map((snapshot, index) => Shard.of(snapshot, takes[index]!.shard, takes[index]!.ticketTypeId));
  }

  /**
   * Decides, in the transaction, which shards give the lines their tickets, and which shards are to
   * be written (those that give, and those a new capacity was shared out over). Only reads happen
   * here, so that the caller may read more before it writes.
   *
   * For each line, the shards are first read outside the transaction, which takes no lock: the
   * shard picked at random if it has enough (the rush), else all the type's shards — too little in
   * all is sold-out at once, so the many buyers turned away at the end of a sale lock nothing.
   * Then only the shards that had the stock are read in the transaction, to take it. When they no
   * longer have it (someone took it meanwhile), or the CMS has changed the capacity, the
   * transaction reads every shard.
   */
  async function planStock(transaction: Transaction, lines: readonly RequestedTicketLine[], now: number, freed?: string): Promise<{ plan: StockPlan; toWrite: Shard[] }> {
    const takes: ShardTake[] = [];
    const toWrite: Shard[] = [];
    for (const { ticketType, quantity } of lines) {
      const { ticketTypeId, capacity } = ticketType;
      const shardsAt = (snapshots: readonly DocumentSnapshot[], indexes: readonly number[]) => snapshots.map((snapshot, at) => Shard.of(snapshot, indexes[at]!, ticketTypeId, freed));
      const glance = async (indexes: readonly number[]) => shardsAt(await firestore.getAll(...indexes.map((index) => shardRef(ticketTypeId, index))), indexes);
      const readInTransaction = async (indexes: readonly number[]) => shardsAt(await transaction.getAll(...indexes.map((index) => shardRef(ticketTypeId, index))), indexes);
      // Every shard index, from one picked at random, so that buyers spread over the shards.
      const first = randomInt(shardCount);
      const rotation = Array.from({ length: shardCount }, (_, offset) => (first + offset) % shardCount);

      let candidates: readonly number[] | undefined;
      const [chosen] = await glance([first]);
      if (chosen!.capacity === capacity && chosen!.free(now) >= quantity) candidates = [first];
      else {
        const all = await glance(rotation);
        if (all.every((shard) => shard.capacity === capacity)) {
          const available = all.reduce((sum, shard) => sum + shard.free(now), 0);
          if (available < quantity) return { plan: { outcome: "sold-out", ticketTypeId, available }, toWrite: [] };
          candidates = enoughOf(all, quantity, now).map((shard) => shard.index);
        }
      }
      const taken = candidates && takeFrom(await readInTransaction(candidates), ticketTypeId, capacity, quantity, now);
      if (taken) {
        takes.push(...taken.takes);
        toWrite.push(...taken.givers);
        continue;
      }

      const all = await readInTransaction(rotation);
      const sharedOut = all.some((shard) => shard.capacity !== capacity) ? shareOut(all, capacity, now) : [];
      const takenFromAll = takeFrom(all, ticketTypeId, capacity, quantity, now);
      if (!takenFromAll) {
        const available = all.reduce((sum, shard) => sum + (shard.capacity === capacity ? shard.free(now) : 0), 0);
        return { plan: { outcome: "sold-out", ticketTypeId, available }, toWrite: sharedOut };
      }
      takes.push(...takenFromAll.takes);
      toWrite.push(...new Set([...sharedOut, ...takenFromAll.givers]));
    }
    return { plan: { takes }, toWrite };
  }

  /** Writes a plan's takes: as hold entries, or straight into `sold` (a box-office sale). */
  function applyTakes(transaction: Transaction, toWrite: readonly Shard[], takes: readonly ShardTake[], now: number, hold?: { id: string; expiresAt: number }): void {
    for (const take of takes) {
      const shard = toWrite.find((candidate) => candidate.ticketTypeId === take.ticketTypeId && candidate.index === take.shard)!;
      if (hold) shard.holds.set(hold.id, { quantity: take.quantity, expiresAt: hold.expiresAt });
      else shard.sold += take.quantity;
    }
    for (const shard of toWrite) shard.write(transaction, now);
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

  /** A release; `forgetKey`: also the hold's idempotency key, so that the key holds afresh (a withdrawal). */
  function released(holdId: string, userId: string, forgetKey: boolean): Promise<ReleaseOutcome> {
    return transact(async (transaction) => {
      const stored = await ownHold(transaction, holdId, userId);
      if (!stored) return { outcome: "not-found" as const };
      if (stored.status === "confirmed") return { outcome: "already-confirmed" as const };
      if (stored.status === "held") {
        const shards = await shardsOf(transaction, stored.takenFrom);
        // Without the time, other expired entries stay for the next writer of the shard to drop.
        for (const shard of shards) {
          shard.holds.delete(holdId);
          shard.write(transaction);
        }
      }
      if (forgetKey) transaction.delete(holdKeyRef(userId, stored.idempotencyKey));
      // A withdrawn hold's key is one no client can send (CheckoutKey has no colon): its sweep deletes no later hold's key.
      if (stored.status === "held" || forgetKey) transaction.update(holdRef(holdId), { status: "released", ...(forgetKey ? { idempotencyKey: `withdrawn:${holdId}` } : {}) });
      return { outcome: "released" as const };
    });
  }

  return {
    async availability(ticketTypes, now) {
      const at = millisOf(now);
      if (ticketTypes.length === 0) return [];
      const snapshots = await firestore.getAll(...ticketTypes.flatMap((ticketType) => shardRefs(ticketType.ticketTypeId)));
      return ticketTypes.map((ticketType, typeIndex) => {
        const shards = snapshots.slice(typeIndex * shardCount, (typeIndex + 1) * shardCount).map((snapshot, index) => Shard.of(snapshot, index, ticketType.ticketTypeId));
        return {
          ticketTypeId: ticketType.ticketTypeId,
          capacity: ticketType.capacity,
          sold: shards.reduce((sum, shard) => sum + shard.sold, 0),
          held: shards.reduce((sum, shard) => sum + shard.held(at), 0),
        };
      });
    },

    async hold(request) {
      assertTicketLines(request.lines);
      assertDurationMs(request.holdForMs);
      const now = millisOf(request.now);
      const lines = request.lines.map(quantityOf);
      return transact(async (transaction) => {
        const keyRef = holdKeyRef(request.userId, request.idempotencyKey);
        const key = await transaction.get(keyRef);
        if (key.exists) {
          const holdId = String(key.get("holdId"));
          const earlier = (await transaction.get(holdRef(holdId))).data() as StoredHold;
          const sameRequest = earlier.eventId === request.eventId && sameTicketQuantities(earlier.lines, lines);
          return sameRequest ? { outcome: "held" as const, hold: heldOf(holdId, earlier) } : { outcome: "key-reused" as const };
        }
        const overLimit = overLimitLine(request.lines);
        if (overLimit) return overLimit;
        const buyer = await buyerOf(transaction, request.userId, request.eventId);
        const overBuyerLimit = overBuyerLimitLine(request.lines, (ticketTypeId) => buyer.bought[ticketTypeId] ?? 0);
        if (overBuyerLimit) return overBuyerLimit;
        // The buyer's hold in force for the event is replaced: its stock is free for this one.
        const previous = buyer.holdId === null ? undefined : await transaction.get(holdRef(buyer.holdId));
        const previousHold = previous?.exists ? (previous.data() as StoredHold) : undefined;
        const replaced = previousHold?.status === "held" && previousHold.expiresAt.toMillis() > now ? buyer.holdId! : undefined;
        const replacedShards = replaced ? await shardsOf(transaction, previousHold!.takenFrom) : [];
        const { plan, toWrite } = await planStock(transaction, request.lines, now, replaced);
        if ("outcome" in plan) {
          // A capacity change is shared out even when this request cannot be served; the replaced hold stays.
          for (const shard of toWrite) shard.write(transaction, now);
          return plan;
        }
        const holdId = randomUUID();
        const expiresAt = now + request.holdForMs;
        if (replaced) {
          const written = new Set(toWrite.map((shard) => shard.ref.path));
          for (const shard of [...toWrite, ...replacedShards]) shard.holds.delete(replaced);
          for (const shard of replacedShards) if (!written.has(shard.ref.path)) shard.write(transaction, now);
          transaction.update(holdRef(replaced), { status: "released" });
        }
        transaction.set(buyerRef(request.userId, request.eventId), { ...buyer, holdId } satisfies StoredBuyer);
        applyTakes(transaction, toWrite, plan.takes, now, { id: holdId, expiresAt });
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
        transaction.create(holdRef(holdId), stored);
        transaction.create(keyRef, { holdId });
        return { outcome: "held" as const, hold: heldOf(holdId, stored) };
      });
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
        return { outcome: "extended" as const, hold: heldOf(holdId, extended) };
      });
    },

    release: ({ holdId, userId }) => released(holdId, userId, false),
    withdraw: ({ holdId, userId }) => released(holdId, userId, true),

    async confirm({ holdId, userId, now }) {
      const at = millisOf(now);
      return transact(async (transaction) => {
        const stored = await ownHold(transaction, holdId, userId);
        if (!stored) return { outcome: "not-found" as const };
        if (stored.status === "confirmed") {
          const order = await transaction.get(orderRef(stored.orderId!));
          return { outcome: "confirmed" as const, order: orderOf(order.id, order.data() as StoredOrder) };
        }
        if (stored.status === "released") return { outcome: "released" as const };
        const shards = await shardsOf(transaction, stored.takenFrom);
        // A missing entry was dropped as expired by a writer whose clock is ahead: its stock may be sold again.
        if (stored.expiresAt.toMillis() <= at || !shards.every((shard) => shard.holds.has(holdId))) return { outcome: "expired" as const };
        const buyer = await buyerOf(transaction, userId, stored.eventId);
        for (const shard of shards) {
          shard.sold += shard.holds.get(holdId)!.quantity;
          shard.holds.delete(holdId);
          shard.write(transaction, at);
        }
        const orderId = randomUUID();
        const order = newOrder(
          { userId, eventId: stored.eventId, channel: "online", placedAt: Timestamp.fromMillis(at), holdId, purchaseCode: null, takenFrom: stored.takenFrom },
          stored.lines,
        );
        transaction.create(orderRef(orderId), order);
        transaction.update(holdRef(holdId), { status: "confirmed", orderId });
        transaction.set(buyerRef(userId, stored.eventId), { ...countBought(buyer, order.tickets, 1), holdId: buyer.holdId === holdId ? null : buyer.holdId } satisfies StoredBuyer);
        return { outcome: "confirmed" as const, order: orderOf(orderId, order) };
      });
    },

    async cancel({ orderId, userId, now }) {
      const at = millisOf(now);
      return transact(async (transaction) => {
        const snapshot = await transaction.get(orderRef(orderId));
        const stored = snapshot.exists ? (snapshot.data() as StoredOrder) : undefined;
        if (!stored || stored.userId !== userId) return { outcome: "not-found" as const };
        if (stored.status === "cancelled") return { outcome: "cancelled" as const, order: orderOf(orderId, stored) };
        const shards = await shardsOf(transaction, stored.takenFrom);
        const buyer = await buyerOf(transaction, userId, stored.eventId);
        transaction.set(buyerRef(userId, stored.eventId), countBought(buyer, stored.tickets, -1) satisfies StoredBuyer);
        stored.takenFrom.forEach((take, index) => {
          shards[index]!.sold -= take.quantity;
          shards[index]!.write(transaction, at);
        });
        const cancelled: StoredOrder = { ...stored, status: "cancelled", cancelledAt: Timestamp.fromMillis(at) };
        transaction.update(orderRef(orderId), { status: "cancelled", cancelledAt: cancelled.cancelledAt });
        return { outcome: "cancelled" as const, order: orderOf(orderId, cancelled) };
      });
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
        const { plan, toWrite } = await planStock(transaction, lines, at);
        if ("outcome" in plan) {
          for (const shard of toWrite) shard.write(transaction, at);
          return plan;
        }
        applyTakes(transaction, toWrite, plan.takes, at);
        const orderId = randomUUID();
        const order = newOrder(
          { userId: null, eventId, channel: "box-office", placedAt: Timestamp.fromMillis(at), holdId: null, purchaseCode: code, takenFrom: plan.takes },
          lines.map(quantityOf),
        );
        transaction.create(orderRef(orderId), order);
        transaction.create(codeRef(code), { orderId });
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

/** The first shards, in order, whose free stock adds up to `quantity`. */
function enoughOf(shards: readonly Shard[], quantity: number, now: number): Shard[] {
  const picked: Shard[] = [];
  let covered = 0;
  for (const shard of shards) {
    if (covered >= quantity) break;
    const free = shard.free(now);
    if (free === 0) continue;
    picked.push(shard);
    covered += free;
  }
  return picked;
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
