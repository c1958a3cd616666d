import type { AccountUser } from "../domain/account/account.ops";
import type { LocaleCode } from "../domain/locale/locale.settings";

/** What the registration form gives (SPEC §5): the account, the profile's names, the privacy consent. */
export interface NewAccount {
  readonly email: string;
  readonly password: string;
  readonly name: string;
  readonly surname: string;
  readonly privacyPolicy: true;
}

/**
 * Browser side: the identity provider (SPEC §1, §7). Production: the Firebase Auth SDK; embedded:
 * the local identity server over HTTP. Operations reject with an error whose `code` is the
 * provider's (`auth/…` or the local server's); `accountErrorOf` turns it into a message.
 * `locale` picks the language of the mail the provider sends.
 */
export interface IdentityPort {
  /**
   * Answers alike whether the address has an account or not, and signs no one in (issue 48 item 9:
   * no account enumeration): a new address gets its account, its profile with the consent and the
   * verification mail; a known one gets a mail telling its owner that someone tried to register
   * with it. Rejects only for what the request itself shows (a malformed address, a weak password,
   * too many requests).
   */
  signUp(account: NewAccount, locale: LocaleCode): Promise<void>;
  signIn(email: string, password: string): Promise<AccountUser>;
  /** Ends this browser's session; the server's session cookie is cleared through `onUserChanged`. */
  signOut(): Promise<void>;
  /** Sends (again) the verification mail to the signed-in user. */
  sendVerification(locale: LocaleCode): Promise<void>;
  /** Applies the code of a verification link. */
  verifyEmail(code: string): Promise<void>;
  /**
   * Mails a sign-in link to the address if an account has it; answers alike for known and unknown
   * addresses (no account enumeration), and creates no account.
   */
  requestSignInLink(email: string, locale: LocaleCode): Promise<void>;
  /**
   * Signs in with the code of a sign-in link and the address it was sent to; a used, expired or
   * unknown code, or another address, fails with the provider's invalid or expired action code.
   * Opening the link proves the address: a pending account is verified by it.
   */
  signInWithLink(code: string, email: string): Promise<AccountUser>;
  /** Answers alike for known and unknown addresses: no account enumeration. */
  requestPasswordReset(email: string, locale: LocaleCode): Promise<void>;
  /** Whether a reset link's code can still be used, without using it: rejects as confirmPasswordReset would. */
  checkPasswordResetCode(code: string): Promise<void>;
  confirmPasswordReset(code: string, newPassword: string): Promise<void>;
  /** The provider's own profile fields; the rest lives behind UserProfilePort. */
  updateProfile(changes: { readonly displayName: string }): Promise<AccountUser>;
  /** Proves the current password first; the provider then ends the user's other sessions. */
  updatePassword(currentPassword: string, newPassword: string): Promise<void>;
  /** Permanent; fails with requires-recent-login unless the user signed in lately. */
  deleteAccount(): Promise<void>;
  /** Who is signed in, once the provider has restored a persisted sign-in. */
  currentUser(): Promise<AccountUser | null>;
  /** Asks the provider again: verification happens out of band, by a link opened anywhere. */
  reloadUser(): Promise<AccountUser | null>;
  /** A fresh ID token for the session endpoint and Bearer headers (SPEC §7); null when signed out. */
  idToken(): Promise<string | null>;
  /** Called on every sign-in, sign-out and token change; returns the unsubscribe function. */
  onUserChanged(listener: (user: AccountUser | null) => void): () => void;
}
