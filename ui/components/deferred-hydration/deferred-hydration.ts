import { lazy, type ComponentType } from "react";

/**
 * A component the server renders at once and the browser hydrates once its code has arrived (it
 * must sit under a <Suspense> boundary): for parts below the fold or shown on few pages, so that
 * they are not among the scripts every page waits for. Until then React keeps the server's HTML,
 * and replays a click on it. `load` must be a dynamic import, or the code stays in the caller's chunk.
 */
export async function deferredHydration<P extends object>(load: () => Promise<ComponentType<P>>): Promise<ComponentType<P>> {
  if (import.meta.env.SSR) return load();
  return lazy(async () => ({ default: await load() }));
}
