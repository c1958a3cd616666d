import type { RateLimiter } from "../domain/rate-limit/fixed-window-limiter.ops";

export interface RateLimitRule {
  /** Requests allowed per key and window. */
  readonly limit: number;
  /** The window's length; one second unless said. */
  readonly windowMs?: number;
}

/**
 * Where fixed-window counts are kept. One process's memory is enough for one process; when several
 * server processes (or, on Firebase, instances) answer the same site, they must count together, or
 * each would allow the limit again (a brute force spread over the workers). Each limiter is named:
 * names keep counts apart.
 */
export interface RateLimiters {
  limiter(name: string, rule: RateLimitRule): RateLimiter;
}
