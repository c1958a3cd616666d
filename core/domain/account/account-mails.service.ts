import type { LocaleCode } from "../locale/locale.settings";
import type { AccountActionCodesPort } from "../../ports/account-action-codes.port";
import type { MailPort } from "../../ports/mail.port";
import type { SpentTokensPort } from "../../ports/spent-tokens.port";
import type { UserProfilePort } from "../../ports/user-profile.port";
import { accountMailLocale } from "./mail-locale.ops";
import { displayNameOf, newUserProfile } from "./new-user-profile.ops";

export interface AccountMailsPorts {
  readonly codes: AccountActionCodesPort;
  readonly userProfiles: UserProfilePort;
  readonly mail: MailPort;
  /** Which password changes the owner has been told of already: one mail per change, whoever asks. */
  readonly toldChanges: SpentTokensPort;
}

/**
 * How recent a change of the account's sign-ins must be for "your password was changed" to be
 * sent: the browser asks right after it changed the password; a later call finds nothing new.
 */
export const PASSWORD_CHANGE_NOTICE_WINDOW_MS = 10 * 60_000;

export interface AccountMailsSettings {
  /** The site's pages the mails link to, absolute. */
  readonly links: {
    verifyEmail(code: string, locale: LocaleCode): string;
    resetPassword(code: string, locale: LocaleCode): string;
    signIn(locale: LocaleCode): string;
    forgotPassword(locale: LocaleCode): string;
  };
  /** Whether a known address's owner may hear of one more registration attempt now; a refusal is silent. */
  readonly mayTellOwner: (email: string) => Promise<boolean>;
  /** The language of a mail to an account without a preferred one. */
  readonly defaultLocale: LocaleCode;
}

/** A registration form's payload, decoded, in the language of the page it came from. */
export interface RegistrationRequest {
  readonly email: string;
  readonly password: string;
  readonly name: string;
  readonly surname: string;
  readonly locale: LocaleCode;
}

/**
 * The account mails the site writes itself, where the provider would tell known addresses apart
 * (issue 48 item 9) or write in the page's language (issue 49 item 16). Registration: a new
 * address gets its account, its profile with the privacy consent and the verification link; a
 * known one's owner a mail saying someone tried to register with it. A reset goes to a known
 * address only, and an unknown one costs the caller the same: it answers before any of this runs.
 * Every mail to an existing account is in the account's preferred language. A changed password is
 * told to the owner (OWASP ASVS V2.2.3) when the provider says the account's sign-ins moved lately.
 */
export function createAccountMails(ports: AccountMailsPorts, settings: AccountMailsSettings) {
  const { codes, userProfiles, mail } = ports;
  const { links } = settings;
  const localeOf = async (uid: string, pageLocale: LocaleCode) => accountMailLocale(await userProfiles.get(uid), pageLocale);

  return {
    async register(request: RegistrationRequest, now: Date): Promise<void> {
      const { email, password, name, surname, locale } = request;
      const outcome = await codes.register({ email, password, displayName: displayNameOf(name, surname) });
      if (outcome.kind === "created") {
        await userProfiles.upsert(newUserProfile(outcome.uid, { name, surname, preferredLanguage: locale, privacyPolicy: true }, now.toISOString()));
        await mail.send({ to: email, locale, template: "verifyEmail", params: { link: links.verifyEmail(outcome.verificationCode, locale) } });
        return;
      }
      if (!(await settings.mayTellOwner(email))) return;
      const ownerLocale = await localeOf(outcome.uid, locale);
      await mail.send({
        to: email,
        locale: ownerLocale,
        template: "registrationAttempt",
        params: { signInLink: links.signIn(ownerLocale), resetLink: links.forgotPassword(ownerLocale) },
      });
    },

    async requestPasswordReset(email: string, pageLocale: LocaleCode): Promise<void> {
      const reset = await codes.passwordResetCode(email);
      if (!reset) return;
      const locale = await localeOf(reset.uid, pageLocale);
      await mail.send({ to: email, locale, template: "resetPassword", params: { link: links.resetPassword(reset.code, locale) } });
    },

    /** Again, to the signed-in user's own address. */
    async sendVerification(user: { readonly uid: string; readonly email: string }, pageLocale: LocaleCode): Promise<void> {
      const code = await codes.verificationCode(user.email);
      const locale = await localeOf(user.uid, pageLocale);
      await mail.send({ to: user.email, locale, template: "verifyEmail", params: { link: links.verifyEmail(code, locale) } });
    },

    /**
     * After the browser changed the signed-in user's password with the provider's SDK (Firebase):
     * the owner's "your password was changed" mail, once per change. The provider's own record
     * decides, not the caller: its sign-ins' valid-since must have moved within the window.
     */
    async tellPasswordChanged(user: { readonly uid: string; readonly email: string }, now: Date): Promise<void> {
      const since = await codes.signInsValidSince(user.uid);
      if (!since) return;
      const age = now.getTime() - since.getTime();
      if (age < 0 || age > PASSWORD_CHANGE_NOTICE_WINDOW_MS) return;
      if (!(await ports.toldChanges.spend(`password-changed:${user.uid}:${since.getTime()}`, since.getTime() + PASSWORD_CHANGE_NOTICE_WINDOW_MS))) return;
      const locale = await localeOf(user.uid, settings.defaultLocale);
      await mail.send({ to: user.email, locale, template: "passwordChanged", params: { link: links.forgotPassword(locale) } });
    },
  };
}

export type AccountMails = ReturnType<typeof createAccountMails>;
