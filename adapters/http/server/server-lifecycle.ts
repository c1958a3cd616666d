import type { Logger } from "../../../core";

/** What the lifecycle needs of the HTTP server (srvx's): stop listening, and wait for what is under way. */
export interface ClosableServer {
  /** Stops taking connections; resolves once those open have ended. `true`: ends them now. */
  close(closeAll?: boolean): Promise<void>;
}

export interface ServerLifecycleOptions {
  /** How long requests under way may take to finish once stopping (SHUTDOWN_DRAIN_MS). */
  readonly drainMs: number;
  /**
   * How long a stopping server still takes new connections, answering them while readiness says
   * 503, before it stops listening (SHUTDOWN_GRACE_MS; 0 on Cloud Run, which sends none after
   * SIGTERM): a balancer that probes readiness moves on meanwhile, instead of meeting a closed port.
   */
  readonly graceMs?: number;
  readonly logger: Logger;
  /** Stops the background work and hands its leases back (the mail delivery loop, periodic tasks). */
  readonly stopWork: () => Promise<unknown>;
  /** Ends the process; process.exit outside tests. */
  readonly exit?: (code: number) => void;
}

export interface ServerLifecycle {
  /** True until the server starts stopping; readiness answers 503 from then on. */
  serving(): boolean;
  /** Stops `server` on SIGTERM or SIGINT (see `stop`). */
  stopOnSignals(server: ClosableServer): void;
  /**
   * Not ready from now on; no new connections (after `graceMs`); requests under way finish (each answer closes its
   * connection), for `drainMs` at most, then the rest are cut; background work stops meanwhile;
   * the process exits 0.
   */
  stop(server: ClosableServer, reason: string): Promise<void>;
}

export function createServerLifecycle({ drainMs, graceMs = 0, logger, stopWork, exit = (code) => process.exit(code) }: ServerLifecycleOptions): ServerLifecycle {
  let stopping: Promise<void> | undefined;

  async function drain(server: ClosableServer, reason: string): Promise<void> {
    logger.info("server.stopping", { reason, graceMs, drainMs });
    if (graceMs > 0) await new Promise((resolve) => setTimeout(resolve, graceMs));
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timedOut = new Promise<false>((resolve) => (timer = setTimeout(resolve, drainMs, false)));
    const work = stopWork().catch((error: unknown) => logger.error("server.stop-work-failed", { error: String(error) }));
    const drained = await Promise.race([server.close().then(() => true as const), timedOut]);
    if (!drained) {
      logger.warn("server.drain-timed-out", { drainMs });
      await server.close(true).catch(() => {});
    }
    await Promise.race([work, timedOut]);
    clearTimeout(timer);
    logger.info("server.stopped", { drained });
    exit(0);
  }

  const lifecycle: ServerLifecycle = {
    serving: () => stopping === undefined,
    stop: (server, reason) => (stopping ??= drain(server, reason)),
    stopOnSignals(server) {
      for (const signal of ["SIGTERM", "SIGINT"] as const) process.on(signal, () => void lifecycle.stop(server, signal));
    },
  };
  return lifecycle;
}
