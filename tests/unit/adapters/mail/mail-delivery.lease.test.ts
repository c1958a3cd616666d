import { describe, expect, it } from "vitest";
import { createBundledMessages } from "../../../../adapters/runtime/bundled-messages.adapter";
import { createMailDelivery } from "../../../../adapters/mail/mail-delivery";
import { createOutboxMail } from "../../../../adapters/mail/outbox-mail.adapter";
import { MailDeliveryError, type MailTransport } from "../../../../adapters/mail/mail-transport";
import { createSqliteMailOutboxStore } from "../../../../adapters/embedded/mail/sqlite-mail-outbox.store";
import { createMailRenderer } from "../../../../adapters/mail/templates/mail-renderer";
import { manualClock, recordingLogger, useDataDir, verifyMail } from "../embedded/mail/support/mail-fixture";

const data = useDataDir();

describe("a configured lease (MAIL_DELIVERY_LEASE_MS)", () => {
  it("bounds each delivery by half of it when shorter than two minutes, so the claim outlasts the delivery", async () => {
    const clock = manualClock();
    const db = data.open();
    const id = await createOutboxMail({ store: createSqliteMailOutboxStore(db), renderer: createMailRenderer(createBundledMessages()), now: clock.now }).send(verifyMail("ana@example.com"));
    const hanging: MailTransport = {
      deliver: (_mail, signal) => new Promise((_, reject) => signal.addEventListener("abort", () => reject(new MailDeliveryError(String(signal.reason), "mail/unavailable")))),
    };
    const delivery = createMailDelivery({ store: createSqliteMailOutboxStore(db), transport: hanging, logger: recordingLogger().logger, messageIdDomain: "arena.test", now: clock.now, leaseMs: 50 });
    expect(await delivery.deliverDue()).toEqual({ sent: 0, retrying: 1, failed: 0 });
    expect(db.prepare("SELECT status, last_error FROM mail_outbox WHERE id = ?").get(id)).toEqual({ status: "pending", last_error: "Error: Delivery took longer than 25 ms" });
  });
});
