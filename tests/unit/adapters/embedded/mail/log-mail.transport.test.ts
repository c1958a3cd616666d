import { describe, expect, it } from "vitest";
import { createBundledMessages } from "../../../../../adapters/runtime/bundled-messages.adapter";
import { createLogMailTransport } from "../../../../../adapters/embedded/mail/log-mail.transport";
import { createMailDelivery } from "../../../../../adapters/mail/mail-delivery";
import { createSqliteMailOutboxStore } from "../../../../../adapters/embedded/mail/sqlite-mail-outbox.store";
import { createOutboxMail } from "../../../../../adapters/mail/outbox-mail.adapter";
import { createMailRenderer } from "../../../../../adapters/mail/templates/mail-renderer";
import { recordingLogger, useDataDir, verifyMail } from "./support/mail-fixture";

const data = useDataDir();

describe("the embedded mail transport", () => {
  it("keeps each mail in the outbox as sent and logs one line with its links and where to see it", async () => {
    const db = data.open();
    const outbox = createOutboxMail({ store: createSqliteMailOutboxStore(db), renderer: createMailRenderer(createBundledMessages()) });
    const log = recordingLogger();
    const transport = createLogMailTransport({ logger: log.logger, logLinks: true, viewerUrl: (id) => `http://localhost:3000/_mail/${id}` });
    const delivery = createMailDelivery({ store: createSqliteMailOutboxStore(db), transport, logger: log.logger, messageIdDomain: "localhost" });
    const first = await outbox.send(verifyMail("ana@example.com", "val"));
    const second = await outbox.send({ to: "kim@example.com", locale: "en", template: "accountDeleted", params: {} });

    expect(await delivery.deliverDue()).toEqual({ sent: 2, retrying: 0, failed: 0 });
    expect((await outbox.list(10)).map((mail) => mail.status)).toEqual(["sent", "sent"]);
    expect(log.lines()).toEqual([
      expect.objectContaining({
        severity: "INFO",
        event: "mail.delivered",
        id: first,
        to: "ana@example.com",
        subject: "Confirma el teu correu electrònic en Túria Arena",
        links: ["https://arena.test/val/verify/?code=ana%40example.com"],
        viewer: `http://localhost:3000/_mail/${first}`,
      }),
      expect.objectContaining({ event: "mail.delivered", id: second, links: [], viewer: `http://localhost:3000/_mail/${second}` }),
    ]);
  });

  it("in production counts a mail's links without logging them: a reset link in a log is a password for whoever reads it", async () => {
    const db = data.open();
    const outbox = createOutboxMail({ store: createSqliteMailOutboxStore(db), renderer: createMailRenderer(createBundledMessages()) });
    const log = recordingLogger();
    const delivery = createMailDelivery({ store: createSqliteMailOutboxStore(db), transport: createLogMailTransport({ logger: log.logger, logLinks: false }), logger: log.logger, messageIdDomain: "localhost" });
    const id = await outbox.send(verifyMail("ana@example.com", "val"));

    expect(await delivery.deliverDue()).toEqual({ sent: 1, retrying: 0, failed: 0 });
    expect(log.lines()).toEqual([expect.objectContaining({ event: "mail.delivered", id, to: "ana@example.com", withheldLinks: 1 })]);
    expect(JSON.stringify(log.lines())).not.toContain("verify");
    expect((await outbox.find(id))?.text).toContain("https://arena.test/val/verify/?code=ana%40example.com");
  });
});
