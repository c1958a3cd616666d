import { createActor, fromCallback, fromPromise, type EventObject } from "xstate";
import { describe, expect, it } from "vitest";
import type { AccountUser } from "../../../../../core/domain/account/account.ops";
import { accountMachine, type AccountEvent } from "../../../../../core/domain/account/account.machine";
import { accountView, type AccountView } from "../../../../../core/domain/account/account.view";
import { deferred, flush } from "../../../support/async";

const ANA: AccountUser = { uid: "u-ana", email: "ana@arena.test", emailVerified: false, displayName: "Ana" };
const ANA_VERIFIED: AccountUser = { ...ANA, emailVerified: true };
const SIGN_IN: AccountEvent = { type: "SIGN_IN", payload: { email: "ana@arena.test", password: "secret1" } };

const NOTHING_ALLOWED = {
  canSignIn: false,
  canRegister: false,
  canResetPassword: false,
  canResendVerification: false,
  canCheckVerification: false,
  canSignOut: false,
  canPurchase: false,
  canEditProfile: false,
  canChangeLanguage: false,
  canUpdatePassword: false,
  canDeleteAccount: false,
} satisfies Partial<AccountView>;

/** Restored as `user`; operations answer with `answer` (or never, when it is "hang"). */
async function viewAfter(user: AccountUser | null, events: AccountEvent[], answer: { user?: AccountUser | null; error?: string } | "hang" = "hang") {
  const settle = () =>
    fromPromise<never, unknown>(() => {
      if (answer === "hang") return deferred<never>().promise;
      return answer.error ? Promise.reject({ code: answer.error }) : Promise.resolve(answer.user as never);
    });
  const machine = accountMachine.provide({
    actors: {
      watchUser: fromCallback<EventObject>(() => {}),
      restoreUser: fromPromise(async () => user),
      ...Object.fromEntries(
        ["signIn", "register", "requestPasswordReset", "resetPassword", "verifyEmail", "sendVerification", "reloadUser", "updateProfile", "updateLanguage", "updatePassword", "deleteAccount", "signOut"].map((name) => [name, settle()]),
      ),
    },
  });
  const actor = createActor(machine, { input: { locale: "es" } }).start();
  await flush();
  for (const event of events) {
    actor.send(event);
    await flush();
  }
  return accountView(actor.getSnapshot());
}

