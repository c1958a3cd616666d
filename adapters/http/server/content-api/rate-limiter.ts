export interface RateDecision {
  readonly allowed: boolean;
  /** Requests left in the current window. */
  readonly remaining: number;
  /** Whole seconds until the window resets (for Retry-After). */
  readonly retryAfterSeconds: number;
}

export interface RateLimiter {
  readonly limit: number;
  take(key: string): RateDecision;
}

export interface RateLimiterOptions {
  /** Requests allowed per key and window. */
  readonly limit: number;
  readonly windowMs?: number;
  /** Milliseconds since the epoch. */
  readonly now?: () => number;
}

/**
 * A fixed-window counter per key (one key per access token). Only keys of known tokens are
 * counted, so the map stays as small as the set of tokens.
 */
export function createFixedWindowRateLimiter({ limit, windowMs = 1000, now = Date.now }: RateLimiterOptions): RateLimiter {
  const windows = new Map<string, { start: number; count: number }>();
  return {
    limit,
    take(key) {
      const time = now();
      const start = time - (time % windowMs);
      let window = windows.get(key);
      if (!window || window.start !== start) {
        window = { start, count: 0 };
        windows.set(key, window);
      }
      const retryAfterSeconds = Math.max(1, Math.ceil((start + windowMs - time) / 1000));
      if (window.count >= limit) return { allowed: false, remaining: 0, retryAfterSeconds };
      window.count += 1;
      return { allowed: true, remaining: limit - window.count, retryAfterSeconds };
    },
  };
}
