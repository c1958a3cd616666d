import { useEffect, useState } from "react";
import { useTranslation } from "../../../components/i18n/use-translation";
import { navigate } from "vike/client/router";
import { usePageContext } from "vike-react/usePageContext";
import { ACCOUNT_FEEDBACK, ACCOUNT_FORMS, actionCodeOf, routes, safeReturnPath, type AccountView } from "../../../../core";
import { FormStatus } from "../../../components/form-field/FormStatus";
import { TextField } from "../../../components/form-field/TextField";
import { SignInReason } from "../../../components/sign-in-reason/SignInReason";
import { useSchemaForm } from "../../../components/form-field/use-schema-form";
import { AccountFormFooter } from "../../../shell/account/AccountFormFooter";
import { AccountPageFrame } from "../../../shell/account/AccountPageFrame";
import styles from "../../../shell/account/AccountPage.module.css";
import { PlainPostFields } from "../../../shell/account/PlainPostFields";
import { SignedInNotice } from "../../../shell/account/SignedInNotice";
import { rememberSignInLinkAddress } from "../../../shell/account/sign-in-link-address";
import { useAccount } from "../../../shell/account/use-account";
import { usePlainPost } from "../../../shell/account/use-plain-post";
import { useLocalizedPath } from "../../../shell/localized-link/use-localized-path";
import { usePageHead } from "../../use-page-head";
import { SignInWithLink } from "./SignInWithLink";

/** The form's schema, and Effect with it, load after hydration (see useSchemaForm). */
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
  const { view, send } = useAccount();
  const { posted, plain, takesPlainPosts } = usePlainPost(ACCOUNT_FORMS.signIn);
  const form = useSchemaForm(signInSchema, { email: "", password: "" }, { posted, plainPost: takesPlainPosts });
  const [signingIn, setSigningIn] = useState(false);
  const linkPost = usePlainPost(ACCOUNT_FORMS.requestSignInLink);
  const linkForm = useSchemaForm(signInLinkSchema, { email: "" }, { posted: linkPost.posted, plainPost: linkPost.takesPlainPosts });
  const [lastSent, setLastSent] = useState<"password" | "link" | undefined>(linkPost.posted ? "link" : undefined);
  const linkSent = linkPost.posted?.outcome === "accepted" || (lastSent === "link" && !view.busy && view.noticeKey === ACCOUNT_FEEDBACK.emailSent);
  const target = safeReturnPath(pageContext.urlParsed.search.returnTo) ?? localizedPath(routes.dashboard.path());

  useEffect(() => {
    if (!signingIn || !view.user || view.busy) return;
    // The door kiosk is a client of its own, not one of Vike's pages: the browser loads it (issue 54).
    if (target.startsWith("/kiosk/")) window.location.assign(target);
    else void navigate(target);
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
            setLastSent("password");
            send({ type: "SIGN_IN", payload });
          })}
        >
          <PlainPostFields form={ACCOUNT_FORMS.signIn} />
          <p className={styles.required}>{t("account.form.required")}</p>
          <TextField label={t("account.field.email")} {...form.text("email")} type="email" autoComplete="email" required />
          <TextField label={t("account.field.password")} {...form.text("password")} type="password" autoComplete="current-password" required />
          <AccountFormFooter view={lastSent === "link" ? quiet(view) : view} formError={form.formError} reloadNeeded={form.reloadNeeded} submitLabel={t("nav.login")} enabled={view.canSignIn} plain={plain} />
        </form>
      )}
      {view.user && !signingIn ? null : (
        <section className={styles.alternative} aria-labelledby="sign-in-link-heading">
          <h2 id="sign-in-link-heading">{t("account.signInLink.heading")}</h2>
          {linkSent ? (
            <FormStatus notice={t("account.signInLink.sent")} />
          ) : (
            <form
              className={styles.form}
              method="post"
              noValidate
              onSubmit={linkForm.handleSubmit((payload) => {
                if (!view.canSignIn) return;
                setLastSent("link");
                rememberSignInLinkAddress(payload.email);
                send({ type: "REQUEST_SIGN_IN_LINK", payload });
              })}
            >
              <PlainPostFields form={ACCOUNT_FORMS.requestSignInLink} />
              <p>{t("account.signInLink.intro")}</p>
              <TextField label={t("account.field.email")} {...linkForm.text("email")} type="email" autoComplete="email" required />
              <AccountFormFooter
                view={lastSent === "link" ? view : quiet(view)}
                formError={linkForm.formError}
                reloadNeeded={linkForm.reloadNeeded}
                submitLabel={t("account.signInLink.submit")}
                enabled={view.canSignIn}
                plain={linkPost.plain}
              />
            </form>
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
