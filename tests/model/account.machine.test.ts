import type { AnyEventObject, InspectionEvent } from "xstate";
import { describe, expect, it } from "vitest";
import type { AccountUser } from "../../core/domain/account/account.ops";
import { ACCOUNT_SETTINGS, accountMachine, type AccountEvent } from "../../core/domain/account/account.machine";
import { accountView } from "../../core/domain/account/account.view";
import { flush } from "../unit/support/async";
import { heldAccount, type HeldCall } from "../unit/support/held-account";
import { allStates, delayName, doneEvent, errorEvent, reachedStates, replay, shortestPaths, transientStates, type ModelPath } from "./support";

const LOCALE = "val" as const;
const ANA: AccountUser = { uid: "u-ana", email: "ana@arena.test", emailVerified: false, displayName: "Ana Puig" };
const ANA_VERIFIED: AccountUser = { ...ANA, emailVerified: true };
const ANA_RENAMED: AccountUser = { ...ANA_VERIFIED, displayName: "Anna Puig" };

const FORMS = {
  SIGN_IN: { email: "ana@arena.test", password: "secret1" },
  REGISTER: { name: "Ana", surname: "Puig", email: "ana@arena.test", password: "secret1", passwordConfirmation: "secret1", privacyPolicy: true },
  REQUEST_PASSWORD_RESET: { email: "ana@arena.test" },
  REQUEST_SIGN_IN_LINK: { email: "ana@arena.test" },
  SIGN_IN_WITH_LINK: { code: "oob-sign-in", email: "ana@arena.test" },
  RESET_PASSWORD: { code: "oob-reset", newPassword: "secret22", newPasswordConfirmation: "secret22" },
  VERIFY_EMAIL: { code: "oob-verify" },
  UPDATE_PROFILE: { name: "Anna", surname: "Puig", phone: "+34 600 000 000", birthdate: "1990-06-15", address: "C/ Major 1", preferredLanguage: "en" },
  UPDATE_PASSWORD: { currentPassword: "secret1", newPassword: "secret22", newPasswordConfirmation: "secret22" },
  UPDATE_LANGUAGE: { preferredLanguage: "en" },
} as const;

/** One failure the user can do something about, and one the provider does not explain. */
const FAILURES = [{ code: "auth/too-many-requests" }, new Error("socket hang up")];

const done = (state: string, ...outputs: unknown[]) => outputs.map((output) => ({ type: doneEvent(accountMachine, `account.${state}`), output }));
const failed = (state: string) => FAILURES.map((error) => ({ type: errorEvent(accountMachine, `account.${state}`), error }));

const EVENTS: AnyEventObject[] = [
  ...Object.entries(FORMS).map(([type, payload]) => ({ type, payload })),
  ...[null, ANA, ANA_VERIFIED].map((user) => ({ type: "USER_CHANGED", user })),
  ...done("restoring", null, ANA, ANA_VERIFIED),
  ...done("signingIn", ANA, ANA_VERIFIED),
  ...done("signingInWithLink", ANA_VERIFIED),
  ...done("registering", undefined),
  ...done("verifyingEmail", null, ANA_VERIFIED),
  ...done("checkingVerification", ANA, ANA_VERIFIED),
  ...done("updatingProfile", ANA_RENAMED),
  ...done("updatingLanguage", undefined),
  ...["restoring", "signingIn", "requestingSignInLink", "signingInWithLink", "registering", "requestingPasswordReset", "resettingPassword", "verifyingEmail", "resendingVerification"].flatMap(failed),
  ...["checkingVerification", "updatingProfile", "updatingLanguage", "updatingPassword", "deleting", "signingOut"].flatMap(failed),
];

// The context is small (the user, one error, one notice), so states are told apart by value and context.
const paths = shortestPaths(accountMachine, { input: { locale: LOCALE }, events: EVENTS });

/** The provider call each operation state makes, and the input it must receive given the event that entered it. */
const OPERATIONS: Record<string, { actor: string; input: (event: AnyEventObject) => unknown }> = {
  restoring: { actor: "restoreUser", input: () => undefined },
  signingIn: { actor: "signIn", input: (event) => event.payload },
  registering: { actor: "register", input: (event) => ({ registration: event.payload, locale: LOCALE }) },
  requestingPasswordReset: { actor: "requestPasswordReset", input: (event) => ({ email: event.payload.email, locale: LOCALE }) },
  requestingSignInLink: { actor: "requestSignInLink", input: (event) => ({ email: event.payload.email, locale: LOCALE }) },
  signingInWithLink: { actor: "signInWithLink", input: (event) => event.payload },
  resettingPassword: { actor: "resetPassword", input: (event) => event.payload },
  verifyingEmail: { actor: "verifyEmail", input: (event) => event.payload },
  resendingVerification: { actor: "sendVerification", input: () => ({ locale: LOCALE }) },
  checkingVerification: { actor: "reloadUser", input: () => undefined },
  updatingProfile: { actor: "updateProfile", input: (event) => event.payload },
  updatingLanguage: { actor: "updateLanguage", input: (event) => event.payload },
  updatingPassword: { actor: "updatePassword", input: (event) => event.payload },
  deleting: { actor: "deleteAccount", input: () => undefined },
  signingOut: { actor: "signOut", input: () => undefined },
};

