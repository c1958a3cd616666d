import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LEAD_FORM_KINDS } from "../../core";
import { startLocalSmtpServer, type LocalSmtpServer } from "../unit/adapters/mail/support/local-smtp-server";
import { TEAM, TEAM_ENV, expectedMailKeys, leadClient, leadPayload, visitorEmail } from "./support/lead-submissions";
import { ownServer, type OwnServer } from "./support/own-server";
import { eventually, serverStore } from "./support/server-store";

// Issue 9, item 8: an SMTP outage delays the lead mails and loses none; the visitor is answered
// as soon as the lead is stored.

const SUBMISSIONS = 12;

let smtp: LocalSmtpServer;
let server: OwnServer;

beforeAll(async () => {
  smtp = await startLocalSmtpServer();
  await smtp.stop();
  // Retries are due soon after each failure; the delivery loop's round (every 5 s) takes them.
  server = await ownServer({ ...TEAM_ENV, SMTP_URL: smtp.url, MAIL_RETRY_FIRST_DELAY_MS: "200", FORMS_RATE_LIMIT: "1000" });
  await server.start();
});

afterAll(async () => {
  await server?.dispose();
  await smtp?.stop();
});

describe("lead forms while the SMTP server is down", () => {
  it("acknowledges and stores every submission, keeps its mails pending with retries, then delivers each once", { timeout: 120_000 }, async () => {
    const store = serverStore(server.dataDir);
    const client = leadClient(server.baseUrl, { deadline: Date.now() + 30_000 });
    const sent = [];
    for (let n = 0; n < SUBMISSIONS; n++) {
      const kind = LEAD_FORM_KINDS[n % LEAD_FORM_KINDS.length]!;
      const fields = kind === "job-application" ? leadPayload(kind, n, await client.uploadCv(n)) : leadPayload(kind, n);
      const answer = await client.submit(kind, fields, randomUUID());
      sent.push({ n, kind, fields, ...answer });
    }
    expect(sent.map((submission) => submission.status)).toEqual(Array(SUBMISSIONS).fill(201));
    for (const submission of sent) expect((await store.lead(submission.id!))?.fields).toStrictEqual(submission.fields);

    const expected = new Map(
      sent.flatMap((submission) =>
        expectedMailKeys(submission.kind, submission.id!).map(({ key, to }): [string, string] => [key, to === "team" ? TEAM[submission.kind as keyof typeof TEAM] : visitorEmail(submission.n)]),
      ),
    );
    const detail = () => JSON.stringify(store.mails().map(({ id, status, attempts, lastError }) => ({ id, status, attempts, lastError })));
    // Tried, failed and tried again, each waiting for its next attempt: none given up, none sent.
    await eventually(
      () => {
        const mails = store.mails();
        return mails.length === expected.size && mails.every((mail) => mail.status === "pending" && mail.attempts >= 2 && mail.lastError !== null);
      },
      "every mail retried at least once",
      { timeoutMs: 30_000, everyMs: 200, detail },
    );
    expect(smtp.received).toEqual([]);

    await smtp.start();
    await eventually(() => store.mails().every((mail) => mail.status === "sent"), "every mail sent", { timeoutMs: 30_000, everyMs: 200, detail });
    // No mail was claimed twice: each arrived once, with its key as Message-ID, to its recipient.
    expect(smtp.messageIds().sort()).toEqual([...expected.keys()].map((key) => `<${key}@127.0.0.1>`).sort());
    for (const [index, messageId] of smtp.messageIds().entries()) expect(smtp.received[index]!.to).toEqual([expected.get(messageId.slice(1, messageId.indexOf("@")))]);
  });
});
