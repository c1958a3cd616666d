import { useCallback, useEffect, useState } from "react";
import { useTranslation } from "../../components/i18n/use-translation";
import { Button } from "../../components/button/Button";
import { PageIntro } from "../../components/page-intro/PageIntro";
import { useBrowserServices } from "../../shell/browser-services";
import { usePageHead } from "../use-page-head";
import styles from "./ApiHandler.module.css";

interface Health {
  readonly status: string;
  readonly buildId: string;
  readonly acceptLanguage: string | null;
}

type Check = { state: "checking" } | { state: "ok"; health: Health } | { state: "failed" };

/** SPEC §2's temporary technical page: calls the API through the browser's client and shows the answer. */
export default function Page() {
  const { t } = useTranslation();
  usePageHead(t("apiHandler.title"), t("apiHandler.description"));
  const [check, setCheck] = useState<Check>({ state: "checking" });
  const browserServices = useBrowserServices();
  const run = useCallback(() => {
    setCheck({ state: "checking" });
    browserServices()
      .api.request<Health>("/api/health")
      .then((health) => setCheck({ state: "ok", health }))
      .catch(() => setCheck({ state: "failed" }));
  }, [browserServices]);
  useEffect(run, [run]);

  return (
    <PageIntro title={t("apiHandler.title")} lead={t("apiHandler.description")}>
      <div className={styles.result} role="status" aria-live="polite" data-state={check.state}>
        {check.state === "checking" ? <p>{t("apiHandler.checking")}</p> : null}
        {check.state === "failed" ? <p className={styles.failed}>{t("apiHandler.failed")}</p> : null}
        {check.state === "ok" ? (
          <>
            <p className={styles.ok}>{t("apiHandler.ok")}</p>
            <dl className={styles.facts}>
              <dt>{t("apiHandler.status")}</dt>
              <dd>{check.health.status}</dd>
              <dt>{t("apiHandler.buildId")}</dt>
              <dd><code>{check.health.buildId}</code></dd>
              <dt>{t("apiHandler.language")}</dt>
              <dd data-testid="accept-language"><code>{check.health.acceptLanguage}</code></dd>
            </dl>
          </>
        ) : null}
      </div>
      <Button text={t("apiHandler.run")} type="secondary" disabled={check.state === "checking"} onClick={run} />
    </PageIntro>
  );
}
