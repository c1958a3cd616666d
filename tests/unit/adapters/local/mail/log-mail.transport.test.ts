import { describe, expect, it } from "vitest";
import { createBundledMessages } from "../../../../../adapters/local/bundled-messages.adapter";
import { createLogMailTransport } from "../../../../../adapters/local/mail/log-mail.transport";
import { createMailDelivery } from "../../../../../adapters/local/mail/mail-delivery";
import { createOutboxMail } from "../../../../../adapters/local/mail/outbox-mail.adapter";
import { createMailRenderer } from "../../../../../adapters/mail/templates/mail-renderer";
import { recordingLogger, useDataDir, verifyMail } from "./support/mail-fixture";

const data = useDataDir();

describe("the embedded mail transport", () => {
  it("keeps each mail in the outbox as sent and logs one line with its links and where to see it", async () => {
    const db = data.open();
    const outbox = createOutboxMail({ db, renderer: createMailRenderer(createBundledMessages()) });
    const log = recordingLogger();
    const transport = createLogMailTransport({ logger: log.logger, viewerUrl: (id) => `http://localhost:3000/_mail/${id}` });
    const delivery = createMailDelivery({ db, transport, logger: log.logger, messageIdDomain: "localhost" });
    const first = await outbox.send(verifyMail("ana@example.com", "val"));
    const second = await outbox.send({ to: "kim@example.com", locale: "en", template: "accountDeleted", params: {} });

    expect(await delivery.deliverDue()).toEqual({ sent: 2, retrying: 0, failed: 0 });
    expect(outbox.list(10).map((mail) => mail.status)).toEqual(["sent", "sent"]);
    expect(log.lines()).toEqual([
      expect.objectContaining({
        level: "info",
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
});
