import { statSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { DATABASE_FILE } from "../../adapters/embedded/database/open-database";
import { signedUpVisitor } from "../e2e/support/accounts";
import { mailOutbox } from "../e2e/support/outbox";
import { ownServer, type OwnServer } from "../e2e/support/own-server";

// The embedded database holds password-reset tokens, sessions and the mail outbox; a production
// server without SMTP_URL keeps its mails in that outbox. Neither the files nor the log may hand
// a live link to another user of the machine or a reader of the logs.

const modeOf = (path: string) => statSync(path).mode & 0o777;

describe("secrets at rest", () => {
  it("keeps DATA_DIR and the database's files readable by the server's user only", () => {
    const dataDir = inject("dataDir");
    expect(modeOf(dataDir)).toBe(0o700);
    for (const name of [DATABASE_FILE, `${DATABASE_FILE}-wal`, `${DATABASE_FILE}-shm`]) expect(modeOf(join(dataDir, name)), name).toBe(0o600);
  });
});

describe("secrets in the log of a production server without SMTP", () => {
  let server: OwnServer;
  beforeAll(async () => {
    server = await ownServer({ SERVER_WORKERS: "1" });
    await server.start();
  }, 90_000);
  afterAll(() => server?.dispose());

  it("logs that a mail went out, never its link", async () => {
    const email = `log-${Date.now()}@example.org`;
    await signedUpVisitor(server.baseUrl, { email, password: "a long enough password 1", name: "Ana", surname: "Puig" });
    const outbox = mailOutbox(server.dataDir);
    try {
      const mail = await outbox.latest(email, "verifyEmail");
      const links = mail.text.match(/https?:\/\/[^\s"<>]+/g) ?? [];
      expect(links.length).toBeGreaterThan(0);
      // The delivery is logged once the outbox hands the mail over.
      const deadline = Date.now() + 10_000;
      while (!server.output().includes(mail.id) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
      expect(server.output()).toContain(mail.id);
      for (const link of links) expect(server.output()).not.toContain(link);
    } finally {
      outbox.close();
    }
  });
});
