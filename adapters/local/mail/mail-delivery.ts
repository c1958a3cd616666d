import { randomUUID } from "node:crypto";
import { asAttemptFailure, decideRetry, MAIL_DELIVERY_RETRY, type Logger, type RetryPolicy } from "../../../core";
import type { MailTransport, OutgoingMail } from "../../mail/mail-transport";
import { groupCommitOf } from "../database/group-commit";
import type { SqliteDatabase } from "../database/open-database";

export interface MailDeliveryOptions {
  readonly db: SqliteDatabase;
  readonly transport: MailTransport;
  readonly logger: Logger;
  /** The right-hand side of each mail's Message-ID, e.g. the site's host name. */
  readonly messageIdDomain: string;
  readonly policy?: RetryPolicy;
  readonly now?: () => number;
  /** Source of jitter, in [0, 1). */
  readonly random?: () => number;
  /**
   * How long a claimed mail belongs to this sender before another may take it (5 minutes): after a
   * crash mid-delivery, the mail waits this long to be sent again.
   */
  readonly leaseMs?: number;
  /** A delivery is aborted after this (a minute, or half the lease if that is shorter): no one else takes the mail meanwhile. */
  readonly deliveryTimeoutMs?: number;
  /** Mails claimed, and delivered side by side, at a time. */
  readonly batchSize?: number;
  readonly pollIntervalMs?: number;
}

export interface DeliveryRound {
  readonly sent: number;
  readonly retrying: number;
  readonly failed: number;
}

export interface MailDelivery {
  /** Delivers every mail that is due, each at most once per round. */
  deliverDue(): Promise<DeliveryRound>;
  /** Runs a round every `pollIntervalMs`, and one soon after each `wake()`. */
  start(): void;
  /** Asks for a round now (the outbox calls it when a mail is queued). */
  wake(): void;
  /** Stops the rounds and waits for the one under way. */
  stop(): Promise<void>;
}

interface ClaimedMail {
  readonly id: string;
  readonly to: string;
  readonly subject: string;
  readonly html: string;
  readonly text: string;
  readonly headersJson: string;
  readonly attempts: number;
  readonly createdAt: number;
}

/**
 * Takes due mails from the outbox to a transport. Any number of these loops, in one process or
 * several, may share the database: a mail is claimed in one write transaction (status 'sending',
 * a token and a lease), so only one loop delivers it. A loop that dies mid-send leaves the claim to
 * run out; the mail is then claimed again, and sent again with the same Message-ID — the one case
 * that can deliver twice, which no sender can rule out once the server has accepted the mail.
 *
 * Waits between attempts are rows (next_attempt_at), not timers, so that they outlive a restart:
 * the loop asks the core's retry policy the same question the retry machine asks (decideRetry)
 * and stores the answer.
 */
