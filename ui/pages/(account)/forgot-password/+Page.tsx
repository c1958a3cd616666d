import { useState } from "react";
import { useTranslation } from "../../../components/i18n/use-translation";
import { ACCOUNT_FORMS, ACCOUNT_FEEDBACK, routes } from "../../../../core";
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
import { useLocalizedPath } from "../../../shell/localized-link/use-localized-path";
import { usePageHead } from "../../use-page-head";

/** The form's schema, and Effect with it, load after hydration (see useSchemaForm). */
const resetRequestSchema = async () => (await import("../../../../core/domain/account/account.schema")).PasswordResetRequestPayload;

/**
 * Asks for a password-reset link. The answer is the same whether or not an account has the
 * address (the provider sees to it): the page never tells who has an account.
 */
export default function Page() {
  const { t } = useTranslation();
  const localizedPath = useLocalizedPath();
  usePageHead(t("page.forgotPassword.title"), t("page.forgotPassword.description"));
  const { view, send } = useAccount();
  const { posted, plain, takesPlainPosts } = usePlainPost(ACCOUNT_FORMS.forgotPassword);
  const form = useSchemaForm(resetRequestSchema, { email: "" }, { posted, plainPost: takesPlainPosts });
  const [requested, setRequested] = useState(false);
  // A plain post's answer says it was sent; the machine's notice says so for the browser's request.
  const sentNotice = posted?.outcome === "accepted" ? ACCOUNT_FEEDBACK.emailSent : requested && !view.busy ? view.noticeKey : undefined;
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
        <PlainPostFields form={ACCOUNT_FORMS.forgotPassword} />
        <p className={styles.required}>{t("account.form.required")}</p>
        <TextField label={t("account.field.email")} {...form.text("email")} type="email" autoComplete="email" required />
        <AccountFormFooter view={view} formError={form.formError} reloadNeeded={form.reloadNeeded} submitLabel={t("account.forgot.submit")} enabled={view.canResetPassword} plain={plain} />
        <div className={styles.links}>
          <p>{signIn}</p>
        </div>
      </form>
    );
  };

  return (
    <AccountPageFrame title={t("page.forgotPassword.title")} lead={t("page.forgotPassword.description")} worksWithoutJavaScript={takesPlainPosts}>
      {content()}
    </AccountPageFrame>
  );
}
