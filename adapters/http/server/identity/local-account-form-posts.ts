import type { Context } from "hono";
import {
  ACCOUNT_FORMS,
  EmailVerificationPayload,
  NEW_PASSWORD_CONFIRMATIONS,
  PasswordResetConfirmPayload,
  PasswordResetRequestPayload,
  SIGN_UP_CONFIRMATIONS,
  SignInLinkRequestPayload,
  SignInPayload,
  SignInWithLinkPayload,
  SignUpPayload,
  actionCodeOf,
  checkForm,
  formPostValues,
  isLocaleCode,
  safeReturnPath,
  type AccountFormName,
  type AccountUser,
  type FieldValues,
  type FormPost,
  type LocaleCode,
} from "../../../../core";
import type { PageFormAction, PageFormAnswer } from "../page-form-posts.middleware";
import { clearedSessionCookies, sessionCookies } from "../session-cookies";
import type { LocalIdentityOperations } from "./local-identity.routes";
import { identitySessionCookieName, identitySessionTokenOf, type LocalSessions } from "../../../embedded/identity/local-sessions";

export interface LocalAccountFormPostsOptions {
  readonly operations: LocalIdentityOperations;
  readonly sessions: LocalSessions;
  /** Production: the session cookie is sent over HTTPS only. */
  readonly secureCookie: boolean;
  /** Where a signed-in user lands unless the sign-in page names a same-site `returnTo`. */
  readonly dashboardPath: (locale: LocaleCode) => string;
  /** Where a signed-out user lands. */
  readonly homePath: (locale: LocaleCode) => string;
  readonly defaultLocale: LocaleCode;
}

/**
 * The account forms sent to their page without JavaScript (SPEC §4 on the embedded identity
 * server): each is decoded with the schema the browser's form uses, then goes through the same
 * identity operation as the browser's JSON call, with its rate limits. A sign-in that works
 * answers with a redirect (303) carrying the provider's cookie and the `__session` cookie that
 * server rendering reads, so the next page is the signed-in one; a registration signs no one in
 * and says the same for a new and a known address (check your mail); a sign-out ends the
 * user's sessions everywhere, clears both cookies and goes home; anything else renders the page
 * again with what was typed (never a password) and the message, or with the outcome.
 */
