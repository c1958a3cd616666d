/**
 * Pages start rendering in the order their requests arrived. Node reads a request and runs its
 * handler in the same turn of the event loop, and an uncached page is milliseconds of JavaScript:
 * under load, the connections that the loop happened to read first were served again and again
 * while others waited for seconds (a p99 of 1.8 s where the median was 0.35 s, on a bare Node
 * server too). Here a request only takes its place in the line when it is read, and one render
 * starts per turn of the loop, first come first served, so the loop reads every waiting request
 * between two of them. A render that waits for the network (Storyblok's CDN, Firebase) holds no
 * place: the line only orders when renders start. A request whose client has gone by its turn
 * (a timeout, a closed tab) is not rendered: under a storm of misses, rendering for nobody would
 * make everyone behind wait longer, until their clients give up too.
 */
/**
 * The status of a request not rendered because its client had gone by its turn (nginx's "client
 * closed request"): nobody reads it, but the request log counts it.
 */
export const CLIENT_CLOSED_REQUEST = 499;

export interface RenderQueue {
  /**
   * Resolves in the request's turn: after every turn asked for before it. Rejects with the
   * signal's reason instead when `signal` has aborted by then.
   */
  turn(signal?: AbortSignal): Promise<void>;
}

export function createRenderQueue(): RenderQueue {
  const waiting: (() => void)[] = [];
  let scheduled = false;

  function startOnNextTurn(): void {
    if (scheduled || waiting.length === 0) return;
    scheduled = true;
    setImmediate(() => {
      scheduled = false;
      waiting.shift()?.();
      startOnNextTurn();
    });
  }

  return {
    async turn(signal) {
      await new Promise<void>((start) => {
        waiting.push(start);
        startOnNextTurn();
      });
      signal?.throwIfAborted();
    },
  };
}
