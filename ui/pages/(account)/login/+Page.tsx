import { useEffect, useState } from "react";
import { useTranslation } from "../../../components/i18n/use-translation";
import { navigate } from "vike/client/router";
import { usePageContext } from "vike-react/usePageContext";
import { ACCOUNT_FORMS, actionCodeOf, routes, safeReturnPath, type AccountView } from "../../../../core";
import { FormStatus } from "../../../components/form-field/FormStatus";
import { TextField } from "../../../components/form-field/TextField";
import { SignInReason } from "../../../components/sign-in-reason/SignInReason";
import { AccountForm } from "../../../shell/account/AccountForm";
import { AccountPageFrame } from "../../../shell/account/AccountPageFrame";
import styles from "../../../shell/account/AccountPage.module.css";
import { SignedInNotice } from "../../../shell/account/SignedInNotice";
import { rememberSignInLinkAddress } from "../../../shell/account/sign-in-link-address";
import { useAccount } from "../../../shell/account/use-account";
import { useAccountForm } from "../../../shell/account/use-account-form";
import { useLocalizedPath } from "../../../shell/localized-link/use-localized-path";
import { usePageHead } from "../../use-page-head";
import { SignInWithLink } from "./SignInWithLink";

/** The forms' schemas, and Effect with them, load on a form's first use (see useAccountForm). */
const signInSchema = async () => (await import("../../../../core/domain/account/account.schema")).SignInPayload;
const signInLinkSchema = async () => (await import("../../../../core/domain/account/account.schema")).SignInLinkRequestPayload;

/** The account's progress and error belong to the form that was sent last; the other form shows neither. */
const quiet = (view: AccountView): AccountView => Object.assign({}, view, { progressKey: undefined, errorKey: undefined });

/**
 * Sign in (SPEC §4 'Signing in...'), then on to `returnTo` when it stays on the site, or the
 * dashboard; or ask for a sign-in link by mail (issue 49 item 1), answered alike whether or not an
 * account has the address. Without JavaScript both forms post to this page, which the server
 * answers the same way. With a sign-in link's `code`, the link's landing instead (SignInWithLink).
 */
export default function Page() {
  const code = actionCodeOf(usePageContext().urlParsed.search);
  return code ? <SignInWithLink code={code} /> : <SignIn />;
}

function SignIn() {
  const { t } = useTranslation();
  const pageContext = usePageContext();
  const localizedPath = useLocalizedPath();
  usePageHead(t("page.login.title"), t("page.login.description"));
  const { view, send, perform } = useAccount();
  const [lastSent, setLastSent] = useState<"password" | "link" | undefined>(undefined);
  const form = useAccountForm(
    signInSchema,
    { email: "", password: "" },
    {
      plainPost: ACCOUNT_FORMS.signIn,
      submit: (payload) => {
        setLastSent("password");
        return perform({ type: "SIGN_IN", payload });
      },
    },
  );
  const signingIn = form.view.busy || form.view.submitted;
  const linkForm = useAccountForm(
    signInLinkSchema,
    { email: "" },
    {
      plainPost: ACCOUNT_FORMS.requestSignInLink,
      submit: (payload) => {
        setLastSent("link");
        rememberSignInLinkAddress(payload.email);
        return perform({ type: "REQUEST_SIGN_IN_LINK", payload });
      },
    },
  );
  const linkLast = lastSent === "link" || (lastSent === undefined && linkForm.posted !== undefined);
  const linkSent = linkForm.posted?.outcome === "accepted" || linkForm.view.submitted;
  const target = safeReturnPath(pageContext.urlParsed.search.returnTo) ?? localizedPath(routes.dashboard.path());

  useEffect(() => {
    if (!form.view.submitted || !view.user) return;
    // The door kiosk is a client of its own, not one of Vike's pages: the browser loads it (issue 54).
    if (target.startsWith("/kiosk/")) window.location.assign(target);
    else void navigate(target);
  }, [form.view.submitted, view.user, target]);

  return (
    <AccountPageFrame title={t("page.login.title")} lead={t("page.login.description")} worksWithoutJavaScript={form.takesPlainPosts}>
      <SignInReason returnTo={pageContext.urlParsed.search.returnTo} />
      {view.user && !signingIn ? (
        <SignedInNotice view={view} continueTo={target} onSignOut={() => send({ type: "SIGN_OUT" })} />
      ) : (
        <AccountForm form={form} view={linkLast ? quiet(view) : view} submitLabel={t("nav.login")} enabled={view.canSignIn}>
          <p className={styles.required}>{t("account.form.required")}</p>
          <TextField label={t("account.field.email")} {...form.text("email")} type="email" autoComplete="email" required />
          <TextField label={t("account.field.password")} {...form.text("password")} type="password" autoComplete="current-password" required />
        </AccountForm>
      )}
      {view.user && !signingIn ? null : (
        <section className={styles.alternative} aria-labelledby="sign-in-link-heading">
          <h2 id="sign-in-link-heading">{t("account.signInLink.heading")}</h2>
          {linkSent ? (
            <FormStatus notice={t("account.signInLink.sent")} />
          ) : (
            <AccountForm form={linkForm} view={linkLast ? view : quiet(view)} submitLabel={t("account.signInLink.submit")} enabled={view.canSignIn}>
              <p>{t("account.signInLink.intro")}</p>
              <TextField label={t("account.field.email")} {...linkForm.text("email")} type="email" autoComplete="email" required />
            </AccountForm>
          )}
        </section>
      )}
      <div className={styles.links}>
        <p>
          <a href={localizedPath(routes.forgotPassword.path())}>{t("page.forgotPassword.title")}</a>
        </p>
        <p>
          {t("account.signIn.noAccount")} <a href={localizedPath(routes.register.path())}>{t("nav.register")}</a>
        </p>
      </div>
    </AccountPageFrame>
  );
}
