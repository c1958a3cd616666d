/** SPEC §2: the top loading bar's values. */
export const LOADING_BAR = {
  heightPx: 3,
  /** A navigation shorter than this never shows the bar. */
  throttleMs: 200,
  /** The time scale of the estimated progress: at `durationMs` the bar is about 70 % full. */
  durationMs: 2000,
  hideDelayMs: 500,
  resetDelayMs: 400,
  tickMs: 100,
} as const;

/** Estimated progress after `elapsedMs`: rises toward 100 without reaching it before the end. */
export function estimatedProgress(elapsedMs: number, durationMs: number = LOADING_BAR.durationMs): number {
  if (elapsedMs <= 0) return 0;
  const progress = (200 / Math.PI) * Math.atan((2 * elapsedMs) / durationMs);
  return Math.min(99, progress);
}
