import { useState } from "react";
import { useTranslation } from "../../../components/i18n/use-translation";
import { ACCOUNT_FORMS, routes, SIGN_UP_CONFIRMATIONS } from "../../../../core";
import { Button } from "../../../components/button/Button";
import { Feedback } from "../../../components/feedback/Feedback";
import { CheckboxField } from "../../../components/form-field/CheckboxField";
import { FormStatus } from "../../../components/form-field/FormStatus";
import { TextField } from "../../../components/form-field/TextField";
import { TextWithLink } from "../../../components/text-with-link/TextWithLink";
import { useSchemaForm } from "../../../components/form-field/use-schema-form";
import { AccountFormFooter } from "../../../shell/account/AccountFormFooter";
import { AccountPageFrame } from "../../../shell/account/AccountPageFrame";
import styles from "../../../shell/account/AccountPage.module.css";
import { ArrivalPanel } from "../../../shell/account/ArrivalPanel";
import { PlainPostFields } from "../../../shell/account/PlainPostFields";
import { SignedInNotice } from "../../../shell/account/SignedInNotice";
import { useAccount } from "../../../shell/account/use-account";
import { usePlainPost } from "../../../shell/account/use-plain-post";
import { VerificationNotice } from "../../../shell/account/VerificationNotice";
import { useLocalizedPath } from "../../../shell/localized-link/use-localized-path";
import { sitePage } from "../../../shell/navigation/site-pages";
import { usePageHead } from "../../use-page-head";

/** The form's schema, and Effect with it, load after hydration (see useSchemaForm). */
const signUpSchema = async () => (await import("../../../../core/domain/account/account.schema")).SignUpPayload;

/**
 * Account creation with the privacy consent (SPEC §4 'Creating account...'): the provider creates
 * and signs in the account and mails the verification link, the profile is stored with the consent,
 * and the page shows the pending-verification notice with its resend action. Without JavaScript
 * the form posts to this page: the server does the same and opens the dashboard, which shows the
 * notice.
 */
export default function Page() {
  const { t } = useTranslation();
  const localizedPath = useLocalizedPath();
  usePageHead(t("page.register.title"), t("page.register.description"));
  const { view, send } = useAccount();
  const { posted, plain, takesPlainPosts } = usePlainPost(ACCOUNT_FORMS.register);
  const form = useSchemaForm(
    signUpSchema,
    { name: "", surname: "", email: "", password: "", passwordConfirmation: "", privacyPolicy: false },
    { confirmations: SIGN_UP_CONFIRMATIONS, posted, plainPost: takesPlainPosts },
  );
  const [registering, setRegistering] = useState(false);
  const dashboard = localizedPath(routes.dashboard.path());

  const content = () => {
    if (view.user && registering) {
      return (
        <ArrivalPanel>
          {view.standing === "verified" ? (
            <Feedback tone="success">{t("account.verification.done")}</Feedback>
          ) : (
            <VerificationNotice
              email={view.user.email}
              view={view}
              onResend={() => send({ type: "RESEND_VERIFICATION" })}
              onCheck={() => send({ type: "CHECK_VERIFICATION" })}
            />
          )}
          <FormStatus progress={view.progressKey && t(view.progressKey)} notice={view.noticeKey && t(view.noticeKey)} error={view.errorKey && t(view.errorKey)} />
          <div className={styles.actions}>
            <Button text={t("nav.dashboard")} type={view.standing === "verified" ? "primary" : "secondary"} href={dashboard} />
          </div>
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
          if (!view.canRegister) return;
          setRegistering(true);
          send({ type: "REGISTER", payload });
        })}
      >
        <PlainPostFields form={ACCOUNT_FORMS.register} />
        <p className={styles.required}>{t("account.form.required")}</p>
        <TextField label={t("account.field.name")} {...form.text("name")} autoComplete="given-name" required />
        <TextField label={t("account.field.surname")} {...form.text("surname")} autoComplete="family-name" required />
        <TextField label={t("account.field.email")} {...form.text("email")} type="email" autoComplete="email" required />
        <TextField
          label={t("account.field.password")}
          {...form.text("password")}
          hint={t("account.field.passwordHint")}
          hintIsTheRule
          type="password"
          autoComplete="new-password"
          required
        />
        <TextField label={t("account.field.passwordConfirmation")} {...form.text("passwordConfirmation")} type="password" autoComplete="new-password" required />
        <CheckboxField
          required
          {...form.checkbox("privacyPolicy")}
          label={
            <TextWithLink
              text={t("account.field.privacyPolicy")}
              tag="policy"
              link={{ href: localizedPath(sitePage("privacy").path), newTab: true }}
            />
          }
        />
        <AccountFormFooter view={view} formError={form.formError} reloadNeeded={form.reloadNeeded} submitLabel={t("nav.register")} enabled={view.canRegister} plain={plain} />
      </form>
    );
  };

  return (
    <AccountPageFrame title={t("page.register.title")} lead={t("page.register.description")} worksWithoutJavaScript={takesPlainPosts}>
      {content()}
      {view.user ? null : (
        <div className={styles.links}>
          <p>
            {t("account.register.haveAccount")} <a href={localizedPath(routes.login.path())}>{t("nav.login")}</a>
          </p>
        </div>
      )}
    </AccountPageFrame>
  );
}