export function createMailDelivery(options: MailDeliveryOptions): MailDelivery {
  const { db, transport, logger } = options;
  const policy = options.policy ?? MAIL_DELIVERY_RETRY;
  const now = options.now ?? Date.now;
  const random = options.random ?? Math.random;
  const leaseMs = options.leaseMs ?? 5 * 60_000;
  const deliveryTimeoutMs = options.deliveryTimeoutMs ?? Math.min(60_000, Math.floor(leaseMs / 2));
  const batchSize = options.batchSize ?? 10;
  const pollIntervalMs = options.pollIntervalMs ?? 5_000;
  if (deliveryTimeoutMs >= leaseMs) throw new Error("The delivery timeout must be shorter than the lease");

  const claim = db.prepare(`
    UPDATE mail_outbox SET status = 'sending', claim_token = :token, lease_until = :leaseUntil, attempts = attempts + 1
    WHERE id IN (
      SELECT id FROM (
        SELECT id FROM mail_outbox WHERE status = 'pending' AND next_attempt_at <= :now
        UNION ALL
        SELECT id FROM mail_outbox WHERE status = 'sending' AND lease_until <= :now
      )
      WHERE id NOT IN (SELECT value FROM json_each(:handled))
      LIMIT :limit)
    RETURNING id, to_address AS "to", subject, html, text, headers_json AS headersJson, attempts, created_at AS createdAt`);
  // Every outcome is written only while the claim is still this loop's.
  const markSent = db.prepare(`
    UPDATE mail_outbox SET status = 'sent', sent_at = :now, last_error = NULL, claim_token = NULL, lease_until = NULL
    WHERE id = :id AND claim_token = :token`);
  const reschedule = db.prepare(`
    UPDATE mail_outbox SET status = 'pending', next_attempt_at = :next, last_error = :error, claim_token = NULL, lease_until = NULL
    WHERE id = :id AND claim_token = :token`);
  const markFailed = db.prepare(`
    UPDATE mail_outbox SET status = 'failed', next_attempt_at = NULL, last_error = :error, claim_token = NULL, lease_until = NULL
    WHERE id = :id AND claim_token = :token`);

  const commit = groupCommitOf(db);
  // Run IMMEDIATE: the write lock is taken before the due rows are read, so two loops never both see a row as free.
  const claimTransaction = db.transaction((params: Record<string, unknown>) => claim.all(params) as ClaimedMail[]);

  function claimBatch(handled: readonly string[]): { token: string; mails: ClaimedMail[] } {
    const token = randomUUID();
    const at = now();
    const mails = claimTransaction.immediate({ token, leaseUntil: at + leaseMs, now: at, handled: JSON.stringify(handled), limit: batchSize });
    return { token, mails };
  }

  function settled(result: { changes: number }, id: string): void {
    if (result.changes === 0) logger.warn("mail.claim-lost", { id, reason: "the lease ran out before the delivery ended; raise leaseMs" });
  }

  async function deliverOne(mail: ClaimedMail, token: string): Promise<keyof DeliveryRound> {
    const outgoing: OutgoingMail = {
      id: mail.id,
      to: mail.to,
      subject: mail.subject,
      html: mail.html,
      text: mail.text,
      // The same Message-ID on every attempt lets the receiving side recognise a repeat.
      headers: {
        ...(JSON.parse(mail.headersJson) as Record<string, string>),
        "Message-ID": `<${mail.id}@${options.messageIdDomain}>`,
        "Auto-Submitted": "auto-generated",
      },
    };
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(new Error(`Delivery took longer than ${deliveryTimeoutMs} ms`)), deliveryTimeoutMs);
    try {
      await transport.deliver(outgoing, controller.signal);
    } catch (error) {
      const failure = asAttemptFailure(error);
      const at = now();
      const decision = decideRetry(policy, failure, mail.attempts - 1, at - mail.createdAt, random());
      const reason = failure.message ?? String(error);
      if (decision.kind === "retry") {
        const next = at + decision.delayMs;
        settled(await commit.write(() => reschedule.run({ id: mail.id, token, next, error: reason })), mail.id);
        logger.warn("mail.retry", { id: mail.id, attempts: mail.attempts, nextAttemptAt: new Date(next).toISOString(), error: reason });
        return "retrying";
      }
      settled(await commit.write(() => markFailed.run({ id: mail.id, token, error: reason })), mail.id);
      logger.error("mail.failed", { id: mail.id, attempts: mail.attempts, outcome: decision.kind, error: reason });
      return "failed";
    } finally {
      clearTimeout(timer);
    }
    // Marks from mails delivered side by side share one commit.
    settled(await commit.write(() => markSent.run({ id: mail.id, token, now: now() })), mail.id);
    return "sent";
  }

  async function deliverDue(): Promise<DeliveryRound> {
    const round = { sent: 0, retrying: 0, failed: 0 };
    const handled: string[] = [];
    for (;;) {
      const { token, mails } = claimBatch(handled);
      if (mails.length === 0) return round;
      handled.push(...mails.map((mail) => mail.id));
      for (const outcome of await Promise.all(mails.map((mail) => deliverOne(mail, token)))) round[outcome] += 1;
    }
  }

  let timer: ReturnType<typeof setInterval> | undefined;
  let running: Promise<void> | undefined;
  let again = false;

  async function rounds(): Promise<void> {
    do {
      again = false;
      await deliverDue().catch((error: unknown) => logger.error("mail.delivery-round-failed", { error: String(error) }));
    } while (again && timer);
    // Cleared in the same step as the last check: a wake() from now on starts a new round.
    running = undefined;
  }

  function wake(): void {
    if (!timer) return;
    if (running) again = true;
    else running = rounds();
  }

  return {
    deliverDue,
    start() {
      if (timer) return;
      timer = setInterval(wake, pollIntervalMs);
      timer.unref();
      wake();
    },
    wake,
    async stop() {
      clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
}
