import { describe, expect, it } from "vitest";
import { createBundledMessages } from "../../../../../adapters/local/bundled-messages.adapter";
import { createMailDelivery, type MailDelivery, type MailDeliveryOptions } from "../../../../../adapters/local/mail/mail-delivery";
import { createOutboxMail } from "../../../../../adapters/local/mail/outbox-mail.adapter";
import { MailDeliveryError, type MailTransport, type OutgoingMail } from "../../../../../adapters/mail/mail-transport";
import { createMailRenderer } from "../../../../../adapters/mail/templates/mail-renderer";
import { MAIL_DELIVERY_RETRY, MAIL_REJECTED } from "../../../../../core";
import { deferred } from "../../../support/async";
import { manualClock, recordingLogger, useDataDir, verifyMail } from "./support/mail-fixture";

const data = useDataDir();
const renderer = createMailRenderer(createBundledMessages());

/** A transport that keeps what it is given, and fails while `failWith` is set. */
function memoryTransport() {
  const delivered: OutgoingMail[] = [];
  const transport = {
    failWith: undefined as Error | undefined,
    delivered,
    deliver(mail: OutgoingMail) {
      if (transport.failWith) return Promise.reject(transport.failWith);
      delivered.push(mail);
      return Promise.resolve();
    },
  };
  return transport;
}

function setup(overrides: Partial<MailDeliveryOptions> = {}) {
  const clock = manualClock();
  const db = data.open();
  const outbox = createOutboxMail({ db, renderer, now: clock.now });
  const transport = memoryTransport();
  const log = recordingLogger();
  const delivery = createMailDelivery({ db, transport, logger: log.logger, messageIdDomain: "arena.test", now: clock.now, random: () => 0, ...overrides });
  const row = (id: string) => db.prepare("SELECT status, attempts, next_attempt_at, sent_at, last_error, claim_token, lease_until FROM mail_outbox WHERE id = ?").get(id);
  return { clock, db, outbox, transport, log, delivery, row };
}

