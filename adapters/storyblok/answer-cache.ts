/**
 * The content adapter's answers by key, kept as the values they settled to, never as the promises
 * that loaded them: on Node 20, a promise made during a render carries the render's async context
 * (Vike runs each one in an AsyncLocalStorage whose store is the page context), so a cached
 * promise kept a whole page context alive, one per distinct URL asked for. Answers that were
 * found and answers that were not (null: no such page) are kept apart, each in its own
 * least-recently-used map: a visitor asking for thousands of pages that do not exist evicts only
 * other misses, never the content everybody reads. A load in flight is shared by whoever asks
 * meanwhile, and forgotten once it settles; a failure is not kept.
 */
export interface AnswerCache {
  answer<T>(key: string, load: () => Promise<T>): Promise<T>;
  /** How many answers are kept now, found and missing. */
  readonly size: { readonly found: number; readonly missing: number };
  clear(): void;
}

export interface AnswerCacheLimits {
  /** Found answers kept at most: more than a site's stories in every locale, so none is evicted in use. */
  readonly found: number;
  /** Misses kept at most, so that a dead link asked for again costs no request. */
  readonly missing: number;
}

export function createAnswerCache(limits: AnswerCacheLimits): AnswerCache {
  const found = leastRecentlyUsed<unknown>(limits.found);
  const missing = leastRecentlyUsed<null>(limits.missing);
  const loading = new Map<string, Promise<unknown>>();

  return {
    answer<T>(key: string, load: () => Promise<T>): Promise<T> {
      if (found.has(key)) return Promise.resolve(found.get(key) as T);
      if (missing.has(key)) return Promise.resolve(missing.get(key) as T);
      const inFlight = loading.get(key);
      if (inFlight) return inFlight as Promise<T>;
      const loaded = load();
      loading.set(key, loaded);
      const settled = () => {
        // Not when the cache was cleared meanwhile: the answer may be of the content before.
        if (loading.get(key) !== loaded) return false;
        loading.delete(key);
        return true;
      };
      loaded.then(
        (value) => {
          if (!settled()) return;
          if (value === null) missing.set(key, null);
          else found.set(key, value);
        },
        settled,
      );
      return loaded;
    },
    get size() {
      return { found: found.size, missing: missing.size };
    },
    clear() {
      found.clear();
      missing.clear();
      loading.clear();
    },
  };
}

/** A map of at most `limit` entries; the least recently read or written goes first. */
function leastRecentlyUsed<V>(limit: number) {
  const entries = new Map<string, V>();
  return {
    has: (key: string) => entries.has(key),
    get(key: string): V | undefined {
      const value = entries.get(key) as V;
      entries.delete(key);
      entries.set(key, value);
      return value;
    },
    set(key: string, value: V): void {
      entries.delete(key);
      entries.set(key, value);
      if (entries.size > limit) entries.delete(entries.keys().next().value as string);
    },
    clear: () => entries.clear(),
    get size() {
      return entries.size;
    },
  };
}
