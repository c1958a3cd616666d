import { assertEvent, assign, fromCallback, fromPromise, setup, type EventObject } from "xstate";
import { ACCOUNT_FEEDBACK } from "./account-feedback.settings";
import type { LocaleCode } from "../locale/locale.settings";
import type { AccountUser } from "./account.ops";
import { accountErrorOf, type AccountErrorKey } from "./account-error.ops";
import type {
  EmailVerificationPayload,
  LanguagePreferencePayload,
  PasswordResetConfirmPayload,
  PasswordResetRequestPayload,
  PasswordUpdatePayload,
  ProfileUpdatePayload,
  SignInLinkRequestPayload,
  SignInPayload,
  SignInWithLinkPayload,
  SignUpPayload,
} from "./account.schema";

export const ACCOUNT_SETTINGS = {
  /** After a verification mail the resend action rests this long; the provider limits resends as well. */
  verificationResendCooldownMs: 60_000,
} as const;

export interface AccountMachineInput {
  /** The page's language: a new account's, and its mails' wherever the account has chosen none (issue 49 item 16). */
  readonly locale: LocaleCode;
}

/** What the last operation achieved, for the page to say (SPEC §8 success messages). */
export type AccountNoticeKey =
  | typeof ACCOUNT_FEEDBACK.emailSent
  | typeof ACCOUNT_FEEDBACK.dataUpdated
  | typeof ACCOUNT_FEEDBACK.passwordUpdated
  | "account.verification.done"
  | "account.verification.notYet"
  | "account.deletion.done"
  /** Said alike for a new and a known address (issue 48 item 9): the mail tells which it was. */
  | "account.register.checkMail";

interface AccountContext {
  readonly locale: LocaleCode;
  readonly user: AccountUser | null;
  readonly error: AccountErrorKey | undefined;
  readonly notice: AccountNoticeKey | undefined;
}

/** Form events carry payloads already decoded with the schemas of account.schema.ts. */
export type AccountEvent =
  | { type: "SIGN_IN"; payload: SignInPayload }
  | { type: "REQUEST_SIGN_IN_LINK"; payload: SignInLinkRequestPayload }
  | { type: "SIGN_IN_WITH_LINK"; payload: SignInWithLinkPayload }
  | { type: "REGISTER"; payload: SignUpPayload }
  | { type: "REQUEST_PASSWORD_RESET"; payload: PasswordResetRequestPayload }
  | { type: "RESET_PASSWORD"; payload: PasswordResetConfirmPayload }
  | { type: "VERIFY_EMAIL"; payload: EmailVerificationPayload }
  | { type: "RESEND_VERIFICATION" }
  /** The user says they verified (perhaps on another device): ask the provider again. */
  | { type: "CHECK_VERIFICATION" }
  | { type: "SIGN_OUT" }
  | { type: "UPDATE_PROFILE"; payload: ProfileUpdatePayload }
  /** The language preference alone: a pending user may store it too (mails go out in it). */
  | { type: "UPDATE_LANGUAGE"; payload: LanguagePreferencePayload }
  | { type: "UPDATE_PASSWORD"; payload: PasswordUpdatePayload }
  | { type: "DELETE_ACCOUNT" }
  | { type: "CANCEL_DELETION" }
  | { type: "CONFIRM_DELETION" }
  /** Sent by the `watchUser` actor: the provider's user changed outside this machine (another tab, an expired sign-in). */
  | { type: "USER_CHANGED"; user: AccountUser | null };

function unprovided<TOutput, TInput = void>(name: string) {
  return fromPromise<TOutput, TInput>(async () => {
    throw new Error(`${name} must be provided`);
  });
}

/**
 * SPEC §4, §6: an account from the visitor's side. Signed out → registering ('Creating
 * account...') → signed out, told to check the mail; signed out → signing in ('Signing in...'), or
 * by a mailed sign-in link → pending email verification (resend, check again, sign out;
 * nothing else) → verified (profile, password, deletion after a confirmation; permanent), plus the
 * password-reset and verification links. Every effect is a named actor the host provides (from
 * the identity port and the account API); a failure leaves the account where it stood, with the
 * provider's code mapped to an AccountErrorKey.
 */
