import { useTranslation } from "../../../components/i18n/use-translation";
import { ACCOUNT_FORMS, ACCOUNT_FEEDBACK, routes } from "../../../../core";
import { FormStatus } from "../../../components/form-field/FormStatus";
import { TextField } from "../../../components/form-field/TextField";
import { AccountForm } from "../../../shell/account/AccountForm";
import { AccountPageFrame } from "../../../shell/account/AccountPageFrame";
import styles from "../../../shell/account/AccountPage.module.css";
import { ArrivalPanel } from "../../../shell/account/ArrivalPanel";
import { SignedInNotice } from "../../../shell/account/SignedInNotice";
import { useAccount } from "../../../shell/account/use-account";
import { useAccountForm } from "../../../shell/account/use-account-form";
import { useLocalizedPath } from "../../../shell/localized-link/use-localized-path";
import { usePageHead } from "../../use-page-head";

/** The form's schema, and Effect with it, load on the form's first use (see useAccountForm). */
const resetRequestSchema = async () => (await import("../../../../core/domain/account/account.schema")).PasswordResetRequestPayload;

/**
 * Asks for a password-reset link. The answer is the same whether or not an account has the
 * address (the provider sees to it): the page never tells who has an account.
 */
export default function Page() {
  const { t } = useTranslation();
  const localizedPath = useLocalizedPath();
  usePageHead(t("page.forgotPassword.title"), t("page.forgotPassword.description"));
  const { view, send, perform } = useAccount();
  const form = useAccountForm(
    resetRequestSchema,
    { email: "" },
    { plainPost: ACCOUNT_FORMS.forgotPassword, submit: (payload) => perform({ type: "REQUEST_PASSWORD_RESET", payload }) },
  );
  // A plain post's answer says it was sent; the machine's notice says so for the browser's request.
  const sentNotice = form.posted?.outcome === "accepted" ? ACCOUNT_FEEDBACK.emailSent : form.view.submitted ? view.noticeKey : undefined;
  const signIn = <a href={localizedPath(routes.login.path())}>{t("account.forgot.backToSignIn")}</a>;

  const content = () => {
    if (sentNotice) {
      return (
        <ArrivalPanel>
          <FormStatus notice={t(sentNotice)} />
          <p>{signIn}</p>
        </ArrivalPanel>
      );
    }
    if (view.user) return <SignedInNotice view={view} onSignOut={() => send({ type: "SIGN_OUT" })} />;
    return (
      <AccountForm
        form={form}
        view={view}
        submitLabel={t("account.forgot.submit")}
        enabled={view.canResetPassword}
        footnote={
          <div className={styles.links}>
            <p>{signIn}</p>
          </div>
        }
      >
        <p className={styles.required}>{t("account.form.required")}</p>
        <TextField label={t("account.field.email")} {...form.text("email")} type="email" autoComplete="email" required />
      </AccountForm>
    );
  };

  return (
    <AccountPageFrame title={t("page.forgotPassword.title")} lead={t("page.forgotPassword.description")} worksWithoutJavaScript={form.takesPlainPosts}>
      {content()}
    </AccountPageFrame>
  );
}
