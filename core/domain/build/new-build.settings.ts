/** SPEC §2/§9: the new-build check. */
export const NEW_BUILD_CHECK = {
  /** The first check waits for the page to settle. */
  firstCheckDelayMs: 1_000,
  /** Then the latest-build file is polled on this interval. */
  intervalMs: 5 * 60_000,
  /** Two reloads for a chunk failure are at least this far apart, so a broken deploy cannot loop. */
  reloadGuardMs: 10_000,
} as const;

/** Connections too slow to spend a request on polling (Network Information API's effectiveType). */
export function isVerySlowConnection(effectiveType: string | undefined, saveData: boolean | undefined): boolean {
  return saveData === true || effectiveType === "slow-2g" || effectiveType === "2g";
}

/** Whether a reload may happen now, given when the last one for a chunk failure happened. */
export function mayReload(lastReloadAt: number | undefined, now: number, guardMs: number = NEW_BUILD_CHECK.reloadGuardMs): boolean {
  return lastReloadAt === undefined || now - lastReloadAt >= guardMs;
}

/** Dynamic-import failures as browsers word them (Chromium, Firefox, Safari) and Vite's preload error. */
export function isChunkLoadError(message: string): boolean {
  return /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS|ChunkLoadError/i.test(
    message,
  );
}
