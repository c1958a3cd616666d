import { randomBytes, randomUUID } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import {
  assertDurationMs,
  assertTicketLines,
  overBuyerLimitLine,
  normalisePurchaseCode,
  overLimitLine,
  purchaseCodeOf,
  sameTicketQuantities,
  soldOutLine,
  ticketCodeOf,
  type HeldTickets,
  type HoldOutcome,
  type HoldRequest,
  type RequestedTicketLine,
  type TicketOrder,
  type TicketStorePort,
  type TicketTypeCapacity,
  type TicketTypeInventory,
  type TicketTypeQuantity,
  DELETED_ACCOUNT,
  TicketStoreBusyError,
} from "../../../core";
import { groupCommitOf } from "../database/group-commit";
import { instantOf as isoOf, millisOf as millis } from "../database/instants";
import type { SqliteDatabase } from "../database/open-database";

export interface SqliteTicketStoreOptions {
  /**
   * Tests only: a hold that finds its stock waits this long before writing itself, to widen the
   * window between check and write that a race needs (like pretix's sleep-after-quota-check debug
   * flag). Under the lock the wait blocks the thread, since a better-sqlite3 transaction cannot
   * await; the other connections wait for the lock meanwhile.
   */
  readonly pauseAfterCheckMs?: number;
  /**
   * Tests only: a hold checks what is left and writes itself as two separate steps, with no lock
   * held across them (like pretix's skip-locking flag) — the check-then-act race that the race
   * test must be able to see.
   */
  readonly unsafeWithoutLock?: boolean;
}

interface HoldRow {
  readonly id: string;
  readonly userId: string;
  readonly eventId: string;
  readonly linesJson: string;
  readonly heldAt: number;
  readonly expiresAt: number;
  readonly extended: 0 | 1;
  readonly status: "held" | "released" | "confirmed";
}

interface OrderRow {
  readonly id: string;
  readonly userId: string | null;
  readonly eventId: string;
  readonly channel: TicketOrder["channel"];
  readonly status: "confirmed" | "cancelled";
  readonly refunded: 0 | 1;
  readonly placedAt: number;
  readonly cancelledAt: number | null;
}

interface TicketRow {
  readonly id: string;
  readonly ticketTypeId: string;
  readonly code: string;
}

const HOLD_COLUMNS = `id, user_id AS userId, event_id AS eventId, lines_json AS linesJson, held_at AS heldAt,
  expires_at AS expiresAt, extended, status`;
const ORDER_COLUMNS = `id, user_id AS userId, event_id AS eventId, channel, status, refunded, placed_at AS placedAt, cancelled_at AS cancelledAt`;

/** A hold may take its stock, in place of the user's holds in force for the event. */
type Decision<Outcome> = Outcome | { readonly outcome: "take"; readonly replaced: readonly HoldRow[] };

/** Swept holds are deleted this many at a time, so that the sweep never keeps the write lock for long. */
const SWEEP_BATCH = 500;

/**
 * TicketStorePort on the embedded database (schema: migration 6). Every write runs in a
 * `BEGIN IMMEDIATE` transaction: it takes the database's write lock before its first read, so
 * that what a hold checks (capacity − sold − unexpired holds) cannot change before it writes,
 * whichever connection, thread or process the competing request comes from; the others wait
 * (busy_timeout) and then see its result. Expired holds are ignored by the check, so correctness
 * needs no sweeper; `sweepHolds` deletes them later to keep the table small. Ids are UUIDs and ticket codes random, made here;
 * times are stored as milliseconds and read back as ISO 8601.
 */
