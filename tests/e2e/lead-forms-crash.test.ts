import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LEAD_FORM_KINDS, type LeadFormKind } from "../../core";
import { startLocalSmtpServer, type LocalSmtpServer } from "../unit/adapters/mail/support/local-smtp-server";
import { TEAM, TEAM_ENV, expectedMailKeys, leadClient, leadPayload, visitorEmail, type AttemptOutcome, type LeadFields } from "./support/lead-submissions";
import { ownServer, type OwnServer } from "./support/own-server";
import { eventually, serverStore } from "./support/server-store";

// Issue 9, item 7: leads and their mails outlive a server killed at random moments under load.

const SUBMISSIONS = 500;
const CLIENTS = 16;
const KILLS = 5;
// A killed server's claims on mails run out after this, and those mails are sent again: short, so
// that the test need not wait long for the last of them (a delivery may take half of it, ample on
// loopback).
const LEASE_MS = 6_000;

interface Submission {
  readonly n: number;
  readonly kind: LeadFormKind;
  readonly key: string;
  fields: LeadFields;
  status?: number;
  id?: string;
}

let smtp: LocalSmtpServer;
let server: OwnServer;

beforeAll(async () => {
  smtp = await startLocalSmtpServer();
  server = await ownServer({
    ...TEAM_ENV,
    SMTP_URL: smtp.url,
    // Every client comes from 127.0.0.1, one address: the limit is lifted for the load.
    FORMS_RATE_LIMIT: "100000",
    MAIL_DELIVERY_LEASE_MS: String(LEASE_MS),
    MAIL_RETRY_FIRST_DELAY_MS: "500",
  });
  await server.start();
});

afterAll(async () => {
  await server?.dispose();
  await smtp?.stop();
});

describe("lead forms through five SIGKILLs under load", () => {
  it("stores every acknowledged submission once with the fields sent, and delivers each of its mails", { timeout: 240_000 }, async () => {
    const store = serverStore(server.dataDir);
    const attempts: AttemptOutcome[] = [];
    const client = leadClient(server.baseUrl, { deadline: Date.now() + 180_000, onAttempt: (outcome) => attempts.push(outcome) });
    const submissions: Submission[] = Array.from({ length: SUBMISSIONS }, (_, n) => {
      const kind = LEAD_FORM_KINDS[n % LEAD_FORM_KINDS.length]!;
      return { n, kind, key: randomUUID(), fields: leadPayload(kind, n) };
    });
    let answered = 0;

    const queue = [...submissions];
    async function visitor(): Promise<void> {
      for (let next = queue.shift(); next; next = queue.shift()) {
        if (next.kind === "job-application") next.fields = { ...next.fields, cv: await client.uploadCv(next.n) };
        Object.assign(next, await client.submit(next.kind, next.fields, next.key));
        answered += 1;
      }
    }

    // Each kill once a random share of the submissions is answered: every one lands while requests,
    // stores and deliveries are under way.
    const killPoints = Array.from({ length: KILLS }, () => Math.floor(SUBMISSIONS * (0.05 + Math.random() * 0.85))).sort((a, b) => a - b);
    /** By mail id: how many kills found the mail claimed for delivery. */
    const killedMidDelivery = new Map<string, number>();
    async function killer(): Promise<void> {
      for (const point of killPoints) {
        await eventually(() => answered >= point, `${point} answered submissions`, { timeoutMs: 120_000, everyMs: 10 });
        await new Promise((resolve) => setTimeout(resolve, Math.random() * 200));
        await server.kill();
        for (const mail of store.mails()) if (mail.status === "sending") killedMidDelivery.set(mail.id, (killedMidDelivery.get(mail.id) ?? 0) + 1);
        await server.start();
      }
    }

    await Promise.all([killer(), ...Array.from({ length: CLIENTS }, visitor)]);

    // Every answer came from a live server and none was a server error; while it was down, no answer at all.
    expect(attempts.filter((outcome) => typeof outcome === "number" && outcome >= 500)).toEqual([]);
    expect(attempts).toContain("no-answer");
    expect(submissions.filter((submission) => submission.status !== 201 && submission.status !== 200)).toEqual([]);

    const expectedRecipients = new Map(
      submissions.flatMap((submission) =>
        expectedMailKeys(submission.kind, submission.id!).map(({ key, to }): [string, string] => [
          `<${key}@127.0.0.1>`,
          to === "team" ? TEAM[submission.kind as keyof typeof TEAM] : visitorEmail(submission.n),
        ]),
      ),
    );
    const detail = () => server.output();
    await eventually(() => new Set(smtp.messageIds()).size >= expectedRecipients.size, `${expectedRecipients.size} mails`, { timeoutMs: 60_000, everyMs: 200, detail });
    // Then the outbox drains: a second copy of a mail would have been sent by now.
    await eventually(() => store.mails().every((mail) => mail.status === "sent"), "every mail of the outbox sent", { timeoutMs: 60_000, everyMs: 200, detail });
    await server.stop();

    const stored = await store.leads();
    expect(stored).toHaveLength(SUBMISSIONS);
    const byId = new Map(stored.map((lead) => [lead.id, lead]));
    for (const submission of submissions) {
      const lead = byId.get(submission.id!);
      expect(lead, `submission ${submission.n}`).toMatchObject({ kind: submission.kind, idempotencyKey: submission.key });
      expect(lead?.fields, `submission ${submission.n}`).toStrictEqual(submission.fields);
    }

    const received = smtp.messageIds().map((messageId, index) => ({ messageId, to: smtp.received[index]!.to[0] }));
    expect(new Set(received.map((mail) => mail.messageId))).toEqual(new Set(expectedRecipients.keys()));
    for (const mail of received) expect(mail.to, mail.messageId).toBe(expectedRecipients.get(mail.messageId));

    // Each mail once, but for the one window no sender can close: the SMTP server has accepted the
    // mail and the server is killed before the outbox records it as sent. The claim then runs out
    // and the mail goes again, with the same Message-ID, by which the receiving side can tell it is
    // a repeat. So a second copy is allowed only for a mail that a kill found claimed for delivery
    // (one more copy per such kill); any other repeat is a fault.
    const copies = new Map<string, number>();
    for (const { messageId } of received) copies.set(messageId, (copies.get(messageId) ?? 0) + 1);
    const mailId = (messageId: string) => messageId.slice(1, messageId.indexOf("@"));
    expect([...copies].filter(([messageId, count]) => count > 1 + (killedMidDelivery.get(mailId(messageId)) ?? 0))).toEqual([]);
  });
});
