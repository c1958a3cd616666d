import { afterEach, describe, expect, it } from "vitest";
import { createBundledMessages } from "../../../../adapters/runtime/bundled-messages.adapter";
import { createMailDelivery } from "../../../../adapters/mail/mail-delivery";
import { createOutboxMail } from "../../../../adapters/mail/outbox-mail.adapter";
import { createSmtpMailTransport } from "../../../../adapters/mail/smtp-mail.transport";
import { createSqliteMailOutboxStore } from "../../../../adapters/embedded/mail/sqlite-mail-outbox.store";
import { createMailRenderer } from "../../../../adapters/mail/templates/mail-renderer";
import { startLocalSmtpServer, type LocalSmtpServer } from "./support/local-smtp-server";
import { manualClock, recordingLogger, useDataDir, verifyMail } from "../embedded/mail/support/mail-fixture";

const data = useDataDir();
const renderer = createMailRenderer(createBundledMessages());
const FROM = "Túria Arena <no-reply@arena.test>";

let server: LocalSmtpServer | undefined;
afterEach(async () => {
  await server?.stop();
  server = undefined;
});

describe("the outbox over SMTP (a real SMTP server on 127.0.0.1)", () => {
  it("keeps mails pending through an outage, waiting longer each time, and delivers each once when the server is back", async () => {
    server = await startLocalSmtpServer();
    await server.stop();
    const clock = manualClock();
    const db = data.open();
    const outbox = createOutboxMail({ store: createSqliteMailOutboxStore(db), renderer, now: clock.now });
    const ids = [await outbox.send(verifyMail("ana@example.com", "es")), await outbox.send(verifyMail("joan@example.com", "val")), await outbox.send(verifyMail("kim@example.com", "en"))];
    const delivery = createMailDelivery({ store: createSqliteMailOutboxStore(db), transport: createSmtpMailTransport({ url: server.url, from: FROM }), logger: recordingLogger().logger, messageIdDomain: "arena.test", now: clock.now });
    const nextAttempts = () => (db.prepare("SELECT next_attempt_at AS at FROM mail_outbox WHERE status = 'pending' ORDER BY rowid").all() as { at: number }[]).map((row) => row.at);

    let previous = nextAttempts();
    let previousWait = 0;
    for (let round = 1; round <= 3; round++) {
      expect(await delivery.deliverDue()).toEqual({ sent: 0, retrying: 3, failed: 0 });
      const next = nextAttempts();
      expect(next).toHaveLength(3);
      const waits = next.map((at) => at - clock.now());
      for (const [index, at] of next.entries()) expect(at).toBeGreaterThan(previous[index]!);
      expect(Math.min(...waits)).toBeGreaterThan(previousWait);
      previousWait = Math.max(...waits);
      previous = next;
      clock.set(Math.max(...next));
    }
    expect((await outbox.list(10)).map((mail) => [mail.status, mail.attempts])).toEqual([
      ["pending", 3],
      ["pending", 3],
      ["pending", 3],
    ]);

    await server.start();
    expect(await delivery.deliverDue()).toEqual({ sent: 3, retrying: 0, failed: 0 });
    clock.advance(24 * 60 * 60_000);
    expect(await delivery.deliverDue()).toEqual({ sent: 0, retrying: 0, failed: 0 });
    expect(server.messageIds().sort()).toEqual(ids.map((id) => `<${id}@arena.test>`).sort());
    expect(server.received.map((mail) => mail.to[0]).sort()).toEqual(["ana@example.com", "joan@example.com", "kim@example.com"]);
    expect(server.received.find((mail) => mail.to[0] === "joan@example.com")?.message).toContain("https://arena.test/val/verify/?code=joan%40example.com");
  });

  it("two loops on one database file, each with its own connection to the server, send every mail once", async () => {
    server = await startLocalSmtpServer();
    const clock = manualClock();
    const outbox = createOutboxMail({ store: createSqliteMailOutboxStore(data.open()), renderer, now: clock.now });
    const ids: string[] = [];
    for (let i = 0; i < 30; i++) ids.push(await outbox.send(verifyMail(`user${i}@example.com`)));
    const smtp = server;
    const [a, b] = [data.open(), data.open()].map((db) =>
      createMailDelivery({ store: createSqliteMailOutboxStore(db), transport: createSmtpMailTransport({ url: smtp.url, from: FROM }), logger: recordingLogger().logger, messageIdDomain: "arena.test", now: clock.now, batchSize: 3 }),
    ) as [ReturnType<typeof createMailDelivery>, ReturnType<typeof createMailDelivery>];
    const rounds = await Promise.all([a.deliverDue(), b.deliverDue()]);
    expect(rounds[0].sent + rounds[1].sent).toBe(30);
    expect(rounds[0].sent).toBeGreaterThan(0);
    expect(rounds[1].sent).toBeGreaterThan(0);
    expect(server.messageIds().sort()).toEqual(ids.map((id) => `<${id}@arena.test>`).sort());
  });
});
