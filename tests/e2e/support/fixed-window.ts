/**
 * Waits until at least `roomMs` remain in the current fixed wall-clock window. A server of the
 * suite's own counts rate limits in such windows (aligned to the epoch, on the same machine's
 * clock) and takes no test clock, so a test that counts its requests against a limit starts
 * where they all meet in one window; straddling a window's end starts the count again.
 */
export async function untilWindowHasRoom(roomMs: number, windowMs = 60_000): Promise<void> {
  const remaining = windowMs - (Date.now() % windowMs);
  if (remaining < roomMs) await new Promise((resolve) => setTimeout(resolve, remaining + 50));
}
