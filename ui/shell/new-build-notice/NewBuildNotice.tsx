import { useActorRef, useSelector } from "@xstate/react";
import { useEffect } from "react";
import { useTranslation } from "../../components/i18n/use-translation";
import { useHydrated } from "vike-react/useHydrated";
import { usePageContext } from "vike-react/usePageContext";
import { fromPromise } from "xstate";
import { isChunkLoadError, isVerySlowConnection, newBuildMachine, newBuildView } from "../../../core";
import { Button } from "../../components/button/Button";
import { useBrowserServices } from "../browser-services";
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
  const actor = useActorRef(
    newBuildMachine.provide({
      actors: { fetchLatestBuildId: fromPromise(() => browserServices().buildInfo.latestBuildId()) },
      actions: {
        reload: (_, { at }) => {
          sessionStorage.setItem(LAST_RELOAD_KEY, String(at));
          window.location.reload();
        },
      },
    }),
    {
      input: {
        currentBuildId: __BUILD_ID__,
        slowConnection: slowConnection(),
        lastReloadAt: lastReloadAt(),
        now: Date.now,
        intervalMs: pageContext.globalContext.publicConfig.buildCheckIntervalMs,
      },
    },
  );
  const view = useSelector(actor, newBuildView);

  useEffect(() => {
    const onPreloadError = () => actor.send({ type: "CHUNK_LOAD_FAILED" });
    const onRejection = (event: PromiseRejectionEvent) => {
      const message = event.reason instanceof Error ? event.reason.message : String(event.reason);
      if (isChunkLoadError(message)) actor.send({ type: "CHUNK_LOAD_FAILED" });
    };
    window.addEventListener("vite:preloadError", onPreloadError);
    window.addEventListener("unhandledrejection", onRejection);
    return () => {
      window.removeEventListener("vite:preloadError", onPreloadError);
      window.removeEventListener("unhandledrejection", onRejection);
    };
  }, [actor]);

  if (!view.updateAvailable) return null;
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
