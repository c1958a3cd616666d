import { afterEach, describe, expect, it } from "vitest";
import type { OutgoingMail } from "../../../../adapters/mail/mail-transport";
import { createSmtpMailTransport } from "../../../../adapters/mail/smtp-mail.transport";
import { MAIL_REJECTED } from "../../../../core";
import { startLocalSmtpServer, type LocalSmtpServer } from "./support/local-smtp-server";

const FROM = "Túria Arena <no-reply@arena.test>";

const mail = (to = "ana@example.com"): OutgoingMail => ({
  id: "m1",
  to,
  subject: "Confirma tu correo electrónico en Túria Arena",
  html: `<p><a href="https://arena.test/es/verify/?code=abc">Confirmar</a></p>`,
  text: "Confirmar:\nhttps://arena.test/es/verify/?code=abc\n",
  headers: { "Message-ID": "<m1@arena.test>", "Auto-Submitted": "auto-generated" },
});

const servers: LocalSmtpServer[] = [];
async function smtpServer(...args: Parameters<typeof startLocalSmtpServer>) {
  const server = await startLocalSmtpServer(...args);
  servers.push(server);
  return server;
}

afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.stop()));
});

describe("the SMTP transport (a real SMTP server on 127.0.0.1)", () => {
  it("delivers the mail with both versions, the sender and the outbox's headers", async () => {
    const server = await smtpServer();
    await createSmtpMailTransport({ url: server.url, from: FROM }).deliver(mail(), new AbortController().signal);
    expect(server.received).toHaveLength(1);
    const [received] = server.received;
    expect(received?.from).toBe("no-reply@arena.test");
    expect(received?.to).toEqual(["ana@example.com"]);
    expect(server.messageIds()).toEqual(["<m1@arena.test>"]);
    expect(received?.message).toMatch(/^Auto-Submitted: auto-generated$/m);
    expect(received?.message).toContain("Content-Type: text/plain");
    expect(received?.message).toContain("Content-Type: text/html");
    expect(received?.message).toContain("https://arena.test/es/verify/?code=abc");
  });

  it("gives up on a recipient the server refuses for good (5xx), and retries one it refuses for now (4xx)", async () => {
    const server = await smtpServer({ refuseRecipient: (address) => (address.startsWith("gone@") ? 550 : address.startsWith("busy@") ? 450 : undefined) });
    const transport = createSmtpMailTransport({ url: server.url, from: FROM });
    await expect(transport.deliver(mail("gone@example.com"), new AbortController().signal)).rejects.toMatchObject({ code: MAIL_REJECTED });
    await expect(transport.deliver(mail("busy@example.com"), new AbortController().signal)).rejects.toMatchObject({ code: "mail/unavailable" });
    expect(server.received).toEqual([]);
  });

  it("reports a server that is down as a failure worth retrying", async () => {
    const server = await smtpServer();
    await server.stop();
    await expect(createSmtpMailTransport({ url: server.url, from: FROM }).deliver(mail(), new AbortController().signal)).rejects.toMatchObject({
      name: "MailDeliveryError",
      code: "mail/unavailable",
      message: expect.stringMatching(/ECONNECTION|ECONNREFUSED/),
    });
  });

  it("stops when the outbox's signal aborts", async () => {
    const server = await smtpServer();
    const controller = new AbortController();
    controller.abort(new Error("lease running out"));
    await expect(createSmtpMailTransport({ url: server.url, from: FROM }).deliver(mail(), controller.signal)).rejects.toMatchObject({ code: "mail/unavailable" });
    expect(server.received).toEqual([]);
  });
});
