import { describe, expect, it, vi } from "vitest";
import { IDLE_TIMEOUT_MS, whenLoadedAndIdle, type LoadingWindow } from "../../../../../ui/shell/after-load/when-loaded-and-idle";

/** A window whose load event, idle moments and timers the test fires by hand. */
function fakeWindow(readyState: DocumentReadyState, { idleCallbacks = true } = {}) {
  const loadListeners = new Set<() => void>();
  const pending = new Map<number, () => void>();
  const idleTimeouts: number[] = [];
  let nextHandle = 1;
  const schedule = (callback: () => void) => {
    const handle = nextHandle++;
    pending.set(handle, callback);
    return handle;
  };
  const win: LoadingWindow = {
    document: { readyState },
    addEventListener: (_type, listener) => void loadListeners.add(listener),
    removeEventListener: (_type, listener) => void loadListeners.delete(listener),
    ...(idleCallbacks
      ? {
          requestIdleCallback: (callback: () => void, options: { timeout: number }) => {
            idleTimeouts.push(options.timeout);
            return schedule(callback);
          },
          cancelIdleCallback: (handle: number) => void pending.delete(handle),
        }
      : {}),
    setTimeout: (callback) => schedule(callback),
    clearTimeout: (handle) => void pending.delete(handle),
  };
  return {
    win,
    idleTimeouts,
    pendingCount: () => pending.size,
    load: () => [...loadListeners].forEach((listener) => listener()),
    /** Runs what was scheduled (an idle moment, or a timer's end). */
    settle: () => {
      const due = [...pending.values()];
      pending.clear();
      for (const callback of due) callback();
    },
  };
}

describe("whenLoadedAndIdle", () => {
  it("waits for the page's load, then for an idle moment of at most a second", () => {
    const page = fakeWindow("interactive");
    const work = vi.fn();
    whenLoadedAndIdle(work, page.win);
    page.settle();
    expect(work).not.toHaveBeenCalled();
    page.load();
    expect(work).not.toHaveBeenCalled();
    expect(page.idleTimeouts).toEqual([IDLE_TIMEOUT_MS]);
    page.settle();
    expect(work).toHaveBeenCalledOnce();
  });

  it("waits only for an idle moment once the page has loaded", () => {
    const page = fakeWindow("complete");
    const work = vi.fn();
    whenLoadedAndIdle(work, page.win);
    expect(work).not.toHaveBeenCalled();
    page.settle();
    expect(work).toHaveBeenCalledOnce();
  });

  it("falls back to a timer where the browser has no idle callbacks (Safari)", () => {
    const page = fakeWindow("loading", { idleCallbacks: false });
    const work = vi.fn();
    whenLoadedAndIdle(work, page.win);
    page.load();
    expect(page.pendingCount()).toBe(1);
    page.settle();
    expect(work).toHaveBeenCalledOnce();
  });

  it("runs nothing once cancelled, before the load or while waiting for an idle moment", () => {
    for (const cancelAfterLoad of [false, true]) {
      const page = fakeWindow("interactive");
      const work = vi.fn();
      const cancel = whenLoadedAndIdle(work, page.win);
      if (cancelAfterLoad) page.load();
      cancel();
      page.load();
      page.settle();
      expect(work, cancelAfterLoad ? "after the load" : "before the load").not.toHaveBeenCalled();
      expect(page.pendingCount()).toBe(0);
    }
  });
});
