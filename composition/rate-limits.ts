import { createSqliteFailureCounters } from "../adapters/embedded/rate-limit/sqlite-failure-counters.adapter";
import { createSqliteRateLimiters, openRateLimitsDatabase } from "../adapters/embedded/rate-limit/sqlite-rate-limiters.adapter";
import type { FailureCounters, RateLimiters } from "../core";
import type { AppConfig } from "./config";

export interface RateLimitsWiring {
  /** Counted with every server process and, on Firebase, every instance. */
  readonly rateLimiters: RateLimiters;
  readonly failureCounters: FailureCounters;
  /**
   * Counted with this instance's processes only: for limits that guard the instance's own work,
   * many requests a second under one key, which one shared document could not take (Firestore
   * sustains about one write a second on a document).
   */
  readonly instanceRateLimiters: RateLimiters;
}

/**
 * The rate limits and failure counts: in Firestore with FIREBASE_PROJECT_ID (the stack meant for
 * several instances), otherwise in their own SQLite file in DATA_DIR, which the server processes
 * on it share (scripts/serve.mjs runs several).
 */
export function wireRateLimits(config: AppConfig): RateLimitsWiring {
  const db = openRateLimitsDatabase(config.dataDir);
  const instanceRateLimiters = createSqliteRateLimiters(db);
  if (config.identity.provider === "firebase") return { ...firebaseRateLimits(config.identity.projectId), instanceRateLimiters };
  return { rateLimiters: instanceRateLimiters, failureCounters: createSqliteFailureCounters(db), instanceRateLimiters };
}

function firebaseRateLimits(projectId: string): Pick<RateLimitsWiring, "rateLimiters" | "failureCounters"> {
  // firebase-admin is loaded only by a server that uses it (≈ 0.5 s and 40 MB).
  const loaded = import("./firebase-rate-limits").then((module) => module.firebaseRateLimits(projectId));
  return {
    rateLimiters: {
      limiter(name, rule) {
        const limiter = loaded.then(({ rateLimiters }) => rateLimiters.limiter(name, rule));
        return { limit: rule.limit, take: async (key) => (await limiter).take(key), trackedKeys: async () => (await limiter).trackedKeys() };
      },
    },
    failureCounters: {
      counter(name, rule) {
        const counter = loaded.then(({ failureCounters }) => failureCounters.counter(name, rule));
        return { read: async (key) => (await counter).read(key), fail: async (key) => (await counter).fail(key), forget: async (key) => (await counter).forget(key) };
      },
    },
  };
}
