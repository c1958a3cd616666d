import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { usePageContext } from "vike-react/usePageContext";
import { Schema } from "effect";
import { EmailVerificationPayload, actionCodeOf, routes, type AccountErrorKey } from "../../../../core";
import { Button } from "../../../components/button/Button";
import { Feedback } from "../../../components/feedback/Feedback";
import { FormStatus } from "../../../components/form-field/FormStatus";
import { AccountPageFrame } from "../../../shell/account/AccountPageFrame";
import styles from "../../../shell/account/AccountPage.module.css";
import { useAccount } from "../../../shell/account/use-account";
import { useLocalizedPath } from "../../../shell/localized-link/use-localized-path";
import { usePageHead } from "../../use-page-head";

type Outcome = { readonly kind: "waiting" } | { readonly kind: "verified" } | { readonly kind: "failed"; readonly errorKey: AccountErrorKey };

const isUsableCode = Schema.is(EmailVerificationPayload);

/**
 * The verification mail's landing page. The code is applied from the browser (a POST): a mail
 * scanner that fetches the link does not use it up. Then: verified, with the way on; or the link's
 * error, with a new mail for whoever is signed in (others sign in first, and find the resend on
 * their dashboard).
 */
export default function Page() {
  const { t } = useTranslation();
  const pageContext = usePageContext();
  const localizedPath = useLocalizedPath();
  usePageHead(t("page.verifyEmail.title"), t("page.verifyEmail.description"));
  const { view, send } = useAccount();
  const code = actionCodeOf(pageContext.urlParsed.search);
  const [attempted, setAttempted] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>({ kind: "waiting" });

  useEffect(() => {
    if (attempted || view.standing === "unknown" || view.busy) return;
    setAttempted(true);
    // Opened again after it worked: the account says so already.
    if (view.standing === "verified") setOutcome({ kind: "verified" });
    else if (!isUsableCode({ code })) setOutcome({ kind: "failed", errorKey: "account.error.expiredActionCode" });
    else send({ type: "VERIFY_EMAIL", payload: { code } });
  }, [attempted, view.standing, view.busy, code, send]);

  useEffect(() => {
    if (!attempted || outcome.kind !== "waiting" || view.busy) return;
    if (view.noticeKey === "account.verification.done" || view.standing === "verified") setOutcome({ kind: "verified" });
    else if (view.errorKey) setOutcome({ kind: "failed", errorKey: view.errorKey });
  }, [attempted, outcome.kind, view.busy, view.noticeKey, view.standing, view.errorKey]);

  const onwards = view.user ? (
    <Button text={t("nav.dashboard")} href={localizedPath(routes.dashboard.path())} />
  ) : (
    <Button text={t("nav.login")} href={localizedPath(routes.login.path())} />
  );

  return (
    <AccountPageFrame title={t("page.verifyEmail.title")} lead={t("page.verifyEmail.description")} busy={outcome.kind === "waiting"}>
      {outcome.kind === "waiting" ? <p>{t("account.progress.verifyingEmail")}</p> : null}
      <FormStatus
        progress={outcome.kind === "failed" ? view.progressKey && t(view.progressKey) : undefined}
        notice={outcome.kind === "verified" ? t("account.verification.done") : view.noticeKey && view.noticeKey !== "account.verification.done" ? t(view.noticeKey) : undefined}
        noticeActions={outcome.kind === "verified" ? <div className={styles.actions}>{onwards}</div> : undefined}
        error={outcome.kind === "failed" ? t(outcome.errorKey) : undefined}
        errorActions={
          outcome.kind === "failed" ? (
            <div className={styles.actions}>
              {view.user ? (
                <Button
                  text={view.progressKey ? t(view.progressKey) : t("account.verification.resend")}
                  type="secondary"
                  onClick={() => send({ type: "RESEND_VERIFICATION" })}
                  disabled={!view.canResendVerification}
                  busy={view.busy}
                />
              ) : (
                <p>
                  <a href={localizedPath(routes.login.path({ returnTo: localizedPath(routes.dashboard.path()) }))}>
                    {t("account.verification.signInForNewLink")}
                  </a>
                </p>
              )}
            </div>
          ) : undefined
        }
      />
      {outcome.kind === "failed" && view.errorKey && view.errorKey !== outcome.errorKey ? (
        <Feedback tone="error">{t(view.errorKey)}</Feedback>
      ) : null}
    </AccountPageFrame>
  );
}
