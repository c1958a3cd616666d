import type { Confirmation } from "../forms/form-check.ops";
import { PASSWORD_MISMATCH_MESSAGE } from "./password-confirmation.ops";

/**
 * The account pages' forms by the name a plain post (without JavaScript) sends in its `form`
 * field: the server's action for each decides as the browser's form does.
 */
export const ACCOUNT_FORMS = {
  signIn: "sign-in",
  /** "Send me a sign-in link", on the sign-in page. */
  requestSignInLink: "sign-in-link-request",
  /** The sign-in link's landing page. */
  signInWithLink: "sign-in-with-link",
  register: "register",
  forgotPassword: "forgot-password",
  resetPassword: "reset-password",
  verifyEmail: "verify-email",
  signOut: "sign-out",
} as const;

export type AccountFormName = (typeof ACCOUNT_FORMS)[keyof typeof ACCOUNT_FORMS];

/** The password fields each form repeats, checked on blur in the browser and on a plain post alike. */
export const SIGN_UP_CONFIRMATIONS: readonly Confirmation[] = [["password", "passwordConfirmation", PASSWORD_MISMATCH_MESSAGE]];
export const NEW_PASSWORD_CONFIRMATIONS: readonly Confirmation[] = [["newPassword", "newPasswordConfirmation", PASSWORD_MISMATCH_MESSAGE]];
