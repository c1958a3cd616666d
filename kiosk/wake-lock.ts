/**
 * Keeps the screen on while a gate scans, where the browser has the Screen Wake Lock API; the
 * browser releases it when the page is hidden, so it is asked for again when it shows. Returns
 * the release.
 */
export function keepScreenOn(): () => void {
  if (!("wakeLock" in navigator)) return () => {};
  let lock: WakeLockSentinel | undefined;
  let released = false;
  const request = () => {
    if (document.visibilityState !== "visible") return;
    navigator.wakeLock.request("screen").then(
      (taken) => {
        if (released) void taken.release();
        else lock = taken;
      },
      () => {},
    );
  };
  request();
  document.addEventListener("visibilitychange", request);
  return () => {
    released = true;
    document.removeEventListener("visibilitychange", request);
    void lock?.release();
  };
}