export function createSqliteTicketStore(db: SqliteDatabase, options: SqliteTicketStoreOptions = {}): TicketStorePort {
  const inventoryRead = db.prepare<{ ticketTypeId: string; now: number }, { sold: number; held: number }>(`
    SELECT coalesce((SELECT sold FROM ticket_type_sales WHERE ticket_type_id = :ticketTypeId), 0) AS sold,
           coalesce((SELECT sum(quantity) FROM ticket_hold_line WHERE ticket_type_id = :ticketTypeId AND expires_at > :now), 0) AS held`);
  const holdByKey = db.prepare<[string, string], HoldRow>(`SELECT ${HOLD_COLUMNS} FROM ticket_hold WHERE user_id = ? AND idempotency_key = ?`);
  const holdOfUser = db.prepare<[string, string], HoldRow>(`SELECT ${HOLD_COLUMNS} FROM ticket_hold WHERE id = ? AND user_id = ?`);
  // Served by the (user_id, idempotency_key) index: a user has few holds.
  const holdsInForce = db.prepare<[string, string, number], HoldRow>(
    `SELECT ${HOLD_COLUMNS} FROM ticket_hold WHERE user_id = ? AND event_id = ? AND status = 'held' AND expires_at > ?`,
  );
  const boughtOfUser = db.prepare<[string, string], TicketTypeQuantity>(`
    SELECT ticket.ticket_type_id AS ticketTypeId, count(*) AS quantity FROM ticket JOIN ticket_order ON ticket_order.id = ticket.order_id
    WHERE ticket_order.user_id = ? AND ticket_order.event_id = ? AND ticket_order.status = 'confirmed' GROUP BY ticket.ticket_type_id`);
  const sweepable = db.prepare<[number, number], { id: string }>(`SELECT id FROM ticket_hold WHERE status != 'confirmed' AND expires_at <= ? LIMIT ?`);
  const deleteHolds = db.prepare<[string]>(`DELETE FROM ticket_hold WHERE id IN (SELECT value FROM json_each(?))`);
  const deleteLinesOfHolds = db.prepare<[string]>(`DELETE FROM ticket_hold_line WHERE hold_id IN (SELECT value FROM json_each(?))`);
  const insertHold = db.prepare(`
    INSERT INTO ticket_hold (id, user_id, event_id, idempotency_key, lines_json, held_at, expires_at, extended, status)
    VALUES (:id, :userId, :eventId, :idempotencyKey, :linesJson, :heldAt, :expiresAt, 0, 'held')`);
  const insertHoldLine = db.prepare(`INSERT INTO ticket_hold_line (hold_id, ticket_type_id, quantity, expires_at) VALUES (?, ?, ?, ?)`);
  const extendHold = db.prepare(`UPDATE ticket_hold SET expires_at = ?, extended = 1 WHERE id = ?`);
  const extendHoldLines = db.prepare(`UPDATE ticket_hold_line SET expires_at = ? WHERE hold_id = ?`);
  const setHoldStatus = db.prepare(`UPDATE ticket_hold SET status = ? WHERE id = ?`);
  const deleteHoldLines = db.prepare(`DELETE FROM ticket_hold_line WHERE hold_id = ?`);
  // A key no client can send (CheckoutKey has no colon), unique per hold: (user_id, idempotency_key) stays unique.
  const forgetHoldKey = db.prepare<[string, string]>(`UPDATE ticket_hold SET idempotency_key = 'withdrawn:' || ? WHERE id = ?`);
  const addSold = db.prepare(`
    INSERT INTO ticket_type_sales (ticket_type_id, sold) VALUES (:ticketTypeId, :quantity)
    ON CONFLICT (ticket_type_id) DO UPDATE SET sold = sold + excluded.sold`);
  const subtractSold = db.prepare(`UPDATE ticket_type_sales SET sold = sold - ? WHERE ticket_type_id = ?`);
  const insertOrder = db.prepare(`
    INSERT INTO ticket_order (id, user_id, event_id, channel, hold_id, purchase_code, status, placed_at)
    VALUES (:id, :userId, :eventId, :channel, :holdId, :purchaseCode, 'confirmed', :placedAt)`);
  const insertTicket = db.prepare(`INSERT INTO ticket (id, order_id, position, ticket_type_id, code) VALUES (?, ?, ?, ?, ?)`);
  const orderById = db.prepare<[string], OrderRow>(`SELECT ${ORDER_COLUMNS} FROM ticket_order WHERE id = ?`);
  const orderOfHold = db.prepare<[string], OrderRow>(`SELECT ${ORDER_COLUMNS} FROM ticket_order WHERE hold_id = ?`);
  const orderOfUser = db.prepare<[string, string], OrderRow>(`SELECT ${ORDER_COLUMNS} FROM ticket_order WHERE id = ? AND user_id = ?`);
  const orderByCode = db.prepare<[string], OrderRow>(`SELECT ${ORDER_COLUMNS} FROM ticket_order WHERE purchase_code = ?`);
  const ordersOfUser = db.prepare<[string], OrderRow>(`SELECT ${ORDER_COLUMNS} FROM ticket_order WHERE user_id = ? ORDER BY placed_at, rowid`);
  const ordersOfEvent = db.prepare<[string], OrderRow>(`SELECT ${ORDER_COLUMNS} FROM ticket_order WHERE event_id = ?`);
  const ticketsOfOrder = db.prepare<[string], TicketRow>(`SELECT id, ticket_type_id AS ticketTypeId, code FROM ticket WHERE order_id = ? ORDER BY position`);
  const quantitiesOfOrder = db.prepare<[string], TicketTypeQuantity>(
    `SELECT ticket_type_id AS ticketTypeId, count(*) AS quantity FROM ticket WHERE order_id = ? GROUP BY ticket_type_id`,
  );
  const cancelOrder = db.prepare<[number, number, string]>(`UPDATE ticket_order SET status = 'cancelled', refunded = ?, cancelled_at = ? WHERE id = ?`);
  const claimOrder = db.prepare(`UPDATE ticket_order SET user_id = ? WHERE id = ?`);
  const forgetOrders = db.prepare<[string, string]>(`UPDATE ticket_order SET user_id = ? WHERE user_id = ?`);
  // Each hold keeps a user id of its own: (user_id, idempotency_key) stays unique.
  const forgetHolds = db.prepare<[string, string]>(`UPDATE ticket_hold SET user_id = ? || ':' || id WHERE user_id = ?`);

  const inventoryOf = (ticketType: TicketTypeCapacity, now: number): TicketTypeInventory => ({
    ticketTypeId: ticketType.ticketTypeId,
    capacity: ticketType.capacity,
    ...inventoryRead.get({ ticketTypeId: ticketType.ticketTypeId, now })!,
  });

  const orderOf = (row: OrderRow): TicketOrder => ({
    orderId: row.id,
    userId: row.userId,
    eventId: row.eventId,
    channel: row.channel,
    status: row.refunded ? "refunded" : row.status,
    placedAt: isoOf(row.placedAt),
    cancelledAt: row.cancelledAt === null ? null : isoOf(row.cancelledAt),
    tickets: ticketsOfOrder.all(row.id).map((ticket) => ({ ticketId: ticket.id, ticketTypeId: ticket.ticketTypeId, code: ticket.code })),
  });

  /** Inserts an order with one ticket per admission and counts its tickets as sold. */
  function sell(order: Omit<OrderRow, "status" | "refunded" | "cancelledAt"> & { holdId: string | null; purchaseCode: string | null }, lines: readonly TicketTypeQuantity[]): TicketOrder {
    insertOrder.run(order);
    let position = 0;
    for (const { ticketTypeId, quantity } of lines) {
      for (let count = 0; count < quantity; count += 1) insertTicket.run(randomUUID(), order.id, position++, ticketTypeId, ticketCodeOf(randomBytes(8)));
      addSold.run({ ticketTypeId, quantity });
    }
    return orderOf(orderById.get(order.id)!);
  }

  // Reads only: a repeat's answer, a refusal, or "take" — the stock is there, and the holds it replaces.
  function decideHold(request: HoldRequest, now: number): Decision<HoldOutcome> {
    const earlier = holdByKey.get(request.userId, request.idempotencyKey);
    if (earlier) {
      const sameRequest = earlier.eventId === request.eventId && sameTicketQuantities(linesOf(earlier), request.lines.map(quantityOf));
      return sameRequest ? { outcome: "held", hold: heldOf(earlier) } : { outcome: "key-reused" };
    }
    const overLimit = overLimitLine(request.lines);
    if (overLimit) return overLimit;
    const bought = new Map(boughtOfUser.all(request.userId, request.eventId).map((line) => [line.ticketTypeId, line.quantity]));
    const overBuyerLimit = overBuyerLimitLine(request.lines, (ticketTypeId) => bought.get(ticketTypeId) ?? 0);
    if (overBuyerLimit) return overBuyerLimit;
    // The stock of the holds this one replaces is free for it.
    const replaced = holdsInForce.all(request.userId, request.eventId, now);
    const replacedOf = (ticketTypeId: string) => replaced.reduce((sum, row) => sum + (linesOf(row).find((line) => line.ticketTypeId === ticketTypeId)?.quantity ?? 0), 0);
    const soldOut = soldOutLine(request.lines, (ticketType) => {
      const inventory = inventoryOf(ticketType, now);
      return { ...inventory, held: inventory.held - replacedOf(ticketType.ticketTypeId) };
    });
    return soldOut ?? { outcome: "take", replaced };
  }

  function writeHold(request: HoldRequest, now: number, replaced: readonly HoldRow[]): HeldTickets {
    for (const row of replaced) {
      setHoldStatus.run("released", row.id);
      deleteHoldLines.run(row.id);
    }
    const id = randomUUID();
    const expiresAt = now + request.holdForMs;
    insertHold.run({
      id,
      userId: request.userId,
      eventId: request.eventId,
      idempotencyKey: request.idempotencyKey,
      linesJson: JSON.stringify(request.lines.map(quantityOf)),
      heldAt: now,
      expiresAt,
    });
    for (const line of request.lines) insertHoldLine.run(id, line.ticketType.ticketTypeId, line.quantity, expiresAt);
    return heldOf(holdOfUser.get(id, request.userId)!);
  }

  // Every write of one event-loop turn shares one IMMEDIATE transaction and one fsync (each its
  // own savepoint): a rush costs the disk's flushes per second, not one flush per request, and
  // what a hold checks still cannot change before it writes.
  const commits = groupCommitOf(db);
  const committed = <T>(write: () => T): Promise<T> => commits.write(write).catch((error: unknown) => Promise.reject(busyOr(error)));

  const pauseMs = options.pauseAfterCheckMs ?? 0;
  const holdAtomically = db.transaction((request: HoldRequest, now: number): HoldOutcome => {
    const decision = decideHold(request, now);
    if (decision.outcome !== "take") return decision;
    if (pauseMs > 0) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, pauseMs);
    return { outcome: "held", hold: writeHold(request, now, decision.replaced) };
  });
  const writeHoldAlone = db.transaction(writeHold);

  const extend = db.transaction((holdId: string, userId: string, extendByMs: number, now: number) => {
    const row = holdOfUser.get(holdId, userId);
    if (!row) return { outcome: "not-found" } as const;
    if (row.status !== "held") return { outcome: "not-held" } as const;
    if (row.expiresAt <= now) return { outcome: "expired" } as const;
    if (row.extended) return { outcome: "already-extended", hold: heldOf(row) } as const;
    extendHold.run(row.expiresAt + extendByMs, holdId);
    extendHoldLines.run(row.expiresAt + extendByMs, holdId);
    return { outcome: "extended", hold: heldOf(holdOfUser.get(holdId, userId)!) } as const;
  });

  const release = db.transaction((holdId: string, userId: string, forgetKey: boolean) => {
    const row = holdOfUser.get(holdId, userId);
    if (!row) return { outcome: "not-found" } as const;
    if (row.status === "confirmed") return { outcome: "already-confirmed" } as const;
    setHoldStatus.run("released", holdId);
    deleteHoldLines.run(holdId);
    if (forgetKey) forgetHoldKey.run(holdId, holdId);
    return { outcome: "released" } as const;
  });

  const confirm = db.transaction((holdId: string, userId: string, now: number) => {
    const row = holdOfUser.get(holdId, userId);
    if (!row) return { outcome: "not-found" } as const;
    if (row.status === "confirmed") return { outcome: "confirmed", order: orderOf(orderOfHold.get(holdId)!) } as const;
    if (row.status === "released") return { outcome: "released" } as const;
    if (row.expiresAt <= now) return { outcome: "expired" } as const;
    setHoldStatus.run("confirmed", holdId);
    deleteHoldLines.run(holdId);
    const order = sell({ id: randomUUID(), userId, eventId: row.eventId, channel: "online", placedAt: now, holdId, purchaseCode: null }, linesOf(row));
    return { outcome: "confirmed", order } as const;
  });

  /** Ends a confirmed order, cancelled or refunded, its tickets back on sale; an ended one stays as it is. Null: not the user's. */
  const end = db.transaction((orderId: string, userId: string, now: number, refunded: boolean) => {
    const row = orderOfUser.get(orderId, userId);
    if (!row) return null;
    if (row.status === "confirmed") {
      cancelOrder.run(refunded ? 1 : 0, now, orderId);
      for (const { ticketTypeId, quantity } of quantitiesOfOrder.all(orderId)) subtractSold.run(quantity, ticketTypeId);
    }
    return orderOf(orderById.get(orderId)!);
  });
  const cancel = (orderId: string, userId: string, now: number) => {
    const order = end(orderId, userId, now, false);
    return order ? ({ outcome: "cancelled", order } as const) : ({ outcome: "not-found" } as const);
  };
  const refund = (orderId: string, userId: string, now: number) => {
    const order = end(orderId, userId, now, true);
    if (!order) return { outcome: "not-found" } as const;
    return order.status === "refunded" ? ({ outcome: "refunded", order } as const) : ({ outcome: "already-cancelled", order } as const);
  };

  const issue = db.transaction((eventId: string, lines: readonly RequestedTicketLine[], now: number) => {
    const soldOut = soldOutLine(lines, (ticketType) => inventoryOf(ticketType, now));
    if (soldOut) return soldOut;
    // 60 random bits: a code already given is as good as impossible, but never given twice.
    let code = purchaseCodeOf(randomBytes(8));
    while (orderByCode.get(normalisePurchaseCode(code))) code = purchaseCodeOf(randomBytes(8));
    const order = sell({ id: randomUUID(), userId: null, eventId, channel: "box-office", placedAt: now, holdId: null, purchaseCode: normalisePurchaseCode(code) }, lines.map(quantityOf));
    return { outcome: "issued", order, code } as const;
  });

  const claim = db.transaction((code: string, userId: string) => {
    const row = orderByCode.get(code);
    if (!row) return { outcome: "unknown-code" } as const;
    if (row.userId !== null && row.userId !== userId) return { outcome: "already-claimed" } as const;
    if (row.userId === null) claimOrder.run(userId, row.id);
    return { outcome: "claimed", order: orderOf(orderById.get(row.id)!) } as const;
  });

  return {
    async availability(ticketTypes, now) {
      const at = millis(now);
      // One read transaction: every type as of the same moment.
      return db.transaction(() => ticketTypes.map((ticketType) => inventoryOf(ticketType, at)))();
    },
    async hold(request) {
      assertTicketLines(request.lines);
      assertDurationMs(request.holdForMs);
      const now = millis(request.now);
      if (!options.unsafeWithoutLock) return committed(() => holdAtomically(request, now));
      const decision = decideHold(request, now);
      if (decision.outcome !== "take") return decision;
      await sleep(pauseMs);
      return { outcome: "held", hold: await committed(() => writeHoldAlone(request, now, decision.replaced)) };
    },
    async findHold({ holdId, userId, now }) {
      const row = holdOfUser.get(holdId, userId);
      if (!row) return null;
      const state = row.status === "held" && row.expiresAt <= millis(now) ? "expired" : row.status;
      return { hold: heldOf(row), state };
    },
    async activeHoldOf(userId, eventId, now) {
      const row = holdsInForce.get(userId, eventId, millis(now));
      return row ? heldOf(row) : null;
    },
    async extend({ holdId, userId, extendByMs, now }) {
      assertDurationMs(extendByMs);
      return committed(() => extend(holdId, userId, extendByMs, millis(now)));
    },
    async release({ holdId, userId }) {
      return committed(() => release(holdId, userId, false));
    },
    async withdraw({ holdId, userId }) {
      return committed(() => release(holdId, userId, true));
    },
    async confirm({ holdId, userId, now }) {
      return committed(() => confirm(holdId, userId, millis(now)));
    },
    async cancel({ orderId, userId, now }) {
      return committed(() => cancel(orderId, userId, millis(now)));
    },
    async refund({ orderId, userId, now }) {
      return committed(() => refund(orderId, userId, millis(now)));
    },
    async ordersOf(userId) {
      return db.transaction(() => ordersOfUser.all(userId).map(orderOf))();
    },
    async ordersOfEvent(eventId) {
      return db.transaction(() => ordersOfEvent.all(eventId).map(orderOf))();
    },
    async issuePurchaseCode({ eventId, lines, now }) {
      assertTicketLines(lines);
      return committed(() => issue(eventId, lines, millis(now)));
    },
    async claimPurchaseCode({ code, userId }) {
      return committed(() => claim(code, userId));
    },
    async sweepHolds(expiredBefore) {
      const before = millis(expiredBefore);
      let swept = 0;
      for (;;) {
        const batch = await committed(() => {
          const ids = JSON.stringify(sweepable.all(before, SWEEP_BATCH).map((row) => row.id));
          deleteLinesOfHolds.run(ids);
          return deleteHolds.run(ids).changes;
        });
        swept += batch;
        if (batch < SWEEP_BATCH) return swept;
      }
    },
    async forgetUser(userId) {
      await committed(() => {
        forgetOrders.run(DELETED_ACCOUNT, userId);
        forgetHolds.run(DELETED_ACCOUNT, userId);
      });
    },
  };
}

/** Another process held the write lock past the busy timeout: nothing was written, the caller may retry. */
function busyOr(error: unknown): unknown {
  return (error as { code?: unknown }).code === "SQLITE_BUSY" ? new TicketStoreBusyError("The ticket store is busy", { cause: error }) : error;
}

const quantityOf = (line: RequestedTicketLine): TicketTypeQuantity => ({ ticketTypeId: line.ticketType.ticketTypeId, quantity: line.quantity });

const linesOf = (row: HoldRow): readonly TicketTypeQuantity[] => JSON.parse(row.linesJson) as TicketTypeQuantity[];

function heldOf(row: HoldRow): HeldTickets {
  return {
    holdId: row.id,
    userId: row.userId,
    eventId: row.eventId,
    lines: linesOf(row),
    heldAt: isoOf(row.heldAt),
    expiresAt: isoOf(row.expiresAt),
    extended: row.extended === 1,
  };
}


