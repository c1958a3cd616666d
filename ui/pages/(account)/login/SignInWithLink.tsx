import { useEffect } from "react";
import { navigate } from "vike/client/router";
import { useTranslation } from "../../../components/i18n/use-translation";
import { ACCOUNT_FORMS, routes } from "../../../../core";
import { TextField } from "../../../components/form-field/TextField";
import { AccountForm } from "../../../shell/account/AccountForm";
import { AccountPageFrame } from "../../../shell/account/AccountPageFrame";
import { SignedInNotice } from "../../../shell/account/SignedInNotice";
import { forgetSignInLinkAddress, rememberedSignInLinkAddress } from "../../../shell/account/sign-in-link-address";
import { useAccount } from "../../../shell/account/use-account";
import { useAccountForm } from "../../../shell/account/use-account-form";
import { useLocalizedPath } from "../../../shell/localized-link/use-localized-path";
import { usePageHead } from "../../use-page-head";

/** The form's schema, and Effect with it, load on the form's first use (see useAccountForm). */
const signInWithLinkSchema = async () => (await import("../../../../core/domain/account/account.schema")).SignInWithLinkPayload;

/**
 * The sign-in page as a mailed sign-in link opens it, with the link's `code` (issue 49 item 1: a
 * landing of the sign-in page rather than a page of its own, so that every page's shared code
 * stays what it was). The link signs in only with the address it
 * was sent to: the browser that asked for it remembers the address, any other types it. The code
 * is used by the form's POST, never by opening the page, so a mail scanner that follows the link
 * uses nothing up. A used or expired link says so (SPEC §8 expired-action-code) and offers a new
 * one. Without JavaScript the form posts to this page (the code is in its address).
 */
export function SignInWithLink({ code }: { readonly code: string }) {
  const { t } = useTranslation();
  const localizedPath = useLocalizedPath();
  usePageHead(t("page.signInLink.title"), t("page.signInLink.description"));
  const { view, send, perform } = useAccount();
  // The link's code travels with the form as a value no field shows.
  const form = useAccountForm(
    signInWithLinkSchema,
    { code, email: "" },
    { plainPost: ACCOUNT_FORMS.signInWithLink, hidden: ["code"], submit: (payload) => perform({ type: "SIGN_IN_WITH_LINK", payload }) },
  );
  const { posted } = form;
  const signingIn = form.view.busy || form.view.submitted;
  const dashboard = localizedPath(routes.dashboard.path());
  const email = form.text("email");

  useEffect(() => {
    const remembered = rememberedSignInLinkAddress();
    if (remembered && !email.value) email.onChange(remembered);
    // Once, after hydration: the address the user types afterwards is theirs.
  }, []);

  useEffect(() => {
    if (!form.view.submitted || !view.user) return;
    forgetSignInLinkAddress();
    void navigate(dashboard);
  }, [form.view.submitted, view.user, dashboard]);

  const linkRefused = view.errorKey === "account.error.invalidOrExpiredLink" || posted?.issues[""] === "account.error.invalidOrExpiredLink";
  const requestNew = (
    <p>
      <a href={`${localizedPath(routes.login.path())}#sign-in-link-heading`}>{t("account.signInLink.newLink")}</a>
    </p>
  );

  const content = () => {
    if (view.user && !signingIn) return <SignedInNotice view={view} continueTo={dashboard} onSignOut={() => send({ type: "SIGN_OUT" })} />;
    return (
      <AccountForm form={form} view={view} submitLabel={t("account.signInLink.signIn")} enabled={view.canSignIn} errorActions={linkRefused ? requestNew : undefined}>
        <p>{t("account.signInLink.confirmText")}</p>
        <TextField label={t("account.field.email")} {...email} type="email" autoComplete="email" required />
      </AccountForm>
    );
  };

  return (
    <AccountPageFrame title={t("page.signInLink.title")} lead={t("page.signInLink.description")} worksWithoutJavaScript={form.takesPlainPosts}>
      {content()}
    </AccountPageFrame>
  );
}
