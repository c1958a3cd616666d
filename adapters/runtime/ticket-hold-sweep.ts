import type { Logger, TicketStorePort } from "../../core";
import { createPeriodicTask, type PeriodicTask } from "./periodic-task";

export interface TicketHoldSweepOptions {
  readonly store: TicketStorePort;
  readonly logger: Logger;
  /** How long a hold is kept after its expiry (an hour): a payment that comes late still finds it, to be refunded. */
  readonly keepMs?: number;
  /** How often the sweep runs (every 10 minutes). */
  readonly everyMs?: number;
  readonly now?: () => number;
}

export interface TicketHoldSweep extends PeriodicTask {
  /** Deletes what has been over for `keepMs`; answers how many holds went. */
  sweep(): Promise<number>;
}

export const TICKET_HOLD_SWEEP = { keepMs: 60 * 60_000, everyMs: 10 * 60_000 } as const;

/**
 * Holds that ran out or were let go keep nothing aside, but their rows would stay for ever: a
 * buyer who holds again and again (or a script) would grow the store without bound. Every server
 * process sweeps; the deletes are idempotent, so several sweeping at once only repeat each other.
 */
export function createTicketHoldSweep(options: TicketHoldSweepOptions): TicketHoldSweep {
  const { store, logger } = options;
  const keepMs = options.keepMs ?? TICKET_HOLD_SWEEP.keepMs;
  const everyMs = options.everyMs ?? TICKET_HOLD_SWEEP.everyMs;
  const now = options.now ?? Date.now;
  const sweep = () => store.sweepHolds(new Date(now() - keepMs).toISOString());
  const task = createPeriodicTask(
    async () => {
      const swept = await sweep();
      if (swept > 0) logger.info("tickets.holds-swept", { swept });
    },
    { everyMs, logger, failedEvent: "tickets.hold-sweep-failed" },
  );
  return { sweep, ...task };
}
