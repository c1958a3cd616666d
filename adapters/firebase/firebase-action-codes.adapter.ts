import { getAuth, type Auth } from "firebase-admin/auth";
import type { AccountActionCodesPort } from "../../core";
import { firebaseAdminApp } from "./firebase-admin-app";

/**
 * Accounts and their links' codes on firebase-admin (production). Accounts are made on the server,
 * so the browser never hears Firebase's email-already-in-use and nobody is signed in; the links'
 * codes go out in the site's own mails (the outbox, in the account's language) instead of
 * Firebase's templates, and the site's pages apply them with the browser's SDK.
 */
export function createFirebaseActionCodes({ auth }: { readonly auth: Auth }): AccountActionCodesPort {
  return {
    async register({ email, password, displayName }) {
      let uid: string;
      try {
        ({ uid } = await auth.createUser({ email, password, displayName, emailVerified: false }));
      } catch (error) {
        if (codeOf(error) !== "auth/email-already-exists") throw error;
        return { kind: "known", uid: (await auth.getUserByEmail(email)).uid };
      }
      return { kind: "created", uid, verificationCode: oobCodeOf(await auth.generateEmailVerificationLink(email)) };
    },
    async passwordResetCode(email) {
      try {
        const { uid } = await auth.getUserByEmail(email);
        return { uid, code: oobCodeOf(await auth.generatePasswordResetLink(email)) };
      } catch (error) {
        if (codeOf(error) === "auth/user-not-found" || codeOf(error) === "auth/email-not-found") return null;
        throw error;
      }
    },
    async verificationCode(email) {
      return oobCodeOf(await auth.generateEmailVerificationLink(email));
    },
    async signInsValidSince(uid) {
      try {
        const { tokensValidAfterTime } = await auth.getUser(uid);
        return tokensValidAfterTime ? new Date(tokensValidAfterTime) : null;
      } catch (error) {
        if (codeOf(error) === "auth/user-not-found") return null;
        throw error;
      }
    },
  };
}

/** Shorthand for the composition root: the action codes of the project's default admin app. */
export function createFirebaseActionCodesForProject(projectId: string): AccountActionCodesPort {
  return createFirebaseActionCodes({ auth: getAuth(firebaseAdminApp({ projectId })) });
}

/** Firebase's link is its own action page's; the site's pages need only the code. */
function oobCodeOf(link: string): string {
  const code = new URL(link).searchParams.get("oobCode");
  if (!code) throw new Error("Firebase's action link carries no oobCode");
  return code;
}

function codeOf(error: unknown): string | undefined {
  return typeof error === "object" && error !== null && "code" in error && typeof error.code === "string" ? error.code : undefined;
}
