import { useSelector } from "@xstate/react";
import { useTranslation } from "../../components/i18n/use-translation";
import { loadingBarView, type LoadingBarView } from "../../../core";
import { navigationProgress } from "../navigation-progress";
import styles from "./LoadingBar.module.css";

const HIDDEN: LoadingBarView = { visible: false, progress: 0, color: "primary", heightPx: 3, busy: false };

/** SPEC §2's top loading bar: renders the loading-bar machine's view. */
export function LoadingBar() {
  const { t } = useTranslation();
  const view = navigationProgress ? <ActiveLoadingBar label={t("loadingBar.label")} /> : <Bar view={HIDDEN} label={t("loadingBar.label")} />;
  return view;
}

function ActiveLoadingBar({ label }: { label: string }) {
  const view = useSelector(navigationProgress!, loadingBarView);
  return <Bar view={view} label={label} />;
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
