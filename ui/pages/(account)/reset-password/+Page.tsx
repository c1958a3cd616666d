import { useState } from "react";
import { useTranslation } from "../../../components/i18n/use-translation";
import { usePageContext } from "vike-react/usePageContext";
import { ACCOUNT_FORMS, ACCOUNT_FEEDBACK, NEW_PASSWORD_CONFIRMATIONS, actionCodeOf, routes } from "../../../../core";
import { Button } from "../../../components/button/Button";
import { FormStatus } from "../../../components/form-field/FormStatus";
import { TextField } from "../../../components/form-field/TextField";
import { useSchemaForm } from "../../../components/form-field/use-schema-form";
import { AccountFormFooter } from "../../../shell/account/AccountFormFooter";
import { AccountPageFrame } from "../../../shell/account/AccountPageFrame";
import styles from "../../../shell/account/AccountPage.module.css";
import { ArrivalPanel } from "../../../shell/account/ArrivalPanel";
import { PlainPostFields } from "../../../shell/account/PlainPostFields";
import { SignedInNotice } from "../../../shell/account/SignedInNotice";
import { useAccount } from "../../../shell/account/use-account";
import { usePlainPost } from "../../../shell/account/use-plain-post";
import { useResetLinkCheck } from "../../../shell/account/use-reset-link-check";
import { useLocalizedPath } from "../../../shell/localized-link/use-localized-path";
import { usePageHead } from "../../use-page-head";

/** The form's schema, and Effect with it, load after hydration (see useSchemaForm). */
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
  const { view, send } = useAccount();
  const { posted, plain, takesPlainPosts } = usePlainPost(ACCOUNT_FORMS.resetPassword);
  const code = actionCodeOf(pageContext.urlParsed.search);
  // The link's code travels with the form as a value no field shows.
  const form = useSchemaForm(
    resetConfirmSchema,
    { code, newPassword: "", newPasswordConfirmation: "" },
    { confirmations: NEW_PASSWORD_CONFIRMATIONS, posted, plainPost: takesPlainPosts },
  );
  const [resetting, setResetting] = useState(false);
  const link = useResetLinkCheck(code);
  const doneNotice = posted?.outcome === "accepted" ? ACCOUNT_FEEDBACK.passwordUpdated : resetting && !view.busy ? view.noticeKey : undefined;
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
      <form
        className={styles.form}
        method="post"
        noValidate
        onSubmit={form.handleSubmit((payload) => {
          if (!view.canResetPassword) return;
          setResetting(true);
          send({ type: "RESET_PASSWORD", payload });
        })}
      >
        <PlainPostFields form={ACCOUNT_FORMS.resetPassword} />
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
        <AccountFormFooter
          view={view}
          formError={form.formError}
          reloadNeeded={form.reloadNeeded}
          submitLabel={t("account.reset.submit")}
          enabled={view.canResetPassword}
          plain={plain}
          errorActions={view.errorKey === "account.error.invalidOrExpiredLink" || posted?.issues[""] === "account.error.invalidOrExpiredLink" ? requestNew : undefined}
        />
      </form>
    );
  };

  return (
    <AccountPageFrame title={t("page.resetPassword.title")} lead={t("page.resetPassword.description")} worksWithoutJavaScript={takesPlainPosts}>
      {content()}
    </AccountPageFrame>
  );
}
