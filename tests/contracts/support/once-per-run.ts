/** Something a global setup started, and how to stop it. */
export interface Started<T> {
  readonly value: T;
  readonly stop: () => Promise<void>;
}

interface Shared {
  readonly started: Promise<Started<unknown>>;
  users: number;
}

// On globalThis: vitest loads each project's global setup files through that project's own module
// runner, so a module-level map would be one per project, not one per run.
const SHARED = Symbol.for("arena.tests.once-per-run");
const registry = ((globalThis as { [SHARED]?: Map<string, Shared> })[SHARED] ??= new Map());

/**
 * Starts `key` once per vitest run, however many projects' global setups ask for it (the `firebase`
 * and `cluster` projects share the emulators), and gives each caller its release: the last release
 * stops it. A start that fails fails every caller, and the next asks again.
 */
export async function oncePerRun<T>(key: string, start: () => Promise<Started<T>>): Promise<{ readonly value: T; readonly release: () => Promise<void> }> {
  let shared = registry.get(key);
  if (!shared) {
    shared = { started: start(), users: 0 };
    registry.set(key, shared);
  }
  const entry = shared;
  entry.users += 1;
  let started: Started<unknown>;
  try {
    started = await entry.started;
  } catch (error) {
    if (registry.get(key) === entry) registry.delete(key);
    throw error;
  }
  let released = false;
  return {
    value: started.value as T,
    release: async () => {
      if (released) return;
      released = true;
      entry.users -= 1;
      if (entry.users > 0) return;
      registry.delete(key);
      await started.stop();
    },
  };
}
