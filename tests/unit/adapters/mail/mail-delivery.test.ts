import { describe, expect, it } from "vitest";
import { createBundledMessages } from "../../../../adapters/runtime/bundled-messages.adapter";
import { createMailDelivery, type MailDeliveryOptions } from "../../../../adapters/mail/mail-delivery";
import { createOutboxMail } from "../../../../adapters/mail/outbox-mail.adapter";
import { MailDeliveryError, type MailTransport, type OutgoingMail } from "../../../../adapters/mail/mail-transport";
import { createSqliteMailOutboxStore } from "../../../../adapters/embedded/mail/sqlite-mail-outbox.store";
import { createMailRenderer } from "../../../../adapters/mail/templates/mail-renderer";
import { MAIL_DELIVERY_RETRY, MAIL_REJECTED } from "../../../../core";
import { deferred } from "../../support/async";
import { manualClock, recordingLogger, useDataDir, verifyMail } from "../embedded/mail/support/mail-fixture";

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
  const outbox = createOutboxMail({ store: createSqliteMailOutboxStore(db), renderer, now: clock.now });
  const transport = memoryTransport();
  const log = recordingLogger();
  const delivery = createMailDelivery({ store: createSqliteMailOutboxStore(db), transport, logger: log.logger, messageIdDomain: "arena.test", now: clock.now, random: () => 0, ...overrides });
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

  it("aborts a delivery that outlasts its time, and retries it", async () => {
    const clock = manualClock();
    const db = data.open();
    const id = await createOutboxMail({ store: createSqliteMailOutboxStore(db), renderer, now: clock.now }).send(verifyMail("ana@example.com"));
    const hanging: MailTransport = {
      deliver: (_mail, signal) => new Promise((_, reject) => signal.addEventListener("abort", () => reject(new MailDeliveryError(String(signal.reason), "mail/unavailable")))),
    };
    const options = { store: createSqliteMailOutboxStore(db), transport: hanging, logger: recordingLogger().logger, messageIdDomain: "arena.test", now: clock.now, random: () => 0 };
    const delivery = createMailDelivery({ ...options, leaseMs: 1_000, deliveryTimeoutMs: 20 });
    expect(await delivery.deliverDue()).toEqual({ sent: 0, retrying: 1, failed: 0 });
    expect(db.prepare("SELECT status, last_error FROM mail_outbox WHERE id = ?").get(id)).toEqual({ status: "pending", last_error: "Error: Delivery took longer than 20 ms" });
    expect(() => createMailDelivery({ ...options, leaseMs: 1_000, deliveryTimeoutMs: 1_000 })).toThrowError(/shorter than the lease/);
  });

  it("runs on its own once started, and at once when woken by the outbox", async () => {
    const db = data.open();
    const transport = memoryTransport();
    const delivered = deferred<void>();
    const delivery = createMailDelivery({
      store: createSqliteMailOutboxStore(db),
      transport: { deliver: (mail) => transport.deliver(mail).then(() => delivered.resolve()) },
      logger: recordingLogger().logger,
      messageIdDomain: "arena.test",
      pollIntervalMs: 60 * 60_000,
    });
    const outbox = createOutboxMail({ store: createSqliteMailOutboxStore(db), renderer, onQueued: () => delivery.wake() });
    delivery.start();
    const id = await outbox.send(verifyMail("ana@example.com"));
    await delivered.promise;
    await delivery.stop();
    expect(transport.delivered.map((mail) => mail.id)).toEqual([id]);
    expect((await outbox.find(id))?.status).toBe("sent");
  });

  it("lets a delivery under way end when stopped, keeping it sent, and hands back one that outlasts the hand-back time, aborted", async () => {
    const { clock, db, outbox, log } = setup();
    const [quick, hanging] = [await outbox.send(verifyMail("ana@example.com")), await outbox.send(verifyMail("kim@example.com"))];
    const ending = deferred<void>();
    const aborted: string[] = [];
    const transport: MailTransport = {
      deliver: (mail, signal) => {
        signal.addEventListener("abort", () => aborted.push(mail.id));
        return mail.id === quick ? ending.promise : new Promise(() => {});
      },
    };
    const delivery = createMailDelivery({ store: createSqliteMailOutboxStore(db), transport, logger: log.logger, messageIdDomain: "arena.test", now: clock.now, handBackAfterMs: 100 });
    delivery.start();
    await expect.poll(async () => (await outbox.list(10)).map((mail) => mail.status)).toEqual(["sending", "sending"]);
    const stopped = delivery.stop();
    ending.resolve();
    await stopped;
    expect(await outbox.find(quick)).toMatchObject({ status: "sent" });
    expect(await outbox.find(hanging)).toMatchObject({ status: "pending", nextAttemptAt: clock.now(), lastError: "handed back: its sender stopped" });
    expect(aborted).toEqual([hanging]);
    expect(log.lines()).toContainEqual(expect.objectContaining({ event: "mail.handed-back", id: hanging }));
  });
});
