/** How many attempts under one key failed in a row, and when the last one did. */
export interface FailureCount {
  readonly failures: number;
  /** Milliseconds since the epoch; null when nothing failed. */
  readonly lastFailureAt: number | null;
}

export interface FailureCounterRule {
  /** A key whose last failure is this old counts as none. */
  readonly forgetAfterMs: number;
}

/** Failed attempts (sign-ins, the editor's password) counted under a key: what a backoff is computed from. */
export interface FailureCounter {
  read(key: string): Promise<FailureCount>;
  /**
   * One more failure under `key`, now; answers the new count. On a shared store, failures under one
   * key too many at the same moment reject with FailureCountersBusyError, counting nothing.
   */
  fail(key: string): Promise<FailureCount>;
  /** A success: the key's failures no longer count. */
  forget(key: string): Promise<void>;
}

/**
 * Where failure counts are kept. As with RateLimiters, the server's processes (and, on Firebase,
 * its instances) must count together, or each would allow the free failures again. Each counter
 * is named: names keep counts apart.
 */
export interface FailureCounters {
  counter(name: string, rule: FailureCounterRule): FailureCounter;
}
