/**
 * Runs tasks at most `limit` at a time, the rest in the order asked for: SPEC §9 has a page's
 * components load at most 4 at once, so that a page of many blocks does not open a request for
 * each at the same moment, ahead of its pictures and its data.
 */
export function loadQueue(limit: number): <T>(task: () => Promise<T>) => Promise<T> {
  let running = 0;
  const waiting: (() => void)[] = [];
  const next = () => {
    running--;
    waiting.shift()?.();
  };
  return async (task) => {
    if (running >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    running++;
    return task().finally(next);
  };
}
