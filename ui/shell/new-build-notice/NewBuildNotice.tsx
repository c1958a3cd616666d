import { useEffect, useState } from "react";
import { useTranslation } from "../../components/i18n/use-translation";
import { useHydrated } from "vike-react/useHydrated";
import { usePageContext } from "vike-react/usePageContext";
import { isChunkLoadError, isVerySlowConnection } from "../../../core";
import { Button } from "../../components/button/Button";
import { whenLoadedAndIdle } from "../after-load/when-loaded-and-idle";
import { useBrowserServices } from "../browser-services";
import type { startNewBuildCheck } from "./new-build-actor";
import styles from "./NewBuildNotice.module.css";

const LAST_RELOAD_KEY = "arena:chunk-reload-at";

/** Runs the new-build check (SPEC §2) and offers a reload when a newer build is deployed. */
export function NewBuildNotice() {
  // The check belongs to the browser session: nothing to run or render on the server.
  return useHydrated() ? <NewBuildCheck /> : null;
}

function NewBuildCheck() {
  const pageContext = usePageContext();
  const { t } = useTranslation();
  const browserServices = useBrowserServices();
  const intervalMs = pageContext.globalContext.publicConfig.buildCheckIntervalMs;
  const [updateAvailable, setUpdateAvailable] = useState(false);

  useEffect(() => {
    // The machine (and XState) load once the page has loaded and the main thread is idle, not with
    // the page (SPEC §2: the first check 1 s after load). A chunk that fails to load before then
    // starts it at once and is kept for it; its own chunk failing to load means a newer build
    // replaced this one.
    let stopped = false;
    let starting = false;
    let actor: ReturnType<typeof startNewBuildCheck> | undefined;
    let chunkLoadFailed = false;
    let cancelStart = () => {};
    const start = () => {
      if (starting) return;
      starting = true;
      cancelStart();
      import("./new-build-actor").then(
        (module) => {
          if (stopped) return;
          actor = module.startNewBuildCheck({
            latestBuildId: () => browserServices().buildInfo.latestBuildId(),
            currentBuildId: __BUILD_ID__,
            slowConnection: slowConnection(),
            lastReloadAt: lastReloadAt(),
            intervalMs,
            reload: (at) => {
              sessionStorage.setItem(LAST_RELOAD_KEY, String(at));
              window.location.reload();
            },
            onView: (view) => setUpdateAvailable(view.updateAvailable),
          });
          if (chunkLoadFailed) actor.send({ type: "CHUNK_LOAD_FAILED" });
        },
        () => !stopped && setUpdateAvailable(true),
      );
    };
    const onChunkLoadFailed = () => {
      if (actor) actor.send({ type: "CHUNK_LOAD_FAILED" });
      else {
        chunkLoadFailed = true;
        start();
      }
    };
    const onPreloadError = () => onChunkLoadFailed();
    const onRejection = (event: PromiseRejectionEvent) => {
      const message = event.reason instanceof Error ? event.reason.message : String(event.reason);
      if (isChunkLoadError(message)) onChunkLoadFailed();
    };
    window.addEventListener("vite:preloadError", onPreloadError);
    window.addEventListener("unhandledrejection", onRejection);
    cancelStart = whenLoadedAndIdle(start);
    return () => {
      stopped = true;
      cancelStart();
      actor?.stop();
      window.removeEventListener("vite:preloadError", onPreloadError);
      window.removeEventListener("unhandledrejection", onRejection);
    };
  }, [browserServices, intervalMs]);

  if (!updateAvailable) return null;
  return (
    <div className={styles.notice} role="status" data-testid="new-build-notice">
      <p className={styles.text}>{t("build.updateAvailable")}</p>
      <Button text={t("build.reload")} size="small" onClick={() => window.location.reload()} />
    </div>
  );
}

function slowConnection(): boolean {
  const connection = (navigator as Navigator & { connection?: { effectiveType?: string; saveData?: boolean } }).connection;
  return isVerySlowConnection(connection?.effectiveType, connection?.saveData);
}

function lastReloadAt(): number | undefined {
  const stored = Number(sessionStorage.getItem(LAST_RELOAD_KEY));
  return Number.isFinite(stored) && stored > 0 ? stored : undefined;
}
