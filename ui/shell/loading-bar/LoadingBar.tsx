import { useSyncExternalStore } from "react";
import { useTranslation } from "../../components/i18n/use-translation";
import type { LoadingBarView } from "../../../core";
import { HIDDEN_LOADING_BAR, navigationProgress } from "../navigation-progress";
import styles from "./LoadingBar.module.css";

/** SPEC §2's top loading bar: renders the loading-bar machine's view (hidden on the server and until the first navigation). */
export function LoadingBar() {
  const { t } = useTranslation();
  const view = useSyncExternalStore(navigationProgress.subscribe, navigationProgress.view, () => HIDDEN_LOADING_BAR);
  return <Bar view={view} label={t("loadingBar.label")} />;
}

function Bar({ view, label }: { view: LoadingBarView; label: string }) {
  return (
    <div
      className={styles.track}
      data-visible={view.visible}
      data-color={view.color}
      data-testid="loading-bar"
      style={{ height: `${view.heightPx}px` }}
      role="progressbar"
      aria-label={label}
      aria-hidden={!view.visible}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(view.progress)}
    >
      <div className={styles.bar} style={{ transform: `scaleX(${view.progress / 100})` }} />
    </div>
  );
}
