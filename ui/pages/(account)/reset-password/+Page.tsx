import { useState } from "react";
import { useTranslation } from "react-i18next";
import { usePageContext } from "vike-react/usePageContext";
import { PasswordResetConfirmPayload, actionCodeOf, routes } from "../../../../core";
import { Button } from "../../../components/button/Button";
import { FormStatus } from "../../../components/form-field/FormStatus";
import { TextField } from "../../../components/form-field/TextField";
import { useSchemaForm } from "../../../components/form-field/use-schema-form";
import { AccountFormFooter } from "../../../shell/account/AccountFormFooter";
import { AccountPageFrame } from "../../../shell/account/AccountPageFrame";
import styles from "../../../shell/account/AccountPage.module.css";
import { ArrivalPanel } from "../../../shell/account/ArrivalPanel";
import { SignedInNotice } from "../../../shell/account/SignedInNotice";
import { useAccount } from "../../../shell/account/use-account";
import { useLocalizedPath } from "../../../shell/localized-link/use-localized-path";
import { usePageHead } from "../../use-page-head";

const CONFIRMATIONS = [["newPassword", "newPasswordConfirmation"]] as const;

/** The reset mail's landing page: a new password for the link's account, then on to sign in with it. */
export default function Page() {
  const { t } = useTranslation();
  const pageContext = usePageContext();
  const localizedPath = useLocalizedPath();
  usePageHead(t("page.resetPassword.title"), t("page.resetPassword.description"));
  const { view, send } = useAccount();
  const code = actionCodeOf(pageContext.urlParsed.search);
  // The link's code travels with the form as a value no field shows.
  const form = useSchemaForm(
    PasswordResetConfirmPayload,
    { code, newPassword: "", newPasswordConfirmation: "" },
    { confirmations: CONFIRMATIONS },
  );
  const [resetting, setResetting] = useState(false);
  const done = resetting && !view.busy && view.noticeKey !== undefined;
  const requestNew = (
    <p>
      <a href={localizedPath(routes.forgotPassword.path())}>{t("account.reset.requestNew")}</a>
    </p>
  );

  const content = () => {
    if (done) {
      return (
        <ArrivalPanel>
          <FormStatus
            notice={view.noticeKey && t(view.noticeKey)}
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
    // A link without its code cannot work: say so before anyone types a password.
    if (!code) return <FormStatus error={t("account.error.expiredActionCode")} errorActions={requestNew} />;
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
        <p className={styles.required}>{t("account.form.required")}</p>
        <TextField
          {...form.text("newPassword")}
          label={t("account.field.newPassword")}
          hint={t("account.field.passwordHint")}
          type="password"
          autoComplete="new-password"
          required
        />
        <TextField
          {...form.text("newPasswordConfirmation")}
          label={t("account.field.newPasswordConfirmation")}
          type="password"
          autoComplete="new-password"
          required
        />
        <AccountFormFooter
          view={view}
          formError={form.formError}
          submitLabel={t("account.reset.submit")}
          enabled={view.canResetPassword}
          errorActions={view.errorKey === "account.error.expiredActionCode" ? requestNew : undefined}
        />
      </form>
    );
  };

  return (
    <AccountPageFrame title={t("page.resetPassword.title")} lead={t("page.resetPassword.description")}>
      {content()}
    </AccountPageFrame>
  );
}
