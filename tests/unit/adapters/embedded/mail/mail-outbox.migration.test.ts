import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { MIGRATIONS } from "../../../../../adapters/embedded/database/migrations";
import { openDatabase } from "../../../../../adapters/embedded/database/open-database";
import { useDataDir } from "./support/mail-fixture";

const data = useDataDir();

describe("migration 2: the outbox's claims", () => {
  it("keeps the mails of a version-1 outbox, and makes a pending one without a time due at once", () => {
    const dir = join(data.dir(), "data");
    const v1 = openDatabase(dir, { migrations: MIGRATIONS.slice(0, 1) });
    const insert = v1.prepare(
      "INSERT INTO mail_outbox (id, to_address, locale, template, subject, html, text, status, next_attempt_at, created_at, sent_at) VALUES (?, 'a@example.com', 'es', 'verifyEmail', 's', 'h', 't', ?, ?, 1000, ?)",
    );
    insert.run("waiting", "pending", null, null);
    insert.run("later", "pending", 5000, null);
    insert.run("done", "sent", null, 2000);
    v1.close();

    const db = data.open();
    expect(db.pragma("user_version", { simple: true })).toBe(MIGRATIONS.length);
    expect(db.prepare("SELECT id, status, next_attempt_at, sent_at, claim_token, lease_until FROM mail_outbox ORDER BY id").all()).toEqual([
      { id: "done", status: "sent", next_attempt_at: null, sent_at: 2000, claim_token: null, lease_until: null },
      { id: "later", status: "pending", next_attempt_at: 5000, sent_at: null, claim_token: null, lease_until: null },
      { id: "waiting", status: "pending", next_attempt_at: 1000, sent_at: null, claim_token: null, lease_until: null },
    ]);
  });

  it("allows 'sending' only with a claim token and a lease, and 'pending' only with a time", () => {
    const db = data.open();
    const insert = db.prepare(
      "INSERT INTO mail_outbox (id, to_address, locale, template, subject, html, text, status, next_attempt_at, claim_token, lease_until, created_at) VALUES (?, 'a@example.com', 'es', 'verifyEmail', 's', 'h', 't', ?, ?, ?, ?, 1)",
    );
    insert.run("claimed", "sending", 1, "token", 100);
    expect(() => insert.run("no-lease", "sending", 1, "token", null)).toThrowError(/CHECK/);
    expect(() => insert.run("stray-token", "pending", 1, "token", 100)).toThrowError(/CHECK/);
    expect(() => insert.run("never-due", "pending", null, null, null)).toThrowError(/CHECK/);
    expect(() => insert.run("queued", "queued", 1, null, null)).toThrowError(/CHECK/);
  });
});
