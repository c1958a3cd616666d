import { useTranslation } from "../../../components/i18n/use-translation";
import { ACCOUNT_FORMS, routes, SIGN_UP_CONFIRMATIONS } from "../../../../core";
import { CheckboxField } from "../../../components/form-field/CheckboxField";
import { FormStatus } from "../../../components/form-field/FormStatus";
import { TextField } from "../../../components/form-field/TextField";
import { TextWithLink } from "../../../components/text-with-link/TextWithLink";
import { AccountForm } from "../../../shell/account/AccountForm";
import { AccountPageFrame } from "../../../shell/account/AccountPageFrame";
import styles from "../../../shell/account/AccountPage.module.css";
import { ArrivalPanel } from "../../../shell/account/ArrivalPanel";
import { SignedInNotice } from "../../../shell/account/SignedInNotice";
import { useAccount } from "../../../shell/account/use-account";
import { useAccountForm } from "../../../shell/account/use-account-form";
import { useLocalizedPath } from "../../../shell/localized-link/use-localized-path";
import { sitePage } from "../../../shell/navigation/site-pages";
import { usePageHead } from "../../use-page-head";

/** The form's schema, and Effect with it, load on the form's first use (see useAccountForm). */
const signUpSchema = async () => (await import("../../../../core/domain/account/account.schema")).SignUpPayload;

/**
 * Account creation with the privacy consent (SPEC §4 'Creating account...'). The page says the
 * same for a new and a known address, and signs no one in (issue 48 item 9: no account
 * enumeration): check your mail. The provider creates a new account with its profile and mails
 * the verification link, or mails a known address's owner that someone tried to register with it.
 * Without JavaScript the form posts to this page, and the server answers with the same words.
 */
export default function Page() {
  const { t } = useTranslation();
  const localizedPath = useLocalizedPath();
  usePageHead(t("page.register.title"), t("page.register.description"));
  const { view, send, perform } = useAccount();
  const form = useAccountForm(
    signUpSchema,
    { name: "", surname: "", email: "", password: "", passwordConfirmation: "", privacyPolicy: false },
    { plainPost: ACCOUNT_FORMS.register, confirmations: SIGN_UP_CONFIRMATIONS, submit: (payload) => perform({ type: "REGISTER", payload }) },
  );
  const signIn = localizedPath(routes.login.path());
  const sent = form.posted?.outcome === "accepted" || (form.view.submitted && view.noticeKey === "account.register.checkMail");

  const content = () => {
    if (sent) {
      return (
        <ArrivalPanel>
          <FormStatus notice={t("account.register.checkMail")} />
          <p>
            <a href={signIn}>{t("nav.login")}</a>
          </p>
        </ArrivalPanel>
      );
    }
    if (view.user) return <SignedInNotice view={view} onSignOut={() => send({ type: "SIGN_OUT" })} />;
    return (
      <AccountForm form={form} view={view} submitLabel={t("nav.register")} enabled={view.canRegister}>
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
      </AccountForm>
    );
  };

  return (
    <AccountPageFrame title={t("page.register.title")} lead={t("page.register.description")} worksWithoutJavaScript={form.takesPlainPosts}>
      {content()}
      {view.user || sent ? null : (
        <div className={styles.links}>
          <p>
            {t("account.register.haveAccount")} <a href={signIn}>{t("nav.login")}</a>
          </p>
        </div>
      )}
    </AccountPageFrame>
  );
}
