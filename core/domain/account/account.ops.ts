/**
 * The signed-in person as the identity provider reports them: the fields the browser and the
 * server's session both carry (the same shape as the session port's `SessionUser`).
 */
export interface AccountUser {
  readonly uid: string;
  readonly email: string;
  readonly emailVerified: boolean;
  readonly displayName: string | null;
}

/** SPEC §4, §6: where an account stands; until the email is verified, access is limited. */
export type AccountStanding = "signedOut" | "pendingVerification" | "verified";

export function accountStanding(user: AccountUser | null): AccountStanding {
  if (user === null) return "signedOut";
  return user.emailVerified ? "verified" : "pendingVerification";
}

/**
 * The code of a verification or password-reset link: `code` on the local provider's links,
 * `oobCode` on Firebase's (whose action URL points at the same pages).
 */
export function actionCodeOf(search: Readonly<Record<string, string>>): string {
  const read = (name: string) => (Object.hasOwn(search, name) ? search[name] : undefined);
  return read("code") || read("oobCode") || "";
}