export const accountMachine = setup({
  types: {
    context: {} as AccountContext,
    events: {} as AccountEvent,
    input: {} as AccountMachineInput,
  },
  actors: {
    watchUser: fromCallback<EventObject>(() => {
      throw new Error("watchUser must be provided");
    }),
    restoreUser: unprovided<AccountUser | null>("restoreUser"),
    signIn: unprovided<AccountUser, SignInPayload>("signIn"),
    /** Mails a sign-in link if the address has an account; answers alike either way. */
    requestSignInLink: unprovided<void, { email: string; locale: LocaleCode }>("requestSignInLink"),
    signInWithLink: unprovided<AccountUser, SignInWithLinkPayload>("signInWithLink"),
    /**
     * Creates the account and its profile (with the privacy consent) and sends the verification
     * mail, or mails a known address's owner instead; answers alike for both and signs no one in.
     */
    register: unprovided<void, { registration: SignUpPayload; locale: LocaleCode }>("register"),
    requestPasswordReset: unprovided<void, { email: string; locale: LocaleCode }>("requestPasswordReset"),
    resetPassword: unprovided<void, PasswordResetConfirmPayload>("resetPassword"),
    /** Applies the link's code; answers with whoever is signed in here now, if anyone. */
    verifyEmail: unprovided<AccountUser | null, EmailVerificationPayload>("verifyEmail"),
    sendVerification: unprovided<void, { locale: LocaleCode }>("sendVerification"),
    reloadUser: unprovided<AccountUser | null>("reloadUser"),
    updateProfile: unprovided<AccountUser, ProfileUpdatePayload>("updateProfile"),
    updateLanguage: unprovided<void, LanguagePreferencePayload>("updateLanguage"),
    updatePassword: unprovided<void, PasswordUpdatePayload>("updatePassword"),
    deleteAccount: unprovided<void>("deleteAccount"),
    signOut: unprovided<void>("signOut"),
  },
  actions: {
    setUser: assign((_, params: { user: AccountUser | null }) => ({ user: params.user })),
    recordFailure: assign((_, params: { error: unknown }) => ({ error: accountErrorOf(params.error) })),
    announce: assign((_, params: { notice: AccountNoticeKey }) => ({ notice: params.notice })),
    clearMessages: assign({ error: undefined, notice: undefined }),
  },
  guards: {
    hasVerifiedUser: ({ context }) => context.user?.emailVerified === true,
    hasUser: ({ context }) => context.user !== null,
    isSameUnverifiedUser: ({ context }, params: { user: AccountUser | null }) =>
      params.user !== null && !params.user.emailVerified && params.user.uid === context.user?.uid,
  },
  delays: {
    verificationResendCooldown: ACCOUNT_SETTINGS.verificationResendCooldownMs,
  },
}).createMachine({
  id: "account",
  context: ({ input }) => ({ locale: input.locale, user: null, error: undefined, notice: undefined }),
  invoke: { src: "watchUser" },
  initial: "restoring",
  states: {
    /** The provider restores a persisted sign-in asynchronously. */
    restoring: {
      invoke: {
        src: "restoreUser",
        onDone: { target: "deciding", actions: { type: "setUser", params: ({ event }) => ({ user: event.output }) } },
        onError: { target: "deciding", actions: { type: "recordFailure", params: ({ event }) => ({ error: event.error }) } },
      },
    },
    /** Where the account stands follows from the user alone. */
    deciding: {
      always: [
        { guard: "hasVerifiedUser", target: "verified" },
        { guard: "hasUser", target: "pendingVerification" },
        { target: "signedOut" },
      ],
    },
    signedOut: {
      on: {
        SIGN_IN: "signingIn",
        REQUEST_SIGN_IN_LINK: "requestingSignInLink",
        SIGN_IN_WITH_LINK: "signingInWithLink",
        REGISTER: "registering",
        REQUEST_PASSWORD_RESET: "requestingPasswordReset",
        RESET_PASSWORD: "resettingPassword",
        VERIFY_EMAIL: "verifyingEmail",
        USER_CHANGED: { target: "deciding", actions: { type: "setUser", params: ({ event }) => ({ user: event.user }) } },
      },
    },
    signingIn: {
      entry: "clearMessages",
      invoke: {
        src: "signIn",
        input: ({ event }) => {
          assertEvent(event, "SIGN_IN");
          return event.payload;
        },
        onDone: { target: "deciding", actions: { type: "setUser", params: ({ event }) => ({ user: event.output }) } },
        onError: { target: "deciding", actions: { type: "recordFailure", params: ({ event }) => ({ error: event.error }) } },
      },
    },
    requestingSignInLink: {
      entry: "clearMessages",
      invoke: {
        src: "requestSignInLink",
        input: ({ context, event }) => {
          assertEvent(event, "REQUEST_SIGN_IN_LINK");
          return { email: event.payload.email, locale: context.locale };
        },
        onDone: { target: "signedOut", actions: { type: "announce", params: { notice: ACCOUNT_FEEDBACK.emailSent } } },
        onError: { target: "deciding", actions: { type: "recordFailure", params: ({ event }) => ({ error: event.error }) } },
      },
    },
    signingInWithLink: {
      entry: "clearMessages",
      invoke: {
        src: "signInWithLink",
        input: ({ event }) => {
          assertEvent(event, "SIGN_IN_WITH_LINK");
          return event.payload;
        },
        onDone: { target: "deciding", actions: { type: "setUser", params: ({ event }) => ({ user: event.output }) } },
        onError: { target: "deciding", actions: { type: "recordFailure", params: ({ event }) => ({ error: event.error }) } },
      },
    },
    registering: {
      entry: "clearMessages",
      invoke: {
        src: "register",
        input: ({ context, event }) => {
          assertEvent(event, "REGISTER");
          return { registration: event.payload, locale: context.locale };
        },
        // Still signed out: the visitor reads in their mail what comes next.
        onDone: { target: "signedOut", actions: { type: "announce", params: { notice: "account.register.checkMail" } } },
        onError: { target: "deciding", actions: { type: "recordFailure", params: ({ event }) => ({ error: event.error }) } },
      },
    },
    requestingPasswordReset: {
      entry: "clearMessages",
      invoke: {
        src: "requestPasswordReset",
        input: ({ context, event }) => {
          assertEvent(event, "REQUEST_PASSWORD_RESET");
          return { email: event.payload.email, locale: context.locale };
        },
        onDone: { target: "signedOut", actions: { type: "announce", params: { notice: ACCOUNT_FEEDBACK.emailSent } } },
        onError: { target: "deciding", actions: { type: "recordFailure", params: ({ event }) => ({ error: event.error }) } },
      },
    },
    resettingPassword: {
      entry: "clearMessages",
      invoke: {
        src: "resetPassword",
        input: ({ event }) => {
          assertEvent(event, "RESET_PASSWORD");
          return event.payload;
        },
        onDone: { target: "signedOut", actions: { type: "announce", params: { notice: ACCOUNT_FEEDBACK.passwordUpdated } } },
        onError: { target: "deciding", actions: { type: "recordFailure", params: ({ event }) => ({ error: event.error }) } },
      },
    },
    verifyingEmail: {
      entry: "clearMessages",
      invoke: {
        src: "verifyEmail",
        input: ({ event }) => {
          assertEvent(event, "VERIFY_EMAIL");
          return event.payload;
        },
        onDone: {
          target: "deciding",
          actions: [
            { type: "setUser", params: ({ event }) => ({ user: event.output }) },
            { type: "announce", params: { notice: "account.verification.done" } },
          ],
        },
        onError: { target: "deciding", actions: { type: "recordFailure", params: ({ event }) => ({ error: event.error }) } },
      },
    },
    /** SPEC §4: the notice with the resend action; purchases and profile changes wait for verification. */
    pendingVerification: {
      on: {
        RESEND_VERIFICATION: "resendingVerification",
        CHECK_VERIFICATION: "checkingVerification",
        VERIFY_EMAIL: "verifyingEmail",
        UPDATE_LANGUAGE: "updatingLanguage",
        SIGN_OUT: "signingOut",
        USER_CHANGED: { target: "deciding", actions: { type: "setUser", params: ({ event }) => ({ user: event.user }) } },
      },
    },
    resendingVerification: {
      entry: "clearMessages",
      invoke: {
        src: "sendVerification",
        input: ({ context }) => ({ locale: context.locale }),
        onDone: { target: "verificationSent", actions: { type: "announce", params: { notice: ACCOUNT_FEEDBACK.emailSent } } },
        onError: { target: "deciding", actions: { type: "recordFailure", params: ({ event }) => ({ error: event.error }) } },
      },
    },
    /** Still pending, a mail just sent: resending rests for a while, so the limit is visible before the provider's 429. */
    verificationSent: {
      after: { verificationResendCooldown: "pendingVerification" },
      on: {
        CHECK_VERIFICATION: "checkingVerification",
        VERIFY_EMAIL: "verifyingEmail",
        SIGN_OUT: "signingOut",
        USER_CHANGED: [
          {
            guard: { type: "isSameUnverifiedUser", params: ({ event }) => ({ user: event.user }) },
            actions: { type: "setUser", params: ({ event }) => ({ user: event.user }) },
          },
          { target: "deciding", actions: { type: "setUser", params: ({ event }) => ({ user: event.user }) } },
        ],
      },
    },
    checkingVerification: {
      entry: "clearMessages",
      invoke: {
        src: "reloadUser",
        onDone: [
          // 'I have verified it' before the link was opened: the button says why nothing changed.
          {
            guard: { type: "isSameUnverifiedUser", params: ({ event }) => ({ user: event.output }) },
            target: "deciding",
            actions: [
              { type: "setUser", params: ({ event }) => ({ user: event.output }) },
              { type: "announce", params: { notice: "account.verification.notYet" } },
            ],
          },
          { target: "deciding", actions: { type: "setUser", params: ({ event }) => ({ user: event.output }) } },
        ],
        onError: { target: "deciding", actions: { type: "recordFailure", params: ({ event }) => ({ error: event.error }) } },
      },
    },
    verified: {
      on: {
        UPDATE_PROFILE: "updatingProfile",
        UPDATE_LANGUAGE: "updatingLanguage",
        UPDATE_PASSWORD: "updatingPassword",
        DELETE_ACCOUNT: "confirmingDeletion",
        SIGN_OUT: "signingOut",
        USER_CHANGED: { target: "deciding", actions: { type: "setUser", params: ({ event }) => ({ user: event.user }) } },
      },
    },
    updatingProfile: {
      entry: "clearMessages",
      invoke: {
        src: "updateProfile",
        input: ({ event }) => {
          assertEvent(event, "UPDATE_PROFILE");
          return event.payload;
        },
        onDone: {
          target: "deciding",
          actions: [
            { type: "setUser", params: ({ event }) => ({ user: event.output }) },
            { type: "announce", params: { notice: ACCOUNT_FEEDBACK.dataUpdated } },
          ],
        },
        onError: { target: "deciding", actions: { type: "recordFailure", params: ({ event }) => ({ error: event.error }) } },
      },
    },
    updatingLanguage: {
      entry: "clearMessages",
      invoke: {
        src: "updateLanguage",
        input: ({ event }) => {
          assertEvent(event, "UPDATE_LANGUAGE");
          return event.payload;
        },
        onDone: { target: "deciding", actions: { type: "announce", params: { notice: ACCOUNT_FEEDBACK.dataUpdated } } },
        onError: { target: "deciding", actions: { type: "recordFailure", params: ({ event }) => ({ error: event.error }) } },
      },
    },
    updatingPassword: {
      entry: "clearMessages",
      invoke: {
        src: "updatePassword",
        input: ({ event }) => {
          assertEvent(event, "UPDATE_PASSWORD");
          return event.payload;
        },
        onDone: { target: "deciding", actions: { type: "announce", params: { notice: ACCOUNT_FEEDBACK.passwordUpdated } } },
        onError: { target: "deciding", actions: { type: "recordFailure", params: ({ event }) => ({ error: event.error }) } },
      },
    },
    /** SPEC §4: the confirmation modal; deletion is permanent. */
    confirmingDeletion: {
      entry: "clearMessages",
      on: {
        CANCEL_DELETION: "verified",
        CONFIRM_DELETION: "deleting",
        USER_CHANGED: { target: "deciding", actions: { type: "setUser", params: ({ event }) => ({ user: event.user }) } },
      },
    },
    deleting: {
      invoke: {
        src: "deleteAccount",
        onDone: {
          target: "signedOut",
          actions: [{ type: "setUser", params: { user: null } }, { type: "announce", params: { notice: "account.deletion.done" } }],
        },
        onError: { target: "deciding", actions: { type: "recordFailure", params: ({ event }) => ({ error: event.error }) } },
      },
    },
    signingOut: {
      entry: "clearMessages",
      invoke: {
        src: "signOut",
        onDone: { target: "signedOut", actions: { type: "setUser", params: { user: null } } },
        onError: { target: "deciding", actions: { type: "recordFailure", params: ({ event }) => ({ error: event.error }) } },
      },
    },
  },
});
