/**
 * Real time moved back to the start of the current window, for servers whose rate limits count per
 * fixed wall-clock window: a test's few requests then all meet in one window, where at real time
 * those that straddled a window's end saw the count start again.
 */
export function clockAtAWindowsStart(windowMs = 60_000): () => number {
  const shift = Date.now() % windowMs;
  return () => Date.now() - shift;
}
