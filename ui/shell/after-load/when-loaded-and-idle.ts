/** What `whenLoadedAndIdle` uses of the browser's window (a fake one in unit tests). */
export interface LoadingWindow {
  readonly document: { readonly readyState: DocumentReadyState };
  addEventListener(type: "load", listener: () => void, options: { once: true }): void;
  removeEventListener(type: "load", listener: () => void): void;
  requestIdleCallback?: (callback: () => void, options: { timeout: number }) => number;
  cancelIdleCallback?: (handle: number) => void;
  setTimeout(callback: () => void, delayMs: number): number;
  clearTimeout(handle: number): void;
}

/** An idle moment is not waited for longer than this: a busy page still gets the work done. */
export const IDLE_TIMEOUT_MS = 1_000;

/**
 * Runs `work` once the page has loaded (its pictures included) and the main thread is idle, so that
 * code nobody is waiting for takes neither bandwidth nor main thread from the page's own. Returns a
 * cancel, for an effect's clean-up.
 */
export function whenLoadedAndIdle(work: () => void, win: LoadingWindow = window): () => void {
  let idleHandle: number | undefined;
  let timeoutHandle: number | undefined;
  const whenIdle = () => {
    if (win.requestIdleCallback) idleHandle = win.requestIdleCallback(work, { timeout: IDLE_TIMEOUT_MS });
    else timeoutHandle = win.setTimeout(work, 1);
  };
  if (win.document.readyState === "complete") whenIdle();
  else win.addEventListener("load", whenIdle, { once: true });
  return () => {
    win.removeEventListener("load", whenIdle);
    if (idleHandle !== undefined) win.cancelIdleCallback?.(idleHandle);
    if (timeoutHandle !== undefined) win.clearTimeout(timeoutHandle);
  };
}
