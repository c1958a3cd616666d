import { describe, expect, it } from "vitest";
import { createBundledMessages } from "../../../../adapters/runtime/bundled-messages.adapter";
import { createOutboxMail } from "../../../../adapters/mail/outbox-mail.adapter";
import { createSqliteMailOutboxStore } from "../../../../adapters/embedded/mail/sqlite-mail-outbox.store";
import { createMailRenderer, MailTemplateError } from "../../../../adapters/mail/templates/mail-renderer";
import { manualClock, useDataDir, verifyMail } from "../embedded/mail/support/mail-fixture";

const data = useDataDir();
const renderer = createMailRenderer(createBundledMessages());

describe("the outbox mail adapter", () => {
  it("has the mail committed, pending and due, before send resolves", async () => {
    const clock = manualClock();
    let queued = 0;
    const outbox = createOutboxMail({ store: createSqliteMailOutboxStore(data.open()), renderer, now: clock.now, onQueued: () => (queued += 1) });
    const id = await outbox.send(verifyMail("ana@example.com", "val"));
    // Another connection (another process, or this one after a crash) sees the row at once.
    const other = data.open();
    const row = other.prepare("SELECT * FROM mail_outbox WHERE id = ?").get(id) as Record<string, unknown>;
    expect(row).toMatchObject({
      to_address: "ana@example.com",
      locale: "val",
      template: "verifyEmail",
      status: "pending",
      attempts: 0,
      next_attempt_at: clock.now(),
      created_at: clock.now(),
      subject: "Confirma el teu correu electrònic en Túria Arena",
      sent_at: null,
    });
    expect(JSON.parse(row.params_json as string)).toEqual({ link: "https://arena.test/val/verify/?code=ana%40example.com" });
    expect(row.text).toContain("https://arena.test/val/verify/?code=ana%40example.com");
    expect(queued).toBe(1);
  });

  it("survives the process: a connection opened after the first is closed still finds the mail", async () => {
    const first = data.open();
    const id = await createOutboxMail({ store: createSqliteMailOutboxStore(first), renderer }).send(verifyMail("ana@example.com"));
    first.close();
    expect(await createOutboxMail({ store: createSqliteMailOutboxStore(data.open()), renderer }).find(id)).toMatchObject({ id, status: "pending" });
  });

  it("stores nothing, and says nothing to delivery, when the mail cannot be rendered", async () => {
    let queued = 0;
    const outbox = createOutboxMail({ store: createSqliteMailOutboxStore(data.open()), renderer, onQueued: () => (queued += 1) });
    await expect(outbox.send({ to: "ana@example.com", locale: "en", template: "resetPassword", params: { link: "javascript:alert(1)" } })).rejects.toThrowError(
      MailTemplateError,
    );
    expect(await outbox.list(10)).toEqual([]);
    expect(queued).toBe(0);
  });

  it("lists the newest mail first and finds one with its HTML and text", async () => {
    const clock = manualClock();
    const outbox = createOutboxMail({ store: createSqliteMailOutboxStore(data.open()), renderer, now: clock.now });
    const first = await outbox.send(verifyMail("first@example.com"));
    clock.advance(1000);
    const second = await outbox.send({ to: "second@example.com", locale: "en", template: "accountDeleted", params: {} });
    const third = await outbox.send(verifyMail("third@example.com", "en")); // same millisecond as the second
    expect((await outbox.list(10)).map((mail) => mail.id)).toEqual([third, second, first]);
    expect(await outbox.list(2)).toHaveLength(2);
    expect(await outbox.find(second)).toMatchObject({
      to: "second@example.com",
      subject: "Your Túria Arena account has been deleted",
      status: "pending",
      locale: "en",
      template: "accountDeleted",
      html: expect.stringContaining("<h1"),
      text: expect.stringContaining("Your account has been deleted"),
    });
    expect(await outbox.find("no-such-id")).toBeUndefined();
  });
});

describe("the outbox mail adapter: keyed mails and list headers", () => {
  it("queues a keyed mail once, however often it is sent, and answers the first one's id", async () => {
    let queued = 0;
    const outbox = createOutboxMail({ store: createSqliteMailOutboxStore(data.open()), renderer, onQueued: () => (queued += 1) });
    const first = await outbox.send(verifyMail("ana@example.com"), { key: "lead-1.visitor" });
    const again = await outbox.send(verifyMail("ana@example.com"), { key: "lead-1.visitor" });
    expect([first, again]).toEqual(["lead-1.visitor", "lead-1.visitor"]);
    expect(await outbox.list(10)).toHaveLength(1);
    expect(queued).toBe(1);
  });

  it("refuses a key that cannot be a Message-ID's left part", async () => {
    const outbox = createOutboxMail({ store: createSqliteMailOutboxStore(data.open()), renderer });
    await expect(outbox.send(verifyMail("ana@example.com"), { key: "lead 1:team" })).rejects.toThrowError(/mail key/);
    expect(await outbox.list(10)).toEqual([]);
  });

  it("stores RFC 8058's one-click headers with a mail about a list", async () => {
    const db = data.open();
    const outbox = createOutboxMail({ store: createSqliteMailOutboxStore(db), renderer });
    const id = await outbox.send({
      to: "ana@example.com",
      locale: "es",
      template: "newsletterConfirm",
      params: { link: "https://arena.test/es/newsletter/confirm/?token=t" },
      unsubscribe: { page: "https://arena.test/es/newsletter/unsubscribe/?token=u", oneClick: "https://arena.test/api/newsletter/unsubscribe?token=u" },
    });
    const row = db.prepare("SELECT headers_json AS headers, html FROM mail_outbox WHERE id = ?").get(id) as { headers: string; html: string };
    expect(JSON.parse(row.headers)).toEqual({
      "List-Unsubscribe": "<https://arena.test/api/newsletter/unsubscribe?token=u>",
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });
    expect(row.html).toContain('href="https://arena.test/es/newsletter/unsubscribe/?token=u"');
  });
});
