import { useEffect, useState } from "react";
import { useTranslation } from "../../../components/i18n/use-translation";
import { usePageContext } from "vike-react/usePageContext";
import { ACCOUNT_FORMS, actionCodeOf, routes, type AccountErrorKey, type FormPost } from "../../../../core";
import { Button } from "../../../components/button/Button";
import { Feedback } from "../../../components/feedback/Feedback";
import { FormStatus } from "../../../components/form-field/FormStatus";
import { AccountPageFrame } from "../../../shell/account/AccountPageFrame";
import styles from "../../../shell/account/AccountPage.module.css";
import { PlainPostFields } from "../../../shell/account/PlainPostFields";
import { useAccount } from "../../../shell/account/use-account";
import { usePlainPost } from "../../../shell/account/use-plain-post";
import { useLocalizedPath } from "../../../shell/localized-link/use-localized-path";
import { usePageHead } from "../../use-page-head";

type Outcome = { readonly kind: "waiting" } | { readonly kind: "verified" } | { readonly kind: "failed"; readonly errorKey: AccountErrorKey };

/** The code's check, and Effect with it, load when the page applies the code, not with the page. */
const isUsableCode = async (code: string) => (await import("../../../../core/domain/account/account.schema")).isUsableEmailVerification({ code });

/** What the server made of the page's plain post. */
function postedOutcome(posted: FormPost): Outcome {
  return posted.outcome === "accepted" ? { kind: "verified" } : { kind: "failed", errorKey: (posted.issues[""] ?? "account.error.generic") as AccountErrorKey };
}

/**
 * The verification mail's landing page. The code is applied from the browser (a POST): a mail
 * scanner that fetches the link does not use it up. Then: verified, with the way on; or the link's
 * error, with a new mail for whoever is signed in (others sign in first, and find the resend on
 * their dashboard). Without JavaScript the page is a button that posts the code to the server.
 */
export default function Page() {
  const { t } = useTranslation();
  const pageContext = usePageContext();
  const localizedPath = useLocalizedPath();
  usePageHead(t("page.verifyEmail.title"), t("page.verifyEmail.description"));
  const { view, send } = useAccount();
  const { posted, plain, takesPlainPosts } = usePlainPost(ACCOUNT_FORMS.verifyEmail);
  const code = actionCodeOf(pageContext.urlParsed.search);
  // A plain post has been answered already: nothing to apply from the browser.
  const [attempted, setAttempted] = useState(posted !== undefined);
  const [outcome, setOutcome] = useState<Outcome>(() => (posted ? postedOutcome(posted) : { kind: "waiting" }));

  useEffect(() => {
    if (attempted || view.standing === "unknown" || view.busy) return;
    setAttempted(true);
    // Opened again after it worked: the account says so already.
    if (view.standing === "verified") setOutcome({ kind: "verified" });
    else
      isUsableCode(code).then(
        (usable) => (usable ? send({ type: "VERIFY_EMAIL", payload: { code } }) : setOutcome({ kind: "failed", errorKey: "account.error.invalidOrExpiredLink" })),
        // The check only spares the provider a call: without it, the provider judges the code.
        () => send({ type: "VERIFY_EMAIL", payload: { code } }),
      );
  }, [attempted, view.standing, view.busy, code, send]);

  useEffect(() => {
    if (!attempted || outcome.kind !== "waiting" || view.busy) return;
    if (view.noticeKey === "account.verification.done" || view.standing === "verified") setOutcome({ kind: "verified" });
    else if (view.errorKey) setOutcome({ kind: "failed", errorKey: view.errorKey });
  }, [attempted, outcome.kind, view.busy, view.noticeKey, view.standing, view.errorKey]);

  // Without JavaScript nobody is known here: the dashboard asks for a sign-in if it needs one.
  const onwards = view.user || plain ? (
    <Button text={t("nav.dashboard")} href={localizedPath(routes.dashboard.path())} />
  ) : (
    <Button text={t("nav.login")} href={localizedPath(routes.login.path())} />
  );

  return (
    <AccountPageFrame
      title={t("page.verifyEmail.title")}
      lead={t("page.verifyEmail.description")}
      busy={outcome.kind === "waiting" && !plain}
      worksWithoutJavaScript={takesPlainPosts}
    >
      {outcome.kind === "waiting" && plain ? (
        <form className={styles.form} method="post">
          <PlainPostFields form={ACCOUNT_FORMS.verifyEmail} />
          <p>{t("account.verification.confirmText")}</p>
          <div className={styles.actions}>
            <Button isSubmit text={t("account.verification.confirm")} />
          </div>
        </form>
      ) : outcome.kind === "waiting" ? (
        <p>{t("account.progress.verifyingEmail")}</p>
      ) : null}
      <FormStatus
        progress={outcome.kind === "failed" ? view.progressKey && t(view.progressKey) : undefined}
        notice={outcome.kind === "verified" ? t("account.verification.done") : view.noticeKey && view.noticeKey !== "account.verification.done" ? t(view.noticeKey) : undefined}
        noticeActions={outcome.kind === "verified" ? <div className={styles.actions}>{onwards}</div> : undefined}
        // SPEC §5: the failed verification has a message of its own, above its reason.
        errorTitle={outcome.kind === "failed" ? t("validation.email.verificationFailed") : undefined}
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