export function localAccountFormPosts(options: LocalAccountFormPostsOptions): Record<AccountFormName, PageFormAction> {
  const { operations } = options;
  const localeOf = (fields: Readonly<Record<string, unknown>>): LocaleCode => (isLocaleCode(fields.locale) ? fields.locale : options.defaultLocale);
  const codeOf = (c: Context) => actionCodeOf(Object.fromEntries(new URL(c.req.url).searchParams));

  /** The `__session` cookie for a user the provider has just signed in, beside the provider's own. */
  const signedIn = async (response: Response, user: AccountUser, redirectTo: string): Promise<PageFormAnswer> => {
    const headers = new Headers();
    for (const cookie of response.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
    // The site's session is bound to the identity server's, which this response has just opened.
    const identitySession = identitySessionTokenOf(setCookieValue(response, identitySessionCookieName(options.secureCookie)));
    const idToken = identitySession ? options.sessions.mintIdToken(user.uid, identitySession) : null;
    if (idToken) {
      const session = await options.sessions.sessions.issue(idToken.token, user);
      for (const line of sessionCookies(session, user, options.secureCookie)) headers.append("Set-Cookie", line);
    }
    return { redirectTo, headers };
  };

  return {
    [ACCOUNT_FORMS.signIn]: {
      async handle(fields, c) {
        const values = formPostValues(fields, { text: ["email", "password"], checkboxes: [] });
        const shown = { email: values.email ?? "" };
        const check = checkForm(SignInPayload, values);
        if (!check.ok) return invalid(ACCOUNT_FORMS.signIn, shown, check.issues);
        const response = await operations.signIn(c, check.payload);
        const user = await userOf(response);
        if (!user) return refused(ACCOUNT_FORMS.signIn, shown, response);
        const returnTo = safeReturnPath(new URL(c.req.url).searchParams.get("returnTo"));
        return signedIn(response, user, returnTo ?? options.dashboardPath(localeOf(fields)));
      },
    },
    [ACCOUNT_FORMS.requestSignInLink]: {
      async handle(fields, c) {
        const values = formPostValues(fields, { text: ["email"], checkboxes: [] });
        const check = checkForm(SignInLinkRequestPayload, values);
        if (!check.ok) return invalid(ACCOUNT_FORMS.requestSignInLink, values, check.issues);
        const response = await operations.requestSignInLink(c, { email: check.payload.email, locale: localeOf(fields) });
        return response.ok ? accepted(ACCOUNT_FORMS.requestSignInLink) : refused(ACCOUNT_FORMS.requestSignInLink, values, response);
      },
    },
    [ACCOUNT_FORMS.signInWithLink]: {
      async handle(fields, c) {
        const typed = formPostValues(fields, { text: ["email"], checkboxes: [] });
        const values = { code: codeOf(c), ...typed };
        const shown = { email: typed.email ?? "" };
        const check = checkForm(SignInWithLinkPayload, values);
        if (!check.ok) return invalid(ACCOUNT_FORMS.signInWithLink, shown, linkIssues(check.issues));
        const response = await operations.signInWithLink(c, check.payload);
        const user = await userOf(response);
        if (!user) return refused(ACCOUNT_FORMS.signInWithLink, shown, response);
        return signedIn(response, user, options.dashboardPath(localeOf(fields)));
      },
    },
    [ACCOUNT_FORMS.register]: {
      async handle(fields, c) {
        const values = formPostValues(fields, { text: ["name", "surname", "email", "password", "passwordConfirmation"], checkboxes: ["privacyPolicy"] });
        const { password: _password, passwordConfirmation: _confirmation, ...shown } = values;
        const check = checkForm(SignUpPayload, values, SIGN_UP_CONFIRMATIONS);
        if (!check.ok) return invalid(ACCOUNT_FORMS.register, shown, check.issues);
        const { name, surname, email, password } = check.payload;
        const response = await operations.signUp(c, { email, password, name, surname, privacyPolicy: true, locale: localeOf(fields) });
        if (!response.ok) return refused(ACCOUNT_FORMS.register, shown, response);
        // The identity server has stored a new account's profile; the page says to check the mail, whichever address it was.
        return { status: 200, post: { form: ACCOUNT_FORMS.register, values: { email }, issues: {}, outcome: "accepted" } };
      },
    },
    [ACCOUNT_FORMS.forgotPassword]: {
      async handle(fields, c) {
        const values = formPostValues(fields, { text: ["email"], checkboxes: [] });
        const check = checkForm(PasswordResetRequestPayload, values);
        if (!check.ok) return invalid(ACCOUNT_FORMS.forgotPassword, values, check.issues);
        const response = await operations.requestPasswordReset(c, { email: check.payload.email, locale: localeOf(fields) });
        return response.ok ? accepted(ACCOUNT_FORMS.forgotPassword) : refused(ACCOUNT_FORMS.forgotPassword, values, response);
      },
    },
    [ACCOUNT_FORMS.resetPassword]: {
      async handle(fields, c) {
        const values = { code: codeOf(c), ...formPostValues(fields, { text: ["newPassword", "newPasswordConfirmation"], checkboxes: [] }) };
        const check = checkForm(PasswordResetConfirmPayload, values, NEW_PASSWORD_CONFIRMATIONS);
        if (!check.ok) return invalid(ACCOUNT_FORMS.resetPassword, {}, linkIssues(check.issues));
        const response = await operations.resetPassword(c, { code: check.payload.code, newPassword: check.payload.newPassword });
        return response.ok ? accepted(ACCOUNT_FORMS.resetPassword) : refused(ACCOUNT_FORMS.resetPassword, {}, response);
      },
    },
    [ACCOUNT_FORMS.signOut]: {
      async handle(fields, c) {
        const response = await operations.signOut(c);
        // Whatever the provider answers, this browser is signed out of the site.
        const headers = new Headers();
        for (const cookie of response.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
        for (const cookie of clearedSessionCookies(options.secureCookie)) headers.append("Set-Cookie", cookie);
        return { redirectTo: options.homePath(localeOf(fields)), headers };
      },
    },
    [ACCOUNT_FORMS.verifyEmail]: {
      async handle(_fields, c) {
        const check = checkForm(EmailVerificationPayload, { code: codeOf(c) });
        if (!check.ok) return invalid(ACCOUNT_FORMS.verifyEmail, {}, linkIssues(check.issues));
        const response = await operations.verifyEmail(c, check.payload);
        return response.ok ? accepted(ACCOUNT_FORMS.verifyEmail) : refused(ACCOUNT_FORMS.verifyEmail, {}, response);
      },
    },
  };
}

function accepted(form: AccountFormName): PageFormAnswer {
  return { status: 200, post: { form, values: {}, issues: {}, outcome: "accepted" } };
}

function invalid(form: AccountFormName, values: FieldValues, issues: FormPost["issues"]): PageFormAnswer {
  return { status: 422, post: { form, values, issues, outcome: "invalid" } };
}

/** The link's code is no field of the form: its problem is the whole form's, as in the browser. */
function linkIssues({ code, ...fields }: FormPost["issues"]): FormPost["issues"] {
  return code === undefined ? fields : { "": code, ...fields };
}

/** The identity server's refusal (wrong password, expired link, too many attempts) as the page shows it. */
async function refused(form: AccountFormName, values: FieldValues, response: Response): Promise<PageFormAnswer> {
  const body = (await response.json().catch(() => null)) as { error?: { message?: unknown } } | null;
  const message = typeof body?.error?.message === "string" ? body.error.message : "account.error.generic";
  const issues = { "": message };
  if (response.status === 429) {
    const retryAfter = response.headers.get("Retry-After");
    return { status: 429, post: { form, values, issues, outcome: "rate-limited" }, headers: retryAfter ? { "Retry-After": retryAfter } : undefined };
  }
  if (response.status >= 500) return { status: 503, post: { form, values, issues, outcome: "failed" } };
  return { status: 422, post: { form, values, issues, outcome: "invalid" } };
}

/** The user a successful sign-in or sign-up answers with. */
async function userOf(response: Response): Promise<AccountUser | null> {
  if (!response.ok) return null;
  const body = (await response.clone().json().catch(() => null)) as { user?: AccountUser | null } | null;
  return body?.user ?? null;
}

/** The value a response sets for the cookie `name`, decoded; undefined when it sets none. */
function setCookieValue(response: Response, name: string): string | undefined {
  for (const line of response.headers.getSetCookie()) {
    const pair = line.split(";")[0] ?? "";
    const split = pair.indexOf("=");
    if (split > 0 && pair.slice(0, split).trim() === name) {
      try {
        return decodeURIComponent(pair.slice(split + 1).trim());
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}
