import { Schema } from "effect";
import { LOCALE_CODES } from "../locale/locale.settings";
import { Email, PrivacyPolicyConsent } from "../forms/email-and-consents.schema";
import { Name, OptionalAddress, OptionalBirthdate, OptionalPhone, selectOf, Surname } from "../forms/field.schema";
import { requiredText } from "../forms/text-field.schema";
import { PASSWORD_MISMATCH_MESSAGE, passwordConfirmationIssue } from "./password-confirmation.ops";

/**
 * SPEC §5: the account forms' payloads, decoded alike by the browser's forms and the server's
 * routes. Each field is the shared field schema; these only add what spans fields.
 */

export const Password = requiredText(
  "validation.password.required",
  Schema.isBetweenLength(6, 72, { message: "validation.password.length" }),
);

/** The repeated password: its one rule is to match, so every problem with it reads 'Passwords do not match'. */
const PasswordConfirmation = Schema.String.annotate({ message: PASSWORD_MISMATCH_MESSAGE }).annotateKey({
  messageMissingKey: PASSWORD_MISMATCH_MESSAGE,
});

/**
 * The confirmation must equal the password. A struct's check runs once its fields decode, so a form
 * shows the mismatch after the fields' own messages (or checks it on blur with `passwordConfirmationIssue`).
 */
function confirms<const P extends string, const C extends string>(password: P, confirmation: C) {
  return Schema.makeFilter((payload: { readonly [K in P | C]: string }) => {
    const issue = passwordConfirmationIssue(payload[password], payload[confirmation]);
    return issue === undefined || { path: [confirmation], issue };
  });
}

/** The code an emailed link carries (verification, password reset, sign-in); without one the link is unusable. */
const ActionCode = Schema.String.annotate({ message: "account.error.invalidOrExpiredLink" })
  .pipe(Schema.check(Schema.isMinLength(1, { message: "account.error.invalidOrExpiredLink" })))
  .annotateKey({ messageMissingKey: "account.error.invalidOrExpiredLink" });

export const SignUpPayload = Schema.Struct({
  name: Name,
  surname: Surname,
  email: Email,
  password: Password,
  passwordConfirmation: PasswordConfirmation,
  privacyPolicy: PrivacyPolicyConsent,
}).check(confirms("password", "passwordConfirmation"));
export type SignUpPayload = typeof SignUpPayload.Type;

export const SignInPayload = Schema.Struct({ email: Email, password: Password });
export type SignInPayload = typeof SignInPayload.Type;

/** The profile's details: the name is required, the rest may stay empty ("", stored as unknown). */
export const ProfileUpdatePayload = Schema.Struct({
  name: Name,
  surname: Surname,
  phone: OptionalPhone,
  birthdate: OptionalBirthdate,
  address: OptionalAddress,
  /** Used for mails and the next visit. */
  preferredLanguage: selectOf(LOCALE_CODES),
});
export type ProfileUpdatePayload = typeof ProfileUpdatePayload.Type;

/**
 * The language alone (mails, the next visit): a pending or not yet completed account may store it,
 * which a whole profile update (every field) would not allow.
 */
export const LanguagePreferencePayload = Schema.Struct({ preferredLanguage: selectOf(LOCALE_CODES) });
export type LanguagePreferencePayload = typeof LanguagePreferencePayload.Type;

/** The profile created right after sign-up: what the registration form asked for. */
export const NewProfilePayload = Schema.Struct({
  name: Name,
  surname: Surname,
  preferredLanguage: selectOf(LOCALE_CODES),
  privacyPolicy: PrivacyPolicyConsent,
});
export type NewProfilePayload = typeof NewProfilePayload.Type;

/** A new password that is the current one changes nothing: it is refused, as a mistake. */
const differsFromCurrent = Schema.makeFilter(
  (payload: { readonly currentPassword: string; readonly newPassword: string }) =>
    payload.newPassword !== payload.currentPassword || { path: ["newPassword"], issue: "validation.password.sameAsCurrent" },
);

export const PasswordUpdatePayload = Schema.Struct({
  currentPassword: Password,
  newPassword: Password,
  newPasswordConfirmation: PasswordConfirmation,
}).check(differsFromCurrent, confirms("newPassword", "newPasswordConfirmation"));
export type PasswordUpdatePayload = typeof PasswordUpdatePayload.Type;

export const PasswordResetRequestPayload = Schema.Struct({ email: Email });
export type PasswordResetRequestPayload = typeof PasswordResetRequestPayload.Type;

export const PasswordResetConfirmPayload = Schema.Struct({
  code: ActionCode,
  newPassword: Password,
  newPasswordConfirmation: PasswordConfirmation,
}).check(confirms("newPassword", "newPasswordConfirmation"));
export type PasswordResetConfirmPayload = typeof PasswordResetConfirmPayload.Type;

/** "Send me a sign-in link": the address alone. */
export const SignInLinkRequestPayload = Schema.Struct({ email: Email });
export type SignInLinkRequestPayload = typeof SignInLinkRequestPayload.Type;

/**
 * The sign-in link's landing page: its code, and the address it was sent to, typed again (or
 * remembered by the browser that asked): a link forwarded or intercepted is no sign-in alone.
 */
export const SignInWithLinkPayload = Schema.Struct({ code: ActionCode, email: Email });
export type SignInWithLinkPayload = typeof SignInWithLinkPayload.Type;

/** The verification link's landing page. */
export const EmailVerificationPayload = Schema.Struct({ code: ActionCode });
export type EmailVerificationPayload = typeof EmailVerificationPayload.Type;
/** Whether a verification link's code is worth sending to the provider. */
export const isUsableEmailVerification = Schema.is(EmailVerificationPayload);

/** A fresh ID token from the identity provider; its contents are the server's verifier's business. */
const IdToken = Schema.String.annotate({ message: "account.error.generic" }).pipe(
  Schema.check(Schema.isBetweenLength(1, 4096, { message: "account.error.generic" })),
);

/**
 * SPEC §7: what the browser posts to the session endpoint when its user changes: a fresh ID token,
 * or null to end the server-side session.
 */
export const SessionTokenPayload = Schema.Struct({
  token: Schema.NullOr(IdToken).annotate({ message: "account.error.generic" }).annotateKey({ messageMissingKey: "account.error.generic" }),
}).annotate({ message: "account.error.generic" });
export type SessionTokenPayload = typeof SessionTokenPayload.Type;
