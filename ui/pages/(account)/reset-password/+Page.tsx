import { useTranslation } from "../../../components/i18n/use-translation";
import { usePageContext } from "vike-react/usePageContext";
import { ACCOUNT_FORMS, ACCOUNT_FEEDBACK, NEW_PASSWORD_CONFIRMATIONS, actionCodeOf, routes } from "../../../../core";
import { Button } from "../../../components/button/Button";
import { FormStatus } from "../../../components/form-field/FormStatus";
import { TextField } from "../../../components/form-field/TextField";
import { AccountForm } from "../../../shell/account/AccountForm";
import { AccountPageFrame } from "../../../shell/account/AccountPageFrame";
import styles from "../../../shell/account/AccountPage.module.css";
import { ArrivalPanel } from "../../../shell/account/ArrivalPanel";
import { SignedInNotice } from "../../../shell/account/SignedInNotice";
import { useAccount } from "../../../shell/account/use-account";
import { useAccountForm } from "../../../shell/account/use-account-form";
import { useResetLinkCheck } from "../../../shell/account/use-reset-link-check";
import { useLocalizedPath } from "../../../shell/localized-link/use-localized-path";
import { usePageHead } from "../../use-page-head";

/** The form's schema, and Effect with it, load on the form's first use (see useAccountForm). */
const resetConfirmSchema = async () => (await import("../../../../core/domain/account/account.schema")).PasswordResetConfirmPayload;

/**
 * The reset mail's landing page: a new password for the link's account, then on to sign in with
 * it. Without JavaScript the form posts to this page (the link's code is in its address).
 */
export default function Page() {
  const { t } = useTranslation();
  const pageContext = usePageContext();
  const localizedPath = useLocalizedPath();
  usePageHead(t("page.resetPassword.title"), t("page.resetPassword.description"));
  const { view, send, perform } = useAccount();
  const code = actionCodeOf(pageContext.urlParsed.search);
  // The link's code travels with the form as a value no field shows.
  const form = useAccountForm(
    resetConfirmSchema,
    { code, newPassword: "", newPasswordConfirmation: "" },
    {
      plainPost: ACCOUNT_FORMS.resetPassword,
      confirmations: NEW_PASSWORD_CONFIRMATIONS,
      hidden: ["code"],
      submit: (payload) => perform({ type: "RESET_PASSWORD", payload }),
    },
  );
  const { posted } = form;
  // From the first submit on, the link's own answer counts, not the check made when the page opened.
  const resetting = form.view.busy || form.view.submitted || form.view.formMessage !== undefined;
  const link = useResetLinkCheck(code);
  const doneNotice = posted?.outcome === "accepted" ? ACCOUNT_FEEDBACK.passwordUpdated : form.view.submitted ? view.noticeKey : undefined;
  const requestNew = (
    <p>
      <a href={localizedPath(routes.forgotPassword.path())}>{t("account.reset.requestNew")}</a>
    </p>
  );

  const content = () => {
    if (doneNotice) {
      return (
        <ArrivalPanel>
          <FormStatus
            notice={t(doneNotice)}
            noticeActions={
              <div className={styles.actions}>
                <Button text={t("nav.login")} href={localizedPath(routes.login.path())} />
              </div>
            }
          />
        </ArrivalPanel>
      );
    }
    if (view.user) return <SignedInNotice view={view} onSignOut={() => send({ type: "SIGN_OUT" })} />;
    // A link without its code, or one used or expired, cannot work: say so before anyone types a password.
    if (!code || (link === "unusable" && !resetting)) return <FormStatus error={t("account.error.invalidOrExpiredLink")} errorActions={requestNew} />;
    return (
      <AccountForm
        form={form}
        view={view}
        submitLabel={t("account.reset.submit")}
        enabled={view.canResetPassword}
        errorActions={view.errorKey === "account.error.invalidOrExpiredLink" || posted?.issues[""] === "account.error.invalidOrExpiredLink" ? requestNew : undefined}
      >
        <p className={styles.required}>{t("account.form.required")}</p>
        <TextField
          label={t("account.field.newPassword")}
          {...form.text("newPassword")}
          hint={t("account.field.passwordHint")}
          hintIsTheRule
          type="password"
          autoComplete="new-password"
          required
        />
        <TextField
          label={t("account.field.newPasswordConfirmation")}
          {...form.text("newPasswordConfirmation")}
          type="password"
          autoComplete="new-password"
          required
        />
      </AccountForm>
    );
  };

  return (
    <AccountPageFrame title={t("page.resetPassword.title")} lead={t("page.resetPassword.description")} worksWithoutJavaScript={form.takesPlainPosts}>
      {content()}
    </AccountPageFrame>
  );
}
