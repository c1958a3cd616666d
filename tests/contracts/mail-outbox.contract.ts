import { afterAll, beforeAll, expect, it } from "vitest";
import { createBundledMessages } from "../../adapters/runtime/bundled-messages.adapter";
import { createConsoleLogger } from "../../adapters/runtime/console-logger.adapter";
import { createMailDelivery, type MailDeliveryOptions } from "../../adapters/mail/mail-delivery";
import type { MailOutboxStore } from "../../adapters/mail/mail-outbox-store";
import { MailDeliveryError, type MailTransport, type OutgoingMail } from "../../adapters/mail/mail-transport";
import { createOutboxMail } from "../../adapters/mail/outbox-mail.adapter";
import { createMailRenderer } from "../../adapters/mail/templates/mail-renderer";
import { MAIL_DELIVERY_RETRY, MAIL_REJECTED, type MailMessage } from "../../core";
import { deferred } from "../unit/support/async";
import { contractSuite, type ContractOptions } from "./support/runner-skip";

/*
 * The mail outbox's contract (adapters/mail/mail-outbox-store.ts), through the outbox adapter
 * (MailPort) and the delivery loops only, as the server uses them: mails are seeded by sending
 * them, never with raw writes. Each test takes an outbox of its own; `connect()` opens another
 * adapter on it, as another server process (SQLite) or instance (Firestore) does.
 */

export interface MailOutboxFixture {
  /** A new, empty outbox. */
  outbox(): Promise<{ connect(): MailOutboxStore }>;
  close(): Promise<void>;
}

const renderer = createMailRenderer(createBundledMessages());
const verifyMail = (to: string): MailMessage => ({ to, locale: "es", template: "verifyEmail", params: { link: `https://arena.test/es/verify/?code=${encodeURIComponent(to)}` } });

function manualClock(start = Date.UTC(2030, 0, 15, 10)) {
  let time = start;
  return { now: () => time, advance: (ms: number) => void (time += ms) };
}

/** A transport that keeps what it is given (after `delayMs`, at random up to it), and fails while `failWith` is set. */
function memoryTransport(delayMs = 0) {
  const transport = {
    failWith: undefined as Error | undefined,
    delivered: [] as OutgoingMail[],
    async deliver(mail: OutgoingMail) {
      if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, Math.random() * delayMs));
      if (transport.failWith) throw transport.failWith;
      transport.delivered.push(mail);
    },
  };
  return transport;
}

/** A transport whose deliveries never end: the process that started them has died. */
const deadTransport: MailTransport = { deliver: () => new Promise(() => {}) };

function loggerKeepingLines() {
  const lines: Record<string, unknown>[] = [];
  return { logger: createConsoleLogger((line) => lines.push(JSON.parse(line) as Record<string, unknown>)), lines };
}