describe("accountView", () => {
  it("knows nothing, and offers nothing, until the sign-in is restored", () => {
    const machine = accountMachine.provide({
      actors: { watchUser: fromCallback<EventObject>(() => {}), restoreUser: fromPromise(() => deferred<AccountUser | null>().promise) },
    });
    const view = accountView(createActor(machine, { input: { locale: "es" } }).start().getSnapshot());
    expect(view).toEqual({
      standing: "unknown",
      user: null,
      busy: true,
      progressKey: undefined,
      errorKey: undefined,
      noticeKey: undefined,
      confirmingDeletion: false,
      ...NOTHING_ALLOWED,
    });
  });

  it("offers sign-in, registration and password reset to a visitor", async () => {
    expect(await viewAfter(null, [])).toEqual({
      standing: "signedOut",
      user: null,
      busy: false,
      progressKey: undefined,
      errorKey: undefined,
      noticeKey: undefined,
      confirmingDeletion: false,
      ...NOTHING_ALLOWED,
      canSignIn: true,
      canRegister: true,
      canResetPassword: true,
    });
  });

  it("says 'Signing in...' and 'Creating account...' while those run, and accepts nothing else", async () => {
    const signingIn = await viewAfter(null, [SIGN_IN]);
    expect(signingIn).toMatchObject({ busy: true, progressKey: "account.progress.signingIn", ...NOTHING_ALLOWED });
    const registering = await viewAfter(null, [
      { type: "REGISTER", payload: { name: "Ana", surname: "Puig", email: "ana@arena.test", password: "secret1", passwordConfirmation: "secret1", privacyPolicy: true } },
    ]);
    expect(registering).toMatchObject({ busy: true, progressKey: "account.progress.creatingAccount", ...NOTHING_ALLOWED });
  });

  it("names a progress label for every other operation", async () => {
    expect((await viewAfter(null, [{ type: "REQUEST_PASSWORD_RESET", payload: { email: "ana@arena.test" } }])).progressKey).toBe("account.progress.sendingEmail");
    expect((await viewAfter(ANA, [{ type: "RESEND_VERIFICATION" }])).progressKey).toBe("account.progress.sendingEmail");
    expect((await viewAfter(ANA, [{ type: "CHECK_VERIFICATION" }])).progressKey).toBe("account.progress.checkingVerification");
    expect((await viewAfter(ANA, [{ type: "VERIFY_EMAIL", payload: { code: "c" } }])).progressKey).toBe("account.progress.verifyingEmail");
    expect((await viewAfter(ANA, [{ type: "SIGN_OUT" }])).progressKey).toBe("account.progress.signingOut");
    expect((await viewAfter(ANA_VERIFIED, [{ type: "DELETE_ACCOUNT" }, { type: "CONFIRM_DELETION" }])).progressKey).toBe("account.progress.deletingAccount");
    const update = { currentPassword: "secret1", newPassword: "secret22", newPasswordConfirmation: "secret22" };
    expect((await viewAfter(ANA_VERIFIED, [{ type: "UPDATE_PASSWORD", payload: update }])).progressKey).toBe("account.progress.saving");
  });

  it("limits a user pending verification to resending, checking, the language preference and signing out", async () => {
    const view = await viewAfter(ANA, []);
    expect(view).toMatchObject({
      standing: "pendingVerification",
      user: ANA,
      busy: false,
      ...NOTHING_ALLOWED,
      canResendVerification: true,
      canCheckVerification: true,
      canChangeLanguage: true,
      canSignOut: true,
    });
    const saving = await viewAfter(ANA, [{ type: "UPDATE_LANGUAGE", payload: { preferredLanguage: "en" } }]);
    expect(saving).toMatchObject({ standing: "pendingVerification", busy: true, progressKey: "account.progress.saving" });
  });

  it("rests the resend after a mail, and says it was sent", async () => {
    const view = await viewAfter(ANA, [{ type: "RESEND_VERIFICATION" }], { user: undefined });
    expect(view).toMatchObject({ standing: "pendingVerification", noticeKey: "feedback.success.emailSent", canResendVerification: false, canCheckVerification: true, canSignOut: true });
  });

  it("lets a verified user buy, edit the profile, change the password, delete the account and sign out", async () => {
    const view = await viewAfter(ANA_VERIFIED, []);
    expect(view).toMatchObject({
      standing: "verified",
      ...NOTHING_ALLOWED,
      canSignOut: true,
      canPurchase: true,
      canEditProfile: true,
      canChangeLanguage: true,
      canUpdatePassword: true,
      canDeleteAccount: true,
    });
  });

  it("keeps the standing while an operation runs, and disables the forms", async () => {
    const payload = { name: "Ana", surname: "Puig", phone: "600000000", birthdate: "1990-01-01", address: "C/ Major 1", preferredLanguage: "es" } as const;
    const view = await viewAfter(ANA_VERIFIED, [{ type: "UPDATE_PROFILE", payload }]);
    expect(view).toMatchObject({ standing: "verified", busy: true, progressKey: "account.progress.saving", ...NOTHING_ALLOWED, canPurchase: true });
  });

  it("opens the deletion modal, with nothing else to do but answer it", async () => {
    const view = await viewAfter(ANA_VERIFIED, [{ type: "DELETE_ACCOUNT" }]);
    expect(view).toMatchObject({ standing: "verified", confirmingDeletion: true, busy: false, ...NOTHING_ALLOWED, canPurchase: true });
  });

  it("shows the failure's message where the account still stands", async () => {
    const view = await viewAfter(null, [SIGN_IN], { error: "auth/user-not-found" });
    expect(view).toMatchObject({ standing: "signedOut", errorKey: "account.error.userNotFound", busy: false, canSignIn: true });
  });

  it("says the account was deleted", async () => {
    const view = await viewAfter(ANA_VERIFIED, [{ type: "DELETE_ACCOUNT" }, { type: "CONFIRM_DELETION" }], { user: undefined });
    expect(view).toMatchObject({ standing: "signedOut", user: null, noticeKey: "account.deletion.done", canSignIn: true });
  });
});
