import { createHash } from "node:crypto";

/** How long a session found unrevoked at Firebase is taken as such on this instance. */
export const REVOCATION_CHECK_INTERVAL_MS = 5_000;
/** Sessions remembered at most (the oldest checks go first): a bound on memory, not on correctness. */
const MAX_REMEMBERED = 10_000;

/**
 * When each session credential was last found unrevoked at Firebase, on this instance: a
 * credential used again within the interval is not looked up again, so a user's revocation at
 * Firebase (a sign-out on any instance) ends it here within the interval, and at once where this
 * instance itself revoked it. Keyed by the credential's digest: no live cookie is kept in memory.
 */
export interface RecentRevocationChecks {
  /** Whether the credential was found unrevoked less than the interval ago. */
  fresh(credential: string): boolean;
  passed(credential: string, uid: string): void;
  forget(credential: string): void;
  /** The user's sessions were revoked here: each is looked up again at its next use. */
  forgetUser(uid: string): void;
}

export function createRecentRevocationChecks({ intervalMs = REVOCATION_CHECK_INTERVAL_MS, now }: { readonly intervalMs?: number; readonly now: () => number }): RecentRevocationChecks {
  const checks = new Map<string, { readonly uid: string; readonly at: number }>();
  const keyOf = (credential: string) => createHash("sha256").update(credential).digest("base64url");
  return {
    fresh(credential) {
      const check = checks.get(keyOf(credential));
      return check !== undefined && now() - check.at < intervalMs;
    },
    passed(credential, uid) {
      const key = keyOf(credential);
      // Re-inserted, so that the map's order stays the order of the checks: the oldest is first.
      checks.delete(key);
      checks.set(key, { uid, at: now() });
      if (checks.size > MAX_REMEMBERED) checks.delete(checks.keys().next().value as string);
    },
    forget(credential) {
      checks.delete(keyOf(credential));
    },
    forgetUser(uid) {
      for (const [key, check] of checks) if (check.uid === uid) checks.delete(key);
    },
  };
}