describe("mail delivery", () => {
  it("hands each due mail to the transport with a stable Message-ID and marks it sent", async () => {
    const { clock, outbox, transport, delivery, row } = setup();
    const id = await outbox.send(verifyMail("ana@example.com"));
    expect(await delivery.deliverDue()).toEqual({ sent: 1, retrying: 0, failed: 0 });
    expect(transport.delivered).toEqual([
      expect.objectContaining({
        id,
        to: "ana@example.com",
        subject: "Confirma tu correo electrónico en Túria Arena",
        headers: { "Message-ID": `<${id}@arena.test>`, "Auto-Submitted": "auto-generated" },
      }),
    ]);
    expect(row(id)).toEqual({ status: "sent", attempts: 1, next_attempt_at: clock.now(), sent_at: clock.now(), last_error: null, claim_token: null, lease_until: null });
    expect(await delivery.deliverDue()).toEqual({ sent: 0, retrying: 0, failed: 0 });
    expect(transport.delivered).toHaveLength(1);
  });

  it("on failure waits as the core's mail policy says, longer each time, and delivers once the transport is back", async () => {
    const { clock, outbox, transport, delivery, row, log } = setup();
    const start = clock.now();
    const id = await outbox.send(verifyMail("ana@example.com"));
    transport.failWith = new MailDeliveryError("ECONNECTION: connect ECONNREFUSED", "mail/unavailable");

    const waits: number[] = [];
    for (let attempt = 1; attempt <= 4; attempt++) {
      expect(await delivery.deliverDue()).toEqual({ sent: 0, retrying: 1, failed: 0 });
      const { next_attempt_at } = row(id) as { next_attempt_at: number };
      waits.push(next_attempt_at - clock.now());
      expect(row(id)).toMatchObject({ status: "pending", attempts: attempt, last_error: "ECONNECTION: connect ECONNREFUSED" });
      // Not due yet: nothing is tried.
      clock.set(next_attempt_at - 1);
      expect(await delivery.deliverDue()).toEqual({ sent: 0, retrying: 0, failed: 0 });
      clock.set(next_attempt_at);
    }
    expect(waits).toEqual([0, 1, 2, 3].map((retry) => MAIL_DELIVERY_RETRY.delayMs(retry, 0)));
    expect(waits).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(log.lines().filter((line) => line.event === "mail.retry")).toHaveLength(4);

    transport.failWith = undefined;
    expect(await delivery.deliverDue()).toEqual({ sent: 1, retrying: 0, failed: 0 });
    expect(row(id)).toMatchObject({ status: "sent", attempts: 5, last_error: null, sent_at: start + 450_000 });
    expect(transport.delivered.map((mail) => mail.id)).toEqual([id]);
  });

  it("gives up at once on a permanent rejection", async () => {
    const { outbox, transport, delivery, row, log } = setup();
    const id = await outbox.send(verifyMail("gone@example.com"));
    transport.failWith = new MailDeliveryError("550 No such user", MAIL_REJECTED);
    expect(await delivery.deliverDue()).toEqual({ sent: 0, retrying: 0, failed: 1 });
    expect(row(id)).toMatchObject({ status: "failed", attempts: 1, next_attempt_at: null, last_error: "550 No such user" });
    expect(log.lines()).toContainEqual(expect.objectContaining({ severity: "ERROR", event: "mail.failed", id, outcome: "give-up" }));
  });

  it("gives up as failed when the policy's time runs out (two days after the mail was queued)", async () => {
    const { clock, outbox, transport, delivery, row } = setup();
    const queuedAt = clock.now();
    const id = await outbox.send(verifyMail("ana@example.com"));
    transport.failWith = new Error("socket hang up");
    let rounds = 0;
    while ((row(id) as { status: string }).status === "pending") {
      clock.set((row(id) as { next_attempt_at: number }).next_attempt_at);
      await delivery.deliverDue();
      rounds += 1;
    }
    expect(row(id)).toMatchObject({ status: "failed", attempts: rounds });
    expect(clock.now() - queuedAt).toBeLessThanOrEqual(MAIL_DELIVERY_RETRY.deadlineMs);
    expect(clock.now() - queuedAt).toBeGreaterThan(MAIL_DELIVERY_RETRY.deadlineMs - 60 * 60_000 - 5_000);
  });

  it("two loops on one database file never deliver a mail twice", async () => {
    const clock = manualClock();
    const outbox = createOutboxMail({ db: data.open(), renderer, now: clock.now });
    const ids = new Set<string>();
    for (let i = 0; i < 60; i++) ids.add(await outbox.send(verifyMail(`user${i}@example.com`)));
    const deliveries: string[] = [];
    // Each delivery takes a little while, so the two loops' claims and deliveries interleave.
    const slow: MailTransport = {
      deliver: (mail) =>
        new Promise((resolve) =>
          setTimeout(() => {
            deliveries.push(mail.id);
            resolve();
          }, Math.random() * 5),
        ),
    };
    // Two connections: SQLite locks each as it would two processes.
    const loops = [data.open(), data.open()].map((db) =>
      createMailDelivery({ db, transport: slow, logger: recordingLogger().logger, messageIdDomain: "arena.test", now: clock.now, batchSize: 4 }),
    );
    const [a, b] = loops as [MailDelivery, MailDelivery];
    const rounds = await Promise.all([a.deliverDue(), b.deliverDue(), a.deliverDue(), b.deliverDue()]);
    const sentBy = [rounds[0]!.sent + rounds[2]!.sent, rounds[1]!.sent + rounds[3]!.sent];
    expect(sentBy[0]! + sentBy[1]!).toBe(60);
    expect(sentBy.every((sent) => sent > 0)).toBe(true); // both loops did take part
    expect(deliveries.sort()).toEqual([...ids].sort());
    expect(outbox.list(100).every((mail) => mail.status === "sent")).toBe(true);
  });

  it("a loop that died mid-send leaves the mail to another once its lease runs out; a restart sends nothing again", async () => {
    const clock = manualClock();
    const first = data.open();
    const outbox = createOutboxMail({ db: first, renderer, now: clock.now });
    const id = await outbox.send(verifyMail("ana@example.com"));
    const neverEnds = deferred<void>();
    const dying = createMailDelivery({ db: first, transport: { deliver: () => neverEnds.promise }, logger: recordingLogger().logger, messageIdDomain: "arena.test", now: clock.now, leaseMs: 120_000, deliveryTimeoutMs: 60_000 });
    void dying.deliverDue();
    first.close(); // the process is gone, its claim with it

    const db = data.open();
    const status = () => db.prepare("SELECT status, attempts FROM mail_outbox WHERE id = ?").get(id);
    expect(status()).toEqual({ status: "sending", attempts: 1 });
    const transport = memoryTransport();
    const next = createMailDelivery({ db, transport, logger: recordingLogger().logger, messageIdDomain: "arena.test", now: clock.now, leaseMs: 120_000, deliveryTimeoutMs: 60_000 });
    clock.advance(119_999);
    expect(await next.deliverDue()).toEqual({ sent: 0, retrying: 0, failed: 0 });
    clock.advance(1);
    expect(await next.deliverDue()).toEqual({ sent: 1, retrying: 0, failed: 0 });
    expect(status()).toEqual({ status: "sent", attempts: 2 });

    const restarted = createMailDelivery({ db: data.open(), transport, logger: recordingLogger().logger, messageIdDomain: "arena.test", now: clock.now });
    clock.advance(24 * 60 * 60_000);
    expect(await restarted.deliverDue()).toEqual({ sent: 0, retrying: 0, failed: 0 });
    expect(transport.delivered.map((mail) => mail.id)).toEqual([id]);
  });

  it("aborts a delivery that outlasts its time, and retries it", async () => {
    const clock = manualClock();
    const db = data.open();
    const id = await createOutboxMail({ db, renderer, now: clock.now }).send(verifyMail("ana@example.com"));
    const hanging: MailTransport = {
      deliver: (_mail, signal) => new Promise((_, reject) => signal.addEventListener("abort", () => reject(new MailDeliveryError(String(signal.reason), "mail/unavailable")))),
    };
    const options = { db, transport: hanging, logger: recordingLogger().logger, messageIdDomain: "arena.test", now: clock.now, random: () => 0 };
    const delivery = createMailDelivery({ ...options, leaseMs: 1_000, deliveryTimeoutMs: 20 });
    expect(await delivery.deliverDue()).toEqual({ sent: 0, retrying: 1, failed: 0 });
    expect(db.prepare("SELECT status, last_error FROM mail_outbox WHERE id = ?").get(id)).toEqual({ status: "pending", last_error: "Error: Delivery took longer than 20 ms" });
    expect(() => createMailDelivery({ ...options, leaseMs: 1_000, deliveryTimeoutMs: 1_000 })).toThrowError(/shorter than the lease/);
  });

  it("leaves a mail as the loop that claimed it last wrote it: a loop whose lease ran out only logs", async () => {
    const clock = manualClock();
    const db = data.open();
    const id = await createOutboxMail({ db, renderer, now: clock.now }).send(verifyMail("ana@example.com"));
    const late = deferred<void>();
    const slowLog = recordingLogger();
    const slow = createMailDelivery({ db, transport: { deliver: () => late.promise }, logger: slowLog.logger, messageIdDomain: "arena.test", now: clock.now, leaseMs: 120_000 });
    const slowRound = slow.deliverDue();
    clock.advance(120_000);
    const quick = createMailDelivery({ db: data.open(), transport: memoryTransport(), logger: recordingLogger().logger, messageIdDomain: "arena.test", now: clock.now });
    expect(await quick.deliverDue()).toEqual({ sent: 1, retrying: 0, failed: 0 });
    const sentAt = clock.now();
    clock.advance(5_000);
    late.resolve();
    await slowRound;
    expect(db.prepare("SELECT status, attempts, sent_at FROM mail_outbox WHERE id = ?").get(id)).toEqual({ status: "sent", attempts: 2, sent_at: sentAt });
    expect(slowLog.lines()).toContainEqual(expect.objectContaining({ severity: "WARNING", event: "mail.claim-lost", id }));
  });

  it("runs on its own once started, and at once when woken by the outbox", async () => {
    const db = data.open();
    const transport = memoryTransport();
    const delivered = deferred<void>();
    const delivery = createMailDelivery({
      db,
      transport: { deliver: (mail) => transport.deliver(mail).then(() => delivered.resolve()) },
      logger: recordingLogger().logger,
      messageIdDomain: "arena.test",
      pollIntervalMs: 60 * 60_000,
    });
    const outbox = createOutboxMail({ db, renderer, onQueued: () => delivery.wake() });
    delivery.start();
    const id = await outbox.send(verifyMail("ana@example.com"));
    await delivered.promise;
    await delivery.stop();
    expect(transport.delivered.map((mail) => mail.id)).toEqual([id]);
    expect(outbox.find(id)?.status).toBe("sent");
  });
});
