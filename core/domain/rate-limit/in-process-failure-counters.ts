import type { FailureCount, FailureCounters } from "../../ports/failure-counters.port";

const NONE: FailureCount = { failures: 0, lastFailureAt: null };

/** Failure counts in this process's memory: right for a single server process (and tests). */
export function inProcessFailureCounters(now: () => number = Date.now): FailureCounters {
  return {
    counter(_name, { forgetAfterMs }) {
      const counts = new Map<string, { failures: number; lastFailureAt: number }>();
      const live = (key: string): FailureCount => {
        const count = counts.get(key);
        if (!count) return NONE;
        if (count.lastFailureAt + forgetAfterMs <= now()) {
          counts.delete(key);
          return NONE;
        }
        return count;
      };
      return {
        read: (key) => Promise.resolve(live(key)),
        fail(key) {
          // Keys of past attacks are dropped now and then, so that many distinct keys do not pile up.
          if (counts.size >= 10_000) for (const known of [...counts.keys()]) live(known);
          const count = { failures: live(key).failures + 1, lastFailureAt: now() };
          counts.set(key, count);
          return Promise.resolve(count);
        },
        forget(key) {
          counts.delete(key);
          return Promise.resolve();
        },
      };
    },
  };
}
