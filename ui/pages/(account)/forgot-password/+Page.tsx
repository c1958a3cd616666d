import { useState } from "react";
import { useTranslation } from "react-i18next";
import { PasswordResetRequestPayload, routes } from "../../../../core";
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

/**
 * Asks for a password-reset link. The answer is the same whether or not an account has the
 * address (the provider sees to it): the page never tells who has an account.
 */
export default function Page() {
  const { t } = useTranslation();
  const localizedPath = useLocalizedPath();
  usePageHead(t("page.forgotPassword.title"), t("page.forgotPassword.description"));
  const { view, send } = useAccount();
  const form = useSchemaForm(PasswordResetRequestPayload, { email: "" });
  const [requested, setRequested] = useState(false);
  const sent = requested && !view.busy && view.noticeKey !== undefined;
  const signIn = <a href={localizedPath(routes.login.path())}>{t("account.forgot.backToSignIn")}</a>;

  const content = () => {
    if (sent) {
      return (
        <ArrivalPanel>
          <FormStatus notice={view.noticeKey && t(view.noticeKey)} />
          <p>{signIn}</p>
        </ArrivalPanel>
      );
    }
    if (view.user) return <SignedInNotice view={view} onSignOut={() => send({ type: "SIGN_OUT" })} />;
    return (
      <form
        className={styles.form}
        method="post"
        noValidate
        onSubmit={form.handleSubmit((payload) => {
          if (!view.canResetPassword) return;
          setRequested(true);
          send({ type: "REQUEST_PASSWORD_RESET", payload });
        })}
      >
        <p className={styles.required}>{t("account.form.required")}</p>
        <TextField {...form.text("email")} label={t("account.field.email")} type="email" autoComplete="email" required />
        <AccountFormFooter view={view} formError={form.formError} submitLabel={t("account.forgot.submit")} enabled={view.canResetPassword} />
        <div className={styles.links}>
          <p>{signIn}</p>
        </div>
      </form>
    );
  };

  return (
    <AccountPageFrame title={t("page.forgotPassword.title")} lead={t("page.forgotPassword.description")}>
      {content()}
    </AccountPageFrame>
  );
}
