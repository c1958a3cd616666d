import { fromCallback, fromPromise, type EventObject } from "xstate";
import { displayNameOf } from "../../../core";
import type {
  AccountUser,
  EmailVerificationPayload,
  LanguagePreferencePayload,
  LocaleCode,
  PasswordResetConfirmPayload,
  PasswordUpdatePayload,
  ProfileUpdatePayload,
  SignInPayload,
  SignInWithLinkPayload,
  SignUpPayload,
  UserProfile,
} from "../../../core";
import type { AccountServices } from "../../../composition/account-browser";

export interface AccountActorHooks {
  /** The profile as the server stored it after an update. */
  readonly onProfileSaved?: (profile: UserProfile) => void;
}

/**
 * Failures of this site's API told in the account error set's words where one fits: the machine
 * shows `accountErrorOf(error)`, which knows provider codes, not the API client's.
 */
function accountFailure(error: unknown): unknown {
  const code = typeof error === "object" && error !== null && "code" in error ? error.code : undefined;
  const status = typeof error === "object" && error !== null && "status" in error ? error.status : undefined;
  if (code === "network" || (status === undefined && code !== undefined)) return { code: "network-request-failed", cause: error };
  if (status === 429) return { code: "too-many-requests", cause: error };
  return error;
}

async function api<T>(services: () => AccountServices, path: string, request: Parameters<AccountServices["api"]["request"]>[1]): Promise<T> {
  try {
    return await services().api.request<T>(path, request);
  } catch (error) {
    throw accountFailure(error);
  }
}

/**
 * The account machine's actors on the browser's ports: the identity provider (loaded on first use,
 * so only the pages that use this load it) and the account API (`/api/account`, authenticated by
 * the `__session` cookie the identity adapter keeps current).
 */
export function accountActors(services: () => AccountServices, hooks: AccountActorHooks = {}) {
  const identity = () => services().identity();
  return {
    watchUser: fromCallback<EventObject>(({ sendBack }) => {
      let stopped = false;
      let unsubscribe: (() => void) | undefined;
      identity().then(
        (port) => {
          if (!stopped) unsubscribe = port.onUserChanged((user) => sendBack({ type: "USER_CHANGED", user }));
        },
        // restoreUser reports the same failure.
        () => {},
      );
      return () => {
        stopped = true;
        unsubscribe?.();
      };
    }),
    restoreUser: fromPromise<AccountUser | null, void>(async () => (await identity()).currentUser()),
    signIn: fromPromise<AccountUser, SignInPayload>(async ({ input }) => (await identity()).signIn(input.email, input.password)),
    // The provider stores a new account's profile with the consent: nobody is signed in to do it here.
    register: fromPromise<void, { registration: SignUpPayload; locale: LocaleCode }>(async ({ input }) => {
      const { name, surname, email, password } = input.registration;
      await (await identity()).signUp({ email, password, name, surname, privacyPolicy: true }, input.locale);
    }),
    requestSignInLink: fromPromise<void, { email: string; locale: LocaleCode }>(async ({ input }) => (await identity()).requestSignInLink(input.email, input.locale)),
    signInWithLink: fromPromise<AccountUser, SignInWithLinkPayload>(async ({ input }) => (await identity()).signInWithLink(input.code, input.email)),
    requestPasswordReset: fromPromise<void, { email: string; locale: LocaleCode }>(async ({ input }) =>
      (await identity()).requestPasswordReset(input.email, input.locale),
    ),
    resetPassword: fromPromise<void, PasswordResetConfirmPayload>(async ({ input }) => (await identity()).confirmPasswordReset(input.code, input.newPassword)),
    verifyEmail: fromPromise<AccountUser | null, EmailVerificationPayload>(async ({ input }) => {
      const port = await identity();
      await port.verifyEmail(input.code);
      return port.currentUser();
    }),
    sendVerification: fromPromise<void, { locale: LocaleCode }>(async ({ input }) => (await identity()).sendVerification(input.locale)),
    reloadUser: fromPromise<AccountUser | null, void>(async () => (await identity()).reloadUser()),
    updateProfile: fromPromise<AccountUser, ProfileUpdatePayload>(async ({ input }) => {
      const { profile } = await api<{ profile: UserProfile }>(services, "/api/account/profile", { method: "PUT", body: input });
      hooks.onProfileSaved?.(profile);
      return (await identity()).updateProfile({ displayName: displayNameOf(input.name, input.surname) });
    }),
    updateLanguage: fromPromise<void, LanguagePreferencePayload>(async ({ input }) => {
      const { profile } = await api<{ profile: UserProfile }>(services, "/api/account/profile", { method: "PATCH", body: input });
      hooks.onProfileSaved?.(profile);
    }),
    updatePassword: fromPromise<void, PasswordUpdatePayload>(async ({ input }) => (await identity()).updatePassword(input.currentPassword, input.newPassword)),
    deleteAccount: fromPromise<void, void>(async () => (await identity()).deleteAccount()),
    signOut: fromPromise<void, void>(async () => (await identity()).signOut()),
  };
}
