/** What registration made of an address: a new account, with the code of its verification link, or the one it already had. */
export type RegistrationOutcome =
  | { readonly kind: "created"; readonly uid: string; readonly verificationCode: string }
  | { readonly kind: "known"; readonly uid: string };

/**
 * Server side: accounts and the codes their mailed links carry, for a provider whose browser SDK
 * would tell a known address apart and write its own mails (Firebase's refuses a known address
 * with email-already-in-use, and mails in the page's language). Production: firebase-admin. The
 * local identity server does the same inside better-auth (adapters/embedded/identity).
 */
export interface AccountActionCodesPort {
  /** Creates the account unverified and signed in nowhere; a known address's account is left as it is. */
  register(account: { readonly email: string; readonly password: string; readonly displayName: string }): Promise<RegistrationOutcome>;
  /** A password-reset code for the address's account; null when no account has the address. */
  passwordResetCode(email: string): Promise<{ readonly uid: string; readonly code: string } | null>;
  /** A new verification code for the account with this address. */
  verificationCode(email: string): Promise<string>;
  /**
   * Since when the account's sign-ins are valid: the provider moves it when the password changes
   * (and when every sign-in is ended); null for an account it does not know.
   */
  signInsValidSince(uid: string): Promise<Date | null>;
}
