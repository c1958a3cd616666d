import { Schema } from "effect";
import { LOCALE_CODES, Name, PrivacyPolicyConsent, selectOf, Surname } from "../../core";

/**
 * The local identity server's request bodies: their shape only. What the account's own rules say
 * of a field (a valid address, a password of 6–72 characters that is not a common one) the
 * routes check with the core's field schemas, and answer with the account error the field's
 * problem is (invalid-email, weak-password), as Firebase does.
 */

const Text = Schema.String.annotate({ message: "feedback.error.generic" }).annotateKey({ messageMissingKey: "feedback.error.generic" });
/** The name shown for the account: SPEC §5's name and surname together. */
const DisplayName = Schema.String.annotate({ message: "validation.name.length" })
  .pipe(Schema.check(Schema.isBetweenLength(1, 101, { message: "validation.name.length" })))
  .annotateKey({ messageMissingKey: "validation.name.required" });
const Locale = selectOf(LOCALE_CODES);

/** Registration: the account, the profile's names (SPEC §5's rules) and the privacy consent, given. */
export const SignUpBody = Schema.Struct({ email: Text, password: Text, name: Name, surname: Surname, privacyPolicy: PrivacyPolicyConsent, locale: Locale });
export const SignInBody = Schema.Struct({ email: Text, password: Text });
export const MailRequestBody = Schema.Struct({ email: Text, locale: Locale });
export const VerifyEmailBody = Schema.Struct({ code: Text });
export const SignInWithLinkBody = Schema.Struct({ code: Text, email: Text });
export const ResetPasswordBody = Schema.Struct({ code: Text, newPassword: Text });
export const ResetCodeBody = Schema.Struct({ code: Text });
export const UpdateUserBody = Schema.Struct({ displayName: DisplayName });
export const ChangePasswordBody = Schema.Struct({ currentPassword: Text, newPassword: Text });

export type SignUpBody = typeof SignUpBody.Type;
export type SignInBody = typeof SignInBody.Type;
export type MailRequestBody = typeof MailRequestBody.Type;
export type VerifyEmailBody = typeof VerifyEmailBody.Type;
export type SignInWithLinkBody = typeof SignInWithLinkBody.Type;
export type ResetPasswordBody = typeof ResetPasswordBody.Type;
export type ResetCodeBody = typeof ResetCodeBody.Type;
export type UpdateUserBody = typeof UpdateUserBody.Type;
export type ChangePasswordBody = typeof ChangePasswordBody.Type;
