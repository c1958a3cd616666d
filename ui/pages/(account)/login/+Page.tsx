import { useEffect, useState } from "react";
import { useTranslation } from "../../../components/i18n/use-translation";
import { navigate } from "vike/client/router";
import { usePageContext } from "vike-react/usePageContext";
import { ACCOUNT_FORMS, routes, safeReturnPath } from "../../../../core";
import { TextField } from "../../../components/form-field/TextField";
import { SignInReason } from "../../../components/sign-in-reason/SignInReason";
import { useSchemaForm } from "../../../components/form-field/use-schema-form";
import { AccountFormFooter } from "../../../shell/account/AccountFormFooter";
import { AccountPageFrame } from "../../../shell/account/AccountPageFrame";
import styles from "../../../shell/account/AccountPage.module.css";
import { PlainPostFields } from "../../../shell/account/PlainPostFields";
import { SignedInNotice } from "../../../shell/account/SignedInNotice";
import { useAccount } from "../../../shell/account/use-account";
import { usePlainPost } from "../../../shell/account/use-plain-post";
import { useLocalizedPath } from "../../../shell/localized-link/use-localized-path";
import { usePageHead } from "../../use-page-head";

/** The form's schema, and Effect with it, load after hydration (see useSchemaForm). */
const signInSchema = async () => (await import("../../../../core/domain/account/account.schema")).SignInPayload;

/**
 * Sign in (SPEC §4 'Signing in...'), then on to `returnTo` when it stays on the site, or the
 * dashboard. Without JavaScript the form posts to this page, which the server answers the same way.
 */
export default function Page() {
  const { t } = useTranslation();
  const pageContext = usePageContext();
  const localizedPath = useLocalizedPath();
  usePageHead(t("page.login.title"), t("page.login.description"));
  const { view, send } = useAccount();
  const { posted, plain, takesPlainPosts } = usePlainPost(ACCOUNT_FORMS.signIn);
  const form = useSchemaForm(signInSchema, { email: "", password: "" }, { posted, plainPost: takesPlainPosts });
  const [signingIn, setSigningIn] = useState(false);
  const target = safeReturnPath(pageContext.urlParsed.search.returnTo) ?? localizedPath(routes.dashboard.path());

  useEffect(() => {
    if (signingIn && view.user && !view.busy) void navigate(target);
  }, [signingIn, view.user, view.busy, target]);

  return (
    <AccountPageFrame title={t("page.login.title")} lead={t("page.login.description")} worksWithoutJavaScript={takesPlainPosts}>
      <SignInReason returnTo={pageContext.urlParsed.search.returnTo} />
      {view.user && !signingIn ? (
        <SignedInNotice view={view} continueTo={target} onSignOut={() => send({ type: "SIGN_OUT" })} />
      ) : (
        <form
          className={styles.form}
          method="post"
          noValidate
          onSubmit={form.handleSubmit((payload) => {
            if (!view.canSignIn) return;
            setSigningIn(true);
            send({ type: "SIGN_IN", payload });
          })}
        >
          <PlainPostFields form={ACCOUNT_FORMS.signIn} />
          <p className={styles.required}>{t("account.form.required")}</p>
          <TextField label={t("account.field.email")} {...form.text("email")} type="email" autoComplete="email" required />
          <TextField label={t("account.field.password")} {...form.text("password")} type="password" autoComplete="current-password" required />
          <AccountFormFooter view={view} formError={form.formError} reloadNeeded={form.reloadNeeded} submitLabel={t("nav.login")} enabled={view.canSignIn} plain={plain} />
        </form>
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
