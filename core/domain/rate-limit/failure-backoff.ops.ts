import type { FailureCount } from "../../ports/failure-counters.port";

/** How failures in a row slow the next attempt: a few free, then a delay that doubles up to a cap. */
export interface BackoffSchedule {
  readonly freeFailures: number;
  readonly firstDelayMs: number;
  readonly maxDelayMs: number;
}

/**
 * The wait after `failures` failures in a row: none before the free ones are used up, then the
 * first delay, doubling with every further failure up to the cap.
 */
export function backoffDelayMs(failures: number, { freeFailures, firstDelayMs, maxDelayMs }: BackoffSchedule): number {
  const beyond = failures - freeFailures;
  if (beyond < 0) return 0;
  // 2^k overflows to Infinity long after it passed any cap: min() keeps it finite.
  return Math.min(maxDelayMs, firstDelayMs * 2 ** beyond);
}

/** Milliseconds until the next attempt under `count` may be checked; 0 when it may be now. */
export function backoffRemainingMs(count: FailureCount, schedule: BackoffSchedule, now: number): number {
  if (count.lastFailureAt === null) return 0;
  const delay = backoffDelayMs(count.failures, schedule);
  // Never more than the delay itself, even for a failure stamped ahead of this clock (another process's).
  return Math.min(delay, Math.max(0, count.lastFailureAt + delay - now));
}

/** Whole seconds for Retry-After: at least 1. */
export function retryAfterSecondsOf(remainingMs: number): number {
  return Math.max(1, Math.ceil(remainingMs / 1000));
}

export interface SignInBackoffPolicy {
  /** Failures of one account from one client address. */
  readonly perAccountAndAddress: BackoffSchedule;
  /** Past this many recent failures of one account from anywhere, the account is under attack... */
  readonly accountUnderAttackAfter: number;
  /** ...and every address gets only this many free failures before its own backoff starts (at least 1). */
  readonly freeFailuresUnderAttack: number;
}

/**
 * The sign-in backoff (issue 48 item 3). Failures are counted per account *and* address: an
 * address waits for its own failures on the account, never for other addresses'. An account under
 * attack from many addresses shrinks every address's free failures, so that a guess spread over
 * addresses gets few tries per address; but an address with no failure of its own on the account
 * is always let through to the password check, so the owner's right password from a new address
 * is never refused.
 */
export function signInBackoffRemainingMs(
  counts: { readonly accountAndAddress: FailureCount; readonly account: FailureCount },
  policy: SignInBackoffPolicy,
  now: number,
): number {
  const underAttack = counts.account.failures >= policy.accountUnderAttackAfter;
  const schedule = underAttack
    ? { ...policy.perAccountAndAddress, freeFailures: Math.max(1, Math.min(policy.freeFailuresUnderAttack, policy.perAccountAndAddress.freeFailures)) }
    : policy.perAccountAndAddress;
  return backoffRemainingMs(counts.accountAndAddress, schedule, now);
}

const SECOND = 1000;
const MINUTE = 60 * SECOND;

/**
 * Five failures per account and address, then a wait of 1 s doubling up to 15 min; an account with
 * 20 failures from anywhere in the last hour makes every address wait from its first failure.
 */
export const SIGN_IN_BACKOFF: SignInBackoffPolicy = {
  perAccountAndAddress: { freeFailures: 5, firstDelayMs: SECOND, maxDelayMs: 15 * MINUTE },
  accountUnderAttackAfter: 20,
  freeFailuresUnderAttack: 1,
};

/** How long the sign-in's counts are kept after their last failure. */
export const SIGN_IN_FAILURES_KEPT_MS = { accountAndAddress: 24 * 60 * MINUTE, account: 60 * MINUTE } as const;

/**
 * The embedded editor has one password, so one account: its failures count from every address
 * together (a guess spread over addresses meets it): ten failures, then 1 s doubling up to 15 min.
 */
export const EDITOR_SIGN_IN_BACKOFF: BackoffSchedule = { freeFailures: 10, firstDelayMs: SECOND, maxDelayMs: 15 * MINUTE };
export const EDITOR_FAILURES_KEPT_MS = 24 * 60 * MINUTE;