export function mailOutboxContract(name: string, makeFixture: () => Promise<MailOutboxFixture>, options: ContractOptions = {}): void {
  contractSuite(`${name} fulfils the mail outbox contract`, options, () => {
    let fixture: MailOutboxFixture;
    beforeAll(async () => {
      fixture = await makeFixture();
    });
    afterAll(() => fixture?.close());

    const loop = (store: MailOutboxStore, now: () => number, transport: MailTransport, more: Partial<MailDeliveryOptions> = {}) =>
      createMailDelivery({ store, transport, logger: loggerKeepingLines().logger, messageIdDomain: "arena.test", now, random: () => 0, ...more });

    it("stores a mail as pending and due, and finds it, with its HTML and text, from another connection", async () => {
      const clock = manualClock();
      const outbox = await fixture.outbox();
      let queued = 0;
      const id = await createOutboxMail({ store: outbox.connect(), renderer, now: clock.now, onQueued: () => (queued += 1) }).send(verifyMail("ana@example.com"));
      expect(queued).toBe(1);
      const other = createOutboxMail({ store: outbox.connect(), renderer });
      expect(await other.find(id)).toEqual({
        id,
        to: "ana@example.com",
        subject: "Confirma tu correo electrónico en Túria Arena",
        status: "pending",
        attempts: 0,
        createdAt: clock.now(),
        nextAttemptAt: clock.now(),
        sentAt: null,
        lastError: null,
        locale: "es",
        template: "verifyEmail",
        html: expect.stringContaining("https://arena.test/es/verify/?code=ana%40example.com"),
        text: expect.stringContaining("https://arena.test/es/verify/?code=ana%40example.com"),
      });
      expect(await other.find("no-such-mail")).toBeUndefined();
    });

    it("lists the newest mails first", async () => {
      const clock = manualClock();
      const outbox = createOutboxMail({ store: (await fixture.outbox()).connect(), renderer, now: clock.now });
      const ids = [];
      for (const to of ["first@example.com", "second@example.com", "third@example.com"]) {
        ids.push(await outbox.send(verifyMail(to)));
        clock.advance(1000);
      }
      expect((await outbox.list(10)).map((mail) => mail.id)).toEqual(ids.toReversed());
      expect((await outbox.list(2)).map((mail) => mail.to)).toEqual(["third@example.com", "second@example.com"]);
    });

    it("queues a keyed mail once when it is sent on two instances at the same moment, and both answer its id", async () => {
      const outbox = await fixture.outbox();
      let queued = 0;
      const [here, there] = [outbox.connect(), outbox.connect()].map((store) => createOutboxMail({ store, renderer, onQueued: () => (queued += 1) }));
      const key = "lead-7f3a.visitor";
      const ids = await Promise.all([here!.send(verifyMail("ana@example.com"), { key }), there!.send(verifyMail("ana@example.com"), { key }), here!.send(verifyMail("ana@example.com"), { key })]);
      expect(ids).toEqual([key, key, key]);
      expect(queued).toBe(1);
      expect((await here!.list(10)).map((mail) => mail.id)).toEqual([key]);
    });

    it("delivers each mail once with two loops sharing the outbox, both taking part", async () => {
      const clock = manualClock();
      const outbox = await fixture.outbox();
      const sender = createOutboxMail({ store: outbox.connect(), renderer, now: clock.now });
      const ids = await Promise.all(Array.from({ length: 24 }, (_, index) => sender.send(verifyMail(`user${index}@example.com`))));
      // Each delivery takes a little while, so that the two loops' claims and deliveries interleave.
      const transport = memoryTransport(15);
      const [a, b] = [outbox.connect(), outbox.connect()].map((store) => loop(store, clock.now, transport, { batchSize: 3 }));
      const rounds = await Promise.all([a!.deliverDue(), b!.deliverDue()]);
      expect(rounds.every((round) => round.sent > 0)).toBe(true);
      expect(rounds[0]!.sent + rounds[1]!.sent).toBe(24);
      expect(transport.delivered.map((mail) => mail.id).sort()).toEqual(ids.toSorted());
      expect(new Set(transport.delivered.map((mail) => mail.headers["Message-ID"]))).toEqual(new Set(ids.map((id) => `<${id}@arena.test>`)));
      expect((await sender.list(100)).every((mail) => mail.status === "sent")).toBe(true);
      expect(await Promise.all([a!.deliverDue(), b!.deliverDue()])).toEqual([
        { sent: 0, retrying: 0, failed: 0 },
        { sent: 0, retrying: 0, failed: 0 },
      ]);
    });

    it("leaves the mails of a loop that died mid-delivery to another once their lease runs out, and never sends them again", async () => {
      const clock = manualClock();
      const outbox = await fixture.outbox();
      const sender = createOutboxMail({ store: outbox.connect(), renderer, now: clock.now });
      const ids = [await sender.send(verifyMail("ana@example.com")), await sender.send(verifyMail("kim@example.com"))];
      const lease = { leaseMs: 120_000, deliveryTimeoutMs: 60_000 };
      void loop(outbox.connect(), clock.now, deadTransport, lease).deliverDue();
      await expect.poll(async () => (await sender.list(10)).map((mail) => mail.status)).toEqual(["sending", "sending"]);

      const transport = memoryTransport();
      const survivor = loop(outbox.connect(), clock.now, transport, lease);
      clock.advance(119_999);
      expect(await survivor.deliverDue()).toEqual({ sent: 0, retrying: 0, failed: 0 });
      clock.advance(1);
      expect(await survivor.deliverDue()).toEqual({ sent: 2, retrying: 0, failed: 0 });
      expect((await sender.list(10)).map((mail) => [mail.status, mail.attempts])).toEqual([
        ["sent", 2],
        ["sent", 2],
      ]);
      clock.advance(24 * 60 * 60_000);
      expect(await loop(outbox.connect(), clock.now, transport).deliverDue()).toEqual({ sent: 0, retrying: 0, failed: 0 });
      expect(transport.delivered.map((mail) => mail.id).sort()).toEqual(ids.toSorted());
    });

    it("hands the mails under way back when their loop is stopped (SIGTERM), so another loop delivers them at once, each once", async () => {
      const clock = manualClock();
      const outbox = await fixture.outbox();
      const sender = createOutboxMail({ store: outbox.connect(), renderer, now: clock.now });
      const ids = [await sender.send(verifyMail("ana@example.com")), await sender.send(verifyMail("kim@example.com"))];
      const lease = { leaseMs: 120_000, deliveryTimeoutMs: 60_000 };
      // Its SMTP connection hangs: the stopping instance cannot end these deliveries itself.
      const stopping = loop(outbox.connect(), clock.now, deadTransport, { ...lease, handBackAfterMs: 50 });
      stopping.start();
      await expect.poll(async () => (await sender.list(10)).map((mail) => mail.status)).toEqual(["sending", "sending"]);
      await stopping.stop();
      expect((await sender.list(10)).map((mail) => [mail.status, mail.nextAttemptAt])).toEqual([
        ["pending", clock.now()],
        ["pending", clock.now()],
      ]);

      const transport = memoryTransport();
      expect(await loop(outbox.connect(), clock.now, transport, lease).deliverDue()).toEqual({ sent: 2, retrying: 0, failed: 0 });
      expect(transport.delivered.map((mail) => mail.id).sort()).toEqual(ids.toSorted());
    });

    it("keeps the outcome of the loop that took a mail over: a loop whose lease ran out writes nothing, and says so", async () => {
      const clock = manualClock();
      const outbox = await fixture.outbox();
      const sender = createOutboxMail({ store: outbox.connect(), renderer, now: clock.now });
      const id = await sender.send(verifyMail("ana@example.com"));
      const late = deferred<void>();
      const slowLog = loggerKeepingLines();
      const slowRound = createMailDelivery({ store: outbox.connect(), transport: { deliver: () => late.promise }, logger: slowLog.logger, messageIdDomain: "arena.test", now: clock.now, leaseMs: 120_000 }).deliverDue();
      await expect.poll(async () => (await sender.find(id))?.status).toBe("sending");
      clock.advance(120_000);
      expect(await loop(outbox.connect(), clock.now, memoryTransport()).deliverDue()).toEqual({ sent: 1, retrying: 0, failed: 0 });
      const sentAt = clock.now();
      clock.advance(5_000);
      late.resolve();
      await slowRound;
      expect(await sender.find(id)).toMatchObject({ status: "sent", attempts: 2, sentAt });
      expect(slowLog.lines).toContainEqual(expect.objectContaining({ severity: "WARNING", event: "mail.claim-lost", id }));
    });

    it("keeps a failed delivery pending until the policy's next attempt, and delivers it then", async () => {
      const clock = manualClock();
      const outbox = await fixture.outbox();
      const sender = createOutboxMail({ store: outbox.connect(), renderer, now: clock.now });
      const id = await sender.send(verifyMail("ana@example.com"));
      const transport = memoryTransport();
      transport.failWith = new MailDeliveryError("ECONNECTION: connect ECONNREFUSED", "mail/unavailable");
      const delivery = loop(outbox.connect(), clock.now, transport);
      expect(await delivery.deliverDue()).toEqual({ sent: 0, retrying: 1, failed: 0 });
      const nextAttemptAt = clock.now() + MAIL_DELIVERY_RETRY.delayMs(0, 0);
      expect(await sender.find(id)).toMatchObject({ status: "pending", attempts: 1, nextAttemptAt, lastError: "ECONNECTION: connect ECONNREFUSED" });
      transport.failWith = undefined;
      clock.advance(nextAttemptAt - clock.now() - 1);
      expect(await delivery.deliverDue()).toEqual({ sent: 0, retrying: 0, failed: 0 });
      clock.advance(1);
      expect(await loop(outbox.connect(), clock.now, transport).deliverDue()).toEqual({ sent: 1, retrying: 0, failed: 0 });
      expect(await sender.find(id)).toMatchObject({ status: "sent", attempts: 2, sentAt: clock.now(), lastError: null });
    });

    it("gives a permanently rejected mail up as failed, and never tries it again", async () => {
      const clock = manualClock();
      const outbox = await fixture.outbox();
      const sender = createOutboxMail({ store: outbox.connect(), renderer, now: clock.now });
      const id = await sender.send(verifyMail("gone@example.com"));
      const transport = memoryTransport();
      transport.failWith = new MailDeliveryError("550 No such user", MAIL_REJECTED);
      expect(await loop(outbox.connect(), clock.now, transport).deliverDue()).toEqual({ sent: 0, retrying: 0, failed: 1 });
      expect(await sender.find(id)).toMatchObject({ status: "failed", attempts: 1, nextAttemptAt: null, lastError: "550 No such user" });
      transport.failWith = undefined;
      clock.advance(24 * 60 * 60_000);
      expect(await loop(outbox.connect(), clock.now, transport).deliverDue()).toEqual({ sent: 0, retrying: 0, failed: 0 });
    });
  });
}