/** A real actor whose provider calls are settled as the model's done/error events say, on a simulated clock. */
function harness(inspect: (event: InspectionEvent) => void) {
  const { actor, clock, calls, userChanged } = heldAccount(LOCALE, inspect);
  return {
    calls,
    snapshot: () => actor.getSnapshot(),
    perform: async (event: AnyEventObject) => {
      if (event.type === "USER_CHANGED") userChanged(event.user as AccountUser | null);
      else if (!event.type.startsWith("xstate.")) actor.send(event as AccountEvent);
      else if (event.type.startsWith("xstate.done.actor.")) calls.at(-1)?.answer.resolve(event.output);
      else if (event.type.startsWith("xstate.error.actor.")) calls.at(-1)?.answer.reject(event.error);
      else if (delayName(event) === "verificationResendCooldown") clock.increment(ACCOUNT_SETTINGS.verificationResendCooldownMs);
      else throw new Error(`unexpected model event ${event.type}`);
      await flush();
    },
  };
}

/** Whether the machine takes each of the UI's events now, by the model's own transitions. */
function accepts(snapshot: ModelPath["state"]) {
  const can = (type: string) => snapshot.can({ type, ...(type in FORMS ? { payload: FORMS[type as keyof typeof FORMS] } : {}) });
  return {
    canSignIn: can("SIGN_IN"),
    canRegister: can("REGISTER"),
    canResetPassword: can("REQUEST_PASSWORD_RESET") && can("RESET_PASSWORD"),
    canResendVerification: can("RESEND_VERIFICATION"),
    canCheckVerification: can("CHECK_VERIFICATION"),
    canSignOut: can("SIGN_OUT"),
    canEditProfile: can("UPDATE_PROFILE"),
    canChangeLanguage: can("UPDATE_LANGUAGE"),
    canUpdatePassword: can("UPDATE_PASSWORD"),
    canDeleteAccount: can("DELETE_ACCOUNT"),
  };
}

describe("account machine model", () => {
  it("reaches every resting state, and passes through the transient one", async () => {
    expect(transientStates(accountMachine)).toEqual(["deciding"]);
    expect(reachedStates(paths)).toEqual(allStates(accountMachine).filter((state) => state !== "deciding"));

    const visited = new Set<string>();
    for (const path of paths) {
      for (const state of await replay(path, harness, () => {})) visited.add(state);
    }
    expect([...visited].sort()).toEqual(allStates(accountMachine));
  });

  it("learns that an email is verified only from the provider, never from the page's own events", () => {
    for (const path of paths) {
      path.steps.forEach(({ state, event }, index) => {
        const before = path.steps[index - 1]?.state.context.user?.emailVerified === true;
        if (before || state.context.user?.emailVerified !== true) return;
        expect(event.type.startsWith("xstate.done.actor.") || event.type === "USER_CHANGED", event.type).toBe(true);
      });
    }
  });

  it("keeps a user pending verification away from purchases and profile changes on every path", () => {
    for (const path of paths) {
      for (const { state } of path.steps) {
        if (state.context.user?.emailVerified === true) continue;
        const view = accountView(state);
        expect(view.canPurchase || view.canEditProfile || view.canUpdatePassword || view.canDeleteAccount, String(state.value)).toBe(false);
      }
    }
  });

  it("behaves like its model along every shortest path: same snapshot, same view, provider called once per operation", async () => {
    for (const path of paths) {
      let calls: HeldCall[] = [];
      let operations = 0;
      await replay(
        path,
        (inspect) => {
          const made = harness(inspect);
          calls = made.calls;
          return made;
        },
        (real, model, event) => {
          expect(real.value).toEqual(model.value);
          expect(real.status).toBe(model.status);
          expect(real.context).toEqual(model.context);
          const view = accountView(real);
          expect(view).toEqual(accountView(model as typeof real));
          // The view offers exactly what the machine accepts.
          expect(view).toMatchObject(accepts(model));
          // Entering an operation starts its provider call, with the form's payload and the page's language; nothing else calls the provider.
          const operation = OPERATIONS[String(model.value)];
          if (operation) {
            operations += 1;
            expect(calls.at(-1)?.actor).toBe(operation.actor);
            expect(calls.at(-1)?.input).toEqual(operation.input(event));
          }
          expect(calls).toHaveLength(operations);
        },
      );
    }
  });
});
