import { Hono } from "hono";
import type { Logger } from "../../../core";

/** One thing the server needs to answer requests: a store, the content source. */
export interface ReadinessCheck {
  readonly name: string;
  /** Resolves when it answers; any rejection is not ready. */
  check(): Promise<unknown>;
}

export interface ReadyRouteOptions {
  readonly checks: readonly ReadinessCheck[];
  /** False once the server is stopping (SIGTERM): not ready, whatever the checks say. */
  readonly serving: () => boolean;
  readonly logger: Logger;
  /** How long a check may take before it counts as not ready. */
  readonly timeoutMs?: number;
}

/** Under a balancer's or Cloud Run's probe timeout. */
export const READY_CHECK_MS = 2_000;

type Outcome = "ok" | "failed" | "timed-out";

const NO_STORE = { "Cache-Control": "no-store" };

/**
 * Readiness for the balancer (`/api/health` stays liveness): 200 when every check answered within
 * its time, 503 otherwise and from SIGTERM on, with each check's outcome. Probes that arrive while
 * a round of checks is under way share it, so a hanging store gets one probe's worth of calls.
 */
export function readyRoute({ checks, serving, logger, timeoutMs = READY_CHECK_MS }: ReadyRouteOptions): Hono {
  let round: Promise<Record<string, Outcome>> | undefined;

  async function outcomeOf(check: ReadinessCheck): Promise<Outcome> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timedOut = new Promise<"timed-out">((resolve) => (timer = setTimeout(resolve, timeoutMs, "timed-out")));
    try {
      const outcome = await Promise.race([check.check().then(() => "ok" as const), timedOut]);
      if (outcome === "timed-out") logger.warn("ready.check-timed-out", { check: check.name, timeoutMs });
      return outcome;
    } catch (error) {
      logger.warn("ready.check-failed", { check: check.name, error: String(error) });
      return "failed";
    } finally {
      clearTimeout(timer);
    }
  }

  const checked = () =>
    (round ??= Promise.all(checks.map(async (check) => [check.name, await outcomeOf(check)] as const))
      .then((outcomes) => Object.fromEntries(outcomes))
      .finally(() => (round = undefined)));

  return new Hono().get("/", async (c) => {
    if (!serving()) return c.json({ status: "stopping" }, 503, NO_STORE);
    const outcomes = await checked();
    const ready = Object.values(outcomes).every((outcome) => outcome === "ok");
    return c.json({ status: ready ? "ready" : "not-ready", checks: outcomes }, ready ? 200 : 503, NO_STORE);
  });
}
