import type { RateLimiters } from "../../ports/rate-limiters.port";

export interface RateDecision {
  readonly allowed: boolean;
  /** Requests left in the current window. */
  readonly remaining: number;
  /** Whole seconds until the window resets (for Retry-After). */
  readonly retryAfterSeconds: number;
}

/** Asynchronous: where the counts are shared, a take is a round trip to where they are kept. */
export interface RateLimiter {
  readonly limit: number;
  take(key: string): Promise<RateDecision>;
  /** How many keys the limiter holds now. */
  trackedKeys(): Promise<number>;
}

export interface RateLimiterOptions {
  /** Requests allowed per key and window. */
  readonly limit: number;
  readonly windowMs?: number;
  /** Milliseconds since the epoch. */
  readonly now?: () => number;
}

/**
 * A fixed-window counter per key (an access token, a client address, an account). Keys whose
 * window has passed are dropped when a new window begins, so memory holds one window's keys.
 */
export function createFixedWindowRateLimiter({ limit, windowMs = 1000, now = Date.now }: RateLimiterOptions): RateLimiter {
  const windows = new Map<string, { start: number; count: number }>();
  let currentStart = Number.NEGATIVE_INFINITY;
  return {
    limit,
    take(key) {
      const time = now();
      const start = time - (time % windowMs);
      if (start !== currentStart) {
        currentStart = start;
        for (const [known, window] of windows) if (window.start !== start) windows.delete(known);
      }
      let window = windows.get(key);
      if (!window || window.start !== start) {
        window = { start, count: 0 };
        windows.set(key, window);
      }
      const retryAfterSeconds = Math.max(1, Math.ceil((start + windowMs - time) / 1000));
      if (window.count >= limit) return Promise.resolve({ allowed: false, remaining: 0, retryAfterSeconds });
      window.count += 1;
      return Promise.resolve({ allowed: true, remaining: limit - window.count, retryAfterSeconds });
    },
    trackedKeys: () => Promise.resolve(windows.size),
  };
}

/** Limiters that count in this process's memory: right for a single server process. */
export function inProcessRateLimiters(now: () => number = Date.now): RateLimiters {
  return { limiter: (_name, rule) => createFixedWindowRateLimiter({ ...rule, now }) };
}
