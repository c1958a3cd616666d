import { asAttemptFailure, decideRetry, MAIL_DELIVERY_RETRY, type Logger, type RetryPolicy } from "../../core";
import type { ClaimedMail, MailOutboxStore } from "./mail-outbox-store";
import type { MailTransport, OutgoingMail } from "./mail-transport";

export interface MailDeliveryOptions {
  /** The outbox, shared by every loop that delivers from it. */
  readonly store: MailOutboxStore;
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
  /**
   * How long deliveries under way may still take once `stop()` is asked (1 s): an SMTP send that
   * ends meanwhile is kept, one that does not is handed back.
   */
  readonly handBackAfterMs?: number;
  readonly pollIntervalMs?: number;
}

export interface DeliveryRound {
  readonly sent: number;
  /** Mails to be tried again: after a failed attempt, or handed back at stop. */
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
  /**
   * Stops the rounds (at SIGTERM): no more claims; deliveries under way get `handBackAfterMs` to
   * end, then their mails are handed back, due at once, so that another loop (another instance)
   * delivers them at its next round rather than once their lease has run out. Resolves once every
   * round under way has ended.
   */
  stop(): Promise<void>;
}

/**
 * Takes due mails from the outbox to a transport. Any number of these loops, in one process or
 * several, on one machine or many, may share the outbox store: a mail is claimed (status
 * 'sending', a token and a lease), so only one loop delivers it. A loop that is stopped hands
 * its claims back (due at once); one that dies mid-send leaves the claim to run out; the mail is then claimed again, and sent again with the same Message-ID —
 * the one case that can deliver twice, which no sender can rule out once the server has accepted
 * the mail.
 *
 * Waits between attempts are stored (each mail's next attempt), not timers, so that they outlive a
 * restart: the loop asks the core's retry policy the same question the retry machine asks
 * (decideRetry) and stores the answer.
 */
export function createMailDelivery(options: MailDeliveryOptions): MailDelivery {
  const { store, transport, logger } = options;
  const policy = options.policy ?? MAIL_DELIVERY_RETRY;
  const now = options.now ?? Date.now;
  const random = options.random ?? Math.random;
  const leaseMs = options.leaseMs ?? 5 * 60_000;
  const deliveryTimeoutMs = options.deliveryTimeoutMs ?? Math.min(60_000, Math.floor(leaseMs / 2));
  const batchSize = options.batchSize ?? 10;
  const handBackAfterMs = options.handBackAfterMs ?? 1_000;
  const pollIntervalMs = options.pollIntervalMs ?? 5_000;
  if (deliveryTimeoutMs >= leaseMs) throw new Error("The delivery timeout must be shorter than the lease");

  function settled(kept: boolean, id: string): void {
    if (!kept) logger.warn("mail.claim-lost", { id, reason: "the lease ran out before the delivery ended; raise leaseMs" });
  }

  let stopped = false;
  // Aborts when stop() hands the deliveries under way back.
  let handBack = new AbortController();
  const roundsUnderWay = new Set<Promise<unknown>>();

  /** Settles as `handBack` aborts; the transport may ignore its signal (a connection that hangs). */
  function handedBack(signal: AbortSignal): { readonly promise: Promise<"handed-back">; dispose(): void } {
    let listener = () => {};
    const promise = new Promise<"handed-back">((resolve) => {
      listener = () => resolve("handed-back");
      if (signal.aborted) listener();
      else signal.addEventListener("abort", listener, { once: true });
    });
    return { promise, dispose: () => signal.removeEventListener("abort", listener) };
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
        ...mail.headers,
        "Message-ID": `<${mail.id}@${options.messageIdDomain}>`,
        "Auto-Submitted": "auto-generated",
      },
    };
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(new Error(`Delivery took longer than ${deliveryTimeoutMs} ms`)), deliveryTimeoutMs);
    const stopping = handedBack(handBack.signal);
    let ended: "delivered" | "handed-back";
    try {
      const delivering = transport.deliver(outgoing, controller.signal);
      // A delivery handed back may still fail later: nobody waits for it then.
      delivering.catch(() => {});
      ended = await Promise.race([delivering.then(() => "delivered" as const), stopping.promise]);
    } catch (error) {
      const failure = asAttemptFailure(error);
      const at = now();
      const decision = decideRetry(policy, failure, mail.attempts - 1, at - mail.createdAt, random());
      const reason = failure.message ?? String(error);
      if (decision.kind === "retry") {
        const next = at + decision.delayMs;
        settled(await store.settle(mail.id, token, { status: "pending", nextAttemptAt: next, error: reason }), mail.id);
        logger.warn("mail.retry", { id: mail.id, attempts: mail.attempts, nextAttemptAt: new Date(next).toISOString(), error: reason });
        return "retrying";
      }
      settled(await store.settle(mail.id, token, { status: "failed", error: reason }), mail.id);
      logger.error("mail.failed", { id: mail.id, attempts: mail.attempts, outcome: decision.kind, error: reason });
      return "failed";
    } finally {
      clearTimeout(timer);
      stopping.dispose();
    }
    if (ended === "handed-back") {
      controller.abort(new Error("The delivery loop stopped"));
      settled(await store.settle(mail.id, token, { status: "pending", nextAttemptAt: now(), error: "handed back: its sender stopped" }), mail.id);
      logger.info("mail.handed-back", { id: mail.id, attempts: mail.attempts });
      return "retrying";
    }
    settled(await store.settle(mail.id, token, { status: "sent", at: now() }), mail.id);
    return "sent";
  }

  async function deliverRound(): Promise<DeliveryRound> {
    const round = { sent: 0, retrying: 0, failed: 0 };
    const handled: string[] = [];
    while (!stopped) {
      const at = now();
      const { token, mails } = await store.claim({ now: at, leaseUntil: at + leaseMs, limit: batchSize, except: handled });
      if (mails.length === 0) return round;
      handled.push(...mails.map((mail) => mail.id));
      for (const outcome of await Promise.all(mails.map((mail) => deliverOne(mail, token)))) round[outcome] += 1;
    }
    return round;
  }

  function deliverDue(): Promise<DeliveryRound> {
    const round = deliverRound();
    const tracked = round.catch(() => {}).finally(() => roundsUnderWay.delete(tracked));
    roundsUnderWay.add(tracked);
    return round;
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
      stopped = false;
      handBack = new AbortController();
      timer = setInterval(wake, pollIntervalMs);
      timer.unref();
      wake();
    },
    wake,
    async stop() {
      clearInterval(timer);
      timer = undefined;
      stopped = true;
      const handingBack = setTimeout(() => handBack.abort(), handBackAfterMs);
      await Promise.all([running, ...roundsUnderWay]);
      clearTimeout(handingBack);
    },
  };
}
